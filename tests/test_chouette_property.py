"""Random chouette sessions: the ledger always sums to zero and the roster stays valid."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.chouette import BOX, TEAM, Chouette
from engine.cube import Options
from engine.errors import EngineError, IllegalAction
from engine.game import ActionKind, Phase
from engine.result import WinKind

MAX_SEATED = 8
MAX_ACTIONS = 700

options_strategy = st.builds(
    Options,
    jacoby=st.booleans(),
    beaver=st.booleans(),
    backgammon_counts=st.sampled_from([2, 3]),
    cube_progression=st.sampled_from(["geometric", "arithmetic"]),
    gammons_with_cube=st.booleans(),
    cube_limit=st.sampled_from([4, 8, 64]),
    auto_doubles=st.booleans(),
)


def check_invariants(ch: Chouette, present: set[str]) -> None:
    """Zero-sum ledger, one box and one captain, everybody seated exactly once."""
    balances = ch.balances()
    assert sum(balances.values()) == 0
    assert all(p.amount > 0 and p.payer != p.payee for p in ch.ledger.payments)
    roster = ch.roster
    assert roster.team and roster.captain == roster.team[0]
    assert roster.box not in roster.team
    seated = [*roster.players, *ch.waiting]
    assert len(seated) == len(set(seated))
    leaving = set(ch.current.leaving) if ch.in_game and ch.current is not None else set()
    assert set(seated) == present | leaving
    assert set(balances) >= set(seated)
    cur = ch.current
    if cur is not None and not cur.is_over:
        assert cur.box == roster.box
        assert tuple(m.name for m in cur.members) == roster.team
        answering = (
            (cur.game.phase is Phase.DOUBLED and cur.game.turn == BOX)
            or (cur.game.phase is Phase.BEAVERED and cur.game.turn == TEAM)
            or cur.resign is not None
        )
        if cur.playing and not answering:
            assert cur.captain == cur.playing[0]
        assert cur.captain in roster.team
        for m in cur.members:
            assert m.cube.value <= ch.options.cube_limit
            assert m.playing or m.answer is None
        assert set(leaving) <= set(roster.players)


def rotation_holds(before: Chouette, after: Chouette) -> None:
    """The seats after a game follow RULES.md 4 with the acting captain."""
    cur = after.current
    assert cur is not None and cur.end is not None
    expected = before.roster.rotated(cur.end.team_won, cur.captain)
    for name in cur.leaving:
        expected = expected.without(name)
    for name in before.waiting:
        expected = expected.joined(name)
    assert after.roster == expected
    if cur.end.team_won and cur.captain not in cur.leaving:
        assert after.roster.box == cur.captain
    if not cur.end.team_won:
        assert after.roster.box == before.roster.box


class Driver:
    """Plays a chouette with random but legal choices (and checks refused ones)."""

    def __init__(self, rng: random.Random, ch: Chouette, present: set[str]) -> None:
        self.rng = rng
        self.ch = ch
        self.present = present
        self.joined = 0

    def die(self) -> int:
        return self.rng.randint(1, 6)

    def apply(self, make: Callable[[], Chouette]) -> None:
        before = self.ch
        was_running = before.in_game
        self.ch = make()
        check_invariants(self.ch, self.present)
        if was_running and not self.ch.in_game:
            rotation_holds(before, self.ch)

    def join(self) -> None:
        if len(self.present) >= MAX_SEATED:
            return
        self.joined += 1
        name = f"new{self.joined}"
        self.present.add(name)
        self.apply(lambda: self.ch.join(name))

    def leave(self) -> None:
        name = self.rng.choice(sorted(self.present))
        try:
            nxt = self.ch.leave(name)
        except IllegalAction as exc:
            assert exc.code in ("too_few_players", "already_left")
            return
        self.present.discard(name)
        self.apply(lambda: nxt)

    def between_games(self) -> None:
        roll = self.rng.random()
        if roll < 0.2:
            self.join()
        elif roll < 0.35:
            self.leave()
        elif len(self.ch.roster.players) < 3:
            self.join()
        else:
            self.apply(self.ch.new_game)

    def step(self) -> None:
        ch, rng = self.ch, self.rng
        if not ch.in_game:
            self.between_games()
            return
        cur = ch.current
        assert cur is not None
        if rng.random() < 0.02:
            self.leave()
            return
        if rng.random() < 0.02:
            self.join()
            return
        game = cur.game
        if rng.random() < 0.05:
            self.refused_action()
        if cur.resign is not None:
            member = rng.choice([n for n in cur.playing if n not in cur.declined])
            how = rng.choice([ch.accept_resign, ch.decline_resign, ch.decline_resign])
            self.apply(lambda: how(member))
            return
        resigning = [m.name for m in cur.members if m.resign is not None]
        if resigning:
            how = rng.choice([ch.accept_resign, ch.decline_resign])
            self.apply(lambda: how(cur.box, rng.choice(resigning)))
            return
        if game.phase in (Phase.ROLL, Phase.MOVE) and rng.random() < 0.02:
            who = rng.choice([cur.box, *cur.playing])
            kind = rng.choice(list(WinKind))
            self.apply(lambda: ch.offer_resign(who, kind))
            return
        if game.phase is Phase.OPENING:
            self.apply(lambda: ch.roll(rng.choice([cur.box, cur.captain]), self.die))
        elif cur.vote is not None:
            voter = rng.choice([n for n in cur.playing if n not in cur.vote])
            self.apply(lambda: ch.vote(voter, rng.random() < 0.85))
        elif game.phase is Phase.ROLL:
            assert game.turn is not None
            actor = ch.acting(game.turn)
            if game.turn == TEAM and rng.random() < 0.3:
                proposer = rng.choice(cur.playing)
                self.apply(lambda: ch.propose(proposer, rng.choice(["double", "no_double"])))
            if rng.random() < 0.25 and ch.may_double(actor):
                self.apply(lambda: ch.double(actor))
            else:
                self.apply(lambda: ch.roll(actor, self.die))
        elif game.phase is Phase.MOVE:
            assert game.turn is not None
            self.move(ch.acting(game.turn))
        elif game.phase is Phase.DOUBLED and game.turn == TEAM:
            answers = ["take", "take", "pass"] + (["beaver"] if ch.options.beaver else [])
            self.answer(cur.box, rng.choice(answers))
        elif game.phase is Phase.DOUBLED:
            beavering = [m.name for m in cur.members if m.playing and m.answer == "beaver"]
            undecided = [m.name for m in cur.members if m.playing and m.answer is None]
            if beavering and (not undecided or rng.random() < 0.5):
                member = rng.choice(beavering)
                how = rng.choice([ch.accept_beaver, ch.refuse_beaver])
                self.apply(lambda: how(cur.box, member))
            else:
                answers = ["take", "take", "pass"]
                answers += ["beaver"] if ch.options.beaver else []
                self.answer(rng.choice(undecided), rng.choice(answers))
        else:
            assert game.phase is Phase.BEAVERED and game.turn == TEAM
            member = rng.choice([m.name for m in cur.members if m.playing and m.answer is None])
            how = rng.choice([ch.accept_beaver, ch.accept_beaver, ch.refuse_beaver])
            self.apply(lambda: how(member))

    def answer(self, name: str, how: str) -> None:
        ch = self.ch
        make = {"take": ch.take, "pass": ch.pass_, "beaver": ch.beaver}[how]
        try:
            nxt = make(name)
        except IllegalAction as exc:  # a beaver above the cube limit
            assert how == "beaver" and exc.code == "cube_at_limit"
            nxt = ch.take(name)
        self.apply(lambda: nxt)

    def move(self, actor: str) -> None:
        ch = self.ch
        cur = ch.current
        assert cur is not None
        builder = cur.game.builder
        if builder.is_complete:
            self.apply(lambda: ch.confirm(actor))
            return
        if cur.game.steps or self.rng.random() < 0.3:
            steps = cur.game.next_steps()
            self.apply(lambda: ch.add_step(actor, self.rng.choice(steps)))
            return
        play = self.rng.choice(builder.legal_plays)
        if cur.game.turn == TEAM and self.rng.random() < 0.3:
            proposer = self.rng.choice(cur.playing)
            self.apply(lambda: ch.propose(proposer, "play", play))
            self.apply(lambda: self.ch.play(actor, play))
        else:
            self.apply(lambda: ch.play(actor, play))

    def refused_action(self) -> None:
        """An action not in ``allowed`` must be refused with an IllegalAction."""
        ch, rng = self.ch, self.rng
        name = rng.choice(sorted(ch.players))
        allowed = ch.allowed(name)
        attempts: dict[ActionKind, Callable[[], Chouette]] = {
            ActionKind.ROLL: lambda: ch.roll(name, self.die),
            ActionKind.DOUBLE: lambda: ch.double(name),
            ActionKind.TAKE: lambda: ch.take(name),
            ActionKind.PASS: lambda: ch.pass_(name),
            ActionKind.BEAVER: lambda: ch.beaver(name),
            ActionKind.CONFIRM: lambda: ch.confirm(name),
            ActionKind.UNDO: lambda: ch.undo(name),
            ActionKind.RESIGN: lambda: ch.offer_resign(name),
            ActionKind.RESIGN_DECLINE: lambda: ch.decline_resign(name),
        }
        for action, attempt in attempts.items():
            if action in allowed:
                continue
            try:
                attempt()
            except IllegalAction:
                continue
            raise AssertionError(f"{action} by {name} was not allowed but went through")


@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    players=st.integers(min_value=3, max_value=8),
    options=options_strategy,
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    games=st.integers(min_value=1, max_value=3),
)
def test_random_sessions_keep_a_zero_sum_ledger_and_a_valid_roster(
    players: int, options: Options, seed: int, games: int
) -> None:
    rng = random.Random(seed)
    names = [f"p{i}" for i in range(players)]
    ch = Chouette.start(names, lambda: rng.randint(1, 6), options)
    driver = Driver(rng, ch, set(names))
    check_invariants(ch, driver.present)
    for n in range(MAX_ACTIONS):
        if driver.ch.games >= games and not driver.ch.in_game:
            break
        driver.step()
        if n % 50 == 0:
            state = driver.ch
            assert Chouette.from_dict(json.loads(json.dumps(state.to_dict()))) == state
    final = driver.ch
    assert sum(final.balances().values()) == 0
    assert Chouette.from_dict(json.loads(json.dumps(final.to_dict()))) == final
    # every payment of a game is between that game's box and one of its team
    boxes = {e.game: e.player for e in final.log if e.action == "new_game"}
    for payment in final.ledger.payments:
        box = boxes[payment.game]
        assert box in (payment.payer, payment.payee)
        assert payment.payer != payment.payee


def _sample_state() -> dict[str, object]:
    rng = random.Random(7)
    names = ["p0", "p1", "p2", "p3"]
    ch = Chouette.start(names, lambda: rng.randint(1, 6), Options(beaver=True))
    driver = Driver(rng, ch, set(names))
    while driver.ch.games < 2 or not driver.ch.in_game:
        driver.step()
    for _ in range(15):
        driver.step()
    return driver.ch.to_dict()


SAMPLE = _sample_state()

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 70) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)


def _paths(value: object, prefix: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out.extend(_paths(item, (*prefix, key)))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out.extend(_paths(item, (*prefix, i)))
    return out


PATHS = [p for p in _paths(SAMPLE) if p]


def _replaced(value: object, path: tuple[object, ...], new: object) -> object:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {k: (_replaced(v, rest, new) if k == head else v) for k, v in value.items()}
    assert isinstance(value, list)
    return [_replaced(v, rest, new) if i == head else v for i, v in enumerate(value)]


@settings(max_examples=100, deadline=None)
@given(path=st.sampled_from(PATHS), new=json_values)
def test_corrupted_states_load_or_fail_cleanly(path: tuple[object, ...], new: object) -> None:
    """A damaged saved chouette either loads (and saves back the same) or raises EngineError."""
    data = _replaced(SAMPLE, path, new)
    assert isinstance(data, dict)
    try:
        ch = Chouette.from_dict(data)
    except EngineError:
        return
    assert Chouette.from_dict(json.loads(json.dumps(ch.to_dict()))) == ch
