"""Offline Discord for the adapter tests: real discord.py objects, recorded HTTP.

Interactions are raw gateway ``INTERACTION_CREATE`` payloads of the shapes Discord sends (type 2
slash command, 3 component, 4 autocomplete), delivered to
``client._connection.parse_interaction_create`` so discord.py's own dispatch routes them to the
command tree and the dynamic items.  Only the HTTP layer is replaced: the webhook adapter's
``request`` (interaction responses, followups, edits of the original response) and the REST
client's ``request`` (channel messages, command sync) answer from :class:`FakeDiscord`, which
keeps the messages as Discord would return them, so a later press carries the message's real
components.

This leans on discord.py internals (``AsyncWebhookAdapter.request``, ``HTTPClient.request``,
``ConnectionState``), so the project pins discord.py to 2.7.x.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest
from discord.http import HTTPClient, Route
from discord.webhook.async_ import AsyncWebhookAdapter

from bot.discord_bot.commands import OPTIONS

APP_ID = 900000000000000001
BOT_ID = APP_ID
GUILD_ID = 700000000000000001
EPHEMERAL = 64
ALL_PERMISSIONS = 1099511627775
CREATE_PUBLIC_THREADS = 1 << 35
MANAGE_THREADS = 1 << 34
CHANNEL_PERMISSIONS = ALL_PERMISSIONS & ~CREATE_PUBLIC_THREADS
"""A channel's default permissions in these tests: everything but Create Public Threads, so the
games stay in the channel (the thread tests give the bot :data:`ALL_PERMISSIONS`)."""
TIMESTAMP = "2026-11-30T12:00:00.000000+00:00"

BOT_USER: dict[str, Any] = {
    "id": str(BOT_ID),
    "username": "nardy",
    "discriminator": "0",
    "avatar": None,
    "bot": True,
}
"""The bot's own user, as ``GET /users/@me`` returns it."""

APPLICATION: dict[str, Any] = {
    "id": str(APP_ID),
    "name": "nardy",
    "description": "",
    "icon": None,
    "bot_public": True,
    "bot_require_code_grant": False,
    "owner": {
        "id": "100000000000000099",
        "username": "owner",
        "discriminator": "0",
        "avatar": None,
    },
    "verify_key": "0" * 64,
    "flags": 0,
}
"""The bot's application, as ``GET /oauth2/applications/@me`` returns it."""

_ids = itertools.count(800000000000000001)

assert discord.version_info[:2] == (2, 7), "the harness follows discord.py 2.7 internals"


def snowflake() -> int:
    """A fresh id, increasing like Discord's."""
    return next(_ids)


@dataclass(frozen=True)
class Person:
    """A Discord user: id, display name and client locale."""

    id: int
    name: str
    locale: str = "en-US"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name.lower(),
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
        }


@dataclass(frozen=True)
class Place:
    """Where an interaction happens: a guild text channel, a thread, or a direct-message channel."""

    id: int
    kind: int = 0  # 0 guild text, 2 voice, 11 public thread, 1 DM, 3 group DM
    parent: int | None = None
    permissions: int = CHANNEL_PERMISSIONS
    """The bot's permissions there (the interaction's ``app_permissions``)."""

    @property
    def guild(self) -> int | None:
        return None if self.kind in (1, 3) else GUILD_ID

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": str(self.id), "type": self.kind}
        if self.guild is not None:
            data.update(guild_id=str(self.guild), name=f"c{self.id}", position=0, flags=0)
            data["permissions"] = str(ALL_PERMISSIONS)
        if self.kind == 2:  # a voice channel's text chat
            data.update(bitrate=64000, user_limit=0, rtc_region=None, nsfw=False)
        if self.parent is not None:
            data["parent_id"] = str(self.parent)
            data["thread_metadata"] = {
                "archived": False,
                "auto_archive_duration": 1440,
                "archive_timestamp": TIMESTAMP,
                "locked": False,
            }
            data["owner_id"] = str(BOT_ID)
            data.update(
                message_count=3,
                member_count=2,
                total_message_sent=3,
                rate_limit_per_user=0,
                last_message_id=None,
            )
        return data


@dataclass
class Call:
    """One recorded HTTP call: method, path (no API prefix), query, JSON body, file names."""

    method: str
    path: str
    params: dict[str, Any]
    body: Any
    files: list[str]


@dataclass
class FakeDiscord:
    """The Discord API as far as the adapter uses it, keeping every message it was sent."""

    messages: dict[int, dict[str, Any]] = field(default_factory=dict)
    calls: list[Call] = field(default_factory=list)
    originals: dict[str, int] = field(default_factory=dict)
    responses: dict[str, dict[str, Any]] = field(default_factory=dict)
    channels: dict[str, int] = field(default_factory=dict)
    synced: list[dict[str, Any]] = field(default_factory=list)
    file_data: dict[int, list[bytes]] = field(default_factory=dict)
    problems: list[logging.LogRecord] = field(default_factory=list)
    deleted: dict[int, dict[str, Any]] = field(default_factory=dict)
    """Messages deleted in the channel (by a moderator), as they were."""
    forbidden: set[int] = field(default_factory=set)
    """Channels where the bot may not post (REST answers 403 Missing Permissions)."""
    cdn: dict[str, bytes] = field(default_factory=dict)
    downloads: list[str] = field(default_factory=list)
    threads: dict[int, dict[str, Any]] = field(default_factory=dict)
    """Threads the bot opened, as Discord returns them (a deleted one is taken out)."""
    deleted_threads: set[int] = field(default_factory=set)
    no_threads: dict[int, int] = field(default_factory=dict)
    """Channels where the bot may not open threads: Discord's error code there (403 Missing
    Permissions 50013, or 50001 Missing Access)."""
    unmanaged: set[int] = field(default_factory=set)
    """Channels whose threads the bot may not archive or lock (no Manage Threads)."""
    refuse_sync: bool = False
    """Command uploads fail (Discord answers 500)."""

    # -- bodies -------------------------------------------------------------------------------

    @staticmethod
    def _body(payload: Any, multipart: Any) -> Any:
        if payload is not None:
            return payload
        for part in multipart or []:
            if part.get("name") == "payload_json":
                return json.loads(part["value"])
        return None

    def _message(
        self,
        channel_id: int,
        body: dict[str, Any],
        files: list[Any],
        message_id: int | None = None,
        webhook: bool = False,
    ) -> dict[str, Any]:
        mid = message_id or snowflake()
        old = self.messages.get(mid, {})
        attachments = [
            {
                "id": str(snowflake()),
                "filename": f.filename,
                "size": 1,
                "url": f"https://cdn.example/{f.filename}",
                "proxy_url": f"https://cdn.example/{f.filename}",
            }
            for f in files
        ]
        if files:
            self.file_data[mid] = [_file_bytes(f) for f in files]
        message = {
            "id": str(mid),
            "channel_id": str(channel_id),
            "type": 0,
            "author": {
                "id": str(BOT_ID),
                "username": "nardy",
                "discriminator": "0",
                "avatar": None,
                "bot": True,
            },
            "content": old.get("content", ""),
            "embeds": old.get("embeds", []),
            "components": old.get("components", []),
            "attachments": old.get("attachments", []),
            "mentions": [],
            "mention_roles": [],
            "mention_everyone": False,
            "pinned": False,
            "tts": False,
            "timestamp": TIMESTAMP,
            "edited_timestamp": TIMESTAMP if old else None,
            "flags": body.get("flags", old.get("flags", 0)) or 0,
        }
        if webhook:
            message["webhook_id"] = str(APP_ID)
        for key in ("content", "embeds", "components"):
            if key in body:
                message[key] = (
                    body[key] if body[key] is not None else ([] if key != "content" else "")
                )
        if "attachments" in body or files:
            message["attachments"] = attachments
        self.messages[mid] = message
        return message

    # -- webhook adapter (interaction responses and followups) ---------------------------------

    async def webhook_request(self, route: Route, session: Any = None, **kwargs: Any) -> Any:
        path = route.url.removeprefix(Route.BASE)
        body = self._body(kwargs.get("payload"), kwargs.get("multipart"))
        files = list(kwargs.get("files") or [])
        params = dict(kwargs.get("params") or {})
        self.calls.append(Call(route.method, path, params, body, [f.filename for f in files]))
        parts = path.strip("/").split("/")
        token = str(route.webhook_token)
        channel = self.channels.get(token, 0)
        if parts[0] == "interactions":
            if token in self.responses:
                raise discord.HTTPException(
                    _Response(400, "Bad Request"),
                    {"code": 40060, "message": "Interaction has already been acknowledged."},
                )
            self.responses[token] = body
            kind = body["type"]
            return {
                "interaction": {
                    "id": parts[1],
                    "type": 2,
                    "response_message_loading": kind == 5,
                    "response_message_ephemeral": bool((body.get("data") or {}).get("flags", 0)),
                },
                "resource": {"type": kind},
            }
        if route.method == "POST" and len(parts) == 3:
            if not (body or {}).get("flags", 0) & EPHEMERAL:
                self._check_postable(channel)  # an ephemeral answer reaches the user anyway
            # A followup; the first after a "thinking" deferral replaces the loading message.
            if self.responses.get(token, {}).get("type") == 5 and token not in self.originals:
                message = self._message(channel, body, files, webhook=True)
                self.originals[token] = int(message["id"])
                return message
            return self._message(channel, body, files, webhook=True)
        target = parts[4] if len(parts) > 4 else None
        mid = self.originals.get(token) if target == "@original" else int(target or 0)
        if route.method == "PATCH":
            if mid is not None and mid not in self.messages:
                raise discord.NotFound(
                    _Response(404, "Not Found"), {"message": "Unknown Message", "code": 10008}
                )
            if mid is None:
                mid = snowflake()
                self.originals[token] = mid
            return self._message(channel, body, files, message_id=mid, webhook=True)
        if route.method == "DELETE":
            if mid is not None:
                self.messages.pop(mid, None)
            # The "thinking" message is gone: later followups are messages of their own.
            self.originals[token] = -1
            return None
        if route.method == "GET" and mid is not None:
            return self.messages[mid]
        raise AssertionError(f"unexpected webhook call {route.method} {path}")

    # -- REST client (channel messages and command sync) ----------------------------------------

    async def rest_request(
        self, route: Route, *, files: Any = None, form: Any = None, **kw: Any
    ) -> Any:
        path = route.url.removeprefix(Route.BASE)
        body = self._body(kw.get("json"), form)
        files = list(files or [])
        self.calls.append(
            Call(
                route.method, path, dict(kw.get("params") or {}), body, [f.filename for f in files]
            )
        )
        parts = path.strip("/").split("/")
        if route.method == "GET" and path == "/users/@me":
            return BOT_USER  # logging in with the token
        if route.method == "GET" and path == "/oauth2/applications/@me":
            return APPLICATION
        if parts[0] == "applications" and route.method == "PUT":
            if self.refuse_sync:
                raise discord.DiscordServerError(
                    _Response(500, "Internal Server Error"), {"message": "500", "code": 0}
                )
            self.synced = [
                dict(c, id=str(snowflake()), application_id=str(APP_ID), version="1") for c in body
            ]
            return self.synced
        if parts[0] == "channels" and parts[2:] == ["typing"] and route.method == "POST":
            return None  # "the bot is typing" (204 No Content)
        if parts[0] == "channels" and (parts[-1] == "threads" or len(parts) == 2):
            return self._thread_call(route.method, parts, body)
        if parts[0] == "channels" and parts[2:3] == ["messages"]:
            channel = int(parts[1])
            if channel in self.forbidden:
                raise discord.Forbidden(
                    _Response(403, "Forbidden"), {"message": "Missing Permissions", "code": 50013}
                )
            if route.method == "POST":
                self._check_postable(channel)
                return self._message(channel, body, files)
            mid = int(parts[3])
            if mid not in self.messages:
                raise discord.NotFound(
                    _Response(404, "Not Found"), {"message": "Unknown Message", "code": 10008}
                )
            if route.method == "GET":
                return self.messages[mid]
            if route.method == "PATCH":
                return self._message(channel, body, files, message_id=mid)
        raise AssertionError(f"unexpected REST call {route.method} {path}")

    # -- threads ------------------------------------------------------------------------------

    def _check_postable(self, channel: int) -> None:
        """Discord's answers to a message posted in a deleted or an archived thread."""
        if channel in self.deleted_threads:
            raise discord.NotFound(
                _Response(404, "Not Found"), {"message": "Unknown Channel", "code": 10003}
            )
        thread = self.threads.get(channel)
        if thread is not None and thread["thread_metadata"]["archived"]:
            raise discord.HTTPException(
                _Response(400, "Bad Request"), {"message": "Thread is archived", "code": 50083}
            )

    def _thread_call(self, method: str, parts: list[str], body: Any) -> Any:
        """Open a thread (from a message or on its own), read one, archive or reopen one."""
        channel = int(parts[1])
        if parts[-1] == "threads" and method == "POST":
            if channel in self.no_threads:
                code = self.no_threads[channel]
                message = "Missing Access" if code == 50001 else "Missing Permissions"
                raise discord.Forbidden(
                    _Response(403, "Forbidden"), {"message": message, "code": code}
                )
            if len(parts) == 5:
                starter = int(parts[3])
                if starter in self.threads or starter in self.deleted_threads:
                    raise discord.HTTPException(
                        _Response(400, "Bad Request"),
                        {"message": "A thread has already been created for this message",
                         "code": 160004},
                    )  # fmt: skip
                if starter not in self.messages:
                    raise discord.NotFound(
                        _Response(404, "Not Found"), {"message": "Unknown Message", "code": 10008}
                    )
                tid = starter  # a thread started from a message has the message's id
            else:
                assert body["type"] == 11, body
                tid = snowflake()
            self.threads[tid] = {
                "id": str(tid),
                "type": 11,
                "guild_id": str(GUILD_ID),
                "parent_id": str(channel),
                "owner_id": str(BOT_ID),
                "name": body["name"],
                "flags": 0,
                "rate_limit_per_user": 0,
                "message_count": 0,
                "member_count": 1,
                "total_message_sent": 0,
                "last_message_id": None,
                "thread_metadata": {
                    "archived": False,
                    "auto_archive_duration": body["auto_archive_duration"],
                    "archive_timestamp": TIMESTAMP,
                    "locked": False,
                },
            }
            assert len(body["name"]) <= 100, body["name"]
            return self.threads[tid]
        thread = self.threads.get(channel)
        if thread is None:
            raise discord.NotFound(
                _Response(404, "Not Found"), {"message": "Unknown Channel", "code": 10003}
            )
        if method == "GET":
            return thread
        assert method == "PATCH", method
        meta = thread["thread_metadata"]
        closing = body.get("archived") is True or body.get("locked") is True
        locked = meta["locked"] and body.get("locked") is not False
        parent = int(thread["parent_id"])
        if (closing or locked) and parent in self.unmanaged:
            raise discord.Forbidden(
                _Response(403, "Forbidden"), {"message": "Missing Permissions", "code": 50013}
            )
        for key in ("archived", "locked"):
            if key in body:
                meta[key] = bool(body[key])
        return thread

    def thread_of(self, channel: int, permissions: int = ALL_PERMISSIONS) -> Place:
        """The newest thread the bot opened in ``channel``, as a place to interact in."""
        found = [t for t, d in self.threads.items() if int(d["parent_id"]) == channel]
        assert found, f"no thread in {channel}"
        return Place(max(found), kind=11, parent=channel, permissions=permissions)

    def delete_thread(self, thread: int) -> None:
        """A moderator deletes thread ``thread``: Discord answers 404 Unknown Channel for it."""
        self.threads.pop(thread)
        self.deleted_threads.add(thread)

    def archive_thread(self, thread: int, *, locked: bool = False) -> None:
        """A moderator archives (and locks) thread ``thread``."""
        meta = self.threads[thread]["thread_metadata"]
        meta["archived"] = True
        meta["locked"] = locked

    def delete(self, message_id: int) -> None:
        """A moderator deletes message ``message_id``: Discord answers 404 for it from now on."""
        self.deleted[message_id] = self.messages.pop(message_id)

    # -- the CDN (attachments users sent) -------------------------------------------------------

    async def cdn_get(self, url: str) -> bytes:
        self.downloads.append(url)
        data = self.cdn.get(url)
        if data is None:
            raise discord.NotFound(_Response(404, "Not Found"), {"message": "404", "code": 0})
        return data

    # -- queries ------------------------------------------------------------------------------

    def ephemeral(self) -> list[str]:
        """Texts of every ephemeral message sent so far."""
        return [
            m["content"] for m in self.messages.values() if m["flags"] & EPHEMERAL and m["content"]
        ]

    def public(self) -> list[dict[str, Any]]:
        """Every non-ephemeral message, oldest first."""
        return [m for _, m in sorted(self.messages.items()) if not m["flags"] & EPHEMERAL]


class _Response:
    """The bits of an aiohttp response discord.py's HTTP errors read."""

    def __init__(self, status: int, reason: str) -> None:
        self.status = status
        self.reason = reason


def _file_bytes(file: discord.File) -> bytes:
    fp = file.fp
    position = fp.tell()
    fp.seek(0)
    data = fp.read()
    fp.seek(position)
    return bytes(data)


def components_of(message: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Every component of a message (inside its action rows)."""
    for row in message.get("components", []):
        yield from row.get("components", [])


def labels(message: dict[str, Any]) -> list[str]:
    """Button labels and select option labels of a message's enabled components."""
    out: list[str] = []
    for c in components_of(message):
        if c.get("disabled"):
            continue
        if c["type"] == 2:
            out.append(c.get("label", ""))
        elif c["type"] == 3:
            out += [o["label"] for o in c.get("options", [])]
    return out


class ErrorLog(logging.Handler):
    """Collects errors discord.py logs (it swallows exceptions of callbacks and logs them) and
    the adapter's warnings (a reply Discord refused)."""

    def __init__(self, records: list[logging.LogRecord]) -> None:
        super().__init__(logging.WARNING)
        self.records = records

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno >= logging.ERROR or record.name.startswith("bot.discord"):
            self.records.append(record)


def installed(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeDiscord]:
    """A :class:`FakeDiscord` behind discord.py's two HTTP layers (a test fixture's body).

    Errors discord.py logs while the test runs (it logs and swallows exceptions raised in
    callbacks) and the adapter's warnings fail the test at its end, unless the test expected
    them and emptied ``fake.problems``.
    """
    fake = FakeDiscord()
    monkeypatch.setattr(
        AsyncWebhookAdapter,
        "request",
        lambda self, route, session=None, **kw: fake.webhook_request(route, session, **kw),
    )
    monkeypatch.setattr(
        HTTPClient, "request", lambda self, route, **kw: fake.rest_request(route, **kw)
    )
    monkeypatch.setattr(HTTPClient, "get_from_cdn", lambda self, url: fake.cdn_get(url))
    errors = ErrorLog(fake.problems)
    for name in ("discord", "bot"):
        logging.getLogger(name).addHandler(errors)
    try:
        yield fake
    finally:
        for name in ("discord", "bot"):
            logging.getLogger(name).removeHandler(errors)
    assert [r.getMessage() for r in fake.problems] == []


@dataclass
class Driver:
    """Sends interactions to a started client and waits until it has answered them."""

    client: discord.Client
    fake: FakeDiscord
    place: Place = field(default_factory=lambda: Place(600000000000000001))

    @classmethod
    async def start(
        cls, client: discord.Client, fake: FakeDiscord, place: Place | None = None
    ) -> Driver:
        """Prepare ``client`` as after login (loop, application id, own user), without a gateway."""
        await client._async_setup_hook()
        state = client._connection
        state.application_id = APP_ID
        state.user = discord.ClientUser(
            state=state,
            data={
                "id": str(BOT_ID),
                "username": "nardy",
                "discriminator": "0",
                "global_name": None,
                "avatar": None,
                "bot": True,
            },
        )
        return cls(client, fake, place or Place(600000000000000001))

    def _base(
        self, kind: int, person: Person, data: dict[str, Any], place: Place | None
    ) -> dict[str, Any]:
        where = place or self.place
        iid = snowflake()
        token = f"token-{iid}"
        self.fake.channels[token] = where.id
        payload: dict[str, Any] = {
            "id": str(iid),
            "application_id": str(APP_ID),
            "type": kind,
            "token": token,
            "version": 1,
            "data": data,
            "channel_id": str(where.id),
            "channel": dict(self.fake.threads.get(where.id) or where.payload()),
            "locale": person.locale,
            "app_permissions": str(where.permissions),
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(GUILD_ID)}
            if where.guild
            else {"1": str(person.id)},
            "context": 0 if where.guild else (1 if where.kind == 1 else 2),
            "attachment_size_limit": 26214400,
        }
        if where.guild is not None:
            payload["guild_id"] = str(where.guild)
            payload["guild_locale"] = "en-US"
            payload["member"] = {
                "user": person.payload(),
                "roles": [],
                "joined_at": TIMESTAMP,
                "deaf": False,
                "mute": False,
                "flags": 0,
                "permissions": "1099511627775",
            }
        else:
            payload["user"] = person.payload()
        return payload

    async def deliver(self, payload: dict[str, Any]) -> None:
        """Hand a gateway payload to discord.py and wait for every task it started."""
        before = asyncio.all_tasks()
        self.client._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
        for _ in range(200):
            pending = [
                t
                for t in asyncio.all_tasks() - before
                if not t.done()
                and t is not asyncio.current_task()
                and t.get_name() != "network-edge"  # a proxy's connection, not the bot's work
            ]
            if not pending:
                return
            await asyncio.wait(pending, timeout=30)
        raise AssertionError("the interaction never finished")

    def interaction(self, person: Person, place: Place | None = None) -> discord.Interaction[Any]:
        """A component interaction of ``person`` in ``place`` as discord.py builds it from its
        payload (not delivered: for code that reads what an interaction tells, such as the
        bot's permissions there)."""
        data = {"custom_id": "nb:x", "component_type": 2}
        payload = self._base(3, person, data, place)
        return discord.Interaction(data=payload, state=self.client._connection)  # type: ignore[arg-type]

    def join_guild(self, places: list[Place], permissions: int = ALL_PERMISSIONS) -> None:
        """The gateway's ``GUILD_CREATE`` for the test server (as a bot without the members
        intent gets it: its own member only), with text channels ``places`` where the bot has
        ``permissions`` (its everyone role's): the client's cache knows them from now on."""
        channels: list[dict[str, Any]] = [
            {
                "id": str(place.id),
                "type": place.kind,
                "guild_id": str(GUILD_ID),
                "name": f"c{place.id}",
                "position": i,
                "flags": 0,
                "nsfw": False,
                "parent_id": None,
                "topic": None,
                "last_message_id": None,
                "rate_limit_per_user": 0,
                "permission_overwrites": [],
            }
            for i, place in enumerate(places)
        ]
        everyone = {
            "id": str(GUILD_ID),
            "name": "@everyone",
            "permissions": str(permissions),
            "position": 0,
            "color": 0,
            "hoist": False,
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }
        me = {
            "user": BOT_USER,
            "roles": [],
            "joined_at": TIMESTAMP,
            "deaf": False,
            "mute": False,
            "flags": 0,
        }
        guild: Any = {
            "id": str(GUILD_ID),
            "name": "nardy club",
            "icon": None,
            "owner_id": "100000000000000099",
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "system_channel_flags": 0,
            "preferred_locale": "en-US",
            "features": [],
            "emojis": [],
            "stickers": [],
            "roles": [everyone],
            "large": False,
            "member_count": 3,
            "members": [me],
            "channels": channels,
            "threads": [],
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }
        self.client._connection.parse_guild_create(guild)

    def response_of(self, payload: dict[str, Any]) -> dict[str, Any] | None:
        """The interaction response the client sent for ``payload`` (``None``: none)."""
        return self.fake.responses.get(payload["token"])

    async def press(
        self,
        person: Person,
        message_id: int,
        custom_id: str,
        value: str | None = None,
        place: Place | None = None,
    ) -> dict[str, Any]:
        """Press a button (or choose ``value`` in a select menu) of a recorded message (one
        deleted meanwhile too: the press was on its way)."""
        message = self.fake.messages.get(message_id) or self.fake.deleted[message_id]
        component = next(c for c in components_of(message) if c.get("custom_id") == custom_id)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component["type"]}
        if component["type"] == 3:
            data["values"] = [value]
        payload = self._base(3, person, data, place)
        payload["message"] = message
        # A component interaction's original response is the message the component is on.
        self.fake.originals[payload["token"]] = message_id
        await self.deliver(payload)
        return payload

    async def command(
        self,
        person: Person,
        name: str,
        value: str | Person | None = None,
        option: str | None = None,
        place: Place | None = None,
    ) -> dict[str, Any]:
        """Run slash command ``name`` (English name) with its one option's ``value`` (a
        :class:`Person` for a user option, as picked from the member list)."""
        data: dict[str, Any] = {"id": str(snowflake()), "name": name, "type": 1}
        option = option or (OPTIONS[name].name if name in OPTIONS else None)
        if isinstance(value, Person):
            data["options"] = [{"name": option, "type": 6, "value": str(value.id)}]
            data["resolved"] = {"users": {str(value.id): value.payload()}}
        elif value is not None:
            data["options"] = [{"name": option, "type": 3, "value": value}]
        payload = self._base(2, person, data, place)
        await self.deliver(payload)
        return payload

    async def command_file(
        self,
        person: Person,
        name: str,
        filename: str,
        data: bytes,
        *,
        size: int | None = None,
        place: Place | None = None,
    ) -> dict[str, Any]:
        """Run slash command ``name`` with a file in its attachment option (``size``: the size
        Discord reports, the file's own by default); the file is on the fake CDN."""
        aid = str(snowflake())
        url = f"https://cdn.example/attachments/{aid}/{filename}"
        self.fake.cdn[url] = data
        attachment = {
            "id": aid,
            "filename": filename,
            "size": len(data) if size is None else size,
            "url": url,
            "proxy_url": url,
            "content_type": "text/plain",
        }
        option = OPTIONS[name].name
        body: dict[str, Any] = {
            "id": str(snowflake()),
            "name": name,
            "type": 1,
            "options": [{"name": option, "type": 11, "value": aid}],
            "resolved": {"attachments": {aid: attachment}},
        }
        payload = self._base(2, person, body, place)
        await self.deliver(payload)
        return payload

    async def autocomplete(
        self, person: Person, name: str, option: str, typed: str, place: Place | None = None
    ) -> list[dict[str, Any]]:
        """The autocomplete choices the client offers while ``typed`` is in ``option``."""
        data = {
            "id": str(snowflake()),
            "name": name,
            "type": 1,
            "options": [{"name": option, "type": 3, "value": typed, "focused": True}],
        }
        payload = self._base(4, person, data, place)
        await self.deliver(payload)
        response = self.response_of(payload)
        assert response is not None and response["type"] == 8, response
        return list(response["data"]["choices"])

    # -- finding things in the channel ----------------------------------------------------------

    def find(self, label: str, place: Place | None = None) -> tuple[int, str, str | None]:
        """The newest public message in the place with an enabled component labelled ``label``
        (prefix match): message id, custom_id and, for a select option, its value."""
        where = (place or self.place).id
        for m in reversed(self.fake.public()):
            if int(m["channel_id"]) != where:
                continue
            for c in components_of(m):
                if c.get("disabled"):
                    continue
                if c["type"] == 2 and c.get("label", "").startswith(label):
                    return int(m["id"]), c["custom_id"], None
                if c["type"] == 3:
                    for o in c.get("options", []):
                        if o["label"].startswith(label):
                            return int(m["id"]), c["custom_id"], o["value"]
        raise AssertionError(f"no component {label!r}; labels: {self.labels(place)}")

    def labels(self, place: Place | None = None) -> list[str]:
        """Labels of the newest public message in the place with enabled components."""
        where = (place or self.place).id
        for m in reversed(self.fake.public()):
            if int(m["channel_id"]) == where and labels(m):
                return labels(m)
        return []

    async def click(self, person: Person, label: str, place: Place | None = None) -> dict[str, Any]:
        """Press the newest component labelled ``label`` in the place."""
        mid, custom_id, value = self.find(label, place)
        return await self.press(person, mid, custom_id, value, place)


@dataclass
class TableReads:
    """The table reads an adapter asks of the app (``App.facts``, ``App.games_away``), in order:
    each one begun, come back, or given up (cancelled), marked with whether the interaction
    watched had been acknowledged by then (:meth:`watch`)."""

    fake: FakeDiscord
    events: list[tuple[str, str, bool]] = field(default_factory=list)
    _responses: int = 0

    def install(self, app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
        """Record the reads of ``app`` from now on."""
        for name in ("facts", "games_away"):
            monkeypatch.setattr(app, name, self._recorded(name, getattr(app, name)))

    def watch(self) -> None:
        """Watch the next interaction: its acknowledgement is the next response sent."""
        self._responses = len(self.fake.responses)
        self.events.clear()

    @property
    def acknowledged(self) -> bool:
        return len(self.fake.responses) > self._responses

    def _recorded(self, name: str, read: Any) -> Any:
        async def recorded(*args: Any) -> Any:
            self.events.append(("began", name, self.acknowledged))
            try:
                result = await read(*args)
            except asyncio.CancelledError:
                self.events.append(("given up", name, self.acknowledged))
                raise
            except Exception:
                self.events.append(("failed", name, self.acknowledged))
                raise
            self.events.append(("came back", name, self.acknowledged))
            return result

        return recorded

    def before_acknowledgement(self) -> list[tuple[str, str]]:
        """What happened to the reads before the interaction was acknowledged."""
        return [(what, name) for what, name, acknowledged in self.events if not acknowledged]

    def waited_on_one_round(self) -> bool:
        """Whether the acknowledgement waited on nothing but one round of reads begun together
        and given up together: none came back or failed before it (it waited for no answer of
        the store), and none began after another was given up (reads one after another)."""
        before = self.before_acknowledgement()
        if any(what in ("came back", "failed") for what, _ in before):
            return False
        given_up = [i for i, (what, _) in enumerate(before) if what == "given up"]
        return not given_up or all(what != "began" for what, _ in before[given_up[0] :])
