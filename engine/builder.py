"""Building one turn's play step by step (chat buttons): the steps still allowed, add, undo.

A :class:`PlayBuilder` holds the position before the play, the dice and the single steps made so
far.  :meth:`PlayBuilder.next_steps` lists exactly the single steps after which at least one legal
complete play is still reachable, so the maximum-usage and higher-die rules hold throughout: a step
that would leave a die unplayable when another order plays both is never offered.

A partial play is *complete* when it is one of the legal plays (compared by resulting position).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import NamedTuple

from engine.errors import IllegalPlay
from engine.movegen import legal_plays, single_steps
from engine.position import Position
from engine.steps import (
    Play,
    Step,
    apply_step,
    apply_steps,
    result_key,
    to_lists,
    undo_step,
)


def _illegal(message: str, code: str) -> IllegalPlay:
    return IllegalPlay(message, code=code)


class _Turn(NamedTuple):
    """What every partial play of one turn shares: the legal plays and their results."""

    plays: tuple[Play, ...]
    targets: frozenset[bytes]
    length: int
    memo: dict[tuple[object, ...], bool]  # (lists, dice left[, path]) -> a legal play reachable


@lru_cache(maxsize=256)
def _analyse(position: Position, dice: tuple[int, int]) -> _Turn:
    # Positions of different variants never compare equal, so they never share an entry.
    plays = tuple(legal_plays(position, dice))
    targets = frozenset(result_key(position, p.steps) for p in plays)
    return _Turn(plays, targets, len(plays[0].steps) if plays else 0, {})


@dataclass(frozen=True)
class PlayBuilder:
    """A play being built: ``steps`` made so far, each with the die it ``used``.

    >>> b = PlayBuilder(Position.initial(), (3, 1))
    >>> sorted(s.notation() for s in b.next_steps())[:3]
    ['13/10', '24/21', '24/23']
    >>> b = b.add(Step(8, 5)).add(Step(6, 5))
    >>> b.is_complete, b.play().notation()
    (True, '8/5 6/5')
    """

    position: Position
    dice: tuple[int, int]
    steps: tuple[Step, ...] = ()
    used: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if len(self.steps) != len(self.used):
            raise ValueError("steps and used dice must have the same length")

    # -- the legal plays ------------------------------------------------------------------------

    @cached_property
    def _turn(self) -> _Turn:
        return _analyse(self.position, self.dice)

    @property
    def legal_plays(self) -> tuple[Play, ...]:
        """Every legal complete play (one per resulting position)."""
        return self._turn.plays

    @property
    def _targets(self) -> frozenset[bytes]:
        return self._turn.targets

    @property
    def _length(self) -> int:
        return self._turn.length

    @property
    def _memo(self) -> dict[tuple[object, ...], bool]:
        return self._turn.memo

    @property
    def all_dice(self) -> tuple[int, ...]:
        """The dice of the turn as single moves: four of a double."""
        d1, d2 = self.dice
        return (d1,) * 4 if d1 == d2 else (d1, d2)

    @property
    def dice_left(self) -> tuple[int, ...]:
        """The dice not used yet (highest first)."""
        left = list(self.all_dice)
        for die in self.used:
            left.remove(die)
        return tuple(sorted(left, reverse=True))

    @property
    def no_play(self) -> bool:
        """True when nothing at all can be played: the empty play is the complete play."""
        return not self.legal_plays

    @property
    def is_forced(self) -> bool:
        """True when exactly one legal play exists (the bot may make it and say so)."""
        return len(self.legal_plays) == 1

    @property
    def forced_play(self) -> Play | None:
        """The only legal play, or ``None``."""
        return self.legal_plays[0] if self.is_forced else None

    @property
    def current(self) -> Position:
        """The position with the steps made so far (the same side still on roll)."""
        return apply_steps(self.position, self.steps)

    @property
    def is_complete(self) -> bool:
        """True when the steps made form a legal complete play."""
        if self.no_play:
            return not self.steps
        return (
            len(self.steps) == self._length
            and result_key(self.position, self.steps) in self._targets
        )

    # -- steps ----------------------------------------------------------------------------------

    def _candidates(self) -> list[tuple[Step, int]]:
        """``(step, die)`` pairs after which a legal complete play is still reachable."""
        if self.is_complete or len(self.steps) >= self._length:
            return []
        me, opp = to_lists(self.position)
        block = self.position.ruleset.block
        path = [(s.frm, s.to, s.hit) for s in self.steps]
        for s in self.steps:
            apply_step(me, opp, s.frm, s.to, block)
        out: list[tuple[Step, int]] = []
        seen: set[tuple[int, int]] = set()
        for die in sorted(set(self.dice_left)):
            for frm, to in self._singles(me, opp, die, path):
                hit = apply_step(me, opp, frm, to, block)
                path.append((frm, to, hit))
                left = list(self.dice_left)
                left.remove(die)
                if (frm, to) not in seen and self._reachable(me, opp, tuple(left), path):
                    seen.add((frm, to))
                    out.append((Step(frm, to, hit), die))
                path.pop()
                undo_step(me, opp, frm, to, hit)
        return out

    def _singles(
        self, me: list[int], opp: list[int], die: int, path: list[tuple[int, int, bool]]
    ) -> list[tuple[int, int]]:
        rules = self.position.ruleset
        steps = single_steps(me, opp, die, rules.block)
        hook = rules.step_allowed
        if hook is None:
            return steps
        return [s for s in steps if hook(me, opp, s[0], s[1], path)]

    def _reachable(
        self,
        me: list[int],
        opp: list[int],
        left: tuple[int, ...],
        path: list[tuple[int, int, bool]],
    ) -> bool:
        """Whether the dice ``left`` can finish a legal play from the lists (restored on return)."""
        if len(path) == self._length:
            return bytes(me) + bytes(opp) in self._targets
        hook = self.position.ruleset.step_allowed
        key: tuple[object, ...] = (bytes(me), bytes(opp), left)
        if hook is not None:
            key += (tuple(path),)
        known = self._memo.get(key)
        if known is not None:
            return known
        block = self.position.ruleset.block
        found = False
        for die in set(left):
            rest = list(left)
            rest.remove(die)
            for frm, to in self._singles(me, opp, die, path):
                hit = apply_step(me, opp, frm, to, block)
                path.append((frm, to, hit))
                found = self._reachable(me, opp, tuple(rest), path)
                path.pop()
                undo_step(me, opp, frm, to, hit)
                if found:
                    break
            if found:
                break
        self._memo[key] = found
        return found

    def next_steps(self) -> tuple[Step, ...]:
        """The single steps that still lead to at least one legal complete play."""
        return tuple(step for step, _ in self._candidates())

    def add(self, step: Step | tuple[int, int]) -> PlayBuilder:
        """The builder with one more step; raises :class:`IllegalPlay` if it leads nowhere legal.

        The hit flag is worked out here; a bear-off that two dice allow uses the smaller one.
        """
        frm, to = step[0], step[1]
        for candidate, die in self._candidates():
            if (candidate.frm, candidate.to) == (frm, to):
                return PlayBuilder(
                    self.position, self.dice, (*self.steps, candidate), (*self.used, die)
                )
        shown = Step(frm, to).notation()
        raise _illegal(
            f"{shown} is not a legal step now with {self.dice[0]}-{self.dice[1]}", "step_not_legal"
        )

    def undo(self) -> PlayBuilder:
        """The builder without its last step; raises :class:`IllegalPlay` when there is none."""
        if not self.steps:
            raise _illegal("there is no step to undo", "nothing_to_undo")
        return PlayBuilder(self.position, self.dice, self.steps[:-1], self.used[:-1])

    def reset(self) -> PlayBuilder:
        """The builder with no steps made."""
        return PlayBuilder(self.position, self.dice)

    def play(self) -> Play:
        """The complete play; raises :class:`IllegalPlay` when the steps do not form one yet."""
        if not self.is_complete:
            raise _illegal("the play is not complete yet", "play_incomplete")
        return Play(self.steps)

    def find(self, play: Play) -> Play | None:
        """``play`` made step by step as a legal complete play, or ``None`` when it is not one."""
        builder = self.reset()
        try:
            for step in play.steps:
                builder = builder.add(step)
        except IllegalPlay:
            return None
        return Play(builder.steps) if builder.is_complete else None
