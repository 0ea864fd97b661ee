"""The text board: read back, it gives the engine's counts; it fits a phone's code block."""

from __future__ import annotations

import re

import pytest
from test_render_svg import (
    ORIENTATIONS,
    VARIANTS,
    expected_points,
    pips,
    random_views,
)

from engine import Position
from engine.nardy import LongNardyPosition
from renderers import (
    BoardView,
    ChouetteMember,
    ChouetteView,
    CubeView,
    MatchScore,
    Orientation,
    RenderError,
    render_text,
)
from renderers.samples import sample_views

GLYPHS = {False: ("○", "●"), True: ("O", "X")}


def glyph_sides(view: BoardView, viewer: int, ascii_only: bool) -> dict[str, str]:
    light, dark = GLYPHS[ascii_only]
    colour = (light, dark)
    return {colour[view.colors[viewer]]: "viewer", colour[view.colors[1 - viewer]]: "opponent"}


def parse_stack(cell: str, sides: dict[str, str]) -> tuple[str, int] | None:
    cell = cell.strip()
    if not cell:
        return None
    counted = re.fullmatch(r"(\d+)(\D)", cell)
    if counted:
        count, glyph = int(counted.group(1)), counted.group(2)
        assert count > 5
        return sides[glyph], count
    assert len(set(cell)) == 1 and len(cell) <= 5, cell
    return sides[cell[0]], len(cell)


def parse_narrow(text: str, sides: dict[str, str], vline: str) -> dict[int, tuple[str, int]]:
    points: dict[int, tuple[str, int]] = {}
    rows = [
        line for line in text.splitlines() if f" {vline} " in line and line[:2].strip().isdigit()
    ]
    assert len(rows) == 12
    for line in rows:
        left, right = line.split(f" {vline} ")
        a, right_num = int(left[:2]), int(right[-2:])
        for p, cell in ((a, left[3:]), (right_num, right[:-2])):
            parsed = parse_stack(cell, sides)
            if parsed:
                points[p] = parsed
    return points


def parse_wide(text: str, sides: dict[str, str]) -> dict[int, tuple[str, int]]:
    lines = text.splitlines()
    number_rows = [i for i, line in enumerate(lines) if re.fullmatch(r"[\d ]+", line)]
    assert len(number_rows) == 2
    points: dict[int, tuple[str, int]] = {}
    for index, rows in ((number_rows[0], range(2, 7)), (number_rows[1], range(-2, -7, -1))):
        numbers = lines[index]
        for m in re.finditer(r"\d+", numbers):
            p, col = int(m.group()), m.end() - 2
            stack = [lines[index + r][col - 1 : col + 2] for r in rows]
            glyphs = [c.strip() for c in stack if c.strip()]
            if not glyphs:
                continue
            if glyphs[-1].isdigit():
                count = int(glyphs[-1])
                glyph = glyphs[0]
                assert len(glyphs) == 5 and count > 5
            else:
                count, glyph = len(glyphs), glyphs[0]
                assert set(glyphs) == {glyph}
            points[p] = (sides[glyph], count)
    return points


def details(text: str, view: BoardView, viewer: int) -> dict[str, tuple[int, int, int]]:
    """Each side's (pips, off, bar) from the lines under its name."""
    found: dict[str, tuple[int, int, int]] = {}
    lines = text.splitlines()
    for i, line in enumerate(lines):
        m = re.fullmatch(r"   pips (\d+) [·|] off (\d+)(?: [·|] bar (\d+))?", line)
        if m:
            name_line = lines[i - 1]
            who = "viewer" if view.names[viewer] in name_line else "opponent"
            found[who] = (int(m.group(1)), int(m.group(2)), int(m.group(3) or 0))
    return found


@pytest.mark.parametrize("cls", VARIANTS, ids=lambda c: c.ruleset.name)
@pytest.mark.parametrize("width", ["narrow", "wide"])
@pytest.mark.parametrize("ascii_only", [False, True], ids=["unicode", "ascii"])
def test_text_round_trips_counts(cls: type[Position], width: str, ascii_only: bool) -> None:
    for view in random_views(3 if cls is Position else 5, cls, 25):
        for viewer in (0, 1):
            for orientation in ORIENTATIONS:
                text = render_text(
                    view,
                    viewer=viewer,
                    width="narrow" if width == "narrow" else "wide",
                    ascii=ascii_only,
                    orientation=orientation,
                )
                check_text(text, view, viewer, width, ascii_only, orientation)


def check_text(
    text: str, view: BoardView, viewer: int, width: str, ascii_only: bool, orientation: Orientation
) -> None:
    sides = glyph_sides(view, viewer, ascii_only)
    if width == "narrow":
        assert max(len(line) for line in text.splitlines()) <= 34
        drawn = parse_narrow(text, sides, "|" if ascii_only else "│")
    else:
        assert max(len(line) for line in text.splitlines()) <= 48
        drawn = parse_wide(text, sides)
    assert drawn == expected_points(view, viewer)
    if ascii_only:
        assert text.replace(view.names[0], "").replace(view.names[1], "").isascii()
    mine, theirs = view.side(viewer), view.side(1 - viewer)
    assert details(text, view, viewer) == {
        "viewer": (pips(mine), 15 - sum(mine), mine[24]),
        "opponent": (pips(theirs), 15 - sum(theirs), theirs[24]),
    }
    if view.dice is not None:
        assert f"{max(view.dice)}-{min(view.dice)}" in text  # the higher die first
    if view.cube is not None and view.cube.dead:
        assert "cube: Crawford" in text
    rows = [line for line in text.splitlines() if line[:2].strip().isdigit()]
    if width == "narrow":
        home = rows[-1]
        assert home.rstrip().endswith(" 1") == (orientation == "right")


def test_narrow_layout_of_the_start() -> None:
    view = BoardView.seated(
        Position.initial(),
        on_roll=0,
        names=("Ann", "Bo"),
        dice=(3, 1),
        score=MatchScore(5, (1, 2)),
    )
    text = render_text(view, viewer=0)
    assert text.splitlines()[:3] == [
        "Match to 5",
        " ● Bo".ljust(33) + "2",
        "   pips 167 · off 0",
    ]
    assert "13 ○○○○○   │   ●●●●● 12" in text
    assert "24 ○○      │      ●●  1" in text
    assert "dice ○ 3-1 · cube 1" in text


def test_long_nardy_text_has_no_bar_and_heads_opposite() -> None:
    view = BoardView.seated(LongNardyPosition.initial(), on_roll=0, names=("A", "B"), cube=None)
    text = render_text(view, viewer=0)
    assert "24 15○" in text
    assert "15● 12" in text
    assert "Long nardy" in text
    assert "bar" not in text


def test_labels_and_chouette_roster() -> None:
    roster = ChouetteView(
        box="Box", team=(ChouetteMember("Cap", total=2), ChouetteMember("Two", in_game=False))
    )
    view = BoardView.seated(
        Position.initial(),
        on_roll=0,
        names=("Cap", "Box"),
        chouette=roster,
        cube=CubeView(2, offered_by=1),
    )
    text = render_text(view, labels={"box": "Ящик", "out": "вне игры", "offered": "Удвоение"})
    assert "Ящик: Box" in text
    assert "Two (вне игры)" in text
    assert "*1. Cap +2" in text
    assert "● Удвоение 2" in text


def test_long_names_are_clipped_to_the_width() -> None:
    view = BoardView(Position.initial(), names=("N" * 80, "M" * 80))
    for width, limit in (("narrow", 34), ("wide", 48)):
        text = render_text(view, width=width)  # type: ignore[arg-type]
        assert max(len(line) for line in text.splitlines()) <= limit
        assert "…" in text


def test_bad_width() -> None:
    with pytest.raises(RenderError):
        render_text(BoardView(Position.initial()), width="huge")  # type: ignore[arg-type]


def test_gallery_boards_render_in_every_form() -> None:
    views = sample_views()
    assert len(views) == 10
    assert any(v.chouette for v in views.values())
    assert any(v.cube is not None and v.cube.offered_by is not None for v in views.values())
    assert any(v.cube is not None and v.cube.dead for v in views.values())
    assert sum(v.variant == "long_nardy" for v in views.values()) == 2
    assert any(v.side(0)[24] or v.side(1)[24] for v in views.values())
    for view in views.values():
        for viewer in (0, 1):
            sides = glyph_sides(view, viewer, False)
            text = render_text(view, viewer=viewer)
            assert parse_narrow(text, sides, "│") == expected_points(view, viewer)


def test_half_points_of_drawn_long_nardy_games_are_shown_as_players_write_them() -> None:
    from fractions import Fraction

    from renderers import render_svg
    from renderers.view import MoneyScore, score_label

    assert score_label(MatchScore(5, (Fraction(5, 2), 3)), 0) == "2½"
    assert score_label(MatchScore(5, (Fraction(5, 2), 3)), 1) == "3"
    money = MoneyScore((Fraction(-3, 2), Fraction(3, 2)))
    assert (score_label(money, 0), score_label(money, 1)) == ("-1½", "+1½")
    assert score_label(MoneyScore((0, -4)), 0) == "0"
    assert score_label(MoneyScore((0, -4)), 1) == "-4"
    assert score_label(None, 0) is None
    view = BoardView.seated(LongNardyPosition.initial(), on_roll=0, score=money)
    assert "1½" in render_svg(view)
    assert "-1½" in render_text(view)
