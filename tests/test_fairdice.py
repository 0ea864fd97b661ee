"""Verifiable dice: the commitment, the derivation byte for byte, fairness, the verifier."""

from __future__ import annotations

import doctest
import hashlib
import hmac
import json
import random
import struct
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from engine import Game, Phase, fairdice
from engine.chouette_table import roll_for_seats
from engine.dicestats import chi_squared, chi_squared_p
from engine.errors import EngineError
from engine.fairdice import (
    SCHEME,
    DiceStream,
    GameSeed,
    commitment,
    derive_roll,
    dice_from_bytes,
    logged_rolls,
    parse_export,
    verify,
)

ROOT = Path(__file__).resolve().parent.parent


def reference_roll(seed: bytes, game_id: str, number: int, client_seeds: list[str]) -> list[int]:
    """The scheme re-implemented from the module's description alone."""

    def field(text: str) -> bytes:
        data = text.encode("utf-8")
        return struct.pack(">H", len(data)) + data

    message = field(game_id) + struct.pack(">IH", number, len(client_seeds))
    message += b"".join(field(s) for s in client_seeds)
    dice: list[int] = []
    block = 0
    while len(dice) < 2:
        extra = struct.pack(">I", block) if block else b""
        digest = hmac.new(seed, message + extra, hashlib.sha256).digest()
        dice += [b % 6 + 1 for b in digest if b < 252]
        block += 1
    return dice[:2]


def seeds(n: int) -> list[bytes]:
    rng = random.Random(18)
    return [rng.randbytes(32) for _ in range(n)]


def test_docstring_examples() -> None:
    failures, tried = doctest.testmod(fairdice)
    assert tried > 0 and failures == 0


def test_the_commitment_is_the_sha256_of_the_seed() -> None:
    for seed in seeds(5):
        assert commitment(seed) == hashlib.sha256(seed).hexdigest()
        assert GameSeed(seed, "g", ()).commitment() == hashlib.sha256(seed).hexdigest()


def test_rolls_follow_the_documented_layout() -> None:
    client = ["ann's seed", "Борис 🎲", ""]
    for n, seed in enumerate(seeds(50)):
        for number in (0, 1, 2, 255, 256, 65_536, 2**32 - 1):
            game_id = f"tg:-100{n}:{number % 7}"
            assert list(derive_roll(seed, game_id, number, client)) == reference_roll(
                seed, game_id, number, client
            )


def test_every_input_changes_the_dice() -> None:
    seed = seeds(1)[0]
    base = [GameSeed(seed, "g", ("a", "b")).roll(n) for n in range(40)]
    others = [
        GameSeed(seeds(2)[1], "g", ("a", "b")),
        GameSeed(seed, "h", ("a", "b")),
        GameSeed(seed, "g", ("a", "c")),
        GameSeed(seed, "g", ("b", "a")),
        GameSeed(seed, "g", ("ab",)),  # the lengths keep "a" + "b" apart from "ab"
    ]
    for other in others:
        assert [other.roll(n) for n in range(40)] != base


def test_bytes_from_252_up_are_rejected_not_folded() -> None:
    assert dice_from_bytes(bytes(range(252, 256))) == []
    assert dice_from_bytes(bytes(range(252))) == [b % 6 + 1 for b in range(252)]
    counts = Counter(dice_from_bytes(bytes(range(256))))
    assert set(counts.values()) == {42}


def test_the_seed_stays_out_of_reprs() -> None:
    seed = seeds(1)[0]
    game = GameSeed(seed, "g", ("a",))
    for text in (repr(game), repr(game.stream()), str(game)):
        assert seed.hex() not in text and seed.hex()[:16] not in text


def test_the_stream_hands_out_rolls_in_order_and_resumes() -> None:
    game = GameSeed(seeds(1)[0], "g", ("a", "b"))
    stream = game.stream()
    dice = [stream() for _ in range(11)]
    assert stream.drawn == 11
    assert dice == [d for n in range(6) for d in game.roll(n)][:11]
    resumed = DiceStream(game, 5)
    assert [resumed() for _ in range(6)] == dice[5:]
    assert [game.die(i) for i in range(11)] == dice


def test_bad_seeds_are_refused() -> None:
    with pytest.raises(EngineError):
        GameSeed(b"short", "g", ())
    with pytest.raises(EngineError):
        GameSeed(bytes(32), "x" * 70_000, ())
    with pytest.raises(EngineError):
        DiceStream(GameSeed(bytes(32), "g", ()), -1)


def test_a_million_derived_rolls_are_unbiased() -> None:
    """10⁶ rolls (2·10⁶ dice): faces against 1/6 and the 36 ordered rolls against 1/36."""
    game = GameSeed(hashlib.sha256(b"fairness").digest(), "tg:1:1", ("ann", "bob"))
    pairs: Counter[tuple[int, int]] = Counter(game.roll(n) for n in range(1_000_000))
    faces = Counter[int]()
    for (a, b), count in pairs.items():
        faces[a] += count
        faces[b] += count
    face_stat = chi_squared([faces[f] for f in range(1, 7)], [2_000_000 / 6] * 6)
    pair_cells = [(a, b) for a in range(1, 7) for b in range(1, 7)]
    pair_stat = chi_squared([pairs[c] for c in pair_cells], [1_000_000 / 36] * 36)
    doubles = sum(pairs[(f, f)] for f in range(1, 7))
    double_stat = chi_squared([doubles, 1_000_000 - doubles], [1_000_000 / 6, 5_000_000 / 6])
    assert chi_squared_p(face_stat, 5) > 0.001, faces
    assert chi_squared_p(pair_stat, 35) > 0.001, pairs
    assert chi_squared_p(double_stat, 1) > 0.001, doubles


def play_game(game_seed: GameSeed, rng: random.Random) -> Game:
    dice = game_seed.stream()
    game = Game.new()
    while not game.is_over:
        if game.phase is Phase.OPENING:
            game = game.roll(0, dice)
        elif game.phase is Phase.ROLL:
            assert game.turn is not None
            game = game.roll(game.turn, dice)
        else:
            turn = game.turn
            assert turn is not None
            plays = game.builder.legal_plays
            if plays:
                game = game.play(turn, rng.choice(plays))
            else:
                while not game.builder.is_complete:
                    game = game.add_step(turn, rng.choice(game.next_steps()))
                game = game.confirm(turn)
    assert dice.drawn == 2 * len(logged_rolls(game.log))
    return game


def export_of(n: int) -> dict[str, object]:
    rng = random.Random(n)
    game_seed = GameSeed(rng.randbytes(32), f"tg:42:{n}", (f"ann-{n}", "bob"))
    game = play_game(game_seed, rng)
    return game_seed.export(logged_rolls(game.log))


def run_verifier(tmp_path: Path, data: object) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "engine.fairdice", "verify", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_the_verifier_accepts_finished_games(tmp_path: Path) -> None:
    exports = [export_of(n) for n in range(5)]
    total = 0
    for data in exports:
        rolls = data["rolls"]
        assert isinstance(rolls, list)
        total += len(rolls)
        assert verify(data).ok
    proc = run_verifier(tmp_path, {"games": exports})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == f"all {total} rolls match"


def test_the_verifier_rejects_a_single_changed_die(tmp_path: Path) -> None:
    data = export_of(7)
    rolls = data["rolls"]
    assert isinstance(rolls, list) and len(rolls) > 10
    changed = json.loads(json.dumps(data))
    die = changed["rolls"][9][1]
    changed["rolls"][9][1] = die % 6 + 1
    verdict = verify(changed)
    assert not verdict.ok and verdict.rolls == 9
    assert verdict.mismatch is not None
    assert (verdict.mismatch.roll, verdict.mismatch.die) == (9, 1)
    proc = run_verifier(tmp_path, changed)
    assert proc.returncode == 1
    assert "roll 10, die 2" in proc.stdout and "but the seed gives" in proc.stdout


def test_the_verifier_rejects_a_seed_that_is_not_the_committed_one(tmp_path: Path) -> None:
    data = export_of(3)
    data["commitment"] = hashlib.sha256(b"another seed").hexdigest()
    proc = run_verifier(tmp_path, data)
    assert proc.returncode == 1
    assert "does not hash to the commitment" in proc.stdout


@pytest.mark.parametrize(
    "broken",
    [
        [],
        {"games": []},
        {"game_id": "g", "server_seed": "00", "commitment": "00", "client_seeds": [], "rolls": []},
        {**export_of(1), "rolls": [[7, 1]]},
        {**export_of(1), "rolls": [[True, 1]]},
        {**export_of(1), "client_seeds": "ann"},
        {**export_of(1), "scheme": "other"},
    ],
)
def test_the_verifier_names_a_malformed_export(tmp_path: Path, broken: object) -> None:
    with pytest.raises(EngineError) as info:
        parse_export(broken)
    assert info.value.code == "bad_export"
    proc = run_verifier(tmp_path, broken)
    assert proc.returncode == 2 and "not a dice export" in proc.stderr


def test_the_verifier_explains_its_usage_and_unreadable_files(tmp_path: Path) -> None:
    assert fairdice.main([]) == 2
    assert fairdice.main(["verify", str(tmp_path / "missing.json")]) == 2
    (tmp_path / "junk.json").write_text("{not json", encoding="utf-8")
    assert fairdice.main(["verify", str(tmp_path / "junk.json")]) == 2


def test_the_verifier_needs_only_the_standard_library(tmp_path: Path) -> None:
    """``python -S`` leaves site-packages out: the verifier still runs."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps(export_of(2)), encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-S", "-m", "engine.fairdice", "verify", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("all ") and proc.stdout.strip().endswith(" rolls match")


def test_seating_rolls_take_one_die_each_from_the_stream() -> None:
    game_seed = GameSeed(seeds(1)[0], "tg:9:seating", ("a", "b", "c", "d"))
    stream = game_seed.stream()
    seating = roll_for_seats(["a", "b", "c", "d"], stream)
    shown = [[die for _, die in rolled] for rolled in seating.rounds]
    data = game_seed.export(shown)
    assert data["scheme"] == SCHEME
    assert verify(data).ok
    assert stream.drawn == sum(len(group) for group in shown)
