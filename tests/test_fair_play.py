"""Verifiable dice in play: the match's secret committed when its table opens, before any client
seed, and every game's seed committed before its first roll; each secret until its game or match
is over (in no reply, button, file or log line), revealed at its end; and the exported dice
accepted by the standalone verifier, which checks every game's seed against the secret (and
refuses one die, one seed or the secret changed)."""

from __future__ import annotations

import doctest
import hashlib
import hmac
import json
import logging
import os
import subprocess
import sys
import tomllib
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

from bot.app import App, Attachment, DiceScheme, Reply, SendBoard, SendFile, Table, User, fair
from bot.app.fair import VERIFY_COMMAND, finished_seeds
from bot.app.table import CODEC, MatchDice
from bot.store import CasResult, Store
from engine.fairdice import GameSeed, game_seed, logged_rolls, verify
from engine.game import Phase

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
        secrets = []
        if table is not None and table.dice.current is not None:
            secrets.append(table.dice.current.seed.server_seed.hex())
        if table is not None and table.dice.master is not None and table.stage != "over":
            secrets.append(table.dice.master.hex())
        for secret in secrets:
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
    # The match's secret: committed in the lobby, shown once the match is over (and only then:
    # the chat checks it after every update), and every game's seed comes from it.
    master = table.dice.master
    fingerprint = hashlib.sha256(master).hexdigest()
    assert table.dice.match_id == fingerprint[:12] and table.secret_commitment == fingerprint
    assert fingerprint[:12] in chat.shown[0]
    end = next(s for s in chat.shown if master.hex() in s)  # with the last game's seed
    assert end.index(revealed[-1]) < end.index(master.hex())
    assert f"its dice came from the bot's secret {master.hex()}" in texts(chat.log)
    for number, seed_hex in enumerate(revealed, 1):
        derived = hmac.new(
            master, f"fairdice-game|{table.dice.match_id}.{number}".encode(), "sha256"
        )
        assert derived.hexdigest() == seed_hex
    log = texts(chat.log)
    for number, seed_hex in enumerate(revealed, 1):
        seed = bytes.fromhex(seed_hex)
        commitment = hashlib.sha256(seed).hexdigest()
        # Each game's commitment was on a board before the seed was revealed at its end.
        shown_at = next(i for i, s in enumerate(chat.shown) if commitment[:12] in s)
        revealed_at = next(i for i, s in enumerate(chat.shown) if seed_hex in s)
        assert shown_at < revealed_at
        assert f"Dice of game {number}: server seed {seed_hex}" in log
    assert "nardy-bot verify dice.json" in log

    replies = await chat.send(ALICE, "/export")
    files = {r.name: r for r in replies if isinstance(r, SendFile)}
    assert set(files) == {"match.mat", "dice.json"}
    data = json.loads(files["dice.json"].data)
    assert [g["server_seed"] for g in data["games"]] == revealed
    assert data["secret"] == master.hex() and data["secret_commitment"] == fingerprint
    verdict = verify(data)
    rolls = sum(len(g["rolls"]) for g in data["games"])
    assert verdict.ok and verdict.rolls == rolls > 10 and verdict.secret == fingerprint
    # The verifier, as a player runs it: the package's console script (``nardy-bot verify``).
    path = tmp_path / "dice.json"
    path.write_bytes(files["dice.json"].data)
    run = nardy_bot_verify(path, tmp_path)
    assert run.returncode == 0 and f"all {rolls} rolls match" in run.stdout
    assert f"comes from the match's secret, whose commitment is {fingerprint}" in run.stdout
    # Another secret, or another seed for one game: refused.
    other = bytes(32)
    forged = {**data, "secret": other.hex(), "secret_commitment": hashlib.sha256(other).hexdigest()}
    assert not verify(forged).ok
    assert not verify({**data, "secret": other.hex()}).ok
    reseeded = json.loads(json.dumps(data))
    game = reseeded["games"][0]
    dice = GameSeed(other, game["game_id"], tuple(game["client_seeds"]))
    reseeded["games"][0] = dice.export(game["rolls"])
    assert "not the one the match's secret gives" in str(verify(reseeded))
    # One die changed anywhere: refused.
    game = data["games"][-1]
    roll = game["rolls"][len(game["rolls"]) // 2]
    roll[0] = roll[0] % 6 + 1
    assert not verify(data).ok
    path.write_text(json.dumps(data))
    run = nardy_bot_verify(path, tmp_path)
    assert run.returncode == 1 and "but the seed gives" in run.stdout


def nardy_bot_verify(path: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``nardy-bot verify PATH`` run as the installed console script runs it (its entry point,
    ``bot.__main__:main``), from a directory outside the source, with settings that would stop
    the bot: the check reads none."""
    script = "import sys; from bot.__main__ import main; sys.argv[0] = 'nardy-bot'; main()"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "LOG_LEVEL": "LOUD", "REDIS_URL": "nowhere"}
    return subprocess.run(
        [sys.executable, "-c", script, "verify", str(path)],
        capture_output=True, text=True, cwd=cwd, env=env, check=False, timeout=120,
    )  # fmt: skip


def test_nardy_bot_verify_is_the_packages_console_script(tmp_path: Path) -> None:
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts["nardy-bot"] == "bot.__main__:main"
    assert VERIFY_COMMAND == "nardy-bot verify dice.json"
    assert doctest.testmod(fair).failed == 0  # a path with a space is quoted for the shell
    run = nardy_bot_verify(tmp_path / "missing.json", tmp_path)
    assert run.returncode == 2 and "cannot verify" in run.stderr
    usage = subprocess.run(
        [sys.executable, "-c", "from bot.__main__ import main; main()", "verify"],
        capture_output=True, text=True, cwd=ROOT, check=False, timeout=120,
    )  # fmt: skip
    assert usage.returncode == 2 and "usage: nardy-bot verify FILE" in usage.stderr


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
    assert "Alice's client seed: “lucky 7”" in texts(replies)
    assert "drawn at random" in texts(await chat.send(BOB, "/seed"))
    too_long = await chat.send(BOB, "/seed " + "x" * 65)
    assert "1 to 64 printable characters" in texts(too_long)
    replies = await chat.press(BOB, "Join")
    table = await chat.table()
    assert table.dice.current is not None
    bob_seed = table.dice.client_seeds[BOB.ref]
    assert table.dice.current.seed.client_seeds == ("lucky 7", bob_seed) and len(bob_seed) == 12
    started = texts(replies)
    assert "Client seeds: Alice “lucky 7”, Bob “" + bob_seed + "”" in started
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
    assert secret in texts(replies) and "nardy-bot verify dice.json" in texts(replies)
    assert (await chat.table()).dice.current is None
    # The export the reveal points to holds the aborted game's dice, and they check.
    files = {r.name: r for r in await chat.send(ALICE, "/export") if isinstance(r, SendFile)}
    data = json.loads(files["dice.json"].data)
    assert [g["server_seed"] for g in data["games"]] == [secret]
    assert data["games"][0]["rolls"] and verify(data).ok


async def test_a_game_aborted_before_its_first_roll_reveals_nothing(
    store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    """No die was drawn: there is nothing to check, so no seed is shown and no check is
    offered (and the export has no dice file)."""
    chat = await start(store, caplog, "3", seed=4)
    assert (await chat.table()).dice.current is not None
    replies = await chat.send(ALICE, "/abort")
    text = texts(replies)
    assert text.strip() == "The game is aborted."
    assert "server seed" not in text and "verify" not in text and "/export" not in text
    table = await chat.table()
    assert table.stage == "over" and table.dice.current is None
    exported = await chat.send(ALICE, "/export")
    assert not [r for r in exported if isinstance(r, SendFile) and r.name == "dice.json"]


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


async def test_a_chouette_exports_the_dice_its_reveals_point_to(
    store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    """A chouette keeps no finished game, so its table keeps the dice of its seating roll and
    of its latest games whose seeds were shown: ``export`` gives them as ``dice.json``, each
    under the number its reveal gave, and they check."""
    chat = WatchedChat(App(store, dice=DiceScheme.seeded(12)), caplog=caplog)
    await chat.send(ALICE, "/new chouette")
    await chat.press(BOB, "Join")
    await chat.press(CAROL, "Join")
    await chat.send(ALICE, "/start")
    players = {u.ref: u for u in [*USERS, CAROL]}
    for game in (1, 2):
        for _ in range(20):
            cur = (await chat.chouette()).current
            assert cur is not None
            if cur.game.phase in (Phase.ROLL, Phase.MOVE) and cur.vote is None:
                break
            await play_turn_by_buttons(chat, [players[cur.box], players[cur.captain]], cur.game)
        cur = (await chat.chouette()).current
        assert cur is not None and cur.number == game
        await chat.send(players[cur.box], "/resign")
        for member in cur.playing:
            await chat.send(players[member], "/accept")
    log = texts(chat.log)
    assert "Dice of game 2: server seed " in log and "nardy-bot verify dice.json" in log
    files = {r.name: r for r in await chat.send(ALICE, "/export") if isinstance(r, SendFile)}
    data = json.loads(files["dice.json"].data)
    table = await chat.table()
    assert [g["game_id"] for g in data["games"]] == [
        f"{table.dice.match_id}.{n}" for n in ("seat", 1, 2)
    ]
    for game in data["games"]:
        assert f"server seed {game['server_seed']}" in log and game["rolls"]
    assert verify(data).ok and "secret" not in data  # the chouette goes on: its secret too
    again = Table.decode(table.encode())
    assert again.dice.shown == table.dice.shown and len(table.dice.shown) == 3
    # A member leaves, two are left: the chouette is over and its secret shown; the export
    # now carries it, and every game's seed checks against it.
    assert table.dice.master is not None and table.secret_commitment is not None
    ended = texts(await chat.send(CAROL, "/leave"))
    assert (await chat.table()).stage == "over"
    assert f"its dice came from the bot's secret {table.dice.master.hex()}" in ended
    files = {r.name: r for r in await chat.send(ALICE, "/export") if isinstance(r, SendFile)}
    data = json.loads(files["dice.json"].data)
    assert data["secret"] == table.dice.master.hex()
    verdict = verify(data)
    assert verdict.ok and verdict.secret == table.secret_commitment
    assert data["games"][0]["game_id"] == f"{table.dice.match_id}.seat"


def test_table_dice_survive_encoding() -> None:
    scheme = DiceScheme.seeded(1)
    dice = scheme.new_game("m.1", ("a", "b"))
    kept = MatchDice("m", dice, {"telegram:1": "a"}, bytes(32))
    table = Table("match", "backgammon", "telegram:1", dice=kept)
    again = Table.from_dict(CODEC.decode(table.encode()))
    assert again.dice == kept and again.dice.current == dice and again.dice.match_id == "m"
    assert again.dice.client_seeds == {"telegram:1": "a"} and again.dice.master == bytes(32)


async def test_a_money_session_exports_the_dice_its_reveals_point_to(
    store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    """Money play reveals each game's seed and says to verify ``dice.json``: ``export`` gives
    that file, with the session's finished games kept, each under the number its reveal
    gave, and the verifier accepts it."""
    chat = await start(store, caplog, "0", seed=9)
    for _ in range(3000):
        table = await chat.table()
        if table.past.dropped >= 2:
            break
        await play_turn_by_buttons(chat, USERS, (await chat.match()).game)
    else:
        raise AssertionError("two games did not finish")
    log = texts(chat.log)
    assert "nardy-bot verify dice.json" in log
    replies = await chat.send(ALICE, "/export")
    files = {r.name: r for r in replies if isinstance(r, SendFile)}
    assert "dice.json" in files
    data = json.loads(files["dice.json"].data)
    assert len(data["games"]) == table.past.dropped >= 2
    for game in data["games"]:
        number = game["game_id"].rpartition(".")[2]
        assert f"Dice of game {number}: server seed {game['server_seed']}" in log
    assert verify(data).ok and not verify(data).derived  # the session goes on
    # The session ends (abandoned by agreement): its secret is shown, and the export carries it.
    assert table.dice.master is not None
    ended = texts(await chat.send(ALICE, "/abort"))  # at once, when the game has no roll yet
    if (await chat.table()).stage != "over":
        ended = texts(await chat.send(BOB, "/abort"))
    assert f"its dice came from the bot's secret {table.dice.master.hex()}" in ended
    files = {r.name: r for r in await chat.send(BOB, "/export") if isinstance(r, SendFile)}
    data = json.loads(files["dice.json"].data)
    verdict = verify(data)
    assert verdict.ok and verdict.secret == table.secret_commitment is not None
    assert len(data["games"]) >= 2


POSITION = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:2:4:1:5:10"


@pytest.mark.parametrize(
    "opening", ["/new 3", "/new money", "/new chouette", f"/position {POSITION}"]
)
async def test_the_lobby_shows_the_secrets_fingerprint_before_any_seed(
    store: Store, caplog: pytest.LogCaptureFixture, opening: str
) -> None:
    """The table's secret is drawn when it opens: the lobby shows its fingerprint (commitment)
    before anyone may give a client seed, the seed's answer says it came first, and the match
    plays with that secret, its id the fingerprint's start."""
    chat = WatchedChat(App(store, dice=DiceScheme.seeded(3)), caplog=caplog)
    lobby = await chat.send(ALICE, opening)
    table = await chat.table()
    assert table.stage == "lobby" and not table.dice.client_seeds and table.dice.master is not None
    fingerprint = hashlib.sha256(table.dice.master).hexdigest()
    assert table.secret_commitment == fingerprint and table.dice.match_id == fingerprint[:12]
    assert f"its fingerprint is {fingerprint[:12]}…" in texts(lobby)
    said = texts(await chat.send(BOB, "/seed lucky 7"))
    assert "Bob's client seed: “lucky 7”" in said
    assert f"fixed before your seed (fingerprint {fingerprint[:12]}…)" in said
    assert f"fingerprint {fingerprint}" in texts(await chat.send(BOB, "/dice"))
    assert f"its fingerprint is {fingerprint[:12]}…" in texts(await chat.send(BOB, "/board"))
    started = await chat.press(BOB, "Join")
    if opening == "/new chouette":
        await chat.press(CAROL, "Join")
        started = await chat.send(ALICE, "/start")
    playing = await chat.table()
    assert playing.stage == "play" and playing.dice.master == table.dice.master
    assert playing.dice.match_id == table.dice.match_id and playing.dice.current is not None
    assert f"its fingerprint is {fingerprint[:12]}…" in texts(started)
    name = playing.dice.current.seed.game_id
    assert name.startswith(f"{table.dice.match_id}.")
    assert playing.dice.current.seed.server_seed == game_seed(table.dice.master, name)
    assert playing.dice.client_seeds[BOB.ref] == "lucky 7"


async def test_a_table_opened_before_the_secret_was_committed_plays_on_as_it_did(
    store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    """A lobby stored before the secret was drawn with its table has none: its match gets its
    id and secret when it begins, as it used to, plays on, never shows that secret, and its
    export (without it) still verifies, saying the seeds' derivation was not checked."""
    chat = WatchedChat(App(store, dice=DiceScheme.seeded(11)), caplog=caplog)
    await chat.send(ALICE, "/new 1")
    await chat.send(ALICE, "/seed mine")
    record = await store.load(chat.key)
    assert record is not None
    lobby = Table.decode(record.payload)
    old = {k: v for k, v in lobby.to_dict().items() if k not in ("mid", "dm")}
    written = await store.compare_and_set(chat.key, record.version, Table.from_dict(old).encode())
    assert written is CasResult.APPLIED
    since = len(chat.log)  # what the old lobby shows from here on
    assert "fingerprint" not in texts(await chat.send(ALICE, "/board"))
    started = await chat.press(BOB, "Join")
    assert "fingerprint" not in texts(started)
    table = await chat.table()
    assert table.dice.master is not None and table.dice.match_id is not None
    assert table.secret_commitment is None
    assert table.dice.current is not None and table.dice.current.seed.client_seeds[0] == "mine"
    await play_until(chat, USERS, lambda m: m.is_over)
    over = await chat.table()
    assert over.stage == "over"
    assert not any(table.dice.master.hex() in s for s in chat.shown)
    assert "secret" not in texts(chat.log[since:])
    files = {r.name: r for r in await chat.send(ALICE, "/export") if isinstance(r, SendFile)}
    data = json.loads(files["dice.json"].data)
    assert "secret" not in data
    verdict = verify(data)
    assert verdict.ok and not verdict.derived and "was not checked" in str(verdict)
