"""The web board's weight: ``python -m bot.web.size`` prints each file of the page, plain and
gzipped (as the server sends it to a browser that takes gzip), and the total against the budget
(:data:`BUDGET`); the exit status is 1 when the page is over it.

The page is loaded in the chat app's window over a phone's connection; everything it needs is
these files (and Telegram's own WebApp script, which Telegram's apps hold already).
"""

from __future__ import annotations

import gzip
import sys
from pathlib import Path
from typing import Final

STATIC_DIR: Final = Path(__file__).resolve().parent / "static"

BUDGET: Final = 150 * 1024
"""The most the page may weigh, gzipped."""

SERVED: Final = (".html", ".js", ".css", ".svg", ".json")
"""The kinds of files the page is made of (those the server serves)."""


def sizes(directory: Path = STATIC_DIR) -> dict[str, tuple[int, int]]:
    """Each file of the page: its size plain and gzipped (level 9), in bytes."""
    found: dict[str, tuple[int, int]] = {}
    for path in sorted(directory.iterdir()):
        if path.suffix in SERVED and path.is_file():
            body = path.read_bytes()
            found[path.name] = (len(body), len(gzip.compress(body, 9, mtime=0)))
    return found


def gzipped_total(directory: Path = STATIC_DIR) -> int:
    """The whole page's weight, gzipped, in bytes."""
    return sum(packed for _, packed in sizes(directory).values())


def main() -> int:
    files = sizes()
    for name, (plain, packed) in files.items():
        print(f"{name:<16} {plain:>8} B  {packed:>7} B gzipped")
    total = sum(packed for _, packed in files.values())
    verdict = "within" if total <= BUDGET else "OVER"
    print(f"{'total':<16} {sum(p for p, _ in files.values()):>8} B  {total:>7} B gzipped")
    print(f"{verdict} the budget of {BUDGET // 1024} KB gzipped")
    return 0 if total <= BUDGET else 1


if __name__ == "__main__":
    sys.exit(main())
