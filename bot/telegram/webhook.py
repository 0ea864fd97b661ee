"""Telegram's webhook: a route of the bot's one HTTP server; each update is handled before the
answer goes back.

PTB's own webhook answers 200 as soon as an update is queued in memory, so a process that dies
right after loses it for good (Telegram does not send it again).  Here the update is handled
first (its table written, its replies sent) and only then answered 200; if the process dies
before that, Telegram delivers the update again, to this or another process, and the update id
stored with the table makes the second delivery harmless.  An analysis is answered sooner: once
its claim is taken and its progress message posted, while the analysis is followed in the
background (see :mod:`bot.telegram.adapter`); the same update delivered again is not analysed
twice.

:class:`TelegramWebhook` is the route: the runtime installs it (:meth:`TelegramWebhook.install`)
on the aiohttp server that also serves ``/metrics``, ``/healthz`` and the web board
(:class:`~bot.observability.OpsServer`), at the path of ``TELEGRAM_WEBHOOK_URL``; the adapter
opens it with its PTB application once that is started (:meth:`TelegramWebhook.open`) and closes
it when it stops (:meth:`TelegramWebhook.close`).  What a request from anyone else costs is
bounded:

- the secret token is checked from the headers, in constant time, before a byte of the body is
  read: a request without it is answered 403 and its connection closed;
- a request refused from its headers (403; 413 for a ``Content-Length`` over
  :data:`MAX_BODY_BYTES`; 503 while the webhook is not open) is answered at once with
  ``Connection: close``; the server then reads and discards what the client still sends, for a
  short while, before it closes the connection in order (so the client reads its answer, not a
  reset; :class:`~bot.observability.OpsServer`);
- a body longer than :data:`MAX_BODY_BYTES` (Telegram's updates are a few kilobytes; a few
  hundred at most) is refused, 413, from its ``Content-Length`` or, chunked, as soon as it grows
  past it;
- the headers must arrive within the server's header timeout (a malformed ``Content-Length`` is
  answered 400 by the server itself) and the body within :data:`BODY_TIMEOUT` seconds (408, the
  connection closed);
- a body that is not an update object (not JSON, JSON too deeply nested, ``[]``, ``1``, ``null``,
  an object without an integer ``update_id`` or with fields PTB cannot read) is answered 400 and
  logged as one line, without a traceback.

Closing refuses the updates that come next (503: Telegram sends them again later, to this or
another process) and waits for those being handled to finish.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
from http import HTTPStatus
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from aiohttp import web
from telegram import Update
from telegram.ext import Application

if TYPE_CHECKING:
    from bot.settings import Settings

log = logging.getLogger("bot.telegram")

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"

MAX_BODY_BYTES = 1024 * 1024
"""The longest request body read."""

BODY_TIMEOUT = 10.0
"""Seconds a request may take to send its body."""

MAX_DEPTH = 32
"""The deepest nesting of JSON arrays and objects in a body taken for an update (Telegram's
updates nest a few levels)."""

RETRY_AFTER = 5
"""Seconds a request refused while the webhook is not open is told to wait (``Retry-After``)."""


class TelegramWebhook:
    """Telegram's webhook at ``path`` of the bot's HTTP server; ``secret`` is the expected
    token, ``body_timeout`` how long a request's body may take to arrive.  Requests are answered
    503 until :meth:`open` gives it the PTB application that handles the updates."""

    def __init__(self, *, path: str, secret: str, body_timeout: float = BODY_TIMEOUT) -> None:
        if not secret:
            raise ValueError("a webhook needs a secret token")
        self.path = "/" + path.strip("/")
        self.secret = secret.encode()
        self.body_timeout = body_timeout
        self._application: Application | None = None  # type: ignore[type-arg]
        self._in_flight = 0
        self._idle = asyncio.Event()
        self._idle.set()

    @classmethod
    def from_settings(cls, settings: Settings) -> TelegramWebhook:
        """The webhook the settings name (``TELEGRAM_WEBHOOK_URL``'s path, its secret)."""
        url, secret = settings.telegram_webhook_url, settings.telegram_webhook_secret
        if url is None or secret is None:
            raise ValueError("the webhook needs TELEGRAM_WEBHOOK_URL and TELEGRAM_WEBHOOK_SECRET")
        return cls(path=urlsplit(url).path, secret=secret.get_secret_value())

    def install(self, web_app: web.Application) -> None:
        """Add the route (``POST`` at the path, with or without a trailing slash) to
        ``web_app``."""
        web_app.router.add_post(self.path, self._post)
        if self.path != "/":
            web_app.router.add_post(self.path + "/", self._post)

    def open(self, application: Application) -> None:  # type: ignore[type-arg]
        """Take updates from now on, handled by ``application`` (started)."""
        self._application = application

    async def close(self) -> None:
        """Refuse the updates that come next (503) and wait until those being handled are
        done."""
        self._application = None
        await self._idle.wait()

    @property
    def in_flight(self) -> int:
        """How many updates are being handled."""
        return self._in_flight

    def authorised(self, secret: str | None) -> bool:
        """Whether a request's secret token header is the expected one (constant time)."""
        return secret is not None and hmac.compare_digest(secret.encode(), self.secret)

    async def _post(self, request: web.Request) -> web.StreamResponse:
        """One POST from Telegram: headers checked first, then the body read, then the update
        handled; the answer once it is."""
        if not self.authorised(request.headers.get(SECRET_HEADER)):
            return await _refused(request, HTTPStatus.FORBIDDEN)
        length = request.content_length
        if length is not None and length > MAX_BODY_BYTES:
            return await _refused(request, HTTPStatus.REQUEST_ENTITY_TOO_LARGE)
        if self._application is None:
            return await _refused(request, HTTPStatus.SERVICE_UNAVAILABLE)
        try:
            async with asyncio.timeout(self.body_timeout):
                body = await _read_body(request)
        except TimeoutError:
            return await _refused(request, HTTPStatus.REQUEST_TIMEOUT)
        except ConnectionError:  # the client went away: nobody reads the answer
            return await _refused(request, HTTPStatus.BAD_REQUEST)
        if body is None:
            return await _refused(request, HTTPStatus.REQUEST_ENTITY_TOO_LARGE)
        application = self._application
        if application is None:  # closed while the body came
            return await _refused(request, HTTPStatus.SERVICE_UNAVAILABLE)
        update = self.parse(body, application)
        if update is None:
            return web.Response(status=HTTPStatus.BAD_REQUEST)
        self._in_flight += 1
        self._idle.clear()
        try:
            await application.process_update(update)
        except Exception:  # not answered 200: Telegram sends the update again
            log.exception("webhook update %s failed", update.update_id)
            return web.Response(status=HTTPStatus.INTERNAL_SERVER_ERROR)
        finally:
            self._in_flight -= 1
            if self._in_flight == 0:
                self._idle.set()
        return web.Response(status=HTTPStatus.OK)

    def parse(
        self,
        body: bytes,
        application: Application,  # type: ignore[type-arg]
    ) -> Update | None:
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
            update = Update.de_json(data, application.bot)
        except Exception as exc:  # any malformed field: PTB raises what its parsing meets
            log.warning("webhook update %s not readable: %s", update_id, type(exc).__name__)
            return None
        return update


async def _read_body(request: web.Request) -> bytes | None:
    """The request's body; ``None`` as soon as it grows past :data:`MAX_BODY_BYTES`."""
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.content.iter_any():
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            return None
        chunks.append(chunk)
    return b"".join(chunks)


async def _refused(request: web.Request, status: int) -> web.StreamResponse:
    """Answer ``status`` now and stop writing (``Connection: close``, then the end of the
    connection's sending side): the client reads the whole answer and the end at once, while
    the server reads and discards the rest of its body for a short while before it closes."""
    log.debug("webhook %s %s %d", request.method, request.path, status)
    headers = {"Retry-After": str(RETRY_AFTER)} if status == HTTPStatus.SERVICE_UNAVAILABLE else {}
    response = web.Response(status=status, headers=headers)
    response.force_close()
    try:
        await response.prepare(request)
        await response.write_eof()
        transport = request.transport
        if transport is not None and transport.can_write_eof():
            transport.write_eof()
    except ConnectionError:
        pass  # the client went away first
    return response


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
