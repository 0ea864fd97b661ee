"""Game result (RULES.md 1.6): single, gammon, backgammon, for the side that bore off all 15."""

from __future__ import annotations

import pytest

from engine import Position, parse_play
from engine.result import Outcome, WinKind, result


def test_not_finished() -> None:
    assert result(Position.initial()) is None
    almost = Position.from_points({1: 1}, {6: 15})
    assert almost.off() == (14, 0)
    assert result(almost) is None
    assert result(almost.swapped()) is None


def test_single_when_the_loser_has_borne_off_a_checker() -> None:
    position = Position.from_points({}, {6: 10, 1: 4})
    assert result(position) == Outcome(True, WinKind.SINGLE)


def test_single_even_with_loser_checkers_back_once_he_has_borne_off() -> None:
    position = Position.from_points({}, {25: 1, 24: 1, 6: 12})
    assert position.off() == (15, 1)
    assert result(position) == Outcome(True, WinKind.SINGLE)


def test_gammon_when_the_loser_has_borne_off_none() -> None:
    position = Position.from_points({}, {6: 10, 5: 5})
    assert result(position) == Outcome(True, WinKind.GAMMON)


def test_gammon_with_a_checker_just_outside_the_winners_home() -> None:
    # The loser's 18 point is the winner's 7 point: outside his home board.
    position = Position.from_points({}, {18: 1, 6: 14})
    assert result(position) == Outcome(True, WinKind.GAMMON)


def test_backgammon_with_a_checker_on_the_bar() -> None:
    position = Position.from_points({}, {25: 1, 6: 14})
    assert result(position) == Outcome(True, WinKind.BACKGAMMON)


@pytest.mark.parametrize("point", [19, 20, 21, 22, 23, 24])
def test_backgammon_with_a_checker_in_the_winners_home_board(point: int) -> None:
    position = Position.from_points({}, {point: 1, 6: 14})
    assert result(position) == Outcome(True, WinKind.BACKGAMMON)


def test_winner_not_on_roll() -> None:
    position = Position.from_points({6: 14, 24: 1}, {})
    assert result(position) == Outcome(False, WinKind.BACKGAMMON)
    assert result(Position.from_points({6: 15}, {})) == Outcome(False, WinKind.GAMMON)
    assert result(Position.from_points({6: 14}, {})) == Outcome(False, WinKind.SINGLE)


def test_result_after_the_last_checker_is_borne_off() -> None:
    position = Position.from_points({1: 1}, {20: 1, 6: 14})
    final = parse_play(position, (3, 1), "1/off")
    after = position.after(final)
    # The opponent is on roll now; the game is over and the side not on roll won.
    assert result(after) == Outcome(False, WinKind.BACKGAMMON)


def test_multipliers() -> None:
    assert [int(kind) for kind in WinKind] == [1, 2, 3]


def test_both_sides_finished_is_an_error() -> None:
    with pytest.raises(ValueError):
        result(Position.from_points({}, {}))
