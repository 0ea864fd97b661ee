"""Shared fixtures: private ``redis-server`` processes (plain, persistent, cluster) for the tests.

The tests never touch a Redis they did not start.  ``TEST_REDIS_URL`` may name a server to use
instead of starting one (it is flushed between tests, so never point it at data that matters; the
conventional port 6379 is refused).  ``REDIS_URL`` is the bot's own setting and is ignored here.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import pytest_asyncio
import redis
from hypothesis import HealthCheck, settings
from redis.asyncio import Redis

from bot.ai.worker import ComputerWorker

# Property tests check behaviour, never speed: a loaded CI machine must not fail them on time.
settings.register_profile(
    "project", deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.load_profile("project")

REDIS_SERVER = "redis-server"
REDIS_CLI = "redis-cli"
INSTALL_HINT = "install redis-server: apt-get install redis-server"


def _binary(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        pytest.fail(f"{name} not found on PATH; {INSTALL_HINT}", pytrace=False)
    return path


def _port_is_free(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def free_port(*, cluster_bus: bool = False) -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now.

    With ``cluster_bus`` the port is at most 55535 and port + 10000 (the cluster bus) is free too.
    """
    for _ in range(200):
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
            sock.bind(("127.0.0.1", 0))
            port = int(sock.getsockname()[1])
        if not cluster_bus:
            return port
        if port <= 55535 and _port_is_free(port + 10000):
            return port
    raise RuntimeError("no free port pair for a cluster node")


class RedisProcess:
    """One ``redis-server`` on 127.0.0.1 in its own directory; restartable on the same port.

    ``aof=True`` turns on the append-only file with ``appendfsync always`` (every write reaches the
    disk before it is acknowledged), so a restart — even after SIGKILL — loses nothing.
    """

    def __init__(
        self,
        workdir: Path,
        *,
        port: int | None = None,
        aof: bool = False,
        extra_args: tuple[str, ...] = (),
    ) -> None:
        self.workdir = Path(workdir)
        self.workdir.mkdir(parents=True, exist_ok=True)
        cluster_bus = "--cluster-enabled" in extra_args
        self.port = port if port is not None else free_port(cluster_bus=cluster_bus)
        self.aof = aof
        self.extra_args = extra_args
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """``redis://127.0.0.1:<port>/0``."""
        return f"redis://127.0.0.1:{self.port}/0"

    @property
    def running(self) -> bool:
        """Whether the server process is alive."""
        return self.process is not None and self.process.poll() is None

    def command(self) -> list[str]:
        """The ``redis-server`` command line."""
        persistence = (
            ["--appendonly", "yes", "--appendfsync", "always"]
            if self.aof
            else ["--appendonly", "no"]
        )
        return [
            _binary(REDIS_SERVER),
            "--port",
            str(self.port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            *persistence,
            "--dir",
            str(self.workdir),
            "--logfile",
            str(self.workdir / "redis.log"),
            "--daemonize",
            "no",
            *self.extra_args,
        ]

    def start(self, timeout: float = 15.0) -> RedisProcess:
        """Start the server and wait until it answers PING (loading an AOF included)."""
        if self.running:
            return self
        self.process = subprocess.Popen(
            self.command(),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            cwd=self.workdir,
        )
        deadline = time.monotonic() + timeout
        client = redis.Redis(host="127.0.0.1", port=self.port, socket_connect_timeout=0.5)
        try:
            while True:
                if self.process.poll() is not None:
                    stderr = self.process.stderr.read().decode() if self.process.stderr else ""
                    log = self.workdir / "redis.log"
                    tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
                    raise RuntimeError(
                        f"redis-server on port {self.port} exited with {self.process.returncode}:"
                        f" {stderr}{tail}"
                    )
                try:
                    if client.ping():
                        return self
                except (redis.ConnectionError, redis.BusyLoadingError, redis.TimeoutError):
                    pass
                if time.monotonic() > deadline:
                    self.kill()
                    raise RuntimeError(f"redis-server on port {self.port} did not answer")
                time.sleep(0.02)
        finally:
            client.close()

    def stop(self, timeout: float = 10.0) -> None:
        """Stop gracefully (SIGTERM: the server flushes its AOF and exits)."""
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._reap()

    def kill(self) -> None:
        """Stop abruptly (SIGKILL), as a crash or power loss would."""
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self._reap()

    def send_signal(self, sig: int) -> None:
        """Send ``sig`` to the running server (SIGSTOP pauses it, SIGCONT lets it go on)."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(sig)

    def restart(self, *, hard: bool = False) -> RedisProcess:
        """Stop (SIGKILL when ``hard``) and start again on the same port with the same data."""
        if hard:
            self.kill()
        else:
            self.stop()
        return self.start()

    def _reap(self) -> None:
        if self.process is not None and self.process.stderr is not None:
            self.process.stderr.close()
        self.process = None


class RedisClusterProcesses:
    """A Redis Cluster of ``size`` primaries (no replicas) made of :class:`RedisProcess` nodes."""

    def __init__(self, workdir: Path, size: int = 3) -> None:
        self.nodes = [
            RedisProcess(
                Path(workdir) / f"node{i}",
                extra_args=(
                    "--cluster-enabled",
                    "yes",
                    "--cluster-config-file",
                    str(Path(workdir) / f"node{i}" / "nodes.conf"),
                    "--cluster-node-timeout",
                    "2000",
                ),
            )
            for i in range(size)
        ]

    @property
    def url(self) -> str:
        """A URL of one node; a cluster client discovers the rest."""
        return f"redis://127.0.0.1:{self.nodes[0].port}"

    def start(self, timeout: float = 30.0) -> RedisClusterProcesses:
        """Start every node, create the cluster and wait until it reports ``cluster_state:ok``."""
        for node in self.nodes:
            node.start()
        create = subprocess.run(
            [
                _binary(REDIS_CLI),
                "--cluster",
                "create",
                *(f"127.0.0.1:{node.port}" for node in self.nodes),
                "--cluster-replicas",
                "0",
                "--cluster-yes",
            ],
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
        if create.returncode != 0:
            self.stop()
            raise RuntimeError(f"redis-cli --cluster create failed: {create.stdout}{create.stderr}")
        deadline = time.monotonic() + timeout
        for node in self.nodes:
            client = redis.Redis(host="127.0.0.1", port=node.port)
            try:
                while client.cluster("info").get("cluster_state") != "ok":
                    if time.monotonic() > deadline:
                        raise RuntimeError(f"cluster node {node.port} never reached state ok")
                    time.sleep(0.05)
            finally:
                client.close()
        return self

    def stop(self) -> None:
        """Stop every node."""
        for node in self.nodes:
            node.stop()


def _checked_test_url(url: str) -> str:
    if urlsplit(url).port in (None, 6379):
        pytest.fail(
            f"TEST_REDIS_URL={url!r} points at the conventional Redis port 6379; tests flush their"
            " database, so give them a server of their own (or unset it to start one)",
            pytrace=False,
        )
    return url


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """URL of the session's private Redis (started here unless ``TEST_REDIS_URL`` is set)."""
    given = os.environ.get("TEST_REDIS_URL")
    if given:
        yield _checked_test_url(given)
        return
    server = RedisProcess(tmp_path_factory.mktemp("redis"))
    server.start()
    try:
        yield server.url
    finally:
        server.stop()


@pytest.fixture
async def redis_client(redis_url: str) -> AsyncIterator[Redis]:
    """An asyncio client on the session's Redis, with the database flushed before the test."""
    client = Redis.from_url(redis_url)
    await client.flushdb()
    try:
        yield client
    finally:
        await client.aclose()


class RedisFactory:
    """Starts extra Redis servers for one test (persistent ones for restart tests) and stops all."""

    def __init__(self, base: Path) -> None:
        self.base = base
        self.servers: list[RedisProcess] = []
        self.clusters: list[RedisClusterProcesses] = []

    def server(
        self, *, aof: bool = False, name: str | None = None, workdir: Path | None = None
    ) -> RedisProcess:
        """A started server; ``aof=True`` persists every write (``appendfsync always``).

        Its data lives in ``workdir`` when given (a second server on the same directory takes
        over the data of the first), else in a fresh directory of the test.
        """
        if workdir is None:
            workdir = self.base / (name or f"redis{len(self.servers)}")
        server = RedisProcess(workdir, aof=aof)
        self.servers.append(server)
        return server.start()

    def cluster(self, size: int = 3) -> RedisClusterProcesses:
        """A started cluster of ``size`` primaries."""
        cluster = RedisClusterProcesses(self.base / f"cluster{len(self.clusters)}", size)
        self.clusters.append(cluster)
        return cluster.start()

    def stop_all(self) -> None:
        """Stop everything this factory started."""
        for cluster in self.clusters:
            cluster.stop()
        for server in self.servers:
            server.stop()


@pytest.fixture
def redis_factory(tmp_path: Path) -> Iterator[RedisFactory]:
    """A :class:`RedisFactory` whose servers are stopped when the test ends."""
    factory = RedisFactory(tmp_path)
    try:
        yield factory
    finally:
        factory.stop_all()


@pytest.fixture(scope="session")
def redis_cluster_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """URL of a private 3-node Redis Cluster for the session (started on first use)."""
    cluster = RedisClusterProcesses(tmp_path_factory.mktemp("redis-cluster"))
    cluster.start()
    try:
        yield cluster.url
    finally:
        cluster.stop()


@contextlib.asynccontextmanager
async def warm_worker(**options: Any) -> AsyncIterator[ComputerWorker]:
    """One started computer worker process (``options`` as :class:`ComputerWorker` takes
    them), closed after."""
    started = ComputerWorker(1, **options)
    await started.start()
    try:
        yield started
    finally:
        await started.close()


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def worker() -> AsyncIterator[ComputerWorker]:
    """One warm computer worker process for a test module (its tests run on the module's loop).

    It analyses at 0-ply: the chat's analysis tests are about what the chat shows, and a 2-ply
    analysis of a whole match takes tens of seconds on a loaded machine; the analysis lane's
    own tests (``test_analysis_lane.py``) analyse at the default 2-ply."""
    async with warm_worker(analysis_ply=0) as started:
        yield started
