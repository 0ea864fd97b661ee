"""The doubling cube at a two-player table: double, take, pass, beaver, and the answer to a
beaver (a :data:`~bot.app.turn.Transition` for :func:`~bot.app.turn.game_use_case`)."""

from __future__ import annotations

from typing import Any

from bot.app.context import Context, Refused
from engine.game import Action, ActionKind, Game

ACTIONS = frozenset(
    {
        ActionKind.DOUBLE,
        ActionKind.TAKE,
        ActionKind.PASS,
        ActionKind.BEAVER,
        ActionKind.BEAVER_ACCEPT,
        ActionKind.BEAVER_REFUSE,
    }
)
"""The cube's actions: the app names them as the engine does."""


def cube_transition(
    ctx: Context, game: Game, seat: int, action: str, args: tuple[Any, ...]
) -> Game:
    """The game after ``seat``'s cube action, the engine's action of the same name."""
    if action not in ACTIONS:
        raise Refused("error-unknown-command", command=action)
    return game.apply(Action(ActionKind(action), seat))
