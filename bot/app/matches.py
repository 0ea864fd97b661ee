"""``history`` (yours) or ``history NAME``: the recent finished matches kept; ``history N``:
one of yours with the buttons to export it (``.mat`` and the dice with their seeds), to
replay it (:func:`bot.app.replays.replay_board`, one message edited in place) and to analyse it
(:func:`bot.app.match_analysis.of_history`)."""

from __future__ import annotations

import json
import time
from typing import Any

from bot.app.context import Context, Refused
from bot.app.fair import DICE_FILE, VERIFY_COMMAND
from bot.app.history import MatchRecord
from bot.app.payload import Payload, format_payload
from bot.app.players import find_player
from bot.app.replays import PayloadFor, replay_board
from bot.app.types import Button, EditBoard, Reply, SendBoard, SendFile, SendText
from bot.store import CorruptRecord, UserKey
from engine.errors import EngineError

LISTED = 10
"""Matches ``history`` lists."""


def _date(moment: float) -> str:
    return time.strftime("%Y-%m-%d", time.gmtime(moment))


async def _records(ctx: Context, user: UserKey, count: int) -> list[MatchRecord]:
    store = ctx.users.store
    out: list[MatchRecord] = []
    for match_id in await store.history(user, 0, count):
        payload = await store.history_entry(user, match_id)
        if payload is None:
            continue
        try:
            out.append(MatchRecord.from_bytes(payload, match_id))
        except CorruptRecord:
            continue
    return out


def _line(ctx: Context, number: int, record: MatchRecord) -> str:
    (_, a), (_, b) = record.players
    sa, sb = record.score()
    line = f"{number}. {_date(record.finished)} {a} {sa}:{sb} {b}"
    line += " — " + ctx.tr("history-why", why=record.reason, length=record.state.length)
    if record.event is not None:
        event, _, round_ = record.event.partition("/")
        line += " — " + ctx.tr("history-tournament", id=event, round=round_)
    if record.rating is not None:
        change, opponent_change = record.rating
        line += " — " + ctx.tr("history-rated", change=change, opponent_change=opponent_change)
    return line


async def history(ctx: Context, args: tuple[Any, ...]) -> list[Reply]:
    """The list, or one match (``history N``)."""
    if len(args) == 1 and str(args[0]).isascii() and str(args[0]).isdecimal():
        return await _one(ctx, int(str(args[0])))
    found = await find_player(ctx, args)
    if found is None:
        raise Refused("player-unknown", name=" ".join(str(a) for a in args)[:40])
    user, name = found
    records = await _records(ctx, user, LISTED)
    if not records:
        return [SendText(ctx.tr("history-none", player=name))]
    lines = [ctx.tr("history-title", player=name)]
    lines += [_line(ctx, n, r) for n, r in enumerate(records, 1)]
    lines.append(ctx.tr("history-hint"))
    return [SendText("\n".join(lines))]


async def _one(ctx: Context, number: int) -> list[Reply]:
    records = await _records(ctx, ctx.user.key, max(number, 1))
    if not 1 <= number <= len(records):
        raise Refused("history-no-such", number=number, count=len(records))
    record = records[number - 1]
    lines = [_line(ctx, number, record)]
    lines.append(ctx.tr("history-games", games=record.state.number))
    buttons = (
        (
            Button(ctx.tr("button-history-export"), _payload("history_export", record.match_id)),
            Button(ctx.tr("button-history-replay"), _payload("history_open", record.match_id)),
        ),
        (Button(ctx.tr("button-analysis"), _payload("history_analysis", record.match_id)),),
    )
    return [SendText("\n".join(lines), buttons)]


def _payload(action: str, *args: int | str) -> str:
    return format_payload(Payload(action, args))


def _replay_payloads(match_id: str) -> PayloadFor:
    def payload_for(game: int, step: int) -> str:
        return _payload("history_replay", match_id, game, step)

    return payload_for


async def kept_record(ctx: Context, args: tuple[Any, ...]) -> MatchRecord:
    """The match of the sender's history a button names (its id the only argument); refused
    when it is no longer kept."""
    return await _kept(ctx, args, 1)


async def _kept(ctx: Context, args: tuple[Any, ...], size: int) -> MatchRecord:
    if len(args) != size:
        raise Refused("error-bad-payload")
    payload = await ctx.users.store.history_entry(ctx.user.key, str(args[0]))
    if payload is None:
        raise Refused("history-gone")
    try:
        return MatchRecord.from_bytes(payload, str(args[0]))
    except CorruptRecord:
        raise Refused("history-gone") from None


async def export(ctx: Context, args: tuple[Any, ...]) -> list[Reply]:
    """The Export button: the ``.mat`` file and the dice of every game with its seed."""
    record = await _kept(ctx, args, 1)
    out: list[Reply] = []
    try:
        mat = record.mat().encode()
    except EngineError as exc:
        out.append(SendText(ctx.engine_text(exc)))
    else:
        out.append(SendFile("match.mat", mat, ctx.tr("export-match-file", name="match.mat")))
    dice = json.dumps(record.dice_exports(), indent=1).encode()
    caption = ctx.tr("export-dice-file", name=DICE_FILE, command=VERIFY_COMMAND)
    out.append(SendFile(DICE_FILE, dice, caption))
    return out


async def replay_open(ctx: Context, args: tuple[Any, ...]) -> list[Reply]:
    """The summary's Replay button: the match's first board, as a new message."""
    record = await _kept(ctx, args, 1)
    names = [record.players[0][1], record.players[1][1]]
    board, caption, buttons = replay_board(
        ctx, record.state, names, 0, 0, _replay_payloads(record.match_id)
    )
    return [SendBoard(board, caption, buttons)]


async def replay(ctx: Context, args: tuple[Any, ...]) -> list[Reply]:
    """A replay board's ◀ ▶ ⏮ ⏭ buttons: the same message shows the step asked for."""
    record = await _kept(ctx, args, 3)
    game, step = int(args[1]), int(args[2])
    names = [record.players[0][1], record.players[1][1]]
    board, caption, buttons = replay_board(
        ctx, record.state, names, game, step, _replay_payloads(record.match_id)
    )
    if ctx.update.message is None:
        return [SendBoard(board, caption, buttons)]
    return [EditBoard(ctx.update.message, board, caption, buttons)]
