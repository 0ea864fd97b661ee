"""One table's life on every surface: the console, Telegram, Discord and the recording surface of
the delivery loop's own tests, each driven as its users drive it (typed lines, slash commands,
buttons) through its real objects, the network's far end faked (``fake_telegram``,
``discord_harness``).  The same scenario runs on each — a lobby, a play, a clock reminder the
chat refuses and a later tick posts once, a resignation that ends the match, its analysis — and
every step is checked on what the surface showed: its texts and its buttons.  The drivers hold
all that differs between the surfaces."""

from __future__ import annotations

import contextlib
import errno
import io
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Protocol

import pytest
from discord_harness import Driver, FakeDiscord, Person, Place, installed
from fake_telegram import ApiError, TgUser
from telegram_support import Bot, running_bot
from test_app_support import Dice
from test_delivery import KEY, Recording, Scene

from bot.ai.worker import ComputerWorker
from bot.app import App, User
from bot.app.delivery import ChatClosed, Delivery
from bot.console import TABLE, Console
from bot.discord_bot import NardyBot, table_key
from bot.store import MemoryStore, TableKey
from engine.movegen import legal_plays

pytestmark = pytest.mark.asyncio(loop_scope="module")

SEED = 12
"""The dice of every surface's app: the same opening roll, the same play everywhere."""
NAMES = ("Alice", "Bob")
"""The players' names on every surface: 0 opens the table, 1 joins it."""


class Surface(Protocol):
    """What the scenario does on a surface; players are 0 (who opens the table) and 1."""

    app: App
    key: TableKey
    now: list[float]
    refs: tuple[str, str]
    """The app's user references of players 0 and 1."""

    async def command(self, player: int, line: str) -> None:
        """``player`` gives the command ``line`` (``clock 1h``) as the surface takes one."""

    async def press(self, player: int, label: str) -> None:
        """``player`` presses the newest button labelled ``label``."""

    def refuse_next_post(self) -> None:
        """The chat refuses the bot's next post (its delivery to the chat fails)."""

    async def tick(self) -> None:
        """Serve the move clock as the surface's tick loop does."""

    def texts(self) -> list[str]:
        """The texts shown so far, oldest first, each as it reads now (edits applied)."""

    def labels(self) -> list[str]:
        """The labels of the buttons the newest message with buttons shows."""


class RecordingSurface:
    """The delivery loop on the recording surface (``test_delivery``); refusing: the surface
    raises :class:`ChatClosed` for the next post, as an adapter does for a 403."""

    def __init__(self, app: App, now: list[float]) -> None:
        self.app, self.now, self.key = app, now, KEY
        self.scene = Scene(app, Delivery(app), Recording(), now)
        self.users = tuple(User("telegram", str(n), name, "en") for n, name in enumerate(NAMES, 1))
        self.refs = (self.users[0].ref, self.users[1].ref)

    async def command(self, player: int, line: str) -> None:
        await self.scene.send(self.users[player], f"/{line}")

    async def press(self, player: int, label: str) -> None:
        await self.scene.press(self.users[player], label)

    def refuse_next_post(self) -> None:
        self.scene.surface.refuse.append(ChatClosed("the bot was removed from the chat"))

    async def tick(self) -> None:
        await self.scene.delivery.deliver_ticks(KEY.platform, lambda key: self.scene.surface)
        assert not self.scene.surface.refuse, "the tick posted nothing to refuse"

    def texts(self) -> list[str]:
        return self.scene.surface.texts()

    def labels(self) -> list[str]:
        shown = [m for m in self.scene.surface.messages.values() if m.buttons]
        return [b.label for row in shown[-1].buttons for b in row] if shown else []


class TelegramSurface:
    """The PTB application in a supergroup against the fake Bot API (``telegram_support``);
    refusing: the next ``sendMessage`` is answered 403 Forbidden."""

    GROUP = -100_4200

    def __init__(self, app: App, now: list[float], bot: Bot) -> None:
        self.app, self.now, self.bot = app, now, bot
        self.key = TableKey("telegram", str(self.GROUP))
        self.chat = bot.fake.chat(self.GROUP, "supergroup")
        self.users = tuple(TgUser(n, name) for n, name in enumerate(NAMES, 101))
        self.refs = (f"telegram:{self.users[0].id}", f"telegram:{self.users[1].id}")

    async def command(self, player: int, line: str) -> None:
        assert await self.bot.say(self.users[player], self.chat, f"/{line}")

    async def press(self, player: int, label: str) -> None:
        await self.bot.press(self.users[player], self.chat, label)

    def refuse_next_post(self) -> None:
        error = ApiError(403, "Forbidden: bot was kicked from the supergroup chat")
        self.bot.fake.fail_next("sendMessage", error)

    async def tick(self) -> None:
        await self.bot.adapter.deliver_ticks(self.bot.application.bot)
        assert not self.bot.fake.failures.get("sendMessage"), "the tick posted nothing to refuse"

    def texts(self) -> list[str]:
        return [m.text for m in self.bot.fake.bot_messages(self.GROUP)]

    def labels(self) -> list[str]:
        shown = self.bot.fake.with_keyboard(self.GROUP)
        return shown[-1].labels() if shown else []


class DiscordSurface:
    """:class:`NardyBot` in a server's channel, fed raw gateway payloads (``discord_harness``);
    refusing: the channel answers the bot's posts 403 (Send Messages taken away) until the
    tick is over."""

    CHANNEL = Place(600_000_000_000_004_201)

    def __init__(self, app: App, now: list[float], fake: FakeDiscord) -> None:
        self.app, self.now, self.fake = app, now, fake
        self.client = NardyBot(app, tick_seconds=None)
        self.key = table_key(self.CHANNEL.id)
        self.users = tuple(Person(n, name) for n, name in enumerate(NAMES, 100_000_000_000_000_001))
        self.refs = (f"discord:{self.users[0].id}", f"discord:{self.users[1].id}")
        self.refusing = False

    async def start(self) -> DiscordSurface:
        self.driver = await Driver.start(self.client, self.fake, self.CHANNEL)
        return self

    async def command(self, player: int, line: str) -> None:
        name, _, value = line.partition(" ")
        await self.driver.command(self.users[player], name, value or None)

    async def press(self, player: int, label: str) -> None:
        await self.driver.click(self.users[player], label)

    def refuse_next_post(self) -> None:
        self.fake.forbidden.add(self.CHANNEL.id)
        self.refusing = True

    async def tick(self) -> None:
        await self.client.deliver_ticks()
        if self.refusing:  # the refusal logged (expected here), and the right given back
            refused = [r.getMessage() for r in self.fake.problems]
            assert refused and all("403" in r for r in refused), refused
            self.fake.problems.clear()
            self.fake.forbidden.discard(self.CHANNEL.id)
            self.refusing = False

    def texts(self) -> list[str]:
        out: list[str] = []
        for _, message in sorted(self.fake.messages.items()):
            out.append(message["content"])
            out += [e.get("description", "") for e in message["embeds"]]
        return [text for text in out if text]

    def labels(self) -> list[str]:
        return self.driver.labels()


class Terminal(io.StringIO):
    """A terminal's output stream: keeps each write; ``fail`` makes the next writes raise."""

    def __init__(self) -> None:
        super().__init__()
        self.writes: list[str] = []
        self.fail: list[OSError] = []

    def write(self, text: str) -> int:
        if self.fail:
            raise self.fail.pop(0)
        self.writes.append(text)
        return super().write(text)


class ConsoleSurface:
    """The console chat, two players at one keyboard, buttons pressed by their numbers;
    refusing: the terminal's next write fails (``EAGAIN``: a non-blocking terminal that cannot
    take more now) — the console's surface itself never refuses, it prints after the delivery
    loop, so a failed write is the console's only way of not showing a notice."""

    def __init__(self, app: App, now: list[float], directory: Path) -> None:
        self.app, self.now, self.key = app, now, TABLE
        self.out = Terminal()
        self.console = Console(
            app, out=self.out, players=NAMES, layout="wide", export_dir=directory
        )
        self.users = (self.console.me, self.console.other)
        self.refs = (self.users[0].ref, self.users[1].ref)

    async def command(self, player: int, line: str) -> None:
        await self.console.send(self.users[player], line)

    async def press(self, player: int, label: str) -> None:
        number = self.labels().index(label) + 1
        await self.console.send(self.users[player], str(number))

    def refuse_next_post(self) -> None:
        self.out.fail.append(BlockingIOError(errno.EAGAIN, "Resource temporarily unavailable"))

    async def tick(self) -> None:
        # What the console's tick loop does (``Console._tick_loop``): a tick that raised is
        # logged, and the next tick goes on.
        with contextlib.suppress(OSError):
            await self.console.ticks()
        assert not self.out.fail, "the tick printed nothing to refuse"

    def texts(self) -> list[str]:
        return [text for text in self.out.writes if text.strip()]

    def labels(self) -> list[str]:
        return [button.label for button in self.console.buttons]


@contextlib.asynccontextmanager
async def surface_of(
    name: str, worker: ComputerWorker, monkeypatch: pytest.MonkeyPatch, directory: Path
) -> AsyncIterator[Surface]:
    now = [1_000_000.0]
    app = App(
        MemoryStore(), dice=Dice(SEED), clock=lambda: now[0], analyser=worker, progress_every=0.0
    )
    if name == "recording":
        yield RecordingSurface(app, now)
    elif name == "console":
        yield ConsoleSurface(app, now, directory)
    elif name == "telegram":
        async with running_bot(app) as bot:
            yield TelegramSurface(app, now, bot)
    else:
        with contextlib.contextmanager(installed)(monkeypatch) as fake:
            surface = await DiscordSurface(app, now, fake).start()
            try:
                yield surface
            finally:
                await surface.client.close()


async def a_play(surface: Surface) -> tuple[int, str]:
    """Who is to play the dice rolled (0 or 1) and a legal play of them: the table read to
    choose the play, never to check anything."""
    table = await surface.app.load_table(surface.key)
    assert table is not None and table.match is not None
    game = table.match.game
    assert game.turn is not None and game.dice is not None
    play = legal_plays(game.current, game.dice)[0].notation()
    return surface.refs.index(table.seats[game.turn].user), play


def count(texts: list[str], words: str) -> int:
    return sum(words in text for text in texts)


@pytest.mark.parametrize("name", ["console", "telegram", "discord", "recording"])
async def test_a_tables_life_on_every_surface(
    name: str, worker: ComputerWorker, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    async with surface_of(name, worker, monkeypatch, tmp_path) as s:
        # 1. The lobby: a match to 1 point, joined, the move clock set.
        await s.command(0, "new 1")
        assert "Join" in s.labels()
        await s.press(1, "Join")
        assert "Roll" in s.labels()
        await s.command(1, "clock 1h")
        assert count(s.texts(), "Move clock: 1 hour per move.") == 1
        # 2. The game: the opening roll, and a play of its winner.
        await s.press(0, "Roll")
        mover, play = await a_play(s)
        assert count(s.texts(), f"{NAMES[mover]} to play ") == 1
        await s.command(mover, f"move {play}")
        late = 1 - mover  # on roll now: the clock runs for him
        assert count(s.texts(), f"{NAMES[late]}, your turn: roll or double.") == 1
        assert s.labels() == ["Roll", "Double"]
        # 3. The reminder: refused by the chat, posted by a later tick, once.
        s.now[0] += 50 * 60
        shown = len(s.texts())
        s.refuse_next_post()
        await s.tick()
        assert s.texts()[shown:] == []
        s.now[0] += 60
        await s.tick()
        notices = s.texts()[shown:]
        assert len(notices) == 1 and f"{NAMES[late]}, " in notices[0]
        assert "minutes left for your move." in notices[0]
        s.now[0] += 60
        await s.tick()
        assert s.texts()[shown:] == notices
        # 4. The player on roll resigns, the other accepts: the match is over.
        await s.command(late, "resign")
        assert count(s.texts(), f"{NAMES[late]} offers to resign") == 1
        assert "Accept" in s.labels()
        await s.press(mover, "Accept")
        assert count(s.texts(), f"{NAMES[mover]} wins the match 1–0.") == 1
        assert s.labels() == ["Analysis"]
        # 5. The analysis: its result shown once, each player's error rate in it.
        await s.press(0, "Analysis")
        results = [t for t in s.texts() if t.startswith("Analysis by GNU Backgammon's nets")]
        assert len(results) == 1
        assert all(f"{player}: PR " in results[0] for player in NAMES)
