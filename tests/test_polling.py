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

import pytest
from fake_telegram import FakeBotApi
from ops_support import bot_env
from telegram_support import ALICE, BOB, Bot, running_bot
from test_app_support import Dice

from bot.app import App, Table
from bot.i18n import t
from bot.store import MemoryStore, RedisStore, StoreUnavailable, TableKey
from engine.game import Phase

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


# -- an update the store kept from being applied ------------------------------------------------

QUICK = "?socket_timeout=0.2&socket_connect_timeout=0.2"
"""Redis client options that find a paused server out quickly."""

KEY = TableKey("telegram", str(GROUP))
KEPT = t("en", "error-unavailable-kept")


async def _opened(bot: Bot) -> tuple[Table, dict[str, Any]]:
    """A group game opened and joined; the table, and Alice's press of Roll (not sent yet)."""
    chat = bot.fake.chat(GROUP, "supergroup")
    await bot.say(ALICE, chat, "/new 1")
    await bot.press(BOB, chat, "Join")
    return await bot.table(KEY), bot.fake.press(ALICE, bot.keyboard_message(chat), "Roll")


async def _rolled_once(bot: Bot, before: Table, press: dict[str, Any]) -> None:
    """The press was applied, once: the opening roll made, the table one version on."""
    after = await bot.table(KEY)
    assert after.version == before.version + 1
    assert (await bot.match(KEY)).game.phase is not Phase.OPENING
    _, seen = await bot.app.store.load_seen(KEY, str(press["update_id"]))
    assert seen


async def test_a_press_the_store_kept_from_being_applied_is_applied_once_it_answers(
    redis_factory: Any,
) -> None:
    server = redis_factory.server()
    store = RedisStore.from_url(server.url + QUICK)
    try:
        async with running_bot(App(store, dice=Dice(5), settle_window=0.5)) as bot:
            fake = bot.fake
            before, press = await _opened(bot)
            update_id, query = press["update_id"], press["callback_query"]["id"]
            server.send_signal(signal.SIGSTOP)
            try:
                fake.queue(press)
                await _until(lambda: query in fake.callback_answers, "the press answered")
                # The presser is told that it is kept; Telegram keeps it: never confirmed,
                # handled again after a pause (and nobody told again).
                assert fake.callback_answers[query].get("text") == KEPT
                poller = bot.poller
                assert poller is not None

                def handled_again() -> bool:
                    held = poller.held.get(update_id)
                    return held is not None and held.pause > poller.retry_delay

                await _until(handled_again, "the press handled again")
                assert all(o <= update_id for o in _offsets(fake)) and fake.pending == [press]
            finally:
                server.send_signal(signal.SIGCONT)
            await _until(lambda: fake.pending == [], "the press confirmed")
            await bot.settle()
            await _rolled_once(bot, before, press)
            assert [m for m in fake.bot_messages(GROUP) if KEPT in m.text] == []
    finally:
        await store.close()


async def test_a_press_kept_by_a_bot_that_stops_is_applied_once_by_the_next(
    redis_factory: Any,
) -> None:
    server = redis_factory.server()
    fake = FakeBotApi()
    await fake.start()
    stores = [RedisStore.from_url(server.url + QUICK) for _ in range(2)]
    try:
        async with running_bot(App(stores[0], dice=Dice(5), settle_window=0.5), fake=fake) as bot:
            before, press = await _opened(bot)
            query = press["callback_query"]["id"]
            server.send_signal(signal.SIGSTOP)
            fake.queue(press)
            await _until(lambda: query in fake.callback_answers, "the press answered")
            assert fake.callback_answers[query].get("text") == KEPT
        # The bot stopped with Redis paused: what it could not apply stays with Telegram.
        assert fake.pending == [press]
        server.send_signal(signal.SIGCONT)
        async with running_bot(App(stores[1], dice=Dice(5)), fake=fake) as second:
            await _until(lambda: fake.pending == [], "the press confirmed")
            await second.settle()
            await _rolled_once(second, before, press)
    finally:
        server.send_signal(signal.SIGCONT)
        for store in stores:
            await store.close()
        await fake.stop()


async def test_a_bot_killed_after_the_store_kept_a_press_from_it_gets_it_again(
    redis_factory: Any, tmp_path: Path
) -> None:
    """The finding as it was met: Redis paused, the press fetched and the bot told the store is
    not answering, the bot killed; after the restart the press is applied, once."""
    server = redis_factory.server()
    fake = FakeBotApi()
    await fake.start()
    store = RedisStore.from_url(server.url)
    killed = second = None
    try:
        # The game is opened by a bot that stops: the next one starts with nothing cached.
        async with running_bot(App(store, dice=Dice(5)), fake=fake) as bot:
            before, press = await _opened(bot)
        query = press["callback_query"]["id"]
        polls = len(fake.called("getUpdates"))
        killed = _start_bot(fake, server.url + QUICK, tmp_path, "killed")
        await _until(lambda: len(fake.called("getUpdates")) > polls, "the bot polling")
        server.send_signal(signal.SIGSTOP)
        try:
            fake.queue(press)
            await _until(lambda: query in fake.callback_answers, "the press answered")
            assert fake.callback_answers[query].get("text") == KEPT
            killed.send_signal(signal.SIGKILL)
            killed.wait(timeout=30)
        finally:
            server.send_signal(signal.SIGCONT)
        assert fake.pending == [press]  # not confirmed
        second = _start_bot(fake, server.url + QUICK, tmp_path, "second")
        await _until(lambda: fake.pending == [], "the press confirmed after the restart")
        reader = App(store)
        after = await reader.load_table(KEY)
        assert after is not None and after.version == before.version + 1
        _, seen = await store.load_seen(KEY, str(press["update_id"]))
        assert seen and after.match is not None
        second.send_signal(signal.SIGTERM)
        assert second.wait(timeout=30) == 0
    finally:
        server.send_signal(signal.SIGCONT)
        for proc in (killed, second):
            if proc is not None and proc.poll() is None:
                proc.kill()
                proc.wait(timeout=30)
        await store.close()
        await fake.stop()


async def test_a_press_the_store_keeps_away_for_good_is_answered_in_time_then_given_up(
    redis_factory: Any,
) -> None:
    """The store does not answer for longer than a press may wait for its answer: the press is
    answered without a text in time, what became of it posted in the chat; held past the
    limit, it is handled a last time, its presser told to try again, and confirmed."""
    server = redis_factory.server()
    store = RedisStore.from_url(server.url + QUICK)
    try:
        async with running_bot(App(store, dice=Dice(5), settle_window=0.5)) as bot:
            fake = bot.fake
            before, press = await _opened(bot)
            query = press["callback_query"]["id"]
            assert bot.poller is not None
            bot.adapter.answer_within = 0.05
            bot.poller.hold_limit = 2.0
            server.send_signal(signal.SIGSTOP)
            try:
                fake.queue(press)
                await _until(lambda: query in fake.callback_answers, "the press answered")
                assert fake.callback_answers[query].get("text") is None
                await _until(lambda: fake.pending == [], "the press given up")
                texts = [m.text for m in fake.bot_messages(GROUP)]
                assert texts[-2:] == [KEPT, t("en", "error-unavailable")]
            finally:
                server.send_signal(signal.SIGCONT)
            # A write sent before it was given up may land once Redis goes on (the presser was
            # told it may have been recorded); never twice.
            assert (await bot.table(KEY)).version <= before.version + 1
    finally:
        await store.close()


async def test_the_store_failing_in_a_handler_leaves_the_update_to_be_delivered_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The store fails as the adapter asks about the table while it posts the replies (the
    update itself was applied): the update is left unconfirmed, handled again, found applied,
    and what was lost (the new board) is posted then."""
    async with running_bot(App(MemoryStore(), dice=Dice(5))) as bot:
        fake = bot.fake
        before, press = await _opened(bot)
        failing = [StoreUnavailable("redis went away")]
        facts = bot.app.facts

        async def fails_once(key: TableKey) -> Any:
            if failing:
                raise failing.pop()
            return await facts(key)

        monkeypatch.setattr(bot.app, "facts", fails_once)
        board = bot.keyboard_message(fake.chats[GROUP])
        fake.queue(press)
        await _until(lambda: not failing, "the store failing")
        await _until(lambda: fake.pending == [], "the press confirmed")
        await bot.settle()
        assert fake.delivered.count(press["update_id"]) == 2
        await _rolled_once(bot, before, press)
        newest = bot.keyboard_message(fake.chats[GROUP])
        assert newest.message_id != board.message_id or newest.edits
