"""Text set as glyph outlines from the shipped DejaVu Sans, so the rasteriser fills paths only.

Shaping text is the rasteriser's most expensive step (about half of a board's raster time): it
looks the font up, shapes each string and outlines every glyph on every call.  The board's text is
short and simple — numbers, words, names — so it is set here once per glyph instead: each glyph's
outline is read from the font file (with :mod:`renderers.truetype`) the first time it is drawn and
kept, and a string becomes one ``<g>`` of ``<path>`` elements advanced by the font's widths and pair
kerning.  Glyphs are known by their index in the font.

Strings that need real shaping are left to the rasteriser (``outline`` returns ``None``): a
character missing from the font, combining marks, right-to-left scripts, joiners and variation
selectors.  Those are drawn as ``<text>`` with the same shipped fonts, so nothing changes for them
but the speed.
"""

from __future__ import annotations

import re
import threading
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from xml.sax.saxutils import quoteattr

from renderers.truetype import TrueTypeFont

FONT_DIR = Path(__file__).resolve().parent / "fonts"
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"

_INF = float("inf")
_SIMPLE_BIDI = frozenset({"L", "EN", "ES", "ET", "CS", "ON", "WS", "B", "S", "BN"})
"""Bidirectional classes that read left to right without reordering (no R, AL, AN, NSM...)."""


_TOKEN = re.compile(r"[A-Za-z]|-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")
_ARGUMENTS = {"M": 2, "L": 2, "T": 2, "Q": 4, "S": 4, "C": 6, "H": 1, "V": 1, "Z": 0}

Box = tuple[float, float, float, float]
"""Left, bottom, right, top (font units, y up) or left, top, right, bottom (SVG, y down): the
least and greatest x and y."""


def path_bounds(data: str) -> Box | None:
    """The least and greatest x and y of the points of SVG path data made of absolute commands
    (``M L T Q S C H V Z``): the outline, curves included, stays within them.  ``None`` if
    the data has no point or any other command (arcs, relative moves)."""
    xs: list[float] = []
    ys: list[float] = []
    command = ""
    numbers: list[float] = []
    for token in _TOKEN.findall(data):
        if token.isalpha():
            if token not in _ARGUMENTS:
                return None
            command = token
            continue
        numbers.append(float(token))
        if command == "H":
            xs.append(numbers.pop())
        elif command == "V":
            ys.append(numbers.pop())
        elif command in ("", "Z"):
            return None
        elif len(numbers) == 2:
            xs.append(numbers[0])
            ys.append(numbers[1])
            numbers.clear()
    if not xs or not ys or numbers:
        return None
    return min(xs), min(ys), max(xs), max(ys)


@dataclass(frozen=True, slots=True)
class Glyph:
    """One glyph: its outline as SVG path data in font units (y up), its advance width, and the
    box of its outline's points (the curves stay within it; ``None``: it draws nothing)."""

    path: str
    advance: int
    box: Box | None = None

    @classmethod
    def of(cls, path: str, advance: int) -> Glyph:
        return cls(path, advance, path_bounds(path) if path else None)


class Face:
    """One font file: glyph outlines and advances, pair kerning; each glyph read once and kept."""

    def __init__(self, path: Path) -> None:
        self._font = TrueTypeFont(path)
        self.units_per_em: int = self._font.units_per_em
        self._ids: dict[str, int] = {}  # characters the font has (so at most its cmap's size)
        self._glyphs: dict[int, Glyph] = {}
        self._lock = threading.Lock()

    def glyph_id(self, char: str) -> int | None:
        """The glyph drawn for ``char`` (its index in the font), or ``None`` when there is none."""
        found = self._ids.get(char)
        if found is None:
            found = self._font.glyph_id(ord(char))
            if found is not None:
                self._ids[char] = found
        return found

    def glyph(self, glyph: int) -> Glyph:
        """The glyph's outline and advance, read from the font the first time."""
        found = self._glyphs.get(glyph)
        if found is None:
            with self._lock:  # one thread reads a glyph; the others wait and take it
                found = self._glyphs.get(glyph)
                if found is None:
                    found = Glyph.of(self._font.svg_path(glyph), self._font.advance(glyph))
                    self._glyphs[glyph] = found
        return found

    def kerning(self, left: int, right: int) -> int:
        """The pair kerning of glyph ``left`` followed by glyph ``right``, in font units."""
        return self._font.kerning(left, right)


@lru_cache(maxsize=2)
def face(bold: bool) -> Face:
    """The shipped regular or bold face (read from disk on first use)."""
    return Face(BOLD if bold else REGULAR)


def _simple(text: str, font: Face) -> list[int] | None:
    """The glyphs of ``text`` if it needs no shaping, else ``None``."""
    glyphs: list[int] = []
    for char in text:
        if unicodedata.bidirectional(char) not in _SIMPLE_BIDI:
            return None
        if unicodedata.category(char) in ("Mn", "Mc", "Me", "Cf", "Co", "Cs", "Cn"):
            return None
        glyph = font.glyph_id(char)
        if glyph is None:
            return None
        glyphs.append(glyph)
    return glyphs


@lru_cache(maxsize=4096)
def ink(text: str, *, bold: bool) -> Box | None:
    """The box (font units, y up, from the pen's start) the outlines of ``text`` stay within,
    kerning included; ``None`` if the text needs shaping or draws nothing."""
    font = face(bold)
    glyphs = _simple(text, font)
    if glyphs is None:
        return None
    left, low, right, high = _INF, _INF, -_INF, -_INF
    for pen_x, index in _pens(glyphs, font)[:-1]:
        box = font.glyph(index).box
        if box is not None:
            left, right = min(left, pen_x + box[0]), max(right, pen_x + box[2])
            low, high = min(low, box[1]), max(high, box[3])
    return None if left > right else (left, low, right, high)


def _pens(glyphs: list[int], font: Face) -> list[tuple[int, int]]:
    """Where the pen stands (font units) for each glyph, kerning included, and the glyph;
    the last pair is the pen after the last glyph, with glyph ``-1``."""
    out: list[tuple[int, int]] = []
    pen_x = 0
    previous: int | None = None
    for index in glyphs:
        if previous is not None:
            pen_x += font.kerning(previous, index)
        out.append((pen_x, index))
        pen_x += font.glyph(index).advance
        previous = index
    out.append((pen_x, -1))
    return out


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}".rstrip("0")


@lru_cache(maxsize=4096)
def _run(text: str, bold: bool) -> tuple[str, int] | None:
    """The glyph paths of ``text`` set from pen position 0 (font units), and the pen's advance
    after the last glyph, kerning included; ``None`` if it needs shaping."""
    font = face(bold)
    glyphs = _simple(text, font)
    if glyphs is None:
        return None
    pens = _pens(glyphs, font)
    paths = "".join(
        f'<path transform="translate({pen_x} 0)" d="{font.glyph(index).path}"/>'
        for pen_x, index in pens[:-1]
        if font.glyph(index).path
    )
    return paths, pens[-1][0]


def span(text: str, x: float, *, size: float, bold: bool, anchor: str) -> tuple[float, float]:
    """Where the pen starts and ends setting ``text`` anchored at ``x`` (``anchor`` as in
    :func:`outline`); ``(x, x)`` if it needs shaping."""
    run = _run(text, bold)
    width = 0.0 if run is None else run[1] * size / face(bold).units_per_em
    left = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
    return left, left + width


@lru_cache(maxsize=4096)
def outline(
    text: str,
    x: float,
    y: float,
    *,
    size: float,
    bold: bool,
    anchor: str,
    fill: str,
    attrs: str = "",
) -> str | None:
    """``text`` at baseline ``(x, y)`` as a ``<g>`` of glyph paths; ``None`` if it needs shaping.

    ``anchor`` is the SVG ``text-anchor`` (``start``, ``middle`` or ``end``); ``attrs`` are extra
    attributes (with a leading space) put on the group, which also carries the text itself as its
    ``aria-label`` (screen readers and tests read it there).  The same strings come back board
    after board (point numbers, names, pip counts), so the last few thousand are kept.
    """
    run = _run(text, bold)
    if run is None:
        return None
    scale = size / face(bold).units_per_em
    left = span(text, x, size=size, bold=bold, anchor=anchor)[0]
    return (
        f'<g fill="{fill}"{attrs} aria-label={quoteattr(text)}'
        f' transform="matrix({scale:.6g} 0 0 {-scale:.6g} {_num(round(left, 2))} {_num(y)})">'
        f"{run[0]}</g>"
    )
