"""An in-process store with the same contract as the Redis one: the embedded default.

Each operation runs without awaiting in the middle, so on one event loop it is atomic; every
operation first yields to the loop once, so concurrent callers really interleave (and conflicts
really happen) as they would against a server.  Time comes from an injected clock.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncGenerator, Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from bot.store.base import (
    DEFAULT_MAX_ATTEMPTS,
    DEFAULT_SEEN_LIMIT,
    DEFAULT_SEEN_TTL,
    DEFAULT_TABLE_TTL,
    DEFAULT_USER_TTL,
    HISTORY_LIMIT,
    BaseStore,
    CasResult,
    Deadline,
    RecordKey,
    TableKey,
    UserKey,
    Versioned,
    check_message,
    match_key,
    shared_key,
    validate_update_id,
)
from bot.store.channels import Channels

SWEEP_EVERY: Final = 4096
"""Writes between two sweeps of expired entries."""


@dataclass(slots=True)
class _Entry:
    payload: bytes
    version: int
    expires: float | None


class MemoryStore(BaseStore):
    """Tables, user records, seen update ids and deadlines in dictionaries."""

    def __init__(
        self,
        *,
        clock: Callable[[], float] = time.time,
        table_ttl: float | None = DEFAULT_TABLE_TTL,
        user_ttl: float | None = DEFAULT_USER_TTL,
        seen_ttl: float = DEFAULT_SEEN_TTL,
        seen_limit: int = DEFAULT_SEEN_LIMIT,
        max_attempts: int = DEFAULT_MAX_ATTEMPTS,
    ) -> None:
        super().__init__(
            table_ttl=table_ttl,
            user_ttl=user_ttl,
            seen_ttl=seen_ttl,
            seen_limit=seen_limit,
            max_attempts=max_attempts,
        )
        self.clock = clock
        self._records: dict[str, _Entry] = {}
        self._seen: dict[str, dict[str, float]] = {}
        self._deadlines: dict[TableKey, float] = {}
        self._history: dict[UserKey, list[str]] = {}
        self._matches: dict[str, list[Any]] = {}  # match key: [record, histories listing it]
        self._boards: dict[str, dict[str, float]] = {}
        self._shared: dict[str, tuple[str, float | None]] = {}  # key: (value, expires)
        self._channels = Channels()
        self._writes = 0

    def _entry(self, key: RecordKey) -> _Entry | None:
        entry = self._records.get(key.key)
        if entry is not None and entry.expires is not None and entry.expires <= self.clock():
            del self._records[key.key]
            return None
        return entry

    def _seen_ids(self, key: RecordKey) -> dict[str, float]:
        now = self.clock()
        ids = self._seen.get(key.seen_key, {})
        for stale in [uid for uid, expires in ids.items() if expires <= now]:
            del ids[stale]
        return ids

    def _remember(self, key: RecordKey, update_id: str, ttl: float | None) -> bool:
        ids = self._seen_ids(key)
        if update_id in ids:
            return False
        while len(ids) >= self.seen_limit:
            del ids[min(ids, key=ids.__getitem__)]
        ids[update_id] = self.clock() + (ttl if ttl is not None else self.seen_ttl)
        self._seen[key.seen_key] = ids
        self._count_write()
        return True

    def _count_write(self) -> None:
        self._writes += 1
        if self._writes % SWEEP_EVERY == 0:
            self.sweep()

    def sweep(self) -> int:
        """Drop expired records and forgotten update ids; the number of entries dropped.

        Expiry is otherwise noticed when a key is read, so tables nobody reads again would stay
        in memory; this runs by itself every :data:`SWEEP_EVERY` writes.
        """
        now = self.clock()
        dropped = 0
        for name in [
            k for k, e in self._records.items() if e.expires is not None and e.expires <= now
        ]:
            del self._records[name]
            dropped += 1
        for name, ids in list(self._seen.items()):
            for stale in [uid for uid, expires in ids.items() if expires <= now]:
                del ids[stale]
                dropped += 1
            if not ids:
                del self._seen[name]
        return dropped

    async def _load(self, key: RecordKey, update_id: str | None) -> tuple[Versioned | None, bool]:
        await asyncio.sleep(0)
        entry = self._entry(key)
        record = Versioned(entry.payload, entry.version) if entry is not None else None
        seen = update_id is not None and update_id in self._seen_ids(key)
        return record, seen

    async def _renew(self, key: RecordKey, ttl: float) -> None:
        entry = self._entry(key)
        if entry is not None:
            entry.expires = self.clock() + ttl

    async def compare_and_set(
        self,
        key: RecordKey,
        expected_version: int,
        payload: bytes,
        *,
        ttl: float | None = None,
        update_id: str | None = None,
    ) -> CasResult:
        """See :meth:`BaseStore.compare_and_set`."""
        if not isinstance(payload, bytes):
            raise TypeError(f"payload must be bytes, not {type(payload).__name__}")
        if update_id is not None:
            validate_update_id(update_id)
        life = self.ttl_for(key, ttl)
        await asyncio.sleep(0)
        if update_id is not None and update_id in self._seen_ids(key):
            return CasResult.DUPLICATE
        entry = self._entry(key)
        version = entry.version if entry is not None else 0
        if version != expected_version:
            return CasResult.CONFLICT
        expires = self.clock() + life if life is not None else None
        self._records[key.key] = _Entry(payload, version + 1, expires)
        if update_id is not None:
            self._remember(key, update_id, None)
        else:
            self._count_write()
        return CasResult.APPLIED

    async def mark_update_seen(
        self, key: RecordKey, update_id: str, ttl: float | None = None
    ) -> bool:
        """See :meth:`BaseStore.mark_update_seen`."""
        validate_update_id(update_id)
        await asyncio.sleep(0)
        return self._remember(key, update_id, ttl)

    async def set_deadline(self, table: TableKey, when: float) -> None:
        """Set (or move) the moment ``table``'s clock runs out."""
        await asyncio.sleep(0)
        self._deadlines[table] = float(when)

    async def clear_deadline(self, table: TableKey, when: float | None = None) -> bool:
        """Forget ``table``'s deadline (only if it is still ``when``, when given)."""
        await asyncio.sleep(0)
        current = self._deadlines.get(table)
        if current is None or (when is not None and current != float(when)):
            return False
        del self._deadlines[table]
        return True

    async def due(self, now: float, limit: int = 100) -> list[Deadline]:
        """Deadlines at or before ``now``, earliest first, at most ``limit``."""
        await asyncio.sleep(0)
        items = sorted((when, table.tag) for table, when in self._deadlines.items() if when <= now)
        return [Deadline(TableKey.from_tag(tag), when) for when, tag in items[:limit]]

    async def publish(self, channel: str, message: str) -> None:
        """See :meth:`BaseStore.publish`: to the subscribers of this store, in this process."""
        check_message(message)
        await asyncio.sleep(0)
        self._channels.deliver(channel, message)

    def subscribe(self, channel: str) -> AsyncGenerator[str, None]:
        """See :meth:`BaseStore.subscribe`."""
        return self._channels.subscribe(channel)

    async def ping(self) -> bool:
        """Always reachable."""
        return True

    async def close(self) -> None:
        """Nothing to release."""

    async def _put_match(self, platform: str, match_id: str, payload: bytes, refs: int) -> bool:
        await asyncio.sleep(0)
        key = match_key(platform, match_id)
        if key in self._matches:
            return False
        self._matches[key] = [payload, refs]
        return True

    async def _list_match(self, user: UserKey, match_id: str, keep: int) -> list[str]:
        await asyncio.sleep(0)
        ids = self._history.setdefault(user, [])
        if match_id in ids:
            return []
        ids.insert(0, match_id)
        dropped = ids[keep:]
        del ids[keep:]
        return dropped

    async def _release_match(self, platform: str, match_id: str) -> None:
        await asyncio.sleep(0)
        key = match_key(platform, match_id)
        kept = self._matches.get(key)
        if kept is not None:
            kept[1] -= 1
            if kept[1] <= 0:
                del self._matches[key]

    async def history(self, user: UserKey, start: int = 0, count: int = HISTORY_LIMIT) -> list[str]:
        """See :meth:`BaseStore.history`."""
        await asyncio.sleep(0)
        if start < 0 or count < 1:
            return []
        return list(self._history.get(user, [])[start : start + count])

    async def history_entry(self, user: UserKey, match_id: str) -> bytes | None:
        """See :meth:`BaseStore.history_entry`."""
        await asyncio.sleep(0)
        kept = self._matches.get(match_key(user.platform, match_id))
        return kept[0] if kept is not None else None

    async def set_scores(self, board: str, scores: Mapping[str, float]) -> None:
        """See :meth:`BaseStore.set_scores`."""
        await asyncio.sleep(0)
        self._boards.setdefault(board, {}).update({m: float(v) for m, v in scores.items()})

    async def top_scores(self, board: str, count: int = 10) -> list[tuple[str, float]]:
        """See :meth:`BaseStore.top_scores`."""
        await asyncio.sleep(0)
        ranked = _ranked(self._boards.get(board, {}))
        return ranked[: max(0, count)]

    async def score_rank(self, board: str, member: str) -> tuple[int, float] | None:
        """See :meth:`BaseStore.score_rank`."""
        await asyncio.sleep(0)
        scores = self._boards.get(board, {})
        if member not in scores:
            return None
        ranked = _ranked(scores)
        return ranked.index((member, scores[member])) + 1, scores[member]

    async def shared_value(self, name: str) -> str | None:
        """See :meth:`BaseStore.shared_value`."""
        await asyncio.sleep(0)
        return self._shared_now(name)

    def _shared_now(self, name: str) -> str | None:
        key = shared_key(name)
        found = self._shared.get(key)
        if found is None:
            return None
        value, expires = found
        if expires is not None and expires <= self.clock():
            del self._shared[key]
            return None
        return value

    async def put_shared_value(
        self, name: str, value: str, *, only_new: bool = False, ttl: float | None = None
    ) -> bool:
        """See :meth:`BaseStore.put_shared_value`."""
        if ttl is not None and ttl <= 0:
            raise ValueError(f"ttl must be positive, got {ttl!r}")
        await asyncio.sleep(0)
        if only_new and self._shared_now(name) is not None:
            return False
        expires = None if ttl is None else self.clock() + ttl
        self._shared[shared_key(name)] = (value, expires)
        return True


def _ranked(scores: dict[str, float]) -> list[tuple[str, float]]:
    """Highest score first, equal scores in reverse order of member (as Redis' ZREVRANGE)."""
    return sorted(scores.items(), key=lambda item: (item[1], item[0]), reverse=True)
