"""A tournament game played in its players' private chats with the bot.

A group without forum topics gives a tournament's game no chat of its own: the game stays under
its event's key (:func:`bot.app.tournaments.keys.game_key`) and each of its messages is posted
to each player's private chat (:class:`MirrorSurface`, over one chat surface per player).  A
message of the mirror is named by the ids of its copies, ``"<chat>:<message>,<chat>:<message>"``,
so that an edit or a cleared keyboard reaches every copy.

A button pressed on a copy comes from the presser's private chat, whose own table is another:
its callback data names the game (:func:`routed`, ``"<chat>/<topic>|<payload>"``) and the press
acts there (:func:`route_of`).  It needs no signature: a payload acts only for the presser, whom
Telegram authenticates, and the app refuses him unless he plays at that table.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, TypeVar

from bot.app.delivery import ChatClosed, NotDelivered, Surface
from bot.app.payload import MAX_PAYLOAD_BYTES
from bot.app.tournaments import keys
from bot.app.types import Button, EditBoard, GameToPlace, Keyboard, SendBoard, SendFile
from bot.store import InvalidKey, TableKey
from bot.telegram.links import PLATFORM

if TYPE_CHECKING:
    from bot.app.app import App

__all__ = ["MirrorSurface", "composite", "parts", "route_of", "routed"]

log = logging.getLogger("bot.telegram")

T = TypeVar("T")

ROUTE = "|"
"""Between the game a mirrored button acts at and the app's payload in its callback data."""


def routed(key: TableKey, payload: str) -> str:
    """The callback data of a button of game ``key`` shown in a private chat: the game's chat
    and topic, then the app's payload.  Data over Telegram's 64 bytes (the app's payloads are
    far shorter) is left as the payload alone, and logged: that button acts at the chat's own
    table."""
    data = f"{key.chat}/{key.topic}{ROUTE}{payload}"
    if len(data.encode()) > MAX_PAYLOAD_BYTES:
        log.error("callback data of %s too long to name the game: %r", key, data)
        return payload
    return data


def route_of(data: str) -> tuple[TableKey, str] | None:
    """The tournament game and the app's payload that callback data ``data`` names
    (:func:`routed`); ``None`` when it names none."""
    head, sep, payload = data.partition(ROUTE)
    chat, slash, topic = head.partition("/")
    if not (sep and slash):
        return None
    try:
        key = TableKey(PLATFORM, chat, topic)
    except InvalidKey:
        return None
    return (key, payload) if keys.is_event_game(key) else None


def composite(copies: Sequence[tuple[int, str]]) -> str:
    """The mirror's id of a message posted as ``copies`` (private chat, message id)."""
    return ",".join(f"{chat}:{message}" for chat, message in copies)


def parts(message: str, sender: int | None = None) -> list[tuple[int, str]]:
    """The copies (private chat, message id) a mirror's message id names; a bare message id is
    the sender's (``None``: unknown, left out), as is anything unreadable."""
    found: list[tuple[int, str]] = []
    for part in message.split(","):
        chat, sep, message_id = part.rpartition(":")
        if not message_id.isdigit():
            continue
        if sep and chat.isdigit():
            found.append((int(chat), message_id))
        elif not sep and sender is not None:
            found.append((sender, message_id))
    return found


@dataclass
class MirrorSurface:
    """Game ``key`` shown in its players' private chats (a :class:`~bot.app.delivery.Surface`).

    Each reply is performed on each player's chat surface (``chat``: the surface of one private
    chat, made once per chat); the players are those seated at ``key`` (``"telegram:<id>"``:
    a private chat's id is its user's; the computer has none), read once.  A text for the
    sender alone and a toast go to ``sender``'s chat (the user whose update this is; ``None``,
    a clock's notice: to every player).  Buttons are :func:`routed` to the game.  A chat that
    refuses (the player never started the bot, or blocked it) is skipped; when every chat
    refuses, the reply is (:class:`~bot.app.delivery.NotDelivered`).
    """

    app: App
    key: TableKey
    chat: Callable[[int], Surface]
    sender: int | None = None
    max_text: int = 4096
    _players: list[int] | None = None
    _surfaces: dict[int, Surface] = field(default_factory=dict)

    async def players(self) -> list[int]:
        """The private chats of the game's players (read once)."""
        if self._players is None:
            facts = await self.app.facts(self.key)
            seats = facts.seats if facts is not None else ()
            self._players = []
            for ref in seats:
                platform, _, user_id = ref.partition(":")
                if platform == PLATFORM and user_id.isdigit() and int(user_id) not in self._players:
                    self._players.append(int(user_id))
        return self._players

    def _surface(self, chat: int) -> Surface:
        surface = self._surfaces.get(chat)
        if surface is None:
            surface = self._surfaces[chat] = self.chat(chat)
        return surface

    async def _audience(self, alone: bool) -> list[int]:
        """The sender's chat when the reply is for him ``alone`` (and he is known), else the
        players'."""
        if alone and self.sender is not None:
            return [self.sender]
        return await self.players()

    async def _each(
        self, chats: Sequence[int], act: Callable[[int, Surface], Awaitable[T]]
    ) -> list[tuple[int, T]]:
        """``act`` on each chat (its id and surface); what each chat that took it answered.
        A chat that refuses is skipped; all of them refusing is the reply refused."""
        done: list[tuple[int, T]] = []
        refused: list[str] = []
        for chat in chats:
            try:
                done.append((chat, await act(chat, self._surface(chat))))
            except (NotDelivered, ChatClosed) as exc:
                log.info("private chat %s refused a reply of %s: %s", chat, self.key, exc)
                refused.append(str(exc))
        if refused and not done:
            raise NotDelivered(f"every private chat of {self.key} refused: {'; '.join(refused)}")
        return done

    def _routed(self, rows: Keyboard) -> Keyboard:
        return tuple(
            tuple(Button(b.label, routed(self.key, b.payload)) for b in row) for row in rows
        )

    @staticmethod
    def _posted(done: Sequence[tuple[int, str | None]]) -> str | None:
        copies = [(chat, message) for chat, message in done if message is not None]
        return composite(copies) if copies else None

    # -- the surface ------------------------------------------------------------------------------

    async def post_board(self, reply: SendBoard) -> str | None:
        mirrored = replace(reply, buttons=self._routed(reply.buttons))
        chats = await self.players()
        return self._posted(await self._each(chats, lambda _, s: s.post_board(mirrored)))

    async def edit_board(self, reply: EditBoard) -> str | None:
        """Edit each copy; when a copy had to be posted anew (or none is known), the new
        composite id."""
        copies = dict(parts(reply.message, self.sender))
        if not copies:  # no copy known to edit: posted anew
            return await self.post_board(SendBoard(reply.board, reply.caption, reply.buttons))
        mirrored = replace(reply, buttons=self._routed(reply.buttons))
        done = await self._each(
            list(copies), lambda chat, s: s.edit_board(replace(mirrored, message=copies[chat]))
        )
        if all(posted is None for _, posted in done):
            return None
        return composite([(chat, posted or copies[chat]) for chat, posted in done])

    async def clear_buttons(self, message: str) -> None:
        copies = dict(parts(message, self.sender))
        await self._each(list(copies), lambda chat, s: s.clear_buttons(copies[chat]))

    async def post_text(self, text: str, buttons: Keyboard, *, private: bool = False) -> str | None:
        rows = self._routed(buttons)
        chats = await self._audience(private)
        return self._posted(await self._each(chats, lambda _, s: s.post_text(text, rows)))

    async def edit_text(self, message: str, text: str, buttons: Keyboard) -> None:
        copies = dict(parts(message, self.sender))
        rows = self._routed(buttons)
        await self._each(list(copies), lambda chat, s: s.edit_text(copies[chat], text, rows))

    async def toast(self, text: str) -> None:
        await self._each(await self._audience(True), lambda _, s: s.toast(text))

    async def typing(self) -> None:
        await self._each(await self.players(), lambda _, s: s.typing())

    async def post_file(self, reply: SendFile) -> None:
        await self._each(await self.players(), lambda _, s: s.post_file(reply))

    async def open_place(self, game: GameToPlace) -> tuple[TableKey, Surface] | None:
        """Private chats hold no tournament of their own: no place here."""
        return None
