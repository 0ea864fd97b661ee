"""A table from ``new`` to its first roll: open it (game, mode, length, options), join,
leave, toggle an option, start a chouette, and abort (at once early on, else by agreement)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.ai.worker import DEFAULT_LEVEL, LEVEL_NAMES
from bot.app import chouette_play, fair, opponent, results
from bot.app.context import Context, Refused, usage
from bot.app.hint import agreed_join, set_hints
from bot.app.invite import reserved_for
from bot.app.options import (
    OPTION_NAMES,
    TOGGLES,
    lobby_message,
    option_value,
    options_from_dict,
    toggle_applies,
    variant_options,
)
from bot.app.payload import Payload, format_payload
from bot.app.positions import start_game
from bot.app.table import Seat, Table, TableSettings
from bot.app.types import Button, ClearButtons, SendText
from engine.cube import Options
from engine.errors import EngineError
from engine.fairdice import logged_rolls
from engine.game import Phase

VARIANT_WORDS: dict[str, str] = {
    "backgammon": "backgammon",
    "bg": "backgammon",
    "short": "backgammon",
    "nardy": "long_nardy",
    "long": "long_nardy",
    "long_nardy": "long_nardy",
    "narde": "long_nardy",
}
"""Words for the game in ``new``."""


MAX_MATCH = 63
"""Longest match the bot sets up."""

MAX_SEATS_CHOUETTE = 8
"""Most players at one chouette."""


def new(ctx: Context, table: Table | None, args: tuple[Any, ...]) -> Table:
    """``new [backgammon|nardy] [N|money|chouette] [bot [LEVEL]] [name=value ...]``: a table in
    its lobby; with ``bot`` the computer takes the second seat (in a private chat the game
    starts at once, in a group against whoever joins)."""
    if table is not None and table.stage != "over":
        raise Refused("table-game-running")
    variant, mode, length = "backgammon", "match", 0
    prime_rule = False
    hints: bool | None = None
    changes: dict[str, Any] = {}
    bot: str | None = None
    for raw in args:
        word = str(raw).lower()
        if word in opponent.WORDS:
            bot = bot or DEFAULT_LEVEL
        elif word in LEVEL_NAMES:
            bot = word
        elif word in VARIANT_WORDS:
            variant = VARIANT_WORDS[word]
        elif word == "money":
            mode = "money"
        elif word == "match":
            mode = "match"
        elif word == "chouette":
            mode = "chouette"
        elif word.isascii() and word.isdigit():
            length = int(word)
            mode = "match" if length else "money"  # 0 points: money play, as the help says
        elif "=" in word:
            name, _, value = word.partition("=")
            if name == "koks":
                changes["backgammon_counts"] = 3 if option_value("cube", value) else 2
            elif name == "prime_rule":
                prime_rule = bool(option_value("cube", value))
            elif name == "hints":
                hints = bool(option_value(name, value))
            else:
                changes[name] = option_value(name, value)
        elif bot is not None:
            raise Refused("computer-bad-level", level=word[:24], levels=", ".join(LEVEL_NAMES))
        else:
            raise usage("new")
    if bot is not None and not ctx.computer:
        raise Refused("computer-unavailable")
    if bot is not None and mode == "chouette":
        raise Refused("computer-two-players")
    if (
        mode == "match"
        and length == 0
        and not any(str(w).isascii() and str(w).isdigit() for w in args)
    ):
        length = 1 if variant == "long_nardy" else 5
    if not 1 <= length <= MAX_MATCH and mode == "match":
        raise Refused("app-bad-length", max=MAX_MATCH)
    if mode == "chouette" and variant != "backgammon":
        raise Refused("app-chouette-backgammon")
    if mode != "match":
        length = 0
    if prime_rule and variant == "long_nardy":
        variant = "long_nardy_home_prime"
    options = variant_options(variant, changes)
    seat = Seat(ctx.user.ref, ctx.user.name)
    if bot is not None:
        seat = Seat(opponent.ref(bot), opponent.name(ctx, bot))
    opened = Table(
        mode=mode,  # type: ignore[arg-type]
        variant=variant,
        creator=ctx.user.ref,
        length=length,
        options=options.to_dict(),
        seats=(seat,),
        settings=table.settings if table is not None else TableSettings(),
        version=(table.version + 1) if table is not None else 1,
        games=table.games if table is not None else 0,
    )
    if hints is not None:
        opened = set_hints(opened, ctx.user.ref, hints)
    opened = fair.open_table(ctx, opened)  # the dice's secret, before any client seed
    if bot is not None and ctx.update.private:
        return start_game(ctx, opened, (Seat(ctx.user.ref, ctx.user.name), seat))
    ctx.replies.append(lobby_message(ctx, opened))
    return opened


def option(ctx: Context, table: Table, action: str, args: tuple[Any, ...]) -> Table:
    """The creator toggles an option in the lobby (a button)."""
    if table.stage != "lobby":
        raise Refused("app-already-started")
    if ctx.user.ref != table.creator:
        raise Refused("error-not-creator")
    name, value = str(args[0]), str(args[1]) if len(args) > 1 else ""
    if name not in TOGGLES or not toggle_applies(table, name):
        raise Refused("app-unknown-option", option=name, options=", ".join(OPTION_NAMES))
    if name == "hints":
        return _changed(ctx, set_hints(table, ctx.user.ref, value == "on").bumped())
    changed = dict(Options.from_dict(table.options).to_dict())
    changed[name] = value == "on"
    options = options_from_dict(changed)
    return _changed(ctx, table.bumped(options=options.to_dict()))


def _changed(ctx: Context, bumped: Table) -> Table:
    """The lobby after an option changed: the old lobby's buttons go, the new lobby is shown."""
    if ctx.update.message is not None:
        ctx.replies.append(ClearButtons(ctx.update.message))
    ctx.replies.append(lobby_message(ctx, bumped))
    return bumped


def start(ctx: Context, table: Table, action: str, args: tuple[Any, ...]) -> Table:
    """The creator starts a chouette."""
    if table.mode != "chouette":
        raise Refused("app-start-chouette-only")
    return chouette_play.start(ctx, table)


def join(ctx: Context, table: Table, action: str, args: tuple[Any, ...]) -> Table:
    """Take the free seat (the game starts), or a place at a chouette; ``join_hints``: agreeing
    to the hints the creator asked for."""
    me = ctx.user.ref
    if action == "join_hints":
        table = agreed_join(table, me)
    if table.seat_of(me) is not None:
        raise Refused("error-already-seated")
    seat = Seat(me, ctx.user.name)
    if table.mode == "chouette":
        if len(table.seats) >= MAX_SEATS_CHOUETTE:
            raise Refused("table-full")
        if table.stage != "lobby":
            return chouette_play.join_running(ctx, table)
        joined = table.bumped(seats=(*table.seats, seat))
        if ctx.update.message is not None:
            ctx.replies.append(ClearButtons(ctx.update.message))
        ctx.replies.append(lobby_message(ctx, joined))
        return joined
    if table.stage != "lobby" or len(table.seats) >= 2:
        raise Refused("table-full")
    shown = reserved_for(table, ctx.user, ctx.now)
    if shown is not None:
        raise Refused("table-seat-reserved", invitee=shown)
    if table.seats and table.seats[0].computer:
        # the person sits first (at a ``position`` table he plays X all the same: x_last)
        return start_game(ctx, table, (seat, table.seats[0]))
    return start_game(ctx, table, (*table.seats, seat))


def leave(ctx: Context, table: Table, action: str, args: tuple[Any, ...]) -> Table:
    """Leave the lobby (the creator closes the table), or a chouette."""
    me = ctx.user.ref
    if table.seat_of(me) is None:
        raise Refused("error-not-seated")
    if table.mode == "chouette" and table.stage != "lobby":
        return chouette_play.leave_running(ctx, table)
    if table.mode != "chouette" and table.stage != "lobby":
        raise Refused("app-leave-playing")
    if me == table.creator:
        ctx.replies.append(SendText(ctx.tr("app-table-closed")))
        return table.bumped(stage="over", seats=())
    seats = tuple(s for s in table.seats if s.user != me)
    ctx.replies.append(SendText(ctx.tr("table-left", player=ctx.user.name)))
    return table.bumped(seats=seats)


def abort(ctx: Context, table: Table, action: str, args: tuple[Any, ...]) -> Table:
    """``abort``: at once by the creator before the first roll, else when both ask (the
    computer always agrees)."""
    me = ctx.user.ref
    lobby = table.stage == "lobby"
    if table.event is not None:
        raise Refused("tournament-no-abort")  # a tournament game ends with a result
    if table.seat_of(me) is None and not (lobby and me == table.creator):
        raise Refused("error-not-seated")
    early = lobby or (table.games == 0 and _not_rolled(table))
    against_computer = any(seat.computer for seat in table.seats)
    if (
        (early and me == table.creator)
        or table.abort_by not in (None, me)
        or (against_computer and table.mode != "chouette")
    ):
        if ctx.update.message is not None:
            ctx.replies.append(ClearButtons(ctx.update.message))
        board = table.place.board_message
        if board is not None and board != ctx.update.message:
            ctx.replies.append(ClearButtons(board))
        text = ctx.tr("table-aborted")
        if table.dice.current is not None:  # the game in play ends here: its seed may be shown
            number = table.dice.current.seed.game_id.rpartition(".")[2]
            if table.chouette is not None:  # which keeps no game: its dice are kept for export
                current = table.chouette.current
                rolls = [] if current is None else logged_rolls(current.game.log)
                table, revealed = fair.reveal_kept(ctx, table, number, rolls)
            else:
                revealed = fair.reveal(ctx, number)
            if revealed:
                text += "\n" + revealed
        secret = fair.reveal_secret(ctx, table)  # the match or session ends here
        if secret:
            text += "\n" + secret
        if not early and table.match is not None:  # abandoned by agreement: kept, not rated
            results.match_ended(ctx, table, table.state(), None, "agreed")
        ctx.replies.append(SendText(text))
        place = replace(table.place, board_message=None)
        return table.bumped(stage="over", abort_by=None, place=place)
    if table.abort_by == me:
        raise Refused("app-abort-pending")
    asked = table.bumped(abort_by=me)
    button = Button(ctx.tr("button-abort"), format_payload(Payload("cancel", (), asked.version)))
    text = ctx.tr("table-abort-requested", player=ctx.user.name)
    ctx.replies.append(SendText(text, ((button,),)))
    return asked


def _not_rolled(table: Table) -> bool:
    if table.match is None:
        return True
    try:
        match = table.state()
    except EngineError:
        return False
    game = match.game
    return game.phase is Phase.OPENING or (match.start is not None and not game.log)
