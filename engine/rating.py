"""Ratings the way FIBS counts them.

For a match of length ``N`` between players rated ``r1`` and ``r2`` (``D = |r1 - r2|``), the
probability that the lower-rated player wins is::

    P_upset = 1 / (10 ** (D * sqrt(N) / 2000) + 1)

When the favourite wins it gains, and the underdog loses, ``4 * K * sqrt(N) * P_upset``; when the
underdog wins it gains, and the favourite loses, ``4 * K * sqrt(N) * (1 - P_upset)``.  Each
player's own experience factor ``K = max(1, 5 - experience / 100)`` scales its own change, where
experience is the sum of the lengths of the rated matches played before; so a new player's
rating moves fast and a seasoned one's slowly, and the sum of the changes need not be zero.
New players start at 1500 with no experience.

>>> ann, bob = Standing(), Standing()
>>> change = rate_match(ann, bob, 5)
>>> round(change.winner_delta, 2), round(change.loser_delta, 2)
(22.36, -22.36)
>>> change.winner.experience, change.loser.rating
(5, 1477.6393202250022)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.errors import EngineError

START_RATING = 1500.0
"""Where a new player starts."""


def experience_factor(experience: int) -> float:
    """``K = max(1, 5 - experience / 100)``: 5 for a new player, 1 from 400 points of
    experience on.

    >>> experience_factor(0), experience_factor(250), experience_factor(1000)
    (5.0, 2.5, 1.0)
    """
    if experience < 0:
        raise EngineError(f"experience {experience} is negative", code="bad_rating")
    return max(1.0, 5.0 - experience / 100)


def upset_probability(difference: float, length: int) -> float:
    """The chance the lower-rated of two players ``difference`` apart wins a ``length``-point
    match: ``1 / (10 ** (D * sqrt(N) / 2000) + 1)``.

    >>> upset_probability(0, 7)
    0.5
    >>> round(upset_probability(1000, 4), 6) == round(1 / 11, 6)
    True
    """
    if length < 1:
        raise EngineError(f"a match of {length} points cannot be rated", code="bad_rating")
    exponent = abs(difference) * math.sqrt(length) / 2000
    if exponent > 300:  # 10**300 + 1 is all the float can hold; the upset chance is 0 by then
        return 0.0
    return 1.0 / (float(10.0**exponent) + 1.0)


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's rating and experience (the sum of the lengths of its rated matches)."""

    rating: float = START_RATING
    experience: int = 0

    def __post_init__(self) -> None:
        if not math.isfinite(self.rating):
            raise EngineError(f"rating {self.rating!r} is not a number", code="bad_rating")
        if isinstance(self.experience, bool) or self.experience < 0:
            raise EngineError(f"experience {self.experience!r} is not a count", code="bad_rating")

    def changed(self, delta: float, length: int) -> Standing:
        """The standing after a rated match of ``length`` points that moved it by ``delta``."""
        return Standing(self.rating + delta, self.experience + length)


@dataclass(frozen=True, slots=True)
class RatingChange:
    """What one rated match did: both players' new standings and the changes."""

    winner: Standing
    loser: Standing
    winner_delta: float
    loser_delta: float


def rate_match(winner: Standing, loser: Standing, length: int) -> RatingChange:
    """Rate a finished ``length``-point match that ``winner`` won against ``loser``.

    Worked by hand: 2000 (experience 450, so K = 1) against 1000 (experience 200, K = 3) in a
    4-point match: D * sqrt(N) / 2000 = 1, so P_upset = 1/11.

    >>> fav, dog = Standing(2000.0, 450), Standing(1000.0, 200)
    >>> c = rate_match(fav, dog, 4)     # favourite wins: +-4 * K * 2 * 1/11
    >>> math.isclose(c.winner_delta, 8 / 11), math.isclose(c.loser_delta, -24 / 11)
    (True, True)
    >>> c = rate_match(dog, fav, 4)     # upset: +-4 * K * 2 * 10/11
    >>> math.isclose(c.winner_delta, 240 / 11), math.isclose(c.loser_delta, -80 / 11)
    (True, True)
    """
    upset = upset_probability(winner.rating - loser.rating, length)
    stake = upset if winner.rating >= loser.rating else 1.0 - upset
    root = math.sqrt(length)
    win = 4 * experience_factor(winner.experience) * root * stake
    lose = -4 * experience_factor(loser.experience) * root * stake
    return RatingChange(winner.changed(win, length), loser.changed(lose, length), win, lose)
