"""The Discord adapter driven through real discord.py objects (see ``discord_harness``).

Interactions of the shapes Discord sends reach :class:`bot.discord_bot.NardyBot` through
discord.py's own dispatch; the app behind it runs on the memory store or a private Redis with
seeded dice.  The tests read the messages the fake Discord API kept (what a player would see) and
the table state (to choose moves).
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Callable, Coroutine, Iterator
from typing import Any

import discord
import pytest
from discord import app_commands
from discord_harness import (
    APP_ID,
    CHANNEL_PERMISSIONS,
    EPHEMERAL,
    GUILD_ID,
    Driver,
    FakeDiscord,
    Person,
    Place,
    TableReads,
    components_of,
    installed,
    labels,
)
from redis_proxy import ReplyDropper
from test_app_support import Dice, open_store, typed_forms

from bot import runtime
from bot.app import App, Reply, Table, Update
from bot.app.command_parser import COMMANDS
from bot.app.guide import RULES_TOPICS
from bot.app.published import SYNC_LEASE
from bot.app.syntax import say
from bot.app.timing import CALL_AFTER, actor
from bot.discord_bot import NardyBot, serve, table_key
from bot.discord_bot.client import SEAT_COLOURS, cut
from bot.discord_bot.commands import discord_syntax
from bot.discord_bot.components import MAX_STEP_BUTTONS
from bot.i18n import t
from bot.settings import load_settings
from bot.store import MemoryStore, RedisStore, Store
from engine.chouette import BOX, TEAM
from engine.game import Game, Phase
from engine.match import Match

ALICE = Person(100000000000000001, "Alice")
BOB = Person(100000000000000002, "Bob")
CAROL = Person(100000000000000003, "Carol")
EVE = Person(100000000000000005, "Eve")
DIMA = Person(100000000000000006, "Dima", "ru")
PEOPLE = {f"discord:{p.id}": p for p in (ALICE, BOB, CAROL, EVE)}

CHANNEL = Place(600000000000000001)


@pytest.fixture
def fake_discord(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeDiscord]:
    """Discord's HTTP API answered offline for this test."""
    yield from installed(monkeypatch)


@pytest.fixture(params=["memory", "redis"])
async def store(request: pytest.FixtureRequest) -> AsyncIterator[Store]:
    """The adapter runs on the memory store and on a real Redis."""
    async with open_store(request.param, request) as opened:
        yield opened


async def started(store: Store, fake: FakeDiscord, seed: int = 1) -> Driver:
    bot = NardyBot(App(store, dice=Dice(seed)), tick_seconds=None)
    return await Driver.start(bot, fake, CHANNEL)


def app_of(driver: Driver) -> App:
    assert isinstance(driver.client, NardyBot)
    return driver.client.app


async def table(driver: Driver, place: Place = CHANNEL) -> Table:
    found = await app_of(driver).load_table(table_key(place.id))
    assert found is not None
    return found


async def match(driver: Driver) -> Match:
    state = await table(driver)
    assert state.match is not None
    return state.match


def texts(fake: FakeDiscord) -> str:
    """Every public text and embed description, oldest first."""
    out = []
    for m in fake.public():
        out.append(m["content"])
        out += [e.get("description", "") for e in m["embeds"]]
    return "\n".join(out)


def acknowledged_first(fake: FakeDiscord) -> bool:
    """Whether every interaction's first HTTP call was its interaction response."""
    first: dict[str, str] = {}
    for call in fake.calls:
        parts = call.path.strip("/").split("/")
        token = parts[2] if parts[0] in ("webhooks", "interactions") else ""
        if token.startswith("token-") and token not in first:
            first[token] = parts[0]
    return bool(first) and set(first.values()) == {"interactions"}


async def open_match(driver: Driver, args: str = "1", view: str | None = None) -> None:
    await driver.command(ALICE, "new", args)
    assert "Join" in driver.labels()
    if view is not None:
        await driver.command(ALICE, "settings", f"view {view}")
    await driver.click(BOB, "Join")
    assert "Roll" in driver.labels()


async def take_turn(
    driver: Driver, people: list[Person], game: Game, place: Place | None = None
) -> None:
    """The player to act decides with the components (in ``place``, the driver's own by
    default): roll, take, accept a resignation, or build and confirm a play."""
    if game.responder is not None:
        label = "Accept" if game.resign is not None or game.phase is Phase.BEAVERED else "Take"
        await driver.click(people[game.responder], label, place)
        return
    if game.phase is Phase.OPENING:
        await driver.click(people[0], "Roll", place)
        return
    assert game.turn is not None
    person = people[game.turn]
    if game.phase is Phase.ROLL:
        await driver.click(person, "Roll", place)
        return
    for _ in range(8):
        labels = driver.labels(place)
        if "Confirm" in labels:
            await driver.click(person, "Confirm", place)
            return
        step = next((label for label in labels if "→" in label), None)
        if step is None:
            return  # the play was completed and passed on by itself
        await driver.click(person, step, place)
    raise AssertionError("the play never became complete")


# -- a whole game ----------------------------------------------------------------------------


async def test_whole_game_by_buttons(store: Store, fake_discord: FakeDiscord) -> None:
    driver = await started(store, fake_discord, seed=3)
    await open_match(driver, "1", view="text")
    people = [ALICE, BOB]
    for _ in range(2000):
        current = await match(driver)
        if current.is_over:
            break
        await take_turn(driver, people, current.game)
    else:
        raise AssertionError("the game did not end")
    winner = people[current.winner or 0].name
    assert f"{winner} wins the match" in texts(fake_discord)
    boards = [m for m in fake_discord.public() if m["embeds"]]
    # Text boards in a code block; every board but the last had components, now all disabled.
    assert all("```" in m["embeds"][0]["description"] for m in boards)
    assert not any(m["attachments"] for m in boards)
    assert all(components_of(m) for m in boards[:-1])
    # The last board offers only the match's analysis; the others' components are disabled.
    live = [c for m in boards for c in components_of(m) if not c.get("disabled")]
    assert [c.get("label") for c in live] == ["Analysis"] == labels(boards[-1])
    # Steps edited the pressed board in place; every interaction was acknowledged first.
    edits = [c for c in fake_discord.calls if c.method == "PATCH" and c.body.get("embeds")]
    assert edits and acknowledged_first(fake_discord)
    # No refusal on the way.
    assert fake_discord.ephemeral() == []


async def test_picture_board_edited_in_place(fake_discord: FakeDiscord) -> None:
    driver = await started(MemoryStore(), fake_discord, seed=5)
    await open_match(driver, "3")
    for _ in range(12):
        game = (await match(driver)).game
        if game.phase is Phase.MOVE and not game.forced_play and len(game.next_steps()) > 1:
            break
        await take_turn(driver, [ALICE, BOB], game)
    else:
        raise AssertionError("no open play came up")
    board_id, custom_id, value = driver.find(next(s for s in driver.labels() if "→" in s))
    board = fake_discord.messages[board_id]
    assert board["attachments"][0]["filename"] == "board.png"
    assert board["embeds"][0]["image"]["url"] == "attachment://board.png"
    assert fake_discord.file_data[board_id][0].startswith(b"\x89PNG\r\n\x1a\n")
    # The embed carries the game: players and match length, the colour of the player on roll,
    # each seat's pips, checkers off and bar; the picture's alt text says it in words.
    embed = board["embeds"][0]
    assert embed["title"].startswith("Alice – Bob") and "Match to 3" in embed["title"]
    assert embed["color"] in SEAT_COLOURS
    view = (await match(driver)).game
    fields = {f["name"]: f["value"] for f in embed["fields"]}
    assert set(fields) == {"Alice", "Bob"}
    pips = [view.position.pips()[i] for i in (0, 1)]
    assert all("pips" in v and "off" in v and "bar" in v for v in fields.values())
    assert sorted(int(v.split()[0]) for v in fields.values()) == sorted(pips)
    assert "cube 1" in embed["footer"]["text"]
    upload = next(c for c in fake_discord.calls if c.files == ["board.png"] and c.method == "POST")
    alt = upload.body["attachments"][0]["description"]
    assert "Alice – Bob" in alt and "pips" in alt and "bar" in alt and "cube 1" in alt
    assert (await table(driver)).place.board_message == str(board_id)
    mover = [ALICE, BOB][game.turn or 0]
    before = len(fake_discord.messages)
    await driver.press(mover, board_id, custom_id, value)
    edited = fake_discord.messages[board_id]
    assert edited["edited_timestamp"] is not None and edited["attachments"]
    assert len(fake_discord.messages) == before  # the same message, no new one
    assert len((await match(driver)).game.steps) == 1
    # Finishing the play disables this board and posts a new one for the next player.
    await take_turn(driver, [ALICE, BOB], (await match(driver)).game)
    if (await match(driver)).game.turn != game.turn:
        assert all(c.get("disabled") for c in components_of(fake_discord.messages[board_id]))
        newest = fake_discord.public()[-1]
        assert newest["embeds"] and int(newest["id"]) > board_id


async def test_many_steps_come_as_a_select_menu(fake_discord: FakeDiscord) -> None:
    driver = await started(MemoryStore(), fake_discord, seed=7)
    await open_match(driver, "money", view="text")
    people = [ALICE, BOB]
    for _ in range(100):
        game = (await match(driver)).game
        if game.phase is Phase.MOVE and len(set(game.next_steps())) > MAX_STEP_BUTTONS:
            break
        await take_turn(driver, people, game)
    else:
        raise AssertionError("no roll with many next steps came up")
    board = fake_discord.public()[-1]
    menus = [c for c in components_of(board) if c["type"] == 3]
    assert len(menus) == 1 and board["components"][0]["components"] == menus
    steps = set(game.next_steps())
    assert len(menus[0]["options"]) == len(steps)
    assert menus[0]["placeholder"] == t("en", "discord-pick-step")
    assert len(board["components"]) <= 5 and len(list(components_of(board))) <= 25
    # Choosing an option makes that step and edits the board in place.
    option = menus[0]["options"][0]
    mover = people[game.turn or 0]
    await driver.press(mover, int(board["id"]), menus[0]["custom_id"], option["value"])
    after = (await match(driver)).game
    assert len(after.steps) == 1 or after.turn != game.turn
    assert fake_discord.messages[int(board["id"])]["edited_timestamp"] is not None
    assert fake_discord.ephemeral() == []


# -- /move and its autocomplete ---------------------------------------------------------------


async def test_move_autocomplete_offers_exactly_the_legal_plays(
    store: Store, fake_discord: FakeDiscord
) -> None:
    driver = await started(store, fake_discord, seed=4)
    await open_match(driver, "3", view="text")
    people = [ALICE, BOB]
    for _ in range(40):
        game = (await match(driver)).game
        if game.phase is Phase.MOVE and game.dice is not None:
            plays = typed_forms(game)
            if 1 < len(plays) <= 25:
                break
        await take_turn(driver, people, game)
    else:
        raise AssertionError("no roll with a few legal plays came up")
    assert game.turn is not None and game.dice is not None
    mover, other = people[game.turn], people[1 - game.turn]
    offered = await driver.autocomplete(mover, "move", "play", "")
    assert [c["value"] for c in offered] == plays
    assert all(c["name"] == c["value"] and len(c["value"]) <= 100 for c in offered)
    # Typing narrows the list to the plays containing what was typed.
    typed = plays[-1].split()[0]
    narrowed = await driver.autocomplete(mover, "move", "play", typed)
    assert [c["value"] for c in narrowed] == [p for p in plays if typed in p]
    # Nothing for the player who is not on roll, nor for a spectator.
    assert await driver.autocomplete(other, "move", "play", "") == []
    assert await driver.autocomplete(EVE, "move", "play", "") == []
    # The chosen play is made; the board it was made on loses its buttons (a REST edit, as the
    # message is not the one the command came from).
    before = await table(driver)
    assert before.place.board_message is not None
    await driver.command(mover, "move", plays[-1])
    after = await match(driver)
    assert (await table(driver)).version > before.version
    assert after.game.turn != game.turn or after.game.phase is not Phase.MOVE
    old_board = fake_discord.messages[int(before.place.board_message)]
    assert all(c.get("disabled") for c in components_of(old_board))
    assert any(
        c.method == "PATCH" and c.path == f"/channels/{CHANNEL.id}/messages/{old_board['id']}"
        for c in fake_discord.calls
    )


async def test_move_autocomplete_caps_at_25(fake_discord: FakeDiscord) -> None:
    driver = await started(MemoryStore(), fake_discord, seed=4)
    await open_match(driver, "3", view="text")
    people = [ALICE, BOB]
    for _ in range(200):
        game = (await match(driver)).game
        if game.phase is Phase.MOVE and game.dice is not None:
            plays = typed_forms(game)
            if len(plays) > 25:
                break
        await take_turn(driver, people, game)
    else:
        raise AssertionError("no roll with many legal plays came up")
    offered = await driver.autocomplete(people[game.turn or 0], "move", "play", "")
    assert [c["value"] for c in offered] == plays[:25]


# -- the cube ----------------------------------------------------------------------------------


async def test_double_and_take(store: Store, fake_discord: FakeDiscord) -> None:
    driver = await started(store, fake_discord, seed=2)
    await open_match(driver, "money", view="text")
    people = [ALICE, BOB]
    for _ in range(40):
        game = (await match(driver)).game
        if game.phase is Phase.ROLL and "Double" in driver.labels():
            break
        await take_turn(driver, people, game)
    else:
        raise AssertionError("no cube decision came up")
    assert game.turn is not None
    doubler, taker = people[game.turn], people[1 - game.turn]
    await driver.click(doubler, "Double")
    assert {"Take", "Pass"} <= set(driver.labels())
    # The doubler may not take his own cube: an ephemeral refusal, nothing changes.
    version = (await table(driver)).version
    await driver.click(doubler, "Take")
    assert (await table(driver)).version == version and fake_discord.ephemeral()
    await driver.click(taker, "Take")
    after = (await match(driver)).game
    assert after.cube.value == 2 and after.cube.owner == 1 - game.turn
    assert after.phase is Phase.ROLL and after.turn == game.turn


# -- refusals ----------------------------------------------------------------------------------


async def test_stale_and_foreign_presses_are_refused_privately(
    store: Store, fake_discord: FakeDiscord
) -> None:
    driver = await started(store, fake_discord, seed=6)
    await open_match(driver, "3", view="text")
    roll_message, roll_id, _ = driver.find("Roll")
    state = await table(driver)
    # A spectator.
    await driver.click(EVE, "Roll")
    assert fake_discord.ephemeral() == [t("en", "error-not-seated")]
    assert (await table(driver)) == state
    # The opening roll, then a press of the old Roll button (disabled on screen, sent anyway).
    await driver.click(ALICE, "Roll")
    assert (await table(driver)).version > state.version
    assert all(c.get("disabled") for c in components_of(fake_discord.messages[roll_message]))
    moved = await table(driver)
    payload = await driver.press(BOB, roll_message, roll_id)
    assert (await table(driver)) == moved
    response = driver.response_of(payload)
    assert response == {"type": 6}  # acknowledged without a visible answer ...
    stale = fake_discord.ephemeral()[-1]  # ... and refused in a message only Bob sees
    assert stale == t("en", "error-stale")
    refusal = next(m for m in fake_discord.messages.values() if m["content"] == stale)
    assert refusal["flags"] & EPHEMERAL
    # The player who is not on turn.
    game = (await match(driver)).game
    if game.phase is Phase.MOVE and game.turn is not None:
        step = next(label for label in driver.labels() if "→" in label)
        await driver.click([ALICE, BOB][1 - game.turn], step)
        assert (await table(driver)) == moved
        assert fake_discord.ephemeral()[-1] == t("en", "error-not-your-turn")


async def test_refused_commands_are_answered_privately(fake_discord: FakeDiscord) -> None:
    driver = await started(MemoryStore(), fake_discord)
    await open_match(driver, "1", view="text")
    before = await table(driver)
    public = len(fake_discord.public())
    payload = await driver.command(EVE, "roll")
    assert fake_discord.ephemeral() == [t("en", "error-not-seated")]
    assert len(fake_discord.public()) == public and (await table(driver)) == before
    # Sure to be refused (Eve has no seat): deferred privately, no public "thinking…" at all.
    token = payload["token"]
    calls = [(c.method, c.path.split("/")[-1]) for c in fake_discord.calls if token in c.path]
    assert calls == [("POST", "callback"), ("POST", token)]
    assert driver.response_of(payload) == {"type": 5, "data": {"flags": EPHEMERAL}}
    # A refusal that needs the game to tell (Alice may not take a cube nobody offered): the
    # public "thinking…" message is taken away before the private answer.
    payload = await driver.command(ALICE, "take")
    token = payload["token"]
    calls = [(c.method, c.path.split("/")[-1]) for c in fake_discord.calls if token in c.path]
    assert calls == [("POST", "callback"), ("DELETE", "@original"), ("POST", token)]
    assert driver.response_of(payload) == {"type": 5}
    assert len(fake_discord.ephemeral()) == 2 and len(fake_discord.public()) == public
    # Information asked by a spectator is public; so is a command that works.
    await driver.command(EVE, "pips")
    assert len(fake_discord.public()) == public + 1
    await driver.command(ALICE, "roll")
    assert (await table(driver)).version > before.version
    assert fake_discord.ephemeral()[0] == t("en", "error-not-seated")
    # With no table at all a game command is refused privately from the start too.
    elsewhere = Place(600000000000000031)
    payload = await driver.command(ALICE, "roll", place=elsewhere)
    assert driver.response_of(payload) == {"type": 5, "data": {"flags": EPHEMERAL}}
    # So is /new while a game is running.
    payload = await driver.command(BOB, "new", "3")
    assert driver.response_of(payload) == {"type": 5, "data": {"flags": EPHEMERAL}}
    assert fake_discord.ephemeral()[-1] == say("en", discord_syntax, "table-game-running")


# -- chouette ----------------------------------------------------------------------------------


async def test_three_player_chouette(store: Store, fake_discord: FakeDiscord) -> None:
    driver = await started(store, fake_discord, seed=8)
    await driver.command(ALICE, "new", "chouette")
    await driver.command(ALICE, "settings", "view text")
    for person in (BOB, CAROL):
        await driver.click(person, "Join")
    # Only the creator starts it; the refusal is private.
    await driver.click(CAROL, "Start")
    assert fake_discord.ephemeral()
    await driver.click(ALICE, "Start")
    voted = False
    first: int | None = None
    for _ in range(800):
        state = await table(driver)
        assert state.chouette is not None
        ch = state.chouette
        cur = ch.current
        assert cur is not None
        first = cur.number if first is None else first
        if cur.number != first:
            break
        game = cur.game
        box, captain = PEOPLE[cur.box], PEOPLE[cur.captain]
        if cur.vote is not None:
            voter = next(n for n in cur.playing if n not in cur.vote)
            await driver.click(PEOPLE[voter], t("en", "button-vote-double"))
            continue
        if game.phase is Phase.DOUBLED and game.turn == TEAM:
            await driver.click(box, "Take")
            continue
        if game.phase is Phase.DOUBLED and game.turn == BOX:
            member = next(m for m in cur.members if m.playing and m.answer is None)
            await driver.click(PEOPLE[member.name], "Take")
            continue
        if (
            not voted
            and game.phase is Phase.ROLL
            and game.turn == TEAM
            and ch.may_double(cur.captain)
        ):
            await driver.click(captain, "Double")
            voted = True
            continue
        await take_turn(driver, [box, captain], game)
    else:
        raise AssertionError("the first chouette game did not end")
    assert voted
    log = texts(fake_discord)
    assert f"Game {first}:" in log and "Ledger:" in log
    ended = (await table(driver)).chouette
    assert ended is not None
    assert sum(ended.balances().values()) == 0 and any(ended.balances().values())
    assert acknowledged_first(fake_discord)


async def test_a_deleted_board_does_not_stop_the_game(fake_discord: FakeDiscord) -> None:
    driver = await started(MemoryStore(), fake_discord, seed=5)
    await open_match(driver, "1", view="text")
    await driver.click(ALICE, "Roll")
    state = await table(driver)
    assert state.place.board_message is not None
    game = (await match(driver)).game
    assert game.phase is Phase.MOVE and game.dice is not None and game.turn is not None
    # A moderator deletes the board; the player types his play instead.
    fake_discord.delete(int(state.place.board_message))
    play = typed_forms(game)[0]
    await driver.command([ALICE, BOB][game.turn], "move", play)
    assert (await table(driver)).version > state.version
    newest = fake_discord.public()[-1]
    assert newest["embeds"] and "Roll" in driver.labels()
    # The old board is gone with its buttons: nothing to take away, nothing to complain about.
    assert fake_discord.problems == []


async def test_a_board_deleted_while_a_step_is_pressed_is_posted_again(
    fake_discord: FakeDiscord,
) -> None:
    driver = await started(MemoryStore(), fake_discord, seed=5)
    await open_match(driver, "3")
    for _ in range(12):
        game = (await match(driver)).game
        if game.phase is Phase.MOVE and not game.forced_play and len(game.next_steps()) > 1:
            break
        await take_turn(driver, [ALICE, BOB], game)
    else:
        raise AssertionError("no open play came up")
    board_id, custom_id, value = driver.find(next(s for s in driver.labels() if "→" in s))
    fake_discord.delete(board_id)
    await driver.press([ALICE, BOB][game.turn or 0], board_id, custom_id, value)
    # The edit found no message (404): the board with the step made is a new message.
    assert len((await match(driver)).game.steps) == 1
    newest = fake_discord.public()[-1]
    assert int(newest["id"]) > board_id and newest["embeds"] and newest["attachments"]
    assert any("→" in label or label == "Confirm" for label in driver.labels())
    assert fake_discord.ephemeral() == [] and fake_discord.problems == []
    # The table knows its board is the new message at once (the turn's end takes the buttons
    # off that one, not off the deleted one).
    assert (await table(driver)).place.board_message == str(newest["id"])


# -- restarts, threads, direct messages -------------------------------------------------------


async def test_buttons_work_after_the_bot_is_rebuilt(
    redis_url: str, fake_discord: FakeDiscord
) -> None:
    first_store = RedisStore.from_url(redis_url)
    await first_store.client.flushdb()
    driver = await started(first_store, fake_discord, seed=9)
    await open_match(driver, "1", view="text")
    roll_message, roll_id, _ = driver.find("Roll")
    await driver.client.close()
    await first_store.close()
    # A new process: a new store connection, a new app and client; the old message is pressed.
    second_store = RedisStore.from_url(redis_url)
    try:
        second = await started(second_store, fake_discord, seed=9)
        before = await table(second)
        await second.press(ALICE, roll_message, roll_id)
        after = await table(second)
        assert after.version > before.version
        assert fake_discord.ephemeral() == []
        assert all(c.get("disabled") for c in components_of(fake_discord.messages[roll_message]))
        assert after.place.board_message == fake_discord.public()[-1]["id"]
    finally:
        await second_store.close()


async def test_two_processes_share_redis_and_answer_each_interaction_once(
    redis_url: str, fake_discord: FakeDiscord
) -> None:
    stores = [RedisStore.from_url(redis_url), RedisStore.from_url(redis_url)]
    await stores[0].client.flushdb()
    try:
        one = await started(stores[0], fake_discord, seed=10)
        two = await started(stores[1], fake_discord, seed=11)
        await one.command(ALICE, "new", "1")
        await two.click(BOB, "Join")  # the lobby message of process one, pressed via process two
        assert (await table(one)).stage == "play"
        roll_message, roll_id, _ = one.find("Roll")
        payload = await one.press(ALICE, roll_message, roll_id)
        posted = len(fake_discord.messages)
        # The same interaction reaches the other process too (two gateway sessions): it is
        # already acknowledged there, so that process leaves it alone.
        state = await table(two)
        await two.deliver(payload)
        assert await table(two) == state and len(fake_discord.messages) == posted
    finally:
        for opened in stores:
            await opened.close()


async def test_threads_and_direct_messages_are_tables_of_their_own(
    fake_discord: FakeDiscord,
) -> None:
    driver = await started(MemoryStore(), fake_discord)
    thread = Place(600000000000000011, kind=11, parent=CHANNEL.id)
    direct = Place(600000000000000021, kind=1)
    await driver.command(ALICE, "new", "1", place=thread)
    assert await app_of(driver).load_table(table_key(thread.id)) is not None
    assert await app_of(driver).load_table(table_key(CHANNEL.id)) is None
    await driver.click(BOB, "Join", place=thread)
    assert (await table(driver, thread)).stage == "play"
    assert any(int(m["channel_id"]) == thread.id and m["embeds"] for m in fake_discord.public())
    await driver.command(ALICE, "help", place=direct)
    # The help may take more than one message (Discord's 2000 characters): all in the DM.
    sent = [m for m in fake_discord.public() if int(m["channel_id"]) == direct.id]
    assert any("/move" in m["content"] for m in sent)


async def test_a_redelivered_command_is_applied_once(
    fake_discord: FakeDiscord,
) -> None:
    driver = await started(MemoryStore(), fake_discord)
    await open_match(driver, "1")
    payload = await driver.command(ALICE, "roll")
    # The same interaction delivered again (a gateway resume): applied once; the answer shows
    # the table as it stands (its first answer may never have been posted).
    again = dict(payload, token=payload["token"] + "-again")
    fake_discord.channels[again["token"]] = CHANNEL.id
    before = await table(driver)
    await driver.deliver(again)
    after = await table(driver)
    assert after.version == before.version and after.match == before.match
    assert after.place.board_message == fake_discord.public()[-1]["id"]
    assert fake_discord.public()[-1]["embeds"]


async def test_every_interaction_is_acknowledged_before_the_app_works(
    fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    driver = await started(MemoryStore(), fake_discord)
    app = app_of(driver)
    handle = app.handle
    gate = asyncio.Event()
    acknowledged: list[dict[str, Any]] = []

    async def slow(update: Update) -> list[Reply]:
        acknowledged.append(dict(fake_discord.responses))
        await gate.wait()
        return await handle(update)

    monkeypatch.setattr(app, "handle", slow)
    gate.set()
    await open_match(driver, "1")
    gate.clear()
    sends: tuple[Callable[[], Coroutine[Any, Any, dict[str, Any]]], ...] = (
        lambda: driver.command(ALICE, "pips"),
        lambda: driver.click(ALICE, "Roll"),
    )
    for send in sends:
        acknowledged.clear()
        task = asyncio.create_task(send())
        while not acknowledged:
            await asyncio.sleep(0.01)
        # The app is still working and Discord already has its answer (defer, kind 5 or 6).
        newest = list(acknowledged[0].values())[-1]
        assert newest["type"] in (5, 6) and not task.done()
        gate.set()
        await task
        gate.clear()


async def test_move_clock_notices_are_posted_to_the_channel(fake_discord: FakeDiscord) -> None:
    now = [1_000_000.0]
    bot = NardyBot(App(MemoryStore(), dice=Dice(12), clock=lambda: now[0]), tick_seconds=None)
    driver = await Driver.start(bot, fake_discord, CHANNEL)
    await open_match(driver, "3", view="text")
    await driver.command(ALICE, "clock", "1h")
    await driver.click(ALICE, "Roll")
    assert await bot.deliver_ticks() == 0
    now[0] += 3600 * 0.9
    assert await bot.deliver_ticks() == 1
    now[0] += 3600
    assert await bot.deliver_ticks() == 1
    posted = [c for c in fake_discord.calls if c.path == f"/channels/{CHANNEL.id}/messages"]
    assert len(posted) == 2 and all(c.method == "POST" for c in posted)
    assert "left for your move" in posted[0].body["content"]
    assert "time is up" in posted[1].body["content"]
    # The reminder pings the player the clock runs for; "time is up" the one who may claim;
    # nobody else.
    turn = (await match(driver)).game.turn or 0
    late, claimer = [ALICE, BOB][turn], [ALICE, BOB][1 - turn]
    for call, who in zip(posted, (late, claimer), strict=True):
        assert call.body["content"].startswith(f"<@{who.id}> ")
        assert call.body["allowed_mentions"] == {"parse": [], "users": [who.id]}
    claim = posted[1].body["components"][0]["components"][0]
    assert claim["label"] == t("en", "button-claim-game") and claim["custom_id"].startswith("nb:")


async def test_claim_match_by_the_slash_command_option(fake_discord: FakeDiscord) -> None:
    """``/claim what:match`` takes the game and the whole match once the clock has run out;
    ``what:game`` (or no option) the game alone; each is refused while the clock runs."""
    now = [1_000_000.0]
    bot = NardyBot(App(MemoryStore(), dice=Dice(12), clock=lambda: now[0]), tick_seconds=None)
    driver = await Driver.start(bot, fake_discord, CHANNEL)
    await open_match(driver, "5", view="text")
    await driver.command(ALICE, "clock", "1h")
    await driver.click(ALICE, "Roll")
    game = (await match(driver)).game
    assert game.turn is not None
    people = [ALICE, BOB]
    late, claimant = people[game.turn], people[1 - game.turn]
    # While the clock runs the claim is refused (privately) and changes nothing.
    before = await table(driver)
    await driver.command(claimant, "claim", "match")
    assert fake_discord.ephemeral()[-1] == t("en", "error-clock-running")
    assert (await table(driver)).version == before.version
    now[0] += 3600 + 1
    # The late player cannot claim his own time.
    await driver.command(late, "claim", "match")
    assert fake_discord.ephemeral()[-1] == t("en", "error-clock-running")
    assert (await table(driver)).stage == "play"
    await driver.command(claimant, "claim", "match")
    after = await table(driver)
    assert after.stage == "over" and after.forfeit == people.index(claimant)
    said = texts(fake_discord)
    name = claimant.name
    assert t("en", "clock-claimed", player=name, what="match") in said
    assert t("en", "clock-claimed", player=name, what="game") in said
    # The game alone: the match goes on with the next game.
    await open_match(driver, "5", view="text")
    await driver.command(ALICE, "clock", "1h")
    await driver.click(ALICE, "Roll")
    game = (await match(driver)).game
    assert game.turn is not None
    claimant = people[1 - game.turn]
    now[0] += 3600 + 1
    await driver.command(claimant, "claim", "game")
    after = await table(driver)
    state = await match(driver)
    assert after.stage == "play" and after.forfeit is None
    assert not state.game.is_over and state.game.score[people.index(claimant)] == 1


async def test_notices_name_the_commands_as_discord_users_pick_them(
    fake_discord: FakeDiscord,
) -> None:
    """The clock's expiry notice, a refusal and the help name the slash commands with their
    options (``/claim what:match``), in the names a Russian client shows to a Russian player;
    Telegram and the console keep the typed ``/claim match``."""
    now = [1_000_000.0]
    bot = NardyBot(App(MemoryStore(), dice=Dice(12), clock=lambda: now[0]), tick_seconds=None)
    driver = await Driver.start(bot, fake_discord, CHANNEL)
    await open_match(driver, "5", view="text")
    await driver.command(ALICE, "clock", "1h")
    await driver.click(ALICE, "Roll")
    now[0] += 3600 + 1
    await bot.deliver_ticks()
    notice = str(fake_discord.public()[-1]["content"])
    assert "(/claim) or the whole match (/claim what:match)." in notice
    # A refusal: a game is running here.
    await driver.command(ALICE, "new", "3")
    assert fake_discord.ephemeral()[-1] == t(
        "en", "table-game-running", cmd_abort="/abort", cmd_resign="/resign"
    )
    # A Russian player reads the Russian names of the commands and their options.
    other = Place(600000000000000071)
    await driver.command(DIMA, "help", place=other)
    assert t("ru", "help-footer", cmd_help="/помощь", cmd_rules="/правила") in texts(fake_discord)
    assert f"/ход — {t('ru', 'help-move')}" in texts(fake_discord)
    await driver.command(ALICE, "help", "claim", place=other)
    assert fake_discord.public()[-1]["content"].startswith("/claim what:[match]\n")
    await driver.command(ALICE, "help", "move", place=other)
    assert fake_discord.public()[-1]["content"].startswith("/move play:")
    await driver.command(DIMA, "claim", "match", place=other)
    assert fake_discord.ephemeral()[-1] == t("ru", "error-no-table", cmd_new="/новая")
    await driver.command(DIMA, "new", "1", place=other)
    await driver.command(DIMA, "seed", place=other)
    seed_hint = t("ru", "dice-seed-random", cmd_seed_text="/сид текст:ТЕКСТ")
    assert fake_discord.public()[-1]["content"] == seed_hint
    # Telegram and the console keep the typed commands; Belarusian clients see English names.
    assert bot.app.syntax_of("telegram")("en", "claim", "match") == "/claim match"
    assert bot.app.syntax_of("discord")("uk", "claim", "match") == "/забрати що:match"
    assert bot.app.syntax_of("discord")("be", "new", "money") == "/new game:money"


# -- slash command registration --------------------------------------------------------------


async def test_commands_sync_with_russian_and_ukrainian_names(fake_discord: FakeDiscord) -> None:
    driver = await started(MemoryStore(), fake_discord)
    assert isinstance(driver.client, NardyBot)
    await driver.client.sync_commands()
    put = [c for c in fake_discord.calls if c.method == "PUT"]
    assert put[-1].path == f"/applications/{APP_ID}/commands"
    commands = {c["name"]: c for c in put[-1].body}
    assert len(commands) == len(COMMANDS) and {"new", "move", "roll", "double", "take"} <= set(
        commands
    )
    move = commands["move"]
    assert move["name_localizations"] == {"ru": "ход", "uk": "хід"}
    assert move["description"] == t("en", "help-move")
    assert move["description_localizations"]["ru"] == t("ru", "help-move")
    option = move["options"][0]
    assert option["name"] == "play" and option["autocomplete"] and option["required"]
    assert option["name_localizations"] == {"ru": "ход", "uk": "хід"}
    language = commands["language"]["options"][0]
    assert [c["value"] for c in language["choices"]] == ["en", "ru", "uk", "be"]
    # /claim takes what is claimed: the game (the default) or the whole match.
    claim = commands["claim"]["options"][0]
    assert claim["name"] == "what" and not claim.get("required")
    assert claim["name_localizations"] == {
        "ru": t("ru", "discord-param-what"),
        "uk": t("uk", "discord-param-what"),
    }
    assert [c["value"] for c in claim["choices"]] == ["game", "match"]
    assert [c["name"] for c in claim["choices"]] == [
        t("en", "button-claim-game"),
        t("en", "button-claim-match"),
    ]
    assert claim["choices"][1]["name_localizations"] == {
        "ru": t("ru", "button-claim-match"),
        "uk": t("uk", "button-claim-match"),
    }
    for command in commands.values():
        names = [command["name"], *command.get("name_localizations", {}).values()]
        assert all(n == n.lower() and " " not in n and len(n) <= 32 for n in names)
        texts_ = [command["description"], *command.get("description_localizations", {}).values()]
        assert all(0 < len(d) <= 100 for d in texts_)
    # A test guild gets the commands at once.
    guild_bot = NardyBot(App(MemoryStore()), test_guild=GUILD_ID, tick_seconds=None)
    await Driver.start(guild_bot, fake_discord)
    await guild_bot.sync_commands()
    put = [c for c in fake_discord.calls if c.method == "PUT"]
    assert put[-1].path == f"/applications/{APP_ID}/guilds/{GUILD_ID}/commands"
    assert len(put[-1].body) == len(COMMANDS)


def test_localised_strings_fit_discord() -> None:
    """Every catalogue name is a valid command name in each language Discord offers."""

    for lang in ("en", "ru", "uk", "be"):
        names = [t(lang, f"discord-command-{name}") for name in COMMANDS]
        assert len(set(names)) == len(names), lang
        assert all(n.isalpha() and n == n.lower() and len(n) <= 32 for n in names), lang


async def test_answers_in_the_clients_language(fake_discord: FakeDiscord) -> None:
    driver = await started(MemoryStore(), fake_discord)
    before = len(fake_discord.public())
    await driver.command(DIMA, "help")
    # The first of the help's messages (it may take more than one).
    assert fake_discord.public()[before]["content"].startswith(t("ru", "help-title"))


async def test_serve_starts_the_bot_with_the_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    started_with: list[tuple[str, int | None, float | None]] = []

    async def start(self: NardyBot, token: str, *, reconnect: bool = True) -> None:
        started_with.append((token, self.test_guild, self.tick_seconds))

    monkeypatch.setattr(NardyBot, "start", start)
    app = App(MemoryStore())
    alone = load_settings(discord_token="d-token", discord_test_guild=GUILD_ID)
    await serve(app, alone)
    both = load_settings(discord_token="d-token", telegram_token="t-token")
    await serve(app, both)
    # It serves the move clocks of Discord's tables, alone or next to Telegram.
    assert started_with == [("d-token", GUILD_ID, 10.0), ("d-token", None, 10.0)]
    shards: list[tuple[int | None, list[int] | None]] = []

    async def start_shards(self: NardyBot, token: str, *, reconnect: bool = True) -> None:
        shards.append((self.shard_count, self.shard_ids))

    monkeypatch.setattr(NardyBot, "start", start_shards)
    await serve(app, load_settings(discord_token="d", discord_shard_count=4, discord_shards="2,3"))
    assert shards == [(4, [2, 3])]
    with pytest.raises(ValueError, match="DISCORD_TOKEN"):
        await serve(app, load_settings(telegram_token="t-token"))


# -- mentions, a slow store, missing permissions ------------------------------------------------


def message_calls(fake: FakeDiscord) -> list[Any]:
    """Every request that posts or edits a message (channel messages, followups, edits)."""
    return [
        c
        for c in fake.calls
        if c.method in ("POST", "PATCH")
        and not c.path.endswith("/callback")
        and not c.path.startswith("/applications")
        and isinstance(c.body, dict)
    ]


def mentioned(text: str) -> set[str]:
    return set(re.findall(r"<@[!&]?(\d+)>", text))


async def test_no_message_pings_anyone_but_the_players(fake_discord: FakeDiscord) -> None:
    now = [1_000_000.0]
    bot = NardyBot(App(MemoryStore(), dice=Dice(3), clock=lambda: now[0]), tick_seconds=None)
    driver = await Driver.start(bot, fake_discord, CHANNEL)
    assert bot.allowed_mentions is not None
    assert dict(bot.allowed_mentions.to_dict()) == {"parse": [], "users": []}
    await driver.command(ALICE, "new", "1")
    await driver.command(ALICE, "settings", "view text")
    # /invite takes a member from Discord's picker: @everyone or a role cannot be given.
    payload = await driver.command(ALICE, "invite", "@everyone")
    assert driver.response_of(payload) is None
    payload = await driver.command(ALICE, "invite", "<@&700000000000000009>")
    assert driver.response_of(payload) is None
    fake_discord.problems.clear()  # discord.py logs the options it could not convert
    await driver.command(ALICE, "invite", BOB)
    # The invitation names Bob and pings him alone.
    invitation = message_calls(fake_discord)[-1]
    assert f"<@{BOB.id}>" in invitation.body["content"]
    assert invitation.body["allowed_mentions"] == {"parse": [], "users": [BOB.id]}
    await driver.click(BOB, "Join")
    await driver.command(ALICE, "clock", "1h")
    people = [ALICE, BOB]
    for step in range(2000):
        current = await match(driver)
        if current.is_over:
            break
        if step in (5, 40):
            now[0] += 3600 * 0.9
            await bot.deliver_ticks()
        await take_turn(driver, people, current.game)
    else:
        raise AssertionError("the game did not end")
    players = {str(ALICE.id), str(BOB.id)}
    calls = message_calls(fake_discord)
    assert len(calls) > 50
    for call in calls:
        rule = call.body.get("allowed_mentions")
        assert rule is not None, call
        assert not {"everyone", "roles", "users"} & set(rule.get("parse", [])), call
        assert {str(u) for u in rule.get("users", [])} <= players, call
        assert mentioned(str(call.body.get("content") or "")) <= players, call
        for embed in call.body.get("embeds") or []:
            assert mentioned(str(embed.get("description", ""))) <= players, call


def board_posts(calls: list[Any]) -> list[Any]:
    """The calls among ``calls`` that post a new board (a picture board: an embed)."""
    return [c for c in calls if c.method == "POST" and c.body.get("embeds")]


async def test_a_turn_after_a_long_wait_pings_the_player_to_act(fake_discord: FakeDiscord) -> None:
    """The board that hands the game to a player pings him when he has waited a minute or more
    for his opponent (since the game passed to that opponent); no other board, no step, and no
    board in a brisk game pings anybody."""
    now = [1_000_000.0]
    bot = NardyBot(App(MemoryStore(), dice=Dice(7), clock=lambda: now[0]), tick_seconds=None)
    driver = await Driver.start(bot, fake_discord, CHANNEL)
    await open_match(driver, "3")
    people = [ALICE, BOB]
    waiting_since: float | None = None
    pinged = expected = passes = 0
    for step in range(3000):
        before = await match(driver)
        if before.is_over:
            break
        # The player to act thinks for a minute and a half now and then, else a few seconds.
        now[0] += 90 if step % 9 == 4 else 3
        sent = len(fake_discord.calls)
        await take_turn(driver, people, before.game)
        after = await match(driver)
        was = actor(before)
        waits = actor(after)
        boards = board_posts([c for c in fake_discord.calls[sent:] if isinstance(c.body, dict)])
        calls = [c for c in boards if c.body["allowed_mentions"]["users"]]
        changed = waits is not None and waits != was
        if changed and was is not None:
            passes += 1
            assert waiting_since is not None and waits is not None
            if now[0] - waiting_since >= CALL_AFTER:
                expected += 1
                who = people[waits]
                assert len(calls) == 1, (step, boards)
                assert calls[0].body["allowed_mentions"] == {"parse": [], "users": [who.id]}
                assert calls[0].body["content"] == t(
                    "en", "discord-your-turn", player=f"<@{who.id}>"
                )
            else:
                assert calls == [], step
        else:
            assert calls == [], step
        pinged += len(calls)
        if changed:
            waiting_since = now[0]
    else:
        raise AssertionError("the match did not end")
    assert 0 < pinged == expected < passes, (pinged, passes)
    # No other message of the match carried a mention.
    ping_posts = [
        c
        for c in board_posts(message_calls(fake_discord))
        if mentioned(str(c.body.get("content") or ""))
    ]
    assert len(ping_posts) == pinged
    for call in message_calls(fake_discord):
        if call not in ping_posts:
            assert mentioned(str(call.body.get("content") or "")) == set(), call
            assert call.body["allowed_mentions"]["users"] == [], call


async def test_a_brisk_game_pings_nobody(fake_discord: FakeDiscord) -> None:
    now = [1_000_000.0]
    bot = NardyBot(App(MemoryStore(), dice=Dice(8), clock=lambda: now[0]), tick_seconds=None)
    driver = await Driver.start(bot, fake_discord, CHANNEL)
    await open_match(driver, "1", view="text")
    people = [ALICE, BOB]
    for _ in range(2000):
        current = await match(driver)
        if current.is_over:
            break
        now[0] += 5
        await take_turn(driver, people, current.game)
    else:
        raise AssertionError("the game did not end")
    calls = message_calls(fake_discord)
    assert len(calls) > 20
    for call in calls:
        assert call.body["allowed_mentions"] == {"parse": [], "users": []}, call
        assert mentioned(str(call.body.get("content") or "")) == set(), call


async def test_a_kept_seat_is_freed_by_the_lobbys_button(fake_discord: FakeDiscord) -> None:
    """Discord's /invite takes a member, never "off": the lobby's button frees the kept seat,
    for the inviter alone (anyone else is told so privately)."""
    driver = await started(MemoryStore(), fake_discord, seed=3)
    await driver.command(ALICE, "new", "money")
    await driver.command(ALICE, "invite", BOB)
    assert (await table(driver)).lobby.held is not None
    private = len(fake_discord.ephemeral())
    await driver.click(CAROL, "Free the seat")
    assert fake_discord.ephemeral()[private:] == ["You are not playing at this table."]
    assert (await table(driver)).lobby.held is not None
    await driver.click(ALICE, "Free the seat")
    assert (await table(driver)).lobby.held is None
    assert "The seat is open to anyone again." in texts(fake_discord)
    await driver.click(CAROL, "Join")
    assert [s.user for s in (await table(driver)).seats] == [
        f"discord:{ALICE.id}",
        f"discord:{CAROL.id}",
    ]


async def test_a_slow_double_of_the_box_pings_every_member_who_answers(
    fake_discord: FakeDiscord,
) -> None:
    """At a chouette each member takes or passes the box's double himself: after a long wait
    the double's board pings them all, and nobody else."""
    now = [1_000_000.0]
    bot = NardyBot(App(MemoryStore(), dice=Dice(8), clock=lambda: now[0]), tick_seconds=None)
    driver = await Driver.start(bot, fake_discord, CHANNEL)
    await driver.command(ALICE, "new", "chouette")
    for person in (BOB, CAROL):
        await driver.click(person, "Join")
    await driver.click(ALICE, "Start")
    for _ in range(60):
        ch = (await table(driver)).chouette
        assert ch is not None
        cur = ch.current
        assert cur is not None and not cur.is_over
        game = cur.game
        if game.phase is Phase.ROLL and game.turn == BOX and ch.may_double(cur.box):
            break
        now[0] += 5
        await take_turn(driver, [PEOPLE[cur.box], PEOPLE[cur.captain]], game)
    else:
        raise AssertionError("the box never had the cube")
    members = [PEOPLE[m.name] for m in cur.members if m.playing]
    now[0] += 90  # the box thinks a long while
    sent = len(fake_discord.calls)
    await driver.click(PEOPLE[cur.box], "Double")
    fresh = {id(c) for c in fake_discord.calls[sent:]}
    posted = [c for c in message_calls(fake_discord) if id(c) in fresh]
    pinging = [c for c in posted if c.body["allowed_mentions"]["users"]]
    assert len(pinging) == 1, posted
    ids = [m.id for m in members]
    assert sorted(pinging[0].body["allowed_mentions"]["users"]) == sorted(ids)
    mentions = " ".join(f"<@{i}>" for i in ids)
    content = str(pinging[0].body.get("content") or "")
    assert content.startswith(t("en", "discord-your-turn", player=mentions)), content
    assert mentioned(content) == {str(i) for i in ids}


async def test_autocomplete_answers_in_time_from_a_store_that_stalls(
    redis_url: str, fake_discord: FakeDiscord
) -> None:
    proxy = await ReplyDropper(redis_url).start()
    store = RedisStore.from_url(proxy.url)
    await store.client.flushdb()
    try:
        bot = NardyBot(App(store, dice=Dice(4)), tick_seconds=None, autocomplete_budget=0.2)
        driver = await Driver.start(bot, fake_discord, CHANNEL)
        await open_match(driver, "3", view="text")
        people = [ALICE, BOB]
        for _ in range(40):
            game = (await match(driver)).game
            if game.phase is Phase.MOVE and len(typed_forms(game)) > 1:
                break
            await take_turn(driver, people, game)
        else:
            raise AssertionError("no roll with a choice of plays came up")
        mover = people[game.turn or 0]
        offered = await driver.autocomplete(mover, "move", "play", "")
        assert [c["value"] for c in offered] == typed_forms(game)[:25]
        # Redis stops answering: the choices come from this process's copy of the table, and
        # a table it never read offers nothing; either way an answer, not a wait.
        proxy.stall()
        again = await driver.autocomplete(mover, "move", "play", "")
        assert again == offered
        other = Place(600000000000000041)
        assert await driver.autocomplete(mover, "move", "play", "", place=other) == []
        proxy.resume()
    finally:
        proxy.resume()
        await store.close()
        await proxy.close()


async def acknowledged_while_stalled(
    driver: Driver, proxy: ReplyDropper, reads: TableReads, person: Person, command: str
) -> dict[str, Any]:
    """``person`` gives slash command ``command`` while Redis holds every reply: the command
    is acknowledged (waited for as long as it takes), then Redis answers again and the command
    is answered; its payload."""
    reads.watch()
    proxy.stall()
    sent = len(driver.fake.calls)
    task = asyncio.create_task(driver.command(person, command))
    try:
        async with asyncio.timeout(60):
            while not reads.acknowledged:
                await asyncio.sleep(0.01)
    finally:
        proxy.resume()
    payload = await task
    assert any(c.path.endswith(f"{payload['token']}/callback") for c in driver.fake.calls[sent:])
    return payload


async def test_a_command_is_acknowledged_without_waiting_on_a_stalled_store(
    redis_url: str, fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Redis stops answering: a slash command is acknowledged after one round of reads begun
    together and given up together (what decides whether it is deferred privately), not after
    reads one after another, and never after an answer of the store; then it is answered."""
    proxy = await ReplyDropper(redis_url).start()
    store = RedisStore.from_url(proxy.url)
    await store.client.flushdb()
    try:
        driver = await started(store, fake_discord, seed=4)
        assert isinstance(driver.client, NardyBot)
        reads = TableReads(fake_discord)
        reads.install(driver.client.app, monkeypatch)
        await open_match(driver, "3", view="text")
        before = await table(driver)
        # A spectator's game command: the table and the games its channel sent away, both.
        await acknowledged_while_stalled(driver, proxy, reads, EVE, "roll")
        assert sorted(reads.before_acknowledgement()) == [
            ("began", "facts"),
            ("began", "games_away"),
            ("given up", "facts"),
            ("given up", "games_away"),
        ]
        assert reads.waited_on_one_round()
        assert fake_discord.ephemeral() == [t("en", "error-not-seated")]
        assert await table(driver) == before
        # A player's: acknowledged the same way, then played.
        assert (await match(driver)).game.phase is Phase.OPENING
        await acknowledged_while_stalled(driver, proxy, reads, ALICE, "roll")
        assert reads.waited_on_one_round()
        assert (await table(driver)).version > before.version
    finally:
        proxy.resume()
        await store.close()
        await proxy.close()


async def test_without_attach_files_or_embed_links_the_board_is_text(
    fake_discord: FakeDiscord,
) -> None:
    bare = Place(CHANNEL.id, permissions=CHANNEL_PERMISSIONS & ~(1 << 15))  # no Attach Files
    plain = Place(CHANNEL.id, permissions=CHANNEL_PERMISSIONS & ~(1 << 14))  # no Embed Links
    driver = await started(MemoryStore(), fake_discord, seed=5)
    await driver.command(ALICE, "new", "3", place=bare)
    await driver.click(BOB, "Join", place=bare)
    board = fake_discord.public()[-1]
    assert board["embeds"] == [] and board["attachments"] == []
    assert "```" in board["content"] and "Roll" in driver.labels()
    await driver.click(ALICE, "Roll", place=plain)
    board = fake_discord.public()[-1]
    assert board["embeds"] == [] and board["attachments"] == [] and "```" in board["content"]
    # With both the picture comes back.
    await take_turn(driver, [ALICE, BOB], (await match(driver)).game)
    assert any(m["attachments"] for m in fake_discord.public())
    # An export needs Attach Files: without it the player is told why, and no file is sent.
    sent = len(fake_discord.calls)
    await driver.command(ALICE, "export", place=bare)
    assert fake_discord.public()[-1]["content"] == t("en", "discord-no-files")
    assert not any(c.files for c in fake_discord.calls[sent:])


async def test_a_clock_notice_the_bot_may_not_post_is_posted_later(
    fake_discord: FakeDiscord,
) -> None:
    now = [1_000_000.0]
    bot = NardyBot(App(MemoryStore(), dice=Dice(12), clock=lambda: now[0]), tick_seconds=None)
    driver = await Driver.start(bot, fake_discord, CHANNEL)
    await open_match(driver, "3", view="text")
    await driver.command(ALICE, "clock", "1h")
    await driver.click(ALICE, "Roll")
    # A moderator takes Send Messages away: the reminder is refused (403) and not counted sent.
    fake_discord.forbidden.add(CHANNEL.id)
    now[0] += 3600 * 0.9
    assert await bot.deliver_ticks() == 1
    assert [r.getMessage() for r in fake_discord.problems if "403" in r.getMessage()]
    fake_discord.problems.clear()
    assert not (await table(driver)).clock.reminded
    fake_discord.forbidden.clear()
    now[0] += 60
    assert await bot.deliver_ticks() == 1
    posted = [c for c in fake_discord.calls if c.path == f"/channels/{CHANNEL.id}/messages"]
    assert "left for your move" in posted[-1].body["content"]
    assert (await table(driver)).clock.reminded
    # The same for the expiry notice.
    fake_discord.forbidden.add(CHANNEL.id)
    now[0] += 3600
    assert await bot.deliver_ticks() == 1
    fake_discord.problems.clear()
    fake_discord.forbidden.clear()
    now[0] += 10
    assert await bot.deliver_ticks() == 1
    posted = [c for c in fake_discord.calls if c.path == f"/channels/{CHANNEL.id}/messages"]
    assert "time is up" in posted[-1].body["content"]
    # Each notice reached the channel once, after it was refused once.
    said = texts(fake_discord)
    assert said.count("left for your move") == 1 and said.count("time is up") == 1


async def test_an_interaction_is_answered_where_the_bot_may_not_post_by_itself(
    fake_discord: FakeDiscord,
) -> None:
    """Send Messages taken away (or a user install in a server without the bot): the channel's
    own calls are refused (403), the interaction's answers are not.  The old board's buttons,
    cleared through the channel, are refused alone; the new board is posted all the same."""
    driver = await started(MemoryStore(), fake_discord)
    await open_match(driver, "1")
    old = (await table(driver)).place.board_message
    fake_discord.forbidden.add(CHANNEL.id)
    await driver.command(ALICE, "roll")
    refused = [r.getMessage() for r in fake_discord.problems]
    assert len(refused) == 1 and "403" in refused[0] and "ClearButtons" in refused[0]
    fake_discord.problems.clear()
    assert old is not None and "Roll" in labels(fake_discord.messages[int(old)])
    board = fake_discord.public()[-1]
    assert board["embeds"] and (await table(driver)).place.board_message == board["id"] != old


# -- direct messages, group chats, user installs ------------------------------------------------


async def test_the_direct_messages_with_the_bot_keep_no_seat_for_anyone(
    fake_discord: FakeDiscord,
) -> None:
    driver = await started(MemoryStore(), fake_discord)
    direct = Place(600000000000000051, kind=1)
    await driver.command(ALICE, "new", "1", place=direct)
    before = await table(driver, direct)
    # Alice presses Join on her own lobby: told why nobody can join here, not "you have a seat".
    payload = await driver.click(ALICE, "Join", place=direct)
    answer = driver.response_of(payload)
    assert answer is not None and answer["type"] == 4
    assert answer["data"]["content"] == t("en", "discord-dm-join")
    assert answer["data"]["flags"] == EPHEMERAL
    assert answer["data"]["allowed_mentions"] == {"parse": [], "users": []}
    # /invite would keep the seat for someone who cannot see this chat: refused, nothing kept.
    payload = await driver.command(ALICE, "invite", BOB, place=direct)
    answer = driver.response_of(payload)
    assert answer is not None and answer["data"]["content"] == say(
        "en", discord_syntax, "discord-dm-invite"
    )
    assert answer["data"]["flags"] == EPHEMERAL
    assert await table(driver, direct) == before and before.lobby.held is None
    # Boards in the direct messages are pictures.
    assert fake_discord.public()[-1]["channel_id"] == str(direct.id)


async def test_a_group_chat_by_user_install_plays_and_invites(fake_discord: FakeDiscord) -> None:
    driver = await started(MemoryStore(), fake_discord)
    group = Place(600000000000000061, kind=3)
    await driver.command(ALICE, "new", "1", place=group)
    await driver.command(ALICE, "invite", BOB, place=group)
    assert (await table(driver, group)).lobby.held is not None
    await driver.click(BOB, "Join", place=group)
    state = await table(driver, group)
    assert state.stage == "play" and [s.name for s in state.seats] == ["Alice", "Bob"]
    assert fake_discord.ephemeral() == []


async def test_commands_offer_what_may_be_written_after_them(fake_discord: FakeDiscord) -> None:
    """``/new``, ``/clock``, ``/settings`` and ``/help`` autocomplete what they take, labelled
    in the client's language (and ``/help`` names the commands as that client shows them)."""
    driver = await started(MemoryStore(), fake_discord)
    assert isinstance(driver.client, NardyBot)
    await driver.client.sync_commands()
    uploaded = {c["name"]: c for c in fake_discord.synced}
    for name in ("new", "clock", "settings", "help", "move"):
        assert uploaded[name]["options"][0]["autocomplete"] is True, name
    assert await driver.autocomplete(ALICE, "new", "game", "nar") == [
        {"name": "Long nardy", "value": "nardy"}
    ]
    assert await driver.autocomplete(DIMA, "new", "game", "длин") == [
        {"name": "Длинные нарды", "value": "nardy"}
    ]
    offered = await driver.autocomplete(ALICE, "new", "game", "")
    assert len(offered) == 25 and offered[0] == {"name": "Match to 1 point", "value": "1"}
    assert all(len(c["name"]) <= 100 and len(c["value"]) <= 100 for c in offered)
    assert [c["value"] for c in await driver.autocomplete(ALICE, "clock", "time", "1")] == [
        "1m",
        "1h",
        "1d",
    ]
    assert await driver.autocomplete(ALICE, "settings", "setting", "text") == [
        {"name": "Board: text", "value": "view text"}
    ]
    helped = await driver.autocomplete(DIMA, "help", "command", "хо")
    assert helped[0] == {"name": cut(f"/ход — {t('ru', 'help-move')}", 100), "value": "move"}
    # What is chosen is what the command is run with.
    await driver.command(ALICE, "new", "nardy")
    assert (await table(driver)).variant == "long_nardy"


async def test_rules_takes_a_topic_offered_in_the_clients_language(
    fake_discord: FakeDiscord,
) -> None:
    """``/rules topic:`` autocompletes every topic, titled in the client's language, and answers
    with that topic; the overview names the topics as the client writes them."""
    driver = await started(MemoryStore(), fake_discord)
    assert isinstance(driver.client, NardyBot)
    await driver.client.sync_commands()
    rules = {c["name"]: c for c in fake_discord.synced}["rules"]
    option = rules["options"][0]
    assert option["name"] == "topic" and option["autocomplete"] and not option.get("required")
    assert option["name_localizations"] == {"ru": "тема", "uk": "тема"}
    offered = await driver.autocomplete(ALICE, "rules", "topic", "")
    assert [c["value"] for c in offered] == list(RULES_TOPICS)
    assert offered[1] == {"name": "Long nardy", "value": "nardy"}
    assert await driver.autocomplete(DIMA, "rules", "topic", "коротк") == [
        {"name": "Короткие нарды", "value": "backgammon"}
    ]
    # The topic chosen is the topic answered, in one message each.
    await driver.command(ALICE, "rules", "nardy")
    assert fake_discord.public()[-1]["content"].startswith("Long nardy. ")
    await driver.command(DIMA, "rules", "koks")
    answer = fake_discord.public()[-1]["content"]
    assert answer.startswith("koks — ") and answer.endswith("/новая игра:nardy koks=on")
    await driver.command(DIMA, "rules")
    overview = fake_discord.public()[-1]["content"]
    assert "/правила тема:nardy" in overview and "/правила тема:ОПЦИЯ" in overview


async def test_commands_are_offered_in_every_context_and_install(
    fake_discord: FakeDiscord,
) -> None:
    driver = await started(MemoryStore(), fake_discord)
    assert isinstance(driver.client, NardyBot)
    await driver.client.sync_commands()
    put = [c for c in fake_discord.calls if c.method == "PUT"][-1]
    for command in put.body:
        assert sorted(command["contexts"]) == [0, 1, 2], command["name"]
        assert sorted(command["integration_types"]) == [0, 1], command["name"]


def command_puts(fake: FakeDiscord) -> list[str]:
    """The paths of the command uploads so far."""
    return [c.path for c in fake.calls if c.method == "PUT" and c.path.startswith("/applications")]


async def rules_again(interaction: discord.Interaction[Any]) -> None:
    """A command that is not in the bot's set (its set changed)."""


async def redis_bot(redis_url: str, **options: Any) -> NardyBot:
    """A bot process of the deployment: its own client of the shared Redis."""
    return NardyBot(App(RedisStore.from_url(redis_url)), tick_seconds=None, **options)


async def test_commands_are_synced_once_for_the_whole_deployment(
    fake_discord: FakeDiscord, redis_url: str
) -> None:
    flush = RedisStore.from_url(redis_url)
    await flush.client.flushdb()
    await flush.close()
    # Eight shards start together on one Redis: one uploads the commands, the others skip.
    shards = [await redis_bot(redis_url, shard_id=i, shard_count=8) for i in range(8)]
    for shard in shards:
        await Driver.start(shard, fake_discord)
    await asyncio.gather(*(shard.setup_hook() for shard in shards))
    assert command_puts(fake_discord) == [f"/applications/{APP_ID}/commands"]
    # A restart, or a new process of the deployment: the same commands, no upload.
    again = await redis_bot(redis_url)
    await Driver.start(again, fake_discord)
    await again.setup_hook()
    assert len(command_puts(fake_discord)) == 1
    # A changed command set (one more command here) is uploaded once, by one of two processes.
    changed = [await redis_bot(redis_url) for _ in range(2)]
    for bot in changed:
        bot.tree.add_command(
            app_commands.Command(name="extra", description="one more", callback=rules_again)
        )
        await Driver.start(bot, fake_discord)
    await asyncio.gather(*(bot.setup_hook() for bot in changed))
    assert len(command_puts(fake_discord)) == 2
    assert "extra" in [c["name"] for c in fake_discord.synced]
    # A test guild is a place of its own: its commands are uploaded there.
    guild_bot = await redis_bot(redis_url, test_guild=GUILD_ID)
    await Driver.start(guild_bot, fake_discord)
    await guild_bot.setup_hook()
    await guild_bot.setup_hook()
    assert command_puts(fake_discord)[2:] == [f"/applications/{APP_ID}/guilds/{GUILD_ID}/commands"]
    for bot in [*shards, again, *changed, guild_bot]:
        await bot.app.store.close()


async def test_a_failed_upload_is_tried_again_after_the_claim_lapses(
    fake_discord: FakeDiscord,
) -> None:
    store = MemoryStore()
    now = [1_000_000.0]
    store.clock = lambda: now[0]
    first = NardyBot(App(store), tick_seconds=None)
    await Driver.start(first, fake_discord)
    fake_discord.refuse_sync = True
    with pytest.raises(discord.HTTPException):
        await first.setup_hook()
    fake_discord.refuse_sync = False
    # Meanwhile another process claimed nothing new: the claim of the failed one still holds.
    second = NardyBot(App(store), tick_seconds=None)
    await Driver.start(second, fake_discord)
    await second.setup_hook()
    assert len(command_puts(fake_discord)) == 1  # the refused one
    now[0] += SYNC_LEASE + 1
    await second.setup_hook()
    assert len(command_puts(fake_discord)) == 2 and fake_discord.synced


async def test_the_sync_commands_command_uploads_and_records(
    fake_discord: FakeDiscord, redis_url: str
) -> None:
    flush = RedisStore.from_url(redis_url)
    await flush.client.flushdb()
    await flush.close()
    settings = load_settings(discord_token="d-token", redis_url=redis_url)
    assert await runtime.sync_commands(settings) == 0
    assert command_puts(fake_discord) == [f"/applications/{APP_ID}/commands"]
    assert len(fake_discord.synced) == len(COMMANDS)
    # The processes that start next find the commands recorded: no upload.
    started_bot = await redis_bot(redis_url)
    await Driver.start(started_bot, fake_discord)
    await started_bot.setup_hook()
    assert len(command_puts(fake_discord)) == 1
    # The command uploads whatever is recorded (after a change made by hand in Discord, say).
    assert await runtime.sync_commands(settings) == 0
    assert len(command_puts(fake_discord)) == 2
    await started_bot.app.store.close()
    # Without a token there is nothing to upload.
    assert await runtime.sync_commands(load_settings(redis_url=redis_url)) == 2
    assert [r.getMessage() for r in fake_discord.problems] == [
        "DISCORD_TOKEN is not set: there are no commands to upload"
    ]
    fake_discord.problems.clear()


def test_python_m_bot_sync_commands_exits_with_the_status(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[Any] = []

    async def upload(settings: Any) -> int:
        seen.append(settings.discord_token.get_secret_value())
        return 0

    monkeypatch.setenv("DISCORD_TOKEN", "d-token")
    monkeypatch.setattr(runtime, "sync_commands", upload)
    with pytest.raises(SystemExit) as exit_:
        runtime.main(["sync-commands"])
    assert exit_.value.code == 0 and seen == ["d-token"]
