"""The advice a hint shows (:func:`bot.ai.advice.advise`), computed here directly: whose decision
it is, the plays, cube and take advice against the evaluation core (:mod:`bot.ai.core`), a
beaver, a cube that cannot be turned, and long nardy from the project's network (by default)
and from its hand-weighted player."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from bot.ai import core, nardy_net_player, nardy_player
from bot.ai.advice import HINT_PLAYS, HINT_PLY, advise, no_advice_reason
from bot.ai.computer import NARDY_DOUBLE, NARDY_TAKE, decide
from bot.ai.levels import LEVELS
from bot.ai.nardy_net_player import position_chances
from engine.cube import Options
from engine.game import Action, ActionKind, Game, Phase
from engine.match import Match
from engine.movegen import legal_plays
from engine.nardy import LONG_NARDY_OPTIONS
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


def test_long_nardy_classic_is_the_hand_weighted_player() -> None:
    before = Match.new(1, "long_nardy").game.roll(0, iter((6, 5)).__next__)
    assert before.turn is not None and before.phase is Phase.ROLL
    cube = advise(before, before.turn, nardy="classic")
    assert cube.kind == "cube" and cube.cube is not None and not cube.cube.may_double
    assert cube.chances[0] == pytest.approx(nardy_player.evaluate(before.position))
    game = before.roll(before.turn, iter((3, 1)).__next__)
    assert game.turn is not None and game.dice is not None and game.phase is Phase.MOVE
    advice = advise(game, game.turn, nardy="classic")
    ranked = nardy_player.rank_plays(game.position, game.dice, depth=1)[:HINT_PLAYS]
    assert advice.engine == "nardy" and advice.kind == "plays"
    assert [p.value for p in advice.plays] == [r.value for r in ranked]
    assert advice.chances[1:] == (0.0, 0.0, 0.0, 0.0)


def nardy_midgame(
    seed: int, turns: int, options: Options | None = None, *, rolled: bool = True
) -> Game:
    """A long nardy game after ``turns`` seeded random plays, rolled for the side on roll
    (``rolled``) or before his roll."""
    rng = random.Random(seed)
    game = Match.new(1, "long_nardy", options=options).game
    while True:
        if game.phase is Phase.ROLL and turns == 0 and not rolled:
            return game
        if game.phase is Phase.MOVE:
            assert game.turn is not None and game.dice is not None
            if turns == 0:
                return game
            turns -= 1
            plays = legal_plays(game.position, game.dice)
            game = game.play(game.turn, rng.choice(plays)) if plays else game.confirm(game.turn)
        else:
            game = game.roll(game.turn or 0, lambda: rng.randint(1, 6))


def test_long_nardy_on_the_network_ranks_by_equity_with_five_chances() -> None:
    game = nardy_midgame(4, 12)
    assert game.turn is not None and game.dice is not None
    plays = legal_plays(game.position, game.dice)
    assert len(plays) > HINT_PLAYS
    advice = advise(game, game.turn)  # the network is the default
    assert (advice.engine, advice.kind, advice.ply) == ("nardy-net", "plays", HINT_PLY)
    expert = nardy_net_player.LEVELS["expert"]
    ranked = nardy_net_player.rank_plays(game.position, game.dice, HINT_PLY, width=expert.width)[
        :HINT_PLAYS
    ]
    assert len(advice.plays) == HINT_PLAYS
    for shown, r in zip(advice.plays, ranked, strict=True):
        assert plays[shown.index] == r.play and shown.notation == r.play.notation()
        assert (shown.value, shown.chances, shown.ply) == (r.value, r.chances, r.depth)
        win, mars, koks, lmars, lkoks = shown.chances
        assert 0.0 <= koks <= mars <= win <= 1.0 and 0.0 <= lkoks <= lmars <= 1.0 - win
        # equity in points: a mars 2, a koks as a mars without the koks option
        assert shown.value == pytest.approx(2 * win - 1 + mars - lmars)
    # best first: the plays searched two rolls deep, by their value, then the others
    assert advice.plays[0].ply == HINT_PLY
    deepest = [p.value for p in advice.plays if p.ply == HINT_PLY]
    assert deepest == sorted(deepest, reverse=True)
    assert advice.chances == advice.plays[0].chances
    # asked again at 0-ply (a hint worker's second try): the network alone
    quick = advise(game, game.turn, 0)
    assert quick.ply == 0 and {p.ply for p in quick.plays} == {0}


def test_long_nardy_on_the_network_counts_a_koks_as_the_table_does() -> None:
    koks = replace(LONG_NARDY_OPTIONS, backgammon_counts=3)  # the table's koks=on
    game = nardy_midgame(4, 12, koks)
    assert game.turn is not None and game.dice is not None
    advice = advise(game, game.turn, 0)
    assert any(abs(p.chances[2] - p.chances[4]) > 1e-3 for p in advice.plays)  # koks in play
    for shown in advice.plays:
        win, mars, koks_won, lmars, lkoks = shown.chances
        assert shown.value == pytest.approx(2 * win - 1 + mars - lmars + koks_won - lkoks)


def test_long_nardy_cube_advice_on_the_network_is_the_computers_thresholds() -> None:
    game = nardy_midgame(5, 30, replace(LONG_NARDY_OPTIONS, cube=True), rolled=False)
    assert game.turn is not None and game.may(Action(ActionKind.DOUBLE, game.turn))
    before = position_chances(game.position)
    cube = advise(game, game.turn)
    assert (cube.engine, cube.kind, cube.chances) == ("nardy-net", "cube", before)
    assert cube.cube is not None and cube.cube.may_double and cube.cube.no_double is None
    assert cube.cube.double == (before[0] >= NARDY_DOUBLE)
    assert cube.cube.take == (1.0 - before[0] >= NARDY_TAKE)
    doubled = game.apply(Action(ActionKind.DOUBLE, game.turn))
    taker = 1 - game.turn
    answer = advise(doubled, taker)
    assert answer.kind == "take" and answer.cube is not None
    # the taker's own chances: the doubler's turned round
    assert answer.chances == pytest.approx(
        (1.0 - before[0], before[3], before[4], before[1], before[2])
    )
    assert answer.cube.take == (1.0 - before[0] >= NARDY_TAKE)
    # the computer answers as the hint advises
    taken = decide(doubled, taker, LEVELS["strong"], random.Random(0))
    assert taken is not None
    assert (taken.kind == ActionKind.TAKE) == answer.cube.take


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
