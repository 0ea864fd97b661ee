"""The rules engine: positions, legal plays, notation, identifiers (no I/O, no randomness)."""

from engine.builder import PlayBuilder
from engine.chouette import Chouette
from engine.chouette_table import Ledger, Roster, roll_for_seats
from engine.cube import CubeState, Options
from engine.errors import (
    AmbiguousPlay,
    CorruptId,
    EngineError,
    IllegalAction,
    IllegalPlay,
    InvalidNotation,
    UnsupportedSchema,
)
from engine.game import (
    VARIANTS,
    Action,
    ActionKind,
    DiceSequence,
    DiceSource,
    Game,
    Variant,
    find_variant,
    register_variant,
)
from engine.game_values import GameResult, Phase, Points, Reason, format_points
from engine.ids import (
    MatchIdFields,
    XgidFields,
    decode_match_id,
    decode_xgid,
    encode_match_id,
    encode_xgid,
)
from engine.match import Match
from engine.matfile import format_mat
from engine.matparse import MatError, MatRecord, read_mat
from engine.movegen import Play, Step, legal_plays, max_dice_playable
from engine.nardy import (
    LONG_NARDY,
    LONG_NARDY_HOME_PRIME,
    LongNardyHomePrimePosition,
    LongNardyPosition,
    long_nardy_rules,
)
from engine.notation import format_play, format_steps, parse_play
from engine.position import Position
from engine.rules import BACKGAMMON, Ruleset

__all__ = [
    "BACKGAMMON",
    "LONG_NARDY",
    "LONG_NARDY_HOME_PRIME",
    "VARIANTS",
    "Action",
    "ActionKind",
    "AmbiguousPlay",
    "Chouette",
    "CorruptId",
    "CubeState",
    "DiceSequence",
    "DiceSource",
    "EngineError",
    "Game",
    "GameResult",
    "IllegalAction",
    "IllegalPlay",
    "InvalidNotation",
    "Ledger",
    "LongNardyHomePrimePosition",
    "LongNardyPosition",
    "MatError",
    "MatRecord",
    "Match",
    "MatchIdFields",
    "Options",
    "Phase",
    "Play",
    "PlayBuilder",
    "Points",
    "Position",
    "Reason",
    "Roster",
    "Ruleset",
    "Step",
    "UnsupportedSchema",
    "Variant",
    "XgidFields",
    "decode_match_id",
    "decode_xgid",
    "encode_match_id",
    "encode_xgid",
    "find_variant",
    "format_mat",
    "format_play",
    "format_points",
    "format_steps",
    "legal_plays",
    "long_nardy_rules",
    "max_dice_playable",
    "parse_play",
    "read_mat",
    "register_variant",
    "roll_for_seats",
]
