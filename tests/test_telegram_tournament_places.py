"""Where a tournament's games are played on Telegram, over the real PTB ``Application`` and the
fake Bot API: a group without topics plays them in the players' private chats with the bot
(every message of the game posted to each, a press or a typed play in either acting at the
game), a forum in a topic of its own per game (in private chats when the bot may not open
topics).  A private chat that refuses the bot leaves the game to the other one.
"""

from __future__ import annotations

import logging

import pytest
from fake_telegram import Chat, TgUser
from telegram_support import (
    ALICE,
    BOB,
    CAROL,
    Bot,
    Clock,
    boards,
    game_of,
    play_by_buttons,
    pressed_for,
    private,
    running_bot,
    started,
)
from test_app_support import Dice
from test_telegram import unexpected_errors

from bot.app import App
from bot.app.payload import MAX_VERSION, Payload, format_payload
from bot.app.tournaments import keys
from bot.app.types import GameToPlace, PlaceGames
from bot.i18n import t
from bot.store import MemoryStore, TableKey
from bot.telegram.adapter import ChatTarget
from bot.telegram.mirror import route_of, routed
from engine.game import Phase
from engine.movegen import legal_plays

GROUP = -100777
FORUM = -100888
PLAYERS = {f"telegram:{u.id}": u for u in (ALICE, BOB)}


async def start_event(bot: Bot, chat: Chat, words: str = "knockout 1") -> None:
    """Alice opens a tournament in ``chat``, Alice and Bob join and Alice starts it: its one
    game is paired and placed."""
    assert await bot.say(ALICE, chat, f"/tournament {words}")
    await bot.press(ALICE, chat, "Join")
    await bot.press(BOB, chat, "Join")
    await bot.press(ALICE, chat, "Start")


async def offer_again(bot: Bot, home: Chat, game: TableKey) -> None:
    """The game stored at ``game`` offered a place again in ``home`` (a process that stopped
    placing it, the tick's next offer), as the app offers it."""
    table = await bot.app.load_table(game)
    assert table is not None and table.event is not None
    players = tuple(seat.user for seat in table.seats)
    stored = keys.game_key("telegram", table.event.event, table.event.round, table.event.board)
    offer = PlaceGames((GameToPlace(stored, "Alice — Bob (round 1)", players),))
    home_key = TableKey("telegram", str(home.id))
    await bot.adapter.perform(bot.application.bot, ChatTarget(home.id), home_key, [offer])
    await bot.settle()


async def seated(bot: Bot, key: TableKey) -> list[TgUser]:
    facts = await bot.app.facts(key)
    assert facts is not None
    return [PLAYERS[ref] for ref in facts.seats]


async def test_a_group_without_topics_plays_its_games_in_the_players_private_chats() -> None:
    async with running_bot(App(MemoryStore(), dice=Dice(3))) as bot:
        group = bot.fake.chat(GROUP, "supergroup")
        started(bot, ALICE, BOB)
        await start_event(bot, group)
        # The group shows the event; the game goes to both private chats, the same in each.
        assert not [m for m in bot.fake.bot_messages(GROUP) if m.kind == "photo"]
        assert "Alice — Bob" in "\n".join(m.text for m in bot.fake.bot_messages(GROUP))
        for user in (ALICE, BOB):
            opening, board = bot.fake.bot_messages(user.id)
            assert opening.text.startswith("Tournament game: Alice against Bob, round 1")
            assert board.kind == "photo" and board.markup is not None
        (alice_board,), (bob_board,) = boards(bot, ALICE), boards(bot, BOB)
        assert alice_board.text == bob_board.text and alice_board.markup == bob_board.markup
        key = game_of(alice_board)
        assert key.chat.startswith("T") and key.topic == "1.1"
        assert bot.fake.called("createForumTopic") == [] and bot.fake.called("getChat") == []
        users = await seated(bot, key)
        # A whole play made by buttons in the mover's private chat acts at the game; the other
        # player sees it as it is built, then the next board.
        before = (await bot.table(key)).version
        mover = await play_by_buttons(bot, key, users)
        other = next(u for u in users if u is not mover)
        assert (await bot.table(key)).version > before
        assert (await bot.game(key)).turn == users.index(other)
        assert bob_board.edits > 0 and alice_board.edits == bob_board.edits
        assert alice_board.markup is None and bob_board.markup is None  # the turn passed
        mine, theirs = boards(bot, mover)[-1], boards(bot, other)[-1]
        assert mine.text == theirs.text and game_of(theirs) == key
        facts = await bot.app.facts(key)
        assert facts is not None and facts.board_message == (
            f"{ALICE.id}:{boards(bot, ALICE)[-1].message_id},"
            f"{BOB.id}:{boards(bot, BOB)[-1].message_id}"
        )
        # The other player types his play in his private chat: it goes to the game too.
        game = await bot.game(key)
        if game.phase is Phase.ROLL:
            await bot.press(other, private(bot, other), "Roll")
            game = await bot.game(key)
        assert game.phase is Phase.MOVE and game.dice is not None
        before = (await bot.table(key)).version
        play = legal_plays(game.current, game.dice)[0].notation()
        assert await bot.say(other, private(bot, other), play)
        assert (await bot.table(key)).version > before
        assert (await bot.game(key)).turn == users.index(mover)
        assert boards(bot, mover)[-1].text == boards(bot, other)[-1].text
        # Nothing went to the private chats' own tables.
        assert await bot.app.facts(TableKey("telegram", str(ALICE.id))) is None
        # Offered again, the game placed already is not opened again.
        posted = len(bot.fake.calls)
        await offer_again(bot, group, key)
        assert bot.fake.calls[posted:] == []
        assert unexpected_errors(bot.fake) == []


async def test_a_press_that_names_no_game_or_a_game_not_ones_own_is_refused() -> None:
    async with running_bot(App(MemoryStore(), dice=Dice(3))) as bot:
        group = bot.fake.chat(GROUP, "supergroup")
        started(bot, ALICE, BOB, CAROL)
        await start_event(bot, group)
        board = boards(bot, ALICE)[-1]
        key = game_of(board)
        version = (await bot.table(key)).version
        posted = {u.id: len(bot.fake.bot_messages(u.id)) for u in (ALICE, BOB)}
        # Carol, who does not play there, sends data of the game's buttons from her own chat.
        assert await bot.say(CAROL, private(bot, CAROL), "/help")
        carol_message = bot.fake.bot_messages(CAROL.id)[-1]
        carol_posted = len(bot.fake.bot_messages(CAROL.id))
        for button in board.buttons():
            update = bot.fake.callback(CAROL, carol_message, button["callback_data"])
            await bot.deliver(update)
            answer = bot.fake.callback_answers[update["callback_query"]["id"]]
            assert answer.get("text")  # refused, to her alone
        assert len(bot.fake.bot_messages(CAROL.id)) == carol_posted
        # Data of the routed form that names no tournament game, or no payload, is refused as
        # any bad payload.
        bad_data = ("x/1|r:1", f"{key.chat}|r:1", "-1001/5|r:1", f"{key.chat}/{key.topic}|zz")
        for bad in bad_data:
            update = bot.fake.callback(ALICE, board, bad)
            await bot.deliver(update)
            answer = bot.fake.callback_answers[update["callback_query"]["id"]]
            assert answer.get("text") == t("en", "error-bad-payload"), bad
        # A player's own forged press may not do there what only a private chat's own table
        # allows its user: the game stays rated.
        unrated = routed(key, format_payload(Payload("setting", ("ratings", "off"), version)))
        update = bot.fake.callback(ALICE, board, unrated)
        await bot.deliver(update)
        answer = bot.fake.callback_answers[update["callback_query"]["id"]]
        assert answer.get("text") == t("en", "tournament-fixed-terms")
        assert (await bot.table(key)).settings.ratings
        assert (await bot.table(key)).version == version
        assert {u.id: len(bot.fake.bot_messages(u.id)) for u in (ALICE, BOB)} == posted


async def test_a_forum_plays_each_game_in_a_topic_of_its_own() -> None:
    async with running_bot(App(MemoryStore(), dice=Dice(3))) as bot:
        forum = bot.fake.chat(FORUM, "supergroup", forum=True)
        bot.fake.allow_topics(forum)
        started(bot, ALICE, BOB)
        await start_event(bot, forum)
        ((chat_id, thread), name), *more = bot.fake.topics.items()
        assert chat_id == FORUM and not more
        assert name == "Alice — Bob (round 1)"
        key = TableKey("telegram", str(FORUM), str(thread))
        topic = bot.fake.bot_messages(FORUM, thread)
        assert topic[0].text.startswith("Tournament game: Alice against Bob, round 1")
        assert topic[-1].markup is not None
        # The game moved there; nothing went to the private chats; Telegram told the bot the
        # chat is a forum with the update.
        assert [p["name"] for p in bot.fake.called("createForumTopic")] == [name]
        assert bot.fake.bot_messages(ALICE.id) == [] and bot.fake.bot_messages(BOB.id) == []
        assert bot.fake.called("getChat") == []
        assert await bot.app.facts(key) is not None
        # A press in the topic acts at the game played there.
        users = await seated(bot, key)
        game = await bot.game(key)
        assert game.phase is Phase.MOVE and game.turn is not None
        step = pressed_for(topic[-1].buttons(), game)
        version = (await bot.table(key)).version
        await bot.press(users[game.turn], forum, step, thread_id=thread)
        assert (await bot.table(key)).version > version  # the press acted at the game there
        assert (await bot.table(key)).place.frugal  # a group's game, from its first board on
        # Offered again, the game moved to its topic gets no second one.
        posted = len(bot.fake.calls)
        await offer_again(bot, forum, key)
        assert bot.fake.calls[posted:] == []
        assert unexpected_errors(bot.fake) == []


async def test_a_forum_where_the_bot_may_not_open_topics_plays_in_private_chats() -> None:
    async with running_bot(App(MemoryStore(), dice=Dice(3))) as bot:
        forum = bot.fake.chat(FORUM, "supergroup", forum=True)
        started(bot, ALICE, BOB)
        await start_event(bot, forum)
        assert bot.fake.topics == {}
        assert bot.fake.errors == [
            ("createForumTopic", "Bad Request: not enough rights to create a topic")
        ]
        assert len(boards(bot, ALICE)) == len(boards(bot, BOB)) == 1
        key = game_of(boards(bot, BOB)[0])
        assert await bot.app.facts(key) is not None


async def test_a_private_chat_that_refuses_the_bot_leaves_the_game_to_the_other(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async with running_bot(App(MemoryStore(), dice=Dice(3))) as bot:
        group = bot.fake.chat(GROUP, "supergroup")
        started(bot, ALICE, BOB)
        bot.fake.block(ALICE)
        await start_event(bot, group)
        assert bot.fake.bot_messages(ALICE.id) == []
        (board,) = boards(bot, BOB)
        key = game_of(board)
        refused = [e for e in bot.fake.errors if "blocked" in e[1]]
        assert refused and all(e[0] in ("sendMessage", "sendPhoto") for e in refused)
        # The game goes on in Bob's chat (he moves first): its board is the table's board.
        facts = await bot.app.facts(key)
        assert facts is not None and facts.board_message == f"{BOB.id}:{board.message_id}"
        users = await seated(bot, key)
        before = (await bot.table(key)).version
        assert await play_by_buttons(bot, key, users) is BOB
        assert (await bot.table(key)).version > before
        assert len(boards(bot, BOB)) == 2 and bot.fake.bot_messages(ALICE.id) == []
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_the_clock_of_a_game_in_private_chats_speaks_in_both() -> None:
    clock = Clock()
    async with running_bot(App(MemoryStore(), dice=Dice(3), clock=clock)) as bot:
        group = bot.fake.chat(GROUP, "supergroup")
        started(bot, ALICE, BOB)
        await start_event(bot, group, "knockout 1 clock=1h")
        key = game_of(boards(bot, ALICE)[-1])
        adapter, api = bot.adapter, bot.application.bot
        clock.now += 50 * 60
        assert await adapter.deliver_ticks(api) >= 1
        for user in (ALICE, BOB):
            assert bot.fake.bot_messages(user.id)[-1].text == "Bob, 10 minutes left for your move."
        clock.now += 20 * 60
        assert await adapter.deliver_ticks(api) >= 1
        await bot.settle()
        table = await bot.table(key)
        assert table.stage == "over"
        for user in (ALICE, BOB):
            said = "\n".join(m.text for m in bot.fake.bot_messages(user.id))
            assert "Alice wins the match on time." in said
        assert unexpected_errors(bot.fake) == []


async def test_a_tick_places_the_games_of_an_event_that_starts_by_itself() -> None:
    clock = Clock()
    async with running_bot(App(MemoryStore(), dice=Dice(3), clock=clock)) as bot:
        forum = bot.fake.chat(FORUM, "supergroup", forum=True)
        bot.fake.allow_topics(forum)
        assert await bot.say(ALICE, forum, "/tournament knockout 1 in=1h")
        await bot.press(ALICE, forum, "Join")
        await bot.press(BOB, forum, "Join")
        assert bot.fake.topics == {}
        bot.adapter.forums.clear()  # as another process, which has seen no update of the chat
        clock.now += 3600
        assert await bot.adapter.deliver_ticks(bot.application.bot) >= 1
        await bot.settle()
        assert [p["chat_id"] for p in bot.fake.called("getChat")] == [FORUM]
        ((_, thread),) = bot.fake.topics
        key = TableKey("telegram", str(FORUM), str(thread))
        assert (await bot.table(key)).stage == "play"
        assert bot.fake.bot_messages(FORUM, thread)[-1].markup is not None
        assert unexpected_errors(bot.fake) == []


def test_a_game_button_names_its_game_within_telegrams_64_bytes() -> None:
    key = keys.game_key("telegram", "ffffffff", 9999, 32)
    longest = [
        Payload("step", (999999, 999999), MAX_VERSION),
        Payload("resign", (999999,), MAX_VERSION),
        Payload("hint_play", (999999,), MAX_VERSION),
        Payload("replay", ("x" * 20, 999999, 999999), MAX_VERSION),
    ]
    for payload in map(format_payload, longest):
        data = routed(key, payload)
        assert len(data.encode()) <= 64 and route_of(data) == (key, payload)
    # Data that would not fit is left as the payload alone (it acts at the chat's own table).
    wide = Payload("setting", ("x" * 20, "y" * 20), MAX_VERSION)
    assert routed(key, format_payload(wide)) == format_payload(wide)
