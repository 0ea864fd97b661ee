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

_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
_SIMPLE_BIDI = frozenset({"L", "EN", "ES", "ET", "CS", "ON", "WS", "B", "S", "BN"})
"""Bidirectional classes that read left to right without reordering (no R, AL, AN, NSM...)."""


@dataclass(frozen=True, slots=True)
class Glyph:
    """One glyph: its outline as SVG path data in font units (y up), its advance width, and the
    lowest and highest y of its outline's points (the curves stay within them)."""

    path: str
    advance: int
    low: float = 0.0
    high: float = 0.0

    @classmethod
    def of(cls, path: str, advance: int) -> Glyph:
        ys = [float(v) for v in _NUMBER.findall(path)[1::2]]
        return cls(path, advance, min(ys, default=0.0), max(ys, default=0.0))


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
def ink(text: str, *, bold: bool) -> tuple[float, float] | None:
    """The lowest and highest y (font units, y up) the outlines of ``text`` reach; ``None`` if
    the text needs shaping or draws nothing."""
    font = face(bold)
    glyphs = _simple(text, font)
    if glyphs is None:
        return None
    inked = [g for g in map(font.glyph, glyphs) if g.path]
    if not inked:
        return None
    return min(g.low for g in inked), max(g.high for g in inked)


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}".rstrip("0")


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
    font = face(bold)
    glyphs = _simple(text, font)
    if glyphs is None:
        return None
    pens: list[str] = []
    pen_x = 0
    previous: int | None = None
    for index in glyphs:
        if previous is not None:
            pen_x += font.kerning(previous, index)
        glyph = font.glyph(index)
        if glyph.path:
            pens.append(f'<path transform="translate({pen_x} 0)" d="{glyph.path}"/>')
        pen_x += glyph.advance
        previous = index
    scale = size / font.units_per_em
    width = pen_x * scale
    left = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
    return (
        f'<g fill="{fill}"{attrs} aria-label={quoteattr(text)}'
        f' transform="matrix({scale:.6g} 0 0 {-scale:.6g} {_num(round(left, 2))} {_num(y)})">'
        f"{''.join(pens)}</g>"
    )
