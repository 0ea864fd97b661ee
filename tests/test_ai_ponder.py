"""The computer thinks on its opponent's time (:meth:`bot.ai.worker.ComputerWorker.ponder`): what
it decides from a ponder is what its worker would decide, a play it did not foresee goes to the
worker, a ponder that fails costs nothing, and the app starts the ponders at a person's roll.

Real worker processes throughout; the time saved is measured by ``python -m benchmarks.opponent``.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
from collections import Counter
from collections.abc import AsyncIterator, Callable
from dataclasses import fields, replace

import pytest
import pytest_asyncio
from conftest import warm_worker
from test_app_computer import Player, person_line
from test_app_support import ALICE, BOB, Dice

from benchmarks.opponent import next_to_act, seeded_match_game
from bot.ai import core
from bot.ai.computer import decide
from bot.ai.levels import LEVELS
from bot.ai.worker import PONDER_LEVELS, PONDER_PLAYS, ComputerWorker, ponder_key
from bot.app import App
from bot.app.opponent import to_ponder
from bot.store import MemoryStore, TableKey
from engine.game import NOT_IN_DECISION_KEY, Action, ActionKind, DecisionKey, Game, Phase
from engine.movegen import legal_plays

STAND_IN = LEVELS["casual"]


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def pondering() -> AsyncIterator[ComputerWorker]:
    async with warm_worker() as started:
        yield started


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def plain() -> AsyncIterator[ComputerWorker]:
    async with warm_worker(ponder=False) as started:
        yield started


def ranked(game: Game) -> list[core.RankedPlay]:
    """The plays of the roll of ``game`` (player 0 to play) at 0-ply, best first, as the ponder
    ranks them (cubeful at the game's score)."""
    assert game.dice is not None
    return core.rank_plays(game.position, game.dice, core.cube_of(game, 0), 0)


def roller(seed: int) -> Callable[[], int]:
    dice = random.Random(seed)
    return lambda: dice.randint(1, 6)


def rolled(seed: int = 3) -> Game:
    """A game in its middle, player 0 to play a roll with many plays."""
    game = Game.new("backgammon", match_length=5)
    roll = roller(seed)
    rng = random.Random(seed)
    while True:
        game = game.roll(0, roll) if game.phase is Phase.OPENING else game
        if game.phase is Phase.ROLL:
            assert game.turn is not None
            game = game.apply(Action(ActionKind.ROLL, game.turn), roll)
        if game.phase is Phase.MOVE:
            assert game.dice is not None and game.turn is not None
            plays = legal_plays(game.position, game.dice)
            if game.turn == 0 and len(game.log) > 12 and len(plays) > PONDER_PLAYS + 2:
                return game
            game = game.play(game.turn, rng.choice(plays)) if plays else game.confirm(game.turn)


def test_the_levels_pondered_at_are_those_without_noise() -> None:
    assert {name for name, level in LEVELS.items() if level.noise == 0} == PONDER_LEVELS


def test_the_key_holds_what_the_decision_depends_on_and_nothing_else() -> None:
    game = rolled()
    assert game.dice is not None
    play = legal_plays(game.position, game.dice)[0]
    after = game.play(0, play)
    by_steps = game
    for step in play.steps:
        by_steps = by_steps.add_step(0, step)
    by_steps = by_steps.confirm(0)
    assert after.phase is Phase.ROLL and after.turn == 1
    key = ponder_key(after, 1, "strong")
    assert key is not None and key == ponder_key(by_steps, 1, "strong")
    assert ponder_key(after, 1, "expert") not in (None, key)
    assert ponder_key(after, 1, "beginner") is None  # noise: its decision is its turn's seed's
    assert ponder_key(after, 0, "strong") is None  # not his decision
    assert ponder_key(game, 0, "strong") is None  # a play: the roll decides it
    assert ponder_key(replace(after, score=(1, 0)), 1, "strong") != key
    doubled = after.apply(Action(ActionKind.DOUBLE, 1))
    answer = ponder_key(doubled, 0, "strong")
    assert answer is not None and answer != key and ponder_key(doubled, 1, "strong") is None


def test_every_field_of_a_game_is_in_the_decision_key_or_said_not_to_matter() -> None:
    """A field added to ``Game`` must be put in the key or named as not mattering (the key
    was once a hand-listed tuple that missed fields)."""
    game_fields = {f.name for f in fields(Game)}
    key_fields = {f.name for f in fields(DecisionKey)} - {"player", "declined"}
    assert key_fields | set(NOT_IN_DECISION_KEY) == game_fields
    assert not key_fields & set(NOT_IN_DECISION_KEY)


@pytest.mark.asyncio(loop_scope="module")
async def test_what_it_decides_from_a_ponder_is_what_its_worker_decides(
    pondering: ComputerWorker, plain: ComputerWorker
) -> None:
    """Seeded games of ``strong`` against a club player's stand-in, the computer pondering while
    the stand-in is on roll and over each of its rolls; every decision of the computer asked of a
    worker that does not ponder too, and the two the same."""
    answered: Counter[str] = Counter()
    for g in range(6):
        game = seeded_match_game(700 + g)
        roll = roller(800 + g)
        noise = random.Random(900 + g)
        me = g % 2
        for step in range(3000):
            game, player = next_to_act(game, roll)
            if player is None:
                break
            if player != me:
                if game.phase in (Phase.ROLL, Phase.MOVE) and game.resign is None:
                    await pondering.pondered(game, player, me, "strong")
                action = decide(game, player, STAND_IN, noise)
            else:
                hits = pondering.ponder_hits
                action = await pondering.decide(game, me, "strong", f"{g}-{step}")
                assert action == await plain.decide(game, me, "strong", f"{g}-{step}")
                if pondering.ponder_hits > hits:
                    assert action is not None
                    answered[action.kind] += 1
            assert action is not None
            game = game.apply(action, roll if action.kind == "roll" else None)
        assert game.is_over
    # the ponders answered the cube decisions that matter, not only the rolls
    assert answered["roll"] > 50 and answered["double"] >= 1
    assert answered["take"] + answered["pass"] >= 1


@pytest.mark.asyncio(loop_scope="module")
async def test_a_play_it_did_not_foresee_goes_to_its_worker(
    pondering: ComputerWorker, plain: ComputerWorker
) -> None:
    game = rolled(5)
    assert game.dice is not None
    assert await pondering.pondered(game, 0, 1, "strong") >= 1
    plays = ranked(game)
    assert len(plays) > PONDER_PLAYS
    best, worst = (game.play(0, plays[i].play) for i in (0, -1))
    hits = pondering.ponder_hits
    assert await pondering.decide(worst, 1, "strong", "w") == await plain.decide(
        worst, 1, "strong", "w"
    )
    assert pondering.ponder_hits == hits  # not among the best: its worker decided
    assert await pondering.decide(best, 1, "strong", "b") == await plain.decide(
        best, 1, "strong", "b"
    )
    assert pondering.ponder_hits == hits + 1


@pytest.mark.asyncio(loop_scope="module")
async def test_a_ponder_whose_worker_dies_keeps_nothing_and_the_next_one_works(
    pondering: ComputerWorker,
) -> None:
    game = rolled(7)
    assert await pondering.pondered(game, 0, 1, "expert") >= 1  # the ponder worker runs
    [pid] = pondering.ponder_pids()
    killed = asyncio.ensure_future(pondering.pondered(rolled(8), 0, 1, "expert"))
    await asyncio.sleep(0.05)  # expert looks at 2-ply: the ponder is under way
    os.kill(pid, signal.SIGKILL)
    assert await killed == 0
    assert pondering.ponder_pids() != [pid]
    assert await pondering.pondered(rolled(9), 0, 1, "strong") >= 1


@pytest.mark.asyncio(loop_scope="module")
async def test_only_the_levels_without_noise_are_pondered_for(pondering: ComputerWorker) -> None:
    game = rolled(11)
    started = pondering.ponders
    pondering.ponder(game, 0, 1, "casual")
    pondering.ponder(replace(game, variant="long_nardy"), 0, 1, "strong")
    pondering.ponder(game, 1, 0, "strong")  # not his roll
    assert pondering.ponders == started
    assert await pondering.pondered(game, 0, 1, "casual") == 0
    hits = pondering.ponder_hits
    assert game.dice is not None
    after = game.play(0, legal_plays(game.position, game.dice)[0])
    await pondering.decide(after, 1, "casual", "c")
    assert pondering.ponder_hits == hits


@pytest.mark.asyncio(loop_scope="module")
async def test_a_roll_is_pondered_over_once(pondering: ComputerWorker) -> None:
    game = rolled(13)
    started = pondering.ponders
    pondering.ponder(game, 0, 1, "strong")
    pondering.ponder(game, 0, 1, "strong")
    assert pondering.ponders == started + 1
    await pondering.ponders_done()
    pondering.ponder(game, 0, 1, "strong")  # done already: its decisions are kept
    pondering.ponder(game, 0, 1, "expert")  # another level decides otherwise
    assert pondering.ponders == started + 2
    await pondering.ponders_done()
    best = game.play(0, ranked(game)[0].play)
    hits = pondering.ponder_hits
    await pondering.decide(best, 1, "strong", "s")
    await pondering.decide(best, 1, "expert", "e")
    assert pondering.ponder_hits == hits + 2


@pytest.mark.asyncio(loop_scope="module")
async def test_the_app_ponders_at_a_persons_roll_and_plays_as_it_would_without(
    pondering: ComputerWorker, plain: ComputerWorker
) -> None:
    """The same person's lines against the computer in two apps, one pondering: the same games,
    and some of the computer's decisions came from ponders the app started."""
    tables = []
    hits = pondering.ponder_hits
    for worker in (pondering, plain):
        app = App(MemoryStore(), dice=Dice(21), computer=worker)
        me = Player(app, TableKey("telegram", "777"))
        await me.say("/new 3 bot")
        rng = random.Random(22)
        for _ in range(400):
            table = await me.table()
            if table.stage != "play" or table.state().is_over:
                break
            await worker.ponders_done()  # the person thinks for longer than the computer
            await me.say(person_line(table.state().game, rng))
        tables.append(await me.table())
    pondered, unpondered = tables
    assert pondered.state().is_over
    assert pondered.match == unpondered.match
    assert pondering.ponder_hits > hits


@pytest.mark.asyncio(loop_scope="module")
async def test_the_app_ponders_where_a_person_plays_the_computer_and_nowhere_else(
    plain: ComputerWorker,
) -> None:
    app = App(MemoryStore(), dice=Dice(31), computer=plain)
    me = Player(app, TableKey("telegram", "778"))
    await me.say("/new 3 bot")
    rng = random.Random(3)
    seen: set[Phase] = set()
    for _ in range(80):
        table = await me.table()
        if table.stage != "play":
            break
        game = table.state().game
        seat = table.seat_of(me.user.ref)
        assert seat is not None
        target = to_ponder(table)
        if game.turn == seat and game.resign is None and game.phase in (Phase.ROLL, Phase.MOVE):
            assert target == (game, seat, 1 - seat, "strong")
            seen.add(game.phase)
        else:
            assert target is None
        await me.say(person_line(game, rng))
    assert seen == {Phase.ROLL, Phase.MOVE}
    # two persons: nothing to ponder for
    group = TableKey("telegram", "-1077")
    alice = Player(app, group, ALICE, private=False)
    bob = Player(app, group, BOB, private=False)
    await alice.say("/new 3")
    await bob.say("/join")
    table = await bob.table()
    assert table.stage == "play" and to_ponder(table) is None
