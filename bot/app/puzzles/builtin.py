"""The built-in puzzles: positions from games the computer played against itself at its weaker
levels, analysed as a chat's games are (backgammon by GNU Backgammon at 2-ply, long nardy by the
project's own player), each error of :data:`~bot.app.puzzles.records.MIN_LOSS` or more a puzzle.

They are the daily puzzle of a chat whose own games gave none (:mod:`bot.app.puzzles.daily`),
kept in ``builtin.json`` beside this module, which ``python -m benchmarks.puzzle_set`` writes
(seeded: the same set every time).
"""

from __future__ import annotations

import json
import logging
from functools import cache
from pathlib import Path
from typing import Final

from bot.app.puzzles.records import Puzzle
from engine.errors import EngineError

__all__ = ["PATH", "builtin"]

log = logging.getLogger(__name__)

PATH: Final = Path(__file__).with_name("builtin.json")


@cache
def builtin() -> tuple[Puzzle, ...]:
    """The built-in puzzles (read once; a puzzle that cannot be read is left out)."""
    try:
        data = json.loads(PATH.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        log.exception("the built-in puzzles could not be read")
        return ()
    out: list[Puzzle] = []
    for raw in data.get("puzzles", []) if isinstance(data, dict) else []:
        try:
            out.append(Puzzle.from_dict(raw))
        except (EngineError, KeyError, TypeError, ValueError):
            log.warning("a built-in puzzle could not be read")
    return tuple(out)
