"""A finished or running game shown again move by move: its states rebuilt from its log.

:func:`match_replay` gives the states of game ``index`` of a match (a packed game as well as a
kept one): the game as it began, then the game after each turn's action, every action applied by
the engine again (:meth:`~engine.game.Game.roll`, :meth:`~engine.game.Game.add_step` ...), so a
log that does not replay raises :class:`~engine.errors.EngineError` ``corrupt_state``.  An opening
roll or a roll and the play that follows it make one step; entries the engine writes itself (the
result, an automatic double) belong to the step that caused them.  :func:`entry_states` gives
each action of a log with the game it was taken in, for the analysis of a recorded game.

    >>> from engine.game import Action, ActionKind
    >>> m = Match.new(length=1).apply(Action(ActionKind.ROLL, 0), DiceSequence([3, 1]))
    >>> steps = match_replay(m, 0)
    >>> [len(s.entries) for s in steps], steps[-1].game.phase.value
    ([0, 1], 'move')
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from engine.cube import Options
from engine.errors import EngineError
from engine.game import Action, ActionKind, DiceSequence, Game, LogEntry, Phase
from engine.match import GameRecord, Match
from engine.result import WinKind
from engine.steps import Step

_WRITTEN = frozenset({"auto_double", "win", "draw"})
"""Entries the engine writes itself, along with the action that causes them."""

_ANSWERS = frozenset(
    {
        ActionKind.DOUBLE,
        ActionKind.TAKE,
        ActionKind.PASS,
        ActionKind.BEAVER,
        ActionKind.BEAVER_ACCEPT,
        ActionKind.BEAVER_REFUSE,
        ActionKind.RESIGN_ACCEPT,
        ActionKind.RESIGN_DECLINE,
    }
)
"""Entries that are the action of the same name, taken again with nothing read from the entry
(a double's or beaver's value follows from the cube)."""


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """One step of a replay: the log entries it shows and the game after them."""

    entries: tuple[LogEntry, ...]
    game: Game


def _corrupt(why: str) -> EngineError:
    return EngineError(f"corrupt game log: {why}", code="corrupt_state")


def game_start(match: Match, index: int) -> Game:
    """Game ``index`` (from 0) of ``match`` as it began, before its first action."""
    records = match.records()
    if not 0 <= index < len(records):
        raise EngineError(f"the match has no game {index + 1}", code="bad_game")
    if index == 0 and match.start is not None:
        return match.start
    return record_start(match.variant, match.length, match.options, records[index])


def record_start(variant: str, length: int, options: Options, record: GameRecord) -> Game:
    """The game of ``record`` as it began, in a match of ``length`` (0: money) of ``variant``
    with ``options`` (a match's first game set up from a position begins at ``match.start``
    instead: see :func:`game_start`)."""
    opening = bool(record.log) and record.log[0].action == "opening"
    return Game.new(
        variant,
        options,
        match_length=length,
        score=record.score,
        crawford=record.crawford,
        starter=None if opening or not record.log else record.first,
    )


def match_replay(match: Match, index: int) -> tuple[ReplayStep, ...]:
    """The steps of game ``index`` (from 0) of ``match`` (see the module docstring)."""
    return replay_log(game_start(match, index), match.records()[index].log)


def replay_log(start: Game, log: Sequence[LogEntry]) -> tuple[ReplayStep, ...]:
    """``start`` and the game after each step of ``log`` (see the module docstring)."""
    steps = [ReplayStep((), start)]
    game, shown = start, 0
    base = len(start.log)
    for _, first, game, at in _actions(start, log):
        while at < len(log) and log[at].action in _WRITTEN:
            at += 1
        merge = log[first].action in ("opening", "roll") and game.phase is Phase.MOVE
        if merge and at < len(log) and log[at].action == "move":
            continue
        done = len(game.log) - base
        steps.append(ReplayStep(tuple(game.log[base + shown : base + done]), game))
        shown = done
    if tuple(game.log[base:]) != tuple(log):
        raise _corrupt("the replayed game does not write the same log")
    return tuple(steps)


def entry_states(
    start: Game, log: Sequence[LogEntry]
) -> Iterator[tuple[Game, tuple[LogEntry, ...]]]:
    """Each action of ``log`` from ``start`` with the game it was taken in: ``(the game before
    it, its entries)``, one entry an action except an opening roll, which comes with its
    re-rolls after ties and the automatic doubles they make; the entries the engine writes
    itself (the result) are left out.  A log that does not replay raises
    :class:`~engine.errors.EngineError` ``corrupt_state``."""
    for before, at, _, end in _actions(start, log):
        yield before, tuple(log[at:end])


def recorded_steps(entry: LogEntry) -> list[Step]:
    """The steps of a ``move`` entry of a log, in the order they were written."""
    flat = [int(v) for v in entry.value[1:]]
    return [Step(a, b) for a, b in zip(flat[::2], flat[1::2], strict=True)]


_HIT_MARK = re.compile(r"(\d+)\*")


def played_steps(entry: LogEntry) -> tuple[Step, ...]:
    """The steps of a ``move`` entry with the hits it made: the entry's text marks each point
    where a blot was hit (``23/18*/12``), and the first step onto such a point is the one that
    hit it (a point hit once is the mover's after)."""
    hit = {int(point) for point in _HIT_MARK.findall(str(entry.value[0]))}
    steps: list[Step] = []
    for step in recorded_steps(entry):
        hits = step.to in hit
        hit.discard(step.to)
        steps.append(Step(step.frm, step.to, hits))
    return tuple(steps)


def _actions(start: Game, log: Sequence[LogEntry]) -> Iterator[tuple[Game, int, Game, int]]:
    """Each action of ``log`` from ``start`` as ``(the game before it, the index of its first
    entry, the game after it, the index of the next entry)``, skipping the entries the engine
    writes itself; an entry that does not replay raises ``corrupt_state``."""
    game, at = start, 0
    while at < len(log):
        entry = log[at]
        if entry.action in _WRITTEN:
            at += 1
            continue
        try:
            after, end = _apply(game, log, at)
        except EngineError as exc:
            raise _corrupt(f"entry {at + 1} ({entry.action}) does not replay: {exc}") from None
        yield game, at, after, end
        game, at = after, end


def _apply(game: Game, log: Sequence[LogEntry], at: int) -> tuple[Game, int]:
    """The game after the action at ``log[at]`` and the index of the next entry."""
    entry = log[at]
    player = entry.player
    kind = entry.action
    if kind == "opening":
        dice: list[int] = []
        while at < len(log) and log[at].action in ("opening", "auto_double"):
            if log[at].action == "opening":
                dice += [int(v) for v in log[at].value]
            at += 1
        return game.roll(0, DiceSequence(dice)), at
    if player is None:
        raise _corrupt(f"{kind} without a player")
    if kind == "roll":
        return game.roll(player, DiceSequence([int(v) for v in entry.value])), at + 1
    if kind == "move":
        flat = [int(v) for v in entry.value[1:]]
        for i in range(0, len(flat), 2):
            game = game.add_step(player, (flat[i], flat[i + 1]))
        return game.confirm(player), at + 1
    if kind == "resign":
        return game.offer_resign(player, WinKind(int(entry.value[0]))), at + 1
    if kind == "time":
        return game.time_out(player), at + 1
    if kind not in _ANSWERS:
        raise _corrupt(f"unknown entry {kind!r}")
    return game.apply(Action(ActionKind(kind), player)), at + 1
