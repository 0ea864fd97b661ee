"""FIBS ratings: the upset chance, the experience factor, changes worked by hand."""

from __future__ import annotations

import doctest
import math

import pytest

from engine import rating
from engine.errors import EngineError
from engine.rating import (
    START_RATING,
    Standing,
    experience_factor,
    rate_match,
    upset_probability,
)


def test_docstring_examples() -> None:
    failures, tried = doctest.testmod(rating)
    assert tried > 0 and failures == 0


def test_new_players_start_at_1500_with_no_experience() -> None:
    assert Standing() == Standing(1500.0, 0)
    assert START_RATING == 1500.0


def test_experience_factor() -> None:
    assert experience_factor(0) == 5
    assert experience_factor(100) == 4
    assert experience_factor(399) == pytest.approx(1.01)
    assert experience_factor(400) == 1
    assert experience_factor(10_000) == 1


def test_hand_worked_equal_players() -> None:
    # D = 0: P_upset = 1/2; both new (K = 5); a 1-point match: 4 * 5 * 1 * 1/2 = 10.
    change = rate_match(Standing(), Standing(), 1)
    assert change.winner_delta == 10 and change.loser_delta == -10
    assert change.winner == Standing(1510.0, 1) and change.loser == Standing(1490.0, 1)


def test_hand_worked_favourite_and_upset() -> None:
    # 1900 (experience 450: K = max(1, 0.5) = 1) and 1000 (experience 200: K = 3), 9 points:
    # D * sqrt(N) / 2000 = 900 * 3 / 2000 = 1.35; 10^1.35 = 22.387211...; P_upset = 0.0427584...
    fav, dog = Standing(1900.0, 450), Standing(1000.0, 200)
    p_upset = 1 / (22.3872113856834 + 1)
    assert upset_probability(900, 9) == pytest.approx(p_upset, rel=1e-12)
    won = rate_match(fav, dog, 9)  # the favourite wins: +-4 * K * 3 * P_upset
    assert won.winner_delta == pytest.approx(12 * p_upset)  # +0.51310
    assert won.loser_delta == pytest.approx(-36 * p_upset)  # -1.53930
    assert won.winner_delta == pytest.approx(0.513101, abs=1e-6)
    assert won.loser_delta == pytest.approx(-1.539303, abs=1e-6)
    assert won.winner.experience == 459 and won.loser.experience == 209
    upset = rate_match(dog, fav, 9)  # the underdog wins: +-4 * K * 3 * (1 - P_upset)
    assert upset.winner_delta == pytest.approx(36 * (1 - p_upset))  # +34.46070
    assert upset.loser_delta == pytest.approx(-12 * (1 - p_upset))  # -11.48690
    assert upset.winner.rating == pytest.approx(1034.460697, abs=1e-6)
    assert upset.loser.rating == pytest.approx(1888.513101, abs=1e-6)


def test_the_upset_chance_falls_with_the_gap_and_the_length() -> None:
    assert upset_probability(0, 25) == 0.5
    assert upset_probability(200, 1) > upset_probability(200, 7) > upset_probability(400, 7)
    assert upset_probability(-200, 7) == upset_probability(200, 7)
    assert upset_probability(1e9, 25) == 0.0
    assert math.isclose(upset_probability(1000, 4), 1 / 11)


def test_bad_inputs_are_refused() -> None:
    with pytest.raises(EngineError):
        upset_probability(0, 0)
    with pytest.raises(EngineError):
        Standing(float("nan"), 0)
    with pytest.raises(EngineError):
        Standing(1500.0, -1)
