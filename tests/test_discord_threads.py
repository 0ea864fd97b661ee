"""A thread per game (``bot.discord_bot.threads``), through real discord.py objects.

The lobby is in a text channel; the game, once it begins, in a public thread Discord opens from
the lobby message (the fake answers the thread calls as Discord does: 403 without the
permission, 404 Unknown Channel for a deleted thread, 50083 for a message in an archived one);
the result comes back to the channel and the thread is archived.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
from discord_harness import (
    ALL_PERMISSIONS,
    CREATE_PUBLIC_THREADS,
    EPHEMERAL,
    Driver,
    FakeDiscord,
    Person,
    Place,
    TableReads,
    installed,
)
from redis_proxy import ReplyDropper
from test_app_support import Dice, open_store

from bot.ai.worker import ComputerWorker
from bot.app import App, Table
from bot.discord_bot import NardyBot, table_key
from bot.i18n import t
from bot.store import MemoryStore, RedisStore, Store
from engine.game import Game, Phase
from engine.match import Match

ALICE = Person(100000000000000001, "Alice")
BOB = Person(100000000000000002, "Bob")
CAROL = Person(100000000000000003, "Carol")
PEOPLE = [ALICE, BOB]

CHANNEL = Place(600000000000000101, permissions=ALL_PERMISSIONS)
"""A text channel where the bot may open threads (and manage them)."""


@pytest.fixture
def fake_discord(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeDiscord]:
    yield from installed(monkeypatch)


@pytest.fixture(params=["memory", "redis"])
async def store(request: pytest.FixtureRequest) -> AsyncIterator[Store]:
    async with open_store(request.param, request) as opened:
        yield opened


async def started(store: Store, fake: FakeDiscord, seed: int = 3) -> Driver:
    bot = NardyBot(App(store, dice=Dice(seed)), tick_seconds=None)
    return await Driver.start(bot, fake, CHANNEL)


def app_of(driver: Driver) -> App:
    assert isinstance(driver.client, NardyBot)
    return driver.client.app


async def table_at(driver: Driver, place: Place) -> Table | None:
    return await app_of(driver).load_table(table_key(place.id))


async def match_at(driver: Driver, place: Place) -> Match:
    found = await table_at(driver, place)
    assert found is not None and found.match is not None, found
    return found.match


def posted_in(fake: FakeDiscord, place: Place) -> list[str]:
    """The public texts (content and embed descriptions) posted in ``place``, oldest first."""
    out: list[str] = []
    for m in fake.public():
        if int(m["channel_id"]) == place.id:
            out.append(m["content"])
            out += [e.get("description", "") for e in m["embeds"]]
    return out


def boards_in(fake: FakeDiscord, place: Place) -> int:
    return sum(1 for m in fake.public() if int(m["channel_id"]) == place.id and m["embeds"])


def told_privately(fake: FakeDiscord, payload: dict[str, Any]) -> list[str]:
    """The texts the user of interaction ``payload`` alone was sent in answer: its response,
    or ephemeral follow-ups."""
    token = payload["token"]
    told: list[str] = []
    response = fake.responses.get(token) or {}
    data = response.get("data") or {}
    if response.get("type") == 4 and data.get("flags", 0) & EPHEMERAL:
        told.append(data["content"])
    for call in fake.calls:
        body = call.body if isinstance(call.body, dict) else {}
        followup = call.method == "POST" and call.path.startswith("/webhooks/")
        if followup and call.path.endswith(token) and body.get("flags", 0) & EPHEMERAL:
            told.append(body["content"])
    return told


PRIVATE_THINKING = {"type": 5, "data": {"flags": EPHEMERAL}}
"""A slash command's deferral that nobody else sees."""


def thread_calls(fake: FakeDiscord) -> list[str]:
    return [c.path for c in fake.calls if c.method == "POST" and c.path.endswith("/threads")]


async def take_turn(driver: Driver, game: Game, place: Place) -> None:
    """The player to act decides with the components in ``place``."""
    if game.responder is not None:
        label = "Accept" if game.resign is not None or game.phase is Phase.BEAVERED else "Take"
        await driver.click(PEOPLE[game.responder], label, place)
        return
    if game.phase is Phase.OPENING:
        await driver.click(ALICE, "Roll", place)
        return
    assert game.turn is not None
    person = PEOPLE[game.turn]
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
            return
        await driver.click(person, step, place)
    raise AssertionError("the play never became complete")


async def play_out(driver: Driver, place: Place, turns: int = 2000) -> Match:
    for _ in range(turns):
        current = await match_at(driver, place)
        if current.is_over:
            return current
        await take_turn(driver, current.game, place)
    raise AssertionError("the game did not end")


async def open_and_join(driver: Driver, length: str = "1") -> Place:
    """Alice opens a text-board match in the channel, Bob joins; the game's thread."""
    await driver.command(ALICE, "new", length)
    await driver.command(ALICE, "settings", "view text")
    await driver.click(BOB, "Join")
    return driver.fake.thread_of(CHANNEL.id)


# -- a whole game in its thread -------------------------------------------------------------


async def test_whole_game_in_its_own_thread(store: Store, fake_discord: FakeDiscord) -> None:
    driver = await started(store, fake_discord)
    await driver.command(ALICE, "new", "1")
    await driver.command(ALICE, "settings", "view text")
    lobby, _, _ = driver.find("Join")
    await driver.click(BOB, "Join")
    thread = fake_discord.thread_of(CHANNEL.id)
    # Opened from the lobby message, named after the players and the game.
    assert thread.id == lobby
    assert fake_discord.threads[thread.id]["name"] == "Alice vs Bob — match to 1 point"
    assert thread_calls(fake_discord) == [f"/channels/{CHANNEL.id}/messages/{lobby}/threads"]
    # The table moved into the thread; the channel keeps a closed table and its settings.
    moved = await table_at(driver, thread)
    assert moved is not None and moved.stage == "play" and moved.place.origin == str(CHANNEL.id)
    left = await table_at(driver, CHANNEL)
    assert left is not None and left.stage == "over" and left.settings.view == "text"
    away = await app_of(driver).games_away(table_key(CHANNEL.id))
    assert [(g.chat, g.players) for g in away] == [
        (str(thread.id), (f"discord:{ALICE.id}", f"discord:{BOB.id}"))
    ]
    # The channel is told where the game is; the boards and the players' names are there.
    channel_boards = boards_in(fake_discord, CHANNEL)
    assert channel_boards == 0
    assert t("en", "discord-thread-opened", thread=f"<#{thread.id}>") in posted_in(
        fake_discord, CHANNEL
    )
    first = next(m for m in fake_discord.public() if int(m["channel_id"]) == thread.id)
    assert f"<@{ALICE.id}>" in first["content"] and f"<@{BOB.id}>" in first["content"]
    welcome = next(c for c in fake_discord.calls if c.path == f"/channels/{thread.id}/messages")
    mentions = welcome.body["allowed_mentions"]
    assert mentions["parse"] == [] and set(mentions["users"]) == {ALICE.id, BOB.id}
    # The whole game is played with the thread's buttons.
    final = await play_out(driver, thread)
    winner = PEOPLE[final.winner or 0].name
    assert boards_in(fake_discord, CHANNEL) == 0 and boards_in(fake_discord, thread) > 2
    assert any(f"{winner} wins the match" in text for text in posted_in(fake_discord, thread))
    # The result is posted back in the channel, once; the thread is archived and locked.
    result = [
        text
        for text in posted_in(fake_discord, CHANNEL)
        if text.startswith(t("en", "discord-thread-result", thread=f"<#{thread.id}>"))
    ]
    assert len(result) == 1 and f"{winner} wins the match 1–0." in result[0]
    meta = fake_discord.threads[thread.id]["thread_metadata"]
    assert meta["archived"] and meta["locked"]
    assert await app_of(driver).games_away(table_key(CHANNEL.id)) == []
    # The channel is free for the next game at once, with its settings.
    await driver.command(ALICE, "new", "3")
    assert "Join" in driver.labels(CHANNEL)
    assert fake_discord.ephemeral() == []


async def test_a_game_begun_where_there_are_no_threads_stays_there(
    fake_discord: FakeDiscord,
) -> None:
    """A thread, a direct message, a group chat and a voice channel's chat have no threads of
    their own: a game begun there stays there."""
    driver = await started(MemoryStore(), fake_discord)
    places = [
        Place(600000000000000111, kind=11, parent=CHANNEL.id, permissions=ALL_PERMISSIONS),
        Place(600000000000000112, kind=2, permissions=ALL_PERMISSIONS),
        Place(600000000000000113, kind=3, permissions=ALL_PERMISSIONS),
    ]
    for place in places:
        await driver.command(ALICE, "new", "1", place=place)
        await driver.click(BOB, "Join", place=place)
        state = await table_at(driver, place)
        assert state is not None and state.stage == "play" and state.place.origin is None
        assert boards_in(fake_discord, place) == 1
    assert thread_calls(fake_discord) == []
    assert fake_discord.ephemeral() == []


# -- the option, and channels where the bot may not open threads -----------------------------


async def test_threads_turned_off_by_an_administrator(fake_discord: FakeDiscord) -> None:
    driver = await started(MemoryStore(), fake_discord)
    await driver.command(ALICE, "new", "1")
    await driver.command(ALICE, "settings", "threads off")
    assert t("en", "settings-saved") in posted_in(fake_discord, CHANNEL)
    await driver.command(ALICE, "settings")
    assert t("en", "settings-threads", value="off") in "\n".join(posted_in(fake_discord, CHANNEL))
    await driver.click(BOB, "Join")
    assert thread_calls(fake_discord) == [] and boards_in(fake_discord, CHANNEL) == 1
    state = await table_at(driver, CHANNEL)
    assert state is not None and state.stage == "play" and not state.settings.threads
    await driver.click(ALICE, "Roll")
    assert thread_calls(fake_discord) == [] and boards_in(fake_discord, CHANNEL) == 2


async def test_threads_setting_is_an_administrators(fake_discord: FakeDiscord) -> None:
    driver = await started(MemoryStore(), fake_discord)
    await driver.command(ALICE, "new", "1")
    payload = driver._base(
        2,
        BOB,
        {
            "id": "1",
            "name": "settings",
            "type": 1,
            "options": [{"name": "setting", "type": 3, "value": "threads off"}],
        },
        None,
    )
    payload["member"]["permissions"] = "0"  # no Manage Server
    await driver.deliver(payload)
    assert t("en", "settings-threads-admin") in fake_discord.ephemeral()
    state = await table_at(driver, CHANNEL)
    assert state is not None and state.settings.threads


async def test_no_thread_permission_keeps_the_game_in_the_channel(
    fake_discord: FakeDiscord,
) -> None:
    """Without Create Public Threads in the interaction's permissions nothing is asked of
    Discord: the game is played in the channel, as before."""
    bare = Place(CHANNEL.id, permissions=ALL_PERMISSIONS & ~CREATE_PUBLIC_THREADS)
    driver = await started(MemoryStore(), fake_discord)
    await driver.command(ALICE, "new", "1", place=bare)
    await driver.click(BOB, "Join", place=bare)
    assert thread_calls(fake_discord) == [] and boards_in(fake_discord, CHANNEL) == 1
    assert fake_discord.ephemeral() == []


@pytest.mark.parametrize("code", [50013, 50001])
async def test_thread_refused_by_discord_falls_back_to_the_channel(
    store: Store, fake_discord: FakeDiscord, code: int
) -> None:
    """Discord answers 403 Missing Permissions or Missing Access (the channel's overwrites say
    otherwise than the interaction): a notice, and the whole game in the channel, never a lost
    board."""
    fake_discord.no_threads[CHANNEL.id] = code
    driver = await started(store, fake_discord)
    await driver.command(ALICE, "new", "1")
    await driver.command(ALICE, "settings", "view text")
    await driver.click(BOB, "Join")
    assert len(thread_calls(fake_discord)) == 1
    assert t("en", "discord-thread-refused") in posted_in(fake_discord, CHANNEL)
    state = await table_at(driver, CHANNEL)
    assert state is not None and state.stage == "play" and state.place.origin == str(CHANNEL.id)
    assert boards_in(fake_discord, CHANNEL) == 1
    final = await play_out(driver, CHANNEL)
    assert final.is_over
    # Tried once, not again at every turn; the result is not repeated as a thread's.
    assert len(thread_calls(fake_discord)) == 1
    assert not any(text.startswith("The game in <#") for text in posted_in(fake_discord, CHANNEL))
    assert fake_discord.ephemeral() == []


async def test_a_lobby_message_with_a_thread_already_gets_a_thread_of_its_own(
    fake_discord: FakeDiscord,
) -> None:
    """Someone opened a thread on the lobby message (Discord: 160004): the game's thread is
    opened on its own in the channel."""
    driver = await started(MemoryStore(), fake_discord)
    await driver.command(ALICE, "new", "1")
    lobby, _, _ = driver.find("Join")
    fake_discord.threads[lobby] = {"id": str(lobby), "parent_id": "1", "thread_metadata": {}}
    await driver.click(BOB, "Join")
    fake_discord.threads.pop(lobby)
    thread = fake_discord.thread_of(CHANNEL.id)
    assert thread.id != lobby
    assert thread_calls(fake_discord)[-1] == f"/channels/{CHANNEL.id}/threads"
    assert boards_in(fake_discord, thread) == 1 and boards_in(fake_discord, CHANNEL) == 0


async def test_without_manage_threads_the_thread_is_left_to_archive_itself(
    fake_discord: FakeDiscord,
) -> None:
    fake_discord.unmanaged.add(CHANNEL.id)
    driver = await started(MemoryStore(), fake_discord)
    thread = await open_and_join(driver)
    unmanaged = fake_discord.thread_of(CHANNEL.id, permissions=ALL_PERMISSIONS & ~(1 << 34))
    await play_out(driver, unmanaged)
    assert any(text.startswith("The game in <#") for text in posted_in(fake_discord, CHANNEL))
    assert not fake_discord.threads[thread.id]["thread_metadata"]["archived"]
    assert not any(
        c.method == "PATCH" and c.path == f"/channels/{thread.id}" for c in fake_discord.calls
    )


# -- a restart, a deleted thread, an archived thread ------------------------------------------


async def test_a_restarted_bot_goes_on_in_the_thread(
    redis_url: str, fake_discord: FakeDiscord
) -> None:
    first_store = RedisStore.from_url(redis_url)
    await first_store.client.flushdb()
    driver = await started(first_store, fake_discord)
    thread = await open_and_join(driver)
    for _ in range(4):
        await take_turn(driver, (await match_at(driver, thread)).game, thread)
    await driver.client.close()
    await first_store.close()
    # A new process: a new client and app on the same Redis, nothing kept in memory.
    second_store = RedisStore.from_url(redis_url)
    try:
        again = await started(second_store, fake_discord)
        final = await play_out(again, thread)
        assert final.is_over
        assert boards_in(fake_discord, CHANNEL) == 0
        assert any(text.startswith("The game in <#") for text in posted_in(fake_discord, CHANNEL))
        assert fake_discord.threads[thread.id]["thread_metadata"]["archived"]
    finally:
        await second_store.close()
    assert fake_discord.ephemeral() == []


async def test_a_deleted_thread_brings_the_game_back_to_the_channel(
    store: Store, fake_discord: FakeDiscord
) -> None:
    driver = await started(store, fake_discord)
    thread = await open_and_join(driver)
    await take_turn(driver, (await match_at(driver, thread)).game, thread)
    before = await table_at(driver, thread)
    assert before is not None
    fake_discord.delete_thread(thread.id)
    # The next action, in the channel: a clear answer, the game back there with its board.
    await driver.command(BOB, "board")
    texts = posted_in(fake_discord, CHANNEL)
    assert t("en", "discord-thread-gone") in texts
    assert boards_in(fake_discord, CHANNEL) == 1
    back = await table_at(driver, CHANNEL)
    assert back is not None and back.stage == "play" and back.match == before.match
    assert back.version == before.version and back.place.origin == str(CHANNEL.id)
    assert await app_of(driver).games_away(table_key(CHANNEL.id)) == []
    # Played on to the end with the channel's buttons (no second thread for it).
    opened = len(thread_calls(fake_discord))
    final = await play_out(driver, CHANNEL)
    assert final.is_over and len(thread_calls(fake_discord)) == opened
    assert fake_discord.ephemeral() == []


async def test_a_player_asking_in_the_channel_is_told_where_his_game_is(
    fake_discord: FakeDiscord,
) -> None:
    driver = await started(MemoryStore(), fake_discord)
    thread = await open_and_join(driver)
    payload = await driver.command(BOB, "roll")
    assert driver.response_of(payload) == PRIVATE_THINKING
    away = t("en", "discord-thread-away", thread=f"<#{thread.id}>")
    assert told_privately(fake_discord, payload) == [away]
    assert boards_in(fake_discord, CHANNEL) == 0
    state = await table_at(driver, thread)
    assert state is not None and state.stage == "play"


async def test_an_archived_thread_is_opened_again(fake_discord: FakeDiscord) -> None:
    driver = await started(MemoryStore(), fake_discord)
    thread = await open_and_join(driver)
    fake_discord.archive_thread(thread.id)
    game = (await match_at(driver, thread)).game
    boards = boards_in(fake_discord, thread)
    await take_turn(driver, game, thread)
    assert not fake_discord.threads[thread.id]["thread_metadata"]["archived"]
    assert t("en", "discord-thread-reopened") in posted_in(fake_discord, thread)
    assert boards_in(fake_discord, thread) > boards
    assert (await match_at(driver, thread)).game != game
    assert fake_discord.ephemeral() == []


async def test_a_locked_thread_the_bot_cannot_open_sends_the_game_to_the_channel(
    fake_discord: FakeDiscord,
) -> None:
    fake_discord.unmanaged.add(CHANNEL.id)
    driver = await started(MemoryStore(), fake_discord)
    thread = await open_and_join(driver)
    fake_discord.archive_thread(thread.id, locked=True)
    locked = fake_discord.thread_of(CHANNEL.id, permissions=ALL_PERMISSIONS & ~(1 << 34))
    payload = await driver.command(ALICE, "board", place=locked)
    assert t("en", "discord-thread-closed") in posted_in(fake_discord, CHANNEL)
    # Acknowledged before the thread was looked into; the public "thinking…" gave way to the
    # private answer.
    assert driver.response_of(payload) == {"type": 5}
    away = t("en", "discord-thread-away", thread=f"<#{CHANNEL.id}>")
    assert told_privately(fake_discord, payload) == [away]
    assert fake_discord.originals[payload["token"]] == -1
    assert boards_in(fake_discord, CHANNEL) == 1
    state = await table_at(driver, CHANNEL)
    assert state is not None and state.stage == "play"
    await play_out(driver, CHANNEL)


async def test_a_deleted_thread_found_by_the_move_clock(fake_discord: FakeDiscord) -> None:
    """Nobody acts, the clock's reminder finds the thread gone (404 Unknown Channel): the game
    comes back to the channel with a notice and its board, and goes on there."""
    now = [1_000_000.0]
    bot = NardyBot(App(MemoryStore(), dice=Dice(12), clock=lambda: now[0]), tick_seconds=None)
    driver = await Driver.start(bot, fake_discord, CHANNEL)
    thread = await open_and_join(driver, "3")
    await driver.command(ALICE, "clock", "1h", place=thread)
    await driver.click(ALICE, "Roll", thread)
    fake_discord.delete_thread(thread.id)
    now[0] += 3600 * 0.9
    assert await bot.deliver_ticks() == 1
    refused = [r.getMessage() for r in fake_discord.problems]
    assert len(refused) == 1 and "Unknown Channel" in refused[0]
    fake_discord.problems.clear()
    texts = posted_in(fake_discord, CHANNEL)
    assert t("en", "discord-thread-gone") in texts and boards_in(fake_discord, CHANNEL) == 1
    back = await table_at(driver, CHANNEL)
    assert back is not None and back.stage == "play" and back.clock.deadline is not None
    # The clock runs on for the table in the channel: its next notice is posted there.
    now[0] += 3600
    assert await bot.deliver_ticks() == 1
    assert any("time is up" in text for text in posted_in(fake_discord, CHANNEL))
    await take_turn(driver, (await match_at(driver, CHANNEL)).game, CHANNEL)
    assert fake_discord.ephemeral() == []


async def test_a_game_against_the_computer_in_its_thread(fake_discord: FakeDiscord) -> None:
    worker = ComputerWorker(1)
    await worker.start()
    try:
        app = App(MemoryStore(), dice=Dice(5), computer=worker)
        driver = await Driver.start(NardyBot(app, tick_seconds=None), fake_discord, CHANNEL)
        await driver.command(ALICE, "new", "1 bot")
        await driver.click(ALICE, "Join")
        thread = fake_discord.thread_of(CHANNEL.id)
        name = fake_discord.threads[thread.id]["name"]
        assert name.startswith("Alice vs Computer")
        for _ in range(60):
            if any(
                "Computer" in text and "rolls" in text for text in posted_in(fake_discord, thread)
            ):
                break
            state = await table_at(driver, thread)
            assert state is not None and state.match is not None
            game = state.match.game
            assert (game.responder if game.responder is not None else game.turn) in (0, None)
            await take_turn(driver, game, thread)
        else:
            raise AssertionError("the computer never moved in the thread")
        assert boards_in(fake_discord, CHANNEL) == 0
        assert fake_discord.ephemeral() == []
    finally:
        await worker.close()


async def test_a_chouette_plays_in_a_thread_named_after_its_members(
    fake_discord: FakeDiscord,
) -> None:
    carol = Person(100000000000000003, "Carol")
    driver = await started(MemoryStore(), fake_discord, seed=8)
    await driver.command(ALICE, "new", "chouette")
    await driver.command(ALICE, "settings", "view text")
    for member in (BOB, carol):
        await driver.click(member, "Join")
    assert thread_calls(fake_discord) == []  # joining a chouette's lobby begins nothing
    await driver.click(ALICE, "Start")
    thread = fake_discord.thread_of(CHANNEL.id)
    assert fake_discord.threads[thread.id]["name"] == "Alice, Bob, Carol — chouette"
    state = await table_at(driver, thread)
    assert state is not None and state.chouette is not None and state.stage == "play"
    assert boards_in(fake_discord, thread) >= 1 and boards_in(fake_discord, CHANNEL) == 0
    welcome = next(m for m in fake_discord.public() if int(m["channel_id"]) == thread.id)
    assert all(f"<@{p.id}>" in welcome["content"] for p in (ALICE, BOB, carol))


async def test_a_game_begun_by_a_command_gets_a_thread_of_its_own(
    fake_discord: FakeDiscord,
) -> None:
    driver = await started(MemoryStore(), fake_discord)
    await driver.command(ALICE, "new", "1")
    payload = await driver.command(BOB, "join")
    thread = fake_discord.thread_of(CHANNEL.id)
    assert thread_calls(fake_discord) == [f"/channels/{CHANNEL.id}/threads"]
    # The command's "thinking…" became the line that says where the game is.
    original = fake_discord.messages[fake_discord.originals[payload["token"]]]
    assert original["content"] == t("en", "discord-thread-opened", thread=f"<#{thread.id}>")
    assert not original["flags"] & EPHEMERAL
    assert boards_in(fake_discord, thread) == 1 and boards_in(fake_discord, CHANNEL) == 0


async def test_a_deleted_thread_when_the_channel_has_a_game_again(
    fake_discord: FakeDiscord,
) -> None:
    """The channel holds a new lobby by now: the game whose thread was deleted gets a new
    thread, its players named there, and the player is told where."""
    carol = Person(100000000000000003, "Carol")
    driver = await started(MemoryStore(), fake_discord)
    thread = await open_and_join(driver)
    await driver.command(carol, "new", "3")
    fake_discord.delete_thread(thread.id)
    payload = await driver.command(ALICE, "board")
    fresh = fake_discord.thread_of(CHANNEL.id)
    assert fresh.id != thread.id
    assert driver.response_of(payload) == PRIVATE_THINKING
    away = t("en", "discord-thread-away", thread=f"<#{fresh.id}>")
    assert told_privately(fake_discord, payload) == [away]
    texts = posted_in(fake_discord, fresh)
    assert any(f"<@{ALICE.id}>" in text and f"<@{BOB.id}>" in text for text in texts)
    assert t("en", "discord-thread-gone") in texts and boards_in(fake_discord, fresh) == 1
    lobby = await table_at(driver, CHANNEL)
    assert lobby is not None and lobby.stage == "lobby"
    moved = await table_at(driver, fresh)
    assert moved is not None and moved.stage == "play" and moved.place.origin == str(CHANNEL.id)
    assert [g.chat for g in await app_of(driver).games_away(table_key(CHANNEL.id))] == [
        str(fresh.id)
    ]
    await play_out(driver, fresh)
    assert any(
        text.startswith(f"The game in <#{fresh.id}>") for text in posted_in(fake_discord, CHANNEL)
    )


async def test_a_command_in_an_archived_thread_gets_the_board_again(
    fake_discord: FakeDiscord,
) -> None:
    driver = await started(MemoryStore(), fake_discord)
    thread = await open_and_join(driver)
    fake_discord.archive_thread(thread.id)
    boards = boards_in(fake_discord, thread)
    await driver.command(BOB, "score", place=thread)
    assert not fake_discord.threads[thread.id]["thread_metadata"]["archived"]
    texts = posted_in(fake_discord, thread)
    assert t("en", "discord-thread-reopened") in texts
    assert boards_in(fake_discord, thread) == boards + 1
    assert any(text.startswith("Score:") for text in texts)
    assert fake_discord.ephemeral() == []


async def test_a_command_in_an_archived_thread_is_acknowledged_before_the_store_answers(
    redis_url: str, fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Redis stops answering as a player asks for the score in the game's archived thread:
    the command is acknowledged before any read of the table comes back (the thread is looked
    into after), and answered once Redis answers again."""
    proxy = await ReplyDropper(redis_url).start()
    store = RedisStore.from_url(proxy.url)
    await store.client.flushdb()
    try:
        driver = await started(store, fake_discord)
        thread = await open_and_join(driver)
        fake_discord.archive_thread(thread.id)
        reads = TableReads(fake_discord)
        reads.install(app_of(driver), monkeypatch)
        reads.watch()
        proxy.stall()
        task = asyncio.create_task(driver.command(BOB, "score", place=thread))
        try:
            async with asyncio.timeout(60):
                while not reads.acknowledged:
                    await asyncio.sleep(0.01)
        finally:
            proxy.resume()
        payload = await task
        assert reads.before_acknowledgement() == []
        assert driver.response_of(payload) == {"type": 5}
        assert not fake_discord.threads[thread.id]["thread_metadata"]["archived"]
        texts = posted_in(fake_discord, thread)
        assert t("en", "discord-thread-reopened") in texts
        assert any(text.startswith("Score:") for text in texts)
    finally:
        proxy.resume()
        await store.close()
        await proxy.close()


async def test_a_spectator_or_a_player_asking_in_the_channel_is_pointed_to_the_thread(
    fake_discord: FakeDiscord,
) -> None:
    """In the channel a game moved out of: a spectator's ``/board`` or ``/export``, a player's
    ``/clock``, are told where the game is (privately), never answered with a lobby of the
    closed table or "there is no table"."""
    driver = await started(MemoryStore(), fake_discord)
    thread = await open_and_join(driver)
    away = t("en", "discord-thread-away", thread=f"<#{thread.id}>")
    before = posted_in(fake_discord, CHANNEL)
    for person, command, args in (
        (CAROL, "board", ()),
        (CAROL, "export", ()),
        (BOB, "clock", ("1h",)),
    ):
        payload = await driver.command(person, command, *args)
        assert driver.response_of(payload) == PRIVATE_THINKING, command
        assert told_privately(fake_discord, payload) == [away], command
    assert boards_in(fake_discord, CHANNEL) == 0
    assert posted_in(fake_discord, CHANNEL) == before  # nothing public in the channel
