"""The console's start-up: time from a fresh ``python -m bot`` to its first board, what it loads.

Run from the repository root: ``python -m benchmarks.startup`` (add ``--other DIR`` to time
another checkout of the project, e.g. an older commit's worktree, in the same run, side by side).
Each run starts a fresh interpreter with no tokens (the console chat, memory store), types ``roll``
and ``quit``, and reports the wall time until the roll's buttons are printed.  Also printed: the
heavy modules loaded (python-telegram-bot, discord.py, aiohttp, the PNG renderer) and the
interpreter's own ``-X importtime`` total.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

HEAVY = ("telegram", "discord", "aiohttp", "renderers.png", "svg2png_py", "numpy", "zlib_ng")

PROBE = (
    "import atexit, runpy, sys\n"
    f"HEAVY = {HEAVY!r}\n"
    "atexit.register(lambda: print('HEAVY', ','.join(m for m in HEAVY if m in sys.modules),"
    " file=sys.stderr))\n"
    "sys.argv = ['bot']\n"
    "runpy.run_module('bot', run_name='__main__')\n"
)


def environment(root: Path) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("TELEGRAM_TOKEN", "DISCORD_TOKEN", "REDIS_URL", "LOG_LEVEL")
    }
    env["PYTHONPATH"] = str(root)
    return env


def first_board(root: Path) -> tuple[float, list[str]]:
    """Seconds to the first board's buttons, and the heavy modules the process loaded."""
    started = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-c", PROBE],
        cwd=root,
        env=environment(root),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write("roll\n")
    proc.stdin.flush()
    elapsed = float("nan")
    for line in proc.stdout:
        if line.lstrip().startswith("[1]"):
            elapsed = time.perf_counter() - started
            break
    proc.stdin.write("quit\n")
    proc.stdin.close()
    proc.stdout.read()
    err = proc.stderr.read() if proc.stderr is not None else ""
    proc.wait(timeout=60)
    found = re.search(r"^HEAVY (.*)$", err, re.MULTILINE)
    heavy = [m for m in found.group(1).split(",") if m] if found else ["?"]
    return elapsed, heavy


def import_time(root: Path) -> float:
    """Seconds ``-X importtime`` counts for importing the entry point and the console."""
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import bot.__main__, bot.console"],
        cwd=root,
        env=environment(root),
        capture_output=True,
        text=True,
        timeout=120,
    )
    total = 0
    for line in proc.stderr.splitlines():
        parts = line.split("|")
        if len(parts) == 3 and parts[2].strip() and not parts[2].startswith("  "):
            try:
                total += int(parts[1])
            except ValueError:
                continue
    return total / 1e6


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--other", type=Path, help="another checkout to time side by side")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    roots = [Path.cwd()] + ([args.other.resolve()] if args.other else [])
    print(f"console start-up to its first board, {args.runs} fresh processes each (median)")
    for _ in range(1):
        first_board(roots[0])  # warm the file cache
    for root in roots:
        times: list[float] = []
        heavy: list[str] = []
        for _ in range(args.runs):
            elapsed, heavy = first_board(root)
            times.append(elapsed)
        print(
            f"  {root}: first board {statistics.median(times):.2f} s"
            f" (min {min(times):.2f}, max {max(times):.2f}),"
            f" -X importtime total {import_time(root):.2f} s,"
            f" heavy modules loaded: {', '.join(heavy) or 'none'}"
        )
    print("target: no python-telegram-bot, discord.py, aiohttp or PNG renderer in the console")


if __name__ == "__main__":
    main()
