"""The analysis of played games against Debian's GNU Backgammon analysing the same games with
its default settings (``gnubg -t``: ``import mat``, ``analyse match``, ``show statistics match``;
checker play and cube cubeful at the score): money sessions and 7-point matches of the
project's own players, and matches GNU Backgammon plays against itself with noise.

GNU Backgammon must be installed (Debian package ``gnubg``).
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from analysis_support import equity_after
from gnubg_support import self_play, statistics

from bot.ai import core
from bot.ai.analysis import Mark, analyse_match, mark, performance_rating, summarize
from engine import (
    Action,
    ActionKind,
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


def positions() -> list[tuple[Position, tuple[int, int]]]:
    data = json.loads((DATA / "positions.json").read_text())
    return [(Position.from_gnubg_id(d["position_id"]), (d["dice"][0], d["dice"][1])) for d in data]


def test_at_least_fifty_fixed_positions() -> None:
    assert len(positions()) >= 50


@pytest.mark.parametrize("ply", [0, 1, 2])
def test_a_lone_play_is_evaluated_at_its_ply(ply: int) -> None:
    position = Position.from_gnubg_id("wWfwAyDg8+ABYA")
    [play] = legal_plays(position, (3, 4))
    [ranked] = core.rank_plays(position, (3, 4), core.Cube(), ply)
    assert ranked.play == play and ranked.ply == ply
    assert ranked.equity == pytest.approx(core.cubeful_after(position, play, core.Cube(), ply)[1])


def test_every_hinted_play_is_legal_and_plays_exactly_that() -> None:
    for position, dice in positions():
        game = replace(Game.new(), position=position, phase=Phase.MOVE, turn=0, dice=dice)
        legal = game.builder.legal_plays
        for hint in core.rank_plays(position, dice, core.Cube(), 0)[:5]:
            assert hint.play in legal
            text = format_play(position, dice, hint.play, plays=legal)
            played = game.play(0, text)  # the button sends the play's notation
            assert played.position == apply_steps(position, hint.play.steps).swapped()


# -- analysis against GNU Backgammon ----------------------------------------------------------

# Luck totals (0-ply cubeful) agree within 3%, or within this much where a total is small: over
# a game's hundred-odd rolls the two builds' nets, which rate a few positions a hundredth or two
# apart, add up to a few hundredths.
LUCK_ABS = 0.06


def assert_analysis_equals_gnubg(match: Match, mat: Path, ply: int, luck: bool = True) -> None:
    """Each player's unforced moves, loss (checker play and cube), PR and luck of ``match``
    (written to ``mat``) as GNU Backgammon's default analysis at ``ply`` gives them."""
    mat.write_text(format_mat(match, ("Alice", "Bob")))
    theirs = statistics(mat, ply)
    ours = analyse_match(match, ply, luck=luck)
    for player in (0, 1):
        s = ours.summary(player)
        assert s.unforced_moves == theirs["unforced_moves"][player]
        assert s.loss == pytest.approx(theirs["total"][player], rel=0.02, abs=0.003)
        assert s.checker_loss == pytest.approx(theirs["checker"][player], rel=0.02, abs=0.003)
        assert s.cube_loss == pytest.approx(theirs["cube"][player], rel=0.02, abs=0.003)
        # gnubg's error rate is in thousandths per decision: PR × 2.
        assert 2 * s.pr == pytest.approx(theirs["rate"][player], rel=0.02, abs=0.2)
        if luck:
            assert s.luck == pytest.approx(theirs["luck"][player], rel=0.03, abs=LUCK_ABS)


def test_at_least_five_recorded_games() -> None:
    assert len(MONEY) >= 5


@pytest.mark.parametrize("path", MONEY, ids=[p.stem for p in MONEY])
def test_analysis_equals_gnubg(path: Path, tmp_path: Path) -> None:
    assert_analysis_equals_gnubg(load(path), tmp_path / "game.mat", 0)


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
    assert_analysis_equals_gnubg(load(path), tmp_path / "match.mat", 0)


DEEPER = [DATA / "money_11.json", DATA / "match7_21.json"]


@pytest.mark.parametrize("path", DEEPER, ids=[p.stem for p in DEEPER])
def test_analysis_at_2_ply_equals_gnubg(path: Path, tmp_path: Path) -> None:
    """GNU Backgammon's default depth: checker play and cube, money play and match play."""
    assert_analysis_equals_gnubg(load(path), tmp_path / "game.mat", 2, luck=False)


@pytest.mark.parametrize("seed", [21])
def test_gnubgs_own_match_is_analysed_as_gnubg_analyses_it(seed: int, tmp_path: Path) -> None:
    """A 5-point match GNU Backgammon played against itself with noise, at 2-ply and 0-ply."""
    match = self_play(seed, 5, tmp_path / "played.mat")
    assert len(match.records()) >= 2
    assert_analysis_equals_gnubg(match, tmp_path / "again.mat", 2, luck=False)
    assert_analysis_equals_gnubg(match, tmp_path / "again0.mat", 0)


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
            match = match.apply(Action(ActionKind.ROLL, 0), lambda: rng.randint(1, 6))
        elif game.phase is Phase.ROLL:
            match = match.apply(Action(ActionKind.ROLL, p), lambda: rng.randint(1, 6))
        else:
            plays = game.builder.legal_plays
            if not plays:
                choice = Play(())
            elif p == 0:
                dice = game.dice or (1, 1)
                choice = core.rank_plays(game.position, dice, core.cube_of(game, p), 0)[0].play
            else:
                choice = rng.choice(plays)
            match = match.apply(Action(ActionKind.PLAY, p, play=choice))
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
            match = match.apply(Action(ActionKind.ROLL, 0), lambda: rng.randint(1, 6))
            continue
        if game.phase is Phase.ROLL:
            match = match.apply(Action(ActionKind.ROLL, p), lambda: rng.randint(1, 6))
            continue
        plays = game.builder.legal_plays
        turn += 1
        choice = (
            core.rank_plays(game.position, game.dice or (1, 1), core.cube_of(game, p), 0)[0].play
            if plays
            else Play(())
        )
        if planted is None and p == 1 and turn > 2 and len(plays) > 1:
            best = max(equity_after(game.position, q) for q in plays)
            worst = min(plays, key=lambda q: equity_after(game.position, q))
            if best - equity_after(game.position, worst) >= 0.12:
                choice = worst
                dice = game.dice or (1, 1)
                text = format_play(game.position, dice, worst, plays=plays)
                planted = (len(game.log), text, (game.position, game.dice))
        match = match.apply(Action(ActionKind.PLAY, p, play=choice))
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
            match = match.apply(Action(ActionKind.ROLL, 0), lambda: rng.randint(1, 6))
            continue
        if game.phase is Phase.ROLL:
            match = match.apply(Action(ActionKind.ROLL, p), lambda: rng.randint(1, 6))
            continue
        plays = game.builder.legal_plays
        choice = rng.choice(plays) if plays else Play(())
        try:  # the steps the other way round, as a player may press them
            built = match
            for step in reversed(choice.steps):
                built = built.apply(Action(ActionKind.STEP, p, step=step))
            match = built.apply(Action(ActionKind.CONFIRM, p))
            reordered += len(choice.steps) > 1 and len(set(choice.steps)) > 1
        except EngineError:
            match = match.apply(Action(ActionKind.PLAY, p, play=choice))
    assert reordered > 5
    analysis = analyse_match(match, 0, luck=False)
    moves = [e for e in match.records()[0].log if e.action == "move" and len(e.value) > 1]
    assert len([d for d in analysis.decisions if d.kind == "move"]) == len(moves)
