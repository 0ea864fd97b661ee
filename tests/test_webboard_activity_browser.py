"""The web board as a Discord Activity in a real browser (Debian's Chromium, headless, driven by
Playwright), framed the way Discord frames it, against stand-ins at every network edge:

- Discord's client: a page at ``https://discord.com/`` (answered by the browser's router, no
  network) that frames the Activity and answers the Embedded App SDK's postMessage protocol as
  the client does: the handshake with the READY event, AUTHORIZE with a code, AUTHENTICATE;
- Discord's proxy (``https://<client id>.discordsays.com``): an aiohttp server of its own whose
  root maps to the bot's ``/board`` (the URL mapping ``/`` → ``host/board`` an operator sets),
  streaming the answers through (the event stream too), so every address the page uses must be
  relative;
- Discord's HTTP API: :mod:`fake_discord_api` (the code exchanged, the user, the instance);
- Discord's gateway and REST: the Discord harness (real discord.py objects), where the bot's
  boards carry *Open board*, whose press launches the Activity.

A player presses *Open board* on the channel's board, the Activity logs in through the SDK's
steps and draws the table; the opening roll and a step tapped on it appear on the channel's
board.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import aiohttp
import pytest
import pytest_asyncio
from aiohttp import web
from aiohttp.test_utils import TestServer
from browser_support import PHONE, WAIT_MS, chromium
from discord_harness import Driver, FakeDiscord, Person, Place, components_of, installed
from fake_discord_api import BOT_TOKEN, CLIENT_ID, CLIENT_SECRET, GUILD, DiscordUser, FakeDiscordApi
from playwright.async_api import Browser, Frame, Page, Route
from test_app_support import Dice
from webboard_support import settle

from bot.app import App
from bot.discord_bot import NardyBot, table_key
from bot.discord_bot.components import BOARD_ID
from bot.i18n import t
from bot.store import MemoryStore
from bot.web.discord_login import DiscordApi
from bot.web.server import WebBoard

pytestmark = pytest.mark.asyncio(loop_scope="module")

ALICE = Person(100000000000000001, "Alice")
BOB = Person(100000000000000002, "Bob")
CHANNEL = Place(600000000000000001)
CLIENT = "https://discord.com/channels/{guild}/{channel}"
LAUNCH_ACTIVITY = 12

PARENT = """<!doctype html>
<html><head><meta charset="utf-8"><style>body{margin:0}iframe{border:0}</style></head>
<body><iframe id="activity" width="%(width)d" height="%(height)d" src="%(src)s"></iframe>
<script>
// Discord's client as the Activity sees it: the SDK's protocol over postMessage.
const answers = %(answers)s;
window.rpc = [];
const frame = document.getElementById("activity");
window.addEventListener("message", (event) => {
  if (event.source !== frame.contentWindow || !Array.isArray(event.data)) return;
  const [opcode, data] = event.data;
  window.rpc.push({ opcode, origin: event.origin, cmd: data.cmd || null, data });
  const reply = (payload) => frame.contentWindow.postMessage([1, payload], "*");
  if (opcode === 0) {
    reply({ cmd: "DISPATCH", evt: "READY", nonce: null, data: {
      v: 1,
      config: { cdn_host: "cdn.discordapp.com", api_endpoint: "//discord.com/api",
                environment: "production" },
      user: answers.user,
    } });
  } else if (data.cmd === "AUTHORIZE" && answers.denied) {
    reply({ cmd: "AUTHORIZE", evt: "ERROR", nonce: data.nonce,
            data: { code: 5000, message: "The user cancelled" } });
  } else if (data.cmd === "AUTHORIZE") {
    reply({ cmd: "AUTHORIZE", evt: null, nonce: data.nonce, data: { code: answers.code } });
  } else if (data.cmd === "AUTHENTICATE") {
    reply({ cmd: "AUTHENTICATE", evt: null, nonce: data.nonce, data: {
      access_token: data.args.access_token, user: answers.user, scopes: ["identify"],
      expires: "2030-01-01T00:00:00.000Z",
      application: { id: answers.client_id, name: "nardy", description: "" },
    } });
  } else {
    reply({ cmd: data.cmd, evt: "ERROR", nonce: data.nonce,
            data: { code: 4002, message: "unknown command" } });
  }
});
</script></body></html>
"""
"""The stand-in for Discord's client page (``%``-formatted: the Activity's address, the code
its AUTHORIZE is answered with, the user)."""


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def browser() -> AsyncIterator[Browser]:
    async with chromium() as opened:
        yield opened


@pytest.fixture
def fake_discord(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeDiscord]:
    yield from installed(monkeypatch)


@dataclass
class Proxy:
    """Discord's proxy for the Activity: its root mapped to ``target`` (``…/board``); the
    paths asked of it, in order."""

    target: str
    paths: list[str] = field(default_factory=list)
    server: TestServer | None = None
    session: aiohttp.ClientSession | None = None

    @property
    def url(self) -> str:
        assert self.server is not None
        return str(self.server.make_url("/"))

    async def start(self) -> None:
        self.session = aiohttp.ClientSession(auto_decompress=True)
        app = web.Application()
        app.router.add_route("*", "/{path:.*}", self._forward)
        self.server = TestServer(app, host="127.0.0.1")
        await self.server.start_server()

    async def close(self) -> None:
        if self.server is not None:
            await self.server.close()
        if self.session is not None:
            await self.session.close()

    async def _forward(self, request: web.Request) -> web.StreamResponse:
        assert self.session is not None
        self.paths.append(request.path)
        url = self.target + request.path
        if request.query_string:
            url += "?" + request.query_string
        keep = ("content-type", "authorization", "accept", "if-none-match", "last-event-id")
        headers = {k: v for k, v in request.headers.items() if k.lower() in keep}
        async with self.session.request(
            request.method, url, headers=headers, data=await request.read(), allow_redirects=False
        ) as upstream:
            drop = {"content-length", "content-encoding", "transfer-encoding", "connection"}
            response = web.StreamResponse(
                status=upstream.status,
                headers={k: v for k, v in upstream.headers.items() if k.lower() not in drop},
            )
            await response.prepare(request)
            try:
                async for chunk in upstream.content.iter_any():
                    await response.write(chunk)
            except (ConnectionResetError, aiohttp.ClientError):
                return response  # the page or the board went away
            await response.write_eof()
            return response


@dataclass
class Activity:
    """The Activity's frame in Discord's client page."""

    page: Page
    frame: Frame

    async def tap(self, selector: str) -> dict[str, Any]:
        """Tap what ``selector`` finds in the Activity; the press's answer."""
        async with self.page.expect_response(is_press, timeout=WAIT_MS) as answer:
            await self.frame.locator(selector).first.tap(timeout=WAIT_MS)
        response = await answer.value
        assert response.status == 200
        answered: dict[str, Any] = await response.json()
        return answered

    async def rpc(self) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = await self.page.evaluate("window.rpc")
        return found


def is_press(response: Any) -> bool:
    return urlsplit(str(response.url)).path == "/api/press"


@asynccontextmanager
async def discord_client(
    browser: Browser, src: str, answers: dict[str, Any], *, drawn: bool = True
) -> AsyncIterator[Activity]:
    """Discord's client page framing the Activity at ``src`` in a phone-sized window (once it
    draws the board, where ``drawn``)."""
    context = await browser.new_context(
        viewport=PHONE,
        device_scale_factor=1,
        is_mobile=True,
        has_touch=True,
        # the stand-in proxy runs on this machine, Discord's on the internet: the client page
        # may frame it (Chromium asks the user before a public page reaches a local address)
        permissions=["local-network-access"],
    )
    html = PARENT % {
        "width": PHONE["width"],
        "height": PHONE["height"],
        "src": src,
        "answers": json.dumps(answers),
    }

    async def client(route: Route) -> None:
        await route.fulfill(status=200, content_type="text/html", body=html)

    async def blocked(route: Route) -> None:
        await route.abort()  # Discord's frame allows no other site (its CSP)

    await context.route("https://discord.com/**", client)
    await context.route("https://telegram.org/**", blocked)
    page = await context.new_page()
    try:
        await page.goto(CLIENT.format(guild=GUILD, channel=CHANNEL.id))
        frame = page.frame_locator("#activity")
        if drawn:
            await frame.locator("#board svg.table").wait_for(timeout=WAIT_MS)
        else:
            await frame.locator("#status").wait_for(timeout=WAIT_MS)
        found = next(f for f in page.frames if f.url.startswith(src.split("?")[0]))
        yield Activity(page, found)
    finally:
        await context.close()


@dataclass
class Site:
    """The bot's web board behind Discord's proxy, with Discord's API."""

    board: WebBoard
    proxy: Proxy
    api: FakeDiscordApi


@asynccontextmanager
async def site(app: App) -> AsyncIterator[Site]:
    """The web board of ``app`` as the Activity (its login asking the fake API), served on a
    port of its own, behind the stand-in for Discord's proxy."""
    api = FakeDiscordApi()
    await api.start()
    discord = DiscordApi(
        client_id=CLIENT_ID, client_secret=CLIENT_SECRET, bot_token=BOT_TOKEN, base=api.base
    )
    board = WebBoard(app, app.store, token=BOT_TOKEN, telegram=False, discord=discord)
    web_app = web.Application()
    board.install(web_app)
    server = TestServer(web_app, host="127.0.0.1")
    await server.start_server()
    proxy = Proxy(str(server.make_url("/board")))
    await proxy.start()
    try:
        yield Site(board, proxy, api)
    finally:
        await board.close()
        await proxy.close()
        await server.close()
        await api.close()


def boards(fake: FakeDiscord, channel: int) -> list[dict[str, Any]]:
    return [
        m
        for m in fake.public()
        if int(m["channel_id"]) == channel and m["embeds"] and m["components"]
    ]


async def test_the_activity_logs_in_through_discord_and_plays_on_the_channels_board(
    browser: Browser, fake_discord: FakeDiscord
) -> None:
    app = App(MemoryStore(), dice=Dice(6))
    bot = NardyBot(app, tick_seconds=None, sync_on_start=False, web_activity=True)
    driver = await Driver.start(bot, fake_discord, CHANNEL)
    key = table_key(CHANNEL.id)
    async with site(app) as served:
        board, proxy, api = served.board, served.proxy, served.api
        bot.deliver_to = board.deliver_to
        await bot.setup_hook()
        # the game in the channel; Alice presses Open board on its board
        await driver.command(ALICE, "new", "1")
        await driver.click(BOB, "Join")
        [first] = boards(fake_discord, CHANNEL.id)
        assert [c["custom_id"] for c in components_of(first)][-1] == BOARD_ID
        open_board = t("en", "discord-button-open-board")
        pressed = await driver.click(ALICE, open_board)
        assert driver.response_of(pressed) == {"type": LAUNCH_ACTIVITY}
        # Discord launches the Activity in the channel and frames it, with its parameters
        alice = DiscordUser(ALICE.id, ALICE.name)
        instance = api.launch(CHANNEL.id, [alice])
        query = {
            "instance_id": instance,
            "location_id": api.instances[instance]["location"]["id"],
            "launch_id": api.instances[instance]["launch_id"],
            "channel_id": str(CHANNEL.id),
            "guild_id": GUILD,
            "frame_id": str(uuid.uuid4()),
            "platform": "mobile",
            "mobile_app_version": "260.0",
        }
        src = proxy.url + "?" + "&".join(f"{k}={v}" for k, v in query.items())
        code = api.authorize(alice)
        answers = {"code": code, "user": alice.payload(), "client_id": str(CLIENT_ID)}
        async with discord_client(browser, src, answers) as activity:
            # the SDK's steps, in order, from the Activity's own origin
            rpc = await activity.rpc()
            assert [(m["opcode"], m["cmd"]) for m in rpc] == [
                (0, None),
                (1, "AUTHORIZE"),
                (1, "AUTHENTICATE"),
            ]
            origin = proxy.url.rstrip("/")
            assert {m["origin"] for m in rpc} == {origin}
            hello = rpc[0]["data"]
            assert hello["v"] == 1 and hello["client_id"] == str(CLIENT_ID)
            assert hello["frame_id"] == query["frame_id"]
            assert hello["sdk_version"] == "2.5.0"  # a mobile app that takes it
            authorize = rpc[1]["data"]["args"]
            assert authorize == {
                "client_id": str(CLIENT_ID),
                "response_type": "code",
                "state": "",
                "prompt": "none",
                "scope": ["identify"],
            }
            [token] = api.tokens  # the code exchanged once, by the server
            assert rpc[2]["data"]["args"] == {"access_token": token}
            assert code in api.used
            # every address the page used was relative: all under the proxy's root, none
            # under a /board/ of its own
            assert "/api/discord/login" in proxy.paths and "/api/events" in proxy.paths
            assert {"/", "/static/board.js", "/static/discord.js"} <= set(proxy.paths)
            assert not any(p.startswith("/board") for p in proxy.paths)
            # the table of the channel, seen by Alice
            you = await activity.frame.eval_on_selector_all(
                "[data-name]", "ns => ns.map(n => [n.textContent, n.classList.contains('you')])"
            )
            assert sorted(you) == [["Alice", True], ["Bob", False]]
            # the opening roll tapped in the Activity: the channel shows it
            answer = await activity.tap("#actions button.roll")
            assert answer["toasts"] == []
            await settle(board)
            rolled = await app.facts(key)
            assert rolled is not None and rolled.to_act == (f"discord:{ALICE.id}",)
            shown = boards(fake_discord, CHANNEL.id)[-1]
            assert shown["id"] == rolled.board_message != first["id"]
            assert "Roll" not in [c.get("label") for c in components_of(shown)]
            # a step tapped in the Activity: the channel's board is edited to show it
            edits = [c for c in fake_discord.calls if c.method == "PATCH"]
            await activity.frame.locator("#board rect.source[data-at]").first.tap()
            landing = activity.frame.locator("#board rect.landing[data-payload]").first
            await landing.wait_for(timeout=WAIT_MS)
            async with activity.page.expect_response(is_press, timeout=WAIT_MS) as step:
                await landing.tap()
            assert (await (await step.value).json())["toasts"] == []
            await settle(board)
            stepped = await app.facts(key)
            assert stepped is not None and stepped.version > rolled.version
            path = f"/channels/{CHANNEL.id}/messages/{rolled.board_message}"
            made = [c for c in fake_discord.calls if c.method == "PATCH"][len(edits) :]
            assert [c.path for c in made] == [path] and made[0].body["embeds"]
            now = fake_discord.messages[int(rolled.board_message or 0)]
            labels = [c.get("label") for c in components_of(now)]
            assert t("en", "button-undo") in labels and labels[-1] == open_board
            assert fake_discord.ephemeral() == []


@pytest.mark.parametrize("how", ["forged code", "consent refused", "Discord down"])
async def test_a_login_that_fails_in_the_frame_shows_the_refusal_and_no_board(
    browser: Browser, how: str
) -> None:
    """The Activity's login refused: a code Discord never issued (the server asks Discord,
    which refuses it), or the user refusing the consent (the client answers AUTHORIZE with an
    error: the server is not asked): the page says the board is closed and draws nothing;
    Discord's API down: the page says it is offline."""
    async with site(App(MemoryStore())) as served:
        api, proxy = served.api, served.proxy
        alice = DiscordUser(ALICE.id, ALICE.name)
        instance = api.launch(CHANNEL.id, [alice])
        query = f"instance_id={instance}&channel_id={CHANNEL.id}&frame_id=f1&platform=desktop"
        api.down = how == "Discord down"
        answers = {
            "code": api.authorize(alice) if how == "Discord down" else "forged-0123456789",
            "user": alice.payload(),
            "client_id": str(CLIENT_ID),
            "denied": how == "consent refused",
        }
        async with discord_client(browser, proxy.url + "?" + query, answers, drawn=False) as got:
            said = t("en", "web-page-offline" if how == "Discord down" else "web-page-closed")
            await got.frame.wait_for_function(
                "text => document.getElementById('status').textContent === text",
                arg=said,
                timeout=WAIT_MS,
            )
            assert await got.frame.locator("#board svg").count() == 0
            assert [m["cmd"] for m in await got.rpc()] == [None, "AUTHORIZE"]
            asked = [p for p in proxy.paths if p.startswith("/api/")]
            if how != "consent refused":
                assert asked == ["/api/words", "/api/discord", "/api/discord/login"]
                assert api.calls == [("POST", "/oauth2/token")] and api.tokens == {}
            else:
                assert asked == ["/api/words", "/api/discord"] and api.calls == []
