"""The chat application's pipeline: one :class:`App` turns an :class:`Update` into reply actions.

Every update goes through the same path: parse (a command, a play in notation, or a button payload)
→ load the table → check that the button is current → call the action's use case
(:mod:`bot.app.registry`) → compare-and-set the table together with the update id → answer in
the sender's language.  A refusal (not your turn, stale button, illegal play …) writes nothing; an
unexpected error is logged with the table key and answered politely; nothing is kept in process
memory but caches of what the store holds.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections import OrderedDict
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable
from typing import Any

from bot.ai.worker import fallback_action
from bot.app import analysis, clock, computer, fair, places, published, results
from bot.app.analysis import Analyser
from bot.app.commands import Command, TooLong, UnknownCommand, parse_command
from bot.app.computer import Opponent
from bot.app.context import Context, Refused, refusal_reply, usage
from bot.app.dice import DiceScheme, TableDice
from bot.app.hint import Adviser
from bot.app.payload import InvalidPayload, parse_payload
from bot.app.registry import (
    ANALYSIS_CASES,
    DEFAULT,
    READ_CASES,
    TABLE_CASES,
    USER_CASES,
    AnalysisCase,
)
from bot.app.settings import SETTING_ALIASES
from bot.app.syntax import CommandSyntax, say, typed_syntax
from bot.app.table import COMPUTER, Table
from bot.app.timing import actor, wake, wake_time
from bot.app.types import EditProgress, Progress, Reply, Thinking, Update, User
from bot.app.users import UserRecords
from bot.i18n import negotiate, t
from bot.store import (
    CasResult,
    ConflictError,
    Store,
    StoreUnavailable,
    TableKey,
    Unreachable,
    UpdateResult,
    UpdateStatus,
    Versioned,
    WriteUnconfirmed,
)
from engine.errors import EngineError
from engine.game import DiceSource

log = logging.getLogger("bot.app")

RECORD_CACHE = 1024
"""Tables whose last seen record one process keeps to skip a load (see ``App._update``)."""

SETTLE_WINDOW = 30.0
"""Seconds an update whose write went unanswered keeps asking the store whether it landed
(with growing pauses) before it answers that the outcome is not known yet."""

SETTLE_PAUSES = (0.1, 0.25, 0.5, 1.0, 2.0, 4.0)
"""Pauses between those questions (the last one repeats)."""

FOLLOW_WITHIN = 60.0
"""Seconds an analysis waits for its adapter to follow its progress message (``App.progress``);
one never followed (the message could not be posted) no longer keeps the chat busy after it."""

TICK_BATCH = 500
"""Due clocks one tick looks at (of every platform; each adapter serves its own)."""

_NOTATION_RE = re.compile(r"^(?:bar|off|[0-9]|[\s/\-*()(),.])+$", re.IGNORECASE)

Parsed = tuple[str, tuple[Any, ...], int | None]
"""An update's action, its arguments, and the table version its button was drawn for."""


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
        progress_every: float = analysis.PROGRESS_EVERY,
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
        self._records: OrderedDict[TableKey, Versioned] = OrderedDict()
        self._computer_next: set[TableKey] = set()
        """Tables this process's last write there left waiting on the computer."""
        self._computer_busy: set[TableKey] = set()
        """Tables whose computer turn this process is playing now."""
        self._syntaxes: dict[str, CommandSyntax] = {}
        self._analyses: dict[TableKey, tuple[analysis.Job, Context, float]] = {}
        """Analyses asked for in a chat whose progress message is not followed yet (and when)."""
        self._analysing: set[TableKey] = set()
        """Chats whose analysis this process is making now (one at a time in a chat)."""

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
            return [
                refusal_reply(
                    update,
                    say(lang, self.syntax_of(update.table.platform), "error-outcome-unknown-later"),
                )
            ]
        except (StoreUnavailable, ConflictError) as exc:
            log.warning(
                "store %s table=%s update=%s", type(exc).__name__, update.table, update.update_id
            )
            return [refusal_reply(update, t(lang, "error-unavailable"))]
        except Exception:
            log.exception("update failed table=%s update=%s", update.table, update.update_id)
            return [refusal_reply(update, t(lang, "error-internal"))]

    async def board_posted(self, table: TableKey, message: str, version: int) -> None:
        """Remember that the board drawn for ``version`` is message ``message`` in the chat.

        The next turn's reply then takes that message's buttons away.  A board of an older
        version is ignored.  This write does not change the table's version (no button goes
        stale because of it).
        """

        def fn(current: Versioned | None) -> bytes | None:
            if current is None:
                return None
            state = Table.decode(current.payload)
            if state.version != version or state.board_message == message:
                return None
            return state.evolve(board_message=message).encode()

        try:
            cached = self._records.get(table)
            if cached is not None:
                state = Table.decode(cached.payload)
                if state.version > version or state.board_message == message:
                    return  # a newer board is out already, or nothing to note
                new = fn(cached)
                if new is not None:
                    cas = await self.store.compare_and_set(table, cached.version, new)
                    if cas is CasResult.APPLIED:
                        self._remember_record(table, Versioned(new, cached.version + 1))
                        return
            result = await self.store.update(table, fn)
            self._remember_record(table, result.record)
        except (StoreUnavailable, ConflictError):
            # Only a convenience (which message to strip of its buttons later): never fatal.
            log.warning("board message not recorded table=%s message=%s", table, message)

    async def notice_undelivered(self, table: TableKey) -> None:
        """The clock's notices :meth:`tick` returned for ``table`` could not be posted (the bot
        may not write in that chat): the reminder is marked not sent and the table is due again,
        so a later tick posts the notice that is due then.  Never raises."""
        now = self.clock()

        def fn(current: Versioned | None) -> bytes | None:
            if current is None:
                return None
            state = Table.decode(current.payload)
            if state.deadline is None or not state.reminded:
                return None
            return state.evolve(reminded=False).encode()

        try:
            result = await self.store.update(table, fn)
            self._remember_record(table, result.record)
            if result.record is not None and Table.decode(result.record.payload).deadline:
                await self.store.set_deadline(table, now)
        except (StoreUnavailable, ConflictError):
            log.warning("undelivered notice not recorded table=%s", table)

    async def move_table(self, src: TableKey, dst: TableKey) -> Table | None:
        """Move the game in play at ``src`` to chat ``dst`` (a thread opened for it; or back to
        the chat it began in): the table as it now stands at ``dst``, or ``None`` when nothing
        moved (no game in play at ``src``, or ``dst`` holds one already).

        The game is written under ``dst`` first (its ``origin`` the chat it began in), then the
        table at ``src`` is closed, then the clock's due entry follows it.  ``src`` is closed
        only if it still holds the game as it was moved: a move that lost a race to a player's
        update is undone at ``dst``.  Buttons drawn for the game work at ``dst`` (same version).
        """
        record = await self.store.load(src)
        if record is None:
            return None
        table = Table.decode(record.payload)
        if table.stage != "play":
            return None
        before = record.payload
        arrived = places.moved(table, src)

        def write(current: Versioned | None) -> bytes | None:
            if current is not None and Table.decode(current.payload).stage != "over":
                return None
            return arrived.encode()

        update_id = f"move:{src.tag}:{table.version}"
        result = await self.store.update(dst, write, update_id=update_id)
        self._records.pop(dst, None)
        if result.status is UpdateStatus.UNCHANGED:
            return None

        def leave(current: Versioned | None) -> bytes | None:
            if current is None or current.payload != before:
                return None
            return places.closed(table).encode()

        left = await self.store.update(src, leave, update_id=update_id)
        self._records.pop(src, None)
        if left.status is UpdateStatus.UNCHANGED:
            undone = places.closed(arrived)
            await self.store.update(dst, lambda c: undone.encode() if c else None)
            return None
        due = self._computer_due(arrived)
        if due is None and arrived.deadline is not None:
            due = wake_time(arrived)
        if due is not None:
            await self.store.set_deadline(dst, due)
        await self.store.clear_deadline(src)
        if src in self._computer_next:
            self._computer_next.discard(src)
            self._computer_next.add(dst)
        home = TableKey(src.platform, places.home_of(table, src))
        arriving = None if dst == home else places.Away(dst.chat, places.players(arrived))
        leaving = None if src == home else src.chat
        try:
            await self.store.update(places.away_key(home), places.change_away(leaving, arriving))
        except (StoreUnavailable, ConflictError):
            log.warning("games away not recorded table=%s", home)  # a convenience only
        return arrived

    async def keep_table(self, key: TableKey) -> Table | None:
        """The game in play at ``key`` stays there (its own chat could not be opened): it is
        marked placed, so nobody tries to move it again; the table, or ``None`` when it was
        placed already (or is not in play)."""
        kept: list[Table] = []

        def fn(current: Versioned | None) -> bytes | None:
            table = Table.decode(current.payload) if current is not None else None
            if table is None or table.stage != "play" or table.origin is not None:
                return None
            kept[:] = [table.evolve(origin=key.chat)]
            return kept[0].encode()

        result = await self.store.update(key, fn)
        self._remember_record(key, result.record)
        return kept[0] if kept and result.status is UpdateStatus.APPLIED else None

    async def finish_away(self, key: TableKey) -> Table | None:
        """The game at ``key``, moved there from the chat it began in, is over: the table (its
        ``origin`` that chat) the first time this is asked, so its result is announced there
        once; ``None`` when there is nothing (more) to announce.  The chat it began in forgets
        it."""
        done: list[Table] = []

        def fn(current: Versioned | None) -> bytes | None:
            table = Table.decode(current.payload) if current is not None else None
            if table is None or table.stage != "over" or table.origin in (None, key.chat):
                return None
            done[:] = [table]
            return table.evolve(origin=None).encode()

        result = await self.store.update(key, fn)
        self._remember_record(key, result.record)
        if not done or result.status is not UpdateStatus.APPLIED:
            return None
        origin = done[0].origin
        assert origin is not None
        home = TableKey(key.platform, origin)
        try:
            await self.store.update(places.away_key(home), places.change_away(key.chat, None))
        except (StoreUnavailable, ConflictError):
            log.warning("games away not updated table=%s", home)
        return done[0]

    async def games_away(self, home: TableKey) -> list[places.Away]:
        """The games that began in chat ``home`` and play in chats of their own."""
        return places.decode_away(await self.store.load(places.away_key(home)))

    async def claim_command_sync(self, platform: str, scope: str, digest: str) -> bool:
        """Whether this process should upload ``platform``'s command set (digest ``digest``) to
        ``scope``: not when the deployment already has it, nor when another process is uploading
        it (see :mod:`bot.app.published`).  A store that cannot be reached says yes."""
        try:
            return await published.claim(self.store, platform, scope, digest)
        except StoreUnavailable as exc:
            log.warning("command set record not read (%s): uploading", exc)
            return True

    async def command_set_synced(self, platform: str, scope: str, digest: str) -> None:
        """Record that ``platform``'s command set ``digest`` was uploaded to ``scope``."""
        try:
            await published.record(self.store, platform, scope, digest)
        except StoreUnavailable as exc:
            log.warning("command set record not written: %s", exc)

    async def load_table(self, table: TableKey) -> Table | None:
        """The table's current state (for adapters' autocomplete and for tests)."""
        record = await self.store.load(table)
        return Table.decode(record.payload) if record is not None else None

    async def tick(
        self, now: float | None = None, *, platform: str | None = None
    ) -> list[tuple[TableKey, list[Reply]]]:
        """Serve the clocks that are due: reminders, then "time is up" notices.

        Adapters call this periodically (any process may: every event is applied once) and post
        each table's replies to its chat.  ``platform`` limits it to that platform's tables (the
        ones the calling adapter can post to); the others stay due for their own adapter.
        """
        moment = self.clock() if now is None else now
        out: list[tuple[TableKey, list[Reply]]] = []
        try:
            due_now = await self.store.due(moment, limit=TICK_BATCH)
        except StoreUnavailable:
            log.warning("store unavailable: clocks wait for the next tick")
            return out
        for due in due_now:
            if platform is not None and due.table.platform != platform:
                continue
            try:
                replies = await self._tick_table(due.table, due.when, moment)
            except StoreUnavailable:
                log.warning("store unavailable: clocks wait for the next tick")
                return out
            except Exception:
                log.exception("clock failed table=%s", due.table)
                continue
            if replies:
                out.append((due.table, replies))
        return out

    # -- the pipeline ---------------------------------------------------------------------------

    def _context(self, update: Update, lang: str) -> Context:
        ctx = Context(update, lang, self.clock(), TableDice(self.dice), self.users)
        ctx.computer = self.computer is not None
        ctx.syntax = self.syntax_of(update.table.platform)
        return ctx

    async def _handle(self, update: Update, lang: str) -> list[Reply]:
        ctx = self._context(update, lang)
        try:
            action, args, version = self._parse(ctx)
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
            if update.frugal and not new.frugal:
                new = new.evolve(frugal=True)  # every later turn here spends few messages
            new = results.carried(table, new, attempt.ended)
            attempt.written = new
            # The deadline goes in before the write that needs it (a hint the tick re-checks).
            due = self._computer_due(new)
            if due is not None:
                scheduled.append(due)
                await self.store.set_deadline(update.table, due)
            elif new.deadline is not None and (table is None or wake(table) != wake(new)):
                scheduled.append(wake_time(new))
                await self.store.set_deadline(update.table, scheduled[-1])
            if attempt.ended:
                # Should this process stop before it records them, the tick will.
                retry = self._retry_due(new, scheduled[-1] if scheduled else None)
                if retry is not None:
                    scheduled.append(retry)
                    await self.store.set_deadline(update.table, retry)
            sent.append(new.encode())
            return sent[-1]

        try:
            result = await self._update(update.table, fn, update.update_id)
        except WriteUnconfirmed:
            return await self._unconfirmed(update, lang, last[0], sent[-1])
        if scheduled and result.status is not UpdateStatus.APPLIED:
            # A deadline set for a write that did not happen: back to what the table says.
            try:
                await self._reschedule(update.table, result.record, scheduled[-1])
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
        if self.computer is not None and computer.waiting(done.written) is not None:
            self._computer_next.add(update.table)  # computer_moves plays its turn next
        self._ponder(done.written)
        replies, _ = await self._settle(update.table, done.lang, done.written)
        return replies

    async def _again(self, update: Update, lang: str, record: Versioned | None) -> list[Reply]:
        """The answer to a delivery of an update applied before: its change is in the table, and
        its replies may never have been shown (the process that applied it may have stopped
        before it could post them), so the table is shown as it stands, with a short line.
        Results that process left pending for longer than ``results.RETRY_AFTER`` are recorded
        now (and their rating changes posted)."""
        line = refusal_reply(update, t(lang, "app-already-done"))
        out = [line, *self._board(update, lang, record)]
        if record is not None:
            settled, _ = await self._settle(
                update.table, lang, Table.decode(record.payload), older=results.RETRY_AFTER
            )
            out += settled
        return out

    async def _settle(
        self, key: TableKey, lang: str, table: Table | None, *, older: float = 0.0
    ) -> tuple[list[Reply], bool]:
        """Record the results pending in ``table`` (those at least ``older`` seconds old), then
        take them out of the table; the replies to post (the rating changes: only when this
        process took them out, so they are posted once), and whether some are left for a retry
        (the store failed).  Never raises for the store's sake."""
        if table is None or not table.pending:
            return [], False
        now = self.clock()
        readable = results.pending(table)
        unreadable = len(readable) < len(table.pending)
        items = [e for e in readable if now - e.at >= older]
        if not items and not unreadable:
            return [], False
        replies, done, left = await results.settle(self.users, key, lang, items)
        if not done and not unreadable:
            return [], left

        def fn(current: Versioned | None) -> bytes | None:
            if current is None:
                return None
            taken = results.without(Table.decode(current.payload), done)
            return None if taken is None else taken.encode()

        try:
            result = await self.store.update(key, fn)
        except (StoreUnavailable, ConflictError):
            log.warning("pending results not cleared table=%s", key)  # recorded: the tick retries
            return [], True
        self._remember_record(key, result.record)
        return (replies if result.applied else []), left

    def _retry_due(self, table: Table, scheduled: float | None) -> float | None:
        """The deadline that brings the tick to ``table``'s pending results, when it must be set
        (``None``: an earlier one is set already)."""
        retry = self.clock() + results.RETRY_AFTER
        soonest = min(w for w in (retry, wake(table), scheduled) if w is not None)
        return None if soonest == scheduled else soonest

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
        answer in time, the user is told that his move may have been recorded.
        """
        key = update.table
        self._records.pop(key, None)
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
                    return [
                        refusal_reply(
                            update,
                            say(
                                lang,
                                self.syntax_of(update.table.platform),
                                "error-outcome-unknown-later",
                            ),
                        )
                    ]
                await asyncio.sleep(pause)
                attempt += 1
        self._remember_record(key, record)
        if seen and record is not None and record.payload == payload:
            return done.replies + await self._applied(update, done)
        if seen:
            return await self._again(update, lang, record)
        line = refusal_reply(update, t(lang, "error-outcome-unknown"))
        return [line, *self._board(update, lang, record)]

    # -- analyses -------------------------------------------------------------------------------

    async def _analysis(
        self, ctx: Context, case: AnalysisCase, args: tuple[Any, ...], version: int | None
    ) -> list[Reply]:
        """An analysis asked for: refused (none to make, one under way in this chat in this
        process or another, no computer), shown again at once when it was made before, or
        claimed, noted for :meth:`progress` and its progress message returned."""
        key = ctx.update.table
        if self.analyser is None:
            raise Refused("analysis-no-computer")
        if self._analysis_busy(key):
            raise Refused("analysis-busy")
        record = await self.store.load(key)
        table = Table.decode(record.payload) if record is not None else None
        job = await case(ctx, table, args, version)
        kept = await analysis.kept_analysis(self.store, job, self.analyser.analysis_ply)
        if kept is not None:  # made before: shown again at once
            if not await analysis.asked_once(self.store, key, ctx.update.update_id):
                raise Refused("analysis-again")
            return analysis.shown_again(ctx, job, kept)
        if self._analyses.pop(key, None) is not None:
            await analysis.release(self.store, key)  # one never followed: its claim is void
        if not await analysis.claim(self.store, key):
            raise Refused("analysis-busy")  # another process is making one in this chat
        try:
            first = await analysis.asked_once(self.store, key, ctx.update.update_id)
        except BaseException:
            await self._give_back(key)
            raise
        if not first:  # the same update delivered again: it was analysed
            await self._give_back(key)
            raise Refused("analysis-again")
        self._analyses[key] = (job, ctx, time.monotonic())
        return [Progress(analysis.progress_text(ctx, 1, job.games))]

    def _analysis_busy(self, key: TableKey) -> bool:
        if key in self._analysing:
            return True
        pending = self._analyses.get(key)
        return pending is not None and time.monotonic() - pending[2] < FOLLOW_WITHIN

    async def progress(self, table: TableKey) -> AsyncGenerator[list[Reply], None]:
        """Make the analysis whose :class:`~bot.app.types.Progress` message was just posted in
        chat ``table``: the message's edits (:class:`~bot.app.types.EditProgress`) as the
        games are done, then the result.  Never raises; yields nothing when no analysis waits.

        Adapters call it right after posting a ``Progress`` reply and perform each batch like
        the replies of ``handle``, an ``EditProgress`` being an edit of that message.  The work
        is done in the computer's worker processes: the event loop never waits on it.  The
        chat's claim on the analysis is given back when it ends, closed or cancelled too.
        """
        pending = self._analyses.pop(table, None)
        if pending is None or self.analyser is None or table in self._analysing:
            return
        job, ctx, _ = pending
        self._analysing.add(table)
        try:
            async for replies in analysis.run(
                ctx, job, self.analyser, self.progress_every, self.store
            ):
                yield replies
        except Exception:
            log.exception("analysis failed table=%s", table)
            yield [EditProgress(ctx.tr("analysis-failed"))]
        finally:
            self._analysing.discard(table)
            await self._give_back(table)

    async def forgo_progress(self, table: TableKey) -> None:
        """Give up the analysis asked for in chat ``table`` whose :class:`Progress` message
        was posted but whose :meth:`progress` was never begun (the adapter stopped first): its
        claim is given back.  Nothing happens when none waits (one begun gives its claim back
        when it ends, cancelled too).  Never raises."""
        if self._analyses.pop(table, None) is not None:
            await self._give_back(table)

    async def _give_back(self, table: TableKey) -> None:
        try:
            await analysis.release(self.store, table)
        except (StoreUnavailable, ConflictError):
            log.warning("analysis claim not given back table=%s", table)  # it expires

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
        if self.computer is None or table in self._computer_busy:
            return
        if table not in self._computer_next and not resume:
            return
        self._computer_next.discard(table)
        self._computer_busy.add(table)
        try:
            for _ in range(computer.MAX_ACTIONS):
                try:
                    record = await self.store.load(table)
                    state = Table.decode(record.payload) if record is not None else None
                    waits = computer.waiting(state)
                    if record is None or state is None or waits is None:
                        return
                    if waits[1] == "expert":
                        yield [Thinking()]
                    replies = await self._computer_turn(table, record, state, *waits)
                    if replies is None:
                        return
                except (StoreUnavailable, ConflictError):
                    log.warning("store unavailable: the computer's turn waits for a tick")
                    return
                except Exception:
                    log.exception("computer turn failed table=%s", table)
                    return
                if replies:
                    yield replies
        finally:
            self._computer_busy.discard(table)

    def _ponder(self, table: Table | None) -> None:
        """Let the computer think on the person's time where a person at its table is on roll
        or has rolled (:func:`bot.app.computer.to_ponder`); a failure here costs only the head
        start."""
        if self.computer is None:
            return
        try:
            target = computer.to_ponder(table)
            if target is not None:
                self.computer.ponder(*target)
        except Exception:
            log.exception("ponder not started")

    def _computer_due(self, table: Table) -> float | None:
        """When ``App.tick`` should play the computer's turn that ``table`` waits for, should
        the process that means to play it at once not do so (``None``: none is waited for)."""
        if self.computer is None:
            return None
        waits = computer.waiting(table)
        if waits is None:
            return None
        due = self.clock() + self.computer.budget(waits[1]) + computer.GRACE
        return min(due, wake_time(table)) if table.deadline is not None else due

    async def _computer_turn(
        self, key: TableKey, record: Versioned, table: Table, seat: int, level: str
    ) -> list[Reply] | None:
        """Decide the computer's whole turn on ``record`` and write it with one
        compare-and-set; its replies, none when another write came first, ``None`` when the
        computer had nothing to do after all (nothing is written)."""
        assert self.computer is not None
        name = table.seats[seat].name
        update = Update(key, User(COMPUTER, level, name), computer.update_id(table))
        ctx = self._context(update, table.lang or self.default_language)
        ctx.names = {s.user: s.name for s in table.seats}
        fair.load(ctx, table)  # its rolls come from the table's dice, as a person's do
        match = table.state()
        notes: list[str] = []
        acted = False
        for step in range(computer.MAX_ACTIONS):
            if actor(match) != seat or match.game.is_over:
                break
            game = match.game
            seed = f"{key}:{table.version}:{step}"
            action = await self.computer.decide(game, seat, level, seed)
            if action is None:
                break
            try:
                match, more = computer.apply(ctx, table, match, seat, action)
            except EngineError:
                log.exception("computer action refused table=%s action=%s", key, action)
                fallback = fallback_action(game, seat)
                if fallback is None:
                    break
                match, more = computer.apply(ctx, table, match, seat, fallback)
            notes += more
            acted = True
        if not acted:
            log.error("computer had no action table=%s seat=%s", key, seat)
            return None
        new = fair.keep(ctx, computer.finish(ctx, table, match, notes))
        new = results.carried(table, new, ctx.ended)
        due = self._computer_due(new)
        if due is None and new.deadline is not None:
            due = wake_time(new)
        if ctx.ended:
            due = self._retry_due(new, due) or due
        if due is not None:
            await self.store.set_deadline(key, due)  # before the write, as always
        payload = new.encode()
        cas = await self.store.compare_and_set(
            key, record.version, payload, update_id=update.update_id
        )
        if cas is not CasResult.APPLIED:
            self._records.pop(key, None)
            if due is not None:
                await self._reschedule(key, await self.store.load(key), due)
            return []
        self._remember_record(key, Versioned(payload, record.version + 1))
        if computer.waiting(new) is not None:
            self._computer_next.add(key)
        self._ponder(new)
        settled, _ = await self._settle(key, ctx.lang, new)
        return ctx.replies + settled

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

    async def _update(
        self,
        key: TableKey,
        fn: Callable[[Versioned | None], Awaitable[bytes | None]],
        update_id: str,
    ) -> UpdateResult:
        """``store.update`` of a table, first trying the record this process last saw of it.

        When this process wrote (or read) the table last, as it does for every move of a game
        it serves, the decision is made on that record and written with one compare-and-set,
        without loading it again.  A conflict (another process moved the table on) or a
        decision that writes nothing (refusals and reads are always decided on a fresh load)
        falls back to the store's own load → decide → compare-and-set loop.
        """
        cached = self._records.get(key)
        if cached is not None:
            new = await fn(cached)
            if new is not None:
                try:
                    cas = await self.store.compare_and_set(
                        key, cached.version, new, update_id=update_id
                    )
                except Unreachable:
                    raise  # never sent: the store is away, and nothing happened
                except StoreUnavailable as exc:
                    # The reply was lost: the write may have happened.  The store's loop below
                    # finds the update id seen, and the record tells whether it was this one.
                    self._records.pop(key, None)
                    try:
                        result = await self.store.update(key, fn, update_id=update_id)
                    except StoreUnavailable:
                        raise WriteUnconfirmed(f"{key}: a write went unanswered") from exc
                    if (
                        result.status is UpdateStatus.DUPLICATE
                        and result.record is not None
                        and result.record.payload == new
                    ):
                        result = UpdateResult(UpdateStatus.APPLIED, result.record, 0)
                    self._remember_record(key, result.record)
                    return result
                if cas is CasResult.APPLIED:
                    record = Versioned(new, cached.version + 1)
                    self._remember_record(key, record)
                    return UpdateResult(UpdateStatus.APPLIED, record, 0)
                if cas is CasResult.DUPLICATE:
                    self.store.counters.duplicates += 1  # as the store's own loop counts them
                    current = await self.store.load(key)
                    self._remember_record(key, current)
                    return UpdateResult(UpdateStatus.DUPLICATE, current, 0)
                self.store.counters.cas_conflicts += 1
        result = await self.store.update(key, fn, update_id=update_id)
        self._remember_record(key, result.record)
        return result

    def _remember_record(self, key: TableKey, record: Versioned | None) -> None:
        if record is None:
            self._records.pop(key, None)
            return
        self._records[key] = record
        self._records.move_to_end(key)
        while len(self._records) > RECORD_CACHE:
            self._records.popitem(last=False)

    async def _reschedule(self, key: TableKey, record: Versioned | None, stray: float) -> None:
        table = Table.decode(record.payload) if record is not None else None
        due = self._computer_due(table) if table is not None else None
        if due is None and table is not None and table.deadline is not None:
            due = wake_time(table)
        if table is not None and table.pending:
            due = self._retry_due(table, due) or due
        if due is not None:
            await self.store.set_deadline(key, due)
        else:
            await self.store.clear_deadline(key, stray)

    async def _tick_table(self, key: TableKey, when: float, now: float) -> list[Reply]:
        record = await self.store.load(key)
        state = Table.decode(record.payload) if record is not None else None
        settled: list[Reply] = []
        if state is not None and state.pending:
            # Results a process wrote and did not record (it stopped, or the store failed).
            settled, left = await self._settle(key, state.lang or self.default_language, state)
            if left:
                await self.store.set_deadline(key, now + results.RETRY_AFTER)
                return settled
            record = await self.store.load(key)
            state = Table.decode(record.payload) if record is not None else None
        if self.computer is not None and key not in self._computer_busy:
            waits = computer.waiting(state)
            if record is not None and state is not None and waits is not None:
                # A computer turn nobody finished (its process stopped mid-thought): play it.
                self._computer_busy.add(key)
                try:
                    played = await self._computer_turn(key, record, state, *waits)
                finally:
                    self._computer_busy.discard(key)
                await self.store.clear_deadline(key, when)
                return settled + (played or [])
        replies: list[Reply] = []
        pending: list[float] = []

        async def fn(current: Versioned | None) -> bytes | None:
            table = Table.decode(current.payload) if current is not None else None
            new, notices, next_event = clock.due(
                table, now, self.default_language, self.syntax_of(key.platform)
            )
            replies[:] = notices
            pending[:] = [] if next_event is None else [next_event]
            if new is None:
                return None
            if pending:
                await self.store.set_deadline(key, pending[-1])  # before the write, as always
            return new.encode()

        result = await self.store.update(key, fn, update_id=f"clock:{when}")
        self._remember_record(key, result.record)
        if pending and result.status is UpdateStatus.UNCHANGED:
            await self.store.set_deadline(key, pending[-1])
        if not pending or pending[-1] != when:
            await self.store.clear_deadline(key, when)
        if result.status is not UpdateStatus.APPLIED:
            return settled
        return settled + list(replies)

    # -- parsing --------------------------------------------------------------------------------

    def _parse(self, ctx: Context) -> Parsed:
        update = ctx.update
        if update.button is not None:
            try:
                payload = parse_payload(update.button)
            except InvalidPayload:
                raise Refused("error-bad-payload") from None
            if payload.action == "setting" and payload.args and payload.args[0] == "language":
                return "language", payload.args[1:], None
            return payload.action, payload.args, payload.version
        text = (update.text or "").strip()
        try:
            command = parse_command(text)
        except TooLong:
            raise Refused("error-too-long") from None
        except UnknownCommand as exc:
            raise Refused("error-unknown-command", command="/" + exc.word.lstrip("/")) from None
        if command is None:
            if text and _NOTATION_RE.match(text) and any(c.isdigit() for c in text):
                return "notation", (text,), None
            if update.private and text:
                raise Refused("app-not-understood")
            return "ignore", (), None
        return _command_action(command)


def _command_action(command: Command) -> Parsed:
    name, args = command.name, command.args
    if name == "move":
        if not args:
            raise usage("move")
        return "move", (" ".join(args),), None
    if name == "settings" and args:
        key = SETTING_ALIASES.get(args[0].lower(), args[0].lower())
        if key == "language":
            return "language", tuple(a.lower() for a in args[1:2]), None
        if len(args) != 2:
            raise usage("settings")
        return "setting", (key, args[1].lower()), None
    if name == "language":
        return "language", tuple(a.lower() for a in args[:1]), None
    if name == "position" and not args:
        return "export", (), None  # the position's own IDs
    return name, args, None
