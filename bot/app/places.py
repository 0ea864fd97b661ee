"""Where a table's game is played: moved to a chat of its own when it begins (a Discord thread,
named after the players), or kept where it began; back home when its own chat is gone.

A table's record lives under its chat's key, so a game moved to a thread is simply a table
under the thread's key: every later update from the thread finds it there, whichever process
serves it and after any restart.  The move writes the game under the new key (its ``origin``
naming the chat it came from), then closes the table it left (its settings kept, so the next
``new`` there opens a fresh lobby at once), then moves the clock's due entry.  The chat a game
left keeps a small list of its games away (:data:`AWAY`, beside its table, with their players),
so a player who asks there is told where his game is, or gets it back when its thread is gone.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from bot.app.table import Table
from bot.store import SiblingKey, TableKey, Versioned

AWAY = "away"
"""The name of the record, beside a chat's table, of the games it sent to chats of their own."""

MAX_AWAY = 50
"""Most games away one chat keeps track of (the oldest are forgotten first)."""


@dataclass(frozen=True)
class Away:
    """A game that began in a chat and plays in a chat of its own: that chat and its players
    (user references)."""

    chat: str
    players: tuple[str, ...]


def away_key(home: TableKey) -> SiblingKey:
    """The key of the list of ``home``'s games away (in ``home``'s hash slot)."""
    return SiblingKey(home, AWAY)


def decode_away(record: Versioned | None) -> list[Away]:
    """The games away in a stored list (none for no record)."""
    if record is None:
        return []
    data = json.loads(record.payload)
    return [Away(str(chat), tuple(str(p) for p in players)) for chat, players in data]


def encode_away(games: list[Away]) -> bytes:
    """The stored bytes of a list of games away (the newest :data:`MAX_AWAY`)."""
    kept = games[-MAX_AWAY:]
    return json.dumps([[g.chat, list(g.players)] for g in kept], separators=(",", ":")).encode()


def change_away(
    leaving: str | None, arriving: Away | None
) -> Callable[[Versioned | None], bytes | None]:
    """An updater of a list of games away: ``leaving`` taken off, ``arriving`` put on."""

    def fn(current: Versioned | None) -> bytes | None:
        games = decode_away(current)
        drop = {leaving, arriving.chat if arriving is not None else None}
        kept = [g for g in games if g.chat not in drop]
        if arriving is not None:
            kept.append(arriving)
        return None if kept == games else encode_away(kept)

    return fn


def home_of(table: Table, key: TableKey) -> str:
    """The chat a table's game began in."""
    return table.origin or key.chat


def moved(table: Table, src: TableKey) -> Table:
    """The table as it is written under its new chat (no board posted there yet)."""
    return table.evolve(origin=home_of(table, src), board_message=None)


def closed(table: Table) -> Table:
    """What stays behind in the chat a game left: a closed table with the chat's settings."""
    return Table(
        mode=table.mode,
        variant=table.variant,
        creator=table.creator,
        stage="over",
        settings=table.settings,
        version=table.version + 1,
        games=table.games,
    )


def players(table: Table) -> tuple[str, ...]:
    """The user references of the table's players."""
    return tuple(seat.user for seat in table.seats)
