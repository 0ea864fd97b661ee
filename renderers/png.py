"""The board as a PNG image: the SVG rasterised by resvg in bands, encoded here, bands reused.

The steps, each the fastest found for a 1280 × 1080 board on a 2-core machine:

1. **Text as outlines.**  :func:`render_png` asks :func:`renderers.svg.draw` for the board with
   its text already set as glyph paths of the shipped DejaVu Sans (:mod:`renderers.glyphs`);
   text that needs shaping is left as ``<text>`` and set by resvg with the same shipped fonts.
   System fonts are never consulted: every name and number appears the same on any machine, with
   or without fonts installed.
2. **Bands and tiles.**  The drawing is *measured* (each element with the box it paints) and
   cut along the board's own rows: the strips, the point numbers, each row of checkers, the
   dice.  A band's SVG holds only the elements painting its rows, so they say all the band
   shows, and a band drawn before is taken from :data:`BAND_CACHE`.  From the point numbers to
   the field's last row a band is also cut along the columns (each point, the bar, the cube's
   column, the trays), and a band of checkers once more below where two rows of checkers
   touch, into tiles: a band not drawn before whose every tile was (one point's part of a row,
   seen in some other position or from the other seat) is joined from :data:`TILE_CACHE`
   instead of rasterised.  The bands still to draw are shared
   between the idle cores (resvg and zlib-ng work without the interpreter lock); pictures take
   turns on the cores (:class:`_Cores`).  :func:`svg_to_png`, for any SVG, cuts the picture
   evenly, one band per core.
3. **Rasterising** with ``svg2png-py`` (resvg, one font database kept for the process) to raw RGBA.
4. **Encoding**: each row is filtered against the row above (PNG filter "Up", which turns the
   board's flat areas into zeros; a band's first row is left unfiltered, so no band depends on
   another's pixels) and the band deflated by zlib-ng at level 2, ending on a byte boundary (a
   sync flush).  The bands' data are joined into one stream (pigz's way), closed by an empty
   final block, with their Adler-32 sums combined.  About 4 ms and 100 KB for a whole board,
   where resvg's own encoder (zlib at its default level) takes 40 ms.

Rasterising allocates megabytes of pixels per board.  glibc serves blocks that large by mapping
fresh pages, which the kernel must zero on first touch (a few milliseconds per board), then gives
them back; :func:`keep_large_blocks` tunes it once so such blocks are reused instead.
"""

from __future__ import annotations

import bisect
import ctypes
import itertools
import os
import re
import struct
import sys
import threading
from collections import OrderedDict, deque
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any, Generic, TypeVar

import numpy as np
import svg2png_py
from zlib_ng import zlib_ng

from renderers.glyphs import BOLD, FONT_DIR, REGULAR
from renderers.svg import WIDTH, Drawing, Extent, draw
from renderers.theme import Theme, find_theme
from renderers.view import BoardView, Orientation, RenderError

FONT_FILES: tuple[str, ...] = (str(REGULAR), str(BOLD))
FONT_FAMILY = "DejaVu Sans"
COMPRESSION_LEVEL = 2
"""zlib-ng level for the image data: 2 is the knee of size against time for these boards."""
BANDS = max(1, min(4, os.cpu_count() or 1))
"""Bands a picture is cut into by default: one per core, at most four."""
MIN_BAND_ROWS = 64
MIN_PARALLEL_BANDS = 4
CACHE_BYTES = 8 << 20
"""What the bands kept for reuse may take (their deflated rows, mostly); see
:func:`set_cache_limit`."""
TILE_CACHE_BYTES = 32 << 20
"""What the tiles kept for reuse may take (their pixels, mostly)."""

_T = TypeVar("_T")

_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_NONE, _UP = 0, 2  # PNG filter types
_FINAL_BLOCK = b"\x03\x00"  # an empty final block (fixed codes): the end of the stream
_ZLIB_HEADER = b"\x78\x01"  # deflate, 32 KB window, no dictionary (the level hint is advisory)
_ENTRY_BYTES = 200  # a cached part's record and bookkeeping, besides its data and key
_ADLER_BASE = 65521

__all__ = [
    "BANDS",
    "BAND_CACHE",
    "FONT_DIR",
    "FONT_FILES",
    "TILE_CACHE",
    "CacheStats",
    "adler32_combine",
    "cache_stats",
    "draw_png",
    "keep_large_blocks",
    "render_png",
    "set_cache_limit",
    "svg_to_png",
]


def _colour(colour: str) -> tuple[int, int, int, int]:
    if not re.fullmatch(r"#[0-9A-Fa-f]{6}", colour):
        raise RenderError(f"background must be a #RRGGBB colour, not {colour!r}")
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16), 255


_tuned = False
_tune_lock = threading.Lock()


def keep_large_blocks() -> bool:
    """Let glibc reuse freed pixel buffers instead of mapping fresh pages for each picture.

    Blocks of up to 32 MB come from the heap (not from fresh mappings), a heap keeps up to
    32 MB free before giving memory back (a picture drawn in one band holds about 17 MB at
    once), and at most two heaps ("arenas") are made, so the threads that draw share them.
    Measured here: about 35 MB more resident memory after drawing in four threads than
    untuned, against some 3,000 page faults less per picture.

    Called when this module is imported, before the threads that draw exist (glibc gives a
    thread its arena at its first allocation).  Returns whether the allocator is tuned
    (``False`` off glibc, e.g. on macOS or musl, where nothing is changed).
    """
    global _tuned
    with _tune_lock:
        if _tuned or not sys.platform.startswith("linux"):
            return _tuned
        try:
            mallopt = ctypes.CDLL("libc.so.6").mallopt
        except (OSError, AttributeError):
            return False
        m_trim_threshold, m_mmap_threshold, m_arena_max = -1, -3, -8
        mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
        mallopt.restype = ctypes.c_int
        _tuned = all(
            mallopt(option, value)
            for option, value in (
                (m_mmap_threshold, 32 << 20),
                (m_trim_threshold, 32 << 20),
                (m_arena_max, 2),
            )
        )
        return _tuned


keep_large_blocks()


@lru_cache(maxsize=4)
def _font_database(files: tuple[str, ...]) -> Any:
    database = svg2png_py.FontDatabase()
    for path in files:
        database.load_font_file(path)
    return database


_pool: ThreadPoolExecutor | None = None
_pool_lock = threading.Lock()


def _executor() -> ThreadPoolExecutor:
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = ThreadPoolExecutor(max_workers=max(1, BANDS), thread_name_prefix="png-band")
        return _pool


def _forget_pool() -> None:
    """A forked child has none of its parent's threads: it starts a pool of its own."""
    global _pool, _pool_lock, _cores
    _pool, _pool_lock, _cores = None, threading.Lock(), _Cores(BANDS)


os.register_at_fork(after_in_child=_forget_pool)


class _Cores:
    """The cores pictures are drawn on, handed out in turn.

    A picture takes the idle cores it can use (two when the machine is quiet: its bands are
    drawn side by side), or waits in line for one.  So no more pictures are drawn at once than
    there are cores — more would only take turns on them, each slower — and the first to ask
    is the first served.
    """

    def __init__(self, count: int) -> None:
        self._idle = count
        self._lock = threading.Lock()
        self._line: deque[tuple[threading.Event, list[int]]] = deque()

    def take(self, wanted: int) -> int:
        with self._lock:
            if self._idle and not self._line:
                got = max(1, min(wanted, self._idle))
                self._idle -= got
                return got
            turn: tuple[threading.Event, list[int]] = (threading.Event(), [0])
            self._line.append(turn)
        turn[0].wait()
        return turn[1][0]

    def give_back(self, count: int) -> None:
        with self._lock:
            self._idle += count
            while self._line and self._idle:
                event, got = self._line.popleft()
                got[0] = 1
                self._idle -= 1
                event.set()

    @contextmanager
    def held(self, wanted: int) -> Iterator[int]:
        got = self.take(wanted)
        try:
            yield got
        finally:
            self.give_back(got)


_cores = _Cores(BANDS)


# -- the picture's geometry -----------------------------------------------------------------------

_ROOT = re.compile(r"<svg\b[^>]*>")
_ATTR = re.compile(r'\s(width|height|viewBox|preserveAspectRatio)="([^"]*)"')


@dataclass(frozen=True, slots=True)
class _Frame:
    """The SVG's root element taken apart: the picture is ``width × height`` pixels."""

    head: str  # the document up to the root element's name
    rest: str  # the root element's other attributes and everything after it
    width: int
    height: int
    view: tuple[float, float, float, float]  # the view box: x, y, width, height
    fitted: str | None  # preserveAspectRatio when the view box does not fill the page exactly

    @property
    def splittable(self) -> bool:
        return self.fitted is None

    def band(self, top: int, bottom: int) -> str:
        """The SVG of pixel rows ``top`` to ``bottom`` (exclusive) of the picture."""
        vx, vy, vw, vh = self.view
        if self.fitted is not None:  # drawn whole, only resized
            box = f"{vx:g} {vy:g} {vw:g} {vh:g}"
            return (
                f'{self.head} width="{self.width}" height="{self.height}" viewBox="{box}"'
                f' preserveAspectRatio="{self.fitted}"{self.rest}'
            )
        scale = vh / self.height
        box = f"{vx:g} {vy + top * scale:.6f} {vw:g} {(bottom - top) * scale:.6f}"
        return (
            f'{self.head} width="{self.width}" height="{bottom - top}" viewBox="{box}"'
            f' preserveAspectRatio="none"{self.rest}'
        )


def _frame(svg: str, width: int | None) -> _Frame:
    tag = _ROOT.search(svg)
    if tag is None:
        raise RenderError("the SVG has no root element")
    attrs = dict(_ATTR.findall(tag.group(0)))
    try:
        w, h = float(attrs["width"]), float(attrs["height"])
        box = attrs.get("viewBox", f"0 0 {w} {h}").replace(",", " ").split()
        view = (float(box[0]), float(box[1]), float(box[2]), float(box[3]))
    except (KeyError, ValueError, IndexError) as exc:
        raise RenderError("the SVG's root element needs a width and a height in pixels") from exc
    if len(box) != 4 or min(w, h, view[2], view[3]) <= 0:
        raise RenderError("the SVG's root element has a bad size or view box")
    fitted = attrs.get("preserveAspectRatio", "xMidYMid meet")
    if fitted == "none" or abs(view[2] * h - view[3] * w) < 1e-6 * view[3] * w:
        fitted = None
    out_w = round(w) if width is None else width
    root = _ATTR.sub("", tag.group(0))
    return _Frame(
        head=svg[: tag.start()] + root[:4],
        rest=root[4:] + svg[tag.end() :],
        width=out_w,
        height=max(1, round(h * out_w / w)),
        view=view,
        fitted=fitted,
    )


# -- bands ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Band:
    data: bytes  # raw deflate
    adler: int  # Adler-32 of the filtered rows
    length: int  # bytes of filtered rows


def _rasterise(svg: str, background: str | None) -> np.ndarray[Any, Any]:
    """The SVG's pixels as resvg draws them: ``(height, width, 4)`` premultiplied RGBA."""
    pixels, w, h = svg2png_py.svg_to_rgba(
        svg,
        _font_database(FONT_FILES),
        bg_color=None if background is None else _colour(background),
        options=svg2png_py.RenderOptions(font_family=FONT_FAMILY),
    )
    return np.frombuffer(pixels, dtype=np.uint8).reshape(h, w, 4)


def _encode_band(svg: str, background: str | None) -> _Band:
    """Rasterise one band as RGBA (straight alpha when the page is left transparent) and
    deflate its rows (see :func:`_deflate`)."""
    image = _rasterise(svg, background)
    return _deflate(image if background is not None else _straight(image))


def _deflate(image: np.ndarray[Any, Any]) -> _Band:
    """Deflate a band's RGBA pixels (``(height, width, 4)``, contiguous), the first row
    unfiltered and the others "Up".

    The deflate data ends on a byte boundary without a final block (a sync flush), so bands
    join in any order and a band drawn once serves any picture it belongs to.
    """
    h = image.shape[0]
    flat = image.reshape(h, -1)
    rows = np.empty((h, 1 + flat.shape[1]), dtype=np.uint8)
    rows[0, 0] = _NONE  # a band stands on its own: its first row refers to no other band's
    rows[0, 1:] = flat[0]
    rows[1:, 0] = _UP
    np.subtract(flat[1:], flat[:-1], out=rows[1:, 1:])  # modulo 256, as PNG wants
    compressor = zlib_ng.compressobj(COMPRESSION_LEVEL, zlib_ng.DEFLATED, -15)
    data = compressor.compress(rows.data) + compressor.flush(zlib_ng.Z_SYNC_FLUSH)
    return _Band(data, zlib_ng.adler32(rows.data), rows.size)


def _straight(rgba: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """Premultiplied RGBA (resvg's) as straight RGBA (PNG's)."""
    alpha = rgba[:, :, 3:4].astype(np.uint16)
    colour = (rgba[:, :, :3].astype(np.uint16) * 255 + alpha // 2) // np.maximum(alpha, 1)
    return np.concatenate([np.minimum(colour, 255).astype(np.uint8), rgba[:, :, 3:4]], axis=2)


def adler32_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two strings joined, from the sums of each (zlib's ``adler32_combine``)."""
    rem = second_length % _ADLER_BASE
    a1, b1 = first & 0xFFFF, first >> 16
    a2, b2 = second & 0xFFFF, second >> 16
    a = (a1 + a2 + _ADLER_BASE - 1) % _ADLER_BASE
    b = (rem * a1 + b1 + b2 + _ADLER_BASE - rem) % _ADLER_BASE
    return a | (b << 16)


def _chunk(kind: bytes, *body: bytes) -> list[bytes]:
    """A PNG chunk of type ``kind`` holding ``body`` (its pieces joined), as pieces to join."""
    crc = zlib_ng.crc32(kind)
    for piece in body:
        crc = zlib_ng.crc32(piece, crc)
    length = sum(map(len, body))
    return [struct.pack(">I", length), kind, *body, struct.pack(">I", crc)]


def svg_to_png(
    svg: str,
    *,
    background: str | None = None,
    width: int | None = None,
    bands: int | None = None,
) -> bytes:
    """Rasterise an SVG document with the shipped fonts only (scaled to ``width`` if given).

    With a ``background`` colour the page is painted; without, it is left transparent.  The image
    is cut into ``bands`` drawn and compressed in parallel; by default into one band per core it
    is given (see :class:`_Cores`).  The result decodes to the same pixels whatever the number
    of bands.
    """
    if width is not None and not 64 <= width <= 4096:
        raise RenderError(f"PNG width must be 64 to 4096 pixels, not {width}")
    frame = _frame(svg, width)
    count = max(1, min(bands or BANDS, frame.height // MIN_BAND_ROWS)) if frame.splittable else 1
    if bands is not None:  # as many bands as asked for, drawn at once
        jobs = [frame.band(top, bottom) for top, bottom in _cuts(frame.height, count)]
        parts = _draw_bands(jobs, background, cores=count)
    else:
        with _cores.held(count) as cores:
            jobs = [frame.band(top, bottom) for top, bottom in _cuts(frame.height, cores)]
            parts = _draw_bands(jobs, background, cores=cores)
    return _png(frame.width, frame.height, parts)


def _cuts(height: int, count: int) -> list[tuple[int, int]]:
    edges = [height * i // count for i in range(count + 1)]
    return list(itertools.pairwise(edges))


def _draw_bands(jobs: list[str], background: str | None, *, cores: int) -> list[_Band]:
    """Each band's SVG drawn and deflated, in order, shared between ``cores`` cores."""
    return _share([partial(_encode_band, job, background) for job in jobs], cores=cores)


def _share(jobs: list[Callable[[], _T]], *, cores: int) -> list[_T]:
    """The jobs' results, in order, the jobs shared between ``cores`` cores (this thread and
    the band pool's) in runs of neighbours."""
    ways = max(1, min(cores, len(jobs)))
    if ways == 1:
        return [job() for job in jobs]
    edges = [len(jobs) * i // ways for i in range(ways + 1)]
    shares = [jobs[a:b] for a, b in itertools.pairwise(edges)]

    def run(share: list[Callable[[], _T]]) -> list[_T]:
        return [job() for job in share]

    others: list[Future[list[_T]]] = [_executor().submit(run, s) for s in shares[1:]]
    done = run(shares[0])
    for other in others:
        done += other.result()
    return done


def _png(width: int, height: int, parts: list[_Band]) -> bytes:
    """The PNG file of bands deflated apart: one zlib stream, their Adler-32 sums combined."""
    adler = 1  # the Adler-32 of nothing
    for part in parts:
        adler = adler32_combine(adler, part.adler, part.length)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    data = (_ZLIB_HEADER, *(p.data for p in parts), _FINAL_BLOCK, struct.pack(">I", adler))
    return b"".join(
        (_SIGNATURE, *_chunk(b"IHDR", header), *_chunk(b"IDAT", *data), *_chunk(b"IEND"))
    )


@dataclass(frozen=True, slots=True)
class CacheStats:
    """A cache of picture parts: lookups that found a part or not, the parts held, the bytes
    they take (as the cache counts them) and its limit."""

    hits: int
    misses: int
    entries: int
    bytes: int
    limit: int


def cache_stats() -> dict[str, CacheStats]:
    """The band and tile caches' figures, by name (``band``, ``tile``)."""
    return {"band": BAND_CACHE.stats(), "tile": TILE_CACHE.stats()}


def set_cache_limit(total: int) -> None:
    """Let the band and tile caches take ``total`` bytes together: a fifth for bands, the rest
    for tiles (0: nothing is kept, every board is drawn from scratch)."""
    if total < 0:
        raise ValueError(f"a cache limit is a number of bytes, not {total}")
    BAND_CACHE.resize(total // 5)
    TILE_CACHE.resize(total - total // 5)


class _Cache(Generic[_T]):
    """Parts of pictures already drawn, by their exact description, least recently used first
    out, within ``limit`` bytes (``size`` tells what one entry takes)."""

    def __init__(self, limit: int, size: Callable[[_T], int]) -> None:
        self.limit = limit
        self.hits = self.misses = 0
        self._size_of = size
        self._entries: OrderedDict[tuple[object, ...], tuple[_T, int]] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()

    def get(self, key: tuple[object, ...]) -> _T | None:
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                self.misses += 1
                return None
            self.hits += 1
            self._entries.move_to_end(key)
            return entry[0]

    def put(self, key: tuple[object, ...], value: _T) -> None:
        size = _ENTRY_BYTES + 8 * len(key) + self._size_of(value)
        with self._lock:
            if key in self._entries:
                return
            self._entries[key] = (value, size)
            self._size += size
            self._evict()

    def __len__(self) -> int:
        return len(self._entries)

    def resize(self, limit: int) -> None:
        """Let the cache take ``limit`` bytes from now on (the oldest parts go at once)."""
        with self._lock:
            self.limit = max(0, limit)
            self._evict()

    def _evict(self) -> None:
        """The oldest parts out until the rest fit the limit (the lock held)."""
        while self._size > self.limit and self._entries:
            _, (_, old) = self._entries.popitem(last=False)
            self._size -= old

    def stats(self) -> CacheStats:
        """What the cache holds and how often it was asked, now."""
        with self._lock:
            return CacheStats(self.hits, self.misses, len(self._entries), self._size, self.limit)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self._size = self.hits = self.misses = 0


BAND_CACHE: _Cache[_Band] = _Cache(CACHE_BYTES, lambda band: len(band.data))
"""Bands drawn, deflated: a band whose every element is the same is not drawn again."""
TILE_CACHE: _Cache[np.ndarray[Any, Any]] = _Cache(TILE_CACHE_BYTES, lambda tile: tile.nbytes)
"""Tiles drawn (a band's part between two column edges), as RGBA pixels: a band not drawn
before whose every tile was is put together from them, not rasterised."""


def _spans(lows: list[float], highs: list[float], low: float, high: float) -> range:
    """The parts (between ``lows[i]`` and ``highs[i]``, both increasing) that ``low`` to
    ``high`` overlaps."""
    return range(bisect.bisect_right(highs, low), bisect.bisect_left(lows, high))


def _reach(parts: list[tuple[int, int]], scale: float) -> tuple[list[float], list[float]]:
    """Where elements that paint pixels ``parts`` (first included, last not) may lie, in SVG
    units: a shape's edge paints the pixel it crosses, anti-aliased, so one pixel more."""
    margin = 1 / scale
    return [a / scale - margin for a, _ in parts], [b / scale + margin for _, b in parts]


def _pixel_edges(edges: list[int], scale: float, end: int) -> list[tuple[int, int]]:
    cuts = sorted({0, end, *(min(end, max(0, round(e * scale))) for e in edges)})
    return list(itertools.pairwise(cuts))


def draw_png(drawing: Drawing, background: str, width: int = WIDTH) -> bytes:
    """The PNG of a measured :class:`~renderers.svg.Drawing`, cut into bands along its
    layout's rows and the bands into tiles along its columns.

    A band or tile holds only the elements that paint it (their measured boxes, anti-aliasing
    included), so the elements say all it shows:

    - a band drawn before (the same elements, page colour and scale) is taken deflated from
      :data:`BAND_CACHE`: from one board to the next the strips and the rows no checker left
      or reached;
    - a band whose every tile was drawn before is put together from :data:`TILE_CACHE` and
      deflated: a tile is one point's part of a checker row, whose few looks (empty, a checker
      of either colour, a ring, a count) come back whichever side is seen from below;
    - the others are rasterised whole, and their tiles kept.

    The bands to draw are shared with another core when no other picture is being drawn.
    Tiles are only ever cut out of bands rasterised whole, so a picture is the same, byte for
    byte, whatever was drawn before it.
    """
    if not 64 <= width <= 4096:
        raise RenderError(f"PNG width must be 64 to 4096 pixels, not {width}")
    scale = width / drawing.width
    height = max(1, round(drawing.height * scale))
    rows = _pixel_edges(drawing.band_edges(), scale, height)
    columns = _pixel_edges(drawing.column_edges(), scale, width)
    row_lows, row_highs = _reach(rows, scale)
    shown: list[list[tuple[str, Extent]]] = [[] for _ in rows]
    for item, box in drawing.items:
        if box is not None:
            entry = (sys.intern(item), box)
            for i in _spans(row_lows, row_highs, box[0], box[1]):
                shown[i].append(entry)
    page = (background, width, drawing.width)
    keys = [
        (*page, top, bottom, *(item for item, _ in band))
        for (top, bottom), band in zip(rows, shown, strict=True)
    ]
    found = [BAND_CACHE.get(key) for key in keys]
    missing = [i for i, band in enumerate(found) if band is None]
    if missing:
        low, high = (round(edge * scale) for edge in drawing.tiled_rows())
        cuts = [round(edge * scale) for edge in drawing.tile_row_edges()]
        jobs = [
            _band_job(
                drawing,
                page,
                rows[i],
                cuts,
                columns if low <= rows[i][0] and rows[i][1] <= high else [],
                shown[i],
                scale,
            )
            for i in missing
        ]
        # a few bands are drawn faster than they are handed to another core and back
        wanted = BANDS if len(missing) >= MIN_PARALLEL_BANDS else 1
        with _cores.held(wanted) as cores:
            drawn = _share(jobs, cores=cores)
        for i, band in zip(missing, drawn, strict=True):
            BAND_CACHE.put(keys[i], band)
            found[i] = band
    return _png(width, height, [band for band in found if band is not None])


_TileKey = tuple[object, ...]
_Place = tuple[int, int, int, int]  # a tile in its band: top, bottom, left, right


def _band_job(
    drawing: Drawing,
    page: tuple[str, int, int],
    rows: tuple[int, int],
    cuts: list[int],
    columns: list[tuple[int, int]],
    shown: list[tuple[str, Extent]],
    scale: float,
) -> Callable[[], _Band]:
    """How one band not drawn before is drawn: put together from its tiles (cut along
    ``columns``, and along ``cuts`` within its rows) if every one was drawn before, else
    rasterised whole (its tiles kept; none without ``columns``)."""
    top, bottom = rows
    lows, highs = _reach(columns, scale)
    places: list[_Place] = []
    keys: list[_TileKey] = []
    for a, b in itertools.pairwise([top, *(c for c in cuts if top < c < bottom), bottom]):
        inside: list[list[str]] = [[] for _ in columns]
        (low,), (high,) = _reach([(a, b)], scale)
        for item, box in shown:
            if box[0] < high and box[1] > low:
                for j in _spans(lows, highs, box[2], box[3]):
                    inside[j].append(item)
        for (left, right), items in zip(columns, inside, strict=True):
            places.append((a - top, b - top, left, right))
            keys.append((*page, a, b, left, right, *items))
    tiles = [TILE_CACHE.get(key) for key in keys]
    ready = [tile for tile in tiles if tile is not None]
    if tiles and len(ready) == len(tiles):
        return partial(_join_tiles, (bottom - top, page[1]), places, ready)
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{page[1]}" height="{bottom - top}"'
        f' viewBox="0 {top / scale:.6f} {drawing.width} {(bottom - top) / scale:.6f}"'
        f' preserveAspectRatio="none" font-family="{FONT_FAMILY}">'
        f"{''.join(item for item, _ in shown)}</svg>"
    )
    wanted = [(key, places[j]) for j, key in enumerate(keys) if tiles[j] is None]
    return partial(_rasterise_band, svg, page[0], wanted)


def _join_tiles(
    size: tuple[int, int], places: list[_Place], tiles: list[np.ndarray[Any, Any]]
) -> _Band:
    image = np.empty((*size, 4), dtype=np.uint8)
    for (top, bottom, left, right), tile in zip(places, tiles, strict=True):
        image[top:bottom, left:right] = tile
    return _deflate(image)


def _rasterise_band(svg: str, background: str, wanted: list[tuple[_TileKey, _Place]]) -> _Band:
    image = _rasterise(svg, background)  # the page is painted: premultiplied is straight
    for key, (top, bottom, left, right) in wanted:
        TILE_CACHE.put(key, image[top:bottom, left:right].copy())
    return _deflate(image)


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
    drawing = draw(
        view,
        viewer=viewer,
        theme=th,
        orientation=orientation,
        labels=labels,
        background=False,
        text_as_paths=True,
        measure=True,
    )
    return draw_png(drawing, th.background, width)
