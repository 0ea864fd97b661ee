"""The advice a hint shows (:func:`bot.ai.advice.advise`), computed here directly: whose decision
it is, the cube and take advice against :mod:`bot.ai.analysis`, a beaver, a cube that cannot be
turned, and long nardy from the project's own player."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.ai import gnubg_eval
from bot.ai.advice import HINT_PLAYS, advise, no_advice_reason
from bot.ai.analysis import CubeView, cube_decision, ranked_plays
from engine import nardy_player
from engine.cube import Options
from engine.game import Action, Game, Phase
from engine.match import Match
from engine.movegen import legal_plays
from engine.position import Position


def rolled(game: Game, *dice: int) -> Game:
    return game.roll(0, iter(dice).__next__)


def test_whose_decision_it_is() -> None:
    game = Game.new()
    assert no_advice_reason(game, 0) == "nothing"  # the opening roll
    moving = rolled(game, 6, 5)
    assert moving.turn is not None
    assert no_advice_reason(moving, moving.turn) is None
    assert no_advice_reason(moving, 1 - moving.turn) == "not_your_turn"
    with pytest.raises(ValueError):
        advise(moving, 1 - moving.turn)
    doubled = replace(Game.new(), position=Position.initial(), phase=Phase.DOUBLED, turn=0)
    assert no_advice_reason(doubled, 1) is None and no_advice_reason(doubled, 0) == "not_your_turn"


def test_cube_advice_is_the_analysis_cube_decision() -> None:
    game = replace(Game.new(), position=Position.initial(), phase=Phase.ROLL, turn=0)
    advice = advise(game, 0, ply=0)
    expected = cube_decision(Position.initial(), CubeView(jacoby=True), 0)
    assert advice.kind == "cube" and advice.cube is not None
    assert advice.cube.no_double == pytest.approx(expected.no_double)
    assert advice.cube.double_take == pytest.approx(expected.double_take)
    assert not advice.cube.double and advice.cube.take and advice.cube.may_double
    assert advice.chances == pytest.approx(expected.probs)


def test_a_bad_double_is_beavered_where_beavers_are_played() -> None:
    for beaver in (False, True):
        base = Game.new(options=Options(beaver=beaver))
        game = replace(base, position=Position.initial(), phase=Phase.DOUBLED, turn=0)
        assert game.may(Action("beaver", 1)) is beaver
        advice = advise(game, 1, ply=0)
        assert advice.kind == "take" and advice.cube is not None
        assert advice.cube.take and advice.cube.beaver is beaver
        assert advice.cube.double_take is not None and advice.cube.double_take < 0


def test_no_double_in_the_crawford_game() -> None:
    game = Game.new(match_length=5, score=(4, 2), crawford=True)
    game = replace(game, position=Position.initial(), phase=Phase.ROLL, turn=1)
    advice = advise(game, 1, ply=0)
    assert advice.cube is not None and not advice.cube.may_double and not advice.cube.double


def test_plays_are_the_analysis_ranking() -> None:
    game = rolled(Game.new(), 3, 1)
    assert game.turn is not None and game.dice is not None
    advice = advise(game, game.turn, ply=1)
    ranked = ranked_plays(game.position, game.dice, CubeView(jacoby=True), 1)[:HINT_PLAYS]
    assert [p.notation for p in advice.plays] == [r.notation for r in ranked]
    plays = legal_plays(game.position, game.dice)
    assert [plays[p.index] for p in advice.plays] == [r.play for r in ranked]
    assert advice.plays[0].notation == "8/5 6/5" and advice.chances == advice.plays[0].chances


def test_long_nardy_is_the_projects_own_player() -> None:
    before = Match.new(1, "long_nardy").game.roll(0, iter((6, 5)).__next__)
    assert before.turn is not None and before.phase is Phase.ROLL
    cube = advise(before, before.turn)
    assert cube.kind == "cube" and cube.cube is not None and not cube.cube.may_double
    assert cube.chances[0] == pytest.approx(nardy_player.evaluate(before.position))
    game = before.roll(before.turn, iter((3, 1)).__next__)
    assert game.turn is not None and game.dice is not None and game.phase is Phase.MOVE
    advice = advise(game, game.turn)
    ranked = nardy_player.rank_plays(game.position, game.dice, depth=1)[:HINT_PLAYS]
    assert advice.engine == "nardy" and advice.kind == "plays"
    assert [p.value for p in advice.plays] == [r.value for r in ranked]
    assert advice.chances[1:] == (0.0, 0.0, 0.0, 0.0)


def test_a_match_cube_is_gnubg_own_match_decision_in_winning_chances() -> None:
    game = Game.new(match_length=5, score=(2, 3))
    game = replace(game, position=Position.initial(), phase=Phase.ROLL, turn=0)
    advice = advise(game, 0, ply=0)
    expected = gnubg_eval.cube_decision(game.position, gnubg_eval.cube_context(game, 0), 0)
    assert advice.cube is not None and advice.cube.unit == "mwc" and advice.cube.may_double
    assert (advice.cube.no_double, advice.cube.double_take, advice.cube.double_pass) == (
        expected.no_double,
        expected.double_take,
        expected.double_pass,
    )
    assert advice.cube.double == expected.double and advice.cube.take == expected.take
    taker = advise(replace(game, phase=Phase.DOUBLED), 1, ply=0)
    assert taker.kind == "take" and taker.cube is not None and taker.cube.unit == "mwc"
    assert taker.cube.take == expected.take and not taker.cube.beaver
