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

# X on roll with 5-2 in a 5-point match at 2-4, the Crawford game.
CRAWFORD = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:2:4:1:5:10"
# The same, X to roll or resign.
TO_ROLL = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:2:4:1:5:10"
# gnubg's example: a money game, player 1 on roll with 5-2.
GNUBG = "4HPwATDgc/ABMA:cIkKAAAAAAAA"


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
    assert "The game begins at the position XGID=" in lobby.text and "plays X" in lobby.text
    assert chat.labels() == ["Join", "Abort"]  # the ID sets the options: no toggles
    table = await chat.table()
    assert table.stage == "lobby" and table.mode == "match" and table.length == 5
    replies = await chat.press(BOB, "Join")
    assert any(isinstance(r, SendBoard) for r in replies)
    assert "Alice vs Bob" in texts(replies)
    match = await chat.match()
    game = match.game
    assert match.score == (2, 4) and game.crawford and match.length == 5
    assert game.phase is Phase.MOVE and game.turn == 0 and game.dice == (5, 2)
    assert (await chat.table()).lobby.setup is None
    # Alice (X) moves first, as the ID says; Bob may not.
    refused = await chat.send(BOB, "/move 13/8 13/11")
    assert "not your turn" in texts(refused)
    await chat.send(ALICE, "/move 13/8 13/11")
    after = (await chat.match()).game
    assert after.turn == 1 and after.phase is Phase.ROLL
    score = await chat.send(EVE, "/score")
    assert "Alice 2, Bob 4 (match to 5)" in texts(score)


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
    await chat.send(ALICE, "/resign")
    replies = await chat.send(BOB, "/accept")
    assert "Bob wins the match 5–2." in texts(replies)
    table = await chat.table()
    assert table.stage == "over"
    stats = await chat.send(BOB, "/stats")
    assert stats == [SendText(t("en", "stats-none"))]


async def test_the_creator_aborts_a_set_up_game_before_anything_is_played(store: Store) -> None:
    chat = _chat(store)
    await chat.send(ALICE, f"/position {TO_ROLL}")
    await chat.press(BOB, "Join")
    replies = await chat.send(ALICE, "/abort")
    assert t("en", "table-aborted") in texts(replies)
    assert (await chat.table()).stage == "over"
