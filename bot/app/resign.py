"""Resignations at a two-player table: offer (single, gammon, backgammon), accept, decline;
``accept`` also answers an open cube offer or beaver (a :data:`~bot.app.turn.Transition`)."""

from __future__ import annotations

from typing import Any

from bot.app.context import Context, Refused, usage
from engine.game import ActionKind, Game, Phase
from engine.result import WinKind

KIND_WORDS: dict[str, WinKind] = {
    "single": WinKind.SINGLE,
    "1": WinKind.SINGLE,
    "gammon": WinKind.GAMMON,
    "2": WinKind.GAMMON,
    "backgammon": WinKind.BACKGAMMON,
    "3": WinKind.BACKGAMMON,
}
"""Words for what a resignation concedes."""

ACTIONS = (
    ActionKind.RESIGN,
    "accept",
    ActionKind.RESIGN_ACCEPT,
    "decline",
    ActionKind.RESIGN_DECLINE,
)
"""The resignation actions: the engine's, and the typed words ``accept`` (which answers whatever
offer is open) and ``decline``."""


def resign_kind(args: tuple[Any, ...]) -> WinKind:
    """What ``resign [single|gammon|backgammon]`` concedes (a single game by default)."""
    kind = KIND_WORDS.get(str(args[0]).lower()) if args else WinKind.SINGLE
    if kind is None:
        raise usage("resign")
    return kind


def resign_transition(
    ctx: Context, game: Game, seat: int, action: str, args: tuple[Any, ...]
) -> Game:
    """The game after ``seat`` offers, accepts or declines a resignation."""
    if action == ActionKind.RESIGN:
        return game.offer_resign(seat, resign_kind(args))
    if action == "accept":
        if game.resign is not None:
            return game.accept_resign(seat)
        if game.phase is Phase.BEAVERED:
            return game.accept_beaver(seat)
        return game.take(seat)
    if action == ActionKind.RESIGN_ACCEPT:
        return game.accept_resign(seat)
    if action in ("decline", ActionKind.RESIGN_DECLINE):
        return game.decline_resign(seat)
    raise Refused("error-unknown-command", command=action)
