"""The web board as a Discord Activity, in the Discord adapter (real discord.py objects from
raw gateway payloads, see ``discord_harness``): the boards' *Open board* button, its press
answered with Discord's LAUNCH_ACTIVITY response, and a press on the web board shown on the
channel's board by the adapter's delivery hook.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from typing import Any

import discord
import pytest
from ai_support import QuickComputer
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer
from discord_harness import (
    ALL_PERMISSIONS,
    APP_ID,
    EPHEMERAL,
    GUILD_ID,
    Driver,
    FakeDiscord,
    Person,
    Place,
    components_of,
    installed,
)
from test_app_support import Dice
from webboard_support import settle

from bot.app import App
from bot.app.command_parser import COMMANDS
from bot.app.types import Button
from bot.discord_bot import NardyBot, serve, table_key
from bot.discord_bot.components import BOARD_ID, MAX_ROW_BUTTONS, MAX_ROWS, build_view
from bot.i18n import t
from bot.settings import load_settings
from bot.store import MemoryStore, TableKey
from bot.web.auth import Session, channel_table, issue_session
from bot.web.server import WebBoard

ALICE = Person(100000000000000001, "Alice")
BOB = Person(100000000000000002, "Bob")
CHANNEL = Place(600000000000000001)
HOME = Place(600000000000000501, permissions=ALL_PERMISSIONS)
TOKEN = "MTAwMDAw.discord-bot-token.for-the-web-board"
LAUNCH_ACTIVITY = 12
"""Discord's interaction response type that launches the application's Activity."""

OPEN = t("en", "discord-button-open-board")


@pytest.fixture
def fake_discord(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeDiscord]:
    yield from installed(monkeypatch)


async def started(
    fake: FakeDiscord, *, activity: bool = True, app: App | None = None, place: Place = CHANNEL
) -> Driver:
    bot = NardyBot(
        app or App(MemoryStore(), dice=Dice(5)), tick_seconds=None, web_activity=activity
    )
    return await Driver.start(bot, fake, place)


class Refusal:
    """The bits of an aiohttp response discord.py's HTTP errors read."""

    def __init__(self, status: int, reason: str) -> None:
        self.status = status
        self.reason = reason


def bot_of(driver: Driver) -> NardyBot:
    assert isinstance(driver.client, NardyBot)
    return driver.client


def board_buttons(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for c in components_of(message) if c.get("custom_id") == BOARD_ID]


def last_board(fake: FakeDiscord, channel: int) -> dict[str, Any]:
    """The newest public message with an embed (a board) in ``channel``."""
    boards = [
        m
        for m in fake.public()
        if int(m["channel_id"]) == channel and m["embeds"] and m["components"]
    ]
    assert boards, "no board"
    return boards[-1]


async def game_in_channel(driver: Driver) -> None:
    await driver.command(ALICE, "new", "1")
    await driver.click(BOB, "Join")


# -- the button ---------------------------------------------------------------------------------


async def test_a_games_board_carries_the_open_board_button(fake_discord: FakeDiscord) -> None:
    driver = await started(fake_discord)
    await driver.command(ALICE, "new", "1")
    lobby = fake_discord.public()[-1]
    assert board_buttons(lobby) == []  # a lobby is no board
    await driver.click(BOB, "Join")
    board = last_board(fake_discord, CHANNEL.id)
    [button] = board_buttons(board)
    assert button["label"] == OPEN and button["style"] == discord.ButtonStyle.secondary.value
    rows = board["components"]
    assert rows[-1]["components"] == [button]  # below the game's buttons
    assert "Roll" in driver.labels()
    # the next board has it too; the old board's components are disabled, and it is gone
    await driver.click(ALICE, "Roll")
    after = last_board(fake_discord, CHANNEL.id)
    assert after["id"] != board["id"]
    assert [b["label"] for b in board_buttons(after)] == [OPEN]
    old = fake_discord.messages[int(board["id"])]
    assert board_buttons(old) == [] and all(c.get("disabled") for c in components_of(old))


async def test_without_the_activity_boards_carry_no_such_button(fake_discord: FakeDiscord) -> None:
    driver = await started(fake_discord, activity=False)
    await game_in_channel(driver)
    assert all(board_buttons(m) == [] for m in fake_discord.public())
    assert "Roll" in driver.labels()


async def test_a_press_of_open_board_launches_the_activity(fake_discord: FakeDiscord) -> None:
    driver = await started(fake_discord)
    await game_in_channel(driver)
    facts = await bot_of(driver).app.facts(table_key(CHANNEL.id))
    calls = len(fake_discord.calls)
    payload = await driver.click(BOB, OPEN)
    # the interaction's one answer: Discord's LAUNCH_ACTIVITY response, nothing else
    assert driver.response_of(payload) == {"type": LAUNCH_ACTIVITY}
    assert [c.path for c in fake_discord.calls[calls:]] == [
        f"/interactions/{payload['id']}/{payload['token']}/callback"
    ]
    assert await bot_of(driver).app.facts(table_key(CHANNEL.id)) == facts  # nothing changed


async def test_an_old_button_where_the_activity_is_off_is_answered_privately(
    fake_discord: FakeDiscord,
) -> None:
    driver = await started(fake_discord)
    await game_in_channel(driver)
    bot_of(driver).web_activity = False  # the operator switched the Activity off since
    payload = await driver.click(ALICE, OPEN)
    answer = driver.response_of(payload)
    assert answer is not None and answer["type"] == 4
    assert answer["data"]["content"] == t("en", "discord-board-unavailable")
    assert answer["data"]["flags"] == EPHEMERAL


async def test_a_launch_discord_refuses_is_answered_privately(
    fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Discord refuses the launch (Activities not enabled for the application, say): the
    presser is told privately, in his language."""
    driver = await started(fake_discord)
    await game_in_channel(driver)
    answered = fake_discord.webhook_request

    async def refusing(route: Any, session: Any = None, **kwargs: Any) -> Any:
        payload = kwargs.get("payload") or {}
        if payload.get("type") == LAUNCH_ACTIVITY:
            raise discord.HTTPException(
                Refusal(400, "Bad Request"), {"message": "Invalid Form Body", "code": 50035}
            )
        return await answered(route, session, **kwargs)

    monkeypatch.setattr(fake_discord, "webhook_request", refusing)
    dima = Person(BOB.id, "Bob", "ru")
    payload = await driver.click(dima, t("en", "discord-button-open-board"))
    answer = driver.response_of(payload)
    assert answer is not None and answer["data"]["content"] == t("ru", "discord-board-unavailable")
    assert answer["data"]["flags"] == EPHEMERAL


async def test_a_tournament_games_thread_gets_the_button(fake_discord: FakeDiscord) -> None:
    """A tournament game's board, in the thread the game got, carries the button; pressed
    there, it launches the Activity in the thread."""
    driver = await started(fake_discord, place=HOME)
    await driver.command(ALICE, "tournament", "knockout clock=1h")
    for person in (ALICE, BOB):
        await driver.click(person, t("en", "tournament-button-join"))
    await driver.click(ALICE, t("en", "tournament-button-start"))
    thread = fake_discord.thread_of(HOME.id)
    board = last_board(fake_discord, thread.id)
    assert [b["label"] for b in board_buttons(board)] == [OPEN]
    payload = await driver.click(ALICE, OPEN, thread)
    assert driver.response_of(payload) == {"type": LAUNCH_ACTIVITY}
    assert payload["channel_id"] == str(thread.id)
    # the web board's login maps the thread the Activity runs in to the game's table
    assert channel_table(thread.id) == table_key(thread.id)
    facts = await bot_of(driver).app.facts(channel_table(thread.id))
    assert facts is not None and facts.in_play


def test_the_button_fits_the_messages_room() -> None:
    """Below the buttons in a row of its own; in the last row with room when every row is
    taken; left out when the message holds Discord's most components already."""

    def keyboard(rows: int, per_row: int) -> tuple[tuple[Button, ...], ...]:
        return tuple(
            tuple(Button(f"b{r}{i}", f"n:{r}{i}") for i in range(per_row)) for r in range(rows)
        )

    def placed(view: discord.ui.View | None) -> list[int | None]:
        assert view is not None
        return [item.row for item in view.children if getattr(item, "custom_id", "") == BOARD_ID]

    assert placed(build_view(keyboard(2, 3), board="Open board")) == [2]
    assert placed(build_view(keyboard(MAX_ROWS, 3), board="Open board")) == [MAX_ROWS - 1]
    full = build_view(keyboard(MAX_ROWS, MAX_ROW_BUTTONS), board="Open board")
    assert placed(full) == [] and full is not None and len(full.children) == 25
    assert build_view((), board="Open board") is None  # no buttons: no board to open


# -- the web board's presses, shown in the channel ----------------------------------------------


@asynccontextmanager
async def web_board(bot: NardyBot) -> AsyncIterator[tuple[TestClient[Any, Any], WebBoard]]:
    """The web board over the bot's app, its Discord deliveries through the bot's hook (the
    bot registers it when it logs in: its setup hook)."""
    board = WebBoard(bot.app, bot.app.store, token=TOKEN, telegram=False)
    bot.deliver_to = board.deliver_to
    bot.sync_on_start = False
    await bot.setup_hook()
    assert board.deliver_to == {"discord": bot.deliver_to_table}
    web_app = web.Application()
    board.install(web_app)
    try:
        async with TestClient(TestServer(web_app)) as client:
            yield client, board
    finally:
        await board.close()


def session_for(board: WebBoard, person: Person, key: TableKey) -> dict[str, str]:
    """The bearer header of the session a Discord login issues ``person`` at ``key``."""
    session = Session(f"discord:{person.id}", person.name, "en", key.tag, 2_000_000_000)
    return {"Authorization": "Bearer " + issue_session(session, board.keys)}


async def test_a_press_on_the_web_board_is_shown_on_the_channels_board(
    fake_discord: FakeDiscord,
) -> None:
    driver = await started(fake_discord)
    bot = bot_of(driver)
    key = table_key(CHANNEL.id)
    await game_in_channel(driver)
    async with web_board(bot) as (client, board):
        headers = session_for(board, ALICE, key)
        state = await (await client.get("/board/api/state", headers=headers)).json()
        roll = next(a["payload"] for a in state["actions"] if a["kind"] == "roll")
        before = last_board(fake_discord, CHANNEL.id)
        answer = await client.post("/board/api/press", json={"payload": roll}, headers=headers)
        assert answer.status == 200 and (await answer.json())["toasts"] == []
        await settle(board)
        # the channel shows the roll: a new board (the old one's buttons disabled), still
        # with its Open board button, whose game buttons are the mover's
        after = last_board(fake_discord, CHANNEL.id)
        facts = await bot.app.facts(key)
        assert facts is not None and facts.board_message == after["id"] != before["id"]
        assert "Roll" not in [c.get("label") for c in components_of(after)]
        assert [b["label"] for b in board_buttons(after)] == [OPEN]
        old = fake_discord.messages[int(before["id"])]
        assert all(c.get("disabled") for c in components_of(old))
        assert fake_discord.ephemeral() == []


async def test_the_computers_turn_follows_a_web_press_in_the_channel(
    fake_discord: FakeDiscord,
) -> None:
    computer = QuickComputer()
    app = App(MemoryStore(), dice=Dice(6), computer=computer)
    driver = await started(fake_discord, app=app)
    bot = bot_of(driver)
    key = table_key(CHANNEL.id)
    await driver.command(ALICE, "new", "1 bot casual")  # in a channel: the computer waits
    await driver.click(ALICE, "Join")  # for whoever joins
    async with web_board(bot) as (client, board):
        headers = session_for(board, ALICE, key)
        confirmed = False
        for _ in range(12):  # Alice plays her turn on the web board
            state = await (await client.get("/board/api/state", headers=headers)).json()
            kinds = {a["kind"]: a["payload"] for a in state["actions"]}
            payload = kinds.get("roll") or kinds.get("confirm") or state["steps"][0]["payload"]
            decided = computer.decisions
            await client.post("/board/api/press", json={"payload": payload}, headers=headers)
            await settle(board)
            if payload == kinds.get("confirm"):
                confirmed = True
                assert computer.decisions > decided  # the computer played at once
                break
        assert confirmed
        facts = await app.facts(key)
        assert facts is not None and facts.to_act == (f"discord:{ALICE.id}",)
        assert facts.board_message == last_board(fake_discord, CHANNEL.id)["id"]


async def test_serve_gives_the_bot_the_activity_and_the_web_boards_hooks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[tuple[bool, object]] = []

    async def start(self: NardyBot, token: str, *, reconnect: bool = True) -> None:
        seen.append((self.web_activity, self.deliver_to))

    monkeypatch.setattr(NardyBot, "start", start)
    app = App(MemoryStore())
    hooks: dict[str, Any] = {}
    activity = load_settings(
        discord_token=TOKEN,
        discord_client_id=900000000000000001,
        discord_client_secret="s",
        webboard_enabled=True,
        webboard_url="https://bot.example.org/board/",
        http_listen="127.0.0.1:9100",
    )
    await serve(app, activity, deliver_to=hooks)
    await serve(app, load_settings(discord_token=TOKEN), deliver_to=hooks)
    assert seen == [(True, hooks), (False, None)]


# -- the Entry Point command --------------------------------------------------------------------


async def test_the_global_upload_keeps_the_activitys_entry_point(
    fake_discord: FakeDiscord,
) -> None:
    """A global upload replaces every command of the application: with the Activity set up it
    lists, beside the slash commands, the Entry Point command Discord launches the Activity
    with (its App Launcher's way in); a test guild's upload (Entry Points are global only),
    and a bot without the Activity, list none."""
    driver = await started(fake_discord)
    bot = bot_of(driver)
    without = NardyBot(App(MemoryStore()), tick_seconds=None)
    await Driver.start(without, fake_discord)
    assert await bot.command_digest() != await without.command_digest()
    synced = await bot.sync_commands()
    [put] = [c for c in fake_discord.calls if c.method == "PUT"]
    assert put.path == f"/applications/{APP_ID}/commands"
    kinds = [c.get("type", 1) for c in put.body]
    assert kinds.count(4) == 1 and len(put.body) == len(COMMANDS) + 1
    [launch] = [c for c in put.body if c.get("type") == 4]
    assert (launch["name"], launch["handler"]) == ("launch", 2)
    assert launch["description"] == t("en", "discord-launch-description")
    assert launch["description_localizations"] == {
        "ru": t("ru", "discord-launch-description"),
        "uk": t("uk", "discord-launch-description"),
    }
    assert all(
        0 < len(d) <= 100
        for d in [launch["description"], *launch["description_localizations"].values()]
    )
    assert len(synced) == len(COMMANDS) + 1
    await without.sync_commands()
    assert all(c.get("type", 1) != 4 for c in fake_discord.calls[-1].body)
    guild = NardyBot(App(MemoryStore()), test_guild=GUILD_ID, tick_seconds=None, web_activity=True)
    await Driver.start(guild, fake_discord)
    await guild.sync_commands()
    last = [c for c in fake_discord.calls if c.method == "PUT"][-1]
    assert last.path.endswith(f"/guilds/{GUILD_ID}/commands")
    assert all(c.get("type", 1) != 4 for c in last.body)


async def test_python_m_bot_sync_commands_keeps_the_entry_point_too(
    fake_discord: FakeDiscord,
) -> None:
    from bot import runtime

    settings = load_settings(
        discord_token=TOKEN,
        discord_client_id=APP_ID,
        discord_client_secret="s",
        webboard_enabled=True,
        webboard_url="https://bot.example.org/board/",
        http_listen="127.0.0.1:9100",
    )
    assert await runtime.sync_commands(settings) == 0
    [put] = [c for c in fake_discord.calls if c.method == "PUT"]
    assert [c["name"] for c in put.body if c.get("type") == 4] == ["launch"]
