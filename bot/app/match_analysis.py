"""``analysis``: every decision of the finished games weighed by the computer, per player.

What is analysed: the table's finished games (a match: every game finished so far; money play:
the latest :data:`MONEY_KEPT` games of the session, kept for it: :func:`kept_games`), a match
of the sender's history (its summary's Analysis button), or the sender's imported match (its
summary's Analysis button, or ``analysis`` typed where no game was finished: :func:`of_import`).
A match between two people with hints off is analysed only once it is over (else the analysis
of the games so far would be a hint channel); a chouette is not analysed.  The match-end
message offers it (:func:`offer`).

The work is done by an :class:`Analyser` (the computer's worker processes, the games at once at
a low priority: :meth:`bot.ai.worker.ComputerWorker.analyse`), never in the event loop.  The
sender first gets a :class:`~bot.app.types.Progress` message, "Analysing game 1 of 5…"; the
adapter then follows it (``App.progress``): :func:`run` yields its edits as the games are done,
then the result, which replaces it: for each player the unforced decisions, what was lost in
checker play and in cube decisions, the PR (loss per unforced decision × 500), the doubtful, bad
and very bad decisions and the luck; then each player's three worst decisions as boards, and
for backgammon the ``.mat`` file.  A chat has one analysis under way at a time, in the whole
deployment (:func:`claim`): asked again meanwhile, it says so; the same request delivered
again once it is over is not analysed again (:func:`asked_once`).  A finished analysis is kept
for :data:`KEPT` seconds under what it depends on (:func:`keep_analysis`): asked again, for the
same games at the same depth, it is shown again at once, not made again (:func:`shown_again`).
Long nardy is analysed by the project's own long nardy engine (its network, in equity; or, as
the operator chose, its hand-weighted player, in winning chances), against its best choice: the
result says so, and gives each player's error rate as long nardy's own figure, never as GNU
Backgammon's PR.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from bot.ai.report import Analysis, Decision, Mark, PlayerSummary
from bot.app import display
from bot.app.context import Context, Refused
from bot.app.hint import hints_on, shown_ply
from bot.app.imports import latest_import, load_import
from bot.app.matches import kept_record
from bot.app.payload import Payload, format_payload
from bot.app.table import Table
from bot.app.types import (
    Board,
    Button,
    EditProgress,
    Reply,
    SendBoard,
    SendFile,
    SendText,
    ViewMode,
)
from bot.store import ConflictError, SiblingKey, Store, StoreUnavailable, TableKey
from engine.cube import CubeState
from engine.errors import EngineError
from engine.game import Game, Phase, Points, result_award
from engine.match import Match, Played
from engine.notation import dice_text
from engine.position import Position
from engine.record import pack_games
from engine.replay import match_replay

__all__ = [
    "KEPT",
    "LEASE",
    "MONEY_KEPT",
    "PROGRESS_EVERY",
    "Analyser",
    "Job",
    "Made",
    "asked_once",
    "claim",
    "decision_game",
    "finished_games",
    "keep_analysis",
    "kept_analysis",
    "kept_games",
    "move_number",
    "of_history",
    "of_import",
    "of_table",
    "offer",
    "progress_text",
    "release",
    "result_replies",
    "run",
    "shown_again",
]

log = logging.getLogger(__name__)

MONEY_KEPT = 8
"""Finished games of a money session its table keeps for the analysis (the latest)."""

LEASE = 600.0
"""Seconds one process's claim on a chat's analysis keeps the others from starting one there
(given back when the analysis ends)."""

PROGRESS_EVERY = 1.5
"""Seconds at least between two edits of the progress message (a chat limits the bot's edits)."""

KEPT = 30 * 24 * 3600.0
"""Seconds a finished analysis is kept, to be shown again at once when it is asked again."""

KEPT_FORM = 2
"""The form of a kept analysis (a new one makes the kept ones unread: they are made again;
2: each decision with the answers weighed, its ``choices``)."""

Progressed = Callable[[int, int], Awaitable[None]]
"""Told ``(done, total)`` before each game is analysed."""


class Analyser(Protocol):
    """What an analysis needs: the decisions of a match's games weighed at
    :attr:`analysis_ply`, ``None`` when that could not be done
    (:class:`bot.ai.worker.ComputerWorker`)."""

    analysis_ply: int

    async def analyse(
        self, match: Match, ply: int | None = None, progress: Progressed | None = None
    ) -> Analysis | None:
        """The analysis of every game of ``match``."""
        ...


@dataclass(frozen=True)
class Job:
    """One analysis to make: the finished games (``match``), the players' names by seat, and
    how its boards are drawn; the players' references by seat where they are known (``""``: not
    known, an imported match's) and the chat the games were played in (``None``: not known) —
    the errors become their puzzles (:mod:`bot.app.puzzles`)."""

    match: Match
    names: tuple[str, str]
    mode: ViewMode = "image"
    players: tuple[str, str] = ("", "")
    chat: TableKey | None = None

    @property
    def games(self) -> int:
        return self.match.number


Made = Callable[[Job, Analysis], Awaitable[None]]
"""Told of each analysis made (or shown again): its puzzles are kept."""


def finished_games(match: Match) -> Match | None:
    """``match`` with its finished games only (``None``: none is finished)."""
    if match.game.is_over:
        return match
    if len(match.games) > 1:
        return replace(match, games=match.games[:-1])
    records = match.records()[:-1]
    if not records:
        return None
    last = match_replay(match, len(records) - 1)[-1].game
    before = records[:-1]
    played = Played()
    if before:
        logs = pack_games(match.variant, [r.log for r in before])
        played = Played(len(before), any(r.crawford for r in before), logs)
    return replace(match, games=(last,), played=played)


def kept_games(
    previous: Match | None, done: Sequence[Game], kept: int = MONEY_KEPT
) -> Match | None:
    """The latest ``kept`` finished games of a money session: those of ``previous`` (what its
    table kept so far) and then ``done`` (just finished), as one money match scored from 0
    (``None``: no game to keep)."""
    if not done:
        return previous
    last = done[-1]
    records = previous.records() if previous is not None else ()
    finished = [(r.log, result_award(r.result, last.options)) for r in records]
    finished += [(g.log, g.award) for g in done]
    before = finished[-kept:][:-1]
    score: tuple[Points, Points] = (0, 0)
    for _, (a, b) in before:
        score = (score[0] + a, score[1] + b)
    played = Played()
    if before:
        played = Played(len(before), False, pack_games(last.variant, [log for log, _ in before]))
    return Match(last.variant, 0, last.options, (replace(last, score=score),), played)


async def of_table(
    ctx: Context, table: Table | None, args: tuple[Any, ...], version: int | None
) -> Job:
    """The analysis of the games finished at ``table`` (``version``: the table the match-end
    button was drawn for); refused when there is none to make yet."""
    if table is not None and version is not None and table.version != version:
        raise Refused("analysis-gone")
    if table is not None and table.mode == "chouette":
        raise Refused("analysis-chouette")
    match: Match | None = None
    if table is not None and table.stage != "lobby" and table.match is not None:
        try:
            match = table.past.recent if table.mode == "money" else finished_games(table.state())
        except EngineError:
            match = None
    if match is None or table is None:
        imported = await latest_import(ctx)
        if imported is None:
            raise Refused("analysis-nothing")
        return _imported_job(imported.match, imported.names)
    if table.stage == "play" and not hints_on(table):
        raise Refused("analysis-in-play")
    names = (table.seats[0].name, table.seats[1].name)
    players = (table.seats[0].user, table.seats[1].user)
    return Job(match, names, table.settings.view, players, ctx.update.table)


async def of_history(
    ctx: Context, table: Table | None, args: tuple[Any, ...], version: int | None
) -> Job:
    """The analysis of a match of the sender's history (its Analysis button)."""
    record = await kept_record(ctx, args)
    try:
        match = finished_games(record.state)
    except EngineError:
        match = None
    if match is None:
        raise Refused("analysis-nothing")
    names = (record.players[0][1], record.players[1][1])
    return Job(match, names, players=(record.players[0][0], record.players[1][0]))


async def of_import(
    ctx: Context, table: Table | None, args: tuple[Any, ...], version: int | None
) -> Job:
    """The analysis of the sender's imported match (its summary's Analysis button)."""
    if len(args) != 1:
        raise Refused("error-bad-payload")
    imported = await load_import(ctx, str(args[0]))
    return _imported_job(imported.match, imported.names)


def _imported_job(match: Match, names: tuple[str, str]) -> Job:
    try:
        finished = finished_games(match)
    except EngineError:
        finished = None
    if finished is None:
        raise Refused("analysis-nothing")
    return Job(finished, names)


def offer(ctx: Context, table: Table) -> Button:
    """The match-end message's button that analyses the match."""
    payload = format_payload(Payload("analysis", (), table.version))
    return Button(ctx.tr("button-analysis"), payload)


async def asked_once(store: Store, key: TableKey, update_id: str) -> bool:
    """Whether update ``update_id`` asks for an analysis in chat ``key`` for the first time (it
    is remembered for the store's while of remembered updates): a platform's second delivery
    of the same update is not analysed again."""
    return await store.mark_update_seen(SiblingKey(key, "analysed"), update_id)


def _lease_name(key: TableKey) -> str:
    return f"analysis:{key.tag}"


async def claim(store: Store, key: TableKey) -> bool:
    """Whether this process may make an analysis in chat ``key`` now: no other process of the
    deployment is making one there (a set-if-absent value of :data:`LEASE` seconds; one given
    back, and not expired yet, is empty)."""
    name = _lease_name(key)
    if await store.put_shared_value(name, "1", only_new=True, ttl=LEASE):
        return True
    if await store.shared_value(name) not in ("", None):  # (None: given back, expired since)
        return False
    return await store.put_shared_value(name, "1", ttl=LEASE)


async def release(store: Store, key: TableKey) -> None:
    """Give back the claim on chat ``key``'s analysis (the value expires at once)."""
    await store.put_shared_value(_lease_name(key), "", ttl=0.001)


def _kept_name(job: Job, ply: int) -> str:
    """The shared value keeping the analysis of ``job``'s games at ``ply``: named by what the
    analysis depends on (the variant, length, options, start and every game's record)."""
    match = job.match
    seen = repr((KEPT_FORM, ply, match.variant, match.length, match.options, match.start))
    digest = hashlib.sha256(seen.encode())
    for record in match.records():
        digest.update(repr(record).encode())
    return f"analysis-kept:{digest.hexdigest()[:32]}"


async def kept_analysis(store: Store, job: Job, ply: int) -> Analysis | None:
    """The analysis of ``job`` at ``ply`` made before and kept (``None``: none, or the store
    does not answer)."""
    try:
        text = await store.shared_value(_kept_name(job, ply))
    except StoreUnavailable:
        return None
    if not text:
        return None
    try:
        return Analysis.from_dict(json.loads(text), type(job.match.game.position))
    except (EngineError, KeyError, TypeError, ValueError):
        log.warning("a kept analysis could not be read; it is made again")
        return None


async def keep_analysis(store: Store, job: Job, ply: int, analysis: Analysis) -> None:
    """Keep ``analysis`` of ``job`` asked at ``ply`` for :data:`KEPT` seconds, unless it was
    made shallower (a game analysed again at 0-ply): that one is made again when asked.  Never
    raises for the store's sake."""
    if analysis.engine != "nardy" and analysis.ply != ply:
        return
    try:
        text = json.dumps(analysis.to_dict(), separators=(",", ":"))
        await store.put_shared_value(_kept_name(job, ply), text, ttl=KEPT)
    except (StoreUnavailable, ConflictError):
        log.warning("an analysis was not kept")


def shown_again(ctx: Context, job: Job, analysis: Analysis) -> list[Reply]:
    """A kept analysis shown again at once, as new messages (no progress message to edit)."""
    replies = result_replies(ctx, job, analysis)
    first = replies[0]
    if isinstance(first, EditProgress):
        replies[0] = SendText(first.text)
    return replies


def progress_text(ctx: Context, game: int, games: int) -> str:
    """The progress message's text: "Analysing game 2 of 5…"."""
    return ctx.tr("analysis-progress", game=min(max(game, 1), games), games=games)


async def run(
    ctx: Context,
    job: Job,
    analyser: Analyser,
    every: float = PROGRESS_EVERY,
    store: Store | None = None,
    made: Made | None = None,
) -> AsyncIterator[list[Reply]]:
    """The analysis of ``job``: the progress message's edits as the games are done (at most one
    each ``every`` seconds), then the result (its first reply replaces the message's text),
    kept in ``store`` to be shown again (:func:`keep_analysis`) and told to ``made``.
    Exceptions of the analyser propagate."""
    queue: asyncio.Queue[tuple[int, int] | None] = asyncio.Queue()

    async def progressed(done: int, total: int) -> None:
        queue.put_nowait((done, total))

    async def work() -> Analysis | None:
        try:
            return await analyser.analyse(job.match, None, progressed)
        finally:
            queue.put_nowait(None)

    task = asyncio.ensure_future(work())
    shown = progress_text(ctx, 1, job.games)
    last = time.monotonic()
    try:
        while (item := await queue.get()) is not None:
            text = progress_text(ctx, item[0] + 1, item[1])
            if text != shown and time.monotonic() - last >= every:
                shown, last = text, time.monotonic()
                yield [EditProgress(text)]
        result = await task
    finally:
        if not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
    if result is None:
        yield [EditProgress(ctx.tr("analysis-failed"))]
        return
    if store is not None:
        await keep_analysis(store, job, analyser.analysis_ply, result)
    if made is not None:
        await made(job, result)
    yield result_replies(ctx, job, result)


# -- the result -------------------------------------------------------------------------------


def _unit(analysis: Analysis) -> str:
    """What the engine's figures measure: ``chance`` (a share of winning chances, long
    nardy's hand-weighted player) or ``equity`` (GNU Backgammon's, Open Sage's, long nardy's
    network's)."""
    return "chance" if analysis.engine == "nardy" else "equity"


def result_replies(ctx: Context, job: Job, analysis: Analysis) -> list[Reply]:
    """The summary (replacing the progress message), the worst decisions' boards, the
    ``.mat`` file of a backgammon match."""
    lines = [_title(ctx, analysis)]
    summaries = [analysis.summary(seat) for seat in (0, 1)]
    for seat, summary in enumerate(summaries):
        lines.append("")
        lines += _player_lines(ctx, analysis, job.names[seat], summary)
    worst = [(seat, d) for seat, s in enumerate(summaries) for d in s.worst]
    if worst:
        lines += ["", ctx.tr("analysis-worst-follow")]
    out: list[Reply] = [EditProgress("\n".join(lines))]
    for seat, decision in worst:
        out.append(_decision_board(ctx, job, analysis, seat, decision))
    if job.match.variant == "backgammon":
        try:
            mat = display.mat_file(job.match, job.names).encode()
        except EngineError:
            pass  # a match set up from a position has no .mat file
        else:
            out.append(SendFile("match.mat", mat, ctx.tr("export-match-file", name="match.mat")))
    return out


def _title(ctx: Context, analysis: Analysis) -> str:
    if analysis.engine == "nardy":
        return ctx.tr("analysis-title-nardy", games=analysis.games, ply=analysis.ply)
    if analysis.engine == "nardy-net":
        return ctx.tr("analysis-title-nardy-net", games=analysis.games, ply=analysis.ply)
    title = f"analysis-title-{analysis.engine}"
    return ctx.tr(title, games=analysis.games, ply=shown_ply(analysis.engine, analysis.ply))


def _player_lines(ctx: Context, analysis: Analysis, name: str, summary: PlayerSummary) -> list[str]:
    # long nardy's figure is made as the PR is, but on its own engine: never called a PR
    rate = "analysis-player-nardy" if analysis.engine.startswith("nardy") else "analysis-player"
    lines = [ctx.tr(rate, player=name, pr=summary.pr, unforced=summary.unforced)]
    lines.append(
        ctx.tr(
            "analysis-loss-nardy" if analysis.engine == "nardy" else "analysis-loss-gnubg",
            checker=summary.checker_loss,
            cube=summary.cube_loss,
            total=summary.loss,
        )
    )
    marks = summary.marks
    lines.append(
        ctx.tr(
            "analysis-marks",
            doubtful=marks.get(Mark.DOUBTFUL, 0),
            bad=marks.get(Mark.BAD, 0),
            very_bad=marks.get(Mark.VERY_BAD, 0),
        )
    )
    if analysis.luck_measured:
        lines.append(ctx.tr("analysis-luck", unit=_unit(analysis), luck=summary.luck))
    return lines


_CUBE_WORDS = {"no double": "no_double", "double": "double", "take": "take", "pass": "pass"}


def _choice(ctx: Context, decision: Decision, choice: str) -> str:
    word = _CUBE_WORDS.get(choice)
    if decision.kind == "move" or word is None:
        return choice
    return ctx.tr("analysis-cube-action", action=word)


def _decision_board(
    ctx: Context, job: Job, analysis: Analysis, seat: int, decision: Decision
) -> SendBoard:
    game = decision_game(job.match, decision)
    board = Board(
        display.board_view(game, job.names),
        decision.player,
        "right",
        job.mode,
        display.labels(ctx.lang),
    )
    lines = [
        ctx.tr(
            "analysis-decision",
            player=job.names[seat],
            game=decision.game,
            move=move_number(job.match, decision),
        )
    ]
    made, best = _choice(ctx, decision, decision.made), _choice(ctx, decision, decision.best)
    if decision.kind == "move" and decision.dice is not None:
        dice = dice_text(decision.dice)
        lines.append(ctx.tr("analysis-played", dice=dice, play=made))
    else:
        lines.append(ctx.tr("analysis-cube-made", action=made))
    if decision.kind == "move":
        lines.append(ctx.tr("analysis-best", play=best))
    else:
        lines.append(ctx.tr("analysis-best-cube", action=best))
    lines.append(
        ctx.tr(
            "analysis-difference",
            unit=_unit(analysis),
            loss=-decision.loss,
            mark=decision.mark.value,
        )
    )
    return SendBoard(board, "\n".join(lines))


def move_number(match: Match, decision: Decision) -> int:
    """The turn of its game ``decision`` was taken in, from 1 (the opening roll's play is 1)."""
    records = match.records()
    record = records[decision.game - 1] if 0 < decision.game <= len(records) else None
    opening = record is not None and bool(record.log) and record.log[0].action == "opening"
    return decision.turn + 1 if opening else decision.turn


def decision_game(match: Match, decision: Decision) -> Game:
    """A game showing ``decision`` as its player saw it: the position, the player on roll with
    the dice of a move (before a cube decision, the cube; answering a double, the double
    offered), the score and the cube of that moment in ``match``."""
    mover = decision.player
    before = decision.kind != "take"
    turn = mover if before else 1 - mover
    position = decision.position if before else decision.position.swapped()
    phase = Phase.DOUBLED if decision.kind == "take" else Phase.ROLL
    state = _state_before(match, decision, turn, position, phase)
    if state is None:
        records = match.records()
        record = records[decision.game - 1] if 0 < decision.game <= len(records) else None
        state = replace(
            Game.new(
                match.variant,
                match.options,
                match_length=match.length,
                score=record.score if record is not None else (0, 0),
                crawford=record.crawford if record is not None else False,
            ),
            position=position,
            phase=phase,
            turn=turn,
            cube=CubeState(decision.cube_value),
        )
    if decision.kind == "move":
        return replace(state, phase=Phase.MOVE, dice=decision.dice, steps=(), used=())
    return state


def _state_before(
    match: Match, decision: Decision, turn: int, position: Position, phase: Phase
) -> Game | None:
    """The state of the game just before ``decision``, found in its replay (``None``: not
    found, as before an opening roll)."""
    try:
        steps = match_replay(match, decision.game - 1)
    except EngineError:
        return None
    for step in steps:
        game = step.game
        if (
            game.turn == turn
            and game.phase is phase
            and game.position == position
            and game.cube.value == decision.cube_value
        ):
            return game
    return None
