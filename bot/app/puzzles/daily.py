"""The daily puzzle of a chat: ``settings puzzle 09:00`` (an administrator of the chat; anyone
in a private chat) has one posted there every day at that hour, ``settings puzzle off`` stops it.

The chat's record (:class:`Daily`, beside its table: :func:`record_key`) holds the hour, the
language it was set in, today's puzzle with who answered it and how, yesterday's summary (its
best answer and who found it: shown the next day on its own message, edited — :func:`reveal` —
and in a line of the new one) and a pool of puzzles from the chat's own games (the errors of the
analyses made there); the puzzle of the day is the newest of those not posted yet, else one of
the built-in set (:mod:`bot.app.puzzles.builtin`), each chat going through it in an order of its
own.

Posted once a day, whichever process ticks: the chat is due in the clock's index under a key of
its own (:func:`daily_key`); the tick that finds a new puzzle day writes the day and the puzzle
into the record by compare-and-set before handing it out (:func:`advance`), so of two processes
only one hands it out, and a restarted process finds the day done.  The delivery loop reports it
posted (``Puzzles.daily_posted``); one never reported (the process posting it stopped first) is
handed out again :data:`RETRY` seconds later.  A message and an edit a day is all it spends of
a group's budget: the answers are buttons, each graded in a note to the presser alone.
"""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from bot.app.puzzles import views
from bot.app.puzzles.grading import BANDS, Band, solved
from bot.app.puzzles.records import Puzzle
from bot.app.types import DailyPuzzle, EditBoard
from bot.store import SiblingKey, TableKey
from bot.store.codec import JsonCodec

__all__ = [
    "DAILY",
    "PREFIX",
    "RETRY",
    "Answer",
    "Daily",
    "Yesterday",
    "advance",
    "daily_key",
    "day_of",
    "home_of",
    "is_daily",
    "next_due",
    "parse_time",
    "pick",
    "post",
    "record_key",
    "reveal",
    "slot",
]

DAILY: Final = "daily"
"""The name of a chat's daily puzzle record beside its table."""

PREFIX: Final = "P"
"""The first letter of the chat part of a chat's key in the clock's index (no chat of any
platform is named so: Telegram's and Discord's are numbers, the console's ``local``; a
tournament's records begin with ``T``)."""

RETRY: Final = 900.0
"""Seconds after which a puzzle handed out and never reported posted is handed out again."""

APART: Final = 12 * 3600.0
"""Seconds at least between two puzzles of a chat when its hour is changed."""

USED_KEPT: Final = 400
"""Ids of the puzzles a chat was given that it remembers (it is not given them again)."""

POOL_KEPT: Final = 20
"""Puzzles from the chat's own games kept for its days to come."""

CODEC: Final = JsonCodec(schema=1)

_TIME = re.compile(r"(\d{1,2})[:.h](\d{2})(?:\s*(?:utc|gmt)?\s*([+-])(\d{1,2})(?::?(\d{2}))?)?\Z")


def daily_key(chat: TableKey) -> TableKey:
    """The key under which chat ``chat``'s daily puzzle is due in the clock's index."""
    return TableKey(chat.platform, PREFIX + chat.chat, chat.topic)


def is_daily(key: TableKey) -> bool:
    """Whether ``key`` is a chat's daily puzzle's key in the clock's index."""
    return key.chat.startswith(PREFIX)


def home_of(key: TableKey) -> TableKey:
    """The chat whose daily puzzle's key ``key`` is."""
    return TableKey(key.platform, key.chat[len(PREFIX) :], key.topic)


def record_key(chat: TableKey) -> SiblingKey:
    """The record of chat ``chat``'s daily puzzle."""
    return SiblingKey(chat, DAILY)


def day_of(now: float, at: int) -> int:
    """The puzzle day ``now`` falls in for a chat whose puzzle comes at ``at`` minutes past
    midnight UTC (a day begins at that minute)."""
    return math.floor((now / 60.0 - at) / 1440.0)


def slot(day: int, at: int) -> float:
    """When puzzle day ``day`` begins (seconds since the epoch)."""
    return (day * 1440.0 + at) * 60.0


def parse_time(text: str) -> int | None:
    """Minutes past midnight UTC of ``09:00`` (UTC), ``9:30``, ``09:00+3``, ``09:00 UTC+03:00``
    (an hour in that offset from UTC), ``None`` for anything else.

    >>> parse_time("09:00"), parse_time("9:30"), parse_time("12:00+3"), parse_time("0:30 UTC-1")
    (540, 570, 540, 90)
    >>> parse_time("25:00"), parse_time("soon")
    (None, None)
    """
    found = _TIME.fullmatch(text.strip().lower())
    if found is None:
        return None
    hours, minutes = int(found.group(1)), int(found.group(2))
    if hours > 23 or minutes > 59:
        return None
    offset = 0
    if found.group(3):
        off_h, off_m = int(found.group(4)), int(found.group(5) or 0)
        if off_h > 14 or off_m > 59:
            return None
        offset = (off_h * 60 + off_m) * (1 if found.group(3) == "+" else -1)
    return (hours * 60 + minutes - offset) % 1440


def time_text(at: int) -> str:
    """``09:00``: the minutes past midnight ``at`` as a clock shows them."""
    return str(at // 60).zfill(2) + ":" + str(at % 60).zfill(2)


@dataclass(frozen=True, slots=True)
class Answer:
    """Who answered the day's puzzle (his reference and name) and how."""

    ref: str
    name: str
    band: Band


@dataclass(frozen=True, slots=True)
class Yesterday:
    """What the next day tells of a day's puzzle, on its own message (``message``: its answer
    and figures on the best answer's board) and in a line of the new one: its best answer, who
    found it (or came within :data:`~bot.app.puzzles.grading.CLOSE` of it) and how many
    answered."""

    puzzle: Puzzle
    solvers: tuple[str, ...]
    answered: int
    message: str | None = None


@dataclass(frozen=True)
class Daily:
    """A chat's daily puzzle (see the module's docstring).  ``at``: minutes past midnight UTC
    (``None``: off); ``day``: the puzzle day of the last puzzle handed out (or of the setting);
    ``own``: today's puzzle comes from the chat's own games."""

    at: int | None = None
    lang: str = "en"
    day: int = -1
    puzzle: Puzzle | None = None
    own: bool = False
    handed: float | None = None
    posted: bool = False
    message: str | None = None
    answers: tuple[Answer, ...] = ()
    yesterday: Yesterday | None = None
    used: tuple[str, ...] = ()
    pool: tuple[Puzzle, ...] = field(default_factory=tuple)

    def answer_of(self, ref: str) -> Answer | None:
        return next((a for a in self.answers if a.ref == ref), None)

    def to_bytes(self) -> bytes:
        data: dict[str, Any] = {
            "at": self.at,
            "lang": self.lang,
            "day": self.day,
            "puzzle": None if self.puzzle is None else self.puzzle.to_dict(),
            "own": self.own,
            "handed": self.handed,
            "posted": self.posted,
            "message": self.message,
            "answers": [[a.ref, a.name, a.band] for a in self.answers],
            "used": list(self.used),
            "pool": [p.to_dict() for p in self.pool],
        }
        if self.yesterday is not None:
            y = self.yesterday
            data["yesterday"] = [y.puzzle.to_dict(), list(y.solvers), y.answered, y.message]
        return CODEC.encode(data)

    @classmethod
    def from_bytes(cls, payload: bytes | None) -> Daily | None:
        """The record in ``payload`` (``None``: none); raises
        :class:`~bot.store.CorruptRecord`, ``KeyError``, ``TypeError``, ``ValueError`` or
        :class:`~engine.errors.EngineError` for one that cannot be read."""
        if payload is None:
            return None
        data = CODEC.decode(payload, key="daily")
        puzzle = data.get("puzzle")
        yesterday = data.get("yesterday")
        at = data.get("at")
        handed = data.get("handed")
        message = data.get("message")
        return cls(
            None if at is None else int(at),
            str(data.get("lang", "en")),
            int(data.get("day", -1)),
            None if puzzle is None else Puzzle.from_dict(puzzle),
            bool(data.get("own", False)),
            None if handed is None else float(handed),
            bool(data.get("posted", False)),
            None if message is None else str(message),
            tuple(
                Answer(str(ref), str(name), band)
                for ref, name, band in data.get("answers", [])
                if band in BANDS
            ),
            None
            if yesterday is None
            else Yesterday(
                Puzzle.from_dict(yesterday[0]),
                tuple(str(n) for n in yesterday[1]),
                int(yesterday[2]),
                None if len(yesterday) < 4 or yesterday[3] is None else str(yesterday[3]),
            ),
            tuple(str(u) for u in data.get("used", [])),
            tuple(Puzzle.from_dict(p) for p in data.get("pool", [])),
        )


def setting(record: Daily | None, at: int | None, lang: str, now: float) -> Daily:
    """The record with the hour ``at`` (``None``: off) chosen at ``now`` in ``lang``: the first
    puzzle comes at the next such hour, and not within :data:`APART` seconds of the last one
    handed out (an hour changed after today's puzzle gives no second one today)."""
    current = record or Daily()
    if at is None:
        return replace(current, at=None)
    day = day_of(now, at)
    if current.handed is not None:
        day = max(day, day_of(current.handed + APART, at))
    return replace(current, at=at, lang=lang, day=day)


def pick(record: Daily, builtin: Sequence[Puzzle], home: TableKey) -> tuple[Puzzle, bool] | None:
    """The puzzle of a new day and whether it comes from the chat's own games: the newest of
    its pool it was not given yet, else the first of the built-in set, in the chat's own order,
    it was not given yet (all given: the set again from its start)."""
    used = set(record.used)
    for puzzle in reversed(record.pool):
        if puzzle.id not in used:
            return puzzle, True
    if not builtin:
        return None
    order = sorted(builtin, key=lambda p: hashlib.sha256(f"{home.tag}|{p.id}".encode()).digest())
    fresh = [p for p in order if p.id not in used]
    return (fresh or order)[0], False


def advance(
    record: Daily, now: float, builtin: Sequence[Puzzle], home: TableKey
) -> tuple[Daily, bool]:
    """What the tick does at ``now``: a new puzzle day hands out a new puzzle (the day before
    summed up for the message); a puzzle handed out :data:`RETRY` seconds ago and never reported
    posted is handed out again.  The record as it is then, and whether a puzzle is to be posted
    (the record's, written before it is)."""
    if record.at is None:
        return record, False
    today = day_of(now, record.at)
    if record.day >= today:
        late = record.handed is not None and now >= record.handed + RETRY
        if record.puzzle is not None and not record.posted and late:
            return replace(record, handed=now), True
        return record, False
    yesterday = record.yesterday
    if record.puzzle is not None:
        names = tuple(a.name for a in record.answers if solved(a.band))
        yesterday = Yesterday(record.puzzle, names, len(record.answers), record.message)
    chosen = pick(record, builtin, home)
    if chosen is None:
        return replace(record, day=today, puzzle=None, answers=(), yesterday=yesterday), False
    puzzle, own = chosen
    used = (*record.used, puzzle.id)[-USED_KEPT:]
    pool = tuple(p for p in record.pool if p.id != puzzle.id)
    new = replace(
        record,
        day=today,
        puzzle=puzzle,
        own=own,
        handed=now,
        posted=False,
        message=None,
        answers=(),
        yesterday=yesterday,
        used=used,
        pool=pool,
    )
    return new, True


def next_due(record: Daily | None) -> float | None:
    """When the chat's puzzle needs the tick next: the next day's hour, or a puzzle's second
    handing out (``None``: off)."""
    if record is None or record.at is None:
        return None
    times = [slot(record.day + 1, record.at)]
    if record.puzzle is not None and not record.posted and record.handed is not None:
        times.append(record.handed + RETRY)
    return min(times)


def with_pool(record: Daily, puzzles: Sequence[Puzzle]) -> Daily:
    """The record with ``puzzles`` from the chat's own games it lacks (the newest
    :data:`POOL_KEPT` kept)."""
    known = {p.id for p in record.pool} | set(record.used)
    new = [p for p in puzzles if p.id not in known]
    if not new:
        return record
    return replace(record, pool=(*record.pool, *new)[-POOL_KEPT:])


Tr = Callable[..., str]


def reveal(tr: Tr, lang: str, yesterday: Yesterday) -> EditBoard | None:
    """Yesterday's message, the next day: its answer's board, who found it, every answer's
    figures, no buttons (``None``: its message is not known)."""
    if yesterday.message is None:
        return None
    puzzle = yesterday.puzzle
    lines = [
        tr(
            "puzzle-daily-solved",
            answer=views.choice_text(tr, puzzle, puzzle.best),
            solvers=", ".join(yesterday.solvers) if yesterday.solvers else "none",
            answered=yesterday.answered,
        ),
        *views.choice_lines(tr, puzzle),
    ]
    board = views.answer_board(tr, lang, puzzle)
    return EditBoard(yesterday.message, board, "\n".join(lines))


def post(tr: Tr, lang: str, record: Daily, payload_of: Callable[[int], str]) -> DailyPuzzle:
    """The day's message: yesterday's best answer and who found it, then today's puzzle, its
    answers as buttons."""
    assert record.puzzle is not None
    puzzle = record.puzzle
    lines: list[str] = []
    y = record.yesterday
    if y is not None:
        lines.append(
            tr(
                "puzzle-daily-yesterday",
                answer=views.choice_text(tr, y.puzzle, y.puzzle.best),
                solvers=", ".join(y.solvers) if y.solvers else "none",
                answered=y.answered,
            )
        )
    lines.append(tr("puzzle-daily-title", source="own" if record.own else "builtin"))
    lines.append(views.question_line(tr, puzzle))
    lines.append(tr("puzzle-daily-how"))
    board = views.question_board(tr, lang, puzzle)
    buttons = views.keyboard(tr, puzzle, payload_of)
    return DailyPuzzle(board, "\n".join(lines), buttons, day=record.day)
