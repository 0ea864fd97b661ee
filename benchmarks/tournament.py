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
"""

from __future__ import annotations

import argparse
import functools
import random
import time
from collections.abc import Callable

from bot.app.pairing import Arena, Entrant, Kind, Knockout, Result, Swiss, pair_round, schedule


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("--swiss", type=int, default=1000, help="players in the Swiss")
    parser.add_argument("--odd", action="store_true", help="one more player: a bye each round")
    parser.add_argument("--knockout", type=int, default=1024, help="players in the knockout")
    parser.add_argument("--roundrobin", type=int, default=64, help="players in the round-robin")
    parser.add_argument("--arena", type=int, default=1000, help="players waiting in the arena")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each, the best kept")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    swiss(rng, args.swiss + (1 if args.odd else 0), (1, 5, 9), args.repeat)
    knockout(rng, args.knockout, args.repeat)
    round_robin(rng, args.roundrobin, args.repeat)
    arena(rng, args.arena, args.repeat)


if __name__ == "__main__":
    main()
