"""The analysis of recorded long nardy games on the project's long nardy network.

GNU Backgammon does not play long nardy, so this is the judgement of the network's player
(:mod:`bot.ai.nardy_net_player`) with its expert's search: the same summary as backgammon's
(:mod:`bot.ai.report`), made by :func:`bot.ai.nardy_analysis.analyse_judged` with
``engine="nardy-net"`` and ``ply`` the depth of the search
(:data:`~bot.ai.report.NARDY_NET_PLY`, two rolls deep), every figure in equity: the points the
mover expects from the game without a cube, a mars 2, a koks 2 or, with the table's ``koks``
option, 3 (:func:`bot.ai.nardy_net.equity`):

* checker play: the legal plays of each roll ranked by :func:`bot.ai.nardy_net_player.rank_plays`
  at ``depth`` with the expert's width (the best 5 plays searched one roll deeper, the best 2 of
  those two rolls deeper; the others keep the value of the depth they reached, as GNU
  Backgammon's move filter does); the error is the best play's equity less the chosen play's;
  a move is unforced when there was more than one legal play; the plays searched as deep as the
  best one are kept with it (its ``choices``: a puzzle's);
* cube decisions, where a table plays long nardy with the cube: as the computer decides them
  (:func:`bot.ai.computer.decide`), by the network's chance of winning before the roll
  (:func:`bot.ai.nardy_net_player.position_chances`): the player doubles from a chance of
  :data:`~bot.ai.computer.NARDY_DOUBLE` and takes while it keeps
  :data:`~bot.ai.computer.NARDY_TAKE` (the hand-weighted player's thresholds,
  :data:`~bot.ai.nardy_player.DOUBLE_CHANCE` and :data:`~bot.ai.nardy_player.TAKE_CHANCE`).
  The error of a cube action is how far the chance lay on the wrong side of its threshold, in
  equity: twice the chance (:data:`CHANCE_EQUITY`: a share of winning chances moves a cubeless
  game's equity by twice as much), so that it adds up with the checker play's.  A chance to
  double counts as a decision when the player doubled or the chance was within
  :data:`~bot.ai.nardy_analysis.CLOSE_CUBE` of the threshold; every take and pass counts;
* luck: the equity after the best play with the dice rolled less the average over the 21 rolls
  (doubles once, the others twice, of 36), both by the network itself (depth 0), as GNU
  Backgammon measures luck at 0-ply.

Importing it loads neither GNU Backgammon's engine (``gnubg``) nor anything of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import numpy as np

from bot.ai import nardy_net_player
from bot.ai.nardy_analysis import NardyJudge, RankedPlay, analyse_judged
from bot.ai.nardy_net import equity
from bot.ai.nardy_net_player import position_chances
from bot.ai.nardy_player import DOUBLE_CHANCE, TAKE_CHANCE
from bot.ai.report import NARDY_NET_PLY, Analysis
from engine.cube import Options
from engine.match import GameRecord
from engine.nardy import koks_counts
from engine.position import Position

__all__ = ["CHANCE_EQUITY", "analyse_nardy_net_game", "net_judge", "net_luck_of_roll"]

CHANCE_EQUITY = 2.0
"""The equity a share of winning chances is worth in a cubeless game (win 1 point, lose 1):
what a cube decision's distance from its threshold is counted as."""


def net_luck_of_roll(position: Position, dice: tuple[int, int], koks: bool = False) -> float:
    """The equity the roll ``dice`` brings the side on roll in ``position`` over the average
    roll, by the network (depth 0; a koks 3 points with ``koks``)."""
    value = {roll: _best_after(position, roll, koks) for roll, _weight in nardy_net_player.ROLLS}
    mean = sum(value[roll] * weight for roll, weight in nardy_net_player.ROLLS) / 36
    return value[(min(dice), max(dice))] - mean


def _best_after(position: Position, dice: tuple[int, int], koks: bool) -> float:
    ranked = nardy_net_player.rank_plays(position, dice, 0, koks=koks)
    if not ranked:  # nothing to play: the opponent is on roll in the same position
        return -float(equity(np.array([position_chances(position.swapped())]), koks)[0])
    return ranked[0].value


def _rank(
    depth: int, koks: bool, position: Position, dice: tuple[int, int]
) -> Sequence[RankedPlay]:
    width = nardy_net_player.LEVELS["expert"].width
    return nardy_net_player.rank_plays(position, dice, depth, koks=koks, width=width)


def _win(position: Position) -> float:
    return position_chances(position)[0]


def net_judge(depth: int = NARDY_NET_PLY, koks: bool = False) -> NardyJudge:
    """The network's judgement, its checker play searched ``depth`` rolls deep (0 to 2) with
    the expert's width, a koks 3 points with ``koks`` (the table's option)."""
    luck = partial(net_luck_of_roll, koks=koks)
    return NardyJudge(
        "nardy-net",
        depth,
        partial(_rank, depth, koks),
        _win,
        luck,
        DOUBLE_CHANCE,
        TAKE_CHANCE,
        CHANCE_EQUITY,
    )


def analyse_nardy_net_game(
    variant: str,
    length: int,
    options: Options,
    record: GameRecord,
    number: int = 1,
    *,
    depth: int = NARDY_NET_PLY,
    luck: bool = True,
) -> Analysis:
    """The decisions and the luck of one recorded long nardy game, as game ``number``, by the
    network, its checker play searched ``depth`` rolls deep (0 to 2)."""
    judge = net_judge(depth, koks_counts(options))
    return analyse_judged(judge, variant, length, options, record, number, luck=luck)
