"""Hints and game analysis: how long they take.

Run from the repository root::

    python -m benchmarks.analysis [--ply N] [--positions P]

Hint time: the ``hint`` advice for the fixed positions of ``tests/data/analysis/positions.json``
(the same 50+ positions the tests check against ``gnubg_nn``), asked through
:meth:`bot.ai.worker.ComputerWorker.advise` exactly as the chat asks it (a warm hint worker
process, the round trip included), after rolling (the best plays) and before rolling (the cube
decision), p50 and p99 of the wall time.  Each position is asked once per kind: ``gnubg_nn``
caches evaluations inside the worker, so a repeated question would measure the cache.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
from dataclasses import replace
from pathlib import Path

from bot.ai.advice import HINT_PLY
from bot.ai.worker import ComputerWorker
from engine.game import Game, Phase
from engine.position import Position

ROOT = Path(__file__).resolve().parent.parent
POSITIONS = ROOT / "tests" / "data" / "analysis" / "positions.json"


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def hint_games(count: int | None = None) -> list[tuple[Game, Game]]:
    """For each fixed position: the game after rolling its dice and the game before rolling
    (money play, the cube in the centre), the player on roll being player 0."""
    data = json.loads(POSITIONS.read_text())
    out = []
    for item in data[:count]:
        position = Position.from_gnubg_id(item["position_id"])
        dice = (int(item["dice"][0]), int(item["dice"][1]))
        base = replace(Game.new(), position=position, turn=0)
        out.append((replace(base, phase=Phase.MOVE, dice=dice), replace(base, phase=Phase.ROLL)))
    return out


async def hint_timing(ply: int = HINT_PLY, count: int | None = None) -> dict[str, list[float]]:
    """Seconds per hint through a warm hint worker: ``"plays"`` after rolling, ``"cube"``
    before rolling, one figure per fixed position."""
    worker = ComputerWorker(1, hint_ply=ply)
    times: dict[str, list[float]] = {"plays": [], "cube": []}
    try:
        games = hint_games(count)
        warm = await worker.advise(games[0][0], 0)  # starts and warms the hint worker
        assert warm is not None
        for kind, index in (("plays", 0), ("cube", 1)):
            for pair in games:
                start = time.perf_counter()
                advice = await worker.advise(pair[index], 0)
                times[kind].append(time.perf_counter() - start)
                assert advice is not None and advice.ply == ply
    finally:
        await worker.close()
    return times


def print_hint_timing(ply: int, count: int | None) -> None:
    times = asyncio.run(hint_timing(ply, count))
    for kind, values in times.items():
        print(
            f"hint ({kind}, {ply}-ply, {len(values)} positions, through the worker): "
            f"p50 {1000 * percentile(values, 0.5):.1f} ms, "
            f"p99 {1000 * percentile(values, 0.99):.1f} ms"
        )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.analysis")
    parser.add_argument("--ply", type=int, default=HINT_PLY, help="depth of the hints")
    parser.add_argument("--positions", type=int, default=None, help="fixed positions used")
    args = parser.parse_args(argv)
    print_hint_timing(args.ply, args.positions)


if __name__ == "__main__":
    main()
