"""The doubling cube at a two-player table: double, take, pass, beaver, and the answer to a
beaver (a :data:`~bot.app.turn.Transition` for :func:`~bot.app.turn.game_use_case`)."""

from __future__ import annotations

from typing import Any

from bot.app.context import Context, Refused
from engine.game import Game

ACTIONS = ("double", "take", "pass", "beaver", "beaver_accept", "beaver_refuse")
"""The cube's actions."""


def cube_transition(
    ctx: Context, game: Game, seat: int, action: str, args: tuple[Any, ...]
) -> Game:
    """The game after ``seat``'s cube action."""
    if action == "double":
        return game.double(seat)
    if action == "take":
        return game.take(seat)
    if action == "pass":
        return game.pass_(seat)
    if action == "beaver":
        return game.beaver(seat)
    if action == "beaver_accept":
        return game.accept_beaver(seat)
    if action == "beaver_refuse":
        return game.refuse_beaver(seat)
    raise Refused("error-unknown-command", command=action)
