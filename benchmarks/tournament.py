"""Time to pair the rounds of the tournament systems, on fields of the sizes the issue names.

Run ``python -m benchmarks.tournament`` from the repository root (``--help`` for the sizes).
Through :mod:`bot.app.pairing` alone (no store, no chat) it times, best of ``--repeat`` runs:

* a Swiss round of 1,000 players (1,001 with ``--odd``, so with a bye) in rounds 1, 5 and 9,
  the rounds before played with random results (a draw now and then): the pairing itself
  (:func:`~bot.app.pairing.swiss.pair_round`) and the state's whole step
  (:meth:`~bot.app.pairing.swiss.Swiss.pair_next`, which first gathers scores and opponents);
* the seeding and first round of a knockout of 1,024 players, then the whole bracket played
  round by round with random results;
* the full Berger schedule of a round-robin of 64 players;
* an arena pairing of 1,000 waiting players, once at the start and once after ten waves of
  games (points and streaks to sort by, last opponents to avoid).

The target for a Swiss round of 1,000 players is well under a second.

``--app N`` (200 by default; 0: skipped) then runs a Swiss of N players through the app itself
(:class:`bot.app.App` on the memory store, a fake clock), as a chat would: N players sign up,
the organiser starts, and each round's games end by the move clock (the late player loses on
time, nobody claims).  Per round it prints the time of the tick that pairs the round (the
event's write, then every game's table created with its opening roll), the time to record the
round's results, the size of the event's record, and the messages the group gets for the round
(the standings message's posts and edits, the pairings and the champion, counted in messages of
at most 4,096 characters: Telegram's limit is 20 a minute).
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import random
import time
from collections.abc import Callable

from bot.app import App, Update, User
from bot.app.delivery import split_text
from bot.app.pairing import Arena, Entrant, Kind, Knockout, Result, Swiss, pair_round, schedule
from bot.app.tournaments.service import Limits
from bot.app.types import Reply, SendText, Standings
from bot.store import MemoryStore, TableKey


def best_of(repeat: int, action: Callable[[], object]) -> float:
    """The fastest of ``repeat`` runs of ``action``, in seconds."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()
        times.append(time.perf_counter() - started)
    return min(times)


def random_result(rng: random.Random, a: str, b: str) -> Result:
    if rng.random() < 0.05:
        return Result(a, b, None)
    kind = rng.choice((Kind.SINGLE, Kind.SINGLE, Kind.GAMMON, Kind.BACKGAMMON))
    return Result(a, b, rng.choice((a, b)), kind=kind)


def players(rng: random.Random, count: int) -> list[Entrant]:
    return [Entrant(f"p{i:04d}", round(rng.gauss(1500, 200))) for i in range(count)]


def swiss(rng: random.Random, count: int, rounds: tuple[int, ...], repeat: int) -> None:
    event = Swiss.start(players(rng, count))
    for number in range(1, max(rounds) + 1):
        contenders = event.contenders()
        if number in rounds:
            seconds = best_of(repeat, functools.partial(pair_round, contenders))
            whole = best_of(repeat, event.pair_next)
            print(
                f"swiss      {count:5} players  round {number}: {seconds * 1000:8.1f} ms"
                f"  (with the state's step, pair_next: {whole * 1000:.1f} ms)"
            )
        event = event.pair_next()
        for a, b in event.rounds[-1].pairs:
            event = event.record(random_result(rng, a, b))


def knockout(rng: random.Random, count: int, repeat: int) -> None:
    field = players(rng, count)
    seconds = best_of(repeat, lambda: Knockout.start(field))
    print(f"knockout   {count:5} players  seeding and round 1: {seconds * 1000:8.1f} ms")

    def whole() -> Knockout:
        event = Knockout.start(field)
        while True:
            for match in event.current:
                if not match.decided:
                    a, b = match.present
                    event = event.record(Result(a, b, rng.choice((a, b))))
            if event.finished:
                return event
            event = event.advance()

    seconds = best_of(repeat, whole)
    print(f"knockout   {count:5} players  whole bracket played: {seconds * 1000:8.1f} ms")


def round_robin(rng: random.Random, count: int, repeat: int) -> None:
    field = players(rng, count)
    seconds = best_of(repeat, lambda: schedule(field))
    print(f"roundrobin {count:5} players  full schedule: {seconds * 1000:8.1f} ms")


def arena(rng: random.Random, count: int, repeat: int) -> None:
    field = players(rng, count)
    fresh = Arena(ends_at=3600.0)
    for i, p in enumerate(field):
        fresh = fresh.join(p, i / 1000)
    seconds = best_of(repeat, lambda: fresh.pair(2.0))
    print(f"arena      {count:5} waiting  first pairing: {seconds * 1000:8.1f} ms")
    state = fresh
    now = 2.0
    for _ in range(10):
        state, _ = state.pair(now)
        now += 60.0
        for game in state.games:
            if game.result is None:
                state = state.record(random_result(rng, *game.players), now + rng.random())
    busy = state
    seconds = best_of(repeat, lambda: busy.pair(now + 2.0))
    games = len(busy.games)
    print(f"arena      {count:5} waiting  after {games} games: {seconds * 1000:8.1f} ms")


GROUP_TEXT = 4096
"""Characters of one Telegram message."""


def group_messages(replies: list[Reply]) -> int:
    """The messages (posts and edits) the group gets for ``replies``."""
    count = 0
    for reply in replies:
        if isinstance(reply, Standings):
            count += 1
        elif isinstance(reply, SendText):
            count += len(split_text(reply.text, GROUP_TEXT))
    return count


async def app_event(count: int, rounds: int) -> None:
    """A Swiss of ``count`` players through the app (see the module's docstring)."""
    now = [1_000_000.0]
    store = MemoryStore()
    app = App(store, clock=lambda: now[0])
    app.events.limits = Limits(players=max(count, 2), rounds=max(rounds, 1))
    home = TableKey("telegram", "-1001")
    serial = iter(range(10**9))

    async def send(user: User, text: str) -> list[Reply]:
        return await app.handle(Update(home, user, f"b{next(serial)}", text=text))

    people = [User("telegram", str(1000 + i), f"Player {i}") for i in range(count)]
    await send(people[0], f"/tournament swiss {rounds} rounds 1 max={max(2, count)}")
    for user in people:
        await send(user, "/tournament join")
    started = time.perf_counter()
    replies = await send(people[0], "/tournament start")
    paired = time.perf_counter() - started
    group = group_messages(replies)
    event = await app.events.current(home)
    assert event is not None
    print(
        f"app swiss  {count:5} players  start: round 1 paired, {count // 2} games created "
        f"in {paired * 1000:.0f} ms; group messages {group}"
    )
    for number in range(1, rounds + 1):
        record = await store.load(TableKey("telegram", "T" + event.id))
        size = len(record.payload) if record is not None else 0
        now[0] += event.terms.clock + 1
        group = 0
        started = time.perf_counter()
        for _ in range(count):
            ticked = await app.tick(now[0])
            now[0] += 30.0  # the standings are edited at most once each 20 s
            if not ticked:
                break
            for key, out in ticked:
                if key == home:
                    group += group_messages(out)
        spent = time.perf_counter() - started
        nxt = "the next round paired, its games created" if number < rounds else "the champion"
        print(
            f"app swiss  {count:5} players  round {number}: {count // 2} losses on time "
            f"recorded, {nxt}: {spent * 1000:.0f} ms; event record {size / 1024:.1f} KB; "
            f"group messages {group}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("--swiss", type=int, default=1000, help="players in the Swiss")
    parser.add_argument("--odd", action="store_true", help="one more player: a bye each round")
    parser.add_argument("--knockout", type=int, default=1024, help="players in the knockout")
    parser.add_argument("--roundrobin", type=int, default=64, help="players in the round-robin")
    parser.add_argument("--arena", type=int, default=1000, help="players waiting in the arena")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each, the best kept")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--app", type=int, default=200, help="players of the app's Swiss (0: none)")
    parser.add_argument("--app-rounds", type=int, default=3, help="rounds of the app's Swiss")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    swiss(rng, args.swiss + (1 if args.odd else 0), (1, 5, 9), args.repeat)
    knockout(rng, args.knockout, args.repeat)
    round_robin(rng, args.roundrobin, args.repeat)
    arena(rng, args.arena, args.repeat)
    if args.app:
        asyncio.run(app_event(args.app, args.app_rounds))


if __name__ == "__main__":
    main()
