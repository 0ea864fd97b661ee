"""What a finished game or match leaves behind once its write is applied: each player's dice
statistics, the FIBS rating change of a rated match, and the match in both players' histories.

A use case notes what ended in ``ctx.ended`` (:func:`game_ended`, :func:`match_ended`); after
the table's compare-and-set is applied, the pipeline calls :func:`record`, whose every step is
idempotent by the game's or the match's id (:mod:`bot.app.standing`, ``keep_match``): a retry,
a redelivery or a second process records nothing twice.  The rating change is posted as one
more reply.

A match is rated when it was played to its end (or won on time) between two people of the
platform, at a match table (not money, not a chouette, not against the computer, not from a
set-up position), in a chat where ratings are on.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import partial
from typing import Any

from bot.app import fair
from bot.app.context import Context
from bot.app.history import MatchRecord
from bot.app.standing import record_dice, record_rated_match
from bot.app.table import Table
from bot.app.types import Reply, SendText, Update
from bot.app.users import UserRecords
from bot.i18n import t
from bot.store import ConflictError, InvalidKey, StoreUnavailable, UserKey
from engine.dicestats import DiceStats, game_dice_stats
from engine.match import Match

log = logging.getLogger("bot.app.results")

RATED_REASONS = frozenset({"played", "time"})
"""How a match may end and be rated (abandoned by agreement it is not)."""


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


def game_ended(ctx: Context, table: Table, match: Match) -> None:
    """``match``'s current game is over: note its dice statistics (and the match, when over)."""
    if table.match_id is not None and not (match.start is not None and match.number == 1):
        number = fair.game_number(table, match)
        stats = game_dice_stats(table.variant, match.game.log)
        players = tuple(s.user for s in table.seats)
        ctx.ended.append(Ended(fair.game_id(table.match_id, number), players, dice=stats))
    if match.is_over and match.winner is not None:
        match_ended(ctx, table, match, match.winner, "played")


def match_ended(ctx: Context, table: Table, match: Match, winner: int | None, reason: str) -> None:
    """The match at ``table`` ended (``reason``: ``played``, ``time``, ``agreed``): note it for
    the players' histories and, when it counts, for their ratings."""
    if table.mode != "match" or table.match_id is None or len(table.seats) != 2:
        return
    if any(e.record is not None and e.key == table.match_id for e in ctx.ended):
        return
    a, b = table.seats
    record = MatchRecord(
        table.match_id,
        ctx.now,
        ((a.user, a.name), (b.user, b.name)),
        winner,
        reason,
        None,
        tuple(fair.finished_seeds(table, match)),
        fair.client_seeds(table),
        match.archived().to_dict(),
        table.dice_master,
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
    ctx.ended.append(Ended(table.match_id, (a.user, b.user), record=record, rated=rated,
                           length=match.length))  # fmt: skip


def _person(update: Update, ref: str) -> bool:
    return _user(update, ref) is not None


async def record(users: UserRecords, update: Update, lang: str, ended: list[Ended]) -> list[Reply]:
    """Record what ended (once; see the module docstring); the replies it adds.  A store that
    fails here is logged: the table's write stands."""
    out: list[Reply] = []
    for item in ended:
        try:
            out += await _record(users, update, lang, item)
        except (StoreUnavailable, ConflictError):
            log.warning("standing not recorded table=%s result=%s", update.table, item.key)
    return out


async def _record(records: UserRecords, update: Update, lang: str, item: Ended) -> list[Reply]:
    store = records.store
    users = [_user(update, ref) for ref in item.players]
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
        rated = await record_rated_match(
            store, update.table, item.key, item.rated, item.length, winner, loser
        )
        deltas = (rated.delta_of(people[0]), rated.delta_of(people[1]))
        befores = [
            rated.winner_before if seat == match.winner else rated.loser_before for seat in (0, 1)
        ]
        match = MatchRecord(
            match.match_id, match.finished, match.players, match.winner, match.reason,
            deltas, match.seeds, match.client_seeds, match.match, match.master,
        )  # fmt: skip
        lines = [
            t(
                lang,
                "rating-change",
                player=match.players[seat][1],
                rating=f"{befores[seat] + deltas[seat]:.1f}",
                change=f"{deltas[seat]:+.1f}",
            )
            for seat in (0, 1)
        ]
        out.append(SendText("\n".join(lines)))
        for person, (_, name) in zip(people, match.players, strict=True):
            await records.change(
                person, partial(_named, name), update_id=f"{item.key}:name"
            )  # the name the leaderboards show
    if people:
        await store.keep_match(update.table.platform, item.key, match.to_bytes(), people)
    return out


def _named(name: str, data: dict[str, Any]) -> None:
    data["name"] = name


def _user(update: Update, ref: str) -> UserKey | None:
    """The person of the update's platform ``ref`` names (``None``: the computer, another
    platform)."""
    platform, _, uid = ref.partition(":")
    if platform != update.user.platform:
        return None
    try:
        return UserKey(platform, uid)
    except InvalidKey:
        return None
