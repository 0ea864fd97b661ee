"""The Redis store: redis-py asyncio (hiredis parser), standalone Redis or Redis Cluster.

Layout (every key of a table shares the hash tag ``{platform:chat[:topic]}``):

- ``bg:{telegram:-1001:45}`` — hash ``v`` (version) and ``d`` (payload), with the table TTL;
- ``bg:{telegram:-1001:45}:seen`` — sorted set of the ids of the updates that wrote the record,
  scored by their expiry (whole seconds);
- ``bg:user:{telegram:42}`` (+ ``:seen``) — the same for per-user records;
- ``bg:deadlines:{dl:N}`` for N in 0..15 — sorted sets of table tags scored by due time;
- ``bg:user:{telegram:42}:history`` — list of the ids of the player's matches kept, and
  ``bg:match:{telegram:<match id>}`` — a string: how many histories list the match (one digit),
  then its record (a plain string costs a third of the overhead of a two-field hash);
- ``bg:shared:{name}`` — a string every process shares (the digest of the synced commands).

Notices (:meth:`RedisStore.publish`, :meth:`RedisStore.subscribe`) go by Redis pub/sub: plain
channels on a standalone server, sharded ones on a cluster (:mod:`bot.store.pubsub`).

Compare-and-set and the seen-mark run in one Lua script on the table's slot, so they are atomic in
a cluster too.  Scripts are registered once and run with ``EVALSHA`` (reloaded if the server lost
them, e.g. after a restart).  On a standalone server the loads, compare-and-sets and seen-marks
issued during one turn of the event loop go out together as one pipelined write
(:mod:`bot.store.batch`), never resent behind the caller's back.  Connection trouble surfaces as
:class:`StoreUnavailable`.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable, Mapping
from contextlib import asynccontextmanager
from typing import Any, Final, NoReturn, TypeVar

from redis import exceptions as redis_errors
from redis.asyncio import Redis, RedisCluster
from redis.commands.core import AsyncScript

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
    TableKey,
    UserKey,
    Versioned,
    check_message,
    deadline_shard_key,
    deadline_shard_name,
    history_key,
    match_key,
    shared_key,
    validate_update_id,
)
from bot.store.batch import CommandBatcher, ConnectFailed
from bot.store.failures import CorruptRecord, StoreUnavailable, Unreachable
from bot.store.pubsub import Listener

# Whether a seen-set score (an expiry) is still ahead of ``now`` (ms).  Scores are whole seconds,
# which Redis keeps as small integers; scores above 1e11 were written in milliseconds by earlier
# versions of this store and are read as such until they expire.
_LIVE: Final = """
local function live(expires, now)
  if expires > 1e11 then return expires > now end
  return expires * 1000 > now
end
"""

# Remember ARGV[1] in KEYS[1] (a seen sorted set) until ARGV[2]+ARGV[3] ms, dropping expired ids
# and keeping at most ARGV[4] of the newest; 1 if new, 0 if already there.
_MARK: Final = (
    _LIVE
    + """
local function mark(seen, uid, now, ttl, limit)
  redis.call('ZREMRANGEBYSCORE', seen, '-inf', now / 1000)
  redis.call('ZREMRANGEBYSCORE', seen, 1e11, now)
  if redis.call('ZSCORE', seen, uid) then return 0 end
  -- Trim first, so the set never grows past the limit (and keeps Redis' compact encoding).
  redis.call('ZREMRANGEBYRANK', seen, 0, -limit)
  redis.call('ZADD', seen, math.ceil((now + ttl) / 1000), uid)
  if redis.call('PTTL', seen) < ttl then redis.call('PEXPIRE', seen, ttl) end
  return 1
end
"""
)

_MARK_SCRIPT: Final = (
    _MARK
    + """
return mark(KEYS[1], ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]))
"""
)

# KEYS: record, seen.  ARGV: expected version, payload, ttl ms (0 = none), update id ('' = none),
# now ms, seen ttl ms, seen limit.  Returns the new version, -1 on conflict, -2 on duplicate.
_CAS_SCRIPT: Final = (
    _MARK
    + """
local v = 0
local cur = redis.call('HGET', KEYS[1], 'v')
if cur then
  v = tonumber(cur)
  if not v then return redis.error_reply('CORRUPT version field is not a number') end
end
local uid = ARGV[4]
local now = tonumber(ARGV[5])
if uid ~= '' then
  local expires = redis.call('ZSCORE', KEYS[2], uid)
  if expires and live(tonumber(expires), now) then return -2 end
end
if v ~= tonumber(ARGV[1]) then return -1 end
v = v + 1
redis.call('HSET', KEYS[1], 'v', v, 'd', ARGV[2])
local ttl = tonumber(ARGV[3])
if ttl > 0 then redis.call('PEXPIRE', KEYS[1], ttl) else redis.call('PERSIST', KEYS[1]) end
if uid ~= '' then mark(KEYS[2], uid, now, tonumber(ARGV[6]), tonumber(ARGV[7])) end
return v
"""
)

# KEYS: record, seen.  ARGV: update id, now ms.  Returns {version, payload, seen}.
_LOAD_SCRIPT: Final = (
    _LIVE
    + """
local r = redis.call('HMGET', KEYS[1], 'v', 'd')
local seen = 0
local expires = redis.call('ZSCORE', KEYS[2], ARGV[1])
if expires and live(tonumber(expires), tonumber(ARGV[2])) then seen = 1 end
return {r[1], r[2], seen}
"""
)

# KEYS: deadline shard.  ARGV: member, expected score.  Removes the member only at that score.
_CLEAR_IF_SCRIPT: Final = """
local s = redis.call('ZSCORE', KEYS[1], ARGV[1])
if s and tonumber(s) == tonumber(ARGV[2]) then
  return redis.call('ZREM', KEYS[1], ARGV[1])
end
return 0
"""

# KEYS: match record.  ARGV: record, histories listing it (1..9), ttl ms (0 = none).  1 if
# written.  A string: one digit (how many histories list it), then the record.
_PUT_MATCH_SCRIPT: Final = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('SET', KEYS[1], ARGV[2] .. ARGV[1])
if tonumber(ARGV[3]) > 0 then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return 1
"""

# KEYS: history list.  ARGV: match id, keep, ttl ms (0 = none).  The ids dropped ({} when the
# match was listed already).
_LIST_MATCH_SCRIPT: Final = """
if redis.call('LPOS', KEYS[1], ARGV[1]) then return {} end
redis.call('LPUSH', KEYS[1], ARGV[1])
local dropped = {}
local keep = tonumber(ARGV[2])
while redis.call('LLEN', KEYS[1]) > keep do
  table.insert(dropped, redis.call('RPOP', KEYS[1]))
end
local ttl = tonumber(ARGV[3])
if ttl > 0 then redis.call('PEXPIRE', KEYS[1], ttl) else redis.call('PERSIST', KEYS[1]) end
return dropped
"""

# KEYS: match record.  One history fewer lists it; deleted when none does.  (A hash ``d``/``n``
# is a record kept by an earlier version of this store.)
_RELEASE_MATCH_SCRIPT: Final = """
local kind = redis.call('TYPE', KEYS[1])['ok']
if kind == 'none' then return 0 end
local n
if kind == 'hash' then
  n = redis.call('HINCRBY', KEYS[1], 'n', -1)
else
  n = (tonumber(redis.call('GETRANGE', KEYS[1], 0, 0)) or 1) - 1
  if n > 0 then redis.call('SETRANGE', KEYS[1], 0, tostring(n)) end
end
if n <= 0 then redis.call('DEL', KEYS[1]) end
return n
"""

# KEYS: match record.  Its payload (nil when there is none).
_MATCH_ENTRY_SCRIPT: Final = """
local kind = redis.call('TYPE', KEYS[1])['ok']
if kind == 'hash' then return redis.call('HGET', KEYS[1], 'd') end
if kind == 'none' then return false end
return redis.call('GETRANGE', KEYS[1], 1, -1)
"""

_UNAVAILABLE: Final = (
    redis_errors.ConnectionError,
    redis_errors.TimeoutError,
    redis_errors.BusyLoadingError,
    redis_errors.ClusterDownError,
    redis_errors.TryAgainError,
    redis_errors.MasterDownError,
    redis_errors.ReadOnlyError,
    OSError,
)

_T = TypeVar("_T")

DEFAULT_MAX_IN_FLIGHT: Final = 64
"""Commands one store sends at once (below redis-py's default pool size of 100)."""

RedisClient = Redis | RedisCluster
"""Either client; both take the same commands for the single-slot operations used here."""


def _ms(seconds: float) -> int:
    return max(1, round(seconds * 1000))


def _raise_translated(key: object, error: Exception) -> NoReturn:
    """Raise the store's error for a redis-py error of a command on ``key`` (other server
    errors as they are)."""
    if isinstance(error, redis_errors.ResponseError):
        if "WRONGTYPE" in str(error) or "CORRUPT" in str(error):
            raise CorruptRecord(f"{key}: stored value cannot be read: {error}") from error
        raise error
    if isinstance(error, ConnectFailed):
        raise Unreachable(f"{key}: redis unavailable (not reached): {error}") from error
    raise StoreUnavailable(f"{key}: redis unavailable: {error}") from error


class RedisStore(BaseStore):
    """The store on a Redis server or cluster (``decode_responses`` must be off)."""

    def __init__(
        self,
        client: RedisClient,
        *,
        clock: Callable[[], float] = time.time,
        table_ttl: float | None = DEFAULT_TABLE_TTL,
        user_ttl: float | None = DEFAULT_USER_TTL,
        seen_ttl: float = DEFAULT_SEEN_TTL,
        seen_limit: int = DEFAULT_SEEN_LIMIT,
        max_attempts: int = DEFAULT_MAX_ATTEMPTS,
        max_in_flight: int = DEFAULT_MAX_IN_FLIGHT,
    ) -> None:
        super().__init__(
            table_ttl=table_ttl,
            user_ttl=user_ttl,
            seen_ttl=seen_ttl,
            seen_limit=seen_limit,
            max_attempts=max_attempts,
        )
        self.client = client
        self.clock = clock
        # A cluster client discovers the slot map on first use; when many commands arrive at once
        # before that, redis-py 8.1 can hand out a connection being reset (AttributeError on
        # ``_writer``).  Initialising once, under a lock, before the first command avoids it.
        self._cluster_ready = not isinstance(client, RedisCluster)
        self._init_lock = asyncio.Lock()
        # redis-py raises "Too many connections" past its pool size (100) instead of waiting; a
        # burst of updates waits here for a free slot instead.
        self._slots = asyncio.Semaphore(max_in_flight)
        # On a standalone server the commands of an update (load, compare-and-set, seen-mark) go
        # out in batches, one write per turn of the event loop (see :mod:`bot.store.batch`); a
        # cluster client routes each command to its slot's node itself, and a single-connection
        # client keeps its one connection.
        self._batch = (
            CommandBatcher(client)
            if isinstance(client, Redis) and not client.single_connection_client
            else None
        )
        self._loading: dict[str, asyncio.Future[Any]] = {}
        self._cas = client.register_script(_CAS_SCRIPT)
        self._mark = client.register_script(_MARK_SCRIPT)
        self._load_seen = client.register_script(_LOAD_SCRIPT)
        self._clear_if = client.register_script(_CLEAR_IF_SCRIPT)
        self._put_match_script = client.register_script(_PUT_MATCH_SCRIPT)
        self._list_match_script = client.register_script(_LIST_MATCH_SCRIPT)
        self._release_match_script = client.register_script(_RELEASE_MATCH_SCRIPT)
        self._match_entry_script = client.register_script(_MATCH_ENTRY_SCRIPT)
        self._listener = Listener(client)

    @classmethod
    def from_url(cls, url: str, *, cluster: bool = False, **options: Any) -> RedisStore:
        """A store on a new client for ``url`` (a cluster client when ``cluster``).

        ``options`` go to the store (``table_ttl``, ``clock`` ...); connection settings use short
        timeouts so that an unreachable server is reported quickly instead of hanging an update.
        """
        client_options: dict[str, Any] = {
            "socket_connect_timeout": 2.0,
            "socket_timeout": 5.0,
            "health_check_interval": 30,
        }
        client: RedisClient
        if cluster:
            client = RedisCluster.from_url(url, **client_options)
        else:
            client = Redis.from_url(url, **client_options)
        return cls(client, **options)

    @asynccontextmanager
    async def _guard(self, key: object) -> AsyncIterator[None]:
        async with self._slots:
            try:
                if not self._cluster_ready:
                    await self._initialize_cluster()
                yield
            except (redis_errors.ResponseError, *_UNAVAILABLE) as error:
                _raise_translated(key, error)

    async def _eval(
        self, key: object, script: AsyncScript, keys: list[str], args: list[Any]
    ) -> Any:
        """Run ``script``: batched on a standalone server, else through the client."""
        if self._batch is None:
            async with self._guard(key):
                return await script(keys=keys, args=args)
        try:
            try:
                return await self._batch.execute("EVALSHA", script.sha, len(keys), *keys, *args)
            except redis_errors.NoScriptError:
                # The server does not have the script (new, or restarted): nothing ran; load it
                # (once for all the callers that found it missing) and run again.
                await self._load_script(script)
                return await self._batch.execute("EVALSHA", script.sha, len(keys), *keys, *args)
        except (redis_errors.ResponseError, *_UNAVAILABLE) as error:
            _raise_translated(key, error)

    async def _load_script(self, script: AsyncScript) -> None:
        assert self._batch is not None
        loading = self._loading.get(script.sha)
        if loading is None:
            loading = asyncio.ensure_future(self._batch.execute("SCRIPT", "LOAD", script.script))
            self._loading[script.sha] = loading
            loading.add_done_callback(lambda done: self._loaded(script.sha, done))
        await asyncio.shield(loading)

    def _loaded(self, sha: str, done: asyncio.Future[Any]) -> None:
        self._loading.pop(sha, None)
        if not done.cancelled():
            done.exception()  # retrieved: the callers waiting on it (if any) got it already

    async def _hmget(self, key: RecordKey) -> list[Any]:
        """The record's version and payload fields."""
        if self._batch is None:
            async with self._guard(key):
                return list(await self.client.hmget(key.key, ["v", "d"]))
        try:
            return list(await self._batch.execute("HMGET", key.key, "v", "d"))
        except (redis_errors.ResponseError, *_UNAVAILABLE) as error:
            _raise_translated(key, error)

    async def _initialize_cluster(self) -> None:
        async with self._init_lock:
            if not self._cluster_ready and isinstance(self.client, RedisCluster):
                await self.client.initialize()
            self._cluster_ready = True

    def _record(self, key: RecordKey, version: object, payload: object) -> Versioned | None:
        if version is None and payload is None:
            return None
        try:
            number = int(version) if isinstance(version, bytes | str) else None
        except ValueError:
            number = None
        if number is None or number < 1:
            raise CorruptRecord(f"{key}: stored version {version!r} is not a positive integer")
        if isinstance(payload, str):
            payload = payload.encode("utf-8")
        if not isinstance(payload, bytes):
            raise CorruptRecord(f"{key}: stored record has no payload")
        return Versioned(payload, number)

    async def _read(self, key: object, call: Callable[[], Awaitable[_T]]) -> _T:
        """Run a command that changes nothing, once more if the connection failed.

        A pooled connection may have been closed by a server restart; the second attempt gets a
        fresh one.  Writes are never repeated this way (a lost reply would make them ambiguous).
        """
        try:
            async with self._guard(key):
                return await call()
        except StoreUnavailable:
            async with self._guard(key):
                return await call()

    async def _read_batched(self, call: Callable[[], Awaitable[_T]]) -> _T:
        """:meth:`_read` for a call that translates its own errors."""
        try:
            return await call()
        except StoreUnavailable:
            return await call()

    async def _load(self, key: RecordKey, update_id: str | None) -> tuple[Versioned | None, bool]:
        row: list[Any]
        if update_id is None:
            row = await self._read_batched(lambda: self._hmget(key))
            return self._record(key, row[0], row[1]), False
        row = await self._read_batched(
            lambda: self._eval(
                key, self._load_seen, [key.key, key.seen_key], [update_id, _ms(self.clock())]
            )
        )
        return self._record(key, row[0], row[1]), bool(row[2])

    async def _renew(self, key: RecordKey, ttl: float) -> None:
        # Repeating PEXPIRE after a lost reply changes nothing more: it may go as a read does.
        await self._read(key, lambda: self.client.pexpire(key.key, _ms(ttl)))

    async def compare_and_set(
        self,
        key: RecordKey,
        expected_version: int,
        payload: bytes,
        *,
        ttl: float | None = None,
        update_id: str | None = None,
    ) -> CasResult:
        """See :meth:`BaseStore.compare_and_set`; one Lua script on the record's hash slot."""
        if not isinstance(payload, bytes):
            raise TypeError(f"payload must be bytes, not {type(payload).__name__}")
        if update_id is not None:
            validate_update_id(update_id)
        life = self.ttl_for(key, ttl)
        result = await self._eval(
            key,
            self._cas,
            [key.key, key.seen_key],
            [
                int(expected_version),
                payload,
                _ms(life) if life is not None else 0,
                update_id or "",
                _ms(self.clock()),
                _ms(self.seen_ttl),
                self.seen_limit,
            ],
        )
        if result == -2:
            return CasResult.DUPLICATE
        if result == -1:
            return CasResult.CONFLICT
        return CasResult.APPLIED

    async def mark_update_seen(
        self, key: RecordKey, update_id: str, ttl: float | None = None
    ) -> bool:
        """See :meth:`BaseStore.mark_update_seen`."""
        validate_update_id(update_id)
        added = await self._eval(
            key,
            self._mark,
            [key.seen_key],
            [
                update_id,
                _ms(self.clock()),
                _ms(ttl if ttl is not None else self.seen_ttl),
                self.seen_limit,
            ],
        )
        return bool(added)

    async def set_deadline(self, table: TableKey, when: float) -> None:
        """Set (or move) the moment ``table``'s clock runs out."""
        shard = deadline_shard_key(table)
        await self._read(table, lambda: self.client.zadd(shard, {table.tag: float(when)}))

    async def clear_deadline(self, table: TableKey, when: float | None = None) -> bool:
        """Forget ``table``'s deadline (only if it is still ``when``, when given)."""
        shard = deadline_shard_key(table)
        async with self._guard(table):
            if when is None:
                removed = await self.client.zrem(shard, table.tag)
            else:
                removed = await self._clear_if(keys=[shard], args=[table.tag, repr(float(when))])
        return bool(removed)

    async def due(self, now: float, limit: int = 100) -> list[Deadline]:
        """Deadlines at or before ``now``, earliest first, at most ``limit`` (all shards)."""

        async def query() -> list[Any]:
            pipe = self.client.pipeline(transaction=False)
            for shard in range(DEADLINE_SHARDS):
                pipe.zrangebyscore(
                    deadline_shard_name(shard), "-inf", now, start=0, num=limit, withscores=True
                )
            return list(await pipe.execute())

        found: list[tuple[float, str]] = []
        shards: list[Any] = await self._read("deadlines", query)
        for rows in shards:
            for member, score in rows:
                tag = member.decode("utf-8") if isinstance(member, bytes) else str(member)
                found.append((float(score), tag))
        found.sort()
        return [Deadline(TableKey.from_tag(tag), when) for when, tag in found[:limit]]

    async def _put_match(self, platform: str, match_id: str, payload: bytes, refs: int) -> bool:
        key = match_key(platform, match_id)
        life = self.user_ttl
        args = [payload, refs, _ms(life) if life is not None else 0]
        return bool(await self._eval(key, self._put_match_script, [key], args))

    async def _list_match(self, user: UserKey, match_id: str, keep: int) -> list[str]:
        life = self.ttl_for(user)
        args = [match_id, keep, _ms(life) if life is not None else 0]
        dropped = await self._eval(user, self._list_match_script, [history_key(user)], args)
        return [_text(row) for row in dropped or []]

    async def _release_match(self, platform: str, match_id: str) -> None:
        key = match_key(platform, match_id)
        await self._eval(key, self._release_match_script, [key], [])

    async def history(self, user: UserKey, start: int = 0, count: int = HISTORY_LIMIT) -> list[str]:
        """See :meth:`BaseStore.history`."""
        if start < 0 or count < 1:
            return []
        ids_key = history_key(user)
        rows = await self._read(user, lambda: self.client.lrange(ids_key, start, start + count - 1))
        return [_text(row) for row in rows]

    async def history_entry(self, user: UserKey, match_id: str) -> bytes | None:
        """See :meth:`BaseStore.history_entry`."""
        key = match_key(user.platform, match_id)
        row = await self._read_batched(lambda: self._eval(key, self._match_entry_script, [key], []))
        if row is None or isinstance(row, bytes):
            return row
        return str(row).encode("utf-8")

    async def set_scores(self, board: str, scores: Mapping[str, float]) -> None:
        """See :meth:`BaseStore.set_scores`."""
        if scores:
            mapping = {member: float(value) for member, value in scores.items()}
            async with self._guard(board):
                await self.client.zadd(board, mapping)

    async def top_scores(self, board: str, count: int = 10) -> list[tuple[str, float]]:
        """See :meth:`BaseStore.top_scores`."""
        if count < 1:
            return []

        async def query() -> list[Any]:
            return list(await self.client.zrevrange(board, 0, count - 1, withscores=True))

        rows = await self._read(board, query)
        return [(_text(row[0]), float(row[1])) for row in rows]

    async def score_rank(self, board: str, member: str) -> tuple[int, float] | None:
        """See :meth:`BaseStore.score_rank`."""

        async def query() -> list[Any]:
            pipe = self.client.pipeline(transaction=False)
            pipe.zrevrank(board, member)
            pipe.zscore(board, member)
            return list(await pipe.execute())

        rank, score = await self._read(board, query)
        if rank is None or score is None:
            return None
        return int(rank) + 1, float(score)

    async def shared_value(self, name: str) -> str | None:
        """See :meth:`BaseStore.shared_value`."""
        key = shared_key(name)
        value = await self._read(key, lambda: self.client.get(key))
        return None if value is None else _text(value)

    async def put_shared_value(
        self, name: str, value: str, *, only_new: bool = False, ttl: float | None = None
    ) -> bool:
        """See :meth:`BaseStore.put_shared_value` (``SET … NX PX``)."""
        if ttl is not None and ttl <= 0:
            raise ValueError(f"ttl must be positive, got {ttl!r}")
        key = shared_key(name)
        px = None if ttl is None else max(1, int(ttl * 1000))
        async with self._guard(key):
            done = await self.client.set(key, value.encode(), nx=only_new, px=px)
        return bool(done)

    async def publish(self, channel: str, message: str) -> None:
        """See :meth:`BaseStore.publish`: ``PUBLISH`` (batched) on a standalone server,
        ``SPUBLISH`` to the node of the channel's slot on a cluster."""
        check_message(message)
        if self._batch is not None:
            try:
                await self._batch.execute("PUBLISH", channel, message)
            except (redis_errors.ResponseError, *_UNAVAILABLE) as error:
                _raise_translated(channel, error)
            return
        async with self._guard(channel):
            if isinstance(self.client, RedisCluster):
                await self.client.spublish(channel, message)
            else:
                await self.client.publish(channel, message)

    def subscribe(self, channel: str) -> AsyncGenerator[str, None]:
        """See :meth:`BaseStore.subscribe` (one pub/sub connection for all the subscribers of
        this store: :mod:`bot.store.pubsub`)."""
        return self._listener.channels.subscribe(channel)

    async def ping(self) -> bool:
        """Whether the server answers (for health checks); never raises."""
        try:
            return bool(await self._read("ping", self.client.ping))
        except StoreUnavailable:
            return False
        except (*_UNAVAILABLE, redis_errors.RedisError):
            return False

    async def close(self) -> None:
        """Close the client's connections (after the batches under way are answered)."""
        await self._listener.close()
        if self._batch is not None:
            await self._batch.close()
        await self.client.aclose()


def _text(value: object) -> str:
    return value.decode("utf-8") if isinstance(value, bytes) else str(value)
