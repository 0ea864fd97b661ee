"""The correspondence move clock: deadlines in the store, reminders, expiry and the claim."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import replace

import pytest
from test_app_support import ALICE, BOB, EVE, Chat, Dice, open_store, play_turn_by_buttons, texts

from bot.app import App, Reply, SendBoard, SendText
from bot.app.history import MatchRecord
from bot.app.timing import CALL_AFTER
from bot.app.types import ClockNotice
from bot.store import Store, TableKey
from engine.game import Phase

USERS = [ALICE, BOB]
HOUR = 3600.0


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(params=["memory", "redis"])
async def store(request: pytest.FixtureRequest) -> AsyncIterator[Store]:
    """The clock runs on the memory store and on a real Redis (deadlines in sorted sets)."""
    async with open_store(request.param, request) as opened:
        yield opened


async def test_reminder_expiry_and_claim(store: Store) -> None:
    clock = Clock()
    app = App(store, dice=Dice(12), clock=clock)
    chat = Chat(app)
    await chat.send(ALICE, "/new 3")
    await chat.press(BOB, "Join")
    assert texts(await chat.send(BOB, "/clock 1h")) == "Move clock: 1 hour per move."
    assert "Give the clock as" in texts(await chat.send(ALICE, "/clock soon"))
    assert "You are not playing" in texts(await chat.send(EVE, "/clock 2h"))
    await chat.press(ALICE, "Roll")
    table = await chat.table()
    game = (await chat.match()).game
    actor = game.responder if game.responder is not None else game.turn
    assert actor is not None and table.clock.deadline == clock.now + HOUR
    waiting, other = USERS[actor], USERS[1 - actor]
    # Nothing is due yet; a claim now is refused.
    assert await app.tick() == []
    assert texts(await chat.send(other, "/claim")) == "The opponent's time has not run out yet."
    # 50 minutes later: a reminder, once (a second tick, or another process, adds nothing).
    clock.now += 50 * 60
    # Another platform's adapter leaves this table's clock to its own.
    assert await app.tick(platform="elsewhere") == []
    due = await app.tick(platform=chat.key.platform)
    assert [key for key, _ in due] == [chat.key]
    reminder = due[0][1]
    assert isinstance(reminder[0], ClockNotice)
    assert reminder[0].text == f"{waiting.name}, 10 minutes left for your move."
    # What a surface needs to place it otherwise, without reading the table: whom it is for,
    # whom it calls, the time left, and what each player concerned is told in private.
    assert (reminder[0].late, reminder[0].claimer, reminder[0].left) == (waiting.ref, None, 600)
    assert reminder[0].calls == waiting.ref
    assert reminder[0].told == (
        (waiting.ref, f"10 minutes left for your move in the game against {other.name}."),
    )
    assert await app.tick() == []
    # Past the deadline: the notice, then the opponent claims the game.
    clock.now += 11 * 60
    notice = await app.tick()
    assert texts(notice[0][1]) == (
        f"{waiting.name}'s time is up. {other.name} may claim the game (/claim)"
        " or the whole match (/claim match)."
    )
    assert texts(await chat.send(waiting, "/claim")) == "The opponent's time has not run out yet."
    claim = notice[0][1][0]
    assert isinstance(claim, ClockNotice)
    assert (claim.late, claim.claimer, claim.calls) == (waiting.ref, other.ref, other.ref)
    assert claim.brief.startswith(f"{waiting.name}'s time is up. {other.name} may claim")
    assert [user for user, _ in claim.told] == [waiting.ref, other.ref]
    assert claim.told[0][1].startswith(f"Your time is up in the game against {other.name}")
    assert [b.label for b in claim.buttons[0]] == ["Claim the game", "Claim the match"]
    replies = await chat.send(other, button=claim.buttons[0][0].payload)
    assert f"{other.name} wins the game on time." in texts(replies)
    # What happened, not a resignation nobody made.
    assert f"{waiting.name}'s time ran out." in texts(replies)
    assert "resign" not in texts(replies)
    match = await chat.match()
    assert match.score[USERS.index(other)] == 1 and match.number == 2
    # The next game runs on a fresh clock once someone must act.
    assert match.game.phase is Phase.OPENING and (await chat.table()).clock.deadline is None
    await chat.press(ALICE, "Roll")
    assert (await chat.table()).clock.deadline == clock.now + HOUR
    # Switching the clock off clears the deadline.
    assert texts(await chat.send(ALICE, "/clock off")) == "The move clock is off."
    assert (await chat.table()).clock.deadline is None
    clock.now += 10 * HOUR
    assert await app.tick() == []


async def test_the_clock_is_reset_when_the_turn_passes() -> None:
    from bot.store import MemoryStore

    clock = Clock()
    app = App(MemoryStore(), dice=Dice(2), clock=clock)
    chat = Chat(app)
    await chat.send(ALICE, "/new 3")
    await chat.press(BOB, "Join")
    await chat.send(ALICE, "/clock 2d")
    await chat.press(ALICE, "Roll")
    first = await chat.table()
    clock.now += HOUR
    game = (await chat.match()).game
    for _ in range(6):
        if (await chat.match()).game.turn != game.turn:
            break
        labels = chat.labels()
        await chat.press(USERS[game.turn or 0], "Confirm" if "Confirm" in labels else labels[0])
    after = await chat.table()
    assert first.clock.deadline is not None and after.clock.deadline == clock.now + 2 * 86400


async def test_claim_the_whole_match(store: Store) -> None:
    clock = Clock()
    app = App(store, dice=Dice(12), clock=clock)
    chat = Chat(app)
    await chat.send(ALICE, "/new 5")
    await chat.press(BOB, "Join")
    await chat.send(ALICE, "/clock 1h")
    await chat.press(ALICE, "Roll")
    game = (await chat.match()).game
    actor = game.responder if game.responder is not None else game.turn
    assert actor is not None
    waiting, other = USERS[actor], USERS[1 - actor]
    clock.now += 2 * HOUR
    notice = await app.tick()
    said = notice[0][1][0]
    assert isinstance(said, SendText)
    claim_match = said.buttons[0][1]
    # The late player cannot claim; the opponent takes the match.
    assert "has not run out" in texts(await chat.send(waiting, button=claim_match.payload))
    replies = await chat.send(other, button=claim_match.payload)
    assert f"{other.name} wins the match on time." in texts(replies)
    table = await chat.table()
    assert table.stage == "over" and table.forfeit == USERS.index(other)
    assert table.clock.deadline is None
    # The match is over: its dice's secret is shown, once.
    assert table.dice.master is not None
    assert texts(replies).count(f"the bot's secret {table.dice.master.hex()}") == 1
    assert f"{other.name} wins the match on time." in texts(await chat.send(EVE, "/score"))
    # The table is free again; nothing is due any more.
    clock.now += 10 * HOUR
    assert await app.tick() == []
    assert "Join" in [
        b.label
        for r in await chat.send(BOB, "/new 3")
        for row in getattr(r, "buttons", ())
        for b in row
    ]


async def test_a_match_claimed_in_its_last_game_ends_on_time(store: Store) -> None:
    """A claim of the whole match whose game would have ended it anyway (a 1-point match)
    ends it on time, not as played: so both players' histories record it."""
    clock = Clock()
    app = App(store, dice=Dice(12), clock=clock)
    chat = Chat(app)
    await chat.send(ALICE, "/new 1")
    await chat.press(BOB, "Join")
    await chat.send(ALICE, "/clock 1h")
    await chat.press(ALICE, "Roll")
    game = (await chat.match()).game
    actor = game.responder if game.responder is not None else game.turn
    assert actor is not None
    other = USERS[1 - actor]
    clock.now += 2 * HOUR
    await app.tick()
    await chat.send(other, "/claim match")
    table = await chat.table()
    assert table.stage == "over" and table.dice.match_id is not None
    for user in USERS:
        entry = await store.history_entry(user.key, table.dice.match_id)
        assert entry is not None
        record = MatchRecord.from_bytes(entry, table.dice.match_id)
        assert record.reason == "time" and record.winner == USERS.index(other)


async def test_money_claim_offers_the_game_only_in_the_tables_language(store: Store) -> None:
    clock = Clock()
    app = App(store, dice=Dice(3), clock=clock)
    chat = Chat(app)
    ru_alice = replace(ALICE, language="ru")
    ru_bob = replace(BOB, language="ru")
    await chat.send(ru_alice, "/new money")
    await chat.press(ru_bob, "Играть" if "Играть" in chat.labels() else chat.labels()[0])
    await chat.send(ru_alice, "/clock 30m")
    assert (await chat.table()).lang == "ru"
    mid, roll = next(
        (m, b)
        for m in reversed(chat.order)
        for row in getattr(chat.posted[m], "buttons", ())
        for b in row
        if b.payload.startswith("r:")
    )
    await chat.send(ru_alice, button=roll.payload, message=mid)
    assert (await chat.table()).clock.deadline is not None
    clock.now += HOUR
    notice = await app.tick()
    assert len(notice) == 1
    text = texts(notice[0][1])
    assert "/claim" in text and "match" not in text and "вышло" in text
    said = notice[0][1][0]
    assert isinstance(said, SendText) and [b.label for b in said.buttons[0]] == ["Забрать партию"]


async def test_the_deadline_is_in_the_store_before_the_write(store: Store) -> None:
    """The deadline entry exists as soon as the table that needs it is written, and a write that
    does not happen leaves the entry matching the table."""
    clock = Clock()
    app = App(store, dice=Dice(12), clock=clock)
    chat = Chat(app)
    await chat.send(ALICE, "/new 3")
    await chat.press(BOB, "Join")
    seen: list[tuple[float, int]] = []
    original = store.set_deadline

    async def spy(table: TableKey, when: float) -> None:
        record = await store.load(chat.key)
        seen.append((when, record.version if record is not None else 0))
        await original(table, when)

    store.set_deadline = spy  # type: ignore[method-assign]
    await chat.send(ALICE, "/clock 1h")
    assert seen == [] and (await chat.table()).clock.deadline is None  # nobody acts before the roll
    before = await store.load(chat.key)
    assert before is not None
    await chat.press(ALICE, "Roll")
    table = await chat.table()
    assert table.clock.deadline == clock.now + HOUR
    # Set once, while the record was still at its old version: before the compare-and-set.
    assert seen == [(table.clock.deadline - 0.2 * HOUR, before.version)]
    due = await store.due(clock.now + HOUR)
    assert [(d.table, d.when) for d in due] == [(chat.key, table.clock.deadline - 0.2 * HOUR)]
    # The reminder's tick puts the deadline itself in, again before its write.
    clock.now += 0.85 * HOUR
    seen.clear()
    before = await store.load(chat.key)
    assert before is not None
    assert len(await app.tick()) == 1
    assert seen == [(table.clock.deadline, before.version)]
    assert [d.when for d in await store.due(clock.now + HOUR)] == [table.clock.deadline]


def called(replies: list[Reply]) -> list[str | None]:
    """Whom every new board among ``replies`` calls (one player at most at a game of two)."""
    boards = [r for r in replies if isinstance(r, SendBoard)]
    assert all(len(r.calls) <= 1 for r in boards)
    return [r.calls[0] if r.calls else None for r in boards]


async def test_a_turn_after_a_long_wait_calls_the_player(store: Store) -> None:
    """With or without a move clock: the board that hands the game to a player who waited a
    minute or more for his opponent calls him; the opponent's own boards and steps, and a
    brisk turn, call nobody."""
    clock = Clock()
    app = App(store, dice=Dice(12), clock=clock)
    chat = Chat(app)
    await chat.send(ALICE, "/new 3")
    await chat.press(BOB, "Join")
    assert called(await chat.press(ALICE, "Roll")) == [None]
    calls: list[str | None] = []
    long_turns = 0
    for turn in range(12):
        game = (await chat.match()).game
        mover = game.turn
        assert mover is not None and game.responder is None
        slow = turn % 3 == 1
        long_turns += slow
        # The mover thinks (long on every third turn), then plays step by step.
        clock.now += CALL_AFTER + 30 if slow else 5
        replies: list[Reply] = []
        while (await chat.match()).game.turn == mover:
            clock.now += 1
            replies += await play_turn_by_buttons(chat, USERS, (await chat.match()).game)
        boards = called(replies)
        assert boards[:-1] == [None] * (len(boards) - 1)  # rolls and steps call nobody
        calls.append(boards[-1])
        assert boards[-1] == (USERS[1 - mover].ref if slow else None), turn
    assert calls.count(None) == len(calls) - long_turns
