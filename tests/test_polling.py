"""Long polling loses no update: a batch is confirmed to Telegram only once it is handled.

Telegram keeps an update until a ``getUpdates`` call asks for a higher offset; the fake Bot API
does the same (``tests/fake_telegram``).  The handler is held up by a real Redis stopped with
SIGSTOP; the bot is the real PTB application in this process, or ``python -m bot`` killed with
SIGKILL while the update is being handled.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from fake_telegram import FakeBotApi
from ops_support import bot_env
from telegram_support import ALICE, running_bot

from bot.app import App
from bot.store import RedisStore

GROUP = -100555


def _offsets(fake: FakeBotApi) -> list[int]:
    return [int(p.get("offset") or 0) for p in fake.called("getUpdates")]


async def _until(check: Any, what: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.02)


async def test_an_update_is_confirmed_only_after_its_handler_finished(
    redis_factory: Any,
) -> None:
    server = redis_factory.server()
    store = RedisStore.from_url(server.url)
    try:
        async with running_bot(App(store)) as bot:
            fake = bot.fake
            chat = fake.chat(GROUP, "supergroup")
            update = fake.user_message(ALICE, chat, "/new 1")
            os.kill(server.process.pid, signal.SIGSTOP)  # the handler will wait for Redis
            try:
                fake.queue(update)
                await _until(lambda: update["update_id"] in fake.delivered, "the update fetched")
                calls = len(fake.called("getUpdates"))
                await asyncio.sleep(1.0)  # the handler is stuck; the poller must wait for it
                assert all(o <= update["update_id"] for o in _offsets(fake))
                assert len(fake.called("getUpdates")) == calls  # no next batch asked for
                assert fake.pending == [update]  # Telegram still has it
            finally:
                os.kill(server.process.pid, signal.SIGCONT)
            await bot.settle()
            assert "Join" in bot.keyboard_message(chat).labels()
            assert update["update_id"] + 1 in _offsets(fake) and fake.pending == []
    finally:
        await store.close()


def _start_bot(
    fake: FakeBotApi, redis_url: str, workdir: Path, name: str
) -> subprocess.Popen[bytes]:
    env = bot_env(fake, redis_url, LOG_JSON="false")
    log = (workdir / f"{name}.log").open("ab")
    try:
        return subprocess.Popen(
            [sys.executable, "-m", "bot"],
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=log,
            cwd=workdir,
            env=env,
        )
    finally:
        log.close()


async def test_a_bot_killed_mid_update_gets_it_again_at_its_next_start(
    redis_factory: Any, tmp_path: Path
) -> None:
    server = redis_factory.server(aof=True)
    fake = FakeBotApi()
    await fake.start()
    first = second = None
    try:
        first = _start_bot(fake, server.url, tmp_path, "first")
        await _until(lambda: bool(fake.called("getUpdates")), "the first bot polling")
        chat = fake.chat(GROUP, "supergroup")
        update = fake.user_message(ALICE, chat, "/new 1")
        os.kill(server.process.pid, signal.SIGSTOP)
        try:
            fake.queue(update)
            await _until(lambda: update["update_id"] in fake.delivered, "the update fetched")
            await asyncio.sleep(0.5)  # the first bot is in the handler, waiting for Redis
            first.send_signal(signal.SIGKILL)
            first.wait(timeout=30)
        finally:
            os.kill(server.process.pid, signal.SIGCONT)
        assert fake.bot_messages(GROUP) == []  # nothing was answered
        assert fake.pending == [update]  # and nothing confirmed
        second = _start_bot(fake, server.url, tmp_path, "second")
        await _until(lambda: bool(fake.with_keyboard(GROUP)), "the lobby after the restart")
        assert "Join" in fake.with_keyboard(GROUP)[-1].labels()
        await _until(lambda: fake.pending == [], "the update confirmed")
        second.send_signal(signal.SIGTERM)
        assert second.wait(timeout=30) == 0
    finally:
        for proc in (first, second):
            if proc is not None and proc.poll() is None:
                proc.kill()
                proc.wait(timeout=30)
        await fake.stop()
