"""The webhook server: Telegram POSTs each update; it is handled before the answer goes back.

PTB's own webhook answers 200 as soon as an update is queued in memory, so a process that dies
right after loses it for good (Telegram does not send it again).  Here the update is handled
first (its table written, its replies sent) and only then answered 200; if the process dies
before that, Telegram delivers the update again, to this or another process, and the update id
stored with the table makes the second delivery harmless.  The secret token is checked on every
request (in constant time) and a request without it is refused with 403.

Stopping stops listening, then waits for the updates in flight to finish.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import re
from http import HTTPStatus
from typing import Any

import tornado.httpserver
import tornado.web
from telegram import Update
from telegram.ext import Application

log = logging.getLogger("bot.telegram")

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"


class _Handler(tornado.web.RequestHandler):
    """One POST from Telegram."""

    SUPPORTED_METHODS = ("POST",)

    def initialize(self, server: WebhookServer) -> None:
        self.server = server

    async def post(self) -> None:
        status = await self.server.receive(
            self.request.headers.get(SECRET_HEADER), self.request.body
        )
        self.set_status(status)
        self.finish()


class WebhookServer:
    """Serve ``application`` at ``http://host:port/path``; ``secret`` is the expected token."""

    def __init__(
        self,
        application: Application,  # type: ignore[type-arg]
        *,
        path: str,
        secret: str,
        host: str,
        port: int,
    ) -> None:
        if not secret:
            raise ValueError("a webhook needs a secret token")
        self.application = application
        self.path = "/" + path.strip("/")
        self.secret = secret.encode()
        self.host = host
        self.port = port
        self._server: tornado.httpserver.HTTPServer | None = None
        self._in_flight = 0
        self._idle = asyncio.Event()
        self._idle.set()

    async def start(self) -> None:
        """Start listening."""
        app = tornado.web.Application([(re.escape(self.path) + "/?", _Handler, {"server": self})])
        self._server = tornado.httpserver.HTTPServer(app)
        self._server.listen(self.port, address=self.host)

    async def stop(self) -> None:
        """Stop listening and wait until the updates being handled are done."""
        if self._server is not None:
            self._server.stop()
            self._server = None
        await self._idle.wait()

    async def receive(self, secret: str | None, body: bytes) -> int:
        """Handle one webhook request; the HTTP status to answer."""
        if secret is None or not hmac.compare_digest(secret.encode(), self.secret):
            return HTTPStatus.FORBIDDEN
        try:
            data: Any = json.loads(body)
            update = Update.de_json(data, self.application.bot)
        except (ValueError, TypeError, KeyError):
            log.warning("webhook request with a body that is not an update")
            return HTTPStatus.BAD_REQUEST
        if update is None:
            return HTTPStatus.OK
        self._in_flight += 1
        self._idle.clear()
        try:
            await self.application.process_update(update)
        finally:
            self._in_flight -= 1
            if self._in_flight == 0:
                self._idle.set()
        return HTTPStatus.OK
