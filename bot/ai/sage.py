"""Open Sage's figures: the second backgammon engine the evaluation core can ask.

Open Sage (the PyPI package ``bgsage``, Mozilla Public License 2.0: a C++ core with a net for
each pair of game plans, a one-sided bear-off database and the Kazaross-XG2 match equity table,
the same table as GNU Backgammon's) is loaded in-process, as GNU Backgammon's engine is.  This
module gives its plain figures for the engine's positions; :mod:`bot.ai.core` gives them the
meaning every figure of the bot has (the move filter, the cube verdict, EMG and MWC), the same
as GNU Backgammon's.

Depth: Open Sage counts plies as eXtreme Gammon does (1-ply is the net itself); the functions
here take GNU Backgammon's plies, as the rest of the bot does (0 is the net), and add one.

* :func:`evaluate` — the cubeless chances and the cubeful equity of the side on roll before it
  rolls, its own cube action included, at the score (EMG: a match's equity put on a money
  game's scale with the cube, as GNU Backgammon's ``mwc2eq``), from Open Sage's cube-aware
  search (``cubeful_probs_and_equity_nply``: the plays inside the search chosen by their
  cubeful equity at the score, the leaves valued by Janowski's formula);
* :func:`cube_action` — its equities of no double and of double/take (a beaver left to the
  caller, as GNU Backgammon leaves it to its verdict) and the chances: at 0-ply Janowski's
  formula on the net's chances, exactly as Open Sage's own 1-ply cube decision computes it but
  without reading its weights again (its function does, some 40 ms a call), deeper Open Sage's
  own cube decision;
* :func:`cubeless` — the chances alone, for a table without the cube (outside the Crawford
  game, which :func:`evaluate` weighs at the score with the cube dead).

Board: Open Sage's 26 counts from the side on roll's view: its checkers on points 1-24 as
positive counts, the opponent's as negative ones on the same numbering, the opponent's bar at 0
and the side on roll's at 25.  One thread: the bot evaluates in processes of its own, one
evaluation at a time.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

import bgbot_cpp
from bgsage.weights import bearoff_db_path, default_weights

from engine.position import Position

__all__ = ["SageCube", "board", "cube_action", "cubeless", "evaluate"]

Probs = tuple[float, float, float, float, float]
"""Win, win a gammon, win a backgammon, lose a gammon, lose a backgammon (GNU Backgammon's order
and Open Sage's)."""


@dataclass(frozen=True, slots=True)
class SageCube:
    """The cube as the side on roll sees it: ``owner`` ``None`` centred, ``0`` the side on roll,
    ``1`` the opponent; ``away`` the points each side needs, (0, 0) in money play."""

    value: int = 1
    owner: int | None = None
    away: tuple[int, int] = (0, 0)
    crawford: bool = False
    jacoby: bool = False
    beavers: bool = False

    def arguments(self) -> dict[str, Any]:
        """The keyword arguments Open Sage's functions take for this cube."""
        return {
            "cube_value": self.value,
            "away1": self.away[0],
            "away2": self.away[1],
            "is_crawford": self.crawford,
            "jacoby": self.jacoby,
        }


_WEIGHTS = default_weights()
_BEAROFF = bgbot_cpp.BearoffDB()
if not _BEAROFF.load(bearoff_db_path()):
    raise ImportError("Open Sage's bear-off database did not load")
_NET = bgbot_cpp.BearoffStrategy(
    bgbot_cpp.create_strategy(
        _WEIGHTS.strategy_type, _WEIGHTS.weight_paths_list, _WEIGHTS.hidden_sizes_list
    ),
    _BEAROFF,
)
_OWNERS = {
    None: bgbot_cpp.CubeOwner.CENTERED,
    0: bgbot_cpp.CubeOwner.PLAYER,
    1: bgbot_cpp.CubeOwner.OPPONENT,
}


def board(position: Position) -> list[int]:
    """Open Sage's board of ``position`` (the side on roll's view)."""
    counts = [0] * 26
    counts[0] = position.opponent[24]
    counts[25] = position.player[24]
    for i in range(24):
        counts[i + 1] += position.player[i]
        counts[24 - i] -= position.opponent[i]
    return counts


def _flipped(probs: Any) -> Probs:
    """The other side's chances."""
    return (1.0 - probs[0], probs[3], probs[4], probs[1], probs[2])


def _probs(values: Any) -> Probs:
    return (
        float(values[0]),
        float(values[1]),
        float(values[2]),
        float(values[3]),
        float(values[4]),
    )


def _net(counts: list[int]) -> Probs:
    """The net's chances of the side on roll before it rolls (the opponent's after its play,
    turned round), the bear-off database's where it knows the position."""
    theirs = bgbot_cpp.flip_board(counts)
    return _flipped(_NET.evaluate_board(theirs, theirs)["probs"])


def evaluate(
    position: Position, cube: SageCube, ply: int, root: Position | None = None
) -> tuple[Probs, float]:
    """The cubeless chances and the cubeful equity (EMG) of the side on roll in ``position``
    before it rolls, free to double where the cube lets it, at ``ply``; ``root`` is the
    position the decision is taken in, where that is another (the position before the play
    weighed), which Open Sage reads to choose its nets as its own checker play does."""
    counts = board(position)
    found = bgbot_cpp.cubeful_probs_and_equity_nply(
        counts,
        _OWNERS[cube.owner],
        _NET,
        ply + 1,
        n_threads=1,
        beaver=cube.beavers,
        bearoff_db=_BEAROFF,
        root_board=board(root) if root is not None else counts,
        **cube.arguments(),
    )
    return _probs(found["probs"]), float(found["equity"])


@functools.lru_cache(maxsize=4)
def _search(ply: int) -> Any:
    """Open Sage's cubeless search ``ply`` deep (made once, on first use)."""
    search = bgbot_cpp.create_multipy(
        _WEIGHTS.strategy_type,
        _WEIGHTS.weight_paths_list,
        _WEIGHTS.hidden_sizes_list,
        n_plies=ply + 1,
        parallel_evaluate=False,
        parallel_threads=1,
    )
    bgbot_cpp.multipy_set_bearoff_db(search, _BEAROFF)
    return search


def cubeless(position: Position, ply: int) -> Probs:
    """The cubeless chances of the side on roll in ``position`` before it rolls, at ``ply``."""
    counts = board(position)
    if ply == 0:
        return _net(counts)
    search = _search(ply)
    theirs = bgbot_cpp.flip_board(counts)
    try:
        return _flipped(search.evaluate_board(theirs, theirs)["probs"])
    finally:
        # what it keeps from one search is not for another (Open Sage's own wrapper does this)
        search.clear_cache()


def cube_action(position: Position, cube: SageCube, ply: int) -> tuple[Probs, float, float]:
    """The cubeless chances of the doubler (the side on roll) in ``position`` at ``ply``, and
    Open Sage's cubeful equities (EMG) of no double and of double/take, the latter with the
    cube doubled and taken (no beaver)."""
    counts = board(position)
    owner = _OWNERS[cube.owner]
    if ply == 0:
        probs = _net(counts)
        mine, theirs = bgbot_cpp.pip_counts(counts)
        life = bgbot_cpp.cube_efficiency(list(probs), bgbot_cpp.is_race(counts), mine, theirs)
        decision = bgbot_cpp.cube_decision_1ply(
            list(probs), owner=owner, cube_x=life, **cube.arguments()
        )
        return probs, float(decision.equity_nd), float(decision.equity_dt)
    found = bgbot_cpp.cube_decision_nply_unified(
        counts,
        owner=owner,
        n_plies=ply + 1,
        strategy_type=_WEIGHTS.strategy_type,
        weight_paths=_WEIGHTS.weight_paths_list,
        hidden_sizes=_WEIGHTS.hidden_sizes_list,
        n_threads=1,
        beaver=False,
        bearoff_db=_BEAROFF,
        **cube.arguments(),
    )
    return _probs(found["probs"]), float(found["equity_nd"]), float(found["equity_dt"])
