"""Playing the computer in a direct message with the Discord bot: ``/new game: 1 bot expert``, the
computer's turns posted after the person's, and the channel typing while it thinks — real
discord.py objects (``discord_harness``), the computer in a real worker process."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from discord_harness import Driver, FakeDiscord, Place, installed, labels
from test_app_support import Dice
from test_discord import ALICE, BOB, take_turn, texts

from bot.ai.worker import ComputerWorker
from bot.app import App
from bot.discord_bot import NardyBot, table_key
from bot.store import MemoryStore

pytestmark = pytest.mark.asyncio(loop_scope="module")

DIRECT = Place(600000000000000031, kind=1)


@pytest.fixture
def fake_discord(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeDiscord]:
    yield from installed(monkeypatch)


async def test_a_direct_message_plays_the_computer(
    worker: ComputerWorker, fake_discord: FakeDiscord
) -> None:
    app = App(MemoryStore(), dice=Dice(5), computer=worker)
    driver = await Driver.start(NardyBot(app, tick_seconds=None), fake_discord, DIRECT)
    await driver.command(ALICE, "new", "1 bot expert")
    table = await app.load_table(table_key(DIRECT.id))
    assert table is not None and table.stage == "play"
    assert [s.user for s in table.seats] == [f"discord:{ALICE.id}", "computer:expert"]
    for _ in range(60):
        if "Computer (expert) rolls" in texts(fake_discord):
            break
        table = await app.load_table(table_key(DIRECT.id))
        assert table is not None
        game = table.state().game
        assert (game.responder if game.responder is not None else game.turn) in (0, None)
        await take_turn(driver, [ALICE, BOB], game)
    else:
        raise AssertionError("the computer never moved")
    typing = [c for c in fake_discord.calls if c.path.endswith(f"/channels/{DIRECT.id}/typing")]
    assert typing and all(c.method == "POST" for c in typing)
    assert fake_discord.ephemeral() == []


async def test_no_board_asks_the_computer_to_act(
    worker: ComputerWorker, fake_discord: FakeDiscord
) -> None:
    """A whole 1-point game: every board shows the person's turn (the computer's move first),
    none asks the computer to act, and the last one is the finished game's."""
    app = App(MemoryStore(), dice=Dice(7), computer=worker)
    driver = await Driver.start(NardyBot(app, tick_seconds=None), fake_discord, DIRECT)
    await driver.command(ALICE, "new", "1 bot")
    for _ in range(200):
        table = await app.load_table(table_key(DIRECT.id))
        assert table is not None
        if table.stage == "over":
            break
        await take_turn(driver, [ALICE, BOB], table.state().game)
    else:
        raise AssertionError("the game did not end")
    to_computer = re.compile(r"^Computer \(strong\)(, your turn| to play |: )", re.M)
    assert not to_computer.search(texts(fake_discord))
    assert texts(fake_discord).count("Computer (strong) rolls") > 3
    boards = [m for m in fake_discord.public() if m["embeds"]]
    assert boards and "Analysis" in labels(boards[-1])
