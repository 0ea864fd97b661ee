"""Invitations: deep-link tokens naming a table, and the callback data of inline invitation cards.

A deep link ``t.me/<bot>?start=<token>`` carries a table's chat (and forum topic) with a signature
made from the bot token, so a link cannot be forged for another chat.  An inline invitation card
carries the inviter and the game in its button's callback data.  Both are plain values: nothing is
kept in the process between the invitation and its use.

>>> token = table_token(TableKey("telegram", -1001234567890, 45), secret=b"k")
>>> token_table(token, secret=b"k")
TableKey(platform='telegram', chat='-1001234567890', topic='45')
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from dataclasses import dataclass

from bot.store import TableKey

PLATFORM = "telegram"
"""The platform name in table keys and user references."""

MAX_START_PARAMETER = 64
"""Telegram's limit for a ``start`` parameter (characters ``A-Za-z0-9_-``)."""

MAX_CALLBACK_DATA = 64
"""Telegram's limit for callback data, in bytes."""

INVITE_PREFIX = "tgi"
"""Callback data of an invitation card starts with this (no app payload code looks like it)."""

GAMES: dict[str, str] = {
    "1": "1",
    "3": "3",
    "5": "5",
    "7": "7",
    "m": "money",
    "n": "nardy",
}
"""Invitation card game codes → the arguments of ``/new``."""

_CHAT_RE = re.compile(r"-?[0-9]{1,20}\Z")
_TOKEN_RE = re.compile(r"j(-?[0-9]{1,20})(?:_([0-9]{1,12}))?_([A-Za-z0-9_-]{8,16})\Z")


class InvalidInvitation(ValueError):
    """A deep-link token or invitation card data that this module did not produce."""


def _signature(body: str, secret: bytes) -> str:
    digest = hmac.new(secret, body.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:9]).decode().rstrip("=")


def table_token(table: TableKey, *, secret: bytes) -> str:
    """The ``start`` parameter of a deep link to ``table`` (a Telegram chat, maybe a topic)."""
    chat = str(table.chat)
    if table.platform != PLATFORM or not _CHAT_RE.match(chat):
        raise InvalidInvitation(f"not a Telegram chat table: {table}")
    body = f"j{chat}" + (f"_{table.topic}" if table.topic is not None else "")
    token = f"{body}_{_signature(body, secret)}"
    assert len(token) <= MAX_START_PARAMETER
    return token


def token_table(token: str, *, secret: bytes) -> TableKey:
    """The table a deep-link token names; :class:`InvalidInvitation` if it is not genuine."""
    match = _TOKEN_RE.match(token)
    if match is None:
        raise InvalidInvitation("malformed invitation token")
    chat, topic, signature = match.groups()
    body = f"j{chat}" + (f"_{topic}" if topic is not None else "")
    if not hmac.compare_digest(signature, _signature(body, secret)):
        raise InvalidInvitation("invitation token signature does not match")
    return TableKey(PLATFORM, chat, topic)


def deep_link(bot_username: str, token: str) -> str:
    """``https://t.me/<bot>?start=<token>``."""
    return f"https://t.me/{bot_username}?start={token}"


CLOCK_RE = re.compile(r"([0-9]{1,3})([mhd])\Z")
"""A move clock on an invitation card: ``30m``, ``12h``, ``3d`` (as ``/clock`` takes it, with
its unit: a bare number on a card is a match length)."""

MAX_CLOCK_SECONDS = 90 * 86400
"""The longest move clock (the app refuses longer)."""


def clock_seconds(word: str) -> int | None:
    """The seconds of a card's move clock word (``1d`` → 86400), or ``None`` if it is not one."""
    found = CLOCK_RE.match(word.strip().lower())
    if found is None or int(found.group(1)) == 0:
        return None
    seconds = int(found.group(1)) * {"m": 60, "h": 3600, "d": 86400}[found.group(2)]
    return seconds if seconds <= MAX_CLOCK_SECONDS else None


@dataclass(frozen=True)
class Invitation:
    """An inline invitation card: ``inviter`` (user id and name) asks for game ``game``, with a
    move clock ``clock`` (a :data:`CLOCK_RE` word; empty: none)."""

    inviter_id: int
    inviter_name: str
    game: str
    clock: str = ""

    @property
    def new_args(self) -> str:
        """The arguments of ``/new`` for this game."""
        return GAMES[self.game]


def format_invitation(invitation: Invitation) -> str:
    """Callback data for the card's button: ``tgi:<game>[.<clock>]:<id>:<name>``, the name cut
    to fit."""
    if invitation.game not in GAMES:
        raise InvalidInvitation(f"unknown game code {invitation.game!r}")
    if invitation.clock and clock_seconds(invitation.clock) is None:
        raise InvalidInvitation(f"bad move clock {invitation.clock!r}")
    game = f"{invitation.game}.{invitation.clock}" if invitation.clock else invitation.game
    head = f"{INVITE_PREFIX}:{game}:{invitation.inviter_id}:"
    room = MAX_CALLBACK_DATA - len(head.encode())
    name = invitation.inviter_name.replace("\n", " ")
    while len(name.encode()) > room:
        name = name[:-1]
    return head + name


def parse_invitation(data: str) -> Invitation:
    """Read card callback data written by :func:`format_invitation`."""
    parts = data.split(":", 3)
    if len(parts) != 4 or parts[0] != INVITE_PREFIX:
        raise InvalidInvitation("not invitation card data")
    game, dot, clock = parts[1].partition(".")
    if game not in GAMES or (dot and clock_seconds(clock) is None):
        raise InvalidInvitation("not invitation card data")
    if not parts[2].isdigit() or len(parts[2]) > 20:
        raise InvalidInvitation("bad inviter id")
    return Invitation(int(parts[2]), parts[3] or parts[2], game, clock)


def is_invitation(data: str) -> bool:
    """Whether callback data belongs to an invitation card."""
    return data.startswith(INVITE_PREFIX + ":")
