"""The PNG board: a valid image of the expected size, with checkers and text really drawn.

The PNG is decoded here with :mod:`zlib` (no imaging library): chunks, inflate, un-filter.
Text is checked to come from the fonts shipped in ``renderers/fonts``: without them no text
appears, since system fonts are never consulted.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

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
    find_theme,
    render_png,
    render_svg,
)
from renderers.glyphs import outline
from renderers.png import FONT_DIR, adler32_combine, keep_large_blocks, svg_to_png
from renderers.svg import draw

SIGNATURE = b"\x89PNG\r\n\x1a\n"


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
    if kind == 2:  # "Up", the encoder's own: added to the row above, modulo 256
        line[:] = (np.frombuffer(line, np.uint8) + np.frombuffer(prev, np.uint8)).tobytes()
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


def test_png_is_valid_1280_wide_and_small() -> None:
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
def test_checkers_background_and_text_are_drawn(theme: Theme) -> None:
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


def test_name_pixels_come_from_the_name() -> None:
    named = decode(render_png(BUSY, width=320))
    blank = decode(
        render_png(BoardView.seated(BUSY.position, on_roll=0, names=(" ", "Bob")), width=320)
    )
    box = (118 / 4, 996 / 4, 420 / 4, 1064 / 4)
    ink = rgb(LIGHT.text)
    assert named.count(box, ink) > 15
    assert blank.count(box, ink) == 0


def test_text_needs_only_the_shipped_fonts(monkeypatch: pytest.MonkeyPatch) -> None:
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
def test_other_tables_render(view: BoardView) -> None:
    data = render_png(view)
    assert struct.unpack(">II", data[16:24]) == (1280, svg_height(view))
    assert len(data) < 120_000


def test_bad_width_background_and_svg() -> None:
    with pytest.raises(RenderError):
        render_png(BUSY, width=10)
    with pytest.raises(RenderError):
        svg_to_png(render_svg(BUSY), background="white")
    with pytest.raises(RenderError):
        svg_to_png('<svg xmlns="http://www.w3.org/2000/svg"></svg>')
    with pytest.raises(RenderError):
        svg_to_png("no svg here")


def pixels(data: bytes) -> list[bytes]:
    return decode(data).rows


def differences(a: list[bytes], b: list[bytes]) -> tuple[int, int]:
    """(values that differ, the largest difference) between two decoded images."""
    assert len(a) == len(b)
    diff = np.abs(
        np.frombuffer(b"".join(a), np.uint8).astype(np.int16)
        - np.frombuffer(b"".join(b), np.uint8).astype(np.int16)
    )
    return int(np.count_nonzero(diff)), int(diff.max(initial=0))


@pytest.mark.parametrize("bands", [2, 3, 4])
def test_bands_draw_the_picture_drawn_whole(bands: int) -> None:
    """Cut into bands, the board decodes to the same pixels, up to anti-aliasing at the cuts."""
    svg = render_svg(BUSY, background=False, text_as_paths=True)
    whole = pixels(svg_to_png(svg, background=LIGHT.background, bands=1))
    cut = pixels(svg_to_png(svg, background=LIGHT.background, bands=bands))
    changed, worst = differences(whole, cut)
    assert changed < 0.001 * len(whole) * len(whole[0])
    assert worst <= 96


def test_bands_join_into_one_valid_stream() -> None:
    data = svg_to_png(render_svg(BUSY, background=False), background=DARK.background, bands=4)
    image = decode(data)  # zlib checks the joined stream's Adler-32
    assert image.channels == 4 and image.height == svg_height(BUSY)
    assert image.pixel(4, 4) == rgb(DARK.background)


@given(st.binary(max_size=300), st.binary(max_size=300))
def test_adler32_combine_is_zlibs(first: bytes, second: bytes) -> None:
    joined = adler32_combine(zlib.adler32(first), zlib.adler32(second), len(second))
    assert joined == zlib.adler32(first + second)


def test_transparent_page_is_straight_alpha() -> None:
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">'
        '<rect x="0" y="0" width="100" height="200" fill="#FF8000" fill-opacity="0.5"/></svg>'
    )
    image = decode(svg_to_png(svg))
    row = image.rows[100]
    assert tuple(row[40:44]) == (255, 128, 0, 128)  # colour un-premultiplied, alpha kept
    assert tuple(row[600:604]) == (0, 0, 0, 0)


def test_a_view_box_of_another_shape_is_fitted_not_stretched() -> None:
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 100 50">'
        '<rect width="100" height="50" fill="#000000"/></svg>'
    )
    image = decode(svg_to_png(svg, background="#FFFFFF", width=400, bands=4))
    assert (image.width, image.height) == (400, 400)
    assert image.pixel(200, 200)[:3] == (0, 0, 0)  # the box, centred
    assert image.pixel(200, 20)[:3] == (255, 255, 255)  # the margin above it


def test_allocator_keeps_large_blocks() -> None:
    assert keep_large_blocks() is True


def ink_box(image: Image, colour: tuple[int, int, int]) -> tuple[int, int, int, int]:
    xs: list[int] = []
    ys: list[int] = []
    for y in range(image.height):
        for x in range(image.width):
            if max(abs(a - b) for a, b in zip(image.pixel(x, y), colour, strict=True)) < 100:
                xs.append(x)
                ys.append(y)
    return min(xs), min(ys), max(xs), max(ys)


@pytest.mark.parametrize(
    ("content", "anchor", "bold"),
    [
        ("Алексей 167", "start", True),
        ("pips", "end", False),
        ("Match to 7 · Crawford", "middle", True),
        ("AVAVA Tw", "start", False),  # kerned pairs
    ],
)
def test_outlined_text_sits_where_resvg_sets_it(content: str, anchor: str, bold: bool) -> None:
    """The glyph paths land on the pixels resvg's own text layout inks, within a pixel or two."""
    weight = ' font-weight="bold"' if bold else ""
    head = '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="80">'
    shaped = (
        f'{head}<text x="300" y="55" font-family="DejaVu Sans" font-size="40"{weight}'
        f' text-anchor="{anchor}" fill="#000000">{content}</text></svg>'
    )
    paths = outline(content, 300, 55, size=40, bold=bold, anchor=anchor, fill="#000000")
    assert paths is not None and "<text" not in paths
    by_resvg = decode(svg_to_png(shaped, background="#FFFFFF"))
    by_outline = decode(svg_to_png(f"{head}{paths}</svg>", background="#FFFFFF"))
    expected = ink_box(by_resvg, (0, 0, 0))
    got = ink_box(by_outline, (0, 0, 0))
    assert all(abs(a - b) <= 2 for a, b in zip(expected, got, strict=True)), (expected, got)


def test_board_text_is_inked_without_any_font_at_all(monkeypatch: pytest.MonkeyPatch) -> None:
    """With text as outlines the rasteriser needs no font: the names still appear."""
    monkeypatch.setattr(png_module, "FONT_FILES", ())
    png_module._font_database.cache_clear()
    try:
        image = decode(render_png(BUSY, width=320))
    finally:
        png_module._font_database.cache_clear()
    name_box = (118 / 4, 996 / 4, 420 / 4, 1064 / 4)
    assert image.count(name_box, rgb(LIGHT.text)) > 15


def test_a_forked_child_draws_with_a_pool_of_its_own() -> None:
    import os

    render_png(BUSY, width=320)  # the parent's pool exists
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child reports by its exit status
        try:
            ok = decode(render_png(BUSY, width=320)).width == 320
        except BaseException:
            ok = False
        os._exit(0 if ok else 1)
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0


def random_boards(count: int, seed: int) -> list[BoardView]:
    """Boards from random games of both variants (with dice, cube, score, the last play)."""
    from benchmarks.render import boards

    return boards(count, seed)


def whole_picture(view: BoardView, **options: object) -> list[bytes]:
    """The board drawn in one piece, without the band cache."""
    theme = find_theme(str(options.get("theme", "light")))
    svg = render_svg(
        view,
        background=False,
        text_as_paths=True,
        theme=theme,
        orientation=options.get("orientation", "right"),  # type: ignore[arg-type]
    )
    width = int(options.get("width", 1280))  # type: ignore[call-overload]
    return pixels(svg_to_png(svg, background=theme.background, width=width, bands=1))


@pytest.mark.parametrize(
    "options",
    [{}, {"orientation": "left", "theme": "dark"}, {"width": 640}],
    ids=["light", "dark-left", "half-size"],
)
def test_a_board_drawn_in_cached_bands_is_the_board_drawn_whole(options: dict[str, object]) -> None:
    """Each band and tile holds only the elements measured to paint it: nothing is left out.

    Drawn in bands, a board differs from the board drawn whole only by anti-aliasing: edge
    pixels set a little differently (a band is drawn with its own offset), and beside the cuts
    between bands a few pixels more (where the band's edge clips a shape).  An element left out
    would change hundreds of pixels entirely, away from the cuts too."""
    png_module.BAND_CACHE.clear()
    png_module.TILE_CACHE.clear()
    views = [*random_boards(6, seed=11), BUSY]
    views.append(
        BoardView.seated(
            Position.initial(),
            on_roll=0,
            names=("Cap", "Box"),
            chouette=ChouetteView("Box", (ChouetteMember("Cap"), ChouetteMember("X", False))),
        )
    )
    width = int(options.get("width", 1280))  # type: ignore[call-overload]
    for view in views * 2:  # the second time, bands are joined from the tiles of the first
        cut = pixels(render_png(view, **options))  # type: ignore[arg-type]
        changed, worst = differences(whole_picture(view, **options), cut)
        assert changed < 0.005 * len(cut) * len(cut[0]), (changed, worst)
        drawing = draw(view, background=False, text_as_paths=True, measure=True)
        scale = width / drawing.width
        edges = np.array([round(edge * scale) for edge in drawing.band_edges()])
        whole = np.frombuffer(b"".join(whole_picture(view, **options)), np.uint8)
        banded = np.frombuffer(b"".join(cut), np.uint8)
        diff = np.abs(whole.astype(np.int16) - banded).reshape(len(cut), width, 4).max(axis=2)
        ys, _ = np.nonzero(diff > 64)
        beside = [y for y in ys if np.abs(edges - y).min() <= 3]
        assert len(beside) == len(ys) <= 16, ys  # pixels that differ by more than 64


def test_bands_drawn_once_are_reused() -> None:
    png_module.BAND_CACHE.clear()
    first = render_png(BUSY)
    drawn = png_module.BAND_CACHE.misses
    assert png_module.BAND_CACHE.hits == 0 and drawn >= 12
    assert render_png(BUSY) == first  # the same bytes, every band from the cache
    assert png_module.BAND_CACHE.misses == drawn
    # one checker of the viewer's moves from his 8 point to his 5 point: few rows change
    moved = BoardView.seated(
        Position.from_points({6: 4, 8: 1, 13: 4, 24: 1, 5: 3, 25: 1}, {6: 5, 8: 3, 13: 6, 3: 1}),
        on_roll=0,
        names=("Алексей", "Bob"),
        dice=(5, 3),
        cube=CubeView(2, owner=1),
        score=MatchScore(7, (3, 5)),
    )
    render_png(moved)
    redrawn = png_module.BAND_CACHE.misses - drawn
    assert 1 <= redrawn <= 6, redrawn  # the two checkers' rows and the pip counts' strip


BandCache = png_module._Cache[png_module._Band]
TileCache = png_module._Cache[np.ndarray[Any, Any]]


def test_the_caches_stay_within_their_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    bands: BandCache = png_module._Cache(60_000, lambda band: len(band.data))
    tiles: TileCache = png_module._Cache(400_000, lambda tile: int(tile.nbytes))
    monkeypatch.setattr(png_module, "BAND_CACHE", bands)
    monkeypatch.setattr(png_module, "TILE_CACHE", tiles)
    for view in random_boards(4, seed=5):
        render_png(view)
        assert bands._size <= bands.limit and tiles._size <= tiles.limit
    assert 0 < len(bands) < 4 * 30 and len(tiles) > 0


def test_the_caches_take_the_limit_they_are_given(monkeypatch: pytest.MonkeyPatch) -> None:
    """``RENDER_CACHE_MB`` (``set_cache_limit``): a fifth for bands, the rest for tiles; the
    parts beyond a smaller limit go at once, and with none kept every board is still drawn."""
    bands: BandCache = png_module._Cache(png_module.CACHE_BYTES, lambda band: len(band.data))
    tiles: TileCache = png_module._Cache(png_module.TILE_CACHE_BYTES, lambda tile: int(tile.nbytes))
    monkeypatch.setattr(png_module, "BAND_CACHE", bands)
    monkeypatch.setattr(png_module, "TILE_CACHE", tiles)
    first = [render_png(view) for view in random_boards(3, seed=7)]
    assert bands._size > 100_000 and tiles._size > 1_000_000
    png_module.set_cache_limit(500_000)
    assert (bands.limit, tiles.limit) == (100_000, 400_000)
    assert bands._size <= 100_000 and tiles._size <= 400_000
    stats = png_module.cache_stats()
    assert stats["band"].bytes == bands._size and stats["tile"].limit == 400_000
    png_module.set_cache_limit(0)
    assert len(bands) == len(tiles) == 0
    assert [render_png(view) for view in random_boards(3, seed=7)] == first
    assert len(bands) == len(tiles) == 0
    with pytest.raises(ValueError):
        png_module.set_cache_limit(-1)


def test_bands_put_together_from_tiles_are_the_bands_rasterised(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A band not drawn before whose every tile was is joined from the tiles, not rasterised,
    and comes out the same, byte for byte: only the untiled rows (caption, strips, point
    numbers) are rasterised again."""
    views = [BUSY, *random_boards(3, seed=31)]
    png_module.BAND_CACHE.clear()
    png_module.TILE_CACHE.clear()
    first = [render_png(view) for view in views]
    png_module.BAND_CACHE.clear()
    rasterised: list[int] = []
    real = png_module._rasterise

    def counted(svg: str, background: str | None) -> np.ndarray:
        image = real(svg, background)
        rasterised.append(image.shape[0])
        return image

    monkeypatch.setattr(png_module, "_rasterise", counted)
    hits = png_module.TILE_CACHE.hits
    assert [render_png(view) for view in views] == first
    assert png_module.TILE_CACHE.hits - hits >= len(views) * 10 * 15
    # per board at most the rows not tiled: the caption, the two strips, the margin below
    assert len(rasterised) <= 4 * len(views), rasterised


def test_the_boxes_measured_hold_everything_each_element_paints() -> None:
    """Each element drawn alone paints nothing outside the box measured for it (a pixel of
    anti-aliasing aside): a band or a tile holds every element that paints it.  Text set as
    outlines and text left to resvg (a right-to-left name with a combining mark) alike."""
    views = [BUSY, *random_boards(2, seed=41)]
    views.append(
        BoardView.seated(
            Position.initial(),
            on_roll=1,
            names=("Ёжик", "שלום עליכם ́x"),
            cube=CubeView(2, offered_by=1),
            chouette=ChouetteView("Box", (ChouetteMember("Cap", total=3), ChouetteMember("X"))),
        )
    )
    sides: tuple[Literal["right", "left"], ...] = ("right", "left", "right", "left")
    for view, orientation in zip(views, sides, strict=True):
        drawing = draw(
            view, orientation=orientation, background=False, text_as_paths=True, measure=True
        )
        for item, box in drawing.items:
            if box is None:
                continue
            alone = png_module._rasterise(
                f'<svg xmlns="http://www.w3.org/2000/svg" width="{drawing.width}"'
                f' height="{drawing.height}">{item}</svg>',
                None,
            )
            ys, xs = np.nonzero(alone[:, :, 3])
            if len(ys):
                assert box[0] - 1 <= ys.min() and ys.max() + 1 <= box[1] + 1, (item[:80], box)
                assert box[2] - 1 <= xs.min() and xs.max() + 1 <= box[3] + 1, (item[:80], box)


def test_pictures_drawn_from_many_threads_at_once_are_the_pictures_drawn_alone() -> None:
    """More callers than cores: they take turns on the cores, and every picture comes out."""
    from concurrent.futures import ThreadPoolExecutor

    views = random_boards(12, seed=21)
    png_module.BAND_CACHE.clear()
    png_module.TILE_CACHE.clear()
    alone = [render_png(view) for view in views]
    png_module.BAND_CACHE.clear()
    png_module.TILE_CACHE.clear()
    with ThreadPoolExecutor(6) as pool:
        together = list(pool.map(render_png, views))
    assert together == alone
    assert png_module._cores._idle == png_module.BANDS and not png_module._cores._line
