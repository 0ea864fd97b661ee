"""The web board in a real browser: Debian's Chromium, headless, driven by Playwright.

:func:`served` serves the page with the real :class:`~bot.web.server.WebBoard` over an app on a
real port; :meth:`Site.open` opens it as a player's phone does (a 390 × 844 window of its own,
a :class:`Player`), inside a stand-in for Telegram's WebApp environment: the request for
``telegram-web-app.js`` is answered with a small script that sets ``window.Telegram.WebApp``
(the initData signed with the bot's token as Telegram signs it, its unsigned copy, the theme).
Everything else is the page as a player gets it: it logs in, draws the board, is tapped (a
checker, then a highlighted landing; the buttons) and follows the table by its event stream.

``PYTHONPATH=tests python -m browser_support docs/webboard`` (from the repository's root)
writes the web board's pictures (:func:`pictures`) into that folder.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import shutil
import sys
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Literal
from urllib.parse import urlsplit

from aiohttp import web
from aiohttp.test_utils import TestServer
from playwright.async_api import (
    Browser,
    BrowserContext,
    Page,
    Response,
    Route,
    ViewportSize,
    async_playwright,
)
from test_app_support import Chat, Dice
from webboard_support import init_data

from bot.app import App, User
from bot.app.payload import Payload, format_payload
from bot.store import MemoryStore, TableKey
from bot.web.auth import sign_start
from bot.web.server import WebBoard
from engine.chouette import BOX
from engine.game import ActionKind
from engine.result import WinKind

CHROMIUM: Final = shutil.which("chromium") or "/usr/bin/chromium"
"""Debian's Chromium (``.ci/run`` installs it)."""

TOKEN: Final = "123456789:AAE-test-token_for-the-web-board-0123456"
SCRIPT: Final = "https://telegram.org/js/telegram-web-app.js"
PHONE: Final[ViewportSize] = {"width": 390, "height": 844}
WAIT_MS: Final = 20_000
"""Milliseconds a test waits for the page before it fails (a guard: nothing is timed)."""

GROUP: Final = TableKey("telegram", "-1001")
ALICE: Final[dict[str, Any]] = {"id": 101, "first_name": "Alice", "language_code": "en"}
BOB: Final[dict[str, Any]] = {"id": 102, "first_name": "Bob", "language_code": "en"}
CAROL: Final[dict[str, Any]] = {"id": 103, "first_name": "Carol", "language_code": "en"}
DAVE: Final[dict[str, Any]] = {"id": 104, "first_name": "Dave", "language_code": "en"}

LIGHT: Final = {
    "bg_color": "#ffffff",
    "text_color": "#000000",
    "hint_color": "#999999",
    "button_color": "#2481cc",
    "button_text_color": "#ffffff",
    "secondary_bg_color": "#efeff3",
}
"""Telegram's light theme (its Android app's), as ``themeParams``."""

DARK: Final = {
    "bg_color": "#212d3b",
    "text_color": "#ffffff",
    "hint_color": "#7d8b99",
    "button_color": "#5288c1",
    "button_text_color": "#ffffff",
    "secondary_bg_color": "#151e27",
}
"""Telegram's dark (night) theme."""

WATCH: Final = """
window.__board = { drawn: null, events: [] };
new MutationObserver((changes, observer) => {
  if (document.querySelector("#board svg.table")) {
    window.__board.drawn = performance.now();
    observer.disconnect();
  }
}).observe(document, { childList: true, subtree: true });
const Source = window.EventSource;
window.EventSource = class extends Source {
  constructor(url, options) {
    super(url, options);
    this.addEventListener("state", (e) => window.__board.events.push(JSON.parse(e.data).version));
  }
};
"""
"""Run in each page before its own scripts: when the board is first drawn (milliseconds since
the navigation started), and the versions its event stream brought."""

CHECKER: Final = """(which) => {
  const sources = [...document.querySelectorAll("#board rect.source[data-at]")];
  const source = which === "last" ? sources[sources.length - 1] : sources[0];
  if (!source) return null;
  const where = source.dataset.at;
  const stack = where === "bar"
    ? document.querySelector('#board [data-bar="viewer"]')
    : document.querySelector(`#board [data-point="${where}"][data-side="viewer"]`);
  const checkers = stack ? stack.querySelectorAll("circle.checker") : [];
  const top = checkers[checkers.length - 1];
  if (!top) return null;
  const r = top.getBoundingClientRect();
  return [r.x + r.width / 2, r.y + r.height / 2];
}"""
"""Where on the screen the top checker of a point (or the bar) the page lets the player move
from is: of the ``first`` such point (or the ``last``), in the order the page lists them;
``null`` when there is none."""

LANDING: Final = """() => {
  const landing = document.querySelector("#board rect.landing[data-payload]");
  if (!landing) return null;
  const r = landing.getBoundingClientRect();
  return [r.x + r.width / 2, r.y + r.height / 2];
}"""
"""Where on the screen the first lit landing of the checker chosen is (``null``: none)."""

WHAT_NEXT: Final = """() => {
  for (const kind of ["roll", "confirm"]) {
    if (document.querySelector(`#actions button.${kind}`)) return kind;
  }
  return document.querySelector("#board rect.source[data-at]") ? "checker" : null;
}"""
"""What the page offers the player to do next, as he plays: ``roll``, ``confirm`` (before any
checker), ``checker`` (a checker to move), ``null`` (nothing)."""

SHOWS: Final = """([version, streamed]) => {
  const drawn = document.querySelector("#board svg.table");
  if (!drawn || Number(drawn.dataset.version) < version) return false;
  return !streamed || window.__board.events.some((v) => v >= version);
}"""


def telegram_stub(data: str, unsafe: dict[str, Any], theme: dict[str, str], scheme: str) -> str:
    """The stand-in for Telegram's ``telegram-web-app.js``: the WebApp object a Mini App gets
    (the calls of ``ready``, ``expand`` and ``onEvent`` recorded in ``calls``)."""
    webapp = {
        "initData": data,
        "initDataUnsafe": unsafe,
        "themeParams": theme,
        "colorScheme": scheme,
        "platform": "android",
        "version": "8.0",
        "calls": [],
    }
    return (
        "window.Telegram = { WebApp: Object.assign(" + json.dumps(webapp) + ", {\n"
        "  ready() { this.calls.push('ready'); },\n"
        "  expand() { this.calls.push('expand'); },\n"
        "  onEvent(name) { this.calls.push('onEvent:' + name); },\n"
        "  offEvent() {},\n"
        "  HapticFeedback: { impactOccurred() {}, notificationOccurred() {},"
        " selectionChanged() {} },\n"
        "}) };\n"
    )


def is_press(response: Response) -> bool:
    return urlsplit(response.url).path == "/board/api/press"


def is_login(response: Response) -> bool:
    return urlsplit(response.url).path == "/board/api/login"


@dataclass
class Player:
    """One player's phone: his Telegram user, his browser context and the board's page in it,
    and the answers of the page's API calls (path, status), in order."""

    user: dict[str, Any]
    context: BrowserContext
    page: Page
    calls: list[tuple[str, int]] = field(default_factory=list)

    @property
    def ref(self) -> str:
        return f"telegram:{self.user['id']}"

    async def drawn(self) -> None:
        """Wait until the page draws a board."""
        await self.page.wait_for_selector("#board svg.table", timeout=WAIT_MS)

    async def version(self) -> int:
        """The version of the table the page draws now."""
        found = await self.page.get_attribute("#board svg.table", "data-version")
        assert found is not None
        return int(found)

    async def shows(self, version: int, *, streamed: bool = False) -> None:
        """Wait until the page draws the table at ``version`` or later (``streamed``: and its
        event stream brought such a version: the page did not ask for it)."""
        await self.page.wait_for_function(SHOWS, arg=[version, streamed], timeout=WAIT_MS)

    async def streamed(self) -> list[int]:
        """The versions of the states the page's event stream brought, in order."""
        events: list[int] = await self.page.evaluate("window.__board.events")
        return events

    async def first_board_ms(self) -> float:
        """Milliseconds from the start of the page's navigation to its first board."""
        drawn: float = await self.page.evaluate("window.__board.drawn")
        return drawn

    async def tap(self, selector: str) -> dict[str, Any]:
        """Tap the first element ``selector`` finds (it must take the tap: nothing covers it)
        and wait for the press it sends to be answered; the answer (toasts and state)."""
        async with self.page.expect_response(is_press, timeout=WAIT_MS) as answer:
            await self.page.locator(selector).first.tap(timeout=WAIT_MS)
        response = await answer.value
        assert response.status == 200
        answered: dict[str, Any] = await response.json()
        return answered

    async def choose(self, which: str = "first") -> None:
        """Tap a checker the page lets the player move (the top one of the ``first`` or
        ``last`` point it lists) and wait for its landings to be lit."""
        at = await self.page.evaluate(CHECKER, which)
        assert at is not None, "no checker to move"
        await self.page.touchscreen.tap(at[0], at[1])
        await self.page.wait_for_selector("#board rect.landing[data-payload]", timeout=WAIT_MS)

    async def step(self, which: str = "first") -> dict[str, Any]:
        """Move a checker: tap it (:meth:`choose`), then its first lit landing; the press's
        answer."""
        await self.choose(which)
        at = await self.page.evaluate(LANDING)
        assert at is not None
        async with self.page.expect_response(is_press, timeout=WAIT_MS) as answer:
            await self.page.touchscreen.tap(at[0], at[1])
        response = await answer.value
        assert response.status == 200
        answered: dict[str, Any] = await response.json()
        return answered

    async def message(self) -> str:
        return await self.page.inner_text("#message")

    async def status(self) -> str:
        return await self.page.inner_text("#status")

    async def actions(self) -> list[str]:
        """The kinds of the action buttons the page shows, in order."""
        kinds: list[str] = await self.page.eval_on_selector_all(
            "#actions button.action",
            "buttons => buttons.map(b => b.className.replace('action', '').trim())",
        )
        return kinds

    async def marks(self, kind: str) -> int:
        """How many ends of steps the board marks (``built``: the play being built; ``last``:
        the last play)."""
        return await self.page.locator(f"#board .marks circle.{kind}").count()


@dataclass
class Site:
    """The web board served on a real port; the browser opens its pages."""

    board: WebBoard
    url: str
    browser: Browser
    token: str
    players: list[Player] = field(default_factory=list)
    openings: itertools.count[int] = field(default_factory=itertools.count)

    async def open(
        self,
        user: dict[str, Any],
        table: TableKey = GROUP,
        *,
        data: str | None = None,
        start: str | None = None,
        private: bool = False,
        theme: dict[str, str] = LIGHT,
        scheme: str = "light",
        system: Literal["light", "dark"] | None = None,
    ) -> Player:
        """``user`` opens the board of ``table`` from its chat: the Mini App's page in a phone
        of its own, with his initData (signed now; ``data``: as given).  A group's link gives
        the start parameter (``start``: as given) in the initData; a private chat's button
        (``private``) in the page's address; ``system`` is the phone's own colour scheme."""
        if start is None:
            start = sign_start(table, self.board.keys)
            assert start is not None
        now = int(time.time())
        extra = {} if private else {"start_param": start}
        if data is None:
            # each opening of a Mini App has its own query id (so its own initData)
            query = f"AAHdF6IQAAAAAN0XohDh{next(self.openings):04d}"
            data = init_data(self.token, user, now, query_id=query, **extra)
        unsafe = {"user": user, "auth_date": now, **extra}
        stub = telegram_stub(data, unsafe, theme, scheme)
        context = await self.browser.new_context(
            viewport=PHONE,
            device_scale_factor=1,
            is_mobile=True,
            has_touch=True,
            color_scheme=system,
        )

        async def serve_stub(route: Route) -> None:
            await route.fulfill(status=200, content_type="text/javascript", body=stub)

        await context.route(SCRIPT, serve_stub)
        await context.add_init_script(WATCH)
        page = await context.new_page()
        player = Player(user, context, page)

        def answered(response: Response) -> None:
            path = urlsplit(response.url).path
            if path.startswith("/board/api/"):
                player.calls.append((path.removeprefix("/board/api/"), response.status))

        page.on("response", answered)
        self.players.append(player)
        await page.goto(self.url + (f"?start={start}" if private else ""))
        return player

    async def close(self) -> None:
        for player in self.players:
            await player.context.close()


@asynccontextmanager
async def served(browser: Browser, app: App, token: str = TOKEN) -> AsyncIterator[Site]:
    """The web board of ``app`` (for the bot with ``token``) served on a free port."""
    board = WebBoard(app, app.store, token=token)
    web_app = web.Application()
    board.install(web_app)
    server = TestServer(web_app, host="127.0.0.1")
    await server.start_server()
    site = Site(board, str(server.make_url("/board/")), browser, token)
    try:
        yield site
    finally:
        await site.close()
        await board.close()
        await server.close()


@asynccontextmanager
async def chromium() -> AsyncIterator[Browser]:
    """Debian's Chromium, headless."""
    assert Path(CHROMIUM).exists(), (
        "the web board's browser tests need Chromium: apt-get install chromium"
    )
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM)
        try:
            yield browser
        finally:
            await browser.close()


def chat_user(user: dict[str, Any]) -> User:
    """The app's user for a Telegram user of these tests."""
    return User("telegram", str(user["id"]), user["first_name"], user.get("language_code"))


async def group_match(app: App, words: str = "1", key: TableKey = GROUP) -> Chat:
    """Alice opens a table in the group's chat (``/new words``) and Bob joins it there; the
    chat."""
    chat = Chat(app, key)
    await chat.send(chat_user(ALICE), f"/new {words}")
    await chat.press(chat_user(BOB), "Join")
    return chat


async def chouette(app: App, players: Sequence[dict[str, Any]], key: TableKey = GROUP) -> Chat:
    """The first of ``players`` opens a chouette in the group's chat, the others join and he
    starts it; the chat."""
    chat = Chat(app, key)
    await chat.send(chat_user(players[0]), "/new chouette")
    for user in players[1:]:
        await chat.press(chat_user(user), "Join")
    await chat.press(chat_user(players[0]), "Start")
    return chat


async def roll_until_the_box_may_double(app: App, chat: Chat, key: TableKey = GROUP) -> str:
    """Play the chouette's game from the chat (rolls, the first legal steps, confirm) until
    the box is on roll and may double; the box's reference."""
    for _ in range(80):
        table = await app.load_table(key)
        assert table is not None and table.chouette is not None
        current = table.chouette.current
        assert current is not None
        box = await app.web_state(key, current.box, "en")
        assert box is not None
        if "double" in [a["kind"] for a in box["actions"]]:
            return current.box
        acting = current.box if current.game.turn in (None, BOX) else current.captain
        state = await app.web_state(key, acting, "en")
        assert state is not None
        kinds = {a["kind"]: a["payload"] for a in state["actions"]}
        payload = kinds.get("roll") or kinds.get("confirm") or state["steps"][0]["payload"]
        await chat.send(user_of(acting), button=payload)
    raise AssertionError("the box never had the cube")


async def play_out(app: App, players: Sequence[Player], key: TableKey = GROUP) -> int:
    """Play the table's match to its end on the players' pages: each time, the page that has
    something to do is tapped (roll, a checker then its lit landing, confirm); after every press
    each page shows the new version, the others by their event streams.  How many presses."""
    for presses in range(2000):
        facts = await app.facts(key)
        assert facts is not None
        if facts.stage == "over":
            return presses
        actor, kind = await next_tap(players)
        if kind == "checker":
            await actor.step()
        else:
            await actor.tap(f"#actions button.{kind}")
        after = await app.facts(key)
        assert after is not None and after.version > facts.version
        for player in players:
            await player.shows(after.version, streamed=player is not actor)
    raise AssertionError("the match did not end")


async def next_tap(players: Sequence[Player]) -> tuple[Player, str]:
    """Who has something to do and what (:data:`WHAT_NEXT`: roll or confirm before a checker
    to move)."""
    found: list[tuple[int, Player, str]] = []
    for player in players:
        kind = await player.page.evaluate(WHAT_NEXT)
        if kind:
            found.append((["roll", "confirm", "checker"].index(kind), player, kind))
    assert found, [await p.actions() for p in players]
    _, player, kind = min(found, key=lambda f: f[0])
    return player, kind


# -- the pictures -------------------------------------------------------------------------------

PICTURES: Final = {
    "backgammon": ("1", 4),
    "long-nardy": ("nardy 1", 5),
}
"""The pictures' games: the words of ``/new`` and the dice's seed."""


async def pictures(browser: Browser, folder: Path) -> list[Path]:
    """Pictures of the web board as a phone shows it, in ``folder``: each game of
    :data:`PICTURES` just after its opening roll, the player to move with a checker chosen (its
    landings lit), in Telegram's light and dark themes; a match just won; a chouette's double
    being answered; the files written."""
    written = [
        await finished_picture(browser, folder / "finished-match.png"),
        await chouette_picture(browser, folder / "chouette.png"),
    ]
    for name, (words, seed) in PICTURES.items():
        app = App(MemoryStore(), dice=Dice(seed))
        chat = await group_match(app, words)
        mover = await rolled(app, chat)
        async with served(browser, app) as site:
            for scheme, theme in (("light", LIGHT), ("dark", DARK)):
                player = await site.open(mover, theme=theme, scheme=scheme)
                await player.drawn()
                await player.choose("last")
                path = folder / f"{name}-{scheme}.png"
                await player.page.screenshot(path=str(path), animations="disabled")
                written.append(path)
    return written


async def finished_picture(browser: Browser, path: Path) -> Path:
    """The page of a match to 3 just won (its games resigned as gammons after a few plays),
    seen by its winner."""
    app = App(MemoryStore(), dice=Dice(4))
    chat = await group_match(app, "3")
    for _ in range(4):
        facts = await app.facts(GROUP)
        assert facts is not None
        if facts.stage == "over":
            break
        for _ in range(9):
            await act(app, chat)
        facts = await app.facts(GROUP)
        assert facts is not None and len(facts.to_act) == 1
        loser = facts.to_act[0]
        state = await app.web_state(GROUP, loser, "en")
        assert state is not None
        gammon = Payload(ActionKind.RESIGN, (int(WinKind.GAMMON),), facts.version)
        await chat.send(user_of(loser), button=format_payload(gammon))
        winner = facts.seats[1 - facts.seats.index(loser)]
        offered = await app.web_state(GROUP, winner, "en")
        assert offered is not None
        accept = next(a["payload"] for a in offered["actions"] if a["kind"] == "accept")
        await chat.send(user_of(winner), button=accept)
    final = await app.web_state(GROUP, None, "en")
    assert final is not None and final["stage"] == "over" and final["result"] is not None
    winner = final["seats"][final["result"]["match_winner"]]["ref"]
    async with served(browser, app) as site:
        player = await site.open(ALICE if winner == f"telegram:{ALICE['id']}" else BOB)
        await player.drawn()
        await player.page.wait_for_selector("#result .headline", timeout=WAIT_MS)
        await player.page.screenshot(path=str(path), animations="disabled")
    return path


async def chouette_picture(browser: Browser, path: Path) -> Path:
    """The page of a chouette's team member while the box's double is answered: one member
    has taken, one passed, his own answer awaited."""
    app = App(MemoryStore(), dice=Dice(8))
    chat = await chouette(app, (ALICE, BOB, CAROL, DAVE))
    box = await roll_until_the_box_may_double(app, chat)
    state = await app.web_state(GROUP, box, "en")
    assert state is not None
    double = next(a["payload"] for a in state["actions"] if a["kind"] == "double")
    await chat.send(user_of(box), button=double)
    table = await app.load_table(GROUP)
    assert table is not None and table.chouette is not None and table.chouette.current is not None
    members = [m.name for m in table.chouette.current.members]
    for member, answer in zip(members, ("take", "pass"), strict=False):
        answering = await app.web_state(GROUP, member, "en")
        assert answering is not None
        payload = next(a["payload"] for a in answering["actions"] if a["kind"] == answer)
        await chat.send(user_of(member), button=payload)
    last = next(u for u in (ALICE, BOB, CAROL, DAVE) if f"telegram:{u['id']}" == members[-1])
    async with served(browser, app) as site:
        player = await site.open(last)
        await player.drawn()
        await player.page.wait_for_selector("#roster .chip.you", timeout=WAIT_MS)
        await player.page.screenshot(path=str(path), animations="disabled")
    return path


async def act(app: App, chat: Chat, key: TableKey = GROUP) -> None:
    """The player the table waits for does what the page offers first: roll, confirm, the
    first step (from the chat, as his page would send it)."""
    facts = await app.facts(key)
    assert facts is not None
    ref = facts.to_act[0] if facts.to_act else facts.seats[0]
    state = await app.web_state(key, ref, "en")
    assert state is not None
    found = {a["kind"]: a["payload"] for a in state["actions"]}
    payload = found.get("roll") or found.get("confirm") or state["steps"][0]["payload"]
    await chat.send(user_of(ref), button=payload)


def user_of(ref: str) -> User:
    """The app's user of one of these tests' Telegram users, by his reference."""
    found = next(u for u in (ALICE, BOB, CAROL, DAVE) if f"telegram:{u['id']}" == ref)
    return chat_user(found)


async def rolled(app: App, chat: Chat, key: TableKey = GROUP) -> dict[str, Any]:
    """Roll at the table (from the chat) until a player has a play to make; that player."""
    for _ in range(10):
        facts = await app.facts(key)
        assert facts is not None
        ref = facts.to_act[0] if facts.to_act else facts.seats[0]  # either rolls the opening
        state = await app.web_state(key, ref, "en")
        assert state is not None
        user = ALICE if ref == f"telegram:{ALICE['id']}" else BOB
        if state["steps"]:
            return user
        await chat.press(chat_user(user), "Roll")
    raise AssertionError("nobody has a play to make")


async def write_pictures(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    async with chromium() as browser:
        for path in await pictures(browser, folder):
            print(f"{path}  {path.stat().st_size} B")


if __name__ == "__main__":
    asyncio.run(write_pictures(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/webboard")))
