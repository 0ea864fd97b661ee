"""The web board as a Discord Activity, its server side: the Activity's login through aiohttp's
test client, against a fake Discord HTTP API on a real port (:mod:`fake_discord_api`, the
network edge): the code exchanged, the user read, the activity instance checked; every refusal
(a forged or used code, a user not in the instance, an instance in another channel, Discord
down or slow) answered clearly and leaving nothing behind; and the settings that set it up.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import aiohttp
import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer
from conftest import free_port
from fake_discord_api import BOT_TOKEN, CLIENT_ID, CLIENT_SECRET, DiscordUser, FakeDiscordApi
from test_app_support import Chat, Dice
from webboard_support import BoardSide

from bot.app import App, User
from bot.settings import SettingsError, load_settings
from bot.store import MemoryStore, RedisStore, TableKey
from bot.web.auth import BoardKeys, channel_table, open_session
from bot.web.discord_login import DiscordApi
from bot.web.server import WebBoard

CHANNEL = 600000000000000001
OTHER = 600000000000000002
ALICE = DiscordUser(100000000000000001, "Alice")
BOB = DiscordUser(100000000000000002, "Bob", "ru")
EVE = DiscordUser(100000000000000005, "Eve")
PAGE = "https://bot.example.org/board/"


@dataclass
class Served:
    client: TestClient[Any, Any]
    board: WebBoard
    api: FakeDiscordApi
    app: App

    async def login(self, **body: Any) -> aiohttp.ClientResponse:
        return await self.client.post("/board/api/discord/login", json=body)

    async def launched(
        self, user: DiscordUser, channel: int = CHANNEL, *, with_: tuple[DiscordUser, ...] = ()
    ) -> dict[str, str]:
        """``user`` launched the Activity in ``channel`` (others in it too) and his Discord
        client gave the page a code: the page's login body."""
        instance = self.api.launch(channel, [user, *with_])
        return {
            "code": self.api.authorize(user),
            "instance_id": instance,
            "channel_id": str(channel),
        }


@asynccontextmanager
async def served(timeout: float = 5.0) -> AsyncIterator[Served]:
    api = FakeDiscordApi()
    await api.start()
    app = App(MemoryStore(), dice=Dice(3))
    discord = DiscordApi(
        client_id=CLIENT_ID,
        client_secret=CLIENT_SECRET,
        bot_token=BOT_TOKEN,
        base=api.base,
        timeout=timeout,
    )
    board = WebBoard(app, app.store, token=BOT_TOKEN, telegram=False, discord=discord)
    web_app = web.Application()
    board.install(web_app)
    try:
        async with TestClient(TestServer(web_app)) as client:
            yield Served(client, board, api, app)
    finally:
        await board.close()
        await api.close()


# -- accepted -----------------------------------------------------------------------------------


async def test_the_page_learns_the_client_id_it_asks_discord_for_a_code_with() -> None:
    async with served() as s:
        answer = await s.client.get("/board/api/discord")
        assert answer.status == 200
        assert await answer.json() == {"client_id": str(CLIENT_ID)}


async def test_a_login_gives_a_session_at_the_table_of_the_channel_the_activity_runs_in() -> None:
    async with served() as s:
        body = await s.launched(BOB, with_=(ALICE,))
        answer = await s.login(**body)
        assert answer.status == 200, await answer.text()
        data = await answer.json()
        key = channel_table(CHANNEL)
        assert key == TableKey("discord", str(CHANNEL))
        assert data["table"] == key.tag and data["user"] == f"discord:{BOB.id}"
        assert data["name"] == "Bob" and data["lang"] == "ru"  # his Discord client's locale
        assert data["access_token"] in s.api.tokens  # for the page's Discord client
        session = open_session(data["token"], s.board.keys, now=time.time(), table=key.tag)
        assert (session.user, session.expires) == (f"discord:{BOB.id}", data["expires"])
        # the three calls, the user and the instance asked at once after the exchange
        assert s.api.calls[0] == ("POST", "/oauth2/token")
        assert sorted(s.api.calls[1:]) == [
            ("GET", f"/applications/{CLIENT_ID}/activity-instances/{body['instance_id']}"),
            ("GET", "/users/@me"),
        ]
        # the session plays at that table as that user
        chat = Chat(s.app, key)
        await chat.send(User("discord", str(ALICE.id), "Alice", "en"), "/new 1")
        await chat.press(User("discord", str(BOB.id), "Bob", "ru"), "Join")
        headers = {"Authorization": f"Bearer {data['token']}"}
        state = await (await s.client.get("/board/api/state", headers=headers)).json()
        assert [seat["you"] for seat in state["seats"]] == [False, True]
        roll = next(a["payload"] for a in state["actions"] if a["kind"] == "roll")
        before = await s.app.facts(key)
        pressed = await s.client.post("/board/api/press", json={"payload": roll}, headers=headers)
        assert pressed.status == 200 and (await pressed.json())["toasts"] == []
        after = await s.app.facts(key)
        assert before is not None and after is not None and after.version > before.version
        # ...and nowhere else
        other = await s.client.get(
            f"/board/api/state?table={channel_table(OTHER).tag}", headers=headers
        )
        assert other.status == 401


async def test_a_direct_messages_activity_opens_that_chats_table() -> None:
    async with served() as s:
        instance = s.api.launch(CHANNEL, [ALICE], guild=None)
        body = {"code": s.api.authorize(ALICE), "instance_id": instance, "channel_id": str(CHANNEL)}
        answer = await s.login(**body)
        assert answer.status == 200
        assert (await answer.json())["table"] == channel_table(CHANNEL).tag


# -- refused ------------------------------------------------------------------------------------


async def refused(s: Served, body: dict[str, Any], caplog: pytest.LogCaptureFixture) -> str:
    """Post the login; it must be refused (401) with no session; what the log says."""
    caplog.clear()
    with caplog.at_level(logging.INFO, logger="bot.web"):
        answer = await s.login(**body)
    assert answer.status == 401
    data = await answer.json()
    assert set(data) == {"error"} and data["error"] == "login refused"
    return caplog.text


async def test_a_forged_code_is_refused(caplog: pytest.LogCaptureFixture) -> None:
    async with served() as s:
        body = await s.launched(ALICE)
        log = await refused(s, {**body, "code": "forged-code-0123456789"}, caplog)
        assert "Discord refused (400: invalid_grant)" in log
        assert s.api.calls == [("POST", "/oauth2/token")]  # nothing else asked


async def test_a_used_code_is_refused_without_asking_discord(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async with served() as s:
        body = await s.launched(ALICE)
        assert (await s.login(**body)).status == 200
        calls = len(s.api.calls)
        log = await refused(s, body, caplog)
        assert "OAuth code used before" in log
        assert len(s.api.calls) == calls
        # another process of the same deployment (the same store) refuses it too
        second = WebBoard(
            s.app,
            s.app.store,
            token=BOT_TOKEN,
            telegram=False,
            discord=DiscordApi(
                client_id=CLIENT_ID,
                client_secret=CLIENT_SECRET,
                bot_token=BOT_TOKEN,
                base=s.api.base,
            ),
        )
        web_app = web.Application()
        second.install(web_app)
        async with TestClient(TestServer(web_app)) as other:
            answer = await other.post("/board/api/discord/login", json=body)
            assert answer.status == 401
        await second.close()
        assert len(s.api.calls) == calls


async def test_a_code_discord_took_already_is_refused_by_discord(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A code the store does not know as used (another deployment, a store emptied) that
    Discord has exchanged once: Discord's refusal is the answer."""
    async with served() as s:
        body = await s.launched(ALICE)
        s.api.used.add(body["code"])
        log = await refused(s, body, caplog)
        assert "invalid_grant" in log


async def test_a_user_not_in_the_instance_is_refused(caplog: pytest.LogCaptureFixture) -> None:
    async with served() as s:
        body = await s.launched(ALICE)
        eve = {**body, "code": s.api.authorize(EVE)}  # Eve's own code, Alice's instance
        log = await refused(s, eve, caplog)
        assert "the user is not in the activity instance" in log


async def test_an_instance_in_another_channel_is_refused(caplog: pytest.LogCaptureFixture) -> None:
    async with served() as s:
        body = await s.launched(ALICE, OTHER)
        log = await refused(s, {**body, "channel_id": str(CHANNEL)}, caplog)
        assert "the activity instance runs in another channel" in log


async def test_an_unknown_instance_is_refused(caplog: pytest.LogCaptureFixture) -> None:
    async with served() as s:
        body = await s.launched(ALICE)
        log = await refused(s, {**body, "instance_id": "i-0-gc-1-2"}, caplog)
        assert "Discord refused (404" in log


async def test_another_applications_instance_is_refused(caplog: pytest.LogCaptureFixture) -> None:
    async with served() as s:
        body = await s.launched(ALICE)
        s.api.instances[body["instance_id"]]["application_id"] = "900000000000000777"
        log = await refused(s, body, caplog)
        assert "another application's" in log


async def test_a_wrong_client_secret_is_refused_by_discord(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async with served() as s:
        s.api.client_secret = "another-secret"
        log = await refused(s, await s.launched(ALICE), caplog)
        assert "invalid_client" in log


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"code": "", "instance_id": "i-1-gc-1-2", "channel_id": str(CHANNEL)},
        {"code": "c" * 300, "instance_id": "i-1-gc-1-2", "channel_id": str(CHANNEL)},
        {"code": "a b", "instance_id": "i-1-gc-1-2", "channel_id": str(CHANNEL)},
        {"code": ["x"], "instance_id": "i-1-gc-1-2", "channel_id": str(CHANNEL)},
        {"code": "abc", "instance_id": "../../users/@me", "channel_id": str(CHANNEL)},
        {"code": "abc", "instance_id": "i-1-gc-1-2", "channel_id": "general"},
        {"code": "abc", "instance_id": "i-1-gc-1-2", "channel_id": CHANNEL},
        {"code": "abc", "instance_id": "i-1-gc-1-2"},
    ],
)
async def test_malformed_logins_are_refused_without_asking_discord(
    body: dict[str, Any], caplog: pytest.LogCaptureFixture
) -> None:
    async with served() as s:
        await refused(s, body, caplog)
        assert s.api.calls == []
        bad = await s.client.post("/board/api/discord/login", data=b"not json")
        assert bad.status == 400


async def test_discord_down_is_answered_at_once_and_nothing_is_issued(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async with served() as s:
        body = await s.launched(ALICE)
        s.api.down = True
        with caplog.at_level(logging.INFO, logger="bot.web"):
            answer = await s.login(**body)
        assert answer.status == 503
        assert await answer.json() == {"error": "Discord did not answer"}
        assert "Discord answered 503" in caplog.text
        assert [r.levelno for r in caplog.records if r.name == "bot.web"] == [logging.WARNING]


async def test_a_slow_discord_is_given_up_after_the_timeout_without_holding_the_server() -> None:
    async with served(timeout=0.3) as s:
        body = await s.launched(ALICE)
        s.api.stall = 5.0
        began = time.monotonic()
        login = asyncio.ensure_future(s.login(**body))
        await asyncio.sleep(0.05)
        # meanwhile the server answers the others
        words = await s.client.get("/board/api/words?lang=en")
        assert words.status == 200 and not login.done()
        answer = await login
        assert answer.status == 503
        assert time.monotonic() - began < 3.0
        assert s.api.tokens == {}  # the exchange was given up


async def test_without_the_activity_its_routes_are_not_there() -> None:
    app = App(MemoryStore())
    board = WebBoard(BoardSide(app), app.store, token=BOT_TOKEN)
    web_app = web.Application()
    board.install(web_app)
    async with TestClient(TestServer(web_app)) as client:
        assert (await client.get("/board/api/discord")).status == 404
        login = await client.post("/board/api/discord/login", json={"code": "abc"})
        assert login.status == 404


async def test_without_telegram_its_login_is_not_taken() -> None:
    async with served() as s:
        answer = await s.client.post("/board/api/login", json={"initData": "x", "start": "y"})
        assert answer.status == 404


async def test_discords_proxy_gets_the_page_at_its_mappings_target() -> None:
    """Discord's proxy maps the Activity's root to ``…/board`` and asks for it with the
    Activity's parameters: the page itself (its addresses relative: the browser resolves them
    against the proxy's root); without them, the usual redirect."""
    async with served() as s:
        page = await s.client.get("/board?frame_id=f&instance_id=i&platform=desktop")
        assert page.status == 200
        assert '<script type="module" src="static/board.js"></script>' in await page.text()
        redirect = await s.client.get("/board", allow_redirects=False)
        assert redirect.status == 308


# -- the settings -------------------------------------------------------------------------------


def activity_settings(**changes: Any) -> dict[str, Any]:
    settings: dict[str, Any] = {
        "discord_token": BOT_TOKEN,
        "discord_client_id": CLIENT_ID,
        "discord_client_secret": CLIENT_SECRET,
        "webboard_enabled": True,
        "webboard_url": PAGE,
        "http_listen": "127.0.0.1:9100",
    }
    settings.update(changes)
    return {k: v for k, v in settings.items() if v is not None}


def test_the_settings_set_up_the_activity_with_its_keys_from_the_discord_token() -> None:
    settings = load_settings(**activity_settings())
    assert settings.discord_activity and settings.discord_api_base == "https://discord.com/api/v10"
    summary = settings.summary()
    assert summary["discord_activity"] is True and CLIENT_SECRET not in repr(summary)
    assert CLIENT_SECRET not in repr(settings)
    app = App(MemoryStore())
    board = WebBoard.from_settings(app, app.store, settings)
    assert board.discord is not None and board.discord.client_id == str(CLIENT_ID)
    assert board.discord.base == "https://discord.com/api/v10"
    assert board.keys == BoardKeys.from_token(BOT_TOKEN) and not board.telegram
    # with Telegram served too, its token keys the board and its logins are taken
    both = load_settings(**activity_settings(telegram_token="1:tg"))
    board = WebBoard.from_settings(app, app.store, both)
    assert board.keys == BoardKeys.from_token("1:tg") and board.telegram and board.discord
    # the Telegram board alone: no Activity
    alone = load_settings(
        telegram_token="1:tg",
        webboard_enabled=True,
        webboard_url=PAGE,
        http_listen="127.0.0.1:9100",
    )
    assert not alone.discord_activity
    assert WebBoard.from_settings(app, app.store, alone).discord is None


@pytest.mark.parametrize(
    ("changes", "said"),
    [
        (
            {"webboard_enabled": None, "webboard_url": None, "http_listen": None},
            "DISCORD_CLIENT_ID or DISCORD_CLIENT_SECRET is set but WEBBOARD_ENABLED is off",
        ),
        ({"discord_client_secret": None}, "but DISCORD_CLIENT_SECRET not set"),
        ({"discord_client_id": None}, "but DISCORD_CLIENT_ID not set"),
        ({"discord_token": None, "telegram_token": "1:tg"}, "but DISCORD_TOKEN not set"),
        ({"webboard_url": None}, "WEBBOARD_ENABLED is on but WEBBOARD_URL not set"),
        ({"discord_api_base": "ftp://discord.com/api"}, "DISCORD_API_BASE: must be an http(s)"),
        ({"discord_client_id": 0}, "DISCORD_CLIENT_ID"),
        (
            {"discord_client_id": None, "discord_client_secret": None},
            "WEBBOARD_ENABLED is on but TELEGRAM_TOKEN (or the Discord Activity's",
        ),
    ],
)
def test_settings_that_do_not_hang_together_are_refused_clearly(
    changes: dict[str, Any], said: str
) -> None:
    with pytest.raises(SettingsError) as refusal:
        load_settings(**activity_settings(**changes))
    assert said in str(refusal.value)
    assert CLIENT_SECRET not in str(refusal.value) and BOT_TOKEN not in str(refusal.value)


def test_the_client_secret_is_redacted_from_the_log() -> None:
    from bot.runtime import secrets_of

    assert CLIENT_SECRET in secrets_of(load_settings(**activity_settings()))


async def test_a_store_that_is_away_is_answered_at_once_and_discord_is_not_asked() -> None:
    """Redis unreachable (nothing listens at its address): the code cannot be taken once, so
    the login is refused for now without asking Discord."""
    api = FakeDiscordApi()
    await api.start()
    store = RedisStore.from_url(f"redis://127.0.0.1:{free_port()}/0")
    app = App(store)
    discord = DiscordApi(
        client_id=CLIENT_ID, client_secret=CLIENT_SECRET, bot_token=BOT_TOKEN, base=api.base
    )
    board = WebBoard(app, store, token=BOT_TOKEN, telegram=False, discord=discord)
    web_app = web.Application()
    board.install(web_app)
    try:
        async with TestClient(TestServer(web_app)) as client:
            body = {
                "code": api.authorize(ALICE),
                "instance_id": api.launch(CHANNEL, [ALICE]),
                "channel_id": str(CHANNEL),
            }
            answer = await client.post("/board/api/discord/login", json=body)
            assert answer.status == 503 and await answer.json() == {"error": "try again"}
            assert api.calls == []
    finally:
        await board.close()
        await store.close()
        await api.close()
