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
from typing import Any

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
    game_seed,
    logged_rolls,
    match_export,
    match_id,
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


def match_of(secret: bytes, games: int) -> dict[str, Any]:
    """The export of a match of ``games`` games whose server seeds come from ``secret``, its
    secret revealed (as the bot writes it once the match is over)."""
    rng = random.Random(secret)
    name = match_id(commitment(secret))
    exports = []
    for n in range(1, games + 1):
        dice = GameSeed(game_seed(secret, f"{name}.{n}"), f"{name}.{n}", ("ann", f"bob-{n}"))
        exports.append(dice.export(logged_rolls(play_game(dice, rng).log)))
    return match_export(exports, secret)


def test_the_verifier_accepts_finished_games(tmp_path: Path) -> None:
    """A file of games without their match's secret (one written before the secret was
    committed, or a game's alone): every roll is checked, and the verdict says that the
    seeds' derivation was not."""
    exports = [export_of(n) for n in range(5)]
    total = 0
    for data in exports:
        rolls = data["rolls"]
        assert isinstance(rolls, list)
        total += len(rolls)
        assert verify(data).ok and not verify(data).derived
    proc = run_verifier(tmp_path, {"games": exports})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(f"all {total} rolls match (the file has no match secret")
    assert "was not checked" in proc.stdout


def test_a_games_seed_is_the_hmac_of_the_matchs_secret_with_its_id() -> None:
    for secret in seeds(4):
        assert match_id(commitment(secret)) == hashlib.sha256(secret).hexdigest()[:12]
        for name in ("5d1b0c4e2a97.1", "5d1b0c4e2a97.seat", "кубик.2"):
            expected = hmac.new(secret, b"fairdice-game|" + name.encode(), hashlib.sha256)
            assert game_seed(secret, name) == expected.digest()
    with pytest.raises(EngineError):
        game_seed(b"short", "m.1")


def test_the_verifier_checks_every_seed_against_the_matchs_secret(tmp_path: Path) -> None:
    secret = seeds(7)[6]
    data = match_of(secret, 3)
    assert data["secret"] == secret.hex() and data["secret_commitment"] == commitment(secret)
    verdict = verify(data)
    rolls = sum(len(game["rolls"]) for game in data["games"])
    assert verdict.ok and verdict.derived and verdict.rolls == rolls
    proc = run_verifier(tmp_path, data)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == (
        f"all {rolls} rolls match; every game's server seed comes from the match's secret, "
        f"whose commitment is {commitment(secret)}"
    )


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


def test_a_changed_secret_or_seed_is_refused(tmp_path: Path) -> None:
    secret, other = seeds(9)[7:]
    # Another secret, with its own commitment: the games are not its match's.
    moved = {**match_of(secret, 2), "secret": other.hex(), "secret_commitment": commitment(other)}
    verdict = verify(moved)
    assert not verdict.ok and "is not a game of the match" in str(verdict)
    # Another secret under the commitment shown: it does not hash to it.
    swapped = {**match_of(secret, 2), "secret": other.hex()}
    proc = run_verifier(tmp_path, swapped)
    assert proc.returncode == 1
    assert "the match's secret does not hash to its commitment" in proc.stdout
    # One game's seed replaced by another (its own commitment and rolls, all consistent): the
    # secret does not give it.
    data = match_of(secret, 2)
    name = data["games"][1]["game_id"]
    dice = GameSeed(other, name, tuple(data["games"][1]["client_seeds"]))
    data["games"][1] = dice.export(logged_rolls(play_game(dice, random.Random(1)).log))
    assert verify({"games": data["games"]}).ok  # without the secret, nothing to see
    proc = run_verifier(tmp_path, data)
    assert proc.returncode == 1
    assert f"game {name}: the server seed is not the one the match's secret gives" in proc.stdout
    # A game of another match slipped in.
    mixed = match_of(secret, 1)
    mixed["games"].append(match_of(other, 1)["games"][0])
    assert "is not a game of the match" in str(verify(mixed))


@pytest.mark.parametrize(
    "broken",
    [
        {**match_export([export_of(1)], bytes(32)), "secret": "00"},
        {**match_export([export_of(1)], bytes(32)), "secret_commitment": 7},
        {"secret": bytes(32).hex(), "games": [export_of(1)]},
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
    assert proc.stdout.startswith("all ") and " rolls match " in proc.stdout
    path.write_text(json.dumps(match_of(seeds(3)[2], 2)), encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-S", "-m", "engine.fairdice", "verify", str(path)],
        cwd=ROOT, capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert proc.returncode == 0 and "comes from the match's secret" in proc.stdout, proc.stderr


def test_seating_rolls_take_one_die_each_from_the_stream() -> None:
    game_seed = GameSeed(seeds(1)[0], "tg:9:seating", ("a", "b", "c", "d"))
    stream = game_seed.stream()
    seating = roll_for_seats(["a", "b", "c", "d"], stream)
    shown = [[die for _, die in rolled] for rolled in seating.rounds]
    data = game_seed.export(shown)
    assert data["scheme"] == SCHEME
    assert verify(data).ok
    assert stream.drawn == sum(len(group) for group in shown)
