"""Long nardy rules (RULES.md 5), each from a concrete position, and the game built on them."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine.builder import PlayBuilder
from engine.cube import CubeState, Options
from engine.errors import EngineError, IllegalAction, IllegalPlay
from engine.game import DiceSequence, Game, Phase, Reason, find_variant
from engine.match import Match
from engine.movegen import Play, Step, apply_steps, legal_plays, max_dice_playable, to_lists
from engine.nardy import (
    LONG_NARDY,
    LONG_NARDY_HOME_PRIME,
    LONG_NARDY_OPTIONS,
    LongNardyHomePrimePosition,
    LongNardyPosition,
    is_first_turn,
    long_nardy_kind,
    long_nardy_points,
    long_nardy_position_type,
    long_nardy_result,
    long_nardy_rules,
    opponent_point,
)
from engine.notation import parse_play
from engine.position import Position
from engine.result import Outcome, WinKind

Board = frozenset[tuple[int, int]]


def board(points: dict[int, int]) -> Board:
    """The mover's checkers as ``{(point, count)}``: what the tests compare plays by."""
    return frozenset((p, n) for p, n in points.items() if n)


def finals(position: Position, dice: tuple[int, int]) -> set[Board]:
    """The mover's checkers after each legal play."""
    out = set()
    for play in legal_plays(position, dice):
        after = apply_steps(position, play.steps)
        out.add(board({i + 1: n for i, n in enumerate(after.player[:24])}))
    return out


def nardy(mover: dict[int, int], opponent: dict[int, int]) -> Position:
    return LongNardyPosition.from_points(mover, opponent)


START = LongNardyPosition.initial()


# -- the board -------------------------------------------------------------------------------------


def test_start_has_fifteen_on_each_head_in_opposite_corners() -> None:
    assert START.player == START.opponent == (0,) * 23 + (15, 0)
    assert START.pips() == (360, 360)
    assert opponent_point(24) == 12  # the opponent's head, seen by the mover
    assert is_first_turn(START)


def test_the_mapping_of_points_is_rules_formula_and_an_involution() -> None:
    for q in range(1, 25):
        assert opponent_point(q) == ((q + 11) % 24) + 1
        assert opponent_point(opponent_point(q)) == q
    assert {opponent_point(q) for q in range(1, 7)} == set(range(13, 19))  # his home


def test_two_colours_on_one_point_or_a_bar_are_refused() -> None:
    with pytest.raises(EngineError):
        nardy({24: 15}, {24: 14, 12: 1})  # his 12 point is the mover's 24
    with pytest.raises(EngineError):
        LongNardyPosition((0,) * 23 + (14, 1), START.opponent)


def test_position_classes_and_rulesets_for_the_prime_option() -> None:
    assert LongNardyPosition.ruleset is LONG_NARDY is long_nardy_rules()
    assert LongNardyHomePrimePosition.ruleset is LONG_NARDY_HOME_PRIME
    assert long_nardy_rules(prime_rule=True) is LONG_NARDY_HOME_PRIME
    assert long_nardy_position_type(prime_rule=True) is LongNardyHomePrimePosition
    assert not LONG_NARDY.hits and not LONG_NARDY.has_bar and not LONG_NARDY.steps_commute


# -- no hitting ------------------------------------------------------------------------------------


def test_a_single_opposing_checker_closes_its_point() -> None:
    # The opponent's lone checker on his 19 point stands on the mover's 7 point.
    position = nardy({24: 14, 10: 1}, {24: 14, 19: 1})
    assert opponent_point(19) == 7
    # 10/7 is closed; 24/21/18/15 plays three threes, the head gives no second checker.
    assert finals(position, (3, 3)) == {board({24: 13, 15: 1, 10: 1})}
    assert all(
        step.to != 7 and not step.hit for p in legal_plays(position, (3, 1)) for step in p.steps
    )


# -- the head rule ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "expected"),
    [
        ((6, 6), {board({24: 13, 18: 2})}),
        ((4, 4), {board({24: 13, 16: 2})}),
        ((3, 3), {board({24: 13, 18: 2}), board({24: 13, 21: 1, 15: 1})}),
        ((5, 5), {board({24: 14, 4: 1})}),
        ((2, 2), {board({24: 14, 16: 1})}),
        ((1, 1), {board({24: 14, 20: 1})}),
        ((6, 5), {board({24: 14, 13: 1})}),
        ((2, 1), {board({24: 14, 21: 1})}),
    ],
)
def test_first_roll_one_checker_off_the_head_except_6_6_4_4_3_3(
    dice: tuple[int, int], expected: set[Board]
) -> None:
    assert finals(START, dice) == expected


def test_6_6_first_plays_two_sixes_only() -> None:
    # The opponent's head on the 12 point stops 18/12: two checkers, two sixes, the rest is lost.
    assert max_dice_playable(START, (6, 6)) == 2
    assert [p.notation() for p in legal_plays(START, (6, 6))] == ["24/18(2)"]


def _after(position: Position, dice: tuple[int, int]) -> Position:
    plays = legal_plays(position, dice)
    assert len(plays) == 1
    return position.after(plays[0])


def test_seed_example_white_5_5_then_black_4_4_takes_one_checker() -> None:
    black = _after(START, (5, 5))  # White: 24/4, his 4 point is Black's 16
    assert black.opponent[3] == 1 and opponent_point(4) == 16
    assert is_first_turn(black)
    # Black's first checker stops at 20 (White's checker on 16), not at White's head: no exception.
    assert finals(black, (4, 4)) == {board({24: 14, 20: 1})}
    assert max_dice_playable(black, (4, 4)) == 1
    # The head still stops 6-6 and 3-3 for Black: the exception holds for them.
    assert finals(black, (6, 6)) == {board({24: 13, 18: 2})}
    assert finals(black, (3, 3)) == {board({24: 13, 18: 2}), board({24: 13, 21: 1, 15: 1})}


def test_second_player_gets_the_exception_after_white_6_6() -> None:
    black = _after(START, (6, 6))
    assert finals(black, (6, 6)) == {board({24: 13, 18: 2})}
    assert finals(black, (4, 4)) == {board({24: 13, 16: 2})}


def test_no_exception_after_the_first_turn() -> None:
    # Second turn: 14 on the head; the checker on 18 is stopped by the opponent's head.
    position = nardy({24: 14, 18: 1}, {24: 15})
    assert not is_first_turn(position)
    assert finals(position, (6, 6)) == {board({24: 13, 18: 2})}
    assert max_dice_playable(position, (6, 6)) == 1


def test_only_one_die_playable_from_the_head_must_be_the_higher() -> None:
    # The checker on 1 cannot move; one checker leaves the head with the 6 or the 5 but cannot go
    # on to 13 (his 1 point): either die, not both, so the 6.
    position = nardy({24: 14, 1: 1}, {24: 14, 1: 1})
    assert opponent_point(1) == 13
    assert max_dice_playable(position, (6, 5)) == 1
    assert finals(position, (6, 5)) == {board({24: 13, 18: 1, 1: 1})}
    # With 18 closed as well (his 6 point) only the 5 can be played.
    closed = nardy({24: 14, 1: 1}, {24: 13, 1: 1, 6: 1})
    assert finals(closed, (6, 5)) == {board({24: 13, 19: 1, 1: 1})}


# -- maximum usage ---------------------------------------------------------------------------------


def test_either_die_but_not_both_the_higher_is_forced() -> None:
    # 20/14 or 20/15, each then blocked at 9 (his 21 point); the 2-point checkers cannot move.
    position = nardy({20: 1, 2: 14}, {21: 1, 24: 14})
    assert opponent_point(21) == 9
    assert [p.notation() for p in legal_plays(position, (6, 5))] == ["20/14"]


def test_only_the_lower_die_playable_is_played() -> None:
    position = nardy({20: 1, 2: 14}, {21: 1, 2: 1, 24: 13})  # his 2 point is the mover's 14
    assert [p.notation() for p in legal_plays(position, (6, 5))] == ["20/15"]


def test_bearing_off_from_home_as_in_backgammon() -> None:
    position = nardy({5: 2}, {24: 15})
    assert finals(position, (6, 1)) == {board({4: 1})}
    assert finals(nardy({3: 1, 1: 1}, {24: 15}), (6, 5)) == {board({})}
    # Once the last checker comes home the rest of the roll may bear off.
    assert finals(nardy({7: 1, 1: 1}, {24: 15}), (6, 1)) == {board({1: 1})}
    # Not all home: no bearing off.
    assert finals(nardy({13: 1, 1: 1}, {24: 15}), (6, 5)) == {board({2: 1, 1: 1})}


# -- the six-prime rule ----------------------------------------------------------------------------

# The mover holds 20-16 and can fill 21 (22/21) to make six points in a row; in the opponent's
# numbering the block is his points 9-4.
FIVE_POINTS = {24: 9, 22: 1, 20: 1, 19: 1, 18: 1, 17: 1, 16: 1}
PRIME = board({24: 9, 21: 1, 20: 1, 19: 1, 18: 1, 17: 1, 16: 1})


def test_no_six_point_prime_without_an_opposing_checker_ahead() -> None:
    position = nardy(FIVE_POINTS, {24: 15})
    assert [opponent_point(p) for p in (21, 16)] == [9, 4]
    assert not any(b >= PRIME - {(24, 9)} for b in finals(position, (1, 2)))
    # Step by step: 22/21 is refused as the first step (20/18 first, then 22/21, is fine).
    assert Step(22, 21) not in PlayBuilder(position, (1, 2)).next_steps()
    assert Step(22, 21) in PlayBuilder(position, (1, 2)).add(Step(20, 18)).next_steps()


def test_a_six_point_prime_with_an_opposing_checker_ahead() -> None:
    position = nardy(FIVE_POINTS, {24: 14, 2: 1})  # his 2 point has passed the block
    assert any(b >= PRIME - {(24, 9)} for b in finals(position, (1, 2)))


def test_prime_rule_option_needs_an_opposing_checker_in_his_home() -> None:
    # Block of the mover's 6-1 (the opponent's 18-13); one opposing checker ahead on his 10 point
    # (the mover's 22), none in his home yet.
    mover = {24: 9, 7: 1, 5: 1, 4: 1, 3: 1, 2: 1, 1: 1}
    opponent = {24: 14, 10: 1}
    full = {6, 5, 4, 3, 2, 1}

    def primes(position: Position) -> bool:
        return any(full <= {p for p, _ in b} for b in finals(position, (1, 3)))

    assert primes(LongNardyPosition.from_points(mover, opponent))
    assert not primes(LongNardyHomePrimePosition.from_points(mover, opponent))
    home = {24: 14, 3: 1}  # his 3 point: in his home (the mover's 15)
    assert primes(LongNardyHomePrimePosition.from_points(mover, home))


def test_a_prime_counts_along_the_opponents_way_round_the_board() -> None:
    # The mover's 2, 1, 24, 23, 22 are the opponent's 14-10: filling 21 (his 9) makes six in a row
    # for him although the mover's own numbers jump from 1 to 24.
    position = nardy({24: 10, 23: 1, 22: 2, 2: 1, 1: 1}, {24: 14, 17: 1})
    assert [opponent_point(p) for p in (2, 1, 24, 23, 22, 21)] == [14, 13, 12, 11, 10, 9]
    six = {2, 1, 24, 23, 22, 21}
    assert not any(six <= {p for p, _ in b} for b in finals(position, (1, 6)))
    ahead = nardy({24: 10, 23: 1, 22: 2, 2: 1, 1: 1}, {24: 14, 8: 1})  # his 8: ahead
    assert any(six <= {p for p, _ in b} for b in finals(ahead, (1, 6)))


def test_a_prime_is_forbidden_even_in_passing() -> None:
    # 23/16 with 5-2 lands on 18 (completing 18-13, all the opponent's home: nothing ahead) or on
    # 21 (his checker).  The final position would have no prime, but the checker cannot get there.
    position = nardy({24: 9, 23: 1, 17: 1, 16: 1, 15: 1, 14: 1, 13: 1}, {24: 14, 9: 1})
    assert opponent_point(9) == 21
    passed = board({24: 9, 17: 1, 16: 2, 15: 1, 14: 1, 13: 1})
    assert passed not in finals(position, (5, 2))
    assert passed not in finals(position, (2, 5))
    assert finals(position, (5, 2))  # other plays remain


def test_any_order_of_a_double_that_avoids_a_passing_prime_is_legal() -> None:
    # 1-1: 24/23/22/21 and 19/18 leaves 22-17 without 19... made in the order 24/23, 23/22, 22/21
    # first it would show 22-17 as a prime; 19/18 first it never does.
    position = nardy(
        {24: 10, 22: 1, 20: 1, 19: 1, 18: 1, 17: 1}, {24: 10, 22: 1, 21: 2, 19: 1, 13: 1}
    )
    target = board({24: 9, 22: 1, 21: 1, 20: 1, 18: 2, 17: 1})
    assert target in finals(position, (1, 1))
    plays = [
        p for p in legal_plays(position, (1, 1)) if apply_steps(position, p.steps).player[17] == 2
    ]
    assert plays


# -- results and scoring ---------------------------------------------------------------------------


def test_oin_mars_and_koks() -> None:
    won = nardy({}, {6: 14})
    assert long_nardy_result(won) == Outcome(True, WinKind.SINGLE)
    assert long_nardy_result(nardy({}, {6: 15})) == Outcome(True, WinKind.GAMMON)
    # A checker of the loser still in the winner's home (the loser's 13-18) or behind it: koks.
    assert long_nardy_result(nardy({}, {6: 14, 14: 1})) == Outcome(True, WinKind.BACKGAMMON)
    assert long_nardy_result(nardy({}, {6: 14, 24: 1})) == Outcome(True, WinKind.BACKGAMMON)
    assert long_nardy_result(nardy({6: 15}, {})) == Outcome(False, WinKind.GAMMON)
    assert long_nardy_result(START) is None
    assert long_nardy_kind((0,) * 11 + (15,) + (0,) * 13) == WinKind.GAMMON


def test_points_oin_1_mars_2_koks_3_only_with_the_option() -> None:
    cube = CubeState()
    koks = replace(LONG_NARDY_OPTIONS, backgammon_counts=3)
    assert long_nardy_points(WinKind.SINGLE, cube, LONG_NARDY_OPTIONS, True) == 1
    assert long_nardy_points(WinKind.GAMMON, cube, LONG_NARDY_OPTIONS, True) == 2
    assert long_nardy_points(WinKind.BACKGAMMON, cube, LONG_NARDY_OPTIONS, True) == 2
    assert long_nardy_points(WinKind.BACKGAMMON, cube, koks, False) == 3
    # A table option Jacoby rule has no effect without a cube.
    jacoby = replace(LONG_NARDY_OPTIONS, jacoby=True)
    assert long_nardy_points(WinKind.GAMMON, cube, jacoby, True) == 2


# -- the game --------------------------------------------------------------------------------------


def test_registered_variants() -> None:
    spec = find_variant("long_nardy")
    assert spec.position_cls is LongNardyPosition
    assert spec.default_options.cube is False
    assert spec.default_options.next_game_starts == "winner"
    assert spec.allows_draw and not spec.opening_plays_both
    assert find_variant("long_nardy_home_prime").position_cls is LongNardyHomePrimePosition


def test_a_game_lot_then_the_first_player_rolls_both_dice() -> None:
    game = Game.new("long_nardy").roll(0, DiceSequence([2, 5]))
    assert game.phase is Phase.ROLL and game.turn == 1 == game.first
    assert isinstance(game.position, LongNardyPosition)
    game = game.roll(1, DiceSequence([5, 5])).play(1, "24/4")
    game = game.roll(0, DiceSequence([4, 4]))
    # The seed's example through the game: Black's only step is one checker off the head.
    assert game.next_steps() == (Step(24, 20),)
    game = game.add_step(0, Step(24, 20))
    assert game.next_steps() == ()
    game = game.confirm(0)
    assert game.turn == 1 and game.board(0).player[19] == 1


def test_a_game_refuses_a_second_checker_from_the_head() -> None:
    game = Game.new("long_nardy", starter=0).roll(0, DiceSequence([6, 5]))
    with pytest.raises(IllegalAction):
        game.play(0, Play((Step(24, 18), Step(24, 19))))
    assert game.play(0, "24/13").turn == 1


def _near_the_end(options: object = None) -> Game:
    game = Game.new("long_nardy", starter=0, options=options)  # type: ignore[arg-type]
    # Player 0 (moved first) has one checker on his 1 point, player 1 two on his 6 point.
    position = LongNardyPosition.from_points({1: 1}, {6: 2})
    return replace(game, position=position)


def test_a_game_ends_when_the_first_player_finishes() -> None:
    game = _near_the_end().roll(0, DiceSequence([3, 1]))
    game = game.play(0, "1/off")
    assert game.is_over and game.result is not None
    assert (game.result.winner, game.result.kind, game.result.points) == (0, WinKind.SINGLE, 1)


def test_last_roll_draw_gives_the_second_player_one_more_roll() -> None:
    options = replace(LONG_NARDY_OPTIONS, last_roll_draw=True)
    game = _near_the_end(options).roll(0, DiceSequence([3, 1])).play(0, "1/off")
    assert not game.is_over and game.turn == 1
    drawn = game.roll(1, DiceSequence([6, 6])).play(1, "6/off(2)")
    assert drawn.result is not None
    assert (drawn.result.winner, drawn.result.reason) == (None, Reason.DRAW)
    lost = game.roll(1, DiceSequence([1, 1]))
    lost = lost.play(1, lost.builder.legal_plays[0])
    assert lost.result is not None and lost.result.winner == 0


@pytest.mark.parametrize(
    ("counts", "kind", "points"), [(2, WinKind.GAMMON, 2), (3, WinKind.BACKGAMMON, 3)]
)
def test_a_koks_is_recorded_as_a_mars_without_the_koks_option(
    counts: int, kind: WinKind, points: int
) -> None:
    options = replace(LONG_NARDY_OPTIONS, backgammon_counts=counts)
    game = Game.new("long_nardy", starter=0, options=options)
    # The loser has borne off none and a checker still in the winner's home (his 14 point).
    game = replace(game, position=LongNardyPosition.from_points({1: 1}, {6: 14, 14: 1}))
    won = game.roll(0, DiceSequence([3, 1])).play(0, "1/off")
    assert won.result is not None
    assert (won.result.winner, won.result.kind, won.result.points) == (0, kind, points)
    assert won.log[-1].value == (points, int(kind), "bear_off")
    # A resignation conceding a koks is offered and counted the same way.
    offered = Game.new("long_nardy", starter=0, options=options).offer_resign(1, WinKind.BACKGAMMON)
    assert offered.resign is not None and offered.resign.kind is kind
    accepted = offered.accept_resign(0)
    assert accepted.result is not None
    assert (accepted.result.kind, accepted.result.points) == (kind, points)
    assert Game.from_dict(accepted.to_dict()) == accepted


def test_backgammon_records_a_backgammon_that_counts_two_as_a_backgammon() -> None:
    spec = find_variant("backgammon")
    options = Options(backgammon_counts=2, jacoby=False)
    assert spec.counted(WinKind.BACKGAMMON, CubeState(), options, True) == (WinKind.BACKGAMMON, 2)


def test_a_match_to_three_points_without_a_cube() -> None:
    game = Game.new("long_nardy", starter=0, match_length=3)
    assert "roll" in game.allowed(0) and "double" not in game.allowed(0)
    mars = replace(game, position=LongNardyPosition.from_points({1: 1}, {2: 15}))
    mars = mars.roll(0, DiceSequence([3, 1])).play(0, "1/off")
    assert mars.result is not None and (mars.result.kind, mars.result.points) == (WinKind.GAMMON, 2)


def test_a_long_nardy_game_round_trips_through_its_dict() -> None:
    game = Game.new("long_nardy_home_prime", starter=1).roll(1, DiceSequence([3, 3]))
    game = game.play(1, "24/21 24/15")
    again = Game.from_dict(game.to_dict())
    assert again == game
    assert type(again.position) is LongNardyHomePrimePosition


def test_position_ids_and_repr_round_trip() -> None:
    position = _after(START, (5, 5))
    assert LongNardyPosition.from_gnubg_id(position.gnubg_id()) == position
    assert eval(repr(position), {"LongNardyPosition": LongNardyPosition}) == position
    assert {p.notation() for p in legal_plays(START, (6, 6))} == {"24/18(2)"}


# -- notation and explanations ---------------------------------------------------------------------


def test_plays_are_written_and_read_in_the_movers_numbering() -> None:
    three = legal_plays(START, (3, 3))
    for play in three:
        parsed = parse_play(START, (3, 3), play.notation())
        assert apply_steps(START, parsed.steps) == apply_steps(START, play.steps)
    black = _after(START, (5, 5))
    assert parse_play(black, (4, 4), "24/20").steps == (Step(24, 20),)
    with pytest.raises(IllegalPlay):
        parse_play(START, (6, 5), "24/18 24/19")
    with pytest.raises(IllegalPlay):
        parse_play(black, (4, 4), "24/20 24/20")
    with pytest.raises(EngineError):
        parse_play(START, (6, 5), "24/18*/13")  # no hitting in long nardy


def test_refusals_are_explained() -> None:
    explain = LONG_NARDY.step_refusal
    assert explain is not None
    me, opp = to_lists(apply_steps(START, [Step(24, 19)]))
    code, message, params = explain(me, opp, 24, 18, [(24, 19, False)]) or ("", "", {})
    assert code == "head_rule" and "head" in message and params["move"] == "24/18"
    me, opp = to_lists(nardy(FIVE_POINTS, {24: 15}))
    refusal = explain(me, opp, 22, 21, [])
    assert refusal is not None and refusal[0] == "six_prime" and "22/21" in refusal[1]
    assert explain(me, opp, 22, 20, []) is None
    home = LONG_NARDY_HOME_PRIME.step_refusal
    assert home is not None
    refusal = home(me, opp, 22, 21, [])
    assert refusal is not None and "home" in refusal[1]


def test_parse_play_names_the_head_rule() -> None:
    with pytest.raises(IllegalPlay) as info:
        parse_play(START, (6, 5), "24/18 24/19")
    assert info.value.code == "head_rule"
    assert str(info.value).startswith("only one checker may leave the head per turn")
    assert info.value.params["point"] == 24
    assert info.value.params["move"] in ("24/18", "24/19")
    black = _after(START, (5, 5))  # the seed's note: 4-4 after White's 5-5 takes one checker
    with pytest.raises(IllegalPlay) as info:
        parse_play(black, (4, 4), "24/20 24/20")
    assert info.value.code == "head_rule" and info.value.params["move"] == "24/20"


@pytest.mark.parametrize(
    ("position_type", "rule", "condition"),
    [
        (LongNardyPosition, "ahead", "unless an opposing checker is ahead of them"),
        (LongNardyHomePrimePosition, "home", "until an opposing checker has entered his home"),
    ],
)
def test_parse_play_names_the_six_prime_rule(
    position_type: type[LongNardyPosition], rule: str, condition: str
) -> None:
    position = position_type.from_points(FIVE_POINTS, {24: 15})
    with pytest.raises(IllegalPlay) as info:
        parse_play(position, (2, 1), "22/21 24/22")
    error = info.value
    assert error.code == "six_prime"
    assert error.params == {"move": "22/21", "point": 21, "rule": rule}
    assert (
        str(error)
        == f"22/21 would make six blocked points in a row, which is not allowed {condition}"
    )


@pytest.mark.parametrize(
    ("lang", "head", "prime"),
    [
        ("en", "leave the head", "six blocked points"),
        ("ru", "с головы", "блок из шести пунктов подряд"),
        ("uk", "з голови", "блок із шести пунктів поспіль"),
        ("be", "з галавы", "блок з шасці пунктаў запар"),
    ],
)
def test_refusals_read_in_the_players_words(lang: str, head: str, prime: str) -> None:
    from bot.i18n import describe_error

    with pytest.raises(IllegalPlay) as info:
        parse_play(START, (6, 5), "24/18 24/19")
    text = describe_error(lang, info.value.code, info.value.params)
    assert head in text and str(info.value.params["move"]) in text
    for position_type in (LongNardyPosition, LongNardyHomePrimePosition):
        position = position_type.from_points(FIVE_POINTS, {24: 15})
        with pytest.raises(IllegalPlay) as info:
            parse_play(position, (2, 1), "22/21 24/22")
        text = describe_error(lang, info.value.code, info.value.params)
        assert prime in text and "22/21" in text


def test_a_typed_play_refused_by_the_game_carries_the_reason_and_its_parameters() -> None:
    from bot.i18n import describe_error

    home = Game.new("long_nardy_home_prime", starter=0)
    home = replace(home, position=LongNardyHomePrimePosition.from_points(FIVE_POINTS, {24: 15}))
    home = home.roll(0, DiceSequence([2, 1]))
    with pytest.raises(IllegalAction) as info:
        home.play(0, "22/21 24/22")
    error = info.value
    assert error.code == "illegal_play"
    assert error.params == {
        "play": "22/21 24/22",
        "reason": "six_prime",
        "move": "22/21",
        "point": 21,
        "rule": "home",
    }
    text = describe_error("ru", "six_prime", error.params)
    assert text.startswith("22/21 строит блок из шести пунктов подряд") and "в свой дом" in text


@pytest.mark.parametrize("starts", ["winner", "alternate"])
def test_a_match_to_three_points_of_long_nardy(starts: str) -> None:
    rng = random.Random(7)

    def dice() -> int:
        return rng.randint(1, 6)

    match = Match.new(3, "long_nardy", replace(LONG_NARDY_OPTIONS, next_game_starts=starts))
    while True:
        game = match.game
        if game.phase is Phase.OPENING:
            game = game.roll(0, dice)
        while not game.is_over:
            turn = game.turn
            assert turn is not None
            game = game.roll(turn, dice)
            plays = game.builder.legal_plays
            game = game.play(turn, rng.choice(plays) if plays else Play(()))
        assert game.result is not None and game.result.points in (1, 2)
        assert game.cube == CubeState()
        match = match.with_game(game)
        if match.is_over:
            break
        match = match.next_game()
        expected = game.result.winner if starts == "winner" else 1 - (game.first or 0)
        assert match.game.first == expected and match.game.phase is Phase.ROLL
    assert match.winner is not None and max(match.score) >= 3
    assert sum(match.score) == sum(g.result.points for g in match.games if g.result)
