"""The Telegram adapter end to end: the real PTB ``Application`` against the fake Bot API.

Updates reach the bot by long polling (``getUpdates``) or by webhook POSTs; every effect is read
back from what the fake Bot API received.  The app runs on the memory store with seeded dice, or
on the session's private Redis for the restart test.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re

import pytest
from fake_telegram import BOT_USERNAME, ApiError, FakeBotApi, TgUser
from telegram import ChatMemberAdministrator
from telegram.error import BadRequest
from telegram_support import ALICE, BOB, CAROL, EVE, Bot, pressed_for, running_bot
from test_app_support import Dice

from bot.app import App, EditBoard, SendBoard, Update, User, group
from bot.app.command_parser import COMMANDS
from bot.app.delivery import split_text
from bot.i18n import t
from bot.settings import load_settings
from bot.store import MemoryStore, TableKey
from bot.telegram import build_application, serve
from bot.telegram.adapter import MAX_TEXT, ChatSurface, ChatTarget, TelegramAdapter, inline_table
from bot.telegram.links import InvalidInvitation, table_token, token_table
from bot.telegram.menu import PRIVATE_COMMANDS
from engine.game import Phase

GROUP = -1001
GROUP_KEY = TableKey("telegram", str(GROUP))
NOT_MODIFIED = "message is not modified"


def unexpected_errors(fake: FakeBotApi) -> list[tuple[str, str]]:
    """Bot API refusals other than the harmless ones: "message is not modified", and the
    long poll that a stopping bot's last ``getUpdates`` ends (``Conflict``)."""
    return [
        e
        for e in fake.errors
        if NOT_MODIFIED not in e[1] and not (e[0] == "getUpdates" and "Conflict" in e[1])
    ]


async def open_group_game(bot: Bot, args: str = "1", *, text_mode: bool = True) -> None:
    chat = bot.fake.chat(GROUP, "supergroup")
    assert await bot.say(ALICE, chat, f"/new@{BOT_USERNAME} {args}")
    assert "Join" in bot.keyboard_message(chat).labels()
    answer = await bot.press(BOB, chat, "Join")
    assert answer.get("text") is None
    if text_mode:
        assert await bot.say(ALICE, chat, "/settings view text")


async def test_group_steps_are_toasts_and_the_photo_is_edited_once_the_play_is_made() -> None:
    async with running_bot(App(MemoryStore(), dice=Dice(5))) as bot:
        await open_group_game(bot, "3", text_mode=False)
        chat = bot.fake.chats[GROUP]
        board = bot.keyboard_message(chat)
        assert board.kind == "photo" and board.photo.startswith(b"\x89PNG")
        assert "Roll" in board.labels()
        for _ in range(40):  # to a turn whose play is made step by step
            game = (await bot.match(GROUP_KEY)).game
            if game.phase is Phase.MOVE and group.mode(game) == "steps":
                break
            await bot.play_turn(chat, GROUP_KEY, [ALICE, BOB], game)
        assert game.phase is Phase.MOVE and game.turn is not None
        assert bot.keyboard_message(chat) is board  # one message the whole time
        mover = [ALICE, BOB][game.turn]
        picture, edits = board.photo, board.edits
        version = (await bot.table(GROUP_KEY)).version
        calls = len(bot.fake.calls)
        answer = await bot.press(mover, chat, pressed_for(board.buttons(), game))
        # The step is told to the presser alone (a toast); the board and its keyboard stay.
        made = (await bot.game(GROUP_KEY)).steps
        assert len(made) == 1
        left = " ".join(str(d) for d in (await bot.game(GROUP_KEY)).builder.dice_left)
        assert answer["text"] == t("en", "group-step-made", play=made[0].notation(), dice=left)
        assert board.edits == edits and board.photo == picture
        assert (await bot.table(GROUP_KEY)).version == version
        answer = await bot.press(mover, chat, "Undo")
        assert answer["text"] == t("en", "group-step-none")
        answered = [m for m, _ in bot.fake.calls[calls:] if m != "getUpdates"]
        assert answered == ["answerCallbackQuery"] * 2
        assert (await bot.game(GROUP_KEY)).steps == ()
        calls = len(bot.fake.calls)
        await bot.play_turn(chat, GROUP_KEY, [ALICE, BOB], await bot.game(GROUP_KEY))
        # Confirm makes the play, and the same message shows the next turn: one edit, a new
        # picture uploaded and referenced by attach://.
        assert bot.keyboard_message(chat) is board and board.kind == "photo"
        assert board.edits == edits + 1 and board.photo != picture
        media = bot.fake.called("editMessageMedia")[-1]["media"]
        assert media["type"] == "photo" and media["media"].startswith("attach://")
        assert "your turn" in board.text
        spent = [m for m, p in bot.fake.calls[calls:] if str(p.get("chat_id")) == str(GROUP)]
        assert spent == ["editMessageMedia"]
        assert (await bot.table(GROUP_KEY)).place.board_message == str(board.message_id)
        assert unexpected_errors(bot.fake) == []


async def test_a_private_table_gets_a_new_board_per_turn() -> None:
    async with running_bot(App(MemoryStore(), dice=Dice(5))) as bot:
        private = bot.fake.chat(ALICE.id, "private")
        key = TableKey("telegram", str(ALICE.id))
        await bot.say(ALICE, private, "/new 3")
        token = table_token(key, secret=bot.fake.token.encode())
        await bot.say(BOB, bot.fake.chat(BOB.id, "private"), f"/start {token}")
        assert (await bot.table(key)).stage == "play"
        board = bot.keyboard_message(private)
        for _ in range(8):
            if bot.keyboard_message(private) is not board:
                break
            game = (await bot.match(key)).game
            if game.phase is Phase.MOVE:  # step buttons, as ever in private chats
                assert any("→" in label for label in board.labels())
            await bot.play_turn(private, key, [ALICE, BOB], game)
        # The turn passed: the old board lost its keyboard, a new photo carries the buttons.
        newest = bot.keyboard_message(private)
        assert newest is not board and board.markup is None and newest.kind == "photo"
        assert (await bot.table(key)).place.board_message == str(newest.message_id)
        assert unexpected_errors(bot.fake) == []


async def test_a_board_deleted_while_a_step_is_pressed_is_recorded_as_the_new_one() -> None:
    async with running_bot(App(MemoryStore(), dice=Dice(5))) as bot:
        private = bot.fake.chat(ALICE.id, "private")
        key = TableKey("telegram", str(ALICE.id))
        await bot.say(ALICE, private, "/new 3")
        token = table_token(key, secret=bot.fake.token.encode())
        await bot.say(BOB, bot.fake.chat(BOB.id, "private"), f"/start {token}")
        for _ in range(12):
            game = (await bot.match(key)).game
            if game.phase is Phase.MOVE and not game.forced_play and len(game.next_steps()) > 1:
                break
            await bot.play_turn(private, key, [ALICE, BOB], game)
        else:
            raise AssertionError("no open play came up")
        board = bot.keyboard_message(private)
        step = next(label for label in board.labels() if "→" in label)
        press = bot.fake.press([ALICE, BOB][game.turn or 0], board, step)
        del bot.fake.messages[(ALICE.id, board.message_id)]  # deleted as the step was pressed
        await bot.deliver(press)
        # The board with the step made is a new message, and the table says so at once: the
        # next press is on it, and the turn's end takes its buttons away.
        newest = bot.keyboard_message(private)
        assert newest.message_id > board.message_id
        assert len((await bot.match(key)).game.steps) == 1
        assert (await bot.table(key)).place.board_message == str(newest.message_id)


async def test_a_deleted_group_board_is_posted_anew_when_the_turn_passes() -> None:
    async with running_bot(App(MemoryStore(), dice=Dice(5))) as bot:
        await open_group_game(bot, "3", text_mode=False)
        chat = bot.fake.chats[GROUP]
        board = bot.keyboard_message(chat)
        assert (await bot.match(GROUP_KEY)).game.phase is Phase.OPENING
        press = bot.fake.press(ALICE, board, "Roll")
        del bot.fake.messages[(GROUP, board.message_id)]  # deleted as Alice pressed Roll on it
        await bot.deliver(press)
        newest = bot.keyboard_message(chat)
        assert newest.message_id > board.message_id and newest.kind == "photo"
        assert (await bot.table(GROUP_KEY)).place.board_message == str(newest.message_id)
        # The new board is the one edited from then on.
        await bot.play_turn(chat, GROUP_KEY, [ALICE, BOB], (await bot.match(GROUP_KEY)).game)
        assert bot.keyboard_message(chat) is newest and newest.edits >= 1
        assert [e for e in unexpected_errors(bot.fake) if "not found" not in e[1]] == []


async def test_double_take_stale_spectator_and_wrong_player_presses() -> None:
    async with running_bot(App(MemoryStore(), dice=Dice(11))) as bot:
        await open_group_game(bot, "money")
        chat = bot.fake.chats[GROUP]
        users = [ALICE, BOB]
        for _ in range(40):  # play until someone may double
            game = (await bot.match(GROUP_KEY)).game
            if game.phase is Phase.ROLL and "Double" in bot.keyboard_message(chat).labels():
                break
            await bot.play_turn(chat, GROUP_KEY, users, game)
        game = (await bot.match(GROUP_KEY)).game
        assert game.turn is not None
        doubler, taker = users[game.turn], users[1 - game.turn]
        roll_message = bot.keyboard_message(chat)
        roll_data = next(b["callback_data"] for b in roll_message.buttons() if b["text"] == "Roll")
        # A spectator and the wrong player are refused with a toast; nothing changes.
        version = (await bot.table(GROUP_KEY)).version
        answer = await bot.press(EVE, chat, "Double")
        assert answer["text"] == t("en", "error-not-seated")
        answer = await bot.press(taker, chat, "Roll")
        assert answer["text"] == t("en", "error-not-your-turn")
        assert (await bot.table(GROUP_KEY)).version == version
        answer = await bot.press(doubler, chat, "Double")
        assert answer.get("text") is None
        assert {"Take", "Pass"} <= set(bot.keyboard_message(chat).labels())
        assert (await bot.press(doubler, chat, "Take"))["text"]
        # The Roll button pressed late (a stale board) is refused.
        stale = bot.fake.callback(doubler, roll_message, roll_data)
        await bot.deliver(stale)
        answer = bot.fake.callback_answers[stale["callback_query"]["id"]]
        assert answer["text"] == t("en", "error-stale")
        assert (await bot.press(taker, chat, "Take")).get("text") is None
        game = (await bot.match(GROUP_KEY)).game
        assert game.cube.value == 2
        # The doubler has no double to decide on now (the taker owns the cube): in a group his
        # dice are rolled at once.
        assert game.phase is Phase.MOVE and game.turn == users.index(doubler)
        assert "Roll" not in bot.keyboard_message(chat).labels()
        # A redelivered press (same update) changes nothing and is answered again, harmlessly.
        message = bot.keyboard_message(chat)
        press = bot.fake.press(doubler, message, pressed_for(message.buttons(), game))
        await bot.deliver(press)
        after = await bot.table(GROUP_KEY)
        bot.fake.callback_answers.pop(press["callback_query"]["id"])
        await bot.deliver(press)
        again = await bot.table(GROUP_KEY)
        assert (again.match, again.version) == (after.match, after.version)
        assert bot.fake.callback_answers[press["callback_query"]["id"]]
        assert unexpected_errors(bot.fake) == []


async def test_commands_for_other_bots_and_chatter_are_ignored() -> None:
    async with running_bot(App(MemoryStore(), dice=Dice(2))) as bot:
        chat = bot.fake.chat(GROUP, "supergroup")
        assert await bot.say(ALICE, chat, "/new@SomeOtherBot 1")
        assert bot.fake.bot_messages(GROUP) == []
        # Privacy mode: plain chatter never reaches the bot; a reply to the bot's message does.
        assert not await bot.say(ALICE, chat, "hello all")
        assert await bot.say(ALICE, chat, "/help")
        helped = bot.fake.bot_messages(GROUP)[-1]
        assert "/new" in helped.text
        assert await bot.say(BOB, chat, "just chatting", reply_to=helped)
        assert len(bot.fake.bot_messages(GROUP)) == 1


async def test_forum_topics_are_separate_tables() -> None:
    async with running_bot(App(MemoryStore(), dice=Dice(4))) as bot:
        forum = bot.fake.chat(-1002, "supergroup", forum=True)
        await bot.say(ALICE, forum, "/new 1", thread_id=10)
        await bot.say(CAROL, forum, "/new money", thread_id=20)
        await bot.press(BOB, forum, "Join", thread_id=10)
        one, two = TableKey("telegram", "-1002", "10"), TableKey("telegram", "-1002", "20")
        assert (await bot.table(one)).stage == "play"
        assert (await bot.table(two)).stage == "lobby"
        assert (await bot.table(one)).mode == "match" and (await bot.table(two)).mode == "money"
        for message in bot.fake.bot_messages(-1002):
            assert message.thread_id in (10, 20)
        assert bot.keyboard_message(forum, 10).kind == "photo"
        assert "Join" in bot.keyboard_message(forum, 20).labels()
        # The general chat has no table.
        assert await bot.app.load_table(TableKey("telegram", "-1002")) is None
        await bot.say(ALICE, forum, "/settings view text", thread_id=10)
        for _ in range(16):
            game = (await bot.match(one)).game
            await bot.play_turn(forum, one, [ALICE, BOB], game, thread_id=10, typed=_ % 4 == 3)
        assert (await bot.table(one)).version > 16
        assert (await bot.table(two)).stage == "lobby"
        assert {m.thread_id for m in bot.fake.bot_messages(-1002)} == {10, 20}
        assert unexpected_errors(bot.fake) == []


async def test_set_my_commands_per_language_and_scope() -> None:
    async with running_bot(App(MemoryStore()), commands=True) as bot:
        menus = bot.fake.commands
        assert set(menus) == {
            (scope, lang)
            for scope in ("all_private_chats", "all_group_chats")
            for lang in (None, "ru", "uk", "be")
        }
        private = menus[("all_private_chats", None)]
        assert [c["command"] for c in private] == list(PRIVATE_COMMANDS)
        group = menus[("all_group_chats", "ru")]
        assert [c["command"] for c in group] == list(COMMANDS)
        assert group[0]["description"] == t("ru", "help-new")
        assert menus[("all_group_chats", "be")][0]["description"] == t("be", "help-new")
        assert menus[("all_private_chats", None)][0]["description"] == t("en", "help-new")


async def test_deep_link_invitation_seats_a_friend_at_the_group_table() -> None:
    async with running_bot(App(MemoryStore(), dice=Dice(7))) as bot:
        group = bot.fake.chat(GROUP, "supergroup")
        await bot.say(ALICE, group, "/new 3")
        await bot.say(ALICE, group, "/invite")
        token = table_token(GROUP_KEY, secret=bot.fake.token.encode())
        link = f"https://t.me/{BOT_USERNAME}?start={token}"
        assert link in bot.fake.bot_messages(GROUP)[-1].text
        private = bot.fake.chat(BOB.id, "private")
        await bot.say(BOB, private, "/start wrong_token_value")
        assert bot.fake.bot_messages(BOB.id)[-1].text == t("en", "telegram-link-invalid")
        await bot.say(BOB, private, f"/start {token}")
        assert bot.fake.bot_messages(BOB.id)[-1].text == t("en", "telegram-link-used")
        table = await bot.table(GROUP_KEY)
        assert table.stage == "play" and [s.name for s in table.seats] == ["Alice", "Bob"]
        assert bot.keyboard_message(group).kind == "photo"
        # The link used again: one private answer, nothing more in the group.
        in_group, in_private = len(bot.fake.bot_messages(GROUP)), len(bot.fake.bot_messages(BOB.id))
        await bot.say(BOB, private, f"/start {token}")
        assert len(bot.fake.bot_messages(GROUP)) == in_group
        assert len(bot.fake.bot_messages(BOB.id)) == in_private + 1
        assert bot.fake.bot_messages(BOB.id)[-1].text == t("en", "telegram-link-again")
        assert await bot.table(GROUP_KEY) == table
        # In a private chat, /invite offers the inline picker; a lobby gets the same button.
        await bot.say(ALICE, bot.fake.chat(ALICE.id, "private"), "/invite")
        button = bot.fake.bot_messages(ALICE.id)[-1].buttons()[0]
        assert button["text"] == "Invite a friend" and button["switch_inline_query"] == ""
        await bot.say(ALICE, bot.fake.chats[ALICE.id], "/new 1")
        assert "Invite a friend" in bot.fake.bot_messages(ALICE.id)[-1].labels()
        # /start alone is a greeting with the commands, then what to play.
        await bot.say(CAROL, bot.fake.chat(CAROL.id, "private"), "/start")
        assert "/new" in bot.fake.bot_messages(CAROL.id)[-2].text


async def test_webhook_checks_the_secret_token() -> None:
    from conftest import free_port

    fake = FakeBotApi()
    await fake.start()
    port = free_port()
    url = f"http://127.0.0.1:{port}/tg/hook"
    webhook = {"url": url, "secret": "s3cret-token", "host": "127.0.0.1", "port": port}
    try:
        async with running_bot(App(MemoryStore()), fake=fake, webhook=webhook) as bot:
            assert fake.webhook == {"url": url, "secret_token": "s3cret-token"}
            chat = fake.chat(GROUP, "supergroup")
            update = fake.user_message(ALICE, chat, "/new 1")
            assert await fake.post_webhook(update, secret="wrong") == 403
            assert await fake.post_webhook(update, secret=None) == 403
            await bot.settle()
            assert fake.bot_messages(GROUP) == []
            # The answer comes only once the update is handled: its lobby is already posted.
            assert await fake.post_webhook(update, secret="s3cret-token") == 200
            assert "Join" in bot.keyboard_message(chat).labels()
            # A redelivered update is harmless: one table, its lobby shown again as it stands
            # with its Join button (the first answer may never have been posted).
            assert await fake.post_webhook(update, secret="s3cret-token") == 200
            posted = fake.bot_messages(GROUP)
            assert [bool(m.markup) for m in posted] == [True, False, True]
            assert posted[1].text.startswith("Already done")
            assert await fake.post_webhook({"nonsense": True}, secret="s3cret-token") == 400
            press = fake.press(BOB, bot.keyboard_message(chat), "Join")
            assert await fake.post_webhook(press, secret="s3cret-token") == 200
            assert (await bot.table(GROUP_KEY)).stage == "play"
            assert fake.callback_answers[press["callback_query"]["id"]].get("text") is None
    finally:
        await fake.stop()


async def test_retry_after_and_network_errors_are_waited_out() -> None:
    async with running_bot(App(MemoryStore(), dice=Dice(1))) as bot:
        chat = bot.fake.chat(GROUP, "supergroup")
        bot.fake.fail_next(
            "sendMessage", ApiError(429, "Too Many Requests: retry after 1", retry_after=1)
        )
        bot.fake.fail_next("sendMessage", ApiError(502, "Bad Gateway"))
        await bot.say(ALICE, chat, "/new 1")
        tries = bot.fake.called("sendMessage")
        assert len(tries) == 3 and tries[0] == tries[2]
        assert "Join" in bot.keyboard_message(chat).labels()
        assert [e[1] for e in bot.fake.errors] == [
            "Too Many Requests: retry after 1",
            "Bad Gateway",
        ]
        # An edit that Telegram calls "not modified" is a no-op, not a failure.
        await bot.press(BOB, chat, "Join")
        board = bot.keyboard_message(chat)
        bot.fake.fail_next("sendPhoto", ApiError(502, "Bad Gateway"))
        await bot.press(ALICE, chat, "Roll")
        assert board.markup is None or bot.keyboard_message(chat) is board


async def test_bot_api_rules_of_the_fake_hold_for_ptb() -> None:
    """The fake refuses what Telegram refuses, and PTB raises what it raises on Telegram."""
    from telegram import InlineKeyboardButton, InlineKeyboardMarkup
    from telegram.error import BadRequest, EndPointNotFound

    async with running_bot(App(MemoryStore())) as bot:
        tg = bot.application.bot
        bot.fake.chat(GROUP, "supergroup")
        long_data = InlineKeyboardMarkup([[InlineKeyboardButton("x", callback_data="é" * 33)]])
        with pytest.raises(BadRequest, match=r"(?i)button_data_invalid"):
            await tg.send_message(GROUP, "hi", reply_markup=long_data)
        with pytest.raises(BadRequest, match="too long"):
            await tg.send_message(GROUP, "x" * 4097)
        sent = await tg.send_message(GROUP, "<b>" + "x" * 4090 + "</b>", parse_mode="HTML")
        with pytest.raises(BadRequest, match=r"(?i)can't parse entities"):
            await tg.send_message(GROUP, "<pre>1 < 2</pre", parse_mode="HTML")
        with pytest.raises(BadRequest, match=r"(?i)can't parse entities"):
            await tg.send_message(GROUP, "<pre>Bob & co</pre>", parse_mode="HTML")
        with pytest.raises(BadRequest, match=r"(?i)can't parse entities"):
            await tg.send_message(GROUP, "<blink>x</blink>", parse_mode="HTML")
        markup = InlineKeyboardMarkup([[InlineKeyboardButton("a", callback_data="a")]])
        await tg.edit_message_text(
            "new", chat_id=GROUP, message_id=sent.message_id, reply_markup=markup
        )
        with pytest.raises(BadRequest, match=r"(?i)" + NOT_MODIFIED):
            await tg.edit_message_text(
                "new", chat_id=GROUP, message_id=sent.message_id, reply_markup=markup
            )
        # An edit without reply_markup removes the keyboard.
        await tg.edit_message_text("newer", chat_id=GROUP, message_id=sent.message_id)
        assert bot.fake.messages[(GROUP, sent.message_id)].markup is None
        with pytest.raises(BadRequest, match="caption is too long"):
            await tg.send_photo(GROUP, b"\x89PNG....", caption="c" * 1025)
        # An unknown method is a 404, which PTB reports as an unknown endpoint.
        with pytest.raises(EndPointNotFound):
            await tg.do_api_request("noSuchMethod")
        assert ("noSuchMethod", "Not Found") in bot.fake.errors
        assert json.loads(json.dumps(bot.fake.errors))  # recorded as plain data


async def test_names_are_escaped_in_html_text_boards() -> None:
    odd = TgUser(106, "<Bob & co>")
    async with running_bot(App(MemoryStore(), dice=Dice(2))) as bot:
        chat = bot.fake.chat(GROUP, "supergroup")
        await bot.say(odd, chat, "/new 1")
        await bot.press(ALICE, chat, "Join")
        await bot.say(odd, chat, "/settings view text")
        await bot.say(odd, chat, "/board")
        board = bot.fake.bot_messages(GROUP)[-1]
        assert board.parse_mode == "HTML" and "&lt;Bob &amp; co&gt;" in board.text
        assert unexpected_errors(bot.fake) == []


async def test_serve_polls_registers_the_menus_and_stops_when_cancelled() -> None:
    fake = FakeBotApi()
    await fake.start()
    settings = load_settings(telegram_token=fake.token, telegram_base_url=fake.url)
    task = asyncio.create_task(serve(App(MemoryStore()), settings))
    try:
        for _ in range(500):
            if fake.called("getUpdates"):
                break
            await asyncio.sleep(0.01)
        assert len(fake.commands) == 8
        chat = fake.chat(ALICE.id, "private")
        fake.queue(fake.user_message(ALICE, chat, "/help"))
        for _ in range(500):
            if fake.bot_messages(ALICE.id):
                break
            await asyncio.sleep(0.01)
        assert "/new" in fake.bot_messages(ALICE.id)[0].text
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        await fake.stop()
    assert task.cancelled()


async def test_answers_follow_each_users_telegram_language() -> None:
    ivan = TgUser(107, "Иван", "ru")
    async with running_bot(App(MemoryStore(), dice=Dice(2))) as bot:
        chat = bot.fake.chat(GROUP, "supergroup")
        await bot.say(ivan, chat, "/new 1")
        assert t("ru", "button-join") in bot.keyboard_message(chat).labels()
        answer = await bot.press(EVE, chat, t("ru", "button-abort"))
        assert answer["text"] == t("en", "error-not-seated")
        await bot.press(ALICE, chat, t("ru", "button-join"))
        answer = await bot.press(ivan, chat, "Roll")
        assert answer.get("text") is None
        answer = await bot.press(EVE, chat, bot.keyboard_message(chat).labels()[0])
        assert answer["text"] == t("en", "error-not-seated")


def test_long_texts_are_cut_at_line_ends() -> None:
    text = "\n".join(f"line {i:04d} " + "x" * 90 for i in range(100))
    pieces = split_text(text, MAX_TEXT)
    assert all(len(p) <= 4096 for p in pieces) and len(pieces) == 3
    assert "\n".join(pieces) == text
    assert split_text("y" * 5000, MAX_TEXT) == ["y" * 4096, "y" * 904]


async def test_long_captions_lost_messages_and_blocked_chats_are_handled() -> None:
    async with running_bot(App(MemoryStore(), dice=Dice(5))) as bot:
        await open_group_game(bot, "3", text_mode=False)
        chat = bot.fake.chats[GROUP]
        adapter: TelegramAdapter = bot.application.bot_data["adapter"]
        tg = bot.application.bot
        reply = await bot.app.handle(
            Update(GROUP_KEY, User("telegram", str(ALICE.id), "Alice"), "x1", text="/board")
        )
        shown = next(r for r in reply if isinstance(r, SendBoard))
        # A caption over Telegram's 1024 characters goes out as text before the picture.
        caption = "\n".join(["note " + "n" * 200] * 6 + [shown.caption])
        target = ChatTarget(GROUP)
        surface = ChatSurface(adapter, tg, target, GROUP_KEY)
        message = await surface.send_board(shown.board, caption, shown.buttons)
        photo = bot.fake.messages[(GROUP, message.message_id)]
        # The picture keeps the caption's last line (who is to act); the whole went as text.
        assert photo.kind == "photo" and photo.text == shown.caption.rsplit("\n", 1)[-1]
        assert bot.fake.bot_messages(GROUP)[-2].text.startswith("note ")
        # Editing a board message that is gone posts the board anew.
        del bot.fake.messages[(GROUP, photo.message_id)]
        edit = EditBoard(
            str(photo.message_id), shown.board, shown.caption, shown.buttons, shown.version
        )
        await adapter.perform(tg, target, GROUP_KEY, [edit])
        newest = bot.keyboard_message(chat)
        assert newest.message_id > photo.message_id and newest.kind == "photo"
        assert (await bot.table(GROUP_KEY)).place.board_message == str(newest.message_id)
        # A chat that blocked the bot stops the replies, not the bot.
        bot.fake.fail_next("sendMessage", ApiError(403, "Forbidden: bot was kicked"))
        await bot.say(ALICE, chat, "/score")
        await bot.say(ALICE, chat, "/score")
        assert "Score" in bot.fake.bot_messages(GROUP)[-1].text


def test_invitation_tokens_are_signed_and_fit_telegrams_limits() -> None:
    key = TableKey("telegram", "-1001234567890", "45")
    token = table_token(key, secret=b"one")
    assert len(token) <= 64 and re.fullmatch(r"[A-Za-z0-9_-]+", token)
    assert token_table(token, secret=b"one") == key
    with pytest.raises(InvalidInvitation):
        token_table(token, secret=b"another bot")
    with pytest.raises(InvalidInvitation):
        token_table(token.replace("j-100", "j-200"), secret=b"one")
    # Inline message ids become table keys; one a key cannot hold is hashed.
    assert inline_table("AgAAAMRA-_x").chat == "iAgAAAMRA-_x"
    assert inline_table("a/b=c+") == inline_table("a/b=c+") != inline_table("a/b=c-")


def test_the_bot_api_root_may_be_given_with_or_without_bot() -> None:
    for url in ("http://127.0.0.1:8081", "http://127.0.0.1:8081/", "http://127.0.0.1:8081/bot"):
        application = build_application(App(MemoryStore()), "1:T", base_url=url)
        assert application.bot.base_url == "http://127.0.0.1:8081/bot1:T"
        assert application.bot.base_file_url == "http://127.0.0.1:8081/file/bot1:T"


async def test_move_clock_notices_are_posted_into_the_tables_topic() -> None:
    now = [1_000_000.0]
    app = App(MemoryStore(), dice=Dice(12), clock=lambda: now[0])
    async with running_bot(app) as bot:
        forum = bot.fake.chat(-1003, "supergroup", forum=True)
        await bot.say(ALICE, forum, "/new 3", thread_id=7)
        await bot.press(BOB, forum, "Join", thread_id=7)
        await bot.say(BOB, forum, "/clock 1h", thread_id=7)
        await bot.press(ALICE, forum, "Roll", thread_id=7)
        adapter: TelegramAdapter = bot.application.bot_data["adapter"]
        assert await adapter.deliver_ticks(bot.application.bot) == 0
        before = len(bot.fake.bot_messages(-1003, 7))
        now[0] += 50 * 60
        assert await adapter.deliver_ticks(bot.application.bot) == 1
        await bot.settle()
        notices = bot.fake.bot_messages(-1003, 7)[before:]
        assert len(notices) == 1 and "10 minutes left" in notices[0].text
        # Served once: a second tick (or another process) posts nothing more.
        assert await adapter.deliver_ticks(bot.application.bot) == 0
        assert unexpected_errors(bot.fake) == []


async def test_a_clock_notice_the_chat_refused_is_posted_at_a_later_tick() -> None:
    """The bot may not post in the group for a while (``Forbidden``): the reminder is not
    counted as given, and the next tick, once the bot may post again, posts it."""
    now = [1_000_000.0]
    app = App(MemoryStore(), dice=Dice(12), clock=lambda: now[0])
    async with running_bot(app) as bot:
        group = bot.fake.chat(GROUP, "supergroup")
        await bot.say(ALICE, group, "/new 3")
        await bot.press(BOB, group, "Join")
        await bot.say(BOB, group, "/clock 1h")
        await bot.press(ALICE, group, "Roll")
        adapter: TelegramAdapter = bot.application.bot_data["adapter"]
        before = len(bot.fake.bot_messages(GROUP))
        now[0] += 50 * 60
        bot.fake.fail_next("sendMessage", ApiError(403, "Forbidden: bot is not a member"))
        assert await adapter.deliver_ticks(bot.application.bot) == 1
        assert len(bot.fake.bot_messages(GROUP)) == before  # refused: nothing posted
        now[0] += 60
        assert await adapter.deliver_ticks(bot.application.bot) == 1
        notices = bot.fake.bot_messages(GROUP)[before:]
        assert len(notices) == 1 and "minutes left" in notices[0].text
        assert await adapter.deliver_ticks(bot.application.bot) == 0


async def test_only_a_chat_administrator_turns_ratings_off() -> None:
    """Telegram's ``getChatMember`` decides who administers a group: its creator or an
    administrator turns ratings off (and on); a member is told clearly that he may not and
    nothing changes; a lookup Telegram refuses counts as no administrator."""
    async with running_bot(App(MemoryStore(), dice=Dice(3))) as bot:
        chat = bot.fake.chat(GROUP, "supergroup")
        bot.fake.set_member(chat, ALICE, "creator")
        bot.fake.set_member(chat, CAROL, "administrator")
        assert await bot.say(ALICE, chat, f"/new@{BOT_USERNAME} 1")
        refusal = t("en", "settings-ratings-admin")

        assert await bot.say(BOB, chat, "/settings ratings off")
        assert bot.fake.called("getChatMember")[-1] == {"chat_id": GROUP, "user_id": BOB.id}
        assert bot.fake.bot_messages(GROUP)[-1].text == refusal
        assert (await bot.table(GROUP_KEY)).settings.ratings

        assert await bot.say(CAROL, chat, "/settings ratings off")
        assert t("en", "settings-saved") in bot.fake.bot_messages(GROUP)[-1].text
        assert not (await bot.table(GROUP_KEY)).settings.ratings
        assert await bot.say(ALICE, chat, "/settings ratings on")
        assert (await bot.table(GROUP_KEY)).settings.ratings

        # Telegram refuses the lookup: no administrator, a clear refusal, no error shown.
        bot.fake.fail_next("getChatMember", ApiError(400, "Bad Request: user not found"))
        assert await bot.say(ALICE, chat, "/settings ratings off")
        assert bot.fake.bot_messages(GROUP)[-1].text == refusal
        assert (await bot.table(GROUP_KEY)).settings.ratings
        # Other settings ask Telegram nothing.
        asked = len(bot.fake.called("getChatMember"))
        assert await bot.say(BOB, chat, "/settings view text")
        assert len(bot.fake.called("getChatMember")) == asked

        # The fake answers as Telegram does, to PTB itself.
        api = bot.application.bot
        assert (await api.get_chat_member(GROUP, ALICE.id)).status == "creator"
        admin = await api.get_chat_member(GROUP, CAROL.id)
        assert isinstance(admin, ChatMemberAdministrator) and admin.can_manage_chat
        assert (await api.get_chat_member(GROUP, BOB.id)).status == "member"
        bot.fake.set_member(chat, EVE, "left")
        assert (await api.get_chat_member(GROUP, EVE.id)).status == "left"
        with pytest.raises(BadRequest, match="User not found"):
            await api.get_chat_member(GROUP, 999_999)
        with pytest.raises(BadRequest, match="Chat not found"):
            await api.get_chat_member(-999, ALICE.id)
