"""The game state machine: opening roll, turns, play building, confirm, the end of a game."""

from __future__ import annotations

import doctest
import importlib
import json
from dataclasses import replace

import pytest

from engine.builder import PlayBuilder
from engine.cube import Options
from engine.errors import EngineError, IllegalAction, UnsupportedSchema
from engine.game import (
    Action,
    ActionKind,
    DiceSequence,
    Game,
    Phase,
    Reason,
    Variant,
    find_variant,
    register_variant,
)
from engine.game_data import SCHEMA_VERSION
from engine.movegen import Play, Step
from engine.position import Position
from engine.result import WinKind


class refused:
    """Expect an :class:`IllegalAction` with this ``code`` and a message."""

    def __init__(self, code: str) -> None:
        self.code = code

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: object, exc: object, tb: object) -> bool:
        assert isinstance(exc, IllegalAction), f"expected IllegalAction {self.code}, got {exc!r}"
        assert exc.code == self.code, f"expected code {self.code}, got {exc.code}: {exc}"
        assert str(exc)
        return True


def started(d0: int = 5, d1: int = 2) -> Game:
    """A money game after the opening roll (player 0 rolled ``d0``, player 1 ``d1``)."""
    return Game.new().roll(0, DiceSequence([d0, d1]))


# -- opening roll ---------------------------------------------------------------------------------


def test_opening_roll_higher_die_moves_first_with_both_numbers() -> None:
    game = Game.new().roll(1, DiceSequence([2, 5]))
    assert game.phase is Phase.MOVE
    assert game.turn == 1
    assert game.dice == (5, 2)
    assert game.first == 1
    assert [(e.player, e.action, e.value) for e in game.log] == [(None, "opening", (2, 5))]


def test_opening_ties_are_rolled_again_and_logged() -> None:
    game = Game.new().roll(0, DiceSequence([3, 3, 6, 6, 4, 1]))
    assert game.turn == 0
    assert game.dice == (4, 1)
    assert [e.value for e in game.log] == [(3, 3), (6, 6), (4, 1)]
    assert game.cube.value == 1  # auto doubles are off by default


def test_position_is_seen_from_the_player_on_turn() -> None:
    game = started(2, 6)
    assert game.turn == 1
    game = game.play(1, Play((Step(24, 18), Step(18, 16))))
    assert game.turn == 0
    assert game.board(1).player[15] == 1  # player 1's checker on his 16 point
    assert game.board(0).opponent[15] == 1
    assert game.board(0) == game.position


# -- turns ----------------------------------------------------------------------------------------


def test_roll_move_confirm_alternate() -> None:
    game = started()
    game = game.add_step(0, Step(13, 8)).add_step(0, (13, 11))
    assert game.builder.is_complete
    game = game.confirm(0)
    assert (game.phase, game.turn, game.dice) == (Phase.ROLL, 1, None)
    game = game.roll(1, DiceSequence([6, 4]))
    assert game.phase is Phase.MOVE and game.dice == (6, 4)
    assert game.log[-1].action == "roll" and game.log[-1].value == (6, 4)
    assert game.log[-2].value[0] == Play((Step(13, 8), Step(13, 11))).notation()


def test_actions_out_of_turn_are_refused() -> None:
    game = started()
    with refused("not_your_turn"):
        game.add_step(1, Step(13, 8))
    with refused("already_rolled"):
        game.roll(0, DiceSequence([1, 2]))
    with refused("already_rolled"):
        game.double(0)
    game = game.play(0, Play((Step(13, 8), Step(13, 11))))
    with refused("not_your_turn"):
        game.roll(0, DiceSequence([1, 2]))
    with refused("must_roll_first"):
        game.add_step(1, Step(13, 8))
    with refused("must_roll_first"):
        game.confirm(1)
    with refused("no_double_pending"):
        game.take(0)


def test_nothing_before_the_opening_roll() -> None:
    game = Game.new()
    assert game.allowed(0) == frozenset({"roll"}) == game.allowed(1)
    with refused("game_not_started"):
        game.double(0)
    with refused("game_not_started"):
        game.add_step(0, Step(13, 8))
    with refused("resign_not_allowed"):
        game.offer_resign(0, WinKind.SINGLE)


def test_step_building_with_undo_and_reset() -> None:
    game = started(3, 1)
    steps = game.next_steps()
    assert Step(8, 5) in steps and Step(13, 12) not in steps  # 12 is the opponent's midpoint
    game = game.add_step(0, Step(8, 5))
    with refused("play_incomplete"):
        game.confirm(0)
    game = game.undo(0)
    assert game.steps == ()
    with refused("nothing_to_undo"):
        game.undo(0)
    game = game.add_step(0, Step(8, 5)).add_step(0, Step(6, 5))
    assert game.reset_play(0).steps == ()
    with refused("step_not_legal"):
        game.add_step(0, Step(24, 23))  # both dice are used
    game = game.confirm(0)
    assert game.board(0).player[4] == 2


def test_next_steps_respect_the_higher_die_rule() -> None:
    # 24/18 and 24/19 are each playable, but the 13 point is closed so not both: play the 6.
    pos = Position.from_points({24: 1}, {12: 2, 2: 13})
    builder = PlayBuilder(pos, (6, 5))
    assert builder.next_steps() == (Step(24, 18),)
    assert builder.is_forced
    assert builder.add(Step(24, 18)).is_complete


def test_next_steps_respect_maximum_usage() -> None:
    # The 18 point is closed: the 6 cannot be played first, but 24/23/17 plays both dice.
    pos = Position.from_points({24: 1}, {7: 2, 13: 13})
    builder = PlayBuilder(pos, (6, 1))
    assert builder.next_steps() == (Step(24, 23),)
    builder = builder.add(Step(24, 23))
    assert builder.next_steps() == (Step(23, 17),)
    assert builder.add(Step(23, 17)).is_complete


def test_forced_and_no_play_are_flagged() -> None:
    # On the bar against a closed board: nothing can be played, the empty play completes.
    closed = {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 8: 3}
    game = Game(
        "backgammon",
        Options(),
        Position.from_points({25: 1, 13: 14}, closed),
        phase=Phase.ROLL,
        turn=0,
    )
    game = game.roll(0, DiceSequence([6, 6]))
    assert game.no_play and game.next_steps() == ()
    assert "confirm" in game.allowed(0)
    game = game.confirm(0)
    assert game.turn == 1 and game.log[-1].value == ("no move",)


def test_a_player_who_cannot_move_may_still_double() -> None:
    closed = {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 8: 3}
    game = Game(
        "backgammon",
        Options(),
        Position.from_points({25: 1, 13: 14}, closed),
        phase=Phase.ROLL,
        turn=0,
    )
    assert "double" in game.allowed(0)
    assert game.double(0).phase is Phase.DOUBLED


def test_whole_play_and_illegal_play() -> None:
    game = started(6, 5)
    with refused("illegal_play"):
        game.play(0, Play((Step(24, 18), Step(13, 7))))  # uses 6 twice
    game = game.play(0, Play((Step(24, 18), Step(18, 13))))
    assert game.log[-1].value[0] == "24/13"


def test_bear_off_wins_with_gammon_and_backgammon() -> None:
    pos = Position.from_points({1: 1}, {19: 1, 13: 14})
    game = Game("backgammon", Options(jacoby=False), pos, phase=Phase.ROLL, turn=1)
    game = game.roll(1, DiceSequence([2, 1]))
    game = game.play(1, Play((Step(1, 0),)))
    assert game.is_over
    assert game.result is not None
    assert (game.result.winner, game.result.kind, game.result.points) == (
        1,
        WinKind.BACKGAMMON,
        3,
    )
    assert game.result.reason is Reason.BEAR_OFF
    assert game.log[-1].action == "win"
    with refused("game_over"):
        game.roll(0, DiceSequence([1, 2]))
    assert game.allowed(0) == frozenset() == game.allowed(1)


# -- resign ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", list(WinKind))
def test_resign_accepted(kind: WinKind) -> None:
    game = Game.new(options=Options(jacoby=False)).roll(0, DiceSequence([5, 2]))
    game = game.offer_resign(1, kind)
    assert game.responder == 0
    with refused("resign_pending"):
        game.play(0, Play((Step(13, 8), Step(13, 11))))
    with refused("not_your_turn"):
        game.accept_resign(1)
    game = game.accept_resign(0)
    assert game.result is not None
    assert (game.result.winner, game.result.kind, game.result.points) == (0, kind, int(kind))
    assert game.result.reason is Reason.RESIGN


def test_resign_declined_play_goes_on() -> None:
    game = started().add_step(0, Step(13, 8))
    game = game.offer_resign(0, WinKind.GAMMON).decline_resign(1)
    assert game.resign is None and game.steps == (Step(13, 8),)
    with refused("no_resign_pending"):
        game.accept_resign(1)
    assert [e.action for e in game.log][-2:] == ["resign", "resign_decline"]


def test_resign_under_jacoby_with_centred_cube_counts_single() -> None:
    game = started().offer_resign(1, WinKind.GAMMON).accept_resign(0)
    assert game.result is not None and game.result.points == 1


# -- lost on time ---------------------------------------------------------------------------------


def test_a_game_lost_on_time_is_a_single_game_at_the_cubes_value_and_says_so() -> None:
    game = Game.new(options=Options(jacoby=False)).roll(0, DiceSequence([5, 2]))
    game = game.play(0, Play((Step(13, 8), Step(13, 11)))).double(1).take(0)
    # Player 1 is to roll with the cube on 2: the game waits for him, not for player 0.
    with refused("not_your_turn"):
        game.time_out(0)
    over = game.time_out(1)
    assert over.result is not None
    assert (over.result.winner, over.result.kind, over.result.points) == (0, WinKind.SINGLE, 2)
    assert over.result.reason is Reason.TIME
    assert [(e.player, e.action) for e in over.log[-2:]] == [(1, "time"), (0, "win")]
    assert over.log[-1].value == (2, int(WinKind.SINGLE), "time")
    with refused("game_over"):
        over.time_out(1)
    # Stored and read back as it was.
    assert Game.from_dict(json.loads(json.dumps(over.to_dict()))) == over


def test_a_double_or_beaver_left_unanswered_on_time_counts_as_refused() -> None:
    doubled = started().play(0, Play((Step(13, 8), Step(13, 11)))).double(1)
    over = doubled.time_out(0)
    assert over.result is not None
    assert (over.result.winner, over.result.points, over.result.reason) == (1, 1, Reason.TIME)
    money = Game.new(options=Options(beaver=True)).roll(0, DiceSequence([5, 2]))
    beavered = money.play(0, Play((Step(13, 8), Step(13, 11)))).double(1).beaver(0)
    # The doubler is to answer the beaver: he loses what a refusal loses (the doubled stake).
    with refused("not_your_turn"):
        beavered.time_out(0)
    over = beavered.time_out(1)
    assert over.result is not None
    assert (over.result.winner, over.result.points, over.result.reason) == (0, 2, Reason.TIME)
    refusal = beavered.refuse_beaver(1).result
    assert refusal is not None and over.result.points == refusal.points


def test_a_resignation_offered_by_the_claimer_does_not_change_a_loss_on_time() -> None:
    game = started().offer_resign(0, WinKind.GAMMON)  # to player 1, who does not answer
    with refused("game_not_started"):
        Game.new().time_out(0)
    over = game.time_out(1)
    assert over.result is not None and over.resign is None
    assert (over.result.winner, over.result.kind, over.result.points) == (0, WinKind.SINGLE, 1)


# -- actions as data ------------------------------------------------------------------------------


def test_apply_dispatches_actions() -> None:
    game = Game.new().apply(Action(ActionKind.ROLL, 0), DiceSequence([5, 2]))
    game = game.apply(Action(ActionKind.STEP, 0, step=Step(13, 8)))
    game = game.apply(Action(ActionKind.STEP, 0, step=Step(13, 11)))
    game = game.apply(Action(ActionKind.CONFIRM, 0))
    assert game.turn == 1
    assert game.may(Action(ActionKind.DOUBLE, 1)) and not game.may(Action(ActionKind.DOUBLE, 0))
    with pytest.raises(EngineError):
        game.apply(Action(ActionKind.ROLL, 1))


# -- serialisation --------------------------------------------------------------------------------


def test_round_trip_through_json() -> None:
    game = started().add_step(0, Step(13, 8)).offer_resign(1, WinKind.GAMMON)
    data = json.loads(json.dumps(game.to_dict()))
    assert data["v"] == SCHEMA_VERSION == 2
    assert isinstance(data["log"], str)  # the compact log (engine.record)
    assert Game.from_dict(data) == game
    assert Game.from_dict(Game.new().to_dict()) == Game.new()


def test_newer_or_unknown_schema_is_refused() -> None:
    data = started().to_dict()
    with pytest.raises(UnsupportedSchema, match="newer"):
        Game.from_dict({**data, "v": SCHEMA_VERSION + 1})
    with pytest.raises(UnsupportedSchema, match="unknown"):
        Game.from_dict({**data, "v": 0})
    with pytest.raises(UnsupportedSchema):
        Game.from_dict({k: v for k, v in data.items() if k != "v"})
    with pytest.raises(UnsupportedSchema):
        Game.from_dict({**data, "v": "1"})


def test_corrupt_state_is_refused() -> None:
    data = started().to_dict()
    for bad in (
        {**data, "phase": "dancing"},
        {**data, "turn": 2},
        {**data, "dice": [7, 1]},
        {**data, "pos": "nonsense"},
        {**data, "variant": "chess"},
        {**data, "steps": [[24, 10, 0, 6]]},
        {**data, "options": {"colour": "red"}},
    ):
        with pytest.raises(EngineError) as info:
            Game.from_dict(bad)
        assert info.value.code == "corrupt_state"


# -- variants -------------------------------------------------------------------------------------


def test_variant_registry() -> None:
    assert find_variant("backgammon").position_cls is Position
    with pytest.raises(EngineError) as info:
        find_variant("chess")
    assert info.value.code == "unknown_variant"


def test_registered_variant_brings_its_scoring_and_options() -> None:
    def flat(kind: WinKind, cube: object, options: Options, money: bool) -> int:
        return 10

    register_variant(Variant("flat_test", scoring=flat, default_options=Options(cube=False)))
    game = Game.new("flat_test").roll(0, DiceSequence([5, 2]))
    with refused("cube_disabled"):
        game.play(0, Play((Step(13, 8), Step(13, 11)))).double(1)
    game = game.offer_resign(1).accept_resign(0)
    assert game.result is not None and game.result.points == 10
    assert Game.from_dict(game.to_dict()) == game


def test_starter_skips_the_opening_roll() -> None:
    game = Game.new(starter=1)
    assert (game.phase, game.turn, game.first) == (Phase.ROLL, 1, 1)
    game = game.roll(1, DiceSequence([4, 4]))
    assert game.dice == (4, 4)
    with refused("bad_player"):
        Game.new().roll(2, DiceSequence([1, 2]))


def test_typed_play() -> None:
    game = started(5, 2)
    with refused("illegal_play"):
        game.play(0, "24/18 13/11")
    with refused("illegal_play"):
        game.play(0, "hello")
    game = game.play(0, "13/8 13/11")
    assert game.turn == 1
    assert game.board(0).player[7] == 4 and game.board(0).player[10] == 1


@pytest.mark.parametrize(
    "kinds",
    [
        (ActionKind.DOUBLE, ActionKind.TAKE),
        (ActionKind.DOUBLE, ActionKind.PASS),
        (ActionKind.DOUBLE, ActionKind.BEAVER, ActionKind.BEAVER_ACCEPT),
        (ActionKind.DOUBLE, ActionKind.BEAVER, ActionKind.BEAVER_REFUSE),
        (ActionKind.RESIGN, ActionKind.RESIGN_ACCEPT),
        (ActionKind.RESIGN, ActionKind.RESIGN_DECLINE),
    ],
)
def test_each_action_is_logged_under_its_own_name(kinds: tuple[ActionKind, ...]) -> None:
    """One spelling: the entry an action writes in the log is named as the action (the stored
    logs' spelling), and :meth:`Game.allowed` offers it by that name."""
    game = started(3, 1).play(0, "8/5 6/5").roll(1, DiceSequence([6, 6]))
    game = game.play(1, "24/18(2) 13/7(2)")
    game = replace(game, options=Options(beaver=True))
    for kind in kinds:
        player = game.turn if game.responder is None else game.responder
        assert player is not None and kind in game.allowed(player)
        game = game.apply(Action(kind, player, resign=WinKind.SINGLE))
        written = [e.action for e in game.log if e.action not in ("win", "draw")]
        assert written[-1] == kind


def _last_roll_game(opponent_checkers: int) -> Game:
    register_variant(Variant("draw_test", allows_draw=True))
    pos = Position.from_points({1: 1}, {1: opponent_checkers})
    return Game("draw_test", Options(last_roll_draw=True), pos, phase=Phase.ROLL, turn=0, first=0)


def test_last_roll_draw() -> None:
    game = _last_roll_game(2).roll(0, DiceSequence([3, 1]))
    game = game.play(0, Play((Step(1, 0),)))
    assert not game.is_over and game.last_roll and game.turn == 1
    with refused("last_roll_no_double"):
        game.double(1)
    game = game.roll(1, DiceSequence([2, 1])).play(1, Play((Step(1, 0), Step(1, 0))))
    assert game.result is not None
    assert (game.result.winner, game.result.points, game.result.reason) == (None, 0, Reason.DRAW)
    assert game.log[-1].action == "draw"
    assert Game.from_dict(game.to_dict()) == game


def test_last_roll_that_does_not_finish() -> None:
    game = _last_roll_game(3).roll(0, DiceSequence([3, 1]))
    game = game.play(0, Play((Step(1, 0),)))
    assert game.last_roll and Game.from_dict(game.to_dict()) == game
    game = game.roll(1, DiceSequence([2, 1])).play(1, Play((Step(1, 0), Step(1, 0))))
    assert game.result is not None
    assert (game.result.winner, game.result.kind, game.result.reason) == (
        0,
        WinKind.SINGLE,
        Reason.BEAR_OFF,
    )


def test_no_last_roll_for_the_second_player_or_without_the_option() -> None:
    game = _last_roll_game(2)
    game = replace(game, first=1).roll(0, DiceSequence([3, 1])).play(0, Play((Step(1, 0),)))
    assert game.is_over
    game = replace(_last_roll_game(2), options=Options())
    assert game.roll(0, DiceSequence([3, 1])).play(0, Play((Step(1, 0),))).is_over


@pytest.mark.parametrize(
    "module",
    [
        "game",
        "game_values",
        "game_data",
        "game_ids",
        "cube",
        "match",
        "builder",
        "steps",
        "notation",
        "movegen",
        "position",
        "ids",
    ],
)
def test_docstring_examples(module: str) -> None:
    failures, tried = doctest.testmod(importlib.import_module(f"engine.{module}"))
    assert tried > 0 and failures == 0


def test_the_log_writes_each_play_so_that_it_reads_back_the_same() -> None:
    from engine.notation import parse_play

    position = Position.from_points(
        {13: 2, 6: 5, 8: 3, 24: 2, 2: 3}, {16: 1, 6: 5, 8: 3, 24: 2, 3: 4}
    )
    game = replace(Game.new(), position=position, phase=Phase.ROLL, turn=0, first=0)
    game = game.roll(0, DiceSequence([4, 2]))
    by_text = {p.notation(): p for p in game.builder.legal_plays}
    for plain, written in [("13/7", "13/11/7"), ("13/9*/7", "13/9*/7"), ("8/4 6/4", "8/4 6/4")]:
        after = game.play(0, by_text[plain])
        assert after.log[-1].value[0] == written
        assert parse_play(position, (4, 2), written) == by_text[plain]
        assert game.play(0, written).log == after.log


def test_game_and_match_take_variant_and_length_the_same_way() -> None:
    from engine.match import Match

    for variant in ("backgammon", "long_nardy"):
        game = Game.new(variant=variant, length=5)
        assert game == Game.new(variant, match_length=5)
        match = Match.new(variant=variant, length=5)
        assert match.game == game and match.length == 5
        assert Game.new(variant=variant, length=0).money
    with pytest.raises(EngineError) as info:
        Game.new(length=5, match_length=3)
    assert info.value.code == "bad_length"
    with pytest.raises(EngineError):
        Game.new(length=-1)


def test_position_after_in_either_view() -> None:
    start = Position.initial()
    play = Play((Step(24, 18, False), Step(13, 11, False)))
    theirs = start.after(play)
    mine = start.after(play, view="mover")
    assert mine == theirs.swapped()
    assert mine.player[17] == 1 and mine.player[10] == 1 and mine.pips() == (159, 167)
    assert theirs.pips() == (167, 159)
    assert start.after(play, view="opponent") == theirs
    with pytest.raises(EngineError):
        start.after(play, view="me")  # type: ignore[arg-type]
