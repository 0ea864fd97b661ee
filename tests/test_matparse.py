"""Reading ``.mat`` files into a match (``Match.from_mat``): files GNU Backgammon writes for
matches it plays itself (``gnubg -t -p``: ``new match``, ``export match mat``, ``gnubg.match``),
files the engine writes, and hand-made files in DailyGammon's and eXtreme Gammon's dialects."""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path

import pytest
from test_game_properties import play_random_match
from test_matfile import _gnubg

from engine.cube import Options
from engine.game import Game, Reason
from engine.match import Match
from engine.matfile import format_mat
from engine.matparse import MatError, read_mat
from engine.position import Position
from engine.result import WinKind
from engine.steps import Step, apply_steps

_SCRIPT = """
import json
import gnubg

out = []
for number, (seed, length) in enumerate(CONFIGS):
    for command in ("set player 0 gnubg", "set player 1 gnubg",
                    "set evaluation chequerplay evaluation plies 0",
                    "set evaluation cubedecision evaluation plies 0",
                    "set seed %d" % seed, "new match %d" % length,
                    "export match mat %s/match%d.mat" % (DIRECTORY, number)):
        gnubg.command(command)
    match = gnubg.match(analysis=0, boards=1)
    games = []
    for game in match["games"]:
        boards = [[m["player"], m["board"]] for m in game["game"] if m["action"] == "move"]
        games.append({"info": game["info"], "boards": boards})
    out.append({"games": games, "position": gnubg.positionid(), "match": gnubg.matchid()})
json.dump(out, open(DIRECTORY + "/out.json", "w"))
"""

_CONFIGS = [(1, 3), (2, 5), (3, 7), (4, 1), (5, 9), (6, 3), (7, 5), (8, 11)]


def _boards(game: Game) -> list[tuple[int, str]]:
    """(mover, Position ID before the move) of every play of ``game``, replayed from its log."""
    position = Position.initial()  # player 0's view
    out: list[tuple[int, str]] = []
    for entry in game.log:
        if entry.action != "move" or entry.player is None:
            continue
        flat = [int(v) for v in entry.value[1:]]
        steps = [Step(flat[i], flat[i + 1]) for i in range(0, len(flat), 2)]
        view = position if entry.player == 0 else position.swapped()
        out.append((entry.player, view.gnubg_id()))
        after = apply_steps(view, steps)
        position = after if entry.player == 0 else after.swapped()
    return out


def test_matches_gnubg_writes_import_with_every_board(tmp_path: Path) -> None:
    script = tmp_path / "play.py"
    script.write_text(f"CONFIGS = {_CONFIGS!r}\nDIRECTORY = {str(tmp_path)!r}\n" + _SCRIPT)
    run = subprocess.run(
        [_gnubg(), "-t", "-q", "-p", str(script)], capture_output=True, text=True, timeout=900
    )
    sink = tmp_path / "out.json"
    assert sink.exists(), run.stdout[-2000:] + run.stderr[-2000:]
    answers = json.loads(sink.read_text())
    games = moves = resigned = 0
    for number, ((_seed, length), answer) in enumerate(zip(_CONFIGS, answers, strict=True)):
        text = (tmp_path / f"match{number}.mat").read_text()
        record = read_mat(text)
        match = Match.from_mat(text)
        assert match.length == length and match.is_over
        assert len(match.games) == len(answer["games"]) == len(record.games)
        for game, theirs in zip(match.games, answer["games"], strict=True):
            games += 1
            info = theirs["info"]
            # gnubg's player X is the left column, player 0.
            assert game.score == (info["score-X"], info["score-O"])
            assert game.result is not None
            assert game.result.winner == (0 if info["winner"] == "X" else 1)
            assert game.result.points == info["points-won"]
            resigned += bool(info.get("resigned"))
            if info.get("resigned"):
                assert game.result.reason is Reason.RESIGN
            expected = [(0 if p == "X" else 1, board) for p, board in theirs["boards"]]
            assert _boards(game) == expected
            moves += len(expected)
        assert match.game.position_id() == answer["position"]
        assert match.game.match_id() == answer["match"]
    assert games > 15 and moves > 400 and resigned > 0


@pytest.mark.parametrize(
    ("seed", "length", "options"),
    [
        (1, 5, Options()),
        (2, 7, Options()),
        (3, 3, Options()),
        (4, 0, Options()),
        (5, 0, Options(cube_limit=8)),
        (6, 9, Options()),
    ],
)
def test_matches_the_engine_writes_read_back(seed: int, length: int, options: Options) -> None:
    match = play_random_match(random.Random(seed), length, options, max_games=4, eager=0.2)
    text = format_mat(match, ("Anna", "Bob"))
    again = Match.from_mat(text)
    assert read_mat(text).names == ("Anna", "Bob")
    assert again.score == match.score and len(again.games) == len(match.games)
    for ours, theirs in zip(match.games, again.games, strict=True):
        assert _boards(theirs) == _boards(ours)
        assert theirs.result == ours.result
        assert theirs.position == ours.position
        assert (theirs.cube.value, theirs.cube.owner) == (ours.cube.value, ours.cube.owner)


DAILYGAMMON = """
 3 point match

 Game 1
 Anna Maria : 0                      bob smith : 0
  1)                                 31: 8/5 6/5
  2) 62: 24/18 13/11                 Doubles => 2
  3)  Takes                          54: 24/20 13/8
  4) 65: 24/13                       11: 6/5 6/5 8/7 8/7
  5)  Doubles => 4                    Drops
      Wins 2 points

 Game 2
 Anna Maria : 2                      bob smith : 0
  1) 61: 13/7 8/7                    52: 13/8 13/11
  2) 43: 24/20 24/21
                                     Wins 2 points and the match
"""

XG = """; [Site "eXtreme Gammon"]
; [Match ID "-246338669"]
; [Player 1 "XG Roller+"]
; [Player 2 "Xavier"]
; [EventDate "2009.12.16"]
; [Variation "Backgammon"]
; [Crawford "On"]
; [Jacoby "Off"]
; [Beaver "Off"]
; [CubeLimit "1024"]

0 point match

Game 1
XG Roller+ : 0                      Xavier : 0
  1) 42: 8/4 6/4                    61: 13/7 8/7
  2) 64: 24/14                      43: 13/10 13/9
  3) Doubles => 2                   Takes
  4) 66: 13/7(2) 8/2(2)             55: 13/3(2)
  5) 21: 7/5 6/5
                                    Wins 4 points
"""


def test_a_dailygammon_file_with_names_in_two_words() -> None:
    record = read_mat(DAILYGAMMON)
    assert record.names == ("Anna Maria", "bob smith") and record.length == 3
    match = Match.from_mat(DAILYGAMMON)
    assert match.score == (2, 2)
    first, second = match.games
    assert first.first == 1 and first.result is not None and first.result.reason is Reason.PASS
    assert first.cube.value == 2
    assert second.crawford and second.result is not None
    assert second.result.reason is Reason.RESIGN and second.result.kind is WinKind.GAMMON
    assert not match.is_over or match.winner == 1


def test_an_extreme_gammon_file_with_its_header() -> None:
    record = read_mat(XG)
    assert record.names == ("XG Roller+", "Xavier") and record.length == 0
    assert not record.options.jacoby and record.options.cube_limit == 1024
    match = Match.from_mat(XG)
    game = match.game
    assert game.result is not None and game.result.winner == 1
    # A gammon resigned with the cube at 2 and no Jacoby rule: 4 points.
    assert game.result.kind is WinKind.GAMMON and game.result.points == 4
    assert match.score == (0, 4)


def _broken(old: str, new: str, text: str = DAILYGAMMON) -> str:
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize(
    ("text", "game", "move", "words"),
    [
        (_broken("24/18 13/11", "24/18 13/12"), 1, 2, "6-2"),
        (_broken("24/18 13/11", "24/18"), 1, 2, "both dice"),
        (_broken("24/18 13/11", "24/18 13/11 13/11"), 1, 2, "only one"),
        (_broken("54: 24/20 13/8", "54: 24/20 zz"), 1, 3, "cannot read"),
        (_broken("Doubles => 4", "Doubles => 8"), 1, 5, "not 8"),
        (_broken(" Takes", " Sings"), 1, 3, "cannot read"),
        (_broken("Wins 2 points\n\n Game 2", "Wins 3 points\n\n Game 2"), 1, 5, "2 points"),
        (_broken("Anna Maria : 2", "Anna Maria : 1"), 2, None, "score"),
        (_broken("61: 13/7 8/7", "66: 13/7 8/7"), 2, 1, "double"),
        (
            _broken("  5)  Doubles => 4                    Drops\n      Wins 2 points\n", ""),
            1,
            None,
            "before it is over",
        ),
    ],
)
def test_illegal_or_garbled_moves_are_refused_with_game_and_move(
    text: str, game: int, move: int | None, words: str
) -> None:
    with pytest.raises(MatError) as info:
        Match.from_mat(text)
    error = info.value
    assert error.code == "bad_mat"
    assert error.params["game"] == game
    assert error.params.get("move") == move
    assert words in str(error), str(error)
    assert f"game {game}" in str(error)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "no 'N point match'"),
        (" 3 point match\n", "no game"),
        (" Game 1\n", "before"),
        (" 3 point match\n Game 2\n", "where game 1"),
        ('; [Variation "NackGammon"]\n 3 point match\n Game 1\n a : 0   b : 0\n', "NackGammon"),
        ('; [Crawford "Off"]\n 3 point match\n Game 1\n a : 0   b : 0\n', "Crawford"),
        ("x" * 2_000_001, "longer"),
    ],
)
def test_files_that_are_not_matches_are_refused(text: str, words: str) -> None:
    with pytest.raises(MatError) as info:
        Match.from_mat(text)
    assert words in str(info.value), str(info.value)


def _beavered(text: str) -> str:
    """The XG game with its double beavered at once (gnubg writes ``Beavers => 4``)."""
    text = _broken("Takes", "Beavers => 4", text)
    return _broken("Wins 4 points", "Wins 8 points", text)


def test_a_money_session_with_a_beaver_and_no_header_for_it_is_read_with_beavers() -> None:
    # GNU Backgammon allows beavers in money play by default and writes no header for them
    text = _beavered(_broken('; [Beaver "Off"]\n', "", XG))
    record = read_mat(text)
    assert record.options.beaver
    game = Match.from_mat(text).game
    assert game.cube.value == 4 and game.result is not None and game.result.points == 8
    # without a beaver in it, a file says nothing of the rule: beavers stay off
    assert not read_mat(_broken('; [Beaver "Off"]\n', "", XG)).options.beaver


def test_a_beaver_in_a_file_whose_header_says_no_beavers_is_refused() -> None:
    with pytest.raises(MatError, match="beaver"):
        Match.from_mat(_beavered(XG))
