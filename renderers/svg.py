"""The board as an SVG picture, 1280 units wide, drawn from one seat's point of view.

Every drawn quantity carries a ``data-*`` attribute (``data-point``/``data-side``/``data-count`` on
each point's checkers, ``data-bar``, ``data-off``, ``data-cube``, ``data-dice``, ``data-pips``...),
so the picture can be checked against the engine state by reading the XML.

Layout (home board bottom right; ``orientation="left"`` mirrors the board, not the name strips):
a caption row, the opponent's strip, the point numbers, the board (cube column, two quarters with
the bar between them, the borne-off trays), the viewer's point numbers and strip, and at a
chouette the roster.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from xml.sax.saxutils import escape, quoteattr

from renderers.glyphs import face, ink, outline, path_bounds, span
from renderers.seen import BAR, OFF, OPPONENT, VIEWER, Seen
from renderers.theme import CheckerColors, Theme, find_theme
from renderers.view import (
    BoardView,
    ChouetteView,
    Orientation,
    RenderError,
    caption_parts,
    merged_labels,
    printable,
    score_label,
)

WIDTH = 1280
FONT = "DejaVu Sans"

_CAPTION_Y = 30
_TOP_STRIP = 44
_STRIP_H = 76
_FRAME_TOP = 156
_FRAME_BOTTOM = 956
_BORDER = 14
_IN_TOP = _FRAME_TOP + _BORDER
_IN_BOTTOM = _FRAME_BOTTOM - _BORDER
_MID_Y = (_IN_TOP + _IN_BOTTOM) // 2
_BOTTOM_STRIP = 992
_BOARD_H = _BOTTOM_STRIP + _STRIP_H + 12

_FRAME_LEFT = 110
_FRAME_RIGHT = 1170
_LEFT_Q = _FRAME_LEFT + _BORDER  # left quarter starts
_PW = 80  # point width
_BAR_L = _LEFT_Q + 6 * _PW
_BAR_R = _BAR_L + 72
_BAR_X = (_BAR_L + _BAR_R) // 2
_CUBE_X = 65
_TRAY_X = 1215
_R = 31  # checker radius
_STEP = 62  # distance between stacked checkers
_TRI_H = 300
_SHOWN = 5  # checkers drawn per point before a count replaces the rest
_TOUCH = (234, 296, 358, 420, 692, 754, 816, 878)
"""Where two neighbours of a point's stack touch (their rims overlap a few rows)."""
_BAND_EDGES = tuple(sorted({0, 44, 120, 156, 482, 630, 956, 992, 1068} | {t - 4 for t in _TOUCH}))
"""Rows between the caption, the strips, the point numbers, each row of checkers (from a few
rows above where two neighbours touch) and the middle of the board with the dice."""
_TILE_ROW_EDGES = tuple(t + 4 for t in _TOUCH)
"""Where a band of checkers is cut again for its tiles: below the rows where two neighbours
touch, so a tile shows one checker of a point, or the rims of two."""
_BAR_SHOWN = 4
_COLUMN_EDGES = (
    0,
    *range(_LEFT_Q, _BAR_L + 1, _PW),
    *range(_BAR_R, _BAR_R + 6 * _PW + 1, _PW),
    WIDTH,
)
"""Columns between the cube and the left quarter, each point, the bar and the trays."""


def _fmt(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.1f}"


Extent = tuple[float, float, float, float]
"""The box an element may paint: top and bottom y, left and right x, strokes and anti-aliasing
included."""

_INF = float("inf")
EVERYWHERE: Extent = (-_INF, _INF, -_INF, _INF)
_ELEMENT = re.compile(r"<(\w+)\b([^>]*)>")
_ATTRIBUTE = re.compile(r'([\w-]+)="([^"]*)"')


@lru_cache(maxsize=4096)
def _leaf_extent(fragment: str) -> Extent | None:
    """The box the shapes in ``fragment`` paint (``None``: none), read from their attributes.

    Circles, rectangles and paths of absolute coordinates are measured; any other painting
    element counts as painting everywhere, so it is never left out of a picture's part.  The
    same elements come back board after board, so the last few thousand are kept.
    """
    top, bottom, left, right = _INF, -_INF, _INF, -_INF
    for name, attributes in _ELEMENT.findall(fragment):
        if name == "g":
            continue
        attrs = dict(_ATTRIBUTE.findall(attributes))
        half = float(attrs.get("stroke-width", "0")) / 2
        if name == "circle":
            cx, cy, r = float(attrs["cx"]), float(attrs["cy"]), float(attrs["r"])
            top, bottom = min(top, cy - r - half), max(bottom, cy + r + half)
            left, right = min(left, cx - r - half), max(right, cx + r + half)
        elif name == "rect":
            x, y = float(attrs.get("x", "0")), float(attrs.get("y", "0"))
            top, bottom = min(top, y - half), max(bottom, y + float(attrs["height"]) + half)
            left, right = min(left, x - half), max(right, x + float(attrs["width"]) + half)
        elif name == "path" and "transform" not in attrs and (b := path_bounds(attrs["d"])):
            top, bottom = min(top, b[1] - half), max(bottom, b[3] + half)
            left, right = min(left, b[0] - half), max(right, b[2] + half)
        else:
            return EVERYWHERE
    return None if top > bottom else (top, bottom, left, right)


_DATA_GROUP = re.compile(r'<g(?: data-[\w-]+=(?:"[^"]*"|\'[^\']*\'))*>')


def _depth_change(fragment: str) -> int:
    """How many groups ``fragment`` leaves open (negative: closes)."""
    opens = fragment.count("<g ") + fragment.count("<g>")
    if (
        opens
        and fragment.endswith("/>")
        and fragment.startswith("<g ")
        and fragment.count("<") == 1
    ):
        return 0  # an empty group, written <g .../>
    return opens - fragment.count("</g>")


class _Canvas:
    """Collects SVG elements, top-level ones apart (with their extents when ``measure``);
    ``mx`` mirrors x for the home-left orientation."""

    __slots__ = ("_group", "_group_extent", "_open", "items", "left", "measure", "outlined")

    def __init__(
        self, orientation: Orientation, *, outlined: bool = False, measure: bool = False
    ) -> None:
        if orientation not in ("right", "left"):
            raise RenderError(f"orientation must be 'right' or 'left', not {orientation!r}")
        self.items: list[tuple[str, Extent | None]] = []
        self.left = orientation == "left"
        self.outlined = outlined
        self.measure = measure
        self._group: list[str] = []  # the open top-level group's fragments
        self._group_extent: Extent | None = None
        self._open: list[bool] = []  # the open groups: kept (True) or set aside (False)

    def mx(self, x: float) -> float:
        return WIDTH - x if self.left else x

    def add(self, fragment: str) -> None:
        self._emit(fragment, _leaf_extent(fragment) if self.measure else None)

    def _emit(self, fragment: str, extent: Extent | None) -> None:
        if self.measure and _DATA_GROUP.fullmatch(fragment):
            # a group of data attributes only paints nothing of its own: measured, its
            # elements stand alone, so a change to one of them redraws only its own rows
            self._open.append(False)
            return
        if fragment == "</g>" and self._open and not self._open[-1]:
            self._open.pop()
            return
        change = _depth_change(fragment)
        if change > 0:
            self._open.extend([True] * change)
        elif change < 0:
            del self._open[change:]
        if not self._group and change <= 0:
            self.items.append((fragment, extent))
            return
        self._group.append(fragment)
        if extent is not None:
            old = self._group_extent
            self._group_extent = (
                extent
                if old is None
                else (
                    min(old[0], extent[0]),
                    max(old[1], extent[1]),
                    min(old[2], extent[2]),
                    max(old[3], extent[3]),
                )
            )
        if True not in self._open:
            self.items.append(("".join(self._group), self._group_extent))
            self._group, self._group_extent = [], None

    def text(
        self,
        x: float,
        y: float,
        content: str,
        *,
        size: int,
        fill: str,
        bold: bool = False,
        anchor: str = "middle",
        attrs: str = "",
    ) -> None:
        content = printable(content)  # labels too may carry what a platform let through
        if self.outlined:
            paths = outline(
                content, x, y, size=size, bold=bold, anchor=anchor, fill=fill, attrs=attrs
            )
            if paths is not None:
                box = ink(content, bold=bold) if self.measure else None
                extent: Extent | None = None
                if box is not None:
                    scale = size / face(bold).units_per_em
                    pen = span(content, x, size=size, bold=bold, anchor=anchor)[0]
                    # font units are y up; a pixel more for rounding to the 2 decimals set
                    extent = (
                        y - box[3] * scale - 1,
                        y - box[1] * scale + 1,
                        pen + box[0] * scale - 1,
                        pen + box[2] * scale + 1,
                    )
                self._emit(paths, extent)
                return
        # set by the rasteriser: anything within the font's own bounds (DejaVu Sans: 1.24 em
        # above the baseline, 0.47 em below), as wide as it likes
        extent = (y - 1.24 * size - 1, y + 0.47 * size + 1, -_INF, _INF) if self.measure else None
        weight = ' font-weight="bold"' if bold else ""
        self._emit(
            f'<text x="{_fmt(x)}" y="{_fmt(y)}" font-size="{size}" fill="{fill}"'
            f' text-anchor="{anchor}"{weight}{attrs}>{escape(content)}</text>',
            extent,
        )


@dataclass(frozen=True, slots=True)
class Drawing:
    """A board drawn: the SVG's start tag and its top-level elements, each with the rows it may
    paint (``None``: it paints nothing, or was not measured), so a part of the picture can be
    drawn alone."""

    head: str
    items: tuple[tuple[str, Extent | None], ...]
    width: int
    height: int

    def svg(self) -> str:
        return self.head + "".join(item for item, _ in self.items) + "</svg>"

    def band_edges(self) -> list[int]:
        """Where the picture is cut into bands (SVG units): along the layout's own rows, so a
        change in one place (a strip, a checker row, the dice) redraws few bands."""
        edges = [e for e in _BAND_EDGES if e < self.height]
        edges += list(range(_BOARD_H, self.height, _ROW_H))
        return [*edges, self.height]

    def tile_row_edges(self) -> list[int]:
        """Where the bands of :meth:`tiled_rows` are cut again into rows of tiles (SVG
        units)."""
        return list(_TILE_ROW_EDGES)

    def column_edges(self) -> list[int]:
        """Where each band is cut into tiles (SVG units): between the points, the bar, the cube
        column and the trays, the same for either orientation (the layout is symmetric), so a
        tile shows one point's part of a row, whose few looks come back game after game."""
        return list(_COLUMN_EDGES)

    def tiled_rows(self) -> tuple[int, int]:
        """The rows whose bands are worth cutting into tiles (SVG units): the point numbers
        and the playing field, where checkers, marks and dice come and go (not the strips,
        whose pip counts change from one board to the next)."""
        return _TOP_STRIP + _STRIP_H, _BOTTOM_STRIP


def point_x(point: int, canvas: _Canvas) -> float:
    """The centre x of the viewer's point ``point`` (1-24)."""
    if point <= 6:
        x = _BAR_R + (6 - point) * _PW + _PW / 2
    elif point <= 12:
        x = _LEFT_Q + (12 - point) * _PW + _PW / 2
    elif point <= 18:
        x = _LEFT_Q + (point - 13) * _PW + _PW / 2
    else:
        x = _BAR_R + (point - 19) * _PW + _PW / 2
    return canvas.mx(x)


def _slot_y(point: int, k: int) -> float:
    """Centre y of the ``k``-th checker (0 = at the edge) on the viewer's point ``point``."""
    if point >= 13:
        return _IN_TOP + 2 + _R + k * _STEP
    return _IN_BOTTOM - 2 - _R - k * _STEP


def render_svg(
    view: BoardView,
    *,
    viewer: int | None = None,
    theme: Theme | str = "light",
    orientation: Orientation = "right",
    labels: Mapping[str, str] | None = None,
    background: bool = True,
    text_as_paths: bool = False,
) -> str:
    """The board as an SVG document (a ``str``), seen by seat ``viewer``.

    ``viewer`` defaults to the seat on roll; ``orientation`` puts the viewer's home board bottom
    right (default) or bottom left; ``labels`` overrides the few words drawn (see
    :data:`renderers.view.DEFAULT_LABELS`); ``background=False`` leaves the page unpainted (the
    PNG rasteriser fills it faster itself); ``text_as_paths=True`` sets the text as glyph outlines
    of the shipped DejaVu Sans (see :mod:`renderers.glyphs`), so the picture needs no font to show
    and rasterises about twice as fast.
    """
    return draw(
        view,
        viewer=viewer,
        theme=theme,
        orientation=orientation,
        labels=labels,
        background=background,
        text_as_paths=text_as_paths,
    ).svg()


def draw(
    view: BoardView,
    *,
    viewer: int | None = None,
    theme: Theme | str = "light",
    orientation: Orientation = "right",
    labels: Mapping[str, str] | None = None,
    background: bool = True,
    text_as_paths: bool = False,
    measure: bool = False,
) -> Drawing:
    """The board as a :class:`Drawing` (what :func:`render_svg` joins into a document);
    ``measure`` finds the rows each element paints, for drawing the picture in parts."""
    seat = view.viewer_for(viewer)
    th = find_theme(theme)
    words = merged_labels(labels)
    seen = Seen.of(view, seat)
    cv = _Canvas(orientation, outlined=text_as_paths, measure=measure)
    height = _BOARD_H + (_chouette_height(view.chouette) if view.chouette else 0)
    turn = None if view.turn is None else (VIEWER if view.turn == seat else OPPONENT)
    colours = (th.checkers[view.colors[seat]], th.checkers[view.colors[1 - seat]])
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}"'
        f' viewBox="0 0 {WIDTH} {height}" font-family="{FONT}"'
        f' data-variant={quoteattr(view.variant)} data-viewer="{seat}"'
        f' data-orientation="{orientation}" data-theme="{th.name}"'
        f' data-turn="{_side_name(turn)}">'
    )
    if background:
        cv.add(f'<rect width="{WIDTH}" height="{height}" fill="{th.background}"/>')
    _caption(cv, view, th, words)
    _strips(cv, view, seen, th, words, turn)
    _board(cv, seen, th, colours)
    _cube(cv, view, seen, th, words)
    _dice(cv, view, seen, th, colours, turn)
    if view.chouette is not None:
        _chouette(cv, view.chouette, th, words)
    return Drawing(head, tuple(cv.items), WIDTH, height)


def _side_name(side: int | None) -> str:
    if side is None:
        return "none"
    return "viewer" if side == VIEWER else "opponent"


# -- caption and name strips -------------------------------------------------------------------


def _caption(cv: _Canvas, view: BoardView, th: Theme, words: Mapping[str, str]) -> None:
    parts = caption_parts(view, words)
    if parts:
        cv.text(WIDTH / 2, _CAPTION_Y + 2, " · ".join(parts), size=26, fill=th.muted, bold=True)


def _strips(
    cv: _Canvas,
    view: BoardView,
    seen: Seen,
    th: Theme,
    words: Mapping[str, str],
    turn: int | None,
) -> None:
    for side, top in ((OPPONENT, _TOP_STRIP), (VIEWER, _BOTTOM_STRIP)):
        seat = seen.seats[side]
        on_roll = turn == side
        who = _side_name(side)
        fill = th.strip_on_roll if on_roll else th.strip
        stroke = f' stroke="{th.accent}" stroke-width="3"' if on_roll else ""
        cv.add(
            f'<rect x="20" y="{top}" width="{WIDTH - 40}" height="{_STRIP_H}" rx="14"'
            f' fill="{fill}"{stroke} data-strip="{who}" data-on-roll="{int(on_roll)}"/>'
        )
        mid = top + _STRIP_H / 2
        if on_roll:
            cv.add(
                f'<path d="M34 {_fmt(mid - 14)} L52 {_fmt(mid)} L34 {_fmt(mid + 14)} Z"'
                f' fill="{th.accent}" data-turn-marker="{who}"/>'
            )
        colour = th.checkers[view.colors[seat]]
        cv.add(
            f'<circle cx="84" cy="{_fmt(mid)}" r="20" fill="{colour.fill}" stroke="{colour.rim}"'
            ' stroke-width="3"/>'
        )
        name = view.names[seat] or "—"
        cv.text(
            118,
            mid + 11,
            _clip(name, 26),
            size=32,
            fill=th.text,
            bold=True,
            anchor="start",
            attrs=f' data-name="{who}"',
        )
        cv.text(862, mid + 8, words["pips"], size=23, fill=th.muted, anchor="end")
        cv.text(
            980,
            mid + 11,
            str(seen.pips[side]),
            size=32,
            fill=th.text,
            bold=True,
            anchor="end",
            attrs=f' data-pips="{who}"',
        )
        shown = score_label(view.score, seat)
        if shown is not None:
            cv.add(
                f'<rect x="1150" y="{top + 10}" width="96" height="{_STRIP_H - 20}" rx="10"'
                f' fill="{th.background}" stroke="{th.muted}" stroke-width="2"/>'
            )
            cv.text(
                1198,
                mid + 12,
                shown,
                size=34,
                fill=th.text,
                bold=True,
                attrs=f' data-score="{who}"',
            )


def _clip(name: str, limit: int) -> str:
    return name if len(name) <= limit else name[: limit - 1] + "…"


# -- board, checkers, bar, trays --------------------------------------------------------------


def _board(
    cv: _Canvas,
    seen: Seen,
    th: Theme,
    colours: tuple[CheckerColors, CheckerColors],
) -> None:
    # the playing field with the frame as its border (stroked, so no pixel is painted twice)
    half = _BORDER / 2
    left = min(cv.mx(_FRAME_LEFT), cv.mx(_FRAME_RIGHT)) + half
    cv.add(
        f'<rect x="{_fmt(left)}" y="{_fmt(_FRAME_TOP + half)}"'
        f' width="{_FRAME_RIGHT - _FRAME_LEFT - _BORDER}"'
        f' height="{_FRAME_BOTTOM - _FRAME_TOP - _BORDER}"'
        f' rx="6" fill="{th.field}" stroke="{th.frame}" stroke-width="{_BORDER}"/>'
    )
    bar_left = min(cv.mx(_BAR_L), cv.mx(_BAR_R))
    cv.add(
        f'<rect x="{_fmt(bar_left)}" y="{_IN_TOP}" width="{_BAR_R - _BAR_L}"'
        f' height="{_IN_BOTTOM - _IN_TOP}" fill="{th.frame}"/>'
    )
    # triangles: one path per colour keeps the document small
    paths: dict[str, list[str]] = {th.point_a: [], th.point_b: []}
    for p in range(1, 25):
        x = point_x(p, cv)
        colour = th.point_a if p % 2 else th.point_b
        half = _PW / 2 - 3
        if p >= 13:
            base, tip = _IN_TOP, _IN_TOP + _TRI_H
        else:
            base, tip = _IN_BOTTOM, _IN_BOTTOM - _TRI_H
        paths[colour].append(f"M{_fmt(x - half)} {base}L{_fmt(x)} {tip}L{_fmt(x + half)} {base}Z")
    for colour, segments in paths.items():
        cv.add(f'<path d="{"".join(segments)}" fill="{colour}"/>')
    # point numbers from the viewer's side
    marked = (seen.marks_from | seen.marks_to) - {BAR, OFF}
    for p in range(1, 25):
        y = _FRAME_TOP - 10 if p >= 13 else _FRAME_BOTTOM + 32
        hot = p in marked
        cv.text(
            point_x(p, cv),
            y,
            str(p),
            size=30 if hot else 27,
            fill=th.accent if hot else th.muted,
            bold=True,
            attrs=f' data-number="{p}"',
        )
    for p in range(1, 25):
        side, n = seen.points[p]
        if n:
            _stack(cv, seen, th, colours, p, side, n)
    for p in sorted(seen.marks_from - seen.marks_to - {BAR, OFF}):
        # a dashed ghost where the checker left: the next free slot of the point
        n = seen.points[p][1]
        if n >= _SHOWN:
            cv.add(f'<g data-mark="from" data-mark-point="{p}"/>')
            continue
        cy = _slot_y(p, n)
        cv.add(
            f'<circle cx="{_fmt(point_x(p, cv))}" cy="{_fmt(cy)}" r="{_R - 3}" fill="none"'
            f' stroke="{th.accent}" stroke-width="3" stroke-dasharray="8 6"'
            f' data-mark="from" data-mark-point="{p}"/>'
        )
    _bar(cv, seen, th, colours)
    _trays(cv, seen, th, colours)


def _stack(
    cv: _Canvas,
    seen: Seen,
    th: Theme,
    colours: tuple[CheckerColors, CheckerColors],
    p: int,
    side: int,
    n: int,
) -> None:
    colour = colours[side]
    x = _fmt(point_x(p, cv))
    hot = p in seen.marks_to and side == seen.mover
    hit = p in seen.hits
    extra = (' data-mark="to"' if hot else "") + (' data-hit="1"' if hit else "")
    cv.add(f'<g data-point="{p}" data-side="{_side_name(side)}" data-count="{n}"{extra}>')
    shown = min(n, _SHOWN)
    for k in range(shown):
        cy = _fmt(_slot_y(p, k))
        cv.add(
            f'<circle class="checker" cx="{x}" cy="{cy}" r="{_R}" fill="{colour.fill}"'
            f' stroke="{colour.rim}" stroke-width="3"/>'
        )
    top_y = _slot_y(p, shown - 1)
    if n > _SHOWN:
        cv.text(
            float(x),
            top_y + 10,
            str(n),
            size=32,
            fill=colour.ink,
            bold=True,
            attrs=' data-stack-count="1"',
        )
    if hot:
        cv.add(
            f'<circle cx="{x}" cy="{_fmt(top_y)}" r="{_R + 4}" fill="none"'
            f' stroke="{th.accent}" stroke-width="5"/>'
        )
    cv.add("</g>")


def _bar(cv: _Canvas, seen: Seen, th: Theme, colours: tuple[CheckerColors, CheckerColors]) -> None:
    x = _fmt(cv.mx(_BAR_X))
    for side in (VIEWER, OPPONENT):
        n = seen.bar[side]
        colour = colours[side]
        hit = bool(seen.hits) and seen.mover is not None and side != seen.mover
        cv.add(f'<g data-bar="{_side_name(side)}" data-count="{n}">')
        shown = min(n, _BAR_SHOWN)
        for k in range(shown):
            # the viewer's checkers wait in the upper half, where they re-enter
            dy = 46 + k * _STEP
            cy = _MID_Y - dy if side == VIEWER else _MID_Y + dy
            ring = th.accent if hit and k == shown - 1 else colour.rim
            cv.add(
                f'<circle class="checker" cx="{x}" cy="{cy}" r="{_R}" fill="{colour.fill}"'
                f' stroke="{ring}" stroke-width="{5 if ring == th.accent else 3}"/>'
            )
        if n > _BAR_SHOWN:
            dy = 46 + (shown - 1) * _STEP
            cy = _MID_Y - dy if side == VIEWER else _MID_Y + dy
            cv.text(
                float(x),
                cy + 10,
                str(n),
                size=32,
                fill=colour.ink,
                bold=True,
                attrs=' data-stack-count="1"',
            )
        cv.add("</g>")


def _trays(
    cv: _Canvas, seen: Seen, th: Theme, colours: tuple[CheckerColors, CheckerColors]
) -> None:
    x = cv.mx(_TRAY_X)
    gap = 20
    for side in (VIEWER, OPPONENT):
        colour = colours[side]
        n = seen.off[side]
        if side == VIEWER:
            top, bottom = _MID_Y + gap, _IN_BOTTOM
        else:
            top, bottom = _IN_TOP, _MID_Y - gap
        hot = side == seen.mover and OFF in seen.marks_to
        cv.add(f'<g data-off="{_side_name(side)}" data-count="{n}">')
        cv.add(
            f'<rect x="{_fmt(x - 40)}" y="{top}" width="80" height="{bottom - top}" rx="10"'
            f' fill="{th.tray}"/>'
        )
        for k in range(n):
            y = bottom - 8 - 15 - k * 17 if side == VIEWER else top + 8 + k * 17
            cv.add(
                f'<rect class="off-checker" x="{_fmt(x - 31)}" y="{y}" width="62" height="15"'
                f' rx="4" fill="{colour.fill}" stroke="{colour.rim}" stroke-width="2"/>'
            )
        label_y = top + 40 if side == VIEWER else bottom - 14
        if n:
            cv.text(
                x,
                label_y,
                str(n),
                size=34,
                fill=th.accent if hot else "#FFFFFF",
                bold=True,
                attrs=f' data-off-count="{_side_name(side)}"',
            )
        cv.add("</g>")


# -- cube and dice ---------------------------------------------------------------------------


def _cube(cv: _Canvas, view: BoardView, seen: Seen, th: Theme, words: Mapping[str, str]) -> None:
    cube = view.cube
    if cube is None:
        return
    size = 64
    if cube.offered_by is not None:
        side = VIEWER if cube.offered_by == seen.viewer else OPPONENT
        where = f"offered-by-{_side_name(side)}"
        x = cv.mx(_quarter_centre(side))
        y = float(_MID_Y)
    elif cube.owner is not None:
        side = VIEWER if cube.owner == seen.viewer else OPPONENT
        where = _side_name(side)
        x = cv.mx(_CUBE_X)
        y = float(_IN_BOTTOM - 60 if side == VIEWER else _IN_TOP + 60)
    else:
        where = "centre"
        x = cv.mx(_CUBE_X)
        y = float(_MID_Y)
    offered = cube.offered_by is not None
    shown = "64" if cube.value == 1 and where == "centre" else str(cube.value)
    attrs = f'data-cube="{cube.value}" data-cube-at="{where}"'
    if cube.dead:
        attrs += ' data-crawford="1"'
    cv.add(f"<g {attrs}>")
    stroke = th.accent if offered else th.muted
    dash = ' stroke-dasharray="6 5"' if cube.dead else ""
    cv.add(
        f'<rect x="{_fmt(x - size / 2)}" y="{_fmt(y - size / 2)}" width="{size}" height="{size}"'
        f' rx="10" fill="{th.background if cube.dead else th.cube_fill}" stroke="{stroke}"'
        f' stroke-width="{4 if offered else 2}"{dash}/>'
    )
    if cube.dead:
        cv.text(x, y + 8, words["crawford"][:1], size=26, fill=th.muted, bold=True)
        cv.text(x, y + size / 2 + 26, words["crawford"], size=15, fill=th.muted, bold=True)
    else:
        cv.text(
            x,
            y + 11,
            shown,
            size=36 if len(shown) < 3 else 28,
            fill=th.cube_ink,
            bold=True,
            attrs=' data-cube-value="1"',
        )
    if offered:
        cv.text(x, y + size / 2 + 30, words["offered"], size=22, fill=th.accent, bold=True)
    cv.add("</g>")


def _quarter_centre(side: int) -> float:
    """Centre x of the viewer's home quarter (``VIEWER``) or the other quarter."""
    return _BAR_R + 3 * _PW if side == VIEWER else _LEFT_Q + 3 * _PW


_PIPS = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


def _die(cv: _Canvas, x: float, y: float, value: int, colour: CheckerColors, attrs: str) -> None:
    size = 58
    cv.add(f"<g {attrs}>")
    cv.add(
        f'<rect x="{_fmt(x - size / 2)}" y="{_fmt(y - size / 2)}" width="{size}"'
        f' height="{size}" rx="11" fill="{colour.fill}" stroke="{colour.rim}" stroke-width="3"/>'
    )
    for dx, dy in _PIPS[value]:
        cv.add(
            f'<circle cx="{_fmt(x + dx * 15)}" cy="{_fmt(y + dy * 15)}" r="6" fill="{colour.ink}"/>'
        )
    cv.add("</g>")


def _dice(
    cv: _Canvas,
    view: BoardView,
    seen: Seen,
    th: Theme,
    colours: tuple[CheckerColors, CheckerColors],
    turn: int | None,
) -> None:
    y = float(_MID_Y)
    if view.dice is not None and turn is not None:
        x = cv.mx(_quarter_centre(turn))
        a, b = view.dice
        cv.add(f'<g data-dice="{a} {b}" data-roller="{_side_name(turn)}">')
        _die(cv, x - 40, y, a, colours[turn], f'data-die="{a}"')
        _die(cv, x + 40, y, b, colours[turn], f'data-die="{b}"')
        cv.add("</g>")
    elif view.opening is not None:
        for side in (VIEWER, OPPONENT):
            value = view.opening[seen.seats[side]]
            if value is not None:
                x = cv.mx(_quarter_centre(side))
                _die(
                    cv,
                    x,
                    y,
                    value,
                    colours[side],
                    f'data-opening-die="{value}" data-roller="{_side_name(side)}"',
                )


# -- chouette roster ---------------------------------------------------------------------------

_CHIP_H = 44
_ROW_H = 54


def _chip_width(text: str) -> int:
    return 28 + 15 * len(text)


def _roster_rows(ch: ChouetteView, words: Mapping[str, str]) -> list[list[tuple[str, str, str]]]:
    """Chips (kind, text, data) laid out in rows that fit the width."""
    chips: list[tuple[str, str, str]] = [("label", words["box"], "")]
    box = ch.box + (f" {ch.box_total:+d}" if ch.box_total else "")
    chips.append(("box", box, f" data-box={quoteattr(ch.box)}"))
    chips.append(("label", words["team"], ""))
    for i, m in enumerate(ch.team):
        text = _clip(m.name, 18) + (f" {m.total:+d}" if m.total else "")
        kind = "captain" if i == ch.captain else ("member" if m.in_game else "out")
        if not m.in_game:
            text += f" ({words['out']})"
        data = (
            f' data-member={quoteattr(m.name)} data-in-game="{int(m.in_game)}"'
            f' data-captain="{int(i == ch.captain)}"'
        )
        chips.append((kind, text, data))
    rows: list[list[tuple[str, str, str]]] = [[]]
    x = 20
    for chip in chips:
        w = _chip_width(chip[1]) + 10
        if x + w > WIDTH - 20 and rows[-1]:
            rows.append([])
            x = 20
        rows[-1].append(chip)
        x += w
    return rows


def _chouette_height(ch: ChouetteView | None) -> int:
    if ch is None:
        return 0
    return 16 + _ROW_H * len(_roster_rows(ch, merged_labels(None))) + 8


def _chouette(cv: _Canvas, ch: ChouetteView, th: Theme, words: Mapping[str, str]) -> None:
    rows = _roster_rows(ch, words)
    y = _BOARD_H + 8
    captain = ch.team[ch.captain].name if ch.team else ""
    cv.add(f'<g data-chouette="1" data-captain-name={quoteattr(captain)}>')
    for row in rows:
        x = 20.0
        for kind, text, data in row:
            w = _chip_width(text)
            if kind == "label":
                cv.text(x, y + 30, text, size=20, fill=th.muted, bold=True, anchor="start")
                x += 13 * len(text) + 16
                continue
            fill = th.strip_on_roll if kind in ("box", "captain") else th.strip
            stroke = th.accent if kind == "captain" else th.muted
            opacity = ' opacity="0.55"' if kind == "out" else ""
            width = 3 if kind == "captain" else 2
            cv.add(
                f'<g{data}{opacity}><rect x="{_fmt(x)}" y="{y}" width="{w}" height="{_CHIP_H}"'
                f' rx="22" fill="{fill}" stroke="{stroke}" stroke-width="{width}"/>'
            )
            if kind == "captain":
                cv.text(x + 16, y + 30, "★", size=20, fill=th.accent, anchor="start")
            cv.text(
                x + (36 if kind == "captain" else w / 2),
                y + 30,
                text,
                size=22,
                fill=th.text,
                bold=kind in ("box", "captain"),
                anchor="start" if kind == "captain" else "middle",
            )
            cv.add("</g>")
            x += w + 10
        y += _ROW_H
    cv.add("</g>")
