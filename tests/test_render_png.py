"""The PNG board: a valid image of the expected size, with checkers and text really drawn.

The PNG is decoded here with :mod:`zlib` (no imaging library): chunks, inflate, un-filter.
Text is checked to come from the fonts shipped in ``renderers/fonts``: without them no text
appears, since system fonts are never consulted.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass

import pytest

import renderers.png as png_module
from engine import Position
from engine.nardy import LongNardyPosition
from renderers import (
    DARK,
    LIGHT,
    BoardView,
    ChouetteMember,
    ChouetteView,
    CubeView,
    MatchScore,
    RenderError,
    Theme,
    render_png,
    render_svg,
)
from renderers.png import (
    FONT_DIR,
    Rasteriser,
    rasterise_resvg_py,
    rasterise_svg2png,
    svg_to_png,
)

SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(params=[rasterise_svg2png, rasterise_resvg_py], ids=["svg2png", "resvg_py"])
def backend(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Rasteriser:
    """Each test runs with both bindings of resvg."""
    rasterise: Rasteriser = request.param
    monkeypatch.setattr(png_module, "RASTERISE", rasterise)
    return rasterise


@dataclass
class Image:
    width: int
    height: int
    channels: int
    rows: list[bytes]

    def pixel(self, x: float, y: float) -> tuple[int, ...]:
        row = self.rows[int(y)]
        i = int(x) * self.channels
        return tuple(row[i : i + 3])

    def count(self, box: tuple[float, float, float, float], colour: tuple[int, int, int]) -> int:
        """Pixels in ``box`` (x0, y0, x1, y1) within a small distance of ``colour``."""
        x0, y0, x1, y1 = (int(v) for v in box)
        return sum(
            1
            for y in range(y0, y1)
            for x in range(x0, x1)
            if max(abs(a - b) for a, b in zip(self.pixel(x, y), colour, strict=True)) < 48
        )


def decode(data: bytes) -> Image:
    assert data[:8] == SIGNATURE
    pos, idat, header = 8, b"", None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length : pos + 12 + length])
        assert zlib.crc32(kind + body) == crc
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    assert header is not None
    width, height, depth, colour_type, _, _, interlace = header
    assert depth == 8 and colour_type in (2, 6) and interlace == 0
    channels = 4 if colour_type == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * channels
    assert len(raw) == height * (stride + 1)
    rows: list[bytes] = []
    prev = bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        unfilter(kind, line, prev, channels)
        rows.append(bytes(line))
        prev = line
    return Image(width, height, channels, rows)


def unfilter(kind: int, line: bytearray, prev: bytearray, bpp: int) -> None:
    if kind == 0:
        return
    for i in range(len(line)):
        left = line[i - bpp] if i >= bpp else 0
        up = prev[i]
        if kind == 1:
            line[i] = (line[i] + left) & 0xFF
        elif kind == 2:
            line[i] = (line[i] + up) & 0xFF
        elif kind == 3:
            line[i] = (line[i] + (left + up) // 2) & 0xFF
        elif kind == 4:
            corner = prev[i - bpp] if i >= bpp else 0
            p = left + up - corner
            pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
            pred = left if pa <= pb and pa <= pc else (up if pb <= pc else corner)
            line[i] = (line[i] + pred) & 0xFF
        else:
            raise AssertionError(f"bad filter {kind}")


def rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def svg_height(view: BoardView) -> int:
    import xml.etree.ElementTree as ET

    return int(ET.fromstring(render_svg(view)).attrib["height"])


BUSY = BoardView.seated(
    Position.from_points({6: 4, 8: 2, 13: 4, 24: 1, 5: 2, 25: 1}, {6: 5, 8: 3, 13: 6, 3: 1}),
    on_roll=0,
    names=("Алексей", "Bob"),
    dice=(5, 3),
    cube=CubeView(2, owner=1),
    score=MatchScore(7, (3, 5)),
)


def test_png_is_valid_1280_wide_and_small(backend: Rasteriser) -> None:
    data = render_png(BUSY)
    img_header = struct.unpack(">II", data[16:24])
    assert data[:8] == SIGNATURE
    assert img_header == (1280, svg_height(BUSY))
    assert len(data) < 120_000
    image = decode(data)
    assert (image.width, image.height) == img_header


def close(pixel: tuple[int, ...], colour: str, tolerance: int = 24) -> bool:
    return max(abs(a - b) for a, b in zip(pixel, rgb(colour), strict=True)) < tolerance


@pytest.mark.parametrize("theme", [LIGHT, DARK], ids=lambda t: t.name)
def test_checkers_background_and_text_are_drawn(theme: Theme, backend: Rasteriser) -> None:
    image = decode(render_png(BUSY, theme=theme, width=320))
    scale = 320 / 1280
    assert image.width == 320
    assert image.pixel(4, 4) == rgb(theme.background)
    light, dark = theme.checkers
    # the viewer (light) has 4 on his 6 point, the opponent (dark) 6 on the viewer's 12 point
    bottom_y = (942 - 2 - 31) * scale
    assert close(image.pixel((676 + 40) * scale, bottom_y), light.fill)
    assert close(image.pixel((124 + 40) * scale, bottom_y), dark.fill)
    # an empty point's tip region shows the board, not a checker
    assert not close(image.pixel((124 + 3 * 80 + 40) * scale, bottom_y), dark.fill)
    # the names and pip counts are inked in the text colour
    name_box = (118 * scale, 996 * scale, 420 * scale, 1064 * scale)
    assert image.count(name_box, rgb(theme.text)) > 15
    pips_box = (880 * scale, 996 * scale, 990 * scale, 1064 * scale)
    assert image.count(pips_box, rgb(theme.text)) > 8


def test_name_pixels_come_from_the_name(backend: Rasteriser) -> None:
    named = decode(render_png(BUSY, width=320))
    blank = decode(
        render_png(BoardView.seated(BUSY.position, on_roll=0, names=(" ", "Bob")), width=320)
    )
    box = (118 / 4, 996 / 4, 420 / 4, 1064 / 4)
    ink = rgb(LIGHT.text)
    assert named.count(box, ink) > 15
    assert blank.count(box, ink) == 0


def test_text_needs_only_the_shipped_fonts(
    backend: Rasteriser, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert {p.name for p in FONT_DIR.iterdir()} >= {
        "DejaVuSans.ttf",
        "DejaVuSans-Bold.ttf",
        "LICENSE",
    }
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60">'
        '<rect width="200" height="60" fill="#ffffff"/>'
        '<text x="10" y="45" font-family="DejaVu Sans" font-size="40" font-weight="bold"'
        ' fill="#000000">Ж 167</text></svg>'
    )
    with_fonts = decode(svg_to_png(svg))
    assert with_fonts.count((0, 0, 200, 60), (0, 0, 0)) > 200
    monkeypatch.setattr(png_module, "FONT_FILES", ())
    png_module._font_database.cache_clear()
    without = decode(svg_to_png(svg))
    png_module._font_database.cache_clear()
    assert without.count((0, 0, 200, 60), (0, 0, 0)) == 0


@pytest.mark.parametrize(
    "view",
    [
        BoardView.seated(
            LongNardyPosition.initial(), on_roll=1, names=("A", "B"), cube=None, dice=(6, 6)
        ),
        BoardView.seated(
            Position.initial(),
            on_roll=0,
            names=("Cap", "Box"),
            chouette=ChouetteView(
                "Box", (ChouetteMember("Cap"), ChouetteMember("X", in_game=False))
            ),
        ),
    ],
    ids=["long_nardy", "chouette"],
)
def test_other_tables_render(view: BoardView, backend: Rasteriser) -> None:
    data = render_png(view)
    assert struct.unpack(">II", data[16:24]) == (1280, svg_height(view))
    assert len(data) < 120_000


def test_the_faster_binding_is_the_default() -> None:
    assert png_module.RASTERISE is rasterise_svg2png


def test_bad_width_and_background() -> None:
    with pytest.raises(RenderError):
        render_png(BUSY, width=10)
    with pytest.raises(RenderError):
        rasterise_svg2png(render_svg(BUSY), "white", None)
