"""Ratings, dice statistics and history recorded exactly once, on memory and on real Redis."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from redis.asyncio import Redis

from bot.app.standing import (
    APPLIED_KEPT,
    PlayerStanding,
    RatedMatch,
    load_standing,
    record_dice,
    record_rated_match,
    result_key,
    standing_key,
)
from bot.store import MemoryStore, RedisStore, TableKey, UserKey, leaderboard_key
from bot.store.failures import CorruptRecord
from engine.dicestats import DiceStats
from engine.rating import Standing

AnyStore = MemoryStore | RedisStore  # both are a Store; BaseStore is only their shared part

CHAT = TableKey("telegram", "-1001", "3")
ANN = UserKey("telegram", "1")
BOB = UserKey("telegram", "2")


@pytest.fixture(params=["memory", "redis"])
async def store(request: pytest.FixtureRequest) -> AsyncIterator[AnyStore]:
    if request.param == "memory":
        yield MemoryStore()
        return
    url = request.getfixturevalue("redis_url")
    flush = Redis.from_url(url)
    await flush.flushdb()
    await flush.aclose()
    made = RedisStore.from_url(url)
    yield made
    await made.close()


async def test_hand_worked_first_match(store: AnyStore) -> None:
    # Both new (1500, K = 5), 1 point: P_upset = 1/2, change 4 * 5 * 1 * 1/2 = 10.
    rated = await record_rated_match(store, CHAT, "m1", "backgammon", 1, ANN, BOB)
    assert (rated.winner_delta, rated.loser_delta) == (10.0, -10.0)
    assert (await load_standing(store, ANN)).rating("backgammon") == Standing(1510.0, 1)
    assert (await load_standing(store, BOB)).rating("backgammon") == Standing(1490.0, 1)
    assert (await load_standing(store, BOB)).rating("long_nardy") == Standing()
    board = leaderboard_key("telegram", "backgammon")
    assert await store.top_scores(board) == [("1", 1510.0), ("2", 1490.0)]
    chat_board = leaderboard_key("telegram", "backgammon", CHAT)
    assert await store.score_rank(chat_board, "2") == (2, 1490.0)


async def test_duplicate_deliveries_rate_once(store: AnyStore) -> None:
    for _ in range(3):
        rated = await record_rated_match(store, CHAT, "m1", "backgammon", 7, ANN, BOB)
        assert rated.winner_before == 1500.0
    concurrent = await asyncio.gather(
        *(record_rated_match(store, CHAT, "m2", "backgammon", 7, BOB, ANN) for _ in range(8))
    )
    assert len({(r.winner_delta, r.loser_delta) for r in concurrent}) == 1
    ann = (await load_standing(store, ANN)).rating("backgammon")
    bob = (await load_standing(store, BOB)).rating("backgammon")
    assert ann.experience == bob.experience == 14
    expected = 1500.0 + concurrent[0].loser_delta + (await _first_delta(store, "m1"))
    assert ann.rating == pytest.approx(expected)


async def _first_delta(store: AnyStore, match_id: str) -> float:
    record = await store.load(result_key(CHAT, match_id))
    assert record is not None
    return RatedMatch.from_bytes(record.payload).winner_delta


async def test_two_processes_rate_once(redis_url: str) -> None:
    flush = Redis.from_url(redis_url)
    await flush.flushdb()
    await flush.aclose()
    one, two = RedisStore.from_url(redis_url), RedisStore.from_url(redis_url)
    try:
        results = await asyncio.gather(
            *(
                record_rated_match(s, CHAT, "m9", "long_nardy", 5, ANN, BOB)
                for s in (one, two, one, two)
            )
        )
        assert len({r.to_bytes() for r in results}) == 1
        for user in (ANN, BOB):
            standing = await load_standing(one, user)
            assert standing.rating("long_nardy").experience == 5
            assert standing.applied == ("m9",)
        ann = (await load_standing(two, ANN)).rating("long_nardy").rating
        assert ann == pytest.approx(1500 + 4 * 5 * 5**0.5 / 2)
    finally:
        await one.close()
        await two.close()


async def test_dice_counted_once_per_game(store: AnyStore) -> None:
    stats = DiceStats().with_roll((6, 6)).with_roll((2, 1), closed=1, entered=True)
    for _ in range(2):
        await record_dice(store, ANN, "m1.1", stats)
    await record_dice(store, ANN, "m1.2", stats)
    standing = await load_standing(store, ANN)
    assert standing.dice.rolls == 4 and standing.dice.entering[0] == (2, 2)


async def test_applied_ids_are_bounded(store: AnyStore) -> None:
    for n in range(APPLIED_KEPT + 4):
        await record_dice(store, ANN, f"g{n}", DiceStats().with_roll((1, 2)))
    standing = await load_standing(store, ANN)
    assert len(standing.applied) == APPLIED_KEPT and standing.applied[-1] == f"g{APPLIED_KEPT + 3}"


async def test_standing_round_trips_and_corrupt_records_are_named(store: AnyStore) -> None:
    standing = PlayerStanding(
        {"backgammon": Standing(1612.25, 40)}, DiceStats().with_roll((3, 4)), ("m1",)
    )
    await store.compare_and_set(standing_key(ANN), 0, standing.to_bytes())
    assert await load_standing(store, ANN) == standing
    await store.compare_and_set(standing_key(BOB), 0, b'{"s":1,"r":{"backgammon":[1]}}')
    with pytest.raises(CorruptRecord):
        await load_standing(store, BOB)


async def test_a_players_rating_and_statistics_take_under_a_kilobyte(redis_url: str) -> None:
    """Both games rated, a full statistics record, the ids applied: MEMORY USAGE of every key
    the player owns plus its two leaderboard entries stays at most 1 KB."""
    client = Redis.from_url(redis_url)
    await client.flushdb()
    store = RedisStore(client)
    try:
        rival = UserKey("telegram", "1234567890")
        player = UserKey("telegram", "9876543210")
        for n in range(APPLIED_KEPT):
            game = "backgammon" if n % 2 else "long_nardy"
            await record_rated_match(store, CHAT, f"m{n:08d}", game, 7, player, rival)
            stats = DiceStats(
                rolls=12345, doubles=2057, faces=(4101, 4125, 4111, 4093, 4130, 4130),
                entering=((123, 120), (88, 79), (61, 45), (30, 17), (12, 4)),
            )  # fmt: skip
            await record_dice(store, player, f"m{n:08d}.1", stats)
        usage = await client.memory_usage(standing_key(player).key)
        assert usage is not None
        boards = 0
        for game in ("backgammon", "long_nardy"):
            for key in (
                leaderboard_key("telegram", game),
                leaderboard_key("telegram", game, CHAT),
            ):
                whole = await client.memory_usage(key)
                assert whole is not None
                boards += whole // 2  # two players on each board
        print(f"standing {usage} B + leaderboard share {boards} B")
        assert usage + boards <= 1024, (usage, boards)
    finally:
        await store.close()
