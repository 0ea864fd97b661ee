"""Games for the analysis tests: two players choosing by GNU Backgammon's 0-ply nets, with
mistakes on purpose (a seeded share of plays picked among the next best, cube actions flipped);
long nardy games played by given choosers."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import gnubg_nn  # type: ignore[import-untyped]

from bot.ai import nardy_player
from engine import Action, ActionKind, Game, Match, Phase, Play
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
            match = match.apply(Action(ActionKind.ROLL, 0), lambda: rng.randint(1, 6))
            continue
        if game.phase is Phase.ROLL:
            if game.may(Action(ActionKind.DOUBLE, p)):
                pr = gnubg_nn.probabilities(board(game.position), 0)
                if (pr[0] > 0.70 and rng.random() < skill) or rng.random() < 0.02:
                    match = match.apply(Action(ActionKind.DOUBLE, p))
                    continue
            match = match.apply(Action(ActionKind.ROLL, p), lambda: rng.randint(1, 6))
            continue
        if game.phase is Phase.DOUBLED:
            pr = gnubg_nn.probabilities(board(game.position), 0)
            take = (1 - pr[0]) > 0.24
            if rng.random() > skill:
                take = not take
            match = match.apply(Action(ActionKind.TAKE if take else ActionKind.PASS, 1 - p))
            continue
        plays = game.builder.legal_plays
        if len(plays) <= 1:
            choice = plays[0] if plays else Play(())
        else:
            ranked = sorted(plays, key=lambda q: -equity_after(game.position, q))
            k = 1 if rng.random() < skill else min(len(ranked), rng.choice([2, 3, 5, 10]))
            choice = ranked[rng.randrange(k)]
        match = match.apply(Action(ActionKind.PLAY, p, play=choice))


Chooser = Callable[[Game, Sequence[Play]], Play]
"""Picks the play of the player on roll among the legal plays (at least two)."""

Cube = Callable[[Game], Action | None]
"""The cube action of a long nardy game in the roll or doubled phase, else ``None``."""


def best_nardy_play(game: Game, _plays: Sequence[Play]) -> Play:
    """The project's long nardy player's own choice (depth 1), as its ``strong`` level plays."""
    assert game.dice is not None
    return nardy_player.rank_plays(game.position, game.dice, depth=1)[0].play


def nardy_match(
    seed: int,
    choose: Chooser = best_nardy_play,
    cube: Cube | None = None,
    length: int = 1,
    options: Options | None = None,
) -> Match:
    """A seeded long nardy match of one game: ``choose`` picks each play with a choice, ``cube``
    the cube actions (none by default)."""
    rng = random.Random(seed)
    match = Match.new(length, "long_nardy", options=options)
    while not match.game.is_over:
        game = match.game
        p = game.turn
        if game.phase is Phase.OPENING or p is None:
            match = match.apply(Action(ActionKind.ROLL, 0), lambda: rng.randint(1, 6))
            continue
        action = cube(game) if cube is not None else None
        if action is not None:
            match = match.apply(action)
        elif game.phase is Phase.ROLL:
            match = match.apply(Action(ActionKind.ROLL, p), lambda: rng.randint(1, 6))
        else:
            plays = game.builder.legal_plays
            choice = plays[0] if len(plays) == 1 else choose(game, plays) if plays else Play(())
            match = match.apply(Action(ActionKind.PLAY, p, play=choice))
    return match
