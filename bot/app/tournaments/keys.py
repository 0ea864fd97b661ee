"""Where a tournament and its games are stored.

A tournament is a record of its own, under the key ``T<id>`` of its platform (no chat of any
platform has such a name: Telegram's and Discord's are numbers, the console's ``local``); the
chat it runs in (its *home*) keeps a pointer to it (:data:`CURRENT`).  Each game is a table
under ``T<id>`` with the topic ``<round>.<board>``: where the platform gives a game a chat of
its own (a Discord thread, a Telegram forum topic) it moves there when it is placed, else it is
played where it is stored (in the players' private chats, at the console).
"""

from __future__ import annotations

import re

from bot.store import SiblingKey, TableKey

PREFIX = "T"
"""The first letter of an event's and its games' chat part."""

CURRENT = "tournament"
"""The name of the record, beside a chat's table, naming the chat's current tournament."""

_ID = re.compile(r"[0-9a-f]{8}")


def valid_id(event: str) -> bool:
    """Whether ``event`` is written as a tournament's id (eight hex digits)."""
    return bool(_ID.fullmatch(event))


def event_key(platform: str, event: str) -> TableKey:
    """The key of tournament ``event``'s record (also its entry in the clock's due index)."""
    return TableKey(platform, PREFIX + event)


def game_key(platform: str, event: str, round_: int, board: int) -> TableKey:
    """The key a game of tournament ``event`` is stored under until it is placed."""
    return TableKey(platform, PREFIX + event, f"{round_}.{board}")


def current_key(home: TableKey) -> SiblingKey:
    """The key of chat ``home``'s pointer to its current tournament."""
    return SiblingKey(home, CURRENT)


def is_event(key: TableKey) -> bool:
    """Whether ``key`` is a tournament's record."""
    return key.topic is None and key.chat.startswith(PREFIX)


def is_event_game(key: TableKey) -> bool:
    """Whether ``key`` is a tournament game's own key (the game is played where it is stored
    unless the platform gave it a chat of its own)."""
    return key.topic is not None and key.chat.startswith(PREFIX)


def event_of(key: TableKey) -> str:
    """The tournament id in an event's or an event game's key."""
    return key.chat[len(PREFIX) :]
