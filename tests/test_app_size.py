"""A table record stays small: a long money session keeps only its current game, a match its games
packed, a chouette its recent payments.

The engine's ``Match`` keeps every game with its whole log; the app folds a money session's
finished games into a score carry (``past.carry``/``dropped``) so the record does not grow with
the session, while a match to N points keeps its finished games packed (a few bytes a turn) for
the ``.mat`` export, and a chouette sums the payments of its older games into the balances.
Records written before (table schema 1) still load, and are written back compact.
"""

from __future__ import annotations

import base64
import json
import random
import zlib
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from test_app_support import ALICE, BOB, Chat, Dice, open_store, play_a_game, texts
from test_chouette_property import Driver as ChouetteDriver

from bot.app import App, SendBoard, SendFile, Table, Update, User
from bot.app.fair import SHOWN_KEPT
from bot.app.table import CODEC, MatchDice, Seat
from bot.store import CasResult, MemoryStore, RedisStore, Store, TableKey
from engine.chouette import Chouette
from engine.fairdice import logged_rolls
from engine.game import DiceSequence, Game, LogEntry, Phase
from engine.match import Match
from engine.matfile import format_mat
from engine.result import WinKind
from renderers.view import MoneyScore

USERS = [ALICE, BOB]
LIMIT = 2048
"""Bytes per table record (the issue's target)."""


@pytest.fixture(params=["memory", "redis"])
async def store(request: pytest.FixtureRequest) -> AsyncIterator[Store]:
    """Each test runs on the memory store and on a real Redis."""
    async with open_store(request.param, request) as opened:
        yield opened


async def _record_size(chat: Chat) -> int:
    record = await chat.app.store.load(chat.key)
    assert record is not None
    return len(record.payload)


async def test_long_money_session_stays_under_2_kb(store: Store) -> None:
    chat = Chat(App(store, dice=Dice(3)))
    await chat.send(ALICE, "/new money")
    await chat.press(BOB, "Join")
    sizes = []
    for n in range(1, 31):
        await play_a_game(chat, USERS, turns=4 + n % 7)
        table = await chat.table()
        match = await chat.match()
        assert table.past.dropped == n and len(match.games) == 1
        sizes.append(await _record_size(chat))
    assert max(sizes) <= LIMIT, sizes
    # The score counts every game: 30 single games resigned, one point each.
    table, match = await chat.table(), await chat.match()
    assert sum(table.session_score(match)) == 30
    score = texts(await chat.send(ALICE, "/score"))
    a, b = table.session_score(match)
    assert score == f"Session: Alice {a}, Bob {b}."
    # The board shows the whole session's score, not the current game's alone.
    board = next(r for r in await chat.send(ALICE, "/board") if isinstance(r, SendBoard))
    assert board.board.view.score == MoneyScore((a, b))
    # Export still works: the current game of the session.
    replies = await chat.send(ALICE, "/export")
    assert "Position ID" in texts(replies)


async def test_a_match_keeps_its_games_for_the_export(store: Store) -> None:
    chat = Chat(App(store, dice=Dice(5)))
    await chat.send(ALICE, "/new 7")
    await chat.press(BOB, "Join")
    for _ in range(3):
        await play_a_game(chat, USERS, turns=6)
    match = await chat.match()
    assert match.number == 4 and sum(match.score) == 3
    assert await _record_size(chat) <= LIMIT
    replies = await chat.send(ALICE, "/export")
    mat = next(r for r in replies if isinstance(r, SendFile))
    assert mat.data.decode().count(" Game ") == 4


def test_the_carry_keeps_half_points() -> None:
    """Drawn long nardy games score halves: the folded score round-trips exactly."""
    from fractions import Fraction

    from bot.app import Table
    from bot.app.table import PastGames

    past = PastGames(carry=(Fraction(5, 2), 1), dropped=4)
    table = Table("money", "long_nardy", "telegram:1", past=past)
    again = Table.from_dict(table.to_dict())
    assert again.past.carry == (Fraction(5, 2), 1) and again.past.dropped == 4
    assert Table.decode(table.encode()) == table


# -- whole matches with random legal plays --------------------------------------------------------


async def _play_randomly(chat: Chat, rng: random.Random, doubles: float) -> list[int]:
    """Play the table's match to its end with random legal choices made by pressing the buttons
    (a double now and then, most doubles taken); the record's size after every update."""
    sizes: list[int] = []
    for _ in range(20_000):
        table = await chat.table()
        if table.stage == "over":
            return sizes
        game = table.state().game
        labels = chat.labels()
        if game.responder is not None:
            answer = "Accept" if game.resign is not None else "Take"
            if answer == "Take" and rng.random() < 0.25:
                answer = "Pass"
            await chat.press(USERS[game.responder], answer)
        elif game.phase is Phase.OPENING:
            await chat.press(USERS[rng.randrange(2)], "Roll")
        elif game.phase is Phase.ROLL:
            assert game.turn is not None
            double = "Double" in labels and rng.random() < doubles
            await chat.press(USERS[game.turn], "Double" if double else "Roll")
        else:
            assert game.turn is not None
            if "Confirm" in labels:
                await chat.press(USERS[game.turn], "Confirm")
            else:
                steps = [label for label in labels if "→" in label]
                await chat.press(USERS[game.turn], rng.choice(steps))
        sizes.append(await _record_size(chat))
    raise AssertionError("the match did not end")


def _replay(game: Game, entry: LogEntry, dice: DiceSequence) -> Game:
    """``game`` after the action ``entry`` records, made again through the engine."""
    p = 0 if entry.player is None else entry.player
    match entry.action:
        case "opening":
            return game.roll(0, dice) if game.phase is Phase.OPENING else game
        case "roll":
            return game.roll(p, dice)
        case "move":
            flat = entry.value[1:]
            for i in range(0, len(flat), 2):
                game = game.add_step(p, (int(flat[i]), int(flat[i + 1])))
            return game.confirm(p)
        case "double":
            return game.double(p)
        case "take":
            return game.take(p)
        case "pass":
            return game.pass_(p)
        case "resign":
            return game.offer_resign(p, WinKind(int(entry.value[0])))
        case "resign_accept":
            return game.accept_resign(p)
        case "resign_decline":
            return game.decline_resign(p)
    return game  # the automatic entries: a double after a tie, the win


def replayed(match: Match) -> Match:
    """The match as the program kept it before games were packed: every game in full, rebuilt
    by the engine alone from the actions (scores, Crawford games and results its own)."""
    full = Match.new(match.length, match.variant, match.options)
    for k, record in enumerate(match.records()):
        if k:
            full = full.next_game()
        game = full.game
        dice = DiceSequence(
            int(v) for e in record.log if e.action in ("opening", "roll") for v in e.value
        )
        for entry in record.log:
            game = _replay(game, entry, dice)
        assert game.log == record.log
        full = full.with_game(game)
    assert len(full.games) == match.number and full.game == match.game
    return full


@pytest.mark.parametrize(
    ("kind", "seed", "doubles"),
    [("7", 1, 0.08), ("7 cube=off", 2, 0.0), ("11", 3, 0.01), ("25", 4, 0.02)],
)
async def test_whole_matches_stay_under_2_kb_and_export_every_game(
    redis_url: str, kind: str, seed: int, doubles: float
) -> None:
    store = RedisStore.from_url(redis_url)
    await store.client.flushdb()
    try:
        rng = random.Random(seed)
        chat = Chat(App(store, dice=Dice(seed)), key=TableKey("telegram", f"-77{seed}"))
        await chat.send(ALICE, f"/new {kind}")
        await chat.press(BOB, "Join")
        sizes = await _play_randomly(chat, rng, doubles)
        match = await chat.match()
        assert match.is_over and match.number >= 5 and match.played.count == match.number - 1
        assert max(sizes) <= LIMIT, (max(sizes), match.number)
        data = await store.client.hget(chat.key.key, "d")
        assert isinstance(data, bytes) and len(data) <= LIMIT
        # The .mat file is the one written from every game kept in full, to the byte.
        replies = await chat.send(ALICE, "/export")
        mat = next(r for r in replies if isinstance(r, SendFile))
        assert mat.data.decode() == format_mat(replayed(match), ("Alice", "Bob"))
        assert mat.data.decode().count(" Game ") == match.number
    finally:
        await store.close()


def test_a_chouette_of_six_stays_under_2_kb() -> None:
    """Twenty games of six players (joining and leaving between games), stored as the app stores
    them: the older games' payments are summed into the balances, which stay exact; the dice
    of the latest games whose seeds were shown are kept for ``export`` with the match's secret
    and the players' client seeds."""
    rng = random.Random(6)
    names = [f"telegram:{600 + i}" for i in range(6)]
    driver = ChouetteDriver(rng, Chouette.start(names, lambda: rng.randint(1, 6)), set(names))
    client_seeds = {name: rng.randbytes(6).hex() for name in names}
    shown: list[tuple[str, tuple[str, ...], str]] = []
    sizes = []
    while driver.ch.games < 20 or driver.ch.in_game:
        driver.step()
        ch = driver.ch
        kept = ch.compacted()
        seats = tuple(Seat(n, f"Player {n[-3:]}") for n in ch.players)
        cur = ch.current
        if cur is not None and cur.is_over and (not shown or shown[-1][0] != str(cur.number)):
            rolls = " ".join("".join(map(str, roll)) for roll in logged_rolls(cur.game.log))
            seeds = tuple(client_seeds.setdefault(n, rng.randbytes(6).hex()) for n in ch.players)
            shown = [*shown, (str(cur.number), seeds, rolls)][-SHOWN_KEPT:]
        dice = MatchDice("5d1b0c4e2a97", None, client_seeds, rng.randbytes(32), tuple(shown))
        table = Table("chouette", "backgammon", names[0], stage="play", seats=seats, chouette=kept,
                      dice=dice)  # fmt: skip
        payload = table.encode()
        sizes.append(len(payload))
        again = Table.from_dict(CODEC.decode(payload))
        assert again.chouette is not None and again.chouette.balances() == ch.balances()
        assert again.chouette.current == ch.current and again.chouette.roster == ch.roster
        assert again.dice.shown == tuple(shown)
    assert max(sizes) <= LIMIT, max(sizes)
    assert len(driver.ch.ledger.payments) > 3 * len(kept.ledger.payments)
    assert len(shown) == SHOWN_KEPT and Table.decode(table.encode()).dice.shown == tuple(shown)


# -- records written before --------------------------------------------------------------------

SCHEMA_1 = json.loads(
    (Path(__file__).parent / "data" / "tables_schema1.json").read_text(encoding="utf-8")
)


def _plays(mat: str) -> list[str]:
    """A ``.mat`` text's lines, hit marks and column padding left out."""
    return [" ".join(line.replace("*", "").split()) for line in mat.splitlines()]


@pytest.mark.parametrize("name", ["match", "money", "chouette"])
async def test_schema_1_records_load_and_are_written_back_compact(name: str) -> None:
    """Tables stored by the program before (every game in full) are read, answer as they did,
    and the next write stores them in the new form."""
    sample = SCHEMA_1[name]
    payload = base64.b64decode(sample["payload"])
    assert json.loads(_json_of(payload))["s"] == 1
    store = MemoryStore()
    key = TableKey("telegram", "-990")
    assert await store.compare_and_set(key, 0, payload) is CasResult.APPLIED
    app = App(store, dice=Dice(1))
    first = User("telegram", sample["users"][0].split(":")[1], "Anna", "en")
    table = await app.load_table(key)
    assert table is not None
    if sample["mat"] is not None:
        replies = await app.handle(Update(key, first, "old-1", text="/export"))
        mat = next(r for r in replies if isinstance(r, SendFile))
        # what the program answered then, its hits now marked with * as gnubg marks them
        assert _plays(mat.data.decode()) == _plays(sample["mat"])
    else:
        assert table.chouette is not None
        assert table.chouette.balances() == sample["balances"]
    replies = await app.handle(Update(key, first, "old-2", text="/board"))
    assert any(isinstance(r, SendBoard) for r in replies)
    # A write (the board posted) stores the table in the new form, smaller.
    await app.board_posted(key, "4242", table.version)
    stored = await store.load(key)
    assert stored is not None and json.loads(_json_of(stored.payload))["s"] == 2
    assert len(stored.payload) < len(payload)
    again = await app.load_table(key)
    assert again is not None and again.place.board_message == "4242"
    if again.match is not None:
        assert again.match.records() == Table.decode(payload).state().records()
        if sample["mat"] is not None:
            replies = await app.handle(Update(key, first, "old-3", text="/export"))
            mat = next(r for r in replies if isinstance(r, SendFile))
            assert _plays(mat.data.decode()) == _plays(sample["mat"])
    else:
        assert again.chouette is not None
        assert again.chouette.balances() == sample["balances"]


def _json_of(payload: bytes) -> bytes:
    return payload if payload[:1] == b"{" else zlib.decompress(payload)
