"""A knockout run from end to end in a Discord channel, through real discord.py objects.

Simulated players sign up with ``/tournament`` and the standings message's Join button, and
the organiser presses Start; then each round's games get a thread each, where their players
play them by pressing the boards' buttons — or one resigns (``/resign``, the other accepts), or
the one to move lets his clock run out.  The games of a round are played side by side, a
decision each in turn, and the adapter's tick delivery (:meth:`NardyBot.deliver_ticks`, what
its tick loop calls) comes round after each pass: it loses the late games on time, pairs the
next round and opens its threads, posts the pairings once a round, edits the one standings
message and names the champion.  Nothing is done by hand; the app's clock is a fake one that
moves a few seconds a decision, so the channel's messages can be counted by the minute.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

import pytest
from discord_harness import (
    ALL_PERMISSIONS,
    EPHEMERAL,
    Driver,
    FakeDiscord,
    Person,
    Place,
    installed,
)
from test_app_support import Dice
from test_discord import take_turn

from bot.app import App
from bot.app.history import MatchRecord
from bot.app.pairing import Entrant, bracket_order, seeded
from bot.discord_bot import NardyBot, table_key
from bot.i18n import t
from bot.store import MemoryStore, TableKey, UserKey
from engine.game import Phase

HOME = Place(600000000000000501, permissions=ALL_PERMISSIONS)
"""The server's text channel the event runs in: the bot may open threads there."""

START = 1_000_000.0
"""The fake clock's time when the event is created."""

CLOCK = 300
"""The move clock, in seconds (``clock=5m``)."""

DECISION = 2.0
"""Seconds of the fake clock a player's decision takes."""

MOST_A_MINUTE = 20
"""The most messages the bot may post or edit in the channel within a minute (a Telegram
group's limit, which the app keeps to everywhere)."""

Way = Literal["played", "resigned", "time"]
"""How a game ends: played out by the buttons, resigned, or lost on time."""


@pytest.fixture
def fake_discord(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeDiscord]:
    yield from installed(monkeypatch)


def players(count: int) -> list[Person]:
    return [Person(100000000000000100 + i, f"Player{i:02d}") for i in range(1, count + 1)]


@dataclass
class Game:
    """One game of the event as the test follows it: its round, its thread, its players in
    seat order, how it is to end and who is to lose it that way, and its winner once over
    (read from the table's final state)."""

    round: int
    thread: Place
    people: tuple[Person, Person]
    way: Way
    decisions: int = 0
    loser: Person | None = None
    winner: Person | None = None

    @property
    def key(self) -> TableKey:
        return table_key(self.thread.id)


@dataclass
class Run:
    """The event's channel, its players and the fake clock; every Discord call the bot made is
    stamped with the clock's time when it was made."""

    driver: Driver
    now: list[float]
    people: dict[str, Person]
    stamps: list[float] = field(default_factory=list)
    games: list[Game] = field(default_factory=list)

    @property
    def fake(self) -> FakeDiscord:
        return self.driver.fake

    @property
    def bot(self) -> NardyBot:
        assert isinstance(self.driver.client, NardyBot)
        return self.driver.client

    def stamp(self) -> None:
        self.stamps += [self.now[0]] * (len(self.fake.calls) - len(self.stamps))

    def wait(self, seconds: float) -> None:
        """Time passes (the calls made so far were made before)."""
        self.stamp()
        self.now[0] += seconds

    async def tick(self) -> None:
        """The adapter's tick loop comes round."""
        await self.bot.deliver_ticks()
        self.stamp()

    def new_threads(self) -> list[Place]:
        """The threads opened in the channel for games not followed yet, oldest first."""
        known = {g.thread.id for g in self.games}
        return [
            Place(tid, kind=11, parent=HOME.id, permissions=ALL_PERMISSIONS)
            for tid, data in sorted(self.fake.threads.items())
            if tid not in known and int(data["parent_id"]) == HOME.id
        ]


# -- the simulated players ------------------------------------------------------------------------


async def sign_up(
    fake: FakeDiscord, organiser: Person, joining: list[Person], seed: int = 5
) -> Run:
    """``organiser`` opens a 1-point knockout in the channel, ``joining`` press Join in that
    order, the organiser presses Start."""
    now = [START]
    app = App(MemoryStore(), dice=Dice(seed), clock=lambda: now[0])
    driver = await Driver.start(NardyBot(app, tick_seconds=None), fake, HOME)
    driver.join_guild([HOME])  # the gateway told the client of the server and the channel
    run = Run(driver, now, {f"discord:{p.id}": p for p in joining})
    await driver.command(organiser, "tournament", f"knockout 1 clock={CLOCK // 60}m")
    for person in joining:
        await driver.click(person, t("en", "tournament-button-join"))
        run.wait(DECISION)
    await driver.click(organiser, t("en", "tournament-button-start"))
    return run


async def open_round(run: Run, number: int, way: Callable[[int, int], Way]) -> list[Game]:
    """The round's games, one thread each (``way(round, board)``: how each is to end): each
    thread is named after its game's players, and its first message mentions and pings both."""
    games = []
    for board, thread in enumerate(run.new_threads(), 1):
        facts = await run.bot.app.facts(table_key(thread.id))
        assert facts is not None and facts.in_play
        a, b = (run.people[ref] for ref in facts.seats)
        name = t("en", "tournament-game-title", first=a.name, second=b.name, round=number)
        assert run.fake.threads[thread.id]["name"] == name
        path = f"/channels/{thread.id}/messages"
        first = next(c.body for c in run.fake.calls if c.method == "POST" and c.path == path)
        assert first["content"].startswith(" ".join(f"<@{u}>" for u in sorted((a.id, b.id))))
        assert sorted(int(u) for u in first["allowed_mentions"]["users"]) == sorted((a.id, b.id))
        game = Game(number, thread, (a, b), way(number, board))
        if game.way == "time":
            [late] = facts.to_act  # his opening roll made, he is to move: he never does
            game.loser = run.people[late]
        games.append(game)
    run.games += games
    return games


async def decide(run: Run, game: Game) -> None:
    """The player to act in ``game`` takes one decision with the thread's components.  Who
    plays a game out first asks for the text board; a game to be resigned is resigned after
    a few decisions by the player on roll (his opponent accepts at the next one)."""
    table = await run.bot.app.load_table(game.key)
    assert table is not None and table.match is not None
    state = table.match.game
    rolling = state.phase is Phase.ROLL and state.resign is None and state.turn is not None
    if game.way == "played" and game.decisions == 0:
        await run.driver.command(game.people[0], "settings", "view text", place=game.thread)
    elif game.way == "resigned" and game.loser is None and game.decisions >= 4 and rolling:
        assert state.turn is not None
        game.loser = game.people[state.turn]
        await run.driver.command(game.loser, "resign", place=game.thread)
    else:
        await take_turn(run.driver, list(game.people), state, game.thread)
    game.decisions += 1


async def over(run: Run, game: Game) -> bool:
    """Whether ``game`` is over; its winner noted when it is, read from its table's final
    state, and the same in both players' histories, which say whether it was lost on time."""
    table = await run.bot.app.load_table(game.key)
    assert table is not None and table.match is not None
    if not table.match.is_over:
        return False
    seat = table.match.winner
    assert seat is not None and table.dice.match_id is not None
    game.winner = game.people[seat]
    assert game.winner != game.loser
    for person in game.people:
        entry = await run.bot.app.store.history_entry(
            UserKey("discord", str(person.id)), table.dice.match_id
        )
        assert entry is not None
        record = MatchRecord.from_bytes(entry, table.dice.match_id)
        assert record.winner == seat and record.event is not None
        assert record.event.endswith(f"/{game.round}")
        assert (record.reason == "time") == (game.way == "time")
    return True


async def play_round(run: Run, games: list[Game]) -> None:
    """The round's games played side by side, a decision each in turn, the tick loop coming
    round after each pass; the games to be lost on time wait for their clocks to run out (once
    nothing else is left, the clock jumps past them)."""
    left = list(games)
    for _ in range(1000):
        for game in left:
            if game.way != "time" and not await over(run, game):
                await decide(run, game)
                run.wait(DECISION)
        await run.tick()
        left = [g for g in left if not await over(run, g)]
        if not left:
            return
        if all(g.way == "time" for g in left):
            run.wait(CLOCK)
    raise AssertionError("the round never ended")


async def knockout(
    fake: FakeDiscord,
    entrants: list[Person],
    way: Callable[[int, int], Way],
    joining: list[Person] | None = None,
) -> Run:
    """A knockout of ``entrants`` (the first is the organiser; ``joining``: the order they
    sign up in) run to its end: round after round, the threads the ticks open played."""
    run = await sign_up(fake, entrants[0], joining or entrants)
    number = 0
    while run.new_threads():
        number += 1
        await play_round(run, await open_round(run, number, way))
        run.wait(DECISION)
        await run.tick()  # a loss on time the last tick recorded makes the event due now
    run.stamp()
    return run


# -- what the channel shows -----------------------------------------------------------------------


def home_messages(run: Run) -> list[tuple[float, str, dict[str, Any]]]:
    """What the bot did to the channel's messages, oldest first, with when: ``post`` (a
    message, an interaction's public answer or followup; a thread opened on its own, which
    Discord notes in the channel) or ``edit`` (a message changed, a pressed message updated).
    What only the user who acted sees (ephemeral) is left out."""
    out = []
    for when, call in zip(run.stamps, run.fake.calls, strict=True):
        body: dict[str, Any] = call.body if isinstance(call.body, dict) else {}
        parts = call.path.strip("/").split("/")
        kind = ""
        if parts[0] == "channels" and int(parts[1]) == HOME.id:
            if parts[2:] in (["messages"], ["threads"]) and call.method == "POST":
                kind = "post"
            elif parts[2:3] == ["messages"] and call.method == "PATCH":
                kind = "edit"
        elif (
            parts[0] in ("webhooks", "interactions") and run.fake.channels.get(parts[2]) == HOME.id
        ):
            if parts[0] == "interactions":
                body = dict(body.get("data") or {}, type=body["type"])
                kind = {4: "post", 7: "edit"}.get(body["type"], "")
            else:
                kind = {"POST": "post", "PATCH": "edit"}.get(call.method, "")
            if body.get("flags", 0) & EPHEMERAL:
                kind = ""
        if kind:
            out.append((when, kind, body))
    return out


def busiest_minute(run: Run) -> int:
    """The most messages the bot posted or edited in the channel within a minute."""
    times = [when for when, _, _ in home_messages(run)]
    return max(sum(1 for x in times if start <= x < start + 60) for start in times)


def standings_message(run: Run) -> dict[str, Any]:
    """The event's one message in the channel (its sign-up list, then its standings)."""
    title = t("en", "tournament-title", id="")
    found = [
        m
        for m in run.fake.public()
        if int(m["channel_id"]) == HOME.id and m["content"].startswith(title)
    ]
    assert len(found) == 1, [m["content"][:40] for m in found]
    return found[0]


def recomputed(run: Run, entrants: list[Person]) -> tuple[list[str], Person, list[list[Person]]]:
    """The bracket recomputed from the seeding (everybody's rating the same: by user
    reference) and the games' winners the tables show: its lines as the standings show them,
    the champion, and each round's byes."""
    refs = {f"discord:{p.id}": p for p in entrants}
    seeds = [refs[e.id] for e in seeded(Entrant(ref, 1500.0) for ref in refs)]
    size = 1
    while size < len(seeds):
        size *= 2
    slots: list[Person | None] = [
        seeds[s - 1] if s <= len(seeds) else None for s in bracket_order(size)
    ]
    lines: list[str] = []
    byes: list[list[Person]] = []
    while len(slots) > 1:
        number = len(byes) + 1
        lines.append(t("en", "tournament-round-heading", round=number))
        byes.append([])
        winners: list[Person | None] = []
        for a, b in zip(slots[::2], slots[1::2], strict=True):
            if a is None or b is None:
                present = a or b
                if present is not None:
                    lines.append(t("en", "tournament-bye", name=present.name))
                    byes[-1].append(present)
                winners.append(present)
                continue
            [game] = [g for g in run.games if g.round == number and {*g.people} == {a, b}]
            assert game.people == (a, b) and game.winner is not None
            key = "tournament-pair-forfeit" if game.way == "time" else "tournament-pair-won"
            lines.append(t("en", key, first=a.name, second=b.name, winner=game.winner.name))
            winners.append(game.winner)
        slots = winners
    [champion] = slots
    assert champion is not None
    return lines, champion, byes


def check_event(run: Run, entrants: list[Person], games: list[int]) -> list[list[Person]]:
    """What every knockout shows: ``games`` games a round, each in a thread of its own, no two
    players paired twice, games played out, resigned and lost on time; the pairings posted
    once a round with its byes; the one standings message edited in place, at the end the
    bracket the results make, naming the champion, who is announced; nobody told off; at
    most :data:`MOST_A_MINUTE` messages a minute in the channel.  Each round's byes."""
    rounds = len(games)
    assert [sum(1 for g in run.games if g.round == n) for n in range(1, rounds + 1)] == games
    assert len(run.fake.threads) == len(run.games)
    assert len({frozenset((g.people[0].id, g.people[1].id)) for g in run.games}) == len(run.games)
    assert {g.way for g in run.games} == {"played", "resigned", "time"}
    lines, champion, byes = recomputed(run, entrants)
    # The one standings message, edited in place at least once a round: the bracket at the end.
    message = standings_message(run)
    messages = home_messages(run)
    assert sum(1 for _, kind, _ in messages if kind == "edit") >= rounds
    shown = message["content"]
    event = shown.splitlines()[0].removeprefix(t("en", "tournament-title", id=""))
    assert t("en", "tournament-status-champion", name=champion.name) in shown.splitlines()
    assert shown.endswith("\n" + "\n".join(lines)), shown
    assert message["components"] == []
    # The pairings, once a round, with the round's byes; at the end the champion.
    posts = [str(body.get("content")) for _, kind, body in messages if kind == "post"]
    for number in range(1, rounds + 1):
        heading = t("en", "tournament-pairings", round=number, rounds=rounds)
        [pairings] = [p.splitlines() for p in posts if p.startswith(heading)]
        played = [g for g in run.games if g.round == number]
        for board, game in enumerate(played, 1):
            a, b = game.people
            assert (
                t("en", "tournament-pairing", board=board, first=a.name, second=b.name) in pairings
            )
        told = [p for p in entrants if t("en", "tournament-bye", name=p.name) in pairings]
        assert told == byes[number - 1]
    assert posts[-1] == t("en", "tournament-champion", name=champion.name, id=event)
    # Nobody was refused anything: the only private answers are the sign-ups'.
    joining = run.people.values()  # in the order they signed up
    joined = [t("en", "tournament-joined", name=p.name, count=i) for i, p in enumerate(joining, 1)]
    assert sorted(run.fake.ephemeral()) == sorted(joined)
    assert busiest_minute(run) <= MOST_A_MINUTE
    # Every game's thread is archived once its game is over (its result is in the standings,
    # not posted in the channel once more).
    assert all(data["thread_metadata"]["archived"] for data in run.fake.threads.values())
    return byes


# -- the events ----------------------------------------------------------------------------------


async def test_sixteen_players_play_a_knockout_to_its_champion(fake_discord: FakeDiscord) -> None:
    """Sixteen players: four rounds of 8, 4, 2 and 1 games, nobody with a bye.  In the first
    two rounds some games are resigned and some lost on time; the others are played out."""
    entrants = players(16)

    def way(number: int, board: int) -> Way:
        ways: list[Way] = ["resigned", "time", "resigned", "time"]
        return ways[board - 1] if number <= 2 and board <= len(ways) else "played"

    run = await knockout(fake_discord, entrants, way)
    assert check_event(run, entrants, [8, 4, 2, 1]) == [[], [], [], []]


async def test_six_players_the_top_seeds_have_byes(fake_discord: FakeDiscord) -> None:
    """Six players (signed up in the reverse of their seeding): a bracket of eight, whose two
    byes go to the two players seeded first (equal ratings: by user reference), who meet the
    first round's winners in the second."""
    entrants = players(6)

    def way(number: int, board: int) -> Way:
        ways: dict[tuple[int, int], Way] = {(1, 1): "time", (1, 2): "resigned", (2, 2): "resigned"}
        return ways.get((number, board), "played")

    run = await knockout(fake_discord, entrants, way, joining=entrants[::-1])
    byes = check_event(run, entrants, [2, 2, 1])
    first = seeded(Entrant(f"discord:{p.id}", 1500.0) for p in entrants)[:2]
    assert [f"discord:{p.id}" for p in byes[0]] == [e.id for e in first]
    assert byes[1:] == [[], []]
    assert not any(p in g.people for p in byes[0] for g in run.games if g.round == 1)
