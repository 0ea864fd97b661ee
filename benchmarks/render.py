"""Render time per board (SVG, PNG, text) and PNG size, over boards from random games.

Run ``python -m benchmarks.render [--boards N] [--png-boards N] [--binding resvg-py]``.
Targets: SVG < 2 ms, PNG < 15 ms per board.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from engine import Play, Position, legal_plays
from engine.nardy import LongNardyPosition
from renderers import BoardView, CubeView, LastPlay, MatchScore, render_png, render_svg, render_text
from renderers import png as png_module


def boards(count: int, seed: int = 1) -> list[BoardView]:
    """Boards from random games of both variants, with dice, cube, score and the last play."""
    rng = random.Random(seed)
    out: list[BoardView] = []
    while len(out) < count:
        cls = rng.choice([Position, LongNardyPosition])
        pos: Position = cls.initial()
        seat, last = 0, None
        for _ in range(rng.randrange(5, 80)):
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            plays = legal_plays(pos, dice)
            play = rng.choice(plays) if plays else Play(())
            after = pos.after(play)
            if after.off()[1] == 15:
                break
            pos, last, seat = after, LastPlay(seat, play.steps), 1 - seat
        out.append(
            BoardView.seated(
                pos,
                on_roll=seat,
                names=("Alice", "Борис"),
                dice=(rng.randint(1, 6), rng.randint(1, 6)),
                cube=CubeView(2, owner=rng.randrange(2)) if cls is Position else None,
                score=MatchScore(7, (2, 4)),
                last_play=last,
            )
        )
    return out


def measure(fn: Callable[[BoardView], object], views: list[BoardView]) -> list[float]:
    """Milliseconds per call, one call per board."""
    times: list[float] = []
    for view in views:
        start = time.perf_counter()
        fn(view)
        times.append((time.perf_counter() - start) * 1000)
    return times


def _binding() -> str:
    return "svg2png-py" if png_module.RASTERISE is png_module.rasterise_svg2png else "resvg-py"


def _rasterise_only(view: BoardView) -> object:
    """The SVG rendered to raw pixels without PNG encoding (svg2png-py only; else a no-op)."""
    if png_module._svg2png is None:
        return None
    svg = render_svg(view, background=False)
    database = png_module._font_database(png_module.FONT_FILES)
    return png_module._svg2png.svg_to_rgba(svg, database)


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--boards", type=int, default=200, help="boards to render (default 200)")
    parser.add_argument("--png-boards", type=int, default=60, help="of which as PNG (default 60)")
    parser.add_argument(
        "--binding",
        choices=["svg2png-py", "resvg-py"],
        help="rasterise with this binding of resvg (default: the renderers' own choice)",
    )
    args = parser.parse_args()
    if args.binding == "resvg-py":
        png_module.RASTERISE = png_module.rasterise_resvg_py
    elif args.binding == "svg2png-py":
        png_module.RASTERISE = png_module.rasterise_svg2png
    views = boards(args.boards)
    measure(render_svg, views[:10])  # warm up
    svg = measure(render_svg, views)
    text = measure(render_text, views)
    png_views = views[: args.png_boards]
    sizes = [len(render_png(v)) for v in png_views[:5]]
    png = measure(render_png, png_views)
    sizes += [len(render_png(v)) for v in png_views[5:]]
    raster = measure(_rasterise_only, png_views) if _binding() == "svg2png-py" else []
    print(f"boards: {len(views)} (PNG: {len(png_views)}), 1280 px wide, rasteriser: {_binding()}")
    rows = [("svg", svg, 2.0), ("text", text, None), ("png", png, 15.0)]
    if png_module.RASTERISE is png_module.rasterise_svg2png:
        rows.append(("  of which rasterising (no PNG encoding)", raster, None))
    for name, times, target in rows:
        goal = f"  target < {target:g} ms" if target else ""
        print(
            f"{name:>4}: median {statistics.median(times):7.2f} ms   p99 {p99(times):7.2f} ms{goal}"
        )
    print(
        f"png size: median {statistics.median(sizes) / 1024:.1f} KB   "
        f"max {max(sizes) / 1024:.1f} KB  target < 120 KB"
    )


if __name__ == "__main__":
    main()
