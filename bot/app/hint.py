"""``hint``: advice for the player to act, and the buttons that play a hinted play.

Who gets a hint: only the player whose decision it is now (the player on roll before rolling
and after, the doubled player answering a double; at a chouette the box or the captain on
roll, each member answering the box's double), at a table whose hints are on
(:func:`hints_on`).  Anyone else is told why not: a spectator, the opponent, a game over, hints
off in this match, the computer switched off.  The advice is for the player who asked alone
(:attr:`SendText.private <bot.app.types.SendText.private>`): on Discord an ephemeral message,
its buttons included; where a platform cannot show a message to one member of a group
(Telegram, the console) it is posted, as the table's hints being on allows.

The advice is worked out by an :class:`Adviser` (the computer's worker processes, on a lane of
their own: :meth:`bot.ai.worker.ComputerWorker.advise`), never in the event loop; deciding who
may have it reads the table and writes nothing.  Each hinted play is a button whose payload
carries the play's place among the turn's legal plays and the table version the hint was drawn
for: pressed, it goes through the normal pipeline (:func:`play_transition`: stale version
refused, the seat checked, compare-and-set, idempotent by the update id) and plays exactly that
play.

Hints are a table option, ``hints=on|off`` (``new … hints=on``, the lobby's button): on by default
against the computer, in money games and chouettes; in a match between two people only when both
agreed in the lobby — the creator asks for them (``hints=on``) and the opponent joins with the
"Join with hints" button (:func:`agreed_join`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, Protocol

from bot.ai.advice import Advice, CubeAdvice, no_advice_reason
from bot.app.context import Context, Refused
from bot.app.payload import Payload, format_payload
from bot.app.table import Table
from bot.app.types import Button, Reply, SendText
from engine.chouette import BOX, TEAM
from engine.game import ActionKind, Game, Phase
from engine.movegen import Play, legal_plays
from engine.notation import dice_text

__all__ = [
    "Adviser",
    "agreed_join",
    "asks_agreement",
    "hint",
    "hinted_play",
    "hints_on",
    "hints_text",
    "lobby_hints",
    "play_transition",
    "set_hints",
    "shown_ply",
]


class Adviser(Protocol):
    """What a hint needs: the advice for a player in a game, ``None`` when it could not be
    worked out (:class:`bot.ai.worker.ComputerWorker`)."""

    async def advise(self, game: Game, player: int) -> Advice | None:
        """The advice for ``player`` in ``game``."""
        ...


def _people(table: Table) -> list[str]:
    return [seat.user for seat in table.seats if not seat.computer]


def _between_people(table: Table) -> bool:
    return table.mode == "match" and len(table.seats) >= 2 and len(_people(table)) >= 2


def hints_on(table: Table) -> bool:
    """Whether hints may be asked at ``table``: never once turned off; in a match between two
    people only when both asked for them in the lobby; elsewhere unless turned off."""
    if table.lobby.hints is False:
        return False
    if table.mode == "match" and len(_people(table)) >= 2:
        return all(user in table.lobby.hints_agreed for user in _people(table))
    return True


def set_hints(table: Table, user: str, on: bool) -> Table:
    """``table`` (in its lobby) after ``user`` set ``hints=on`` or ``off`` (not yet bumped)."""
    agreed = tuple(u for u in table.lobby.hints_agreed if u != user)
    if on:
        agreed = (*agreed, user)
    return table.evolve(lobby=replace(table.lobby, hints=on, hints_agreed=agreed))


def agreed_join(table: Table, user: str) -> Table:
    """``table`` with ``user`` agreeing to the hints its creator asked for (joining with the
    "Join with hints" button)."""
    if table.lobby.hints is not True or user in table.lobby.hints_agreed:
        return table
    agreed = (*table.lobby.hints_agreed, user)
    return table.evolve(lobby=replace(table.lobby, hints_agreed=agreed))


def asks_agreement(table: Table) -> bool:
    """Whether the lobby of ``table`` waits for the opponent's word on hints (a match between
    people whose creator asked for them)."""
    return (
        table.mode == "match"
        and table.lobby.hints is True
        and not any(seat.computer for seat in table.seats)
    )


def lobby_hints(table: Table) -> bool:
    """The ``hints`` a lobby shows: asked for (a match between people, off unless asked), or
    not turned off (elsewhere)."""
    if table.mode == "match" and not any(seat.computer for seat in table.seats):
        return table.lobby.hints is True
    return table.lobby.hints is not False


def hints_text(tr: Callable[..., str], table: Table) -> str:
    """The lobby's line about hints."""
    if asks_agreement(table):
        return str(tr("hint-lobby-asked"))
    return str(tr("hint-lobby", state=tr("app-on" if lobby_hints(table) else "app-off")))


def _refuse_off(table: Table) -> Refused:
    if _between_people(table) and table.lobby.hints is not False:
        return Refused("hint-off-match")
    return Refused("hint-off")


def _decision(ctx: Context, table: Table) -> tuple[Game, int, str]:
    """The game, the side advised and its name, for the sender of ``hint`` (refused when the
    sender gets no hint)."""
    me = ctx.user.ref
    if table.stage == "lobby":
        raise Refused("hint-no-game")
    if table.stage == "over":
        raise Refused("hint-over")
    seat = table.seat_of(me)
    if seat is None:
        raise Refused("hint-spectator")
    if not hints_on(table):
        raise _refuse_off(table)
    if table.mode == "chouette":
        return _chouette_decision(table, me)
    game = table.state().game
    reason = no_advice_reason(game, seat)
    if reason is not None:
        raise Refused(_REASONS[reason])
    return game, seat, table.seats[seat].name


_REASONS = {"over": "hint-over", "not_your_turn": "hint-not-your-turn", "nothing": "hint-nothing"}

_ACTS = {Phase.ROLL: ActionKind.ROLL, Phase.MOVE: ActionKind.PLAY, Phase.DOUBLED: ActionKind.TAKE}
"""The chouette action that makes a member the one to advise, by phase."""


def _chouette_decision(table: Table, me: str) -> tuple[Game, int, str]:
    assert table.chouette is not None
    ch = table.chouette
    cur = ch.current
    if cur is None or cur.is_over:
        raise Refused("hint-over")
    if me in ch.waiting:
        raise Refused("hint-not-your-turn")
    game = cur.game
    side = BOX if me == cur.box else TEAM
    reason = no_advice_reason(game, side)
    if reason is not None:
        raise Refused(_REASONS[reason])
    act = _ACTS.get(game.phase)
    if act is None or act not in ch.allowed(me):
        raise Refused("hint-not-your-turn")
    name = next(seat.name for seat in table.seats if seat.user == me)
    return game, side, name


async def hint(ctx: Context, table: Table | None, adviser: Adviser | None) -> list[Reply]:
    """The advice for the sender, or why there is none (:class:`Refused`)."""
    if table is None:
        raise Refused("hint-no-game")
    game, side, name = _decision(ctx, table)
    if adviser is None:
        raise Refused("hint-no-computer")
    advice = await adviser.advise(game, side)
    if advice is None:
        raise Refused("hint-failed")
    return [advice_reply(ctx, table, game, name, advice)]


def advice_reply(ctx: Context, table: Table, game: Game, name: str, advice: Advice) -> SendText:
    """The hint as a message for the player who asked alone (``private``: where the platform
    can show it so, nobody else sees the advice or its buttons): its lines and, for plays, one
    button per hinted play."""
    if advice.engine == "nardy":
        lines = [ctx.tr("hint-title-nardy", player=name)]
    elif advice.engine == "nardy-net":
        lines = [ctx.tr("hint-title-nardy-net", player=name, ply=advice.ply)]
    else:
        title = f"hint-title-{advice.engine}"
        lines = [ctx.tr(title, player=name, ply=shown_ply(advice.engine, advice.ply))]
    buttons: list[tuple[Button, ...]] = []
    if advice.kind == "plays" and advice.plays:
        assert game.dice is not None
        dice = dice_text(game.dice)
        unit = "chance" if advice.engine == "nardy" else "equity"
        lines.append(ctx.tr("hint-plays", dice=dice, unit=unit))
        best = advice.plays[0].value
        for rank, play in enumerate(advice.plays, start=1):
            line = ctx.tr(
                "hint-play-line", rank=rank, play=play.notation, unit=unit, value=play.value
            )
            if rank > 1:
                line += " " + ctx.tr("hint-difference", unit=unit, value=play.value - best)
            if play.ply != advice.ply:
                # GNU Backgammon's move filter took it no deeper: its figure says less
                line += "  " + ctx.tr("hint-play-depth", ply=shown_ply(advice.engine, play.ply))
            lines.append(line)
            label = ctx.tr("hint-button", rank=rank, play=play.notation)
            payload = format_payload(Payload("hint_play", (play.index,), table.version))
            buttons.append((Button(label, payload),))
        lines.append(ctx.tr("hint-after", play=advice.plays[0].notation))
    elif advice.kind == "plays":
        lines.append(ctx.tr("hint-nothing"))
    elif advice.cube is not None:
        lines += _cube_lines(ctx, advice.kind, advice.cube)
    lines.append(_chances(ctx, advice, game.variant))
    return SendText("\n".join(lines), tuple(buttons), private=True)


def _cube_lines(ctx: Context, kind: str, cube: CubeAdvice) -> list[str]:
    mwc = cube.unit == "mwc"
    unit = "chance" if mwc else "equity"

    def figure(option: str, value: float) -> str:
        return ctx.tr("hint-cube-line", option=option, unit=unit, value=value)

    def diff(value: float) -> str:
        return " " + ctx.tr("hint-difference", unit=unit, value=value)

    if kind == "take":
        answer = "beaver" if cube.beaver else "take" if cube.take else "pass"
        lines = [ctx.tr("hint-take", answer=answer)]
        if cube.double_take is None or cube.double_pass is None:
            return lines
        if mwc:
            lines.append(ctx.tr("hint-match-chances"))
        # The taker's figures: minus the doubler's equities, or the rest of the chances.
        take, drop = (
            (1.0 - cube.double_take, 1.0 - cube.double_pass)
            if mwc
            else (
                -cube.double_take,
                -cube.double_pass,
            )
        )
        lines.append(figure("take", take))
        lines.append(figure("pass", drop) + diff(drop - take))
        return lines
    if not cube.may_double:
        return [ctx.tr("hint-no-double-now")]
    if cube.double:
        action = "double_take" if cube.take else "double_pass"
    else:
        action = "no_double" if cube.take else "too_good"
    lines = [ctx.tr("hint-cube", action=action)]
    if cube.no_double is None or cube.double_take is None or cube.double_pass is None:
        return lines
    if mwc:
        lines.append(ctx.tr("hint-match-chances"))
    figures = {
        "no_double": cube.no_double,
        "double_take": cube.double_take,
        "double_pass": cube.double_pass,
    }
    best = max(cube.no_double, min(cube.double_take, cube.double_pass))
    for option, value in figures.items():
        line = figure(option, value)
        if abs(value - best) > 5e-4:
            line += diff(value - best)
        lines.append(line)
    return lines


def shown_ply(engine: str, ply: int) -> int:
    """A depth as the engine that reached it counts it: Open Sage as eXtreme Gammon does (its
    1-ply is the net, GNU Backgammon's 0-ply), the others as GNU Backgammon does."""
    return ply + 1 if engine == "sage" else ply


def _chances(ctx: Context, advice: Advice, variant: str) -> str:
    """The chances of the player advised: winning only (the hand-weighted long nardy player's
    one figure), else win, gammon and backgammon either way, in the words of ``variant`` (long
    nardy's mars and koks)."""
    win, wg, wbg, lg, lbg = advice.chances
    if advice.engine == "nardy":
        return ctx.tr("hint-chance", win=win)
    return ctx.tr(
        "hint-chances",
        variant=variant,
        win=win,
        gammon=wg,
        backgammon=wbg,
        lose=1.0 - win,
        lose_gammon=lg,
        lose_backgammon=lbg,
    )


def hinted_play(game: Game, args: tuple[Any, ...]) -> Play:
    """The legal play a hint button names (refused when it names none)."""
    if game.phase is not Phase.MOVE or game.dice is None or len(args) != 1:
        raise Refused("hint-stale")
    plays = legal_plays(game.position, game.dice)
    index = args[0]
    if not isinstance(index, int) or not 0 <= index < len(plays):
        raise Refused("error-bad-payload")
    return plays[index]


def play_transition(
    ctx: Context, game: Game, seat: int, action: str, args: tuple[Any, ...]
) -> Game:
    """A hint's button pressed: exactly the hinted play (steps built since are taken back)."""
    play = hinted_play(game, args)
    if game.steps and game.turn == seat:
        game = game.reset_play(seat)
    return game.play(seat, play)
