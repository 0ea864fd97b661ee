"""Move generation: every legal complete play, one per distinct resulting position.

The generator works on two mutable lists, indexed in the mover's numbering (:mod:`engine.steps`
makes them and moves checkers on them):

* ``me[p]`` for ``p`` in 1..24 is the mover's checkers on his point ``p``; ``me[25]`` his bar and
  ``me[0]`` his checkers borne off;
* ``opp[p]`` for ``p`` in 1..24 is the opponent's checkers on the mover's point ``p`` and
  ``opp[0]`` the opponent's bar.

Single steps are applied and undone in place while the search walks the dice.  A leaf is recorded
under an integer that says exactly how the play changes the position, so plays that reach the same
position are merged, and only the leaves of the best rank are kept: the maximum-usage rules (both
dice when possible, else the higher one; as many of a double as possible) are applied as the search
goes.  The ``Ruleset.step_allowed`` hook, when a variant has one, is asked before every step.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from engine.errors import EngineError
from engine.rules import Ruleset, StepHook
from engine.steps import Play as Play
from engine.steps import Step as Step
from engine.steps import apply_step
from engine.steps import apply_steps as apply_steps
from engine.steps import from_lists as from_lists
from engine.steps import result_key as result_key
from engine.steps import to_lists as to_lists

if TYPE_CHECKING:
    from engine.position import Position


# -- internal board ---------------------------------------------------------------------------


def single_steps(
    me: Sequence[int], opp: Sequence[int], die: int, block: int, top: int = 25
) -> list[tuple[int, int]]:
    """Every single step ``(frm, to)`` one die allows, from points ``<= top``, highest first.

    Bar first (and only bar while checkers are on it); bearing off only with all checkers home,
    with the exact die or, from the highest occupied point, a higher one.
    """
    if me[25]:
        if top < 25:
            return []
        to = 25 - die
        return [(25, to)] if opp[to] < block else []
    frm = 24 if top > 24 else top
    out = [(f, f - die) for f in range(frm, die, -1) if me[f] and opp[f - die] < block]
    if any(me[7:25]):
        return out
    if die <= frm:
        if me[die]:
            out.append((die, 0))
            return out
        frm = die - 1
    # A die higher than the highest occupied point bears off from that point.
    if any(me[frm + 1 : 7]):
        return out
    while frm and not me[frm]:
        frm -= 1
    if frm:
        out.append((frm, 0))
    return out


# Steps are shared immutable values: one object per (frm, to, hit).
_STEP = tuple(tuple(Step(frm, to, False) for to in range(26)) for frm in range(26))
_HIT_STEP = tuple(tuple(Step(frm, to, True) for to in range(26)) for frm in range(26))

# A leaf's key is the change a play makes to the position, as an exact integer: the change of the
# mover's count on point p (-15..15) weighted by 32**p, plus one bit per point where a blot was hit.
_W = tuple(1 << (5 * p) for p in range(26))
_HIT = tuple(1 << (5 * 26 + p) for p in range(26))

_new_play = tuple.__new__


class _Search:
    """One enumeration: the best plays found so far, kept by result key."""

    __slots__ = ("best", "leaves")

    def __init__(self) -> None:
        self.best = 0  # rank of the kept leaves: 16 * dice used + pips used
        self.leaves: dict[int, tuple[Step, ...]] = {}


def _search(me: list[int], opp: list[int], d1: int, d2: int, rules: Ruleset) -> _Search:
    """Walk the play tree; keep only the leaves that use the most dice (then the most pips).

    A step changes the single steps available afterwards only near its two ends, so while some
    checker stays outside the home board (no bearing off) and none is on the bar, the steps after
    a step are the steps before it, less the emptied point, plus the point just reached.
    """
    hook, commute = rules.step_allowed, rules.steps_commute
    if rules.roll_rules is not None:
        hook, commute = rules.roll_rules(me, opp, d1, d2)
    if d1 == d2:
        return _search_double(me, opp, d1, rules.block, hook, commute)
    block = rules.block
    found = _Search()
    leaves = found.leaves
    best = 0
    hi, lo = (d1, d2) if d1 > d2 else (d2, d1)
    two = 32 + hi + lo
    W, hit_w, plain, hitting = _W, _HIT, _STEP, _HIT_STEP
    outside = sum(me[7:26])
    options = {hi: single_steps(me, opp, hi, block), lo: single_steps(me, opp, lo, block)}
    for a, b in ((hi, lo), (lo, hi)):
        after = options[b]
        for frm, to in options[a]:
            if hook is not None and not hook(me, opp, frm, to, []):
                continue
            me[frm] -= 1
            me[to] += 1
            if to and opp[to] == 1 and block == 2:
                opp[to] = 0
                opp[0] += 1
                first = hitting[frm][to]
                key1 = W[to] - W[frm] + hit_w[to]
            else:
                first = plain[frm][to]
                key1 = W[to] - W[frm]
            if frm == 25 or outside == (frm > 6 >= to):
                seconds = single_steps(me, opp, b, block)
                only_on = 0
            else:
                seconds = after if me[frm] else [s for s in after if s[0] != frm]
                # In the second order a step by another checker makes a play already found in
                # the first order (the same two steps swapped, legal either way here): only the
                # checker that just moved can reach anything new.
                only_on = to if a == lo and hook is None else 0
                if to > b and me[to] == 1 and opp[to - b] < block:
                    j = 0
                    while j < len(seconds) and seconds[j][0] > to:
                        j += 1
                    seconds = [*seconds[:j], (to, to - b), *seconds[j:]]
            if hook is not None:
                path = [first]
                seconds = [s for s in seconds if hook(me, opp, s[0], s[1], path)]
            if seconds:
                if best < two:
                    best = two
                    leaves.clear()
                if only_on:
                    seconds = [(to, to - b)] if to > b and opp[to - b] < block else []
                for frm2, to2 in seconds:
                    if to2 and opp[to2] == 1 and block == 2:
                        key = key1 + W[to2] - W[frm2] + hit_w[to2]
                        if key not in leaves:
                            leaves[key] = (first, hitting[frm2][to2])
                    else:
                        key = key1 + W[to2] - W[frm2]
                        if key not in leaves:
                            leaves[key] = (first, plain[frm2][to2])
            elif best <= 16 + a:
                if best < 16 + a:
                    best = 16 + a
                    leaves.clear()
                if key1 not in leaves:
                    leaves[key1] = (first,)
            me[frm] += 1
            me[to] -= 1
            if first.hit:
                opp[to] = 1
                opp[0] -= 1
    found.best = best
    return found


def _search_double(
    me: list[int], opp: list[int], die: int, block: int, hook: StepHook | None, ordered: bool
) -> _Search:
    """Doubles: up to four steps of ``die``, made in order of non-increasing starting point.

    Any set of steps can be made in that order, so each set is walked once.  The steps open at a
    node are kept in that order, so a child's are a tail of its parent's (see :func:`_search`).
    When the steps do not commute (``ordered`` False: ``Ruleset.steps_commute`` or, for this
    roll, ``Ruleset.roll_rules``) every order is walked instead, each position reached once per
    depth.
    """
    found = _Search()
    leaves = found.leaves
    path: list[Step] = []
    W, hitw, plain, hitting = _W, _HIT, _STEP, _HIT_STEP
    full = 4 * (16 + die)
    seen: set[tuple[int, int]] = set()

    def walk(depth: int, options: list[tuple[int, int]], key: int, outside: int) -> None:
        if not ordered:
            if (depth, key) in seen:
                return
            seen.add((depth, key))
        steps = options
        if hook is not None:
            steps = [s for s in options if hook(me, opp, s[0], s[1], path)]
        if not steps:
            rank = depth * (16 + die)
            if rank and rank >= found.best:
                if rank > found.best:
                    found.best = rank
                    leaves.clear()
                if key not in leaves:
                    leaves[key] = tuple(path)
            return
        if depth == 3:
            # The fourth step ends the play: no need to make it on the board.
            if found.best < full:
                found.best = full
                leaves.clear()
            for frm, to in steps:
                if to and opp[to] == 1 and block == 2:
                    k = key + W[to] - W[frm] + hitw[to]
                    if k not in leaves:
                        leaves[k] = (*path, hitting[frm][to])
                else:
                    k = key + W[to] - W[frm]
                    if k not in leaves:
                        leaves[k] = (*path, plain[frm][to])
            return
        for i, step in enumerate(steps):
            frm, to = step
            me[frm] -= 1
            me[to] += 1
            left = outside - (frm > 6 >= to)
            if frm == 25 or not left:
                nxt = single_steps(me, opp, die, block, frm if ordered else 25)
            else:
                if ordered:
                    if hook is not None:
                        i = options.index(step)
                    nxt = options[i:] if me[frm] else options[i + 1 :]
                else:
                    nxt = options if me[frm] else [s for s in options if s[0] != frm]
                if to > die and me[to] == 1 and opp[to - die] < block:
                    j = 0
                    while j < len(nxt) and nxt[j][0] > to:
                        j += 1
                    nxt = [*nxt[:j], (to, to - die), *nxt[j:]]
            if to and opp[to] == 1 and block == 2:
                opp[to] = 0
                opp[0] += 1
                path.append(hitting[frm][to])
                walk(depth + 1, nxt, key + W[to] - W[frm] + hitw[to], left)
                opp[to] = 1
                opp[0] -= 1
            else:
                path.append(plain[frm][to])
                walk(depth + 1, nxt, key + W[to] - W[frm], left)
            path.pop()
            me[frm] += 1
            me[to] -= 1

    walk(0, single_steps(me, opp, die, block), 0, sum(me[7:26]))
    return found


class _Leaf(NamedTuple):
    used: int  # dice played
    pips: int  # sum of the dice played (the higher-die rule)
    steps: tuple[tuple[int, int, bool], ...]


def _generate(
    me: list[int], opp: list[int], d1: int, d2: int, rules: Ruleset
) -> dict[bytes, _Leaf]:
    """The legal leaves of the play tree (most dice, then most pips), keyed by the result.

    The key is the bytes of both lists after the play (as :func:`result_key` makes them).
    """
    found = _search(me, opp, d1, d2, rules)
    leaves: dict[bytes, _Leaf] = {}
    block = rules.block
    for steps in found.leaves.values():
        a, b = me[:], opp[:]
        for step in steps:
            apply_step(a, b, step.frm, step.to, block)
        used = len(steps)
        leaves[bytes(a) + bytes(b)] = _Leaf(used, found.best - 16 * used, steps)
    if not leaves:
        leaves[bytes(me) + bytes(opp)] = _Leaf(0, 0, ())
    return leaves


def legal_plays(position: Position, dice: Iterable[int]) -> list[Play]:
    """Every legal complete play with ``dice``, one per distinct resulting position.

    The list is empty only when nothing at all can be played.

    >>> from engine.position import Position
    >>> len(legal_plays(Position.initial(), (3, 1)))
    16
    """
    d1, d2 = _check_dice(dice)
    me, opp = to_lists(position)
    leaves = _search(me, opp, d1, d2, position.ruleset).leaves
    return [_new_play(Play, (steps,)) for steps in leaves.values()]


def max_dice_playable(position: Position, dice: Iterable[int]) -> int:
    """How many dice a legal play with ``dice`` uses (0 when none can be played)."""
    d1, d2 = _check_dice(dice)
    me, opp = to_lists(position)
    for steps in _search(me, opp, d1, d2, position.ruleset).leaves.values():
        return len(steps)
    return 0


def _check_dice(dice: Iterable[int]) -> tuple[int, int]:
    if type(dice) is tuple and len(dice) == 2:
        d1, d2 = dice
        if type(d1) is int and type(d2) is int and 0 < d1 < 7 and 0 < d2 < 7:
            return d1, d2
    values = tuple(dice)
    if len(values) != 2 or not all(isinstance(d, int) and 1 <= d <= 6 for d in values):
        raise EngineError(f"dice must be two numbers from 1 to 6, not {values!r}")
    return values[0], values[1]
