"""Identifiers other programs read: GNU Backgammon's Position ID and Match ID, and XGID.

**Position ID** (14 characters): an 80-bit key; for the **opponent** first and then the player on
roll, each of the 25 entries (points 1-24 in that side's numbering, then the bar) is written as
that many 1-bits followed by a 0-bit; bits are packed least significant first into 10 bytes, which
are base64-coded without the trailing ``==``.

**Match ID** (12 characters): cube, turn, dice, score and match length in 67 bits packed the same
way into 9 bytes (see :class:`MatchIdFields`).

**XGID** (eXtreme Gammon): ``XGID=<26 characters>:<cube>:<cube owner>:<turn>:<dice>:<score>:
<score>:<rules>:<match length>:<max cube>`` (see :func:`encode_xgid` and :class:`XgidFields`).
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass

from engine.errors import CorruptId, EngineError

_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_ALPHABET = frozenset(_B64)


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
    if _B64.index(text[-1]) & 0xF:
        raise CorruptId(
            f"{position_id!r} is not a Position ID: its last character has bits beyond the key"
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
    # Whether both sides may share a point depends on the variant (long nardy numbers the
    # opponent's points differently): Position checks that when it is built.
    return player, opponent


# -- Match ID -----------------------------------------------------------------------------------

#: Bit widths of the Match ID fields, in the order they are packed (least significant bit first).
_MATCH_ID_LAYOUT = (
    ("cube_log2", 4),
    ("cube_owner", 2),
    ("on_roll", 1),
    ("crawford", 1),
    ("game_state", 3),
    ("to_act", 1),
    ("doubled", 1),
    ("resigned", 2),
    ("die1", 3),
    ("die2", 3),
    ("match_length", 15),
    ("score0", 15),
    ("score1", 15),
    ("no_jacoby", 1),
)
_MATCH_ID_BITS = 67  # 66 in the manual; GNU Backgammon 1.07 writes the Jacoby rule in bit 66


@dataclass(frozen=True, slots=True)
class MatchIdFields:
    """The fields of a GNU Backgammon Match ID, players numbered 0 and 1 as gnubg numbers them.

    ``cube_log2`` is the cube value's base-2 logarithm (0 for a cube of 1); ``cube_owner`` is the
    owning player, or 3 while the cube is centred; ``on_roll`` is the player whose turn it is (who
    rolls or has rolled) and ``to_act`` the one who must decide now (the doubled player, or the one
    offered a resignation); ``game_state`` is 0 no game, 1 playing, 2 over, 3 resigned, 4 a double
    passed; ``resigned`` the resignation offered or accepted: 0 none, 1 single, 2 gammon,
    3 backgammon; ``dice`` are (0, 0) before the roll; ``match_length`` is 0 in money play;
    ``score`` is (player 0, player 1); ``jacoby`` is True when the Jacoby rule is in force (GNU
    Backgammon sets bit 66 when it is not, as in every match).

    >>> MatchIdFields(1, 0, 1, False, 1, 1, False, 0, (5, 2), 9, (2, 4), jacoby=True).match_id()
    'QYkqASAAIAAA'
    """

    cube_log2: int
    cube_owner: int
    on_roll: int
    crawford: bool
    game_state: int
    to_act: int
    doubled: bool
    resigned: int
    dice: tuple[int, int]
    match_length: int
    score: tuple[int, int]
    jacoby: bool = False

    def __post_init__(self) -> None:
        problem = _match_id_problem(self)
        if problem:
            raise EngineError(f"not a Match ID state: {problem}", code="not_exportable")

    def match_id(self) -> str:
        """The 12-character Match ID (same as :func:`encode_match_id`)."""
        return encode_match_id(self)


def _match_id_problem(f: MatchIdFields) -> str:
    """What makes ``f`` impossible to write as a Match ID ("" when nothing)."""
    ranges = (
        ("cube_log2", f.cube_log2, 0, 15),
        ("on_roll", f.on_roll, 0, 1),
        ("game_state", f.game_state, 0, 4),
        ("to_act", f.to_act, 0, 1),
        ("resigned", f.resigned, 0, 3),
        ("match_length", f.match_length, 0, 0x7FFF),
    )
    for name, value, low, high in ranges:
        if not isinstance(value, int) or not low <= value <= high:
            return f"{name} must be {low}-{high}, not {value!r}"
    if f.cube_owner not in (0, 1, 3):
        return f"cube_owner must be 0, 1 or 3 (centred), not {f.cube_owner!r}"
    if len(f.dice) != 2 or not all(isinstance(d, int) and 0 <= d <= 6 for d in f.dice):
        return f"dice must be two numbers 1-6, or (0, 0) before the roll, not {f.dice!r}"
    if (f.dice[0] == 0) != (f.dice[1] == 0):
        return f"dice {f.dice!r} have one die missing"
    if len(f.score) != 2 or not all(isinstance(n, int) and 0 <= n <= 0x7FFF for n in f.score):
        return f"score must be two numbers 0-32767, not {f.score!r}"
    return ""


def encode_match_id(fields: MatchIdFields) -> str:
    """The 12-character Match ID of ``fields``; the higher die is written first, as gnubg does.

    >>> encode_match_id(decode_match_id("cAkgAUAAEAAE"))
    'cAkgAUAAEAAE'
    """
    high, low = sorted(fields.dice, reverse=True)
    values = {
        "cube_log2": fields.cube_log2,
        "cube_owner": fields.cube_owner,
        "on_roll": fields.on_roll,
        "crawford": int(fields.crawford),
        "game_state": fields.game_state,
        "to_act": fields.to_act,
        "doubled": int(fields.doubled),
        "resigned": fields.resigned,
        "die1": high,
        "die2": low,
        "match_length": fields.match_length,
        "score0": fields.score[0],
        "score1": fields.score[1],
        "no_jacoby": int(not fields.jacoby),
    }
    key, shift = 0, 0
    for name, width in _MATCH_ID_LAYOUT:
        key |= values[name] << shift
        shift += width
    return base64.b64encode(key.to_bytes(9, "little")).decode("ascii")


def decode_match_id(match_id: str) -> MatchIdFields:
    """The fields of a Match ID; raises :class:`CorruptId` when it is not a valid one.

    >>> decode_match_id("QYkqASAAIAAA").score
    (2, 4)
    """
    text = match_id.strip()
    if len(text) != 12 or not set(text) <= _ALPHABET:
        raise CorruptId(
            f"{match_id!r} is not a Match ID: expected 12 characters of A-Z a-z 0-9 + /"
        )
    key = int.from_bytes(base64.b64decode(text), "little")
    if key >> _MATCH_ID_BITS:
        raise CorruptId(f"{match_id!r} is not a Match ID: bits beyond the last field are set")
    values: dict[str, int] = {}
    for name, width in _MATCH_ID_LAYOUT:
        values[name] = key & ((1 << width) - 1)
        key >>= width
    length = values["match_length"]
    problems = []
    if values["cube_owner"] == 2:
        problems.append("the cube owner is 2 (only 0, 1 and 3 for centred exist)")
    if values["game_state"] > 4:
        problems.append(f"game state {values['game_state']} does not exist (0-4)")
    if values["die1"] > 6 or values["die2"] > 6 or (values["die1"] == 0) != (values["die2"] == 0):
        problems.append(f"the dice {values['die1']}-{values['die2']} are not a roll")
    if length and max(values["score0"], values["score1"]) > length:
        problems.append(f"a score is above the match length {length}")
    if not length and values["crawford"]:
        problems.append("a money game has no Crawford game")
    if problems:
        raise CorruptId(f"{match_id!r} is not a valid Match ID: {'; '.join(problems)}")
    return MatchIdFields(
        cube_log2=values["cube_log2"],
        cube_owner=values["cube_owner"],
        on_roll=values["on_roll"],
        crawford=bool(values["crawford"]),
        game_state=values["game_state"],
        to_act=values["to_act"],
        doubled=bool(values["doubled"]),
        resigned=values["resigned"],
        dice=(values["die1"], values["die2"]),
        match_length=length,
        score=(values["score0"], values["score1"]),
        jacoby=not values["no_jacoby"],
    )


# -- XGID ---------------------------------------------------------------------------------------

_CUBE_ACTIONS = ("D", "B", "R")


@dataclass(frozen=True, slots=True)
class XgidFields:
    """Everything an XGID says besides the checkers.

    eXtreme Gammon names the two sides by the board: X at the bottom (uppercase letters) and O at
    the top (lowercase).  ``cube_owner`` is 1 when X owns the cube, -1 when O does, 0 centred;
    ``turn`` is 1 when X is on roll, -1 when O is; ``dice`` are (0, 0) before the roll;
    ``cube_action`` is "" or, before the roll, "D" (a double offered: the opponent must take or
    pass), "B" (the double beavered) or "R" (beavered and raccooned); ``score`` is (X, O);
    ``crawford`` marks the Crawford game of a match, ``jacoby`` and ``beaver`` the money-play
    rules; ``match_length`` is 0 in money play; ``max_cube_log2`` is XG's cube limit (2 ** n).
    """

    cube_log2: int = 0
    cube_owner: int = 0
    turn: int = 1
    dice: tuple[int, int] = (0, 0)
    cube_action: str = ""
    score: tuple[int, int] = (0, 0)
    crawford: bool = False
    jacoby: bool = False
    beaver: bool = False
    match_length: int = 0
    max_cube_log2: int = 10

    def __post_init__(self) -> None:
        problem = _xgid_problem(self)
        if problem:
            raise EngineError(f"not an XGID state: {problem}", code="not_exportable")


def _xgid_problem(f: XgidFields) -> str:
    if not isinstance(f.cube_log2, int) or not 0 <= f.cube_log2 <= 15:
        return f"cube_log2 must be 0-15, not {f.cube_log2!r}"
    if f.cube_owner not in (-1, 0, 1):
        return f"cube_owner must be 1 (X), -1 (O) or 0 (centred), not {f.cube_owner!r}"
    if f.turn not in (-1, 1):
        return f"turn must be 1 (X) or -1 (O), not {f.turn!r}"
    if len(f.dice) != 2 or not all(isinstance(d, int) and 0 <= d <= 6 for d in f.dice):
        return f"dice must be two numbers 1-6, or (0, 0) before the roll, not {f.dice!r}"
    if (f.dice[0] == 0) != (f.dice[1] == 0):
        return f"dice {f.dice!r} have one die missing"
    if f.cube_action not in ("", *_CUBE_ACTIONS):
        return f"cube_action must be '', 'D', 'B' or 'R', not {f.cube_action!r}"
    if f.cube_action and f.dice != (0, 0):
        return "a cube action comes before the roll, so the dice must be (0, 0)"
    if len(f.score) != 2 or not all(isinstance(n, int) and n >= 0 for n in f.score):
        return f"score must be two numbers from 0, not {f.score!r}"
    if not isinstance(f.match_length, int) or f.match_length < 0:
        return f"match_length must be 0 (money) or more, not {f.match_length!r}"
    if f.match_length and (f.jacoby or f.beaver):
        return "the Jacoby and beaver rules are for money play, not a match"
    if not f.match_length and f.crawford:
        return "a money game has no Crawford game"
    if not isinstance(f.max_cube_log2, int) or not 0 <= f.max_cube_log2 <= 15:
        return f"max_cube_log2 must be 0-15, not {f.max_cube_log2!r}"
    return ""


def encode_xgid(bottom: tuple[int, ...], top: tuple[int, ...], fields: XgidFields) -> str:
    """The XGID of a position and its state.

    ``bottom`` is X's checkers and ``top`` O's, each from its own view as in
    :class:`engine.position.Position` (25 entries, the last the bar).  The first character is O's
    bar, the next 24 are X's points 1-24 (X's checkers uppercase, O's lowercase, "-" empty) and the
    last is X's bar.

    >>> start = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)
    >>> encode_xgid(start, start, XgidFields())
    'XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10'
    """
    for name, side in (("bottom", bottom), ("top", top)):
        if len(side) != 25 or not all(0 <= n <= 15 for n in side) or sum(side) > 15:
            raise EngineError(
                f"{name} must be 25 counts of at most 15 checkers in all", code="not_exportable"
            )
    chars = [_xgid_char(top[24], upper=False)]
    for point in range(1, 25):
        mine, theirs = bottom[point - 1], top[24 - point]
        if mine and theirs:
            raise EngineError(
                f"both sides have checkers on X's {point} point", code="not_exportable"
            )
        chars.append(_xgid_char(mine, upper=True) if mine else _xgid_char(theirs, upper=False))
    chars.append(_xgid_char(bottom[24], upper=True))
    f = fields
    dice = f.cube_action or f"{f.dice[0]}{f.dice[1]}"
    rules = int(f.crawford) if f.match_length else int(f.jacoby) + 2 * int(f.beaver)
    parts = (
        "".join(chars),
        f.cube_log2,
        f.cube_owner,
        f.turn,
        dice,
        f.score[0],
        f.score[1],
        rules,
        f.match_length,
        f.max_cube_log2,
    )
    return "XGID=" + ":".join(str(part) for part in parts)


def decode_xgid(xgid: str) -> tuple[tuple[int, ...], tuple[int, ...], XgidFields]:
    """``(bottom, top, fields)`` of an XGID (see :func:`encode_xgid`); raises :class:`CorruptId`.

    The ``XGID=`` prefix is optional; fields after the ninth may be missing (older XGIDs end with
    the match length), in which case the cube limit is 10.

    >>> bottom, top, fields = decode_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10")
    >>> bottom == top, fields.dice, fields.turn
    (True, (5, 2), 1)
    """
    text = xgid.strip()
    body = text[5:] if text[:5].upper() == "XGID=" else text
    parts = body.split(":")

    def bad(why: str) -> CorruptId:
        return CorruptId(f"{xgid!r} is not a valid XGID: {why}")

    if len(parts) not in (9, 10):
        raise bad(f"expected 10 fields separated by ':', found {len(parts)}")
    board = parts[0]
    if len(board) != 26:
        raise bad(f"the position has {len(board)} characters, not 26")
    bottom, top = [0] * 25, [0] * 25
    for index, char in enumerate(board):
        if char == "-":
            continue
        if "A" <= char <= "O":
            if index == 0:
                raise bad("X's checkers on O's bar (the first character)")
            bottom[24 if index == 25 else index - 1] = ord(char) - ord("A") + 1
        elif "a" <= char <= "o":
            if index == 25:
                raise bad("O's checkers on X's bar (the last character)")
            top[24 if index == 0 else 24 - index] = ord(char) - ord("a") + 1
        else:
            raise bad(f"{char!r} at position {index + 1} is not '-', A-O or a-o")
    for name, side in (("X", bottom), ("O", top)):
        if sum(side) > 15:
            raise bad(f"{name} has {sum(side)} checkers on the board, more than 15")
    numbers: list[int] = []
    for index in (1, 2, 3, 5, 6, 7, 8, *((9,) if len(parts) == 10 else ())):
        try:
            if not parts[index].isascii():  # int() reads other scripts' digits too
                raise ValueError(parts[index])
            numbers.append(int(parts[index]))
        except ValueError:
            raise bad(f"field {index + 1} ({parts[index]!r}) is not a number") from None
    cube_log2, cube_owner, turn, score_x, score_o, rules, length, *rest = numbers
    dice_text = parts[4]
    dice, action = (0, 0), ""
    if dice_text in _CUBE_ACTIONS:
        action = dice_text
    elif len(dice_text) == 2 and dice_text.isascii() and dice_text.isdigit():
        dice = (int(dice_text[0]), int(dice_text[1]))
    else:
        raise bad(f"the dice {dice_text!r} are not 00, two dice 1-6, D, B or R")
    if length and rules not in (0, 1):
        raise bad(f"the Crawford field of a match is 0 or 1, not {rules}")
    if not length and rules not in (0, 1, 2, 3):
        raise bad(f"the Jacoby/beaver field of a money game is 0-3, not {rules}")
    try:
        fields = XgidFields(
            cube_log2=cube_log2,
            cube_owner=cube_owner,
            turn=turn,
            dice=dice,
            cube_action=action,
            score=(score_x, score_o),
            crawford=bool(length and rules),
            jacoby=bool(not length and rules & 1),
            beaver=bool(not length and rules & 2),
            match_length=length,
            max_cube_log2=rest[0] if rest else 10,
        )
    except EngineError as exc:
        raise bad(str(exc).removeprefix("not an XGID state: ")) from None
    return tuple(bottom), tuple(top), fields


def _xgid_char(count: int, *, upper: bool) -> str:
    if not count:
        return "-"
    return chr((ord("A") if upper else ord("a")) + count - 1)
