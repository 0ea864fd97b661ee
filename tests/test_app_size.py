"""A table record stays small: a long money session keeps only its current game, a match its games.

The engine's ``Match`` keeps every game with its whole log; the app folds a money session's
finished games into a score carry (``Table.carry``/``dropped``) so the record does not grow with
the session, while a match to N points keeps its games for the ``.mat`` export.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from test_app_support import ALICE, BOB, Chat, Dice, open_store, play_turn_by_buttons, texts

from bot.app import App, SendBoard, SendFile
from bot.store import Store
from engine.game import Phase
from renderers.view import MoneyScore

USERS = [ALICE, BOB]
LIMIT = 2048
"""Bytes per table record (the issue's target)."""


@pytest.fixture(params=["memory", "redis"])
async def store(request: pytest.FixtureRequest) -> AsyncIterator[Store]:
    """Each test runs on the memory store and on a real Redis."""
    async with open_store(request.param, request) as opened:
        yield opened


async def _record_size(chat: Chat) -> int:
    record = await chat.app.store.load(chat.key)
    assert record is not None
    return len(record.payload)


async def _play_a_game(chat: Chat, turns: int) -> None:
    """Some checker play, then the player on roll resigns and the other accepts."""
    for _ in range(turns):
        game = (await chat.match()).game
        if game.phase is Phase.OPENING:
            await chat.press(ALICE, "Roll")
            continue
        await play_turn_by_buttons(chat, USERS, game)
    game = (await chat.match()).game
    if game.phase is Phase.OPENING:
        await chat.press(ALICE, "Roll")
        game = (await chat.match()).game
    loser = USERS[game.turn or 0]
    await chat.send(loser, "/resign")
    await chat.send(USERS[1 - USERS.index(loser)], "/accept")


async def test_long_money_session_stays_under_2_kb(store: Store) -> None:
    chat = Chat(App(store, dice=Dice(3)))
    await chat.send(ALICE, "/new money")
    await chat.press(BOB, "Join")
    sizes = []
    for n in range(1, 31):
        await _play_a_game(chat, turns=4 + n % 7)
        table = await chat.table()
        match = await chat.match()
        assert table.dropped == n and len(match.games) == 1
        sizes.append(await _record_size(chat))
    assert max(sizes) <= LIMIT, sizes
    # The score counts every game: 30 single games resigned, one point each.
    table, match = await chat.table(), await chat.match()
    assert sum(table.session_score(match)) == 30
    score = texts(await chat.send(ALICE, "/score"))
    a, b = table.session_score(match)
    assert score == f"Session: Alice {a}, Bob {b}."
    # The board shows the whole session's score, not the current game's alone.
    board = next(r for r in await chat.send(ALICE, "/board") if isinstance(r, SendBoard))
    assert board.board.view.score == MoneyScore((a, b))
    # Export still works: the current game of the session.
    replies = await chat.send(ALICE, "/export")
    assert "Position ID" in texts(replies)


async def test_a_match_keeps_its_games_for_the_export(store: Store) -> None:
    chat = Chat(App(store, dice=Dice(5)))
    await chat.send(ALICE, "/new 7")
    await chat.press(BOB, "Join")
    for _ in range(3):
        await _play_a_game(chat, turns=6)
    match = await chat.match()
    assert len(match.games) == 4 and sum(match.score) == 3
    assert await _record_size(chat) <= LIMIT
    replies = await chat.send(ALICE, "/export")
    mat = next(r for r in replies if isinstance(r, SendFile))
    assert mat.data.decode().count(" Game ") == 4


def test_the_carry_keeps_half_points() -> None:
    """Drawn long nardy games score halves: the folded score round-trips exactly."""
    from fractions import Fraction

    from bot.app import Table

    table = Table("money", "long_nardy", "telegram:1", carry=(Fraction(5, 2), 1), dropped=4)
    again = Table.from_dict(table.to_dict())
    assert again.carry == (Fraction(5, 2), 1) and again.dropped == 4
    assert Table.decode(table.encode()) == table
