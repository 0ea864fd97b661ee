"""The advice a hint shows (:func:`bot.ai.advice.advise`), computed here directly: whose decision
it is, the plays, cube and take advice against the evaluation core (:mod:`bot.ai.core`), a
beaver, a cube that cannot be turned, and long nardy from the project's own player."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.ai import core, nardy_player
from bot.ai.advice import HINT_PLAYS, advise, no_advice_reason
from engine.cube import Options
from engine.game import Action, ActionKind, Game, Phase
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


def test_cube_advice_is_the_cores_cube_decision() -> None:
    game = replace(Game.new(), position=Position.initial(), phase=Phase.ROLL, turn=0)
    advice = advise(game, 0, ply=0)
    expected = core.cube_decision(Position.initial(), core.Cube(jacoby=True), 0)
    assert advice.kind == "cube" and advice.cube is not None and advice.cube.unit == "equity"
    assert advice.cube.no_double == pytest.approx(expected.no_double)
    assert advice.cube.double_take == pytest.approx(expected.double_take)
    assert advice.cube.double_pass == pytest.approx(expected.double_pass) == 1.0
    assert not advice.cube.double and advice.cube.take and advice.cube.may_double
    assert advice.chances == pytest.approx(expected.probs)


def test_a_bad_double_is_beavered_where_beavers_are_played() -> None:
    for beaver in (False, True):
        base = Game.new(options=Options(beaver=beaver))
        game = replace(base, position=Position.initial(), phase=Phase.DOUBLED, turn=0)
        assert game.may(Action(ActionKind.BEAVER, 1)) is beaver
        advice = advise(game, 1, ply=0)
        assert advice.kind == "take" and advice.cube is not None
        assert advice.cube.take and advice.cube.beaver is beaver
        assert advice.cube.double_take is not None and advice.cube.double_take < 0


def test_no_double_in_the_crawford_game() -> None:
    game = Game.new(match_length=5, score=(4, 2), crawford=True)
    game = replace(game, position=Position.initial(), phase=Phase.ROLL, turn=1)
    advice = advise(game, 1, ply=0)
    assert advice.cube is not None and not advice.cube.may_double and not advice.cube.double


@pytest.mark.parametrize(("dice", "depth"), [((3, 1), 0), ((4, 3), 1)])
def test_plays_are_the_cores_ranking(dice: tuple[int, int], depth: int) -> None:
    game = rolled(Game.new(), *dice)
    assert game.turn is not None and game.dice is not None
    advice = advise(game, game.turn, ply=1)
    ranked = core.rank_plays(game.position, game.dice, core.Cube(jacoby=True), 1)[:HINT_PLAYS]
    assert len(advice.plays) == HINT_PLAYS and advice.ply == 1
    assert [p.notation for p in advice.plays] == [r.play.notation() for r in ranked]
    assert [p.value for p in advice.plays] == pytest.approx([r.equity for r in ranked])
    plays = legal_plays(game.position, game.dice)
    assert [plays[p.index] for p in advice.plays] == [r.play for r in ranked]
    assert advice.chances == advice.plays[0].chances
    # each play carries the depth it was weighed at: GNU Backgammon's move filter takes the
    # plays within 0.16 of the best at 0-ply to 1-ply, and none where only the best is (3-1)
    assert [p.ply for p in advice.plays] == [r.ply for r in ranked]
    assert advice.plays[0].ply == depth
    if dice == (3, 1):
        assert advice.plays[0].notation == "8/5 6/5"
        assert all(p.ply == 0 for p in advice.plays)


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
    cube = core.cube_of(game, 0)
    expected = core.cube_decision(game.position, cube, 0)
    assert expected.mwc is not None
    assert advice.cube is not None and advice.cube.unit == "mwc" and advice.cube.may_double
    figures = (advice.cube.no_double, advice.cube.double_take, advice.cube.double_pass)
    assert figures == expected.mwc
    # the doubler's match winning chances: the EMG of the decision at the score
    emg = (expected.no_double, expected.double_take, expected.double_pass)
    assert figures == pytest.approx(tuple(core.emg_to_mwc(e, cube) for e in emg))
    assert all(0.0 < f < 1.0 for f in figures)
    assert advice.cube.double == expected.should_double
    assert advice.cube.take == expected.should_take
    taker = advise(replace(game, phase=Phase.DOUBLED), 1, ply=0)
    assert taker.kind == "take" and taker.cube is not None and taker.cube.unit == "mwc"
    assert taker.cube.take == expected.should_take and not taker.cube.beaver
