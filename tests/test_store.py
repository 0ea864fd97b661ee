"""The store contract, run against the memory store, a real Redis and a real Redis Cluster."""

from __future__ import annotations

import asyncio
import doctest
import json
import time
import zlib
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from redis.asyncio import Redis, RedisCluster
from redis.crc import key_slot
from redis.exceptions import DataError
from redis_proxy import ReplyDropper

from bot.store import (
    DEADLINE_SHARDS,
    HISTORY_LIMIT,
    CasResult,
    ConflictError,
    CorruptRecord,
    Deadline,
    InvalidKey,
    JsonCodec,
    MemoryStore,
    RedisStore,
    SiblingKey,
    Store,
    StoreUnavailable,
    TableKey,
    UpdateStatus,
    UserKey,
    Versioned,
    deadline_shard_key,
    deadline_shard_name,
    history_key,
    leaderboard_key,
    match_key,
)
from bot.store.batch import CommandBatcher
from bot.store.channels import DEPTH
from engine.result import WinKind

AnyStore = MemoryStore | RedisStore  # both are a Store; BaseStore is only their shared part
MakeStore = Callable[..., AnyStore]

T1 = TableKey("telegram", "-1001234", "45")
T2 = TableKey("discord", "998877")
ALICE = UserKey("telegram", "42")


def increment(current: Versioned | None) -> bytes:
    """The counter stored as decimal text, plus one."""
    value = int(current.payload) if current is not None else 0
    return str(value + 1).encode()


def key_names(keys: list[bytes | str]) -> list[str]:
    """Redis key names as sorted text."""
    return sorted(k.decode() if isinstance(k, bytes) else k for k in keys)


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture(params=["memory", "redis", "cluster"])
async def make_store(
    request: pytest.FixtureRequest,
) -> AsyncIterator[MakeStore]:
    """Builds stores of one kind; Redis ones share a flushed server (or cluster)."""
    made: list[AnyStore] = []
    if request.param == "memory":

        def make(**options: Any) -> AnyStore:
            store = MemoryStore(**options)
            made.append(store)
            return store

    elif request.param == "redis":
        url = request.getfixturevalue("redis_url")
        flush = Redis.from_url(url)
        await flush.flushdb()
        await flush.aclose()

        def make(**options: Any) -> AnyStore:
            store = RedisStore.from_url(url, **options)
            made.append(store)
            return store

    else:
        url = request.getfixturevalue("redis_cluster_url")
        flush_cluster = RedisCluster.from_url(url)
        await flush_cluster.flushdb()
        await flush_cluster.aclose()

        def make(**options: Any) -> AnyStore:
            store = RedisStore.from_url(url, cluster=True, **options)
            made.append(store)
            return store

    yield make
    for store in made:
        await store.close()


@pytest.fixture
def store(make_store: MakeStore) -> AnyStore:
    """A store with default options."""
    return make_store()


class TestContract:
    """Every store behaves the same."""

    async def test_is_a_store(self, store: AnyStore) -> None:
        assert isinstance(store, Store)
        assert await store.ping() is True

    async def test_load_save_version(self, store: AnyStore) -> None:
        assert await store.load(T1) is None
        assert await store.compare_and_set(T1, 0, b"one") is CasResult.APPLIED
        assert await store.load(T1) == Versioned(b"one", 1)
        assert await store.compare_and_set(T1, 1, b"two") is CasResult.APPLIED
        assert await store.load(T1) == Versioned(b"two", 2)
        assert await store.load(T2) is None

    async def test_binary_payload_round_trips(self, store: AnyStore) -> None:
        payload = bytes(range(256)) * 3
        assert await store.compare_and_set(T1, 0, payload) is CasResult.APPLIED
        assert await store.load(T1) == Versioned(payload, 1)

    async def test_stale_version_conflicts_and_changes_nothing(self, store: AnyStore) -> None:
        await store.compare_and_set(T1, 0, b"one")
        assert await store.compare_and_set(T1, 0, b"again") is CasResult.CONFLICT
        assert await store.compare_and_set(T1, 5, b"future") is CasResult.CONFLICT
        assert await store.load(T1) == Versioned(b"one", 1)

    async def test_simultaneous_cas_exactly_one_wins(self, store: AnyStore) -> None:
        await store.compare_and_set(T1, 0, b"start")
        results = await asyncio.gather(
            *(store.compare_and_set(T1, 1, f"press {i}".encode()) for i in range(10))
        )
        assert results.count(CasResult.APPLIED) == 1
        assert results.count(CasResult.CONFLICT) == 9
        record = await store.load(T1)
        assert record is not None and record.version == 2
        winner = results.index(CasResult.APPLIED)
        assert record.payload == f"press {winner}".encode()

    async def test_concurrent_updates_all_count(self, store: AnyStore) -> None:
        n = 25
        results = await asyncio.gather(*(store.update(T1, increment) for _ in range(n)))
        assert all(r.status is UpdateStatus.APPLIED for r in results)
        assert await store.load(T1) == Versioned(str(n).encode(), n)
        assert sorted(r.record.version for r in results if r.record) == list(range(1, n + 1))
        assert sum(r.retries for r in results) == store.counters.retries
        assert store.counters.cas_conflicts >= store.counters.retries > 0

    async def test_burst_over_many_tables(self, store: AnyStore) -> None:
        """More simultaneous updates than a client pool has connections all go through."""
        tables = [TableKey("telegram", str(5000 + i)) for i in range(150)]
        results = await asyncio.gather(
            *(store.update(table, increment, update_id="first") for table in tables)
        )
        assert all(r.applied for r in results)
        assert [await store.load(table) for table in tables[:3]] == [Versioned(b"1", 1)] * 3

    async def test_update_result_is_the_written_record(self, store: AnyStore) -> None:
        first = await store.update(T1, increment)
        assert first.applied and first.record == Versioned(b"1", 1) and first.retries == 0
        second = await store.update(T1, increment)
        assert second.record == Versioned(b"2", 2)

    async def test_async_update_function(self, store: AnyStore) -> None:
        async def slow_increment(current: Versioned | None) -> bytes:
            await asyncio.sleep(0)
            return increment(current)

        results = await asyncio.gather(*(store.update(T1, slow_increment) for _ in range(5)))
        assert all(r.applied for r in results)
        assert await store.load(T1) == Versioned(b"5", 5)

    async def test_update_gives_up_after_max_attempts(self, make_store: MakeStore) -> None:
        store = make_store(max_attempts=1)
        results = await asyncio.gather(
            *(store.update(T1, increment) for _ in range(6)), return_exceptions=True
        )
        lost = [r for r in results if isinstance(r, ConflictError)]
        won = [r for r in results if not isinstance(r, BaseException)]
        assert len(won) + len(lost) == 6 and lost and won
        assert "gave up after 1" in str(lost[0]) and T1.tag in str(lost[0])
        assert store.counters.exhausted == len(lost)
        record = await store.load(T1)
        assert record is not None and record.version == len(won)

    async def test_update_returning_none_writes_nothing(self, store: AnyStore) -> None:
        await store.update(T1, increment)
        result = await store.update(T1, lambda current: None)
        assert result.status is UpdateStatus.UNCHANGED
        assert result.record == Versioned(b"1", 1)
        assert await store.load(T1) == Versioned(b"1", 1)

    async def test_update_function_error_propagates_and_marks_nothing(
        self, store: AnyStore
    ) -> None:
        def broken(current: Versioned | None) -> bytes:
            raise RuntimeError("decided nothing")

        with pytest.raises(RuntimeError, match="decided nothing"):
            await store.update(T1, broken, update_id="u1")
        assert await store.load(T1) is None
        assert await store.is_seen(T1, "u1") is False
        assert (await store.update(T1, increment, update_id="u1")).applied

    async def test_update_function_must_return_bytes(self, store: AnyStore) -> None:
        with pytest.raises(TypeError, match="not bytes"):
            await store.update(T1, lambda current: "text")  # type: ignore[arg-type,return-value]
        assert await store.load(T1) is None

    async def test_duplicate_update_applied_once(self, store: AnyStore) -> None:
        calls: list[Versioned | None] = []

        def counted(current: Versioned | None) -> bytes:
            calls.append(current)
            return increment(current)

        first = await store.update(T1, counted, update_id="tg:1001")
        again = await store.update(T1, counted, update_id="tg:1001")
        assert first.status is UpdateStatus.APPLIED
        assert again.status is UpdateStatus.DUPLICATE
        assert again.record == Versioned(b"1", 1)
        assert len(calls) == 1
        assert store.counters.duplicates == 1
        assert (await store.update(T1, counted, update_id="tg:1002")).applied
        assert await store.load(T1) == Versioned(b"2", 2)

    async def test_concurrent_duplicate_deliveries_apply_once(self, store: AnyStore) -> None:
        results = await asyncio.gather(
            *(store.update(T1, increment, update_id="same") for _ in range(10))
        )
        statuses = [r.status for r in results]
        assert statuses.count(UpdateStatus.APPLIED) == 1
        assert statuses.count(UpdateStatus.DUPLICATE) == 9
        assert await store.load(T1) == Versioned(b"1", 1)

    async def test_cas_with_seen_id_is_duplicate_even_at_right_version(
        self, store: AnyStore
    ) -> None:
        assert await store.compare_and_set(T1, 0, b"a", update_id="x") is CasResult.APPLIED
        assert await store.compare_and_set(T1, 1, b"b", update_id="x") is CasResult.DUPLICATE
        assert await store.load(T1) == Versioned(b"a", 1)
        assert await store.is_seen(T1, "x") is True

    async def test_conflict_does_not_mark_update_seen(self, store: AnyStore) -> None:
        await store.compare_and_set(T1, 0, b"a")
        assert await store.compare_and_set(T1, 0, b"b", update_id="y") is CasResult.CONFLICT
        assert await store.is_seen(T1, "y") is False

    async def test_mark_update_seen(self, store: AnyStore) -> None:
        assert await store.is_seen(T1, "m1") is False
        assert await store.mark_update_seen(T1, "m1") is True
        assert await store.mark_update_seen(T1, "m1") is False
        assert await store.is_seen(T1, "m1") is True
        assert await store.is_seen(T2, "m1") is False
        assert await store.load(T1) is None
        status = (await store.update(T1, increment, update_id="m1")).status
        assert status is UpdateStatus.DUPLICATE

    async def test_unchanged_update_is_not_remembered(self, store: AnyStore) -> None:
        """Only writes are remembered: a read or a refusal delivered again is decided again."""
        first = await store.update(T1, lambda current: None, update_id="n1")
        assert first.status is UpdateStatus.UNCHANGED
        assert await store.is_seen(T1, "n1") is False
        assert (await store.update(T1, increment, update_id="n1")).applied
        assert await store.is_seen(T1, "n1") is True

    async def test_the_window_is_a_day_and_more_by_default(self, store: AnyStore) -> None:
        assert store.seen_ttl >= 24 * 3600
        assert store.seen_limit >= 100

    async def test_seen_ids_expire(self, make_store: MakeStore) -> None:
        """Seen ids expire on the store's clock (injected here, so no waiting)."""
        clock = FakeClock(time.time())
        store = make_store(seen_ttl=30, clock=clock)
        assert (await store.update(T1, increment, update_id="e1")).applied
        assert await store.mark_update_seen(T2, "e2", ttl=10) is True
        clock.now += 20
        assert await store.is_seen(T1, "e1")
        assert await store.mark_update_seen(T2, "e2") is True
        clock.now += 11
        assert await store.is_seen(T1, "e1") is False
        assert (await store.update(T1, increment, update_id="e1")).applied

    async def test_seen_ids_are_bounded_per_table(self, make_store: MakeStore) -> None:
        store = make_store(seen_limit=4)
        for i in range(6):
            assert await store.mark_update_seen(T1, f"id{i}")
        assert [await store.is_seen(T1, f"id{i}") for i in range(6)] == [False, False] + [True] * 4

    async def test_update_ids_are_validated(self, store: AnyStore) -> None:
        with pytest.raises(ValueError, match="invalid update id"):
            await store.mark_update_seen(T1, "")
        with pytest.raises(ValueError, match="invalid update id"):
            await store.update(T1, increment, update_id="x" * 201)

    async def test_table_ttl_expires_abandoned_tables(self, make_store: MakeStore) -> None:
        """Tables expire on the server's own clock (real time); every write renews the TTL."""
        store = make_store(table_ttl=1.0)
        await store.compare_and_set(T1, 0, b"abandoned")
        await store.compare_and_set(T2, 0, b"active")
        await store.update_user(ALICE, increment)
        await asyncio.sleep(0.6)
        await store.compare_and_set(T2, 1, b"still active")
        await asyncio.sleep(0.6)
        assert await store.load(T1) is None
        assert await store.load(T2) == Versioned(b"still active", 2)
        assert await store.get_user(ALICE) == Versioned(b"1", 1)
        assert await store.compare_and_set(T1, 0, b"new game") is CasResult.APPLIED

    async def test_explicit_ttl_overrides_default(self, make_store: MakeStore) -> None:
        store = make_store(table_ttl=None)
        await store.compare_and_set(T1, 0, b"short", ttl=0.2)
        await store.compare_and_set(T2, 0, b"forever")
        await asyncio.sleep(0.35)
        assert await store.load(T1) is None
        assert await store.load(T2) == Versioned(b"forever", 1)
        with pytest.raises(ValueError, match="ttl must be positive"):
            await store.compare_and_set(T2, 1, b"x", ttl=0)

    async def test_user_records(self, store: AnyStore) -> None:
        assert await store.get_user(ALICE) is None
        codec = JsonCodec()

        def set_language(current: Versioned | None) -> bytes:
            data = codec.decode(current.payload) if current else {}
            return codec.encode({**data, "lang": "be"})

        assert (await store.update_user(ALICE, set_language, update_id="u1")).applied
        record = await store.get_user(ALICE)
        assert record is not None and codec.decode(record.payload) == {"lang": "be"}
        again = await store.update_user(ALICE, set_language, update_id="u1")
        assert again.status is UpdateStatus.DUPLICATE
        assert await store.load(TableKey("telegram", "42")) is None

    async def test_deadlines_ordering_and_limit(self, store: AnyStore) -> None:
        tables = [TableKey("telegram", str(100 + i)) for i in range(40)]
        for i, table in enumerate(tables):
            await store.set_deadline(table, 1000.0 + (i * 7919) % 40)
        due = await store.due(1019.5, limit=100)
        assert [d.when for d in due] == [1000.0 + k for k in range(20)]
        assert {d.table for d in due} == {t for i, t in enumerate(tables) if (i * 7919) % 40 < 20}
        first = await store.due(2000.0, limit=5)
        assert [d.when for d in first] == [1000.0, 1001.0, 1002.0, 1003.0, 1004.0]
        assert await store.due(999.0) == []

    async def test_deadline_set_moves_and_clear(self, store: AnyStore) -> None:
        await store.set_deadline(T1, 500.25)
        await store.set_deadline(T2, 600.0)
        await store.set_deadline(T1, 700.5)
        assert await store.due(650.0) == [Deadline(T2, 600.0)]
        assert await store.clear_deadline(T1, when=500.25) is False
        assert await store.due(800.0) == [Deadline(T2, 600.0), Deadline(T1, 700.5)]
        assert await store.clear_deadline(T1, when=700.5) is True
        assert await store.clear_deadline(T2) is True
        assert await store.clear_deadline(T2) is False
        assert await store.due(10_000.0) == []

    async def test_deadline_for_a_real_epoch_time(self, store: AnyStore) -> None:
        when = time.time() + 0.123456789
        await store.set_deadline(T1, when)
        assert await store.due(when) == [Deadline(T1, when)]
        assert await store.clear_deadline(T1, when=when) is True


class TestRedisOnly:
    """What only a Redis store has: layout, corrupt data, an unreachable server, restarts."""

    async def test_layout_one_hash_slot_per_table(self, redis_client: Redis) -> None:
        store = RedisStore(redis_client)
        await store.update(T1, increment, update_id="u")
        keys = key_names(await redis_client.keys("*"))
        assert keys == ["bg:{telegram:-1001234:45}", "bg:{telegram:-1001234:45}:seen"]
        assert key_slot(T1.key.encode()) == key_slot(T1.seen_key.encode())
        assert key_slot(T1.sibling("clock").encode()) == key_slot(T1.key.encode())
        assert await redis_client.hgetall(T1.key) == {b"v": b"1", b"d": b"1"}
        ttl = await redis_client.ttl(T1.key)
        assert 29 * 24 * 3600 < ttl <= 30 * 24 * 3600

    @pytest.mark.parametrize(
        ("first_id", "limit"), [(987654321, 2700), (1234567890123456789, 3500)]
    )
    async def test_table_footprint_stays_small(
        self, redis_client: Redis, first_id: int, limit: int
    ) -> None:
        """A 500-byte table with a full seen set (a day's writes and more) stays in Redis' compact
        encoding: under 2.7 KB with Telegram update ids, under 3.5 KB with Discord's longer ones."""
        store = RedisStore(redis_client)
        await redis_client.delete(T1.key, T1.seen_key)
        for i in range(store.seen_limit + 50):
            update_id = str(first_id + i)
            await store.update(T1, lambda current: b"x" * 500, update_id=update_id)
        assert await redis_client.zcard(T1.seen_key) == store.seen_limit
        assert await redis_client.object("encoding", T1.seen_key) == b"listpack"
        record = await redis_client.memory_usage(T1.key)
        seen = await redis_client.memory_usage(T1.seen_key)
        assert record is not None and seen is not None
        assert record + seen < limit, (record, seen)

    async def test_ids_seen_by_an_earlier_version_count_until_they_expire(
        self, redis_client: Redis
    ) -> None:
        """Earlier versions scored the seen set in milliseconds: such an id is a duplicate
        until its expiry, then forgotten, and does not keep a new id out."""
        clock = FakeClock(time.time())
        store = RedisStore(redis_client, clock=clock)
        await redis_client.zadd(T1.seen_key, {"old": round((clock.now + 60) * 1000)})
        assert await store.is_seen(T1, "old")
        assert (await store.update(T1, increment, update_id="old")).status is (
            UpdateStatus.DUPLICATE
        )
        assert (await store.update(T1, increment, update_id="new")).applied
        clock.now += 61
        assert not await store.is_seen(T1, "old")
        assert (await store.update(T1, increment, update_id="newer")).applied
        assert await redis_client.zscore(T1.seen_key, "old") is None  # dropped on that write
        assert (await store.update(T1, increment, update_id="old")).applied

    async def test_user_records_are_kept_400_days_from_their_last_use(
        self, redis_client: Redis
    ) -> None:
        store = RedisStore(redis_client)
        await store.update_user(ALICE, increment)
        assert 399 * 86400 < await redis_client.ttl(ALICE.key) <= 400 * 86400
        await redis_client.expire(ALICE.key, 60)  # as if it had not been used for long
        assert await store.get_user(ALICE) == Versioned(b"1", 1)  # reading it is a use
        assert 399 * 86400 < await redis_client.ttl(ALICE.key) <= 400 * 86400
        assert await store.get_user(UserKey("telegram", "nobody")) is None
        assert await redis_client.exists(UserKey("telegram", "nobody").key) == 0

    async def test_user_records_of_a_forever_store_never_expire(self, redis_client: Redis) -> None:
        store = RedisStore(redis_client, user_ttl=None)
        await store.update_user(ALICE, increment)
        assert await store.get_user(ALICE) == Versioned(b"1", 1)
        assert await redis_client.ttl(ALICE.key) == -1

    async def test_corrupt_records_raise_clear_errors(self, redis_client: Redis) -> None:
        store = RedisStore(redis_client)
        await redis_client.set(T1.key, b"not a hash")
        with pytest.raises(CorruptRecord, match=r"telegram:-1001234:45.*cannot be read"):
            await store.load(T1)
        with pytest.raises(CorruptRecord, match="cannot be read"):
            await store.compare_and_set(T1, 0, b"x")
        await redis_client.delete(T1.key)
        await redis_client.hset(T2.key, mapping={"v": "abc", "d": "x"})
        with pytest.raises(CorruptRecord, match=r"discord:998877.*not a positive integer"):
            await store.load(T2)
        with pytest.raises(CorruptRecord, match="not a number"):
            await store.compare_and_set(T2, 0, b"x")
        await redis_client.hset(T2.key, mapping={"v": "3"})
        await redis_client.hdel(T2.key, "d")
        with pytest.raises(CorruptRecord, match="no payload"):
            await store.load(T2)

    async def test_deadline_shards_are_spread(self) -> None:
        shards = {deadline_shard_key(TableKey("telegram", str(i))) for i in range(400)}
        assert shards == {deadline_shard_name(n) for n in range(DEADLINE_SHARDS)}
        slots = {key_slot(s.encode()) for s in shards}
        assert len(slots) == DEADLINE_SHARDS

    async def test_unavailable_then_recovers(self, redis_factory: Any) -> None:
        server = redis_factory.server()
        store = RedisStore.from_url(server.url)
        try:
            assert (await store.update(T1, increment)).applied
            server.stop()
            assert await store.ping() is False
            with pytest.raises(StoreUnavailable, match="redis unavailable"):
                await store.load(T1)
            with pytest.raises(StoreUnavailable):
                await store.update(T1, increment, update_id="during outage")
            server.start()
            assert await store.ping() is True
            # The server came back empty (no persistence): the store works again at once.
            assert await store.load(T1) is None
            assert (await store.update(T1, increment, update_id="during outage")).applied
        finally:
            await store.close()

    async def test_restart_with_a_warm_pool_recovers_at_once(self, redis_factory: Any) -> None:
        server = redis_factory.server(aof=True)
        store = RedisStore.from_url(server.url)
        try:
            await asyncio.gather(*(store.update(T1, increment) for _ in range(20)))
            assert isinstance(store.client, Redis)
            pool = store.client.connection_pool
            assert len(pool._available_connections) > 1  # several pooled connections
            server.restart(hard=True)
            result = await store.update(T1, increment, update_id="after restart")
            assert result.applied and result.retries == 0
            assert await store.load(T1) == Versioned(b"21", 21)
        finally:
            await store.close()

    @pytest.mark.parametrize("hard", [False, True], ids=["sigterm", "sigkill"])
    async def test_aof_restart_loses_nothing(self, redis_factory: Any, hard: bool) -> None:
        server = redis_factory.server(aof=True)
        store = RedisStore.from_url(server.url)
        try:
            await asyncio.gather(
                *(store.update(T1, increment, update_id=f"u{i}") for i in range(30))
            )
            await store.set_deadline(T2, 1234.5)
            await store.update_user(ALICE, increment)
            server.restart(hard=hard)
            assert await store.load(T1) == Versioned(b"30", 30)
            assert await store.is_seen(T1, "u7")
            assert (await store.update(T1, increment, update_id="u7")).status is (
                UpdateStatus.DUPLICATE
            )
            assert await store.due(2000.0) == [Deadline(T2, 1234.5)]
            assert await store.get_user(ALICE) == Versioned(b"1", 1)
            # Scripts are gone from the restarted server's cache; EVALSHA falls back to loading.
            assert (await store.update(T1, increment, update_id="u30")).applied
            assert await store.load(T1) == Versioned(b"31", 31)
        finally:
            await store.close()


class TestMemoryOnly:
    """The memory store on an injected clock: expiry without waiting, and its sweeping."""

    async def test_expiry_follows_the_clock(self) -> None:
        clock = FakeClock()
        store = MemoryStore(clock=clock, table_ttl=60, seen_ttl=30)
        await store.update(T1, increment, update_id="a")
        clock.now += 29
        assert await store.is_seen(T1, "a") and await store.load(T1) is not None
        clock.now += 2
        assert not await store.is_seen(T1, "a") and await store.load(T1) is not None
        clock.now += 30
        assert await store.load(T1) is None

    async def test_sweep_drops_what_nobody_reads_again(self) -> None:
        clock = FakeClock()
        store = MemoryStore(clock=clock, table_ttl=60, seen_ttl=30)
        for i in range(10):
            await store.update(TableKey("console", str(i)), increment, update_id="u")
        await store.update_user(ALICE, increment, update_id="u")
        assert store.sweep() == 0
        clock.now += 61
        assert store.sweep() == 10 + 11  # ten tables and eleven remembered ids
        assert await store.get_user(ALICE) == Versioned(b"1", 1)

    async def test_user_records_live_400_days_from_their_last_use(self) -> None:
        clock = FakeClock()
        store = MemoryStore(clock=clock)
        await store.update_user(ALICE, increment)
        await store.update_user(UserKey("telegram", "43"), increment)
        clock.now += 399 * 86400
        assert await store.get_user(ALICE) == Versioned(b"1", 1)  # read: renewed
        clock.now += 2 * 86400
        assert await store.get_user(ALICE) == Versioned(b"1", 1)
        assert await store.get_user(UserKey("telegram", "43")) is None  # 401 days unused
        forever = MemoryStore(clock=clock, user_ttl=None)
        await forever.update_user(ALICE, increment)
        clock.now += 4000 * 86400
        assert await forever.get_user(ALICE) == Versioned(b"1", 1)

    async def test_sweeps_by_itself(self) -> None:
        from bot.store.memory import SWEEP_EVERY

        clock = FakeClock()
        store = MemoryStore(clock=clock, table_ttl=60)
        await store.compare_and_set(T2, 0, b"abandoned")
        clock.now += 61
        for i in range(SWEEP_EVERY):
            await store.compare_and_set(T1, i, b"busy")
        assert T2.key not in store._records


class TestFixtures:
    """The Redis fixtures themselves."""

    def test_missing_redis_server_fails_with_the_install_hint(
        self, redis_factory: Any, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        monkeypatch.setenv("PATH", "/nonexistent")
        with pytest.raises(pytest.fail.Exception, match="apt-get install redis-server"):
            redis_factory.server()

    def test_session_server_is_private(self, redis_url: str) -> None:
        assert redis_url.startswith("redis://127.0.0.1:")
        assert ":6379/" not in redis_url

    async def test_persistent_server_keeps_data_over_sigkill(self, redis_factory: Any) -> None:
        server = redis_factory.server(aof=True)
        before = Redis.from_url(server.url)
        await before.set("k", "v")
        await before.aclose()
        server.restart(hard=True)
        after = Redis.from_url(server.url)
        try:
            assert await after.get("k") == b"v"
            assert (server.workdir / "appendonlydir").is_dir()
        finally:
            await after.aclose()
        server.stop()
        successor = redis_factory.server(aof=True, workdir=server.workdir)
        again = Redis.from_url(successor.url)
        try:
            assert await again.get("k") == b"v"
        finally:
            await again.aclose()


class _LosingReplies(RedisStore):
    """A Redis store whose compare-and-set fails the way a dropped connection does.

    ``before`` loses the request (nothing written); otherwise the write happens and the reply is
    lost.  Only the first ``failures`` calls fail.
    """

    def __init__(self, client: Redis, *, before: bool, failures: int = 1) -> None:
        super().__init__(client)
        self.before = before
        self.failures = failures

    async def compare_and_set(self, key: Any, *args: Any, **kwargs: Any) -> CasResult:
        if self.failures <= 0:
            return await super().compare_and_set(key, *args, **kwargs)
        self.failures -= 1
        if not self.before:
            await super().compare_and_set(key, *args, **kwargs)
        raise StoreUnavailable(f"{key}: redis unavailable: connection lost")


class TestLostReplies:
    """A compare-and-set whose outcome is unknown is settled, never applied twice or lost."""

    @pytest.mark.parametrize("before", [True, False], ids=["request-lost", "reply-lost"])
    @pytest.mark.parametrize("update_id", [None, "tg:77"])
    async def test_settled_exactly_once(
        self, redis_client: Redis, before: bool, update_id: str | None
    ) -> None:
        store = _LosingReplies(redis_client, before=before)
        await store.update(T1, increment)
        store.failures = 1
        result = await store.update(T1, increment, update_id=update_id)
        assert result.status is UpdateStatus.APPLIED
        assert result.record == Versioned(b"2", 2)
        assert await store.load(T1) == Versioned(b"2", 2)
        if update_id is not None:
            assert await store.is_seen(T1, update_id)
            again = await store.update(T1, increment, update_id=update_id)
            assert again.status is UpdateStatus.DUPLICATE

    async def test_still_unavailable_is_reported(self, redis_factory: Any) -> None:
        server = redis_factory.server()
        client = Redis.from_url(server.url)
        store = _LosingReplies(client, before=True)
        original = store.compare_and_set

        async def fail_and_stop(key: Any, *args: Any, **kwargs: Any) -> CasResult:
            server.stop()
            return await original(key, *args, **kwargs)

        store.compare_and_set = fail_and_stop  # type: ignore[method-assign]
        try:
            with pytest.raises(StoreUnavailable):
                await store.update(T1, increment, update_id="u1")
        finally:
            await client.aclose()


class TestBatching:
    """A Redis store sends the commands of one turn of the event loop in one write."""

    async def test_commands_of_one_turn_share_one_connection(self, redis_client: Redis) -> None:
        store = RedisStore(redis_client)
        await store.update(T1, increment, update_id="warm")  # the scripts are loaded
        before = (await redis_client.info("stats"))["total_connections_received"]
        tables = [TableKey("telegram", str(6000 + i)) for i in range(100)]
        results = await asyncio.gather(
            *(store.compare_and_set(t, 0, b"one", update_id="u") for t in tables)
        )
        assert results == [CasResult.APPLIED] * 100
        after = (await redis_client.info("stats"))["total_connections_received"]
        assert after - before <= 1  # one write on one pooled connection, not 100
        assert [await store.load(t) for t in tables[:3]] == [Versioned(b"one", 1)] * 3

    async def test_one_bad_record_fails_only_its_own_command(self, redis_client: Redis) -> None:
        store = RedisStore(redis_client)
        tables = [TableKey("telegram", str(6100 + i)) for i in range(5)]
        await redis_client.set(tables[2].key, b"not a hash")
        results = await asyncio.gather(
            *(store.compare_and_set(t, 0, b"one") for t in tables), return_exceptions=True
        )
        assert isinstance(results[2], CorruptRecord)
        assert [r for i, r in enumerate(results) if i != 2] == [CasResult.APPLIED] * 4

    async def test_a_single_connection_client_sends_each_command_itself(
        self, redis_url: str
    ) -> None:
        client = Redis.from_url(redis_url, single_connection_client=True)
        store = RedisStore(client)
        try:
            await client.flushdb()
            results = await asyncio.gather(*(store.update(T1, increment) for _ in range(5)))
            assert all(r.applied for r in results)
            assert (await store.update(T1, increment, update_id="u")).applied
            assert (await store.update(T1, increment, update_id="u")).status is (
                UpdateStatus.DUPLICATE
            )
            assert await store.load(T1) == Versioned(b"6", 6)
        finally:
            await store.close()

    async def test_a_command_that_cannot_be_sent_fails_alone(self, redis_client: Redis) -> None:
        batcher = CommandBatcher(redis_client)
        results = await asyncio.gather(
            batcher.execute("SET", "a", b"1"),
            batcher.execute("SET", "b", None),  # redis-py cannot encode None
            batcher.execute("INCR", "a"),
            return_exceptions=True,
        )
        assert results[0] == b"OK"  # the raw reply: no redis-py response callbacks
        assert isinstance(results[1], DataError)
        assert results[2] == 2
        await batcher.close()

    async def test_a_lost_reply_is_reported_not_sent_again(self, redis_url: str) -> None:
        proxy = await ReplyDropper(redis_url).start()
        store = RedisStore.from_url(proxy.url)
        try:
            await store.client.flushdb()
            await store.update(T1, increment, update_id="u0")
            proxy.drop_reply_to(b"lost-reply")
            with pytest.raises(StoreUnavailable):
                await store.compare_and_set(T1, 1, b"lost-reply", update_id="u1")
            # The write happened once; the store did not send it again behind the caller's
            # back (which would have answered "duplicate" for the caller's own write).
            assert await store.load(T1) == Versioned(b"lost-reply", 2)
            assert await store.is_seen(T1, "u1")
        finally:
            await store.close()
            await proxy.close()

    async def test_a_lost_batch_is_settled_for_every_caller(self, redis_url: str) -> None:
        proxy = await ReplyDropper(redis_url).start()
        store = RedisStore.from_url(proxy.url)
        tables = [TableKey("telegram", str(6200 + i)) for i in range(10)]
        try:
            await store.client.flushdb()
            await asyncio.gather(*(store.update(t, increment) for t in tables))
            proxy.drop_reply_to(b"lost-reply")
            results = await asyncio.gather(
                *(store.update(t, lambda _: b"lost-reply", update_id="u1") for t in tables)
            )
            assert [r.status for r in results] == [UpdateStatus.APPLIED] * 10
            assert [r.record for r in results] == [Versioned(b"lost-reply", 2)] * 10
            assert [await store.load(t) for t in tables] == [Versioned(b"lost-reply", 2)] * 10
        finally:
            await store.close()
            await proxy.close()


class TestKeys:
    """Keys are built one way, validated and parsed back."""

    def test_table_keys(self) -> None:
        assert T1.key == "bg:{telegram:-1001234:45}"
        assert T1.seen_key == "bg:{telegram:-1001234:45}:seen"
        assert T2.key == "bg:{discord:998877}"
        assert str(T1) == T1.tag == "telegram:-1001234:45"
        assert TableKey.from_key(T1.key) == T1
        assert TableKey.from_tag(T2.tag) == T2
        assert TableKey("console", 7) == TableKey("console", "7")  # type: ignore[arg-type]
        assert hash(TableKey("telegram", "1")) == hash(TableKey("telegram", "1"))

    def test_user_keys(self) -> None:
        assert ALICE.key == "bg:user:{telegram:42}"
        assert UserKey.from_key(ALICE.key) == ALICE
        assert UserKey.from_tag("discord:5") == UserKey("discord", "5")
        assert key_slot(ALICE.key.encode()) == key_slot(ALICE.seen_key.encode())

    @pytest.mark.parametrize(
        "parts",
        [
            ("Telegram", "1"),
            ("telegram", ""),
            ("telegram", "a:b"),
            ("telegram", "a{b}"),
            ("telegram", "1", "to pic"),
            ("", "1"),
        ],
    )
    def test_invalid_table_keys(self, parts: tuple[str, ...]) -> None:
        with pytest.raises(InvalidKey):
            TableKey(*parts)

    @pytest.mark.parametrize(
        "text", ["bg:telegram:1", "bg:{telegram}", "bg:{a:b:c:d}", "xx:{telegram:1}"]
    )
    def test_unparsable_table_keys(self, text: str) -> None:
        with pytest.raises(InvalidKey):
            TableKey.from_key(text)

    def test_invalid_user_keys(self) -> None:
        with pytest.raises(InvalidKey):
            UserKey("telegram", "4 2")
        with pytest.raises(InvalidKey):
            UserKey.from_tag("telegram:4:2")
        with pytest.raises(InvalidKey):
            UserKey.from_key("bg:{telegram:42}")


class TestCodec:
    """Versioned JSON: round trips, compression, upgrades, clear errors on anything else."""

    def test_round_trip_is_compact(self) -> None:
        codec = JsonCodec()
        data = {"players": ["telegram:1", "telegram:2"], "board": [0, 2, 0], "name": "Нарды"}
        raw = codec.encode(data)
        assert raw.startswith(b'{"s":1,"d":{') and b" " not in raw.replace(b"\xd0", b"")
        assert codec.decode(raw) == data

    def test_bytes_are_those_of_the_standard_compact_encoder(self) -> None:
        plain = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)
        codec = JsonCodec(compress_over=None)
        documents: list[Any] = [
            {"seats": [["telegram:1", "Борис"], ["telegram:2", "Anna \u2028 ✓"]], "v": 3},
            {"deadline": 1764532800.125, "carry": [2.5, -1.5, 4], "held": None, "ok": True},
            {"big": 2**70, "keys": {1: "one", "2": 2}},  # what orjson refuses: the same bytes
            {"kind": WinKind.GAMMON, "moves": ("24/18", "13/11")},
        ]
        for data in documents:
            assert codec.encode(data) == plain.encode({"s": 1, "d": data}).encode()
            assert codec.decode(codec.encode(data)) == json.loads(plain.encode(data))

    def test_large_payloads_are_compressed(self) -> None:
        codec = JsonCodec(compress_over=100)
        data = {"moves": ["24/18 13/11"] * 200}
        raw = codec.encode(data)
        assert raw[:1] != b"{" and len(raw) < 200
        assert codec.decode(raw) == data

    @pytest.mark.parametrize("repeat", [70, 400, 3000])
    def test_compressed_as_small_as_with_the_default_window(self, repeat: int) -> None:
        codec = JsonCodec()
        data = {
            "log": [[i % 2, "move", f"{i % 24 + 1}/{i % 19 + 1}", i % 7] for i in range(repeat)]
        }
        raw = codec.encode(data)
        plain = json.dumps({"s": 1, "d": data}, separators=(",", ":")).encode()
        assert len(raw) <= len(zlib.compress(plain, 6))
        assert codec.decode(raw) == data
        # Records written with the default window (as before) still read.
        assert codec.decode(zlib.compress(plain, 6)) == data

    def test_upgrades_run_in_order(self) -> None:
        codec = JsonCodec(
            schema=3, upgrades={1: lambda d: {**d, "b": 1}, 2: lambda d: {**d, "c": d["b"] + 1}}
        )
        assert codec.decode(b'{"s":1,"d":{"a":0}}') == {"a": 0, "b": 1, "c": 2}
        assert codec.decode(b'{"s":3,"d":{"x":1}}') == {"x": 1}

    def test_missing_upgrade_is_refused_up_front(self) -> None:
        with pytest.raises(ValueError, match="no upgrade"):
            JsonCodec(schema=3, upgrades={1: lambda d: d})

    @pytest.mark.parametrize(
        ("payload", "message"),
        [
            (b"\x80\x81garbage", "neither JSON nor zlib"),
            (b"{not json", "not valid JSON"),
            (b'{"s":1}', "not a"),
            (b'{"s":"1","d":{}}', "not a positive integer"),
            (b'{"s":9,"d":{}}', "newer than"),
            (b'{"s":1,"d":{},"x":2}', "not a"),
            (b"{\xff}", "not valid JSON"),
        ],
    )
    def test_corrupt_payloads(self, payload: bytes, message: str) -> None:
        with pytest.raises(CorruptRecord, match=message) as caught:
            JsonCodec().decode(payload, key=T1)
        assert T1.tag in str(caught.value)

    def test_failing_upgrade_is_corrupt(self) -> None:
        codec = JsonCodec(schema=2, upgrades={1: lambda d: d["missing"]})
        with pytest.raises(CorruptRecord, match="upgrade from schema 1 failed"):
            codec.decode(b'{"s":1,"d":{}}')

    def test_never_pickle(self) -> None:
        with pytest.raises(TypeError):
            JsonCodec().encode({"x": object()})


def test_docstring_examples() -> None:
    import bot.store.base
    import bot.store.codec

    for module in (bot.store.base, bot.store.codec):
        result = doctest.testmod(module)
        assert result.attempted >= 2 and result.failed == 0, module.__name__


# -- history and leaderboards ------------------------------------------------------------------

ANN = UserKey("telegram", "42")
BOB = UserKey("telegram", "43")
CHAT = TableKey("telegram", "-1001", "9")


class TestSharedValues:
    """Values every process of a deployment shares (the digest of the synced commands)."""

    async def test_set_read_and_set_only_when_new(self, store: AnyStore) -> None:
        assert await store.shared_value("commands:discord:1:global") is None
        assert await store.put_shared_value("commands:discord:1:global", "abc")
        assert await store.shared_value("commands:discord:1:global") == "abc"
        assert not await store.put_shared_value("commands:discord:1:global", "x", only_new=True)
        assert await store.shared_value("commands:discord:1:global") == "abc"
        assert await store.put_shared_value("commands:discord:1:global", "def")
        assert await store.shared_value("commands:discord:1:global") == "def"
        assert await store.shared_value("commands:discord:2:global") is None

    async def test_of_many_claims_at_once_one_wins(self, store: AnyStore) -> None:
        won = await asyncio.gather(
            *(store.put_shared_value("sync:abc", str(i), only_new=True) for i in range(8))
        )
        assert sum(won) == 1
        assert await store.shared_value("sync:abc") == str(won.index(True))

    async def test_a_claim_expires(self, store: AnyStore) -> None:
        assert await store.put_shared_value("sync:abc", "1", only_new=True, ttl=0.2)
        assert not await store.put_shared_value("sync:abc", "2", only_new=True, ttl=0.2)
        await asyncio.sleep(0.35)
        assert await store.shared_value("sync:abc") is None
        assert await store.put_shared_value("sync:abc", "3", only_new=True, ttl=0.2)

    async def test_bad_names_and_ttls(self, store: AnyStore) -> None:
        with pytest.raises(InvalidKey):
            await store.shared_value("a b")
        with pytest.raises(InvalidKey):
            await store.put_shared_value("{x}", "1")
        with pytest.raises(ValueError, match="ttl"):
            await store.put_shared_value("x", "1", ttl=0)


class TestHistoryContract:
    async def test_newest_first_and_read_back(self, store: AnyStore) -> None:
        for n in range(3):
            assert await store.keep_match("telegram", f"m{n}", f"record {n}".encode(), [ANN, BOB])
        assert await store.history(ANN) == ["m2", "m1", "m0"]
        assert await store.history(BOB) == ["m2", "m1", "m0"]
        assert await store.history(ANN, 1, 1) == ["m1"]
        assert await store.history_entry(ANN, "m0") == b"record 0"
        assert await store.history_entry(BOB, "m0") == b"record 0"
        assert await store.history_entry(ANN, "nope") is None
        assert await store.history(UserKey("telegram", "44")) == []

    async def test_a_match_is_kept_once(self, store: AnyStore) -> None:
        assert await store.keep_match("telegram", "m1", b"first", [ANN, BOB])
        assert not await store.keep_match("telegram", "m1", b"second", [ANN, BOB])
        assert await store.history(ANN) == ["m1"] and await store.history(BOB) == ["m1"]
        assert await store.history_entry(ANN, "m1") == b"first"

    async def test_concurrent_keeps_of_one_match_keep_one(self, store: AnyStore) -> None:
        kept = await asyncio.gather(
            *(store.keep_match("telegram", "m", b"x", [ANN, BOB]) for _ in range(10))
        )
        assert sum(kept) == 1
        assert await store.history(ANN) == ["m"] and await store.history(BOB) == ["m"]

    async def test_bounded_the_oldest_dropped_once_nobody_lists_it(self, store: AnyStore) -> None:
        carl = UserKey("telegram", "44")
        await store.keep_match("telegram", "shared", b"s", [ANN, carl])
        for n in range(HISTORY_LIMIT + 5):
            await store.keep_match("telegram", f"m{n}", b"r", [ANN, BOB])
        ids = await store.history(ANN, 0, 1000)
        assert len(ids) == HISTORY_LIMIT
        assert ids[0] == f"m{HISTORY_LIMIT + 4}" and ids[-1] == "m5"
        assert await store.history_entry(ANN, "m4") is None
        assert await store.history_entry(ANN, "m5") == b"r"
        # Dropped from Ann's history, still in Carl's: kept for him.
        assert await store.history(carl) == ["shared"]
        assert await store.history_entry(carl, "shared") == b"s"
        for n in range(3):
            await store.keep_match("telegram", f"b{n}", b"r", [carl], keep=2)
        assert await store.history(carl) == ["b2", "b1"]
        assert await store.history_entry(carl, "shared") is None

    async def test_bad_arguments(self, store: AnyStore) -> None:
        with pytest.raises(ValueError):
            await store.keep_match("telegram", "", b"x", [ANN])
        with pytest.raises(ValueError):
            await store.keep_match("telegram", "m", b"x", [ANN], keep=0)
        with pytest.raises(ValueError):
            await store.keep_match("discord", "m", b"x", [ANN])
        with pytest.raises(ValueError):
            await store.keep_match("telegram", "m", b"x", [])
        with pytest.raises(TypeError):
            await store.keep_match("telegram", "m", "text", [ANN])  # type: ignore[arg-type]
        assert await store.history(ANN) == []
        assert await store.history(ANN, -1) == [] and await store.history(ANN, 0, 0) == []


class TestLeaderboardContract:
    async def test_top_and_rank(self, store: AnyStore) -> None:
        board = leaderboard_key("telegram", "backgammon")
        await store.set_scores(board, {"1": 1500.0, "2": 1620.5, "3": 1433.25})
        await store.set_scores(board, {"3": 1700.0})
        assert await store.top_scores(board, 2) == [("3", 1700.0), ("2", 1620.5)]
        assert await store.score_rank(board, "1") == (3, 1500.0)
        assert await store.score_rank(board, "9") is None
        assert await store.top_scores(board, 0) == []
        assert await store.top_scores(leaderboard_key("telegram", "long_nardy")) == []

    async def test_equal_scores_in_one_order_everywhere(self, store: AnyStore) -> None:
        board = leaderboard_key("discord", "backgammon")
        await store.set_scores(board, {"10": 1500.0, "9": 1500.0, "100": 1500.0})
        assert await store.top_scores(board) == [("9", 1500.0), ("100", 1500.0), ("10", 1500.0)]
        assert await store.score_rank(board, "10") == (3, 1500.0)

    async def test_sibling_records_follow_the_contract(self, store: AnyStore) -> None:
        key = SiblingKey(ANN, "standing")
        result = await store.update(key, lambda current: b"1", update_id="u1")
        assert result.applied and (await store.load(key)) is not None
        again = await store.update(key, lambda current: b"2", update_id="u1")
        assert not again.applied
        assert await store.load(ANN) is None


def test_keys_share_their_owners_hash_slot() -> None:
    slot = key_slot(ANN.key.encode())
    for name in (history_key(ANN), SiblingKey(ANN, "standing").key):
        assert key_slot(name.encode()) == slot
    chat = leaderboard_key("telegram", "backgammon", CHAT)
    assert key_slot(chat.encode()) == key_slot(TableKey("telegram", "-1001").key.encode())
    assert chat == "bg:{telegram:-1001}:top:backgammon"
    assert match_key("telegram", "m1") == "bg:match:{telegram:m1}"
    with pytest.raises(InvalidKey):
        leaderboard_key("discord", "backgammon", CHAT)
    with pytest.raises(InvalidKey):
        SiblingKey(ANN, "bad name")


async def test_redis_layout_and_expiry(redis_client: Redis) -> None:
    rs = RedisStore(redis_client, user_ttl=3600.0)
    await rs.keep_match("telegram", "m1", b"x" * 600, [ANN])
    names = key_names(await redis_client.keys("*"))
    assert names == sorted([history_key(ANN), match_key("telegram", "m1")])
    assert await redis_client.lrange(history_key(ANN), 0, -1) == [b"m1"]
    # One string: how many histories list the match, then its record.
    assert await redis_client.get(match_key("telegram", "m1")) == b"1" + b"x" * 600
    for name in names:
        assert 3500 < await redis_client.ttl(name) <= 3600
    forever = RedisStore(redis_client, user_ttl=None)
    await forever.keep_match("telegram", "m2", b"y", [ANN])
    assert await redis_client.ttl(history_key(ANN)) == -1


async def test_a_match_kept_as_a_hash_by_an_earlier_store_is_read_and_released(
    redis_client: Redis,
) -> None:
    rs = RedisStore(redis_client)
    await redis_client.hset(match_key("telegram", "old"), mapping={"d": b"the record", "n": 2})
    await redis_client.lpush(history_key(ANN), "old")
    await redis_client.lpush(history_key(BOB), "old")
    assert await rs.history_entry(ANN, "old") == b"the record"
    await rs.keep_match("telegram", "new", b"r", [ANN], keep=1)
    assert await redis_client.hget(match_key("telegram", "old"), "n") == b"1"
    assert await rs.history_entry(BOB, "old") == b"the record"
    await rs.keep_match("telegram", "newer", b"r", [BOB], keep=1)
    assert await rs.history_entry(BOB, "old") is None
    assert await redis_client.exists(match_key("telegram", "old")) == 0


async def test_history_survives_a_new_store_on_the_same_server(redis_url: str) -> None:
    first = RedisStore.from_url(redis_url)
    await first.client.flushdb()
    await first.keep_match("telegram", "kept", b"the record", [BOB])
    await first.close()
    second = RedisStore.from_url(redis_url)
    try:
        assert await second.history(BOB) == ["kept"]
        assert await second.history_entry(BOB, "kept") == b"the record"
    finally:
        await second.close()


NOTICES = T1.sibling("changes")
OTHER_NOTICES = T2.sibling("changes")
WAIT = 30.0
"""Seconds a test waits for a notice before it fails (never a measure: a bound on a hang)."""


async def next_notice(messages: AsyncIterator[str]) -> str:
    return await asyncio.wait_for(anext(messages), WAIT)


class TestNotices:
    """Publish and subscribe: a notice reaches every subscriber of its channel, in any process
    on the store (a second Redis store is a second process)."""

    async def test_a_notice_reaches_the_subscribers_of_its_channel_only(
        self, make_store: MakeStore
    ) -> None:
        store = make_store()
        other = store if isinstance(store, MemoryStore) else make_store()
        first, second = store.subscribe(NOTICES), other.subscribe(NOTICES)
        elsewhere = other.subscribe(OTHER_NOTICES)
        for messages in (first, second, elsewhere):
            assert await next_notice(messages) == ""  # listened to from now on
        await store.publish(NOTICES, "7")
        assert await next_notice(first) == await next_notice(second) == "7"
        await other.publish(OTHER_NOTICES, "8")
        await other.publish(NOTICES, "9")
        assert await next_notice(elsewhere) == "8"
        assert await next_notice(first) == await next_notice(second) == "9"
        for messages in (first, second, elsewhere):
            await messages.aclose()

    async def test_a_channel_listened_to_again_after_its_last_subscriber_left(
        self, make_store: MakeStore
    ) -> None:
        store = make_store()
        other = store if isinstance(store, MemoryStore) else make_store()
        for round_ in range(3):
            messages = other.subscribe(NOTICES)
            assert await next_notice(messages) == ""
            await store.publish(NOTICES, f"round {round_}")
            assert await next_notice(messages) == f"round {round_}"
            await messages.aclose()
            await store.publish(NOTICES, "nobody listens")  # lost, and harmless

    async def test_a_new_subscriber_gets_nothing_published_before_it_came(
        self, make_store: MakeStore
    ) -> None:
        """Even on a channel listened to already, where a notice published before may still be
        on its way to this process."""
        store = make_store()
        other = store if isinstance(store, MemoryStore) else make_store()
        first = other.subscribe(NOTICES)
        assert await next_notice(first) == ""
        await store.publish(NOTICES, "before")
        second = other.subscribe(NOTICES)
        assert await next_notice(second) == ""
        await store.publish(NOTICES, "after")
        assert [await next_notice(first) for _ in range(2)] == ["before", "after"]
        assert await next_notice(second) == "after"
        await first.aclose()
        await second.aclose()

    async def test_notices_come_in_the_order_they_were_published(
        self, make_store: MakeStore
    ) -> None:
        store = make_store()
        messages = store.subscribe(NOTICES)
        assert await next_notice(messages) == ""
        for n in range(1, 11):
            await store.publish(NOTICES, str(n))
        assert [await next_notice(messages) for _ in range(10)] == [str(n) for n in range(1, 11)]
        await messages.aclose()

    async def test_a_notice_is_some_text(self, store: AnyStore) -> None:
        with pytest.raises(ValueError, match="non-empty"):
            await store.publish(NOTICES, "")


class TestNoticesOfRedis:
    async def test_unreachable_then_listened_to_again(self, redis_factory: Any) -> None:
        server = redis_factory.server()
        store = RedisStore.from_url(server.url)
        try:
            messages = store.subscribe(NOTICES)
            assert await next_notice(messages) == ""
            server.stop()
            with pytest.raises(StoreUnavailable):
                await store.publish(NOTICES, "lost")
            with pytest.raises(StoreUnavailable):
                await anext(store.subscribe(OTHER_NOTICES))
            server.start()
            # The listening connection comes back by itself and subscribes again: a notice
            # published once it has reaches the subscriber (those before are lost).
            got = asyncio.ensure_future(next_notice(messages))
            while not got.done():
                await store.publish(NOTICES, "back")
                await asyncio.wait([got], timeout=0.2)
            assert got.result() == "back"
            await messages.aclose()
            # A channel whose listening failed is listened to afresh.
            again = store.subscribe(OTHER_NOTICES)
            assert await next_notice(again) == ""
            await store.publish(OTHER_NOTICES, "again")
            assert await next_notice(again) == "again"
            await again.aclose()
        finally:
            await store.close()

    async def test_a_sharded_channel_is_on_its_table_s_node(self, redis_cluster_url: str) -> None:
        store = RedisStore.from_url(redis_cluster_url, cluster=True)
        try:
            assert key_slot(NOTICES.encode()) == key_slot(T1.key.encode())
            messages = store.subscribe(NOTICES)
            assert await next_notice(messages) == ""
            client = store.client
            assert isinstance(client, RedisCluster)
            node = client.get_node_from_key(T1.key)
            assert node is not None
            counts = await client.pubsub_shardnumsub(NOTICES, target_nodes=node)
            assert [(name, n) for name, n in counts] == [(NOTICES.encode(), 1)]
            await messages.aclose()
        finally:
            await store.close()


class TestMemoryNotices:
    async def test_a_slow_subscriber_keeps_the_newest_notices(self) -> None:
        store = MemoryStore()
        messages = store.subscribe(NOTICES)
        assert await next_notice(messages) == ""
        for n in range(1, 41):
            await store.publish(NOTICES, str(n))
        kept = [await next_notice(messages) for _ in range(DEPTH)]
        assert kept == [str(n) for n in range(41 - DEPTH, 41)]
        await messages.aclose()
