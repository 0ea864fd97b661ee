"""A chat for app tests: sends updates through :class:`bot.app.App` as an adapter would.

It numbers the messages the app posts, reports board messages back (``board_posted``), finds
buttons by label in the newest message that has them, and drives whole games with a simple
policy.  Everything goes through the app's public API; the state is read only to choose moves.
"""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

import pytest

from bot.app import (
    App,
    Attachment,
    Button,
    ClearButtons,
    EditBoard,
    NotApplied,
    Reply,
    SendBoard,
    SendText,
    Table,
    Toast,
    Update,
    User,
)
from bot.i18n import t
from bot.store import MemoryStore, RedisStore, Store, TableKey
from engine.chouette import Chouette
from engine.game import Game, Phase
from engine.match import Match
from engine.movegen import legal_plays
from engine.notation import format_play

ALICE = User("telegram", "1", "Alice", "en")
BOB = User("telegram", "2", "Bob", "en")
CAROL = User("telegram", "3", "Carol", "en")
DAVE = User("telegram", "4", "Dave", "en")
EVE = User("telegram", "5", "Eve", "en")  # a spectator

ALREADY_DONE = t("en", "app-already-done")
"""The line that comes with the table when an update applied before is delivered again."""


class Dice:
    """A seeded dice source the tests hand to the app (production dice come from ``secrets``)."""

    def __init__(self, seed: int) -> None:
        import random

        self.rng = random.Random(seed)

    def __call__(self) -> int:
        return self.rng.randint(1, 6)


@dataclass
class Chat:
    """One chat with the app: what was posted, the live buttons, the update counter."""

    app: App
    key: TableKey = field(default_factory=lambda: TableKey("telegram", "-100"))
    posted: dict[str, Reply] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)
    log: list[Reply] = field(default_factory=list)
    _n: itertools.count[int] = field(default_factory=lambda: itertools.count(1))

    async def send(
        self,
        user: User,
        text: str | None = None,
        *,
        button: str | None = None,
        message: str | None = None,
        update_id: str | None = None,
        attachment: Attachment | None = None,
    ) -> list[Reply]:
        n = next(self._n)
        update = Update(
            self.key,
            user,
            update_id or f"u{n}",
            text=text,
            button=button,
            message=message,
            attachment=attachment,
        )
        replies = await self.app.handle(update)
        for i, reply in enumerate(replies):
            check_keyboard(getattr(reply, "buttons", ()))
            self.log.append(reply)
            if isinstance(reply, SendBoard | SendText):
                mid = f"m{n}.{i}"
                self.posted[mid] = reply
                self.order.append(mid)
                if isinstance(reply, SendBoard):
                    await self.app.board_posted(self.key, mid, reply.version)
            elif isinstance(reply, EditBoard):
                assert reply.message in self.posted, "edit of a message never posted"
                self.posted[reply.message] = reply
                self.order.remove(reply.message)
                self.order.append(reply.message)
            elif isinstance(reply, ClearButtons):
                old = self.posted.get(reply.message)
                if isinstance(old, SendBoard):
                    self.posted[reply.message] = SendBoard(old.board, old.caption, (), old.version)
                elif isinstance(old, SendText):
                    self.posted[reply.message] = SendText(old.text, ())
        return replies

    def find(self, label: str) -> tuple[str, Button]:
        """The newest posted message with a button labelled ``label`` (prefix match)."""
        for mid in reversed(self.order):
            reply = self.posted[mid]
            buttons = getattr(reply, "buttons", ())
            for row in buttons:
                for button in row:
                    if button.label == label or button.label.startswith(label):
                        return mid, button
        raise AssertionError(f"no button {label!r}; labels: {self.labels()}")

    def labels(self) -> list[str]:
        """Labels of the newest message with buttons."""
        for mid in reversed(self.order):
            buttons = getattr(self.posted[mid], "buttons", ())
            if buttons:
                return [b.label for row in buttons for b in row]
        return []

    async def press(self, user: User, label: str) -> list[Reply]:
        mid, button = self.find(label)
        return await self.send(user, button=button.payload, message=mid)

    async def table(self) -> Table:
        table = await self.app.load_table(self.key)
        assert table is not None
        return table

    async def match(self) -> Match:
        table = await self.table()
        assert table.match is not None
        return table.match

    async def chouette(self) -> Chouette:
        table = await self.table()
        assert table.chouette is not None
        return table.chouette


def check_keyboard(rows: Sequence[Sequence[Button]]) -> None:
    """Every keyboard fits both platforms: Discord's 5 rows of 5 and 80-character labels,
    Telegram's 64-byte callback data."""
    assert len(rows) <= 5 and all(1 <= len(row) <= 5 for row in rows), rows
    for row in rows:
        for button in row:
            assert 1 <= len(button.label) <= 80 and len(button.payload.encode()) <= 64


def typed_forms(game: Game) -> list[str]:
    """The legal plays of the game's roll as a player types them back (``format_play``)."""
    assert game.dice is not None
    plays = legal_plays(game.position, game.dice)
    return [format_play(game.position, game.dice, p, plays=plays) for p in plays]


def texts(replies: Sequence[Reply]) -> str:
    """Every text, caption and toast of the replies, one per line."""
    out = []
    for r in replies:
        if isinstance(r, NotApplied):
            r = r.shown  # what the sender is told where nothing delivers the update again
        if isinstance(r, SendText | Toast):
            out.append(r.text)
        elif isinstance(r, SendBoard | EditBoard):
            out.append(r.caption)
    return "\n".join(out)


def toasts(replies: Sequence[Reply]) -> list[str]:
    shown = [r.shown if isinstance(r, NotApplied) else r for r in replies]
    return [r.text for r in shown if isinstance(r, Toast)]


async def play_turn_by_buttons(chat: Chat, users: Sequence[User], game: Game) -> list[Reply]:
    """The player to act takes one decision with the buttons: roll, take, or the first steps."""
    if game.responder is not None:
        user = users[game.responder]
        label = "Accept" if game.resign is not None or game.phase is Phase.BEAVERED else "Take"
        return await chat.press(user, label)
    if game.phase is Phase.OPENING:
        return await chat.press(users[0], "Roll")
    assert game.turn is not None
    user = users[game.turn]
    if game.phase is Phase.ROLL:
        return await chat.press(user, "Roll")
    # MOVE: press the first step button until the play is complete, then confirm.
    replies: list[Reply] = []
    for _ in range(8):
        labels = chat.labels()
        if "Confirm" in labels:
            replies += await chat.press(user, "Confirm")
            return replies
        step = next(label for label in labels if "→" in label)
        replies += await chat.press(user, step)
        if not any(isinstance(r, EditBoard) for r in replies[-3:]):
            return replies
    raise AssertionError("the play never became complete")


async def play_a_game(chat: Chat, users: Sequence[User], turns: int) -> None:
    """Some checker play by the buttons, then the player on roll resigns and the other
    accepts."""
    for _ in range(turns):
        game = (await chat.match()).game
        if game.phase is Phase.OPENING:
            await chat.press(users[0], "Roll")
            continue
        await play_turn_by_buttons(chat, users, game)
    game = (await chat.match()).game
    if game.phase is Phase.OPENING:
        await chat.press(users[0], "Roll")
        game = (await chat.match()).game
    loser = users[game.turn or 0]
    await chat.send(loser, "/resign")
    await chat.send(users[1 - list(users).index(loser)], "/accept")


async def play_until(
    chat: Chat, users: Sequence[User], done: Callable[[Match], bool], limit: int = 3000
) -> None:
    """Drive the table by buttons until ``done(match)`` is true."""
    for _ in range(limit):
        match = await chat.match()
        if done(match):
            return
        await play_turn_by_buttons(chat, users, match.game)
    raise AssertionError("the game did not finish")


@asynccontextmanager
async def open_store(kind: str, request: pytest.FixtureRequest) -> AsyncIterator[Store]:
    """The memory store, or a store on the session's private ``redis-server`` (flushed first)."""
    if kind == "memory":
        yield MemoryStore()
        return
    url = request.getfixturevalue("redis_url")
    redis_store = RedisStore.from_url(url)
    await redis_store.client.flushdb()
    try:
        yield redis_store
    finally:
        await redis_store.close()
