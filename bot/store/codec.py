"""Versioned JSON for stored records (never pickle): ``{"s": schema, "d": data}``, compact.

Large payloads are zlib-compressed (a JSON document starts with ``{``, a zlib stream never does,
so the two are told apart by the first byte).  Records written under an older schema are upgraded
step by step on reading; records from a newer schema are refused rather than misread.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Callable, Mapping
from typing import Any, Final

import orjson

from bot.store.failures import CorruptRecord

_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)
"""Compact JSON, non-ASCII text kept as UTF-8 (built once)."""


def _json(document: Any) -> bytes:
    """``document`` as compact UTF-8 JSON.

    orjson writes the same bytes as the standard library's compact encoder for the plain data
    kept here (dicts with text keys, lists, text, integers, decimal fractions), several times
    faster: every write of a table encodes it.  (It differs only where no record goes: ``1e-7``
    for ``1e-07``, and ``null`` for NaN, which is not JSON.)  Anything else (a dataclass, a
    subclass of a built-in type, a non-text key, an integer beyond 64 bits) goes through the
    standard encoder, which writes or refuses it as before.
    """
    try:
        return orjson.dumps(document, option=_ORJSON_PLAIN)
    except TypeError:
        return _ENCODER.encode(document).encode("utf-8")


_ORJSON_PLAIN: Final = (
    orjson.OPT_PASSTHROUGH_DATACLASS
    | orjson.OPT_PASSTHROUGH_DATETIME
    | orjson.OPT_PASSTHROUGH_SUBCLASS
)
"""Types orjson would write its own way are refused (and so left to the standard encoder)."""

Upgrade = Callable[[Any], Any]
"""Turns the data of schema ``n`` into the data of schema ``n + 1``."""


def _deflate(raw: bytes) -> bytes:
    """``raw`` as a zlib stream at level 6 with a window just large enough for it.

    As small as with zlib's default 32 KB window (no match reaches further back than the data's
    own length), but the compressor sets up a few kilobytes instead of a quarter megabyte, which
    was most of the time of compressing a table record.  Any zlib reader reads it (the stream's
    header names its window).
    """
    wbits = max(9, min(15, (len(raw) - 1).bit_length()))
    compressor = zlib.compressobj(6, zlib.DEFLATED, wbits, min(8, max(2, wbits - 6)))
    return compressor.compress(raw) + compressor.flush()


class JsonCodec:
    """Encode and decode one kind of record at schema version ``schema``.

    >>> codec = JsonCodec(schema=2, upgrades={1: lambda d: {**d, "b": 0}})
    >>> codec.decode(b'{"s":1,"d":{"a":1}}')
    {'a': 1, 'b': 0}
    >>> codec.decode(codec.encode({"a": 1}))
    {'a': 1}
    """

    def __init__(
        self,
        schema: int = 1,
        upgrades: Mapping[int, Upgrade] | None = None,
        *,
        compress_over: int | None = 1024,
    ) -> None:
        if schema < 1:
            raise ValueError("schema must be a positive integer")
        self.schema = schema
        self.upgrades = dict(upgrades or {})
        missing = [n for n in range(1, schema) if n not in self.upgrades]
        if upgrades is not None and missing:
            raise ValueError(f"no upgrade from schema(s) {missing} to schema {schema}")
        self.compress_over = compress_over

    def encode(self, data: Any) -> bytes:
        """The record's bytes; ``data`` must be JSON-serialisable (tuples become lists)."""
        raw = _json({"s": self.schema, "d": data})
        if self.compress_over is not None and len(raw) > self.compress_over:
            return _deflate(raw)
        return raw

    def decode(self, payload: bytes, *, key: object = "record") -> Any:
        """The data stored in ``payload`` at the current schema; :class:`CorruptRecord` if not."""
        if not isinstance(payload, bytes | bytearray):
            raise CorruptRecord(f"{key}: payload is {type(payload).__name__}, not bytes")
        raw = bytes(payload)
        if raw[:1] != b"{":
            try:
                raw = zlib.decompress(raw)
            except zlib.error as error:
                raise CorruptRecord(f"{key}: payload is neither JSON nor zlib: {error}") from None
        try:
            document = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            raise CorruptRecord(f"{key}: payload is not valid JSON: {error}") from None
        if not isinstance(document, dict) or set(document) != {"s", "d"}:
            raise CorruptRecord(f'{key}: payload is not a {{"s": schema, "d": data}} document')
        schema = document["s"]
        if not isinstance(schema, int) or isinstance(schema, bool) or schema < 1:
            raise CorruptRecord(f"{key}: schema {schema!r} is not a positive integer")
        if schema > self.schema:
            raise CorruptRecord(
                f"{key}: written by schema {schema}, newer than this program's {self.schema}"
            )
        data = document["d"]
        while schema < self.schema:
            upgrade = self.upgrades.get(schema)
            if upgrade is None:
                raise CorruptRecord(f"{key}: no upgrade from schema {schema}")
            try:
                data = upgrade(data)
            except (KeyError, TypeError, ValueError) as error:
                message = f"{key}: upgrade from schema {schema} failed: {error}"
                raise CorruptRecord(message) from None
            schema += 1
        return data
