"""The analysis of recorded long nardy games by the project's own long nardy players.

GNU Backgammon does not play long nardy, so this is the judgement of one of the project's players
(a :class:`NardyJudge`): the same summary as backgammon's (:mod:`bot.ai.report`), made by
:func:`analyse_judged`.  This module's own judge is the hand-weighted player
(:mod:`bot.ai.nardy_player`, :func:`analyse_nardy_game`) at the depth it plays its strong level,
made with ``engine="nardy"`` and ``ply=1``, every figure in the mover's chance of winning the
game (not equity: gammons, the mars, are not valued); the network's is in
:mod:`bot.ai.nardy_net_analysis`, in equity.  For each judge:

* checker play: the legal plays of each roll ranked by the judge (the hand-weighted player:
  :func:`bot.ai.nardy_player.rank_plays` at depth 1, the best by the evaluation searched one
  roll deeper, the others keep the evaluation's value, as GNU Backgammon's move filter does);
  the error is the best play's value less the chosen play's; a move is unforced when there was
  more than one legal play; the plays searched as deep as the best one are kept with it (its
  ``choices``: a puzzle's);
* cube decisions, where a table plays long nardy with the cube: the player doubles from a chance
  of :data:`~bot.ai.nardy_player.DOUBLE_CHANCE` and takes while it keeps
  :data:`~bot.ai.nardy_player.TAKE_CHANCE` (by the judge's chance of winning before the roll:
  the hand-weighted player's :func:`~bot.ai.nardy_player.evaluate`); the error of a cube action
  is how far the chance lay on the wrong side of its threshold, in the judge's unit
  (:attr:`NardyJudge.chance_value`).  A chance to double counts as a decision when the player
  doubled or the chance was within :data:`CLOSE_CUBE` of the threshold; every take and pass
  counts;
* luck: the value after the best play with the dice rolled less the average over the 21 rolls
  (doubles once, the others twice, of 36), both by the evaluation itself (depth 0), as GNU
  Backgammon measures luck at 0-ply.

Importing it loads neither GNU Backgammon's engine (``gnubg``) nor anything of it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from bot.ai import nardy_player
from bot.ai.nardy_player import DOUBLE_CHANCE, TAKE_CHANCE
from bot.ai.report import Analysis, Decision, Engine, double_decision, take_decision
from engine.cube import Options
from engine.game import Action, ActionKind, Phase
from engine.match import GameRecord
from engine.movegen import Play
from engine.position import Position
from engine.replay import entry_states, record_start, recorded_steps
from engine.steps import apply_steps

__all__ = [
    "CLOSE_CUBE",
    "DEPTH",
    "NardyJudge",
    "RankedPlay",
    "analyse_judged",
    "analyse_nardy_game",
    "luck_of_roll",
]

DEPTH = 1
"""The depth of the analysis (:func:`bot.ai.nardy_player.rank_plays`)."""

CLOSE_CUBE = 0.16
"""A chance to double this close below the doubling threshold, or above it, is a decision."""


class RankedPlay(Protocol):
    """A legal play as a judge ranks it: its value for the mover at the depth it reached."""

    @property
    def play(self) -> Play: ...

    @property
    def value(self) -> float: ...

    @property
    def depth(self) -> int: ...


@dataclass(frozen=True, slots=True)
class NardyJudge:
    """Who analyses long nardy, and how (:func:`analyse_judged`).

    ``rank`` ranks the legal plays of a position and roll, best first (empty: none);
    ``win`` is the chance that the side on roll wins, before his roll, the cube decisions'
    measure (doubling from ``double_chance``, taking while ``take_chance`` is kept); ``luck``
    the value a roll brings the side on roll over the average roll; ``chance_value`` what a
    share of winning chances counts as in the judge's unit (1 where the unit is winning chance);
    ``engine`` and ``ply`` label the analysis (:class:`~bot.ai.report.Analysis`).
    """

    engine: Engine
    ply: int
    rank: Callable[[Position, tuple[int, int]], Sequence[RankedPlay]]
    win: Callable[[Position], float]
    luck: Callable[[Position, tuple[int, int]], float]
    double_chance: float
    take_chance: float
    chance_value: float = 1.0


def luck_of_roll(position: Position, dice: tuple[int, int]) -> float:
    """The chance of winning the roll ``dice`` brings the side on roll in ``position`` over the
    average roll, by the evaluation (depth 0)."""
    value = {roll: _best_after(position, roll) for roll, _weight in nardy_player.ROLLS}
    mean = sum(value[roll] * weight for roll, weight in nardy_player.ROLLS) / 36
    return value[(min(dice), max(dice))] - mean


def _best_after(position: Position, dice: tuple[int, int]) -> float:
    ranked = nardy_player.rank_plays(position, dice, depth=0)
    if not ranked:  # nothing to play: the opponent is on roll in the same position
        return 1.0 - nardy_player.evaluate(position.swapped())
    return ranked[0].value


def _rank_classic(position: Position, dice: tuple[int, int]) -> Sequence[RankedPlay]:
    return nardy_player.rank_plays(position, dice, depth=DEPTH)


CLASSIC = NardyJudge(
    "nardy",
    DEPTH,
    _rank_classic,
    nardy_player.evaluate,
    luck_of_roll,
    DOUBLE_CHANCE,
    TAKE_CHANCE,
)
"""The hand-weighted player's judgement (``AI_NARDY_ENGINE=classic``)."""


def analyse_nardy_game(
    variant: str,
    length: int,
    options: Options,
    record: GameRecord,
    number: int = 1,
    *,
    luck: bool = True,
) -> Analysis:
    """The decisions and the luck of one recorded long nardy game, as game ``number``, by the
    hand-weighted player."""
    return analyse_judged(CLASSIC, variant, length, options, record, number, luck=luck)


def analyse_judged(
    judge: NardyJudge,
    variant: str,
    length: int,
    options: Options,
    record: GameRecord,
    number: int = 1,
    *,
    luck: bool = True,
) -> Analysis:
    """The decisions and the luck of one recorded long nardy game, as game ``number``, by
    ``judge`` (see the module's account)."""
    decisions: list[Decision] = []
    lucks: list[tuple[int, float]] = []
    turn = 0
    start = record_start(variant, length, options, record)
    for game, entries in entry_states(start, record.log):
        entry = entries[0]
        p = entry.player
        if p is None or entry.action == "opening":
            continue
        if game.phase is Phase.ROLL and entry.action in ("roll", "double"):
            turn += 1
            if game.may(Action(ActionKind.DOUBLE, p)):
                win = judge.win(game.position)
                doubled = entry.action == "double"
                gap = judge.double_chance - win if doubled else win - judge.double_chance
                right = "double" if win >= judge.double_chance else "no double"
                decisions.append(
                    double_decision(
                        number,
                        turn,
                        p,
                        game.position,
                        game.cube.value,
                        "double" if doubled else "no double",
                        right,
                        judge.chance_value * gap,
                        doubled or win >= judge.double_chance - CLOSE_CUBE,
                    )
                )
            if entry.action == "roll" and luck:
                dice = (int(entry.value[0]), int(entry.value[1]))
                lucks.append((p, judge.luck(game.position, dice)))
            continue
        if game.phase is Phase.DOUBLED and entry.action in ("take", "pass"):
            mine = 1.0 - judge.win(game.position)  # the doubler is on roll
            took = entry.action == "take"
            gap = judge.take_chance - mine if took else mine - judge.take_chance
            right = "take" if mine >= judge.take_chance else "pass"
            decisions.append(
                take_decision(
                    number,
                    turn,
                    p,
                    game.position,
                    game.cube.value,
                    entry.action,
                    right,
                    judge.chance_value * gap,
                )
            )
            continue
        if game.phase is Phase.MOVE and entry.action == "move" and game.dice is not None:
            position, dice = game.position, game.dice
            ranked = judge.rank(position, dice)
            if not ranked:
                continue
            made = apply_steps(position, recorded_steps(entry))
            chosen = next(r for r in ranked if apply_steps(position, r.play.steps) == made)
            best = ranked[0]
            weighed = [r for r in ranked if r.depth == best.depth and r is not chosen]
            choices = sorted(
                ((r.play.notation(), r.value) for r in [*weighed, chosen]), key=lambda c: -c[1]
            )
            decisions.append(
                Decision(
                    number,
                    turn,
                    p,
                    "move",
                    position,
                    game.cube.value,
                    dice,
                    chosen.play.notation(),
                    best.play.notation(),
                    max(0.0, best.value - chosen.value),
                    len(ranked) > 1,
                    tuple(choices),
                )
            )
    return Analysis(judge.ply, tuple(decisions), tuple(lucks), 1, judge.engine, luck_measured=luck)
