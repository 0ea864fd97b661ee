"""Render time per board (SVG, PNG, text) and PNG size, over boards from random games.

Run ``python -m benchmarks.render [--boards N] [--png-boards N]``.
Targets: SVG < 2 ms, PNG < 15 ms per board.  The boards are random positions, each drawn once
(bands and tiles two boards share, such as the caption, an empty row or a point's one checker,
are reused from the renderer's caches as in the bot); also printed: the PNG of the boards of
whole games in turn, each seen by the seat on roll (as a table posts them), the PNG with the
caches emptied before each board, the PNG drawn in one band by one thread (what a board costs
when every core is busy), the rasterising alone, and boards per second with several callers
at once.
"""

from __future__ import annotations

import argparse
import collections
import itertools
import os
import random
import statistics
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor

import svg2png_py

from engine import Play, Position, legal_plays
from engine.nardy import LongNardyPosition
from renderers import (
    LIGHT,
    BoardView,
    CubeView,
    LastPlay,
    MatchScore,
    render_png,
    render_svg,
    render_text,
)
from renderers import png as png_module

Dice = tuple[int, int]
Turn = tuple[Position, int, LastPlay | None, Dice]
"""A position seen by the seat on roll, that seat, the play before, the dice to play."""


def _turns(rng: random.Random) -> Iterator[Turn]:
    """A random game of either variant, turn by turn: the position (seen by the seat on roll),
    that seat, the play before and the dice about to be played."""
    pos: Position = rng.choice([Position, LongNardyPosition]).initial()
    seat, last = 0, None
    while True:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        yield pos, seat, last, dice
        plays = legal_plays(pos, dice)
        play = rng.choice(plays) if plays else Play(())
        after = pos.after(play)
        if after.off()[1] == 15:
            return
        pos, last, seat = after, LastPlay(seat, play.steps), 1 - seat


def _seen(turn: Turn, cube: CubeView | None, score: MatchScore | None = None) -> BoardView:
    """The board of a turn of :func:`_turns` as the seat on roll sees it (no cube at nardy)."""
    pos, seat, last, dice = turn
    return BoardView.seated(
        pos,
        on_roll=seat,
        names=("Alice", "Борис"),
        dice=dice,
        cube=cube if type(pos) is Position else None,
        score=score,
        last_play=last,
    )


def boards(count: int, seed: int = 1) -> list[BoardView]:
    """Boards from random games of both variants, with dice, cube, score and the last play."""
    rng = random.Random(seed)
    out: list[BoardView] = []
    while len(out) < count:
        turns = itertools.islice(_turns(rng), rng.randrange(5, 80))
        turn = collections.deque(turns, maxlen=1)[0]
        cube = CubeView(2, owner=rng.randrange(2)) if type(turn[0]) is Position else None
        out.append(_seen(turn, cube, MatchScore(7, (2, 4))))
    return out


def game_boards(count: int, seed: int = 2) -> list[BoardView]:
    """The boards of random money games in turn, each as the seat on roll sees it."""
    rng = random.Random(seed)
    out: list[BoardView] = []
    while len(out) < count:
        turns = itertools.islice(_turns(rng), count - len(out))
        out += [_seen(turn, CubeView(1)) for turn in turns]
    return out


def measure(fn: Callable[[BoardView], object], views: list[BoardView]) -> list[float]:
    """Milliseconds per call, one call per board."""
    times: list[float] = []
    for view in views:
        start = time.perf_counter()
        fn(view)
        times.append((time.perf_counter() - start) * 1000)
    return times


def _png_one_band(view: BoardView) -> object:
    """The PNG drawn as one band, in the calling thread only."""
    svg = render_svg(view, background=False, text_as_paths=True)
    return png_module.svg_to_png(svg, background=LIGHT.background, bands=1)


def _rasterise_only(view: BoardView) -> object:
    """The picture rasterised to raw pixels in one band, without PNG encoding."""
    svg = render_svg(view, background=False, text_as_paths=True)
    database = png_module._font_database(png_module.FONT_FILES)
    return svg2png_py.svg_to_rgba(svg, database, bg_color=(255, 255, 255, 255))


def empty_caches() -> None:
    """Forget every band and tile drawn before."""
    png_module.BAND_CACHE.clear()
    png_module.TILE_CACHE.clear()


def measure_cold(views: list[BoardView]) -> list[float]:
    """Milliseconds per board with the band and tile caches emptied before each (nothing
    reused)."""
    times: list[float] = []
    for view in views:
        empty_caches()
        start = time.perf_counter()
        render_png(view)
        times.append((time.perf_counter() - start) * 1000)
    return times


def throughput(views: list[BoardView], threads: int) -> float:
    """Boards per second when ``threads`` callers render at once (as the adapters' workers do),
    each board drawn for the first time (the caches emptied before)."""
    empty_caches()
    with ThreadPoolExecutor(threads) as pool:
        start = time.perf_counter()
        list(pool.map(render_png, views))
        return len(views) / (time.perf_counter() - start)


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--boards", type=int, default=200, help="boards to render (default 200)")
    parser.add_argument("--png-boards", type=int, default=100, help="of which as PNG (default 100)")
    args = parser.parse_args()
    views = boards(args.boards)
    measure(render_svg, views[:10])  # warm up
    measure(render_png, views[:10])
    svg = measure(render_svg, views)
    text = measure(render_text, views)
    png_views = views[: args.png_boards]
    png = measure(render_png, png_views)
    empty_caches()
    games = measure(
        lambda view: render_png(view, viewer=view.turn), game_boards(3 * args.png_boards)
    )
    cold = measure_cold(png_views)
    sizes = [len(render_png(v)) for v in png_views]
    one_band = measure(_png_one_band, png_views)
    raster = measure(_rasterise_only, png_views)
    print(
        f"boards: {len(views)} (PNG: {len(png_views)}), 1280 px wide, {os.cpu_count()} cores,"
        f" {png_module.BANDS} bands, load average {os.getloadavg()[0]:.2f}"
    )
    rows = [
        ("svg", svg, 2.0),
        ("text", text, None),
        ("png", png, 15.0),
        ("png, games' boards in turn, seen by the seat on roll", games, None),
        ("png, caches emptied before each board", cold, None),
        ("png in one band, one thread", one_band, None),
        ("  of which rasterising (no PNG encoding)", raster, None),
    ]
    for name, times, target in rows:
        goal = f"  target < {target:g} ms" if target else ""
        print(
            f"{name:>4}: median {statistics.median(times):7.2f} ms   p99 {p99(times):7.2f} ms{goal}"
        )
    print(
        f"png size: median {statistics.median(sizes) / 1024:.1f} KB   "
        f"max {max(sizes) / 1024:.1f} KB  target < 120 KB"
    )
    for threads in (1, 2, 4):
        rate = throughput(png_views, threads)
        print(f"png throughput, {threads} caller thread(s): {rate:.0f} boards/s")


if __name__ == "__main__":
    main()
