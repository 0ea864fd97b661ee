"""The computer's backgammon evaluation against GNU Backgammon's nets and the engine."""

from __future__ import annotations

import random

import gnubg_nn  # type: ignore[import-untyped]
import pytest
from ai_support import play_computer_game

from bot.ai import gnubg_eval
from bot.ai.computer import decide
from bot.ai.gnubg_eval import (
    CubeContext,
    after_key,
    cube_context,
    cube_decision,
    gnubg_board,
    moves_key,
    rank_plays,
    resign_offer,
)
from bot.ai.levels import DEFAULT_LEVEL, LEVELS, find_level
from engine import Action, Game, Options, Phase, Position, legal_plays
from engine.result import WinKind


def _positions(count: int, seed: int) -> list[tuple[Position, tuple[int, int]]]:
    """Positions with a roll, from seeded games of random legal plays."""
    rng = random.Random(seed)
    out: list[tuple[Position, tuple[int, int]]] = []
    while len(out) < count:
        pos = Position.initial()
        for _ in range(rng.randint(1, 40)):
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            plays = legal_plays(pos, dice)
            if plays and min(pos.off()) == 0:
                out.append((pos, dice))
            if not plays:
                pos = pos.swapped()
                continue
            pos = pos.after(rng.choice(plays))
            if 15 in pos.off():
                break
    return out[:count]


POSITIONS = _positions(120, 7)


def test_board_order_is_opponent_then_on_roll() -> None:
    pos = Position.from_points({6: 5, 8: 3, 13: 5, 24: 2}, {6: 5, 8: 3, 13: 4, 24: 2, 11: 1})
    board = gnubg_board(pos)
    assert board == [list(pos.opponent), list(pos.player)]
    assert gnubg_nn.position_id(board) == pos.gnubg_id()


def test_keys_of_best_move_and_moves_match_the_engines_plays() -> None:
    for pos, dice in POSITIONS:
        board = gnubg_board(pos)
        plays = legal_plays(pos, dice)
        listed = gnubg_nn.best_move(board, dice[0], dice[1], n=0, b=1, list=1)[2]
        assert {entry[0] for entry in listed} == {after_key(pos, p) for p in plays}
        moved = gnubg_nn.moves(board, dice[0], dice[1], 1)
        assert {entry[0] for entry in moved} == {moves_key(pos, p) for p in plays}


@pytest.mark.parametrize("ply", [0, 1, 2])
def test_every_ranked_play_is_legal_and_the_best_equals_gnubg(ply: int) -> None:
    for pos, dice in POSITIONS[:: 6 if ply else 1]:
        ranked = rank_plays(pos, dice, ply)
        legal = {p.steps for p in legal_plays(pos, dice)}
        assert {r.play.steps for r in ranked} == legal
        assert len(ranked) == len(legal)
        best = gnubg_nn.best_move(gnubg_board(pos), dice[0], dice[1], n=ply, b=1, list=1)
        if not _sane(best[2][0]):
            continue
        assert after_key(pos, ranked[0].play) == best[1] or ranked[0].equity == pytest.approx(
            best[2][0][3], abs=1e-4
        )
        if ply == 0:
            by_key = {e[0]: e for e in best[2]}
            for r in ranked:
                entry = by_key[after_key(pos, r.play)]
                if _sane(entry):
                    assert r.equity == pytest.approx(entry[3], abs=1e-4)


def _sane(entry: tuple[object, ...]) -> bool:
    """Whether an entry listed by ``best_move`` is a real evaluation: it lists some plays with
    figures that are not one (probabilities that do not add up, an equity that is not theirs)."""
    probs = entry[2]
    assert isinstance(probs, tuple)
    win, wg, wbg, lg, lbg = probs
    eps = 1e-6
    if not (wbg <= wg + eps and wg <= win + eps and lbg <= lg + eps and lg <= 1 - win + eps):
        return False
    mover = -(2 * win - 1 + wg - lg + wbg - lbg)
    equity = entry[3]
    assert isinstance(equity, float)
    return bool(abs(mover - equity) < 1e-4)


def test_cube_decisions_follow_gnubg_at_the_match_score() -> None:
    race = Position.from_points({1: 3, 2: 3, 3: 3, 4: 3, 5: 3}, {6: 4, 5: 4, 4: 4, 3: 3})
    gnubg_nn.set.score(5, 5)
    try:
        expected = gnubg_nn.evaluate_cube_decision(
            gnubg_nn.key_of_board(gnubg_board(race)), 0, -1, b"O", 1
        )
    finally:
        gnubg_nn.set.score(0, 0)
    got = cube_decision(race, CubeContext((5, 5), 1, False, True), 0)
    assert (got.double, got.take) == (bool(expected[0]), bool(expected[1]))
    assert got.double and not got.take  # a won race: double, pass
    crawford = cube_decision(race, CubeContext((2, 1), 1, False, False, crawford=True), 0)
    assert not crawford.double and crawford.no_double is None
    opening = cube_decision(Position.initial(), CubeContext(None, 1, False, True), 0)
    assert not opening.double and opening.take


def test_money_jacoby_doubles_what_is_too_good_and_beavers_only_where_allowed() -> None:
    game = Game.new("backgammon", Options(beaver=True))
    ctx = cube_context(replace_turn(game), 0)
    assert ctx.jacoby and ctx.beaver_value == 4 and ctx.may_double
    no_beaver = cube_context(replace_turn(Game.new("backgammon")), 0)
    assert no_beaver.beaver_value is None
    dec = cube_decision(Position.initial(), no_beaver, 0)
    assert not dec.beaver


def replace_turn(game: Game) -> Game:
    from dataclasses import replace

    return replace(game, phase=Phase.ROLL, turn=0)


def test_resign_offer_only_when_lost_beyond_doubt() -> None:
    lost = Position.from_points({20: 1, 19: 1}, {1: 1})
    assert resign_offer(lost.swapped()) is None  # the side with one checker left has won
    assert resign_offer(Position.initial()) is None
    hopeless = Position.from_points({6: 1}, {1: 1})
    assert resign_offer(hopeless) is None  # wins on the roll
    assert gnubg_eval.resign_decision(hopeless, WinKind.SINGLE) is True


def test_levels() -> None:
    assert find_level(None) is LEVELS[DEFAULT_LEVEL] is LEVELS["strong"]
    assert find_level("Expert") is LEVELS["expert"]
    assert find_level("grandmaster") is None
    assert list(LEVELS) == ["beginner", "casual", "strong", "expert"]


@pytest.mark.parametrize("level", list(LEVELS))
def test_whole_backgammon_games_are_legal_at_every_level(level: str) -> None:
    games = 3 if level == "expert" else 10
    for seed in range(games):
        assert play_computer_game("backgammon", (level, "strong"), seed).is_over
        assert play_computer_game(
            "backgammon", ("strong", level), seed, options=Options(beaver=True)
        ).is_over
        match = play_computer_game(
            "backgammon", (level, "casual"), seed, match_length=5, score=(3, 4)
        )
        assert match.is_over


def test_no_double_in_the_crawford_game() -> None:
    for seed in range(5):
        game = play_computer_game(
            "backgammon", ("strong", "strong"), seed, match_length=5, score=(4, 2), crawford=True
        )
        assert all(e.action != "double" for e in game.log)


def test_decide_does_nothing_out_of_turn() -> None:
    game = replace_turn(Game.new("backgammon"))
    assert decide(game, 1) is None
    assert decide(game, 0) in (Action("roll", 0), Action("double", 0))


def _doubled_positions() -> list[Position]:
    """Fixed match positions GNU Backgammon doubles at their own score (a cube worth using)."""
    from benchmarks.ai_sets import load

    return [Position.from_gnubg_id(c["position"]) for c in load()["cube"] if c["double"]][:6]


def test_the_computer_never_doubles_on_a_dead_cube() -> None:
    from benchmarks.ai_sets import cube_game

    positions = _doubled_positions()
    assert positions
    dead = [
        (1, (0, 0), 1, False),  # a 1-point match
        (5, (4, 2), 1, False),  # the leader after the Crawford game
        (5, (3, 1), 2, True),  # his own cube at 2 already wins him the match
        (7, (3, 2), 4, True),  # and at 4, 4-away
    ]
    doubles = 0
    for position in positions:
        for length, score, value, owned in dead:
            game = cube_game(position, length, score, value, owned)
            assert game.may(Action("double", 0))  # the engine would take it
            assert not gnubg_eval.cube_useful(game, 0)
            assert not cube_context(game, 0).may_double
            for name, level in LEVELS.items():
                for seed in range(8 if level.noise else 1):
                    action = decide(game, 0, level, random.Random(seed))
                    assert action == Action("roll", 0), (name, length, score, value)
        live = cube_game(position, 7, (3, 2), 2, True)  # 4-away with his cube at 2
        assert gnubg_eval.cube_useful(live, 0)
        for seed in range(8):
            doubles += decide(live, 0, LEVELS["casual"], random.Random(seed)) == Action("double", 0)
    assert doubles > 0  # the same positions are doubled where the cube is alive


def test_a_one_point_match_is_played_without_a_double() -> None:
    for seed in range(6):
        game = play_computer_game("backgammon", ("casual", "beginner"), seed, match_length=1)
        assert game.is_over
        assert all(e.action != "double" for e in game.log)


def test_the_narrowed_two_ply_searches_few_plays_deep_and_ranks_them_all() -> None:
    for pos, dice in POSITIONS[::8]:
        plain = rank_plays(pos, dice, 2)
        narrowed = rank_plays(pos, dice, 2, narrow=3)
        assert {r.play.steps for r in narrowed} == {r.play.steps for r in plain}
        deep = [r for r in narrowed if r.ply == 2]
        assert 1 <= len(deep) <= 3 if len(plain) > 1 else deep == []
        assert [r.ply for r in narrowed] == sorted((r.ply for r in narrowed), reverse=True)
        # the deep ones are the best of the 1-ply stage, within its window
        middle = [r for r in narrowed if r.ply == 1]
        if middle and deep:
            one_ply = {r.play.steps: r.equity for r in rank_plays(pos, dice, 1) if r.ply == 1}
            assert all(one_ply[d.play.steps] >= max(m.equity for m in middle) for d in deep)
    with pytest.raises(ValueError):
        rank_plays(POSITIONS[0][0], POSITIONS[0][1], 2, narrow=-1)


def test_a_cube_decision_is_looked_at_the_depth_asked_and_no_deeper() -> None:
    """``gnubg_nn`` verifies a 1-ply cube decision at 2-ply unless told its verification depth:
    1-ply here is 1-ply (what a hint or a level at 1-ply says it is)."""
    context = CubeContext((5, 5), 1, False, True)
    differs = 0
    for position, _dice in _positions(12, 31):
        key = gnubg_nn.key_of_board(gnubg_board(position))
        gnubg_nn.set.score(5, 5)
        try:
            one = gnubg_nn.evaluate_cube_decision(key, 1, 1, b"O", 1)
        finally:
            gnubg_nn.set.score(0, 0)
        got = cube_decision(position, context, 1)
        assert got.no_double == pytest.approx(one[3], abs=1e-9)
        assert got.double_take == pytest.approx(one[4], abs=1e-9)
        assert (got.double, got.take) == (bool(one[0]), bool(one[1]))
        two = cube_decision(position, context, 2)
        assert two.no_double is not None and got.no_double is not None
        differs += abs(two.no_double - got.no_double) > 1e-6
    assert differs > 0
