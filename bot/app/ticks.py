"""The tick (:class:`Ticks`): what the store's due index says must happen now, at the tables
of any process — the move clock's reminders and "time is up" notices (:mod:`bot.app.clock`),
the computer's turns nobody finished, results left pending, the tournaments, the chats' daily
puzzles (:mod:`bot.app.puzzles.daily`) — each event applied once."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from bot.app import clock, results
from bot.app.autoplay import ComputerTurns
from bot.app.puzzles.daily import is_daily
from bot.app.syntax import CommandSyntax
from bot.app.table import Table
from bot.app.tournaments.keys import is_event
from bot.app.types import Reply
from bot.app.writer import TableWriter
from bot.store import ConflictError, StoreUnavailable, TableKey, UpdateStatus, Versioned

if TYPE_CHECKING:
    from bot.app.puzzles.trainer import Puzzles
    from bot.app.tournaments.service import Events

__all__ = ["TICK_BATCH", "Ticks"]

log = logging.getLogger("bot.app")

TICK_BATCH = 500
"""Due tables served by one tick at most (the rest by the next)."""


class Ticks:
    """Serves the due tables that ``writer`` writes; ``turns`` plays the computer's turns left
    unfinished (``None``: no computer here); notices speak ``default_language`` where a table
    has none, and name commands as ``syntax_of`` the table's platform writes them."""

    def __init__(
        self,
        writer: TableWriter,
        turns: ComputerTurns | None,
        default_language: str,
        syntax_of: Callable[[str], CommandSyntax],
    ) -> None:
        self.writer = writer
        self.turns = turns
        self.default_language = default_language
        self.syntax_of = syntax_of
        self.events: Events | None = None
        """The tournaments, whose records are due in the same index (set by the app)."""
        self.puzzles: Puzzles | None = None
        """The chats' daily puzzles, due in the same index (set by the app)."""

    async def tick(
        self, now: float | None = None, *, platform: str | None = None
    ) -> list[tuple[TableKey, list[Reply]]]:
        """See ``App.tick``."""
        moment = self.writer.clock() if now is None else now
        out: list[tuple[TableKey, list[Reply]]] = []
        try:
            due_now = await self.writer.store.due(moment, limit=TICK_BATCH)
        except StoreUnavailable:
            log.warning("store unavailable: clocks wait for the next tick")
            return out
        for due in due_now:
            if platform is not None and due.table.platform != platform:
                continue
            where = due.table
            try:
                if is_event(due.table) and self.events is not None:
                    where, replies = await self.events.tick(due.table, due.when, moment)
                elif is_daily(due.table) and self.puzzles is not None:
                    where, replies = await self.puzzles.tick(due.table, due.when, moment)
                else:
                    replies = await self._table(due.table, due.when, moment)
            except StoreUnavailable:
                log.warning("store unavailable: clocks wait for the next tick")
                return out
            except Exception:
                log.exception("clock failed table=%s", due.table)
                continue
            if replies:
                out.append((where, replies))
        return out

    async def _table(self, key: TableKey, when: float, now: float) -> list[Reply]:
        store = self.writer.store
        record = await store.load(key)
        state = Table.decode(record.payload) if record is not None else None
        settled: list[Reply] = []
        if state is not None and state.past.pending:
            # Results a process wrote and did not record (it stopped, or the store failed).
            lang = state.lang or self.default_language
            settled, left = await self.writer.settle(key, lang, state)
            if left:
                await store.set_deadline(key, now + results.RETRY_AFTER)
                return settled
            record = await store.load(key)
            state = Table.decode(record.payload) if record is not None else None
        if self.turns is not None and record is not None and state is not None:
            played = await self.turns.due_turn(key, record, state)
            if played is not None:
                await store.clear_deadline(key, when)
                return settled + played
        if (
            self.events is not None
            and state is not None
            and state.event is not None
            and state.stage == "play"
            and state.clock.deadline is not None
            and now >= state.clock.deadline
        ):
            # A tournament game: who is to act loses on time, with nobody to claim.
            lost = await self.events.on_time(key, state, when)
            await store.clear_deadline(key, when)
            return settled + lost
        replies: list[Reply] = []
        pending: list[float] = []

        async def fn(current: Versioned | None) -> bytes | None:
            table = Table.decode(current.payload) if current is not None else None
            new, notices, next_event = clock.due(
                table, now, self.default_language, self.syntax_of(key.platform)
            )
            replies[:] = notices
            pending[:] = [] if next_event is None else [next_event]
            if new is None:
                return None
            if pending:
                await store.set_deadline(key, pending[-1])  # before the write, as always
            return new.encode()

        result = await self.writer.write(key, fn, update_id=f"clock:{when}")
        if pending and result.status is UpdateStatus.UNCHANGED:
            await store.set_deadline(key, pending[-1])
        if not pending or pending[-1] != when:
            await store.clear_deadline(key, when)
        if result.status is not UpdateStatus.APPLIED:
            return settled
        return settled + list(replies)

    async def notice_undelivered(self, table: TableKey) -> None:
        """See ``App.notice_undelivered``."""
        now = self.writer.clock()

        def fn(current: Versioned | None) -> bytes | None:
            if current is None:
                return None
            state = Table.decode(current.payload)
            if state.clock.deadline is None or not state.clock.reminded:
                return None
            return state.with_reminded(False).encode()

        try:
            result = await self.writer.write(table, fn)
            if result.record is not None and Table.decode(result.record.payload).clock.deadline:
                await self.writer.store.set_deadline(table, now)
        except (StoreUnavailable, ConflictError):
            log.warning("undelivered notice not recorded table=%s", table)
