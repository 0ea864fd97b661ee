"""Ratings, dice statistics, leaderboards and history through the app, on the memory store and a
real Redis: a finished match between two people is rated once (duplicate deliveries, two
processes), money sessions and matches abandoned by agreement are not, an administrator turns
ratings off, and every finished match is kept (bounded) and survives a restart."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass
from fractions import Fraction

import pytest
from redis_proxy import ReplyDropper
from test_app_support import (
    ALICE,
    BOB,
    EVE,
    Chat,
    check_keyboard,
    open_store,
    play_turn_by_buttons,
    play_until,
    texts,
)

from bot.app import (
    App,
    Attachment,
    DiceScheme,
    EditBoard,
    Reply,
    SendBoard,
    SendFile,
    SendText,
    Update,
    User,
    results,
)
from bot.app.context import Context
from bot.app.dice import TableDice
from bot.app.history import MatchRecord
from bot.app.standing import load_standing
from bot.app.table import Table
from bot.app.users import UserRecords
from bot.i18n import t
from bot.store import HISTORY_LIMIT, MemoryStore, RedisStore, Store, TableKey, UserKey
from engine.fairdice import verify
from engine.rating import Standing
from engine.result import WinKind

USERS = [ALICE, BOB]


@pytest.fixture(params=["memory", "redis"])
async def store(request: pytest.FixtureRequest) -> AsyncIterator[Store]:
    async with open_store(request.param, request) as opened:
        yield opened


async def play_match(chat: Chat, args: str = "1") -> None:
    await chat.send(ALICE, f"/new {args}")
    await chat.press(BOB, "Join")
    await play_until(chat, USERS, lambda m: m.is_over)


def standing_of(user: User) -> UserKey:
    return UserKey(user.platform, user.id)


async def test_a_finished_match_is_rated_with_the_hand_worked_change(store: Store) -> None:
    chat = Chat(App(store, dice=DiceScheme.seeded(11)))
    await play_match(chat, "1")
    match = await chat.match()
    assert match.winner is not None
    winner, loser = USERS[match.winner], USERS[1 - match.winner]
    # Both new (1500, K = 5), 1 point: P = 1/2, change 4 * 5 * 1 * 1/2 = 10.
    log = texts(chat.log)
    assert f"{winner.name}: rating 1510.0 (+10.0)" in log
    assert f"{loser.name}: rating 1490.0 (−10.0)" in log
    assert (await load_standing(store, standing_of(winner))).rating("backgammon") == Standing(
        1510.0, 1
    )
    mine = texts(await chat.send(winner, "/rating"))
    assert f"{winner.name}, Backgammon: rating 1510.0, experience 1" in mine
    assert "Place 1 in this chat, 1 overall." in mine
    theirs = texts(await chat.send(winner, f"/rating {loser.name}"))
    assert f"{loser.name}, Backgammon: rating 1490.0, experience 1" in theirs
    top = texts(await chat.send(EVE, "/top"))
    assert f"1. {winner.name} — 1510.0 (experience 1)" in top
    assert f"2. {loser.name} — 1490.0 (experience 1)" in top
    assert f"1. {winner.name} — 1510.0" in texts(await chat.send(EVE, "/top global"))
    assert "No rated match yet." in texts(await chat.send(EVE, "/top nardy"))
    assert "no rated match yet" in texts(await chat.send(EVE, "/rating"))
    unknown = texts(await chat.send(EVE, "/rating Nobody"))
    assert "No player called Nobody" in unknown


async def test_dice_statistics_count_each_players_rolls(store: Store) -> None:
    chat = Chat(App(store, dice=DiceScheme.seeded(12)))
    await play_match(chat, "3")
    match = await chat.match()
    rolls = [0, 0]
    for record in match.records():
        for entry in record.log:
            if entry.action == "roll" and entry.player in (0, 1):
                rolls[entry.player] += 1
    for seat, user in enumerate(USERS):
        stats = (await load_standing(store, standing_of(user))).dice
        assert stats.rolls == rolls[seat] > 0
        shown = texts(await chat.send(user, "/dicestats"))
        assert f"Dice of {user.name} on this platform: {rolls[seat]} rolls" in shown
        assert "Each face: 1: " in shown and "chi-squared p = 0." in shown
    assert "No rolls of Eve counted yet." in texts(await chat.send(EVE, "/dice"))


async def test_the_dice_command_shows_the_whole_commitment_of_the_game_in_play(
    store: Store,
) -> None:
    chat = Chat(App(store, dice=DiceScheme.seeded(2)))
    await chat.send(ALICE, "/new 3")
    await chat.press(BOB, "Join")
    table = await chat.table()
    assert table.dice.current is not None
    shown = texts(await chat.send(EVE, "/dice"))
    assert f"hash {table.dice.current.commitment}" in shown
    assert table.dice.current.seed.server_seed.hex() not in shown


@dataclass
class TwoProcessChat(Chat):
    """Every update delivered to two apps at once (as a redelivery to two processes)."""

    other: App | None = None

    async def send(
        self,
        user: User,
        text: str | None = None,
        *,
        button: str | None = None,
        message: str | None = None,
        update_id: str | None = None,
        attachment: Attachment | None = None,
    ) -> list[Reply]:
        n = next(self._n)
        update = Update(self.key, user, update_id or f"u{n}", text=text, button=button,
                        message=message, attachment=attachment)  # fmt: skip
        assert self.other is not None
        both = await asyncio.gather(self.app.handle(update), self.other.handle(update))
        again = await self.app.handle(update)  # and once more, later
        done = t("en", "app-already-done")
        assert not any(isinstance(r, SendText) and "rating" in r.text for r in again)
        fresh = [r for r in both if not any(done in texts([x]) for x in r)]
        replies = fresh[0] if fresh else both[0]
        for i, reply in enumerate(replies):
            check_keyboard(getattr(reply, "buttons", ()))
            self.log.append(reply)
            if isinstance(reply, SendBoard | SendText):
                mid = f"m{n}.{i}"
                self.posted[mid] = reply
                self.order.append(mid)
                if isinstance(reply, SendBoard):
                    await self.app.board_posted(self.key, mid, reply.version)
            elif isinstance(reply, EditBoard):
                self.posted[reply.message] = reply
                self.order.remove(reply.message)
                self.order.append(reply.message)
        return replies


async def test_two_processes_and_duplicate_deliveries_rate_once(redis_url: str) -> None:
    stores = [RedisStore.from_url(redis_url), RedisStore.from_url(redis_url)]
    await stores[0].client.flushdb()
    try:
        apps = [App(s, dice=DiceScheme.seeded(i + 20)) for i, s in enumerate(stores)]
        chat = TwoProcessChat(apps[0], other=apps[1])
        await play_match(chat, "1")
        match = await chat.match()
        assert match.winner is not None
        winner, loser = USERS[match.winner], USERS[1 - match.winner]
        for user, rating in ((winner, 1510.0), (loser, 1490.0)):
            standing = await load_standing(stores[1], standing_of(user))
            assert standing.rating("backgammon") == Standing(rating, 1)
        assert len(await stores[0].history(standing_of(ALICE))) == 1
        assert texts(chat.log).count("rating 1510.0 (+10.0)") == 1
    finally:
        for s in stores:
            await s.close()


async def test_money_sessions_and_agreed_aborts_are_not_rated(store: Store) -> None:
    chat = Chat(App(store, dice=DiceScheme.seeded(5)))
    await chat.send(ALICE, "/new money")
    await chat.press(BOB, "Join")
    for _ in range(3000):
        if (await chat.table()).past.dropped:
            break  # a game of the session is over
        await play_turn_by_buttons(chat, USERS, (await chat.match()).game)
    assert (await chat.table()).past.dropped == 1
    assert "rating" not in texts(chat.log).lower().replace("ratings", "")
    await chat.send(ALICE, "/abort")
    await chat.send(BOB, "/abort")
    # A match abandoned by agreement: kept in history, not rated.
    await chat.send(ALICE, "/new 5")
    await chat.press(BOB, "Join")
    for _ in range(4):
        await play_turn_by_buttons(chat, USERS, (await chat.match()).game)
    await chat.send(ALICE, "/abort")
    await chat.send(BOB, "/abort")
    assert (await load_standing(store, standing_of(ALICE))).ratings == {}
    listed = texts(await chat.send(ALICE, "/history"))
    assert "Recent matches of Alice:" in listed and "abandoned by agreement" in listed
    assert "rating +" not in listed
    assert "not rated" in texts(await chat.send(ALICE, "/rating"))


async def test_an_administrator_turns_ratings_off(store: Store) -> None:
    app = App(store, dice=DiceScheme.seeded(7))
    chat = Chat(app)
    await chat.send(ALICE, "/new 1")
    key = TableKey("telegram", "-100")
    refused = await app.handle(Update(key, EVE, "x1", text="/settings ratings off"))
    assert "Only an administrator" in texts(refused)
    assert (await chat.table()).settings.ratings
    done = await app.handle(Update(key, EVE, "x2", text="/settings ratings off", admin=True))
    assert "Settings saved." in texts(done)
    assert "Ratings in this chat: off" in texts(await chat.send(ALICE, "/settings"))
    await chat.press(BOB, "Join")
    await play_until(chat, USERS, lambda m: m.is_over)
    assert (await load_standing(store, standing_of(ALICE))).ratings == {}
    assert len(await store.history(standing_of(ALICE))) == 1


async def test_history_lists_exports_and_replays_a_finished_match(store: Store) -> None:
    chat = Chat(App(store, dice=DiceScheme.seeded(9)))
    await play_match(chat, "3")
    listed = texts(await chat.send(ALICE, "/history"))
    assert "1. " in listed and "Alice" in listed and "3-point match, played out" in listed
    shown = await chat.send(ALICE, "/history 1")
    assert "Export" in chat.labels() and "Replay" in chat.labels()
    replies = await chat.press(BOB, "Export")
    files = {r.name: r for r in replies if isinstance(r, SendFile)}
    assert files["match.mat"].data.startswith(b" 3 point match") or b"point match" in (
        files["match.mat"].data
    )
    exported = json.loads(files["dice.json"].data)
    match = await chat.match()
    assert len(exported["games"]) == len(match.records()) and verify(exported).ok
    exported["games"][0]["rolls"][1][0] = exported["games"][0]["rolls"][1][0] % 6 + 1
    assert not verify(exported).ok
    opened = await chat.press(ALICE, "Replay")
    assert isinstance(opened[0], SendBoard) and "▶" in "".join(chat.labels())
    step = await chat.press(ALICE, "Next")
    assert isinstance(step[0], EditBoard)
    assert "no match 5" in texts(await chat.send(ALICE, "/history 5"))
    assert shown and "No finished match of Eve" in texts(await chat.send(EVE, "/history"))


async def test_history_is_bounded_and_survives_a_restart(redis_url: str) -> None:
    store = RedisStore.from_url(redis_url)
    await store.client.flushdb()
    try:
        chat = Chat(App(store, dice=DiceScheme.seeded(3)))
        await play_match(chat, "1")
        first = (await store.history(standing_of(ALICE)))[0]
        payload = await store.history_entry(standing_of(ALICE), first)
        assert payload is not None
        kept = MatchRecord.from_bytes(payload, first)
        for n in range(HISTORY_LIMIT):
            await store.keep_match("telegram", f"old{n}", payload, [standing_of(ALICE)])
        ids = await store.history(standing_of(ALICE))
        assert len(ids) == HISTORY_LIMIT and first not in ids  # the oldest went
        # Bob's history still lists it (kept once for both players).
        assert first in await store.history(standing_of(BOB))
        assert await store.history_entry(standing_of(BOB), first) is not None
        assert kept.match_id == first
    finally:
        await store.close()
    # A new process on the same Redis.
    again = RedisStore.from_url(redis_url)
    try:
        chat = Chat(App(again, dice=DiceScheme.seeded(4)))
        listed = texts(await chat.send(BOB, "/history"))
        assert "1. " in listed and "1-point match, played out" in listed
        assert len(await again.history(standing_of(ALICE))) == HISTORY_LIMIT
    finally:
        await again.close()


class RecordingApp(App):
    """An app that remembers the updates it was given (to deliver one again)."""

    updates: list[Update]

    async def handle(self, update: Update) -> list[Reply]:
        self.updates.append(update)
        return await super().handle(update)


def recording_app(store: Store, clock: list[float], seed: int) -> RecordingApp:
    app = RecordingApp(store, dice=DiceScheme.seeded(seed), clock=lambda: clock[0])
    app.updates = []
    return app


async def standings(store: Store, winner: User, loser: User) -> list[Standing]:
    return [
        (await load_standing(store, standing_of(u))).rating("backgammon") for u in (winner, loser)
    ]


async def played_to_the_end(
    chat: Chat, direct: Store, now: list[float], step: float = 1.0
) -> Table:
    """``chat``'s match played to its end by buttons (its state read from ``direct``), the clock
    moving on ``step`` seconds a turn; the table at the end."""
    for _ in range(3000):
        table = await App(direct).load_table(chat.key)
        assert table is not None and table.match is not None
        if table.match.is_over:
            return table
        await play_turn_by_buttons(chat, USERS, table.match.game)
        now[0] += step
    raise AssertionError("the match did not end")


@dataclass
class CutMatch:
    """A one-point match between Alice and Bob begun through a proxy (``proxy``) to Redis that
    can cut the app's store (``stopping``) off; ``direct`` reads Redis itself; ``now`` is the
    clock of ``first``, the app that plays it in ``chat``."""

    proxy: ReplyDropper
    direct: RedisStore
    stopping: RedisStore
    now: list[float]
    first: RecordingApp
    chat: Chat


@contextlib.asynccontextmanager
async def cut_match(redis_url: str) -> AsyncIterator[CutMatch]:
    """A :class:`CutMatch` on an emptied Redis, its stores and proxy closed after."""
    proxy = await ReplyDropper(redis_url).start()
    direct = RedisStore.from_url(redis_url)
    await direct.client.flushdb()
    stopping = RedisStore.from_url(proxy.url)
    now = [1.9e9]
    try:
        first = recording_app(stopping, now, 11)
        chat = Chat(first)
        await chat.send(ALICE, "/new 1")
        await chat.press(BOB, "Join")
        yield CutMatch(proxy, direct, stopping, now, first, chat)
    finally:
        await stopping.close()
        await direct.close()
        await proxy.close()


@pytest.mark.parametrize(
    "stopped_at",
    [b":standing", b"bg:match:"],
    ids=["before-anything-is-recorded", "after-the-rating-before-the-history"],
)
async def test_results_survive_a_stop_after_the_matchs_end(
    redis_url: str, stopped_at: bytes
) -> None:
    """The bot's process stops right after the write that ends the match (before its first
    write of the standings, or between the rating and the history): the match's end carries
    the results, and the ticks of the next two processes record them, once; a redelivery and
    more ticks record nothing more."""
    async with cut_match(redis_url) as m:
        m.proxy.cut_before(stopped_at)
        table = await played_to_the_end(m.chat, m.direct, m.now)
        assert table is not None and table.match is not None
        assert table.stage == "over" and table.past.pending  # the results came with the end
        match = table.match
        assert match.winner is not None
        winner, loser = USERS[match.winner], USERS[1 - match.winner]
        assert "rating 1510.0" not in texts(m.chat.log)
        recorded = await standings(m.direct, winner, loser)
        if stopped_at == b":standing":
            assert recorded == [Standing(), Standing()]
        else:
            assert recorded == [Standing(1510.0, 1), Standing(1490.0, 1)]
        assert await m.direct.history(standing_of(ALICE)) == []
        ending = m.first.updates[-1]
        await m.stopping.close()

        # The next processes, two of them on the same Redis: their clocks' ticks come to the
        # table at once; the results are recorded once and the change posted once.
        m.now[0] += results.RETRY_AFTER
        second = recording_app(m.direct, m.now, 12)
        other = RedisStore.from_url(redis_url)
        try:
            ticks = await asyncio.gather(second.tick(), recording_app(other, m.now, 14).tick())
        finally:
            await other.close()
        posted = texts([r for tick in ticks for _, replies in tick for r in replies])
        assert posted.count(f"{winner.name}: rating 1510.0 (+10.0)") == 1
        assert posted.count(f"{loser.name}: rating 1490.0 (−10.0)") == 1
        after = await second.load_table(m.chat.key)
        assert after is not None and after.past.pending == () and after.stage == "over"
        # Again, later, and the same update delivered again: nothing twice.
        m.now[0] += 3600
        assert await second.tick() == []
        again = texts(await recording_app(m.direct, m.now, 13).handle(ending))
        assert t("en", "app-already-done") in again and "rating" not in again
        assert await standings(m.direct, winner, loser) == [
            Standing(1510.0, 1),
            Standing(1490.0, 1),
        ]
        assert len(await m.direct.history(standing_of(ALICE))) == 1
        assert len(await m.direct.history(standing_of(BOB))) == 1


async def test_the_statistics_survive_a_stop_at_their_write(redis_url: str) -> None:
    """The process stops just before it writes the players' ``stats`` of a finished game: the
    game's end carried them in the table, and the next process's tick records them, once; a
    redelivery and more ticks record nothing more."""
    async with cut_match(redis_url) as m:
        users = UserRecords(m.direct)

        async def games() -> list[int]:
            return [int((await users.read(u.key)).get("stats", {}).get("games", 0)) for u in USERS]

        m.proxy.cut_before(b":stats")
        table = await played_to_the_end(m.chat, m.direct, m.now)
        assert table is not None and table.stage == "over"
        assert m.proxy.cut  # the statistics' write never reached the server
        assert any(str(p[0]).endswith(":stats") for p in table.past.pending), table.past.pending
        assert await games() == [0, 0]
        ending = m.first.updates[-1]
        await m.stopping.close()

        m.now[0] += results.RETRY_AFTER
        second = recording_app(m.direct, m.now, 12)
        await second.tick()
        assert await games() == [1, 1]
        after = await second.load_table(m.chat.key)
        assert after is not None and after.past.pending == ()
        m.now[0] += 3600
        assert await second.tick() == []
        await recording_app(m.direct, m.now, 13).handle(ending)
        assert await games() == [1, 1]


def test_a_pending_result_reads_back_and_older_ones_still_read() -> None:
    counted = results.Ended(
        "u7:stats", (ALICE.ref, "computer:strong"), counts=({"games": 1, "wins": 1}, {}), at=5.0
    )
    assert results.Ended.from_json(counted.to_json()) == counted
    # a result written before the statistics came with the results: seven fields
    older = ["m1:g2", [ALICE.ref, BOB.ref], None, None, None, 0, 3.0]
    assert results.Ended.from_json(older) == results.Ended("m1:g2", (ALICE.ref, BOB.ref), at=3.0)
    for bad in ([*older, [{"games": "x"}]], [*older, None, None], [*older, [3]]):
        with pytest.raises(ValueError):
            results.Ended.from_json(bad)


def test_a_finished_game_is_counted_in_whole_points_and_kept_as_json() -> None:
    """A drawn long nardy game is worth half a point: the ``stats`` count whole points, and the
    pending result the table keeps is plain JSON."""
    update = Update(TableKey("telegram", "1"), ALICE, "u9", text="/move")
    ctx = Context(update, "en", 5.0, TableDice(DiceScheme.seeded(1)), UserRecords(MemoryStore()))
    results.game_counted(ctx, [(ALICE.ref, Fraction(1, 2)), (BOB.ref, -3)], WinKind.GAMMON)
    results.game_counted(ctx, [(ALICE.ref, 2), (BOB.ref, -2)], WinKind.SINGLE)
    first, second = ctx.ended
    assert first.key == "u9:stats" and second.key == "u9:stats:1"
    assert first.counts == (
        {"games": 1, "wins": 1, "points": 0, "gammons": 1, "backgammons": 0},
        {"games": 1, "wins": 0, "points": -3, "gammons": 0, "backgammons": 0},
    )
    kept = json.loads(json.dumps(first.to_json()))
    assert results.Ended.from_json(kept) == first


async def test_a_redelivery_records_results_left_pending(redis_url: str) -> None:
    """The store went away after the match's end; the update delivered again later (a webhook
    retry) records the results, posts the rating change once, and the tick finds nothing."""
    async with cut_match(redis_url) as m:
        m.proxy.cut_before(b":standing")
        await played_to_the_end(m.chat, m.direct, m.now, step=0.0)
        ending = m.first.updates[-1]
        m.proxy.restore()
        # Delivered again at once: the process that wrote the results is taken to be
        # recording them, so this delivery leaves them.
        soon = texts(await m.first.handle(ending))
        assert "rating" not in soon
        m.now[0] += results.RETRY_AFTER
        later = texts(await m.first.handle(ending))
        assert later.count("rating 1510.0 (+10.0)") == 1
        assert later.count("rating 1490.0 (−10.0)") == 1
        assert "rating" not in texts(await m.first.handle(ending))
        m.now[0] += 3600
        assert await App(m.direct, clock=lambda: m.now[0]).tick() == []
        assert len(await m.direct.history(standing_of(ALICE))) == 1
        match = await m.chat.match()
        assert match.winner is not None
        winner, loser = USERS[match.winner], USERS[1 - match.winner]
        assert await standings(m.direct, winner, loser) == [
            Standing(1510.0, 1),
            Standing(1490.0, 1),
        ]
