"""The computer's playing levels and its choices at each.

A level is a depth and a noise: the plays are weighed by the evaluation core
(:func:`bot.ai.core.rank_plays`: cubeful at the score, GNU Backgammon's move filter) at ``ply``
and, for the weaker levels, Gaussian noise of standard deviation ``noise`` (drawn from the
injected ``rng``, in EMG) is added to each before the best is taken; the cube equities get the
same noise, and the cube is decided at ``cube_ply`` (a cube decision is one evaluation, not one
per play, so ``strong`` affords 2-ply there where the decision is close: ``cube_quick``, see
:data:`bot.ai.computer.CLEARLY_DOUBLE`, :data:`~bot.ai.computer.CLEARLY_PAST_CASH` and
:data:`~bot.ai.computer.CLEARLY_TAKE_OR_PASS`; ``expert`` everywhere).  ``expert`` plays as GNU
Backgammon's default 2-ply ``hint`` (its move filter: the best 8 within 0.16 at 0-ply go on).

Every level plays the score: in a match each play and cube decision is weighed in match
winning chances at the score (Crawford, post-Crawford, dead cubes), in money play with the
cube's value and owner, the Jacoby rule and beavers as the table has them.

The PR of each level, rated cubeful at the score by the analysis at 2-ply (GNU Backgammon's
default) over 16 seeded 5-point matches against ``expert``, checked on two of them by ``gnubg -t``
itself (``python -m benchmarks.opponent --only pr --pr-matches 16 --pr-checked 2``): ``beginner``
19.0 (target about 18), ``casual`` 8.0 (about 8), ``strong`` 1.6 (at most 2.5), ``expert`` 0.07
(at most 0.5).

``strong`` and ``expert``, having no noise, also ponder on the opponent's time
(:meth:`bot.ai.worker.ComputerWorker.ponder`): their cube decision after a person's likely play,
and their answer to his double, are worked out while he thinks.

============  =====  =====  ==========  ==========================
level         ply    noise  cube ply    meant for
============  =====  =====  ==========  ==========================
``beginner``  0      0.11   0           a new player
``casual``    0      0.06   0           a club player
``strong``    0      0      2 (close)   the default
``expert``    2      0      2           GNU Backgammon's own 2-ply
============  =====  =====  ==========  ==========================
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bot.ai.core import DEFAULT_ENGINE, Cube, Engine, RankedPlay, rank_plays
from engine import Play, Position

__all__ = ["DEFAULT_LEVEL", "LEVELS", "Level", "choose_ranked", "find_level", "noisy_best"]


@dataclass(frozen=True, slots=True)
class Level:
    """One playing level: evaluation depth ``ply`` and equity noise ``noise`` (σ, EMG) of the
    checker play, the depth ``cube_ply`` of its cube decisions (``None``: the same as ``ply``);
    with ``cube_quick`` the deeper cube look is taken only where 0-ply finds the double or the
    take close (see :data:`bot.ai.computer.CLEARLY_DOUBLE`)."""

    name: str
    ply: int
    noise: float
    cube_ply: int | None = None
    cube_quick: bool = False

    @property
    def cube_depth(self) -> int:
        """The depth of the level's cube decisions."""
        return self.ply if self.cube_ply is None else self.cube_ply


LEVELS: dict[str, Level] = {
    "beginner": Level("beginner", 0, 0.11),
    "casual": Level("casual", 0, 0.06),
    "strong": Level("strong", 0, 0.0, cube_ply=2, cube_quick=True),
    "expert": Level("expert", 2, 0.0),
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
    cube: Cube,
    level: Level,
    rng: random.Random,
    ply: int | None = None,
    *,
    engine: Engine = DEFAULT_ENGINE,
) -> Play | None:
    """The level's play of ``dice`` in ``position`` with ``cube`` (the mover's view of the cube
    and the score; ``None`` when the dice cannot be played), ``engine``'s nets valuing them.

    ``ply`` overrides the level's depth (a recomputation at a lower depth after a timeout).
    """
    ranked = rank_plays(position, dice, cube, level.ply if ply is None else ply, engine=engine)
    if not ranked:
        return None
    return noisy_best(ranked, level.noise, rng).play
