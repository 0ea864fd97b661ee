"""Standard notation: GNU Backgammon's formatting; parsing what players type, with clear errors."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from engine import (
    AmbiguousPlay,
    EngineError,
    IllegalPlay,
    InvalidNotation,
    Play,
    Position,
    Ruleset,
    Step,
    format_play,
    format_steps,
    legal_plays,
    parse_play,
)
from engine.notation import point_name

INITIAL = Position.initial()
# The opponent's checkers far away in his home board (the player's 19-24): no contact at home.
FAR = {1: 5, 2: 5}


def board(mine: dict[int, int], theirs: dict[int, int]) -> Position:
    """A position from the player's view: ``theirs`` gives the opponent's checkers on the
    player's points (25 = the opponent's bar)."""
    return Position.from_points(mine, {25 - p if p != 25 else 25: n for p, n in theirs.items()})


# -- formatting (GNU Backgammon's FormatMove) ---------------------------------------------------


@pytest.mark.parametrize(
    ("moves", "text"),
    [
        ([(24, 18), (13, 11)], "24/18 13/11"),
        ([(13, 11), (24, 18)], "24/18 13/11"),
        ([(8, 5), (6, 5), (8, 5), (6, 5)], "8/5(2) 6/5(2)"),
        ([(25, 22)], "bar/22"),
        ([(6, 0)], "6/off"),
        ([(13, 7, True)], "13/7*"),
        ([(24, 18, True), (18, 14)], "24/18*/14"),
        ([(13, 11), (11, 7)], "13/7"),
        ([(13, 9), (9, 7, True)], "13/7*"),
        ([(13, 9, True), (9, 7, True)], "13/9*/7*"),
        ([(24, 23, True), (23, 22), (22, 21), (21, 20)], "24/23*/20"),
        ([(24, 23, True), (23, 22, True), (22, 21, True), (21, 20)], "24/23*/22*/21*/20"),
        ([(24, 18), (18, 12), (12, 6), (13, 7)], "24/6 13/7"),
        ([(6, 2), (6, 2), (5, 1), (5, 1)], "6/2(2) 5/1(2)"),
        ([(24, 20), (24, 20), (20, 16), (20, 16)], "24/16(2)"),
        ([(6, 5), (6, 5), (5, 4), (5, 4)], "6/4(2)"),
        ([(24, 18), (24, 18), (18, 12), (13, 7)], "24/12 24/18 13/7"),
        ([(24, 18), (24, 23)], "24/23 24/18"),
        ([(4, 0), (4, 0)], "4/off(2)"),
        ([(6, 2), (2, 0), (5, 1), (3, 0)], "6/off 5/1 3/off"),
        ([(25, 20), (25, 20), (13, 8), (13, 8)], "bar/20(2) 13/8(2)"),
        ([(25, 20, True), (25, 20), (13, 8), (13, 8)], "bar/20*(2) 13/8(2)"),
        ([(8, 5, True), (6, 5)], "8/5* 6/5"),
        ([(6, 5, True), (8, 5)], "8/5* 6/5"),
        ([(10, 8), (8, 6), (6, 4), (8, 6, True)], "10/6*/4 8/6"),
        ([(25, 22), (22, 16)], "bar/16"),
        ([(8, 2), (6, 0), (2, 0)], "8/off 6/off"),
        ([], "no move"),
    ],
)
def test_format_steps_like_gnubg(
    moves: list[tuple[int, int] | tuple[int, int, bool]], text: str
) -> None:
    assert format_steps([Step(*m) for m in moves]) == text
    assert Play(tuple(Step(*m) for m in moves)).notation() == text


def test_point_names() -> None:
    assert [point_name(p) for p in (25, 24, 7, 1, 0)] == ["bar", "24", "7", "1", "off"]


def test_opening_plays_are_listed_in_gnubg_notation() -> None:
    assert {play.notation() for play in legal_plays(INITIAL, (6, 1))} == {
        "13/6",
        "13/7 6/5",
        "13/7 8/7",
        "24/18 6/5",
        "24/18 8/7",
        "24/23 13/7",
        "24/23 24/18",
        "24/23 8/2",
        "8/2 6/5",
        "8/7 8/2",
    }
    assert {p.notation() for p in legal_plays(INITIAL, (4, 2))} >= {"8/4 6/4", "13/7", "24/18"}


# -- formatting that reads back ---------------------------------------------------------------

# A blot of the opponent on the player's 9 point: 13/7 with 4-2 hits through 9, not through 11.
BLOT_ON_9 = Position.from_points({13: 2, 6: 5, 8: 3, 24: 2, 2: 3}, {16: 1, 6: 5, 8: 3, 24: 2, 3: 4})


def test_format_play_shows_the_intermediate_point_where_gnubg_text_is_ambiguous() -> None:
    plays = legal_plays(BLOT_ON_9, (4, 2))
    quiet = next(p for p in plays if p.notation() == "13/7")
    hitting = next(p for p in plays if p.notation() == "13/9*/7")
    assert format_play(BLOT_ON_9, (4, 2), quiet) == "13/11/7"
    assert format_play(BLOT_ON_9, (4, 2), hitting) == "13/9*/7"
    assert parse_play(BLOT_ON_9, (4, 2), "13/11/7") == quiet
    assert parse_play(BLOT_ON_9, (4, 2), "13/9*/7") == hitting


def test_format_play_is_gnubg_notation_when_unambiguous() -> None:
    for dice in ((6, 1), (3, 1), (4, 4), (6, 6), (5, 2)):
        plays = legal_plays(INITIAL, dice)
        for play in plays:
            text = format_play(INITIAL, dice, play)
            assert text == play.notation()
            assert parse_play(INITIAL, dice, text) == play


# -- parsing: the forms players type ------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "13/7 8/7",
        "8/7 13/7",
        "13-7 8-7",
        "13 7 8 7",
        "13/7, 8/7",
        "13 / 7   8 / 7",
        "13–7 8→7",
        "13—7 8->7",
        "  13/7 8/7. ",
        "13/7;8/7",
        "13->7 8=>7",
        "13—>7 8⇒7",
        "13\\7 8／7",
        "13>7 8>7",
    ],
)
def test_parse_forms_of_the_same_play(text: str) -> None:
    expected = next(p for p in legal_plays(INITIAL, (6, 1)) if p.notation() == "13/7 8/7")
    assert parse_play(INITIAL, (6, 1), text) == expected
    assert parse_play(INITIAL, (1, 6), text) == expected


def test_parse_returns_the_element_of_legal_plays() -> None:
    for dice in ((6, 2), (3, 1), (5, 5)):
        plays = legal_plays(INITIAL, dice)
        for play in plays:
            found = parse_play(INITIAL, dice, play.notation())
            assert found == play
            assert any(found is p for p in plays) or found in plays


ON_BAR = Position.from_points({25: 1, 6: 5, 8: 3, 13: 4, 24: 2}, {6: 5, 8: 3, 13: 5, 24: 2})


@pytest.mark.parametrize(
    "text", ["bar/22 13/11", "b/22 13/11", "25/22 13/11", "BAR/22 13/11", "Bar/22 13/11"]
)
def test_parse_bar_words(text: str) -> None:
    assert parse_play(ON_BAR, (3, 2), text).notation() == "bar/22 13/11"


@pytest.mark.parametrize("text", ["бар/22 13/11", "Бар/22 13/11", "бар 22 13 11"])
def test_parse_bar_in_cyrillic(text: str) -> None:
    assert parse_play(ON_BAR, (3, 2), text).notation() == "bar/22 13/11"


BEAR_OFF = Position.from_points({6: 2, 5: 2, 3: 1}, FAR)


@pytest.mark.parametrize(
    "text", ["6/off 5/1", "6/0 5/1", "6/OFF 5/1", "6/Off 5-1", "6 off 5 1", "6/выброс 5/1"]
)
def test_parse_off_words(text: str) -> None:
    assert parse_play(BEAR_OFF, (6, 4), text).notation() == "6/off 5/1"


@pytest.mark.parametrize(
    "text", ["8/5(2) 6/3(2)", "8/5 (2) 6/3 (2)", "8/5x2 6/3×2", "8/5 8/5 6/3 6/3"]
)
def test_parse_counts(text: str) -> None:
    assert parse_play(INITIAL, (3, 3), text).notation() == "8/5(2) 6/3(2)"


def test_parse_combined_move_of_one_checker() -> None:
    assert parse_play(INITIAL, (4, 2), "13/7").notation() == "13/7"
    assert parse_play(INITIAL, (6, 1), "13/6").notation() == "13/6"
    assert parse_play(INITIAL, (6, 5), "24/13").notation() == "24/13"
    assert parse_play(INITIAL, (4, 4), "24/16(2)").notation() == "24/16(2)"
    assert parse_play(INITIAL, (2, 2), "13/5").notation() == "13/5"
    assert parse_play(INITIAL, (1, 1), "6/4(2)").notation() == "6/4(2)"
    assert parse_play(INITIAL, (1, 1), "6/5(2) 5/4(2)").notation() == "6/4(2)"


def test_plays_reaching_the_same_position_parse_to_the_representative() -> None:
    plays = legal_plays(INITIAL, (3, 1))
    one = parse_play(INITIAL, (3, 1), "8/5/4")
    other = parse_play(INITIAL, (3, 1), "8/7/4")
    assert one == other
    assert one in plays
    assert one.notation() == "8/4"


HIT_AND_GO = Position.from_points({24: 2, 13: 5, 6: 5, 8: 3}, {7: 1, 6: 5, 8: 4, 13: 5})


@pytest.mark.parametrize("text", ["24/18*/14", "24/18/14", "24/18* 18/14", "24/18 18/14"])
def test_parse_hit_and_continue(text: str) -> None:
    play = parse_play(HIT_AND_GO, (6, 4), text)
    assert play.notation() == "24/18*/14"
    assert Step(24, 18, True) in play.steps


def test_parse_star_is_optional_when_the_play_is_unique() -> None:
    assert parse_play(HIT_AND_GO, (6, 4), "24/18 13/9").notation() == "24/18* 13/9"
    assert parse_play(HIT_AND_GO, (6, 4), "24/18* 13/9").notation() == "24/18* 13/9"


def test_parse_no_move() -> None:
    closed = Position.from_points(
        {25: 1, 6: 5, 8: 3, 13: 6}, {6: 2, 5: 2, 4: 2, 3: 2, 2: 2, 1: 2, 13: 3}
    )
    assert legal_plays(closed, (6, 3)) == []
    for text in ("no move", "No Move", "pass"):
        assert parse_play(closed, (6, 3), text) == Play(())
    with pytest.raises(IllegalPlay) as info:
        parse_play(INITIAL, (6, 1), "no move")
    assert info.value.code == "must_move"


def test_parse_accepts_precomputed_plays() -> None:
    plays = legal_plays(INITIAL, (6, 1))
    assert parse_play(INITIAL, (6, 1), "13/7 8/7", plays=plays) in plays


# -- parsing: ambiguity ---------------------------------------------------------------------


def test_unmarked_combined_move_is_the_quiet_path_as_gnubg_writes_it() -> None:
    # GNU Backgammon shows every intermediate point where it hit: "13/7" is the path through 11.
    plays = legal_plays(BLOT_ON_9, (4, 2))
    quiet = next(p for p in plays if p.notation() == "13/7")
    assert parse_play(BLOT_ON_9, (4, 2), "13/7") == quiet
    assert parse_play(BLOT_ON_9, (4, 2), "13-7") == quiet
    assert not any(s.hit for s in parse_play(BLOT_ON_9, (4, 2), "13/7").steps)


def test_ambiguous_combined_move_is_refused_when_strict() -> None:
    with pytest.raises(AmbiguousPlay) as info:
        parse_play(BLOT_ON_9, (4, 2), "13/7", strict=True)
    error = info.value
    assert isinstance(error, IllegalPlay)
    assert error.code == "ambiguous"
    assert error.params["options"] == ["13/9*/7", "13/11/7"]
    assert "13/9*/7" in str(error) and "13/11/7" in str(error)


def test_star_chooses_between_paths() -> None:
    assert parse_play(BLOT_ON_9, (4, 2), "13/9*/7").notation() == "13/9*/7"
    assert parse_play(BLOT_ON_9, (4, 2), "13/9/7").notation() == "13/9*/7"
    assert parse_play(BLOT_ON_9, (4, 2), "13/11/7").notation() == "13/7"


def test_hit_mark_that_no_legal_play_has() -> None:
    with pytest.raises(IllegalPlay) as info:
        parse_play(BLOT_ON_9, (4, 2), "13/7*")
    assert info.value.code == "no_blot"
    assert info.value.params["point"] == 7
    assert "7 point" in str(info.value)


def test_hit_and_continue_text_without_the_hit_point_is_the_quiet_path() -> None:
    assert parse_play(HIT_AND_GO, (6, 4), "24/14").notation() == "24/14"
    assert parse_play(HIT_AND_GO, (6, 4), "24/18*/14").notation() == "24/18*/14"
    with pytest.raises(AmbiguousPlay) as info:
        parse_play(HIT_AND_GO, (6, 4), "24/14", strict=True)
    assert info.value.params["options"] == ["24/18*/14", "24/20/14"]
    assert parse_play(HIT_AND_GO, (6, 4), "24/20/14").notation() == "24/14"


# -- parsing: clear errors ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "hello",
        "24/",
        "/18",
        "24/18/",
        "24/30",
        "24/18(5)",
        "24/18(0)",
        "24 18 13",
        "bar*/22",
        "6/off/3",
        "24/bar",
        "13/7 8",
        "24//18",
        "24/18**",
        "٣/1",
    ],
)
def test_invalid_notation(text: str) -> None:
    with pytest.raises(InvalidNotation) as info:
        parse_play(INITIAL, (6, 1), text)
    error = info.value
    assert error.code == "syntax"
    assert error.params["text"] == text
    assert "24/18 13/11" in str(error)  # shows an example
    assert repr(text) in str(error)  # names the text


def expect(position: Position, dice: tuple[int, int], text: str, code: str) -> IllegalPlay:
    with pytest.raises(IllegalPlay) as info:
        parse_play(position, dice, text)
    assert info.value.code == code, str(info.value)
    return info.value


def test_error_point_closed() -> None:
    error = expect(INITIAL, (5, 2), "24/19 13/11", "point_closed")
    assert str(error) == "the 19 point is closed"
    assert error.params == {"point": 19, "die": 5}
    error = expect(INITIAL, (5, 2), "24/17", "point_closed")
    assert str(error) == "the 17 point is closed"


# The player's checkers on 13; the opponent holds the 9 and 11 points (or only the 11).
BOTH_BLOCKED = board({13: 2, 6: 5, 8: 3, 24: 2, 2: 3}, {9: 2, 11: 2, 19: 5, 17: 4, 1: 2})
ONE_BLOCKED = board({13: 2, 6: 5, 8: 3, 24: 2, 2: 3}, {11: 2, 19: 5, 17: 4, 1: 4})


def test_error_closed_intermediate_point() -> None:
    error = expect(BOTH_BLOCKED, (4, 2), "13/7", "point_closed")
    assert str(error) == "the 9 and 11 points are closed"
    assert error.params["points"] == [9, 11]
    assert parse_play(ONE_BLOCKED, (4, 2), "13/7").steps == (Step(13, 9), Step(9, 7))
    error = expect(ONE_BLOCKED, (4, 2), "13/11/7", "point_closed")
    assert str(error) == "the 11 point is closed"


def test_error_must_use_both() -> None:
    error = expect(INITIAL, (6, 1), "24/18", "must_use_both")
    assert str(error).startswith("you must play both dice: ")
    example = str(error.params["example"])
    assert "24/18" in example or "24/17" in example
    assert parse_play(INITIAL, (6, 1), example) in legal_plays(INITIAL, (6, 1))


def test_error_bar_first() -> None:
    error = expect(ON_BAR, (3, 2), "13/10 13/11", "bar_first")
    assert str(error) == "enter from the bar first: you have 1 checker there"
    assert parse_play(ON_BAR, (3, 2), "13/11 bar/22").notation() == "bar/22 13/11"
    two = Position.from_points({25: 2, 6: 5, 8: 3, 13: 3, 24: 2}, {6: 5, 8: 3, 13: 5, 24: 2})
    error = expect(two, (3, 2), "bar/20", "bar_first")
    assert error.params == {"count": 1}


def test_error_no_checker() -> None:
    error = expect(INITIAL, (6, 1), "14/8 8/7", "no_checker")
    assert str(error) == "no checker on the 14 point"
    error = expect(INITIAL, (6, 1), "12/6 6/5", "no_checker")
    assert str(error) == "no checker of yours on the 12 point"
    error = expect(INITIAL, (3, 3), "24/21(3)", "no_checker")
    assert str(error) == "you have only 2 checkers on the 24 point"
    error = expect(INITIAL, (3, 2), "bar/22 13/11", "no_checker")
    assert str(error) == "you have no checker on the bar"


def test_error_no_such_die() -> None:
    error = expect(INITIAL, (6, 2), "13/8 24/18", "no_such_die")
    assert str(error) == "you rolled 6-2: there is no 5 to play"
    assert error.params == {"dice": "6-2", "die": 5, "move": "13/8"}
    error = expect(INITIAL, (6, 2), "13/4", "bad_distance")
    assert "9 pips" in str(error)
    error = expect(INITIAL, (3, 3), "13/8", "no_such_die")
    assert str(error) == "you rolled 3-3: there is no 5 to play"
    expect(INITIAL, (3, 3), "13/6", "bad_distance")


def test_error_too_many_dice() -> None:
    error = expect(INITIAL, (6, 2), "24/18 13/7", "too_many_dice")
    assert str(error) == "you rolled 6-2: there is only one 6 (24/18 13/7 needs 2)"
    expect(INITIAL, (2, 2), "13/11(3) 6/4(2)", "too_many_dice")
    expect(INITIAL, (2, 2), "13/3", "bad_distance")


def test_error_bear_off_not_home() -> None:
    position = Position.from_points({8: 1, 6: 4, 5: 5, 4: 5}, FAR)
    error = expect(position, (6, 2), "6/off 5/3", "bear_off_not_home")
    assert str(error) == "you cannot bear off while a checker is outside your home board"
    assert parse_play(position, (6, 2), "6/off 8/6").notation() == "8/off"


def test_error_bear_off_from_lower_point_with_higher_checker() -> None:
    position = Position.from_points({6: 1, 3: 2}, FAR)
    error = expect(position, (5, 4), "3/off(2)", "bear_off_higher")
    assert error.params == {"point": 3, "die": 5}


def test_error_higher_die() -> None:
    # One checker can play the 6 or the 5 but not both (the 13 point is closed); the rest
    # cannot move: the 6 must be played.
    position = board({24: 1, 1: 14}, {13: 2, 12: 13})
    assert {p.notation() for p in legal_plays(position, (6, 5))} == {"24/18"}
    error = expect(position, (6, 5), "24/19", "higher_die")
    assert str(error) == (
        "with 6-5 you must play the 6 when only one die can be played: 24/18 is possible"
    )
    assert error.params == {"dice": "6-5", "die": 6, "example": "24/18"}


def test_error_max_dice() -> None:
    # 4-4 with one checker free to move and the 8 point closed: three 4s can be played.
    position = board({24: 1, 1: 14}, {8: 2, 13: 13})
    assert {p.notation() for p in legal_plays(position, (4, 4))} == {"24/12"}
    error = expect(position, (4, 4), "24/20", "max_dice")
    assert str(error) == "you must play as many of the 4s as possible (3): 24/12 is possible"
    assert error.params == {"dice": "4-4", "die": 4, "count": 3, "example": "24/12"}


def test_error_backwards() -> None:
    error = expect(INITIAL, (6, 1), "18/24 8/7", "backwards")
    assert "18/24" in str(error)


def test_error_bad_dice() -> None:
    with pytest.raises(EngineError):
        parse_play(INITIAL, (7, 1), "13/6")
    with pytest.raises(EngineError):
        parse_play(INITIAL, (6,), "13/7")


def test_every_error_has_a_code_and_params() -> None:
    for text in ("24/18", "13/8 24/18", "xx", "18/24", "14/8 8/7"):
        with pytest.raises(EngineError) as info:
            parse_play(INITIAL, (6, 1), text)
        assert isinstance(info.value.code, str) and info.value.code
        assert isinstance(info.value.params, dict)


def test_errors_still_work_with_a_plain_message() -> None:
    error = IllegalPlay("plain")
    assert str(error) == "plain" and error.code == "illegal" and error.params == {}
    assert InvalidNotation("x").code == "syntax"
    assert AmbiguousPlay("x").code == "ambiguous"
    assert isinstance(AmbiguousPlay("x"), ValueError)


def test_format_play_of_no_move_and_of_a_play_that_is_not_legal() -> None:
    closed = Position.from_points(
        {25: 1, 6: 5, 8: 3, 13: 6}, {6: 2, 5: 2, 4: 2, 3: 2, 2: 2, 1: 2, 13: 3}
    )
    assert format_play(closed, (6, 3), Play(())) == "no move"
    assert parse_play(closed, (6, 3), format_play(closed, (6, 3), Play(()))) == Play(())
    not_legal = Play((Step(24, 18),))
    assert format_play(INITIAL, (6, 1), not_legal) == "24/18"


def test_parsing_alternates_between_positions() -> None:
    # The index of legal plays is reused only for the same list of plays.
    plays_a = legal_plays(BLOT_ON_9, (4, 2))
    plays_b = legal_plays(INITIAL, (4, 2))
    for _ in range(2):
        assert parse_play(BLOT_ON_9, (4, 2), "13/9*/7", plays=plays_a) in plays_a
        assert parse_play(INITIAL, (4, 2), "13/7", plays=plays_b) in plays_b
        with pytest.raises(AmbiguousPlay):
            parse_play(BLOT_ON_9, (4, 2), "13/7", plays=plays_a, strict=True)


# -- variants: the parser follows the position's Ruleset ----------------------------------------


class NoHittingPosition(Position):
    """A test variant where one opposing checker closes a point (as in long nardy)."""

    __slots__ = ()
    ruleset = Ruleset("no-hitting test", block=1)


def _not_from_24(me: Sequence[int], opp: Sequence[int], frm: int, to: int, path: object) -> bool:
    return frm != 24


class AnchoredPosition(Position):
    """A test variant whose hook forbids moving from the 24 point."""

    __slots__ = ()
    ruleset = Ruleset("anchored test", step_allowed=_not_from_24)


def test_variant_without_hitting() -> None:
    position = NoHittingPosition(BLOT_ON_9.player, BLOT_ON_9.opponent)
    error = expect(position, (4, 2), "13/9/7", "point_closed")
    assert str(error) == "the 9 point is occupied by the opponent"
    assert parse_play(position, (4, 2), "13/7").steps == (Step(13, 11), Step(11, 7))
    error = expect(position, (4, 2), "13/11* 13/9", "no_hitting")
    assert error.params == {"rules": "no-hitting test"}


def test_variant_step_hook() -> None:
    position = AnchoredPosition(INITIAL.player, INITIAL.opponent)
    assert all(s.frm != 24 for p in legal_plays(position, (6, 1)) for s in p.steps)
    error = expect(position, (6, 1), "24/18 8/7", "rule")
    assert str(error) == "the rules of anchored test do not allow 24/18 here"
    assert parse_play(position, (6, 1), "13/7 8/7").notation() == "13/7 8/7"


@pytest.mark.parametrize(
    ("dice", "text", "code"),
    [
        ((5, 5), "bar/22", "no_checker"),  # no checker on the bar: not "there is no 3 in 5-5"
        ((5, 5), "bar/20", "no_checker"),
        ((5, 5), "6/off", "bear_off_not_home"),  # not "point 1 is closed"
        ((1, 1), "6/off", "bear_off_not_home"),  # not "6/off is 6 pips"
        ((6, 1), "8/2 2/off", "bear_off_not_home"),
    ],
)
def test_a_refusal_names_what_the_typed_play_asks_for(
    dice: tuple[int, int], text: str, code: str
) -> None:
    with pytest.raises(IllegalPlay) as info:
        parse_play(Position.initial(), dice, text)
    assert info.value.code == code


def test_a_play_that_brings_its_last_checker_home_may_bear_off() -> None:
    position = Position.from_points({8: 1, 6: 14}, {24: 15})
    play = parse_play(position, (4, 2), "8/4 4/2")
    assert [(s.frm, s.to) for s in play.steps] == [(8, 4), (4, 2)]
    play = parse_play(position, (4, 4), "8/4 4/off 6/2 6/2")
    assert (4, 0) in [(s.frm, s.to) for s in play.steps]


@pytest.mark.parametrize(
    "text",
    ["move 13-11 13-8", "m 13-11 13-8", "MOVE 13/11 13/8", "m 13 11 13 8", "Move  13-8, 13-11"],
)
def test_fibs_command_word_before_the_play(text: str) -> None:
    assert parse_play(INITIAL, (5, 2), text).notation() == "13/11 13/8"


@pytest.mark.parametrize("text", ["move", "m", "move move 13/8 13/11", "mv 13/8 13/11"])
def test_fibs_command_word_alone_or_doubled_is_not_a_play(text: str) -> None:
    with pytest.raises(InvalidNotation):
        parse_play(INITIAL, (5, 2), text)
