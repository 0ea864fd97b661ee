"""Drawn long nardy games (``last_roll_draw``): half a point or one point each, exact match scores,
the match end, the Crawford rule and who starts the next game (RULES.md 5, the seed's 4.3*)."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cube import Options
from engine.errors import EngineError
from engine.game import (
    HALF,
    DiceSequence,
    Game,
    Phase,
    Reason,
    format_points,
    points_from_json,
    points_to_json,
)
from engine.match import Match
from engine.nardy import LONG_NARDY_OPTIONS, LongNardyPosition

DRAW = replace(LONG_NARDY_OPTIONS, last_roll_draw=True)


def on_roll(match: Match, mover: dict[int, int], other: dict[int, int]) -> Match:
    """The current game, started by the player on turn, with this board (his view)."""
    game = match.game
    if game.phase is Phase.OPENING:
        game = game.roll(0, DiceSequence([6, 1]))  # player 0 wins the lot and moves first
    assert game.phase is Phase.ROLL and game.turn is not None
    return match.with_game(replace(game, position=LongNardyPosition.from_points(mover, other)))


def turn(match: Match, player: int, play: str | None = None) -> Match:
    """``player`` rolls 2-1 and plays ``play`` (else the first legal play)."""
    game = match.game.roll(player, DiceSequence([2, 1]))
    if play is None:
        plays = game.builder.legal_plays
        game = game.play(player, plays[0]) if plays else game.confirm(player)
    else:
        game = game.play(player, play)
    return match.with_game(game)


def draw(match: Match) -> Match:
    """Both sides bear off their last checker: the first player, then the other's last roll."""
    match = on_roll(match, {1: 1}, {1: 1})
    first = match.game.turn
    assert first is not None and first == match.game.first
    match = turn(turn(match, first, "1/off"), 1 - first, "1/off")
    assert match.game.result is not None and match.game.result.reason is Reason.DRAW
    return match


def win(match: Match, mars: bool) -> Match:
    """The player on turn bears off his last checker and wins (a mars when the other has none
    off); under ``last_roll_draw`` the other's last roll does not finish."""
    match = on_roll(match, {1: 1}, {6: 15 if mars else 14})
    mover = match.game.turn
    assert mover is not None
    match = turn(match, mover, "1/off")
    if not match.game.is_over:
        match = turn(match, 1 - mover)
    assert match.game.result is not None and match.game.result.winner == mover
    return match


def test_a_draw_is_half_a_point_each_by_default() -> None:
    match = draw(Match.new(0, "long_nardy", DRAW))
    assert match.game.award == (HALF, HALF)
    assert match.score == (Fraction(1, 2), Fraction(1, 2))
    assert match.game.result is not None and match.game.result.points == 0
    match = draw(match.next_game())
    assert match.score == (1, 1) and all(type(s) is int for s in match.score)


def test_a_draw_is_one_point_each_with_draw_points_one() -> None:
    match = draw(Match.new(0, "long_nardy", replace(DRAW, draw_points="one")))
    assert match.game.award == (1, 1) and match.score == (1, 1)
    assert all(type(s) is int for s in match.score)


def test_draw_points_is_a_checked_option_saved_only_when_not_the_default() -> None:
    assert Options().draw_points == "half" and "draw_points" not in Options().to_dict()
    assert Options(draw_points="one").to_dict() == {"draw_points": "one"}
    assert Options.from_dict({"draw_points": "one"}) == Options(draw_points="one")
    with pytest.raises(EngineError):
        Options(draw_points="two")


def test_a_match_ends_exactly_when_a_player_reaches_the_length_with_halves() -> None:
    match = draw(Match.new(3, "long_nardy", DRAW))  # ½-½
    match = win(match.next_game(), mars=True)  # ½-2½: player 1, who moved second, started
    assert match.score == (HALF, Fraction(5, 2)) and not match.is_over
    match = match.next_game()
    assert match.game.crawford  # 2½ is one game from 3, as 2 would be
    assert match.game.score == (HALF, Fraction(5, 2))
    match = draw(match)  # 1-3: the length reached exactly with a half
    assert match.score == (1, 3) and match.is_over and match.winner == 1
    with pytest.raises(EngineError):
        match.next_game()


def test_a_draw_that_brings_both_level_at_the_length_does_not_end_the_match() -> None:
    match = Match.new(3, "long_nardy", replace(DRAW, draw_points="one"))
    match = draw(draw(match).next_game()).next_game()  # 2-2
    assert match.score == (2, 2) and match.game.crawford
    match = draw(match)  # 3-3: both reached the length together, level
    assert match.score == (3, 3) and not match.is_over and match.winner is None
    match = match.next_game()
    assert not match.game.crawford  # the Crawford game has been played
    match = win(match, mars=False)
    assert match.is_over and match.winner == match.game.first
    assert sorted(match.score) == [3, 4]


@pytest.mark.parametrize("rule", ["winner", "alternate"])
def test_after_a_draw_the_player_who_moved_second_starts(rule: str) -> None:
    match = draw(Match.new(0, "long_nardy", replace(DRAW, next_game_starts=rule)))
    assert match.game.first == 0
    following = match.next_game().game
    assert following.phase is Phase.ROLL and following.turn == following.first == 1


def test_scores_with_halves_round_trip_through_json() -> None:
    match = draw(Match.new(5, "long_nardy", DRAW)).next_game()
    text = json.dumps(match.to_dict())
    assert '"1/2"' in text
    again = Match.from_dict(json.loads(text))
    assert again == match and again.score == (HALF, HALF)
    assert again.game.score == (HALF, HALF)
    money = draw(Match.new(0, "long_nardy", DRAW)).next_game()
    assert money.game.to_dict()["score"] == ["1/2", "1/2"]
    assert Game.from_dict(money.game.to_dict()) == money.game


def test_whole_scores_stay_plain_numbers_in_json() -> None:
    match = draw(draw(Match.new(5, "long_nardy", DRAW)).next_game()).next_game()
    assert match.game.to_dict()["match"] == [5, 1, 1, 0]


@pytest.mark.parametrize("bad", ["1/3", "2/4", "0.5", "1/2 ", 0.5, True, -1, "-1/2", None])
def test_a_malformed_score_is_refused(bad: object) -> None:
    with pytest.raises(EngineError) as info:
        points_from_json(bad)
    assert info.value.code == "corrupt_state"
    data = Game.new("long_nardy", DRAW, match_length=5).to_dict()
    data["match"] = [5, bad, 0, 0]
    with pytest.raises(EngineError) as info:
        Game.from_dict(data)
    assert info.value.code == "corrupt_state"


def test_points_are_written_as_players_write_them() -> None:
    assert [format_points(v) for v in (0, 3, HALF, Fraction(7, 2))] == ["0", "3", "½", "3½"]
    assert [points_to_json(v) for v in (0, 3, HALF, Fraction(7, 2))] == [0, 3, "1/2", "7/2"]


def test_a_half_cannot_be_written_in_a_match_id() -> None:
    match = draw(Match.new(5, "long_nardy", DRAW))
    with pytest.raises(EngineError) as info:
        match.game.match_id()
    assert info.value.code == "not_exportable"
    whole = draw(Match.new(5, "long_nardy", replace(DRAW, draw_points="one")))
    assert len(whole.game.match_id()) == 12
    fields = whole.game.match_id_fields()
    assert fields.score == (1, 1) and fields.game_state == 2


def test_a_saved_match_with_a_game_after_the_match_was_decided_is_refused() -> None:
    match = win(Match.new(1, "long_nardy", DRAW), mars=False)
    assert match.is_over
    data = match.to_dict()
    extra = Game.new("long_nardy", DRAW, match_length=1, score=(1, 0)).to_dict()
    data["games"].append(extra)
    with pytest.raises(EngineError) as info:
        Match.from_dict(data)
    assert info.value.code == "corrupt_state"


@settings(max_examples=60)
@given(
    length=st.integers(min_value=1, max_value=6),
    draw_points=st.sampled_from(["half", "one"]),
    starts=st.sampled_from(["winner", "alternate", "roll"]),
    outcomes=st.lists(st.sampled_from(["draw", "oin", "mars"]), min_size=1, max_size=14),
)
def test_random_series_of_draws_and_wins_keep_an_exact_score(
    length: int, draw_points: str, starts: str, outcomes: list[str]
) -> None:
    options = replace(DRAW, draw_points=draw_points, next_game_starts=starts)
    match = Match.new(length, "long_nardy", options)
    each = HALF if draw_points == "half" else Fraction(1)
    expected = [Fraction(0), Fraction(0)]
    crawford_seen = False
    for k, outcome in enumerate(outcomes):
        if k:
            if match.is_over:
                break
            before = tuple(expected)
            match = match.next_game()
            due = not crawford_seen and any(length - 1 <= s < length for s in before)
            assert match.game.crawford == (length > 1 and due)
            crawford_seen = crawford_seen or match.game.crawford
        assert match.game.score == tuple(expected)
        if outcome == "draw":
            match = draw(match)
            expected = [expected[0] + each, expected[1] + each]
        else:
            match = win(match, mars=outcome == "mars")
            winner = match.game.result.winner if match.game.result else None
            assert winner is not None
            expected[winner] += 2 if outcome == "mars" else 1
        assert match.score == tuple(expected)
        assert all(type(s) is int for s in match.score if Fraction(s).denominator == 1)
        over = max(expected) >= length and expected[0] != expected[1]
        assert match.is_over == over
        if over:
            assert match.winner == (0 if expected[0] > expected[1] else 1)
        assert Match.from_dict(json.loads(json.dumps(match.to_dict()))) == match
