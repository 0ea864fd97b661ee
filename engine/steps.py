"""Steps and plays: the values the move generator produces, how GNU Backgammon writes them, and
how they are made on the generator's board.

The board the generator works on is two mutable lists in the mover's numbering (see
:mod:`engine.movegen`): ``me[p]`` the mover's checkers on his point ``p`` (25 the bar, 0 borne off)
and ``opp[p]`` the opponent's checkers on the mover's point ``p`` (0 the opponent's bar).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import TYPE_CHECKING, NamedTuple

from engine.errors import IllegalPlay

if TYPE_CHECKING:
    from engine.position import Position

BAR = 25
OFF = 0


def point_name(point: int) -> str:
    """``"bar"`` for 25, ``"off"`` for 0, else the number: how a point is written in a move."""
    if point == BAR:
        return "bar"
    if point <= OFF:
        return "off"
    return str(point)


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
        return format_steps(self.steps)

    def __str__(self) -> str:
        return self.notation()


@dataclass(slots=True)
class Chain:
    """One printed move: a checker's merged steps.

    ``full`` is every point the checker touched (start, each landing), ``shown`` the points GNU
    Backgammon prints (start, the landings where it hit, the end), ``count`` the identical moves.
    """

    full: list[int]
    shown: list[int]
    count: int = 1


def chains_of(steps: Sequence[Step]) -> tuple[list[Chain], set[int]]:
    """GNU Backgammon's merging of ``steps`` into moves, and the set of points hit."""
    hits = {step.to for step in steps if step.hit and step.to != OFF}
    ordered = sorted(((s.frm, s.to) for s in steps), key=lambda m: (-m[0], -m[1]))
    rows: list[Chain | None] = [Chain([frm, to], [frm, to]) for frm, to in ordered]
    for i, row in enumerate(rows):
        if row is None:
            continue
        for j in range(i + 1, len(rows)):
            other = rows[j]
            if other is None or row.full[-1] != other.full[0]:
                continue
            end = other.full[-1]
            row.full.append(end)
            if row.shown[-1] in hits:
                row.shown.append(end)
            else:
                row.shown[-1] = end
            rows[j] = None
    chains: list[Chain] = []
    for row in rows:
        if row is None:
            continue
        for chain in chains:
            if chain.shown == row.shown and chain.full == row.full:
                chain.count += 1
                break
        else:
            chains.append(row)
    return chains, hits


def render_chains(chains: Sequence[Chain], hits: set[int], expanded: Iterable[int] = ()) -> str:
    """The text of ``chains``; the chains whose index is in ``expanded`` show every point."""
    if not chains:
        return "no move"
    full = set(expanded)
    marked: set[int] = set()
    words: list[str] = []
    for index, chain in enumerate(chains):
        nodes = chain.full if index in full else chain.shown
        parts = [point_name(nodes[0])]
        for node in nodes[1:-1]:
            # GNU Backgammon keeps an intermediate point only where it hit, and always marks it;
            # an expanded chain marks a hit point unless an earlier move has marked it.
            star = node in hits and (index not in full or node not in marked)
            parts.append(point_name(node) + ("*" if star else ""))
            if node in hits:
                marked.add(node)
        end = nodes[-1]
        last = point_name(end)
        if end != OFF and end in hits and end not in marked:
            last += "*"
            marked.add(end)
        parts.append(last)
        words.append("/".join(parts) + (f"({chain.count})" if chain.count > 1 else ""))
    return " ".join(words)


def format_steps(steps: Sequence[Step]) -> str:
    """Format single steps the way GNU Backgammon does.

    A checker's consecutive steps are merged (``13/7``; ``24/18*/14`` keeps the point where it
    hit), moves are listed from the highest starting point down, identical moves are counted
    (``8/5(2)``) and a hit is marked on the first move that lands on the point.  An empty play
    is ``"no move"``.

    >>> format_steps([Step(13, 11), Step(24, 18)])
    '24/18 13/11'
    >>> format_steps([Step(24, 18, True), Step(18, 14)])
    '24/18*/14'
    >>> format_steps([Step(6, 2), Step(6, 2), Step(5, 1), Step(5, 1)])
    '6/2(2) 5/1(2)'
    """
    chains, hits = chains_of(steps)
    return render_chains(chains, hits)


def spelled_out(steps: Sequence[Step]) -> str:
    """The play with every point its checkers touch shown (``13/11/7``): never ambiguous."""
    chains, hits = chains_of(steps)
    return render_chains(chains, hits, range(len(chains)))


# -- the generator's board --------------------------------------------------------------------

_OPP_READERS: dict[tuple[int, ...], Callable[[tuple[int, ...]], tuple[int, ...]]] = {}


def _opp_reader(point_map: tuple[int, ...]) -> Callable[[tuple[int, ...]], tuple[int, ...]]:
    """Reads the internal ``opp[0..24]`` from the opponent's tuple (a fixed table per variant)."""
    reader = _OPP_READERS.get(point_map)
    if reader is None:
        table = [24] * 25
        for q in range(1, 25):
            table[point_map[q]] = q - 1
        reader = _OPP_READERS[point_map] = itemgetter(*table)
    return reader


def to_lists(position: Position) -> tuple[list[int], list[int]]:
    """The generator's ``me`` and ``opp`` lists for ``position`` (see the module docstring)."""
    player = position.player
    me = [15 - sum(player), *player]
    opp = [*_opp_reader(position.ruleset.point_map)(position.opponent), 0]
    return me, opp


def from_lists(position: Position, me: Sequence[int], opp: Sequence[int]) -> Position:
    """Inverse of :func:`to_lists`: a position of the same variant, same side on roll."""
    pmap = position.ruleset.point_map
    opponent = [opp[pmap[q]] for q in range(1, 25)]
    opponent.append(opp[0])
    return type(position)(tuple(me[1:26]), tuple(opponent))


def apply_step(me: list[int], opp: list[int], frm: int, to: int, block: int) -> bool:
    """Move one checker ``frm`` -> ``to`` on the generator's lists, hitting a lone blot where
    ``block`` is 2; True when it hit (see :func:`undo_step`)."""
    me[frm] -= 1
    me[to] += 1
    if to and block == 2 and opp[to] == 1:
        opp[to] = 0
        opp[0] += 1
        return True
    return False


def undo_step(me: list[int], opp: list[int], frm: int, to: int, hit: bool) -> None:
    """Take back :func:`apply_step` (``hit`` is what it returned)."""
    me[frm] += 1
    me[to] -= 1
    if hit:
        opp[to] = 1
        opp[0] -= 1


def result_key(position: Position, steps: Iterable[Step]) -> bytes:
    """A key identifying the position after ``steps`` (for comparing plays by their result)."""
    me, opp = to_lists(position)
    block = position.ruleset.block
    for step in steps:
        apply_step(me, opp, step.frm, step.to, block)
    return bytes(me) + bytes(opp)


def apply_steps(position: Position, steps: Iterable[Step]) -> Position:
    """Make the steps (unchecked) and return the position, the same side still on roll."""
    me, opp = to_lists(position)
    block = position.ruleset.block
    for step in steps:
        if me[step.frm] <= 0:
            raise IllegalPlay(f"no checker on the {step.frm} point to move")
        apply_step(me, opp, step.frm, step.to, block)
    return from_lists(position, me, opp)
