"""Discord's HTTP API as the web board's Activity login asks it, on a real port (the network edge).

:class:`FakeDiscordApi` is an aiohttp server answering, under ``/api/v10``, the three calls of
:mod:`bot.web.discord_login` the way Discord answers them:

- ``POST /oauth2/token`` (form: ``client_id``, ``client_secret``, ``grant_type``, ``code``): a
  code :meth:`FakeDiscordApi.authorize` issued, for this application, exchanged once for an
  access token; an unknown or used code is ``400 invalid_grant``, a wrong client
  ``401 invalid_client``;
- ``GET /users/@me`` with ``Authorization: Bearer <access token>``: the user, with his locale;
- ``GET /applications/{id}/activity-instances/{instance}`` with ``Authorization: Bot <token>``:
  an instance :meth:`FakeDiscordApi.launch` started (its location, its users), else ``404``.

``down`` makes every call a ``503``, ``stall`` makes every call wait that many seconds first.
Every call is recorded (method, path).
"""

from __future__ import annotations

import asyncio
import itertools
import secrets
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web
from aiohttp.test_utils import TestServer
from discord_harness import Person

CLIENT_ID = 900000000000000001
"""The application (the same id as the Discord harness's)."""

CLIENT_SECRET = "activity-client-secret-0123456789"
BOT_TOKEN = "MTAwMDAw.discord-bot-token.for-the-web-board"
GUILD = "700000000000000001"

_launches = itertools.count(1)


@dataclass(frozen=True)
class DiscordUser(Person):
    """A Discord user as ``GET /users/@me`` describes him: the harness's user with the fields
    only that endpoint gives."""

    def payload(self) -> dict[str, Any]:
        return {
            **super().payload(),
            "public_flags": 0,
            "flags": 0,
            "locale": self.locale,
            "mfa_enabled": False,
            "premium_type": 0,
        }


@dataclass
class FakeDiscordApi:
    """The fake API (see the module's docstring); :attr:`base` is ``DISCORD_API_BASE``."""

    client_id: int = CLIENT_ID
    client_secret: str = CLIENT_SECRET
    bot_token: str = BOT_TOKEN
    codes: dict[str, DiscordUser] = field(default_factory=dict)
    used: set[str] = field(default_factory=set)
    tokens: dict[str, DiscordUser] = field(default_factory=dict)
    instances: dict[str, dict[str, Any]] = field(default_factory=dict)
    calls: list[tuple[str, str]] = field(default_factory=list)
    down: bool = False
    stall: float = 0.0
    server: TestServer | None = None

    @property
    def base(self) -> str:
        assert self.server is not None
        return str(self.server.make_url("/api/v10"))

    async def start(self) -> None:
        app = web.Application()
        app.router.add_post("/api/v10/oauth2/token", self._token)
        app.router.add_get("/api/v10/users/@me", self._me)
        app.router.add_get(
            "/api/v10/applications/{app}/activity-instances/{instance}", self._instance
        )
        app.middlewares.append(self._record)
        self.server = TestServer(app, host="127.0.0.1")
        await self.server.start_server()

    async def close(self) -> None:
        if self.server is not None:
            await self.server.close()

    # -- what Discord's client and users do ----------------------------------------------------

    def launch(self, channel: int, users: list[DiscordUser], *, guild: str | None = GUILD) -> str:
        """The Activity launched in ``channel`` with ``users`` in it: its instance id (the
        form Discord's have)."""
        launch = str(next(_launches))
        kind = "gc" if guild is not None else "pc"
        where = f"{guild}-{channel}" if guild is not None else str(channel)
        instance = f"i-{launch}-{kind}-{where}"
        location: dict[str, Any] = {
            "id": f"{kind}-{where}",
            "kind": kind,
            "channel_id": str(channel),
        }
        if guild is not None:
            location["guild_id"] = guild
        self.instances[instance] = {
            "application_id": str(self.client_id),
            "instance_id": instance,
            "launch_id": launch,
            "location": location,
            "users": [str(u.id) for u in users],
        }
        return instance

    def authorize(self, user: DiscordUser) -> str:
        """A code the Discord client gives the Activity of ``user`` after ``authorize``."""
        code = secrets.token_urlsafe(20)
        self.codes[code] = user
        return code

    # -- the API ------------------------------------------------------------------------------

    @web.middleware
    async def _record(self, request: web.Request, handler: Any) -> web.StreamResponse:
        self.calls.append((request.method, request.path.removeprefix("/api/v10")))
        if self.stall:
            await asyncio.sleep(self.stall)
        if self.down:
            return web.json_response({"message": "503: Service Unavailable", "code": 0}, status=503)
        response: web.StreamResponse = await handler(request)
        return response

    async def _token(self, request: web.Request) -> web.Response:
        form = await request.post()
        if (
            form.get("client_id") != str(self.client_id)
            or form.get("client_secret") != self.client_secret
        ):
            return web.json_response({"error": "invalid_client"}, status=401)
        if form.get("grant_type") != "authorization_code":
            return web.json_response({"error": "unsupported_grant_type"}, status=400)
        code = str(form.get("code", ""))
        if code not in self.codes or code in self.used:
            return web.json_response(
                {"error": "invalid_grant", "error_description": 'Invalid "code" in request.'},
                status=400,
            )
        self.used.add(code)
        token = secrets.token_urlsafe(24)
        self.tokens[token] = self.codes[code]
        return web.json_response(
            {
                "token_type": "Bearer",
                "access_token": token,
                "expires_in": 604800,
                "refresh_token": secrets.token_urlsafe(24),
                "scope": "identify",
            }
        )

    async def _me(self, request: web.Request) -> web.Response:
        scheme, _, token = request.headers.get("Authorization", "").partition(" ")
        user = self.tokens.get(token) if scheme == "Bearer" else None
        if user is None:
            return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)
        return web.json_response(user.payload())

    async def _instance(self, request: web.Request) -> web.Response:
        if request.headers.get("Authorization") != f"Bot {self.bot_token}":
            return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)
        if request.match_info["app"] != str(self.client_id):
            return web.json_response({"message": "Missing Access", "code": 50001}, status=403)
        found = self.instances.get(request.match_info["instance"])
        if found is None:
            return web.json_response({"message": "404: Not Found", "code": 0}, status=404)
        return web.json_response(found)
