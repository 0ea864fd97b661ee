"""The app's dice scheme: fresh seeds per game, resumable drawing, seeds kept out of sight."""

from __future__ import annotations

import pytest

from bot.app.dice import DiceScheme, GameDice, check_client_seed
from engine.fairdice import verify


def test_each_game_gets_a_fresh_seed_and_draws_resume() -> None:
    scheme = DiceScheme()
    one, two = scheme.new_game("g1", ("a", "b")), scheme.new_game("g2", ("a", "b"))
    assert one.seed.server_seed != two.seed.server_seed
    assert len(one.commitment) == 64 and one.short == one.commitment[:12]
    drawing = scheme.drawing(one)
    first = [drawing() for _ in range(5)]
    state = drawing.state
    assert state.drawn == 5
    stored = GameDice.from_list(state.to_list())
    assert stored == state
    more = scheme.drawing(stored)
    rest = [more() for _ in range(3)]
    assert verify(one.export([first[:2], first[2:4], [first[4], *rest[:1]], rest[1:]])).ok


def test_seeded_schemes_repeat_and_scripted_ones_follow_the_script() -> None:
    a = DiceScheme.seeded(7).new_game("g", ())
    b = DiceScheme.seeded(7).new_game("g", ())
    assert a == b and DiceScheme.seeded(7).honest
    scripted = DiceScheme.scripted([6, 5, 4])
    assert not scripted.honest
    drawing = scripted.drawing(scripted.new_game("g", ()))
    assert [drawing(), drawing(), drawing()] == [6, 5, 4]


def test_the_seed_stays_out_of_reprs() -> None:
    game = DiceScheme().new_game("g", ("a",))
    assert game.seed.server_seed.hex() not in repr(game)
    assert game.seed.server_seed.hex() not in repr(DiceScheme().drawing(game).state)


@pytest.mark.parametrize(
    ("text", "kept"),
    [("  lucky 7 ", "lucky 7"), ("", None), ("x" * 65, None), ("a\nb", None), ("кубик", "кубик")],
)
def test_client_seeds(text: str, kept: str | None) -> None:
    assert check_client_seed(text) == kept


def test_corrupt_game_dice_are_refused() -> None:
    with pytest.raises(ValueError):
        GameDice.from_list(["zz", "g", [], 0])
    with pytest.raises(ValueError):
        GameDice.from_list(None)
