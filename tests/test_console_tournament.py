"""Tournaments at the console: a local event among the names at one keyboard, computer players
filling the field, every game played on the one terminal, to the champion.

The tables and the tournament live in a real Redis; the dice are seeded, the clock is the
test's; the computer players think in the test's own process (``QuickComputer``)."""

from __future__ import annotations

import io
import logging
import random
import re
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio
from ai_support import QuickComputer

from bot.app import App
from bot.console import TABLE, Console
from bot.store import RedisStore

MAX_LINES = 3000
"""Typed lines a test gives its players at most (a 1-point match takes some 40 each)."""

HEADING = re.compile(r"^Game (\d+\.\d+): (.+) — (.+)$", re.M)
CHAMPION = re.compile(r"^🏆 (.+) wins tournament [0-9a-f]{8}!$", re.M)
HOME = "Back at the console's own table."


@pytest_asyncio.fixture
async def store(redis_url: str) -> AsyncIterator[RedisStore]:
    store = RedisStore.from_url(redis_url)
    await store.client.flushdb()
    yield store
    await store.close()


def console_of(store: RedisStore, now: list[float], out: io.StringIO, seed: int = 3) -> Console:
    """Ann and Bob at one keyboard (as ``--players Ann,Bob``), the computer available."""
    dice = random.Random(seed)
    app = App(
        store, dice=lambda: dice.randint(1, 6), clock=lambda: now[0], computer=QuickComputer()
    )
    return Console(
        app, out=out, opponent="hotseat", players=("Ann", "Bob"), layout="wide", language="en"
    )


async def waiting_for(console: Console) -> dict[str, tuple[str, ...]]:
    """Who each of the tournament's games in play waits for (by the game's key)."""
    waits: dict[str, tuple[str, ...]] = {}
    for key in await console.app.events.games_of(TABLE):
        facts = await console.app.facts(key)
        assert facts is not None
        waits[key.tag] = facts.to_act
    return waits


def no_errors(caplog: pytest.LogCaptureFixture) -> None:
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, [r.getMessage() for r in errors]


async def test_a_local_swiss_is_played_to_its_champion(
    store: RedisStore, caplog: pytest.LogCaptureFixture
) -> None:
    """Two people and two computers, a Swiss of two rounds of 1-point matches: the people sign
    up, the organiser fills the field, and from the start on every game is played on the
    terminal by typed lines alone — the people's games one after the other, each headed by its
    name, the computer's turns and the game among computers by themselves — to the champion;
    then the console is back at its own table."""
    caplog.set_level(logging.WARNING)
    now = [1_000_000.0]
    out = io.StringIO()
    console = console_of(store, now, out)
    ann, bob = (u.ref for u in console.users[:2])
    await console.line("tournament swiss 2 rounds 1")
    await console.line("Ann: tournament join")
    await console.line("Bob: tournament join")
    await console.line("Bob: fill 3")  # not the organiser: refused, and asked only once
    await console.line("fill 2")  # Ann (who made it, and sends the line) adds two
    signed = out.getvalue()
    assert "Swiss · backgammon · 1-point matches · 2 rounds" in signed
    assert "Ann is in (1 player)." in signed and "Bob is in (2 players)." in signed
    assert signed.count("Only the organiser or an administrator") == 1
    assert "Players: 4 of 64" in signed
    assert "Computer 1 (beginner) (1,500)" in signed and "Computer 2 (beginner) (1,500)" in signed
    assert console.table == TABLE

    before = len(out.getvalue())
    await console.line("tournament start")
    started = out.getvalue()[before:]
    assert "Round 1 of 2, pairings:" in started
    # The computer won an opening roll here: its first move was played with no line typed,
    # and so was every computer's turn that came before someone at the keyboard.
    assert re.search(r"^Computer \d \(beginner\) rolls \d-\d and plays ", started, re.M)
    waits = await waiting_for(console)
    assert len(waits) == 2
    assert all(to_act and set(to_act) <= {ann, bob} for to_act in waits.values()), waits
    # The typed lines now go to a game where Ann or Bob must act, its board shown last.
    assert console.table.tag in waits
    headed = HEADING.findall(started)
    assert headed[-1][0] == console.table.topic
    assert console.buttons_at == console.table and console.buttons

    for _ in range(MAX_LINES):
        if CHAMPION.search(out.getvalue()):
            break
        await console.line("1")
    said = out.getvalue()
    champion = CHAMPION.search(said)
    assert champion is not None, said[-3000:]
    assert f"The tournament is over. Champion: {champion[1]} 🏆" in said
    assert said.rstrip().endswith(HOME)
    assert console.table == TABLE
    # Every game of both rounds was played here, each headed when the terminal turned to it.
    assert {game for game, _, _ in HEADING.findall(said)} == {"1.1", "1.2", "2.1", "2.2"}
    assert said.count("wins the match") == 4
    assert "Round 2 of 2, pairings:" in said
    assert await console.app.events.games_of(TABLE) == []
    assert "Something went wrong" not in said
    no_errors(caplog)


async def test_computers_alone_play_the_whole_event_at_once(
    store: RedisStore, caplog: pytest.LogCaptureFixture
) -> None:
    """A field of computers only: the organiser's start line plays the whole event, round by
    round, its champion announced; the console never leaves its own table."""
    caplog.set_level(logging.WARNING)
    now = [1_000_000.0]
    out = io.StringIO()
    console = console_of(store, now, out, seed=5)
    await console.line("tournament swiss 2 rounds 1")
    await console.line("fill 4 casual")
    assert "Computer 4 (casual) (1,500)" in out.getvalue()
    await console.line("tournament start")
    said = out.getvalue()
    assert CHAMPION.search(said), said[-3000:]
    assert said.count("wins the match") == 4
    assert {game for game, _, _ in HEADING.findall(said)} == {"1.1", "1.2", "2.1", "2.2"}
    assert console.table == TABLE and HOME not in said
    no_errors(caplog)


async def test_against_the_computer_your_games_are_shown_from_your_side(
    store: RedisStore, caplog: pytest.LogCaptureFixture
) -> None:
    """No hot seat: you and a computer player, a knockout final.  Your lines go to your game
    (not typed as anyone's), and every board of it has your side at the bottom, whichever seat
    the pairing gave you."""
    caplog.set_level(logging.WARNING)
    now = [1_000_000.0]
    out = io.StringIO()
    dice = random.Random(3)
    app = App(
        store, dice=lambda: dice.randint(1, 6), clock=lambda: now[0], computer=QuickComputer()
    )
    console = Console(app, out=out, players=("Ann",), layout="wide", language="en")
    assert not console.hotseat
    for line in ("tournament knockout 1", "tournament join", "fill 1", "tournament start"):
        await console.line(line)
    assert console.table != TABLE
    for _ in range(MAX_LINES):
        if CHAMPION.search(out.getvalue()):
            break
        await console.line("1")
    said = out.getvalue()
    assert CHAMPION.search(said), said[-3000:]
    assert said.count("wins the match") == 1
    bottoms = re.findall(r"^  12 11 10 [^\n]*\n[ ▶][●○] (.+?) +\d+$", said, re.M)
    assert len(bottoms) > 10 and set(bottoms) == {"Ann"}
    assert said.rstrip().endswith(HOME) and console.table == TABLE
    no_errors(caplog)


async def test_the_tick_serves_a_tournament_game_lost_on_time(
    store: RedisStore, caplog: pytest.LogCaptureFixture
) -> None:
    """Ann and Bob's final, an hour a move: nobody types, time runs out.  The console's tick
    makes the loss on time at the game, then the tick of the event names the champion (the
    other one); the console is back at its own table."""
    caplog.set_level(logging.WARNING)
    now = [1_000_000.0]
    out = io.StringIO()
    console = console_of(store, now, out)
    await console.line("tournament knockout 1 clock=1h")
    await console.line("Ann: tournament join")
    await console.line("Bob: tournament join")
    await console.line("tournament start")
    game = console.table
    assert game != TABLE and game.topic == "1.1"
    (late,) = (await waiting_for(console))[game.tag]
    winner = next(u for u in console.users[:2] if u.ref != late)
    assert await console.ticks() == 0  # nothing is due yet
    before = len(out.getvalue())
    now[0] += 2 * 3600
    assert await console.ticks() >= 2  # the game's clock, the event (its standings too)
    said = out.getvalue()[before:]
    assert re.search(r"^Game 1\.1: (Ann — Bob|Bob — Ann)$", said, re.M)
    assert f"{winner.name} wins the match on time." in said
    assert f"🏆 {winner.name} wins tournament" in said
    assert said.rstrip().endswith(HOME)
    assert console.table == TABLE
    assert await console.ticks() == 0
    no_errors(caplog)
