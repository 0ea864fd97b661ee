"""What setting text as glyph outlines costs a fresh process: memory and time to the first outline.

Run ``python -m benchmarks.glyphs [--runs N]``.  Each run starts a new interpreter that reads its
``VmRSS`` (``/proc/self/status``) before importing :mod:`renderers.glyphs`, after the import,
after opening both shipped faces and after setting a first string, and times the import plus the
faces plus that first outline.  The figures printed are the medians over the runs.

Measured on the 2-core development machine (9 runs): with fontTools reading the fonts, 50.9 MB
after the first outline (fontTools' import +1.2 MB over the rest of the package, both faces
+8 MB), 42 ms from the import to the first outline; with :mod:`renderers.truetype`, 42.0 MB
(+0.4 MB for both faces), 1.6 ms.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_PROBE = """
import json, time

def rss():
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0

out = {"start": rss()}
t0 = time.perf_counter()
from renderers import glyphs
out["import"] = rss()
t1 = time.perf_counter()
out["where"] = glyphs.__file__
glyphs.face(True)
glyphs.face(False)
out["faces"] = rss()
glyphs.outline("Alice 3 – 5 Борис", 10.0, 20.0, size=14, bold=True, anchor="middle", fill="#000")
t2 = time.perf_counter()
out["seconds"] = t2 - t0
out["after_import"] = t2 - t1
out["outline"] = rss()
for text in ("0123456789", "Pips 167", "Crawford", "Ход: белые", "AVATAR Wo Te"):
    glyphs.outline(text, 0.0, 0.0, size=12, bold=False, anchor="start", fill="#000")
out["strings"] = rss()
print(json.dumps(out))
"""


def probe() -> dict[str, float]:
    """One fresh interpreter's figures."""
    proc = subprocess.run(
        [sys.executable, "-c", _PROBE], cwd=ROOT, capture_output=True, text=True, check=True
    )
    figures = json.loads(proc.stdout)
    where = figures.pop("where")
    if not where.startswith(str(ROOT)):
        raise SystemExit(f"measured {where}, not this tree's renderers")
    return {key: float(value) for key, value in figures.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    runs = [probe() for _ in range(args.runs)]

    def median(key: str) -> float:
        return statistics.median(run[key] for run in runs)

    start = median("start")
    print(f"runs: {args.runs}")
    print(f"VmRSS before import:            {start / 1024:7.1f} MB")
    for key, label in (
        ("import", "after import"),
        ("faces", "after both faces"),
        ("outline", "after the first outline"),
        ("strings", "after five more strings"),
    ):
        grown = (median(key) - start) / 1024
        print(f"VmRSS {label + ':':25} {median(key) / 1024:7.1f} MB (+{grown:.1f})")
    print(f"import + faces + first outline: {median('seconds') * 1000:7.1f} ms")
    print(f"faces + first outline:          {median('after_import') * 1000:7.1f} ms")


if __name__ == "__main__":
    main()
