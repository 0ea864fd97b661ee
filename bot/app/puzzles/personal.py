"""``puzzle``: a player's own puzzles, made from the errors of his analysed games.

``puzzle`` (in a private chat with the bot: they are his alone) shows the puzzle due first, as
its board with the dice (or the cube question), the answers as buttons; ``puzzle PLAY`` (or
``puzzle double`` …) answers the one shown last in words, the button answers it with a press.
The answer is graded (:mod:`bot.app.puzzles.grading`), shown with every answer's figures on the
best answer's board, and the puzzle's next showing is set by its repetitions
(:mod:`bot.app.puzzles.srs`).  The first answer to a puzzle is rated (Glicko-2 against the
puzzle's own rating, which moves too); a repeat tests memory, not judgement, and is not.

Each answer is one compare-and-set of the player's puzzles with the update's id: a press
delivered twice is applied once; a press on a puzzle answered since (its version: how often it
was answered) is refused.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.app.context import Context, Refused
from bot.app.payload import InvalidPayload, Payload, format_payload, parse_payload
from bot.app.puzzles import views
from bot.app.puzzles.glicko import MIN_DEVIATION, Glicko, rate
from bot.app.puzzles.grading import QUALITY, SCORE, Band
from bot.app.puzzles.records import Card, Deck, answer_of, deck_key, is_legal
from bot.app.puzzles.srs import review
from bot.app.types import Button, EditBoard, Reply, SendBoard
from bot.store import Store, UpdateStatus, UserKey, Versioned
from bot.store.base import leaderboard_key

__all__ = ["BOARD", "drawn_for", "load_deck", "puzzle", "puzzle_answer", "puzzle_next", "rated"]

BOARD = "puzzles"
"""The leaderboards' name of the puzzle ratings (a platform's, a chat's)."""


async def load_deck(store: Store, user: UserKey) -> Deck:
    """``user``'s puzzles (none yet: an empty deck)."""
    return Deck.from_bytes(_payload(await store.load(deck_key(user))))


def _payload(record: Versioned | None) -> bytes | None:
    return record.payload if record is not None else None


def rated(player: Glicko, puzzle: Glicko, graded: Band) -> tuple[Glicko, Glicko]:
    """The player's and the puzzle's ratings after a rated answer in band ``graded``: one
    Glicko-2 period each, against the other as it stood."""
    score = SCORE[graded]
    mine = rate(player, [(puzzle, score)], floor=MIN_DEVIATION)
    theirs = rate(puzzle, [(player, 1.0 - score)], floor=MIN_DEVIATION)
    return mine, theirs


async def puzzle(ctx: Context, args: tuple[Any, ...]) -> list[Reply]:
    """``puzzle``: the next puzzle due; ``puzzle ANSWER``: the answer to the one shown."""
    if not ctx.update.private:
        raise Refused("puzzle-private")
    if args:
        return await _typed(ctx, " ".join(str(a) for a in args))
    return await _next(ctx)


async def puzzle_next(ctx: Context, args: tuple[Any, ...]) -> list[Reply]:
    """The *Next puzzle* button."""
    return await puzzle(ctx, ())


async def _next(ctx: Context) -> list[Reply]:
    store = ctx.users.store
    key = deck_key(ctx.user.key)
    shown: list[tuple[Card, int, Glicko]] = []

    def fn(current: Versioned | None) -> bytes | None:
        deck = Deck.from_bytes(_payload(current))
        due = deck.due(ctx.now)
        shown[:] = [(due[0], len(due), deck.rating)] if due else []
        if not due:
            if not deck.cards:
                raise Refused("puzzle-none")
            wait = (deck.next_due() or ctx.now) - ctx.now
            raise Refused(
                "puzzle-none-due", count=len(deck.cards), when=views.when_text(ctx.tr, wait)
            )
        if deck.shown == due[0].puzzle.id and deck.name == ctx.user.name:
            return None
        return replace(deck, shown=due[0].puzzle.id, name=ctx.user.name).to_bytes()

    await store.update(key, fn)
    return [_question(ctx, *shown[0])]


def _question(ctx: Context, card: Card, due: int, rating: Glicko) -> SendBoard:
    puzzle_ = card.puzzle
    board = views.question_board(ctx.tr, ctx.lang, puzzle_)
    lines = [
        ctx.tr("puzzle-title", due=due, rating=rating.rating),
        views.question_line(ctx.tr, puzzle_),
        ctx.tr("puzzle-how"),
    ]

    def payload_of(index: int) -> str:
        return format_payload(Payload("puzzle_answer", (puzzle_.id, index), card.answers))

    return SendBoard(board, "\n".join(lines), views.keyboard(ctx.tr, puzzle_, payload_of))


async def puzzle_answer(ctx: Context, args: tuple[Any, ...]) -> list[Reply]:
    """An answer's button: ``(puzzle id, answer index)``, drawn for the puzzle's answer count."""
    if len(args) != 2:
        raise Refused("error-bad-payload")
    return await _answer(ctx, str(args[0]), int(args[1]), drawn_for(ctx))


def drawn_for(ctx: Context) -> int:
    """The version the pressed button was drawn for."""
    try:
        return parse_payload(ctx.update.button or "").version
    except InvalidPayload:
        raise Refused("error-bad-payload") from None


async def _typed(ctx: Context, typed: str) -> list[Reply]:
    deck = await load_deck(ctx.users.store, ctx.user.key)
    card = deck.card(deck.shown) if deck.shown is not None else None
    if card is None:
        raise Refused("puzzle-none-shown")
    index = answer_of(card.puzzle, typed)
    if index is None and card.puzzle.kind != "move":
        index = _cube_word(ctx, card, typed)
    if index is None:
        if card.puzzle.kind != "move":
            raise Refused("puzzle-not-an-answer")
        if not is_legal(card.puzzle, typed):
            raise Refused("puzzle-illegal", play=typed[:40])
        raise Refused("puzzle-not-weighed", play=typed[:40])
    return await _answer(ctx, card.puzzle.id, index, None)


def _cube_word(ctx: Context, card: Card, typed: str) -> int | None:
    """The cube action ``typed`` names in the reader's words (``взять``, ``пас`` …)."""
    words = " ".join(typed.casefold().split())
    puzzle_ = card.puzzle
    for i, choice in enumerate(puzzle_.choices):
        said = (
            views.choice_text(ctx.tr, puzzle_, choice),
            views.choice_label(ctx.tr, puzzle_, choice),
        )
        if words in {s.casefold() for s in said}:
            return i
    return None


async def _answer(ctx: Context, puzzle_id: str, index: int, version: int | None) -> list[Reply]:
    store = ctx.users.store
    done: list[tuple[Card, Deck, Deck]] = []

    def fn(current: Versioned | None) -> bytes | None:
        done.clear()
        deck = Deck.from_bytes(_payload(current))
        card = deck.card(puzzle_id)
        if card is None:
            raise Refused("puzzle-gone")
        if version is not None and card.answers != version:
            raise Refused("puzzle-answered")
        if not 0 <= index < len(card.puzzle.choices):
            raise Refused("error-bad-payload")
        _, graded = card.puzzle.grade(index)
        schedule = review(card.schedule, QUALITY[graded], ctx.now)
        puzzle_ = card.puzzle
        new = deck
        if card.answers == 0:  # the first answer is rated
            mine, theirs = rated(deck.rating, puzzle_.rating, graded)
            puzzle_ = replace(puzzle_, rating=theirs)
            new = replace(deck, rating=mine, rated=deck.rated + 1)
        answered = Card(puzzle_, schedule, card.answers + 1, graded)
        new = replace(new.with_card(answered), shown=None, name=ctx.user.name)
        done.append((answered, deck, new))
        return new.to_bytes()

    result = await store.update(deck_key(ctx.user.key), fn, update_id=ctx.update.update_id)
    if result.status is UpdateStatus.DUPLICATE or not done:
        raise Refused("app-already-done")
    after, old, new = done[0]
    if new.rated != old.rated:
        scores = {ctx.user.key.user: new.rating.rating}
        await store.set_scores(leaderboard_key(ctx.user.platform, BOARD), scores)
    return [_graded(ctx, after, index, old, new)]


def _graded(ctx: Context, after: Card, answered: int, old: Deck, new: Deck) -> Reply:
    puzzle_ = after.puzzle
    assert after.last is not None
    lines = views.answer_lines(ctx.tr, puzzle_, answered, after.last)
    if new.rated != old.rated:
        change = new.rating.rating - old.rating.rating
        lines.append(ctx.tr("puzzle-rating-change", rating=new.rating.rating, change=change))
    else:
        lines.append(ctx.tr("puzzle-not-rated"))
    wait = views.when_text(ctx.tr, after.schedule.due - ctx.now)
    lines.append(ctx.tr("puzzle-back-in", when=wait))
    board = views.answer_board(ctx.tr, ctx.lang, puzzle_)
    more = ((Button(ctx.tr("button-puzzle-next"), format_payload(Payload("puzzle_next"))),),)
    caption = "\n".join(lines)
    if ctx.update.message is not None and ctx.pressed:
        return EditBoard(ctx.update.message, board, caption, more)
    return SendBoard(board, caption, more)
