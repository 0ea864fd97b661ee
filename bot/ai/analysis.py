"""Hints and the analysis of played games, on GNU Backgammon's neural nets (``gnubg_nn``).

Everything here is measured in equity normalised to a cube of 1 (GNU Backgammon's "EMG"): in a
money game points per game; in a match the match winning chances (MWC) at the score turned
into the same scale, −1 the MWC of losing the cube's points, +1 that of winning them
(:mod:`bot.ai.match_equity`, GNU Backgammon's arithmetic and its default match equity table,
Kazaross-XG2).

* checker play: every legal play is scored by the cubeless equity of the position it leaves,
  evaluated at the chosen ply by ``gnubg_nn``.  Money play: ``2·w − 1 + gammons + backgammons``;
  in a match the equity at the score, each gammon and backgammon worth what it changes in MWC
  with the cube as it is — nothing where the winner does not need it, the trailer's gammons
  after the Crawford game worth what they bring him (:func:`bot.ai.match_equity.utility`).
  Above 0-ply GNU Backgammon's analysis move filter: the best :data:`ANALYSIS_CANDIDATES` plays
  within :data:`ANALYSIS_WINDOW` of the best by 0-ply equity (at the score in a match) and the
  play made are evaluated at the ply, the others keep their 0-ply score.  Inside the deeper
  evaluation ``gnubg_nn`` chooses the plays by money equity where GNU Backgammon chooses them
  by the equity at the score, so deeper figures of a match are close to GNU Backgammon's, not
  the same;
* cube decisions: the cubeful equities of no double, double/take and double/pass, from the
  cubeless chances with GNU Backgammon's cube efficiencies (0.68 with contact, 0.55 + 0.00125 ×
  pips in a race, bounded by 0.6 and 0.7, 0.6 in a bear-off) — exactly what GNU Backgammon's own
  0-ply cube evaluation computes.  Money play: Janowski's formulas.  A match: their
  generalisation to the score (:func:`bot.ai.match_equity.cubeful_mwc`: take and cash points
  from the match equity table, the taker's recube), no double in the Crawford game, none for the
  leader after it, none with a cube that already wins the match (a double made there anyway is
  rated against not doubling).  Above 0-ply the analysis searches the cubeful tree as GNU
  Backgammon does (:func:`searched_cube_decision`): over the rolls, each side's play the best
  by 0-ply cubeful equity, each side doubling inside the tree where that is worth more, these
  formulas only at the leaves (:func:`cube_decision` at a ply applies them to the deeper
  chances instead); the hints' money cube is the same search.  ``gnubg_nn``'s own
  ``evaluate_cube_decision`` is not used: it has no money play, and its match equity table
  (Snowie's, up to 0.02 of equity apart from Kazaross-XG2 at 7 points and less) cannot be set
  to GNU Backgammon's default;
* a decision is unforced when there was a choice (more than one distinct legal play; a cube
  decision when doubling was possible and close: GNU Backgammon's rule, the optimal equity less
  than 0.16 above double/take capped at 1; every double, take and pass);
* the error of a decision is the equity of the best choice less that of the choice made, marked
  doubtful from 0.03, bad from 0.06, very bad from 0.12 (:func:`mark`); the PR is the error per
  unforced decision × 500 (:func:`performance_rating`).  A match's figures are GNU Backgammon's
  "EMG (MWC)" ones: its error total and, × 2, its error rate;
* luck is GNU Backgammon's (its default, 0-ply cubeful): the equity of the best play with the
  dice rolled less the average over the 36 rolls, each roll worth the cubeful equity of its
  best play — minus what the position left is worth to the other side, who may double there
  (:func:`cubeful_value`, with the cube as it stands when the dice are rolled).  An opening
  roll is measured against the 30 rolls that could have opened the game, half of them giving
  the opening to the other side.  Only plays within :data:`LUCK_WINDOW` of the best by
  cubeless equity are valued cubefully (the cube reorders only plays close to each other).
  The totals agree with GNU Backgammon's "Luck total" within 2% or 0.05 (``gnubg_nn``'s nets
  give a few positions winning chances up to 0.02 apart from Debian's GNU Backgammon 1.07's).

Agreement with Debian's GNU Backgammon 1.07 (``gnubg -t``, the same ``.mat``, checker play
cubeless; ``tests/test_analysis.py``): at 0-ply the unforced decisions, the error totals and
rates and the luck, money play and match play; at 2-ply the unforced moves and the cube error
totals, money play and match play, and the checker play's error totals in money play, within
2%.  A match's checker play at 2-ply is close, not the same (up to 3% apart on the recorded
matches: the plays chosen inside the deeper evaluation, above).

The results are the plain types of :mod:`bot.ai.report` (re-exported here), which the chat
process reads without loading the nets.

The board order of ``gnubg_nn`` is ``[opponent, on_roll]``, each 25 counts with the bar last,
exactly :attr:`Position.opponent` and :attr:`Position.player`.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

import gnubg_nn  # type: ignore[import-untyped]

from bot.ai import match_equity
from bot.ai.match_equity import Score
from bot.ai.report import (
    BAD,
    DOUBTFUL,
    PR_FACTOR,
    VERY_BAD,
    Analysis,
    Decision,
    Mark,
    PlayerSummary,
    double_decision,
    mark,
    performance_rating,
    summarize,
    take_decision,
)
from engine.cube import CubeState, Options
from engine.game import Action, DiceSequence, Game, Phase
from engine.match import GameRecord, Match
from engine.movegen import Play, apply_steps, legal_plays
from engine.notation import format_play
from engine.position import Position
from engine.replay import entry_states, record_start, recorded_steps

CLOSE_CUBE = 0.16
LUCK_WINDOW = 0.2
ANALYSIS_CANDIDATES = 16
ANALYSIS_WINDOW = 0.32

ROLLS: tuple[tuple[int, int], ...] = tuple(
    (d1, d2) for d1 in range(1, 7) for d2 in range(1, d1 + 1)
)

Probs = tuple[float, float, float, float, float]
"""Chances of the side on roll: win, win a gammon, win a backgammon, lose a gammon, lose a
backgammon (the gammons include the backgammons), GNU Backgammon's order."""


# -- equities from chances --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CubeView:
    """The cube as the side on roll sees it, and what counts: the money game's rules or the
    match score.

    ``owner`` is ``"centre"``, ``"mine"`` or ``"theirs"``; ``value`` is the cube's value (the
    equities are normalised to 1); ``available`` is False where no double is allowed at all
    (the Crawford game, a cube at its limit, a game without a cube); ``score`` is the match
    score from this side's view, ``None`` in money play.
    """

    value: int = 1
    owner: str = "centre"
    jacoby: bool = False
    backgammons: bool = True
    available: bool = True
    score: Score | None = None

    @property
    def may_double(self) -> bool:
        """Whether this side may double; in a match only where the double can gain it
        something (:func:`bot.ai.match_equity.may_double`: not with a cube that already wins
        the match, not as the leader after the Crawford game)."""
        if not self.available or self.owner == "theirs":
            return False
        return self.score is None or match_equity.may_double(self.score, self.value, self.owner)

    def gammon_price(self) -> float:
        """What a gammon adds in the cube's dead part (nothing under the Jacoby rule while the
        cube is centred)."""
        return 0.0 if self.jacoby and self.owner == "centre" else 1.0

    def after_double(self) -> CubeView:
        """The cube the doubler then faces: twice the value, owned by the taker."""
        return CubeView(
            self.value * 2, "theirs", self.jacoby, self.backgammons, self.available, self.score
        )

    def swapped(self) -> CubeView:
        """The same cube seen by the other side."""
        owner = {"centre": "centre", "mine": "theirs", "theirs": "mine"}[self.owner]
        score = None if self.score is None else self.score.swapped()
        return CubeView(self.value, owner, self.jacoby, self.backgammons, self.available, score)


def flip(probs: Sequence[float]) -> Probs:
    """The chances seen from the other side."""
    w, wg, wbg, lg, lbg = probs
    return (1.0 - w, lg, lbg, wg, wbg)


def counted(probs: Sequence[float], cube: CubeView) -> Probs:
    """``probs`` with the backgammons taken out where they count only as gammons."""
    w, wg, wbg, lg, lbg = probs
    return (w, wg, wbg, lg, lbg) if cube.backgammons else (w, wg, 0.0, lg, 0.0)


def cubeless_equity(
    probs: Sequence[float], cube: CubeView = CubeView(), gammons: float = 1.0
) -> float:
    """Cubeless equity per cube of 1 (GNU Backgammon's ``Utility``).

    Money play: ``2·w − 1 + (wg − lg)·gammons + (wbg − lbg)·gammons``, a gammon adding
    ``gammons`` (a backgammon as much again where it counts).  A match: the equity at the
    score (:func:`bot.ai.match_equity.utility`), each gammon and backgammon worth what it
    changes in match winning chances with this cube — nothing where it is not needed
    (``gammons`` plays no part).
    """
    if cube.score is not None:
        return match_equity.utility(counted(probs, cube), cube.score, cube.value)
    w, wg, wbg, lg, lbg = probs
    backgammons = gammons if cube.backgammons else 0.0
    return 2.0 * w - 1.0 + (wg - lg) * gammons + (wbg - lbg) * backgammons


def cube_efficiency(position: Position) -> float:
    """GNU Backgammon's cube life index for the side on roll in ``position``."""
    return _efficiency(_board(position))


def _efficiency(board: Sequence[Sequence[int]]) -> float:
    kind = gnubg_nn.classify([list(board[0]), list(board[1])])
    if kind == gnubg_nn.c_over:
        return 0.0
    if kind == gnubg_nn.c_bearoff:
        return 0.6
    if kind == gnubg_nn.c_race:
        pips = sum((p + 1) * n for p, n in enumerate(board[1]))
        return min(0.7, max(0.6, pips * 0.00125 + 0.55))
    return 0.68


def _live(w_avg: float, l_avg: float, p: float, cube: CubeView) -> float:
    take = (l_avg - 0.5) / (w_avg + l_avg + 0.5)
    cash = (l_avg + 1.0) / (w_avg + l_avg + 0.5)
    if cube.owner == "centre":
        if p < take:
            return -1.0 if cube.jacoby else -l_avg + (-1.0 + l_avg) * p / take
        if p < cash:
            return -1.0 + 2.0 * (p - take) / (cash - take)
        return 1.0 if cube.jacoby else 1.0 + (w_avg - 1.0) * (p - cash) / (1.0 - cash)
    if cube.owner == "mine":
        if p < cash:
            return -l_avg + (1.0 + l_avg) * p / cash
        return 1.0 + (w_avg - 1.0) * (p - cash) / (1.0 - cash)
    if p < take:
        return -l_avg + (-1.0 + l_avg) * p / take
    return -1.0 + (w_avg + 1.0) * (p - take) / (1.0 - take)


def cubeful_equity(probs: Sequence[float], cube: CubeView, efficiency: float) -> float:
    """Janowski's cubeful money equity per cube of 1 (GNU Backgammon's ``Cl2CfMoney``); a
    match is :func:`bot.ai.match_equity.cubeful_mwc`."""
    dead = cubeless_equity(probs, cube, cube.gammon_price())
    if not cube.available:
        return dead
    w, wg, wbg, lg, lbg = probs
    if w <= 1e-7 or w >= 1.0 - 1e-7:
        return dead
    w_avg = 1.0 + (wg + wbg) / w
    l_avg = 1.0 + (lg + lbg) / (1.0 - w)
    return dead * (1.0 - efficiency) + _live(w_avg, l_avg, w, cube) * efficiency


class CubeAction(enum.Enum):
    NO_DOUBLE = "no_double"
    DOUBLE_TAKE = "double_take"
    DOUBLE_PASS = "double_pass"
    TOO_GOOD = "too_good"


@dataclass(frozen=True, slots=True)
class CubeDecision:
    """The doubler's equities (per the cube before doubling) and the right actions.

    ``live`` is False where doubling cannot gain anything (in a match: a cube that already
    wins the match, the leader after the Crawford game); the best choice is then no double,
    as GNU Backgammon rates it.
    """

    probs: Probs
    no_double: float
    double_take: float
    double_pass: float = 1.0
    live: bool = True

    @property
    def double(self) -> float:
        """What doubling is worth against the right answer."""
        return min(self.double_take, self.double_pass)

    @property
    def optimal(self) -> float:
        return max(self.no_double, self.double) if self.live else self.no_double

    @property
    def should_double(self) -> bool:
        return self.live and self.double > self.no_double

    @property
    def should_take(self) -> bool:
        return self.double_take <= self.double_pass

    @property
    def action(self) -> CubeAction:
        if self.should_double:
            return CubeAction.DOUBLE_TAKE if self.should_take else CubeAction.DOUBLE_PASS
        return CubeAction.NO_DOUBLE if self.should_take else CubeAction.TOO_GOOD

    @property
    def close(self) -> bool:
        """GNU Backgammon's test for a cube decision worth counting."""
        return self.optimal - min(self.double_take, 1.0) < CLOSE_CUBE


def cube_decision(position: Position, cube: CubeView, ply: int = 0) -> CubeDecision:
    """The cube decision of the side on roll in ``position`` (before rolling).

    Money play: Janowski's equities, no double with ``cube``, double/take with the doubled
    cube (twice the equity of the taker's cube), double/pass 1.  A match, as GNU Backgammon's
    0-ply cube evaluation: the cubeful match winning chances of no double and of double/take
    (the cube doubled, owned by the taker) by :func:`bot.ai.match_equity.cubeful_mwc`, turned
    into EMG with the cube before the double (:func:`bot.ai.match_equity.mwc2eq`), so that
    double/pass, winning the cube's points, is 1.
    """
    return decide_cube(probabilities(position, ply), cube_efficiency(position), cube)


def decide_cube(probs: Probs, efficiency: float, cube: CubeView) -> CubeDecision:
    """:func:`cube_decision` from the chances ``probs`` of the side on roll and its cube life
    index ``efficiency``."""
    if cube.score is None:
        nd = cubeful_equity(probs, cube, efficiency)
        dt = 2.0 * cubeful_equity(probs, cube.after_double(), efficiency)
        return CubeDecision(probs, nd, dt, 1.0)
    score, value, chances = cube.score, cube.value, counted(probs, cube)
    nd_mwc = match_equity.cubeful_mwc(chances, score, value, cube.owner, efficiency)
    dt_mwc = match_equity.cubeful_mwc(chances, score, 2 * value, "theirs", efficiency)
    nd = match_equity.mwc2eq(nd_mwc, score, value)
    dt = match_equity.mwc2eq(dt_mwc, score, value)
    return CubeDecision(probs, nd, dt, 1.0, live=cube.may_double)


def cubeful_value(probs: Probs, efficiency: float, cube: CubeView) -> float:
    """The 0-ply cubeful equity of the side on roll before it rolls, as GNU Backgammon's
    cubeful evaluation values a position: no double, or where it may double and double/take
    and double/pass are both worth at least that, the lesser of the two (the right answer)."""
    if not cube.may_double:
        if cube.score is None:
            return cubeful_equity(probs, cube, efficiency)
        mwc = match_equity.cubeful_mwc(
            counted(probs, cube), cube.score, cube.value, cube.owner, efficiency
        )
        return match_equity.mwc2eq(mwc, cube.score, cube.value)
    cd = decide_cube(probs, efficiency, cube)
    if cd.double_take >= cd.no_double and cd.double_pass >= cd.no_double:
        return min(cd.double_take, cd.double_pass)
    return cd.no_double


# -- evaluation -------------------------------------------------------------------------------


def _board(position: Position) -> list[list[int]]:
    return [list(position.opponent), list(position.player)]


def probabilities(position: Position, ply: int = 0) -> Probs:
    """The chances of the side on roll in ``position`` before it rolls, at ``ply``."""
    p = gnubg_nn.probabilities(_board(position), ply)
    return (float(p[0]), float(p[1]), float(p[2]), float(p[3]), float(p[4]))


@dataclass(frozen=True, slots=True)
class RankedPlay:
    """One legal play with the mover's chances and equity after it."""

    play: Play
    notation: str
    probs: Probs
    equity: float
    ply: int


def ranked_plays(
    position: Position, dice: tuple[int, int], cube: CubeView = CubeView(), ply: int = 0
) -> list[RankedPlay]:
    """Every legal play with ``dice``, best first, scored at ``ply``.

    ``gnubg_nn`` scores the plays (its move filter keeps only the most promising ones for
    plies above 0; the others keep their lower-ply score and rank after them).
    """
    plays = legal_plays(position, dice)
    return [
        RankedPlay(
            s.play, format_play(position, dice, s.play, plays=plays), s.probs, s.equity, s.ply
        )
        for s in _scored(position, dice, plays, cube, ply)
    ]


class _Scored(NamedTuple):
    play: Play
    probs: Probs
    equity: float
    ply: int


def _scored(
    position: Position, dice: tuple[int, int], plays: list[Play], cube: CubeView, ply: int
) -> list[_Scored]:
    """:func:`ranked_plays` of the legal ``plays`` without their notation (the analysis writes
    only the two it shows)."""
    if not plays:
        return []
    if len(plays) == 1:
        # gnubg_nn leaves the chances of a lone play unevaluated (and crashes above 0-ply).
        [play] = plays
        probs = flip(probabilities(apply_steps(position, play.steps).swapped(), ply))
        return [_Scored(play, probs, cubeless_equity(probs, cube), ply)]
    by_key: dict[str, Play] = {}
    for play in plays:
        after = apply_steps(position, play.steps)
        by_key[gnubg_nn.key_of_board([list(after.player), list(after.opponent)])] = play
    scored: dict[str, tuple[Probs, int]] = {}
    for n in sorted({0, ply}):
        found = gnubg_nn.best_move(_board(position), dice[0], dice[1], n=n, list=1)
        for key, _steps, probs, _equity in found[1]:
            scored[key] = (flip(probs), n)
    out: list[_Scored] = []
    for key, play in by_key.items():
        if key not in scored:
            raise RuntimeError(f"gnubg_nn does not list the play {play.notation()}")
        probs, n = scored[key]
        out.append(_Scored(play, probs, cubeless_equity(probs, cube), n))
    out.sort(key=lambda r: (-r.ply, -r.equity))
    return out


def _filtered(
    position: Position, dice: tuple[int, int], plays: list[Play], cube: CubeView, ply: int
) -> list[_Scored]:
    """The plays as GNU Backgammon's analysis scores them at ``ply``: every play at 0-ply, and
    above it the best :data:`ANALYSIS_CANDIDATES` within :data:`ANALYSIS_WINDOW` of the best
    by 0-ply equity (at the score in a match) evaluated at ``ply`` (its default move filter),
    best first."""
    ranked = _scored(position, dice, plays, cube, 0)
    if ply == 0 or len(ranked) < 2:
        return ranked
    top = ranked[0].equity
    deeper: list[_Scored] = []
    for r in ranked[:ANALYSIS_CANDIDATES]:
        if top - r.equity > ANALYSIS_WINDOW:
            break
        probs = flip(probabilities(apply_steps(position, r.play.steps).swapped(), ply))
        deeper.append(_Scored(r.play, probs, cubeless_equity(probs, cube), ply))
    out = deeper + ranked[len(deeper) :]
    out.sort(key=lambda r: (-r.ply, -r.equity))
    return out


# -- analysis of a game -----------------------------------------------------------------------


def cube_view(game: Game, player: int) -> CubeView:
    """The cube of ``game`` as ``player`` sees it, with the match score in a match."""
    cube: CubeState = game.cube
    owner = "centre" if cube.owner is None else ("mine" if cube.owner == player else "theirs")
    options: Options = game.options
    length = game.match_length
    available = game.cube_in_play and not game.crawford and cube.value < options.cube_limit
    score = None
    if length:
        mine, theirs = int(length - game.score[player]), int(length - game.score[1 - player])
        score = Score(mine, theirs, game.crawford)
    return CubeView(
        cube.value,
        owner,
        jacoby=not length and options.jacoby and not cube.turned,
        backgammons=options.backgammon_counts == 3,
        available=available,
        score=score,
    )


def luck_of_roll(
    position: Position, dice: tuple[int, int], cube: CubeView, opening: bool = False
) -> float:
    """The equity the roll ``dice`` brings over the average roll: GNU Backgammon's luck, at
    0-ply cubeful.

    Each roll is worth the cubeful equity of its best play (:func:`best_after`).  The opening
    roll (``opening``: the first roll of a game, never a double) is measured against the 30
    rolls that could have opened the game: the 15 for this side, and the 15 that would have
    given the opening to the other side, each worth minus that side's best play.
    """
    value = {(d1, d2): best_after(position, (d1, d2), cube) for d1, d2 in ROLLS}
    key = (max(dice), min(dice))
    if opening:
        theirs = position.swapped()
        other = cube.swapped()
        singles = [r for r in ROLLS if r[0] != r[1]]
        total = sum(value[r] for r in singles)
        total -= sum(best_after(theirs, r, other) for r in singles)
        return value[key] - total / (2 * len(singles))
    weights = {r: (1 if r[0] == r[1] else 2) for r in ROLLS}
    mean = sum(value[r] * weights[r] for r in ROLLS) / 36.0
    return value[key] - mean


def best_after(position: Position, dice: tuple[int, int], cube: CubeView) -> float:
    """The 0-ply cubeful equity for the side on roll in ``position`` of its best play with
    ``dice``: minus what the position it leaves is worth to the other side, who may double
    there (:func:`cubeful_value`); without a legal play, the position as it stands."""
    return _choose(_board(position), dice, cube)[0]


Board = list[list[int]]


def _probs(board: Board) -> Probs:
    p = gnubg_nn.probabilities(board, 0)
    return (float(p[0]), float(p[1]), float(p[2]), float(p[3]), float(p[4]))


def _choose(board: Board, dice: tuple[int, int], cube: CubeView) -> tuple[float, Board, Probs]:
    """The play GNU Backgammon's cubeful evaluation chooses with ``dice`` for the side on roll
    on ``board`` (the best by 0-ply cubeful equity): its equity for the mover, the board it
    leaves (the other side on roll) and that side's 0-ply chances there."""
    other = cube.swapped()
    found = gnubg_nn.best_move(board, dice[0], dice[1], n=0, list=1)[1]
    if len(found) <= 1:
        # No legal play, or a lone one, which gnubg_nn lists without evaluating it.
        if found:
            after = gnubg_nn.board_from_position_key(found[0][0])
            left = [list(after[0]), list(after[1])]
        else:
            left = [list(board[1]), list(board[0])]
        chances = _probs(left)
        return -cubeful_value(chances, _efficiency(left), other), left, chances
    plays = []
    for key, _steps, probs, _equity in found:
        mine = flip(probs)
        plays.append((cubeless_equity(mine, cube), key, mine))
    top = max(e for e, _k, _p in plays)
    best: tuple[float, str, Probs] | None = None
    for equity, key, mine in plays:
        if equity < top - LUCK_WINDOW:
            continue
        after = gnubg_nn.board_from_position_key(key)
        theirs = flip(mine)
        value = -cubeful_value(theirs, _efficiency(after), other)
        if best is None or value > best[0]:
            best = (value, key, theirs)
    assert best is not None
    after = gnubg_nn.board_from_position_key(best[1])
    return best[0], [list(after[0]), list(after[1])], best[2]


def _rescale(equity: float, source: CubeView, target: CubeView) -> float:
    """An EMG ``equity`` per ``source``'s cube value as EMG per ``target``'s (same score)."""
    if source.score is None:
        return equity * source.value / target.value
    mwc = match_equity.eq2mwc(equity, source.score, source.value)
    return match_equity.mwc2eq(mwc, source.score, target.value)


def _search(
    board: Board,
    probs: Probs,
    cubes: Sequence[CubeView | None],
    mover: CubeView,
    plies: int,
    top: bool,
) -> list[float | None]:
    """GNU Backgammon's cubeful evaluation (``EvaluatePositionCubeful4``) of ``board``, the
    side on roll having the 0-ply chances ``probs``: for each cube position of ``cubes`` (as
    that side sees it; ``None`` one that does not arise) its cubeful equity per that cube's
    value, ``plies`` deep.

    Below the top each cube position comes with the double of the side on roll (the doubled
    cube owned by the other side), and the side takes whichever is worth more with the right
    answer.  Each roll's play is the one ``mover``'s cube makes best (:func:`_choose`); at
    the leaves the cube's equities come from the chances (:func:`cubeful_value`).
    """
    if plies == 0 or gnubg_nn.classify(board) == gnubg_nn.c_over:
        x = _efficiency(board)
        return [
            None
            if c is None
            else (decide_cube(probs, x, c).no_double if top else cubeful_value(probs, x, c))
            for c in cubes
        ]
    children: list[CubeView | None] = []
    for c in cubes:
        children.append(None if c is None else c.swapped())
        doubles = c is not None and not top and c.may_double
        children.append(c.after_double().swapped() if c is not None and doubles else None)
    sums = [0.0] * len(children)
    other = mover.swapped()
    for d1, d2 in ROLLS:
        weight = 1.0 if d1 == d2 else 2.0
        _value, left, chances = _choose(board, (d1, d2), mover)
        for i, v in enumerate(_search(left, chances, children, other, plies - 1, False)):
            if v is not None:
                sums[i] += weight * v
    out: list[float | None] = []
    for k, c in enumerate(cubes):
        if c is None:
            out.append(None)
            continue
        nd = -sums[2 * k] / 36.0
        if children[2 * k + 1] is None:
            out.append(nd)
            continue
        dt = _rescale(-sums[2 * k + 1] / 36.0, c.after_double(), c)
        out.append(min(dt, 1.0) if dt >= nd and nd <= 1.0 else nd)
    return out


def searched_cube_decision(position: Position, cube: CubeView, ply: int) -> CubeDecision:
    """The cube decision of the side on roll in ``position`` as GNU Backgammon evaluates it at
    ``ply``: its cubeful search (:func:`_search`) of no double and of double/take, not the
    0-ply formulas applied to deeper chances (at 0-ply the two are the same)."""
    if ply == 0:
        return cube_decision(position, cube, 0)
    board = _board(position)
    doubled = cube.after_double()
    nd, dt = _search(board, _probs(board), [cube, doubled], cube, ply, True)
    assert nd is not None and dt is not None
    live = cube.score is None or cube.may_double
    probs = probabilities(position, ply)
    return CubeDecision(probs, nd, _rescale(dt, doubled, cube), 1.0, live=live)


def analyse_game(
    variant: str,
    length: int,
    options: Options,
    record: GameRecord,
    number: int = 1,
    ply: int = 0,
    luck: bool = True,
) -> tuple[list[Decision], list[tuple[int, float]]]:
    """The decisions and the luck of one recorded backgammon game."""
    decisions: list[Decision] = []
    lucks: list[tuple[int, float]] = []
    turn = 0
    pending: CubeDecision | None = None
    start = record_start(variant, length, options, record)
    for game, _group in entry_states(start, record.log):
        entry = _group[0]
        p = entry.player
        if entry.action == "opening" and luck:
            after = game.roll(0, DiceSequence([int(v) for e in _group for v in e.value]))
            if after.turn is not None and after.dice is not None:
                lucks.append(
                    (
                        after.turn,
                        luck_of_roll(
                            after.position, after.dice, cube_view(after, after.turn), True
                        ),
                    )
                )
            continue
        if p is None:
            continue
        if game.phase is Phase.ROLL and entry.action in ("roll", "double"):
            turn += 1
            view = cube_view(game, p)
            doubled = entry.action == "double"
            # A double is always rated; not doubling only where doubling could gain (in a
            # match GNU Backgammon rates no other).
            if _may_double(game, p) and (doubled or view.may_double):
                cd = searched_cube_decision(game.position, view, ply)
                if doubled:
                    pending = cd
                    loss = cd.optimal - cd.double
                    made = "double"
                else:
                    loss = cd.optimal - cd.no_double
                    made = "no double"
                right = "double" if cd.should_double else "no double"
                decisions.append(
                    double_decision(
                        number,
                        turn,
                        p,
                        game.position,
                        game.cube.value,
                        made,
                        right,
                        loss,
                        doubled or cd.close,
                    )
                )
            if entry.action == "roll" and luck:
                dice = (int(entry.value[0]), int(entry.value[1]))
                lucks.append((p, luck_of_roll(game.position, dice, view)))
            continue
        if game.phase is Phase.DOUBLED and entry.action in ("take", "pass") and pending:
            cd = pending
            pending = None
            took = entry.action == "take"
            # To the taker an answer is worth minus the doubler's equity after it.
            loss = (cd.double_take - cd.double_pass) if took else (cd.double_pass - cd.double_take)
            right = "take" if cd.should_take else "pass"
            decisions.append(
                take_decision(
                    number, turn, p, game.position, game.cube.value, entry.action, right, loss
                )
            )
            continue
        if game.phase is Phase.MOVE and entry.action == "move" and game.dice is not None:
            view = cube_view(game, p)
            position, dice = game.position, game.dice
            plays = legal_plays(position, dice)
            ranked = _filtered(position, dice, plays, view, ply)
            # The recorded steps may come in another order than the legal play's.
            moved = apply_steps(position, recorded_steps(entry))
            chosen = next((r for r in ranked if apply_steps(position, r.play.steps) == moved), None)
            if not ranked or chosen is None:
                continue
            if chosen.ply < ply:
                # As GNU Backgammon does, the play made is always evaluated at the full ply,
                # whether or not the move filter kept it.
                left = apply_steps(position, chosen.play.steps).swapped()
                probs = flip(probabilities(left, ply))
                chosen = _Scored(chosen.play, probs, cubeless_equity(probs, view), ply)
            best = ranked[0] if ranked[0].equity >= chosen.equity else chosen
            decisions.append(
                Decision(
                    number,
                    turn,
                    p,
                    "move",
                    game.position,
                    game.cube.value,
                    game.dice,
                    format_play(position, dice, chosen.play, plays=plays),
                    format_play(position, dice, best.play, plays=plays),
                    max(0.0, best.equity - chosen.equity),
                    len(ranked) > 1,
                )
            )
    return decisions, lucks


def _may_double(game: Game, player: int) -> bool:
    return game.may(Action("double", player))


def analyse_match(
    match: Match,
    ply: int = 0,
    *,
    luck: bool = True,
    progress: Callable[[int, int], None] | None = None,
) -> Analysis:
    """Analyse every game of a backgammon ``match`` (or money session) at ``ply``.

    ``progress(done, total)`` is called before each game is analysed.
    """
    if match.variant != "backgammon":
        raise ValueError("only backgammon games are analysed on GNU Backgammon's nets")
    records = match.records()
    decisions: list[Decision] = []
    lucks: list[tuple[int, float]] = []
    for number, record in enumerate(records, start=1):
        if progress is not None:
            progress(number - 1, len(records))
        d, lk = analyse_game(match.variant, match.length, match.options, record, number, ply, luck)
        decisions.extend(d)
        lucks.extend(lk)
    return Analysis(ply, tuple(decisions), tuple(lucks), len(records), luck_measured=luck)


__all__ = [
    "BAD",
    "DOUBTFUL",
    "PR_FACTOR",
    "ROLLS",
    "VERY_BAD",
    "Analysis",
    "CubeAction",
    "CubeDecision",
    "CubeView",
    "Decision",
    "Mark",
    "PlayerSummary",
    "RankedPlay",
    "analyse_game",
    "analyse_match",
    "best_after",
    "counted",
    "cube_decision",
    "cube_efficiency",
    "cube_view",
    "cubeful_equity",
    "cubeful_value",
    "cubeless_equity",
    "decide_cube",
    "double_decision",
    "flip",
    "luck_of_roll",
    "mark",
    "performance_rating",
    "probabilities",
    "ranked_plays",
    "searched_cube_decision",
    "summarize",
    "take_decision",
]
