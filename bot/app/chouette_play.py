"""Chouette tables: the start (seating roll), joining and leaving a running chouette, the
captain's moves, team votes and proposals, each member's own take/pass, results, rotation and
the ledger after each game.

The rules are :class:`engine.chouette.Chouette`'s; here a table's seats (user references) become
the chouette's player names, and its states become board messages and buttons.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.app import display, fair, group, results
from bot.app.context import Context, Refused
from bot.app.hint import hinted_play
from bot.app.payload import Payload, format_payload
from bot.app.resign import resign_kind
from bot.app.table import Seat, Table
from bot.app.timing import waited_from, waited_long
from bot.app.types import (
    Button,
    ClearButtons,
    EditBoard,
    Keyboard,
    SendBoard,
    SendFile,
    SendText,
    Toast,
)
from engine.chouette import BOX, Chouette, ChouetteGame
from engine.cube import Options
from engine.fairdice import logged_rolls
from engine.game import ActionKind, Game, Phase
from engine.movegen import Play, Step
from engine.notation import dice_text, parse_play
from engine.result import WinKind
from renderers.view import ChouetteMember, ChouetteView

PROPOSALS = ("double", "no_double", "take", "pass", "beaver")
"""Cube proposals a member may type (``propose double``); anything else is a proposed play."""


def _names(table: Table) -> dict[str, str]:
    return {s.user: s.name for s in table.seats}


def start(ctx: Context, table: Table) -> Table:
    """The creator starts the chouette: seating roll, roster, first game."""
    if table.stage != "lobby":
        raise Refused("app-already-started")
    if ctx.user.ref != table.creator:
        raise Refused("error-not-creator")
    if len(table.seats) < 3:
        raise Refused("error-too-few-players")
    refs = [s.user for s in table.seats]
    table = fair.start_match(ctx, table)
    fair.begin(ctx, table, fair.SEATING)
    ch = Chouette.start(refs, ctx.dice, Options.from_dict(table.options)).new_game()
    assert ch.seating is not None and ch.current is not None
    seating = [[die for _, die in rnd] for rnd in ch.seating.rounds]
    table, seating_seed = fair.reveal_kept(ctx, table, ctx.tr("dice-seating"), seating)
    names = _names(table)
    fair.begin(ctx, table, ch.current.number)
    rolls = "; ".join(", ".join(f"{names[n]} {d}" for n, d in rnd) for rnd in ch.seating.rounds)
    new = table.bumped(stage="play", chouette=ch.compacted())
    if ctx.update.message is not None:
        ctx.replies.append(ClearButtons(ctx.update.message))
    ctx.replies.append(
        SendText(
            "\n".join(
                [
                    ctx.tr("chouette-seat-roll", rolls=rolls),
                    ctx.tr("chouette-box", player=names[ch.roster.box]),
                    ctx.tr("chouette-captain", player=names[ch.roster.captain]),
                    ctx.tr("chouette-team", players=", ".join(names[n] for n in ch.roster.team)),
                    *filter(None, [fair.secret_note(ctx.tr, table)]),
                    fair.seeds_note(ctx, table),
                    *([seating_seed] if seating_seed else []),
                ]
            )
        )
    )
    ctx.replies.append(_board(ctx, new, ch, ()))
    return new


def join_running(ctx: Context, table: Table) -> Table:
    """A player joins a running chouette (seated when the game ends)."""
    assert table.chouette is not None
    ch = table.chouette.join(ctx.user.ref)
    ctx.replies.append(SendText(ctx.tr("app-chouette-joined", player=ctx.user.name)))
    seat = Seat(ctx.user.ref, ctx.user.name)
    return replace(table, seats=(*table.seats, seat), chouette=ch.compacted())


def leave_running(ctx: Context, table: Table) -> Table:
    """A player leaves a running chouette: between games, or mid-game settling as a pass."""
    me = ctx.user.ref
    assert table.chouette is not None
    old = table.chouette
    ch = old.leave(me)
    seats = table.seats
    if not ch.in_game:
        seats = tuple(s for s in seats if s.user in ch.players)
    new = table.bumped(seats=seats)
    ctx.replies.append(SendText(ctx.tr("table-left", player=ctx.user.name)))
    return _after(ctx, table, new, old, ch, [])


ANSWERS = frozenset({ActionKind.TAKE, ActionKind.PASS, ActionKind.BEAVER})
"""The members' answers to the box's double: each member answers the same question."""


def still_asked(table: Table, user: str, action: str, version: int) -> bool:
    """Whether a press drawn for table ``version`` answers the double still put to ``user``:
    the board asked every member at once, and the answers of the others since (one new version
    each) made his button look out of date.  A press from an older question is not one."""
    if table.mode != "chouette" or table.chouette is None or action not in ANSWERS:
        return False
    ch = table.chouette
    cur = ch.current
    if cur is None or cur.is_over or cur.game.phase is not Phase.DOUBLED:
        return False
    answered_since = len(cur.members)  # at most one answer each since the double
    return table.version - answered_since <= version < table.version and action in ch.allowed(user)


def decide(ctx: Context, table: Table, action: str, args: tuple[Any, ...]) -> Table | None:
    """Apply a game action at a chouette table."""
    assert table.chouette is not None
    me = ctx.user.ref
    if table.seat_of(me) is None:
        raise Refused("error-not-seated")
    old = table.chouette
    ch = old
    cur = ch.current
    if cur is None:
        raise Refused("app-not-started")
    if me in ch.waiting:  # joined during this game: plays from the next one
        raise Refused("error-not-in-game")
    if action == ActionKind.ROLL:
        ch = ch.roll(me, ctx.dice)
    elif action == ActionKind.DOUBLE:
        ch = ch.double(me)
    elif action == "vote":
        ch = ch.vote(me, bool(args) and str(args[0]) == "yes")
    elif action in RESIGN_ACTIONS or (action in ("accept", "decline") and _resign_open(cur, me)):
        ch, note = _resign(ctx, table, ch, cur, action, args)
        new = table.bumped()
        return _after(ctx, table, new, old, ch, [note] if note else [])
    elif action in (ActionKind.TAKE, "accept") and cur.game.phase is Phase.DOUBLED:
        ch = ch.take(me)
    elif action == ActionKind.PASS:
        ch = ch.pass_(me)
    elif action == ActionKind.BEAVER:
        ch = ch.beaver(me)
    elif action in (ActionKind.BEAVER_ACCEPT, "accept", ActionKind.BEAVER_REFUSE, "decline"):
        accept = action in (ActionKind.BEAVER_ACCEPT, "accept")
        member = _beavering(cur) if me == cur.box else None
        ch = ch.accept_beaver(me, member) if accept else ch.refuse_beaver(me, member)
    elif action == ActionKind.STEP:
        ch = ch.add_step(me, _find_step(cur.game, args))
    elif action == ActionKind.UNDO:
        ch = ch.undo(me)
    elif action == ActionKind.CONFIRM:
        ch = ch.confirm(me)
    elif action == "choose":
        chosen = group.chosen(cur.game, args)
        ch = ch.reset_play(me) if cur.game.steps else ch
        ch = ch.play(me, chosen)
    elif action == "move":
        ch = ch.play(me, str(args[0]))
    elif action == "hint_play":
        if cur.game.steps and ActionKind.RESET in ch.allowed(me):
            ch = ch.reset_play(me)
        ch = ch.play(me, hinted_play(cur.game, args))
    elif action == "propose":
        return _propose(ctx, table, ch, args)
    else:
        raise Refused("error-unknown-command", command=action)
    building = action in (ActionKind.STEP, ActionKind.UNDO)
    after = ch.current.game if ch.current is not None else None
    moving = after is not None and after.turn == cur.game.turn and group.quiet(after)
    if building and moving and after is not None and group.is_frugal(ctx, table):
        # Only the presser sees the step; the keyboard stays valid (no new version).
        ctx.replies.append(Toast(group.progress(ctx.tr, after)))
        return table.evolve(chouette=ch.compacted())
    new = table.bumped()
    if building and ch.current is not None and ch.current.game.turn == cur.game.turn:
        new = replace(new, chouette=ch.compacted())
        sent = _board(ctx, new, ch, ())
        if ctx.update.message is not None:
            ctx.replies.append(
                EditBoard(ctx.update.message, sent.board, sent.caption, sent.buttons, sent.version)
            )
        else:
            ctx.replies.append(sent)
        return new
    return _after(ctx, table, new, old, ch, [])


RESIGN_ACTIONS = (
    ActionKind.RESIGN,
    ActionKind.RESIGN_ACCEPT,
    ActionKind.RESIGN_DECLINE,
    "member_resign",
)
"""Resignation actions at a chouette (``accept``/``decline`` too while an offer waits)."""


def _resign_open(cur: ChouetteGame, me: str) -> bool:
    """Whether ``me`` has a resignation to answer: the box's (a member who has not answered
    yet) or a member's (the box)."""
    if me == cur.box:
        return any(m.playing and m.resign is not None for m in cur.members)
    return cur.resign is not None and me in cur.playing and me not in cur.declined


def _resign(
    ctx: Context,
    table: Table,
    ch: Chouette,
    cur: ChouetteGame,
    action: str,
    args: tuple[Any, ...],
) -> tuple[Chouette, str]:
    """Offer, accept or decline a resignation; the note says what happened.

    The box offers to the whole team and each member answers for himself; a member offers for
    his own stake and the box answers him (the member's seat number in the button, or the only
    member waiting when typed).
    """
    me = ctx.user.ref
    names = _names(table)
    if action == ActionKind.RESIGN:
        return ch.offer_resign(me, resign_kind(args)), ""  # the board's caption shows the offer
    accept = action in (ActionKind.RESIGN_ACCEPT, "accept") or (
        action == "member_resign" and bool(args) and args[0] == "yes"
    )
    member: str | None = None
    if me == cur.box:
        waiting = [m.name for m in cur.members if m.playing and m.resign is not None]
        if action == "member_resign" and len(args) == 2:
            index = int(args[1])
            if not 0 <= index < len(table.seats):
                raise Refused("error-bad-payload")
            member = table.seats[index].user
        elif len(waiting) == 1:
            member = waiting[0]
        elif waiting:
            raise Refused("app-usage", command="accept")  # several waiting: the buttons name them
        else:
            member = None
    ch = ch.accept_resign(me, member) if accept else ch.decline_resign(me, member)
    who = names.get(me, me)
    note = ctx.tr("event-resign-accepted" if accept else "event-resign-declined", player=who)
    if member is not None:
        note = f"{note} ({names.get(member, member)})"
    return ch, note


def _beavering(cur: ChouetteGame) -> str | None:
    for m in cur.members:
        if m.playing and m.answer == "beaver":
            return m.name
    return None


def _propose(ctx: Context, table: Table, ch: Chouette, args: tuple[Any, ...]) -> Table:
    if not args:
        raise Refused("app-usage", command="propose")
    word = str(args[0]).lower()
    if word in PROPOSALS and len(args) == 1:
        ch = ch.propose(ctx.user.ref, word)  # type: ignore[arg-type]
        what = ctx.tr(f"app-proposal-{word.replace('_', '-')}")
    else:
        text = " ".join(str(a) for a in args)
        cur = ch.current
        assert cur is not None
        play: Play | str = text
        if cur.game.phase is Phase.MOVE and cur.game.dice is not None:
            play = parse_play(cur.game.position, cur.game.dice, text)
        ch = ch.propose(ctx.user.ref, "play", play)
        assert ch.current is not None
        # The proposal as the engine wrote it: it reads back as the same play.
        what = ch.current.proposals[-1].play
    ctx.replies.append(SendText(ctx.tr("chouette-proposal", player=ctx.user.name, play=what)))
    return replace(table, chouette=ch.compacted())


def _after(
    ctx: Context,
    old_table: Table,
    table: Table,
    old: Chouette,
    ch: Chouette,
    notes: list[str],
) -> Table:
    """Settle what plays itself, end and rotate finished games, post the board."""
    names = _names(table)
    for _ in range(64):
        cur = ch.current
        if cur is None:
            break
        if cur.is_over:
            notes.append(_result(ctx, table, ch, cur))
            if table.dice.match_id is not None:
                rolls = logged_rolls(cur.game.log)
                table, revealed = fair.reveal_kept(ctx, table, cur.number, rolls)
                if revealed:
                    notes.append(revealed)
            seated = set(ch.players)
            table = replace(table, seats=tuple(s for s in table.seats if s.user in seated))
            if len(ch.roster.players) >= 3:
                ch = ch.new_game()
                table = replace(table, games=table.games + 1)
                if table.dice.match_id is not None and ch.current is not None:
                    table = fair.with_client_seeds(ctx, table)
                    fair.begin(ctx, table, ch.current.number)
                continue
            notes.append(ctx.tr("app-chouette-ends"))
            break
        game = cur.game
        if game.phase is Phase.MOVE and not game.steps and game.turn is not None:
            actor = ch.acting(game.turn)
            assert game.dice is not None
            if game.no_play:
                dice = dice_text(game.dice)
                notes.append(ctx.tr("event-no-play", player=names.get(actor, actor), dice=dice))
                ch = ch.confirm(actor)
                continue
            forced = game.forced_play
            if forced is not None:
                dice = dice_text(game.dice)
                notes.append(ctx.tr("event-rolled", player=names.get(actor, actor), dice=dice))
                notes.append(ctx.tr("event-forced", play=forced.notation()))
                ch = ch.play(actor, forced)
                continue
        if _rolls_itself(ctx, table, ch, cur):
            ch = ch.roll(ch.acting(game.turn or 0), ctx.dice)
            continue
        break
    new = replace(table, chouette=ch.compacted(), abort_by=None)
    before, waiting = awaited(old), awaited(ch)
    new = new.with_waited_since(waited_from(ctx, old_table, before, waiting))
    calls = _answering(ch) if waited_long(ctx, old_table, before, waiting) else ()
    for message in {ctx.update.message, old_table.place.board_message} - {None}:
        assert message is not None
        ctx.replies.append(ClearButtons(message))
    cur = ch.current
    if cur is not None and cur.vote is not None:
        notes.append(ctx.tr("chouette-vote", yes=len(cur.vote), total=len(cur.playing)))
        waiting = ", ".join(names.get(n, n) for n in cur.playing if n not in cur.vote)
        notes.append(ctx.tr("app-chouette-waiting", players=waiting))
    if ch.current is None or ch.current.is_over:
        if len(ch.roster.players) < 3:  # the chouette is over: its secret may be shown
            new = replace(new, stage="over")
            secret = fair.reveal_secret(ctx, new)
            if secret:
                notes.append(secret)
        ctx.replies.append(SendText("\n".join(notes)))
        return new
    board = _board(ctx, new, ch, notes)
    ctx.replies.append(replace(board, calls=calls) if calls else board)
    return new


def awaited(ch: Chouette) -> str | None:
    """The member the chouette's game waits for: the box or the captain on roll or to answer
    (a double of the box is answered by every member: the captain is awaited)."""
    cur = ch.current
    if cur is None or cur.is_over:
        return None
    game = cur.game
    seat = game.responder if game.responder is not None else game.turn
    return None if seat is None else ch.acting(seat)


def _answering(ch: Chouette) -> tuple[str, ...]:
    """Who acts now: the member :func:`awaited`, or, on a double of the box, every member still
    to answer it (each takes or passes for himself)."""
    waiting = awaited(ch)
    cur = ch.current
    if waiting is None or cur is None:
        return ()
    game = cur.game
    if game.phase is Phase.DOUBLED and waiting == cur.captain:
        return tuple(m.name for m in cur.members if m.playing and not m.answer)
    return (waiting,)


def _rolls_itself(ctx: Context, table: Table, ch: Chouette, cur: ChouetteGame) -> bool:
    """Whether the dice are rolled at once at a frugal table: a turn's roll (not the opening)
    when whoever rolls has no double to decide on, and no vote or resignation is open."""
    game = cur.game
    if not group.is_frugal(ctx, table) or game.phase is not Phase.ROLL or game.turn is None:
        return False
    if cur.vote is not None or cur.resign is not None or game.resign is not None:
        return False
    if any(m.playing and m.resign is not None for m in cur.members):
        return False
    return not ch.may_double(ch.acting(game.turn))


def _result(ctx: Context, table: Table, ch: Chouette, cur: ChouetteGame) -> str:
    names = _names(table)
    assert cur.end is not None
    kind = cur.end.kind or WinKind.SINGLE
    line = ctx.tr(
        "app-chouette-game-over",
        number=cur.number,
        winner="team" if cur.end.team_won else "box",
        box=names.get(cur.box, cur.box),
        kind=display.KIND_WORDS[int(kind)],
        reason=cur.end.reason,
    )
    results.game_counted(ctx, list(ch.ledger.game_balances(cur.number).items()), kind)
    return "\n".join([line, ledger_text(ctx, table, ch)])


def ledger_text(ctx: Context, table: Table, ch: Chouette) -> str:
    """The session's running totals, box first."""
    names = _names(table)
    balances = ch.balances()
    rows = [
        ctx.tr("chouette-ledger-line", player=names.get(n, n), points=balances.get(n, 0))
        for n in ch.players
        if n in balances
    ]
    return "\n".join([ctx.tr("chouette-ledger"), *rows])


def _board(
    ctx: Context, table: Table, ch: Chouette, notes: list[str] | tuple[str, ...]
) -> SendBoard:
    cur = ch.current
    assert cur is not None
    names = _names(table)
    pair = [names.get(cur.box, cur.box), names.get(cur.captain, cur.captain)]
    board = display.board_for(ctx.lang, table, cur.game, pair)
    balances = ch.balances()
    team = tuple(
        ChouetteMember(names.get(m.name, m.name), m.playing, balances.get(m.name))
        for m in cur.members
    )
    captain = next((i for i, m in enumerate(cur.members) if m.name == cur.captain), 0)
    cv = ChouetteView(pair[0], team, captain, BOX, balances.get(cur.box))
    board = replace(board, view=replace(board.view, chouette=cv))
    lines = list(notes)
    if cur.game.phase is Phase.OPENING and not cur.is_over and ctx.dice.current is not None:
        lines.append(fair.commitment_note(ctx))
    offers = [m for m in cur.members if m.playing and m.resign is not None]
    if cur.resign is not None:
        kind = display.KIND_WORDS[int(cur.resign)]
        lines.append(ctx.tr("event-resign-offer", player=pair[0], kind=kind))
        waiting = ", ".join(names.get(n, n) for n in cur.playing if n not in cur.declined)
        lines.append(ctx.tr("app-chouette-waiting", players=waiting))
    for m in offers:
        assert m.resign is not None
        kind = display.KIND_WORDS[int(m.resign)]
        lines.append(ctx.tr("event-resign-offer", player=names.get(m.name, m.name), kind=kind))
        lines.append(ctx.tr("app-answer-resign", player=pair[0]))
    if cur.game.phase is Phase.DOUBLED and cur.game.turn == BOX:
        # the box's double: each member answers for their own cube, all on this one message
        value = cur.game.cube.next_value(cur.game.options)
        lines.append(ctx.tr("event-doubles", player=pair[0], value=value))
        answers = [
            ctx.tr(
                "app-chouette-answer",
                player=names.get(m.name, m.name),
                answer="pass" if not m.playing else "beaver" if m.answer == "beaver" else "take",
            )
            for m in cur.members
            if not m.playing or m.answer in ("take", "beaver")
        ]
        if answers:
            lines.append(ctx.tr("app-chouette-answers", answers="; ".join(answers)))
        awaited = [names.get(m.name, m.name) for m in cur.members if m.playing and not m.answer]
        if awaited:
            lines.append(ctx.tr("app-chouette-waiting", players=", ".join(awaited)))
    elif cur.vote is None and cur.resign is None and not offers:
        lines.append(display.status_line(ctx.tr, cur.game, pair))
        hint = group.move_hint(ctx.tr, cur.game) if group.is_frugal(ctx, table) else None
        if hint:
            lines.append(hint)
    for p in cur.proposals:
        what = p.play or ctx.tr(f"app-proposal-{p.action.replace('_', '-')}")
        lines.append(ctx.tr("chouette-proposal", player=names.get(p.player, p.player), play=what))
    return SendBoard(board, "\n".join(lines), _buttons(ctx, table, ch, cur), table.version)


def _buttons(ctx: Context, table: Table, ch: Chouette, cur: ChouetteGame) -> Keyboard:
    v = table.version

    def b(label_id: str, action: str, *args: int | str) -> Button:
        return Button(ctx.tr(label_id), format_payload(Payload(action, args, v)))

    game = cur.game
    offers = [m for m in cur.members if m.playing and m.resign is not None]
    if cur.resign is not None or offers:
        rows: list[tuple[Button, ...]] = []
        if cur.resign is not None:
            accept = b("button-accept", ActionKind.RESIGN_ACCEPT)
            rows.append((accept, b("button-decline", ActionKind.RESIGN_DECLINE)))
        names = _names(table)
        seats = {seat.user: i for i, seat in enumerate(table.seats)}
        for m in offers:
            name, i = names.get(m.name, m.name), seats.get(m.name, 0)
            rows.append(
                (
                    Button(
                        f"{ctx.tr('button-accept')}: {name}",
                        format_payload(Payload("member_resign", ("yes", i), v)),
                    ),
                    Button(
                        f"{ctx.tr('button-decline')}: {name}",
                        format_payload(Payload("member_resign", ("no", i), v)),
                    ),
                )
            )
        return tuple(rows)
    if cur.vote is not None:
        return ((b("button-vote-double", "vote", "yes"), b("button-vote-no-double", "vote", "no")),)
    if game.phase is Phase.OPENING:
        return ((b("button-roll", ActionKind.ROLL),),)
    if game.phase is Phase.ROLL:
        row = [b("button-roll", ActionKind.ROLL)]
        if game.turn is not None and (
            ch.may_double(cur.box) if game.turn == BOX else ch.may_double(cur.captain)
        ):
            row.append(b("button-double", ActionKind.DOUBLE))
        return (tuple(row),)
    if game.phase is Phase.MOVE and group.is_frugal(ctx, table):
        frugal = group.move_keyboard(ctx.tr, game, v)
        if frugal is not None:
            return frugal
    return display.answer_keyboard(ctx.tr, game, v, beaver=ch.options.beaver)


def info(ctx: Context, table: Table, action: str, args: tuple[Any, ...]) -> None:
    """``board``, ``score`` (the ledger), ``pips``, ``export`` at a chouette (the position's
    IDs, with the dice of its latest games whose seeds were shown)."""
    if table.chouette is None:
        ctx.replies.append(SendText(display.lobby_text(ctx.tr, table, ctx.now)))
        return
    ch = table.chouette
    cur = ch.current
    if action == "score" or cur is None:
        ctx.replies.append(SendText(ledger_text(ctx, table, ch)))
    else:
        names = _names(table)
        pair = [names.get(cur.box, cur.box), names.get(cur.captain, cur.captain)]
        if action == "board":
            ctx.replies.append(_board(ctx, table, ch, ()))
        elif action == "pips":
            ctx.replies.append(SendText(display.pips_text(ctx.tr, cur.game, pair)))
        else:
            ctx.replies.append(SendText(display.export_text(ctx.tr, cur.game)))
    dice = fair.shown_export(table) if action == "export" else None
    if dice is not None:
        caption = ctx.tr("export-dice-file", name=fair.DICE_FILE, command=fair.VERIFY_COMMAND)
        ctx.replies.append(SendFile(fair.DICE_FILE, dice, caption))


def _find_step(game: Game, args: tuple[Any, ...]) -> Step:
    if len(args) != 2:
        raise Refused("error-bad-payload")
    frm, to = int(args[0]), int(args[1])
    for step in game.next_steps():
        if step.frm == frm and step.to == to:
            return step
    raise Refused("error-step-not-legal")
