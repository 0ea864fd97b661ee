"""Random full matches and money sessions with random actions, legal and illegal.

Every action tried is either allowed (and then applied) or refused with an ``IllegalAction`` that
leaves the state unchanged; independent checks confirm the refusals of the main rules.  Every
state reached survives a JSON round trip; every match ends with a consistent score.
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from engine.cube import Options
from engine.errors import EngineError, IllegalAction
from engine.game import ACTIONS, Action, ActionKind, Game, Phase, Reason
from engine.match import Match
from engine.movegen import Play, Step, legal_plays
from engine.result import WinKind, result


def _random_step(rng: random.Random) -> Step:
    frm = rng.randint(1, 25)
    return Step(frm, max(0, frm - rng.randint(1, 6)))


def _try(game: Game, action: Action, rng: random.Random) -> Game:
    """Apply ``action`` if allowed; otherwise check it is refused and changes nothing."""
    dice = rng.randint
    allowed = game.may(action)
    try:
        new = game.apply(action, lambda: dice(1, 6))
    except IllegalAction as exc:
        # ``may`` judges the action, not its argument: a bad step or play is refused by code.
        assert not allowed or exc.code in ("step_not_legal", "illegal_play"), (action, exc)
        assert exc.code and str(exc)
        return game
    assert allowed, f"{action} was applied though not allowed"
    assert new.log[: len(game.log)] == game.log
    return new


def _oracle(game: Game, rng: random.Random) -> None:
    """Rules checked independently of ``Game.may``."""
    for p in (0, 1):
        if game.phase is Phase.ROLL and game.resign is None:
            owner = game.cube.owner
            if game.turn != p:
                assert not game.may(Action(ActionKind.DOUBLE, p)) and not game.may(
                    Action(ActionKind.ROLL, p)
                )
            elif game.crawford or (owner is not None and owner != p):
                assert not game.may(Action(ActionKind.DOUBLE, p))
        if game.phase is Phase.MOVE and game.turn != p:
            assert not game.may(Action(ActionKind.CONFIRM, p))
    if game.phase is Phase.MOVE and game.resign is None and game.turn is not None:
        builder = game.builder
        step = _random_step(rng)
        offered = {(s.frm, s.to) for s in builder.next_steps()}
        if (step.frm, step.to) not in offered:
            try:
                game.add_step(game.turn, step)
            except IllegalAction as exc:
                assert exc.code == "step_not_legal"
            else:
                raise AssertionError(f"{step} was accepted but not offered")
        # A play for other dice is accepted only when it is legal for these dice too.
        other = (rng.randint(1, 6), rng.randint(1, 6))
        plays = legal_plays(game.position, other)
        if plays:
            play = rng.choice(plays)
            legal = builder.find(play) is not None
            try:
                game.play(game.turn, play)
            except IllegalAction as exc:
                assert not legal and exc.code == "illegal_play"
            else:
                assert legal


def _round_trip(game: Game) -> None:
    data = json.loads(json.dumps(game.to_dict()))
    assert Game.from_dict(data) == game


def _step_game(game: Game, rng: random.Random, eager: float) -> Game:
    """One random action (sometimes an illegal one) on a running game."""
    if rng.random() < 0.3:
        _oracle(game, rng)
    if rng.random() < 0.15:  # anything at all, by anyone
        kind = rng.choice(ACTIONS)
        action = Action(
            kind,
            rng.randint(0, 1),
            step=_random_step(rng),
            play=Play((_random_step(rng), _random_step(rng))),
            resign=rng.choice(list(WinKind)),
        )
        ending = (
            ActionKind.RESIGN,
            ActionKind.PASS,
            ActionKind.BEAVER_REFUSE,
            ActionKind.RESIGN_ACCEPT,
        )
        if kind in ending and game.may(action):
            return game  # ending games this way is left to the choices below
        return _try(game, action, rng)
    if game.resign is not None:
        kind = rng.choices([ActionKind.RESIGN_ACCEPT, ActionKind.RESIGN_DECLINE], [0.3, 0.7])[0]
        return _try(game, Action(kind, 1 - game.resign.player), rng)
    p = game.turn if game.turn is not None else rng.randint(0, 1)
    if game.phase is Phase.OPENING:
        return _try(game, Action(ActionKind.ROLL, p), rng)
    if rng.random() < 0.005:
        return _try(
            game,
            Action(ActionKind.RESIGN, rng.randint(0, 1), resign=rng.choice(list(WinKind))),
            rng,
        )
    if game.phase is Phase.ROLL:
        if rng.random() < eager and game.may(Action(ActionKind.DOUBLE, p)):
            return _try(game, Action(ActionKind.DOUBLE, p), rng)
        return _try(game, Action(ActionKind.ROLL, p), rng)
    if game.phase is Phase.DOUBLED:
        kind = rng.choices(
            [ActionKind.TAKE, ActionKind.PASS, ActionKind.BEAVER], [0.75, 0.15, 0.1]
        )[0]
        return _try(game, Action(kind, 1 - p), rng)
    if game.phase is Phase.BEAVERED:
        answer = rng.choice([ActionKind.BEAVER_ACCEPT, ActionKind.BEAVER_REFUSE])
        return _try(game, Action(answer, p), rng)
    assert game.phase is Phase.MOVE
    builder = game.builder
    if builder.is_complete:
        if game.steps and rng.random() < 0.1:
            return _try(game, Action(ActionKind.UNDO, p), rng)
        return _try(game, Action(ActionKind.CONFIRM, p), rng)
    if not game.steps and rng.random() < 0.7:
        return _try(game, Action(ActionKind.PLAY, p, play=rng.choice(builder.legal_plays)), rng)
    step = rng.choice(builder.next_steps())
    return _try(game, Action(ActionKind.STEP, p, step=step), rng)


def _check_result(game: Game) -> None:
    """The points of a finished game, recomputed from the log and the final state."""
    res = game.result
    assert res is not None
    cube = game.cube
    last = game.log[-1]
    assert last.action == "win" and last.player == res.winner
    if res.reason is Reason.PASS:
        assert res.points == cube.value
        assert game.log[-3].action == "double"
    elif res.reason is Reason.BEAVER_REFUSED:
        # the doubler loses the doubled stake: the cube's next value (x2, or +1 in arithmetic)
        assert res.points == cube.next_value(game.options)
        assert res.points == (
            2 * cube.value if game.options.cube_progression == "geometric" else cube.value + 1
        )
    elif res.reason is Reason.BEAR_OFF:
        # The loser is on roll in the final position.
        outcome = result(game.position)
        assert outcome is not None and not outcome.winner_on_roll
        assert res.kind == outcome.kind
        mult = int(res.kind)
        if res.kind is WinKind.BACKGAMMON:
            mult = game.options.backgammon_counts
        if game.money and game.options.jacoby and not cube.turned:
            mult = 1
        if not game.options.gammons_with_cube and cube.value > 1:
            mult = 1
        assert res.points == mult * cube.value
    else:
        assert res.reason is Reason.RESIGN
        assert game.log[-3].action == "resign"


def play_random_match(
    rng: random.Random, length: int, options: Options, *, max_games: int = 6, eager: float = 0.3
) -> Match:
    """A random match (or ``max_games`` games of a money session), checking every state."""
    match = Match.new(length, options=options)
    games = 0
    while True:
        game = match.game
        _round_trip(game)
        if game.is_over:
            _check_result(game)
            games += 1
            if match.is_over or (length == 0 and games >= max_games):
                return match
            match = match.next_game()
            continue
        match = match.with_game(_step_game(game, rng, eager))


def _check_match(match: Match) -> None:
    score = [0, 0]
    crawford_seen = False
    for k, game in enumerate(match.games):
        assert game.score == (score[0], score[1])
        assert game.is_over
        expected = bool(match.length and k > 0 and not crawford_seen and match.length - 1 in score)
        assert game.crawford == expected, (game.score, game.crawford)
        crawford_seen = crawford_seen or game.crawford
        if game.crawford:
            assert not any(e.action == "double" for e in game.log)
        assert game.result is not None and game.result.winner is not None
        if k > 0:
            before = match.games[k - 1]
            assert before.result is not None
            rule = match.options.next_game_starts
            if rule == "winner":
                assert game.first == before.result.winner
            elif rule == "alternate":
                assert before.first is not None and game.first == 1 - before.first
        score[game.result.winner] += game.result.points
    assert match.score == (score[0], score[1])
    if match.length:
        assert match.is_over
        assert match.winner is not None
        assert score[match.winner] >= match.length > score[1 - match.winner]
        assert max(match.game.score) < match.length  # the last game began with the match open
    data = json.loads(json.dumps(match.to_dict()))
    assert Match.from_dict(data) == match


options_strategy = st.builds(
    Options,
    jacoby=st.booleans(),
    auto_doubles=st.booleans(),
    max_auto_doubles=st.integers(0, 3),
    beaver=st.booleans(),
    backgammon_counts=st.sampled_from([2, 3]),
    cube_progression=st.sampled_from(["geometric", "arithmetic"]),
    gammons_with_cube=st.booleans(),
    cube_limit=st.sampled_from([1, 4, 64]),
    next_game_starts=st.sampled_from(["roll", "winner", "alternate"]),
)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), length=st.sampled_from([1, 3, 5, 7]), options=options_strategy)
def test_random_matches(seed: int, length: int, options: Options) -> None:
    match = play_random_match(random.Random(seed), length, options, eager=0.15)
    _check_match(match)


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), options=options_strategy)
@example(  # a beaver refused with the arithmetic cube at 4: the doubler loses 5, not 8
    seed=3316836186,
    options=Options(
        jacoby=False,
        auto_doubles=True,
        max_auto_doubles=2,
        beaver=True,
        backgammon_counts=3,
        cube_progression="arithmetic",
        gammons_with_cube=True,
        cube_limit=64,
        cube=True,
        last_roll_draw=False,
        next_game_starts="alternate",
        draw_points="half",
    ),
)
def test_random_money_sessions(seed: int, options: Options) -> None:
    session = play_random_match(random.Random(seed), 0, options, max_games=3, eager=0.1)
    assert not session.is_over and session.winner is None
    _check_match(session)


_json = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 70) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=12,
)


def _saved_states() -> list[dict[str, object]]:
    match = play_random_match(random.Random(7), 3, Options(beaver=True), eager=0.3)
    return [g.to_dict() for g in match.games] + [
        Game.new().to_dict(),
        match.next_game().game.to_dict() if not match.is_over else match.game.to_dict(),
    ]


SAVED = _saved_states()


@settings(max_examples=300, deadline=None)
@given(
    index=st.integers(0, len(SAVED) - 1),
    key=st.sampled_from(
        [
            "v",
            "variant",
            "pos",
            "phase",
            "options",
            "turn",
            "dice",
            "steps",
            "cube",
            "resign",
            "result",
            "log",
            "match",
            "score",
            "first",
            "last_roll",
            "extra",
        ]
    ),
    value=_json,
)
def test_corrupt_saved_games_are_refused_cleanly(index: int, key: str, value: object) -> None:
    data = dict(SAVED[index])
    data[key] = value
    try:
        game = Game.from_dict(data)
    except EngineError:
        return
    assert Game.from_dict(game.to_dict()) == game


SAVED_MATCH = play_random_match(random.Random(9), 3, Options(), eager=0.3).to_dict()


@settings(max_examples=150, deadline=None)
@given(
    key=st.sampled_from(["v", "variant", "length", "options", "games", "extra"]),
    value=_json,
)
def test_corrupt_saved_matches_are_refused_cleanly(key: str, value: object) -> None:
    data = dict(SAVED_MATCH)
    data[key] = value
    try:
        match = Match.from_dict(data)
    except EngineError:
        return
    assert Match.from_dict(match.to_dict()) == match
