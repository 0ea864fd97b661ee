"""The long nardy player's search: the same values as the plain search, legal plays only, the
ranking's first play is the choice, the same seed the same game; and the move generator's
per-roll short cut for long nardy changes no legal play.

Its strength and speed are measured by ``python -m benchmarks.nardy_levels`` and
``python -m benchmarks.nardy_speed``.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import ClassVar

import pytest

from benchmarks.nardy_speed import fixed_set, plain_rank_plays
from bot.ai import nardy_player
from bot.ai.computer import NARDY_DEPTH
from engine import legal_plays
from engine.movegen import Play, to_lists
from engine.nardy import (
    LONG_NARDY,
    LONG_NARDY_HOME_PRIME,
    LongNardyHomePrimePosition,
    LongNardyPosition,
)
from engine.position import CHECKERS, Position
from engine.rules import Ruleset

CASES = fixed_set(100)


def described(ranked: list[nardy_player.NardyRanked]) -> list[tuple[Play, float, int]]:
    return [(r.play, r.value, r.depth) for r in ranked]


@pytest.mark.parametrize("depth", [0, 1])
def test_the_search_gives_the_plain_searchs_values_in_its_order(depth: int) -> None:
    for position, dice in CASES[:40]:
        ranked = nardy_player.rank_plays(position, dice, depth)
        assert described(ranked) == described(plain_rank_plays(position, dice, depth))


def test_the_two_ply_search_gives_the_plain_searchs_values_in_its_order() -> None:
    searched = 0
    for position, dice in CASES[:6]:
        ranked = nardy_player.rank_plays(position, dice, 2)
        assert described(ranked) == described(plain_rank_plays(position, dice, 2))
        searched += any(r.depth == 2 for r in ranked)
    assert searched >= 2


@pytest.mark.parametrize("depth", nardy_player.DEPTHS)
def test_the_ranking_holds_every_legal_play_once_and_its_first_is_the_choice(depth: int) -> None:
    rng = random.Random(1)
    for position, dice in CASES[40 : 52 if depth < 2 else 46]:
        ranked = nardy_player.rank_plays(position, dice, depth)
        steps = [r.play.steps for r in ranked]
        assert sorted(steps) == sorted(p.steps for p in legal_plays(position, dice))
        assert len(set(steps)) == len(steps)
        assert all(0.0 <= r.value <= 1.0 for r in ranked)
        assert nardy_player.choose_play(position, dice, rng, depth=depth) == ranked[0].play
        deep = [r.depth for r in ranked]
        assert deep == sorted(deep, reverse=True)  # the plays searched deeper come first
        for d in set(deep):
            values = [r.value for r in ranked if r.depth == d]
            assert values == sorted(values, reverse=True)


def test_a_ranking_is_empty_without_a_legal_play_and_depth_is_checked() -> None:
    # all fifteen on the head; the opponent's checker on his 6 point is the mover's 18
    stuck = LongNardyPosition.from_points({24: 15}, {24: 14, 6: 1})
    assert legal_plays(stuck, (6, 6)) == []
    for depth in nardy_player.DEPTHS:
        assert nardy_player.rank_plays(stuck, (6, 6), depth) == []
        assert nardy_player.choose_play(stuck, (6, 6), random.Random(1), depth=depth) is None
    position, dice = CASES[0]
    with pytest.raises(ValueError):
        nardy_player.rank_plays(position, dice, 3)


def test_the_same_seed_plays_the_same_noisy_game() -> None:
    def game(seed: int) -> list[tuple[int, ...]]:
        rng, dice = random.Random(seed), random.Random(seed + 1)
        position: Position = LongNardyPosition.initial()
        seen = []
        for _ in range(40):
            roll = (dice.randint(1, 6), dice.randint(1, 6))
            play = nardy_player.choose_play(position, roll, rng, depth=0, noise=0.12)
            position = position.swapped() if play is None else position.after(play)
            seen.append(position.player + position.opponent)
        return seen

    assert game(5) == game(5)
    assert game(5) != game(6)


def whole_game(cls: type[LongNardyPosition], levels: tuple[str, str], seed: int) -> tuple[int, int]:
    """A whole game between two levels on positions, every play checked against the legal
    plays; (the winner, the turns played)."""
    rng, dice = random.Random(seed), random.Random(seed + 1)
    position: Position = cls.initial()
    for turn in range(1, 1000):
        depth, noise = NARDY_DEPTH[levels[turn % 2]]
        roll = (dice.randint(1, 6), dice.randint(1, 6))
        play = nardy_player.choose_play(position, roll, rng, depth=depth, noise=noise)
        legal = legal_plays(position, roll)
        if play is None:
            assert not legal
            position = position.swapped()
            continue
        assert play.steps in {p.steps for p in legal}
        position = position.after(play)
        if position.off()[1] == CHECKERS:
            return turn % 2, turn
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(
    ("cls", "levels", "seeds"),
    [
        (LongNardyPosition, ("beginner", "casual"), range(6)),
        (LongNardyHomePrimePosition, ("casual", "beginner"), range(6)),
        (LongNardyPosition, ("strong", "casual"), range(3)),
        (LongNardyHomePrimePosition, ("beginner", "strong"), range(2)),
        (LongNardyPosition, ("expert", "beginner"), range(1)),
    ],
)
def test_whole_games_at_every_level_make_legal_plays_only(
    cls: type[LongNardyPosition], levels: tuple[str, str], seeds: range
) -> None:
    for seed in seeds:
        winner, turns = whole_game(cls, levels, seed)
        assert winner in (0, 1) and turns > 20


# -- the move generator's per-roll short cut (Ruleset.roll_rules) ---------------------------------


class FullLongNardy(LongNardyPosition):
    """Long nardy with the six-prime rule asked at every step of every order."""

    __slots__ = ()
    ruleset: ClassVar[Ruleset] = replace(LONG_NARDY, roll_rules=None)


class FullHomePrime(LongNardyPosition):
    __slots__ = ()
    ruleset: ClassVar[Ruleset] = replace(LONG_NARDY_HOME_PRIME, roll_rules=None)


@pytest.mark.parametrize(
    ("cls", "full"),
    [(LongNardyPosition, FullLongNardy), (LongNardyHomePrimePosition, FullHomePrime)],
)
def test_the_per_roll_short_cut_changes_no_legal_play(
    cls: type[LongNardyPosition], full: type[LongNardyPosition]
) -> None:
    """Over seeded games that build blocks (half the plays hold the most points), the plays of
    every roll are the same, in the same order, with and without ``roll_rules``; and the full
    rules were needed in some of those rolls, not in all."""
    rng = random.Random(11)
    full_rules = total = 0
    for _game in range(12):
        position: Position = cls.initial()
        for _turn in range(300):
            total += 1
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            plays = legal_plays(position, dice)
            reference = legal_plays(full(position.player, position.opponent), dice)
            assert [p.steps for p in plays] == [p.steps for p in reference]
            hook = cls.ruleset.roll_rules
            assert hook is not None
            me, opp = to_lists(position)
            full_rules += not hook(me, opp, dice[0], dice[1])[1]
            if not plays:
                position = position.swapped()
                continue
            if rng.random() < 0.5:
                play = rng.choice(plays)
            else:
                play = max(plays, key=lambda p: 24 - position.after(p, "mover").player.count(0))
            position = position.after(play)
            if position.off()[1] == CHECKERS:
                break
    assert 0 < full_rules < total
