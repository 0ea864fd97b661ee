"""Games set up from identifiers (``Game.from_gnubg_ids``, ``Game.from_xgid``), and the IDs of
beavered states, checked against GNU Backgammon (``gnubg -t``: ``set matchid``, ``double``,
``beaver``, ``show board``)."""

from __future__ import annotations

import random
import re
import subprocess

import pytest
from test_game_properties import _step_game
from test_matfile import _gnubg

from engine.cube import CubeState, Options
from engine.errors import CorruptId
from engine.game import Action, ActionKind, DiceSequence, Game, Phase
from engine.ids import MatchIdFields
from engine.result import WinKind


def _running_states(seed: int, length: int, options: Options, count: int) -> list[Game]:
    """Every kind of running state from random play: on roll, moving, doubled, beavered, a
    resignation offered, the cube anywhere (the opening roll and finished games left out)."""
    rng = random.Random(seed)
    game = Game.new(options=options, match_length=length)
    out: list[Game] = []
    for _ in range(6000):
        if game.is_over:
            score = (rng.randint(0, length - 1), rng.randint(0, length - 1)) if length else (0, 0)
            crawford = bool(length) and length - 1 in score and rng.random() < 0.5
            game = Game.new(options=options, match_length=length, score=score, crawford=crawford)
            continue
        game = _step_game(game, rng, eager=0.4)
        if game.phase not in (Phase.OPENING, Phase.OVER) and rng.random() < 0.3:
            out.append(game)
        if len(out) >= count:
            break
    return out


def _all_states() -> list[Game]:
    states = [
        *_running_states(1, 0, Options(beaver=True), 150),
        *_running_states(2, 0, Options(jacoby=False, beaver=True, cube_limit=16), 100),
        *_running_states(3, 7, Options(), 150),
        *_running_states(4, 3, Options(), 80),
        *_running_states(5, 0, Options(auto_doubles=True, max_auto_doubles=3), 80),
    ]
    auto = Game.new(options=Options(auto_doubles=True, max_auto_doubles=3))
    auto = auto.roll(0, DiceSequence([3, 3, 4, 4, 5, 2]))
    states += [auto, auto.play(auto.turn or 0, auto.builder.legal_plays[0])]
    for state in list(states):
        beaver = Action(ActionKind.BEAVER, 1 - (state.turn or 0))
        if state.phase is Phase.DOUBLED and state.may(beaver):
            states.append(state.apply(beaver))
    phases = {s.phase for s in states}
    assert phases == {Phase.ROLL, Phase.MOVE, Phase.DOUBLED, Phase.BEAVERED}
    assert any(s.resign is not None for s in states)
    assert any(s.crawford for s in states)
    assert any(s.cube.owner is None and s.cube.value > 1 for s in states)
    return states


def _ids(game: Game) -> str:
    return f"{game.position_id()}:{game.match_id()}"


def test_gnubg_ids_set_up_the_same_state() -> None:
    for state in _all_states():
        game = Game.from_gnubg_ids(_ids(state))
        assert _ids(game) == _ids(state)
        # The Match ID writes the higher die first.
        dice = None if state.dice is None else tuple(sorted(state.dice, reverse=True))
        assert (game.phase, game.turn, game.dice) == (state.phase, state.turn, dice)
        assert (game.cube.value, game.cube.owner) == (state.cube.value, state.cube.owner)
        assert (game.score, game.match_length, game.crawford) == (
            state.score,
            state.match_length,
            state.crawford,
        )
        assert game.resign == state.resign
        assert game.position == state.position
        assert game.log == ()


def test_xgids_set_up_the_same_state() -> None:
    for state in _all_states():
        game = Game.from_xgid(state.xgid())
        assert game.xgid() == state.xgid()
        # X is player 1 and O player 0, whoever is on roll.
        assert (game.phase, game.turn, game.dice) == (state.phase, state.turn, state.dice)
        assert game.position == state.position
        assert (game.cube.value, game.cube.owner, game.cube.turned) == (
            state.cube.value,
            state.cube.owner,
            state.cube.turned,
        )
        assert (game.score, game.match_length, game.crawford) == (
            state.score,
            state.match_length,
            state.crawford,
        )
        assert game.options.beaver == (state.money and state.options.beaver)
        assert game.resign is None  # an XGID has no resignation


def test_set_up_games_play_on() -> None:
    # X (player 1) doubled and O (player 0) beavered: X answers, the cube at 4 to be O's.
    game = Game.from_xgid("XGID=-b----E-C---eE---c-e----B-:1:-1:1:B:0:0:3:0:10")
    assert game.phase is Phase.BEAVERED and game.responder == 1
    assert game.cube == CubeState(1, None, False)
    after = game.accept_beaver(1)
    assert (after.cube.value, after.cube.owner) == (4, 0)
    game = Game.from_gnubg_ids("4HPwATDgc/ABMA:cIkKAAAAAAAA")
    game = game.play(1, "13/8 13/11")
    assert game.phase is Phase.ROLL and game.turn == 0
    # X (player 1) to roll at X 4, O 2 in the Crawford game.
    match = Game.from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:4:2:1:5:10")
    assert match.crawford and match.score == (2, 4) and not match.may(Action(ActionKind.DOUBLE, 1))
    assert match.roll(1, DiceSequence([3, 1])).dice == (3, 1)


def _gnubg_run(commands: str) -> str:
    run = subprocess.run(
        [_gnubg(), "-t", "-q"], input=commands, capture_output=True, text=True, timeout=300
    )
    return run.stdout


def test_beavered_ids_are_gnubgs() -> None:
    """gnubg is set to a state on roll, doubles and beavers; its IDs are the engine's."""
    rng = random.Random(7)
    states: list[Game] = []
    for seed, options in ((11, Options(beaver=True)), (12, Options(beaver=True, jacoby=False))):
        for state in _running_states(seed, 0, options, 200):
            turn = state.turn
            if state.phase is Phase.ROLL and state.resign is None and turn is not None:
                doubled = state.double(turn) if state.may(Action(ActionKind.DOUBLE, turn)) else None
                if (
                    doubled
                    and doubled.may(Action(ActionKind.BEAVER, 1 - turn))
                    and rng.random() < 0.5
                ):
                    states.append(state)
    assert len(states) >= 20
    assert any(s.cube.owner is not None for s in states)
    head = "set player 0 human\nset player 1 human\nset beavers 3\nnew session\n"
    commands = head + "".join(
        f"set matchid {s.match_id()}\nset board {s.position_id()}\ndouble\nbeaver\n"
        "show board\nshow score\n"
        for s in states
    )
    chunks = _gnubg_run(commands).split("The score (after")[:-1]
    assert len(chunks) == len(states)
    for state, chunk in zip(states, chunks, strict=True):
        assert state.turn is not None
        beavered = state.double(state.turn).beaver(1 - state.turn)
        position = re.findall(r"Position ID: (\S+)", chunk)[-1]
        match_id = re.findall(r"Match ID   : (\S+)", chunk)[-1]
        assert (position, match_id) == (beavered.position_id(), beavered.match_id())
        # Read back, gnubg's IDs are the beavered game.
        game = Game.from_gnubg_ids(f"{position}:{match_id}")
        assert game.phase is Phase.BEAVERED and game.cube == beavered.cube
        assert game.responder == state.turn


def test_gnubg_reads_back_the_states_set_up() -> None:
    """IDs from states the engine sets up from IDs are what gnubg shows after ``set matchid``."""
    states = [s for s in _all_states() if s.phase in (Phase.ROLL, Phase.MOVE) and not s.resign]
    states = states[::4]
    games = [Game.from_gnubg_ids(_ids(s)) for s in states]
    head = "set player 0 human\nset player 1 human\nnew session\n"
    commands = head + "".join(
        f"set matchid {g.match_id()}\nset board {g.position_id()}\nshow board\nshow score\n"
        for g in games
    )
    chunks = _gnubg_run(commands).split("The score (after")[:-1]
    assert len(chunks) == len(games)
    for game, chunk in zip(games, chunks, strict=True):
        assert re.findall(r"Match ID   : (\S+)", chunk)[-1] == game.match_id()
        assert re.findall(r"Position ID: (\S+)", chunk)[-1] == game.position_id()


def _mid(**changes: object) -> str:
    fields = {
        "cube_log2": 0,
        "cube_owner": 3,
        "on_roll": 1,
        "crawford": False,
        "game_state": 1,
        "to_act": 1,
        "doubled": False,
        "resigned": 0,
        "dice": (0, 0),
        "match_length": 0,
        "score": (0, 0),
        "jacoby": True,
    }
    fields.update(changes)
    return "4HPwATDgc/ABMA:" + MatchIdFields(**fields).match_id()  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("4HPwATDgc/ABMA", "PositionID:MatchID"),
        ("4HPwATDgc/ABMA:cIkKAAAAAAAA:x", "PositionID:MatchID"),
        ("4HPwATDgc/ABM!:cIkKAAAAAAAA", "Position ID"),
        ("4HPwATDgc/ABMA:cIkKAAAAAAA", "Match ID"),
        ("//////////////:cIkKAAAAAAAA", "Position ID"),
        (_mid(game_state=0), "no game"),
        (_mid(game_state=2), "over"),
        (_mid(game_state=4), "over"),
        (_mid(cube_log2=1, cube_owner=0, doubled=True, to_act=0), "owns"),
        (_mid(match_length=5, score=(2, 1), crawford=True), "Crawford"),
        (_mid(match_length=5, score=(4, 1), crawford=True, cube_log2=1, cube_owner=0), "Crawford"),
        (_mid(match_length=5, score=(2, 1), cube_log2=1), "centred cube"),
        (_mid(match_length=5, score=(2, 1), doubled=True, to_act=1), "beavers"),
        (_mid(to_act=0), "to act"),
        (_mid(doubled=True, to_act=0, dice=(3, 1)), "no dice"),
        (_mid(doubled=True, to_act=0, resigned=1), "resignation and a double"),
        (_mid(doubled=True, to_act=1, cube_log2=1, cube_owner=1), "beaver"),
    ],
)
def test_bad_gnubg_ids_are_refused_with_the_reason(text: str, why: str) -> None:
    with pytest.raises(CorruptId) as info:
        Game.from_gnubg_ids(text)
    assert why in str(info.value)
    assert info.value.code == "corrupt_id"


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0", "not a valid XGID"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:R:0:0:3:0:10", "raccoon"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:B:0:0:3:0:10", "beaver"),
        ("XGID=-b----E-C---eE---c-e----B-:1:-1:1:B:0:0:0:5:10", "beavers are for money"),
        ("XGID=-b----E-C---eE---c-e----B-:1:-1:1:D:0:0:0:0:10", "owns"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:5:2:0:5:10", "already won"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:3:2:1:5:10", "Crawford"),
        ("XGID=-b----E-C---eE---c-e----B-:2:0:1:00:3:2:0:5:10", "centred cube"),
        ("XGID=-b----E-C---eE---c-e----B-:5:1:1:D:0:0:0:0:5", "cube limit"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:D:4:2:1:5:10", "no doubling"),
        ("XGID=--------------------------:0:0:1:00:0:0:0:0:10", "borne off"),
        ("XGID=bb----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", "checkers"),
        ("hello", "not a valid XGID"),
    ],
)
def test_bad_xgids_are_refused_with_the_reason(text: str, why: str) -> None:
    with pytest.raises(CorruptId) as info:
        Game.from_xgid(text)
    assert why in str(info.value), str(info.value)


def test_a_resignation_pending_is_set_up() -> None:
    game = Game.new(starter=0).roll(0, DiceSequence([6, 1])).offer_resign(1, WinKind.GAMMON)
    again = Game.from_gnubg_ids(_ids(game))
    assert again.resign == game.resign and again.responder == 0
    assert again.accept_resign(0).result == game.accept_resign(0).result
