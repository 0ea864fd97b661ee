"""The computer opponent's figures: move time, the app while it thinks, match results, PR per
level, cube agreement.

Run from the repository root::

    python -m benchmarks.opponent [--games N] [--nardy-games M] [--pr-matches P] [--pr-jobs J]
                                  [--pr-checked C] [--only SECTION ...]
                                  [--timing T] [--turn-games G] [--cube C] [--money K]
                                  [--computer-tables A] [--people-tables B] [--people-updates U]
                                  [--people-rate R] [--ponder-games Q]

Everything is printed in one run (``--only`` names the sections wanted: ``times``, ``worker``,
``ponder``, ``app``, ``pr``, ``cube``, ``matches``), each figure with its target and the
machine's load average:

* move time per level (p50 and p99, wall and CPU), twice.  The evaluation alone: a backgammon
  play per level (:func:`bot.ai.levels.choose_ranked`, money play with the cube centred), a
  plain 1-ply play, cube decisions at 0, 1 and 2-ply (7-point match at 0-0, the cube centred;
  :func:`bot.ai.core.cube_decision`), long nardy plays per level, each series in a fresh process
  on the same ``--timing`` positions (GNU Backgammon's engine caches evaluations, so no series
  may profit from another's).  Then what a player waits for: whole
  turns (the decision before the roll, with its cube and resignation looks, then the play) and
  the play alone, through a fresh warm :class:`bot.ai.worker.ComputerWorker` per level — the
  game pickled, the pipe, the worker process — wall time here and the worker's CPU from
  ``/proc`` (clock ticks: 10 ms steps); ``strong`` with the plain 2-ply cube look before every
  roll the same way, in a spawned process of its own.  Then
  the whole turns of ``--turn-games`` seeded games of ``strong`` against itself with the cube
  in play at seeded match scores (:func:`seeded_match_game`: what a player meets over a game,
  where the ``--timing`` positions are one score and a centred cube), and the answers to its
  doubles; the plain 2-ply cube look the same way beside them;
* what a person waits for over a game: the whole turns of ``strong`` in ``--ponder-games``
  seeded games against a person's stand-in (``casual``: plays that are often not the
  computer's own), the computer pondering while the stand-in thinks over each roll
  (:meth:`bot.ai.worker.ComputerWorker.ponder`), then the same games without pondering; how
  many decisions before a roll a ponder answered, and how long the ponders took;
* the app while the computer thinks: a real :class:`bot.app.App` on a private ``redis-server``
  with the real worker, people at ``--people-tables`` tables sending ``--people-updates``
  updates at ``--people-rate`` a second (:func:`benchmarks.app.drive`), first alone, then while
  persons play the computer (``strong`` and ``expert`` in turn) on ``--computer-tables``
  tables: the event loop's lag (the overshoot of a 10 ms sleep; p50, p99, max), the people's
  latency, the computer's decisions and their wait, the worker's RSS and peak RSS
  (``/proc/<pid>/status``);
* each level's PR, cubeful at the score: ``--pr-matches`` seeded 5-point matches of the level
  (and of a plain 1-ply player) against ``expert`` (every action through
  :func:`bot.ai.computer.decide`, seats alternating), each analysed at 2-ply by
  :func:`bot.ai.analysis.analyse_match` as GNU Backgammon analyses by default; the level's PR
  is its error per unforced decision × 500 over all its matches (checker play and cube), its
  opponent's beside it; ``--pr-jobs`` processes play and analyse them; the first
  ``--pr-checked`` matches of each level are analysed by ``gnubg -t`` as well (its default
  ``analyse match`` at 2-ply), and its PR of the level printed beside ours in those matches;
* the share of the ``--cube`` fixed match cube positions where the computer's double and take
  decisions equal GNU Backgammon's own 2-ply advice at that score, per level; and of the
  ``--money`` money positions where they equal its 2-ply money advice (both stored from
  ``gnubg -t`` by :mod:`benchmarks.ai_sets`);
* match results over seeded single games without a cube (the computer goes through
  :func:`bot.ai.computer.decide` and the engine applies every action): ``strong`` against a
  random player and ``beginner`` against ``strong`` (``--games`` each), the long nardy player at
  ``strong`` against a random player and against a greedy pip-count player (``--nardy-games``
  each).  Seats alternate game by game.

The fixed positions are those of ``tests/data/ai_positions.json`` (:mod:`benchmarks.ai_sets`).
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import tempfile
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TypeVar

from benchmarks.ai_sets import case_game, cube_game, load
from benchmarks.app import Stats, drive, redis_server
from benchmarks.gnubg_cli import statistics
from benchmarks.nardy_tune import greedy_player
from bot.ai import core
from bot.ai.analysis import analyse_match, performance_rating
from bot.ai.computer import NARDY_DEPTH, decide
from bot.ai.levels import LEVELS, Level, choose_ranked
from bot.ai.nardy_player import choose_play as nardy_choose
from bot.ai.worker import ComputerWorker, warm_up
from bot.app import App, Update, User
from bot.store import RedisStore, TableKey
from engine import Action, ActionKind, DiceSource, Game, Options, Phase, Position, legal_plays
from engine.match import Match
from engine.matfile import format_mat
from engine.movegen import Play
from engine.nardy import LongNardyPosition
from engine.notation import format_play

Decider = Callable[[Game, int, random.Random], Action | None]


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def _timed(run: Callable[..., object], *args: Any, **kwargs: Any) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    run(*args, **kwargs)
    return time.perf_counter() - wall, time.process_time() - cpu


def _times_line(name: str, walls: list[float], cpus: list[float], target: str = "") -> str:
    return (
        f"  {name:30} wall p50 {percentile(walls, 0.5) * 1e3:8.1f} ms  p99 "
        f"{percentile(walls, 0.99) * 1e3:8.1f} ms   cpu p50 {percentile(cpus, 0.5) * 1e3:8.1f} ms"
        f"  p99 {percentile(cpus, 0.99) * 1e3:8.1f} ms{'   ' + target if target else ''}"
    )


def _bg_positions(data: dict[str, list[dict[str, Any]]]) -> list[tuple[Position, tuple[int, int]]]:
    return [
        (Position.from_gnubg_id(p["position"]), (p["dice"][0], p["dice"][1])) for p in data["plays"]
    ]


def _nardy_positions(
    data: dict[str, list[dict[str, Any]]],
) -> list[tuple[Position, tuple[int, int]]]:
    return [
        (
            LongNardyPosition(tuple(p["player"]), tuple(p["opponent"])),
            (p["dice"][0], p["dice"][1]),
        )
        for p in data["nardy"]
    ]


TIME_TARGETS = {"strong": "target p99 <= 50 ms", "expert": "target p99 <= 1500 ms"}
PLAIN_STRONG = replace(LEVELS["strong"], cube_quick=False)
"""``strong`` with the plain 2-ply cube look before every roll (no 0-ply shortcut where the
decision is clear, :data:`bot.ai.computer.CLEARLY_DOUBLE`)."""
PLAIN: dict[str, Level] = {"strong": PLAIN_STRONG}
"""The plain way of each level whose speed comes from a shortcut, measured beside it."""
PLAIN_LABELS = {"strong": "plain 2-ply cube"}
MONEY = core.Cube()
"""The cube of the timed fixed positions' plays: money play, the cube centred."""
MATCH_CUBE = core.Cube(length=7)
"""The cube of the timed cube decisions: a 7-point match at 0-0, the cube centred."""

Timed = tuple[list[float], list[float]]


def time_series(kind: str, items: list[tuple[Position, tuple[int, int]]]) -> Timed:
    """Run in a fresh process (GNU Backgammon's engine caches evaluations, so no series may
    profit from another's): the wall and CPU seconds of each decision of ``kind`` on ``items``.

    ``kind`` is a level (its backgammon play, :data:`MONEY`), ``ply-N`` (a plain N-ply play),
    ``cube-N`` (a cube decision at N-ply, :data:`MATCH_CUBE`) or ``nardy-LEVEL`` (the long
    nardy play at that level's depth and noise).
    """
    rng = random.Random(1)
    walls: list[float] = []
    cpus: list[float] = []
    for position, dice in items:
        if kind in LEVELS:
            w, c = _timed(choose_ranked, position, dice, MONEY, LEVELS[kind], rng)
        elif kind.startswith("ply-"):
            w, c = _timed(core.rank_plays, position, dice, MONEY, int(kind[4:]))
        elif kind.startswith("cube-"):
            w, c = _timed(core.cube_decision, position, MATCH_CUBE, int(kind[5:]))
        else:
            depth, noise = NARDY_DEPTH[kind.removeprefix("nardy-")]
            w, c = _timed(nardy_choose, position, dice, rng, depth=depth, noise=noise)
        walls.append(w)
        cpus.append(c)
    return walls, cpus


def _fresh(kind: str, items: list[tuple[Position, tuple[int, int]]]) -> Timed:
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=1, mp_context=context) as pool:
        return pool.submit(time_series, kind, items).result()


def move_times(data: dict[str, list[dict[str, Any]]], count: int) -> list[str]:
    """The evaluation alone, per level, each series in a fresh process on the same positions."""
    every = _bg_positions(data)[:count]
    lines = [
        f"move time, evaluation alone (backgammon, the same {len(every)} positions for each "
        "series, each in a fresh process):"
    ]
    for name, level in LEVELS.items():
        label = f"{name} ({level.ply}-ply, noise {level.noise})"
        lines.append(_times_line(label, *_fresh(name, every), TIME_TARGETS.get(name, "")))
    lines.append(_times_line("plain 1-ply play", *_fresh("ply-1", every)))
    cube_positions = [(Position.from_gnubg_id(c["position"]), (0, 0)) for c in data["cube"]]
    for ply in (0, 1, 2):
        lines.append(
            _times_line(f"cube decision {ply}-ply", *_fresh(f"cube-{ply}", cube_positions[:count]))
        )
    nardy = _nardy_positions(data)[:count]
    lines.append(f"move time (long nardy, {len(nardy)} positions):")
    for name in LEVELS:
        depth, noise = NARDY_DEPTH[name]
        label = f"{name} (depth {depth}, noise {noise})"
        lines.append(
            _times_line(label, *_fresh(f"nardy-{name}", nardy), TIME_TARGETS.get(name, ""))
        )
    return lines


# -- through the worker --------------------------------------------------------------------------


def worker_cpu(pid: int) -> float:
    """CPU seconds (user + system) process ``pid`` has used, from ``/proc``."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> tuple[float, float]:
    """Resident and peak resident memory (MB) of process ``pid``, from ``/proc``."""
    found: dict[str, float] = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                found[key] = int(value.split()[0]) / 1024
    return found.get("VmRSS", 0.0), found.get("VmHWM", 0.0)


def turn_games(position: Position, dice: tuple[int, int]) -> tuple[Game, Game]:
    """A 5-point match game at ``position`` before player 0's roll, and after it rolled ``dice``."""
    before = cube_game(position, 5, (0, 0), 1, False)
    return before, replace(before, phase=Phase.MOVE, dice=dice)


Ask = Callable[[Game, int, str], Awaitable[Action | None]]
"""The computer asked for its action as a player in a game, with a seed."""
R = TypeVar("R")


def plain_think(game: Game, player: int, seed: str, level: str) -> Action | None:
    """Run in a worker process: the decision of the plain way of ``level`` (:data:`PLAIN`), as
    the worker's own :func:`bot.ai.worker.think` makes the level's."""
    return decide(game, player, PLAIN[level], random.Random(seed))


async def _worker_turns(
    ask: Ask,
    pid: int,
    items: list[tuple[Position, tuple[int, int]]],
) -> tuple[Timed, Timed]:
    """(turns, plays): wall in this process and CPU of worker ``pid`` per whole turn (the
    decision before the roll, with its cube and resignation looks, then the play) and per
    play alone."""
    turns: Timed = ([], [])
    plays: Timed = ([], [])
    for n, (position, dice) in enumerate(items):
        before, rolled = turn_games(position, dice)
        cpu, wall = worker_cpu(pid), time.perf_counter()
        await ask(before, 0, f"r{n}")
        mid_cpu, mid = worker_cpu(pid), time.perf_counter()
        await ask(rolled, 0, f"p{n}")
        end_cpu, end = worker_cpu(pid), time.perf_counter()
        turns[0].append(end - wall)
        turns[1].append(end_cpu - cpu)
        plays[0].append(end - mid)
        plays[1].append(end_cpu - mid_cpu)
    return turns, plays


def seeded_match_game(seed: int) -> Game:
    """A backgammon game with the cube at a seeded match score: length 3 to 11, each side
    0 to 2 points or more away (post-Crawford never, the Crawford game never)."""
    rng = random.Random(seed)
    length = rng.choice((3, 5, 7, 9, 11))
    score = (rng.randrange(length - 1), rng.randrange(length - 1))
    return Game.new("backgammon", match_length=length, score=score)


def next_to_act(game: Game, roll: DiceSource) -> tuple[Game, int | None]:
    """``game`` with its opening roll made if it waits for one, and who is to act in it now
    (``None``: it is over)."""
    if game.is_over:
        return game, None
    if game.phase is Phase.OPENING:
        game = game.roll(0, roll)
    return game, game.responder if game.responder is not None else game.turn


async def game_turns(ask: Ask, pid: int, games: int, seed: int) -> tuple[Timed, Timed]:
    """(turns, answers) over ``games`` seeded games of the computer against itself
    (:func:`seeded_match_game`, every decision through ``ask``): wall here and CPU of worker
    ``pid`` of each whole turn (from the decision before the roll, with its cube look, to the
    play; an answer to its double is the other side's wait) and of each answer to a double."""
    turns: Timed = ([], [])
    answers: Timed = ([], [])
    for g in range(games):
        game = seeded_match_game(seed + g)
        dice = random.Random(seed + g + 1000)

        def roll(dice: random.Random = dice) -> int:
            return dice.randint(1, 6)

        current: int | None = None
        wall = cpu = 0.0
        for step in range(5000):
            game, player = next_to_act(game, roll)
            if player is None:
                break
            if game.phase is Phase.ROLL and game.resign is None and game.turn != current:
                if current is not None:
                    turns[0].append(wall)
                    turns[1].append(cpu)
                current, wall, cpu = game.turn, 0.0, 0.0
            answer = game.phase is Phase.DOUBLED
            start_cpu, start = worker_cpu(pid), time.perf_counter()
            action = await ask(game, player, f"g{seed + g}-{step}")
            took, took_cpu = time.perf_counter() - start, worker_cpu(pid) - start_cpu
            if answer:
                answers[0].append(took)
                answers[1].append(took_cpu)
            elif player == current:
                wall += took
                cpu += took_cpu
            if action is None:
                raise RuntimeError(f"the computer did nothing as {player} in {game.phase}")
            game = game.apply(action, roll if action.kind == "roll" else None)
        if current is not None:
            turns[0].append(wall)
            turns[1].append(cpu)
    return turns, answers


async def with_worker(level: str, run: Callable[[Ask, int], Awaitable[R]]) -> R:
    """``run(ask, pid)`` with a fresh warm :class:`bot.ai.worker.ComputerWorker` deciding at
    ``level`` (``pid``: its process)."""
    worker = ComputerWorker(1)
    await worker.start()
    try:
        [pid] = worker.pids()

        async def ask(game: Game, player: int, seed: str) -> Action | None:
            return await worker.decide(game, player, level, seed)

        return await run(ask, pid)
    finally:
        await worker.close()


async def with_plain(level: str, run: Callable[[Ask, int], Awaitable[R]]) -> R:
    """``run(ask, pid)`` with the plain way of ``level`` (:data:`PLAIN`) deciding in a spawned
    warm process of its own, as the worker does."""
    context = multiprocessing.get_context("spawn")
    loop = asyncio.get_running_loop()
    with ProcessPoolExecutor(max_workers=1, mp_context=context) as pool:
        pid = await loop.run_in_executor(pool, warm_up)
        # the first call imports this module there: not a decision's time
        await loop.run_in_executor(pool, plain_think, Game.new(), 0, "warm", level)

        async def ask(game: Game, player: int, seed: str) -> Action | None:
            return await loop.run_in_executor(pool, plain_think, game, player, seed, level)

        return await run(ask, pid)


async def through_worker(
    data: dict[str, list[dict[str, Any]]], count: int, games: int, seed: int = 300
) -> list[str]:
    """Move time as a player waits for it: through a fresh warm worker per level (the game
    pickled, the pipe, the worker process), the same positions for every level; then the
    whole turns of ``games`` seeded games with the cube at ``strong``; each shortcut's plain
    way beside it."""
    items = _bg_positions(data)[:count]
    lines = [
        f"move time through the worker (what the player waits for; {len(items)} turns per "
        f"level, each a 5-point match game at 0-0, the cube centred; a fresh warm worker each; "
        f"cold: no turn of a person's before them to ponder on; wall here, CPU of the worker "
        f"from /proc; {load_text()}):"
    ]

    async def positions(ask: Ask, pid: int) -> tuple[Timed, Timed]:
        return await _worker_turns(ask, pid, items)

    for name in LEVELS:
        turns, plays = await with_worker(name, positions)
        target = TIME_TARGETS.get(name, "")
        lines.append(_times_line(f"{name} turn (cube + play)", *turns, target))
        lines.append(_times_line(f"{name} play alone", *plays))
    for name, label in PLAIN_LABELS.items():
        turns, plays = await with_plain(name, positions)
        lines.append(_times_line(f"{name} before: {label} turn", *turns))
        lines.append(_times_line(f"{name} before: {label} play", *plays))

    async def in_games(ask: Ask, pid: int) -> tuple[Timed, Timed]:
        return await game_turns(ask, pid, games, seed)

    turns, answers = await with_worker("strong", in_games)
    lines.append(
        f"  whole turns of {games} seeded games of strong against itself (cold: no person's "
        f"time to ponder on), the cube in play at seeded match scores ({len(turns[0])} turns, "
        f"{len(answers[0])} answers to a double; {load_text()}):"
    )
    lines.append(_times_line("strong turn (cube + play)", *turns, TIME_TARGETS["strong"]))
    lines.append(_times_line("strong answer to a double", *answers))
    turns, answers = await with_plain("strong", in_games)
    lines.append(_times_line(f"strong before: {PLAIN_LABELS['strong']} turn", *turns))
    lines.append(_times_line(f"strong before: {PLAIN_LABELS['strong']} answer", *answers))
    return lines


STAND_IN = "casual"
"""The level of the person's stand-in in the pondering games (PR about 7: a club player's
plays, not always the computer's own best)."""


async def person_games(
    worker: ComputerWorker, pid: int, games: int, seed: int, ponder: bool
) -> tuple[Timed, Timed, list[float], int]:
    """(turns, answers, ponders, decisions before a roll) over ``games`` seeded games
    (:func:`seeded_match_game`) of ``strong`` through ``worker`` against a person's stand-in
    (:data:`STAND_IN`, deciding here), seats alternating: wall here and CPU of worker ``pid``
    of each of the computer's whole turns and of each of its answers to a double.  With
    ``ponder`` the computer ponders while the stand-in is on roll and thinks over each roll
    (the stand-in acts once the ponder is done; how long each took is in ``ponders``: a
    person's thought takes longer)."""
    turns: Timed = ([], [])
    answers: Timed = ([], [])
    ponders: list[float] = []
    before_roll = 0
    person = LEVELS[STAND_IN]
    for g in range(games):
        game = seeded_match_game(seed + g)
        dice = random.Random(seed + g + 1000)
        noise = random.Random(seed + g + 2000)
        me = g % 2

        def roll(dice: random.Random = dice) -> int:
            return dice.randint(1, 6)

        wall = cpu = 0.0
        timing = False
        for step in range(5000):
            game, player = next_to_act(game, roll)
            if player is None:
                break
            if game.phase is Phase.ROLL and game.resign is None and game.turn == me and not timing:
                timing, wall, cpu = True, 0.0, 0.0
            if game.turn != me and timing:
                turns[0].append(wall)
                turns[1].append(cpu)
                timing = False
            if player != me:
                if ponder and game.phase in (Phase.ROLL, Phase.MOVE) and not game.steps:
                    start = time.perf_counter()
                    await worker.pondered(game, player, me, "strong")
                    ponders.append(time.perf_counter() - start)
                action = decide(game, player, person, noise)
            else:
                answer = game.phase is Phase.DOUBLED
                before_roll += game.phase is Phase.ROLL and game.resign is None
                start_cpu, start = worker_cpu(pid), time.perf_counter()
                action = await worker.decide(game, player, "strong", f"p{seed + g}-{step}")
                took, took_cpu = time.perf_counter() - start, worker_cpu(pid) - start_cpu
                if answer:
                    answers[0].append(took)
                    answers[1].append(took_cpu)
                else:
                    wall += took
                    cpu += took_cpu
            if action is None:
                raise RuntimeError(f"nothing was done as {player} in {game.phase}")
            game = game.apply(action, roll if action.kind == "roll" else None)
        if timing:
            turns[0].append(wall)
            turns[1].append(cpu)
    return turns, answers, ponders, before_roll


async def pondering_lines(games: int, seed: int = 1300) -> list[str]:
    """The computer's whole turns against a person's stand-in, pondering on the person's time
    and not, the same seeded games in the same run (a fresh warm worker each)."""
    lines = [
        f"strong against a person's stand-in ({STAND_IN}), {games} seeded games with the cube at "
        f"seeded match scores, seats alternating, through a fresh warm worker ({load_text()}):"
    ]
    for ponder in (True, False):
        worker = ComputerWorker(1, ponder=ponder)
        await worker.start()
        try:
            [pid] = worker.pids()
            turns, answers, ponders, asked = await person_games(worker, pid, games, seed, ponder)
        finally:
            await worker.close()
        if ponder:
            lines.append(_times_line("strong turn, pondering", *turns, TIME_TARGETS["strong"]))
            lines.append(_times_line("strong answer, pondering", *answers))
            lines.append(
                f"  {len(turns[0])} turns; {worker.ponder_hits} of {asked + len(answers[0])} "
                f"decisions before a roll or on a double answered from a ponder; a ponder took p50 "
                f"{percentile(ponders, 0.5) * 1e3:.0f} ms, p99 "
                f"{percentile(ponders, 0.99) * 1e3:.0f} ms, max {max(ponders) * 1e3:.0f} ms "
                f"({len(ponders)} ponders)"
            )
        else:
            lines.append(_times_line("strong turn, not pondering", *turns))
            lines.append(_times_line("strong answer, not pondering", *answers))
    return lines


def load_text() -> str:
    """The machine's load average, for beside a time."""
    one, five, _ = os.getloadavg()
    return f"load average {one:.2f} / {five:.2f} on {os.cpu_count()} cores"


# -- games ---------------------------------------------------------------------------------------


def computer(level: str) -> Decider:
    """The computer at ``level``."""
    lvl = LEVELS[level]

    def act(game: Game, player: int, rng: random.Random) -> Action | None:
        return decide(game, player, lvl, rng)

    return act


def chooser(choose: Callable[[Position, tuple[int, int], random.Random], Play | None]) -> Decider:
    """A player that rolls, answers nothing, and plays ``choose``'s play."""

    def act(game: Game, player: int, rng: random.Random) -> Action | None:
        if game.is_over or game.turn != player:
            if game.resign is not None and game.resign.player != player:
                return Action(ActionKind.RESIGN_ACCEPT, player)
            return None
        if game.resign is not None:
            return None
        if game.phase is Phase.ROLL:
            return Action(ActionKind.ROLL, player)
        if game.phase is Phase.MOVE:
            assert game.dice is not None
            if game.steps:
                return Action(ActionKind.RESET, player)
            play = choose(game.position, game.dice, rng)
            return (
                Action(ActionKind.CONFIRM, player)
                if play is None
                else Action(ActionKind.PLAY, player, play=play)
            )
        return None

    return act


def _random_choice(position: Position, dice: tuple[int, int], rng: random.Random) -> Play | None:
    plays = legal_plays(position, dice)
    return rng.choice(plays) if plays else None


RANDOM = chooser(_random_choice)
GREEDY = chooser(greedy_player)


def play_game(variant: str, players: tuple[Decider, Decider], seed: int) -> int | None:
    """One cubeless game; the winner (``None`` for a draw)."""
    rng = random.Random(seed)
    dice = random.Random(seed + 1)
    options = Options(cube=False) if variant == "backgammon" else None
    game = Game.new(variant, options)

    def roll() -> int:
        return dice.randint(1, 6)

    for _ in range(5000):
        if game.is_over:
            assert game.result is not None
            return game.result.winner
        if game.phase is Phase.OPENING:
            game = game.roll(0, roll)
            continue
        acts = [players[p](game, p, rng) for p in (0, 1)]
        moving = [a for a in acts if a is not None]
        if len(moving) != 1:
            raise RuntimeError(f"{len(moving)} players act at once: {acts}")
        action = moving[0]
        game = game.apply(action, roll if action.kind == "roll" else None)
    raise RuntimeError("the game did not end")


def match(variant: str, a: Decider, b: Decider, games: int, seed: int) -> tuple[int, int]:
    """(games ``a`` won, games decided) over ``games`` seeded games, seats alternating."""
    won = decided = 0
    for g in range(games):
        seat = g % 2
        players = (a, b) if seat == 0 else (b, a)
        winner = play_game(variant, players, seed + g)
        if winner is not None:
            decided += 1
            won += winner == seat
    return won, decided


def match_lines(games: int, nardy_games: int) -> list[str]:
    lines = ["match results (seeded single games, no cube, seats alternating):"]
    runs = [
        (
            "backgammon",
            "strong vs random",
            computer("strong"),
            RANDOM,
            games,
            "target >= 199 of 200",
        ),
        (
            "backgammon",
            "beginner vs strong",
            computer("beginner"),
            computer("strong"),
            games,
            "target 10-30%",
        ),
        (
            "long_nardy",
            "long nardy strong vs random",
            computer("strong"),
            RANDOM,
            nardy_games,
            "target >= 97%",
        ),
        (
            "long_nardy",
            "long nardy strong vs greedy pips",
            computer("strong"),
            GREEDY,
            nardy_games,
            "target >= 85%",
        ),
    ]
    for variant, label, a, b, count, target in runs:
        start = time.perf_counter()
        won, decided = match(variant, a, b, count, 10_000)
        share = won / decided if decided else 0.0
        lines.append(
            f"  {label:34} won {won:4} of {decided:4} ({share:6.1%})   {target}"
            f"   [{time.perf_counter() - start:.0f} s]"
        )
    return lines


# -- PR per level --------------------------------------------------------------------------------

PR_LENGTH = 5
"""The length of the matches a level's PR is measured over."""
PR_OPPONENT = "expert"
"""The level every rated level plays against."""
PR_PLY = 2
"""The depth of the analysis that rates the plays (GNU Backgammon's default)."""
PR_SEED = 7000
"""Match ``k`` of every level is played with seed ``PR_SEED + k`` (the same dice for all)."""
PR_LEVELS: dict[str, Level] = {**LEVELS, "plain 1-ply": Level("plain 1-ply", 1, 0.0)}
"""The levels rated, a plain 1-ply player (checker play and cube) beside them."""


def play_match(players: tuple[Level, Level], length: int, seed: int) -> Match:
    """A seeded ``length``-point match with the cube of ``players`` (player 0's level, player
    1's), every action chosen by :func:`bot.ai.computer.decide` and applied by the engine."""

    def by_level(game: Game, player: int, rng: random.Random) -> Action | None:
        return decide(game, player, players[player], rng)

    return play_match_by((by_level, by_level), length, seed)


def play_match_by(players: tuple[Decider, Decider], length: int, seed: int) -> Match:
    """A seeded ``length``-point match (0: one money game) whose actions ``players`` (player
    0's, player 1's) choose and the engine applies."""
    rng = random.Random(seed)
    dice = random.Random(seed + 1)

    def roll() -> int:
        return dice.randint(1, 6)

    match = Match.new(length)
    for _ in range(100_000):
        if match.is_over:
            return match
        if match.game.is_over:
            match = match.next_game()
            continue
        game, player = next_to_act(match.game, roll)
        match = match.with_game(game)
        if player is None:
            continue
        action = players[player](game, player, rng)
        if action is None:
            raise RuntimeError(f"player {player} did nothing in {game.phase}")
        match = match.apply(action, roll if action.kind == "roll" else None)
    raise RuntimeError("the match did not end")


@dataclass(frozen=True)
class Rated:
    """The rated level's loss (EMG) over its unforced decisions and their number, the same of
    its opponent, the games played; for a match checked by GNU Backgammon, its PR and the
    level's PR in that match by our analysis (else ``None``)."""

    loss: float = 0.0
    unforced: int = 0
    their_loss: float = 0.0
    their_unforced: int = 0
    games: int = 0
    checked: tuple[tuple[float, float], ...] = ()

    def __add__(self, other: Rated) -> Rated:
        return Rated(
            self.loss + other.loss,
            self.unforced + other.unforced,
            self.their_loss + other.their_loss,
            self.their_unforced + other.their_unforced,
            self.games + other.games,
            self.checked + other.checked,
        )


def rated_match(
    name: str, k: int, check: bool = False, length: int = PR_LENGTH, ply: int = PR_PLY
) -> Rated:
    """Match ``k`` of the level ``name`` (of :data:`PR_LEVELS`) against :data:`PR_OPPONENT`,
    the level in seat ``k % 2``, seed ``PR_SEED + k``, analysed at ``ply`` by
    :func:`bot.ai.analysis.analyse_match` (cubeful at the score, checker play and cube); with
    ``check``, its ``.mat`` analysed by ``gnubg -t`` as well (its defaults, at ``ply``)."""
    seat = k % 2
    level, other = PR_LEVELS[name], LEVELS[PR_OPPONENT]
    players = (level, other) if seat == 0 else (other, level)
    match = play_match(players, length, PR_SEED + k)
    analysis = analyse_match(match, ply)
    mine, theirs = analysis.summary(seat), analysis.summary(1 - seat)
    checked: tuple[tuple[float, float], ...] = ()
    if check:
        with tempfile.TemporaryDirectory() as tmp:
            mat = Path(tmp) / "match.mat"
            mat.write_text(format_mat(match, ("White", "Black")))
            rate = statistics(mat, ply)["rate"][seat]  # thousandths of EMG a decision
        checked = ((rate / 2, mine.pr),)
    return Rated(mine.loss, mine.unforced, theirs.loss, theirs.unforced, analysis.games, checked)


def level_prs(
    matches: int, jobs: int = 1, levels: dict[str, Level] = PR_LEVELS, checked: int = 0
) -> dict[str, Rated]:
    """Each level's figures (:class:`Rated`) summed over ``matches`` rated matches
    (:func:`rated_match`), the first ``checked`` of each checked by GNU Backgammon, played and
    analysed in ``jobs`` processes (1: here)."""
    work = [(name, k, k < checked) for name in levels for k in range(matches)]
    if jobs > 1:
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
            futures = [pool.submit(rated_match, name, k, check) for name, k, check in work]
            results = [f.result() for f in futures]
    else:
        results = [rated_match(name, k, check) for name, k, check in work]
    out: dict[str, Rated] = {name: Rated() for name in levels}
    for (name, _k, _check), r in zip(work, results, strict=True):
        out[name] = out[name] + r
    return out


def pr_lines(matches: int, jobs: int, checked: int = 1) -> list[str]:
    lines = [
        f"PR per level, cubeful at the score ({matches} seeded {PR_LENGTH}-point matches each "
        f"against {PR_OPPONENT}, seats alternating, analysed at {PR_PLY}-ply as GNU Backgammon "
        f"analyses by default; checker play and cube; the first {checked} of each analysed by "
        "gnubg -t too, its PR beside ours in the same matches):"
    ]
    for name, rated in level_prs(matches, jobs, checked=checked).items():
        level = PR_LEVELS[name]
        sample = ", ".join(f"{ours:.2f} vs gnubg {theirs:.2f}" for theirs, ours in rated.checked)
        lines.append(
            f"  {name:11} ({level.ply}-ply, noise {level.noise:5}): "
            f"PR {performance_rating(rated.loss, rated.unforced):5.2f} over "
            f"{rated.unforced:4} unforced decisions in {rated.games:3} games   ({PR_OPPONENT} "
            f"against it: PR {performance_rating(rated.their_loss, rated.their_unforced):5.2f})"
            + (f"   checked: {sample}" if sample else "")
        )
    return lines


# -- cube ----------------------------------------------------------------------------------------


def computer_cube(game: Game, level: Level, rng: random.Random) -> tuple[bool, bool]:
    """The computer's (double, take) in ``game`` (player 0 on roll before rolling)."""
    action = decide(game, 0, level, rng)
    double = action is not None and action.kind == "double"
    doubled = replace(game, phase=Phase.DOUBLED)
    answer = decide(doubled, 1, level, rng)
    take = answer is not None and answer.kind in ("take", "beaver")
    return double, take


def cube_agreement(
    data: dict[str, list[dict[str, Any]]], count: int, money: int
) -> dict[str, tuple[int, int, int, int]]:
    """Per level: (match agreeing, match total, money agreeing, money total)."""
    out: dict[str, tuple[int, int, int, int]] = {}
    levels = {**LEVELS, f"strong before: {PLAIN_LABELS['strong']}": PLAIN_STRONG}
    for name, level in levels.items():
        rng = random.Random(5)
        agree = total = magree = mtotal = 0
        for case in data["cube"][:count]:
            game = case_game(case)
            total += 1
            agree += computer_cube(game, level, rng) == (case["double"], case["take"])
        for case in data["money"][:money]:
            game = cube_game(
                Position.from_gnubg_id(case["position"]), 0, (0, 0), case["cube"], case["owned"]
            )
            mtotal += 1
            magree += computer_cube(game, level, rng) == (case["double"], case["take"])
        out[name] = (agree, total, magree, mtotal)
    return out


def cube_lines(data: dict[str, list[dict[str, Any]]], count: int, money: int) -> list[str]:
    lines = [
        "cube decisions equal to GNU Backgammon's (gnubg -t 2-ply; match: at the score, target "
        ">= 98%; money):"
    ]
    for name, (a, t, ma, mt) in cube_agreement(data, count, money).items():
        lines.append(
            f"  {name:34} match {a:4} of {t:4} ({a / t:6.1%})   money {ma:4} of {mt:4} "
            f"({ma / mt if mt else 0:6.1%})"
        )
    return lines


# -- the app while the computer thinks -------------------------------------------------------


TICK = 0.01
"""Seconds of the sleep whose overshoot is the event loop's lag."""

LAG_TARGET_MS = 50.0

PERSON_PAUSE = 0.5
"""Mean seconds a person against the computer pauses before each line."""


@dataclass
class Counted:
    """The worker as the app's opponent, with the wait of every decision kept (queueing for a
    busy worker included)."""

    worker: ComputerWorker
    waits: list[float] = field(default_factory=list)

    def budget(self, level: str) -> float:
        return self.worker.budget(level)

    async def decide(self, game: Game, player: int, level: str, seed: str) -> Action | None:
        start = time.perf_counter()
        action = await self.worker.decide(game, player, level, seed)
        self.waits.append(time.perf_counter() - start)
        return action

    def ponder(self, game: Game, mover: int, player: int, level: str) -> None:
        self.worker.ponder(game, mover, player, level)


def person_line(game: Game, rng: random.Random) -> str:
    """What a person against the computer types next (``game`` waits for him): a random play,
    a take, an accepted resignation, a roll."""
    if game.resign is not None or game.phase is Phase.BEAVERED:
        return "accept"
    if game.phase is Phase.DOUBLED:
        return "take"
    if game.phase is not Phase.MOVE or game.dice is None:
        return "roll"
    plays = legal_plays(game.position, game.dice)
    if not plays:
        return "board"
    play = rng.choice(plays)
    return "move " + format_play(game.position, game.dice, play, plays=plays)


async def against_computer(
    app: App, n: int, level: str, rng: random.Random, done: asyncio.Event
) -> int:
    """A person in a private chat plays the computer at ``level`` (a new match whenever one
    ends), pausing :data:`PERSON_PAUSE` on average before each line, until ``done``; the
    number of lines he sent."""
    key = TableKey("telegram", f"9{n}")
    user = User("telegram", f"9{n}", f"Player{n}", "en")
    sent = 0

    async def say(text: str) -> None:
        nonlocal sent
        sent += 1
        await app.handle(Update(key, user, f"9{n}-{sent}", text=text, private=True))
        async for _replies in app.computer_moves(key):
            pass

    await say(f"/new 5 bot {level}")
    while not done.is_set():
        table = await app.load_table(key)
        if table is None or table.stage == "over" or table.match is None:
            await say(f"/new 5 bot {level}")
            continue
        match = table.state()
        if match.is_over:
            await say(f"/new 5 bot {level}")
            continue
        await asyncio.sleep(rng.expovariate(1 / PERSON_PAUSE))
        await say(person_line(match.game, rng))
    return sent


async def app_run(
    computer_tables: int, human_tables: int, updates: int, rate: float, seed: int
) -> tuple[list[float], Stats, float, int, list[float], list[tuple[str, int, float, float]]]:
    """One run of a real app on a real Redis with the real worker: people at ``human_tables``
    tables send ``updates`` updates at about ``rate`` a second while persons play the
    computer on ``computer_tables`` tables (``strong`` and ``expert`` in turn).

    Returns the event loop's lags (s), the people's stats, the seconds and updates they took,
    the computer's decision waits (s) and its workers' (what, pid, RSS MB, peak RSS MB): the
    one that decides and the one that ponders.
    """
    with redis_server() as url:
        store = RedisStore.from_url(url)
        worker = ComputerWorker(1)
        await worker.start()
        opponent = Counted(worker)
        dice = random.Random(seed)
        app = App(store, dice=lambda: dice.randint(1, 6), computer=opponent)
        lags: list[float] = []
        done = asyncio.Event()

        async def monitor() -> None:
            while not done.is_set():
                start = time.perf_counter()
                await asyncio.sleep(TICK)
                lags.append(time.perf_counter() - start - TICK)

        try:
            # the first updates load what the app loads lazily (messages, notation, ...): not
            # a lag of the computer's
            await drive(app, 2, 20, False, seed, "7")
            others = asyncio.gather(
                monitor(),
                *(
                    against_computer(app, n, COMPUTER_LEVELS[n % 2], random.Random(seed + n), done)
                    for n in range(computer_tables)
                ),
            )
            try:
                stats, elapsed, sent = await drive(
                    app, human_tables, updates, False, seed, "8", rate=rate
                )
            finally:
                done.set()
                await others
            memory = [("worker", pid, *rss_mb(pid)) for pid in worker.pids()]
            memory += [("ponder worker", pid, *rss_mb(pid)) for pid in worker.ponder_pids()]
        finally:
            await worker.close()
            await store.close()
    return lags, stats, elapsed, sent, opponent.waits, memory


COMPUTER_LEVELS = ("strong", "expert")


def _ms(values: list[float]) -> str:
    if not values:
        return "none"
    ms = [v * 1e3 for v in values]
    return (
        f"p50 {percentile(ms, 0.5):.1f} ms  p99 {percentile(ms, 0.99):.1f} ms  max {max(ms):.1f} ms"
    )


async def app_figures_async(
    computer_tables: int, human_tables: int, updates: int, rate: float, seed: int
) -> list[str]:
    """The event loop's lag and the people's latency at their tables, first with nobody
    playing the computer, then while it thinks on ``computer_tables`` tables; the worker's
    memory."""
    lines = [
        f"the app while the computer thinks (real App, Redis and worker; {human_tables} tables "
        f"of people sending {updates} updates at {rate:.0f}/s; {load_text()}):"
    ]
    for tables in (0, computer_tables):
        lags, stats, elapsed, sent, waits, memory = await app_run(
            tables, human_tables, updates, rate, seed
        )
        what = (
            "nobody plays the computer"
            if not tables
            else f"{tables} tables play the computer ({', '.join(COMPUTER_LEVELS)} in turn)"
        )
        lines += [
            f"  {what}:",
            f"    event-loop lag (overshoot of a {TICK * 1e3:.0f} ms sleep, {len(lags)} samples):"
            f" {_ms(lags)}" + (f"   target p99 <= {LAG_TARGET_MS:.0f} ms" if tables else ""),
            f"    the people's updates: {sent} in {elapsed:.1f} s, "
            f"{_ms([x / 1e3 for x in stats.latencies])}",
        ]
        if tables:
            lines.append(
                f"    the computer's decisions: {len(waits)}, wait (queueing for the one worker "
                f"included) {_ms(waits)}"
            )
            for what, pid, rss, peak in memory:
                lines.append(f"    {what} {pid} RSS {rss:.1f} MB (peak {peak:.1f} MB)")
    here, here_peak = rss_mb(os.getpid())
    lines.append(f"  this process RSS {here:.1f} MB (peak {here_peak:.1f} MB); {load_text()}")
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200, help="backgammon games per match")
    parser.add_argument("--nardy-games", type=int, default=200, help="long nardy games per match")
    parser.add_argument(
        "--pr-matches", type=int, default=4, help="5-point matches per level for its PR"
    )
    parser.add_argument(
        "--pr-jobs", type=int, default=os.cpu_count() or 1, help="processes rating the levels"
    )
    parser.add_argument(
        "--pr-checked", type=int, default=1, help="rated matches of each level gnubg -t checks"
    )
    parser.add_argument("--timing", type=int, default=60, help="positions timed per series")
    parser.add_argument(
        "--turn-games", type=int, default=40, help="seeded games whose whole turns are timed"
    )
    parser.add_argument(
        "--ponder-games", type=int, default=40, help="seeded games against a person's stand-in"
    )
    parser.add_argument("--cube", type=int, default=200, help="match cube positions")
    parser.add_argument("--money", type=int, default=100, help="money cube positions")
    parser.add_argument(
        "--computer-tables", type=int, default=4, help="tables against the computer, app run"
    )
    parser.add_argument("--people-tables", type=int, default=20, help="people's tables, app run")
    parser.add_argument("--people-updates", type=int, default=600, help="their updates in all")
    parser.add_argument("--people-rate", type=float, default=40.0, help="their updates per second")
    parser.add_argument(
        "--only",
        nargs="+",
        choices=("times", "worker", "ponder", "app", "pr", "cube", "matches"),
        help="print these sections only (all by default)",
    )
    args = parser.parse_args(argv)
    data = load()
    start = time.perf_counter()
    sections: dict[str, Callable[[], list[str]]] = {
        "times": lambda: move_times(data, args.timing),
        "worker": lambda: asyncio.run(through_worker(data, args.timing, args.turn_games)),
        "ponder": lambda: asyncio.run(pondering_lines(args.ponder_games)),
        "app": lambda: asyncio.run(
            app_figures_async(
                args.computer_tables, args.people_tables, args.people_updates, args.people_rate, 1
            )
        ),
        "pr": lambda: pr_lines(args.pr_matches, args.pr_jobs, args.pr_checked),
        "cube": lambda: cube_lines(data, args.cube, args.money),
        "matches": lambda: match_lines(args.games, args.nardy_games),
    }
    for name, section in sections.items():
        if args.only and name not in args.only:
            continue
        t = time.perf_counter()
        for line in section():
            print(line, flush=True)
        print(f"  [{time.perf_counter() - t:.0f} s]", flush=True)
    print(f"total {time.perf_counter() - start:.0f} s; {load_text()}")


if __name__ == "__main__":
    main()
