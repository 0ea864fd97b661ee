"""A finished match as the history keeps it: compact bytes, read back, exports that verify."""

from __future__ import annotations

import base64
import random
import zlib
from dataclasses import replace

import orjson
import pytest

from bot.app.dice import DiceScheme
from bot.app.history import MatchRecord, derived_seeds, game_id
from bot.store.failures import CorruptRecord
from engine.fairdice import commitment, match_id, verify
from engine.game import Game, Phase
from engine.match import Match
from engine.record import from_text


def play(
    rng: random.Random, scheme: DiceScheme, match_id: str, master: bytes | None = None
) -> tuple[Match, list[bytes]]:
    """A match of three points played at random: each game's seed fresh, or derived from the
    match's secret ``master``."""
    match = Match.new(length=3)
    seeds: list[bytes] = []
    while True:
        dice = scheme.new_game(game_id(match_id, match.number), ("ann", "bob"), master)
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
    back = MatchRecord.from_bytes(kept.to_bytes(), kept.match_id)
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
        MatchRecord.from_bytes(payload, "m1")


def test_seeds_derived_from_the_matchs_secret_are_kept_as_the_secret() -> None:
    kept = record(6)
    master = bytes(range(32))
    seeds = derived_seeds(master, kept.match_id, len(kept.seeds))
    derived = MatchRecord(
        kept.match_id, kept.finished, kept.players, kept.winner, kept.reason, kept.rating,
        seeds, kept.client_seeds, kept.match, master,
    )  # fmt: skip
    back = MatchRecord.from_bytes(derived.to_bytes(), kept.match_id)
    assert back == derived and back.seeds == seeds
    # 32 bytes of dice instead of 32 a game.
    explicit = replace(derived, master=None).to_bytes()
    assert len(explicit) - len(derived.to_bytes()) == 32 * (len(seeds) - 1)
    # A secret the seeds do not come from is not kept: the seeds are.
    other = replace(kept, master=master)
    assert MatchRecord.from_bytes(other.to_bytes(), kept.match_id).seeds == kept.seeds


def test_a_match_whose_secret_was_committed_exports_it() -> None:
    """A match whose table committed its secret when it opened (its id the start of the
    secret's commitment) showed the secret at its end: the history's export carries it, and the
    verifier checks every game's seed against it.  One whose secret was drawn when it began (an
    id of its own) exports the games alone, as it did."""
    kept = record(8)
    master = bytes(range(32, 64))
    name = match_id(commitment(master))
    match, played = play(random.Random(8), DiceScheme.seeded(8), name, master)
    seeds = tuple(played)
    assert seeds == derived_seeds(master, name, len(seeds))
    committed = replace(kept, match_id=name, seeds=seeds, match=match.archived().to_dict(),
                        master=master)  # fmt: skip
    data = MatchRecord.from_bytes(committed.to_bytes(), name).dice_exports()
    assert data["secret"] == master.hex() and data["secret_commitment"] == commitment(master)
    verdict = verify(data)
    assert verdict.ok and verdict.secret == commitment(master)
    match, played = play(random.Random(9), DiceScheme.seeded(9), "5d1b0c4e2a97", master)
    older = replace(committed, match_id="5d1b0c4e2a97", seeds=tuple(played),
                    match=match.archived().to_dict())  # fmt: skip
    data = MatchRecord.from_bytes(older.to_bytes(), older.match_id).dice_exports()
    assert "secret" not in data and verify(data).ok and not verify(data).derived


def test_a_record_of_schema_1_is_still_read() -> None:
    kept = next(r for r in map(record, range(7, 20)) if "played" in r.match)
    played = kept.match["played"]
    document = {
        "s": 1, "id": kept.match_id, "t": round(kept.finished),
        "p": [list(p) for p in kept.players],
        "w": kept.winner, "why": kept.reason, "r": list(kept.rating or ()),
        "ds": [base64.b64encode(s).decode() for s in kept.seeds], "cs": list(kept.client_seeds),
        "m": {**kept.match, "played": played[:2]},
    }  # fmt: skip
    header = zlib.compress(orjson.dumps(document), 9)
    payload = b"\x01" + len(header).to_bytes(3, "big") + header + from_text(played[2])
    assert MatchRecord.from_bytes(payload, kept.match_id) == kept


def test_a_record_cut_short_or_too_long_is_corrupt() -> None:
    payload = record(8).to_bytes()
    for bad in (payload[:-1], payload + b"\x00", payload[:3]):
        with pytest.raises(CorruptRecord):
            MatchRecord.from_bytes(bad, "m8")
