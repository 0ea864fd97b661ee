"""Differential test: ``legal_plays`` against GNU Backgammon's own move generator (``gnubg_nn``).

For every (position, dice) pair the set of positions reachable by a complete legal play must be
exactly the set ``gnubg_nn.moves`` returns, and every play must use as many dice as gnubg's.
Positions come from seeded random games (all 21 rolls each), random bear-offs and hand-made edge
cases (bar against closed boards, the higher-die rule, partial doubles, bear-off with gaps, no
legal play, hitting and continuing).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import gnubg_nn  # type: ignore[import-untyped]
import pytest

from engine import Position, legal_plays
from engine.movegen import Step, apply_steps

ROLLS = [(d1, d2) for d1 in range(1, 7) for d2 in range(1, d1 + 1)]

Board = tuple[tuple[int, ...], tuple[int, ...]]  # (opponent, on roll), gnubg_nn's order


@dataclass(frozen=True)
class Answer:
    """One generator's answer: the resulting boards and the dice each play uses."""

    results: frozenset[Board]
    dice_used: frozenset[int]


def gnubg_answer(position: Position, d1: int, d2: int) -> Answer:
    """What GNU Backgammon says (no legal play: no results, as ``legal_plays`` returns none)."""
    board = [list(position.opponent), list(position.player)]
    moves = gnubg_nn.moves(board, d1, d2, 1)
    results: set[Board] = set()
    for key, _steps in moves:
        opponent, on_roll = gnubg_nn.board_from_position_key(key)
        results.add((tuple(opponent), tuple(on_roll)))
    return Answer(frozenset(results), frozenset(len(steps) for _key, steps in moves))


def engine_answer(position: Position, d1: int, d2: int) -> tuple[Answer, int]:
    """What ``legal_plays`` says, and how many plays it listed (to check they are distinct)."""
    plays = legal_plays(position, (d1, d2))
    results: set[Board] = set()
    for play in plays:
        after = apply_steps(position, play.steps)
        results.add((after.opponent, after.player))
    return Answer(frozenset(results), frozenset(len(play.steps) for play in plays)), len(plays)


def replays_legally(position: Position, dice: list[int], steps: tuple[Step, ...]) -> bool:
    """Whether ``steps`` can be made one by one with ``dice`` (a referee written for this test).

    Each step must start on an own checker (from the bar while any is there), land on a point
    with fewer than two opposing checkers (hitting exactly when there is one) or bear off with all
    checkers home, by the exact die or a higher one from the highest occupied point.
    """
    if not steps:
        return True
    player, opponent = list(position.player), list(position.opponent)
    step, rest = steps[0], steps[1:]
    if step.frm < 1 or step.frm > 25 or not player[step.frm - 1]:
        return False
    if player[24] and step.frm != 25:
        return False
    if step.to > 0:
        die = step.frm - step.to
        theirs = opponent[24 - step.to]
        if die not in dice or theirs >= 2 or step.hit != (theirs == 1):
            return False
        choices = [die]
    else:
        if any(player[6:]) or step.hit:
            return False
        highest = max(p + 1 for p in range(6) if player[p])
        choices = [d for d in set(dice) if d == step.frm or (d > step.frm == highest)]
    player[step.frm - 1] -= 1
    if step.to:
        player[step.to - 1] += 1
    if step.hit:
        opponent[24 - step.to] = 0
        opponent[24] += 1
    after = Position(tuple(player), tuple(opponent))
    for die in choices:
        left = list(dice)
        left.remove(die)
        if replays_legally(after, left, rest):
            return True
    return False


def disagreements(pairs: Iterable[tuple[Position, int, int]]) -> tuple[int, list[str]]:
    """Compare every pair; return how many were compared and a description of each mismatch."""
    count = 0
    problems: list[str] = []
    for position, d1, d2 in pairs:
        count += 1
        ours, listed = engine_answer(position, d1, d2)
        theirs = gnubg_answer(position, d1, d2)
        dice = [d1, d2] if d1 != d2 else [d1] * 4
        for play in legal_plays(position, (d1, d2)):
            if not replays_legally(position, dice, play.steps):
                problems.append(f"{position.gnubg_id()} {d1}-{d2}: {play} is not made legally")
        if ours != theirs or listed != len(ours.results):
            problems.append(
                f"{position.gnubg_id()} {d1}-{d2}: {listed} plays, "
                f"{len(ours.results)} results using {sorted(ours.dice_used)} dice; gnubg has "
                f"{len(theirs.results)} using {sorted(theirs.dice_used)}; only ours: "
                f"{len(ours.results - theirs.results)}, only gnubg's: "
                f"{len(theirs.results - ours.results)}"
            )
    return count, problems


def all_rolls(positions: Iterable[Position]) -> Iterator[tuple[Position, int, int]]:
    for position in positions:
        for d1, d2 in ROLLS:
            yield position, d1, d2


def game_positions(seed: int, games: int, keep: float) -> list[Position]:
    """Positions met in random games (uniformly random legal plays), each kept with ``keep``."""
    rng = random.Random(seed)
    kept: list[Position] = []
    for _ in range(games):
        position = Position.initial()
        while True:
            if rng.random() < keep:
                kept.append(position)
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            plays = legal_plays(position, (d1, d2))
            if plays:
                after = apply_steps(position, rng.choice(plays).steps)
                if not any(after.player):
                    break
                position = after.swapped()
            else:
                position = position.swapped()
    return kept


def random_bearoff(rng: random.Random) -> Position:
    """All the mover's checkers home with gaps, some borne off; the opponent anywhere behind."""
    player = [0] * 25
    for _ in range(rng.randint(1, 15)):
        player[rng.choice([p for p in range(6) if rng.random() < 0.6] or [5])] += 1
    opponent = [0] * 25
    left = rng.randint(1, 15)
    free = [q for q in range(24) if not player[23 - q] and (q > 11 or rng.random() < 0.5)]
    for _ in range(left):
        opponent[rng.choice(free)] += 1
    return Position(tuple(player), tuple(opponent))


def side(points: dict[int, int]) -> tuple[int, ...]:
    counts = [0] * 25
    for point, n in points.items():
        counts[point - 1] = n
    return tuple(counts)


def edge_positions() -> list[tuple[str, Position]]:
    """Hand-made positions; each is checked with all 21 rolls."""
    cases: list[tuple[str, Position]] = []
    # Bar against boards with 1-6 points closed, one and two checkers on the bar.
    for closed in range(1, 7):
        for on_bar in (1, 2):
            opponent = {p: 2 for p in range(1, closed + 1)}
            opponent[13] = 15 - 2 * closed
            if opponent[13] == 0:
                del opponent[13]
            me = {25: on_bar, 6: 5, 8: 3, 13: 7 - on_bar}
            cases.append((f"bar{on_bar}-vs-{closed}-closed", Position(side(me), side(opponent))))
    # Bar against a board with a blot to hit on entry and a gap in the middle.
    cases.append(
        (
            "bar-enter-and-hit",
            Position(side({25: 1, 6: 4, 8: 4, 13: 6}), side({1: 2, 2: 2, 3: 1, 5: 2, 6: 8})),
        )
    )
    # Higher-die rule: one checker that can move either die but not both.
    cases.append(
        (
            "higher-die-one-checker",
            Position(side({24: 1, 1: 14}), side({12: 2, 3: 13})),
        )
    )
    cases.append(
        (
            "higher-die-prime",
            Position(side({24: 2, 2: 13}), side({6: 2, 7: 2, 8: 2, 9: 2, 10: 2, 12: 5})),
        )
    )
    # Partial doubles: the checker runs into a prime after a step or two.
    cases.append(
        (
            "partial-double-prime",
            Position(
                side({24: 2, 22: 1, 1: 12}),
                side({4: 2, 5: 2, 6: 2, 8: 2, 10: 2, 11: 2, 14: 3}),
            ),
        )
    )
    # Bear-off with high dice and gaps; with a straggler outside.
    cases.append(("bearoff-gaps", Position(side({1: 2, 3: 1, 5: 1}), side({23: 2, 19: 3}))))
    cases.append(("bearoff-one-high", Position(side({4: 1}), side({19: 2, 13: 3}))))
    cases.append(("bearoff-two-low", Position(side({1: 1, 2: 1}), side({22: 5}))))
    cases.append(
        ("bearoff-straggler", Position(side({9: 1, 6: 2, 4: 3, 1: 2}), side({23: 2, 20: 2})))
    )
    cases.append(
        ("bearoff-contact", Position(side({6: 3, 5: 2, 3: 4, 2: 1}), side({21: 1, 24: 2, 25: 1})))
    )
    # No legal play at all: both checkers on the bar against a closed board.
    cases.append(
        ("closed-board-no-play", Position(side({25: 2, 13: 13}), side({p: 2 for p in range(1, 7)})))
    )
    # Hit and continue: blots in reach of combined steps.
    cases.append(
        (
            "hit-and-continue",
            Position(side({24: 2, 13: 5, 8: 3, 6: 5}), side({6: 5, 8: 3, 13: 4, 3: 1, 5: 1, 7: 1})),
        )
    )
    cases.append(
        (
            "hit-two-blots",
            Position(side({13: 5, 24: 2, 8: 3, 6: 5}), side({4: 1, 7: 1, 10: 1, 11: 1, 13: 11})),
        )
    )
    cases.append(("start", Position.initial()))
    return cases


def test_conversion_on_known_cases() -> None:
    start = Position.initial()
    answer = gnubg_answer(start, 3, 1)
    expected = Position.from_points({6: 5, 8: 3, 13: 5, 24: 2}, {6: 5, 8: 3, 13: 5, 24: 2})
    assert start == expected and start.gnubg_id() == "4HPwATDgc/ABMA"
    # 8/5 6/5 is among gnubg's 16 results for 3-1 at the start.
    made = Position.from_points({5: 2, 6: 4, 8: 2, 13: 5, 24: 2}, {6: 5, 8: 3, 13: 5, 24: 2})
    assert len(answer.results) == 16
    assert (made.opponent, made.player) in answer.results
    assert answer.dice_used == {2}
    ours, listed = engine_answer(start, 3, 1)
    assert ours == answer and listed == 16
    # Nothing can be played: gnubg_nn returns nothing, as legal_plays does.
    blocked = Position(side({25: 2, 13: 13}), side({p: 2 for p in range(1, 7)}))
    assert gnubg_answer(blocked, 6, 5) == Answer(frozenset(), frozenset())
    assert legal_plays(blocked, (6, 5)) == []


@pytest.mark.slow
def test_random_games_agree_with_gnubg() -> None:
    positions = game_positions(seed=20261130, games=40, keep=0.12)
    count, problems = disagreements(all_rolls(positions))
    assert count >= 5000
    assert problems == []


@pytest.mark.slow
def test_random_bearoffs_agree_with_gnubg() -> None:
    rng = random.Random(7)
    count, problems = disagreements(all_rolls(random_bearoff(rng) for _ in range(60)))
    assert count == 60 * 21
    assert problems == []


EDGES = edge_positions()


@pytest.mark.parametrize("position", [p for _, p in EDGES], ids=[name for name, _ in EDGES])
def test_edge_cases_agree_with_gnubg(position: Position) -> None:
    count, problems = disagreements(all_rolls([position]))
    assert count == 21
    assert problems == []


def test_edge_cases_exercise_each_rule() -> None:
    """The hand-made set really contains each situation it is meant to cover."""
    seen: set[str] = set()
    for _name, position in EDGES:
        for d1, d2 in ROLLS:
            theirs = gnubg_answer(position, d1, d2)
            used = max(theirs.dice_used, default=0)
            if not theirs.results:
                seen.add("no legal play")
            if d1 == d2 and 0 < used < 4:
                seen.add("partial double")
            if d1 != d2 and used == 1:
                one = {gnubg_answer(position, d, d).results != frozenset() for d in (d1, d2)}
                if one == {True}:
                    seen.add("higher die")
            if position.player[24] and d1 != d2 and used == 1:
                seen.add("bar: one die enters")
            if not any(position.player[6:]) and max(d1, d2) > max(
                p + 1 for p in range(6) if position.player[p]
            ):
                seen.add("bear-off with a high die")
            for play in legal_plays(position, (d1, d2)):
                pairs = zip(play.steps, play.steps[1:], strict=False)
                if any(a.hit and b.frm == a.to for a, b in pairs):
                    seen.add("hit and continue")
    assert seen == {
        "hit and continue",
        "no legal play",
        "partial double",
        "higher die",
        "bar: one die enters",
        "bear-off with a high die",
    }
