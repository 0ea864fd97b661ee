"""Hints and game analysis: how long they take.

Run from the repository root::

    python -m benchmarks.analysis [--ply N] [--positions P] [--match FILE]
                                  [--skip-hints] [--skip-2ply] [--workers W]
                                  [--nardy-games G] [--skip-backgammon]

Hint time: the ``hint`` advice for the fixed positions of ``tests/data/analysis/positions.json``
(the 50+ positions of the hint tests; money play, the cube centred), asked through
:meth:`bot.ai.worker.ComputerWorker.advise` exactly as the chat asks it (a warm hint worker
process, the round trip included), after rolling (the best plays) and before rolling (the cube
decision), p50 and p99 of the wall time.  Each position is asked once per kind: GNU Backgammon's
engine (:mod:`bot.ai.core`) caches evaluations inside the worker, so a repeated question would
measure the cache.

Analysis time: a recorded 7-point match (``tests/data/analysis/match7_21.json``, or ``--match``)
analysed at 0-ply and at 2-ply through :meth:`bot.ai.worker.ComputerWorker.analyse` as the chat
asks it (checker play and cube cubeful at the score, and luck, as GNU Backgammon analyses by
default; the round trips included), each ply in a fresh analysis lane warmed up beforehand on
another match: the games at once on ``--workers`` processes (``AI_ANALYSIS_WORKERS``'s default),
and the plain way beside it, game by game on one; and Debian's GNU Backgammon analysing the same
match's ``.mat`` at the same ply in the same run (``gnubg -t -r``: ``import mat``, ``analyse
match`` with its default settings, its rc files unread, but for the plies: ``set analysis
chequerplay evaluation plies N`` and ``set analysis cubedecision evaluation plies N``; its
default is one calculation thread), the wall time of the whole process,
with beside it the time of the same process doing no more than import the ``.mat`` (its start,
which loads its nets).  Printed side by side per ply with the ratio ours / gnubg's (and the same
without gnubg's start).  The target: at each ply no more wall time than GNU Backgammon's (a
ratio of 1 or less).

Long nardy's analysis time: ``--nardy-games`` seeded one-game long nardy matches (the computer
at ``casual`` against itself, on the network), each analysed through
:meth:`bot.ai.worker.ComputerWorker.analyse` as the chat asks it at the default depth, by each
long nardy engine (``AI_NARDY_ENGINE``): the network two rolls deep (its expert's search) and
the hand-weighted player at its depth 1, each in a fresh analysis lane warmed up beforehand on
another game: the seconds of each game and its decisions.  No target: GNU Backgammon does not
analyse long nardy; what a game costs is what ``AI_ANALYSIS_BUDGET`` must allow.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import subprocess
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from benchmarks.gnubg_cli import gnubg_path
from bot.ai.advice import HINT_PLY
from bot.ai.computer import decide
from bot.ai.levels import LEVELS
from bot.ai.report import NARDY_ENGINES, NardyEngine
from bot.ai.worker import ANALYSIS_PLY, ComputerWorker
from bot.settings import Settings
from engine.game import Action, ActionKind, Game, Phase
from engine.match import Match
from engine.matfile import format_mat
from engine.position import Position

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "analysis"
POSITIONS = DATA / "positions.json"
MATCH = DATA / "match7_21.json"
WARM_MATCH = DATA / "money_11.json"


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


def load_match(path: Path) -> Match:
    return Match.from_dict(json.loads(path.read_text()))


async def lane_timing(match: Match, ply: int, workers: int) -> tuple[float, int]:
    """Seconds to analyse ``match`` at ``ply`` through a fresh analysis lane of ``workers``
    processes (warmed up first on another match), and the decisions found."""
    worker = ComputerWorker(1, analysis_ply=ply, analysis_workers=workers)
    try:
        warm = await worker.analyse(load_match(WARM_MATCH), 0)  # starts and warms the workers
        assert warm is not None
        start = time.perf_counter()
        analysis = await worker.analyse(match, ply)
        seconds = time.perf_counter() - start
        assert analysis is not None and analysis.ply == ply and worker.replaced == 0
        return seconds, len(analysis.decisions)
    finally:
        await worker.close()


def gnubg_seconds(mat: Path, ply: int | None) -> float:
    """Wall seconds of ``gnubg -t`` importing ``mat`` and analysing it at ``ply`` (``None``:
    importing it only), its settings GNU Backgammon's defaults but for the plies (no rc file
    read)."""
    commands = [
        f"set analysis chequerplay evaluation plies {ply or 0}",
        f"set analysis cubedecision evaluation plies {ply or 0}",
        f"import mat {mat}",
        *(["analyse match", "show statistics match"] if ply is not None else []),
        "",
    ]
    start = time.perf_counter()
    run = subprocess.run(
        [gnubg_path(), "-t", "-q", "-r"],
        input="\n".join(commands),
        capture_output=True,
        text=True,
        timeout=3600,
        check=True,
    )
    seconds = time.perf_counter() - start
    assert ply is None or "Overall statistics" in run.stdout, run.stdout[-2000:]
    return seconds


def print_analysis_timing(path: Path, plies: list[int], workers: int) -> None:
    match = load_match(path)
    games = len(match.records())
    with tempfile.TemporaryDirectory() as tmp:
        mat = Path(tmp) / "match.mat"
        mat.write_text(format_mat(match, ("Alice", "Bob")))
        startup = gnubg_seconds(mat, None)
        for ply in plies:
            plain, decisions = asyncio.run(lane_timing(match, ply, 1))
            ours, _ = asyncio.run(lane_timing(match, ply, workers))
            theirs = gnubg_seconds(mat, ply)
            net = theirs - startup
            print(
                f"analysis ({match.length}-point match, {games} games, {decisions} decisions, "
                f"{ply}-ply): gnubg -t {theirs:.2f} s (its start and import alone "
                f"{startup:.2f} s); ours, the games on {workers} analysis workers at once "
                f"{ours:.2f} s, ours / gnubg's {ours / theirs:.2f} (target 1.00 or less)"
                + (f" (without its start {ours / net:.2f})" if net > 0 else "")
                + f"; the plain way, game by game on one worker {plain:.2f} s "
                f"({plain / theirs:.2f})"
            )


def nardy_game(seed: int) -> Match:
    """A seeded one-game long nardy match of the computer at ``casual`` against itself."""
    rng = random.Random(seed)
    dice = random.Random(seed + 1000)
    match = Match.new(1, "long_nardy")
    while not match.game.is_over:
        game = match.game
        if game.phase is Phase.OPENING:
            match = match.apply(Action(ActionKind.ROLL, 0), lambda: dice.randint(1, 6))
            continue
        player = game.responder if game.responder is not None else game.turn
        assert player is not None
        action = decide(game, player, LEVELS["casual"], rng)
        assert action is not None
        roll = (lambda: dice.randint(1, 6)) if action.kind == "roll" else None
        match = match.apply(action, roll)
    return match


async def nardy_timing(engine: NardyEngine, games: list[Match]) -> list[tuple[float, int, int]]:
    """Seconds to analyse each of ``games`` by long nardy's ``engine`` through a fresh analysis
    lane (warmed up first on another game) at the default depth, its decisions and the depth
    it was analysed at."""
    worker = ComputerWorker(1, analysis_workers=1, ponder=False, nardy_engine=engine)
    out = []
    try:
        warm = await worker.analyse(nardy_game(0), 0)  # starts and warms the worker
        assert warm is not None
        for match in games:
            start = time.perf_counter()
            analysis = await worker.analyse(match)
            seconds = time.perf_counter() - start
            assert analysis is not None and worker.replaced == 0
            assert analysis.engine == ("nardy-net" if engine == "net" else "nardy")
            out.append((seconds, len(analysis.decisions), analysis.ply))
    finally:
        await worker.close()
    return out


def print_nardy_timing(count: int) -> None:
    games = [nardy_game(seed) for seed in range(1, count + 1)]
    for engine in NARDY_ENGINES:
        figures = asyncio.run(nardy_timing(engine, games))
        each = ", ".join(f"{s:.1f} s ({n} decisions)" for s, n, _ in figures)
        depths = sorted({ply for _, _, ply in figures})
        print(
            f"long nardy analysis by {engine} (AI_NARDY_ENGINE), one game through the worker"
            f" (AI_ANALYSIS_PLY {ANALYSIS_PLY}: depth {', '.join(map(str, depths))}): {each};"
            f" mean {sum(s for s, _, _ in figures) / len(figures):.1f} s"
        )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.analysis")
    parser.add_argument("--ply", type=int, default=HINT_PLY, help="depth of the hints")
    parser.add_argument("--positions", type=int, default=None, help="fixed positions used")
    parser.add_argument("--match", type=Path, default=MATCH, help="recorded match to analyse")
    parser.add_argument("--skip-hints", action="store_true", help="no hint timing")
    parser.add_argument("--skip-2ply", action="store_true", help="analyse at 0-ply only")
    parser.add_argument(
        "--workers",
        type=int,
        default=Settings.model_fields["ai_analysis_workers"].get_default(call_default_factory=True),
        help="analysis workers (AI_ANALYSIS_WORKERS's default: one a core, at most four)",
    )
    parser.add_argument(
        "--nardy-games", type=int, default=3, help="long nardy games analysed (0: none)"
    )
    parser.add_argument("--skip-backgammon", action="store_true", help="long nardy only")
    args = parser.parse_args(argv)
    if not args.skip_backgammon:
        if not args.skip_hints:
            print_hint_timing(args.ply, args.positions)
        print_analysis_timing(args.match, [0] if args.skip_2ply else [0, 2], args.workers)
    if args.nardy_games > 0:
        print_nardy_timing(args.nardy_games)


if __name__ == "__main__":
    main()
