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
from engine.chouette import Chouette
from engine.game import Phase
from engine.match import Match


async def test_two_player_table() -> None:
    chat = Chat(App(MemoryStore(), dice=Dice(4)))
    await chat.send(ALICE, "/new 3")
    assert legal_play_notations(await chat.table(), ALICE.ref) == []  # the lobby
    await chat.press(BOB, "Join")
    seen_roll = seen_move = False
    for _ in range(30):
        table = await chat.table()
        game = Match.from_dict(table.match or {}).game
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
        cur = Chouette.from_dict(table.chouette or {}).current
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
