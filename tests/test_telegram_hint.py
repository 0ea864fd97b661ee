"""``/hint`` on Telegram: the real PTB application against the fake Bot API, the advice from a real
worker process — the hint's buttons each play exactly their play, a stale one is refused, and the
opponent and a spectator in a group are told why they get no hint."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import pytest_asyncio
from telegram_support import ALICE, BOB, EVE, Bot, running_bot
from test_app_support import Dice

from bot.ai.worker import ComputerWorker
from bot.app import App, syntax
from bot.i18n import t
from bot.store import MemoryStore, TableKey
from engine.game import Game, Phase
from engine.movegen import legal_plays

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def worker() -> AsyncIterator[ComputerWorker]:
    started = ComputerWorker(1, hint_ply=1)
    await started.start()
    yield started
    await started.close()


async def alice_to_move(bot: Bot, key: TableKey) -> Game:
    """Alice plays (by buttons) until she has rolled and is to move."""
    chat = bot.fake.chats[int(key.chat)]
    for _ in range(60):
        game = await bot.game(key)
        if game.phase is Phase.MOVE and game.turn == 0 and len(game.builder.legal_plays) > 1:
            return game
        await bot.play_turn(chat, key, [ALICE, BOB], game)
    raise AssertionError("Alice never had a choice of plays")


async def test_a_hinted_play_pressed_is_played_exactly(worker: ComputerWorker) -> None:
    app = App(MemoryStore(), dice=Dice(8), computer=worker, adviser=worker)
    async with running_bot(app) as bot:
        private = bot.fake.chat(ALICE.id, "private")
        await bot.say(ALICE, private, "/new money bot")
        key = TableKey("telegram", str(ALICE.id))
        game = await alice_to_move(bot, key)
        assert game.dice is not None
        await bot.say(ALICE, private, "/hint")
        first = bot.keyboard_message(private)
        await bot.say(ALICE, private, "/hint")
        hint = bot.keyboard_message(private)
        assert hint.message_id != first.message_id and hint.labels() == first.labels()
        assert hint.text.startswith("Hint for Alice (GNU Backgammon's nets, 1-ply):")
        labels = hint.labels()
        assert 2 <= len(labels) <= 5 and all(label.startswith("Play ") for label in labels)
        chosen = labels[1].removeprefix("Play ")
        answer = await bot.press(ALICE, private, labels[1])
        assert "text" not in answer  # played, no refusal
        after = await bot.game(key)
        mine = next(e for e in after.log[len(game.log) :] if e.action == "move")
        assert mine.player == 0 and mine.value[0] == chosen
        assert chosen in [
            game.play(0, p).log[-1].value[0] for p in legal_plays(game.position, game.dice)
        ]
        assert hint.labels() == []  # the pressed hint loses its buttons
        # The earlier hint's buttons are stale now: refused, nothing changes.
        version = (await bot.table(key)).version
        stale = bot.fake.press(ALICE, first, labels[0])
        await bot.deliver(stale)
        answer = bot.fake.callback_answers[stale["callback_query"]["id"]]
        assert answer["text"] == syntax.say("en", syntax.typed_syntax, "hint-stale")
        assert (await bot.table(key)).version == version


async def test_in_a_group_only_the_player_to_act_gets_a_hint(worker: ComputerWorker) -> None:
    app = App(MemoryStore(), dice=Dice(2), computer=worker, adviser=worker)
    async with running_bot(app) as bot:
        group = bot.fake.chat(-100555, "supergroup")
        key = TableKey("telegram", str(group.id))
        await bot.say(ALICE, group, "/new money")
        await bot.press(BOB, group, "Join")
        await bot.press(ALICE, group, "Roll")
        game = await bot.game(key)
        assert game.turn is not None
        mover, other = (ALICE, BOB) if game.turn == 0 else (BOB, ALICE)
        await bot.say(other, group, "/hint")
        assert bot.fake.bot_messages(group.id)[-1].text == t("en", "hint-not-your-turn")
        await bot.say(EVE, group, "/hint")
        assert bot.fake.bot_messages(group.id)[-1].text == t("en", "hint-spectator")
        await bot.say(mover, group, "/hint")
        assert bot.fake.bot_messages(group.id)[-1].text.startswith(f"Hint for {mover.first_name}")
