"""The puzzle ratings shown: a player's in ``rating``, the best in ``top puzzles`` (this chat's:
those who answered its daily puzzles) and ``top puzzles global`` (the platform's)."""

from __future__ import annotations

from bot.app.context import Context
from bot.app.puzzles.personal import BOARD, load_deck
from bot.app.types import Reply, SendText
from bot.store import UserKey
from bot.store.base import leaderboard_key

__all__ = ["SHOWN", "rating_lines", "top"]

SHOWN = 10
"""Places the leaderboard shows."""


async def rating_lines(ctx: Context, user: UserKey, name: str) -> list[str]:
    """``user``'s puzzle rating, with his places in this chat and overall (nothing when none
    of his answers was rated yet)."""
    store = ctx.users.store
    deck = await load_deck(store, user)
    if not deck.rated:
        return []
    line = ctx.tr(
        "puzzle-rating-line",
        player=name,
        rating=deck.rating.rating,
        deviation=deck.rating.deviation,
        rated=deck.rated,
    )
    overall = await store.score_rank(leaderboard_key(user.platform, BOARD), user.user)
    if overall is not None:
        chat = await store.score_rank(
            leaderboard_key(user.platform, BOARD, ctx.update.table), user.user
        )
        here = chat[0] if chat is not None else "—"
        line += "\n" + ctx.tr("rating-places", chat=here, overall=overall[0])
    return [line]


async def top(ctx: Context, everywhere: bool) -> list[Reply]:
    """The best puzzle ratings of this chat, or of the platform (``everywhere``)."""
    platform = ctx.user.platform
    board = leaderboard_key(platform, BOARD, None if everywhere else ctx.update.table)
    store = ctx.users.store
    scores = await store.top_scores(board, SHOWN)
    lines = [ctx.tr("puzzle-top-global" if everywhere else "puzzle-top-chat")]
    for place, (member, score) in enumerate(scores, 1):
        deck = await load_deck(store, UserKey(platform, member))
        lines.append(
            ctx.tr(
                "puzzle-top-line",
                place=place,
                player=deck.name or f"#{member}",
                rating=score,
                rated=deck.rated,
            )
        )
    if not scores:
        lines.append(ctx.tr("puzzle-top-empty"))
    return [SendText("\n".join(lines))]
