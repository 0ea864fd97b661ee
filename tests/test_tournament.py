"""Tournaments through the app's public API (``App.handle``, ``App.tick``, ``App.place_game``,
``App.standings_posted``), on the memory store and on a real Redis.

Each format is played to its end by the players' own actions (a resignation accepted) and by
loss on time (a fake clock past the move clock); sign-up and the organiser's words; ratings and
histories; two processes on one Redis pairing and counting every round once; a process stopped
mid-tick and another finishing the event; and the group's message rate over a whole Swiss.
"""

from __future__ import annotations

import asyncio
import itertools
from collections import Counter, defaultdict
from collections.abc import AsyncIterator, Iterable, Sequence
from dataclasses import dataclass, field

import pytest
from test_app_support import Dice, open_store

from bot.app import App, Reply, SendText, Toast, Update, User
from bot.app.pairing import Result
from bot.app.payload import Payload, format_payload
from bot.app.tournaments.event import Tournament
from bot.app.tournaments.keys import game_key, is_event_game
from bot.app.types import PlaceGames, Standings
from bot.app.standing import PlayerStanding, standing_key
from bot.store import MemoryStore, Store, TableKey, Versioned
from engine.rating import Standing

START = 1_700_000_000.0
HOME = TableKey("telegram", "-100")


@pytest.fixture(params=["memory", "redis"])
async def store(request: pytest.FixtureRequest) -> AsyncIterator[Store]:
    """The tests that take ``store`` run on the memory store and on a real Redis."""
    async with open_store(request.param, request) as opened:
        yield opened


@pytest.fixture
async def redis_store(request: pytest.FixtureRequest) -> AsyncIterator[Store]:
    """A real Redis alone (where the point is Redis: processes sharing it)."""
    async with open_store("redis", request) as opened:
        yield opened


class Clock:
    """The fake clock every app of a test reads."""

    def __init__(self, now: float = START) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> float:
        self.now += seconds
        return self.now


def player(i: int) -> User:
    return User("telegram", str(i), f"P{i}", "en")


@dataclass
class Group:
    """The group a tournament runs in, as an adapter serves it: updates sent through the app,
    the home chat's replies kept (with the clock's time), a standings message posted and
    reported back, each game placed where it is stored (a group without topics)."""

    app: App
    clock: Clock
    home: TableKey = HOME
    users: dict[str, User] = field(default_factory=dict)
    said: list[tuple[float, Reply]] = field(default_factory=list)
    placed: list[TableKey] = field(default_factory=list)
    openings: dict[TableKey, list[Reply]] = field(default_factory=dict)
    _n: itertools.count[int] = field(default_factory=lambda: itertools.count(1))

    def user(self, ref: str) -> User:
        return self.users[ref]

    async def send(
        self,
        user: User,
        text: str | None = None,
        *,
        button: str | None = None,
        table: TableKey | None = None,
        admin: bool = False,
        private: bool = False,
    ) -> list[Reply]:
        """An update from ``user`` (at the home chat unless ``table``)."""
        self.users.setdefault(user.ref, user)
        key = self.home if table is None else table
        update = Update(
            key,
            user,
            f"u{next(self._n)}",
            text=text,
            button=button,
            admin=admin,
            private=private,
        )
        replies = await self.app.handle(update)
        if key == self.home:
            await self.deliver(replies)
        return replies

    async def deliver(self, replies: Sequence[Reply]) -> None:
        """Perform the home chat's replies as the delivery loop does."""
        for reply in replies:
            self.said.append((self.clock.now, reply))
            if isinstance(reply, Standings) and reply.message is None:
                await self.app.standings_posted(self.home, reply.event, f"s{next(self._n)}")
            elif isinstance(reply, PlaceGames):
                for game in reply.games:
                    opening = await self.app.place_game(game.table, game.table)
                    if opening:
                        self.placed.append(game.table)
                        self.openings[game.table] = opening

    async def tick(self) -> list[tuple[TableKey, list[Reply]]]:
        """One tick of the app at the clock's time; the home chat's replies delivered."""
        out = await self.app.tick(self.clock.now)
        for key, replies in out:
            if key == self.home:
                await self.deliver(replies)
        return out

    async def event(self) -> Tournament:
        found = await self.app.events.current(self.home)
        assert found is not None
        return found

    def key_of(self, event: Tournament, round_: int, board: int) -> TableKey:
        return game_key(self.home.platform, event.id, round_, board)

    async def resign(
        self,
        key: TableKey,
        loser: str | None = None,
        *,
        kind: str = "",
        by_button: bool = False,
    ) -> None:
        """The game at ``key`` ends by resignation: ``loser`` (the player to act when not
        given) resigns, the other accepts (typed, or by the Accept button)."""
        table = await self.app.load_table(key)
        assert table is not None and table.match is not None, key
        refs = [s.user for s in table.seats]
        if loser is None:
            turn = table.match.game.turn
            loser = refs[turn if turn is not None else 0]
        winner = refs[1 - refs.index(loser)]
        replies = await self.send(self.user(loser), f"/resign {kind}".strip(), table=key)
        assert not any(isinstance(r, Toast) for r in replies), replies
        if by_button:
            button = next(
                b
                for r in replies
                for row in getattr(r, "buttons", ())
                for b in row
                if b.label.startswith("Accept")
            )
            await self.send(self.user(winner), button=button.payload, table=key)
        else:
            await self.send(self.user(winner), "accept", table=key)
        after = await self.app.load_table(key)
        assert after is not None and after.match is not None and after.match.is_over, key

    async def time_out(self, move_clock: float) -> None:
        """Nobody moves: the clock passes the move clock, two ticks (the loss on time, then the
        event's next step)."""
        self.clock.advance(move_clock + 1)
        await self.tick()
        self.clock.advance(1)
        await self.tick()

    def home_texts(self) -> list[str]:
        return [r.text for _, r in self.said if isinstance(r, SendText | Standings)]


async def signed_up(
    app: App, clock: Clock, command: str, count: int, *, first: int = 1
) -> tuple[Group, list[User]]:
    """A group where player 1 created the tournament ``command`` and ``count`` players joined."""
    group = Group(app, clock)
    users = [player(i) for i in range(first, first + count)]
    replies = await group.send(users[0], f"/tournament {command}")
    assert any(isinstance(r, Standings) for r in replies), replies
    for user in users:
        await group.send(user, "/tournament join")
    return group, users


async def finish_round(group: Group, choose: Iterable[str] | None = None) -> None:
    """Every game of the current round ends by resignation (the lower seat's player wins when
    ``choose`` does not name the winners), then a tick."""
    event = await group.event()
    winners = set(choose or ())
    for game in event.in_play:
        key = group.key_of(event, game.round, game.board)
        a, b = game.players
        loser = b if a in winners or not winners & {a, b} else a
        await group.resign(key, loser)
    group.clock.advance(1)
    await group.tick()


def scores_from_games(event: Tournament) -> dict[str, float]:
    """Each player's score recomputed from the event's game records and its byes."""
    total: dict[str, float] = defaultdict(float)
    for entry in event.entries:
        total[entry.ref] += 0.0
    for game in event.games:
        assert game.result is not None
        for ref in game.players:
            total[ref] += 1.0 if game.result.winner == ref else 0.0
    for rnd in event.swiss().rounds:
        if rnd.bye is not None:
            total[rnd.bye] += 1.0
    return dict(total)


# ---------------------------------------------------------------------------------------------
# each format to its end


async def test_swiss_of_five_to_its_end(store: Store) -> None:
    """Five players, three rounds of 1-point matches, each game resigned: one bye a round, never
    twice the same player, a bye worth a point; the champion announced."""
    clock = Clock()
    app = App(store, dice=Dice(1), clock=clock)
    group, users = await signed_up(app, clock, "swiss 3 rounds 1", 5)
    await group.send(users[0], "/tournament start")
    for number in range(1, 4):
        event = await group.event()
        assert event.round == number and len(event.in_play) == 2
        assert all(group.key_of(event, g.round, g.board) in group.placed for g in event.in_play)
        await finish_round(group)
    event = await group.event()
    assert event.status == "over"
    byes = [rnd.bye for rnd in event.swiss().rounds]
    assert len(byes) == 3 and None not in byes and len(set(byes)) == 3
    scores = {p.player: p.score for p in event.swiss().standings()}
    assert scores == scores_from_games(event)
    for bye in byes:
        assert bye is not None
        won = sum(1 for g in event.games if g.result is not None and g.result.winner == bye)
        assert scores[bye] == won + 1
    champion = event.swiss().standings()[0].player
    assert f"🏆 {event.name_of(champion)} wins tournament {event.id}!" in group.home_texts()


async def rate(store: Store, user: User, rating: float) -> None:
    """Give ``user`` a backgammon rating (as if he had played rated matches before)."""

    def write(current: Versioned | None) -> bytes:
        standing = PlayerStanding.from_record(current)
        return standing.with_rating("earlier", "backgammon", Standing(rating, 40)).to_bytes()

    await store.update(standing_key(user.key), write)


async def test_knockout_of_six_byes_to_the_top_seeds(store: Store) -> None:
    """Six players seeded by rating: the two best rated have the byes of round 1 (a bracket of
    eight), the winners meet until the final; the final is lost on time."""
    clock = Clock()
    app = App(store, dice=Dice(2), clock=clock)
    await rate(store, player(5), 1700.0)
    await rate(store, player(6), 1650.0)
    group, users = await signed_up(app, clock, "knockout 1 clock=1h", 6)
    await group.send(users[0], "/tournament start")
    event = await group.event()
    assert event.round == 1
    assert {frozenset(g.players) for g in event.games} == {
        frozenset({"telegram:2", "telegram:3"}),  # seeds 4 and 5
        frozenset({"telegram:1", "telegram:4"}),  # seeds 3 and 6
    }
    pairings = next(t for t in group.home_texts() if t.startswith("Round 1 of 3, pairings"))
    assert "P5 — bye" in pairings and "P6 — bye" in pairings
    assert pairings.count("— bye") == 2
    await finish_round(group, ["telegram:2", "telegram:1"])
    event = await group.event()
    assert event.round == 2
    assert {frozenset(g.players) for g in event.in_play} == {
        frozenset({"telegram:5", "telegram:2"}),
        frozenset({"telegram:6", "telegram:1"}),
    }
    await finish_round(group, ["telegram:5", "telegram:6"])
    event = await group.event()
    assert event.round == 3
    (final,) = event.in_play
    assert set(final.players) == {"telegram:5", "telegram:6"}
    table = await app.load_table(group.key_of(event, 3, 1))
    assert table is not None and table.match is not None and table.match.game.turn is not None
    late = table.seats[table.match.game.turn].user
    await group.time_out(3600)
    event = await group.event()
    assert event.status == "over"
    result = event.games[-1].result
    assert result is not None and result.forfeit and result.loser == late
    assert event.knockout().champion == result.winner
    champion = event.name_of(result.winner or "")
    assert f"🏆 {champion} wins tournament {event.id}!" in group.home_texts()


async def test_round_robin_of_four_everybody_meets_everybody_once(store: Store) -> None:
    """Four players, three rounds: every two players meet once; results accepted by button."""
    clock = Clock()
    app = App(store, dice=Dice(3), clock=clock)
    group, users = await signed_up(app, clock, "roundrobin 1", 4)
    await group.send(users[0], "/tournament start")
    for number in range(1, 4):
        event = await group.event()
        assert event.round == number and len(event.in_play) == 2
        for game in event.in_play:
            await group.resign(group.key_of(event, game.round, game.board), by_button=True)
        clock.advance(1)
        await group.tick()
    event = await group.event()
    assert event.status == "over" and len(event.games) == 6
    met = Counter(frozenset(g.players) for g in event.games)
    assert set(met.values()) == {1} and len(met) == 6
    scores = {p.player: p.score for p in event.roundrobin().standings()}
    wins = Counter(g.result.winner for g in event.games if g.result is not None)
    assert scores == {e.ref: float(wins[e.ref]) for e in event.entries}


async def test_swiss_lost_on_time(store: Store) -> None:
    """Nobody moves: who is to act when the move clock runs out loses by forfeit, and the next
    round is paired by the tick that follows."""
    clock = Clock()
    app = App(store, dice=Dice(4), clock=clock)
    group, users = await signed_up(app, clock, "swiss 2 rounds 1 clock=1h", 4)
    await group.send(users[0], "/tournament start")
    event = await group.event()
    late: dict[int, str] = {}
    for game in event.in_play:
        table = await app.load_table(group.key_of(event, game.round, game.board))
        assert table is not None and table.match is not None
        turn = table.match.game.turn
        assert turn is not None
        late[game.board] = table.seats[turn].user
    await group.time_out(3600)
    event = await group.event()
    assert event.round == 2
    for game in event.games[:2]:
        assert game.result is not None and game.result.forfeit
        assert game.result.loser == late[game.board]
    first, second = event.in_play
    await group.resign(group.key_of(event, first.round, first.board))
    await group.time_out(3600)
    event = await group.event()
    assert event.status == "over"
    results = [g.result for g in event.games]
    assert [r is not None and r.forfeit for r in results] == [True, True, False, True]
    assert {p.player: p.score for p in event.swiss().standings()} == scores_from_games(event)
