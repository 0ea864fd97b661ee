"""Dice statistics: what a player's dice showed against what fair dice show, with p-values.

A :class:`DiceStats` counts a player's rolls: each face, the doubles, and the rolls made with a
checker on the bar against ``k`` closed points of the opponent's home board (``k`` = 1...5) and
how many of them entered.  Fair dice enter at least one checker with probability
``1 - (k/6)**2``: 35/36, 32/36, 27/36, 20/36, 11/36.  Each comparison carries a chi-squared
statistic and its p-value (the upper regularised gamma function, computed here: no SciPy).

>>> stats = DiceStats().with_roll((6, 6)).with_roll((3, 1), closed=2, entered=True)
>>> stats.rolls, stats.doubles, stats.faces
(2, 1, (1, 0, 1, 0, 0, 2))
>>> stats.entering
((0, 0), (1, 1), (0, 0), (0, 0), (0, 0))
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from engine.errors import EngineError
from engine.position import Position

ENTERING_ODDS: tuple[Fraction, ...] = tuple(Fraction(36 - k * k, 36) for k in range(1, 6))
"""Chance that fair dice enter at least one checker from the bar against 1...5 closed points."""

DOUBLES_ODDS = Fraction(1, 6)
"""Chance of a double."""


# -- the chi-squared test -----------------------------------------------------------------------


def regularized_gamma_q(a: float, x: float) -> float:
    """The upper regularised incomplete gamma function ``Q(a, x) = Γ(a, x) / Γ(a)``.

    A power series below ``x < a + 1``, Lentz's continued fraction above (as in Numerical
    Recipes, ch. 6.2), to about 1e-14.

    >>> round(regularized_gamma_q(1.0, 2.0), 12) == round(math.exp(-2.0), 12)
    True
    """
    if a <= 0 or x < 0:
        raise EngineError(f"Q({a}, {x}) is not defined here", code="bad_statistic")
    if x == 0:
        return 1.0
    log_prefix = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        n = a
        for _ in range(10_000):
            n += 1
            term *= x / n
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(log_prefix))
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return min(1.0, math.exp(log_prefix) * h)


def chi_squared_p(statistic: float, dof: int) -> float:
    """The p-value of a chi-squared ``statistic`` with ``dof`` degrees of freedom.

    >>> round(chi_squared_p(3.841458820694124, 1), 6)
    0.05
    >>> round(chi_squared_p(11.070497693516351, 5), 6)
    0.05
    """
    if dof < 1:
        raise EngineError(f"{dof} degrees of freedom", code="bad_statistic")
    return regularized_gamma_q(dof / 2, max(0.0, statistic) / 2)


def chi_squared(observed: Sequence[int], expected: Sequence[float]) -> float:
    """Pearson's statistic ``Σ (o - e)² / e`` (cells expecting nothing are left out)."""
    if len(observed) != len(expected):
        raise EngineError("observed and expected counts differ in length", code="bad_statistic")
    return sum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True) if e > 0)


@dataclass(frozen=True, slots=True)
class Test:
    """A chi-squared comparison: the statistic, its degrees of freedom and the p-value (``None``
    with no data)."""

    statistic: float
    dof: int
    p_value: float | None


def _binomial(hits: int, tries: int, odds: Fraction) -> float:
    p = float(odds)
    return chi_squared((hits, tries - hits), (tries * p, tries * (1 - p)))


# -- counts -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DiceStats:
    """Counts of one player's rolls (see the module docstring)."""

    rolls: int = 0
    doubles: int = 0
    faces: tuple[int, ...] = (0, 0, 0, 0, 0, 0)
    entering: tuple[tuple[int, int], ...] = ((0, 0),) * 5  # (tries, entered) for k = 1...5

    def __post_init__(self) -> None:
        if len(self.faces) != 6 or len(self.entering) != 5:
            raise EngineError("dice statistics have 6 faces and 5 entry counts", code="bad_stats")
        if any(n < 0 for n in (self.rolls, self.doubles, *self.faces)) or any(
            not 0 <= hit <= tries for tries, hit in self.entering
        ):
            raise EngineError("dice statistics count from 0", code="bad_stats")

    def with_roll(self, dice: tuple[int, int], closed: int = 0, entered: bool = False) -> DiceStats:
        """The counts with one more roll; ``closed`` (1-5) is the number of closed points when
        the roller had a checker on the bar, ``entered`` whether a checker could come in."""
        d1, d2 = dice
        if not (1 <= d1 <= 6 and 1 <= d2 <= 6):
            raise EngineError(f"a roll of two dice, not {dice!r}", code="bad_stats")
        faces = list(self.faces)
        faces[d1 - 1] += 1
        faces[d2 - 1] += 1
        entering = self.entering
        if 1 <= closed <= 5:
            tries, hits = entering[closed - 1]
            new = (tries + 1, hits + (1 if entered else 0))
            entering = (*entering[: closed - 1], new, *entering[closed:])
        return DiceStats(self.rolls + 1, self.doubles + (d1 == d2), tuple(faces), entering)

    def merged(self, other: DiceStats) -> DiceStats:
        """Both counts together."""
        return DiceStats(
            self.rolls + other.rolls,
            self.doubles + other.doubles,
            tuple(a + b for a, b in zip(self.faces, other.faces, strict=True)),
            tuple(
                (a[0] + b[0], a[1] + b[1])
                for a, b in zip(self.entering, other.entering, strict=True)
            ),
        )

    @property
    def doubles_share(self) -> float | None:
        return self.doubles / self.rolls if self.rolls else None

    def faces_test(self) -> Test:
        """Each face against 1/6 of the dice (5 degrees of freedom)."""
        dice = sum(self.faces)
        if not dice:
            return Test(0.0, 5, None)
        stat = chi_squared(self.faces, [dice / 6] * 6)
        return Test(stat, 5, chi_squared_p(stat, 5))

    def doubles_test(self) -> Test:
        """Doubles against 1/6 of the rolls (1 degree of freedom)."""
        if not self.rolls:
            return Test(0.0, 1, None)
        stat = _binomial(self.doubles, self.rolls, DOUBLES_ODDS)
        return Test(stat, 1, chi_squared_p(stat, 1))

    def entering_test(self) -> Test:
        """Entering against the odds, one degree of freedom per number of closed points seen."""
        stat, dof = 0.0, 0
        for (tries, hits), odds in zip(self.entering, ENTERING_ODDS, strict=True):
            if tries:
                stat += _binomial(hits, tries, odds)
                dof += 1
        return Test(stat, dof, chi_squared_p(stat, dof) if dof else None)

    # -- compact form (for a store) ----------------------------------------------------------

    def to_list(self) -> list[int]:
        """``[rolls, doubles, 6 faces, 5 × (tries, entered)]``: 18 integers."""
        flat = [n for pair in self.entering for n in pair]
        return [self.rolls, self.doubles, *self.faces, *flat]

    @classmethod
    def from_list(cls, data: Any) -> DiceStats:
        """Inverse of :meth:`to_list`."""
        if (
            not isinstance(data, list)
            or len(data) != 18
            or not all(isinstance(n, int) and not isinstance(n, bool) for n in data)
        ):
            raise EngineError(f"corrupt dice statistics {data!r}", code="corrupt_state")
        entering = tuple((data[i], data[i + 1]) for i in range(8, 18, 2))
        return cls(data[0], data[1], tuple(data[2:8]), entering)


def bar_entry(position: Position, dice: tuple[int, int]) -> tuple[int, bool]:
    """``(closed points, entered)`` for a roll of ``dice`` by the player on roll in
    ``position``: ``(0, False)`` unless that player has a checker on the bar and the opponent's
    home board has 1-5 closed points (a point held by two or more checkers).

    >>> p = Position.from_points({25: 1, 13: 14}, {1: 2, 2: 2, 24: 11})
    >>> bar_entry(p, (1, 2)), bar_entry(p, (1, 3))
    ((2, False), (2, True))
    """
    if not position.ruleset.has_bar or not position.player[24]:
        return 0, False
    # Entering with a die d lands on the opponent's point d (its own numbering).
    closed = sum(1 for d in range(1, 7) if position.opponent[d - 1] >= 2)
    if not 1 <= closed <= 5:
        return 0, False
    return closed, any(position.opponent[d - 1] < 2 for d in dice)
