"""The font reader against fontTools: the same glyphs, outlines, advances and kerning.

fontTools (a test dependency only) is the reference: for every glyph of both shipped DejaVu
fonts, every character of their cmaps and every pair of their ``kern`` tables, our reader must
give what fontTools gives — the outline as the very string fontTools' ``SVGPathPen`` writes.
Small fonts built here with fontTools cover what DejaVu does not use: scaled, stretched and
skewed components, contours with no on-curve point, a format 4 ``cmap`` read on its own.
"""

from __future__ import annotations

import re
import subprocess
import sys
import threading
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.ttGlyphPen import TTGlyphPen, TTGlyphPointPen
from fontTools.ttLib import TTFont, newTable
from fontTools.ttLib.tables._g_l_y_f import GlyphComponent
from fontTools.ttLib.tables._k_e_r_n import KernTable_format_0

from renderers import glyphs
from renderers.truetype import FontError, TrueTypeFont

ROOT = Path(__file__).resolve().parent.parent
FONTS = {"regular": glyphs.REGULAR, "bold": glyphs.BOLD}


def reference_path(font: TTFont, name: str) -> str:
    glyph_set = font.getGlyphSet()
    pen = SVGPathPen(glyph_set)
    glyph_set[name].draw(pen)
    commands: str = pen.getCommands()
    return commands


@pytest.fixture(scope="module", params=sorted(FONTS))
def shipped(request: pytest.FixtureRequest) -> Iterator[tuple[TTFont, TrueTypeFont]]:
    path = FONTS[request.param]
    yield TTFont(str(path)), TrueTypeFont(path)


# -- the shipped fonts ----------------------------------------------------------------------


def test_header_values(shipped: tuple[TTFont, TrueTypeFont]) -> None:
    reference, ours = shipped
    assert ours.units_per_em == reference["head"].unitsPerEm == 2048
    assert ours.glyph_count == reference["maxp"].numGlyphs == len(reference.getGlyphOrder())
    # some glyphs lie past the last long metric and share its advance
    assert reference["hhea"].numberOfHMetrics < ours.glyph_count


def test_every_glyph_is_drawn_as_fonttools_draws_it(shipped: tuple[TTFont, TrueTypeFont]) -> None:
    reference, ours = shipped
    glyph_set = reference.getGlyphSet()
    composites = shifted = 0
    for index, name in enumerate(reference.getGlyphOrder()):
        assert ours.svg_path(index) == reference_path(reference, name), name
        assert ours.advance(index) == int(glyph_set[name].width), name
        glyph = reference["glyf"][name]
        composites += glyph.isComposite()
        shifted += hasattr(glyph, "xMin") and reference["hmtx"][name][1] != glyph.xMin
    # what the comparison covered: composites, and glyphs placed by hmtx rather than xMin
    assert composites > 500 and shifted > 0
    print(f"{len(reference.getGlyphOrder())} glyphs identical ({composites} composite)")


def test_every_character_maps_to_the_same_glyph(shipped: tuple[TTFont, TrueTypeFont]) -> None:
    reference, ours = shipped
    cmap = reference.getBestCmap()
    assert len(cmap) > 5800
    for code, name in cmap.items():
        assert ours.glyph_id(code) == reference.getGlyphID(name), hex(code)
    unmapped = [code for code in range(0x110000) if code not in cmap]
    assert all(ours.glyph_id(code) is None for code in unmapped)
    print(f"{len(cmap)} characters mapped alike, {len(unmapped)} unmapped alike")


def test_every_character_through_face(shipped: tuple[TTFont, TrueTypeFont]) -> None:
    """What glyphs.py keeps per glyph: fontTools' outline and advance for each character."""
    reference, ours = shipped
    face = glyphs.Face(ours.path)
    glyph_set = reference.getGlyphSet()
    assert face.units_per_em == reference["head"].unitsPerEm
    for code, name in reference.getBestCmap().items():
        index = face.glyph_id(chr(code))
        assert index is not None
        assert face.glyph(index) == glyphs.Glyph.of(
            reference_path(reference, name), int(glyph_set[name].width)
        )


def test_every_kerning_pair(shipped: tuple[TTFont, TrueTypeFont]) -> None:
    reference, ours = shipped
    face = glyphs.Face(ours.path)
    pairs: dict[tuple[str, str], int] = {}
    for table in reference["kern"].kernTables:
        assert table.format == 0
        pairs.update(table.kernTable)
    assert len(pairs) > 1500
    ids = {name: reference.getGlyphID(name) for pair in pairs for name in pair}
    for (left, right), value in pairs.items():
        assert ours.kerning(ids[left], ids[right]) == value, (left, right)
        assert face.kerning(ids[left], ids[right]) == value
        if (right, left) not in pairs:
            assert ours.kerning(ids[right], ids[left]) == 0
    assert ours.kerning(0, 0) == 0 and ours.kerning(ours.glyph_count - 1, 0) == 0
    print(f"{len(pairs)} kerning pairs alike")


def test_format_4_cmap_alone(tmp_path: Path) -> None:
    """DejaVu's BMP subtables, read when the font has no format 12 subtable."""
    font = TTFont(str(glyphs.REGULAR))
    cmap = font["cmap"]
    cmap.tables = [t for t in cmap.tables if t.format == 4]
    assert {(t.platformID, t.platEncID) for t in cmap.tables} == {(0, 3), (3, 1)}
    font.save(str(tmp_path / "bmp.ttf"))
    reference = TTFont(str(tmp_path / "bmp.ttf"))
    ours = TrueTypeFont(tmp_path / "bmp.ttf")
    best = reference.getBestCmap()
    for code, name in best.items():
        assert ours.glyph_id(code) == reference.getGlyphID(name), hex(code)
    assert all(ours.glyph_id(code) is None for code in range(0x10000) if code not in best)
    assert ours.glyph_id(0x1F600) is None


# -- outlines: number formatting and placement ----------------------------------------------


def test_path_text_uses_fonttools_number_formatting(shipped: tuple[TTFont, TrueTypeFont]) -> None:
    """Integers from the font, floats (``.5`` or ``.0``) at implied midpoints, as SVGPathPen."""
    _, ours = shipped
    index = ours.glyph_id(ord("O"))
    assert index is not None
    path = ours.svg_path(index)
    assert re.fullmatch(r"([MLHVQZ ]|-?\d+(\.\d+)?)*", path), path
    assert path.startswith("M") and path.endswith("Z") and "Q" in path and ".0" in path
    space = ours.glyph_id(ord(" "))
    assert space is not None and ours.svg_path(space) == "" and ours.advance(space) > 0


# -- fonts built here: what DejaVu does not use ---------------------------------------------


def _simple(contours: list[list[tuple[int, int, bool]]]) -> Any:
    """A glyph from contours of (x, y, on-curve) points, in the order given."""
    pen = TTGlyphPointPen(None)
    for contour in contours:
        pen.beginPath()
        for x, y, on in contour:
            pen.addPoint((x, y), "qcurve" if on else None)
        pen.endPath()
    return pen.glyph()


def _composite(parts: list[tuple[str, tuple[float, ...]]], glyph_set: dict[str, Any]) -> Any:
    pen = TTGlyphPen(glyph_set)
    for name, matrix in parts:
        pen.addComponent(name, matrix)
    return pen.glyph()


def build_font(path: Path, *, beyond_bmp: bool) -> TTFont:
    """A font with every kind of outline the reader handles, saved to ``path``."""
    box = _simple([[(0, 0, True), (500, 0, True), (500, 700, True), (0, 700, True)]])
    blob = _simple(  # starts off-curve; odd coordinates give .5 midpoints
        [
            [
                (101, 0, False),
                (300, 0, True),
                (401, 203, False),
                (399, 401, False),
                (300, 600, True),
                (100, 601, False),
                (0, 300, True),
            ]
        ]
    )
    ring = _simple(  # no on-curve point at all, twice, and a one-point contour
        [
            [(250, 0, False), (500, 250, False), (250, 500, False), (0, 250, False)],
            [(251, 101, False), (399, 251, False), (251, 399, False)],
            [(250, 250, True)],
        ]
    )
    dot = _simple([[(100, 100, True), (140, 100, True)], [(10, 10, False)]])
    tail = _simple([[(20, 0, True), (80, 0, True), (50, 90, True)]])
    glyph_set: dict[str, Any] = {
        ".notdef": TTGlyphPen(None).glyph(),
        "space": TTGlyphPen(None).glyph(),
        "box": box,
        "blob": blob,
        "ring": ring,
        "dot": dot,
    }
    glyph_set["plain"] = _composite(
        [
            ("box", (1, 0, 0, 1, 600, -50)),
            ("blob", (1, 0, 0, 1, 5, -7)),
            ("dot", (1, 0, 0, 1, 0, 0)),
        ],
        glyph_set,
    )
    glyph_set["scaled"] = _composite([("box", (0.5, 0, 0, 0.5, 10, 20))], glyph_set)
    glyph_set["stretched"] = _composite([("blob", (0.75, 0, 0, 1.25, -30, 40))], glyph_set)
    glyph_set["skewed"] = _composite([("ring", (1, 0.25, -0.5, 0.9, 3, 4))], glyph_set)
    glyph_set["nested"] = _composite(
        [
            ("scaled", (0.5, 0, 0, 0.5, 100, 0)),
            ("plain", (1, 0, 0, 1, 0, 0)),
            ("skewed", (0.8, 0, 0, 0.8, -300, 200)),
            ("stretched", (1, 0, 0, 1, 1, 1)),
        ],
        glyph_set,
    )
    glyph_set["tail1"] = tail
    glyph_set["tail2"] = tail
    order = list(glyph_set)
    builder = FontBuilder(1000, isTTF=True)
    builder.setupGlyphOrder(order)
    chars = {0x20: "space", 0x41: "box", 0x42: "blob", 0x43: "ring", 0x44: "dot"}
    # a run of characters whose glyphs are not consecutive: an idRangeOffset segment
    chars.update({0x61: "nested", 0x62: "plain", 0x63: "skewed", 0x64: "scaled", 0x65: "tail2"})
    chars.update({0x430: "stretched", 0x431: "tail1"})
    if beyond_bmp:
        chars[0x1F600] = "ring"
    builder.setupCharacterMap(chars)
    builder.setupGlyf(glyph_set)
    metrics = {
        name: (600, glyph_set[name].xMin if hasattr(glyph_set[name], "xMin") else 0)
        for name in order
    }
    metrics["blob"] = (620, 7)  # a left side bearing other than xMin moves the drawing
    metrics["tail1"] = (300, 20)
    metrics["tail2"] = (300, -3)  # past the last long metric: its own bearing, shared advance
    metrics["space"] = (300, 0)
    builder.setupHorizontalMetrics(metrics)
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": "Probe", "styleName": "Regular"})
    builder.setupOS2()
    builder.setupPost()
    kern = newTable("kern")
    kern.version = 0
    table = KernTable_format_0()
    table.coverage = 1
    table.kernTable = {("box", "blob"): -40, ("blob", "box"): 25, ("nested", "tail2"): -1}
    kern.kernTables = [table]
    builder.font["kern"] = kern
    builder.save(str(path))
    return TTFont(str(path))


def _kind(component: Any) -> str:
    if not hasattr(component, "transform"):
        return "offset"
    (xx, xy), (yx, yy) = component.transform
    if xy or yx:
        return "two by two"
    return "scale" if xx == yy else "x and y scale"


@pytest.mark.parametrize("beyond_bmp", [False, True], ids=["format4", "format12"])
def test_built_font_matches_fonttools(tmp_path: Path, beyond_bmp: bool) -> None:
    path = tmp_path / "probe.ttf"
    reference = build_font(path, beyond_bmp=beyond_bmp)
    ours = TrueTypeFont(path)
    formats = {t.format for t in reference["cmap"].tables}
    assert (12 in formats) == beyond_bmp
    assert reference["hhea"].numberOfHMetrics < len(reference.getGlyphOrder())
    assert reference["hmtx"]["blob"][1] != reference["glyf"]["blob"].xMin
    glyph_set = reference.getGlyphSet()
    for index, name in enumerate(reference.getGlyphOrder()):
        assert ours.svg_path(index) == reference_path(reference, name), name
        assert ours.advance(index) == int(glyph_set[name].width), name
    for code, name in reference.getBestCmap().items():
        assert ours.glyph_id(code) == reference.getGlyphID(name), hex(code)
    assert ours.glyph_id(0x45) is None and ours.glyph_id(0x1F601) is None
    for (left, right), value in reference["kern"].kernTables[0].kernTable.items():
        assert ours.kerning(reference.getGlyphID(left), reference.getGlyphID(right)) == value
    assert ours.kerning(reference.getGlyphID("blob"), reference.getGlyphID("blob")) == 0
    # the components really used each kind of transformation (fontTools keeps the matrix)
    kinds = {
        _kind(component)
        for name in ("scaled", "stretched", "skewed", "nested")
        for component in reference["glyf"][name].components
    }
    assert kinds == {"offset", "scale", "x and y scale", "two by two"}, kinds
    assert all(reference["glyf"][n].isComposite() for n in ("plain", "scaled", "nested"))


def test_kerning_subtables_combine(tmp_path: Path) -> None:
    """Horizontal subtables add up, an override subtable replaces; minimum and cross-stream
    subtables are not kerning values and are left out."""
    reference = build_font(tmp_path / "probe.ttf", beyond_bmp=False)
    box, blob = reference.getGlyphID("box"), reference.getGlyphID("blob")
    tables = []
    for coverage, pairs in (
        (0x01, {("box", "blob"): -40, ("blob", "box"): 25}),
        (0x01, {("box", "blob"): -10, ("dot", "box"): 3}),
        (0x03, {("box", "box"): -99}),  # minimum values
        (0x05, {("blob", "blob"): -77}),  # cross-stream
        (0x09, {("blob", "box"): 5}),  # override
    ):
        table = KernTable_format_0()
        table.coverage = coverage
        table.kernTable = pairs
        tables.append(table)
    reference["kern"].kernTables = tables
    reference.save(str(tmp_path / "kerned.ttf"))
    ours = TrueTypeFont(tmp_path / "kerned.ttf")
    assert ours.kerning(box, blob) == -50
    assert ours.kerning(blob, box) == 5
    assert ours.kerning(reference.getGlyphID("dot"), box) == 3
    assert ours.kerning(box, box) == 0 and ours.kerning(blob, blob) == 0


def test_point_matched_component_sits_at_the_origin(tmp_path: Path) -> None:
    """fontTools cannot draw a component placed by matching points; ours places it at 0, 0."""
    path = tmp_path / "probe.ttf"
    reference = build_font(path, beyond_bmp=False)
    component = GlyphComponent()
    component.glyphName = "box"
    component.firstPt, component.secondPt = 0, 2
    component.flags = 0
    glyph = reference["glyf"]["tail1"]
    glyph.numberOfContours = -1
    glyph.components = [component]
    for attr in ("coordinates", "endPtsOfContours", "flags", "program"):
        if hasattr(glyph, attr):
            delattr(glyph, attr)
    reference.recalcBBoxes = False  # fontTools cannot measure it either
    reference.save(str(tmp_path / "matched.ttf"))
    ours = TrueTypeFont(tmp_path / "matched.ttf")
    tail1 = reference.getGlyphID("tail1")
    assert ours.components(tail1) == [(reference.getGlyphID("box"), (1, 0, 0, 1, 0, 0))]
    assert ours.svg_path(tail1) == ours.svg_path(reference.getGlyphID("box"))


# -- errors, threads, dependencies ----------------------------------------------------------


def test_not_a_font(tmp_path: Path) -> None:
    path = tmp_path / "nothing.ttf"
    path.write_bytes(b"OTTO" + bytes(100))
    with pytest.raises(FontError, match=r"nothing\.ttf: not a TrueType font"):
        TrueTypeFont(path)
    ours = TrueTypeFont(glyphs.REGULAR)
    with pytest.raises(ValueError, match="no glyph 99999"):
        ours.svg_path(99999)


def test_threads_draw_the_same_glyphs() -> None:
    """A fresh face shared by several threads gives every thread the same outlines."""
    face = glyphs.Face(glyphs.BOLD)
    text = "Alice Борис 0123456789 Crawford Ход: белые ΑΩ"
    found = [face.glyph_id(c) for c in text]
    indices = [index for index in found if index is not None]
    assert len(indices) == len(text)
    shared = glyphs.face(True)  # another face of the same file, read before the threads start
    expected = [shared.glyph(index) for index in indices]
    barrier = threading.Barrier(6)
    seen: list[list[glyphs.Glyph]] = []

    def draw() -> None:
        barrier.wait()
        seen.append([face.glyph(index) for index in indices])

    threads = [threading.Thread(target=draw) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen == [expected] * 6


def test_fonttools_is_for_tests_only() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert not any(d.lower().startswith("fonttools") for d in project["dependencies"])
    assert any(d.lower().startswith("fonttools") for d in project["optional-dependencies"]["test"])
    for folder in ("engine", "renderers", "bot", "benchmarks"):
        for source in (ROOT / folder).rglob("*.py"):
            text = source.read_text(encoding="utf-8")
            assert not re.search(r"^\s*(import|from) fontTools", text, re.MULTILINE), source


def test_rendering_does_not_import_fonttools() -> None:
    code = (
        "import sys; from renderers import glyphs, render_png, render_svg; "
        "glyphs.outline('Alice 5', 0, 0, size=12, bold=True, anchor='start', fill='#000'); "
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'fontTools'))"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert proc.stdout.strip() == "[]"
