"""The Discord adapter (discord.py 2.7): slash commands and components in front of the app.

``serve(app, settings)`` runs the bot with ``DISCORD_TOKEN`` until it is stopped; the entry
point (``python -m bot``) calls it when the token is set, next to the Telegram bot if that is
configured too.  It uploads the slash commands at start only when the command set changed
(one process of the deployment does, see :mod:`bot.app.published`);
``sync_commands(app, settings)`` (``python -m bot sync-commands``) uploads them at once.
See :mod:`bot.discord_bot.client` for how interactions become app updates.
"""

from __future__ import annotations

from bot.app import App
from bot.discord_bot.client import Deliveries, NardyBot, table_key, user_of
from bot.discord_bot.commands import CatalogueTranslator
from bot.discord_bot.components import PayloadButton, PayloadMenu, build_view, layout
from bot.settings import Settings

__all__ = [
    "CatalogueTranslator",
    "NardyBot",
    "PayloadButton",
    "PayloadMenu",
    "build_view",
    "layout",
    "serve",
    "sync_commands",
    "table_key",
    "user_of",
]


async def serve(app: App, settings: Settings, *, deliver_to: Deliveries | None = None) -> None:
    """Run the Discord bot until it is closed, serving the move clocks of Discord's tables.

    Where the web board is the application's Activity (``DISCORD_CLIENT_ID``) the boards carry
    its *Open board* button, and its presses' replies are delivered to Discord's channels
    through ``deliver_to`` (the web board's hooks)."""
    token = settings.discord_token
    if token is None:
        raise ValueError("DISCORD_TOKEN is not set")
    activity = settings.discord_activity
    bot = NardyBot(
        app,
        test_guild=settings.discord_test_guild,
        tick_seconds=settings.tick_seconds,
        shard_count=settings.discord_shard_count,
        shard_ids=settings.discord_shard_ids,
        web_activity=activity,
        deliver_to=deliver_to if activity else None,
    )
    async with bot:
        await bot.start(token.get_secret_value())


async def sync_commands(app: App, settings: Settings) -> int:
    """Upload the slash commands now (to ``DISCORD_TEST_GUILD`` if set, else globally, with the
    Activity's Entry Point command where it is set up), record their digest for the
    deployment, and disconnect; how many commands were uploaded."""
    token = settings.discord_token
    if token is None:
        raise ValueError("DISCORD_TOKEN is not set")
    bot = NardyBot(
        app,
        test_guild=settings.discord_test_guild,
        tick_seconds=None,
        sync_on_start=False,
        web_activity=settings.discord_activity,
    )
    async with bot:
        await bot.login(token.get_secret_value())
        return len(await bot.sync_commands())
