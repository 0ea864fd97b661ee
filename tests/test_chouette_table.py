"""The chouette's table (engine.chouette_table): seating roll, roster rotation, ledger."""

from __future__ import annotations

import pytest

from engine.chouette_table import Ledger, Payment, Roster, roll_for_seats
from engine.errors import IllegalAction


def seat(players: list[str], values: list[int]) -> tuple[tuple[str, ...], list[list[str]]]:
    it = iter(values)
    seating = roll_for_seats(players, lambda: next(it))
    assert next(it, None) is None, "every given die must be used"
    return seating.order, [[name for name, _ in rnd] for rnd in seating.rounds]


# -- the seating roll ---------------------------------------------------------------------------


def test_seating_without_ties_is_by_the_dice() -> None:
    order, rounds = seat(["a", "b", "c", "d"], [2, 6, 4, 5])
    assert order == ("b", "d", "c", "a")
    assert rounds == [["a", "b", "c", "d"]]
    roster = Roster.from_order(order)
    assert (roster.box, roster.captain, roster.team) == ("b", "d", ("d", "c", "a"))


def test_a_tie_for_the_box_is_rerolled_among_the_tied_only() -> None:
    # a and c tie on 6; only they roll again; c's 3 beats a's 1.
    order, rounds = seat(["a", "b", "c", "d"], [6, 4, 6, 2, 1, 3])
    assert rounds == [["a", "b", "c", "d"], ["a", "c"]]
    assert order == ("c", "a", "b", "d")


def test_a_tie_lower_down_orders_the_team() -> None:
    # b box (6), then a tie on 3 between a and d decides captain and third place.
    order, rounds = seat(["a", "b", "c", "d"], [3, 6, 1, 3, 2, 5])
    assert rounds == [["a", "b", "c", "d"], ["a", "d"]]
    assert order == ("b", "d", "a", "c")


def test_a_three_way_tie_that_ties_again() -> None:
    # u, v, y tie on 5; in the re-roll v wins and u, y tie again on 2; then u beats y.
    players = ["u", "v", "w", "x", "y", "z"]
    order, rounds = seat(players, [5, 5, 3, 6, 5, 1, 2, 4, 2, 6, 1])
    assert rounds == [players, ["u", "v", "y"], ["u", "y"]]
    assert order == ("x", "v", "u", "y", "w", "z")


def test_every_player_ties_then_all_differ() -> None:
    order, rounds = seat(["a", "b", "c"], [4, 4, 4, 1, 2, 3])
    assert rounds == [["a", "b", "c"], ["a", "b", "c"]]
    assert order == ("c", "b", "a")


@pytest.mark.parametrize(
    ("players", "code"),
    [
        (["a", "b"], "too_few_players"),
        (["a", "b", "a"], "duplicate_player"),
        (["a", "", "c"], "bad_player"),
    ],
)
def test_bad_player_lists_are_refused(players: list[str], code: str) -> None:
    with pytest.raises(IllegalAction) as info:
        roll_for_seats(players, lambda: 3)
    assert info.value.code == code


def test_a_bad_die_is_refused() -> None:
    with pytest.raises(IllegalAction) as info:
        roll_for_seats(["a", "b", "c"], lambda: 7)
    assert info.value.code == "bad_die"


# -- rotation -----------------------------------------------------------------------------------

ROSTER = Roster("X", ("C", "A", "B", "D"))


def test_team_lost_next_member_captains_old_captain_to_the_end_box_stays() -> None:
    assert ROSTER.rotated(team_won=False, captain="C") == Roster("X", ("A", "B", "D", "C"))


def test_team_won_captain_into_the_box_old_box_last_in_the_team() -> None:
    assert ROSTER.rotated(team_won=True, captain="C") == Roster("C", ("A", "B", "D", "X"))


def test_acting_captain_counts_as_captain_when_the_team_loses() -> None:
    # C passed, A captained the rest of the game: the rotation goes on from A.
    assert ROSTER.rotated(team_won=False, captain="A") == Roster("X", ("B", "D", "C", "A"))


def test_acting_captain_counts_as_captain_when_the_team_wins() -> None:
    assert ROSTER.rotated(team_won=True, captain="A") == Roster("A", ("B", "D", "C", "X"))


def test_acting_captain_matches_two_ordinary_rotations() -> None:
    once = ROSTER.rotated(team_won=False, captain="C")
    assert once.rotated(team_won=False, captain="A") == ROSTER.rotated(False, "A")


def test_rotation_of_a_two_player_roster() -> None:
    r = Roster("X", ("C",))
    assert r.rotated(team_won=False, captain="C") == r
    assert r.rotated(team_won=True, captain="C") == Roster("C", ("X",))


def test_rotation_needs_a_team_member_as_captain() -> None:
    with pytest.raises(IllegalAction) as info:
        ROSTER.rotated(team_won=True, captain="X")
    assert info.value.code == "not_team_member"


def test_joining_and_leaving_the_roster() -> None:
    assert ROSTER.joined("E") == Roster("X", ("C", "A", "B", "D", "E"))
    assert ROSTER.without("A") == Roster("X", ("C", "B", "D"))
    assert ROSTER.without("C") == Roster("X", ("A", "B", "D"))
    assert ROSTER.without("X") == Roster("C", ("A", "B", "D"))
    with pytest.raises(IllegalAction) as info:
        ROSTER.joined("B")
    assert info.value.code == "already_seated"
    with pytest.raises(IllegalAction) as info:
        ROSTER.without("Q")
    assert info.value.code == "unknown_player"
    with pytest.raises(IllegalAction) as info:
        Roster("X", ("C",)).without("C")
    assert info.value.code == "too_few_players"


def test_a_roster_has_one_box_and_a_captain() -> None:
    with pytest.raises(IllegalAction):
        Roster("X", ())
    with pytest.raises(IllegalAction):
        Roster("X", ("C", "X"))
    assert Roster.from_dict(ROSTER.to_dict()) == ROSTER


# -- the ledger ---------------------------------------------------------------------------------


def test_ledger_balances_sum_to_zero_and_round_trip() -> None:
    ledger = Ledger().with_players(["X", "C", "A"])
    ledger = ledger.paid(
        Payment(1, "C", "X", 2, "pass"),
        Payment(1, "X", "A", 4, "result"),
        Payment(2, "X", "C", 1, "box_pass"),
    )
    assert ledger.balances() == {"X": -3, "C": -1, "A": 4}
    assert ledger.game_balances(1) == {"C": -2, "X": -2, "A": 4}
    assert sum(ledger.balances().values()) == 0
    assert Ledger.from_dict(ledger.to_dict()) == ledger


def test_ledger_refuses_empty_or_self_payments() -> None:
    with pytest.raises(ValueError, match="positive"):
        Ledger().paid(Payment(1, "a", "b", 0, "pass"))
    with pytest.raises(ValueError, match="himself"):
        Ledger().paid(Payment(1, "a", "a", 1, "pass"))
    with pytest.raises(ValueError, match="reason"):
        Payment.from_list([1, "a", "b", 1, "gift"])
