"""Puzzles on Discord: real discord.py objects from raw payloads (``discord_harness``), the
analysis from a real worker process.  A match played in a channel and analysed; ``/puzzle`` in
a direct message shows a player's own puzzle as a board with the answers as buttons; answered
right (the board edited with the grade) and wrong (typed in ``/puzzle answer:``), its schedule
moving as SM-2 says; the daily puzzle set with ``/settings``, posted in the channel once at its
hour by two clients ticking at once and once more the next day after a restart, its answers
graded in a note the presser alone sees."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest
from discord_harness import Driver, FakeDiscord, Place, components_of, installed
from test_app_puzzles import Clock
from test_app_support import Dice
from test_discord import ALICE, BOB, CHANNEL, EVE
from test_discord_analysis import play_match

from bot.ai.worker import ComputerWorker
from bot.app import App
from bot.app.payload import parse_payload
from bot.app.puzzles.personal import load_deck
from bot.app.puzzles.records import Card, Deck
from bot.app.puzzles.srs import DAY, RELEARN
from bot.discord_bot import NardyBot
from bot.discord_bot.components import BUTTON_PREFIX
from bot.i18n import t
from bot.store import MemoryStore, UserKey

pytestmark = pytest.mark.asyncio(loop_scope="module")

START = 1_800_000_000.0  # 08:00 UTC
NINE = START + 3600
DIRECT = Place(600000000000000091, kind=1)


@pytest.fixture
def fake_discord(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeDiscord]:
    yield from installed(monkeypatch)


def first_due(deck: Deck) -> Card:
    return min(deck.cards, key=lambda c: (c.schedule.due, c.puzzle.id))


def newest_with_buttons(fake: FakeDiscord, place: Place) -> dict[str, Any]:
    for message in reversed(fake.public()):
        if int(message["channel_id"]) == place.id and list(components_of(message)):
            return dict(message)
    raise AssertionError("no message with buttons")


def custom_id_of(message: dict[str, Any], index: int) -> str:
    """The ``custom_id`` of the message's button answering with answer ``index``."""
    for component in components_of(message):
        custom_id = str(component.get("custom_id", ""))
        payload = custom_id.removeprefix(BUTTON_PREFIX)
        if payload != custom_id and parse_payload(payload).args[-1:] == (index,):
            return custom_id
    raise AssertionError(f"no answer {index}")


def text_of(message: dict[str, Any]) -> str:
    """A board's caption (its embed's description) or a text's content."""
    if message.get("embeds"):
        return str(message["embeds"][0].get("description", ""))
    return str(message.get("content", ""))


async def test_puzzles_in_a_direct_message(
    worker: ComputerWorker, fake_discord: FakeDiscord
) -> None:
    clock = Clock(START)
    store = MemoryStore()
    app = App(store, dice=Dice(7), analyser=worker, progress_every=0.0, clock=clock)
    driver = await Driver.start(NardyBot(app, tick_seconds=None), fake_discord, CHANNEL)
    await play_match(driver)
    await driver.click(EVE, "Analysis")
    alice = UserKey("discord", str(ALICE.id))
    deck = await load_deck(store, alice)
    assert deck.cards
    # In the server's channel: refused privately.
    await driver.command(ALICE, "puzzle")
    assert fake_discord.ephemeral()[-1] == t("en", "puzzle-private", cmd_puzzle="/puzzle")
    await driver.command(ALICE, "puzzle", place=DIRECT)
    shown = newest_with_buttons(fake_discord, DIRECT)
    card = first_due(deck)
    assert text_of(shown).startswith(f"🧩 Your puzzle ({len(deck.cards)} due)")
    clock.now += 30
    await driver.press(ALICE, int(shown["id"]), custom_id_of(shown, 0), place=DIRECT)
    edited = fake_discord.messages[int(shown["id"])]
    assert text_of(edited).startswith("✅ Best: ")
    assert "This puzzle comes back in 1 day." in text_of(edited)
    deck = await load_deck(store, alice)
    right = deck.card(card.puzzle.id)
    assert right is not None and right.schedule.due == clock.now + DAY
    # Wrong, typed: the play made in the game.
    await driver.command(ALICE, "puzzle", place=DIRECT)
    second = first_due(deck)
    made = second.puzzle.choices[second.puzzle.made].text
    clock.now += 30
    await driver.command(ALICE, "puzzle", made, place=DIRECT)
    graded = [m for m in fake_discord.public() if int(m["channel_id"]) == DIRECT.id][-1]
    assert text_of(graded).startswith(("❌ Wrong: ", "⚠️ Inaccurate: "))
    assert "This puzzle comes back in 10 minutes." in text_of(graded)
    deck = await load_deck(store, alice)
    missed = deck.card(second.puzzle.id)
    assert missed is not None and missed.schedule.due == clock.now + RELEARN


async def test_the_daily_puzzle_once_a_day_in_the_channel(fake_discord: FakeDiscord) -> None:
    clock = Clock(START)
    store = MemoryStore()
    driver = await Driver.start(
        NardyBot(App(store, clock=clock), tick_seconds=None), fake_discord, CHANNEL
    )
    await driver.command(ALICE, "settings", "puzzle 09:00")
    assert (
        t("en", "puzzle-daily-on", time="09:00")
        in [str(m.get("content")) for m in fake_discord.public()] + fake_discord.ephemeral()
    )
    other = await Driver.start(
        NardyBot(App(store, clock=clock), tick_seconds=None), fake_discord, CHANNEL
    )

    def boards() -> list[dict[str, Any]]:
        return [
            m
            for m in fake_discord.public()
            if int(m["channel_id"]) == CHANNEL.id
            and ("Puzzle of the day" in text_of(m) or text_of(m).startswith("🧩 The answer"))
        ]

    await driver.client.deliver_ticks()  # type: ignore[attr-defined]
    assert boards() == []
    clock.now = NINE
    await asyncio.gather(
        driver.client.deliver_ticks(),  # type: ignore[attr-defined]
        other.client.deliver_ticks(),  # type: ignore[attr-defined]
    )
    assert len(boards()) == 1
    post = boards()[0]
    before = len(fake_discord.public())
    await driver.press(BOB, int(post["id"]), custom_id_of(post, 0))
    assert fake_discord.ephemeral()[-1].startswith("✅ Best: ")
    assert len(fake_discord.public()) == before  # a note to Bob alone
    # A restart: a new client on the same store; later the same day nothing, the next day one.
    restarted = await Driver.start(
        NardyBot(App(store, clock=clock), tick_seconds=None), fake_discord, CHANNEL
    )
    clock.now = NINE + 7200
    await restarted.client.deliver_ticks()  # type: ignore[attr-defined]
    assert len(boards()) == 1
    clock.now = NINE + DAY
    await asyncio.gather(
        restarted.client.deliver_ticks(),  # type: ignore[attr-defined]
        other.client.deliver_ticks(),  # type: ignore[attr-defined]
    )
    assert len(boards()) == 2
    assert text_of(boards()[1]).startswith("Yesterday's puzzle: the best was ")
    assert "found by Bob (1 answer)." in text_of(boards()[1]).splitlines()[0]
    # Yesterday's message, edited: its answer and who found it, no buttons.
    first = fake_discord.messages[int(post["id"])]
    assert text_of(first).startswith("🧩 The answer: ") and not list(components_of(first))
