"""Read-only questions adapters ask about a table (no store access, no state change).

:class:`TableFacts` is what an adapter may know of a table (``App.facts``): its stage, who sits
and who must act now, where its game is played, which message shows its board, the IDs of its
position; answers, not the table's state, so that no adapter reads a table or applies a rule.
:func:`legal_play_notations` lists the plays a user may type now, for the adapters' autocomplete
of ``/move``; :func:`thread_title` names a game's own thread after the players.
:func:`refused_for_sure` and
:func:`game_away_for` tell an adapter, before the app handles a command, whether its answer is
for the sender alone (a refusal, or where his game is): a platform that must acknowledge a
command first (Discord) acknowledges those privately.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from bot.app.places import Away
from bot.app.table import Table
from bot.i18n import t
from engine.chouette import Chouette
from engine.errors import EngineError
from engine.game import ActionKind, Game, Phase
from engine.movegen import legal_plays
from engine.notation import format_play

CHOUETTE_ACTING = frozenset(
    {
        ActionKind.ROLL,
        ActionKind.STEP,
        ActionKind.PLAY,
        ActionKind.CONFIRM,
        ActionKind.DOUBLE,
        "refuse_double",
        ActionKind.TAKE,
        ActionKind.PASS,
        ActionKind.BEAVER,
        ActionKind.BEAVER_ACCEPT,
        ActionKind.BEAVER_REFUSE,
        ActionKind.RESIGN_ACCEPT,
        ActionKind.RESIGN_DECLINE,
    }
)
"""Chouette actions that make a member one the table waits for."""


SEATED_COMMANDS = frozenset(
    {
        "leave",
        "abort",
        "start",
        "roll",
        "double",
        "take",
        "pass",
        "beaver",
        "move",
        "undo",
        "confirm",
        "resign",
        "accept",
        "decline",
        "invite",
        "claim",
        "hint",
        "clock",
        "propose",
    }
)
"""Commands only a seated player may give at a table in play: anyone else is refused."""

GAME_INFO_COMMANDS = frozenset({"board", "score", "pips", "export"})
"""Commands about the game at a table, which anyone may give."""


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

    def plays(self, user: str) -> bool:
        """Whether ``user`` has a seat at a game not over (in its lobby or in play)."""
        return self.stage != "over" and self.seated(user)

    @property
    def in_play(self) -> bool:
        return self.stage == "play"

    @property
    def to_be_placed(self) -> bool:
        """Whether the game that began here is to move to a chat of its own (a thread): it is
        in play, not placed yet, and the chat plays its games so."""
        return self.in_play and self.origin is None and self.threads

    def away_from_home(self, chat: str) -> bool:
        """Whether the game in play at ``chat`` is one that moved there from the chat it began
        in (and may go back there)."""
        return self.in_play and self.origin not in (None, chat)


def refused_for_sure(facts: TableFacts | None, command: str, user: str) -> bool:
    """Whether the app is sure to refuse typed ``command`` (its name: ``roll``) from ``user``
    at a table whose facts are ``facts`` (``None``: no table there): a new table where one is
    open, a seated player's command from anyone else or where no game is."""
    if command == "new":
        return facts is not None and facts.stage != "over"
    if command not in SEATED_COMMANDS:
        return False
    if facts is None or facts.stage == "over":
        return True
    return not facts.seated(user)


def game_away_for(
    facts: TableFacts | None, away: Sequence[Away], command: str, user: str
) -> Away | None:
    """The game that typed ``command`` (its name) from ``user`` is about when it plays in a
    chat of its own, away from the chat whose table's facts are ``facts`` and which sent the
    games ``away``: the user's own game, unless he sits at the table here; for information
    (:data:`GAME_INFO_COMMANDS`) asked where no game is in play, the last game that left.
    ``None``: the command is for the table here."""
    if command not in SEATED_COMMANDS and command not in GAME_INFO_COMMANDS:
        return None
    if facts is not None and facts.plays(user):
        return None
    game = next((g for g in reversed(away) if user in g.players), None)
    asks_about = command in GAME_INFO_COMMANDS and (facts is None or not facts.in_play)
    if game is None and asks_about and away:
        return away[-1]
    return game


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
