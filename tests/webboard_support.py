"""The web board under test: Telegram login data signed as Telegram signs it, the app's side of
the board, and a client that reads server-sent events.

:class:`BoardSide` is the app at the web board's boundary: presses go through the real
:class:`~bot.app.App` (``handle``, ``facts``); the table's state for the page is made from the
app's facts, and every update handled is announced to the event streams of its table, as the
app's change notifications do (through the store) for every write.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import quote, urlencode

from aiohttp import ClientResponse

from bot.app import App, Reply, Update
from bot.app.queries import TableFacts
from bot.store import TableKey

READ_TIMEOUT = 20.0
"""Seconds a test waits for an event before it fails (a guard: nothing is timed)."""


def init_data(token: str, user: dict[str, Any], auth_date: float, **extra: str) -> str:
    """Telegram WebApp initData for ``user``, signed for the bot with ``token`` as Telegram
    does: the fields' sorted ``key=value`` lines, HMAC-SHA256 keyed by
    HMAC-SHA256("WebAppData", token), in hex as ``hash``."""
    fields = {
        "query_id": "AAHdF6IQAAAAAN0XohDhrOrc",
        "user": json.dumps(user, ensure_ascii=False, separators=(",", ":")),
        "auth_date": str(int(auth_date)),
        **extra,
    }
    secret = hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()
    check = "\n".join(f"{k}={v}" for k, v in sorted(fields.items()))
    fields["hash"] = hmac.new(secret, check.encode(), hashlib.sha256).hexdigest()
    return urlencode(fields, quote_via=quote)


class BoardSide:
    """The app as the web board sees it (see the module's docstring)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.updates: list[Update] = []
        self.feeds: dict[TableKey, list[asyncio.Queue[int]]] = {}

    async def handle(self, update: Update) -> list[Reply]:
        self.updates.append(update)
        replies = await self.app.handle(update)
        facts = await self.app.facts(update.table)
        if facts is not None:
            self.publish(update.table, facts.version)
        return replies

    async def facts(self, key: TableKey) -> TableFacts | None:
        return await self.app.facts(key)

    async def web_state(self, key: TableKey, user: str | None, lang: str) -> dict[str, Any] | None:
        facts = await self.app.facts(key)
        if facts is None:
            return None
        return {
            "v": 1,
            "table": key.tag,
            "version": facts.version,
            "stage": facts.stage,
            "mode": facts.mode,
            "lang": lang,
            "seats": [
                {"ref": ref, "name": name, "you": ref == user}
                for ref, name in zip(facts.seats, facts.names, strict=False)
            ],
            "steps": [],
            "actions": [],
            "message": "",
        }

    def publish(self, key: TableKey, version: int) -> None:
        for feed in self.feeds.get(key, []):
            feed.put_nowait(version)

    async def changes(self, key: TableKey) -> AsyncIterator[int]:
        feed: asyncio.Queue[int] = asyncio.Queue()
        self.feeds.setdefault(key, []).append(feed)
        try:
            while True:
                yield await feed.get()
        finally:
            self.feeds[key].remove(feed)

    def listening(self, key: TableKey) -> int:
        """How many event streams follow ``key`` now."""
        return len(self.feeds.get(key, []))


async def next_event(response: ClientResponse) -> tuple[str, str]:
    """The next server-sent event or comment of ``response``: ``(event name, data)``, or
    ``("comment", text)``; ``("end", "")`` when the stream ends."""

    async def read() -> tuple[str, str]:
        name, data = "message", list[str]()
        while True:
            raw = await response.content.readline()
            if not raw:
                return "end", ""
            line = raw.decode().rstrip("\n")
            if not line:
                if data:
                    return name, "\n".join(data)
                continue
            if line.startswith(":"):
                return "comment", line[1:].strip()
            field, _, value = line.partition(":")
            value = value.removeprefix(" ")
            if field == "event":
                name = value
            elif field == "data":
                data.append(value)

    return await asyncio.wait_for(read(), READ_TIMEOUT)


async def settle(board: Any) -> None:
    """Wait until the web board has delivered every batch of replies it took."""
    for _ in range(10_000):
        if board.delivering == 0:
            return
        await asyncio.sleep(0.001)
    raise AssertionError("the web board's deliveries did not end")
