"""The computer's turn at a two-player table: who it is, when the table waits for it, and what
its decided actions do to the game (:func:`apply`) and say (:func:`finish`).

The computer sits at a table as a :class:`~bot.app.table.Seat` whose user reference is
``computer:<level>`` (no platform has that name, so no person can act for it).  Its decisions
come from an :class:`Opponent` (:class:`bot.ai.worker.ComputerWorker` in production) one engine
action at a time; the app (:meth:`bot.app.App.computer_moves`) loads the table, asks, applies
each action here through the engine exactly as a person's would be applied, and writes the whole
turn with one compare-and-set under the update id :func:`update_id` of the table version it
was decided on — so two processes never both move for it and a retry is recognised.
"""

from __future__ import annotations

from typing import Protocol

from bot.app.context import Context
from bot.app.table import COMPUTER, Table, computer_level
from bot.app.timing import actor
from bot.app.turn import settle, turn_passed, with_match
from engine.game import Action, ActionKind, Game, Phase
from engine.match import Match
from engine.notation import dice_text

WORDS = frozenset({"bot", "computer", "ai"})
"""Words of ``new`` (and ``position``) that seat the computer (at the default level unless a
level word comes too)."""

MAX_ACTIONS = 16
"""Most actions of one computer turn (a double answered, a roll, a play …: a handful)."""

GRACE = 5.0
"""Seconds past its budget after which a computer turn that nobody finished is due for
``App.tick`` (the process that was playing it may have died)."""


class Opponent(Protocol):
    """What the app needs of the computer: a time budget and a decision per level."""

    def budget(self, level: str) -> float:
        """Seconds one decision at ``level`` may take."""
        ...

    async def decide(self, game: Game, player: int, level: str, seed: str) -> Action | None:
        """The next action of ``player`` in ``game`` at ``level`` (``None``: none is his)."""
        ...

    def ponder(self, game: Game, mover: int, player: int, level: str) -> None:
        """Think, while ``mover`` thinks over his roll or his cube in ``game``, about what
        ``player`` at ``level`` will do next (in the background; it may do nothing)."""
        ...


def ref(level: str) -> str:
    """The user reference of the computer playing at ``level``."""
    return f"{COMPUTER}:{level}"


def name(ctx: Context, level: str) -> str:
    """The computer's name at a table: ``Computer (strong)``."""
    return ctx.tr("computer-name", level=level)


def _against_computer(table: Table | None) -> bool:
    """Whether ``table`` is a two-player table in play with the computer in a seat (checked
    before its match is read: most tables have no computer)."""
    return (
        table is not None
        and table.stage == "play"
        and table.mode != "chouette"
        and table.match is not None
        and any(computer_level(s.user) is not None for s in table.seats)
    )


def waiting(table: Table | None) -> tuple[int, str] | None:
    """The seat and level of the computer the table waits for now, or ``None``."""
    if table is None or not _against_computer(table):
        return None
    seat = actor(table.state())
    if seat is None or seat >= len(table.seats):
        return None
    level = computer_level(table.seats[seat].user)
    return None if level is None else (seat, level)


def to_ponder(table: Table | None) -> tuple[Game, int, int, str] | None:
    """What the computer may think about on a person's time at ``table``: the game where a
    person is on roll or has rolled and has yet to play, his seat, the computer's seat and its
    level (``None`` where no person at a two-player table with the computer is to act so)."""
    if table is None or not _against_computer(table) or len(table.seats) != 2:
        return None
    game = table.state().game
    mover = game.turn
    if game.phase not in (Phase.ROLL, Phase.MOVE) or game.is_over or game.resign is not None:
        return None
    if mover is None or mover > 1:
        return None
    if computer_level(table.seats[mover].user) is not None:
        return None
    level = computer_level(table.seats[1 - mover].user)
    return None if level is None else (game, mover, 1 - mover, level)


def update_id(table: Table) -> str:
    """The idempotency id of the computer's turn decided on ``table``."""
    return f"ai:{table.version}"


def apply(
    ctx: Context, table: Table, match: Match, seat: int, action: Action
) -> tuple[Match, list[str]]:
    """``match`` after the computer in ``seat`` took ``action`` (through the engine, so an
    illegal action raises as a person's would) and what plays itself; the notes to show."""
    game = match.game
    me = table.seats[seat].name
    notes: list[str] = []
    if action.kind == ActionKind.PLAY and action.play is not None:
        assert game.dice is not None
        dice = dice_text(game.dice)
        game = game.play(seat, action.play)
        notes.append(ctx.tr("computer-plays", player=me, dice=dice, play=_notation(action)))
    else:
        game = game.apply(action, ctx.dice)
        if action.kind == ActionKind.TAKE:
            notes.append(ctx.tr("computer-takes", player=me))
        elif action.kind == ActionKind.PASS:
            notes.append(ctx.tr("computer-passes", player=me))
        elif action.kind == ActionKind.BEAVER_ACCEPT:
            notes.append(ctx.tr("computer-beaver-accepted", player=me))
        elif action.kind == ActionKind.RESIGN_ACCEPT:
            notes.append(ctx.tr("event-resign-accepted", player=me))
        elif action.kind == ActionKind.RESIGN_DECLINE:
            notes.append(ctx.tr("event-resign-declined", player=me))
    match = match.with_game(game)
    match, more = settle(ctx, table, match)
    return match, notes + more


def finish(ctx: Context, table: Table, match: Match, notes: list[str]) -> Table:
    """The table after the computer's turn, its board and notes among ``ctx.replies``."""
    new = with_match(ctx, table, match, abort_by=None)
    return turn_passed(ctx, table, new, match, notes)


def _notation(action: Action) -> str:
    play = action.play
    if play is None:
        return ""
    return play if isinstance(play, str) else play.notation()
