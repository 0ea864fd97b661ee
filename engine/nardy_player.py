"""The project's own long nardy player: an evaluation and a 1-ply expectimax over the 21 rolls.

Pure: no I/O and no randomness of its own (the noise of the weaker levels comes from an injected
``random.Random``).

Evaluation.  :func:`evaluate` scores a position for the side on roll as a logistic of a weighted
difference of features, each computed for both sides in its own numbering:

* ``pips`` — the race: the opponent's pip count minus one's own, per 10 pips (plus a tempo of
  :data:`TEMPO` pips for being on roll);
* ``off`` — checkers borne off;
* ``blocks`` — one's points standing ahead of the opponent's rearmost checker on its way round
  (they stop its rolls), and ``prime`` — the square of the longest run of such points;
* ``head`` — checkers still on the head beyond the first (head management: the head rule lets
  only one leave per turn, so a crowded head late is a lost tempo);
* ``spread`` — points held (distribution: more points, more ways to play the dice), and
  ``stack`` — checkers beyond three on one point.

Search.  :func:`rank_plays` scores each legal play by the evaluation of the position after it
(0-ply); at ``depth`` 1 the best :data:`CANDIDATES` of those are searched again, averaging over
the opponent's 21 rolls (doubles once, the others twice, of 36) its best reply by the
evaluation: the expectimax value of the play.

Weights.  Set by hand from the features' scales (a pip of race worth about a tenth of a point
held ahead of the opponent's rearmost checker); they have not yet been tuned by self-play.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.movegen import Play, legal_plays
from engine.nardy import HEAD, opponent_point
from engine.position import CHECKERS, Position

__all__ = [
    "CANDIDATES",
    "DEFAULT_WEIGHTS",
    "ROLLS",
    "TEMPO",
    "NardyRanked",
    "Weights",
    "choose_play",
    "evaluate",
    "features",
    "rank_plays",
    "win_probability",
]

CANDIDATES = 4
TEMPO = 4
ROLLS: tuple[tuple[tuple[int, int], int], ...] = tuple(
    ((a, b), 1 if a == b else 2) for a in range(1, 7) for b in range(a, 7)
)
"""The 21 distinct rolls with their weight out of 36."""


@dataclass(frozen=True, slots=True)
class Weights:
    """The weights of :func:`evaluate`'s features (see the module's account)."""

    pips: float = 1.0
    off: float = 0.3
    blocks: float = 0.15
    prime: float = 0.04
    head: float = 0.25
    spread: float = 0.05
    stack: float = 0.10

    def scaled(self, name: str, factor: float) -> Weights:
        """A copy with weight ``name`` multiplied by ``factor`` (for tuning)."""
        values = {n: getattr(self, n) for n in self.__slots__}
        values[name] *= factor
        return Weights(**values)


DEFAULT_WEIGHTS = Weights()

_PATH = tuple(opponent_point(q) for q in range(24, 0, -1))
"""The opponent's way round in the mover's numbering: its 24 (our 12) down to its 1 (our 13)."""


def features(side: Sequence[int], other: Sequence[int]) -> tuple[float, ...]:
    """The features of ``side`` (own numbering) against ``other`` (its own numbering):
    (pips, off, blocks, prime, head, spread, stack)."""
    pips = sum(n * (i + 1) for i, n in enumerate(side[:24]))
    off = CHECKERS - sum(side)
    # the other side's rearmost checker, as an index along its path (in side's numbering)
    rear = None
    for k, p in enumerate(_PATH):
        if other[opponent_point(p) - 1]:
            rear = k
            break
    blocks = 0
    prime = 0
    run = 0
    if rear is not None:
        for p in _PATH[rear + 1 :]:
            if side[p - 1]:
                blocks += 1
                run += 1
                prime = max(prime, run)
            else:
                run = 0
    head = max(0, side[HEAD - 1] - 1)
    spread = sum(1 for n in side[:24] if n)
    stack = sum(max(0, n - 3) for n in side[:24])
    return (
        -pips / 10.0,
        float(off),
        float(blocks),
        float(prime * prime),
        -float(head),
        float(spread),
        -float(stack),
    )


def _score(position: Position, weights: Weights) -> float:
    mine = features(position.player, position.opponent)
    theirs = features(position.opponent, position.player)
    w = (
        weights.pips,
        weights.off,
        weights.blocks,
        weights.prime,
        weights.head,
        weights.spread,
        weights.stack,
    )
    return sum(wi * (a - b) for wi, a, b in zip(w, mine, theirs, strict=True)) + (
        weights.pips * TEMPO / 10.0
    )


def win_probability(score: float) -> float:
    """The evaluation's score mapped to a chance of winning (a logistic)."""
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, score))))


def evaluate(position: Position, weights: Weights = DEFAULT_WEIGHTS) -> float:
    """The chance that the side on roll in ``position`` wins, by the evaluation (1 or 0 at the
    end of the game)."""
    off_me, off_them = position.off()
    if off_them == CHECKERS:
        return 0.0
    if off_me == CHECKERS:
        return 1.0
    return win_probability(_score(position, weights))


@dataclass(frozen=True, slots=True)
class NardyRanked:
    """A legal play and its value (the mover's chance of winning after it) at ``depth``."""

    play: Play
    value: float
    depth: int


def _after_value(position: Position, play: Play, weights: Weights) -> float:
    return 1.0 - evaluate(position.after(play), weights)


def _expectimax(after: Position, weights: Weights) -> float:
    """The mover's value of ``after`` (the opponent on roll) averaged over the opponent's rolls,
    the opponent answering each with its best reply by the evaluation."""
    if after.off()[1] == CHECKERS:
        return 1.0
    total = 0.0
    for dice, weight in ROLLS:
        replies = legal_plays(after, dice)
        if not replies:
            total += weight * evaluate(after.swapped(), weights)
            continue
        # the opponent maximises its own value, i.e. minimises ours
        best = min(evaluate(after.after(r), weights) for r in replies)
        total += weight * best
    return total / 36.0


def rank_plays(
    position: Position,
    dice: tuple[int, int],
    depth: int = 1,
    weights: Weights = DEFAULT_WEIGHTS,
) -> list[NardyRanked]:
    """Every legal play of ``dice`` in ``position``, best first (empty when none can be played)."""
    if depth not in (0, 1):
        raise ValueError(f"depth must be 0 or 1, not {depth!r}")
    plays = legal_plays(position, dice)
    ranked = sorted(
        (NardyRanked(p, _after_value(position, p, weights), 0) for p in plays),
        key=lambda r: -r.value,
    )
    if depth == 0 or len(ranked) <= 1:
        return ranked
    head = ranked[:CANDIDATES]
    deep = sorted(
        (NardyRanked(r.play, _expectimax(position.after(r.play), weights), 1) for r in head),
        key=lambda r: -r.value,
    )
    return deep + ranked[len(head) :]


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
