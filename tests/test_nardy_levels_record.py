"""``python -m benchmarks.nardy_levels --record``: a long match is played over several runs, each
game once, and the share is over all of them."""

from __future__ import annotations

import json
from pathlib import Path

from benchmarks.nardy_levels import games_won, share_won, weights_digest


def test_a_recorded_match_goes_on_where_it_stopped(tmp_path: Path) -> None:
    record = tmp_path / "games.jsonl"
    share, played = share_won("net-beginner-random", 4, 3, 1, None, record)
    assert played == 4
    rows = [json.loads(line) for line in record.read_text().splitlines()]
    assert sorted(r["game"] for r in rows) == [0, 1, 2, 3]
    assert {r["net"] for r in rows} == {weights_digest(None)}
    share, played = share_won("net-beginner-random", 6, 3, 1, None, record)
    assert played == 2
    assert len(record.read_text().splitlines()) == 6
    won = games_won("net-beginner-random", 3, range(6), None)
    assert share == sum(won) / 6
    # another seed is another match
    _share, played = share_won("net-beginner-random", 2, 4, 1, None, record)
    assert played == 2
