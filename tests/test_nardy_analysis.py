"""The analysis of long nardy games by the project's own player: its own best plays analyse to no
error, a planted bad play shows on its move with its loss, cube errors by the player's
thresholds, luck that averages to nothing over the rolls."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import replace

import pytest
from analysis_support import best_nardy_play, nardy_match

from bot.ai import nardy_player
from bot.ai.nardy_analysis import analyse_nardy_game, luck_of_roll
from bot.ai.nardy_player import DOUBLE_CHANCE, TAKE_CHANCE
from bot.ai.report import Analysis, Mark
from engine import Action, ActionKind, Game, Match, Phase, Play
from engine.nardy import LONG_NARDY_OPTIONS
from engine.replay import match_replay


def analyse(match: Match) -> Analysis:
    [record] = match.records()
    return analyse_nardy_game(match.variant, match.length, match.options, record)


def rolls(match: Match) -> int:
    return sum(1 for e in match.records()[0].log if e.action == "roll")


def test_the_players_own_best_plays_analyse_to_zero_error() -> None:
    rng = random.Random(5)

    def mixed(game: Game, plays: Sequence[Play]) -> Play:
        return best_nardy_play(game, plays) if game.turn == 0 else rng.choice(plays)

    match = nardy_match(5, mixed)
    analysis = analyse(match)
    assert (analysis.engine, analysis.ply, analysis.games) == ("nardy", 1, 1)
    best, other = analysis.summary(0), analysis.summary(1)
    assert best.unforced_moves > 5 and best.checker_loss == 0.0 and best.pr == 0.0
    assert all(d.loss == 0 for d in analysis.decisions if d.player == 0)
    assert other.checker_loss > 0.2 and other.pr > 1.0 and sum(other.marks.values()) > 0
    assert analysis.luck_measured and len(analysis.luck) == rolls(match)
    assert not [d for d in analysis.decisions if d.kind != "move"]  # no cube by default


def test_a_planted_bad_play_is_on_its_move_with_its_loss() -> None:
    planted: list[tuple[Game, str, float]] = []

    def plant(game: Game, plays: Sequence[Play]) -> Play:
        assert game.dice is not None
        ranked = nardy_player.rank_plays(game.position, game.dice, depth=1)
        loss = ranked[0].value - ranked[-1].value
        if not planted and game.turn == 1 and len(game.log) > 6 and loss >= 0.12:
            planted.append((game, ranked[-1].play.notation(), loss))
            return ranked[-1].play
        return ranked[0].play

    analysis = analyse(nardy_match(8, plant))
    [(game, made, loss)] = planted
    [bad] = [d for d in analysis.decisions if d.loss > 0]
    assert (bad.player, bad.kind, bad.made) == (1, "move", made) and bad.made != bad.best
    assert (bad.position, bad.dice) == (game.position, game.dice)
    assert bad.loss == pytest.approx(loss) and bad.mark is Mark.VERY_BAD
    assert analysis.summary(1).worst == (bad,)
    assert analysis.summary(1).checker_loss == pytest.approx(loss)


def test_cube_errors_are_judged_by_the_players_thresholds() -> None:
    options = replace(LONG_NARDY_OPTIONS, cube=True)
    seen: dict[str, float] = {}

    def cube(game: Game) -> Action | None:
        if game.turn is None:
            return None
        win = nardy_player.evaluate(game.position)
        if (
            game.phase is Phase.ROLL
            and "double" not in seen
            and game.turn == 0
            and game.may(Action(ActionKind.DOUBLE, 0))
            and len(game.log) > 10
            and win < DOUBLE_CHANCE - 0.2
        ):
            seen["double"] = win
            return Action(ActionKind.DOUBLE, 0)
        if game.phase is Phase.DOUBLED:
            seen["pass"] = 1.0 - win
            return Action(ActionKind.PASS, 1)  # the taker keeps far more than the take point
        return None

    match = nardy_match(3, cube=cube, length=0, options=options)
    analysis = analyse(match)
    doubled = [d for d in analysis.decisions if d.kind == "double" and d.made == "double"]
    [double] = doubled
    assert (double.player, double.best) == (0, "no double") and double.unforced
    assert double.loss == pytest.approx(DOUBLE_CHANCE - seen["double"])
    [answer] = [d for d in analysis.decisions if d.kind == "take"]
    assert (answer.player, answer.made, answer.best) == (1, "pass", "take")
    assert answer.loss == pytest.approx(seen["pass"] - TAKE_CHANCE)
    assert analysis.summary(0).cube_loss == pytest.approx(double.loss)
    assert analysis.summary(1).cube_loss == pytest.approx(answer.loss)
    # The chances to double before it were no error (the player was not near the threshold).
    assert all(d.loss == 0 for d in analysis.decisions if d.kind == "double" and d is not double)


def test_the_luck_of_the_rolls_averages_to_nothing() -> None:
    states = [s.game for s in match_replay(nardy_match(2), 0) if s.game.phase is Phase.ROLL]
    assert len(states) > 20
    for game in (states[0], states[20]):
        lucks = [(luck_of_roll(game.position, roll), w) for roll, w in nardy_player.ROLLS]
        assert sum(v * w for v, w in lucks) / 36 == pytest.approx(0.0, abs=1e-12)
        assert max(v for v, _w in lucks) > 0.01 > -0.01 > min(v for v, _w in lucks)


def test_an_analysis_kept_as_json_reads_back_the_same() -> None:
    """What the chat keeps to show a finished analysis again: each decision with its long
    nardy board, the luck and the summaries, unchanged."""
    rng = random.Random(9)
    match = nardy_match(3, lambda game, plays: rng.choice(plays))
    analysis = analyse(match)
    assert analysis.decisions
    again = Analysis.from_dict(
        json.loads(json.dumps(analysis.to_dict())), type(match.game.position)
    )
    assert again == analysis
    assert all(type(d.position) is type(match.game.position) for d in again.decisions)
    assert again.summary(0) == analysis.summary(0) and again.summary(1) == analysis.summary(1)
    with pytest.raises(ValueError):
        Analysis.from_dict({**analysis.to_dict(), "engine": "xg"}, type(match.game.position))
