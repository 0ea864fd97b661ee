"""What the computer does next in a game: one engine :class:`~engine.Action` at a time.

:func:`decide` looks at a :class:`~engine.Game` from the computer's seat and returns the action
it takes now — roll, double, take, pass, beaver, accept or refuse a beaver, play, accept or
decline a resignation, offer to resign — or ``None`` when nothing is its to do.  The caller
applies the action through the engine like a person's (so nothing illegal can happen) and calls
again until it returns ``None``.  Backgammon goes through the evaluation core
(:mod:`bot.ai.core`: every play and cube decision weighed cubeful at the score, as GNU
Backgammon weighs them, by the nets of the ``engine`` asked: GNU Backgammon's or Open Sage's),
long nardy through the project's long nardy network or its hand-weighted player (below); the
level sets depth and noise, the ``rng`` is injected.

The computer never doubles on a dead cube (GNU Backgammon's cube decision says so: a cube that
already wins the match, the leader after the Crawford game), though the engine would let it: at
the noisy levels a double that gains nothing would otherwise come as often as the noise tips a
tie.

Long nardy has no cube by default; where a table turns it on, the computer doubles when the
nardy evaluation (:func:`nardy_outlook`) gives it a chance of winning of at least
:data:`NARDY_DOUBLE` and takes while it keeps at least :data:`NARDY_TAKE` (the money take point
with some cube leverage).

Long nardy is played by the neural evaluation (:mod:`bot.ai.nardy_net_player`, its levels
:data:`bot.ai.nardy_net_player.LEVELS`) unless :func:`decide` is told ``nardy_net=False`` (the
operator's ``AI_NARDY_ENGINE=classic``): then by the hand-weighted player
(:mod:`bot.ai.nardy_player`, its levels :data:`NARDY_DEPTH`).  Either way its plays, its cube
decisions and its answers to a resignation all come from the one chosen.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bot.ai import core, nardy_player
from bot.ai.levels import DEFAULT_LEVEL, LEVELS, Level, choose_ranked
from engine import Action, ActionKind, Game, Phase, Position
from engine.nardy import koks_counts
from engine.result import WinKind

__all__ = [
    "CLEARLY_DOUBLE",
    "CLEARLY_NO_DOUBLE",
    "CLEARLY_PAST_CASH",
    "CLEARLY_TAKE_OR_PASS",
    "NARDY_DEPTH",
    "NARDY_DOUBLE",
    "NARDY_TAKE",
    "Decision",
    "decide",
    "is_backgammon",
    "nardy_outlook",
]

CLEARLY_NO_DOUBLE = 0.15
CLEARLY_DOUBLE = 0.25
"""At a level with ``cube_quick`` (``strong``) the 0-ply look at the cube decides where it is
clear and the 2-ply look only where it is close: no double where doubling (and being taken)
is worse than playing on by at least :data:`CLEARLY_NO_DOUBLE` of the gap between passing and
playing on at 0-ply; a double where it is better by at least :data:`CLEARLY_DOUBLE` and 0-ply
finds it a take.  A position
0-ply finds too good to double, or a pass, gets the 2-ply look unless cashing and playing on
are clearly apart (:data:`CLEARLY_PAST_CASH`): whether to play on for the gammon is where 0-ply
errs when they are close.  The 2-ply look is what makes a turn slow (tens of
milliseconds in a contact position, 0-ply a fraction of one), and most turns are far from the
cube.  ``expert`` looks at 2-ply before every roll and before every answer; ``strong`` answers a
double at 0-ply too where take and pass are clearly apart (:data:`CLEARLY_TAKE_OR_PASS`).

Measured on the 947 cube looks of 150 seeded games of ``strong`` against itself at random
match scores that reached 2-ply under the earlier filter (``CLEARLY_NO_DOUBLE`` 0.25 alone):
this one keeps 589 of them at 2-ply, and 0-ply doubles otherwise than 2-ply on 3 of the
others (0.025 of match winning chances lost in all); in 150 money games 317 of 561, 2
otherwise.  On the 200 fixed cube positions ``strong`` still decides as 2-ply on every one."""

CLEARLY_PAST_CASH = 0.1
"""Where 0-ply finds the double a pass, ``strong`` decides at 0-ply whether to cash or to play on
for the gammon where one is better than the other by at least :data:`CLEARLY_PAST_CASH` of a
point of the stake (EMG), and looks at 2-ply otherwise.
Measured on the 927 cube looks that reached 2-ply in 150 seeded games at random match scores
and 150 money games (``strong`` against itself): 255 of them decided so, all as 2-ply decides
them (0.05 of a point would decide 3 otherwise); in 300 further games of each kind (seeds 900
on) 328 decided so, one otherwise (0.0005 of the stand-in's winning chances, about 0.02 of a
point).  On the fixed cube positions nothing changes: 200 of 200 match, 99 of 100 money."""

CLEARLY_TAKE_OR_PASS = 0.3
"""``strong`` answers a double at 0-ply where taking and passing are at least
:data:`CLEARLY_TAKE_OR_PASS` of a point of the stake apart at 0-ply (and no beaver can be given),
else at its cube depth (2-ply).  Measured on every position where a double could come in 200
seeded match games and 200 money games of ``strong`` against itself (seeds 900 on): 9,799 of
10,146 answered so, every one as 2-ply answers it; the fixed cube positions unchanged."""

NARDY_DOUBLE = nardy_player.DOUBLE_CHANCE
NARDY_TAKE = nardy_player.TAKE_CHANCE
NARDY_DEPTH = {"beginner": (0, 0.12), "casual": (0, 0.04), "strong": (1, 0.0), "expert": (2, 0.0)}
"""Long nardy: (depth, noise σ in winning chances) per level."""


def nardy_outlook(position: Position, net: bool, koks: bool = False) -> tuple[float, float]:
    """The chance that the side on roll in a long nardy ``position`` wins, before the roll, and
    the points it expects (no cube): by the network (``net``,
    :func:`bot.ai.nardy_net_player.position_chances`; a mars 2 points, a koks 3 with ``koks``)
    or by the hand-weighted evaluation (which values every win as one point)."""
    if not net:
        win = nardy_player.evaluate(position)
        return win, 2.0 * win - 1.0
    import numpy as np

    from bot.ai.nardy_net import equity
    from bot.ai.nardy_net_player import position_chances

    chances = position_chances(position)
    return chances[0], float(equity(np.array([chances]), koks)[0])


@dataclass(frozen=True, slots=True)
class Decision:
    """An action and, for a play, the depth it was computed at."""

    action: Action
    ply: int = 0


def is_backgammon(game: Game) -> bool:
    """Whether ``game`` is evaluated by GNU Backgammon's nets (else by the nardy player)."""
    return game.variant == "backgammon"


def _noisy(value: float, unit: float, level: Level, rng: random.Random) -> float:
    """``value`` with the level's noise, scaled to ``unit`` (what one point is worth there)."""
    return value + rng.gauss(0.0, level.noise * unit) if level.noise > 0 else value


def _point_unit(dec: core.CubeDecision) -> float:
    """The gap between passing a double and playing on (EMG), at least 0.01."""
    return max(0.01, abs(dec.double_pass - dec.no_double))


def decide(
    game: Game,
    player: int,
    level: Level | None = None,
    rng: random.Random | None = None,
    *,
    ply: int | None = None,
    nardy_net: bool = True,
    engine: core.Engine = core.DEFAULT_ENGINE,
) -> Action | None:
    """The computer's next action as ``player`` in ``game``, or ``None`` if nothing is its to do.

    ``ply`` lowers the level's depth (the recomputation after a timeout); ``nardy_net`` plays
    long nardy on the network (the default, as ``AI_NARDY_ENGINE``'s) or, ``False``, on the
    hand-weighted player; ``engine`` names the nets that value backgammon positions
    (:data:`bot.ai.core.Engine`).
    """
    lvl = level or LEVELS[DEFAULT_LEVEL]
    rnd = rng or random.Random(0)
    net = nardy_net
    if game.is_over:
        return None
    if game.resign is not None:
        if game.resign.player == player:
            return None
        return _answer_resign(game, player, lvl, ply, net, engine)
    if game.phase is Phase.DOUBLED:
        if game.turn == player:
            return None
        return _answer_double(game, player, lvl, rnd, ply, net, engine)
    if game.phase is Phase.BEAVERED:
        if game.turn != player:
            return None
        return _answer_beaver(game, player, net, engine)
    if game.turn != player:
        return None
    if game.phase is Phase.ROLL:
        offer = _resign_offer(game, player)
        if offer is not None:
            return Action(ActionKind.RESIGN, player, resign=offer)
        if game.may(Action(ActionKind.DOUBLE, player)) and _wants_double(
            game, player, lvl, rnd, ply, net, engine
        ):
            return Action(ActionKind.DOUBLE, player)
        return Action(ActionKind.ROLL, player)
    if game.phase is Phase.MOVE:
        return _play(game, player, lvl, rnd, ply, net, engine)
    return None


def _play(
    game: Game,
    player: int,
    level: Level,
    rng: random.Random,
    ply: int | None,
    net: bool,
    engine: core.Engine,
) -> Action:
    assert game.dice is not None
    if game.steps:
        return Action(ActionKind.RESET, player)
    if game.no_play:
        return Action(ActionKind.CONFIRM, player)
    if is_backgammon(game):
        cube = core.cube_of(game, player)
        play = choose_ranked(game.position, game.dice, cube, level, rng, ply, engine=engine)
    elif net:
        from bot.ai import nardy_net_player

        play = nardy_net_player.level_play(
            game.position,
            game.dice,
            level.name,
            rng,
            koks=koks_counts(game.options),
            ply=ply,
        )
    else:
        depth, noise = NARDY_DEPTH[level.name]
        if ply is not None:
            depth = min(depth, ply)
        play = nardy_player.choose_play(game.position, game.dice, rng, depth=depth, noise=noise)
    if play is None:
        return Action(ActionKind.CONFIRM, player)
    return Action(ActionKind.PLAY, player, play=play)


def _cube_ply(level: Level, ply: int | None) -> int:
    return min(level.cube_depth, ply) if ply is not None else level.cube_depth


def _wants_double(
    game: Game,
    player: int,
    level: Level,
    rng: random.Random,
    ply: int | None,
    net: bool,
    engine: core.Engine,
) -> bool:
    if not is_backgammon(game):
        return (
            nardy_outlook(game.position, net)[0]
            + rng.gauss(0.0, level.noise or 1e-9) * (1 if level.noise else 0)
            >= NARDY_DOUBLE
        )
    cube = core.cube_of(game, player)
    depth = _cube_ply(level, ply)
    if depth > 0 and level.cube_quick:
        clear = _clear_at_zero(game.position, cube, engine)
        if clear is not None:
            return clear
    dec = core.cube_decision(game.position, cube, depth, engine=engine)
    if not dec.available:
        return False
    if level.noise <= 0:
        return dec.should_double
    unit = _point_unit(dec)
    nd = _noisy(dec.no_double, unit, level, rng)
    doubled = min(_noisy(dec.double_take, unit, level, rng), dec.double_pass)
    return doubled > nd


def _clear_at_zero(position: Position, cube: core.Cube, engine: core.Engine) -> bool | None:
    """0-ply's double decision where it is clear (see :data:`CLEARLY_NO_DOUBLE`,
    :data:`CLEARLY_DOUBLE` and :data:`CLEARLY_PAST_CASH`), ``None`` where the deeper look
    decides."""
    dec = core.cube_decision(position, cube, 0, engine=engine)
    if not dec.available:
        return False
    if dec.too_good or not dec.should_take:
        # playing on for the gammon against cashing the game (EMG: a point of the stake is 1)
        cash = dec.double_pass - dec.no_double
        if dec.too_good and cash <= -CLEARLY_PAST_CASH:
            return False
        if not dec.too_good and cash >= CLEARLY_PAST_CASH:
            return dec.should_double
        return None
    gain = (dec.double_take - dec.no_double) / _point_unit(dec)
    if gain < -CLEARLY_NO_DOUBLE:
        return False
    if gain > CLEARLY_DOUBLE:
        return dec.should_double
    return None


def _answer_double(
    game: Game,
    player: int,
    level: Level,
    rng: random.Random,
    ply: int | None,
    net: bool,
    engine: core.Engine,
) -> Action:
    doubler = 1 - player
    if not is_backgammon(game):
        mine = 1.0 - nardy_outlook(game.position, net)[0]
        return Action(ActionKind.TAKE if mine >= NARDY_TAKE else ActionKind.PASS, player)
    cube = core.cube_of(game, doubler)
    depth = _cube_ply(level, ply)
    quick = depth > 0 and level.cube_quick
    dec = _clear_answer_at_zero(game.position, cube, engine) if quick else None
    if dec is None:
        dec = core.cube_decision(game.position, cube, depth, engine=engine)
    take = dec.should_take
    if level.noise > 0:
        take = _noisy(dec.double_take, _point_unit(dec), level, rng) <= dec.double_pass
    if take and dec.should_beaver and game.may(Action(ActionKind.BEAVER, player)):
        return Action(ActionKind.BEAVER, player)
    return Action(ActionKind.TAKE if take else ActionKind.PASS, player)


def _clear_answer_at_zero(
    position: Position, cube: core.Cube, engine: core.Engine
) -> core.CubeDecision | None:
    """0-ply's cube decision where its take or pass is clear (see :data:`CLEARLY_TAKE_OR_PASS`),
    ``None`` where the deeper look answers (and wherever a beaver could be given)."""
    if cube.beavers:
        return None
    dec = core.cube_decision(position, cube, 0, engine=engine)
    return dec if abs(dec.double_pass - dec.double_take) >= CLEARLY_TAKE_OR_PASS else None


def _answer_beaver(game: Game, player: int, net: bool, engine: core.Engine) -> Action:
    """The doubler after a beaver: accept unless the game is worth less than minus half of the
    doubled stake to him (refusing loses exactly that)."""
    position = game.position
    if is_backgammon(game):
        equity = core.evaluate(position, core.cube_of(game, player), 0, engine=engine)[1]
    else:
        equity = nardy_outlook(position, net, koks_counts(game.options))[1]
    return Action(ActionKind.BEAVER_ACCEPT if equity > -0.5 else ActionKind.BEAVER_REFUSE, player)


def _answer_resign(
    game: Game, player: int, level: Level, ply: int | None, net: bool, engine: core.Engine
) -> Action:
    assert game.resign is not None
    kind = game.resign.kind
    position = game.board(player)  # the computer as the side on roll
    if is_backgammon(game):
        cube = core.cube_of(game, player)
        accept = _worth_accepting(position, cube, kind, _cube_ply(level, ply), engine)
    else:
        win, equity = nardy_outlook(position, net, koks_counts(game.options))
        accept = equity <= float(int(kind)) + 1e-9
        if kind == WinKind.SINGLE:
            accept = win > 0.0 and accept
    return Action(ActionKind.RESIGN_ACCEPT if accept else ActionKind.RESIGN_DECLINE, player)


def _worth_accepting(
    position: Position, cube: core.Cube, kind: WinKind, ply: int, engine: core.Engine
) -> bool:
    """Whether the points conceded are worth at least what playing on is worth at the score:
    EMG, the cube as it is (a gammon or backgammon worth what GNU Backgammon's gammon prices
    make it: nothing where it is not needed, nothing under the Jacoby rule with a centred
    cube)."""
    _probs, playing_on = core.evaluate(position, cube, ply, engine=engine)
    return core.win_value(cube, kind) >= playing_on - 1e-6


def _resign_offer(game: Game, player: int) -> WinKind | None:
    """What the computer offers to resign (``None``: nothing): only what it has lost for
    certain, by GNU Backgammon's cubeless 0-ply chances whichever nets play (its bear-off
    databases know when nothing is left)."""
    if not is_backgammon(game):
        return None
    if any(entry.action == ActionKind.RESIGN_DECLINE for entry in game.log[-3:]):
        return None  # declined this turn: play it out
    probs, _equity = core.evaluate(game.position, core.Cube(in_play=False), 0)
    win, _wg, _wbg, lg, lbg = probs
    if win > 1e-4:
        return None
    if lbg > 0.9999:
        return WinKind.BACKGAMMON
    if lbg > 1e-4:
        return None
    if lg > 0.9999:
        return WinKind.GAMMON
    if lg < 1e-4:
        return WinKind.SINGLE
    return None
