"""Advice for the player to act: the cube decision before rolling, the answer to a double, the
best plays after rolling, with the chances of the position (the ``hint`` command).

:func:`advise` runs in a worker process (:meth:`bot.ai.worker.ComputerWorker.advise`), never in
the event loop: GNU Backgammon's nets hold the interpreter lock.  The values it returns are plain
frozen data, so that the chat process can show them without importing the nets.

Backgammon is advised by the evaluation core (:mod:`bot.ai.core`, GNU Backgammon's nets or Open
Sage's as the ``engine`` asked names them), as GNU Backgammon's ``hint`` advises by default: plays
weighed cubeful at the score at the chosen ply (2 by default) with its move filter, each with the
depth it reached, ordered by the value shown (EMG; in a match EMG at the score); the cube by GNU
Backgammon's cube decision at the same ply, in money equity, or in a match as the doubler's match
winning chances.  Long nardy is advised by the engine the operator chose (``AI_NARDY_ENGINE``,
the ``nardy`` :data:`~bot.ai.report.NardyEngine` asked): on the project's neural evaluation
(``"net"``, :mod:`bot.ai.nardy_net_player`) its plays ranked by equity in points without a cube
(a mars 2, a koks 2 or, with the table's ``koks`` option, 3) by the expert's search, ``ply``
rolls deep (at most :data:`~bot.ai.report.NARDY_NET_PLY`), each with the depth it reached and
the five chances behind it (win, mars, koks, and the opponent's mars and koks); on the
hand-weighted player (``"classic"``, :mod:`bot.ai.nardy_player`) its plays ranked by its winning
chances at its depth 1, winning chances only.  Either way the cube is decided by the computer's
own thresholds of winning chances (:data:`bot.ai.computer.NARDY_DOUBLE`,
:data:`~bot.ai.computer.NARDY_TAKE`) on the engine's chances before the roll -- an estimate,
and labelled as one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bot.ai.report import NARDY_NET_PLY, BackgammonEngine, NardyEngine
from engine.game import Action, ActionKind, Game, Phase
from engine.movegen import legal_plays

__all__ = [
    "HINT_PLAYS",
    "HINT_PLY",
    "Advice",
    "CubeAdvice",
    "PlayAdvice",
    "advise",
    "no_advice_reason",
]

HINT_PLY = 2
"""The depth of a backgammon hint (GNU Backgammon's plies: 0 is the net itself)."""

HINT_PLAYS = 5
"""How many plays a hint lists."""

Kind = Literal["cube", "take", "plays"]
Engine = Literal["gnubg", "sage", "nardy", "nardy-net"]
Chances = tuple[float, float, float, float, float]
"""Win, win a gammon, win a backgammon, lose a gammon, lose a backgammon (the gammons include the
backgammons) of the player advised; in long nardy's words win, mars, koks, and the opponent's
mars and koks."""


@dataclass(frozen=True, slots=True)
class PlayAdvice:
    """One play: its notation, its value and where it stands among the legal plays.

    ``index`` is the play's place in :func:`engine.movegen.legal_plays` of the turn's position
    and dice (what a hint's button carries); ``value`` is the cubeless equity (backgammon, and
    long nardy on the network) or the chance of winning (long nardy on the hand-weighted player)
    after it, for the mover.
    """

    notation: str
    value: float
    index: int
    chances: Chances
    ply: int = 0
    """The depth the play was weighed at (GNU Backgammon's move filter takes only the most
    promising plays to the hint's depth; long nardy: the depth of the player's look)."""


@dataclass(frozen=True, slots=True)
class CubeAdvice:
    """The cube decision in the doubler's figures (:attr:`unit`), and what is right.

    ``double`` says whether the doubler should double, ``take`` whether the double should be
    taken, ``beaver`` whether the taker should beaver (where it may: the double/take equity is
    below zero for the doubler, so the taker gains by redoubling at once).  For long nardy
    there are no figures (``None``): the project's player decides by its winning chances
    alone.
    """

    double: bool
    take: bool
    no_double: float | None = None
    double_take: float | None = None
    double_pass: float | None = None
    may_double: bool = True
    beaver: bool = False
    unit: Literal["equity", "mwc"] = "equity"
    """``"equity"``: money equities per cube of 1; ``"mwc"``: match winning chances (0..1)."""


@dataclass(frozen=True, slots=True)
class Advice:
    """What ``hint`` shows: a cube decision (``kind`` ``"cube"`` before rolling, ``"take"`` to
    the doubled player) or the best plays (``"plays"``), and the chances of the player advised
    (before rolling; after the best play when plays are listed).

    ``engine`` says whose estimate it is (``"gnubg"``: GNU Backgammon's nets at ``ply``;
    ``"sage"``: Open Sage's nets at ``ply``, GNU Backgammon's count; ``"nardy-net"``: the
    project's long nardy network searched ``ply`` rolls deep, equity and five chances;
    ``"nardy"``: the project's hand-weighted long nardy player, winning chances only).
    """

    kind: Kind
    engine: Engine
    ply: int
    chances: Chances
    plays: tuple[PlayAdvice, ...] = ()
    cube: CubeAdvice | None = None


def no_advice_reason(game: Game, player: int) -> str | None:
    """Why ``player`` gets no advice in ``game`` now (``None``: there is a decision of his).

    ``"over"``: the game is over; ``"not_your_turn"``: the decision is the other side's;
    ``"nothing"``: no decision a hint covers (the opening roll, a resignation offered, a beaver).
    """
    if game.is_over:
        return "over"
    if game.resign is not None or game.phase in (Phase.OPENING, Phase.BEAVERED):
        return "nothing"
    if game.phase is Phase.DOUBLED:
        return None if game.responder == player else "not_your_turn"
    if game.turn != player:
        return "not_your_turn"
    if game.phase in (Phase.ROLL, Phase.MOVE):
        return None
    return "nothing"


def advise(
    game: Game,
    player: int,
    ply: int = HINT_PLY,
    plays: int = HINT_PLAYS,
    *,
    engine: BackgammonEngine = "gnubg",
    nardy: NardyEngine = "net",
) -> Advice:
    """The advice for ``player`` in ``game`` (see :func:`no_advice_reason` for when there is
    none: then :class:`ValueError`), backgammon's by ``engine``'s nets at ``ply``, long nardy's
    by the ``nardy`` engine (on the network ``ply`` rolls deep, the hand-weighted player at its
    depth 1 whatever ``ply``)."""
    reason = no_advice_reason(game, player)
    if reason is not None:
        raise ValueError(f"no advice for player {player}: {reason}")
    if game.variant == "backgammon":
        return _backgammon(game, player, ply, plays, engine)
    if nardy == "net":
        return _nardy_net(game, player, min(ply, NARDY_NET_PLY), plays)
    return _nardy(game, player, plays)


def _backgammon(game: Game, player: int, ply: int, count: int, engine: BackgammonEngine) -> Advice:
    from bot.ai import core

    position = game.position
    if game.phase is Phase.MOVE:
        assert game.dice is not None
        index = {play: i for i, play in enumerate(legal_plays(position, game.dice))}
        cube = core.cube_of(game, player)
        ranked = core.rank_plays(position, game.dice, cube, ply, engine=engine)[:count]
        shown = tuple(
            PlayAdvice(r.play.notation(), r.equity, index[r.play], _chances(r.probs), r.ply)
            for r in ranked
        )
        if shown:
            chances = shown[0].chances
        else:
            chances = _chances(core.evaluate(position, cube, ply, engine=engine)[0])
        return Advice("plays", engine, ply, chances, shown)
    doubler = game.turn
    assert doubler is not None
    cube = core.cube_of(game, doubler)
    decision = core.cube_decision(position, cube, ply, engine=engine)
    figures = (decision.no_double, decision.double_take, decision.double_pass)
    unit: Literal["equity", "mwc"] = "equity"
    if decision.mwc is not None:
        figures, unit = decision.mwc, "mwc"
    if game.phase is Phase.DOUBLED:
        responder = game.responder
        may_beaver = responder is not None and game.may(Action(ActionKind.BEAVER, responder))
        advice = CubeAdvice(
            decision.should_double,
            decision.should_take,
            *figures,
            beaver=may_beaver and decision.should_beaver,
            unit=unit,
        )
        return Advice("take", engine, ply, _chances(_flip(decision.probs)), cube=advice)
    may = game.may(Action(ActionKind.DOUBLE, player))
    advice = CubeAdvice(
        decision.should_double and may,
        decision.should_take,
        *figures,
        may,
        unit=unit,
    )
    return Advice("cube", engine, ply, _chances(decision.probs), cube=advice)


def _flip(probs: tuple[float, ...]) -> Chances:
    return (1.0 - probs[0], probs[3], probs[4], probs[1], probs[2])


def _nardy(game: Game, player: int, count: int) -> Advice:
    from bot.ai import nardy_player
    from bot.ai.computer import NARDY_DOUBLE, NARDY_TAKE

    position = game.position
    if game.phase is Phase.MOVE:
        assert game.dice is not None
        plays = legal_plays(position, game.dice)
        index = {play: i for i, play in enumerate(plays)}
        # the plays looked at one roll ahead first, by their value, then the others by theirs,
        # each labelled with its depth
        ranked = nardy_player.rank_plays(position, game.dice, depth=1)[:count]
        shown = tuple(
            PlayAdvice(r.play.notation(), r.value, index[r.play], _win(r.value), r.depth)
            for r in ranked
        )
        chances = shown[0].chances if shown else _win(nardy_player.evaluate(position))
        return Advice("plays", "nardy", 1, chances, shown)
    win = nardy_player.evaluate(position)  # the doubler's (the side on roll's) chance
    if game.phase is Phase.DOUBLED:
        cube = CubeAdvice(win >= NARDY_DOUBLE, 1.0 - win >= NARDY_TAKE)
        return Advice("take", "nardy", 0, _win(1.0 - win), cube=cube)
    may = game.may(Action(ActionKind.DOUBLE, player))
    cube = CubeAdvice(may and win >= NARDY_DOUBLE, 1.0 - win >= NARDY_TAKE, may_double=may)
    return Advice("cube", "nardy", 0, _win(win), cube=cube)


def _nardy_net(game: Game, player: int, depth: int, count: int) -> Advice:
    from bot.ai import nardy_net_player
    from bot.ai.computer import NARDY_DOUBLE, NARDY_TAKE
    from bot.ai.nardy_net_player import position_chances
    from engine.nardy import koks_counts

    position = game.position
    if game.phase is Phase.MOVE:
        assert game.dice is not None
        index = {play: i for i, play in enumerate(legal_plays(position, game.dice))}
        width = nardy_net_player.LEVELS["expert"].width
        koks = koks_counts(game.options)
        ranked = nardy_net_player.rank_plays(position, game.dice, depth, koks=koks, width=width)[
            :count
        ]
        shown = tuple(
            PlayAdvice(r.play.notation(), r.value, index[r.play], r.chances, r.depth)
            for r in ranked
        )
        # nothing to play: the opponent is on roll in the same position
        chances = shown[0].chances if shown else _flip(position_chances(position.swapped()))
        return Advice("plays", "nardy-net", depth, chances, shown)
    before = position_chances(position)  # the doubler's (the side on roll's), before his roll
    win = before[0]
    if game.phase is Phase.DOUBLED:
        cube = CubeAdvice(win >= NARDY_DOUBLE, 1.0 - win >= NARDY_TAKE)
        return Advice("take", "nardy-net", 0, _flip(before), cube=cube)
    may = game.may(Action(ActionKind.DOUBLE, player))
    cube = CubeAdvice(may and win >= NARDY_DOUBLE, 1.0 - win >= NARDY_TAKE, may_double=may)
    return Advice("cube", "nardy-net", 0, before, cube=cube)


def _chances(probs: tuple[float, ...]) -> Chances:
    return (probs[0], probs[1], probs[2], probs[3], probs[4])


def _win(value: float) -> Chances:
    return (value, 0.0, 0.0, 0.0, 0.0)
