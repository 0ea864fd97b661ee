"""The computer's turns at its tables (:class:`ComputerTurns`): played right after the update
that left the table to it (``App.computer_moves``), or by the tick when the process that meant
to play one stopped first; each whole turn decided in a worker and written with one
compare-and-set (:mod:`bot.app.opponent` says what a turn is).  Meanwhile the computer ponders
on the person's time (:meth:`ComputerTurns.ponder`)."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable

from bot.ai.worker import fallback_action
from bot.app import fair, opponent, results
from bot.app.context import Context
from bot.app.opponent import Opponent
from bot.app.table import COMPUTER, Table
from bot.app.timing import actor
from bot.app.types import Reply, Thinking, Update, User
from bot.app.writer import TableWriter
from bot.store import ConflictError, StoreUnavailable, TableKey, Versioned
from engine.errors import EngineError

__all__ = ["ComputerTurns"]

log = logging.getLogger("bot.app")


class ComputerTurns:
    """The turns of ``opponent`` at the tables ``writer`` writes; ``contexts`` makes the
    context an update is decided in, ``default_language`` speaks where a table has none."""

    def __init__(
        self,
        writer: TableWriter,
        opponent: Opponent,
        contexts: Callable[[Update, str], Context],
        default_language: str,
    ) -> None:
        self.writer = writer
        self.opponent = opponent
        self.contexts = contexts
        self.default_language = default_language
        self.next: set[TableKey] = set()
        """Tables this process's last write there left waiting on the computer."""
        self.busy: set[TableKey] = set()
        """Tables whose computer turn this process is playing now."""

    def written(self, key: TableKey, table: Table | None) -> None:
        """A write of this process left ``table`` at ``key``: its turn is played next when it
        waits for the computer, and the computer ponders where a person is to act."""
        if table is not None and opponent.waiting(table) is not None:
            self.next.add(key)
        self.ponder(table)

    def moved(self, src: TableKey, dst: TableKey) -> None:
        """The game at ``src`` now plays at ``dst``: a turn due there follows it."""
        if src in self.next:
            self.next.discard(src)
            self.next.add(dst)

    def ponder(self, table: Table | None) -> None:
        """Let the computer think on the person's time where a person at its table is on roll
        or has rolled (:func:`bot.app.opponent.to_ponder`); a failure here costs only the head
        start."""
        try:
            target = opponent.to_ponder(table)
            if target is not None:
                self.opponent.ponder(*target)
        except Exception:
            log.exception("ponder not started")

    async def moves(self, table: TableKey, *, resume: bool = False) -> AsyncIterator[list[Reply]]:
        """See ``App.computer_moves``."""
        if table in self.busy or (table not in self.next and not resume):
            return
        self.next.discard(table)
        self.busy.add(table)
        try:
            for _ in range(opponent.MAX_ACTIONS):
                try:
                    record = await self.writer.store.load(table)
                    state = Table.decode(record.payload) if record is not None else None
                    waits = opponent.waiting(state)
                    if record is None or state is None or waits is None:
                        return
                    if waits[1] == "expert":
                        yield [Thinking()]
                    replies = await self.turn(table, record, state, *waits)
                    if replies is None:
                        return
                except (StoreUnavailable, ConflictError):
                    log.warning("store unavailable: the computer's turn waits for a tick")
                    return
                except Exception:
                    log.exception("computer turn failed table=%s", table)
                    return
                if replies:
                    yield replies
        finally:
            self.busy.discard(table)

    async def due_turn(self, key: TableKey, record: Versioned, table: Table) -> list[Reply] | None:
        """The tick's part: a computer turn ``table`` waits for that nobody finished (its
        process stopped mid-thought), played now; ``None`` when it waits for none, or this
        process is playing it."""
        waits = opponent.waiting(table)
        if waits is None or key in self.busy:
            return None
        self.busy.add(key)
        try:
            return await self.turn(key, record, table, *waits) or []
        finally:
            self.busy.discard(key)

    async def turn(
        self, key: TableKey, record: Versioned, table: Table, seat: int, level: str
    ) -> list[Reply] | None:
        """Decide the computer's whole turn on ``record`` and write it with one
        compare-and-set; its replies, none when another write came first, ``None`` when the
        computer had nothing to do after all (nothing is written)."""
        name = table.seats[seat].name
        update = Update(key, User(COMPUTER, level, name), opponent.update_id(table))
        ctx = self.contexts(update, table.lang or self.default_language)
        ctx.names = {s.user: s.name for s in table.seats}
        fair.load(ctx, table)  # its rolls come from the table's dice, as a person's do
        match = table.state()
        notes: list[str] = []
        acted = False
        for step in range(opponent.MAX_ACTIONS):
            if actor(match) != seat or match.game.is_over:
                break
            game = match.game
            seed = f"{key}:{table.version}:{step}"
            action = await self.opponent.decide(game, seat, level, seed)
            if action is None:
                break
            try:
                match, more = opponent.apply(ctx, table, match, seat, action)
            except EngineError:
                log.exception("computer action refused table=%s action=%s", key, action)
                fallback = fallback_action(game, seat)
                if fallback is None:
                    break
                match, more = opponent.apply(ctx, table, match, seat, fallback)
            notes += more
            acted = True
        if not acted:
            log.error("computer had no action table=%s seat=%s", key, seat)
            return None
        new = fair.keep(ctx, opponent.finish(ctx, table, match, notes))
        new = results.carried(table, new, ctx.ended)
        due = self.writer.deadline_of(new)
        if due is not None:
            await self.writer.store.set_deadline(key, due)  # before the write, as always
        payload = new.encode()
        if not await self.writer.compare_and_set(key, record, payload, update.update_id):
            if due is not None:
                await self.writer.reschedule(key, await self.writer.store.load(key), due)
            return []
        self.written(key, new)
        settled, _ = await self.writer.settle(key, ctx.lang, new)
        return ctx.replies + settled
