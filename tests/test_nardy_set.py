"""The long nardy benchmark set (``benchmarks/data/nardy_set.txt.gz``): what it holds is what its
head says, every play in it is legal and every legal play is in it, and the values are made as
:mod:`benchmarks.nardy_set` says."""

from __future__ import annotations

import random

import pytest

from benchmarks import nardy_set
from benchmarks.nardy_set import (
    SET_FILE,
    Entry,
    Valued,
    format_entry,
    parse_entry,
    read_set,
    rollout,
    value_plays,
)
from bot.ai.nardy_net import default_net, equity, terminal
from engine.movegen import Play, legal_plays
from engine.nardy import LongNardyPosition
from engine.position import CHECKERS, Position


@pytest.fixture(scope="module")
def shipped() -> tuple[list[str], list[Entry]]:
    return read_set(SET_FILE)


def test_the_set_holds_ten_thousand_positions_as_its_head_says(
    shipped: tuple[list[str], list[Entry]],
) -> None:
    head, entries = shipped
    assert len(entries) >= 10_000
    assert f"positions {len(entries)}," in head[1]
    assert "truncated after" in head[2] and "games of self-play" in head[3]
    assert SET_FILE.stat().st_size < 2_000_000  # compact: kept in the repository


def test_every_entry_is_a_decision_with_its_plays_best_first(
    shipped: tuple[list[str], list[Entry]],
) -> None:
    _head, entries = shipped
    for entry in entries:
        assert len(entry.plays) >= 2
        values = [v.value for v in entry.plays]
        assert values == sorted(values, reverse=True)
        assert any(v.rolled for v in entry.plays)
        assert all(abs(v) <= 3.0 for v in values)
        assert sum(entry.player) <= CHECKERS and sum(entry.opponent) <= CHECKERS
        assert len({v.notation for v in entry.plays}) == len(entry.plays)


def test_the_plays_are_exactly_the_legal_plays(shipped: tuple[list[str], list[Entry]]) -> None:
    _head, entries = shipped
    for entry in entries[::25]:
        legal = {p.notation() for p in legal_plays(entry.position(), entry.dice)}
        assert legal == {v.notation for v in entry.plays}


def test_a_line_reads_back_as_written() -> None:
    entry = Entry(
        (0,) * 23 + (15,),
        (0,) * 14 + (1,) + (0,) * 8 + (14,),
        (6, 5),
        (Valued("24/13", 0.123, True), Valued("24/18 24/19", -0.5, False)),
    )
    line = format_entry(entry)
    assert parse_entry(line) == entry
    with pytest.raises(ValueError):
        parse_entry(line.replace("=123r", "=123x"))


def test_a_play_bearing_off_the_last_checker_is_worth_the_result() -> None:
    # the mover's last checker on his point 1, the opponent's fifteen still at home: a mars
    player = (1,) + (0,) * 23
    opponent = (0,) * 17 + (15,) + (0,) * 6
    position = LongNardyPosition((*player, 0), (*opponent, 0))
    net = default_net()
    (play,) = legal_plays(position, (6, 5))
    won = float(equity(terminal(opponent)[None, :])[0])
    assert won == 2.0
    assert rollout(position, play, net, 36, 4, 1) == won
    (only,) = value_plays(position, (6, 5), net, 36, 4, 5, 1)
    assert only.value == won and only.rolled


def test_values_are_made_on_one_scale_and_score_the_best_play_at_zero() -> None:
    net = default_net()
    cases = nardy_set.positions(3, seed=5)
    for number, (position, dice) in enumerate(cases):
        valued = value_plays(position, dice, net, 36, 2, 3, number)
        assert {v.notation for v in valued} == {p.notation() for p in legal_plays(position, dice)}
        rolled = [v for v in valued if v.rolled]
        assert 1 <= len(rolled) <= 3
        # the rollouts are played on the same dice for every play: the same call, the same value
        again = value_plays(position, dice, net, 36, 2, 3, number)
        assert again == valued
        entry = Entry(
            tuple(position.player[:24]), tuple(position.opponent[:24]), dice, tuple(valued)
        )

        def best(
            at: Position, roll: tuple[int, int], rng: random.Random, first: str = valued[0].notation
        ) -> Play | None:
            return next(x for x in legal_plays(at, roll) if x.notation() == first)

        nardy_set.LEVELS["best-of-test"] = best
        try:
            assert nardy_set.errors("best-of-test", [(number, entry)]) == [(0.0, True)]
        finally:
            del nardy_set.LEVELS["best-of-test"]
