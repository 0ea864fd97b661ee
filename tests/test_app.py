"""The chat application driven through its public API only, on the memory store and real Redis.

Whole games by buttons and by typed notation, a match with the Crawford rule, a money session
with every cube action, rights (spectators, the wrong player), stale buttons, duplicate delivery,
settings, languages, and the reply actions the adapters get.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import replace

import pytest
from test_app_support import (
    ALICE,
    ALREADY_DONE,
    BOB,
    EVE,
    Chat,
    Dice,
    open_store,
    play_turn_by_buttons,
    play_until,
    texts,
    toasts,
)

from bot.app import (
    App,
    ClearButtons,
    EditBoard,
    SendBoard,
    SendFile,
    SendText,
    Toast,
    Update,
    User,
    format_payload,
    parse_payload,
)
from bot.app.payload import Payload
from bot.app.syntax import say, typed_syntax
from bot.i18n import t
from bot.store import CasResult, MemoryStore, Store, TableKey
from engine.game import Game, Phase
from engine.match import Match
from engine.movegen import legal_plays
from engine.position import Position

USERS = [ALICE, BOB]


@pytest.fixture(params=["memory", "redis"])
async def store(request: pytest.FixtureRequest) -> AsyncIterator[Store]:
    """Each test below runs on the memory store and on a real Redis."""
    async with open_store(request.param, request) as opened:
        yield opened


async def start(store: Store, args: str = "1", seed: int = 1) -> Chat:
    chat = Chat(App(store, dice=Dice(seed)))
    replies = await chat.send(ALICE, f"/new {args}")
    assert isinstance(replies[0], SendText) and "Join" in chat.labels()
    replies = await chat.press(BOB, "Join")
    assert any(isinstance(r, SendBoard) for r in replies)
    return chat


async def test_whole_match_by_buttons(store: Store) -> None:
    chat = await start(store, "1")
    await play_until(chat, USERS, lambda m: m.is_over)
    match = await chat.match()
    assert match.is_over and match.winner is not None
    winner = USERS[match.winner].name
    assert f"{winner} wins the match" in texts(chat.log)
    # Every board posted while playing had buttons; the last one, after the match, offers
    # only the match's analysis.
    boards = [r for r in chat.log if isinstance(r, SendBoard)]
    assert all(b.buttons for b in boards[:-1])
    assert [b.label for row in boards[-1].buttons for b in row] == ["Analysis"]
    # Step buttons edited the board in place; passing the turn cleared the old board's buttons.
    assert any(isinstance(r, EditBoard) for r in chat.log)
    assert any(isinstance(r, ClearButtons) for r in chat.log)
    # The table is free for a new game; the finished one can still be looked at.
    assert any(isinstance(r, SendBoard) for r in await chat.send(EVE, "/board"))
    assert "Join" not in chat.labels()
    await chat.send(BOB, "/new match 3")
    assert "Join" in chat.labels()
    # Results reached both players' statistics.
    for user in USERS:
        replies = await chat.send(user, "/stats")
        assert "games 1" in texts(replies)


async def test_typed_notation_and_move_command(store: Store) -> None:
    chat = await start(store, "3", seed=4)
    await chat.press(ALICE, "Roll")
    game = (await chat.match()).game
    assert game.phase is Phase.MOVE and game.turn is not None and game.dice is not None
    mover, other = USERS[game.turn], USERS[1 - game.turn]
    play = legal_plays(game.position, game.dice)[0].notation()
    # The opponent typing the notation is refused and changes nothing.
    assert "It is not your turn." in texts(await chat.send(other, play))
    # Malformed and illegal notation: a clear message, nothing changed.
    assert "I could not read" in texts(await chat.send(mover, "/move 24/"))
    assert "Wrong arguments for /move." in texts(await chat.send(mover, "/move"))
    assert (await chat.match()).game == game
    replies = await chat.send(mover, play)
    assert any(isinstance(r, SendBoard) for r in replies)
    after = (await chat.match()).game
    assert after.turn == 1 - game.turn or after.phase is not Phase.MOVE
    # The same with the explicit command for the next player once he has rolled.
    await chat.press(other, "Roll")
    game = (await chat.match()).game
    if game.phase is Phase.MOVE and game.dice is not None:
        play = legal_plays(game.position, game.dice)[-1].notation()
        await chat.send(USERS[game.turn or 0], f"/move {play}")
        assert (await chat.match()).game.turn != game.turn


async def test_new_0_opens_money_play(store: Store) -> None:
    chat = Chat(App(store, dice=Dice(3)))
    await chat.send(ALICE, "/new 0")
    table = await chat.table()
    assert table.mode == "money" and table.length == 0
    await chat.send(ALICE, "/abort")
    refused = texts(await chat.send(ALICE, "/new 0 match"))
    assert "0 means money play" in refused


async def test_match_with_crawford(store: Store) -> None:
    chat = await start(store, "3", seed=7)
    await chat.press(ALICE, "Roll")
    game = (await chat.match()).game
    loser = USERS[game.turn or 0]
    winner = USERS[1 - (game.turn or 0)]
    # Game 1: a gammon conceded; the leader reaches 2 = N-1.
    await chat.send(loser, "/resign gammon")
    assert "Accept" in chat.labels()
    await chat.press(winner, "Accept")
    match = await chat.match()
    assert max(match.score) == 2 and match.game.crawford
    assert "Crawford game" in texts(chat.log[-3:])
    # The Crawford game: no Double button, and doubling is refused.
    await chat.press(ALICE, "Roll")
    game = (await chat.match()).game
    on_roll = USERS[game.turn or 0]
    leader = winner
    if game.phase is Phase.MOVE:
        await play_turn_by_buttons(chat, USERS, game)
        game = (await chat.match()).game
        on_roll = USERS[game.turn or 0]
    assert "Double" not in chat.labels()
    assert "No doubling in the Crawford game." in texts(await chat.send(on_roll, "/double"))
    # The leader concedes the Crawford game: 2-1, the next game is post-Crawford.
    trailer = loser
    game = (await chat.match()).game
    if game.phase is Phase.ROLL:
        await chat.press(USERS[game.turn or 0], "Roll")
    await chat.send(leader, "/resign")
    opened = texts(await chat.press(trailer, "Accept"))
    match = await chat.match()
    assert sorted(match.score) == [1, 2] and not match.game.crawford and match.post_crawford
    # The board that opens the post-Crawford game says only what holds for it.
    assert "Post-Crawford: the cube is back in play." in opened
    assert "Crawford game" not in opened and "no doubling" not in opened
    # Post-Crawford: the trailer may double, the leader takes; then the trailer concedes.
    await chat.press(ALICE, "Roll")
    for _ in range(6):
        game = (await chat.match()).game
        if game.phase is Phase.ROLL and USERS[game.turn or 0] == trailer:
            break
        await play_turn_by_buttons(chat, USERS, game)
    assert "Double" in chat.labels()
    await chat.press(trailer, "Double")
    taken = texts(await chat.press(leader, "Take"))
    assert (await chat.match()).game.cube.value == 2
    # The take is said in words: who took and now owns the cube, at which value.
    assert f"{leader.name} takes and owns the cube at 2." in taken
    await chat.press(trailer, "Roll")
    await chat.send(trailer, "/resign")
    await chat.press(leader, "Accept")
    match = await chat.match()
    assert match.is_over and USERS[match.winner or 0] == leader
    assert f"{leader.name} wins the match 4–1" in texts(chat.log[-4:])


async def test_money_session_every_cube_action(store: Store) -> None:
    chat = await start(store, "money beaver=on", seed=11)
    table = await chat.table()
    assert table.mode == "money" and table.options.get("beaver") is True
    await chat.press(ALICE, "Roll")
    await play_turn_by_buttons(chat, USERS, (await chat.match()).game)
    game = (await chat.match()).game
    doubler, taker = USERS[game.turn or 0], USERS[1 - (game.turn or 0)]
    # double → beaver → accept: cube 4 owned by the beaver.
    await chat.press(doubler, "Double")
    assert {"Take", "Pass", "Beaver"} <= set(chat.labels())
    await chat.press(taker, "Beaver")
    accepted = texts(await chat.press(doubler, "Accept"))
    cube = (await chat.match()).game.cube
    assert cube.value == 4 and cube.owner == USERS.index(taker)
    said = f"{doubler.name} accepts the beaver: the cube is at 4, owned by {taker.name}."
    assert said in accepted
    # The doubler no longer owns the cube.
    assert "The cube belongs to your opponent." in texts(await chat.send(doubler, "/double"))
    await chat.press(doubler, "Roll")
    await play_turn_by_buttons(chat, USERS, (await chat.match()).game)
    # The owner redoubles to 8; the other takes.
    await chat.press(taker, "Double")
    taken = texts(await chat.press(doubler, "Take"))
    cube = (await chat.match()).game.cube
    assert cube.value == 8 and cube.owner == USERS.index(doubler)
    assert f"{doubler.name} takes and owns the cube at 8." in taken
    await chat.press(taker, "Roll")
    await play_turn_by_buttons(chat, USERS, (await chat.match()).game)
    # Redouble to 16 and pass: the passer loses 8.
    await chat.press(doubler, "Double")
    replies = await chat.press(taker, "Pass")
    assert f"{taker.name} passed the double." in texts(replies)
    assert f"{doubler.name} wins the game: 8 points." in texts(replies)
    # The session keeps only the current game; the finished one is folded into the score.
    match, table = await chat.match(), await chat.table()
    assert len(match.games) == 1 and table.past.dropped == 1
    assert table.session_score(match)[USERS.index(doubler)] == 8
    # Game 2: double, and the doubler refuses a beaver (loses the doubled stake).
    await chat.press(ALICE, "Roll")
    await play_turn_by_buttons(chat, USERS, (await chat.match()).game)
    game = (await chat.match()).game
    d2, t2 = USERS[game.turn or 0], USERS[1 - (game.turn or 0)]
    await chat.press(d2, "Double")
    await chat.press(t2, "Beaver")
    replies = await chat.press(d2, "Refuse")
    assert "refuses the beaver" in texts(replies)
    # The refused beaver costs the doubler the doubled stake: 2 points to the other player.
    expected = [0, 0]
    expected[USERS.index(doubler)] += 8
    expected[USERS.index(t2)] += 2
    table = await chat.table()
    assert table.past.dropped == 2 and list(table.past.carry) == expected
    assert texts(await chat.send(EVE, "/score")) == (
        f"Session: Alice {expected[0]}, Bob {expected[1]}."
    )


async def test_rights_spectators_and_wrong_player(store: Store) -> None:
    chat = await start(store, "1")
    before = await chat.table()
    replies = await chat.press(EVE, "Roll")
    assert toasts(replies) == ["You are not playing at this table."]
    assert await chat.table() == before
    await chat.press(ALICE, "Roll")
    game = (await chat.match()).game
    other = USERS[1 - (game.turn or 0)]
    snapshot = await chat.table()
    step = next(label for label in chat.labels() if "→" in label)
    assert toasts(await chat.press(other, step)) == ["It is not your turn."]
    assert toasts(await chat.press(EVE, step)) == ["You are not playing at this table."]
    assert "You are not playing" in texts(await chat.send(EVE, "/double"))
    # Numbers a spectator types in the group are chatter, not moves: no answer.
    assert await chat.send(EVE, "24/18 13/11") == []
    assert await chat.table() == snapshot
    # A spectator may look.
    assert any(isinstance(r, SendBoard) for r in await chat.send(EVE, "/board"))
    assert "Pip count" in texts(await chat.send(EVE, "/pips"))


async def test_stale_button_is_refused(store: Store) -> None:
    chat = await start(store, "1")
    mid, roll = chat.find("Roll")
    await chat.send(ALICE, button=roll.payload, message=mid)
    snapshot = await chat.table()
    replies = await chat.send(BOB, button=roll.payload, message=mid)
    assert toasts(replies) == ["This board is out of date: use the latest one."]
    assert await chat.table() == snapshot
    # A payload for a version that never existed, and a forged one.
    forged = format_payload(Payload("roll", (), snapshot.version + 5))
    assert toasts(await chat.send(ALICE, button=forged)) == [
        "This board is out of date: use the latest one."
    ]
    assert toasts(await chat.send(ALICE, button="r:zz:!!")) == ["This button is not valid."]
    assert await chat.table() == snapshot


async def test_duplicate_delivery_is_applied_once(store: Store) -> None:
    chat = await start(store, "1")
    mid, roll = chat.find("Roll")
    first = await chat.send(ALICE, button=roll.payload, message=mid, update_id="tg-777")
    after = await chat.table()
    again = await chat.send(ALICE, button=roll.payload, message=mid, update_id="tg-777")
    assert first and await chat.table() == after  # nothing changed
    # Delivered again after its board was posted: the short line only, never a second live
    # board.
    assert again == [Toast(ALREADY_DONE)]
    # Delivered again when its board was never posted (the process stopped first): the board
    # is sent again, and the older board loses its buttons.
    game = (await chat.match()).game
    mover = USERS[game.turn or 0]
    message, button = chat.find(chat.labels()[0])  # his first step
    step = Update(chat.key, mover, "tg-779", button=button.payload, message=message)
    assert await chat.app.handle(step)  # applied; its board never reported posted
    before = await chat.table()
    resent = await chat.send(mover, button=button.payload, message=message, update_id="tg-779")
    assert toasts(resent) == [ALREADY_DONE]
    assert [r.version for r in resent if isinstance(r, SendBoard)] == [before.version]
    assert [r.message for r in resent if isinstance(r, ClearButtons)] == [
        before.place.board_message
    ]
    # Also for typed commands.
    await chat.send(BOB, "/settings view text", update_id="tg-778")
    table = await chat.table()
    again = await chat.send(BOB, "/settings view text", update_id="tg-778")
    assert isinstance(again[0], SendText) and again[0].text == ALREADY_DONE
    assert [r.version for r in again if isinstance(r, SendBoard)] == [table.version]
    assert (await chat.table()).version == table.version


async def test_forced_plays_are_played_with_a_note() -> None:
    chat = await start(MemoryStore(), "1", seed=1)
    await play_until(chat, USERS, lambda m: m.is_over)
    assert "Only one play is possible:" in texts(chat.log)
    assert "(played automatically)" in texts(chat.log)


async def test_no_play_turn_passes_with_a_note() -> None:
    """On the bar against a closed board: the roll cannot be played and the turn passes."""
    memory = MemoryStore()
    chat = await start(memory, "1")
    table = await chat.table()
    closed = Position.from_points({25: 1, 6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})
    game = replace(Game.new(match_length=1), position=closed, phase=Phase.ROLL, turn=0, first=0)
    match = Match("backgammon", 1, game.options, (game,))
    record = await memory.load(chat.key)
    assert record is not None
    staged = replace(table, match=match, version=table.version + 1).encode()
    assert await memory.compare_and_set(chat.key, record.version, staged) is CasResult.APPLIED
    await chat.send(ALICE, "/board")
    replies = await chat.press(ALICE, "Roll")
    assert "Alice cannot move with" in texts(replies)
    after = (await chat.match()).game
    assert after.turn == 1 and after.phase is Phase.ROLL
    assert "Bob, your turn: roll" in texts(replies)


async def test_lobby_options_abort_and_new_table() -> None:
    chat = Chat(App(MemoryStore(), dice=Dice(2)))
    replies = await chat.send(ALICE, "/new money jacoby=off")
    assert "Jacoby rule: off" in texts(replies)
    # Only the creator toggles options; the toggle is shown again with the new value.
    assert toasts(await chat.press(BOB, "Beavers")) == [
        "Only the player who opened the table can do that."
    ]
    replies = await chat.press(ALICE, "Beavers")
    assert "beavers: on" in texts(replies)
    assert (await chat.table()).options.get("beaver") is True
    assert "A game is already running here." in texts(await chat.send(BOB, "/new"))
    # The creator aborts before the first roll; a new table can then be opened.
    await chat.press(BOB, "Join")
    replies = await chat.send(ALICE, "/abort")
    assert "The game is aborted." in texts(replies)
    assert "There is no table" in texts(await chat.send(ALICE, "/roll"))
    replies = await chat.send(BOB, "/new nardy 3")
    assert "Long nardy" in texts(replies)
    # Bad arguments are explained.
    chat2 = Chat(App(MemoryStore(), dice=Dice(2)), key=TableKey("telegram", "-200"))
    assert "Wrong arguments for /new. Usage: /new" in texts(await chat2.send(ALICE, "/new frob"))
    assert "Unknown option" in texts(await chat2.send(ALICE, "/new money foo=1"))
    assert "A match is 1 to 63 points long; 0 means money play." in texts(
        await chat2.send(ALICE, "/new 99")
    )


async def test_abort_by_agreement_after_the_start() -> None:
    chat = await start(MemoryStore(), "3", seed=3)
    await chat.press(ALICE, "Roll")
    replies = await chat.send(BOB, "/abort")
    assert "Bob proposes to abort the game" in texts(replies)
    assert "You have asked to abort already" in texts(await chat.send(BOB, "/abort"))
    assert "You are not playing" in toasts(await chat.press(EVE, "Abort"))[0]
    replies = await chat.press(ALICE, "Abort")
    assert "The game is aborted." in texts(replies)
    assert (await chat.table()).stage == "over"


async def test_resign_accept_and_decline() -> None:
    chat = await start(MemoryStore(), "5", seed=5)
    await chat.press(ALICE, "Roll")
    game = (await chat.match()).game
    offerer, other = USERS[game.turn or 0], USERS[1 - (game.turn or 0)]
    await chat.send(offerer, "/resign backgammon")
    assert {"Accept", "Decline"} <= set(chat.labels())
    assert toasts(await chat.press(offerer, "Decline")) == ["It is not your turn."]
    declined = texts(await chat.press(other, "Decline"))
    assert (await chat.match()).game.resign is None
    assert f"{other.name} declines the resignation; play goes on." in declined
    await chat.send(offerer, "/resign gammon")
    replies = await chat.press(other, "Accept")
    assert f"{offerer.name} resigned." in texts(replies)
    assert "a gammon: 2 points" in texts(replies)
    assert "Wrong arguments for /resign." in texts(await chat.send(offerer, "/resign everything"))


async def test_info_export_settings_and_languages() -> None:
    chat = await start(MemoryStore(), "3", seed=6)
    await chat.press(ALICE, "Roll")
    replies = await chat.send(EVE, "/export")
    game = (await chat.match()).game
    assert f"Position ID: {game.position_id()}  Match ID: {game.match_id()}" in texts(replies)
    assert f"XGID: {game.xgid()}" in texts(replies)
    files = [r for r in replies if isinstance(r, SendFile)]
    assert files and files[0].name == "match.mat" and b"3 point match" in files[0].data
    assert "Score: Alice 0, Bob 0 (match to 3)." in texts(await chat.send(BOB, "/score"))
    # Table settings by buttons: text board, home on the left.
    await chat.send(ALICE, "/settings")
    assert "text" in chat.labels()
    assert toasts(await chat.press(ALICE, "text")) == ["Settings saved."]
    replies = await chat.send(ALICE, "/board")
    board = next(r for r in replies if isinstance(r, SendBoard))
    assert board.board.mode == "text" and board.board.text
    await chat.send(ALICE, "/settings home left")
    assert (await chat.table()).settings.home == "left"
    # Language is per user: Bob switches to Russian, Alice keeps English.
    replies = await chat.send(BOB, "/settings language ru")
    assert texts(replies) == t("ru", "settings-language", language="Русский")
    assert texts(await chat.send(BOB, "/frob")) == say(
        "ru", typed_syntax, "error-unknown-command", command="/frob"
    )
    assert (
        texts(await chat.send(ALICE, "/frob")) == "Unknown command /frob. Type /help for the list."
    )
    # A platform language is used until a choice is made.
    oksana = User("telegram", "9", "Oksana", "uk-UA")
    assert texts(await chat.send(oksana, "/roll")) == t("uk", "error-not-seated")
    ales = User("telegram", "10", "Ales", "be")
    assert t("be", "help-roll") in texts(await chat.send(ales, "/help roll"))
    # The language can be chosen with a settings button too.
    await chat.send(ALICE, "/settings")
    assert toasts(await chat.press(ALICE, "Українська")) == [
        t("uk", "settings-language", language="Українська")
    ]


async def test_help_rules_and_bad_input() -> None:
    chat = Chat(App(MemoryStore(), dice=Dice(1)))
    assert "/roll" in texts(await chat.send(ALICE, "/help"))
    assert "/roll" in texts(await chat.send(ALICE, "/help roll"))
    assert "gammons_with_cube" in texts(await chat.send(ALICE, "/rules"))
    assert "Unknown command /frob" in texts(await chat.send(ALICE, "/frob"))
    assert "too long" in texts(await chat.send(ALICE, "x" * 5000))
    # Chatter in a group is not answered; in a private chat it is.
    assert await chat.send(ALICE, "hello everybody") == []


async def test_payloads_round_trip_through_replies() -> None:
    chat = await start(MemoryStore(), "1")
    for reply in chat.log:
        for row in getattr(reply, "buttons", ()):
            for button in row:
                assert len(button.payload.encode()) <= 64
                parse_payload(button.payload)


async def test_toast_for_presses_text_for_commands() -> None:
    chat = await start(MemoryStore(), "1")
    replies = await chat.press(EVE, "Roll")
    assert len(replies) == 1 and isinstance(replies[0], Toast)
    replies = await chat.send(EVE, "/roll")
    assert len(replies) == 1 and isinstance(replies[0], SendText)


async def test_auto_roll_when_there_is_no_cube_decision() -> None:
    chat = await start(MemoryStore(), "3 cube=off", seed=13)
    assert (
        toasts(await chat.send(ALICE, "/settings autoroll on")) == []
        and (await chat.table()).settings.auto_roll
    )
    await chat.press(ALICE, "Roll")
    rolls_before = sum(1 for e in (await chat.match()).game.log if e.action == "roll")
    for _ in range(6):
        game = (await chat.match()).game
        labels = chat.labels()
        await chat.press(USERS[game.turn or 0], "Confirm" if "Confirm" in labels else labels[0])
    game = (await chat.match()).game
    # Nobody pressed Roll after the opening, yet the dice were rolled for every turn.
    assert "Roll" not in chat.labels() and game.phase is Phase.MOVE
    assert sum(1 for e in game.log if e.action == "roll") > rolls_before


async def test_long_nardy_table_first_turns() -> None:
    chat = Chat(App(MemoryStore(), dice=Dice(3)))
    replies = await chat.send(ALICE, "/new nardy")
    lobby = texts(replies)
    assert lobby.startswith("New Long nardy table: match to 1 point.")
    assert "cube: off" in lobby and "backgammon (3 points): off" in lobby
    assert chat.labels() == ["Join", "Abort", "Cube: off", "Hints: off"]
    await chat.press(BOB, "Join")
    replies = await chat.press(ALICE, "Roll")
    game = (await chat.match()).game
    # In long nardy the lot only decides who starts; he then rolls both dice.
    assert game.phase is Phase.ROLL and "Opening roll: Alice " in texts(replies)
    assert "Double" not in chat.labels()
    assert "without the cube" in texts(await chat.send(USERS[game.turn or 0], "/double"))
    for _ in range(4):
        game = (await chat.match()).game
        await play_turn_by_buttons(chat, USERS, game)
    game = (await chat.match()).game
    assert game.variant == "long_nardy" and any(e.action == "move" for e in game.log)


async def test_long_nardy_draw_scoring_is_a_table_option() -> None:
    chat = Chat(App(MemoryStore(), dice=Dice(3)))
    refused = texts(await chat.send(ALICE, "/new nardy 3 last_roll_draw=on draw_points=two"))
    assert "draw_points" in refused and "two" in refused
    assert await chat.app.load_table(chat.key) is None
    lobby = texts(await chat.send(ALICE, "/new nardy 3 last_roll_draw=on draw_points=one"))
    assert "last roll for a draw: on" in lobby and "a draw scores: one point each" in lobby
    await chat.press(BOB, "Join")
    options = (await chat.match()).options
    assert options.last_roll_draw and options.draw_points == "one"
