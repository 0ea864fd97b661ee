"""A whole Swiss of 1-point matches run through Telegram, over the real PTB ``Application`` and
the fake Bot API, with nobody's hand in it: in a group without topics, where every player has
started the bot, the organiser types ``/tournament swiss …``, the players press Join on the
group's one message and the organiser presses Start; round after round each player finds his
game's board in his private chat and finishes it there — most by resigning (the player to act
types ``/resign``, his opponent presses Accept), some played out by the buttons, some lost on
time — until the group is told the champion.

Time is simulated: the app, the rate limiter and the fake Bot API all read the test's
:class:`~telegram_support.Clock`.  Each player's action takes :data:`STEP` seconds of it, and
the adapter's tick delivery (``deliver_ticks``, which the bot runs every ``TICK_SECONDS``)
runs at each tick of that period where something is due (a
tick with nothing due does nothing, so it is skipped).  The rate limiter keeps Telegram's limit
of a group (20 requests in any 60 s) on that clock.  A group's request that did not fit would
wait there for simulated time, which does not pass while the bot works: so such a request is
refused at once instead (:func:`no_waiting`) and the run fails at the step that made it.  The
limit of the whole bot (30 requests a second) is lifted: it paces real throughput, and a round's
boards go to 64 private chats at one simulated instant.  The group's requests are stamped by the
fake on the same clock and counted against the limit as well.

The run is checked against what the group and the store show: no two players met twice; the
byes (none in an even field; in an odd one a different player each round, scoring a point);
each game's result as its match record in the store has it; and the standings in the group's
message as the match records give them (score, Buchholz cut 1, Buchholz, Sonneborn-Berger, and
the order with direct encounter, wins and seeding after them).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Literal, TypeVar

from fake_telegram import FakeMessage, TgUser
from telegram_support import (
    Bot,
    Clock,
    boards,
    game_of,
    most_in_any,
    play_by_buttons,
    private,
    running_bot,
    started,
)
from test_app_support import Dice
from test_telegram import unexpected_errors

from bot.app import App
from bot.app.history import MatchRecord
from bot.app.tournaments.event import Tournament
from bot.settings import Settings
from bot.store import MemoryStore, TableKey, UserKey
from bot.telegram.limits import Window
from engine.game import Phase

GROUP = -100555
HOME = TableKey("telegram", str(GROUP))

STEP = 2.0
"""Simulated seconds each player's action takes."""

TICK_SECONDS = float(Settings().tick_seconds)
"""How often the bot serves what is due (``TICK_SECONDS``, at its default)."""

POLL = 0.0005
"""Seconds between the looks of the bot's settling: nothing runs here outside an update's
handling or the tick's delivery, both of which it sees, so a short look is enough."""

GROUP_LIMIT, GROUP_PERIOD = 20, 60.0
"""Telegram's limit of a group: 20 messages (edits included) in any minute."""

POSTING = frozenset(
    {"sendMessage", "sendPhoto", "sendDocument", "editMessageText", "editMessageCaption"}
    | {"editMessageMedia", "editMessageReplyMarkup", "deleteMessage", "pinChatMessage"}
)
"""The Bot API methods that post or change a message in a chat."""

PAIRINGS = re.compile(r"Round (\d+) of (\d+), pairings:")
PAIRING = re.compile(r"(\d+)\. (\S+) — (\S+)")
BYE = re.compile(r"(\S+) — bye")
ROW = re.compile(r"(\d+)\. (\S+) — (\S+) \(BH-1 (\S+), BH (\S+), SB (\S+)\)")
MORE = re.compile(r"… and (\d+) more")

T = TypeVar("T")

Way = Literal["resign", "buttons", "time"]
Row = tuple[str, float, float, float, float]
"""A line of the standings: name, score, Buchholz cut 1, Buchholz, Sonneborn-Berger."""


@dataclass
class Run:
    """A Swiss played in the group: the bot, the simulated clock, the players (by name)."""

    bot: Bot
    clock: Clock
    users: list[TgUser]
    way: Callable[[int, int], Way]
    """How the game of a round and board is finished."""
    ticked: float = 0.0
    """When the tick loop last ran."""
    pairings: dict[int, tuple[list[tuple[str, str]], list[str]]] = field(default_factory=dict)
    """Each round's pairs and byes (names) as the group was told them."""
    ways: dict[tuple[int, int], Way] = field(default_factory=dict)
    """How each game (round, board) was finished."""
    actors: dict[tuple[int, int], str] = field(default_factory=dict)
    """Who resigned each game finished so (his name)."""
    held: list[float] = field(default_factory=list)
    """When a request to the group found its window full (see :func:`no_waiting`)."""

    def user(self, name: str) -> TgUser:
        return next(u for u in self.users if u.first_name == name)

    # -- time ----------------------------------------------------------------------------------

    async def tick(self) -> None:
        """The adapter's tick delivery, as the bot's tick loop runs it; the bot settled."""
        await self.bot.adapter.deliver_ticks(self.bot.application.bot)
        await self.bot.settle()
        assert not self.held, f"the group's window was full at {self.held}"

    async def wait(self, seconds: float) -> None:
        """``seconds`` of simulated time pass, the tick loop running at each of its ticks where
        something is due."""
        target = self.clock.now + seconds
        while due := await self.bot.app.store.due(target, limit=1):
            at = max(due[0].when, self.ticked + TICK_SECONDS)
            at = -(-at // TICK_SECONDS) * TICK_SECONDS  # the tick loop's next tick then
            if at > target:
                break
            self.clock.now = self.ticked = max(self.clock.now, at)
            await self.tick()
        self.clock.now = target

    async def act(self, action: Callable[[], Awaitable[T]]) -> T:
        """A player's action, then the time it took; what the action gave."""
        done = await action()
        assert not self.held, f"the group's window was full at {self.held}"
        await self.wait(STEP)
        return done

    # -- what the group shows ------------------------------------------------------------------

    def group(self) -> list[FakeMessage]:
        return self.bot.fake.bot_messages(GROUP)

    def champion(self) -> str | None:
        """Who the group was told won the tournament."""
        for message in self.group():
            found = re.fullmatch(r"🏆 (\S+) wins tournament \w+!", message.text)
            if found is not None:
                return found.group(1)
        return None

    def round_told(self) -> int:
        """The last round whose pairings the group was told (each read into
        :attr:`pairings`)."""
        for message in self.group():
            found = PAIRINGS.match(message.text)
            if found is None:
                continue
            lines = message.text.splitlines()[1:]
            pairs = [(m.group(2), m.group(3)) for m in map(PAIRING.fullmatch, lines) if m]
            numbers = [int(m.group(1)) for m in map(PAIRING.fullmatch, lines) if m]
            assert numbers == list(range(1, len(pairs) + 1))
            byes = [m.group(1) for m in map(BYE.fullmatch, lines) if m]
            self.pairings[int(found.group(1))] = (pairs, byes)
        return max(self.pairings, default=0)

    # -- the players ---------------------------------------------------------------------------

    async def sign_up(self, words: str) -> None:
        """The organiser (the first player) opens the tournament, everybody joins on its
        message, the organiser starts it."""
        group = self.bot.fake.chat(GROUP, "supergroup")
        organiser = self.users[0]
        await self.act(lambda: self.bot.say(organiser, group, f"/tournament {words}"))
        for count, user in enumerate(self.users, 1):
            answer = await self.act(partial(self.bot.press, user, group, "Join"))
            plural = "" if count == 1 else "s"
            assert answer.get("text") == f"{user.first_name} is in ({count} player{plural})."
        await self.act(lambda: self.bot.press(organiser, group, "Start"))

    async def play_round(self, number: int) -> None:
        """Each game of round ``number``, found in its players' private chats, finished as
        :attr:`way` says; those to be lost on time are left to their clocks."""
        pairs, byes = self.pairings[number]
        keys = [self.game_in_private(pair, number, board) for board, pair in enumerate(pairs, 1)]
        for name in byes:  # no game for the bye
            opening = re.compile(rf"Tournament game: .* round {number}, ")
            assert not any(opening.match(m.text) for m in self.private_texts(name))
        for board, key in enumerate(keys, 1):
            way = self.ways[(number, board)] = self.way(number, board)
            facts = await self.bot.app.facts(key)
            assert facts is not None
            seats = [self.user(name) for name in facts.names]
            if way == "resign":
                self.actors[(number, board)] = await self.resign(key, seats)
            elif way == "buttons":
                await self.play_out(key, seats)

    def private_texts(self, name: str) -> list[FakeMessage]:
        return self.bot.fake.bot_messages(self.user(name).id)

    def game_in_private(self, pair: tuple[str, str], number: int, board: int) -> TableKey:
        """The game of ``pair``: the newest board in each one's private chat (the same game's,
        round ``number`` and ``board``), after the game's opening line."""
        found = {game_of(boards(self.bot, self.user(name))[-1]) for name in pair}
        assert len(found) == 1, (pair, found)
        (key,) = found
        assert key.topic == f"{number}.{board}", (pair, key)
        opening = f"Tournament game: {pair[0]} against {pair[1]}, round {number}, board {board},"
        for name in pair:
            assert any(m.text.startswith(opening) for m in self.private_texts(name)[-3:])
        return key

    async def resign(self, key: TableKey, seats: list[TgUser]) -> str:
        """The player to act types ``/resign`` in his private chat, the other presses Accept in
        his; who resigned."""
        game = await self.bot.game(key)
        assert game.turn is not None
        actor, other = seats[game.turn], seats[1 - game.turn]
        await self.act(lambda: self.bot.say(actor, private(self.bot, actor), "/resign"))
        assert (await self.bot.game(key)).resign is not None
        await self.act(lambda: self.bot.press(other, private(self.bot, other), "Accept"))
        assert (await self.bot.match(key)).is_over
        return actor.first_name

    async def play_out(self, key: TableKey, seats: list[TgUser]) -> None:
        """The game played to its end by the buttons in the players' private chats."""
        for _ in range(1000):
            match = await self.bot.match(key)
            if match.is_over:
                return
            assert match.game.phase in (Phase.ROLL, Phase.MOVE)
            await self.act(lambda: play_by_buttons(self.bot, key, seats))
        raise AssertionError("the game did not end")

    async def to_next_round(self, number: int) -> None:
        """Time passes (the games left lose on time) until the group is told the next round's
        pairings or the champion."""
        for _ in range(300):
            if self.round_told() > number or self.champion() is not None:
                return
            await self.wait(60)
        raise AssertionError(f"round {number} never ended")

    async def play(self, words: str) -> Tournament:
        """The whole tournament, from the organiser's command to the champion; the event's
        record then."""
        await self.sign_up(words)
        number = 0
        while self.champion() is None:
            assert self.round_told() == number + 1
            number += 1
            await self.play_round(number)
            await self.to_next_round(number)
        event = await self.bot.app.events.current(HOME)
        assert event is not None and event.status == "over"
        return event


def no_waiting(window: Window, clock: Clock, held: list[float]) -> None:
    """Make a request to the group that finds ``window`` full fail at once, noted in ``held``
    (it would wait for simulated time, which does not pass while the bot works)."""
    room = window.room

    async def at_once() -> None:
        if window.wait() > 0:
            held.append(clock.now)
            raise AssertionError("the group's window is full")
        await room()

    window.room = at_once  # type: ignore[method-assign]


# -- checks ---------------------------------------------------------------------------------------


async def records_of(app: App, users: list[TgUser], event: str) -> dict[str, MatchRecord]:
    """The event's match records, from the players' histories in the store (by match id)."""
    out: dict[str, MatchRecord] = {}
    for user in users:
        key = UserKey("telegram", str(user.id))
        for match_id in await app.store.history(key):
            payload = await app.store.history_entry(key, match_id)
            assert payload is not None
            record = MatchRecord.from_bytes(payload, match_id)
            if record.event is not None and record.event.startswith(f"{event}/"):
                out[match_id] = record
    return out


def recomputed(event: Tournament, records: list[MatchRecord], byes: list[str]) -> list[Row]:
    """The standings from the match records and the byes (names), by the rules the standings
    name, best first (see :mod:`bot.app.pairing.tiebreaks`: a win or a bye 1 point, Buchholz
    the opponents' scores, less the lowest for cut 1, Sonneborn-Berger the beaten opponents';
    then direct encounter among those equal on all four, wins, seeding)."""
    names = {e.ref: e.name for e in event.entries}
    games: list[tuple[str, str, str]] = []
    for record in records:
        assert record.winner is not None
        (a, _), (b, _) = record.players
        games.append((a, b, (a, b)[record.winner]))
    score = {ref: float(sum(1 for bye in byes if bye == name)) for ref, name in names.items()}
    wins: dict[str, int] = defaultdict(int)
    for _, _, winner in games:
        score[winner] += 1
        wins[winner] += 1
    faced: dict[str, list[float]] = defaultdict(list)
    berger: dict[str, float] = defaultdict(float)
    for a, b, winner in games:
        faced[a].append(score[b])
        faced[b].append(score[a])
        berger[winner] += score[b if winner == a else a]
    figures = {
        ref: (score[ref], sum(faced[ref]) - min(faced[ref], default=0.0), sum(faced[ref]),
              berger[ref])
        for ref in names
    }  # fmt: skip
    direct: dict[str, float] = defaultdict(float)
    for a, b, winner in games:
        if figures[a] == figures[b]:
            direct[winner] += 1
    rating = {e.ref: e.rating for e in event.entries}

    def order(ref: str) -> tuple[Any, ...]:
        return (*(-x for x in figures[ref]), -direct[ref], -wins[ref], -rating[ref], ref)

    return [(names[ref], *figures[ref]) for ref in sorted(names, key=order)]


def shown(text: str) -> tuple[list[Row], int]:
    """The rows of the standings in a message's text, and how many more it says there are."""
    rows: list[Row] = []
    for place, found in enumerate(m for m in map(ROW.fullmatch, text.splitlines()) if m):
        assert int(found.group(1)) == place + 1
        name, score, cut, buchholz, sb = found.groups()[1:]
        rows.append((name, float(score), float(cut), float(buchholz), float(sb)))
    more = MORE.search(text)
    return rows, int(more.group(1)) if more is not None else 0


async def check(run: Run, event: Tournament, rounds: int) -> list[float]:
    """What a finished run must show (see the module's docstring); when the group's messages
    were posted or edited (simulated time)."""
    bot = run.bot
    names = {e.ref: e.name for e in event.entries}
    # The rounds the group was told are the event's, and nobody met anybody twice.
    assert sorted(run.pairings) == list(range(1, rounds + 1)) and event.round == rounds
    told = [frozenset(pair) for pairs, _ in run.pairings.values() for pair in pairs]
    recorded = [frozenset(names[p] for p in g.players) for g in event.games]
    assert sorted(map(sorted, told)) == sorted(map(sorted, recorded))
    assert len(set(told)) == len(told) == len(run.ways)
    # The byes: one a round in an odd field, never twice to one player; none in an even one.
    byes = [name for _, round_byes in run.pairings.values() for name in round_byes]
    for _, round_byes in run.pairings.values():
        assert len(round_byes) == len(event.entries) % 2
    assert len(set(byes)) == len(byes)
    # Each game's result is its match record's: the resigner lost, the late player lost on
    # time, the game played out was won on the board.
    records = await records_of(bot.app, run.users, event.id)
    assert len(records) == len(event.games)
    for game in event.games:
        assert game.match_id is not None and game.result is not None
        record = records[game.match_id]
        assert record.event == f"{event.id}/{game.round}"
        assert tuple(ref for ref, _ in record.players) == game.players
        assert record.winner is not None
        assert game.result.winner == record.players[record.winner][0]
        way = run.ways[(game.round, game.board)]
        assert record.reason == ("time" if way == "time" else "played"), (way, record.reason)
        if way == "resign":
            loser = record.players[1 - record.winner][1]
            assert loser == run.actors[(game.round, game.board)]
        assert game.result.forfeit == (way == "time")
    # The standings in the group's one standings message, as last edited, are the records'.
    (message,) = [m for m in run.group() if str(m.message_id) == event.standings]
    assert message is run.group()[0] and message.edits > 0  # its first message, edited since
    rows, more = shown(message.text)
    expected = recomputed(event, list(records.values()), byes)
    assert rows == expected[: len(rows)] and len(rows) + more == len(expected)
    champion = expected[0][0]
    assert f"The tournament is over. Champion: {champion} 🏆" in message.text
    assert run.champion() == champion
    for name in byes:  # the bye scored his point: beside his wins, exactly one
        won = sum(1 for r in records.values() if r.players[r.winner or 0][1] == name)
        assert next(row[1] for row in expected if row[0] == name) == won + 1
    # The tournament's page, asked for in the group, shows every place so.
    assert await bot.say(run.users[0], bot.fake.chat(GROUP, "supergroup"), "/tournament")
    assert shown(run.group()[-1].text) == (expected, 0)
    # The group's traffic kept within Telegram's limit in simulated time; no board went there.
    fake = bot.fake
    calls = zip(fake.calls, fake.call_times, strict=True)
    times = [at for (m, p), at in calls if m in POSTING and str(p.get("chat_id")) == str(GROUP)]
    assert times == sorted(times) and most_in_any(times, GROUP_PERIOD) <= GROUP_LIMIT
    assert not [p for p in fake.called("sendPhoto") if str(p.get("chat_id")) == str(GROUP)]
    assert unexpected_errors(fake) == []
    return times


async def run_swiss(
    players: int, rounds: int, way: Callable[[int, int], Way], seed: int
) -> tuple[Run, list[float]]:
    """A Swiss of ``players`` players and ``rounds`` rounds of 1-point matches, its games
    finished as ``way`` says (by round and board), played and checked; the run, and when the
    group's messages were posted or edited."""
    clock = Clock()
    app = App(MemoryStore(), dice=Dice(seed), clock=clock)
    users = [TgUser(5000 + i, f"P{i:02d}") for i in range(1, players + 1)]
    async with running_bot(
        app, clock=clock, group_rate=GROUP_LIMIT, group_period=GROUP_PERIOD
    ) as bot:
        bot.poll = POLL
        started(bot, *users)
        run = Run(bot, clock, users, way)
        no_waiting(bot.adapter.pacer.limits.window(GROUP), clock, run.held)
        event = await run.play(f"swiss {rounds} rounds 1 clock=1h")
        return run, await check(run, event, rounds)


async def test_a_swiss_of_64_players_runs_to_its_champion_in_private_chats() -> None:
    def way(number: int, board: int) -> Way:
        if board == 5 and number % 2:  # a game played out costs some 250 presses: one in
            return "buttons"  # every other round
        return "time" if board % 16 == 9 else "resign"

    run, times = await run_swiss(64, 6, way, seed=11)
    ways = list(run.ways.values())
    assert (ways.count("buttons"), ways.count("time"), ways.count("resign")) == (3, 12, 177)
    assert len(times) > 2 * GROUP_LIMIT  # enough of them for the limit to be put to the test


async def test_a_swiss_of_9_players_gives_each_round_one_bye_to_a_different_player() -> None:
    def way(number: int, board: int) -> Way:
        return "time" if board == 4 else "resign"

    run, times = await run_swiss(9, 5, way, seed=5)
    assert len(run.ways) == 20 and list(run.ways.values()).count("time") == 5
    assert len(times) > 5  # the standings message, each round's pairings, the champion
    assert times
