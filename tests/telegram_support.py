"""A running Telegram bot for tests: the real PTB ``Application`` against the fake Bot API.

:class:`Bot` starts the fake server and the application (long polling, or a webhook: its route on
the bot's HTTP server, :class:`~bot.observability.OpsServer`, on a free port), feeds updates the
way Telegram does and waits until the bot has finished with them.  The
state of a table is read through the app's public API only to choose the next move.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import urlsplit

from fake_telegram import BOT_USERNAME, Chat, FakeBotApi, FakeMessage, TgUser
from telegram.ext import Application

from bot.app import App, Table
from bot.app.payload import parse_payload
from bot.app.tournaments import keys
from bot.observability import HEADER_TIMEOUT, Metrics, OpsServer
from bot.store import TableKey
from bot.telegram import (
    ALLOWED_UPDATES,
    Poller,
    TelegramAdapter,
    TelegramWebhook,
    build_application,
    start_webhook,
    stop_serving,
)
from bot.telegram.menu import register_commands
from bot.telegram.mirror import route_of
from engine.game import Game, Phase
from engine.match import Match
from engine.movegen import legal_plays

ALICE = TgUser(101, "Alice")
BOB = TgUser(102, "Bob")
CAROL = TgUser(103, "Carol")
DAVE = TgUser(104, "Dave")
EVE = TgUser(105, "Eve")  # a spectator

SETTLE_TIMEOUT = 30.0


class Bot:
    """The application under test and the fake Telegram around it."""

    def __init__(
        self,
        fake: FakeBotApi,
        app: App,
        application: Application,  # type: ignore[type-arg]
        poller: Poller | None = None,
        webhook: dict[str, Any] | None = None,
        hook: TelegramWebhook | None = None,
    ) -> None:
        self.fake = fake
        self.app = app
        self.application = application
        self.poller = poller
        self.webhook = webhook
        self.hook = hook
        """The webhook's route, when served by webhook."""
        self.typed = 0
        self.poll = 0.002
        """Seconds between :meth:`settle`'s looks (three quiet looks in a row: settled)."""

    @property
    def adapter(self) -> TelegramAdapter:
        adapter: TelegramAdapter = self.application.bot_data["adapter"]
        return adapter

    # -- feeding updates ------------------------------------------------------------------------

    async def settle(self) -> None:
        """Wait until every offered update is handled, no analysis is followed any more and no
        Bot API call is in progress."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + SETTLE_TIMEOUT
        quiet = 0
        while quiet < 3:
            if loop.time() > deadline:
                raise AssertionError("the bot did not settle")
            await asyncio.sleep(self.poll)
            processor = self.application.update_processor
            busy = (
                not self.fake.idle
                or self.application.update_queue.qsize() > 0
                or processor.current_concurrent_updates > 0
                or (self.poller is not None and self.poller.in_flight > 0)
                or self.adapter.following > 0
                or bool(self.adapter.pacer.waiting)
            )
            quiet = 0 if busy else quiet + 1

    async def deliver(self, update: dict[str, Any]) -> None:
        """Offer an update (to ``getUpdates``, or POSTed to the webhook, which must answer 200)
        and wait until it is handled."""
        if self.webhook is None:
            self.fake.queue(update)
        else:
            assert await self.post(update) == 200
        await self.settle()

    async def post(self, update: dict[str, Any]) -> int:
        """POST ``update`` to the webhook as Telegram does; the HTTP status it answered."""
        assert self.webhook is not None
        return await self.fake.post_webhook(update, secret=self.webhook["secret"])

    async def say(
        self,
        user: TgUser,
        chat: Chat,
        text: str,
        *,
        thread_id: int | None = None,
        reply_to: FakeMessage | None = None,
    ) -> bool:
        """``user`` types ``text`` in ``chat``; whether Telegram passed it to the bot."""
        update = self.fake.user_message(user, chat, text, thread_id=thread_id, reply_to=reply_to)
        if not self.fake.reaches_bot(chat, text, reply_to):
            return False
        await self.deliver(update)
        return True

    def keyboard_message(self, chat: Chat, thread_id: int | None = None) -> FakeMessage:
        """The newest bot message in the chat that still has buttons."""
        messages = self.fake.with_keyboard(chat.id, thread_id)
        assert messages, "no message with buttons"
        return messages[-1]

    async def press(
        self, user: TgUser, chat: Chat, label: str, *, thread_id: int | None = None
    ) -> dict[str, Any]:
        """``user`` presses the button ``label`` on the newest message with buttons; the answer
        the press got (``answerCallbackQuery`` parameters)."""
        message = self.keyboard_message(chat, thread_id)
        update = self.fake.press(user, message, label)
        await self.deliver(update)
        return self.fake.callback_answers[update["callback_query"]["id"]]

    # -- reading state --------------------------------------------------------------------------

    async def table(self, key: TableKey) -> Table:
        table = await self.app.load_table(key)
        assert table is not None
        return table

    async def match(self, key: TableKey) -> Match:
        table = await self.table(key)
        assert table.match is not None
        return table.match

    async def game(self, key: TableKey) -> Game:
        """The game being played at the table (a chouette's current game too)."""
        table = await self.table(key)
        if table.chouette is not None:
            current = table.chouette.current
            assert current is not None
            return current.game
        return (await self.match(key)).game

    # -- driving a game -------------------------------------------------------------------------

    async def play_turn(
        self,
        chat: Chat,
        key: TableKey,
        users: Sequence[TgUser],
        game: Game,
        *,
        typed: bool = False,
        thread_id: int | None = None,
    ) -> None:
        """The player to act takes one decision: by buttons, or (``typed``) a play typed as
        ``/move`` in a group (privacy mode) or as bare notation in reply to the board."""
        if game.responder is not None:
            label = "Accept" if game.resign is not None or game.phase is Phase.BEAVERED else "Take"
            await self.press(users[game.responder], chat, label, thread_id=thread_id)
            return
        if game.phase is Phase.OPENING:
            await self.press(users[0], chat, "Roll", thread_id=thread_id)
            return
        assert game.turn is not None
        user = users[game.turn]
        if game.phase is Phase.ROLL:
            await self.press(user, chat, "Roll", thread_id=thread_id)
            return
        assert game.dice is not None
        if typed:
            before = (await self.table(key)).version
            play = legal_plays(game.current, game.dice)[0].notation()
            board = self.keyboard_message(chat, thread_id)
            if chat.type == "private":
                delivered = await self.say(user, chat, play, thread_id=thread_id)
            elif len(play) % 2:
                command = f"/move@{BOT_USERNAME} {play}"
                delivered = await self.say(user, chat, command, thread_id=thread_id)
            else:
                delivered = await self.say(user, chat, play, thread_id=thread_id, reply_to=board)
            assert delivered
            assert (await self.table(key)).version > before, f"typed play {play} refused"
            self.typed += 1
            return
        for _ in range(8):
            buttons = self.keyboard_message(chat, thread_id).buttons()
            labels = [b["text"] for b in buttons]
            now = await self.game(key)
            if "Confirm" in labels and now.builder.is_complete:
                await self.press(user, chat, "Confirm", thread_id=thread_id)
                return
            label = pressed_for(buttons, now)
            await self.press(user, chat, label, thread_id=thread_id)
            now = await self.game(key)
            if now.phase is not Phase.MOVE or now.turn != game.turn:  # the play went through
                return
        raise AssertionError("the play never became complete")

    async def play_on_card(
        self, card: FakeMessage, key: TableKey, users: Sequence[TgUser], limit: int = 2000
    ) -> Match:
        """Play the game on inline message ``card`` by its buttons until the match is over."""
        for _ in range(limit):
            match = await self.match(key)
            if match.is_over:
                return match
            game = match.game
            if game.responder is not None:
                user = users[game.responder]
                label = "Accept" if game.resign is not None else "Take"
            elif game.phase is Phase.OPENING:
                user, label = users[0], "Roll"
            else:
                assert game.turn is not None
                user = users[game.turn]
                labels = card.labels()
                label = next(
                    (x for x in ("Roll", "Confirm") if x in labels),
                    next((x for x in labels if "→" in x), ""),
                )
            await self.deliver(self.fake.press(user, card, label))
        raise AssertionError("the match on the card did not finish")

    async def play_game(
        self,
        chat: Chat,
        key: TableKey,
        users: Sequence[TgUser],
        *,
        typed_every: int = 0,
        thread_id: int | None = None,
        limit: int = 2000,
    ) -> Match:
        """Play until the match is over; every ``typed_every``-th move is typed."""
        moves = 0
        for _ in range(limit):
            match = await self.match(key)
            if match.is_over:
                return match
            game = match.game
            typed = False
            if game.phase is Phase.MOVE and game.responder is None:
                moves += 1
                typed = typed_every > 0 and moves % typed_every == 0
            await self.play_turn(chat, key, users, game, typed=typed, thread_id=thread_id)
        raise AssertionError("the match did not finish")


def pressed_for(buttons: Sequence[dict[str, Any]], game: Game) -> str:
    """The label a player presses to make his play: the first play offered whole (a group's
    one-press plays), else the first step that is legal now (a group's keyboard of the turn's
    steps offers steps that are not, once some are made)."""
    payloads = [(str(b["text"]), parse_payload(b["callback_data"])) for b in buttons]
    chosen = next((label for label, p in payloads if p.action == "choose"), None)
    if chosen is not None:
        return chosen
    legal = {(s.frm, s.to) for s in game.next_steps()}
    return next(label for label, p in payloads if p.action == "step" and p.args in legal)


class Clock:
    """A clock the test moves (the app's ``clock``; the rate limiter's and the fake's too when
    given to :func:`running_bot`)."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def most_in_any(times: list[float], period: float) -> int:
    """The most of ``times`` (sorted) that fall within one window of ``period`` seconds."""
    most, start = 0, 0
    for end, at in enumerate(times):
        while at - times[start] >= period:
            start += 1
        most = max(most, end - start + 1)
    return most


# -- tournament games in private chats ------------------------------------------------------------


def private(bot: Bot, user: TgUser) -> Chat:
    """``user``'s private chat with the bot (he has started it)."""
    return bot.fake.chat(user.id, "private")


def started(bot: Bot, *users: TgUser) -> None:
    """``users`` have started the bot: it may write to them."""
    for user in users:
        private(bot, user)


def boards(bot: Bot, user: TgUser) -> list[FakeMessage]:
    """The board pictures in ``user``'s private chat."""
    return [m for m in bot.fake.bot_messages(user.id) if m.kind == "photo"]


def game_of(message: FakeMessage) -> TableKey:
    """The tournament game the buttons of a board in a private chat act at."""
    found = {route_of(b["callback_data"]) for b in message.buttons()}
    (routed,) = {r[0] if r is not None else None for r in found}
    assert routed is not None and keys.is_event_game(routed), message.buttons()
    return routed


def unrouted(message: FakeMessage) -> list[dict[str, Any]]:
    """The buttons of a board in a private chat with the app's own payloads."""
    out = []
    for button in message.buttons():
        routed = route_of(button["callback_data"])
        assert routed is not None
        out.append({**button, "callback_data": routed[1]})
    return out


async def play_by_buttons(bot: Bot, key: TableKey, users: Sequence[TgUser]) -> TgUser:
    """The player to act at tournament game ``key`` (``users`` by seat) takes his decision (his
    whole play, or his roll) by the buttons of the board in his private chat; who he is."""
    game = await bot.game(key)
    assert game.turn is not None
    user = users[game.turn]
    chat = private(bot, user)
    if game.phase is Phase.ROLL:
        await bot.press(user, chat, "Roll")
        return user
    for _ in range(8):
        buttons = unrouted(bot.keyboard_message(chat))
        labels = [b["text"] for b in buttons]
        now = await bot.game(key)
        if "Confirm" in labels and now.builder.is_complete:
            await bot.press(user, chat, "Confirm")
            return user
        await bot.press(user, chat, pressed_for(buttons, now))
        now = await bot.game(key)
        if now.phase is not Phase.MOVE or now.turn != game.turn:
            return user
    raise AssertionError("the play never became complete")


@asynccontextmanager
async def running_bot(
    app: App,
    *,
    fake: FakeBotApi | None = None,
    webhook: dict[str, Any] | None = None,
    png_width: int = 640,
    commands: bool = False,
    rate: float = 10_000,
    group_rate: float | None = None,
    group_period: float = 60,
    clock: Callable[[], float] | None = None,
) -> AsyncIterator[Bot]:
    """The bot running on ``app`` against a fake Bot API (started here unless given).

    ``rate`` lifts the rate limiter's limits (Telegram allows 20 messages a minute in a group,
    which would make a whole game take an hour); a test of the limiter sets it, or a group's
    own (``group_rate`` in any ``group_period`` seconds).  ``clock``: the time the rate limiter
    counts in and the fake stamps each call with (a test's simulated time; the real one by
    default).
    """
    own_fake = fake is None
    fake = fake or FakeBotApi()
    if clock is not None:
        fake.clock = clock
    if own_fake:
        await fake.start()
    application = build_application(
        app,
        fake.token,
        base_url=fake.url,
        png_width=png_width,
        retry_delay=0.01,
        overall_max_rate=rate,
        group_max_rate=rate if group_rate is None else group_rate,
        group_period=group_period,
        clock=clock or time.monotonic,
    )
    try:
        async with application:
            if commands:
                await register_commands(application.bot)
            await application.start()
            hook = None
            server = None
            poller = None
            try:
                if webhook is not None:
                    hook, server = await serve_webhook(application, app, **webhook)
                else:
                    poller = Poller(application, allowed_updates=ALLOWED_UPDATES, timeout=1)
                    await poller.start()
                yield Bot(fake, app, application, poller, webhook, hook)
            finally:
                await stop_serving(application, webhook=hook, poller=poller)
                if server is not None:
                    await server.stop()
    finally:
        if own_fake:
            await fake.stop()


async def serve_webhook(
    application: Application,  # type: ignore[type-arg]
    app: App,
    *,
    url: str,
    secret: str,
    port: int,
    host: str = "127.0.0.1",
    header_timeout: float = HEADER_TIMEOUT,
    **options: Any,
) -> tuple[TelegramWebhook, OpsServer]:
    """The webhook's route on an HTTP server of its own on ``host:port`` (as the runtime
    installs it on the bot's), open and registered with the fake at ``url``; ``options`` go to
    the route (``body_timeout``)."""
    hook = TelegramWebhook(path=urlsplit(url).path, secret=secret, **options)
    server = OpsServer(
        Metrics(process=False),
        app.store,
        host=host,
        port=port,
        routes=[hook.install],
        header_timeout=header_timeout,
    )
    await server.start()
    try:
        await start_webhook(application, hook, url=url)
    except BaseException:
        await server.stop()
        raise
    return hook, server


WEBHOOK_SECRET = "s3cret-token"
"""The secret token of the webhook that :func:`webhook_bot` serves."""


@asynccontextmanager
async def webhook_bot(app: App, **options: Any) -> AsyncIterator[tuple[Bot, int]]:
    """The bot on ``app`` served by webhook on a free port (every update POSTed to it, with
    :data:`WEBHOOK_SECRET`), and that port; ``options`` go to :func:`serve_webhook` as well
    (``header_timeout``, ``body_timeout``)."""
    from conftest import free_port

    fake = FakeBotApi()
    await fake.start()
    port = free_port()
    webhook = {
        "url": f"http://127.0.0.1:{port}/tg/hook",
        "secret": WEBHOOK_SECRET,
        "port": port,
        **options,
    }
    try:
        async with running_bot(app, fake=fake, webhook=webhook) as bot:
            yield bot, port
    finally:
        await fake.stop()
