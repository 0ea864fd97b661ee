"""The board as a PNG image, rasterised from the SVG by resvg with the fonts shipped here.

System fonts are never consulted: the text is set in the DejaVu Sans files under
``renderers/fonts`` (Bitstream Vera licence, see ``renderers/fonts/LICENSE``), so every name and
number appears the same on any machine, with or without fonts installed.

Two bindings of the same Rust rasteriser (resvg) are supported.  ``svg2png-py`` is used when it is
installed: it keeps one font database for the process and rasterises about three times faster
here; ``resvg-py`` is the fallback, loading the shipped font files on each call.  Both are given
the shipped fonts only.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

import resvg_py

from renderers.svg import WIDTH, render_svg
from renderers.theme import Theme, find_theme
from renderers.view import BoardView, Orientation, RenderError

FONT_DIR = Path(__file__).resolve().parent / "fonts"
FONT_FILES: tuple[str, ...] = (
    str(FONT_DIR / "DejaVuSans.ttf"),
    str(FONT_DIR / "DejaVuSans-Bold.ttf"),
)
FONT_FAMILY = "DejaVu Sans"

_SIZE = re.compile(r'<svg[^>]*?\swidth="(\d+)"[^>]*?\sheight="(\d+)"')

_svg2png: Any
try:
    _svg2png = importlib.import_module("svg2png_py")
except ImportError:
    _svg2png = None

#: ``rasterise(svg, background, width) -> PNG bytes``
Rasteriser = Callable[[str, str | None, int | None], bytes]


def _rgba(colour: str) -> tuple[int, int, int, int]:
    if not re.fullmatch(r"#[0-9A-Fa-f]{6}", colour):
        raise RenderError(f"background must be a #RRGGBB colour, not {colour!r}")
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16), 255


def rasterise_resvg_py(svg: str, background: str | None, width: int | None) -> bytes:
    """Rasterise with ``resvg-py``, loading only the shipped font files."""
    return bytes(
        resvg_py.svg_to_bytes(
            svg_string=svg,
            background=background,
            width=width,
            skip_system_fonts=True,
            font_files=list(FONT_FILES),
            font_family=FONT_FAMILY,
            sans_serif_family=FONT_FAMILY,
        )
    )


@lru_cache(maxsize=4)
def _font_database(files: tuple[str, ...]) -> Any:
    database = _svg2png.FontDatabase()
    for path in files:
        database.load_font_file(path)
    return database


def rasterise_svg2png(svg: str, background: str | None, width: int | None) -> bytes:
    """Rasterise with ``svg2png-py`` and a font database holding only the shipped fonts."""
    if _svg2png is None:
        raise RenderError("svg2png-py is not installed")
    size = _SIZE.search(svg)
    if size is None:
        raise RenderError("the SVG has no width and height")
    w, h = int(size.group(1)), int(size.group(2))
    transform = None
    bg_size = None
    if width is not None and width != w:
        scale = width / w
        transform = (scale, 0.0, 0.0, 0.0, scale, 0.0)  # row-major affine: x, then y
        bg_size = (width, round(h * scale))
    png: bytes = _svg2png.svg_to_png(
        svg,
        _font_database(FONT_FILES),
        transform=transform,
        bg_size=bg_size,
        bg_color=None if background is None else _rgba(background),
        options=_svg2png.RenderOptions(font_family=FONT_FAMILY),
    )
    return png


RASTERISE: Rasteriser = rasterise_resvg_py if _svg2png is None else rasterise_svg2png


def svg_to_png(svg: str, *, background: str | None = None, width: int | None = None) -> bytes:
    """Rasterise an SVG document with the shipped fonts only (scaled to ``width`` if given)."""
    if width is not None and not 64 <= width <= 4096:
        raise RenderError(f"PNG width must be 64 to 4096 pixels, not {width}")
    return RASTERISE(svg, background, width)


def render_png(
    view: BoardView,
    *,
    viewer: int | None = None,
    theme: Theme | str = "light",
    orientation: Orientation = "right",
    labels: Mapping[str, str] | None = None,
    width: int = WIDTH,
) -> bytes:
    """The board as PNG bytes, ``width`` pixels wide (1280 by default), seen by seat ``viewer``.

    The options are those of :func:`renderers.svg.render_svg`.
    """
    th = find_theme(theme)
    svg = render_svg(
        view, viewer=viewer, theme=th, orientation=orientation, labels=labels, background=False
    )
    return svg_to_png(svg, background=th.background, width=None if width == WIDTH else width)
