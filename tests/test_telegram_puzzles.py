"""Puzzles on Telegram: the real PTB application against the fake Bot API, the analysis from a
real worker process.  A match played in a group and analysed; its errors are the players'
puzzles, shown in the private chat as a board with the answers as buttons, answered right (the
board edited in place with the grade and every answer's figures) and wrong (typed), their
schedule moving as SM-2 says.  The daily puzzle: set by an administrator only, posted once at
its hour by two processes ticking at once, not again after a restart, the next day with who
found yesterday's; its answers graded in the presser's own note, not in the group."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from fake_telegram import FakeBotApi, FakeMessage, TgUser
from telegram_support import ALICE, BOB, CAROL, Bot, Clock, private, running_bot
from test_app_support import Dice

from bot.ai.worker import ComputerWorker
from bot.app import App
from bot.app.payload import parse_payload
from bot.app.puzzles import daily
from bot.app.puzzles.personal import load_deck
from bot.app.puzzles.records import Card, Deck
from bot.app.puzzles.srs import DAY, RELEARN
from bot.app.puzzles.views import choice_label
from bot.i18n import t
from bot.store import MemoryStore, RedisStore, TableKey, UserKey
from bot.telegram.adapter import TelegramAdapter

pytestmark = pytest.mark.asyncio(loop_scope="module")

ALICE_KEY = UserKey("telegram", str(ALICE.id))


def tr(message: str, **params: object) -> str:
    return t("en", message, **params)


def first_due(deck: Deck) -> Card:
    return min(deck.cards, key=lambda c: (c.schedule.due, c.puzzle.id))


def data_of(message: FakeMessage, index: int) -> str:
    """The data of the message's button answering with answer ``index``."""
    for button in message.buttons():
        if parse_payload(button["callback_data"]).args[-1] == index:
            return str(button["callback_data"])
    raise AssertionError(f"no answer {index} on {message.labels()}")


async def answer(bot: Bot, user: TgUser, message: FakeMessage, index: int) -> dict[str, Any]:
    """``user`` presses the button of answer ``index`` on ``message``; the note he is shown."""
    update = bot.fake.callback(user, message, data_of(message, index))
    await bot.deliver(update)
    return bot.fake.callback_answers[update["callback_query"]["id"]]


async def test_an_analysed_matchs_errors_are_answered_in_the_private_chat(
    worker: ComputerWorker,
) -> None:
    clock = Clock()
    store = MemoryStore()
    app = App(store, dice=Dice(7), analyser=worker, progress_every=0.0, clock=clock)
    async with running_bot(app) as bot:
        group = bot.fake.chat(-100801, "supergroup")
        key = TableKey("telegram", str(group.id))
        await bot.say(ALICE, group, "/new 3")
        await bot.press(BOB, group, "Join")
        await bot.play_game(group, key, [ALICE, BOB])
        await bot.press(BOB, group, "Analysis")
        deck = await load_deck(store, ALICE_KEY)
        assert deck.cards and all(c.schedule.due == clock.now for c in deck.cards)
        # Asked in the group: they are private.
        await bot.say(ALICE, group, "/puzzle")
        assert bot.fake.bot_messages(group.id)[-1].text == tr(
            "puzzle-private", cmd_puzzle="/puzzle"
        )
        chat = private(bot, ALICE)
        await bot.say(ALICE, chat, "/puzzle")
        shown = bot.keyboard_message(chat)
        card = first_due(deck)
        puzzle = card.puzzle
        assert shown.kind == "photo"
        assert shown.text.startswith(f"🧩 Your puzzle ({len(deck.cards)} due), puzzle rating 1500")
        offered = {choice_label(tr, puzzle, c) for c in puzzle.choices}
        assert set(shown.labels()) <= offered and len(shown.labels()) >= 2
        # Right: the best answer's button; the board edited in place.
        clock.now += 30
        note = await answer(bot, ALICE, shown, 0)
        assert note.get("text") in (None, "")
        edited = next(m for m in bot.fake.bot_messages(chat.id) if m.message_id == shown.message_id)
        assert edited.text.startswith("✅ Best: ") and "Puzzle rating 1" in edited.text
        assert "This puzzle comes back in 1 day." in edited.text
        assert edited.labels() == ["Next puzzle ▶"]
        deck = await load_deck(store, ALICE_KEY)
        right = deck.card(puzzle.id)
        assert right is not None and right.schedule.due == clock.now + DAY
        # Wrong: the next one, the play made in the game typed.
        await bot.press(ALICE, chat, "Next puzzle ▶")
        second = first_due(deck)
        assert second.puzzle.id != puzzle.id
        made = second.puzzle.choices[second.puzzle.made]
        clock.now += 30
        await bot.say(ALICE, chat, f"/puzzle {made.text}")
        graded = bot.fake.bot_messages(chat.id)[-1]
        assert graded.kind == "photo"
        assert graded.text.startswith(("❌ Wrong: ", "⚠️ Inaccurate: "))
        assert "← your answer, played in the game" in graded.text
        assert "This puzzle comes back in 10 minutes." in graded.text
        deck = await load_deck(store, ALICE_KEY)
        missed = deck.card(second.puzzle.id)
        assert missed is not None and missed.schedule.due == clock.now + RELEARN
        assert deck.rated == 2
        # Ten minutes on, it is due again.
        clock.now += RELEARN
        assert second.puzzle.id in {c.puzzle.id for c in deck.due(clock.now)}
        # The rating in ``rating``.
        await bot.say(ALICE, chat, "/rating")
        assert "Alice, puzzles: rating " in bot.fake.bot_messages(chat.id)[-1].text


GROUP = -100902
NINE = 1_800_000_000.0 + 3600  # 09:00 UTC on the clock of ``telegram_support.Clock``


def photos(fake: FakeBotApi) -> list[FakeMessage]:
    return [m for m in fake.bot_messages(GROUP) if m.kind == "photo"]


async def test_the_daily_puzzle_once_a_day_across_two_processes_and_a_restart(
    redis_url: str,
) -> None:
    clock = Clock()  # 08:00 UTC
    fake = FakeBotApi()
    await fake.start()
    stores: list[RedisStore] = []

    def store() -> RedisStore:
        stores.append(RedisStore.from_url(redis_url))
        return stores[-1]

    try:
        first = store()
        await first.client.flushdb()
        async with running_bot(App(first, clock=clock), fake=fake) as bot:
            group = fake.chat(GROUP, "supergroup")
            fake.set_member(group, ALICE, "administrator")
            fake.set_member(group, BOB, "member")
            await bot.say(BOB, group, "/settings puzzle 09:00")
            assert fake.bot_messages(GROUP)[-1].text == tr("puzzle-daily-admin")
            await bot.say(ALICE, group, "/settings puzzle 09:00")
            assert fake.bot_messages(GROUP)[-1].text == tr("puzzle-daily-on", time="09:00")
            await bot.adapter.deliver_ticks(bot.application.bot)
            assert photos(fake) == []
            # Nine o'clock: this process and another one tick at once; one post.
            clock.now = NINE
            other = TelegramAdapter(App(store(), clock=clock), secret=b"other")
            await asyncio.gather(
                bot.adapter.deliver_ticks(bot.application.bot),
                other.deliver_ticks(bot.application.bot),
            )
            await bot.settle()
            posted = photos(fake)
            assert len(posted) == 1
            post = posted[0]
            pressed_yesterday = data_of(post, 0)
            assert "🧩 Puzzle of the day, from the computer's games:" in post.text
            assert len(post.labels()) >= 2
            # Answers: a note to the presser alone, nothing in the group.
            before = len(fake.bot_messages(GROUP))
            best = await answer(bot, BOB, post, 0)
            assert str(best["text"]).startswith("✅ Best: ")
            again = await answer(bot, BOB, post, 0)
            assert again["text"] == tr("puzzle-daily-again")
            wrong = next(
                i
                for i in range(1, 20)
                if any(parse_payload(b["callback_data"]).args == (i,) for b in post.buttons())
            )
            carol = await answer(bot, CAROL, post, wrong)
            assert "The best: " in str(carol["text"])
            assert len(fake.bot_messages(GROUP)) == before
        # A restart: a new process, a new connection to the same Redis.
        async with running_bot(App(store(), clock=clock), fake=fake) as bot:
            clock.now = NINE + 3600
            await bot.adapter.deliver_ticks(bot.application.bot)
            assert len(photos(fake)) == 1
            # The next day: one new post, with who found yesterday's.
            clock.now = NINE + DAY
            other = TelegramAdapter(App(store(), clock=clock), secret=b"other")
            await asyncio.gather(
                other.deliver_ticks(bot.application.bot),
                bot.adapter.deliver_ticks(bot.application.bot),
            )
            await bot.settle()
            posted = photos(fake)
            assert len(posted) == 2
            assert posted[1].text.startswith("Yesterday's puzzle: the best was ")
            assert "found by Bob (2 answers)." in posted[1].text.splitlines()[0]
            # Yesterday's message, edited: its answer and who found it; its buttons gone.
            assert posted[0].text.startswith("🧩 The answer: ") and posted[0].labels() == []
            assert "found by Bob (2 answers)." in posted[0].text.splitlines()[0]
            # A press of yesterday's button still on its way: over.
            update = fake.callback(CAROL, posted[0], pressed_yesterday)
            await bot.deliver(update)
            old = fake.callback_answers[update["callback_query"]["id"]]
            assert old["text"] == tr("puzzle-daily-over")
            record = await first.load(daily.record_key(TableKey("telegram", str(GROUP))))
            assert record is not None
            kept = daily.Daily.from_bytes(record.payload)
            assert kept is not None and kept.posted and kept.message == str(posted[1].message_id)
    finally:
        for opened in stores:
            await opened.close()
        await fake.stop()
