"""The web board's state of a table: what its page draws, and the payloads its presses send.

The web board (a Telegram Mini App, a Discord Activity) shows the table the chat shows, and
knows no rule: the state it gets says where every checker stands, who is to act, the legal
single steps of the play being built (each with the payload of the chat's step button) and the
actions the viewer may take (the chat board's buttons he may press, the undo, confirm and
resignations he may make, and what the chat offers him besides: the claims once his opponent's
time is up, the analysis of a finished match).  What the page sends back is a payload, answered
as any press (``App.handle``), so the two boards never disagree.

The state is built from what the chat board shows (the ``board`` use case:
:func:`bot.app.info.show`, :func:`bot.app.chouette_play.info`): its picture
(:class:`~renderers.view.BoardView`), its caption and its buttons; the engine says which of the
buttons the viewer may press (``Game.allowed``, ``Chouette.allowed``) and which steps he may
make (``Game.next_steps``), whatever keyboard the chat shows (a frugal table's keyboard offers
whole plays, or every step of the turn at once: the web board has the steps).

The state (``v`` 1), JSON-safe::

    {"v": 1, "table": tag, "version": int, "stage": "lobby|play|over",
     "variant": str, "mode": "match|money|chouette", "lang": str, "labels": {key: text},
     "seats": [{"ref", "name", "colour": "white|black"|null, "you": bool}],
     "viewer": 0|1|null, "points": [[n0, n1] × 24], "bar": [n0, n1], "off": [n0, n1],
     "point_map": [0, p1 … p24], "turn": 0|1|null, "phase": str|null,
     "dice": [d1, d2]|null, "used": [die, …], "cube": {"value", "owner", "offered_by",
     "enabled"}, "score": [a, b], "length": int, "crawford": bool, "pips": [p0, p1],
     "now": epoch|null, "clock": {"deadline": epoch|null, "seconds": int, "seat": 0|1|null,
     "urgent": epoch|null, "expired": bool}, "home": "right|left", "built": [[from, to], …],
     "steps": [{"from", "to", "hit", "payload"}], "actions": [{"label", "payload", "kind"}],
     "last": [[from, to], …], "last_seat": 0|1|null,
     "chouette": null | {"box", "box_name", "captain", "members": [{"ref", "name", "answer",
     "status", "total", "cube", "captain", "you"}], "vote": [ref, …]|null, "box_total"},
     "result": null | {"game", "winner", "kind", "points", "reason", "match_winner", "how",
     "score", "headline", "lines"}, "message": str}

Seat 0 and seat 1 are the board's two sides (engine players 0 and 1; at a chouette the box and
the captain).  ``points[p - 1]`` holds the checkers of each seat on point ``p`` numbered from
seat 0's side; seat 1 numbers the points its own way, and ``point_map[q]`` is seat 1's point
``q`` in seat 0's numbering (and back: the map is its own inverse).  A step's ``from`` and
``to`` are the numbering of the seat on turn (25: the bar, 0 or less: off), as the payload has
them and the chat writes them; so are ``built`` (the play being built) and ``last`` (in the
numbering of ``last_seat``, who made it).  ``steps`` are empty but for the player whose move it
is; a spectator has no ``actions`` either.  ``score`` may hold halves (a drawn long nardy game).
A lobby, or a chouette between games, shows its variant's starting position.

``now`` is the server's time when the state was made, given while a move clock runs: the page
counts the clock down from it, whatever its own clock says (without one, a state that did not
change is the same, and the page is not sent it again).  The ``clock`` runs for ``seat`` (the
player the game waits for: the one to move, or to answer a double) until ``deadline``; from
``urgent`` on (when the chat reminds him) his time is short, and once ``expired`` his opponent
may claim (the claim buttons are among his ``actions``).  ``home`` is the side of the viewer's
home board, as the chat's picture draws it for this table and game (``settings home``,
``swap``).

At a chouette each member of the team has his own ``answer`` to the box's double while it waits
(``take``, ``beaver``, ``pass``, ``pending``; ``null`` when no double of the box is on offer),
his ``status`` (``in``, ``passed``, ``won``, ``left``, ``resigned``), his running ``total``
and the value of his own ``cube``; ``you`` marks the viewer.

``result`` says how the last game ended until the first play of the next one (the chat says
it in the caption of that game's first board), or how the table's last game ended once it is
over: the winner's seat (``null``: a draw; at a chouette the box's or the team's), the ``kind``
(``single``, ``gammon``, ``backgammon``: in long nardy mars and koks), the points, the
``reason`` (``bear_off``, ``pass``, ``resign``, ``beaver_refused``, ``draw``, ``time``: the
loser's move clock ran out and the game was claimed; at a chouette
``box_pass``, ``box_left``, ``team_out``), the match's winner once it is won (``how``:
``played``, or ``time`` when claimed on time) and the score after the game; then the same in
the chat's words (``lines``, ``headline`` the one that names the winner).
"""

from __future__ import annotations

from functools import cache
from typing import Any, cast

from bot.app import display, fair, match_analysis
from bot.app.context import Context, Refused
from bot.app.dice import DiceScheme, TableDice
from bot.app.payload import Payload, format_payload, parse_payload
from bot.app.registry import TABLE_CASES
from bot.app.syntax import CommandSyntax, typed_syntax
from bot.app.table import Table
from bot.app.timing import REMIND_BEFORE, actor
from bot.app.types import Button, SendBoard, SendText, Update, User
from bot.app.writer import TableWriter
from bot.i18n import negotiate, t
from bot.store import TableKey
from engine.chouette import BOX, TEAM, EndReason, GameEnd, Member
from engine.cube import Options
from engine.errors import EngineError
from engine.game import ActionKind, Game, GameResult, Phase, Points, format_points
from engine.match import GameRecord, Match
from engine.result import WinKind
from renderers.view import BoardView, MatchScore, MoneyScore

SCHEMA = 1
"""The state's schema (its ``v``)."""

WORDS: dict[str, str] = {
    "roll": "button-roll",
    "double": "button-double",
    "take": "button-take",
    "pass": "button-pass",
    "beaver": "button-beaver",
    "accept": "button-accept",
    "decline": "button-decline",
    "undo": "button-undo",
    "confirm": "button-confirm",
    "resign": "web-resign",
    "resign_single": "button-resign-single",
    "resign_gammon": "button-resign-gammon",
    "resign_backgammon": "button-resign-backgammon",
    "your_turn": "web-your-turn",
    "opponent_turn": "web-opponent-turn",
    "score": "web-score",
    "spectator": "web-spectator",
    "offline": "web-offline",
    "lobby": "web-lobby",
    "you": "web-you",
    "pending": "web-answer-pending",
    "analysis_sent": "web-analysis-in-chat",
    "game_over": "error-game-over",
}
"""The page's words (label key → catalogue message) besides the board's own
(:func:`bot.app.display.labels`: pips, cube, bar, off, the match's length …)."""

KINDS: dict[str, str] = {
    ActionKind.ROLL: "roll",
    ActionKind.DOUBLE: "double",
    ActionKind.TAKE: "take",
    ActionKind.PASS: "pass",
    ActionKind.BEAVER: "beaver",
    ActionKind.BEAVER_ACCEPT: "accept",
    ActionKind.BEAVER_REFUSE: "decline",
    ActionKind.RESIGN_ACCEPT: "accept",
    ActionKind.RESIGN_DECLINE: "decline",
    ActionKind.UNDO: "undo",
    ActionKind.CONFIRM: "confirm",
    ActionKind.RESIGN: "resign",
}
"""The kind of each action the page shows (a button's place on it), by the payload's action."""

NOT_ACTIONS = frozenset(
    {ActionKind.STEP, "choose", "hint_play", ActionKind.UNDO, ActionKind.CONFIRM}
)
"""Buttons of the chat board the page does not show as actions: it has the steps instead of the
keyboard of steps (or of whole plays), and undo and confirm come from the engine (a frugal
table's keyboard offers them for the whole turn)."""

RESIGNATIONS = (
    (WinKind.SINGLE, "button-resign-single"),
    (WinKind.GAMMON, "button-resign-gammon"),
    (WinKind.BACKGAMMON, "button-resign-backgammon"),
)
"""What a player may resign, with its button's words."""


async def web_state(
    writer: TableWriter,
    key: TableKey,
    user: str | None,
    lang: str,
    syntax: CommandSyntax = typed_syntax,
) -> dict[str, Any] | None:
    """The state of ``key``'s table for ``user`` (a user reference; ``None``: a spectator) in
    ``lang``, the commands its caption names written in ``syntax``; ``None``: no table.
    Raises :class:`~bot.store.StoreUnavailable` when the table cannot be read now."""
    table = await writer.load(key)
    if table is None:
        return None
    lang = negotiate(lang)
    viewer = User(key.platform, "", "") if user is None else _user(user)
    update = Update(key, viewer, "web:state")
    ctx = Context(update, lang, writer.clock(), TableDice(DiceScheme()), writer.users)
    ctx.syntax = syntax
    return state_of(ctx, table, user)


def _user(ref: str) -> User:
    platform, _, uid = ref.partition(":")
    return User(platform, uid, "")


def shown(ctx: Context, table: Table) -> SendBoard | SendText | None:
    """What ``board`` shows of ``table`` in the chat: its board, or a text (a lobby, a chouette
    between games); ``None`` when nothing (a table closed)."""
    ctx.names = {seat.user: seat.name for seat in table.seats}
    fair.load(ctx, table)
    case = TABLE_CASES["board"]
    chouette = table.mode == "chouette" and case.chouette is not None
    decide = case.chouette if chouette else case.decide
    assert decide is not None
    try:
        decide(ctx, table, "board", ())
    except (Refused, EngineError):
        return None
    for reply in ctx.replies:
        if isinstance(reply, SendBoard | SendText):
            return reply
    return None


def state_of(ctx: Context, table: Table, user: str | None) -> dict[str, Any]:
    """The web board's state of ``table`` for ``user`` (see the module's docstring)."""
    reply = shown(ctx, table)
    game = current_game(table)
    home = table.settings.home
    if isinstance(reply, SendBoard):
        view = reply.board.view
        message = reply.caption
        buttons = [button for row in reply.buttons for button in row]
        home = reply.board.home
    else:
        view = starting_view(table)
        message = reply.text if reply is not None else ""
        buttons = []
        game = None
    refs = board_refs(table)
    seat = seat_of(table, user)
    allowed = permitted(table, user) if game is not None and table.stage == "play" else frozenset()
    state: dict[str, Any] = {
        "v": SCHEMA,
        "table": ctx.update.table.tag,
        "version": table.version,
        "stage": table.stage,
        "variant": table.variant,
        "mode": table.mode,
        "lang": ctx.lang,
        "labels": labels(ctx, table),
        "seats": seats(table, view, refs if game is not None else None, user),
        "viewer": seat if seat is not None else view.turn,
        "phase": game.phase.value if game is not None else None,
        "used": list(game.used) if game is not None and game.phase is Phase.MOVE else [],
        "built": [[s.frm, s.to] for s in game.steps] if game is not None else [],
        "now": round(ctx.now, 3) if table.clock.deadline is not None else None,
        "clock": clock(table, ctx.now),
        "home": home,
        "steps": steps(game, table.version) if ActionKind.STEP in allowed else [],
        "actions": actions(ctx, table, game, buttons, allowed) + afterwards(ctx, table, seat),
        "chouette": roster(table, user),
        "result": outcome(ctx, table),
        "message": message,
    }
    state.update(board(view))
    return state


def current_game(table: Table) -> Game | None:
    """The game the table's board shows (``None``: none yet)."""
    if table.mode == "chouette":
        current = table.chouette.current if table.chouette is not None else None
        return current.game if current is not None else None
    return table.match.game if table.match is not None else None


def starting_view(table: Table) -> BoardView:
    """The board of a table with no game to show: its variant's starting position."""
    game = Match.new(table.length, table.variant, Options.from_dict(table.options)).game
    names = [seat.name for seat in table.seats[:2]]
    return display.board_view(game, names)


def board_refs(table: Table) -> tuple[str | None, str | None]:
    """Who plays the board's two seats: the seated players, or the box and the captain."""
    if table.mode == "chouette":
        current = table.chouette.current if table.chouette is not None else None
        if current is None:
            return None, None
        refs = [current.box, current.captain]
        return refs[BOX], refs[TEAM]
    first = table.seats[0].user if table.seats else None
    second = table.seats[1].user if len(table.seats) > 1 else None
    return first, second


def seat_of(table: Table, user: str | None) -> int | None:
    """The seat of the board ``user`` plays (a chouette's team member: the team's)."""
    if user is None:
        return None
    if table.mode != "chouette":
        return table.seat_of(user)
    current = table.chouette.current if table.chouette is not None else None
    if current is None:
        return None
    if user == current.box:
        return BOX
    return TEAM if any(m.name == user for m in current.members) else None


def permitted(table: Table, user: str | None) -> frozenset[str]:
    """What the engine lets ``user`` do now (nothing for a spectator)."""
    if user is None:
        return frozenset()
    if table.mode == "chouette":
        ch = table.chouette
        if ch is None or ch.current is None or ch.current.is_over:
            return frozenset()
        return ch.allowed(user)
    seat = table.seat_of(user)
    if seat is None or table.match is None or table.match.game.is_over:
        return frozenset()
    return frozenset(table.match.game.allowed(seat))


def steps(game: Game | None, version: int) -> list[dict[str, Any]]:
    """The legal next steps, highest point first, each with its step button's payload."""
    if game is None:
        return []
    found = {(s.frm, s.to): s.hit for s in game.next_steps()}
    return [
        {
            "from": frm,
            "to": to,
            "hit": hit,
            "payload": format_payload(Payload(ActionKind.STEP, (frm, to), version)),
        }
        for (frm, to), hit in sorted(found.items(), key=lambda item: (-item[0][0], -item[0][1]))
    ]


def actions(
    ctx: Context,
    table: Table,
    game: Game | None,
    buttons: list[Button],
    allowed: frozenset[str],
) -> list[dict[str, Any]]:
    """The board's buttons the viewer may press, then undo and confirm (a play being built)
    and the resignations he may offer."""
    out: list[dict[str, Any]] = []
    for button in buttons:
        pressed = parse_payload(button.payload)
        if pressed.action in NOT_ACTIONS:
            continue
        needed, kind = needs(pressed)
        if needed in allowed:
            out.append({"label": button.label, "payload": button.payload, "kind": kind})

    def offer(words: str, action: str, *args: int) -> None:
        payload = format_payload(Payload(action, args, table.version))
        out.append({"label": ctx.tr(words), "payload": payload, "kind": KINDS[action]})

    if game is not None and game.phase is Phase.MOVE:
        for action, words in (
            (ActionKind.UNDO, "button-undo"),
            (ActionKind.CONFIRM, "button-confirm"),
        ):
            if action in allowed:
                offer(words, action)
    if ActionKind.RESIGN in allowed:
        for resigned, words in RESIGNATIONS:
            offer(words, ActionKind.RESIGN, int(resigned))
    return out


def afterwards(ctx: Context, table: Table, seat: int | None) -> list[dict[str, Any]]:
    """What the chat offers a player besides the board's buttons: the claims once his
    opponent's time is up (the clock's notice has them), the analysis once the match is over
    (the last board has it)."""
    if seat is None or table.mode == "chouette" or table.match is None:
        return []
    out: list[dict[str, Any]] = []

    def offer(words: str, action: str, kind: str) -> None:
        payload = format_payload(Payload(action, (), table.version))
        out.append({"label": ctx.tr(words), "payload": payload, "kind": kind})

    deadline = table.clock.deadline
    if table.stage == "play" and deadline is not None and ctx.now >= deadline:
        late = actor(table.state())
        if late is not None and late != seat:
            offer("button-claim-game", "claim", "claim")
            if table.mode == "match":
                offer("button-claim-match", "claim_match", "claim")
    if table.stage == "over":
        button = match_analysis.offer(ctx, table)
        out.append({"label": button.label, "payload": button.payload, "kind": "analysis"})
    return out


def needs(payload: Payload) -> tuple[str, str]:
    """What the engine must allow for the press of ``payload`` (its name in ``allowed``), and
    the kind of action it is: a chouette member's vote is his double (or its refusal), the box's
    answer to a member's resignation an accept (or a decline)."""
    yes = bool(payload.args) and payload.args[0] == "yes"
    if payload.action == "vote":
        return (ActionKind.DOUBLE, "double") if yes else ("refuse_double", "no_double")
    if payload.action == "member_resign":
        if yes:
            return ActionKind.RESIGN_ACCEPT, "accept"
        return ActionKind.RESIGN_DECLINE, "decline"
    return payload.action, KINDS.get(payload.action, payload.action)


def labels(ctx: Context, table: Table) -> dict[str, str]:
    """Every word the page shows, in the viewer's language."""
    words = dict(page_words(ctx.lang))
    match = words.pop("match", "")
    if table.mode == "match":
        words["match"] = match.replace("{length}", str(table.length))
    words["variant"] = ctx.tr(display.VARIANT_IDS[table.variant])
    words["mode"] = display.mode_text(ctx.tr, table)
    return words


@cache
def page_words(lang: str) -> tuple[tuple[str, str], ...]:
    """The board's words and :data:`WORDS` in ``lang`` (computed once per language)."""
    words = dict(display.labels(lang))
    words.update({name: t(lang, message) for name, message in WORDS.items()})
    return tuple(words.items())


def seats(
    table: Table, view: BoardView, refs: tuple[str | None, str | None] | None, user: str | None
) -> list[dict[str, Any]]:
    """The board's two seats (``refs``: who plays them), or with no game on the board
    (``refs`` ``None``: a lobby) everyone seated (at a chouette, with no colour)."""
    if refs is None:
        two = table.mode != "chouette"
        return [
            {
                "ref": seat.user,
                "name": seat.name,
                "colour": ("white", "black")[i] if two and i < 2 else None,
                "you": seat.user == user,
            }
            for i, seat in enumerate(table.seats)
        ]
    return [
        {
            "ref": refs[i],
            "name": view.names[i],
            "colour": "white" if view.colors[i] == 0 else "black",
            "you": user is not None and refs[i] == user,
        }
        for i in (0, 1)
    ]


def board(view: BoardView) -> dict[str, Any]:
    """What the picture shows: checkers, dice, cube, score, pips, the last play."""
    position = view.position
    opposite = type(position).ruleset.point_map
    cube = view.cube
    score = view.score
    state: dict[str, Any] = {
        "points": [
            [position.player[p - 1], position.opponent[opposite[p] - 1]] for p in range(1, 25)
        ],
        "bar": [position.player[24], position.opponent[24]],
        "off": list(position.off()),
        "pips": list(position.pips()),
        "point_map": list(opposite),
        "turn": view.turn,
        "dice": list(view.dice) if view.dice is not None else None,
        "cube": {
            "value": cube.value if cube is not None else 1,
            "owner": cube.owner if cube is not None else None,
            "offered_by": cube.offered_by if cube is not None else None,
            "enabled": cube is not None and not cube.dead,
        },
        "score": [0, 0],
        "length": 0,
        "crawford": False,
        "last": [],
        "last_seat": None,
    }
    if isinstance(score, MatchScore):
        state.update(score=[_points(p) for p in score.score], length=score.length)
        state["crawford"] = score.crawford
    elif isinstance(score, MoneyScore):
        state["score"] = [_points(p) for p in score.totals]
    if view.last_play is not None:
        state["last"] = [[s.frm, s.to] for s in view.last_play.steps]
        state["last_seat"] = view.last_play.seat
    return state


def _points(value: Points) -> int | float:
    """A score as a JSON number (a half when a long nardy game was drawn)."""
    return int(value) if value == int(value) else float(value)


def clock(table: Table, now: float) -> dict[str, Any]:
    """The move clock: its deadline, the time a move is given, the seat it runs for, when his
    time grows short (the chat's reminder) and whether it is up."""
    moves = table.clock
    seat: int | None = None
    urgent: float | None = None
    if moves.deadline is not None and table.mode != "chouette" and table.match is not None:
        seat = actor(table.state())
        urgent = moves.deadline - moves.seconds * REMIND_BEFORE
    return {
        "deadline": moves.deadline,
        "seconds": moves.seconds,
        "seat": seat,
        "urgent": urgent,
        "expired": moves.deadline is not None and now >= moves.deadline,
    }


def roster(table: Table, user: str | None) -> dict[str, Any] | None:
    """A chouette's box, captain and team, each member's answer to the box's double
    (``None`` at any other table, or between games)."""
    ch = table.chouette
    if table.mode != "chouette" or ch is None or ch.current is None:
        return None
    current = ch.current
    names = {seat.user: seat.name for seat in table.seats}
    balances = ch.balances()
    game = current.game
    asked = (
        not current.is_over and game.phase in (Phase.DOUBLED, Phase.BEAVERED) and game.turn == BOX
    )
    return {
        "box": current.box,
        "box_name": names.get(current.box, current.box),
        "captain": current.captain,
        "members": [
            {
                "ref": m.name,
                "name": names.get(m.name, m.name),
                "answer": answer(m) if asked else None,
                "status": m.status,
                "total": balances.get(m.name, 0),
                "cube": m.cube.value,
                "captain": m.name == current.captain,
                "you": user is not None and m.name == user,
            }
            for m in current.members
        ],
        "vote": list(current.vote) if current.vote is not None else None,
        "box_total": balances.get(current.box, 0),
    }


def answer(member: Member) -> str | None:
    """A member's answer to the box's double, as the chat's caption says it: he takes (or
    beavers), has passed, or is still to answer (``None``: out of the game otherwise)."""
    if member.answer in ("beaver", "beaver_accepted"):
        return "beaver"
    if member.answer == "take":
        return "take"
    if member.status == "passed":
        return "pass"
    return "pending" if member.playing else None


# -- how the last game ended ---------------------------------------------------------------------


def outcome(ctx: Context, table: Table) -> dict[str, Any] | None:
    """How the table's last game ended (see the module's docstring), ``None`` while a game is
    being played or none has ended."""
    if table.mode == "chouette":
        return chouette_outcome(ctx, table)
    match = table.match
    if match is None:
        return None
    game = match.game
    # a money session counts its games from the first of the session (they are folded away)
    number = match.number + table.past.dropped
    if game.result is not None:
        ended: GameResult = game.result
    elif table.stage == "play" and not played(game):
        record = previous_game(table, match)
        if record is None or record.result is None:
            return None
        ended, number = record.result, number - 1
    else:
        return None
    names = [seat.name for seat in table.seats[:2]]
    lines = display.result_text(ctx.tr, ended, names).split("\n")
    headline = lines[-1]
    won: int | None = None
    how: str | None = None
    score = table.session_score(match)
    if table.forfeit is not None:  # the match claimed on time: so was its last game
        won, how = table.forfeit, "time"
        if ended.winner is not None and len(lines) > 1:
            lines[0] = ctx.tr("clock-claimed", player=names[ended.winner], what="game")
        headline = ctx.tr("clock-claimed", player=names[won], what="match")
    elif match.is_over and match.winner is not None:
        won, how = match.winner, "played"
        headline = ctx.tr(
            "match-won",
            player=names[won],
            score=format_points(score[won]),
            opponent_score=format_points(score[1 - won]),
        )
    lines.append(display.score_text(ctx.tr, table, match, names))
    if how == "played":
        lines.append(headline)
    return {
        "game": number,
        "winner": ended.winner,
        "kind": display.KIND_WORDS[int(ended.kind)],
        "points": ended.points,
        "reason": ended.reason.value,
        "match_winner": won,
        "how": how,
        "score": [_points(p) for p in score],
        "headline": headline,
        "lines": [line for text in lines for line in text.split("\n") if line],
    }


def played(game: Game) -> bool:
    """Whether a play was made in ``game`` (until then, the game before it is still news)."""
    return any(entry.action == "move" for entry in game.log)


def previous_game(table: Table, match: Match) -> GameRecord | None:
    """The record of the game played before ``match``'s current one (a money session keeps its
    latest finished games apart: :class:`~bot.app.table.PastGames`)."""
    if table.mode == "money":
        recent = table.past.recent
        return recent.records()[-1] if recent is not None else None
    if match.number < 2:
        return None
    return match.records()[-2]


def chouette_outcome(ctx: Context, table: Table) -> dict[str, Any] | None:
    """How a chouette's last game ended: once over, or while the next has not begun."""
    ch = table.chouette
    current = ch.current if ch is not None else None
    if ch is None or current is None:
        return None
    if current.end is not None:
        number, box, end = current.number, current.box, current.end
    elif not played(current.game) and current.number > 1:
        number = current.number - 1
        found = {e.action: e for e in ch.log if e.game == number}
        if "end" not in found or "new_game" not in found:
            return None
        box = found["new_game"].player
        won, reason, kind = found["end"].value
        end = GameEnd(bool(won), cast(EndReason, reason), WinKind(int(kind)) if kind else None)
    else:
        return None
    names = {seat.user: seat.name for seat in table.seats}
    kind = display.KIND_WORDS[int(end.kind or WinKind.SINGLE)]
    headline = ctx.tr(
        "app-chouette-game-over",
        number=number,
        winner="team" if end.team_won else "box",
        box=names.get(box, box),
        kind=kind,
        reason=end.reason,
    )
    lines = [headline]
    if table.stage == "over":
        lines.append(ctx.tr("app-chouette-ends"))
    return {
        "game": number,
        "winner": TEAM if end.team_won else BOX,
        "kind": kind,
        "points": None,
        "reason": end.reason,
        "match_winner": None,
        "how": None,
        "score": None,
        "headline": headline,
        "lines": lines,
    }
