"""The worker's analysis lane: recorded matches analysed in worker processes of their own, below
the hints, a match's games at once on the lane's workers, with the same figures as the analysis
in this process."""

from __future__ import annotations

import asyncio
import json
import os
import signal
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio
from analysis_support import nardy_match
from conftest import warm_worker

from bot.ai.analysis import analyse_game, analyse_match
from bot.ai.nardy_analysis import analyse_nardy_game
from bot.ai.nardy_net_analysis import analyse_nardy_net_game
from bot.ai.report import Analysis
from bot.ai.worker import ANALYSIS_NICE, ANALYSIS_PLY, HINT_NICE, ComputerWorker
from engine.match import Match

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def worker() -> AsyncIterator[ComputerWorker]:
    """A warm worker analysing at the lane's default depth (the shared one analyses at 0-ply)."""
    async with warm_worker() as started:
        yield started


DATA = Path(__file__).parent / "data" / "analysis"


def load(name: str) -> Match:
    return Match.from_dict(json.loads((DATA / f"{name}.json").read_text()))


def same_figures(ours: Analysis, theirs: Analysis) -> None:
    assert (ours.ply, ours.games, ours.engine) == (theirs.ply, theirs.games, theirs.engine)
    assert len(ours.decisions) == len(theirs.decisions)
    for mine, other in zip(ours.decisions, theirs.decisions, strict=True):
        assert (mine.game, mine.turn, mine.player, mine.kind, mine.made, mine.best) == (
            other.game,
            other.turn,
            other.player,
            other.kind,
            other.made,
            other.best,
        )
        assert mine.loss == pytest.approx(other.loss, abs=1e-6)
    for player in (0, 1):
        s, t = ours.summary(player), theirs.summary(player)
        assert (s.unforced_moves, s.close_cube_decisions, s.marks) == (
            t.unforced_moves,
            t.close_cube_decisions,
            t.marks,
        )
        assert s.loss == pytest.approx(t.loss, abs=1e-6)
        assert s.pr == pytest.approx(t.pr, abs=1e-4)
        assert s.luck == pytest.approx(t.luck, abs=1e-6)


async def test_the_lane_analyses_a_match_as_this_process_does(worker: ComputerWorker) -> None:
    match = load("match7_21")
    told: list[tuple[int, int]] = []

    async def progress(done: int, total: int) -> None:
        told.append((done, total))

    ours = await worker.analyse(match, 0, progress)
    assert ours is not None
    same_figures(ours, analyse_match(match, 0))
    games = len(match.records())
    assert told == [(done, games) for done in range(games)]


async def test_long_nardy_is_analysed_on_the_network_as_many_rolls_deep(
    worker: ComputerWorker,
) -> None:
    match = nardy_match(4)
    [record] = match.records()
    assert worker.nardy_engine == "net"  # the default
    ours = await worker.analyse(match, 1)
    theirs = analyse_nardy_net_game(match.variant, match.length, match.options, record, depth=1)
    assert ours is not None and (ours.engine, ours.ply) == ("nardy-net", 1)
    same_figures(ours, theirs)


async def test_long_nardy_classic_is_analysed_by_the_hand_weighted_player() -> None:
    match = nardy_match(4)
    [record] = match.records()
    async with warm_worker(nardy_engine="classic") as classic:
        ours = await classic.analyse(match, 2)  # the ply is backgammon's: nardy is at depth 1
    theirs = analyse_nardy_game(match.variant, match.length, match.options, record)
    assert ours is not None and (ours.engine, ours.ply) == ("nardy", 1)
    same_figures(ours, theirs)


async def test_analysis_workers_run_below_the_hints(worker: ComputerWorker) -> None:
    match = load("money_12")
    analysis = await worker.analyse(match)  # at the lane's own depth
    assert analysis is not None and analysis.ply == ANALYSIS_PLY == worker.analysis_ply
    assert analysis.games == 3 and {d.game for d in analysis.decisions} == {1, 2, 3}
    game = Match.new(0).game.roll(0, iter((6, 5)).__next__)
    assert game.turn is not None and await worker.advise(game, game.turn) is not None
    computer, hints, analysers = worker.pids(), worker.hint_pids(), worker.analysis_pids()
    assert computer and hints and analysers
    assert not set(analysers) & (set(hints) | set(computer))
    base = os.getpriority(os.PRIO_PROCESS, computer[0])
    hint = os.getpriority(os.PRIO_PROCESS, hints[0])
    assert hint == min(19, base + HINT_NICE)
    for pid in analysers:
        assert os.getpriority(os.PRIO_PROCESS, pid) == min(19, base + ANALYSIS_NICE) > hint


async def test_a_worker_killed_mid_analysis_is_replaced_and_the_game_analysed_at_0_ply() -> None:
    match = load("match7_21")
    fresh = ComputerWorker(1)
    killed: list[int] = []

    async def progress(done: int, _total: int) -> None:
        if done == 1:  # game 2, the longest: kill its worker while it works at 2-ply
            [pid] = fresh.analysis_pids()
            killed.append(pid)
            asyncio.get_running_loop().call_later(0.5, os.kill, pid, signal.SIGKILL)

    try:
        analysis = await fresh.analyse(match, 2, progress)
        assert analysis is not None and killed
        assert (
            fresh.replaced == 1 and fresh.analysis_pids() and killed[0] not in fresh.analysis_pids()
        )
        assert analysis.games == 6 and analysis.ply == 0
        first, second = match.records()[:2]
        rules = (match.variant, match.length, match.options)
        before = len(analyse_game(*rules, first, 1, 0)[1])  # luck is always at 0-ply
        decisions, luck = analyse_game(*rules, second, 2, 0)
        game2 = Analysis(
            0,
            tuple(d for d in analysis.decisions if d.game == 2),
            analysis.luck[before : before + len(luck)],
            1,
        )
        same_figures(game2, Analysis(0, tuple(decisions), tuple(luck), 1))
    finally:
        await fresh.close()


async def test_an_analysis_over_its_budget_at_0_ply_too_is_none() -> None:
    slow = ComputerWorker(1, analysis_budget=0.001)
    told: list[tuple[int, int]] = []

    async def progress(done: int, total: int) -> None:
        told.append((done, total))

    try:
        assert await slow.analyse(load("money_11"), 0, progress) is None
        assert slow.replaced == 2 and told == [(0, 3)]
    finally:
        await slow.close()


def cpu_ticks(pid: int) -> int:
    """The CPU a process has used so far, in clock ticks (``/proc/<pid>/stat``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


async def test_a_matchs_games_are_analysed_at_once_on_the_lanes_workers() -> None:
    match = load("match7_21")
    games = len(match.records())
    pair = ComputerWorker(1, analysis_workers=2)
    told: list[tuple[int, int]] = []

    async def progress(done: int, total: int) -> None:
        told.append((done, total))

    try:
        assert await pair.analyse(load("money_12"), 0) is not None  # both start, warmed up
        pids = pair.analysis_pids()
        assert len(pids) == 2
        before = {pid: cpu_ticks(pid) for pid in pids}
        ours = await pair.analyse(match, 0, progress)
        assert ours is not None and pair.replaced == 0
        same_figures(ours, analyse_match(match, 0))  # the games in their order
        assert told == [(done, games) for done in range(games)]
        assert all(cpu_ticks(pid) > before[pid] for pid in pids)  # each worker took games
    finally:
        await pair.close()
