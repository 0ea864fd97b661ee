"""The project's own long nardy player: an evaluation and a 1-ply expectimax over the 21 rolls.

Pure: no I/O and no randomness of its own (the noise of the weaker levels comes from an injected
``random.Random``).  Every play it considers, its own and the opponent's replies in the search,
comes from the engine's move generator (:func:`engine.movegen.legal_plays`), so it knows the head
rule and the six-prime rule exactly as the game does.

Evaluation.  :func:`evaluate` scores a position for the side on roll as a logistic of a weighted
sum of :func:`features`, each the side on roll's figure minus the opponent's, both counted in
their own numbering:

* ``pips`` -- the race: the opponent's pip count minus one's own, per 10 pips, plus a tempo of
  :data:`TEMPO` pips for being on roll;
* ``race`` -- the same lead divided by the square root of both pip counts together (a lead of
  10 pips is worth more near the end than at the start);
* ``off`` -- checkers borne off;
* ``blocks`` -- one's points standing ahead of the opponent's rearmost checker on its way round
  (they stop its rolls), and ``prime`` -- the square of the longest run of such points;
* ``head`` -- checkers still on the head beyond the first (head management: the head rule lets
  only one leave per turn, so a crowded head late is a lost tempo);
* ``spread`` -- points held (distribution: more points, more ways to play the dice), and
  ``stack`` -- checkers beyond three on one point.

Search.  :func:`rank_plays` scores each legal play by the evaluation of the position after it
(depth 0).  At depth 1 the plays within :data:`WINDOW` of the best by that score, at most
:data:`CANDIDATES` of them, are searched again: for each of the opponent's 21 rolls (doubles
once, the others twice, of 36) the opponent answers with its best legal reply by the
evaluation, and the play's value is the average of the positions reached -- the expectimax
value.  The side that is not on roll keeps its features between replies, so each reply costs
one side's figures only.

Weights.  :data:`DEFAULT_WEIGHTS` were tuned by self-play from :data:`HAND_WEIGHTS` (set by hand
from the features' scales) with ``python -m benchmarks.nardy_tune`` (its defaults, seed 1; 990 s
on two busy cores), in three stages:

1. calibration: 19,154 positions from 200 self-play games at depth 0, every weight scaled by
   the one factor that fits the outcomes best (0.337; log loss 0.763 -> 0.605; the hand weights
   were sure of too much).  It changes no choice at depth 0, only what the values mean;
2. one round of coordinate ascent, each weight doubled and halved, 200 paired games per trial
   at depth 0 against the current weights, kept above 53%: ``prime`` halved (54.5%) and
   ``head`` halved (54.5%) were kept, the 14 other trials won 47-53%;
3. check against the hand weights: 56.5% of 200 games at depth 0, 50.0% of 40 at depth 1.

A full maximum-likelihood fit of all eight weights to the outcomes was tried first and lost
(43% of 200 games against the hand weights at depth 0): what predicts the winner across a game
is not what separates the plays of one roll.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from operator import mul

from engine.movegen import Play, legal_plays
from engine.nardy import HEAD, opponent_point
from engine.position import CHECKERS, Position

__all__ = [
    "CANDIDATES",
    "DEFAULT_WEIGHTS",
    "HAND_WEIGHTS",
    "ROLLS",
    "TEMPO",
    "WINDOW",
    "NardyRanked",
    "Weights",
    "choose_play",
    "evaluate",
    "features",
    "rank_plays",
    "win_probability",
]

CANDIDATES = 3
"""The most plays searched at depth 1."""

WINDOW = 0.08
"""Plays whose depth-0 value is further than this (in winning chances) below the best are not
searched at depth 1."""

TEMPO = 4
ROLLS: tuple[tuple[tuple[int, int], int], ...] = tuple(
    ((a, b), 1 if a == b else 2) for a in range(1, 7) for b in range(a, 7)
)
"""The 21 distinct rolls with their weight out of 36."""


@dataclass(frozen=True, slots=True)
class Weights:
    """The weights of :func:`evaluate`'s features (see the module's account)."""

    pips: float = 1.0
    race: float = 0.0
    off: float = 0.3
    blocks: float = 0.15
    prime: float = 0.04
    head: float = 0.25
    spread: float = 0.05
    stack: float = 0.10

    def scaled(self, name: str, factor: float) -> Weights:
        """A copy with weight ``name`` multiplied by ``factor`` (for tuning)."""
        return replace(self, **{name: getattr(self, name) * factor})

    def shifted(self, name: str, delta: float) -> Weights:
        """A copy with ``delta`` added to weight ``name`` (for tuning a weight that is zero)."""
        return replace(self, **{name: getattr(self, name) + delta})

    def values(self) -> tuple[float, ...]:
        """The weights in the order of :func:`features`."""
        return tuple(getattr(self, f.name) for f in fields(self))


HAND_WEIGHTS = Weights()
"""The weights set by hand from the features' scales, before any tuning."""

DEFAULT_WEIGHTS = Weights(
    pips=0.337,
    race=0.0,
    off=0.1011,
    blocks=0.0505,
    prime=0.00675,
    head=0.0421,
    spread=0.0168,
    stack=0.0337,
)
"""The tuned weights (see the module's account)."""

_RANK = tuple(range(1, 25))
_OPP = (0, *(opponent_point(q) - 1 for q in range(1, 25)))
"""``_OPP[q]``: the index, in one side's list, of the other side's point ``q``."""


@dataclass(frozen=True, slots=True)
class _Side:
    """One side's own figures and how it blocks the other side (by the other side's rear)."""

    pips: int
    off: int
    head: int
    spread: int
    stack: int
    rear: int  # its rearmost point, own numbering (0 once all are off)
    blocks: tuple[int, ...]  # blocks[r]: its points ahead of an opposing rear on point r
    prime: tuple[int, ...]  # prime[r]: the square of the longest run of those


def _rear(side: Sequence[int]) -> int:
    for i in range(23, -1, -1):
        if side[i]:
            return i + 1
    return 0


def _own(side: Sequence[int]) -> tuple[int, int, int, int, int, int]:
    """(pips, off, head, spread, stack, rear) of one side."""
    points = side[:24]
    return (
        sum(map(mul, points, _RANK)),
        CHECKERS - sum(side),
        max(0, side[HEAD - 1] - 1),
        24 - points.count(0),
        sum(n - 3 for n in points if n > 3),
        _rear(side),
    )


def _side(side: Sequence[int]) -> _Side:
    pips, off, head, spread, stack, rear = _own(side)
    blocks = [0] * 25
    prime = [0] * 25
    count = run = best = 0
    # the other side's points 1, 2, ... in turn: blocks[r] counts those below r
    for q in range(1, 25):
        blocks[q] = count
        prime[q] = best * best
        if side[_OPP[q]]:
            count += 1
            run += 1
            best = max(best, run)
        else:
            run = 0
    return _Side(pips, off, head, spread, stack, rear, tuple(blocks), tuple(prime))


def _blocks_ahead(side: Sequence[int], rear: int) -> tuple[int, int]:
    """(points, longest run squared) of ``side`` ahead of an opposing rear on point ``rear``.

    The run is measured along the other side's way round, from its point ``rear - 1`` down."""
    count = run = best = 0
    opp = _OPP
    for q in range(rear - 1, 0, -1):
        if side[opp[q]]:
            count += 1
            run += 1
            if run > best:
                best = run
        else:
            run = 0
    return count, best * best


def _terms(
    mine: tuple[int, int, int, int, int, int],
    my_blocks: tuple[int, int],
    theirs: tuple[int, int, int, int, int, int],
    their_blocks: tuple[int, int],
) -> tuple[float, ...]:
    lead = theirs[0] - mine[0] + TEMPO
    return (
        lead / 10.0,
        lead / math.sqrt(mine[0] + theirs[0] + 1),
        float(mine[1] - theirs[1]),
        float(my_blocks[0] - their_blocks[0]),
        float(my_blocks[1] - their_blocks[1]),
        float(theirs[2] - mine[2]),
        float(mine[3] - theirs[3]),
        float(theirs[4] - mine[4]),
    )


def features(position: Position) -> tuple[float, ...]:
    """The features of ``position`` for the side on roll, each its figure minus the opponent's,
    in the order of :class:`Weights` (pips, race, off, blocks, prime, head, spread, stack); the
    signs are such that a larger feature is better for the side on roll."""
    me, them = position.player, position.opponent
    mine, theirs = _own(me), _own(them)
    return _terms(mine, _blocks_ahead(me, theirs[5]), theirs, _blocks_ahead(them, mine[5]))


def _score(terms: tuple[float, ...], weights: tuple[float, ...]) -> float:
    total: float = sum(map(mul, terms, weights))
    return total


def win_probability(score: float) -> float:
    """The evaluation's score mapped to a chance of winning (a logistic)."""
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, score))))


def _value(me: Sequence[int], them: Sequence[int], weights: tuple[float, ...]) -> float:
    """The chance that the side ``me`` (on roll) wins against ``them``."""
    if sum(them) == 0:
        return 0.0
    if sum(me) == 0:
        return 1.0
    mine, theirs = _own(me), _own(them)
    terms = _terms(mine, _blocks_ahead(me, theirs[5]), theirs, _blocks_ahead(them, mine[5]))
    return win_probability(_score(terms, weights))


def evaluate(position: Position, weights: Weights = DEFAULT_WEIGHTS) -> float:
    """The chance that the side on roll in ``position`` wins, by the evaluation (1 or 0 at the
    end of the game)."""
    return _value(position.player, position.opponent, weights.values())


@dataclass(frozen=True, slots=True)
class NardyRanked:
    """A legal play and its value (the mover's chance of winning after it) at ``depth``."""

    play: Play
    value: float
    depth: int


def _moved(side: Sequence[int], play: Play) -> list[int]:
    """``side`` (the mover's, own numbering) after ``play`` (long nardy: nothing is hit)."""
    out = list(side)
    for frm, to, _hit in play.steps:
        out[frm - 1] -= 1
        if to:
            out[to - 1] += 1
    return out


def _expectimax(
    mover: Sequence[int], other: Sequence[int], after: Position, w: tuple[float, ...]
) -> float:
    """The mover's value of ``after`` (the position after his play, the opponent ``other`` on
    roll; ``mover`` his side after the play) averaged over the opponent's rolls, the opponent
    answering each with its best reply by the evaluation."""
    if sum(mover) == 0:
        return 1.0
    me = _side(mover)
    my_own = (me.pips, me.off, me.head, me.spread, me.stack, me.rear)
    total = 0.0
    for dice, weight in ROLLS:
        replies = legal_plays(after, dice)
        if not replies:
            total += weight * _value(mover, other, w)
            continue
        best = 1.0
        for reply in replies:
            theirs = _moved(other, reply)
            if sum(theirs) == 0:
                best = 0.0
                break
            own = _own(theirs)
            rear = own[5]
            terms = _terms(
                my_own, (me.blocks[rear], me.prime[rear]), own, _blocks_ahead(theirs, me.rear)
            )
            value = win_probability(_score(terms, w))
            if value < best:
                best = value
        total += weight * best
    return total / 36.0


def rank_plays(
    position: Position,
    dice: tuple[int, int],
    depth: int = 1,
    weights: Weights = DEFAULT_WEIGHTS,
) -> list[NardyRanked]:
    """Every legal play of ``dice`` in ``position``, best first (empty when none can be played).

    At depth 1 the plays searched deeper come first, by their expectimax value, then the others
    by their depth-0 value (see the module's account)."""
    if depth not in (0, 1):
        raise ValueError(f"depth must be 0 or 1, not {depth!r}")
    w = weights.values()
    me, them = position.player, position.opponent
    moved = [(p, _moved(me, p)) for p in legal_plays(position, dice)]
    ranked = sorted(
        ((NardyRanked(p, 1.0 - _value(them, side, w), 0), side) for p, side in moved),
        key=lambda r: -r[0].value,
    )
    if depth == 0 or len(ranked) <= 1:
        return [r for r, _side in ranked]
    top = ranked[0][0].value
    head = [r for r in ranked[:CANDIDATES] if top - r[0].value <= WINDOW]
    if len(head) == 1:
        return [r for r, _side in ranked]
    deep = sorted(
        (
            NardyRanked(r.play, _expectimax(side, them, position.after(r.play), w), 1)
            for r, side in head
        ),
        key=lambda r: -r.value,
    )
    return deep + [r for r, _side in ranked[len(head) :]]


def choose_play(
    position: Position,
    dice: tuple[int, int],
    rng: random.Random,
    *,
    depth: int = 1,
    noise: float = 0.0,
    weights: Weights = DEFAULT_WEIGHTS,
) -> Play | None:
    """The play of ``dice``: the best by :func:`rank_plays`, with Gaussian ``noise`` (σ, in
    winning chances) from ``rng`` added to each value when above zero."""
    ranked = rank_plays(position, dice, depth, weights)
    if not ranked:
        return None
    if noise <= 0 or len(ranked) == 1:
        return ranked[0].play
    return max(ranked, key=lambda r: r.value + rng.gauss(0.0, noise)).play
