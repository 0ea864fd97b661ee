"""What the analysis of played games says, as plain frozen data: decisions, marks, summaries.

These types are made in the worker processes (:mod:`bot.ai.analysis` on GNU Backgammon's nets or
Open Sage's, :mod:`bot.ai.nardy_net_analysis` on the project's long nardy network,
:mod:`bot.ai.nardy_analysis` on its hand-weighted long nardy player) and shown by the chat
process, which unpickles them: this module imports neither GNU Backgammon's engine (``gnubg``) nor
either long nardy player.

A loss is what a choice fell short of the best one: in equity normalised to a cube of 1 for
backgammon (``engine="gnubg"`` or ``"sage"``) and for long nardy on the network
(``engine="nardy-net"``: points without a cube, a mars 2, a koks 2 or 3 as the table counts it),
in the mover's chance of winning the game for long nardy on the hand-weighted player
(``engine="nardy"``).  Errors are marked doubtful from 0.03, bad from 0.06, very bad from 0.12
(GNU Backgammon's marks; for long nardy the same figures of its own unit); the PR is the loss per
unforced decision × 500 (the eXtreme Gammon convention), for long nardy a figure made the same
way but of its own engine, not comparable with GNU Backgammon's (its messages call it the error
rate of long nardy).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from engine.position import Position

__all__ = [
    "BACKGAMMON_ENGINES",
    "BAD",
    "DOUBTFUL",
    "NARDY_ENGINES",
    "NARDY_NET_PLY",
    "PR_FACTOR",
    "VERY_BAD",
    "Analysis",
    "BackgammonEngine",
    "Decision",
    "Engine",
    "Mark",
    "NardyEngine",
    "PlayerSummary",
    "double_decision",
    "mark",
    "performance_rating",
    "summarize",
    "take_decision",
]

DOUBTFUL = 0.03
BAD = 0.06
VERY_BAD = 0.12
PR_FACTOR = 500.0

Engine = Literal["gnubg", "sage", "nardy", "nardy-net"]
"""Who evaluated: ``"gnubg"`` GNU Backgammon's nets, ``"sage"`` Open Sage's, ``"nardy-net"`` the
project's long nardy network (losses in equity, all three), ``"nardy"`` the project's
hand-weighted long nardy player (losses in winning chance)."""

BackgammonEngine = Literal["gnubg", "sage"]
"""Whose nets value backgammon positions (:data:`bot.ai.core.Engine`, named here so that the chat
process can name one without loading any)."""

BACKGAMMON_ENGINES: tuple[BackgammonEngine, ...] = ("gnubg", "sage")

NardyEngine = Literal["net", "classic"]
"""Who plays, hints and analyses long nardy (``AI_NARDY_ENGINE``): ``"net"`` the neural
evaluation (:mod:`bot.ai.nardy_net_player`), ``"classic"`` the hand-weighted player
(:mod:`bot.ai.nardy_player`)."""

NARDY_ENGINES: tuple[NardyEngine, ...] = ("net", "classic")

NARDY_NET_PLY = 2
"""The depth of long nardy's hints and analysis on the network (its expert's search: two rolls
deeper, the best 5 plays and of those the best 2)."""


class Mark(enum.Enum):
    """How GNU Backgammon marks an error."""

    NONE = "none"
    DOUBTFUL = "doubtful"
    BAD = "bad"
    VERY_BAD = "very_bad"


def mark(loss: float) -> Mark:
    """The mark of a decision that lost ``loss``."""
    if loss >= VERY_BAD:
        return Mark.VERY_BAD
    if loss >= BAD:
        return Mark.BAD
    if loss >= DOUBTFUL:
        return Mark.DOUBTFUL
    return Mark.NONE


def performance_rating(loss: float, decisions: int) -> float:
    """Loss per unforced decision × 500 (0 with no decision)."""
    return PR_FACTOR * loss / decisions if decisions else 0.0


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of a game and how it compares with the best choice.

    ``kind`` is ``"move"``, ``"double"`` (the player on roll doubled or not) or ``"take"``
    (answered a double); ``made`` and ``best`` say what was chosen and what was best (plays in
    the variant's notation, cube actions as words: ``"no double"``, ``"double"``, ``"take"``,
    ``"pass"``); ``loss`` is per cube of 1 (equity or winning chance, see the module's
    docstring), ``points`` the same times the cube; ``position`` is the board the player saw,
    ``dice`` the roll of a move.  ``choices`` are the answers the analysis weighed alike, best
    first, each with its value to the player at the analysis' depth (equity or winning chance,
    as ``loss``): a move's candidate plays (the best and the one made among them), a cube
    decision's two actions; empty where the analysis has no such figures (long nardy's cube).
    """

    game: int
    turn: int
    player: int
    kind: str
    position: Position
    cube_value: int
    dice: tuple[int, int] | None
    made: str
    best: str
    loss: float
    unforced: bool
    choices: tuple[tuple[str, float], ...] = ()

    @property
    def points(self) -> float:
        return self.loss * self.cube_value

    @property
    def mark(self) -> Mark:
        return mark(self.loss)


def double_decision(
    game: int,
    turn: int,
    player: int,
    position: Position,
    cube_value: int,
    made: str,
    best: str,
    loss: float,
    unforced: bool,
    choices: tuple[tuple[str, float], ...] = (),
) -> Decision:
    """The decision of ``player`` on roll at ``position`` to double or not: ``made`` and
    ``best`` are ``"double"`` or ``"no double"``, a negative ``loss`` counts as none."""
    return Decision(
        game,
        turn,
        player,
        "double",
        position,
        cube_value,
        None,
        made,
        best,
        max(0.0, loss),
        unforced,
        choices,
    )


def take_decision(
    game: int,
    turn: int,
    player: int,
    doubled: Position,
    cube_value: int,
    made: str,
    best: str,
    loss: float,
    choices: tuple[tuple[str, float], ...] = (),
) -> Decision:
    """The decision of ``player`` answering a double offered at ``doubled`` (the doubler's
    board): ``made`` and ``best`` are ``"take"`` or ``"pass"``, a negative ``loss`` counts as
    none, and an answer is never forced."""
    return Decision(
        game,
        turn,
        player,
        "take",
        doubled.swapped(),
        cube_value,
        None,
        made,
        best,
        max(0.0, loss),
        True,
        choices,
    )


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    """One player's figures over the games analysed."""

    moves: int = 0
    unforced_moves: int = 0
    cube_decisions: int = 0
    close_cube_decisions: int = 0
    checker_loss: float = 0.0
    cube_loss: float = 0.0
    luck: float = 0.0
    marks: dict[Mark, int] = field(default_factory=dict)
    worst: tuple[Decision, ...] = ()

    @property
    def unforced(self) -> int:
        return self.unforced_moves + self.close_cube_decisions

    @property
    def loss(self) -> float:
        return self.checker_loss + self.cube_loss

    @property
    def pr(self) -> float:
        return performance_rating(self.loss, self.unforced)


@dataclass(frozen=True, slots=True)
class Analysis:
    """The decisions of the games analysed, their luck, and each player's summary.

    ``ply`` is the depth of the evaluation (the lowest of the games combined); ``engine`` says
    who evaluated and so what a loss is measured in; ``luck_measured`` is False when the luck of
    the rolls was not worked out (``luck`` is then empty, not zero).
    """

    ply: int
    decisions: tuple[Decision, ...]
    luck: tuple[tuple[int, float], ...]  # (player, luck of one roll)
    games: int
    engine: Engine = "gnubg"
    luck_measured: bool = True

    def summary(self, player: int) -> PlayerSummary:
        return summarize(self.decisions, self.luck, player)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict (what is kept to show a finished analysis again): each decision's
        board as its two sides' checker counts."""
        return {
            "ply": self.ply,
            "games": self.games,
            "engine": self.engine,
            "luck_measured": self.luck_measured,
            "luck": [[player, value] for player, value in self.luck],
            "decisions": [
                [
                    d.game,
                    d.turn,
                    d.player,
                    d.kind,
                    list(d.position.player),
                    list(d.position.opponent),
                    d.cube_value,
                    None if d.dice is None else list(d.dice),
                    d.made,
                    d.best,
                    d.loss,
                    d.unforced,
                    [[text, value] for text, value in d.choices],
                ]
                for d in self.decisions
            ],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], position_type: type[Position]) -> Analysis:
        """Inverse of :meth:`to_dict`, the boards made as ``position_type`` (the variant's);
        raises ``KeyError``, ``TypeError`` or ``ValueError`` (an
        :class:`~engine.errors.EngineError` for a board) on a malformed dict."""
        engine = data["engine"]
        if engine not in ("gnubg", "sage", "nardy", "nardy-net"):
            raise ValueError(f"unknown engine {engine!r}")
        decisions = tuple(_decision(row, position_type) for row in data["decisions"])
        return cls(
            int(data["ply"]),
            decisions,
            tuple((int(player), float(value)) for player, value in data["luck"]),
            int(data["games"]),
            engine,
            bool(data["luck_measured"]),
        )

    @staticmethod
    def combine(parts: Sequence[Analysis]) -> Analysis:
        """One analysis of the games of ``parts`` (each its games, in order), at the lowest of
        their plies; the parts must come from the same engine (and there must be one)."""
        if not parts:
            raise ValueError("nothing to combine")
        engines = {part.engine for part in parts}
        if len(engines) > 1:
            raise ValueError("analyses of different engines do not combine")
        return Analysis(
            min(part.ply for part in parts),
            tuple(d for part in parts for d in part.decisions),
            tuple(lk for part in parts for lk in part.luck),
            sum(part.games for part in parts),
            parts[0].engine,
            all(part.luck_measured for part in parts),
        )


def _decision(row: Sequence[Any], position_type: type[Position]) -> Decision:
    """One decision of :meth:`Analysis.to_dict`'s list (one kept before its ``choices`` were:
    none)."""
    game, turn, player, kind, mine, theirs, cube, dice, made, best, loss, unforced = row[:12]
    choices = row[12] if len(row) > 12 else []
    return Decision(
        int(game),
        int(turn),
        int(player),
        str(kind),
        position_type(tuple(map(int, mine)), tuple(map(int, theirs))),
        int(cube),
        None if dice is None else (int(dice[0]), int(dice[1])),
        str(made),
        str(best),
        float(loss),
        bool(unforced),
        tuple((str(text), float(value)) for text, value in choices),
    )


def summarize(
    decisions: Sequence[Decision], luck: Sequence[tuple[int, float]], player: int
) -> PlayerSummary:
    """``player``'s figures: counts, losses, marks, luck and the three worst decisions."""
    mine = [d for d in decisions if d.player == player]
    moves = [d for d in mine if d.kind == "move"]
    cubes = [d for d in mine if d.kind != "move"]
    counted = [d for d in mine if d.unforced]
    marks: dict[Mark, int] = {
        m: sum(1 for d in counted if d.mark is m) for m in Mark if m is not Mark.NONE
    }
    worst = sorted((d for d in counted if d.loss > 0), key=lambda d: -d.loss)[:3]
    return PlayerSummary(
        moves=len(moves),
        unforced_moves=sum(1 for d in moves if d.unforced),
        cube_decisions=len(cubes),
        close_cube_decisions=sum(1 for d in cubes if d.unforced),
        checker_loss=sum(d.loss for d in moves if d.unforced),
        cube_loss=sum(d.loss for d in cubes if d.unforced),
        luck=sum(v for p, v in luck if p == player),
        marks=marks,
        worst=tuple(worst),
    )
