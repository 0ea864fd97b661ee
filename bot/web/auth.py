"""Who opens the web board, and for which table: Telegram's login data checked, the signed start
parameter, Discord's answers about an Activity's user checked, session tokens.

A Telegram Mini App is opened with *initData*: a query string that Telegram signs with a key
made from the bot token (its documented algorithm, :func:`check_init_data`).  It names the user;
it does not name the table, so the *Open board* button carries a **start parameter** signed by
the bot (:func:`sign_start`): the table's tag and a truncated HMAC, base64url, at most 64
characters (Telegram's limit for ``startapp``).  Anyone who can see a chat's board may open it;
a start parameter cannot be made for a table the bot did not put it on.

In Discord the board is the application's **Activity**, launched in a channel (or thread, or
direct message): the page gets an OAuth code from the Discord client, the server exchanges it
(:mod:`bot.web.discord_login`: the network calls) and checks what Discord answers here: the
user (:func:`discord_user`), and the activity instance, which must be the application's, hold
that user and run in the channel the page names (:func:`instance_table`); the table is that
channel's (:func:`channel_table`, the key the Discord adapter gives the same channel).  Each code
is taken once (:func:`first_code_use`).

A login that passes these checks is answered with a **session token** (:func:`issue_session`):
the user, his name and language, the table and an expiry, signed; the page sends it with every
call and :func:`open_session` checks it (signature, expiry, table) each time.  One initData is
taken once (:func:`first_use`: its hash is remembered in the store while it is fresh), so a login
copied from a page cannot be played back by someone else.

Every key comes from the bot token, one derivation per purpose (:class:`BoardKeys`), so every
process of one bot agrees without any shared secret of its own, and no key of one purpose
verifies another's.  Every comparison of a signature is made in constant time.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import re
from dataclasses import dataclass
from typing import Any, Final
from urllib.parse import parse_qsl

from bot.store import InvalidKey, Store, TableKey, UserKey

WEBAPP_DATA: Final = b"WebAppData"
"""The key Telegram's algorithm takes the bot token's HMAC with, for the initData key."""

START_MAC_BYTES: Final = 10
"""Bytes of HMAC-SHA256 a start parameter keeps."""

MAX_START: Final = 64
"""Telegram's limit for a ``start``/``startapp`` parameter (characters ``A-Za-z0-9_-``)."""

MAX_INIT_DATA: Final = 4096
"""Longest initData taken (Telegram's is well under 1 KB)."""

MAX_TOKEN: Final = 1024
"""Longest session token taken."""

CLOCK_SKEW: Final = 60
"""Seconds an ``auth_date`` may lie ahead of this machine's clock (clocks disagree a little)."""

SESSION_SECONDS: Final = 24 * 3600
"""How long a session lasts.  Longer than an initData's life: a page keeps playing the game it
was opened for (and a closed page is opened again with new initData)."""

SESSION_VERSION: Final = 1
"""The session token's layout (a token of another layout is refused)."""

_START_RE: Final = re.compile(r"[A-Za-z0-9_-]{1,64}\Z")
_TOKEN_PART_RE: Final = re.compile(r"[A-Za-z0-9_-]+\Z")
_HASH_RE: Final = re.compile(r"[0-9a-f]{64}\Z")
_DIGITS_RE: Final = re.compile(r"[0-9]{1,12}\Z")
_SNOWFLAKE_RE: Final = re.compile(r"[1-9][0-9]{0,19}\Z")
_CODE_RE: Final = re.compile(r"[A-Za-z0-9._~-]{1,256}\Z")
_INSTANCE_RE: Final = re.compile(r"[A-Za-z0-9._:-]{1,128}\Z")

DISCORD: Final = "discord"
"""The platform name of Discord's tables and users."""

CODE_SECONDS: Final = 600
"""How long a used OAuth code is remembered (Discord's codes live minutes; a used one is
refused by Discord too)."""


class Refused(ValueError):
    """Login data, a start parameter or a session token that is not genuine, not fresh, or not
    for this table; the message says which check failed (for the log, never for the page)."""


@dataclass(frozen=True, slots=True)
class BoardKeys:
    """The keys of the web board, each derived from the bot token for one purpose.

    ``webapp`` is Telegram's: HMAC-SHA256 with the key ``"WebAppData"`` over the bot token;
    ``start`` signs start parameters, ``session`` session tokens (HMAC-SHA256 with the bot token
    as the key over a label naming the purpose)."""

    webapp: bytes
    start: bytes
    session: bytes

    @classmethod
    def from_token(cls, token: str) -> BoardKeys:
        """The keys of the bot whose token is ``token``."""
        secret = token.encode()
        return cls(
            webapp=hmac.new(WEBAPP_DATA, secret, hashlib.sha256).digest(),
            start=_derive(secret, b"web board start parameter"),
            session=_derive(secret, b"web board session"),
        )


def _derive(secret: bytes, purpose: bytes) -> bytes:
    return hmac.new(secret, b"nardy-bot " + purpose, hashlib.sha256).digest()


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def _unb64(text: str) -> bytes:
    """base64url without padding → bytes; :class:`Refused` for anything else, a text whose
    unused last bits are set included (each value has one text: no signed text can be changed
    into another that reads the same)."""
    if not _TOKEN_PART_RE.match(text) or len(text) % 4 == 1:
        raise Refused("not base64url")
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError) as exc:
        raise Refused("not base64url") from exc
    if _b64(data) != text:
        raise Refused("not base64url in its one form")
    return data


# -- Telegram's initData ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TelegramLogin:
    """A Telegram user as genuine initData names him: id, name, language code (as Telegram
    gives it, maybe none), when Telegram signed it and its hash (its identity, for
    :func:`first_use`)."""

    user_id: int
    name: str
    language: str | None
    auth_date: int
    hash: str

    @property
    def ref(self) -> str:
        """The user's reference in tables: ``telegram:<id>``."""
        return f"telegram:{self.user_id}"


def check_init_data(
    init_data: str, keys: BoardKeys, *, now: float, max_age: float
) -> TelegramLogin:
    """The user named by Telegram WebApp ``init_data`` if Telegram signed it for this bot within
    ``max_age`` seconds before ``now``; else :class:`Refused`.

    Telegram's algorithm: the data-check-string is every field but ``hash``, sorted by key, as
    ``key=value`` lines joined by ``\\n``; its HMAC-SHA256 with the key
    HMAC-SHA256("WebAppData", bot token) must be ``hash`` (hex).
    """
    if not isinstance(init_data, str) or not init_data or len(init_data) > MAX_INIT_DATA:
        raise Refused("no initData, or too long")
    try:
        pairs = parse_qsl(init_data, keep_blank_values=True, strict_parsing=True)
    except ValueError as exc:
        raise Refused("initData is not a query string") from exc
    fields = dict(pairs)
    if len(fields) != len(pairs):
        raise Refused("initData repeats a field")
    given = fields.pop("hash", "")
    if not _HASH_RE.match(given):
        raise Refused("initData has no hash")
    check = "\n".join(f"{k}={v}" for k, v in sorted(fields.items()))
    expected = hmac.new(keys.webapp, check.encode(), hashlib.sha256).hexdigest()
    if not hmac.compare_digest(expected, given):
        raise Refused("initData hash does not match")
    auth = fields.get("auth_date", "")
    if not _DIGITS_RE.match(auth):
        raise Refused("initData has no auth_date")
    auth_date = int(auth)
    if auth_date > now + CLOCK_SKEW:
        raise Refused("initData auth_date lies in the future")
    if auth_date < now - max_age:
        raise Refused("initData is too old")
    return TelegramLogin(*_telegram_user(fields.get("user")), auth_date, given)


def _telegram_user(text: str | None) -> tuple[int, str, str | None]:
    """Id, name and language code of the ``user`` field's JSON (Telegram's WebAppUser)."""
    if text is None:
        raise Refused("initData names no user")
    try:
        user = json.loads(text)
    except ValueError as exc:
        raise Refused("initData user is not JSON") from exc
    if not isinstance(user, dict):
        raise Refused("initData user is not an object")
    user_id = user.get("id")
    if not isinstance(user_id, int) or isinstance(user_id, bool) or user_id <= 0:
        raise Refused("initData user has no id")
    first, last = user.get("first_name"), user.get("last_name")
    if not isinstance(first, str) or not isinstance(last, str | None):
        raise Refused("initData user has no name")
    name = " ".join(part for part in (first, last) if part) or str(user_id)
    language = user.get("language_code")
    if not isinstance(language, str | None):
        raise Refused("initData user language is not a string")
    return user_id, name, language


async def first_use(store: Store, login: TelegramLogin, *, now: float, max_age: float) -> bool:
    """Whether ``login`` is used for the first time; it is remembered (in the store, so every
    process agrees) for as long as it stays fresh, after which :func:`check_init_data` refuses
    it anyway."""
    ttl = max(1.0, login.auth_date + max_age - now + 1)
    return await store.put_shared_value(f"webboard:login:{login.hash}", "1", only_new=True, ttl=ttl)


# -- Discord's Activity ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DiscordLogin:
    """A Discord user as Discord names him to his own OAuth token: id, name (his display name,
    else his user name) and language (his client's locale, maybe none)."""

    user_id: str
    name: str
    language: str | None

    @property
    def ref(self) -> str:
        """The user's reference in tables: ``discord:<id>``."""
        return f"{DISCORD}:{self.user_id}"


def channel_table(channel_id: int | str) -> TableKey:
    """The table of a Discord channel, thread or direct-message channel (its id): the key the
    Discord adapter gives the chat an interaction comes from, and the web board the chat an
    Activity runs in."""
    return TableKey(DISCORD, str(channel_id))


def check_code(code: object) -> str:
    """An OAuth code as the page sends it (a short URL-safe word); :class:`Refused` for
    anything else."""
    if not isinstance(code, str) or not _CODE_RE.match(code):
        raise Refused("malformed OAuth code")
    return code


def check_snowflake(text: object, what: str) -> str:
    """A Discord id (decimal digits) named ``what`` in the refusal; :class:`Refused` for
    anything else."""
    if not isinstance(text, str) or not _SNOWFLAKE_RE.match(text):
        raise Refused(f"malformed {what}")
    return text


def check_instance_id(text: object) -> str:
    """An activity instance's id as Discord puts it in the page's address; :class:`Refused`
    for anything else."""
    if not isinstance(text, str) or not _INSTANCE_RE.match(text):
        raise Refused("malformed activity instance id")
    return text


def discord_user(data: object) -> DiscordLogin:
    """The user of Discord's ``GET /users/@me`` answer; :class:`Refused` when it names none."""
    if not isinstance(data, dict):
        raise Refused("Discord's user is not an object")
    user_id = check_snowflake(data.get("id"), "Discord user id")
    if data.get("bot") is True:
        raise Refused("a bot's token")
    names = [data.get("global_name"), data.get("username")]
    name = next((n for n in names if isinstance(n, str) and n.strip()), user_id)
    locale = data.get("locale")
    return DiscordLogin(user_id, name.strip(), locale if isinstance(locale, str) else None)


def instance_table(
    data: object, *, application: str, instance: str, user: str, channel: str
) -> TableKey:
    """The table of the activity instance Discord describes in ``data`` (``GET
    /applications/{application}/activity-instances/{instance}``): the instance must be
    ``instance`` of ``application``, hold ``user`` and run in ``channel`` (the channel the page
    says it was launched in); :class:`Refused` otherwise."""
    if not isinstance(data, dict):
        raise Refused("Discord's activity instance is not an object")
    if str(data.get("application_id")) != application:
        raise Refused("the activity instance is another application's")
    if data.get("instance_id") != instance:
        raise Refused("Discord described another activity instance")
    users = data.get("users")
    if not isinstance(users, list) or user not in [str(u) for u in users]:
        raise Refused("the user is not in the activity instance")
    location = data.get("location")
    where = location.get("channel_id") if isinstance(location, dict) else None
    if where is None:
        raise Refused("the activity instance has no channel")
    if str(where) != channel:
        raise Refused("the activity instance runs in another channel")
    return channel_table(check_snowflake(str(where), "activity channel"))


async def first_code_use(store: Store, code: str) -> bool:
    """Whether OAuth ``code`` is used for the first time; it is remembered (by its hash, in the
    store, so every process agrees) for :data:`CODE_SECONDS`."""
    digest = hashlib.sha256(code.encode()).hexdigest()
    return await store.put_shared_value(
        f"webboard:discord-code:{digest}", "1", only_new=True, ttl=CODE_SECONDS
    )


# -- the start parameter ------------------------------------------------------------------------


def sign_start(table: TableKey, keys: BoardKeys) -> str | None:
    """The start parameter naming ``table``: base64url of its tag and the first
    :data:`START_MAC_BYTES` of its HMAC; ``None`` when it would be longer than
    :data:`MAX_START` (a tag that long has no board button)."""
    body = table.tag.encode("ascii")
    mac = hmac.new(keys.start, body, hashlib.sha256).digest()[:START_MAC_BYTES]
    text = _b64(body + mac)
    return text if len(text) <= MAX_START else None


def open_start(text: str, keys: BoardKeys) -> TableKey:
    """The table a start parameter made by :func:`sign_start` names; :class:`Refused` for any
    other text."""
    if not isinstance(text, str) or not _START_RE.match(text):
        raise Refused("malformed start parameter")
    raw = _unb64(text)
    body, mac = raw[:-START_MAC_BYTES], raw[-START_MAC_BYTES:]
    if not body:
        raise Refused("start parameter too short")
    expected = hmac.new(keys.start, body, hashlib.sha256).digest()[:START_MAC_BYTES]
    if not hmac.compare_digest(expected, mac):
        raise Refused("start parameter signature does not match")
    try:
        return TableKey.from_tag(body.decode("ascii"))
    except (UnicodeDecodeError, InvalidKey) as exc:
        raise Refused("start parameter names no table") from exc


# -- sessions -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Session:
    """A page's login: the user (his reference, name and language) at one table until
    ``expires`` (seconds since the epoch)."""

    user: str
    name: str
    lang: str
    table: str
    expires: int

    @property
    def key(self) -> TableKey:
        """The table's key."""
        return TableKey.from_tag(self.table)

    @property
    def platform(self) -> str:
        return self.user.partition(":")[0]

    @property
    def user_id(self) -> str:
        return self.user.partition(":")[2]


def issue_session(session: Session, keys: BoardKeys) -> str:
    """The token of ``session``: its fields as compact JSON, base64url, a dot, the HMAC."""
    fields = [SESSION_VERSION, session.user, session.name, session.lang, session.table]
    body = _b64(json.dumps([*fields, session.expires], separators=(",", ":")).encode())
    return f"{body}.{_b64(hmac.new(keys.session, body.encode(), hashlib.sha256).digest())}"


def open_session(token: str, keys: BoardKeys, *, now: float, table: str | None = None) -> Session:
    """The session of a token made by :func:`issue_session`, not expired at ``now`` and (given
    ``table``, a tag) for that table; :class:`Refused` for any other."""
    if not isinstance(token, str) or len(token) > MAX_TOKEN or token.count(".") != 1:
        raise Refused("malformed session token")
    body, mac = token.split(".")
    raw, given = _unb64(body), _unb64(mac)
    expected = hmac.new(keys.session, body.encode("ascii"), hashlib.sha256).digest()
    if not hmac.compare_digest(expected, given):
        raise Refused("session token signature does not match")
    fields = _session_fields(raw)
    session = Session(*fields)
    if session.expires <= now:
        raise Refused("session expired")
    if table is not None and table != session.table:
        raise Refused("session is for another table")
    return session


def _session_fields(raw: bytes) -> tuple[str, str, str, str, int]:
    try:
        data: Any = json.loads(raw)
    except ValueError as exc:
        raise Refused("session token is not JSON") from exc
    if not isinstance(data, list) or len(data) != 6 or data[0] != SESSION_VERSION:
        raise Refused("session token of another layout")
    user, name, lang, table, expires = data[1:]
    if not all(isinstance(v, str) for v in (user, name, lang, table)):
        raise Refused("session token fields are not strings")
    if not isinstance(expires, int) or isinstance(expires, bool):
        raise Refused("session token has no expiry")
    try:
        TableKey.from_tag(table)
        UserKey.from_tag(user)
    except InvalidKey as exc:
        raise Refused("session token names no table or no user") from exc
    return user, name, lang, table, expires
