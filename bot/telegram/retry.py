"""How long Telegram asks the bot to wait before it sends again (a ``RetryAfter``)."""

from __future__ import annotations

import warnings
from datetime import timedelta

from telegram.error import RetryAfter
from telegram.warnings import PTBDeprecationWarning

__all__ = ["retry_seconds"]


def retry_seconds(error: RetryAfter) -> float:
    """The seconds ``error`` asks to wait.  python-telegram-bot 22 gives them as a number and
    warns, at each reading, that a later version will give a :class:`~datetime.timedelta`:
    both are read here, without the warning."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PTBDeprecationWarning)
        value: float | timedelta = error.retry_after
    return value.total_seconds() if isinstance(value, timedelta) else float(value)
