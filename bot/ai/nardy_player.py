"""The project's own long nardy player: an evaluation and an expectimax over the 21 rolls.

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

Search.  :func:`rank_plays` ranks every legal play of a roll with its value, the mover's chance
of winning after it; it is what the computer plays (:func:`choose_play` takes its first play,
or the best after adding noise) and what a hint or an analysis of long nardy can show.  Depth 0
values each play by the evaluation of the position after it.  At depth 1 the plays within
:data:`WINDOW` of the best by that value, at most :data:`CANDIDATES` of them, are searched one
roll deeper: for each of the opponent's 21 rolls (doubles once, the others twice, of 36) the
opponent answers with its best legal reply by the evaluation, and the play's value is the
average over the rolls of the positions reached -- the expectimax value.  At depth 2 the best of
those by their depth-1 value (at most :data:`DEEP_CANDIDATES`, within :data:`WINDOW`) are
searched once more: after the opponent's reply to each roll (still chosen by the evaluation) the
position is valued by the mover's own 21 rolls, each played with his best play by the
evaluation.  The plays searched deeper come first, by their deeper value, then the others by
the value of their own depth.

The levels of :data:`bot.ai.computer.NARDY_DEPTH` are depths and noises of this search:
``beginner`` and ``casual`` depth 0 with Gaussian noise σ 0.12 and 0.04 (in winning chances)
on every play's value, ``strong`` depth 1 and ``expert`` depth 2, without noise.

Speed.  The search gives exactly the values of the plain one (every reply made with
:meth:`~engine.position.Position.after` and valued with :func:`evaluate`;
``benchmarks.nardy_speed.plain_rank_plays``), more cheaply: the replies to a roll come from one
call of the move generator, which merges the plays that reach the same position and, through
the long nardy ruleset's ``roll_rules``, walks a double's steps in one order only when no
six-point prime can arise during the roll; the side not moving keeps its figures and its blocks
by the other side's rear, computed once; the moving side's figures are updated step by step
from those before the reply, its points ahead of the other's rear kept as a bit mask; and only
the best reply's score goes through the logistic.  ``python -m benchmarks.nardy_speed`` prints
both searches' times side by side.

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

==========  ======  ====  ======  ======  =======  ======  ======  ======
weights     pips    race  off     blocks  prime    head    spread  stack
==========  ======  ====  ======  ======  =======  ======  ======  ======
by hand     1.0     0     0.3     0.15    0.04     0.25    0.05    0.10
tuned       0.337   0     0.1011  0.0505  0.00675  0.0421  0.0168  0.0337
==========  ======  ====  ======  ======  =======  ======  ======  ======

A full maximum-likelihood fit of all eight weights to the outcomes was tried first and lost
(43% of 200 games against the hand weights at depth 0): what predicts the winner across a game
is not what separates the plays of one roll.

Levels by self-play with the tuned weights (``python -m benchmarks.nardy_levels``, its
defaults: 200 games a match on paired dice, seed 7): ``strong`` wins 197 of 200 against random
legal plays and 193 of 200 against the greedy pip-count player, 184 of 200 against ``casual``;
``casual`` 136 of 200 against ``beginner``; ``expert`` 125 of 200 against ``strong`` (1,129 s
on two busy cores).
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
    "DEPTHS",
    "DOUBLE_CHANCE",
    "HAND_WEIGHTS",
    "ROLLS",
    "TAKE_CHANCE",
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
"""The most plays searched at depth 1 (and, at depth 2, the most searched at depth 1 first)."""

DEEP_CANDIDATES = 2
"""The most plays searched at depth 2."""

WINDOW = 0.08
"""Plays whose value at the depth below is further than this (in winning chances) below the best
are not searched deeper."""

DEPTHS = (0, 1, 2)
"""The depths :func:`rank_plays` searches."""

DOUBLE_CHANCE = 0.72
"""Where a table plays long nardy with the cube: the player doubles when :func:`evaluate` gives
it at least this chance of winning."""

TAKE_CHANCE = 0.25
"""And takes a double while it keeps at least this chance (the money take point with some cube
leverage)."""

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

_BIT = tuple(1 << opponent_point(i + 1) for i in range(24))
"""``_BIT[i]``: the bit, in the other side's numbering, of one side's point ``i + 1``."""

_LOST = -math.inf
"""The score of a position whose side on roll has lost (the other has borne off all)."""

_NO_PLAY = Play(())


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


def _score(t: Sequence[float], w: Sequence[float]) -> float:
    """The weighted sum of the features ``t``, added left to right (as the search adds them)."""
    return (
        t[0] * w[0]
        + t[1] * w[1]
        + t[2] * w[2]
        + t[3] * w[3]
        + t[4] * w[4]
        + t[5] * w[5]
        + t[6] * w[6]
        + t[7] * w[7]
    )


def win_probability(score: float) -> float:
    """The evaluation's score mapped to a chance of winning (a logistic)."""
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, score))))


def _chance(score: float) -> float:
    """:func:`win_probability`, and 0 for a lost position."""
    return 0.0 if score == _LOST else win_probability(score)


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


def _scores(
    fixed: _Side, other: Sequence[int], plays: Sequence[Play], w: Sequence[float]
) -> list[float]:
    """The score for ``fixed``'s side, on roll after each of ``plays`` by the other side (whose
    checkers, own numbering, are ``other``): :func:`_score` of :func:`features`, or
    :data:`_LOST` when the play bears off the last checker.

    The hot path of the search: the other side's figures are updated step by step from those
    before the play (nothing is hit in long nardy, so only the two points of a step change), its
    points ahead of ``fixed``'s rear are a bit mask, and ``fixed``'s own figures and blocks are
    computed once, by the other side's rear."""
    f_pips, f_off, f_head, f_spread, f_stack, f_rear = (
        fixed.pips,
        fixed.off,
        fixed.head,
        fixed.spread,
        fixed.stack,
        fixed.rear,
    )
    f_blocks, f_prime = fixed.blocks, fixed.prime
    pips0, off0, _head0, spread0, stack0, rear0 = _own(other)
    bit = _BIT
    mask0 = 0
    for i in range(24):
        if other[i]:
            mask0 |= bit[i]
    ahead = (1 << f_rear) - 2
    w0, w1, w2, w3, w4, w5, w6, w7 = w
    race = w1 != 0.0  # a zero weight adds nothing: its term is skipped
    sqrt = math.sqrt
    runs: dict[int, tuple[int, int]] = {}  # points ahead and longest run squared, by mask
    out: list[float] = []
    for play in plays:
        side = list(other)
        pips, off, spread, stack, mask = pips0, off0, spread0, stack0, mask0
        for frm, to, _hit in play[0]:
            i = frm - 1
            n = side[i]
            side[i] = n - 1
            if n > 3:
                stack -= 1
            elif n == 1:
                spread -= 1
                mask ^= bit[i]
            if to:
                pips -= frm - to
                j = to - 1
                n = side[j]
                side[j] = n + 1
                if n >= 3:
                    stack += 1
                elif not n:
                    spread += 1
                    mask |= bit[j]
            else:
                pips -= frm
                off += 1
        if off == CHECKERS:
            out.append(_LOST)
            continue
        rear = rear0
        while not side[rear - 1]:
            rear -= 1
        head = side[HEAD - 1] - 1
        if head < 0:
            head = 0
        x = mask & ahead
        found = runs.get(x)
        if found is None:
            count, y, run = x.bit_count(), x, 0
            while y:
                y &= y >> 1
                run += 1
            found = runs[x] = (count, run * run)
        lead = pips - f_pips + TEMPO
        total = lead / 10.0 * w0
        if race:
            total += lead / sqrt(f_pips + pips + 1) * w1
        out.append(
            total
            + (f_off - off) * w2
            + (f_blocks[rear] - found[0]) * w3
            + (f_prime[rear] - found[1]) * w4
            + (head - f_head) * w5
            + (f_spread - spread) * w6
            + (stack - f_stack) * w7
        )
    return out


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


class _Search:
    """One :func:`rank_plays` call: the position's type, the weights, and the values of the
    positions with the searching side on roll found so far (depth 2 meets some twice)."""

    __slots__ = ("cls", "rolled", "w")

    def __init__(self, cls: type[Position], w: tuple[float, ...]) -> None:
        self.cls = cls
        self.w = w
        self.rolled: dict[tuple[tuple[int, ...], tuple[int, ...]], float] = {}

    def replies(
        self, mover: Sequence[int], other: Sequence[int]
    ) -> list[tuple[int, list[Play], list[float]]]:
        """For each roll of ``other`` (on roll after ``mover``'s play): its weight, the legal
        replies and ``mover``'s score after each (the score without a reply when none)."""
        after = self.cls(tuple(other), tuple(mover))
        fixed = _side(mover)
        out = []
        for dice, weight in ROLLS:
            plays = legal_plays(after, dice)
            out.append((weight, plays, _scores(fixed, other, plays or (_NO_PLAY,), self.w)))
        return out

    def one_ply(self, mover: Sequence[int], other: Sequence[int]) -> float:
        """The depth-1 value for ``mover`` of his play that left ``mover`` against ``other``:
        the opponent's best reply to each roll by the evaluation, averaged over the rolls."""
        if not sum(mover):
            return 1.0
        total = 0.0
        for weight, _plays, scores in self.replies(mover, other):
            total += weight * _chance(min(scores))
        return total / 36.0

    def two_ply(self, mover: Sequence[int], other: Sequence[int]) -> float:
        """The depth-2 value: as :meth:`one_ply`, but each position after the opponent's reply
        is valued by :meth:`on_roll` instead of the evaluation."""
        if not sum(mover):
            return 1.0
        total = 0.0
        for weight, plays, scores in self.replies(mover, other):
            worst = min(scores)
            if worst == _LOST:
                continue
            reply = _moved(other, plays[scores.index(worst)]) if plays else other
            total += weight * self.on_roll(mover, reply)
        return total / 36.0

    def on_roll(self, me: Sequence[int], them: Sequence[int]) -> float:
        """The chance of the side ``me``, on roll against ``them``, averaged over his rolls, each
        played with the best play by the evaluation."""
        key = (tuple(me), tuple(them))
        known = self.rolled.get(key)
        if known is not None:
            return known
        position = self.cls(key[0], key[1])
        fixed = _side(them)
        total = 0.0
        for dice, weight in ROLLS:
            plays = legal_plays(position, dice)
            total += weight * (1.0 - _chance(min(_scores(fixed, me, plays or (_NO_PLAY,), self.w))))
        value = total / 36.0
        self.rolled[key] = value
        return value


def _searched(ranked: list[NardyRanked], most: int) -> list[NardyRanked]:
    """The head of ``ranked`` to search deeper: at most ``most``, within :data:`WINDOW`."""
    top = ranked[0].value
    return [r for r in ranked[:most] if top - r.value <= WINDOW]


def rank_plays(
    position: Position,
    dice: tuple[int, int],
    depth: int = 1,
    weights: Weights = DEFAULT_WEIGHTS,
    *,
    width: tuple[int, int] = (CANDIDATES, DEEP_CANDIDATES),
) -> list[NardyRanked]:
    """Every legal play of ``dice`` in ``position``, best first, each with its value (the mover's
    chance of winning after it) and the depth it was searched at; empty when none can be played.

    Depth 0 ranks the plays by the evaluation of the position after each.  At depth 1 the best
    of those (at most :data:`CANDIDATES`, within :data:`WINDOW` of the best) are searched one
    roll deeper and come first, by their expectimax value; at depth 2 the best of those (at most
    :data:`DEEP_CANDIDATES`, within :data:`WINDOW`) once more.  Each play searched deeper comes
    before the ones that were not, so the first is always the player's choice without noise
    (see the module's account).  ``width`` replaces the two numbers of candidates (for
    measuring what they are worth)."""
    if depth not in DEPTHS:
        raise ValueError(f"depth must be one of {DEPTHS}, not {depth!r}")
    w = weights.values()
    me, them = position.player, position.opponent
    plays = legal_plays(position, dice)
    if not plays:
        return []
    scores = _scores(_side(them), me, plays, w)
    ranked = sorted(
        (NardyRanked(p, 1.0 - _chance(s), 0) for p, s in zip(plays, scores, strict=True)),
        key=lambda r: -r.value,
    )
    search = _Search(type(position), w)
    for ply in range(1, depth + 1):
        head = _searched(ranked, width[ply - 1])
        if len(head) <= 1:
            break
        value = search.one_ply if ply == 1 else search.two_ply
        deep = sorted(
            (NardyRanked(r.play, value(_moved(me, r.play), them), ply) for r in head),
            key=lambda r: -r.value,
        )
        ranked = deep + ranked[len(head) :]
    return ranked


def choose_play(
    position: Position,
    dice: tuple[int, int],
    rng: random.Random,
    *,
    depth: int = 1,
    noise: float = 0.0,
    weights: Weights = DEFAULT_WEIGHTS,
    width: tuple[int, int] = (CANDIDATES, DEEP_CANDIDATES),
) -> Play | None:
    """The play of ``dice``: the best by :func:`rank_plays`, with Gaussian ``noise`` (σ, in
    winning chances) from ``rng`` added to each value when above zero."""
    ranked = rank_plays(position, dice, depth, weights, width=width)
    if not ranked:
        return None
    if noise <= 0 or len(ranked) == 1:
        return ranked[0].play
    return max(ranked, key=lambda r: r.value + rng.gauss(0.0, noise)).play
