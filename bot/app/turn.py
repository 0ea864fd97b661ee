"""A turn at a two-player table: the frame every game action goes through, and the turn's own
actions (roll, build a play step by step, undo, confirm, type a play).

:func:`game_use_case` makes a use case of a :data:`Transition` (the game after one player's
action): it checks the seat, applies the transition, plays what plays itself (:func:`settle`:
forced plays, no-play turns, auto-rolls, the next game), keeps the clock, and posts the board.
The cube (:mod:`bot.app.doubling`) and resignations (:mod:`bot.app.resign`) are transitions too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from bot.app import display, fair, group, match_analysis, results
from bot.app.context import Context, Refused
from bot.app.payload import Payload, format_payload
from bot.app.table import Stage, Table
from bot.app.timing import actor, called, clocked, stamped
from bot.app.types import (
    Button,
    ClearButtons,
    EditBoard,
    Keyboard,
    Reply,
    SendBoard,
    SendText,
    Toast,
)
from engine.game import Action, ActionKind, Game, Phase, format_points
from engine.match import Match
from engine.notation import dice_text

Transition = Callable[[Context, Game, int, str, tuple[Any, ...]], Game]
"""The game after the player in seat ``int`` did ``action`` with ``args`` (engine errors and
:class:`Refused` propagate)."""

Decide = Callable[[Context, Table, str, tuple[Any, ...]], "Table | None"]
"""A use case at a table: the table's next state (``None``: nothing to write)."""


def game_use_case(transition: Transition) -> Decide:
    """The two-player use case that applies ``transition`` on the seat of the sender."""

    def decide(ctx: Context, table: Table, action: str, args: tuple[Any, ...]) -> Table | None:
        return play(ctx, table, action, args, transition)

    return decide


def play(
    ctx: Context, table: Table, action: str, args: tuple[Any, ...], transition: Transition
) -> Table:
    """Apply one player's game action, settle what follows, and post the board."""
    match = table.state()
    seat = table.seat_of(ctx.user.ref)
    if seat is None:
        raise Refused("error-not-seated")
    game = match.game
    before_turn = game.turn
    building = action in (ActionKind.STEP, ActionKind.UNDO)
    after = transition(ctx, game, seat, action, args)
    if building and after.turn == seat and group.is_frugal(ctx, table) and group.quiet(after):
        # Only the presser sees the step (a toast); the board and its keyboard stay as they
        # are, valid for the rest of the turn: the version is not bumped.
        ctx.replies.append(Toast(group.progress(ctx.tr, after)))
        return table.evolve(match=match.with_game(after), abort_by=None)
    match = match.with_game(after)
    names = [s.name for s in table.seats]
    notes = display.decision_notes(ctx.tr, game, match.game, names)
    if action == ActionKind.ROLL and before_turn is None:
        notes += display.opening_notes(ctx.tr, match.game, names)
    match, more = settle(ctx, table, match)
    notes += more
    new = with_match(ctx, table, match, abort_by=None)
    if match.game.turn == before_turn and building and not notes:
        ctx.replies.append(edit_or_send(ctx, new, match))
        return new
    return turn_passed(ctx, table, new, match, notes)


def turn_transition(
    ctx: Context, game: Game, seat: int, action: str, args: tuple[Any, ...]
) -> Game:
    """Rolling, building a play, undoing a step, confirming, typing a play."""
    if action == ActionKind.ROLL:
        return game.roll(seat, ctx.dice)
    if action == ActionKind.STEP:
        # The engine finds the step among the legal ones (and refuses it as not legal).
        if game.phase is not Phase.MOVE:
            raise Refused("error-step-not-legal")
        return game.add_step(seat, step_points(args))
    if action == ActionKind.UNDO:
        return game.undo(seat)
    if action == ActionKind.CONFIRM:
        return game.confirm(seat)
    if action == "choose":
        chosen = group.chosen(game, args)
        built = game.reset_play(seat) if game.steps else game
        return built.play(seat, chosen)
    if action == "move":
        return game.play(seat, str(args[0]))
    return unknown_transition(ctx, game, seat, action, args)


def unknown_transition(
    ctx: Context, game: Game, seat: int, action: str, args: tuple[Any, ...]
) -> Game:
    """An action no two-player use case knows."""
    if action in ("vote", "propose"):
        raise Refused("app-chouette-only")
    raise Refused("error-unknown-command", command=action)


def step_points(args: tuple[Any, ...]) -> tuple[int, int]:
    """The from and to points of a step button's arguments."""
    if len(args) != 2:
        raise Refused("error-bad-payload")
    return int(args[0]), int(args[1])


def with_match(ctx: Context, table: Table, match: Match, **changes: Any) -> Table:
    """The next version of ``table`` playing ``match``, with its clock.

    A money session folds its finished games into the table's ``past.carry`` and keeps only
    the current game, so that a long session does not grow the record (see
    :class:`~bot.app.table.PastGames`); its latest finished games go to ``past.recent``, for the
    analysis (:func:`analysis.kept_games`).
    """
    stage: Stage = "over" if match.is_over else "play"
    if table.mode == "money" and len(match.games) > 1:
        done = match.games[:-1]
        first, second = table.past.carry
        for game in done:
            a, b = game.award  # draws count too (half a point each in long nardy)
            first, second = first + a, second + b
        # The latest finished games stay for the analysis (not one set up from a position).
        played = done[1:] if match.start is not None else done
        recent = match_analysis.kept_games(table.past.recent, played)
        changes["past"] = replace(
            table.past,
            carry=(first, second),
            dropped=table.past.dropped + len(done),
            recent=table.past.recent if recent is None else recent,
        )
        current = replace(match.game, score=(0, 0))
        match = Match(match.variant, match.length, match.options, (current,))
    new = table.bumped(match=match.archived(), stage=stage, **changes)
    return stamped(ctx, table, clocked(ctx, table, new, match), match)


def settle(ctx: Context, table: Table, match: Match) -> tuple[Match, list[str]]:
    """Play what plays itself (forced plays, no-play turns, auto-rolls), end finished games
    and start the next one; the notes say what happened."""
    notes: list[str] = []
    for _ in range(64):
        game = match.game
        if game.is_over:
            notes.append(game_over(ctx, table, match))
            if match.is_over:
                break
            was_crawford = game.crawford
            match = match.next_game()
            if table.dice.match_id is not None:
                fair.begin(ctx, table, fair.game_number(table, match))
            if match.game.crawford:
                notes.append(ctx.tr("match-crawford"))
            elif was_crawford:
                notes.append(ctx.tr("match-post-crawford"))
            continue
        if game.phase is Phase.MOVE and not game.steps and game.turn is not None:
            name = table.seats[game.turn].name
            if game.no_play:
                assert game.dice is not None
                dice = dice_text(game.dice)
                notes.append(ctx.tr("event-no-play", player=name, dice=dice))
                match = match.with_game(game.confirm(game.turn))
                continue
            forced = game.forced_play
            if forced is not None:
                assert game.dice is not None
                dice = dice_text(game.dice)
                notes.append(ctx.tr("event-rolled", player=name, dice=dice))
                notes.append(ctx.tr("event-forced", play=forced.notation()))
                match = match.with_game(game.play(game.turn, forced))
                continue
        if (
            (table.settings.auto_roll or group.is_frugal(ctx, table))
            and game.phase is Phase.ROLL
            and game.turn is not None
            and game.resign is None
            and not game.may(Action(ActionKind.DOUBLE, game.turn))
        ):
            match = match.with_game(game.roll(game.turn, ctx.dice))
            continue
        break
    return match, notes


def game_over(ctx: Context, table: Table, match: Match) -> str:
    """The finished game's result (and the match's), its statistics noted in ``ctx.ended``
    (not for a game set up from a position: it was not played from the start)."""
    game = match.game
    result = game.result
    assert result is not None
    names = [s.name for s in table.seats]
    score = match.score
    line = display.result_text(ctx.tr, result, names)
    line += "\n" + display.score_text(ctx.tr, table, match, names)
    if match.is_over and match.winner is not None:
        w = match.winner
        line += "\n" + ctx.tr(
            "match-won",
            player=names[w],
            score=format_points(score[w]),
            opponent_score=format_points(score[1 - w]),
        )
    revealed = fair.reveal(ctx, fair.game_number(table, match))
    if revealed:
        line += "\n" + revealed
    secret = fair.reveal_secret(ctx, table) if match.is_over else ""  # the match is over
    if secret:
        line += "\n" + secret
    results.game_ended(ctx, table, match)
    if match.start is not None and match.number == 1:
        return line  # a game set up from a position is not counted in the statistics
    points = [
        (seat.user, result.points if result.winner == i else -result.points)
        for i, seat in enumerate(table.seats)
    ]
    results.game_counted(ctx, points, result.kind)
    return line


def turn_passed(
    ctx: Context,
    old: Table,
    new: Table,
    match: Match,
    notes: list[str],
    *,
    closed: bool = False,
) -> Table:
    """The old boards lose their buttons; the new board goes out (after the notes when the
    match is over or the table ``closed``, with the button that analyses its games), calling the
    player to act when he has waited long for his opponent (:func:`~bot.app.timing.called`);
    ``new`` as it is to be written.

    The notes an earlier update kept (``old.place.notes``) come first.  When the computer acts
    next, no board goes out (:func:`for_computer`): its turn follows at once, and the board of
    that turn, the person's next one, shows these notes and takes the old board's buttons away.
    """
    notes = [*old.place.notes, *notes]
    if not (match.is_over or closed) and computer_next(new, match):
        if ctx.update.message is not None and ctx.update.message != old.place.board_message:
            ctx.replies.append(ClearButtons(ctx.update.message))
        return for_computer(ctx, new, notes)
    for message in {ctx.update.message, old.place.board_message} - {None}:
        assert message is not None
        ctx.replies.append(ClearButtons(message))
    if new.place.notes:
        new = new.with_notes(())
    if match.is_over or closed:
        ctx.replies.append(SendText("\n".join(notes)))
        last = send_board(ctx, new, match, ())
        if new.mode != "chouette":
            last = replace(last, buttons=((match_analysis.offer(ctx, new),),))
        ctx.replies.append(last)
        return new
    board = send_board(ctx, new, match, notes)
    call = called(ctx, old, new, match)
    ctx.replies.append(board if call is None else replace(board, calls=(call,)))
    return new


def computer_next(table: Table, match: Match) -> bool:
    """Whether the computer acts next at ``table`` playing ``match``."""
    if table.stage != "play" or match.is_over:
        return False
    waits = actor(match)
    return waits is not None and waits < len(table.seats) and table.seats[waits].computer


def for_computer(ctx: Context, table: Table, notes: list[str]) -> Table:
    """``table`` when the computer acts next: no board is posted (it would ask the computer to
    act, and it needs no board); ``notes``, and the commitment of a game not rolled yet, are
    kept for the board of its turn."""
    if fair.unrolled(ctx):
        commitment = fair.commitment_note(ctx)
        notes = notes if commitment in notes else [*notes, commitment]
    return table.with_notes(tuple(note for note in notes if note))


def send_board(
    ctx: Context, table: Table, match: Match, notes: list[str] | tuple[str, ...]
) -> SendBoard:
    """The board of ``match`` at ``table`` with its caption and, while playing, its buttons."""
    names = [s.name for s in table.seats]
    shown = match.game
    if table.mode == "money" and table.match is not None:
        # A money table keeps its finished games' points in ``carry`` (its game scored from
        # 0): the board adds them to the game as the table keeps it, not to ``match``'s.
        shown = table.state().game
    board = display.board_for(ctx.lang, table, shown, names)
    if not match.game.is_over and fair.unrolled(ctx):
        commitment = fair.commitment_note(ctx)
        notes = notes if commitment in notes else [*notes, commitment]
    # when the computer acts next: no button only it could press
    playing = table.stage == "play" and not match.is_over and not computer_next(table, match)
    if playing and group.is_frugal(ctx, table):
        hint = group.move_hint(ctx.tr, match.game)
        notes = [*notes, hint] if hint else notes
    caption = display.caption(ctx.tr, table, match.game, names, match, notes)
    buttons = buttons_for(ctx, table, match.game) if playing else ()
    return SendBoard(board, caption, buttons, table.version)


def edit_or_send(ctx: Context, table: Table, match: Match) -> Reply:
    """The board edited in place on the pressed message, else sent."""
    sent = send_board(ctx, table, match, ())
    if ctx.update.message is not None:
        return EditBoard(ctx.update.message, sent.board, sent.caption, sent.buttons, sent.version)
    return sent


def buttons_for(ctx: Context, table: Table, game: Game) -> Keyboard:
    """The buttons of a two-player board."""
    v = table.version

    def b(label_id: str, action: str, *args: int | str, **params: Any) -> Button:
        return Button(ctx.tr(label_id, **params), format_payload(Payload(action, args, v)))

    if game.resign is not None:
        return (
            (
                b("button-accept", ActionKind.RESIGN_ACCEPT),
                b("button-decline", ActionKind.RESIGN_DECLINE),
            ),
        )
    if game.phase is Phase.OPENING:
        return ((b("button-roll", ActionKind.ROLL),),)
    if game.phase is Phase.ROLL:
        row = [b("button-roll", ActionKind.ROLL)]
        if game.turn is not None and game.may(Action(ActionKind.DOUBLE, game.turn)):
            row.append(b("button-double", ActionKind.DOUBLE))
        return (tuple(row),)
    if game.phase is Phase.MOVE and group.is_frugal(ctx, table):
        frugal = group.move_keyboard(ctx.tr, game, v)
        if frugal is not None:
            return frugal
    return display.answer_keyboard(
        ctx.tr,
        game,
        v,
        beaver=game.responder is not None and ActionKind.BEAVER in game.allowed(game.responder),
    )
