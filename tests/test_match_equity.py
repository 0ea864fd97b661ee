"""Match winning chances at the score (:mod:`bot.ai.match_equity`): the table is GNU
Backgammon's own (``gnubg -t``: ``show matchequitytable``, extended beyond 25-away as it extends
it), the equity arithmetic and the cube rules of a match.

GNU Backgammon must be installed (Debian package ``gnubg``)."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from bot.ai.match_equity import (
    Score,
    cubeful_mwc,
    eq2mwc,
    gammon_prices,
    may_double,
    mwc2eq,
    mwc_after,
    mwc_at,
    table_mwc,
    utility,
)


def _gnubg() -> str:
    path = shutil.which("gnubg") or shutil.which("gnubg", path="/usr/games")
    assert path, "GNU Backgammon (gnubg) is needed: apt-get install gnubg"
    return path


def _tables(text: str) -> dict[tuple[int, int], float]:
    """The cells of the tables ``show matchequitytable`` prints, in blocks of columns."""
    columns: list[int] = []
    cells: dict[tuple[int, int], float] = {}
    for line in text.splitlines():
        if re.fullmatch(r"\s+(\d+-away\s*)+", line):
            columns = [int(c.split("-")[0]) for c in line.split()]
            continue
        row = re.fullmatch(r"\s*(\d+)-away((?:\s+\d+\.\d+)+)\s*", line)
        if row and columns:
            for column, value in zip(columns, row.group(2).split(), strict=True):
                cells[(int(row.group(1)), column)] = float(value) / 100.0
    return cells


def test_the_table_is_gnu_backgammons_own_to_64_away() -> None:
    run = subprocess.run(
        [_gnubg(), "-t", "-q"],
        input="set matchlength 64\nshow matchequitytable\n",
        capture_output=True,
        text=True,
        timeout=120,
    )
    out = run.stdout
    assert "Kazaross XG2" in out, out
    pre = _tables(out[out.index("Pre-Crawford table") : out.index("Post-Crawford table")])
    post = _tables(out[out.index("Post-Crawford table for player 0") :].split("player 1")[0])
    assert len(pre) == 64 * 64 and len(post) == 64
    for (mine, theirs), value in pre.items():
        assert table_mwc(mine, theirs) == pytest.approx(value, abs=1e-6), (mine, theirs)
    for (_one, trailer), value in post.items():
        assert table_mwc(trailer, 1, post_crawford=True) == pytest.approx(value, abs=1e-6)


def test_equity_and_winning_chances_map_onto_each_other() -> None:
    for score in (Score(7, 7), Score(3, 5), Score(2, 1), Score(1, 4, crawford=True)):
        for cube in (1, 2):
            assert mwc2eq(mwc_after(score, cube, True), score, cube) == pytest.approx(1.0)
            assert mwc2eq(mwc_after(score, cube, False), score, cube) == pytest.approx(-1.0)
            assert eq2mwc(mwc2eq(0.37, score, cube), score, cube) == pytest.approx(0.37)
            assert utility((1.0, 0.0, 0.0, 0.0, 0.0), score, cube) == pytest.approx(1.0)
    assert mwc_at(Score(7, 7)) == pytest.approx(0.5)
    assert mwc_at(Score(2, 1)) == pytest.approx(table_mwc(2, 1, post_crawford=True))


def test_gammons_count_only_where_they_change_the_match() -> None:
    # Double match point, or the leader 1-away in the Crawford game: any win wins the match.
    assert gammon_prices(Score(1, 1), 1) == (0.0, 0.0, 0.0, 0.0)
    win_gammon, lose_gammon, _wb, _lb = gammon_prices(Score(1, 5, crawford=True), 1)
    assert win_gammon == 0.0 and lose_gammon > 0.0
    # A cube of 2 at 2-away each: a single game decides the match.
    assert gammon_prices(Score(2, 2), 2) == (0.0, 0.0, 0.0, 0.0)
    # Money-like at the start of a long match.
    assert gammon_prices(Score(25, 25), 1)[0] == pytest.approx(1.0, abs=0.15)
    gammon = (0.6, 0.3, 0.0, 0.0, 0.0)
    assert utility(gammon, Score(1, 5, crawford=True), 1) == pytest.approx(0.2)
    assert utility(gammon, Score(5, 5), 1) > 0.2


def test_the_cube_at_the_score() -> None:
    assert not may_double(Score(1, 5, crawford=True), 1, "centre")  # the Crawford game
    assert not may_double(Score(1, 5), 1, "centre")  # the leader after it
    assert may_double(Score(5, 1), 1, "centre")  # the trailer after it
    assert not may_double(Score(2, 5), 2, "mine")  # the cube already wins the match
    assert not may_double(Score(5, 5), 1, "theirs")
    even = (0.5, 0.15, 0.01, 0.15, 0.01)
    # A dead cube is worth its cubeless equity; owning a live one is worth more than facing it.
    crawford = Score(1, 5, crawford=True)
    dead = eq2mwc(utility(even, crawford, 1), crawford, 1)
    assert cubeful_mwc(even, crawford, 1, "centre", 0.68) == pytest.approx(dead)
    mine = cubeful_mwc(even, Score(5, 5), 2, "mine", 0.68)
    theirs = cubeful_mwc(even, Score(5, 5), 2, "theirs", 0.68)
    assert mine > 0.5 > theirs
