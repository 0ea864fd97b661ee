"""Tournaments' pairing and scoring, pure: knockout, Swiss, round-robin and arena.

Every state is a frozen value with ``to_dict`` / ``from_dict`` (JSON-safe) and every step a
function or method returning a new state; nothing here reads a clock, a store or a chat.
Ties are always broken by a stated order (ending with rating, then id), so the same inputs give
the same pairings.

- :mod:`~bot.app.pairing.entrants`: players, results, kinds of win, errors;
- :mod:`~bot.app.pairing.matchings`: maximum matchings of "who may still play whom".
"""

from bot.app.pairing.entrants import (
    NARDY_KINDS,
    Entrant,
    Kind,
    PairingError,
    PairingImpossible,
    Result,
    seeded,
)

__all__ = [
    "NARDY_KINDS",
    "Entrant",
    "Kind",
    "PairingError",
    "PairingImpossible",
    "Result",
    "seeded",
]
