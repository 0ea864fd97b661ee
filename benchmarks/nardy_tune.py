"""Tune the long nardy player's weights by self-play: seeded and reproducible.

Run from the repository root::

    python -m benchmarks.nardy_tune [--games N] [--fit-games F] [--rounds R] [--check M]
                                    [--check-deep D]

Three stages, from :data:`bot.ai.nardy_player.HAND_WEIGHTS`:

1. Calibration.  The evaluation is a logistic of weighted features, read as a chance of winning
   (the depth-1 search averages it over the rolls, the cube and resignations compare it with
   take points), so its scale is fitted to self-play: ``--fit-games`` games of the weights
   against themselves at depth 0 (a little noise, σ 0.02, for variety) record every position
   before a roll with whether the side on roll went on to win, and one factor multiplying all
   the weights is fitted by maximum likelihood.  Scaling every weight changes no choice at depth
   0, only what the values mean.
2. Coordinate ascent on play.  Each round visits every weight in turn and tries it doubled and
   halved (a weight at zero: set to ±0.1 of the pips weight); a trial plays ``--games`` games at
   depth 0 against the current weights, in pairs on the same dice with each side starting once,
   and replaces them when it wins more than :data:`ACCEPT` of the games.
3. Check: the result against the hand weights, ``--check`` games at depth 0 and
   ``--check-deep`` at depth 1.

Every game's dice come from ``random.Random`` seeded by the stage, trial and game numbers, so the
same command prints the same figures.  The games are played on positions directly (the
engine's legal plays, no cube): what a table does, without the bookkeeping.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Callable
from dataclasses import fields

import numpy as np

from bot.ai.nardy_player import HAND_WEIGHTS, Weights, choose_play, features
from engine import legal_plays
from engine.movegen import Play
from engine.nardy import LongNardyPosition
from engine.position import CHECKERS, Position

ACCEPT = 0.53
"""The share of a trial's games it must win to replace the current weights."""

Chooser = Callable[[Position, tuple[int, int], random.Random], Play | None]


def nardy(weights: Weights, depth: int = 0) -> Chooser:
    """The project's player with ``weights`` at ``depth``."""

    def choose(position: Position, dice: tuple[int, int], rng: random.Random) -> Play | None:
        return choose_play(position, dice, rng, depth=depth, weights=weights)

    return choose


def random_player(position: Position, dice: tuple[int, int], rng: random.Random) -> Play | None:
    """A uniformly random legal play."""
    plays = legal_plays(position, dice)
    return rng.choice(plays) if plays else None


def greedy_player(position: Position, dice: tuple[int, int], rng: random.Random) -> Play | None:
    """The greedy pip-count player: the play leaving the fewest own pips, then the most checkers
    borne off; ties broken at random."""
    plays = legal_plays(position, dice)
    if not plays:
        return None

    def key(play: Play) -> tuple[int, int]:
        after = position.after(play, view="mover")
        return (after.pips()[0], -after.off()[0])

    best = min(key(p) for p in plays)
    return rng.choice([p for p in plays if key(p) == best])


def play_game(players: tuple[Chooser, Chooser], seed: int, first: int) -> tuple[int, int]:
    """One game of ``players[0]`` against ``players[1]``, ``first`` moving first; the dice come
    from ``seed`` (the same dice whoever starts).  Returns (winner, turns played)."""
    dice = random.Random(seed)
    rng = random.Random(seed + 7_777_777)
    position: Position = LongNardyPosition.initial()
    turn = first
    for turns in range(1, 2000):
        roll = (dice.randint(1, 6), dice.randint(1, 6))
        play = players[turn](position, roll, rng)
        if play is None:
            position = position.swapped()
        else:
            position = position.after(play)
            if position.off()[1] == CHECKERS:
                return turn, turns
        turn = 1 - turn
    raise RuntimeError("the game did not end")


def match(a: Chooser, b: Chooser, games: int, seed: int) -> float:
    """The share of ``games`` that ``a`` wins against ``b``: pairs of games on the same dice,
    each side starting once."""
    wins = 0
    for g in range(games):
        first = g % 2
        winner, _ = play_game((a, b), seed * 100_003 + g // 2, first)
        wins += winner == 0
    return wins / games


def samples(weights: Weights, games: int, seed: int) -> tuple[list[tuple[float, ...]], list[int]]:
    """Every position before a roll in ``games`` self-play games: its features and whether the
    side on roll won."""
    rows: list[tuple[float, ...]] = []
    wins: list[int] = []
    for g in range(games):
        dice = random.Random(seed * 100_003 + g)
        rng = random.Random(seed * 100_003 + g + 55_555)
        position: Position = LongNardyPosition.initial()
        seen: list[tuple[tuple[float, ...], int]] = []
        turn = 0
        for _turns in range(2000):
            seen.append((features(position), turn))
            roll = (dice.randint(1, 6), dice.randint(1, 6))
            play = choose_play(position, roll, rng, depth=0, noise=0.02, weights=weights)
            if play is None:
                position = position.swapped()
            else:
                position = position.after(play)
                if position.off()[1] == CHECKERS:
                    break
            turn = 1 - turn
        winner = turn
        for row, mover in seen:
            rows.append(row)
            wins.append(int(mover == winner))
    return rows, wins


def fit_scale(rows: list[tuple[float, ...]], wins: list[int], weights: Weights) -> float:
    """The factor ``s`` in [0, 4] maximising the likelihood of ``P(win) = σ(s · weights ·
    features)`` (a golden-section search: the log loss is convex in ``s``)."""
    z = np.array(rows, dtype=float) @ np.array(weights.values(), dtype=float)
    y = np.array(wins, dtype=float)

    def loss(s: float) -> float:
        return float(np.mean(np.logaddexp(0.0, s * z) - y * s * z))

    lo, hi = 0.0, 4.0
    ratio = (math.sqrt(5) - 1) / 2
    for _ in range(60):
        a, b = hi - ratio * (hi - lo), lo + ratio * (hi - lo)
        if loss(a) < loss(b):
            hi = b
        else:
            lo = a
    return (lo + hi) / 2


def log_loss(rows: list[tuple[float, ...]], wins: list[int], weights: Weights) -> float:
    """The mean log loss of ``weights`` on the recorded positions (lower is better)."""
    z = np.array(rows, dtype=float) @ np.array(weights.values(), dtype=float)
    y = np.array(wins, dtype=float)
    return float(np.mean(np.logaddexp(0.0, z) - y * z))


def scaled_all(weights: Weights, factor: float) -> Weights:
    """Every weight multiplied by ``factor`` (rounded to 4 places)."""
    names = [f.name for f in fields(Weights)]
    return Weights(
        **{n: round(v * factor, 4) for n, v in zip(names, weights.values(), strict=True)}
    )


def calibrate(games: int, seed: int, log: Callable[[str], None]) -> Weights:
    """Stage 1: the hand weights scaled to fit self-play outcomes."""
    rows, wins = samples(HAND_WEIGHTS, games, seed)
    factor = fit_scale(rows, wins, HAND_WEIGHTS)
    calibrated = scaled_all(HAND_WEIGHTS, factor)
    log(
        f"calibration: {len(rows)} positions from {games} games; scale {factor:.3f}; log loss "
        f"{log_loss(rows, wins, HAND_WEIGHTS):.4f} -> {log_loss(rows, wins, calibrated):.4f}"
    )
    return calibrated


def tune(start: Weights, games: int, rounds: int, seed: int, log: Callable[[str], None]) -> Weights:
    """Stage 2: coordinate ascent on play (see the module's account)."""
    current = start
    trial_no = 0
    for rnd in range(rounds):
        for f in fields(Weights):
            name = f.name
            value = getattr(current, name)
            step = 0.1 * current.pips
            tries = (
                [current.shifted(name, step), current.shifted(name, -step)]
                if value == 0
                else [current.scaled(name, 2.0), current.scaled(name, 0.5)]
            )
            for trial in tries:
                trial_no += 1
                share = match(nardy(trial), nardy(current), games, seed + trial_no)
                accepted = share > ACCEPT
                log(
                    f"round {rnd + 1} {name:6} {value:+.4f} -> {getattr(trial, name):+.4f}: "
                    f"won {share:.1%} of {games}{'  accepted' if accepted else ''}"
                )
                if accepted:
                    current = trial
                    break
    return current


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--fit-games", type=int, default=200, help="games for the calibration")
    parser.add_argument("--games", type=int, default=200, help="games per trial (even)")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--check", type=int, default=200, help="games of the final check")
    parser.add_argument("--check-deep", type=int, default=60, help="games at depth 1")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    calibrated = calibrate(args.fit_games, args.seed, print)
    tuned = tune(calibrated, args.games, args.rounds, 500 + args.seed, print)
    print("tuned:", tuned)
    share0 = match(nardy(tuned), nardy(HAND_WEIGHTS), args.check, 900_000 + args.seed)
    print(f"tuned vs hand weights, depth 0: {share0:.1%} of {args.check} games")
    share1 = match(nardy(tuned, 1), nardy(HAND_WEIGHTS, 1), args.check_deep, 910_000 + args.seed)
    print(f"tuned vs hand weights, depth 1: {share1:.1%} of {args.check_deep} games")
    print(f"time: {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
