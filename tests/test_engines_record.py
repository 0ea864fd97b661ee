"""``python -m benchmarks.engines --record``: pairs kept in the record are not played again, and
the tally counts them."""

from __future__ import annotations

import json
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from benchmarks.engines import FAST, recorded_pairs, run_pairs, versions


def test_recorded_pairs_are_kept_and_not_played_again(tmp_path: Path) -> None:
    record = tmp_path / "pairs.jsonl"
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(1, mp_context=context) as pool:
        first = run_pairs(pool, 0, FAST.name, 1, 91, False, record=record)
        rows = [json.loads(line) for line in record.read_text().splitlines()]
        assert [r["pair"] for r in rows] == [0]
        assert rows[0]["values"] == list(first[0].values)
        assert rows[0]["engines"] == versions()
        # a forged value shows that the second run reads the record instead of playing pair 0
        rows[0]["values"] = [9.0, -9.0]
        record.write_text(json.dumps(rows[0]) + "\n")
        both = run_pairs(pool, 0, FAST.name, 2, 91, False, record=record)
    assert both[0].values == (9.0, -9.0)
    assert len(record.read_text().splitlines()) == 2
    key = {"length": 0, "level": FAST.name, "seed": 91, "engines": versions()}
    assert sorted(recorded_pairs(record, key)) == [0, 1]
    assert recorded_pairs(record, {**key, "seed": 92}) == {}
