"""What the app shows: captions, board views, keyboards and info texts, built from engine state.

Every word comes from the i18n layer through the ``tr`` function the app passes in (the sender's
language already chosen); nothing here decides rules or touches the store.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from functools import cache

from bot.app import fair
from bot.app.hint import hints_text
from bot.app.payload import Payload, format_payload
from bot.app.table import Table
from bot.app.types import Board, Button, Keyboard
from bot.i18n import MissingMessage, t
from engine.cube import Options
from engine.errors import EngineError
from engine.game import Action, ActionKind, Game, GameResult, Phase, Points, Reason, format_points
from engine.match import Match
from engine.movegen import Step
from engine.notation import dice_text, format_steps
from engine.replay import played_steps
from renderers.view import (
    DEFAULT_LABELS,
    BoardView,
    CubeView,
    LastPlay,
    MatchScore,
    MoneyScore,
    home_side,
)

Tr = Callable[..., str]

log = logging.getLogger(__name__)

MAX_STEP_BUTTONS = 20
"""Step buttons on one board (Discord allows 25 components; one row is kept for undo/confirm)."""

STEP_ROW = 5
"""Buttons per row."""


def step_label(step: Step) -> str:
    """A compact button label: ``13→7``, ``bar→22``, ``6→off``, ``13→7*``."""
    frm = "bar" if step.frm == 25 else str(step.frm)
    to = "off" if step.to <= 0 else str(step.to)
    return f"{frm}→{to}{'*' if step.hit else ''}"


def answer_keyboard(tr: Tr, game: Game, version: int, *, beaver: bool) -> Keyboard:
    """What the player who is doubled (or beavered) may answer: take / pass (and beaver, where
    the table allows it), or accept / refuse the beaver; else the steps of a move; else nothing."""

    def b(label_id: str, action: str) -> Button:
        return Button(tr(label_id), format_payload(Payload(action, (), version)))

    if game.phase is Phase.DOUBLED:
        row = [b("button-take", ActionKind.TAKE), b("button-pass", ActionKind.PASS)]
        if beaver:
            row.append(b("button-beaver", ActionKind.BEAVER))
        return (tuple(row),)
    if game.phase is Phase.BEAVERED:
        return (
            (
                b("button-accept", ActionKind.BEAVER_ACCEPT),
                b("app-button-refuse", ActionKind.BEAVER_REFUSE),
            ),
        )
    if game.phase is Phase.MOVE:
        return step_keyboard(tr, game, version)
    return ()


def step_keyboard(tr: Tr, game: Game, version: int) -> Keyboard:
    """The legal next steps, then undo and confirm, as rows of buttons."""
    steps = sorted(set(game.next_steps()), key=lambda s: (-s.frm, -s.to))[:MAX_STEP_BUTTONS]
    buttons = [
        Button(step_label(s), format_payload(Payload(ActionKind.STEP, (s.frm, s.to), version)))
        for s in steps
    ]
    rows: list[tuple[Button, ...]] = [
        tuple(buttons[i : i + STEP_ROW]) for i in range(0, len(buttons), STEP_ROW)
    ]
    controls: list[Button] = []
    if game.builder.is_complete:
        controls.append(
            Button(tr("button-confirm"), format_payload(Payload(ActionKind.CONFIRM, (), version)))
        )
    if game.steps:
        controls.append(
            Button(tr("button-undo"), format_payload(Payload(ActionKind.UNDO, (), version)))
        )
    if controls:
        rows.append(tuple(controls))
    return tuple(rows)


VARIANT_IDS = {
    "backgammon": "variant-backgammon",
    "long_nardy": "variant-nardy",
    "long_nardy_home_prime": "variant-nardy",
}
"""The catalogue's word for each game."""


def mode_text(tr: Tr, table: Table) -> str:
    """``match to 5 points`` / ``money session`` / ``chouette``."""
    if table.mode == "match":
        return tr("mode-match", length=table.length)
    return tr(f"mode-{table.mode}")


def describe(tr: Tr, table: Table) -> str:
    """``Backgammon: match to 5 points`` and the like."""
    return f"{tr(VARIANT_IDS[table.variant])}: {mode_text(tr, table)}"


def options_text(tr: Tr, table: Table) -> str:
    """The table options in words, defaults included (those that apply to this kind of table)."""
    opts = Options.from_dict(table.options)
    if table.mode == "match":
        opts = opts.for_match()

    def word(value: bool) -> str:
        return tr("app-on" if value else "app-off")

    parts = [tr("app-option-cube", value=word(opts.cube))]
    if opts.cube:
        if table.mode != "match":
            parts.append(tr("option-jacoby", value=word(opts.jacoby)))
            parts.append(tr("option-beaver", value=word(opts.beaver)))
            parts.append(
                tr(
                    "option-auto-doubles",
                    value=word(opts.auto_doubles),
                    count=opts.max_auto_doubles,
                )
            )
        parts.append(tr("option-cube-progression", value=opts.cube_progression))
        parts.append(tr("option-gammons-with-cube", value=word(opts.gammons_with_cube)))
        parts.append(tr("option-cube-limit", value=opts.cube_limit))
    if table.variant == "backgammon":
        parts.append(tr("option-backgammon-counts", count=opts.backgammon_counts))
    else:
        parts.append(tr("option-koks", value=word(opts.backgammon_counts == 3)))
        prime = "home" if table.variant == "long_nardy_home_prime" else "ahead"
        parts.append(tr("option-prime-rule", value=prime))
        parts.append(tr("option-last-roll-draw", value=word(opts.last_roll_draw)))
        if opts.last_roll_draw:
            parts.append(tr("option-draw-points", value=opts.draw_points))
        if table.mode != "match" or table.length > 1:
            parts.append(tr("option-next-game-starts", value=opts.next_game_starts))
    return "; ".join(parts)


def lobby_text(tr: Tr, table: Table, now: float) -> str:
    """The lobby: what is played, with which options, who is seated (and, till ``now`` passes
    the hold, for whom the free seat is kept), and the commitment of the dice's secret, drawn
    before any client seed can be given (:func:`bot.app.fair.open_table`)."""
    lines = [
        tr("table-created", variant=tr(VARIANT_IDS[table.variant]), mode=mode_text(tr, table)),
        tr("table-options", options=options_text(tr, table)),
    ]
    if table.mode == "chouette":
        lines.append(tr("chouette-lobby", count=len(table.seats)))
    if table.lobby.setup is not None:
        lines.append(tr("position-lobby", id=table.lobby.setup))
    lines.append(hints_text(tr, table))
    lines.append(tr("app-seated", players=", ".join(s.name for s in table.seats) or "—"))
    if table.seat_kept(now) and table.lobby.invited:  # the invitation that keeps the seat is last
        lines.append(tr("table-seat-reserved", invitee=table.lobby.invited[-1]))
    secret = fair.secret_note(tr, table)
    if secret:
        lines.append(secret)
    return "\n".join(lines)


@cache
def labels(lang: str) -> tuple[tuple[str, str], ...]:
    """The board's words in ``lang`` (computed once per language)."""
    out: dict[str, str] = {}
    for key, default in DEFAULT_LABELS.items():
        if not default:
            out[key] = default
            continue
        # Placeholders the renderer fills itself (``{length}``) pass through the catalogue.
        params = {name: "{" + name + "}" for name in ("length",) if "{" + name + "}" in default}
        try:
            out[key] = t(lang, f"app-board-{key.replace('_', '-')}", **params)
        except MissingMessage:  # a word the renderer added since: its English default
            log.warning("no translation for board label %s", key)
            out[key] = default
    return tuple(sorted(out.items()))


def board_view(
    game: Game,
    names: Sequence[str],
    carry: tuple[Points, Points] = (0, 0),
) -> BoardView:
    """The renderers' view of ``game``: seat ``i`` is engine player ``i``; ``carry`` adds the
    points of a money session's folded games to the score shown."""
    pair = (names[0] if names else "", names[1] if len(names) > 1 else "")
    cube: CubeView | None = None
    if game.options.cube:
        # a double on offer shows the value it offers, as the caption says
        offered = game.turn if game.phase is Phase.DOUBLED else None
        value = game.cube.next_value(game.options) if offered is not None else game.cube.value
        cube = CubeView(value, game.cube.owner, offered, dead=game.crawford)
    # a finished game shows the score it leaves, with its own points counted
    won = game.award if game.phase is Phase.OVER else (0, 0)
    shown = (game.score[0] + won[0], game.score[1] + won[1])
    score: MatchScore | MoneyScore | None
    if game.match_length:
        length = game.match_length
        # one game from the match, and not the Crawford game: the engine played that one first
        near = any(length - 1 <= points < length for points in game.score)
        post = length > 1 and near and not game.crawford
        score = MatchScore(length, shown, game.crawford, post)
    else:
        score = MoneyScore((carry[0] + shown[0], carry[1] + shown[1]))
    last: LastPlay | None = None
    for entry in reversed(game.log):
        if entry.action == "move" and entry.player is not None:
            steps = played_steps(entry)
            last = LastPlay(entry.player, steps) if steps else None
            break
    dice = game.dice if game.phase is Phase.MOVE else None
    if game.turn is None or game.phase is Phase.OVER:  # nobody is on roll once the game ends
        position = game.position if game.turn is None else game.board(0)
        return BoardView(position, names=pair, turn=None, cube=cube, score=score)
    return BoardView.seated(
        game.current,
        on_roll=game.turn,
        names=pair,
        dice=dice,
        cube=cube,
        score=score,
        last_play=last,
    )


def board_for(lang: str, table: Table, game: Game, names: Sequence[str]) -> Board:
    """The board to post: the renderers' view, the text board and the table's display settings."""
    bv = board_view(game, names, table.past.carry)
    words = labels(lang)
    home = home_side(table.games + 1, table.settings.home, swap_each_game=table.settings.swap)
    return Board(bv, None, home, table.settings.view, words)


def caption(
    tr: Tr,
    table: Table,
    game: Game,
    names: Sequence[str],
    match: Match | None,
    notes: Sequence[str] = (),
) -> str:
    """What the board message says: notes, then who must do what."""
    lines = list(notes)
    lines.append(status_line(tr, game, names))
    return "\n".join(line for line in lines if line)


KIND_WORDS = {1: "single", 2: "gammon", 3: "backgammon"}
"""The catalogue's selector for each result kind."""


def status_line(tr: Tr, game: Game, names: Sequence[str]) -> str:
    """Who is to act and how."""
    if game.result is not None:
        return tr("error-game-over")
    if game.resign is not None:
        offerer = game.resign.player
        return "\n".join(
            [
                tr("event-resign-offer", player=names[offerer], kind=KIND_WORDS[game.resign.kind]),
                tr("app-answer-resign", player=names[1 - offerer]),
            ]
        )
    if game.phase is Phase.OPENING or game.turn is None:
        return tr("app-opening-roll")
    name, other = names[game.turn], names[1 - game.turn]
    if game.phase is Phase.ROLL:
        if game.may(Action(ActionKind.DOUBLE, game.turn)):
            return tr("turn-roll-or-double", player=name)
        return tr("turn-roll", player=name)
    if game.phase is Phase.DOUBLED:
        value = game.cube.next_value(game.options)
        return "\n".join(
            [tr("event-doubles", player=name, value=value), tr("app-answer-double", player=other)]
        )
    if game.phase is Phase.BEAVERED:
        value = game.cube.beavered(1 - game.turn, game.options).value
        return "\n".join(
            [tr("event-beavers", player=other, value=value), tr("app-answer-beaver", player=name)]
        )
    assert game.dice is not None
    line = tr("turn-move", player=name, dice=dice_text(game.dice))
    if game.steps:
        made = format_steps(game.steps)
        if game.builder.is_complete:
            return f"{line}\n" + tr("event-play-ready", play=made)
        return f"{line} {made}"
    return line


def decision_notes(tr: Tr, before: Game, after: Game, names: Sequence[str]) -> list[str]:
    """What a player's answer to a double, a beaver or a resignation decided, in words.

    The offers themselves (a double, a beaver, a resignation) are said by the status line while
    they wait for the answer, and a pass or an accepted resignation by the game's result; what
    is left is the answer that lets the game go on: a take (the cube now at its value, owned by
    the taker), an accepted beaver, a declined resignation.
    """
    if after.is_over:
        return []
    if before.resign is not None and after.resign is None:
        return [tr("event-resign-declined", player=names[1 - before.resign.player])]
    owner = after.cube.owner
    if before.phase is Phase.DOUBLED and after.phase is not Phase.DOUBLED and owner is not None:
        if after.phase is Phase.BEAVERED:
            return []  # the beaver is said by the status line
        return [tr("event-takes", player=names[owner], value=after.cube.value)]
    if before.phase is Phase.BEAVERED and after.phase is not Phase.BEAVERED and owner is not None:
        taker = before.turn if before.turn is not None else 1 - owner
        return [
            tr(
                "event-beaver-accepted",
                player=names[taker],
                value=after.cube.value,
                owner=names[owner],
            )
        ]
    return []


def opening_notes(tr: Tr, game: Game, names: Sequence[str]) -> list[str]:
    """What the opening roll showed: each tie, the deciding dice, who starts and with what."""
    notes = []
    for entry in game.log:
        if entry.action == "opening":
            d0, d1 = int(entry.value[0]), int(entry.value[1])
            if d0 == d1:
                notes.append(tr("opening-tie", die=d0))
            else:
                notes.append(
                    tr("opening-roll", player=names[0], die1=d0, opponent=names[1], die2=d1)
                )
        elif entry.action == "auto_double":
            notes.append(tr("auto-double", value=int(entry.value[0])))
    if game.turn is not None and game.dice is not None:
        dice = dice_text(game.dice)
        notes.append(tr("opening-first", player=names[game.turn], dice=dice))
    return notes


def result_text(tr: Tr, result: GameResult, names: Sequence[str]) -> str:
    """How a game ended, in words."""
    if result.winner is None:
        return tr("result-draw")
    winner, loser = names[result.winner], names[1 - result.winner]
    lines = []
    if result.reason is Reason.PASS:
        lines.append(tr("result-passed", player=loser))
    elif result.reason is Reason.RESIGN:
        lines.append(tr("result-resigned", player=loser))
    elif result.reason is Reason.TIME:
        lines.append(tr("result-time", player=loser))
    elif result.reason is Reason.BEAVER_REFUSED:
        lines.append(tr("event-beaver-refused", player=loser, points=result.points))
    kind = KIND_WORDS[int(result.kind)]
    lines.append(tr("result-win", player=winner, kind=kind, points=result.points))
    return "\n".join(lines)


def score_text(tr: Tr, table: Table, match: Match, names: Sequence[str]) -> str:
    """The ``score`` answer."""
    a, b = (format_points(p) for p in table.session_score(match))
    if table.mode == "match":
        text = tr(
            "score-match",
            player=names[0],
            score=a,
            opponent=names[1],
            opponent_score=b,
            length=table.length,
        )
        game = match.game
        if game.crawford and not game.is_over and not match.is_over and table.forfeit is None:
            text += "\n" + tr("match-crawford")
        if table.forfeit is not None:
            text += "\n" + tr("clock-claimed", player=names[table.forfeit], what="match")
        return text
    return tr("score-money", player=names[0], score=a, opponent=names[1], opponent_score=b)


def pips_text(tr: Tr, game: Game, names: Sequence[str]) -> str:
    """The ``pips`` answer: each player's pip count."""
    pos = game.board(0)
    mine, theirs = pos.pips()
    return tr("pips-line", player=names[0], pips=mine, opponent=names[1], opponent_pips=theirs)


def export_text(tr: Tr, game: Game) -> str:
    """The position's identifiers for analysis programs."""
    try:
        match_id, xgid = game.match_id(), game.xgid()
    except EngineError:  # a cube or a game these formats cannot express: the position alone
        return tr("app-export-position", position_id=game.position_id())
    return "\n".join(
        [
            tr("export-position", position_id=game.position_id(), match_id=match_id),
            tr("export-xgid", xgid=xgid),
        ]
    )


def mat_file(match: Match, names: Sequence[str]) -> str:
    """The match so far in GNU Backgammon's ``.mat`` format."""
    from engine.matfile import format_mat

    return format_mat(match, names=(names[0], names[1]))
