"""A TCP proxy in front of a test Redis server (the network edge) that loses replies on demand."""

from __future__ import annotations

import asyncio
from urllib.parse import urlsplit

EDGE_TASK = "network-edge"
"""The name of the proxy's tasks (a test waiting for the bot's own tasks leaves them out)."""


class ReplyDropper:
    """A TCP proxy in front of a Redis server (the network edge) that loses replies on demand.

    After :meth:`drop_reply_to` a request carrying ``marker`` reaches the server, but the
    connection is reset as soon as the server answers it: the command ran, its reply is lost.
    """

    def __init__(self, target: str) -> None:
        parts = urlsplit(target)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 6379
        self.marker: bytes | None = None
        self.dropping = False
        self.dropped = 0
        self.cut_marker: bytes | None = None
        self.stop_marker: bytes | None = None
        self.cutting = False
        self.cut = False
        self.writers: set[asyncio.StreamWriter] = set()
        self.server: asyncio.Server | None = None
        self.tasks: set[asyncio.Task[None]] = set()
        self.flowing = asyncio.Event()
        self.flowing.set()

    @property
    def url(self) -> str:
        assert self.server is not None
        port = self.server.sockets[0].getsockname()[1]
        return f"redis://127.0.0.1:{port}/0"

    async def start(self) -> ReplyDropper:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        return self

    async def close(self) -> None:
        assert self.server is not None
        self.server.close()
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)

    def drop_reply_to(self, marker: bytes) -> None:
        self.marker = marker

    def cut_after_reply_to(self, marker: bytes) -> None:
        """The reply to the request carrying ``marker`` gets through; then the server is gone:
        every connection is reset, and new ones are reset at once, until :meth:`restore`."""
        self.cut_marker = marker

    def cut_before(self, marker: bytes) -> None:
        """The request carrying ``marker`` never reaches the server: the server is gone from
        then on (every connection reset, new ones reset at once) until :meth:`restore`, as if
        the bot's process had stopped just before sending it."""
        self.stop_marker = marker

    def restore(self) -> None:
        self.cut = False

    def _go_down(self) -> None:
        self.cut, self.cutting = True, False
        for writer in list(self.writers):
            writer.transport.abort()

    def stall(self) -> None:
        """Hold every reply from now on (a server that stopped answering) until :meth:`resume`."""
        self.flowing.clear()

    def resume(self) -> None:
        """Let the held replies through."""
        self.flowing.set()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.cut:
            writer.transport.abort()
            return
        self.writers.add(writer)
        up_reader, up_writer = await asyncio.open_connection(self.host, self.port)

        async def requests() -> None:
            while data := await reader.read(65536):
                if self.stop_marker is not None and self.stop_marker in data:
                    self.stop_marker = None
                    self._go_down()
                    break
                if self.marker is not None and self.marker in data:
                    self.marker, self.dropping = None, True
                if self.cut_marker is not None and self.cut_marker in data:
                    self.cut_marker, self.cutting = None, True
                up_writer.write(data)
                await up_writer.drain()
            up_writer.close()

        async def replies() -> None:
            while data := await up_reader.read(65536):
                await self.flowing.wait()
                if self.dropping:
                    self.dropping = False
                    self.dropped += 1
                    writer.transport.abort()  # the client sees a reset, never the reply
                    break
                writer.write(data)
                await writer.drain()
                if self.cutting:
                    self._go_down()
                    break
            writer.close()
            up_writer.close()

        for coro in (requests(), replies()):
            task = asyncio.create_task(coro, name=EDGE_TASK)
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)
