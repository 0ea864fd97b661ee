"""Two ``python -m bot`` processes serving one Telegram bot by webhook, sharing one real Redis.

Every update of the chats is posted to the webhooks of *both* processes at once (as when a load
balancer retries, or Telegram redelivers): the table's compare-and-set and its idempotency ids
must apply each move exactly once, whichever process gets there first.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable
from pathlib import Path

import pytest
from fake_telegram import FakeBotApi, TgUser
from ops_support import BotProcess, Players, total
from telegram_support import ALICE, BOB, CAROL, DAVE

from bot.store import RedisStore, TableKey
from engine.log_entry import LogEntry

# Group chats with positive ids: real groups have negative ones, and PTB's rate limiter holds a
# negative chat to Telegram's 20 messages a minute, which would stretch this test to many minutes.
GROUP = 1001
ROOM = 1002


@pytest.fixture
async def fake() -> AsyncIterator[FakeBotApi]:
    server = FakeBotApi()
    await server.start()
    yield server
    await server.stop()


@pytest.fixture
async def store(redis_url: str) -> AsyncIterator[RedisStore]:
    opened = RedisStore.from_url(redis_url)
    await opened.client.flushdb()
    yield opened
    await opened.close()


@pytest.fixture
async def bots(fake: FakeBotApi, redis_url: str, tmp_path: Path) -> AsyncIterator[list[BotProcess]]:
    started = [BotProcess(fake, redis_url, tmp_path, name) for name in ("bot-a", "bot-b")]
    try:
        for bot in started:
            await bot.start()
        yield started
    finally:
        for bot in started:
            bot.stop_now()


def moves(entries: Iterable[LogEntry]) -> list[str]:
    """The notations of the ``move`` entries of a game log."""
    return [str(e.value[0]) for e in entries if e.action == "move"]


async def test_a_match_and_a_chouette_on_two_processes_apply_every_move_once(
    fake: FakeBotApi, store: RedisStore, bots: list[BotProcess]
) -> None:
    players = Players(fake, store, bots)

    # A match to 1 point in one group.
    group = fake.chat(GROUP, "supergroup")
    key = TableKey("telegram", str(GROUP))
    await players.say(ALICE, group, "/new 1", duplicate=True)
    await players.say(BOB, group, "/join", duplicate=True)
    await players.say(ALICE, group, "/settings view text", duplicate=True)
    sent = await players.play_match(group, key, [ALICE, BOB])
    match = await players.match(key)
    assert match.is_over
    logged = iter(moves(entry for _, entry in match.log))
    assert all(play in logged for play in sent)  # in order; forced plays come in between

    # A chouette of four in another group, to the end of its first game.
    room = fake.chat(ROOM, "supergroup")
    ckey = TableKey("telegram", str(ROOM))
    await players.say(ALICE, room, "/new chouette", duplicate=True)
    for member in (BOB, CAROL, DAVE):
        await players.say(member, room, "/join", duplicate=True)
    await players.say(ALICE, room, "/settings view text", duplicate=True)
    await players.say(ALICE, room, "/start", duplicate=True)
    by_ref: dict[str, TgUser] = {f"telegram:{u.id}": u for u in (ALICE, BOB, CAROL, DAVE)}
    played = 0
    first = (await players.chouette(ckey)).current
    assert first is not None
    for _ in range(1500):
        current = (await players.chouette(ckey)).current
        assert current is not None
        if current.number != first.number:
            break
        before = len(moves(current.game.log))
        acting = [by_ref[current.box], by_ref[current.captain]]
        play = await players.decide(room, ckey, current.game, acting, duplicate=True)
        if play is None:
            continue
        played += 1
        after = (await players.chouette(ckey)).current
        assert after is not None
        if after.number == current.number:
            assert moves(after.game.log)[before] == play  # then maybe forced plays
    else:
        raise AssertionError("the chouette game did not end")
    chouette = await players.chouette(ckey)
    ends = [e for e in chouette.log if e.action == "end" and e.game == first.number]
    assert len(ends) == 1, chouette.log
    assert sum(chouette.balances().values()) == 0 and any(chouette.balances().values())
    assert played > 0

    # Both processes took part; every second delivery of an update was recognised as a
    # duplicate by one of them; nothing failed.
    samples = [await bot.metrics() for bot in bots]
    handled = [total(s, "nardy_updates_total") for s in samples]
    assert all(n > 0 for n in handled), handled
    deliveries = sum(players.posted.values())
    assert sum(handled) == deliveries
    assert sum(total(s, "nardy_store_duplicates_total") for s in samples) >= deliveries / 2
    assert sum(total(s, "nardy_errors_total") for s in samples) == 0
    for bot in bots:
        errors = [r for r in bot.log_records() if r["level"] in ("ERROR", "CRITICAL")]
        assert not errors, errors
