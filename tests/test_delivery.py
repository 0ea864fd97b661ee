"""The one delivery loop (:mod:`bot.app.delivery`) on a recording surface: a whole table's life
(lobby, game, a clock notice the chat refused and posted later, a resignation, the analysis)
performed as every platform performs it, and its rules one by one: boards reported, long texts
cut, a closed chat ending the batch, the computer's turns after a batch, an analysis followed
in the background and given up when the surface closes."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

import pytest
from test_app_support import ALICE, BOB, Dice

from bot.ai.worker import ComputerWorker
from bot.app import App, Update, User
from bot.app.delivery import ChatClosed, Delivery, NotDelivered, split_text
from bot.app.types import Button, EditBoard, GameToPlace, Keyboard, SendBoard, SendFile, SendText
from bot.i18n import t
from bot.store import MemoryStore, TableKey

pytestmark = pytest.mark.asyncio(loop_scope="module")

KEY = TableKey("telegram", "-4200")


@dataclass
class Message:
    kind: str
    text: str
    buttons: Keyboard = ()
    private: bool = False
    """Posted for the sender alone (``post_text(..., private=True)``)."""


@dataclass
class Recording:
    """A surface that keeps what it was asked to show; ``refuse`` makes the next posts of text
    fail with that exception."""

    max_text: int = 4096
    messages: dict[str, Message] = field(default_factory=dict)
    calls: list[str] = field(default_factory=list)
    refuse: list[Exception] = field(default_factory=list)
    _ids: itertools.count[int] = field(default_factory=lambda: itertools.count(1))

    def _new(self, kind: str, text: str, buttons: Keyboard, *, private: bool = False) -> str:
        message = str(next(self._ids))
        self.messages[message] = Message(kind, text, buttons, private)
        return message

    async def post_board(self, reply: SendBoard) -> str | None:
        self.calls.append("post_board")
        return self._new("board", reply.caption, reply.buttons)

    async def edit_board(self, reply: EditBoard) -> str | None:
        self.calls.append("edit_board")
        if reply.message not in self.messages:  # deleted: posted anew
            return self._new("board", reply.caption, reply.buttons)
        self.messages[reply.message] = Message("board", reply.caption, reply.buttons)
        return None

    async def clear_buttons(self, message: str) -> None:
        self.calls.append("clear_buttons")
        self.messages[message].buttons = ()

    async def post_text(self, text: str, buttons: Keyboard, *, private: bool = False) -> str | None:
        self.calls.append("post_text")
        if self.refuse:
            raise self.refuse.pop(0)
        assert len(text) <= self.max_text
        return self._new("text", text, buttons, private=private)

    async def edit_text(self, message: str, text: str, buttons: Keyboard) -> None:
        self.calls.append("edit_text")
        self.messages[message] = Message("text", text, buttons)

    async def toast(self, text: str) -> None:
        self.calls.append("toast")
        self._new("toast", text, ())

    async def typing(self) -> None:
        self.calls.append("typing")

    async def post_file(self, reply: SendFile) -> None:
        self.calls.append("post_file")
        self._new("file", reply.name, ())

    async def open_place(self, game: GameToPlace) -> tuple[TableKey, Recording]:
        """A tournament game plays on this surface, where it is stored."""
        self.calls.append("open_place")
        return game.table, self

    def texts(self) -> list[str]:
        return [m.text for m in self.messages.values()]

    def find(self, label: str) -> tuple[str, str]:
        """The newest message with a button ``label``: its id and the button's payload."""
        for message, shown in reversed(self.messages.items()):
            for row in shown.buttons:
                for button in row:
                    if button.label == label:
                        return message, button.payload
        raise AssertionError(f"no button {label!r}")


@dataclass
class Scene:
    app: App
    delivery: Delivery
    surface: Recording
    now: list[float]
    _ids: itertools.count[int] = field(default_factory=lambda: itertools.count(1))

    async def send(self, user: User, text: str) -> None:
        update = Update(KEY, user, f"u{next(self._ids)}", text=text)
        await self.delivery.deliver(self.surface, KEY, await self.app.handle(update))

    async def press(self, user: User, label: str) -> None:
        message, payload = self.surface.find(label)
        update = Update(KEY, user, f"u{next(self._ids)}", button=payload, message=message)
        await self.delivery.deliver(self.surface, KEY, await self.app.handle(update))


def scene(worker: ComputerWorker | None = None, *, background: bool = False) -> Scene:
    now = [1_000_000.0]
    app = App(
        MemoryStore(), dice=Dice(4), clock=lambda: now[0], analyser=worker, progress_every=0.0
    )
    return Scene(app, Delivery(app, background=background), Recording(), now)


async def test_a_tables_life_on_the_one_delivery_loop(worker: ComputerWorker) -> None:
    s = scene(worker)
    await s.send(ALICE, "/new 1")
    await s.press(BOB, "Join")
    await s.send(BOB, "/clock 1h")
    await s.press(ALICE, "Roll")
    boards = [m for m, shown in s.surface.messages.items() if shown.kind == "board"]
    assert boards
    # The board posted was reported: the app knows its message (the next turn clears it).
    table = await s.app.load_table(KEY)
    assert table is not None and table.place.board_message == boards[-1]
    # A reminder the chat refused: not counted as given, posted by a later tick.
    s.now[0] += 50 * 60
    s.surface.refuse.append(ChatClosed("the bot was removed"))
    shown = len(s.surface.messages)
    assert await s.delivery.deliver_ticks("telegram", lambda key: s.surface) == 1
    assert len(s.surface.messages) == shown
    s.now[0] += 60
    assert await s.delivery.deliver_ticks("telegram", lambda key: s.surface) == 1
    assert any("minutes left" in text for text in s.surface.texts()[shown:])
    assert await s.delivery.deliver_ticks("telegram", lambda key: s.surface) == 0
    # A resignation, accepted: the match is over, its board offers the analysis.
    table = await s.app.load_table(KEY)
    assert table is not None
    game = table.state().game
    assert game.turn is not None
    mover, other = (ALICE, BOB) if table.seats[game.turn].user == ALICE.ref else (BOB, ALICE)
    await s.send(mover, "/resign single")
    await s.press(other, t("en", "button-accept"))
    await s.press(ALICE, t("en", "button-analysis"))
    texts = s.surface.texts()
    assert any(text.startswith("Analysis by GNU Backgammon's nets") for text in texts)
    # The progress message itself became the result: edited, not posted again.
    assert "edit_text" in s.surface.calls
    assert not any(text.startswith("Analysing game") for text in texts)


async def test_a_board_posted_anew_for_a_deleted_message_is_reported() -> None:
    s = scene()
    await s.send(ALICE, "/new 1")
    await s.press(BOB, "Join")
    message, payload = s.surface.find("Roll")
    update = Update(KEY, ALICE, "roll", button=payload, message=message)
    replies = await s.app.handle(update)
    await s.delivery.deliver(s.surface, KEY, replies)
    sent = next(r for r in replies if isinstance(r, SendBoard))
    table = await s.app.load_table(KEY)
    assert table is not None and table.place.board_message is not None
    # The board message is deleted; the next edit of it posts the board anew, and the table
    # records the new message (its buttons are the ones the next turn takes away).
    del s.surface.messages[table.place.board_message]
    edit = EditBoard(
        table.place.board_message, sent.board, sent.caption, sent.buttons, sent.version
    )
    done = await s.delivery.deliver(s.surface, KEY, [edit], computer=False)
    newest = list(s.surface.messages)[-1]
    assert done.posted == 1 and newest != table.place.board_message
    after = await s.app.load_table(KEY)
    assert after is not None and after.place.board_message == newest
    assert after.version == table.version  # no button went stale for it
    # A board that is not the table's (a replay) posted anew is not taken for its board.
    del s.surface.messages[newest]
    replay = EditBoard(newest, sent.board, sent.caption, sent.buttons)
    await s.delivery.deliver(s.surface, KEY, [replay], computer=False)
    again = await s.app.load_table(KEY)
    assert again is not None and again.place.board_message == newest


async def test_long_texts_are_cut_at_line_ends_the_buttons_on_the_last_piece() -> None:
    s = scene()
    s.surface.max_text = 40
    lines = "\n".join(f"line {n:02d} of the text" for n in range(6))
    buttons = ((Button("Go", "go"),),)
    done = await s.delivery.deliver(s.surface, None, [SendText(lines, buttons)])
    assert done.posted == len(s.surface.messages) == 3
    assert "\n".join(s.surface.texts()) == lines
    assert [m.buttons for m in s.surface.messages.values()] == [(), (), buttons]
    assert split_text("", 10) == [""] and split_text("a" * 25, 10) == ["a" * 10] * 2 + ["a" * 5]


async def test_a_private_text_is_posted_privately_every_piece_of_it() -> None:
    s = scene()
    s.surface.max_text = 40
    lines = "\n".join(f"line {n:02d} of the hint" for n in range(4))
    buttons = ((Button("Play 8/5 6/5", "hp"),),)
    replies = [SendText(lines, buttons, private=True), SendText("for everyone")]
    done = await s.delivery.deliver(s.surface, None, replies)
    shown = list(s.surface.messages.values())
    assert done.posted == len(shown) == 3
    assert [m.private for m in shown] == [True, True, False]
    assert [m.buttons for m in shown] == [(), buttons, ()]
    assert "\n".join(m.text for m in shown[:2]) == lines


async def test_a_refused_reply_is_skipped_and_a_closed_chat_ends_the_batch() -> None:
    s = scene()
    s.surface.refuse += [NotDelivered("message deleted"), ChatClosed("kicked")]
    replies = [SendText("one"), SendText("two"), SendText("three"), SendText("four")]
    done = await s.delivery.deliver(s.surface, None, replies)
    assert (done.posted, done.refused, done.closed) == (0, 2, True)
    assert s.surface.texts() == []
    done = await s.delivery.deliver(s.surface, None, replies)
    assert (done.posted, done.refused, done.closed) == (4, 0, False)


async def test_the_computers_turns_follow_the_batch(worker: ComputerWorker) -> None:
    now = [1_000_000.0]
    app = App(MemoryStore(), dice=Dice(5), clock=lambda: now[0], computer=worker)
    surface, delivery = Recording(), Delivery(app)
    private = TableKey("telegram", "4201")
    update = Update(private, ALICE, "n1", text="/new 1 bot", private=True)
    await delivery.deliver(surface, private, await app.handle(update))
    message, payload = surface.find("Roll")
    roll = Update(private, ALICE, "n2", button=payload, message=message, private=True)
    await delivery.deliver(surface, private, await app.handle(roll))
    table = await app.load_table(private)
    assert table is not None and table.match is not None
    game = table.state().game
    # whoever won the opening roll, the computer has played its turns: the person acts now
    assert game.turn == 0 or game.is_over
    assert sum(1 for shown in surface.messages.values() if shown.kind == "board") >= 2


async def test_an_analysis_followed_in_the_background_is_given_up_on_close(
    worker: ComputerWorker,
) -> None:
    s = scene(worker, background=True)
    await s.send(ALICE, "/new 1")
    await s.press(BOB, "Join")
    await s.press(ALICE, "Roll")
    table = await s.app.load_table(KEY)
    assert table is not None
    game = table.state().game
    mover, other = (ALICE, BOB) if table.seats[game.turn or 0].user == ALICE.ref else (BOB, ALICE)
    await s.send(mover, "/resign single")
    await s.press(other, t("en", "button-accept"))
    await s.press(ALICE, t("en", "button-analysis"))
    assert s.delivery.following == 1  # the update's delivery returned at once
    await s.delivery.close()
    assert s.delivery.following == 0
    # given back: the chat may ask again at once
    await s.press(ALICE, t("en", "button-analysis"))
    assert s.delivery.following == 1
    await s.delivery.close()
