"""The result of a finished game: who won and how (single, gammon, backgammon)."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.position import Position


class WinKind(enum.IntEnum):
    """How a game was won; the value is the multiplier of the cube (RULES.md 1.6)."""

    SINGLE = 1
    GAMMON = 2
    BACKGAMMON = 3


@dataclass(frozen=True, slots=True)
class Outcome:
    """A finished game: ``winner_on_roll`` is True when the side on roll in the position has won."""

    winner_on_roll: bool
    kind: WinKind


def result(position: Position) -> Outcome | None:
    """The outcome if one side has borne off all 15 checkers, else ``None``.

    Gammon: the loser has borne off none.  Backgammon: besides, the loser has a checker on the bar
    or in the winner's home board.

    >>> from engine.position import Position
    >>> result(Position.initial()) is None
    True
    """
    mine, theirs = position.off()
    if mine == 15 and theirs == 15:
        raise ValueError("both sides have borne off all their checkers")
    if mine == 15:
        return Outcome(True, _kind(position, loser=position.opponent))
    if theirs == 15:
        return Outcome(False, _kind(position.swapped(), loser=position.player))
    return None


def _kind(winner_view: Position, loser: tuple[int, ...]) -> WinKind:
    if sum(loser) < 15:
        return WinKind.SINGLE
    if not winner_view.ruleset.hits:
        return WinKind.GAMMON
    # The winner's home board (his points 1-6) is the loser's points 19-24; index 24 is the bar.
    if any(loser[18:25]):
        return WinKind.BACKGAMMON
    return WinKind.GAMMON
