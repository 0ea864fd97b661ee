"""The web board against a real Redis and real aiohttp servers: how fast a move reaches the other
player's page, what 1,000 open boards cost the server, how long a fresh page waits for its first
board, and what the page weighs.

Run ``python -m benchmarks.webboard`` from the repository root (``--help`` for the sizes; about
a minute with the defaults).  It starts a private ``redis-server`` on a free port and two board
servers in subprocesses of their own (``python -m benchmarks.webboard serve``: a
:class:`~bot.app.App` on :class:`~bot.store.RedisStore` and the :class:`~bot.web.server.WebBoard`
routes on the bot's :class:`~bot.observability.OpsServer`, the catalogues read (in a thread:
:func:`bot.i18n.warm`) and the memory settled as the bot does at its start), so
that their memory and their event loops are theirs alone; the pages are ``aiohttp`` client
sessions in this process.  The tables are opened through an app of this process on the same
Redis (a chat's ``/new 1`` and ``/join``) and played from the pages only (``/api/press``: steps,
rolls, confirmations); what a press shows the chat is handed to a delivery that does nothing.

0. **First page in each language** (``--first-pages``: this alone): on a fresh server, a page's
   words (``/api/words``), then its login and state, in each language in turn; on a server that
   read its catalogues at its start (as the bot does) and on one started without (``serve
   --cold``: each language's catalogue parsed and compiled by its first page).
1. **Move propagation**: the two players of one table, each with an event stream open; the
   player who can act presses and the time from the press's request until the *other* player's
   stream delivers the state of the version it made is taken, over ``--presses`` presses: first
   with everything on one server, then with the presses sent to server 1 and the streams read
   from server 2 (the notice goes through Redis pub/sub).  The time is taken in this process
   when its reader has the event, so it includes this process's own reading.  Target: p95 <
   200 ms.
2. **1,000 open boards** (``--boards``; ``--per-table`` pages per table: its two players and
   spectators) on server 1: its RSS (``VmRSS``) before the streams are opened and once they
   all have their first state (target: at most 50 MB more), its tasks and the objects its
   garbage collector follows; then its event loop's lag while they stay open, idle, and while
   ``--movers`` tables are played (a press every ``--pace`` seconds at each, from a random
   start): the overshoot of a 10 ms sleep in a probe task of the server, read from a route
   only this benchmark's server has (``/bench/lag``), p50 and p99 against the project's lag
   target (p99 < 50 ms, as in :mod:`benchmarks.opponent`).  The machine is shared, so each lag
   is also given less the time the loop's thread waited, runnable, for a CPU (the kernel's
   ``schedstat``: another process ran): the rest is the server's own work.  With them: the
   server's CPU per press, its garbage collections, the lag of this process (where the times
   are taken), the time until the other player's page and until every page of the table has
   the state, how soon the streams end once the pages closed (the server's tasks back to what
   they were before) and what is left of them 2 s later (``--rounds`` opens and closes them
   again; ``--profile FILE`` writes server 1's profile of the play).
3. **First board**: a fresh page's ``/api/login`` then ``/api/state`` (``--pages`` pages, one
   after another, each a new client session, a new login, the four languages in turn), median
   and p95 against a mark of 100 ms (no target was set); the first page in each language
   apart.
4. **Bundle**: the page's files gzipped (:mod:`bot.web.size`), against its budget of 150 KB.

Every figure is printed with its target and whether it is met, with the load average; the exit
status is non-zero only when the benchmark itself fails, not for a missed target.

Measured on the 2-core development machine while other work ran on it (load average 2.3-6.8),
defaults, several runs: the page 8.8 KB gzipped; a fresh page's login and state p50 3.6-10 ms,
p95 5-23 ms (the first page in a language 140 ms-1.1 s when the catalogues were read on demand;
read at the start, 2-8 ms for its words and 2-8 ms for its login and state, against 160-280 ms
each cold, load 6.4); propagation on one server p50 7-11 ms,
p95 10-38 ms; across two servers p50 10-15 ms, p95 15-33 ms.  1,000 boards: +21-23 MB RSS (22 KB
and 110 followed objects a board, four tasks a stream), 1.2-1.8 ms of server CPU to open one;
idle lag p99 1-55 ms (0.4-1.2 ms less the waits for a CPU).  With 20 tables played (16-20
presses/s): the server's CPU 11-15 ms a press (about a quarter of a core), its lag p99 11-128 ms
(6-24 ms less the waits for a CPU: met); the other player's page has the state p50 15-120 ms,
p95 47 ms-1.35 s (47 ms in the quietest run, load 2.6, the server waiting for a CPU 11 % of the
time): the target is missed when the server waits for a CPU much of the time (up to 53 % of it
in these runs), and a full garbage collection (about 100 ms of CPU with the boards open,
once in 15-25 s) holds every stream and press meanwhile.  300 pages closed at once: their
streams ended within 0.2-0.4 s (load 13-15; a stream used to notice its page gone at its next
heartbeat, 15 s).  Of the server's busy time in the play (``--profile``), building the states
(``App.web_state``: once for each page of the table, once for the press's answer) is 40-50 %,
``App.handle`` and the writes to the sockets about 15 % each.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import gc
import hashlib
import hmac
import itertools
import json
import os
import random
import signal
import statistics
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final
from urllib.parse import quote, urlencode

import aiohttp
from aiohttp import web

from bot.app import App, Update, User
from bot.i18n import LANGUAGES
from bot.store import RedisStore, TableKey
from bot.web.auth import BoardKeys, sign_start

TOKEN: Final = "123456789:AAE-benchmark-token_for-the-web-board-01"
"""The bot token the servers sign with (and the pages' initData is signed for)."""

KEYS: Final = BoardKeys.from_token(TOKEN)

PROPAGATION_TARGET_MS: Final = 200.0
"""The other page has the new state within this, p95."""

MEMORY_TARGET_MB: Final = 50.0
"""The server's growth with 1,000 open boards."""

LAG_TARGET_MS: Final = 50.0
"""The server's event-loop lag, p99, with the boards open and moves made."""

FIRST_BOARD_TARGET_MS: Final = 100.0
"""A fresh page's login and state, p95."""

PROBE_TICK: Final = 0.010
"""Seconds of the probe's sleep whose overshoot is the event loop's lag."""

WAIT: Final = 30.0
"""Seconds any one wait of the benchmark may take before it fails."""


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def _ms(values: Sequence[float]) -> str:
    if not values:
        return "no samples"
    return (
        f"p50 {1000 * statistics.median(values):.1f} ms, p95 {1000 * percentile(values, 0.95):.1f}"
        f" ms, p99 {1000 * percentile(values, 0.99):.1f} ms, max {1000 * max(values):.1f} ms"
        f" ({len(values)})"
    )


def _verdict(ok: bool) -> str:
    return "met" if ok else "MISSED"


# -- the server (a subprocess: python -m benchmarks.webboard serve) ------------------------------


def _run_delay_reader(tid: int) -> Callable[[], float]:
    """A reader of the seconds thread ``tid`` of this process has waited, runnable, for a CPU
    so far (the kernel's ``schedstat``): what other processes on the machine took from it."""
    fd = os.open(f"/proc/self/task/{tid}/schedstat", os.O_RDONLY)

    def read() -> float:
        return int(os.pread(fd, 128, 0).split()[1]) / 1e9

    return read


class LagProbe:
    """The server's event-loop lag: the overshoot of each :data:`PROBE_TICK` sleep, with the
    time the loop's thread waited for a CPU meanwhile (another process running on it)."""

    def __init__(self) -> None:
        self.samples: list[tuple[float, float]] = []
        self.collections: list[tuple[int, float, float]] = []
        self._collecting = (0.0, 0.0)

    def watch_collections(self) -> None:
        """Note each garbage collection: its generation, how long it held the loop and the CPU
        it took."""

        def note(phase: str, info: dict[str, int]) -> None:
            if phase == "start":
                self._collecting = (time.perf_counter(), time.thread_time())
            else:
                wall, cpu = self._collecting
                self.collections.append(
                    (info["generation"], time.perf_counter() - wall, time.thread_time() - cpu)
                )

        gc.callbacks.append(note)

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        waited = _run_delay_reader(threading.get_native_id())
        while True:
            start, wait = loop.time(), waited()
            await asyncio.sleep(PROBE_TICK)
            self.samples.append((loop.time() - start - PROBE_TICK, waited() - wait))

    def install(self, web_app: web.Application) -> None:
        """``GET /bench/lag``: the samples since the last read (overshoot, wait for a CPU; in
        ms), which it forgets; ``GET /bench/tasks``: how many tasks the server runs, and how
        many objects the garbage collector follows (those frozen at the start left out)."""

        async def lag(request: web.Request) -> web.Response:
            samples, self.samples = self.samples, []
            return web.json_response([[1000 * o, 1000 * w] for o, w in samples])

        async def collections(request: web.Request) -> web.Response:
            found, self.collections = self.collections, []
            return web.json_response([[g, 1000 * w, 1000 * c] for g, w, c in found])

        async def tasks(request: web.Request) -> web.Response:
            return web.json_response([len(asyncio.all_tasks()), len(gc.get_objects())])

        web_app.router.add_get("/bench/lag", lag)
        web_app.router.add_get("/bench/tasks", tasks)
        web_app.router.add_get("/bench/gc", collections)


class Profiler:
    """``POST /bench/profile?on=1`` (``0``) starts (stops) the server's profile, written to
    ``path`` (``pstats``) at the end; without a path the route does nothing."""

    def __init__(self, path: str | None) -> None:
        self.path = path
        self.profile = cProfile.Profile() if path else None

    def install(self, web_app: web.Application) -> None:
        async def switch(request: web.Request) -> web.Response:
            if self.profile is not None:
                if request.query.get("on") == "1":
                    self.profile.enable()
                else:
                    self.profile.disable()
            return web.json_response(self.profile is not None)

        web_app.router.add_post("/bench/profile", switch)

    def write(self) -> None:
        if self.profile is not None and self.path:
            self.profile.dump_stats(self.path)


async def serve(redis_url: str, profile: str | None, *, cold: bool = False) -> None:
    """A board server as the bot runs one: prints its port, serves until SIGTERM.  ``cold``:
    without reading the catalogues at its start, as the bot did before it warmed them."""
    from bot.i18n import warm
    from bot.observability import Metrics, OpsServer
    from bot.runtime import settle_memory
    from bot.web.server import WebBoard

    if not cold:  # as the bot does at its start
        await asyncio.to_thread(warm)
    store = RedisStore.from_url(redis_url)
    metrics = Metrics(process=False)
    app = metrics.instrument_app(App(store))
    board = WebBoard(app, store, token=TOKEN)

    async def deliver(key: TableKey, replies: Sequence[object]) -> None:
        """The chat's share of a press (a platform adapter would post it): not measured."""

    board.deliver_to["telegram"] = deliver
    probe = LagProbe()
    probe.watch_collections()
    profiler = Profiler(profile)
    routes = [board.install, probe.install, profiler.install]
    ops = OpsServer(metrics, store, port=0, routes=routes)
    port = await ops.start()
    settle_memory()  # as the bot does once started
    probing = asyncio.create_task(probe.run())
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    print(f"port {port}", flush=True)
    await stop.wait()
    probing.cancel()
    await board.close(timeout=1)
    await ops.stop()
    await store.close()
    profiler.write()


@dataclass
class Lags:
    """The probe's lags (s): the overshoots, and the same less the waits for a CPU."""

    wall: list[float]
    own: list[float]

    def line(self) -> str:
        return f"{_ms(self.wall)}; less the waits for a CPU: {_ms(self.own)}"


@dataclass
class Server:
    """A board server subprocess."""

    process: asyncio.subprocess.Process
    base: str

    @classmethod
    async def start(
        cls, redis_url: str, profile: str | None = None, *, cold: bool = False
    ) -> Server:
        command = [sys.executable, "-m", "benchmarks.webboard", "serve", "--redis", redis_url]
        if profile:
            command += ["--profile", profile]
        if cold:
            command.append("--cold")
        process = await asyncio.create_subprocess_exec(*command, stdout=asyncio.subprocess.PIPE)
        assert process.stdout is not None
        line = await asyncio.wait_for(process.stdout.readline(), WAIT)
        if not line.startswith(b"port "):
            raise SystemExit(f"the board server did not start: {line!r}")
        return cls(process, f"http://127.0.0.1:{int(line.split()[1])}")

    def rss_mb(self) -> float:
        """The server process's resident memory now, MB."""
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        raise RuntimeError("no VmRSS")

    async def lags(self, http: aiohttp.ClientSession) -> Lags:
        """The probe's lags since the last call."""
        async with http.get(self.base + "/bench/lag") as answer:
            samples = await answer.json()
        return Lags([o / 1000 for o, _ in samples], [max(0.0, o - w) / 1000 for o, w in samples])

    async def profile(self, http: aiohttp.ClientSession, *, on: bool) -> None:
        """Start or stop the server's profile (when it was started with one)."""
        async with http.post(self.base + f"/bench/profile?on={int(on)}") as answer:
            await answer.read()

    async def collections(self, http: aiohttp.ClientSession) -> str:
        """The server's garbage collections since the last call: how many of each generation,
        and the longest."""
        async with http.get(self.base + "/bench/gc") as answer:
            found = await answer.json()
        parts = []
        for generation in (0, 1, 2):
            times = [(wall, cpu) for g, wall, cpu in found if g == generation]
            if times:
                wall, cpu = max(times)
                parts.append(
                    f"{len(times)} of generation {generation} (the longest {wall:.1f} ms,"
                    f" {cpu:.1f} ms of CPU)"
                )
        return ", ".join(parts) or "none"

    async def tasks(self, http: aiohttp.ClientSession) -> tuple[int, int]:
        """How many asyncio tasks the server runs now, and how many objects its garbage
        collector follows."""
        async with http.get(self.base + "/bench/tasks") as answer:
            tasks, objects = await answer.json()
        return int(tasks), int(objects)

    def sockets(self) -> int:
        """How many sockets the server process holds open."""
        fds = f"/proc/{self.process.pid}/fd"
        count = 0
        for fd in os.listdir(fds):
            with contextlib.suppress(OSError):
                count += os.readlink(f"{fds}/{fd}").startswith("socket:")
        return count

    def cpu(self) -> float:
        """CPU seconds the server process has used so far."""
        with open(f"/proc/{self.process.pid}/stat") as stat:
            fields = stat.read().rpartition(")")[2].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def cpu_wait(self) -> float:
        """Seconds the server's main thread has waited for a CPU so far."""
        with open(f"/proc/{self.process.pid}/schedstat") as stat:
            return int(stat.read().split()[1]) / 1e9

    async def stop(self) -> None:
        if self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.process.wait(), 10)
            except TimeoutError:
                self.process.kill()
                await self.process.wait()


# -- the pages --------------------------------------------------------------------------------


_ids = itertools.count(1)


def init_data(user_id: int, name: str) -> str:
    """Telegram WebApp initData for a user (speaking one of the bot's languages, in turn by
    his id), signed for the bot as Telegram signs it."""
    lang = LANGUAGES[user_id % len(LANGUAGES)]
    user = {"id": user_id, "first_name": name, "language_code": lang}
    fields = {
        "query_id": f"AAH{next(_ids):012d}",
        "user": json.dumps(user, separators=(",", ":")),
        "auth_date": str(int(time.time()) - 5),
    }
    check = "\n".join(f"{k}={v}" for k, v in sorted(fields.items()))
    fields["hash"] = hmac.new(KEYS.webapp, check.encode(), hashlib.sha256).hexdigest()
    return urlencode(fields, quote_via=quote)


async def login(http: aiohttp.ClientSession, base: str, key: TableKey, user_id: int) -> str:
    """A page's login at ``key`` as Telegram user ``user_id``: its session token."""
    body = {"initData": init_data(user_id, f"U{user_id}"), "start": sign_start(key, KEYS)}
    async with http.post(base + "/board/api/login", json=body) as answer:
        if answer.status != 200:
            raise RuntimeError(f"login refused: {answer.status} {await answer.text()}")
        return str((await answer.json())["token"])


class Stream:
    """One page's event stream: when each version's state arrived (and the newest state, when
    ``keep``)."""

    def __init__(self, http: aiohttp.ClientSession, base: str, token: str, *, keep: bool) -> None:
        self.http = http
        self.token = token
        self.url = f"{base}/board/api/events?token={token}"
        self.keep = keep
        self.arrivals: list[tuple[int, float]] = []
        self.state: dict[str, Any] | None = None
        self.changed = asyncio.Event()
        self.task: asyncio.Task[None] | None = None

    def open(self) -> None:
        self.task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        timeout = aiohttp.ClientTimeout(total=None, sock_read=None)
        async with self.http.get(self.url, timeout=timeout) as response:
            if response.status != 200:
                raise RuntimeError(f"event stream refused: {response.status}")
            version, name, data = -1, "", b""
            async for raw in response.content:
                line = raw.rstrip(b"\n")
                if line:
                    if line.startswith(b"id: "):
                        version = int(line[4:])
                    elif line.startswith(b"event: "):
                        name = line[7:].decode()
                    elif line.startswith(b"data: "):
                        data = line[6:]
                    continue
                if name == "state":
                    self.arrivals.append((version, time.perf_counter()))
                    if self.keep:
                        self.state = json.loads(data)
                    self.changed.set()
                name, data = "", b""

    @property
    def version(self) -> int:
        return self.arrivals[-1][0] if self.arrivals else -1

    async def reached(self, version: int) -> float:
        """When the first state of ``version`` or later arrived (waiting for it)."""
        deadline = time.monotonic() + WAIT
        seen = 0
        while True:
            for at_version, at in self.arrivals[seen:]:
                if at_version >= version:
                    return at
            seen = len(self.arrivals)
            if self.task is not None and self.task.done():
                self.task.result()  # its failure, if it failed
                raise RuntimeError(f"the event stream ended before version {version}")
            self.changed.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                raise RuntimeError(f"no state of version {version} on {self.url[:60]}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), left)

    async def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, aiohttp.ClientError):
                await self.task


@dataclass
class Player:
    """A seated player's page: where it presses (with its token) and its event stream."""

    user_id: int
    token: str
    press_base: str
    stream: Stream
    state: dict[str, Any] | None = None

    def newest(self) -> dict[str, Any] | None:
        """The newest state the page has: from its stream or its last press's answer."""
        streamed = self.stream.state
        if self.state is None or (
            streamed is not None and streamed["version"] >= self.state["version"]
        ):
            return streamed
        return self.state


def choice(state: dict[str, Any] | None, rng: random.Random) -> str | None:
    """What a player whose page shows ``state`` presses: a step, else a confirmation, a roll or
    a take; ``None`` when it is not his to act."""
    if state is None or state["stage"] != "play":
        return None
    if state["steps"]:
        return str(rng.choice(state["steps"])["payload"])
    for kind in ("confirm", "roll", "take"):
        for action in state["actions"]:
            if action["kind"] == kind:
                return str(action["payload"])
    return None


@dataclass
class Table:
    """A table of the benchmark: its key, its two players' Telegram ids and its pages."""

    key: TableKey
    ids: tuple[int, int]
    players: list[Player] = field(default_factory=list)
    watchers: list[Stream] = field(default_factory=list)


class Bench:
    """The pages and the app that opens the tables (on the servers' Redis)."""

    def __init__(self, store: RedisStore, http: aiohttp.ClientSession) -> None:
        self.app = App(store)
        self.http = http
        self.updates = itertools.count(1)
        self.rng = random.Random(35)

    async def open_table(self, table: Table) -> int:
        """A new 1-point match at ``table`` (the chat's ``/new 1``, ``/join``); its version."""
        for uid, text in zip(table.ids, ("/new 1", "/join"), strict=True):
            user = User("telegram", str(uid), f"U{uid}", "en")
            await self.app.handle(Update(table.key, user, f"b{next(self.updates)}", text=text))
        facts = await self.app.facts(table.key)
        assert facts is not None and facts.stage == "play", facts
        return facts.version

    async def seat(
        self, table: Table, press_base: str, stream_base: str, *, keep: bool = True
    ) -> None:
        """The two players' pages at ``table``: logged in, streams open."""
        for uid in table.ids:
            token = await login(self.http, press_base, table.key, uid)
            stream = Stream(self.http, stream_base, token, keep=keep)
            stream.open()
            table.players.append(Player(uid, token, press_base, stream))

    async def press(self, table: Table) -> tuple[int, float, int] | None:
        """The player who can act presses; his index, the request's start and the version its
        answer shows.  ``None``: nobody can act (the game is over)."""
        for _ in range(50):  # the states of a write just made may still be on their way
            for index, player in enumerate(table.players):
                payload = choice(player.newest(), self.rng)
                if payload is None:
                    continue
                started = time.perf_counter()
                async with self.http.post(
                    player.press_base + "/board/api/press",
                    json={"payload": payload},
                    headers={"Authorization": f"Bearer {player.token}"},
                ) as answer:
                    data = await answer.json()
                if answer.status != 200 or data["toasts"] or data["state"] is None:
                    raise RuntimeError(f"press {payload} refused: {answer.status} {data}")
                player.state = data["state"]
                return index, started, int(data["state"]["version"])
            await asyncio.sleep(0.01)
        over = [p.newest() for p in table.players]
        if all(s is not None and s["stage"] == "over" for s in over):
            return None
        raise RuntimeError(f"nobody can act at {table.key}: {over}")

    async def next_game(self, table: Table) -> None:
        """A new game at ``table`` once its pages show the last one over."""
        version = await self.open_table(table)
        for player in table.players:
            await player.stream.reached(version)
        for stream in table.watchers:
            await stream.reached(version)

    async def play(
        self, table: Table, presses: int, pace: float = 0.0, until: float | None = None
    ) -> tuple[list[float], list[float]]:
        """``presses`` presses at ``table`` (or until ``until``, perf_counter): the times until
        the other player's page had each new state, and until every page of the table had it."""
        other_times: list[float] = []
        all_times: list[float] = []
        if pace:  # players at many tables do not press all in the same instant
            await asyncio.sleep(pace * self.rng.random())
        while len(other_times) < presses and (until is None or time.perf_counter() < until):
            pressed = await self.press(table)
            if pressed is None:
                await self.next_game(table)
                continue
            index, started, version = pressed
            other = table.players[1 - index].stream
            arrived = await other.reached(version)
            other_times.append(arrived - started)
            if table.watchers:
                last = max([await s.reached(version) for s in table.watchers])
                all_times.append(max(last, arrived) - started)
            # the presser's own stream has the state too before he presses again
            await table.players[index].stream.reached(version)
            if pace:
                await asyncio.sleep(pace * self.rng.uniform(0.5, 1.5))
        return other_times, all_times


# -- the measures -----------------------------------------------------------------------------


def bundle() -> None:
    from bot.web import size

    files = size.sizes()
    total = sum(packed for _, packed in files.values())
    parts = ", ".join(f"{name} {packed / 1024:.1f}" for name, (_, packed) in files.items())
    print(
        f"bundle: {total / 1024:.1f} KB gzipped ({parts}); target <= {size.BUDGET // 1024} KB:"
        f" {_verdict(total <= size.BUDGET)}"
    )


async def first_in_each_language(base: str, key: TableKey, users: int) -> list[float]:
    """A fresh server's first page in each language (users ``users``.. speak en, ru, uk, be in
    turn): its words (``/api/words``), then a login and the state, a new connection each; the
    seconds of each page, and the words' apart."""
    pages: list[float] = []
    for n, lang in enumerate(LANGUAGES):
        async with aiohttp.ClientSession() as http:
            started = time.perf_counter()
            async with http.get(base + "/board/api/words", params={"lang": lang}) as answer:
                assert answer.status == 200
                await answer.read()
            worded = time.perf_counter()
            token = await login(http, base, key, users + n)
            async with http.get(
                base + "/board/api/state", headers={"Authorization": f"Bearer {token}"}
            ) as answer:
                assert answer.status == 200
                await answer.read()
            pages += [worded - started, time.perf_counter() - worded]
    return pages


async def first_pages(redis_url: str, bench: Bench, warmed: Server) -> None:
    """The first page in each language on a server that read its catalogues at its start
    (``warmed``, fresh) and on one that did not (started here)."""
    key = TableKey("telegram", "-4")
    await bench.open_table(Table(key, (41, 42)))
    cold = await Server.start(redis_url, cold=True)
    try:
        figures = {
            "cold (catalogues read on demand)": await first_in_each_language(
                cold.base, key, 800_000
            ),
            "warm (read at the start)": await first_in_each_language(warmed.base, key, 810_000),
        }
    finally:
        await cold.stop()
    print("the first page in each language, a fresh server: /api/words, then login + state")
    for label, pages in figures.items():
        shown = ", ".join(
            f"{lang} {1000 * pages[2 * n]:.0f} + {1000 * pages[2 * n + 1]:.0f} ms"
            for n, lang in enumerate(LANGUAGES)
        )
        print(f"    {label}: {shown}")


async def first_board(base: str, key: TableKey, pages: int) -> None:
    """``pages`` fresh pages (at least 5), one after another: login, then the state."""
    times: list[float] = []
    logins: list[float] = []
    for n in range(max(5, pages)):
        async with aiohttp.ClientSession() as http:
            started = time.perf_counter()
            token = await login(http, base, key, 900_000 + n)
            logged = time.perf_counter()
            async with http.get(
                base + "/board/api/state", headers={"Authorization": f"Bearer {token}"}
            ) as answer:
                assert answer.status == 200
                await answer.read()
            times.append(time.perf_counter() - started)
            logins.append(logged - started)
    # the first page in each language (ids 900000.. speak en, ru, uk, be in turn) apart
    first, times, logins = times[:4], times[4:], logins[4:]
    p95 = 1000 * percentile(times, 0.95)
    print(f"first board (login + state, a new connection each): {_ms(times)}")
    print(f"    of which the login: {_ms(logins)}")
    print(
        "    the server's first page in each language: "
        + ", ".join(f"{lang} {1000 * s:.0f} ms" for lang, s in zip(LANGUAGES, first, strict=False))
    )
    print(
        f"    target p95 < {FIRST_BOARD_TARGET_MS:.0f} ms: {_verdict(p95 < FIRST_BOARD_TARGET_MS)}"
    )


async def propagation(
    bench: Bench, servers: list[Server], presses: int, chat: int, label: str
) -> None:
    table = Table(TableKey("telegram", str(-chat)), (chat * 10 + 1, chat * 10 + 2))
    await bench.open_table(table)
    await bench.seat(table, servers[0].base, servers[-1].base)
    for player in table.players:
        await player.stream.reached(0)
    waited = [server.cpu_wait() for server in servers]
    try:
        times, _ = await bench.play(table, presses)
    finally:
        for player in table.players:
            await player.stream.close()
    waits = ", ".join(
        f"{1000 * (server.cpu_wait() - before) / len(times):.1f} ms"
        for server, before in zip(servers, waited, strict=True)
    )
    p95 = 1000 * percentile(times, 0.95)
    print(f"move propagation, {label}: {_ms(times)}")
    print(f"    the server's main thread waited for a CPU (other processes) {waits} a press")
    print(
        f"    target p95 < {PROPAGATION_TARGET_MS:.0f} ms: {_verdict(p95 < PROPAGATION_TARGET_MS)}"
    )


async def open_boards(bench: Bench, server: Server, args: argparse.Namespace) -> None:
    """``args.boards`` streams on one server; its memory and event loop's lag."""
    per_table = max(2, args.per_table)
    count = -(-args.boards // per_table)
    tables = [
        Table(TableKey("telegram", str(-(10_000 + n))), (100_000 + 2 * n, 100_001 + 2 * n))
        for n in range(count)
    ]
    watching = [max(0, min(per_table, args.boards - n * per_table) - 2) for n in range(count)]
    tokens: dict[TableKey, list[str]] = {}
    started = time.perf_counter()
    gate = asyncio.Semaphore(16)

    async def prepare(table: Table, n: int) -> None:
        async with gate:
            await bench.open_table(table)
            users = [*table.ids, *(500_000 + 100 * n + k for k in range(watching[n]))]
            tokens[table.key] = [await login(bench.http, server.base, table.key, u) for u in users]

    await asyncio.gather(*(prepare(t, n) for n, t in enumerate(tables)))
    print(
        f"open boards: {len(tables)} tables, {sum(map(len, tokens.values()))} pages logged in"
        f" ({time.perf_counter() - started:.1f} s)"
    )
    for round_ in range(args.rounds):
        streams = []
        for table in tables:
            pages = [Stream(bench.http, server.base, t, keep=False) for t in tokens[table.key]]
            for page in pages[:2]:
                page.keep = True
            table.players = [
                Player(uid, page.token, server.base, page)
                for uid, page in zip(table.ids, pages, strict=False)
            ]
            table.watchers = pages[2:]
            streams += pages
        await hold(bench, server, tables, streams, args, first=round_ == 0)


async def hold(
    bench: Bench,
    server: Server,
    tables: list[Table],
    streams: list[Stream],
    args: argparse.Namespace,
    *,
    first: bool,
) -> None:
    """Open ``streams``, measure, play (the ``first`` time), close them."""
    await server.lags(bench.http)
    await asyncio.sleep(1)
    before = server.rss_mb()
    idle_tasks, objects = await server.tasks(bench.http)
    started, cpu = time.perf_counter(), server.cpu()
    for n, stream in enumerate(streams):
        stream.open()
        if n % 50 == 49:
            await asyncio.sleep(0.05)  # pages come one after another, not all in one instant
    for stream in streams:
        await stream.reached(0)
    opened, cpu = time.perf_counter() - started, server.cpu() - cpu
    opening_lags = await server.lags(bench.http)
    await asyncio.sleep(1)
    after = server.rss_mb()
    growth = after - before
    tasks, objects_open = await server.tasks(bench.http)
    print(
        f"    {len(streams)} event streams open with their first state in {opened:.1f} s"
        f" (server CPU {1000 * cpu / len(streams):.1f} ms a stream); server lag meanwhile"
        f" {opening_lags.line()}"
    )
    print(
        f"    server RSS {before:.1f} MB before, {after:.1f} MB with them open: +{growth:.1f} MB"
        f" ({1024 * growth / len(streams):.1f} KB a board); target <= {MEMORY_TARGET_MB:.0f} MB"
        f" for 1,000: {_verdict(growth * 1000 / len(streams) <= MEMORY_TARGET_MB)}"
    )
    print(
        f"    the server runs {tasks} tasks; its garbage collector follows {objects_open:,}"
        f" objects ({objects:,} before: {(objects_open - objects) / len(streams):.0f} a board)"
    )
    if first:
        await play_while_open(bench, server, tables, len(streams), args)
    closed = time.perf_counter()
    await asyncio.gather(*(s.close() for s in streams))
    while (tasks := (await server.tasks(bench.http))[0]) > idle_tasks:
        if time.perf_counter() - closed > WAIT:
            break
        await asyncio.sleep(0.01)
    ended = time.perf_counter() - closed
    print(
        f"    the pages closed, their streams ended within {1000 * ended:.0f} ms ({tasks} tasks"
        f" left, {idle_tasks} before they opened)"
    )
    await asyncio.sleep(2)
    tasks, objects = await server.tasks(bench.http)
    print(
        f"    2 s after: server RSS {server.rss_mb():.1f} MB, {server.sockets()} sockets,"
        f" {tasks} tasks"
    )


async def play_while_open(
    bench: Bench, server: Server, tables: list[Table], open_: int, args: argparse.Namespace
) -> None:
    """The server's lag with ``open_`` boards open, idle then while tables are played."""
    await asyncio.sleep(args.idle)
    idle = await server.lags(bench.http)
    print(f"    server lag, {open_} boards open, idle {args.idle:.0f} s: {idle.line()}")
    await server.collections(bench.http)
    movers = tables[: args.movers]
    until = time.perf_counter() + args.seconds
    cpu, own_cpu, waited = server.cpu(), time.process_time(), server.cpu_wait()
    await server.profile(bench.http, on=True)
    probe = LagProbe()  # this process's loop too: the times are taken here
    probing = asyncio.create_task(probe.run())
    played = await asyncio.gather(
        *(bench.play(t, 1_000_000, pace=args.pace, until=until) for t in movers)
    )
    probing.cancel()
    await server.profile(bench.http, on=False)
    moving = await server.lags(bench.http)
    collected = await server.collections(bench.http)
    cpu, own_cpu = server.cpu() - cpu, time.process_time() - own_cpu
    waited = server.cpu_wait() - waited
    others = [x for o, _ in played for x in o]
    everyone = [x for _, a in played for x in a]
    p99 = 1000 * percentile(moving.wall, 0.99)
    own99 = 1000 * percentile(moving.own, 0.99)
    print(
        f"    {len(movers)} tables played for {args.seconds:.0f} s (a press every ~{args.pace} s"
        f" at each): {len(others)} presses, {len(others) / args.seconds:.1f}/s"
    )
    print(
        f"    CPU: the server {1000 * cpu / len(others):.1f} ms a press"
        f" ({100 * cpu / args.seconds:.0f}% of a core), this process (the pages)"
        f" {100 * own_cpu / args.seconds:.0f}%; the server waited for a CPU"
        f" {100 * waited / args.seconds:.0f}% of the time"
    )
    print(
        f"    server lag while they play: {moving.line()}\n"
        f"    target p99 < {LAG_TARGET_MS:.0f} ms: {_verdict(p99 < LAG_TARGET_MS)}"
        f" (less the waits for a CPU: {_verdict(own99 < LAG_TARGET_MS)})"
    )
    print(f"    the server's garbage collections meanwhile: {collected}")
    pages = Lags([o for o, _ in probe.samples], [max(0.0, o - w) for o, w in probe.samples])
    print(f"    this process's lag meanwhile (the pages'): {pages.line()}")
    print(f"    the other player's page has the state: {_ms(others)}")
    print(f"    every page of the table has it: {_ms(everyone)}")
    print(f"    server RSS after the moves: {server.rss_mb():.1f} MB")


async def main(args: argparse.Namespace) -> None:
    from benchmarks.app import redis_server

    print(f"load average {os.getloadavg()[0]:.2f} (2-core machine shared with other work)")
    bundle()
    with redis_server() as url:
        servers = [await Server.start(url, args.profile), await Server.start(url)]
        store = RedisStore.from_url(url)
        connector = aiohttp.TCPConnector(limit=0)
        try:
            async with aiohttp.ClientSession(connector=connector) as http:
                bench = Bench(store, http)
                await first_pages(url, bench, servers[0])
                if args.first_pages:
                    return
                warm = Table(TableKey("telegram", "-1"), (11, 12))
                await bench.open_table(warm)
                await first_board(servers[0].base, warm.key, args.pages)
                await propagation(bench, servers[:1], args.presses, 2, "one server")
                await propagation(
                    bench, servers, args.presses, 3, "pressed on server 1, streamed from server 2"
                )
                if args.boards:
                    await open_boards(bench, servers[0], args)
        finally:
            for server in servers:
                await server.stop()
            await store.close()
    print(f"load average {os.getloadavg()[0]:.2f}")


def cli() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command")
    server = sub.add_parser("serve", help="a board server (started by the benchmark)")
    server.add_argument("--redis", required=True)
    server.add_argument("--profile", help="write the profile of what is asked to this file")
    server.add_argument("--cold", action="store_true", help="no catalogue read at the start")
    parser.add_argument(
        "--first-pages", action="store_true", help="only the first page in each language"
    )
    parser.add_argument("--presses", type=int, default=200, help="presses per propagation run")
    parser.add_argument("--pages", type=int, default=200, help="fresh pages for the first board")
    parser.add_argument("--boards", type=int, default=1000, help="event streams held open")
    parser.add_argument("--per-table", type=int, default=5, help="pages per table (2 players)")
    parser.add_argument("--movers", type=int, default=20, help="tables played meanwhile")
    parser.add_argument("--pace", type=float, default=1.0, help="seconds between two presses")
    parser.add_argument("--seconds", type=float, default=15.0, help="seconds they play")
    parser.add_argument("--idle", type=float, default=3.0, help="seconds of idle lag probing")
    parser.add_argument(
        "--rounds", type=int, default=1, help="times the boards are opened and closed again"
    )
    parser.add_argument(
        "--profile", help="profile server 1 while the tables are played (pstats file)"
    )
    args = parser.parse_args()
    if args.command == "serve":
        asyncio.run(serve(args.redis, args.profile, cold=args.cold))
    else:
        asyncio.run(main(args))


if __name__ == "__main__":
    cli()
