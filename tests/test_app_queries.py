"""Read-only table queries: the legal plays a user may type now (``/move`` autocomplete)."""

from __future__ import annotations

from test_app_support import (
    ALICE,
    BOB,
    CAROL,
    EVE,
    Chat,
    Dice,
    play_turn_by_buttons,
    typed_forms,
)

from bot.app import App
from bot.app.queries import game_away_for, legal_play_notations, refused_for_sure
from bot.store import MemoryStore, TableKey
from engine.game import Phase


async def test_two_player_table() -> None:
    chat = Chat(App(MemoryStore(), dice=Dice(4)))
    await chat.send(ALICE, "/new 3")
    assert legal_play_notations(await chat.table(), ALICE.ref) == []  # the lobby
    await chat.press(BOB, "Join")
    seen_roll = seen_move = False
    for _ in range(30):
        table = await chat.table()
        game = table.state().game
        for user in (ALICE, BOB, EVE):
            offered = legal_play_notations(table, user.ref)
            seat = table.seat_of(user.ref)
            if game.phase is Phase.MOVE and seat == game.turn and game.dice is not None:
                expected = typed_forms(game)
                assert offered == expected and offered
                seen_move = True
            else:
                assert offered == []
                seen_roll = seen_roll or game.phase is Phase.ROLL
        await play_turn_by_buttons(chat, [ALICE, BOB], game)
    assert seen_roll and seen_move


async def test_chouette_captain_and_box() -> None:
    chat = Chat(App(MemoryStore(), dice=Dice(8)))
    await chat.send(ALICE, "/new chouette")
    for member in (BOB, CAROL):
        await chat.press(member, "Join")
    await chat.press(ALICE, "Start")
    people = {u.ref: u for u in (ALICE, BOB, CAROL)}
    movers = set()
    for _ in range(30):
        table = await chat.table()
        assert table.chouette is not None
        cur = table.chouette.current
        assert cur is not None and not cur.is_over
        game = cur.game
        mover = cur.box if game.turn == 0 else cur.captain
        for ref in people:
            offered = legal_play_notations(table, ref)
            if game.phase is Phase.MOVE and ref == mover and game.dice is not None:
                assert offered == typed_forms(game)
                movers.add(ref)
            else:
                assert offered == []
        acting = [people[cur.box], people[cur.captain]]
        await play_turn_by_buttons(chat, acting, game)
    assert cur is not None and movers == {cur.box, cur.captain}


async def test_the_facts_an_adapter_may_know_of_a_table() -> None:
    """``App.facts``: the stage, who sits and who the table waits for (the player on roll,
    then the one answering a double), the game's IDs; nothing at all where there is no table."""
    app = App(MemoryStore(), dice=Dice(4))
    chat = Chat(app)
    assert await app.facts(chat.key) is None
    await chat.send(ALICE, "/new 3")
    lobby = await app.facts(chat.key)
    assert lobby is not None and (lobby.stage, lobby.to_act, lobby.ids) == ("lobby", (), ())
    assert lobby.seated(ALICE.ref) and not lobby.seated(BOB.ref)
    await chat.press(BOB, "Join")
    opening = await app.facts(chat.key)
    assert opening is not None and opening.in_play and opening.mode == "match"
    assert opening.to_act == ()  # the opening roll: either player rolls it
    await chat.press(ALICE, "Roll")
    playing = await app.facts(chat.key)
    assert playing is not None
    game = (await chat.table()).state().game
    assert playing.to_act == ((ALICE.ref, BOB.ref)[game.turn or 0],)
    assert playing.ids == (f"Position ID: {game.position_id()}", f"Match ID   : {game.match_id()}")
    # Played on to the next player on roll, who doubles: the one answering is waited for.
    while game.phase is not Phase.ROLL:
        await play_turn_by_buttons(chat, [ALICE, BOB], game)
        game = (await chat.table()).state().game
    assert game.turn is not None
    await chat.send((ALICE, BOB)[game.turn], "double")
    doubled = await app.facts(chat.key)
    assert doubled is not None and doubled.to_act == ((BOB, ALICE)[game.turn].ref,)


async def test_which_commands_the_app_is_sure_to_refuse_and_where_a_game_is_played() -> None:
    """What an adapter may predict without applying a rule itself: a seated player's command
    from anyone else is refused, a new table where one is open is refused; a game that began
    here in a chat that plays in threads is to be placed; one moved here is away from home."""
    app = App(MemoryStore(), dice=Dice(4))
    chat = Chat(app)
    assert refused_for_sure(await app.facts(chat.key), "roll", ALICE.ref)  # no table
    assert not refused_for_sure(await app.facts(chat.key), "new", ALICE.ref)
    assert not refused_for_sure(await app.facts(chat.key), "board", ALICE.ref)
    await chat.send(ALICE, "/new 3")
    lobby = await app.facts(chat.key)
    assert refused_for_sure(lobby, "new", BOB.ref)
    assert lobby is not None and not lobby.to_be_placed
    await chat.press(BOB, "Join")
    play = await app.facts(chat.key)
    assert not refused_for_sure(play, "roll", ALICE.ref)
    assert refused_for_sure(play, "roll", EVE.ref) and refused_for_sure(play, "hint", EVE.ref)
    assert not refused_for_sure(play, "board", EVE.ref)
    assert play is not None and play.to_be_placed and not play.away_from_home(chat.key.chat)
    thread = TableKey(chat.key.platform, "4242")
    assert await app.move_table(chat.key, thread) is not None
    moved = await app.facts(thread)
    assert moved is not None and not moved.to_be_placed and moved.away_from_home(thread.chat)
    # In the chat it left: a player's game command and anyone's question about the game are
    # about the game away; a command that is not about a game, or a player seated at a new
    # game here, is for the table here.
    home, away = await app.facts(chat.key), await app.games_away(chat.key)
    assert [g.chat for g in away] == [thread.chat]
    assert game_away_for(home, away, "roll", ALICE.ref) == away[0]
    assert game_away_for(home, away, "board", EVE.ref) == away[0]
    assert game_away_for(home, away, "roll", EVE.ref) is None
    assert game_away_for(home, away, "stats", ALICE.ref) is None
    await chat.send(EVE, "/new 1")
    await chat.press(CAROL, "Join")
    here = await app.facts(chat.key)
    assert here is not None and here.in_play
    assert game_away_for(here, away, "roll", EVE.ref) is None
    assert game_away_for(here, away, "board", EVE.ref) is None
    assert game_away_for(here, away, "board", ALICE.ref) == away[0]
