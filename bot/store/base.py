"""The store contract: keys, versioned records, compare-and-set, idempotency and deadlines.

A *table* is one chat (plus a forum topic where the platform has them); its state is one record
holding an opaque payload and a version number that grows by one with every write.  Writers use
optimistic concurrency: load, decide, :meth:`Store.compare_and_set` on the version they loaded,
retry on conflict (:meth:`BaseStore.update` does the loop).  Every incoming platform update carries
an id; writing the table and remembering the id happen in one atomic step, so an update is never
applied twice and never half-applied.

Every storage key of a table shares the Redis Cluster hash tag ``{platform:chat[:topic]}``, so a
table's record and its seen-ids live in one hash slot and can be changed together atomically.
"""

from __future__ import annotations

import asyncio
import enum
import inspect
import random
import re
import zlib
from abc import ABC, abstractmethod
from collections.abc import AsyncGenerator, Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Protocol, runtime_checkable

from bot.store.failures import (
    ConflictError,
    InvalidKey,
    StoreUnavailable,
    Unreachable,
    WriteUnconfirmed,
)

PREFIX: Final = "bg"
"""The first segment of every storage key the bot owns."""

DEADLINE_SHARDS: Final = 16
"""Number of sorted sets the deadlines are spread over (each its own hash slot in a cluster)."""

DEFAULT_TABLE_TTL: Final = 30 * 24 * 3600.0
"""Seconds an untouched table is kept before it expires as abandoned."""

DEFAULT_USER_TTL: Final = 400 * 24 * 3600.0
"""Seconds a user's records (settings, statistics, standing, history) are kept after their last
use: every write renews it, and so does reading the user's record."""

DEFAULT_SEEN_TTL: Final = 26 * 3600.0
"""Seconds an applied update id is remembered for duplicate detection.

Telegram delivers an update again for up to 24 hours while its webhook does not answer; two
hours more cover clocks that disagree.  Only updates that wrote are remembered (a read or a
refusal repeated is harmless), so reads never push a write's id out."""

DEFAULT_SEEN_LIMIT: Final = 128
"""Most applied update ids remembered per record within :data:`DEFAULT_SEEN_TTL`.

A bound on memory only: 128 writes to one table stand far beyond the updates a platform has in
flight at once (Telegram opens at most 100 webhook connections), and they are writes, never
reads.  128 entries is also the largest set Redis keeps in its compact encoding (about 1.9 KB
with Telegram update ids, 2.6 KB with Discord's; one more entry and it takes 15 KB)."""

DEFAULT_MAX_ATTEMPTS: Final = 64
"""Compare-and-set attempts :meth:`BaseStore.update` makes before raising :class:`ConflictError`."""

_PLATFORM_RE: Final = re.compile(r"[a-z][a-z0-9_]*")
_PART_RE: Final = re.compile(r"[A-Za-z0-9_.@-]+")
_TABLE_KEY_RE: Final = re.compile(r"bg:\{([^{}]+)\}")
_USER_KEY_RE: Final = re.compile(r"bg:user:\{([^{}]+)\}")
_SIBLING_RE: Final = re.compile(r"[A-Za-z0-9_.:-]{1,120}")


def _platform(value: str) -> str:
    if not isinstance(value, str) or not _PLATFORM_RE.fullmatch(value):
        raise InvalidKey(f"invalid platform name {value!r}: expected [a-z][a-z0-9_]*")
    return value


def _part(what: str, value: str | int) -> str:
    text = str(value) if isinstance(value, int) and not isinstance(value, bool) else value
    if not isinstance(text, str) or not _PART_RE.fullmatch(text):
        raise InvalidKey(f"invalid {what} {value!r}: expected [A-Za-z0-9_.@-]+")
    return text


@dataclass(frozen=True, slots=True)
class TableKey:
    """One table: a chat on a platform, and the forum topic inside it where there is one.

    >>> key = TableKey("telegram", "-1001", "45")
    >>> key.key, key.seen_key
    ('bg:{telegram:-1001:45}', 'bg:{telegram:-1001:45}:seen')
    >>> TableKey.from_key(key.key) == key
    True
    """

    platform: str
    chat: str
    topic: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "platform", _platform(self.platform))
        object.__setattr__(self, "chat", _part("chat id", self.chat))
        if self.topic is not None:
            object.__setattr__(self, "topic", _part("topic id", self.topic))

    @property
    def tag(self) -> str:
        """The hash-tag body ``platform:chat[:topic]``; also the table's name in logs."""
        if self.topic is None:
            return f"{self.platform}:{self.chat}"
        return f"{self.platform}:{self.chat}:{self.topic}"

    @property
    def key(self) -> str:
        """The storage key of the table record."""
        return f"{PREFIX}:{{{self.tag}}}"

    @property
    def seen_key(self) -> str:
        """The storage key of the table's remembered update ids (same hash slot as the record)."""
        return self.sibling("seen")

    def sibling(self, name: str) -> str:
        """A further storage key belonging to this table, in the same hash slot."""
        return f"{self.key}:{name}"

    @classmethod
    def from_tag(cls, tag: str) -> TableKey:
        """Parse ``platform:chat[:topic]`` as produced by :attr:`tag`."""
        parts = tag.split(":")
        if len(parts) == 2:
            return cls(parts[0], parts[1])
        if len(parts) == 3:
            return cls(parts[0], parts[1], parts[2])
        raise InvalidKey(f"invalid table tag {tag!r}: expected platform:chat[:topic]")

    @classmethod
    def from_key(cls, key: str) -> TableKey:
        """Parse a storage key produced by :attr:`key`."""
        match = _TABLE_KEY_RE.fullmatch(key)
        if match is None:
            raise InvalidKey(f"invalid table key {key!r}: expected bg:{{platform:chat[:topic]}}")
        return cls.from_tag(match.group(1))

    def __str__(self) -> str:
        return self.tag


@dataclass(frozen=True, slots=True)
class UserKey:
    """One person on one platform: the owner of a per-user record (settings, stats, rating).

    >>> UserKey("discord", "1234").key
    'bg:user:{discord:1234}'
    """

    platform: str
    user: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "platform", _platform(self.platform))
        object.__setattr__(self, "user", _part("user id", self.user))

    @property
    def tag(self) -> str:
        """``platform:user``, the user's name in logs and in table states."""
        return f"{self.platform}:{self.user}"

    @property
    def key(self) -> str:
        """The storage key of the user record."""
        return f"{PREFIX}:user:{{{self.tag}}}"

    @property
    def seen_key(self) -> str:
        """The storage key of the update ids applied to this user record."""
        return f"{self.key}:seen"

    @classmethod
    def from_tag(cls, tag: str) -> UserKey:
        """Parse ``platform:user`` as produced by :attr:`tag`."""
        parts = tag.split(":")
        if len(parts) != 2:
            raise InvalidKey(f"invalid user tag {tag!r}: expected platform:user")
        return cls(parts[0], parts[1])

    @classmethod
    def from_key(cls, key: str) -> UserKey:
        """Parse a storage key produced by :attr:`key`."""
        match = _USER_KEY_RE.fullmatch(key)
        if match is None:
            raise InvalidKey(f"invalid user key {key!r}: expected bg:user:{{platform:user}}")
        return cls.from_tag(match.group(1))

    def __str__(self) -> str:
        return self.tag


@dataclass(frozen=True, slots=True)
class SiblingKey:
    """A further versioned record of a table or a user, in its owner's hash slot: a player's
    standing (ratings and dice statistics), a match's rating result.

    >>> SiblingKey(UserKey("telegram", "42"), "standing").key
    'bg:user:{telegram:42}:standing'
    >>> SiblingKey(TableKey("telegram", "-1"), "rated:m1").seen_key
    'bg:{telegram:-1}:rated:m1:seen'
    """

    owner: TableKey | UserKey
    name: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", _sibling_name(self.name))

    @property
    def key(self) -> str:
        """The storage key of the record."""
        return f"{self.owner.key}:{self.name}"

    @property
    def seen_key(self) -> str:
        """The storage key of the update ids applied to the record."""
        return f"{self.key}:seen"

    @property
    def tag(self) -> str:
        return f"{self.owner.tag}:{self.name}"

    def __str__(self) -> str:
        return self.tag


RecordKey = TableKey | UserKey | SiblingKey
"""Anything that names one versioned record."""

HISTORY_LIMIT: Final = 100
"""Finished matches kept per player; older ones are dropped as newer ones come."""

MATCH_PLAYERS: Final = 9
"""Most players whose histories list one match (its count is kept as one digit)."""


def history_key(user: UserKey) -> str:
    """The list of the ids of ``user``'s matches kept, newest first (the user's hash slot)."""
    return f"{user.key}:history"


def match_key(platform: str, match_id: str) -> str:
    """A finished match's record, kept once for both players (its own hash slot): in Redis a
    string, one digit for how many players' histories still list it, then the record.

    >>> match_key("telegram", "0a1b2c3d4e")
    'bg:match:{telegram:0a1b2c3d4e}'
    """
    return f"{PREFIX}:match:{{{_platform(platform)}:{_sibling_name(match_id)}}}"


def leaderboard_key(platform: str, board: str, table: TableKey | None = None) -> str:
    """The sorted set of ratings named ``board`` (a game: ``backgammon``, ``long_nardy``) for a
    whole platform, or for one chat (``table``; in that chat's hash slot; its topic left out).

    >>> leaderboard_key("telegram", "backgammon")
    'bg:top:{telegram:backgammon}'
    >>> leaderboard_key("telegram", "backgammon", TableKey("telegram", "-100", "7"))
    'bg:{telegram:-100}:top:backgammon'
    """
    name = _sibling_name(board)
    if table is None:
        return f"{PREFIX}:top:{{{_platform(platform)}:{name}}}"
    if table.platform != platform:
        raise InvalidKey(f"table {table} is not on {platform}")
    return TableKey(table.platform, table.chat).sibling(f"top:{name}")


def shared_key(name: str) -> str:
    """A value every process of the deployment shares (its own hash slot), such as the digest
    of the command set last uploaded to a platform.

    >>> shared_key("commands:discord:42:global")
    'bg:shared:{commands:discord:42:global}'
    """
    return f"{PREFIX}:shared:{{{_sibling_name(name)}}}"


def _sibling_name(value: str) -> str:
    if not isinstance(value, str) or not _SIBLING_RE.fullmatch(value):
        raise InvalidKey(f"invalid record name {value!r}: expected [A-Za-z0-9_.:-]+")
    return value


def deadline_shard_key(table: TableKey) -> str:
    """The sorted set that holds ``table``'s deadline: a fixed shard chosen by CRC-32 of its tag."""
    shard = zlib.crc32(table.tag.encode("utf-8")) % DEADLINE_SHARDS
    return deadline_shard_name(shard)


def deadline_shard_name(shard: int) -> str:
    """The storage key of deadline shard number ``shard`` (its own hash tag ``{dl:N}``)."""
    return f"{PREFIX}:deadlines:{{dl:{shard}}}"


@dataclass(frozen=True, slots=True)
class Versioned:
    """A stored record: the payload bytes and the version they were written as (1, 2, ...)."""

    payload: bytes
    version: int


@dataclass(frozen=True, slots=True)
class Deadline:
    """A table whose clock runs out at ``when`` (seconds since the epoch)."""

    table: TableKey
    when: float


class CasResult(enum.Enum):
    """What a compare-and-set did."""

    APPLIED = "applied"
    """The payload was written as version ``expected + 1`` (and the update id remembered)."""
    CONFLICT = "conflict"
    """The stored version was not the expected one; nothing was written."""
    DUPLICATE = "duplicate"
    """The update id had already been applied; nothing was written."""


class UpdateStatus(enum.Enum):
    """How :meth:`BaseStore.update` ended."""

    APPLIED = "applied"
    """The function's new payload was written."""
    UNCHANGED = "unchanged"
    """The function returned ``None``: nothing to write, and the update id is not remembered
    (only writes are: a read repeated is answered again, and never pushes a write's id out)."""
    DUPLICATE = "duplicate"
    """The update id had already been handled; the function was not applied."""


@dataclass(frozen=True, slots=True)
class UpdateResult:
    """The outcome of :meth:`BaseStore.update`: status, the record as it stands, retries taken."""

    status: UpdateStatus
    record: Versioned | None
    retries: int = 0

    @property
    def applied(self) -> bool:
        """Whether a new payload was written."""
        return self.status is UpdateStatus.APPLIED


@dataclass(slots=True)
class StoreCounters:
    """Running totals a metrics exporter reads."""

    cas_conflicts: int = 0
    """Compare-and-set attempts that found another version."""
    retries: int = 0
    """Extra rounds :meth:`BaseStore.update` made because of conflicts."""
    exhausted: int = 0
    """Updates that gave up with :class:`ConflictError`."""
    duplicates: int = 0
    """Updates recognised as already applied."""


Updater = Callable[[Versioned | None], bytes | Awaitable[bytes | None] | None]
"""``fn(current) -> new payload | None``; ``None`` means "nothing to write".  May be async."""


@runtime_checkable
class Store(Protocol):
    """What the application needs from a store; :class:`BaseStore` implements the shared parts."""

    counters: StoreCounters
    table_ttl: float | None

    async def load(self, key: RecordKey) -> Versioned | None: ...

    async def compare_and_set(
        self,
        key: RecordKey,
        expected_version: int,
        payload: bytes,
        *,
        ttl: float | None = None,
        update_id: str | None = None,
    ) -> CasResult: ...

    async def update(
        self,
        key: RecordKey,
        fn: Updater,
        *,
        ttl: float | None = None,
        update_id: str | None = None,
        max_attempts: int | None = None,
    ) -> UpdateResult: ...

    async def is_seen(self, key: RecordKey, update_id: str) -> bool: ...

    async def load_seen(self, key: RecordKey, update_id: str) -> tuple[Versioned | None, bool]: ...

    async def mark_update_seen(
        self, key: RecordKey, update_id: str, ttl: float | None = None
    ) -> bool: ...

    async def get_user(self, user: UserKey) -> Versioned | None: ...

    async def update_user(
        self, user: UserKey, fn: Updater, *, update_id: str | None = None
    ) -> UpdateResult: ...

    async def set_deadline(self, table: TableKey, when: float) -> None: ...

    async def clear_deadline(self, table: TableKey, when: float | None = None) -> bool: ...

    async def due(self, now: float, limit: int = 100) -> list[Deadline]: ...

    async def keep_match(
        self,
        platform: str,
        match_id: str,
        payload: bytes,
        players: Sequence[UserKey],
        *,
        keep: int = HISTORY_LIMIT,
    ) -> bool: ...

    async def history(
        self, user: UserKey, start: int = 0, count: int = HISTORY_LIMIT
    ) -> list[str]: ...

    async def history_entry(self, user: UserKey, match_id: str) -> bytes | None: ...

    async def set_scores(self, board: str, scores: Mapping[str, float]) -> None: ...

    async def top_scores(self, board: str, count: int = 10) -> list[tuple[str, float]]: ...

    async def score_rank(self, board: str, member: str) -> tuple[int, float] | None: ...

    async def shared_value(self, name: str) -> str | None: ...

    async def put_shared_value(
        self, name: str, value: str, *, only_new: bool = False, ttl: float | None = None
    ) -> bool: ...

    async def publish(self, channel: str, message: str) -> None: ...

    def subscribe(self, channel: str) -> AsyncGenerator[str, None]: ...

    async def ping(self) -> bool: ...

    async def close(self) -> None: ...


def validate_update_id(update_id: str) -> str:
    """``update_id`` if it can name an update (a non-empty string of at most 200 characters)."""
    if not isinstance(update_id, str) or not update_id or len(update_id) > 200:
        raise ValueError(f"invalid update id {update_id!r}: a non-empty string of ≤ 200 chars")
    return update_id


class BaseStore(ABC):
    """The parts of the contract built on the primitives: the retry loop and user helpers.

    Subclasses implement :meth:`_load`, :meth:`compare_and_set`, :meth:`mark_update_seen`, the
    deadline methods, :meth:`ping` and :meth:`close`.
    """

    def __init__(
        self,
        *,
        table_ttl: float | None = DEFAULT_TABLE_TTL,
        user_ttl: float | None = DEFAULT_USER_TTL,
        seen_ttl: float = DEFAULT_SEEN_TTL,
        seen_limit: int = DEFAULT_SEEN_LIMIT,
        max_attempts: int = DEFAULT_MAX_ATTEMPTS,
    ) -> None:
        if max_attempts < 1:
            raise ValueError("max_attempts must be at least 1")
        if seen_ttl <= 0 or seen_limit < 1:
            raise ValueError("seen_ttl must be positive and seen_limit at least 1")
        self.table_ttl = table_ttl
        self.user_ttl = user_ttl
        self.seen_ttl = seen_ttl
        self.seen_limit = seen_limit
        self.max_attempts = max_attempts
        self.counters = StoreCounters()
        self._jitter = random.Random()

    def ttl_for(self, key: RecordKey, ttl: float | None = None) -> float | None:
        """The time to live a write to ``key`` gets: ``ttl`` if given, else the kind's default."""
        if ttl is not None:
            if ttl <= 0:
                raise ValueError(f"ttl must be positive, got {ttl!r}")
            return ttl
        owner = key.owner if isinstance(key, SiblingKey) else key
        return self.table_ttl if isinstance(owner, TableKey) else self.user_ttl

    @abstractmethod
    async def _load(self, key: RecordKey, update_id: str | None) -> tuple[Versioned | None, bool]:
        """The record and whether ``update_id`` (if given) has been seen, read together."""

    async def load(self, key: RecordKey) -> Versioned | None:
        """The record under ``key``, or ``None`` when there is none (or it expired)."""
        record, _ = await self._load(key, None)
        return record

    async def is_seen(self, key: RecordKey, update_id: str) -> bool:
        """Whether ``update_id`` was already applied to (or marked on) ``key``."""
        _, seen = await self._load(key, validate_update_id(update_id))
        return seen

    async def load_seen(self, key: RecordKey, update_id: str) -> tuple[Versioned | None, bool]:
        """The record under ``key`` and whether ``update_id`` was applied to it, read together."""
        return await self._load(key, validate_update_id(update_id))

    @abstractmethod
    async def compare_and_set(
        self,
        key: RecordKey,
        expected_version: int,
        payload: bytes,
        *,
        ttl: float | None = None,
        update_id: str | None = None,
    ) -> CasResult:
        """Write ``payload`` as version ``expected_version + 1`` if the stored version is
        ``expected_version`` (0 = no record) and ``update_id`` (if given) is new; remember
        ``update_id`` in the same atomic step.  Refreshes the record's time to live."""

    @abstractmethod
    async def mark_update_seen(
        self, key: RecordKey, update_id: str, ttl: float | None = None
    ) -> bool:
        """Remember ``update_id`` on ``key`` without writing the record; ``True`` the first time."""

    async def update(
        self,
        key: RecordKey,
        fn: Updater,
        *,
        ttl: float | None = None,
        update_id: str | None = None,
        max_attempts: int | None = None,
    ) -> UpdateResult:
        """Load, apply ``fn``, compare-and-set; repeat on conflict.

        ``fn`` may be called several times (once per attempt), always with the freshest record; a
        caller collecting side outputs (replies) keeps those of the last call.  ``None`` from ``fn``
        writes nothing and does not remember ``update_id`` (a read delivered again is read again,
        and the ids remembered are those of writes only); an exception from ``fn`` propagates and
        leaves everything as it was.  Raises :class:`ConflictError` after ``max_attempts`` lost
        races.
        """
        if update_id is not None:
            validate_update_id(update_id)
        attempts = max_attempts if max_attempts is not None else self.max_attempts
        for attempt in range(attempts):
            current, seen = await self._load(key, update_id)
            if seen:
                self.counters.duplicates += 1
                return UpdateResult(UpdateStatus.DUPLICATE, current, attempt)
            outcome = fn(current)
            new = await outcome if inspect.isawaitable(outcome) else outcome
            if new is None:
                return UpdateResult(UpdateStatus.UNCHANGED, current, attempt)
            if not isinstance(new, bytes):
                raise TypeError(f"update function returned {type(new).__name__}, not bytes")
            expected = current.version if current is not None else 0
            try:
                result = await self.compare_and_set(
                    key, expected, new, ttl=ttl, update_id=update_id
                )
            except Unreachable:
                raise  # never sent: nothing happened
            except StoreUnavailable:
                # The write may or may not have happened (the reply was lost): find out.
                result = await self._settle_lost_write(key, expected, new, update_id)
            if result is CasResult.APPLIED:
                return UpdateResult(UpdateStatus.APPLIED, Versioned(new, expected + 1), attempt)
            if result is CasResult.DUPLICATE:
                self.counters.duplicates += 1
                return UpdateResult(UpdateStatus.DUPLICATE, await self.load(key), attempt)
            self.counters.cas_conflicts += 1
            if attempt + 1 < attempts:
                self.counters.retries += 1
                await asyncio.sleep(self._jitter.uniform(0, min(0.0005 * (attempt + 1), 0.01)))
        self.counters.exhausted += 1
        raise ConflictError(f"{key}: gave up after {attempts} conflicting compare-and-set attempts")

    async def _settle_lost_write(
        self, key: RecordKey, expected: int, payload: bytes, update_id: str | None
    ) -> CasResult:
        """Whether a compare-and-set whose reply was lost took effect.

        With an update id the answer is exact (the id is remembered atomically with the write).
        Without one, a record at ``expected + 1`` holding exactly ``payload`` is taken as ours.
        Raises :class:`WriteUnconfirmed` when the store still cannot be reached.
        """
        try:
            current, seen = await self._load(key, update_id)
        except StoreUnavailable as exc:
            raise WriteUnconfirmed(f"{key}: a write went unanswered: {exc}") from exc
        if update_id is not None:
            return CasResult.APPLIED if seen else CasResult.CONFLICT
        if current is not None and current.version == expected + 1 and current.payload == payload:
            return CasResult.APPLIED
        return CasResult.CONFLICT

    async def get_user(self, user: UserKey) -> Versioned | None:
        """The per-user record (language, settings, stats), or ``None``; reading it renews its
        time to live (a user who only plays keeps his record)."""
        record = await self.load(user)
        if record is not None and self.user_ttl is not None:
            await self._renew(user, self.user_ttl)
        return record

    @abstractmethod
    async def _renew(self, key: RecordKey, ttl: float) -> None:
        """Give the record under ``key`` ``ttl`` seconds to live from now (none there: nothing)."""

    async def update_user(
        self, user: UserKey, fn: Updater, *, update_id: str | None = None
    ) -> UpdateResult:
        """:meth:`update` for a per-user record."""
        return await self.update(user, fn, update_id=update_id)

    # -- history and leaderboards ---------------------------------------------------------------

    async def keep_match(
        self,
        platform: str,
        match_id: str,
        payload: bytes,
        players: Sequence[UserKey],
        *,
        keep: int = HISTORY_LIMIT,
    ) -> bool:
        """Keep a finished match (its record ``payload``) once, and list it at the head of each
        player's history, dropping each history's oldest beyond ``keep``; a match no history
        lists any more is deleted.  ``False`` when the record was there already.  Every step is
        atomic and repeats harmlessly, so a retry or a second process keeps the match once (a
        crash between the steps leaves at worst a record that expires with its time to live).
        """
        check_history_args(match_id, payload, keep)
        users = list(dict.fromkeys(players))
        if any(user.platform != platform for user in users):
            raise ValueError(f"the players of a match kept on {platform} are on {platform}")
        if not 1 <= len(users) <= MATCH_PLAYERS:
            raise ValueError(f"a match kept has 1 to {MATCH_PLAYERS} players, not {len(users)}")
        created = await self._put_match(platform, match_id, payload, len(users))
        for user in users:
            for dropped in await self._list_match(user, match_id, keep):
                await self._release_match(platform, dropped)
        return created

    @abstractmethod
    async def _put_match(self, platform: str, match_id: str, payload: bytes, refs: int) -> bool:
        """Write the match's record listed by ``refs`` histories unless it exists."""

    @abstractmethod
    async def _list_match(self, user: UserKey, match_id: str, keep: int) -> list[str]:
        """Put the match at the head of ``user``'s history (once); the ids dropped."""

    @abstractmethod
    async def _release_match(self, platform: str, match_id: str) -> None:
        """One history fewer lists the match: delete its record when none does."""

    @abstractmethod
    async def history(self, user: UserKey, start: int = 0, count: int = HISTORY_LIMIT) -> list[str]:
        """The ids of ``user``'s matches kept, newest first, from ``start``, at most ``count``."""

    @abstractmethod
    async def history_entry(self, user: UserKey, match_id: str) -> bytes | None:
        """The record of a match on ``user``'s platform, or ``None`` (never kept, or dropped)."""

    @abstractmethod
    async def set_scores(self, board: str, scores: Mapping[str, float]) -> None:
        """Set members' scores on a leaderboard (:func:`leaderboard_key`)."""

    @abstractmethod
    async def top_scores(self, board: str, count: int = 10) -> list[tuple[str, float]]:
        """The ``count`` highest scores of a leaderboard, highest first (ties by member)."""

    @abstractmethod
    async def score_rank(self, board: str, member: str) -> tuple[int, float] | None:
        """A member's place (1 = top) and score on a leaderboard, or ``None``."""

    @abstractmethod
    async def shared_value(self, name: str) -> str | None:
        """The deployment-wide value ``name`` (:func:`shared_key`), or ``None`` when unset."""

    @abstractmethod
    async def put_shared_value(
        self, name: str, value: str, *, only_new: bool = False, ttl: float | None = None
    ) -> bool:
        """Set the deployment-wide value ``name`` (for ``ttl`` seconds, or for good); with
        ``only_new`` only when it is not set, so that of many processes trying at once exactly
        one succeeds.  Whether it was set."""

    # -- notices --------------------------------------------------------------------------------

    @abstractmethod
    async def publish(self, channel: str, message: str) -> None:
        """Send ``message`` (non-empty text) to every subscriber of ``channel`` now, in any
        process on this store (none: it is lost; nothing is kept).  A notice only: a
        subscriber may miss one (its connection failed, it read too slowly), so nothing may
        depend on its arrival."""

    @abstractmethod
    def subscribe(self, channel: str) -> AsyncGenerator[str, None]:
        """First ``""``, once the subscription is in place (whatever is published from then on
        reaches it: the moment to read what the notices are about), then the messages published
        on ``channel``, for as long as the iteration goes on; closing the iterator ends the
        subscription.  Raises :class:`StoreUnavailable` when the store cannot be reached to
        subscribe."""


def check_message(message: str) -> None:
    """What :meth:`BaseStore.publish` sends: text, never empty (an empty string is what
    :meth:`BaseStore.subscribe` gives first, when the subscription is in place)."""
    if not isinstance(message, str) or not message:
        raise ValueError(f"a notice is non-empty text, not {message!r}")


def check_history_args(match_id: str, payload: bytes, keep: int) -> None:
    """What :meth:`BaseStore.keep_match` accepts: a match id as a record name, bytes, keep ≥ 1."""
    _sibling_name(match_id)
    if not isinstance(payload, bytes):
        raise TypeError(f"payload must be bytes, not {type(payload).__name__}")
    if keep < 1:
        raise ValueError(f"keep must be at least 1, not {keep}")
