"""The computer's strength: levels ordered by their error, cube advice as GNU Backgammon's, the
long nardy player legal, calibrated and better than chance.

The fixed positions are those of ``tests/data/ai_positions.json`` (:mod:`benchmarks.ai_sets`);
the figures themselves are measured by ``python -m benchmarks.opponent``.
"""

from __future__ import annotations

import random
from dataclasses import replace

import gnubg_nn  # type: ignore[import-untyped]
import pytest
from ai_support import play_computer_game

from benchmarks.ai_sets import case_game, cube_game, gnubg_money_advice, load, parse_action
from benchmarks.nardy_tune import greedy_player, nardy, random_player
from benchmarks.nardy_tune import match as nardy_match
from benchmarks.opponent import computer_cube, level_errors
from bot.ai import gnubg_eval
from bot.ai.computer import (
    CLEARLY_DOUBLE,
    CLEARLY_NO_DOUBLE,
    CLEARLY_PAST_CASH,
    CLEARLY_TAKE_OR_PASS,
    NARDY_DEPTH,
    decide,
)
from bot.ai.gnubg_eval import CubeContext, gnubg_board
from bot.ai.levels import LEVELS
from engine import Action, Phase, Position, legal_plays, nardy_player
from engine.nardy import LONG_NARDY_OPTIONS, LongNardyPosition

DATA = load()


@pytest.mark.parametrize("level", list(LEVELS))
def test_whole_long_nardy_games_are_legal_at_every_level(level: str) -> None:
    # depth 2 (expert) plays the cubed game only: tests/test_nardy_player.py has its others
    for seed in range({0: 4, 1: 1}.get(nardy_depth(level), 0)):
        game = play_computer_game("long_nardy", (level, "beginner"), seed)
        assert game.is_over and game.result is not None
    cubed = play_computer_game(
        "long_nardy", ("casual", level), 7, options=replace(LONG_NARDY_OPTIONS, cube=True)
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
    assert errors["expert"] < 0.5  # the narrowed 2-ply, against the plain one


def test_the_stored_cube_advice_is_gnubg_nns_at_two_ply() -> None:
    for case in DATA["cube"][:15]:
        position = Position.from_gnubg_id(case["position"])
        away = (case["length"] - case["score"][0], case["length"] - case["score"][1])
        gnubg_nn.set.score(away[0], away[1], 0)
        try:
            if case["owned"]:
                gnubg_nn.set.cube(case["cube"], b"O")
            else:
                gnubg_nn.set.cube(case["cube"])
            key = gnubg_nn.key_of_board(gnubg_board(position))
            result = gnubg_nn.evaluate_cube_decision(key, 2, -1, b"O", 1)
        finally:
            gnubg_nn.set.cube(1)
            gnubg_nn.set.score(0, 0, 0)
        assert (bool(result[0]), bool(result[1])) == (case["double"], case["take"])


def test_the_stored_money_advice_is_gnu_backgammons() -> None:
    cases = DATA["money"][:4]
    advice = gnubg_money_advice(
        [(Position.from_gnubg_id(c["position"]), c["cube"], c["owned"]) for c in cases]
    )
    assert advice == [(c["double"], c["take"]) for c in cases]
    assert parse_action("Too good to redouble, pass") == (False, False)
    assert parse_action("No double, beaver") == (False, True)
    assert parse_action("Redouble, take") == (True, True)


@pytest.mark.parametrize("level", ["strong", "expert"])
def test_match_cube_decisions_equal_gnubg_at_two_ply(level: str) -> None:
    rng = random.Random(3)
    cases = DATA["cube"][::4]
    for case in cases:
        game = case_game(case)
        assert computer_cube(game, LEVELS[level], rng) == (case["double"], case["take"]), case


def test_strong_decides_the_cube_at_zero_ply_where_it_is_clear_and_at_two_ply_where_close() -> None:
    strong = LEVELS["strong"]
    plain = replace(strong, cube_quick=False)
    seen = {"clear": 0, "cash": 0, "close": 0}
    for case in DATA["cube"][::2]:
        game = case_game(case)
        ctx = gnubg_eval.cube_context(game, 0)
        if not ctx.may_double:
            continue
        zero = gnubg_eval.cube_decision(game.position, ctx, 0)
        assert zero.no_double is not None and zero.double_take is not None
        assert zero.double_pass is not None
        unit = max(0.01, abs(zero.double_pass - zero.no_double))
        gain = (zero.double_take - zero.no_double) / unit
        cash = (zero.double_pass - zero.no_double) / gnubg_eval.point_value(ctx)
        if zero.too_good or not zero.take:
            kind = "cash" if abs(cash) >= CLEARLY_PAST_CASH else "close"
        elif gain < -CLEARLY_NO_DOUBLE or (gain > CLEARLY_DOUBLE and zero.take):
            kind = "clear"
        else:
            kind = "close"
        action = decide(game, 0, strong, random.Random(1))
        assert action is not None and action.kind in ("double", "roll")
        if kind == "close":
            assert action == decide(game, 0, plain, random.Random(1)), case
        else:
            assert (action.kind == "double") == zero.double, case
            # and 2-ply agrees: the fixed advice is gnubg_nn's own at 2-ply
            assert (action.kind == "double") == case["double"], case
        seen[kind] += 1
    assert seen["clear"] > 0 and seen["close"] > 0 and seen["cash"] > 0, seen


def test_strong_answers_a_clear_double_at_zero_ply_and_a_close_one_at_two_ply() -> None:
    strong = LEVELS["strong"]
    plain = replace(strong, cube_quick=False)
    seen = {"clear": 0, "close": 0}
    for case in DATA["cube"][::2]:
        game = case_game(case)
        ctx = gnubg_eval.cube_context(game, 0)
        zero = gnubg_eval.cube_decision(game.position, ctx, 0)
        if zero.double_take is None or zero.double_pass is None:
            continue
        margin = (zero.double_pass - zero.double_take) / gnubg_eval.point_value(ctx)
        doubled = replace(game, phase=Phase.DOUBLED)
        answer = decide(doubled, 1, strong, random.Random(1))
        assert answer is not None and answer.kind in ("take", "pass")
        if abs(margin) >= CLEARLY_TAKE_OR_PASS:
            assert (answer.kind == "take") == zero.take == case["take"], case
            seen["clear"] += 1
        else:
            assert answer == decide(doubled, 1, plain, random.Random(1)), case
            seen["close"] += 1
    assert seen["clear"] > 0 and seen["close"] > 0, seen


def test_a_point_of_the_stake_is_worth_what_the_score_makes_it() -> None:
    money = gnubg_eval.point_value(CubeContext(None, 4, True, True))
    assert 0.025 < money < 0.035  # the money stand-in: about 0.03 whatever the cube
    assert gnubg_eval.point_value(CubeContext((1, 1), 1, False, True)) == pytest.approx(0.5)
    # 2-away 4-away with a 2-cube: a win of the stake wins the match, a loss leaves 2-away 2-away
    two_four = gnubg_eval.point_value(CubeContext((2, 4), 2, True, True))
    assert two_four == pytest.approx((1.0 - 0.5) / 2, abs=1e-6)


def test_money_cube_decisions_agree_with_gnu_backgammon() -> None:
    rng = random.Random(3)
    cases = DATA["money"]
    agree = 0
    for case in cases:
        game = cube_game(
            Position.from_gnubg_id(case["position"]), 0, (0, 0), case["cube"], case["owned"]
        )
        agree += computer_cube(game, LEVELS["strong"], rng) == (case["double"], case["take"])
    assert agree >= 0.98 * len(cases)


def test_post_crawford_the_computer_follows_gnubg_not_a_rule_of_thumb() -> None:
    # 3-away against 1-away after the Crawford game: gnubg plays on (too good to double)
    game = cube_game(Position.from_gnubg_id("23kHIAAXAAAAAA"), 3, (0, 2), 1, False)
    assert game.may(Action("double", 0))
    assert decide(game, 0, LEVELS["strong"], random.Random(1)) == Action("roll", 0)


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
