"""The computer opponent's figures: move time, match results, error per level, cube agreement.

Run from the repository root::

    python -m benchmarks.opponent [--games N] [--nardy-games M] [--plays P] [--timing T]
                                  [--cube C] [--money K]

Everything is printed in one run, each figure with its target:

* move time per level (p50 and p99, wall and CPU) for a backgammon play, each level (and plain
  1-ply) on ``--timing`` positions of the fixed set of its own, since ``gnubg_nn`` caches
  evaluations (``expert`` is the plain 2-ply); cube decisions at 0, 1 and 2-ply; long nardy
  plays per level on the fixed nardy set;
* match results over seeded single games without a cube (the computer goes through
  :func:`bot.ai.computer.decide` and the engine applies every action): ``strong`` against a
  random player and ``beginner`` against ``strong`` (``--games`` each), the long nardy player at
  ``strong`` against a random player and against a greedy pip-count player (``--nardy-games``
  each).  Seats alternate game by game;
* each level's PR-like error against 2-ply: the mean equity lost per unforced decision × 500 on
  the first ``--plays`` positions of the fixed set, the loss being the 2-ply equity of the
  2-ply best play minus that of the level's choice (four noise draws per position at the noisy
  levels);
* the share of the ``--cube`` fixed match cube positions where the computer's double and take
  decisions equal ``gnubg_nn``'s own cube evaluation at 2-ply at that score, per level; and of
  the ``--money`` money positions where they equal GNU Backgammon's own 2-ply money advice
  (stored from ``gnubg -t``: ``gnubg_nn`` evaluates match cubes only).

The positions are those of ``tests/data/ai_positions.json`` (:mod:`benchmarks.ai_sets`).  Two
figures the app measures are not here: the event loop's largest lag while the computer thinks on
other tables, and the evaluation worker's memory; :func:`app_figures` is where they are added.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from benchmarks.ai_sets import cube_game, load
from benchmarks.nardy_tune import greedy_player
from bot.ai import gnubg_eval
from bot.ai.computer import NARDY_DEPTH, decide
from bot.ai.gnubg_eval import equity_of, evaluate_position, rank_plays
from bot.ai.levels import LEVELS, Level, choose_ranked, noisy_best
from engine import Action, Game, Options, Phase, Position, legal_plays
from engine.movegen import Play
from engine.nardy import LongNardyPosition
from engine.nardy_player import choose_play as nardy_choose

Decider = Callable[[Game, int, random.Random], Action | None]


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def _timed(run: Callable[..., object], *args: Any, **kwargs: Any) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    run(*args, **kwargs)
    return time.perf_counter() - wall, time.process_time() - cpu


def _times_line(name: str, walls: list[float], cpus: list[float], target: str = "") -> str:
    return (
        f"  {name:30} wall p50 {percentile(walls, 0.5) * 1e3:8.1f} ms  p99 "
        f"{percentile(walls, 0.99) * 1e3:8.1f} ms   cpu p50 {percentile(cpus, 0.5) * 1e3:8.1f} ms"
        f"  p99 {percentile(cpus, 0.99) * 1e3:8.1f} ms{'   ' + target if target else ''}"
    )


def _bg_positions(data: dict[str, list[dict[str, Any]]]) -> list[tuple[Position, tuple[int, int]]]:
    return [
        (Position.from_gnubg_id(p["position"]), (p["dice"][0], p["dice"][1])) for p in data["plays"]
    ]


def _nardy_positions(
    data: dict[str, list[dict[str, Any]]],
) -> list[tuple[Position, tuple[int, int]]]:
    return [
        (
            LongNardyPosition(tuple(p["player"]), tuple(p["opponent"])),
            (p["dice"][0], p["dice"][1]),
        )
        for p in data["nardy"]
    ]


TIME_TARGETS = {"strong": "target p99 <= 50 ms", "expert": "target p99 <= 1500 ms"}


def move_times(data: dict[str, list[dict[str, Any]]], count: int) -> list[str]:
    """Move time per level, backgammon and long nardy."""
    lines = [f"move time (backgammon, {count} positions each, ply as the level):"]
    every = _bg_positions(data)
    # each series on positions of its own: gnubg_nn caches evaluations
    for k, (name, level) in enumerate(LEVELS.items()):
        positions = every[k * count : (k + 1) * count]
        rng = random.Random(1)
        walls, cpus = [], []
        for position, dice in positions:
            w, c = _timed(choose_ranked, position, dice, level, rng)
            walls.append(w)
            cpus.append(c)
        label = f"{name} ({level.ply}-ply, noise {level.noise})"
        lines.append(_times_line(label, walls, cpus, TIME_TARGETS.get(name, "")))
    for ply in (1,):
        walls, cpus = [], []
        for position, dice in every[4 * count : 5 * count]:
            w, c = _timed(rank_plays, position, dice, ply)
            walls.append(w)
            cpus.append(c)
        lines.append(_times_line(f"plain {ply}-ply play", walls, cpus))
    cube_positions = [Position.from_gnubg_id(c["position"]) for c in data["cube"]]
    for ply in (0, 1, 2):
        walls, cpus = [], []
        for position in cube_positions[ply * count : (ply + 1) * count]:
            ctx = gnubg_eval.CubeContext((7, 7), 1, False, True)
            w, c = _timed(gnubg_eval.cube_decision, position, ctx, ply)
            walls.append(w)
            cpus.append(c)
        lines.append(_times_line(f"cube decision {ply}-ply", walls, cpus))
    nardy = _nardy_positions(data)[:count]
    lines.append(f"move time (long nardy, {len(nardy)} positions):")
    for name in LEVELS:
        depth, noise = NARDY_DEPTH[name]
        rng = random.Random(1)
        walls, cpus = [], []
        for position, dice in nardy:
            w, c = _timed(nardy_choose, position, dice, rng, depth=depth, noise=noise)
            walls.append(w)
            cpus.append(c)
        label = f"{name} (depth {depth}, noise {noise})"
        lines.append(_times_line(label, walls, cpus, TIME_TARGETS.get(name, "")))
    return lines


# -- games ---------------------------------------------------------------------------------------


def computer(level: str) -> Decider:
    """The computer at ``level``."""
    lvl = LEVELS[level]

    def act(game: Game, player: int, rng: random.Random) -> Action | None:
        return decide(game, player, lvl, rng)

    return act


def chooser(choose: Callable[[Position, tuple[int, int], random.Random], Play | None]) -> Decider:
    """A player that rolls, answers nothing, and plays ``choose``'s play."""

    def act(game: Game, player: int, rng: random.Random) -> Action | None:
        if game.is_over or game.turn != player:
            if game.resign is not None and game.resign.player != player:
                return Action("accept_resign", player)
            return None
        if game.resign is not None:
            return None
        if game.phase is Phase.ROLL:
            return Action("roll", player)
        if game.phase is Phase.MOVE:
            assert game.dice is not None
            if game.steps:
                return Action("reset", player)
            play = choose(game.position, game.dice, rng)
            return Action("confirm", player) if play is None else Action("play", player, play=play)
        return None

    return act


def _random_choice(position: Position, dice: tuple[int, int], rng: random.Random) -> Play | None:
    plays = legal_plays(position, dice)
    return rng.choice(plays) if plays else None


RANDOM = chooser(_random_choice)
GREEDY = chooser(greedy_player)


def play_game(variant: str, players: tuple[Decider, Decider], seed: int) -> int | None:
    """One cubeless game; the winner (``None`` for a draw)."""
    rng = random.Random(seed)
    dice = random.Random(seed + 1)
    options = Options(cube=False) if variant == "backgammon" else None
    game = Game.new(variant, options)

    def roll() -> int:
        return dice.randint(1, 6)

    for _ in range(5000):
        if game.is_over:
            assert game.result is not None
            return game.result.winner
        if game.phase is Phase.OPENING:
            game = game.roll(0, roll)
            continue
        acts = [players[p](game, p, rng) for p in (0, 1)]
        moving = [a for a in acts if a is not None]
        if len(moving) != 1:
            raise RuntimeError(f"{len(moving)} players act at once: {acts}")
        action = moving[0]
        game = game.apply(action, roll if action.kind == "roll" else None)
    raise RuntimeError("the game did not end")


def match(variant: str, a: Decider, b: Decider, games: int, seed: int) -> tuple[int, int]:
    """(games ``a`` won, games decided) over ``games`` seeded games, seats alternating."""
    won = decided = 0
    for g in range(games):
        seat = g % 2
        players = (a, b) if seat == 0 else (b, a)
        winner = play_game(variant, players, seed + g)
        if winner is not None:
            decided += 1
            won += winner == seat
    return won, decided


def match_lines(games: int, nardy_games: int) -> list[str]:
    lines = ["match results (seeded single games, no cube, seats alternating):"]
    runs = [
        (
            "backgammon",
            "strong vs random",
            computer("strong"),
            RANDOM,
            games,
            "target >= 199 of 200",
        ),
        (
            "backgammon",
            "beginner vs strong",
            computer("beginner"),
            computer("strong"),
            games,
            "target 10-30%",
        ),
        (
            "long_nardy",
            "long nardy strong vs random",
            computer("strong"),
            RANDOM,
            nardy_games,
            "target >= 97%",
        ),
        (
            "long_nardy",
            "long nardy strong vs greedy pips",
            computer("strong"),
            GREEDY,
            nardy_games,
            "target >= 85%",
        ),
    ]
    for variant, label, a, b, count, target in runs:
        start = time.perf_counter()
        won, decided = match(variant, a, b, count, 10_000)
        share = won / decided if decided else 0.0
        lines.append(
            f"  {label:34} won {won:4} of {decided:4} ({share:6.1%})   {target}"
            f"   [{time.perf_counter() - start:.0f} s]"
        )
    return lines


# -- error per level -----------------------------------------------------------------------------


class TwoPly:
    """2-ply equities of plays, each computed once."""

    def __init__(self) -> None:
        self.cache: dict[tuple[str, tuple[Any, ...]], float] = {}

    def equity(self, position: Position, play: Play) -> float:
        key = (position.gnubg_id(), play.steps)
        if key not in self.cache:
            after = position.after(play)
            if after.off()[1] == 15:
                value = 1.0 if after.off()[0] else (3.0 if any(after.player[18:25]) else 2.0)
            else:
                value = -equity_of(evaluate_position(after, 2))
            self.cache[key] = value
        return self.cache[key]


DRAWS = 4


def level_errors(
    positions: list[tuple[Position, tuple[int, int]]], levels: dict[str, Level] = LEVELS
) -> dict[str, float]:
    """Each level's PR-like error (mean 2-ply equity lost per decision × 500) on ``positions``
    (all unforced)."""
    cache = TwoPly()
    lost: dict[str, list[float]] = {name: [] for name in levels}
    for i, (position, dice) in enumerate(positions):
        ranked2 = rank_plays(position, dice, 2)
        best = max(cache.equity(position, r.play) for r in ranked2 if r.ply == 2)
        zero = {ply: ranked2 if ply == 2 else rank_plays(position, dice, ply) for ply in (0, 1)}
        zero[2] = ranked2
        for name, level in levels.items():
            rng = random.Random(i * 7919 + 1)
            draws = DRAWS if level.noise > 0 else 1
            for _ in range(draws):
                chosen = noisy_best(zero[level.ply], level.noise, rng).play
                lost[name].append(max(0.0, best - cache.equity(position, chosen)))
    return {name: 500.0 * statistics.fmean(v) for name, v in lost.items()}


def error_lines(data: dict[str, list[dict[str, Any]]], count: int) -> list[str]:
    positions = _bg_positions(data)[:count]
    errors = level_errors(positions)
    lines = [f"PR-like error against 2-ply ({len(positions)} unforced checker plays):"]
    for name, pr in errors.items():
        level = LEVELS[name]
        lines.append(f"  {name:10} ({level.ply}-ply, noise {level.noise:4}): PR {pr:5.2f}")
    return lines


# -- cube ----------------------------------------------------------------------------------------


def computer_cube(game: Game, level: Level, rng: random.Random) -> tuple[bool, bool]:
    """The computer's (double, take) in ``game`` (player 0 on roll before rolling)."""
    action = decide(game, 0, level, rng)
    double = action is not None and action.kind == "double"
    doubled = replace(game, phase=Phase.DOUBLED)
    answer = decide(doubled, 1, level, rng)
    take = answer is not None and answer.kind in ("take", "beaver")
    return double, take


def cube_agreement(
    data: dict[str, list[dict[str, Any]]], count: int, money: int
) -> dict[str, tuple[int, int, int, int]]:
    """Per level: (match agreeing, match total, money agreeing, money total)."""
    out: dict[str, tuple[int, int, int, int]] = {}
    for name, level in LEVELS.items():
        rng = random.Random(5)
        agree = total = magree = mtotal = 0
        for case in data["cube"][:count]:
            game = cube_game(
                Position.from_gnubg_id(case["position"]),
                case["length"],
                (case["score"][0], case["score"][1]),
                case["cube"],
                case["owned"],
            )
            total += 1
            agree += computer_cube(game, level, rng) == (case["double"], case["take"])
        for case in data["money"][:money]:
            game = cube_game(
                Position.from_gnubg_id(case["position"]), 0, (0, 0), case["cube"], case["owned"]
            )
            mtotal += 1
            magree += computer_cube(game, level, rng) == (case["double"], case["take"])
        out[name] = (agree, total, magree, mtotal)
    return out


def cube_lines(data: dict[str, list[dict[str, Any]]], count: int, money: int) -> list[str]:
    lines = [
        "cube decisions equal to the reference (match: gnubg_nn 2-ply at the score, target "
        ">= 98%; money: gnubg -t 2-ply):"
    ]
    for name, (a, t, ma, mt) in cube_agreement(data, count, money).items():
        lines.append(
            f"  {name:10} match {a:4} of {t:4} ({a / t:6.1%})   money {ma:4} of {mt:4} "
            f"({ma / mt if mt else 0:6.1%})"
        )
    return lines


def app_figures() -> list[str]:
    """The figures the app layer measures (event-loop lag while the computer thinks, worker
    memory): not measured by this benchmark."""
    return [
        "event-loop lag while the computer thinks, worker RSS: measured by the app's benchmark, "
        "not here"
    ]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200, help="backgammon games per match")
    parser.add_argument("--nardy-games", type=int, default=40, help="long nardy games per match")
    parser.add_argument("--plays", type=int, default=100, help="positions for the error per level")
    parser.add_argument(
        "--timing", type=int, default=60, help="positions timed per level (at most 60)"
    )
    parser.add_argument("--cube", type=int, default=200, help="match cube positions")
    parser.add_argument("--money", type=int, default=100, help="money cube positions")
    args = parser.parse_args(argv)
    data = load()
    start = time.perf_counter()
    sections: list[Callable[[], list[str]]] = [
        lambda: move_times(data, args.timing),
        lambda: error_lines(data, args.plays),
        lambda: cube_lines(data, args.cube, args.money),
        lambda: match_lines(args.games, args.nardy_games),
        app_figures,
    ]
    for section in sections:
        t = time.perf_counter()
        for line in section():
            print(line, flush=True)
        print(f"  [{time.perf_counter() - t:.0f} s]", flush=True)
    print(f"total {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
