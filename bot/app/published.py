"""Whether a platform's command set must be uploaded, decided once for the whole deployment.

Every process of the bot (each Discord shard, each restarted replica) starts with the same
command set.  Its digest is kept in the store under ``commands:{platform}:{scope}`` (a value all
processes share, :meth:`~bot.store.Store.shared_value`): a process whose digest is already there
uploads nothing; one whose digest differs claims the upload with a set-if-absent key of its own
digest (:data:`SYNC_LEASE` seconds), so of many processes starting at once exactly one uploads
and the others go on without; the winner records the digest once the upload succeeded.  A
failed upload leaves no record: after the lease the next start tries again.
"""

from __future__ import annotations

import logging

from bot.store import Store, StoreUnavailable

log = logging.getLogger("bot.app")

SYNC_LEASE = 300.0
"""Seconds one process's claim to upload a command set keeps the others from uploading it."""

DIGEST_IN_KEY = 32
"""Hex digits of the digest in the claim's name."""


def record_name(platform: str, scope: str) -> str:
    """The shared value that holds the digest of the command set last uploaded to ``scope``."""
    return f"commands:{platform}:{scope}"


async def recorded(store: Store, platform: str, scope: str) -> str | None:
    """The digest of the command set last uploaded to ``scope``, or ``None``."""
    return await store.shared_value(record_name(platform, scope))


async def claim(store: Store, platform: str, scope: str, digest: str) -> bool:
    """Whether this process is the one to upload the command set ``digest`` to ``scope``: not
    when it is the one recorded, nor when another process claimed its upload first."""
    if await recorded(store, platform, scope) == digest:
        return False
    name = f"{record_name(platform, scope)}:sync:{digest[:DIGEST_IN_KEY]}"
    return await store.put_shared_value(name, "1", only_new=True, ttl=SYNC_LEASE)


async def record(store: Store, platform: str, scope: str, digest: str) -> None:
    """Record that the command set ``digest`` is the one uploaded to ``scope`` now."""
    await store.put_shared_value(record_name(platform, scope), digest)


async def claim_or_upload(store: Store, platform: str, scope: str, digest: str) -> bool:
    """:func:`claim`, where a store that cannot be reached says yes (upload)."""
    try:
        return await claim(store, platform, scope, digest)
    except StoreUnavailable as exc:
        log.warning("command set record not read (%s): uploading", exc)
        return True


async def record_quietly(store: Store, platform: str, scope: str, digest: str) -> None:
    """:func:`record`, a store that cannot be reached only logged."""
    try:
        await record(store, platform, scope, digest)
    except StoreUnavailable as exc:
        log.warning("command set record not written: %s", exc)
