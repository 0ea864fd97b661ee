"""A match that goes on from a position set up from an ID (:meth:`Match.from_game`)."""

from __future__ import annotations

import pytest

from engine.errors import CorruptId, EngineError
from engine.game import DiceSequence, Game, Phase
from engine.match import Match
from engine.matfile import format_mat
from engine.result import WinKind

# X (player 1) on roll with 5-2 in a 5-point match, X 2 and O 4, the Crawford game.
CRAWFORD = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:2:4:1:5:10"
# The same position at 2-4 after the Crawford game, X to roll.
POST_CRAWFORD = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:2:4:0:5:10"
# The same at 2-4 after the Crawford game, O to roll.
POST_CRAWFORD_O = "XGID=-b----E-C---eE---c-e----B-:0:0:-1:00:2:4:0:5:10"
# Money, O (player 0) on roll before rolling, cube 2 owned by O.
MONEY = "XGID=-b----E-C---eE---c-e----B-:1:-1:-1:00:0:0:3:0:10"


def _resign_and_accept(match: Match) -> Match:
    game = match.game
    turn = game.turn
    assert turn is not None
    if game.phase is Phase.MOVE:
        game = game.play(turn, game.forced_play or game.builder.legal_plays[0])
        turn = 1 - turn
    ended = game.offer_resign(turn, WinKind.SINGLE).accept_resign(1 - turn)
    return match.with_game(ended)


def test_a_crawford_game_set_up_scores_on_and_the_next_game_is_post_crawford() -> None:
    match = Match.from_game(Game.from_xgid(CRAWFORD))
    assert match.length == 5 and match.score == (4, 2)
    assert match.game.crawford and match.crawford_done and match.start is not None
    match = _resign_and_accept(match)
    assert sum(match.score) == 7
    assert not match.is_over or max(match.score) >= 5
    if not match.is_over:
        match = match.next_game()
        assert not match.game.crawford and match.post_crawford
        assert match.game.score == match.score


def test_a_post_crawford_position_keeps_the_crawford_game_done() -> None:
    match = Match.from_game(Game.from_xgid(POST_CRAWFORD))
    assert not match.game.crawford and match.crawford_done and match.post_crawford
    assert "double" in match.game.allowed(1)


def test_the_saved_match_reads_back_before_and_after_its_first_game_is_packed() -> None:
    match = Match.from_game(Game.from_xgid(POST_CRAWFORD_O))
    again = Match.from_dict(match.to_dict())
    assert again == match
    match = _resign_and_accept(match).next_game()
    packed = match.archived()
    assert packed.played.count == 1
    read = Match.from_dict(packed.to_dict())
    assert read.score == match.score and read.post_crawford
    records = read.records()
    # O resigned a single game: X, player 1, scores.
    assert records[0].score == (4, 2) and not records[0].crawford
    assert records[1].score == read.score == (4, 3)


def test_a_money_session_set_up_goes_on_with_the_ids_cube() -> None:
    match = Match.from_game(Game.from_xgid(MONEY))
    game = match.game
    assert match.length == 0 and game.turn == 0 and game.cube.value == 2 and game.cube.owner == 0
    rolled = match.with_game(game.roll(0, DiceSequence([3, 1])))
    assert rolled.game.phase is Phase.MOVE


def test_a_set_up_match_is_not_written_as_a_mat_file() -> None:
    match = Match.from_game(Game.from_xgid(CRAWFORD))
    with pytest.raises(EngineError) as info:
        format_mat(match)
    assert info.value.code == "not_exportable" and info.value.params["reason"] == "set_up"


def test_only_a_fresh_set_up_game_starts_a_match() -> None:
    played = Game.from_xgid(CRAWFORD)
    played = played.play(1, played.builder.legal_plays[0])
    with pytest.raises(EngineError):
        Match.from_game(played)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:5:4:0:5:10", "score"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:2:2:1:5:10", "crawford"),
        ("XGID=-b----E-C---eE---c-e----B-:1:0:1:00:0:0:0:5:10", "cube"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:D:2:4:1:5:10", "no_cube"),
        ("XGID=-b----E-C---eE---c-e----B-:1:-1:1:B:0:0:0:5:10", "beaver"),
    ],
)
def test_a_state_no_game_can_be_in_names_its_reason(text: str, reason: str) -> None:
    with pytest.raises(CorruptId) as info:
        Game.from_xgid(text)
    assert info.value.params["reason"] == reason, str(info.value)
