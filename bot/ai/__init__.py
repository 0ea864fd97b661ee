"""The computer, hints and the analysis: GNU Backgammon's engine for backgammon, the project's own
long nardy player (:mod:`bot.ai.nardy_player`; the rules engine holds no player).

The public API of the backgammon evaluation, one core for the computer, ``hint`` and
``analysis`` (:mod:`bot.ai.core`; loading it loads GNU Backgammon's engine, so it is imported
on first use):

* :func:`rank_plays` — every legal play of a position and roll, best first, weighed as GNU
  Backgammon's ``hint`` weighs them (cubeful at the score, its move filter) at a ply;
* :func:`cube_decision` — GNU Backgammon's cube decision for the side on roll at a ply;
* :func:`analyse_match` — every decision of a recorded match or money session, as GNU
  Backgammon's ``analyse match`` weighs it by default;
* :class:`Cube` and :func:`cube_of` — the cube and the score as the side on roll sees them.

>>> from bot.ai import Cube, rank_plays
>>> from engine import Position
>>> rank_plays(Position.initial(), (4, 2), Cube(length=3), ply=0)[0].play.notation()
'8/4 6/4'
"""

from __future__ import annotations

from typing import Any

__all__ = ["Cube", "analyse_match", "cube_decision", "cube_of", "rank_plays"]


def __getattr__(name: str) -> Any:
    if name == "analyse_match":
        from bot.ai.analysis import analyse_match

        return analyse_match
    if name in ("Cube", "cube_decision", "cube_of", "rank_plays"):
        from bot.ai import core

        return getattr(core, name)
    raise AttributeError(f"module 'bot.ai' has no attribute {name!r}")
