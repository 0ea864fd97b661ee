"""``position ID``: a table whose game begins at a position an ID describes.

The ID is an eXtreme Gammon XGID (``XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10``) or GNU
Backgammon's Position ID and Match ID (``4HPwATDgc/ABMA:cIkKAAAAAAAA``, or the two as separate
words, their ``Position ID:`` and ``Match ID:`` labels as gnubg prints them allowed).  The game
has the cube, score, match length, Crawford flag, dice and player on roll the ID carries; a
match to N points or a money session goes on from it.  ``position`` opens a lobby as ``new``
does: its creator plays X, player 1 (gnubg's player 1, the side GNU Backgammon and eXtreme
Gammon give their own user, at the bottom of their boards), whoever joins plays O, player 0: an
XGID and the Position ID and Match ID of the same position give the same seat the roll, the
creator's side in the tool he copied them from.  The game begins at the position once the
second seat is taken.  With ``bot`` the computer plays O: in a private chat against the creator
at once, in a group against whoever joins (its lobby waits, as ``new bot``'s does).  Bad
text is refused saying which part is wrong.  ``position`` alone is ``export`` (the position's own
IDs).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from bot.ai.worker import DEFAULT_LEVEL, LEVEL_NAMES
from bot.app import display, fair, opponent
from bot.app.context import Context, Refused, usage
from bot.app.options import lobby_message
from bot.app.table import Lobby, Seat, Table, TableSettings
from bot.app.turn import computer_next, for_computer, send_board
from bot.app.types import ClearButtons, SendText
from engine.cube import Options
from engine.errors import CorruptId
from engine.game import Game
from engine.ids import decode_match_id, decode_position_id, decode_xgid
from engine.match import Match

LABELS = frozenset({"position", "match", "id", "id:", "position_id:", "match_id:", "xgid:"})
"""Words gnubg and XG print around the IDs, skipped when pasted with them."""

REASONS = frozenset(
    {"game_over", "score", "crawford", "cube", "no_cube", "beaver", "checkers", "dice", "turn"}
)
"""Why a well-formed ID describes no game that can be set up (``CorruptId.params["reason"]``);
anything else is said as ``other``."""


def id_text(args: tuple[Any, ...]) -> str:
    """The ID the words of ``position …`` give: one XGID, or ``PositionID:MatchID``."""
    words = [str(a) for a in args if str(a).lower() not in LABELS]
    if not words:
        raise usage("position")
    if len(words) == 1:
        return words[0]
    if len(words) == 2 and ":" not in words[0] + words[1]:
        return f"{words[0]}:{words[1]}"
    raise Refused("position-not-id")


def is_xgid(text: str) -> bool:
    """Whether ``text`` is meant as an XGID (its prefix, or its ten colon-separated fields)."""
    return text[:5].upper() == "XGID=" or text.count(":") >= 8


def set_up(text: str) -> Game:
    """The game ``text`` describes; a :class:`Refused` says which part is wrong."""
    if is_xgid(text):
        try:
            decode_xgid(text)
        except CorruptId:
            raise Refused("position-bad-xgid") from None
        return _game(lambda: Game.from_xgid(text))
    pos_text, sep, match_text = text.partition(":")
    if not sep or ":" in match_text:
        raise Refused("position-not-id")
    try:
        decode_position_id(pos_text)
    except CorruptId:
        raise Refused("position-bad-position-id", id=pos_text[:20]) from None
    try:
        decode_match_id(match_text)
    except CorruptId:
        raise Refused("position-bad-match-id", id=match_text[:20]) from None
    return _game(lambda: Game.from_gnubg_ids(text))


def _game(build: Callable[[], Game]) -> Game:
    try:
        game = build()
    except CorruptId as exc:
        reason = exc.params.get("reason")
        raise Refused(
            "position-impossible", reason=reason if reason in REASONS else "other"
        ) from None
    return game


def setup_match(table: Table) -> Match:
    """The match a lobby opened with ``position`` begins with (its ID read again)."""
    assert table.lobby.setup is not None
    return Match.from_game(set_up(table.lobby.setup))


def open_position(ctx: Context, table: Table | None, args: tuple[Any, ...]) -> Table:
    """``position ID``: a lobby whose game begins at the position; ``position ID bot [LEVEL]``:
    the game against the computer (playing O), begun at once in a private chat, in a group
    against whoever joins."""
    if table is not None and table.stage != "over":
        raise Refused("table-game-running")
    words = [str(a).lower() for a in args]
    bot = next((w for w in words if w in LEVEL_NAMES), None)
    if bot is None and any(w in opponent.WORDS for w in words):
        bot = DEFAULT_LEVEL
    if bot is not None and not ctx.computer:
        raise Refused("computer-unavailable")
    args = tuple(a for a, w in zip(args, words, strict=True) if w not in opponent.WORDS)
    args = tuple(a for a in args if str(a).lower() not in LEVEL_NAMES)
    text = id_text(args)
    game = set_up(text)
    me = Seat(ctx.user.ref, ctx.user.name)
    bot_seat = None if bot is None else Seat(opponent.ref(bot), opponent.name(ctx, bot))
    opened = Table(
        mode="match" if game.match_length else "money",
        variant=game.variant,
        creator=ctx.user.ref,
        length=game.match_length,
        options=game.options.to_dict(),
        # in a group the computer waits alone: whoever joins plays O against it
        seats=(me,) if bot_seat is None or ctx.update.private else (bot_seat,),
        settings=table.settings if table is not None else TableSettings(),
        version=(table.version + 1) if table is not None else 1,
        games=table.games if table is not None else 0,
        lobby=Lobby(setup=text),
    )
    opened = fair.open_table(ctx, opened)  # the dice's secret, before any client seed
    if bot_seat is not None and ctx.update.private:
        return start_game(ctx, opened, (me, bot_seat))
    ctx.replies.append(lobby_message(ctx, opened))
    return opened


def x_last(table: Table, seats: tuple[Seat, ...]) -> tuple[Seat, ...]:
    """The seats of a position's game in the IDs' order: O (player 0) first, X (player 1)
    second.  The player who opened the table, or against the computer the person, plays X, the
    side GNU Backgammon and eXtreme Gammon give their own user: the IDs he copied from either
    put him where he was."""
    first, second = seats
    if first.user == table.creator or (second.computer and not first.computer):
        return (second, first)
    return seats


def start_game(ctx: Context, table: Table, seats: tuple[Seat, ...]) -> Table:
    """The two-player game of ``seats`` begins: the table's next version, its first board (the
    board of the computer's turn, when the computer acts first; a position's seats in the IDs'
    order: :func:`x_last`)."""
    if table.lobby.setup is not None:
        seats = x_last(table, seats)
        match = setup_match(table)
    else:
        match = Match.new(table.length, table.variant, Options.from_dict(table.options))
    started = table.bumped(
        seats=seats,
        stage="play",
        match=match,
        abort_by=None,
        lobby=replace(table.lobby, held=None, setup=None),
    )
    chosen = set(table.dice.client_seeds)
    started = fair.start_match(ctx, started)
    fair.begin(ctx, started, fair.game_number(started, match))
    if ctx.update.message is not None:
        ctx.replies.append(ClearButtons(ctx.update.message))
    lines = [
        ctx.tr("game-started", player=seats[0].name, opponent=seats[1].name),
        display.describe(ctx.tr, started),
        *filter(None, [fair.secret_note(ctx.tr, started)]),
        fair.seeds_note(ctx, started),
    ]
    if computer_next(started, match):  # its turn follows at once, with the board
        ctx.replies.append(SendText("\n".join(lines)))
        return for_computer(ctx, started, [])
    drawn = [user for user in started.dice.client_seeds if user not in chosen]
    offer = fair.seed_offer(ctx, fair.keep(ctx, started), drawn)
    ctx.replies.append(SendText("\n".join([*lines, offer] if offer else lines)))
    ctx.replies.append(send_board(ctx, started, match, ()))
    return started
