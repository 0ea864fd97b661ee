"""The analysis of long nardy games on the project's network (:mod:`bot.ai.nardy_net_analysis`):
its errors in equity against the expert's search, its own best plays analysing to no error, a
planted bad play on its move with its loss, cube errors by the computer's thresholds of the
network's chances, luck that averages to nothing over the rolls, and a kept analysis read back
the same."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Sequence
from dataclasses import replace

import pytest
from analysis_support import nardy_match

from bot.ai import nardy_net_player
from bot.ai.computer import NARDY_DOUBLE, NARDY_TAKE
from bot.ai.nardy_net_analysis import CHANCE_EQUITY, analyse_nardy_net_game, net_luck_of_roll
from bot.ai.nardy_net_player import position_chances
from bot.ai.report import NARDY_NET_PLY, Analysis, Mark
from engine import Action, ActionKind, Game, Match, Phase, Play
from engine.nardy import LONG_NARDY_OPTIONS
from engine.replay import match_replay


def analyse(match: Match, depth: int = 0) -> Analysis:
    [record] = match.records()
    return analyse_nardy_net_game(match.variant, match.length, match.options, record, depth=depth)


def net_best(game: Game, _plays: Sequence[Play]) -> Play:
    """The network's own choice at depth 0."""
    assert game.dice is not None
    return nardy_net_player.rank_plays(game.position, game.dice, 0)[0].play


def rolls(match: Match) -> int:
    return sum(1 for e in match.records()[0].log if e.action == "roll")


def test_a_recorded_game_at_the_experts_depth_loses_equity_against_its_search() -> None:
    rng = random.Random(11)

    def sloppy(game: Game, plays: Sequence[Play]) -> Play:
        return rng.choice(plays) if rng.random() < 0.3 else net_best(game, plays)

    match = nardy_match(11, sloppy)
    start = time.perf_counter()
    analysis = analyse(match, NARDY_NET_PLY)
    seconds = time.perf_counter() - start
    print(f"\nlong nardy on the network, one game at depth {NARDY_NET_PLY}: {seconds:.1f} s")
    assert (analysis.engine, analysis.ply, analysis.games) == ("nardy-net", NARDY_NET_PLY, 1)
    moves = [d for d in analysis.decisions if d.kind == "move"]
    assert moves and all(d.dice is not None for d in moves)
    # every error is the search's best equity less the chosen play's, as the expert ranks them
    expert = nardy_net_player.LEVELS["expert"]
    checked = 0
    for d in [d for d in moves if d.loss > 0][:3]:
        assert d.dice is not None
        ranked = nardy_net_player.rank_plays(d.position, d.dice, 2, width=expert.width)
        chosen = next(r for r in ranked if r.play.notation() == d.made)
        assert (d.best, d.loss) == (ranked[0].play.notation(), ranked[0].value - chosen.value)
        assert d.choices[0] == (d.best, ranked[0].value)
        checked += 1
    assert checked == 3
    summaries = [analysis.summary(seat) for seat in (0, 1)]
    assert sum(s.checker_loss for s in summaries) > 0.3
    assert all(s.pr == 500 * s.loss / s.unforced for s in summaries)
    assert sum(sum(s.marks.values()) for s in summaries) > 0
    assert summaries[0].worst or summaries[1].worst
    assert len(analysis.luck) == rolls(match)


def test_the_networks_own_best_plays_analyse_to_zero_error() -> None:
    rng = random.Random(5)

    def mixed(game: Game, plays: Sequence[Play]) -> Play:
        return net_best(game, plays) if game.turn == 0 else rng.choice(plays)

    match = nardy_match(5, mixed)
    analysis = analyse(match)
    assert (analysis.engine, analysis.ply, analysis.games) == ("nardy-net", 0, 1)
    best, other = analysis.summary(0), analysis.summary(1)
    assert best.unforced_moves > 5 and best.checker_loss == 0.0 and best.pr == 0.0
    assert all(d.loss == 0 for d in analysis.decisions if d.player == 0)
    assert other.checker_loss > 0.5 and other.pr > 1.0 and sum(other.marks.values()) > 0
    assert analysis.luck_measured and len(analysis.luck) == rolls(match)
    assert not [d for d in analysis.decisions if d.kind != "move"]  # no cube by default


def test_a_planted_bad_play_is_on_its_move_with_its_loss_in_equity() -> None:
    planted: list[tuple[Game, str, float]] = []

    def plant(game: Game, plays: Sequence[Play]) -> Play:
        assert game.dice is not None
        ranked = nardy_net_player.rank_plays(game.position, game.dice, 0)
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


def test_cube_errors_are_the_computers_thresholds_on_the_networks_chances() -> None:
    options = replace(LONG_NARDY_OPTIONS, cube=True)
    seen: dict[str, float] = {}

    def cube(game: Game) -> Action | None:
        if game.turn is None:
            return None
        win = position_chances(game.position)[0]
        if (
            game.phase is Phase.ROLL
            and "double" not in seen
            and game.turn == 0
            and game.may(Action(ActionKind.DOUBLE, 0))
            and len(game.log) > 10
            and win < NARDY_DOUBLE - 0.2
        ):
            seen["double"] = win
            return Action(ActionKind.DOUBLE, 0)
        if game.phase is Phase.DOUBLED:
            seen["pass"] = 1.0 - win
            return Action(ActionKind.PASS, 1)  # the taker keeps far more than the take point
        return None

    match = nardy_match(3, net_best, cube=cube, length=0, options=options)
    analysis = analyse(match)
    [double] = [d for d in analysis.decisions if d.kind == "double" and d.made == "double"]
    assert (double.player, double.best) == (0, "no double") and double.unforced
    # how far the chance lay on the wrong side, in equity: twice the chance
    assert CHANCE_EQUITY == 2.0
    assert double.loss == pytest.approx(2.0 * (NARDY_DOUBLE - seen["double"]))
    [answer] = [d for d in analysis.decisions if d.kind == "take"]
    assert (answer.player, answer.made, answer.best) == (1, "pass", "take")
    assert answer.loss == pytest.approx(2.0 * (seen["pass"] - NARDY_TAKE))
    assert analysis.summary(0).cube_loss == pytest.approx(double.loss)
    assert analysis.summary(1).cube_loss == pytest.approx(answer.loss)


def test_the_luck_of_the_rolls_averages_to_nothing() -> None:
    states = [s.game for s in match_replay(nardy_match(2), 0) if s.game.phase is Phase.ROLL]
    assert len(states) > 20
    for game in (states[0], states[20]):
        for koks in (False, True):
            lucks = [
                (net_luck_of_roll(game.position, roll, koks), w)
                for roll, w in nardy_net_player.ROLLS
            ]
            assert sum(v * w for v, w in lucks) / 36 == pytest.approx(0.0, abs=1e-12)
            assert max(v for v, _w in lucks) > 0.01 > -0.01 > min(v for v, _w in lucks)
    # a roll's luck is the best play's equity after it less the average of all the rolls
    game = states[20]
    best = {
        roll: nardy_net_player.rank_plays(game.position, roll, 0)[0].value
        for roll, _w in nardy_net_player.ROLLS
    }
    mean = sum(best[roll] * w for roll, w in nardy_net_player.ROLLS) / 36
    assert net_luck_of_roll(game.position, (6, 5)) == pytest.approx(best[(5, 6)] - mean)


def test_an_analysis_kept_as_json_reads_back_the_same() -> None:
    rng = random.Random(9)
    match = nardy_match(3, lambda game, plays: rng.choice(plays))
    analysis = analyse(match)
    assert analysis.decisions
    again = Analysis.from_dict(
        json.loads(json.dumps(analysis.to_dict())), type(match.game.position)
    )
    assert again == analysis and again.engine == "nardy-net"
    assert again.summary(0) == analysis.summary(0) and again.summary(1) == analysis.summary(1)
