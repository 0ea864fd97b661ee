"""The Telegram adapter end to end: the real PTB ``Application`` against the fake Bot API."""

from __future__ import annotations

from telegram_support import ALICE, BOB, running_bot
from test_app_support import Dice

from bot.app import App
from bot.store import MemoryStore, TableKey


async def test_group_game_by_buttons_and_typed_moves_in_text_mode() -> None:
    app = App(MemoryStore(), dice=Dice(3))
    async with running_bot(app) as bot:
        chat = bot.fake.chat(-1001, "supergroup")
        key = TableKey("telegram", -1001)
        assert await bot.say(ALICE, chat, "/new@NardyTestBot 1")
        lobby = bot.keyboard_message(chat)
        assert "Join" in lobby.labels()
        answer = await bot.press(BOB, chat, "Join")
        assert answer.get("text") is None
        assert await bot.say(ALICE, chat, "/settings view text")
        match = await bot.play_game(chat, key, [ALICE, BOB], typed_every=3)
        assert match.is_over
