"""``dice`` / ``dicestats`` (yours) or ``dice NAME``: the player's rolls on this platform
against the odds (faces, doubles, entering from the bar, chi-squared p-values), and the whole
commitment of the match's secret (from the lobby on), and the commitment and client seeds of
the game in play at this chat's table."""

from __future__ import annotations

from typing import Any

from bot.app import fair
from bot.app.context import Context, Refused
from bot.app.players import find_player
from bot.app.standing import load_standing
from bot.app.table import Table
from bot.app.types import Reply, SendText
from bot.store import CorruptRecord
from engine.dicestats import DOUBLES_ODDS, ENTERING_ODDS, Test


def _p(test: Test) -> float | str:
    """A test's p-value for the catalogue: the number, or ``"none"`` without data."""
    return "none" if test.p_value is None else test.p_value


async def dice(ctx: Context, args: tuple[Any, ...]) -> list[Reply]:
    """The statistics of the sender's (or the named player's) dice, and the table's commitment."""
    found = await find_player(ctx, args)
    if found is None:
        raise Refused("player-unknown", name=" ".join(str(a) for a in args)[:40])
    user, name = found
    stats = (await load_standing(ctx.users.store, user)).dice
    lines: list[str] = []
    record = await ctx.users.store.load(ctx.update.table)
    table: Table | None = None
    if record is not None:
        try:
            table = Table.decode(record.payload)
        except (ValueError, CorruptRecord):
            table = None
    secret = None if table is None or table.stage == "over" else table.secret_commitment
    if secret is not None:
        lines.append(ctx.tr("dice-secret-whole", commitment=secret))
    if table is not None and table.dice.current is not None and table.stage == "play":
        lines.append(ctx.tr("dice-commitment-whole", commitment=table.dice.current.commitment))
        lines.append(fair.seeds_note(ctx, table))
    if not stats.rolls:
        lines.append(ctx.tr("dice-none", player=name))
        return [SendText("\n".join(lines))]
    lines.append(
        ctx.tr(
            "dice-summary",
            player=name,
            rolls=stats.rolls,
            doubles=stats.doubles,
            share=stats.doubles_share or 0.0,
            expected=float(DOUBLES_ODDS),
            p=_p(stats.doubles_test()),
        )
    )
    total = sum(stats.faces) or 1
    faces = ", ".join(
        ctx.tr("dice-face", face=face, share=n / total) for face, n in enumerate(stats.faces, 1)
    )
    # each face shows on a sixth of the dice
    lines.append(ctx.tr("dice-faces", faces=faces, expected=1 / 6, p=_p(stats.faces_test())))
    for closed, ((tries, entered), odds) in enumerate(
        zip(stats.entering, ENTERING_ODDS, strict=True), 1
    ):
        if tries:
            lines.append(
                ctx.tr(
                    "dice-entering",
                    closed=closed,
                    entered=entered,
                    tries=tries,
                    share=entered / tries,
                    expected=float(odds),
                )
            )
    entering = stats.entering_test()
    if entering.p_value is not None:
        lines.append(ctx.tr("dice-entering-p", p=entering.p_value))
    return [SendText("\n".join(lines))]
