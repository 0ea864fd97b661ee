"""What every tournament system is made of: the players, the results of their games, the errors.

A player is an id (the store's user key as text) and a rating used for seeding only.  A result
is one finished game (or match, where the event plays matches) between two players: who won
(``None`` for a draw, which long nardy allows), the points won, how it was won (single, gammon,
backgammon; long nardy's oin, mars and koks are the same three) and whether it was a forfeit: a
loss on time or for not showing up, kept and shown as such.  Which of the two sat first is of
no account: backgammon has no colours.

Everything here is a frozen value that writes itself as a JSON-safe dict and reads itself back
(``to_dict`` / ``from_dict``) for the store.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine.errors import EngineError


class PairingError(EngineError):
    """A tournament action the state does not allow, or a state that cannot be read.

    ``code`` is a stable machine-readable name (for the app to translate), ``params`` its named
    values; the message is the English text.
    """

    code: str = "pairing_error"


class PairingImpossible(PairingError):
    """No pairing of the round keeps the rules: in a Swiss, every way to pair the field would
    repeat a game or give a second bye (late rounds of a small field).  The caller shows it and
    ends the event or pairs by hand; a repeat is never made silently."""

    code = "pairing_impossible"


class Kind(StrEnum):
    """How a game was won.  Long nardy's oin, mars and koks are single, gammon and backgammon."""

    SINGLE = "single"
    GAMMON = "gammon"
    BACKGAMMON = "backgammon"

    @classmethod
    def of(cls, word: str) -> Kind:
        """The kind a word names, backgammon's or long nardy's.

        >>> Kind.of("mars"), Kind.of("koks"), Kind.of("gammon")
        (<Kind.GAMMON: 'gammon'>, <Kind.BACKGAMMON: 'backgammon'>, <Kind.GAMMON: 'gammon'>)
        """
        found = NARDY_KINDS.get(word.lower())
        if found is not None:
            return found
        try:
            return cls(word.lower())
        except ValueError:
            raise PairingError(f"{word!r} is no kind of win", code="bad_kind") from None


NARDY_KINDS: Mapping[str, Kind] = {
    "oin": Kind.SINGLE,
    "mars": Kind.GAMMON,
    "koks": Kind.BACKGAMMON,
}
"""Long nardy's words for the three kinds of win."""


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player of an event: the id, and the rating it is seeded by."""

    id: str
    rating: float = 1500.0

    def __post_init__(self) -> None:
        if not self.id:
            raise PairingError("a player needs an id", code="bad_player")
        if not math.isfinite(self.rating):
            raise PairingError(f"rating {self.rating!r} is not a number", code="bad_player")

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "rating": self.rating}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Entrant:
        return cls(str(data["id"]), float(data["rating"]))


def seeded(players: Iterable[Entrant]) -> tuple[Entrant, ...]:
    """The players in seeding order: the highest rating first, equal ratings by id; two players
    may not share an id.

    >>> [p.id for p in seeded([Entrant("b", 1500), Entrant("a", 1500), Entrant("c", 1700)])]
    ['c', 'a', 'b']
    """
    order = tuple(sorted(players, key=seed_key))
    ids = [p.id for p in order]
    if len(set(ids)) != len(ids):
        raise PairingError("a player is entered twice", code="duplicate_player")
    return order


def seed_key(player: Entrant) -> tuple[float, str]:
    """The sort key of seeding order: rating descending, then id."""
    return (-player.rating, player.id)


@dataclass(frozen=True, slots=True)
class Result:
    """One finished game (or match) between ``first`` and ``second``.

    ``winner`` is one of them, or ``None`` for a draw; ``points`` are the points it was won by
    (the game's value with the cube, or the match's length); ``kind`` how it was won; ``forfeit``
    that the loser lost on time or did not show up (a forfeit has a winner, no kind but single,
    and counts as a game between the two: they are not paired again).
    """

    first: str
    second: str
    winner: str | None
    points: int = 1
    kind: Kind = Kind.SINGLE
    forfeit: bool = False

    def __post_init__(self) -> None:
        if not self.first or not self.second or self.first == self.second:
            raise PairingError("a result is between two players", code="bad_result")
        if self.winner is not None and self.winner not in (self.first, self.second):
            raise PairingError(f"{self.winner} did not play this game", code="bad_result")
        if isinstance(self.points, bool) or self.points < 0:
            raise PairingError(f"{self.points!r} points", code="bad_result")
        if self.winner is None and (self.kind is not Kind.SINGLE or self.forfeit):
            raise PairingError("a draw has no kind and is no forfeit", code="bad_result")
        if self.forfeit and self.kind is not Kind.SINGLE:
            raise PairingError("a forfeit is a single loss", code="bad_result")

    @property
    def players(self) -> tuple[str, str]:
        return (self.first, self.second)

    @property
    def loser(self) -> str | None:
        """Who lost; ``None`` for a draw."""
        if self.winner is None:
            return None
        return self.second if self.winner == self.first else self.first

    def between(self, a: str, b: str) -> bool:
        """Whether this is a game between ``a`` and ``b`` (in either order)."""
        return {a, b} == {self.first, self.second}

    def opponent(self, player: str) -> str:
        if player == self.first:
            return self.second
        if player == self.second:
            return self.first
        raise PairingError(f"{player} did not play this game", code="bad_result")

    def score(self, player: str) -> float:
        """What the game scores in a Swiss or a round-robin: 1 a win, ½ a draw, 0 a loss."""
        self.opponent(player)
        if self.winner is None:
            return 0.5
        return 1.0 if self.winner == player else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": [self.first, self.second],
            "winner": self.winner,
            "points": self.points,
            "kind": self.kind.value,
            "forfeit": self.forfeit,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Result:
        first, second = data["players"]
        winner = data["winner"]
        return cls(
            str(first),
            str(second),
            None if winner is None else str(winner),
            int(data["points"]),
            Kind(data["kind"]),
            bool(data["forfeit"]),
        )


def pair_key(a: str, b: str) -> tuple[str, str]:
    """Two players as an unordered pair (the smaller id first)."""
    return (a, b) if a < b else (b, a)
