"""Turns per second and decision latency with one and with two bot processes on one Redis.

Run ``python -m benchmarks.processes [--tables 8] [--seconds 20]``.  It starts a private
``redis-server``, the fake Telegram Bot API of the tests and ``python -m bot`` processes in
webhook mode (text boards), then plays ``--tables`` group tables at once, each decision (roll,
move, take) posted to the processes in turn.  A decision's latency is the time from posting it
to the webhook until its compare-and-set is visible in Redis; the replies are sent afterwards
by the process and are not waited for (PTB's rate limiter holds each process to Telegram's 30
messages a second, which caps what one process can answer).

Measured on the 2-core development machine (shared with other work; 8 tables, 15 s each), two
runs: one process 13.4 and 11.6 decisions/s (p50 450 / 590 ms, p99 2.4 / 1.6 s); two processes
16.6 and 21.0 decisions/s (p50 335 / 273 ms, p99 1.9 / 1.0 s).  Both are bound by the
per-process rate limiter and the shared CPU, not by Redis (a compare-and-set takes well under a
millisecond there).
"""

from __future__ import annotations

import argparse
import asyncio
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from conftest import RedisProcess
from fake_telegram import FakeBotApi, TgUser
from ops_support import BotProcess

from bot.app import App
from bot.store import RedisStore, TableKey
from engine.game import Phase
from engine.movegen import legal_plays
from engine.notation import format_play

ALICE = TgUser(101, "Alice")
BOB = TgUser(102, "Bob")


class Bench:
    """Tables played through the processes; latencies of the decisions applied."""

    def __init__(self, fake: FakeBotApi, store: RedisStore, bots: list[BotProcess]) -> None:
        self.fake = fake
        self.store = store
        self.app = App(store)
        self.bots = bots
        self.turn = 0
        self.latencies: list[float] = []

    async def post(self, chat_id: int, user: TgUser, text: str) -> None:
        update = self.fake.user_message(user, self.fake.chat(chat_id, "supergroup"), text)
        self.turn += 1
        bot = self.bots[self.turn % len(self.bots)]
        assert await bot.post(update) == 200

    async def version(self, key: TableKey) -> int:
        table = await self.app.load_table(key)
        return table.version if table is not None else -1

    async def applied(self, key: TableKey, before: int, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while await self.version(key) <= before:
            if time.monotonic() > deadline:
                raise RuntimeError(f"decision at {key} not applied within {timeout} s")
            await asyncio.sleep(0.001)

    async def open(self, chat_id: int) -> None:
        key = TableKey("telegram", str(chat_id))
        for user, text in ((ALICE, "/new 1"), (BOB, "/join")):
            before = await self.version(key)
            await self.post(chat_id, user, text)
            await self.applied(key, before)
        await self.post(chat_id, ALICE, "/settings view text")

    async def play(self, chat_id: int, until: float) -> None:
        key = TableKey("telegram", str(chat_id))
        await self.open(chat_id)
        users = (ALICE, BOB)
        while time.monotonic() < until:
            table = await self.app.load_table(key)
            assert table is not None
            if table.match is None or table.match.is_over:
                await self.open(chat_id)
                continue
            game = table.match.game
            if game.responder is not None:
                user, text = users[game.responder], "/take"
            elif game.phase is Phase.OPENING or game.turn is None:
                user, text = users[0], "/roll"
            elif game.phase is Phase.MOVE and game.dice is not None:
                first = legal_plays(game.current, game.dice)[0]
                user = users[game.turn]
                text = "/move " + format_play(game.current, game.dice, first)
            else:
                user, text = users[game.turn], "/roll"
            started = time.monotonic()
            await self.post(chat_id, user, text)
            await self.applied(key, table.version)
            self.latencies.append(time.monotonic() - started)


async def measure(
    processes: int, tables: int, seconds: float, redis: RedisProcess, workdir: Path
) -> dict[str, float]:
    fake = FakeBotApi()
    await fake.start()
    store = RedisStore.from_url(redis.url)
    await store.client.flushdb()
    bots = [
        BotProcess(fake, redis.url, workdir, f"bench-{processes}-{i}", LOG_LEVEL="WARNING")
        for i in range(processes)
    ]
    try:
        for bot in bots:
            await bot.start()
        bench = Bench(fake, store, bots)
        until = time.monotonic() + seconds
        started = time.monotonic()
        await asyncio.gather(*(bench.play(5000 + n, until) for n in range(tables)))
        elapsed = time.monotonic() - started
    finally:
        for bot in bots:
            if bot.running:
                bot.signal(signal.SIGTERM)
        for bot in bots:
            if bot.running:
                await bot.wait(timeout=30)
            bot.stop_now()
        await store.close()
        await fake.stop()
    lat = sorted(bench.latencies)
    return {
        "decisions": len(lat),
        "per_second": len(lat) / elapsed,
        "p50_ms": 1000 * statistics.median(lat),
        "p99_ms": 1000 * lat[min(len(lat) - 1, int(len(lat) * 0.99))],
    }


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        redis = RedisProcess(Path(tmp)).start()
        try:
            for processes in (1, 2):
                r = await measure(processes, args.tables, args.seconds, redis, Path(tmp))
                print(
                    f"{processes} process{'es' if processes > 1 else ''}: "
                    f"{r['decisions']:.0f} decisions, {r['per_second']:.1f}/s, "
                    f"p50 {r['p50_ms']:.1f} ms, p99 {r['p99_ms']:.1f} ms"
                )
        finally:
            redis.stop()


if __name__ == "__main__":
    asyncio.run(main())
