"""Move generation: every legal complete play, one per distinct resulting position.

The generator works on two mutable lists, indexed in the mover's numbering:

* ``me[p]`` for ``p`` in 1..24 is the mover's checkers on his point ``p``; ``me[25]`` his bar and
  ``me[0]`` his checkers borne off;
* ``opp[p]`` for ``p`` in 1..24 is the opponent's checkers on the mover's point ``p`` and
  ``opp[0]`` the opponent's bar.

Single steps are applied and undone in place while the search walks the dice; a leaf is recorded
under the bytes of both lists, so plays that reach the same position are merged.  The maximum-usage
rules (both dice when possible, else the higher one; as many of a double as possible) are applied
to the recorded leaves at the end.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from engine.rules import Ruleset

if TYPE_CHECKING:
    from engine.position import Position


class Step(NamedTuple):
    """One checker moved by one die: ``frm`` and ``to`` in the mover's numbering.

    ``frm`` is 25 for the bar, ``to`` is 0 for borne off; ``hit`` is True when an opposing blot
    was sent to the bar.
    """

    frm: int
    to: int
    hit: bool = False

    def notation(self) -> str:
        """``13/7``, ``bar/22``, ``6/off``, ``8/5*``."""
        from engine.notation import point_name

        return f"{point_name(self.frm)}/{point_name(self.to)}{'*' if self.hit else ''}"


class Play(NamedTuple):
    """A complete play: the single steps of one turn, in the order they are made."""

    steps: tuple[Step, ...]

    def notation(self) -> str:
        """Standard notation, as GNU Backgammon prints it.

        >>> Play((Step(24, 18), Step(13, 11))).notation()
        '24/18 13/11'
        >>> Play((Step(8, 5), Step(8, 5), Step(6, 5), Step(6, 5))).notation()
        '8/5(2) 6/5(2)'
        >>> Play((Step(24, 18, True), Step(18, 14))).notation()
        '24/18*/14'
        """
        from engine.notation import format_steps

        return format_steps(self.steps)

    def __str__(self) -> str:
        return self.notation()


# -- internal board ---------------------------------------------------------------------------


def to_lists(position: Position) -> tuple[list[int], list[int]]:
    """The generator's ``me`` and ``opp`` lists for ``position`` (see the module docstring)."""
    player = position.player
    me = [15 - sum(player), *player]
    opp = [0] * 26
    pmap = position.ruleset.point_map
    opponent = position.opponent
    for q in range(1, 25):
        opp[pmap[q]] = opponent[q - 1]
    opp[0] = opponent[24]
    return me, opp


def from_lists(position: Position, me: Sequence[int], opp: Sequence[int]) -> Position:
    """Inverse of :func:`to_lists`: a position of the same variant, same side on roll."""
    pmap = position.ruleset.point_map
    opponent = [opp[pmap[q]] for q in range(1, 25)]
    opponent.append(opp[0])
    return type(position)(tuple(me[1:26]), tuple(opponent))


def single_steps(
    me: Sequence[int], opp: Sequence[int], die: int, block: int, top: int = 25
) -> list[tuple[int, int]]:
    """Every single step ``(frm, to)`` one die allows, from points ``<= top``.

    Bar first (and only bar while checkers are on it); bearing off only with all checkers home,
    with the exact die or, from the highest occupied point, a higher one.
    """
    if me[25]:
        if top < 25:
            return []
        to = 25 - die
        return [(25, to)] if opp[to] < block else []
    out: list[tuple[int, int]] = []
    home = not any(me[7:25])
    frm = 24 if top > 24 else top
    while frm > 0:
        if me[frm]:
            to = frm - die
            if to > 0:
                if opp[to] < block:
                    out.append((frm, to))
            elif home and (to == 0 or not any(me[frm + 1 : 7])):
                out.append((frm, 0))
        frm -= 1
    return out


def _apply(me: list[int], opp: list[int], frm: int, to: int, block: int) -> bool:
    me[frm] -= 1
    me[to] += 1
    if to and block == 2 and opp[to] == 1:
        opp[to] = 0
        opp[0] += 1
        return True
    return False


def _undo(me: list[int], opp: list[int], frm: int, to: int, hit: bool) -> None:
    me[frm] += 1
    me[to] -= 1
    if hit:
        opp[to] = 1
        opp[0] -= 1


class _Leaf(NamedTuple):
    used: int  # dice played
    pips: int  # sum of the dice played (the higher-die rule)
    steps: tuple[tuple[int, int, bool], ...]


def _generate(
    me: list[int], opp: list[int], d1: int, d2: int, rules: Ruleset
) -> dict[bytes, _Leaf]:
    """All leaves of the play tree, keyed by the resulting position."""
    block = rules.block
    hook = rules.step_allowed
    leaves: dict[bytes, _Leaf] = {}
    path: list[tuple[int, int, bool]] = []
    best = 0

    def record(used: int, pips: int) -> None:
        nonlocal best
        if used < best:
            return
        best = used
        key = bytes(me) + bytes(opp)
        old = leaves.get(key)
        if old is None or old.used < used or (old.used == used and old.pips < pips):
            leaves[key] = _Leaf(used, pips, tuple(path))

    def allowed(steps: list[tuple[int, int]]) -> list[tuple[int, int]]:
        if hook is None:
            return steps
        return [s for s in steps if hook(me, opp, s[0], s[1], path)]

    if d1 != d2:
        hi, lo = (d1, d2) if d1 > d2 else (d2, d1)
        for a, b in ((hi, lo), (lo, hi)):
            for frm, to in allowed(single_steps(me, opp, a, block)):
                hit = _apply(me, opp, frm, to, block)
                path.append((frm, to, hit))
                second = allowed(single_steps(me, opp, b, block))
                if second:
                    for frm2, to2 in second:
                        hit2 = _apply(me, opp, frm2, to2, block)
                        path.append((frm2, to2, hit2))
                        record(2, a + b)
                        path.pop()
                        _undo(me, opp, frm2, to2, hit2)
                else:
                    record(1, a)
                path.pop()
                _undo(me, opp, frm, to, hit)
        if not leaves:
            record(0, 0)
        return leaves

    die = d1

    def walk(depth: int, top: int) -> None:
        steps = allowed(single_steps(me, opp, die, block, top))
        if not steps or depth == 4:
            record(depth, depth * die)
            return
        for frm, to in steps:
            hit = _apply(me, opp, frm, to, block)
            path.append((frm, to, hit))
            walk(depth + 1, frm)
            path.pop()
            _undo(me, opp, frm, to, hit)

    walk(0, 25)
    return leaves


def _best(leaves: dict[bytes, _Leaf]) -> list[_Leaf]:
    if not leaves:
        return []
    used = max(leaf.used for leaf in leaves.values())
    if used == 0:
        return []
    pips = max(leaf.pips for leaf in leaves.values() if leaf.used == used)
    return [leaf for leaf in leaves.values() if leaf.used == used and leaf.pips == pips]


def legal_plays(position: Position, dice: Iterable[int]) -> list[Play]:
    """Every legal complete play with ``dice``, one per distinct resulting position.

    The list is empty only when nothing at all can be played.

    >>> from engine.position import Position
    >>> len(legal_plays(Position.initial(), (3, 1)))
    16
    """
    d1, d2 = _check_dice(dice)
    me, opp = to_lists(position)
    leaves = _generate(me, opp, d1, d2, position.ruleset)
    return [Play(tuple(Step(*s) for s in leaf.steps)) for leaf in _best(leaves)]


def max_dice_playable(position: Position, dice: Iterable[int]) -> int:
    """How many dice a legal play with ``dice`` uses (0 when none can be played)."""
    d1, d2 = _check_dice(dice)
    me, opp = to_lists(position)
    best = _best(_generate(me, opp, d1, d2, position.ruleset))
    return best[0].used if best else 0


def result_key(position: Position, steps: Iterable[Step]) -> bytes:
    """A key identifying the position after ``steps`` (for comparing plays by their result)."""
    me, opp = to_lists(position)
    block = position.ruleset.block
    for step in steps:
        _apply(me, opp, step.frm, step.to, block)
    return bytes(me) + bytes(opp)


def apply_steps(position: Position, steps: Iterable[Step]) -> Position:
    """Make the steps (unchecked) and return the position, the same side still on roll."""
    me, opp = to_lists(position)
    block = position.ruleset.block
    for step in steps:
        if me[step.frm] <= 0:
            from engine.errors import IllegalPlay

            raise IllegalPlay(f"no checker on the {step.frm} point to move")
        _apply(me, opp, step.frm, step.to, block)
    return from_lists(position, me, opp)


def _check_dice(dice: Iterable[int]) -> tuple[int, int]:
    values = tuple(dice)
    if len(values) != 2 or not all(isinstance(d, int) and 1 <= d <= 6 for d in values):
        from engine.errors import EngineError

        raise EngineError(f"dice must be two numbers from 1 to 6, not {values!r}")
    return values[0], values[1]
