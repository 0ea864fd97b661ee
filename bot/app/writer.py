"""The one write path of the tables: every write of a table goes through a :class:`TableWriter`.

It keeps the record this process last wrote or read of each table (:data:`RECORD_CACHE` of
them), so that the next move of a game it serves is decided on that record and written with one
compare-and-set, without loading it again (:meth:`TableWriter.update`); it answers the one
question of which deadline a table should have in the store's due index
(:meth:`TableWriter.deadline_of`: the computer's turn it waits for, its clock's next event, the
retry of the results pending in it) and puts it there (:meth:`TableWriter.reschedule`); it
records the results a write left pending and takes them out of the table
(:meth:`TableWriter.settle`); it notes which message shows a table's board
(:meth:`TableWriter.board_posted`); and after every write that lands it tells whoever watches
the table (:mod:`bot.app.changes`), but for that note of the board's message, which changes
nothing anyone sees.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable

from bot.app import changes, opponent, results
from bot.app.opponent import Opponent
from bot.app.table import Table
from bot.app.timing import wake, wake_time
from bot.app.types import Reply
from bot.app.users import UserRecords
from bot.store import (
    CasResult,
    ConflictError,
    Store,
    StoreUnavailable,
    TableKey,
    Unreachable,
    Updater,
    UpdateResult,
    UpdateStatus,
    Versioned,
    WriteUnconfirmed,
)

__all__ = ["RECORD_CACHE", "TableWriter"]

log = logging.getLogger("bot.app")

RECORD_CACHE = 1024
"""Tables whose last record this process keeps (the games it serves)."""


class TableWriter:
    """Writes the tables of ``store`` (see the module's docstring); ``computer`` is the
    computer opponent whose turns a table may wait for (its time budget sets their deadline),
    ``clock`` the time source."""

    def __init__(
        self,
        store: Store,
        users: UserRecords,
        clock: Callable[[], float],
        computer: Opponent | None,
    ) -> None:
        self.store = store
        self.users = users
        self.clock = clock
        self.computer = computer
        self._records: OrderedDict[TableKey, Versioned] = OrderedDict()

    # -- the records kept -----------------------------------------------------------------------

    def remember(self, key: TableKey, record: Versioned | None) -> None:
        """Keep ``record`` as the table's last known state (``None``: forget it)."""
        if record is None:
            self._records.pop(key, None)
            return
        self._records[key] = record
        self._records.move_to_end(key)
        while len(self._records) > RECORD_CACHE:
            self._records.popitem(last=False)

    def forget(self, key: TableKey) -> None:
        """Forget the table's record (another process may have written it)."""
        self._records.pop(key, None)

    async def load(self, key: TableKey) -> Table | None:
        """The table as the store has it now."""
        record = await self.store.load(key)
        return Table.decode(record.payload) if record is not None else None

    # -- writes ---------------------------------------------------------------------------------

    async def announce(self, key: TableKey, result: UpdateResult) -> None:
        """Tell the table's watchers of ``result``'s write when it landed; never raises.  (The
        writes of a table made through the store itself call it too: a game moved to another
        chat, a tournament's game made.)"""
        if result.applied and result.record is not None:
            await changes.announce(self.store, key, result.record)

    async def write(self, key: TableKey, fn: Updater, update_id: str | None = None) -> UpdateResult:
        """The store's own load → ``fn`` → compare-and-set loop, the record kept."""
        result = await self._write(key, fn, update_id)
        await self.announce(key, result)
        return result

    async def _write(self, key: TableKey, fn: Updater, update_id: str | None) -> UpdateResult:
        """:meth:`write` without the notice."""
        result = await self.store.update(key, fn, update_id=update_id)
        self.remember(key, result.record)
        return result

    async def update(
        self,
        key: TableKey,
        fn: Callable[[Versioned | None], Awaitable[bytes | None]],
        update_id: str,
    ) -> UpdateResult:
        """``store.update`` of a table, first trying the record this process last saw of it.

        When this process wrote (or read) the table last, as it does for every move of a game
        it serves, the decision is made on that record and written with one compare-and-set,
        without loading it again.  A conflict (another process moved the table on) or a
        decision that writes nothing (refusals and reads are always decided on a fresh load)
        falls back to the store's own load → decide → compare-and-set loop.  Raises
        :class:`~bot.store.WriteUnconfirmed` when a write's answer was lost and the store could
        not be asked whether it landed.
        """
        result = await self._update(key, fn, update_id)
        await self.announce(key, result)
        return result

    async def _update(
        self,
        key: TableKey,
        fn: Callable[[Versioned | None], Awaitable[bytes | None]],
        update_id: str,
    ) -> UpdateResult:
        """:meth:`update` without the notice."""
        cached = self._records.get(key)
        if cached is not None:
            new = await fn(cached)
            if new is not None:
                try:
                    cas = await self.store.compare_and_set(
                        key, cached.version, new, update_id=update_id
                    )
                except Unreachable:
                    raise  # never sent: the store is away, and nothing happened
                except StoreUnavailable as exc:
                    # The reply was lost: the write may have happened.  The store's loop below
                    # finds the update id seen, and the record tells whether it was this one.
                    self.forget(key)
                    try:
                        result = await self.store.update(key, fn, update_id=update_id)
                    except StoreUnavailable:
                        raise WriteUnconfirmed(f"{key}: a write went unanswered") from exc
                    if (
                        result.status is UpdateStatus.DUPLICATE
                        and result.record is not None
                        and result.record.payload == new
                    ):
                        result = UpdateResult(UpdateStatus.APPLIED, result.record, 0)
                    self.remember(key, result.record)
                    return result
                if cas is CasResult.APPLIED:
                    record = Versioned(new, cached.version + 1)
                    self.remember(key, record)
                    return UpdateResult(UpdateStatus.APPLIED, record, 0)
                if cas is CasResult.DUPLICATE:
                    self.store.counters.duplicates += 1  # as the store's own loop counts them
                    current = await self.store.load(key)
                    self.remember(key, current)
                    return UpdateResult(UpdateStatus.DUPLICATE, current, 0)
                self.store.counters.cas_conflicts += 1
        result = await self.store.update(key, fn, update_id=update_id)
        self.remember(key, result.record)
        return result

    async def compare_and_set(
        self, key: TableKey, record: Versioned, payload: bytes, update_id: str | None = None
    ) -> bool:
        """Write ``payload`` over ``record`` if the table is still at it; whether it was."""
        written = await self._compare_and_set(key, record, payload, update_id)
        if written is not None:
            await changes.announce(self.store, key, written)
        return written is not None

    async def _compare_and_set(
        self, key: TableKey, record: Versioned, payload: bytes, update_id: str | None = None
    ) -> Versioned | None:
        """:meth:`compare_and_set` without the notice: the record written, if it was."""
        cas = await self.store.compare_and_set(key, record.version, payload, update_id=update_id)
        if cas is not CasResult.APPLIED:
            self.forget(key)
            return None
        written = Versioned(payload, record.version + 1)
        self.remember(key, written)
        return written

    async def board_posted(self, table: TableKey, message: str, version: int) -> None:
        """Note that the board drawn for ``version`` is message ``message`` (see
        ``App.board_posted``).  Never raises for the store's sake; nobody is told of this
        write (what the board shows has not changed)."""

        def fn(current: Versioned | None) -> bytes | None:
            if current is None:
                return None
            state = Table.decode(current.payload)
            if state.version != version or state.place.board_message == message:
                return None
            return state.with_board(message, version).encode()

        try:
            cached = self._records.get(table)
            if cached is not None:
                state = Table.decode(cached.payload)
                if state.version > version or state.place.board_message == message:
                    return  # a newer board is out already, or nothing to note
                new = fn(cached)
                if new is not None and await self._compare_and_set(table, cached, new):
                    return
            await self._write(table, fn, None)
        except (StoreUnavailable, ConflictError):
            # Only a convenience (which message to strip of its buttons later): never fatal.
            log.warning("board message not recorded table=%s message=%s", table, message)

    # -- deadlines ------------------------------------------------------------------------------

    def computer_due(self, table: Table) -> float | None:
        """When the tick should play the computer's turn ``table`` waits for, should the
        process that means to play it at once not do so (``None``: none is waited for)."""
        if self.computer is None:
            return None
        waits = opponent.waiting(table)
        if waits is None:
            return None
        due = self.clock() + self.computer.budget(waits[1]) + opponent.GRACE
        return min(due, wake_time(table)) if table.clock.deadline is not None else due

    def deadline_of(self, table: Table) -> float | None:
        """When the tick must come to ``table`` (``None``: never): for the computer's turn it
        waits for, else its clock's next event; no later than the retry of results pending in
        it."""
        due = self.computer_due(table)
        if due is None:
            due = wake(table)
        if table.past.pending:
            retry = self.clock() + results.RETRY_AFTER
            due = retry if due is None else min(due, retry)
        return due

    async def reschedule(self, key: TableKey, record: Versioned | None, stray: float) -> None:
        """Put the deadline the table in ``record`` should have in the due index (none: the
        ``stray`` entry set for a write that did not happen is taken out)."""
        table = Table.decode(record.payload) if record is not None else None
        due = self.deadline_of(table) if table is not None else None
        if due is not None:
            await self.store.set_deadline(key, due)
        else:
            await self.store.clear_deadline(key, stray)

    # -- results --------------------------------------------------------------------------------

    async def settle(
        self, key: TableKey, lang: str, table: Table | None, *, older: float = 0.0
    ) -> tuple[list[Reply], bool]:
        """Record the results pending in ``table`` (those at least ``older`` seconds old), then
        take them out of the table; the replies to post (the rating changes: only when this
        process took them out, so they are posted once), and whether some are left for a retry
        (the store failed).  Never raises for the store's sake."""
        if table is None or not table.past.pending:
            return [], False
        now = self.clock()
        readable = results.pending(table)
        unreadable = len(readable) < len(table.past.pending)
        items = [e for e in readable if now - e.at >= older]
        if not items and not unreadable:
            return [], False
        replies, done, left = await results.settle(self.users, key, lang, items)
        if not done and not unreadable:
            return [], left

        def fn(current: Versioned | None) -> bytes | None:
            if current is None:
                return None
            taken = results.without(Table.decode(current.payload), done)
            return None if taken is None else taken.encode()

        try:
            result = await self.write(key, fn)
        except (StoreUnavailable, ConflictError):
            log.warning("pending results not cleared table=%s", key)  # recorded: the tick retries
            return [], True
        return (replies if result.applied else []), left
