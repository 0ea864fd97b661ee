"""Tournaments through the app's public API (``App.handle``, ``App.tick``, ``App.place_game``,
``App.standings_posted``; ``App.events.announcement_posted``, as the delivery loop reports an
announcement), on the memory store and on a real Redis.

Each format is played to its end by the players' own actions (a resignation accepted) and by
loss on time (a fake clock past the move clock); sign-up and the organiser's words; ratings and
histories; two processes on one Redis pairing and counting every round once; a process stopped
mid-tick and another finishing the event; and the group's message rate over a whole Swiss.
"""

from __future__ import annotations

import asyncio
import inspect
import io
import itertools
import random
import zipfile
from collections import Counter, defaultdict
from collections.abc import AsyncIterator, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import cast

import pytest
from test_app_support import Dice, open_store
from test_delivery import Recording

from bot.app import App, Reply, SendFile, SendText, Toast, Update, User
from bot.app.delivery import Delivery, NotDelivered
from bot.app.dice import DiceScheme
from bot.app.pairing import Result
from bot.app.pairing.swiss import repeats
from bot.app.payload import Payload, format_payload
from bot.app.standing import PlayerStanding, standing_key
from bot.app.tournaments.event import Tournament
from bot.app.tournaments.keys import event_key, game_key
from bot.app.tournaments.service import RETRY
from bot.app.types import Announcement, PlaceGames, Standings
from bot.i18n import t
from bot.store import MemoryStore, RedisStore, Store, TableKey, Versioned
from engine.matparse import read_mat
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
    the home chat's replies kept (with the clock's time), a standings message and each
    announcement posted and reported back, each game placed where it is stored (a group
    without topics)."""

    app: App
    clock: Clock
    home: TableKey = HOME
    users: dict[str, User] = field(default_factory=dict)
    said: list[tuple[float, Reply]] = field(default_factory=list)
    placed: list[TableKey] = field(default_factory=list)
    openings: dict[TableKey, list[Reply]] = field(default_factory=dict)
    prefix: str = "u"
    """What this group's update ids begin with (another process's group has its own)."""
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
        update_id: str | None = None,
    ) -> list[Reply]:
        """An update from ``user`` (at the home chat unless ``table``)."""
        self.users.setdefault(user.ref, user)
        key = self.home if table is None else table
        update = Update(
            key,
            user,
            update_id or f"{self.prefix}{next(self._n)}",
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
            elif isinstance(reply, Announcement):
                await self.app.events.announcement_posted(self.home, reply.event, reply.step)
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
    first, _ = event.in_play
    await group.resign(group.key_of(event, first.round, first.board))
    await group.time_out(3600)
    event = await group.event()
    assert event.status == "over"
    results = [g.result for g in event.games]
    assert [r is not None and r.forfeit for r in results] == [True, True, False, True]
    assert {p.player: p.score for p in event.swiss().standings()} == scores_from_games(event)


async def test_a_tournament_game_keeps_the_events_terms(store: Store) -> None:
    """A tournament game cannot be abandoned by agreement, nor its clock changed, by either of
    its players (the rules' section on tournaments): the table is left as it was."""
    clock = Clock()
    app = App(store, dice=Dice(4), clock=clock)
    group, users = await signed_up(app, clock, "swiss 2 rounds 1 clock=1h", 2)
    await group.send(users[0], "/tournament start")
    event = await group.event()
    (game,) = event.in_play
    key = group.key_of(event, game.round, game.board)
    before = await app.load_table(key)
    assert before is not None and before.clock.seconds == 3600
    for user in users:
        for text, refusal in (
            ("/abort", "tournament-no-abort"),
            ("/clock 3d", "tournament-fixed-terms"),
        ):
            update = Update(key, user, f"terms-{user.id}-{text}", text=text)
            assert said(await app.handle(update)) == t("en", refusal)
    after = await app.load_table(key)
    assert after is not None and after.version == before.version and after.stage == "play"
    assert after.clock.seconds == 3600


def arena_points(results: Sequence[Result], ref: str) -> int:
    """``ref``'s arena points recomputed: 2 a win, +1 a gammon, +2 a backgammon, doubled after
    two wins in a row."""
    total = 0
    streak = 0
    for result in results:
        if result.winner == ref:
            won = 2 + {"single": 0, "gammon": 1, "backgammon": 2}[result.kind.value]
            total += won * (2 if streak >= 2 else 1)
            streak += 1
        else:
            streak = 0
    return total


async def test_arena_pairs_continuously_to_its_end(store: Store) -> None:
    """A 10-minute arena of five: each finished game frees its players, who are paired again
    at the next tick (never with the same opponent twice in a row); wins score 2, a gammon 3, a
    backgammon 4, doubled on a streak; the games in play at the end still count, then the arena
    is over."""
    clock = Clock()
    app = App(store, dice=Dice(5), clock=clock)
    group, users = await signed_up(app, clock, "arena 10 minutes", 5)
    await group.send(users[0], "/tournament start")
    event = await group.event()
    ends = event.arena().ends_at
    assert ends == START + 600
    kinds = itertools.cycle(["", "gammon", "", "backgammon", "", ""])
    while clock.now < ends - 30:
        event = await group.event()
        assert len(event.in_play) == 2  # four of five play at any time
        game = event.in_play[0]
        await group.resign(group.key_of(event, game.round, game.board), kind=next(kinds))
        clock.advance(20)
        await group.tick()
    clock.now = ends + 1
    await group.tick()
    event = await group.event()
    assert event.status == "running" and event.in_play
    for game in event.in_play:
        await group.resign(group.key_of(event, game.round, game.board))
    clock.advance(1)
    await group.tick()
    event = await group.event()
    assert event.status == "over"
    assert len(event.games) >= 20 and all(g.result is not None for g in event.games)
    assert all(
        key in group.placed for key in (group.key_of(event, g.round, g.board) for g in event.games)
    )
    histories: dict[str, list[Result]] = defaultdict(list)
    last: dict[str, str] = {}
    for game in event.games:
        a, b = game.players
        assert last.get(a) != b and last.get(b) != a, game
        last[a], last[b] = b, a
        assert game.result is not None
        histories[a].append(game.result)
        histories[b].append(game.result)
    kinds_won = {g.result.kind.value for g in event.games if g.result is not None}
    assert kinds_won == {"single", "gammon", "backgammon"}
    points = {p.player: p.points for p in event.arena().standings()}
    assert points == {e.ref: arena_points(histories[e.ref], e.ref) for e in event.entries}
    assert any(
        arena_points(h, ref)
        > sum(2 + (r.kind != "single") + (r.kind == "backgammon") for r in h if r.winner == ref)
        for ref, h in histories.items()
    )  # a streak doubled some points
    champion = event.arena().standings()[0].player
    assert f"🏆 {event.name_of(champion)} wins tournament {event.id}!" in group.home_texts()


# ---------------------------------------------------------------------------------------------
# sign-up and the organiser's words


def said(replies: Sequence[Reply]) -> str:
    return "\n".join(r.text for r in replies if isinstance(r, SendText | Toast | Standings))


def pressed(action: str, version: int) -> str:
    return format_payload(Payload(action, (), version))


async def test_signup_by_buttons_and_words(store: Store) -> None:
    """Join and Leave by buttons and typed; Start refused to anyone but the organiser (or an
    administrator of the chat); the most players kept; the sign-up message edited."""
    clock = Clock()
    app = App(store, dice=Dice(6), clock=clock)
    group = Group(app, clock)
    alice, bob, carol, dave = (player(i) for i in range(1, 5))
    replies = await group.send(alice, "/tournament swiss 2 rounds 1 max=3")
    (posted,) = [r for r in replies if isinstance(r, Standings)]
    assert posted.message is None and "Players: 0 of 3" in posted.text
    labels = [b.label for row in posted.buttons for b in row]
    assert labels == ["Join", "Leave", "Start"]
    event = await group.event()
    assert "is in (1 player)." in said(
        await group.send(bob, button=pressed("tjoin", event.version))
    )
    assert "already in" in said(await group.send(bob, "/tournament join"))
    await group.send(carol, "/tournament join")
    await group.send(alice, "/tournament join")
    assert "full (3 players)" in said(await group.send(dave, "/tournament join"))
    event = await group.event()
    assert [e.ref for e in event.active] == [bob.ref, carol.ref, alice.ref]
    assert "left the tournament" in said(
        await group.send(carol, button=pressed("tleave", event.version))
    )
    assert "You are not in" in said(await group.send(carol, "/tournament leave"))
    await group.send(dave, "/tournament join")
    # The sign-up message is edited (it was posted and reported back), at most each 20 s.
    assert not [r for _, r in group.said if isinstance(r, Standings) and r.message is not None]
    clock.advance(20)
    await group.tick()
    edits = [r for _, r in group.said if isinstance(r, Standings) and r.message is not None]
    assert edits and "Players: 3 of 3" in edits[-1].text and "P4" in edits[-1].text
    event = await group.event()
    refused = said(await group.send(bob, button=pressed("tstart", event.version)))
    assert "Only the organiser" in refused
    assert (await group.event()).status == "signup"
    replies = await group.send(alice, button=pressed("tstart", event.version))
    event = await group.event()
    assert event.status == "running" and event.round == 1
    assert any(isinstance(r, PlaceGames) for r in replies)
    assert "Sign-up is closed" in said(await group.send(carol, "/tournament join"))


async def test_organiser_words_refused_to_others_allowed_to_administrators(store: Store) -> None:
    """start, pause, resume, cancel, remove and add are the organiser's: anyone else is refused,
    an administrator of the chat is not."""
    clock = Clock()
    app = App(store, dice=Dice(7), clock=clock)
    group, users = await signed_up(app, clock, "swiss 2 rounds 1", 4)
    other = users[1]
    for word in ("start", "pause", "resume", "cancel", "remove P3", "add computer"):
        assert "Only the organiser" in said(await group.send(other, f"/tournament {word}"))
    assert (await group.event()).status == "signup"
    await group.send(other, "/tournament start", admin=True)
    assert (await group.event()).status == "running"
    await group.send(other, "/tournament pause", admin=True)
    assert (await group.event()).status == "paused"
    await group.send(other, "/tournament resume", admin=True)
    assert (await group.event()).status == "running"
    await group.send(other, "/tournament cancel", admin=True)
    assert (await group.event()).status == "cancelled"


async def test_starts_by_itself_or_is_cancelled_with_too_few(store: Store) -> None:
    """``in=1h``: at that hour the tick starts the event; with one player it is cancelled."""
    clock = Clock()
    app = App(store, dice=Dice(8), clock=clock)
    group, _ = await signed_up(app, clock, "knockout 1 in=1h", 1)
    await group.tick()
    assert (await group.event()).status == "signup"
    clock.advance(3600)
    await group.tick()
    assert (await group.event()).status == "cancelled"
    assert any("cancelled: not enough players" in text for text in group.home_texts())
    # A new event may now be created here; with four players it starts by itself.
    group.users.clear()
    users = [player(i) for i in range(1, 5)]
    await group.send(users[0], "/tournament swiss 1 in=30m")
    for user in users:
        await group.send(user, "/tournament join")
    clock.advance(1800)
    await group.tick()
    event = await group.event()
    assert event.status == "running" and event.round == 1 and len(event.in_play) == 2
    assert len(group.placed) == 2


async def test_pause_holds_the_next_round_until_resumed(store: Store) -> None:
    """While paused no round is paired (the results still count); resumed, the next round is."""
    clock = Clock()
    app = App(store, dice=Dice(9), clock=clock)
    group, users = await signed_up(app, clock, "swiss 2 rounds 1", 4)
    await group.send(users[0], "/tournament start")
    await group.send(users[0], "/tournament pause")
    await finish_round(group)
    clock.advance(600)
    await group.tick()
    event = await group.event()
    assert event.status == "paused" and event.round == 1 and not event.in_play
    assert all(g.result is not None for g in event.games)
    assert "Paused by the organiser" in group.home_texts()[-1]
    await group.send(users[0], "/tournament resume")
    event = await group.event()
    assert event.status == "running" and event.round == 2 and len(event.in_play) == 2


async def test_cancel_ends_the_event(store: Store) -> None:
    clock = Clock()
    app = App(store, dice=Dice(10), clock=clock)
    group, users = await signed_up(app, clock, "roundrobin 1", 3)
    await group.send(users[0], "/tournament start")
    replies = await group.send(users[0], "/tournament cancel")
    assert f"Tournament {(await group.event()).id} is cancelled." in said(replies)
    event = await group.event()
    assert event.status == "cancelled"
    for game in event.games:  # its games are closed: a resignation is refused
        key = group.key_of(event, game.round, game.board)
        table = await app.load_table(key)
        assert table is not None and table.stage == "over"
        assert said(await group.send(group.user(game.players[0]), "/resign", table=key))
    clock.advance(3600)
    await group.tick()
    assert (await group.event()).round == 1  # nothing more is paired
    assert "is over" in said(await group.send(users[0], "/tournament cancel"))


async def test_removed_player_forfeits_and_shows_withdrew(store: Store) -> None:
    """The organiser removes a player mid-round: his game is lost by forfeit, he is paired no
    more, and the standings mark him as withdrawn."""
    clock = Clock()
    app = App(store, dice=Dice(11), clock=clock)
    group, users = await signed_up(app, clock, "swiss 3 rounds 1", 6)
    await group.send(users[0], "/tournament start")
    event = await group.event()
    gone = event.games[1].players[0]
    opponent = event.games[1].players[1]
    replies = await group.send(users[0], f"/tournament remove {event.name_of(gone)}")
    assert "is removed from the tournament" in said(replies)
    event = await group.event()
    result = event.games[1].result
    assert result is not None and result.forfeit and result.winner == opponent
    table = await app.load_table(group.key_of(event, 1, 2))
    assert table is not None and table.stage == "over"  # the forfeited game is closed
    await finish_round(group)
    event = await group.event()
    assert event.round == 2 and all(gone not in g.players for g in event.in_play)
    assert any(
        f"{event.name_of(gone)} — " in t and t.endswith("withdrew")
        for text in group.home_texts()
        for t in text.splitlines()
    )
    assert "You are not in" in said(await group.send(group.user(gone), "/tournament leave"))
    assert "Sign-up is closed" in said(await group.send(group.user(gone), "/tournament join"))
    while (await group.event()).status == "running":
        await finish_round(group)
    event = await group.event()
    assert event.status == "over" and all(gone not in g.players for g in event.games[3:])


async def test_export_has_a_mat_file_per_finished_game(store: Store) -> None:
    """``tournament export``: a zip of one .mat file per finished game, each read back."""
    clock = Clock()
    app = App(store, dice=Dice(12), clock=clock)
    group, users = await signed_up(app, clock, "swiss 2 rounds 1", 4)
    assert "No finished game" in said(await group.send(users[1], "/tournament export"))
    await group.send(users[0], "/tournament start")
    await finish_round(group)
    event = await group.event()
    first = event.in_play[0]
    await group.resign(group.key_of(event, first.round, first.board))
    replies = await group.send(users[2], "/tournament export")
    (sent,) = [r for r in replies if isinstance(r, SendFile)]
    assert sent.name == f"tournament-{event.id}.zip"
    with zipfile.ZipFile(io.BytesIO(sent.data)) as archive:
        names = sorted(archive.namelist())
        assert len(names) == 3
        event = await group.event()
        finished = [g for g in event.games if g.result is not None]
        for game, name in zip(finished, names, strict=True):
            assert name.startswith(f"round{game.round}-board{game.board}-")
            record = read_mat(archive.read(name).decode())
            assert set(record.names) == {event.name_of(p) for p in game.players}
            assert record.length == 1 and len(record.games) == 1


# ---------------------------------------------------------------------------------------------
# ratings and histories


@pytest.mark.parametrize("rated", [True, False])
async def test_rated_event_changes_ratings_and_history_lists_its_games(
    store: Store, rated: bool
) -> None:
    """A rated event's matches move both players' ratings (one lost on time too); an unrated
    one's do not.  Either way each player's history lists his tournament games."""
    clock = Clock()
    app = App(store, dice=Dice(13), clock=clock)
    terms = "swiss 1 round 1 clock=1h" + ("" if rated else " unrated")
    group, users = await signed_up(app, clock, terms, 4)
    await group.send(users[0], "/tournament start")
    event = await group.event()
    first, _ = event.in_play
    await group.resign(group.key_of(event, first.round, first.board))
    await group.time_out(3600)
    event = await group.event()
    assert event.status == "over"
    for game in event.games:
        assert game.result is not None
        for ref in game.players:
            shown = said(await group.send(group.user(ref), "/rating"))
            if not rated:
                assert "has no rated match yet" in shown
            elif game.result.winner == ref:
                assert "rating 1510.0" in shown, shown
            else:
                assert "rating 1490.0" in shown, shown
            history = said(await group.send(group.user(ref), "/history"))
            assert f"🏆 tournament {event.id}, round 1" in history, history
            why = "won on time" if game.result.forfeit else "played out"
            assert why in history, history
    assert [g.result.forfeit for g in event.games if g.result is not None] == [False, True]


# ---------------------------------------------------------------------------------------------
# two processes, and a process stopped mid-way


async def check_swiss_records(app: App, group: Group, event: Tournament) -> None:
    """A finished Swiss as its records stand: every game paired once with its own table and
    one result, no two players met twice, nobody had two byes, and the standings' scores are
    those of the games' results."""
    assert event.status == "over"
    swiss = event.swiss()
    assert not repeats(swiss.rounds)
    labels = [(g.round, g.board) for g in event.games]
    assert len(labels) == len(set(labels))
    assert [len(r.pairs) for r in swiss.rounds] == [
        sum(1 for g in event.games if g.round == n) for n in range(1, len(swiss.rounds) + 1)
    ]
    assert len(swiss.games) == len(event.games)
    byes = [r.bye for r in swiss.rounds if r.bye is not None]
    assert len(byes) == len(set(byes))
    match_ids = []
    for game in event.games:
        assert game.result is not None
        table = await app.load_table(group.key_of(event, game.round, game.board))
        assert table is not None and table.event is not None
        assert (table.event.round, table.event.board) == (game.round, game.board)
        assert {s.user for s in table.seats} == set(game.players)
        assert table.stage == "over" and table.dice.match_id == game.match_id
        match_ids.append(game.match_id)
    assert len(set(match_ids)) == len(match_ids)
    assert {p.player: p.score for p in swiss.standings()} == scores_from_games(event)


async def test_two_processes_run_one_swiss(redis_url: str) -> None:
    """Two apps (two processes) on one Redis tick together and take the results together,
    through a whole Swiss of seven: each round paired once, its games created and placed once,
    its pairings posted once, every result counted once."""
    one, two = RedisStore.from_url(redis_url), RedisStore.from_url(redis_url)
    try:
        await one.client.flushdb()
        clock = Clock()
        apps = (
            App(one, dice=DiceScheme.seeded(14), clock=clock),
            App(two, dice=DiceScheme.seeded(15), clock=clock),
        )
        groups = (Group(apps[0], clock, prefix="a"), Group(apps[1], clock, prefix="b"))
        groups[1].users = groups[0].users
        _, users = await signed_up(apps[0], clock, "swiss 3 rounds 1", 7)
        groups[0].users.update({u.ref: u for u in users})
        await asyncio.gather(
            groups[0].send(users[0], "/tournament start", update_id="start"),
            groups[1].send(users[0], "/tournament start", update_id="start"),
        )
        for _ in range(10):
            event = await groups[0].event()
            if event.status != "running":
                break
            await asyncio.gather(
                *(
                    groups[i % 2].resign(groups[0].key_of(event, g.round, g.board))
                    for i, g in enumerate(event.in_play)
                ),
                groups[0].tick(),
                groups[1].tick(),
            )
            clock.advance(1)
            await asyncio.gather(groups[0].tick(), groups[1].tick())
            # both try every game offered: a place opened twice stays empty
            for group, other in (groups, groups[::-1]):
                for key in list(group.placed):
                    assert await other.app.place_game(key, key) == []
        event = await groups[0].event()
        await check_swiss_records(apps[1], groups[0], event)
        placed = groups[0].placed + groups[1].placed
        assert Counter(placed) == Counter(
            groups[0].key_of(event, g.round, g.board) for g in event.games
        )
        said_texts = groups[0].home_texts() + groups[1].home_texts()
        for number in (1, 2, 3):
            assert sum(t.startswith(f"Round {number} of 3, pairings") for t in said_texts) == 1
        assert sum(t.startswith("🏆 P") for t in said_texts) == 1
        # the two really raced: some of their writes found the other's first
        assert one.counters.cas_conflicts + two.counters.cas_conflicts > 0
    finally:
        await one.close()
        await two.close()


class Killed(BaseException):
    """The process stopped here (nothing in the app catches it, as nothing runs after a kill)."""


class Dying:
    """A store through which a process is killed at its ``left``-th call (a write in progress
    is either made or not; what the process would have done next is never done)."""

    def __init__(self, store: Store, left: int) -> None:
        self.store = store
        self.left = left

    def __getattr__(self, name: str) -> object:
        attr = getattr(self.store, name)
        if not inspect.iscoroutinefunction(attr):
            return attr

        async def call(*args: object, **kwargs: object) -> object:
            self.left -= 1
            if self.left < 0:
                raise Killed(name)
            return await attr(*args, **kwargs)

        return call


async def play_out(group: Group, key: TableKey, tag: str) -> None:
    """The game at ``key`` ends by resignation, from wherever it stands (an earlier attempt may
    have stopped half-way); each update keeps its id, as a platform delivers it again."""
    table = await group.app.load_table(key)
    assert table is not None and table.match is not None
    if table.stage != "play":
        return
    refs = [s.user for s in table.seats]
    game = table.match.game
    if game.resign is None:
        loser = refs[game.turn if game.turn is not None else 0]
        await group.send(group.user(loser), "/resign", table=key, update_id=f"{tag}-resign")
    else:
        loser = refs[game.resign.player]
    winner = refs[1 - refs.index(loser)]
    await group.send(group.user(winner), "accept", table=key, update_id=f"{tag}-accept")


async def test_a_process_killed_anywhere_loses_and_repeats_nothing(store: Store) -> None:
    """A Swiss of six where the process is killed again and again at a random store call (in a
    tick, a result, a placing); each time a fresh process takes over (the platform delivers the
    update again, the next tick comes).  The event ends with every game paired once, created,
    opened in its place once, and its result counted once."""
    clock = Clock()
    app = App(store, dice=Dice(16), clock=clock)
    group, users = await signed_up(app, clock, "swiss 3 rounds 1", 6)
    await group.send(users[0], "/tournament start")
    rng = random.Random(17)
    kills = 0

    def new_life() -> None:
        dying = cast(Store, Dying(store, rng.randint(0, 40)))
        group.app = App(dying, dice=DiceScheme.seeded(rng.randrange(10**6)), clock=clock)

    async def step() -> None:
        event = await group.event()
        for game in event.in_play:
            if group.key_of(event, game.round, game.board) in group.openings:
                key = group.key_of(event, game.round, game.board)
                await play_out(group, key, f"{event.id}-{game.label}")
        clock.advance(30)
        await group.tick()

    witness = Group(app, clock)  # reads the records through a process never killed
    new_life()
    for _ in range(400):
        if (await witness.event()).status == "over":
            break
        try:
            await step()
        except Killed:
            kills += 1
            new_life()
    assert kills >= 10
    event = await witness.event()
    await check_swiss_records(app, group, event)
    assert Counter(group.placed) == Counter(
        group.key_of(event, g.round, g.board) for g in event.games
    )


class KilledAt:
    """A store through which a process is killed at its first write of ``key``."""

    def __init__(self, store: Store, key: TableKey) -> None:
        self.store = store
        self.key = key

    def __getattr__(self, name: str) -> object:
        return getattr(self.store, name)

    async def update(self, key: object, *args: object, **kwargs: object) -> object:
        if key == self.key:
            raise Killed("update")
        return await self.store.update(key, *args, **kwargs)  # type: ignore[arg-type]


async def test_a_game_placed_by_a_process_killed_before_it_said_so_is_opened_later(
    store: Store,
) -> None:
    """A process places a game (the table marked placed) and is killed before the event records
    it, so the game's opening is never shown: the game is offered again, and the next process
    shows its opening (once)."""
    clock = Clock()
    app = App(store, dice=Dice(18), clock=clock)
    group, users = await signed_up(app, clock, "swiss 1 round 1", 2)
    event = await group.event()
    doomed = App(cast(Store, KilledAt(store, event_key("telegram", event.id))), clock=clock)
    replies = await app.handle(Update(HOME, users[0], "go", text="/tournament start"))
    (offer,) = [r for r in replies if isinstance(r, PlaceGames)]
    (game,) = offer.games
    with pytest.raises(Killed):
        await doomed.place_game(game.table, game.table)
    table = await app.load_table(game.table)
    assert table is not None and table.place.origin is not None  # placed, not recorded
    clock.advance(RETRY)
    await group.tick()
    assert group.placed == [game.table]
    assert "Tournament game: P1 against P2" in said(group.openings[game.table])
    assert await app.place_game(game.table, game.table) == []
    clock.advance(RETRY)
    assert not any(isinstance(r, PlaceGames) for _, replies in await group.tick() for r in replies)


def announced_in(out: Sequence[tuple[TableKey, list[Reply]]]) -> list[Announcement]:
    """The announcements among a tick's replies for the home chat."""
    return [
        r for key, replies in out if key == HOME for r in replies if isinstance(r, Announcement)
    ]


async def test_pairings_a_killed_process_never_posted_are_posted_later_once(store: Store) -> None:
    """The process that paired a round is killed before it posts the pairings (the round is in
    the record, its games created): the tick hands them out again ``RETRY`` seconds later, with
    the standings (they may not have been shown either); posted and reported, never again."""
    clock = Clock()
    app = App(store, dice=Dice(19), clock=clock)
    group, users = await signed_up(app, clock, "swiss 2 rounds 1", 4)
    lost = await app.handle(Update(HOME, users[0], "go", text="/tournament start"))
    (pairings,) = [r for r in lost if isinstance(r, Announcement)]
    assert pairings.step == 1 and pairings.text.startswith("Round 1 of 2, pairings")
    clock.advance(RETRY - 1)
    assert not announced_in(await group.tick())
    clock.advance(1)
    out = await group.tick()
    assert [a.text for a in announced_in(out)] == [pairings.text]
    assert any(isinstance(r, Standings) for _, replies in out for r in replies)
    assert (await group.event()).announced == 1
    assert len(group.placed) == 2  # the games' places, lost with it, offered again too
    clock.advance(RETRY)
    assert not announced_in(await group.tick())


async def test_a_champion_a_killed_process_never_announced_is_announced_later_once(
    store: Store,
) -> None:
    """The tick that ends the event is the killed process's last: the champion is announced
    ``RETRY`` seconds later.  A chat that refuses the announcement does not get it a third
    time: the delivery loop reports it all the same, and the event is done."""
    clock = Clock()
    app = App(store, dice=Dice(20), clock=clock)
    group, users = await signed_up(app, clock, "swiss 1 round 1", 2)
    await group.send(users[0], "/tournament start")
    event = await group.event()
    await group.resign(group.key_of(event, 1, 1))
    clock.advance(1)
    (champion,) = announced_in(await app.tick(clock.now))  # never posted
    assert champion.text.startswith("🏆 ") and (await group.event()).status == "over"
    clock.advance(RETRY - 1)
    assert not announced_in(await app.tick(clock.now))
    clock.advance(1)
    out = await app.tick(clock.now)
    assert [a.text for a in announced_in(out)] == [champion.text]
    chat = Recording(refuse=[NotDelivered("the bot may not write here")])
    for key, replies in out:
        done = await Delivery(app).perform(chat, key, replies)
        assert done.refused == 1
    assert (await group.event()).announced == 2
    clock.advance(RETRY)
    assert not await app.tick(clock.now)


# ---------------------------------------------------------------------------------------------
# the group's traffic


def messages(reply: Reply) -> int:
    """How many messages (or edits) of the group a home reply is: a standings post or edit, a
    text in pieces of Telegram's 4,096 characters; a toast or a game's place is none."""
    if isinstance(reply, Standings):
        return 1
    if isinstance(reply, SendText):
        return max(1, -(-len(reply.text) // 4096))
    return 0


async def test_a_swiss_of_32_stays_within_the_groups_message_rate() -> None:
    """A Swiss of 32 in 1-point matches whose results come in fast (one a second): the group
    gets at most 20 messages (posts and edits) in any 60 seconds, sign-up to champion."""
    clock = Clock()
    app = App(MemoryStore(), dice=Dice(19), clock=clock)
    group = Group(app, clock)
    users = [player(i) for i in range(1, 33)]
    await group.send(users[0], "/tournament swiss 1")
    for user in users:
        await group.send(user, "/tournament join")
        clock.advance(1)
        await group.tick()
    await group.send(users[0], "/tournament start")
    for _ in range(100):
        event = await group.event()
        if event.status == "over":
            break
        for game in event.in_play[:1]:
            await group.resign(group.key_of(event, game.round, game.board))
        clock.advance(1)
        await group.tick()
    event = await group.event()
    assert event.status == "over" and event.round == 5 and len(event.games) == 80
    assert not repeats(event.swiss().rounds)
    sent = [(at, messages(r)) for at, r in group.said if messages(r)]
    # the sign-up, each round's pairings and standings, the edits between, the champion
    assert sum(n for _, n in sent) >= 12
    for start, _ in sent:
        assert sum(n for at, n in sent if start <= at < start + 60) <= 20


async def test_an_arena_stays_within_the_groups_message_rate() -> None:
    """An arena of eight whose games end a second apart, each pairing players again at once:
    the standings are edited at most each 20 seconds, so the group gets at most 20 messages in
    any 60 seconds."""
    clock = Clock()
    app = App(MemoryStore(), dice=Dice(20), clock=clock)
    group = Group(app, clock)
    users = [player(i) for i in range(1, 9)]
    await group.send(users[0], "/tournament arena 60 minutes")
    for user in users:
        await group.send(user, "/tournament join")
    await group.send(users[0], "/tournament start")
    for _ in range(70):
        event = await group.event()
        if event.in_play:
            game = event.in_play[0]
            await group.resign(group.key_of(event, game.round, game.board))
        clock.advance(1)
        await group.tick()
    event = await group.event()
    assert len(event.games) >= 50
    sent = [(at, messages(r)) for at, r in group.said if messages(r)]
    assert sum(n for at, n in sent if at > START) >= 3  # the standings edited as it goes
    for start, _ in sent:
        assert sum(n for at, n in sent if start <= at < start + 60) <= 20


async def test_arena_players_leave_and_come_back_by_the_standings_buttons(store: Store) -> None:
    """A running arena's standings carry Join and Leave: a player who leaves is paired no
    more (his game in hand still counts), comes back by Join and is paired again; a removed
    player may not come back."""
    clock = Clock()
    app = App(store, dice=Dice(21), clock=clock)
    group, users = await signed_up(app, clock, "arena 30 minutes", 5)
    await group.send(users[0], "/tournament start")
    shown = [r for _, r in group.said if isinstance(r, Standings)][-1]
    labels = {b.label: b.payload for row in shown.buttons for b in row}
    assert set(labels) == {"Join", "Leave"}
    event = await group.event()
    waiting = next(e.ref for e in event.entries if all(e.ref not in g.players for g in event.games))
    playing = event.in_play[0].players[0]
    assert "left the tournament" in said(
        await group.send(group.user(playing), button=labels["Leave"])
    )
    game = (await group.event()).in_play[0]
    await group.resign(group.key_of(event, game.round, game.board), loser=playing)
    clock.advance(1)
    await group.tick()
    event = await group.event()
    assert event.game(game.round, game.board) is not None
    assert all(playing not in g.players for g in event.in_play)
    assert "is in" in said(await group.send(group.user(playing), button=labels["Join"]))
    await finish_round(group)
    event = await group.event()
    assert any(playing in g.players for g in event.in_play)
    await group.send(users[0], f"/tournament remove {event.name_of(waiting)}")
    assert "removed you" in said(await group.send(group.user(waiting), button=labels["Join"]))


async def test_a_game_played_in_private_chats_takes_the_typed_lines(store: Store) -> None:
    """In a group without topics a game is played in the players' private chats: a line typed
    there is routed to the game (``App.route``), and the game ends by those lines."""
    clock = Clock()
    app = App(store, dice=Dice(22), clock=clock)
    group, users = await signed_up(app, clock, "swiss 1 round 1", 2)
    await group.send(users[0], "/tournament start")
    event = await group.event()
    (game,) = event.in_play
    key = group.key_of(event, game.round, game.board)
    table = await app.load_table(key)
    assert table is not None and table.match is not None
    turn = table.match.game.turn or 0
    loser, winner = (group.user(table.seats[i].user) for i in (turn, 1 - turn))
    for user, line in ((loser, "/resign"), (winner, "accept")):
        private = TableKey("telegram", user.id)
        update = Update(private, user, f"p-{user.id}", text=line, private=True)
        routed = await app.route(update)
        assert routed == key
        await app.handle(replace(update, table=routed))
    assert await app.route(Update(TableKey("telegram", "1"), users[0], "x", text="/resign",
                                  private=True)) == TableKey("telegram", "1")  # fmt: skip
    clock.advance(1)
    await group.tick()
    event = await group.event()
    assert event.status == "over" and event.games[0].result is not None
    assert event.games[0].result.winner == winner.ref
