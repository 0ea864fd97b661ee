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
import logging
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial

from bot.app.display import score_text
from bot.app.table import Table
from bot.app.writer import TableWriter
from bot.i18n import negotiate, t
from bot.store import (
    ConflictError,
    SiblingKey,
    StoreUnavailable,
    TableKey,
    UpdateStatus,
    Versioned,
)
from engine.game import format_points

log = logging.getLogger("bot.app")

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
    return table.place.origin or key.chat


def moved(table: Table, src: TableKey) -> Table:
    """The table as it is written under its new chat (no board posted there yet)."""
    return table.evolve(place=replace(table.place, origin=home_of(table, src), board_message=None))


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


@dataclass(frozen=True)
class EndedAway:
    """A game that ended in a chat of its own (``App.finish_away``): the chat it began in, the
    table's language and how the game ended in it (:func:`outcome_text`, "" when there is
    nothing to tell); ``announce``: whether that chat is told (a tournament game's result is
    shown in its event's standings instead: its chat of its own is only closed)."""

    origin: str
    lang: str
    outcome: str
    announce: bool = True


def outcome_text(table: Table, lang: str) -> str:
    """The final score of a two-player table, and who won the match ("" when there is none to
    tell: a chouette, a table that never played)."""
    match = table.match
    if match is None or len(table.seats) != 2:
        return ""
    tr = partial(t, lang)
    names = [seat.name for seat in table.seats]
    text = score_text(tr, table, match, names)
    if match.is_over and match.winner is not None and table.forfeit is None:
        w = match.winner
        score = table.session_score(match)
        text += "\n" + tr(
            "match-won",
            player=names[w],
            score=format_points(score[w]),
            opponent_score=format_points(score[1 - w]),
        )
    return text


class Places:
    """Moves games between chats through ``writer`` (see the module's docstring); ``on_moved``
    is told of each move (the computer's turn due at the old key follows the game)."""

    def __init__(self, writer: TableWriter, on_moved: Callable[[TableKey, TableKey], None]) -> None:
        self.writer = writer
        self.on_moved = on_moved

    async def move_table(self, src: TableKey, dst: TableKey) -> Table | None:
        """See ``App.move_table``."""
        store = self.writer.store
        record = await store.load(src)
        if record is None:
            return None
        table = Table.decode(record.payload)
        if table.stage != "play":
            return None
        before = record.payload
        arrived = moved(table, src)

        def write(current: Versioned | None) -> bytes | None:
            if current is not None and Table.decode(current.payload).stage != "over":
                return None
            return arrived.encode()

        update_id = f"move:{src.tag}:{table.version}"
        result = await store.update(dst, write, update_id=update_id)
        self.writer.forget(dst)
        if result.status is UpdateStatus.UNCHANGED:
            return None

        def leave(current: Versioned | None) -> bytes | None:
            if current is None or current.payload != before:
                return None
            return closed(table).encode()

        left = await store.update(src, leave, update_id=update_id)
        self.writer.forget(src)
        if left.status is UpdateStatus.UNCHANGED:
            undone = closed(arrived)
            await store.update(dst, lambda c: undone.encode() if c else None)
            return None
        due = self.writer.deadline_of(arrived)
        if due is not None:
            await store.set_deadline(dst, due)
        await store.clear_deadline(src)
        self.on_moved(src, dst)
        home = TableKey(src.platform, home_of(table, src))
        arriving = None if dst == home else Away(dst.chat, players(arrived))
        leaving = None if src == home else src.chat
        try:
            await store.update(away_key(home), change_away(leaving, arriving))
        except (StoreUnavailable, ConflictError):
            log.warning("games away not recorded table=%s", home)  # a convenience only
        return arrived

    async def keep_table(self, key: TableKey) -> Table | None:
        """See ``App.keep_table``."""
        kept: list[Table] = []

        def fn(current: Versioned | None) -> bytes | None:
            table = Table.decode(current.payload) if current is not None else None
            if table is None or table.stage != "play" or table.place.origin is not None:
                return None
            kept[:] = [table.evolve(place=replace(table.place, origin=key.chat))]
            return kept[0].encode()

        result = await self.writer.write(key, fn)
        return kept[0] if kept and result.status is UpdateStatus.APPLIED else None

    async def finish_away(self, key: TableKey) -> EndedAway | None:
        """See ``App.finish_away``."""
        done: list[Table] = []

        def fn(current: Versioned | None) -> bytes | None:
            table = Table.decode(current.payload) if current is not None else None
            if table is None or table.stage != "over" or table.place.origin in (None, key.chat):
                return None
            done[:] = [table]
            return table.evolve(place=replace(table.place, origin=None)).encode()

        result = await self.writer.write(key, fn)
        if not done or result.status is not UpdateStatus.APPLIED:
            return None
        event = done[0].event
        if event is not None:  # a tournament's: its standings tell, its own chat is closed
            home = TableKey.from_tag(event.home)
            return EndedAway(home.chat, negotiate(done[0].lang or ""), "", announce=False)
        origin = done[0].place.origin
        assert origin is not None
        home = TableKey(key.platform, origin)
        try:
            await self.writer.store.update(away_key(home), change_away(key.chat, None))
        except (StoreUnavailable, ConflictError):
            log.warning("games away not updated table=%s", home)
        lang = negotiate(done[0].lang or "")
        return EndedAway(origin, lang, outcome_text(done[0], lang))

    async def games_away(self, home: TableKey) -> list[Away]:
        """See ``App.games_away``."""
        return decode_away(await self.writer.store.load(away_key(home)))
