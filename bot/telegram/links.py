"""Invitations: deep-link tokens naming a table, and the callback data of inline invitation cards.

A deep link ``t.me/<bot>?start=<token>`` carries a table's chat (and forum topic) with a signature
made from the bot token, so a link cannot be forged for another chat.

An inline invitation card names its inviter, and a press on it seats the presser against him, so
its callback data is signed too, and bound to the one inline message it is on.  Any Bot API
client can send any callback data with any ``inline_message_id``: unsigned data naming a user
would seat that user at a game he never offered.  The card is made in two steps:

1. the answer to the inline query offers cards whose button carries only the game
   (:func:`format_card`: ``tgi:<game>``) — Telegram does not yet say which message it will be;
2. when the inviter sends one, Telegram reports the chosen result with its ``inline_message_id``
   and the user who sent it (authenticated by Telegram, not taken from any data); the bot then
   puts on the button the inviter and the game signed with HMAC-SHA256 over the inline message
   id as well (:func:`format_invitation`).

A press is honoured only on data that :func:`parse_invitation` verifies (in constant time) for
the inline message it came from; a card still in step 1 is refused as not ready, anything else as
not valid.  All of it is plain values: nothing is kept in the process between the invitation and
its use.

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
from bot.web.auth import BoardKeys, sign_start

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
    "c": "5 bot",
}
"""Invitation card game codes → the arguments of ``/new``.  ``c`` is the computer's card: a
match to 5 against the computer (``strong``), played by whoever presses it, its sender
included."""

COMPUTER_CARD = "c"
"""The game code of the card on which whoever presses plays the computer."""

_CHAT_RE = re.compile(r"-?[0-9]{1,20}\Z")
_TOKEN_RE = re.compile(r"j(-?[0-9]{1,20})(?:_([0-9]{1,12}))?_([A-Za-z0-9_-]{8,16})\Z")


class InvalidInvitation(ValueError):
    """A deep-link token or invitation card data that this module did not produce."""


class CardNotReady(InvalidInvitation):
    """An invitation card pressed before the bot has signed it for its message."""


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


@dataclass(frozen=True)
class BoardLinks:
    """Where a board's *Open board* button leads (the web board, a Telegram Mini App).

    ``url`` is the page's public URL (``WEBBOARD_URL``), ``app`` the Mini App's short name
    (``WEBBOARD_APP``; ``None``: none registered), ``bot`` the bot's username, ``keys`` the
    web board's keys (the start parameter naming the table is signed with them)."""

    url: str
    app: str | None
    bot: str
    keys: BoardKeys

    def page_url(self, table: TableKey) -> str | None:
        """The page for ``table`` (a private chat's WebApp button opens it): ``url?start=…``;
        ``None`` when the table's name does not fit a start parameter."""
        start = sign_start(table, self.keys)
        if start is None:
            return None
        return f"{self.url}{'&' if '?' in self.url else '?'}start={start}"

    def app_link(self, table: TableKey) -> str | None:
        """``https://t.me/<bot>/<app>?startapp=…`` for ``table`` (a group's URL button: a
        WebApp button is allowed in private chats only); ``None`` without a Mini App name."""
        start = sign_start(table, self.keys)
        if self.app is None or not self.bot or start is None:
            return None
        return f"https://t.me/{self.bot}/{self.app}?startapp={start}"


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


def format_card(game: str, clock: str = "") -> str:
    """The callback data of a card not yet sent (step 1): the game only, naming nobody."""
    if game not in GAMES:
        raise InvalidInvitation(f"unknown game code {game!r}")
    if clock and clock_seconds(clock) is None:
        raise InvalidInvitation(f"bad move clock {clock!r}")
    return f"{INVITE_PREFIX}:{game}.{clock}" if clock else f"{INVITE_PREFIX}:{game}"


def card_game(word: str) -> tuple[str, str]:
    """``(game, clock)`` of a card's game word (``5``, ``5.12h``: an inline result's id, or the
    second field of card data); :class:`InvalidInvitation` if it is not one."""
    game, dot, clock = word.partition(".")
    if game not in GAMES or (dot and clock_seconds(clock) is None):
        raise InvalidInvitation("not a card's game")
    return game, clock


def _card_body(inline_message_id: str, game: str, inviter_id: int, name: str) -> str:
    return f"{INVITE_PREFIX}|{inline_message_id}|{game}|{inviter_id}|{name}"


def format_invitation(invitation: Invitation, inline_message_id: str, *, secret: bytes) -> str:
    """Callback data of a sent card (step 2): ``tgi:<game>[.<clock>]:<id>:<signature>:<name>``,
    signed for ``inline_message_id``, the name cut to fit."""
    format_card(invitation.game, invitation.clock)  # checks the game and the clock
    game = f"{invitation.game}.{invitation.clock}" if invitation.clock else invitation.game
    room = MAX_CALLBACK_DATA - len(f"{INVITE_PREFIX}:{game}:{invitation.inviter_id}:") - 13
    name = invitation.inviter_name.replace("\n", " ").replace(":", " ")
    while len(name.encode()) > room:
        name = name[:-1]
    body = _card_body(inline_message_id, game, invitation.inviter_id, name)
    data = f"{INVITE_PREFIX}:{game}:{invitation.inviter_id}:{_signature(body, secret)}:{name}"
    assert len(data.encode()) <= MAX_CALLBACK_DATA
    return data


def parse_invitation(data: str, inline_message_id: str, *, secret: bytes) -> Invitation:
    """The invitation of card data pressed on ``inline_message_id``.

    Raises :class:`CardNotReady` for a card the inviter has sent but the bot not yet signed, and
    :class:`InvalidInvitation` for anything that :func:`format_invitation` did not write for this
    very message (another message's card, a changed name, id or game, no signature at all).
    """
    parts = data.split(":", 4)
    if parts[0] != INVITE_PREFIX or len(parts) < 2:
        raise InvalidInvitation("not invitation card data")
    game, clock = card_game(parts[1])
    if len(parts) == 2:
        raise CardNotReady("the card is not signed yet")
    if len(parts) != 5:
        raise InvalidInvitation("not invitation card data")
    inviter, signature, name = parts[2], parts[3], parts[4]
    if not (inviter.isascii() and inviter.isdigit()) or len(inviter) > 20:
        raise InvalidInvitation("bad inviter id")
    body = _card_body(inline_message_id, parts[1], int(inviter), name)
    if not hmac.compare_digest(signature.encode(), _signature(body, secret).encode()):
        raise InvalidInvitation("invitation card signature does not match")
    return Invitation(int(inviter), name or inviter, game, clock)


def is_invitation(data: str) -> bool:
    """Whether callback data belongs to an invitation card."""
    return data.startswith(INVITE_PREFIX + ":")
