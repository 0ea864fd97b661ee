"""Telegram's flood limits as sliding windows (``bot.telegram.limits``), and a group's board
edits paced within them: never more requests to a group in any period than its limit, a
board-changing press not held up by a full window, only the newest state of a message sent."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from telegram.error import RetryAfter
from telegram_support import ALICE, BOB, most_in_any, running_bot
from test_app_support import Dice
from test_telegram import GROUP, GROUP_KEY, unexpected_errors
from test_telegram_group import open_game

from bot.app import App
from bot.app.payload import parse_payload
from bot.store import MemoryStore
from bot.telegram.limits import BoardPacer, ChatLimits
from engine.game import Phase


async def request(limits: ChatLimits, chat_id: int, seen: list[float]) -> None:
    async def callback() -> bool:
        seen.append(time.monotonic())
        return True

    await limits.process_request(callback, (), {}, "sendMessage", {"chat_id": chat_id}, None)


async def test_a_group_gets_no_more_than_its_limit_in_any_window() -> None:
    """Ten requests to a group allowed three in any 0.3 s: three at once, then each as the
    oldest leaves the window (a leaky bucket of the same rate lets a second burst through)."""
    limits = ChatLimits(group_max_rate=3, group_period=0.3)
    seen: list[float] = []
    await asyncio.gather(*(request(limits, GROUP, seen) for _ in range(10)))
    assert len(seen) == 10
    assert most_in_any(sorted(seen), 0.3) <= 3
    full = ChatLimits(group_max_rate=3, group_period=60)
    await asyncio.gather(*(request(full, GROUP, []) for _ in range(3)))
    assert full.wait(GROUP) > 50  # three in the window: the next waits for the first to leave
    # A private chat has no group window: its requests never wait on one.
    private: list[float] = []
    await asyncio.gather(*(request(limits, 42, private) for _ in range(10)))
    assert len(private) == 10 and limits.wait(42) == 0


async def test_a_retry_after_is_waited_out_and_the_request_made_again() -> None:
    limits = ChatLimits(group_max_rate=0, max_retries=2)
    attempts: list[int] = []

    async def callback() -> bool:
        attempts.append(1)
        if len(attempts) == 1:
            raise RetryAfter(0)
        return True

    data: dict[str, Any] = {"chat_id": GROUP}
    assert await limits.process_request(callback, (), {}, "editMessageText", data, None)
    assert len(attempts) == 2


async def test_edits_held_back_are_made_once_the_window_has_room_the_newest_only() -> None:
    """A full window: an edit is left for later and the caller goes on; a newer edit of the
    same message replaces the one waiting; edits of other messages keep their order."""
    limits = ChatLimits(group_max_rate=2, group_period=0.2)
    pacer = BoardPacer(limits)
    await asyncio.gather(*(request(limits, GROUP, []) for _ in range(2)))
    assert not pacer.admit(GROUP)
    made: list[str] = []

    def edit(what: str) -> Any:
        async def perform() -> None:
            made.append(what)
            await request(limits, GROUP, [])

        return perform

    pacer.defer(GROUP, "10", edit("board 10, first state"))
    pacer.defer(GROUP, "11", edit("buttons of 11 cleared"))
    pacer.defer(GROUP, "10", edit("board 10, newest state"))
    assert made == []  # nothing waited for room here
    assert pacer.admit(42)  # a private chat is not held back
    for _ in range(200):
        if not pacer.waiting:
            break
        await asyncio.sleep(0.01)
    await asyncio.sleep(0.01)
    assert made == ["buttons of 11 cleared", "board 10, newest state"]
    await pacer.close()


async def test_a_group_played_at_full_speed_stays_within_its_window() -> None:
    """Two players press as soon as the board shows a change, in a group allowed 4 requests
    a second: no second holds more, the board edits a full window held back are made later
    (only the newest state of the board), and the board shown at the end is the table's."""
    period, rate = 1.0, 4
    app = App(MemoryStore(), dice=Dice(7))
    async with running_bot(app, group_rate=rate, group_period=period) as bot:
        chat = await open_game(bot, "3")
        start = len(bot.fake.calls)
        paced: list[str] = []
        pacer = bot.adapter.pacer
        defer = pacer.defer

        def counted(chat_id: int, message: str, perform: Any) -> None:
            paced.append(message)
            defer(chat_id, message, perform)

        pacer.defer = counted  # type: ignore[method-assign]
        for _ in range(14):
            game = (await bot.match(GROUP_KEY)).game
            if game.phase is Phase.OVER:
                break
            await bot.play_turn(chat, GROUP_KEY, [ALICE, BOB], game)
        times = [
            at
            for (_, params), at in zip(
                bot.fake.calls[start:], bot.fake.call_times[start:], strict=True
            )
            if str(params.get("chat_id")) == str(GROUP)
        ]
        assert len(times) > 2 * rate  # enough requests to fill the window several times
        assert most_in_any(times, period) <= rate
        assert paced  # the window was full at times: edits were held back, nobody waited
        board = bot.keyboard_message(chat, None)
        table = await bot.table(GROUP_KEY)
        versions = {parse_payload(b["callback_data"]).version for b in board.buttons()}
        assert versions == {table.version}
        assert unexpected_errors(bot.fake) == []
