"""Position ID, Match ID and XGID of running games, read back by GNU Backgammon (``set xgid``)."""

from __future__ import annotations

import random
import re
import subprocess
from dataclasses import replace

import pytest
from test_game_properties import _step_game
from test_matfile import _gnubg

from engine.cube import CubeState, Options
from engine.errors import EngineError
from engine.game import DiceSequence, Game, Phase
from engine.ids import MatchIdFields
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
    """Our Match ID with the player on turn numbered 1, as gnubg numbers the XGID's bottom side."""
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
    assert game.xgid() == "XGID=a-----N-----l-----------bA:2:1:1:D:0:0:3:0:6"


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
