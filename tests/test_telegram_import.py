"""A ``.mat`` file sent to the Telegram bot as a document, and ``/position``: the real PTB
application against the fake Bot API (``getFile`` and the file download included)."""

from __future__ import annotations

from pathlib import Path

from fake_telegram import BOT_USERNAME
from telegram_support import ALICE, BOB, running_bot
from test_app_support import Dice

from bot.app import App
from bot.app.imports import MAX_FILE_BYTES
from bot.app.syntax import say, typed_syntax
from bot.i18n import t
from bot.store import MemoryStore, TableKey
from engine.match import Match

MATCH5 = (Path(__file__).parent / "data" / "mat" / "match5.mat").read_bytes()
GROUP = -1002


async def test_a_document_is_downloaded_read_replayed_and_exported() -> None:
    async with running_bot(App(MemoryStore(), dice=Dice(2))) as bot:
        chat = bot.fake.chat(ALICE.id, "private")
        update = bot.fake.user_document(ALICE, chat, "match5.mat", MATCH5)
        file_id = update["message"]["document"]["file_id"]
        await bot.deliver(update)
        assert bot.fake.downloads == [file_id]
        summary = bot.keyboard_message(chat)
        assert summary.kind == "text"
        assert (
            summary.text
            == "Match read: gnubg vs root, match to 5 points; 4 games; final score 5–4."
        )
        assert summary.labels() == ["Replay", "Export .mat", "Analysis"]
        await bot.press(ALICE, chat, "Replay")
        board = bot.keyboard_message(chat)
        assert board.kind == "photo" and board.photo.startswith(b"\x89PNG")
        assert board.text.startswith("Game 1 of 4, move 1 of ")
        before = board.edits
        await bot.press(ALICE, chat, "Next ▶")
        assert bot.keyboard_message(chat) is board and board.edits > before
        assert board.text.startswith("Game 1 of 4, move 2 of ") and "Opening roll:" in board.text
        await bot.deliver(bot.fake.press(ALICE, summary, "Export .mat"))
        sent = bot.fake.bot_messages(chat.id)[-1]
        assert sent.kind == "document" and sent.text == t(
            "en", "import-file-caption", name="match5.mat"
        )
        assert Match.from_mat(sent.document.decode()).score == (5, 4)


async def test_a_file_too_large_is_refused_before_it_is_downloaded() -> None:
    async with running_bot(App(MemoryStore())) as bot:
        chat = bot.fake.chat(ALICE.id, "private")
        big = MAX_FILE_BYTES + 40 * 1024
        await bot.deliver(bot.fake.user_document(ALICE, chat, "long.mat", MATCH5, size=big))
        assert bot.fake.downloads == [] and bot.fake.called("getFile") == []
        said = bot.fake.bot_messages(chat.id)[-1].text
        assert said == t("en", "import-too-big", size=296, max=256)


async def test_in_a_group_only_mat_files_or_import_captions_are_read() -> None:
    async with running_bot(App(MemoryStore())) as bot:
        chat = bot.fake.chat(GROUP, "supergroup")
        await bot.deliver(bot.fake.user_document(ALICE, chat, "notes.txt", b"shopping list"))
        assert bot.fake.bot_messages(GROUP) == [] and bot.fake.downloads == []
        await bot.deliver(
            bot.fake.user_document(ALICE, chat, "notes.txt", b"not a match", caption="/import")
        )
        assert bot.fake.bot_messages(GROUP)[-1].text == t("en", "import-bad-file")
        await bot.deliver(bot.fake.user_document(BOB, chat, "final.mat", MATCH5))
        assert bot.fake.bot_messages(GROUP)[-1].text.startswith("Match read: gnubg vs root")


async def test_position_opens_a_group_table_at_the_ids_position() -> None:
    async with running_bot(App(MemoryStore(), dice=Dice(2))) as bot:
        chat = bot.fake.chat(GROUP, "supergroup")
        xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:2:4:1:5:10"
        assert await bot.say(ALICE, chat, f"/position@{BOT_USERNAME} {xgid}")
        assert "The game begins at the position" in bot.keyboard_message(chat).text
        await bot.press(BOB, chat, "Join")
        match = await bot.match(TableKey("telegram", str(GROUP)))
        assert match.score == (4, 2) and match.game.dice == (5, 2) and match.game.turn == 1
        assert bot.keyboard_message(chat).kind == "photo"
        assert await bot.say(BOB, chat, "/position hello")
        assert bot.fake.bot_messages(GROUP)[-1].text == say(
            "en", typed_syntax, "table-game-running"
        )
