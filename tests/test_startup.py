"""The console starts without the platforms' libraries or the PNG renderer.

A fresh ``python -m bot`` with no tokens (the README's first command) plays up to its first board;
python-telegram-bot, discord.py, aiohttp and the PNG renderer (resvg, numpy, zlib-ng) are loaded
only where a platform or a picture needs them.
"""

from __future__ import annotations

from pathlib import Path

from benchmarks.startup import HEAVY, first_board

ROOT = Path(__file__).resolve().parent.parent


def test_console_reaches_its_first_board_without_heavy_modules() -> None:
    elapsed, heavy = first_board(ROOT)
    assert elapsed == elapsed, "the console printed no board with buttons after `roll`"
    assert heavy == [], f"the console loaded {heavy}"


def test_the_probe_sees_heavy_modules_when_they_are_loaded() -> None:
    import subprocess
    import sys

    probe = (
        "import sys, renderers; renderers.render_png; "
        f"print([m for m in {HEAVY!r} if m in sys.modules])"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=120
    ).stdout
    assert "renderers.png" in out and "numpy" in out
