"""The computer's strength: levels ordered by their error, cube decisions as GNU Backgammon's, the
long nardy player legal, calibrated and better than chance.

The fixed positions are those of ``tests/data/ai_positions.json`` (:mod:`benchmarks.ai_sets`);
the figures themselves are measured by ``python -m benchmarks.opponent``.  The reference for a
cube decision is the evaluation core's at 2-ply (:func:`bot.ai.core.cube_decision`), which is
GNU Backgammon's own: checked here against ``gnubg -t`` itself, and against the stored money
advice made with it.  (The stored match advice is the older ``gnubg_nn``'s, which GNU
Backgammon 1.07 overrules in places: post-Crawford optional doubles, some passes.)
"""

from __future__ import annotations

import random
import statistics
from dataclasses import replace
from typing import Any

import pytest
from ai_support import play_computer_game

from benchmarks.ai_sets import case_game, cube_game, gnubg_cube_advice, load, parse_action
from benchmarks.nardy_tune import greedy_player, nardy, random_player
from benchmarks.nardy_tune import match as nardy_match
from benchmarks.opponent import computer_cube
from bot.ai import core, nardy_player
from bot.ai.computer import (
    CLEARLY_DOUBLE,
    CLEARLY_NO_DOUBLE,
    CLEARLY_PAST_CASH,
    CLEARLY_TAKE_OR_PASS,
    NARDY_DEPTH,
    decide,
)
from bot.ai.levels import LEVELS, choose_ranked
from engine import Action, ActionKind, Game, Phase, Position, legal_plays
from engine.nardy import LONG_NARDY_OPTIONS, LongNardyPosition

DATA = load()


def money_game(case: dict[str, Any]) -> Game:
    """The game of one fixed money cube case."""
    return cube_game(
        Position.from_gnubg_id(case["position"]), 0, (0, 0), case["cube"], case["owned"]
    )


def core_cube(game: Game, ply: int = 2) -> tuple[bool, bool]:
    """The core's (double, take) for player 0 on roll in ``game``."""
    decision = core.cube_decision(game.position, core.cube_of(game, 0), ply)
    return decision.should_double, decision.should_take


DRAWS = 4


def level_errors(positions: list[tuple[Position, tuple[int, int]]]) -> dict[str, float]:
    """Each level's PR-like error (mean equity lost per decision × 500) on ``positions`` (all
    unforced, money play), against every legal play weighed at 2-ply (no move filter)."""
    cube = core.Cube()
    lost: dict[str, list[float]] = {name: [] for name in LEVELS}
    for i, (position, dice) in enumerate(positions):
        full = {
            play: core.cubeful_after(position, play, cube, 2)[1]
            for play in legal_plays(position, dice)
        }
        best = max(full.values())
        for name, level in LEVELS.items():
            rng = random.Random(i * 7919 + 1)
            for _ in range(DRAWS if level.noise > 0 else 1):
                chosen = choose_ranked(position, dice, cube, level, rng)
                assert chosen is not None
                lost[name].append(max(0.0, best - full[chosen]))
    return {name: 500.0 * statistics.fmean(v) for name, v in lost.items()}


@pytest.mark.parametrize("level", list(LEVELS))
def test_whole_long_nardy_games_are_legal_at_every_level(level: str) -> None:
    # the hand-weighted player (AI_NARDY_ENGINE=classic); the network's: tests/test_nardy_net.py
    # depth 2 (expert) plays the cubed game only: tests/test_nardy_player.py has its others
    for seed in range({0: 4, 1: 1}.get(nardy_depth(level), 0)):
        game = play_computer_game("long_nardy", (level, "beginner"), seed, nardy_net=False)
        assert game.is_over and game.result is not None
    cubed = play_computer_game(
        "long_nardy",
        ("casual", level),
        7,
        nardy_net=False,
        options=replace(LONG_NARDY_OPTIONS, cube=True),
    )
    assert cubed.is_over


def nardy_depth(level: str) -> int:
    return NARDY_DEPTH[level][0]


def test_levels_are_ordered_by_their_error_against_two_ply() -> None:
    positions = [
        (Position.from_gnubg_id(p["position"]), (p["dice"][0], p["dice"][1]))
        for p in DATA["plays"][:24]
    ]
    errors = level_errors(positions)
    assert errors["beginner"] > errors["casual"] > errors["strong"] >= errors["expert"]
    assert errors["expert"] < 0.5  # GNU Backgammon's move filter, against every play at 2-ply


def test_the_cores_match_cube_decisions_are_gnu_backgammons() -> None:
    # the leader at 1-away has a dead cube: gnubg -t gives no cube analysis there (no double)
    games = [case_game(case) for case in DATA["cube"][:12]]
    assert any(g.match_length - g.score[0] == 1 for g in games)
    assert gnubg_cube_advice(games) == [core_cube(game) for game in games]


CUBE_TIE = 0.005
"""Equities this close are one answer (GNU Backgammon's own hint calls plays this close equal)."""


def test_the_stored_match_advice_is_gnu_backgammons_and_the_cores() -> None:
    """The fixed match cube positions carry ``gnubg -t``'s own 2-ply answers at their score
    (``benchmarks.ai_sets``), and the core gives the same answer on every one of them."""
    cases = DATA["cube"]
    assert len(cases) == 200 and 20 < sum(c["double"] for c in cases) < 180
    assert gnubg_cube_advice([case_game(c) for c in cases[-8:]]) == [
        (c["double"], c["take"]) for c in cases[-8:]
    ]
    differ = [c for c in cases if core_cube(case_game(c)) != (c["double"], c["take"])]
    # where they differ, the two answers are a tie of equity (a race's last thousandths)
    for case in differ:
        game = case_game(case)
        d = core.cube_decision(game.position, core.cube_of(game, 0), 2)
        ties = abs(d.double_take - d.double_pass), abs(d.no_double - d.double_pass)
        assert min(ties) < CUBE_TIE, (case, d)
    assert len(differ) <= 4


def test_the_stored_money_advice_is_gnu_backgammons_and_the_cores() -> None:
    games = [money_game(case) for case in DATA["money"][:4]]
    advice = gnubg_cube_advice(games)
    assert advice == [(c["double"], c["take"]) for c in DATA["money"][:4]]
    for case in DATA["money"]:
        assert core_cube(money_game(case)) == (case["double"], case["take"]), case
    assert parse_action("Too good to redouble, pass") == (False, False)
    assert parse_action("No double, beaver") == (False, True)
    assert parse_action("Redouble, take") == (True, True)


@pytest.mark.parametrize("level", ["strong", "expert"])
def test_match_cube_decisions_equal_the_cores_at_two_ply(level: str) -> None:
    rng = random.Random(3)
    for case in DATA["cube"][::4]:
        game = case_game(case)
        assert computer_cube(game, LEVELS[level], rng) == core_cube(game), case


def test_strong_decides_the_cube_at_zero_ply_where_it_is_clear_and_at_two_ply_where_close() -> None:
    strong = LEVELS["strong"]
    plain = replace(strong, cube_quick=False)
    seen = {"clear": 0, "cash": 0, "close": 0}
    for case in DATA["cube"][::2]:
        game = case_game(case)
        cube = core.cube_of(game, 0)
        zero = core.cube_decision(game.position, cube, 0)
        if not game.may(Action(ActionKind.DOUBLE, 0)) or not zero.available:
            continue
        unit = max(0.01, abs(zero.double_pass - zero.no_double))
        gain = (zero.double_take - zero.no_double) / unit
        cash = zero.double_pass - zero.no_double  # EMG: a point of the stake is 1
        if zero.too_good or not zero.should_take:
            kind = "cash" if abs(cash) >= CLEARLY_PAST_CASH else "close"
        elif gain < -CLEARLY_NO_DOUBLE or gain > CLEARLY_DOUBLE:
            kind = "clear"
        else:
            kind = "close"
        action = decide(game, 0, strong, random.Random(1))
        assert action is not None and action.kind in ("double", "roll")
        if kind == "close":
            assert action == decide(game, 0, plain, random.Random(1)), case
        else:
            assert (action.kind == "double") == zero.should_double, case
            # and 2-ply agrees
            assert (action.kind == "double") == core_cube(game)[0], case
        seen[kind] += 1
    assert seen["clear"] > 0 and seen["close"] > 0 and seen["cash"] > 0, seen


def test_strong_answers_a_clear_double_at_zero_ply_and_a_close_one_at_two_ply() -> None:
    strong = LEVELS["strong"]
    plain = replace(strong, cube_quick=False)
    seen = {"clear": 0, "close": 0}
    for case in DATA["cube"][::2]:
        game = case_game(case)
        zero = core.cube_decision(game.position, core.cube_of(game, 0), 0)
        margin = zero.double_pass - zero.double_take  # EMG: a point of the stake is 1
        doubled = replace(game, phase=Phase.DOUBLED)
        answer = decide(doubled, 1, strong, random.Random(1))
        assert answer is not None and answer.kind in ("take", "pass")
        if abs(margin) >= CLEARLY_TAKE_OR_PASS:
            assert (answer.kind == "take") == zero.should_take == core_cube(game)[1], case
            seen["clear"] += 1
        else:
            assert answer == decide(doubled, 1, plain, random.Random(1)), case
            seen["close"] += 1
    assert seen["clear"] > 0 and seen["close"] > 0, seen


def test_a_point_of_the_stake_is_one_emg_and_in_a_match_what_the_score_makes_it() -> None:
    position = Position.from_gnubg_id("t9MBBgLXdw4AAA")  # far ahead: double/pass is the cash
    money = core.Cube(value=4, owner=0, jacoby=True)
    assert core.emg_to_mwc(0.3, money) == 0.3 and core.mwc_to_emg(0.3, money) == 0.3
    decision = core.cube_decision(position, money, 0)
    assert decision.double_pass == pytest.approx(1.0) and decision.mwc is None
    # 1-away 1-away: a point of the stake is the match
    dmp = core.Cube(length=3, score=(2, 2))
    assert core.emg_to_mwc(1.0, dmp) == pytest.approx(1.0)
    assert core.emg_to_mwc(-1.0, dmp) == pytest.approx(0.0)
    # 2-away 4-away with a 2-cube: a win of the stake wins the match, a loss leaves 2-away
    # 2-away; one EMG is (1 - 0.5) / 2 of match winning chances
    two_four = core.Cube(value=2, owner=0, length=5, score=(3, 1))
    assert core.emg_to_mwc(1.0, two_four) == pytest.approx(1.0)
    assert core.emg_to_mwc(-1.0, two_four) == pytest.approx(0.5)
    assert core.emg_to_mwc(1.0, two_four) - core.emg_to_mwc(0.0, two_four) == pytest.approx(
        (1.0 - 0.5) / 2, abs=1e-6
    )
    match = core.Cube(length=7, score=(1, 0))
    decision = core.cube_decision(position, match, 0)
    assert decision.double_pass == pytest.approx(1.0, abs=1e-6) and decision.mwc is not None
    assert decision.mwc == pytest.approx(
        tuple(
            core.emg_to_mwc(e, match)
            for e in (decision.no_double, decision.double_take, decision.double_pass)
        )
    )


def test_money_cube_decisions_agree_with_gnu_backgammon() -> None:
    rng = random.Random(3)
    cases = DATA["money"]
    agree = 0
    for case in cases:
        agree += computer_cube(money_game(case), LEVELS["strong"], rng) == (
            case["double"],
            case["take"],
        )
    assert agree >= 0.98 * len(cases)


def test_post_crawford_the_computer_follows_gnubg_not_a_rule_of_thumb() -> None:
    # 3-away against 1-away after the Crawford game: gnubg plays on (too good to double)
    game = cube_game(Position.from_gnubg_id("23kHIAAXAAAAAA"), 3, (0, 2), 1, False)
    assert game.may(Action(ActionKind.DOUBLE, 0))
    assert core.cube_decision(game.position, core.cube_of(game, 0), 2).too_good
    assert decide(game, 0, LEVELS["strong"], random.Random(1)) == Action(ActionKind.ROLL, 0)


def test_the_nardy_evaluation_is_a_chance_that_favours_the_side_ahead() -> None:
    start = LongNardyPosition.initial()
    assert 0.5 < nardy_player.evaluate(start) < 0.7  # the tempo of being on roll
    ahead = LongNardyPosition(
        (0,) * 5 + (15,) + (0,) * 19, (0,) * 19 + (15,) + (0,) * 5
    )  # all home against all still far away
    assert nardy_player.evaluate(ahead) > 0.95
    assert nardy_player.evaluate(ahead.swapped()) < 0.05
    features = nardy_player.features(start)
    assert len(features) == len(nardy_player.DEFAULT_WEIGHTS.values())


def test_the_nardy_search_ranks_every_legal_play() -> None:
    for case in DATA["nardy"][:6]:
        position = LongNardyPosition(tuple(case["player"]), tuple(case["opponent"]))
        dice = (case["dice"][0], case["dice"][1])
        ranked = nardy_player.rank_plays(position, dice, 1)
        assert {r.play.steps for r in ranked} == {p.steps for p in legal_plays(position, dice)}
        deep = [r for r in ranked if r.depth == 1]
        assert len(deep) <= nardy_player.CANDIDATES
        assert all(0.0 <= r.value <= 1.0 for r in ranked)


def test_the_nardy_player_beats_random_and_greedy_players() -> None:
    player = nardy(nardy_player.DEFAULT_WEIGHTS)
    assert nardy_match(player, random_player, 10, 41) == 1.0
    assert nardy_match(player, greedy_player, 10, 42) >= 0.8
    deep = nardy(nardy_player.DEFAULT_WEIGHTS, 1)
    assert nardy_match(deep, random_player, 2, 43) == 1.0
