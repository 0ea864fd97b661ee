"""Where a game is played (``bot.app.places``): moved to a chat of its own when it begins, kept
where it began, back home when its chat is gone, and the chat's list of its games away."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from test_app_support import ALICE, BOB, EVE, Chat, Dice, open_store, texts

from bot.app import App, Update
from bot.app.places import MAX_AWAY, Away, decode_away, encode_away, outcome_text
from bot.app.queries import thread_title
from bot.i18n import t
from bot.store import Store, TableKey, Versioned

HOME = TableKey("discord", "100")
THREAD = TableKey("discord", "200")
OTHER = TableKey("discord", "300")
HOUR = 3600.0


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(params=["memory", "redis"])
async def store(request: pytest.FixtureRequest) -> AsyncIterator[Store]:
    async with open_store(request.param, request) as opened:
        yield opened


async def begun(app: App, length: str = "1") -> Chat:
    """A match begun at :data:`HOME` (Alice and Bob)."""
    chat = Chat(app, HOME)
    await chat.send(ALICE, f"/new {length}")
    await chat.send(ALICE, "/settings view text")
    await chat.press(BOB, "Join")
    return chat


async def test_a_game_moves_with_its_clock_and_its_buttons(store: Store) -> None:
    clock = Clock()
    app = App(store, dice=Dice(3), clock=clock)
    chat = await begun(app, "3")
    await chat.send(BOB, "/clock 1h")
    await chat.press(ALICE, "Roll")
    before = await chat.table()
    assert before.clock.deadline is not None
    moved = await app.move_table(HOME, THREAD)
    assert (
        moved is not None and moved.place.origin == HOME.chat and moved.place.board_message is None
    )
    there = await app.load_table(THREAD)
    assert there == moved and there.match == before.match and there.version == before.version
    # The chat it left keeps a closed table with its settings: a new lobby opens there at once.
    left = await app.load_table(HOME)
    assert left is not None and left.stage == "over" and left.settings.view == "text"
    assert left.version > before.version
    assert await app.games_away(HOME) == [Away(THREAD.chat, ("telegram:1", "telegram:2"))]
    # The board drawn before the move works in the thread (same version): its buttons there.
    thread = Chat(app, THREAD, posted=dict(chat.posted), order=list(chat.order))
    game = (await thread.match()).game
    mover = [ALICE, BOB][game.turn or 0]
    label = "Confirm" if "Confirm" in thread.labels() else thread.labels()[0]
    assert "not your turn" not in texts(await thread.press(mover, label)).lower()
    assert (await thread.table()).version > before.version
    # The clock followed: its reminder is due for the thread, not for the chat it left.
    clock.now += 55 * 60
    due = await app.tick()
    assert [key for key, _ in due] == [THREAD]
    # Nothing moves twice, and nothing moves into a chat holding a game.
    assert await app.move_table(HOME, THREAD) is None
    await Chat(app, OTHER).send(EVE, "/new 1")
    assert await app.move_table(THREAD, OTHER) is None
    assert (await thread.table()).stage == "play"


async def test_a_game_goes_back_home_placed(store: Store) -> None:
    app = App(store, dice=Dice(3))
    await begun(app)
    assert await app.move_table(HOME, THREAD) is not None
    back = await app.move_table(THREAD, HOME)
    assert back is not None and back.place.origin == HOME.chat
    assert await app.games_away(HOME) == []
    left = await app.load_table(THREAD)
    assert left is not None and left.stage == "over"
    # Placed where it began: nothing to announce at its end, nothing moves it again.
    assert await app.finish_away(HOME) is None
    assert await app.keep_table(HOME) is None


async def test_a_second_thread_when_home_has_a_game_again(store: Store) -> None:
    app = App(store, dice=Dice(3))
    await begun(app)
    await app.move_table(HOME, THREAD)
    await Chat(app, HOME).send(EVE, "/new 1", update_id="eve-new")
    assert await app.move_table(THREAD, HOME) is None  # home holds a lobby now
    again = await app.move_table(THREAD, OTHER)
    assert again is not None and again.place.origin == HOME.chat
    assert [g.chat for g in await app.games_away(HOME)] == [OTHER.chat]


async def test_a_game_kept_where_it_began(store: Store) -> None:
    app = App(store, dice=Dice(3))
    await begun(app)
    kept = await app.keep_table(HOME)
    assert kept is not None and kept.place.origin == HOME.chat
    assert await app.keep_table(HOME) is None  # once
    assert await app.games_away(HOME) == []
    # A lobby is not in play: nothing to keep or move.
    await Chat(app, OTHER).send(EVE, "/new 1")
    assert await app.keep_table(OTHER) is None
    assert await app.move_table(OTHER, THREAD) is None


async def test_the_end_of_a_game_away_is_told_once(store: Store) -> None:
    app = App(store, dice=Dice(3))
    chat = await begun(app)
    await app.move_table(HOME, THREAD)
    thread = Chat(app, THREAD, posted=dict(chat.posted), order=list(chat.order))
    assert await app.finish_away(THREAD) is None  # still playing
    await thread.press(ALICE, "Roll")
    turn = (await thread.match()).game.turn or 0
    loser, winner = [ALICE, BOB][turn], [ALICE, BOB][1 - turn]
    await thread.send(loser, "/resign")
    await thread.press(winner, "Accept")
    done = await app.finish_away(THREAD)
    assert done is not None and done.origin == HOME.chat and done.lang == "en"
    assert f"{winner.name} wins the match 1–0." in done.outcome
    assert await app.finish_away(THREAD) is None  # told once, by whichever process is first
    assert await app.games_away(HOME) == []


def test_thread_title_names_the_players_and_the_game() -> None:
    from bot.app.table import Seat, Table

    two = Table("match", "backgammon", "a", 5, seats=(Seat("a", "Alice"), Seat("b", "Bob")))
    assert thread_title(two, "en") == "Alice vs Bob — match to 5 points"
    assert thread_title(two, "ru") == "Alice — Bob, матч до 5 очков"
    seats = (Seat("a", "Alice"), Seat("b", "Bob"), Seat("c", "Carol"))
    team = Table("chouette", "backgammon", "a", seats=seats)
    assert thread_title(team, "en") == "Alice, Bob, Carol — chouette"
    assert outcome_text(team, "en") == ""


def test_games_away_are_bounded() -> None:
    games = [Away(str(n), ("telegram:1",)) for n in range(MAX_AWAY + 5)]
    kept = decode_away(Versioned(encode_away(games), 1))
    assert kept == games[-MAX_AWAY:]
    assert decode_away(None) == []


async def test_the_threads_setting_is_an_administrators_and_shown_where_there_are_threads(
    store: Store,
) -> None:
    app = App(store, dice=Dice(3))
    discord = Chat(app, HOME)
    await discord.send(ALICE, "/new 1")
    refused = await app.handle(Update(HOME, EVE, "x1", text="/settings threads off"))
    assert t("en", "settings-threads-admin") in texts(refused)
    assert (await discord.table()).settings.threads
    done = await app.handle(Update(HOME, EVE, "x2", text="/settings threads off", admin=True))
    assert "Settings saved." in texts(done)
    assert not (await discord.table()).settings.threads
    assert "Games in threads of their own: off" in texts(await discord.send(ALICE, "/settings"))
    # Kept for the channel's next table; and a chat of a platform without threads never says it.
    await discord.send(ALICE, "/leave")
    await discord.send(ALICE, "/new 3")
    assert not (await discord.table()).settings.threads
    telegram = Chat(app)
    await telegram.send(ALICE, "/new 1")
    assert "threads" not in texts(await telegram.send(ALICE, "/settings"))
