"""The chat application's pipeline: one :class:`App` turns an :class:`Update` into reply actions.

Every update goes through the same path: parse (a command, a play in notation, or a button payload)
→ load the table → check that the button is current → call the action's use case
(:mod:`bot.app.registry`) → compare-and-set the table together with the update id → answer in
the sender's language.  A refusal (not your turn, stale button, illegal play …) writes nothing; an
unexpected error is logged with the table key and answered politely; nothing is kept in process
memory but caches of what the store holds.

This module is that pipeline only, over the one write path (:mod:`bot.app.writer`); its
services do the rest: :mod:`bot.app.parsing` (what an update asks for),
:mod:`bot.app.autoplay` (the computer's turns), :mod:`bot.app.ticks`, :mod:`bot.app.places`,
:mod:`bot.app.jobs` (analyses), :mod:`bot.app.webboard` (the web board's state) and
:mod:`bot.app.changes` (the notices of the writes).  What follows ``handle`` on a platform is
:mod:`bot.app.delivery`.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncGenerator, AsyncIterator, Callable
from typing import Any

from bot.app import (
    changes,
    chouette_play,
    fair,
    match_analysis,
    opponent,
    options,
    places,
    published,
    queries,
    results,
    webboard,
)
from bot.app.autoplay import ComputerTurns
from bot.app.context import Context, Refused, refusal_reply
from bot.app.dice import DiceScheme, TableDice
from bot.app.hint import Adviser
from bot.app.jobs import AnalysisJobs
from bot.app.match_analysis import Analyser
from bot.app.opponent import Opponent
from bot.app.parsing import parse_update
from bot.app.puzzles.trainer import Puzzles
from bot.app.registry import (
    ANALYSIS_CASES,
    DEFAULT,
    READ_CASES,
    TABLE_CASES,
    USER_CASES,
    AnalysisCase,
)
from bot.app.syntax import CommandSyntax, say, typed_syntax
from bot.app.table import Table
from bot.app.ticks import Ticks
from bot.app.timing import wake
from bot.app.tournaments.service import EVENT_ACTIONS, Events
from bot.app.types import ClearButtons, NotApplied, Reply, Update
from bot.app.users import UserRecords
from bot.app.writer import RECORD_CACHE, TableWriter
from bot.i18n import negotiate, t
from bot.store import (
    ConflictError,
    Store,
    StoreUnavailable,
    TableKey,
    UpdateStatus,
    Versioned,
    WriteUnconfirmed,
)
from engine.errors import EngineError
from engine.game import DiceSource

log = logging.getLogger("bot.app")

__all__ = ["RECORD_CACHE", "App"]

SETTLE_WINDOW = 30.0
"""Seconds an update whose write went unanswered keeps asking the store whether it landed
(with growing pauses) before it answers that the outcome is not known yet."""

SETTLE_PAUSES = (0.1, 0.25, 0.5, 1.0, 2.0, 4.0)
"""Pauses between those questions (the last one repeats)."""


class App:
    """The application over a :class:`~bot.store.Store`.

    ``dice`` is where games get their seeds and dice (:class:`~bot.app.dice.DiceScheme`;
    production: fresh seeds from :mod:`secrets`, tests a seeded or scripted scheme; a bare dice
    source is taken as a scripted scheme) and ``clock`` the time source.  ``computer`` thinks
    for the computer opponent (:class:`bot.ai.worker.ComputerWorker`; ``None``: ``new bot``
    says it is unavailable) and ``adviser`` gives ``hint`` its advice (the same worker, on a
    lane of its own; ``None``: hints say the computer is off); ``analyser`` makes the
    ``analysis`` of finished games (the same worker, at a low priority; ``None``: the analysis
    says the computer is off), its progress message edited at most once each
    ``progress_every`` seconds.  ``handle``, ``computer_moves`` and ``progress`` never raise.
    """

    def __init__(
        self,
        store: Store,
        *,
        dice: DiceScheme | DiceSource | None = None,
        clock: Callable[[], float] = time.time,
        default_language: str = "en",
        computer: Opponent | None = None,
        adviser: Adviser | None = None,
        analyser: Analyser | None = None,
        progress_every: float = match_analysis.PROGRESS_EVERY,
        settle_window: float = SETTLE_WINDOW,
    ) -> None:
        self.store = store
        self.settle_window = settle_window
        if dice is None:
            dice = DiceScheme()
        self.dice = dice if isinstance(dice, DiceScheme) else DiceScheme.scripted(dice)
        self.clock = clock
        self.default_language = default_language
        self.computer = computer
        self.adviser = adviser
        self.analyser = analyser
        self.progress_every = progress_every
        self.users = UserRecords(store)
        self._syntaxes: dict[str, CommandSyntax] = {}
        self.writer = TableWriter(store, self.users, clock, computer)
        """The one write path of the tables."""
        self.turns = (
            None
            if computer is None
            else ComputerTurns(self.writer, computer, self._context, default_language)
        )
        """The computer's turns (``None``: no computer)."""
        self.ticks = Ticks(self.writer, self.turns, default_language, self.syntax_of)
        """The clock's events, and what the tick finds left undone."""
        self.places = places.Places(self.writer, self._moved)
        """Where each table's game is played."""
        self.puzzles = Puzzles(store, clock, default_language)
        """The puzzles: kept from the analyses, the chats' daily puzzles."""
        self.jobs = (
            None
            if analyser is None
            else AnalysisJobs(store, analyser, progress_every, self.puzzles.collect)
        )
        """The analyses made here (``None``: no analyser)."""
        self.events = Events(self.writer, self.places, self._context, default_language, self.turns)
        self.events.act = self.handle  # a tournament game lost on time is a claim made for him
        self.ticks.events = self.events
        self.ticks.puzzles = self.puzzles

    def use_command_syntax(self, platform: str, syntax: CommandSyntax) -> None:
        """Name commands in ``syntax`` in the messages to ``platform``'s chats (Discord's slash
        commands: ``/claim what:match``); the others keep the typed ``/claim match``."""
        self._syntaxes[platform] = syntax

    def syntax_of(self, platform: str) -> CommandSyntax:
        """How commands are written in the messages to ``platform``'s chats."""
        return self._syntaxes.get(platform, typed_syntax)

    # -- entry points ---------------------------------------------------------------------------

    async def handle(self, update: Update) -> list[Reply]:
        """Apply one update at most once and return what to show; never raises."""
        lang = negotiate(update.user.language) if update.user.language else self.default_language
        try:
            lang = await self.users.language(update.user, lang)
            return await self._handle(update, lang)
        except WriteUnconfirmed:
            # A write of the user's own record (a setting) whose answer was lost.
            log.warning("write unconfirmed table=%s update=%s", update.table, update.update_id)
            return [self._not_applied(update, lang, "error-outcome-unknown-later")]
        except (StoreUnavailable, ConflictError) as exc:
            log.warning(
                "store %s table=%s update=%s", type(exc).__name__, update.table, update.update_id
            )
            return [self._not_applied(update, lang, "error-unavailable")]
        except Exception:
            log.exception("update failed table=%s update=%s", update.table, update.update_id)
            return [refusal_reply(update, t(lang, "error-internal"))]

    def _not_applied(self, update: Update, lang: str, message: str) -> NotApplied:
        """The answer to an update the store kept from being applied: catalogue ``message``
        (try again later), or where the update is delivered again by itself, that it is kept."""
        syntax = self.syntax_of(update.table.platform)
        return NotApplied(
            refusal_reply(update, say(lang, syntax, message)),
            refusal_reply(update, t(lang, "error-unavailable-kept")),
        )

    async def board_posted(self, table: TableKey, message: str, version: int) -> None:
        """Remember that the board drawn for ``version`` is message ``message`` in the chat.

        The next turn's reply then takes that message's buttons away.  A board of an older
        version is ignored.  This write does not change the table's version (no button goes
        stale because of it).
        """
        await self.writer.board_posted(table, message, version)

    async def notice_undelivered(self, table: TableKey) -> None:
        """The clock's notices :meth:`tick` returned for ``table`` could not be posted (the bot
        may not write in that chat): the reminder is marked not sent and the table is due again,
        so a later tick posts the notice that is due then.  Never raises."""
        await self.ticks.notice_undelivered(table)

    async def move_table(self, src: TableKey, dst: TableKey) -> Table | None:
        """Move the game in play at ``src`` to chat ``dst`` (a thread opened for it; or back to
        the chat it began in): the table as it now stands at ``dst``, or ``None`` when nothing
        moved (no game in play at ``src``, or ``dst`` holds one already).  See
        ``Places.move_table``: written at ``dst`` first, then ``src`` closed if it still holds
        the game as it was moved (else undone at ``dst``); its buttons work at ``dst``."""
        return await self.places.move_table(src, dst)

    async def keep_table(self, key: TableKey) -> Table | None:
        """The game in play at ``key`` stays there (its own chat could not be opened): it is
        marked placed, so nobody tries to move it again; the table, or ``None`` when it was
        placed already (or is not in play)."""
        return await self.places.keep_table(key)

    async def finish_away(self, key: TableKey) -> places.EndedAway | None:
        """The game at ``key``, moved there from the chat it began in, is over: where it began
        and how it ended, the first time this is asked, so its result is announced there once;
        ``None`` when there is nothing (more) to announce.  The chat it began in forgets it."""
        return await self.places.finish_away(key)

    async def place_game(self, game: TableKey, place: TableKey) -> list[Reply]:
        """See ``Events.place_game`` (a tournament game's place was opened)."""
        return await self.events.place_game(game, place)

    async def standings_posted(self, home: TableKey, event: str, message: str) -> None:
        """See ``Events.standings_posted`` (a tournament's standings message was posted)."""
        await self.events.standings_posted(home, event, message)

    async def route(self, update: Update) -> TableKey:
        """See ``Events.route`` (where a line typed in a private chat belongs)."""
        return await self.events.route(update)

    async def games_away(self, home: TableKey) -> list[places.Away]:
        """The games that began in chat ``home`` and play in chats of their own."""
        return await self.places.games_away(home)

    async def claim_command_sync(self, platform: str, scope: str, digest: str) -> bool:
        """Whether this process should upload ``platform``'s command set ``digest`` to ``scope``
        (:func:`bot.app.published.claim`; a store that cannot be reached says yes)."""
        return await published.claim_or_upload(self.store, platform, scope, digest)

    async def command_set_synced(self, platform: str, scope: str, digest: str) -> None:
        """Record that ``platform``'s command set ``digest`` was uploaded to ``scope``."""
        await published.record_quietly(self.store, platform, scope, digest)

    async def facts(self, table: TableKey) -> queries.TableFacts | None:
        """What an adapter may know of the table (:class:`~bot.app.queries.TableFacts`),
        ``None`` when there is none; raises :class:`~bot.store.StoreUnavailable` or
        :class:`~bot.store.CorruptRecord` when it cannot be read now."""
        state = await self.writer.load(table)
        return queries.facts(state) if state is not None else None

    async def typed_plays(self, table: TableKey, user: str) -> list[str]:
        """The plays ``user`` may type now at the table, in notation (for an adapter's
        autocomplete; :func:`~bot.app.queries.legal_play_notations`); raises as :meth:`facts`."""
        state = await self.writer.load(table)
        return queries.legal_play_notations(state, user) if state is not None else []

    async def web_state(self, key: TableKey, user: str | None, lang: str) -> dict[str, Any] | None:
        """The web board's state of ``key`` for ``user`` (:func:`bot.app.webboard.web_state`)."""
        return await webboard.web_state(self.writer, key, user, lang, self.syntax_of(key.platform))

    def changes(self, key: TableKey) -> AsyncGenerator[int, None]:
        """The versions of ``key``'s table as they are written, in any process: first where it
        stands now (:func:`bot.app.changes.versions`)."""
        return changes.versions(self.store, key)

    async def load_table(self, table: TableKey) -> Table | None:
        """The table's current state (for tests; adapters ask :meth:`facts`)."""
        return await self.writer.load(table)

    async def tick(
        self, now: float | None = None, *, platform: str | None = None
    ) -> list[tuple[TableKey, list[Reply]]]:
        """Serve what is due (move clocks' notices, tournaments): each table's replies, which
        the adapter (calling this periodically; any process may) posts in its chat; ``platform``
        limits it to that platform's tables, the others stay due for their own adapter."""
        return await self.ticks.tick(now, platform=platform)

    def _moved(self, src: TableKey, dst: TableKey) -> None:
        if self.turns is not None:
            self.turns.moved(src, dst)

    def _context(self, update: Update, lang: str) -> Context:
        ctx = Context(update, lang, self.clock(), TableDice(self.dice), self.users)
        ctx.computer = self.computer is not None
        ctx.syntax = self.syntax_of(update.table.platform)
        return ctx

    async def _handle(self, update: Update, lang: str) -> list[Reply]:
        ctx = self._context(update, lang)
        try:
            action, args, version = parse_update(update)
        except Refused as refusal:
            return [refusal_reply(update, ctx.refusal(refusal))]
        if action == "ignore":
            return []
        user_case = USER_CASES.get(action)
        if user_case is not None:
            try:
                return await user_case(ctx, args)
            except Refused as refusal:
                return [refusal_reply(update, ctx.refusal(refusal))]
        read_case = READ_CASES.get(action)
        if read_case is not None:
            record = await self.store.load(update.table)
            table = Table.decode(record.payload) if record is not None else None
            try:
                return await read_case(ctx, table, self.adviser)
            except Refused as refusal:
                return [refusal_reply(update, ctx.refusal(refusal))]
        if action in EVENT_ACTIONS:
            try:
                return await self.events.handle(ctx, action, args)
            except Refused as refusal:
                return [refusal_reply(update, ctx.refusal(refusal))]
        analysis_case = ANALYSIS_CASES.get(action)
        if analysis_case is not None:
            try:
                return await self._analysis(ctx, analysis_case, args, version)
            except Refused as refusal:
                return [refusal_reply(update, ctx.refusal(refusal))]

        last: list[Context] = []
        sent: list[bytes] = []
        scheduled: list[float] = []

        async def fn(current: Versioned | None) -> bytes | None:
            attempt = self._context(update, lang)
            last[:] = [attempt]
            sent.clear()
            table = Table.decode(current.payload) if current is not None else None
            try:
                new = self._decide(attempt, table, action, args, version)
            except Refused as refusal:
                attempt.replies = [refusal_reply(update, attempt.refusal(refusal))]
                return None
            except EngineError as exc:
                attempt.replies = [refusal_reply(update, attempt.engine_text(exc))]
                return None
            if new is None:
                return None
            if new.seat_of(update.user.ref) is not None and new.lang != lang:
                new = new.evolve(lang=lang)  # the clock's notices speak the players' language
            if update.frugal and not new.place.frugal:
                new = new.with_frugal()  # every later turn here spends few messages
            new = results.carried(table, new, attempt.ended)
            attempt.written = new
            # The deadline goes in before the write that needs it (a hint the tick re-checks);
            # a clock's event already in the index is not put there again.
            due = self.writer.deadline_of(new)
            unchanged = table is not None and due == wake(new) == wake(table)
            if due is not None and not unchanged:
                scheduled.append(due)
                await self.store.set_deadline(update.table, due)
            sent.append(new.encode())
            return sent[-1]

        try:
            result = await self.writer.update(update.table, fn, update.update_id)
        except WriteUnconfirmed:
            return await self._unconfirmed(update, lang, last[0], sent[-1])
        if scheduled and result.status is not UpdateStatus.APPLIED:
            # A deadline set for a write that did not happen: back to what the table says.
            try:
                await self.writer.reschedule(update.table, result.record, scheduled[-1])
            except StoreUnavailable:
                log.warning("deadline not restored table=%s", update.table)  # the tick re-checks
        if result.status is UpdateStatus.DUPLICATE:
            return await self._again(update, lang, result.record)
        if not last:
            return []
        done = last[0]
        if result.status is UpdateStatus.APPLIED:
            return done.replies + await self._applied(update, done)
        return done.replies

    async def _applied(self, update: Update, done: Context) -> list[Reply]:
        """What follows a write that landed (statistics, ratings, history); the replies it adds
        (a rating change).  The write's own replies go out whatever happens here."""
        if self.turns is not None:
            self.turns.written(update.table, done.written)  # computer_moves plays its turn next
        replies, _ = await self.writer.settle(update.table, done.lang, done.written)
        return replies

    async def _again(self, update: Update, lang: str, record: Versioned | None) -> list[Reply]:
        """The answer to a delivery of an update applied before: its change is in the table, and
        its replies may never have been shown (the process that applied it may have stopped
        before it could post them): a short line, and what may have been lost — a lobby as it
        stands with its buttons, or the board when the board of the current version was never
        reported posted (an older board then loses its buttons); never a second live board, nor
        one while the computer is to act (its turn posts it).  Results that process left pending
        for longer than ``results.RETRY_AFTER`` are recorded now (their rating changes posted)."""
        line = refusal_reply(update, t(lang, "app-already-done"))
        out: list[Reply] = [line]
        table = Table.decode(record.payload) if record is not None else None
        if table is not None and table.stage == "lobby":
            # The lobby as it stands, with its buttons (its first message may have been lost).
            ctx = self._context(update, lang)
            out.append(options.lobby_message(ctx, table))
        elif table is not None and not (opponent.waiting(table) or table.board_shown):
            # The board of the current version was never reported posted: it may have been
            # lost, so it is sent again, and an older board loses its buttons (never two live).
            if table.place.board_message is not None:
                out.append(ClearButtons(table.place.board_message))
            out += self._board(update, lang, record)
        if record is not None:
            settled, _ = await self.writer.settle(
                update.table, lang, Table.decode(record.payload), older=results.RETRY_AFTER
            )
            out += settled
        return out

    def _board(self, update: Update, lang: str, record: Versioned | None) -> list[Reply]:
        """What ``board`` shows of the table in ``record`` (nothing when there is no table)."""
        if record is None:
            return []
        ctx = self._context(update, lang)
        try:
            self._decide(ctx, Table.decode(record.payload), "board", (), None)
        except (Refused, EngineError):
            return []
        return ctx.replies

    async def _unconfirmed(
        self, update: Update, lang: str, done: Context, payload: bytes
    ) -> list[Reply]:
        """A write whose answer was lost, and the store could not be asked whether it landed.

        The store is asked again, with growing pauses, for up to :attr:`settle_window` seconds.
        When it answers: the write's own replies if it landed as sent; the table as it stands if
        the update was applied otherwise (another delivery of it); else the outcome is not known
        (the write may still land): the user is told so, with the board.  When the store does not
        answer in time, the update is not applied as far as anyone knows (:class:`NotApplied`:
        the user is told that his move may have been recorded, or that it is kept where the
        update is delivered again, which settles it).
        """
        key = update.table
        self.writer.forget(key)
        log.warning("write unconfirmed table=%s update=%s", key, update.update_id)
        deadline = time.monotonic() + self.settle_window
        attempt = 0
        while True:
            try:
                record, seen = await self.store.load_seen(key, update.update_id)
                break
            except StoreUnavailable:
                pause = SETTLE_PAUSES[min(attempt, len(SETTLE_PAUSES) - 1)]
                if time.monotonic() + pause > deadline:
                    log.warning("outcome unknown table=%s update=%s", key, update.update_id)
                    return [self._not_applied(update, lang, "error-outcome-unknown-later")]
                await asyncio.sleep(pause)
                attempt += 1
        self.writer.remember(key, record)
        if seen and record is not None and record.payload == payload:
            await changes.announce(self.store, key, record)
            return done.replies + await self._applied(update, done)
        if seen:
            return await self._again(update, lang, record)
        line = refusal_reply(update, t(lang, "error-outcome-unknown"))
        return [line, *self._board(update, lang, record)]

    # -- analyses -------------------------------------------------------------------------------

    async def _analysis(
        self, ctx: Context, case: AnalysisCase, args: tuple[Any, ...], version: int | None
    ) -> list[Reply]:
        if self.jobs is None:
            raise Refused("analysis-no-computer")
        return await self.jobs.ask(ctx, case, args, version)

    async def progress(self, table: TableKey) -> AsyncGenerator[list[Reply], None]:
        """Make the analysis whose :class:`~bot.app.types.Progress` message was just posted in
        chat ``table``: the message's edits (:class:`~bot.app.types.EditProgress`) as the
        games are done, then the result.  Never raises; yields nothing when no analysis waits.

        Adapters call it right after posting a ``Progress`` reply and perform each batch like
        the replies of ``handle``, an ``EditProgress`` being an edit of that message.  The work
        is done in the computer's worker processes: the event loop never waits on it.  The
        chat's claim on the analysis is given back when it ends, closed or cancelled too.
        """
        if self.jobs is None:
            return
        async for replies in self.jobs.progress(table):
            yield replies

    def begin_progress(self, table: TableKey) -> None:
        """The adapter begins to post chat ``table``'s progress message: its analysis is under
        way from now, however long the post takes (a chat's rate limit)."""
        if self.jobs is not None:
            self.jobs.begin(table)

    async def forgo_progress(self, table: TableKey) -> None:
        """Give up the analysis asked for in chat ``table`` whose :class:`Progress` message
        was posted but whose :meth:`progress` was never begun (the adapter stopped first): its
        claim is given back.  Nothing happens when none waits (one begun gives its claim back
        when it ends, cancelled too).  Never raises."""
        if self.jobs is not None:
            await self.jobs.forgo(table)

    # -- the computer's turns -------------------------------------------------------------------

    async def computer_moves(
        self, table: TableKey, *, resume: bool = False
    ) -> AsyncIterator[list[Reply]]:
        """Play the computer's turns at ``table`` that this process's last update there left
        it (``resume``: or that the table waits for anyway, as a restarted console's table
        may); each applied turn's replies, in order.  Never raises.

        Adapters call it after performing the replies of ``handle`` and post what it yields
        the same way.  At ``expert`` a ``[Thinking()]`` comes first.  Nothing is yielded (and
        nothing loaded) when the last update left no turn to the computer.  A turn this process
        does not finish (it was stopped) is due for :meth:`tick` a few seconds later, in any
        process.
        """
        if self.turns is None:
            return
        async for replies in self.turns.moves(table, resume=resume):
            yield replies

    def _decide(
        self,
        ctx: Context,
        table: Table | None,
        action: str,
        args: tuple[Any, ...],
        version: int | None,
    ) -> Table | None:
        """Check the button is current and the table fit for the action; call its use case."""
        stale = table is None or table.version != version
        if version is not None and action != "setting" and stale:
            asked = table is not None and chouette_play.still_asked(
                table, ctx.user.ref, action, version
            )
            if not asked:
                raise Refused("hint-stale" if action == "hint_play" else "error-stale")
        if table is not None:
            ctx.names = {seat.user: seat.name for seat in table.seats}
            fair.load(ctx, table)
        if action == "notation":
            # A bare play typed in a group is a move only from a player at the table.
            seated = table is not None and table.seat_of(ctx.user.ref) is not None
            if not seated and not ctx.update.private:
                return None
            action = "move"
        case = TABLE_CASES.get(action, DEFAULT)
        new: Table | None
        if case.opens is not None:
            new = case.opens(ctx, table, args)
        else:
            if table is None or (table.stage == "over" and not case.closed):
                raise Refused("error-no-table")
            if table.stage == "lobby" and not case.lobby:
                raise Refused("app-not-started")
            chouette = case.chouette is not None and table.mode == "chouette"
            decide = case.chouette if chouette else case.decide
            assert decide is not None
            new = decide(ctx, table, action, args)
        return None if new is None else fair.keep(ctx, new)
