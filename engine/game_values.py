"""The values a game's state is made of besides its board and cube: scores in points, the phase,
a resignation offered, the result.

They sit below :mod:`engine.game` (the state machine, which re-exports them) so that a game's
storage (:mod:`engine.game_data`) and its identifiers (:mod:`engine.game_ids`) read and build
them without importing the state machine.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeAlias

from engine.cube import Options
from engine.errors import EngineError
from engine.result import WinKind

# -- scores --------------------------------------------------------------------------------------

#: A score in points: an ``int``, or a :class:`~fractions.Fraction` with a half when drawn long
#: nardy games counted half a point each (``Options.draw_points``).  Whole scores are always
#: ``int``, so backgammon scores never change type.
Points: TypeAlias = int | Fraction

HALF = Fraction(1, 2)
"""What each player scores for a drawn game with ``draw_points="half"``."""


def points_value(value: int | Fraction) -> Points:
    """``value`` as a score: an ``int`` when whole, else the exact fraction (halves only).

    >>> points_value(Fraction(6, 2)), points_value(Fraction(5, 2))
    (3, Fraction(5, 2))
    """
    if isinstance(value, bool) or not isinstance(value, int | Fraction):
        raise EngineError(f"{value!r} is not a score", code="corrupt_state")
    if value < 0 or (value * 2).denominator != 1:
        raise EngineError(f"{value!r} is not a score (0 or more, in halves)", code="corrupt_state")
    if isinstance(value, Fraction) and value.denominator == 1:
        return value.numerator
    return value


def format_points(value: Points) -> str:
    """A score as players write it: ``3``, ``2½``, ``½``.

    >>> format_points(3), format_points(Fraction(5, 2)), format_points(HALF)
    ('3', '2½', '½')
    """
    value = points_value(value)
    if isinstance(value, int):
        return str(value)
    whole = value.numerator // 2
    return f"{whole or ''}½"


def points_to_json(value: Points) -> int | str:
    """A score for a JSON state: the ``int`` when whole, else ``"5/2"``."""
    value = points_value(value)
    return value if isinstance(value, int) else f"{value.numerator}/{value.denominator}"


def points_from_json(data: object) -> Points:
    """Inverse of :func:`points_to_json`; anything else is :class:`EngineError`
    ``corrupt_state``."""
    if isinstance(data, str):
        try:
            value = Fraction(data)
        except (ValueError, ZeroDivisionError):
            raise EngineError(f"{data!r} is not a score", code="corrupt_state") from None
        if value.denominator != 2 or data != f"{value.numerator}/2":
            raise EngineError(f"{data!r} is not a score", code="corrupt_state")
        return points_value(value)
    if type(data) is not int:
        raise EngineError(f"{data!r} is not a score", code="corrupt_state")
    return points_value(data)


def whole_points(value: Points, what: str) -> int:
    """``value`` as an ``int`` for a format without halves (Match ID, XGID, ``.mat``);
    raises :class:`EngineError` ``not_exportable`` for a half."""
    value = points_value(value)
    if not isinstance(value, int):
        raise EngineError(
            f"a score of {format_points(value)} cannot be written in {what}", code="not_exportable"
        )
    return value


# -- values --------------------------------------------------------------------------------------


class Phase(enum.Enum):
    """Where a game stands.

    ``OPENING``: nobody has rolled yet.  ``ROLL``: the player on turn may double or roll.
    ``DOUBLED``: the other player answers a double (take, pass, beaver).  ``BEAVERED``: the
    doubler answers a beaver.  ``MOVE``: the dice are rolled and the play is being built.
    ``OVER``: the game has a result.
    """

    OPENING = "opening"
    ROLL = "roll"
    DOUBLED = "doubled"
    BEAVERED = "beavered"
    MOVE = "move"
    OVER = "over"


class Reason(enum.Enum):
    """How a game ended."""

    BEAR_OFF = "bear_off"
    PASS = "pass"
    RESIGN = "resign"
    BEAVER_REFUSED = "beaver_refused"
    DRAW = "draw"
    TIME = "time"
    """The player the game waited for ran out of his move clock and the opponent claimed the
    game (:meth:`engine.game.Game.time_out`)."""


@dataclass(frozen=True, slots=True)
class GameResult:
    """A finished game: ``winner`` (``None`` for a draw), how, the points won and why it ended.

    ``kind`` is the result of the board (``SINGLE`` for a pass or a refused beaver); ``points``
    includes the cube and the table options.
    """

    winner: int | None
    kind: WinKind
    points: int
    reason: Reason


def result_award(result: GameResult | None, options: Options) -> tuple[Points, Points]:
    """The points each player scores from a game that ended with ``result`` (nothing while it
    goes on): the winner's points, or for a draw half a point each (one each with
    ``options.draw_points == "one"``)."""
    if result is None:
        return (0, 0)
    if result.winner is None:
        each: Points = 1 if options.draw_points == "one" else HALF
        return (each, each)
    return (result.points, 0) if result.winner == 0 else (0, result.points)


@dataclass(frozen=True, slots=True)
class ResignOffer:
    """``player`` offers to resign, conceding a game won ``kind``."""

    player: int
    kind: WinKind


def die_value(value: object) -> int:
    """``value`` as a die, 1-6; anything else is :class:`EngineError` ``bad_die``."""
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 6:
        raise EngineError(f"{value!r} is not a die (1-6)", code="bad_die")
    return value
