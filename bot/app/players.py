"""Players named in a command (``rating NAME``, ``dice NAME``, ``history NAME``): found among
the seats of this chat's table and the sender's opponents in the matches kept in history; and
the names a leaderboard shows (kept in each rated player's record)."""

from __future__ import annotations

from bot.app.context import Context
from bot.app.history import MatchRecord
from bot.app.table import Table
from bot.store import CorruptRecord, UserKey

HISTORY_LOOKED_AT = 20
"""Recent matches of the sender searched for a named opponent."""


def user_key(ref: str) -> UserKey | None:
    """The store key of a person's reference ``platform:id`` (``None``: not a person's)."""
    platform, _, uid = ref.partition(":")
    try:
        return UserKey(platform, uid)
    except ValueError:
        return None


async def find_player(ctx: Context, words: tuple[object, ...]) -> tuple[UserKey, str] | None:
    """The sender (no words), or the player the words name; ``None`` when nobody is found."""
    if not words:
        return ctx.user.key, ctx.user.name
    wanted = " ".join(str(w) for w in words).strip().lstrip("@").casefold()
    record = await ctx.users.store.load(ctx.update.table)
    if record is not None:
        try:
            table = Table.decode(record.payload)
        except (ValueError, CorruptRecord):
            table = None
        for seat in table.seats if table is not None else ():
            key = user_key(seat.user)
            mine = key is not None and key.platform == ctx.user.platform
            if mine and key is not None and seat.name.casefold() == wanted:
                return key, seat.name
    store = ctx.users.store
    for match_id in await store.history(ctx.user.key, 0, HISTORY_LOOKED_AT):
        payload = await store.history_entry(ctx.user.key, match_id)
        if payload is None:
            continue
        try:
            kept = MatchRecord.from_bytes(payload, match_id)
        except CorruptRecord:
            continue
        for ref, name in kept.players:
            key = user_key(ref)
            if key is not None and name.casefold() == wanted:
                return key, name
    return None


async def shown_name(ctx: Context, user: UserKey) -> str:
    """The name a player was last seen with at a rated match (else the platform id)."""
    name = (await ctx.users.read(user)).get("name")
    return str(name) if isinstance(name, str) and name else f"#{user.user}"
