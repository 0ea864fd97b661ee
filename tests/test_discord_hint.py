"""``/hint`` on Discord: real discord.py objects from raw gateway payloads (``discord_harness``),
the advice from a real worker process — a hinted play's button plays exactly that play, and the
opponent and a spectator are told privately why they get no hint."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest
import pytest_asyncio
from discord_harness import EPHEMERAL, Driver, FakeDiscord, Place, installed
from test_app_support import Dice
from test_discord import ALICE, BOB, CHANNEL, EVE, take_turn, texts

from bot.ai.worker import ComputerWorker
from bot.app import App
from bot.discord_bot import NardyBot, table_key
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
    assert "Hint for Alice (GNU Backgammon's nets, 1-ply):" in texts(fake_discord)
    labels = driver.labels()
    assert 2 <= len(labels) <= 5 and all(label.startswith("Play ") for label in labels)
    chosen = labels[1].removeprefix("Play ")
    await driver.click(ALICE, labels[1])
    after = await game_of(app, DIRECT)
    mine = next(e for e in after.log[len(game.log) :] if e.action == "move")
    assert mine.player == 0 and mine.value[0] == chosen
    assert fake_discord.ephemeral() == []


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
    assert f"Hint for {mover.name}" in texts(fake_discord)
    assert all(label.startswith("Play ") for label in driver.labels())
