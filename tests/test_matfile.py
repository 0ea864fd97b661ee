"""The .mat export, read back by GNU Backgammon (``gnubg -t``: ``import mat``, ``show score``).

GNU Backgammon must be installed (Debian package ``gnubg``; ``.ci/run`` installs it).
"""

from __future__ import annotations

import random
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from test_game_properties import play_random_match

from engine.cube import Options
from engine.errors import EngineError
from engine.game import Action, ActionKind, DiceSequence
from engine.match import Match
from engine.matfile import format_mat
from engine.movegen import Play, Step
from engine.result import WinKind


def _gnubg() -> str:
    path = shutil.which("gnubg") or shutil.which("gnubg", path="/usr/games")
    assert path, "GNU Backgammon (gnubg) is needed: apt-get install gnubg"
    return path


def gnubg_import(mat: Path) -> tuple[str, str, str]:
    """``(score line, Position ID, Match ID)`` that gnubg shows after importing ``mat``."""
    commands = f"import mat {mat}\nshow score\nshow board\n"
    run = subprocess.run(
        [_gnubg(), "-t", "-q"],
        input=commands,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    out = run.stdout
    assert "Unrecognised" not in out and "WARNING" not in out, out
    score = re.search(r"The score \(after \d+ games?\) is: [^\n]*?\)", out)
    pos = re.findall(r"Position ID: (\S+)", out)
    mid = re.findall(r"Match ID   : (\S+)", out)
    assert score and pos and mid, out
    return score.group(0), pos[-1], mid[-1]


def _expected_score(match: Match, names: tuple[str, str]) -> str:
    played = sum(1 for g in match.games if g.is_over)
    s0, s1 = match.score
    plural = "game" if played == 1 else "games"
    return (
        f"The score (after {played} {plural}) is: {names[0]} {s0}, {names[1]} {s1} "
        f"(match to {match.length} point"
    )


def short_match() -> Match:
    """Game 1: a double taken, a redouble passed (0-2); game 2 (Crawford): a gammon resigned."""
    match = Match.new(3)
    match = match.apply(Action(ActionKind.ROLL, 0), DiceSequence([2, 5]))  # player 1 opens with 5-2
    match = match.apply(Action(ActionKind.PLAY, 1, play=Play((Step(13, 8), Step(13, 11)))))
    match = match.apply(Action(ActionKind.DOUBLE, 0)).apply(Action(ActionKind.TAKE, 1))
    match = match.apply(Action(ActionKind.ROLL, 0), DiceSequence([6, 4]))
    match = match.apply(Action(ActionKind.PLAY, 0, play=Play((Step(24, 18), Step(18, 14)))))
    match = match.apply(Action(ActionKind.DOUBLE, 1)).apply(Action(ActionKind.PASS, 0))
    match = match.next_game()
    match = match.apply(Action(ActionKind.ROLL, 1), DiceSequence([6, 1]))
    match = match.apply(Action(ActionKind.RESIGN, 1, resign=WinKind.GAMMON))
    match = match.apply(Action(ActionKind.RESIGN_ACCEPT, 0))
    return match


def test_format_of_a_short_match() -> None:
    match = short_match()
    text = format_mat(match, ("Anna Maria", "Bob"))
    assert text.splitlines() == [
        "",
        " 3 point match",
        "",
        " Game 1",
        " Anna_Maria : 0                 Bob : 0",
        "  1)                             52: 13/8 13/11",
        "  2)  Doubles => 2                Takes",
        "  3) 64: 24/18 18/14*             Doubles => 4",
        "  4)  Drops                      ",
        "                                  Wins 2 points",
        "",
        " Game 2",
        " Anna_Maria : 0                 Bob : 2",
        "  1) 61:                         ",
        "      Wins 2 points",
    ]
    assert text.endswith("Wins 2 points\n")


def test_gnubg_imports_the_short_match(tmp_path: Path) -> None:
    match = short_match()
    assert [g.crawford for g in match.games] == [False, True]
    mat = tmp_path / "short.mat"
    mat.write_text(format_mat(match))
    score, _, _ = gnubg_import(mat)
    assert score.startswith("The score (after 2 games) is: White 2, Black 2 (match to 3 points")


@pytest.mark.parametrize(("seed", "length"), [(1, 5), (2, 7), (3, 3), (4, 9), (26, 3)])
def test_gnubg_imports_random_matches(tmp_path: Path, seed: int, length: int) -> None:
    match = play_random_match(random.Random(seed), length, Options(), eager=0.15)
    names = ("Alice", "Bob")
    mat = tmp_path / "match.mat"
    mat.write_text(format_mat(match, names))
    score, position_id, match_id = gnubg_import(mat)
    assert score.startswith(_expected_score(match, names)), score
    assert position_id == match.game.position_id()
    assert match_id == match.game.match_id()


def test_gnubg_imports_a_running_match(tmp_path: Path) -> None:
    rng = random.Random(5)
    match = play_random_match(rng, 3, Options(), eager=0.15)
    # Replay all but the last game, then part of the last one.
    running = Match(match.variant, match.length, match.options, match.games[:-1])
    running = running.next_game() if running.games else Match.new(3)
    game = running.game.roll(0, lambda: rng.randint(1, 6))
    while len(game.log) < 12:
        assert game.turn is not None
        plays = game.builder.legal_plays
        game = game.play(game.turn, plays[0] if plays else Play(()))
        assert game.turn is not None
        game = game.roll(game.turn, lambda: rng.randint(1, 6))
    assert game.turn is not None
    plays = game.builder.legal_plays
    game = game.play(game.turn, plays[-1] if plays else Play(()))
    running = running.with_game(game)
    mat = tmp_path / "running.mat"
    mat.write_text(format_mat(running))
    score, position_id, match_id = gnubg_import(mat)
    s0, s1 = running.score
    assert f"White {s0}, Black {s1}" in score
    assert position_id == running.game.position_id()
    assert match_id == running.game.match_id()


def test_names_gnubg_can_read(tmp_path: Path) -> None:
    match = short_match()
    mat = tmp_path / "names.mat"
    mat.write_text(format_mat(match, ("Dr: Who", "Ёлка " * 10)))
    score, _, _ = gnubg_import(mat)
    assert score.startswith("The score (after 2 games) is: Dr_Who 2, Ёлка_Ёлка_Ёлка_Ёл 2 (match")


def test_what_the_format_cannot_hold_is_refused() -> None:
    money = Match.new(0, options=Options(auto_doubles=True))
    money = money.apply(Action(ActionKind.ROLL, 0), DiceSequence([3, 3, 5, 2]))
    with pytest.raises(EngineError) as info:
        format_mat(money)
    assert info.value.code == "not_exportable"
    with pytest.raises(EngineError):
        format_mat(Match.new(3), ("", "Bob"))


@pytest.mark.parametrize("seed", [3, 8])
def test_gnubg_imports_a_money_session(tmp_path: Path, seed: int) -> None:
    session = play_random_match(random.Random(seed), 0, Options(), max_games=3, eager=0.15)
    mat = tmp_path / "money.mat"
    mat.write_text(format_mat(session, ("Alice", "Bob")))
    assert mat.read_text().startswith("\n 0 point match\n")
    score, position_id, match_id = gnubg_import(mat)
    s0, s1 = session.score
    assert score.startswith(f"The score (after 3 games) is: Alice {s0}, Bob {s1} (money session")
    assert position_id == session.game.position_id()
    assert match_id == session.game.match_id()


_REASONS = {
    "arithmetic_cube": Options(cube_progression="arithmetic"),
    "backgammon_counts_2": Options(backgammon_counts=2),
    "no_gammons_with_cube": Options(gammons_with_cube=False),
}


@pytest.mark.parametrize("reason", sorted(_REASONS))
def test_exports_gnubg_would_score_otherwise_are_refused_with_the_reason(
    tmp_path: Path, reason: str
) -> None:
    """Random matches under rules a .mat file cannot state: each one is either refused naming
    that rule, or written and scored by GNU Backgammon exactly as here."""
    options = _REASONS[reason]
    refused = written = 0
    for seed in range(40):
        length = (3, 5, 7)[seed % 3]
        match = play_random_match(random.Random(100 + seed), length, options, eager=0.4)
        try:
            text = format_mat(match, ("Alice", "Bob"))
        except EngineError as exc:
            assert exc.code == "not_exportable"
            assert exc.params["reason"] == reason, str(exc)
            assert 1 <= int(str(exc.params["game"])) <= match.number
            assert "cannot say so" in str(exc)
            refused += 1
            continue
        written += 1
        mat = tmp_path / f"match{seed}.mat"
        mat.write_text(text)
        score, _, _ = gnubg_import(mat)
        assert score.startswith(_expected_score(match, ("Alice", "Bob"))), (seed, score)
    assert refused > 0 and written > 0, (refused, written)


def test_a_money_session_without_the_jacoby_rule_is_refused_only_where_it_counted() -> None:
    options = Options(jacoby=False)
    refused = written = 0
    for seed in range(30):
        session = play_random_match(random.Random(seed), 0, options, max_games=4, eager=0.1)
        try:
            format_mat(session)
        except EngineError as exc:
            assert exc.params["reason"] == "no_jacoby", str(exc)
            refused += 1
        else:
            written += 1
    assert refused > 0 and written > 0, (refused, written)


def test_every_hit_is_marked_as_gnu_backgammon_marks_it() -> None:
    """A match GNU Backgammon wrote, read and written back: each play keeps its ``*`` hit
    marks where gnubg put them (the engine works out the hits from the board)."""
    text = (Path(__file__).parent / "data" / "mat" / "match5.mat").read_text()
    again = format_mat(Match.from_mat(text), ("gnubg", "root"))

    def plays(mat: str) -> list[str]:
        return re.findall(r"\d\d: ([^\s].*?)(?=\s{2,}|$)", mat, flags=re.M)

    theirs = [p for p in plays(text) if "*" in p]
    ours = [p for p in plays(again) if "*" in p]
    assert len(theirs) >= 40 and len(ours) == len(theirs)
    assert [p.count("*") for p in ours] == [p.count("*") for p in theirs]


def test_a_play_is_written_through_the_points_the_player_named() -> None:
    """``13/10 10/6`` with 4-3 is written as the player made it, not as ``13/9 9/6``; a play
    that leaves the point out (``13/6``) is written as GNU Backgammon writes it; a file read
    and written back keeps its paths."""
    written = {}
    for text in ("13/10 10/6", "13/9 9/6", "13/10/6"):
        match = Match.new(3).apply(Action(ActionKind.ROLL, 0), DiceSequence([4, 3]))
        assert match.game.turn is not None
        match = match.apply(Action(ActionKind.PLAY, match.game.turn, play=text))
        written[text] = format_mat(match, ("Ann", "Bob"))
    assert "43: 13/10 10/6" in written["13/10 10/6"]
    assert "43: 13/9 9/6" in written["13/9 9/6"]
    assert "43: 13/10 10/6" in written["13/10/6"]
    again = format_mat(Match.from_mat(written["13/10 10/6"]), ("Ann", "Bob"))
    assert "43: 13/10 10/6" in again
