"""``top`` (this chat's best ratings), ``top global`` (the platform's), ``top nardy`` for long
nardy: places, names, ratings and experience; ``top puzzles`` the puzzle ratings
(:mod:`bot.app.puzzles.standings`)."""

from __future__ import annotations

from typing import Any

from bot.app.context import Context, usage
from bot.app.players import shown_name
from bot.app.puzzles import standings as puzzle_standings
from bot.app.standing import load_standing
from bot.app.types import Reply, SendText
from bot.store import UserKey
from bot.store.base import leaderboard_key

SHOWN = 10
"""Places a leaderboard shows."""

NARDY_WORDS = frozenset({"nardy", "long", "long_nardy", "narde"})
GLOBAL_WORDS = frozenset({"global", "all", "platform"})
PUZZLE_WORDS = frozenset({"puzzle", "puzzles"})


async def top(ctx: Context, args: tuple[Any, ...]) -> list[Reply]:
    """The leaderboard asked for."""
    game, everywhere, puzzles = "backgammon", False, False
    for raw in args:
        word = str(raw).lower()
        if word in PUZZLE_WORDS:
            puzzles = True
        elif word in NARDY_WORDS:
            game = "long_nardy"
        elif word in GLOBAL_WORDS:
            everywhere = True
        elif word not in ("backgammon", "bg", "chat"):
            raise usage("top")
    if puzzles:
        return await puzzle_standings.top(ctx, everywhere)
    platform = ctx.user.platform
    board = leaderboard_key(platform, game, None if everywhere else ctx.update.table)
    store = ctx.users.store
    scores = await store.top_scores(board, SHOWN)
    title = "top-title-global" if everywhere else "top-title-chat"
    lines = [ctx.tr(title, game=game)]
    for place, (member, score) in enumerate(scores, 1):
        user = UserKey(platform, member)
        standing = (await load_standing(store, user)).rating(game)
        lines.append(
            ctx.tr(
                "top-line",
                place=place,
                player=await shown_name(ctx, user),
                rating=score,
                experience=standing.experience,
            )
        )
    if not scores:
        lines.append(ctx.tr("top-empty"))
    return [SendText("\n".join(lines))]
