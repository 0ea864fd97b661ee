"""The board as monospace text, for a Telegram ``<pre>`` block or a Discord code block.

Two layouts, both from the viewer's side:

* ``width="narrow"`` (at most 34 columns, for phones) turns the board a quarter turn: each row
  holds two points, the left column points 13-18 then 19-24, the right column 12-7 then 6-1, so the
  viewer's home board is at the bottom right (bottom left with ``orientation="left"``); the bar is
  the middle row.  Checkers stack outward from the board's edge; a stack over five is written as
  its count followed by the checker (``7●``).
* ``width="wide"`` is the usual picture: points 13-24 above, 12-1 below, five rows of checkers
  each, the bar in the middle column and the borne-off counts beside the home board.

``ascii=True`` uses ``X``/``O`` and ``|``/``-`` for chat clients whose fonts lack the circles
and box-drawing characters.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from engine.notation import format_steps
from renderers.seen import OPPONENT, VIEWER, Seen
from renderers.view import (
    BoardView,
    Orientation,
    RenderError,
    caption_parts,
    merged_labels,
    score_label,
)

NARROW_WIDTH = 34
WIDE_WIDTH = 48
_STACK = 7  # characters of one stack in the narrow layout
_SHOWN = 5


class _Glyphs:
    __slots__ = ("checker", "hline", "on_roll", "vline")

    def __init__(self, ascii_only: bool) -> None:
        light, dark = ("O", "X") if ascii_only else ("○", "●")
        self.checker = (light, dark)
        self.vline = "|" if ascii_only else "│"
        self.hline = "-" if ascii_only else "─"
        self.on_roll = ">" if ascii_only else "▶"


def render_text(
    view: BoardView,
    *,
    viewer: int | None = None,
    width: Literal["narrow", "wide"] = "narrow",
    ascii: bool = False,
    orientation: Orientation = "right",
    labels: Mapping[str, str] | None = None,
) -> str:
    """The board as monospace text seen by seat ``viewer`` (default: the seat on roll)."""
    if width not in ("narrow", "wide"):
        raise RenderError(f"width must be 'narrow' or 'wide', not {width!r}")
    if orientation not in ("right", "left"):
        raise RenderError(f"orientation must be 'right' or 'left', not {orientation!r}")
    seat = view.viewer_for(viewer)
    seen = Seen.of(view, seat)
    words = merged_labels(labels)
    g = _Glyphs(ascii)
    glyph = (g.checker[view.colors[seat]], g.checker[view.colors[1 - seat]])
    limit = NARROW_WIDTH if width == "narrow" else WIDE_WIDTH
    lines: list[str] = []
    caption = _caption(view, words)
    if caption:
        lines.append(_clip(caption, limit))
    lines += _player(view, seen, OPPONENT, glyph, g, words, limit)
    if width == "narrow":
        lines += _narrow_board(seen, glyph, g, orientation)
    else:
        lines += _wide_board(seen, glyph, g, orientation)
    lines += _player(view, seen, VIEWER, glyph, g, words, limit)
    status = _status(view, seen, glyph, words)
    if status:
        lines.append(_clip(status, limit))
    if view.last_play is not None:
        mover = VIEWER if view.last_play.seat == seat else OPPONENT
        lines.append(_clip(f"{glyph[mover]} {format_steps(view.last_play.steps)}", limit))
    if view.chouette is not None:
        lines += _roster(view, words, limit)
    text = "\n".join(line.rstrip() for line in lines)
    if ascii:
        text = text.replace("·", "|").replace("…", "~")
    return text


def _clip(line: str, limit: int) -> str:
    return line if len(line) <= limit else line[: limit - 1] + "…"


def _caption(view: BoardView, words: Mapping[str, str]) -> str:
    return " · ".join(caption_parts(view, words))


def _player(
    view: BoardView,
    seen: Seen,
    side: int,
    glyph: tuple[str, str],
    g: _Glyphs,
    words: Mapping[str, str],
    limit: int,
) -> list[str]:
    seat = seen.seats[side]
    mark = g.on_roll if view.turn == seat else " "
    right = score_label(view.score, seat) or ""
    name = view.names[seat] or "-"
    room = limit - len(right) - 4
    head = f"{mark}{glyph[side]} {_clip(name, room)}"
    first = head + " " * (limit - len(head) - len(right)) + right if right else head
    detail = f"   {words['pips']} {seen.pips[side]} · {words['off']} {seen.off[side]}"
    if seen.has_bar and seen.bar[side]:
        detail += f" · {words['bar']} {seen.bar[side]}"
    return [first, _clip(detail, limit)]


def _status(view: BoardView, seen: Seen, glyph: tuple[str, str], words: Mapping[str, str]) -> str:
    parts: list[str] = []
    if view.dice is not None and view.turn is not None:
        side = VIEWER if view.turn == seen.viewer else OPPONENT
        high, low = max(view.dice), min(view.dice)  # as players write a roll: 6-3
        parts.append(f"{words['dice']} {glyph[side]} {high}-{low}")
    elif view.opening is not None:
        shown = [
            f"{glyph[side]} {view.opening[seen.seats[side]]}"
            for side in (VIEWER, OPPONENT)
            if view.opening[seen.seats[side]] is not None
        ]
        if shown:
            parts.append(f"{words['opening']}: " + ", ".join(shown))
    cube = view.cube
    if cube is not None:
        if cube.dead:
            parts.append(f"{words['cube']}: {words['crawford']}")
        elif cube.offered_by is not None:
            side = VIEWER if cube.offered_by == seen.viewer else OPPONENT
            parts.append(f"{glyph[side]} {words['offered']} {cube.value}")
        elif cube.owner is not None:
            side = VIEWER if cube.owner == seen.viewer else OPPONENT
            parts.append(f"{words['cube']} {cube.value} {glyph[side]}")
        else:
            parts.append(f"{words['cube']} {cube.value}")
    return " · ".join(parts)


def _stack(n: int, glyph: str) -> str:
    if n <= _SHOWN:
        return glyph * n
    return f"{n}{glyph}"


# -- narrow: the board a quarter turn round ---------------------------------------------------


def _narrow_board(
    seen: Seen, glyph: tuple[str, str], g: _Glyphs, orientation: Orientation
) -> list[str]:
    """Rows ``a | b``: a from 13..18 then 19..24, b from 12..7 then 6..1 (mirrored if left)."""

    def cell(p: int) -> str:
        side, n = seen.points[p]
        return _stack(n, glyph[side]) if n else ""

    rows: list[str] = []
    pairs = [(13 + i, 12 - i) for i in range(6)] + [(19 + i, 6 - i) for i in range(6)]
    for k, (a, b) in enumerate(pairs):
        if k == 6:
            rows.append(_narrow_bar(seen, glyph, g))
        if orientation == "left":
            a, b = b, a
        rows.append(f"{a:>2} {cell(a):<{_STACK}} {g.vline} {cell(b):>{_STACK}} {b:>2}")
    return rows


def _narrow_bar(seen: Seen, glyph: tuple[str, str], g: _Glyphs) -> str:
    inner = 2 + 1 + _STACK + 3 + _STACK + 1 + 2
    if not seen.has_bar:
        return g.hline * inner
    parts = [f"{glyph[side]}{seen.bar[side]}" for side in (VIEWER, OPPONENT) if seen.bar[side]]
    label = f" {' '.join(parts)} " if parts else ""
    return label.center(inner, g.hline)


# -- wide: the usual picture --------------------------------------------------------------------


def _wide_board(
    seen: Seen, glyph: tuple[str, str], g: _Glyphs, orientation: Orientation
) -> list[str]:
    top_left, top_right = list(range(13, 19)), list(range(19, 25))
    bottom_left, bottom_right = list(range(12, 6, -1)), list(range(6, 0, -1))
    v = g.vline

    def numbers(left: list[int], right: list[int]) -> str:
        return f" {''.join(f'{p:>3}' for p in left)}     {''.join(f'{p:>3}' for p in right)}"

    def row(left: list[int], right: list[int], k: int, bar: str) -> str:
        return f"{v}{''.join(_cell(seen, glyph, p, k) for p in left)}{v}{bar}{v}" + "".join(
            _cell(seen, glyph, p, k) for p in right
        )

    mirror = orientation == "left"
    if mirror:
        top_left, top_right = top_right[::-1], top_left[::-1]
        bottom_left, bottom_right = bottom_right[::-1], bottom_left[::-1]
    rows = [numbers(top_left, top_right)]
    rule = g.hline * 18
    rows.append(f"{v}{rule}{v}{g.hline * 3}{v}{rule}{v}")
    for k in range(_SHOWN):
        rows.append(row(top_left, top_right, k, _bar_cell(seen, glyph, VIEWER, k)) + v)
    middle = " " + g.hline + " " if seen.has_bar else "   "
    rows.append(f"{v}{' ' * 18}{v}{middle}{v}{' ' * 18}{v}")
    for k in range(_SHOWN - 1, -1, -1):
        rows.append(row(bottom_left, bottom_right, k, _bar_cell(seen, glyph, OPPONENT, k)) + v)
    rows.append(f"{v}{rule}{v}{g.hline * 3}{v}{rule}{v}")
    rows.append(numbers(bottom_left, bottom_right))
    off_top = f" {glyph[OPPONENT]}{seen.off[OPPONENT]}" if seen.off[OPPONENT] else ""
    off_bottom = f" {glyph[VIEWER]}{seen.off[VIEWER]}" if seen.off[VIEWER] else ""
    # the borne-off counts stand beside the home boards: on the viewer's home side
    if mirror:
        rows[2] = f"{off_top:<4}{rows[2]}"
        rows[-2] = f"{off_bottom:<4}{rows[-2]}"
        rows = [r if i in (2, len(rows) - 2) else "    " + r for i, r in enumerate(rows)]
    else:
        rows[2] += off_top
        rows[-2] += off_bottom
    return rows


def _cell(seen: Seen, glyph: tuple[str, str], p: int, k: int) -> str:
    """Row ``k`` (0 = at the edge) of point ``p``: three characters."""
    side, n = seen.points[p]
    return _slot(n, glyph[side] if n else " ", k)


def _bar_cell(seen: Seen, glyph: tuple[str, str], side: int, k: int) -> str:
    """The bar column: the viewer's checkers in the upper half, the opponent's in the lower."""
    if not seen.has_bar:
        return "   "
    return _slot(seen.bar[side], glyph[side], k)


def _slot(n: int, glyph: str, k: int) -> str:
    if n > _SHOWN and k == _SHOWN - 1:
        return f"{n:>2} "
    return f" {glyph} " if n > k else "   "


# -- chouette roster ---------------------------------------------------------------------------


def _roster(view: BoardView, words: Mapping[str, str], limit: int) -> list[str]:
    ch = view.chouette
    if ch is None:
        return []
    box = ch.box + (f" {ch.box_total:+d}" if ch.box_total else "")
    lines = [_clip(f"{words['box']}: {box}", limit), f"{words['team']}:"]
    for i, m in enumerate(ch.team):
        star = "*" if i == ch.captain else " "
        tail = "" if m.in_game else f" ({words['out']})"
        total = f" {m.total:+d}" if m.total else ""
        role = f" {words['captain']}" if i == ch.captain else ""
        lines.append(_clip(f" {star}{i + 1}. {m.name}{total}{tail}{role}", limit))
    return lines
