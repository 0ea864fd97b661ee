"""Faults: simultaneous presses against real Redis, two app processes on one table, Redis down and
back, and a fuzz test of random input from random users."""

from __future__ import annotations

import asyncio
import signal
import string

import pytest
from conftest import RedisFactory, RedisProcess
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from redis.asyncio import Redis
from redis_proxy import ReplyDropper
from test_app_support import ALICE, ALREADY_DONE, BOB, EVE, Chat, Dice, texts, toasts

from bot.app import (
    App,
    NotApplied,
    Payload,
    Reply,
    SendBoard,
    Toast,
    Update,
    User,
    format_payload,
)
from bot.app.payload import ACTIONS
from bot.app.syntax import say, typed_syntax
from bot.i18n import t
from bot.store import MemoryStore, RedisStore, TableKey
from engine.game import Phase

STALE = "This board is out of date: use the latest one."
INTERNAL = t("en", "error-internal")


async def _seated(store: RedisStore | MemoryStore, args: str = "money") -> Chat:
    chat = Chat(App(store, dice=Dice(21)))
    await chat.send(ALICE, f"/new {args}")
    await chat.press(BOB, "Join")
    return chat


async def test_take_and_pass_pressed_at_once_exactly_one_wins(redis_url: str) -> None:
    """Two bot processes (two apps, two Redis clients) get the take and the pass together."""
    one, two = RedisStore.from_url(redis_url), RedisStore.from_url(redis_url)
    try:
        await one.client.flushdb()
        chat = await _seated(one)
        await chat.press(ALICE, "Roll")
        for _ in range(4):
            game = (await chat.match()).game
            if game.phase is Phase.ROLL:
                break
            labels = chat.labels()
            user = [ALICE, BOB][game.turn or 0]
            await chat.press(user, "Confirm" if "Confirm" in labels else labels[0])
        game = (await chat.match()).game
        doubler, taker = [ALICE, BOB][game.turn or 0], [ALICE, BOB][1 - (game.turn or 0)]
        await chat.press(doubler, "Double")
        mid, take = chat.find("Take")
        _, pass_ = chat.find("Pass")
        other_app = App(two, dice=Dice(5))
        results = await asyncio.gather(
            chat.app.handle(Update(chat.key, taker, "t-1", button=take.payload, message=mid)),
            other_app.handle(Update(chat.key, taker, "t-2", button=pass_.payload, message=mid)),
        )
        stale = [r for r in results if toasts(r) == [STALE]]
        applied = [r for r in results if any(isinstance(x, SendBoard) for x in r)]
        assert len(stale) == 1 and len(applied) == 1
        match = await chat.match()
        took = match.game.cube.value == 2 and match.game.result is None
        passed = match.number == 2 and match.records()[0].result is not None
        assert took != passed
    finally:
        await one.close()
        await two.close()


async def test_both_players_roll_the_opening_at_once(redis_url: str) -> None:
    stores = [RedisStore.from_url(redis_url) for _ in range(2)]
    try:
        await stores[0].client.flushdb()
        chat = await _seated(stores[0], "3")
        mid, roll = chat.find("Roll")
        apps = [App(s, dice=Dice(i)) for i, s in enumerate(stores)]
        updates = [
            Update(chat.key, user, f"r-{user.id}", button=roll.payload, message=mid)
            for user in (ALICE, BOB)
        ]
        results = await asyncio.gather(*(a.handle(u) for a, u in zip(apps, updates, strict=True)))
        assert sorted(len(toasts(r)) for r in results) == [0, 1]
        game = (await chat.match()).game
        openings = [e.value for e in game.log if e.action == "opening"]
        assert openings in (_opening_rolls(0), _opening_rolls(1))  # one app's roll, not both
    finally:
        for s in stores:
            await s.close()


def _opening_rolls(seed: int) -> list[tuple[int | str, ...]]:
    """The opening roll (ties rolled again) that ``Dice(seed)`` produces."""
    dice = Dice(seed)
    out: list[tuple[int | str, ...]] = []
    while True:
        a, b = dice(), dice()
        out.append((a, b))
        if a != b:
            return out


async def test_many_copies_of_one_press_apply_once(redis_url: str) -> None:
    """The same update delivered ten times at once (webhook retries): applied exactly once."""
    store = RedisStore.from_url(redis_url)
    try:
        await store.client.flushdb()
        chat = await _seated(store, "3")
        mid, roll = chat.find("Roll")
        update = Update(chat.key, ALICE, "same-id", button=roll.payload, message=mid)
        results = await asyncio.gather(*(chat.app.handle(update) for _ in range(10)))
        # One copy is applied; each other one only shows the table as it stands.
        assert sorted(toasts(r) for r in results) == [[]] + [[ALREADY_DONE]] * 9
        game = (await chat.match()).game
        assert sum(1 for e in game.log if e.action != "opening") == 0
        assert game.phase is Phase.MOVE
    finally:
        await store.close()


async def test_redis_down_then_back(redis_factory: RedisFactory) -> None:
    server = redis_factory.server()
    store = RedisStore.from_url(server.url)
    try:
        chat = await _seated(store, "3")
        server.stop()
        replies = await chat.send(ALICE, "/board")
        assert texts(replies) == t("en", "error-unavailable")
        replies = await chat.press(ALICE, "Roll")
        assert toasts(replies) == [t("en", "error-unavailable")]
        # Not applied: delivered again, the update is applied then (a platform that has it
        # delivered again tells its sender that it is kept).
        assert replies == [
            NotApplied(
                Toast(t("en", "error-unavailable")), Toast(t("en", "error-unavailable-kept"))
            )
        ]
        # The other entry points do not raise either while Redis is away.
        assert await chat.app.tick() == []
        await chat.app.board_posted(chat.key, "m-1", 3)
        server.start()
        for _ in range(50):
            replies = await chat.send(ALICE, "/board")
            if texts(replies) != t("en", "error-unavailable"):
                break
            await asyncio.sleep(0.1)
        # The memory of the server is gone (no persistence here): the app says so, no crash.
        assert texts(replies) == say("en", typed_syntax, "error-no-table")
        await chat.send(ALICE, "/new 1")
        assert "Join" in chat.labels()
    finally:
        await store.close()


async def test_redis_with_aof_restarted_mid_game_loses_nothing(redis_factory: RedisFactory) -> None:
    server = redis_factory.server(aof=True)
    store = RedisStore.from_url(server.url)
    try:
        chat = await _seated(store, "3")
        await chat.press(ALICE, "Roll")
        before = await chat.table()
        server.restart(hard=True)  # SIGKILL, then start again on the same files
        for _ in range(50):
            try:
                after = await chat.table()
                break
            except Exception:
                await asyncio.sleep(0.1)
        assert after == before
        # And the game goes on from a new app (a restarted bot process).
        chat.app = App(store, dice=Dice(9))
        game = (await chat.match()).game
        labels = chat.labels()
        user = [ALICE, BOB][game.turn or 0]
        replies = await chat.press(user, labels[0])
        assert not toasts(replies)
    finally:
        await store.close()


# -- fuzz -----------------------------------------------------------------------------------------

USERS = [ALICE, BOB, EVE, User("telegram", "77", "Mallory", "ru"), User("discord", "1", "X")]

COMMAND_LINES = (
    *("/roll", "/double", "/take", "/pass", "/beaver", "/undo", "/confirm", "/accept"),
    *("/decline", "/abort", "/leave", "/join", "/board", "/score", "/pips", "/export"),
    *("/stats", "/start", "/resign gammon", "/new 3", "/settings view text", "/help move"),
    *("/propose double", "24/18 13/11", "8/5 6/5", "bar/22", "/move 13/7"),
    "/settings language be",
)
"""Lines that reach deep into the app, mixed into the random text."""

texts_strategy = st.one_of(
    st.text(max_size=80),
    st.text(alphabet=string.digits + "/ *()-barofBAR", max_size=30),
    st.sampled_from(COMMAND_LINES),
)


@st.composite
def payloads(draw: st.DrawFn) -> str:
    if draw(st.booleans()):
        return draw(st.text(max_size=70))
    spec = draw(st.sampled_from(ACTIONS))
    args = tuple(
        draw(st.integers(0, 30))
        if kind == "int"
        else draw(st.sampled_from(["yes", "no", "on", "off", "view", "text", "jacoby", "x"]))
        for kind in spec.args
    )
    version = draw(st.integers(0, 12))
    return format_payload(Payload(spec.name, args, version))


@st.composite
def inputs(draw: st.DrawFn) -> list[tuple[int, str | None, str | None]]:
    out: list[tuple[int, str | None, str | None]] = []
    for _ in range(draw(st.integers(1, 6))):
        user = draw(st.integers(0, len(USERS) - 1))
        if draw(st.booleans()):
            out.append((user, draw(texts_strategy), None))
        else:
            out.append((user, None, draw(payloads())))
    return out


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(inputs(), st.sampled_from(["money", "3", "chouette"]))
def test_random_input_never_raises_and_outsiders_change_nothing(
    script: list[tuple[int, str | None, str | None]], mode: str
) -> None:
    async def run() -> None:
        store = MemoryStore()
        app = App(store, dice=Dice(3))
        key = TableKey("telegram", "-5")
        n = 0

        async def send(user: User, text: str | None, button: str | None) -> list[Reply]:
            nonlocal n
            n += 1
            return list(await app.handle(Update(key, user, f"f{n}", text=text, button=button)))

        await send(ALICE, f"/new {mode}", None)
        await send(BOB, "/join", None)
        if mode == "chouette":
            await send(EVE, "/join", None)
            await send(ALICE, "/start", None)
        for index, text, button in script:
            user = USERS[index]
            table = await app.load_table(key)
            seated = table is not None and table.seat_of(user.ref) is not None
            before = await store.load(key)
            replies = await send(user, text, button)
            assert all(not isinstance(r, Toast) or r.text != INTERNAL for r in replies)
            assert INTERNAL not in texts(replies)
            after = await store.load(key)
            creating = text is not None and text.strip().startswith("/new")
            joining = (text or "").strip() == "/join" or (button or "").startswith("j:")
            if not seated and not creating and not joining:
                assert after == before, (user, text, button)

    asyncio.run(run())


# -- a write whose answer is lost -----------------------------------------------------------------

UNKNOWN = t("en", "error-outcome-unknown")
UNKNOWN_LATER = say("en", typed_syntax, "error-outcome-unknown-later")
UNAVAILABLE = t("en", "error-unavailable")


async def _stalled_press(
    server: RedisProcess, settle_window: float, caplog: pytest.LogCaptureFixture
) -> tuple[Chat, RedisStore, int, asyncio.Task[list[Reply]]]:
    """A table on ``server`` (a client timing out after 0.3 s), Redis paused (SIGSTOP), and the
    roll pressed: the press's compare-and-set and the check whether it landed both time out."""
    client = Redis.from_url(server.url, socket_timeout=0.3, socket_connect_timeout=0.3)
    store = RedisStore(client)
    chat = Chat(App(store, dice=Dice(21), settle_window=settle_window))
    await chat.send(ALICE, "/new 3")
    await chat.press(BOB, "Join")
    before = (await chat.table()).version
    mid, roll = chat.find("Roll")
    server.send_signal(signal.SIGSTOP)
    update = Update(chat.key, ALICE, "stalled", button=roll.payload, message=mid)
    pressing = asyncio.ensure_future(chat.app.handle(update))
    for _ in range(500):
        if any("write unconfirmed" in r.getMessage() for r in caplog.records):
            break
        await asyncio.sleep(0.02)
    assert any("write unconfirmed" in r.getMessage() for r in caplog.records)
    return chat, store, before, pressing


async def test_a_stall_past_the_timeout_answers_what_happened_once_redis_resumes(
    redis_factory: RedisFactory, caplog: pytest.LogCaptureFixture
) -> None:
    server = redis_factory.server()
    chat, store, before, pressing = await _stalled_press(server, 30.0, caplog)
    try:
        server.send_signal(signal.SIGCONT)
        replies = await pressing
        # Not "unavailable, try again": the roll landed, and its own answer is given.
        assert UNAVAILABLE not in texts(replies) and UNKNOWN not in texts(replies)
        assert [r.version for r in replies if isinstance(r, SendBoard)] == [before + 1]
        assert (await chat.table()).version == before + 1
    finally:
        server.send_signal(signal.SIGCONT)
        await store.close()


async def test_a_stall_longer_than_the_window_says_the_move_may_be_recorded(
    redis_factory: RedisFactory, caplog: pytest.LogCaptureFixture
) -> None:
    server = redis_factory.server()
    chat, store, before, pressing = await _stalled_press(server, 1.0, caplog)
    try:
        replies = await pressing
        assert toasts(replies) == [UNKNOWN_LATER]  # never "try again"
        server.send_signal(signal.SIGCONT)
        # The write landed when Redis resumed; the same press delivered again shows the board.
        mid, roll = chat.find("Roll")
        update = Update(chat.key, ALICE, "stalled", button=roll.payload, message=mid)
        for _ in range(100):
            again = await chat.app.handle(update)
            if toasts(again) != [UNAVAILABLE]:
                break
            await asyncio.sleep(0.05)
        assert toasts(again) == [ALREADY_DONE]
        assert [r.version for r in again if isinstance(r, SendBoard)] == [before + 1]
        assert (await chat.table()).version == before + 1
    finally:
        server.send_signal(signal.SIGCONT)
        await store.close()


async def test_redis_killed_during_the_stall_the_board_comes_with_the_doubt(
    redis_factory: RedisFactory, caplog: pytest.LogCaptureFixture
) -> None:
    """Redis (with its append-only file) is killed while paused, the press unanswered, and
    started again: the press never ran.  Once Redis answers, the player is told that his move
    may have been recorded, with the board as it stands."""
    server = redis_factory.server(aof=True)
    chat, store, before, pressing = await _stalled_press(server, 30.0, caplog)
    try:
        server.kill()
        server.start()
        replies = await pressing
        assert toasts(replies) == [UNKNOWN]
        assert [r.version for r in replies if isinstance(r, SendBoard)] == [before]
        assert (await chat.table()).version == before
    finally:
        await store.close()


async def test_a_store_failure_after_the_write_still_shows_the_change(redis_url: str) -> None:
    """The game ends with the accepted resignation; Redis goes away right after that write,
    before the statistics are written: the players still see the end of the game."""
    proxy = await ReplyDropper(redis_url).start()
    store = RedisStore.from_url(proxy.url)
    try:
        await store.client.flushdb()
        chat = Chat(App(store, dice=Dice(6)))
        await chat.send(ALICE, "/new 1")
        await chat.press(BOB, "Join")
        await chat.press(ALICE, "Roll")
        game = (await chat.match()).game
        resigner = [ALICE, BOB][game.turn or 0]
        await chat.send(resigner, "/resign")
        before = (await chat.table()).version
        mid, accept = chat.find("Accept")
        proxy.cut_after_reply_to(b"accept-1")
        replies = await chat.send(
            [BOB, ALICE][game.turn or 0], button=accept.payload, message=mid, update_id="accept-1"
        )
        assert proxy.cut
        assert UNAVAILABLE not in texts(replies) and not toasts(replies)
        assert any(isinstance(r, SendBoard) for r in replies)
        proxy.restore()
        assert (await chat.table()).version == before + 1
        assert (await chat.match()).is_over
    finally:
        await store.close()
        await proxy.close()
