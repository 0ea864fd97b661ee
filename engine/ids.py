"""GNU Backgammon Position ID (and, in :mod:`engine.matchid`, Match ID and XGID).

The Position ID is an 80-bit key: for the **opponent** first and then the player on roll, each of
the 25 entries (points 1-24 in that side's numbering, then the bar) is written as that many 1-bits
followed by a 0-bit; bits are packed least significant first into 10 bytes, which are base64-coded
without the trailing ``==``.
"""

from __future__ import annotations

import base64
import binascii

from engine.errors import CorruptId

_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")


def encode_position_id(player: tuple[int, ...], opponent: tuple[int, ...]) -> str:
    """Position ID of a position with ``player`` on roll (both sides from their own view)."""
    key = bytearray(10)
    bit = 0
    for side in (opponent, player):
        for count in side:
            for _ in range(count):
                key[bit >> 3] |= 1 << (bit & 7)
                bit += 1
            bit += 1
    return base64.b64encode(bytes(key)).decode("ascii")[:14]


def decode_position_id(position_id: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``(player, opponent)`` of a Position ID; raises :class:`CorruptId` when it is not one."""
    text = position_id.strip()
    if len(text) != 14 or not set(text) <= _ALPHABET:
        raise CorruptId(
            f"{position_id!r} is not a Position ID: expected 14 characters of A-Z a-z 0-9 + /"
        )
    try:
        key = base64.b64decode(text + "==", validate=True)
    except binascii.Error as exc:  # pragma: no cover - excluded by the alphabet check
        raise CorruptId(f"{position_id!r} is not a Position ID: {exc}") from exc
    sides: list[list[int]] = [[], []]
    side, count = 0, 0
    for bit in range(80):
        if side == 2:
            if key[bit >> 3] >> (bit & 7) & 1:
                raise CorruptId(f"{position_id!r} is not a Position ID: it has extra checkers")
            continue
        if key[bit >> 3] >> (bit & 7) & 1:
            count += 1
            continue
        sides[side].append(count)
        count = 0
        if len(sides[side]) == 25:
            side += 1
    if side != 2:
        raise CorruptId(f"{position_id!r} is not a Position ID: it has too many checkers")
    opponent, player = (tuple(s) for s in sides)
    for name, s in (("the player on roll", player), ("the opponent", opponent)):
        if sum(s) > 15:
            raise CorruptId(
                f"{position_id!r} is not a valid Position ID: {name} has {sum(s)} checkers"
            )
    return player, opponent
