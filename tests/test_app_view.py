"""The board the app shows: the cube a double offers, the last board of a finished match."""

from __future__ import annotations

from bot.app import display
from bot.app.table import Seat, Table
from engine.game import Game, Phase
from engine.match import Match
from renderers.view import MatchScore


def _doubled() -> Match:
    match = Match.new(3)
    game = Game.new("backgammon", match.options, match_length=3, starter=0)
    return match.with_game(game.double(0))


def test_a_double_on_offer_shows_the_value_it_offers() -> None:
    match = _doubled()
    assert match.game.phase is Phase.DOUBLED
    board = display.board_view(match.game, ("Ann", "Bob"))
    assert board.cube is not None
    assert (board.cube.value, board.cube.offered_by) == (2, 0)
    text = display.board_for("en", _table(), match.game, ("Ann", "Bob")).text
    assert "Double 2" in text and "Double 1" not in text


def test_the_last_board_of_a_match_shows_the_final_score_and_nobody_on_roll() -> None:
    match = _doubled()
    over = match.with_game(match.game.pass_(1))
    assert over.game.phase is Phase.OVER and over.score == (1, 0)
    board = display.board_view(over.game, ("Ann", "Bob"))
    assert board.turn is None
    assert isinstance(board.score, MatchScore) and board.score.score == (1, 0)
    text = display.board_for("en", _table(), over.game, ("Ann", "Bob")).text
    assert "▶" not in text


def _table() -> Table:
    return Table(
        mode="match",
        variant="backgammon",
        creator="console:1",
        length=3,
        options={},
        seats=(Seat("console:1", "Ann"), Seat("console:2", "Bob")),
    )


def test_a_game_of_the_matchs_past_shows_its_own_crawford_state() -> None:
    """A board of any game (an analysis's worst decisions, a replay) says Crawford or
    post-Crawford as that game was, whatever the match's state now."""
    crawford = Game.new("backgammon", match_length=5, score=(4, 2), crawford=True)
    after = Game.new("backgammon", match_length=5, score=(4, 3), crawford=False)
    before = Game.new("backgammon", match_length=5, score=(3, 2), crawford=False)
    shown = [display.board_view(game, ("Ann", "Bob")).score for game in (crawford, after, before)]
    assert all(isinstance(score, MatchScore) for score in shown)
    assert [(s.crawford, s.post_crawford) for s in shown if isinstance(s, MatchScore)] == [
        (True, False),
        (False, True),
        (False, False),
    ]
