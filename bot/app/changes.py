"""Who watches a table learns when it is written: a notice per write, in any process.

Every write of a table that lands (a move, a clock's event, the computer's turn, a game moved
to another chat …) is followed by a notice on the table's channel (:func:`channel`: named with
the table's hash tag, so a Redis Cluster keeps it on the table's own node) saying the table's
version after it (:func:`announce`).  The web board follows it (``App.changes``) to show each
state as soon as it is written.  A notice is only a hint: one lost (the store away for a moment)
costs a watcher nothing but a later refresh, so the write never waits on it nor fails for it.

The version announced is the table's (:attr:`~bot.app.table.Table.version`, the one its buttons
carry), not the store record's: a write that players do not see as a new version (a step at a
frugal table, answered by a toast) announces the same number again, yet the state changed.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncGenerator
from contextlib import aclosing

from bot.app.table import Table
from bot.store import Store, TableKey, Versioned

log = logging.getLogger("bot.app")

CHANNEL = "changes"
"""The name of a table's channel after its key (:func:`channel`)."""


def channel(key: TableKey) -> str:
    """The channel of ``key``'s notices: ``bg:{telegram:-100}:changes``."""
    return key.sibling(CHANNEL)


async def announce(store: Store, key: TableKey, record: Versioned) -> None:
    """Tell the watchers of ``key`` that ``record`` was written; never raises (a notice lost
    is logged and forgotten)."""
    try:
        version = Table.decode(record.payload).version
        await store.publish(channel(key), str(version))
    except Exception:
        log.warning("change not announced table=%s", key, exc_info=True)


async def versions(store: Store, key: TableKey) -> AsyncGenerator[int, None]:
    """The version ``key``'s table stands at once its notices are listened to (0: there is no
    table), then the version of each write as it is announced, for as long as the iteration goes
    on.  A write made between two reads of the table is never missed: the first version is read
    after the listening began.  Raises :class:`~bot.store.StoreUnavailable` when the store
    cannot be reached."""
    async with aclosing(store.subscribe(channel(key))) as messages:  # ended with this one
        async for message in messages:
            if not message:  # listened to from now on: where the table stands
                record = await store.load(key)
                yield Table.decode(record.payload).version if record is not None else 0
                continue
            try:
                version = int(message)
            except ValueError:
                log.warning("notice not understood table=%s message=%r", key, message[:40])
                continue
            yield version
