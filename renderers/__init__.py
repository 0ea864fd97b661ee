"""Board renderers: SVG, PNG and monospace text, pure functions of a :class:`BoardView`.

They import only :mod:`engine`; the app builds a :class:`BoardView` from its game state and sends
what these functions return.
"""

from renderers.png import FONT_DIR, render_png, svg_to_png
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
