"""Every rule of RULES.md 1.3-1.5, each from a concrete position, with the exact set of legal plays.

Expected plays are written as single steps (``24/18 18/14``, ``bar/22``, ``6/off``) and compared
with :func:`engine.legal_plays` by the positions they reach, so the test does not depend on which
of several equivalent plays the generator keeps.
"""

from __future__ import annotations

import itertools

from engine import Play, Position, Step, legal_plays, max_dice_playable
from engine.movegen import apply_steps

# The opponent's checkers far away in his home board (the player's 19-24 stay empty of them).
FAR = {1: 5, 2: 5}


def board(mine: dict[int, int], theirs: dict[int, int]) -> Position:
    """A position from the player's view: ``theirs`` gives the opponent's checkers on the
    player's points (25 = the opponent's bar)."""
    return Position.from_points(mine, {25 - p if p != 25 else 25: n for p, n in theirs.items()})


def far(mine: dict[int, int]) -> Position:
    return Position.from_points(mine, FAR)


def single_steps(text: str) -> list[Step]:
    out = []
    for move in text.split():
        frm, to = move.split("/")
        out.append(Step(25 if frm == "bar" else int(frm), 0 if to == "off" else int(to)))
    return out


def assert_plays(position: Position, dice: tuple[int, int], *expected: str) -> list[Play]:
    """The legal plays reach exactly the positions of the ``expected`` single-step plays."""
    plays = legal_plays(position, dice)
    got = {apply_steps(position, p.steps).gnubg_id(): p.notation() for p in plays}
    want = {apply_steps(position, single_steps(t)).gnubg_id(): t for t in expected}
    assert len(got) == len(plays), "one play per distinct resulting position"
    assert set(got) == set(want), f"got {sorted(got.values())}, expected {sorted(want.values())}"
    return plays


# -- 1.3 moving -----------------------------------------------------------------------------


def test_initial_position_from_its_gnubg_id() -> None:
    position = Position.from_gnubg_id("4HPwATDgc/ABMA")
    assert position == Position.initial()
    assert_plays(
        position,
        (6, 1),
        "13/7 7/6",
        "13/7 6/5",
        "13/7 8/7",
        "24/18 6/5",
        "24/18 8/7",
        "24/23 13/7",
        "24/23 24/18",
        "24/23 8/2",
        "8/2 6/5",
        "8/7 8/2",
    )


def test_checkers_move_forward_only() -> None:
    for dice in itertools.combinations_with_replacement(range(1, 7), 2):
        for play in legal_plays(Position.initial(), dice):
            assert all(step.to < step.frm for step in play.steps)


def test_combined_move_needs_an_open_intermediate_point() -> None:
    # One checker free to move (the rest sit on the 1 point and cannot bear off).
    both_open = board({13: 1, 1: 14}, {12: 15})
    assert_plays(both_open, (4, 2), "13/9 9/7")
    only_9_open = board({13: 1, 1: 14}, {11: 2, 12: 13})
    plays = assert_plays(only_9_open, (4, 2), "13/9 9/7")
    assert plays[0].steps == (Step(13, 9), Step(9, 7))
    # Both intermediate points closed: the 7 point is open but cannot be reached.
    blocked = board({13: 1, 1: 14}, {11: 2, 9: 2, 12: 11})
    assert legal_plays(blocked, (4, 2)) == []


def test_doubles_are_played_four_times() -> None:
    assert_plays(board({13: 1, 1: 14}, {12: 15}), (3, 3), "13/10 10/7 7/4 4/1")
    # Two checkers free: every split of the four 2s (the 8-point checker cannot bear off).
    assert_plays(
        board({13: 1, 8: 1, 1: 13}, {12: 15}),
        (2, 2),
        "13/11 11/9 9/7 7/5",
        "13/11 11/9 9/7 8/6",
        "13/11 11/9 8/6 6/4",
        "13/11 8/6 6/4 4/2",
    )


def test_both_dice_must_be_played_when_possible() -> None:
    # 6-4 from 24: the 18 point is closed, so the only way to play both is 24/20/14;
    # 24/20 alone is not a legal play.
    position = board({24: 1, 1: 14}, {18: 2, 12: 13})
    assert_plays(position, (6, 4), "24/20 20/14")
    assert max_dice_playable(position, (6, 4)) == 2


def test_higher_die_when_only_one_can_be_played() -> None:
    # Either die alone can be played from 24, never both (the 13 point is closed).
    position = board({24: 1, 1: 14}, {13: 2, 12: 13})
    assert_plays(position, (6, 5), "24/18")
    assert max_dice_playable(position, (6, 5)) == 1


def test_lower_die_when_the_higher_cannot_be_played() -> None:
    position = board({24: 1, 1: 14}, {18: 2, 13: 2, 12: 11})
    assert_plays(position, (6, 5), "24/19")


def test_as_many_of_a_double_as_possible() -> None:
    # A single free checker on 24 with 4-4; closing 8, 12, 16 or 20 stops it after 3, 2, 1, 0.
    expected = {8: "24/20 20/16 16/12", 12: "24/20 20/16", 16: "24/20", 20: ""}
    for closed, play in expected.items():
        position = board({24: 1, 1: 14}, {closed: 2, 13: 13 if closed != 13 else 0})
        if play:
            assert_plays(position, (4, 4), play)
        else:
            assert legal_plays(position, (4, 4)) == []
        assert max_dice_playable(position, (4, 4)) == len(play.split())


def test_partial_double_with_several_checkers() -> None:
    # 6-6: checkers on 13 can go to 7 only (1 is closed); the 24 checker is stuck behind 18.
    position = board({24: 1, 13: 2, 2: 12}, {18: 2, 1: 2, 12: 11})
    assert_plays(position, (6, 6), "13/7 13/7")
    assert max_dice_playable(position, (6, 6)) == 2


def test_hitting_is_not_compulsory() -> None:
    blot_on_9 = board({13: 1, 1: 14}, {9: 1, 12: 14})
    assert_plays(blot_on_9, (4, 2), "13/9 9/7", "13/11 11/7")
    hits = {any(s.hit for s in p.steps) for p in legal_plays(blot_on_9, (4, 2))}
    assert hits == {True, False}


def test_hit_and_continue() -> None:
    blot_on_18 = board({24: 1, 1: 14}, {18: 1, 12: 14})
    plays = assert_plays(blot_on_18, (6, 4), "24/18 18/14", "24/20 20/14")
    hitting = next(p for p in plays if any(s.hit for s in p.steps))
    assert hitting.notation() == "24/18*/14"
    after = blot_on_18.after(hitting)
    assert after.player[24] == 1  # the hit checker is on the bar (the opponent is on roll now)


def test_hit_checker_leaves_the_board_at_once() -> None:
    # Two checkers land on the blot: the first hits it, the second lands on an empty point.
    blot_on_18 = board({24: 1, 22: 1, 1: 13}, {18: 1, 12: 14})
    plays = legal_plays(blot_on_18, (6, 4))
    both = next(p for p in plays if sorted((s.frm, s.to) for s in p.steps) == [(22, 18), (24, 18)])
    assert sum(s.hit for s in both.steps) == 1
    after = apply_steps(blot_on_18, both.steps)
    assert after.player[17] == 2  # the player's 18 point
    assert after.opponent[24] == 1 and after.opponent[25 - 18 - 1] == 0
    assert both.notation() == "24/18* 22/18"


# -- 1.4 bar --------------------------------------------------------------------------------


def test_bar_first_then_the_other_die() -> None:
    position = board({25: 1, 13: 1, 1: 13}, {19: 2, 12: 13})
    assert_plays(position, (6, 3), "bar/22 13/7", "bar/22 22/16")


def test_entering_does_not_combine_dice() -> None:
    # 3-2 would reach the open 20 point as one 5, but 22 and 23 are closed: nothing enters.
    position = board({25: 1, 13: 1, 1: 13}, {22: 2, 23: 2, 12: 11})
    assert legal_plays(position, (3, 2)) == []
    assert max_dice_playable(position, (3, 2)) == 0


def test_two_on_the_bar_one_enters() -> None:
    # Only the 3 enters; the second checker stays on the bar, so the 6 is lost.
    position = board({25: 2, 13: 1, 1: 12}, {19: 2, 12: 13})
    assert_plays(position, (6, 3), "bar/22")


def test_two_on_the_bar_both_enter_with_doubles_and_continue() -> None:
    position = board({25: 2, 13: 1, 1: 12}, {12: 15})
    assert_plays(
        position,
        (5, 5),
        "bar/20 bar/20 20/15 20/15",
        "bar/20 bar/20 20/15 15/10",
        "bar/20 bar/20 20/15 13/8",
        "bar/20 bar/20 13/8 8/3",
    )


def test_closed_board_no_play() -> None:
    position = board({25: 1, 13: 3, 6: 5, 8: 3, 1: 3}, {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2})
    for dice in itertools.combinations_with_replacement(range(1, 7), 2):
        assert legal_plays(position, dice) == []


# -- 1.5 bearing off ---------------------------------------------------------------------------


def test_no_bear_off_while_a_checker_is_outside() -> None:
    position = far({8: 1, 6: 1, 1: 13})
    assert_plays(position, (6, 5), "8/2 6/1", "8/3 6/off")


def test_bear_off_with_the_exact_die() -> None:
    assert_plays(far({6: 1, 4: 1}), (6, 4), "6/off 4/off", "6/2 4/off")


def test_higher_point_must_move_before_a_lower_bears_off() -> None:
    # No checker on 5 or 4: the 5 and the 4 must move the 6-point checker.
    assert_plays(far({6: 1, 3: 2}), (5, 4), "6/1 3/off", "6/2 3/off")


def test_highest_point_bears_off_with_a_larger_die() -> None:
    assert_plays(far({3: 1, 2: 1}), (6, 5), "3/off 2/off")
    assert_plays(far({2: 3}), (6, 6), "2/off 2/off 2/off")


def test_bear_off_continues_with_a_checker_borne_in_during_the_turn() -> None:
    # 6-6 with a checker on 8: it comes home with the first 6, then the rest bear off.
    assert_plays(far({8: 1, 6: 1, 2: 3}), (6, 6), "8/2 6/off 2/off 2/off")


def test_a_larger_die_bears_off_only_from_the_highest_point() -> None:
    # 5-1 with checkers on 6, 5 and 1: the 5 bears off from 5 or moves 6/1; it never bears
    # off the checker on 1 while a higher point is occupied.
    assert_plays(
        far({6: 1, 5: 1, 1: 1}), (5, 1), "5/off 6/5", "5/off 1/off", "6/1 5/4", "6/1 1/off"
    )


def test_hit_checker_stops_bearing_off() -> None:
    # The player's checker on the bar must enter and come home before any bear-off.
    position = board({25: 1, 6: 4, 5: 4, 4: 6}, {12: 15})
    assert_plays(position, (6, 5), "bar/19 19/14", "bar/19 6/1")
    for play in legal_plays(position, (6, 5)):
        assert all(step.to != 0 for step in play.steps)
