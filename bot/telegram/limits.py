"""Telegram's flood limits, kept as the Bot API counts them, and a group's board edits paced
within them.

:class:`ChatLimits` is the application's rate limiter (python-telegram-bot's
``BaseRateLimiter``): at most ``group_max_rate`` requests to one group in any ``group_period``
seconds (Telegram: 20 a minute, edits included) and ``overall_max_rate`` in any second for the
whole bot (30).  The windows slide: a leaky bucket of the same rate (python-telegram-bot's
``AIORateLimiter``) lets a burst of 20 through and then one every 3 s, 40 requests in the first
minute, so a group played at full speed ran into Telegram's own refusal (``RetryAfter``) and its
presses waited seconds.  A ``RetryAfter`` is still waited out and the request tried again.

:class:`BoardPacer` keeps a board-changing press from waiting on a full window, and spreads a
group's edits over the minute: an edit that cannot go now is left to go when the group may edit
again, and an edit of the same message made meanwhile replaces it (only the newest state of a
message is worth a request), so a group played at any speed gets its board every few seconds,
at the pace Telegram allows, and never a stale one once play stops.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from typing import Any

from telegram.error import RetryAfter
from telegram.ext import BaseRateLimiter

from bot.telegram.retry import retry_seconds

__all__ = ["BoardPacer", "ChatLimits", "Window"]

log = logging.getLogger("bot.telegram")

Clock = Callable[[], float]

POLL = 0.05
"""Seconds between looks at a full window whose requests are still under way."""

MAX_WINDOWS = 512
"""Windows of groups kept before the empty ones are dropped."""


class Window:
    """At most ``limit`` requests in any ``period`` seconds (a sliding window), counted from
    when each request *ended*: Telegram counts a request when it arrives, some time after it
    was sent, and a request that ended has certainly arrived, so the next one sent a period
    later cannot arrive within the same period whatever the network's delays."""

    def __init__(self, limit: float, period: float, clock: Clock = time.monotonic) -> None:
        self.limit = limit
        self.period = period
        self.clock = clock
        self.ends: list[list[float]] = []
        """One cell a request counted: when it ended (``inf`` while it is under way)."""
        self.turn = asyncio.Lock()  # waiters go in the order they came

    def _prune(self, now: float) -> None:
        self.ends = [cell for cell in self.ends if cell[0] > now - self.period]

    def wait(self) -> float:
        """Seconds until one more request fits (0: now; a request under way counts until it
        ends, after which a period must pass)."""
        if not self.limit:
            return 0.0
        now = self.clock()
        self._prune(now)
        if len(self.ends) < self.limit:
            return 0.0
        oldest = min(cell[0] for cell in self.ends)
        return self.period if oldest == math.inf else oldest + self.period - now

    @property
    def empty(self) -> bool:
        self._prune(self.clock())
        return not self.ends

    async def room(self) -> None:
        """Wait until one more request fits."""
        while (delay := self.wait()) > 0:
            await asyncio.sleep(min(delay, POLL))

    @contextlib.asynccontextmanager
    async def counted(self) -> AsyncIterator[None]:
        """Wait for room (waiters in turn), then count a request made in the block, as of when
        the block ends."""
        cell = [math.inf]
        async with self.turn:
            await self.room()
            if self.limit:
                self.ends.append(cell)
        try:
            yield
        finally:
            cell[0] = self.clock()


def group_of(data: dict[str, Any]) -> int | str | None:
    """The group a request goes to (its ``chat_id`` when that is a group's, a channel's or an
    ``@username``), ``None`` for a private chat or no chat."""
    chat_id = data.get("chat_id")
    if chat_id is None:
        return None
    with contextlib.suppress(ValueError, TypeError):
        chat_id = int(chat_id)
    if isinstance(chat_id, int):
        return chat_id if chat_id < 0 else None
    return str(chat_id)


class ChatLimits(BaseRateLimiter[int]):
    """The Bot API's limits as sliding windows (see the module's docstring); ``max_retries``
    ``RetryAfter`` answers are waited out per request (a request's ``rate_limit_args`` may say
    otherwise)."""

    def __init__(
        self,
        *,
        overall_max_rate: float = 30,
        group_max_rate: float = 20,
        group_period: float = 60,
        max_retries: int = 3,
        clock: Clock = time.monotonic,
    ) -> None:
        self.group_max_rate = group_max_rate
        self.group_period = group_period
        self.max_retries = max_retries
        self.clock = clock
        self.overall = Window(overall_max_rate, 1.0, clock)
        self.groups: dict[int | str, Window] = {}
        self.resumed = asyncio.Event()
        self.resumed.set()

    async def initialize(self) -> None:
        return None

    async def shutdown(self) -> None:
        return None

    def window(self, group: int | str) -> Window:
        """The window of ``group`` (made on first use; the empty ones dropped when there are
        many)."""
        found = self.groups.get(group)
        if found is not None:
            return found
        if len(self.groups) >= MAX_WINDOWS:
            for key in [k for k, w in self.groups.items() if w.empty and not w.turn.locked()]:
                del self.groups[key]
        made = Window(self.group_max_rate, self.group_period, self.clock)
        self.groups[group] = made
        return made

    def wait(self, chat_id: int) -> float:
        """Seconds until a request to chat ``chat_id`` fits in its group's window (0: now; a
        private chat has none)."""
        group = group_of({"chat_id": chat_id})
        return 0.0 if group is None else self.window(group).wait()

    async def room(self, chat_id: int) -> None:
        """Wait until a request to chat ``chat_id`` fits in its group's window."""
        group = group_of({"chat_id": chat_id})
        if group is not None:
            await self.window(group).room()

    async def process_request(
        self,
        callback: Callable[..., Coroutine[Any, Any, bool | dict[str, Any] | list[dict[str, Any]]]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: int | None,
    ) -> bool | dict[str, Any] | list[dict[str, Any]]:
        retries = self.max_retries if rate_limit_args is None else rate_limit_args
        group = group_of(data)
        for attempt in range(retries + 1):
            try:
                async with contextlib.AsyncExitStack() as counted:
                    if group is not None:
                        await counted.enter_async_context(self.window(group).counted())
                    if data.get("chat_id") is not None:
                        await counted.enter_async_context(self.overall.counted())
                    await self.resumed.wait()
                    return await callback(*args, **kwargs)
            except RetryAfter as exc:
                if attempt == retries:
                    raise
                pause = retry_seconds(exc) + 0.1
                log.info("%s: Telegram asks to wait %.1f s", endpoint, pause)
                self.resumed.clear()
                try:
                    await asyncio.sleep(pause)
                finally:
                    self.resumed.set()
        raise AssertionError("unreachable")


class BoardPacer:
    """Edits of a group's messages at a pace the group can keep (see the module's docstring).

    An edit goes at once (:meth:`admit`) while the group's window has room and the edits have
    not run ahead of the window's rate: up to ``burst`` at once, then one every
    ``group_period / group_max_rate`` seconds (3 s at 20 a minute), so that at full speed the
    board shows its newest state every few seconds instead of spending the whole minute's
    budget at once and then staying still.  Otherwise the edit is left for later
    (:meth:`defer`), in place of any edit of the same message still waiting.
    """

    def __init__(self, limits: ChatLimits, burst: int = 5) -> None:
        self.limits = limits
        self.burst = burst
        self.waiting: OrderedDict[tuple[int, str], Callable[[], Awaitable[None]]] = OrderedDict()
        self.flushing: dict[int, asyncio.Task[None]] = {}
        self.credit: dict[int, tuple[float, float]] = {}
        """Per group: the edits it may make at once, and when that was last worked out."""

    def _spacing(self) -> float:
        rate, period = self.limits.group_max_rate, self.limits.group_period
        return period / rate if rate and period else 0.0

    def _credit(self, chat_id: int) -> float:
        spacing = self._spacing()
        now = self.limits.clock()
        credit, since = self.credit.get(chat_id, (float(self.burst), now))
        if spacing:
            credit = min(float(self.burst), credit + (now - since) / spacing)
        self.credit[chat_id] = (credit, now)
        if len(self.credit) > MAX_WINDOWS:
            full = [c for c, (left, _) in self.credit.items() if left >= self.burst]
            for chat in full:
                del self.credit[chat]
        return credit

    def _wait(self, chat_id: int) -> float:
        """Seconds until an edit in chat ``chat_id`` may go (0: now)."""
        if group_of({"chat_id": chat_id}) is None or not self._spacing():
            return 0.0
        pace = max(0.0, 1.0 - self._credit(chat_id)) * self._spacing()
        return max(pace, self.limits.wait(chat_id))

    def _spend(self, chat_id: int) -> None:
        if group_of({"chat_id": chat_id}) is not None and self._spacing():
            credit = self._credit(chat_id)
            self.credit[chat_id] = (credit - 1.0, self.limits.clock())

    def admit(self, chat_id: int) -> bool:
        """Whether an edit in chat ``chat_id`` goes now (then it is counted): the group keeps
        its pace and no edit there waits already (edits go in the order they were made)."""
        if any(c == chat_id for c, _ in self.waiting) or self._wait(chat_id) > 0:
            return False
        self._spend(chat_id)
        return True

    def defer(self, chat_id: int, message: str, perform: Callable[[], Awaitable[None]]) -> None:
        """Leave ``perform``, an edit of ``message`` in chat ``chat_id``, for when the group
        may edit again, in place of an edit of the same message still waiting."""
        self.waiting.pop((chat_id, message), None)  # a newer state of the message replaces it
        self.waiting[(chat_id, message)] = perform
        task = self.flushing.get(chat_id)
        if task is None or task.done():
            self.flushing[chat_id] = asyncio.create_task(self._flush(chat_id))

    async def _flush(self, chat_id: int) -> None:
        while True:
            while (delay := self._wait(chat_id)) > 0:
                await asyncio.sleep(min(delay, POLL * 10))
            key = next((k for k in self.waiting if k[0] == chat_id), None)
            if key is None:
                return
            perform = self.waiting.pop(key)
            self._spend(chat_id)
            try:
                await perform()
            except Exception:
                log.exception("a paced edit in chat %s failed", chat_id)

    async def close(self) -> None:
        """Stop: the edits still waiting are dropped (a board left behind is out of date, and
        a press on it is answered as such)."""
        for task in self.flushing.values():
            task.cancel()
        for task in self.flushing.values():
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.flushing.clear()
        self.waiting.clear()
