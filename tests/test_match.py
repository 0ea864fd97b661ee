"""Match play to N points with the Crawford rule, and money sessions with a running score."""

from __future__ import annotations

import json

import pytest

from engine.cube import Options
from engine.errors import EngineError, IllegalAction, UnsupportedSchema
from engine.game import Action, ActionKind, DiceSequence, Game, Phase
from engine.match import Match
from engine.movegen import Play, Step
from engine.result import WinKind

OPENING = Play((Step(13, 7), Step(8, 7)))


def code_of(call: object) -> str:
    """The code of the IllegalAction raised by a zero-argument callable."""
    assert callable(call)
    with pytest.raises(IllegalAction) as info:
        call()
    return info.value.code


def start(match: Match, first: int = 0) -> Match:
    """Opening roll 6-1 for ``first``, who plays 13/7 8/7."""
    dice = [6, 1] if first == 0 else [1, 6]
    match = match.apply(Action(ActionKind.ROLL, first), DiceSequence(dice))
    return match.apply(Action(ActionKind.PLAY, first, play=OPENING))


def win(match: Match, winner: int, kind: WinKind = WinKind.SINGLE, *, cube: bool = False) -> Match:
    """Start the current game, optionally turn the cube, and let the loser resign ``kind``."""
    match = start(match, first=1 - winner)  # the loser opens; the winner is then on turn
    if cube:
        match = match.apply(Action(ActionKind.DOUBLE, winner)).apply(
            Action(ActionKind.TAKE, 1 - winner)
        )
    match = match.apply(Action(ActionKind.RESIGN, 1 - winner, resign=kind))
    return match.apply(Action(ActionKind.RESIGN_ACCEPT, winner))


def test_score_counts_each_game() -> None:
    match = win(Match.new(7), 0, WinKind.GAMMON)
    assert match.score == (2, 0) and not match.is_over and match.winner is None
    match = win(match.next_game(), 1, WinKind.SINGLE, cube=True)
    assert match.score == (2, 2)
    assert match.game.score == (2, 0)  # the score before that game
    assert len(match.games) == 2


def test_crawford_game_no_doubling_then_allowed_right_after() -> None:
    match = win(Match.new(5), 0, WinKind.GAMMON, cube=True)  # 4-0: 1 away
    assert match.score == (4, 0)
    match = match.next_game()
    assert match.game.crawford and match.crawford_done and not match.post_crawford
    match = start(match, first=0)
    assert code_of(lambda: match.apply(Action(ActionKind.DOUBLE, 1))) == "crawford_no_double"
    match = match.apply(Action(ActionKind.ROLL, 1), DiceSequence([3, 1]))
    match = match.apply(Action(ActionKind.PLAY, 1, play=Play((Step(8, 5), Step(6, 5)))))
    assert code_of(lambda: match.apply(Action(ActionKind.DOUBLE, 0))) == "crawford_no_double"
    match = match.apply(Action(ActionKind.RESIGN, 0, resign=WinKind.SINGLE))
    match = match.apply(Action(ActionKind.RESIGN_ACCEPT, 1))
    assert match.score == (4, 1)
    # The next game is post-Crawford: the trailer may double at once.
    match = match.next_game()
    assert not match.game.crawford and match.post_crawford
    match = start(match, first=0)
    match = match.apply(Action(ActionKind.DOUBLE, 1))
    assert match.game.phase is Phase.DOUBLED


def test_crawford_happens_only_once() -> None:
    match = win(Match.new(5), 0, WinKind.GAMMON, cube=True)  # 4-0
    match = win(match.next_game(), 1, WinKind.BACKGAMMON)  # Crawford game lost: 4-3
    assert match.games[-1].crawford
    match = win(match.next_game(), 1)  # 4-4: both 1 away, post-Crawford
    assert match.score == (4, 4)
    match = match.next_game()
    assert not match.game.crawford
    assert [g.crawford for g in match.games] == [False, True, False, False]


def test_no_crawford_for_a_player_reaching_n_minus_1_after_it() -> None:
    match = win(Match.new(5), 1, WinKind.GAMMON, cube=True)  # 0-4
    match = win(match.next_game(), 0)  # Crawford game: 1-4
    match = win(match.next_game(), 0, WinKind.BACKGAMMON)  # 4-4
    assert not match.next_game().game.crawford


def test_match_ends_exactly_at_n() -> None:
    match = win(Match.new(3), 0, WinKind.GAMMON)  # 2-0, Crawford next
    match = win(match.next_game(), 0)
    assert match.score == (3, 0) and match.is_over and match.winner == 0
    assert code_of(match.next_game) == "match_over"
    assert (
        code_of(lambda: match.apply(Action(ActionKind.ROLL, 0), DiceSequence([1, 2])))
        == "match_over"
    )


def test_match_ends_past_n_and_a_match_winning_gammon_counts_fully() -> None:
    match = win(Match.new(3), 1)  # 0-1
    match = win(match.next_game(), 1, WinKind.GAMMON, cube=True)  # 0-5
    assert match.score == (0, 5) and match.is_over and match.winner == 1


def test_one_point_match() -> None:
    match = win(Match.new(1), 1)
    assert match.is_over and match.winner == 1 and not match.crawford_done


def test_next_game_refused_while_the_game_runs() -> None:
    match = start(Match.new(5))
    assert code_of(match.next_game) == "game_running"


def test_match_options_drop_money_rules() -> None:
    opts = Options(jacoby=True, beaver=True, auto_doubles=True, cube_limit=16)
    match = Match.new(5, options=opts)
    assert match.options == opts
    game_opts = match.game.options
    assert (game_opts.jacoby, game_opts.beaver, game_opts.auto_doubles) == (False, False, False)
    assert game_opts.cube_limit == 16


def test_money_session_running_score() -> None:
    session = Match.new(0, options=Options(jacoby=True))
    session = win(session, 0, WinKind.GAMMON)  # Jacoby, cube centred: 1
    session = win(session.next_game(), 1, WinKind.GAMMON, cube=True)  # 2 x 2
    session = win(session.next_game(), 1)
    assert session.score == (1, 5)
    assert not session.is_over and session.winner is None
    assert not any(g.crawford for g in session.games)
    assert session.next_game().game.options == session.options


@pytest.mark.parametrize(("rule", "expected"), [("winner", 1), ("alternate", 1), ("roll", None)])
def test_next_game_starts(rule: str, expected: int | None) -> None:
    match = win(Match.new(0, options=Options(next_game_starts=rule)), 1)
    assert match.game.first == 0  # the loser opened
    nxt = match.next_game().game
    assert nxt.first == expected
    assert nxt.phase is (Phase.OPENING if expected is None else Phase.ROLL)


def test_round_trip_and_schema() -> None:
    match = win(Match.new(5, options=Options(cube_limit=32)), 0, WinKind.GAMMON, cube=True)
    match = start(match.next_game())
    data = json.loads(json.dumps(match.to_dict()))
    assert Match.from_dict(data) == match
    with pytest.raises(UnsupportedSchema, match="newer"):
        Match.from_dict({**data, "v": 7})
    bad_game = dict(data["games"][0], v=9)
    with pytest.raises(UnsupportedSchema):
        Match.from_dict({**data, "games": [bad_game, *data["games"][1:]]})
    with pytest.raises(EngineError):
        Match.from_dict({**data, "games": data["games"][1:]})  # score does not follow
    with pytest.raises(EngineError):
        Match.from_dict({**data, "games": []})


def test_with_game_accepts_only_a_continuation() -> None:
    match = Match.new(5)
    game = match.game.roll(0, DiceSequence([6, 1]))
    assert match.with_game(game).game == game
    with pytest.raises(EngineError):
        match.with_game(Game.new())
    with pytest.raises(EngineError):
        Match.new(-1)


def test_saved_match_breaking_the_crawford_rule_is_refused() -> None:
    match = win(Match.new(3), 0, WinKind.GAMMON).next_game()  # 2-0: Crawford game
    data = match.to_dict()
    data["games"][1]["match"][3] = 0  # claims the game after 2-0 is not the Crawford game
    with pytest.raises(EngineError, match="Crawford"):
        Match.from_dict(data)
    over = win(Match.new(1), 0)
    data = over.to_dict()
    extra = dict(data["games"][0])
    extra.pop("result")
    extra["phase"] = "opening"
    extra["match"] = [1, 1, 0, 0]
    for key in ("log", "turn", "first", "pos"):
        extra.pop(key, None)
    extra["pos"] = Game.new().to_dict()["pos"]
    with pytest.raises(EngineError, match="over"):
        Match.from_dict({**data, "games": [*data["games"], extra]})


def test_match_log_lists_every_action_with_its_game() -> None:
    match = win(win(Match.new(5), 0).next_game(), 1, cube=True)
    log = match.log
    assert [k for k, _ in log] == sorted(k for k, _ in log)
    assert {k for k, _ in log} == {1, 2}
    assert [e.action for k, e in log if k == 2] == [
        "opening",
        "move",
        "double",
        "take",
        "resign",
        "resign_accept",
        "win",
    ]
    assert sum(len(g.log) for g in match.games) == len(log)
