"""``python -m bot`` / ``nardy-bot``: start the bot with the settings from the environment.

With ``TELEGRAM_TOKEN`` or ``DISCORD_TOKEN`` set it starts those adapters; with neither it opens
the console chat in the terminal.  Tables live in Redis when ``REDIS_URL`` is set, else in memory.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import sys
from collections.abc import Awaitable, Callable
from typing import Any, cast

from bot.app import App
from bot.console import parse_args, run_console
from bot.settings import Settings, SettingsError, load_settings
from bot.store import Store, store_from_url

log = logging.getLogger("bot")

ADAPTERS: dict[str, str] = {"telegram": "bot.telegram", "discord": "bot.discord_bot"}
"""Platform name → the module that serves it with ``async def serve(app, settings)``."""


def _adapter(platform: str) -> Callable[[App, Settings], Awaitable[None]] | None:
    """The adapter's ``serve`` coroutine function, or ``None`` when this build has none."""
    try:
        module = importlib.import_module(ADAPTERS[platform])
    except ModuleNotFoundError as exc:
        if exc.name is not None and ADAPTERS[platform].startswith(exc.name):
            return None
        raise
    serve = getattr(module, "serve", None)
    return cast(Callable[[App, Settings], Awaitable[None]] | None, serve)


async def run(settings: Settings, argv: list[str] | None = None) -> int:
    """Run whatever the settings ask for; the exit status."""
    store = cast(
        Store,
        store_from_url(
            settings.redis_url,
            cluster=settings.redis_cluster,
            table_ttl=settings.table_ttl_days * 24 * 3600,
        ),
    )
    app = App(store, default_language=settings.default_language)
    tokens = {
        "telegram": settings.telegram_token is not None,
        "discord": settings.discord_token is not None,
    }
    try:
        if not any(tokens.values()):
            await run_console(app, parse_args(argv), language=settings.default_language)
            return 0
        tasks: list[Awaitable[Any]] = []
        for platform, wanted in tokens.items():
            if not wanted:
                continue
            serve = _adapter(platform)
            if serve is None:
                log.error(
                    "%s token is set but the %s adapter is not available in this build",
                    platform.capitalize(),
                    platform.capitalize(),
                )
                continue
            tasks.append(serve(app, settings))
        if not tasks:
            return 2
        await asyncio.gather(*tasks)
        return 0
    finally:
        await store.close()


def main(argv: list[str] | None = None) -> None:
    """The console script's entry point."""
    try:
        settings = load_settings()
    except SettingsError as error:
        print(f"nardy-bot: {error}", file=sys.stderr)
        raise SystemExit(2) from None
    logging.basicConfig(
        level=getattr(logging, str(settings.log_level).upper(), logging.INFO),
        format="%(asctime)s %(levelname)s %(name)s %(message)s",
        stream=sys.stderr,
    )
    try:
        status = asyncio.run(run(settings, argv if argv is not None else sys.argv[1:]))
    except KeyboardInterrupt:
        status = 130
    raise SystemExit(status)


if __name__ == "__main__":
    main()
