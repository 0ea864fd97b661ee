"""The bot process from start to exit: settings, logging, store, app, adapters, metrics, shutdown.

:func:`main` is the entry point of ``python -m bot`` / ``nardy-bot``: it reads the settings
(env and ``.env``), configures logging (plain or JSON lines, secrets redacted) and runs
:func:`run`, which

1. opens the store (Redis, Redis Cluster or memory) and builds the app, both instrumented
   (:class:`~bot.observability.Metrics`), with the computer's worker processes (``AI_ENABLED``,
   ``AI_WORKERS``; warmed up in the background, stopped at the end);
2. starts the bot's one HTTP server on ``HTTP_LISTEN`` (:attr:`Settings.http_address`) when
   there is one: ``/metrics`` and ``/healthz``, Telegram's webhook at the path of
   ``TELEGRAM_WEBHOOK_URL`` (:class:`~bot.telegram.webhook.TelegramWebhook`: the route is
   installed here, the Telegram adapter opens it once it takes updates), and the web board
   under ``/board/`` when ``WEBBOARD_ENABLED`` is on (:mod:`bot.web`, imported only then; the
   Telegram and Discord adapters deliver what its presses show the chats);
3. serves every platform that has a token (Telegram, Discord) as a task of its own, or the
   console chat when there is none, once every language's catalogue is read (in a thread:
   :func:`bot.i18n.warm`) and what the start built is set aside from the garbage collector's
   rounds (:func:`settle_memory`);
4. on SIGTERM or SIGINT stops gracefully: ``/healthz`` turns 503 (load balancers stop sending),
   each adapter stops taking updates and finishes those in flight (its ``serve`` coroutine is
   cancelled and runs its own shutdown), then the store is closed and the process exits 0.
   Every table lives in the store, so the next start resumes them all.  A second signal, or a
   shutdown longer than :data:`SHUTDOWN_TIMEOUT`, ends the process at once with status 1.

``python -m bot sync-commands`` instead uploads Discord's slash commands and exits
(:func:`sync_commands`); ``nardy-bot verify FILE`` checks an exported dice file
(:func:`engine.fairdice.main`) and exits, reading no settings.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import importlib
import logging
import os
import signal
import sys
import threading
from collections.abc import Callable, Coroutine
from functools import partial
from types import ModuleType
from typing import TYPE_CHECKING, Any, cast

from bot import i18n
from bot.ai.worker import ComputerWorker
from bot.app import App
from bot.app.tournaments.service import Limits
from bot.observability import Metrics, OpsServer, configure_logging
from bot.settings import Settings, SettingsError, load_settings
from bot.store import Store, store_from_url
from engine import fairdice

if TYPE_CHECKING:
    from aiohttp import web

    from bot.web.server import WebBoard

log = logging.getLogger("bot")

ADAPTERS: dict[str, str] = {"telegram": "bot.telegram", "discord": "bot.discord_bot"}
"""Platform name → the module that serves it with ``async def serve(app, settings)``."""

RENDERING_MODULES: dict[str, tuple[str, ...]] = {
    "telegram": ("bot.telegram.adapter",),
    "discord": ("bot.discord_bot.client",),
    "console": ("bot.console",),
}
"""Modules whose renderer calls are timed, by platform (missing ones are skipped)."""

SYNC_COMMAND = "sync-commands"
"""``python -m bot sync-commands``: upload Discord's slash commands and exit."""

VERIFY_COMMAND = "verify"
"""``nardy-bot verify FILE``: check the dice file an ``export`` gave and exit (0: every roll
follows from its revealed seed, 1: one does not, 2: the file cannot be read)."""

SHUTDOWN_TIMEOUT = 10.0
"""Seconds the adapters get to finish the updates in flight after a stop signal."""

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)

Serve = Callable[[App, Settings], Coroutine[Any, Any, None]]

_abandoned_input = threading.Event()
"""Set when the console was stopped by a signal while its reader thread waits for a line."""


def _adapter(platform: str) -> Serve | None:
    """The adapter's ``serve`` coroutine function, or ``None`` when this build has none."""
    try:
        module = importlib.import_module(ADAPTERS[platform])
    except ModuleNotFoundError as exc:
        if exc.name is not None and ADAPTERS[platform].startswith(exc.name):
            return None
        raise
    return cast(Serve | None, getattr(module, "serve", None))


def _modules(names: tuple[str, ...]) -> list[ModuleType]:
    found = []
    for name in names:
        with contextlib.suppress(ModuleNotFoundError):
            found.append(importlib.import_module(name))
    return found


def open_store(settings: Settings) -> Store:
    """The store the settings name (Redis, or memory), with their times to live."""
    return cast(
        Store,
        store_from_url(
            settings.redis_url,
            cluster=settings.redis_cluster,
            table_ttl=settings.table_ttl_seconds,
            user_ttl=settings.user_ttl_seconds,
        ),
    )


def secrets_of(settings: Settings) -> list[str]:
    """Every secret value in the settings (for the redacting log filter)."""
    values = [
        s.get_secret_value()
        for s in (
            settings.telegram_token,
            settings.telegram_webhook_secret,
            settings.discord_token,
            settings.discord_client_secret,
        )
        if s is not None
    ]
    if settings.redis_url:
        from urllib.parse import urlsplit

        password = urlsplit(settings.redis_url).password
        if password:
            values.append(password)
    return values


def _install_signal_handlers(stop: asyncio.Event) -> bool:
    """Make SIGTERM/SIGINT set ``stop`` (a second one ends the process); whether it worked."""
    loop = asyncio.get_running_loop()

    def on_signal(signum: int) -> None:
        if stop.is_set():
            log.error("%s again: exiting without waiting", signal.Signals(signum).name)
            logging.shutdown()
            os._exit(1)
        log.info("%s received: shutting down", signal.Signals(signum).name)
        stop.set()

    try:
        for signum in STOP_SIGNALS:
            loop.add_signal_handler(signum, on_signal, signum)
    except (NotImplementedError, RuntimeError, ValueError):  # not the main thread, or Windows
        return False
    return True


def _remove_signal_handlers() -> None:
    loop = asyncio.get_running_loop()
    for signum in STOP_SIGNALS:
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.remove_signal_handler(signum)


async def run(
    settings: Settings,
    argv: list[str] | None = None,
    *,
    stop: asyncio.Event | None = None,
    metrics: Metrics | None = None,
) -> int:
    """Run whatever the settings ask for until it ends or ``stop`` is set; the exit status.

    ``stop`` defaults to an event set by SIGTERM/SIGINT.  Statuses: 0 after a clean stop (or
    the console's end), 1 when an adapter failed or the shutdown overran, 2 when a token is set
    but its adapter is not available in this build.
    """
    metrics = metrics or Metrics()
    store = open_store(settings)
    metrics.instrument_store(store)
    worker = computer_worker(settings)
    app = metrics.instrument_app(
        App(
            store,
            default_language=settings.default_language,
            computer=worker,
            adviser=worker,
            analyser=worker,
        )
    )
    app.events.limits = Limits(settings.tournament_max_players, settings.tournament_max_rounds)
    app.events.retry = settings.tournament_retry_seconds
    warming = asyncio.create_task(worker.start()) if worker is not None else None
    if stop is None:
        stop = asyncio.Event()
        handlers = _install_signal_handlers(stop)
    else:
        handlers = False
    server: OpsServer | None = None
    board: WebBoard | None = None
    try:
        routes: list[Callable[[web.Application], None]] = []
        if settings.webboard_enabled:
            from bot.web.server import WebBoard  # aiohttp: only where the board is served

            board = WebBoard.from_settings(app, store, settings)
            routes.append(board.install)
        serves: dict[str, Serve] = {}
        for platform, token in (
            ("telegram", settings.telegram_token),
            ("discord", settings.discord_token),
        ):
            if token is None:
                continue
            serve = _adapter(platform)
            if serve is None:
                log.error(
                    "%s token is set but the %s adapter is not available in this build",
                    platform.capitalize(),
                    platform.capitalize(),
                )
                continue
            if platform == "telegram":
                serve = _telegram_serve(serve, settings, board, routes)
            elif board is not None:
                # its adapter delivers to the chats what a press on the web board shows them
                takes_hooks = cast(Callable[..., Coroutine[Any, Any, None]], serve)
                serve = partial(takes_hooks, deliver_to=board.deliver_to)
            serves[platform] = serve
        address = settings.http_address
        if address is not None:
            server = OpsServer(metrics, store, host=address[0], port=address[1], routes=routes)
            await server.start()
        if not serves and (settings.telegram_token or settings.discord_token):
            return 2
        if not serves:
            return await _run_console(app, metrics, argv, settings, stop)
        configure_rendering(settings)
        for platform in serves:
            metrics.instrument_renderers(_modules(RENDERING_MODULES[platform]))
        await asyncio.to_thread(i18n.warm)  # off the event loop; /healthz answers meanwhile
        settle_memory()
        return await _serve(app, settings, serves, stop, server, board)
    finally:
        if handlers:
            _remove_signal_handlers()
        if board is not None:
            await board.close()  # the event streams end, the presses' replies are delivered
        if worker is not None and warming is not None:
            warming.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await warming
            await worker.close()
        await store.close()
        if server is not None:
            await server.stop()
        log.info("stopped")


def _telegram_serve(
    serve: Serve,
    settings: Settings,
    board: WebBoard | None,
    routes: list[Callable[[web.Application], None]],
) -> Serve:
    """Telegram's ``serve`` given what it needs of the HTTP server: by webhook, its route (added
    to ``routes``, opened by the adapter once it takes updates); with the web board on, the
    board's delivery hooks (its adapter delivers to the chats what a press there shows)."""
    takes_hooks = cast(Callable[..., Coroutine[Any, Any, None]], serve)
    hooks: dict[str, Any] = {}
    if settings.webhook_mode:
        from bot.telegram.webhook import TelegramWebhook  # the adapter's own route

        webhook = TelegramWebhook.from_settings(settings)
        routes.append(webhook.install)
        hooks["webhook"] = webhook
    if board is not None:
        hooks["deliver_to"] = board.deliver_to
    return partial(takes_hooks, **hooks) if hooks else serve


async def sync_commands(settings: Settings) -> int:
    """``python -m bot sync-commands``: upload Discord's slash commands now and record their
    digest in the store (so the next starts upload nothing); the exit status (2: no token or
    no Discord adapter in this build, 1: Discord refused)."""
    if settings.discord_token is None:
        log.error("DISCORD_TOKEN is not set: there are no commands to upload")
        return 2
    try:
        module = importlib.import_module(ADAPTERS["discord"])
    except ModuleNotFoundError:
        log.error("the Discord adapter is not available in this build")
        return 2
    store = open_store(settings)
    try:
        app = App(store, default_language=settings.default_language)
        count = await module.sync_commands(app, settings)
    except Exception:
        log.exception("uploading the slash commands failed")
        return 1
    finally:
        await store.close()
    log.info("%d slash commands uploaded", count)
    return 0


def computer_worker(settings: Settings) -> ComputerWorker | None:
    """The computer's worker processes as the settings ask (``None`` with ``AI_ENABLED=false``);
    started by the caller, in the background, so that nothing waits for the warm-up."""
    if not settings.ai_enabled:
        return None
    return ComputerWorker(
        settings.ai_workers,
        settings.ai_budgets,
        hint_workers=settings.ai_hint_workers,
        hint_ply=settings.ai_hint_ply,
        analysis_workers=settings.ai_analysis_workers,
        analysis_ply=settings.ai_analysis_ply,
        analysis_budget=settings.ai_analysis_budget,
        ponder=settings.ai_ponder,
        engines=settings.ai_engines,
        nardy_engine=settings.ai_nardy_engine,
    )


def settle_memory() -> None:
    """Move what the start built (modules, catalogues, fonts, adapters) out of the cyclic
    garbage collector's reach, once the garbage of the start itself is collected.

    A full collection then walks only what serving creates.  It holds the interpreter lock,
    so every update in flight waits for it: measured once here with pictures drawn for four
    busy tables, the longest such pause was 37 ms without this and 15 ms with it."""
    gc.collect()
    gc.freeze()


def configure_rendering(settings: Settings) -> None:
    """Size the PNG renderer's caches as the settings say (``RENDER_CACHE_MB``)."""
    from renderers.png import set_cache_limit

    set_cache_limit(int(settings.render_cache_mb * 2**20))


async def _serve(
    app: App,
    settings: Settings,
    serves: dict[str, Serve],
    stop: asyncio.Event,
    server: OpsServer | None,
    board: WebBoard | None = None,
) -> int:
    """Serve the platforms until ``stop`` is set or one of them ends; then shut them down (the
    web board's event streams and deliveries first, while the platforms still deliver)."""
    tasks: dict[asyncio.Task[Any], str] = {
        asyncio.create_task(serve(app, settings), name=f"serve-{platform}"): platform
        for platform, serve in serves.items()
    }
    stopper: asyncio.Task[Any] = asyncio.create_task(stop.wait(), name="stop-signal")
    status = 0
    try:
        done, _ = await asyncio.wait([stopper, *tasks], return_when=asyncio.FIRST_COMPLETED)
        for task in done:
            if task is stopper:
                continue
            platform = tasks[task]
            error = task.exception()
            if error is not None:
                log.error("%s adapter failed", platform, exc_info=error)
            else:
                log.error("%s adapter ended by itself", platform)
            status = 1
    finally:
        stopper.cancel()
        if server is not None:
            server.stopping = True
        if board is not None:
            await board.close()
        running = [task for task in tasks if not task.done()]
        for task in running:
            task.cancel()
        if running:
            log.info("finishing the updates in flight")
            _, late = await asyncio.wait(running, timeout=SHUTDOWN_TIMEOUT)
            if late:
                log.error("shutdown took over %.0f s: giving up on %s", SHUTDOWN_TIMEOUT, late)
                status = 1
            for task in running:
                if task.done() and not task.cancelled() and task.exception() is not None:
                    log.error(
                        "%s adapter failed while stopping", tasks[task], exc_info=task.exception()
                    )
                    status = 1
    return status


async def _run_console(
    app: App,
    metrics: Metrics,
    argv: list[str] | None,
    settings: Settings,
    stop: asyncio.Event,
) -> int:
    """The console chat until its input ends, ``quit``, or ``stop``."""
    from bot.console import parse_args, run_console

    metrics.instrument_renderers(_modules(RENDERING_MODULES["console"]))
    console = asyncio.create_task(
        run_console(app, parse_args(argv), language=settings.default_language)
    )
    stopper = asyncio.create_task(stop.wait())
    await asyncio.wait([console, stopper], return_when=asyncio.FIRST_COMPLETED)
    stopper.cancel()
    if console.done():
        console.result()
        return 0
    console.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await console
    _abandoned_input.set()
    return 0


def main(argv: list[str] | None = None) -> None:
    """The console script's entry point: settings, logging, :func:`run`, exit status."""
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == [VERIFY_COMMAND]:  # a player's check: no settings, no logging, no store
        raise SystemExit(fairdice.main(args, prog="nardy-bot"))
    try:
        settings = load_settings()
    except SettingsError as error:
        print(f"nardy-bot: {error}", file=sys.stderr)
        raise SystemExit(2) from None
    if args[:1] == [SYNC_COMMAND]:
        configure_logging(level=settings.log_level, secrets=secrets_of(settings))
        status = asyncio.run(sync_commands(settings))
        logging.shutdown()
        raise SystemExit(status)
    console = settings.telegram_token is None and settings.discord_token is None
    level = settings.log_level
    if console:
        from bot.console import parse_args

        parse_args(args)  # a bad option is refused before anything starts
        if "log_level" not in settings.model_fields_set:
            level = "WARNING"  # the terminal is the chat: no log lines unless asked for
    metrics = Metrics()
    configure_logging(
        level=level,
        json_lines=settings.log_json,
        secrets=secrets_of(settings),
        extra_handlers=[metrics.log_handler()],
    )
    log.info("starting %s", settings.summary())
    runner = asyncio.Runner()
    try:
        status = runner.run(run(settings, args, metrics=metrics))
    except KeyboardInterrupt:
        status = 130
    if _abandoned_input.is_set():
        # The console reads its input in a worker thread that no signal interrupts, and closing
        # the loop would wait for that thread.  The table is saved: leave without waiting for a
        # line that may never come.
        logging.shutdown()
        sys.stdout.flush()
        os._exit(status)
    runner.close()
    logging.shutdown()
    raise SystemExit(status)
