"""Operating the bot: metrics, ``/healthz``, structured and redacted logs, graceful shutdown.

The in-process tests run the instrumented app on a real Redis; the shutdown test runs
``python -m bot`` in Telegram webhook mode against the fake Bot API and sends it SIGTERM while
an update is being answered.
"""

from __future__ import annotations

import asyncio
import gc
import io
import json
import logging
import signal
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import aiohttp
import pytest
from conftest import RedisProcess
from fake_telegram import ApiError, FakeBotApi
from ops_support import WEBHOOK_SECRET, BotProcess, Players
from telegram_support import ALICE, BOB
from test_app_support import Chat, Dice, play_turn_by_buttons

from bot.app import App, NotApplied, SendBoard, SendText, Update, User
from bot.i18n import t
from bot.observability import (
    Metrics,
    OpsServer,
    RedactingFilter,
    configure_logging,
    set_update_context,
    update_kind,
)
from bot.runtime import secrets_of
from bot.settings import load_settings
from bot.store import BaseStore, RedisStore, TableKey, UserKey, Versioned
from engine.game import Phase
from renderers.png import render_png

ALICE_KEY = UserKey("telegram", "101")
TOKEN = "987654321:AAH-secret-token-value_0123456789abcdefXYZ"


@pytest.fixture
def root_logging() -> Iterator[None]:
    """Put the root logger back as it was after a test that configures logging."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield
    for handler in list(root.handlers):
        root.removeHandler(handler)
    for handler in handlers:
        root.addHandler(handler)
    root.setLevel(level)


@pytest.fixture
async def redis_store(redis_url: str) -> AsyncIterator[RedisStore]:
    store = RedisStore.from_url(redis_url)
    await store.client.flushdb()
    yield store
    await store.close()


# -- metrics ------------------------------------------------------------------------------------


def test_update_kinds_are_a_small_fixed_set() -> None:
    key = TableKey("telegram", "-5")
    user = User("telegram", "1", "A")
    assert update_kind(Update(key, user, "1", text="/roll")) == ("command", "roll")
    assert update_kind(Update(key, user, "1", text="/move@NardyBot 24/18")) == ("command", "move")
    assert update_kind(Update(key, user, "1", text="24/18 13/11")) == ("text", "line")
    assert update_kind(Update(key, user, "1", text="/frobnicate")) == ("command", "invalid")
    assert update_kind(Update(key, user, "1", button="zz:zz")) == ("button", "invalid")


async def test_metrics_count_time_and_track_a_game_on_redis(redis_store: RedisStore) -> None:
    metrics = Metrics(process=False)
    metrics.instrument_store(redis_store)
    app = metrics.instrument_app(App(redis_store, dice=Dice(5)))
    chat = Chat(app)
    alice, bob = User("telegram", "1", "Alice", "en"), User("telegram", "2", "Bob", "en")
    await chat.send(alice, "/new 1")
    await chat.press(bob, "Join")
    for _ in range(6):
        await play_turn_by_buttons(chat, [alice, bob], (await chat.match()).game)

    def value(name: str, **labels: str) -> float:
        return metrics.value(name, labels)

    assert value("nardy_updates_total", platform="telegram", kind="command", action="new") == 1
    assert value("nardy_updates_total", platform="telegram", kind="button", action="join") == 1
    presses = sum(
        value("nardy_updates_total", platform="telegram", kind="button", action=action)
        for action in ("roll", "step", "confirm")
    )
    assert presses >= 6
    assert value("nardy_app_seconds_count", platform="telegram", kind="button") == presses + 1
    assert value("nardy_app_seconds_sum", platform="telegram", kind="button") > 0
    for op in ("read", "cas", "update"):
        assert value("nardy_store_seconds_count", op=op) > 0, op
    assert value("nardy_active_tables") == 1
    assert value("nardy_update_errors_total", platform="telegram", kind="button") == 0
    text = metrics.exposition().decode()
    assert 'nardy_updates_total{action="new",kind="command",platform="telegram"} 1.0' in text
    assert "nardy_store_cas_conflicts_total" in text and "_created" not in text


async def test_cas_conflicts_and_retries_are_exported(redis_store: RedisStore) -> None:
    metrics = Metrics(process=False)
    metrics.instrument_store(redis_store)
    key = TableKey("telegram", "-77")

    async def bump(current: Versioned | None) -> bytes:
        await asyncio.sleep(0.005)  # let the others read the same version
        n = int(current.payload) if current is not None else 0
        return str(n + 1).encode()

    await asyncio.gather(*(redis_store.update(key, bump) for _ in range(8)))
    record = await redis_store.load(key)
    assert record is not None and record.payload == b"8"
    counters = redis_store.counters
    assert counters.cas_conflicts > 0 and counters.retries > 0
    assert metrics.value("nardy_store_cas_conflicts_total") == counters.cas_conflicts
    assert metrics.value("nardy_store_cas_retries_total") == counters.retries
    assert metrics.value("nardy_store_cas_exhausted_total") == 0


async def test_an_update_while_redis_is_down_counts_as_an_error(
    redis_factory: Any, root_logging: None
) -> None:
    server: RedisProcess = redis_factory.server()
    store = RedisStore.from_url(server.url)
    metrics = Metrics(process=False)
    metrics.instrument_store(store)
    app = metrics.instrument_app(App(store))
    configure_logging(stream=io.StringIO(), extra_handlers=[metrics.log_handler()])
    user = User("telegram", "1", "Alice", "en")
    server.stop()
    try:
        replies = await app.handle(Update(TableKey("telegram", "-9"), user, "u1", text="/new 1"))
    finally:
        await store.close()
    assert replies and isinstance(replies[0], NotApplied)
    assert isinstance(replies[0].shown, SendText)
    assert "unavailable" in replies[0].shown.text.lower()
    assert metrics.value("nardy_update_errors_total", {"platform": "telegram", "kind": "command"})
    failed = metrics.value("nardy_store_errors_total", {"op": "read", "error": "StoreUnavailable"})
    assert failed >= 1


async def test_rendering_is_timed_where_the_adapters_call_it(redis_store: RedisStore) -> None:
    metrics = Metrics(process=False)
    app = App(redis_store, dice=Dice(2))
    replies = await app.handle(
        Update(TableKey("console", "x"), User("console", "1", "A"), "1", text="/new 1")
    )
    replies += await app.handle(
        Update(TableKey("console", "x"), User("console", "2", "B"), "2", text="/join")
    )
    board = next(r.board for r in replies if isinstance(r, SendBoard))
    adapter = ModuleType("adapter_under_test")
    adapter.render_png = render_png  # type: ignore[attr-defined]
    metrics.instrument_renderers([adapter])
    metrics.instrument_renderers([adapter])  # never wrapped twice
    png = await asyncio.to_thread(adapter.render_png, board.view, width=320)
    assert png.startswith(b"\x89PNG")
    assert metrics.value("nardy_render_seconds_count", {"format": "png"}) == 1
    assert metrics.value("nardy_render_seconds_sum", {"format": "png"}) > 0
    # the renderer's caches: every band was looked up, and what they hold is within their limit
    looked = [
        metrics.value("nardy_render_cache_lookups_total", {"cache": "band", "result": result})
        for result in ("hit", "miss")
    ]
    assert sum(looked) >= 1
    for cache in ("band", "tile"):
        held = metrics.value("nardy_render_cache_bytes", {"cache": cache})
        assert 0 <= held <= metrics.value("nardy_render_cache_limit_bytes", {"cache": cache})
    assert b"nardy_render_cache_lookups_total" in metrics.exposition()


# -- /healthz and /metrics over HTTP ------------------------------------------------------------


async def test_healthz_follows_redis_and_metrics_are_served(redis_factory: Any) -> None:
    server: RedisProcess = redis_factory.server()
    store = RedisStore.from_url(server.url)
    metrics = Metrics()
    metrics.instrument_store(store)
    ops = OpsServer(metrics, store, host="127.0.0.1", port=0)
    port = await ops.start()
    base = f"http://127.0.0.1:{port}"
    try:
        async with aiohttp.ClientSession() as session:
            async with session.get(f"{base}/healthz") as r:
                assert r.status == 200 and (await r.json())["status"] == "ok"
            server.stop()
            async with session.get(f"{base}/healthz") as r:
                assert r.status == 503 and (await r.json())["store"] is False
            async with session.get(f"{base}/metrics") as r:
                assert r.status == 200
                assert r.headers["Content-Type"].startswith("text/plain")
                text = await r.text()
            server.start()
            async with session.get(f"{base}/healthz") as r:
                assert r.status == 200
            ops.stopping = True  # draining: the load balancer must stop sending
            async with session.get(f"{base}/healthz") as r:
                assert r.status == 503 and (await r.json())["status"] == "stopping"
    finally:
        await ops.stop()
        await store.close()
    assert "nardy_store_up 0.0" in text
    assert "# TYPE nardy_updates_total counter" in text
    assert "# TYPE nardy_app_seconds histogram" in text
    assert "process_resident_memory_bytes" in text


# -- logs ---------------------------------------------------------------------------------------


async def test_json_lines_carry_the_update_context(
    redis_store: RedisStore, root_logging: None
) -> None:
    out = io.StringIO()
    metrics = Metrics(process=False)
    configure_logging(json_lines=True, stream=out, extra_handlers=[metrics.log_handler()])
    app = metrics.instrument_app(App(redis_store))
    adapter_log = logging.getLogger("bot.telegram")

    async def one_update() -> None:  # as an adapter handles an update: in a task of its own
        key = TableKey("telegram", "-100", "7")
        await app.handle(Update(key, User("telegram", "1", "A"), "4242", text="/new 1"))
        adapter_log.info("replies sent")

    await asyncio.create_task(one_update())
    logging.getLogger("bot").warning("outside any update")
    records = [json.loads(line) for line in out.getvalue().splitlines()]
    sent = next(r for r in records if r["message"] == "replies sent")
    assert sent["platform"] == "telegram"
    assert sent["table"] == "telegram:-100:7"
    assert sent["update_id"] == "4242"
    assert sent["level"] == "INFO" and sent["logger"] == "bot.telegram" and "time" in sent
    outside = next(r for r in records if r["message"] == "outside any update")
    assert "table" not in outside and "update_id" not in outside


def test_plain_lines_show_the_context(root_logging: None) -> None:
    out = io.StringIO()
    configure_logging(stream=out)

    def in_update() -> None:
        set_update_context("discord", "discord:55", "9001")
        logging.getLogger("bot.discord").info("pressed")

    import contextvars

    contextvars.copy_context().run(in_update)
    assert "bot.discord [discord discord:55 #9001] pressed" in out.getvalue()


def test_secrets_never_reach_the_log(root_logging: None) -> None:
    settings = load_settings(
        telegram_token=TOKEN,
        telegram_webhook_url="https://bot.example.org/hook",
        telegram_webhook_secret="hook-secret-123",
        discord_token="discord.token.value-abcdef",
        redis_url="redis://user:redis-pass-42@redis:6379/0",
    )
    out = io.StringIO()
    configure_logging(json_lines=True, stream=out, secrets=secrets_of(settings), level="DEBUG")
    log = logging.getLogger("bot.test")
    log.info("token %s and secret %s", TOKEN, "hook-secret-123")
    log.info("discord %s", "discord.token.value-abcdef")
    logging.getLogger("httpx").warning(
        'HTTP Request: POST https://api.telegram.org/bot%s/getMe "HTTP/1.1 200 OK"', TOKEN
    )
    log.info("connecting to %s", "redis://user:redis-pass-42@redis:6379/0")
    log.info("an unknown token 123456789:ABCdefGHIjklMNOpqrSTUvwxYZ0123456789 in a url")
    try:
        raise RuntimeError(f"failed with {TOKEN}")
    except RuntimeError:
        log.exception("request failed")
    log.info("settings %s", settings.summary())
    text = out.getvalue()
    for secret in (
        TOKEN,
        "hook-secret-123",
        "discord.token.value-abcdef",
        "redis-pass-42",
        "ABCdefGHIjklMNOpqrSTUvwxYZ0123456789",
    ):
        assert secret not in text, secret
    assert text.count("***") >= 7
    assert "redis://user:***@redis:6379/0" in text
    assert "https://api.telegram.org/bot***/getMe" in text


def test_redacting_keeps_ordinary_text() -> None:
    redact = RedactingFilter(["s3cr3t-value"]).redact
    assert redact("move 24/18 13/11 at table telegram:-1001:45") == (
        "move 24/18 13/11 at table telegram:-1001:45"
    )
    assert redact("http://127.0.0.1:8443/hook") == "http://127.0.0.1:8443/hook"
    assert redact("a s3cr3t-value b") == "a *** b"


# -- graceful shutdown --------------------------------------------------------------------------


class SlowBotApi(FakeBotApi):
    """The fake Bot API, answering message sends and edits ``delay`` seconds late when asked."""

    delay: float = 0.0

    async def _slow(self) -> None:
        if self.delay:
            await asyncio.sleep(self.delay)

    async def api_sendPhoto(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        await self._slow()
        return super().api_sendPhoto(params, files)

    async def api_editMessageMedia(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        await self._slow()
        return super().api_editMessageMedia(params, files)

    async def api_sendMessage(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        await self._slow()
        return super().api_sendMessage(params, files)


async def test_sigterm_mid_update_finishes_it_exits_0_and_the_game_resumes(
    redis_store: RedisStore, redis_url: str, tmp_path: Path
) -> None:
    fake = SlowBotApi()
    await fake.start()
    bot = BotProcess(fake, redis_url, tmp_path, "bot-a", LOG_LEVEL="DEBUG")
    try:
        await bot.start()
        players = Players(fake, redis_store, [bot])
        group = fake.chat(2001, "supergroup")  # positive id: see test_multiprocess
        key = TableKey("telegram", "2001")
        await players.say(ALICE, group, "/new 1")
        await players.say(BOB, group, "/join")

        # Play on to a move: a finished turn posts a new board (sendPhoto), and the adapter then
        # records that message in the table (board_posted) -- a write made only once the Bot API
        # has answered.
        for _ in range(20):
            game = (await players.match(key)).game
            if game.phase is Phase.MOVE and game.responder is None:
                break
            await players.decide(group, key, game, [ALICE, BOB], duplicate=False)
        assert game.phase is Phase.MOVE and game.turn is not None and game.dice is not None
        before = await players.version(key)
        calls = len(fake.calls)
        fake.delay = 2.0
        update = fake.user_message([ALICE, BOB][game.turn], group, "/move " + _first_play(game))
        posting = asyncio.create_task(bot.post(update))
        deadline = time.monotonic() + 30
        while not any(m == "sendPhoto" for m, _ in fake.calls[calls:]):
            assert time.monotonic() < deadline, bot.log[-3000:]
            await asyncio.sleep(0.01)
        # The new board is on its way (the fake answers in 2 s): stop the process now.
        bot.signal(signal.SIGTERM)
        stopped = time.monotonic()
        status = await bot.wait(timeout=30)
        took = time.monotonic() - stopped
        fake.delay = 0.0
        assert status == 0, bot.log[-3000:]
        assert 1.0 < took < 8.0, took  # it waited for the answer, and not much longer
        assert await posting == 200  # Telegram got its answer: no redelivery needed
        assert await players.version(key) == before + 1  # the update was applied once...
        board = fake.bot_messages(group.id)[-1]
        assert board.kind == "photo"
        table = await players.app.load_table(key)
        assert table is not None and table.place.board_message == str(
            board.message_id
        )  # ...finished
        records = bot.log_records()
        messages = [r["message"] for r in records]
        assert "SIGTERM received: shutting down" in messages
        assert messages[-1] == "stopped"

        # Restarted, the process takes the table up where it was.
        await bot.start()
        for _ in range(2):
            await players.decide(
                group, key, (await players.match(key)).game, [ALICE, BOB], duplicate=False
            )
        assert await players.version(key) == before + 3
        # SIGINT is a stop signal too.
        bot.signal(signal.SIGINT)
        assert await bot.wait(timeout=30) == 0
    finally:
        bot.stop_now()
        await fake.stop()

    # The logs: JSON lines, the updates' context on them, never the token or the secret.
    log = bot.log
    assert fake.token not in log and WEBHOOK_SECRET not in log
    assert fake.token.split(":")[1] not in log
    records = bot.log_records()
    assert any(r.get("table") == "telegram:2001" and r.get("update_id") for r in records)
    assert any(r["logger"].startswith("telegram") for r in records)  # PTB's debug lines too


class HoldingBotApi(FakeBotApi):
    """The fake Bot API, holding message sends unanswered (and never posting them) when asked,
    until :meth:`release` fails them."""

    holding = False

    async def _hold(self) -> None:
        if self.holding:
            await self._released.wait()
            raise ApiError(502, "Bad Gateway")

    def hold(self) -> None:
        self.holding, self._released = True, asyncio.Event()

    def release(self) -> None:
        self.holding = False
        self._released.set()

    async def api_sendPhoto(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        await self._hold()
        return super().api_sendPhoto(params, files)

    async def api_sendMessage(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        await self._hold()
        return super().api_sendMessage(params, files)


async def test_a_process_killed_between_the_write_and_its_reply_posts_the_board_on_redelivery(
    redis_store: RedisStore, redis_url: str, tmp_path: Path
) -> None:
    """The move is written, the board is on its way, and the process is killed (SIGKILL):
    nothing was posted, and Telegram had no answer.  It delivers the update again to the
    restarted process: the move is not made twice, and the board is posted."""
    fake = HoldingBotApi()
    await fake.start()
    bot = BotProcess(fake, redis_url, tmp_path, "bot-k")
    try:
        await bot.start()
        players = Players(fake, redis_store, [bot])
        group = fake.chat(2002, "supergroup")
        key = TableKey("telegram", "2002")
        await players.say(ALICE, group, "/new 1")
        await players.say(BOB, group, "/join")
        for _ in range(20):
            game = (await players.match(key)).game
            if game.phase is Phase.MOVE and game.responder is None:
                break
            await players.decide(group, key, game, [ALICE, BOB], duplicate=False)
        assert game.phase is Phase.MOVE and game.turn is not None
        before = await players.version(key)
        posted = len(fake.bot_messages(group.id))
        calls = len(fake.calls)
        fake.hold()
        update = fake.user_message([ALICE, BOB][game.turn], group, "/move " + _first_play(game))
        posting = asyncio.ensure_future(bot.post(update))
        deadline = time.monotonic() + 30
        while not any(m in ("sendPhoto", "sendMessage") for m, _ in fake.calls[calls:]):
            assert time.monotonic() < deadline, bot.log[-3000:]
            await asyncio.sleep(0.01)
        await bot.kill()
        with pytest.raises(aiohttp.ClientError):
            await posting  # Telegram got no answer: it will deliver the update again
        fake.release()
        assert await players.version(key) == before + 1  # written...
        assert len(fake.bot_messages(group.id)) == posted  # ...and nothing shown
        await bot.start()
        await players.deliver(update, [bot])
        assert await players.version(key) == before + 1  # not applied twice
        shown = fake.bot_messages(group.id)[posted:]
        assert [m.kind for m in shown] == ["text", "photo"], [m.text for m in shown]
        assert shown[0].text == t("en", "app-already-done")
        table = await players.app.load_table(key)
        assert table is not None and table.place.board_message == str(shown[1].message_id)
    finally:
        bot.stop_now()
        await fake.stop()


def _first_play(game: Any) -> str:
    from engine.movegen import legal_plays
    from engine.notation import format_play

    return format_play(game.current, game.dice, legal_plays(game.current, game.dice)[0])


# -- the process around the adapters ------------------------------------------------------------


def test_sigterm_stops_the_console_at_once(tmp_path: Path) -> None:
    """The console waits for a line in a thread no signal interrupts: SIGTERM still ends the
    process with status 0 straight away."""
    import os
    import select
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if not k.endswith("_TOKEN")}
    env.pop("REDIS_URL", None)
    env["PYTHONPATH"] = str(Path(__file__).resolve().parent.parent)
    env["LOG_LEVEL"] = "INFO"  # the console logs nothing unless asked to
    proc = subprocess.Popen(
        [sys.executable, "-m", "bot"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
        env=env,
    )
    assert proc.stdout is not None
    deadline = time.monotonic() + 60
    seen = b""
    while b"[1] Roll" not in seen:  # the table is open, input awaited
        assert proc.poll() is None and time.monotonic() < deadline, seen.decode()[-2000:]
        ready, _, _ = select.select([proc.stdout], [], [], 1.0)
        if ready:
            seen += os.read(proc.stdout.fileno(), 65536)
    proc.send_signal(signal.SIGTERM)
    started = time.monotonic()
    status = proc.wait(timeout=30)
    assert status == 0 and time.monotonic() - started < 5
    assert proc.stderr is not None and b"SIGTERM received" in proc.stderr.read()


async def test_an_adapter_that_fails_ends_the_run_with_status_1(
    caplog: pytest.LogCaptureFixture,
) -> None:
    from conftest import free_port

    from bot.runtime import run

    # Nothing listens where the Bot API should be: the adapter cannot even start.
    settings = load_settings(
        telegram_token="123:abc", telegram_base_url=f"http://127.0.0.1:{free_port()}"
    )
    stop = asyncio.Event()
    status = await asyncio.wait_for(run(settings, [], stop=stop), timeout=60)
    assert status == 1
    assert "telegram adapter failed" in caplog.text


async def test_a_stop_request_ends_a_running_adapter_with_status_0(redis_url: str) -> None:
    import renderers.png as png
    from bot.runtime import run

    fake = FakeBotApi()
    await fake.start()
    try:
        settings = load_settings(
            telegram_token=fake.token, telegram_base_url=fake.url, render_cache_mb=5
        )
        stop = asyncio.Event()
        running = asyncio.create_task(run(settings, [], stop=stop))
        deadline = time.monotonic() + 30
        while not fake.called("getUpdates"):  # long polling has started
            assert time.monotonic() < deadline and not running.done()
            await asyncio.sleep(0.02)
        # RENDER_CACHE_MB sized the picture caches: a fifth for bands, the rest for tiles
        assert (png.BAND_CACHE.limit, png.TILE_CACHE.limit) == (1 << 20, 4 << 20)
        assert gc.get_freeze_count() > 0  # what the start built is out of the collector's rounds
        stop.set()
        assert await asyncio.wait_for(running, timeout=15) == 0
    finally:
        await fake.stop()
        png.set_cache_limit(png.CACHE_BYTES + png.TILE_CACHE_BYTES)
        gc.unfreeze()


async def test_tables_stop_counting_as_active_after_the_window() -> None:
    from bot.observability import ACTIVE_WINDOW
    from bot.store import MemoryStore

    now = [1000.0]
    metrics = Metrics(process=False, clock=lambda: now[0])
    app = metrics.instrument_app(App(MemoryStore()))
    for chat in ("-1", "-2"):
        await app.handle(
            Update(TableKey("discord", chat), User("discord", "7", "D"), f"u{chat}", text="/help")
        )
    assert metrics.value("nardy_active_tables") == 2
    now[0] += ACTIVE_WINDOW / 2
    await app.handle(
        Update(TableKey("discord", "-1"), User("discord", "7", "D"), "u3", text="/pips")
    )
    now[0] += ACTIVE_WINDOW / 2 + 1
    assert metrics.value("nardy_active_tables") == 1  # -2 went quiet a whole window ago
    now[0] += ACTIVE_WINDOW
    assert metrics.value("nardy_active_tables") == 0


async def _healthz_answers(host: str, port: int) -> bool:
    """Whether ``http://host:port/healthz`` answers at all (a refused connection: no)."""
    try:
        async with (
            aiohttp.ClientSession() as session,
            session.get(f"http://{host}:{port}/healthz", timeout=aiohttp.ClientTimeout(5)) as r,
        ):
            return r.status in (200, 503)
    except aiohttp.ClientConnectorError:
        return False


@pytest.mark.parametrize(("host", "elsewhere"), [(None, False), ("0.0.0.0", True)])
async def test_metrics_listen_on_this_machine_only_unless_told(
    host: str | None, elsewhere: bool
) -> None:
    """``METRICS_HOST`` unset: ``/healthz`` answers on 127.0.0.1 and not on another address of
    the machine (127.0.0.2 reaches a socket bound to every interface, not one bound to
    127.0.0.1); ``METRICS_HOST=0.0.0.0``: it answers there too."""
    from conftest import free_port

    from bot.runtime import run

    fake = FakeBotApi()
    await fake.start()
    port = free_port()
    extra = {"metrics_host": host} if host is not None else {}
    try:
        settings = load_settings(
            telegram_token=fake.token, telegram_base_url=fake.url, metrics_port=port, **extra
        )
        stop = asyncio.Event()
        running = asyncio.create_task(run(settings, [], stop=stop))
        deadline = time.monotonic() + 30
        while not fake.called("getUpdates"):
            assert time.monotonic() < deadline and not running.done()
            await asyncio.sleep(0.02)
        assert await _healthz_answers("127.0.0.1", port)
        assert await _healthz_answers("127.0.0.2", port) is elsewhere
        stop.set()
        assert await asyncio.wait_for(running, timeout=15) == 0
    finally:
        await fake.stop()
        gc.unfreeze()


async def test_the_store_keeps_users_as_long_as_the_settings_say(redis_url: str) -> None:
    from bot.runtime import open_store

    store = open_store(load_settings(redis_url=redis_url, user_ttl_days=2))
    try:
        assert isinstance(store, RedisStore) and store.user_ttl == 2 * 86400
        await store.client.flushdb()
        await store.update_user(ALICE_KEY, lambda _: b"{}")
        assert 86400 < await store.client.ttl(ALICE_KEY.key) <= 2 * 86400
    finally:
        await store.close()
    default = open_store(load_settings())
    assert isinstance(default, BaseStore) and default.user_ttl == 400 * 86400
