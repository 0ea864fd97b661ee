"""The subscribers of one process to named channels, and the delivery of a message to them.

A message published on a channel reaches every subscriber of that channel: in the memory store
straight from :meth:`Channels.deliver`, in the Redis store from the one connection that listens
to Redis for the whole process (:mod:`bot.store.pubsub`).  A subscriber gets the messages
published once its subscription is in place, and no earlier one: on Redis, from the moment the
server confirms it (the messages read before that confirmation were published before).

What is sent this way is a notice (a table was written, at this version), never data: a
subscriber that reads too slowly loses the oldest notices it has not read (:data:`DEPTH` are
kept), which costs it nothing, as the next notice says the same thing newer.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import AsyncGenerator, Awaitable, Callable
from typing import Final

DEPTH: Final = 16
"""Notices kept for a subscriber that has not read them yet (older ones are dropped)."""

Listen = Callable[[str, Callable[[], None]], Awaitable[None]]
"""``listen(channel, accept)``: put a new subscription to ``channel`` in place, calling
``accept()`` at the moment it is (the messages handed over from then on are the subscriber's),
and return once it is; raises when it cannot be."""


class Subscriber:
    """One subscription: whether it takes messages yet, and those not read yet."""

    __slots__ = ("accepting", "notices", "ready")

    def __init__(self, depth: int) -> None:
        self.accepting = False
        self.notices: deque[str] = deque(maxlen=depth)
        self.ready = asyncio.Event()

    def accept(self) -> None:
        """Take the messages handed over from now on."""
        self.accepting = True

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


class Channels:
    """The channels this process subscribes to.

    ``listen`` puts each new subscription in place (:data:`Listen`; the Redis store subscribes
    its connection to the channel, and accepts the subscriber when the server confirms it;
    ``None``: at once, as the memory store does).  ``forget(channel)`` is called when the last
    subscriber of a channel has gone.  ``depth``: the notices kept for a subscriber
    (:data:`DEPTH`).
    """

    def __init__(
        self,
        listen: Listen | None = None,
        forget: Callable[[str], None] | None = None,
        *,
        depth: int = DEPTH,
    ) -> None:
        self._listen = listen
        self._forget = forget
        self.depth = depth
        self._channels: dict[str, set[Subscriber]] = {}

    def __contains__(self, channel: object) -> bool:
        """Whether some subscriber of this process listens to ``channel``."""
        return channel in self._channels

    @property
    def listened(self) -> bool:
        """Whether any channel has a subscriber in this process."""
        return bool(self._channels)

    def deliver(self, channel: str, message: str) -> int:
        """Hand ``message`` to every subscriber of ``channel`` whose subscription is in place;
        how many there are."""
        taking = [s for s in self._channels.get(channel, ()) if s.accepting]
        for subscriber in taking:
            subscriber.put(message)
        return len(taking)

    async def subscribe(self, channel: str) -> AsyncGenerator[str, None]:
        """``""`` once the subscription to ``channel`` is in place, then the messages published
        on it from that moment, for as long as the iteration goes on (see ``Store.subscribe``)."""
        subscriber = Subscriber(self.depth)
        subscribers = self._channels.setdefault(channel, set())
        subscribers.add(subscriber)
        try:
            if self._listen is None:
                subscriber.accept()
            else:
                await self._listen(channel, subscriber.accept)
            yield ""
            while True:
                yield await subscriber.get()
        finally:
            subscribers.discard(subscriber)
            if not subscribers and self._channels.get(channel) is subscribers:
                del self._channels[channel]
                if self._forget is not None:
                    self._forget(channel)
