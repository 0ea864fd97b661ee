"""Match winning chances at a match score, computed as GNU Backgammon computes them.

GNU Backgammon measures every decision of a match in *match winning chances* (MWC, 0 to 1, of
the side on roll) and reports them normalised to "EMG", the equity of a money game with the same
cube: −1 is losing the cube's points, +1 winning them (``mwc2eq`` / ``eq2mwc`` in its
``eval.c``).  This module is that arithmetic, in pure Python; it needs no neural net.

The match equity table is Kazaross-XG2, the default of GNU Backgammon 1.07 (Debian's ``gnubg``:
``show matchequitytable`` names ``/usr/share/gnubg/met/Kazaross-XG2.xml``), copied here from
that file: :data:`PRE_CRAWFORD` (25 × 25) and :data:`POST_CRAWFORD`.  Scores beyond 25-away are
extended as GNU Backgammon extends them (``ExtendMET``, ``initPostCrawfordMET`` in
``matchequity.c``).  Copyright (C) 2011 Neil Kazaross; transcribed for GNU Backgammon by Michael
Petch; distributed as part of GNU Backgammon, "copying and distribution of this file, with or
without modification, are permitted in any medium without royalty provided the copyright notice
and this notice are preserved".

A score is seen from the side on roll: :class:`Score` ``(mine, theirs, crawford)``, the points
each side still needs.  The formulas:

* :func:`mwc_after` — the MWC once the game is over, won or lost for ``points``; the game after
  the Crawford game and every later one is post-Crawford (GNU Backgammon's ``getME``);
* :func:`gammon_prices` and :func:`utility` — the cubeless equity of the chances at the score:
  ``2·w − 1 + wg·G − lg·G' + wbg·B − lbg·B'``, a gammon worth what it changes in MWC relative to a
  single game (``Utility``, ``getGammonPrice``); a gammon that does not count (the winner needs no
  more than the cube) is worth 0;
* :func:`mwc2eq` / :func:`eq2mwc` — the linear map of MWC to EMG through the MWC of winning
  (+1) and losing (−1) the cube's value;
* :func:`cubeful_mwc` — Joern Thyssen's generalisation of Janowski's formula to match play
  (``Cl2CfMatch``): a weighted mean, by the cube efficiency, of the dead-cube MWC and a "live
  cube" MWC interpolated linearly between the take and cash points at the score
  (:func:`cash_points`, ``GetPoints``);
* :func:`may_double` — whether doubling is worth anything (``GetDPEq``): not in the Crawford
  game, not with a cube that already wins the match, not for the leader after the Crawford game.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

__all__ = [
    "POST_CRAWFORD",
    "PRE_CRAWFORD",
    "Score",
    "cash_points",
    "cubeful_mwc",
    "eq2mwc",
    "gammon_prices",
    "may_double",
    "mwc2eq",
    "mwc_after",
    "mwc_at",
    "table_mwc",
    "utility",
]

# fmt: off
PRE_CRAWFORD: tuple[tuple[float, ...], ...] = (
    (  # 1-away
        0.50000, 0.67736, 0.75076, 0.81436, 0.84179, 0.88731, 0.90724, 0.93250,
        0.94402, 0.959275, 0.966442, 0.975534, 0.979845, 0.985273, 0.987893, 0.99114,
        0.99273, 0.99467, 0.99563, 0.99679, 0.99737, 0.99807, 0.99842, 0.99884,
        0.99905,
    ),
    (  # 2-away
        0.32264, 0.50000, 0.59947, 0.66870, 0.74359, 0.79940, 0.84225, 0.87539,
        0.90197, 0.923034, 0.939311, 0.952470, 0.962495, 0.970701, 0.976887, 0.98196,
        0.98580, 0.98893, 0.99129, 0.99322, 0.99466, 0.99585, 0.99675, 0.99746,
        0.99802,
    ),
    (  # 3-away
        0.24924, 0.40053, 0.50000, 0.57150, 0.64795, 0.71123, 0.76209, 0.80468,
        0.84017, 0.870638, 0.894417, 0.914831, 0.930702, 0.944426, 0.954931, 0.96399,
        0.97093, 0.97687, 0.98139, 0.98522, 0.98814, 0.99062, 0.99248, 0.99407,
        0.99527,
    ),
    (  # 4-away
        0.18564, 0.33130, 0.42850, 0.50000, 0.57732, 0.64285, 0.69924, 0.74577,
        0.78799, 0.824059, 0.853955, 0.879141, 0.900233, 0.918040, 0.932657, 0.94495,
        0.95499, 0.96341, 0.97021, 0.97589, 0.98044, 0.98422, 0.98726, 0.98975,
        0.99174,
    ),
    (  # 5-away
        0.15821, 0.25641, 0.35205, 0.42268, 0.50000, 0.56635, 0.62638, 0.67786,
        0.72540, 0.767055, 0.802732, 0.833654, 0.859934, 0.882866, 0.902013, 0.91847,
        0.93223, 0.94397, 0.95367, 0.96189, 0.96864, 0.97432, 0.97896, 0.98283,
        0.98600,
    ),
    (  # 6-away
        0.11269, 0.20060, 0.28877, 0.35715, 0.43365, 0.50000, 0.56261, 0.61636,
        0.66787, 0.713057, 0.753427, 0.788634, 0.819569, 0.846648, 0.869999, 0.89021,
        0.90756, 0.92246, 0.93508, 0.94583, 0.95488, 0.96254, 0.96894, 0.97432,
        0.97879,
    ),
    (  # 7-away
        0.09276, 0.15775, 0.23791, 0.30076, 0.37362, 0.43739, 0.50000, 0.55480,
        0.60854, 0.656283, 0.700209, 0.739054, 0.774121, 0.805203, 0.832566, 0.85659,
        0.87761, 0.89591, 0.91171, 0.92535, 0.93702, 0.94703, 0.95553, 0.96276,
        0.96887,
    ),
    (  # 8-away
        0.06750, 0.12461, 0.19532, 0.25423, 0.32214, 0.38364, 0.44520, 0.50000,
        0.55442, 0.603718, 0.649899, 0.691356, 0.729447, 0.763593, 0.794397, 0.82158,
        0.84578, 0.86714, 0.88589, 0.90230, 0.91658, 0.92898, 0.93968, 0.94891,
        0.95682,
    ),
    (  # 9-away
        0.05598, 0.09803, 0.15983, 0.21201, 0.27460, 0.33213, 0.39146, 0.44558,
        0.50000, 0.550196, 0.597926, 0.641481, 0.682119, 0.718927, 0.752814, 0.78301,
        0.81037, 0.83483, 0.85662, 0.87591, 0.89294, 0.90791, 0.92098, 0.93240,
        0.94230,
    ),
    (  # 10-away
        0.040725, 0.076966, 0.129362, 0.175941, 0.232945, 0.286943, 0.343717, 0.396282,
        0.449804, 0.500000, 0.548547, 0.593459, 0.635880, 0.674830, 0.711113, 0.74371,
        0.77375, 0.80093, 0.82543, 0.84741, 0.86703, 0.88448, 0.89991, 0.91353,
        0.92550,
    ),
    (  # 11-away
        0.033558, 0.060689, 0.105583, 0.146045, 0.197268, 0.246573, 0.299791, 0.350101,
        0.402074, 0.451453, 0.500000, 0.545552, 0.589242, 0.629736, 0.667927, 0.70303,
        0.73530, 0.76494, 0.79198, 0.81648, 0.83862, 0.85849, 0.87629, 0.89214,
        0.90622,
    ),
    (  # 12-away
        0.024466, 0.047530, 0.085169, 0.120859, 0.166346, 0.211366, 0.260946, 0.308644,
        0.358519, 0.406541, 0.454448, 0.500000, 0.544068, 0.585701, 0.625259, 0.66178,
        0.69610, 0.72778, 0.75703, 0.78381, 0.80826, 0.83044, 0.85051, 0.86856,
        0.88476,
    ),
    (  # 13-away
        0.020155, 0.037505, 0.069298, 0.099767, 0.140066, 0.180431, 0.225879, 0.270553,
        0.317881, 0.364120, 0.410758, 0.455932, 0.500000, 0.541943, 0.582545, 0.62036,
        0.65619, 0.68966, 0.72081, 0.74963, 0.77619, 0.80054, 0.82276, 0.84295,
        0.86123,
    ),
    (  # 14-away
        0.014727, 0.029299, 0.055574, 0.081960, 0.117134, 0.153352, 0.194797, 0.236407,
        0.281073, 0.325170, 0.370264, 0.414299, 0.458057, 0.500000, 0.540750, 0.57942,
        0.61634, 0.65117, 0.68391, 0.71448, 0.74290, 0.76917, 0.79339, 0.81559,
        0.83586,
    ),
    (  # 15-away
        0.012107, 0.023113, 0.045069, 0.067343, 0.097987, 0.130001, 0.167434, 0.205603,
        0.247186, 0.288887, 0.332073, 0.374741, 0.417455, 0.459250, 0.500000, 0.53916,
        0.57679, 0.61261, 0.64659, 0.67859, 0.70862, 0.73664, 0.76265, 0.78669,
        0.80883,
    ),
    (  # 16-away
        0.00886, 0.01804, 0.03601, 0.05505, 0.08153, 0.10979, 0.14341, 0.17842,
        0.21699, 0.25629, 0.29697, 0.33822, 0.37964, 0.42058, 0.46084, 0.50000,
        0.53796, 0.57441, 0.60929, 0.64241, 0.67376, 0.70323, 0.73084, 0.75657,
        0.78046,
    ),
    (  # 17-away
        0.00727, 0.01420, 0.02907, 0.04501, 0.06777, 0.09244, 0.12239, 0.15422,
        0.18963, 0.22625, 0.26470, 0.30390, 0.34381, 0.38366, 0.42321, 0.46204,
        0.50000, 0.53676, 0.57222, 0.60618, 0.63856, 0.66925, 0.69822, 0.72542,
        0.75087,
    ),
    (  # 18-away
        0.00533, 0.01107, 0.02313, 0.03659, 0.05603, 0.07754, 0.10409, 0.13286,
        0.16517, 0.19907, 0.23506, 0.27222, 0.31034, 0.34883, 0.38739, 0.42559,
        0.46324, 0.50000, 0.53574, 0.57023, 0.60336, 0.63501, 0.66510, 0.69356,
        0.72038,
    ),
    (  # 19-away
        0.00437, 0.00871, 0.01861, 0.02979, 0.04633, 0.06492, 0.08829, 0.11411,
        0.14338, 0.17457, 0.20802, 0.24297, 0.27919, 0.31609, 0.35341, 0.39071,
        0.42778, 0.46426, 0.50000, 0.53475, 0.56838, 0.60073, 0.63171, 0.66122,
        0.68921,
    ),
    (  # 20-away
        0.00321, 0.00678, 0.01478, 0.02411, 0.03811, 0.05417, 0.07465, 0.09770,
        0.12409, 0.15259, 0.18352, 0.21619, 0.25037, 0.28552, 0.32141, 0.35759,
        0.39382, 0.42977, 0.46525, 0.50000, 0.53387, 0.56667, 0.59830, 0.62864,
        0.65760,
    ),
    (  # 21-away
        0.00263, 0.00534, 0.01186, 0.01956, 0.03136, 0.04512, 0.06298, 0.08342,
        0.10706, 0.13297, 0.16138, 0.19174, 0.22381, 0.25710, 0.29138, 0.32624,
        0.36144, 0.39664, 0.43162, 0.46613, 0.50000, 0.53303, 0.56508, 0.59603,
        0.62576,
    ),
    (  # 22-away
        0.00193, 0.00415, 0.00938, 0.01578, 0.02568, 0.03746, 0.05297, 0.07102,
        0.09209, 0.11552, 0.14151, 0.16956, 0.19946, 0.23083, 0.26336, 0.29677,
        0.33075, 0.36499, 0.39927, 0.43333, 0.46697, 0.50000, 0.53226, 0.56360,
        0.59391,
    ),
    (  # 23-away
        0.00158, 0.00325, 0.00752, 0.01274, 0.02104, 0.03106, 0.04447, 0.06032,
        0.07902, 0.10009, 0.12371, 0.14949, 0.17724, 0.20661, 0.23735, 0.26916,
        0.30178, 0.33490, 0.36829, 0.40170, 0.43492, 0.46774, 0.50000, 0.53153,
        0.56221,
    ),
    (  # 24-away
        0.00116, 0.00254, 0.00593, 0.01025, 0.01717, 0.02568, 0.03724, 0.05109,
        0.06760, 0.08647, 0.10786, 0.13144, 0.15705, 0.18441, 0.21331, 0.24343,
        0.27458, 0.30644, 0.33878, 0.37136, 0.40397, 0.43640, 0.46847, 0.50000,
        0.53086,
    ),
    (  # 25-away
        0.00095, 0.00198, 0.00473, 0.00826, 0.01400, 0.02121, 0.03113, 0.04318,
        0.05770, 0.07450, 0.09378, 0.11524, 0.13877, 0.16414, 0.19117, 0.21954,
        0.24913, 0.27962, 0.31079, 0.34240, 0.37424, 0.40609, 0.43779, 0.46914,
        0.50000,
    ),
)
POST_CRAWFORD: tuple[float, ...] = (
    0.500000, 0.48803, 0.32264, 0.31002, 0.19012, 0.18072, 0.11559, 0.10906,
    0.06953, 0.065161, 0.042069, 0.039060, 0.025371, 0.023428, 0.015304, 0.014050,
    0.009240, 0.008420, 0.005560, 0.005050, 0.003360, 0.003030, 0.002030, 0.001820,
    0.001230,
)
# fmt: on
"""``PRE_CRAWFORD[i][j]``: the MWC of a player ``i + 1``-away against one ``j + 1``-away before
the Crawford game is played (at 1-away: in the Crawford game).  ``POST_CRAWFORD[j]``: the MWC of
the trailer ``j + 1``-away against the leader 1-away after the Crawford game."""

_TABLE = len(PRE_CRAWFORD)
_GAMMON_RATE = 0.25  # GNU Backgammon's GAMMONRATE, for the post-Crawford extension
_STDDEV = (0.0, 1.24, 1.27, 1.47, 1.50, 1.60, 1.61, 1.66, 1.68, 1.70, 1.72, 1.77)


@cache
def _post(i: int) -> float:
    """The post-Crawford MWC of the trailer ``i + 1``-away; the table's rows up to 24-away,
    then GNU Backgammon's recursion (a quarter of the games gammons)."""
    if i < 0:
        return 1.0
    if i < _TABLE - 1:
        return POST_CRAWFORD[i]
    return _GAMMON_RATE * 0.5 * _post(i - 4) + (1.0 - _GAMMON_RATE) * 0.5 * _post(i - 2)


def _stddev(away: int) -> float:
    return _STDDEV[away] if away <= 10 else 1.77


@cache
def _pre(i: int, j: int) -> float:
    """The pre-Crawford MWC of a player ``i + 1``-away against ``j + 1``-away; beyond the table,
    GNU Backgammon's normal approximation (``ExtendMET``)."""
    if i < _TABLE and j < _TABLE:
        return PRE_CRAWFORD[i][j]
    if j > i:
        return 1.0 - _pre(j, i)
    n0, n1 = i + 1, j + 1
    sigma = math.hypot(_stddev(n0), _stddev(n1)) * math.sqrt((n0 + n1) / 2.0)
    if 6.0 * sigma <= n0 - n1:
        return 0.0
    return 0.5 * (math.erf(6.0 / math.sqrt(2.0)) - math.erf((n0 - n1) / sigma / math.sqrt(2.0)))


def table_mwc(mine: int, theirs: int, post_crawford: bool = False) -> float:
    """The MWC of a player needing ``mine`` points against one needing ``theirs`` (0 or less:
    the match is won), from the table; ``post_crawford`` where the Crawford game was played."""
    if mine <= 0:
        return 1.0
    if theirs <= 0:
        return 0.0
    if post_crawford and mine == 1:
        return 1.0 - _post(theirs - 1)
    if post_crawford and theirs == 1:
        return _post(mine - 1)
    return _pre(mine - 1, theirs - 1)


@dataclass(frozen=True, slots=True)
class Score:
    """A match score from the view of the side on roll: the points ``mine`` and ``theirs``
    still needed (each 1 or more) and whether this game is the Crawford game."""

    mine: int
    theirs: int
    crawford: bool = False

    def __post_init__(self) -> None:
        if self.mine < 1 or self.theirs < 1:
            raise ValueError(f"a match score needs 1 point or more each, not {self!r}")

    @property
    def post_crawford(self) -> bool:
        """A game after the Crawford game (a side 1-away, this game not the Crawford one)."""
        return not self.crawford and 1 in (self.mine, self.theirs)

    def swapped(self) -> Score:
        """The same score seen by the other side."""
        return Score(self.theirs, self.mine, self.crawford)


def mwc_at(score: Score) -> float:
    """The MWC of the side on roll at ``score``, before the game (``getMEAtScore``)."""
    return table_mwc(score.mine, score.theirs, score.post_crawford)


def mwc_after(score: Score, points: int, won: bool) -> float:
    """The MWC of the side on roll after it wins (``won``) or loses ``points`` in this game.

    After the Crawford game, or in a post-Crawford game, every game is post-Crawford
    (GNU Backgammon's ``getME``)."""
    return _mwc_after(score.mine, score.theirs, score.crawford, points, won)


@cache
def _mwc_after(mine: int, theirs: int, crawford: bool, points: int, won: bool) -> float:
    """:func:`mwc_after` of the score in numbers, kept for the scores seen (every play of
    every roll is valued with it)."""
    next_post = crawford or 1 in (mine, theirs)
    if won:
        return table_mwc(mine - points, theirs, next_post)
    return table_mwc(mine, theirs - points, next_post)


@cache
def gammon_prices(score: Score, cube: int) -> tuple[float, float, float, float]:
    """What a gammon and a backgammon add at ``score`` with ``cube``, in units of a single
    game: (win gammon, lose gammon, win backgammon, lose backgammon), each at least 0
    (``getGammonPrice``; kept for the scores seen, as every play of a roll is valued with
    them)."""
    win = mwc_after(score, cube, True)
    lose = mwc_after(score, cube, False)
    centre = (win + lose) / 2.0
    half = win - centre
    if abs(half) <= 1e-7:
        return (0.0, 0.0, 0.0, 0.0)
    g_win = (mwc_after(score, 2 * cube, True) - centre) / half - 1.0
    g_lose = (centre - mwc_after(score, 2 * cube, False)) / half - 1.0
    b_win = (mwc_after(score, 3 * cube, True) - centre) / half - (g_win + 1.0)
    b_lose = (centre - mwc_after(score, 3 * cube, False)) / half - (g_lose + 1.0)
    return (max(g_win, 0.0), max(g_lose, 0.0), max(b_win, 0.0), max(b_lose, 0.0))


@cache
def _prices(mine: int, theirs: int, crawford: bool, cube: int) -> tuple[float, float, float, float]:
    """:func:`gammon_prices` of the score in numbers (kept for the scores seen)."""
    return gammon_prices(Score(mine, theirs, crawford), cube)


def utility(probs: Sequence[float], score: Score, cube: int) -> float:
    """The cubeless equity (EMG) of the chances ``probs`` (win, win gammon, win backgammon,
    lose gammon, lose backgammon) of the side on roll at ``score`` with ``cube``."""
    w, wg, wbg, lg, lbg = probs[:5]
    g_win, g_lose, b_win, b_lose = _prices(score.mine, score.theirs, score.crawford, cube)
    return 2.0 * w - 1.0 + wg * g_win - lg * g_lose + wbg * b_win - lbg * b_lose


def mwc2eq(mwc: float, score: Score, cube: int) -> float:
    """EMG of ``mwc``: +1 is the MWC of winning ``cube`` points, −1 that of losing them."""
    win = mwc_after(score, cube, True)
    lose = mwc_after(score, cube, False)
    return (2.0 * mwc - (win + lose)) / (win - lose)


def eq2mwc(equity: float, score: Score, cube: int) -> float:
    """The MWC of the EMG ``equity`` (the inverse of :func:`mwc2eq`)."""
    win = mwc_after(score, cube, True)
    lose = mwc_after(score, cube, False)
    return 0.5 * (equity * (win - lose) + (win + lose))


def may_double(score: Score, cube: int, owner: str) -> bool:
    """Whether the side on roll may double with a cube that can gain it anything: not in the
    Crawford game, not when ``cube`` already wins it the match, not as the leader after the
    Crawford game, and only with the cube centred (``owner == "centre"``) or its own
    (``"mine"``)."""
    return (
        not score.crawford
        and score.mine > cube
        and not (score.post_crawford and score.mine == 1)
        and owner in ("centre", "mine")
    )


def _ratios(probs: Sequence[float]) -> tuple[float, float, float, float]:
    """Gammon and backgammon shares of the wins and of the losses of the side on roll."""
    w, wg, wbg, lg, lbg = probs[:5]
    g0, b0 = ((wg - wbg) / w, wbg / w) if w > 0.0 else (0.0, 0.0)
    g1, b1 = ((lg - lbg) / (1.0 - w), lbg / (1.0 - w)) if w < 1.0 else (0.0, 0.0)
    return g0, b0, g1, b1


def cash_points(probs: Sequence[float], score: Score, cube: int) -> tuple[float, float]:
    """The live-cube cash points of the side on roll and of its opponent (each in that side's
    own winning chances) at ``score`` with ``cube`` (GNU Backgammon's ``GetPoints``).

    From the highest cube that is still alive for both sides down to ``cube``: where the
    doubled cube would be dead, the cash point is the dead-cube one, ``(DTL − DP) / (DTL −
    DTW)`` (double/take lost and won, with the side's gammon rates, double/pass); otherwise
    ``1 − CP'·(DP − DTW) / (RDP − DTW)``, with ``CP'`` the opponent's cash point one cube
    higher and ``RDP`` the redouble/pass.
    """
    g0, b0, g1, b1 = _ratios(probs)
    gammons = ((g0, b0), (g1, b1))  # the side's own wins, then the opponent's wins
    table = _cash_table(score.mine, score.theirs, score.crawford, cube)
    live: list[list[float]] = [[0.0] * len(table), [0.0] * len(table)]
    for n in range(len(table) - 1, -1, -1):
        for k in (0, 1):
            o = 1 - k
            g, b = gammons[k]
            og, ob = gammons[o]
            dead, double_pass, other, won1, won2, won3, lost1, lost2, lost3 = table[n][k]
            take_won = (1.0 - g - b) * won1 + g * won2 + b * won3
            if dead:
                take_lost = (1.0 - og - ob) * lost1 + og * lost2 + ob * lost3
                live[k][n] = (take_lost - double_pass) / (take_lost - take_won)
            else:
                live[k][n] = 1.0 - live[o][n + 1] * (double_pass - take_won) / (other - take_won)
    return live[0][0], live[1][0]


_CashRow = tuple[bool, float, float, float, float, float, float, float, float]


@cache
def _cash_table(
    mine: int, theirs: int, crawford: bool, cube: int
) -> tuple[tuple[_CashRow, _CashRow], ...]:
    """The match equities :func:`cash_points` weighs with the chances, per cube level from
    ``cube`` up and per side (the side on roll, then its opponent): whether the doubled cube
    is dead there, double/pass, redouble/pass (live) and the MWC of a take won and lost by a
    single game, a gammon and a backgammon (kept for the scores seen)."""
    score = Score(mine, theirs, crawford)
    views = (score, score.swapped())
    away = (mine - 1, theirs - 1)
    levels = [cube]
    while away[0] >= 2 * levels[-1] and away[1] >= 2 * levels[-1]:
        levels.append(2 * levels[-1])
    rows: list[tuple[_CashRow, _CashRow]] = []
    for value in levels:
        pair: list[_CashRow] = []
        for k in (0, 1):
            o = 1 - k
            view = views[k]
            double_pass = mwc_after(view, value, True)
            dead = away[0] < 2 * value or away[1] < 2 * value
            prime = 2 * value if dead and away[k] < 2 * value <= away[o] else value
            pair.append(
                (
                    dead,
                    double_pass,
                    mwc_after(view, 2 * value, False),
                    mwc_after(view, 2 * prime, True),
                    mwc_after(view, 4 * prime, True),
                    mwc_after(view, 6 * prime, True),
                    mwc_after(view, 2 * prime, False),
                    mwc_after(view, 4 * prime, False),
                    mwc_after(view, 6 * prime, False),
                )
            )
        rows.append((pair[0], pair[1]))
    return tuple(rows)


@cache
def _cube_table(
    mine: int, theirs: int, crawford: bool, cube: int
) -> tuple[bool, float, float, float, float, float, float]:
    """What :func:`cubeful_mwc` takes from the score with ``cube`` (kept for the scores seen):
    whether the cube is alive, and the MWC of winning and of losing a single game, a gammon
    and a backgammon."""
    score = Score(mine, theirs, crawford)
    return (
        _cube_alive(score, cube),
        mwc_after(score, cube, True),
        mwc_after(score, cube, False),
        mwc_after(score, 2 * cube, True),
        mwc_after(score, 3 * cube, True),
        mwc_after(score, 2 * cube, False),
        mwc_after(score, 3 * cube, False),
    )


def _cube_alive(score: Score, cube: int) -> bool:
    """GNU Backgammon's ``fDoCubeful``: the cube matters unless it is dead for both sides,
    the score is 2-away each, or this is the Crawford game."""
    if score.mine <= cube and score.theirs <= cube:
        return False
    if score.mine == 2 and score.theirs == 2:
        return False
    return not score.crawford


def cubeful_mwc(
    probs: Sequence[float], score: Score, cube: int, owner: str, efficiency: float
) -> float:
    """The cubeful MWC of the side on roll with the chances ``probs`` at ``score``, the cube
    at ``cube`` owned by ``owner`` (``"centre"``, ``"mine"``, ``"theirs"``).

    ``(1 − x)·dead + x·live`` with ``x`` the cube ``efficiency``: ``dead`` is the MWC of the
    cubeless equity; ``live`` goes linearly from losing (its gammons counted) at 0 to the
    opponent's cash at the opponent's take point, to our cash at our cash point, to winning
    (our gammons counted) at 1 — the segments the cube's owner can reach.
    """
    alive, cash, opp_cash, win2, win3, lose2, lose3 = _cube_table(
        score.mine, score.theirs, score.crawford, cube
    )
    dead = 0.5 * (utility(probs, score, cube) * (cash - opp_cash) + (cash + opp_cash))
    if not alive:
        return dead
    w = probs[0]
    g0, b0, g1, b1 = _ratios(probs)
    lose = (1.0 - g1 - b1) * opp_cash + g1 * lose2 + b1 * lose3
    win = (1.0 - g0 - b0) * cash + g0 * win2 + b0 * win3
    mine_cp, theirs_cp = cash_points(probs, score, cube)
    opp_tg = 1.0 - theirs_cp  # below it the opponent is too good to double
    tg = mine_cp  # above it we are too good to double

    def from_loss(top: float, at: float) -> float:
        return lose + (top - lose) * w / at if at > 0.0 else lose

    def to_win(bottom: float, at: float) -> float:
        return bottom + (win - bottom) * (w - at) / (1.0 - at) if at < 1.0 else win

    if owner == "centre":
        if w <= opp_tg:
            live = from_loss(opp_cash, opp_tg)
        elif w < tg:
            live = opp_cash + (cash - opp_cash) * (w - opp_tg) / (tg - opp_tg)
        else:
            live = to_win(cash, tg)
    elif owner == "mine":
        live = from_loss(cash, tg) if w <= tg else to_win(cash, tg)
    else:
        live = from_loss(opp_cash, opp_tg) if w <= opp_tg else to_win(opp_cash, opp_tg)
    return dead * (1.0 - efficiency) + live * efficiency
