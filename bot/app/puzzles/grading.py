"""How an answer to a puzzle is graded: four bands by what it gives up against the best answer
(in equity, or for long nardy in winning chance), and what each band means to the repetitions
(:mod:`bot.app.puzzles.srs`) and to the ratings (:mod:`bot.app.puzzles.glicko`).

=============  ===================  =======  ===========  ==========
band           the answer loses     quality  rated score  solved
=============  ===================  =======  ===========  ==========
``best``       nothing              5        1            yes
``close``      under 0.02           4        ½            yes
``inaccurate`` 0.02 to 0.08         2        0            no
``wrong``      over 0.08            0        0            no
=============  ===================  =======  ===========  ==========

A quality under 3 is a miss: the puzzle comes back soon.  An answer as good as the best (another
play of the same value) is the best.

>>> [band(x) for x in (0.0, 0.019, 0.02, 0.08, 0.081)]
['best', 'close', 'inaccurate', 'inaccurate', 'wrong']
"""

from __future__ import annotations

from typing import Final, Literal

__all__ = ["BANDS", "CLOSE", "QUALITY", "SCORE", "WRONG", "Band", "band", "solved"]

Band = Literal["best", "close", "inaccurate", "wrong"]

BANDS: Final[tuple[Band, ...]] = ("best", "close", "inaccurate", "wrong")

CLOSE: Final = 0.02
"""Below this loss an answer is close to the best."""

WRONG: Final = 0.08
"""Above this loss an answer is wrong."""

QUALITY: Final[dict[Band, int]] = {"best": 5, "close": 4, "inaccurate": 2, "wrong": 0}
"""SM-2's quality of an answer in each band."""

SCORE: Final[dict[Band, float]] = {"best": 1.0, "close": 0.5, "inaccurate": 0.0, "wrong": 0.0}
"""The score a rated answer makes against the puzzle."""


def band(loss: float) -> Band:
    """The band of an answer that loses ``loss`` against the best."""
    if loss <= 1e-9:
        return "best"
    if loss < CLOSE:
        return "close"
    if loss <= WRONG:
        return "inaccurate"
    return "wrong"


def solved(graded: Band) -> bool:
    """Whether an answer in band ``graded`` solves the puzzle."""
    return graded in ("best", "close")
