"""Games for the analysis tests: two players choosing by GNU Backgammon's 0-ply nets, with
mistakes on purpose (a seeded share of plays picked among the next best, cube actions flipped)."""

from __future__ import annotations

import random

import gnubg_nn  # type: ignore[import-untyped]

from engine import Action, Match, Phase, Play
from engine.cube import Options
from engine.movegen import apply_steps
from engine.position import Position


def board(position: Position) -> list[list[int]]:
    return [list(position.opponent), list(position.player)]


def equity_after(position: Position, play: Play) -> float:
    """The mover's cubeless 0-ply equity after ``play``."""
    pr: tuple[float, ...] = gnubg_nn.probabilities(
        board(apply_steps(position, play.steps).swapped()), 0
    )
    return -(2 * pr[0] - 1 + pr[1] - pr[3] + pr[2] - pr[4])


def play_match(
    seed: int, length: int, skill: float = 0.8, max_games: int = 4, options: Options | None = None
) -> Match:
    """A seeded match (``length`` 0: ``max_games`` games of money play)."""
    rng = random.Random(seed)
    match = Match.new(length, options=options or Options())
    games = 0
    while True:
        game = match.game
        if game.is_over:
            games += 1
            if match.is_over or (length == 0 and games >= max_games):
                return match
            match = match.next_game()
            continue
        p = game.turn
        if game.phase is Phase.OPENING or p is None:
            match = match.apply(Action("roll", 0), lambda: rng.randint(1, 6))
            continue
        if game.phase is Phase.ROLL:
            if game.may(Action("double", p)):
                pr = gnubg_nn.probabilities(board(game.position), 0)
                if (pr[0] > 0.70 and rng.random() < skill) or rng.random() < 0.02:
                    match = match.apply(Action("double", p))
                    continue
            match = match.apply(Action("roll", p), lambda: rng.randint(1, 6))
            continue
        if game.phase is Phase.DOUBLED:
            pr = gnubg_nn.probabilities(board(game.position), 0)
            take = (1 - pr[0]) > 0.24
            if rng.random() > skill:
                take = not take
            match = match.apply(Action("take" if take else "pass", 1 - p))
            continue
        plays = game.builder.legal_plays
        if len(plays) <= 1:
            choice = plays[0] if plays else Play(())
        else:
            ranked = sorted(plays, key=lambda q: -equity_after(game.position, q))
            k = 1 if rng.random() < skill else min(len(ranked), rng.choice([2, 3, 5, 10]))
            choice = ranked[rng.randrange(k)]
        match = match.apply(Action("play", p, play=choice))
