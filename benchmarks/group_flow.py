"""Group play against Telegram's per-group limit: Bot API calls per press, limiter waits, lag.

Run ``python -m benchmarks.group_flow`` from the repository root (``--minutes 5`` for the full
run, ``--interval`` for the time between presses).  It starts the real PTB ``Application``
(:func:`bot.telegram.build_application`, ``AIORateLimiter`` on at Telegram's limits: 30 calls a
second, 20 a minute per group) against the local fake Bot API (``tests/fake_telegram.py``),
four times side by side in real time:

- the group flow (:mod:`bot.app.group`): the dice rolled at once when there is no double to
  decide on, one-press plays when there are few, else a keyboard of the turn's steps whose
  presses (and Undo) are answered by toasts until Confirm, one board message edited;
- the one-board flow before it (``frugal=False``): the same board message edited for every
  roll, step and confirm;
- the flow of a new board per turn (``one_board=False, frugal=False``), as in private chats;
- the group flow on python-telegram-bot's ``AIORateLimiter`` (a leaky bucket of 20 a minute,
  no edit held back), the plain way the project's sliding windows
  (:class:`bot.telegram.limits.ChatLimits`, :class:`~bot.telegram.limits.BoardPacer`) replace.

In each, two players in a group press every ``--interval`` seconds: whoever must act presses
what a player would press on the newest message with buttons (Take, Roll, a play offered
whole, Confirm once his play is complete, else the first step that is legal now); a finished
match is followed by a new one.

Printed per flow: presses, Bot API calls per press (and those counted against the group's
limit), the most group calls the fake Telegram received in any 60 s (Telegram's limit: 20),
presses with a call that waited on the limiter (how many, total and longest wait), and
press-to-visible-change p50/p95: from the press's arrival at the bot to the end of the first
group call it caused (the edit or post that shows the change), or, for a press that changes
no message (a step answered by a toast), to the end of the answer that shows the presser his
step; the p95 of the presses shown by a group call alone is printed too.  Targets: at most 20
group calls in any 60 s; no press waits on the limiter; p95 at most 1 s while presses come
slower than the group's budget (faster, a board edit a full window holds back shows when it
has room, only the newest state of the board).  The limiter runs in real time (its clock cannot be
scaled honestly), so the run takes ``--minutes``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextvars
import random
import statistics
import sys
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from fake_telegram import FakeBotApi, TgUser
from telegram.ext import AIORateLimiter, Application, BaseRateLimiter

from bot.app import App
from bot.app.payload import InvalidPayload, Payload, parse_payload
from bot.store import MemoryStore, TableKey
from bot.telegram import ALLOWED_UPDATES, build_application
from bot.telegram.limits import BoardPacer, ChatLimits
from bot.telegram.polling import Poller
from engine.game import Game, Phase

GROUP = -1001
KEY = TableKey("telegram", str(GROUP))
ALICE = TgUser(101, "Alice")
BOB = TgUser(102, "Bob")

PRESS: contextvars.ContextVar[str | None] = contextvars.ContextVar("press", default=None)
"""The press (callback query id) whose handling makes the current Bot API call."""


@dataclass
class Press:
    arrived: float
    calls: int = 0
    group_calls: int = 0
    waited: float = 0.0
    shown: float | None = None
    """When the first group call it caused ended."""
    toasted: float | None = None
    """When its answer ended, if the answer said something (a toast)."""


@dataclass
class Flow:
    """One bot and its fake Telegram, with what its presses cost."""

    name: str
    one_board: bool
    frugal: bool
    short: str
    fake: FakeBotApi = field(default_factory=FakeBotApi)
    presses: dict[str, Press] = field(default_factory=dict)
    refused: int = 0
    matches: int = 0
    plain: bool = False
    """On python-telegram-bot's ``AIORateLimiter``, no edit held back (the plain way)."""
    application: Application | None = None  # type: ignore[type-arg]
    app: App | None = None
    poller: Poller | None = None

    def most_in_a_minute(self) -> int:
        """The most calls to the group the fake received in any 60 s."""
        times = [
            at
            for (_, params), at in zip(self.fake.calls, self.fake.call_times, strict=True)
            if str(params.get("chat_id")) == str(GROUP)
        ]
        most, first = 0, 0
        for last, at in enumerate(times):
            while at - times[first] >= 60:
                first += 1
            most = max(most, last - first + 1)
        return most


def instrument(flow: Flow, application: Application) -> None:  # type: ignore[type-arg]
    """Time every Bot API call of a press: its wait on the rate limiter, and when the first
    group call ends; the press's handling is marked with :data:`PRESS`."""
    limiter = application.bot.rate_limiter
    assert limiter is not None
    original = limiter.process_request

    async def process_request(
        callback: Callable[..., Coroutine[Any, Any, Any]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: int | None,
    ) -> Any:
        press = flow.presses.get(PRESS.get() or "")
        if press is None:
            return await original(callback, args, kwargs, endpoint, data, rate_limit_args)
        chat = data.get("chat_id")
        group = isinstance(chat, str) or (isinstance(chat, int) and chat < 0)
        asked = time.monotonic()
        started: list[float] = []

        async def timed(*a: Any, **k: Any) -> Any:
            started.append(time.monotonic())
            return await callback(*a, **k)

        result = await original(timed, args, kwargs, endpoint, data, rate_limit_args)
        press.calls += 1
        press.waited += (started[0] if started else asked) - asked
        if group:
            press.group_calls += 1
            if press.shown is None:
                press.shown = time.monotonic()
        elif endpoint == "answerCallbackQuery" and data.get("text"):
            press.toasted = time.monotonic()
        return result

    class Timed(BaseRateLimiter):  # type: ignore[type-arg]
        """The application's own limiter, each call timed."""

        async def initialize(self) -> None:
            await limiter.initialize()

        async def shutdown(self) -> None:
            await limiter.shutdown()

        async def process_request(self, *a: Any, **k: Any) -> Any:
            return await process_request(*a, **k)

    application.bot._rate_limiter = Timed()
    adapter = application.bot_data["adapter"]
    on_callback = adapter.on_callback

    async def marked(update: Any, context: Any) -> None:
        query = update.callback_query
        PRESS.set(query.id if query is not None else None)
        await on_callback(update, context)

    adapter.on_callback = marked
    # the handler was registered with the bound method: point it at the marked one
    for handlers in application.handlers.values():
        for handler in handlers:
            if getattr(handler, "callback", None) == on_callback:
                handler.callback = marked


async def start(flow: Flow, seed: int) -> None:
    await flow.fake.start()
    rng = random.Random(seed)
    flow.app = App(MemoryStore(), dice=lambda: rng.randint(1, 6))
    flow.application = build_application(
        flow.app,
        flow.fake.token,
        base_url=flow.fake.url,
        png_width=640,
        one_board=flow.one_board,
        frugal=flow.frugal,
    )
    if flow.plain:
        flow.application.bot._rate_limiter = AIORateLimiter(
            overall_max_rate=30, group_max_rate=20, max_retries=3
        )
        flow.application.bot_data["adapter"].pacer = BoardPacer(ChatLimits(group_max_rate=0))
    instrument(flow, flow.application)
    await flow.application.initialize()
    await flow.application.start()
    flow.poller = Poller(flow.application, allowed_updates=ALLOWED_UPDATES, timeout=1)
    await flow.poller.start()
    flow.fake.chat(GROUP, "supergroup")
    await open_match(flow)


async def stop(flow: Flow) -> None:
    application = flow.application
    assert application is not None
    if flow.poller is not None:
        await flow.poller.stop()
    await application.stop()
    await application.shutdown()
    await flow.fake.stop()


async def open_match(flow: Flow) -> None:
    chat = flow.fake.chats[GROUP]
    flow.fake.queue(flow.fake.user_message(ALICE, chat, "/new 7"))
    await wait_for(lambda: "Join" in labels(flow))
    message = flow.fake.with_keyboard(GROUP)[-1]
    flow.fake.queue(flow.fake.press(BOB, message, "Join"))
    await wait_for(lambda: "Roll" in labels(flow))
    flow.matches += 1


def labels(flow: Flow) -> list[str]:
    messages = flow.fake.with_keyboard(GROUP)
    return messages[-1].labels() if messages else []


async def wait_for(test: Callable[[], bool], timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not test():
        if time.monotonic() > deadline:
            raise RuntimeError("the bot did not answer")
        await asyncio.sleep(0.01)


async def press_once(flow: Flow) -> None:
    """Whoever must act presses what a player would press on the newest keyboard."""
    assert flow.app is not None
    table = await flow.app.load_table(KEY)
    assert table is not None and table.match is not None
    match = table.match
    if match.is_over:
        await open_match(flow)
        return
    game = match.game
    users = [ALICE, BOB]
    if game.responder is not None:
        user = users[game.responder]
    elif game.phase is Phase.OPENING or game.turn is None:
        user = ALICE
    else:
        user = users[game.turn]
    messages = flow.fake.with_keyboard(GROUP)
    if not messages:
        return
    message = messages[-1]
    label = choose(message.buttons(), game)
    if label is None:
        return
    update = flow.fake.press(user, message, label)
    query_id = update["callback_query"]["id"]
    flow.presses[query_id] = Press(time.monotonic())
    flow.fake.queue(update)


WANTED = ("take", "resign_accept", "roll", "choose")
"""What a player presses first when the keyboard offers it (he never doubles)."""


def choose(buttons: list[dict[str, Any]], game: Game) -> str | None:
    """The label of the button to press: the first wanted action, else Confirm once the play
    is complete, else the first step that is legal now, else the first button."""
    pressable: list[tuple[str, Payload]] = []
    for button in buttons:
        try:
            pressable.append((button["text"], parse_payload(button["callback_data"])))
        except (KeyError, InvalidPayload):
            continue
    for action in WANTED:
        found = next((label for label, p in pressable if p.action == action), None)
        if found is not None:
            return found
    complete = game.phase is Phase.MOVE and game.builder.is_complete
    confirm = next((label for label, p in pressable if p.action == "confirm"), None)
    if complete and confirm is not None:
        return confirm
    legal = {(s.frm, s.to) for s in game.next_steps()}
    steps = [label for label, p in pressable if p.action == "step" and p.args in legal]
    if steps:
        return steps[0]
    return pressable[0][0] if pressable else None


async def drive(flow: Flow, seconds: float, interval: float) -> None:
    end = time.monotonic() + seconds
    next_at = time.monotonic()
    while time.monotonic() < end:
        await press_once(flow)
        next_at += interval
        await asyncio.sleep(max(0.0, next_at - time.monotonic()))
    await asyncio.sleep(5.0)  # the last presses' calls come in


@dataclass(frozen=True)
class Figures:
    presses: int
    matches: int
    calls: float
    group: float
    most: int
    waits: int
    waited: float
    longest: float
    p50: float | None
    p95: float | None
    board_p95: float | None


def figures(flow: Flow) -> Figures:
    presses = list(flow.presses.values())
    n = max(1, len(presses))
    waits = [p.waited for p in presses if p.waited > 0.05]
    seen = [p.shown if p.shown is not None else p.toasted for p in presses]
    lags = sorted(at - p.arrived for p, at in zip(presses, seen, strict=True) if at is not None)
    boards = sorted(p.shown - p.arrived for p in presses if p.shown is not None)
    return Figures(
        len(presses),
        flow.matches,
        sum(p.calls for p in presses) / n,
        sum(p.group_calls for p in presses) / n,
        flow.most_in_a_minute(),
        len(waits),
        sum(waits),
        max(waits, default=0.0),
        statistics.median(lags) if lags else None,
        percentile(lags, 0.95),
        percentile(boards, 0.95),
    )


def percentile(values: list[float], q: float) -> float | None:
    return values[min(len(values) - 1, int(q * len(values)))] if values else None


def ms(value: float | None) -> str:
    return "-" if value is None else f"{value * 1000:.0f} ms"


def report(flows: list[Flow]) -> None:
    """The flows' figures side by side, the group flow first."""
    rows: list[tuple[str, Callable[[Figures], str]]] = [
        ("presses", lambda f: str(f.presses)),
        ("matches opened", lambda f: str(f.matches)),
        ("Bot API calls per press", lambda f: f"{f.calls:.2f}"),
        ("  counted against the group", lambda f: f"{f.group:.2f}"),
        ("most group calls in any 60 s", lambda f: str(f.most)),
        ("presses that waited on the limiter", lambda f: str(f.waits)),
        ("  total / longest wait", lambda f: f"{f.waited:.1f} s / {f.longest:.1f} s"),
        ("press-to-visible-change p50", lambda f: ms(f.p50)),
        ("press-to-visible-change p95", lambda f: ms(f.p95)),
        ("  p95 of presses shown by a group call", lambda f: ms(f.board_p95)),
    ]
    results = [figures(flow) for flow in flows]
    width = max(len(label) for label, _ in rows) + 2
    print("".ljust(width) + "".join(flow.short.rjust(16) for flow in flows))
    for label, show in rows:
        print(label.ljust(width) + "".join(show(f).rjust(16) for f in results))
    for flow, f in zip(flows, results, strict=True):
        within = "met" if f.most <= 20 else "MISSED"
        waits = "met" if f.waits == 0 else "MISSED"
        lag = "met" if f.p95 is not None and f.p95 <= 1.0 else "missed"
        print(
            f"{flow.short}: {flow.name}; at most 20 a minute {within}, no waits {waits},"
            f" p95 <= 1 s {lag}"
        )


async def main(minutes: float, interval: float, seed: int) -> None:
    flows = [
        Flow("group flow (few messages: one-press plays, steps by toasts)", True, True, "group"),
        Flow("one board edited for every press", True, False, "one board"),
        Flow("a new board per turn, the old one cleared", False, False, "new boards"),
        Flow("group flow on AIORateLimiter (the plain way)", True, True, "plain", plain=True),
    ]
    for flow in flows:
        await start(flow, seed)
    print(f"{minutes:g} min, a press every {interval:g} s, limits 30/s and 20/min/group")
    try:
        await asyncio.gather(*(drive(flow, minutes * 60, interval) for flow in flows))
    finally:
        for flow in flows:
            await stop(flow)
    report(flows)


def cli() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=1.0)
    parser.add_argument("--interval", type=float, default=2.0)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    asyncio.run(main(args.minutes, args.interval, args.seed))


if __name__ == "__main__":
    cli()
