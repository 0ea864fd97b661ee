"""Read-only questions adapters ask about a table (no store access, no state change).

:func:`legal_play_notations` lists the plays a user may type now, for the adapters' autocomplete
of ``/move``; :func:`outcome_text` says how a finished table's game ended, in a line the
adapter posts where the game began (a game played in a thread of its own), and
:func:`thread_title` names such a thread after the players.
"""

from __future__ import annotations

from functools import partial

from bot.app.table import Table
from bot.app.view import mode_text, score_text
from bot.i18n import t
from engine.chouette import Chouette
from engine.errors import EngineError
from engine.game import Game, Phase, format_points
from engine.match import Match
from engine.movegen import legal_plays
from engine.notation import format_play


def _game_and_mover(table: Table) -> tuple[Game, str] | None:
    """The running game and the user who moves in it, or ``None`` when nobody is to move."""
    if table.stage != "play":
        return None
    if table.match is not None:
        game = Match.from_dict(table.match).game
        if game.turn is None or not 0 <= game.turn < len(table.seats):
            return None
        return game, table.seats[game.turn].user
    if table.chouette is not None:
        chouette = Chouette.from_dict(table.chouette)
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
    if table.match is None or len(table.seats) != 2:
        return ""
    try:
        match = table.state()
    except (EngineError, ValueError):
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


def thread_title(table: Table, lang: str) -> str:
    """A name for the table's own thread: the players and the game ("Alice vs Bob — match to 5
    points"; the members of a chouette)."""
    tr = partial(t, lang)
    names = [seat.name for seat in table.seats]
    mode = mode_text(tr, table)
    if len(names) == 2 and table.mode != "chouette":
        return tr("discord-thread-name", player=names[0], opponent=names[1], mode=mode)
    return tr("discord-thread-team", players=", ".join(names), mode=mode)
