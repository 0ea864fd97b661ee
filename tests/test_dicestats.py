"""Dice statistics: counts, entering from the bar, chi-squared p-values without SciPy."""

from __future__ import annotations

import doctest
import math
import random
from fractions import Fraction

import pytest

from engine import Position, dicestats
from engine.dicestats import (
    ENTERING_ODDS,
    DiceStats,
    bar_entry,
    chi_squared,
    chi_squared_p,
    game_dice_stats,
    regularized_gamma_q,
)
from engine.errors import EngineError
from engine.game import DiceSequence, Game, Phase


def test_docstring_examples() -> None:
    failures, tried = doctest.testmod(dicestats)
    assert tried > 0 and failures == 0


def test_entering_odds_are_the_players_table() -> None:
    assert tuple(Fraction(n, 36) for n in (35, 32, 27, 20, 11)) == ENTERING_ODDS


def test_entering_odds_agree_with_counting_all_36_rolls() -> None:
    for closed in range(1, 6):
        home = {point: 2 for point in range(1, closed + 1)}
        home[24] = 15 - 2 * closed
        position = Position.from_points({25: 1, 13: 14}, home)
        entered = sum(bar_entry(position, (a, b))[1] for a in range(1, 7) for b in range(1, 7))
        assert Fraction(entered, 36) == ENTERING_ODDS[closed - 1]
        assert bar_entry(position, (6, 6))[0] == closed


def test_no_entry_counted_without_a_checker_on_the_bar_or_against_a_closed_board() -> None:
    assert bar_entry(Position.initial(), (6, 6)) == (0, False)
    closed_board = Position.from_points({25: 1, 13: 14}, {p: 2 for p in range(1, 7)} | {24: 3})
    assert bar_entry(closed_board, (6, 5)) == (0, False)


@pytest.mark.parametrize(
    ("a", "x", "q"),
    [
        (0.5, 0.5, math.erfc(math.sqrt(0.5))),
        (0.5, 8.0, math.erfc(math.sqrt(8.0))),
        (1.0, 0.1, math.exp(-0.1)),
        (1.0, 30.0, math.exp(-30.0)),
        (3.0, 2.0, math.exp(-2.0) * (1 + 2.0 + 2.0**2 / 2)),
        (3.0, 9.0, math.exp(-9.0) * (1 + 9.0 + 9.0**2 / 2)),
    ],
)
def test_regularized_gamma_against_closed_forms(a: float, x: float, q: float) -> None:
    assert regularized_gamma_q(a, x) == pytest.approx(q, rel=1e-10)


def test_chi_squared_p_values_against_tables() -> None:
    # Critical values of the chi-squared distribution (NIST/SEMATECH e-Handbook, table 1.3.6.7.4).
    for dof, at_05, at_001 in ((1, 3.841, 10.828), (5, 11.070, 20.515), (35, 49.802, 66.619)):
        assert chi_squared_p(at_05, dof) == pytest.approx(0.05, abs=2e-4)
        assert chi_squared_p(at_001, dof) == pytest.approx(0.001, abs=2e-5)
    assert chi_squared_p(0.0, 5) == 1.0


def test_counts_and_tests() -> None:
    rng = random.Random(5)
    stats = DiceStats()
    for _ in range(36_000):
        stats = stats.with_roll((rng.randint(1, 6), rng.randint(1, 6)))
    assert stats.rolls == 36_000 and sum(stats.faces) == 72_000
    share = stats.doubles_share
    assert share is not None and abs(share - 1 / 6) < 0.01
    for test in (stats.faces_test(), stats.doubles_test()):
        assert test.p_value is not None and test.p_value > 0.001
    assert stats.entering_test().p_value is None
    loaded = DiceStats(6, 6, (12, 0, 0, 0, 0, 0), ((0, 0),) * 5)
    faces, doubles = loaded.faces_test().p_value, loaded.doubles_test().p_value
    assert faces is not None and faces < 1e-6
    assert doubles is not None and doubles < 1e-6


def test_entering_counts_and_their_test() -> None:
    stats = DiceStats()
    for n in range(100):
        stats = stats.with_roll((1, 2), closed=5, entered=n < 31)  # fair: 30.6 of 100
    assert stats.entering[4] == (100, 31)
    fair = stats.entering_test()
    assert fair.dof == 1 and fair.p_value is not None and fair.p_value > 0.5
    unlucky = DiceStats(entering=((100, 60),) + ((0, 0),) * 4)  # 60 of 100 against 35/36
    p_value = unlucky.entering_test().p_value
    assert p_value is not None and p_value < 1e-10


def test_merge_and_compact_form() -> None:
    a = DiceStats().with_roll((3, 3)).with_roll((6, 1), closed=3, entered=True)
    b = DiceStats().with_roll((2, 5), closed=3, entered=False)
    both = a.merged(b)
    assert both.rolls == 3 and both.doubles == 1 and both.entering[2] == (2, 1)
    assert DiceStats.from_list(both.to_list()) == both
    assert len(both.to_list()) == 18
    assert chi_squared([10, 10], [10.0, 10.0]) == 0


@pytest.mark.parametrize("data", [None, [], [0] * 17, [0] * 17 + [True], [-1] + [0] * 17])
def test_corrupt_compact_forms_are_refused(data: object) -> None:
    with pytest.raises(EngineError):
        DiceStats.from_list(data)


def _random_game(variant: str, seed: int) -> tuple[Game, tuple[DiceStats, DiceStats]]:
    """A game with random legal plays, each roll's statistics counted as it is played."""
    rng = random.Random(seed)
    dice = DiceSequence(rng.randint(1, 6) for _ in range(100_000))
    game = Game.new(variant)
    live = [DiceStats(), DiceStats()]
    while not game.is_over:
        if game.phase is Phase.OPENING:
            game = game.roll(0, dice)
            continue
        turn = game.turn
        assert turn is not None
        if game.phase is Phase.ROLL:
            before = game.position
            game = game.roll(turn, dice)
            assert game.dice is not None
            closed, entered = bar_entry(before, game.dice)
            live[turn] = live[turn].with_roll(game.dice, closed, entered)
            continue
        plays = game.builder.legal_plays
        if plays:
            game = game.play(turn, rng.choice(plays))
        else:
            while not game.builder.is_complete:
                game = game.add_step(turn, rng.choice(game.next_steps()))
            game = game.confirm(turn)
    return game, (live[0], live[1])


@pytest.mark.parametrize("variant", ["backgammon", "long_nardy"])
def test_statistics_read_from_a_log_are_those_counted_in_play(variant: str) -> None:
    entries = 0
    for seed in range(6):
        game, live = _random_game(variant, seed)
        assert game_dice_stats(variant, game.log) == live
        entries += sum(tries for stats in live for tries, _ in stats.entering)
    if variant == "backgammon":
        assert entries > 0  # the games had checkers on the bar against closed points
