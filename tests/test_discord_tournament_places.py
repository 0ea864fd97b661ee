"""A tournament in a Discord channel, through real discord.py objects: ``/tournament``, the
standings message's buttons, and each game's thread of its own (``ChannelOutput.open_place``),
opened on its own in the event's channel, its first message pinging both players.

The fake answers the thread calls as Discord does (403 without the permission); the client's
cache, when the gateway told it of the server (``GUILD_CREATE``), answers before any call.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
from discord_harness import (
    ALL_PERMISSIONS,
    CREATE_PUBLIC_THREADS,
    MANAGE_THREADS,
    Driver,
    FakeDiscord,
    Person,
    Place,
    installed,
)
from test_app_support import Chat, Dice, open_store

from bot.app import App, Reply, Update, User
from bot.app.payload import Payload, format_payload, parse_payload
from bot.app.table import EventGame
from bot.app.tournaments.keys import game_key
from bot.app.types import Button, GameToPlace, PlaceGames, Standings
from bot.discord_bot import NardyBot, table_key
from bot.discord_bot.client import ChannelOutput, InteractionOutput
from bot.discord_bot.components import BUTTON_PREFIX
from bot.i18n import t
from bot.store import MemoryStore, Store, TableKey

ALICE = Person(100000000000000001, "Alice")
BOB = Person(100000000000000002, "Bob")
CAROL = Person(100000000000000003, "Carol")
PEOPLE = {f"discord:{p.id}": p for p in (ALICE, BOB, CAROL)}

HOME = Place(600000000000000301, permissions=ALL_PERMISSIONS)
"""The event's text channel: the bot may open threads there."""

ADMINISTRATOR = 1 << 3

EVENT = "ab12cd34"
GAME = game_key("discord", EVENT, 1, 1)
TITLE = "Alice — Bob (round 1) " + "·" * 100
"""A game's title longer than a thread's name may be."""


@pytest.fixture
def fake_discord(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeDiscord]:
    yield from installed(monkeypatch)


@pytest.fixture(params=["memory", "redis"])
async def store(request: pytest.FixtureRequest) -> AsyncIterator[Store]:
    async with open_store(request.param, request) as opened:
        yield opened


async def started(store: Store, fake: FakeDiscord, now: list[float] | None = None) -> Driver:
    clock = now or [1_000_000.0]
    app = App(store, dice=Dice(3), clock=lambda: clock[0])
    return await Driver.start(NardyBot(app, tick_seconds=None), fake, HOME)


def bot_of(driver: Driver) -> NardyBot:
    assert isinstance(driver.client, NardyBot)
    return driver.client


def user(person: Person) -> User:
    return User("discord", str(person.id), person.name, "en")


async def stored_game(app: App, store: Store) -> TableKey:
    """A tournament's game as the app stores it until it is placed: a started two-player match
    with its opening roll made (begun by ``new``, ``join`` and ``roll`` where it is played in
    place), written under its event's key with the event named in it."""
    chat = Chat(app, TableKey("discord", "600000000000000399"))
    await chat.send(user(ALICE), "/new 1")
    await chat.press(user(BOB), "Join")
    await chat.press(user(ALICE), "Roll")
    table = await chat.table()
    assert table.stage == "play"
    home = table_key(HOME.id)
    event = EventGame(EVENT, home.tag, 1, 1, 1_000_000.0 + 3 * 86400)
    payload = table.evolve(event=event).encode()
    await store.update(GAME, lambda current: payload if current is None else None)
    return GAME


def offer() -> PlaceGames:
    return PlaceGames((GameToPlace(GAME, TITLE, (f"discord:{ALICE.id}", f"discord:{BOB.id}")),))


def posts_in(fake: FakeDiscord, channel: int) -> list[Any]:
    """The message posts the bot made in ``channel``, oldest first (their bodies)."""
    path = f"/channels/{channel}/messages"
    return [c.body for c in fake.calls if c.method == "POST" and c.path == path]


def thread_opened(fake: FakeDiscord, channel: int) -> list[Any]:
    """The bodies of the calls that opened a thread in ``channel`` on its own."""
    path = f"/channels/{channel}/threads"
    return [c.body for c in fake.calls if c.method == "POST" and c.path == path]


def pings(body: dict[str, Any]) -> list[int]:
    return [int(u) for u in body["allowed_mentions"].get("users", [])]


async def press_in(driver: Driver, key: TableKey, place: Place) -> None:
    """The player to act presses the first component of the game's board in ``place``; the
    press acts at the game (the table at ``key`` changes, nobody is refused)."""
    app = bot_of(driver).app
    before = await app.load_table(key)
    facts = await app.facts(key)
    assert facts is not None and facts.to_act
    mover = PEOPLE[facts.to_act[0]]
    told = len(driver.fake.ephemeral())
    await driver.click(mover, driver.labels(place)[0], place)
    assert await app.load_table(key) != before
    assert len(driver.fake.ephemeral()) == told


def check_thread(driver: Driver, thread: Place) -> None:
    """The thread's first message names and pings both players, nobody else is pinged there,
    and the game's board is posted in it."""
    posts = posts_in(driver.fake, thread.id)
    assert len(posts) >= 2, posts
    first = posts[0]
    assert first["content"].startswith(f"<@{ALICE.id}> <@{BOB.id}>\n")
    assert "Alice against Bob, round 1" in first["content"]
    assert pings(first) == [ALICE.id, BOB.id]
    assert all(pings(body) == [] for body in posts[1:])
    assert any(body.get("embeds") for body in posts[1:]), "no board in the thread"


async def test_a_tournament_game_plays_in_a_thread_of_its_own(
    store: Store, fake_discord: FakeDiscord
) -> None:
    """Given its place in the event's channel, a game gets a public thread opened on its own
    (no starter message), named after it; the table moves to the thread; the opening and the
    board are posted there, the first message pinging both players; a press there acts at the
    game.  Nothing is posted in the channel itself."""
    driver = await started(store, fake_discord)
    bot = bot_of(driver)
    await stored_game(bot.app, store)
    await bot.delivery.deliver(ChannelOutput(bot, HOME.id), table_key(HOME.id), [offer()])
    [opened] = thread_opened(fake_discord, HOME.id)
    assert opened["type"] == 11 and opened["name"] == TITLE[:100]
    assert opened["auto_archive_duration"] == 1440
    thread = fake_discord.thread_of(HOME.id)
    key = table_key(thread.id)
    facts = await bot.app.facts(key)
    assert facts is not None and facts.in_play
    assert facts.seats == (f"discord:{ALICE.id}", f"discord:{BOB.id}")
    left = await bot.app.facts(GAME)
    assert left is None or left.stage == "over"
    check_thread(driver, thread)
    assert posts_in(fake_discord, HOME.id) == []
    await press_in(driver, key, thread)
    # Offered again (a later tick, another process): placed already, no second thread.
    await bot.delivery.deliver(ChannelOutput(bot, HOME.id), table_key(HOME.id), [offer()])
    assert len(thread_opened(fake_discord, HOME.id)) == 1
    assert len(fake_discord.threads) == 1


async def test_where_no_thread_may_be_opened_the_game_waits(fake_discord: FakeDiscord) -> None:
    """No thread where the bot may not open one: Discord refusing (403), a channel the cache
    knows to refuse it (no call made), a direct message, a channel without the permission or a
    thread (read from the interaction, no call).  Nothing raises, nothing is posted, the game
    stays under its event's key; once the bot may, the game's next offer places it."""
    store = MemoryStore()
    driver = await started(store, fake_discord)
    bot = bot_of(driver)
    app = bot.app
    await stored_game(app, store)
    game = offer().games[0]
    # Discord refuses the thread.
    fake_discord.no_threads[HOME.id] = 50013
    await bot.delivery.deliver(ChannelOutput(bot, HOME.id), table_key(HOME.id), [offer()])
    assert len(thread_opened(fake_discord, HOME.id)) == 1 and not fake_discord.threads
    # The cache knows the channel and the bot's rights there: nothing is asked of Discord.
    known = Place(600000000000000302)
    driver.join_guild([known], ALL_PERMISSIONS & ~ADMINISTRATOR & ~CREATE_PUBLIC_THREADS)
    assert await ChannelOutput(bot, known.id).open_place(game) is None
    assert thread_opened(fake_discord, known.id) == []
    # What an interaction tells: a direct message, a channel without the right, a thread.
    for place in (
        Place(600000000000000303, kind=1),
        Place(600000000000000304),
        Place(600000000000000305, kind=11, parent=HOME.id, permissions=ALL_PERMISSIONS),
    ):
        interaction = driver.interaction(ALICE, place)
        assert await InteractionOutput(bot, place.id, interaction).open_place(game) is None
        assert thread_opened(fake_discord, place.id) == []
    assert fake_discord.messages == {}
    facts = await app.facts(GAME)
    assert facts is not None and facts.in_play
    # The right given, the game's next offer gets it its thread.
    del fake_discord.no_threads[HOME.id]
    await bot.delivery.deliver(ChannelOutput(bot, HOME.id), table_key(HOME.id), [offer()])
    check_thread(driver, fake_discord.thread_of(HOME.id))


class Handled:
    """The updates the app was handed (``App.handle`` recorded), and its replies."""

    def __init__(self, app: App, monkeypatch: pytest.MonkeyPatch) -> None:
        self.updates: list[Update] = []
        handle = app.handle

        async def recorded(update: Update) -> list[Reply]:
            self.updates.append(update)
            return await handle(update)

        monkeypatch.setattr(app, "handle", recorded)


async def test_a_press_on_the_standings_message_reaches_the_app_at_the_channel(
    fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The standings message's buttons are components as any: a press is handed to the app
    with its payload, at the channel's table."""
    driver = await started(MemoryStore(), fake_discord)
    bot = bot_of(driver)
    handled = Handled(bot.app, monkeypatch)
    keyboard = (
        tuple(
            Button(label, format_payload(Payload(action, (), 4)))
            for label, action in (("Join", "tjoin"), ("Leave", "tleave"), ("Start", "tstart"))
        ),
    )
    standings = Standings(EVENT, "🏆 Tournament", keyboard)
    await bot.delivery.deliver(ChannelOutput(bot, HOME.id), table_key(HOME.id), [standings])
    message, custom_id, _ = driver.find("Join")
    await driver.press(CAROL, message, custom_id)
    update = handled.updates[-1]
    assert update.table == table_key(HOME.id) and custom_id == BUTTON_PREFIX + (update.button or "")
    assert update.message == str(message) and update.user.ref == f"discord:{CAROL.id}"
    assert update.button is not None and parse_payload(update.button) == Payload("tjoin", (), 4)


async def test_a_tournament_run_by_the_slash_command_and_its_buttons(
    fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``/tournament what:knockout`` opens the sign-up in the channel (the typed command's
    words), Join and Start are pressed on its message, and the pairing's game gets its thread,
    whose first message pings both players; ``/tournament`` alone shows the event's page."""
    driver = await started(MemoryStore(), fake_discord)
    bot = bot_of(driver)
    handled = Handled(bot.app, monkeypatch)
    await driver.command(ALICE, "tournament", "knockout clock=1h")
    assert handled.updates[-1].text == "/tournament knockout clock=1h"
    assert handled.updates[-1].table == table_key(HOME.id)
    for person in (ALICE, BOB):
        await driver.click(person, t("en", "tournament-button-join"))
        assert handled.updates[-1].table == table_key(HOME.id)
    await driver.click(ALICE, t("en", "tournament-button-start"))
    assert fake_discord.ephemeral() == [
        t("en", "tournament-joined", name=name, count=count)
        for name, count in (("Alice", 1), ("Bob", 2))
    ]
    thread = fake_discord.thread_of(HOME.id)
    assert thread_opened(fake_discord, HOME.id)[0]["name"].startswith("Alice — Bob")
    check_thread(driver, thread)
    await press_in(driver, table_key(thread.id), thread)
    await driver.command(BOB, "tournament")
    assert handled.updates[-1].text == "/tournament"
    assert "Alice" in fake_discord.public()[-1]["content"]


async def test_the_clock_offers_a_game_its_thread_again(fake_discord: FakeDiscord) -> None:
    """A game that got no thread when its round was paired (the bot without the right then)
    waits under its event's key — its clock's notices have no channel to go to and are
    dropped — and is offered its place again by the event's tick, in its channel: now a thread
    is opened for it."""
    now = [1_000_000.0]
    driver = await started(MemoryStore(), fake_discord, now)
    bot = bot_of(driver)
    await driver.command(ALICE, "tournament", "knockout clock=1h")
    for person in (ALICE, BOB):
        await driver.click(person, t("en", "tournament-button-join"))
    fake_discord.no_threads[HOME.id] = 50013
    await driver.click(ALICE, t("en", "tournament-button-start"))
    assert not fake_discord.threads
    posted = len(fake_discord.messages)
    # The game's reminder is due, and its event's offer: neither has a place to go to yet.
    now[0] += 3600 * 0.95
    assert await bot.deliver_ticks() >= 1
    assert not fake_discord.threads and len(fake_discord.messages) == posted
    del fake_discord.no_threads[HOME.id]
    now[0] += 150  # the offer is made again two minutes after the last; the clock still runs
    await bot.deliver_ticks()
    check_thread(driver, fake_discord.thread_of(HOME.id))


async def test_the_tournament_command_takes_its_words_in_one_option(
    fake_discord: FakeDiscord,
) -> None:
    """``/tournament`` is uploaded with one optional text option, ``what``, named in the
    clients' languages."""
    driver = await started(MemoryStore(), fake_discord)
    bot = bot_of(driver)
    await bot.sync_commands()
    command = {c["name"]: c for c in fake_discord.synced}["tournament"]
    assert command["name_localizations"] == {"ru": "турнир", "uk": "турнір"}
    assert command["description"] == t("en", "help-tournament")
    [option] = command["options"]
    assert option["name"] == "what" and option["type"] == 3 and not option.get("required")
    assert "choices" not in option and not option.get("autocomplete")
    assert option["name_localizations"] == {"ru": "что", "uk": "що"}


async def test_a_tournament_game_in_a_locked_thread_stays_there(
    fake_discord: FakeDiscord,
) -> None:
    """A game's thread locked by a moderator, where the bot may not open it again: a game
    begun in the channel would go back there, but a tournament's game began under its event's
    record, which is no channel: it stays in its thread (the event's record untouched)."""
    driver = await started(MemoryStore(), fake_discord)
    bot = bot_of(driver)
    await driver.command(ALICE, "tournament", "knockout")
    for person in (ALICE, BOB):
        await driver.click(person, t("en", "tournament-button-join"))
    await driver.click(ALICE, t("en", "tournament-button-start"))
    thread = fake_discord.thread_of(HOME.id)
    fake_discord.archive_thread(thread.id, locked=True)
    locked = fake_discord.thread_of(HOME.id, permissions=ALL_PERMISSIONS & ~MANAGE_THREADS)
    await driver.command(ALICE, "board", place=locked)
    told = [r.getMessage() for r in fake_discord.problems]
    assert told[0].endswith("a tournament game has no channel to go back to"), told
    fake_discord.problems.clear()  # and the board the locked thread refused
    facts = await bot.app.facts(table_key(thread.id))
    assert facts is not None and facts.in_play
    await driver.command(BOB, "tournament")
    assert "Alice" in fake_discord.public()[-1]["content"]
    assert fake_discord.ephemeral()[2:] == []


async def test_mentions_that_do_not_fit_the_first_message_go_before_it(
    fake_discord: FakeDiscord,
) -> None:
    """The first message of a game's thread mentions its players; when its text leaves no room
    for them, they are a message of their own before it.  Only the first message pings."""
    driver = await started(MemoryStore(), fake_discord)
    output = ChannelOutput(bot_of(driver), HOME.id, first_mentions=frozenset({BOB.id, ALICE.id}))
    await output.post_text("x" * 2000, ())
    await output.post_text("more", ())
    posts = posts_in(fake_discord, HOME.id)
    assert [p["content"] for p in posts] == [f"<@{ALICE.id}> <@{BOB.id}>", "x" * 2000, "more"]
    assert [pings(p) for p in posts] == [[ALICE.id, BOB.id], [], []]
