"""``import``: a ``.mat`` match file sent to the bot, read and kept for its sender.

The file (GNU Backgammon's, eXtreme Gammon's or DailyGammon's ``.mat``; at most
:data:`MAX_FILE_BYTES`) is read with :meth:`engine.match.Match.from_mat`, every roll, play and
cube action checked by the engine; a fault is refused with its game and move number.  The match
read is kept in one small record of its sender (``bg:user:{platform:id}:import``, the user's hash
slot), the newest import replacing the last, for :data:`IMPORT_TTL` seconds: the answer's buttons
replay it on boards (:mod:`bot.app.replays`), write it back as GNU Backgammon writes it and
analyse its finished games (:func:`bot.app.match_analysis.of_import`; so does ``analysis``
typed where no game was finished).  The buttons carry the import's id: a button of an import
since replaced, or pressed by someone else, is refused saying so.
"""

from __future__ import annotations

import asyncio
import hashlib
from dataclasses import dataclass
from typing import Any, Final

from bot.app.context import Context, Refused
from bot.app.payload import Payload, format_payload
from bot.app.types import Button, Reply, SendFile, SendText, short_name
from bot.i18n import describe_error
from bot.store import CorruptRecord, SiblingKey, UpdateStatus, Versioned
from bot.store.codec import JsonCodec
from engine.errors import EngineError
from engine.game import format_points
from engine.match import Match
from engine.matfile import format_mat
from engine.matparse import MatError, read_mat

MAX_FILE_BYTES: Final = 256 * 1024
"""The largest file read (a long match is a few tens of kilobytes)."""

PARSE_BUDGET: Final = 20.0
"""Seconds a file's reading may take (in a thread, off the event loop) before it is refused."""

IMPORT_TTL: Final = 7 * 24 * 3600.0
"""Seconds an imported match is kept for its buttons."""

RECORD: Final = "import"
"""The name of the user's record of the last import."""

CODEC: Final = JsonCodec(schema=1)


@dataclass(frozen=True, slots=True)
class Imported:
    """A match read from a file: its id (in the buttons), the players' names, the file's name."""

    id: str
    names: tuple[str, str]
    file: str
    match: Match

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "names": list(self.names),
            "file": self.file,
            "match": self.match.archived().to_dict(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Imported:
        names = data["names"]
        return cls(
            str(data["id"]),
            (str(names[0]), str(names[1])),
            str(data["file"]),
            Match.from_dict(data["match"]),
        )


def import_id(ctx: Context) -> str:
    """The id of the import this update makes (the same on a redelivery)."""
    seed = f"{ctx.user.ref}\n{ctx.update.update_id}".encode()
    return hashlib.sha256(seed).hexdigest()[:10]


def record_key(ctx: Context) -> SiblingKey:
    return SiblingKey(ctx.user.key, RECORD)


async def latest_import(ctx: Context) -> Imported | None:
    """The sender's last import still kept (``None``: none, or it cannot be read)."""
    record = await ctx.users.store.load(record_key(ctx))
    if record is None:
        return None
    try:
        return Imported.from_dict(CODEC.decode(record.payload))
    except (CorruptRecord, EngineError, KeyError, TypeError, IndexError, ValueError):
        return None


async def load_import(ctx: Context, wanted: str) -> Imported:
    """The sender's import ``wanted``; refused when it is gone, replaced or someone else's."""
    found = await latest_import(ctx)
    if found is None or found.id != wanted:
        raise Refused("import-gone")
    return found


def decode_file(data: bytes) -> str:
    """The text of a match file (UTF-8, else Latin-1); refused when it is not text."""
    if b"\x00" in data:
        raise Refused("import-not-text")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def mat_refusal(ctx: Context, exc: MatError) -> Refused:
    """What is wrong with the file, in words: where (game and move) and why."""
    game, move = exc.params.get("game"), exc.params.get("move")
    reason = str(exc.params.get("reason", "syntax"))
    if game is None:
        return Refused("import-bad-file")
    if reason == "score":
        return Refused("import-bad-score", game=game)
    if move is None:
        return Refused("import-bad-game", game=game, why=ctx.tr("import-why-order"))
    illegal = reason == "illegal"  # the reader's own check: a cube value, result or column
    why = ctx.tr("import-why-illegal") if illegal else describe_error(ctx.lang, reason)
    return Refused("import-bad-move", game=game, move=move, why=why)


def parse_mat(text: str) -> tuple[tuple[str, str], Match]:
    """The players' names and the match of a ``.mat`` text, every move checked by the engine
    (raises :class:`~engine.matparse.MatError`)."""
    read = read_mat(text).names
    return (short_name(read[0]), short_name(read[1])), Match.from_mat(text)


async def read_import(ctx: Context, name: str, data: bytes) -> Imported:
    """The match a file holds, read off the event loop (a long match takes seconds) within
    :data:`PARSE_BUDGET` seconds; refused saying what is wrong."""
    text = decode_file(data)
    try:
        names, match = await asyncio.wait_for(asyncio.to_thread(parse_mat, text), PARSE_BUDGET)
    except MatError as exc:
        raise mat_refusal(ctx, exc) from None
    except TimeoutError:
        raise Refused("import-too-slow") from None
    return Imported(import_id(ctx), names, name[:64] or "match.mat", match)


async def import_match(ctx: Context, args: tuple[Any, ...]) -> list[Reply]:
    """``import`` with a ``.mat`` file: the match's summary with its replay, export and analysis
    buttons."""
    file = ctx.update.attachment
    if file is None:
        raise Refused("import-no-file")
    if file.size > MAX_FILE_BYTES or file.data is None or len(file.data) > MAX_FILE_BYTES:
        size = max(file.size, len(file.data or b""))
        raise Refused("import-too-big", size=-(-size // 1024), max=MAX_FILE_BYTES // 1024)
    imported = await read_import(ctx, file.name, file.data)
    payload = CODEC.encode(imported.to_dict())

    def write(current: Versioned | None) -> bytes:
        return payload

    result = await ctx.users.store.update(
        record_key(ctx), write, ttl=IMPORT_TTL, update_id=ctx.update.update_id
    )
    if result.status is UpdateStatus.DUPLICATE:
        return []
    return [summary(ctx, imported)]


def summary(ctx: Context, imported: Imported) -> SendText:
    """Who played, how long a match, how many games, the final score; replay and export."""
    match = imported.match
    a, b = match.score
    if match.length:  # a match is won at its length: a last game's extra points are not scored
        a, b = min(a, match.length), min(b, match.length)
    mode = ctx.tr("mode-match", length=match.length) if match.length else ctx.tr("mode-money")
    text = ctx.tr(
        "import-summary",
        player=imported.names[0],
        opponent=imported.names[1],
        mode=mode,
        games=match.number,
        score=format_points(a),
        opponent_score=format_points(b),
    )
    replay = Payload("replay_open", (imported.id,))
    export = Payload("import_export", (imported.id,))
    analysis = Payload("import_analysis", (imported.id,))
    buttons = (
        (
            Button(ctx.tr("import-button-replay"), format_payload(replay)),
            Button(ctx.tr("import-button-export"), format_payload(export)),
        ),
        (Button(ctx.tr("button-analysis"), format_payload(analysis)),),
    )
    return SendText(text, buttons)


async def export_import(ctx: Context, args: tuple[Any, ...]) -> list[Reply]:
    """The imported match written back as a ``.mat`` file (GNU Backgammon's form)."""
    if len(args) != 1:
        raise Refused("error-bad-payload")
    imported = await load_import(ctx, str(args[0]))
    try:
        data = format_mat(imported.match, names=imported.names).encode()
    except EngineError as exc:
        return [SendText(ctx.engine_text(exc))]
    name = imported.file if imported.file.lower().endswith(".mat") else "match.mat"
    return [SendFile(name, data, ctx.tr("import-file-caption", name=name))]
