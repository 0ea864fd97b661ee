"""Rule sets: the data and hooks that distinguish the games played on the same move generator.

A :class:`Ruleset` is a small value object.  The move generator in :mod:`engine.movegen` reads its
fields; the variants differ only here (how the opponent's points map onto ours, whether a single
opposing checker may be hit, whether there is a bar, and optional hooks for rules such as the long
nardy head and six-prime rules).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

#: ``StepHook(me, opp, frm, to, path) -> bool`` -- may the mover make this single step now?
#: ``me``/``opp`` are the generator's internal lists (see :mod:`engine.movegen`), ``path`` the steps
#: already made this turn as ``(frm, to, hit)`` tuples.
StepHook = Callable[[Sequence[int], Sequence[int], int, int, Sequence[tuple[int, int, bool]]], bool]

#: ``RollRules(me, opp, d1, d2) -> (step_allowed, steps_commute)`` -- the step hook and whether
#: the steps commute for one roll in one position, where a variant can tell that some of its rules
#: cannot come into play (see ``Ruleset.roll_rules``).
RollRules = Callable[[Sequence[int], Sequence[int], int, int], tuple[StepHook | None, bool]]

#: ``StepRefusal(me, opp, frm, to, path) -> (code, message, params) | None`` -- why ``step_allowed``
#: refuses the step, for the player: a stable code, an English sentence and its parameters.
StepRefusal = Callable[
    [Sequence[int], Sequence[int], int, int, Sequence[tuple[int, int, bool]]],
    tuple[str, str, dict[str, int | str]] | None,
]


def _backgammon_map(point: int) -> int:
    return 25 - point


@dataclass(frozen=True, slots=True)
class Ruleset:
    """What a variant's move generation needs to know.

    ``opponent_point`` maps one of the opponent's points (his own numbering, 1-24) to the mover's
    numbering; it must be an involution.  ``block`` is how many opposing checkers close a point
    (2 in backgammon: one is a blot that can be hit; 1 in long nardy: no hitting).

    ``steps_commute`` says that ``step_allowed`` never depends on the order in which a roll's steps
    are made, so the generator may try a double's steps in one order only.  A variant whose hook
    judges the position after every single step (long nardy forbids a six-point prime even in
    passing) sets it False and every order is tried; such a hook may depend on the path only
    through the position it has reached.  ``step_refusal`` explains a refusal of ``step_allowed``
    in words (for parsers' error messages).

    ``roll_rules``, when given, is asked once per roll by the move generator for the hook and the
    commuting to use instead of ``step_allowed`` and ``steps_commute``: a cheaper hook (or none)
    that allows exactly the steps ``step_allowed`` allows in every position the roll can reach,
    and ``True`` only where the steps then commute.  It changes no result, only the work.
    """

    name: str
    opponent_point: Callable[[int], int] = _backgammon_map
    block: int = 2
    has_bar: bool = True
    step_allowed: StepHook | None = None
    steps_commute: bool = True
    step_refusal: StepRefusal | None = None
    roll_rules: RollRules | None = None
    point_map: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        table = (0, *(self.opponent_point(p) for p in range(1, 25)))
        object.__setattr__(self, "point_map", table)

    @property
    def hits(self) -> bool:
        """Whether landing on a single opposing checker hits it."""
        return self.block > 1


BACKGAMMON = Ruleset("backgammon")
