"""Hints and game analysis on GNU Backgammon's nets, checked against ``gnubg_nn`` itself and
against Debian's GNU Backgammon analysing the same games (``gnubg -t``: ``import mat``,
``analyse match``, ``show statistics match``): money sessions, and 7-point matches analysed at
the score.

GNU Backgammon must be installed (Debian package ``gnubg``).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

import gnubg_nn  # type: ignore[import-untyped]
import pytest
from analysis_support import equity_after

from bot.ai.analysis import (
    CubeView,
    Mark,
    analyse_match,
    cube_decision,
    cubeful_equity,
    luck_of_roll,
    mark,
    performance_rating,
    ranked_plays,
    searched_cube_decision,
    summarize,
)
from engine import (
    Action,
    Game,
    Match,
    Phase,
    Play,
    Position,
    format_mat,
    format_play,
    legal_plays,
)
from engine.movegen import apply_steps

DATA = Path(__file__).parent / "data" / "analysis"
MONEY = sorted(DATA.glob("money_*.json"))
MATCHES = sorted(DATA.glob("match7_*.json"))


def _gnubg() -> str:
    path = shutil.which("gnubg") or shutil.which("gnubg", path="/usr/games")
    assert path, "GNU Backgammon (gnubg) is needed: apt-get install gnubg"
    return path


def load(path: Path) -> Match:
    return Match.from_dict(json.loads(path.read_text()))


# -- the math ---------------------------------------------------------------------------------


def test_marks_and_rating() -> None:
    assert mark(0.0299) is Mark.NONE
    assert mark(0.03) is Mark.DOUBTFUL
    assert mark(0.06) is Mark.BAD
    assert mark(0.1199) is Mark.BAD
    assert mark(0.12) is Mark.VERY_BAD
    assert performance_rating(1.0, 100) == pytest.approx(5.0)
    assert performance_rating(0.0, 0) == 0.0


def test_janowski_limits() -> None:
    # A certain single win is worth one point whatever the cube; a dead cube is cubeless.
    sure = (1.0, 0.0, 0.0, 0.0, 0.0)
    assert cubeful_equity(sure, CubeView(), 0.68) == pytest.approx(1.0)
    even = (0.5, 0.0, 0.0, 0.0, 0.0)
    assert cubeful_equity(even, CubeView(available=False), 0.68) == pytest.approx(0.0)
    # Owning the cube is worth more than facing it.
    mine = cubeful_equity(even, CubeView(owner="mine"), 0.68)
    theirs = cubeful_equity(even, CubeView(owner="theirs"), 0.68)
    assert mine > 0.0 > theirs


def test_cube_decision_of_the_opening_position_is_no_double() -> None:
    cd = cube_decision(Position.initial(), CubeView(jacoby=True))
    assert not cd.should_double and cd.should_take
    assert cd.double_take < cd.no_double < cd.double_pass


# -- hints against gnubg_nn -------------------------------------------------------------------


def positions() -> list[tuple[Position, tuple[int, int]]]:
    data = json.loads((DATA / "positions.json").read_text())
    return [(Position.from_gnubg_id(d["position_id"]), (d["dice"][0], d["dice"][1])) for d in data]


def test_at_least_fifty_fixed_positions() -> None:
    assert len(positions()) >= 50


@pytest.mark.parametrize("ply", [0, 1])
def test_hint_equals_gnubg_nn(ply: int) -> None:
    for position, dice in positions():
        ours = ranked_plays(position, dice, ply=ply)
        board = [list(position.opponent), list(position.player)]
        theirs = gnubg_nn.best_move(board, dice[0], dice[1], n=ply, list=1)[1]
        legal = legal_plays(position, dice)
        assert len(ours) == len(legal)
        for rank, (mine, (key, _steps, _probs, equity)) in enumerate(
            zip(ours[:5], theirs[:5], strict=False)
        ):
            after = apply_steps(position, mine.play.steps)
            assert mine.play in legal
            assert gnubg_nn.key_of_board([list(after.player), list(after.opponent)]) == key, (
                position.gnubg_id(),
                dice,
                rank,
            )
            assert mine.equity == pytest.approx(equity, abs=0.001)


@pytest.mark.parametrize("ply", [0, 1, 2])
def test_a_lone_play_is_evaluated_at_its_ply(ply: int) -> None:
    # Entering from the bar with 4-3 is the only play: gnubg_nn's move list leaves its chances
    # unevaluated, so they come from the position after it.
    position = Position.from_gnubg_id("wWfwAyDg8+ABYA")
    [play] = legal_plays(position, (3, 4))
    [ranked] = ranked_plays(position, (3, 4), ply=ply)
    after = apply_steps(position, play.steps).swapped()
    theirs = gnubg_nn.probabilities([list(after.opponent), list(after.player)], ply)
    assert ranked.play == play and ranked.ply == ply
    assert ranked.equity == pytest.approx(
        -(2 * theirs[0] - 1 + theirs[1] - theirs[3] + theirs[2] - theirs[4])
    )
    assert abs(luck_of_roll(position, (3, 4), CubeView())) < 1.0


def test_every_hinted_play_is_legal_and_plays_exactly_that() -> None:
    for position, dice in positions():
        game = replace(Game.new(), position=position, phase=Phase.MOVE, turn=0, dice=dice)
        legal = game.builder.legal_plays
        for hint in ranked_plays(position, dice)[:5]:
            assert hint.play in legal
            played = game.play(0, hint.notation)  # the button sends the play's notation
            assert played.position == apply_steps(position, hint.play.steps).swapped()
            assert played.log[-1].value[0] == hint.notation


# -- analysis against GNU Backgammon ----------------------------------------------------------

# Each player's figure and, in brackets, the same in points (money) or in match winning chances
# (a match: a percentage).
_FIGURE = r"\s+([-+]?\d+\.\d+)\s+\(\s*([-+]?\d+\.\d+)%?\)" * 2
_UNIT = r"\((?:Points|MWC)\)"
# Luck totals (GNU Backgammon's default luck, 0-ply cubeful) agree within 2%, or within this
# much where a total is small: over a game's hundred-odd rolls gnubg_nn's nets, which rate a
# few positions up to 0.02 apart from Debian's GNU Backgammon, add up to a few hundredths.
LUCK_ABS = 0.05


def gnubg_statistics(mat: Path, ply: int) -> dict[str, tuple[float, float]]:
    commands = "\n".join(
        [
            "set jacoby on",
            f"set analysis chequerplay evaluation plies {ply}",
            "set analysis chequerplay evaluation cubeful off",
            f"set analysis cubedecision evaluation plies {ply}",
            f"import mat {mat}",
            "analyse match",
            "show statistics match",
            "",
        ]
    )
    run = subprocess.run(
        [_gnubg(), "-t", "-q"], input=commands, capture_output=True, text=True, timeout=600
    )
    out = run.stdout
    overall = out[out.index("Overall statistics") :]
    chequer = out[out.index("Chequerplay statistics") : out.index("Luck statistics")]
    dice = out[out.index("Luck statistics") : out.index("Cube statistics")]
    cubes = out[out.index("Cube statistics") : out.index("Overall statistics")]
    cube = re.search(r"Error total EMG " + _UNIT + _FIGURE, cubes)
    total = re.search(r"Error total EMG " + _UNIT + _FIGURE, overall)
    rate = re.search(r"Error rate mEMG " + _UNIT + _FIGURE, overall)
    moves = re.search(r"Unforced moves\s+(\d+)\s+(\d+)", chequer)
    luck = re.search(r"Luck total EMG " + _UNIT + _FIGURE, dice)
    assert total and rate and moves and luck and cube, out
    return {
        "total": (-float(total.group(1)), -float(total.group(3))),
        "rate": (-float(rate.group(1)), -float(rate.group(3))),
        "unforced_moves": (float(moves.group(1)), float(moves.group(2))),
        "luck": (float(luck.group(1)), float(luck.group(3))),
        "cube": (-float(cube.group(1)), -float(cube.group(3))),
    }


def assert_analysis_equals_gnubg(match: Match, mat: Path) -> None:
    """Each player's unforced moves, loss, PR and luck of ``match`` (written to ``mat``) as GNU
    Backgammon gives them at 0-ply (:func:`gnubg_statistics`)."""
    mat.write_text(format_mat(match, ("Alice", "Bob")))
    theirs = gnubg_statistics(mat, 0)
    ours = analyse_match(match, 0)
    for player in (0, 1):
        s = ours.summary(player)
        assert s.unforced_moves == theirs["unforced_moves"][player]
        assert s.loss == pytest.approx(theirs["total"][player], rel=0.02, abs=0.002)
        # gnubg's error rate is in thousandths per decision: PR × 2.
        assert 2 * s.pr == pytest.approx(theirs["rate"][player], rel=0.02, abs=0.2)
        assert s.luck == pytest.approx(theirs["luck"][player], rel=0.02, abs=LUCK_ABS)


def test_at_least_five_recorded_games() -> None:
    assert len(MONEY) >= 5


@pytest.mark.parametrize("path", MONEY, ids=[p.stem for p in MONEY])
def test_analysis_equals_gnubg(path: Path, tmp_path: Path) -> None:
    assert_analysis_equals_gnubg(load(path), tmp_path / "game.mat")


def test_at_least_five_recorded_matches() -> None:
    """Seeded 7-point matches (``analysis_support.play_match(seed, 7)``) with doubles, takes and
    passes, most of them with a Crawford game and the games after it."""
    matches = [load(path) for path in MATCHES]
    assert len(matches) >= 5 and all(m.length == 7 for m in matches)
    crawford = [m for m in matches if any(r.crawford for r in m.records())]
    assert len(crawford) >= 3
    for m in matches:
        actions = {e.action for r in m.records() for e in r.log}
        assert {"double", "take"} <= actions or {"double", "pass"} <= actions


@pytest.mark.parametrize("path", MATCHES, ids=[p.stem for p in MATCHES])
def test_match_analysis_equals_gnubg_at_the_score(path: Path, tmp_path: Path) -> None:
    """A match is analysed at its score, as GNU Backgammon does: errors in EMG from the match
    equity table, gammons worth what they change in match winning chances, the cube at the
    score, Crawford and post-Crawford games."""
    assert_analysis_equals_gnubg(load(path), tmp_path / "match.mat")


def gnubg_cube(position_id: str, ply: int) -> tuple[float, float]:
    """GNU Backgammon's money cube equities of no double and double/take (Jacoby rule) for
    the side on roll in ``position_id``, at ``ply``."""
    commands = "\n".join(
        [
            "set jacoby on",
            "new session",
            f"set board {position_id}",
            f"set evaluation cubedecision evaluation plies {ply}",
            "eval",
            "",
        ]
    )
    run = subprocess.run(
        [_gnubg(), "-t", "-q"], input=commands, capture_output=True, text=True, timeout=120
    )
    nd = re.search(r"No double\s+([-+]\d+\.\d+)", run.stdout)
    dt = re.search(r"Double, take\s+([-+]\d+\.\d+)", run.stdout)
    assert nd and dt, run.stdout
    return float(nd.group(1)), float(dt.group(1))


def test_searched_cube_decision_equals_gnubg_at_2_ply() -> None:
    ids = ["Gu8GwgB27QCAYQ", *(p.gnubg_id() for p, _dice in positions()[:4])]
    for position_id in ids:
        position = Position.from_gnubg_id(position_id)
        ours = searched_cube_decision(position, CubeView(jacoby=True), 2)
        nd, dt = gnubg_cube(position_id, 2)
        assert ours.no_double == pytest.approx(nd, abs=0.01), position_id
        assert ours.double_take == pytest.approx(dt, abs=0.01), position_id


DEEPER = [DATA / "money_11.json", DATA / "match7_21.json"]


@pytest.mark.parametrize("path", DEEPER, ids=[p.stem for p in DEEPER])
def test_analysis_at_2_ply_equals_gnubg(path: Path, tmp_path: Path) -> None:
    """At 2-ply the cube decisions come from GNU Backgammon's cubeful search, money play and
    match play alike, and the cube error totals agree with gnubg's 2-ply analysis; so do the
    checker play's in money play (GNU Backgammon's move filter, the play made evaluated at
    the full ply).  A match's checker play at 2-ply is close, not within 2%: inside the
    search gnubg_nn chooses the plays by money equity, gnubg by the equity at the score."""
    match = load(path)
    mat = tmp_path / "game.mat"
    mat.write_text(format_mat(match, ("Alice", "Bob")))
    theirs = gnubg_statistics(mat, 2)
    ours = analyse_match(match, 2, luck=False)
    for player in (0, 1):
        s = ours.summary(player)
        assert s.unforced_moves == theirs["unforced_moves"][player]
        assert s.cube_loss == pytest.approx(theirs["cube"][player], rel=0.02, abs=0.002)
        if not match.length:
            checker = theirs["total"][player] - theirs["cube"][player]
            assert s.checker_loss == pytest.approx(checker, rel=0.02, abs=0.002)


# -- what the analysis says about known play --------------------------------------------------


def best_play_game(seed: int) -> Match:
    """Player 0 always plays gnubg's 0-ply best play; player 1 plays the seeded mix."""
    import random

    rng = random.Random(seed)
    match = Match.new(0)
    while not match.game.is_over:
        game = match.game
        p = game.turn
        if game.phase is Phase.OPENING or p is None:
            match = match.apply(Action("roll", 0), lambda: rng.randint(1, 6))
        elif game.phase is Phase.ROLL:
            match = match.apply(Action("roll", p), lambda: rng.randint(1, 6))
        else:
            plays = game.builder.legal_plays
            if not plays:
                choice = Play(())
            elif p == 0:
                choice = ranked_plays(game.position, game.dice or (1, 1))[0].play
            else:
                choice = rng.choice(plays)
            match = match.apply(Action("play", p, play=choice))
    return match


def test_the_computers_best_plays_analyse_to_zero_error() -> None:
    match = best_play_game(3)
    analysis = analyse_match(match, 0, luck=False)
    s = analysis.summary(0)
    assert s.unforced_moves > 5
    assert s.checker_loss == pytest.approx(0.0, abs=1e-9)
    assert all(d.loss == 0 for d in analysis.decisions if d.player == 0 and d.kind == "move")
    assert analysis.summary(1).checker_loss > 0.5


def test_a_planted_blunder_is_marked_very_bad_on_its_move() -> None:
    import random

    rng = random.Random(9)
    match = Match.new(0)
    planted: tuple[int, str, tuple[Position, tuple[int, int] | None]] | None = None
    turn = 0
    while not match.game.is_over:
        game = match.game
        p = game.turn
        if game.phase is Phase.OPENING or p is None:
            match = match.apply(Action("roll", 0), lambda: rng.randint(1, 6))
            continue
        if game.phase is Phase.ROLL:
            match = match.apply(Action("roll", p), lambda: rng.randint(1, 6))
            continue
        plays = game.builder.legal_plays
        turn += 1
        choice = ranked_plays(game.position, game.dice or (1, 1))[0].play if plays else Play(())
        if planted is None and p == 1 and turn > 2 and len(plays) > 1:
            best = max(equity_after(game.position, q) for q in plays)
            worst = min(plays, key=lambda q: equity_after(game.position, q))
            if best - equity_after(game.position, worst) >= 0.12:
                choice = worst
                dice = game.dice or (1, 1)
                text = format_play(game.position, dice, worst, plays=plays)
                planted = (len(game.log), text, (game.position, game.dice))
        match = match.apply(Action("play", p, play=choice))
    assert planted is not None
    analysis = analyse_match(match, 0, luck=False)
    moves = [d for d in analysis.decisions if d.kind == "move"]
    marked = [d for d in moves if d.mark is not Mark.NONE]
    assert len(marked) == 1
    blunder = marked[0]
    assert blunder.player == 1 and blunder.mark is Mark.VERY_BAD
    assert blunder.made == planted[1] and blunder.made != blunder.best
    assert blunder.loss >= 0.12
    # The move it was made on: the same board and dice as when it was played.
    assert (blunder.position, blunder.dice) == planted[2]
    s = analysis.summary(1)
    assert blunder in s.worst and s.marks[Mark.VERY_BAD] >= 1
    assert summarize(analysis.decisions, analysis.luck, 0).checker_loss == pytest.approx(0.0)


def test_a_play_entered_step_by_step_in_another_order_is_analysed() -> None:
    import random

    from engine.errors import EngineError

    rng = random.Random(4)
    match = Match.new(0)
    reordered = 0
    while not match.game.is_over:
        game = match.game
        p = game.turn
        if game.phase is Phase.OPENING or p is None:
            match = match.apply(Action("roll", 0), lambda: rng.randint(1, 6))
            continue
        if game.phase is Phase.ROLL:
            match = match.apply(Action("roll", p), lambda: rng.randint(1, 6))
            continue
        plays = game.builder.legal_plays
        choice = rng.choice(plays) if plays else Play(())
        try:  # the steps the other way round, as a player may press them
            built = match
            for step in reversed(choice.steps):
                built = built.apply(Action("step", p, step=step))
            match = built.apply(Action("confirm", p))
            reordered += len(choice.steps) > 1 and len(set(choice.steps)) > 1
        except EngineError:
            match = match.apply(Action("play", p, play=choice))
    assert reordered > 5
    analysis = analyse_match(match, 0, luck=False)
    moves = [e for e in match.records()[0].log if e.action == "move" and len(e.value) > 1]
    assert len([d for d in analysis.decisions if d.kind == "move"]) == len(moves)
