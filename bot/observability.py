"""Operating the bot: Prometheus metrics, ``/metrics`` and ``/healthz`` over HTTP, structured logs.

:class:`Metrics` owns a Prometheus registry and instruments the running parts from the outside,
without the app or the adapters knowing:

- :meth:`Metrics.instrument_app` wraps ``App.handle`` of one app instance: it counts updates by
  platform, kind and action, times them, tracks the tables in use and sets the update's logging
  context (platform, table key, update id) for the rest of the task that handles the update, so
  the adapter's own lines about the replies carry it too;
- :meth:`Metrics.instrument_store` times every store operation of one store instance (each read
  and compare-and-set round trip, the whole optimistic update, deadlines) and counts its
  failures; the store's own :class:`~bot.store.StoreCounters` (CAS conflicts and retries) are
  exported as counters;
- :meth:`Metrics.instrument_renderers` times board rendering in the adapter modules.

:class:`OpsServer` is the bot's one HTTP server (aiohttp): ``/metrics`` (Prometheus text format),
``/healthz`` (200 when the store answers a ping, 503 when it does not or while the process is
shutting down), and the routes the runtime adds to it (Telegram's webhook, the web board), with
the bounds every request is held to.

:func:`configure_logging` sets up the root logger: plain lines or one JSON object a line, every
line of an update carrying ``platform``, ``table`` and ``update_id`` (:class:`UpdateContextFilter`
reads them from :mod:`contextvars`), and :class:`RedactingFilter` removing tokens, secrets and
Redis passwords from every line, arguments and tracebacks included.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import json
import logging
import re
import sys
import time
from collections.abc import Awaitable, Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from types import ModuleType
from typing import TYPE_CHECKING, Any, TextIO, TypeVar

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    PlatformCollector,
    ProcessCollector,
    disable_created_metrics,
    generate_latest,
)
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from bot.app import App, Reply, Update
from bot.app.command_parser import UnknownCommand, parse_command
from bot.app.payload import InvalidPayload, parse_payload
from bot.store import ConflictError, Store, StoreCounters, StoreUnavailable

if TYPE_CHECKING:
    from aiohttp import web

log = logging.getLogger("bot.ops")

# No ``*_created`` series: they double the output and nothing here reads them.
disable_created_metrics()  # type: ignore[no-untyped-call]

T = TypeVar("T")

NAMESPACE = "nardy"
"""Prefix of every metric name."""

ACTIVE_WINDOW = 15 * 60.0
"""Seconds after its last update that a table still counts as active."""

ACTIVE_PRUNE_EVERY = 60.0
"""Seconds between droppings of inactive tables from memory (scrapes drop them too)."""

TASK_PLATFORMS = frozenset({"telegram", "discord"})
"""Platforms that handle each update in an asyncio task of its own (the console does not)."""

LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
"""Histogram buckets (seconds) for app, store and render latencies."""

UPDATE_BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)
"""Histogram buckets (seconds) for a whole update: app plus the platform calls of the replies."""

STORE_OPERATIONS: dict[str, str] = {
    "_load": "read",
    "compare_and_set": "cas",
    "mark_update_seen": "mark_seen",
    "update": "update",
    "set_deadline": "set_deadline",
    "clear_deadline": "clear_deadline",
    "due": "due",
}
"""Store methods timed by :meth:`Metrics.instrument_store` → the ``op`` label.

``read`` is one load round trip (``load``, ``get_user``, ``is_seen`` and the reads inside
``update`` all go through it); ``update`` is a whole optimistic update, the app's decision and
any retries included."""

RENDER_FUNCTIONS: dict[str, str] = {
    "render_png": "png",
    "render_svg": "svg",
    "render_text": "text",
}
"""Renderer functions wrapped by :meth:`Metrics.instrument_renderers` → the ``format`` label."""


# -- the update's logging context ---------------------------------------------------------------

PLATFORM: contextvars.ContextVar[str | None] = contextvars.ContextVar("platform", default=None)
TABLE: contextvars.ContextVar[str | None] = contextvars.ContextVar("table", default=None)
UPDATE_ID: contextvars.ContextVar[str | None] = contextvars.ContextVar("update_id", default=None)


@dataclass
class _UpdateState:
    """What the current update has run into so far (shared with the logging handler)."""

    errors: int = 0


_STATE: contextvars.ContextVar[_UpdateState | None] = contextvars.ContextVar(
    "update_state", default=None
)


def set_update_context(platform: str, table: str, update_id: str) -> None:
    """Mark the current task as handling one update (read by :class:`UpdateContextFilter`)."""
    PLATFORM.set(platform)
    TABLE.set(table)
    UPDATE_ID.set(update_id)


def update_kind(update: Update) -> tuple[str, str]:
    """``(kind, action)`` of an update, both from small fixed sets (metric labels).

    kind is ``button``, ``command`` or ``text``; action is the button's action, the command's
    name, ``invalid`` for a payload or command the app does not know, or ``line`` for a text
    line that is no command (typed notation or chatter).
    """
    if update.button is not None:
        try:
            return "button", parse_payload(update.button).action
        except InvalidPayload:
            return "button", "invalid"
    try:
        command = parse_command(update.text or "")
    except UnknownCommand:
        return "command", "invalid"
    except ValueError:
        return "text", "invalid"
    if command is None:
        return "text", "line"
    return "command", command.name


# -- metrics ------------------------------------------------------------------------------------


class _StoreCountersCollector(Collector):
    """Exports a store's :class:`StoreCounters` as Prometheus counters at each scrape."""

    def __init__(self) -> None:
        self.counters: list[StoreCounters] = []

    def collect(self) -> Iterator[CounterMetricFamily]:
        fields = (
            ("cas_conflicts", "Compare-and-set attempts that found another version"),
            ("cas_retries", "Extra rounds of optimistic updates after a conflict"),
            ("cas_exhausted", "Optimistic updates that gave up after every attempt"),
            ("duplicates", "Updates recognised as already applied"),
        )
        attributes = {"cas_retries": "retries", "cas_exhausted": "exhausted"}
        for name, text in fields:
            attribute = attributes.get(name, name)
            family = CounterMetricFamily(f"{NAMESPACE}_store_{name}", text)
            family.add_metric([], float(sum(getattr(c, attribute) for c in self.counters)))
            yield family


class _RenderCachesCollector(Collector):
    """Exports the PNG renderer's band and tile caches (:func:`renderers.png.cache_stats`)."""

    def collect(self) -> Iterator[Metric]:
        png = sys.modules.get("renderers.png")
        if png is None:
            return  # no picture drawn or renderer loaded in this process (the console's text)
        stats = png.cache_stats()
        lookups = CounterMetricFamily(
            f"{NAMESPACE}_render_cache_lookups",
            "Board parts looked up in the PNG renderer's caches, found or not",
            labels=["cache", "result"],
        )
        held = GaugeMetricFamily(
            f"{NAMESPACE}_render_cache_bytes",
            "Bytes the PNG renderer's caches hold (their limit: render_cache_limit_bytes)",
            labels=["cache"],
        )
        limit = GaugeMetricFamily(
            f"{NAMESPACE}_render_cache_limit_bytes",
            "Bytes the PNG renderer's caches may hold",
            labels=["cache"],
        )
        for name, figures in stats.items():
            lookups.add_metric([name, "hit"], float(figures.hits))
            lookups.add_metric([name, "miss"], float(figures.misses))
            held.add_metric([name], float(figures.bytes))
            limit.add_metric([name], float(figures.limit))
        yield from (lookups, held, limit)


class Metrics:
    """The process's Prometheus metrics and the instrumentation that feeds them.

    Each instance has a registry of its own (``registry``), so tests and several apps in one
    process never share values.  ``clock`` is a monotonic clock in seconds.
    """

    def __init__(
        self,
        registry: CollectorRegistry | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
        process: bool = True,
    ) -> None:
        self.registry = registry or CollectorRegistry(auto_describe=True)
        self.clock = clock
        if process:
            ProcessCollector(registry=self.registry)
            PlatformCollector(registry=self.registry)
        r = self.registry
        self.updates = Counter(
            f"{NAMESPACE}_updates",
            "Updates handled by the app, by platform, kind and action",
            ["platform", "kind", "action"],
            registry=r,
        )
        self.update_errors = Counter(
            f"{NAMESPACE}_update_errors",
            "Updates during which an error was logged or the store failed",
            ["platform", "kind"],
            registry=r,
        )
        self.errors = Counter(
            f"{NAMESPACE}_errors",
            "Log records at ERROR or above, by logger",
            ["logger"],
            registry=r,
        )
        self.app_seconds = Histogram(
            f"{NAMESPACE}_app_seconds",
            "Time the app took to decide an update (store round trips included)",
            ["platform", "kind"],
            buckets=LATENCY_BUCKETS,
            registry=r,
        )
        self.update_seconds = Histogram(
            f"{NAMESPACE}_update_seconds",
            "Time from an update reaching the app to its replies being performed",
            ["platform"],
            buckets=UPDATE_BUCKETS,
            registry=r,
        )
        self.in_flight = Gauge(
            f"{NAMESPACE}_updates_in_flight",
            "Updates being handled now",
            ["platform"],
            registry=r,
        )
        self.store_seconds = Histogram(
            f"{NAMESPACE}_store_seconds",
            "Time of store operations",
            ["op"],
            buckets=LATENCY_BUCKETS,
            registry=r,
        )
        self.store_errors = Counter(
            f"{NAMESPACE}_store_errors",
            "Store operations that failed, by operation and error",
            ["op", "error"],
            registry=r,
        )
        self.render_seconds = Histogram(
            f"{NAMESPACE}_render_seconds",
            "Time to render a board",
            ["format"],
            buckets=LATENCY_BUCKETS,
            registry=r,
        )
        self.active_tables = Gauge(
            f"{NAMESPACE}_active_tables",
            f"Tables this process handled an update for in the last {ACTIVE_WINDOW:.0f} s",
            registry=r,
        )
        self.active_tables.set_function(self._count_active)
        self.redis_up = Gauge(
            f"{NAMESPACE}_store_up",
            "1 when the store answered the last health check, else 0",
            registry=r,
        )
        self._store_counters = _StoreCountersCollector()
        r.register(self._store_counters)
        self._active: dict[str, float] = {}
        self._pruned = self.clock()
        self._tasks: dict[asyncio.Task[Any], tuple[str, float]] = {}
        self._render_caches = False

    # -- reading --------------------------------------------------------------------------------

    def exposition(self) -> bytes:
        """The metrics in Prometheus text format."""
        return generate_latest(self.registry)

    def value(self, name: str, labels: dict[str, str] | None = None) -> float:
        """One sample's current value (0 when absent); for tests and diagnostics."""
        found = self.registry.get_sample_value(name, labels or {})
        return found if found is not None else 0.0

    def _count_active(self) -> float:
        self._pruned = self.clock()
        horizon = self._pruned - ACTIVE_WINDOW
        for table in [k for k, seen in self._active.items() if seen < horizon]:
            del self._active[table]
        return float(len(self._active))

    # -- the app --------------------------------------------------------------------------------

    def instrument_app(self, app: App) -> App:
        """Wrap ``app.handle`` (this instance only) with counting, timing and the log context."""
        handle = app.handle

        @functools.wraps(handle)
        async def handled(update: Update) -> list[Reply]:
            platform = update.table.platform
            kind, action = update_kind(update)
            set_update_context(platform, str(update.table), update.update_id)
            state = _UpdateState()
            _STATE.set(state)
            self._track_task(platform)
            started = self.clock()
            self._active[str(update.table)] = started
            if started - self._pruned > ACTIVE_PRUNE_EVERY:  # also when nothing scrapes
                self._count_active()
            try:
                return await handle(update)
            except BaseException:
                state.errors += 1
                raise
            finally:
                self.app_seconds.labels(platform, kind).observe(self.clock() - started)
                self.updates.labels(platform, kind, action).inc()
                if state.errors:
                    self.update_errors.labels(platform, kind).inc()

        app.handle = handled  # type: ignore[method-assign]
        return app

    def _track_task(self, platform: str) -> None:
        """Count the task handling an update as in flight until it ends (replies included)."""
        task = asyncio.current_task()
        if platform not in TASK_PLATFORMS or task is None or task in self._tasks:
            return
        self._tasks[task] = (platform, self.clock())
        self.in_flight.labels(platform).inc()
        task.add_done_callback(self._task_done)

    def _task_done(self, task: asyncio.Task[Any]) -> None:
        platform, started = self._tasks.pop(task)
        self.in_flight.labels(platform).dec()
        self.update_seconds.labels(platform).observe(self.clock() - started)

    # -- the store ------------------------------------------------------------------------------

    def instrument_store(self, store: Store) -> Store:
        """Time the operations of ``store`` (this instance) and export its CAS counters."""
        for method, op in STORE_OPERATIONS.items():
            original = getattr(store, method, None)
            if original is not None and asyncio.iscoroutinefunction(original):
                setattr(store, method, self._timed_store_call(op, original))
        self._store_counters.counters.append(store.counters)
        return store

    def _timed_store_call(
        self, op: str, call: Callable[..., Awaitable[T]]
    ) -> Callable[..., Awaitable[T]]:
        histogram = self.store_seconds.labels(op)

        @functools.wraps(call)
        async def timed(*args: Any, **kwargs: Any) -> T:
            started = self.clock()
            try:
                return await call(*args, **kwargs)
            except (StoreUnavailable, ConflictError) as error:
                # One label for every kind of "unavailable" (never reached, answer lost …).
                unavailable = isinstance(error, StoreUnavailable)
                kind = "StoreUnavailable" if unavailable else "ConflictError"
                self.store_errors.labels(op, kind).inc()
                state = _STATE.get()
                if state is not None:
                    state.errors += 1
                raise
            finally:
                histogram.observe(self.clock() - started)

        return timed

    # -- rendering ------------------------------------------------------------------------------

    def instrument_renderers(self, modules: Iterable[ModuleType]) -> None:
        """Time the renderer functions the given modules call (``render_png`` …).

        The adapters import the renderers by name; the names in their module namespaces are
        replaced by timed wrappers (a wrapper is never wrapped twice).  The PNG renderer's
        caches are exported too.
        """
        if not self._render_caches:
            self.registry.register(_RenderCachesCollector())
            self._render_caches = True
        for module in modules:
            for name, fmt in RENDER_FUNCTIONS.items():
                function = getattr(module, name, None)
                if callable(function) and not getattr(function, "_nardy_timed", False):
                    setattr(module, name, self.timed_render(fmt, function))

    def timed_render(self, fmt: str, function: Callable[..., T]) -> Callable[..., T]:
        """``function`` timed into ``render_seconds{format=fmt}`` (thread-safe)."""
        histogram = self.render_seconds.labels(fmt)

        @functools.wraps(function)
        def timed(*args: Any, **kwargs: Any) -> T:
            started = self.clock()
            try:
                return function(*args, **kwargs)
            finally:
                histogram.observe(self.clock() - started)

        timed._nardy_timed = True  # type: ignore[attr-defined]
        return timed

    # -- logging --------------------------------------------------------------------------------

    def log_handler(self) -> logging.Handler:
        """A handler counting ERROR records (by logger, and the update they happened in)."""
        return _ErrorCounter(self)


class _ErrorCounter(logging.Handler):
    def __init__(self, metrics: Metrics) -> None:
        super().__init__(logging.ERROR)
        self.metrics = metrics

    def emit(self, record: logging.LogRecord) -> None:
        self.metrics.errors.labels(record.name).inc()
        state = _STATE.get()
        if state is not None:
            state.errors += 1


# -- the HTTP server ----------------------------------------------------------------------------

HEADER_TIMEOUT = 10.0
"""Seconds a connection may take to send a request's headers (or stay idle between requests)."""

LINGER = 2.0
"""Seconds a request answered before its body was read keeps its connection open, after the
answer, to read and discard what the client still sends."""


class ServerLog(logging.LoggerAdapter[logging.Logger]):
    """aiohttp's server log: a request its client got wrong (malformed, or the connection lost
    while its body was read) is one line at WARNING; anything else keeps its traceback."""

    def exception(self, msg: object, *args: object, exc_info: Any = True, **kwargs: Any) -> None:
        from aiohttp.http_exceptions import HttpProcessingError

        if isinstance(exc_info, HttpProcessingError | ConnectionError):
            said = " ".join(str(exc_info).split())
            text = str(msg) % args if args else str(msg)
            self.logger.warning("%s: %s: %s", text, type(exc_info).__name__, said)
            return
        self.logger.exception(msg, *args, exc_info=exc_info, **kwargs)


class OpsServer:
    """The bot's one HTTP server (aiohttp) on ``host:port`` (port 0 = any free port): ``/metrics``
    and ``/healthz``, and what ``routes`` add.

    ``routes`` are called with the aiohttp application before it starts: Telegram's webhook
    (:meth:`bot.telegram.webhook.TelegramWebhook.install`), the web board's pages
    (:meth:`bot.web.server.WebBoard.install`).  What any request may cost the server is bounded
    here, for every route alike:

    - a connection must send a request's headers within ``header_timeout`` seconds of opening
      (or of its previous answer), else it is closed: a client trickling headers, or opening
      connections and sending nothing, holds nothing for long;
    - a request answered before its body was read (a refusal from the headers, with
      ``Connection: close``) has what its client still sends read and discarded for at most
      ``linger`` seconds before the connection is closed: closing a socket with unread bytes
      makes the kernel send a reset, which would take the answer with it;
    - a request the client got wrong (a malformed request line, header or chunk; a connection
      dropped halfway) is logged as one line, without a traceback (:class:`ServerLog`).

    This module imports no aiohttp until :meth:`start`, and nothing of what the routes need."""

    def __init__(
        self,
        metrics: Metrics,
        store: Store,
        host: str = "127.0.0.1",
        port: int = 9100,
        *,
        routes: Sequence[Callable[[web.Application], None]] = (),
        header_timeout: float = HEADER_TIMEOUT,
        linger: float = LINGER,
    ):
        self.metrics = metrics
        self.store = store
        self.host = host
        self.port = port
        self.routes = list(routes)
        self.header_timeout = header_timeout
        self.linger = linger
        self.stopping = False
        self._runner: web.AppRunner | None = None

    async def start(self) -> int:
        """Start listening; the port bound."""
        from aiohttp import web  # only where the endpoint is served: the console needs none

        app = web.Application()
        app.router.add_get("/metrics", self._metrics)
        app.router.add_get("/healthz", self._healthz)
        for install in self.routes:
            install(app)
        self._runner = web.AppRunner(
            app,
            access_log=None,
            keepalive_timeout=self.header_timeout,
            lingering_time=self.linger,
            logger=ServerLog(logging.getLogger("aiohttp.server"), {}),
        )
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        server = site._server
        sockets = getattr(server, "sockets", None) or []
        if sockets:
            self.port = int(sockets[0].getsockname()[1])
        paths = " ".join(resource.canonical for resource in app.router.resources())
        log.info("HTTP server on %s:%d: %s", self.host, self.port, paths)
        return self.port

    async def stop(self) -> None:
        """Stop listening."""
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _metrics(self, request: web.Request) -> web.Response:
        from aiohttp import web

        body = await asyncio.to_thread(self.metrics.exposition)
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})

    async def _healthz(self, request: web.Request) -> web.Response:
        from aiohttp import web

        up = await self.store.ping()
        self.metrics.redis_up.set(1 if up else 0)
        if self.stopping:
            return web.json_response({"status": "stopping", "store": up}, status=503)
        if not up:
            return web.json_response({"status": "store unreachable", "store": False}, status=503)
        return web.json_response({"status": "ok", "store": True})


# -- logging ------------------------------------------------------------------------------------

TELEGRAM_TOKEN_RE = re.compile(r"\d{5,}:[A-Za-z0-9_-]{30,}")
"""The shape of a Telegram bot token (it appears in Bot API URLs)."""

URL_PASSWORD_RE = re.compile(r"(?P<head>[a-z][a-z0-9+.-]*://[^\s:/@]*:)[^\s@/]+@")
"""The password part of ``scheme://user:password@host`` URLs."""

REDACTED = "***"


class RedactingFilter(logging.Filter):
    """Replace secrets in a record's message, arguments, traceback and stack text.

    ``secrets`` are exact values (tokens, webhook secret); Telegram-token-shaped strings and URL
    passwords are masked whatever they are.  Put it on the handlers, so that records of every
    library (httpx logs Bot API URLs, which contain the token) pass through it.
    """

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        super().__init__()
        self.secrets = sorted({s for s in secrets if s and len(s) >= 4}, key=len, reverse=True)

    def redact(self, text: str) -> str:
        """``text`` with every secret masked."""
        for secret in self.secrets:
            text = text.replace(secret, REDACTED)
        text = TELEGRAM_TOKEN_RE.sub(REDACTED, text)
        return URL_PASSWORD_RE.sub(lambda m: m.group("head") + REDACTED + "@", text)

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a bad format string: keep what is there, still redacted
            message = f"{record.msg} {record.args}"
        record.msg, record.args = self.redact(message), None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self.redact(record.exc_text)
        if record.stack_info:
            record.stack_info = self.redact(record.stack_info)
        return True


class UpdateContextFilter(logging.Filter):
    """Add ``platform``, ``table`` and ``update_id`` (``None`` outside an update) to records."""

    def filter(self, record: logging.LogRecord) -> bool:
        platform, table, update_id = PLATFORM.get(), TABLE.get(), UPDATE_ID.get()
        shown = f" [{platform} {table} #{update_id}]" if update_id is not None else ""
        record.__dict__.update(
            platform=platform, table=table, update_id=update_id, update_context=shown
        )
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object per record: time, level, logger, message, the update context, traceback."""

    def format(self, record: logging.LogRecord) -> str:
        data: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for field in ("platform", "table", "update_id"):
            value = getattr(record, field, None)
            if value is not None:
                data[field] = value
        if record.exc_info and not record.exc_text:
            record.exc_text = self.formatException(record.exc_info)
        if record.exc_text:
            data["exception"] = record.exc_text
        if record.stack_info:
            data["stack"] = record.stack_info
        return json.dumps(data, ensure_ascii=False)


PLAIN_FORMAT = "%(asctime)s %(levelname)s %(name)s%(update_context)s %(message)s"

QUIET_LOGGERS: dict[str, int] = {"httpx": logging.WARNING, "aiohttp.access": logging.WARNING}
"""Chatty libraries held to a higher level unless the bot logs at DEBUG."""


def configure_logging(
    *,
    level: str = "INFO",
    json_lines: bool = False,
    secrets: Sequence[str] = (),
    stream: TextIO | None = None,
    extra_handlers: Sequence[logging.Handler] = (),
) -> logging.Handler:
    """Configure the root logger: one stream handler with the context and redacting filters.

    Replaces earlier handlers of the root logger (so calling it twice is harmless); the
    ``extra_handlers`` (e.g. :meth:`Metrics.log_handler`) are added beside it.  The handler
    writing the lines is returned.
    """
    root = logging.getLogger()
    for handler in list(root.handlers):
        root.removeHandler(handler)
        handler.close()
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.addFilter(RedactingFilter(secrets))
    handler.addFilter(UpdateContextFilter())
    handler.setFormatter(JsonFormatter() if json_lines else logging.Formatter(PLAIN_FORMAT))
    root.addHandler(handler)
    for extra in extra_handlers:
        root.addHandler(extra)
    numeric = logging.getLevelName(level.upper())
    root.setLevel(numeric if isinstance(numeric, int) else logging.INFO)
    for name, quiet in QUIET_LOGGERS.items():
        logging.getLogger(name).setLevel(logging.DEBUG if root.level <= logging.DEBUG else quiet)
    logging.captureWarnings(True)
    return handler
