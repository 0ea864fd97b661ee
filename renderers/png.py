"""The board as a PNG image, rasterised from the SVG by resvg with the fonts shipped here.

System fonts are never consulted: the text is set in the DejaVu Sans files under
``renderers/fonts`` (Bitstream Vera licence, see ``renderers/fonts/LICENSE``), so every name and
number appears the same on any machine, with or without fonts installed.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import resvg_py

from renderers.svg import WIDTH, render_svg
from renderers.theme import Theme, find_theme
from renderers.view import BoardView, Orientation, RenderError

FONT_DIR = Path(__file__).resolve().parent / "fonts"
FONT_FILES = (str(FONT_DIR / "DejaVuSans.ttf"), str(FONT_DIR / "DejaVuSans-Bold.ttf"))


def svg_to_png(svg: str, *, background: str | None = None, width: int | None = None) -> bytes:
    """Rasterise an SVG document with the shipped fonts only (scaled to ``width`` if given)."""
    if width is not None and not 64 <= width <= 4096:
        raise RenderError(f"PNG width must be 64 to 4096 pixels, not {width}")
    return bytes(
        resvg_py.svg_to_bytes(
            svg_string=svg,
            background=background,
            width=width,
            skip_system_fonts=True,
            font_files=list(FONT_FILES),
            font_family="DejaVu Sans",
            sans_serif_family="DejaVu Sans",
        )
    )


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
    svg = render_svg(view, viewer=viewer, theme=th, orientation=orientation, labels=labels)
    return svg_to_png(svg, background=th.background, width=None if width == WIDTH else width)
