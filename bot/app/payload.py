"""The button payload codec shared by every platform.

A payload names an action, its arguments and the table version the button was drawn for::

    >>> p = Payload("step", (13, 7), version=42)
    >>> format_payload(p)
    's:16:13:7'
    >>> parse_payload('s:16:13:7') == p
    True

The text is ASCII, at most :data:`MAX_PAYLOAD_BYTES` bytes (Telegram's callback data limit is 64
bytes, Discord's ``custom_id`` 100 characters), fields separated by ``:``; the version is base 36.
Payloads come back from the platform untouched in theory and arbitrary in practice: parsing checks
every field and raises :class:`InvalidPayload` on anything else.

Why these payloads need no signature (a payload that names a user or grants a seat must be
signed, as Telegram's invitation cards and deep links are, in :mod:`bot.telegram.links`): every
action here acts only for the presser, whom the platform itself authenticates (Telegram's
``from`` of a callback query, Discord's interaction user), at the table of the message the press
came from, and the app checks it as it checks the same words typed (the version refuses a stale
button, the rules refuse a move out of turn).  Forged data can do no more than the presser may
do by typing:

* ``join`` seats the presser himself, at that chat's table; ``start``, ``cancel`` and ``option``
  are the lobby's, allowed to its seated players only;
* ``roll``, ``double``, ``take``, ``pass``, the beaver answers, ``step``, ``choose`` (a whole
  play, by its index among the turn's legal plays), ``undo``, ``confirm``,
  ``resign`` and its answers, ``claim`` and ``claim_match``, ``vote``: the presser's own
  decision, refused unless he is the seated player (or chouette member) whose decision it is;
* ``member_resign`` carries a seat number, but only the box may press it, and it answers the
  offer that member made himself (no offer, nothing to answer);
* ``hint_play`` plays the legal play it names (its place among the turn's legal plays) for the
  presser, refused unless the move is his, as the same play typed;
* ``setting`` changes the presser's own record (his language, his board);
* ``puzzle_answer`` answers one of the presser's own puzzles (his record's, found by its id:
  another's id names nothing there), ``puzzle_next`` shows his next one, ``daily_answer``
  answers the chat's puzzle of the day once for the presser.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from engine.game import ActionKind

MAX_PAYLOAD_BYTES = 64
"""Telegram's callback data limit; Discord's 100-character ``custom_id`` is looser."""

MAX_VERSION = 36**8 - 1
"""Table versions above this do not fit the payload; the store never comes near it."""

ArgKind = Literal["int", "word"]

_WORD = re.compile(r"[a-z0-9_]{1,20}\Z")
_INT = re.compile(r"(0|[1-9][0-9]{0,5})\Z")
_B36 = re.compile(r"(0|[1-9a-z][0-9a-z]{0,7})\Z")


@dataclass(frozen=True)
class ActionSpec:
    """One button action: its name in the app, its short code in payloads and its arguments.

    A game's action is named by its :class:`~engine.game.ActionKind` (the engine's spelling,
    which a parsed payload then carries); the app's own actions (``join``, ``claim``,
    ``choose`` ...) by a plain name."""

    name: str
    code: str
    args: tuple[ArgKind, ...] = ()


ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec("join", "j"),
    ActionSpec("join_hints", "jh"),
    ActionSpec("start", "go"),
    ActionSpec("option", "o", ("word", "word")),
    ActionSpec("cancel", "ab"),
    ActionSpec("free_seat", "fs"),
    ActionSpec("tjoin", "tj"),
    ActionSpec("tleave", "tl"),
    ActionSpec("tstart", "ts"),
    ActionSpec(ActionKind.ROLL, "r"),
    ActionSpec(ActionKind.DOUBLE, "d"),
    ActionSpec(ActionKind.TAKE, "t"),
    ActionSpec(ActionKind.PASS, "p"),
    ActionSpec(ActionKind.BEAVER, "b"),
    ActionSpec(ActionKind.BEAVER_ACCEPT, "ba"),
    ActionSpec(ActionKind.BEAVER_REFUSE, "br"),
    ActionSpec(ActionKind.STEP, "s", ("int", "int")),
    ActionSpec("choose", "pk", ("int",)),
    ActionSpec(ActionKind.UNDO, "u"),
    ActionSpec(ActionKind.CONFIRM, "c"),
    ActionSpec("hint_play", "hp", ("int",)),
    ActionSpec(ActionKind.RESIGN, "rs", ("int",)),
    ActionSpec(ActionKind.RESIGN_ACCEPT, "ra"),
    ActionSpec(ActionKind.RESIGN_DECLINE, "rd"),
    ActionSpec("member_resign", "rm", ("word", "int")),
    ActionSpec("claim", "cl"),
    ActionSpec("claim_match", "cm"),
    ActionSpec("vote", "v", ("word",)),
    ActionSpec("setting", "st", ("word", "word")),
    ActionSpec("replay_open", "ro", ("word",)),
    ActionSpec("replay", "rp", ("word", "int", "int")),
    ActionSpec("import_export", "ix", ("word",)),
    ActionSpec("history_export", "hx", ("word",)),
    ActionSpec("history_open", "ho", ("word",)),
    ActionSpec("history_replay", "hr", ("word", "int", "int")),
    ActionSpec("analysis", "an"),
    ActionSpec("history_analysis", "ha", ("word",)),
    ActionSpec("import_analysis", "ia", ("word",)),
    ActionSpec("puzzle_answer", "pz", ("word", "int")),
    ActionSpec("puzzle_next", "pn"),
    ActionSpec("daily_answer", "pd", ("int",)),
)
"""Every action a button may carry."""

_BY_NAME = {spec.name: spec for spec in ACTIONS}
_BY_CODE = {spec.code: spec for spec in ACTIONS}


class InvalidPayload(ValueError):
    """A button payload that this codec did not produce or cannot represent."""


@dataclass(frozen=True)
class Payload:
    """A decoded button press: ``action`` with ``args``, drawn for table ``version``."""

    action: str
    args: tuple[int | str, ...] = ()
    version: int = 0


@lru_cache(maxsize=4096)
def _to_b36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    if n == 0:
        return "0"
    out = []
    while n:
        n, r = divmod(n, 36)
        out.append(digits[r])
    return "".join(reversed(out))


def _arg_text(kind: ArgKind, value: int | str) -> str:
    try:
        return _checked_arg(kind, value)
    except TypeError:  # an unhashable value: no memo, the same checks
        return _check_arg(kind, value)


@lru_cache(maxsize=1024, typed=True)  # typed: True and 1 are different arguments
def _checked_arg(kind: ArgKind, value: int | str) -> str:
    return _check_arg(kind, value)


def _check_arg(kind: ArgKind, value: int | str) -> str:
    if kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidPayload(f"argument {value!r} must be an integer")
        text = str(value)
        if not _INT.match(text):
            raise InvalidPayload(f"integer argument {value!r} out of range")
        return text
    if not isinstance(value, str) or not _WORD.match(value):
        raise InvalidPayload(f"argument {value!r} must be a short lower-case word")
    return value


def format_payload(payload: Payload) -> str:
    """The payload as button data; raises :class:`InvalidPayload` if it cannot be one."""
    spec = _BY_NAME.get(payload.action)
    if spec is None:
        raise InvalidPayload(f"unknown action {payload.action!r}")
    if len(payload.args) != len(spec.args):
        raise InvalidPayload(f"action {spec.name!r} takes {len(spec.args)} arguments")
    if isinstance(payload.version, bool) or not 0 <= payload.version <= MAX_VERSION:
        raise InvalidPayload(f"version {payload.version!r} out of range")
    fields = [spec.code, _to_b36(payload.version)]
    fields += [_arg_text(kind, value) for kind, value in zip(spec.args, payload.args, strict=True)]
    text = ":".join(fields)
    if len(text.encode("ascii")) > MAX_PAYLOAD_BYTES:
        raise InvalidPayload(f"payload {text!r} is longer than {MAX_PAYLOAD_BYTES} bytes")
    return text


def parse_payload(data: str | bytes) -> Payload:
    """Decode button data produced by :func:`format_payload`; anything else raises.

    The same data gives the same (frozen) value: the payloads of the newest boards are
    remembered, as each press of a button is parsed again (a refusal is never remembered).
    """
    if isinstance(data, str | bytes) and len(data) <= MAX_PAYLOAD_BYTES:
        return _parse_remembered(data)
    return _parse(data)


@lru_cache(maxsize=4096)
def _parse_remembered(data: str | bytes) -> Payload:
    return _parse(data)


def _parse(data: str | bytes) -> Payload:
    if isinstance(data, bytes):
        try:
            data = data.decode("ascii")
        except UnicodeDecodeError as exc:
            raise InvalidPayload("payload is not ASCII") from exc
    if not isinstance(data, str):
        raise InvalidPayload("payload must be text")
    if len(data) > MAX_PAYLOAD_BYTES or not data.isascii():
        raise InvalidPayload("payload too long or not ASCII")
    fields = data.split(":")
    if len(fields) < 2:
        raise InvalidPayload(f"payload {data!r} has no version")
    spec = _BY_CODE.get(fields[0])
    if spec is None:
        raise InvalidPayload(f"unknown action code {fields[0]!r}")
    if not _B36.match(fields[1]):
        raise InvalidPayload(f"bad version field {fields[1]!r}")
    version = int(fields[1], 36)
    raw_args = fields[2:]
    if len(raw_args) != len(spec.args):
        raise InvalidPayload(f"action {spec.name!r} takes {len(spec.args)} arguments")
    args: list[int | str] = []
    for kind, raw in zip(spec.args, raw_args, strict=True):
        if kind == "int":
            if not _INT.match(raw):
                raise InvalidPayload(f"bad integer argument {raw!r}")
            args.append(int(raw))
        else:
            if not _WORD.match(raw):
                raise InvalidPayload(f"bad word argument {raw!r}")
            args.append(raw)
    return Payload(spec.name, tuple(args), version)
