"""The Discord client: interactions in, app updates out; app replies in, Discord calls out.

:class:`NardyBot` keeps the app and a few options and nothing else: every table lives in the
store, every component carries its payload in its ``custom_id``, so any number of processes or
shards may serve the same channels, and a restarted bot answers the buttons of old messages.

- A slash command is deferred at once ("thinking…", within Discord's 3 seconds: after one
  bounded read of what decides whether it is deferred privately, :meth:`NardyBot.command`),
  turned into the typed line (``/move 24/18 13/11``) and handed to the app; the replies follow
  as messages, a refusal as an ephemeral message only the sender sees.
- A reply for the sender alone (``SendText.private``: a hint's advice and its Play buttons) is
  an ephemeral message, whether it answers a slash command (``/hint`` is deferred privately,
  so nobody else sees even its "thinking…") or a press; a Play button pressed on it plays at
  the table as any board's button does, the ephemeral message's buttons disabled after.
- A button press or a menu choice is deferred at once too (an invisible acknowledgement), then
  handed to the app with its payload; a refusal comes back as an ephemeral message only the
  presser sees, a play being built edits the pressed board in place, a finished turn disables the
  old board's components and posts a new board.
- ``/move`` autocomplete lists the legal plays of the user's roll as he types; ``/new``,
  ``/settings``, ``/clock``, ``/help`` and ``/rules`` offer what they take (:mod:`bot.app.suggest`).
- The app's messages name commands as Discord users pick them (``/claim what:match``, in the
  client's names: :func:`~bot.discord_bot.commands.discord_syntax`).
- Pings: a board that hands the game to a player who waited long for his opponent
  (``SendBoard.calls``; at a chouette every member who answers the box's double), the move
  clock's notices and an invitation ping the player concerned, and nobody else (every message
  carries ``allowed_mentions`` naming exactly those users).
- The replies are performed by the app's one delivery loop (:mod:`bot.app.delivery`) on a
  :class:`ChannelOutput` or :class:`InteractionOutput`, the Discord chat as a surface: a long
  text in pieces of :data:`MAX_CONTENT` characters, a refusal by Discord skipping that reply
  (or, where the bot may not post at all, the rest of the batch).
- The computer's turns that follow an interaction at its table (``App.computer_moves``: ``/new
  game: bot`` in a channel or in a direct message with the bot) are posted the same way, the
  channel showing that the bot is typing while it thinks at ``expert``.
- An analysis posts one progress message and edits it as ``App.progress`` goes; the result
  replaces it, the worst decisions' boards and the ``.mat`` follow.  The interaction was
  acknowledged before (each runs in a task of its own, holding up no other, and follows its
  analysis there); closing the client cancels the analyses being followed, at most
  :data:`CLOSE_TIMEOUT` seconds, so their claims in the store are given back while it is open.

A channel, a thread (its own id) and a direct-message channel are each one table.  A game that
begins in a server's text channel moves to a thread of its own (:mod:`.threads`): the lobby
stays in the channel, the result comes back to it, the thread is archived at the end.  A
tournament (``/tournament``) runs in its channel, its standings message there (with its Join,
Leave and Start buttons); each of its games gets a thread of its own there, opened on its own
(:meth:`ChannelOutput.open_place`), whose first message pings both players.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import io
import json
import logging
import re
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable, Iterator, MutableMapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import discord
from discord import app_commands

from bot.app import (
    App,
    Attachment,
    Board,
    ClearButtons,
    EditBoard,
    Reply,
    SendBoard,
    SendFile,
    SendText,
    Toast,
    Update,
    User,
)
from bot.app.delivery import ChatClosed, Delivered, Delivery, NotDelivered
from bot.app.imports import MAX_FILE_BYTES
from bot.app.payload import InvalidPayload, parse_payload
from bot.app.places import Away
from bot.app.queries import (
    GAME_INFO_COMMANDS,
    SEATED_COMMANDS,
    TableFacts,
    game_away_for,
    refused_for_sure,
    thread_title,
)
from bot.app.suggest import suggestions
from bot.app.syntax import say
from bot.app.tournaments.keys import is_event, is_event_game
from bot.app.types import ClockNotice, GameToPlace, Keyboard, NotApplied, Progress
from bot.discord_bot.commands import (
    CatalogueTranslator,
    add_commands,
    discord_syntax,
    entry_point,
)
from bot.discord_bot.components import (
    BoardButton,
    PayloadButton,
    PayloadMenu,
    build_view,
    disabled_view,
)
from bot.discord_bot.threads import (
    ThreadState,
    close_thread,
    gone,
    in_thread,
    may_open_thread,
    may_open_thread_known,
    open_thread,
    reopen_thread,
    thread_state,
)
from bot.i18n import negotiate, t
from bot.store import ConflictError, CorruptRecord, StoreUnavailable, TableKey
from bot.web.auth import channel_table
from renderers.png import render_png
from renderers.view import DEFAULT_LABELS, caption_parts, printable, score_label

log = logging.getLogger("bot.discord")

PLATFORM = "discord"
"""The platform name in table and user keys."""

MAX_CONTENT = 2000
"""Characters of a message's text."""

MAX_EMBED_TEXT = 4096
"""Characters of an embed's description."""

MAX_CHOICES = 25
"""Autocomplete choices Discord shows."""

MAX_CHOICE_NAME = 100
"""Characters of a choice's name."""

MAX_CHOICE_VALUE = 100
"""Characters of a choice's value."""

BOARD_FILE = "board.png"
"""The board picture's attachment name."""

AUTOCOMPLETE_BUDGET = 1.5
"""Seconds autocomplete waits for the store (Discord gives up on an answer after 3 seconds)."""

PREDICT_BUDGET = 0.5
"""Seconds a slash command waits, in all, for the reads that decide whether it is deferred
privately (:meth:`NardyBot.command`); past them it is deferred publicly."""

CLOSE_TIMEOUT = 5.0
"""Seconds :meth:`NardyBot.close` waits for the analyses it stops following."""

TABLE_CACHE = 1024
"""Tables this process remembers for autocomplete when the store is slow."""

PRIVATE_COMMANDS = frozenset({"hint"})
"""Slash commands answered to the sender alone (the advice, or why there is none): deferred
privately, so nobody else sees a "thinking…" for them."""


Deliveries = MutableMapping[str, Callable[[TableKey, Sequence[Reply]], Awaitable[object]]]
"""The web board's delivery hooks by platform (``WebBoard.deliver_to``)."""


CONTEXTS = app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=True)
"""Where the commands work: server channels, the direct messages with the bot, group chats."""

INSTALLS = app_commands.AppInstallationType(guild=True, user=True)
"""How the bot may be installed: to a server, or by a user for himself (then anywhere)."""


def in_bot_dm(interaction: discord.Interaction[Any]) -> bool:
    """Whether the interaction comes from the direct messages with the bot (nobody else there)."""
    if interaction.guild_id is not None:
        return False
    if interaction.context.dm_channel:
        return True
    return isinstance(interaction.channel, discord.DMChannel)


_INVITE_RE = re.compile(r"/invite <@(\d+)>")


def _action(payload: str) -> str | None:
    try:
        return parse_payload(payload).action
    except InvalidPayload:
        return None


def for_sender(reply: Reply) -> bool:
    """Whether ``reply`` is shown to whoever sent the update alone: a :class:`Toast`, or a
    private :class:`SendText` (a hint); of an update not applied, what its sender is told."""
    if isinstance(reply, NotApplied):
        return for_sender(reply.shown)
    return isinstance(reply, Toast) or (isinstance(reply, SendText) and reply.private)


def allowed(users: Iterable[int] = ()) -> discord.AllowedMentions:
    """Mentions a message may ping: the users named here and nobody else (no everyone, no
    roles, no other user a text happens to mention)."""
    return discord.AllowedMentions(
        everyone=False,
        roles=False,
        replied_user=False,
        users=[discord.Object(id=u) for u in sorted(set(users))],
    )


def discord_id(ref: str | None) -> int | None:
    """The Discord user id of app user reference ``ref`` (``discord:123``), else ``None``."""
    if ref is None:
        return None
    platform, _, user_id = ref.partition(":")
    return int(user_id) if platform == PLATFORM and user_id.isdigit() else None


def table_key(channel_id: int | None) -> TableKey:
    """The table of a channel, thread or direct-message channel (the web board's too, for the
    Activity launched there: :func:`~bot.web.auth.channel_table`)."""
    return channel_table(channel_id or 0)


def is_chat_key(key: TableKey) -> bool:
    """Whether table ``key`` is a Discord chat's (a channel, a thread, a direct-message
    channel): not a tournament's record (its replies come for its home channel) nor a game of
    one not placed yet (a game that got its thread is there)."""
    return not is_event(key) and not is_event_game(key)


def user_of(interaction: discord.Interaction[Any]) -> User:
    """The app user behind an interaction, with the Discord client's language."""
    who = interaction.user
    return User(PLATFORM, str(who.id), who.display_name, str(interaction.locale))


def cut(text: str, size: int) -> str:
    """``text`` in at most ``size`` characters (an ellipsis where it was cut)."""
    return text if len(text) <= size else text[: size - 1] + "…"


def discord_players(seats: Iterable[str]) -> list[int]:
    """The Discord ids of the people among ``seats`` (user references; not the computer)."""
    return [u for u in (discord_id(seat) for seat in seats) if u is not None]


SEAT_COLOURS = (0xE8E4DA, 0x4A3B33)
"""The embed's colour by the checker colour of the seat on roll (light, dark)."""

MAX_ALT_TEXT = 1024
"""Characters of an attachment's description (what screen readers say for the picture)."""


def board_words(board: Board) -> dict[str, str]:
    """The board's words in the chat's language (the renderers' defaults where none is given)."""
    return {**DEFAULT_LABELS, **dict(board.labels)}


def seat_line(board: Board, seat: int, words: dict[str, str]) -> str:
    """One seat's position in words: pips, checkers off, on the bar, score."""
    view = board.view
    parts = [
        f"{view.pips(seat)} {words['pips']}",
        f"{view.off(seat)} {words['off']}",
        f"{view.side(seat)[24]} {words['bar']}",
    ]
    score = score_label(view.score, seat)
    if score is not None:
        parts.append(score)
    return ", ".join(parts)


def board_summary(board: Board) -> tuple[str, list[tuple[str, str]], str]:
    """The board in words: a title (players, game, match length or money), a line per seat,
    and the cube and whose turn it is."""
    view = board.view
    words = board_words(board)
    names = [printable(n) or "?" for n in view.names]
    title = " – ".join(names)
    game = caption_parts(view, words)
    if game:
        title += " · " + " · ".join(game)
    seats = [(names[i], seat_line(board, i, words)) for i in (0, 1)]
    tail: list[str] = []
    cube = view.cube
    if cube is not None:
        owner = f" ({names[cube.owner]})" if cube.owner is not None else ""
        tail.append(f"{words['cube']} {cube.value}{owner}")
    if view.turn is not None:
        tail.append(
            f"{names[view.turn]}: {words['to_roll'] if view.dice is None else words['dice']}"
        )
        if view.dice is not None:
            tail[-1] += f" {max(view.dice)}-{min(view.dice)}"
    return title, seats, " · ".join(tail)


async def board_message(board: Board, caption: str) -> tuple[discord.Embed, discord.File | None]:
    """The board as an embed that carries the game: the players, match length or money in the
    title, the colour of the player on roll, each seat's pips, checkers off, bar and score as
    fields, the cube and the turn in the footer; the PNG picture inside it, its description
    (alt text for screen readers) saying all that in words; or the monospace board as text.

    The picture is rasterised in a worker thread so the event loop keeps answering.
    """
    title, seats, tail = board_summary(board)
    view = board.view
    colour = SEAT_COLOURS[view.colors[view.turn]] if view.turn is not None else None
    if board.mode == "text":
        body = f"{caption}\n```\n{board.text}\n```"
        embed = discord.Embed(title=title[:256], description=body[:MAX_EMBED_TEXT], colour=colour)
        return embed, None
    embed = discord.Embed(title=title[:256], description=caption[:MAX_EMBED_TEXT], colour=colour)
    for name, line in seats:
        embed.add_field(name=name[:256], value=line[:1024], inline=True)
    if tail:
        embed.set_footer(text=tail[:2048])
    png = await asyncio.to_thread(
        render_png,
        board.view,
        viewer=board.viewer,
        orientation=board.home,
        labels=dict(board.labels) or None,
    )
    embed.set_image(url=f"attachment://{BOARD_FILE}")
    alt = ". ".join([title, *(f"{n}: {line}" for n, line in seats), *([tail] if tail else [])])
    file = discord.File(io.BytesIO(png), filename=BOARD_FILE, description=alt[:MAX_ALT_TEXT])
    return embed, file


def _present(message: dict[str, Any], **more: Any) -> dict[str, Any]:
    """The fields of a new message that have a value (``None`` means "clear" only in edits)."""
    return {k: v for k, v in {**message, **more}.items() if v is not None}


async def board_fields(board: Board, caption: str, rich: bool) -> dict[str, Any]:
    """A board message's fields: the embed (with its picture), or, where the bot may not embed
    or attach (``rich`` false), the monospace board as plain content."""
    if not rich:
        body = f"{caption}\n```\n{board.text}\n```"
        return {"content": body[:MAX_CONTENT], "embed": None}
    embed, file = await board_message(board, caption)
    message: dict[str, Any] = {"embed": embed, "content": None}
    if file is not None:
        message["file"] = file
    return message


@dataclass
class ChannelOutput:
    """A Discord chat as the app's replies see it (a :class:`~bot.app.delivery.Surface`, the
    delivery loop performs them on it) when nobody interacted: the bot posts to the channel by
    itself (the move clock's notices, a game's thread).  :class:`InteractionOutput` answers an
    interaction.

    Discord's refusals become the delivery loop's (each logged): the channel or thread gone,
    or the bot without access or the right to post there (403) close the chat to the bot
    (:class:`~bot.app.delivery.ChatClosed`); anything else refuses that reply alone
    (:class:`~bot.app.delivery.NotDelivered`).
    """

    client: NardyBot
    channel_id: int
    pings: frozenset[int] = field(default=frozenset(), kw_only=True)
    """The users the text messages of these replies ping (the invited player, the player the
    clock is running for); nobody else is ever pinged."""
    first_mentions: frozenset[int] = field(default=frozenset(), kw_only=True)
    """The users the first message posted here mentions and pings (a tournament game's
    players, in its new thread: Discord adds them to it); emptied once it is posted."""
    embeds: bool = field(default=True, kw_only=True)
    """Whether pictures and embeds may be posted (known from an interaction in the channel a
    thread belongs to; else assumed)."""
    lang: str = field(default="", kw_only=True)
    """The language of the words the adapter adds (a menu's placeholder, a ping's line)."""
    missing: bool = field(default=False, kw_only=True)
    """Whether Discord answered that the channel does not exist (a deleted thread)."""

    max_text = MAX_CONTENT

    @property
    def rich(self) -> bool:
        """Whether pictures and embeds may be posted (with no interaction: assumed so)."""
        return self.embeds

    def _channel(self) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(self.channel_id)

    # -- Discord's calls ------------------------------------------------------------------------

    async def send(self, *, pings: Iterable[int] = (), **message: Any) -> str:
        """Post a message that may ping ``pings`` and nobody else; its id.  The first message
        posted begins with the mentions of :attr:`first_mentions` (a message of its own before
        it when they do not fit in it)."""
        called = self.first_mentions
        if called:
            mentions = " ".join(f"<@{u}>" for u in sorted(called))
            content = message.get("content")
            joined = f"{mentions}\n{content}" if content else mentions
            if len(joined) <= MAX_CONTENT:
                message["content"] = joined
                pings = {*pings, *called}
            else:
                await self._channel().send(content=mentions, allowed_mentions=allowed(called))
                self.first_mentions = frozenset()
        sent = await self._channel().send(allowed_mentions=allowed(pings), **message)
        self.first_mentions = frozenset()
        return str(sent.id)

    async def edit(self, message_id: str, **message: Any) -> None:
        """Replace message ``message_id``'s content."""
        partial = self._channel().get_partial_message(int(message_id))
        await partial.edit(allowed_mentions=allowed(), **message)

    async def clear(self, message_id: str) -> None:
        """Disable the components of message ``message_id`` (remove them if it cannot be read;
        nothing when it is gone)."""
        partial = self._channel().get_partial_message(int(message_id))
        try:
            found = await partial.fetch()
        except discord.NotFound:
            return
        except discord.HTTPException:
            await partial.edit(view=None, allowed_mentions=allowed())
            return
        await partial.edit(view=disabled_view(found.components), allowed_mentions=allowed())

    async def note(self, text: str) -> None:
        """A note for whoever acted; with nobody to show it to privately, a message."""
        await self.send(content=text[:MAX_CONTENT])

    async def show_typing(self) -> None:
        """Show that the bot is typing in the channel (until its next message, ~10 s at most)."""
        await self._channel().typing()

    # -- the surface the delivery loop performs the replies on -----------------------------------

    def closes(self, exc: discord.HTTPException) -> bool:
        """Whether Discord's refusal closes the chat to the bot: the channel (thread) is gone,
        or the bot may not see it or post there."""
        return gone(exc) or isinstance(exc, discord.Forbidden)

    @contextlib.contextmanager
    def _refusals(self, what: str, *, quiet: bool = False) -> Iterator[None]:
        """Discord's refusal of reply ``what`` logged (``quiet``: as information) and raised as
        the delivery loop's (see the class's docstring)."""
        try:
            yield
        except discord.HTTPException as exc:
            self.missing = self.missing or gone(exc)
            level = logging.INFO if quiet else logging.WARNING
            log.log(level, "discord refused %s channel=%s: %s", what, self.channel_id, exc)
            if self.closes(exc):
                raise ChatClosed(str(exc)) from exc
            raise NotDelivered(str(exc)) from exc

    def _words(self) -> str:
        return negotiate(self.lang)

    def _board_view(self, buttons: Keyboard) -> discord.ui.View | None:
        """A board's components: the app's buttons and, where the web board is the
        application's Activity, *Open board* below them (on a board with buttons: a game going
        on), as the Telegram adapter adds its button to a board's keyboard."""
        lang = self._words()
        board = t(lang, "discord-button-open-board") if self.client.web_activity else None
        return build_view(buttons, t(lang, "discord-pick-step"), board)

    async def post_board(self, reply: SendBoard) -> str | None:
        with self._refusals("SendBoard"):
            lang = self._words()
            message = await board_fields(reply.board, reply.caption, self.rich)
            view = self._board_view(reply.buttons)
            called = [uid for uid in map(discord_id, reply.calls) if uid is not None]
            if called:
                # Their turn came after a long wait: the board pings them, and only them.
                mentions = " ".join(f"<@{uid}>" for uid in called)
                line = t(lang, "discord-your-turn", player=mentions)
                body = message.get("content")
                message["content"] = f"{line}\n{body}"[:MAX_CONTENT] if body else line
            return await self.send(pings=called, **_present(message, view=view))

    async def edit_board(self, reply: EditBoard) -> str | None:
        with self._refusals("EditBoard"):
            message = await board_fields(reply.board, reply.caption, self.rich)
            file = message.pop("file", None)
            view = self._board_view(reply.buttons)
            try:
                await self.edit(
                    reply.message,
                    attachments=[file] if file is not None else [],
                    view=view,
                    **message,
                )
            except discord.NotFound:
                # The board was deleted meanwhile: the game goes on on a new one.
                message = await board_fields(reply.board, reply.caption, self.rich)
                return await self.send(**_present(message, view=view))
            return None

    async def clear_buttons(self, message: str) -> None:
        with self._refusals("ClearButtons"):
            await self.clear(message)

    async def post_text(self, text: str, buttons: Keyboard, *, private: bool = False) -> str | None:
        # With no interaction there is nobody to show a private text to alone: it is posted.
        with self._refusals("SendText"):
            view = build_view(buttons, t(self._words(), "discord-pick-step"))
            return await self.send(pings=self.pings, **_present({"content": text}, view=view))

    async def edit_text(self, message: str, text: str, buttons: Keyboard) -> None:
        # A progress message: refused, its text is posted instead (the delivery loop's rule).
        with self._refusals("EditProgress", quiet=True):
            await self.edit(message, content=text, view=build_view(buttons))

    async def toast(self, text: str) -> None:
        with self._refusals("Toast"):
            await self.note(text)

    async def typing(self) -> None:
        with self._refusals("Thinking"):
            await self.show_typing()

    async def post_file(self, reply: SendFile) -> None:
        with self._refusals("SendFile"):
            if not self.rich:
                await self.note(t(self._words(), "discord-no-files"))
                return
            await self.send(
                content=reply.caption[:MAX_CONTENT] or None,
                file=discord.File(io.BytesIO(reply.data), filename=reply.name),
            )

    def may_open_threads(self) -> bool | None:
        """Whether the bot may open threads in this channel, as far as the client's cache tells
        (``None``: it does not know; then the thread call answers)."""
        return may_open_thread_known(self.client, self.channel_id)

    async def open_place(self, game: GameToPlace) -> tuple[TableKey, ChannelOutput] | None:
        """A tournament game of this channel gets a public thread of its own, named after it
        (not started from a message: the standings message stays as it is): the thread's key
        and a surface for it whose first message mentions (and so pings, and adds to the
        thread) the game's players.  ``None``, logged, where there is no thread to open: not
        a server's text channel, the bot without the right to open threads there, Discord
        refusing, or the game placed already (by another process: no table left in play at
        its key)."""
        if self.may_open_threads() is False:
            log.info("no thread for %s: channel=%s takes none", game.table, self.channel_id)
            return None
        try:
            facts = await self.client.app.facts(game.table)
        except (StoreUnavailable, CorruptRecord) as exc:
            log.warning("no thread for %s: its table was not read: %s", game.table, exc)
            return None
        if facts is None or facts.stage == "over":
            log.info("no thread for %s: placed already", game.table)
            return None
        try:
            thread = await open_thread(self.client.http, self.channel_id, None, game.title)
        except discord.HTTPException as exc:
            log.info("no thread for %s in channel=%s: %s", game.table, self.channel_id, exc)
            return None
        players = frozenset(discord_players(game.players))
        there = ChannelOutput(
            self.client, thread, first_mentions=players, embeds=self.rich, lang=self.lang
        )
        return table_key(thread), there


@dataclass
class InteractionOutput(ChannelOutput):
    """Replies to an interaction: followup messages, the pressed message edited in place, and
    ephemeral notes and private texts for the user who interacted (in the interaction's
    language).

    A private text is an ephemeral followup: the caller sees to it that no public "thinking…"
    message is still waiting for the interaction's first followup (Discord would make that
    followup take its place, public whatever its flags; see :meth:`NardyBot._answer`)."""

    interaction: discord.Interaction[Any]
    ephemeral_notes: bool = True
    public_by_channel: bool = False
    """Post public messages to the channel, not as followups (the command was deferred
    privately, so its followups would be private too)."""

    def __post_init__(self) -> None:
        self.lang = self.lang or str(self.interaction.locale)

    @property
    def rich(self) -> bool:
        if in_bot_dm(self.interaction):
            return True  # the bot's own direct messages take anything
        permissions = self.interaction.app_permissions
        return permissions.attach_files and permissions.embed_links

    def closes(self, exc: discord.HTTPException) -> bool:
        # The interaction's messages reach the chat where the bot itself may not post (a user
        # install, a missing right): a 403 closes it only when they go to the channel.
        return gone(exc) or (self.public_by_channel and isinstance(exc, discord.Forbidden))

    def may_open_threads(self) -> bool:
        # Read from the interaction in this channel: no call.
        return may_open_thread(self.interaction)

    def _pressed(self, message_id: str) -> discord.Message | None:
        message = self.interaction.message
        return message if message is not None and str(message.id) == message_id else None

    async def send(self, *, pings: Iterable[int] = (), **message: Any) -> str:
        if self.public_by_channel:
            return await super().send(pings=pings, **message)
        sent = await self.interaction.followup.send(
            wait=True, allowed_mentions=allowed(pings), **message
        )
        return str(sent.id)

    async def edit(self, message_id: str, **message: Any) -> None:
        if self._pressed(message_id) is not None:
            await self.interaction.edit_original_response(allowed_mentions=allowed(), **message)
        else:
            await super().edit(message_id, **message)

    async def clear(self, message_id: str) -> None:
        pressed = self._pressed(message_id)
        if pressed is None:
            await super().clear(message_id)
            return
        try:
            await self.interaction.edit_original_response(
                view=disabled_view(pressed.components), allowed_mentions=allowed()
            )
        except discord.NotFound:
            return  # the message is gone, and its buttons with it

    async def note(self, text: str) -> None:
        await self.interaction.followup.send(
            text[:MAX_CONTENT], ephemeral=self.ephemeral_notes, allowed_mentions=allowed()
        )

    async def post_text(self, text: str, buttons: Keyboard, *, private: bool = False) -> str | None:
        if not private:
            return await super().post_text(text, buttons)
        with self._refusals("SendText"):
            view = build_view(buttons, t(self._words(), "discord-pick-step"))
            sent = await self.interaction.followup.send(
                ephemeral=True,
                wait=True,
                allowed_mentions=allowed(),
                **_present({"content": text}, view=view),
            )
        if view is not None:
            # discord.py gives an ephemeral message's view 15 minutes (the token's life) and a
            # task to wait them out; the buttons are dynamic items, answered by their custom
            # ids whenever pressed (any process, after a restart): the view is not kept.
            view.stop()
        return str(sent.id)


@dataclass(frozen=True)
class Glance:
    """What a slash command's acknowledgement depends on (:meth:`NardyBot._glance`): the
    table's facts (``None``: no table) and the games its chat sent away to threads."""

    facts: TableFacts | None
    away: tuple[Away, ...] = ()


def _may_point_away(interaction: discord.Interaction[Any], name: str) -> bool:
    """Whether command ``name`` may be about a game that plays in a thread of its own: a game
    command in a server's text channel (not in a thread, not in direct messages)."""
    if name not in SEATED_COMMANDS and name not in GAME_INFO_COMMANDS:
        return False
    return interaction.guild_id is not None and not in_thread(interaction)


class NardyBot(discord.AutoShardedClient):
    """The bot: slash commands and components in front of one :class:`~bot.app.App`.

    ``sync_on_start`` uploads the slash commands at start when they changed (see
    :meth:`sync_if_changed`; ``False``: only :meth:`sync_commands` does, e.g. ``python -m bot
    sync-commands``).
    ``test_guild`` syncs the commands to that guild only (instant, for development); otherwise
    they are synced globally.  ``tick_seconds`` is how often the move clocks are served (``None``:
    not by this client, e.g. when another adapter in the process serves them).
    ``web_activity``: the web board is the application's Activity, so boards carry its *Open
    board* button (:meth:`open_board`); ``deliver_to``: the web board's delivery hooks, where
    this client registers its own (:meth:`deliver_to_table`) once it has logged in.
    """

    def __init__(
        self,
        app: App,
        *,
        test_guild: int | None = None,
        tick_seconds: float | None = 10.0,
        autocomplete_budget: float = AUTOCOMPLETE_BUDGET,
        sync_on_start: bool = True,
        web_activity: bool = False,
        deliver_to: Deliveries | None = None,
        **options: Any,
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(intents=intents, allowed_mentions=allowed(), **options)
        self.app = app
        app.use_command_syntax(PLATFORM, discord_syntax)
        self.test_guild = test_guild
        self.tick_seconds = tick_seconds
        self.autocomplete_budget = autocomplete_budget
        self.sync_on_start = sync_on_start
        self.web_activity = web_activity
        """Whether boards carry the *Open board* button (the web board as the Activity)."""
        self.deliver_to = deliver_to
        self._plays: OrderedDict[tuple[TableKey, str], list[str]] = OrderedDict()
        self.tree: app_commands.CommandTree[NardyBot] = app_commands.CommandTree(
            self, allowed_contexts=CONTEXTS, allowed_installs=INSTALLS
        )
        add_commands(self.tree, self.command, self.complete, self.import_file)
        self.add_dynamic_items(PayloadButton, PayloadMenu, BoardButton)
        self._ticker: asyncio.Task[None] | None = None
        self.delivery = Delivery(app)
        """The app's one delivery loop: the replies performed on a :class:`ChannelOutput`."""
        self._following: dict[asyncio.Task[Any], TableKey] = {}
        """The interactions' tasks following an analysis, and its table."""

    async def setup_hook(self) -> None:
        """Sync the slash commands if they changed since the last sync, start the move clocks,
        take the web board's presses at Discord's tables (:meth:`deliver_to_table`)."""
        if self.sync_on_start:
            await self.sync_if_changed()
        if self.tick_seconds is not None:
            self._ticker = asyncio.create_task(self._tick_loop(self.tick_seconds))
        if self.deliver_to is not None:
            self.deliver_to[PLATFORM] = self.deliver_to_table

    async def command_payload(self) -> list[dict[str, Any]]:
        """The command set as it is uploaded (names, options, translations, contexts): the
        slash commands, and globally, where the web board is the application's Activity, its
        Entry Point command (:func:`~bot.discord_bot.commands.entry_point`)."""
        await self.tree.set_translator(CatalogueTranslator())
        translator = self.tree.translator
        assert translator is not None
        commands = self.tree.get_commands()
        payload = [await c.get_translated_payload(self.tree, translator) for c in commands]
        if self.web_activity and self.test_guild is None:
            payload.append(entry_point())
        return payload

    async def command_digest(self) -> str:
        """A digest of the command set as it would be uploaded (:meth:`command_payload`), of
        the application and the place it is synced to."""
        payload = await self.command_payload()
        blob = json.dumps(
            [self.application_id, self.test_guild, payload], sort_keys=True, default=str
        )
        return hashlib.sha256(blob.encode()).hexdigest()

    @property
    def sync_scope(self) -> str:
        """Where the commands go, as the store records it: ``{application id}:global`` or
        ``{application id}:guild.{id}``."""
        place = "global" if self.test_guild is None else f"guild.{self.test_guild}"
        return f"{self.application_id}:{place}"

    async def sync_if_changed(self) -> bool:
        """Upload the commands only when their digest differs from the one the store records
        for the deployment (shared by every process and shard: of those starting together
        with a new command set one uploads it, the others skip); whether this one uploaded."""
        digest = await self.command_digest()
        if not await self.app.claim_command_sync(PLATFORM, self.sync_scope, digest):
            log.info("slash commands up to date (%s), not uploaded", digest[:12])
            return False
        await self.sync_commands()
        return True

    async def sync_commands(self) -> list[app_commands.AppCommand]:
        """Upload the slash commands, to the test guild or globally, at once (whatever the
        store records), and record their digest for the deployment."""
        digest = await self.command_digest()
        if self.test_guild is not None:
            guild = discord.Object(id=self.test_guild)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        elif self.web_activity:
            # the tree's own upload would drop the Activity's Entry Point command
            if self.application_id is None:
                raise app_commands.MissingApplicationID
            data = await self.http.bulk_upsert_global_commands(
                self.application_id, payload=await self.command_payload()
            )
            synced = [app_commands.AppCommand(data=d, state=self._connection) for d in data]
        else:
            synced = await self.tree.sync()
        await self.app.command_set_synced(PLATFORM, self.sync_scope, digest)
        log.info("slash commands uploaded (%d, %s)", len(synced), digest[:12])
        return synced

    async def close(self) -> None:
        """Stop the clock task and the analyses being followed (each cancelled, its claim
        given back; waited for at most :data:`CLOSE_TIMEOUT` seconds), then disconnect."""
        if self.deliver_to is not None and self.deliver_to.get(PLATFORM) == self.deliver_to_table:
            del self.deliver_to[PLATFORM]
        if self._ticker is not None:
            self._ticker.cancel()
        following = {task: key for task, key in self._following.items() if not task.done()}
        for task in following:
            task.cancel()
        if following:
            _, late = await asyncio.wait(following, timeout=CLOSE_TIMEOUT)
            if late:
                log.error("analyses still being followed after %.0f s", CLOSE_TIMEOUT)
        for key in set(following.values()):
            await self.app.forgo_progress(key)  # one whose following had not begun yet
        await self.delivery.close(CLOSE_TIMEOUT)
        await super().close()

    # -- interactions ---------------------------------------------------------------------------

    def _update(self, interaction: discord.Interaction[Any], **fields: Any) -> Update:
        return Update(
            table_key(interaction.channel_id),
            user_of(interaction),
            str(interaction.id),
            private=interaction.guild_id is None,
            admin=interaction.guild_id is not None and interaction.permissions.manage_guild,
            **fields,
        )

    async def _acknowledge(
        self, interaction: discord.Interaction[Any], *, thinking: bool, ephemeral: bool = False
    ) -> bool:
        """Defer the interaction; ``False`` when it cannot be (another process or shard session
        acknowledged it already, or it expired): then it is left alone and not applied."""
        try:
            await interaction.response.defer(thinking=thinking, ephemeral=ephemeral)
        except (discord.InteractionResponded, discord.HTTPException) as exc:
            log.info("interaction %s not acknowledged here: %s", interaction.id, exc)
            return False
        return True

    async def command(self, interaction: discord.Interaction[Any], line: str) -> None:
        """A slash command: acknowledge, hand the line to the app, post the replies.

        Before the acknowledgement only what decides its kind is read, all at once and within
        :data:`PREDICT_BUDGET` in all (:meth:`_glance`): when the answer is for the sender
        alone — ``/hint`` (:data:`PRIVATE_COMMANDS`), a command sure to be refused (a game
        command from someone not seated at the table), a command about a game that plays in a
        thread of its own — the command is deferred privately, so nobody else sees
        "thinking…"; else, or when the reads take longer, publicly.  Everything slower comes
        after: a game's archived thread opened again, a game whose thread is gone brought back,
        the app's handling.  An answer for the sender alone after a public deferral replaces
        the public "thinking…" message with an ephemeral one; with no replies at all it goes.
        """
        if line.split(maxsplit=1)[0] == "/invite" and in_bot_dm(interaction):
            # Nobody else sees this chat: a seat kept here would wait for ever.
            await self._refuse_at_once(interaction, "discord-dm-invite")
            return
        name = line.split(maxsplit=1)[0].lstrip("/")
        me = user_of(interaction).ref
        glance = await self._glance(interaction, name)
        private = name in PRIVATE_COMMANDS or (
            glance is not None
            and (
                refused_for_sure(glance.facts, name, me)
                or game_away_for(glance.facts, glance.away, name, me) is not None
            )
        )
        if not await self._acknowledge(interaction, thinking=True, ephemeral=private):
            return
        if await self._closed_thread(interaction, typed=True, private=private):
            return
        if await self._game_away(interaction, name, glance, private=private):
            return
        update = self._update(interaction, text=line, toast_refusals=True)
        invited = _INVITE_RE.fullmatch(line)
        pings = frozenset({int(invited.group(1))}) if invited else frozenset()
        await self._answer(interaction, update, private=private, pings=pings)

    async def import_file(
        self, interaction: discord.Interaction[Any], attachment: discord.Attachment
    ) -> None:
        """``/import file:``: the attached match file, downloaded unless it is larger than the
        app reads (the app then says so), handed to the app as ``/import``."""
        if not await self._acknowledge(interaction, thinking=True):
            return
        data: bytes | None = None
        if attachment.size <= MAX_FILE_BYTES:
            try:
                data = await attachment.read()
            except discord.HTTPException as exc:
                log.warning("attachment %s not downloaded: %s", attachment.id, exc)
                lang = negotiate(str(interaction.locale))
                refusal = Toast(t(lang, "import-download-failed"))
                update = self._update(interaction, text="/import", toast_refusals=True)
                await self._drop_thinking(interaction)
                output = InteractionOutput(self, interaction.channel_id or 0, interaction)
                await self.delivery.perform(output, update.table, [refusal])
                return
        file = Attachment(attachment.filename, attachment.size, data)
        update = self._update(interaction, text="/import", attachment=file, toast_refusals=True)
        await self._answer(interaction, update)

    async def _answer(
        self,
        interaction: discord.Interaction[Any],
        update: Update,
        *,
        private: bool = False,
        pings: frozenset[int] = frozenset(),
    ) -> None:
        """The app's replies to a deferred slash command (see :meth:`command`); ``private``:
        it was deferred privately; ``pings``: the users its messages ping.

        Replies all for the sender alone (refusals, a hint: :func:`for_sender`) are ephemeral
        followups, the public "thinking…" message dropped first.  Among public replies, a
        reply for the sender alone drops it too (else the first followup, private or not,
        would take its place publicly); the public ones are then new messages."""
        replies = await self.app.handle(update)
        channel = interaction.channel_id or 0
        if replies and all(for_sender(r) for r in replies):
            if not private:
                await self._drop_thinking(interaction)
            alone = InteractionOutput(self, channel, interaction)
            await self.delivery.perform(alone, update.table, replies)
            return
        dropped = private or any(for_sender(r) for r in replies)
        if dropped:
            # Not a refusal after all (the public replies go to the channel itself), or some
            # replies for the sender alone: no "thinking…" left for a followup to replace.
            await self._drop_thinking(interaction)
        answer = InteractionOutput(
            self,
            channel,
            interaction,
            ephemeral_notes=False,
            public_by_channel=private,
            pings=pings,
        )
        update, replies, output = await self._place(interaction, update, replies, answer)
        done = await self._deliver(output, update.table, replies, computer=False)
        if not done.posted and not dropped and isinstance(output, InteractionOutput):
            await self._drop_thinking(interaction)
        if not done.closed:
            await self.delivery.deliver(output, update.table, ())  # the computer's turns
        if in_thread(interaction):
            await self._finish_away(update.table, manage=interaction.app_permissions.manage_threads)

    async def _glance(self, interaction: discord.Interaction[Any], name: str) -> Glance | None:
        """What decides how command ``name`` is acknowledged, read before it: the table's facts
        and, in a server's text channel, the games it sent away to threads — both reads at
        once, within :data:`PREDICT_BUDGET` in all.  ``None``: nothing to read for this
        command, or not read in time (the store slow, or away)."""
        seated = name in SEATED_COMMANDS or name == "new"
        away_here = _may_point_away(interaction, name)
        if not seated and not away_here:
            return None
        key = table_key(interaction.channel_id)
        try:
            async with asyncio.timeout(PREDICT_BUDGET):
                return await self._read_glance(key, away=away_here)
        except (TimeoutError, StoreUnavailable, CorruptRecord):
            return None

    async def _read_glance(self, key: TableKey, *, away: bool) -> Glance:
        """The table's facts and (``away``) the games it sent away, read at once (both come
        back or fail before this does)."""
        if not away:
            return Glance(await self.app.facts(key))
        facts, games = await asyncio.gather(
            self.app.facts(key), self.app.games_away(key), return_exceptions=True
        )
        if isinstance(facts, BaseException):
            raise facts
        if isinstance(games, BaseException):
            raise games
        return Glance(facts, tuple(games))

    def _remember(self, key: TableKey, user: str, plays: list[str]) -> None:
        self._plays[(key, user)] = plays
        self._plays.move_to_end((key, user))
        while len(self._plays) > TABLE_CACHE:
            self._plays.popitem(last=False)

    async def _refuse_at_once(self, interaction: discord.Interaction[Any], message: str) -> None:
        """Answer with catalogue ``message``, privately, as the interaction's only response."""
        text = say(negotiate(str(interaction.locale)), discord_syntax, message)
        await self._say_privately(interaction, text)

    async def _say_privately(
        self,
        interaction: discord.Interaction[Any],
        text: str,
        *,
        followup: bool = False,
        thinking: bool = False,
    ) -> None:
        """``text`` to the interaction's user alone: its response, or a follow-up message when
        ``followup`` (it was acknowledged already; ``thinking``: with a public "thinking…"
        message, which goes first, else the follow-up would take its place publicly); a
        failure is logged, never raised."""
        if thinking:
            await self._drop_thinking(interaction)
        try:
            if followup:
                await interaction.followup.send(text, ephemeral=True, allowed_mentions=allowed())
            else:
                await interaction.response.send_message(
                    text, ephemeral=True, allowed_mentions=allowed()
                )
        except (discord.InteractionResponded, discord.HTTPException) as exc:
            log.info("interaction %s not answered here: %s", interaction.id, exc)

    async def _drop_thinking(self, interaction: discord.Interaction[Any]) -> None:
        """Delete the deferred "thinking…" message of a slash command (a no-op if it is gone)."""
        try:
            await interaction.delete_original_response()
        except discord.HTTPException as exc:
            log.warning("could not delete the thinking message of %s: %s", interaction.id, exc)

    async def press(self, interaction: discord.Interaction[Any], payload: str) -> None:
        """A component press: acknowledge at once, hand the payload to the app, answer."""
        if _action(payload) == "join" and in_bot_dm(interaction):
            # "Join" in the direct messages with the bot: nobody but its creator sees the table.
            await self._refuse_at_once(interaction, "discord-dm-join")
            return
        if not await self._acknowledge(interaction, thinking=False):
            return
        if await self._closed_thread(interaction, typed=False, private=False):
            return
        message = interaction.message
        update = self._update(
            interaction, button=payload, message=str(message.id) if message else None
        )
        replies = await self.app.handle(update)
        pressed = InteractionOutput(self, interaction.channel_id or 0, interaction)
        update, replies, output = await self._place(interaction, update, replies, pressed)
        await self._deliver(output, update.table, replies)
        if in_thread(interaction):
            await self._finish_away(update.table, manage=interaction.app_permissions.manage_threads)

    async def open_board(self, interaction: discord.Interaction[Any]) -> None:
        """*Open board*: the interaction answered by launching the application's Activity (the
        web board, which logs in there and finds the table of the channel it runs in);
        where the Activity is not set up (an old board's button) or Discord refuses the
        launch, the presser is told privately that the board cannot be opened here."""
        if self.web_activity:
            try:
                await interaction.response.launch_activity()
                return
            except discord.InteractionResponded:
                return  # another process or shard session answered it
            except discord.HTTPException as exc:
                log.info("activity not launched for interaction %s: %s", interaction.id, exc)
        await self._refuse_at_once(interaction, "discord-board-unavailable")

    async def deliver_to_table(self, key: TableKey, replies: Sequence[Reply]) -> bool:
        """Carry out replies for table ``key`` that no interaction brought (a press on the web
        board): in its channel or thread, then the computer's turns that follow; a game in a
        thread of its own that ended is closed there, one whose thread is gone brought back,
        as after the move clock's notices.  Whether the chat took every one of ``replies``."""
        if not is_chat_key(key):
            log.info("%d replies of table=%s dropped: no channel", len(replies), key)
            return False
        facts = await self.app.facts(key)
        lang = (facts.lang if facts is not None else None) or self.app.default_language
        output = ChannelOutput(self, int(key.chat), lang=lang)
        done = await self.delivery.deliver(output, key, list(replies))
        if output.missing:
            await self._lost_thread(key)
        await self._finish_away(key, manage=True)
        return not done.refused

    async def _deliver(
        self,
        output: ChannelOutput,
        table: TableKey,
        replies: list[Reply],
        *,
        computer: bool = True,
    ) -> Delivered:
        """The app's replies performed on ``output`` (``computer``: the computer's turns that
        follow too).  An analysis is followed here, in the interaction's task, which
        :meth:`close` cancels meanwhile."""
        task = asyncio.current_task()
        if task is None or not any(isinstance(r, Progress) for r in replies):
            return await self.delivery.deliver(output, table, replies, computer=computer)
        self._following[task] = table
        try:
            return await self.delivery.deliver(output, table, replies, computer=computer)
        finally:
            self._following.pop(task, None)

    async def complete(
        self, interaction: discord.Interaction[Any], command: str, current: str
    ) -> list[app_commands.Choice[str]]:
        """Autocomplete of a command's option: the legal plays for ``/move``
        (:meth:`complete_play`), else what may be written after the command (``/new``'s game,
        length and options, ``/settings``, ``/clock``, ``/help``, ``/rules``) in the client's
        language."""
        if command == "move":
            return await self.complete_play(interaction, current)
        lang = negotiate(str(interaction.locale))
        offered = suggestions(
            lang, command, current, computer=self.app.computer is not None, syntax=discord_syntax
        )
        return [
            app_commands.Choice(name=cut(s.label, MAX_CHOICE_NAME), value=s.line[:MAX_CHOICE_VALUE])
            for s in offered[:MAX_CHOICES]
            if len(s.line) <= MAX_CHOICE_VALUE
        ]

    async def complete_play(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """``/move`` autocomplete: the user's legal plays containing every word typed so far.

        Autocomplete cannot be deferred: the table is read within ``autocomplete_budget``
        seconds, else this process's last copy of it is used (or nothing is offered).
        """
        key = table_key(interaction.channel_id)
        me = user_of(interaction).ref
        try:
            plays = await asyncio.wait_for(self.app.typed_plays(key, me), self.autocomplete_budget)
        except (TimeoutError, StoreUnavailable, CorruptRecord):
            plays = self._plays.get((key, me), [])
        else:
            self._remember(key, me, plays)
        words = current.lower().split()
        found = [p for p in plays if all(w in p.lower() for w in words)]
        return [app_commands.Choice(name=p[:100], value=p[:100]) for p in found[:MAX_CHOICES]]

    # -- a thread per game ----------------------------------------------------------------------

    async def _place(
        self,
        interaction: discord.Interaction[Any],
        update: Update,
        replies: list[Reply],
        output: ChannelOutput,
    ) -> tuple[Update, list[Reply], ChannelOutput]:
        """Where the replies of ``update`` go, and as whose update: a game that began with
        them in a text channel moves to a thread of its own (see :mod:`.threads`).

        Only replies with a board can begin a game, and only where the bot may open threads
        (read from the interaction, no call): then the table is read.  A game in play there
        that has not been placed yet and whose channel plays games in threads gets its thread,
        started from the pressed lobby message; the table moves into it; the lobby's buttons
        are cleared in the channel, which is told where the game is, and everything else goes
        to the thread, whose first message names the players (so Discord adds them to it).  A
        thread Discord refuses (missing permissions, …) leaves the game in the channel, with
        a notice, and marks it placed (no second attempt).
        """
        if not any(isinstance(r, SendBoard) for r in replies) or not may_open_thread(interaction):
            return update, replies, output
        try:
            table = await self.app.facts(update.table)
        except (StoreUnavailable, CorruptRecord):
            return update, replies, output
        if table is None or not table.to_be_placed:
            return update, replies, output
        lang = negotiate(update.user.language)
        starter = int(update.message) if update.message and update.message.isdigit() else None
        try:
            thread = await open_thread(
                self.http, int(update.table.chat), starter, thread_title(table, lang)
            )
        except discord.HTTPException as exc:
            log.info("no thread for table=%s: %s", update.table, exc)
            await self._keep_here(update.table)
            return update, [SendText(t(lang, "discord-thread-refused")), *replies], output
        try:
            moved = await self.app.move_table(update.table, table_key(thread))
        except (StoreUnavailable, ConflictError, CorruptRecord) as exc:
            log.warning("table=%s not moved to thread %s: %s", update.table, thread, exc)
            moved = None
        if moved is None:
            await self._keep_here(update.table)  # the game changed meanwhile: it stays here
            return update, replies, output
        # The sender's own replies stay with the interaction (the thread's output has none).
        here = [r for r in replies if isinstance(r, ClearButtons) or for_sender(r)]
        there: list[Reply] = [
            r for r in replies if not (isinstance(r, ClearButtons) or for_sender(r))
        ]
        opened = SendText(t(lang, "discord-thread-opened", thread=f"<#{thread}>"))
        await self.delivery.perform(output, update.table, [*here, opened])
        humans = discord_players(table.seats)
        if humans:
            mentions = " ".join(f"<@{u}>" for u in humans)
            there.insert(0, SendText(t(lang, "discord-thread-welcome", players=mentions)))
        moved_update = replace(update, table=table_key(thread), message=None)
        target = ChannelOutput(
            self, thread, pings=frozenset(humans), embeds=output.rich, lang=output.lang
        )
        return moved_update, there, target

    async def _closed_thread(
        self, interaction: discord.Interaction[Any], *, typed: bool, private: bool
    ) -> bool:
        """An interaction (acknowledged: ``typed``, a slash command deferred with "thinking…",
        ``private``ly or not; else a press) in a game's thread that someone archived: the
        thread is opened again (``False``: the action goes on there, after a notice, and for a
        typed command the board), or, when it cannot be (locked, and the bot may not manage
        threads), the game goes back to the channel it began in with a notice and its board,
        and the user is told so (``True``: answered)."""
        channel = interaction.channel
        if not isinstance(channel, discord.Thread) or not channel.archived:
            return False
        key = table_key(channel.id)
        try:
            table = await self.app.facts(key)
        except (StoreUnavailable, CorruptRecord):
            return False
        if table is None or not table.away_from_home(key.chat):
            return False
        lang = negotiate(str(interaction.locale))
        may_reopen = not channel.locked or interaction.app_permissions.manage_threads
        if may_reopen and await reopen_thread(self.http, channel.id):
            # A press is on the game's board; a typed command gets the board again.
            reopened = "discord-thread-reopened"
            await self._notice(key, lang, reopened, str(interaction.id), board=typed)
            return False
        where = await self._bring_back(key, table, lang)
        if where is None:
            return False
        await self._notice(where, lang, "discord-thread-closed", str(interaction.id), board=True)
        text = t(lang, "discord-thread-away", thread=f"<#{where.chat}>")
        await self._say_privately(interaction, text, followup=True, thinking=typed and not private)
        return True

    async def _game_away(
        self,
        interaction: discord.Interaction[Any],
        name: str,
        glance: Glance | None,
        *,
        private: bool,
    ) -> bool:
        """Command ``name`` (acknowledged, ``private``ly or not) in a channel about a game that
        began there and plays in a thread (:func:`~bot.app.queries.game_away_for`: a player's
        own, or the one a spectator asks about): he is told where (``True``: answered
        privately); a thread someone archived is opened again; a deleted (or locked) one sends
        the game back here with a notice and its board, and the command is then answered here
        as usual (``False``).  Decided on ``glance`` when it was read before the
        acknowledgement, else read now."""
        if not _may_point_away(interaction, name):
            return False
        key = table_key(interaction.channel_id)
        if glance is None:
            try:
                glance = await self._read_glance(key, away=True)
            except (StoreUnavailable, CorruptRecord):
                return False
        game = game_away_for(glance.facts, glance.away, name, user_of(interaction).ref)
        if game is None:
            return False
        lang = negotiate(str(interaction.locale))
        thread = table_key(int(game.chat))
        try:
            state = await thread_state(self.http, int(game.chat))
        except discord.HTTPException as exc:
            log.info("thread %s not read: %s", game.chat, exc)
            state = ThreadState.OPEN
        if state is ThreadState.ARCHIVED and await reopen_thread(self.http, int(game.chat)):
            reopened = "discord-thread-reopened"
            await self._notice(thread, lang, reopened, str(interaction.id), board=True)
            state = ThreadState.OPEN
        where: TableKey | None = thread
        if state in (ThreadState.GONE, ThreadState.LOCKED):
            try:
                moving = await self.app.facts(thread)
            except (StoreUnavailable, CorruptRecord):
                moving = None
            where = None if moving is None else await self._bring_back(thread, moving, lang)
            if where is None:
                return False
            message = "discord-thread-closed"
            if state is ThreadState.GONE:
                message = "discord-thread-gone"
            # Back here, /board is answered as usual; anything else gets the board first.
            board = where != key or name != "board"
            await self._notice(where, lang, message, str(interaction.id), board=board)
            if where == key:
                return False  # the game is here again: the command is answered as usual
        assert where is not None
        text = t(lang, "discord-thread-away", thread=f"<#{where.chat}>")
        await self._say_privately(interaction, text, followup=True, thinking=not private)
        return True

    async def _lost_thread(self, key: TableKey) -> None:
        """The clock's notice could not be posted in a game's thread because it is gone: the
        game goes back to the channel it began in, with a notice and its board."""
        try:
            table = await self.app.facts(key)
        except (StoreUnavailable, CorruptRecord):
            return
        if table is None or not table.away_from_home(key.chat):
            return
        lang = negotiate(table.lang or "")
        where = await self._bring_back(key, table, lang)
        if where is not None:
            await self._notice(where, lang, "discord-thread-gone", f"tick:{key}", board=True)

    async def _bring_back(self, key: TableKey, table: TableFacts, lang: str) -> TableKey | None:
        """Move the game at ``key`` (a thread that is gone or closed) back to the channel it
        began in, or, when that channel has a game of its own by now, to a new thread there;
        where it is now (``None``: it could not be moved)."""
        assert table.origin is not None
        home = TableKey(PLATFORM, table.origin)
        if is_event(home):
            # A tournament's game: it was stored under its event, not in a channel.
            log.warning("table=%s: a tournament game has no channel to go back to", key)
            return None
        try:
            if await self.app.move_table(key, home) is not None:
                return home
        except (StoreUnavailable, ConflictError, CorruptRecord) as exc:
            log.warning("table=%s not moved back to %s: %s", key, home, exc)
            return None
        try:
            thread = await open_thread(self.http, int(home.chat), None, thread_title(table, lang))
        except discord.HTTPException as exc:
            log.warning("table=%s has no thread to go to: %s", key, exc)
            return None
        try:
            moved = await self.app.move_table(key, table_key(thread))
        except (StoreUnavailable, ConflictError, CorruptRecord) as exc:
            log.warning("table=%s not moved to thread %s: %s", key, thread, exc)
            return None
        if moved is None:
            return None
        humans = discord_players(table.seats)
        if humans:
            mentions = " ".join(f"<@{u}>" for u in humans)
            welcome = SendText(t(lang, "discord-thread-welcome", players=mentions))
            output = ChannelOutput(self, thread, pings=frozenset(humans), lang=lang)
            await self.delivery.perform(output, table_key(thread), [welcome])
        return table_key(thread)

    async def _notice(
        self, key: TableKey, lang: str, message: str, update_id: str, *, board: bool = False
    ) -> None:
        """Post catalogue ``message`` at table ``key``'s chat, and the table's board after it
        (``board``), whose buttons are then the current ones."""
        update = Update(key, User(PLATFORM, "0", "", lang), f"{update_id}:{message}")
        replies: list[Reply] = [SendText(t(lang, message))]
        if board:
            replies += await self.app.handle(replace(update, text="/board"))
        await self.delivery.perform(ChannelOutput(self, int(key.chat), lang=lang), key, replies)

    async def _keep_here(self, key: TableKey) -> None:
        try:
            await self.app.keep_table(key)
        except (StoreUnavailable, ConflictError, CorruptRecord) as exc:
            log.warning("table=%s not marked placed: %s", key, exc)

    async def _finish_away(self, key: TableKey, *, manage: bool) -> None:
        """A game in a thread of its own that is over: its result posted in the channel it
        began in (once, whichever process sees it first; a tournament game's is shown in its
        standings instead), the thread archived and locked (``manage``: the bot has Manage
        Threads there)."""
        try:
            done = await self.app.finish_away(key)
        except (StoreUnavailable, ConflictError, CorruptRecord) as exc:
            log.warning("end of the game away not recorded table=%s: %s", key, exc)
            return
        if done is None:
            return
        if done.announce:
            text = t(done.lang, "discord-thread-result", thread=f"<#{key.chat}>")
            if done.outcome:
                text += "\n" + done.outcome
            origin = ChannelOutput(self, int(done.origin), lang=done.lang)
            await self.delivery.perform(origin, table_key(int(done.origin)), [SendText(text)])
        await close_thread(self.http, int(key.chat), manage=manage)

    # -- the move clock -------------------------------------------------------------------------

    async def deliver_ticks(self) -> int:
        """Serve the move clocks that are due and post their notices on the delivery loop
        (as :meth:`Delivery.deliver_ticks <bot.app.delivery.Delivery.deliver_ticks>` does), each
        text pinging the player it calls (:meth:`_pinged`); how many tables.  A notice Discord
        refused is posted again by a later tick; a game whose thread is gone goes back to its
        channel.  A tournament's replies come for its home channel (its standings, its games'
        threads opened there: :meth:`ChannelOutput.open_place`); a key that is no Discord
        chat's (:func:`is_chat_key`) gets nothing posted."""
        served = 0
        for table, replies in await self.app.tick(platform=PLATFORM):
            if not is_chat_key(table):
                log.info("%d replies of table=%s dropped: no channel", len(replies), table)
                served += 1
                continue
            # The reminder calls the player the clock runs for; "time is up" (its claim
            # buttons) calls the one who may claim.
            notice = next((r for r in replies if isinstance(r, ClockNotice)), None)
            called = discord_id(notice.calls) if notice is not None else None
            if called is not None:
                replies = [
                    replace(r, text=f"<@{called}> {r.text}") if isinstance(r, SendText) else r
                    for r in replies
                ]
            pings = frozenset({called}) if called is not None else frozenset()
            output = ChannelOutput(self, int(table.chat), pings=pings)
            done = await self.delivery.deliver(output, table, replies)
            if done.refused:
                # Not delivered (no Send Messages there, say): the clock posts it again later.
                await self.app.notice_undelivered(table)
            if output.missing:
                await self._lost_thread(table)
            await self._finish_away(table, manage=True)  # a game in a thread lost on time
            served += 1
        return served

    async def _tick_loop(self, every: float) -> None:
        while not self.is_closed():
            await asyncio.sleep(every)
            try:
                await self.deliver_ticks()
            except Exception:
                log.exception("serving the move clocks failed")
