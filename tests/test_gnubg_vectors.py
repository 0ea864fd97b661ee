"""GNU Backgammon's answers for 600 (position, dice) cases: the engine must agree on every line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine import Position, legal_plays
from engine.movegen import apply_steps

VECTORS = Path(__file__).parent / "data" / "gnubg_vectors.jsonl"


def _cases() -> list[dict[str, Any]]:
    with VECTORS.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


CASES = _cases()


def test_vector_file_is_complete() -> None:
    assert len(CASES) == 600


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['source']}-{c['dice']}")
def test_legal_results_match_gnubg(case: dict[str, Any]) -> None:
    position = Position(tuple(case["board"]["on_roll"]), tuple(case["board"]["opponent"]))
    assert position.gnubg_id() == case["gnubg_id"]
    plays = legal_plays(position, case["dice"])
    results = [apply_steps(position, play.steps).gnubg_id() for play in plays]
    assert len(results) == len(set(results)), "one play per distinct resulting position"
    if case["max_dice_used"] == 0:
        assert plays == []
        assert case["results"] == [position.gnubg_id()]
    else:
        assert sorted(results) == sorted(case["results"])
        assert all(len(play.steps) == case["max_dice_used"] for play in plays)
