"""Puzzles through the app, on the memory store and on Redis: a match analysed by a real worker,
its errors become each player's puzzles (each puzzle's best answer the analysis' best at its
ply), answered right and wrong by buttons and typed, graded, repeated on SM-2's schedule, rated
(Glicko-2, both sides), shown by ``rating`` and ``top puzzles``; a chat's daily puzzle posted
exactly once a day by two processes ticking at once and across a restart."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence

import pytest
from conftest import warm_worker
from test_app_analysis import new_match, play_by_text
from test_app_support import ALICE, BOB, CAROL, Chat, Dice, open_store, texts, toasts

from bot.ai.analysis import analyse_match
from bot.ai.nardy_analysis import analyse_nardy_game
from bot.ai.nardy_net_analysis import analyse_nardy_net_game
from bot.ai.report import Analysis, NardyEngine
from bot.ai.worker import ComputerWorker
from bot.app import App, Reply, SendBoard, Update, User
from bot.app.payload import Payload, format_payload, parse_payload
from bot.app.puzzles import daily
from bot.app.puzzles.builtin import builtin
from bot.app.puzzles.personal import load_deck
from bot.app.puzzles.records import MIN_LOSS, Card, Deck, deck_key
from bot.app.puzzles.srs import DAY, RELEARN
from bot.app.puzzles.views import CUBE_WORDS
from bot.app.types import DailyPuzzle, EditBoard, Toast
from bot.i18n import t
from bot.store import MemoryStore, Store, TableKey, Versioned
from engine.match import Match

pytestmark = pytest.mark.asyncio(loop_scope="module")

START = 1_800_000_000.0
"""A Friday, 08:00 UTC (the tests' clocks begin here)."""


class Clock:
    """A clock the test moves."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


class Private:
    """A user's private chat with the bot (every line meant for it)."""

    def __init__(self, app: App, user: User) -> None:
        self.app = app
        self.user = user
        self.key = TableKey(user.platform, user.id)
        self.n = 0

    async def send(
        self,
        text: str | None = None,
        *,
        button: str | None = None,
        message: str | None = None,
        update_id: str | None = None,
    ) -> list[Reply]:
        self.n += 1
        update = Update(
            self.key,
            self.user,
            update_id or f"p{self.user.id}.{self.n}",
            text=text,
            button=button,
            message=message,
            private=True,
        )
        return await self.app.handle(update)


def board_of(replies: Sequence[Reply]) -> SendBoard | EditBoard:
    found = [r for r in replies if isinstance(r, SendBoard | EditBoard)]
    assert len(found) == 1, replies
    return found[0]


async def analysed(app: App, chat: Chat) -> Match:
    """Ask for the analysis of the chat's finished match and follow it to its end."""
    await chat.send(ALICE, "analysis")
    async for _ in app.progress(chat.key):
        pass
    table = await chat.table()
    assert table.match is not None
    return table.match


def errors_of(analysis: Analysis, seat: int) -> set[tuple[str, str, int, int]]:
    return {
        (d.best, d.made, d.game, d.turn)
        for d in analysis.decisions
        if d.player == seat and d.loss >= MIN_LOSS
    }


def card_keys(deck: Deck, analysis: Analysis) -> set[tuple[str, str, int, int]]:
    """The decisions of ``analysis`` the deck's puzzles are (by best, made and position)."""
    out = set()
    for card in deck.cards:
        p = card.puzzle
        made = p.choices[p.made].text
        found = [
            d
            for d in analysis.decisions
            if d.best == p.best.text
            and d.made == made
            and (d.position == p.game.position or d.position == p.game.position.swapped())
        ]
        assert found, (p.best, made)
        out |= {(d.best, d.made, d.game, d.turn) for d in found}
    return out


def press_payload(card: Card, index: int) -> str:
    return format_payload(Payload("puzzle_answer", (card.puzzle.id, index), card.answers))


@pytest.mark.parametrize("kind", ["memory", "redis"])
async def test_a_matchs_errors_become_its_players_puzzles_answered_and_repeated(
    worker: ComputerWorker, kind: str, request: pytest.FixtureRequest
) -> None:
    async with open_store(kind, request) as store:
        await errors_to_puzzles(worker, store)


async def errors_to_puzzles(worker: ComputerWorker, store: Store) -> None:
    clock = Clock(START)
    app = App(store, dice=Dice(11), analyser=worker, progress_every=0.0, clock=clock)
    chat = Chat(app, TableKey("telegram", "-1801"))
    # The chat has a puzzle of the day: its own games' errors go to it too.
    await app.handle(Update(chat.key, CAROL, "set", text="/settings puzzle 09:00", admin=True))
    await new_match(chat, "3")
    await play_by_text(chat, [ALICE, BOB], lambda m: m.is_over)
    match = await analysed(app, chat)
    analysis = analyse_match(match, worker.analysis_ply)
    table = await chat.table()
    seat = {s.user: i for i, s in enumerate(table.seats)}
    alice_deck = await load_deck(store, ALICE.key)
    bob_deck = await load_deck(store, BOB.key)
    # Every error of 0.05 or more is its player's puzzle, its best the analysis' best.
    assert alice_deck.cards and bob_deck.cards
    assert card_keys(alice_deck, analysis) == errors_of(analysis, seat[ALICE.ref])
    assert card_keys(bob_deck, analysis) == errors_of(analysis, seat[BOB.ref])
    for card in alice_deck.cards:
        assert card.puzzle.ply == worker.analysis_ply and card.puzzle.player == seat[ALICE.ref]
        assert card.schedule.due == START and card.answers == 0
    # Analysed again (shown again at once): nothing is kept twice.
    await chat.send(BOB, "analysis")
    assert len((await load_deck(store, ALICE.key)).cards) == len(alice_deck.cards)

    # In the group the puzzles are not shown: they are private.
    assert texts(await chat.send(ALICE, "puzzle")) == t(
        "en", "puzzle-private", cmd_puzzle="/puzzle"
    )
    alice = Private(app, ALICE)
    shown = board_of(await alice.send("/puzzle"))
    assert isinstance(shown, SendBoard)
    due = len(alice_deck.cards)
    assert shown.caption.startswith(f"🧩 Your puzzle ({due} due), puzzle rating 1500")
    first = min(alice_deck.cards, key=lambda c: (c.schedule.due, c.puzzle.id))
    puzzle = first.puzzle
    payloads = {parse_payload(b.payload).args for row in shown.buttons for b in row}
    assert (puzzle.id, 0) in payloads and (puzzle.id, puzzle.made) in payloads
    assert shown.board.view.turn is not None
    if puzzle.kind == "move":
        assert shown.board.view.dice == puzzle.game.dice

    # Right: the best answer, pressed.
    best_button = next(
        b for row in shown.buttons for b in row if parse_payload(b.payload).args[1] == 0
    )
    clock.now += 60
    answered = board_of(await alice.send(button=best_button.payload, message="m1"))
    assert isinstance(answered, EditBoard) and answered.message == "m1"
    assert answered.caption.startswith("✅ Best: ")
    assert "← the best, your answer" in answered.caption
    assert "This puzzle comes back in 1 day." in answered.caption
    assert "Puzzle rating 1" in answered.caption and "(+" in answered.caption
    deck = await load_deck(store, ALICE.key)
    right = deck.card(puzzle.id)
    assert right is not None and right.answers == 1 and right.last == "best"
    assert right.schedule.due == clock.now + DAY and right.schedule.streak == 1
    assert deck.rated == 1 and deck.rating.rating > 1500 and deck.rating.deviation < 350
    assert right.puzzle.rating.rating < 1500  # the puzzle was solved: it sinks
    # The same press again: answered already; the same update delivered again: done already.
    assert toasts(await alice.send(button=best_button.payload, message="m1")) == [
        t("en", "puzzle-answered", cmd_puzzle="/puzzle")
    ]

    # Wrong: the play made in the game, typed.
    nxt = board_of(await alice.send("puzzle"))
    second = min(
        (c for c in deck.cards if c.puzzle.id != puzzle.id),
        key=lambda c: (c.schedule.due, c.puzzle.id),
    )
    assert nxt.caption.startswith(f"🧩 Your puzzle ({due - 1} due)")
    made = second.puzzle.choices[second.puzzle.made]
    typed = made.text  # a play, or a cube action's word
    clock.now += 60
    graded = board_of(await alice.send(f"puzzle {typed}"))
    assert isinstance(graded, SendBoard)
    band = "❌ Wrong: " if made.loss > 0.08 else "⚠️ Inaccurate: "
    assert graded.caption.startswith(band)
    assert "← your answer, played in the game" in graded.caption
    assert "This puzzle comes back in 10 minutes." in graded.caption
    deck = await load_deck(store, ALICE.key)
    wrong = deck.card(second.puzzle.id)
    assert wrong is not None and wrong.last in ("wrong", "inaccurate")
    assert wrong.schedule.due == clock.now + RELEARN and wrong.schedule.streak == 0
    assert deck.rated == 2 and wrong.puzzle.rating.rating > 1500  # missed: the puzzle rises
    before = deck.rating
    # Typed again with nothing shown: there is no puzzle waiting for an answer.
    assert texts(await alice.send(f"puzzle {typed}")) == t(
        "en", "puzzle-none-shown", cmd_puzzle="/puzzle"
    )

    # Ten minutes on, the missed one is due again: answered well, it comes back in a day, and
    # a repeat is not rated.
    clock.now += RELEARN
    assert second.puzzle.id in {c.puzzle.id for c in deck.due(clock.now)}
    again = board_of(await alice.send(button=press_payload(wrong, 0), message="m2"))
    assert "Answered before: not rated again." in again.caption
    assert "This puzzle comes back in 1 day." in again.caption
    deck = await load_deck(store, ALICE.key)
    relearnt = deck.card(second.puzzle.id)
    assert relearnt is not None and relearnt.schedule.streak == 1
    assert relearnt.schedule.due == clock.now + DAY and deck.rating == before
    # The one answered right, a day later: six days; then 6 × 2.6 = 16 days.
    clock.now = right.schedule.due
    right_again = deck.card(puzzle.id)
    assert right_again is not None
    await alice.send(button=press_payload(right_again, 0), message="m3")
    deck = await load_deck(store, ALICE.key)
    six = deck.card(puzzle.id)
    assert six is not None and six.schedule.interval == 6.0
    assert six.schedule.due == clock.now + 6 * DAY
    clock.now = six.schedule.due
    await alice.send(button=press_payload(six, 0), message="m4")
    deck = await load_deck(store, ALICE.key)
    sixteen = deck.card(puzzle.id)
    assert sixteen is not None and sixteen.schedule.interval == 16.0

    # Bob's puzzles are not Alice's to answer.
    bobs = bob_deck.cards[0]
    assert toasts(await alice.send(button=press_payload(bobs, 0), message="m5")) == [
        t("en", "puzzle-gone")
    ]
    # The ratings: Alice's shown with her places; the leaderboard of the platform.
    text = texts(await alice.send("rating"))
    assert f"Alice, puzzles: rating {round(deck.rating.rating)}" in text
    assert "2 rated answers" in text and "overall" in text
    top = texts(await alice.send("top puzzles global"))
    assert top.splitlines()[0] == "Best puzzle ratings overall:"
    assert f"1. Alice — {round(deck.rating.rating)} (2 puzzles)" in top

    # The chat's puzzle of the day comes from its own games: an error of this match.
    nine = daily.slot(daily.day_of(clock.now, 540) + 1, 540)
    clock.now = nine
    (post,) = posts(await app.tick())
    assert "🧩 Puzzle of the day, from a game played here:" in post.caption
    record = await store.load(daily.record_key(chat.key))
    assert record is not None
    today = daily.Daily.from_bytes(record.payload)
    assert today is not None and today.puzzle is not None and today.own
    every = {(c.puzzle.id) for d in (alice_deck, bob_deck) for c in d.cards}
    assert today.puzzle.id in every


LONG_NARDY_FIGURES = {
    "net": ("equity", 0, "Equity after each answer, in points without the cube, by the bot's own"),
    "classic": ("chance", 1, "Chance of winning after each answer"),
}
"""Per long nardy engine: its puzzles' unit, their depth (the shared worker analyses at 0-ply;
the hand-weighted player always at its depth 1) and how their figures are named."""


@pytest.mark.parametrize("engine", ["net", "classic"])
async def test_long_nardy_errors_are_puzzles_in_the_engines_figures(
    worker: ComputerWorker, engine: NardyEngine
) -> None:
    unit, ply, named = LONG_NARDY_FIGURES[engine]
    async with contextlib.AsyncExitStack() as stack:
        analyser = worker
        if engine == "classic":
            analyser = await stack.enter_async_context(
                warm_worker(nardy_engine="classic", analysis_ply=0, ponder=False)
            )
        assert analyser.nardy_engine == engine
        store = MemoryStore()
        app = App(store, dice=Dice(5), analyser=analyser, progress_every=0.0, clock=Clock(START))
        chat = Chat(app, TableKey("telegram", f"-1802{len(engine)}"))
        await new_match(chat, "nardy 1")
        await play_by_text(chat, [ALICE, BOB], lambda m: m.is_over)
        match = await analysed(app, chat)
    record = match.records()[0]
    if engine == "net":
        analysis = analyse_nardy_net_game(
            match.variant, match.length, match.options, record, depth=0
        )
    else:
        analysis = analyse_nardy_game(match.variant, match.length, match.options, record)
    table = await chat.table()
    decks = {}
    for i, seat in enumerate(table.seats):
        user = ALICE if seat.user == ALICE.ref else BOB
        decks[user] = deck = await load_deck(store, user.key)
        assert card_keys(deck, analysis) == errors_of(analysis, i)
        assert all(c.puzzle.unit == unit and c.puzzle.ply == ply for c in deck.cards)
    owner, deck = next((u, d) for u, d in decks.items() if d.cards)
    shown = board_of(await Private(app, owner).send("puzzle"))
    assert "find the best play." in shown.caption
    card = min(deck.cards, key=lambda c: (c.schedule.due, c.puzzle.id))
    graded = board_of(await Private(app, owner).send(button=press_payload(card, 0)))
    assert graded.caption.startswith("✅ Best: ")
    assert named in graded.caption and "GNU Backgammon" not in graded.caption
    assert ("%" in graded.caption) == (unit == "chance")


# -- the daily puzzle ---------------------------------------------------------------------------

GROUP = TableKey("telegram", "-1901")
NINE = START + 3600  # 09:00 UTC


def admin(user: User, text: str, uid: str) -> Update:
    return Update(GROUP, user, uid, text=text, admin=True)


def posts(batches: Sequence[tuple[TableKey, list[Reply]]]) -> list[DailyPuzzle]:
    return [r for _, replies in batches for r in replies if isinstance(r, DailyPuzzle)]


@pytest.mark.parametrize("kind", ["memory", "redis"])
async def test_the_daily_puzzle_is_posted_once_a_day_by_two_processes_and_after_a_restart(
    kind: str, request: pytest.FixtureRequest
) -> None:
    async with open_store(kind, request) as store:
        await once_a_day(store)


async def once_a_day(store: Store) -> None:
    clock = Clock(START)
    first = App(store, clock=clock)
    second = App(store, clock=clock)  # another process on the same store
    chat = Chat(first, GROUP)
    # Only an administrator sets it in a group; a bad hour is refused.
    assert texts(await chat.send(BOB, "/settings puzzle 09:00")) == t("en", "puzzle-daily-admin")
    assert texts(await first.handle(admin(ALICE, "/settings puzzle 9 am", "a0"))) == t(
        "en", "puzzle-daily-bad-time", time="9 am"
    )
    replies = await first.handle(admin(ALICE, "/settings puzzle 09:00", "a1"))
    assert texts(replies) == t("en", "puzzle-daily-on", time="09:00")
    assert texts(await chat.send(BOB, "/settings puzzle")) == t(
        "en", "puzzle-daily-is-on", time="09:00"
    )
    # Before nine nothing; at nine one post, whichever process ticks, even both at once.
    clock.now = NINE - 1
    assert posts(await first.tick()) == []
    clock.now = NINE
    together = await asyncio.gather(first.tick(), second.tick())
    handed = posts(together[0]) + posts(together[1])
    assert len(handed) == 1
    post = handed[0]
    where = [k for batch in together for k, replies in batch if replies]
    assert where == [GROUP]
    assert post.day == daily.day_of(NINE, 540)
    assert "Puzzle of the day, from the computer's games:" in post.caption
    assert not post.caption.startswith("Yesterday")
    # The process that handed it out stops before posting it: a restarted one (a new app on
    # the same store) hands it out again once RETRY has passed, never before.
    restarted = App(store, clock=clock)
    clock.now = NINE + 60
    assert posts(await restarted.tick()) == []
    clock.now = NINE + daily.RETRY
    again = posts(await restarted.tick())
    assert len(again) == 1 and again[0].caption == post.caption
    await restarted.puzzles.daily_posted(GROUP, again[0].day, "m-daily-1")
    clock.now = NINE + 2 * daily.RETRY
    for app in (first, second, restarted):
        assert posts(await app.tick()) == []
    # The answers: graded for the presser alone, once each.
    best = next(b for row in post.buttons for b in row if parse_payload(b.payload).args == (0,))
    worst = next(b for row in post.buttons for b in row if parse_payload(b.payload).args != (0,))
    bob = await chat.send(BOB, button=best.payload, message="m-daily-1")
    assert len(bob) == 1 and isinstance(bob[0], Toast) and bob[0].text.startswith("✅ Best: ")
    assert "Puzzle rating" in bob[0].text
    assert toasts(await chat.send(BOB, button=best.payload, message="m-daily-1")) == [
        t("en", "puzzle-daily-again")
    ]
    carol = toasts(await chat.send(CAROL, button=worst.payload, message="m-daily-1"))
    assert carol and not carol[0].startswith("✅") and "The best: " in carol[0]
    bob_deck = await load_deck(store, BOB.key)
    assert bob_deck.rated == 1 and bob_deck.rating.rating > 1500
    top = texts(await chat.send(BOB, "top puzzles"))
    assert top.splitlines()[0] == "Best puzzle ratings in this chat:"
    assert top.splitlines()[1].startswith("1. Bob — ")
    # The next day: one new puzzle, telling who found yesterday's.
    clock.now = NINE + DAY
    together = await asyncio.gather(second.tick(), first.tick())
    later = posts(together[0]) + posts(together[1])
    assert len(later) == 1 and later[0].day == post.day + 1
    assert later[0].caption.startswith("Yesterday's puzzle: the best was ")
    assert "found by Bob (2 answers)." in later[0].caption.splitlines()[0]
    # Yesterday's own message shows its answer and who found it, its buttons gone.
    (batch,) = [replies for _, replies in together[0] + together[1] if replies]
    revealed = batch[0]
    assert isinstance(revealed, EditBoard) and revealed.message == "m-daily-1"
    assert revealed.caption.startswith("🧩 The answer: ")
    assert "found by Bob (2 answers)." in revealed.caption.splitlines()[0]
    assert "← the best" in revealed.caption and revealed.buttons == ()
    for app in (first, second, restarted):
        assert posts(await app.tick()) == []
    # Yesterday's buttons are over.
    assert toasts(await chat.send(CAROL, button=best.payload, message="m-daily-1")) == [
        t("en", "puzzle-daily-over")
    ]
    # Off: nothing more.
    assert texts(await first.handle(admin(ALICE, "/settings puzzle off", "a2"))) == t(
        "en", "puzzle-daily-off"
    )
    clock.now = NINE + 2 * DAY
    assert posts(await first.tick()) == []


async def test_answers_typed_in_the_players_words_and_what_is_no_answer() -> None:
    """A cube question answered in Russian words; a play that is not legal, one the analysis
    did not weigh, a word that answers nothing: each said, nothing changed."""
    store = MemoryStore()
    app = App(store, clock=Clock(START))
    ivan = User("telegram", "77", "Ivan", "ru")
    cube = next(p for p in builtin() if p.kind == "double")
    move = next(p for p in builtin() if p.kind == "move" and p.game.variant == "backgammon")

    def seed(current: Versioned | None) -> bytes:
        return Deck().adding([cube, move], START).to_bytes()

    await store.update(deck_key(ivan.key), seed)
    chat = Private(app, ivan)
    first = min((cube, move), key=lambda p: p.id)
    second = cube if first is move else move
    for puzzle in (first, second):
        shown = board_of(await chat.send("/puzzle"))
        assert shown.caption.startswith("🧩 Ваша задача")
        if puzzle is cube:
            word = t("ru", "analysis-cube-action", action=CUBE_WORDS[cube.best.text])
            graded = board_of(await chat.send(f"/puzzle {word.upper()}"))
            assert graded.caption.startswith("✅ Лучший ответ: ")
            continue
        game = move.game
        assert game.turn is not None
        taken = {game.play(game.turn, c.text).position for c in move.choices}
        outside = next(
            p for p in game.builder.legal_plays if game.play(game.turn, p).position not in taken
        )
        text = game.play(game.turn, outside).log[-1].value[0]
        deck = await load_deck(store, ivan.key)
        refusals = [
            texts(await chat.send("/puzzle 24/1 2/1")),
            texts(await chat.send(f"/puzzle {text}")),
            texts(await chat.send("/puzzle пас")),
        ]
        assert refusals[0] == t("ru", "puzzle-illegal", play="24/1 2/1")
        assert refusals[1] == t("ru", "puzzle-not-weighed", play=text)
        assert refusals[2] == t("ru", "puzzle-illegal", play="пас")
        assert await load_deck(store, ivan.key) == deck  # nothing changed
        graded = board_of(await chat.send(f"/puzzle {move.best.text}"))
        assert graded.caption.startswith("✅ Лучший ответ: ")
