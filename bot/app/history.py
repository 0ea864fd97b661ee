"""A finished match as a player's history keeps it: the engine's compact record and the result.

:class:`MatchRecord` holds the match (:meth:`engine.match.Match.archived` as ``to_dict``: its
games' logs packed by :mod:`engine.record`), both players, the result, the rating changes and each
game's revealed dice seed; it is stored as a zlib-compressed JSON header followed by the
packed logs of the finished games as raw bytes (under a kilobyte for most 7-point
matches).  The ``.mat`` file and each game's dice export are rendered from it on demand.
"""

from __future__ import annotations

import base64
import binascii
import zlib
from dataclasses import dataclass
from typing import Any, Final

import orjson

from bot.store.errors import CorruptRecord
from engine.errors import EngineError
from engine.fairdice import GameSeed, logged_rolls
from engine.game import format_points
from engine.match import Match
from engine.matfile import format_mat
from engine.record import from_text, to_text

SCHEMA: Final = 1


def game_id(match_id: str, number: int) -> str:
    """The dice game id of game ``number`` (from 1) of a match."""
    return f"{match_id}.{number}"


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """One finished match (see the module docstring).

    ``players`` are ``(user reference, name)`` by seat; ``winner`` the winning seat (``None``
    for a match left unfinished by agreement); ``reason`` how it ended (``"played"``,
    ``"time"``, ``"agreed"``...); ``rating`` each seat's change (``None``: not rated); ``seeds``
    each game's revealed server seed, ``client_seeds`` the seats' client seeds.
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

    @property
    def state(self) -> Match:
        return Match.from_dict(self.match)

    def to_bytes(self) -> bytes:
        document = {
            "s": SCHEMA,
            "id": self.match_id,
            "t": round(self.finished),
            "p": [list(p) for p in self.players],
            "w": self.winner,
            "why": self.reason,
            "r": None if self.rating is None else [round(d, 4) for d in self.rating],
            "ds": [base64.b64encode(s).decode("ascii") for s in self.seeds],
            "cs": list(self.client_seeds),
            "m": self.match,
        }
        packed = b""
        played = self.match.get("played")
        if isinstance(played, list) and len(played) == 3:
            # The finished games' packed logs go raw after the header, not as Base85 text.
            packed = from_text(played[2])
            document["m"] = {**self.match, "played": played[:2]}
        header = zlib.compress(orjson.dumps(document), 9)
        return bytes([SCHEMA]) + len(header).to_bytes(3, "big") + header + packed

    @classmethod
    def from_bytes(cls, payload: bytes) -> MatchRecord:
        try:
            if payload[:1] != bytes([SCHEMA]):
                raise ValueError("not a match record")
            size = int.from_bytes(payload[1:4], "big")
            d = orjson.loads(zlib.decompress(payload[4 : 4 + size]))
            if not isinstance(d, dict) or d.get("s") != SCHEMA:
                raise ValueError("not a match record")
            played = d["m"].get("played")
            if isinstance(played, list) and len(played) == 2:
                d["m"]["played"] = [*played, to_text(payload[4 + size :])]
            a, b = d["p"]
            rating = d["r"]
            return cls(
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
        """Every game's dice with its revealed seed, for ``python -m engine.fairdice verify``."""
        games = []
        for number, (record, seed) in enumerate(
            zip(self.state.records(), self.seeds, strict=False), 1
        ):
            game_seed = GameSeed(seed, game_id(self.match_id, number), self.client_seeds)
            games.append(game_seed.export(logged_rolls(record.log)))
        return {"games": games}

    def mat(self) -> str:
        """The ``.mat`` text (backgammon only: else :class:`engine.errors.EngineError`
        ``not_exportable``)."""
        names = (self.players[0][1] or "White", self.players[1][1] or "Black")
        return format_mat(self.state, names)
