"""The analysis' result types: readable without GNU Backgammon's nets, combined game by game."""

from __future__ import annotations

import json
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from bot.ai import analysis, report
from bot.ai.report import Analysis, Decision, Mark
from engine.position import Position

ROOT = Path(__file__).resolve().parent.parent


def loaded_after(module: str) -> list[str]:
    """The modules of the nets and of the nardy player a fresh interpreter has loaded after
    importing ``module``."""
    code = (
        "import json, sys\n"
        f"import {module}\n"
        "print(json.dumps(sorted(m for m in sys.modules if 'gnubg' in m or 'nardy_player' in m)))\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    loaded: list[str] = json.loads(run.stdout)
    return loaded


def test_importing_the_report_loads_neither_the_nets_nor_the_nardy_player() -> None:
    assert loaded_after("bot.ai.report") == []


def test_the_nardy_analysis_does_without_the_nets() -> None:
    assert loaded_after("bot.ai.nardy_analysis") == ["bot.ai.nardy_player"]


ENGINE_NAMES = (
    "Engine",
    "BackgammonEngine",
    "BACKGAMMON_ENGINES",
    "NardyEngine",
    "NARDY_ENGINES",
    "NARDY_NET_PLY",
)
"""What :mod:`bot.ai.report` names of the engines themselves (the nets, long nardy's players and
its network's depth), not of an analysis."""


def test_the_analysis_module_re_exports_the_report_types() -> None:
    for name in report.__all__:
        if name not in ENGINE_NAMES:
            assert getattr(analysis, name) is getattr(report, name)
            assert name in analysis.__all__


def test_the_networks_analysis_does_without_gnubg() -> None:
    # the hand-weighted player's module only for its cube thresholds and the shared loop
    assert loaded_after("bot.ai.nardy_net_analysis") == ["bot.ai.nardy_player"]


def decision(game: int, player: int, loss: float, kind: str = "move") -> Decision:
    return Decision(
        game, 1, player, kind, Position.initial(), 1, (3, 1), "8/5 6/5", "8/5 6/5", loss, True
    )


def test_combine_joins_the_games_in_order_at_the_lowest_ply() -> None:
    one = Analysis(2, (decision(1, 0, 0.13), decision(1, 1, 0.0)), ((0, 0.2), (1, -0.1)), 1)
    two = Analysis(0, (decision(2, 1, 0.04, "double"),), ((1, 0.3),), 1)
    both = Analysis.combine([one, two])
    assert both.ply == 0 and both.games == 2 and both.engine == "gnubg"
    assert both.decisions == one.decisions + two.decisions
    assert both.luck == one.luck + two.luck and both.luck_measured
    s0, s1 = both.summary(0), both.summary(1)
    assert s0.checker_loss == pytest.approx(0.13) and s0.marks[Mark.VERY_BAD] == 1
    assert s1.cube_loss == pytest.approx(0.04) and s1.marks[Mark.DOUBTFUL] == 1
    assert s1.luck == pytest.approx(0.2)
    assert not Analysis.combine([one, Analysis(0, (), (), 1, luck_measured=False)]).luck_measured


def test_combine_refuses_nothing_and_mixed_engines() -> None:
    with pytest.raises(ValueError, match="nothing"):
        Analysis.combine([])
    with pytest.raises(ValueError, match="engines"):
        Analysis.combine([Analysis(0, (), (), 1), Analysis(1, (), (), 1, engine="nardy")])


def test_an_analysis_survives_pickling() -> None:
    made = Analysis(1, (decision(1, 0, 0.07),), (), 1, engine="nardy", luck_measured=False)
    assert pickle.loads(pickle.dumps(made)) == made
