"""The evaluation core against GNU Backgammon itself (Debian's ``gnubg -t`` with its default
settings) and the computer's play through it.

The positions come from matches GNU Backgammon plays against itself with noise
(:func:`gnubg_support.self_play`): 5-point matches and a money session, seeded.
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest
from ai_support import play_computer_game
from gnubg_support import cube_decisions, hints, self_play

from bot.ai import core
from bot.ai.computer import decide
from bot.ai.levels import DEFAULT_LEVEL, LEVELS, find_level
from engine import Action, ActionKind, Game, Match, Options, Phase, Position, legal_plays
from engine.notation import format_play, parse_play
from engine.replay import entry_states, record_start
from engine.result import WinKind

HINT_POSITIONS = 110
TIE = 0.005
"""Two plays whose equities GNU Backgammon prints within this of each other are a tie: Debian's
build and the ``gnubg`` package's weigh a position up to a few thousandths apart (their nets'
weights files differ in their last digits)."""


def _states(match: Match) -> list[Game]:
    out: list[Game] = []
    for record in match.records():
        start = record_start(match.variant, match.length, match.options, record)
        out += [game for game, _group in entry_states(start, record.log)]
    return out


@pytest.fixture(scope="module")
def matches(tmp_path_factory: pytest.TempPathFactory) -> list[Match]:
    folder: Path = tmp_path_factory.mktemp("selfplay")
    return [
        self_play(11, 5, folder / "five-a.mat"),
        self_play(12, 5, folder / "five-b.mat"),
        self_play(13, 7, folder / "seven.mat"),
        self_play(14, 0, folder / "money.mat", games=3),
    ]


def _move_states(matches: list[Match]) -> list[Game]:
    games = [g for m in matches for g in _states(m) if g.phase is Phase.MOVE and g.dice]
    return [g for g in games if len(legal_plays(g.position, g.dice or (1, 1))) > 1]


def test_the_binding_answers_as_gnubg() -> None:
    core.self_check()


def test_the_hints_best_play_is_gnubgs_default_hint(matches: list[Match]) -> None:
    """At least a hundred positions of GNU Backgammon's own matches: the best play of our
    2-ply hint is the best play of its default ``hint`` (ties in equity aside), cube-aware at
    the score, and our figures agree with its own."""
    games = _move_states(matches)
    money = [g for g in games if not g.match_length]
    assert len(games) >= HINT_POSITIONS and money
    games = games[: HINT_POSITIONS - 20] + money[:20]
    theirs = hints(games)
    differ = []
    figures: list[tuple[float, float, str, str]] = []
    for game, listed in zip(games, theirs, strict=True):
        assert game.dice is not None and game.turn is not None
        plays = legal_plays(game.position, game.dice)
        ours = core.rank_plays(game.position, game.dice, core.cube_of(game, game.turn), 2)
        best = game.position.after(ours[0].play)
        equities = {
            game.position.after(parse_play(game.position, game.dice, text, plays=plays)): eq
            for text, eq in listed
        }
        top = listed[0][1]
        if best in equities:
            tied = equities[best] >= top - TIE
        else:
            # gnubg lists ten plays: where all ten tie (a position lost whatever is played,
            # every play -1), ours may be a tie it left off the list
            tied = listed[-1][1] >= top - TIE and abs(ours[0].equity - top) <= TIE
        if not tied:
            shown = format_play(game.position, game.dice, ours[0].play, plays=plays)
            differ.append((game.match_id(), game.position.gnubg_id(), shown, listed[:3]))
        figures.append((ours[0].equity, top, game.match_id(), game.position.gnubg_id()))
    assert not differ
    # the figure of the best play: GNU Backgammon's, within what its builds' nets differ
    far = [f for f in figures if abs(f[0] - f[1]) > 0.02]
    assert len(far) <= len(figures) // 20, far


def test_the_hint_is_ordered_by_the_value_it_shows(matches: list[Match]) -> None:
    for game in _move_states(matches)[:40]:
        assert game.dice is not None and game.turn is not None
        ranked = core.rank_plays(game.position, game.dice, core.cube_of(game, game.turn), 2)
        deep = [r for r in ranked if r.ply == 2]
        shallow = [r for r in ranked if r.ply != 2]
        assert ranked == deep + shallow
        assert [r.equity for r in deep] == sorted((r.equity for r in deep), reverse=True)
        if deep and shallow:
            assert max(r.equity for r in shallow) <= min(r.equity for r in deep)


def test_cube_decisions_are_gnubgs(matches: list[Match]) -> None:
    """GNU Backgammon's ``eval`` at 2-ply (its default), money and match: the same equities of
    no double and double/take, and the same action where it is not a tie.  The two builds' nets
    rate a position up to a few hundredths apart (their weights files differ in the last
    digits; at 0-ply more than at 2-ply), so figures agree within 0.03 (or 1%); at 0-ply the
    analysis's cube error totals are held against GNU Backgammon's in ``test_analysis``."""
    games = [
        g
        for m in matches
        for g in _states(m)
        if g.phase is Phase.ROLL and g.turn is not None and g.may(Action(ActionKind.DOUBLE, g.turn))
    ]
    # where the cube is alive: a dead cube has no decision (gnubg's ``eval`` still prints one)
    games = [
        g
        for g in games
        if core.cube_decision(g.position, core.cube_of(g, g.turn or 0), 0).available
    ]
    games = games[::4][:30]
    assert len(games) >= 20
    for ply in (2,):
        theirs = cube_decisions(games, ply)
        for game, gnubg in zip(games, theirs, strict=True):
            assert game.turn is not None
            ours = core.cube_decision(game.position, core.cube_of(game, game.turn), ply)
            where = (ply, game.match_id(), game.position.gnubg_id())
            assert ours.no_double == pytest.approx(gnubg.no_double, rel=0.01, abs=0.03), where
            assert ours.double_take == pytest.approx(gnubg.double_take, rel=0.01, abs=0.03), where
            close = min(
                abs(ours.no_double - ours.double),
                abs(ours.double_take - ours.double_pass),
            )
            if close > 0.03:
                doubles = gnubg.action.startswith(("Double", "Redouble"))
                assert ours.should_double == doubles, (where, gnubg.action)
                assert ours.should_take == ("take" in gnubg.action.lower()), (where, gnubg)


def test_checker_play_weighs_the_score() -> None:
    """The same board and roll weighed for money and at a match score come out differently
    (gammons worth what they are worth there), and a dead cube at 1-away/1-away is cubeless."""
    position = Position.initial()
    money = core.rank_plays(position, (4, 2), core.Cube(), 0)
    dmp = core.rank_plays(position, (4, 2), core.Cube(length=1), 0)
    assert money[0].equity != pytest.approx(dmp[0].equity, abs=1e-4)
    dead = core.cube_decision(position, core.Cube(length=1), 2)
    assert not dead.available and not dead.should_double


def test_a_table_without_the_cube_is_weighed_cubeless() -> None:
    position = Position.initial()
    ranked = core.rank_plays(position, (6, 5), core.Cube(in_play=False), 0)
    probs, equity = core.evaluate(position.after(ranked[0].play), core.Cube(in_play=False), 0)
    assert ranked[0].equity == pytest.approx(-equity, abs=1e-6)
    assert probs[0] < 0.5


def test_gammon_values_follow_the_score_and_the_jacoby_rule() -> None:
    assert core.win_value(core.Cube(), WinKind.GAMMON) == pytest.approx(2.0)
    assert core.win_value(core.Cube(jacoby=True), WinKind.GAMMON) == pytest.approx(1.0)
    assert core.win_value(core.Cube(jacoby=True, owner=0), WinKind.BACKGAMMON) == 3.0
    # one-away, post-Crawford: a single game wins the match, a gammon is worth no more
    assert core.win_value(core.Cube(length=5, score=(4, 3)), WinKind.GAMMON) == pytest.approx(
        1.0, abs=1e-6
    )


def test_levels() -> None:
    assert find_level(None) is LEVELS[DEFAULT_LEVEL] is LEVELS["strong"]
    assert find_level("Expert") is LEVELS["expert"]
    assert find_level("grandmaster") is None
    assert list(LEVELS) == ["beginner", "casual", "strong", "expert"]


@pytest.mark.parametrize("level", list(LEVELS))
def test_whole_backgammon_games_are_legal_at_every_level(level: str) -> None:
    games = 3 if level == "expert" else 8
    for seed in range(games):
        assert play_computer_game("backgammon", (level, "strong"), seed).is_over
        assert play_computer_game(
            "backgammon", ("strong", level), seed, options=Options(beaver=True)
        ).is_over
        match = play_computer_game(
            "backgammon", (level, "casual"), seed, match_length=5, score=(3, 4)
        )
        assert match.is_over


def test_no_double_in_the_crawford_game() -> None:
    for seed in range(5):
        game = play_computer_game(
            "backgammon", ("strong", "strong"), seed, match_length=5, score=(4, 2), crawford=True
        )
        assert all(e.action != "double" for e in game.log)


def replace_turn(game: Game) -> Game:
    return replace(game, phase=Phase.ROLL, turn=0)


def test_decide_does_nothing_out_of_turn() -> None:
    game = replace_turn(Game.new("backgammon"))
    assert decide(game, 1) is None
    assert decide(game, 0) in (Action(ActionKind.ROLL, 0), Action(ActionKind.DOUBLE, 0))


def _doubled_positions() -> list[Position]:
    """Fixed match positions GNU Backgammon doubles at their own score (a cube worth using)."""
    from benchmarks.ai_sets import load

    return [Position.from_gnubg_id(c["position"]) for c in load()["cube"] if c["double"]][:6]


def test_the_computer_never_doubles_on_a_dead_cube() -> None:
    from benchmarks.ai_sets import cube_game

    positions = _doubled_positions()
    assert positions
    dead = [
        (1, (0, 0), 1, False),  # a 1-point match
        (5, (4, 2), 1, False),  # the leader after the Crawford game
        (5, (3, 1), 2, True),  # his own cube at 2 already wins him the match
        (7, (3, 2), 4, True),  # and at 4, 4-away
    ]
    doubles = 0
    for position in positions:
        for length, score, value, owned in dead:
            game = cube_game(position, length, score, value, owned)
            assert game.may(Action(ActionKind.DOUBLE, 0))  # the engine would take it
            assert not core.cube_decision(position, core.cube_of(game, 0), 0).available
            for name, level in LEVELS.items():
                for seed in range(8 if level.noise else 1):
                    action = decide(game, 0, level, random.Random(seed))
                    assert action == Action(ActionKind.ROLL, 0), (name, length, score, value)
        live = cube_game(position, 7, (3, 2), 2, True)  # 4-away with his cube at 2
        for seed in range(8):
            doubles += decide(live, 0, LEVELS["casual"], random.Random(seed)) == Action(
                ActionKind.DOUBLE, 0
            )
    assert doubles > 0  # the same positions are doubled where the cube is alive


def test_a_one_point_match_is_played_without_a_double() -> None:
    for seed in range(6):
        game = play_computer_game("backgammon", ("casual", "beginner"), seed, match_length=1)
        assert game.is_over
        assert all(e.action != "double" for e in game.log)
