"""The rules engine: positions, legal plays, notation, identifiers (no I/O, no randomness)."""

from engine.chouette import Chouette
from engine.chouette_table import Ledger, Roster, roll_for_seats
from engine.errors import (
    AmbiguousPlay,
    CorruptId,
    EngineError,
    IllegalAction,
    IllegalPlay,
    InvalidNotation,
)
from engine.movegen import Play, Step, legal_plays, max_dice_playable
from engine.notation import format_play, format_steps, parse_play
from engine.position import Position
from engine.rules import BACKGAMMON, Ruleset

__all__ = [
    "BACKGAMMON",
    "AmbiguousPlay",
    "Chouette",
    "CorruptId",
    "EngineError",
    "IllegalAction",
    "IllegalPlay",
    "InvalidNotation",
    "Ledger",
    "Play",
    "Position",
    "Roster",
    "Ruleset",
    "Step",
    "format_play",
    "format_steps",
    "legal_plays",
    "max_dice_playable",
    "parse_play",
    "roll_for_seats",
]
