"""The Telegram webhook against requests Telegram never sends, over real HTTP.

The bot runs on the real PTB ``Application`` (``tests/telegram_support``) with its webhook's
route on the bot's HTTP server (:class:`~bot.observability.OpsServer`, as the runtime installs
it) on a free port; requests are made with aiohttp or written byte by byte on a raw socket, so
that what is measured is what the server reads before it answers: the secret token is checked
from the headers before the body, a body is capped, slow requests are cut off, a malformed
request or a JSON body that is not an update is answered 400 without a traceback, and a webhook
being closed refuses what comes next while it finishes what it took.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
from telegram_support import ALICE, WEBHOOK_SECRET, Bot, webhook_bot

from bot.app import App
from bot.store import MemoryStore
from bot.telegram.webhook import MAX_BODY_BYTES

GROUP = -100777
SHORT = 0.5
"""The header and body timeouts of the server under test, in seconds."""


@pytest.fixture
async def hooked() -> AsyncIterator[tuple[Bot, int]]:
    async with webhook_bot(App(MemoryStore()), header_timeout=SHORT, body_timeout=SHORT) as served:
        yield served


async def _read_reply(reader: asyncio.StreamReader, within: float = 10.0) -> bytes:
    """Everything the server sends until it closes the connection (or ``within`` seconds)."""
    data = b""
    try:
        async with asyncio.timeout(within):
            while chunk := await reader.read(65536):
                data += chunk
    except TimeoutError:
        return data + b"<still open>"
    return data


async def _raw(port: int, head: str, body: bytes = b"") -> tuple[bytes, bool]:
    """Send ``head`` (and ``body``) on a new connection; the status line the server answered,
    and whether it then closed the connection."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(head.encode() + body)
        await writer.drain()
        reply = await _read_reply(reader)
    finally:
        writer.close()
    return reply.split(b"\r\n", 1)[0], not reply.endswith(b"<still open>")


def _head(length: int, secret: str | None = WEBHOOK_SECRET, extra: str = "") -> str:
    lines = ["POST /tg/hook HTTP/1.1", "Host: 127.0.0.1", "Content-Type: application/json"]
    if secret is not None:
        lines.append(f"X-Telegram-Bot-Api-Secret-Token: {secret}")
    lines.append(f"Content-Length: {length}")
    return "\r\n".join(lines) + "\r\n" + extra + "\r\n"


async def test_a_request_without_the_secret_is_refused_before_its_body_is_read(
    hooked: tuple[Bot, int],
) -> None:
    _, port = hooked
    # 50 MB announced, not a byte of it sent: the answer comes from the headers alone, and the
    # connection is closed (the body is never read into memory).
    for secret in (None, "wrong"):
        status, closed = await _raw(port, _head(50 * 1024 * 1024, secret))
        assert status == b"HTTP/1.1 403 Forbidden" and closed


async def test_a_body_over_the_cap_is_refused_with_413(hooked: tuple[Bot, int]) -> None:
    bot, port = hooked
    status, closed = await _raw(port, _head(MAX_BODY_BYTES + 1))
    assert status == b"HTTP/1.1 413 Request Entity Too Large" and closed
    # A chunked body that grows past the cap: the connection is dropped before it is all read.
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    head = _head(0).replace("Content-Length: 0", "Transfer-Encoding: chunked")
    writer.write(head.encode())
    chunk = b"x" * 65536
    dropped = False
    try:
        for _ in range(2 * MAX_BODY_BYTES // len(chunk)):
            writer.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            await writer.drain()
        reply = await _read_reply(reader)
        dropped = not reply.endswith(b"<still open>") and b" 200 " not in reply
    except ConnectionError:
        dropped = True
    finally:
        writer.close()
    assert dropped
    # A body of Telegram's size with the secret goes through.
    update = bot.fake.user_message(ALICE, bot.fake.chat(GROUP, "supergroup"), "/new 1")
    assert await bot.fake.post_webhook(update, secret=WEBHOOK_SECRET) == 200


async def test_slow_headers_and_slow_bodies_are_cut_off(hooked: tuple[Bot, int]) -> None:
    _, port = hooked
    # Headers that never end.
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"POST /tg/hook HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    await writer.drain()
    assert not (await _read_reply(reader)).endswith(b"<still open>")
    writer.close()
    # A body that trickles: one byte of the ten announced, then nothing.
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(_head(10).encode() + b"{")
    await writer.drain()
    reply = await _read_reply(reader)
    assert not reply.endswith(b"<still open>") and b" 200 " not in reply
    writer.close()


MALFORMED: list[bytes] = [
    b"[]",
    b"1",
    b"null",
    b'"update"',
    b"{}",
    b'{"update_id": "12"}',
    b'{"update_id": true}',
    b'{"update_id": 12, "message": 5}',
    b'{"update_id": 12, "callback_query": []}',
    b'{"update_id": 12, "message": {"chat": "x"}}',
    b"[" * 100_000 + b"]" * 100_000,
    b'{"update_id": 12, "x": ' + b"[" * 40 + b"]" * 40 + b"}",
    b"not json",
    b"\xff\xfe",
]


async def test_json_that_is_not_an_update_gets_400_and_no_traceback(
    hooked: tuple[Bot, int], caplog: pytest.LogCaptureFixture
) -> None:
    bot, port = hooked
    url = f"http://127.0.0.1:{port}/tg/hook"
    headers = {
        "X-Telegram-Bot-Api-Secret-Token": WEBHOOK_SECRET,
        "Content-Type": "application/json",
    }
    caplog.set_level(logging.DEBUG)
    async with aiohttp.ClientSession() as session:
        for body in MALFORMED:
            async with session.post(url, data=body, headers=headers) as r:
                assert r.status == 400, body[:40]
    assert [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR] == []
    assert "Traceback" not in caplog.text
    # The server still serves real updates.
    chat = bot.fake.chat(GROUP, "supergroup")
    update: dict[str, Any] = bot.fake.user_message(ALICE, chat, "/new 1")
    assert await bot.fake.post_webhook(update, secret=WEBHOOK_SECRET) == 200
    assert "Join" in bot.keyboard_message(chat).labels()


async def test_a_malformed_request_is_answered_400_and_logged_as_one_line(
    hooked: tuple[Bot, int], caplog: pytest.LogCaptureFixture
) -> None:
    bot, port = hooked
    caplog.set_level(logging.DEBUG)
    for head in (
        _head(10).replace("Content-Length: 10", "Content-Length: ten"),
        _head(0).replace("Content-Length: 0", "Transfer-Encoding: chunked") + "zz\r\nabc\r\n",
    ):
        status, closed = await _raw(port, head)
        assert status.endswith(b" 400 Bad Request") and closed
    refused = [r for r in caplog.records if r.name == "aiohttp.server"]
    assert len(refused) == 2 and all(r.levelno == logging.WARNING for r in refused)
    assert all("\n" not in r.getMessage() and not r.exc_info for r in refused)
    assert [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR] == []
    update = bot.fake.user_message(ALICE, bot.fake.chat(GROUP, "supergroup"), "/new 1")
    assert await bot.post(update) == 200


async def test_a_closing_webhook_finishes_what_it_took_and_refuses_what_comes_next(
    hooked: tuple[Bot, int],
) -> None:
    """Stopping: the update being handled is handled to its end and answered 200; one posted
    meanwhile is answered 503 (Telegram sends it again), from its headers, its connection
    closed; the webhook is closed once the first is done."""
    bot, port = hooked
    assert bot.hook is not None
    chat = bot.fake.chat(GROUP, "supergroup")
    bot.fake.pause("sendMessage")
    first = asyncio.create_task(bot.post(bot.fake.user_message(ALICE, chat, "/new 1")))
    async with asyncio.timeout(10):
        while bot.fake.waiting.get("sendMessage", 0) == 0:
            await asyncio.sleep(0.005)
    assert bot.hook.in_flight == 1
    closing = asyncio.create_task(bot.hook.close())
    await asyncio.sleep(0.05)
    assert not closing.done() and not first.done()
    body = json.dumps(bot.fake.user_message(ALICE, chat, "/new 3")).encode()
    status, closed = await _raw(port, _head(len(body)), body)
    assert status == b"HTTP/1.1 503 Service Unavailable" and closed
    bot.fake.resume("sendMessage")
    async with asyncio.timeout(10):
        assert await first == 200
        await closing
    assert bot.hook.in_flight == 0
    assert "Join" in bot.keyboard_message(chat).labels()
    assert len(bot.fake.bot_messages(GROUP)) == 1  # the second update was not handled


async def test_a_flood_of_requests_without_the_secret_each_gets_its_403(
    hooked: tuple[Bot, int],
) -> None:
    bot, port = hooked
    # Hundreds of clients at once, each sending its headers and a body larger than what the
    # server reads with the headers: every one is answered 403 and then sees the connection
    # closed in order (the rest of its body read and discarded), none a reset that would take
    # the answer with it.
    body = b"x" * (4 * 65536)

    async def refused() -> bytes:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        try:
            writer.write(_head(len(body), secret=None).encode() + body)
            await writer.drain()
            reply = await _read_reply(reader)
        except ConnectionError as exc:
            return type(exc).__name__.encode()
        finally:
            writer.close()
        return reply.split(b"\r\n", 1)[0] + (
            b" <still open>" if reply.endswith(b"<still open>") else b""
        )

    replies = await asyncio.gather(*(refused() for _ in range(300)))
    assert {reply: replies.count(reply) for reply in set(replies)} == {
        b"HTTP/1.1 403 Forbidden": 300
    }
    # The server still serves Telegram.
    update = bot.fake.user_message(ALICE, bot.fake.chat(GROUP, "supergroup"), "/new 1")
    assert await bot.fake.post_webhook(update, secret=WEBHOOK_SECRET) == 200
