"""The variants one game state machine plays: what tells backgammon from long nardy.

A :class:`Variant` names the position class (its ruleset drives the moves), how a finished board
is read and how a game is scored; :data:`VARIANTS` is the registry games are looked up in by name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from engine.cube import CubeState, Options, points
from engine.errors import EngineError
from engine.position import Position
from engine.result import Outcome, WinKind, result

#: ``Scoring(kind, cube, options, money) -> points`` of a game won ``kind``.
Scoring = Callable[[WinKind, CubeState, Options, bool], int]


def _default_scoring(kind: WinKind, cube: CubeState, options: Options, money: bool) -> int:
    return points(kind, cube, options, money=money)


#: ``RecordedKind(kind, options) -> kind``: what a game won ``kind`` is recorded as at a table
#: with these options (long nardy without the ``koks`` option records a koks as a mars).
RecordedKind = Callable[[WinKind, Options], WinKind]


def _same_kind(kind: WinKind, options: Options) -> WinKind:
    return kind


@dataclass(frozen=True)
class Variant:
    """What distinguishes a game played by the same state machine.

    ``position_cls`` is the :class:`Position` subclass (its ruleset drives the moves), ``result``
    tells who won and how the board shows it, ``recorded_kind`` what that kind is recorded as
    under the table options (backgammon: the same), ``scoring`` turns a recorded kind into points,
    ``default_options`` are the table options when none are given, ``allows_draw`` lets
    ``Options.last_roll_draw`` apply, and ``opening_plays_both`` says whether the winner of the
    opening roll plays the two opening dice (backgammon) or rolls afresh.
    """

    name: str
    position_cls: type[Position] = Position
    result: Callable[[Position], Outcome | None] = result
    scoring: Scoring = _default_scoring
    default_options: Options = field(default_factory=Options)
    allows_draw: bool = False
    opening_plays_both: bool = True
    recorded_kind: RecordedKind = _same_kind

    def counted(
        self, kind: WinKind, cube: CubeState, options: Options, money: bool
    ) -> tuple[WinKind, int]:
        """A game won ``kind`` (the board's result or a resignation) as the table counts it:
        the kind it is recorded as and the points it is worth -- the two always agree."""
        recorded = self.recorded_kind(kind, options)
        return recorded, self.scoring(recorded, cube, options, money)


VARIANTS: dict[str, Variant] = {}


def register_variant(variant: Variant) -> Variant:
    """Add (or replace) a variant in :data:`VARIANTS`; returns it."""
    VARIANTS[variant.name] = variant
    return variant


def find_variant(name: str) -> Variant:
    """The registered variant called ``name``; raises :class:`EngineError` when unknown."""
    try:
        return VARIANTS[name]
    except KeyError:
        known = ", ".join(sorted(VARIANTS))
        raise EngineError(
            f"unknown variant {name!r} (known: {known})",
            code="unknown_variant",
            params={"variant": name},
        ) from None


BACKGAMMON_VARIANT = register_variant(Variant("backgammon"))
