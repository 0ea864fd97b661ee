"""``python -m bot`` / ``nardy-bot``: start the bot with the settings from the environment.

With ``TELEGRAM_TOKEN`` or ``DISCORD_TOKEN`` set it starts those adapters; with neither it opens
the console chat in the terminal.  Tables live in Redis when ``REDIS_URL`` is set, else in memory.
The process itself (logging, metrics, signals, graceful shutdown) is :mod:`bot.runtime`.
"""

from __future__ import annotations

from bot.runtime import ADAPTERS, main, run

__all__ = ["ADAPTERS", "main", "run"]

if __name__ == "__main__":
    main()
