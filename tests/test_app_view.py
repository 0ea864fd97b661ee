"""The board the app shows: the cube a double offers, the last board of a finished match."""

from __future__ import annotations

import itertools
import random

from test_app_support import ALICE, BOB, Chat, Dice

from bot.app import App, SendBoard, display
from bot.app.table import Seat, Table
from bot.store import MemoryStore
from engine.game import DiceSequence, Game, Phase
from engine.match import Match
from engine.movegen import legal_plays
from renderers.view import MatchScore, MoneyScore


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


async def test_a_money_games_points_are_counted_once_on_the_next_board() -> None:
    """A money game won for 2 points (the cube on 2): the board after it says 2, as the
    result line does (the session's finished games are kept apart from the game in play)."""
    chat = Chat(App(MemoryStore(), dice=Dice(2)))
    await chat.send(ALICE, "/new money")
    await chat.press(BOB, "Join")
    await chat.press(ALICE, "Roll")
    game = (await chat.match()).game
    while game.phase is not Phase.ROLL:
        assert game.turn is not None and game.dice is not None
        play = legal_plays(game.position, game.dice)[0].notation()
        await chat.send((ALICE, BOB)[game.turn], f"move {play}")
        game = (await chat.match()).game
    assert game.turn is not None
    winner, loser = (ALICE, BOB)[game.turn], (ALICE, BOB)[1 - game.turn]
    await chat.send(winner, "double")
    await chat.send(loser, "take")
    await chat.send(loser, "resign single")
    replies = await chat.send(winner, "accept")
    said = [getattr(r, "text", "") or getattr(r, "caption", "") for r in replies]
    assert any(f"{winner.name} wins the game: 2 points" in line for line in said), replies
    boards = [r for r in replies if isinstance(r, SendBoard)]
    assert boards and isinstance(boards[-1].board.view.score, MoneyScore)
    totals = boards[-1].board.view.score.totals
    assert sorted(totals) == [0, 2]


def _first_play_hitting_on_the_way() -> tuple[Game, Game]:
    """A game just before and just after a play whose checker hits a blot and moves on."""
    rng = random.Random(5)
    while True:
        game = Game.new("backgammon")
        for _ in range(300):
            if game.phase is Phase.OVER:
                break
            if game.phase in (Phase.ROLL, Phase.OPENING):
                a, b = rng.randint(1, 6), rng.randint(1, 6)
                if game.phase is Phase.OPENING and a == b:
                    continue
                game = game.roll(game.turn if game.turn is not None else 0, DiceSequence([a, b]))
                continue
            mover = game.turn
            assert mover is not None
            plays = game.builder.legal_plays
            if not plays:
                game = game.confirm(mover)
                continue
            play = rng.choice(plays)
            after = game.play(mover, play)
            if any(s.hit and n.frm == s.to for s, n in itertools.pairwise(play.steps)):
                return game, after
            game = after


def test_the_last_play_shows_a_hit_made_on_the_way() -> None:
    """The line under the board (and the picture's marks) keep the hit of ``23/18*/12``: a
    checker that hits and moves on is not shown as ``23/12``."""
    _, after = _first_play_hitting_on_the_way()
    written = str(after.log[-1].value[0])
    assert "*/" in written  # the play hit on the way
    view = display.board_view(after, ("Ann", "Bob"))
    assert view.last_play is not None
    assert any(step.hit for step in view.last_play.steps)
    text = display.board_for("en", _table(), after, ("Ann", "Bob")).text
    assert written in text


def test_a_roll_is_written_the_higher_die_first() -> None:
    """Players and GNU Backgammon write a roll 6-3, whichever die came first."""
    game = Game.new("backgammon").roll(0, DiceSequence([4, 3]))
    assert game.turn is not None
    game = game.play(game.turn, "24/20 13/10").roll(1, DiceSequence([3, 6]))
    assert game.dice == (3, 6)
    text = display.board_for("en", _table(), game, ("Ann", "Bob")).text
    assert "6-3" in text and "3-6" not in text
    assert display.status_line(lambda m, **p: f"{m}:{p.get('dice', '')}", game, ["A", "B"]) == (
        "turn-move:6-3"
    )
