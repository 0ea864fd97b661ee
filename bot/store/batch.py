"""Commands from many coroutines sent to Redis together: one write and one connection per batch.

Every update of a table costs one or two Redis commands, and with redis-py's asyncio client most
of their cost is the client's own bookkeeping per command (taking a pooled connection, retry and
observability wrappers, a timeout per reply), not the server's work.  A :class:`CommandBatcher`
gathers the commands issued during one turn of the event loop and sends them in one pipelined
write on one pooled connection, then reads the replies in order and hands each to its caller.

A batch is a plain pipeline, not a transaction: each command is atomic on its own (the store's
compare-and-set is one Lua script), and the commands of different callers never depend on each
other.  Nothing is retried here: when the connection fails, every caller whose reply was not read
gets the error, as it would have for a command of its own, and decides what a lost reply means
(the store's update loop reads the update id back).
"""

from __future__ import annotations

import asyncio
from typing import Any, Final

from redis.asyncio import Redis
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import ResponseError

MAX_BATCH: Final = 128
"""Most commands one write carries; the rest go in the next batch."""

MAX_BATCHES: Final = 16
"""Batches in flight at once (each holds one pooled connection until its replies are read)."""

_Pending = list[tuple[tuple[Any, ...], "asyncio.Future[Any]"]]


class ConnectFailed(RedisConnectionError):
    """No pooled connection could be had for a batch: none of its commands was sent."""


class CommandBatcher:
    """Sends the commands of one event-loop turn as one pipelined write (standalone Redis)."""

    def __init__(
        self, client: Redis, *, max_batch: int = MAX_BATCH, max_batches: int = MAX_BATCHES
    ) -> None:
        self.client = client
        self.max_batch = max_batch
        self._slots = asyncio.Semaphore(max_batches)
        self._pending: _Pending = []
        self._scheduled = False
        self._tasks: set[asyncio.Task[None]] = set()

    async def execute(self, *args: Any) -> Any:
        """The raw reply to one command; an error reply raises as redis-py raises it."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        self._pending.append((args, future))
        if not self._scheduled:
            self._scheduled = True
            self._spawn(loop)
        reply = await future
        if isinstance(reply, ResponseError):
            raise reply
        return reply

    def _spawn(self, loop: asyncio.AbstractEventLoop) -> None:
        task = loop.create_task(self._flush())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _flush(self) -> None:
        # Runs on a later turn of the loop: every command issued in the meantime is pending.
        try:
            await self._slots.acquire()
        except asyncio.CancelledError:
            # The loop is shutting down before this batch could go: its callers are cancelled
            # too, rather than left waiting for a flush that never comes.
            batch, self._pending, self._scheduled = self._pending, [], False
            _fail(batch, 0, asyncio.CancelledError())
            raise
        try:
            batch = self._pending[: self.max_batch]
            del self._pending[: self.max_batch]
            if self._pending:
                self._spawn(asyncio.get_running_loop())
            else:
                self._scheduled = False
            await self._send(batch)
        finally:
            self._slots.release()

    async def _send(self, batch: _Pending) -> None:
        pool: Any = self.client.connection_pool  # get_connection() is untyped in redis-py
        try:
            connection = await pool.get_connection()
        except Exception as error:
            failed = ConnectFailed(f"no connection: {error}")
            failed.__cause__ = error
            _fail(batch, 0, failed)
            return
        try:
            await self._exchange(connection, batch)
        finally:
            await pool.release(connection)

    async def _exchange(self, connection: Any, batch: _Pending) -> None:
        """Write the batch's commands at once, then read and hand out the replies in order."""
        packed: list[bytes] = []
        sent: _Pending = []
        for args, future in batch:
            try:
                packed += connection.pack_command(*args)
            except Exception as error:  # an argument redis-py cannot send: only its caller fails
                _fail([(args, future)], 0, error)
                continue
            sent.append((args, future))
        if not sent:
            return
        done = 0
        try:
            await connection.send_packed_command(packed)
            for _, future in sent:
                try:
                    reply = await connection.read_response()
                except ResponseError as error:
                    reply = error
                done += 1
                if not future.done():
                    future.set_result(reply)
        except BaseException as error:
            # Some replies were not read: the connection's state is unknown, so it is dropped.
            await connection.disconnect(nowait=True)
            _fail(sent, done, error)
            if not isinstance(error, Exception):
                raise

    async def close(self) -> None:
        """Wait for the batches under way (their callers get their replies)."""
        while self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)


def _fail(batch: _Pending, start: int, error: BaseException) -> None:
    for _, future in batch[start:]:
        if future.done():
            continue
        if isinstance(error, Exception):
            future.set_exception(error)
        else:
            future.cancel()
