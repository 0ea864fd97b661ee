"""Dice anyone can verify: a committed server seed, rolls derived by HMAC, a standalone verifier.

Every game has a secret *server seed* (32 bytes; the bot draws it from :mod:`secrets`, the
engine takes it as a value) and a public *commitment*, the SHA-256 of the seed written as 64
lowercase hex digits, shown before the first roll.  The seed is revealed when the game is over;
anyone can then check that it hashes to the commitment and that every die of the game follows
from it.  Each seated player may choose a *client seed* (any text), so the server cannot pick a
seed that favours one side without knowing the players' seeds in advance.

The games of a match (or money session, or chouette) share one *match secret* (32 bytes too),
drawn when its table opens and committed the same way (SHA-256, 64 hex digits) before any
player can give a client seed; each game's server seed is derived from it with
:func:`game_seed`, and the match's id is the first :data:`SHORT` hex digits of the secret's
commitment (:func:`match_id`), so its games' ids are fixed with it.  The secret is revealed when
the match is over: the export then carries it, and the verifier checks that it hashes to its
commitment and gives every game's server seed.  So neither the server alone (its secret was
fixed before the players' seeds) nor a player alone (the server's secret is unknown to him)
chooses the dice.

The scheme (``fairdice-1``), byte for byte
----------------------------------------

Roll number ``r`` (0, 1, 2... counted from the first roll of the game, opening rolls and their
re-rolls included) is derived from::

    message = u16(len(G)) || G || u32(r) || u16(n)
              || u16(len(C1)) || C1 || ... || u16(len(Cn)) || Cn

where ``G`` is the game id and ``C1``...``Cn`` the client seeds of the seated players in seat
order, all encoded as UTF-8; ``u16``/``u32`` are unsigned big-endian integers of 2 and 4 bytes.
The bytes of the roll are the blocks::

    block 0 = HMAC-SHA256(key=server seed, msg=message)
    block k = HMAC-SHA256(key=server seed, msg=message || u32(k))     for k = 1, 2, ...

read in order, byte by byte.  A byte ``b`` is *rejected* when ``b >= 252`` (252 = 6 * 42, so
every face gets exactly 42 of the 252 accepted values: no modulo bias); an accepted byte gives
the die ``b % 6 + 1``.  The first two accepted bytes are the roll's two dice, in order (block 1 is
needed only when 31 of the 32 bytes of block 0 are rejected).

The dice of a game form one stream: roll 0's two dice, roll 1's two dice, and so on.  A turn or
an opening roll takes one roll (two dice: in the opening roll the first die is the first
player's); a seating roll of a chouette takes one die per player from the stream of the seating
(its own game id), so a roll's second die may belong to the next player.

The match secret
----------------

A game's server seed is derived from its match's secret ``S``::

    server seed = HMAC-SHA256(key=S, msg="fairdice-game|" || G)

(``G`` in UTF-8); the secret's commitment is ``SHA-256(S)`` and the match's id its first 12 hex
digits, so that a game id is ``<those 12 digits>.<N>`` (N counted from 1 over the match, or
``seat`` for a chouette's seating roll).

The export (what the verifier reads)
-------------------------------------

A JSON object for one game, or ``{"games": [game, ...]}`` for several::

    {"scheme": "fairdice-1", "game_id": "...", "server_seed": "<64 hex digits>",
     "commitment": "<64 hex digits>", "client_seeds": ["...", "..."],
     "rolls": [[5, 2], [3, 3], ...]}

``rolls`` lists the dice as the game showed them, in order; they are compared die by die with
the stream above (a group may hold any number of dice: two for a turn, one per player for a
seating round).  The export of a match that is over also carries its secret, beside the
games::

    {"secret": "<64 hex digits>", "secret_commitment": "<64 hex digits>", "games": [...]}

and then every game's id must be the match's and its server seed the one the secret gives.  A
file without them (a game in play's, or one written before the match secret was committed)
is checked all the same, roll by roll, and the verdict says the seeds' derivation was not
checked.  ``nardy-bot verify FILE`` (the installed package's command; from a checkout
``python -m engine.fairdice verify FILE``) prints ``all N rolls match`` (with what it found of
the secret) and exits 0, or names the first mismatch and exits 1 (2 when the file cannot be
read); it needs nothing beyond the standard library.  ``docs/FAIR_DICE.md`` describes the same
scheme for players, with a worked example and a check of a few lines anyone can run.

>>> seed = bytes(range(32))
>>> dice = GameSeed(seed, "g1", ("ann", "bob"))
>>> dice.commitment() == hashlib.sha256(seed).hexdigest()
True
>>> stream = dice.stream()
>>> roll = (stream(), stream())
>>> roll == dice.roll(0), stream.drawn
(True, 2)
>>> verify(dice.export([roll])).ok
True
>>> secret = bytes(range(32, 64))
>>> name = match_id(commitment(secret)) + ".1"
>>> dice = GameSeed(game_seed(secret, name), name, ("ann", "bob"))
>>> stream = dice.stream()
>>> verdict = verify(match_export([dice.export([(stream(), stream())])], secret))
>>> verdict.ok, verdict.secret == commitment(secret)
(True, True)
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from engine.errors import EngineError

SCHEME = "fairdice-1"
"""The name of the scheme the module docstring defines (written in every export)."""

SEED_BYTES = 32
"""Length of a server seed in bytes."""

REJECT_FROM = 252
"""Bytes at or above this value are skipped: 252 is the largest multiple of 6 not above 256."""

SHORT = 12
"""Hex digits of a commitment shown where space is short (captions); a match's id is its
secret's commitment so shortened (:func:`match_id`)."""

GAME_SEED_LABEL = b"fairdice-game|"
"""What precedes the game id in the message a game's server seed is derived with
(:func:`game_seed`)."""

_HEX64 = re.compile(r"[0-9a-f]{64}")
_U16 = 0xFFFF


def commitment(server_seed: bytes) -> str:
    """The public commitment to a server seed: SHA-256 as 64 lowercase hex digits.

    >>> commitment(bytes(32))[:16]
    '66687aadf862bd77'
    """
    _check_seed(server_seed)
    return hashlib.sha256(server_seed).hexdigest()


def short_commitment(full: str) -> str:
    """The first :data:`SHORT` hex digits of a commitment, for captions."""
    return full[:SHORT]


def game_seed(secret: bytes, game_id: str) -> bytes:
    """The server seed of game ``game_id`` of the match whose secret is ``secret``:
    HMAC-SHA256(key = secret, message = "fairdice-game|" + game id in UTF-8).  Revealing one
    game's seed tells nothing of the secret or of the other games' seeds.

    >>> game_seed(bytes(32), "m.1").hex()[:16]
    '16a2b4341e8dc39a'
    """
    _check_seed(secret)
    return hmac.digest(secret, GAME_SEED_LABEL + game_id.encode("utf-8"), "sha256")


def match_id(secret_commitment: str) -> str:
    """The id of the match whose secret has the commitment ``secret_commitment``: its first
    :data:`SHORT` hex digits (the games' ids are ``match_id.N``, fixed with the secret)."""
    return short_commitment(secret_commitment)


def roll_message(game_id: str, roll_number: int, client_seeds: Sequence[str]) -> bytes:
    """The HMAC message of roll ``roll_number`` (layout in the module docstring).

    Length 1, "g"; roll 1; one seed; length 1, "a":

    >>> roll_message("g", 1, ["a"]).hex()
    '000167000000010001000161'
    """
    if not 0 <= roll_number <= 0xFFFFFFFF:
        raise EngineError(f"roll number {roll_number} is out of range", code="bad_dice_seed")
    if len(client_seeds) > _U16:
        raise EngineError("too many client seeds", code="bad_dice_seed")
    parts = [_field(game_id, "game id"), roll_number.to_bytes(4, "big")]
    parts.append(len(client_seeds).to_bytes(2, "big"))
    parts.extend(_field(seed, "client seed") for seed in client_seeds)
    return b"".join(parts)


def dice_from_bytes(data: bytes) -> list[int]:
    """Every die the bytes give: bytes ``>= 252`` skipped, the others ``b % 6 + 1``.

    >>> dice_from_bytes(bytes([0, 252, 255, 5, 251, 6]))
    [1, 6, 6, 1]
    """
    return [b % 6 + 1 for b in data if b < REJECT_FROM]


def derive_roll(
    server_seed: bytes, game_id: str, roll_number: int, client_seeds: Sequence[str]
) -> tuple[int, int]:
    """The two dice of roll ``roll_number`` of a game."""
    _check_seed(server_seed)
    message = roll_message(game_id, roll_number, client_seeds)
    dice: list[int] = []
    block = 0
    while len(dice) < 2:
        tail = b"" if block == 0 else block.to_bytes(4, "big")
        dice.extend(dice_from_bytes(hmac.digest(server_seed, message + tail, "sha256")))
        block += 1
    return dice[0], dice[1]


@dataclass(frozen=True, slots=True)
class GameSeed:
    """What fixes a game's dice: the server seed, the game id and the seated players' client
    seeds (in seat order).  The seed is secret until the game is over: ``repr`` hides it."""

    server_seed: bytes
    game_id: str
    client_seeds: tuple[str, ...]

    def __post_init__(self) -> None:
        _check_seed(self.server_seed)
        roll_message(self.game_id, 0, self.client_seeds)  # checks the fields' lengths

    def __repr__(self) -> str:
        return (
            f"GameSeed(commitment={self.commitment()[:SHORT]!r}, game_id={self.game_id!r}, "
            f"client_seeds={self.client_seeds!r})"
        )

    def commitment(self) -> str:
        """SHA-256 of the server seed, 64 hex digits."""
        return commitment(self.server_seed)

    def roll(self, number: int) -> tuple[int, int]:
        """The two dice of roll ``number``."""
        return derive_roll(self.server_seed, self.game_id, number, self.client_seeds)

    def die(self, index: int) -> int:
        """Die ``index`` of the game's stream (roll ``index // 2``, die ``index % 2``)."""
        return self.roll(index // 2)[index % 2]

    def stream(self, drawn: int = 0) -> DiceStream:
        """A dice source handing out the stream from die ``drawn`` on."""
        return DiceStream(self, drawn)

    def export(self, rolls: Sequence[Sequence[int]]) -> dict[str, object]:
        """The export of the game (format in the module docstring): the seed revealed, for a
        game that is over, with the dice ``rolls`` as the game showed them."""
        return {
            "scheme": SCHEME,
            "game_id": self.game_id,
            "server_seed": self.server_seed.hex(),
            "commitment": self.commitment(),
            "client_seeds": list(self.client_seeds),
            "rolls": [list(group) for group in rolls],
        }


def match_export(
    games: Sequence[dict[str, object]], secret: bytes | None = None
) -> dict[str, object]:
    """The export of several games (:meth:`GameSeed.export` each) of one match: with its
    ``secret`` revealed, once the match is over (format in the module docstring)."""
    data: dict[str, object] = {}
    if secret is not None:
        data["secret"] = secret.hex()
        data["secret_commitment"] = commitment(secret)
    data["games"] = list(games)
    return data


class DiceStream:
    """A dice source (each call returns one die) following a :class:`GameSeed`'s stream.

    ``drawn`` counts the dice handed out (from the start of the game), which is all a store
    needs to keep to go on where it stopped.
    """

    __slots__ = ("_pending", "drawn", "seed")

    def __init__(self, seed: GameSeed, drawn: int = 0) -> None:
        if drawn < 0:
            raise EngineError(f"{drawn} dice drawn is not a count", code="bad_dice_seed")
        self.seed = seed
        self.drawn = drawn
        self._pending: tuple[int, int] | None = None

    def __call__(self) -> int:
        index = self.drawn
        if index % 2 == 0 or self._pending is None:
            self._pending = self.seed.roll(index // 2)
        self.drawn = index + 1
        return self._pending[index % 2]

    def __repr__(self) -> str:
        return f"DiceStream({self.seed!r}, drawn={self.drawn})"


ROLL_ACTIONS = frozenset({"opening", "roll"})
"""The game log's actions that carry dice (:class:`engine.game.LogEntry`)."""


class Logged(Protocol):
    """What :func:`logged_rolls` reads of a log entry (:class:`engine.game.LogEntry`)."""

    @property
    def action(self) -> str: ...

    @property
    def value(self) -> tuple[int | str, ...]: ...


def logged_rolls(log: Iterable[Logged]) -> list[tuple[int, ...]]:
    """The dice of a game as its log shows them, in order: each opening roll (re-rolls
    included) and each turn's roll."""
    return [tuple(int(v) for v in entry.value) for entry in log if entry.action in ROLL_ACTIONS]


# -- verification -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Mismatch:
    """The first die that does not follow from the seed."""

    game_id: str
    roll: int  # index of the group in the export's ``rolls``, from 0
    die: int  # index of the die in that group, from 0
    recorded: int
    derived: int

    def __str__(self) -> str:
        return (
            f"game {self.game_id}: roll {self.roll + 1}, die {self.die + 1} shows "
            f"{self.recorded} but the seed gives {self.derived}"
        )


@dataclass(frozen=True, slots=True)
class Verdict:
    """What :func:`verify` found: how many rolls matched, the first mismatch if any, or why a
    commitment or the match secret does not hold; ``secret``: the commitment of the match's
    secret every game's server seed was found to come from (``None``: the file carried no
    secret, and the seeds' derivation was not checked)."""

    rolls: int
    mismatch: Mismatch | None = None
    problem: str | None = None
    secret: str | None = None

    @property
    def derived(self) -> bool:
        """Whether every game's server seed was checked against the match's secret."""
        return self.secret is not None

    @property
    def ok(self) -> bool:
        return self.mismatch is None and self.problem is None

    def __str__(self) -> str:
        if self.problem is not None:
            return self.problem
        if self.mismatch is not None:
            return f"mismatch: {self.mismatch}"
        if self.secret is not None:
            return (
                f"all {self.rolls} rolls match; every game's server seed comes from the "
                f"match's secret, whose commitment is {self.secret}"
            )
        return (
            f"all {self.rolls} rolls match (the file has no match secret: whether the games' "
            "server seeds come from a secret committed before the client seeds was not checked)"
        )


@dataclass(frozen=True, slots=True)
class MatchSecret:
    """A match's revealed secret and the commitment the file gives for it."""

    secret: bytes
    commitment: str


@dataclass(frozen=True, slots=True)
class ExportedGame:
    """One game of an export, checked for shape."""

    seed: GameSeed
    commitment: str
    rolls: tuple[tuple[int, ...], ...]


def parse_export(data: object) -> list[ExportedGame]:
    """The games of an export (one game object or ``{"games": [...]}``); a malformed export is
    :class:`EngineError` ``bad_export`` naming what is wrong."""
    items = data.get("games") if isinstance(data, dict) and "games" in data else [data]
    if not isinstance(items, list) or not items:
        raise _bad("'games' must be a non-empty list")
    parse_secret(data)  # the match's secret, when there is one, is well formed too
    return [_parse_game(item, n) for n, item in enumerate(items, 1)]


def parse_secret(data: object) -> MatchSecret | None:
    """The match secret an export carries (``None``: it carries none); a malformed one is
    :class:`EngineError` ``bad_export``."""
    if not isinstance(data, dict) or ("secret" not in data and "secret_commitment" not in data):
        return None
    secret, full = data.get("secret"), data.get("secret_commitment")
    for name, value in (("secret", secret), ("secret_commitment", full)):
        if not isinstance(value, str) or not _HEX64.fullmatch(value):
            raise _bad(f"'{name}' must be 64 lowercase hex digits")
    assert isinstance(secret, str) and isinstance(full, str)
    return MatchSecret(bytes.fromhex(secret), full)


def verify(data: object) -> Verdict:
    """Replay every roll of an export from its revealed seed, and check every game's seed
    against the match's secret when the export carries it (see the module docstring)."""
    games = parse_export(data)
    secret = parse_secret(data)
    if secret is not None and commitment(secret.secret) != secret.commitment:
        return Verdict(
            0, problem=f"the match's secret does not hash to its commitment {secret.commitment}"
        )
    total = 0
    for game in games:
        if game.seed.commitment() != game.commitment:
            return Verdict(
                total,
                problem=f"game {game.seed.game_id}: the server seed does not hash to the "
                f"commitment {game.commitment}",
            )
        if secret is not None:
            problem = _underived(game.seed, secret)
            if problem is not None:
                return Verdict(total, problem=problem)
        dice = game.seed.stream()
        for r, group in enumerate(game.rolls):
            for d, recorded in enumerate(group):
                derived = dice()
                if recorded != derived:
                    return Verdict(total, Mismatch(game.seed.game_id, r, d, recorded, derived))
            total += 1
    return Verdict(total, secret=None if secret is None else secret.commitment)


def _underived(seed: GameSeed, secret: MatchSecret) -> str | None:
    """Why ``seed`` is not a game's of the match whose secret is revealed (``None``: it is)."""
    name = seed.game_id
    match, dot, number = name.rpartition(".")
    if not dot or not number or match != match_id(secret.commitment):
        return (
            f"game {name} is not a game of the match {match_id(secret.commitment)} whose "
            "secret the file reveals"
        )
    if game_seed(secret.secret, name) != seed.server_seed:
        return f"game {name}: the server seed is not the one the match's secret gives"
    return None


def main(argv: Sequence[str] | None = None, prog: str = "python -m engine.fairdice") -> int:
    """``python -m engine.fairdice verify FILE`` (``-`` reads standard input); ``nardy-bot
    verify FILE`` is the same check, ``prog`` the name its usage line gives."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 2 or args[0] != "verify":
        print(f"usage: {prog} verify FILE", file=sys.stderr)
        return 2
    try:
        if args[1] == "-":
            text = sys.stdin.read()
        else:
            with open(args[1], encoding="utf-8") as handle:
                text = handle.read()
        verdict = verify(json.loads(text))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, EngineError) as exc:
        print(f"cannot verify {args[1]}: {exc}", file=sys.stderr)
        return 2
    print(verdict)
    return 0 if verdict.ok else 1


# -- helpers ------------------------------------------------------------------------------------


def _check_seed(server_seed: bytes) -> None:
    if not isinstance(server_seed, bytes) or len(server_seed) != SEED_BYTES:
        raise EngineError(f"a server seed is {SEED_BYTES} bytes", code="bad_dice_seed")


def _field(text: str, what: str) -> bytes:
    if not isinstance(text, str):
        raise EngineError(f"a {what} is text, not {text!r}", code="bad_dice_seed")
    data = text.encode("utf-8")
    if len(data) > _U16:
        raise EngineError(f"a {what} is at most {_U16} bytes", code="bad_dice_seed")
    return len(data).to_bytes(2, "big") + data


def _bad(reason: str) -> EngineError:
    return EngineError(f"not a dice export: {reason}", code="bad_export")


def _parse_game(item: object, n: int) -> ExportedGame:
    if not isinstance(item, dict):
        raise _bad(f"game {n} is not an object")
    if item.get("scheme", SCHEME) != SCHEME:
        raise _bad(f"game {n} uses scheme {item.get('scheme')!r}, not {SCHEME!r}")
    game_id, seed_hex, full = item.get("game_id"), item.get("server_seed"), item.get("commitment")
    seeds, rolls = item.get("client_seeds"), item.get("rolls")
    if not isinstance(game_id, str):
        raise _bad(f"game {n} has no 'game_id' text")
    for name, value in (("server_seed", seed_hex), ("commitment", full)):
        if not isinstance(value, str) or not _HEX64.fullmatch(value):
            raise _bad(f"game {n}: '{name}' must be 64 lowercase hex digits")
    assert isinstance(seed_hex, str) and isinstance(full, str)
    if not isinstance(seeds, list) or not all(isinstance(s, str) for s in seeds):
        raise _bad(f"game {n}: 'client_seeds' must be a list of text")
    if not isinstance(rolls, list) or not all(isinstance(g, list) for g in rolls):
        raise _bad(f"game {n}: 'rolls' must be a list of lists of dice")
    groups = tuple(tuple(_die(v, n) for v in group) for group in rolls)
    return ExportedGame(GameSeed(bytes.fromhex(seed_hex), game_id, tuple(seeds)), full, groups)


def _die(value: object, n: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
        raise _bad(f"game {n}: a die shows 1 to 6, not {value!r}")
    return value


if __name__ == "__main__":
    sys.exit(main())
