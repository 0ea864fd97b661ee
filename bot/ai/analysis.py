"""Hints and the analysis of played games, on GNU Backgammon's neural nets (``gnubg_nn``).

Everything here is measured in equity normalised to a cube of 1 (GNU Backgammon's "EMG"):

* checker play: every legal play is scored by the cubeless equity of the position it leaves,
  evaluated at the chosen ply by ``gnubg_nn``; with the Jacoby rule and a centred cube in a money
  game gammons count nothing, as in GNU Backgammon;
* cube decisions: the cubeful equities of no double, double/take and double/pass, from the
  cubeless chances by Janowski's formulas with GNU Backgammon's cube efficiencies (0.68 with
  contact, 0.55 + 0.00125 × pips in a race, bounded by 0.6 and 0.7, 0.6 in a bear-off) — exactly
  what GNU Backgammon's own 0-ply cube evaluation computes in money play; at higher plies the
  chances come from the deeper evaluation (GNU Backgammon searches the cubeful tree instead);
* a decision is unforced when there was a choice (more than one distinct legal play; a cube
  decision when doubling was possible and close: GNU Backgammon's rule, the optimal equity less
  than 0.16 above double/take capped at 1; every double, take and pass);
* the error of a decision is the equity of the best choice less that of the choice made, marked
  doubtful from 0.03, bad from 0.06, very bad from 0.12 (:func:`mark`); the PR is the error per
  unforced decision × 500 (:func:`performance_rating`);
* luck is the equity of the best play with the dice rolled less the average over all rolls,
  both at 0-ply.

Match play is analysed with the same money equities (gammons counted as in money play) — the
figures say how far each choice fell short in points per game, not in match winning chances.

The results are the plain types of :mod:`bot.ai.report` (re-exported here), which the chat
process reads without loading the nets.

The board order of ``gnubg_nn`` is ``[opponent, on_roll]``, each 25 counts with the bar last,
exactly :attr:`Position.opponent` and :attr:`Position.player`.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import gnubg_nn  # type: ignore[import-untyped]

from bot.ai.report import (
    BAD,
    DOUBTFUL,
    PR_FACTOR,
    VERY_BAD,
    Analysis,
    Decision,
    Mark,
    PlayerSummary,
    mark,
    performance_rating,
    summarize,
)
from engine.cube import CubeState, Options
from engine.game import Action, DiceSequence, Game, Phase
from engine.match import GameRecord, Match
from engine.movegen import Play, apply_steps, legal_plays
from engine.notation import format_play
from engine.position import Position
from engine.replay import entry_states, record_start

CLOSE_CUBE = 0.16

ROLLS: tuple[tuple[int, int], ...] = tuple(
    (d1, d2) for d1 in range(1, 7) for d2 in range(1, d1 + 1)
)

Probs = tuple[float, float, float, float, float]
"""Chances of the side on roll: win, win a gammon, win a backgammon, lose a gammon, lose a
backgammon (the gammons include the backgammons), GNU Backgammon's order."""


# -- equities from chances --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CubeView:
    """The cube as the side on roll sees it, and what counts in a money game.

    ``owner`` is ``"centre"``, ``"mine"`` or ``"theirs"``; ``value`` is the cube's value (the
    equities are normalised to 1); ``available`` is False where no double is allowed at all
    (the Crawford game, a cube at its limit, a game without a cube).
    """

    value: int = 1
    owner: str = "centre"
    jacoby: bool = False
    backgammons: bool = True
    available: bool = True

    @property
    def may_double(self) -> bool:
        return self.available and self.owner != "theirs"

    def gammon_price(self) -> float:
        """What a gammon adds in the cube's dead part (nothing under the Jacoby rule while the
        cube is centred)."""
        return 0.0 if self.jacoby and self.owner == "centre" else 1.0

    def after_double(self) -> CubeView:
        """The cube the doubler then faces: twice the value, owned by the taker."""
        return CubeView(self.value * 2, "theirs", self.jacoby, self.backgammons, self.available)

    def swapped(self) -> CubeView:
        """The same cube seen by the other side."""
        owner = {"centre": "centre", "mine": "theirs", "theirs": "mine"}[self.owner]
        return CubeView(self.value, owner, self.jacoby, self.backgammons, self.available)


def flip(probs: Sequence[float]) -> Probs:
    """The chances seen from the other side."""
    w, wg, wbg, lg, lbg = probs
    return (1.0 - w, lg, lbg, wg, wbg)


def cubeless_equity(
    probs: Sequence[float], cube: CubeView = CubeView(), gammons: float = 1.0
) -> float:
    """Cubeless equity per cube of 1 (GNU Backgammon's ``Utility`` for money play); a gammon
    adds ``gammons`` (a backgammon as much again where it counts)."""
    w, wg, wbg, lg, lbg = probs
    backgammons = gammons if cube.backgammons else 0.0
    return 2.0 * w - 1.0 + (wg - lg) * gammons + (wbg - lbg) * backgammons


def cube_efficiency(position: Position) -> float:
    """GNU Backgammon's cube life index for the side on roll in ``position``."""
    kind = gnubg_nn.classify(_board(position))
    if kind == gnubg_nn.c_over:
        return 0.0
    if kind == gnubg_nn.c_bearoff:
        return 0.6
    if kind == gnubg_nn.c_race:
        pips = sum((p + 1) * n for p, n in enumerate(position.player))
        return min(0.7, max(0.6, pips * 0.00125 + 0.55))
    return 0.68


def _live(w_avg: float, l_avg: float, p: float, cube: CubeView) -> float:
    take = (l_avg - 0.5) / (w_avg + l_avg + 0.5)
    cash = (l_avg + 1.0) / (w_avg + l_avg + 0.5)
    if cube.owner == "centre":
        if p < take:
            return -1.0 if cube.jacoby else -l_avg + (-1.0 + l_avg) * p / take
        if p < cash:
            return -1.0 + 2.0 * (p - take) / (cash - take)
        return 1.0 if cube.jacoby else 1.0 + (w_avg - 1.0) * (p - cash) / (1.0 - cash)
    if cube.owner == "mine":
        if p < cash:
            return -l_avg + (1.0 + l_avg) * p / cash
        return 1.0 + (w_avg - 1.0) * (p - cash) / (1.0 - cash)
    if p < take:
        return -l_avg + (-1.0 + l_avg) * p / take
    return -1.0 + (w_avg + 1.0) * (p - take) / (1.0 - take)


def cubeful_equity(probs: Sequence[float], cube: CubeView, efficiency: float) -> float:
    """Janowski's cubeful money equity per cube of 1 (GNU Backgammon's ``Cl2CfMoney``)."""
    dead = cubeless_equity(probs, cube, cube.gammon_price())
    if not cube.available:
        return dead
    w, wg, wbg, lg, lbg = probs
    if w <= 1e-7 or w >= 1.0 - 1e-7:
        return dead
    w_avg = 1.0 + (wg + wbg) / w
    l_avg = 1.0 + (lg + lbg) / (1.0 - w)
    return dead * (1.0 - efficiency) + _live(w_avg, l_avg, w, cube) * efficiency


class CubeAction(enum.Enum):
    NO_DOUBLE = "no_double"
    DOUBLE_TAKE = "double_take"
    DOUBLE_PASS = "double_pass"
    TOO_GOOD = "too_good"


@dataclass(frozen=True, slots=True)
class CubeDecision:
    """The doubler's equities (per the cube before doubling) and the right actions."""

    probs: Probs
    no_double: float
    double_take: float
    double_pass: float = 1.0

    @property
    def double(self) -> float:
        """What doubling is worth against the right answer."""
        return min(self.double_take, self.double_pass)

    @property
    def optimal(self) -> float:
        return max(self.no_double, self.double)

    @property
    def should_double(self) -> bool:
        return self.double > self.no_double

    @property
    def should_take(self) -> bool:
        return self.double_take <= self.double_pass

    @property
    def action(self) -> CubeAction:
        if self.should_double:
            return CubeAction.DOUBLE_TAKE if self.should_take else CubeAction.DOUBLE_PASS
        return CubeAction.NO_DOUBLE if self.should_take else CubeAction.TOO_GOOD

    @property
    def close(self) -> bool:
        """GNU Backgammon's test for a cube decision worth counting."""
        return self.optimal - min(self.double_take, 1.0) < CLOSE_CUBE


def cube_decision(position: Position, cube: CubeView, ply: int = 0) -> CubeDecision:
    """The cube decision of the side on roll in ``position`` (before rolling)."""
    probs = probabilities(position, ply)
    x = cube_efficiency(position)
    nd = cubeful_equity(probs, cube, x)
    dt = 2.0 * cubeful_equity(probs, cube.after_double(), x)
    return CubeDecision(probs, nd, dt, 1.0)


# -- evaluation -------------------------------------------------------------------------------


def _board(position: Position) -> list[list[int]]:
    return [list(position.opponent), list(position.player)]


def probabilities(position: Position, ply: int = 0) -> Probs:
    """The chances of the side on roll in ``position`` before it rolls, at ``ply``."""
    p = gnubg_nn.probabilities(_board(position), ply)
    return (float(p[0]), float(p[1]), float(p[2]), float(p[3]), float(p[4]))


@dataclass(frozen=True, slots=True)
class RankedPlay:
    """One legal play with the mover's chances and equity after it."""

    play: Play
    notation: str
    probs: Probs
    equity: float
    ply: int


def ranked_plays(
    position: Position, dice: tuple[int, int], cube: CubeView = CubeView(), ply: int = 0
) -> list[RankedPlay]:
    """Every legal play with ``dice``, best first, scored at ``ply``.

    ``gnubg_nn`` scores the plays (its move filter keeps only the most promising ones for
    plies above 0; the others keep their lower-ply score and rank after them).
    """
    plays = legal_plays(position, dice)
    if not plays:
        return []
    if len(plays) == 1:
        # gnubg_nn leaves the chances of a lone play unevaluated (and crashes above 0-ply).
        [play] = plays
        probs = flip(probabilities(apply_steps(position, play.steps).swapped(), ply))
        text = format_play(position, dice, play, plays=plays)
        return [RankedPlay(play, text, probs, cubeless_equity(probs, cube), ply)]
    by_key: dict[str, Play] = {}
    for play in plays:
        after = apply_steps(position, play.steps)
        by_key[gnubg_nn.key_of_board([list(after.player), list(after.opponent)])] = play
    scored: dict[str, tuple[Probs, int]] = {}
    for n in sorted({0, ply}):
        found = gnubg_nn.best_move(_board(position), dice[0], dice[1], n=n, list=1)
        for key, _steps, probs, _equity in found[1]:
            scored[key] = (flip(probs), n)
    out: list[RankedPlay] = []
    for key, play in by_key.items():
        if key not in scored:
            raise RuntimeError(f"gnubg_nn does not list the play {play.notation()}")
        probs, n = scored[key]
        text = format_play(position, dice, play, plays=plays)
        out.append(RankedPlay(play, text, probs, cubeless_equity(probs, cube), n))
    out.sort(key=lambda r: (-r.ply, -r.equity))
    return out


# -- analysis of a game -----------------------------------------------------------------------


def cube_view(game: Game, player: int) -> CubeView:
    """The cube of ``game`` as ``player`` sees it."""
    cube: CubeState = game.cube
    owner = "centre" if cube.owner is None else ("mine" if cube.owner == player else "theirs")
    options: Options = game.options
    money = game.match_length == 0
    available = game.cube_in_play and not game.crawford and cube.value < options.cube_limit
    return CubeView(
        cube.value,
        owner,
        jacoby=money and options.jacoby and not cube.turned,
        backgammons=options.backgammon_counts == 3,
        available=available,
    )


def luck_of_roll(
    position: Position, dice: tuple[int, int], cube: CubeView, opening: bool = False
) -> float:
    """The equity the roll ``dice`` brings over the average roll, at 0-ply."""
    rolls = [r for r in ROLLS if not (opening and r[0] == r[1])]
    value: dict[tuple[int, int], float] = {}
    for d1, d2 in rolls:
        value[(d1, d2)] = _best_after(position, (d1, d2), cube)
    weights = {r: (1 if r[0] == r[1] else 2) for r in rolls}
    mean = sum(value[r] * weights[r] for r in rolls) / sum(weights.values())
    key = (max(dice), min(dice))
    return value[key] - mean


def _best_after(position: Position, dice: tuple[int, int], cube: CubeView) -> float:
    found = gnubg_nn.best_move(_board(position), dice[0], dice[1], n=0, list=1)
    if not found[1]:
        return -cubeless_equity(probabilities(position.swapped(), 0), cube.swapped())
    if len(found[1]) == 1:  # a lone play, which gnubg_nn does not evaluate
        return ranked_plays(position, dice, cube)[0].equity
    return max(cubeless_equity(flip(p), cube) for _k, _s, p, _e in found[1])


def analyse_game(
    variant: str,
    length: int,
    options: Options,
    record: GameRecord,
    number: int = 1,
    ply: int = 0,
    luck: bool = True,
) -> tuple[list[Decision], list[tuple[int, float]]]:
    """The decisions and the luck of one recorded backgammon game."""
    decisions: list[Decision] = []
    lucks: list[tuple[int, float]] = []
    turn = 0
    pending: CubeDecision | None = None
    start = record_start(variant, length, options, record)
    for game, _group in entry_states(start, record.log):
        entry = _group[0]
        p = entry.player
        if entry.action == "opening" and luck:
            after = game.roll(0, DiceSequence([int(v) for e in _group for v in e.value]))
            if after.turn is not None and after.dice is not None:
                lucks.append(
                    (
                        after.turn,
                        luck_of_roll(
                            after.position, after.dice, cube_view(after, after.turn), True
                        ),
                    )
                )
            continue
        if p is None:
            continue
        if game.phase is Phase.ROLL and entry.action in ("roll", "double"):
            turn += 1
            view = cube_view(game, p)
            if _may_double(game, p):
                cd = cube_decision(game.position, view, ply)
                doubled = entry.action == "double"
                if doubled:
                    pending = cd
                    loss = cd.optimal - cd.double
                    made = "double"
                else:
                    loss = cd.optimal - cd.no_double
                    made = "no double"
                right = "double" if cd.should_double else "no double"
                decisions.append(
                    Decision(
                        number,
                        turn,
                        p,
                        "double",
                        game.position,
                        game.cube.value,
                        None,
                        made,
                        right,
                        max(0.0, loss),
                        doubled or cd.close,
                    )
                )
            if entry.action == "roll" and luck:
                dice = (int(entry.value[0]), int(entry.value[1]))
                lucks.append((p, luck_of_roll(game.position, dice, view)))
            continue
        if game.phase is Phase.DOUBLED and entry.action in ("take", "pass") and pending:
            cd = pending
            pending = None
            took = entry.action == "take"
            # To the taker an answer is worth minus the doubler's equity after it.
            loss = (cd.double_take - cd.double_pass) if took else (cd.double_pass - cd.double_take)
            decisions.append(
                Decision(
                    number,
                    turn,
                    p,
                    "take",
                    game.position.swapped(),
                    game.cube.value,
                    None,
                    entry.action,
                    "take" if cd.should_take else "pass",
                    max(0.0, loss),
                    True,
                )
            )
            continue
        if game.phase is Phase.MOVE and entry.action == "move" and game.dice is not None:
            view = cube_view(game, p)
            ranked = ranked_plays(game.position, game.dice, view, ply)
            flat = [int(v) for v in entry.value[1:]]
            pairs = [(flat[k], flat[k + 1]) for k in range(0, len(flat), 2)]
            chosen = next(
                (r for r in ranked if [(s.frm, s.to) for s in r.play.steps] == pairs), None
            )
            if not ranked or chosen is None:
                continue
            best = ranked[0]
            decisions.append(
                Decision(
                    number,
                    turn,
                    p,
                    "move",
                    game.position,
                    game.cube.value,
                    game.dice,
                    chosen.notation,
                    best.notation,
                    max(0.0, best.equity - chosen.equity),
                    len(ranked) > 1,
                )
            )
    return decisions, lucks


def _may_double(game: Game, player: int) -> bool:
    return game.may(Action("double", player))


def analyse_match(
    match: Match,
    ply: int = 0,
    *,
    luck: bool = True,
    progress: Callable[[int, int], None] | None = None,
) -> Analysis:
    """Analyse every game of a backgammon ``match`` (or money session) at ``ply``.

    ``progress(done, total)`` is called before each game is analysed.
    """
    if match.variant != "backgammon":
        raise ValueError("only backgammon games are analysed on GNU Backgammon's nets")
    records = match.records()
    decisions: list[Decision] = []
    lucks: list[tuple[int, float]] = []
    for number, record in enumerate(records, start=1):
        if progress is not None:
            progress(number - 1, len(records))
        d, lk = analyse_game(match.variant, match.length, match.options, record, number, ply, luck)
        decisions.extend(d)
        lucks.extend(lk)
    return Analysis(ply, tuple(decisions), tuple(lucks), len(records), luck_measured=luck)


__all__ = [
    "BAD",
    "DOUBTFUL",
    "PR_FACTOR",
    "ROLLS",
    "VERY_BAD",
    "Analysis",
    "CubeAction",
    "CubeDecision",
    "CubeView",
    "Decision",
    "Mark",
    "PlayerSummary",
    "RankedPlay",
    "analyse_game",
    "analyse_match",
    "cube_decision",
    "cube_efficiency",
    "cube_view",
    "cubeful_equity",
    "cubeless_equity",
    "flip",
    "luck_of_roll",
    "mark",
    "performance_rating",
    "probabilities",
    "ranked_plays",
    "summarize",
]
