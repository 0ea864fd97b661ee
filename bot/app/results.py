"""What a finished game or match leaves behind: each player's dice statistics and ``stats``
(games, wins, points, gammons, backgammons), the FIBS rating change of a rated match, and the
match in both players' histories.

A use case notes what ended in ``ctx.ended`` (:func:`game_ended`, :func:`game_counted`,
:func:`match_ended`).  The
pipeline writes it into the table as *pending results* (:func:`carried`: ``past.pending``) in the
same compare-and-set as the game's or the match's end, so a crash after that write loses
nothing; then it records them (:func:`settle`), and takes them out of the table with one more
compare-and-set.  Every step of recording is idempotent by the game's or the match's id
(:mod:`bot.app.standing`, ``keep_match``): results still pending are recorded again by the next
write at that table, by a redelivery of the update, or by the clock's tick (a table with pending
results is due :data:`RETRY_AFTER` seconds after they were written), in any process, and a retry,
a redelivery or a second process records nothing twice.  The rating change is posted by the
process whose write takes the results out of the table, so it is shown once.

A match is rated when it was played to its end (or won on time) between two people of the
platform, at a match table (not money, not a chouette, not against the computer, not from a
set-up position), in a chat where ratings are on.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from bot.app import fair
from bot.app.context import Context
from bot.app.history import MatchRecord
from bot.app.pairing import Kind, Result
from bot.app.standing import record_dice, record_rated_match
from bot.app.stats import add_counts
from bot.app.table import Table
from bot.app.tournaments.ledger import record_result, result_data
from bot.app.types import Reply, SendText, Update
from bot.app.users import UserRecords
from bot.i18n import t
from bot.store import (
    ConflictError,
    CorruptRecord,
    InvalidKey,
    StoreUnavailable,
    TableKey,
    UserKey,
)
from engine.dicestats import DiceStats, game_dice_stats
from engine.errors import EngineError
from engine.game import Points
from engine.match import Match
from engine.record import from_text, to_text
from engine.result import WinKind

log = logging.getLogger("bot.app.results")

RATED_REASONS = frozenset({"played", "time"})
"""How a match may end and be rated (abandoned by agreement it is not)."""

RETRY_AFTER = 10.0
"""Seconds after which results still pending in a table are recorded by whoever comes: the clock's
tick, or a redelivery of the update that wrote them (before that, the process that wrote them is
taken to be recording them)."""

PENDING_KEPT = 32
"""Most results a table keeps pending (the oldest go first): far more than a store that answers
again ever leaves behind."""


def rating_game(variant: str) -> str:
    """The game a variant is rated in: ``backgammon`` or ``long_nardy``."""
    return "long_nardy" if variant.startswith("long_nardy") else "backgammon"


@dataclass(frozen=True, slots=True)
class Ended:
    """A game (``dice``: each seat's statistics of it) or a match (``record``) that ended."""

    key: str
    players: tuple[str, ...]
    dice: tuple[DiceStats, DiceStats] | None = None
    record: MatchRecord | None = None
    rated: str | None = None
    """The game the match is rated in (``None``: not rated)."""
    length: int = 0
    at: float = 0.0
    """When it ended (epoch seconds)."""
    counts: tuple[dict[str, int], ...] | None = None
    """A finished game's ``stats`` entry of each player (:func:`game_counted`)."""
    event: list[Any] | None = None
    """A tournament game's result for its event (:func:`bot.app.tournaments.ledger.result_data`)."""
    home: str | None = None
    """The chat whose leaderboard a rated match counts in, where it is not the table's own (a
    tournament game's: its event's chat; a table key's tag)."""

    def to_json(self) -> list[Any]:
        """The pending result as the table keeps it (:meth:`from_json` reads it back)."""
        dice = None if self.dice is None else [d.to_list() for d in self.dice]
        record = None if self.record is None else to_text(self.record.to_bytes())
        out: list[Any] = [self.key, list(self.players), dice, record, self.rated]
        out += [self.length, self.at]
        if self.counts is not None:
            out.append([dict(c) for c in self.counts])
        extra: dict[str, Any] = {}
        if self.event is not None:
            extra["ev"] = self.event
        if self.home is not None:
            extra["home"] = self.home
        if extra:
            out.append(extra)
        return out

    @classmethod
    def from_json(cls, data: Any) -> Ended:
        """Inverse of :meth:`to_json` (:class:`ValueError` for anything else)."""
        try:
            key, players, dice, record, rated, length, at, *more = data
            extra: dict[str, Any] = {}
            if more and isinstance(more[-1], dict):
                extra = dict(more.pop())
            event = None if extra.get("ev") is None else list(extra["ev"])
            home = None if extra.get("home") is None else str(extra["home"])
            if len(more) > 1:
                raise ValueError("too many fields")
            counts = None
            if more:
                counts = tuple({str(k): int(v) for k, v in c.items()} for c in more[0])
            stats = None
            if dice is not None:
                first, second = (DiceStats.from_list(d) for d in dice)
                stats = (first, second)
            kept = None if record is None else MatchRecord.from_bytes(from_text(record), key)
            return cls(
                str(key), tuple(str(p) for p in players), stats, kept,
                None if rated is None else str(rated), int(length), float(at), counts, event,
                home,
            )  # fmt: skip
        except (TypeError, ValueError, AttributeError, EngineError, CorruptRecord) as error:
            raise ValueError(f"unreadable pending result: {error}") from error


def game_ended(ctx: Context, table: Table, match: Match) -> None:
    """``match``'s current game is over: note its dice statistics (and the match, when over)."""
    if table.dice.match_id is not None and not (match.start is not None and match.number == 1):
        number = fair.game_number(table, match)
        stats = game_dice_stats(table.variant, match.game.log)
        players = tuple(s.user for s in table.seats)
        key = fair.game_id(table.dice.match_id, number)
        ctx.ended.append(Ended(key, players, dice=stats, at=ctx.now))
    if match.is_over and match.winner is not None:
        match_ended(ctx, table, match, match.winner, "played")


def game_counted(ctx: Context, points: Sequence[tuple[str, Points]], kind: WinKind) -> None:
    """A finished game won as ``kind``, each player's ``points`` won (lost: negative; counted
    in whole points), for the players' ``stats`` (the computer's and other platforms' users are
    left out when recorded),
    noted in ``ctx.ended``: recorded with the other results, once per update (and per game,
    should one update end two)."""
    if not points:
        return
    earlier = sum(1 for e in ctx.ended if e.counts is not None)
    key = f"{ctx.update.update_id}:stats" + (f":{earlier}" if earlier else "")
    counts = tuple(
        {
            "games": 1,
            "wins": 1 if won > 0 else 0,
            "points": int(won),
            "gammons": 1 if won > 0 and kind is WinKind.GAMMON else 0,
            "backgammons": 1 if won > 0 and kind is WinKind.BACKGAMMON else 0,
        }
        for _, won in points
    )
    ctx.ended.append(Ended(key, tuple(user for user, _ in points), counts=counts, at=ctx.now))


def match_ended(ctx: Context, table: Table, match: Match, winner: int | None, reason: str) -> None:
    """The match at ``table`` ended (``reason``: ``played``, ``time``, ``agreed``): note it for
    the players' histories and, when it counts, for their ratings."""
    if table.mode != "match" or table.dice.match_id is None or len(table.seats) != 2:
        return
    if any(e.record is not None and e.key == table.dice.match_id for e in ctx.ended):
        return
    a, b = table.seats
    record = MatchRecord(
        table.dice.match_id,
        ctx.now,
        ((a.user, a.name), (b.user, b.name)),
        winner,
        reason,
        None,
        tuple(fair.finished_seeds(table, match)),
        fair.client_seeds(table),
        match.archived().to_dict(),
        table.dice.master,
        None if table.event is None else f"{table.event.event}/{table.event.round}",
    )
    rated = None
    humans = all(_person(ctx.update, s.user) for s in table.seats) and a.user != b.user
    if (
        humans
        and winner is not None
        and reason in RATED_REASONS
        and match.start is None
        and table.settings.ratings
    ):
        rated = rating_game(table.variant)
    home = None if table.event is None else table.event.home
    ctx.ended.append(Ended(table.dice.match_id, (a.user, b.user), record=record, rated=rated,
                           length=match.length, at=ctx.now, home=home))  # fmt: skip
    if table.event is not None:
        ctx.ended.append(_event_result(ctx, table, match, winner, reason))


def _event_result(
    ctx: Context, table: Table, match: Match, winner: int | None, reason: str
) -> Ended:
    """A tournament game's result for its event: who won, by how much and how (a match won on
    time is a forfeit), recorded once with the match's other results."""
    assert table.event is not None and table.dice.match_id is not None
    a, b = (s.user for s in table.seats)
    kind = Kind.SINGLE
    game = match.game
    if reason != "time" and game.result is not None:
        kind = {WinKind.GAMMON: Kind.GAMMON, WinKind.BACKGAMMON: Kind.BACKGAMMON}.get(
            game.result.kind, Kind.SINGLE
        )
    who = None if winner is None else table.seats[winner].user
    if who is None:  # a tournament game has a winner: the one ahead, else the first seat
        first, second = table.session_score(match)
        who = b if second > first else a
    result = Result(a, b, who, max(1, match.length), kind, forfeit=reason == "time")
    ev = table.event
    data = result_data(ev.event, ev.round, ev.board, result, table.dice.match_id)
    return Ended(f"{table.dice.match_id}:event", (a, b), at=ctx.now, event=data)


def _person(update: Update, ref: str) -> bool:
    return _user(update.user.platform, ref) is not None


def carried(old: Table | None, new: Table, ended: list[Ended]) -> Table:
    """``new`` with the results still pending in ``old`` (a table opened afresh keeps them) and
    those that ended in this update."""
    pending = new.past.pending or (old.past.pending if old is not None else ())
    if ended:
        pending = (*pending, *(e.to_json() for e in ended))
    pending = pending[-PENDING_KEPT:]
    return new if pending == new.past.pending else new.with_pending(pending)


def pending(table: Table) -> list[Ended]:
    """The results pending in ``table`` (one that cannot be read is logged and left out)."""
    out: list[Ended] = []
    for data in table.past.pending:
        try:
            out.append(Ended.from_json(data))
        except ValueError:
            log.exception("pending result unreadable: dropped")
    return out


def without(table: Table, done: set[str]) -> Table | None:
    """``table`` without the pending results named ``done`` nor any that cannot be read
    (``None``: nothing to take out)."""
    left = tuple(p for p in table.past.pending if _key(p) not in done and _readable(p))
    return None if left == table.past.pending else table.with_pending(left)


def _key(data: Any) -> object:
    return data[0] if isinstance(data, list) and data else None


def _readable(data: Any) -> bool:
    try:
        Ended.from_json(data)
    except ValueError:
        return False
    return True


async def settle(
    users: UserRecords, table: TableKey, lang: str, items: list[Ended]
) -> tuple[list[Reply], set[str], bool]:
    """Record pending results (each once; see the module docstring): the replies they add, the
    keys of those done, and whether any is left (the store failed: they wait for a retry).  A
    result that cannot be recorded at all (a corrupt record) is logged and counted done."""
    out: list[Reply] = []
    done: set[str] = set()
    for item in items:
        try:
            out += await _record(users, table, lang, item)
        except (StoreUnavailable, ConflictError):
            log.warning("standing not recorded yet table=%s result=%s", table, item.key)
            return out, done, True
        except Exception:
            log.exception("standing cannot be recorded table=%s result=%s", table, item.key)
        done.add(item.key)
    return out, done, False


async def _record(records: UserRecords, table: TableKey, lang: str, item: Ended) -> list[Reply]:
    store = records.store
    users = [_user(table.platform, ref) for ref in item.players]
    if item.event is not None:
        await record_result(store, table, item.event, item.at)
        return []
    if item.counts is not None:
        for user, entry in zip(users, item.counts, strict=False):
            if user is not None:
                await records.change(user, partial(add_counts, entry), update_id=item.key)
        return []
    if item.dice is not None:
        for user, stats in zip(users, item.dice, strict=False):
            if user is not None:
                await record_dice(store, user, item.key, stats)
        return []
    match = item.record
    if match is None:
        return []
    out: list[Reply] = []
    people = [u for u in users if u is not None]
    if item.rated is not None and match.winner is not None and len(people) == 2:
        winner, loser = people[match.winner], people[1 - match.winner]
        board = table if item.home is None else TableKey.from_tag(item.home)
        rated = await record_rated_match(
            store, board, item.key, item.rated, item.length, winner, loser
        )
        deltas = (rated.delta_of(people[0]), rated.delta_of(people[1]))
        befores = [
            rated.winner_before if seat == match.winner else rated.loser_before for seat in (0, 1)
        ]
        match = replace(match, rating=deltas)
        lines = [
            t(
                lang,
                "rating-change",
                player=match.players[seat][1],
                rating=befores[seat] + deltas[seat],
                change=deltas[seat],
            )
            for seat in (0, 1)
        ]
        out.append(SendText("\n".join(lines)))
        for person, (_, name) in zip(people, match.players, strict=True):
            await records.change(
                person, partial(_named, name), update_id=f"{item.key}:name"
            )  # the name the leaderboards show
    if people:
        await store.keep_match(table.platform, item.key, match.to_bytes(), people)
    return out


def _named(name: str, data: dict[str, Any]) -> None:
    data["name"] = name


def _user(platform: str, ref: str) -> UserKey | None:
    """The person of ``platform`` that ``ref`` names (``None``: the computer, another
    platform)."""
    kind, _, uid = ref.partition(":")
    if kind != platform:
        return None
    try:
        return UserKey(kind, uid)
    except InvalidKey:
        return None
