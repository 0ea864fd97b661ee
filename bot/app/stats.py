"""Players' statistics: ``stats`` (games, wins, gammons, backgammons), and :func:`add_counts`,
which adds a finished game to a player's record (recorded once with the other results of the
game: :func:`bot.app.results.game_counted`)."""

from __future__ import annotations

from typing import Any

from bot.app.context import Context
from bot.app.types import Reply, SendText


async def stats(ctx: Context, args: tuple[Any, ...]) -> list[Reply]:
    """``stats``: the sender's own."""
    found = (await ctx.users.read(ctx.user.key)).get("stats", {})
    if not found:
        return [SendText(ctx.tr("stats-none"))]
    text = ctx.tr(
        "stats-line",
        player=ctx.user.name,
        games=int(found.get("games", 0)),
        wins=int(found.get("wins", 0)),
        gammons=int(found.get("gammons", 0)),
        backgammons=int(found.get("backgammons", 0)),
    )
    return [SendText(text)]


def add_counts(entry: dict[str, int], data: dict[str, Any]) -> None:
    """Add a finished game's ``entry`` to the ``stats`` of the user record ``data``."""
    totals = dict(data.get("stats", {}))
    for k, v in entry.items():
        totals[k] = int(totals.get(k, 0)) + int(v)
    data["stats"] = totals
