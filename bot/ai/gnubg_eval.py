"""Backgammon evaluation with GNU Backgammon's neural nets (PyPI ``gnubg-nn``).

Board order.  ``gnubg_nn`` takes a board as ``[opponent, on_roll]``, each side a list of 25 counts
from its own view (index 24 the bar) — exactly the engine's :class:`engine.Position` sides, so
:func:`gnubg_board` is ``[list(position.opponent), list(position.player)]``.  The keys that
``best_move(..., b=1)`` lists are boards *after* the play, from the next player's view (the
position :meth:`engine.Position.after` returns); the keys of ``moves()`` are the mover's board
after the play, not swapped.  :func:`after_key` and :func:`moves_key` compute both from an engine
play (the tests check them against ``gnubg_nn`` itself).

Equities.  Plays are ranked by cubeless money equity ``2·P(win) − 1 + P(wg) − P(lg) + P(wbg) −
P(lbg)`` of the position after the play, from the mover's view — the figure ``best_move(...,
list=1)`` reports.  ``ply`` is the depth of the evaluation of the position after the play, as in
GNU Backgammon: 0-ply is the net itself, 1-ply averages over the opponent's 21 rolls, 2-ply one
more.  Above 0-ply the candidates are first filtered at 0-ply (GNU Backgammon's move filter: the
best :data:`CANDIDATES` plays within :data:`CANDIDATE_WINDOW`), the others keep their 0-ply
equity, ranked after the deeper ones.  A *narrowed* 2-ply (``narrow=N``) adds the stage GNU
Backgammon's own deeper filters have: the 0-ply candidates are evaluated at 1-ply first and only
the best ``N`` within :data:`NARROW_WINDOW` of the 1-ply best go on to 2-ply, the others keeping
their 1-ply equity.  A 2-ply evaluation costs about twenty 1-ply ones, so this is what makes the
``expert`` level affordable (``python -m benchmarks.opponent`` prints both, and how often the
narrowed choice differs from the plain one).

Cube.  Match play uses ``gnubg_nn.evaluate_cube_decision`` at the real score (away counts,
Crawford, post-Crawford follows from a 1-away score outside the Crawford game) with the real cube
value, always from the doubler's view (the doubler on roll owning or sharing the cube), at the
depth asked and no deeper (left to itself, ``gnubg_nn`` looks again at 2-ply wherever 1-ply
finds a double or a close take).
``gnubg_nn`` does not evaluate money cube decisions (its ``evaluate_cube_decision`` raises "Not
implemented for money" at the money score, as its documentation says, and takes no score beyond
25-away), so money play uses the same evaluation at the longest level match it takes
(:data:`MONEY_AWAY`-away each), where the match equity table is nearly linear, and then applies
the money rules itself: with the Jacoby rule and a centred cube gammons do not count, so a
position "too good to double" is doubled; a beaver is given when the taker's equity after taking
is positive; the cube limit stops doubling.  Checked against GNU Backgammon's own money cube
(``gnubg -t``, 2-ply, Jacoby rule) on the 100 fixed money positions of
``tests/data/ai_positions.json``: the same double and take decisions on 99; the other is a
double gnubg rates 0.0004 of match equity better than not doubling, a tie within the stand-in's
precision.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import gnubg_nn  # type: ignore[import-untyped]

from engine import Game, Phase, Play, Position, legal_plays
from engine.result import WinKind

__all__ = [
    "CANDIDATES",
    "CANDIDATE_WINDOW",
    "MONEY_AWAY",
    "NARROW_WINDOW",
    "CubeContext",
    "CubeDecision",
    "Probabilities",
    "RankedPlay",
    "after_key",
    "cube_context",
    "cube_decision",
    "cube_useful",
    "equity_of",
    "evaluate_position",
    "gnubg_board",
    "moves_key",
    "point_value",
    "rank_plays",
    "resign_decision",
    "resign_offer",
]

CANDIDATES = 8
CANDIDATE_WINDOW = 0.16
NARROW_WINDOW = 0.04
MONEY_AWAY = 25
MAX_PLY = 2

Probabilities = tuple[float, float, float, float, float]
"""(win, win gammon, win backgammon, lose gammon, lose backgammon) for the side on roll."""

_lock = threading.Lock()  # gnubg_nn keeps the score and cube in global state


def gnubg_board(position: Position) -> list[list[int]]:
    """The ``gnubg_nn`` board of ``position``: ``[opponent, on_roll]``."""
    return [list(position.opponent), list(position.player)]


def after_key(position: Position, play: Play) -> str:
    """The key ``best_move(..., b=1)`` gives for ``play``: the board after it, the next
    player's view."""
    return str(gnubg_nn.key_of_board(gnubg_board(position.after(play))))


def moves_key(position: Position, play: Play) -> str:
    """The key ``moves()`` gives for ``play``: the board after it, still from the mover's view."""
    return str(gnubg_nn.key_of_board(gnubg_board(position.after(play).swapped())))


def equity_of(probs: Sequence[float]) -> float:
    """Cubeless money equity of a probability 5-tuple, for the side it belongs to."""
    win, wg, wbg, lg, lbg = probs[:5]
    return 2.0 * win - 1.0 + wg - lg + wbg - lbg


def _flip(probs: Sequence[float]) -> Probabilities:
    win, wg, wbg, lg, lbg = probs[:5]
    return (1.0 - win, lg, lbg, wg, wbg)


def _check_ply(ply: int) -> None:
    if not 0 <= ply <= MAX_PLY:
        raise ValueError(f"ply must be 0 to {MAX_PLY}, not {ply!r}")


def evaluate_position(position: Position, ply: int = 0) -> Probabilities:
    """Cubeless probabilities of ``position`` for the side on roll, before it rolls."""
    _check_ply(ply)
    p = gnubg_nn.probabilities(gnubg_board(position), ply)
    return (float(p[0]), float(p[1]), float(p[2]), float(p[3]), float(p[4]))


@dataclass(frozen=True, slots=True)
class RankedPlay:
    """One legal play with its evaluation: ``probs`` and ``equity`` from the mover's view after
    the play, at depth ``ply``."""

    play: Play
    equity: float
    probs: Probabilities
    ply: int


def _after_probs(position: Position, play: Play, ply: int) -> Probabilities:
    after = position.after(play)
    if after.off()[1] == 15:  # the mover bore off his last checker: the game is over
        if after.off()[0] > 0:
            return (1.0, 0.0, 0.0, 0.0, 0.0)
        backgammon = any(after.player[18:25])
        return (1.0, 1.0, 1.0 if backgammon else 0.0, 0.0, 0.0)
    return _flip(evaluate_position(after, ply))


def rank_plays(
    position: Position, dice: tuple[int, int], ply: int = 0, *, narrow: int = 0
) -> list[RankedPlay]:
    """Every legal play of ``dice`` in ``position`` (the engine's list), best first.

    Empty when the dice cannot be played.  Above 0-ply only the 0-ply candidates are searched
    deeper; at 2-ply with ``narrow`` only the best ``narrow`` of them at 1-ply (see the
    module's account).
    """
    _check_ply(ply)
    if narrow < 0:
        raise ValueError(f"narrow must be 0 or more, not {narrow!r}")
    plays = legal_plays(position, dice)
    with _lock:
        ranked = _best_first([_ranked(position, play, 0) for play in plays])
        if ply == 0 or len(ranked) <= 1:
            return ranked
        best = ranked[0].equity
        head = [r for r in ranked[:CANDIDATES] if best - r.equity <= CANDIDATE_WINDOW]
        rest = ranked[len(head) :]
        if narrow and ply == 2 and len(head) > 1:
            middle = _best_first([_ranked(position, r.play, 1) for r in head])
            top = middle[0].equity
            head = [r for r in middle[:narrow] if top - r.equity <= NARROW_WINDOW]
            rest = middle[len(head) :] + rest
        deep = _best_first([_ranked(position, r.play, ply) for r in head])
    return deep + rest


def _best_first(ranked: list[RankedPlay]) -> list[RankedPlay]:
    return sorted(ranked, key=lambda r: -r.equity)


def _ranked(position: Position, play: Play, ply: int) -> RankedPlay:
    probs = _after_probs(position, play, ply)
    return RankedPlay(play, equity_of(probs), probs, ply)


# -- the cube ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CubeContext:
    """What the cube decision depends on, from the view of the player who may double.

    ``away`` is (doubler's, opponent's) points still needed, ``None`` in money play; ``crawford``
    marks the Crawford game; ``owned`` is True when the doubler owns the cube (False: centred);
    ``next_value`` is the cube after the double, ``beaver_value`` after a beaver (``None`` if a
    beaver is not allowed); ``jacoby`` applies in money play with the cube centred.
    """

    away: tuple[int, int] | None
    cube_value: int
    owned: bool
    may_double: bool
    jacoby: bool = False
    beaver_value: int | None = None
    crawford: bool = False


def cube_useful(game: Game, doubler: int) -> bool:
    """Whether a double by ``doubler`` could gain him anything: always in money play; in a
    match only while the cube is below the points he still needs (GNU Backgammon's own rule:
    score plus cube below the match length).  A dead cube -- a 1-point match, the leader after
    the Crawford game, a cube that already wins him the match -- only raises what he loses."""
    if game.money:
        return True
    return game.cube.value < game.match_length - game.score[doubler]


def cube_context(game: Game, doubler: int) -> CubeContext:
    """The :class:`CubeContext` of ``game`` for ``doubler`` (the player on turn, before rolling)."""
    opts = game.options
    cube = game.cube
    away: tuple[int, int] | None = None
    if not game.money:
        mine = int(game.match_length - game.score[doubler])
        theirs = int(game.match_length - game.score[1 - doubler])
        away = (max(mine, 1), max(theirs, 1))
    may = (
        game.cube_in_play
        and not game.last_roll
        and cube.may_double(doubler, opts)
        and game.phase is Phase.ROLL
        and game.turn == doubler
        and cube_useful(game, doubler)
    )
    beaver: int | None = None
    if game.money and opts.beaver:
        once = cube.taken(1 - doubler, opts)
        if once.next_value(opts) <= opts.cube_limit:
            beaver = once.next_value(opts)
    return CubeContext(
        away=away,
        cube_value=cube.value,
        owned=cube.owner == doubler,
        may_double=may,
        jacoby=game.money and opts.jacoby and not cube.turned,
        beaver_value=beaver,
        crawford=game.crawford,
    )


@dataclass(frozen=True, slots=True)
class CubeDecision:
    """GNU Backgammon's cube advice, from the doubler's view.

    ``double``: the doubler should double now; ``take``: the opponent should take a double;
    ``beaver``: the opponent should beaver it (money, where allowed); ``too_good``: the doubler
    is too good to double (plays on for a gammon).  Equities are the doubler's match winning
    chances (0..1) for no double, double/take and double/pass (``None`` in the Crawford
    game, which has no cube).
    """

    double: bool
    take: bool
    beaver: bool
    too_good: bool
    no_double: float | None
    double_take: float | None
    double_pass: float | None
    ply: int


def cube_decision(position: Position, context: CubeContext, ply: int = 0) -> CubeDecision:
    """The cube decision in ``position`` (the doubler on roll, before rolling).

    ``take`` and ``beaver`` are meaningful whether or not doubling is right: they answer the
    double if it comes.  ``double`` is False whenever the cube may not be turned.
    """
    _check_ply(ply)
    away = context.away if context.away is not None else (MONEY_AWAY, MONEY_AWAY)
    # money: only who owns the cube matters, not its value
    value = context.cube_value if context.away is not None else (2 if context.owned else 1)
    board = gnubg_board(position)
    with _lock:
        gnubg_nn.set.score(away[0], away[1], 1 if context.crawford else 0)
        try:
            if context.owned:
                gnubg_nn.set.cube(value, b"O")
            else:
                gnubg_nn.set.cube(value)
            key = gnubg_nn.key_of_board(board)
            if context.crawford:
                # no cube in the Crawford game: nothing to evaluate
                return CubeDecision(False, True, False, False, None, None, None, ply)
            # the verification depth is the depth itself: left at its default (-1) gnubg_nn
            # looks again at 2-ply wherever 1-ply finds a double or a close take
            result: Any = gnubg_nn.evaluate_cube_decision(key, ply, ply, b"O", 1)
        finally:
            gnubg_nn.set.cube(1)
            gnubg_nn.set.score(0, 0, 0)
    dbl, take, too_good = bool(result[0]), bool(result[1]), bool(result[2])
    nd, dt, dp = float(result[3]), float(result[4]), float(result[5])
    if context.away is None:
        if context.jacoby and too_good:
            # gammons do not count before the cube is turned: playing on for one gains nothing
            dbl, too_good = True, False
        beaver = context.beaver_value is not None and take and dt < 0.5
    else:
        # post-Crawford included: gnubg's own advice (it knows the free drop and when the
        # trailer is too good to double), never a rule of thumb over it
        beaver = False
    if not context.may_double or context.crawford:
        dbl = False
    return CubeDecision(dbl, take, beaver, too_good, nd, dt, dp, ply)


def point_value(context: CubeContext) -> float:
    """What one point of the cube's stake is worth in the doubler's match winning chances at the
    score of ``context``: half the swing between winning and losing the cube's value, by
    ``gnubg_nn``'s own match equity table (money: at the :data:`MONEY_AWAY` stand-in score,
    where it is about 0.03)."""
    away = context.away if context.away is not None else (MONEY_AWAY, MONEY_AWAY)
    cube = context.cube_value if context.away is not None else 1
    mine, theirs = away

    def chances(me: int, them: int) -> float:
        if me <= 0:
            return 1.0
        if them <= 0:
            return 0.0
        return (1.0 + float(gnubg_nn.equities.value(me, them))) / 2.0

    return (chances(mine - cube, theirs) - chances(mine, theirs - cube)) / 2.0


# -- resignations --------------------------------------------------------------------------------


def resign_decision(position: Position, kind: WinKind, ply: int = 0) -> bool:
    """Whether the side on roll in ``position`` should accept the opponent's resignation ``kind``.

    Accepted when the points conceded (1, 2 or 3) are worth at least what playing on is worth:
    the cubeless equity of ``position`` (the acceptor on roll), the cube being the same either
    way.
    """
    probs = evaluate_position(position, ply)
    return float(int(kind)) >= equity_of(probs) - 1e-6


def resign_offer(position: Position, ply: int = 0) -> WinKind | None:
    """The resignation the side on roll should offer when it is lost beyond doubt, else ``None``.

    Beyond doubt: no chance of winning at all by the net (under 1 in 10,000), and the kind is the
    least one that still concedes no more than the position is worth.
    """
    win, _wg, _wbg, lg, lbg = evaluate_position(position, ply)
    if win > 1e-4:
        return None
    if lbg > 0.9999:
        return WinKind.BACKGAMMON
    if lbg > 1e-4:
        return None
    if lg > 0.9999:
        return WinKind.GAMMON
    if lg < 1e-4:
        return WinKind.SINGLE
    return None
