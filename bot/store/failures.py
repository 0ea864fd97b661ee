"""The store's exceptions: what went wrong with a record or with the storage behind it."""

from __future__ import annotations


class StoreError(Exception):
    """Base of every error a store raises."""


class StoreUnavailable(StoreError):
    """The storage cannot be reached right now (connection refused, timeout, still loading).

    The operation had no effect that the caller can rely on; trying again later is safe, and the
    client reconnects by itself once the storage is back.
    """


class Unreachable(StoreUnavailable):
    """No connection to the storage could be made: the operation was certainly not sent."""


class WriteUnconfirmed(StoreUnavailable):
    """A write was sent but its answer was lost, and the storage could not be asked whether it
    took effect: it may have, or may still.  Unlike a plain :class:`StoreUnavailable`, trying
    again is not known to be safe; the update id (when the write had one) tells later.
    """


class CorruptRecord(StoreError, ValueError):
    """A stored record (or a payload given to a codec) cannot be read; the message names the key."""


class ConflictError(StoreError):
    """An optimistic update lost the compare-and-set race more times than it was allowed to."""


class InvalidKey(ValueError):
    """A table or user key part that cannot be used in a storage key."""
