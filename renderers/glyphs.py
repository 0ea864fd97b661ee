"""Text set as glyph outlines from the shipped DejaVu Sans, so the rasteriser fills paths only.

Shaping text is the rasteriser's most expensive step (about half of a board's raster time): it
looks the font up, shapes each string and outlines every glyph on every call.  The board's text is
short and simple — numbers, words, names — so it is set here once per glyph instead: each glyph's
outline is read from the font file (with :mod:`fontTools`) the first time it is drawn and kept, and
a string becomes one ``<g>`` of ``<path>`` elements advanced by the font's widths and pair kerning.

Strings that need real shaping are left to the rasteriser (``outline`` returns ``None``): a
character missing from the font, combining marks, right-to-left scripts, joiners and variation
selectors.  Those are drawn as ``<text>`` with the same shipped fonts, so nothing changes for them
but the speed.
"""

from __future__ import annotations

import threading
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from xml.sax.saxutils import quoteattr

from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.ttLib import TTFont

FONT_DIR = Path(__file__).resolve().parent / "fonts"
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"

_SIMPLE_BIDI = frozenset({"L", "EN", "ES", "ET", "CS", "ON", "WS", "B", "S", "BN"})
"""Bidirectional classes that read left to right without reordering (no R, AL, AN, NSM...)."""


@dataclass(frozen=True, slots=True)
class Glyph:
    """One glyph: its outline as SVG path data in font units (y up) and its advance width."""

    path: str
    advance: int


class Face:
    """One font file: glyph outlines and advances, pair kerning, loaded once and kept."""

    def __init__(self, path: Path) -> None:
        self._font = TTFont(str(path), lazy=True)
        self.units_per_em: int = self._font["head"].unitsPerEm
        self._cmap: dict[int, str] = self._font.getBestCmap()
        self._glyph_set = self._font.getGlyphSet()
        self._kerning: dict[tuple[str, str], int] = {}
        if "kern" in self._font:
            for table in self._font["kern"].kernTables:
                if getattr(table, "format", None) == 0:
                    self._kerning.update(table.kernTable)
        self._glyphs: dict[str, Glyph] = {}
        self._lock = threading.Lock()

    def glyph_name(self, char: str) -> str | None:
        """The glyph drawn for ``char``, or ``None`` when the font has none."""
        return self._cmap.get(ord(char))

    def glyph(self, name: str) -> Glyph:
        found = self._glyphs.get(name)
        if found is None:
            with self._lock:  # fontTools decompiles glyphs lazily; keep that to one thread
                found = self._glyphs.get(name)
                if found is None:
                    pen = SVGPathPen(self._glyph_set)
                    outline = self._glyph_set[name]
                    outline.draw(pen)
                    found = Glyph(pen.getCommands(), int(outline.width))
                    self._glyphs[name] = found
        return found

    def kerning(self, left: str, right: str) -> int:
        return self._kerning.get((left, right), 0)


@lru_cache(maxsize=2)
def face(bold: bool) -> Face:
    """The shipped regular or bold face (read from disk on first use)."""
    return Face(BOLD if bold else REGULAR)


def _simple(text: str, font: Face) -> list[str] | None:
    """The glyph names of ``text`` if it needs no shaping, else ``None``."""
    names: list[str] = []
    for char in text:
        if unicodedata.bidirectional(char) not in _SIMPLE_BIDI:
            return None
        if unicodedata.category(char) in ("Mn", "Mc", "Me", "Cf", "Co", "Cs", "Cn"):
            return None
        name = font.glyph_name(char)
        if name is None:
            return None
        names.append(name)
    return names


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}".rstrip("0")


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
    ``aria-label`` (screen readers and tests read it there).
    """
    font = face(bold)
    names = _simple(text, font)
    if names is None:
        return None
    pens: list[str] = []
    pen_x = 0
    previous: str | None = None
    for name in names:
        if previous is not None:
            pen_x += font.kerning(previous, name)
        glyph = font.glyph(name)
        if glyph.path:
            pens.append(f'<path transform="translate({pen_x} 0)" d="{glyph.path}"/>')
        pen_x += glyph.advance
        previous = name
    scale = size / font.units_per_em
    width = pen_x * scale
    left = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
    return (
        f'<g fill="{fill}"{attrs} aria-label={quoteattr(text)}'
        f' transform="matrix({scale:.6g} 0 0 {-scale:.6g} {_num(round(left, 2))} {_num(y)})">'
        f"{''.join(pens)}</g>"
    )
