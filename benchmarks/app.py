"""Throughput, latency, table size and memory of the chat application against a real Redis.

Run ``python -m benchmarks.app`` from the repository root (``--help`` for the sizes).  The command
starts its own ``redis-server`` on a free port in a temporary directory (never the machine's 6379),
then, on :class:`bot.store.RedisStore`:

1. drives many tables at once through :meth:`bot.app.App.handle` with the updates players send
   (new table, join, roll, step buttons, typed plays, undo, confirm, doubles with take or pass),
   reading the buttons of the replies as a chat client would, with rendering off;
2. the same with rendering on: every board reply is also drawn as the PNG the Telegram adapter
   sends (``renderers.render_png`` in a worker thread, as the adapters call it) — first with a
   few tables whose players answer at once (the process saturated: the target's measure), then
   with many tables whose players pause between updates (``--paced-rate`` updates/s offered);
3. measures the table records in Redis (``MEMORY USAGE`` and payload length), including tables
   after a long money session;
4. creates ``--tables`` tables through the app and reads the process RSS from
   ``/proc/self/status``: in a fresh process (the app alone), and in this one after the
   pictures (the renderer's modules and buffers included).

Targets on the reference machine (2 cores): at least 1,000 updates per second per process with
rendering off, p99 below 50 ms per update with PNG rendering on, at most 2 KB per table.  The
command prints every figure, the load average, and whether each target is met; it exits non-zero
only when the benchmark itself fails (not for a missed target).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from redis.asyncio import Redis

from bot.app import (
    App,
    Board,
    Button,
    EditBoard,
    Reply,
    SendBoard,
    SendText,
    Table,
    Toast,
    Update,
    User,
    parse_payload,
)
from bot.store import RedisStore, TableKey
from engine.movegen import legal_plays
from renderers import render_png

TARGET_RATE = 1000.0
"""Updates per second per process with rendering off."""

TARGET_P99_MS = 50.0
"""99th percentile latency per update with PNG rendering on."""

TARGET_BYTES = 2048
"""Bytes per table record in Redis."""

PNG_WIDTH = 1280
"""The board picture's width, the Telegram adapter's default."""

TABLE_KINDS = ("money", "money beaver=on", "5", "nardy money", "3")
"""What the driven tables play (``/new`` arguments), chosen in turn."""


# -- a private redis-server -----------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def redis_server() -> Iterator[str]:
    """A ``redis-server`` of our own on a free port, without persistence; yields its URL."""
    binary = shutil.which("redis-server")
    if binary is None:
        raise SystemExit("redis-server not found on PATH (apt-get install redis-server)")
    workdir = tempfile.mkdtemp(prefix="bench-redis-")
    port = _free_port()
    args = [binary, "--port", str(port), "--bind", "127.0.0.1", "--dir", workdir]
    args += ["--save", "", "--appendonly", "no", "--protected-mode", "yes"]
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2) as sock:
                    sock.sendall(b"PING\r\n")
                    if sock.recv(16).startswith(b"+PONG"):
                        break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"redis-server did not start on port {port}")
            time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        shutil.rmtree(workdir, ignore_errors=True)


# -- players ------------------------------------------------------------------------------------


@dataclass
class Stats:
    """Latencies (ms) of the updates sent, and how many of each reply kind came back."""

    latencies: list[float] = field(default_factory=list)
    refused: int = 0
    boards: int = 0
    rendered: int = 0
    render_ms: list[float] = field(default_factory=list)
    cpu: float = 0.0


class Driver:
    """Two players at one table, pressing the buttons of the newest replies like chat clients."""

    def __init__(
        self, app: App, key: TableKey, kind: str, rng: random.Random, stats: Stats, render: bool
    ) -> None:
        self.app = app
        self.key = key
        self.kind = kind
        self.rng = rng
        self.stats = stats
        self.render = render
        n = key.chat
        self.users = (
            User("telegram", f"{n}1", f"Anna{n}", "en"),
            User("telegram", f"{n}2", f"Борис{n}", "ru"),
        )
        self.buttons: list[Button] = []
        self.message = "1"
        self.board: Board | None = None
        self.sent = 0
        self.posted = 0

    async def send(self, user: User, text: str | None = None, button: str | None = None) -> bool:
        """One update through the app (and the PNG of each board when rendering), then the
        board reports an adapter makes; False if the app refused the update."""
        self.sent += 1
        update = Update(
            self.key,
            user,
            f"{self.key.chat}:{self.sent}",
            text=text,
            button=button,
            message=self.message if button is not None else None,
        )
        start = time.perf_counter()
        replies = await self.app.handle(update)
        if self.render:
            for reply in replies:
                if isinstance(reply, SendBoard | EditBoard) and reply.board.mode == "image":
                    started = time.perf_counter()
                    await asyncio.to_thread(
                        render_png,
                        reply.board.view,
                        viewer=reply.board.viewer,
                        orientation=reply.board.home,
                        labels=dict(reply.board.labels),
                        width=PNG_WIDTH,
                    )
                    self.stats.render_ms.append((time.perf_counter() - started) * 1000)
                    self.stats.rendered += 1
        # The latency is what the player waits for: the app's answer and the picture drawn.
        self.stats.latencies.append((time.perf_counter() - start) * 1000)
        for reply in replies:
            if isinstance(reply, SendBoard):
                # What the adapters do once the board is posted (one more store update).
                self.posted += 1
                await self.app.board_posted(self.key, str(self.posted), reply.version)
        return self._read(replies)

    def _read(self, replies: list[Reply]) -> bool:
        ok = True
        for reply in replies:
            if isinstance(reply, Toast):
                ok = False
            elif isinstance(reply, SendBoard):
                self.stats.boards += 1
                self.board = reply.board
                self.buttons = [b for row in reply.buttons for b in row]
                self.message = str(self.posted)
            elif isinstance(reply, EditBoard):
                self.board = reply.board
                self.buttons = [b for row in reply.buttons for b in row]
            elif isinstance(reply, SendText) and reply.buttons:
                self.posted += 1
                self.buttons = [b for row in reply.buttons for b in row]
                self.message = str(self.posted)
        if not ok:
            self.stats.refused += 1
        return ok

    def _actor(self, actions: set[str]) -> User:
        """Who must press now: the seat on roll, or the other seat for an answer."""
        turn = self.board.view.turn if self.board is not None else None
        if turn is None:
            return self.users[self.rng.randrange(2)]
        if actions & {"take", "pass", "beaver", "resign_accept", "resign_decline"}:
            return self.users[1 - turn]
        return self.users[turn]

    async def open(self) -> None:
        """The creator opens the table and the second player joins."""
        await self.send(self.users[0], f"/new {self.kind}")
        join = next(b for b in self.buttons if parse_payload(b.payload).action == "join")
        await self.send(self.users[1], button=join.payload)

    async def step(self) -> None:
        """One update: the press (or typed play) a player would make on the newest board."""
        by_action: dict[str, list[Button]] = {}
        for b in self.buttons:
            by_action.setdefault(parse_payload(b.payload).action, []).append(b)
        actions = set(by_action)
        user = self._actor(actions)
        choice: Button | None = None
        if "take" in actions:
            choice = by_action["take" if self.rng.random() < 0.75 else "pass"][0]
        elif "beaver_accept" in actions:
            choice = by_action["beaver_accept"][0]
        elif "double" in actions and self.rng.random() < 0.08:
            choice = by_action["double"][0]
        elif "roll" in actions:
            choice = by_action["roll"][0]
        elif "confirm" in actions:
            choice = by_action["confirm"][0]
        elif "step" in actions:
            view = self.board.view if self.board is not None else None
            fresh = "undo" not in actions
            if fresh and view is not None and view.dice is not None and self.rng.random() < 0.3:
                # Typed notation instead of buttons, as players in a hurry do.
                position = view.position if view.turn == 0 else view.position.swapped()
                plays = legal_plays(position, view.dice)
                if plays:
                    await self.send(user, self.rng.choice(plays).notation())
                    return
            if not fresh and self.rng.random() < 0.05:
                choice = by_action["undo"][0]
            else:
                choice = self.rng.choice(by_action["step"])
        elif "resign_accept" in actions:
            choice = by_action["resign_accept"][0]
        if choice is None:
            await self.send(user, "/board")
            return
        if not await self.send(user, button=choice.payload):
            # The other player's button after all (e.g. the opening roll): let him press it.
            await self.send(self.users[1 - self.users.index(user)], button=choice.payload)


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


async def drive(
    app: App,
    tables: int,
    updates: int,
    render: bool,
    seed: int,
    prefix: str,
    rate: float = 0.0,
) -> tuple[Stats, float, int]:
    """``tables`` tables played at once until ``updates`` updates were sent; returns the stats,
    the wall time in seconds and the number of updates.

    With ``rate`` 0 every player answers the moment the reply comes (the process saturated);
    otherwise each table's next update follows a pause drawn at random (exponential), so that
    all the tables together send about ``rate`` updates a second, as players who think do."""
    rng = random.Random(seed)
    stats = Stats()
    drivers = [
        Driver(
            app,
            TableKey("telegram", f"-{prefix}{i}"),
            TABLE_KINDS[i % len(TABLE_KINDS)],
            random.Random(rng.random()),
            stats,
            render,
        )
        for i in range(tables)
    ]
    await asyncio.gather(*(d.open() for d in drivers))
    opened = len(stats.latencies)
    budget = updates

    async def run(d: Driver) -> None:
        nonlocal budget
        while budget > 0:
            budget -= 1
            await d.step()

    async def paced(d: Driver) -> None:
        nonlocal budget
        while budget > 0:
            budget -= 1
            await asyncio.sleep(rng.expovariate(rate / tables))
            await d.step()

    start, cpu = time.perf_counter(), time.process_time()
    await asyncio.gather(*((paced if rate else run)(d) for d in drivers))
    elapsed = time.perf_counter() - start
    stats.cpu = time.process_time() - cpu
    sent = len(stats.latencies) - opened
    stats.latencies = stats.latencies[opened:]
    return stats, elapsed, sent


# -- table size and memory ----------------------------------------------------------------------


async def table_sizes(client: Redis, keys: list[TableKey]) -> tuple[list[int], list[int], int]:
    """``MEMORY USAGE`` and payload length of each table record, and the largest record's
    number of finished games."""
    usage: list[int] = []
    payload: list[int] = []
    most_games = 0
    for key in keys:
        data = await client.hget(key.key, "d")  # RedisStore: hash of version "v", payload "d"
        if not isinstance(data, bytes):
            continue
        usage.append(int(await client.memory_usage(key.key) or 0))
        payload.append(len(data))
        table = Table.decode(data)
        if table.match is not None:
            most_games = max(most_games, table.past.dropped + table.state().number)
    return usage, payload, most_games


def rss_kb() -> tuple[int, int]:
    """The process's resident set size and its peak, in kB (``/proc/self/status``)."""
    values = {"VmRSS": 0, "VmHWM": 0}
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            name, _, rest = line.partition(":")
            if name in values:
                values[name] = int(rest.split()[0])
    return values["VmRSS"], values["VmHWM"]


async def create_tables(app: App, count: int, concurrency: int, prefix: str) -> float:
    """``count`` money tables (chats ``prefix`` + number) opened and joined through the app;
    returns the seconds taken."""
    queue = iter(range(count))

    async def worker() -> None:
        for i in queue:
            key = TableKey("telegram", f"{prefix}{i}")
            alice = User("telegram", f"a{i}", f"Anna{i}", "en")
            bob = User("telegram", f"b{i}", f"Bob{i}", "en")
            replies = await app.handle(Update(key, alice, f"m{i}:1", text="/new money"))
            join = next(
                b
                for r in replies
                if isinstance(r, SendText)
                for row in r.buttons
                for b in row
                if parse_payload(b.payload).action == "join"
            )
            await app.handle(Update(key, bob, f"m{i}:2", button=join.payload, message="1"))

    start = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    return time.perf_counter() - start


# -- the command --------------------------------------------------------------------------------


def _load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} ({os.cpu_count()} cores)"


def _verdict(ok: bool) -> str:
    return "target met" if ok else "TARGET MISSED"


async def store_alone(store: RedisStore, tables: int, cycles: int) -> float:
    """Load + compare-and-set cycles per second of the store itself (``Store.update`` with an
    update id and a 700-byte record), ``tables`` at once: the ceiling for the app's updates."""
    payload = b"x" * 700

    async def one(n: int) -> None:
        key = TableKey("telegram", f"-8{n}")
        for i in range(cycles // tables):
            await store.update(key, lambda _: payload, update_id=f"s{n}:{i}")

    start = time.perf_counter()
    await asyncio.gather(*(one(n) for n in range(tables)))
    return (cycles // tables * tables) / (time.perf_counter() - start)


async def main_async(args: argparse.Namespace) -> None:
    with redis_server() as url:
        store = RedisStore.from_url(url)
        client = Redis.from_url(url)
        rng = random.Random(args.seed)
        app = App(store, dice=lambda: rng.randint(1, 6))
        print(f"redis-server at {url}; {_load()}")
        try:
            ceiling = await store_alone(store, args.concurrency, min(args.updates, 5000))
            print(
                f"store alone (RedisStore.update: load + compare-and-set, no app):"
                f" {ceiling:.0f} cycles/s; {_load()}"
            )
            # 1. Rendering off.
            stats, elapsed, sent = await drive(
                app, args.concurrency, args.updates, False, args.seed, "1"
            )
            rate = sent / elapsed
            p50, p99 = _percentile(stats.latencies, 50), _percentile(stats.latencies, 99)
            print(
                f"rendering off: {sent} updates on {args.concurrency} tables in {elapsed:.2f} s"
                f" = {rate:.0f} updates/s; p50 {p50:.2f} ms, p99 {p99:.2f} ms;"
                f" {stats.refused} refused, {stats.boards} boards (each also reported with"
                f" App.board_posted, as the adapters do); {_load()}"
            )
            print(
                f"  this process's CPU time: {stats.cpu / sent * 1000:.2f} ms per update"
                f" ({sent / stats.cpu:.0f} updates per CPU-second; worker threads included,"
                f" redis-server not)"
            )
            print(f"  target >= {TARGET_RATE:.0f} updates/s: {_verdict(rate >= TARGET_RATE)}")
            off_rate = rate

            # The same few tables as below without pictures: latency without queueing.
            stats, elapsed, sent = await drive(
                app, args.render_concurrency, args.render_updates, False, args.seed + 2, "3"
            )
            p50, p99 = _percentile(stats.latencies, 50), _percentile(stats.latencies, 99)
            print(
                f"rendering off, {args.render_concurrency} tables: {sent} updates in"
                f" {elapsed:.2f} s; p50 {p50:.2f} ms, p99 {p99:.2f} ms"
            )

            # 2. Rendering on (PNG of every board, in worker threads).
            stats, elapsed, sent = await drive(
                app, args.render_concurrency, args.render_updates, True, args.seed + 1, "2"
            )
            p50, p99 = _percentile(stats.latencies, 50), _percentile(stats.latencies, 99)
            r50 = _percentile(stats.render_ms, 50)
            print(
                f"rendering on: {sent} updates on {args.render_concurrency} tables in"
                f" {elapsed:.2f} s = {sent / elapsed:.0f} updates/s; p50 {p50:.2f} ms,"
                f" p99 {p99:.2f} ms; {stats.rendered} PNGs, {r50:.1f} ms each (p50); {_load()}"
            )
            print(
                f"  this process's CPU time: {stats.cpu / sent * 1000:.2f} ms per update"
                f" (worker threads included)"
            )
            print(f"  target p99 < {TARGET_P99_MS:.0f} ms: {_verdict(p99 < TARGET_P99_MS)}")

            # The same with players who pause: latency at a stated load below saturation.
            stats, elapsed, sent = await drive(
                app,
                args.paced_tables,
                args.render_updates,
                True,
                args.seed + 3,
                "4",
                rate=args.paced_rate,
            )
            p50, p99 = _percentile(stats.latencies, 50), _percentile(stats.latencies, 99)
            print(
                f"rendering on, players pausing: {sent} updates on {args.paced_tables} tables"
                f" at about {args.paced_rate:g} updates/s offered ({sent / elapsed:.0f}/s seen);"
                f" p50 {p50:.2f} ms, p99 {p99:.2f} ms; {stats.rendered} PNGs; {_load()}"
            )

            # 3. Bytes per table: every driven table, and long money sessions.
            keys = [TableKey("telegram", f"-1{i}") for i in range(args.concurrency)]
            usage, payload, games = await table_sizes(client, keys)
            long_keys = await long_sessions(app, args.long_games, args.seed)
            long_usage, long_payload, long_games = await table_sizes(client, long_keys)
            seen = int(await client.memory_usage(keys[0].seen_key) or 0)
            print(
                f"table records ({len(usage)} played tables, up to {games} games):"
                f" MEMORY USAGE median {statistics.median(usage):.0f} B, max {max(usage)} B;"
                f" payload median {statistics.median(payload):.0f} B, max {max(payload)} B;"
                f" idempotency ids key {seen} B"
            )
            print(
                f"long money sessions ({len(long_usage)} tables, {long_games} games each):"
                f" MEMORY USAGE max {max(long_usage)} B, payload max {max(long_payload)} B"
            )
            worst = max(statistics.median(usage), max(long_usage))
            print(f"  target <= {TARGET_BYTES} B per table: {_verdict(worst <= TARGET_BYTES)}")

            # 4. RSS with many tables: in a fresh process (the app alone), then in this one
            # (after the pictures above: the renderer's modules and buffers included).
            child = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "benchmarks.app",
                    "--rss-only",
                    url,
                    "--tables",
                    str(args.tables),
                    "--concurrency",
                    str(args.concurrency),
                ],
                capture_output=True,
                text=True,
                check=True,
            )
            print(child.stdout.strip())
            before = rss_kb()[0]
            seconds = await create_tables(app, args.tables, args.concurrency, "-6")
            after, peak = rss_kb()
            info = await client.info("memory")
            print(
                f"{args.tables} more tables created in this process after the pictures above,"
                f" in {seconds:.1f} s: process RSS {after / 1024:.1f} MB"
                f" (before {before / 1024:.1f} MB, peak {peak / 1024:.1f} MB); redis used_memory"
                f" {int(info['used_memory']) / 2**20:.1f} MB"
            )
            print(f"summary: {off_rate:.0f} updates/s with rendering off; {_load()}")
        finally:
            await store.close()
            await client.aclose()


async def rss_only(args: argparse.Namespace) -> None:
    """Create ``args.tables`` tables through a fresh app and print this process's RSS."""
    store = RedisStore.from_url(args.rss_only)
    rng = random.Random(args.seed)
    app = App(store, dice=lambda: rng.randint(1, 6))
    try:
        before = rss_kb()[0]
        seconds = await create_tables(app, args.tables, args.concurrency, "-9")
        after, peak = rss_kb()
        print(
            f"{args.tables} tables created through the app in a fresh process in {seconds:.1f} s"
            f" ({2 * args.tables / seconds:.0f} updates/s): process RSS {after / 1024:.1f} MB"
            f" (before {before / 1024:.1f} MB, peak {peak / 1024:.1f} MB)"
        )
    finally:
        await store.close()


async def long_sessions(app: App, games: int, seed: int) -> list[TableKey]:
    """A few money tables played until ``games`` games are finished each (by resignations and
    doubles passed, with some checker play in between); returns their keys."""
    keys = []
    for n in range(3):
        key = TableKey("telegram", f"-7{n}")
        stats = Stats()
        d = Driver(app, key, "money", random.Random(seed + n), stats, False)
        await d.open()
        played = 0
        while played < games:
            for _ in range(d.rng.randrange(4, 30)):
                await d.step()
            table = await app.load_table(key)
            assert table is not None and table.match is not None
            board = d.board
            turn = board.view.turn if board is not None else None
            if turn is None:
                await d.step()
                continue
            await d.send(d.users[turn], "/resign")
            await d.send(d.users[1 - turn], "/accept")
            played += 1
        keys.append(key)
    return keys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.app", description=__doc__)
    parser.add_argument("--concurrency", type=int, default=100, help="tables played at once")
    parser.add_argument("--updates", type=int, default=5000, help="updates, rendering off")
    parser.add_argument("--render-concurrency", type=int, default=4, help="tables, rendering on")
    parser.add_argument("--render-updates", type=int, default=1000, help="updates, rendering on")
    parser.add_argument(
        "--paced-tables", type=int, default=40, help="tables, rendering on, players pausing"
    )
    parser.add_argument(
        "--paced-rate", type=float, default=60.0, help="updates/s those tables send together"
    )
    parser.add_argument("--tables", type=int, default=10000, help="tables for the RSS figure")
    parser.add_argument("--long-games", type=int, default=20, help="games per long session")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--rss-only",
        metavar="REDIS_URL",
        help="only create --tables tables on this Redis and"
        " print the process RSS (how the full run measures a fresh process)",
    )
    args = parser.parse_args(argv)
    asyncio.run(rss_only(args) if args.rss_only else main_async(args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
