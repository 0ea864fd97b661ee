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
from collections.abc import Sequence

from telegram import Update
from telegram.error import Conflict, Forbidden, InvalidToken, NetworkError, RetryAfter, TimedOut
from telegram.ext import Application

from bot.telegram.retry import retry_seconds

log = logging.getLogger("bot.telegram")

POLL_TIMEOUT = 30
"""Seconds a ``getUpdates`` call waits for an update (Telegram's long poll)."""

BATCH_LIMIT = 100
"""Updates asked for in one call (Telegram's maximum)."""


class Poller:
    """Feed ``application`` from ``getUpdates``, confirming each batch once it is handled."""

    def __init__(
        self,
        application: Application,  # type: ignore[type-arg]
        *,
        allowed_updates: Sequence[str],
        timeout: int = POLL_TIMEOUT,
        limit: int = BATCH_LIMIT,
        concurrency: int = 32,
        retry_delay: float = 1.0,
    ) -> None:
        self.application = application
        self.allowed_updates = list(allowed_updates)
        self.timeout = timeout
        self.limit = limit
        self.retry_delay = retry_delay
        self.offset: int | None = None
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
            await self._handle(updates)
            self.offset = updates[-1].update_id + 1

    async def _handle(self, updates: Sequence[Update]) -> None:
        """Handle a batch; return once every update of it is done."""
        self.in_flight += len(updates)
        try:
            await asyncio.gather(*(self._one(update) for update in updates))
        finally:
            self.in_flight -= len(updates)

    async def _one(self, update: Update) -> None:
        async with self._slots:
            try:
                await self.application.process_update(update)
            except Exception:  # the handlers' errors go to the error handler; this is the rest
                log.exception("update %s failed", update.update_id)
