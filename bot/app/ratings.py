"""``rating`` (yours) or ``rating NAME``: a player's FIBS rating and experience in each game,
with the places on this chat's and the platform's leaderboards, and what is rated; then his
puzzle rating (:mod:`bot.app.puzzles.standings`)."""

from __future__ import annotations

from typing import Any

from bot.app.context import Context, Refused
from bot.app.players import find_player
from bot.app.puzzles.standings import rating_lines
from bot.app.standing import load_standing
from bot.app.types import Reply, SendText
from bot.store.base import leaderboard_key

GAMES = ("backgammon", "long_nardy")
"""The games rated apart."""


async def rating(ctx: Context, args: tuple[Any, ...]) -> list[Reply]:
    """The rating of the sender or of the player named."""
    found = await find_player(ctx, args)
    if found is None:
        raise Refused("player-unknown", name=" ".join(str(a) for a in args)[:40])
    user, name = found
    standing = await load_standing(ctx.users.store, user)
    store = ctx.users.store
    lines: list[str] = []
    for game in GAMES:
        if game not in standing.ratings:
            continue
        now = standing.rating(game)
        line = ctx.tr(
            "rating-line",
            player=name,
            game=game,
            rating=now.rating,
            experience=now.experience,
        )
        chat = await store.score_rank(
            leaderboard_key(user.platform, game, ctx.update.table), user.user
        )
        overall = await store.score_rank(leaderboard_key(user.platform, game), user.user)
        if overall is not None:
            here = chat[0] if chat is not None else "—"
            line += "\n" + ctx.tr("rating-places", chat=here, overall=overall[0])
        lines.append(line)
    if not lines:
        lines.append(ctx.tr("rating-none", player=name))
    lines.append(ctx.tr("rating-rules"))
    lines += await rating_lines(ctx, user, name)
    return [SendText("\n".join(lines))]
