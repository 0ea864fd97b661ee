"""Tournaments' pairing and scoring, pure: knockout, Swiss, round-robin and arena.

Every state is a frozen value with ``to_dict`` / ``from_dict`` (JSON-safe) and every step a
function or method returning a new state; nothing here reads a clock, a store or a chat.
Ties are always broken by a stated order (ending with rating, then id), so the same inputs give
the same pairings.

- :mod:`~bot.app.pairing.entrants`: players, results, kinds of win, errors;
- :mod:`~bot.app.pairing.knockout`: the seeded bracket;
- :mod:`~bot.app.pairing.swiss`: the Swiss system (Dutch, without colours);
- :mod:`~bot.app.pairing.tiebreaks`: standings with Buchholz, Buchholz cut-1,
  Sonneborn-Berger, direct encounter and wins;
- :mod:`~bot.app.pairing.berger`: round-robin by Berger tables;
- :mod:`~bot.app.pairing.arena`: the arena's continuous pairing and points with streaks;
- :mod:`~bot.app.pairing.matchings`: maximum matchings of "who may still play whom".
"""

from bot.app.pairing.arena import Arena, ArenaGame, ArenaPlacing, base_points, on_streak, sheet
from bot.app.pairing.berger import RoundRobin, RoundRobinRound, berger_rounds, schedule
from bot.app.pairing.entrants import (
    NARDY_KINDS,
    Entrant,
    Kind,
    PairingError,
    PairingImpossible,
    Result,
    seeded,
)
from bot.app.pairing.knockout import Knockout, KnockoutMatch, bracket_order
from bot.app.pairing.swiss import Contender, Swiss, SwissPairing, SwissRound, pair_round
from bot.app.pairing.tiebreaks import TIE_BREAKS, Placing, standings

__all__ = [
    "NARDY_KINDS",
    "TIE_BREAKS",
    "Arena",
    "ArenaGame",
    "ArenaPlacing",
    "Contender",
    "Entrant",
    "Kind",
    "Knockout",
    "KnockoutMatch",
    "PairingError",
    "PairingImpossible",
    "Placing",
    "Result",
    "RoundRobin",
    "RoundRobinRound",
    "Swiss",
    "SwissPairing",
    "SwissRound",
    "base_points",
    "berger_rounds",
    "bracket_order",
    "on_streak",
    "pair_round",
    "schedule",
    "seeded",
    "sheet",
    "standings",
]
