"""Where players stand: FIBS ratings per platform and game, dice statistics, match history.

A player's *standing* is one small record in the player's hash slot
(``bg:user:{platform:user}:standing``): a rating and experience per game (``backgammon``,
``long_nardy``...), the dice statistics of the player's rolls on the platform, and the ids of
the last results applied to it.  Recording a result is exactly-once without a transaction
across hash slots:

1. the change of a rated match is computed once, from both players' standings as they were, and
   kept in a result record in the table's slot (``bg:{table}:rated:<match id>``), created with a
   compare-and-set on "no record yet": of two processes rating the same match, the second reads
   the change the first wrote;
2. each player's standing takes the change in its own compare-and-set, skipped when the match id
   is among the ids already applied, so a retry or a redelivery never applies it twice;
3. the leaderboards (sorted sets of the platform and of the chat) are set to the ratings read
   back, which repeats harmlessly.

The history of a player is the store's bounded list (:meth:`bot.store.BaseStore.keep_match`),
added once per match id.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Final

import orjson

from bot.store import CasResult, SiblingKey, Store, TableKey, UserKey, Versioned
from bot.store.base import leaderboard_key
from bot.store.failures import CorruptRecord
from engine.dicestats import DiceStats
from engine.errors import EngineError
from engine.rating import Standing, rate_match

APPLIED_KEPT: Final = 16
"""Ids of results (matches rated, games counted) a standing remembers: a retry comes within
minutes, long before a player finishes 16 more games."""

RESULT_TTL: Final = 7 * 24 * 3600.0
"""Seconds a rated match's computed change is kept in the table's slot."""

SCHEMA: Final = 1


@dataclass(frozen=True, slots=True)
class PlayerStanding:
    """A player's ratings (by game), dice statistics and the ids of the results applied."""

    ratings: Mapping[str, Standing] = field(default_factory=dict)
    dice: DiceStats = field(default_factory=DiceStats)
    applied: tuple[str, ...] = ()

    def rating(self, game: str) -> Standing:
        """The standing in ``game`` (a new player's when never rated)."""
        return self.ratings.get(game, Standing())

    def has_applied(self, result_id: str) -> bool:
        return result_id in self.applied

    def _applying(self, result_id: str) -> tuple[str, ...]:
        return (*self.applied, result_id)[-APPLIED_KEPT:]

    def with_rating(self, result_id: str, game: str, standing: Standing) -> PlayerStanding:
        ratings = dict(self.ratings)
        ratings[game] = standing
        return replace(self, ratings=ratings, applied=self._applying(result_id))

    def with_dice(self, result_id: str, stats: DiceStats) -> PlayerStanding:
        return replace(self, dice=self.dice.merged(stats), applied=self._applying(result_id))

    def to_bytes(self) -> bytes:
        """Compact JSON: ``{"s":1,"r":{game:[rating,experience]},"d":[18 ints],"a":[ids]}``."""
        document: dict[str, Any] = {"s": SCHEMA}
        if self.ratings:
            document["r"] = {
                game: [round(s.rating, 6), s.experience] for game, s in sorted(self.ratings.items())
            }
        if self.dice.rolls:
            document["d"] = self.dice.to_list()
        if self.applied:
            document["a"] = list(self.applied)
        return orjson.dumps(document)

    @classmethod
    def from_record(cls, record: Versioned | None) -> PlayerStanding:
        """The standing a stored record holds (an empty one for ``None``)."""
        if record is None:
            return cls()
        try:
            document = orjson.loads(record.payload)
            if not isinstance(document, dict) or document.get("s") != SCHEMA:
                raise ValueError("not a standing record")
            ratings = {
                str(game): Standing(float(pair[0]), int(pair[1]))
                for game, pair in dict(document.get("r", {})).items()
            }
            dice = DiceStats.from_list(document["d"]) if "d" in document else DiceStats()
            applied = tuple(str(i) for i in document.get("a", []))
        except (ValueError, TypeError, KeyError, IndexError, EngineError) as error:
            raise CorruptRecord(f"unreadable standing record: {error}") from error
        return cls(ratings, dice, applied)


def standing_key(user: UserKey) -> SiblingKey:
    """The storage key of ``user``'s standing (the user's hash slot)."""
    return SiblingKey(user, "standing")


def result_key(table: TableKey, match_id: str) -> SiblingKey:
    """The storage key of a rated match's change (the table's hash slot)."""
    return SiblingKey(TableKey(table.platform, table.chat), f"rated:{match_id}")


async def load_standing(store: Store, user: UserKey) -> PlayerStanding:
    return PlayerStanding.from_record(await store.load(standing_key(user)))


@dataclass(frozen=True, slots=True)
class RatedMatch:
    """A rated match's effect: each player's rating before and after, and experience after."""

    match_id: str
    game: str
    length: int
    winner: str
    loser: str
    winner_before: float
    loser_before: float
    winner_delta: float
    loser_delta: float

    def to_bytes(self) -> bytes:
        return orjson.dumps(
            [
                self.match_id,
                self.game,
                self.length,
                self.winner,
                self.loser,
                self.winner_before,
                self.loser_before,
                self.winner_delta,
                self.loser_delta,
            ]
        )

    @classmethod
    def from_bytes(cls, payload: bytes) -> RatedMatch:
        try:
            mid, game, length, winner, loser, wb, lb, wd, ld = orjson.loads(payload)
            rated = cls(
                str(mid), str(game), int(length), str(winner), str(loser),
                float(wb), float(lb), float(wd), float(ld),
            )  # fmt: skip
        except (ValueError, TypeError) as error:
            raise CorruptRecord(f"unreadable rated match: {error}") from error
        if not all(math.isfinite(v) for v in (rated.winner_delta, rated.loser_delta)):
            raise CorruptRecord("unreadable rated match: a change is not a number")
        return rated

    def delta_of(self, user: UserKey) -> float:
        return self.winner_delta if user.tag == self.winner else self.loser_delta


async def record_rated_match(
    store: Store,
    table: TableKey,
    match_id: str,
    game: str,
    length: int,
    winner: UserKey,
    loser: UserKey,
) -> RatedMatch:
    """Rate a finished ``length``-point match of ``game`` that ``winner`` won, exactly once
    however often it is called (see the module docstring); the change as first computed."""
    if winner == loser or winner.platform != loser.platform:
        raise ValueError("a rated match is between two players of one platform")
    key = result_key(table, match_id)
    stored = await store.load(key)
    if stored is None:
        won, lost = await load_standing(store, winner), await load_standing(store, loser)
        before_w, before_l = won.rating(game), lost.rating(game)
        change = rate_match(before_w, before_l, length)
        rated = RatedMatch(
            match_id, game, length, winner.tag, loser.tag,
            before_w.rating, before_l.rating, change.winner_delta, change.loser_delta,
        )  # fmt: skip
        outcome = await store.compare_and_set(key, 0, rated.to_bytes(), ttl=RESULT_TTL)
        if outcome is not CasResult.APPLIED:
            stored = await store.load(key)
            if stored is None:
                raise CorruptRecord(f"{key}: the rated match vanished as it was written")
    if stored is not None:
        rated = RatedMatch.from_bytes(stored.payload)
    scores: dict[UserKey, float] = {}
    for user in (winner, loser):
        delta = rated.delta_of(user)

        def apply(current: Versioned | None, delta: float = delta) -> bytes | None:
            standing = PlayerStanding.from_record(current)
            if standing.has_applied(match_id):
                return None
            now = standing.rating(game)
            return standing.with_rating(
                match_id, game, Standing(now.rating + delta, now.experience + length)
            ).to_bytes()

        result = await store.update(standing_key(user), apply)
        scores[user] = PlayerStanding.from_record(result.record).rating(game).rating
    for board in (
        leaderboard_key(table.platform, game),
        leaderboard_key(table.platform, game, table),
    ):
        await store.set_scores(board, {user.user: score for user, score in scores.items()})
    return rated


async def record_dice(
    store: Store, user: UserKey, game_id: str, stats: DiceStats
) -> PlayerStanding:
    """Add one game's dice statistics of ``user`` to its standing, once per ``game_id``."""

    def apply(current: Versioned | None) -> bytes | None:
        standing = PlayerStanding.from_record(current)
        if standing.has_applied(game_id):
            return None
        return standing.with_dice(game_id, stats).to_bytes()

    result = await store.update(standing_key(user), apply)
    return PlayerStanding.from_record(result.record)
