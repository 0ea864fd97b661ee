"""Playing the computer on Telegram: ``/start``'s *Play the computer* button, the computer's turns
posted after the person's, "typing…" while it thinks at ``expert``, and the inline card on
which whoever presses plays the computer — the real PTB
application against the fake Bot API, the computer in a real worker process."""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

import pytest
from fake_telegram import BOT_USERNAME, FakeBotApi, FakeMessage, TgUser
from telegram_support import ALICE, BOB, EVE, Bot, running_bot
from test_app_support import Dice

from bot.ai.worker import ComputerWorker
from bot.app import App, DiceScheme
from bot.i18n import t
from bot.store import MemoryStore, TableKey
from bot.telegram.adapter import inline_table
from bot.telegram.links import COMPUTER_CARD
from engine.fairdice import verify
from engine.game import Phase

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def until_the_computer_moved(bot: Bot, key: TableKey, level: str) -> str:
    """Alice plays by buttons until a board of the computer's turn is posted; its caption."""
    chat = bot.fake.chats[int(key.chat)]
    for _ in range(60):
        for message in reversed(bot.fake.bot_messages(chat.id)):
            if f"Computer ({level}) rolls" in message.text:
                return message.text
        game = (await bot.match(key)).game
        waits = game.responder if game.responder is not None else game.turn
        assert waits in (0, None), "the computer's turn was not played"
        if game.phase is Phase.MOVE and game.turn == 0:
            await bot.play_turn(chat, key, [ALICE, BOB], game, typed=True)
        else:
            await bot.play_turn(chat, key, [ALICE, BOB], game)
    raise AssertionError("the computer never moved")


async def test_start_offers_the_computer_and_its_button_starts_a_game(
    worker: ComputerWorker,
) -> None:
    app = App(MemoryStore(), dice=Dice(3), computer=worker)
    async with running_bot(app) as bot:
        private = bot.fake.chat(ALICE.id, "private")
        await bot.say(ALICE, private, "/start")
        offer = bot.fake.bot_messages(ALICE.id)[-1]
        assert offer.labels() == ["Play the computer", "Invite a friend"]
        assert offer.buttons()[1]["switch_inline_query"] == ""
        answer = await bot.press(ALICE, private, "Play the computer")
        assert "text" not in answer  # answered silently
        key = TableKey("telegram", str(ALICE.id))
        table = await bot.table(key)
        assert table.stage == "play"
        assert [s.user for s in table.seats] == [f"telegram:{ALICE.id}", "computer:strong"]
        caption = await until_the_computer_moved(bot, key, "strong")
        assert "Alice" in caption  # the board after its play says who is to act
        # Its board carries only Alice's buttons.
        board = bot.keyboard_message(private)
        assert set(board.labels()) <= {"Roll", "Double", "Take", "Pass", "Beaver"}
        assert not bot.fake.called("sendChatAction")  # "strong" answers at once


def boards_shown(fake: FakeBotApi, chat_id: int) -> list[tuple[str, list[str]]]:
    """Every board the bot showed in the chat, in order, as it showed it (a photo posted, or
    a message edited to a new board): its caption and its buttons' labels."""
    shown: list[tuple[str, list[str]]] = []
    for method, params in fake.calls:
        if str(params.get("chat_id")) != str(chat_id):
            continue
        if method == "sendPhoto":
            caption, markup = params.get("caption", ""), params.get("reply_markup")
        elif method == "editMessageMedia":
            caption, markup = params["media"].get("caption", ""), params.get("reply_markup")
        else:
            continue
        rows: list[list[dict[str, Any]]] = (markup or {}).get("inline_keyboard", [])
        shown.append((str(caption), [b["text"] for row in rows for b in row]))
    return shown


def failed_calls(fake: FakeBotApi) -> list[tuple[str, str]]:
    """The Bot API calls that failed (but the long poll a stopping bot's last ``getUpdates``
    ends)."""
    return [e for e in fake.errors if not (e[0] == "getUpdates" and "Conflict" in e[1])]


@pytest.mark.parametrize("kind", ["private", "supergroup"])
async def test_each_computer_turn_shows_its_move_then_the_persons_board(
    worker: ComputerWorker, kind: str
) -> None:
    """A whole 1-point game: no board is addressed to the computer (it needs none), every
    board that shows the computer's move is the person's next board with his buttons, and no
    Bot API call fails (no buttons taken off a board that has none)."""
    app = App(MemoryStore(), dice=Dice(7), computer=worker)
    async with running_bot(app) as bot:
        if kind == "private":
            chat = bot.fake.chat(ALICE.id, "private")
            assert await bot.say(ALICE, chat, "/new 1 bot")
        else:
            chat = bot.fake.chat(-1007, "supergroup")
            assert await bot.say(ALICE, chat, f"/new@{BOT_USERNAME} 1 bot")
            await bot.press(ALICE, chat, "Join")
        key = TableKey("telegram", str(chat.id))
        match = await bot.play_game(chat, key, [ALICE, EVE])
        assert match.is_over

        computer = "Computer (strong)"
        to_computer = re.compile(rf"^{re.escape(computer)}(, your turn| to play |: )", re.M)
        over = t("en", "error-game-over")
        shown = boards_shown(bot.fake, chat.id)
        assert [c for c, _ in shown if to_computer.search(c)] == []
        moves = [(c, labels) for c, labels in shown if f"{computer} rolls" in c]
        rolled = sum(1 for e in match.game.log if e.player == 1 and e.action == "roll")
        texts = [str(p["text"]) for m, p in bot.fake.calls if m == "sendMessage"]
        ended = sum(f"{computer} rolls" in text for text in texts)  # its last roll won
        assert len(moves) + ended >= rolled > 3
        for caption, labels in moves:
            status = caption.splitlines()[-1]
            assert status == over or (status.startswith("Alice") and labels), caption
        for caption, labels in shown[:-1]:  # every board but the last asks Alice for something
            assert labels, caption
        assert failed_calls(bot.fake) == []


async def test_a_client_seed_given_after_the_first_board_before_the_first_roll(
    worker: ComputerWorker,
) -> None:
    """Fair dice against the computer in a private chat: the first board shows the game's
    commitment, the player gives his client seed with ``/seed`` before pressing Roll, and the
    exported dice verify with his seed against that commitment."""
    app = App(MemoryStore(), dice=DiceScheme.seeded(9), computer=worker)
    async with running_bot(app) as bot:
        chat = bot.fake.chat(ALICE.id, "private")
        assert await bot.say(ALICE, chat, "/new 1 bot")
        key = TableKey("telegram", str(ALICE.id))
        table = await bot.table(key)
        assert table.dice.current is not None
        commitment = table.dice.current.commitment
        board = bot.keyboard_message(chat)
        assert board.kind == "photo" and board.labels() == ["Roll"]
        assert f"their hash: {table.dice.current.short}…" in board.text
        offer = t("en", "dice-seed-offer", player="Alice", cmd_seed_text="/seed TEXT")
        assert any(offer in m.text for m in bot.fake.bot_messages(chat.id))

        assert await bot.say(ALICE, chat, "/seed my own luck")
        said = bot.fake.bot_messages(chat.id)[-1].text
        assert "Alice's client seed: “my own luck”." in said
        assert bot.keyboard_message(chat).message_id == board.message_id  # Roll still holds
        await bot.press(ALICE, chat, "Roll")
        assert await bot.say(ALICE, chat, "/seed too late")
        assert bot.fake.bot_messages(chat.id)[-1].text == t("en", "dice-seed-too-late-computer")
        match = await bot.play_game(chat, key, [ALICE, EVE])
        assert match.is_over

        assert await bot.say(ALICE, chat, "/export")
        files = [m for m in bot.fake.bot_messages(chat.id) if m.kind == "document"]
        dice = json.loads(next(m.document for m in files if b'"games"' in m.document))
        (game,) = dice["games"]
        assert verify(dice).ok and game["client_seeds"][0] == "my own luck"
        assert game["commitment"] == commitment
        assert hashlib.sha256(bytes.fromhex(game["server_seed"])).hexdigest() == commitment
        assert failed_calls(bot.fake) == []


async def test_at_expert_the_chat_shows_typing_while_it_thinks(worker: ComputerWorker) -> None:
    app = App(MemoryStore(), dice=Dice(4), computer=worker)
    async with running_bot(app) as bot:
        private = bot.fake.chat(ALICE.id, "private")
        await bot.say(ALICE, private, "/new 1 bot expert")
        key = TableKey("telegram", str(ALICE.id))
        await until_the_computer_moved(bot, key, "expert")
        actions = bot.fake.called("sendChatAction")
        assert actions and all(a["action"] == "typing" for a in actions)
        assert all(int(a["chat_id"]) == ALICE.id for a in actions)


async def test_without_the_computer_start_offers_only_a_friend() -> None:
    async with running_bot(App(MemoryStore())) as bot:
        await bot.say(BOB, bot.fake.chat(BOB.id, "private"), "/start")
        assert bot.fake.bot_messages(BOB.id)[-1].labels() == ["Invite a friend"]


async def _computer_card(bot: Bot, sender: TgUser, words: str = "") -> FakeMessage:
    """``sender`` sends the computer's card from an inline query; the card, signed."""
    query = bot.fake.inline_query(sender, words)
    await bot.deliver(query)
    card = bot.fake.choose_inline_result(query["inline_query"]["id"], COMPUTER_CARD)
    await bot.deliver(bot.fake.chosen_result(card))
    return card


async def _press_card(bot: Bot, user: TgUser, card: FakeMessage, label: str) -> None:
    assert card.inline_id is not None
    shown = bot.fake.inline_messages[card.inline_id]
    button = next(b for b in shown.buttons() if b["text"] == label)
    await bot.deliver(bot.fake.callback(user, shown, button["callback_data"]))


async def test_a_card_on_which_whoever_presses_plays_the_computer(worker: ComputerWorker) -> None:
    app = App(MemoryStore(), dice=Dice(5), computer=worker)
    async with running_bot(app) as bot:
        query = bot.fake.inline_query(ALICE, "")
        await bot.deliver(query)
        offered = bot.fake.inline_answers[query["inline_query"]["id"]]
        titles = {c["id"]: c["title"] for c in offered}
        assert titles[COMPUTER_CARD] == "Backgammon: match to 5 points, against Computer (strong)"
        query = bot.fake.inline_query(ALICE, "bot")  # the word alone offers only that card
        await bot.deliver(query)
        assert [c["id"] for c in bot.fake.inline_answers[query["inline_query"]["id"]]] == ["c"]

        card = await _computer_card(bot, ALICE)
        assert card.inline_id is not None
        assert "Whoever presses “Play” plays it" in card.text
        await _press_card(bot, BOB, card, "Play")
        key = inline_table(card.inline_id)
        table = await bot.table(key)
        assert table.stage == "play"
        # No typed /seed reaches a card's table: its client seeds are drawn, not offered.
        shown = bot.fake.inline_messages[card.inline_id].text
        assert "Client seeds: Bob “" in shown and "drawn at random" not in shown
        assert [s.user for s in table.seats] == [f"telegram:{BOB.id}", "computer:strong"]
        # Bob plays on the card's message; the computer's turns are shown there too.
        for _ in range(80):
            if "Computer (strong) rolls" in bot.fake.inline_messages[card.inline_id].text:
                break
            game = (await bot.match(key)).game
            assert (game.responder if game.responder is not None else game.turn) in (0, None)
            labels = bot.fake.inline_messages[card.inline_id].labels()
            wanted: list[str] = [x for x in ("Take", "Accept", "Confirm", "Roll") if x in labels]
            label = (wanted or [x for x in labels if "→" in x])[0]
            await _press_card(bot, BOB, card, label)
        else:
            raise AssertionError("the computer's turn never showed on the card")
        assert not bot.fake.called("sendChatAction")  # an inline message has no chat to type in

        # The sender may play his own computer card (a friend's card he may not).
        own = await _computer_card(bot, ALICE, "computer")
        await _press_card(bot, ALICE, own, "Play")
        assert own.inline_id is not None
        mine = await bot.table(inline_table(own.inline_id))
        assert [s.user for s in mine.seats] == [f"telegram:{ALICE.id}", "computer:strong"]


async def test_without_the_computer_no_computer_card_is_offered() -> None:
    async with running_bot(App(MemoryStore())) as bot:
        for words in ("", "bot"):
            query = bot.fake.inline_query(ALICE, words)
            await bot.deliver(query)
            offered = bot.fake.inline_answers[query["inline_query"]["id"]]
            assert offered and COMPUTER_CARD not in {c["id"] for c in offered}
