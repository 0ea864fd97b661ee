"""Redis publish/subscribe for the Redis store: one listening connection per process.

Every subscriber of a process shares one Redis pub/sub connection (on a cluster, one per node
that owns a channel listened to), whatever the number of channels: each new subscriber
subscribes the connection to its channel (again, if another one listens to it already) and one
reader hands each message to the channel's subscribers (:class:`~bot.store.channels.Channels`);
the connection unsubscribes when the channel's last subscriber goes.  A subscriber takes the
messages from the moment the reader meets the server's confirmation of its own subscription:
the messages before it on the connection were published before, those after it, after.

On a standalone server the channels are ordinary ones (``SUBSCRIBE``/``PUBLISH``).  On a cluster
they are sharded channels (``SSUBSCRIBE``/``SPUBLISH``, Redis 7): a channel named with a
table's hash tag lives on the node of the table's slot, so a notice goes to that node alone
instead of to every node of the cluster, and redis-py follows the channel when its slot moves.

When the connection fails, redis-py connects again and subscribes to the channels again on the
next read; what was published meanwhile is lost (a notice only: its reader also asks again
from time to time).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Callable
from typing import Any, Final

from redis import exceptions as redis_errors
from redis.asyncio import Redis, RedisCluster
from redis.asyncio.client import PubSub
from redis.asyncio.cluster import ClusterPubSub

from bot.store.channels import Channels
from bot.store.failures import StoreUnavailable

log = logging.getLogger("bot.store")

POLL: Final = 5.0
"""Seconds one read of the connection waits for a message (between two reads the connection's
health is checked, and a reader with nothing left to listen to stops); a message that comes
meanwhile ends the wait at once."""

SHARDED_POLL: Final = 0.25
"""The same on a cluster, where one reader takes turns at the connections to the nodes: a
message waits at most this long while the reader waits at another node's connection."""

CONFIRM_WAIT: Final = 10.0
"""Seconds a new subscription waits for the server's confirmation before it goes on without
(it may then see a notice published a little before)."""

RETRY_PAUSES: Final = (0.1, 0.5, 1.0, 2.0, 5.0)
"""Pauses of the reader between failed reads (the last one repeats)."""

_SUBSCRIBED: Final = ("subscribe", "ssubscribe")
_MESSAGES: Final = ("message", "smessage")


def _text(value: object) -> str:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)


class Listener:
    """The subscriptions of one Redis store (``client``'s pub/sub; sharded on a cluster)."""

    def __init__(self, client: Redis | RedisCluster) -> None:
        self.client = client
        self.sharded = isinstance(client, RedisCluster)
        self.channels = Channels(self._listen, self._forget)
        self._pubsub: PubSub | ClusterPubSub | None = None
        self._reader: asyncio.Task[None] | None = None
        self._confirming: dict[str, deque[Callable[[], None]]] = {}
        """Per channel, what to do on each confirmation to come: one per subscription sent,
        in the order they were sent (the server confirms them in that order)."""
        self._lock = asyncio.Lock()
        self._forgetting: set[asyncio.Task[None]] = set()

    def pubsub(self) -> PubSub | ClusterPubSub:
        """The process's pub/sub connection (made on first use)."""
        if self._pubsub is None:
            self._pubsub = self.client.pubsub()
        return self._pubsub

    async def _listen(self, channel: str, accept: Callable[[], None]) -> None:
        """Subscribe the connection to ``channel`` for a new subscriber, who is ``accept``-ed
        when the reader meets the server's confirmation (or :data:`CONFIRM_WAIT` passed);
        return then.  Raises :class:`StoreUnavailable` when Redis cannot be reached."""
        confirmed = asyncio.get_running_loop().create_future()

        def on_confirmation() -> None:
            accept()
            if not confirmed.done():
                confirmed.set_result(None)

        async with self._lock:
            pubsub = self.pubsub()
            waiting = self._confirming.setdefault(channel, deque())
            waiting.append(on_confirmation)  # before the command: its answer may come at once
            try:
                if isinstance(pubsub, ClusterPubSub):
                    await pubsub.ssubscribe(channel)
                else:
                    await pubsub.subscribe(channel)
            except (redis_errors.RedisError, OSError) as exc:
                if on_confirmation in waiting:
                    waiting.remove(on_confirmation)
                raise StoreUnavailable(f"{channel}: cannot subscribe: {exc}") from exc
            self._start_reader()
        try:
            await asyncio.wait_for(asyncio.shield(confirmed), CONFIRM_WAIT)
        except TimeoutError:
            log.warning("subscription not confirmed channel=%s", channel)
            accept()

    def _forget(self, channel: str) -> None:
        """The last subscriber of ``channel`` has gone: unsubscribe (in the background)."""
        task = asyncio.ensure_future(self._unsubscribe(channel))
        self._forgetting.add(task)
        task.add_done_callback(self._forgetting.discard)

    async def _unsubscribe(self, channel: str) -> None:
        async with self._lock:
            if channel in self.channels or self._pubsub is None:
                return  # a new subscriber came meanwhile (or nothing is open)
            self._confirming.pop(channel, None)  # what is still to come concerns nobody
            try:
                if isinstance(self._pubsub, ClusterPubSub):
                    await self._pubsub.sunsubscribe(channel)
                else:
                    await self._pubsub.unsubscribe(channel)
            except Exception:  # the connection is gone: so is the subscription
                log.warning("unsubscribe failed channel=%s", channel, exc_info=True)

    def _start_reader(self) -> None:
        if self._reader is None or self._reader.done():
            self._reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        """Hand each message to the channel's subscribers; stop when nothing is listened to."""
        failures = 0
        while self.channels.listened:
            pubsub = self.pubsub()
            try:
                if isinstance(pubsub, ClusterPubSub):
                    message = await pubsub.get_sharded_message(timeout=SHARDED_POLL)
                else:
                    message = await pubsub.get_message(timeout=POLL)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the connection failed: the next read connects again
                pause = RETRY_PAUSES[min(failures, len(RETRY_PAUSES) - 1)]
                failures += 1
                log.warning("pubsub read failed (%s); again in %.1fs", exc, pause)
                await asyncio.sleep(pause)
                continue
            failures = 0
            if message is not None:
                self._handle(message)
        self._reader = None

    def _handle(self, message: dict[str, Any]) -> None:
        kind = _text(message.get("type"))
        channel = _text(message.get("channel"))
        if kind in _MESSAGES:
            self.channels.deliver(channel, _text(message.get("data")))
        elif kind in _SUBSCRIBED:
            waiting = self._confirming.get(channel)
            if waiting:  # (none: the connection subscribed again after it failed)
                waiting.popleft()()

    async def close(self) -> None:
        """Stop reading and close the connection."""
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
            self._reader = None
        for task in list(self._forgetting):
            task.cancel()
        if self._pubsub is not None:
            try:
                await self._pubsub.aclose()
            except Exception:
                log.warning("pubsub close failed", exc_info=True)
            self._pubsub = None
