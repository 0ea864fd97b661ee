"""The webhook server: Telegram POSTs each update; it is handled before the answer goes back.

PTB's own webhook answers 200 as soon as an update is queued in memory, so a process that dies
right after loses it for good (Telegram does not send it again).  Here the update is handled
first (its table written, its replies sent) and only then answered 200; if the process dies
before that, Telegram delivers the update again, to this or another process, and the update id
stored with the table makes the second delivery harmless.  An analysis is answered sooner: once
its claim is taken and its progress message posted, while the analysis is followed in the
background (see :mod:`bot.telegram.adapter`); the same update delivered again is not analysed
twice.

What a request from anyone else costs is bounded:

- the secret token is checked from the headers, in constant time, before a byte of the body is
  read: a request without it is answered 403 and its connection closed;
- a request refused from its headers (403, 413, a ``Content-Length`` that is not a number) is
  answered at once, then its connection is closed in order: the server stops writing, reads
  and discards what the client still sends (at most :data:`MAX_BODY_BYTES`, for at most
  :data:`LINGER` seconds), then closes.  Closing a socket with unread bytes makes the kernel
  send a reset, which takes the answer with it: a flood of refused clients would see resets,
  not their 403;
- a body longer than :data:`MAX_BODY_BYTES` (Telegram's updates are a few kilobytes; a few
  hundred at most) is refused, 413 when its ``Content-Length`` says so, the connection dropped
  when a chunked body grows past it;
- headers must arrive within :data:`HEADER_TIMEOUT` seconds and the body within
  :data:`BODY_TIMEOUT` (a connection trickling bytes is closed);
- a body that is not an update object (not JSON, JSON too deeply nested, ``[]``, ``1``, ``null``,
  an object without an integer ``update_id`` or with fields PTB cannot read) is answered 400 and
  logged as one line, without a traceback.

Stopping stops listening, then waits for the updates in flight to finish.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import re
import socket
from http import HTTPStatus
from types import TracebackType
from typing import Any

import tornado.httpserver
import tornado.iostream
import tornado.web
from telegram import Update
from telegram.ext import Application

log = logging.getLogger("bot.telegram")

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"

MAX_BODY_BYTES = 1024 * 1024
"""The longest request body read."""

HEADER_TIMEOUT = 10.0
"""Seconds a connection may take to send a request's headers (or stay idle between requests)."""

BODY_TIMEOUT = 10.0
"""Seconds a request may take to send its body."""

LINGER = 2.0
"""Seconds a refused request's connection stays open, after its answer, to read and discard
what the client still sends."""

MAX_DEPTH = 32
"""The deepest nesting of JSON arrays and objects in a body taken for an update (Telegram's
updates nest a few levels)."""


@tornado.web.stream_request_body
class _Handler(tornado.web.RequestHandler):
    """One POST from Telegram: headers checked first, then the body read piece by piece."""

    SUPPORTED_METHODS = ("POST",)

    def initialize(self, server: WebhookServer) -> None:
        self.server = server
        self.chunks: list[bytes] = []
        self.size = 0

    def prepare(self) -> None:
        if not self.server.authorised(self.request.headers.get(SECRET_HEADER)):
            self._refuse(HTTPStatus.FORBIDDEN)
            return
        length = self.request.headers.get("Content-Length")
        if length is not None and (not length.isascii() or not length.isdigit()):
            self._refuse(HTTPStatus.BAD_REQUEST)
        elif length is not None and int(length) > MAX_BODY_BYTES:
            self._refuse(HTTPStatus.REQUEST_ENTITY_TOO_LARGE)

    def _refuse(self, status: int) -> None:
        """Answer ``status`` now, from the headers; the body is read only to be discarded."""
        log.debug("webhook %s %s %d", self.request.method, self.request.uri, status)
        self.server.refuse(self.detach(), status)

    def data_received(self, chunk: bytes) -> None:
        self.size += len(chunk)
        if self.size <= MAX_BODY_BYTES:  # the server drops a connection whose body grows past
            self.chunks.append(chunk)

    async def post(self) -> None:
        status = await self.server.receive(
            self.request.headers.get(SECRET_HEADER), b"".join(self.chunks)
        )
        self.set_status(status)
        self.finish()

    def log_exception(
        self,
        typ: type[BaseException] | None,
        value: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        # Only tornado's own refusals (a malformed request) get here: the update's handling
        # never raises.  One line, no traceback.
        log.warning("webhook request refused: %s", value)


class WebhookServer:
    """Serve ``application`` at ``http://host:port/path``; ``secret`` is the expected token;
    ``header_timeout`` and ``body_timeout`` bound how long a request may take to arrive."""

    def __init__(
        self,
        application: Application,  # type: ignore[type-arg]
        *,
        path: str,
        secret: str,
        host: str,
        port: int,
        header_timeout: float = HEADER_TIMEOUT,
        body_timeout: float = BODY_TIMEOUT,
    ) -> None:
        if not secret:
            raise ValueError("a webhook needs a secret token")
        self.application = application
        self.path = "/" + path.strip("/")
        self.secret = secret.encode()
        self.host = host
        self.port = port
        self.header_timeout = header_timeout
        self.body_timeout = body_timeout
        self._server: tornado.httpserver.HTTPServer | None = None
        self._in_flight = 0
        self._idle = asyncio.Event()
        self._idle.set()
        self._closing: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        """Start listening."""
        app = tornado.web.Application(
            [(re.escape(self.path) + "/?", _Handler, {"server": self})], log_function=_quiet
        )
        self._server = tornado.httpserver.HTTPServer(
            app,
            max_body_size=MAX_BODY_BYTES,
            idle_connection_timeout=self.header_timeout,
            body_timeout=self.body_timeout,
        )
        self._server.listen(self.port, address=self.host)

    async def stop(self) -> None:
        """Stop listening and wait until the updates being handled are done."""
        if self._server is not None:
            self._server.stop()
            self._server = None
        for task in self._closing:
            task.cancel()
        await asyncio.gather(*self._closing, return_exceptions=True)
        await self._idle.wait()

    def authorised(self, secret: str | None) -> bool:
        """Whether a request's secret token header is the expected one (constant time)."""
        return secret is not None and hmac.compare_digest(secret.encode(), self.secret)

    async def receive(self, secret: str | None, body: bytes) -> int:
        """Handle one webhook request; the HTTP status to answer."""
        if not self.authorised(secret):
            return HTTPStatus.FORBIDDEN
        update = self.parse(body)
        if update is None:
            return HTTPStatus.BAD_REQUEST
        self._in_flight += 1
        self._idle.clear()
        try:
            await self.application.process_update(update)
        finally:
            self._in_flight -= 1
            if self._in_flight == 0:
                self._idle.set()
        return HTTPStatus.OK

    def refuse(self, stream: tornado.iostream.IOStream, status: int) -> None:
        """Answer ``status`` on a connection taken from the HTTP server, and close it in order
        (:func:`_answer_and_close`)."""
        task = asyncio.create_task(_answer_and_close(stream, status))
        self._closing.add(task)
        task.add_done_callback(self._closing.discard)

    def parse(self, body: bytes) -> Update | None:
        """The update a body holds; ``None`` (logged, one line) if it holds none."""
        try:
            data: Any = json.loads(body)
        except (ValueError, RecursionError) as exc:
            log.warning("webhook request whose body is not JSON: %s", type(exc).__name__)
            return None
        update_id = data.get("update_id") if isinstance(data, dict) else None
        if not isinstance(update_id, int) or isinstance(update_id, bool) or _too_deep(data):
            log.warning("webhook request whose body is not an update object")
            return None
        try:
            update = Update.de_json(data, self.application.bot)
        except Exception as exc:  # any malformed field: PTB raises what its parsing meets
            log.warning("webhook update %s not readable: %s", update_id, type(exc).__name__)
            return None
        return update


async def _answer_and_close(stream: tornado.iostream.IOStream, status: int) -> None:
    """Write the answer ``status`` (no body, ``Connection: close``), stop writing, read and
    discard what the client still sends until it closes (at most :data:`MAX_BODY_BYTES`, for
    at most :data:`LINGER` seconds), then close: the client reads the whole answer, then the
    end of the connection, never a reset."""
    head = (
        f"HTTP/1.1 {status} {HTTPStatus(status).phrase}\r\n"
        "Content-Length: 0\r\nConnection: close\r\n\r\n"
    )
    try:
        await stream.write(head.encode("ascii"))
        stream.socket.shutdown(socket.SHUT_WR)
        discarded = 0
        async with asyncio.timeout(LINGER):
            while discarded <= MAX_BODY_BYTES:
                discarded += len(await stream.read_bytes(65536, partial=True))
    except (tornado.iostream.StreamClosedError, OSError, TimeoutError):
        pass  # the client closed (or left): nothing more to read
    finally:
        stream.close()


def _too_deep(data: Any) -> bool:
    """Whether arrays and objects in ``data`` nest deeper than :data:`MAX_DEPTH`."""
    level: list[Any] = [data]
    for _ in range(MAX_DEPTH):
        inner: list[Any] = []
        for value in level:
            if isinstance(value, dict):
                inner.extend(value.values())
            elif isinstance(value, list):
                inner.extend(value)
        if not inner:
            return False
        level = inner
    return any(isinstance(value, dict | list) for value in level)


def _quiet(handler: tornado.web.RequestHandler) -> None:
    """Tornado's access log, at debug level (a refused request is not an error of ours)."""
    request = handler.request
    log.debug("webhook %s %s %d", request.method, request.uri, handler.get_status())
