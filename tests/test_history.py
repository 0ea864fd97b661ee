"""A finished match as the history keeps it: compact bytes, read back, exports that verify."""

from __future__ import annotations

import random

import pytest

from bot.app.dice import DiceScheme
from bot.app.history import MatchRecord, game_id
from bot.store.errors import CorruptRecord
from engine.fairdice import verify
from engine.game import Game, Phase
from engine.match import Match


def play(rng: random.Random, scheme: DiceScheme, match_id: str) -> tuple[Match, list[bytes]]:
    match = Match.new(length=3)
    seeds: list[bytes] = []
    while True:
        dice = scheme.new_game(game_id(match_id, match.number), ("ann", "bob"))
        drawing = scheme.drawing(dice)
        game: Game = match.game
        while not game.is_over:
            turn = game.turn
            if game.phase is Phase.OPENING:
                game = game.roll(0, drawing)
            elif game.phase is Phase.ROLL:
                assert turn is not None
                game = game.roll(turn, drawing)
            else:
                assert turn is not None
                plays = game.builder.legal_plays
                if plays:
                    game = game.play(turn, rng.choice(plays))
                else:
                    while not game.builder.is_complete:
                        game = game.add_step(turn, rng.choice(game.next_steps()))
                    game = game.confirm(turn)
        seeds.append(dice.seed.server_seed)
        match = match.with_game(game)
        if match.is_over:
            return match, seeds
        match = match.next_game()


def record(n: int) -> MatchRecord:
    rng = random.Random(n)
    match, seeds = play(rng, DiceScheme.seeded(n), f"m{n}")
    return MatchRecord(
        f"m{n}", 1.8e9, (("telegram:1", "Ann"), ("telegram:2", "Bob")), match.winner,
        "played", (10.0, -10.0), tuple(seeds), ("ann", "bob"), match.archived().to_dict(),
    )  # fmt: skip


@pytest.mark.parametrize("n", range(4))
def test_round_trip_and_exports_verify(n: int) -> None:
    kept = record(n)
    back = MatchRecord.from_bytes(kept.to_bytes())
    assert back == kept
    assert back.state.records() == kept.state.records()
    assert verify(back.dice_exports()).ok
    assert "Ann" in back.mat() and "Bob" in back.mat()


def test_a_changed_seed_fails_verification() -> None:
    kept = record(5)
    other = MatchRecord(
        kept.match_id, kept.finished, kept.players, kept.winner, kept.reason, kept.rating,
        (bytes(32), *kept.seeds[1:]), kept.client_seeds, kept.match,
    )  # fmt: skip
    assert not verify(other.dice_exports()).ok


@pytest.mark.parametrize(
    "payload", [b"", b"\x02abc", b"\x01\x00\x00\x05hello", b"\x01\xff\xff\xff"]
)
def test_corrupt_records_are_named(payload: bytes) -> None:
    with pytest.raises(CorruptRecord):
        MatchRecord.from_bytes(payload)
