"""Typed input: commands (``/move 24/18 13/11``, ``move …``, ``/roll@NardyBot``) and bare notation.

:func:`parse_command` turns one chat line into a :class:`Command` (a known name and its argument
words) or raises :class:`UnknownCommand`; it never looks at a table.  Whether a line that is not a
command is a play in notation is the app's decision (it depends on whose turn it is).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MAX_TEXT = 500
"""Longer lines are refused before any parsing."""

COMMANDS: tuple[str, ...] = (
    "new",
    "position",
    "join",
    "invite",
    "leave",
    "abort",
    "start",
    "roll",
    "double",
    "take",
    "pass",
    "beaver",
    "move",
    "undo",
    "confirm",
    "resign",
    "accept",
    "decline",
    "board",
    "score",
    "pips",
    "hint",
    "analysis",
    "help",
    "rules",
    "export",
    "import",
    "settings",
    "propose",
    "stats",
    "clock",
    "claim",
    "seed",
    "dice",
    "rating",
    "top",
    "puzzle",
    "history",
    "tournament",
    "language",
)
"""Every command, in the order ``help`` lists them."""

ALIASES: dict[str, str] = {
    "start_game": "start",
    "drop": "pass",
    "ok": "confirm",
    "done": "confirm",
    "m": "move",
    "r": "roll",
    "b": "board",
    "id": "export",
    "dicestats": "dice",
    "dicetest": "dice",
    "ratings": "rating",
    "leaderboard": "top",
    "puzzles": "puzzle",
    "analyse": "analysis",
    "analyze": "analysis",
}
"""Other words accepted for a command."""

_COMMAND_RE = re.compile(r"/?([A-Za-z_]{1,32})(?:@[A-Za-z0-9_]{1,64})?\Z")


class TooLong(ValueError):
    """The line is longer than :data:`MAX_TEXT` characters."""


class UnknownCommand(ValueError):
    """A ``/word`` line whose command the bot does not know; ``word`` is what was typed."""

    def __init__(self, word: str) -> None:
        super().__init__(f"unknown command {word!r}")
        self.word = word


@dataclass(frozen=True)
class Command:
    """A known command ``name`` with its argument words."""

    name: str
    args: tuple[str, ...] = ()


def parse_command(text: str) -> Command | None:
    """The command a line names, or ``None`` when the line is not a command at all.

    A line is a command when its first word is ``/word`` (Telegram's ``/word@BotName`` too) or a
    bare command word; an unknown ``/word`` raises :class:`UnknownCommand`.

    >>> parse_command("/move@NardyBot 24/18 13/11")
    Command(name='move', args=('24/18', '13/11'))
    >>> parse_command("roll")
    Command(name='roll', args=())
    >>> parse_command("24/18 13/11") is None
    True
    """
    if len(text) > MAX_TEXT:
        raise TooLong(f"{len(text)} characters")
    words = text.split()
    if not words:
        return None
    head = words[0]
    match = _COMMAND_RE.match(head)
    slash = head.startswith("/")
    if match is None:
        if slash:
            raise UnknownCommand(head[:32])
        return None
    word = match.group(1).lower()
    name = ALIASES.get(word, word)
    if name not in COMMANDS:
        if slash:
            raise UnknownCommand(word)
        return None
    return Command(name, tuple(words[1:]))
