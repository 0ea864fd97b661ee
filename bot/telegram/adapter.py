"""The Telegram adapter: Bot API updates in, app updates out; app replies in, Bot API calls out.

:class:`TelegramAdapter` holds the app and a few display options and nothing else: every table
lives in the store, so any number of processes may serve the same bot.  Its handlers are small:

- a text message (command or typed notation) becomes an app :class:`~bot.app.Update` for the
  chat's table (a forum topic is a table of its own); ``/start <token>`` in a private chat opens a
  deep-link invitation, ``/start`` alone the help with the *Play the computer* and *Invite a
  friend* buttons, ``/invite`` alone answers with the invitation link;
- a button press becomes an app update carrying the callback data; it is always answered with
  ``answerCallbackQuery`` (a refusal as a toast), duplicates included — without a text when the
  app takes longer than :data:`ANSWER_WITHIN` (Telegram gives up on a press not answered
  within about 15 s), its toast then posted in the chat;
- an inline query (``@bot`` in any chat) offers invitation cards (``@bot 5 1d``: with a move
  clock of a day); once the inviter has sent one (the chosen inline result, which needs inline
  feedback switched on with @BotFather's ``/setinlinefeedback``), its button is signed for that
  message (:mod:`bot.telegram.links`); a game started from a card is played on that one
  message, edited in place (text board: inline messages take no uploads).

The move clocks' notices go to the table's chat; a game on an inline message has no chat of its
own, so a notice is shown on that message above the board (with the claim buttons once the time is
up) and sent to the player concerned in his private chat with the bot, if he has one: editing a
message notifies nobody, a private message does.

A tournament's game (:class:`~bot.app.types.PlaceGames`) is played in a forum in a topic opened
for it (``createForumTopic``; whether a group is a forum its updates tell, else ``getChat``
once); in a group without topics, or where the bot may not open them, in its players' private
chats with the bot (:mod:`bot.telegram.mirror`), where a press on its board acts at the game, and
so does a line typed there that the app routes to it (``App.route``).

Replies are performed in order by the app's delivery loop (:mod:`bot.app.delivery`) on the
chat (:class:`ChatSurface`): a board is a PNG photo with a caption and an inline keyboard (or a
``<pre>`` text board in HTML), a play being built edits the same message, a finished turn clears
the old keyboard and posts a new board.  In a group, where Telegram allows the bot 20 messages a
minute (edits count), a game keeps one board message: a finished turn edits it in place, with the
notes of the turn in its caption, and a new one is posted only when it cannot be edited; group
updates are marked ``frugal`` (:mod:`bot.app.group`: one-press plays, steps answered by toasts,
no Roll press without a double to decide on).  Then the computer's turns that follow at the
table (``App.computer_moves``) are performed the same way, "typing…" shown while it thinks at
``expert`` (``sendChatAction``).  An analysis posts its progress message and edits it as
``App.progress`` goes (the result replaces it); asked for on an inline message, it goes to the
presser's private chat with the bot.  The update's handling ends once the progress message is
posted: the analysis is followed in a background task of the delivery loop (a webhook request is
answered, a polling slot freed, meanwhile), which :meth:`TelegramAdapter.close` cancels when the
bot stops.

Bot API refusals such as "message is not modified" are no-ops; network errors are retried;
``RetryAfter`` is waited out (by PTB's rate limiter first).

An update the store kept from being applied (the app's :class:`~bot.app.types.NotApplied`, or
the store failing in a handler) is reported to whoever fetched it (:data:`HANDLING`): long
polling leaves it unconfirmed, so it is delivered again — by this process after a pause, or by
the next one after a restart — and applied then (at most once: its id is written with the
table); its sender is told once that it is kept.  A webhook's update is answered as the app
says (to try again).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import html
import logging
import re
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from functools import partial
from typing import TypeVar

from telegram import (
    Bot,
    CallbackQuery,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQueryResultArticle,
    InputFile,
    InputMediaPhoto,
    InputTextMessageContent,
    Message,
    WebAppInfo,
)
from telegram import Chat as TgChat
from telegram import Update as TgUpdate
from telegram import User as TgUser
from telegram.constants import ChatAction, ChatType, ParseMode
from telegram.error import BadRequest, Forbidden, NetworkError, RetryAfter, TelegramError
from telegram.ext import ContextTypes

from bot.ai.worker import DEFAULT_LEVEL
from bot.app import (
    App,
    Attachment,
    Board,
    NotApplied,
    Reply,
    SendBoard,
    SendFile,
    SendText,
    Toast,
    Update,
    User,
    invitations,
)
from bot.app.delivery import (
    ChatClosed,
    Delivered,
    Delivery,
    NotDelivered,
    Surface,
    split_text,
)
from bot.app.imports import MAX_FILE_BYTES
from bot.app.opponent import WORDS as COMPUTER_WORDS
from bot.app.timing import duration
from bot.app.tournaments import keys
from bot.app.tournaments.service import ORGANISER_WORDS
from bot.app.types import ClearButtons, ClockNotice, EditBoard, GameToPlace, Keyboard, Progress
from bot.i18n import negotiate, t
from bot.store import ConflictError, StoreUnavailable, TableKey
from bot.telegram.limits import BoardPacer, ChatLimits
from bot.telegram.links import (
    COMPUTER_CARD,
    GAMES,
    PLATFORM,
    BoardLinks,
    CardNotReady,
    InvalidInvitation,
    Invitation,
    card_game,
    clock_seconds,
    deep_link,
    format_card,
    format_invitation,
    is_invitation,
    parse_invitation,
    table_token,
    token_table,
)
from bot.telegram.mirror import MirrorSurface, parts, route_of
from bot.telegram.retry import retry_seconds
from renderers.png import render_png

log = logging.getLogger("bot.telegram")

T = TypeVar("T")

MAX_TEXT = 4096
"""Longest message text."""

MAX_CAPTION = 1024
"""Longest photo caption."""

MAX_TOAST = 200
"""Longest callback answer text."""

MAX_NAME = 64
"""Longest player name kept at a table."""

MAX_TOPIC_NAME = 128
"""Longest forum topic name."""

INLINE_CHAT_PREFIX = "i"
"""Tables played on an inline message are keyed ``telegram:i<inline_message_id>``."""

ADMIN_WORDS = frozenset({"ratings", "puzzle", "puzzles"})
"""``settings`` words the app allows an administrator of a group alone: whether the sender is
one is asked of Telegram for them."""

ALLOWED_UPDATES: tuple[str, ...] = (
    "message",
    "callback_query",
    "inline_query",
    "chosen_inline_result",
)
"""The update kinds the bot asks Telegram for."""

PLAY_COMPUTER = "play_computer"
"""Callback data of ``/start``'s *Play the computer* button: ``/new bot`` in that private chat
(not an app payload: the adapter answers it; it grants nothing to anyone but the presser)."""

INLINE_GAMES: tuple[str, ...] = ("1", "3", "5", "m", "n", COMPUTER_CARD)
"""The invitation cards offered for an empty inline query, in order (the computer's card only
where the computer is switched on)."""

_KEY_SAFE = re.compile(r"[A-Za-z0-9_.@-]{1,200}\Z")

CLOSE_TIMEOUT = 5.0
"""Seconds :meth:`TelegramAdapter.close` waits for the analyses it stops following."""

ANSWER_WITHIN = 10.0
"""Seconds a press waits for the app's answer before it is answered without a text (Telegram
gives up on a press not answered within about 15 seconds)."""


@dataclass
class Handling:
    """A Telegram update being handled, as whoever fetched it sees it (:data:`HANDLING`).

    The fetcher sets ``again`` (the store kept the update from being applied before: its
    sender was told that it is kept) and ``last`` (it will not be delivered again: what the
    store keeps from being applied now is refused for good, its sender told to try again);
    the adapter sets ``unapplied`` when the store kept it from being applied (the app's
    :class:`~bot.app.types.NotApplied`, or the store failing in a handler): unless it was the
    last time, the fetcher leaves it unconfirmed, to be delivered again."""

    update_id: int
    again: bool = False
    last: bool = False
    unapplied: bool = False


HANDLING: ContextVar[Handling | None] = ContextVar("telegram_handling", default=None)
"""The update being handled in this task when its fetcher delivers again what the store kept
from being applied (long polling: :class:`~bot.telegram.polling.Poller`); ``None``: nothing
delivers it again (a webhook's request)."""

IGNORED_EDIT_ERRORS: tuple[str, ...] = ("message is not modified",)
"""Bot API refusals of an edit that mean there is nothing to do."""


def _is_ignorable(error: BadRequest) -> bool:
    return any(text in error.message.lower() for text in IGNORED_EDIT_ERRORS)


def _is_gone(error: BadRequest) -> bool:
    """Whether an edit was refused because the message is not there any more."""
    return "not found" in error.message.lower()


def _fits(board: Board, caption: str) -> bool:
    """Whether a board message can carry ``caption`` whole."""
    if board.mode == "text":
        return len(board_html(board, caption)) <= MAX_TEXT
    return len(caption) <= MAX_CAPTION


def keyboard(rows: Keyboard) -> InlineKeyboardMarkup | None:
    """The app's button rows as an inline keyboard (``None`` when there are no buttons)."""
    if not rows:
        return None
    return InlineKeyboardMarkup(
        [[InlineKeyboardButton(b.label, callback_data=b.payload) for b in row] for row in rows]
    )


def board_html(board: Board, caption: str) -> str:
    """A text-mode board message: the monospace board in ``<pre>`` and the caption, escaped."""
    return f"<pre>{html.escape(board.text)}</pre>\n{html.escape(caption)}"


def telegram_user(user: TgUser) -> User:
    """The app's user for a Telegram user (name cut to :data:`MAX_NAME`)."""
    name = (user.full_name or user.username or str(user.id))[:MAX_NAME]
    return User(PLATFORM, str(user.id), name, user.language_code)


def chat_table(message: Message) -> TableKey:
    """The table of the chat (and forum topic) a message belongs to."""
    topic = _thread(message)
    return TableKey(PLATFORM, str(message.chat.id), str(topic) if topic is not None else None)


def inline_table(inline_message_id: str) -> TableKey:
    """The table played on an inline message (an id that a key cannot hold is hashed)."""
    if _KEY_SAFE.match(inline_message_id):
        return TableKey(PLATFORM, INLINE_CHAT_PREFIX + inline_message_id)
    digest = hashlib.sha256(inline_message_id.encode()).hexdigest()[:32]
    return TableKey(PLATFORM, INLINE_CHAT_PREFIX + "h" + digest)


@dataclass(frozen=True)
class ChatTarget:
    """Where replies go in an ordinary chat: the chat and the forum topic (or none)."""

    chat_id: int
    thread_id: int | None = None


@dataclass(frozen=True)
class InlineTarget:
    """An inline message: the one message a table played from an invitation card is shown on."""

    inline_message_id: str


@dataclass(frozen=True)
class BoardInPlace(SendBoard):
    """A group's new board (the app's :class:`SendBoard`) shown by editing the table's current
    board message ``message`` (see :meth:`ChatSurface.plan`); posted anew when it cannot be."""

    message: str = field(kw_only=True)


@dataclass
class ChatSurface:
    """An ordinary chat (or forum topic) as the app's delivery loop performs replies on it (a
    :class:`~bot.app.delivery.Surface`).

    A board is a PNG photo with a caption and an inline keyboard, or a ``<pre>`` text board in
    HTML; a caption too long for it is posted as text first.  Bot API refusals become the
    delivery loop's: ``Forbidden`` (the bot may not post in the chat) closes the chat
    (:class:`~bot.app.delivery.ChatClosed`), a ``BadRequest`` refuses that reply alone
    (:class:`~bot.app.delivery.NotDelivered`); an edit that changes nothing ("message is not
    modified") and buttons that could not be cleared are no refusal.
    """

    adapter: TelegramAdapter
    bot: Bot
    target: ChatTarget
    table: TableKey | None = None
    """The table the replies are for (``None``: a reply for the user alone)."""
    lang: str = "en"
    """The language of the buttons the adapter adds (a private lobby's *Invite a friend*)."""

    max_text = MAX_TEXT

    @contextlib.contextmanager
    def _refusals(self) -> Iterator[None]:
        """The Bot API's refusals raised as the delivery loop's (see the class's docstring)."""
        try:
            yield
        except Forbidden as exc:
            raise ChatClosed(f"chat {self.target.chat_id}: {exc.message}") from exc
        except BadRequest as exc:
            raise NotDelivered(f"chat {self.target.chat_id}: {exc.message}") from exc

    # -- a group's one board ----------------------------------------------------------------------

    async def plan(self, table: TableKey | None, replies: Sequence[Reply]) -> Sequence[Reply]:
        """A group's replies spent frugally (Telegram allows 20 messages a minute per group,
        edits included), with ``one_board``: the new board of a turn that passed is shown on
        the table's current board message, whose buttons the app asked to clear (one edit
        instead of a clear and a post: :class:`BoardInPlace`), and the notes posted just before
        a board go into its caption where they fit.  Elsewhere ``replies`` as they are."""
        if not self.adapter.one_board or self.target.chat_id >= 0 or table is None:
            return replies
        first = next((i for i, r in enumerate(replies) if isinstance(r, SendBoard)), None)
        if first is None:
            return replies
        before = replies[:first]
        current: str | None = None
        if any(isinstance(r, ClearButtons) for r in before):
            facts = await self.adapter.app.facts(table)
            current = facts.board_message if facts is not None else None
        if not any(isinstance(r, ClearButtons) and r.message == current for r in before):
            current = None
        notes: list[str] = []
        out: list[Reply] = []
        for reply in before:
            if isinstance(reply, ClearButtons) and reply.message == current:
                continue  # the edit below replaces the buttons
            if isinstance(reply, SendText) and not reply.buttons:
                notes.append(reply.text)
                continue
            out.append(reply)
        board = replies[first]
        assert isinstance(board, SendBoard)
        caption = "\n".join([*notes, board.caption])
        if notes and _fits(board.board, caption):
            board = replace(board, caption=caption)
        else:
            out.extend(SendText(note) for note in notes)
        out.append(board if current is None else BoardInPlace(**vars(board), message=current))
        out.extend(replies[first + 1 :])
        return out

    # -- the surface the delivery loop performs the replies on ------------------------------------

    async def post_board(self, reply: SendBoard) -> str:
        with self._refusals():
            if isinstance(reply, BoardInPlace):
                # A group's new board on its current board message; posted anew when that
                # message cannot be edited.  When the group's window is full the edit is made
                # once it has room (the press does not wait for it).
                pacer, chat = self.adapter.pacer, self.target.chat_id
                if not pacer.admit(chat):
                    pacer.defer(chat, reply.message, partial(self._shown_later, reply))
                    return reply.message
                shown = (reply.board, reply.caption, reply.buttons)
                if await self._edited(int(reply.message), *shown):
                    return reply.message
            message = await self.send_board(reply.board, reply.caption, reply.buttons)
            return str(message.message_id)

    async def edit_board(self, reply: EditBoard) -> str | None:
        """Show the play being built on the same message; if that message cannot be edited
        (deleted, or the board's kind changed), post the board anew: its id.  In a group whose
        window is full the edit is made once it has room (and a board posted anew then is
        reported then)."""
        pacer, chat = self.adapter.pacer, self.target.chat_id
        if not pacer.admit(chat):
            pacer.defer(chat, reply.message, partial(self._shown_later, reply))
            return None
        with self._refusals():
            if await self._edited(int(reply.message), reply.board, reply.caption, reply.buttons):
                return None
            message = await self.send_board(reply.board, reply.caption, reply.buttons)
        return str(message.message_id)

    async def clear_buttons(self, message: str) -> None:
        pacer, chat = self.adapter.pacer, self.target.chat_id
        if not pacer.admit(chat):
            pacer.defer(chat, message, partial(self._clear, int(message)))
            return
        with self._refusals():
            await self._clear(int(message))

    async def _shown_later(self, reply: BoardInPlace | EditBoard) -> None:
        """A board edit the group's window held back, made now: on its message, or posted
        anew (and reported) when that message cannot show it."""
        if await self._edited(int(reply.message), reply.board, reply.caption, reply.buttons):
            return
        message = await self.send_board(reply.board, reply.caption, reply.buttons)
        if self.table is not None and reply.version is not None:
            # posted anew: the table's board now (a replay's board is none)
            await self.adapter.app.board_posted(self.table, str(message.message_id), reply.version)

    async def post_text(self, text: str, buttons: Keyboard, *, private: bool = False) -> str:
        # A group shows every message to all its members: a private text is posted too (a
        # hint, allowed only when the table's hints are on).
        with self._refusals():
            message = await self._send_text(text, buttons)
        return str(message.message_id)

    async def edit_text(self, message: str, text: str, buttons: Keyboard) -> None:
        with self._refusals():
            try:
                await self.adapter.call(
                    lambda: self.bot.edit_message_text(
                        text,
                        chat_id=self.target.chat_id,
                        message_id=int(message),
                        reply_markup=keyboard(buttons),
                    )
                )
            except BadRequest as exc:
                if not _is_ignorable(exc):
                    raise

    async def toast(self, text: str) -> None:
        """A toast in a chat (no button press to answer): posted as text."""
        with self._refusals():
            await self._send_pieces(text)

    async def typing(self) -> None:
        chat, thread = self.target.chat_id, self.target.thread_id
        with self._refusals():
            await self.adapter.call(
                lambda: self.bot.send_chat_action(chat, ChatAction.TYPING, message_thread_id=thread)
            )

    async def post_file(self, reply: SendFile) -> None:
        document = InputFile(reply.data, filename=reply.name)
        with self._refusals():
            await self.adapter.call(
                lambda: self.bot.send_document(
                    self.target.chat_id,
                    document,
                    caption=reply.caption[:MAX_CAPTION] or None,
                    message_thread_id=self.target.thread_id,
                )
            )

    async def open_place(self, game: GameToPlace) -> tuple[TableKey, Surface] | None:
        """A tournament game of this chat: in a forum, a topic of its own named after it;
        elsewhere (or where the bot may not open topics) played where it is stored, in its
        players' private chats (:class:`~bot.telegram.mirror.MirrorSurface`).  A game placed
        meanwhile (by another process) is left alone: no second topic."""
        facts = await self.adapter.app.facts(game.table)
        if facts is None or not facts.in_play or facts.origin is not None:
            return None
        chat = self.target.chat_id
        if chat < 0 and await self.adapter.is_forum(self.bot, chat):
            try:
                topic = await self.adapter.call(
                    lambda: self.bot.create_forum_topic(chat, game.title[:MAX_TOPIC_NAME])
                )
            except (BadRequest, Forbidden) as exc:
                log.warning(
                    "no forum topic for %s in chat %s (%s): played in private chats",
                    game.table,
                    chat,
                    exc.message,
                )
            else:
                thread = topic.message_thread_id
                key = TableKey(PLATFORM, str(chat), str(thread))
                there = ChatSurface(
                    self.adapter, self.bot, ChatTarget(chat, thread), key, self.lang
                )
                return key, there
        return game.table, self.adapter.mirror(self.bot, game.table, None, self.lang)

    # -- the Bot API's calls ----------------------------------------------------------------------

    async def _send_text(self, text: str, rows: Keyboard) -> Message:
        """Post plain text (at most :data:`MAX_TEXT` characters) with buttons.  A lobby in a
        private chat gets an "invite a friend" button: nobody else can press Join there."""
        markup = keyboard(rows)
        table, chat = self.table, self.target.chat_id
        private = table is not None and table.chat == str(chat) and chat > 0
        if markup is not None and private and _is_lobby(rows):
            extra = InlineKeyboardButton(
                t(self.lang, "telegram-button-invite"), switch_inline_query=""
            )
            markup = InlineKeyboardMarkup([*markup.inline_keyboard, [extra]])
        return await self.adapter.call(
            lambda: self.bot.send_message(
                chat, text, reply_markup=markup, message_thread_id=self.target.thread_id
            )
        )

    async def _send_pieces(self, text: str) -> None:
        """Post plain text without buttons, in pieces if long."""
        for piece in split_text(text, MAX_TEXT):
            await self._send_text(piece, ())

    def board_markup(self, rows: Keyboard) -> InlineKeyboardMarkup | None:
        """A board's keyboard: the app's buttons and, when the web board is on, *Open board*
        below them (on a board with buttons: a game going on)."""
        markup = keyboard(rows)
        if markup is None or self.table is None:
            return markup
        button = self.adapter.board_button(self.table, self.target.chat_id, self.lang)
        if button is None:
            return markup
        return InlineKeyboardMarkup([*markup.inline_keyboard, [button]])

    async def send_board(self, board: Board, caption: str, rows: Keyboard) -> Message:
        """Post a board: a photo with caption and keyboard, or a ``<pre>`` text board."""
        markup = self.board_markup(rows)
        chat, thread = self.target.chat_id, self.target.thread_id
        if board.mode == "text":
            body = board_html(board, caption)
            if len(body) > MAX_TEXT:
                await self._send_pieces(caption)
                body = board_html(board, "")
            return await self.adapter.call(
                lambda: self.bot.send_message(
                    chat,
                    body,
                    parse_mode=ParseMode.HTML,
                    reply_markup=markup,
                    message_thread_id=thread,
                )
            )
        if len(caption) > MAX_CAPTION:
            await self._send_pieces(caption)
            caption = caption.rsplit("\n", 1)[-1][:MAX_CAPTION]
        png = await self.adapter.render(board)
        return await self.adapter.call(
            lambda: self.bot.send_photo(
                chat,
                InputFile(png, filename="board.png"),
                caption=caption,
                reply_markup=markup,
                message_thread_id=thread,
            )
        )

    async def _edited(self, message_id: int, board: Board, caption: str, rows: Keyboard) -> bool:
        """Edit board message ``message_id`` to show ``board``; whether it shows it now.

        A message that is gone (deleted) is reported as not shown; one that cannot take this
        board (a picture for a text board, a caption too long) loses its buttons, as the board
        is then posted anew.
        """
        markup = self.board_markup(rows)
        chat = self.target.chat_id
        try:
            if board.mode == "text" and len(board_html(board, caption)) <= MAX_TEXT:
                body = board_html(board, caption)
                await self.adapter.call(
                    lambda: self.bot.edit_message_text(
                        body,
                        chat_id=chat,
                        message_id=message_id,
                        parse_mode=ParseMode.HTML,
                        reply_markup=markup,
                    )
                )
                return True
            if board.mode == "image" and len(caption) <= MAX_CAPTION:
                png = await self.adapter.render(board)
                # attach=True: the upload is referenced as attach://<name> inside the media.
                upload = InputFile(png, filename="board.png", attach=True)
                media = InputMediaPhoto(upload, caption=caption)
                await self.adapter.call(
                    lambda: self.bot.edit_message_media(
                        media, chat_id=chat, message_id=message_id, reply_markup=markup
                    )
                )
                return True
        except BadRequest as exc:
            if _is_ignorable(exc):
                return True
            log.info("board message %s not edited (%s); posting it anew", message_id, exc.message)
            if _is_gone(exc):
                return False
        await self._clear(message_id)
        return False

    async def _clear(self, message_id: int) -> None:
        """Take the keyboard off a message; one without a keyboard (or gone) is left alone."""
        chat = self.target.chat_id
        try:
            await self.adapter.call(
                lambda: self.bot.edit_message_reply_markup(chat_id=chat, message_id=message_id)
            )
        except BadRequest as exc:
            if not _is_ignorable(exc):
                log.info("buttons of message %s not cleared: %s", message_id, exc.message)


class TelegramDelivery(Delivery):
    """The app's delivery loop (:class:`~bot.app.delivery.Delivery`), each batch for a chat
    planned first (:meth:`ChatSurface.plan`: a group's one board)."""

    async def perform(
        self, surface: Surface, table: TableKey | None, replies: Sequence[Reply]
    ) -> Delivered:
        if isinstance(surface, ChatSurface):
            replies = await surface.plan(table, replies)
        return await super().perform(surface, table, replies)


class TelegramAdapter:
    """Translate between python-telegram-bot and the app.

    ``secret`` signs deep-link tokens (the bot token by default, so every process of one bot
    agrees); ``png_width`` is the board picture's width; ``network_attempts`` how often a Bot API
    call that failed on the network is tried before giving up.  ``one_board`` keeps one board
    message per game in groups, edited turn after turn (``False``: a new board per turn, the old
    one's buttons cleared, as in private chats); ``frugal`` marks group updates as spending
    few messages (:mod:`bot.app.group`: one-press plays, steps answered by toasts, the dice
    rolled at once when there is no double to decide on; ``False``: the flow of private chats).
    ``answer_within``: see :data:`ANSWER_WITHIN`.  ``board``: the web board's links, when it
    is on (:meth:`board_button`).
    """

    def __init__(
        self,
        app: App,
        *,
        secret: bytes,
        png_width: int = 1280,
        network_attempts: int = 5,
        retry_delay: float = 0.5,
        one_board: bool = True,
        frugal: bool = True,
        limits: ChatLimits | None = None,
        answer_within: float = ANSWER_WITHIN,
        board: BoardLinks | None = None,
    ) -> None:
        self.app = app
        self.board = board
        """Where the boards' *Open board* button leads (``None``: the web board is off)."""
        self.answer_within = answer_within
        self.one_board = one_board
        self.frugal = frugal
        self.secret = secret
        self.png_width = png_width
        self.network_attempts = network_attempts
        self.retry_delay = retry_delay
        self.delivery = TelegramDelivery(app, background=True)
        """The app's delivery loop: the replies performed on a :class:`ChatSurface`, an analysis
        followed in the background (the update's handling ends once its message is posted)."""
        self.pacer = BoardPacer(limits if limits is not None else ChatLimits(group_max_rate=0))
        """A group's board edits made when its window has room (:mod:`bot.telegram.limits`;
        ``limits``: the application's rate limiter, whose windows it reads)."""
        self.forums: dict[int, bool] = {}
        """Whether each supergroup seen is a forum (Telegram's fact, as its updates or
        ``getChat`` told it last)."""

    # -- where a chat's games are played ----------------------------------------------------------

    def saw_chat(self, chat: TgChat) -> None:
        """Note whether a supergroup an update came from is a forum (topics on or off)."""
        if chat.type == ChatType.SUPERGROUP:
            self.forums[chat.id] = bool(chat.is_forum)

    async def is_forum(self, bot: Bot, chat_id: int) -> bool:
        """Whether group ``chat_id`` is a forum (asked of Telegram once when no update told)."""
        known = self.forums.get(chat_id)
        if known is None:
            try:
                info = await self.call(lambda: bot.get_chat(chat_id))
            except TelegramError as exc:
                log.warning("chat %s unknown: %s", chat_id, exc)
                return False
            known = self.forums[chat_id] = bool(info.is_forum)
        return known

    def mirror(
        self, bot: Bot, key: TableKey, sender: int | None, lang: str = "en"
    ) -> MirrorSurface:
        """Tournament game ``key`` shown in its players' private chats (``sender``: the user
        whose update it is, ``None`` for a clock's notice)."""

        def private_chat(chat_id: int) -> Surface:
            return ChatSurface(self, bot, ChatTarget(chat_id, None), key, lang)

        return MirrorSurface(self.app, key, private_chat, sender, MAX_TEXT)

    def surface_for(self, bot: Bot, key: TableKey, lang: str = "en") -> Surface:
        """Where the replies of table ``key`` of an ordinary chat (no inline message) go when no
        update brought them (a clock's): its chat or forum topic, or for a tournament game
        played in private chats its players' chats (``lang``: of the buttons the adapter
        adds)."""
        if keys.is_event_game(key):
            return self.mirror(bot, key, None, lang)
        topic = int(key.topic) if key.topic is not None else None
        return ChatSurface(self, bot, ChatTarget(int(key.chat), topic), key, lang)

    def board_button(self, table: TableKey, chat_id: int, lang: str) -> InlineKeyboardButton | None:
        """The *Open board* button of ``table``'s boards shown in chat ``chat_id``: a WebApp
        button in a private chat, a link to the Mini App in a group or on an inline message
        (``chat_id`` 0; Telegram allows WebApp buttons in private chats only); ``None`` when
        the web board is off or cannot name the table."""
        if self.board is None:
            return None
        label = t(lang, "telegram-button-open-board")
        if chat_id > 0:
            url = self.board.page_url(table)
            return InlineKeyboardButton(label, web_app=WebAppInfo(url)) if url else None
        link = self.board.app_link(table)
        return InlineKeyboardButton(label, url=link) if link else None

    async def deliver_to_table(self, bot: Bot, key: TableKey, replies: Sequence[Reply]) -> bool:
        """Carry out replies for table ``key`` that no Telegram update brought (a press on the
        web board): in its chat or forum topic, for a tournament game played in private chats
        in its players' chats, for a game on an inline message on that message; then the
        computer's turns that follow.  Whether the chat took every one of ``replies``."""
        facts = await self.app.facts(key)
        if key.chat.startswith(INLINE_CHAT_PREFIX):
            if facts is None or facts.board_message is None:
                log.info("replies for inline table %s: its message is not known", key)
                return False
            return await self.perform(bot, InlineTarget(facts.board_message), key, replies)
        lang = (facts.lang if facts is not None else None) or self.app.default_language
        return await self.deliver_on(self.surface_for(bot, key, lang), key, replies)

    # -- calling the Bot API --------------------------------------------------------------------

    async def call(self, request: Callable[[], Awaitable[T]]) -> T:
        """Run one Bot API request, retrying network errors and waiting out ``RetryAfter``.

        Refusals (``BadRequest``, ``Forbidden``) are raised at once: trying again cannot help.
        """
        delay = self.retry_delay
        for attempt in range(1, self.network_attempts + 1):
            try:
                return await request()
            except RetryAfter as exc:
                if attempt == self.network_attempts:
                    raise
                await asyncio.sleep(retry_seconds(exc))
            except (BadRequest, Forbidden):
                raise
            except NetworkError as exc:
                if attempt == self.network_attempts:
                    raise
                log.warning("Bot API network error (attempt %d): %s", attempt, exc)
                await asyncio.sleep(delay)
                delay *= 2
        raise AssertionError("unreachable")

    def kept(self, replies: Sequence[Reply]) -> list[Reply]:
        """``replies`` as the update's sender is shown them: of an update the store kept from
        being applied (:class:`~bot.app.types.NotApplied`), where its fetcher delivers it again
        (:data:`HANDLING`) the update is reported unapplied and its sender told once that it
        is kept; elsewhere he is told to try again, and so he is on its last delivery (in the
        chat: a press was answered long before)."""
        handling = HANDLING.get()
        out: list[Reply] = []
        for reply in replies:
            if not isinstance(reply, NotApplied):
                out.append(reply)
                continue
            if handling is not None:
                handling.unapplied = True
            if handling is None:
                out.append(reply.shown)
            elif handling.last:
                out.append(SendText(reply.shown.text))
            elif not handling.again:
                out.append(reply.kept)
        return out

    async def render(self, board: Board) -> bytes:
        """The board picture, rasterised in a worker thread so other chats are not held up."""
        return await asyncio.to_thread(
            render_png,
            board.view,
            viewer=board.viewer,
            orientation=board.home,
            labels=dict(board.labels),
            width=self.png_width,
        )

    # -- incoming: messages ---------------------------------------------------------------------

    async def on_message(self, update: TgUpdate, context: ContextTypes.DEFAULT_TYPE) -> None:
        """A text message: a command or typed notation for the chat's table."""
        message = update.message
        sender = update.effective_user
        if message is None or sender is None or message.text is None or sender.is_bot:
            return
        bot = context.bot
        text = message.text
        private = message.chat.type == ChatType.PRIVATE
        words = text.split()
        command, args = "", words[1:]
        if words and words[0].startswith("/"):
            command, _, addressee = words[0][1:].partition("@")
            if addressee and addressee.lower() != (bot.username or "").lower():
                return  # meant for another bot in the group
            command = command.lower()
        user = telegram_user(sender)
        target = ChatTarget(message.chat.id, _thread(message))
        self.saw_chat(message.chat)
        if private and command == "start":
            await self._start(bot, update, user, target, args)
            return
        if command == "invite" and not args:
            await self._invite(bot, user, target, chat_table(message), private)
            return
        admin = False
        organising = command == "tournament" and bool(args) and args[0].lower() in ORGANISER_WORDS
        admin_setting = command == "settings" and bool(args) and args[0].lower() in ADMIN_WORDS
        if not private and (organising or admin_setting):
            admin = await self._is_admin(bot, message.chat.id, sender.id)
        app_update = Update(
            chat_table(message),
            user,
            f"{update.update_id}",
            text=text,
            private=private,
            admin=admin,
            frugal=self.frugal and not private,
        )
        if private:
            # A line typed in a private chat may belong to the sender's tournament game played
            # in the players' private chats: the app says where it goes.
            key = await self.app.route(app_update)
            if key != app_update.table:
                game = replace(app_update, table=key)
                mirror = self.mirror(bot, key, sender.id, negotiate(user.language))
                await self.deliver_on(mirror, key, await self.app.handle(game))
                return
        await self.perform(bot, target, app_update.table, await self.app.handle(app_update), user)

    async def _is_admin(self, bot: Bot, chat_id: int, user_id: int) -> bool:
        """Whether the user administers the group (Telegram's ``getChatMember``: an
        administrator or the creator); asked only for what needs it (turning ratings off,
        setting the puzzle of the day, organising a tournament)."""
        try:
            member = await bot.get_chat_member(chat_id, user_id)
        except TelegramError as exc:
            log.warning("chat member unknown chat=%s: %s", chat_id, exc)
            return False
        return member.status in ("administrator", "creator")

    async def on_document(self, update: TgUpdate, context: ContextTypes.DEFAULT_TYPE) -> None:
        """A file: a ``.mat`` match to import (in a group: one captioned ``/import``, the only
        file a bot in privacy mode is sent there, or named ``*.mat`` when privacy is off).  It
        is downloaded only when it is no larger than the app reads (the app refuses a larger
        one with its size)."""
        message = update.message
        sender = update.effective_user
        if message is None or sender is None or message.document is None or sender.is_bot:
            return
        bot = context.bot
        document = message.document
        name = document.file_name or "match.mat"
        private = message.chat.type == ChatType.PRIVATE
        words = (message.caption or "").split()
        command, _, addressee = (
            words[0][1:] if words and words[0].startswith("/") else ""
        ).partition("@")
        if addressee and addressee.lower() != (bot.username or "").lower():
            return  # meant for another bot in the group
        if not private and command.lower() != "import" and not name.lower().endswith(".mat"):
            return  # a file shared in the group, not sent to the bot
        user = telegram_user(sender)
        target = ChatTarget(message.chat.id, _thread(message))
        size = document.file_size or 0
        data: bytes | None = None
        if size <= MAX_FILE_BYTES:
            try:
                file = await self.call(document.get_file)
                data = bytes(await self.call(file.download_as_bytearray))
            except TelegramError as exc:
                log.warning("file %s not downloaded: %s", document.file_id, exc)
                text = t(negotiate(user.language), "import-download-failed")
                await self.perform(bot, target, None, [SendText(text)])
                return
            size = max(size, len(data))
        app_update = Update(
            chat_table(message),
            user,
            f"{update.update_id}",
            text="/import",
            private=private,
            attachment=Attachment(name, size, data),
        )
        await self.perform(bot, target, app_update.table, await self.app.handle(app_update), user)

    async def _start(
        self, bot: Bot, update: TgUpdate, user: User, target: ChatTarget, args: list[str]
    ) -> None:
        """``/start`` in a private chat: a deep-link invitation, or the help."""
        lang = negotiate(user.language)
        if not args:
            help_update = Update(
                TableKey(PLATFORM, str(target.chat_id)), user, f"{update.update_id}", text="/help"
            )
            replies = await self.app.handle(help_update)
            await self.perform(bot, target, help_update.table, replies, user)
            await self._offer_games(bot, target, lang)
            return
        try:
            table = token_table(args[0], secret=self.secret)
        except InvalidInvitation:
            await self.perform(bot, target, None, [SendText(t(lang, "telegram-link-invalid"))])
            return
        seating = await invitations.follow_link(self.app, table, f"{update.update_id}", user)
        if seating.again:
            # A link used again (or the same /start delivered again): one private answer and
            # nothing in the group, where the seat was announced when it was taken.
            await self.perform(bot, target, None, [SendText(t(lang, "telegram-link-again"))])
            return
        if not seating.seated:
            await self.perform(bot, target, None, seating.replies, user)
            return
        group = ChatTarget(int(table.chat), int(table.topic) if table.topic else None)
        await self.perform(bot, group, table, seating.replies, user)
        await self.perform(bot, target, None, [SendText(t(lang, "telegram-link-used"))])

    async def _offer_games(self, bot: Bot, target: ChatTarget, lang: str) -> None:
        """The first thing a new user can do: play the computer at once, or invite a friend."""
        invite = InlineKeyboardButton(t(lang, "telegram-button-invite"), switch_inline_query="")
        row = [invite]
        if self.app.computer is not None:
            computer = t(lang, "telegram-button-computer")
            row.insert(0, InlineKeyboardButton(computer, callback_data=PLAY_COMPUTER))
        await self.call(
            lambda: bot.send_message(
                target.chat_id,
                t(lang, "telegram-start-play"),
                reply_markup=InlineKeyboardMarkup([row]),
            )
        )

    async def _invite(
        self, bot: Bot, user: User, target: ChatTarget, table: TableKey, private: bool
    ) -> None:
        """``/invite`` alone: the link to this group table, or in private the inline card picker."""
        lang = negotiate(user.language)
        if private:
            button = InlineKeyboardButton(t(lang, "telegram-button-invite"), switch_inline_query="")
            await self.call(
                lambda: bot.send_message(
                    target.chat_id,
                    t(lang, "telegram-invite-private"),
                    reply_markup=InlineKeyboardMarkup([[button]]),
                )
            )
            return
        link = deep_link(bot.username or "", table_token(table, secret=self.secret))
        await self.perform(
            bot, target, None, [SendText(t(lang, "telegram-invite-link", link=link))]
        )

    # -- incoming: button presses ---------------------------------------------------------------

    async def on_callback(self, update: TgUpdate, context: ContextTypes.DEFAULT_TYPE) -> None:
        """A button press: the app decides; the press is answered (toast) before the replies."""
        query = update.callback_query
        if query is None:
            return
        bot = context.bot
        user = telegram_user(query.from_user)
        data = query.data or ""
        if is_invitation(data) and query.inline_message_id is not None:
            await self._invitation_pressed(bot, update, query, user, data)
            return
        if data == PLAY_COMPUTER and isinstance(query.message, Message):
            await self.answer(query, None)
            chat = query.message.chat
            if chat.type != ChatType.PRIVATE:
                return
            play = Update(
                chat_table(query.message),
                user,
                f"{update.update_id}",
                text="/new bot",
                private=True,
            )
            private_chat = ChatTarget(chat.id, None)
            await self.perform(bot, private_chat, play.table, await self.app.handle(play), user)
            return
        target: ChatTarget | InlineTarget
        mirror: MirrorSurface | None = None
        if query.inline_message_id is not None:
            key = inline_table(query.inline_message_id)
            target, private = InlineTarget(query.inline_message_id), False
            message_ref = query.inline_message_id
        elif isinstance(query.message, Message):
            key = chat_table(query.message)
            target = ChatTarget(query.message.chat.id, _thread(query.message))
            message_ref = str(query.message.message_id)
            private = query.message.chat.type == ChatType.PRIVATE
            self.saw_chat(query.message.chat)
            game = route_of(data) if private else None
            if game is not None:  # a tournament game's board in the presser's private chat
                key, data = game
                mirror = self.mirror(bot, key, query.from_user.id, negotiate(user.language))
                message_ref = await self._mirrored(key, target.chat_id, message_ref)
        else:  # a message too old for Telegram to show: nothing to act on
            await self.answer(query, t(negotiate(user.language), "error-stale"))
            return
        app_update = Update(
            key,
            user,
            f"{update.update_id}",
            button=data,
            message=message_ref,
            # a tournament game's table is its two players', not this private chat's own
            private=private and mirror is None,
            frugal=self.frugal and isinstance(target, ChatTarget) and not private,
        )
        held = HANDLING.get()
        first = held is None or not held.again  # a press held before was answered then
        answer = asyncio.ensure_future(self.app.handle(app_update))
        try:
            done, _ = await asyncio.wait({answer}, timeout=self.answer_within)
            if not done and first:  # the press is answered before Telegram gives up on it
                await self.answer(query, None)
            replies = self.kept(await answer)
        except asyncio.CancelledError:
            answer.cancel()
            raise
        toast = next((r.text for r in replies if isinstance(r, Toast)), None)
        rest = [r for r in replies if not isinstance(r, Toast)]
        if done and first:
            await self.answer(query, toast)
        elif first and toast is not None and isinstance(target, ChatTarget):
            # the press was answered already: posted instead (to the presser alone, where the
            # game is shown in several chats)
            rest.insert(0, SendText(toast, private=True))
        if mirror is not None:
            await self.deliver_on(mirror, key, rest)
            return
        await self.perform(bot, target, key, rest, user)

    async def _mirrored(self, key: TableKey, chat_id: int, message_id: str) -> str:
        """The mirror's id of a message of game ``key`` pressed in private chat ``chat_id``:
        the game's board (every copy of it, so that the opponent sees the play as it is built)
        when it is that board, else that one copy."""
        copy = (chat_id, message_id)
        facts = await self.app.facts(key)
        board = facts.board_message if facts is not None else None
        if board is not None and copy in parts(board):
            return board
        return f"{chat_id}:{message_id}"

    async def answer(self, query: CallbackQuery, text: str | None) -> None:
        """Answer a press once; a query Telegram no longer accepts (a redelivery) is let go."""
        toast = text[: MAX_TOAST - 1] + "…" if text and len(text) > MAX_TOAST else text
        try:
            await self.call(lambda: query.answer(toast))
        except BadRequest as exc:
            log.info("callback answer refused: %s", exc.message)

    async def _invitation_pressed(
        self, bot: Bot, update: TgUpdate, query: CallbackQuery, user: User, data: str
    ) -> None:
        """A press on an invitation card: open the table for the inviter and seat the presser."""
        assert query.inline_message_id is not None
        lang = negotiate(user.language)
        try:
            invitation = parse_invitation(data, query.inline_message_id, secret=self.secret)
        except CardNotReady:
            await self.answer(query, t(lang, "telegram-invite-pending"))
            return
        except InvalidInvitation:
            log.info("invitation card data refused on inline message: not signed for it")
            await self.answer(query, t(lang, "error-bad-payload"))
            return
        key = inline_table(query.inline_message_id)
        seating = await invitations.accept_card(
            self.app,
            key,
            f"{update.update_id}",
            inviter=User(PLATFORM, str(invitation.inviter_id), invitation.inviter_name),
            new_args=invitation.new_args,
            clock=invitation.clock,
            user=user,
            computer=invitation.game == COMPUTER_CARD,
        )
        refusal = seating.refusal
        if not seating.seated and any(isinstance(r, NotApplied) for r in seating.replies):
            told = self.kept(seating.replies)  # the store kept the seat from being taken
            refusal = next((r.text for r in told if isinstance(r, Toast | SendText)), None)
        await self.answer(query, refusal)
        if seating.seated and not seating.again:
            target = InlineTarget(query.inline_message_id)
            await self.perform(bot, target, key, seating.replies, user)

    # -- incoming: inline queries ---------------------------------------------------------------

    async def on_inline_query(self, update: TgUpdate, context: ContextTypes.DEFAULT_TYPE) -> None:
        """``@bot`` in any chat: invitation cards for the games on offer."""
        query = update.inline_query
        if query is None:
            return
        user = telegram_user(query.from_user)
        lang = negotiate(user.language)
        words = query.query.strip().lower().split()
        clock = next((w for w in words if clock_seconds(w) is not None), "")
        wanted = " ".join(w for w in words if w != clock)
        offered = [c for c in INLINE_GAMES if c != COMPUTER_CARD or self.app.computer is not None]
        if wanted in COMPUTER_WORDS and COMPUTER_CARD in offered:
            wanted = COMPUTER_CARD
        codes = [c for c in offered if not wanted or wanted in (c, GAMES[c])] or offered
        seconds = clock_seconds(clock) if clock else None
        clock_line = (
            t(lang, "clock-set", duration=duration(partial(t, lang), seconds)) if seconds else None
        )
        results = []
        for code in codes:
            title = game_title(lang, code)
            button = InlineKeyboardButton(
                t(lang, "telegram-button-play"), callback_data=format_card(code, clock)
            )
            invitation = (
                "telegram-invitation-computer" if code == COMPUTER_CARD else "telegram-invitation"
            )
            text = t(lang, invitation, player=user.name, game=title)
            if clock_line is not None:
                text += "\n" + clock_line
            results.append(
                InlineQueryResultArticle(
                    id=f"{code}.{clock}" if clock else code,
                    title=title,
                    description=clock_line,
                    input_message_content=InputTextMessageContent(text),
                    reply_markup=InlineKeyboardMarkup([[button]]),
                )
            )
        await self.call(lambda: query.answer(results, cache_time=0, is_personal=True))

    async def on_chosen_inline_result(
        self, update: TgUpdate, context: ContextTypes.DEFAULT_TYPE
    ) -> None:
        """The inviter sent a card: sign its button for the inline message it became.

        The inviter is the user Telegram reports as having sent it, the game the chosen
        result's id; nothing is taken from callback data.
        """
        chosen = update.chosen_inline_result
        if chosen is None or chosen.inline_message_id is None:
            return
        try:
            game, clock = card_game(chosen.result_id)
        except InvalidInvitation:
            return
        user = telegram_user(chosen.from_user)
        lang = negotiate(user.language)
        invitation = Invitation(int(user.id), user.name, game, clock)
        data = format_invitation(invitation, chosen.inline_message_id, secret=self.secret)
        button = InlineKeyboardButton(t(lang, "telegram-button-play"), callback_data=data)
        inline_id = chosen.inline_message_id
        try:
            await self.call(
                lambda: context.bot.edit_message_reply_markup(
                    inline_message_id=inline_id, reply_markup=InlineKeyboardMarkup([[button]])
                )
            )
        except BadRequest as exc:
            if not _is_ignorable(exc):
                log.info("invitation card not signed: %s", exc.message)

    # -- outgoing -------------------------------------------------------------------------------

    async def perform(
        self,
        bot: Bot,
        target: ChatTarget | InlineTarget,
        table: TableKey | None,
        replies: Sequence[Reply],
        user: User | None = None,
    ) -> bool:
        """Carry out the app's replies in order, then the computer's turns that follow at
        ``table`` (:attr:`delivery`; an inline message shows only the last state); whether the
        chat took every one of ``replies`` (the computer's turns aside)."""
        lang = negotiate(user.language) if user is not None else "en"
        if isinstance(target, InlineTarget):
            replies = self.kept(replies)
            await self._perform_inline(bot, target, table, replies, lang)
            progress = [r for r in replies if isinstance(r, Progress)]
            if progress and user is not None and user.id.isdecimal():
                # An analysis has no room on the card: it goes to the presser's private chat.
                private = ChatSurface(self, bot, ChatTarget(int(user.id), None), table, lang)
                await self.delivery.perform(private, table, progress)
            if table is not None:  # the computer's turns, on the card's message too
                async for more in self.app.computer_moves(table):
                    await self._perform_inline(bot, target, table, more, lang)
            return True
        return await self.deliver_on(ChatSurface(self, bot, target, table, lang), table, replies)

    async def deliver_on(
        self, surface: Surface, table: TableKey | None, replies: Sequence[Reply]
    ) -> bool:
        """Carry out the app's replies on ``surface`` in order, then the computer's turns that
        follow at ``table``; whether the chat took every one of ``replies``."""
        replies = self.kept(replies)
        done = await self.delivery.perform(surface, table, replies)
        if not done.closed and table is not None:
            await self.delivery.deliver(surface, table, ())  # the computer's turns that follow
        return not done.refused

    @property
    def following(self) -> int:
        """How many analyses are being followed in the background."""
        return self.delivery.following

    async def close(self, timeout: float = CLOSE_TIMEOUT) -> None:
        """Stop following the analyses under way (:meth:`Delivery.close
        <bot.app.delivery.Delivery.close>`, at most ``timeout`` seconds), and the board edits
        a group's window still holds back."""
        await self.delivery.close(timeout)
        await self.pacer.close()

    async def _perform_inline(
        self,
        bot: Bot,
        target: InlineTarget,
        table: TableKey | None,
        replies: Sequence[Reply],
        lang: str = "en",
    ) -> None:
        """Show the outcome of one update on the inline message: the notes, then the last board
        (or the last message with buttons), as one edit; notes with nothing to show them on
        are left out rather than replace the board.  A board with buttons gets, when the web
        board is on, the link to the Mini App (``lang``: of its label) as a group's board does:
        an inline message is no private chat."""
        notes: list[str] = []
        shown: tuple[str, Keyboard] | None = None
        for reply in replies:
            if isinstance(reply, SendBoard | EditBoard):
                shown = (board_html(reply.board, reply.caption), reply.buttons)
                if isinstance(reply, SendBoard) and table is not None:
                    await self.app.board_posted(table, target.inline_message_id, reply.version)
            elif isinstance(reply, SendText) and reply.buttons:
                shown = (html.escape(reply.text), reply.buttons)
            elif isinstance(reply, SendText):
                notes.append(html.escape(reply.text))
            elif isinstance(reply, SendFile):
                log.info("file %s not sent: inline messages carry no files", reply.name)
        if shown is None:  # notes alone would wipe the board off the only message there is
            if notes:
                log.info("inline message %s: notes without a board not shown", target)
            return
        body, rows = shown
        text = "\n\n".join(part for part in ("\n".join(notes), body) if part)
        if len(text) > MAX_TEXT:
            text = body[:MAX_TEXT]
        markup = keyboard(rows)
        button = self.board_button(table, 0, lang) if markup is not None and table else None
        if markup is not None and button is not None:
            markup = InlineKeyboardMarkup([*markup.inline_keyboard, [button]])
        try:
            await self.call(
                lambda: bot.edit_message_text(
                    text,
                    inline_message_id=target.inline_message_id,
                    parse_mode=ParseMode.HTML,
                    reply_markup=markup,
                )
            )
        except BadRequest as exc:
            if not _is_ignorable(exc):
                log.warning("inline message not edited: %s", exc.message)

    # -- the move clock -------------------------------------------------------------------------

    async def deliver_ticks(self, bot: Bot) -> int:
        """Serve the move clocks of Telegram's tables and post their notices; how many tables.

        A notice the chat refused (the bot may not post there now) is posted again by a later
        tick (``App.notice_undelivered``).  A tournament game played in private chats is posted
        to its players' chats (:meth:`surface_for`); a game played on an inline message has no
        chat to post to: see :meth:`inline_clock`.
        """
        served = 0
        for table, replies in await self.app.tick(platform=PLATFORM):
            if table.chat.startswith(INLINE_CHAT_PREFIX):
                if any(isinstance(r, SendBoard) for r in replies):
                    # a computer turn left unfinished, played now: its board on the message
                    await self._computer_inline(bot, table, replies)
                else:
                    await self.inline_clock(bot, table, replies)
            elif not await self.deliver_on(self.surface_for(bot, table), table, replies):
                # Not delivered (the bot may not post there now): the clock posts it again.
                await self.app.notice_undelivered(table)
            served += 1
        return served

    async def _computer_inline(self, bot: Bot, key: TableKey, replies: Sequence[Reply]) -> None:
        """The computer's turn that a tick played at a table on an inline message, shown there
        (the message as the board shown on it reported it: a key may hold a hash)."""
        facts = await self.app.facts(key)
        if facts is None or facts.board_message is None:
            log.info("computer turn of inline table %s: its message is not known", key)
            return
        await self.perform(bot, InlineTarget(facts.board_message), key, replies)

    async def inline_clock(self, bot: Bot, key: TableKey, replies: Sequence[Reply]) -> None:
        """A clock notice of a game on an inline message (``replies``: the app's notice).

        The message shows the notice above the board, with the board's buttons and, once the
        time is up, the claim buttons (a claim made there goes to this table, as every press on
        the message does).  The players concerned are told in their private chats with the bot
        what the notice tells them (:class:`~bot.app.types.ClockNotice`); a player who has not
        started the bot cannot be written to first: he sees the message.
        """
        notice = next((r for r in replies if isinstance(r, ClockNotice)), None)
        if notice is None:
            return
        await self._inline_notice(bot, key, notice)
        for user, text in notice.told:
            await self._tell(bot, user, text)

    async def _inline_notice(self, bot: Bot, key: TableKey, notice: ClockNotice) -> None:
        """Show ``notice`` above the board on the table's inline message, with the board's
        buttons and the notice's (the claims)."""
        facts = await self.app.facts(key)
        # The inline message's id, as the board shown on it reported it (a key may hold a hash).
        if facts is None or facts.board_message is None:
            log.info("clock notice of inline table %s: its message is not known", key)
            return
        message_id = facts.board_message
        lang = facts.lang or self.app.default_language
        late_id = notice.late.partition(":")[2]
        viewer = User(PLATFORM, late_id, facts.names[facts.seats.index(notice.late)], lang)
        # One update id per notice (a reminder and the notice that follows share the version).
        moment = f"{facts.deadline}:{'up' if notice.claimer else 'reminder'}"
        asked = Update(key, viewer, f"clock:{facts.version}:{moment}", text="/board")
        board = next((r for r in await self.app.handle(asked) if isinstance(r, SendBoard)), None)
        if board is None:
            return
        body = board_html(board.board, board.caption)
        brief = html.escape(notice.brief, quote=False)
        text = f"{brief}\n\n{body}" if brief else body
        if len(text) > MAX_TEXT:
            text = body[:MAX_TEXT]
        rows = (*board.buttons, *notice.buttons)
        try:
            await self.call(
                lambda: bot.edit_message_text(
                    text,
                    inline_message_id=message_id,
                    parse_mode=ParseMode.HTML,
                    reply_markup=keyboard(rows),
                )
            )
        except BadRequest as exc:
            if not _is_ignorable(exc):
                log.warning("inline message of %s not edited: %s", key, exc.message)

    async def _tell(self, bot: Bot, user: str, text: str) -> None:
        """Send ``text`` to a user (``telegram:<id>``) in his private chat with the bot; one who
        has not started the bot (or blocked it) is let go."""
        platform, _, user_id = user.partition(":")
        if platform != PLATFORM or not (user_id.isascii() and user_id.isdigit()):
            return
        try:
            await self.call(lambda: bot.send_message(int(user_id), text))
        except (BadRequest, Forbidden) as exc:
            log.info("clock notice not sent privately to %s: %s", user, exc.message)

    async def tick_loop(self, bot: Bot, every: float) -> None:
        """Serve the move clocks every ``every`` seconds until cancelled."""
        while True:
            await asyncio.sleep(every)
            try:
                await self.deliver_ticks(bot)
            except Exception:
                log.exception("serving the move clocks failed")

    # -- errors ---------------------------------------------------------------------------------

    async def on_error(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        """Log what no handler expected (the app itself never raises); the store failing in a
        handler leaves the update unapplied, to be delivered again where its fetcher does so
        (:data:`HANDLING`)."""
        error = context.error
        if isinstance(error, TelegramError):
            log.warning("Bot API error while handling an update: %s", error)
            return
        handling = HANDLING.get()
        if isinstance(error, StoreUnavailable | ConflictError) and handling is not None:
            handling.unapplied = True
            log.warning(
                "store %s while handling update %s", type(error).__name__, handling.update_id
            )
            return
        log.error("update failed", exc_info=error)


def _thread(message: Message) -> int | None:
    """The forum topic a message is in (``None`` outside forum topics)."""
    return message.message_thread_id if message.is_topic_message else None


def _is_lobby(rows: Keyboard) -> bool:
    """Whether a keyboard is a lobby's (it has the Join button)."""
    return any(b.payload.startswith("j:") for row in rows for b in row)


def game_title(lang: str, code: str) -> str:
    """The name of an invitation card's game: ``Backgammon: match to 5 points`` …"""
    if code == COMPUTER_CARD:
        game = game_title(lang, GAMES[code].split()[0])
        computer = t(lang, "computer-name", level=DEFAULT_LEVEL)
        return t(lang, "telegram-card-computer", game=game, computer=computer)
    if code == "n":
        return t(lang, "variant-nardy")
    if code == "m":
        return f"{t(lang, 'variant-backgammon')}: {t(lang, 'mode-money')}"
    return f"{t(lang, 'variant-backgammon')}: {t(lang, 'mode-match', length=int(code))}"
