"""The computer's playing levels and its choices at each.

A level is a depth and a noise: the plays' equities are evaluated at ``ply`` and, for the weaker
levels, Gaussian noise of standard deviation ``noise`` (drawn from the injected ``rng``) is added
to each before the best is taken; the cube equities get the same noise, and the cube is
evaluated at ``cube_ply`` (a cube decision is one evaluation, not one per play, so ``strong``
affords 2-ply there where the decision is close: ``cube_quick``, see
:data:`bot.ai.computer.CLEARLY_DOUBLE`, :data:`~bot.ai.computer.CLEARLY_PAST_CASH` and
:data:`~bot.ai.computer.CLEARLY_TAKE_OR_PASS`; ``expert`` everywhere).

Calibrated by the PR-like error against plain 2-ply: the mean equity lost per unforced checker
play × 500, on the 300 fixed positions of ``tests/data/ai_positions.json`` (four noise draws per
position), the loss measured at 2-ply.  Measured there: 0-ply with σ 0, 0.05, 0.08, 0.09, 0.10,
0.11, 0.12, 0.15 gives PR 1.8, 6.8, 13.1, 15.7, 17.9, 19.5, 20.9, 25.4; plain 1-ply 0.8.  (The
guide figure of PR 16 at σ 0.15 is not what this set gives: 0.15 is PR 25 here, so
``beginner`` is set by the figure measured here, not by the guide's σ.)  In 200 seeded cubeless
games against ``strong`` the beginner wins 32% at σ 0.08, 29.5% at 0.09, 27.5% at 0.10, 24.5%
at 0.11 and 16.5% at 0.15: σ 0.10 is both near PR 16 and inside the 10–30% it should win.
``expert`` searches 2-ply only on the three best of the 0-ply candidates at 1-ply (within 0.04,
GNU Backgammon's own deeper filter): its choice equals the plain 2-ply one on 290 of the 300
positions, PR 0.05, at about a third of the time.  Cube decisions equal to ``gnubg_nn``'s
2-ply advice on the 200 fixed match positions: ``strong`` and ``expert`` 200, the noisy levels
fewer.  ``python -m benchmarks.opponent`` prints them all.

``strong`` and ``expert``, having no noise, also ponder on the opponent's time
(:meth:`bot.ai.worker.ComputerWorker.ponder`): their cube decision after a person's likely play,
and their answer to his double, are worked out while he thinks.

============  =====  =====  ==========  ======  ==========================
level         ply    noise  cube ply    PR      meant for
============  =====  =====  ==========  ======  ==========================
``beginner``  0      0.10   0           17.9    a new player
``casual``    0      0.05   0           6.8     a club player
``strong``    0      0      2 (close)   1.8     the default
``expert``    2 (3)  0      2           0.05    near the reference itself
============  =====  =====  ==========  ======  ==========================
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bot.ai.gnubg_eval import RankedPlay, rank_plays
from engine import Play, Position

__all__ = ["DEFAULT_LEVEL", "LEVELS", "Level", "choose_ranked", "find_level", "noisy_best"]


@dataclass(frozen=True, slots=True)
class Level:
    """One playing level: evaluation depth ``ply`` and equity noise ``noise`` (σ) of the checker
    play, the depth ``cube_ply`` of its cube decisions (``None``: the same as ``ply``), and at
    2-ply how many candidates go on from 1-ply (``narrow``, see
    :func:`bot.ai.gnubg_eval.rank_plays`; 0: every 0-ply candidate); with ``cube_quick`` the
    deeper cube look is taken only where 0-ply finds the double or the take close (see
    :data:`bot.ai.computer.CLEARLY_DOUBLE`)."""

    name: str
    ply: int
    noise: float
    cube_ply: int | None = None
    narrow: int = 0
    cube_quick: bool = False

    @property
    def cube_depth(self) -> int:
        """The depth of the level's cube decisions."""
        return self.ply if self.cube_ply is None else self.cube_ply


LEVELS: dict[str, Level] = {
    "beginner": Level("beginner", 0, 0.10),
    "casual": Level("casual", 0, 0.05),
    "strong": Level("strong", 0, 0.0, cube_ply=2, cube_quick=True),
    "expert": Level("expert", 2, 0.0, narrow=3),
}
DEFAULT_LEVEL = "strong"


def find_level(word: str | None) -> Level | None:
    """The level named ``word`` (any case), the default for ``None``; ``None`` if unknown."""
    if word is None:
        return LEVELS[DEFAULT_LEVEL]
    return LEVELS.get(word.strip().lower())


def noisy_best(ranked: list[RankedPlay], noise: float, rng: random.Random) -> RankedPlay:
    """The play with the best equity after adding Gaussian noise ``noise`` to each."""
    if noise <= 0 or len(ranked) == 1:
        return ranked[0]
    return max(ranked, key=lambda r: r.equity + rng.gauss(0.0, noise))


def choose_ranked(
    position: Position,
    dice: tuple[int, int],
    level: Level,
    rng: random.Random,
    ply: int | None = None,
) -> Play | None:
    """The level's play of ``dice`` in ``position`` (``None`` when the dice cannot be played).

    ``ply`` overrides the level's depth (a recomputation at a lower depth after a timeout).
    """
    ranked = rank_plays(position, dice, level.ply if ply is None else ply, narrow=level.narrow)
    if not ranked:
        return None
    return noisy_best(ranked, level.noise, rng).play
