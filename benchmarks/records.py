"""Bytes per table record for every kind of table, played to the end with random legal plays.

Run ``python -m benchmarks.records`` from the repository root (``--help`` for the sizes).  The
command starts its own ``redis-server`` on a free port (never the machine's 6379) and plays,
through :class:`bot.app.App` on :class:`bot.store.RedisStore`, pressing the buttons a chat client
shows (random legal steps, sometimes a typed play, a double now and then, takes and passes):

* matches to 7, 11 and 25 points, with the cube and without it (the most games), and a long
  nardy match to 3, each until the match is over;
* a long money session (games finished by play, by a pass, or by a resignation);

and, through the engine, a chouette of six players for many games, stored the way the app stores
it (:class:`bot.app.Table` with six seats).  After every update the table's record is read back
from Redis: the command prints the largest payload of each case, Redis' ``MEMORY USAGE`` of it,
the number of games it held, and for the matches the time the ``export`` command takes to write
the ``.mat`` file of the whole match.  The target is at most 2,048 bytes per record.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from redis.asyncio import Redis

from benchmarks.app import Driver, Stats, redis_server
from bot.app import App, SendFile, Table, Update
from bot.app.table import Seat
from bot.store import RedisStore, TableKey
from engine.chouette import TEAM, Chouette
from engine.cube import Options
from engine.errors import IllegalAction
from engine.game import Phase

TARGET_BYTES = 2048
"""Bytes per table record in Redis."""

MATCH_KINDS = ("7", "7 cube=off", "11", "11 cube=off", "25", "25 cube=off", "nardy 3")
"""The matches played (``new`` arguments): with the cube (the players double now and then and
take most doubles, so matches end in a few games) and without it (the most games a match has)."""


@dataclass
class Sizes:
    """The largest record seen while one table was played, and what it held then."""

    payload: int = 0
    usage: int = 0
    games: int = 0
    updates: int = 0
    export_ms: float | None = None

    def see(self, payload: int, usage: int, games: int) -> None:
        if payload > self.payload:
            self.payload, self.usage = payload, usage
        self.games = max(self.games, games)


async def _measure(client: Redis, key: TableKey) -> tuple[int, int, Table | None]:
    data = await client.hget(key.key, "d")
    if not isinstance(data, bytes):
        return 0, 0, None
    usage = int(await client.memory_usage(key.key) or 0)
    return len(data), usage, Table.decode(data)


def _games(table: Table) -> int:
    """How many games the table has played or is playing (finished ones included)."""
    if table.match is not None:
        return table.past.dropped + table.state().number
    return table.games


async def play_match(
    app: App, client: Redis, key: TableKey, kind: str, seed: int, limit: int
) -> Sizes:
    """A match (``kind``: the ``new`` arguments) through the app until it is over (or ``limit``
    updates); then its ``.mat`` export, when the variant has one."""
    sizes = Sizes()
    driver = Driver(app, key, kind, random.Random(seed), Stats(), False)
    await driver.open()
    for _ in range(limit):
        await driver.step()
        sizes.updates += 1
        payload, usage, table = await _measure(client, key)
        if table is None:
            continue
        sizes.see(payload, usage, _games(table))
        if table.stage == "over":
            break
    if "nardy" in kind:
        return sizes
    user = driver.users[0]
    start = time.perf_counter()
    replies = await app.handle(Update(key, user, f"{key.chat}:export", text="/export"))
    sizes.export_ms = (time.perf_counter() - start) * 1000
    if not any(isinstance(r, SendFile) for r in replies):
        raise SystemExit(f"{key}: the export wrote no .mat file")
    return sizes


async def play_money(app: App, client: Redis, key: TableKey, games: int, seed: int) -> Sizes:
    """A money session through the app until ``games`` games are finished."""
    sizes = Sizes()
    rng = random.Random(seed)
    driver = Driver(app, key, "money", rng, Stats(), False)
    await driver.open()
    while True:
        table = await app.load_table(key)
        assert table is not None
        if table.past.dropped >= games:
            break
        # Mostly real games; now and then the player on roll gives up to vary the lengths.
        if rng.random() < 0.01 and driver.board is not None and driver.board.view.turn is not None:
            turn = driver.board.view.turn
            await driver.send(driver.users[turn], "/resign")
            await driver.send(driver.users[1 - turn], "/accept")
        else:
            await driver.step()
        sizes.updates += 1
        payload, usage, seen = await _measure(client, key)
        if seen is not None:
            sizes.see(payload, usage, _games(seen))
    return sizes


class ChouettePlayer:
    """Random legal choices for every seat of a chouette (engine level)."""

    def __init__(self, rng: random.Random, ch: Chouette) -> None:
        self.rng = rng
        self.ch = ch

    def die(self) -> int:
        return self.rng.randint(1, 6)

    def step(self) -> None:
        ch, rng = self.ch, self.rng
        cur = ch.current
        if cur is None or cur.is_over:
            self.ch = ch.new_game()
            return
        game = cur.game
        if game.phase is Phase.OPENING:
            self.ch = ch.roll(cur.box, self.die)
        elif cur.vote is not None:
            voter = next(n for n in cur.playing if n not in cur.vote)
            self.ch = ch.vote(voter, rng.random() < 0.8)
        elif game.phase is Phase.ROLL:
            assert game.turn is not None
            actor = ch.acting(game.turn)
            if rng.random() < 0.1 and ch.may_double(actor):
                self.ch = ch.double(actor)
            else:
                self.ch = ch.roll(actor, self.die)
        elif game.phase is Phase.MOVE:
            assert game.turn is not None
            actor = ch.acting(game.turn)
            if game.builder.is_complete:
                self.ch = ch.confirm(actor)
            else:
                self.ch = ch.add_step(actor, rng.choice(game.next_steps()))
        elif game.phase is Phase.DOUBLED and game.turn == TEAM:
            self.ch = ch.take(cur.box) if rng.random() < 0.7 else ch.pass_(cur.box)
        elif game.phase is Phase.DOUBLED:
            undecided = [m.name for m in cur.members if m.playing and m.answer is None]
            name = rng.choice(undecided)
            self.ch = ch.take(name) if rng.random() < 0.7 else ch.pass_(name)
        else:
            assert game.phase is Phase.BEAVERED and game.turn == TEAM
            member = next(m.name for m in cur.members if m.playing and m.answer is None)
            self.ch = ch.accept_beaver(member)


def chouette_sizes(players: int, games: int, seed: int) -> Sizes:
    """A chouette of ``players`` for ``games`` games; every state stored as the app stores it."""
    rng = random.Random(seed)
    names = [f"telegram:{100 + i}" for i in range(players)]
    seats = tuple(Seat(n, f"Player{i}") for i, n in enumerate(names))
    player = ChouettePlayer(rng, Chouette.start(names, lambda: rng.randint(1, 6), Options()))
    sizes = Sizes()
    while player.ch.games < games or player.ch.in_game:
        try:
            player.step()
        except IllegalAction:
            continue
        sizes.updates += 1
        kept = player.ch.compacted()
        table = Table("chouette", "backgammon", names[0], stage="play", seats=seats, chouette=kept)
        sizes.see(len(table.encode()), 0, player.ch.games)
    return sizes


def _line(name: str, sizes: Sequence[Sizes]) -> str:
    worst = max(sizes, key=lambda s: s.payload)
    median = statistics.median(s.payload for s in sizes)
    exports = [s.export_ms for s in sizes if s.export_ms is not None]
    text = (
        f"{name}: {len(sizes)} tables, payload max {worst.payload} B (median of the maxima"
        f" {median:.0f} B), MEMORY USAGE {worst.usage or '-'} B, up to"
        f" {max(s.games for s in sizes)} games, {sum(s.updates for s in sizes)} updates"
    )
    if exports:
        text += f"; export {max(exports):.0f} ms at most"
    ok = worst.payload <= TARGET_BYTES
    return text + f"; target <= {TARGET_BYTES} B: {'met' if ok else 'MISSED'}"


async def main_async(args: argparse.Namespace) -> None:
    with redis_server() as url:
        store = RedisStore.from_url(url)
        client = Redis.from_url(url)
        rng = random.Random(args.seed)
        app = App(store, dice=lambda: rng.randint(1, 6))
        try:
            for number, kind in enumerate(args.kinds):
                results = []
                for n in range(args.matches):
                    key = TableKey("telegram", f"-5{number}0{n}")
                    seed = args.seed * 1000 + number * 10 + n
                    results.append(await play_match(app, client, key, kind, seed, args.limit))
                print(_line(f"match {kind!r}", results), flush=True)
            results = []
            for n in range(args.sessions):
                key = TableKey("telegram", f"-60{n}")
                results.append(await play_money(app, client, key, args.money_games, args.seed + n))
            print(_line(f"money session of {args.money_games} games", results), flush=True)
            chouettes = [
                chouette_sizes(6, args.chouette_games, args.seed + n) for n in range(args.sessions)
            ]
            print(_line(f"6-player chouette of {args.chouette_games} games", chouettes))
        finally:
            await store.close()
            await client.aclose()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.records", description=__doc__)
    parser.add_argument("--matches", type=int, default=3, help="matches of each kind")
    parser.add_argument(
        "--kinds",
        nargs="+",
        default=list(MATCH_KINDS),
        help="the matches (``new`` arguments, e.g. '7' or '25 cube=off')",
    )
    parser.add_argument("--sessions", type=int, default=2, help="money sessions and chouettes")
    parser.add_argument("--money-games", type=int, default=30, help="games per money session")
    parser.add_argument("--chouette-games", type=int, default=30, help="games per chouette")
    parser.add_argument("--limit", type=int, default=100000, help="updates per match at most")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    asyncio.run(main_async(args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
