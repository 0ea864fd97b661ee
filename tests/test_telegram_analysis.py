"""``analysis`` on Telegram: the real PTB application against the fake Bot API, the analysis from
a real worker process — the match's last board offers it, one progress message is posted and
edited in place game by game, the result replaces it, then the worst decisions' boards and the
``.mat`` file.  The analysis is followed after the update's handling is over: a webhook request
is answered at once, the same update delivered again starts nothing, and stopping the bot
during an analysis ends it cleanly and gives its claim back."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from contextlib import AsyncExitStack

import pytest
from telegram_support import ALICE, BOB, Bot, running_bot, webhook_bot
from test_app_support import Dice

from bot.ai.worker import ComputerWorker
from bot.app import App, SendText, Update, User
from bot.app.match_analysis import claim
from bot.app.types import Progress
from bot.i18n import t
from bot.store import MemoryStore, Store, TableKey
from bot.telegram.adapter import CLOSE_TIMEOUT
from engine.match import Match

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def test_the_progress_message_is_edited_in_place_then_replaced_by_the_result(
    worker: ComputerWorker,
) -> None:
    app = App(MemoryStore(), dice=Dice(7), analyser=worker, progress_every=0.0)
    async with running_bot(app) as bot:
        group = bot.fake.chat(-100717, "supergroup")
        key = TableKey("telegram", str(group.id))
        await bot.say(ALICE, group, "/new 3")
        await bot.press(BOB, group, "Join")
        match = await bot.play_game(group, key, [ALICE, BOB])
        assert bot.keyboard_message(group).labels() == ["Analysis"]
        before = len(bot.fake.bot_messages(group.id))
        edits = len(bot.fake.called("editMessageText"))
        await bot.press(BOB, group, "Analysis")
        posted = bot.fake.bot_messages(group.id)[before:]
        progress = posted[0]
        assert progress.kind == "text"
        calls = [
            c
            for c in bot.fake.called("editMessageText")[edits:]
            if c.get("message_id") == progress.message_id
        ]
        texts = [str(c["text"]) for c in calls]
        games = match.number
        assert texts[:-1] == [f"Analysing game {n} of {games}…" for n in range(2, games + 1)]
        # The result replaced the progress message: the same message, edited.
        assert progress.text == texts[-1]
        assert progress.text.startswith("Analysis by GNU Backgammon's nets")
        assert "Alice: PR " in progress.text and "Bob: PR " in progress.text
        boards = [m for m in posted[1:] if m.kind == "photo"]
        assert boards and all(": game " in m.text and "Best: " in m.text for m in boards)
        files = [m for m in posted if m.kind == "document"]
        assert len(files) == 1 and "match.mat" in files[0].text
        assert Match.from_mat(files[0].document.decode()).score == match.score
        # Pressed again, a new analysis on a new message of its own.
        await bot.press(ALICE, group, "Analysis")
        results = [
            m for m in bot.fake.bot_messages(group.id) if m.text.startswith("Analysis by GNU")
        ]
        assert len(results) == 2 and results[1].message_id > progress.message_id


async def test_asked_on_an_inline_card_it_goes_to_the_pressers_private_chat(
    worker: ComputerWorker,
) -> None:
    app = App(MemoryStore(), dice=Dice(6), analyser=worker, progress_every=0.0)
    async with running_bot(app) as bot:
        query = bot.fake.inline_query(ALICE, "")
        await bot.deliver(query)
        card = bot.fake.choose_inline_result(query["inline_query"]["id"], "1")
        await bot.deliver(bot.fake.chosen_result(card))
        await bot.deliver(bot.fake.press(BOB, card, "Play"))
        key = TableKey("telegram", "i" + str(card.inline_id))
        await bot.play_on_card(card, key, [ALICE, BOB])
        assert card.labels() == ["Analysis"]
        shown = card.text
        private = bot.fake.chat(BOB.id, "private")  # Bob has a chat with the bot
        await bot.deliver(bot.fake.press(BOB, card, "Analysis"))
        assert card.text == shown  # the card keeps the game's end
        messages = bot.fake.bot_messages(private.id)
        assert messages[0].text.startswith("Analysis by GNU Backgammon's nets")
        assert any(m.kind == "document" for m in messages)


WITHIN = 30.0
"""Seconds a test waits for what it expects before failing."""


async def finished_match(bot: Bot, chat_id: int) -> tuple[TableKey, Match]:
    """Alice and Bob play a match to 1 point in a group; its last board offers the analysis."""
    group = bot.fake.chat(chat_id, "supergroup")
    key = TableKey("telegram", str(group.id))
    await bot.say(ALICE, group, "/new 1")
    await bot.press(BOB, group, "Join")
    match = await bot.play_game(group, key, [ALICE, BOB])
    assert bot.keyboard_message(group).labels() == ["Analysis"]
    return key, match


async def until(condition: Callable[[], bool], within: float = WITHIN) -> None:
    """Wait until ``condition()`` holds (failing after ``within`` seconds)."""
    async with asyncio.timeout(within):
        while not condition():
            await asyncio.sleep(0.005)


async def busy_elsewhere(store: Store, key: TableKey, worker: ComputerWorker) -> bool:
    """Whether another process of the deployment is told an analysis is under way in chat
    ``key`` (the chat's claim in the store is held); an analysis it may start is given up at
    once (its claim given back)."""
    other = App(store, analyser=worker)
    asked = Update(key, User("telegram", "103", "Carol"), "probe", text="/analysis")
    replies = await other.handle(asked)
    if any(isinstance(r, Progress) for r in replies):
        await other.forgo_progress(key)
        return False
    texts = [r.text for r in replies if isinstance(r, SendText)]
    again = t("en", "analysis-again")
    if texts == [t("en", "analysis-busy")]:
        return True
    # made already: shown again at once (or, asked again by the same update, said so)
    assert texts and (texts[0].startswith("Analysis by") or texts[0] == again), texts
    return False


async def test_a_webhook_request_is_answered_before_the_analysis_is_followed_to_its_end(
    worker: ComputerWorker,
) -> None:
    app = App(MemoryStore(), dice=Dice(7), analyser=worker, progress_every=0.0)
    async with webhook_bot(app) as (bot, _):
        key, match = await finished_match(bot, -100721)
        chat_id = int(key.chat)
        before = len(bot.fake.bot_messages(chat_id))
        bot.fake.pause("editMessageText")  # the Bot API is slow to take the result
        press = bot.fake.press(BOB, bot.fake.with_keyboard(chat_id)[-1], "Analysis")
        async with asyncio.timeout(WITHIN):  # answered, the analysis still being followed
            assert await bot.post(press) == 200
        progress = bot.fake.bot_messages(chat_id)[before]
        assert progress.text == f"Analysing game 1 of {match.number}…"
        assert bot.adapter.following == 1
        # Delivered again meanwhile: told it is under way, nothing started.
        assert await bot.post(press) == 200
        assert len(bot.fake.bot_messages(chat_id)) == before + 1
        bot.fake.resume("editMessageText")
        await bot.settle()  # bounded: until no analysis is followed any more
        assert bot.adapter.following == 0
        assert progress.text.startswith("Analysis by GNU Backgammon's nets")
        assert "Alice: PR " in progress.text and "Bob: PR " in progress.text
        posted = [m.message_id for m in bot.fake.bot_messages(chat_id)]
        assert any(m.kind == "document" for m in bot.fake.bot_messages(chat_id))
        # Delivered once more after the end: not analysed again.
        assert await bot.post(press) == 200
        await bot.settle()
        assert [m.message_id for m in bot.fake.bot_messages(chat_id)] == posted
        query = press["callback_query"]["id"]
        answers = [
            c.get("text")
            for c in bot.fake.called("answerCallbackQuery")
            if c["callback_query_id"] == query
        ]
        assert answers == [None, t("en", "analysis-busy"), t("en", "analysis-again")]


@pytest.mark.parametrize("held", [False, True], ids=["analysing", "showing-the-result"])
async def test_stopping_during_an_analysis_ends_cleanly_and_gives_its_claim_back(
    worker: ComputerWorker, held: bool
) -> None:
    store = MemoryStore()
    app = App(store, dice=Dice(7), analyser=worker, progress_every=0.0)
    async with AsyncExitStack() as stack:
        bot, _ = await stack.enter_async_context(webhook_bot(app))
        key, _ = await finished_match(bot, -100722)
        if held:
            bot.fake.pause("editMessageText")
        press = bot.fake.press(BOB, bot.fake.with_keyboard(int(key.chat))[-1], "Analysis")
        assert await bot.post(press) == 200
        assert bot.adapter.following == 1
        if held:  # the analysis is done, its result on the way to Telegram
            await until(lambda: bot.fake.waiting.get("editMessageText", 0) == 1)
            assert not await claim(store, key)  # the chat's claim is held meanwhile
            assert not await busy_elsewhere(store, key, worker)  # made: shown again at once
        adapter = bot.adapter
        async with asyncio.timeout(CLOSE_TIMEOUT + WITHIN):
            await stack.aclose()  # the bot stops
    assert adapter.following == 0
    assert [t for t in asyncio.all_tasks() if t.get_name().startswith("analysis ")] == []
    assert not await busy_elsewhere(store, key, worker)
    assert await claim(store, key)  # given back: free to be claimed again


async def test_long_nardy_on_the_network_gives_its_own_error_rate_and_worst_boards(
    worker: ComputerWorker,
) -> None:
    app = App(MemoryStore(), dice=Dice(5), analyser=worker, progress_every=0.0)
    async with running_bot(app) as bot:
        group = bot.fake.chat(-100718, "supergroup")
        key = TableKey("telegram", str(group.id))
        await bot.say(ALICE, group, "/new nardy 1")
        await bot.press(BOB, group, "Join")
        await bot.play_game(group, key, [ALICE, BOB])
        assert bot.keyboard_message(group).labels() == ["Analysis"]
        before = len(bot.fake.bot_messages(group.id))
        await bot.press(BOB, group, "Analysis")
        posted = bot.fake.bot_messages(group.id)[before:]
        result = posted[0].text
        # the shared worker analyses at 0-ply: the network alone
        assert result.startswith(t("en", "analysis-title-nardy-net", games=1, ply=0))
        assert "Alice: error rate (long nardy) " in result
        assert "Bob: error rate (long nardy) " in result and "PR" not in result
        boards = [m for m in posted[1:] if m.kind == "photo"]
        assert boards and all(": game 1, move " in m.text and "Best: " in m.text for m in boards)
        assert not [m for m in posted if m.kind == "document"]  # no .mat for long nardy
