"""Legal-play enumerations per second: ``engine.legal_plays`` against GNU Backgammon and others.

Run from the repository root::

    python -m benchmarks.legal_plays [--rounds N]

The position set is fixed: the 600 GNU Backgammon vectors of ``tests/data/gnubg_vectors.jsonl``
(contact, bar, closed boards, doubles, bear-off, no legal play), the 21 opening rolls, and 600
(position, dice) pairs met in seeded random games.  Every implementation enumerates every case
from scratch (nothing is cached between calls).  The set is timed in chunks of 50 cases, the
implementations taking turns, each chunk ``--rounds`` times; a chunk's fastest round counts, and
time is the process's CPU time, so that other work on a shared machine drops out of the figures.
The command exits with status 1 when the target (at least a tenth of ``gnubg_nn.moves(..., 1)``
and faster than the pure-Python package) is not met.  Compared in the same run:

* ``gnubg_nn.moves(board, d1, d2, 1)`` -- GNU Backgammon's C move generator, returning each
  distinct resulting position with its steps (and, for reference, with ``0``: keys only);
* ``gym-backgammon`` (``Backgammon.get_valid_plays``), a pure-Python package from PyPI
  (``pip install -e '.[bench]'``); skipped with a note when it is not installed.
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import json
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from engine import Position, legal_plays
from engine.movegen import Step, apply_steps

VECTORS = Path(__file__).resolve().parent.parent / "tests" / "data" / "gnubg_vectors.jsonl"
ROLLS = [(d1, d2) for d1 in range(1, 7) for d2 in range(1, d1 + 1)]


@dataclass(frozen=True)
class Case:
    """One enumeration to time: a position, the dice and where the pair comes from."""

    group: str
    position: Position
    dice: tuple[int, int]


def vector_cases() -> list[Case]:
    with VECTORS.open(encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh if line.strip()]
    return [
        Case(
            "vectors",
            Position(tuple(row["board"]["on_roll"]), tuple(row["board"]["opponent"])),
            (row["dice"][0], row["dice"][1]),
        )
        for row in rows
    ]


def opening_cases() -> list[Case]:
    return [Case("opening", Position.initial(), roll) for roll in ROLLS]


def game_cases(count: int, seed: int = 2026) -> list[Case]:
    """``count`` (position, dice) pairs from random games with uniformly random legal plays."""
    rng = random.Random(seed)
    cases: list[Case] = []
    position = Position.initial()
    while len(cases) < count:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        cases.append(Case("games", position, dice))
        plays = legal_plays(position, dice)
        if not plays:
            position = position.swapped()
            continue
        after = apply_steps(position, rng.choice(plays).steps)
        position = Position.initial() if not any(after.player) else after.swapped()
    return cases


def all_cases() -> list[Case]:
    return vector_cases() + opening_cases() + game_cases(600)


# -- the implementations --------------------------------------------------------------------


def engine_runner(cases: Sequence[Case]) -> Callable[[], int]:
    items = [(case.position, case.dice) for case in cases]

    def run() -> int:
        total = 0
        for position, dice in items:
            total += len(legal_plays(position, dice))
        return total

    return run


def gnubg_runner(cases: Sequence[Case], verbose: int) -> Callable[[], int]:
    import gnubg_nn  # type: ignore[import-untyped]

    moves = gnubg_nn.moves
    items = [
        ([list(c.position.opponent), list(c.position.player)], c.dice[0], c.dice[1]) for c in cases
    ]

    def run() -> int:
        total = 0
        for board, d1, d2 in items:
            total += len(moves(board, d1, d2, verbose))
        return total

    return run


def load_gym_backgammon() -> ModuleType | None:
    """``gym_backgammon/envs/backgammon.py`` (the rules), without importing ``gym`` itself."""
    spec = importlib.util.find_spec("gym_backgammon")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / "envs" / "backgammon.py"
    rules_spec = importlib.util.spec_from_file_location("gym_backgammon_rules", path)
    if rules_spec is None or rules_spec.loader is None:
        return None
    module = importlib.util.module_from_spec(rules_spec)
    rules_spec.loader.exec_module(module)
    return module


def gym_game(module: ModuleType, position: Position) -> Any:
    """A gym-backgammon ``Backgammon`` set to ``position`` with WHITE (moving 24 -> 1) on roll."""
    white, black = module.WHITE, module.BLACK
    game = module.Backgammon()
    board: list[tuple[int, Any]] = [(0, None)] * 24
    for i in range(24):
        if position.player[i]:
            board[i] = (position.player[i], white)
        if position.opponent[23 - i]:
            board[i] = (position.opponent[23 - i], black)
    game.board = board
    game.bar = [position.player[24], position.opponent[24]]
    mine, theirs = position.off()
    game.off = [mine, theirs]
    game.players_positions = game.get_players_positions()
    return game


def gym_runner(module: ModuleType, cases: Sequence[Case]) -> Callable[[], int]:
    white = module.WHITE
    items = [(gym_game(module, c.position), (-c.dice[0], -c.dice[1])) for c in cases]

    def run() -> int:
        total = 0
        for game, roll in items:
            total += len(game.get_valid_plays(white, roll))
        return total

    return run


def gym_agreement(module: ModuleType, cases: Sequence[Case]) -> tuple[int, int]:
    """On how many cases gym-backgammon reaches exactly the positions ``legal_plays`` reaches."""
    agree = failed = 0
    for case in cases:
        ours = {apply_steps(case.position, p.steps) for p in legal_plays(case.position, case.dice)}
        game = gym_game(module, case.position)
        try:
            plays = game.get_valid_plays(module.WHITE, (-case.dice[0], -case.dice[1]))
            theirs = set()
            for play in plays:
                steps = [
                    Step(25 if src == module.BAR else src + 1, max(dst + 1, 0)) for src, dst in play
                ]
                theirs.add(apply_steps(case.position, steps))
        except Exception:  # its generator or our replay of an impossible step
            failed += 1
            continue
        agree += ours == theirs
    return agree, failed


# -- timing ---------------------------------------------------------------------------------


Runner = Callable[[Sequence[Case]], Callable[[], int]]


def best_rates(
    runners: dict[str, Runner], cases: Sequence[Case], rounds: int, chunk: int = 50
) -> dict[str, float]:
    """Enumerations per second of each runner over ``cases``.

    The set is timed in chunks of ``chunk`` cases; each chunk is enumerated ``rounds`` times by
    every runner in turn and its fastest time counts, so that moments when the shared machine is
    busy elsewhere hurt every runner alike and drop out of the figures.
    """
    totals = dict.fromkeys(runners, 0.0)
    for start in range(0, len(cases), chunk):
        part = cases[start : start + chunk]
        calls = {name: make(part) for name, make in runners.items()}
        best = dict.fromkeys(runners, float("inf"))
        for call in calls.values():
            call()  # warm up
        gc.collect()
        for _ in range(rounds):
            for name, call in calls.items():
                begin = time.process_time()
                call()
                best[name] = min(best[name], time.process_time() - begin)
        for name in runners:
            totals[name] += best[name]
    return {name: len(cases) / seconds for name, seconds in totals.items()}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--rounds", type=int, default=7, help="passes over the set (best counts)")
    args = parser.parse_args(argv)

    cases = all_cases()
    groups: dict[str, int] = {}
    for case in cases:
        groups[case.group] = groups.get(case.group, 0) + 1
    print(
        f"{len(cases)} (position, dice) cases: "
        + ", ".join(f"{n} {name}" for name, n in groups.items())
        + f"; best of {args.rounds} rounds"
    )

    runners: dict[str, Runner] = {
        "engine": engine_runner,
        "gnubg": lambda part: gnubg_runner(part, 1),
        "gnubg keys": lambda part: gnubg_runner(part, 0),
    }
    gym = load_gym_backgammon()
    if gym is not None:
        runners["gym"] = lambda part: gym_runner(gym, part)
    rates = best_rates(runners, cases, args.rounds)
    ours = rates["engine"]
    print(f"  engine.legal_plays                 {ours:>10,.0f} enumerations/s")
    print(f"  gnubg_nn.moves(board, d1, d2, 1)   {rates['gnubg']:>10,.0f} enumerations/s")
    print(
        f"  gnubg_nn.moves(board, d1, d2, 0)   {rates['gnubg keys']:>10,.0f} enumerations/s"
        " (keys only)"
    )
    print(f"  ratio engine / gnubg_nn (steps)    {ours / rates['gnubg']:>10.3f}  (target >= 0.10)")
    print(f"  ratio engine / gnubg_nn (keys)     {ours / rates['gnubg keys']:>10.3f}")
    if gym is None:
        print("  gym-backgammon: not installed (pip install -e '.[bench]')")
    else:
        agree, failed = gym_agreement(gym, cases)
        print(
            f"  gym-backgammon get_valid_plays     {rates['gym']:>10,.0f} enumerations/s"
            f" (ratio engine / it {ours / rates['gym']:.2f}; same results as ours on {agree} of"
            f" {len(cases)} cases, {failed} failed)"
        )

    met = ours >= 0.10 * rates["gnubg"] and (gym is None or ours > rates["gym"])
    print(
        "  target (engine >= 0.10 x gnubg_nn.moves(..., 1), faster than the pure-Python package): "
        + ("met" if met else "NOT met")
    )

    for group in groups:
        subset = [case for case in cases if case.group == group]
        pair: dict[str, Runner] = {"engine": runners["engine"], "gnubg": runners["gnubg"]}
        by_group = best_rates(pair, subset, args.rounds)
        print(
            f"  {group:<8} engine {by_group['engine']:>9,.0f}/s"
            f"  gnubg_nn {by_group['gnubg']:>9,.0f}/s"
            f"  ratio {by_group['engine'] / by_group['gnubg']:.3f}"
        )
    if not met:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
