"""The doubling cube and every table option of RULES.md 2.1."""

from __future__ import annotations

import pytest

from engine.cube import CubeState, Options, points
from engine.errors import EngineError, IllegalAction
from engine.game import Action, ActionKind, DiceSequence, Game, Phase, Reason
from engine.movegen import Play, Step
from engine.position import Position
from engine.result import WinKind

GAMMON_POS = Position.from_points({1: 1}, {13: 15})  # on roll wins a gammon
BACKGAMMON_POS = Position.from_points({1: 1}, {19: 1, 13: 14})  # the loser has one in our home
SINGLE_POS = Position.from_points({1: 1}, {13: 14})  # the loser has borne one off


class refused:
    """Expect an :class:`IllegalAction` with this ``code``."""

    def __init__(self, code: str) -> None:
        self.code = code

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: object, exc: object, tb: object) -> bool:
        assert isinstance(exc, IllegalAction), f"expected IllegalAction {self.code}, got {exc!r}"
        assert exc.code == self.code, f"expected code {self.code}, got {exc.code}: {exc}"
        return True


def at(
    position: Position = GAMMON_POS,
    options: Options | None = None,
    turn: int = 0,
    *,
    match_length: int = 0,
    crawford: bool = False,
    cube: CubeState | None = None,
) -> Game:
    """A game where ``turn`` is about to roll (or double) in ``position``."""
    opts = options or Options()
    if match_length:
        opts = opts.for_match()
    return Game(
        "backgammon",
        opts,
        position,
        phase=Phase.ROLL,
        turn=turn,
        cube=cube or CubeState(),
        match_length=match_length,
        crawford=crawford,
        first=0,
    )


def bear_off(game: Game) -> Game:
    """The player on turn rolls 2-1 and bears off his last checker."""
    turn = game.turn
    assert turn is not None
    game = game.roll(turn, DiceSequence([2, 1]))
    return game.play(turn, Play((Step(1, 0),)))


def won(game: Game) -> tuple[int | None, int]:
    assert game.result is not None
    return game.result.winner, game.result.points


# -- doubling, taking, passing --------------------------------------------------------------------


def test_take_gives_the_cube_to_the_taker_who_alone_may_redouble() -> None:
    game = at().double(0)
    assert game.phase is Phase.DOUBLED and game.responder == 1
    assert game.allowed(1) == frozenset({"take", "pass", "resign"} - {"resign"})
    game = game.take(1)
    assert (game.cube.value, game.cube.owner, game.cube.turned) == (2, 1, True)
    assert (game.phase, game.turn) == (Phase.ROLL, 0)  # the doubler now rolls
    with refused("cube_not_yours"):
        game.double(0)
    game = game.roll(0, DiceSequence([6, 5])).play(0, Play((Step(1, 0),)))
    assert won(game) == (0, 4)  # gammon, cube turned: 2 x 2


def test_owner_redoubles_and_ownership_passes() -> None:
    pos = Position.from_points({13: 15}, {13: 15})
    game = at(pos).double(0).take(1)
    game = game.roll(0, DiceSequence([6, 5])).play(0, Play((Step(13, 7), Step(13, 8))))
    game = game.double(1).take(0)
    assert (game.cube.value, game.cube.owner) == (4, 0)
    assert [e.action for e in game.log][-2:] == ["double", "take"]
    assert game.log[-2].value == (4,)


def test_pass_loses_the_value_before_the_double() -> None:
    game = at(cube=CubeState(4, 0, True)).double(0).pass_(1)
    assert won(game) == (0, 4)
    assert game.result is not None
    assert game.result.reason is Reason.PASS and game.result.kind is WinKind.SINGLE
    assert game.log[-2].action == "pass" and game.log[-1].value == (4, 1, "pass")


def test_double_only_before_rolling_on_ones_own_turn() -> None:
    game = at()
    with refused("not_your_turn"):
        game.double(1)
    rolled = game.roll(0, DiceSequence([3, 2]))
    with refused("already_rolled"):
        rolled.double(0)
    doubled = game.double(0)
    with refused("double_pending"):
        doubled.roll(0, DiceSequence([3, 2]))
    with refused("double_pending"):
        doubled.double(0)
    with refused("not_your_turn"):
        doubled.take(0)
    with refused("beaver_not_allowed"):
        doubled.beaver(1)
    with refused("no_beaver_pending"):
        doubled.accept_beaver(0)


@pytest.mark.parametrize(
    ("limit", "value", "allowed"),
    [(64, 32, True), (64, 64, False), (8, 4, True), (8, 8, False), (1, 1, False)],
)
def test_cube_limit(limit: int, value: int, allowed: bool) -> None:
    game = at(options=Options(cube_limit=limit), cube=CubeState(value, 0, value > 1))
    if allowed:
        assert game.double(0).take(1).cube.value == value * 2
    else:
        with refused("cube_at_limit"):
            game.double(0)


def test_arithmetic_progression() -> None:
    opts = Options(cube_progression="arithmetic")
    pos = Position.from_points({13: 15}, {13: 15})
    game = at(pos, opts)
    values = []
    for _ in range(4):
        assert game.turn is not None
        doubler = game.turn
        game = game.double(doubler).take(1 - doubler)
        values.append(game.cube.value)
        game = game.roll(doubler, DiceSequence([3, 4]))
        game = game.play(doubler, Play((Step(13, 10), Step(13, 9))))
    assert values == [2, 3, 4, 5]
    assert CubeState(63).next_value(opts) == 64
    with refused("cube_at_limit"):
        at(pos, opts, cube=CubeState(64, 0, True)).double(0)


def test_no_cube_option() -> None:
    with refused("cube_disabled"):
        at(options=Options(cube=False)).double(0)


# -- Jacoby, gammons, backgammons -----------------------------------------------------------------


def test_jacoby_gammon_counts_single_with_a_centred_cube() -> None:
    assert won(bear_off(at(GAMMON_POS))) == (0, 1)
    assert won(bear_off(at(BACKGAMMON_POS))) == (0, 1)


def test_jacoby_gammon_counts_once_the_cube_was_turned() -> None:
    game = at(GAMMON_POS, turn=1).double(1).take(0)
    game = game.roll(1, DiceSequence([3, 4])).play(1, Play((Step(1, 0),)))
    # Player 1 has only 1 checker vs player 0's 15: player 1 wins a gammon at cube 2.
    assert won(game) == (1, 4)


def test_jacoby_does_not_count_an_automatic_double_as_turned() -> None:
    game = at(GAMMON_POS, Options(auto_doubles=True), cube=CubeState(2, None, False, 1))
    assert won(bear_off(game)) == (0, 2)


def test_jacoby_off_and_in_match_play_gammons_count() -> None:
    assert won(bear_off(at(GAMMON_POS, Options(jacoby=False)))) == (0, 2)
    assert won(bear_off(at(BACKGAMMON_POS, Options(jacoby=False)))) == (0, 3)
    # Match play ignores the Jacoby option.
    assert won(bear_off(at(GAMMON_POS, Options(jacoby=True), match_length=5))) == (0, 2)


def test_single_game() -> None:
    assert won(bear_off(at(SINGLE_POS, Options(jacoby=False), cube=CubeState(8, 1, True)))) == (
        0,
        8,
    )


def test_backgammon_counts_two() -> None:
    opts = Options(jacoby=False, backgammon_counts=2)
    game = bear_off(at(BACKGAMMON_POS, opts, cube=CubeState(2, 0, True)))
    assert won(game) == (0, 4)
    assert game.result is not None and game.result.kind is WinKind.BACKGAMMON


def test_gammons_with_cube_off() -> None:
    opts = Options(jacoby=False, gammons_with_cube=False)
    assert won(bear_off(at(GAMMON_POS, opts))) == (0, 2)  # cube not in play: a gammon counts
    assert won(bear_off(at(GAMMON_POS, opts, cube=CubeState(2, 0, True)))) == (0, 2)  # 1 x 2
    assert won(bear_off(at(BACKGAMMON_POS, opts, cube=CubeState(4, 1, True)))) == (0, 4)


def test_points_function() -> None:
    turned = CubeState(2, 0, True)
    assert points(WinKind.BACKGAMMON, turned, Options(), money=True) == 6
    assert points(WinKind.BACKGAMMON, CubeState(), Options(), money=True) == 1
    assert points(WinKind.BACKGAMMON, CubeState(), Options(), money=False) == 3


# -- automatic doubles ----------------------------------------------------------------------------


def test_auto_double_on_equal_opening_dice_and_its_limit() -> None:
    game = Game.new(options=Options(auto_doubles=True, max_auto_doubles=2))
    game = game.roll(0, DiceSequence([3, 3, 5, 5, 2, 2, 6, 1]))
    assert (game.cube.value, game.cube.owner, game.cube.auto_doubles) == (4, None, 2)
    assert [e.action for e in game.log] == [
        "opening",
        "auto_double",
        "opening",
        "auto_double",
        "opening",
        "opening",
    ]
    assert game.turn == 0 and game.dice == (6, 1)
    assert not game.cube.turned
    # Either player may still double the centred cube: player 1 on his first turn.
    game = game.play(0, Play((Step(13, 7), Step(8, 7))))
    assert game.double(1).take(0).cube.value == 8


def test_auto_double_default_limit_is_one() -> None:
    game = Game.new(options=Options(auto_doubles=True)).roll(1, DiceSequence([4, 4, 4, 4, 1, 2]))
    assert game.cube.value == 2 and game.turn == 1


def test_auto_double_respects_the_cube_limit_and_progression() -> None:
    opts = Options(auto_doubles=True, max_auto_doubles=5, cube_limit=4)
    game = Game.new(options=opts).roll(0, DiceSequence([1, 1, 2, 2, 3, 3, 2, 1]))
    assert game.cube.value == 4
    opts = Options(auto_doubles=True, max_auto_doubles=3, cube_progression="arithmetic")
    game = Game.new(options=opts).roll(0, DiceSequence([1, 1, 2, 2, 3, 3, 2, 1]))
    assert game.cube.value == 4


def test_no_auto_doubles_in_a_match() -> None:
    game = Game.new(options=Options(auto_doubles=True), match_length=5)
    game = game.roll(0, DiceSequence([3, 3, 6, 1]))
    assert game.cube.value == 1
    assert not game.options.auto_doubles and not game.options.jacoby


# -- beavers --------------------------------------------------------------------------------------


def test_beaver_accepted() -> None:
    game = at(options=Options(beaver=True)).double(0).beaver(1)
    assert game.phase is Phase.BEAVERED and game.responder == 0
    with refused("not_your_turn"):
        game.accept_beaver(1)
    with refused("beaver_pending"):
        game.roll(0, DiceSequence([1, 2]))
    game = game.accept_beaver(0)
    assert (game.cube.value, game.cube.owner, game.cube.turned) == (4, 1, True)
    assert (game.phase, game.turn) == (Phase.ROLL, 0)
    assert [e.action for e in game.log] == ["double", "beaver", "beaver_accept"]
    assert game.log[1].value == (4,)
    game = bear_off(game)
    assert won(game) == (0, 8)  # gammon at 4 (Jacoby satisfied by the accepted double)


def test_beaver_refused_loses_the_doubled_stake() -> None:
    game = at(options=Options(beaver=True), cube=CubeState(2, 0, True)).double(0).beaver(1)
    game = game.refuse_beaver(0)
    assert won(game) == (1, 4)
    assert game.result is not None and game.result.reason is Reason.BEAVER_REFUSED


def test_beaver_in_arithmetic_progression_and_at_the_limit() -> None:
    opts = Options(beaver=True, cube_progression="arithmetic")
    game = at(options=opts).double(0).beaver(1).accept_beaver(0)
    assert game.cube.value == 3
    opts = Options(beaver=True, cube_limit=32)
    with refused("cube_at_limit"):
        at(options=opts, cube=CubeState(16, 0, True)).double(0).beaver(1)
    assert at(options=opts, cube=CubeState(16, 0, True)).double(0).take(1).cube.value == 32
    assert at(options=opts, cube=CubeState(8, 0, True)).double(0).beaver(1).accept_beaver(
        0
    ).cube == CubeState(32, 1, True)


def test_no_beavers_in_a_match() -> None:
    game = at(options=Options(beaver=True), match_length=7).double(0)
    with refused("beaver_not_allowed"):
        game.beaver(1)


# -- the Crawford game ----------------------------------------------------------------------------


def test_no_doubling_in_the_crawford_game() -> None:
    game = at(match_length=5, crawford=True)
    with refused("crawford_no_double"):
        game.double(0)
    assert "double" not in game.allowed(0)


# -- values ---------------------------------------------------------------------------------------


def test_options_validation_and_round_trip() -> None:
    opts = Options(beaver=True, cube_limit=16, cube_progression="arithmetic")
    assert Options.from_dict(opts.to_dict()) == opts
    assert Options().to_dict() == {}
    for bad in (
        {"backgammon_counts": 4},
        {"cube_progression": "fibonacci"},
        {"cube_limit": 0},
        {"max_auto_doubles": -1},
        {"next_game_starts": "loser"},
        {"jacoby": "yes"},
        {"cube_limit": True},
        {"backgammon_counts": 3.0},
    ):
        with pytest.raises(EngineError):
            Options.from_dict(bad)
    with pytest.raises(EngineError, match="unknown"):
        Options.from_dict({"colour": "red"})


def test_cube_state_round_trip() -> None:
    for cube in (CubeState(), CubeState(4, 1, True, 1), CubeState(2, None, False, 1)):
        assert CubeState.from_dict(cube.to_dict()) == cube
    with pytest.raises(EngineError):
        CubeState.from_dict({"owner": 3})
    with pytest.raises(EngineError):
        CubeState.from_dict({"value": 0})
    with pytest.raises(EngineError):
        CubeState.from_dict({"owner": True})
    with pytest.raises(EngineError):
        CubeState.from_dict({"turned": 1})


def test_a_double_after_the_roll_is_refused_for_what_forbids_it_all_turn() -> None:
    """Rolled (a group's turn rolls itself): "already rolled" only where he could have doubled
    before it; in the Crawford game, or with his opponent's cube, that is the reason given."""
    crawford = Game.new("backgammon", match_length=5, score=(4, 2), crawford=True)
    crawford = crawford.roll(0, iter((6, 5)).__next__)
    mover = crawford.turn
    assert mover is not None and crawford.phase is Phase.MOVE
    with pytest.raises(EngineError) as refused:
        crawford.apply(Action(ActionKind.DOUBLE, mover))
    assert refused.value.code == "crawford_no_double"
    money = Game.new("backgammon").roll(0, iter((6, 5)).__next__)
    mover = money.turn
    assert mover is not None
    with pytest.raises(EngineError) as refused:
        money.apply(Action(ActionKind.DOUBLE, mover))
    assert refused.value.code == "already_rolled"
