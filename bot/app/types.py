"""Platform-neutral values between the adapters and the app: incoming updates, outgoing replies.

An adapter turns a platform event into an :class:`Update`, calls the app, and performs the reply
actions it gets back.  The app decides *what* to show; adapters decide *how*.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from bot.store.base import TableKey, UserKey
from renderers.text import render_text
from renderers.view import BoardView, printable

ViewMode = Literal["image", "text"]


MAX_NAME = 64
"""The longest name shown (a platform's or a match file's; longer ones end in "…")."""


def short_name(name: str) -> str:
    """``name`` as messages and pictures show it: on one line, printable, at most
    :data:`MAX_NAME` characters."""
    name = printable(name)
    return name if len(name) <= MAX_NAME else name[: MAX_NAME - 1] + "…"


@dataclass(frozen=True)
class User:
    """Who sent an update: platform user id, the name to show and the platform's language code."""

    platform: str
    id: str
    name: str
    language: str | None = None

    def __post_init__(self) -> None:
        # Platforms allow control characters in names; no message or picture can show them.
        object.__setattr__(self, "name", short_name(self.name))

    @property
    def ref(self) -> str:
        """``{platform}:{user_id}``, the user's identity in tables and the store."""
        return f"{self.platform}:{self.id}"

    @property
    def key(self) -> UserKey:
        """The store key of this user's own record (language, stats)."""
        return UserKey(self.platform, self.id)


@dataclass(frozen=True)
class Attachment:
    """A file sent with an update: its ``name``, its ``size`` in bytes as the platform reports
    it, and its ``data`` (``None`` when the adapter did not download it: larger than the app
    reads, see :data:`bot.app.imports.MAX_FILE_BYTES`)."""

    name: str
    size: int
    data: bytes | None = None


@dataclass(frozen=True)
class Update:
    """One incoming event: a text line (command or notation) or a button press.

    ``update_id`` is unique per platform delivery (Telegram update id, Discord interaction id) and
    makes redelivery harmless.  ``button`` is the raw payload text of a pressed button and
    ``message`` the platform's id of the message that carried it.  ``private`` marks a one-to-one
    chat, where every line is meant for the bot (in a group, ordinary chatter is ignored).
    ``toast_refusals`` asks for a refusal of a typed command as a :class:`Toast` too, where the
    platform can show it to the sender alone (Discord's ephemeral answers to slash commands).
    ``attachment`` is a file sent with the update (a ``.mat`` match for ``import``).
    ``frugal`` marks a chat where the platform limits the bot's messages, edits included (a
    Telegram group): the table then plays its turns with as few messages as it can
    (:mod:`bot.app.group`).  ``card`` marks a seat taken on a card (:mod:`bot.app.invitations`):
    its game is played on the card's buttons alone, where no typed command reaches its table.
    """

    table: TableKey
    user: User
    update_id: str
    text: str | None = None
    button: str | None = None
    message: str | None = None
    private: bool = False
    toast_refusals: bool = False
    admin: bool = False
    attachment: Attachment | None = None
    frugal: bool = False
    card: bool = False


@dataclass(frozen=True)
class Button:
    """A button: what it says and the payload it sends back (see :mod:`bot.app.payload`)."""

    label: str
    payload: str


Keyboard = tuple[tuple[Button, ...], ...]
"""Rows of buttons."""


@dataclass(frozen=True)
class Board:
    """A board to show: the renderers' :class:`BoardView` and how this table wants it drawn.

    ``viewer`` is the seat drawn at the bottom (``None``: the seat on roll), ``home`` the side of
    the viewer's home board, ``mode`` picture or monospace text, ``labels`` the board's words in
    the chat's language; :attr:`text` is the monospace board (for text mode and text-only chats),
    drawn when first asked for.
    """

    view: BoardView
    viewer: int | None = None
    home: Literal["right", "left"] = "right"
    mode: ViewMode = "image"
    labels: tuple[tuple[str, str], ...] = ()

    @cached_property
    def text(self) -> str:
        """The monospace board (``renderers.render_text``) in the chat's words."""
        return render_text(
            self.view, viewer=self.viewer, orientation=self.home, labels=dict(self.labels)
        )


@dataclass(frozen=True)
class SendBoard:
    """Post a new board message with a caption and buttons.

    After posting, the adapter reports the message id with ``App.board_posted`` so the next turn
    can take this message's buttons away.  ``calls`` are the user references of the players the
    board calls (their turn came after they waited long for their opponent; at a chouette every
    member who answers the box's double): a platform that can notify them does (Discord pings
    them); empty for every other board.
    """

    board: Board
    caption: str
    buttons: Keyboard = ()
    version: int = 0
    calls: tuple[str, ...] = ()


@dataclass(frozen=True)
class EditBoard:
    """Replace the board, caption and buttons of message ``message`` (a play being built).

    ``version`` is the table's version the board is drawn for (``None``: a board that is not
    the table's, a replay): when the message is gone and the board is posted anew, the new
    message is reported with it (``App.board_posted``), as a :class:`SendBoard`'s is.
    """

    message: str
    board: Board
    caption: str
    buttons: Keyboard = ()
    version: int | None = None


@dataclass(frozen=True)
class ClearButtons:
    """Remove the buttons of the earlier board message ``message`` (the turn has passed)."""

    message: str


@dataclass(frozen=True)
class SendText:
    """Post a text message, with buttons when it asks for a decision (lobby, votes, settings).

    ``private``: only whoever sent the update sees it where the platform can show a message so
    (Discord: ephemeral); elsewhere it is posted as usual (a hint's advice).
    """

    text: str
    buttons: Keyboard = ()
    private: bool = False


@dataclass(frozen=True)
class ClockNotice(SendText):
    """A move clock's notice (:func:`bot.app.clock.due`): the reminder, or "time is up" with
    the claim buttons, posted as any text is, with what a surface needs to place it otherwise.

    ``late`` is the player whose clock runs (his user reference), ``claimer`` the opponent who
    may claim once the time is up (``None`` for a reminder) and ``left`` the seconds left (0
    once up).  ``brief`` says it in a line fit to stand above the board (where the table's
    board is the only message: a Telegram inline game), and ``told`` is what each player
    concerned is told in private there (user reference, text).
    """

    late: str = ""
    claimer: str | None = None
    left: int = 0
    brief: str = ""
    told: tuple[tuple[str, str], ...] = ()

    @property
    def calls(self) -> str:
        """Whom the notice calls: the one who may claim once the time is up, else the player
        the clock runs for."""
        return self.claimer if self.claimer is not None else self.late


@dataclass(frozen=True)
class Announcement(SendText):
    """A tournament's announcement in its chat (a round's pairings, the champion), posted as
    any text is, then reported by the delivery loop (``App.events.announcement_posted``:
    ``event``, and ``step``: which announcement), also when the chat refuses it: one never
    reported (the process posting it stopped) is handed out again by a later tick."""

    event: str = ""
    step: int = 0


@dataclass(frozen=True)
class DailyPuzzle(SendBoard):
    """A chat's puzzle of the day (:mod:`bot.app.puzzles.daily`), posted as any board is, then
    reported by the delivery loop (``App.puzzles.daily_posted``: ``day``, the puzzle day), also
    when the chat refuses it: one never reported (the process posting it stopped) is handed out
    again by a later tick."""

    day: int = 0


@dataclass(frozen=True)
class Toast:
    """A short answer to a button press, shown only to the presser (a refusal, a note)."""

    text: str


@dataclass(frozen=True)
class NotApplied:
    """The update was not applied because the store could not be reached: nothing changed, or
    a write's answer was lost and the store could not be asked whether it landed.

    Delivering the same update again is safe — its id is written with the table, so it is
    applied at most once — and settles it.  ``shown`` is what the sender is told where nothing
    delivers it again (try again later); a platform that has it delivered again by itself
    (Telegram's long polling leaves it unconfirmed) tells him ``kept`` instead, once: what he
    asked waits for the store.
    """

    shown: SendText | Toast
    kept: SendText | Toast


@dataclass(frozen=True)
class SendFile:
    """Post a file: ``name`` (e.g. ``match.mat``) with ``data`` and a caption."""

    name: str
    data: bytes
    caption: str = ""


@dataclass(frozen=True)
class Thinking:
    """The computer is thinking (at ``expert``): show it the way the platform shows someone
    typing (Telegram's ``sendChatAction``, Discord's typing indicator), until the next reply."""


@dataclass(frozen=True)
class Progress:
    """Post ``text`` as a message that shows how a long piece of work goes (an analysis), then
    follow it: ``async for replies in app.progress(table)``, performing each batch in order,
    an :class:`EditProgress` among them being an edit of this message.  The last batch brings
    the result (its first reply replaces the message's text)."""

    text: str


@dataclass(frozen=True)
class EditProgress:
    """Replace the text (and buttons) of the :class:`Progress` message being followed."""

    text: str
    buttons: Keyboard = ()


@dataclass(frozen=True)
class GameToPlace:
    """A tournament game to be given its place: the key it is stored under now (its event's,
    :func:`bot.app.tournaments.keys.is_event_game`), a title naming the players and the round
    (a thread's or a forum topic's name), and its players (user references)."""

    table: TableKey
    title: str
    players: tuple[str, ...]


@dataclass(frozen=True)
class PlaceGames:
    """The games of a tournament round just paired in this chat: each is placed where the
    platform plays it (``Surface.open_place``: a Discord thread, a Telegram forum topic, or
    where it is stored: the players' private chats, the console), then its opening posted there
    (``App.place_game``).  A game not placed now is offered again by a later tick."""

    games: tuple[GameToPlace, ...]


@dataclass(frozen=True)
class Standings:
    """A tournament's one standings message in its chat: posted when ``message`` is ``None``
    (the new message reported with ``App.standings_posted``), else edited in place (and posted
    anew, then reported, when that message is gone)."""

    event: str
    text: str
    buttons: Keyboard = ()
    message: str | None = None


Reply = (
    SendBoard
    | EditBoard
    | ClearButtons
    | SendText
    | Toast
    | SendFile
    | Thinking
    | Progress
    | EditProgress
    | NotApplied
    | PlaceGames
    | Standings
)
"""Every reply action an adapter performs."""
