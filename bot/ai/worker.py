"""The computer's thinking in warm worker processes, so that the event loop never waits on it.

Neither of GNU Backgammon's bindings releases the interpreter lock (a 2-ply play evaluated in a
thread stalls every other coroutine for up to a second), so :class:`ComputerWorker` evaluates in
processes of its own, in three lanes of work: the computer's decisions, hints and the analysis of
played games.  Each lane has its worker processes (one single-process
:class:`~concurrent.futures.ProcessPoolExecutor` each, so that one can be replaced alone), started
with ``spawn`` (a fresh interpreter: nothing of the event loop, its sockets or its threads is
inherited, as it would be with ``fork``) and warmed up by a first call that imports the nets and
evaluates a position.

A piece of work has a time budget.  A worker that overruns it is killed; a worker that dies
(killed, out of memory, a crash in the nets) breaks its pool.  Either way the lane gets a fresh
warm worker and the work is done again at 0-ply:

* the computer's decisions (``workers``, :meth:`ComputerWorker.decide`) have the budget of their
  level (:attr:`ComputerWorker.budgets`), the again at 0-ply that of the ``strong`` level at
  least.  Should that fail too, the decision is taken by :func:`fallback_action` in this
  process, from the engine alone (the first legal play, a roll, a take, a declined
  resignation): a turn is never skipped;
* hints (``hint_workers``, :meth:`ComputerWorker.advise`, the ``hint`` command) run scheduled
  :data:`HINT_NICE` below the computer's workers, so that a player asking for hints never delays
  the computer's moves at any table; should the 0-ply hint fail too there is no hint (``None``);
* the analysis of a match (``analysis_workers``, :meth:`ComputerWorker.analyse`) runs its games
  at once on the lane's workers, each game one call with :attr:`ComputerWorker.analysis_budget`,
  scheduled
  :data:`ANALYSIS_NICE` below the computer's workers (below the hints); should a game fail at
  0-ply too there is no analysis (``None``);
* pondering (:meth:`ComputerWorker.ponder`, one worker, ``ponder=False`` turns it off): while a
  person who has rolled thinks over his play against ``strong`` or ``expert``, a worker
  scheduled :data:`PONDER_NICE` below the computer's decides, for the person's likeliest plays
  (the best :data:`PONDER_PLAYS` at 0-ply, for at most :data:`PONDER_SECONDS`), what the
  computer will do before its roll after each: its cube look, the slow part of its turn (a
  close double at 2-ply takes tens of milliseconds, at ``expert`` hundreds); and while a
  person on roll may double, how the computer would answer the double.  Those decisions
  are kept here (:data:`PONDER_KEPT` of them) under everything the decision depends on
  (:func:`ponder_key`); :meth:`ComputerWorker.decide` answers from them when the person played
  one of those plays, and asks the computer's worker otherwise.  The levels pondered for have
  no noise, so a kept decision is the one the worker would make.  Pondering never delays a
  decision: it runs in a process of its own, below the computer's workers.

Each use — the computer at each level, hints, the analysis — asks the nets the settings name
for it (:data:`ENGINE_USES`, ``AI_ENGINE`` and ``AI_ENGINE_<use>``; :data:`DEFAULT_ENGINES`
where they name none): GNU Backgammon's or Open Sage's, through the same evaluation core
(:mod:`bot.ai.core`), the same budgets and the same lanes; a lane's workers load the nets of
its uses when they start.  Long nardy is played, hinted and analysed by one engine for every
use, the one ``AI_NARDY_ENGINE`` names (:data:`DEFAULT_NARDY_ENGINE` where it is unset): the
project's long nardy network or its hand-weighted player.

The hint, analysis and ponder workers start with their first piece of work.  The module itself
imports neither GNU Backgammon's engine (``gnubg``) nor Open Sage's (``bgsage``) nor the nardy
player: only the worker processes do (:func:`think`, :func:`hint_think`,
:func:`analysis_think`, :func:`ponder_think`), so the chat process starts as fast as before.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import multiprocessing
import os
import random
import signal
import threading
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable, Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from multiprocessing.context import BaseContext
from typing import TypeVar

from bot.ai.advice import HINT_PLY, Advice
from bot.ai.report import (
    BACKGAMMON_ENGINES,
    NARDY_ENGINES,
    NARDY_NET_PLY,
    Analysis,
    BackgammonEngine,
    NardyEngine,
)
from engine.cube import Options
from engine.game import Action, ActionKind, Game, Phase
from engine.match import GameRecord, Match

__all__ = [
    "ANALYSIS_BUDGET",
    "ANALYSIS_NICE",
    "ANALYSIS_PLY",
    "DEFAULT_BUDGETS",
    "DEFAULT_ENGINES",
    "DEFAULT_LEVEL",
    "DEFAULT_NARDY_ENGINE",
    "ENGINE_USES",
    "HINT_BUDGET",
    "HINT_NICE",
    "LEVEL_NAMES",
    "PONDER_KEPT",
    "PONDER_LEVELS",
    "PONDER_NICE",
    "PONDER_PLAYS",
    "PONDER_SECONDS",
    "ComputerWorker",
    "Progress",
    "analysis_think",
    "fallback_action",
    "hint_think",
    "lane_worker",
    "ponder_key",
    "ponder_think",
    "ponderable",
    "think",
    "warm_up",
    "watch_parent",
]

log = logging.getLogger("bot.ai.worker")

LEVEL_NAMES: tuple[str, ...] = ("beginner", "casual", "strong", "expert")
"""The playing levels, weakest first (the names of :data:`bot.ai.levels.LEVELS`)."""

DEFAULT_LEVEL = "strong"
"""The level of ``new bot`` without a level word."""

DEFAULT_BUDGETS: dict[str, float] = {
    "beginner": 2.0,
    "casual": 2.0,
    "strong": 2.0,
    "expert": 6.0,
}
"""Seconds one decision may take per level before its worker is replaced (``AI_BUDGET_*``)."""

ENGINE_USES: tuple[str, ...] = (*LEVEL_NAMES, "hint", "analysis")
"""What an engine is chosen for (``AI_ENGINE_*``): the computer at each level, hints, the
analysis."""

DEFAULT_ENGINES: dict[str, BackgammonEngine] = dict.fromkeys(ENGINE_USES, "gnubg")
"""The nets each use asks where the settings name none (``AI_ENGINE`` unset): GNU Backgammon's
for every use, Open Sage's having measured no better beside them and costlier
(``python -m benchmarks.engines``; README, "The computer's engines")."""

DEFAULT_NARDY_ENGINE: NardyEngine = "net"
"""Who plays, hints and analyses long nardy where the settings name none (``AI_NARDY_ENGINE``
unset): the project's long nardy network (its ``strong`` won 60.5% ± 6.8% of 200 games against
the hand-weighted ``strong``: ``python -m benchmarks.nardy_levels``, docs/NARDY_NET.md)."""

START_TIMEOUT = 60.0
"""Seconds a fresh worker may take to start and answer its warm-up call."""

HINT_BUDGET = 10.0
"""Seconds a hint may take before its worker is replaced and the hint asked again at 0-ply."""

HINT_NICE = 5
"""How much lower than the computer's workers the hint workers are scheduled (``nice``)."""

ANALYSIS_PLY = 2
"""The depth of an analysis (GNU Backgammon's plies; long nardy is analysed on the network as
many rolls deep, by the hand-weighted player at its depth 1 whatever it is)."""

ANALYSIS_BUDGET = 120.0
"""Seconds the analysis of one game may take before its worker is replaced and the game analysed
again at 0-ply."""

ANALYSIS_NICE = 10
"""How much lower than the computer's workers the analysis workers are scheduled (``nice``):
below the hint workers too."""

PONDER_LEVELS = frozenset({"strong", "expert"})
"""The levels the computer ponders at: those without noise (the others decide at 0-ply, in a
millisecond, and with noise drawn from the turn's own seed)."""

PONDER_PLAYS = 12
"""How many of the person's plays, best first at 0-ply, the computer ponders over."""

PONDER_SECONDS = 3.0
"""Seconds a ponder goes on for (the plays left then are not pondered over)."""

PONDER_NICE = 5
"""How much lower than the computer's workers the ponder worker is scheduled (``nice``)."""

PONDER_KEPT = 256
"""How many pondered decisions are kept (the oldest go first)."""

PONDER_WAITING = 2
"""At most this many ponders wait for the ponder worker; one more is not made."""

Progress = Callable[[int, int], Awaitable[None]]
"""Told ``(games analysed, games)`` before each game of an analysis."""

T = TypeVar("T")


def warm_up(
    engines: Iterable[BackgammonEngine] = ("gnubg",), nardy: NardyEngine = DEFAULT_NARDY_ENGINE
) -> int:
    """Run in a fresh worker: load the nets of ``engines`` (GNU Backgammon's always: the core
    loads them) and the long nardy player ``nardy`` names, evaluate once with each; the pid."""
    from bot.ai import computer
    from engine.match import Match

    for variant in ("backgammon", "long_nardy"):
        game = Match.new(1, variant).game.roll(0, iter((6, 5, 6, 5, 3, 1)).__next__)
        if game.turn is None:
            continue
        for engine in engines if variant == "backgammon" else ("gnubg",):
            computer.decide(
                game, game.turn, None, random.Random(0), nardy_net=nardy == "net", engine=engine
            )
    return os.getpid()


def think(
    game: Game,
    player: int,
    level: str,
    seed: str,
    engine: BackgammonEngine,
    nardy: NardyEngine,
    ply: int | None,
) -> Action | None:
    """Run in a worker: the computer's next action as ``player`` at ``level`` (see
    :func:`bot.ai.computer.decide`) by ``engine``'s nets (long nardy: by the ``nardy``
    engine), its noise drawn from a generator seeded with ``seed``."""
    from bot.ai import computer
    from bot.ai.levels import LEVELS

    return computer.decide(
        game,
        player,
        LEVELS[level],
        random.Random(seed),
        ply=ply,
        nardy_net=nardy == "net",
        engine=engine,
    )


def ponder_key(game: Game, player: int, level: str) -> Hashable | None:
    """Everything the decision of ``player`` at ``level`` before his roll, or in answer to a
    double, depends on: the level and the game's :class:`~engine.game.DecisionKey` (``None``
    where it is neither decision, or the level is not one pondered at,
    :data:`PONDER_LEVELS`)."""
    if level not in PONDER_LEVELS:
        return None
    key = game.decision_key(player)
    return None if key is None else (level, key)


def ponderable(game: Game, mover: int) -> bool:
    """Whether ``game`` is one to ponder over while ``mover`` thinks: backgammon, ``mover`` on
    roll and free to double, or rolled with no step of his play made yet, no resignation
    offered."""
    if game.variant != "backgammon" or game.turn != mover or game.resign is not None:
        return False
    if game.phase is Phase.MOVE:
        return game.dice is not None and not game.steps
    return game.phase is Phase.ROLL and game.may(Action(ActionKind.DOUBLE, mover))


def ponder_think(
    game: Game,
    mover: int,
    player: int,
    level: str,
    seconds: float,
    engine: BackgammonEngine,
    ply: int | None,
) -> list[tuple[Hashable, Action | None]]:
    """Run in the ponder worker: what ``player`` at ``level`` decides next after what
    ``mover`` is likeliest to do in ``game``, each under its :func:`ponder_key`: before his own
    roll after each of ``mover``'s likeliest plays of his roll (the best :data:`PONDER_PLAYS` at
    0-ply, best first, for at most ``seconds``), or, ``mover`` on roll and free to double, his
    answer to that double, by ``engine``'s nets.  ``ply`` lowers the level's depth, as in
    :func:`think`.  Backgammon only: long nardy's decisions on the cube take no look ahead."""
    from bot.ai import computer, core
    from bot.ai.levels import LEVELS

    if not ponderable(game, mover):
        return []
    afters: Iterable[Game]
    if game.phase is Phase.ROLL:
        afters = [game.apply(Action(ActionKind.DOUBLE, mover))]
    else:
        assert game.dice is not None
        cube = core.cube_of(game, mover)
        ranked = core.rank_plays(game.position, game.dice, cube, 0, engine=engine)[:PONDER_PLAYS]
        afters = (game.play(mover, r.play) for r in ranked)
    end = time.monotonic() + seconds
    known: list[tuple[Hashable, Action | None]] = []
    for after in afters:
        key = ponder_key(after, player, level)
        if key is not None:
            action = computer.decide(
                after, player, LEVELS[level], random.Random(0), ply=ply, engine=engine
            )
            known.append((key, action))
        if time.monotonic() > end:
            break
    return known


def hint_think(
    game: Game, player: int, engine: BackgammonEngine, nardy: NardyEngine, ply: int
) -> Advice:
    """Run in a hint worker: the advice for ``player`` in ``game`` at ``ply`` by ``engine``'s
    nets, long nardy's by the ``nardy`` engine (see :func:`bot.ai.advice.advise`)."""
    from bot.ai.advice import advise

    return advise(game, player, ply, engine=engine, nardy=nardy)


def analysis_think(
    variant: str,
    length: int,
    options: Options,
    record: GameRecord,
    number: int,
    engine: BackgammonEngine,
    nardy: NardyEngine,
    ply: int,
) -> Analysis:
    """Run in an analysis worker: game ``number`` of a match from its ``record``.

    Backgammon is analysed at ``ply`` on ``engine``'s nets (:func:`bot.ai.analysis.analyse_game`),
    long nardy by the ``nardy`` engine: on the network ``ply`` rolls deep (at most
    :data:`~bot.ai.report.NARDY_NET_PLY`, :func:`bot.ai.nardy_net_analysis.analyse_nardy_net_game`),
    by the hand-weighted player at its depth 1 whatever ``ply``
    (:func:`bot.ai.nardy_analysis.analyse_nardy_game`).
    """
    if variant != "backgammon":
        if nardy == "net":
            from bot.ai.nardy_net_analysis import analyse_nardy_net_game

            depth = min(ply, NARDY_NET_PLY)
            return analyse_nardy_net_game(variant, length, options, record, number, depth=depth)
        from bot.ai.nardy_analysis import analyse_nardy_game

        return analyse_nardy_game(variant, length, options, record, number)
    from bot.ai.analysis import analyse_game

    decisions, luck = analyse_game(variant, length, options, record, number, ply, engine=engine)
    return Analysis(ply, tuple(decisions), tuple(luck), 1, engine=engine)


def fallback_action(game: Game, player: int) -> Action | None:
    """An action from the engine alone, for when no worker could decide: roll, the first legal
    play, take, accept a beaver, decline a resignation (``None``: nothing is ``player``'s)."""
    if game.is_over:
        return None
    if game.resign is not None:
        return None if game.resign.player == player else Action(ActionKind.RESIGN_DECLINE, player)
    if game.phase is Phase.DOUBLED:
        return None if game.turn == player else Action(ActionKind.TAKE, player)
    if game.phase is Phase.BEAVERED:
        return Action(ActionKind.BEAVER_ACCEPT, player) if game.turn == player else None
    if game.turn != player:
        return None
    if game.phase is Phase.ROLL:
        return Action(ActionKind.ROLL, player)
    if game.phase is Phase.MOVE:
        if game.steps:
            return Action(ActionKind.RESET, player)
        plays = game.builder.legal_plays
        return (
            Action(ActionKind.PLAY, player, play=plays[0])
            if plays
            else Action(ActionKind.CONFIRM, player)
        )
    return None


PARENT_CHECK = 0.5
"""Seconds between a worker's checks that the process it works for is still there."""


def watch_parent(parent: int) -> None:
    """In a worker: end it as soon as the process it works for is gone.

    A bot stopped by SIGTERM or killed by SIGKILL does not shut its pool down; without this its
    workers would live on as orphans (holding the nets' memory and the parent's inherited pipes).
    """

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


BLAS_THREADS = "1"
"""Threads numpy's OpenBLAS may use in a worker (``OPENBLAS_NUM_THREADS``, set before the long
nardy network loads numpy): its matrices are small, and threads fighting over busy cores made
each of its evaluations several times slower.  The workers are the parallelism."""


def lane_worker(parent: int, nice: int) -> None:
    """In a worker: end with its parent (:func:`watch_parent`), scheduled ``nice`` below it, its
    numpy on one thread (:data:`BLAS_THREADS`)."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", BLAS_THREADS)
    watch_parent(parent)
    if nice:
        with contextlib.suppress(OSError):
            os.nice(nice)


class _Failed(Exception):
    """No worker of a lane could do a piece of work."""


@dataclass
class _Slot:
    """One worker process in a pool of its own (so that it can be replaced alone)."""

    pool: ProcessPoolExecutor
    pid: int


class _Lane:
    """The worker processes of one kind of work, ``size`` of them, scheduled ``nice`` below
    this process, each warmed up with the nets of ``engines`` and the long nardy player
    ``nardy`` names; started by :meth:`start` or by the first :meth:`run` (a worker that does
    not start is logged and started again when it is next needed)."""

    def __init__(
        self,
        name: str,
        size: int,
        nice: int,
        context: BaseContext,
        engines: tuple[BackgammonEngine, ...] = ("gnubg",),
        nardy: NardyEngine = DEFAULT_NARDY_ENGINE,
    ) -> None:
        self.name = name
        self.size = size
        self.nice = nice
        self.engines = engines
        self.nardy = nardy
        self.replaced = 0
        """Workers replaced after a death or an overrun."""
        self.slots: list[_Slot] = []
        self._context = context
        self._free: asyncio.Queue[_Slot | None] | None = None
        self._lock: asyncio.Lock | None = None

    def pids(self) -> list[int]:
        return [slot.pid for slot in self.slots]

    async def start(self) -> asyncio.Queue[_Slot | None]:
        """The lane's free workers, started at once the first time."""
        if self._lock is None:
            self._lock = asyncio.Lock()
        async with self._lock:
            if self._free is None:
                slots = await asyncio.gather(*(self._new_or_none() for _ in range(self.size)))
                free: asyncio.Queue[_Slot | None] = asyncio.Queue()
                for slot in slots:
                    free.put_nowait(slot)
                self._free = free
            return self._free

    def close(self) -> None:
        """Stop every worker (work in flight fails)."""
        self._free = None
        for slot in list(self.slots):
            self.drop(slot)

    async def run(
        self, attempts: Sequence[tuple[int | None, float]], work: Callable[..., T], *args: object
    ) -> T:
        """``work(*args, ply)`` in a free worker, for each ``(ply, budget)`` of ``attempts`` in
        turn until one gives its result within its budget seconds; a worker over its budget or
        dead is replaced by a fresh one for the next attempt.  Raises :class:`_Failed` when no
        attempt did (an exception of ``work`` itself comes through as it is)."""
        free = await self.start()
        slot = await free.get()
        loop = asyncio.get_running_loop()
        try:
            for ply, budget in attempts:
                if slot is None:
                    slot = await self._new_or_none()
                    if slot is None:
                        break
                try:
                    future = loop.run_in_executor(slot.pool, functools.partial(work, *args, ply))
                    return await asyncio.wait_for(future, budget)
                except (TimeoutError, BrokenProcessPool, OSError) as exc:
                    why = "over its time budget" if isinstance(exc, TimeoutError) else "died"
                    log.warning("%s: worker %s %s at ply %s", self.name, slot.pid, why, ply)
                self.drop(slot)
                slot = None
                self.replaced += 1
            raise _Failed(self.name)
        finally:
            if free is self._free:
                free.put_nowait(slot)
            elif slot is not None:
                self.drop(slot)

    async def _new_slot(self) -> _Slot:
        pool = ProcessPoolExecutor(
            max_workers=1,
            mp_context=self._context,
            initializer=lane_worker,
            initargs=(os.getpid(), self.nice),
        )
        loop = asyncio.get_running_loop()
        try:
            pid = await asyncio.wait_for(
                loop.run_in_executor(pool, warm_up, self.engines, self.nardy), START_TIMEOUT
            )
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        slot = _Slot(pool, pid)
        self.slots.append(slot)
        return slot

    async def _new_or_none(self) -> _Slot | None:
        try:
            return await self._new_slot()
        except (TimeoutError, BrokenProcessPool, OSError):
            log.exception("%s: a new worker did not start", self.name)
            return None

    def drop(self, slot: _Slot) -> None:
        """Kill the slot's worker (it may be busy past its budget) and drop its pool."""
        if slot in self.slots:
            self.slots.remove(slot)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(slot.pid, signal.SIGKILL)
        slot.pool.shutdown(wait=False, cancel_futures=True)


class ComputerWorker:
    """Warm worker processes that make the computer's decisions, give hints and analyse played
    games (see the module's docstring).

    ``workers`` processes think at once for the computer (``AI_WORKERS``); ``budgets`` maps each
    level to its seconds (``AI_BUDGET_*``).  :meth:`start` starts and warms them up (else the
    first :meth:`decide` does); :meth:`close` stops every worker.  ``hint_workers`` processes
    give hints at ``hint_ply`` (:meth:`advise`), ``analysis_workers`` analyse games at
    ``analysis_ply`` (:meth:`analyse`), each lane started by its first piece of work; with
    ``ponder`` one more ponders on a person's time for ``ponder_seconds`` (:meth:`ponder`).
    ``engines`` names the nets of each use of :data:`ENGINE_USES` (``AI_ENGINE_*``; a use not
    named asks :data:`DEFAULT_ENGINES`'s); each worker loads the nets of its lane's uses.
    ``nardy_engine`` names who plays, hints and analyses long nardy (``AI_NARDY_ENGINE``:
    ``"net"`` or ``"classic"``); on the network long nardy's hints and analysis search as many
    rolls deep as ``hint_ply`` and ``analysis_ply`` say plies (at most
    :data:`~bot.ai.report.NARDY_NET_PLY`; 0 when asked again after a failure).
    """

    def __init__(
        self,
        workers: int = 1,
        budgets: Mapping[str, float] | None = None,
        *,
        start_method: str = "spawn",
        hint_workers: int = 1,
        hint_ply: int = HINT_PLY,
        hint_budget: float = HINT_BUDGET,
        analysis_workers: int = 1,
        analysis_ply: int = ANALYSIS_PLY,
        analysis_budget: float = ANALYSIS_BUDGET,
        ponder: bool = True,
        ponder_seconds: float = PONDER_SECONDS,
        engines: Mapping[str, BackgammonEngine] | None = None,
        nardy_engine: NardyEngine = DEFAULT_NARDY_ENGINE,
    ) -> None:
        if min(workers, hint_workers, analysis_workers) < 1:
            raise ValueError("at least one worker")
        if nardy_engine not in NARDY_ENGINES:
            raise ValueError(f"no such long nardy engine: {nardy_engine!r}")
        self.nardy_engine: NardyEngine = nardy_engine
        unknown = set(engines or ()) - set(ENGINE_USES)
        if unknown:
            raise ValueError(f"no such use of an engine: {sorted(unknown)}")
        self.engines: dict[str, BackgammonEngine] = {**DEFAULT_ENGINES, **(engines or {})}
        self.workers = workers
        self.budgets: dict[str, float] = {**DEFAULT_BUDGETS, **(budgets or {})}
        self.hint_workers = hint_workers
        self.hint_ply = hint_ply
        self.hint_budget = hint_budget
        self.analysis_workers = analysis_workers
        self.analysis_ply = analysis_ply
        self.analysis_budget = analysis_budget
        context = multiprocessing.get_context(start_method)
        levels = self._engines_of(LEVEL_NAMES)
        nardy = nardy_engine
        self._computer = _Lane("computer", workers, 0, context, levels, nardy)
        self._hints = _Lane(
            "hint", hint_workers, HINT_NICE, context, self._engines_of(["hint"]), nardy
        )
        self._analysis = _Lane(
            "analysis",
            analysis_workers,
            ANALYSIS_NICE,
            context,
            self._engines_of(["analysis"]),
            nardy,
        )
        self.pondering = ponder
        self.ponder_seconds = ponder_seconds
        self.ponders = 0
        """Ponders started by :meth:`ponder` (for tests and the benchmark)."""
        self.ponder_hits = 0
        """Decisions answered from a ponder (for logs, tests and the benchmark)."""
        self._ponder = _Lane(
            "ponder", 1, PONDER_NICE, context, self._engines_of(PONDER_LEVELS), nardy
        )
        self._pondered: OrderedDict[Hashable, Action | None] = OrderedDict()
        self._ponder_seen: OrderedDict[Hashable, None] = OrderedDict()
        self._ponder_tasks: set[asyncio.Task[int]] = set()
        self._ponder_waiting = 0

    def _engines_of(self, uses: Iterable[str]) -> tuple[BackgammonEngine, ...]:
        """The nets ``uses`` ask (GNU Backgammon's first: the core always loads them)."""
        asked = {self.engines[use] for use in uses}
        return tuple(
            engine for engine in BACKGAMMON_ENGINES if engine in asked or engine == "gnubg"
        )

    def engine(self, use: str) -> BackgammonEngine:
        """The nets ``use`` asks (a level's name, ``"hint"`` or ``"analysis"``)."""
        return self.engines.get(use, self.engines[DEFAULT_LEVEL])

    @property
    def replaced(self) -> int:
        """Workers replaced after a death or an overrun, in every lane (for logs and tests)."""
        return sum(lane.replaced for lane in self._lanes())

    def budget(self, level: str) -> float:
        """Seconds a decision at ``level`` may take."""
        return self.budgets.get(level, self.budgets[DEFAULT_LEVEL])

    def pids(self) -> list[int]:
        """The process ids of the computer's workers running now."""
        return self._computer.pids()

    def hint_pids(self) -> list[int]:
        """The process ids of the hint workers running now."""
        return self._hints.pids()

    def analysis_pids(self) -> list[int]:
        """The process ids of the analysis workers running now."""
        return self._analysis.pids()

    def ponder_pids(self) -> list[int]:
        """The process id of the ponder worker, if it runs now."""
        return self._ponder.pids()

    async def start(self) -> None:
        """Start the computer's workers and wait for their warm-up calls."""
        await self._computer.start()

    async def close(self) -> None:
        """Stop every worker (a decision in flight ends with its fallback, a ponder with
        nothing)."""
        for task in list(self._ponder_tasks):
            task.cancel()
        for lane in self._lanes():
            lane.close()

    async def decide(self, game: Game, player: int, level: str, seed: str) -> Action | None:
        """The computer's next action as ``player`` in ``game`` at ``level``; never raises
        for a worker's sake (see the module's docstring); from a ponder where one foresaw
        this decision."""
        key = ponder_key(game, player, level)
        if key is not None and key in self._pondered:
            self._pondered.move_to_end(key)
            self.ponder_hits += 1
            return self._pondered[key]
        budget = self.budget(level)
        attempts = [(None, budget), (0, max(budget, self.budget(DEFAULT_LEVEL)))]
        try:
            return await self._computer.run(
                attempts, think, game, player, level, seed, self.engine(level), self.nardy_engine
            )
        except _Failed:
            log.error("computer: no worker could decide at %s, the engine's fallback plays", level)
            return fallback_action(game, player)

    def ponder(self, game: Game, mover: int, player: int, level: str) -> None:
        """Start pondering, while ``mover`` thinks over his roll in ``game`` (or, on roll,
        whether to double), what ``player`` at ``level`` does next: before his own roll after
        the play, or in answer to the double (see the module's docstring, :func:`ponder_think`).
        Nothing where pondering is off, the level is not pondered at (:data:`PONDER_LEVELS`),
        the game is not backgammon, ``mover`` has neither a roll to play nor a double to give,
        this is pondered over already or :data:`PONDER_WAITING` ponders wait.  Needs a running
        event loop; never raises for a worker's sake."""
        if not self.pondering or level not in PONDER_LEVELS or not ponderable(game, mover):
            return
        seen = (level, player, mover, game)  # the game as it stands, its log included
        if seen in self._ponder_seen or self._ponder_waiting >= PONDER_WAITING:
            return
        self._ponder_seen[seen] = None
        while len(self._ponder_seen) > PONDER_KEPT:
            self._ponder_seen.popitem(last=False)
        task = asyncio.get_running_loop().create_task(self.pondered(game, mover, player, level))
        self.ponders += 1
        self._ponder_tasks.add(task)
        task.add_done_callback(self._ponder_tasks.discard)

    async def ponders_done(self) -> None:
        """Wait until the ponders started by :meth:`ponder` are over."""
        while self._ponder_tasks:
            await asyncio.gather(*self._ponder_tasks, return_exceptions=True)

    async def pondered(self, game: Game, mover: int, player: int, level: str) -> int:
        """Ponder as :meth:`ponder` starts it, and wait for it: how many decisions it kept.
        Never raises (a ponder whose worker died or overran keeps none)."""
        self._ponder_waiting += 1
        budget = self.ponder_seconds + self.budget(level)
        try:
            known = await self._ponder.run(
                [(None, budget)],
                ponder_think,
                game,
                mover,
                player,
                level,
                self.ponder_seconds,
                self.engine(level),
            )
        except _Failed:
            log.warning("ponder: no worker could ponder at %s", level)
            return 0
        except Exception:
            log.exception("ponder: failed at %s", level)
            return 0
        finally:
            self._ponder_waiting -= 1
        for key, action in known:
            self._pondered[key] = action
            self._pondered.move_to_end(key)
        while len(self._pondered) > PONDER_KEPT:
            self._pondered.popitem(last=False)
        return len(known)

    async def advise(self, game: Game, player: int) -> Advice | None:
        """The advice for ``player`` in ``game`` (:func:`bot.ai.advice.advise`) from the hint
        lane, at :attr:`hint_ply`, else at 0-ply; ``None`` when no hint worker could give
        it."""
        attempts = [(self.hint_ply, self.hint_budget), (0, self.hint_budget)]
        try:
            return await self._hints.run(
                attempts, hint_think, game, player, self.engine("hint"), self.nardy_engine
            )
        except _Failed:
            log.error("hint: no worker could give it")
            return None

    async def analyse(
        self, match: Match, ply: int | None = None, progress: Progress | None = None
    ) -> Analysis | None:
        """The analysis of every game of ``match`` (:func:`analysis_think`) from the analysis
        lane, its games at once on its :attr:`analysis_workers` (each game to the first free
        one, as GNU Backgammon gives its threads the work of an analysis): backgammon at
        ``ply`` (``None``: :attr:`analysis_ply`), long nardy by :attr:`nardy_engine`: on the
        network as many rolls deep, at most :data:`~bot.ai.report.NARDY_NET_PLY`
        (``engine="nardy-net"``), by the hand-weighted player at its depth 1
        (``engine="nardy"``).

        ``progress(done, total)`` is awaited first and after each game done but the last (an
        exception of it is logged and the analysis goes on).  A game over
        :attr:`analysis_budget` or whose worker died is analysed again at 0-ply in a fresh
        worker; when that fails too, or a game cannot be analysed at all, the games not begun
        are left and the result is ``None``, never an exception.
        """
        depth = self.analysis_ply if ply is None else ply
        records = match.records()
        attempts = [(depth, self.analysis_budget), (0, self.analysis_budget)]
        done = 0
        failed = False

        async def report() -> None:
            if progress is None:
                return
            try:
                await progress(done, len(records))
            except Exception:
                log.exception("analysis: the progress after %d games was not shown", done)

        turns = asyncio.Semaphore(self.analysis_workers)  # a game waits here for a worker

        async def one(number: int, record: GameRecord) -> Analysis | None:
            nonlocal done, failed
            try:
                async with turns:
                    if failed:
                        return None
                    part = await self._analysis.run(
                        attempts,
                        analysis_think,
                        match.variant,
                        match.length,
                        match.options,
                        record,
                        number,
                        self.engine("analysis"),
                        self.nardy_engine,
                    )
            except _Failed:
                log.error("analysis: no worker could analyse game %d", number)
                failed = True
                return None
            except Exception:
                log.exception("analysis: game %d could not be analysed", number)
                failed = True
                return None
            done += 1
            if done < len(records) and not failed:
                await report()
            return part

        await report()
        results = await asyncio.gather(
            *(one(number, record) for number, record in enumerate(records, start=1))
        )
        parts = [part for part in results if part is not None]
        if len(parts) < len(records):
            return None
        if parts:
            return Analysis.combine(parts)
        if match.variant == "backgammon":
            return Analysis(depth, (), (), 0, engine=self.engine("analysis"))
        if self.nardy_engine == "net":
            return Analysis(min(depth, NARDY_NET_PLY), (), (), 0, engine="nardy-net")
        from bot.ai.nardy_analysis import DEPTH

        return Analysis(DEPTH, (), (), 0, engine="nardy")

    def _lanes(self) -> tuple[_Lane, ...]:
        return (self._computer, self._hints, self._analysis, self._ponder)
