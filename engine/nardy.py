"""Long nardy (длинные нарды): the second game, played on the backgammon move generator.

RULES.md section 5.  Each side starts with all 15 checkers on its **head**, its own point 24; the
heads are in diagonally opposite corners and both sides move the same way round, each 24 -> 1 in
its own numbering, so the opponent's point ``q`` is the mover's point ``((q + 11) % 24) + 1``
(the opponent's head is the mover's 12 point, the opponent's home the mover's 13-18).

The differences from backgammon are data and one step hook in a :class:`~engine.rules.Ruleset`:

* no hitting and no bar: a single opposing checker closes a point (``block=1``, ``has_bar=False``);
* the **head rule**: one checker leaves the head per turn, two on a player's first turn with 6-6,
  4-4 or 3-3 when the opponent's head is what stops the first checker;
* the **six-prime rule**: no step may leave six consecutive points (along the opponent's way round)
  occupied by the mover unless an opposing checker stands ahead of them -- or, with the
  ``prime_rule`` option, unless an opposing checker has entered its home.

Maximum usage of the dice and bearing off from points 1-6 are the generator's own.  Because the
hook refuses a forbidden step, a play that would break a rule never counts towards "the most dice
that can be played".  A play is legal when its steps can be made in *some* order that never
shows a forbidden prime (the sources forbid one "even in passing"), so the ruleset says
``steps_commute=False`` and the generator tries every order of a double's steps.

Results (:func:`long_nardy_result`, :func:`long_nardy_recorded_kind`, :func:`long_nardy_points`):
oin 1 point, mars 2, koks 3 with the ``koks`` option (without it a koks is recorded as a mars).
Long nardy registers itself in :data:`engine.game.VARIANTS` as ``"long_nardy"`` and, with the
``prime_rule`` option, ``"long_nardy_home_prime"``; the game state machine does the rest (the last
roll of ``last_roll_draw``, who starts the next game, matches).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import ClassVar

from engine.cube import CubeState, Options, points
from engine.errors import EngineError
from engine.position import CHECKERS, Position
from engine.result import Outcome, WinKind
from engine.rules import RollRules, Ruleset, StepHook, StepRefusal
from engine.variant import Variant, register_variant

HEAD = 24
"""A side's head: its own point 24, where all its checkers start."""

OPPONENT_HEAD = 12
"""The opponent's head in the mover's numbering."""

HEAD_EXCEPTION_DICE = frozenset({3, 4, 6})
"""The doubles that may take a second checker off the head on a player's first turn."""

PRIME_LENGTH = 6
"""Consecutive closed points that lock the checkers behind them."""

_INITIAL = (0,) * 23 + (CHECKERS, 0)


def opponent_point(point: int) -> int:
    """The same board point in the other side's numbering (an involution on 1-24).

    >>> opponent_point(24), opponent_point(12), opponent_point(1), opponent_point(13)
    (12, 24, 13, 1)
    """
    return ((point + 11) % 24) + 1


# -- the rule hook ------------------------------------------------------------------------------


def head_exception_applies(opp: Sequence[int], die: int) -> bool:
    """Whether the opponent's head is what stops a lone checker playing a double of ``die``.

    ``opp`` is the generator's opponent list (``opp[p]`` = opposing checkers on the mover's point
    ``p``).  The checker leaving the head with ``die`` visits ``24 - die``, ``24 - 2*die``, ...;
    the exception holds when the first of those points holding an opposing checker is the
    opponent's head.  That happens only for 6-6, 4-4 and 3-3 (12 pips are a multiple of the die);
    after White's 5-5 (24/4, on Black's 16 point) Black's 4-4 stops at 16, not at the head, so
    Black takes one checker off the head.
    """
    if die not in HEAD_EXCEPTION_DICE:
        return False
    return opp[OPPONENT_HEAD] > 0 and not any(
        opp[p] for p in range(HEAD - die, OPPONENT_HEAD, -die)
    )


def _may_leave_head(
    me: Sequence[int], opp: Sequence[int], to: int, path: Sequence[tuple[int, int, bool]]
) -> bool:
    left = [step for step in path if step[0] == HEAD]
    if not left:
        return True
    if len(left) > 1:
        return False
    die = HEAD - to
    # me[HEAD] + 1 == 15: all checkers were on the head when the turn began, which is exactly the
    # player's first turn (a checker never returns to the head, and a first turn always moves one
    # off it: the mover's points 18-23 cannot hold an opposing checker yet).
    return (
        me[HEAD] + 1 == CHECKERS and HEAD - left[0][1] == die and head_exception_applies(opp, die)
    )


_ALONG = (0, *(opponent_point(q) for q in range(1, 25)))
"""``_ALONG[q]``: the mover's point that is the opponent's point ``q``."""


def _prime_allowed(
    me: Sequence[int], opp: Sequence[int], frm: int, to: int, home_variant: bool
) -> bool:
    """May the mover, after ``frm -> to`` lands on his empty point ``to``, hold what he holds?

    Only points containing ``to`` can become a new prime, so only the run of occupied points
    through ``to`` is measured, in the opponent's numbering (the opponent's way round): ``low``
    and ``high`` end on the first points either side of it that the mover does not hold.
    """
    along = _ALONG
    start = along[to]
    low = start - 1
    while low:
        n = me[along[low]]
        if not n or (n == 1 and along[low] == frm):
            break
        low -= 1
    high = start + 1
    while high < 25:
        n = me[along[high]]
        if not n or (n == 1 and along[high] == frm):
            break
        high += 1
    if high - low - 1 < PRIME_LENGTH:
        return True
    if CHECKERS - sum(opp[1:25]) - opp[0] > 0:
        return True  # an opposing checker has been borne off: it is past every block
    last = 6 if home_variant else low
    return any(opp[along[q]] for q in range(1, last + 1))


def _step_hook(home_variant: bool) -> StepHook:
    def step_allowed(
        me: Sequence[int],
        opp: Sequence[int],
        frm: int,
        to: int,
        path: Sequence[tuple[int, int, bool]],
    ) -> bool:
        """The long nardy head and six-prime rules for one step (see :mod:`engine.nardy`)."""
        if frm == HEAD and not _may_leave_head(me, opp, to, path):
            return False
        if to == 0 or me[to] > 0:
            return True
        return _prime_allowed(me, opp, frm, to, home_variant)

    return step_allowed


def _head_hook(
    me: Sequence[int], opp: Sequence[int], frm: int, to: int, path: Sequence[tuple[int, int, bool]]
) -> bool:
    """The head rule alone (for a roll in which no prime can be made)."""
    return frm != HEAD or _may_leave_head(me, opp, to, path)


def _prime_possible(me: Sequence[int], opp: Sequence[int], d1: int, d2: int, home: bool) -> bool:
    """Whether some step of the roll ``d1``-``d2`` could be refused by the six-prime rule.

    Every point the mover may hold during the roll is one he holds or one a checker of his can
    land on (its point less one die, the other, both, or up to four of a double, each landing
    open); a refusal needs six of those in a row with no opposing checker borne off or ahead of
    them (or, under the ``prime_rule`` option, none in the opponent's home)."""
    if CHECKERS - sum(opp[1:25]) - opp[0] > 0:
        return False
    reach = [False] * 25
    for p in range(1, 25):
        if not me[p]:
            continue
        reach[p] = True
        if d1 == d2:
            for t in range(p - d1, max(0, p - 4 * d1 - 1), -d1):
                if opp[t]:
                    break
                reach[t] = True
            continue
        first = False
        for t in (p - d1, p - d2):
            if t >= 1 and not opp[t]:
                reach[t] = first = True
        t = p - d1 - d2
        if first and t >= 1 and not opp[t]:
            reach[t] = True
    along = _ALONG
    run = 0
    for q in range(1, 25):
        if not reach[along[q]]:
            run = 0
            continue
        run += 1
        if run == PRIME_LENGTH:
            low = q - PRIME_LENGTH + 1
            last = 6 if home else low - 1
            if not any(opp[along[k]] for k in range(1, last + 1)):
                return True
    return False


def _roll_rules(home_variant: bool) -> RollRules:
    hook = _step_hook(home_variant)

    def rules(
        me: Sequence[int], opp: Sequence[int], d1: int, d2: int
    ) -> tuple[StepHook | None, bool]:
        """The full hook where the six-prime rule may refuse a step of this roll; else the head
        rule alone (none with the head empty), and the steps commute."""
        if _prime_possible(me, opp, d1, d2, home_variant):
            return hook, False
        return (_head_hook if me[HEAD] else None), True

    return rules


def _step_refusal(home_variant: bool) -> StepRefusal:
    def why(
        me: Sequence[int],
        opp: Sequence[int],
        frm: int,
        to: int,
        path: Sequence[tuple[int, int, bool]],
    ) -> tuple[str, str, dict[str, int | str]] | None:
        """Why the step hook refuses ``frm -> to``: the head rule or the six-prime rule."""
        move = f"{frm}/{to if to else 'off'}"
        if frm == HEAD and not _may_leave_head(me, opp, to, path):
            return (
                "head_rule",
                f"only one checker may leave the head per turn: {move} would take another "
                "(two only on the first turn with 6-6, 4-4 or 3-3 when the opponent's head "
                "blocks the first)",
                {"move": move, "point": HEAD},
            )
        if to and not me[to] and not _prime_allowed(me, opp, frm, to, home_variant):
            condition = (
                "until an opposing checker has entered his home"
                if home_variant
                else "unless an opposing checker is ahead of them"
            )
            return (
                "six_prime",
                f"{move} would make six blocked points in a row, which is not allowed {condition}",
                {"move": move, "point": to, "rule": "home" if home_variant else "ahead"},
            )
        return None

    return why


LONG_NARDY = Ruleset(
    "long_nardy",
    opponent_point=opponent_point,
    block=1,
    has_bar=False,
    step_allowed=_step_hook(home_variant=False),
    steps_commute=False,
    step_refusal=_step_refusal(home_variant=False),
    roll_rules=_roll_rules(home_variant=False),
)
"""Long nardy with the standard six-prime rule (an opposing checker must be ahead of a prime)."""

LONG_NARDY_HOME_PRIME = Ruleset(
    "long_nardy_home_prime",
    opponent_point=opponent_point,
    block=1,
    has_bar=False,
    step_allowed=_step_hook(home_variant=True),
    steps_commute=False,
    step_refusal=_step_refusal(home_variant=True),
    roll_rules=_roll_rules(home_variant=True),
)
"""Long nardy with the ``prime_rule`` option: a prime only once an opposing checker is home."""


def long_nardy_rules(*, prime_rule: bool = False) -> Ruleset:
    """The ruleset for the options: ``prime_rule=True`` is the stricter six-prime variant.

    >>> long_nardy_rules().name, long_nardy_rules(prime_rule=True).name
    ('long_nardy', 'long_nardy_home_prime')
    """
    return LONG_NARDY_HOME_PRIME if prime_rule else LONG_NARDY


# -- positions ----------------------------------------------------------------------------------


class LongNardyPosition(Position):
    """A long nardy position, from the view of the player on roll (layout of :class:`Position`).

    >>> p = LongNardyPosition.initial()
    >>> p.player[23], p.opponent[23], p.pips()
    (15, 15, (360, 360))
    >>> is_first_turn(p)
    True
    """

    __slots__ = ()

    ruleset: ClassVar[Ruleset] = LONG_NARDY

    @classmethod
    def initial(cls) -> Position:
        """Both sides with all 15 checkers on their heads."""
        return cls(_INITIAL, _INITIAL)


class LongNardyHomePrimePosition(LongNardyPosition):
    """A long nardy position under the ``prime_rule`` option (primes only once one is home)."""

    __slots__ = ()

    ruleset: ClassVar[Ruleset] = LONG_NARDY_HOME_PRIME


def long_nardy_position_type(*, prime_rule: bool = False) -> type[LongNardyPosition]:
    """The position class that plays with the given six-prime rule."""
    return LongNardyHomePrimePosition if prime_rule else LongNardyPosition


def is_first_turn(position: Position) -> bool:
    """Whether the player on roll is about to make his first move of the game.

    Exact for every position reached in play: all 15 checkers are still on his head.
    """
    return position.player[HEAD - 1] == CHECKERS


# -- results and the game registry ---------------------------------------------------------------


def long_nardy_kind(loser: Sequence[int]) -> WinKind:
    """How a game is won against ``loser`` (his 25 counts from his own view).

    Oin (:attr:`WinKind.SINGLE`, 1 point): the loser has borne off a checker.  Mars
    (:attr:`WinKind.GAMMON`, 2): he has borne off none.  Koks (:attr:`WinKind.BACKGAMMON`): he has
    borne off none and a checker of his has not yet left the winner's home -- it stands in the
    winner's home (the loser's points 13-18) or further back (his points 19-24), as a checker on
    the bar does in backgammon.  Koks counts (3 points) only with the ``koks`` option (the table
    option ``backgammon_counts=3``); without it such a win is recorded and scored as a mars (see
    :func:`long_nardy_recorded_kind`).

    >>> long_nardy_kind((0,) * 5 + (14,) + (0,) * 19)
    <WinKind.SINGLE: 1>
    >>> long_nardy_kind((0,) * 5 + (15,) + (0,) * 19)
    <WinKind.GAMMON: 2>
    >>> long_nardy_kind((0,) * 5 + (14,) + (0,) * 11 + (1,) + (0,) * 7)
    <WinKind.BACKGAMMON: 3>
    """
    if sum(loser) < CHECKERS:
        return WinKind.SINGLE
    if any(loser[12:24]):
        return WinKind.BACKGAMMON
    return WinKind.GAMMON


def long_nardy_result(position: Position) -> Outcome | None:
    """The outcome once a side has borne off all 15 checkers, else ``None`` (kinds as
    :func:`long_nardy_kind`).  The last roll of ``last_roll_draw`` is the game's business: this
    only reads the board.

    >>> long_nardy_result(LongNardyPosition.initial()) is None
    True
    """
    mine, theirs = position.off()
    if mine == CHECKERS and theirs == CHECKERS:
        raise EngineError("both sides have borne off all their checkers")
    if mine == CHECKERS:
        return Outcome(True, long_nardy_kind(position.opponent))
    if theirs == CHECKERS:
        return Outcome(False, long_nardy_kind(position.player))
    return None


def koks_counts(options: Options) -> bool:
    """Whether the table plays with the ``koks`` option (``backgammon_counts=3``)."""
    return options.backgammon_counts == 3


def long_nardy_recorded_kind(kind: WinKind, options: Options) -> WinKind:
    """What a long nardy game won ``kind`` is recorded as: a koks is a mars unless the table
    plays with the ``koks`` option, so the recorded kind always agrees with the points.

    >>> long_nardy_recorded_kind(WinKind.BACKGAMMON, LONG_NARDY_OPTIONS)
    <WinKind.GAMMON: 2>
    >>> koks = replace(LONG_NARDY_OPTIONS, backgammon_counts=3)
    >>> long_nardy_recorded_kind(WinKind.BACKGAMMON, koks)
    <WinKind.BACKGAMMON: 3>
    """
    if kind == WinKind.BACKGAMMON and not koks_counts(options):
        return WinKind.GAMMON
    return kind


def long_nardy_points(kind: WinKind, cube: CubeState, options: Options, money: bool) -> int:
    """Points for a long nardy game won ``kind``: oin 1, mars 2, koks 3 with the ``koks`` option
    (``options.backgammon_counts == 3``) and 2 without.

    Long nardy is played without a cube by default (``options.cube`` False); a table that turns
    the cube on gets the backgammon cube rules of :func:`engine.cube.points` on top.

    >>> long_nardy_points(WinKind.BACKGAMMON, CubeState(), LONG_NARDY_OPTIONS, False)
    2
    """
    if options.cube:
        return points(kind, cube, options, money=money)
    if kind == WinKind.BACKGAMMON:
        return 3 if koks_counts(options) else 2
    return int(kind)


LONG_NARDY_OPTIONS = Options(
    cube=False, jacoby=False, backgammon_counts=2, next_game_starts="winner"
)
"""The default table options of long nardy (RULES.md 5): no cube, koks off, no last-roll draw, the
winner starts the next game.  ``backgammon_counts=3`` is the ``koks`` option."""

LONG_NARDY_VARIANT = register_variant(
    Variant(
        "long_nardy",
        position_cls=LongNardyPosition,
        result=long_nardy_result,
        scoring=long_nardy_points,
        default_options=LONG_NARDY_OPTIONS,
        allows_draw=True,
        opening_plays_both=False,
        recorded_kind=long_nardy_recorded_kind,
    )
)
"""Long nardy in the game registry.  The lot only decides who moves first; he then rolls both
dice (the sources' 1.3)."""

LONG_NARDY_HOME_PRIME_VARIANT = register_variant(
    replace(
        LONG_NARDY_VARIANT, name="long_nardy_home_prime", position_cls=LongNardyHomePrimePosition
    )
)
"""Long nardy with the ``prime_rule`` option (primes only once an opposing checker is home)."""
