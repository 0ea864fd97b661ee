"""Play where every message the bot sends is counted (a Telegram group: 20 a minute, edits too).

A table is *frugal* when its chat limits the bot's messages (the adapter marks such updates,
:attr:`bot.app.types.Update.frugal`, and the table remembers it).  There a turn costs as few
messages as the game allows, at most two board edits: one for a roll the player pressed, one
for his play.

- The dice are rolled at once when the player on roll may not double: there is nothing for him
  to decide, so no Roll press and no edit.
- A play is chosen with one press when there are few (:data:`ONE_PRESS_PLAYS`): each button is
  a complete legal play, its payload the play's index in :func:`choices`, checked against the
  table version.
- Otherwise the board offers, for the whole turn, every single step of every legal play
  (:func:`turn_steps`) with Undo and Confirm.  A step or an undo is answered by a toast (shown
  to the presser alone, not a message) saying the play so far; the keyboard stays valid for the
  rest of the turn, as such a press does not bump the table version (nobody else sees a
  change).  Confirm makes the play: the toasts are all the presser sees of it until then, so
  he checks it and may take a step back, as in a private chat.

When the steps of a turn do not fit on one keyboard (:data:`MAX_TURN_STEPS`) that turn is played
as in private chats (each step shown on the board).

Why Confirm stays: a turn costs the same two edits either way, and at a brisk pace (a press
every 2 s, ``python -m benchmarks.group_flow``) the press it adds keeps the group's edits
within 20 a minute (0.57 group call per press on random games, against 0.70 without it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from bot.app.context import Context, Refused
from bot.app.display import step_label
from bot.app.payload import Payload, format_payload
from bot.app.table import Table
from bot.app.types import Button, Keyboard
from engine.game import ActionKind, Game, Phase
from engine.notation import format_play
from engine.steps import Play, Step

Tr = Callable[..., str]

ONE_PRESS_PLAYS = 8
"""Up to this many distinct legal plays, each is a button of its own."""

MAX_TURN_STEPS = 20
"""The most step buttons a turn's keyboard shows (one more row: undo)."""

STEP_ROW = 5
"""Step buttons per row."""

PLAY_ROW = 2
"""Play buttons per row."""

Mode = Literal["plays", "steps", "edit"]
"""How a frugal table's player enters a play: one press per play, a fixed keyboard of steps
answered by toasts, or step by step with the board edited (too many steps for one keyboard)."""


def is_frugal(ctx: Context, table: Table) -> bool:
    """Whether replies at ``table`` should spend as few messages as possible."""
    return table.place.frugal or ctx.update.frugal


def choices(game: Game) -> tuple[Play, ...]:
    """The legal plays of the turn (from its start, whatever steps are made) in the order their
    buttons show them: by their notation."""
    if game.phase is not Phase.MOVE or game.dice is None:
        return ()
    plays = game.builder.legal_plays
    position, dice = game.position, game.dice
    named = sorted((format_play(position, dice, p, plays=plays), p) for p in plays)
    return tuple(p for _, p in named)


def play_labels(game: Game) -> tuple[str, ...]:
    """The button text of each of :func:`choices`."""
    if game.dice is None:
        return ()
    plays = game.builder.legal_plays
    return tuple(format_play(game.position, game.dice, p, plays=plays) for p in choices(game))


def turn_steps(game: Game) -> tuple[Step, ...]:
    """Every single step of every legal play of the turn, once each (``hit`` when it may hit),
    highest point first: the keyboard that stays the same while the play is built."""
    if game.phase is not Phase.MOVE:
        return ()
    seen: dict[tuple[int, int], bool] = {}
    for play in game.builder.legal_plays:
        for step in play.steps:
            key = (step.frm, step.to)
            seen[key] = seen.get(key, False) or step.hit
    ordered = sorted(seen, key=lambda k: (-k[0], -k[1]))
    return tuple(Step(frm, to, seen[(frm, to)]) for frm, to in ordered)


def mode(game: Game) -> Mode:
    """How the play of this turn is entered at a frugal table."""
    count = len(game.builder.legal_plays) if game.phase is Phase.MOVE else 0
    if count <= ONE_PRESS_PLAYS:
        return "plays"
    if len(turn_steps(game)) <= MAX_TURN_STEPS:
        return "steps"
    return "edit"


def quiet(game: Game) -> bool:
    """Whether a step or an undo in this turn is answered by a toast alone (the keyboard shown
    stays valid)."""
    return game.phase is Phase.MOVE and mode(game) != "edit"


def move_keyboard(tr: Tr, game: Game, version: int) -> Keyboard | None:
    """The keyboard of a frugal table's move (``None``: the step-by-step keyboard)."""
    kind = mode(game)
    if kind == "edit":
        return None
    if kind == "plays":
        buttons = [
            Button(label, format_payload(Payload("choose", (i,), version)))
            for i, label in enumerate(play_labels(game))
        ]
        return tuple(tuple(buttons[i : i + PLAY_ROW]) for i in range(0, len(buttons), PLAY_ROW))
    steps = [
        Button(step_label(s), format_payload(Payload(ActionKind.STEP, (s.frm, s.to), version)))
        for s in turn_steps(game)
    ]
    rows = [tuple(steps[i : i + STEP_ROW]) for i in range(0, len(steps), STEP_ROW)]
    rows.append(
        (
            Button(tr("button-undo"), format_payload(Payload(ActionKind.UNDO, (), version))),
            Button(tr("button-confirm"), format_payload(Payload(ActionKind.CONFIRM, (), version))),
        )
    )
    return tuple(rows)


def move_hint(tr: Tr, game: Game) -> str | None:
    """The caption's line on how to enter this turn's play (``None``: nothing to add)."""
    if game.phase is not Phase.MOVE or mode(game) != "steps":
        return None
    return tr("group-steps-hint")


def chosen(game: Game, args: tuple[Any, ...]) -> Play:
    """The play a ``choose`` button names (its index among :func:`choices`); a button this
    turn does not offer is refused."""
    if len(args) != 1 or game.phase is not Phase.MOVE or mode(game) != "plays":
        raise Refused("error-play-not-offered")
    offered = choices(game)
    index = int(args[0])
    if not 0 <= index < len(offered):
        raise Refused("error-play-not-offered")
    return offered[index]


def progress(tr: Tr, game: Game) -> str:
    """The toast after a step or an undo: the play so far and the dice still to play."""
    made = Play(game.steps).notation()
    if not game.steps:
        return tr("group-step-none")
    if game.builder.is_complete:
        return tr("event-play-ready", play=made)
    left = " ".join(str(d) for d in game.builder.dice_left)
    return tr("group-step-made", play=made, dice=left)
