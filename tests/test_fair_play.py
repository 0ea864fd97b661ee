"""Verifiable dice in play: every game's seed committed before its first roll, secret until the
game is over (in no reply, button, file or log line), revealed at its end, and the exported dice
accepted by the standalone verifier (and refused with one die changed)."""

from __future__ import annotations

import hashlib
import json
import logging
import subprocess
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from test_app_support import (
    ALICE,
    BOB,
    CAROL,
    Chat,
    open_store,
    play_turn_by_buttons,
    play_until,
    texts,
)

from bot.app import App, Attachment, DiceScheme, Reply, SendBoard, SendFile, Table, User
from bot.app.fair import finished_seeds
from bot.app.table import CODEC, MatchDice
from bot.store import Store
from engine.fairdice import GameSeed, logged_rolls, verify

USERS = [ALICE, BOB]
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(params=["memory", "redis"])
async def store(request: pytest.FixtureRequest) -> AsyncIterator[Store]:
    async with open_store(request.param, request) as opened:
        yield opened


def everything(reply: Reply) -> str:
    """All a reply shows or carries: texts, captions, button labels and payloads, files."""
    parts: list[str] = [repr(reply)]
    for row in getattr(reply, "buttons", ()):
        for button in row:
            parts += [button.label, button.payload]
    if isinstance(reply, SendFile):
        parts.append(reply.data.decode("utf-8", "replace"))
    if isinstance(reply, SendBoard):
        parts.append(reply.board.text)
    return "\n".join(parts)


@dataclass
class WatchedChat(Chat):
    """A chat that, after every update, checks that no seed still secret was ever shown."""

    caplog: pytest.LogCaptureFixture | None = None
    shown: list[str] = field(default_factory=list)
    commitments_before_roll: list[str] = field(default_factory=list)

    async def send(
        self,
        user: User,
        text: str | None = None,
        *,
        button: str | None = None,
        message: str | None = None,
        update_id: str | None = None,
        attachment: Attachment | None = None,
    ) -> list[Reply]:
        replies = await super().send(
            user,
            text,
            button=button,
            message=message,
            update_id=update_id,
            attachment=attachment,
        )
        self.shown += [everything(r) for r in replies]
        table = await self.app.load_table(self.key)
        if table is not None and table.dice.current is not None:
            secret = table.dice.current.seed.server_seed.hex()
            assert not any(secret in s for s in self.shown), "a secret seed was shown"
            assert self.caplog is not None
            assert secret not in self.caplog.text, "a secret seed was logged"
            assert secret.upper() not in "\n".join(self.shown)
        return replies


async def start(
    store: Store, caplog: pytest.LogCaptureFixture, args: str, seed: int
) -> WatchedChat:
    caplog.set_level(logging.DEBUG)
    chat = WatchedChat(App(store, dice=DiceScheme.seeded(seed)), caplog=caplog)
    await chat.send(ALICE, f"/new {args}")
    await chat.press(BOB, "Join")
    return chat


async def test_every_seed_is_secret_until_its_game_ends_and_then_verifies(
    store: Store, caplog: pytest.LogCaptureFixture, tmp_path: Path
) -> None:
    chat = await start(store, caplog, "3", seed=5)
    first = await chat.table()
    assert first.dice.current is not None and first.dice.match_id is not None
    # The first board shows the commitment, before any roll.
    boards = [r for r in chat.log if isinstance(r, SendBoard)]
    assert first.dice.current.short in boards[0].caption and first.dice.current.drawn == 0
    await play_until(chat, USERS, lambda m: m.is_over)
    table = await chat.table()
    match = table.state()
    assert table.stage == "over" and table.dice.current is None
    games = len(match.records())
    revealed = [seed.hex() for seed in finished_seeds(table, match)]
    assert games >= 2 and len(revealed) == games
    assert table.dice.master is not None
    master = table.dice.master.hex()
    assert not any(master in s for s in chat.shown) and master not in caplog.text
    log = texts(chat.log)
    for number, seed_hex in enumerate(revealed, 1):
        seed = bytes.fromhex(seed_hex)
        commitment = hashlib.sha256(seed).hexdigest()
        # Each game's commitment was on a board before the seed was revealed at its end.
        shown_at = next(i for i, s in enumerate(chat.shown) if commitment[:12] in s)
        revealed_at = next(i for i, s in enumerate(chat.shown) if seed_hex in s)
        assert shown_at < revealed_at
        assert f"Dice of game {number}: server seed {seed_hex}" in log
    assert "python -m engine.fairdice verify dice.json" in log

    replies = await chat.send(ALICE, "/export")
    files = {r.name: r for r in replies if isinstance(r, SendFile)}
    assert set(files) == {"match.mat", "dice.json"}
    data = json.loads(files["dice.json"].data)
    assert [g["server_seed"] for g in data["games"]] == revealed
    verdict = verify(data)
    rolls = sum(len(g["rolls"]) for g in data["games"])
    assert verdict.ok and verdict.rolls == rolls > 10
    # The standalone verifier, as a player runs it.
    path = tmp_path / "dice.json"
    path.write_bytes(files["dice.json"].data)
    run = subprocess.run(
        [sys.executable, "-m", "engine.fairdice", "verify", str(path)],
        capture_output=True, text=True, cwd=ROOT, check=False,
    )  # fmt: skip
    assert run.returncode == 0 and f"all {rolls} rolls match" in run.stdout
    # One die changed anywhere: refused.
    game = data["games"][-1]
    roll = game["rolls"][len(game["rolls"]) // 2]
    roll[0] = roll[0] % 6 + 1
    assert not verify(data).ok
    path.write_text(json.dumps(data))
    run = subprocess.run(
        [sys.executable, "-m", "engine.fairdice", "verify", str(path)],
        capture_output=True, text=True, cwd=ROOT, check=False,
    )  # fmt: skip
    assert run.returncode == 1


async def test_dice_resume_across_processes_on_one_store(
    store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    """A second app on the same store goes on drawing the same game's stream."""
    chat = await start(store, caplog, "1", seed=8)
    other = App(store, dice=DiceScheme.seeded(99))
    for turn in range(12):
        chat.app = other if turn % 2 else chat.app
        match = await chat.match()
        if match.is_over:
            break
        await play_turn_by_buttons(chat, USERS, match.game)
    table = await chat.table()
    match = table.state()
    game = match.records()[-1]
    assert table.dice.current is not None
    rolls = logged_rolls(game.log)
    assert verify(table.dice.current.seed.export(rolls)).ok
    assert table.dice.current.drawn == sum(len(r) for r in rolls) > 4


async def test_client_seeds_in_the_lobby(store: Store, caplog: pytest.LogCaptureFixture) -> None:
    chat = WatchedChat(App(store, dice=DiceScheme.seeded(3)), caplog=caplog)
    await chat.send(ALICE, "/new 1")
    replies = await chat.send(ALICE, "/seed lucky 7")
    assert "Alice's client seed: «lucky 7»" in texts(replies)
    assert "drawn at random" in texts(await chat.send(BOB, "/seed"))
    too_long = await chat.send(BOB, "/seed " + "x" * 65)
    assert "1 to 64 printable characters" in texts(too_long)
    replies = await chat.press(BOB, "Join")
    table = await chat.table()
    assert table.dice.current is not None
    bob_seed = table.dice.client_seeds[BOB.ref]
    assert table.dice.current.seed.client_seeds == ("lucky 7", bob_seed) and len(bob_seed) == 12
    started = texts(replies)
    assert "Client seeds: Alice «lucky 7», Bob «" + bob_seed + "»" in started
    refused = await chat.send(BOB, "/seed mine")
    assert "fixed already" in texts(refused)
    assert (await chat.table()).dice.client_seeds == table.dice.client_seeds


async def test_abort_by_agreement_reveals_the_game_in_play(
    store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    chat = await start(store, caplog, "3", seed=4)
    await chat.press(ALICE, "Roll")
    table = await chat.table()
    assert table.dice.current is not None
    secret = table.dice.current.seed.server_seed.hex()
    await chat.send(ALICE, "/abort")
    replies = await chat.send(BOB, "/abort")
    assert secret in texts(replies)
    assert (await chat.table()).dice.current is None


async def test_chouette_seating_and_games_draw_from_committed_seeds(
    store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    chat = WatchedChat(App(store, dice=DiceScheme.seeded(6)), caplog=caplog)
    await chat.send(ALICE, "/new chouette")
    await chat.press(BOB, "Join")
    await chat.press(CAROL, "Join")
    replies = await chat.send(ALICE, "/start")
    table = await chat.table()
    ch = await chat.chouette()
    assert (
        ch.seating is not None
        and table.dice.current is not None
        and table.dice.match_id is not None
    )
    text = texts(replies)
    marker = "Dice of game seating: server seed "
    seed_hex = text.split(marker, 1)[1][:64]
    seats = tuple(table.dice.client_seeds[s.user] for s in table.seats)
    seating = GameSeed(bytes.fromhex(seed_hex), f"{table.dice.match_id}.seat", seats)
    rounds = [[die for _, die in rnd] for rnd in ch.seating.rounds]
    assert verify(seating.export(rounds)).ok
    # The first game's commitment is on its first board; its dice come from its seed.
    boards = [r for r in replies if isinstance(r, SendBoard)]
    assert table.dice.current.short in boards[-1].caption
    assert table.dice.current.seed.game_id == f"{table.dice.match_id}.1"


def test_table_dice_survive_encoding() -> None:
    scheme = DiceScheme.seeded(1)
    dice = scheme.new_game("m.1", ("a", "b"))
    kept = MatchDice("m", dice, {"telegram:1": "a"}, bytes(32))
    table = Table("match", "backgammon", "telegram:1", dice=kept)
    again = Table.from_dict(CODEC.decode(table.encode()))
    assert again.dice == kept and again.dice.current == dice and again.dice.match_id == "m"
    assert again.dice.client_seeds == {"telegram:1": "a"} and again.dice.master == bytes(32)
