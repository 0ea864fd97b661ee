"""Where tables and per-user records live: Redis (standalone or cluster) or process memory."""

from bot.store.base import (
    DEADLINE_SHARDS,
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
    SiblingKey,
    Store,
    StoreCounters,
    TableKey,
    Updater,
    UpdateResult,
    UpdateStatus,
    UserKey,
    Versioned,
    deadline_shard_key,
    deadline_shard_name,
    history_key,
    leaderboard_key,
    match_key,
    shared_key,
    validate_update_id,
)
from bot.store.codec import JsonCodec
from bot.store.failures import (
    ConflictError,
    CorruptRecord,
    InvalidKey,
    StoreError,
    StoreUnavailable,
    Unreachable,
    WriteUnconfirmed,
)
from bot.store.memory import MemoryStore
from bot.store.redis import RedisStore


def store_from_url(url: str | None, *, cluster: bool = False, **options: object) -> BaseStore:
    """A :class:`RedisStore` for ``url``, or a :class:`MemoryStore` when there is no URL."""
    if url:
        return RedisStore.from_url(url, cluster=cluster, **options)
    return MemoryStore(**options)  # type: ignore[arg-type]


__all__ = [
    "DEADLINE_SHARDS",
    "DEFAULT_MAX_ATTEMPTS",
    "DEFAULT_SEEN_LIMIT",
    "DEFAULT_SEEN_TTL",
    "DEFAULT_TABLE_TTL",
    "DEFAULT_USER_TTL",
    "HISTORY_LIMIT",
    "BaseStore",
    "CasResult",
    "ConflictError",
    "CorruptRecord",
    "Deadline",
    "InvalidKey",
    "JsonCodec",
    "MemoryStore",
    "RecordKey",
    "RedisStore",
    "SiblingKey",
    "Store",
    "StoreCounters",
    "StoreError",
    "StoreUnavailable",
    "TableKey",
    "Unreachable",
    "UpdateResult",
    "UpdateStatus",
    "Updater",
    "UserKey",
    "Versioned",
    "WriteUnconfirmed",
    "deadline_shard_key",
    "deadline_shard_name",
    "history_key",
    "leaderboard_key",
    "match_key",
    "shared_key",
    "store_from_url",
    "validate_update_id",
]
