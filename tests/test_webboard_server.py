"""The web board's HTTP side through aiohttp's test client: the page's files, logins, the state,
presses (through the real app: the session's user at the session's table) and the event stream.

The app side of the board (``App.web_state``, ``App.changes``) is :class:`BoardSide`; every
press goes through the real :class:`~bot.app.App` on the memory store.
"""

from __future__ import annotations

import asyncio
import json
import logging
import subprocess
import sys
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer
from test_app_support import Dice
from webboard_support import BoardSide, init_data, next_event, settle

from bot.app import App, Reply, SendBoard, SendText, Toast, Update, User
from bot.app.payload import parse_payload
from bot.i18n import t
from bot.observability import Metrics, OpsServer
from bot.store import MemoryStore, TableKey
from bot.web import size
from bot.web.auth import BoardKeys, open_session, sign_start
from bot.web.server import WebBoard

ROOT = Path(__file__).resolve().parent.parent
TOKEN = "123456789:AAE-test-token_for-the-web-board-0123456"
KEYS = BoardKeys.from_token(TOKEN)
GROUP = TableKey("telegram", "-1001")
OTHER = TableKey("telegram", "-1002")
START_TIME = 1_760_000_000.0
ALICE = {"id": 101, "first_name": "Alice", "language_code": "en"}
BOB = {"id": 102, "first_name": "Bob", "last_name": "B", "language_code": "ru-RU"}


@dataclass
class Served:
    client: TestClient[Any, Any] | aiohttp.ClientSession
    board: WebBoard
    side: BoardSide
    app: App
    now: list[float] = field(default_factory=lambda: [START_TIME])
    delivered: list[tuple[TableKey, list[Reply]]] = field(default_factory=list)

    async def login(
        self, user: dict[str, Any], table: TableKey = GROUP, **extra: str
    ) -> aiohttp.ClientResponse:
        start = sign_start(table, KEYS)
        data = init_data(TOKEN, user, self.now[0] - 5, **extra)
        return await self.client.post("/board/api/login", json={"initData": data, "start": start})

    async def token(self, user: dict[str, Any], table: TableKey = GROUP) -> str:
        answer = await self.login(user, table)
        assert answer.status == 200, await answer.text()
        return str((await answer.json())["token"])

    async def deliver(self, key: TableKey, replies: Sequence[Reply]) -> None:
        self.delivered.append((key, list(replies)))


@asynccontextmanager
async def served(heartbeat: float = 15.0) -> AsyncIterator[Served]:
    store = MemoryStore()
    app = App(store, dice=Dice(3))
    side = BoardSide(app)
    now = [START_TIME]
    board = WebBoard(side, store, token=TOKEN, heartbeat=heartbeat, clock=lambda: now[0])
    web_app = web.Application()
    board.install(web_app)
    async with TestClient(TestServer(web_app)) as client:
        yield Served(client, board, side, app, now)


@asynccontextmanager
async def served_by_the_bot(heartbeat: float = 15.0) -> AsyncIterator[Served]:
    """As :func:`served`, on the bot's own HTTP server (:class:`OpsServer`) over real HTTP:
    unlike aiohttp's test server, it does not cancel a handler whose client went away."""
    store = MemoryStore()
    app = App(store, dice=Dice(3))
    side = BoardSide(app)
    now = [START_TIME]
    board = WebBoard(side, store, token=TOKEN, heartbeat=heartbeat, clock=lambda: now[0])
    ops = OpsServer(Metrics(process=False), store, port=0, routes=[board.install])
    port = await ops.start()
    try:
        async with aiohttp.ClientSession(f"http://127.0.0.1:{port}") as client:
            yield Served(client, board, side, app, now)
    finally:
        await board.close()
        await ops.stop()


async def open_lobby(app: App, key: TableKey = GROUP) -> str:
    """Alice opens a lobby for a 1-point match in the chat; the payload of its Join button."""
    alice = User("telegram", "101", "Alice", "en")
    replies = await app.handle(Update(key, alice, "tg-1", text="/new 1"))
    for reply in replies:
        if isinstance(reply, SendText):
            for row in reply.buttons:
                for button in row:
                    if parse_payload(button.payload).action == "join":
                        return button.payload
    raise AssertionError(f"no Join button in {replies}")


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


# -- the page -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "kind"),
    [
        ("/board/", "text/html"),
        ("/board/static/index.html", "text/html"),
        ("/board/static/board.js", "text/javascript"),
        ("/board/static/board.css", "text/css"),
        ("/board/static/discord.js", "text/javascript"),
    ],
)
async def test_the_page_files_are_served_with_their_types(path: str, kind: str) -> None:
    async with served() as s:
        answer = await s.client.get(path)
        assert answer.status == 200
        assert answer.headers["Content-Type"].startswith(kind)
        assert answer.headers["X-Content-Type-Options"] == "nosniff"
        body = await answer.read()
        name = "index.html" if path == "/board/" else path.rsplit("/", 1)[1]
        assert body == (ROOT / "bot" / "web" / "static" / name).read_bytes()
        again = await s.client.get(path, headers={"If-None-Match": answer.headers["ETag"]})
        assert again.status == 304


async def test_the_page_loads_its_module_and_telegrams_script_only() -> None:
    async with served() as s:
        answer = await s.client.get("/board/")
        html = await answer.text()
        policy = answer.headers["Content-Security-Policy"]
        assert "script-src 'self' https://telegram.org" in policy
        assert '<script src="https://telegram.org/js/telegram-web-app.js"></script>' in html
        assert '<script type="module" src="static/board.js"></script>' in html
        redirect = await s.client.get("/board", allow_redirects=False)
        assert redirect.status == 308 and redirect.headers["Location"] == "/board/"


@pytest.mark.parametrize(
    "path",
    [
        "/board/static/nothing.js",
        "/board/static/..%2Fserver.py",
        "/board/static/size.py",
        "/board/x",
    ],
)
async def test_nothing_else_is_served(path: str) -> None:
    async with served() as s:
        assert (await s.client.get(path)).status == 404


async def test_the_page_weighs_under_its_budget_gzipped() -> None:
    total = size.gzipped_total()
    assert 0 < total <= size.BUDGET
    assert set(size.sizes()) == {"index.html", "board.js", "board.css", "discord.js"}
    async with served() as s:
        answer = await s.client.get("/board/static/board.js", headers={"Accept-Encoding": "gzip"})
        assert answer.headers.get("Content-Encoding") == "gzip"
    out = subprocess.run(
        [sys.executable, "-m", "bot.web.size"], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0 and "within the budget of 150 KB gzipped" in out.stdout


async def test_the_pages_words_come_in_the_users_language() -> None:
    async with served() as s:
        words = await (await s.client.get("/board/api/words?lang=ru-RU")).json()
        assert words["connecting"] == t("ru", "web-page-connecting")
        assert words["pips"] == t("ru", "app-board-pips")
        english = await (await s.client.get("/board/api/words?lang=xx")).json()
        assert english["closed"] == t("en", "web-page-closed")
        assert english["offline"] == t("en", "web-page-offline")


# -- logging in ---------------------------------------------------------------------------------


async def test_a_login_answers_a_session_for_the_table_of_the_start_parameter() -> None:
    async with served() as s:
        answer = await s.login(BOB)
        assert answer.status == 200
        data = await answer.json()
        assert data["table"] == GROUP.tag and data["user"] == "telegram:102"
        assert data["name"] == "Bob B" and data["lang"] == "ru"
        session = open_session(data["token"], KEYS, now=START_TIME, table=GROUP.tag)
        assert session.user == "telegram:102" and session.expires == data["expires"]


async def test_a_login_is_refused_for_forged_stale_or_replayed_data() -> None:
    async with served() as s:
        start = sign_start(GROUP, KEYS)
        assert start is not None

        async def login(data: str, start: str | None = start) -> int:
            answer = await s.client.post(
                "/board/api/login", json={"initData": data, "start": start}
            )
            return answer.status

        good = init_data(TOKEN, ALICE, START_TIME)
        assert await login(init_data("42:other-token", ALICE, START_TIME)) == 401
        assert await login(good.replace("Alice", "Alicf")) == 401
        assert await login(init_data(TOKEN, ALICE, START_TIME - 3601)) == 401
        assert await login(init_data(TOKEN, ALICE, START_TIME + 3600)) == 401
        assert await login(good, start[:-1] + ("A" if start[-1] != "A" else "B")) == 401
        assert await login(good, None) == 401
        assert await login(good, sign_start(TableKey("discord", "5"), KEYS)) == 401
        assert await login(good) == 200
        assert await login(good) == 401  # the same initData again
        bad = await s.client.post("/board/api/login", data=b"not json")
        assert bad.status == 400
        big = await s.client.post("/board/api/login", data=b"x" * 10_000)
        assert big.status == 413


# -- the state ----------------------------------------------------------------------------------


async def test_the_state_is_the_apps_for_the_sessions_user_and_language() -> None:
    async with served() as s:
        await open_lobby(s.app)
        token = await s.token(BOB)
        answer = await s.client.get("/board/api/state", headers=bearer(token))
        assert answer.status == 200
        state = await answer.json()
        assert state["table"] == GROUP.tag and state["lang"] == "ru"
        assert state["seats"] == [{"ref": "telegram:101", "name": "Alice", "you": False}]
        alice = await s.token(ALICE)
        mine = await (await s.client.get("/board/api/state", headers=bearer(alice))).json()
        assert mine["seats"][0]["you"] is True and mine["lang"] == "en"


async def test_no_table_no_session_and_bad_sessions() -> None:
    async with served() as s:
        token = await s.token(BOB, OTHER)
        assert (await s.client.get("/board/api/state", headers=bearer(token))).status == 404
        await open_lobby(s.app, OTHER)
        assert (await s.client.get("/board/api/state", headers=bearer(token))).status == 200
        assert (await s.client.get("/board/api/state")).status == 401
        tampered = token[:-2] + ("AA" if token[-2:] != "AA" else "BB")
        assert (await s.client.get("/board/api/state", headers=bearer(tampered))).status == 401
        # a session for table A used for table B
        elsewhere = f"/board/api/state?table={GROUP.tag}"
        assert (await s.client.get(elsewhere, headers=bearer(token))).status == 401
        mine = f"/board/api/state?table={OTHER.tag}"
        assert (await s.client.get(mine, headers=bearer(token))).status == 200
        s.now[0] += 24 * 3600  # the session is over
        assert (await s.client.get("/board/api/state", headers=bearer(token))).status == 401


# -- pressing -----------------------------------------------------------------------------------


async def test_a_press_is_the_sessions_user_at_the_sessions_table() -> None:
    async with served() as s:
        s.board.deliver_to["telegram"] = s.deliver
        join = await open_lobby(s.app)
        await s.app.board_posted(GROUP, "77", 1)
        token = await s.token(BOB)
        answer = await s.client.post(
            "/board/api/press", json={"payload": join}, headers=bearer(token)
        )
        assert answer.status == 200
        data = await answer.json()
        assert data["toasts"] == []
        update = s.side.updates[-1]
        assert update.table == GROUP and update.button == join
        assert update.user == User("telegram", "102", "Bob B", "ru")
        assert update.update_id.startswith("web:") and len(update.update_id) == 20
        facts = await s.app.facts(GROUP)
        assert facts is not None and "telegram:102" in facts.seats
        assert update.message == facts.board_message
        assert data["state"]["version"] == facts.version
        assert [seat["ref"] for seat in data["state"]["seats"]] == list(facts.seats)
        # what the chat is shown goes to the platform's delivery, not to the page
        await settle(s.board)
        assert [key for key, _ in s.delivered] == [GROUP]
        assert s.delivered[0][1] and not any(isinstance(r, Toast) for r in s.delivered[0][1])


async def test_refusals_are_answered_to_the_page() -> None:
    async with served() as s:
        s.board.deliver_to["telegram"] = s.deliver
        join = await open_lobby(s.app)
        token = await s.token(ALICE)  # Alice is seated already
        answer = await s.client.post(
            "/board/api/press", json={"payload": join}, headers=bearer(token)
        )
        data = await answer.json()
        assert answer.status == 200 and len(data["toasts"]) == 1 and data["toasts"][0]
        await settle(s.board)
        assert s.delivered == [(GROUP, [])]  # nothing for the chat (its delivery is still called)
        for payload in ["", "x" * 65, 5, None, "é"]:
            bad = await s.client.post(
                "/board/api/press", json={"payload": payload}, headers=bearer(token)
            )
            assert bad.status == 400
        unsigned = await s.client.post("/board/api/press", json={"payload": join})
        assert unsigned.status == 401


async def test_replies_for_a_platform_without_delivery_are_dropped_and_logged(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async with served() as s:
        join = await open_lobby(s.app)
        token = await s.token(BOB)
        with caplog.at_level(logging.INFO, logger="bot.web"):
            answer = await s.client.post(
                "/board/api/press", json={"payload": join}, headers=bearer(token)
            )
        assert answer.status == 200
        facts = await s.app.facts(GROUP)
        assert facts is not None and "telegram:102" in facts.seats
        assert s.board.delivering == 0
        assert any("no delivery for telegram" in r.getMessage() for r in caplog.records)


async def test_deliveries_of_one_table_come_one_after_another() -> None:
    async with served() as s:
        order: list[str] = []
        shown: list[Reply] = []
        gate = asyncio.Event()

        async def slow(key: TableKey, replies: Sequence[Reply]) -> None:
            order.append(f"start {len(order)}")
            shown.extend(replies)
            await gate.wait()
            order.append("end")

        s.board.deliver_to["telegram"] = slow
        join = await open_lobby(s.app)
        bob, alice = await s.token(BOB), await s.token(ALICE)
        await s.client.post("/board/api/press", json={"payload": join}, headers=bearer(bob))
        # Bob's seat begins the game: its board's Roll, pressed by Alice
        roll = next(
            b.payload
            for r in shown
            if isinstance(r, SendBoard)
            for row in r.buttons
            for b in row
            if parse_payload(b.payload).action == "roll"
        )
        await s.client.post("/board/api/press", json={"payload": roll}, headers=bearer(alice))
        for _ in range(100):
            await asyncio.sleep(0)
        assert order == ["start 0"]  # the second batch waits for the first
        gate.set()
        await settle(s.board)
        assert order == ["start 0", "end", "start 2", "end"]


# -- the event stream ---------------------------------------------------------------------------


async def test_the_stream_sends_the_state_then_each_change() -> None:
    async with served(heartbeat=0.02) as s:
        join = await open_lobby(s.app)
        spectator = await s.token({"id": 105, "first_name": "Eve"})
        stream = await s.client.get("/board/api/events", params={"token": spectator})
        assert stream.status == 200
        assert stream.headers["Content-Type"] == "text/event-stream"
        name, data = await next_event(stream)
        first = json.loads(data)
        assert name == "state" and first["table"] == GROUP.tag
        bob = await s.token(BOB)
        await s.client.post("/board/api/press", json={"payload": join}, headers=bearer(bob))
        while True:
            name, data = await next_event(stream)
            if name == "state":
                break
            assert name == "comment" and data == "heartbeat"
        changed = json.loads(data)
        assert changed["version"] > first["version"]
        assert "telegram:102" in [seat["ref"] for seat in changed["seats"]]
        stream.close()


async def test_a_step_that_keeps_the_tables_version_reaches_the_stream_too() -> None:
    """At a frugal table (a Telegram group) a step is shown to its presser alone and the table
    keeps its version (its chat keyboard stays valid): the app announces that version again,
    and the pages following the table get the state with the step in the play being built."""
    store = MemoryStore()
    app = App(store, dice=Dice(3))
    now = [START_TIME]
    board = WebBoard(app, store, token=TOKEN, clock=lambda: now[0])  # the real app's changes
    web_app = web.Application()
    board.install(web_app)
    async with TestClient(TestServer(web_app)) as client:
        s = Served(client, board, BoardSide(app), app, now)
        join = await open_lobby(app)
        people = {"telegram:101": ALICE, "telegram:102": BOB}
        bob = User("telegram", "102", "Bob B", "ru")
        await app.handle(Update(GROUP, bob, "tg-2", button=join, frugal=True))
        for n in range(5):  # the rolls, pressed in the chat, until a player has a play to make
            facts = await app.facts(GROUP)
            assert facts is not None and facts.in_play
            ref = facts.to_act[0] if facts.to_act else facts.seats[0]
            state = await app.web_state(GROUP, ref, "en")
            assert state is not None
            if state["steps"]:
                break
            roll = next(a["payload"] for a in state["actions"] if a["kind"] == "roll")
            user = User("telegram", ref.partition(":")[2], "", "en")
            await app.handle(Update(GROUP, user, f"tg-roll-{n}", button=roll, frugal=True))
        watcher = await s.token({"id": 105, "first_name": "Eve"})
        stream = await client.get("/board/api/events", params={"token": watcher})
        name, data = await next_event(stream)
        before = json.loads(data)
        assert name == "state" and before["built"] == []
        mover = await s.token(people[ref])
        assert state is not None
        step = state["steps"][0]
        answer = await client.post(
            "/board/api/press", json={"payload": step["payload"]}, headers=bearer(mover)
        )
        pressed = await answer.json()
        assert pressed["toasts"]  # the play so far, told to the presser
        assert pressed["state"]["version"] == before["version"]
        name, data = await next_event(stream)
        after = json.loads(data)
        assert name == "state" and after["version"] == before["version"]
        assert after["built"] == [[step["from"], step["to"]]]
        stream.close()


async def test_the_stream_beats_and_ends_with_the_session_or_the_server() -> None:
    async with served(heartbeat=0.01) as s:
        await open_lobby(s.app)
        token = await s.token(BOB)
        stream = await s.client.get(f"/board/api/events?token={token}&table={GROUP.tag}")
        assert (await next_event(stream))[0] == "state"
        assert await next_event(stream) == ("comment", "heartbeat")
        s.now[0] += 24 * 3600
        while (await next_event(stream))[0] != "end":
            pass
        assert s.side.listening(GROUP) == 0
        s.now[0] = START_TIME
        other = await s.client.get("/board/api/events", params={"token": token})
        assert (await next_event(other))[0] == "state"
        await s.board.close()
        while (await next_event(other))[0] != "end":
            pass
        assert (await s.client.get("/board/api/events")).status == 401
        elsewhere = await s.client.get(
            "/board/api/events", params={"token": token, "table": OTHER.tag}
        )
        assert elsewhere.status == 401


async def test_a_page_that_goes_away_ends_its_stream_at_once() -> None:
    """A page closed (its connection ends) stops following the table then, not at the next
    heartbeat (a minute away here): its stream ends and its subscription to the table's
    changes with it, while another page's stream on the same table goes on."""
    async with served_by_the_bot(heartbeat=60.0) as s:
        join = await open_lobby(s.app)
        token = await s.token(BOB)
        staying = await s.client.get("/board/api/events", params={"token": token})
        leaving = await s.client.get("/board/api/events", params={"token": token})
        for stream in (staying, leaving):
            assert (await next_event(stream))[0] == "state"
        assert s.board.streams == 2 and s.side.listening(GROUP) == 2
        leaving.close()  # the page is closed: its connection ends
        deadline = asyncio.get_running_loop().time() + 2.0
        while s.board.streams > 1 or s.side.listening(GROUP) > 1:
            assert asyncio.get_running_loop().time() < deadline, "the stream lingers"
            await asyncio.sleep(0.005)
        assert s.board.streams == 1 and s.side.listening(GROUP) == 1
        # the connection left behind serves on: the other page gets the next change
        eve = await s.token({"id": 105, "first_name": "Eve"})
        await s.client.post("/board/api/press", json={"payload": join}, headers=bearer(eve))
        name, data = await next_event(staying)
        assert name == "state" and "telegram:105" in [
            seat["ref"] for seat in json.loads(data)["seats"]
        ]
        staying.close()
        while s.board.streams:
            assert asyncio.get_running_loop().time() < deadline + 2.0, "the stream lingers"
            await asyncio.sleep(0.005)
        assert s.side.listening(GROUP) == 0


# -- on the operations server -------------------------------------------------------------------


async def test_the_board_is_served_beside_metrics_and_health() -> None:
    store = MemoryStore()
    board = WebBoard(BoardSide(App(store)), store, token=TOKEN)
    ops = OpsServer(Metrics(process=False), store, port=0, routes=[board.install])
    port = await ops.start()
    try:
        async with aiohttp.ClientSession() as session:
            for path in ("/healthz", "/metrics", "/board/", "/board/static/board.js"):
                async with session.get(f"http://127.0.0.1:{port}{path}") as answer:
                    assert answer.status == 200, path
    finally:
        await ops.stop()


def test_the_web_board_is_not_loaded_unless_switched_on() -> None:
    probe = (
        "import sys, bot.runtime, bot.telegram, bot.observability; "
        "print(sorted(m for m in sys.modules if m.startswith('bot.web')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert out.stdout.strip() == "['bot.web', 'bot.web.auth']", out.stderr
