"""The Discord adapter (discord.py 2.7): slash commands and components in front of the app.

``serve(app, settings)`` runs the bot with ``DISCORD_TOKEN`` until it is stopped; the entry
point (``python -m bot``) calls it when the token is set, next to the Telegram bot if that is
configured too.  See :mod:`bot.discord_bot.client` for how interactions become app updates.
"""

from __future__ import annotations

from pathlib import Path

from bot.app import App
from bot.discord_bot.client import NardyBot, table_key, user_of
from bot.discord_bot.commands import CatalogueTranslator
from bot.discord_bot.components import PayloadButton, PayloadMenu, build_view, layout
from bot.settings import Settings

SYNC_RECORD = Path.home() / ".cache" / "nardy-bot"
"""Where the digest of the command set last synced is kept (synced again only when it changes)."""

__all__ = [
    "CatalogueTranslator",
    "NardyBot",
    "PayloadButton",
    "PayloadMenu",
    "build_view",
    "layout",
    "serve",
    "table_key",
    "user_of",
]


async def serve(app: App, settings: Settings) -> None:
    """Run the Discord bot until it is closed, serving the move clocks of Discord's tables."""
    token = settings.discord_token
    if token is None:
        raise ValueError("DISCORD_TOKEN is not set")
    bot = NardyBot(
        app,
        test_guild=settings.discord_test_guild,
        tick_seconds=10.0,
        shard_count=settings.discord_shard_count,
        shard_ids=settings.discord_shard_ids,
        sync_record=SYNC_RECORD,
    )
    async with bot:
        await bot.start(token.get_secret_value())
