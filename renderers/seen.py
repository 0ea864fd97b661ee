"""A board as one seat sees it: every count and mark in the viewer's numbering.

Both the picture and the text board are drawn from a :class:`Seen`.  The opponent's checkers are
placed with the variant's ``ruleset.point_map`` (backgammon: opponent point ``q`` is the viewer's
``25 - q``; long nardy: ``((q + 11) % 24) + 1``), so neither renderer branches on the variant.
"""

from __future__ import annotations

from dataclasses import dataclass

from renderers.view import BoardView

VIEWER = 0
OPPONENT = 1
BAR = 25
OFF = 0


@dataclass(frozen=True, slots=True)
class Seen:
    """Counts relative to the viewer: index 0 = the viewer's side, 1 = the opponent's.

    ``points[p]`` (p in 1..24, viewer's numbering) is ``(side, count)``, side ``-1`` when empty.
    ``marks_from``/``marks_to``/``hits`` are the last play's points in the viewer's numbering
    (25 = the mover's bar, 0 = off); ``mover`` is who made it (0 viewer, 1 opponent) or ``None``.
    """

    viewer: int
    points: tuple[tuple[int, int], ...]
    bar: tuple[int, int]
    off: tuple[int, int]
    pips: tuple[int, int]
    seats: tuple[int, int]
    mover: int | None
    marks_from: frozenset[int]
    marks_to: frozenset[int]
    hits: frozenset[int]
    has_bar: bool

    @classmethod
    def of(cls, view: BoardView, viewer: int) -> Seen:
        """The view's board as seat ``viewer`` sees it."""
        other = 1 - viewer
        ruleset = type(view.position).ruleset
        omap = ruleset.point_map
        mine = view.side(viewer)
        theirs = view.side(other)
        points = [(-1, 0)] * 25
        for i in range(24):
            if mine[i]:
                points[i + 1] = (VIEWER, mine[i])
        for q in range(1, 25):
            n = theirs[q - 1]
            if n:
                points[omap[q]] = (OPPONENT, n)
        mover: int | None = None
        marks_from: set[int] = set()
        marks_to: set[int] = set()
        hits: set[int] = set()
        play = view.last_play
        if play is not None:
            mover = VIEWER if play.seat == viewer else OPPONENT

            def conv(p: int) -> int:
                return p if mover == VIEWER or p in (BAR, OFF) else omap[p]

            for step in play.steps:
                marks_from.add(conv(step.frm))
                marks_to.add(conv(step.to))
                if step.hit:
                    hits.add(conv(step.to))
        return cls(
            viewer=viewer,
            points=tuple(points),
            bar=(mine[24], theirs[24]),
            off=(view.off(viewer), view.off(other)),
            pips=(view.pips(viewer), view.pips(other)),
            seats=(viewer, other),
            mover=mover,
            marks_from=frozenset(marks_from),
            marks_to=frozenset(marks_to),
            hits=frozenset(hits),
            has_bar=ruleset.has_bar,
        )
