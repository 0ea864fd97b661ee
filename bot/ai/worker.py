"""The computer's thinking in warm worker processes, so that the event loop never waits on it.

Neither of GNU Backgammon's bindings releases the interpreter lock (a 2-ply play evaluated in a
thread stalls every other coroutine for up to a second), so :class:`ComputerWorker` evaluates in
processes of its own: ``workers`` single-process :class:`~concurrent.futures.ProcessPoolExecutor`
slots, started with ``spawn`` (a fresh interpreter: nothing of the event loop, its sockets or its
threads is inherited, as it would be with ``fork``) and warmed up by a first call that imports
the nets and evaluates a position.

Each decision has the time budget of its level (:attr:`ComputerWorker.budgets`).  A worker that
overruns it is killed; a worker that dies (killed, out of memory, a crash in the nets) breaks its
pool.  Either way the slot gets a fresh warm worker and the decision is made again at 0-ply (a
few milliseconds), with the budget of the ``strong`` level at least.  Should that fail too, the
decision is taken by :func:`fallback_action` in this process, from the engine alone (the first
legal play, a roll, a take, a declined resignation): a turn is never skipped.

Hints (:meth:`ComputerWorker.advise`, the ``hint`` command) have a lane of their own: their own
worker processes (``hint_workers``, started at the first hint), run at a lower scheduling
priority (:data:`HINT_NICE`), so that a player asking for hints never delays the computer's
moves at any table.  A hint over :attr:`ComputerWorker.hint_budget` is asked again at 0-ply
in a fresh worker; should that fail too there is no hint (``None``), never an error.

The module itself imports neither ``gnubg_nn`` nor the nardy player: only the worker processes
do (:func:`think`, :func:`hint_think`), so the chat process starts as fast as before.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import random
import signal
import threading
import time
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

from bot.ai.advice import HINT_PLY, Advice
from engine.game import Action, Game, Phase

__all__ = [
    "DEFAULT_BUDGETS",
    "DEFAULT_LEVEL",
    "HINT_BUDGET",
    "HINT_NICE",
    "LEVEL_NAMES",
    "ComputerWorker",
    "fallback_action",
    "hint_think",
    "hint_worker",
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

START_TIMEOUT = 60.0
"""Seconds a fresh worker may take to start and answer its warm-up call."""

HINT_BUDGET = 10.0
"""Seconds a hint may take before its worker is replaced and the hint asked again at 0-ply."""

HINT_NICE = 5
"""How much lower than the computer's workers the hint workers are scheduled (``nice``)."""


def warm_up() -> int:
    """Run in a fresh worker: load the nets and the nardy player, evaluate once; the pid."""
    from bot.ai import computer
    from engine.match import Match

    for variant in ("backgammon", "long_nardy"):
        game = Match.new(1, variant).game.roll(0, iter((6, 5, 6, 5, 3, 1)).__next__)
        if game.turn is not None:
            computer.decide(game, game.turn, None, random.Random(0))
    return os.getpid()


def think(game: Game, player: int, level: str, seed: str, ply: int | None) -> Action | None:
    """Run in a worker: the computer's next action as ``player`` at ``level`` (see
    :func:`bot.ai.computer.decide`), its noise drawn from a generator seeded with ``seed``."""
    from bot.ai import computer
    from bot.ai.levels import LEVELS

    return computer.decide(game, player, LEVELS[level], random.Random(seed), ply=ply)


def hint_think(game: Game, player: int, ply: int) -> Advice:
    """Run in a hint worker: the advice for ``player`` in ``game`` at ``ply`` (see
    :func:`bot.ai.advice.advise`)."""
    from bot.ai.advice import advise

    return advise(game, player, ply)


def fallback_action(game: Game, player: int) -> Action | None:
    """An action from the engine alone, for when no worker could decide: roll, the first legal
    play, take, accept a beaver, decline a resignation (``None``: nothing is ``player``'s)."""
    if game.is_over:
        return None
    if game.resign is not None:
        return None if game.resign.player == player else Action("decline_resign", player)
    if game.phase is Phase.DOUBLED:
        return None if game.turn == player else Action("take", player)
    if game.phase is Phase.BEAVERED:
        return Action("accept_beaver", player) if game.turn == player else None
    if game.turn != player:
        return None
    if game.phase is Phase.ROLL:
        return Action("roll", player)
    if game.phase is Phase.MOVE:
        if game.steps:
            return Action("reset", player)
        plays = game.builder.legal_plays
        return Action("play", player, play=plays[0]) if plays else Action("confirm", player)
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


def hint_worker(parent: int) -> None:
    """In a hint worker: end with its parent (:func:`watch_parent`), scheduled below the
    computer's workers (:data:`HINT_NICE`)."""
    watch_parent(parent)
    with contextlib.suppress(OSError):
        os.nice(HINT_NICE)


@dataclass
class _Slot:
    """One worker process in a pool of its own (so that it can be replaced alone)."""

    pool: ProcessPoolExecutor
    pid: int


class ComputerWorker:
    """Warm worker processes that make the computer's decisions (see the module's docstring).

    ``workers`` processes think at once (``AI_WORKERS``); ``budgets`` maps each level to its
    seconds (``AI_BUDGET_*``).  :meth:`start` starts and warms them up (else the first
    :meth:`decide` does); :meth:`close` stops them.  ``hint_workers`` processes give hints at
    ``hint_ply`` (:meth:`advise`), started by the first hint.
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
    ) -> None:
        if workers < 1 or hint_workers < 1:
            raise ValueError("at least one worker")
        self.workers = workers
        self.budgets: dict[str, float] = {**DEFAULT_BUDGETS, **(budgets or {})}
        self.replaced = 0
        """Workers replaced after a death or an overrun (for logs and tests)."""
        self._context = multiprocessing.get_context(start_method)
        self._free: asyncio.Queue[_Slot | None] | None = None
        self._slots: list[_Slot] = []
        self._start_lock: asyncio.Lock | None = None
        self.hint_workers = hint_workers
        self.hint_ply = hint_ply
        self.hint_budget = hint_budget
        self._hint_free: asyncio.Queue[_Slot | None] | None = None
        self._hint_slots: list[_Slot] = []
        self._hint_lock: asyncio.Lock | None = None

    def budget(self, level: str) -> float:
        """Seconds a decision at ``level`` may take."""
        return self.budgets.get(level, self.budgets[DEFAULT_LEVEL])

    def pids(self) -> list[int]:
        """The process ids of the workers running now."""
        return [slot.pid for slot in self._slots]

    def hint_pids(self) -> list[int]:
        """The process ids of the hint workers running now."""
        return [slot.pid for slot in self._hint_slots]

    async def start(self) -> None:
        """Start the workers and wait for their warm-up calls (a worker that does not start is
        logged and tried again by the next decision)."""
        if self._start_lock is None:
            self._start_lock = asyncio.Lock()
        async with self._start_lock:
            if self._free is not None:
                return
            slots = await asyncio.gather(*(self._new_or_none() for _ in range(self.workers)))
            free: asyncio.Queue[_Slot | None] = asyncio.Queue()
            for slot in slots:
                free.put_nowait(slot)
            self._free = free

    async def close(self) -> None:
        """Stop every worker (a decision in flight ends with its fallback)."""
        self._free = None
        self._hint_free = None
        for slot in [*self._slots, *self._hint_slots]:
            self._drop(slot)

    async def decide(self, game: Game, player: int, level: str, seed: str) -> Action | None:
        """The computer's next action as ``player`` in ``game`` at ``level``; never raises
        for a worker's sake (see the module's docstring)."""
        await self.start()
        assert self._free is not None
        free = self._free
        slot = await free.get()
        try:
            budget = self.budget(level)
            for ply in (None, 0):
                if slot is None:
                    slot = await self._new_or_none()
                    if slot is None:
                        break
                try:
                    return await self._ask(slot, game, player, level, seed, ply, budget)
                except (TimeoutError, BrokenProcessPool, OSError) as exc:
                    why = "over its time budget" if isinstance(exc, TimeoutError) else "died"
                    log.warning("computer: worker %s %s at %s ply %s", slot.pid, why, level, ply)
                self._drop(slot)
                slot = None
                self.replaced += 1
                budget = max(budget, self.budget(DEFAULT_LEVEL))
            log.error("computer: no worker could decide, the engine's fallback plays")
            return fallback_action(game, player)
        finally:
            if free is self._free:
                free.put_nowait(slot)
            elif slot is not None:
                self._drop(slot)

    async def advise(self, game: Game, player: int) -> Advice | None:
        """The advice for ``player`` in ``game`` (:func:`bot.ai.advice.advise`) from the hint
        lane, at :attr:`hint_ply`, else at 0-ply; ``None`` when no hint worker could give it."""
        free = await self._hint_lane()
        slot = await free.get()
        loop = asyncio.get_running_loop()
        try:
            for ply in dict.fromkeys((self.hint_ply, 0)):
                if slot is None:
                    slot = await self._new_or_none(hint=True)
                    if slot is None:
                        break
                try:
                    future = loop.run_in_executor(slot.pool, hint_think, game, player, ply)
                    return await asyncio.wait_for(future, self.hint_budget)
                except (TimeoutError, BrokenProcessPool, OSError) as exc:
                    why = "over its time budget" if isinstance(exc, TimeoutError) else "died"
                    log.warning("hint: worker %s %s at ply %s", slot.pid, why, ply)
                self._drop(slot)
                slot = None
                self.replaced += 1
            log.error("hint: no worker could give it")
            return None
        finally:
            if free is self._hint_free:
                free.put_nowait(slot)
            elif slot is not None:
                self._drop(slot)

    async def _hint_lane(self) -> asyncio.Queue[_Slot | None]:
        """The hint lane's free workers (started by the first hint: a slot that did not start
        is ``None``, started again when it is used)."""
        if self._hint_lock is None:
            self._hint_lock = asyncio.Lock()
        async with self._hint_lock:
            if self._hint_free is None:
                free: asyncio.Queue[_Slot | None] = asyncio.Queue()
                for _ in range(self.hint_workers):
                    free.put_nowait(await self._new_or_none(hint=True))
                self._hint_free = free
            return self._hint_free

    async def _ask(
        self,
        slot: _Slot,
        game: Game,
        player: int,
        level: str,
        seed: str,
        ply: int | None,
        budget: float,
    ) -> Action | None:
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(slot.pool, think, game, player, level, seed, ply)
        return await asyncio.wait_for(future, budget)

    async def _new_slot(self, hint: bool = False) -> _Slot:
        pool = ProcessPoolExecutor(
            max_workers=1,
            mp_context=self._context,
            initializer=hint_worker if hint else watch_parent,
            initargs=(os.getpid(),),
        )
        loop = asyncio.get_running_loop()
        try:
            pid = await asyncio.wait_for(loop.run_in_executor(pool, warm_up), START_TIMEOUT)
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        slot = _Slot(pool, pid)
        (self._hint_slots if hint else self._slots).append(slot)
        return slot

    async def _new_or_none(self, hint: bool = False) -> _Slot | None:
        try:
            return await self._new_slot(hint)
        except (TimeoutError, BrokenProcessPool, OSError):
            log.exception("computer: a new worker did not start")
            return None

    def _drop(self, slot: _Slot) -> None:
        """Kill the slot's worker (it may be busy past its budget) and drop its pool."""
        for slots in (self._slots, self._hint_slots):
            if slot in slots:
                slots.remove(slot)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(slot.pid, signal.SIGKILL)
        slot.pool.shutdown(wait=False, cancel_futures=True)
