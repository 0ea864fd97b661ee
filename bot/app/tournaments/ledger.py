"""A tournament's record in the store, and a game's result written into it.

The record (:class:`~bot.app.tournaments.event.Tournament`, JSON) is written by
compare-and-set like a table, so a result, a join and the tick's pairing of the next round never
overwrite one another, and two processes never pair one round twice: the round is paired inside
the write that sees the last result (or inside the tick), and the loser of a race sees it
paired.  A result is recorded once (:func:`~bot.app.tournaments.event.record` ignores a game
that has one): the game's table keeps it pending until it is in, like its ratings.
"""

from __future__ import annotations

import json
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

from bot.app.pairing import Result
from bot.app.tournaments import event as rules
from bot.app.tournaments.event import Tournament
from bot.app.tournaments.keys import event_key
from bot.store import Store, StoreUnavailable, TableKey, UpdateResult, Versioned

log = logging.getLogger("bot.app.tournaments")

EVENT_TTL = 120 * 24 * 3600.0
"""Seconds a tournament's record is kept after its last change (its page and its games' list)."""


KEPT = 8
"""Tournaments this process read or wrote lately, kept decoded by their stored bytes: a large
event's record (a thousand players, hundreds of games) is read back at every result, and
the bytes it reads are, in the process that wrote them, the ones it has just written."""

_DECODED: OrderedDict[bytes, Tournament] = OrderedDict()


def _remember(payload: bytes, event: Tournament) -> None:
    _DECODED[payload] = event
    _DECODED.move_to_end(payload)
    while len(_DECODED) > KEPT:
        _DECODED.popitem(last=False)


def decode(record: Versioned | None) -> Tournament | None:
    """The tournament in a stored record (``None``: none, or one that cannot be read)."""
    if record is None:
        return None
    found = _DECODED.get(record.payload)
    if found is not None:
        _DECODED.move_to_end(record.payload)
        return found
    try:
        event = Tournament.from_dict(json.loads(record.payload))
    except (ValueError, KeyError, TypeError):
        log.exception("tournament record unreadable")
        return None
    _remember(record.payload, event)
    return event


def encode(event: Tournament) -> bytes:
    """The stored bytes of ``event`` (remembered decoded, see :data:`KEPT`)."""
    payload = json.dumps(event.to_dict(), separators=(",", ":"), ensure_ascii=False).encode()
    _remember(payload, event)
    return payload


async def load(store: Store, platform: str, event_id: str) -> Tournament | None:
    return decode(await store.load(event_key(platform, event_id)))


async def change(
    store: Store,
    platform: str,
    event_id: str,
    decide: Callable[[Tournament], Awaitable[Tournament | None]],
    *,
    update_id: str | None = None,
) -> tuple[UpdateResult, Tournament | None]:
    """Load, ``decide``, compare-and-set (again on a lost race): the store's answer and the
    tournament as written (``None``: nothing written)."""
    written: list[Tournament] = []

    async def fn(current: Versioned | None) -> bytes | None:
        written.clear()
        event = decode(current)
        if event is None:
            return None
        new = await decide(event)
        if new is None or new == event:
            return None
        written.append(new)
        return encode(new)

    result = await store.update(
        event_key(platform, event_id), fn, update_id=update_id, ttl=EVENT_TTL
    )
    return result, (written[0] if written and result.applied else None)


def result_data(
    event_id: str, round_: int, board: int, result: Result, match_id: str | None
) -> list[Any]:
    """A game's result as the game's table keeps it pending (JSON)."""
    return [event_id, round_, board, result.to_dict(), match_id]


async def record_result(store: Store, table: TableKey, data: list[Any], now: float) -> None:
    """Write a game's pending result (:func:`result_data`) into its tournament, once; the
    tournament is then due at once (its tick posts the standings, pairs what is due).  Raises
    :class:`~bot.store.StoreUnavailable` (the result stays pending: retried)."""
    event_id, round_, board, result, match_id = data
    outcome = Result.from_dict(result)
    round_, board = int(round_), int(board)

    async def decide(event: Tournament) -> Tournament:
        recorded = rules.record(event, round_, board, outcome, now)
        return rules.with_match_id(recorded, round_, board, match_id)

    await change(store, table.platform, str(event_id), decide)
    try:
        await store.set_deadline(event_key(table.platform, str(event_id)), now)
    except StoreUnavailable:
        log.warning("tournament %s not woken: its next tick comes later", event_id)
