"""``/hint`` on Discord: real discord.py objects from raw gateway payloads (``discord_harness``),
the advice from a real worker process — the advice and its Play buttons reach the player who
asked alone (an ephemeral message), a hinted play's button pressed there plays exactly that play
at the table, and the opponent and a spectator are told privately why they get no hint."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
import pytest_asyncio
from discord_harness import (
    APP_ID,
    EPHEMERAL,
    Driver,
    FakeDiscord,
    Person,
    Place,
    components_of,
    installed,
    labels,
)
from test_app_support import Dice
from test_discord import ALICE, BOB, CHANNEL, EVE, take_turn, texts

from bot.ai.worker import ComputerWorker
from bot.app import App, Reply, SendText, Update
from bot.app.payload import parse_payload
from bot.discord_bot import NardyBot, table_key
from bot.discord_bot.components import BUTTON_PREFIX
from bot.i18n import t
from bot.store import MemoryStore
from engine.game import Game, Phase

pytestmark = pytest.mark.asyncio(loop_scope="module")

DIRECT = Place(600000000000000041, kind=1)


@pytest.fixture
def fake_discord(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeDiscord]:
    yield from installed(monkeypatch)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def worker() -> AsyncIterator[ComputerWorker]:
    started = ComputerWorker(1, hint_ply=1)
    await started.start()
    yield started
    await started.close()


async def game_of(app: App, place: Place) -> Game:
    table = await app.load_table(table_key(place.id))
    assert table is not None
    return table.state().game


def private_hint(fake: FakeDiscord, person: Person) -> dict[str, Any]:
    """The newest hint message: ephemeral, addressed to ``person``."""
    found = [
        m
        for _, m in sorted(fake.messages.items())
        if m["content"].startswith(f"Hint for {person.name}")
    ]
    assert found, "no hint was sent"
    assert found[-1]["flags"] & EPHEMERAL, found[-1]
    return found[-1]


def play_button(message: dict[str, Any], label: str) -> str:
    """The custom id of ``message``'s button labelled ``label``."""
    return str(next(c["custom_id"] for c in components_of(message) if c.get("label") == label))


def hint_buttons(message: dict[str, Any]) -> list[str]:
    """The hinted plays' buttons of a message (their custom ids)."""
    return [
        c["custom_id"]
        for c in components_of(message)
        if c.get("custom_id", "").startswith(BUTTON_PREFIX)
        and parse_payload(c["custom_id"].removeprefix(BUTTON_PREFIX)).action == "hint_play"
    ]


async def until_a_choice(driver: Driver, app: App, place: Place, people: list[Person]) -> Game:
    """Play on until the player on roll has a choice of plays."""
    for _ in range(60):
        game = await game_of(app, place)
        if game.phase is Phase.MOVE and len(game.builder.legal_plays) > 1:
            return game
        await take_turn(driver, people, game)
    raise AssertionError("nobody ever had a choice of plays")


async def test_a_hinted_play_pressed_is_played_exactly(
    worker: ComputerWorker, fake_discord: FakeDiscord
) -> None:
    app = App(MemoryStore(), dice=Dice(8), computer=worker, adviser=worker)
    driver = await Driver.start(NardyBot(app, tick_seconds=None), fake_discord, DIRECT)
    await driver.command(ALICE, "new", "money bot")
    for _ in range(60):
        game = await game_of(app, DIRECT)
        if game.phase is Phase.MOVE and game.turn == 0 and len(game.builder.legal_plays) > 1:
            break
        await take_turn(driver, [ALICE, BOB], game)
    else:
        raise AssertionError("Alice never had a choice of plays")
    await driver.command(ALICE, "hint")
    hint = private_hint(fake_discord, ALICE)
    assert hint["content"].startswith("Hint for Alice (GNU Backgammon's nets, 1-ply):")
    shown = labels(hint)
    assert 2 <= len(shown) <= 5 and all(label.startswith("Play ") for label in shown)
    chosen = shown[1].removeprefix("Play ")
    await driver.press(ALICE, int(hint["id"]), play_button(hint, shown[1]))
    after = await game_of(app, DIRECT)
    mine = next(e for e in after.log[len(game.log) :] if e.action == "move")
    assert mine.player == 0 and mine.value[0] == chosen
    assert fake_discord.ephemeral() == [hint["content"]]  # no refusal


async def test_only_the_player_to_act_gets_a_hint(
    worker: ComputerWorker, fake_discord: FakeDiscord
) -> None:
    app = App(MemoryStore(), dice=Dice(2), computer=worker, adviser=worker)
    driver = await Driver.start(NardyBot(app, tick_seconds=None), fake_discord, CHANNEL)
    await driver.command(ALICE, "new", "money")
    await driver.click(BOB, "Join")
    await driver.click(ALICE, "Roll")
    game = await game_of(app, CHANNEL)
    mover, other = (ALICE, BOB) if game.turn == 0 else (BOB, ALICE)
    await driver.command(other, "hint")
    spectator = await driver.command(EVE, "hint")
    assert fake_discord.ephemeral() == [t("en", "hint-not-your-turn"), t("en", "hint-spectator")]
    # The spectator's refusal was foreseen: nobody else saw a "thinking…" for it.
    assert driver.response_of(spectator) == {"type": 5, "data": {"flags": EPHEMERAL}}
    await driver.command(mover, "hint")
    assert f"Hint for {mover.name}" not in texts(fake_discord)
    hint = private_hint(fake_discord, mover)
    assert labels(hint) and all(label.startswith("Play ") for label in labels(hint))


async def test_a_hint_reaches_the_player_who_asked_alone_and_its_play_is_played(
    worker: ComputerWorker, fake_discord: FakeDiscord
) -> None:
    app = App(MemoryStore(), dice=Dice(3), computer=worker, adviser=worker)
    driver = await Driver.start(NardyBot(app, tick_seconds=None), fake_discord, CHANNEL)
    await driver.command(ALICE, "new", "money")  # between people: hints on by default
    await driver.click(BOB, "Join")
    game = await until_a_choice(driver, app, CHANNEL, [ALICE, BOB])
    assert game.turn is not None
    mover = [ALICE, BOB][game.turn]
    before = await app.load_table(table_key(CHANNEL.id))
    assert before is not None and before.place.board_message is not None
    board_before = int(before.place.board_message)
    assert labels(fake_discord.messages[board_before])  # the public board, its buttons on
    public_before = len(fake_discord.public())
    asked = await driver.command(mover, "hint")
    # Deferred privately: nobody else sees even a "thinking…" for it.
    assert driver.response_of(asked) == {"type": 5, "data": {"flags": EPHEMERAL}}
    # The advice went out as the interaction's ephemeral followup, its Play buttons with it.
    posts = [
        c
        for c in fake_discord.calls
        if c.method == "POST"
        and isinstance(c.body, dict)
        and "Hint for" in (c.body.get("content") or "")
    ]
    assert len(posts) == 1
    assert posts[0].path == f"/webhooks/{APP_ID}/{asked['token']}"
    assert posts[0].body["flags"] & EPHEMERAL and posts[0].body["components"]
    hint = private_hint(fake_discord, mover)
    buttons = hint_buttons(hint)
    assert len(buttons) == len(labels(hint)) >= 2
    # Nothing public shows it: no new public message, no text of it, no Play button.
    assert len(fake_discord.public()) == public_before
    assert "Hint for" not in texts(fake_discord)
    assert all(hint_buttons(m) == [] for m in fake_discord.public())
    # The hinted play pressed on the ephemeral message is played at the table, for everyone.
    chosen = labels(hint)[1].removeprefix("Play ")
    await driver.press(mover, int(hint["id"]), buttons[1])
    after = await game_of(app, CHANNEL)
    played = next(e for e in after.log[len(game.log) :] if e.action == "move")
    assert played.player == game.turn and played.value[0] == chosen
    assert after.turn != game.turn or after.is_over
    # The public board moved on: the old board's buttons are off, a new board is posted.
    assert labels(fake_discord.messages[board_before]) == []
    newest = fake_discord.public()[-1]
    assert len(fake_discord.public()) > public_before and newest["embeds"]
    table = await app.load_table(table_key(CHANNEL.id))
    assert table is not None and table.place.board_message == newest["id"]
    # The hint's buttons are spent (disabled on the ephemeral message), nothing refused.
    assert labels(fake_discord.messages[int(hint["id"])]) == []
    assert fake_discord.ephemeral() == [hint["content"]]


async def test_replies_for_the_sender_alone_leave_no_public_thinking(
    fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = App(MemoryStore(), dice=Dice(1))
    driver = await Driver.start(NardyBot(app, tick_seconds=None), fake_discord, CHANNEL)
    batches: list[list[Reply]] = [
        [SendText("for Alice alone", private=True)],
        [SendText("for everyone"), SendText("for Alice too", private=True)],
    ]

    async def handle(update: Update) -> list[Reply]:
        return batches.pop(0)

    monkeypatch.setattr(app, "handle", handle)
    for _ in range(2):
        asked = await driver.command(ALICE, "board")  # deferred publicly ("thinking…")
        assert driver.response_of(asked) == {"type": 5}
        dropped = [
            c
            for c in fake_discord.calls
            if c.method == "DELETE" and c.path.endswith(f"/{asked['token']}/messages/@original")
        ]
        assert len(dropped) == 1  # before any followup could take the thinking's place
    assert fake_discord.ephemeral() == ["for Alice alone", "for Alice too"]
    assert [m["content"] for m in fake_discord.public()] == ["for everyone"]
