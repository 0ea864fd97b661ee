"""Write the built-in puzzles (``bot/app/puzzles/builtin.json``): ``python -m
benchmarks.puzzle_set``.

The computer plays itself at its weaker levels (``beginner`` against ``casual``: their noise
makes errors a player makes), seeded; each game is analysed as a chat's games are (backgammon by
GNU Backgammon at 2-ply, long nardy by the project's own player at its depth 1), and each error
of :data:`~bot.app.puzzles.records.MIN_LOSS` or more is a puzzle, as a player's own would be
(:func:`bot.app.puzzles.trainer.puzzles_of`).  The same seeds make the same set.

It loads GNU Backgammon's engine in this process, as ``benchmarks.ai_sets`` does to make the
computer's position sets: a tool beside the benchmarks, never imported by the bot.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Sequence
from pathlib import Path

from bot.app.match_analysis import Job
from bot.app.puzzles.builtin import PATH
from bot.app.puzzles.records import Puzzle
from bot.app.puzzles.trainer import puzzles_of
from engine import Action, ActionKind, Match, Phase

LEVELS = ("beginner", "casual")
"""The levels that play: seat 0 and seat 1."""

BACKGAMMON = 60
"""Backgammon puzzles in the set."""

NARDY = 30
"""Long nardy puzzles in the set."""

PER_MATCH = 6
"""Puzzles taken from one match at most (drawn by its seed): many games, not one."""


def play(seed: int, variant: str, length: int, games: int = 3) -> Match:
    """A seeded match (``length`` 0: ``games`` games of money play) between the two levels."""
    from bot.ai.computer import decide
    from bot.ai.levels import LEVELS as ALL_LEVELS

    rng = random.Random(seed)

    def dice() -> int:
        return rng.randint(1, 6)

    levels = [ALL_LEVELS[name] for name in LEVELS]
    match = Match.new(length, variant)
    played = 0
    while True:
        game = match.game
        if game.is_over:
            played += 1
            if match.is_over or (length == 0 and played >= games):
                return match
            match = match.next_game()
            continue
        if game.phase is Phase.OPENING:
            match = match.apply(Action(ActionKind.ROLL, 0), dice)
            continue
        action = None
        for seat in (0, 1):
            action = decide(game, seat, levels[seat], rng)
            if action is not None:
                break
        if action is None:
            raise RuntimeError(f"nobody acts in phase {game.phase}")
        match = match.apply(action, dice)


def analysed(match: Match) -> list[Puzzle]:
    """The puzzles of ``match``'s errors, both players'."""
    from bot.ai.analysis import analyse_match
    from bot.ai.nardy_analysis import analyse_nardy_game
    from bot.ai.report import Analysis

    if match.variant == "backgammon":
        analysis = analyse_match(match, 2, luck=False)
    else:
        parts = [
            analyse_nardy_game(match.variant, match.length, match.options, r, n, luck=False)
            for n, r in enumerate(match.records(), 1)
        ]
        analysis = Analysis.combine(parts)
    found = puzzles_of(Job(match, ("", "")), analysis, 0.0)
    return found[0] + found[1]


def collect(variant: str, wanted: int, lengths: Sequence[int], first_seed: int) -> list[Puzzle]:
    """``wanted`` puzzles of ``variant`` from seeded matches of ``lengths`` in turn."""
    out: dict[str, Puzzle] = {}
    seed = first_seed
    while len(out) < wanted:
        length = lengths[seed % len(lengths)]
        found = analysed(play(seed, variant, length))
        for puzzle in random.Random(seed).sample(found, min(PER_MATCH, len(found))):
            out.setdefault(puzzle.id, puzzle)
        print(f"{variant} seed {seed}: {len(out)} puzzles", flush=True)
        seed += 1
    return list(out.values())[:wanted]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=PATH)
    parser.add_argument("--backgammon", type=int, default=BACKGAMMON)
    parser.add_argument("--nardy", type=int, default=NARDY)
    args = parser.parse_args(argv)
    backgammon = collect("backgammon", args.backgammon, (5, 0, 7), 1)
    nardy = collect("long_nardy", args.nardy, (1,), 1001)
    mixed: list[Puzzle] = []
    for i in range(max(len(backgammon), len(nardy))):
        mixed += backgammon[i : i + 1] + nardy[i : i + 1]
    document = {
        "made_by": "python -m benchmarks.puzzle_set",
        "levels": list(LEVELS),
        "puzzles": [p.to_dict() for p in mixed],
    }
    args.out.write_text(json.dumps(document, ensure_ascii=False, indent=0) + "\n", "utf-8")
    print(f"{len(mixed)} puzzles written to {args.out}")


if __name__ == "__main__":
    main()
