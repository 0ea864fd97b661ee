"""The analysis of played backgammon games, as GNU Backgammon 1.07 analyses them by default.

Every figure comes from the evaluation core (:mod:`bot.ai.core`), the same the computer and ``hint``
use (GNU Backgammon's nets by default, Open Sage's with ``engine="sage"``: only the values of the
positions change), with GNU Backgammon's analysis settings: checker play weighed cubeful at the
score at the chosen ply with its analysis move filter (:data:`bot.ai.core.ANALYSIS_FILTERS`), the
play made weighed at the depth of the best one; cube decisions by GNU Backgammon's cube decision at
the same ply; luck at 0-ply cubeful, without pruning nets.  Equity is EMG (normalised to a cube of
1: in a match the match winning chances at the score turned into a money game's scale, Kazaross-XG2
match equity table), as GNU Backgammon's "EMG" columns.

* a decision is unforced when there was a choice (more than one distinct legal play; a cube
  decision when doubling was possible and close — the optimal equity less than 0.16 above
  double/take capped at 1 — and every double, take and pass), GNU Backgammon's rule;
* the error of a decision is the equity of the best choice less that of the choice made, marked
  doubtful from 0.03, bad from 0.06, very bad from 0.12 (:func:`bot.ai.report.mark`); the PR is
  the error per unforced decision × 500 (:func:`bot.ai.report.performance_rating`) — GNU
  Backgammon's "Error rate mEMG" is twice it;
* each decision keeps the answers weighed alike with their equities (``choices``): the plays
  the filter took to the best one's depth, the two cube actions (a puzzle's answers);
* luck is GNU Backgammon's: the 0-ply cubeful equity of the best play with the dice rolled less
  the mean over the rolls (the opening roll against the 30 that could have opened the game).

Checked against Debian's GNU Backgammon 1.07 (``gnubg -t``: ``import mat``, ``analyse match``,
``show statistics match`` with its default settings) in ``tests/test_analysis.py``.

The results are the plain types of :mod:`bot.ai.report`, which the chat process reads without
loading the engine.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.ai import core
from bot.ai.report import (
    BAD,
    DOUBTFUL,
    PR_FACTOR,
    VERY_BAD,
    Analysis,
    Decision,
    Mark,
    PlayerSummary,
    double_decision,
    mark,
    performance_rating,
    summarize,
    take_decision,
)
from engine.cube import Options
from engine.game import Action, ActionKind, DiceSequence, Game, Phase
from engine.match import GameRecord, Match
from engine.movegen import apply_steps, legal_plays
from engine.notation import format_play
from engine.replay import entry_states, record_start, recorded_steps

__all__ = [
    "BAD",
    "DOUBTFUL",
    "PR_FACTOR",
    "VERY_BAD",
    "Analysis",
    "Decision",
    "Mark",
    "PlayerSummary",
    "analyse_game",
    "analyse_match",
    "double_decision",
    "mark",
    "performance_rating",
    "summarize",
    "take_decision",
]


def analyse_game(
    variant: str,
    length: int,
    options: Options,
    record: GameRecord,
    number: int = 1,
    ply: int = 2,
    luck: bool = True,
    *,
    engine: core.Engine = core.DEFAULT_ENGINE,
) -> tuple[list[Decision], list[tuple[int, float]]]:
    """The decisions and the luck of one recorded backgammon game, by ``engine``'s nets."""
    decisions: list[Decision] = []
    lucks: list[tuple[int, float]] = []
    turn = 0
    pending: core.CubeDecision | None = None
    start = record_start(variant, length, options, record)
    for game, group in entry_states(start, record.log):
        entry = group[0]
        p = entry.player
        if entry.action == "opening" and luck:
            after = game.roll(0, DiceSequence([int(v) for e in group for v in e.value]))
            if after.turn is not None and after.dice is not None:
                cube = core.cube_of(after, after.turn)
                lucks.append(
                    (
                        after.turn,
                        core.luck_of_roll(after.position, after.dice, cube, True, engine=engine),
                    )
                )
            continue
        if p is None:
            continue
        if game.phase is Phase.ROLL and entry.action in ("roll", "double"):
            turn += 1
            cube = core.cube_of(game, p)
            doubled = entry.action == "double"
            if game.cube_in_play and (doubled or _may_double(game, p)):
                cd = core.cube_decision(game.position, cube, ply, engine=engine)
                # A double is always rated; not doubling only where doubling is possible and
                # alive (GNU Backgammon rates no other).
                if doubled or cd.available:
                    if doubled:
                        pending = cd
                        loss, made = cd.optimal - cd.double, "double"
                    else:
                        loss, made = cd.optimal - cd.no_double, "no double"
                    right = "double" if cd.should_double else "no double"
                    decisions.append(
                        double_decision(
                            number,
                            turn,
                            p,
                            game.position,
                            game.cube.value,
                            made,
                            right,
                            loss,
                            doubled or cd.close,
                            _cube_choices(right, made, loss, cd.no_double, cd.double),
                        )
                    )
            if entry.action == "roll" and luck:
                dice = (int(entry.value[0]), int(entry.value[1]))
                lucks.append((p, core.luck_of_roll(game.position, dice, cube, engine=engine)))
            continue
        if game.phase is Phase.DOUBLED and entry.action in ("take", "pass", "beaver"):
            if pending is None:
                continue
            cd, pending = pending, None
            took = entry.action != "pass"
            # To the taker an answer is worth minus the doubler's equity after it.
            loss = (cd.double_take - cd.double_pass) if took else (cd.double_pass - cd.double_take)
            right = "take" if cd.should_take else "pass"
            made = "take" if took else "pass"
            values = _cube_choices(right, made, loss, -cd.double_take, -cd.double_pass)
            decisions.append(
                take_decision(
                    number, turn, p, game.position, game.cube.value, made, right, loss, values
                )
            )
            continue
        if game.phase is Phase.MOVE and entry.action == "move" and game.dice is not None:
            position, dice = game.position, game.dice
            plays = legal_plays(position, dice)
            if not plays:
                continue
            # The recorded steps may come in another order than the legal play's.
            moved = apply_steps(position, recorded_steps(entry))
            played = next((q for q in plays if apply_steps(position, q.steps) == moved), None)
            if played is None:
                continue
            cube = core.cube_of(game, p)
            best, chosen, weighed = core.analysed_plays(
                position, dice, played, cube, ply, engine=engine
            )
            if chosen.equity > best.equity:
                best = chosen
            choices = tuple(
                (format_play(position, dice, r.play, plays=plays), r.equity) for r in weighed
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
                    format_play(position, dice, chosen.play, plays=plays),
                    format_play(position, dice, best.play, plays=plays),
                    max(0.0, best.equity - chosen.equity),
                    len(plays) > 1,
                    choices,
                )
            )
    return decisions, lucks


def _cube_choices(
    best: str, made: str, loss: float, first: float, second: float
) -> tuple[tuple[str, float], ...]:
    """A cube decision's two actions with their equities (``first``: no double or take,
    ``second``: double or pass), best first; the best one at the equity the analysis measured
    the error against (the action made ``loss`` below it), so that the two figures agree with
    the decision's own."""
    words = ("no double", "double") if best in ("no double", "double") else ("take", "pass")
    values = dict(zip(words, (first, second), strict=True))
    if made == best:
        other = words[1] if best == words[0] else words[0]
        return ((best, values[best]), (other, values[other]))
    return ((best, values[made] + max(0.0, loss)), (made, values[made]))


def _may_double(game: Game, player: int) -> bool:
    return game.may(Action(ActionKind.DOUBLE, player))


def analyse_match(
    match: Match,
    ply: int = 2,
    *,
    luck: bool = True,
    progress: Callable[[int, int], None] | None = None,
    engine: core.Engine = core.DEFAULT_ENGINE,
) -> Analysis:
    """Analyse every game of a backgammon ``match`` (or money session) at ``ply`` by
    ``engine``'s nets.

    ``progress(done, total)`` is called before each game is analysed.
    """
    if match.variant != "backgammon":
        raise ValueError("only backgammon games are analysed with GNU Backgammon's engine")
    records = match.records()
    decisions: list[Decision] = []
    lucks: list[tuple[int, float]] = []
    for number, record in enumerate(records, start=1):
        if progress is not None:
            progress(number - 1, len(records))
        d, lk = analyse_game(
            match.variant,
            match.length,
            match.options,
            record,
            number,
            ply,
            luck,
            engine=engine,
        )
        decisions.extend(d)
        lucks.extend(lk)
    return Analysis(
        ply, tuple(decisions), tuple(lucks), len(records), engine=engine, luck_measured=luck
    )
