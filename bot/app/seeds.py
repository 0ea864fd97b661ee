"""``seed``: a player's client seed for the dice of the next match at this table (``seed TEXT``
in the lobby), or the seeds the table plays with (``seed``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.app import fair
from bot.app.context import Context, Refused
from bot.app.dice import CLIENT_SEED_MAX, check_client_seed
from bot.app.table import Table
from bot.app.types import SendText


def seed(ctx: Context, table: Table, action: str, args: tuple[Any, ...]) -> Table | None:
    """Set the sender's client seed in the lobby; show the seats' seeds without an argument."""
    if not args:
        if table.stage == "lobby" and not table.dice.client_seeds.get(ctx.user.ref):
            ctx.replies.append(SendText(ctx.tr("dice-seed-random")))
        else:
            ctx.replies.append(SendText(fair.seeds_note(ctx, table)))
        return None
    if table.stage != "lobby":
        raise Refused("dice-seed-too-late")
    chosen = check_client_seed(" ".join(str(a) for a in args))
    if chosen is None:
        raise Refused("dice-seed-bad", max=CLIENT_SEED_MAX)
    seeds = dict(table.dice.client_seeds)
    seeds[ctx.user.ref] = chosen
    ctx.replies.append(SendText(ctx.tr("dice-seed-set", player=ctx.user.name, seed=chosen)))
    return table.evolve(dice=replace(table.dice, client_seeds=seeds))
