"""A small reader of TrueType fonts: what setting text as outlines needs, read on demand.

The font file is read into memory once (a mapping would save under a megabyte but could
bring the process down if the file were rewritten in place) and its tables are read with
:mod:`struct` when they are first needed; a glyph is decoded only when asked for.  What is read:

- ``head`` (units per em, ``loca`` format), ``maxp`` (glyph count), ``hhea`` and ``hmtx``
  (advance widths and left side bearings);
- ``cmap``: the first of the Unicode subtables (3,10), (0,6), (0,4), (3,1), (0,3) that has
  format 12 or format 4 (the order fontTools' ``getBestCmap`` and HarfBuzz use);
- ``loca`` and ``glyf``: simple glyphs (contours, flags with repeats, short/same/delta
  coordinates) and composite glyphs (word or byte arguments, a scale, an x and y scale or a
  two-by-two matrix, nested composites).  A component placed by matching points rather than by
  an offset is placed at offset 0, 0 (the shipped DejaVu fonts have none);
- ``kern`` version 0, format 0 subtables of horizontal kerning.

:meth:`TrueTypeFont.svg_path` writes a glyph's outline as SVG path data in font units, y up,
exactly as fontTools' ``SVGPathPen`` writes it for ``glyphSet[name].draw(pen)``: the same
commands (``M``, ``L``, ``H``, ``V``, ``Q``, ``Z``, a line straight after a move written as an
implicit line) and the same numbers (Python's ``str`` of the integer or float, so implied
on-curve midpoints read like ``12.5`` or ``12.0``).  ``tests/test_truetype.py`` checks every
mapped character and every kerning pair of both shipped fonts against fontTools.

Kept in memory besides the mapping: the chosen ``cmap`` subtable's segment arrays and the kerning
pairs as a dict (looked up once per letter pair; about 0.15 MB for DejaVu Sans).  A
:class:`TrueTypeFont` is safe to share between threads: the mapped file is only read, and those
two are built on first use as a pure function of the file (two threads may both build one;
either result is the same).  Decoded outlines are not kept here: the caller keeps what it draws.
"""

from __future__ import annotations

import struct
import sys
from array import array
from bisect import bisect_left
from collections.abc import Sequence
from functools import cached_property
from itertools import pairwise
from pathlib import Path

Point = tuple[float, float]
"""A point in font units: ints as read from the font, floats once scaled or halved."""

Matrix = tuple[float, float, float, float, float, float]
"""An affine transformation ``(xx, xy, yx, yy, dx, dy)``: x' = xx·x + yx·y + dx,
y' = xy·x + yy·y + dy (fontTools' ``Transform`` order)."""

IDENTITY: Matrix = (1, 0, 0, 1, 0, 0)

_CMAP_PREFERENCES = ((3, 10), (0, 6), (0, 4), (3, 1), (0, 3))
_MAX_COMPONENT_DEPTH = 16

# simple glyph flags
_ON_CURVE = 0x01
_X_SHORT = 0x02
_Y_SHORT = 0x04
_REPEAT = 0x08
_X_SAME_OR_POSITIVE = 0x10
_Y_SAME_OR_POSITIVE = 0x20

# composite glyph flags
_ARGS_ARE_WORDS = 0x0001
_ARGS_ARE_XY_VALUES = 0x0002
_WE_HAVE_A_SCALE = 0x0008
_MORE_COMPONENTS = 0x0020
_WE_HAVE_AN_X_AND_Y_SCALE = 0x0040
_WE_HAVE_A_TWO_BY_TWO = 0x0080

# kern subtable coverage bits
_KERN_HORIZONTAL = 0x01
_KERN_MINIMUM = 0x02
_KERN_CROSS_STREAM = 0x04
_KERN_OVERRIDE = 0x08

_U16 = struct.Struct(">H")
_I16 = struct.Struct(">h")
_U32 = struct.Struct(">I")
_HH = struct.Struct(">HH")
_hh = struct.Struct(">hh")
_BB = struct.Struct(">BB")
_bb = struct.Struct(">bb")


class FontError(ValueError):
    """The file is not a TrueType font this module reads, or it is damaged (with the path)."""


def _f2dot14(value: int) -> float:
    """A signed 2.14 fixed-point number as a float (fontTools' ``fi2fl(value, 14)``)."""
    return value / (1 << 14)


def compose(outer: Matrix, inner: Matrix) -> Matrix:
    """``inner`` followed by ``outer`` (fontTools' ``Transform(*outer).transform(inner)``)."""
    xx1, xy1, yx1, yy1, dx1, dy1 = inner
    xx2, xy2, yx2, yy2, dx2, dy2 = outer
    return (
        xx1 * xx2 + xy1 * yx2,
        xx1 * xy2 + xy1 * yy2,
        yx1 * xx2 + yy1 * yx2,
        yx1 * xy2 + yy1 * yy2,
        xx2 * dx1 + yx2 * dy1 + dx2,
        xy2 * dx1 + yy2 * dy1 + dy2,
    )


def _big_endian(kind: str, data: bytes) -> array[int]:
    """``data`` as an array of big-endian numbers of ``kind`` (an :mod:`array` type code)."""
    values = array(kind, data)
    if sys.byteorder == "little":
        values.byteswap()
    return values


def _ascending(values: Sequence[int]) -> bool:
    return all(a < b for a, b in pairwise(values))


class _Cmap4:
    """A format 4 subtable (segments of the Basic Multilingual Plane)."""

    def __init__(self, data: bytes, offset: int, path: Path) -> None:
        length = _U16.unpack_from(data, offset + 2)[0]
        count = _U16.unpack_from(data, offset + 6)[0] // 2
        ends_at = offset + 14
        self._ends = _big_endian("H", data[ends_at : ends_at + 2 * count])
        starts_at = ends_at + 2 * count + 2  # after the reserved pad
        self._starts = _big_endian("H", data[starts_at : starts_at + 2 * count])
        self._deltas = _big_endian("H", data[starts_at + 2 * count : starts_at + 4 * count])
        self._ranges_at = starts_at + 4 * count
        self._ranges = _big_endian("H", data[self._ranges_at : self._ranges_at + 2 * count])
        self._end = offset + length
        self._data = data
        if not _ascending(self._ends) or len(self._ranges) != count:
            raise FontError(f"{path}: cmap format 4 segments out of order")

    def glyph(self, code: int) -> int:
        if code > 0xFFFF:
            return 0
        i = bisect_left(self._ends, code)
        # the last segment (ending at U+FFFF) is left out, as fontTools does
        if i >= len(self._ends) - 1 or self._starts[i] > code:
            return 0
        delta, offset = self._deltas[i], self._ranges[i]
        if offset == 0:
            return (code + delta) & 0xFFFF
        at = self._ranges_at + 2 * i + offset + 2 * (code - self._starts[i])
        if at + 2 > self._end:
            return 0
        glyph: int = _U16.unpack_from(self._data, at)[0]
        return (glyph + delta) & 0xFFFF if glyph else 0


class _Cmap12:
    """A format 12 subtable (sequential groups over all planes)."""

    def __init__(self, data: bytes, offset: int, path: Path) -> None:
        count = _U32.unpack_from(data, offset + 12)[0]
        groups = _big_endian("I", data[offset + 16 : offset + 16 + 12 * count])
        if len(groups) != 3 * count:
            raise FontError(f"{path}: cmap format 12 subtable truncated")
        self._starts = groups[0::3]
        self._ends = groups[1::3]
        self._glyphs = groups[2::3]
        if not _ascending(self._ends) or any(
            s > e for s, e in zip(self._starts, self._ends, strict=True)
        ):
            raise FontError(f"{path}: cmap format 12 groups out of order")

    def glyph(self, code: int) -> int:
        i = bisect_left(self._ends, code)
        if i == len(self._ends) or self._starts[i] > code:
            return 0
        return self._glyphs[i] + code - self._starts[i]


class _PathWriter:
    """SVG path data written the way fontTools' ``SVGPathPen`` (over ``BasePen``) writes it."""

    def __init__(self) -> None:
        self.commands: list[str] = []
        self._last: str | None = None
        self._x: float | None = None
        self._y: float | None = None

    @staticmethod
    def _point(point: Point) -> str:
        return f"{point[0]} {point[1]}"

    def move(self, point: Point) -> None:
        if self._last == "M":  # a move straight after a move replaces it
            self.commands.pop()
        self.commands.append("M" + self._point(point))
        self._last = "M"
        self._x, self._y = point

    def line(self, point: Point) -> None:
        x, y = point
        if x == self._x and y == self._y:
            return
        if x == self._x:
            self.commands.append(f"V{y}")
            self._last = "V"
        elif y == self._y:
            self.commands.append(f"H{x}")
            self._last = "H"
        elif self._last == "M":  # an implicit line after a move; the last command stays "M"
            self.commands.append(" " + self._point(point))
        else:
            self.commands.append("L" + self._point(point))
            self._last = "L"
        self._x, self._y = x, y

    def _quad(self, control: Point, point: Point) -> None:
        self.commands.append(f"Q{self._point(control)} {self._point(point)}")
        self._last = "Q"
        self._x, self._y = point

    def quads(self, points: Sequence[Point]) -> None:
        """Off-curve points then an on-curve point, split at the implied midpoints."""
        for i in range(len(points) - 2):
            (x, y), (nx, ny) = points[i], points[i + 1]
            self._quad(points[i], (0.5 * (x + nx), 0.5 * (y + ny)))
        self._quad(points[-2], points[-1])

    def close(self) -> None:
        self.commands.append("Z")
        self._last = "Z"
        self._x = self._y = None

    def contour(self, points: Sequence[Point], on_curve: Sequence[bool]) -> None:
        """One closed contour, as fontTools' ``Glyph.draw`` feeds a pen."""
        if not points:
            return
        if True not in on_curve:
            # no on-curve point at all: start at the midpoint of the last and first points
            (x, y), (nx, ny) = points[-1], points[0]
            start = (0.5 * (x + nx), 0.5 * (y + ny))
            self.move(start)
            self.quads([*points, start])
        else:
            first = on_curve.index(True) + 1  # rotate so the contour ends on an on-curve point
            pts = [*points[first:], *points[:first]]
            ons = [*on_curve[first:], *on_curve[:first]]
            self.move(pts[-1])
            while pts:
                upto = ons.index(True) + 1
                if upto == 1:
                    if len(pts) > 1:  # the last line is implied by closing the path
                        self.line(pts[0])
                else:
                    self.quads(pts[:upto])
                del pts[:upto], ons[:upto]
        self.close()


class TrueTypeFont:
    """One TrueType (``glyf``) font file, read once and decoded on demand."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._data = path.read_bytes()
        data = self._data
        if len(data) < 12 or data[:4] not in (b"\x00\x01\x00\x00", b"true"):
            raise FontError(f"{path}: not a TrueType font")
        count = _U16.unpack_from(data, 4)[0]
        if 12 + 16 * count > len(data):
            raise FontError(f"{path}: table directory runs past the end of the file")
        self._tables: dict[bytes, tuple[int, int]] = {}
        for i in range(count):
            tag = data[12 + 16 * i : 16 + 16 * i]
            offset, length = struct.unpack_from(">II", data, 20 + 16 * i)
            if offset + length > len(data):
                raise FontError(f"{path}: table {tag!r} runs past the end of the file")
            self._tables[tag] = (offset, length)
        head = self._table(b"head")
        self.units_per_em: int = _U16.unpack_from(data, head + 18)[0]
        self._long_loca = _I16.unpack_from(data, head + 50)[0] == 1
        self.glyph_count: int = _U16.unpack_from(data, self._table(b"maxp") + 4)[0]
        self._h_metrics: int = _U16.unpack_from(data, self._table(b"hhea") + 34)[0]
        if not 0 < self._h_metrics <= self.glyph_count:
            raise FontError(f"{path}: hhea has {self._h_metrics} metrics")
        self._hmtx = self._table(b"hmtx")
        self._loca = self._table(b"loca")
        self._glyf = self._table(b"glyf")

    def _table(self, tag: bytes) -> int:
        found = self._tables.get(tag)
        if found is None:
            raise FontError(f"{self.path}: no {tag.decode('latin-1')!r} table")
        return found[0]

    # -- characters ---------------------------------------------------------------------

    @cached_property
    def _cmap(self) -> _Cmap4 | _Cmap12:
        data, cmap = self._data, self._table(b"cmap")
        count = _U16.unpack_from(data, cmap + 2)[0]
        found: dict[tuple[int, int], int] = {}
        for i in range(count):
            platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
            at = cmap + offset
            if _U16.unpack_from(data, at)[0] in (4, 12):
                found.setdefault((platform, encoding), at)
        for key in _CMAP_PREFERENCES:
            if key in found:
                at = found[key]
                if _U16.unpack_from(data, at)[0] == 12:
                    return _Cmap12(data, at, self.path)
                return _Cmap4(data, at, self.path)
        raise FontError(f"{self.path}: no Unicode cmap subtable of format 4 or 12")

    def glyph_id(self, code: int) -> int | None:
        """The glyph mapped to the code point ``code``, or ``None`` when there is none."""
        glyph = self._cmap.glyph(code)
        return glyph if 0 < glyph < self.glyph_count else None

    # -- metrics ------------------------------------------------------------------------

    def _check(self, glyph: int) -> None:
        if not 0 <= glyph < self.glyph_count:
            raise ValueError(f"{self.path}: no glyph {glyph} (the font has {self.glyph_count})")

    def advance(self, glyph: int) -> int:
        """The glyph's advance width in font units (glyphs past the last long metric share it)."""
        self._check(glyph)
        at = self._hmtx + 4 * min(glyph, self._h_metrics - 1)
        advance: int = _U16.unpack_from(self._data, at)[0]
        return advance

    def _left_side_bearing(self, glyph: int) -> int:
        if glyph < self._h_metrics:
            at = self._hmtx + 4 * glyph + 2
        else:
            at = self._hmtx + 4 * self._h_metrics + 2 * (glyph - self._h_metrics)
        bearing: int = _I16.unpack_from(self._data, at)[0]
        return bearing

    # -- kerning ------------------------------------------------------------------------

    @cached_property
    def _kerning(self) -> dict[int, int]:
        """Pair values by ``left << 16 | right``, from ``kern`` (a dict: looked up per letter)."""
        merged: dict[int, int] = {}
        found = self._tables.get(b"kern")
        if found is None:
            return merged
        data, at = self._data, found[0]
        version, count = _HH.unpack_from(data, at)
        if version != 0:  # Apple's 'kern' (version 1.0) is not read
            return merged
        at += 4
        for _ in range(count):
            _version, length, coverage = struct.unpack_from(">HHH", data, at)
            subtable_format, flags = coverage >> 8, coverage & 0xFF
            if subtable_format == 0:
                pairs = _U16.unpack_from(data, at + 6)[0]
                length = 14 + 6 * pairs  # some fonts understate it; the pairs say how long
                if flags & _KERN_HORIZONTAL and not flags & (_KERN_MINIMUM | _KERN_CROSS_STREAM):
                    raw = _big_endian("H", data[at + 14 : at + length])
                    override = flags & _KERN_OVERRIDE
                    for left, right, value in zip(raw[0::3], raw[1::3], raw[2::3], strict=True):
                        key = left << 16 | right
                        signed = value - 0x10000 if value >= 0x8000 else value
                        merged[key] = signed if override else merged.get(key, 0) + signed
            at += length
        return merged

    def kerning(self, left: int, right: int) -> int:
        """The pair kerning of glyph ``left`` followed by glyph ``right``, in font units."""
        return self._kerning.get(left << 16 | right, 0)

    # -- outlines -----------------------------------------------------------------------

    def _glyph_span(self, glyph: int) -> tuple[int, int]:
        """Where the glyph's ``glyf`` data starts and ends (equal when it has no outline)."""
        if self._long_loca:
            start, end = struct.unpack_from(">II", self._data, self._loca + 4 * glyph)
        else:
            start, end = _HH.unpack_from(self._data, self._loca + 2 * glyph)
            start, end = 2 * start, 2 * end
        if end < start:
            return self._glyf + start, self._glyf + start
        return self._glyf + start, self._glyf + end

    def _simple(self, at: int, contours: int) -> tuple[list[int], list[int], list[int], list[bool]]:
        """A simple glyph's contour ends, x and y coordinates and on-curve flags."""
        data = self._data
        ends = list(struct.unpack_from(f">{contours}H", data, at + 10))
        count = ends[-1] + 1 if ends else 0
        at += 10 + 2 * contours
        at += 2 + _U16.unpack_from(data, at)[0]  # skip the instructions
        flags: list[int] = []
        while len(flags) < count:
            flag = data[at]
            at += 1
            if flag & _REPEAT:
                flags.extend([flag] * (data[at] + 1))
                at += 1
            else:
                flags.append(flag)
        del flags[count:]
        xs, at = self._coordinates(at, flags, _X_SHORT, _X_SAME_OR_POSITIVE)
        ys, at = self._coordinates(at, flags, _Y_SHORT, _Y_SAME_OR_POSITIVE)
        return ends, xs, ys, [bool(flag & _ON_CURVE) for flag in flags]

    def _coordinates(
        self, at: int, flags: list[int], short: int, same_or_positive: int
    ) -> tuple[list[int], int]:
        """One axis of a simple glyph's points (deltas: a byte, a word, or none), and where the
        data after them starts."""
        data = self._data
        values: list[int] = []
        value = 0
        for flag in flags:
            if flag & short:
                step = data[at]
                at += 1
                value += step if flag & same_or_positive else -step
            elif not flag & same_or_positive:
                value += _I16.unpack_from(data, at)[0]
                at += 2
            values.append(value)
        return values, at

    def components(self, glyph: int) -> list[tuple[int, Matrix]]:
        """A composite glyph's components with their transformations (``[]`` for a simple one).

        A component placed by matching points gets offset 0, 0."""
        self._check(glyph)
        at, end = self._glyph_span(glyph)
        if end - at < 10 or _I16.unpack_from(self._data, at)[0] >= 0:
            return []
        data = self._data
        at += 10
        out: list[tuple[int, Matrix]] = []
        flags = _MORE_COMPONENTS
        while flags & _MORE_COMPONENTS:
            flags, component = _HH.unpack_from(data, at)
            at += 4
            dx: float
            dy: float
            if flags & _ARGS_ARE_WORDS:
                dx, dy = (_hh if flags & _ARGS_ARE_XY_VALUES else _HH).unpack_from(data, at)
                at += 4
            else:
                dx, dy = (_bb if flags & _ARGS_ARE_XY_VALUES else _BB).unpack_from(data, at)
                at += 2
            if not flags & _ARGS_ARE_XY_VALUES:
                dx = dy = 0  # point matching: not used by the shipped fonts
            matrix: Matrix
            if flags & _WE_HAVE_A_SCALE:
                scale = _f2dot14(_I16.unpack_from(data, at)[0])
                matrix = (scale, 0, 0, scale, dx, dy)
                at += 2
            elif flags & _WE_HAVE_AN_X_AND_Y_SCALE:
                sx, sy = _hh.unpack_from(data, at)
                matrix = (_f2dot14(sx), 0, 0, _f2dot14(sy), dx, dy)
                at += 4
            elif flags & _WE_HAVE_A_TWO_BY_TWO:
                xx, xy, yx, yy = struct.unpack_from(">hhhh", data, at)
                matrix = (_f2dot14(xx), _f2dot14(xy), _f2dot14(yx), _f2dot14(yy), dx, dy)
                at += 8
            else:
                matrix = (1, 0, 0, 1, dx, dy)
            out.append((component, matrix))
        return out

    def svg_path(self, glyph: int) -> str:
        """The glyph's outline as SVG path data in font units, y up (``""`` when it has none)."""
        self._check(glyph)
        writer = _PathWriter()
        self._draw(glyph, None, writer, 0)
        return "".join(writer.commands)

    def _draw(self, glyph: int, matrix: Matrix | None, writer: _PathWriter, depth: int) -> None:
        if not 0 <= glyph < self.glyph_count:
            return  # a component naming no glyph is skipped, as fontTools skips it
        if depth > _MAX_COMPONENT_DEPTH:
            raise FontError(f"{self.path}: glyph components nested too deep (a cycle?)")
        at, end = self._glyph_span(glyph)
        if end - at < 10:
            return
        contours, x_min = _hh.unpack_from(self._data, at)
        if contours < 0:
            for component, inner in self.components(glyph):
                placed = inner if matrix is None else compose(matrix, inner)
                self._draw(component, None if placed == IDENTITY else placed, writer, depth + 1)
            return
        ends, xs, ys, on_curve = self._simple(at, contours)
        if depth == 0:
            # fontTools draws a glyph at its hmtx left side bearing, not at its own xMin
            shift = self._left_side_bearing(glyph) - x_min
            if shift:
                xs = [x + shift for x in xs]
        points: list[Point]
        if matrix is None:
            points = list(zip(xs, ys, strict=True))
        else:
            xx, xy, yx, yy, dx, dy = matrix
            points = [
                (xx * x + yx * y + dx, xy * x + yy * y + dy) for x, y in zip(xs, ys, strict=True)
            ]
        start = 0
        for end_point in ends:
            writer.contour(points[start : end_point + 1], on_curve[start : end_point + 1])
            start = end_point + 1
