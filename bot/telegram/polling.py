"""Long polling that loses no update: a batch is confirmed only once it has been handled.

Telegram keeps an update until a ``getUpdates`` call asks for a higher ``offset``.  PTB's own
updater asks for the next batch (confirming the last one) as soon as it has queued the updates in
memory, before any handler has run; a process killed in between loses them for good.  The
:class:`Poller` here calls ``getUpdates`` itself (``Bot.get_updates``), hands every update of the
batch to the application (``process_update``, at most ``concurrency`` at once) and waits until all
of them are handled — their tables written and their replies sent — before it asks for the next
batch with the offset that confirms this one.  A process killed mid-batch gets the same updates
again at its next start; the update id stored with each table makes a second delivery of an
update that had been applied harmless.

An update the store kept from being applied (Redis paused or away: the app answers
:class:`~bot.app.types.NotApplied`, the adapter reports it through
:data:`~bot.telegram.adapter.HANDLING`) is not confirmed either: the offset stays at it, so
Telegram keeps it — and what came after it.  The poller goes on fetching (a pause of
``retry_delay`` between calls, as Telegram answers at once while it keeps updates) and handling
what is new; a held update is handled again after a pause of its own (doubling up to
:data:`HOLD_PAUSE`), until the store applies it.  The updates after it that were handled are
not handled twice (this process remembers them; after a restart they are delivered again,
which is harmless).  Its sender is told once that it is kept.  Held for :data:`HOLD_LIMIT`
seconds, an update is handled a last time: if the store still keeps it from being applied, its
sender is told to try again and it is confirmed, so that a table whose storage stays away
does not hold up every other chat for ever.

The price: one slow update (a Redis stall) holds up the next batch until it is done, as a
webhook request holds up its own answer (an analysis does not: its update is done once its
progress message is posted, and it is followed in the background).  Long polling serves one
process per bot (Telegram allows one ``getUpdates`` at a time); stopping finishes the batch in
hand and confirms it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from telegram import Update
from telegram.error import Conflict, Forbidden, InvalidToken, NetworkError, RetryAfter, TimedOut
from telegram.ext import Application

from bot.telegram.adapter import HANDLING, Handling
from bot.telegram.retry import retry_seconds

log = logging.getLogger("bot.telegram")

POLL_TIMEOUT = 30
"""Seconds a ``getUpdates`` call waits for an update (Telegram's long poll)."""

BATCH_LIMIT = 100
"""Updates asked for in one call (Telegram's maximum)."""

HOLD_LIMIT = 600.0
"""Seconds an update the store keeps from being applied is held with Telegram (handled again
after pauses) before it is handled a last time and, still not applied, confirmed."""

HOLD_PAUSE = 30.0
"""The longest pause before an update the store kept from being applied is handled again."""


@dataclass
class Held:
    """An update the store kept from being applied: since when, when it is handled again, and
    the pause before that."""

    since: float
    due: float
    pause: float


class Poller:
    """Feed ``application`` from ``getUpdates``, confirming each batch once it is handled, and
    an update the store kept from being applied only once it is (see the module's docstring;
    ``hold_limit``: :data:`HOLD_LIMIT`, ``clock`` the time source it is measured with)."""

    def __init__(
        self,
        application: Application,  # type: ignore[type-arg]
        *,
        allowed_updates: Sequence[str],
        timeout: int = POLL_TIMEOUT,
        limit: int = BATCH_LIMIT,
        concurrency: int = 32,
        retry_delay: float = 1.0,
        hold_limit: float = HOLD_LIMIT,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.application = application
        self.allowed_updates = list(allowed_updates)
        self.timeout = timeout
        self.limit = limit
        self.retry_delay = retry_delay
        self.hold_limit = hold_limit
        self.clock = clock
        self.offset: int | None = None
        self.held: dict[int, Held] = {}
        """The updates the store kept from being applied (they and every later one stay
        unconfirmed)."""
        self._done: set[int] = set()
        """Updates after the first held one that were handled: fetched again, not handled."""
        self.in_flight = 0
        self._slots = asyncio.Semaphore(concurrency)
        self._task: asyncio.Task[None] | None = None
        self._stopping = asyncio.Event()
        self._fetching = False

    async def start(self) -> None:
        """Drop a webhook (``getUpdates`` refuses to work beside one) and start polling."""
        await self.application.bot.delete_webhook(drop_pending_updates=False)
        self._task = asyncio.create_task(self._run(), name="telegram polling")

    async def stop(self) -> None:
        """Stop: a long poll waiting is cut short (what it would bring stays with Telegram), a
        batch being handled is finished and confirmed."""
        self._stopping.set()
        task, self._task = self._task, None
        if task is None:
            return
        if self._fetching:
            task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        if self.offset is not None:
            await self._confirm()

    async def _confirm(self) -> None:
        """Tell Telegram that every update below :attr:`offset` is done (a poll that waits not)."""
        try:
            await self.application.bot.get_updates(
                offset=self.offset, limit=1, timeout=0, allowed_updates=self.allowed_updates
            )
        except Exception as exc:  # the next start gets those updates again, which is harmless
            log.warning("last batch not confirmed (%s): it will be delivered again", exc)

    async def _run(self) -> None:
        delay = self.retry_delay
        while not self._stopping.is_set():
            self._fetching = True
            try:
                updates = await self.application.bot.get_updates(
                    offset=self.offset,
                    limit=self.limit,
                    timeout=self.timeout,
                    allowed_updates=self.allowed_updates,
                    read_timeout=self.timeout + 10,
                )
            except (InvalidToken, Forbidden):
                raise
            except RetryAfter as exc:
                await asyncio.sleep(retry_seconds(exc))
                continue
            except (Conflict, NetworkError, TimedOut) as exc:
                log.warning("getUpdates failed (%s); trying again in %.1f s", exc, delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 30.0)
                continue
            finally:
                self._fetching = False
            delay = self.retry_delay
            if not updates:
                continue
            now = self.clock()
            due = [u for u in updates if u.update_id not in self._done and self._due(u, now)]
            unapplied = await self._handle(due)
            self._advance(updates, due, unapplied)
            if self.held:
                # Telegram keeps them and answers the next call at once: a pause between calls.
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._stopping.wait(), self.retry_delay)

    def _due(self, update: Update, now: float) -> bool:
        """Whether ``update`` is to be handled now (not held, or its pause is over)."""
        held = self.held.get(update.update_id)
        return held is None or held.due <= now

    def _advance(
        self, updates: Sequence[Update], handled: Sequence[Update], unapplied: set[int]
    ) -> None:
        """Move the offset past the batch, or up to its first update held (the store kept it
        from being applied); remember what is held and what after it was handled."""
        now = self.clock()
        for update in handled:
            held = self.held.get(update.update_id)
            if update.update_id not in unapplied:
                self.held.pop(update.update_id, None)
                self._done.add(update.update_id)
            elif held is None:
                self.held[update.update_id] = Held(now, now + self.retry_delay, self.retry_delay)
            else:
                held.pause = min(held.pause * 2, HOLD_PAUSE)
                held.due = now + held.pause
        self.offset = min(self.held) if self.held else updates[-1].update_id + 1
        self.held = {i: held for i, held in self.held.items() if i >= self.offset}
        self._done = {i for i in self._done if i >= self.offset}
        if unapplied:
            log.warning("updates %s not applied (the store): kept with Telegram", sorted(unapplied))

    async def _handle(self, updates: Sequence[Update]) -> set[int]:
        """Handle a batch; return once every update of it is done: the ids of those the store
        kept from being applied (to be delivered again)."""
        self.in_flight += len(updates)
        try:
            unapplied = await asyncio.gather(*(self._one(update) for update in updates))
        finally:
            self.in_flight -= len(updates)
        return {u.update_id for u, kept in zip(updates, unapplied, strict=True) if kept}

    async def _one(self, update: Update) -> bool:
        """Handle one update; whether the store kept it from being applied (and it is to be
        delivered again)."""
        held = self.held.get(update.update_id)
        last = held is not None and self.clock() - held.since >= self.hold_limit
        handling = Handling(update.update_id, again=held is not None, last=last)
        async with self._slots:
            token = HANDLING.set(handling)
            try:
                await self.application.process_update(update)
            except Exception:  # the handlers' errors go to the error handler; this is the rest
                log.exception("update %s failed", update.update_id)
            finally:
                HANDLING.reset(token)
        if last and handling.unapplied:
            log.error("update %s given up: the store kept it from being applied", update.update_id)
        return handling.unapplied and not last
