"""The correspondence clock: ``clock 12h`` / ``clock off``, the claim of a player whose
opponent's time ran out (``claim``, ``claim match``), and what a due clock says (:func:`due`:
the reminder, then the "time is up" notice with the claim buttons)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.app import fair, results
from bot.app.context import Context, Refused, usage
from bot.app.payload import Payload, format_payload
from bot.app.syntax import CommandSyntax, say, typed_syntax
from bot.app.table import Table
from bot.app.timing import actor, clocked, duration, parse_clock, wake_time
from bot.app.turn import game_over, settle, turn_passed, with_match
from bot.app.types import Button, ClockNotice, Keyboard, Reply, SendText
from bot.i18n import t


def set_clock(ctx: Context, table: Table, action: str, args: tuple[Any, ...]) -> Table:
    """``clock DURATION`` or ``clock off`` at a two-player table."""
    if table.seat_of(ctx.user.ref) is None:
        raise Refused("error-not-seated")
    if table.mode == "chouette":
        raise Refused("app-clock-two-players")
    if table.event is not None:
        raise Refused("tournament-fixed-terms")  # the event's clock, the same for everyone
    seconds = parse_clock(str(args[0]) if args else "")
    if seconds is None:
        raise Refused("error-bad-clock")
    new = replace(table, clock=replace(table.clock, seconds=seconds, deadline=None, reminded=False))
    if seconds:
        ctx.replies.append(SendText(ctx.tr("clock-set", duration=duration(ctx.tr, seconds))))
    else:
        ctx.replies.append(SendText(ctx.tr("clock-off")))
    if table.stage == "play" and table.match is not None:
        new = clocked(ctx, new, new, table.state(), fresh=True)
    return new


def claim(ctx: Context, table: Table, action: str, args: tuple[Any, ...]) -> Table:
    """The opponent of a player whose move clock ran out takes the game, or (``claim match``
    at a match table, the ``claim_match`` button) the game and the match."""
    if action == "claim_match":
        args = ("match",)
    whole = bool(args) and str(args[0]).lower() == "match"
    if args and not whole and str(args[0]).lower() != "game":
        raise usage("claim")
    seat = table.seat_of(ctx.user.ref)
    if seat is None:
        raise Refused("error-not-seated")
    if table.match is None or table.clock.deadline is None:
        raise Refused("app-no-clock")
    if whole and table.mode != "match":
        raise usage("claim")
    match = table.state()
    late = actor(match)
    if late is None or late == seat or ctx.now < table.clock.deadline:
        raise Refused("error-clock-running")
    match = match.with_game(match.game.time_out(late))
    name = table.seats[seat].name
    notes = [ctx.tr("clock-claimed", player=name, what="game")]
    if whole:
        notes.append(ctx.tr("clock-claimed", player=name, what="match"))
        # The match ends here, on time, even when the game claimed was its last (a 1-point
        # match): noted before the game's end, which would note it as played.
        results.match_ended(ctx, table, match, seat, "time")
        # The game's result is counted, no next game is started.
        if match.game.is_over:
            notes.append(game_over(ctx, table, match))
        secret = "" if match.is_over else fair.reveal_secret(ctx, table)  # (else shown above)
        if secret:
            notes.append(secret)
        new = with_match(ctx, table, match, forfeit=seat)
        new = replace(new.with_deadline(None), stage="over")
        return turn_passed(ctx, table, new, match, notes, closed=True)
    match, more = settle(ctx, table, match)
    new = with_match(ctx, table, match)
    return turn_passed(ctx, table, new, match, notes + more)


def due(
    table: Table | None, now: float, lang: str, syntax: CommandSyntax = typed_syntax
) -> tuple[Table | None, list[Reply], float | None]:
    """What a table's clock does at ``now``: the table to write (``None``: nothing), the
    notices to post (:class:`ClockNotice`, naming commands in ``syntax``), and the table's next
    clock event to keep among the deadlines."""
    if table is None or table.clock.deadline is None or table.match is None:
        return None, [], None
    waiting = actor(table.state())
    if waiting is None:
        return None, [], None
    lang = table.lang or lang
    if now >= table.clock.deadline:
        return table.with_reminded(True), [expired(table, lang, waiting, syntax)], None
    if not table.clock.reminded and now >= wake_time(table):
        new = table.with_reminded(True)
        return (
            new,
            [reminder(table, lang, waiting, int(table.clock.deadline - now))],
            new.clock.deadline,
        )
    # Not due yet (an early hint): keep the table's own next event in the deadlines.
    return None, [], wake_time(table)


def reminder(table: Table, lang: str, late: int, left: int) -> ClockNotice:
    """The reminder to seat ``late``, ``left`` seconds before his time is up."""

    def tr(message: str, **params: Any) -> str:
        return t(lang, message, **params)

    names = [s.name for s in table.seats]
    text = tr("clock-reminder", player=names[late], left=duration(tr, left))
    private = tr(
        "clock-private-reminder",
        left=duration(tr, max(60, left)),
        opponent=names[1 - late],
    )
    return ClockNotice(
        text,
        late=table.seats[late].user,
        left=left,
        brief=text,
        told=((table.seats[late].user, private),),
    )


def expired(
    table: Table, lang: str, late: int, syntax: CommandSyntax = typed_syntax
) -> ClockNotice:
    """The "time is up" notice of seat ``late``, with the claim buttons (game, and match at a
    match table) for his opponent."""
    v = table.version
    names = [s.name for s in table.seats]
    player, opponent = names[late], names[1 - late]
    what = "match" if table.mode == "match" else "game"
    game_button = Button(t(lang, "button-claim-game"), format_payload(Payload("claim", (), v)))
    buttons: Keyboard
    if table.mode == "match":
        text = say(lang, syntax, "app-clock-expired-match", player=player, opponent=opponent)
        match_button = Button(
            t(lang, "button-claim-match"), format_payload(Payload("claim_match", (), v))
        )
        buttons = ((game_button, match_button),)
    else:
        text = say(lang, syntax, "clock-expired", player=player, opponent=opponent, what="game")
        buttons = ((game_button,),)
    late_user, claimer = table.seats[late].user, table.seats[1 - late].user
    return ClockNotice(
        text,
        buttons,
        late=late_user,
        claimer=claimer,
        brief=t(lang, "clock-brief-expired", player=player, opponent=opponent, what=what),
        told=(
            (late_user, t(lang, "clock-private-late", opponent=opponent, what=what)),
            (claimer, t(lang, "clock-private-claim", player=player, what=what)),
        ),
    )
