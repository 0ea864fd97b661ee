"""Puzzles at the console: a player's puzzle printed as the text board with its answers numbered,
answered by typing a number (right) and in words (wrong), each graded with the figures; the
daily puzzle set at the console's table and printed by its tick once a day."""

from __future__ import annotations

import io
import re

from bot.app import App
from bot.app.puzzles.builtin import builtin
from bot.app.puzzles.daily import RETRY
from bot.app.puzzles.personal import load_deck
from bot.app.puzzles.records import Deck, deck_key
from bot.app.puzzles.srs import DAY
from bot.console import Console
from bot.store import MemoryStore, Versioned

START = 1_800_000_000.0  # 08:00 UTC


async def test_puzzles_and_the_daily_puzzle_at_the_console() -> None:
    now = [START]
    store = MemoryStore()
    out = io.StringIO()
    console = Console(App(store, clock=lambda: now[0]), out=out, language="en", players=("Ann",))
    # Ann's puzzles: two of the built-in set (what her analysed games would have given her).
    given = [p for p in builtin() if p.kind == "move" and p.game.variant == "backgammon"][:2]

    def seed(current: Versioned | None) -> bytes:
        return Deck().adding(given, START).to_bytes()

    await store.update(deck_key(console.me.key), seed)
    await console.send(console.me, "puzzle")
    shown = out.getvalue()
    first = min(given, key=lambda p: p.id)
    assert "🧩 Your puzzle (2 due), puzzle rating 1500" in shown
    dice = first.game.dice or (0, 0)
    assert f"You rolled {max(dice)}-{min(dice)}: find the best play." in shown
    # The answers are numbered: the best one's number pressed.
    numbered = {
        label: number
        for line in shown.splitlines()
        for number, label in re.findall(r"\[(\d+)\] (.+?)(?=  \[|$)", line)
    }
    assert first.best.text in numbered
    await console.send(console.me, numbered[first.best.text])
    answered = out.getvalue()[len(shown) :]
    assert f"✅ Best: {first.best.text}!" in answered
    assert "This puzzle comes back in 1 day." in answered
    deck = await load_deck(store, console.me.key)
    card = deck.card(first.id)
    assert card is not None and card.schedule.due == START + DAY
    # The other, answered in words with the play made in its game.
    second = max(given, key=lambda p: p.id)
    await console.send(console.me, "puzzle")
    before = len(out.getvalue())
    await console.send(console.me, f"puzzle {second.choices[second.made].text}")
    wrong = out.getvalue()[before:]
    assert "Wrong: " in wrong or "Inaccurate: " in wrong
    assert "This puzzle comes back in 10 minutes." in wrong

    # The daily puzzle at the console's table: printed by the tick at its hour, once.
    await console.send(console.me, "settings puzzle 09:00")
    assert "The puzzle of the day will come here every day at 09:00 UTC" in out.getvalue()
    assert await console.ticks() == 0
    now[0] = START + 3600
    before = len(out.getvalue())
    assert await console.ticks() == 1
    posted = out.getvalue()[before:]
    assert "🧩 Puzzle of the day, from the computer's games:" in posted
    now[0] += RETRY + 1
    assert await console.ticks() == 0
