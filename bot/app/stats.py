"""Players' statistics: ``stats`` (games, wins, gammons, backgammons), and :func:`record`, which
adds the finished games of an applied update to each player's record once."""

from __future__ import annotations

from typing import Any

from bot.app.context import Context
from bot.app.types import Reply, SendText, Update, User
from bot.app.users import UserRecords


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


async def record(
    users: UserRecords, update: Update, finished: list[tuple[str, dict[str, Any]]]
) -> None:
    """Add each finished game's entry to its player's statistics (players of the update's
    platform; once per update id)."""
    for user, entry in finished:
        platform, _, uid = user.partition(":")
        if platform != update.user.platform:
            continue

        def add(data: dict[str, Any], entry: dict[str, Any] = entry) -> None:
            totals = dict(data.get("stats", {}))
            for k, v in entry.items():
                totals[k] = int(totals.get(k, 0)) + int(v)
            data["stats"] = totals

        key = User(platform, uid, "").key
        await users.change(key, add, update_id=f"{update.update_id}:stats")
