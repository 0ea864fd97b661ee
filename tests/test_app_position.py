"""``position ID``: a table whose game begins at a position from an XGID or gnubg's IDs, driven
through the app's public API on the memory store and on a real Redis."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from test_app_support import ALICE, BOB, EVE, Chat, Dice, open_store, texts

from bot.app import App, SendBoard, SendFile, SendText
from bot.app.syntax import say, typed_syntax
from bot.i18n import t
from bot.store import Store
from engine.game import Phase

# X (player 1: the creator) on roll with 5-2 in a 5-point match, X 2 and O 4, the Crawford
# game.
CRAWFORD = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:2:4:1:5:10"
# The same, X to roll or resign.
TO_ROLL = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:2:4:1:5:10"
# gnubg's example: a money game, player 1 (X: the creator) on roll with 5-2.
GNUBG = "4HPwATDgc/ABMA:cIkKAAAAAAAA"


# One position in both forms: X has 15 checkers on his 6 point, O 13 on his 1 point and 2 on his 2
# point, X owns the cube at 2, X 1 and O 3 in a 5-point match, 5-2 to play.  In ``gnubg -t``,
# ``set xgid`` of each XGID shows the Position ID and Match ID beside it (with O on roll, those it
# sets before it swaps the players to bring him to the bottom): X on roll as its player 1
# ("X: root", at the bottom), O as its player 0 ("O: gnubg", at the top).  Alice opens the
# table and plays X, gnubg's and XG's own side; Bob joins and plays O.
BOTH_FORMS = [
    ("XGID=------O----------------bm-:1:1:1:52:1:3:0:5:10", "/98AAADg/w8AAA:UYmqADAACAAE", 1),
    ("XGID=------O----------------bm-:1:1:-1:52:1:3:0:5:10", "4P8PAAD/3wAAAA:EYGqADAACAAE", 0),
]


@pytest.fixture(params=["memory", "redis"])
async def store(request: pytest.FixtureRequest) -> AsyncIterator[Store]:
    async with open_store(request.param, request) as opened:
        yield opened


def _chat(store: Store) -> Chat:
    return Chat(App(store, dice=Dice(3)))


async def test_an_xgid_opens_a_lobby_and_the_game_begins_at_its_position(store: Store) -> None:
    chat = _chat(store)
    replies = await chat.send(ALICE, f"/position {CRAWFORD}")
    lobby = replies[0]
    assert isinstance(lobby, SendText)
    assert "The game begins at the position XGID=" in lobby.text
    assert "opened the table plays X" in lobby.text and "joins plays O" in lobby.text
    assert chat.labels() == ["Join", "Abort"]  # the ID sets the options: no toggles
    table = await chat.table()
    assert table.stage == "lobby" and table.mode == "match" and table.length == 5
    replies = await chat.press(BOB, "Join")
    assert any(isinstance(r, SendBoard) for r in replies)
    assert "Bob vs Alice" in texts(replies)  # O (player 0) named first, as the board shows
    match = await chat.match()
    game = match.game
    assert match.score == (4, 2) and game.crawford and match.length == 5
    assert game.phase is Phase.MOVE and game.turn == 1 and game.dice == (5, 2)
    assert (await chat.table()).lobby.setup is None
    # Alice (X) moves first, as the ID says; Bob may not.
    refused = await chat.send(BOB, "/move 13/8 13/11")
    assert "not your turn" in texts(refused)
    await chat.send(ALICE, "/move 13/8 13/11")
    after = (await chat.match()).game
    assert after.turn == 0 and after.phase is Phase.ROLL
    score = await chat.send(EVE, "/score")
    assert "Bob 4, Alice 2 (match to 5)" in texts(score)


@pytest.mark.parametrize("xgid", [CRAWFORD, TO_ROLL])
async def test_the_first_board_shows_the_dice_commitment(store: Store, xgid: str) -> None:
    """As every game's first board does: the commitment of the game's dice, which no roll has
    drawn from yet (the dice an ID carries are its own); once a die is drawn, no more."""
    chat = _chat(store)
    await chat.send(ALICE, f"/position {xgid}")
    replies = await chat.press(BOB, "Join")
    table = await chat.table()
    assert table.dice.current is not None and table.dice.current.drawn == 0
    line = t("en", "dice-commitment", commitment=table.dice.current.short, cmd_dice="/dice")
    (board,) = [r for r in replies if isinstance(r, SendBoard)]
    assert line in board.caption.splitlines()
    for _ in range(4):
        game = (await chat.match()).game
        if game.phase is Phase.ROLL:
            replies = await chat.press(BOB if game.turn == 0 else ALICE, "Roll")
            break
        await chat.send(BOB if game.turn == 0 else ALICE, "/move 13/8 13/11")
    rolled = await chat.table()
    assert rolled.dice.current is not None and rolled.dice.current.drawn > 0
    assert all(line not in r.caption for r in replies if isinstance(r, SendBoard))


async def test_gnubg_ids_as_one_word_two_words_or_with_their_labels(store: Store) -> None:
    pos, mid = GNUBG.split(":")
    for n, line in enumerate(
        [
            f"/position {GNUBG}",
            f"/position {pos} {mid}",
            f"position Position ID: {pos} Match ID: {mid}",
        ]
    ):
        chat = _chat(store)
        chat.key = chat.key.__class__("telegram", f"-{200 + n}")
        await chat.send(ALICE, line)
        await chat.press(BOB, "Join")
        match = await chat.match()
        game = match.game
        assert match.length == 0 and (await chat.table()).mode == "money"
        assert game.turn == 1 and game.dice == (5, 2) and game.phase is Phase.MOVE
        assert game.position_id() == pos


@pytest.mark.parametrize(
    ("line", "message", "params"),
    [
        ("/position hello", "position-not-id", {}),
        ("/position a:b:c", "position-not-id", {}),
        ("/position XGID=-b----E-C:0:0:1:52:0:0:3:0:10", "position-bad-xgid", {}),
        ("/position 4HPwATDgc/AB:cIkKAAAAAAAA", "position-bad-position-id", {"id": "4HPwATDgc/AB"}),
        ("/position 4HPwATDgc/ABMA:cIkK", "position-bad-match-id", {"id": "cIkK"}),
        (
            "/position XGID=-b----E-C---eE---c-e----B-:0:0:1:52:5:4:0:5:10",
            "position-impossible",
            {"reason": "score"},
        ),
        (
            "/position XGID=-b----E-C---eE---c-e----B-:0:0:1:52:2:2:1:5:10",
            "position-impossible",
            {"reason": "crawford"},
        ),
        (
            "/position XGID=-b----E-C---eE---c-e----B-:1:-1:1:B:0:0:0:5:10",
            "position-impossible",
            {"reason": "beaver"},
        ),
    ],
)
async def test_a_bad_id_is_refused_saying_what_is_wrong(
    store: Store, line: str, message: str, params: dict[str, str]
) -> None:
    chat = _chat(store)
    replies = await chat.send(ALICE, line)
    assert replies == [SendText(t("en", message, **params))]
    assert await chat.app.load_table(chat.key) is None  # nothing was written


async def test_the_reasons_are_said_in_the_players_language(store: Store) -> None:
    chat = _chat(store)
    anna = ALICE.__class__("telegram", "9", "Anna", "ru")
    replies = await chat.send(anna, "/position XGID=-b----E-C---eE---c-e----B-:0:0:1:52:5:4:0:5:10")
    assert replies == [SendText(t("ru", "position-impossible", reason="score"))]
    assert isinstance(replies[0], SendText) and "матч уже выигран" in replies[0].text


async def test_position_is_refused_while_a_game_is_played_and_alone_it_exports(
    store: Store,
) -> None:
    chat = _chat(store)
    await chat.send(ALICE, f"/position {CRAWFORD}")
    refused = await chat.send(BOB, f"/position {GNUBG}")
    assert refused == [SendText(say("en", typed_syntax, "table-game-running"))]
    await chat.press(BOB, "Join")
    shown = await chat.send(EVE, "/position")
    assert "XGID: XGID=-b----E-C---eE---c-e----B-:0:0:1:52:2:4:1:5:10" in texts(shown)
    # A match set up from a position cannot be a .mat file: said, not written.
    assert not any(isinstance(r, SendFile) for r in shown)
    assert t("en", "export-set-up") in texts(shown)


async def test_the_match_goes_on_from_the_set_up_game_which_is_not_counted(
    store: Store,
) -> None:
    chat = _chat(store)
    await chat.send(ALICE, f"/position {TO_ROLL}")
    await chat.press(BOB, "Join")
    # The creator may still abort at once: nothing has been played from the position.
    # Alice (X, 2 points, on roll) resigns the Crawford game to Bob (O, 4 points).
    await chat.send(ALICE, "/resign")
    replies = await chat.send(BOB, "/accept")
    assert "Bob wins the match 5–2." in texts(replies)
    table = await chat.table()
    assert table.stage == "over"
    stats = await chat.send(ALICE, "/stats")
    assert stats == [SendText(t("en", "stats-none"))]


async def test_the_creator_aborts_a_set_up_game_before_anything_is_played(store: Store) -> None:
    chat = _chat(store)
    await chat.send(ALICE, f"/position {TO_ROLL}")
    await chat.press(BOB, "Join")
    replies = await chat.send(ALICE, "/abort")
    assert t("en", "table-aborted") in texts(replies)
    assert (await chat.table()).stage == "over"


@pytest.mark.parametrize(("xgid", "ids", "seat"), BOTH_FORMS, ids=["X on roll", "O on roll"])
async def test_an_xgid_and_gnubg_ids_of_one_position_give_the_same_seat_the_roll(
    store: Store, xgid: str, ids: str, seat: int
) -> None:
    plays = ("2/off 2/off", "6/1 6/4")  # O's and X's 5-2
    seen = []
    for n, text in enumerate((xgid, ids)):
        chat = _chat(store)
        chat.key = chat.key.__class__("telegram", f"-{300 + n}")
        await chat.send(ALICE, f"/position {text}")
        await chat.press(BOB, "Join")
        game = (await chat.match()).game
        assert game.turn == seat, f"{text} gives seat {game.turn} the roll"
        score = texts(await chat.send(EVE, "/score"))
        seen.append((game.turn, game.dice, game.cube, game.position, score))
        # The other seat may not move; the seat on roll does (Bob plays O, Alice X).
        seated = (BOB, ALICE)
        refused = await chat.send(seated[1 - seat], f"/move {plays[1 - seat]}")
        assert "not your turn" in texts(refused)
        await chat.send(seated[seat], f"/move {plays[seat]}")
        assert (await chat.match()).game.turn == 1 - seat
    assert seen[0] == seen[1]
    turn, dice, cube, _, score = seen[0]
    # gnubg's player on roll, and X (Alice) owning the cube
    assert (turn, dice, cube.value, cube.owner) == (seat, (5, 2), 2, 1)
    assert "Bob 3, Alice 1 (match to 5)" in score
