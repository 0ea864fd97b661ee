"""What one process remembers never decides against the store: a table moved on by another
process, a redelivered update and a stale board report are all settled by compare-and-set."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator
from dataclasses import replace

import pytest
from redis_proxy import ReplyDropper
from test_app_support import ALICE, ALREADY_DONE, BOB, Chat, Dice, open_store, texts, toasts

from bot.app import App, SendBoard, Table
from bot.app.app import RECORD_CACHE
from bot.app.table import Placement, Seat
from bot.store import RedisStore, Store
from engine.game import Phase

USERS = [ALICE, BOB]


@pytest.fixture(params=["memory", "redis"])
async def store(request: pytest.FixtureRequest) -> AsyncIterator[Store]:
    """Each test runs on the memory store and on a real Redis."""
    async with open_store(request.param, request) as opened:
        yield opened


async def test_two_processes_take_turns_on_one_table(store: Store) -> None:
    """Two app instances (two processes) serve the same table alternately: each sees the other's
    writes although it remembers its own last record."""
    first = Chat(App(store, dice=Dice(1)))
    second = Chat(App(store, dice=Dice(2)), _n=itertools.count(1000))  # its own update ids
    await first.send(ALICE, "/new 3")
    await first.press(BOB, "Join")
    await first.send(ALICE, "/roll")
    game = (await first.match()).game
    assert game.phase is Phase.MOVE and game.turn is not None
    mover = USERS[game.turn]
    # The other process confirms a play the first one never saw being built.
    await second.send(mover, "/board")
    for _ in range(4):
        labels = second.labels()
        if "Confirm" in labels:
            break
        await second.press(mover, next(label for label in labels if "→" in label))
    await second.press(mover, "Confirm")
    after = (await second.match()).game
    assert after.phase is Phase.ROLL and after.turn == 1 - game.turn
    on_turn = USERS[after.turn]
    # Back at the first process, whose remembered record is stale: both updates are decided on
    # the table as the second process left it.
    assert texts(await first.send(mover, "/roll")) == "It is not your turn."
    replies = await first.send(on_turn, "/roll")
    assert any(isinstance(r, SendBoard) for r in replies)
    final = (await first.match()).game
    rolls = [e for e in final.log[len(after.log) :] if e.action == "roll"]
    assert [e.player for e in rolls] == [after.turn]


async def test_a_redelivered_update_is_applied_once(store: Store) -> None:
    chat = Chat(App(store, dice=Dice(3)))
    await chat.send(ALICE, "/new 3")
    await chat.press(BOB, "Join")
    await chat.send(ALICE, "/roll", update_id="roll-1")
    game = (await chat.match()).game
    assert game.phase is Phase.MOVE and game.turn is not None
    mover = USERS[game.turn]
    mid, step = chat.find("")  # the newest board's first button: a step
    assert "→" in step.label
    await chat.send(mover, button=step.payload, message=mid, update_id="step-1")
    built = (await chat.match()).game
    assert len(built.steps) == 1
    before = await chat.table()
    # The same delivery again (a platform retry), to the process that applied it: nothing
    # changes, and the table is shown as it stands.
    replies = await chat.send(mover, button=step.payload, message=mid, update_id="step-1")
    assert toasts(replies) == [ALREADY_DONE]
    after = await chat.table()
    assert after.with_board(None, None) == before.with_board(None, None)  # the board shown again
    before = after  # (the board shown again is the newest board now)
    # A fresh press of the stale button is refused and changes nothing.
    replies = await chat.send(mover, button=step.payload, message=mid, update_id="step-2")
    assert toasts(replies) == ["This board is out of date: use the latest one."]
    assert await chat.table() == before


async def test_a_board_report_from_another_process_is_kept(store: Store) -> None:
    first_app, second_app = App(store, dice=Dice(4)), App(store, dice=Dice(5))
    chat = Chat(first_app)
    await chat.send(ALICE, "/new 3")
    await chat.press(BOB, "Join")
    table = await chat.table()
    # Another process posts the board and reports it; this process remembers an older record.
    await second_app.board_posted(chat.key, "elsewhere", table.version)
    assert (await chat.table()).place.board_message == "elsewhere"
    await first_app.board_posted(chat.key, "here", table.version)
    assert (await chat.table()).place.board_message == "here"
    # A report for an older board changes nothing.
    await chat.send(ALICE, "/roll")
    newer = await chat.table()
    await second_app.board_posted(chat.key, "old", table.version)
    assert (await chat.table()).place.board_message == newer.place.board_message


async def test_a_lost_reply_to_the_remembered_write_is_settled_once(redis_url: str) -> None:
    """The press is decided on the remembered record and written with one compare-and-set; the
    connection drops after Redis applied it, before the reply came back.  The app finds its own
    write by the update id: the player gets his answer, the press counts once, and the same
    delivery again is a duplicate."""
    proxy = await ReplyDropper(redis_url).start()
    store = RedisStore.from_url(proxy.url)
    try:
        await store.client.flushdb()
        chat = Chat(App(store, dice=Dice(6)))
        await chat.send(ALICE, "/new 3")
        await chat.press(BOB, "Join")
        before = await chat.table()
        mid, roll = chat.find("Roll")
        proxy.drop_reply_to(b"lost-roll")
        replies = await chat.send(ALICE, button=roll.payload, message=mid, update_id="lost-roll")
        assert proxy.dropped == 1
        assert any(isinstance(r, SendBoard) for r in replies) and not toasts(replies)
        after = await chat.table()
        assert after.version == before.version + 1
        again = await chat.send(ALICE, button=roll.payload, message=mid, update_id="lost-roll")
        assert toasts(again) == [ALREADY_DONE]
        assert (await chat.table()).version == after.version
    finally:
        await store.close()
        await proxy.close()


def test_table_evolve_is_dataclasses_replace() -> None:
    table = Table("money", "backgammon", "telegram:1", seats=(Seat("telegram:1", "Alice"),))
    place = Placement(board_message="m7")
    changed = table.evolve(version=3, lang="ru", place=place)
    assert changed == replace(table, version=3, lang="ru", place=place)
    assert table.version == 0 and table.lang is None  # the original is untouched
    assert table.bumped(stage="play") == replace(table, version=1, stage="play")
    with pytest.raises(TypeError, match="no field"):
        table.evolve(colour="red")


def test_as_many_tables_are_remembered_decoded_as_records() -> None:
    """A process serving hundreds of tables at once decodes each only when it changes."""
    tables = [Table("money", "backgammon", f"telegram:{i}") for i in range(RECORD_CACHE)]
    payloads = [t.encode() for t in tables]
    assert all(Table.decode(p) is t for p, t in zip(payloads, tables, strict=True))
