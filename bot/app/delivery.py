"""What follows ``App.handle()``, once for every platform: the replies performed on a
:class:`Surface`.

A platform adapter turns its events into :class:`~bot.app.types.Update` values and implements a
:class:`Surface`: the few things a chat can do (post or edit a board, clear a board's buttons,
post or edit a text, a toast to the presser alone, the typing sign, a file) and its limits.
Everything else is done here, the same way on every platform (:class:`Delivery`):

* the replies of a batch are performed in order (of an update the store kept from being
  applied, :class:`~bot.app.types.NotApplied`, what its sender is told: to try again); a
  posted board is reported to the app (``App.board_posted``), so that the next turn takes its
  buttons away, and so is a board posted anew because the message it was to be edited on is
  gone (deleted meanwhile);
* a text longer than the surface takes is posted in pieces cut at line ends, the buttons on
  the last; a text for the sender alone (``SendText.private``) is posted so, every piece of it,
  where the surface can show it so;
* a :class:`~bot.app.types.Progress` message is posted and the analysis followed
  (``App.progress``): its edits on that message (a result too long for it goes on in new
  messages), the rest performed as usual; in the background where the platform's request must
  end first (a webhook), else before the delivery returns.  An analysis whose message could not
  be posted is given up (``App.forgo_progress``);
* after the batch, the computer's turns that follow (``App.computer_moves``), each performed
  the same way;
* a tournament's announcement (:class:`~bot.app.types.Announcement`) is reported once posted
  (``Events.announcement_posted``), so that a later tick hands out only one that was lost; so
  is a chat's puzzle of the day (:class:`~bot.app.types.DailyPuzzle`: ``Puzzles.daily_posted``);
* the move clock's notices (``App.tick``): posted to their table's surface; a notice the chat
  refused is reported (``App.notice_undelivered``), so that a later tick posts it.

A surface signals a refused reply by raising :class:`NotDelivered` (that reply is skipped, the
next ones tried) or :class:`ChatClosed` (the bot may not post in the chat: the rest of the batch
and what would follow it are dropped).  Nothing else a surface raises is caught here.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from bot.app.types import (
    Announcement,
    ClearButtons,
    DailyPuzzle,
    EditBoard,
    EditProgress,
    GameToPlace,
    Keyboard,
    NotApplied,
    PlaceGames,
    Progress,
    Reply,
    SendBoard,
    SendFile,
    SendText,
    Standings,
    Thinking,
    Toast,
)
from bot.store import TableKey

if TYPE_CHECKING:
    from bot.app.app import App

__all__ = [
    "ChatClosed",
    "Delivered",
    "Delivery",
    "NotDelivered",
    "Surface",
    "split_text",
]

log = logging.getLogger(__name__)

CLOSE_TIMEOUT = 10.0
"""Seconds :meth:`Delivery.close` waits for the analyses it cancels."""


class NotDelivered(Exception):
    """The platform refused this reply (a message deleted meanwhile, a missing right): it is
    skipped, and the next replies are tried."""


class ChatClosed(Exception):
    """The bot may not post in this chat (removed from it, blocked): the batch ends here."""


class Surface(Protocol):
    """One chat as a platform shows it: what the app's replies need of it.

    Each method performs one reply and raises :class:`NotDelivered` or :class:`ChatClosed`
    when the platform refuses it.  A method that posts returns the new message's id (``None``
    where the platform gives none).
    """

    max_text: int
    """The longest text one message takes (characters)."""

    async def post_board(self, reply: SendBoard) -> str | None:
        """Post a board message with its caption and buttons."""
        ...

    async def edit_board(self, reply: EditBoard) -> str | None:
        """Replace the board, caption and buttons of an earlier board message; when that
        message is gone (deleted meanwhile), post the board anew and return the new message's
        id (``None``: edited in place, or the platform gives no id)."""
        ...

    async def clear_buttons(self, message: str) -> None:
        """Take the buttons off an earlier message."""
        ...

    async def post_text(self, text: str, buttons: Keyboard, *, private: bool = False) -> str | None:
        """Post a text message (at most :attr:`max_text` characters) with buttons;
        ``private``: only whoever sent the update sees it, where the platform can; else
        posted."""
        ...

    async def edit_text(self, message: str, text: str, buttons: Keyboard) -> None:
        """Replace the text and buttons of an earlier text message."""
        ...

    async def toast(self, text: str) -> None:
        """Show ``text`` to whoever sent the update alone (else post it)."""
        ...

    async def typing(self) -> None:
        """Show that the bot is at work (someone typing)."""
        ...

    async def post_file(self, reply: SendFile) -> None:
        """Post a file with its caption."""
        ...

    async def open_place(self, game: GameToPlace) -> tuple[TableKey, Surface] | None:
        """Open the chat a tournament game of this chat plays in (a Discord thread, a Telegram
        forum topic): its key and its surface; where the platform plays it where it is stored
        (the players' private chats, the console's one terminal), ``game.table`` and a surface
        for it; ``None`` when it cannot be placed now (a later tick offers it again)."""
        ...


def split_text(text: str, limit: int) -> list[str]:
    """``text`` in pieces of at most ``limit`` characters, cut at line ends where possible
    (never an empty list)."""
    pieces: list[str] = []
    while len(text) > limit:
        cut = text.rfind("\n", 0, limit)
        cut = cut if cut > 0 else limit
        pieces.append(text[:cut])
        text = text[cut:].lstrip("\n")
    pieces.append(text)
    return [p for p in pieces if p] or [""]


@dataclass
class Delivered:
    """What became of a batch: messages posted, replies refused, whether the chat is closed to
    the bot."""

    posted: int = 0
    refused: int = 0
    closed: bool = False

    def add(self, other: Delivered) -> None:
        self.posted += other.posted
        self.refused += other.refused
        self.closed = self.closed or other.closed


@dataclass
class Delivery:
    """The one delivery loop of the app's replies (see the module's docstring)."""

    app: App
    background: bool = False
    """Follow an analysis in a task of its own (the platform's request ends first)."""
    _following: dict[asyncio.Task[int], TableKey] = field(default_factory=dict)

    async def deliver(
        self,
        surface: Surface,
        table: TableKey | None,
        replies: Sequence[Reply],
        *,
        computer: bool = True,
    ) -> Delivered:
        """Perform ``replies`` on ``surface`` in order, then (``computer``) the computer's turns
        that follow at ``table``; what became of them (the computer's turns included)."""
        done = await self.perform(surface, table, replies)
        if done.closed or table is None or not computer:
            return done
        async for more in self.app.computer_moves(table):
            after = await self.perform(surface, table, more)
            done.add(after)
            if after.closed:
                break
        return done

    async def perform(
        self, surface: Surface, table: TableKey | None, replies: Sequence[Reply]
    ) -> Delivered:
        """Perform ``replies`` on ``surface`` in order (see the module's docstring)."""
        done = Delivered()
        for reply in replies:
            try:
                done.posted += await self._one(surface, table, reply)
            except NotDelivered as exc:
                done.refused += 1
                log.warning("%s not delivered table=%s: %s", type(reply).__name__, table, exc)
            except ChatClosed as exc:
                done.refused += 1
                done.closed = True
                log.warning("the bot may not post table=%s: %s", table, exc)
                if isinstance(reply, Progress) and table is not None:
                    await self.app.forgo_progress(table)
                break
        return done

    async def _one(self, surface: Surface, table: TableKey | None, reply: Reply) -> int:
        if isinstance(reply, DailyPuzzle):
            return await self._daily(surface, table, reply)
        if isinstance(reply, SendBoard):
            message = await surface.post_board(reply)
            if table is not None and message is not None:
                await self.app.board_posted(table, message, reply.version)
            return 1
        if isinstance(reply, EditBoard):
            posted = await surface.edit_board(reply)
            if posted is None:
                return 0
            if table is not None and reply.version is not None:
                await self.app.board_posted(table, posted, reply.version)
            return 1
        if isinstance(reply, ClearButtons):
            await surface.clear_buttons(reply.message)
            return 0
        if isinstance(reply, Announcement):
            return await self._announcement(surface, table, reply)
        if isinstance(reply, SendText):
            return await self._text(surface, reply.text, reply.buttons, private=reply.private)
        if isinstance(reply, EditProgress):  # an edit with no message: posted
            return await self._text(surface, reply.text, reply.buttons)
        if isinstance(reply, Toast):
            await surface.toast(reply.text)
            return 1
        if isinstance(reply, Thinking):
            await surface.typing()
            return 0
        if isinstance(reply, Progress):
            return await self._progress(surface, table, reply)
        if isinstance(reply, SendFile):
            await surface.post_file(reply)
            return 1
        if isinstance(reply, NotApplied):  # nothing here delivers the update again
            return await self._one(surface, table, reply.shown)
        if isinstance(reply, Standings):
            return await self._standings(surface, table, reply)
        if isinstance(reply, PlaceGames):
            for game in reply.games:
                await self._place(surface, game)
            return 0
        return 0

    async def _standings(self, surface: Surface, table: TableKey | None, reply: Standings) -> int:
        """Edit the standings message in place; post it when there is none yet, or when it is
        gone (then report the new one)."""
        if reply.message is not None:
            try:
                await surface.edit_text(reply.message, reply.text, reply.buttons)
                return 0
            except NotDelivered as exc:
                log.info("standings %s not edited: %s (posted anew)", reply.message, exc)
        message = await surface.post_text(reply.text[: surface.max_text], reply.buttons)
        if table is not None and message is not None:
            await self.app.standings_posted(table, reply.event, message)
        return 1

    async def _announcement(
        self, surface: Surface, table: TableKey | None, reply: Announcement
    ) -> int:
        """Post a tournament's announcement, then report it done: posted, or refused by the
        chat (trying again would not help).  Only a process that stops before this leaves it
        to be handed out again."""
        try:
            posted = await self._text(surface, reply.text, reply.buttons)
        except (NotDelivered, ChatClosed):
            if table is not None:
                await self.app.events.announcement_posted(table, reply.event, reply.step)
            raise
        if table is not None:
            await self.app.events.announcement_posted(table, reply.event, reply.step)
        return posted

    async def _daily(self, surface: Surface, table: TableKey | None, reply: DailyPuzzle) -> int:
        """Post a chat's puzzle of the day, then report it done: posted, or refused by the
        chat (as a tournament's announcement)."""
        try:
            message = await surface.post_board(reply)
        except (NotDelivered, ChatClosed):
            if table is not None:
                await self.app.puzzles.daily_posted(table, reply.day, None)
            raise
        if table is not None:
            await self.app.puzzles.daily_posted(table, reply.day, message)
        return 1

    async def _place(self, surface: Surface, game: GameToPlace) -> None:
        """Give a tournament game its place and post its opening there (with the computer's
        turns that follow).  A place that cannot be opened now leaves the game to a later tick;
        one that refuses the opening is the platform's to report, as any chat's refusal is."""
        try:
            place = await surface.open_place(game)
        except (NotDelivered, ChatClosed) as exc:
            log.warning("no place opened for %s: %s", game.table, exc)
            return
        if place is None:
            return
        key, there = place
        replies = await self.app.place_game(game.table, key)
        if replies:
            await self.deliver(there, key, replies)

    async def _text(
        self, surface: Surface, text: str, buttons: Keyboard, *, private: bool = False
    ) -> int:
        pieces = split_text(text, surface.max_text)
        for piece in pieces[:-1]:
            await surface.post_text(piece, (), private=private)
        await surface.post_text(pieces[-1], buttons, private=private)
        return len(pieces)

    # -- analyses -------------------------------------------------------------------------------

    async def _progress(self, surface: Surface, table: TableKey | None, reply: Progress) -> int:
        if table is not None:
            self.app.begin_progress(table)  # under way however long the post takes
        try:
            message = await surface.post_text(reply.text[: surface.max_text], ())
        except NotDelivered:
            if table is not None:
                await self.app.forgo_progress(table)
            raise
        if table is None:
            return 1
        follow = self._follow(surface, table, message)  # no message: each edit is posted
        if not self.background:
            return 1 + await follow
        task = asyncio.create_task(follow, name=f"analysis {table.tag}")
        self._following[task] = table
        task.add_done_callback(self._followed)
        return 1

    async def _follow(self, surface: Surface, table: TableKey, message: str | None) -> int:
        """Perform what ``App.progress`` yields: its edits on ``message``, the rest as usual;
        how many messages were posted.  A chat closed to the bot ends it."""
        posted = 0
        async with contextlib.aclosing(self.app.progress(table)) as batches:
            async for batch in batches:
                for item in batch:
                    if isinstance(item, EditProgress) and message is not None:
                        done = await self._edit_progress(surface, table, message, item)
                    else:
                        done = await self.perform(surface, table, [item])
                    posted += done.posted
                    if done.closed:
                        return posted
        return posted

    async def _edit_progress(
        self, surface: Surface, table: TableKey, message: str, item: EditProgress
    ) -> Delivered:
        first, *rest = split_text(item.text, surface.max_text)
        done = Delivered()
        try:
            await surface.edit_text(message, first, () if rest else item.buttons)
        except NotDelivered as exc:
            log.info("progress message %s not edited table=%s: %s", message, table, exc)
            rest = [item.text]  # the whole text, posted instead
        except ChatClosed as exc:
            log.warning("the bot may not post table=%s: %s", table, exc)
            return Delivered(0, 1, True)
        if rest:
            done.add(await self.perform(surface, table, [SendText("\n".join(rest), item.buttons)]))
        return done

    def _followed(self, task: asyncio.Task[int]) -> None:
        """A followed analysis ended: forgotten, and what it raised logged."""
        table = self._following.pop(task, None)
        if task.cancelled():
            return
        error = task.exception()
        if error is not None:
            log.error("following the analysis in %s failed", table, exc_info=error)

    @property
    def following(self) -> int:
        """How many analyses are being followed in the background."""
        return len(self._following)

    async def close(self, timeout: float = CLOSE_TIMEOUT) -> None:
        """Stop following the analyses under way: each is cancelled (its claim in the store
        given back, its worker's job dropped) and waited for, at most ``timeout`` seconds in
        all; one whose following had not begun yet gives its claim back too."""
        tasks = dict(self._following)
        for task in tasks:
            task.cancel()
        if tasks:
            _, late = await asyncio.wait(tasks, timeout=timeout)
            if late:
                log.error("analyses still being followed after %.0f s: %s", timeout, late)
        for table in set(tasks.values()):
            await self.app.forgo_progress(table)

    # -- the move clock -------------------------------------------------------------------------

    async def deliver_ticks(
        self, platform: str, surface_for: Callable[[TableKey], Surface | None]
    ) -> int:
        """Serve the move clocks of ``platform``'s tables that are due (``App.tick``) and post
        their notices on each table's surface (``None``: the table has none, its notices are
        dropped); a notice refused is posted again by a later tick.  How many tables."""
        served = 0
        for table, replies in await self.app.tick(platform=platform):
            surface = surface_for(table)
            if surface is not None:
                done = await self.deliver(surface, table, replies)
                if done.refused:
                    await self.app.notice_undelivered(table)
            served += 1
        return served
