"""Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013), as pure functions.

A rating is three numbers: ``rating`` (where the player stands, 1500 to begin with),
``deviation`` (how uncertain that is: 350 for someone never rated, smaller with every result)
and ``volatility`` (how erratic the player's results are: 0.06 to begin with).  A rating period's
results against opponents rated as they were when it began move all three at once
(:func:`rate`); a period without results only widens the deviation.

The puzzles rate both sides of each answer: the player against the puzzle's rating, and the
puzzle against the player's (a puzzle that many fail rises, one that everyone solves sinks).
Each rated answer is a rating period of its own, as on the chess sites' puzzle ratings.

The paper's worked example (a player 1500/200/0.06 meets 1400/30, 1550/100 and 1700/300,
winning the first and losing the others; τ = 0.5) gives μ' = −0.2069, φ' = 0.8722 and
σ' = 0.05999, that is 1464.06 / 151.52 / 0.05999 (the paper turns μ' rounded to four places
back to the Glicko scale: 173.7178 × −0.2069 + 1500):

>>> after = rate(Glicko(1500, 200, 0.06), [(Glicko(1400, 30), 1.0), (Glicko(1550, 100), 0.0),
...                                        (Glicko(1700, 300), 0.0)], tau=0.5)
>>> round((after.rating - 1500) / SCALE, 4), round(after.deviation / SCALE, 4)
(-0.2069, 0.8722)
>>> round(after.rating, 1), round(after.deviation, 2), int(after.volatility * 1e5) / 1e5
(1464.1, 151.52, 0.05999)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = [
    "DEFAULT_DEVIATION",
    "DEFAULT_RATING",
    "DEFAULT_VOLATILITY",
    "SCALE",
    "TAU",
    "Glicko",
    "expected",
    "rate",
]

DEFAULT_RATING = 1500.0
DEFAULT_DEVIATION = 350.0
DEFAULT_VOLATILITY = 0.06

SCALE = 173.7178
"""Glicko-2's scale: ``μ = (r − 1500) / 173.7178``, ``φ = RD / 173.7178``."""

TAU = 0.5
"""The system constant τ: how much the volatility may change in a period (0.3 to 1.2 in the
paper; 0.5 its example's)."""

EPSILON = 0.000001
"""The convergence tolerance of the volatility's iteration (the paper's)."""

MIN_DEVIATION = 30.0
"""The deviation never goes below this: a rating stays able to move."""


@dataclass(frozen=True, slots=True)
class Glicko:
    """One Glicko-2 rating on the Glicko scale."""

    rating: float = DEFAULT_RATING
    deviation: float = DEFAULT_DEVIATION
    volatility: float = DEFAULT_VOLATILITY

    def to_list(self) -> list[float]:
        """``[rating, deviation, volatility]`` (JSON), rounded past any use."""
        return [round(self.rating, 6), round(self.deviation, 6), round(self.volatility, 8)]

    @classmethod
    def from_list(cls, data: object) -> Glicko:
        """Inverse of :meth:`to_list`; a new rating for anything else."""
        if isinstance(data, list) and len(data) == 3:
            try:
                rating, deviation, volatility = (float(x) for x in data)
            except (TypeError, ValueError):
                return cls()
            finite = all(math.isfinite(x) for x in (rating, deviation, volatility))
            if finite and deviation > 0 and volatility > 0:
                return cls(rating, deviation, volatility)
        return cls()


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected(player: Glicko, opponent: Glicko) -> float:
    """The score ``player`` is expected to make against ``opponent`` (0 to 1).

    >>> round(expected(Glicko(1500, 200), Glicko(1400, 30)), 3)
    0.639
    """
    mu, mu_j = (player.rating - 1500) / SCALE, (opponent.rating - 1500) / SCALE
    return _e(mu, mu_j, opponent.deviation / SCALE)


def rate(
    player: Glicko,
    results: Sequence[tuple[Glicko, float]],
    *,
    tau: float = TAU,
    floor: float = 0.0,
) -> Glicko:
    """``player`` after one rating period with ``results``: each an opponent's rating as the
    period began and the score made against him (1 a win, 0 a loss, between: part of one).
    No results: the deviation widens by the volatility.  The deviation is kept at ``floor`` at
    least (the puzzles use :data:`MIN_DEVIATION`; the paper none)."""
    mu = (player.rating - 1500) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not results:
        widened = math.sqrt(phi * phi + sigma * sigma) * SCALE
        return Glicko(player.rating, max(floor, widened), sigma)
    # Step 3: the estimated variance v; step 4: the estimated improvement delta.
    v_inv = 0.0
    gain = 0.0
    for opponent, score in results:
        mu_j = (opponent.rating - 1500) / SCALE
        phi_j = opponent.deviation / SCALE
        g = _g(phi_j)
        e = _e(mu, mu_j, phi_j)
        v_inv += g * g * e * (1.0 - e)
        gain += g * (score - e)
    v = 1.0 / v_inv
    delta = v * gain
    # Step 5: the new volatility, by the Illinois algorithm.
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        top = ex * (delta * delta - phi * phi - v - ex)
        bottom = 2.0 * (phi * phi + v + ex) ** 2
        return top / bottom - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    new_sigma = math.exp(big_a / 2.0)
    # Steps 6 and 7: the new deviation and rating.
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * gain
    return Glicko(new_mu * SCALE + 1500, max(floor, new_phi * SCALE), new_sigma)
