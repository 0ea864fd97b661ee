"""A finished match as a player's history keeps it: the engine's compact record and the result.

:class:`MatchRecord` holds the match (:meth:`engine.match.Match.archived` as ``to_dict``: its
games' logs packed by :mod:`engine.record`), both players, the result, the rating changes and each
game's revealed dice seed.  The ``.mat`` file and each game's dice export are rendered from it on
demand.

Stored (:meth:`MatchRecord.to_bytes`, schema 2), it is the schema byte, the length of a header
(LEB128), the header, then raw bytes:

* the header: compact JSON, raw-deflate compressed: the time, the players, the result, the
  rating changes, the client seeds and the match without its games' logs (the match's id is the
  store key's and is not repeated);
* the dice: the match's secret (32 bytes) when every game's seed is derived from it
  (:func:`engine.fairdice.game_seed`: a finished match's seeds are all revealed, and the secret
  serves that match alone), else each game's 32-byte seed;
* the packed logs of the finished games (:func:`engine.record.pack_games`), then the last game's
  packed log (:func:`engine.record.pack_log`): the engine's bytes as they are, not as text.

Schema 1 (a zlib JSON header with the id and Base64 seeds, then the finished games' logs) is
still read.
"""

from __future__ import annotations

import base64
import binascii
import zlib
from dataclasses import dataclass
from typing import Any, Final

import orjson

from bot.store.failures import CorruptRecord
from engine import fairdice
from engine.errors import EngineError
from engine.fairdice import SEED_BYTES, GameSeed, game_seed, logged_rolls
from engine.game import format_points
from engine.match import Match
from engine.matfile import format_mat
from engine.record import from_text, leb128, read_leb128, to_text

SCHEMA: Final = 2
"""The schema the records are written in (1 is still read)."""


def game_id(match_id: str, number: int) -> str:
    """The dice game id of game ``number`` (from 1) of a match."""
    return f"{match_id}.{number}"


def derived_seeds(master: bytes, match_id: str, count: int) -> tuple[bytes, ...]:
    """The server seeds of the first ``count`` games of a match with secret ``master``."""
    return tuple(game_seed(master, game_id(match_id, n)) for n in range(1, count + 1))


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """One finished match (see the module docstring).

    ``players`` are ``(user reference, name)`` by seat; ``winner`` the winning seat (``None``
    for a match left unfinished by agreement); ``reason`` how it ended (``"played"``,
    ``"time"``, ``"agreed"``...); ``rating`` each seat's change (``None``: not rated); ``seeds``
    each game's revealed server seed, ``client_seeds`` the seats' client seeds; ``master`` the
    match's secret the seeds were derived from (``None``: they were not; kept so that the
    record holds 32 bytes of dice instead of 32 a game).
    """

    match_id: str
    finished: float
    players: tuple[tuple[str, str], tuple[str, str]]
    winner: int | None
    reason: str
    rating: tuple[float, float] | None
    seeds: tuple[bytes, ...]
    client_seeds: tuple[str, ...]
    match: dict[str, Any]
    master: bytes | None = None
    event: str | None = None
    """The tournament game it was: ``<event id>/<round>`` (``None``: not a tournament's)."""

    @property
    def state(self) -> Match:
        return Match.from_dict(self.match)

    def to_bytes(self) -> bytes:
        """The stored bytes (see the module docstring)."""
        match = dict(self.match)
        played = match.get("played")
        logs = b""
        if isinstance(played, list) and len(played) == 3:
            logs = from_text(played[2])
            match["played"] = played[:2]
        last = b""
        games = match.get("games")
        if isinstance(games, list) and len(games) == 1 and isinstance(games[0], dict):
            game = dict(games[0])
            if isinstance(game.get("log"), str):
                last = from_text(game.pop("log"))
                match["games"] = [game]
        derived = self.master is not None and self.seeds == derived_seeds(
            self.master, self.match_id, len(self.seeds)
        )
        if derived:
            assert self.master is not None
            dice = self.master
        else:
            if any(len(s) != SEED_BYTES for s in self.seeds):
                raise ValueError(f"a server seed is {SEED_BYTES} bytes")
            dice = b"".join(self.seeds)
        document: dict[str, Any] = {
            "t": round(self.finished),
            "p": [list(p) for p in self.players],
            "w": self.winner,
            "why": self.reason,
            "cs": list(self.client_seeds),
            "m": match,
            "n": [len(self.seeds), int(derived), len(logs), len(last)],
        }
        if self.rating is not None:
            document["r"] = [round(d, 4) for d in self.rating]
        if self.event is not None:
            document["ev"] = self.event
        packer = zlib.compressobj(9, zlib.DEFLATED, -15)
        header = packer.compress(orjson.dumps(document)) + packer.flush()
        return bytes([SCHEMA]) + leb128(len(header)) + header + dice + logs + last

    @classmethod
    def from_bytes(cls, payload: bytes, match_id: str) -> MatchRecord:
        """The record of match ``match_id`` stored as ``payload`` (:class:`CorruptRecord` when it
        is not one)."""
        try:
            if payload[:1] == b"\x01":
                return _from_schema_1(payload)
            if payload[:1] != bytes([SCHEMA]):
                raise ValueError("not a match record")
            size, at = read_leb128(payload, 1)
            end = at + size
            if end > len(payload):
                raise ValueError("a match record cut short")
            d = orjson.loads(zlib.decompress(payload[at:end], -15))
            if not isinstance(d, dict):
                raise ValueError("not a match record")
            count, derived, logs, last = (int(n) for n in d["n"])
            dice_size = SEED_BYTES if derived else SEED_BYTES * count
            if end + dice_size + logs + last != len(payload) or min(count, logs, last) < 0:
                raise ValueError("a match record of the wrong size")
            dice = payload[end : end + dice_size]
            at = end + dice_size
            master = dice if derived else None
            if master is not None:
                seeds = derived_seeds(master, match_id, count)
            else:
                seeds = tuple(dice[i : i + SEED_BYTES] for i in range(0, len(dice), SEED_BYTES))
            match = dict(d["m"])
            played = match.get("played")
            if isinstance(played, list) and len(played) == 2:
                match["played"] = [*played, to_text(payload[at : at + logs])]
            if last:
                (game,) = match["games"]
                match["games"] = [{**game, "log": to_text(payload[at + logs :])}]
            a, b = d["p"]
            rating = d.get("r")
            return cls(
                match_id,
                float(d["t"]),
                ((str(a[0]), str(a[1])), (str(b[0]), str(b[1]))),
                None if d["w"] is None else int(d["w"]),
                str(d["why"]),
                None if rating is None else (float(rating[0]), float(rating[1])),
                seeds,
                tuple(str(c) for c in d["cs"]),
                match,
                master,
                None if d.get("ev") is None else str(d["ev"]),
            )
        except (
            zlib.error, ValueError, TypeError, KeyError, IndexError, AttributeError,
            binascii.Error, EngineError,
        ) as error:  # fmt: skip
            raise CorruptRecord(f"unreadable match record: {error}") from error

    def score(self) -> tuple[str, str]:
        """The final score as players write it."""
        a, b = self.state.score
        return format_points(a), format_points(b)

    def dice_exports(self) -> dict[str, object]:
        """Every game's dice with its revealed seed, for ``nardy-bot verify``; with the match's
        secret when it was committed as its table opened (the match's id is then the start of
        its commitment) and so revealed at its end."""
        games = []
        for number, (record, seed) in enumerate(
            zip(self.state.records(), self.seeds, strict=False), 1
        ):
            dice = GameSeed(seed, game_id(self.match_id, number), self.client_seeds)
            games.append(dice.export(logged_rolls(record.log)))
        master = self.master
        shown = master is not None and self.match_id == fairdice.match_id(
            fairdice.commitment(master)
        )
        return fairdice.match_export(games, master if shown else None)

    def mat(self) -> str:
        """The ``.mat`` text (backgammon only: else :class:`engine.errors.EngineError`
        ``not_exportable``)."""
        names = (self.players[0][1] or "White", self.players[1][1] or "Black")
        return format_mat(self.state, names)


def _from_schema_1(payload: bytes) -> MatchRecord:
    """A record written in schema 1 (a zlib JSON header with the id, then the packed logs)."""
    size = int.from_bytes(payload[1:4], "big")
    d = orjson.loads(zlib.decompress(payload[4 : 4 + size]))
    if not isinstance(d, dict) or d.get("s") != 1:
        raise ValueError("not a match record")
    played = d["m"].get("played")
    if isinstance(played, list) and len(played) == 2:
        d["m"]["played"] = [*played, to_text(payload[4 + size :])]
    a, b = d["p"]
    rating = d["r"]
    return MatchRecord(
        str(d["id"]),
        float(d["t"]),
        ((str(a[0]), str(a[1])), (str(b[0]), str(b[1]))),
        None if d["w"] is None else int(d["w"]),
        str(d["why"]),
        None if rating is None else (float(rating[0]), float(rating[1])),
        tuple(base64.b64decode(s, validate=True) for s in d["ds"]),
        tuple(str(c) for c in d["cs"]),
        dict(d["m"]),
    )
