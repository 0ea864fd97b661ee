"""The correspondence move clock: deadlines in the store, reminders, expiry and the claim."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from test_app_support import ALICE, BOB, EVE, Chat, Dice, open_store, texts

from bot.app import App, SendText
from bot.store import Store
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
    assert actor is not None and table.deadline == clock.now + HOUR
    waiting, other = USERS[actor], USERS[1 - actor]
    # Nothing is due yet; a claim now is refused.
    assert await app.tick() == []
    assert texts(await chat.send(other, "/claim")) == "The opponent's time has not run out yet."
    # 50 minutes later: a reminder, once (a second tick, or another process, adds nothing).
    clock.now += 50 * 60
    due = await app.tick()
    assert [key for key, _ in due] == [chat.key]
    reminder = due[0][1]
    assert isinstance(reminder[0], SendText)
    assert reminder[0].text == f"{waiting.name}, 10 minutes left for your move."
    assert await app.tick() == []
    # Past the deadline: the notice, then the opponent claims the game.
    clock.now += 11 * 60
    notice = await app.tick()
    assert texts(notice[0][1]) == (
        f"{waiting.name}'s time is up. {other.name} may claim the game with /claim."
    )
    assert texts(await chat.send(waiting, "/claim")) == "The opponent's time has not run out yet."
    claim = notice[0][1][0]
    assert isinstance(claim, SendText) and claim.buttons[0][0].label == "Claim the win"
    replies = await chat.send(other, button=claim.buttons[0][0].payload)
    assert f"{other.name} wins the game on time." in texts(replies)
    match = await chat.match()
    assert match.score[USERS.index(other)] == 1 and len(match.games) == 2
    # The next game runs on a fresh clock once someone must act.
    assert match.game.phase is Phase.OPENING and (await chat.table()).deadline is None
    await chat.press(ALICE, "Roll")
    assert (await chat.table()).deadline == clock.now + HOUR
    # Switching the clock off clears the deadline.
    assert texts(await chat.send(ALICE, "/clock off")) == "The move clock is off."
    assert (await chat.table()).deadline is None
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
    assert first.deadline is not None and after.deadline == clock.now + 2 * 86400
