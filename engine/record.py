"""A game's log in a few bytes, read back exactly: how saved games stay small.

A game's log (:class:`engine.game.LogEntry`) is written as one number in mixed radix: each
decision is a digit whose base is the number of choices there were, the first decision the
lowest digit.  The game is followed from its start (the checkers of both sides and the dice), so
most entries are predicted and cost only what is not:

* the entry that usually comes next (the roll after a move, the move after a roll, the take
  after a double, the win after a pass...) is taken for granted: a roll is one digit of base 37
  (its dice, or "something else"), a move starts with its first step (or "something else"), any
  other entry one binary digit;
* a move is its steps, each a choice among the single steps the dice left allow
  (:func:`engine.movegen.single_steps`), or the end of the play while dice are left; where a step
  goes, whether it hits and the move's text (:func:`engine.notation.format_steps`) follow;
* "something else" names the entry's action and player, then its values; a move whose text is not
  the usual one spells it out; anything the forms above cannot say exactly (an unknown action,
  unusual values) is written out in full: player, action, each value.

A turn (roll and move) costs under two bytes, a game of backgammon a hundred or so.  Reading a log
needs no move generation (the log of the game being played is read on every load), and writing
continues from the log written last when the new one extends it (a log only grows), so a turn
costs the same however long the game is.

:func:`pack_log` writes one log (after its number of entries), :func:`pack_games` adds finished
games to bytes holding many, and :func:`to_text` turns bytes into text for JSON states.
"""

from __future__ import annotations

import base64
import binascii
from collections import OrderedDict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Final

from engine.errors import EngineError
from engine.log_entry import LogEntry
from engine.movegen import single_steps
from engine.steps import Step, format_steps
from engine.variant import find_variant

RAW: Final = "<raw>"
KINDS: Final = (
    "opening",
    "auto_double",
    "roll",
    "move",
    "move_text",
    "double",
    "take",
    "pass",
    "beaver",
    "beaver_accept",
    "beaver_refuse",
    "resign",
    "resign_accept",
    "resign_decline",
    "win",
    "draw",
    RAW,
)
"""Every form an entry that is not the predicted one is written in."""

_INDEX: Final = {kind: i for i, kind in enumerate(KINDS)}
_DICE: Final = ("opening", "roll")
_BARE: Final = frozenset(
    {"take", "pass", "beaver_accept", "beaver_refuse", "resign_accept", "resign_decline", "draw"}
)
_ONE_INT: Final = frozenset({"auto_double", "double", "beaver", "resign"})
_REASONS: Final = ("bear_off", "pass", "resign", "beaver_refused", "draw")
_PLAYERS: Final[tuple[int | None, ...]] = (None, 0, 1)

MAX_ENTRIES: Final = 100_000
"""A log longer than this is refused as corrupt (no game comes near it)."""

CACHE_SIZE: Final = 512
"""Logs read and written that one process remembers, newest first."""


def _corrupt(why: str) -> EngineError:
    return EngineError(f"corrupt game log: {why}", code="corrupt_state")


# -- following the game -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Rules:
    """What following a game needs of its variant."""

    start: tuple[tuple[int, ...], tuple[int, ...]]  # each side's checkers, own numbering, 0 = off
    point_map: tuple[int, ...]
    block: int
    opening_plays_both: bool


_RULES: dict[str, _Rules] = {}


def _rules(variant: str) -> _Rules:
    found = _RULES.get(variant)
    if found is None:
        spec = find_variant(variant)
        initial = spec.position_cls.initial()
        start = (
            (15 - sum(initial.player), *initial.player),
            (15 - sum(initial.opponent), *initial.opponent),
        )
        ruleset = spec.position_cls.ruleset
        found = _Rules(start, ruleset.point_map, ruleset.block, spec.opening_plays_both)
        _RULES[variant] = found
    return found


class _State:
    """A log being written or read: the number so far, and the game followed to that point.

    ``boards`` are four lists: each player's checkers in his own numbering (0 borne off, 25 the
    bar), then for each player his opponent's checkers on his points (0 the opponent's bar), as
    :func:`engine.movegen.single_steps` reads them.
    """

    __slots__ = ("boards", "count", "dice", "prev", "rules", "scale", "value", "variant")

    def __init__(self, variant: str) -> None:
        self.variant = variant
        self.rules = _rules(variant)
        self.value = 0
        self.scale = 1
        pmap = self.rules.point_map
        own = [list(self.rules.start[0]), list(self.rules.start[1])]
        seen = [[o[25], *(o[pmap[i]] for i in range(1, 25)), 0] for o in (own[1], own[0])]
        self.boards = [*own, *seen]
        self.dice: tuple[int, int] | None = None
        self.prev: LogEntry | None = None
        self.count = 0

    def copy(self) -> _State:
        other = _State.__new__(_State)
        other.variant, other.rules = self.variant, self.rules
        other.value, other.scale = self.value, self.scale
        other.boards = self.saved()
        other.dice, other.prev, other.count = self.dice, self.prev, self.count
        return other

    def saved(self) -> list[list[int]]:
        """A copy of the boards (put back by assigning it to ``boards``)."""
        return [b[:] for b in self.boards]

    def options(self, player: int, left: Sequence[int]) -> list[tuple[int, int, int]]:
        """``(die, from, to)`` of every single step one of the dice ``left`` allows ``player``,
        lowest die first: the variant's own restrictions aside, a superset of the steps a legal
        play makes."""
        if not left:
            return []
        own, opp, block = self.boards[player], self.boards[2 + player], self.rules.block
        lo, hi = min(left), max(left)
        out = [(lo, f, t) for f, t in single_steps(own, opp, lo, block)]
        if hi != lo:
            out += [(hi, f, t) for f, t in single_steps(own, opp, hi, block)]
        return out

    def step(self, player: int, frm: int, to: int) -> bool:
        """Move one checker of ``player`` (unchecked); True if it hit a blot."""
        boards, pmap = self.boards, self.rules.point_map
        own, mine, theirs = boards[player], boards[2 + player], boards[3 - player]
        own[frm] -= 1
        own[to] += 1
        theirs[0 if frm == 25 else pmap[frm]] -= 1
        if to:
            theirs[pmap[to]] += 1
            if self.rules.block == 2 and mine[to] == 1:
                mine[to] = 0
                mine[0] += 1
                other = boards[1 - player]
                other[pmap[to]] = 0
                other[25] += 1
                return True
        return False

    def follow(self, entry: LogEntry, moved: bool) -> None:
        """Keep the dice and the checkers up to date after ``entry`` (``moved``: its steps have
        been made already)."""
        action, value = entry.action, entry.value
        if action in _DICE:
            self.dice = _dice(value)
            if action == "opening" and self.dice is not None and self.dice[0] == self.dice[1]:
                self.dice = None
        elif action == "move" and not moved and entry.player in (0, 1):
            player = 0 if entry.player == 0 else 1
            own = self.boards[player]
            flat = value[1:]
            for i in range(0, len(flat) - 1, 2):
                frm, to = flat[i], flat[i + 1]
                if (
                    type(frm) is int
                    and type(to) is int
                    and 0 < frm <= 25
                    and 0 <= to < 25
                    and own[frm] > 0
                ):
                    self.step(player, frm, to)
        self.prev = entry
        self.count += 1

    def expected(self) -> tuple[str, int | None] | None:
        """The entry that usually comes next (the first: the opening roll)."""
        prev = self.prev
        if prev is None:
            return "opening", None
        action, p = prev.action, prev.player
        if action == "opening":
            if self.dice is None:  # a tie (or odd values): the dice are rolled again
                return "opening", None
            winner = 0 if self.dice[0] > self.dice[1] else 1
            if not self.rules.opening_plays_both:
                return "roll", winner
            return "move", winner
        if action == "auto_double":
            return "opening", None
        if p not in (0, 1):
            return None
        if action == "roll":
            return ("move", p) if self.dice is not None else None
        follows = _FOLLOWS.get(action)
        if follows is None:
            return None
        return follows[0], p if follows[1] else 1 - p


_FOLLOWS: Final[dict[str, tuple[str, bool]]] = {
    "move": ("roll", False),
    "double": ("take", False),
    "take": ("roll", False),
    "beaver": ("beaver_accept", False),
    "beaver_accept": ("roll", True),
    "resign": ("resign_accept", False),
    "pass": ("win", False),
    "beaver_refuse": ("win", False),
    "resign_accept": ("win", True),
}
"""The entry that usually follows an action by a player, and whether by the same player."""


def _dice(value: tuple[int | str, ...]) -> tuple[int, int] | None:
    if len(value) == 2:
        a, b = value
        if type(a) is int and type(b) is int and 1 <= a <= 6 and 1 <= b <= 6:
            return a, b
    return None


def _dice_left(dice: tuple[int, int], used: Sequence[int]) -> list[int]:
    left = [dice[0]] * 4 if dice[0] == dice[1] else [dice[0], dice[1]]
    for die in used:
        left.remove(die)
    return left


# -- digits -------------------------------------------------------------------------------------


class _Digits:
    """Digits written one after the other: their value and the base of the next one."""

    __slots__ = ("scale", "value")

    def __init__(self) -> None:
        self.value = 0
        self.scale = 1

    def put(self, digit: int, base: int) -> None:
        if base > 1:
            self.value += digit * self.scale
            self.scale *= base

    def extend(self, more: _Digits) -> None:
        self.value += more.value * self.scale
        self.scale *= more.scale

    def put_int(self, n: int) -> None:
        """Any integer, small ones in few digits (zigzag, then four bits at a time)."""
        z = 2 * n if n >= 0 else -2 * n - 1
        while True:
            z, chunk = z >> 4, z & 15
            self.put(1 if z else 0, 2)
            self.put(chunk, 16)
            if not z:
                return

    def put_text(self, text: str) -> None:
        data = text.encode("utf-8")
        self.put_int(len(data))
        for byte in data:
            self.put(byte, 256)


class _Reader:
    """Digits read back in the order they were written (``scale``: the product of the bases
    read, kept when ``scaled``)."""

    __slots__ = ("_big", "_small", "scaled", "value")

    def __init__(self, value: int, scaled: bool = False) -> None:
        self.value = value
        self.scaled = scaled
        self._big = self._small = 1

    @property
    def scale(self) -> int:
        """The product of the bases read (when ``scaled``)."""
        return self._big * self._small

    def get(self, base: int) -> int:
        if base <= 1:
            return 0
        self.value, digit = divmod(self.value, base)
        if self.scaled:
            # A machine-sized product most of the time; the big one grows once in a while.
            self._small *= base
            if self._small >> 60:
                self._big *= self._small
                self._small = 1
        return digit

    def get_int(self) -> int:
        z, shift = 0, 0
        while True:
            more = self.get(2)
            z |= self.get(16) << shift
            shift += 4
            if not more:
                break
            if shift > 80:
                raise _corrupt("a number is too long")
        return z >> 1 if z % 2 == 0 else -(z >> 1) - 1

    def get_text(self) -> str:
        size = self.get_int()
        if not 0 <= size <= 10_000:
            raise _corrupt("a text is too long")
        data = bytes(self.get(256) for _ in range(size))
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            raise _corrupt("a text is not UTF-8") from None


# -- writing ------------------------------------------------------------------------------------


def _steps(state: _State, entry: LogEntry) -> list[tuple[int, int]] | None:
    """The steps of a move entry as ``(from, to)``, or ``None`` if they cannot be written as
    choices among single steps (no dice, odd values)."""
    value, dice = entry.value, state.dice
    if entry.player not in (0, 1) or dice is None or not value or not isinstance(value[0], str):
        return None
    flat = value[1:]
    if len(flat) % 2 or len(flat) > (8 if dice[0] == dice[1] else 4):
        return None
    if not all(type(v) is int for v in flat):
        return None
    return [(int(flat[i]), int(flat[i + 1])) for i in range(0, len(flat), 2)]


def _write_steps(
    state: _State,
    player: int,
    pairs: list[tuple[int, int]],
    used: list[int],
    extra: int,
) -> tuple[_Digits, list[Step]] | None:
    """``pairs`` as choices among the single steps of the dice left (the end of the play while
    dice are left), the checkers moved; ``None`` (the checkers as they were) if they cannot be.
    The first choice's base has ``extra`` more values (for "something else")."""
    assert state.dice is not None
    left = _dice_left(state.dice, used)
    options = state.options(player, left)
    out = _Digits()
    if not pairs:
        if left:
            out.put(len(options), len(options) + 1 + extra)
        return out, []
    if not left:
        return None
    frm, to = pairs[0]
    for index, (die, f, t) in enumerate(options):
        if (f, t) != (frm, to):
            continue
        saved = state.saved()
        step = Step(frm, to, state.step(player, frm, to))
        rest = _write_steps(state, player, pairs[1:], [*used, die], 0)
        if rest is not None:
            out.put(index, len(options) + 1 + extra)
            out.extend(rest[0])
            return out, [step, *rest[1]]
        state.boards = saved
    return None


def _move(state: _State, entry: LogEntry, extra: int) -> tuple[_Digits, bool] | None:
    """A move's steps written (the checkers moved) and whether its text is the usual one;
    ``None`` (nothing moved) if the steps cannot be written as choices."""
    pairs = _steps(state, entry)
    if pairs is None:
        return None
    assert entry.player is not None
    written = _write_steps(state, entry.player, pairs, [], extra)
    if written is None:
        return None
    digits, steps = written
    return digits, entry.value[0] == _text(steps)


def _values(entry: LogEntry) -> _Digits | None:
    """The values of an entry other than a move in its compact form; ``None`` if it has none."""
    action, value = entry.action, entry.value
    out = _Digits()
    if action in _DICE:
        dice = _dice(value)
        if dice is None:
            return None
        out.put((dice[0] - 1) * 6 + dice[1] - 1, 36)
    elif action in _BARE:
        if value:
            return None
    elif action in _ONE_INT:
        if len(value) != 1 or type(value[0]) is not int:
            return None
        out.put_int(value[0])
    elif action == "win":
        if len(value) != 3 or type(value[0]) is not int or type(value[1]) is not int:
            return None
        if value[2] not in _REASONS:
            return None
        out.put_int(value[0])
        out.put_int(value[1])
        out.put(_REASONS.index(str(value[2])), len(_REASONS))
    else:
        return None
    return out


def _raw(entry: LogEntry) -> _Digits:
    out = _Digits()
    out.put(_PLAYERS.index(entry.player), 3)
    out.put_text(entry.action)
    out.put_int(len(entry.value))
    for v in entry.value:
        if isinstance(v, str):
            out.put(1, 2)
            out.put_text(v)
        else:
            out.put(0, 2)
            out.put_int(v)
    return out


def _predicted(
    state: _State, entry: LogEntry, kind: str, player: int | None
) -> tuple[_Digits, bool]:
    """The digits of ``entry`` and True if it is the predicted (``kind``, ``player``), checkers
    moved; else the "something else" digit and False, nothing moved."""
    out = _Digits()
    same = entry.action == kind and entry.player == player
    if kind in _DICE:
        dice = _dice(entry.value) if same else None
        out.put(36 if dice is None else (dice[0] - 1) * 6 + dice[1] - 1, 37)
        return out, dice is not None
    if kind == "move":
        assert player is not None and state.dice is not None
        if same:
            saved = state.saved()
            moved = _move(state, entry, 1)
            if moved is not None and moved[1]:
                return moved[0], True
            state.boards = saved
        options = state.options(player, _dice_left(state.dice, ()))
        out.put(len(options) + 1, len(options) + 2)
        return out, False
    values = _values(entry) if same else None
    out.put(0 if values is None else 1, 2)
    if values is None:
        return out, False
    out.extend(values)
    return out, True


def _write(state: _State, entry: LogEntry) -> None:
    """Add ``entry`` to the state's number and follow it."""
    expected = state.expected()
    out = _Digits()
    if expected is not None:
        head, usual = _predicted(state, entry, *expected)
        if usual:
            state.value += head.value * state.scale
            state.scale *= head.scale
            state.follow(entry, moved=entry.action == "move")
            return
        out.extend(head)
    kind, body, moved = _explicit(state, entry)
    out.put(_INDEX[kind], len(KINDS))
    if kind != RAW:
        out.put(_PLAYERS.index(entry.player), 3)
    out.extend(body)
    state.value += out.value * state.scale
    state.scale *= out.scale
    state.follow(entry, moved)


def _explicit(state: _State, entry: LogEntry) -> tuple[str, _Digits, bool]:
    """The form, the digits of the values and whether the checkers moved, for an entry that is
    written with its action and player."""
    if entry.action == "move":
        saved = state.saved()
        moved = _move(state, entry, 0)
        if moved is not None:
            digits, usual = moved
            if usual:
                return "move", digits, True
            digits.put_text(str(entry.value[0]))
            return "move_text", digits, True
        state.boards = saved
    elif entry.action in _INDEX and entry.action not in (RAW, "move_text"):
        values = _values(entry) if entry.player in _PLAYERS else None
        if values is not None:
            return entry.action, values, False
    return RAW, _raw(entry), False


# -- reading ------------------------------------------------------------------------------------


def _read(state: _State, reader: _Reader) -> LogEntry:
    """The next entry (followed)."""
    expected = state.expected()
    if expected is not None:
        kind, player = expected
        if kind in _DICE:
            digit = reader.get(37)
            if digit < 36:
                entry = LogEntry(player, kind, (digit // 6 + 1, digit % 6 + 1))
                state.follow(entry, False)
                return entry
        elif kind == "move":
            assert player is not None and state.dice is not None
            options = state.options(player, _dice_left(state.dice, ()))
            digit = reader.get(len(options) + 2)
            if digit <= len(options):
                entry = _read_move(state, reader, player, False, digit)
                state.follow(entry, True)
                return entry
        elif reader.get(2):
            entry = _read_values(reader, kind, player)
            state.follow(entry, False)
            return entry
    kind = KINDS[reader.get(len(KINDS))]
    if kind == RAW:
        entry = _read_raw(reader)
        state.follow(entry, False)
        return entry
    player = _PLAYERS[reader.get(3)]
    if kind in ("move", "move_text"):
        entry = _read_move(state, reader, player, kind == "move_text", None)
        state.follow(entry, True)
        return entry
    entry = _read_values(reader, kind, player)
    state.follow(entry, False)
    return entry


def _read_values(reader: _Reader, kind: str, player: int | None) -> LogEntry:
    if kind in _DICE:
        digit = reader.get(36)
        return LogEntry(player, kind, (digit // 6 + 1, digit % 6 + 1))
    if kind in _BARE:
        return LogEntry(player, kind)
    if kind in _ONE_INT:
        return LogEntry(player, kind, (reader.get_int(),))
    pts, won = reader.get_int(), reader.get_int()
    return LogEntry(player, kind, (pts, won, _REASONS[reader.get(len(_REASONS))]))


def _read_raw(reader: _Reader) -> LogEntry:
    player = _PLAYERS[reader.get(3)]
    action = reader.get_text()
    size = reader.get_int()
    if not 0 <= size <= 64:
        raise _corrupt("an entry has too many values")
    values: list[int | str] = []
    for _ in range(size):
        values.append(reader.get_text() if reader.get(2) else reader.get_int())
    return LogEntry(player, action, tuple(values))


def _read_move(
    state: _State, reader: _Reader, player: int | None, spelled: bool, first: int | None
) -> LogEntry:
    dice = state.dice
    if player is None or dice is None:
        raise _corrupt("a move without a mover or dice")
    # The choices of State.options, read without building them: the lower die's steps first.
    own, opp, block = state.boards[player], state.boards[2 + player], state.rules.block
    lo, hi = sorted(dice)
    left = {lo: 4} if lo == hi else {lo: 1, hi: 1}
    steps: list[Step] = []
    flat: list[int] = []
    while left:
        low = single_steps(own, opp, lo, block) if lo in left else []
        high = single_steps(own, opp, hi, block) if hi != lo and hi in left else []
        count = len(low) + len(high)
        if first is None:
            index = reader.get(count + 1)
        else:
            index, first = first, None
        if index == count:
            break
        if index < len(low):
            (frm, to), die = low[index], lo
        else:
            (frm, to), die = high[index - len(low)], hi
        left[die] -= 1
        if not left[die]:
            del left[die]
        steps.append(Step(frm, to, state.step(player, frm, to)))
        flat += (frm, to)
    text = reader.get_text() if spelled else _text(steps)
    return LogEntry(player, "move", (text, *flat))


# -- the public functions -----------------------------------------------------------------------

_WRITTEN: OrderedDict[int, tuple[LogEntry, tuple[LogEntry, ...], _State]] = OrderedDict()
_READ: OrderedDict[tuple[str, bytes], tuple[LogEntry, ...]] = OrderedDict()
_GAMES: OrderedDict[tuple[str, bytes, int], tuple[tuple[LogEntry, ...], ...]] = OrderedDict()
_TEXTS: OrderedDict[tuple[Step, ...], str] = OrderedDict()


def _remember(cache: OrderedDict[Hashable, object], key: Hashable, value: object) -> None:
    cache[key] = value
    cache.move_to_end(key)
    while len(cache) > CACHE_SIZE:
        cache.popitem(last=False)


def _text(steps: list[Step]) -> str:
    key = tuple(steps)
    found = _TEXTS.get(key)
    if found is None:
        found = format_steps(steps)
        _remember(_TEXTS, key, found)  # type: ignore[arg-type]
    return found


def _written(variant: str, log: Sequence[LogEntry]) -> _State:
    """The state after writing ``log``: continued from the longest prefix written (or read)
    before, and remembered."""
    state: _State | None = None
    done = 0
    for i in range(len(log) - 1, max(-1, len(log) - 17), -1):
        found = _WRITTEN.get(id(log[i]))
        if found is None or found[0] is not log[i]:
            continue
        prefix, known = found[1], found[2]
        if known.variant == variant and len(prefix) == i + 1 and tuple(log[: i + 1]) == prefix:
            state, done = known, i + 1
            break
    if state is None:
        state = _State(variant)
    if done < len(log):
        state = state.copy()
        for entry in log[done:]:
            _write(state, entry)
        _remember(_WRITTEN, id(log[-1]), (log[-1], tuple(log), state))  # type: ignore[arg-type]
    return state


def leb128(n: int) -> bytes:
    """``n`` (≥ 0) as an unsigned LEB128 number."""
    out = bytearray()
    while True:
        n, low = n >> 7, n & 127
        out.append(low | (128 if n else 0))
        if not n:
            return bytes(out)


def read_leb128(data: bytes, at: int) -> tuple[int, int]:
    """The LEB128 number at ``data[at:]`` and where it ends."""
    n, shift = 0, 0
    while True:
        if at >= len(data) or shift > 28:
            raise _corrupt("a length is cut short")
        byte = data[at]
        at += 1
        n |= (byte & 127) << shift
        shift += 7
        if not byte & 128:
            return n, at


def _int_bytes(value: int) -> bytes:
    return value.to_bytes((value.bit_length() + 7) // 8, "little")


def pack_log(variant: str, log: Sequence[LogEntry]) -> bytes:
    """The log of a game of ``variant``, compact: its number of entries (LEB128), then the
    number (little-endian) that holds them."""
    state = _written(variant, log)
    return leb128(len(log)) + _int_bytes(state.value)


def unpack_log(variant: str, data: bytes) -> tuple[LogEntry, ...]:
    """The log :func:`pack_log` wrote; :class:`EngineError` ``corrupt_state`` if it is not one."""
    key = (variant, bytes(data))
    found = _READ.get(key)
    if found is not None:
        _READ.move_to_end(key)
        return found
    count, at = read_leb128(data, 0)
    value = int.from_bytes(data[at:], "little")
    state = _State(variant)
    reader = _Reader(value, scaled=True)
    log = _read_entries(state, reader, count, exhaust=True)
    _remember(_READ, key, log)  # type: ignore[arg-type]
    if log:
        # Writing this game's next state continues from here.
        state.value, state.scale = value, reader.scale
        _remember(_WRITTEN, id(log[-1]), (log[-1], log, state))  # type: ignore[arg-type]
    return log


def _read_entries(
    state: _State, reader: _Reader, count: int, exhaust: bool
) -> tuple[LogEntry, ...]:
    if not 0 <= count <= MAX_ENTRIES:
        raise _corrupt(f"{count} entries")
    entries: list[LogEntry] = []
    try:
        for _ in range(count):
            entries.append(_read(state, reader))
    except EngineError:
        raise
    except (IndexError, ValueError) as exc:
        raise _corrupt(str(exc)) from None
    if exhaust and reader.value:
        raise _corrupt("digits left after the last entry")
    return tuple(entries)


def pack_games(variant: str, logs: Sequence[Sequence[LogEntry]], onto: bytes = b"") -> bytes:
    """``onto`` (what :func:`pack_games` wrote before, or nothing) with the games of ``logs``
    added after: each game is the length in bytes (LEB128) of its :func:`pack_log`, then that.
    Games are numbers of their own: reading one costs the same however many there are."""
    out = [onto]
    for log in logs:
        data = pack_log(variant, log)
        out += (leb128(len(data)), data)
    return b"".join(out)


def unpack_games(variant: str, data: bytes, count: int) -> tuple[tuple[LogEntry, ...], ...]:
    """The ``count`` logs :func:`pack_games` wrote in ``data``, oldest first; :class:`EngineError`
    ``corrupt_state`` if it holds anything else."""
    key = (variant, bytes(data), count)
    found = _GAMES.get(key)
    if found is not None:
        return found
    logs: list[tuple[LogEntry, ...]] = []
    at = 0
    while at < len(data):
        size, at = read_leb128(data, at)
        if at + size > len(data):
            raise _corrupt("a game is cut short")
        logs.append(unpack_log(variant, data[at : at + size]))
        at += size
    if len(logs) != count:
        raise _corrupt(f"{len(logs)} games where {count} were counted")
    out = tuple(logs)
    _remember(_GAMES, key, out)  # type: ignore[arg-type]
    return out


def to_text(data: bytes) -> str:
    """Bytes as Base85 text (safe in JSON without escapes)."""
    return base64.b85encode(data).decode("ascii")


def from_text(text: object) -> bytes:
    """Inverse of :func:`to_text`; :class:`EngineError` ``corrupt_state`` if it is not one."""
    if not isinstance(text, str):
        raise _corrupt(f"{type(text).__name__} is not Base85 text")
    try:
        return base64.b85decode(text)
    except (ValueError, binascii.Error):
        raise _corrupt("not Base85 text") from None


def log_text(variant: str, log: Sequence[LogEntry]) -> str:
    """:func:`pack_log` as text."""
    return to_text(pack_log(variant, log))


def log_from_text(variant: str, text: object) -> tuple[LogEntry, ...]:
    """Inverse of :func:`log_text`."""
    return unpack_log(variant, from_text(text))
