"""Slash commands: one per app command, named and described in the chat's languages.

Each slash command turns into the same text line a Telegram or console user would type
(``/move 24/18 13/11``), so the app parses it exactly once for every platform.  Names and
descriptions come from the i18n catalogues through :class:`CatalogueTranslator`: Discord shows
Russian and Ukrainian clients their own names (``/ход``, ``/хід``); Discord has no Belarusian
locale, so Belarusian players see the English names (the bot still answers them in Belarusian
once they choose it with ``/language be``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands

from bot.app.command_parser import COMMANDS
from bot.i18n import LANGUAGES, t, t_attr

RunCommand = Callable[[discord.Interaction[Any], str], Awaitable[None]]
"""What a slash command calls: ``(interaction, command line)``."""

Complete = Callable[[discord.Interaction[Any], str, str], Awaitable[list[app_commands.Choice[str]]]]
"""What autocomplete calls: ``(interaction, command name, text typed so far)``."""

ImportFile = Callable[[discord.Interaction[Any], discord.Attachment], Awaitable[None]]
"""What ``/import file:`` calls: ``(interaction, the attached file)``."""

DISCORD_LANGUAGES: dict[discord.Locale, str] = {
    discord.Locale.russian: "ru",
    discord.Locale.ukrainian: "uk",
}
"""Discord client locales with a catalogue of their own (English is the default names)."""

MAX_NAME = 32
"""Characters in a command or option name."""

MAX_DESCRIPTION = 100
"""Characters in a command or option description, and in a choice name."""


@dataclass(frozen=True)
class Option:
    """The one option a slash command takes: its name, fixed choices, autocomplete."""

    name: str
    required: bool = False
    choices: tuple[str, ...] = ()
    autocomplete: bool = False
    attachment: bool = False
    user: bool = False
    """A user picked from Discord's member list (the line gets the user's mention)."""


OPTIONS: dict[str, Option] = {
    "new": Option("game", autocomplete=True),
    "position": Option("id", required=True),
    "import": Option("file", required=True, attachment=True),
    "invite": Option("player", required=True, user=True),
    "move": Option("play", required=True, autocomplete=True),
    "resign": Option("kind", choices=("single", "gammon", "backgammon")),
    "help": Option("command", autocomplete=True),
    "rules": Option("topic", autocomplete=True),
    "settings": Option("setting", autocomplete=True),
    "clock": Option("time", required=True, autocomplete=True),
    "claim": Option("what", choices=("game", "match")),
    "seed": Option("text"),
    "dice": Option("player"),
    "rating": Option("player"),
    "top": Option("where"),
    "puzzle": Option("answer"),
    "history": Option("which"),
    "tournament": Option("what"),
    "language": Option("language", required=True, choices=LANGUAGES),
}
"""Commands that take words after the name; the others take none."""

CHOICE_MESSAGES: dict[str, str] = {
    "single": "button-resign-single",
    "gammon": "button-resign-gammon",
    "backgammon": "button-resign-backgammon",
    "game": "button-claim-game",
    "match": "button-claim-match",
    **{lang: f"language-{lang}" for lang in LANGUAGES},
}
"""The catalogue message naming each fixed choice."""


def text(key: str, attr: str | None = None, lang: str = "en", limit: int = MAX_DESCRIPTION) -> str:
    """A catalogue text cut to Discord's ``limit``."""
    value = t_attr(lang, key, attr) if attr else t(lang, key)
    return value if len(value) <= limit else value[: limit - 1] + "…"


def localised(
    key: str, attr: str | None = None, limit: int = MAX_DESCRIPTION
) -> app_commands.locale_str:
    """A string Discord shows in English by default and :class:`CatalogueTranslator` localises."""
    return app_commands.locale_str(text(key, attr, limit=limit), key=key, attr=attr, limit=limit)


class CatalogueTranslator(app_commands.Translator):
    """Command names, descriptions and choices from the i18n catalogues (Russian, Ukrainian)."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        """The text for ``locale``, or ``None`` to keep the English default."""
        lang = DISCORD_LANGUAGES.get(locale)
        key = string.extras.get("key")
        if lang is None or key is None:
            return None
        limit = int(string.extras.get("limit") or MAX_DESCRIPTION)
        return text(str(key), string.extras.get("attr"), lang, limit)


def discord_syntax(lang: str, command: str, argument: str) -> str:
    """A command as a Discord user picks it, in the names his client shows for ``lang``
    (Russian and Ukrainian ones; English for the others): ``/claim what:match``, ``/ход
    ход:24/18 13/11`` (a :data:`bot.app.syntax.CommandSyntax`)."""
    shown = lang if lang in DISCORD_LANGUAGES.values() else "en"
    name = text(f"discord-command-{command}", lang=shown, limit=MAX_NAME)
    option = OPTIONS.get(command)
    if not argument or option is None:
        return f"/{name}"
    param = text(f"discord-param-{option.name}", lang=shown, limit=MAX_NAME)
    return f"/{name} {param}:{argument}"


def _choices(option: Option) -> list[app_commands.Choice[str]]:
    return [
        app_commands.Choice(name=localised(CHOICE_MESSAGES[value]), value=value)
        for value in option.choices
    ]


def build_command(
    name: str, run: RunCommand, complete: Complete, attach: ImportFile | None = None
) -> app_commands.Command[Any, Any, Any]:
    """The slash command for app command ``name``; it calls ``run`` with the typed line (or
    ``attach`` with the file of an attachment option)."""
    option = OPTIONS.get(name)
    callback: Callable[..., Awaitable[None]]
    if option is not None and option.attachment:
        if attach is None:
            raise ValueError(f"/{name} takes a file: give the function that reads it")
        handler = attach

        async def attached(
            interaction: discord.Interaction[Any], value: discord.Attachment
        ) -> None:
            await handler(interaction, value)

        callback = app_commands.rename(
            value=localised(f"discord-param-{option.name}", limit=MAX_NAME)
        )(attached)
        callback = app_commands.describe(value=localised(f"help-{name}", "usage"))(callback)
    elif option is None:

        async def plain(interaction: discord.Interaction[Any]) -> None:
            await run(interaction, f"/{name}")

        callback = plain
    else:
        if option.user:

            async def pick_user(
                interaction: discord.Interaction[Any], value: discord.User | discord.Member
            ) -> None:
                await run(interaction, f"/{name} <@{value.id}>")

            callback = pick_user
        elif option.required:

            async def required(interaction: discord.Interaction[Any], value: str) -> None:
                await run(interaction, f"/{name} {value}")

            callback = required
        else:

            async def optional(
                interaction: discord.Interaction[Any], value: str | None = None
            ) -> None:
                await run(interaction, f"/{name} {value}" if value else f"/{name}")

            callback = optional
        callback = app_commands.rename(
            value=localised(f"discord-param-{option.name}", limit=MAX_NAME)
        )(callback)
        callback = app_commands.describe(value=localised(f"help-{name}", "usage"))(callback)
        if option.choices:
            callback = app_commands.choices(value=_choices(option))(callback)
        if option.autocomplete:

            async def autocomplete(
                interaction: discord.Interaction[Any], current: str
            ) -> list[app_commands.Choice[str]]:
                return await complete(interaction, name, current)

            callback = app_commands.autocomplete(value=autocomplete)(callback)
    return app_commands.Command(
        name=localised(f"discord-command-{name}", limit=MAX_NAME),
        description=localised(f"help-{name}"),
        callback=callback,
    )


ENTRY_POINT = "launch"
"""The name of the Activity's Entry Point command (Discord's own default one's)."""


def entry_point() -> dict[str, Any]:
    """The application's Entry Point command (type 4, ``PRIMARY_ENTRY_POINT``) as the global
    upload lists it, where the web board is the application's Activity: the App Launcher opens
    the Activity with it, Discord launching it by itself (handler 2, ``DISCORD_LAUNCH_ACTIVITY``).
    A global upload replaces every command of the application, Discord's default Entry Point
    too, so it goes with the slash commands."""
    return {
        "type": 4,
        "name": ENTRY_POINT,
        "description": text("discord-launch-description"),
        "description_localizations": {
            locale.value: text("discord-launch-description", lang=lang)
            for locale, lang in DISCORD_LANGUAGES.items()
        },
        "handler": 2,
        "integration_types": [0, 1],
        "contexts": [0, 1, 2],
    }


def add_commands(
    tree: app_commands.CommandTree[Any],
    run: RunCommand,
    complete: Complete,
    attach: ImportFile | None = None,
) -> None:
    """Add every app command to ``tree`` as a global slash command."""
    for name in COMMANDS:
        tree.add_command(build_command(name, run, complete, attach))
