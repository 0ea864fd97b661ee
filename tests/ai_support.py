"""Whole games of the computer against itself, every action checked by the engine; the
computer's player in the test's own process (:class:`QuickComputer`)."""

from __future__ import annotations

import random

from bot.ai.computer import decide
from bot.ai.levels import LEVELS
from bot.ai.report import BackgammonEngine
from engine import Action, Game, Phase, legal_plays


class QuickComputer:
    """The app's computer (:class:`bot.app.opponent.Opponent`) thinking in the test's own
    process (:func:`bot.ai.computer.decide` at the table's level, seeded by the seed the app
    gives each decision): for tests that need computer players at their tables (a
    tournament's field), not the worker processes; it counts its decisions."""

    decisions: int = 0

    def budget(self, level: str) -> float:
        return 1.0

    async def decide(self, game: Game, player: int, level: str, seed: str) -> Action | None:
        self.decisions += 1
        return decide(game, player, LEVELS[level], random.Random(seed))

    def ponder(self, game: Game, mover: int, player: int, level: str) -> None:
        return None


def play_computer_game(
    variant: str,
    levels: tuple[str, str],
    seed: int,
    *,
    nardy_net: bool = True,
    engines: tuple[BackgammonEngine, BackgammonEngine] = ("gnubg", "gnubg"),
    **kw: object,
) -> Game:
    """A whole game of the computer against itself, every action checked by the engine
    (``nardy_net`` as :func:`bot.ai.computer.decide` takes it; ``engines``: player 0's nets and
    player 1's)."""
    rng = random.Random(seed)
    dice = random.Random(seed + 1000)
    game = Game.new(variant, **kw)  # type: ignore[arg-type]
    for _ in range(5000):
        if game.is_over:
            return game
        if game.phase is Phase.OPENING:
            game = game.roll(0, lambda: dice.randint(1, 6))
            continue
        acts = [
            decide(game, p, LEVELS[levels[p]], rng, nardy_net=nardy_net, engine=engines[p])
            for p in (0, 1)
        ]
        moving = [a for a in acts if a is not None]
        assert len(moving) == 1, (game.phase, acts)
        action = moving[0]
        assert game.may(action), action
        if action.kind == "play":
            assert action.play is not None and not isinstance(action.play, str)
            assert game.dice is not None
            assert action.play.steps in {p.steps for p in legal_plays(game.position, game.dice)}
        if action.kind in ("double", "take", "pass", "beaver"):
            assert game.cube_in_play
        game = game.apply(action, (lambda: dice.randint(1, 6)) if action.kind == "roll" else None)
    raise AssertionError("the game did not end")
