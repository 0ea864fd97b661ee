"""The puzzles in the app (:class:`Puzzles`): the errors of every analysis kept as its players'
puzzles (and in the pool of the chat where the games were played), the daily puzzle's tick and
its report; and the daily puzzle's use cases, ``settings puzzle`` and the answers' buttons."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from bot.ai.report import Analysis
from bot.app.context import Context, Refused
from bot.app.match_analysis import Job, decision_game
from bot.app.payload import Payload, format_payload
from bot.app.players import user_key
from bot.app.puzzles import daily, views
from bot.app.puzzles.builtin import builtin
from bot.app.puzzles.daily import Answer, Daily, daily_key, home_of, record_key
from bot.app.puzzles.glicko import MIN_DEVIATION, rate
from bot.app.puzzles.grading import SCORE
from bot.app.puzzles.personal import BOARD, drawn_for, load_deck, rated
from bot.app.puzzles.records import MIN_LOSS, Deck, Puzzle, Unit, deck_key, from_decision
from bot.app.table import computer_level
from bot.app.types import Reply, SendText, Toast
from bot.i18n import t
from bot.store import (
    ConflictError,
    CorruptRecord,
    Store,
    StoreUnavailable,
    TableKey,
    UpdateStatus,
    UserKey,
    Versioned,
)
from bot.store.base import leaderboard_key
from engine.errors import EngineError

__all__ = ["Puzzles", "daily_answer", "daily_setting", "puzzles_of"]

log = logging.getLogger("bot.app.puzzles")

OFF_WORDS = frozenset({"off", "no", "none", "stop"})


def puzzles_of(job: Job, analysis: Analysis, now: float) -> dict[int, list[Puzzle]]:
    """The puzzles of an analysis, by the seat of the player whose errors they are."""
    unit: Unit = "chance" if analysis.engine == "nardy" else "equity"
    out: dict[int, list[Puzzle]] = {0: [], 1: []}
    for decision in analysis.decisions:
        if decision.loss < MIN_LOSS or decision.player not in out:
            continue
        try:
            shown = decision_game(job.match, decision)
            puzzle = from_decision(job.match, decision, shown, unit, analysis.ply, now)
        except EngineError:
            continue
        if puzzle is not None:
            out[decision.player].append(puzzle)
    return out


def person(ref: str) -> UserKey | None:
    """The store key of a person's reference (``None``: the computer, or nobody)."""
    if not ref or computer_level(ref) is not None:
        return None
    return user_key(ref)


def _daily(record: Versioned | None) -> Daily | None:
    try:
        return Daily.from_bytes(record.payload if record is not None else None)
    except (CorruptRecord, EngineError, KeyError, TypeError, ValueError):
        log.warning("a daily puzzle record could not be read")
        return None


class Puzzles:
    """The puzzles of the chats of ``store`` (see the module's docstring); ``clock`` tells the
    time, ``default_language`` the daily puzzle's of a chat that chose none."""

    def __init__(
        self, store: Store, clock: Callable[[], float], default_language: str = "en"
    ) -> None:
        self.store = store
        self.clock = clock
        self.default_language = default_language

    # -- from the analyses ---------------------------------------------------------------------

    async def collect(self, job: Job, analysis: Analysis) -> None:
        """Keep the errors of ``analysis`` as its players' puzzles (the computer's left out)
        and in the pool of the chat its games were played in, where that chat has a daily
        puzzle.  Each puzzle is kept once, however often its game is analysed.  Never raises."""
        try:
            await self._collect(job, analysis)
        except (StoreUnavailable, ConflictError):
            log.warning("the puzzles of an analysis were not kept")
        except Exception:
            log.exception("the puzzles of an analysis were not kept")

    async def _collect(self, job: Job, analysis: Analysis) -> None:
        now = self.clock()
        # Setting the positions out is CPU work: done off the event loop.
        found = await asyncio.to_thread(puzzles_of, job, analysis, now)
        for seat, puzzles in found.items():
            user = person(job.players[seat])
            if user is None or not puzzles:
                continue

            def add(current: Versioned | None, mine: list[Puzzle] = puzzles) -> bytes | None:
                deck = Deck.from_bytes(current.payload if current is not None else None)
                more = deck.adding(mine, now)
                return None if more is deck else more.to_bytes()

            await self.store.update(deck_key(user), add)
        if job.chat is None:
            return
        every = [p for seat in (0, 1) for p in found[seat]]

        def pool(current: Versioned | None) -> bytes | None:
            record = _daily(current)
            if record is None or record.at is None:
                return None
            more = daily.with_pool(record, every)
            return None if more is record else more.to_bytes()

        if every:
            await self.store.update(record_key(job.chat), pool)

    # -- the daily puzzle ----------------------------------------------------------------------

    async def tick(self, key: TableKey, when: float, now: float) -> tuple[TableKey, list[Reply]]:
        """Chat ``home_of(key)``'s daily puzzle is due: a new day's puzzle handed out, or one
        never reported posted handed out again (:func:`bot.app.puzzles.daily.advance`); the
        chat and what to post there."""
        home = home_of(key)
        handed: list[Daily] = []

        def fn(current: Versioned | None) -> bytes | None:
            handed.clear()
            record = _daily(current)
            if record is None:
                return None
            new, post = daily.advance(record, now, builtin(), home)
            if post:
                handed.append(new)
            return None if new == record else new.to_bytes()

        result = await self.store.update(record_key(home), fn)
        due = daily.next_due(_daily(result.record))
        if due is not None:
            await self.store.set_deadline(key, due)
        if due is None or due != when:
            await self.store.clear_deadline(key, when)
        if not handed or result.status is not UpdateStatus.APPLIED:
            return home, []
        record = handed[0]
        lang = record.lang or self.default_language

        def tr(message: str, **params: Any) -> str:
            return t(lang, message, **params)

        def payload_of(index: int) -> str:
            return format_payload(Payload("daily_answer", (index,), record.day))

        replies: list[Reply] = []
        shown = record.yesterday
        if shown is not None and shown.puzzle != record.puzzle:
            revealed = daily.reveal(tr, lang, shown)
            if revealed is not None:
                replies.append(revealed)
        return home, [*replies, daily.post(tr, lang, record, payload_of)]

    async def daily_posted(self, home: TableKey, day: int, message: str | None) -> None:
        """Chat ``home``'s puzzle of day ``day`` was posted (as message ``message``), or the chat
        refused it (trying again would not help): it is not handed out again.  When the store
        fails here, it is, later: shown twice rather than lost."""

        def fn(current: Versioned | None) -> bytes | None:
            record = _daily(current)
            if record is None or record.day != day or record.posted:
                return None
            return replace(record, posted=True, message=message).to_bytes()

        try:
            await self.store.update(record_key(home), fn)
        except (StoreUnavailable, ConflictError):
            log.warning("daily puzzle not recorded posted chat=%s day=%d", home, day)


async def daily_setting(ctx: Context, args: tuple[Any, ...]) -> list[Reply]:
    """``settings puzzle 09:00`` / ``settings puzzle off``: the chat's daily puzzle, by an
    administrator (anyone in a private chat); ``settings puzzle``: as it is set."""
    home = ctx.update.table
    store = ctx.users.store
    words = " ".join(str(a) for a in args).strip().lower()
    if not words:
        record = _daily(await store.load(record_key(home)))
        if record is None or record.at is None:
            return [SendText(ctx.tr("puzzle-daily-is-off"))]
        return [SendText(ctx.tr("puzzle-daily-is-on", time=daily.time_text(record.at)))]
    if not (ctx.update.admin or ctx.update.private):
        raise Refused("puzzle-daily-admin")
    at = None if words in OFF_WORDS else daily.parse_time(words)
    if at is None and words not in OFF_WORDS:
        raise Refused("puzzle-daily-bad-time", time=words[:20])
    written: list[Daily] = []

    def fn(current: Versioned | None) -> bytes | None:
        new = daily.setting(_daily(current), at, ctx.lang, ctx.now)
        written[:] = [new]
        return new.to_bytes()

    result = await store.update(record_key(home), fn, update_id=ctx.update.update_id)
    if result.status is UpdateStatus.DUPLICATE:
        raise Refused("app-already-done")
    due = daily.next_due(written[0])
    key = daily_key(home)
    if due is None:
        await store.clear_deadline(key)
        return [SendText(ctx.tr("puzzle-daily-off"))]
    await store.set_deadline(key, due)
    return [SendText(ctx.tr("puzzle-daily-on", time=daily.time_text(at or 0)))]


async def daily_answer(ctx: Context, args: tuple[Any, ...]) -> list[Reply]:
    """An answer's button on the chat's puzzle of the day: graded for the presser alone (a
    note), counted for the next day's message, rated (his rating against the puzzle's, which
    moves too).  One answer each."""
    if len(args) != 1:
        raise Refused("error-bad-payload")
    index, day = int(args[0]), drawn_for(ctx)
    home = ctx.update.table
    store = ctx.users.store
    player = await load_deck(store, ctx.user.key)
    done: list[tuple[Puzzle, int]] = []

    def fn(current: Versioned | None) -> bytes | None:
        done.clear()
        record = _daily(current)
        if record is None or record.puzzle is None or record.day != day:
            raise Refused("puzzle-daily-over")
        before = record.answer_of(ctx.user.ref)
        if before is not None:
            raise Refused("puzzle-daily-again", band=before.band)
        puzzle = record.puzzle
        if not 0 <= index < len(puzzle.choices):
            raise Refused("error-bad-payload")
        _, graded = puzzle.grade(index)
        _, theirs = rated(player.rating, puzzle.rating, graded)
        answer = Answer(ctx.user.ref, ctx.user.name, graded)
        new = replace(
            record, puzzle=replace(puzzle, rating=theirs), answers=(*record.answers, answer)
        )
        done.append((puzzle, index))
        return new.to_bytes()

    result = await store.update(record_key(home), fn, update_id=ctx.update.update_id)
    if result.status is UpdateStatus.DUPLICATE or not done:
        raise Refused("app-already-done")
    puzzle, answered = done[0]
    choice, graded = puzzle.grade(answered)
    changed: list[tuple[Deck, Deck]] = []

    def mine(current: Versioned | None) -> bytes | None:
        deck = Deck.from_bytes(current.payload if current is not None else None)
        score = SCORE[graded]
        new = replace(
            deck,
            rating=rate(deck.rating, [(puzzle.rating, score)], floor=MIN_DEVIATION),
            rated=deck.rated + 1,
            name=ctx.user.name,
        )
        changed[:] = [(deck, new)]
        return new.to_bytes()

    lines = [ctx.tr("puzzle-grade", band=graded, answer=views.choice_text(ctx.tr, puzzle, choice))]
    if graded != "best":
        best = views.choice_text(ctx.tr, puzzle, puzzle.best)
        lines.append(ctx.tr("puzzle-daily-best", answer=best, unit=puzzle.unit, loss=-choice.loss))
    mark = await store.update(deck_key(ctx.user.key), mine, update_id=ctx.update.update_id)
    if mark.status is UpdateStatus.APPLIED and changed:
        old, new = changed[0]
        scores = {ctx.user.key.user: new.rating.rating}
        await store.set_scores(leaderboard_key(ctx.user.platform, BOARD), scores)
        await store.set_scores(leaderboard_key(ctx.user.platform, BOARD, home), scores)
        change = new.rating.rating - old.rating.rating
        lines.append(ctx.tr("puzzle-rating-change", rating=new.rating.rating, change=change))
    return [Toast("\n".join(lines))]
