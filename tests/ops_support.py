"""Bot processes for the operations tests: ``python -m bot`` serving Telegram, for real.

:class:`BotProcess` starts the bot as a subprocess against the fake Bot API
(``tests/fake_telegram``) and a real Redis, with its webhook (or, ``polling=True``, fetching its
updates from the fake by long polling) and its ``/metrics`` + ``/healthz`` on its one HTTP server,
on a free port.
:class:`Players` plays a Telegram group table through any number of such processes: each update is
posted to the webhook of one or several of them, then the players wait until every process has
finished every update (the processes' own ``nardy_update_seconds_count`` and
``nardy_updates_in_flight`` metrics say so).  The state of a table is read from Redis only to
choose the next decision.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import aiohttp
from conftest import free_port
from fake_telegram import Chat, FakeBotApi, TgUser
from prometheus_client.parser import text_string_to_metric_families

from bot.app import App
from bot.store import Store, TableKey
from engine.chouette import Chouette
from engine.game import Game, Phase
from engine.match import Match
from engine.movegen import legal_plays
from engine.notation import format_play

ROOT = Path(__file__).resolve().parent.parent
WEBHOOK_SECRET = "webhook-secret_XYZ123"
START_TIMEOUT = 60.0
SETTLE_TIMEOUT = 60.0


def bot_env(fake: FakeBotApi, redis_url: str, **extra: str) -> dict[str, str]:
    """The environment of a bot process: the fake's token and URL, Redis, nothing inherited
    that could change the settings (tokens, Redis URL) from the developer's shell."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "DISCORD_"))}
    for name in (
        "REDIS_URL",
        "REDIS_CLUSTER",
        "HTTP_LISTEN",
        "METRICS_PORT",
        "METRICS_HOST",
        "LOG_JSON",
        "LOG_LEVEL",
    ):
        env.pop(name, None)
    env.update(
        PYTHONPATH=str(ROOT),
        TELEGRAM_TOKEN=fake.token,
        TELEGRAM_BASE_URL=fake.url,
        TELEGRAM_WEBHOOK_SECRET=WEBHOOK_SECRET,
        REDIS_URL=redis_url,
        LOG_JSON="true",
    )
    env.update(extra)
    return env


class BotProcess:
    """One ``python -m bot`` process serving a Telegram webhook, ``/metrics`` and ``/healthz`` on
    one free port (``polling``: fetching its updates by long polling instead)."""

    def __init__(
        self,
        fake: FakeBotApi,
        redis_url: str,
        workdir: Path,
        name: str,
        *,
        polling: bool = False,
        **env: str,
    ) -> None:
        self.fake = fake
        self.name = name
        self.workdir = workdir
        self.polling = polling
        self.port = free_port()
        self.webhook_url = f"http://127.0.0.1:{self.port}/hook/{name}"
        hook = {} if polling else {"TELEGRAM_WEBHOOK_URL": self.webhook_url}
        self.env = bot_env(fake, redis_url, HTTP_LISTEN=f"127.0.0.1:{self.port}", **hook, **env)
        self.proc: subprocess.Popen[bytes] | None = None
        self.log_path = workdir / f"{name}.log"
        self.starts = 0
        self.polls = 0
        """The ``getUpdates`` calls the fake had received when this process last started."""

    # -- life ---------------------------------------------------------------------------------

    async def start(self) -> BotProcess:
        """Start the process and wait until its health endpoint answers and it takes updates
        (its webhook answers; or it asks the fake for updates)."""
        self.starts += 1
        self.polls = len(self.fake.called("getUpdates"))
        log = self.log_path.open("ab")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "bot"],
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=log,
            cwd=self.workdir,
            env=self.env,
        )
        log.close()
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError(f"{self.name} exited with {self.proc.returncode}:\n{self.log}")
            if await self._ready():
                return self
            await asyncio.sleep(0.1)
        raise AssertionError(f"{self.name} did not start:\n{self.log}")

    async def _ready(self) -> bool:
        try:
            async with aiohttp.ClientSession() as session:
                async with session.get(self.url("/healthz")) as r:
                    if r.status != 200:
                        return False
                if self.polling:
                    return len(self.fake.called("getUpdates")) > self.polls
                # The webhook's route answers 403 without the secret; with it, 503 until the
                # adapter takes updates, then 400 for a body that is no update.
                headers = {"X-Telegram-Bot-Api-Secret-Token": WEBHOOK_SECRET}
                async with session.post(self.webhook_url, data=b"{}", headers=headers) as r:
                    return r.status == 400
        except aiohttp.ClientError:
            return False

    def signal(self, signum: int) -> None:
        assert self.proc is not None
        self.proc.send_signal(signum)

    async def wait(self, timeout: float = 30.0) -> int:
        """Wait for the process to exit; its exit status."""
        assert self.proc is not None
        deadline = time.monotonic() + timeout
        while self.proc.poll() is None:
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name} did not exit within {timeout} s:\n{self.log}")
            await asyncio.sleep(0.02)
        return self.proc.returncode

    async def kill(self) -> None:
        """SIGKILL: no shutdown at all."""
        self.signal(signal.SIGKILL)
        await self.wait()

    def stop_now(self) -> None:
        """End the process whatever it is doing (test clean-up)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    @property
    def log(self) -> str:
        """Everything the process wrote (stdout and stderr), over all its starts."""
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def log_records(self) -> list[dict[str, Any]]:
        """The JSON log lines as objects (lines that are not JSON fail the test).

        Python's own multiprocessing resource tracker, left behind by a process killed with
        SIGKILL, warns on the inherited stderr about the semaphores the killed process could not
        release; those lines are not the bot's and are left out.
        """
        records = []
        for line in self.log.splitlines():
            if line.strip() and "resource_tracker" not in line:
                records.append(json.loads(line))
        return records

    # -- HTTP ---------------------------------------------------------------------------------

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    async def metrics(self) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
        """Every sample of ``/metrics``: (name, sorted labels) → value."""
        async with aiohttp.ClientSession() as session, session.get(self.url("/metrics")) as r:
            assert r.status == 200
            text = await r.text()
        samples = {}
        for family in text_string_to_metric_families(text):
            for sample in family.samples:
                samples[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
        return samples

    async def post(self, update: dict[str, Any]) -> int:
        """POST an update to this process's webhook like Telegram does; the HTTP status."""
        return await self.fake.post_webhook(update, secret=WEBHOOK_SECRET, url=self.webhook_url)


def total(samples: dict[tuple[str, tuple[tuple[str, str], ...]], float], name: str) -> float:
    """The sum of a metric over all its label sets."""
    return sum(v for (n, _), v in samples.items() if n == name)


class Players:
    """Players of one Telegram group driving tables through several bot processes."""

    def __init__(self, fake: FakeBotApi, store: Store, bots: Sequence[BotProcess]) -> None:
        self.fake = fake
        self.app = App(store)  # only to read tables
        self.bots = list(bots)
        self.posted: dict[tuple[str, int], int] = {}  # (process, its start) → updates posted
        self.round = 0

    async def busy(self) -> list[str]:
        """The live processes that have not finished every update posted to them."""
        late = []
        for bot in self.bots:
            if not bot.running:
                continue
            samples = await bot.metrics()
            done = total(samples, "nardy_update_seconds_count")
            in_flight = total(samples, "nardy_updates_in_flight")
            if in_flight > 0 or done < self.posted.get((bot.name, bot.starts), 0):
                late.append(bot.name)
        return late

    async def settle(self) -> None:
        """Wait until every posted update has been handled by the process it was posted to
        (the app's decision and every Bot API call of the replies)."""
        deadline = time.monotonic() + SETTLE_TIMEOUT
        while time.monotonic() < deadline:
            if not await self.busy() and self.fake.idle:
                return
            await asyncio.sleep(0.01)
        logs = "\n".join(bot.log[-3000:] for bot in self.bots)
        raise AssertionError(f"updates not handled by {await self.busy()}\n{logs}")

    async def deliver(self, update: dict[str, Any], to: Sequence[BotProcess]) -> None:
        """Post ``update`` to each of ``to`` at once (a redelivery when more than one)."""
        statuses = await asyncio.gather(*(bot.post(update) for bot in to))
        assert all(s == 200 for s in statuses), statuses
        for bot in to:
            key = (bot.name, bot.starts)
            self.posted[key] = self.posted.get(key, 0) + 1
        await self.settle()

    def targets(self, duplicate: bool) -> list[BotProcess]:
        """The processes the next update goes to: in turn, or (``duplicate``) all of them."""
        live = [b for b in self.bots if b.running]
        self.round += 1
        if duplicate:
            return live[self.round % len(live) :] + live[: self.round % len(live)]
        return [live[self.round % len(live)]]

    async def say(
        self, user: TgUser, chat: Chat, text: str, *, duplicate: bool = False
    ) -> dict[str, Any]:
        update = self.fake.user_message(user, chat, text)
        await self.deliver(update, self.targets(duplicate))
        return update

    async def match(self, key: TableKey) -> Match:
        table = await self.app.load_table(key)
        assert table is not None and table.match is not None
        return table.match

    async def chouette(self, key: TableKey) -> Chouette:
        table = await self.app.load_table(key)
        assert table is not None and table.chouette is not None
        return table.chouette

    async def version(self, key: TableKey) -> int:
        """The table's own version (one step per applied update)."""
        table = await self.app.load_table(key)
        assert table is not None
        return table.version

    async def decide(
        self, chat: Chat, key: TableKey, game: Game, acting: Sequence[TgUser], *, duplicate: bool
    ) -> str | None:
        """The player to act takes one decision by command; the play typed, if it was a move.

        The decision must be applied exactly once: the table's version goes up by one, however
        many processes the update was posted to.
        """
        before = await self.version(key)
        play = None
        if game.responder is not None:
            user, text = acting[game.responder], "/take"
        elif game.phase is Phase.OPENING:
            user, text = acting[0], "/roll"
        else:
            assert game.turn is not None
            user, text = acting[game.turn], "/roll"
            if game.phase is Phase.MOVE:
                assert game.dice is not None
                first = legal_plays(game.current, game.dice)[0]
                play = format_play(game.current, game.dice, first)  # never ambiguous
                text = f"/move {play}"
        await self.say(user, chat, text, duplicate=duplicate)
        after = await self.version(key)
        if after != before + 1:
            said = [m.text[-300:] for m in self.fake.bot_messages(chat.id)[-2:]]
            raise AssertionError(f"{text!r}: version {before} -> {after}; the bot said {said}")
        return play

    async def play_match(
        self, chat: Chat, key: TableKey, users: Sequence[TgUser], *, limit: int = 1500
    ) -> list[str]:
        """Play the table's match to its end, every update sent to both processes; the plays."""
        plays: list[str] = []
        for _ in range(limit):
            match = await self.match(key)
            if match.is_over:
                return plays
            play = await self.decide(chat, key, match.game, users, duplicate=True)
            if play is not None:
                plays.append(play)
        raise AssertionError("the match did not finish")
