"""GNU Backgammon's own command line (Debian's ``gnubg -t``, with its default settings): run it,
and read its analysis of a ``.mat``.  The benchmarks check their figures against it, and so do
the tests (``tests/gnubg_support.py``)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path


def gnubg_path() -> str:
    """Where ``gnubg`` is (Debian installs it in ``/usr/games``); exits saying how to get it."""
    path = shutil.which("gnubg") or shutil.which("gnubg", path="/usr/games")
    if path is None:
        raise SystemExit("GNU Backgammon (gnubg) is needed: apt-get install gnubg")
    return path


def run(commands: list[str], timeout: float = 900) -> str:
    """``gnubg -t`` fed ``commands`` with its default settings; its standard output."""
    done = subprocess.run(
        [gnubg_path(), "-t", "-q", "-r"],  # no rc file: its defaults, whoever runs it
        input="\n".join([*commands, ""]),
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    return done.stdout


_FIGURE = r"\s+([-+]?\d+\.\d+)\s+\(\s*([-+]?\d+\.\d+)%?\)" * 2
_UNIT = r"\((?:Points|MWC)\)"


def statistics(mat: Path, ply: int) -> dict[str, tuple[float, float]]:
    """GNU Backgammon's default analysis of ``mat`` at ``ply`` (checker play and cube), per
    player: the unforced moves, the error totals (all, checker play, cube), the error rate
    (thousandths of EMG per decision: twice the PR) and the luck, each in EMG."""
    out = run(
        [
            f"set analysis chequerplay evaluation plies {ply}",
            f"set analysis cubedecision evaluation plies {ply}",
            f"import mat {mat}",
            "analyse match",
            "show statistics match",
        ]
    )
    overall = out[out.index("Overall statistics") :]
    chequer = out[out.index("Chequerplay statistics") : out.index("Luck statistics")]
    dice = out[out.index("Luck statistics") : out.index("Cube statistics")]
    cubes = out[out.index("Cube statistics") : out.index("Overall statistics")]
    cube = re.search(r"Error total EMG " + _UNIT + _FIGURE, cubes)
    checker = re.search(r"Error total EMG " + _UNIT + _FIGURE, chequer)
    total = re.search(r"Error total EMG " + _UNIT + _FIGURE, overall)
    rate = re.search(r"Error rate mEMG " + _UNIT + _FIGURE, overall)
    moves = re.search(r"Unforced moves\s+(\d+)\s+(\d+)", chequer)
    luck = re.search(r"Luck total EMG " + _UNIT + _FIGURE, dice)
    if not (total and rate and moves and luck and cube and checker):
        raise RuntimeError(f"gnubg's statistics were not read: {out[-2000:]}")
    return {
        "total": (-float(total.group(1)), -float(total.group(3))),
        "checker": (-float(checker.group(1)), -float(checker.group(3))),
        "cube": (-float(cube.group(1)), -float(cube.group(3))),
        "rate": (-float(rate.group(1)), -float(rate.group(3))),
        "unforced_moves": (float(moves.group(1)), float(moves.group(2))),
        "luck": (float(luck.group(1)), float(luck.group(3))),
    }
