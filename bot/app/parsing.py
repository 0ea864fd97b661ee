"""What an update asks for: its action, the action's arguments and the table version its button
was drawn for, read from a pressed button's payload, a typed command or a play in notation."""

from __future__ import annotations

import re
from typing import Any

from bot.app.command_parser import Command, TooLong, UnknownCommand, parse_command
from bot.app.context import Refused, usage
from bot.app.payload import InvalidPayload, parse_payload
from bot.app.preferences import SETTING_ALIASES
from bot.app.types import Update

NOTATION_RE = re.compile(r"^(?:bar|off|[0-9]|[\s/\-*()(),.])+$", re.IGNORECASE)
"""A line that may be a play in notation (``13/7 8/7``, ``bar/22*``)."""

Parsed = tuple[str, tuple[Any, ...], int | None]
"""An update's action, its arguments, and the table version its button was drawn for."""


def parse_update(update: Update) -> Parsed:
    """The action ``update`` asks for (``notation``: a bare play typed; ``ignore``: chatter in a
    group); raises :class:`Refused` for a payload or command that cannot be read."""
    if update.button is not None:
        try:
            payload = parse_payload(update.button)
        except InvalidPayload:
            raise Refused("error-bad-payload") from None
        if payload.action == "setting" and payload.args and payload.args[0] == "language":
            return "language", payload.args[1:], None
        return payload.action, payload.args, payload.version
    text = (update.text or "").strip()
    try:
        command = parse_command(text)
    except TooLong:
        raise Refused("error-too-long") from None
    except UnknownCommand as exc:
        raise Refused("error-unknown-command", command="/" + exc.word.lstrip("/")) from None
    if command is None:
        if text and NOTATION_RE.match(text) and any(c.isdigit() for c in text):
            return "notation", (text,), None
        if update.private and text:
            raise Refused("app-not-understood")
        return "ignore", (), None
    return command_action(command)


def command_action(command: Command) -> Parsed:
    """The action a typed command asks for (a few commands name another action, or say their
    arguments otherwise)."""
    name, args = command.name, command.args
    if name == "move":
        if not args:
            raise usage("move")
        return "move", (" ".join(args),), None
    if name == "settings" and args:
        key = SETTING_ALIASES.get(args[0].lower(), args[0].lower())
        if key in ("puzzle", "puzzles"):
            return "daily_setting", args[1:], None
        if key == "language":
            return "language", tuple(a.lower() for a in args[1:2]), None
        if len(args) != 2:
            raise usage("settings")
        return "setting", (key, args[1].lower()), None
    if name == "language":
        return "language", tuple(a.lower() for a in args[:1]), None
    if name == "position" and not args:
        return "export", (), None  # the position's own IDs
    return name, args, None
