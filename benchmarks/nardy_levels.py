"""The long nardy player's levels against each other and against simple players, by self-play.

Run from the repository root::

    python -m benchmarks.nardy_levels [--games N] [--seed S] [--only NAME ...]

Each match is ``--games`` seeded games (:func:`benchmarks.nardy_tune.match`: pairs of games on
the same dice, each side starting once), played on positions with the engine's legal plays and
no cube.  The levels are those of :data:`bot.ai.computer.NARDY_DEPTH` (depth, noise); the
matches and their targets:

* ``expert-strong``: ``expert`` (depth 2) wins more than half against ``strong`` (depth 1);
* ``strong-random`` and ``strong-greedy``: ``strong`` wins at least 97% against random legal
  plays and at least 85% against the greedy pip-count player;
* ``strong-casual`` and ``casual-beginner``: each level wins more than half against the one
  below;
* ``width``: ``strong`` searching at most 2 candidates at depth 1 against the usual
  :data:`bot.ai.nardy_player.CANDIDATES` (what the narrower search would cost).
"""

from __future__ import annotations

import argparse
import random
import time

from benchmarks.nardy_tune import Chooser, greedy_player, match, random_player
from bot.ai.computer import NARDY_DEPTH
from bot.ai.nardy_player import CANDIDATES, DEEP_CANDIDATES, choose_play
from engine.movegen import Play
from engine.position import Position


def level(name: str, width: tuple[int, int] = (CANDIDATES, DEEP_CANDIDATES)) -> Chooser:
    """The player at level ``name`` (its depth and noise), searching ``width`` candidates."""
    depth, noise = NARDY_DEPTH[name]

    def choose(position: Position, dice: tuple[int, int], rng: random.Random) -> Play | None:
        return choose_play(position, dice, rng, depth=depth, noise=noise, width=width)

    return choose


MATCHES: dict[str, tuple[Chooser, Chooser, str]] = {
    "expert-strong": (level("expert"), level("strong"), "target > 50%"),
    "strong-random": (level("strong"), random_player, "target >= 97%"),
    "strong-greedy": (level("strong"), greedy_player, "target >= 85%"),
    "strong-casual": (level("strong"), level("casual"), "target > 50%"),
    "casual-beginner": (level("casual"), level("beginner"), "target > 50%"),
    "width": (level("strong", (2, DEEP_CANDIDATES)), level("strong"), "2 against 3 candidates"),
}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per match (even)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--only", nargs="*", choices=sorted(MATCHES), help="these matches only")
    args = parser.parse_args(argv)
    print(f"long nardy matches ({args.games} seeded games each, paired dice, seed {args.seed}):")
    for name in args.only or list(MATCHES):
        a, b, target = MATCHES[name]
        start = time.perf_counter()
        share = match(a, b, args.games, args.seed)
        won = round(share * args.games)
        print(
            f"  {name:16} won {won:4} of {args.games:4} ({share:6.1%})   {target}"
            f"   [{time.perf_counter() - start:.0f} s]",
            flush=True,
        )


if __name__ == "__main__":
    main()
