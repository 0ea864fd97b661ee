"""The web board's HTTP side: the page and its API, under ``/board/`` on the bot's HTTP server.

:class:`WebBoard` adds its routes to the bot's one aiohttp server (:class:`~bot.observability.
OpsServer`, beside ``/metrics``, ``/healthz`` and Telegram's webhook; :meth:`WebBoard.install`):

- ``GET /board/`` the page, ``GET /board/static/<file>`` its script, style and pictures (read
  once from ``static/``, answered with their types and an ETag), ``GET /board/api/words`` the
  page's own words in a language (``?lang=``), from the catalogues;
- ``POST /board/api/login`` ``{initData, start}``: Telegram's login data and the signed start
  parameter checked (:mod:`bot.web.auth`), the initData taken once; the answer is a session
  token, which the page sends as ``Authorization: Bearer`` with every other call;
- in Discord, where the board is the application's Activity (``DISCORD_CLIENT_ID``): ``GET
  /board/api/discord`` the application's client id (the page asks the Discord client for a
  code with it), ``POST /board/api/discord/login`` ``{code, instance_id, channel_id}``: the
  code exchanged and the user checked against the activity instance by Discord's API
  (:mod:`bot.web.discord_login`); the answer is a session token for the channel's table, as
  above, with the user's access token for the page's Discord client.  Both answer 404 where
  the Activity is not set up;
- ``GET /board/api/state``: ``App.web_state`` of the session's table for its user;
- ``POST /board/api/press`` ``{payload}``: an ordinary :class:`~bot.app.Update` (the button's
  payload, the session's user, an update id of its own, the table's board message as the
  message pressed, so that the chat's board is edited as a press on it would edit it) through
  ``App.handle``.  What the presser alone is told (toasts: refusals, the play so far) is the
  answer, with the new state; what the chat is shown (boards, texts; maybe nothing) is handed
  to the platform's delivery hook (:attr:`WebBoard.deliver_to`, registered by the platform's
  adapter) in the background, one batch after another per table, which then plays the
  computer's turns that follow, as after any update of the chat;
- ``GET /board/api/events``: server-sent events, a ``state`` event with the state whenever
  ``App.changes`` reports a write of the table (in any process) that changed it (a step at a
  frugal table changes it and keeps its version), a comment every
  :data:`HEARTBEAT` seconds so that proxies keep the stream open.  ``EventSource`` cannot send
  headers, so this one call takes the token as ``?token=``.  A page that goes away ends its
  stream at once (its connection is watched, :class:`ConnectionWatch`): the table's changes are
  no longer followed for it (:attr:`WebBoard.streams` counts the streams open).

Every API call but the login checks the session token (signature, expiry; a ``table`` given by
the page must be the session's).  Nothing here reads a table or knows a rule: the app answers.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Protocol

from aiohttp import web

from bot.app import NotApplied, Reply, Toast, Update, User
from bot.app.queries import TableFacts
from bot.i18n import negotiate, t
from bot.store import Store, StoreUnavailable, TableKey
from bot.web.auth import (
    DISCORD,
    SESSION_SECONDS,
    BoardKeys,
    Refused,
    Session,
    check_init_data,
    first_use,
    issue_session,
    open_session,
    open_start,
)
from bot.web.discord_login import DiscordApi, Unavailable

if TYPE_CHECKING:
    from bot.settings import Settings

log = logging.getLogger("bot.web")

STATIC_DIR: Final = Path(__file__).resolve().parent / "static"
"""The page's files."""

CONTENT_TYPES: Final = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".json": "application/json",
}
"""The types of the files served (a file of another kind in ``static/`` is not served)."""

HEARTBEAT: Final = 15.0
"""Seconds between two heartbeat comments of an event stream."""

MAX_BODY: Final = 8192
"""Largest request body taken by the API."""

MAX_PAYLOAD: Final = 64
"""Longest button payload (Telegram's callback data limit, the app's too)."""

CLOSE_TIMEOUT: Final = 5.0
"""Seconds :meth:`WebBoard.close` waits for the deliveries under way."""

PAGE_POLICY: Final = (
    "default-src 'self'; script-src 'self' https://telegram.org; style-src 'self'; "
    "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'"
)
"""The page's Content-Security-Policy: its own files, and Telegram's WebApp script."""

PAGE_WORDS: Final = {
    "connecting": "web-page-connecting",
    "closed": "web-page-closed",
    "offline": "web-page-offline",
    "outside-telegram": "web-page-outside-telegram",
    "no-table": "web-page-no-table",
    "pips": "app-board-pips",
    "off": "app-board-off",
    "bar": "app-board-bar",
}
"""The page's own words before it has a table's state (the state carries its ``labels``) →
their messages."""

Sent = tuple[int, str]
"""The state an event stream sent last: its version and its JSON."""

Deliver = Callable[[TableKey, Sequence[Reply]], Awaitable[object]]
"""A platform's delivery of the replies for a table's chat: ``deliver(key, replies)``, then of
the computer's turns that follow there (it is called after every press, ``replies`` empty
too)."""


class BoardApp(Protocol):
    """What the web board asks of the app (:class:`~bot.app.App`)."""

    async def handle(self, update: Update) -> list[Reply]: ...

    async def web_state(
        self, key: TableKey, user: str | None, lang: str
    ) -> dict[str, Any] | None: ...

    def changes(self, key: TableKey) -> AsyncIterator[int]: ...

    async def facts(self, key: TableKey) -> TableFacts | None: ...


class WebBoard:
    """The web board's routes, over ``app`` and ``store``, with keys from the bot ``token``.

    ``max_age`` is how long initData stays valid (``WEBBOARD_AUTH_MAX_AGE``), ``clock`` the
    time in seconds since the epoch.  ``telegram``: whether Telegram's logins are taken (the
    keys then come from its bot token); ``discord``: the Discord Activity's API (``None``: no
    Activity).  :attr:`deliver_to` maps a platform (``"telegram"``, ``"discord"``) to its
    adapter's delivery of the replies for a table's chat; replies for a platform without one
    are dropped (and logged)."""

    def __init__(
        self,
        app: BoardApp,
        store: Store,
        *,
        token: str,
        max_age: float = 3600,
        session_seconds: int = SESSION_SECONDS,
        heartbeat: float = HEARTBEAT,
        clock: Callable[[], float] = time.time,
        static_dir: Path = STATIC_DIR,
        telegram: bool = True,
        discord: DiscordApi | None = None,
    ) -> None:
        self.app = app
        self.store = store
        self.keys = BoardKeys.from_token(token)
        self.max_age = max_age
        self.session_seconds = session_seconds
        self.heartbeat = heartbeat
        self.clock = clock
        self.telegram = telegram
        self.discord = discord
        self.deliver_to: dict[str, Deliver] = {}
        self.files = load_files(static_dir)
        self._closing = asyncio.Event()
        self._streams = 0
        self._deliveries: set[asyncio.Task[None]] = set()
        self._queues: dict[TableKey, asyncio.Lock] = {}

    @classmethod
    def from_settings(cls, app: BoardApp, store: Store, settings: Settings) -> WebBoard:
        """The web board as the settings say (``WEBBOARD_AUTH_MAX_AGE``; Telegram's logins
        with ``TELEGRAM_TOKEN``, whose keys it takes; the Discord Activity's with
        ``DISCORD_CLIENT_ID``, the keys then from ``DISCORD_TOKEN`` where Telegram is not
        served)."""
        discord = DiscordApi.from_settings(settings)
        token = settings.telegram_token or (settings.discord_token if discord else None)
        if token is None:
            raise ValueError("the web board needs TELEGRAM_TOKEN or the Discord Activity")
        return cls(
            app,
            store,
            token=token.get_secret_value(),
            max_age=settings.webboard_auth_max_age,
            telegram=settings.telegram_token is not None,
            discord=discord,
        )

    def install(self, web_app: web.Application) -> None:
        """Add the routes under ``/board/`` to ``web_app``; its shutdown ends the event
        streams."""
        router = web_app.router
        router.add_get("/board", self._to_index)
        router.add_get("/board/", self._index)
        router.add_get("/board/static/{name}", self._static)
        router.add_get("/board/api/words", self._words)
        router.add_post("/board/api/login", self._login)
        router.add_get("/board/api/discord", self._discord_config)
        router.add_post("/board/api/discord/login", self._discord_login)
        router.add_get("/board/api/state", self._state)
        router.add_post("/board/api/press", self._press)
        router.add_get("/board/api/events", self._events)
        web_app.on_shutdown.append(self._on_shutdown)

    @property
    def streams(self) -> int:
        """How many event streams are open."""
        return self._streams

    @property
    def delivering(self) -> int:
        """How many batches of replies are being delivered (or wait for their table's turn)."""
        return len(self._deliveries)

    async def close(self, timeout: float = CLOSE_TIMEOUT) -> None:
        """End the event streams and wait (at most ``timeout`` seconds) for the deliveries under
        way; those still running then are cancelled."""
        self._closing.set()
        if self._deliveries:
            _, late = await asyncio.wait(set(self._deliveries), timeout=timeout)
            for task in late:
                task.cancel()
        if self.discord is not None:
            await self.discord.close()

    async def _on_shutdown(self, web_app: web.Application) -> None:
        self._closing.set()

    # -- the page -------------------------------------------------------------------------------

    async def _to_index(self, request: web.Request) -> web.StreamResponse:
        if "frame_id" in request.query:
            # Discord's proxy asking for the Activity's page (its URL mapping's target without
            # the slash): the page, whose relative addresses the browser resolves against
            # the proxy's own address
            return await self._index(request)
        raise web.HTTPPermanentRedirect("/board/")

    async def _index(self, request: web.Request) -> web.StreamResponse:
        response = self._file(request, "index.html")
        response.headers["Content-Security-Policy"] = PAGE_POLICY
        return response

    async def _static(self, request: web.Request) -> web.StreamResponse:
        return self._file(request, request.match_info["name"])

    def _file(self, request: web.Request, name: str) -> web.StreamResponse:
        found = self.files.get(name)
        if found is None:
            raise web.HTTPNotFound()
        body, kind, etag = found
        headers = {
            "ETag": etag,
            "Cache-Control": "no-cache",
            "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "no-referrer",
        }
        if request.headers.get("If-None-Match") == etag:
            return web.Response(status=304, headers=headers)
        response = web.Response(body=body, headers={**headers, "Content-Type": kind})
        response.enable_compression()
        return response

    # -- the API --------------------------------------------------------------------------------

    async def _words(self, request: web.Request) -> web.StreamResponse:
        """The page's own words in the language ``?lang=`` (a platform's code) is closest to."""
        lang = negotiate(request.query.get("lang"))
        words = {name: t(lang, message) for name, message in PAGE_WORDS.items()}
        return web.json_response(words, headers={"Cache-Control": "max-age=3600"})

    async def _login(self, request: web.Request) -> web.StreamResponse:
        if not self.telegram:
            return _error(404, "no Telegram login")
        data = await _json_body(request)
        now = self.clock()
        try:
            login = check_init_data(
                str(data.get("initData", "")), self.keys, now=now, max_age=self.max_age
            )
            table = open_start(str(data.get("start", "")), self.keys)
            if table.platform != "telegram":
                raise Refused("a Telegram login for a table of another platform")
        except Refused as exc:
            log.info("web board login refused: %s", exc)
            return _error(401, "login refused")
        if not await first_use(self.store, login, now=now, max_age=self.max_age):
            log.info("web board login refused: initData used before")
            return _error(401, "login used before")
        lang = negotiate(login.language)
        session = Session(login.ref, login.name, lang, table.tag, int(now) + self.session_seconds)
        token = issue_session(session, self.keys)
        return web.json_response(
            {
                "token": token,
                "table": table.tag,
                "user": login.ref,
                "name": login.name,
                "lang": lang,
                "expires": session.expires,
            }
        )

    async def _discord_config(self, request: web.Request) -> web.StreamResponse:
        """What the page asks the Discord client for its code with: the client id."""
        if self.discord is None:
            return _error(404, "no Discord Activity")
        return web.json_response(
            {"client_id": self.discord.client_id}, headers={"Cache-Control": "max-age=3600"}
        )

    async def _discord_login(self, request: web.Request) -> web.StreamResponse:
        """The Activity's login (:meth:`DiscordApi.login`): a session for the table of the
        channel the Activity runs in, and the user's access token for the page."""
        if self.discord is None:
            return _error(404, "no Discord Activity")
        data = await _json_body(request)
        now = self.clock()
        try:
            found = await self.discord.login(
                self.store, data.get("code"), data.get("instance_id"), data.get("channel_id")
            )
        except Refused as exc:
            log.info("web board Discord login refused: %s", exc)
            return _error(401, "login refused")
        except Unavailable as exc:
            log.warning("web board Discord login failed: %s", exc)
            return _error(503, "Discord did not answer")
        except StoreUnavailable as exc:
            log.warning("web board Discord login failed: the store is unavailable: %s", exc)
            return _error(503, "try again")
        assert found.table.platform == DISCORD
        lang = negotiate(found.user.language)
        session = Session(
            found.user.ref, found.user.name, lang, found.table.tag, int(now) + self.session_seconds
        )
        return web.json_response(
            {
                "token": issue_session(session, self.keys),
                "table": session.table,
                "user": session.user,
                "name": session.name,
                "lang": lang,
                "expires": session.expires,
                "access_token": found.access_token,
            },
            headers={"Cache-Control": "no-store"},
        )

    def _session(self, request: web.Request, *, query: bool = False) -> Session:
        """The request's session (its bearer token, or ``?token=`` where ``query``), for the
        ``table`` it names if it names one; answers 401 when there is none."""
        header = request.headers.get("Authorization", "")
        token = header[7:] if header[:7].lower() == "bearer " else ""
        if not token and query:
            token = request.query.get("token", "")
        try:
            return open_session(
                token.strip(), self.keys, now=self.clock(), table=request.query.get("table")
            )
        except Refused as exc:
            log.info("web board call refused: %s", exc)
            raise web.HTTPUnauthorized(
                text=json.dumps({"error": "session refused"}), content_type="application/json"
            ) from None

    async def _state(self, request: web.Request) -> web.StreamResponse:
        session = self._session(request)
        state = await self.app.web_state(session.key, session.user, session.lang)
        if state is None:
            return _error(404, "no table")
        return web.json_response(state, headers={"Cache-Control": "no-store"})

    async def _press(self, request: web.Request) -> web.StreamResponse:
        session = self._session(request)
        data = await _json_body(request)
        payload = data.get("payload")
        if (
            not isinstance(payload, str)
            or not payload.isascii()
            or not 0 < len(payload) <= MAX_PAYLOAD
        ):
            return _error(400, "no payload")
        key = session.key
        facts = await self.app.facts(key)
        user = User(session.platform, session.user_id, session.name, session.lang)
        update = Update(
            key,
            user,
            "web:" + secrets.token_hex(8),
            button=payload,
            message=facts.board_message if facts is not None else None,
        )
        replies = await self.app.handle(update)
        told: list[str] = []
        chat: list[Reply] = []
        for reply in replies:
            if isinstance(reply, Toast):
                told.append(reply.text)
            elif isinstance(reply, NotApplied):
                told.append(reply.shown.text)
            else:
                chat.append(reply)
        # handed over even when empty: the platform's delivery then plays the computer's turns
        # that follow (a play confirmed against the computer says nothing to the chat itself:
        # the computer's turn posts the board)
        self._deliver(key, chat)
        state = await self.app.web_state(key, session.user, session.lang)
        return web.json_response(
            {"toasts": told, "state": state}, headers={"Cache-Control": "no-store"}
        )

    def _deliver(self, key: TableKey, replies: Sequence[Reply]) -> None:
        """Hand ``replies`` (maybe none) to the platform's delivery in the background, after
        those handed before for the same table."""
        deliver = self.deliver_to.get(key.platform)
        if deliver is None:
            if not replies:
                return
            kinds = ", ".join(sorted({type(r).__name__ for r in replies}))
            log.info(
                "web press at %s: no delivery for %s, replies dropped (%s)",
                key,
                key.platform,
                kinds,
            )
            return
        lock = self._queues.setdefault(key, asyncio.Lock())

        async def run() -> None:
            try:
                async with lock:
                    await deliver(key, replies)
            except Exception:
                log.exception("delivering a web press's replies at %s failed", key)
            finally:
                if not lock.locked() and self._queues.get(key) is lock:
                    del self._queues[key]

        task = asyncio.create_task(run(), name=f"web-deliver-{key}")
        self._deliveries.add(task)
        task.add_done_callback(self._deliveries.discard)

    async def _events(self, request: web.Request) -> web.StreamResponse:
        session = self._session(request, query=True)
        key = session.key
        response = web.StreamResponse(
            headers={
                "Content-Type": "text/event-stream",
                "Cache-Control": "no-store",
                "X-Accel-Buffering": "no",  # nginx: pass each event on at once
            }
        )
        await response.prepare(request)
        watch = ConnectionWatch(request.transport)
        self._streams += 1
        changes = self.app.changes(key)
        closing = asyncio.ensure_future(self._closing.wait())
        pending: asyncio.Future[int] | None = None
        sent: Sent = (-1, "")
        try:
            # the changes followed before the state is read: one made meanwhile is sent too
            # (the page's own polling covers a subscription slower than the read)
            pending = asyncio.ensure_future(anext(changes))
            await asyncio.sleep(0)
            sent = await self._send_state(response, session, sent)
            while not self._closing.is_set() and not watch.gone.done():
                left = session.expires - self.clock()
                if left <= 0:
                    break
                waits: set[asyncio.Future[Any]] = {pending, closing, watch.gone}
                done, _ = await asyncio.wait(
                    waits,
                    timeout=min(self.heartbeat, left),
                    return_when=asyncio.FIRST_COMPLETED,
                )
                if watch.gone in done:
                    break
                if pending in done:
                    try:
                        version = pending.result()
                    except StopAsyncIteration:
                        break
                    pending = asyncio.ensure_future(anext(changes))
                    if version >= sent[0]:  # a step at a frugal table keeps the version
                        sent = await self._send_state(response, session, sent)
                elif not done:
                    await response.write(b": heartbeat\n\n")
        except ConnectionResetError:
            pass  # the page went away
        finally:
            self._streams -= 1
            watch.release()
            closing.cancel()
            if pending is not None:
                pending.cancel()
                with contextlib.suppress(BaseException):
                    await pending
            close = getattr(changes, "aclose", None)
            if close is not None:
                with contextlib.suppress(Exception):
                    await close()
        return response

    async def _send_state(self, response: web.StreamResponse, session: Session, sent: Sent) -> Sent:
        """Send the table's state as a ``state`` event unless it is the one ``sent`` last;
        the one sent last then."""
        state = await self.app.web_state(session.key, session.user, session.lang)
        if state is None:
            await response.write(b"event: gone\ndata: {}\n\n")
            return sent
        version = state.get("version")
        number = version if isinstance(version, int) else sent[0]
        body = json.dumps(state, ensure_ascii=False, separators=(",", ":"))
        if body == sent[1]:
            return sent
        await response.write(f"id: {number}\nevent: state\ndata: {body}\n\n".encode())
        return number, body


class ConnectionWatch(asyncio.Protocol):
    """A watch on a connection's end: :attr:`gone` is done as soon as it is lost.

    It stands between the connection's transport and aiohttp's protocol (asyncio's
    ``set_protocol``), passing every event on; :meth:`release` gives the connection back to
    that protocol.  An event stream's page sends nothing once it has asked, so its going away is
    seen nowhere else until the next write fails (a heartbeat, 15 s later)."""

    def __init__(self, transport: asyncio.Transport | None) -> None:
        self.gone: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.transport = transport
        self.protocol: asyncio.Protocol | None = None
        if transport is None or transport.is_closing():
            self.gone.set_result(None)
            return
        protocol = transport.get_protocol()
        if isinstance(protocol, asyncio.Protocol):  # else (not aiohttp's) no watch: no end seen
            self.protocol = protocol
            transport.set_protocol(self)

    def release(self) -> None:
        """Give the connection back to its protocol, the watch ended."""
        if self.transport is not None and self.transport.get_protocol() is self:
            assert self.protocol is not None
            self.transport.set_protocol(self.protocol)

    def data_received(self, data: bytes) -> None:
        assert self.protocol is not None
        self.protocol.data_received(data)

    def eof_received(self) -> bool | None:
        assert self.protocol is not None
        return self.protocol.eof_received()

    def pause_writing(self) -> None:
        assert self.protocol is not None
        self.protocol.pause_writing()

    def resume_writing(self) -> None:
        assert self.protocol is not None
        self.protocol.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        try:
            assert self.protocol is not None
            self.protocol.connection_lost(exc)
        finally:
            if not self.gone.done():
                self.gone.set_result(None)


def load_files(directory: Path) -> dict[str, tuple[bytes, str, str]]:
    """The page's files by name: their bytes, type and ETag (files of other kinds left out)."""
    files: dict[str, tuple[bytes, str, str]] = {}
    for path in sorted(directory.iterdir()):
        kind = CONTENT_TYPES.get(path.suffix)
        if kind is None or not path.is_file():
            continue
        body = path.read_bytes()
        files[path.name] = (body, kind, '"' + hashlib.sha256(body).hexdigest()[:20] + '"')
    return files


async def _json_body(request: web.Request) -> dict[str, Any]:
    """The request's JSON object (400 when it is none, 413 when too long)."""
    if request.content_length is not None and request.content_length > MAX_BODY:
        raise web.HTTPRequestEntityTooLarge(max_size=MAX_BODY, actual_size=request.content_length)
    raw = await request.content.read(MAX_BODY + 1)
    if len(raw) > MAX_BODY:
        raise web.HTTPRequestEntityTooLarge(max_size=MAX_BODY, actual_size=len(raw))
    try:
        data = json.loads(raw)
    except ValueError:
        data = None
    if not isinstance(data, dict):
        raise web.HTTPBadRequest(
            text=json.dumps({"error": "a JSON object is expected"}), content_type="application/json"
        )
    return data


def _error(status: int, message: str) -> web.Response:
    return web.json_response({"error": message}, status=status)
