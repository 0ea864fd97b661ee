"""Playing the computer through the app: ``new bot``, whole games of both variants at every level,
its cube and resignation answers, its turn after a restart or on two processes, and its worker
killed or over its budget.

The computer thinks in real worker processes (:class:`bot.ai.worker.ComputerWorker`, GNU
Backgammon's nets); the tables live in a real Redis where a test says so.  The person's side is
a seeded random player that types its plays, doubles now and then and answers the cube.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import os
import random
import re
import signal
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import pytest_asyncio
from test_app_support import ALICE, BOB, Dice, texts

from bot.ai.levels import LEVELS
from bot.ai.worker import LEVEL_NAMES, ComputerWorker
from bot.app import App, DiceScheme, Reply, SendBoard, SendFile, Thinking, Update, User
from bot.app.opponent import GRACE
from bot.app.table import Table
from bot.i18n import t
from bot.store import MemoryStore, RedisStore, TableKey
from engine.fairdice import verify
from engine.game import Action, ActionKind, Game, Phase
from engine.match import Match
from engine.movegen import legal_plays
from engine.notation import format_play

pytestmark = pytest.mark.asyncio(loop_scope="module")

DM = TableKey("telegram", "501")
GROUP = TableKey("telegram", "-1009")


@dataclass
class Recorder:
    """The worker, with every decision it made kept (to check each against the engine)."""

    worker: ComputerWorker
    decisions: list[tuple[Game, int, Action | None]] = field(default_factory=list)

    def budget(self, level: str) -> float:
        return self.worker.budget(level)

    async def decide(self, game: Game, player: int, level: str, seed: str) -> Action | None:
        action = await self.worker.decide(game, player, level, seed)
        self.decisions.append((game, player, action))
        return action

    def ponder(self, game: Game, mover: int, player: int, level: str) -> None:
        self.worker.ponder(game, mover, player, level)


@pytest_asyncio.fixture(loop_scope="module")
async def redis_store(redis_url: str) -> AsyncIterator[RedisStore]:
    store = RedisStore.from_url(redis_url)
    await store.client.flushdb()
    yield store
    await store.close()


@dataclass
class Player:
    """A person at a table with the computer, sending updates as an adapter does: the app's
    replies, then the computer's turns that follow (``computer_moves``)."""

    app: App
    key: TableKey
    user: User = ALICE
    private: bool = True
    seen: list[Reply] = field(default_factory=list)
    log: list[Reply] = field(default_factory=list)
    """Every reply: to the person's updates and of the computer's turns."""
    n: int = 0

    async def say(self, text: str) -> list[Reply]:
        self.n += 1
        update = Update(
            self.key, self.user, f"{self.user.id}-{self.n}", text=text, private=self.private
        )
        replies = list(await self.app.handle(update))
        replies += await self.follow()
        self.log += replies
        return replies

    async def follow(self) -> list[Reply]:
        out: list[Reply] = []
        async for replies in self.app.computer_moves(self.key):
            out += replies
        self.seen += out
        return out

    async def table(self) -> Table:
        table = await self.app.load_table(self.key)
        assert table is not None
        return table


def person_line(game: Game, rng: random.Random) -> str:
    """The seeded person's next line (``game`` waits for him): random plays; once the game is
    under way, a double now and then and, rarely, a resignation."""
    if game.resign is not None:
        return "accept" if rng.random() < 0.7 else "decline"
    if game.phase is Phase.DOUBLED:
        return "take" if rng.random() < 0.9 else "pass"
    if game.phase is Phase.BEAVERED:
        return "accept"
    if game.phase in (Phase.OPENING, Phase.ROLL):
        assert game.turn is not None or game.phase is Phase.OPENING
        under_way = len(game.log) > 24
        doubles = game.turn is not None and game.may(Action(ActionKind.DOUBLE, game.turn))
        if doubles and under_way and rng.random() < 0.15:
            return "double"
        if game.turn is not None and under_way and rng.random() < 0.01:
            return "resign"
        return "roll"
    assert game.dice is not None
    plays = legal_plays(game.position, game.dice)
    if not plays:
        return "board"
    play = rng.choice(plays)
    return "move " + format_play(game.position, game.dice, play, plays=plays)


async def play_out(player: Player, seed: int, limit: int = 800) -> Match:
    """The person plays the table to the end of its match; checks each reply on the way."""
    rng = random.Random(seed)
    for _ in range(limit):
        table = await player.table()
        match = table.state()
        if match.is_over or table.stage == "over":
            return match
        game = match.game
        seat = table.seat_of(player.user.ref)
        assert seat is not None
        waits = game.responder if game.responder is not None else game.turn
        assert waits in (seat, None), "the table waits on the computer after its turn"
        replies = await player.say(person_line(game, rng))
        for reply in replies:
            if isinstance(reply, SendBoard) and reply.buttons:
                after = (await player.table()).state().game
                assert (after.responder if after.responder is not None else after.turn) in (
                    seat,
                    None,
                ), "a button only the computer could press"
    raise AssertionError("the match did not end")


def check_decisions(recorder: Recorder) -> None:
    """Every action the computer chose was allowed by the engine when it chose it."""
    assert recorder.decisions
    for game, player, action in recorder.decisions:
        assert action is not None
        assert action.player == player
        assert game.may(action), (action, game.phase)
        if action.kind == "play":
            assert game.dice is not None and isinstance(action.play, object)
            assert action.play in legal_plays(game.position, game.dice)
        if action.kind in ("double", "beaver"):
            assert game.cube_in_play


# -- seating the computer -----------------------------------------------------------------------


async def test_new_bot_in_a_private_chat_starts_at_once_against_the_computer(
    worker: ComputerWorker,
) -> None:
    app = App(MemoryStore(), dice=Dice(1), computer=worker)
    me = Player(app, DM)
    said = texts(await me.say("/new bot"))
    table = await me.table()
    assert table.stage == "play" and table.mode == "match" and table.length == 5
    assert [s.user for s in table.seats] == [ALICE.ref, "computer:strong"]
    assert [s.name for s in table.seats] == ["Alice", "Computer (strong)"]
    assert "Alice vs Computer (strong)" in said


@pytest.mark.parametrize(
    ("line", "mode", "length", "variant", "level"),
    [
        ("/new 7 bot", "match", 7, "backgammon", "strong"),
        ("/new money bot", "money", 0, "backgammon", "strong"),
        ("/new nardy bot", "match", 1, "long_nardy", "strong"),
        ("/new 5 bot expert", "match", 5, "backgammon", "expert"),
        ("/new bot beginner", "match", 5, "backgammon", "beginner"),
        ("/new nardy money bot casual", "money", 0, "long_nardy", "casual"),
    ],
)
async def test_new_with_the_usual_words_and_a_level(
    worker: ComputerWorker, line: str, mode: str, length: int, variant: str, level: str
) -> None:
    app = App(MemoryStore(), dice=Dice(2), computer=worker)
    me = Player(app, DM)
    await me.say(line)
    table = await me.table()
    assert (table.mode, table.length, table.variant) == (mode, length, variant)
    assert table.seats[1].user == f"computer:{level}"
    assert table.seats[1].name == f"Computer ({level})"


async def test_an_unknown_level_is_refused_with_the_levels(worker: ComputerWorker) -> None:
    app = App(MemoryStore(), computer=worker)
    me = Player(app, DM)
    said = texts(await me.say("/new bot grandmaster"))
    assert "grandmaster" in said and "beginner, casual, strong, expert" in said
    assert await app.load_table(DM) is None
    said = texts(await me.say("/new chouette bot"))
    assert "chouette" in said.lower() and await app.load_table(DM) is None


async def test_the_levels_are_the_worker_levels() -> None:
    assert tuple(LEVELS) == LEVEL_NAMES


async def test_without_the_computer_new_bot_says_it_is_unavailable() -> None:
    app = App(MemoryStore())  # AI_ENABLED=false: no worker
    me = Player(app, DM)
    said = texts(await me.say("/new bot"))
    assert "switched off" in said
    assert await app.load_table(DM) is None
    ru = Player(app, DM, User("telegram", "7", "Olga", "ru"))
    assert "отключена" in texts(await ru.say("/new 5 bot expert"))


async def test_in_a_group_the_computer_plays_whoever_joins(worker: ComputerWorker) -> None:
    app = App(MemoryStore(), dice=Dice(3), computer=worker)
    alice = Player(app, GROUP, ALICE, private=False)
    bob = Player(app, GROUP, BOB, private=False)
    lobby = texts(await alice.say("/new 3 bot casual"))
    assert "Computer (casual)" in lobby
    table = await alice.table()
    assert table.stage == "lobby" and [s.user for s in table.seats] == ["computer:casual"]
    said = texts(await bob.say("/join"))
    assert "Bob vs Computer (casual)" in said
    table = await bob.table()
    assert table.stage == "play" and [s.user for s in table.seats] == [BOB.ref, "computer:casual"]


async def test_the_creator_may_close_the_computer_lobby_he_does_not_sit_at(
    worker: ComputerWorker,
) -> None:
    app = App(MemoryStore(), computer=worker)
    alice = Player(app, GROUP, ALICE, private=False)
    await alice.say("/new bot")
    await alice.say("/abort")
    assert (await alice.table()).stage == "over"


# -- fair dice ----------------------------------------------------------------------------------


async def test_the_player_gives_his_client_seed_after_the_commitment_before_the_first_roll(
    worker: ComputerWorker,
) -> None:
    """Against the computer there is no lobby: the game begins with the match's secret
    committed in its first message, the first game's server seed committed on its first board
    and both client seeds drawn; the person may give his own until the first roll (the
    commitments stand: they are the server's alone), the seed counts for the whole match, the
    secret is shown when it is over, and its dice verify with them."""
    app = App(MemoryStore(), dice=DiceScheme.seeded(4), computer=worker)
    me = Player(app, DM)
    started = await me.say("/new 3 bot")
    table = await me.table()
    assert table.dice.current is not None and table.dice.current.drawn == 0
    commitment = table.dice.current.commitment
    secret = table.secret_commitment
    assert secret is not None and table.dice.master is not None
    assert f"its fingerprint is {secret[:12]}…" in texts(started[:1])
    offer = t("en", "dice-seed-offer", player="Alice", cmd_seed_text="/seed TEXT")
    assert offer in texts(started)
    (board,) = [r for r in started if isinstance(r, SendBoard)]
    assert table.dice.current.short in board.caption
    computer_seed = table.dice.client_seeds["computer:strong"]

    said = texts(await me.say("/seed"))
    assert t("en", "dice-seed-until-roll", cmd_seed_text="/seed TEXT") in said
    said = texts(await me.say("/seed lucky 7"))
    assert "Alice's client seed: “lucky 7”." in said
    assert f"Client seeds: Alice “lucky 7”, Computer (strong) “{computer_seed}”" in said
    assert f"fixed before your seed (fingerprint {secret[:12]}…)" in said
    seeded = await me.table()
    assert seeded.version == table.version  # the board's Roll button still holds
    assert seeded.dice.current is not None and seeded.dice.current.commitment == commitment
    assert seeded.dice.current.seed.client_seeds == ("lucky 7", computer_seed)

    await me.say("roll")
    refused = texts(await me.say("/seed later"))
    assert refused == t("en", "dice-seed-too-late-computer")
    assert (await me.table()).dice.client_seeds[ALICE.ref] == "lucky 7"

    match = await play_out(me, 4)
    assert match.is_over
    assert f"its dice came from the bot's secret {table.dice.master.hex()}" in texts(me.log)
    files = {r.name: r for r in await me.say("/export") if isinstance(r, SendFile)}
    data = json.loads(files["dice.json"].data)
    assert verify(data).ok and len(data["games"]) == len(match.records())
    assert verify(data).secret == secret == data["secret_commitment"]
    assert all(g["client_seeds"] == ["lucky 7", computer_seed] for g in data["games"])
    first = data["games"][0]
    assert first["commitment"] == commitment
    assert hashlib.sha256(bytes.fromhex(first["server_seed"])).hexdigest() == commitment


async def test_in_a_group_only_the_seated_person_gives_a_seed_to_play_the_computer(
    worker: ComputerWorker,
) -> None:
    app = App(MemoryStore(), dice=DiceScheme.seeded(5), computer=worker)
    alice = Player(app, GROUP, ALICE, private=False)
    bob = Player(app, GROUP, BOB, private=False)
    await alice.say("/new 1 bot")
    started = texts(await bob.say("/join"))
    assert t("en", "dice-seed-offer", player="Bob", cmd_seed_text="/seed TEXT") in started
    assert "Alice" not in started.split("Client seeds:")[1]
    assert texts(await alice.say("/seed mine")) == t("en", "error-not-seated")
    assert "Bob's client seed: “his”." in texts(await bob.say("/seed his"))
    table = await bob.table()
    assert table.dice.current is not None and table.dice.current.seed.client_seeds[0] == "his"


# -- whole games --------------------------------------------------------------------------------

GAMES = [
    *[
        ("backgammon", level, seed)
        for level in LEVEL_NAMES
        for seed in (1, 2)[: 1 if level == "expert" else 2]
    ],
    *[("nardy", level, seed) for level in LEVEL_NAMES for seed in (1, 2)],
]
"""Seeded whole matches: two per level and variant (one at backgammon's slow ``expert``)."""


@pytest.mark.parametrize(("variant", "level", "seed"), GAMES)
async def test_whole_games_against_the_computer_are_legal_throughout(
    worker: ComputerWorker, caplog: pytest.LogCaptureFixture, variant: str, level: str, seed: int
) -> None:
    recorder = Recorder(worker)
    app = App(MemoryStore(), dice=Dice(seed * 31 + len(level)), computer=recorder)
    me = Player(app, DM)
    length = ("1" if level == "expert" else "3") if variant == "backgammon" else ""
    await me.say(f"/new {variant} {length} bot {level}".replace("  ", " "))
    with caplog.at_level(logging.WARNING):
        match = await play_out(me, seed)
    assert match.is_over
    check_decisions(recorder)
    assert not [r for r in caplog.records if r.name.startswith("bot.")], caplog.text
    played = [a for _, _, a in recorder.decisions if a is not None and a.kind == "play"]
    assert len(played) >= 5, "the computer made hardly a play"
    captions = "\n".join(r.caption for r in me.seen if isinstance(r, SendBoard))
    assert f"Computer ({level}) rolls" in captions
    if level == "expert":
        assert any(isinstance(r, Thinking) for r in me.seen)
    else:
        assert not any(isinstance(r, Thinking) for r in me.seen)


TO_THE_COMPUTER = re.compile(r"^Computer \(strong\)(, your turn| to play |: )", re.M)
"""A board's line that asks the computer to act (it needs no board)."""


async def test_no_board_asks_the_computer_and_its_board_says_what_came_before(
    worker: ComputerWorker,
) -> None:
    """The update that leaves the computer to act posts no board (it would ask the computer);
    the board of the computer's turn, the person's next one, says first what that update said:
    here who won the opening roll and with what."""
    app = App(MemoryStore(), dice=Dice(1), computer=worker)  # the opening: Alice 2, it 5
    me = Player(app, DM)
    await me.say("/new 1 bot")
    replies = await me.say("roll")
    boards = [r for r in replies if isinstance(r, SendBoard)]
    assert len(boards) == 1 and boards[0].buttons  # Alice's board, after the computer's turn
    computer = "Computer (strong)"
    lines = boards[0].caption.splitlines()
    opening = t("en", "opening-roll", player="Alice", die1=2, opponent=computer, die2=5)
    first = t("en", "opening-first", player=computer, dice="5-2")
    assert lines[:2] == [opening, first]
    assert lines[2].startswith(f"{computer} rolls 5-2 and plays ")
    assert lines[-1] == t("en", "turn-roll-or-double", player="Alice")
    assert (await me.table()).place.notes == ()
    rng = random.Random(1)
    for _ in range(400):
        table = await me.table()
        if table.stage == "over":
            break
        replies = await me.say(person_line(table.state().game, rng))
        boards = [r for r in replies if isinstance(r, SendBoard)]
        assert len(boards) <= 1
        for board in boards:
            assert not TO_THE_COMPUTER.search(board.caption), board.caption
            assert board.buttons, board.caption  # Alice's, or the finished match's Analysis
    else:
        raise AssertionError("the match did not end")


async def test_an_update_delivered_again_before_the_computer_moved_posts_no_board(
    worker: ComputerWorker,
) -> None:
    """The person's update that leaves the computer to act, delivered again before its turn
    was played: the table as it stands, but no board asking the computer; its turn then
    posts the board."""
    app = App(MemoryStore(), dice=Dice(1), computer=worker)  # the opening: Alice 2, it 5
    me = Player(app, DM)
    await me.say("/new 1 bot")
    roll = Update(DM, ALICE, "roll-once", text="roll", private=True)
    first = await app.handle(roll)
    assert not [r for r in first if isinstance(r, SendBoard)]
    again = await app.handle(roll)
    assert texts(again) == t("en", "app-already-done")
    assert not [r for r in again if isinstance(r, SendBoard)]
    after = [r for batch in [b async for b in app.computer_moves(DM)] for r in batch]
    boards = [r for r in after if isinstance(r, SendBoard)]
    assert len(boards) == 1 and boards[0].buttons
    assert boards[0].caption.startswith("Opening roll: Alice 2, Computer (strong) 5.")


async def test_a_position_the_computer_begins_shows_its_turn_first(
    worker: ComputerWorker,
) -> None:
    """``position … bot`` with the computer on roll: no board asks it to roll; the first board
    is the one after its turn, with the game's commitment (given before its roll) and Alice's
    buttons."""
    app = App(MemoryStore(), dice=Dice(2), computer=worker)
    me = Player(app, DM)
    replies = await me.say("/position XGID=-b----E-C---eE---c-e----B-:0:0:-1:00:2:4:1:5:10 bot")
    table = await me.table()
    assert (
        table.dice.current is not None and table.dice.current.drawn > 0
    )  # the computer has rolled
    boards = [r for r in replies if isinstance(r, SendBoard)]
    assert len(boards) == 1 and boards[0].buttons
    caption = boards[0].caption
    assert not TO_THE_COMPUTER.search(caption)
    commitment = t("en", "dice-commitment", commitment=table.dice.current.short, cmd_dice="/dice")
    assert caption.splitlines()[0] == commitment
    assert "Computer (strong) rolls" in caption
    # It rolled before Alice could give a client seed: none is offered, and none is taken.
    assert "drawn at random" not in texts(replies)
    assert texts(await me.say("/seed late")) == t("en", "dice-seed-too-late-computer")


async def test_money_games_with_the_cube_its_doubles_and_answers_are_allowed(
    worker: ComputerWorker,
) -> None:
    recorder = Recorder(worker)
    app = App(MemoryStore(), dice=Dice(11), computer=recorder)
    me = Player(app, DM)
    await me.say("/new money bot")
    rng = random.Random(5)
    answers: set[str] = set()
    for _ in range(1500):
        table = await me.table()
        if table.past.dropped >= 6:  # six games played
            break
        game = table.state().game
        await me.say(person_line(game, rng))
        for _, _, action in recorder.decisions:
            if action is not None:
                answers.add(action.kind)
    check_decisions(recorder)
    cube = {"double", "take", "pass", "beaver"} & answers
    assert cube, answers  # the cube was used, and only where the engine allowed it
    said = texts(me.seen)
    if "take" in answers:
        assert "Computer (strong) takes." in said
    if "pass" in answers:
        assert "Computer (strong) passes." in said
    if "double" in answers:
        assert "Computer (strong) doubles to" in said


async def test_without_a_cube_the_computer_never_doubles(worker: ComputerWorker) -> None:
    recorder = Recorder(worker)
    app = App(MemoryStore(), dice=Dice(12), computer=recorder)
    me = Player(app, DM)
    await me.say("/new money bot cube=off")
    rng = random.Random(6)
    for _ in range(600):
        table = await me.table()
        if table.past.dropped >= 3:
            break
        await me.say(person_line(table.state().game, rng))
    kinds = {a.kind for _, _, a in recorder.decisions if a is not None}
    assert "play" in kinds and not kinds & {"double", "take", "pass", "beaver"}


async def test_the_computer_answers_a_resignation_by_its_equity(worker: ComputerWorker) -> None:
    app = App(MemoryStore(), dice=Dice(4), computer=worker)
    me = Player(app, DM)
    await me.say("/new money bot")
    for _ in range(40):
        game = (await me.table()).state().game
        if game.phase is Phase.ROLL and game.turn == 0:
            break
        await me.say(person_line(game, random.Random(1)))
    said = texts(await me.say("/resign backgammon"))
    # Conceding a backgammon at the start is more than the computer expects to win: accepted.
    assert "Computer (strong) accepts the resignation." in said
    assert (await me.table()).past.dropped == 1  # that game is over; the session goes on


# -- the pipeline: restarts and two processes ----------------------------------------------------


async def waiting_on_computer(player: Player, rng: random.Random) -> Table:
    """Play the person's side until the table waits on the computer (its turn not yet played)."""
    for _ in range(200):
        table = await player.table()
        game = table.state().game
        update_text = person_line(game, rng)
        player.n += 1
        update = Update(player.key, player.user, f"p-{player.n}", text=update_text, private=True)
        await player.app.handle(update)
        table = await player.table()
        match = table.state()
        g = match.game
        waits = g.responder if g.responder is not None else g.turn
        if waits == 1 and not match.is_over:
            return table
        await player.follow()
    raise AssertionError("the computer never got the turn")


async def test_a_turn_left_by_a_stopped_process_is_played_by_the_next_ones_tick(
    worker: ComputerWorker, redis_store: RedisStore
) -> None:
    now = [1_000_000.0]
    first = App(redis_store, dice=Dice(5), computer=worker, clock=lambda: now[0])
    me = Player(first, DM)
    await me.say("/new bot")
    before = await waiting_on_computer(me, random.Random(2))
    # The first process is stopped mid-thought: its computer_moves never runs to the end.
    task = asyncio.ensure_future(anext(aiter(first.computer_moves(DM))))
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert (await me.table()).version == before.version

    second = App(
        RedisStore(redis_store.client), dice=Dice(6), computer=worker, clock=lambda: now[0]
    )
    assert await second.tick(now[0]) == []  # not yet: the first process had its grace
    later = now[0] + worker.budget("strong") + GRACE + 1
    served = await second.tick(later)
    assert [key for key, _ in served] == [DM]
    boards = [r for r in served[0][1] if isinstance(r, SendBoard)]
    assert boards and "Computer (strong)" in boards[-1].caption
    after = await me.table()
    assert after.version > before.version
    game = after.state().game
    assert (game.responder if game.responder is not None else game.turn) in (0, None)
    assert await second.tick(later + 100) == []  # served once


async def test_two_processes_on_one_redis_move_for_the_computer_once_per_turn(
    worker: ComputerWorker, redis_store: RedisStore
) -> None:
    recorder = Recorder(worker)
    first = App(redis_store, dice=Dice(7), computer=recorder)
    second = App(RedisStore(redis_store.client), dice=Dice(8), computer=recorder)
    me = Player(first, DM)
    await me.say("/new money bot")
    rng = random.Random(3)
    turns = 0
    for _ in range(8):
        before = await waiting_on_computer(me, rng)
        # Both processes serve the same turn at once: this one after its own update, the other
        # from its clock task.
        mine, theirs = await asyncio.gather(me.follow(), second.tick(1e12))
        after = await me.table()
        assert after.version == before.version + 1, "the computer moved more than once"
        assert bool(mine) != bool(theirs), "exactly one process applied the turn"
        turns += 1
    assert turns == 8


# -- the worker ----------------------------------------------------------------------------------


async def test_a_worker_killed_mid_evaluation_is_replaced_and_the_move_made() -> None:
    fresh = ComputerWorker(1, ponder=False)  # every decision of the computer's own worker
    await fresh.start()
    try:
        app = App(MemoryStore(), dice=Dice(9), computer=fresh)
        me = Player(app, DM)
        await me.say("/new 3 bot expert")
        table = await waiting_on_computer(me, random.Random(4))
        [pid] = fresh.pids()
        # stopped, the worker cannot finish the decision it is given, however quick: it is
        # killed in the middle of it whatever the machine's speed
        os.kill(pid, signal.SIGSTOP)
        moves = asyncio.ensure_future(me.follow())
        await asyncio.sleep(0.05)
        os.kill(pid, signal.SIGKILL)
        replies = await moves
        assert fresh.replaced == 1 and fresh.pids() and fresh.pids() != [pid]
        assert any(isinstance(r, SendBoard) for r in replies)
        after = await me.table()
        assert after.version == table.version + 1
    finally:
        await fresh.close()


async def test_a_worker_over_its_budget_is_replaced_and_the_move_made_at_0_ply() -> None:
    slow = ComputerWorker(1, {"expert": 0.01}, ponder=False)
    await slow.start()
    try:
        app = App(MemoryStore(), dice=Dice(10), computer=slow)
        me = Player(app, DM)
        await me.say("/new 3 bot expert")
        table = await waiting_on_computer(me, random.Random(5))
        [pid] = slow.pids()
        replies = await me.follow()
        assert slow.replaced >= 1 and pid not in slow.pids()
        assert any(isinstance(r, SendBoard) for r in replies)
        assert (await me.table()).version == table.version + 1
    finally:
        await slow.close()


async def test_position_with_bot_begins_there_against_the_computer(worker: ComputerWorker) -> None:
    app = App(MemoryStore(), dice=Dice(13), computer=worker)
    me = Player(app, DM)
    replies = await me.say(
        "/position XGID=-b----E-C---eE---c-e----B-:0:0:1:52:2:4:1:5:10 bot casual"
    )
    table = await me.table()
    # the person plays X (player 1, on roll, 2 points), the computer O (player 0, 4 points)
    assert table.stage == "play" and [s.user for s in table.seats] == [
        "computer:casual",
        me.user.ref,
    ]
    assert (
        table.dice.current is not None
    )  # its first board (the person's) shows the dice's commitment
    commitment = t("en", "dice-commitment", commitment=table.dice.current.short, cmd_dice="/dice")
    (board,) = [r for r in replies if isinstance(r, SendBoard)]
    assert commitment in board.caption.splitlines()
    assert table.session_score(table.state()) == (4, 2)
    said = texts(await me.say("/position XGID=-b----E-C---eE---c-e----B-:0:0:1:52:2:4:1:5:10 bot"))
    assert "A game is already running here." in said  # refused, nothing changed


async def test_position_with_bot_in_a_group_waits_for_whoever_joins(
    worker: ComputerWorker,
) -> None:
    app = App(MemoryStore(), dice=Dice(13), computer=worker)
    alice = Player(app, GROUP, ALICE, private=False)
    bob = Player(app, GROUP, BOB, private=False)
    xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:2:4:1:5:10"
    lobby = texts(await alice.say(f"/position {xgid} bot casual"))
    assert "Computer (casual)" in lobby
    table = await alice.table()
    assert table.stage == "lobby" and [s.user for s in table.seats] == ["computer:casual"]
    assert table.lobby.setup is not None
    said = texts(await bob.say("/join"))
    assert "Computer (casual) vs Bob" in said
    table = await bob.table()
    # whoever joins plays X (the ID's player 1), the computer O, at the position's score
    assert table.stage == "play" and [s.user for s in table.seats] == ["computer:casual", BOB.ref]
    assert table.session_score(table.state()) == (4, 2)
    assert texts(await alice.say("/join")) and (await alice.table()).seats[1].user == BOB.ref


async def test_the_workers_end_with_the_process_they_work_for(tmp_path: Path) -> None:
    """A bot killed outright (SIGKILL: no shutdown of its pool) leaves no worker behind."""
    import sys
    import time

    script = tmp_path / "host.py"
    script.write_text(
        "import asyncio, sys\n"
        "from bot.ai.worker import ComputerWorker\n"
        "async def main():\n"
        "    worker = ComputerWorker(workers=1)\n"
        "    await worker.start()\n"
        "    print(*worker.pids(), flush=True)\n"
        "    await asyncio.sleep(600)\n"
        'if __name__ == "__main__":\n'
        "    asyncio.run(main())\n"
    )
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parent.parent))
    host = await asyncio.create_subprocess_exec(
        sys.executable, str(script), stdout=asyncio.subprocess.PIPE, env=env, cwd=tmp_path
    )
    assert host.stdout is not None
    line = await asyncio.wait_for(host.stdout.readline(), 60)
    pids = [int(p) for p in line.split()]
    assert pids and all(_alive(pid) for pid in pids)
    host.send_signal(signal.SIGKILL)
    await asyncio.wait_for(host.wait(), 30)
    deadline = time.monotonic() + 30
    while any(_alive(pid) for pid in pids) and time.monotonic() < deadline:
        await asyncio.sleep(0.2)
    assert not any(_alive(pid) for pid in pids)


def _alive(pid: int) -> bool:
    """Whether ``pid`` is a live process (not a zombie waiting for its parent)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(") ", 1)[1][0] != "Z"
    except FileNotFoundError:
        return False
