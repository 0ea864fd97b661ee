"""The command menus registered with ``setMyCommands``: one per chat kind and language.

Private chats get the commands that make sense alone with the bot (a game with a friend starts
from an invitation); groups get every command.  Descriptions are the ``help-<command>`` messages
of each language; the English menu is also the default for languages the bot does not speak.
"""

from __future__ import annotations

from telegram import Bot as TelegramBot
from telegram import BotCommand, BotCommandScopeAllGroupChats, BotCommandScopeAllPrivateChats

from bot.app.command_parser import COMMANDS
from bot.i18n import LANGUAGES, t

PRIVATE_COMMANDS: tuple[str, ...] = (
    "new",
    "invite",
    "board",
    "hint",
    "analysis",
    "puzzle",
    "settings",
    "language",
    "stats",
    "import",
    "help",
    "rules",
)
"""The private-chat menu."""

GROUP_COMMANDS: tuple[str, ...] = COMMANDS
"""The group menu: every command."""

MAX_DESCRIPTION = 256
"""Telegram's limit for a command description."""


def menu(lang: str, names: tuple[str, ...]) -> list[BotCommand]:
    """The menu ``names`` with descriptions in ``lang``."""
    out = []
    for name in names:
        text = t(lang, f"help-{name}")
        if len(text) > MAX_DESCRIPTION:
            text = text[: MAX_DESCRIPTION - 1] + "…"
        out.append(BotCommand(name, text))
    return out


async def register_commands(bot: TelegramBot) -> int:
    """Set the menus for private chats and groups in every language; the number of calls made."""
    calls = 0
    scopes = (
        (BotCommandScopeAllPrivateChats(), PRIVATE_COMMANDS),
        (BotCommandScopeAllGroupChats(), GROUP_COMMANDS),
    )
    for scope, names in scopes:
        for lang in LANGUAGES:
            code = None if lang == "en" else lang  # English is the default menu
            await bot.set_my_commands(menu(lang, names), scope=scope, language_code=code)
            calls += 1
    return calls
