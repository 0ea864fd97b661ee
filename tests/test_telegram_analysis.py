"""``analysis`` on Telegram: the real PTB application against the fake Bot API, the analysis from
a real worker process — the match's last board offers it, one progress message is posted and
edited in place game by game, the result replaces it, then the worst decisions' boards and the
``.mat`` file."""

from __future__ import annotations

import pytest
from telegram_support import ALICE, BOB, running_bot
from test_app_support import Dice

from bot.ai.worker import ComputerWorker
from bot.app import App
from bot.store import MemoryStore, TableKey
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
