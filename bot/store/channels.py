"""The subscribers of one process to named channels, and the delivery of a message to them.

A message published on a channel reaches every subscriber of that channel: in the memory store
straight from :meth:`Channels.deliver`, in the Redis store from the one connection that listens
to Redis for the whole process (:mod:`bot.store.pubsub`).  What is sent this way is a notice
(a table was written, at this version), never data: a subscriber that reads too slowly loses
the oldest notices it has not read (:data:`DEPTH` are kept), which costs it nothing, as the
next notice says the same thing newer.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import AsyncGenerator, Awaitable, Callable
from typing import Final

DEPTH: Final = 16
"""Notices kept for a subscriber that has not read them yet (older ones are dropped)."""


class Subscriber:
    """One subscription's notices not read yet."""

    __slots__ = ("notices", "ready")

    def __init__(self, depth: int) -> None:
        self.notices: deque[str] = deque(maxlen=depth)
        self.ready = asyncio.Event()

    def put(self, message: str) -> None:
        """Keep ``message`` (the oldest one dropped when too many wait)."""
        self.notices.append(message)
        self.ready.set()

    async def get(self) -> str:
        """The oldest notice kept, when there is one."""
        while not self.notices:
            self.ready.clear()
            await self.ready.wait()
        return self.notices.popleft()


class Channel:
    """The subscribers of one channel and, once done, the start of its listening."""

    __slots__ = ("listening", "subscribers")

    def __init__(self, listening: asyncio.Future[None]) -> None:
        self.subscribers: set[Subscriber] = set()
        self.listening = listening


async def _nothing(channel: str) -> None:
    """No server to ask: a channel of this process is listened to from the start."""


class Channels:
    """The channels this process subscribes to.

    ``listen(channel)`` is awaited when a channel gets its first subscriber (the Redis store
    subscribes its connection to the channel there, and returns once the server confirmed it);
    its error reaches every subscriber waiting for it.  ``forget(channel)`` is called when the
    last subscriber has gone.  ``depth``: the notices kept for a subscriber (:data:`DEPTH`).
    """

    def __init__(
        self,
        listen: Callable[[str], Awaitable[None]] = _nothing,
        forget: Callable[[str], None] | None = None,
        *,
        depth: int = DEPTH,
    ) -> None:
        self._listen = listen
        self._forget = forget
        self.depth = depth
        self._channels: dict[str, Channel] = {}

    def __contains__(self, channel: object) -> bool:
        """Whether some subscriber of this process listens to ``channel``."""
        return channel in self._channels

    @property
    def listened(self) -> bool:
        """Whether any channel has a subscriber in this process."""
        return bool(self._channels)

    def deliver(self, channel: str, message: str) -> int:
        """Hand ``message`` to every subscriber of ``channel``; how many there are."""
        state = self._channels.get(channel)
        if state is None:
            return 0
        for subscriber in state.subscribers:
            subscriber.put(message)
        return len(state.subscribers)

    async def subscribe(self, channel: str) -> AsyncGenerator[str, None]:
        """``""`` once ``channel`` is listened to, then the messages published on it from that
        moment, for as long as the iteration goes on (see ``Store.subscribe``)."""
        state = self._channels.get(channel)
        if state is None:
            state = Channel(asyncio.ensure_future(self._listen(channel)))
            self._channels[channel] = state
        subscriber = Subscriber(self.depth)
        state.subscribers.add(subscriber)
        try:
            await asyncio.shield(state.listening)
            yield ""
            while True:
                yield await subscriber.get()
        finally:
            state.subscribers.discard(subscriber)
            if not state.subscribers and self._channels.get(channel) is state:
                del self._channels[channel]
                self._gone(channel, state.listening)

    def _gone(self, channel: str, listening: asyncio.Future[None]) -> None:
        """The last subscriber of ``channel`` has gone: ``forget`` it once its listening
        began (a channel whose listening failed was never listened to)."""
        if self._forget is None:
            return
        forget = self._forget

        def done(future: asyncio.Future[None]) -> None:
            if not future.cancelled() and future.exception() is None:
                forget(channel)

        if listening.done():
            done(listening)
        else:
            listening.add_done_callback(done)
