"""The correspondence clock's arithmetic: whose clock runs, when a table next needs attention,
the deadline a new table state carries, and how a duration is read and said."""

from __future__ import annotations

import re
from collections.abc import Callable

from bot.app.context import Context
from bot.app.table import Table
from engine.match import Match

REMIND_BEFORE = 0.2
"""The reminder comes when this share of the move clock is left."""

CALL_AFTER = 60.0
"""Seconds a player must have waited for his opponent before his turn calls him (Discord
pings him): in a brisk game, where both watch the board, nobody is called."""


def actor(match: Match) -> int | None:
    """The player the game waits for (his clock runs), or ``None`` when it waits for nobody."""
    if match.is_over:
        return None
    game = match.game
    if game.is_over or game.turn is None:
        return None
    responder = game.responder
    return responder if responder is not None else game.turn


def wake(table: Table) -> float | None:
    """The table's next clock event, or ``None`` without a running clock."""
    return wake_time(table) if table.clock.deadline is not None else None


def wake_time(table: Table) -> float:
    """When the table's clock next needs attention: the reminder, then the deadline."""
    assert table.clock.deadline is not None
    if table.clock.reminded:
        return table.clock.deadline
    return table.clock.deadline - table.clock.seconds * REMIND_BEFORE


def clocked(ctx: Context, old: Table, new: Table, match: Match, *, fresh: bool = False) -> Table:
    """``new`` with its deadline: a fresh one whenever another player must act."""
    waiting = actor(match) if new.stage == "play" and new.clock.seconds else None
    if waiting is None:
        if new.clock.deadline is None and not new.clock.reminded:
            return new  # no clock: nothing to change
        return new.with_deadline(None)
    before = actor(old.state()) if old.match is not None else None
    if before == waiting and old.clock.deadline is not None and not fresh:
        return new.with_deadline(old.clock.deadline, old.clock.reminded)
    deadline = ctx.now + new.clock.seconds
    if new.event is not None:  # a tournament game: never past the end of its round
        deadline = min(deadline, max(ctx.now, new.event.deadline))
    return new.with_deadline(deadline)


def waited_from(ctx: Context, old: Table, before: object, waiting: object) -> float | None:
    """When the game began to wait for ``waiting`` (who it waits for now; ``before``: who it
    waited for in ``old``): now when that changed, else as ``old`` says."""
    if waiting is None:
        return None
    if before == waiting and old.clock.waited_since is not None:
        return old.clock.waited_since
    return ctx.now


def waited_long(ctx: Context, old: Table, before: object, waiting: object) -> bool:
    """Whether the game passes from ``before`` to ``waiting`` after ``waiting`` waited
    :data:`CALL_AFTER` seconds or more for it (since it passed to ``before``)."""
    if waiting is None or before is None or before == waiting or old.clock.waited_since is None:
        return False
    return ctx.now - old.clock.waited_since >= CALL_AFTER


def _waits(table: Table) -> int | None:
    return actor(table.state()) if table.match is not None and table.stage == "play" else None


def stamped(ctx: Context, old: Table, new: Table, match: Match) -> Table:
    """``new`` with :attr:`~bot.app.table.Table.waited_since`: now when the game waits for
    another player than before, else as it was."""
    waiting = actor(match) if new.stage == "play" else None
    since = waited_from(ctx, old, _waits(old), waiting)
    return new if since == new.clock.waited_since else new.with_waited_since(since)


def called(ctx: Context, old: Table, new: Table, match: Match) -> str | None:
    """The user to call to the board: the player the game now waits for, when it waited for
    his opponent before and he has been waiting for :data:`CALL_AFTER` seconds or more (his
    opponent took that long since the turn passed to him); never the computer, never a player
    whose own turn simply goes on."""
    if new.stage != "play" or match.is_over:
        return None
    waiting = actor(match)
    if waiting is None or waiting >= len(new.seats) or new.seats[waiting].computer:
        return None
    return new.seats[waiting].user if waited_long(ctx, old, _waits(old), waiting) else None


_CLOCK_RE = re.compile(r"(\d{1,4})\s*([mhd]?)\Z")


def parse_clock(text: str) -> int | None:
    """``off`` → 0; ``30m``, ``12h``, ``3d`` (a bare number is minutes) → seconds; else ``None``."""
    word = text.strip().lower()
    if word in ("off", "0", "no"):
        return 0
    found = _CLOCK_RE.match(word)
    if found is None or int(found.group(1)) == 0:
        return None
    unit = {"": 60, "m": 60, "h": 3600, "d": 86400}[found.group(2)]
    seconds = int(found.group(1)) * unit
    return seconds if seconds <= 90 * 86400 else None


def duration(tr: Callable[..., str], seconds: int) -> str:
    """``2 hours``, ``3 days``, ``45 minutes``: the largest whole unit."""
    if seconds >= 86400 and seconds % 86400 == 0:
        return tr("duration-days", count=seconds // 86400)
    if seconds >= 3600:
        return tr("duration-hours", count=max(1, round(seconds / 3600)))
    return tr("duration-minutes", count=max(1, round(seconds / 60)))
