"""A thread per game: the Discord calls that open, check, reopen and close a game's thread.

In a server's text channel (where the ``threads`` setting is on, as it is by default, and the
bot has Create Public Threads and Send Messages in Threads) the lobby is in the channel and
the game, once it begins, in a public thread named after the players, started from the lobby
message.  The table moves into the thread (its key is the thread's id: every press and command
there finds it, in any process, after any restart); the result is posted back in the channel
and the thread archived (and locked, with Manage Threads) at the end.  What
:class:`~bot.discord_bot.client.NardyBot` decides with these calls is described there.
"""

from __future__ import annotations

import enum
import logging
from typing import Any

import discord

log = logging.getLogger("bot.discord")

ARCHIVE_MINUTES = 1440
"""Minutes without a message after which Discord archives a game's thread by itself."""

MAX_NAME = 100
"""Characters of a thread's name."""

UNKNOWN_CHANNEL = 10003
"""Discord's error code for a channel (a thread) that does not exist (any more)."""

THREAD_ARCHIVED = 50083
"""Discord's error code for an operation on an archived thread."""

THREAD_EXISTS = 160004
"""Discord's error code for a message that has a thread already."""


class ThreadState(enum.Enum):
    """What became of a game's thread."""

    OPEN = "open"
    ARCHIVED = "archived"
    """Archived (by someone, or by Discord after a day without messages), not locked."""
    LOCKED = "locked"
    """Archived and locked: only someone with Manage Threads reopens it."""
    GONE = "gone"
    """Deleted (or no longer visible to the bot)."""


def may_open_thread_in(
    kind: discord.ChannelType | None, guild_id: int | None, permissions: discord.Permissions
) -> bool:
    """Whether the bot may play a game in a thread of a channel of type ``kind`` (in server
    ``guild_id``), where it has ``permissions``: a server's text channel (not a thread, forum,
    voice or announcement channel, direct or group message) where it has Create Public Threads
    and Send Messages in Threads."""
    if guild_id is None or kind is not discord.ChannelType.text:
        return False
    return permissions.create_public_threads and permissions.send_messages_in_threads


def may_open_thread(interaction: discord.Interaction[Any]) -> bool:
    """Whether the bot may play a game begun here in a thread (:func:`may_open_thread_in`, read
    from the interaction: no call)."""
    channel = interaction.channel
    kind = channel.type if channel is not None else None
    return may_open_thread_in(kind, interaction.guild_id, interaction.app_permissions)


def may_open_thread_known(client: discord.Client, channel_id: int) -> bool | None:
    """Whether the bot may open a thread in channel ``channel_id`` (:func:`may_open_thread_in`),
    as far as the client's cache tells (the channels and the bot's own member of the servers
    it is in, from the gateway); ``None`` when the cache does not know the channel or the
    bot's member there (then only Discord's answer to the thread call tells)."""
    channel = client.get_channel(channel_id)
    if channel is None:
        return None
    if not isinstance(channel, discord.abc.GuildChannel):
        return False  # a direct or group message, or a thread
    me = channel.guild.me
    if me is None:
        return None
    return may_open_thread_in(channel.type, channel.guild.id, channel.permissions_for(me))


def in_thread(interaction: discord.Interaction[Any]) -> bool:
    """Whether the interaction comes from a thread."""
    return isinstance(interaction.channel, discord.Thread)


def gone(exc: discord.HTTPException) -> bool:
    """Whether Discord refused because the channel (thread) does not exist."""
    return isinstance(exc, discord.NotFound) and exc.code == UNKNOWN_CHANNEL


async def open_thread(http: Any, channel: int, starter: int | None, name: str) -> int:
    """Open a public thread named ``name`` in text channel ``channel``, from message
    ``starter`` (the lobby) when there is one and it has no thread yet; its id.  Raises
    :class:`discord.HTTPException` when Discord refuses (403 without the permission)."""
    name = name[:MAX_NAME] or "…"
    if starter is not None:
        try:
            data = await http.start_thread_with_message(
                channel, starter, name=name, auto_archive_duration=ARCHIVE_MINUTES
            )
            return int(data["id"])
        except discord.HTTPException as exc:
            if exc.code != THREAD_EXISTS and not isinstance(exc, discord.NotFound):
                raise
            # The lobby message has a thread already, or is gone: a thread of its own.
    data = await http.start_thread_without_message(
        channel,
        name=name,
        auto_archive_duration=ARCHIVE_MINUTES,
        type=discord.ChannelType.public_thread.value,
    )
    return int(data["id"])


async def thread_state(http: Any, thread: int) -> ThreadState:
    """What became of thread ``thread`` (a 404 means it is gone; another refusal is raised)."""
    try:
        data = await http.get_channel(thread)
    except discord.NotFound:
        return ThreadState.GONE
    except discord.Forbidden:
        return ThreadState.GONE  # the bot may no longer see it: as good as gone for the game
    meta = data.get("thread_metadata") or {}
    if meta.get("locked") and meta.get("archived"):
        return ThreadState.LOCKED
    if meta.get("archived"):
        return ThreadState.ARCHIVED
    return ThreadState.OPEN


async def reopen_thread(http: Any, thread: int) -> bool:
    """Unarchive thread ``thread`` (Send Messages is enough for one that is not locked);
    whether it is open now."""
    try:
        await http.edit_channel(thread, archived=False)
    except discord.HTTPException as exc:
        log.warning("thread %s not reopened: %s", thread, exc)
        return False
    return True


async def close_thread(http: Any, thread: int, *, manage: bool) -> bool:
    """Archive thread ``thread`` at the end of its game, and lock it where the bot has Manage
    Threads (``manage``); whether Discord did it.  Without Manage Threads nothing is asked:
    Discord archives the thread by itself a day after its last message."""
    if not manage:
        return False
    try:
        await http.edit_channel(thread, archived=True, locked=True)
    except discord.HTTPException as exc:
        log.info("thread %s not archived: %s", thread, exc)
        return False
    return True
