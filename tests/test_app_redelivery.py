"""Which deliveries count as duplicates: the ids of the updates that wrote a table are remembered
for a day and more (a platform may deliver an update again for 24 hours), never pushed out by
reads, and the memory they take stays bounded.  Each test runs on the memory store and on a real
Redis, on an injected clock."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from test_app_support import ALICE, ALREADY_DONE, BOB, EVE, Chat, Dice

from bot.app import App, SendBoard, SendText
from bot.store import MemoryStore, RedisStore

AnyStore = MemoryStore | RedisStore  # both are a Store; BaseStore is only their shared part

HOUR = 3600.0


class Clock:
    """Time for the app and the store, moved on by the test."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(params=["memory", "redis"])
async def clocked(request: pytest.FixtureRequest) -> AsyncIterator[tuple[AnyStore, Clock]]:
    clock = Clock()
    if request.param == "memory":
        yield MemoryStore(clock=clock), clock
        return
    store = RedisStore.from_url(request.getfixturevalue("redis_url"), clock=clock)
    await store.client.flushdb()
    try:
        yield store, clock
    finally:
        await store.close()


async def _table(store: AnyStore, clock: Clock) -> Chat:
    chat = Chat(App(store, dice=Dice(2), clock=clock))
    await chat.send(ALICE, "/new 1")
    await chat.press(BOB, "Join")
    return chat


async def _view(chat: Chat) -> str:
    return (await chat.table()).settings.view


async def test_a_write_delivered_again_after_100_reads_and_41_writes_is_a_duplicate(
    clocked: tuple[AnyStore, Clock],
) -> None:
    store, clock = clocked
    chat = await _table(store, clock)
    await chat.send(ALICE, "/settings view text", update_id="w")
    for _ in range(100):  # a spectator looking at the board: reads, never remembered
        await chat.send(EVE, "/board")
    for i in range(41):  # writes: text → image → text … → image
        await chat.send(ALICE, f"/settings view {'image' if i % 2 == 0 else 'text'}")
        clock.now += 60
    assert await _view(chat) == "image"
    before = await chat.table()
    again = await chat.send(ALICE, "/settings view text", update_id="w")
    # Not applied a second time (the view would be text again): the table is shown as it is.
    assert isinstance(again[0], SendText) and again[0].text == ALREADY_DONE
    assert [r.version for r in again if isinstance(r, SendBoard)] == [before.version]
    assert await _view(chat) == "image" and (await chat.table()).version == before.version


async def test_reads_are_not_remembered(clocked: tuple[AnyStore, Clock]) -> None:
    store, clock = clocked
    chat = await _table(store, clock)
    await chat.send(EVE, "/board", update_id="r")
    assert not await store.is_seen(chat.key, "r")
    replies = await chat.send(EVE, "/board", update_id="r")  # shown again, as asked
    assert any(isinstance(r, SendBoard) for r in replies)
    assert ALREADY_DONE not in [getattr(r, "text", None) for r in replies]


async def test_a_write_is_remembered_for_the_window_then_forgotten(
    clocked: tuple[AnyStore, Clock],
) -> None:
    store, clock = clocked
    chat = await _table(store, clock)
    await chat.send(ALICE, "/settings view text", update_id="w")
    clock.now += 25 * HOUR  # Telegram delivers again for up to 24 hours
    assert await store.is_seen(chat.key, "w")
    await chat.send(ALICE, "/settings view image")
    again = await chat.send(ALICE, "/settings view text", update_id="w")
    assert isinstance(again[0], SendText) and again[0].text == ALREADY_DONE
    assert await _view(chat) == "image"
    clock.now += 1 * HOUR + 1  # 26 hours and a second after the write
    assert not await store.is_seen(chat.key, "w")
    await chat.send(ALICE, "/settings view text", update_id="w")  # a new update to the store
    assert await _view(chat) == "text"


async def test_the_remembered_ids_stay_bounded(clocked: tuple[AnyStore, Clock]) -> None:
    store, clock = clocked
    chat = await _table(store, clock)
    writes = 3 * store.seen_limit
    for i in range(writes):
        await chat.send(
            ALICE, f"/settings view {'text' if i % 2 == 0 else 'image'}", update_id=f"w{i}"
        )
        clock.now += 1
    seen = [await store.is_seen(chat.key, f"w{i}") for i in range(writes)]
    assert seen == [False] * (writes - store.seen_limit) + [True] * store.seen_limit
    if isinstance(store, RedisStore):
        assert await store.client.zcard(chat.key.seen_key) == store.seen_limit
    else:
        assert len(store._seen[chat.key.seen_key]) == store.seen_limit
    # After the window nothing is left of them (a sweep, or the next write, drops them).
    clock.now += 27 * HOUR
    if isinstance(store, MemoryStore):
        store.sweep()
        assert chat.key.seen_key not in store._seen
    else:
        await chat.send(ALICE, "/settings view text", update_id="late")
        assert await store.client.zcard(chat.key.seen_key) == 1
