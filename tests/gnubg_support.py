"""GNU Backgammon itself for the tests (Debian's ``gnubg -t``, the reference, with its default
settings): matches it plays against itself with noise, its hint, its cube decision and its
analysis statistics of a ``.mat``."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from benchmarks.gnubg_cli import gnubg_path, run, statistics
from engine import Game, Match

__all__ = [
    "NOISE",
    "GnubgCube",
    "cube_decisions",
    "gnubg_path",
    "hints",
    "run",
    "self_play",
    "statistics",
]

NOISE = 0.06
"""The noise (σ, equity) of gnubg's self-play: enough mistakes to analyse."""


def self_play(seed: int, length: int, path: Path, games: int = 3) -> Match:
    """A match to ``length`` (0: a money session of ``games`` games) that GNU Backgammon plays
    against itself at 0-ply with noise, seeded; written to ``path`` as gnubg exports it and read
    back by the engine."""
    settings = []
    for player in (0, 1):
        for part in ("chequerplay", "cubedecision"):
            settings += [
                f"set player {player} gnubg",
                f"set player {player} {part} evaluation plies 0",
                f"set player {player} {part} evaluation noise {NOISE}",
                # noise drawn from the position, not the clock: the same match every run
                f"set player {player} {part} evaluation deterministic on",
            ]
    # a money session goes on game after game by itself unless told otherwise
    start = [f"new match {length}"] if length else ["set automatic game off", "new session"]
    start += ["new game"] * (0 if length else games - 1)
    run([f"set seed {seed}", *settings, *start, f"export match mat {path}"], timeout=300)
    return Match.from_mat(path.read_text())


def _gnubg_ids(game: Game) -> list[str]:
    # gnubg 1.07 sets a position from its two IDs: the match ID first, then the board
    return [f"set matchid {game.match_id()}", f"set board {game.position.gnubg_id()}"]


def hints(games: list[Game]) -> list[list[tuple[str, float]]]:
    """GNU Backgammon's default ``hint`` (2-ply, its move filter) for each game in its move
    phase: the plays it lists with their equities, best first."""
    commands: list[str] = []
    for game in games:
        commands += _new(game) + _gnubg_ids(game) + ["hint"]
    out = run(commands)
    row = re.compile(r"^\s*(\d+)\.\s+Cub\w+ \d-ply\s+(.+?)\s+Eq\.:\s+([-+]\d+\.\d+)", re.M)
    found: list[list[tuple[str, float]]] = []
    for rank, play, equity in row.findall(out):
        if rank == "1":
            found.append([])
        found[-1].append((play.strip(), float(equity)))
    assert len(found) == len(games), out[-3000:]
    return found


def _new(game: Game) -> list[str]:
    # both sides human: gnubg would otherwise play its own side's turn once the IDs are set
    new = f"new match {game.match_length}" if game.match_length else "new session"
    return ["set player 0 human", "set player 1 human", new]


@dataclass(frozen=True)
class GnubgCube:
    no_double: float
    double_take: float
    double_pass: float
    action: str


def cube_decisions(games: list[Game], ply: int) -> list[GnubgCube]:
    """GNU Backgammon's cube decision (``eval``) at ``ply`` for each game before its roll."""
    commands = [f"set evaluation cubedecision evaluation plies {ply}"]
    for game in games:
        commands += _new(game) + _gnubg_ids(game) + ["eval"]
    out = run(commands)
    found = []
    for block in out.split("Cube analysis")[1:]:
        nd = re.search(r"No (?:re)?double\s+([-+]\d+\.\d+)", block)
        dt = re.search(r"(?:Re)?[Dd]ouble, take\s+([-+]\d+\.\d+)", block)
        dp = re.search(r"(?:Re)?[Dd]ouble, pass\s+([-+]\d+\.\d+)", block)
        action = re.search(r"Proper cube action:\s+(.+)", block)
        assert nd and dt and dp and action, block
        found.append(
            GnubgCube(
                float(nd.group(1)), float(dt.group(1)), float(dp.group(1)), action.group(1).strip()
            )
        )
    return found
