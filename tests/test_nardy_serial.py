"""Long nardy games survive saving and loading after every action.

Long nardy numbers the opponent's points differently from backgammon, so two sides may stand on
points that backgammon would call the same; the Position ID layer must not reject them.
"""

from __future__ import annotations

import random

import pytest

from engine.game import Game, Phase


@pytest.mark.parametrize("variant", ["long_nardy", "long_nardy_home_prime"])
@pytest.mark.parametrize("seed", range(4))
def test_round_trip_after_every_action(variant: str, seed: int) -> None:
    rng = random.Random(seed)
    game = Game.new(variant)
    actions = 0
    while not game.is_over:
        actions += 1
        assert actions < 1000, "a long nardy game cannot last this long"
        if game.phase in (Phase.OPENING, Phase.ROLL):
            game = game.roll(game.turn if game.turn is not None else 0, lambda: rng.randint(1, 6))
        else:
            assert game.phase is Phase.MOVE and game.turn is not None
            plays = game.builder.legal_plays
            game = game.play(game.turn, rng.choice(plays)) if plays else game.confirm(game.turn)
        assert Game.from_dict(game.to_dict()) == game
    assert game.result is not None and game.result.points in (1, 2, 3)
