"""Position ID, Match ID and XGID of running games: read back by the engine to the same game,
and by GNU Backgammon (``set xgid``, ``set matchid`` and ``set board``) with the same player on
roll.

The players are numbered as gnubg numbers them in both forms: player 0 is its player 0, O at the
top of its board (and of an XGID's), player 1 its player 1, X at the bottom.
"""

from __future__ import annotations

import random
import re
import subprocess
from dataclasses import replace

import pytest
from gnubg_support import run as run_gnubg
from hypothesis import given, settings
from hypothesis import strategies as st
from test_game_properties import _step_game
from test_matfile import _gnubg

from engine.cube import CubeState, Options
from engine.errors import EngineError
from engine.game import DiceSequence, Game, Phase
from engine.ids import MatchIdFields, decode_match_id
from engine.position import Position


def _states(seed: int, length: int, options: Options, count: int) -> list[Game]:
    """Running game states (no resignation pending, not over) from random play."""
    rng = random.Random(seed)
    game = Game.new(options=options, match_length=length, score=(1, 2) if length else (0, 0))
    out: list[Game] = []
    for _ in range(3000):
        if game.is_over:
            game = Game.new(options=options, match_length=length)
            continue
        game = _step_game(game, rng, eager=0.3)
        wanted = game.phase not in (Phase.OPENING, Phase.BEAVERED, Phase.OVER)
        if wanted and game.resign is None and rng.random() < 0.2:
            out.append(game)
        if len(out) >= count:
            break
    return out


def _relabelled(game: Game) -> str:
    """Our Match ID with the player on turn numbered 1, as gnubg shows it after ``set xgid``: when
    O is on roll it swaps the two players to bring him to the bottom (it asks whether to, and
    reading its commands from a pipe it does)."""
    fields = game.match_id_fields()
    bottom = game.turn
    assert bottom is not None

    def seat(player: int) -> int:
        return 1 if player == bottom else 0

    relabelled = replace(
        fields,
        cube_owner=3 if fields.cube_owner == 3 else seat(fields.cube_owner),
        on_roll=seat(fields.on_roll),
        to_act=seat(fields.to_act),
        score=(fields.score[1 - bottom], fields.score[bottom]),
    )
    if game.phase is Phase.DOUBLED:
        # gnubg 1.07's ``set xgid`` reads the ``D`` of a pending double as "not rolled yet".
        relabelled = replace(relabelled, doubled=False, to_act=1)
    return relabelled.match_id()


def test_gnubg_reads_our_xgids() -> None:
    states = [
        *_states(1, 7, Options(), 12),
        *_states(2, 0, Options(), 10),
        *_states(3, 0, Options(jacoby=False, beaver=True, cube_limit=16), 10),
        *_states(4, 5, Options(), 8),
    ]
    crawford = Game.new(match_length=5, score=(4, 2), crawford=True)
    states.append(crawford.roll(1, DiceSequence([1, 6])))
    assert any(s.phase is Phase.DOUBLED for s in states)
    assert any(s.phase is Phase.MOVE for s in states)
    assert any(s.cube.owner is not None for s in states)
    # gnubg prints the board once or more per state; "show score" closes each state's output.
    commands = "".join(f"set xgid {s.xgid()}\nshow board\nshow score\n" for s in states)
    run = subprocess.run(
        [_gnubg(), "-t", "-q"], input=commands, capture_output=True, text=True, timeout=300
    )
    chunks = run.stdout.split("The score (after")[:-1]
    assert len(chunks) == len(states), run.stdout[-2000:]
    positions = [re.findall(r"Position ID: (\S+)", c)[-1] for c in chunks]
    matches = [re.findall(r"Match ID   : (\S+)", c)[-1] for c in chunks]
    for state, pos, mid in zip(states, positions, matches, strict=True):
        assert pos == state.position_id(), state.xgid()
        assert mid == _relabelled(state), (state.xgid(), state.phase)


def test_xgid_examples() -> None:
    # Player 1 (X, at the bottom) on roll with 6-2: the XGID's scores are X's, then O's.
    game = Game.new(match_length=7, score=(3, 5)).roll(1, DiceSequence([2, 6]))
    assert game.xgid() == "XGID=-b----E-C---eE---c-e----B-:0:0:1:62:5:3:0:7:6"
    game = Game(
        "backgammon",
        Options(beaver=True),
        Position.from_points({25: 1, 6: 14}, {1: 2, 25: 1, 13: 12}),
        phase=Phase.DOUBLED,
        turn=0,
        cube=CubeState(4, 0, True),
    )
    # Player 0 (O, at the top) has doubled to 8 with the cube he owns.
    assert game.xgid() == "XGID=aB-----------L-----n-----A:2:-1:-1:D:0:0:3:0:6"


def test_ids_that_cannot_be_written() -> None:
    game = Game.new(options=Options(cube_progression="arithmetic"))
    game = replace(game.roll(0, DiceSequence([5, 2])), cube=CubeState(3, 1, True))
    with pytest.raises(EngineError) as info:
        game.xgid()
    assert info.value.code == "not_exportable"
    with pytest.raises(EngineError):
        game.match_id()
    with pytest.raises(EngineError):
        MatchIdFields(0, 3, 0, False, 1, 0, False, 0, (0, 0), 1 << 15, (0, 0)).match_id()


def test_match_id_before_the_opening_and_of_a_finished_game() -> None:
    fields = Game.new(match_length=5).match_id_fields()
    assert (fields.game_state, fields.dice, fields.cube_owner) == (1, (0, 0), 3)
    game = Game.new(match_length=5).roll(0, DiceSequence([6, 1]))
    game = game.offer_resign(1).accept_resign(0)
    fields = game.match_id_fields()
    assert (fields.game_state, fields.resigned, fields.score) == (3, 1, (1, 0))
    # gnubg knows no loss on time: the Match ID says what the score says, a single game
    # conceded by the player who ran out of time.
    to_move = Game.new(match_length=5).roll(0, DiceSequence([6, 1]))
    resigned = to_move.offer_resign(0).accept_resign(1)
    assert to_move.time_out(0).match_id_fields() == resigned.match_id_fields()


# -- the same game read back, in both forms ------------------------------------------------------


@st.composite
def running_games(draw: st.DrawFn) -> Game:
    """A backgammon game on turn at any position: to roll, to move or doubled, the cube anywhere
    it can be, money play or a match at any score (the Crawford game and after it too)."""
    mover, other = [0] * 25, [0] * 25
    for _ in range(draw(st.integers(1, 15))):
        mover[draw(st.integers(0, 24))] += 1
    for _ in range(draw(st.integers(1, 15))):
        # the opponent's point i is the mover's point 23 - i: never both sides on one point
        free = [i for i in range(25) if i == 24 or not mover[23 - i]]
        other[draw(st.sampled_from(free))] += 1
    turn = draw(st.integers(0, 1))
    length = draw(st.sampled_from((0, 0, 1, 3, 5, 7, 11, 25)))
    if length:
        score = (draw(st.integers(0, length - 1)), draw(st.integers(0, length - 1)))
        crawford = length - 1 in score and draw(st.booleans())
        options = Options().for_match()
    else:
        score = (draw(st.integers(0, 40)), draw(st.integers(0, 40)))
        crawford = False
        options = Options(jacoby=draw(st.booleans()), beaver=draw(st.booleans()))
    log2 = 0 if crawford else draw(st.integers(0, 5))
    cube = CubeState(1 << log2, draw(st.sampled_from((0, 1))), True) if log2 else CubeState()
    phases = [Phase.ROLL, Phase.MOVE]
    if not crawford and cube.owner in (None, turn):
        phases.append(Phase.DOUBLED)
    phase = draw(st.sampled_from(phases))
    dice = (draw(st.integers(1, 6)), draw(st.integers(1, 6))) if phase is Phase.MOVE else None
    return Game(
        "backgammon",
        options,
        Position(tuple(mover), tuple(other)),
        phase=phase,
        turn=turn,
        dice=dice,
        cube=cube,
        match_length=length,
        score=score,
        crawford=crawford,
    )


def _state(game: Game) -> tuple[object, ...]:
    """What both forms record: the position, phase, player on turn, dice (either order), cube,
    score, match length and Crawford flag."""
    dice = None if game.dice is None else tuple(sorted(game.dice))
    return (
        game.position,
        game.phase,
        game.turn,
        dice,
        game.cube.value,
        game.cube.owner,
        game.score,
        game.match_length,
        game.crawford,
    )


@settings(max_examples=500, deadline=None)
@given(running_games())
def test_each_id_reads_back_to_the_game_it_was_written_from(game: Game) -> None:
    xgid = game.xgid()
    from_xgid = Game.from_xgid(xgid)
    assert _state(from_xgid) == _state(game), xgid
    assert from_xgid.xgid() == xgid
    ids = f"{game.position_id()}:{game.match_id()}"
    from_ids = Game.from_gnubg_ids(ids)
    assert _state(from_ids) == _state(game), ids
    assert f"{from_ids.position_id()}:{from_ids.match_id()}" == ids
    # Each form read back writes the other for the same game (the Match ID has no beaver rule).
    assert from_xgid.match_id() == game.match_id()
    assert _state(Game.from_xgid(from_ids.xgid())) == _state(game)


# -- GNU Backgammon shows our IDs with the same player on roll -----------------------------------

_NAMES = ["set player 0 name zeta", "set player 1 name one", "set player 0 name zero"]
"""gnubg's player 0 named ``zero`` and its player 1 ``one``, whatever they were called before
(a player may not take the other's name)."""


def _as_our_numbers(chunk: str) -> tuple[str, MatchIdFields]:
    """The Position ID and the Match ID's fields of the last board gnubg drew in ``chunk``, its
    players numbered by their names (``zero`` is 0): after ``set xgid`` with O on roll gnubg
    swaps the two players, names and all, to bring the player on roll to the bottom."""
    board = chunk[chunk.rindex(" GNU Backgammon  Position ID: ") :]
    position = re.search(r"Position ID: (\S+)", board)
    match = re.search(r"Match ID   : (\S+)", board)
    top = re.search(r"O: (\w+)", board)  # gnubg's player 0
    bottom = re.search(r"X: (\w+)", board)  # its player 1
    assert position and match and top and bottom, board
    fields = decode_match_id(match.group(1))
    names = (top.group(1), bottom.group(1))
    if names == ("one", "zero"):

        def swap(player: int) -> int:
            return player if player == 3 else 1 - player

        fields = replace(
            fields,
            cube_owner=swap(fields.cube_owner),
            on_roll=swap(fields.on_roll),
            to_act=swap(fields.to_act),
            score=(fields.score[1], fields.score[0]),
        )
    else:
        assert names == ("zero", "one"), board
    return position.group(1), fields


def test_gnubg_puts_the_same_player_on_roll_from_our_xgid_and_our_match_id() -> None:
    """Each state's XGID and its Position ID and Match ID, set in gnubg: the board it shows has
    the same player on roll, the same cube owner, score, dice and Crawford flag as ours, player 0
    being its player 0 (O) and player 1 its player 1 (X) in both."""
    states = [
        *_states(21, 7, Options(), 14),
        *_states(22, 0, Options(), 12),
        *_states(23, 0, Options(jacoby=False, beaver=True), 8),
        *_states(24, 3, Options(), 10),
    ]
    states = [s for s in states if s.phase in (Phase.ROLL, Phase.MOVE)]
    # The Crawford game, each player leading and opening with 6-1.
    leads = Game.new(match_length=5, score=(4, 2), crawford=True).roll(0, DiceSequence([6, 1]))
    trails = Game.new(match_length=5, score=(2, 4), crawford=True).roll(1, DiceSequence([1, 6]))
    assert (leads.turn, trails.turn) == (0, 1)
    states += [leads, trails]
    assert {s.turn for s in states} == {0, 1}
    assert {s.cube.owner for s in states} == {None, 0, 1}
    assert {s.phase for s in states} == {Phase.ROLL, Phase.MOVE}
    assert any(s.crawford for s in states) and any(s.money for s in states)
    commands = ["set player 0 human", "set player 1 human", "new session"]
    for s in states:
        commands += [*_NAMES, f"set xgid {s.xgid()}", "show board", "show score"]
        commands += [*_NAMES, f"set matchid {s.match_id()}", f"set board {s.position_id()}"]
        commands += ["show board", "show score"]
    out = run_gnubg(commands, timeout=300)
    chunks = out.split("The score (after")[:-1]
    assert len(chunks) == 2 * len(states), out[-2000:]
    for k, state in enumerate(states):
        ours = (state.position_id(), decode_match_id(state.match_id()))
        assert _as_our_numbers(chunks[2 * k]) == ours, state.xgid()
        assert _as_our_numbers(chunks[2 * k + 1]) == ours, (state.position_id(), state.match_id())
