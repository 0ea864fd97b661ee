"""``import``: a ``.mat`` file GNU Backgammon wrote, read through the app, replayed on one edited
board and exported back; every refusal says why.  On the memory store and on a real Redis."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from test_app_support import ALICE, BOB, Chat, Dice, open_store, texts, toasts

from benchmarks.opponent import RANDOM, play_match_by
from bot.app import App, Attachment, EditBoard, SendBoard, SendFile, SendText, User
from bot.app.display import board_view
from bot.app.imports import MAX_FILE_BYTES
from bot.app.syntax import say, typed_syntax
from bot.i18n import t
from bot.store import SiblingKey, Store, TableKey
from engine.match import Match
from engine.matfile import format_mat

DATA = Path(__file__).parent / "data" / "mat"
MATCH5 = (DATA / "match5.mat").read_bytes()  # written by GNU Backgammon 1.07 (export match mat)


@pytest.fixture(params=["memory", "redis"])
async def store(request: pytest.FixtureRequest) -> AsyncIterator[Store]:
    async with open_store(request.param, request) as opened:
        yield opened


def _file(data: bytes, name: str = "match5.mat") -> Attachment:
    return Attachment(name, len(data), data)


async def _imported(store: Store) -> Chat:
    chat = Chat(App(store, dice=Dice(1)))
    replies = await chat.send(ALICE, "/import", attachment=_file(MATCH5))
    assert replies == [chat.posted[chat.order[-1]]]
    return chat


async def test_a_gnubg_match_is_read_and_summed_up(store: Store) -> None:
    chat = await _imported(store)
    summary = chat.log[-1]
    assert isinstance(summary, SendText)
    assert summary.text == "Match read: gnubg vs root, match to 5 points; 4 games; final score 5–4."
    assert chat.labels() == ["Replay", "Export .mat", "Analysis"]
    # The match is kept in the sender's own record (his hash slot), with a time to live.
    assert await store.load(SiblingKey(ALICE.key, "import")) is not None


async def test_the_replay_walks_every_board_on_one_message(store: Store) -> None:
    chat = await _imported(store)
    expected = Match.from_mat(MATCH5.decode())
    names = ["gnubg", "root"]
    replies = await chat.press(ALICE, "Replay")
    assert len(replies) == 1 and isinstance(replies[0], SendBoard)
    first = replies[0]
    assert first.caption.startswith("Game 1 of 4, move 1 of ")
    assert "Start of the game. Score: gnubg 0, root 0." in first.caption
    assert [b.label for row in first.buttons for b in row] == ["Next ▶", "Game ⏭"]
    board_id = chat.order[-1]
    for number, game in enumerate(expected.games):
        captions = []
        while "Next ▶" in chat.labels():
            replies = await chat.press(ALICE, "Next ▶")
            (edit,) = replies
            assert isinstance(edit, EditBoard) and edit.message == board_id
            captions.append(edit.caption)
        # The last board is the game's end, as GNU Backgammon's file plays it out.
        assert isinstance(edit, EditBoard) and edit.board.view == board_view(game, names)
        assert "wins" in captions[-1] and "(match to 5)" in captions[-1]
        assert any(" rolls " in c and " and plays " in c for c in captions)
        assert "Opening roll:" in captions[0]
        if number + 1 < len(expected.games):
            (edit,) = await chat.press(ALICE, "Game ⏭")
            assert isinstance(edit, EditBoard) and edit.message == board_id
            a, b = expected.games[number + 1].score
            assert f"Game {number + 2} of 4, move 1 of" in edit.caption
            assert f"Score: gnubg {a}, root {b}." in edit.caption
    assert "Score: gnubg 5, root 4 (match to 5)." in captions[-1]
    (back,) = await chat.press(ALICE, "◀ Back")
    assert isinstance(back, EditBoard) and "Game 4 of 4" in back.caption
    (previous,) = await chat.press(ALICE, "⏮ Game")
    assert isinstance(previous, EditBoard) and previous.caption.startswith("Game 3 of 4, move 1")


async def test_the_imported_match_exports_back_as_gnubg_reads_it(store: Store) -> None:
    chat = await _imported(store)
    replies = await chat.press(ALICE, "Export .mat")
    (file,) = replies
    assert isinstance(file, SendFile) and file.name == "match5.mat"
    assert file.caption == t("en", "import-file-caption", name="match5.mat")
    again = Match.from_mat(file.data.decode())
    original = Match.from_mat(MATCH5.decode())
    assert again.score == original.score == (5, 4)
    assert [g.log for g in again.games] == [g.log for g in original.games]


async def test_only_the_sender_replays_and_a_newer_import_replaces_the_older(store: Store) -> None:
    chat = await _imported(store)
    mid, replay = chat.find("Replay")
    refused = await chat.send(BOB, button=replay.payload, message=mid)
    assert toasts(refused) == [t("en", "import-gone")]
    await chat.send(ALICE, "/import", attachment=_file((DATA / "match3.mat").read_bytes()))
    # the last game won more points than the match needed (5–2 counted): the match is 3–2
    assert texts(chat.log[-1:]) == (
        "Match read: gnubg vs root, match to 3 points; 3 games; final score 3–2."
    )
    old = await chat.send(ALICE, button=replay.payload, message=mid)
    assert toasts(old) == [t("en", "import-gone")]


async def test_a_redelivered_file_is_read_once(store: Store) -> None:
    chat = Chat(App(store, dice=Dice(1)))
    first = await chat.send(ALICE, "/import", attachment=_file(MATCH5), update_id="same")
    assert len(first) == 1
    again = await chat.send(ALICE, "/import", attachment=_file(MATCH5), update_id="same")
    assert again == []


def _broken(old: str, new: str) -> bytes:
    text = MATCH5.decode()
    assert old in text
    return text.replace(old, new, 1).encode()


@pytest.mark.parametrize(
    ("attachment", "message", "params"),
    [
        (None, "import-no-file", {}),
        (
            Attachment("big.mat", MAX_FILE_BYTES + 1, None),
            "import-too-big",
            {"size": 257, "max": 256},
        ),
        (_file(b"\x00\x01PK zip"), "import-not-text", {}),
        (_file(b"hello, this is not a match"), "import-bad-file", {}),
        (
            _file(_broken(" 2) 65: 24/18 18/13", " 2) 65: 24/18 18/12")),
            "import-bad-move",
            {"game": 1, "move": 2, "why": t("en", "error-too-many-dice")},
        ),
        (
            _file(_broken(" 2) 65: 24/18 18/13", " 2) 65: 24/18 zz")),
            "import-bad-move",
            {"game": 1, "move": 2, "why": t("en", "error-syntax")},
        ),
        (
            _file(_broken(" gnubg : 4 ", " gnubg : 3 ")),
            "import-bad-score",
            {"game": 2},
        ),
    ],
)
async def test_a_bad_file_is_refused_saying_why(
    store: Store, attachment: Attachment | None, message: str, params: dict[str, object]
) -> None:
    chat = Chat(App(store, dice=Dice(1)))
    replies = await chat.send(ALICE, "/import", attachment=attachment)
    assert replies == [SendText(say("en", typed_syntax, message, **params))]
    assert await store.load(SiblingKey(ALICE.key, "import")) is None  # nothing kept


async def test_a_name_too_long_for_a_message_is_cut_where_it_enters(store: Store) -> None:
    """A platform (or a match file) may give a name of thousands of characters: it is cut
    where it enters, so every message that names the player is shown, not an error."""
    long = "Ж" * 5000
    chat = Chat(App(store, dice=Dice(1)))
    await chat.send(ALICE, "/new 1")
    joined = await chat.send(User("telegram", "77", long, "en"), "join")
    said = "\n".join(getattr(r, "text", "") or getattr(r, "caption", "") for r in joined)
    assert "Something went wrong" not in said
    assert "Alice vs " + "Ж" * 63 + "…" in said and "Ж" * 64 not in said


async def test_a_long_match_is_read_off_the_event_loop(store: Store) -> None:
    """Reading a long match file takes seconds: meanwhile the other chats are answered."""
    data = format_mat(play_match_by((RANDOM, RANDOM), 25, 4), ("Ann", "Bob")).encode()
    assert len(data) > 30_000
    app = App(store, dice=Dice(1))
    importing = asyncio.ensure_future(
        Chat(app).send(ALICE, "/import", attachment=_file(data, "long.mat"))
    )
    await asyncio.sleep(0.05)  # the file is being read
    other = await asyncio.wait_for(Chat(app, TableKey("telegram", "-77")).send(BOB, "/new 1"), 5)
    assert other and not importing.done()  # answered while the file is still being read
    replies = await importing
    assert isinstance(replies[-1], SendText) and replies[-1].text.startswith("Match read: Ann vs")
