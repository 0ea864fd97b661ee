"""The bot on a real 3-node Redis Cluster (``redis-server --cluster-enabled yes`` processes).

The store's whole contract suite already runs on such a cluster (``tests/test_store.py``,
parameter ``cluster``).  Here: a full game through the app on the cluster store, every key of a
table in one hash slot; then two ``python -m bot`` processes in cluster mode serving one
Telegram bot by webhook, one of them killed with SIGKILL mid-game and restarted, the game
going on to its end with every decision applied once.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from fake_telegram import FakeBotApi
from ops_support import BotProcess, Players
from redis.asyncio import RedisCluster
from telegram_support import ALICE, BOB
from test_app_support import Chat, Dice, play_until

from bot.app import App, User
from bot.store import RedisStore, TableKey


@pytest.fixture
async def cluster_store(redis_cluster_url: str) -> AsyncIterator[RedisStore]:
    store = RedisStore.from_url(redis_cluster_url, cluster=True)
    yield store
    await store.close()


def fresh_chat() -> int:
    """A chat id no other test on the shared cluster uses (positive: see test_multiprocess)."""
    return 10_000_000 + secrets.randbelow(10_000_000)


async def test_a_full_game_through_the_app_on_the_cluster(cluster_store: RedisStore) -> None:
    key = TableKey("telegram", str(fresh_chat()))
    chat = Chat(App(cluster_store, dice=Dice(11)), key=key)
    alice, bob = User("telegram", "1", "Alice", "en"), User("telegram", "2", "Bob", "en")
    await chat.send(alice, "/new 3")
    await chat.press(bob, "Join")
    await play_until(chat, [alice, bob], lambda match: match.is_over)
    match = await chat.match()
    assert match.is_over and max(match.score) >= 3
    # The table, its idempotency ids and its deadline hint share one hash slot.
    client = cluster_store.client
    assert isinstance(client, RedisCluster)
    slots = {await client.cluster_keyslot(k) for k in (key.key, key.seen_key, key.sibling("x"))}
    assert len(slots) == 1
    assert await client.exists(key.key) and await client.exists(key.seen_key)


async def test_a_write_through_one_process_is_seen_by_another_s_changes(
    redis_cluster_url: str, cluster_store: RedisStore
) -> None:
    """The web board of a table follows its writes (``App.changes``) from any process: the
    notices go by the cluster's sharded channels, on the node of the table's slot."""
    key = TableKey("telegram", str(fresh_chat()))
    chat = Chat(App(cluster_store, dice=Dice(3)), key=key)
    other = RedisStore.from_url(redis_cluster_url, cluster=True)
    try:
        versions = App(other).changes(key)
        assert await asyncio.wait_for(anext(versions), 30) == 0  # no table yet
        await chat.send(User("telegram", "1", "Alice", "en"), "/new 3")
        assert await asyncio.wait_for(anext(versions), 30) == 1
        await chat.press(User("telegram", "2", "Bob", "en"), "Join")
        assert await asyncio.wait_for(anext(versions), 30) == 2 == (await chat.table()).version
        await versions.aclose()
    finally:
        await other.close()


async def test_two_processes_on_the_cluster_one_killed_mid_game(
    redis_cluster_url: str, cluster_store: RedisStore, tmp_path: Path
) -> None:
    fake = FakeBotApi()
    await fake.start()
    bots = [
        BotProcess(fake, redis_cluster_url, tmp_path, name, REDIS_CLUSTER="true")
        for name in ("bot-a", "bot-b")
    ]
    try:
        for bot in bots:
            await bot.start()
        players = Players(fake, cluster_store, bots)
        chat_id = fresh_chat()
        group = fake.chat(chat_id, "supergroup")
        key = TableKey("telegram", str(chat_id))
        await players.say(ALICE, group, "/new 1", duplicate=True)
        await players.say(BOB, group, "/join", duplicate=True)
        await players.say(ALICE, group, "/settings view text", duplicate=True)
        for _ in range(10):
            game = (await players.match(key)).game
            await players.decide(group, key, game, [ALICE, BOB], duplicate=True)

        # bot-a dies without any shutdown; bot-b alone carries on, then bot-a is back.
        await bots[0].kill()
        for _ in range(6):
            game = (await players.match(key)).game
            await players.decide(group, key, game, [ALICE, BOB], duplicate=True)
        await bots[0].start()
        sent = await players.play_match(group, key, [ALICE, BOB])
        assert sent
        match = await players.match(key)
        assert match.is_over
        samples = [await bot.metrics() for bot in bots]
        assert all(s for s in samples)
        for bot in bots:
            errors = [r for r in bot.log_records() if r["level"] in ("ERROR", "CRITICAL")]
            assert not errors, errors
    finally:
        for bot in bots:
            bot.stop_now()
        await fake.stop()
