"""Board renderers: SVG, PNG and monospace text, pure functions of a :class:`BoardView`.

They import only :mod:`engine`; the app builds a :class:`BoardView` from its game state and sends
what these functions return.

The PNG renderer (resvg, numpy, zlib-ng) is imported on first use of ``render_png``,
``svg_to_png`` or ``FONT_DIR``: a text board or SVG never loads it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from renderers.svg import render_svg
from renderers.text import render_text
from renderers.theme import DARK, LIGHT, THEMES, CheckerColors, Theme, find_theme
from renderers.view import (
    DEFAULT_LABELS,
    BoardView,
    ChouetteMember,
    ChouetteView,
    CubeView,
    LastPlay,
    MatchScore,
    MoneyScore,
    Orientation,
    RenderError,
    home_side,
)

if TYPE_CHECKING:
    from renderers.png import FONT_DIR, render_png, svg_to_png

_LAZY = frozenset({"FONT_DIR", "render_png", "svg_to_png"})


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from renderers import png

        return getattr(png, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "DARK",
    "DEFAULT_LABELS",
    "FONT_DIR",
    "LIGHT",
    "THEMES",
    "BoardView",
    "CheckerColors",
    "ChouetteMember",
    "ChouetteView",
    "CubeView",
    "LastPlay",
    "MatchScore",
    "MoneyScore",
    "Orientation",
    "RenderError",
    "Theme",
    "find_theme",
    "home_side",
    "render_png",
    "render_svg",
    "render_text",
    "svg_to_png",
]
