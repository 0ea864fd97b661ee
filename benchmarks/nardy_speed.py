"""The long nardy player's move time: the plain search beside the project's, level by level.

Run from the repository root::

    python -m benchmarks.nardy_speed [--positions N] [--plain-deep M]

The plain search (:func:`plain_rank_plays`) is the expectimax written the obvious way: every
play, the opponent's every reply to each of the 21 rolls, every position made with
:meth:`~engine.position.Position.after` and valued with :func:`~bot.ai.nardy_player.evaluate`.
:func:`bot.ai.nardy_player.rank_plays` searches the same plays and must give the same values, in
the same order; this prints, for the first ``--positions`` decisions of the fixed long nardy set
(``tests/data/ai_positions.json``), the move time (p50 and p99, wall and CPU) of both at each
level of :data:`bot.ai.computer.NARDY_DEPTH`, the plain one at depth 2 on the first
``--plain-deep`` decisions only (it takes seconds a move), and how many rankings agree.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from benchmarks.ai_sets import load
from benchmarks.opponent import percentile
from bot.ai.computer import NARDY_DEPTH
from bot.ai.nardy_player import (
    CANDIDATES,
    DEEP_CANDIDATES,
    DEFAULT_WEIGHTS,
    ROLLS,
    WINDOW,
    NardyRanked,
    Weights,
    evaluate,
    rank_plays,
)
from engine import legal_plays
from engine.nardy import LongNardyPosition
from engine.position import Position

Ranker = Callable[[Position, tuple[int, int], int], list[NardyRanked]]


def _on_roll(position: Position, weights: Weights) -> float:
    """The chance of the side on roll, each roll played with its best play by the evaluation."""
    total = 0.0
    for dice, weight in ROLLS:
        plays = legal_plays(position, dice)
        if not plays:
            value = 1.0 - evaluate(position.swapped(), weights)
        else:
            value = max(1.0 - evaluate(position.after(p), weights) for p in plays)
        total += weight * value
    return total / 36.0


def _deeper(after: Position, ply: int, weights: Weights) -> float:
    """The mover's value of ``after`` (the opponent on roll) one or two rolls deeper."""
    if after.off()[1] == 15:
        return 1.0
    total = 0.0
    for dice, weight in ROLLS:
        replies = legal_plays(after, dice)
        if not replies:
            mine = after.swapped()
        else:
            values = [evaluate(after.after(r), weights) for r in replies]
            worst = min(values)
            if ply == 1 or worst == 0.0:
                total += weight * worst
                continue
            mine = after.after(replies[values.index(worst)])
        total += weight * (evaluate(mine, weights) if ply == 1 else _on_roll(mine, weights))
    return total / 36.0


def plain_rank_plays(
    position: Position, dice: tuple[int, int], depth: int, weights: Weights = DEFAULT_WEIGHTS
) -> list[NardyRanked]:
    """:func:`bot.ai.nardy_player.rank_plays` the plain way (see the module's account)."""
    ranked = sorted(
        (
            NardyRanked(p, 1.0 - evaluate(position.after(p), weights), 0)
            for p in legal_plays(position, dice)
        ),
        key=lambda r: -r.value,
    )
    for ply in range(1, depth + 1):
        if not ranked:
            break
        top = ranked[0].value
        most = CANDIDATES if ply == 1 else DEEP_CANDIDATES
        head = [r for r in ranked[:most] if top - r.value <= WINDOW]
        if len(head) <= 1:
            break
        deep = sorted(
            (NardyRanked(r.play, _deeper(position.after(r.play), ply, weights), ply) for r in head),
            key=lambda r: -r.value,
        )
        ranked = deep + ranked[len(head) :]
    return ranked


def fixed_set(count: int) -> list[tuple[Position, tuple[int, int]]]:
    """The first ``count`` decisions of the fixed long nardy set."""
    return [
        (LongNardyPosition(tuple(c["player"]), tuple(c["opponent"])), (c["dice"][0], c["dice"][1]))
        for c in load()["nardy"][:count]
    ]


def _new(position: Position, dice: tuple[int, int], depth: int) -> list[NardyRanked]:
    return rank_plays(position, dice, depth)


def _plain(position: Position, dice: tuple[int, int], depth: int) -> list[NardyRanked]:
    return plain_rank_plays(position, dice, depth)


def timed(
    rank: Ranker, cases: list[tuple[Position, tuple[int, int]]], depth: int
) -> tuple[list[float], list[float], list[list[NardyRanked]]]:
    """Wall and CPU seconds of ``rank`` on each case, and its rankings."""
    walls, cpus, out = [], [], []
    for position, dice in cases:
        wall, cpu = time.perf_counter(), time.process_time()
        out.append(rank(position, dice, depth))
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return walls, cpus, out


def line(label: str, walls: list[float], cpus: list[float]) -> str:
    """One row of figures in milliseconds."""
    return (
        f"  {label:34} wall p50 {percentile(walls, 0.5) * 1e3:7.1f} p99 "
        f"{percentile(walls, 0.99) * 1e3:7.1f}   cpu p50 {percentile(cpus, 0.5) * 1e3:7.1f} "
        f"p99 {percentile(cpus, 0.99) * 1e3:7.1f} ms"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=100, help="decisions timed (<= 100)")
    parser.add_argument("--plain-deep", type=int, default=10, help="of those, plain at depth 2")
    args = parser.parse_args(argv)
    cases = fixed_set(args.positions)
    print(f"long nardy move time ({len(cases)} decisions of the fixed set):")
    for level, (depth, noise) in NARDY_DEPTH.items():
        subset = cases if depth < 2 else cases[: args.plain_deep]
        pw, pc, plain = timed(_plain, subset, depth)
        nw, nc, new = timed(_new, cases, depth)
        same = sum(
            [(r.play, r.value) for r in a] == [(r.play, r.value) for r in b]
            for a, b in zip(plain, new, strict=False)
        )
        print(f" {level} (depth {depth}, noise {noise}):")
        print(line(f"plain ({len(subset)} decisions)", pw, pc))
        print(line(f"rank_plays ({len(cases)} decisions)", nw, nc))
        print(f"  the same ranking, play and value: {same} of {len(subset)}")


if __name__ == "__main__":
    main()
