"""docs/FAIR_DICE.md is enough to check the dice: a checker written from its description alone
(here, apart from the engine) derives the engine's rolls and, from a match's secret, the app's
games' ids and server seeds; its worked example is what the engine computes, and the script it
gives accepts the engine's exports and refuses a changed die, seed or secret."""

from __future__ import annotations

import hashlib
import hmac
import json
import random
import re
import struct
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from test_fairdice import export_of, match_of

from bot.app.dice import DiceScheme
from engine.fairdice import (
    GameSeed,
    commitment,
    derive_roll,
    game_seed,
    match_id,
    roll_message,
    verify,
)

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "FAIR_DICE.md"

Mac = Callable[[bytes, bytes], bytes]


def hmac_sha256(key: bytes, message: bytes) -> bytes:
    return hmac.new(key, message, hashlib.sha256).digest()


# -- a checker written from the document --------------------------------------------------------


def utf8_field(text: str) -> bytes:
    """``u16(len(X)) ‖ X``, X in UTF-8."""
    data = text.encode("utf-8")
    return struct.pack(">H", len(data)) + data


def doc_message(game_id: str, roll: int, client_seeds: list[str]) -> bytes:
    """``u16(len(G)) ‖ G ‖ u32(r) ‖ u16(n) ‖ u16(len(C1)) ‖ C1 ‖ … ‖ u16(len(Cn)) ‖ Cn``."""
    head = utf8_field(game_id) + struct.pack(">IH", roll, len(client_seeds))
    return head + b"".join(utf8_field(seed) for seed in client_seeds)


def doc_roll(
    seed: bytes, game_id: str, roll: int, client_seeds: list[str], mac: Mac = hmac_sha256
) -> tuple[int, int]:
    """Blocks 0, 1, … read byte by byte; 252 and up skipped; ``b mod 6 + 1``; the first two."""
    message = doc_message(game_id, roll, client_seeds)
    kept: list[int] = []
    for block in range(1 << 32):
        suffix = b"" if block == 0 else struct.pack(">I", block)
        kept.extend(b % 6 + 1 for b in mac(seed, message + suffix) if b < 252)
        if len(kept) >= 2:
            return kept[0], kept[1]
    raise AssertionError("no block gave two dice")


def doc_stream(seed: bytes, game_id: str, client_seeds: list[str]) -> Iterator[int]:
    """Roll 0's two dice, roll 1's two dice, …"""
    roll = 0
    while True:
        yield from doc_roll(seed, game_id, roll, client_seeds)
        roll += 1


def doc_match_id(secret: bytes) -> str:
    """The match's id: the first 12 hex digits of ``SHA-256(secret)``."""
    return hashlib.sha256(secret).hexdigest()[:12]


def doc_game_seed(secret: bytes, game_id: str) -> bytes:
    """``HMAC-SHA256(key = match secret, message = "fairdice-game|" ‖ G)``."""
    return hmac_sha256(secret, b"fairdice-game|" + game_id.encode("utf-8"))


def doc_check(data: dict[str, object]) -> list[str]:
    """What the document says to check of a file, as far as the secret goes (empty: it holds):
    the secret's commitment, then every game's id and server seed."""
    games = data["games"]
    assert isinstance(games, list)
    secret = bytes.fromhex(str(data["secret"]))
    if hashlib.sha256(secret).hexdigest() != data["secret_commitment"]:
        return ["secret"]
    wrong = []
    for game in games:
        name = str(game["game_id"])
        head, _, number = name.rpartition(".")
        seed = bytes.fromhex(str(game["server_seed"]))
        if head != doc_match_id(secret) or not number or doc_game_seed(secret, name) != seed:
            wrong.append(name)
    return wrong


def test_a_checker_written_from_the_document_derives_the_apps_game_seeds() -> None:
    """The match's id and every game's server seed, as the app derives them from the secret it
    draws when a table opens (:meth:`bot.app.dice.DiceScheme.new_game`), are the document's."""
    rng = random.Random(34)
    for case in range(60):
        scheme = DiceScheme.seeded(case)
        secret = scheme.master_seed()
        name = f"{doc_match_id(secret)}.{rng.choice([case + 1, 'seat'])}"
        assert match_id(commitment(secret)) == doc_match_id(secret)
        assert game_seed(secret, name) == doc_game_seed(secret, name)
        app = scheme.new_game(name, ("ann", "bob"), secret)
        assert app.seed.server_seed == doc_game_seed(secret, name)


def test_a_match_the_engine_exports_checks_with_the_documents_checker() -> None:
    secret = random.Random(35).randbytes(32)
    data = match_of(secret, 3)
    assert doc_check(data) == []
    for game in data["games"]:
        seed = bytes.fromhex(game["server_seed"])
        mine = doc_stream(seed, game["game_id"], game["client_seeds"])
        assert game["rolls"] == [[next(mine) for _ in group] for group in game["rolls"]]
    other = random.Random(36).randbytes(32)
    assert doc_check({**data, "secret": other.hex()}) == ["secret"]
    forged = {**data, "secret": other.hex(), "secret_commitment": commitment(other)}
    assert doc_check(forged) == [g["game_id"] for g in data["games"]]


def test_a_checker_written_from_the_document_derives_the_engines_rolls() -> None:
    rng = random.Random(33)
    for case in range(150):
        seed = rng.randbytes(32)
        game_id = f"{rng.randbytes(6).hex()}.{rng.choice([case + 1, 'seat'])}"
        client_seeds = [
            rng.choice(["ann", "кубик", "lucky 7", "🎲", rng.randbytes(6).hex(), "x" * 64])
            for _ in range(rng.choice([0, 1, 2, 2, 2, 3, 8]))
        ]
        stream = GameSeed(seed, game_id, tuple(client_seeds)).stream()
        mine = doc_stream(seed, game_id, client_seeds)
        assert [stream() for _ in range(60)] == [next(mine) for _ in range(60)], case
        roll = rng.randrange(1 << 32)
        assert doc_roll(seed, game_id, roll, client_seeds) == derive_roll(
            seed, game_id, roll, client_seeds
        )


def test_whole_exported_games_check_with_the_documents_checker() -> None:
    for n in range(6):
        data = export_of(n)
        seed = bytes.fromhex(str(data["server_seed"]))
        assert hashlib.sha256(seed).hexdigest() == data["commitment"]
        seeds = data["client_seeds"]
        rolls = data["rolls"]
        assert isinstance(seeds, list) and isinstance(rolls, list) and len(rolls) > 10
        mine = doc_stream(seed, str(data["game_id"]), seeds)
        assert rolls == [[next(mine) for _ in group] for group in rolls]


def test_block_one_follows_block_zero_as_documented(monkeypatch: pytest.MonkeyPatch) -> None:
    """When block 0 gives fewer than two dice the next comes from ``message ‖ u32(1)``: the
    same HMAC made to skip 31 of block 0's bytes, in the engine and in the document's checker."""
    seed, game_id, seeds = bytes(range(32)), "5d1b0c4e2a97.3", ["ann", "bob"]
    base = len(roll_message(game_id, 7, seeds))

    def skipping(key: bytes, message: bytes, digest: str = "sha256") -> bytes:
        real = hmac_sha256(key, message)
        if len(message) != base:
            return real
        return bytes([252 + i % 4 for i in range(31)]) + bytes([real[0] % 252])

    monkeypatch.setattr(hmac, "digest", skipping)  # the module engine.fairdice calls
    engine_roll = derive_roll(seed, game_id, 7, seeds)
    monkeypatch.undo()
    first = hmac_sha256(seed, roll_message(game_id, 7, seeds))[0] % 252 % 6 + 1
    second = next(
        b % 6 + 1
        for b in hmac_sha256(seed, roll_message(game_id, 7, seeds) + struct.pack(">I", 1))
        if b < 252
    )
    assert engine_roll == doc_roll(seed, game_id, 7, seeds, mac=skipping) == (first, second)


# -- the document's own figures and script ------------------------------------------------------


def fenced(language: str) -> list[str]:
    """The document's fenced blocks of ``language`` ("" for those with none)."""
    return re.findall(rf"^```{language}\n(.*?)^```$", DOC.read_text(encoding="utf-8"), re.M | re.S)


def test_the_worked_example_is_what_the_engine_computes() -> None:
    (example,) = [block for block in fenced("") if block.startswith("match secret:")]
    lines = dict(
        (key.strip(), value.strip())
        for key, _, value in (line.partition(":") for line in example.splitlines())
    )
    secret = bytes.fromhex(lines["match secret"])
    assert secret == bytes(range(32, 64))
    assert lines["secret commitment"] == commitment(secret) == hashlib.sha256(secret).hexdigest()
    assert lines["match id"] == match_id(commitment(secret)) == doc_match_id(secret)
    game_id, seeds = lines["game 1 id"], ["ann", "7f3e91c2a0b4"]
    assert game_id == f"{lines['match id']}.1"
    assert bytes.fromhex(lines["game 1 seed message"]) == b"fairdice-game|" + game_id.encode()
    seed = bytes.fromhex(lines["server seed"])
    assert seed == game_seed(secret, game_id) == doc_game_seed(secret, game_id)
    assert lines["commitment"] == commitment(seed)
    rolls = sorted({int(key.split()[1]) for key in lines if key.startswith("roll ")})
    assert rolls[0] == 0 and len(rolls) == 2
    for roll in rolls:
        message = roll_message(game_id, roll, seeds)
        assert (
            lines[f"roll {roll} message"]
            == message.hex()
            == doc_message(game_id, roll, seeds).hex()
        )
        assert lines[f"roll {roll} block 0"] == hmac_sha256(seed, message).hex()
        dice = tuple(int(d) for d in lines[f"roll {roll} dice"].split())
        assert (
            dice == derive_roll(seed, game_id, roll, seeds) == doc_roll(seed, game_id, roll, seeds)
        )
    assert int(lines[f"roll {rolls[1]} block 0"][:2], 16) >= 252  # the example of a skipped byte
    (shown,) = fenced("json")
    data = json.loads(shown)
    assert data["secret"] == secret.hex() and data["secret_commitment"] == commitment(secret)
    (game,) = data["games"]
    assert game["game_id"] == game_id and game["client_seeds"] == seeds
    assert game["server_seed"] == seed.hex() and game["commitment"] == commitment(seed)
    assert doc_check(data) == []
    verdict = verify(data)
    assert verdict.ok and verdict.rolls == len(game["rolls"]) and verdict.derived
    mine = doc_stream(seed, game_id, seeds)
    assert game["rolls"] == [[next(mine), next(mine)] for _ in game["rolls"]]


def run_script(tmp_path: Path, data: object) -> subprocess.CompletedProcess[str]:
    (script,) = fenced("python")
    (tmp_path / "check_dice.py").write_text(script, encoding="utf-8")
    (tmp_path / "dice.json").write_text(json.dumps(data), encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-I", "check_dice.py", "dice.json"],  # isolated: no project on the path
        cwd=tmp_path, capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip


def test_the_documents_script_checks_an_export(tmp_path: Path) -> None:
    games = [export_of(n) for n in (1, 2)]
    seating = GameSeed(bytes(range(32)), "5d1b0c4e2a97.seat", ("a", "b", "c"))
    stream = seating.stream()
    games.append(seating.export([[stream(), stream(), stream()], [stream(), stream()]]))
    run = run_script(tmp_path, {"games": games})
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.count("rolls match") == 3 and run.stderr == ""
    assert "game 5d1b0c4e2a97.seat: all 2 rolls match" in run.stdout
    single = run_script(tmp_path, games[0])
    assert single.returncode == 0 and single.stdout.count("rolls match") == 1


def test_the_documents_script_checks_a_match_against_its_secret(tmp_path: Path) -> None:
    secret, other = random.Random(37).randbytes(32), random.Random(38).randbytes(32)
    data = match_of(secret, 2)
    run = run_script(tmp_path, data)
    assert run.returncode == 0, run.stdout + run.stderr
    assert f"match secret: its commitment is {commitment(secret)}" in run.stdout
    assert run.stdout.count("rolls match") == 2
    # Another secret under the commitment shown: refused at once.
    run = run_script(tmp_path, {**data, "secret": other.hex()})
    assert run.returncode == 1 and "does not hash to its commitment" in run.stdout
    # Another secret with its own commitment: the games' seeds do not come from it.
    forged = {**data, "secret": other.hex(), "secret_commitment": commitment(other)}
    run = run_script(tmp_path, forged)
    assert run.returncode == 1 and run.stdout.count("does not come from the match secret") == 2
    # One game's seed replaced (its commitment and rolls made to agree with it): refused.
    game = data["games"][1]
    dice = GameSeed(other, game["game_id"], tuple(game["client_seeds"]))
    stream = dice.stream()
    data["games"][1] = dice.export([[stream() for _ in group] for group in game["rolls"]])
    run = run_script(tmp_path, data)
    assert run.returncode == 1
    assert f"game {game['game_id']}: the seed does not come from the match secret" in run.stdout


def test_the_documents_script_refuses_a_changed_die_or_another_seed(tmp_path: Path) -> None:
    data = export_of(4)
    rolls = data["rolls"]
    assert isinstance(rolls, list)
    rolls[5][1] = rolls[5][1] % 6 + 1
    run = run_script(tmp_path, data)
    assert run.returncode == 1 and "roll 6 shows" in run.stdout
    other = export_of(5)
    other["commitment"] = hashlib.sha256(b"another seed").hexdigest()
    run = run_script(tmp_path, other)
    assert run.returncode == 1 and "does not hash to the commitment" in run.stdout
