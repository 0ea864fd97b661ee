"""Colour themes for the board pictures: light and dark.

Checker colours are colour-blind safe: the two sides differ strongly in luminance (ivory against a
blue from the Okabe-Ito palette), so they stay apart for every kind of colour vision and in
greyscale; highlights use Okabe-Ito vermillion/orange, which neither checker colour resembles.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class CheckerColors:
    """One side's checker: fill, rim and the colour of numbers drawn on it."""

    fill: str
    rim: str
    ink: str


@dataclass(frozen=True, slots=True)
class Theme:
    """The colours of a board picture."""

    name: str
    background: str
    frame: str
    field: str
    point_a: str
    point_b: str
    tray: str
    text: str
    muted: str
    accent: str
    strip: str
    strip_on_roll: str
    cube_fill: str
    cube_ink: str
    checkers: tuple[CheckerColors, CheckerColors]


LIGHT = Theme(
    name="light",
    background="#F4F1EA",
    frame="#5A4632",
    field="#EADFC8",
    point_a="#B27C57",
    point_b="#D5BC95",
    tray="#4A3A2A",
    text="#1F1B16",
    muted="#6E655A",
    accent="#D55E00",
    strip="#E7E1D5",
    strip_on_roll="#FBE3CF",
    cube_fill="#FFFFFF",
    cube_ink="#1F1B16",
    checkers=(
        CheckerColors(fill="#FBF8F1", rim="#3B3631", ink="#1F1B16"),
        CheckerColors(fill="#1C4F8C", rim="#0A2342", ink="#FFFFFF"),
    ),
)

DARK = Theme(
    name="dark",
    background="#15171B",
    frame="#2C3038",
    field="#22262D",
    point_a="#56606F",
    point_b="#3A414C",
    tray="#0F1114",
    text="#ECE9E4",
    muted="#9CA3AD",
    accent="#E69F00",
    strip="#21242A",
    strip_on_roll="#3A2F1C",
    cube_fill="#ECE9E4",
    cube_ink="#15171B",
    checkers=(
        CheckerColors(fill="#EFE9DC", rim="#8C877D", ink="#15171B"),
        CheckerColors(fill="#2C7BC0", rim="#BFDDF7", ink="#FFFFFF"),
    ),
)

THEMES: dict[str, Theme] = {LIGHT.name: LIGHT, DARK.name: DARK}


def find_theme(theme: Theme | str) -> Theme:
    """A theme by name (``"light"``, ``"dark"``) or the theme itself."""
    if isinstance(theme, Theme):
        return theme
    try:
        return THEMES[theme]
    except KeyError:
        from renderers.view import RenderError

        raise RenderError(f"no theme {theme!r}: choose one of {', '.join(THEMES)}") from None
