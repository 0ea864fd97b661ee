"""The position: both sides' checkers, seen from the player on roll.

Layout (the one GNU Backgammon uses): each side is a tuple of 25 counts *from that side's own
view*; index ``i`` (0-23) is that side's point ``i + 1`` (points 1-6 are its home board, it moves
24 -> 1 -> off) and index 24 is its bar.  Checkers borne off are ``15 - sum(side)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from engine.errors import CorruptId, EngineError
from engine.rules import BACKGAMMON, Ruleset
from engine.steps import apply_steps

if TYPE_CHECKING:
    from engine.steps import Play

CHECKERS = 15
BAR = 25  # the bar as a "from" point in steps (the mover's numbering)
OFF = 0  # borne off as a "to" point in steps

_INITIAL = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)


@dataclass(frozen=True, slots=True)
class Position:
    """An immutable backgammon position, from the view of the player on roll.

    >>> p = Position.initial()
    >>> p.pips()
    (167, 167)
    >>> p.gnubg_id()
    '4HPwATDgc/ABMA'
    """

    player: tuple[int, ...]
    opponent: tuple[int, ...]

    ruleset: ClassVar[Ruleset] = BACKGAMMON

    def __post_init__(self) -> None:
        for name, side in (("player", self.player), ("opponent", self.opponent)):
            if len(side) != 25:
                raise EngineError(f"{name} must have 25 entries (24 points and the bar)")
            if any(n < 0 for n in side):
                raise EngineError(f"{name} has a negative checker count")
            if sum(side) > CHECKERS:
                raise EngineError(f"{name} has {sum(side)} checkers on the board, more than 15")
        if not self.ruleset.has_bar and (self.player[24] or self.opponent[24]):
            raise EngineError(f"{self.ruleset.name} has no bar")
        omap = self.ruleset.point_map
        for q in range(1, 25):
            if self.opponent[q - 1] and self.player[omap[q] - 1]:
                raise EngineError(f"both sides have checkers on the player's {omap[q]} point")

    # -- construction -----------------------------------------------------------------------

    @classmethod
    def initial(cls) -> Position:
        """The starting position of the game."""
        return cls(_INITIAL, _INITIAL)

    @classmethod
    def from_points(
        cls,
        player: dict[int, int],
        opponent: dict[int, int],
    ) -> Position:
        """Build a position from ``{point: count}`` maps in each side's own numbering (25 = bar).

        >>> Position.from_points({6: 5, 8: 3, 13: 5, 24: 2}, {6: 5, 8: 3, 13: 5, 24: 2})
        Position.from_gnubg_id('4HPwATDgc/ABMA')
        """
        return cls(_side(player), _side(opponent))

    # -- queries ------------------------------------------------------------------------------

    def off(self) -> tuple[int, int]:
        """Checkers borne off: (player on roll, opponent)."""
        return CHECKERS - sum(self.player), CHECKERS - sum(self.opponent)

    def pips(self) -> tuple[int, int]:
        """Pip counts: (player on roll, opponent).  A checker on the bar counts 25."""
        return (
            sum(n * (i + 1) for i, n in enumerate(self.player)),
            sum(n * (i + 1) for i, n in enumerate(self.opponent)),
        )

    def swapped(self) -> Position:
        """The same position seen from the other side (the opponent on roll)."""
        return type(self)(self.opponent, self.player)

    def after(self, play: Play) -> Position:
        """The position after ``play``, seen by the opponent, who is now on roll.

        The play is applied as given (use :func:`engine.legal_plays` or :func:`engine.parse_play`
        to get a legal one).
        """
        return apply_steps(self, play.steps).swapped()

    def is_race(self) -> bool:
        """True once no further contact is possible."""
        omap = self.ruleset.point_map
        if self.player[24] or self.opponent[24]:
            return False
        my_back = max((i + 1 for i in range(24) if self.player[i]), default=0)
        their_back_in_my_terms = min(
            (omap[q + 1] for q in range(24) if self.opponent[q]), default=25
        )
        return my_back < their_back_in_my_terms if self.ruleset.hits else False

    # -- identifiers (see engine.ids) -----------------------------------------------------------

    def gnubg_id(self) -> str:
        """GNU Backgammon Position ID (14 characters)."""
        from engine.ids import encode_position_id

        return encode_position_id(self.player, self.opponent)

    @classmethod
    def from_gnubg_id(cls, position_id: str) -> Position:
        """Decode a GNU Backgammon Position ID; raises :class:`engine.errors.CorruptId`."""
        from engine.ids import decode_position_id

        player, opponent = decode_position_id(position_id)
        try:
            return cls(player, opponent)
        except CorruptId:
            raise
        except EngineError as exc:
            raise CorruptId(f"{position_id!r} is not a valid Position ID: {exc}") from exc

    def xgid(self) -> str:
        """eXtreme Gammon XGID of the position, the player on roll as X (at the bottom, to move).

        The other fields are the defaults of :class:`engine.ids.XgidFields` (money game, cube
        centred at 1, dice not rolled); :func:`engine.ids.encode_xgid` writes any of them.

        >>> Position.initial().xgid()
        'XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10'
        """
        from engine.ids import XgidFields, encode_xgid

        return encode_xgid(self.player, self.opponent, XgidFields())

    @classmethod
    def from_xgid(cls, xgid: str) -> Position:
        """The position of an XGID, seen from the side its turn field puts on roll.

        Raises :class:`engine.errors.CorruptId` for anything that is not a valid XGID.
        """
        from engine.ids import decode_xgid

        bottom, top, fields = decode_xgid(xgid)
        return cls(bottom, top) if fields.turn == 1 else cls(top, bottom)

    def __repr__(self) -> str:
        if type(self).ruleset is BACKGAMMON:
            return f"Position.from_gnubg_id({self.gnubg_id()!r})"
        return f"{type(self).__name__}(player={self.player!r}, opponent={self.opponent!r})"

    def __str__(self) -> str:
        def side(counts: tuple[int, ...]) -> str:
            parts = [f"{i + 1}:{n}" for i, n in enumerate(counts[:24]) if n]
            if counts[24]:
                parts.append(f"bar:{counts[24]}")
            return " ".join(parts) or "-"

        mine, theirs = self.off()
        return (
            f"on roll: {side(self.player)} off:{mine} | "
            f"opponent: {side(self.opponent)} off:{theirs}"
        )


def _side(points: dict[int, int]) -> tuple[int, ...]:
    side = [0] * 25
    for point, count in points.items():
        if not 1 <= point <= 25:
            raise EngineError(f"no point {point}: points are 1-24 and 25 is the bar")
        side[point - 1] += count
    return tuple(side)
