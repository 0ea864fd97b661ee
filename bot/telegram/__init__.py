"""Telegram: the bot on python-telegram-bot v22, by long polling or by webhook.

:func:`build_application` wires a :class:`TelegramAdapter` into a PTB ``Application`` (handlers,
``ChatLimits``, concurrent updates, the Bot API base URL); :func:`serve` runs it as the
settings say: by webhook (``TELEGRAM_WEBHOOK_URL``; the :class:`TelegramWebhook` route the
runtime installed on the bot's HTTP server checks the secret token on every request and answers
only once the update is handled) or long polling (:class:`Poller` confirms a batch of updates
only once it is handled; PTB's own updater is not used, as it confirms them before), and
registers the command menus on start.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, MutableMapping, Sequence
from functools import partial

from telegram.ext import (
    Application,
    CallbackQueryHandler,
    ChosenInlineResultHandler,
    InlineQueryHandler,
    MessageHandler,
    filters,
)

from bot.app import App, Reply
from bot.settings import Settings
from bot.store import TableKey
from bot.telegram.adapter import ALLOWED_UPDATES, TelegramAdapter
from bot.telegram.limits import ChatLimits
from bot.telegram.links import PLATFORM, BoardLinks
from bot.telegram.menu import register_commands
from bot.telegram.polling import Poller
from bot.telegram.webhook import TelegramWebhook
from bot.web.auth import BoardKeys

__all__ = [
    "ALLOWED_UPDATES",
    "Poller",
    "TelegramAdapter",
    "TelegramWebhook",
    "build_application",
    "open_board",
    "serve",
    "start_webhook",
    "stop_serving",
]

log = logging.getLogger("bot.telegram")

CONCURRENT_UPDATES = 32
"""Updates handled at once by one process (tables are safe: every write is compare-and-set)."""


def build_application(
    app: App,
    token: str,
    *,
    base_url: str | None = None,
    png_width: int = 1280,
    concurrent_updates: int = CONCURRENT_UPDATES,
    max_retries: int = 3,
    overall_max_rate: float = 30,
    group_max_rate: float = 20,
    group_period: float = 60,
    network_attempts: int = 5,
    retry_delay: float = 0.5,
    one_board: bool = True,
    frugal: bool = True,
    clock: Callable[[], float] = time.monotonic,
) -> Application:  # type: ignore[type-arg]
    """A PTB ``Application`` serving ``app``.

    ``base_url`` is a Bot API server's root (``http://host:8081``, or ``http://host:8081/bot``;
    the official server when ``None``).  The rate limiter (:class:`~bot.telegram.limits.ChatLimits`)
    keeps to ``overall_max_rate`` requests in any second and ``group_max_rate`` in any
    ``group_period`` seconds per group (Telegram's limits: 30, and 20 a minute) and retries a
    ``RetryAfter`` up to ``max_retries`` times; a group's board edits are paced within them.
    ``one_board`` and ``frugal``: see :class:`TelegramAdapter`.  ``clock`` is the time those
    windows are counted in (a test's simulated time; the monotonic clock by default).
    """
    limits = ChatLimits(
        overall_max_rate=overall_max_rate,
        group_max_rate=group_max_rate,
        group_period=group_period,
        max_retries=max_retries,
        clock=clock,
    )
    adapter = TelegramAdapter(
        app,
        limits=limits,
        secret=token.encode(),
        png_width=png_width,
        network_attempts=network_attempts,
        retry_delay=retry_delay,
        one_board=one_board,
        frugal=frugal,
    )
    builder = (
        Application.builder()
        .token(token)
        .rate_limiter(limits)
        .concurrent_updates(concurrent_updates)
        .updater(None)  # polling is :class:`Poller`'s: PTB's confirms updates before handling
    )
    if base_url is not None:
        root = base_url.rstrip("/").removesuffix("/bot")  # ``…/bot`` is accepted as well
        builder = builder.base_url(f"{root}/bot").base_file_url(f"{root}/file/bot")
    application = builder.build()
    application.bot_data["adapter"] = adapter
    application.add_handler(
        MessageHandler(filters.TEXT & filters.UpdateType.MESSAGE, adapter.on_message)
    )
    application.add_handler(
        MessageHandler(filters.Document.ALL & filters.UpdateType.MESSAGE, adapter.on_document)
    )
    application.add_handler(CallbackQueryHandler(adapter.on_callback))
    application.add_handler(InlineQueryHandler(adapter.on_inline_query))
    application.add_handler(ChosenInlineResultHandler(adapter.on_chosen_inline_result))
    application.add_error_handler(adapter.on_error)
    return application


async def start_webhook(
    application: Application,  # type: ignore[type-arg]
    webhook: TelegramWebhook,
    *,
    url: str,
) -> TelegramWebhook:
    """Open ``webhook`` (its route on the bot's HTTP server) with ``application`` and register
    ``url`` with Telegram."""
    webhook.open(application)
    await application.bot.set_webhook(
        url, secret_token=webhook.secret.decode(), allowed_updates=list(ALLOWED_UPDATES)
    )
    return webhook


Deliveries = MutableMapping[str, Callable[[TableKey, Sequence[Reply]], Awaitable[object]]]
"""The web board's delivery hooks by platform (``WebBoard.deliver_to``)."""


def open_board(
    application: Application,  # type: ignore[type-arg]
    settings: Settings,
    deliver_to: Deliveries | None,
) -> None:
    """With the web board on, give the boards their *Open board* button and let the web board
    deliver to Telegram's chats what a press there shows them (``deliver_to``); called once the
    bot knows its username."""
    adapter: TelegramAdapter = application.bot_data["adapter"]
    token = settings.telegram_token
    if not settings.webboard_enabled or settings.webboard_url is None or token is None:
        return
    adapter.board = BoardLinks(
        settings.webboard_url,
        settings.webboard_app,
        application.bot.username or "",
        BoardKeys.from_token(token.get_secret_value()),
    )
    if deliver_to is not None:
        deliver_to[PLATFORM] = partial(adapter.deliver_to_table, application.bot)


async def serve(
    app: App,
    settings: Settings,
    *,
    deliver_to: Deliveries | None = None,
    webhook: TelegramWebhook | None = None,
) -> None:
    """Run the bot until cancelled: by webhook if a webhook URL is set (its route, ``webhook``,
    installed on the bot's HTTP server by the runtime), else long polling.

    What is due at Telegram's tables is served every ``TICK_SECONDS``.  With the web board on
    (``WEBBOARD_ENABLED``) the boards carry its button and its presses' replies are delivered
    through ``deliver_to`` (:func:`open_board`).  When cancelled it stops taking updates,
    finishes those in flight, stops following the analyses under way and shuts down.
    """
    if settings.telegram_token is None:
        raise ValueError("TELEGRAM_TOKEN is not set")
    application = build_application(
        app, settings.telegram_token.get_secret_value(), base_url=settings.telegram_base_url
    )
    async with application:
        await register_commands(application.bot)
        open_board(application, settings, deliver_to)
        await application.start()
        hook: TelegramWebhook | None = None
        poller: Poller | None = None
        try:
            if settings.telegram_webhook_url is not None:
                if webhook is None:
                    raise ValueError("webhook mode needs the webhook's route on the HTTP server")
                hook = webhook  # closed below even if Telegram refuses its registration
                await start_webhook(application, webhook, url=settings.telegram_webhook_url)
                log.info("Telegram webhook taking updates at %s", webhook.path)
            else:
                poller = Poller(
                    application,
                    allowed_updates=ALLOWED_UPDATES,
                    concurrency=CONCURRENT_UPDATES,
                )
                await poller.start()
                log.info("Telegram long polling started")
            adapter: TelegramAdapter = application.bot_data["adapter"]
            ticker = asyncio.create_task(adapter.tick_loop(application.bot, settings.tick_seconds))
            try:
                await asyncio.Event().wait()
            finally:
                ticker.cancel()
        finally:
            if deliver_to is not None:
                deliver_to.pop(PLATFORM, None)
            await stop_serving(application, webhook=hook, poller=poller)


async def stop_serving(
    application: Application,  # type: ignore[type-arg]
    *,
    webhook: TelegramWebhook | None = None,
    poller: Poller | None = None,
) -> None:
    """Stop the bot: it stops taking updates (the webhook refuses them, or the poller stops) and
    finishes those in flight, stops following the analyses under way
    (:meth:`TelegramAdapter.close`, bounded), then stops the application."""
    try:
        if webhook is not None:
            await webhook.close()
        if poller is not None:
            await poller.stop()
        adapter: TelegramAdapter = application.bot_data["adapter"]
        await adapter.close()
    finally:
        await application.stop()
