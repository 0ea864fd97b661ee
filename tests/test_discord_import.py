"""``/import file:`` and ``/position id:`` on Discord: raw ``INTERACTION_CREATE`` payloads through
real discord.py objects, the attachment fetched from the (fake) CDN."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from discord_harness import Driver, FakeDiscord, Person, Place, installed
from test_app_support import Dice

from bot.app import App
from bot.app.imports import MAX_FILE_BYTES
from bot.app.syntax import say
from bot.discord_bot import NardyBot, table_key
from bot.discord_bot.commands import discord_syntax
from bot.i18n import t
from bot.store import MemoryStore
from engine.match import Match

MATCH5 = (Path(__file__).parent / "data" / "mat" / "match5.mat").read_bytes()
ALICE = Person(100000000000000001, "Alice")
BOB = Person(100000000000000002, "Bob")
CHANNEL = Place(600000000000000001)


@pytest.fixture
def fake_discord(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeDiscord]:
    yield from installed(monkeypatch)


async def _driver(fake: FakeDiscord) -> Driver:
    bot = NardyBot(App(MemoryStore(), dice=Dice(1)), tick_seconds=None)
    return await Driver.start(bot, fake, CHANNEL)


async def test_an_attached_match_is_read_replayed_and_exported(fake_discord: FakeDiscord) -> None:
    driver = await _driver(fake_discord)
    await driver.command_file(ALICE, "import", "match5.mat", MATCH5)
    assert len(fake_discord.downloads) == 1
    summary = fake_discord.public()[-1]
    assert summary["content"] == (
        "Match read: gnubg vs root, match to 5 points; 4 games; final score 5–4."
    )
    assert driver.labels() == ["Replay", "Export .mat", "Analysis"]
    await driver.click(ALICE, "Replay")
    board = fake_discord.public()[-1]
    assert board["embeds"][0]["description"].startswith("Game 1 of 4, move 1 of ")
    board_id = int(board["id"])
    await driver.click(ALICE, "Next ▶")
    edited = fake_discord.messages[board_id]
    assert edited["embeds"][0]["description"].startswith("Game 1 of 4, move 2 of ")
    # Someone else's press is refused to him alone.
    await driver.click(BOB, "Next ▶")
    assert fake_discord.ephemeral()[-1] == t("en", "import-gone")
    await driver.click(ALICE, "Export .mat")
    sent = fake_discord.public()[-1]
    data = fake_discord.file_data[int(sent["id"])][0]
    assert Match.from_mat(data.decode()).score == (5, 4)


async def test_a_file_too_large_is_refused_without_fetching_it(fake_discord: FakeDiscord) -> None:
    driver = await _driver(fake_discord)
    size = MAX_FILE_BYTES * 4
    await driver.command_file(ALICE, "import", "big.mat", MATCH5, size=size)
    assert fake_discord.downloads == []
    assert fake_discord.ephemeral() == [t("en", "import-too-big", size=1024, max=256)]


async def test_a_garbled_file_is_refused_with_its_game_and_move(fake_discord: FakeDiscord) -> None:
    driver = await _driver(fake_discord)
    broken = MATCH5.decode().replace(" 2) 65: 24/18 18/13", " 2) 65: 24/18 zz", 1).encode()
    await driver.command_file(ALICE, "import", "broken.mat", broken)
    why = t("en", "error-syntax")
    assert fake_discord.ephemeral() == [t("en", "import-bad-move", game=1, move=2, why=why)]


async def test_position_sets_up_the_channels_table(fake_discord: FakeDiscord) -> None:
    driver = await _driver(fake_discord)
    await driver.command(ALICE, "position", "4HPwATDgc/ABMA:cIkKAAAAAAAA")
    assert "The game begins at the position" in fake_discord.public()[-1]["content"]
    await driver.click(BOB, "Join")
    assert isinstance(driver.client, NardyBot)
    table = await driver.client.app.load_table(table_key(CHANNEL.id))
    assert table is not None and table.mode == "money"
    await driver.command(BOB, "position", "nonsense")
    assert fake_discord.ephemeral()[-1] == say("en", discord_syntax, "table-game-running")
