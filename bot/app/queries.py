"""Read-only questions adapters ask about a table (no store access, no state change).

:class:`TableFacts` is what an adapter may know of a table (``App.facts``): its stage, who sits
and who must act now, where its game is played, which message shows its board, the IDs of its
position; answers, not the table's state, so that no adapter reads a table or applies a rule.
:func:`legal_play_notations` lists the plays a user may type now, for the adapters' autocomplete
of ``/move``; :func:`outcome_text` says how a finished table's game ended, in a line the
adapter posts where the game began (a game played in a thread of its own), and
:func:`thread_title` names such a thread after the players.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from functools import partial

from bot.app.display import score_text
from bot.app.table import Table
from bot.i18n import t
from engine.chouette import Chouette
from engine.errors import EngineError
from engine.game import Game, Phase, format_points
from engine.movegen import legal_plays
from engine.notation import format_play

CHOUETTE_ACTING = frozenset(
    {
        "roll",
        "step",
        "play",
        "confirm",
        "double",
        "refuse_double",
        "take",
        "pass",
        "beaver",
        "accept_beaver",
        "refuse_beaver",
        "accept_resign",
        "decline_resign",
    }
)
"""Chouette actions that make a member one the table waits for."""


@dataclass(frozen=True, slots=True)
class TableFacts:
    """What an adapter may know of a table (see the module's docstring).

    ``stage`` is ``"lobby"``, ``"play"`` or ``"over"``; ``mode`` ``"match"``, ``"money"`` or
    ``"chouette"``; ``seats`` the players' user references in seat order; ``to_act`` those the
    table waits for now (the player on roll or answering, a chouette's members who may act;
    empty when nobody); ``origin`` the chat a game moved to a chat of its own began in
    (``None``: not moved, or not placed yet); ``threads`` whether the chat plays its games in
    threads; ``board_message`` the message showing the table's board; ``lang`` the table's
    language; ``ids`` the ``Position ID: …`` and ``Match ID   : …`` lines of the backgammon
    game in play (GNU Backgammon's); ``version`` the table's version (what its buttons carry);
    ``names`` the players' names by seat; ``deadline`` when the move clock's time is up for the
    one it runs for (``None``: no clock running); ``length`` a match's length."""

    stage: str
    mode: str
    seats: tuple[str, ...]
    to_act: tuple[str, ...]
    origin: str | None
    threads: bool
    board_message: str | None
    lang: str | None
    ids: tuple[str, ...]
    version: int = 0
    names: tuple[str, ...] = ()
    deadline: float | None = None
    length: int = 0

    def seated(self, user: str) -> bool:
        """Whether ``user`` (a user reference) has a seat at the table."""
        return user in self.seats

    @property
    def in_play(self) -> bool:
        return self.stage == "play"


def facts(table: Table) -> TableFacts:
    """The :class:`TableFacts` of ``table``."""
    game = _game_in_play(table)
    to_act: tuple[str, ...] = ()
    chouette = _chouette(table)
    if chouette is not None:
        if chouette.current is not None and not chouette.current.is_over:
            to_act = tuple(
                seat.user for seat in table.seats if chouette.allowed(seat.user) & CHOUETTE_ACTING
            )
    elif game is not None and game.phase is not Phase.OVER:
        actor = game.responder if game.responder is not None else game.turn
        if actor is not None and 0 <= actor < len(table.seats):
            to_act = (table.seats[actor].user,)
    ids: list[str] = []
    if game is not None:
        with contextlib.suppress(EngineError):  # long nardy has none
            ids.append(f"Position ID: {game.position_id()}")
            with contextlib.suppress(EngineError):  # a cube the Match ID cannot hold
                ids.append(f"Match ID   : {game.match_id()}")
    return TableFacts(
        table.stage,
        table.mode,
        tuple(seat.user for seat in table.seats),
        to_act,
        table.place.origin,
        table.settings.threads,
        table.place.board_message,
        table.lang,
        tuple(ids),
        table.version,
        tuple(seat.name for seat in table.seats),
        table.clock.deadline,
        table.length,
    )


def _chouette(table: Table) -> Chouette | None:
    return table.chouette if table.mode == "chouette" else None


def _game_in_play(table: Table) -> Game | None:
    """The game being played at ``table`` (``None``: none)."""
    if table.stage != "play":
        return None
    if table.match is not None:
        return table.match.game
    chouette = _chouette(table)
    if chouette is not None and chouette.current is not None:
        return chouette.current.game
    return None


def _game_and_mover(table: Table) -> tuple[Game, str] | None:
    """The running game and the user who moves in it, or ``None`` when nobody is to move."""
    if table.stage != "play":
        return None
    if table.match is not None:
        game = table.match.game
        if game.turn is None or not 0 <= game.turn < len(table.seats):
            return None
        return game, table.seats[game.turn].user
    if table.chouette is not None:
        chouette = table.chouette
        cur = chouette.current
        if cur is None or cur.is_over or cur.game.turn is None:
            return None
        try:
            return cur.game, chouette.acting(cur.game.turn)
        except EngineError:
            return None
    return None


def legal_play_notations(table: Table, user: str) -> list[str]:
    """The notations of every legal play for the current roll, when ``user`` is to move.

    ``user`` is the :attr:`~bot.app.types.User.ref` of the asking user.  Empty when it is not his
    turn to move, nothing is rolled yet, or no play is possible.
    """
    found = _game_and_mover(table)
    if found is None:
        return []
    game, mover = found
    if mover != user or game.phase is not Phase.MOVE or game.dice is None:
        return []
    plays = legal_plays(game.position, game.dice)
    # Text that is typed back: the form that never reads as another play.
    return [format_play(game.position, game.dice, p, plays=plays) for p in plays if p.steps]


def outcome_text(table: Table, lang: str) -> str:
    """The final score of a two-player table, and who won the match ("" when there is none to
    tell: a chouette, a table that never played)."""
    match = table.match
    if match is None or len(table.seats) != 2:
        return ""
    tr = partial(t, lang)
    names = [seat.name for seat in table.seats]
    text = score_text(tr, table, match, names)
    if match.is_over and match.winner is not None and table.forfeit is None:
        w = match.winner
        score = table.session_score(match)
        text += "\n" + tr(
            "match-won",
            player=names[w],
            score=format_points(score[w]),
            opponent_score=format_points(score[1 - w]),
        )
    return text


def thread_title(table: Table | TableFacts, lang: str) -> str:
    """A name for the table's own thread: the players and the game ("Alice vs Bob — match to 5
    points"; the members of a chouette)."""
    known = facts(table) if isinstance(table, Table) else table
    tr = partial(t, lang)
    names = list(known.names)
    if known.mode == "match":
        mode = tr("mode-match", length=known.length)
    else:
        mode = tr(f"mode-{known.mode}")
    if len(names) == 2 and known.mode != "chouette":
        return tr("discord-thread-name", player=names[0], opponent=names[1], mode=mode)
    return tr("discord-thread-team", players=", ".join(names), mode=mode)
