"""The evaluation core with each engine's nets (:mod:`bot.ai.core`, ``engine="gnubg"`` and
``engine="sage"``): both give legal answers cubeful at the score through the same API, Open
Sage's agree with GNU Backgammon's where the answer is known, and choosing the engine changes
nothing but the nets (the settings, the worker, the advice and the analysis carry it through).
"""

from __future__ import annotations

import random
from dataclasses import replace

import bgbot_cpp
import pytest
from ai_support import play_computer_game
from bgsage import STARTING_BOARD

from bot.ai import core, sage
from bot.ai.advice import advise
from bot.ai.analysis import analyse_match
from bot.ai.computer import decide
from bot.ai.levels import LEVELS
from bot.ai.worker import DEFAULT_ENGINES, DEFAULT_NARDY_ENGINE, ENGINE_USES, ComputerWorker
from engine import Action, ActionKind, Game, Match, Options, Phase, Position, legal_plays
from engine.movegen import apply_steps
from engine.result import WinKind

ENGINES: tuple[core.Engine, ...] = ("gnubg", "sage")

OPENINGS = {(3, 1): "8/5 6/5", (4, 2): "8/4 6/4", (5, 3): "8/3 6/3", (6, 1): "13/7 8/7"}
"""Opening rolls whose best play every strong bot agrees on."""


def random_positions(count: int, seed: int) -> list[tuple[Position, tuple[int, int]]]:
    """Positions of seeded random games (hits, the bar, bear-offs), each with a roll."""
    rng = random.Random(seed)
    found: list[tuple[Position, tuple[int, int]]] = []
    while len(found) < count:
        position = Position.initial()
        for _ in range(rng.randrange(2, 60)):
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            plays = legal_plays(position, dice)
            if plays:
                position = apply_steps(position, rng.choice(plays).steps)
            if not any(position.player):
                break
            position = position.swapped()
        if any(position.player) and any(position.opponent):
            found.append((position, (rng.randint(1, 6), rng.randint(1, 6))))
    return found


# -- the board and the same legal plays -------------------------------------------------------


def test_the_board_is_open_sages_own() -> None:
    assert sage.board(Position.initial()) == STARTING_BOARD
    # Open Sage's own move generator reaches exactly the positions of the engine's legal plays:
    # the board is read as the engine's, bar and borne-off checkers included
    for position, dice in random_positions(60, 1):
        ours = {
            tuple(sage.board(apply_steps(position, p.steps))) for p in legal_plays(position, dice)
        }
        theirs = {tuple(b) for b in bgbot_cpp.possible_moves(sage.board(position), *dice)}
        # where nothing can be played, Open Sage lists the board left as it is
        assert ours == (theirs - {tuple(sage.board(position))} if not ours else theirs), position


@pytest.mark.parametrize("engine", ENGINES)
def test_every_engine_ranks_every_legal_play(engine: core.Engine) -> None:
    cubes = [core.Cube(jacoby=True), core.Cube(length=5, score=(2, 3)), core.Cube(in_play=False)]
    for k, (position, dice) in enumerate(random_positions(12, 2)):
        cube = cubes[k % len(cubes)]
        ranked = core.rank_plays(position, dice, cube, k % 2, engine=engine)
        assert sorted(r.play.steps for r in ranked) == sorted(
            p.steps for p in legal_plays(position, dice)
        )
        for r in ranked:
            assert -3.0 <= r.equity <= 3.0 and 0.0 <= r.probs[0] <= 1.0
            assert r.probs[1] <= r.probs[0] + 1e-6 and r.probs[3] <= 1.0 - r.probs[0] + 1e-6


# -- Open Sage against GNU Backgammon on known positions -------------------------------------


@pytest.mark.parametrize(("dice", "best"), list(OPENINGS.items()))
def test_the_opening_rolls(dice: tuple[int, int], best: str) -> None:
    for cube in (core.Cube(jacoby=True), core.Cube(length=5)):
        figures = {}
        for engine in ENGINES:
            for ply in (0, 1):
                ranked = core.rank_plays(Position.initial(), dice, cube, ply, engine=engine)
                assert ranked[0].play.notation() == best, (engine, ply, ranked[:2])
                figures[engine, ply] = ranked[0].equity
        # the two nets value the opening plays alike (a few hundredths apart)
        assert figures["sage", 1] == pytest.approx(figures["gnubg", 1], abs=0.06)


def test_a_simple_bear_off() -> None:
    # two checkers each: on the 6 and 1 points, the opponent's on its 1 and 2 points; 6-5 bears
    # both off at once (and the game is won), whoever values it
    position = Position.from_points({6: 1, 1: 1}, {1: 1, 2: 1})
    for engine in ENGINES:
        ranked = core.rank_plays(position, (6, 5), core.Cube(), 0, engine=engine)
        assert ranked[0].equity == pytest.approx(1.0)
    # a race on the last roll: the side on roll needs doubles (one chance in six)
    last = Position.from_points({6: 1, 5: 1}, {1: 1})
    values = {e: core.evaluate(last, core.Cube(in_play=False), 0, engine=e) for e in ENGINES}
    for probs, equity in values.values():
        assert probs[0] == pytest.approx(1 / 6, abs=0.01)
        assert equity == pytest.approx(2 / 6 - 1, abs=0.02)


def clear_cubes() -> list[tuple[Position, core.Cube, str]]:
    """Positions whose cube decision is clear: (position, cube, the verdict's kind)."""
    # four checkers left against fifteen in the outfield: nothing to hope for
    over = Position.from_points({1: 2, 2: 2}, {13: 8, 12: 7})
    # races: 54 pips against 66, and even at 69
    ahead = Position.from_points({6: 3, 5: 3, 4: 3, 3: 3}, {6: 4, 5: 4, 4: 4, 3: 2})
    even = Position.from_points({6: 4, 5: 4, 4: 4, 3: 3}, {6: 4, 5: 4, 4: 4, 3: 3})
    return [
        (Position.initial(), core.Cube(), "no double, take"),
        (over, core.Cube(), "double, pass"),
        (over, core.Cube(length=7, score=(2, 2)), "double, pass"),
        (ahead, core.Cube(), "double, pass"),
        (even, core.Cube(length=7, score=(2, 2)), "no double, take"),
    ]


@pytest.mark.parametrize("case", range(5))
def test_clear_cube_decisions_agree(case: int) -> None:
    position, cube, kind = clear_cubes()[case]
    for engine in ENGINES:
        for ply in (0, 2):
            decision = core.cube_decision(position, cube, ply, engine=engine)
            double = decision.should_double or decision.too_good
            assert (double, decision.should_take) == (
                kind.startswith("double"),
                kind.endswith("take"),
            ), (engine, ply, decision)
            assert decision.double_pass == pytest.approx(1.0)


# -- cubeful at the score --------------------------------------------------------------------


def test_beavers_and_the_jacoby_rule_mean_the_same() -> None:
    start = Position.initial()
    for engine in ENGINES:
        money = core.cube_decision(start, core.Cube(jacoby=True, beavers=True), 0, engine=engine)
        # double/take is at the doubled cube taken (not beavered), below zero: a beaver
        assert -0.3 < money.double_take < 0 and money.verdict is core.CubeVerdict.NODOUBLE_BEAVER
        plain = core.cube_decision(start, core.Cube(jacoby=True), 0, engine=engine)
        assert plain.verdict is core.CubeVerdict.NODOUBLE_TAKE
        assert plain.double_take == pytest.approx(money.double_take, abs=1e-6)
    # the Jacoby rule: a gammon counts single with the cube centred, so a gammonish play is
    # worth less than without the rule, for both nets
    for engine in ENGINES:
        jacoby = core.rank_plays(start, (6, 6), core.Cube(jacoby=True), 0, engine=engine)
        free = core.rank_plays(start, (6, 6), core.Cube(), 0, engine=engine)
        assert jacoby[0].equity < free[0].equity


def test_match_figures_are_emg_and_mwc_at_the_score() -> None:
    position = clear_cubes()[1][0]
    cube = core.Cube(length=7, score=(2, 4))
    for engine in ENGINES:
        decision = core.cube_decision(position, cube, 0, engine=engine)
        assert decision.mwc is not None
        for emg, mwc in zip(
            (decision.no_double, decision.double_take, decision.double_pass),
            decision.mwc,
            strict=True,
        ):
            assert core.emg_to_mwc(emg, cube) == pytest.approx(mwc, abs=1e-6)
        # passing gives the doubler the cube's point: his chances 5-away 3-away (both MET the
        # same, Kazaross-XG2)
        assert decision.mwc[2] == pytest.approx(core.emg_to_mwc(1.0, cube), abs=1e-6)
        assert bgbot_cpp.get_met(4, 3, False) == pytest.approx(decision.mwc[2], abs=1e-4)


def test_dead_cubes_and_the_crawford_game() -> None:
    position = clear_cubes()[1][0]
    for engine in ENGINES:
        # a one-point match, and the leader's own cube that already wins him the match
        for cube in (core.Cube(length=1), core.Cube(length=5, score=(3, 1), value=2, owner=0)):
            decision = core.cube_decision(position, cube, 0, engine=engine)
            assert not decision.available and not decision.should_double, (engine, cube)
        # the Crawford game is weighed cubeless at the score (the leader's gammon is worth no
        # more than a single game: one wins him the match)
        crawford = core.Cube(length=5, score=(4, 2), crawford=True, in_play=False)
        assert core.win_value(crawford, WinKind.GAMMON) == pytest.approx(1.0, abs=1e-6)
        probs, equity = core.evaluate(Position.initial(), crawford, 0, engine=engine)
        assert equity == pytest.approx(core.utility(probs, crawford), abs=0.01)


def test_utility_is_gnubgs_cubeless_equity() -> None:
    cubes = [
        core.Cube(in_play=False),
        core.Cube(in_play=False, jacoby=True),
        core.Cube(in_play=False, backgammons=False),
        core.Cube(length=7, score=(3, 5), in_play=False),
        core.Cube(length=5, score=(4, 1), crawford=True, in_play=False),
    ]
    for position, _dice in random_positions(10, 3):
        for cube in cubes:
            probs, equity = core.evaluate(position, cube, 0)
            assert core.utility(probs, cube) == pytest.approx(equity, abs=1e-5)


def test_where_open_sage_cannot_weigh_gnubg_does() -> None:
    # a backgammon counted as a gammon: Open Sage's cubeful search counts three
    cube = core.Cube(backgammons=False)
    for position, dice in random_positions(4, 4):
        for ply in (0, 1):
            assert core.rank_plays(position, dice, cube, ply, engine="sage") == core.rank_plays(
                position, dice, cube, ply, engine="gnubg"
            )


# -- the engine chosen, and nothing else --------------------------------------------------------


@pytest.mark.parametrize("level", ["strong", "expert"])
def test_whole_games_between_the_engines_are_legal(level: str) -> None:
    for seed in range(1 if level == "expert" else 2):
        for engines in (("sage", "gnubg"), ("gnubg", "sage")):
            assert play_computer_game(
                "backgammon", (level, level), seed, engines=engines, match_length=5, score=(2, 3)
            ).is_over
            assert play_computer_game(
                "backgammon",
                ("strong", "strong"),
                seed,
                engines=engines,
                options=Options(beaver=True),
            ).is_over


def test_the_engine_changes_the_figures_and_nothing_else() -> None:
    rolled = Game.new().roll(0, iter((4, 1)).__next__)
    assert rolled.turn is not None and rolled.phase is Phase.MOVE
    advices = {e: advise(rolled, rolled.turn, 1, engine=e) for e in ENGINES}
    assert advices["gnubg"].engine == "gnubg" and advices["sage"].engine == "sage"
    gnubg, open_sage = advices["gnubg"], advices["sage"]
    assert (gnubg.kind, gnubg.ply, len(gnubg.plays)) == (
        open_sage.kind,
        open_sage.ply,
        len(open_sage.plays),
    )
    plays = legal_plays(rolled.position, (4, 1))
    for shown in open_sage.plays:
        assert plays[shown.index].notation() == shown.notation
    before = replace(rolled, phase=Phase.ROLL, dice=None)
    cubes = {e: advise(before, rolled.turn, 0, engine=e) for e in ENGINES}
    assert cubes["gnubg"].cube is not None and cubes["sage"].cube is not None
    assert cubes["gnubg"].cube.double == cubes["sage"].cube.double is False
    # a computer's decision of each kind comes out of both, legal
    for engine in ENGINES:
        action = decide(rolled, rolled.turn, LEVELS["expert"], random.Random(1), engine=engine)
        assert action is not None and action.kind == ActionKind.PLAY and rolled.may(action)
        doubled = before.apply(Action(ActionKind.DOUBLE, before.turn or 0))
        answer = decide(doubled, 1 - (before.turn or 0), LEVELS["expert"], engine=engine)
        assert answer == Action(ActionKind.TAKE, 1 - (before.turn or 0))


def test_the_analysis_differs_only_in_its_figures() -> None:
    match = Match.new(3)
    rng = random.Random(5)
    dice = random.Random(6)
    while not match.game.is_over:
        game = match.game
        if game.phase is Phase.OPENING:
            match = match.with_game(game.roll(0, lambda: dice.randint(1, 6)))
            continue
        player = game.responder if game.responder is not None else game.turn
        assert player is not None
        action = decide(game, player, LEVELS["casual"], rng)
        assert action is not None
        match = match.apply(action, (lambda: dice.randint(1, 6)) if action.kind == "roll" else None)
    found = {e: analyse_match(match, 0, engine=e) for e in ENGINES}
    assert found["gnubg"].engine == "gnubg" and found["sage"].engine == "sage"
    # the same decisions, the same plays made; whether a cube decision was close enough to
    # count is the nets' own figure
    shape = {
        e: [
            (d.game, d.turn, d.player, d.kind, d.made, d.unforced or d.kind != "move")
            for d in a.decisions
        ]
        for e, a in found.items()
    }
    assert shape["gnubg"] == shape["sage"] and shape["gnubg"]
    assert len(found["gnubg"].luck) == len(found["sage"].luck)
    assert any(
        a.loss != b.loss
        for a, b in zip(found["gnubg"].decisions, found["sage"].decisions, strict=True)
    )


def test_the_worker_takes_an_engine_per_use() -> None:
    assert set(DEFAULT_ENGINES) == set(ENGINE_USES)
    worker = ComputerWorker(engines={"expert": "sage"})
    assert worker.engine("expert") == "sage"
    assert worker.engine("strong") == DEFAULT_ENGINES["strong"]
    with pytest.raises(ValueError):
        ComputerWorker(engines={"grandmaster": "sage"})
    assert ComputerWorker().nardy_engine == DEFAULT_NARDY_ENGINE == "net"
    assert ComputerWorker(nardy_engine="classic").nardy_engine == "classic"
    with pytest.raises(ValueError):
        ComputerWorker(nardy_engine="neural")  # type: ignore[arg-type]


async def test_the_worker_asks_the_engine_of_each_use() -> None:
    worker = ComputerWorker(ponder=False, engines={"hint": "sage", "analysis": "sage"})
    try:
        rolled = Game.new().roll(0, iter((5, 2)).__next__)
        assert rolled.turn is not None
        advice = await worker.advise(rolled, rolled.turn)
        assert advice is not None and advice.engine == "sage" and advice.ply == worker.hint_ply
        expected = core.rank_plays(
            rolled.position,
            (5, 2),
            core.cube_of(rolled, rolled.turn),
            worker.hint_ply,
            engine="sage",
        )
        assert [p.value for p in advice.plays] == pytest.approx(
            [r.equity for r in expected[: len(advice.plays)]], abs=1e-6
        )
        action = await worker.decide(rolled, rolled.turn, "expert", "seed")
        assert action is not None and rolled.may(action)
    finally:
        await worker.close()


def test_a_game_over_is_worth_its_points_to_both() -> None:
    over = Position.from_points({24: 15}, {})  # the opponent is off: a backgammon lost
    for engine in ENGINES:
        _probs, equity = core.evaluate(over, core.Cube(), 0, engine=engine)
        assert equity == pytest.approx(-core.win_value(core.Cube(), WinKind.BACKGAMMON))
