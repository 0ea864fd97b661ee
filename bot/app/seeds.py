"""``seed``: a player's client seed for the dice (``seed TEXT``), or the seeds the table plays
with (``seed``).

Between people it is given in the lobby, for the match to come.  Against the computer it may
also be given once the match has begun, until its first roll (:func:`bot.app.fair.seed_open`):
the first game's server seed is committed on its first board by then, so the player's seed
comes after the server's, as it should.  Either way the match's secret, which every game's
server seed comes from, was committed when the table opened (:func:`bot.app.fair.open_table`),
before any client seed: the answer says so.
"""

from __future__ import annotations

from typing import Any

from bot.app import fair
from bot.app.context import Context, Refused
from bot.app.dice import CLIENT_SEED_MAX, check_client_seed
from bot.app.table import Table
from bot.app.types import SendText
from engine.fairdice import short_commitment


def seed(ctx: Context, table: Table, action: str, args: tuple[Any, ...]) -> Table | None:
    """Set the sender's client seed in the lobby, or against the computer before the first
    roll; show the seats' seeds without an argument."""
    seated = table.seat_of(ctx.user.ref) is not None
    if not args:
        if table.stage == "lobby" and not table.dice.client_seeds.get(ctx.user.ref):
            ctx.replies.append(SendText(ctx.tr("dice-seed-random")))
        else:
            lines = [fair.seeds_note(ctx, table)]
            if seated and fair.seed_open(table):
                lines.append(ctx.tr("dice-seed-until-roll"))
            ctx.replies.append(SendText("\n".join(lines)))
        return None
    open_now = fair.seed_open(table)
    if table.stage != "lobby" and not open_now:
        against_computer = any(s.computer for s in table.seats)
        raise Refused("dice-seed-too-late-computer" if against_computer else "dice-seed-too-late")
    if open_now and not seated:
        raise Refused("error-not-seated")
    chosen = check_client_seed(" ".join(str(a) for a in args))
    if chosen is None:
        raise Refused("dice-seed-bad", max=CLIENT_SEED_MAX)
    changed = fair.with_client_seed(ctx, table, ctx.user.ref, chosen)
    lines = [ctx.tr("dice-seed-set", player=ctx.user.name, seed=chosen)]
    if open_now:
        lines.append(fair.seeds_note(ctx, changed))
    secret = table.secret_commitment
    if secret is not None:
        lines.append(ctx.tr("dice-seed-after-secret", commitment=short_commitment(secret)))
    elif open_now:  # a table opened before its secret was drawn with it: the game's seed
        assert table.dice.current is not None
        lines.append(ctx.tr("dice-seed-after-commitment", commitment=table.dice.current.short))
    ctx.replies.append(SendText("\n".join(lines)))
    return changed
