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
from bot.app.queries import legal_play_notations
from bot.store import MemoryStore
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
