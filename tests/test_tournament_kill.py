"""A tournament survives its bot process being killed, with real processes.

``python -m bot`` serves Telegram by long polling against the fake Bot API (an HTTP server) and
the session's Redis.  Eight players start the bot privately; in a group without topics one of
them opens a three-round Swiss, all join, and it starts: each game is played in its players'
private chats, a typed ``/resign`` there routed to the game and the opponent's Accept pressed
on the board mirrored to him.  The process is killed with SIGKILL twice, and started again:

* in the middle of round 1, with a burst of updates in flight: an Accept that ends a game and
  two resignations, taken from Telegram in one batch and applied, their replies not sent yet
  (Telegram keeps the batch: the new process gets it again);
* after round 2's last result, while the tick shows the round it has just paired: round 3
  written, its games created, the standings edited, its pairings not posted yet and its games
  not placed (the new process posts and places them ``TOURNAMENT_RETRY_SECONDS`` later).

The event then finishes, and its record and the fake's chats show nothing lost and nothing
done twice: every game of every round created once with one result, no pair met twice, each
round paired once, each game's opening and board in both players' chats once, each round's
pairings posted once, the one standings message edited, and the champion announced once.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from fake_telegram import Chat, FakeBotApi, FakeMessage, TgUser
from ops_support import BotProcess

from bot.app import App, Table
from bot.app.tournaments import keys, ledger, texts
from bot.app.tournaments.event import EventGame, Tournament
from bot.i18n import t
from bot.store import RedisStore, TableKey
from bot.telegram.mirror import route_of

# A positive id: PTB's rate limiter holds a group (a negative id) to 20 messages a minute.
GROUP = 4401
HOME = TableKey("telegram", str(GROUP))
NAMES = ("Ann", "Ben", "Cid", "Dot", "Eli", "Fay", "Gus", "Hal")
PLAYERS = tuple(TgUser(4500 + i, name) for i, name in enumerate(NAMES, 1))
BY_REF = {f"telegram:{u.id}": u for u in PLAYERS}
ROUNDS = 3
TIMEOUT = 60.0
TICK = 1
"""Seconds between the bot's ticks (``TICK_SECONDS``): a round is paired at the first tick after
its last result."""
RETRY = 8
"""Seconds after which what the killed process began to show is shown again
(``TOURNAMENT_RETRY_SECONDS``): longer than a live process takes to show a round."""
CUT = "<cut>"
"""A placeholder that marks where a message's words stop being known in advance."""
POSTING = (
    "sendMessage",
    "sendPhoto",
    "editMessageText",
    "editMessageCaption",
    "editMessageMedia",
    "editMessageReplyMarkup",
    "answerCallbackQuery",
)
"""The Bot API methods that show something in a chat."""


@pytest.fixture
async def fake() -> AsyncIterator[FakeBotApi]:
    server = FakeBotApi()
    await server.start()
    yield server
    await server.stop()


@pytest.fixture
async def store(redis_url: str) -> AsyncIterator[RedisStore]:
    opened = RedisStore.from_url(redis_url)
    await opened.client.flushdb()
    yield opened
    await opened.close()


class Field:
    """The players of the event, the process serving them and what they see."""

    def __init__(self, fake: FakeBotApi, store: RedisStore, bot: BotProcess) -> None:
        self.fake = fake
        self.store = store
        self.bot = bot
        self.app = App(store)  # only to read the tables
        self.group = fake.chat(GROUP, "supergroup")
        self.event_id = ""

    # -- waiting --------------------------------------------------------------------------------

    async def until(self, check: Callable[[], Awaitable[bool]], what: str) -> None:
        """Wait until ``check()`` holds."""
        deadline = time.monotonic() + TIMEOUT
        while not await check():
            if time.monotonic() > deadline:
                raise AssertionError(f"{what}: not within {TIMEOUT} s\n{self.bot.log[-4000:]}")
            await asyncio.sleep(0.05)

    async def settle(self) -> None:
        """Wait until every queued update is handled and confirmed and no Bot API call is in
        progress (for a while: a tick may be between two calls)."""
        quiet = 0
        deadline = time.monotonic() + TIMEOUT
        while quiet < 5:
            if time.monotonic() > deadline:
                raise AssertionError(f"the bot did not settle\n{self.bot.log[-4000:]}")
            await asyncio.sleep(0.02)
            quiet = quiet + 1 if self.fake.idle else 0

    async def released(self) -> bool:
        """Whether no Bot API call waits any more (the calls paused, once resumed)."""
        return not any(self.fake.waiting.values())

    # -- what the players do --------------------------------------------------------------------

    def private(self, user: TgUser) -> Chat:
        return self.fake.chat(user.id, "private")

    def say(self, user: TgUser, chat: Chat, text: str) -> None:
        """``user`` types ``text`` in ``chat``: queued for ``getUpdates``."""
        self.fake.queue(self.fake.user_message(user, chat, text))

    def send(self, *updates: dict[str, Any]) -> None:
        """Queue ``updates`` at once: the bot takes them in one batch."""
        for update in updates:
            self.fake.queue(update)

    async def resign(self, game: EventGame) -> dict[str, Any]:
        """The player to act types ``/resign`` in his private chat (routed to the game): the
        update."""
        user = await self.resigner(game)
        return self.fake.user_message(user, self.private(user), "/resign")

    async def accept(self, game: EventGame) -> dict[str, Any]:
        """The other player presses Accept on the offer shown in his private chat: the
        update."""
        resigner = await self.resigner(game)
        (other,) = [BY_REF[p] for p in game.players if BY_REF[p] != resigner]
        return self.fake.press(other, self.offer(other, self.key(game)), "Accept")

    async def finish(self, game: EventGame) -> None:
        """``game`` ends by a resignation accepted, each step handled before the next."""
        self.send(await self.resign(game))
        await self.settle()
        self.send(await self.accept(game))
        await self.settle()

    def offer(self, user: TgUser, key: TableKey) -> FakeMessage:
        """The newest message in ``user``'s private chat with an Accept button for game
        ``key``."""
        for message in reversed(self.fake.bot_messages(user.id)):
            for button in message.buttons():
                if button["text"].startswith("Accept") and routed_to(button) == key:
                    return message
        raise AssertionError(f"no resignation to accept for {user.first_name} at {key}")

    # -- what the store says --------------------------------------------------------------------

    def key(self, game: EventGame) -> TableKey:
        return keys.game_key("telegram", self.event_id, game.round, game.board)

    async def event(self) -> Tournament:
        found = await ledger.load(self.store, "telegram", self.event_id)
        assert found is not None
        return found

    async def games(self, round_: int) -> list[EventGame]:
        return [g for g in (await self.event()).games if g.round == round_]

    async def table(self, game: EventGame) -> Table:
        table = await self.app.load_table(self.key(game))
        assert table is not None
        return table

    async def resigner(self, game: EventGame) -> TgUser:
        """The player to act at ``game``'s table (who may resign now)."""
        table = await self.table(game)
        assert table.match is not None and table.match.game.turn is not None
        return BY_REF[table.seats[table.match.game.turn].user]

    async def offered(self, game: EventGame) -> bool:
        """Whether a resignation is offered at ``game``'s table."""
        table = await self.table(game)
        return table.match is not None and table.match.game.resign is not None

    async def placed(self, round_: int) -> bool:
        """Whether round ``round_`` is paired and each of its games placed."""
        event = await self.event()
        games = [g for g in event.games if g.round == round_]
        return event.round >= round_ and bool(games) and all(g.place for g in games)


async def test_a_tournament_finishes_whole_when_its_process_is_killed_mid_round_and_mid_pairing(
    fake: FakeBotApi, store: RedisStore, redis_url: str, tmp_path: Path
) -> None:
    bot = BotProcess(
        fake,
        redis_url,
        tmp_path,
        "bot",
        polling=True,
        AI_ENABLED="false",
        TICK_SECONDS=str(TICK),
        TOURNAMENT_RETRY_SECONDS=str(RETRY),
    )
    field = Field(fake, store, bot)
    try:
        await bot.start()
        ann = PLAYERS[0]
        for user in PLAYERS:
            field.say(user, field.private(user), "/start")
        field.say(ann, field.group, f"/tournament swiss {ROUNDS} rounds 1 clock=1h")
        await field.settle()
        pointer = await store.load(keys.current_key(HOME))
        assert pointer is not None
        field.event_id = pointer.payload.decode()
        for user in PLAYERS:
            field.say(user, field.group, "/tournament join")
        await field.settle()
        field.say(ann, field.group, "/tournament start")
        await field.until(lambda: field.placed(1), "round 1 placed")
        await field.settle()

        # Round 1: a game ends; another's resignation is offered.
        first, second, third, fourth = await field.games(1)
        await field.finish(first)
        field.send(await field.resign(second))
        await field.settle()
        # A burst in one batch: the Accept that ends the second game, the resignations of the
        # third and fourth.  Applied, their replies waiting on the Bot API: SIGKILL.
        burst = [await field.accept(second), await field.resign(third), await field.resign(fourth)]
        for method in POSTING:
            fake.pause(method)
        field.send(*burst)

        async def applied() -> bool:
            ended = (await field.event()).game(1, second.board)
            return (
                ended is not None
                and ended.result is not None
                and await field.offered(third)
                and await field.offered(fourth)
                and sum(fake.waiting.values()) > 0
            )

        await field.until(applied, "the burst applied, its replies waiting")
        await bot.kill()
        for method in POSTING:
            fake.resume(method)
        await field.until(field.released, "the dead process's calls dropped")
        assert fake.dropped  # what the burst's replies showed never reached Telegram
        await bot.start()
        await field.settle()
        # Telegram gave the batch again: applied already, what its replies showed is shown now
        # (the offers' Accept buttons).
        again = Counter(fake.delivered)
        assert [again[u["update_id"]] for u in burst] == [2, 2, 2]
        field.send(await field.accept(third), await field.accept(fourth))
        await field.until(lambda: field.placed(2), "round 2 placed")
        await field.settle()

        # Round 2: every game ends; the tick pairs round 3 and shows it: SIGKILL as it posts
        # the pairings (the standings edited already).
        *games, last = await field.games(2)
        for game in games:
            await field.finish(game)
        field.send(await field.resign(last))
        await field.settle()
        ending = await field.accept(last)
        fake.pause("sendMessage", GROUP)
        field.send(ending)

        async def pairing() -> bool:
            return (await field.event()).round == 3 and fake.waiting.get("sendMessage", 0) > 0

        await field.until(pairing, "round 3 paired, its pairings being posted")
        dropped = len(fake.dropped)
        await bot.kill()
        fake.resume("sendMessage", GROUP)
        await field.until(field.released, "the dead process's calls dropped")
        lang = (await field.event()).lang or "en"
        head = t(lang, "tournament-pairings", round=3, rounds=ROUNDS)
        assert [p["text"][: len(head)] for _, p in fake.dropped[dropped:]] == [head]
        for game in await field.games(3):  # created, not placed
            assert game.place is None and (await field.table(game)).stage == "play"
        await bot.start()
        await field.until(lambda: field.placed(3), "round 3 placed")
        await field.settle()
        for game in await field.games(3):
            await field.finish(game)

        async def announced() -> bool:
            event = await field.event()
            return event.status == "over" and event.announced == ROUNDS + 1

        await field.until(announced, "the event over, its champion announced")
        await field.settle()
        await check(field)
        errors = [r for r in bot.log_records() if r["level"] in ("ERROR", "CRITICAL")]
        assert not errors, errors
    finally:
        bot.stop_now()


async def check(field: Field) -> None:
    """What the event's record and the chats show once it is over."""
    event = await field.event()
    fake = field.fake
    lang = event.lang or "en"
    # Each round paired once, each player in one of its games; no pair met twice.
    assert event.round == ROUNDS and len(event.swiss().rounds) == ROUNDS
    assert Counter(g.round for g in event.games) == {1: 4, 2: 4, 3: 4}
    assert len({g.label for g in event.games}) == len(event.games)
    for round_ in range(1, ROUNDS + 1):
        players = [p for g in event.games if g.round == round_ for p in g.players]
        assert sorted(players) == sorted(BY_REF), (round_, players)
    pairs = Counter(frozenset(g.players) for g in event.games)
    assert set(pairs.values()) == {1}, pairs
    # Every game: one result, from the table created for it (its match), over now; its opening
    # posted once in each player's private chat, and its board with buttons acting at it.
    for game in event.games:
        table = await field.table(game)
        assert game.result is not None and not game.result.forfeit, game.label
        assert table.stage == "over" and game.match_id == table.dice.match_id, game.label
        assert game.place == field.key(game).tag
        a, b = (event.name_of(p) for p in game.players)
        opening = t(lang, "tournament-game-opening", first=a, second=b, round=game.round,
                    board=game.board, length=1, clock=CUT, time=CUT).split(CUT)[0]  # fmt: skip
        for ref in game.players:
            user = BY_REF[ref]
            lines = [m.text for m in fake.bot_messages(user.id)]
            assert sum(line.startswith(opening) for line in lines) == 1, (game.label, lines)
            boards = [
                p
                for p in carried_out(fake, "sendPhoto")
                if int(p["chat_id"]) == user.id
                and any(routed_to(b) == field.key(game) for b in buttons_of(p))
            ]
            assert boards, (game.label, user.first_name)
    # The group: one standings message (edited), each round's pairings once, one champion.
    said = fake.bot_messages(GROUP)
    shown = [m.text[:60] for m in said]
    standings = [m for m in said if m.text.startswith(t(lang, "tournament-title", id=event.id))]
    assert len(standings) == 1 and standings[0].edits > 0, shown
    assert event.standings == str(standings[0].message_id)
    for round_ in range(1, ROUNDS + 1):
        head = t(lang, "tournament-pairings", round=round_, rounds=ROUNDS)
        assert sum(m.text.startswith(head) for m in said) == 1, (round_, shown)
    champion = texts.champion_of(event)
    assert champion is not None
    crowned = t(lang, "tournament-champion", name=event.name_of(champion), id=event.id)
    assert [m.text for m in said].count(crowned) == 1, shown


def carried_out(fake: FakeBotApi, method: str) -> list[dict[str, Any]]:
    """The parameters of the calls of ``method`` the fake carried out (not those dropped)."""
    dropped = [id(p) for _, p in fake.dropped]
    return [p for m, p in fake.calls if m == method and id(p) not in dropped]


def buttons_of(params: dict[str, Any]) -> list[dict[str, Any]]:
    """The buttons of a Bot API call's ``reply_markup``."""
    markup = params.get("reply_markup")
    if not isinstance(markup, dict):
        return []
    return [b for row in markup.get("inline_keyboard", []) for b in row]


def routed_to(button: dict[str, Any]) -> TableKey | None:
    """The tournament game a button in a private chat acts at."""
    route = route_of(str(button.get("callback_data", "")))
    return route[0] if route else None
