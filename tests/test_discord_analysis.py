"""``analysis`` on Discord: real discord.py objects from raw payloads (``discord_harness``), the
analysis from a real worker process — the match's last board offers it, one progress message is
edited in place game by game, the result replaces it, then the worst decisions' boards and the
``.mat`` file; ``/analysis`` before any game is over is refused privately."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest
from discord_harness import Driver, FakeDiscord, installed
from test_app_support import Dice
from test_discord import ALICE, BOB, CHANNEL, EVE, match, open_match, take_turn

from bot.ai.worker import ComputerWorker
from bot.app import App
from bot.app.match_analysis import claim
from bot.discord_bot import NardyBot, table_key
from bot.discord_bot.client import CLOSE_TIMEOUT
from bot.i18n import t
from bot.store import MemoryStore
from engine.match import Match

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest.fixture
def fake_discord(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeDiscord]:
    yield from installed(monkeypatch)


async def play_match(driver: Driver, what: str = "3") -> Match:
    """Alice and Bob play a ``new what`` match (3 points of backgammon unless said) at the
    channel to its end; the match at its end."""
    await open_match(driver, what)
    for _ in range(3000):
        current = await match(driver)
        if current.is_over:
            return current
        await take_turn(driver, [ALICE, BOB], current.game)
    raise AssertionError("the match did not end")


async def test_the_progress_message_is_edited_in_place_then_replaced_by_the_result(
    worker: ComputerWorker, fake_discord: FakeDiscord
) -> None:
    app = App(MemoryStore(), dice=Dice(7), analyser=worker, progress_every=0.0)
    driver = await Driver.start(NardyBot(app, tick_seconds=None), fake_discord, CHANNEL)
    await driver.command(EVE, "analysis")
    assert fake_discord.ephemeral() == [t("en", "analysis-nothing")]
    current = await play_match(driver)
    assert driver.labels() == ["Analysis"]
    before = set(fake_discord.messages)
    await driver.click(EVE, "Analysis")
    posted = [m for mid, m in sorted(fake_discord.messages.items()) if mid not in before]
    progress = posted[0]
    games = current.number
    edits = [
        str(c.body["content"])
        for c in fake_discord.calls
        if c.method == "PATCH"
        and c.path.endswith(f"/messages/{progress['id']}")
        and "content" in (c.body or {})
    ]
    assert edits[:-1] == [f"Analysing game {n} of {games}…" for n in range(2, games + 1)]
    # The result replaced the progress message.
    shown = fake_discord.messages[int(progress["id"])]["content"]
    assert shown == edits[-1] and shown.startswith("Analysis by GNU Backgammon's nets")
    assert "Alice: PR " in shown and "Bob: PR " in shown
    boards = [m for m in posted if m["embeds"]]
    assert boards and all(": game " in m["embeds"][0]["description"] for m in boards)
    files = [a for m in posted for a in m["attachments"] if a["filename"] == "match.mat"]
    assert len(files) == 1
    # Nobody was refused on the way (the first ``/analysis`` only).
    assert fake_discord.ephemeral() == [t("en", "analysis-nothing")]


async def test_long_nardy_on_the_network_gives_its_own_error_rate_and_worst_boards(
    worker: ComputerWorker, fake_discord: FakeDiscord
) -> None:
    app = App(MemoryStore(), dice=Dice(5), analyser=worker, progress_every=0.0)
    driver = await Driver.start(NardyBot(app, tick_seconds=None), fake_discord, CHANNEL)
    await play_match(driver, "nardy 1")
    assert driver.labels() == ["Analysis"]
    before = set(fake_discord.messages)
    await driver.click(EVE, "Analysis")
    posted = [m for mid, m in sorted(fake_discord.messages.items()) if mid not in before]
    shown = str(posted[0]["content"])
    # the shared worker analyses at 0-ply: the network alone
    assert shown.startswith(t("en", "analysis-title-nardy-net", games=1, ply=0))
    assert "Alice: error rate (long nardy) " in shown
    assert "Bob: error rate (long nardy) " in shown and "PR" not in shown
    boards = [m for m in posted if m["embeds"]]
    assert boards
    for m in boards:
        description = m["embeds"][0]["description"]
        assert ": game 1, move " in description and "Best: " in description
    assert not [a for m in posted for a in m["attachments"] if a["filename"].endswith(".mat")]


async def test_closing_the_client_during_an_analysis_gives_its_claim_back(
    worker: ComputerWorker, fake_discord: FakeDiscord
) -> None:
    store = MemoryStore()
    app = App(store, dice=Dice(7), analyser=worker, progress_every=0.0)
    driver = await Driver.start(NardyBot(app, tick_seconds=None), fake_discord, CHANNEL)
    await play_match(driver)
    key = table_key(CHANNEL.id)
    clicked = asyncio.ensure_future(driver.click(EVE, "Analysis"))

    def progress() -> list[dict[str, Any]]:
        return [
            m
            for m in fake_discord.messages.values()
            if str(m.get("content")).startswith("Analysing game 1 of")
        ]

    async with asyncio.timeout(30):  # the interaction is acknowledged, the analysis under way
        while not progress():
            await asyncio.sleep(0.005)
    assert not await claim(store, key)
    async with asyncio.timeout(CLOSE_TIMEOUT + 30):
        await driver.client.close()
        await clicked  # the interaction's task, cancelled: done
    assert progress()  # it was stopped before its result
    assert await claim(store, key)  # given back
