"""Games shown again from their logs (:mod:`engine.replay`), checked against what GNU
Backgammon's own match files play out."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.errors import EngineError
from engine.game import Game, LogEntry
from engine.match import Match
from engine.matfile import format_mat
from engine.replay import match_replay, replay_log
from engine.steps import Step, apply_steps

DATA = Path(__file__).parent / "data" / "mat"


@pytest.mark.parametrize("name", ["match3.mat", "match5.mat"])
def test_every_game_of_a_gnubg_file_replays_to_the_state_the_file_leads_to(name: str) -> None:
    match = Match.from_mat((DATA / name).read_text())
    packed = Match.from_dict(match.archived().to_dict())  # the finished games packed
    for index, game in enumerate(match.games):
        for source in (match, packed):
            steps = match_replay(source, index)
            assert steps[0].game.score == game.score and not steps[0].entries
            assert steps[-1].game == game
            # Every entry is shown once, in order; a roll and its play are one step.
            assert tuple(e for s in steps for e in s.entries) == game.log
            for step in steps[1:]:
                kinds = [e.action for e in step.entries]
                assert kinds[0] != "roll" or kinds[1] == "move" or step is steps[-1]


def test_each_move_step_shows_the_position_after_that_play() -> None:
    match = Match.from_mat((DATA / "match3.mat").read_text())
    steps = match_replay(match, 0)
    board = steps[0].game.board(0)
    for step in steps[1:]:
        for entry in step.entries:
            if entry.action == "move" and entry.player is not None:
                flat = [int(v) for v in entry.value[1:]]
                moves = [Step(flat[i], flat[i + 1]) for i in range(0, len(flat), 2)]
                view = board if entry.player == 0 else board.swapped()
                after = apply_steps(view, moves)
                board = after if entry.player == 0 else after.swapped()
        assert step.game.board(0) == board


def test_a_match_set_up_from_a_position_replays_from_it() -> None:
    start = Game.from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:2:4:1:5:10")
    match = Match.from_game(start)
    played = start.play(1, start.builder.legal_plays[0])
    match = match.with_game(played)
    steps = match_replay(match, 0)
    assert steps[0].game == start and steps[-1].game == played and len(steps) == 2


def test_a_match_lost_on_time_replays_and_packs_as_it_was() -> None:
    match = Match.from_mat((DATA / "match3.mat").read_text())
    last = match.games[-1]
    index = len(match.games) - 1
    entries = last.log
    # The last game again, stopped after its first two turns and lost on time there.
    start = match_replay(match, index)[0].game
    game = start
    for step in match_replay(match, index)[1:3]:
        game = step.game
    waits = game.responder if game.responder is not None else game.turn
    assert waits is not None and len(game.log) < len(entries)
    timed = game.time_out(waits)
    steps = replay_log(start, timed.log[len(start.log) :])
    assert steps[-1].game == timed
    assert [e.action for e in steps[-1].entries] == ["time", "win"]
    lost = Match(match.variant, match.length, match.options, (*match.games[:-1], timed))
    packed = Match.from_dict(lost.archived().to_dict())
    assert packed.records() == lost.records() and match_replay(packed, index)[-1].game == timed
    # The .mat file has no clock: gnubg reads a resignation, or a drop of a pending double.
    again = Match.from_mat(format_mat(lost, ("Ann", "Bob")))
    ended = again.games[-1].result
    assert ended is not None and timed.result is not None
    assert (ended.winner, ended.points) == (timed.result.winner, timed.result.points)
    assert again.score == lost.score


def test_a_log_that_does_not_replay_is_refused() -> None:
    match = Match.from_mat((DATA / "match3.mat").read_text())
    game = match.games[0]
    log = list(game.log)
    moved = next(i for i, e in enumerate(log) if e.action == "move" and len(e.value) > 2)
    entry = log[moved]
    log[moved] = LogEntry(entry.player, "move", (entry.value[0], 25, 1, *entry.value[3:]))
    with pytest.raises(EngineError) as info:
        replay_log(Game.new(), log)
    assert info.value.code == "corrupt_state"
