"""Users' own records (chosen language, statistics), as the use cases reach them.

:class:`UserRecords` is the one door to ``store.get_user``/``store.update_user``; it remembers
each user's language for :data:`LANGUAGE_TTL` seconds per process.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from bot.app.types import User
from bot.i18n import LANGUAGES
from bot.store import CorruptRecord, Store, UserKey, Versioned
from bot.store.codec import JsonCodec

USER_CODEC = JsonCodec(schema=1)

LANGUAGE_TTL = 30.0
"""Seconds a process trusts the language it last read from a user's record."""

LANGUAGE_CACHE = 4096
"""Users whose language one process remembers."""


def user_data(record: Versioned | None) -> dict[str, Any]:
    """A user's record as a dictionary (empty when absent or unreadable)."""
    if record is None:
        return {}
    try:
        data = USER_CODEC.decode(record.payload)
    except CorruptRecord:
        return {}
    return dict(data) if isinstance(data, dict) else {}


class UserRecords:
    """Users' records in ``store``, with the languages this process read lately."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._languages: OrderedDict[str, tuple[str | None, float]] = OrderedDict()

    async def language(self, user: User, fallback: str) -> str:
        """The language the user chose with ``settings language``, else ``fallback``.

        The choice is read from the user's record at most once per :data:`LANGUAGE_TTL` seconds
        per process (a choice made through another process shows within that time).
        """
        now = time.monotonic()
        known = self._languages.get(user.ref)
        if known is not None and known[1] > now:
            return known[0] or fallback
        record = await self.store.get_user(user.key)
        lang: str | None = None
        if record is not None:
            try:
                data = USER_CODEC.decode(record.payload)
            except CorruptRecord:
                data = None
            found = data.get("lang") if isinstance(data, dict) else None
            lang = found if found in LANGUAGES else None
        self.remember_language(user, lang)
        return lang or fallback

    def remember_language(self, user: User, lang: str | None) -> None:
        self._languages[user.ref] = (lang, time.monotonic() + LANGUAGE_TTL)
        self._languages.move_to_end(user.ref)
        while len(self._languages) > LANGUAGE_CACHE:
            self._languages.popitem(last=False)

    async def read(self, key: UserKey) -> dict[str, Any]:
        """The user's record (empty when there is none)."""
        return user_data(await self.store.get_user(key))

    async def change(
        self, key: UserKey, fn: Callable[[dict[str, Any]], None], *, update_id: str
    ) -> None:
        """Apply ``fn`` to the user's record once for ``update_id``."""

        def encode(current: Versioned | None) -> bytes:
            data = user_data(current)
            fn(data)
            return USER_CODEC.encode(data)

        await self.store.update_user(key, encode, update_id=update_id)
