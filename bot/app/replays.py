"""A match shown again on boards, one step at a time, on one message edited in place.

:func:`replay_board` draws step ``step`` of game ``game`` of any engine :class:`Match` (an
imported one, a finished one from a player's history): the board after that step, a caption
saying what happened (the roll and the play, a cube action, the result and the score) and the
``◀ ▶`` buttons for the steps and ``⏮ ⏭`` for the games, whose payloads the caller makes (they
name what is replayed).  The states are rebuilt by the engine from the game's log
(:mod:`engine.replay`).

The use cases here replay the sender's imported match (:mod:`bot.app.imports`): ``replay_open``
(the summary's button) posts the first board, ``replay`` (the board's buttons) edits it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bot.app import display
from bot.app.context import Context, Refused
from bot.app.imports import load_import
from bot.app.payload import Payload, format_payload
from bot.app.types import Board, Button, EditBoard, Keyboard, Reply, SendBoard
from engine.game import Game, LogEntry, format_points
from engine.match import Match
from engine.notation import dice_text
from engine.replay import ReplayStep, match_replay

PayloadFor = Callable[[int, int], str]
"""The payload of the button that shows step ``step`` of game ``game`` (both from 0)."""


def replay_board(
    ctx: Context,
    match: Match,
    names: Sequence[str],
    game: int,
    step: int,
    payload_for: PayloadFor,
) -> tuple[Board, str, Keyboard]:
    """The board, caption and buttons of step ``step`` of game ``game`` (both from 0) of
    ``match``; refused when there is no such game or step."""
    games = match.number
    if not 0 <= game < games:
        raise Refused("error-bad-payload")
    steps = match_replay(match, game)
    if not 0 <= step < len(steps):
        raise Refused("error-bad-payload")
    shown = steps[step].game
    board = Board(
        display.board_view(shown, names), None, "right", "image", display.labels(ctx.lang)
    )
    lines = [ctx.tr("replay-caption", game=game + 1, games=games, step=step + 1, steps=len(steps))]
    lines += describe(ctx, steps, step, names)
    return board, "\n".join(lines), _buttons(ctx, games, len(steps), game, step, payload_for)


def describe(
    ctx: Context, steps: Sequence[ReplayStep], step: int, names: Sequence[str]
) -> list[str]:
    """What step ``step`` shows, in words."""
    game = steps[step].game
    if step == 0:
        a, b = (format_points(p) for p in game.score)
        return [
            ctx.tr("replay-start", player=names[0], score=a, opponent=names[1], opponent_score=b)
        ]
    lines: list[str] = []
    dice = ""
    for entry in steps[step].entries:
        line, dice = _entry_text(ctx, entry, names, dice)
        if line:
            lines.append(line)
    if game.result is not None:
        lines.append(display.result_text(ctx.tr, game.result, names))
        lines.append(_score_after(ctx, game, names))
    return lines


def _entry_text(ctx: Context, entry: LogEntry, names: Sequence[str], dice: str) -> tuple[str, str]:
    """The line of one log entry and the dice of the roll it leaves for the play after it."""
    who = names[entry.player] if entry.player is not None else ""
    values = entry.value
    match entry.action:
        case "opening":
            d0, d1 = int(values[0]), int(values[1])
            if d0 == d1:
                return ctx.tr("opening-tie", die=d0), dice
            line = ctx.tr("opening-roll", player=names[0], die1=d0, opponent=names[1], die2=d1)
            return line, dice_text((d0, d1))
        case "auto_double":
            return ctx.tr("auto-double", value=int(values[0])), dice
        case "roll":
            return "", dice_text((int(values[0]), int(values[1])))
        case "move":
            if len(values) <= 1:
                return ctx.tr("event-no-play", player=who, dice=dice), ""
            return ctx.tr("replay-move", player=who, dice=dice, play=str(values[0])), ""
        case "double":
            return ctx.tr("event-doubles", player=who, value=int(values[0])), dice
        case "take":
            return ctx.tr("replay-take", player=who), dice
        case "pass":
            return ctx.tr("replay-pass", player=who), dice
        case "beaver":
            return ctx.tr("event-beavers", player=who, value=int(values[0])), dice
        case "resign":
            kind = display.KIND_WORDS.get(int(values[0]), "single")
            return ctx.tr("event-resign-offer", player=who, kind=kind), dice
        case "resign_accept":
            return ctx.tr("event-resign-accepted", player=who), dice
        case "resign_decline":
            return ctx.tr("event-resign-declined", player=who), dice
        case "time":
            return ctx.tr("result-time", player=who), dice
    return "", dice  # the result (said with the score), an accepted or refused beaver


def _score_after(ctx: Context, game: Game, names: Sequence[str]) -> str:
    won = game.award
    a, b = (format_points(game.score[i] + won[i]) for i in (0, 1))
    if game.match_length:
        return ctx.tr(
            "score-match",
            player=names[0],
            score=a,
            opponent=names[1],
            opponent_score=b,
            length=game.match_length,
        )
    return ctx.tr("score-money", player=names[0], score=a, opponent=names[1], opponent_score=b)


def _buttons(
    ctx: Context, games: int, steps: int, game: int, step: int, payload_for: PayloadFor
) -> Keyboard:
    moves: list[Button] = []
    if step > 0:
        moves.append(Button(ctx.tr("replay-button-back"), payload_for(game, step - 1)))
    if step + 1 < steps:
        moves.append(Button(ctx.tr("replay-button-next"), payload_for(game, step + 1)))
    jumps: list[Button] = []
    if game > 0:
        jumps.append(Button(ctx.tr("replay-button-previous-game"), payload_for(game - 1, 0)))
    if game + 1 < games:
        jumps.append(Button(ctx.tr("replay-button-next-game"), payload_for(game + 1, 0)))
    return tuple(row for row in (tuple(moves), tuple(jumps)) if row)


async def replay_open(ctx: Context, args: tuple[Any, ...]) -> list[Reply]:
    """The summary's Replay button: the first board of the imported match, as a new message."""
    if len(args) != 1:
        raise Refused("error-bad-payload")
    wanted = str(args[0])
    imported = await load_import(ctx, wanted)
    board, caption, buttons = replay_board(
        ctx, imported.match, imported.names, 0, 0, _payloads(wanted)
    )
    return [SendBoard(board, caption, buttons)]


async def replay(ctx: Context, args: tuple[Any, ...]) -> list[Reply]:
    """A replay board's button: the same message shows the step asked for."""
    if len(args) != 3:
        raise Refused("error-bad-payload")
    wanted, game, step = str(args[0]), int(args[1]), int(args[2])
    imported = await load_import(ctx, wanted)
    board, caption, buttons = replay_board(
        ctx, imported.match, imported.names, game, step, _payloads(wanted)
    )
    if ctx.update.message is None:
        return [SendBoard(board, caption, buttons)]
    return [EditBoard(ctx.update.message, board, caption, buttons)]


def _payloads(wanted: str) -> PayloadFor:
    def payload_for(game: int, step: int) -> str:
        return format_payload(Payload("replay", (wanted, game, step)))

    return payload_for
