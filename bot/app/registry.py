"""Which use case answers which action: :data:`TABLE_CASES` (decided on a table, written with
compare-and-set) and :data:`USER_CASES` (answered without loading a table).

Adding a use case is one module and one line here.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from bot.app import (
    chouette_play,
    clock,
    dicereport,
    hint,
    imports,
    info,
    leaderboard,
    lobby,
    match_analysis,
    matches,
    positions,
    preferences,
    ratings,
    replays,
    seeds,
    stats,
)
from bot.app.context import Context
from bot.app.doubling import cube_transition
from bot.app.invite import free_seat, invite
from bot.app.puzzles import personal as puzzles
from bot.app.puzzles.trainer import daily_answer, daily_setting
from bot.app.resign import resign_transition
from bot.app.table import Table
from bot.app.turn import Decide, game_use_case, turn_transition, unknown_transition
from bot.app.types import Reply
from engine.game import ActionKind

Open = Callable[[Context, "Table | None", tuple[Any, ...]], Table]
"""A use case that may start from no table at all (``new``)."""

UserCase = Callable[[Context, tuple[Any, ...]], Awaitable[list[Reply]]]
"""A use case of the user alone (no table): its replies."""

ReadCase = Callable[[Context, "Table | None", "hint.Adviser | None"], Awaitable[list[Reply]]]
"""A use case that reads the table (writes nothing) and asks the computer's workers: its
replies."""

AnalysisCase = Callable[
    [Context, "Table | None", tuple[Any, ...], "int | None"], Awaitable[match_analysis.Job]
]
"""A use case that reads (the table, the sender's history) and names a long piece of work for
the computer's workers, followed on a progress message (``App.progress``); its arguments are the
table, the action's arguments and the version the button was drawn for."""


@dataclass(frozen=True)
class UseCase:
    """How the pipeline calls one table action.

    ``decide`` gets the loaded table; ``opens`` instead gets the table or ``None`` (no other
    check is made).  ``chouette`` decides it at a chouette table instead of ``decide``.
    ``closed``: answered at a table that is over too; ``lobby``: answered before the game
    starts (else "not started").
    """

    decide: Decide | None = None
    opens: Open | None = None
    chouette: Decide | None = None
    closed: bool = False
    lobby: bool = True


_TURN = UseCase(game_use_case(turn_transition), chouette=chouette_play.decide, lobby=False)
_CUBE = UseCase(game_use_case(cube_transition), chouette=chouette_play.decide, lobby=False)
_RESIGN = UseCase(game_use_case(resign_transition), chouette=chouette_play.decide, lobby=False)
_INFO = UseCase(info.show, chouette=chouette_play.info, closed=True)
_CLAIM = UseCase(clock.claim, chouette=chouette_play.decide, lobby=False)

DEFAULT = UseCase(game_use_case(unknown_transition), chouette=chouette_play.decide, lobby=False)
"""An action nothing else answers (a chouette's own: ``vote``, ``propose``, ``member_resign``)."""

TABLE_CASES: dict[str, UseCase] = {
    "new": UseCase(opens=lobby.new),
    "position": UseCase(opens=positions.open_position),
    "join": UseCase(lobby.join),
    "join_hints": UseCase(lobby.join),
    "leave": UseCase(lobby.leave),
    "option": UseCase(lobby.option),
    "start": UseCase(lobby.start),
    "abort": UseCase(lobby.abort),
    "cancel": UseCase(lobby.abort),
    "invite": UseCase(invite),
    "free_seat": UseCase(free_seat),
    "board": _INFO,
    "score": _INFO,
    "pips": _INFO,
    "export": _INFO,
    "settings": UseCase(preferences.show, closed=True),
    "setting": UseCase(preferences.change, closed=True),
    "clock": UseCase(clock.set_clock),
    "seed": UseCase(seeds.seed),
    "claim": _CLAIM,
    "claim_match": _CLAIM,
    ActionKind.ROLL: _TURN,
    ActionKind.STEP: _TURN,
    "choose": _TURN,
    ActionKind.UNDO: _TURN,
    ActionKind.CONFIRM: _TURN,
    "move": _TURN,
    "hint_play": UseCase(
        game_use_case(hint.play_transition), chouette=chouette_play.decide, lobby=False
    ),
    ActionKind.DOUBLE: _CUBE,
    ActionKind.TAKE: _CUBE,
    ActionKind.PASS: _CUBE,
    ActionKind.BEAVER: _CUBE,
    ActionKind.BEAVER_ACCEPT: _CUBE,
    ActionKind.BEAVER_REFUSE: _CUBE,
    ActionKind.RESIGN: _RESIGN,
    "accept": _RESIGN,
    ActionKind.RESIGN_ACCEPT: _RESIGN,
    "decline": _RESIGN,
    ActionKind.RESIGN_DECLINE: _RESIGN,
}
"""Table actions (commands and button payloads) → use case."""

USER_CASES: dict[str, UserCase] = {
    "help": info.help_text,
    "rules": info.rules,
    "stats": stats.stats,
    "language": preferences.language,
    "import": imports.import_match,
    "import_export": imports.export_import,
    "replay_open": replays.replay_open,
    "replay": replays.replay,
    "rating": ratings.rating,
    "top": leaderboard.top,
    "dice": dicereport.dice,
    "history": matches.history,
    "history_export": matches.export,
    "history_open": matches.replay_open,
    "history_replay": matches.replay,
    "puzzle": puzzles.puzzle,
    "puzzle_answer": puzzles.puzzle_answer,
    "puzzle_next": puzzles.puzzle_next,
    "daily_setting": daily_setting,
    "daily_answer": daily_answer,
}
"""Actions answered without loading the table."""

READ_CASES: dict[str, ReadCase] = {
    "hint": hint.hint,
}
"""Actions answered from the table as it stands, with the computer's advice (nothing written)."""

ANALYSIS_CASES: dict[str, AnalysisCase] = {
    "analysis": match_analysis.of_table,
    "history_analysis": match_analysis.of_history,
    "import_analysis": match_analysis.of_import,
}
"""Actions that start an analysis (nothing written)."""
