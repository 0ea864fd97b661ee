"""``dice`` / ``dicestats`` (yours) or ``dice NAME``: the player's rolls on this platform
against the odds (faces, doubles, entering from the bar, chi-squared p-values), and the whole
commitment and client seeds of the game in play at this chat's table."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from bot.app import fair
from bot.app.context import Context, Refused
from bot.app.players import find_player
from bot.app.standing import load_standing
from bot.app.table import Table
from bot.app.types import Reply, SendText
from bot.store import CorruptRecord
from engine.dicestats import ENTERING_ODDS, Test


def _p(test: Test) -> str:
    return "—" if test.p_value is None else f"{test.p_value:.3f}"


def _percent(share: float | Fraction) -> str:
    return f"{float(share) * 100:.1f}"


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
    if table is not None and table.dice.current is not None and table.stage == "play":
        lines.append(ctx.tr("dice-commitment-whole", commitment=table.dice.current.commitment))
        lines.append(fair.seeds_note(ctx, table))
    if not stats.rolls:
        lines.append(ctx.tr("dice-none", player=name))
        return [SendText("\n".join(lines))]
    share = stats.doubles_share or 0.0
    lines.append(
        ctx.tr(
            "dice-summary",
            player=name,
            rolls=str(stats.rolls),
            doubles=str(stats.doubles),
            share=_percent(share),
            p=_p(stats.doubles_test()),
        )
    )
    total = sum(stats.faces) or 1
    faces = ", ".join(f"{i}: {_percent(n / total)}%" for i, n in enumerate(stats.faces, 1))
    lines.append(ctx.tr("dice-faces", faces=faces, p=_p(stats.faces_test())))
    for closed, ((tries, entered), odds) in enumerate(
        zip(stats.entering, ENTERING_ODDS, strict=True), 1
    ):
        if tries:
            lines.append(
                ctx.tr(
                    "dice-entering",
                    closed=str(closed),
                    entered=str(entered),
                    tries=str(tries),
                    share=_percent(entered / tries),
                    expected=_percent(odds),
                )
            )
    entering = stats.entering_test()
    if entering.p_value is not None:
        lines.append(ctx.tr("dice-entering-p", p=_p(entering)))
    return [SendText("\n".join(lines))]
