"""Open Sage against GNU Backgammon's nets, side by side on this machine: which plays better at
equal time, and what each costs.

Run from the repository root::

    python -m benchmarks.engines [--money N] [--matches N] [--expert-matches N]
                                 [--rollout-positions N] [--trials T] [--horizon H]
                                 [--jobs J] [--seed S] [--only SECTION ...]
                                 [--record FILE]

Both engines go through the one evaluation core (:mod:`bot.ai.core`, ``engine="gnubg"`` or
``engine="sage"``) and the computer's own decisions (:func:`bot.ai.computer.decide`): the same
legal plays, move filter, cube verdicts and bookkeeping, only the nets differ.  Everything is
seeded; the games run in ``--jobs`` processes (spawned, one a core by default).  The sections,
in the order they run (``--only``: ``fast``, ``rollouts``, ``times``, ``expert``; the longest
last, and each head-to-head section prints its tally after every tenth of its pairs, so that a
run stopped early has said what it found):

* ``fast`` — both engines at their fastest depth (0-ply as GNU Backgammon counts: GNU
  Backgammon's net against Open Sage's 1-ply), checker play and cube, no noise: ``--money``
  money games (the Jacoby rule, no beavers: the bot's money defaults) and ``--matches``
  5-point matches.  They are played in pairs on the same dice, the seats swapped (duplicate
  play: much of the luck of the dice cancels out of each pair); Open Sage's points per game and
  its share of matches won, each with its 95% interval over the pairs; then each engine's time
  per decision (wall and CPU, p50, p99 and the longest), checker plays and cube decisions apart;
* ``rollouts`` — who was right where they disagree: the positions of the ``fast`` games (or of
  games played for the purpose), in a seeded order, analysed at 2-ply by both (the analysis's
  move filter) until ``--rollout-positions`` positions are found where their best plays differ;
  both plays then rolled out by truncated rollouts, once with GNU Backgammon's nets playing and
  once with Open Sage's: ``--trials`` trials on the same dice for both plays (the first roll of
  trial ``t`` is roll ``t mod 36``: every first roll as often), ``--horizon`` half-moves each,
  both sides playing their 0-ply choice cubeful at the score with the cube where it was (no
  cube turned inside a trial), the position then valued at 0-ply cubeful by the rollout's nets
  (a game over: its points at the score).  A play is right where its rollout equity is above
  the other's by more than twice the standard error of the difference; the mean difference
  (Open Sage's play less GNU Backgammon's, EMG) over the positions with its 95% interval;
* ``times`` — what each costs beside the games: a hint at 2-ply (:func:`bot.ai.advice.advise`)
  on the fixed positions of ``tests/data/analysis/positions.json`` after and before rolling,
  the analysis of the recorded 7-point match ``tests/data/analysis/match7_21.json`` at 2-ply
  through the analysis lane (:meth:`bot.ai.worker.ComputerWorker.analyse`, ``--jobs``
  workers), and the memory (VmRSS and its peak VmHWM) of a computer worker process that made
  expert decisions with each engine and of the analysis workers;
* ``expert`` — the head to head in ``--expert-matches`` 5-point matches at ``expert`` (2-ply
  checker play and cube decisions, GNU Backgammon's move filter), the level a person meets at
  the top, its budget a move being ``AI_BUDGET_EXPERT`` and its target 1.5 s; each engine's
  time per decision beside the result.

``--record FILE`` keeps each pair of the ``expert`` section in a file (a line of JSON each: the
pair's number, seed and values, and the versions of both engines) and plays only the pairs not
recorded there yet, so that its matches can be played over several runs; the tally is over all
``--expert-matches``, recorded before or now (the times over this run's only).

The machine is shared: the load average is printed at the start and at the end, and the CPU
times beside the wall times.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.metadata
import json
import math
import multiprocessing
import os
import random
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, as_completed, wait
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.analysis import MATCH, hint_games, load_match
from benchmarks.opponent import next_to_act, percentile, rss_mb
from bot.ai import core
from bot.ai.advice import HINT_PLY, advise
from bot.ai.computer import decide
from bot.ai.levels import LEVELS, Level
from bot.ai.report import BackgammonEngine
from bot.ai.worker import ComputerWorker
from engine import ActionKind, Phase, Position
from engine.match import Match
from engine.movegen import Play, apply_steps, legal_plays
from engine.result import WinKind

ENGINES: tuple[BackgammonEngine, BackgammonEngine] = ("gnubg", "sage")
FAST = Level("fastest", 0, 0.0)
"""Both engines' fastest depth: 0-ply checker play and cube, no noise."""
LENGTH = 5
ANALYSIS_PLY = 2
Z95 = 1.96


# -- games ---------------------------------------------------------------------------------------


Timings = dict[str, list[tuple[float, float]]]
"""``"engine level kind"`` (kind ``play`` or ``cube``) -> (wall, CPU) seconds per decision."""

Spot = tuple[Position, tuple[int, int], core.Cube]
"""A checker play with a choice: the position, the dice, the mover's cube."""


@dataclass
class PairResult:
    """One pair of games (or matches) on the same dice, Open Sage in each seat in turn: its
    value in each (points won, or 1 for a match won), the decisions' times, the checker plays
    with a choice met (for the rollouts), the matches (for the analysis's time)."""

    values: tuple[float, float]
    times: Timings
    spots: list[Spot] = field(default_factory=list)
    matches: list[Match] = field(default_factory=list)


def play_one(
    length: int, engines: tuple[BackgammonEngine, BackgammonEngine], level: Level, seed: int
) -> tuple[Match, Timings, list[Spot]]:
    """A seeded match to ``length`` (0: one money game) between ``engines`` (player 0's, player
    1's) at ``level``, every action by :func:`bot.ai.computer.decide` and applied by the
    engine; the decisions' times and the checker plays with a choice."""
    rng = random.Random(seed)
    dice = random.Random(seed + 1)

    def roll() -> int:
        return dice.randint(1, 6)

    times: Timings = defaultdict(list)
    spots: list[Spot] = []
    match = Match.new(length)
    for _ in range(100_000):
        if match.game.is_over:
            if not length or match.is_over:
                return match, times, spots
            match = match.next_game()
            continue
        game, player = next_to_act(match.game, roll)
        match = match.with_game(game)
        if player is None:
            continue
        kind = "play" if game.phase is Phase.MOVE else "cube"
        dice_now = game.dice if kind == "play" and not game.steps else None
        if dice_now is not None and len(legal_plays(game.position, dice_now)) > 1:
            spots.append((game.position, dice_now, core.cube_of(game, player)))
        wall, cpu = time.perf_counter(), time.process_time()
        action = decide(game, player, level, rng, engine=engines[player])
        elapsed = (time.perf_counter() - wall, time.process_time() - cpu)
        if action is None:
            raise RuntimeError(f"player {player} did nothing in {game.phase}")
        if action.kind not in (ActionKind.RESET, ActionKind.CONFIRM):
            times[f"{engines[player]} {level.name} {kind}"].append(elapsed)
        match = match.apply(action, roll if action.kind == "roll" else None)
    raise RuntimeError("the match did not end")


def sage_value(match: Match, seat: int) -> float:
    """What ``match`` was worth to Open Sage in ``seat``: the money game's points (minus where
    it lost), or 1 for a match won."""
    if match.length:
        return 1.0 if match.winner == seat else 0.0
    result = match.game.result
    assert result is not None
    if result.winner is None:
        return 0.0
    return float(result.points) * (1.0 if result.winner == seat else -1.0)


def play_pair(length: int, level_name: str, seed: int, keep: bool) -> PairResult:
    """Run in a worker: the pair of ``seed``, Open Sage as player 0 then as player 1."""
    level = FAST if level_name == FAST.name else LEVELS[level_name]
    values: list[float] = []
    times: Timings = defaultdict(list)
    spots: list[Spot] = []
    matches: list[Match] = []
    for seat in (0, 1):
        engines: tuple[BackgammonEngine, BackgammonEngine] = (
            ("sage", "gnubg") if seat == 0 else ("gnubg", "sage")
        )
        match, taken, met = play_one(length, engines, level, seed)
        values.append(sage_value(match, seat))
        for key, found in taken.items():
            times[key] += found
        spots += met
        if keep:
            matches.append(match)
    return PairResult((values[0], values[1]), dict(times), spots if keep else [], matches)


def interval(values: list[float]) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its 95% interval (normal approximation)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, math.inf
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, Z95 * math.sqrt(variance / n)


def versions() -> str:
    """The versions of both engines' packages, as a record names them."""
    return " ".join(f"{name} {importlib.metadata.version(name)}" for name in ("gnubg-nn", "bgsage"))


def recorded_pairs(record: Path, key: dict[str, object]) -> dict[int, PairResult]:
    """The pairs of ``record`` made with ``key`` (length, level, seed, versions), by number."""
    out: dict[int, PairResult] = {}
    if not record.exists():
        return out
    for line in record.read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            if all(row.get(name) == value for name, value in key.items()):
                a, b = row["values"]
                out[int(row["pair"])] = PairResult((float(a), float(b)), {})
    return out


def run_pairs(
    pool: ProcessPoolExecutor,
    length: int,
    level: str,
    pairs: int,
    seed: int,
    keep: bool,
    label: str = "",
    record: Path | None = None,
) -> list[PairResult]:
    """``pairs`` pairs (seeds ``seed``, ``seed + 2``, ...) on the pool, in the order of their
    seeds; with a ``label``, the tally so far printed after every tenth of them (a run stopped
    early has said what it found); with a ``record``, the pairs found there are not played
    again and those played are added to it."""
    key: dict[str, object] = {"length": length, "level": level, "seed": seed, "engines": versions()}
    found: dict[int, PairResult] = recorded_pairs(record, key) if record is not None else {}
    futures = {
        pool.submit(play_pair, length, level, seed + 2 * k, keep): k
        for k in range(pairs)
        if k not in found
    }
    step = max(1, pairs // 10)
    for future in as_completed(futures):
        k = futures[future]
        found[k] = future.result()
        if record is not None:
            with record.open("a", encoding="utf-8") as f:
                f.write(json.dumps({**key, "pair": k, "values": list(found[k].values)}) + "\n")
        if label and len(found) % step == 0 and len(found) < pairs:
            tally = head_to_head_lines(label, length, list(found.values()))[0]
            print(f"  ... {tally.strip()}   [{load()}]", flush=True)
    return [found[k] for k in range(pairs)]


def head_to_head_lines(label: str, length: int, results: list[PairResult]) -> list[str]:
    pairs = [sum(r.values) / 2 for r in results]
    games = 2 * len(results)
    mean, half = interval(pairs)
    if length:
        won = sum(sum(r.values) for r in results)
        return [
            f"  {label}: {games} {length}-point matches ({len(results)} pairs): Open Sage won "
            f"{won:.0f} ({mean:.1%} ± {half:.1%}, 95%), GNU Backgammon {games - won:.0f}"
        ]
    wins = sum(v > 0 for r in results for v in r.values)
    return [
        f"  {label}: {games} money games ({len(results)} pairs): Open Sage {mean:+.3f} ± "
        f"{half:.3f} points a game (95%), won {wins} of {games} games"
    ]


def merged(results: list[PairResult]) -> Timings:
    times: Timings = defaultdict(list)
    for r in results:
        for key, found in r.times.items():
            times[key] += found
    return dict(times)


# -- rollouts ------------------------------------------------------------------------------------


def _kind(loser: tuple[int, ...]) -> WinKind:
    """How a game was won against ``loser``'s side (its own numbering) once the winner is off."""
    if sum(loser) < 15:
        return WinKind.SINGLE
    if any(loser[18:25]):  # in the winner's home board or on the bar
        return WinKind.BACKGAMMON
    return WinKind.GAMMON


def trial(
    position: Position,
    play: Play,
    cube: core.Cube,
    engine: BackgammonEngine,
    rolls: list[tuple[int, int]],
) -> float:
    """One truncated trial of ``play`` (see the module's docstring): its value to the mover,
    EMG with ``cube``."""
    pos = apply_steps(position, play.steps).swapped()
    side = cube.swapped()
    sign = -1.0  # the side on roll's values count this much to the mover
    for dice in rolls:
        ranked = core.rank_plays(pos, dice, side, 0, engine=engine)
        if ranked:
            pos = apply_steps(pos, ranked[0].play.steps)
            if not any(pos.player):
                return sign * core.win_value(side, _kind(pos.opponent))
        pos, side, sign = pos.swapped(), side.swapped(), -sign
    return sign * core.evaluate(pos, side, 0, engine=engine)[1]


@dataclass(frozen=True)
class Verdict:
    """A position where the two disagree at 2-ply, and what the rollouts with each engine's
    nets found: per rollout engine, Open Sage's play less GNU Backgammon's (EMG) and the
    standard error of the difference."""

    spot: Spot
    plays: tuple[str, str]  # (Open Sage's, GNU Backgammon's)
    rolled: dict[str, tuple[float, float]]


def judge(spot: Spot, trials: int, horizon: int, seed: int) -> Verdict | None:
    """Run in a worker: ``None`` where both engines' best plays at 2-ply (the analysis's move
    filter) agree, else both plays rolled out by each engine."""
    position, dice, cube = spot
    best = {
        e: core.rank_plays(position, dice, cube, ANALYSIS_PLY, core.ANALYSIS_FILTERS, engine=e)[
            0
        ].play
        for e in ENGINES
    }
    if best["sage"] == best["gnubg"]:
        return None
    rolled: dict[str, tuple[float, float]] = {}
    for engine in ENGINES:
        differences = []
        for t in range(trials):
            dice_rng = random.Random(f"{seed}-{t}")
            first = divmod(t % 36, 6)
            rolls = [(first[0] + 1, first[1] + 1)] + [
                (dice_rng.randint(1, 6), dice_rng.randint(1, 6)) for _ in range(horizon - 1)
            ]
            differences.append(
                trial(position, best["sage"], cube, engine, rolls)
                - trial(position, best["gnubg"], cube, engine, rolls)
            )
        mean, half = interval(differences)
        rolled[engine] = (mean, half / Z95)
    plays = (best["sage"].notation(), best["gnubg"].notation())
    return Verdict(spot, plays, rolled)


def find_verdicts(
    pool: ProcessPoolExecutor,
    spots: list[Spot],
    wanted: int,
    trials: int,
    horizon: int,
    seed: int,
    jobs: int,
) -> tuple[list[Verdict], int]:
    """Verdicts on the first ``wanted`` positions of ``spots`` where the engines disagree, and
    how many positions were analysed to find them."""
    verdicts: list[Verdict] = []
    pending: set[Future[Verdict | None]] = set()
    feed: Iterator[tuple[int, Spot]] = enumerate(spots)
    analysed = 0
    while True:
        while len(pending) < 2 * jobs:
            nxt = next(feed, None)
            if nxt is None:
                break
            pending.add(pool.submit(judge, nxt[1], trials, horizon, seed + nxt[0]))
        if not pending:
            break
        done, pending = wait(pending, return_when=FIRST_COMPLETED)
        for future in done:
            analysed += 1
            found = future.result()
            if found is not None and len(verdicts) < wanted:
                verdicts.append(found)
        if len(verdicts) >= wanted:
            for future in pending:
                future.cancel()
            break
    return verdicts, analysed


def verdict_lines(verdicts: list[Verdict], analysed: int, trials: int, horizon: int) -> list[str]:
    lines = [
        f"  {len(verdicts)} positions where the 2-ply best plays differ, found in {analysed} "
        f"positions with a choice analysed; {trials} trials of {horizon} half-moves a play:"
    ]
    for engine, name in (("gnubg", "GNU Backgammon's"), ("sage", "Open Sage's")):
        diffs = [v.rolled[engine] for v in verdicts]
        sage_right = sum(d > 2 * se for d, se in diffs)
        gnubg_right = sum(d < -2 * se for d, se in diffs)
        mean, half = interval([d for d, _ in diffs]) if diffs else (0.0, 0.0)
        lines.append(
            f"    rolled out with {name} nets: Open Sage right {sage_right}, GNU Backgammon "
            f"right {gnubg_right}, too close to call {len(diffs) - sage_right - gnubg_right}; "
            f"Open Sage's play {mean:+.4f} ± {half:.4f} EMG a position (95%)"
        )
    agreed_sage = sum(all(v.rolled[e][0] > 2 * v.rolled[e][1] for e in ENGINES) for v in verdicts)
    agreed_gnubg = sum(all(v.rolled[e][0] < -2 * v.rolled[e][1] for e in ENGINES) for v in verdicts)
    lines.append(
        f"    both rollouts agree: Open Sage right {agreed_sage}, GNU Backgammon right "
        f"{agreed_gnubg}"
    )
    return lines


def spots_for_rollouts(pool: ProcessPoolExecutor, seed: int, pairs: int) -> list[Spot]:
    """Positions from seeded games at the fastest depth, when the ``fast`` section did not run."""
    spots: list[Spot] = []
    for result in run_pairs(pool, 0, FAST.name, pairs, seed, True):
        spots += result.spots
    return spots


# -- times ---------------------------------------------------------------------------------------


def time_lines(times: Timings) -> list[str]:
    lines = []
    for key in sorted(times):
        walls = [w for w, _ in times[key]]
        cpus = [c for _, c in times[key]]
        lines.append(
            f"  {key:24} {len(walls):6} decisions   wall p50 {percentile(walls, 0.5) * 1e3:7.1f} "
            f"ms  p99 {percentile(walls, 0.99) * 1e3:7.1f} ms  max {max(walls) * 1e3:7.1f} ms"
            f"   cpu p50 {percentile(cpus, 0.5) * 1e3:7.1f} ms  p99 "
            f"{percentile(cpus, 0.99) * 1e3:7.1f} ms"
        )
    return lines


def hint_lines() -> list[str]:
    lines = []
    games = hint_games()
    for engine in ENGINES:
        for kind, index in (("plays", 0), ("cube", 1)):
            walls, cpus = [], []
            for pair in games:
                wall, cpu = time.perf_counter(), time.process_time()
                advise(pair[index], 0, HINT_PLY, engine=engine)
                walls.append(time.perf_counter() - wall)
                cpus.append(time.process_time() - cpu)
            lines.append(
                f"  hint {engine:5} {kind:5} {HINT_PLY}-ply, {len(walls)} positions: wall p50 "
                f"{percentile(walls, 0.5) * 1e3:7.1f} ms  p99 {percentile(walls, 0.99) * 1e3:7.1f} "
                f"ms   cpu p50 {percentile(cpus, 0.5) * 1e3:7.1f} ms  p99 "
                f"{percentile(cpus, 0.99) * 1e3:7.1f} ms"
            )
    return lines


async def worker_lines(jobs: int) -> list[str]:
    """Through the real worker: expert decisions and the recorded match's analysis with each
    engine, the time and the workers' memory."""
    lines = []
    match = load_match(MATCH)
    games = [pair[0] for pair in hint_games(12)]
    for engine in ENGINES:
        uses = {use: engine for use in ("expert", "analysis")}
        worker = ComputerWorker(1, analysis_workers=jobs, ponder=False, engines=uses)
        try:
            await worker.start()
            for game in games:
                await worker.decide(game, 0, "expert", "memory")
            pid = worker.pids()[0]
            rss, peak = rss_mb(pid)
            start = time.perf_counter()
            analysis = await worker.analyse(match, ANALYSIS_PLY)
            seconds = time.perf_counter() - start
            assert analysis is not None and analysis.engine == engine
            memory = [rss_mb(p) for p in worker.analysis_pids()]
            lines.append(
                f"  {engine:5}: computer worker after {len(games)} expert decisions VmRSS "
                f"{rss:.0f} MB (peak {peak:.0f} MB); the 7-point match ({len(match.records())} "
                f"games, {len(analysis.decisions)} decisions) analysed at {ANALYSIS_PLY}-ply in "
                f"{seconds:.1f} s on {jobs} workers (replaced {worker.replaced}), their VmRSS "
                + ", ".join(f"{r:.0f} MB (peak {p:.0f})" for r, p in memory)
            )
        finally:
            await worker.close()
    return lines


# -- main ----------------------------------------------------------------------------------------


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def section(title: str, run: Callable[[], list[str]]) -> None:
    start = time.perf_counter()
    print(f"{title}   [{load()}]", flush=True)
    for line in run():
        print(line, flush=True)
    print(f"  [{time.perf_counter() - start:.0f} s]", flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--money", type=int, default=1000, help="money games at the fastest ply")
    parser.add_argument("--matches", type=int, default=200, help="5-point matches, fastest ply")
    parser.add_argument("--expert-matches", type=int, default=200, help="5-point matches, expert")
    parser.add_argument("--rollout-positions", type=int, default=200)
    parser.add_argument("--trials", type=int, default=216, help="rollout trials a play")
    parser.add_argument("--horizon", type=int, default=7, help="half-moves a rollout trial")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=38_000)
    parser.add_argument(
        "--only", nargs="*", choices=("fast", "expert", "rollouts", "times"), default=None
    )
    parser.add_argument("--record", type=Path, help="the expert pairs played, kept across runs")
    args = parser.parse_args(argv)
    wanted = set(args.only or ("fast", "expert", "rollouts", "times"))
    print(f"Open Sage against GNU Backgammon's nets, seed {args.seed}   [{load()}]", flush=True)
    spots: list[Spot] = []
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(args.jobs, mp_context=context) as pool:
        if "fast" in wanted:

            def fast() -> list[str]:
                label = "fastest (0-ply)"
                money = run_pairs(pool, 0, FAST.name, args.money // 2, args.seed, True, label)
                matches = run_pairs(
                    pool, LENGTH, FAST.name, args.matches // 2, args.seed + 1, True, label
                )
                for r in money + matches:
                    spots.extend(r.spots)
                return (
                    head_to_head_lines(label, 0, money)
                    + head_to_head_lines(label, LENGTH, matches)
                    + time_lines(merged(money + matches))
                )

            section("Head to head at the fastest depth (GNU Backgammon's 0-ply)", fast)
        if "rollouts" in wanted and args.rollout_positions:

            def rollouts() -> list[str]:
                found = spots or spots_for_rollouts(pool, args.seed + 3, 100)
                order = random.Random(args.seed).sample(found, len(found))
                verdicts, analysed = find_verdicts(
                    pool,
                    order,
                    args.rollout_positions,
                    args.trials,
                    args.horizon,
                    args.seed,
                    args.jobs,
                )
                return verdict_lines(verdicts, analysed, args.trials, args.horizon)

            section("Where they disagree at 2-ply: truncated rollouts", rollouts)
        if "times" in wanted:

            def costs() -> list[str]:
                return hint_lines() + asyncio.run(worker_lines(args.jobs))

            section("Hints, the analysis and memory", costs)
        if "expert" in wanted and args.expert_matches:

            def expert() -> list[str]:
                label = "expert (2-ply)"
                found = run_pairs(
                    pool,
                    LENGTH,
                    "expert",
                    args.expert_matches // 2,
                    args.seed + 2,
                    False,
                    label,
                    args.record,
                )
                return head_to_head_lines(label, LENGTH, found) + time_lines(merged(found))

            section("Head to head at expert (2-ply checker play and cube)", expert)
    print(f"done   [{load()}]", flush=True)


if __name__ == "__main__":
    main()
