"""The web board as a Discord Activity: the Activity's login, asked of Discord's HTTP API.

Inside Discord the page gets an OAuth code from the Discord client (the Embedded App SDK's
``authorize``) and posts it here with the activity instance and the channel Discord launched it
in (``POST /board/api/discord/login``).  :meth:`DiscordApi.login` then

1. takes the code once (:func:`~bot.web.auth.first_code_use`: a code seen before is refused
   without asking Discord);
2. exchanges it for the user's access token (``POST /oauth2/token``, ``authorization_code``,
   with the application's client id and secret): a forged, expired or used code is refused by
   Discord;
3. asks, at once, who the token's user is (``GET /users/@me``, bearer token) and what the
   activity instance is (``GET /applications/{client id}/activity-instances/{instance}``, with
   the bot token): :func:`~bot.web.auth.instance_table` checks that the user is in it and that
   it runs in the channel the page named, whose table is the login's.

The page gets the access token back with its session (it hands it to the SDK's
``authenticate``); nothing of it is kept here.  Every call has a short timeout
(:data:`TIMEOUT`); Discord's refusals are :class:`~bot.web.auth.Refused`, its silence, its
errors and its rate limits :class:`Unavailable`.  Only :mod:`bot.web.server` imports this
module, and only where the Activity is set up.
"""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

import aiohttp

from bot.store import Store, TableKey
from bot.web.auth import (
    DiscordLogin,
    Refused,
    check_code,
    check_instance_id,
    check_snowflake,
    discord_user,
    first_code_use,
    instance_table,
)

if TYPE_CHECKING:
    from bot.settings import Settings

log = logging.getLogger("bot.web")

TIMEOUT: Final = 5.0
"""Seconds one call to Discord may take (the page waits for the login meanwhile)."""

SCOPE: Final = "identify"
"""The OAuth scope the page asks for: who the user is, nothing more."""

MAX_ANSWER: Final = 64 * 1024
"""Largest answer read from Discord."""


class Unavailable(Exception):
    """Discord did not answer in time, answered with a server error or a rate limit, or could
    not be reached: the login may work if tried again."""


@dataclass(frozen=True, slots=True)
class ActivityLogin:
    """A login Discord vouched for: the user, the table of the channel the Activity runs in,
    and the user's access token (for the page, which hands it to the Discord client)."""

    user: DiscordLogin
    table: TableKey
    access_token: str


class DiscordApi:
    """The calls to Discord's HTTP API at ``base`` (``DISCORD_API_BASE``) the Activity's login
    makes, as application ``client_id`` with ``client_secret`` and its bot's ``bot_token``;
    each at most ``timeout`` seconds.  The HTTP session is opened at the first login and closed
    by :meth:`close`."""

    def __init__(
        self,
        *,
        client_id: int,
        client_secret: str,
        bot_token: str,
        base: str = "https://discord.com/api/v10",
        timeout: float = TIMEOUT,
    ) -> None:
        self.client_id = str(client_id)
        self._secret = client_secret
        self._bot = bot_token
        self.base = base.rstrip("/")
        self.timeout = timeout
        self._session: aiohttp.ClientSession | None = None

    @classmethod
    def from_settings(cls, settings: Settings) -> DiscordApi | None:
        """The API of the Activity the settings set up (``None``: none)."""
        secret, token = settings.discord_client_secret, settings.discord_token
        if not settings.discord_activity or settings.discord_client_id is None:
            return None
        assert secret is not None and token is not None  # the settings refuse half of it
        return cls(
            client_id=settings.discord_client_id,
            client_secret=secret.get_secret_value(),
            bot_token=token.get_secret_value(),
            base=settings.discord_api_base,
        )

    async def close(self) -> None:
        """Close the HTTP session (a later login opens another)."""
        if self._session is not None:
            session, self._session = self._session, None
            await session.close()

    def _http(self) -> aiohttp.ClientSession:
        if self._session is None or self._session.closed:
            self._session = aiohttp.ClientSession(
                timeout=aiohttp.ClientTimeout(total=self.timeout),
                headers={"User-Agent": "nardy-bot web board"},
            )
        return self._session

    async def login(
        self, store: Store, code: object, instance: object, channel: object
    ) -> ActivityLogin:
        """The login of the page's ``code``, activity ``instance`` and ``channel`` (as the page
        sent them), checked as the module's docstring says; :class:`Refused` or
        :class:`Unavailable` otherwise."""
        code = check_code(code)
        instance = check_instance_id(instance)
        channel = check_snowflake(channel, "channel id")
        if not await first_code_use(store, code):
            raise Refused("OAuth code used before")
        token = await self.exchange(code)
        answers: tuple[Any, ...] = await asyncio.gather(
            self.me(token), self.instance(instance), return_exceptions=True
        )
        for answer in answers:
            if isinstance(answer, BaseException):
                raise answer
        me, described = answers
        user = discord_user(me)
        table = instance_table(
            described,
            application=self.client_id,
            instance=instance,
            user=user.user_id,
            channel=channel,
        )
        return ActivityLogin(user, table, token)

    async def exchange(self, code: str) -> str:
        """The access token OAuth ``code`` is exchanged for."""
        form = {
            "client_id": self.client_id,
            "client_secret": self._secret,
            "grant_type": "authorization_code",
            "code": code,
        }
        answer = await self._call("POST", "/oauth2/token", data=form)
        token = answer.get("access_token") if isinstance(answer, dict) else None
        if not isinstance(token, str) or not token:
            raise Refused("Discord's token answer has no access token")
        scopes = str(answer.get("scope", SCOPE)).split()
        if SCOPE not in scopes:
            raise Refused("the access token is not for the identify scope")
        return token

    async def me(self, access_token: str) -> Any:
        """Discord's answer to who the user of ``access_token`` is."""
        return await self._call(
            "GET", "/users/@me", headers={"Authorization": f"Bearer {access_token}"}
        )

    async def instance(self, instance_id: str) -> Any:
        """Discord's description of the application's activity instance ``instance_id``."""
        path = f"/applications/{self.client_id}/activity-instances/{instance_id}"
        return await self._call("GET", path, headers={"Authorization": f"Bot {self._bot}"})

    async def _call(self, method: str, path: str, **options: Any) -> Any:
        """One call's JSON answer; a refusal (4xx) is :class:`Refused`, anything else that is
        not an answer :class:`Unavailable`."""
        url = self.base + path
        try:
            async with self._http().request(method, url, **options) as response:
                body = await response.content.read(MAX_ANSWER + 1)
                status = response.status
        except (aiohttp.ClientError, TimeoutError) as exc:
            raise Unavailable(f"{method} {path}: {type(exc).__name__} {exc}".strip()) from exc
        if status == 429 or status >= 500:
            raise Unavailable(f"{method} {path}: Discord answered {status}")
        if status >= 400:
            raise Refused(f"{method} {path}: Discord refused ({status}: {_reason(body)})")
        if len(body) > MAX_ANSWER:
            raise Unavailable(f"{method} {path}: an answer over {MAX_ANSWER} bytes")
        try:
            return json.loads(body)
        except ValueError as exc:
            raise Unavailable(f"{method} {path}: the answer is not JSON") from exc


def _reason(body: bytes) -> str:
    """What a refusal's body says, short (Discord's ``error``/``message``), for the log."""
    try:
        data = json.loads(body)
    except ValueError:
        return "no reason given"
    if isinstance(data, dict):
        for key in ("error", "message"):
            if isinstance(data.get(key), str):
                return str(data[key])[:100]
    return "no reason given"
