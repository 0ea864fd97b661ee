"""What a puzzle is and how a player's puzzles are kept: plain values and pure functions.

A :class:`Puzzle` is one decision of an analysed game: the position as its player saw it (the
engine's :class:`~engine.game.Game`, with the dice of a move, or the cube question), its answers
(:class:`Choice`: the best first, each with what it gives up against the best, as the analysis
weighed them at its depth) and which one was played; its own Glicko-2 rating.  Every error of
:data:`MIN_LOSS` or more (a checker play, a double, a take or pass) of an analysed game becomes
one (:func:`from_decision`), for the player who made it.

A player's :class:`Deck` holds his puzzles (:class:`Card`: a puzzle and its repetitions'
schedule), his puzzle rating and which puzzle he was shown last (a play typed answers it).  It
is one record beside the player's own (:func:`deck_key`), private: only he is shown it.  It
keeps :data:`MAX_KEPT` puzzles at most: past that, those learnt best go first.
"""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final, Literal

from bot.ai.report import Decision
from bot.app.puzzles.glicko import Glicko
from bot.app.puzzles.grading import Band, band
from bot.app.puzzles.srs import Schedule
from bot.store import SiblingKey, UserKey
from bot.store.codec import JsonCodec
from engine.errors import EngineError
from engine.game import Game, Phase
from engine.match import Match

__all__ = [
    "CHOICES_KEPT",
    "DECK",
    "MAX_KEPT",
    "MIN_LOSS",
    "Card",
    "Choice",
    "Deck",
    "Kind",
    "Puzzle",
    "Unit",
    "deck_key",
    "from_decision",
]

MIN_LOSS: Final = 0.05
"""An error this large (or larger) becomes a puzzle."""

MAX_KEPT: Final = 100
"""Puzzles a player keeps at most."""

CHOICES_KEPT: Final = 16
"""Answers a puzzle keeps besides the best and the one played (those the analysis weighed at
its depth, best first: a typed play among them is graded by its figure)."""

DECK: Final = "puzzles"
"""The name of a player's puzzles' record beside his own."""

Kind = Literal["move", "double", "take"]
Unit = Literal["equity", "chance"]

CODEC: Final = JsonCodec(schema=1)

GAMES_KEPT: Final = 4096
"""Puzzles' positions this process keeps decoded, by the puzzle's id (which is a digest of the
position: :func:`puzzle_id`): a player's record is read and written whole at each answer, and
setting a game out of its stored dict is most of that work."""

_GAMES: OrderedDict[str, tuple[Game, dict[str, Any]]] = OrderedDict()

DECKS_KEPT: Final = 64
"""Players' records this process read or wrote lately, kept decoded by their stored bytes: an
answer reads back the bytes the process wrote when it showed the puzzle."""

_DECKS: OrderedDict[bytes, Deck] = OrderedDict()


def _deck_kept(payload: bytes, deck: Deck) -> None:
    _DECKS[payload] = deck
    _DECKS.move_to_end(payload)
    while len(_DECKS) > DECKS_KEPT:
        _DECKS.popitem(last=False)


def _kept(puzzle_id: str, game: Game, data: dict[str, Any]) -> None:
    _GAMES[puzzle_id] = (game, data)
    _GAMES.move_to_end(puzzle_id)
    while len(_GAMES) > GAMES_KEPT:
        _GAMES.popitem(last=False)


def _game_of(puzzle_id: str, data: dict[str, Any]) -> Game:
    known = _GAMES.get(puzzle_id)
    if known is not None and known[1] == data:
        _GAMES.move_to_end(puzzle_id)
        return known[0]
    game = Game.from_dict(data)
    _kept(puzzle_id, game, data)
    return game


def _dict_of(puzzle_id: str, game: Game) -> dict[str, Any]:
    known = _GAMES.get(puzzle_id)
    if known is not None and known[0] is game:
        return known[1]
    data = game.to_dict()
    _kept(puzzle_id, game, data)
    return data


def deck_key(user: UserKey) -> SiblingKey:
    """The record of ``user``'s puzzles."""
    return SiblingKey(user, DECK)


@dataclass(frozen=True, slots=True)
class Choice:
    """One answer: a play in the variant's notation or a cube action (``double``, ``no
    double``, ``take``, ``pass``), its value to the player where the analysis measured one, and
    what it gives up against the best (0 for the best)."""

    text: str
    value: float | None
    loss: float

    @classmethod
    def of(cls, text: str, value: float | None, loss: float) -> Choice:
        """An answer with its figures to six places (as kept)."""
        return cls(text, None if value is None else round(value, 6), round(max(0.0, loss), 6))

    def to_list(self) -> list[Any]:
        return [self.text, self.value, self.loss]

    @classmethod
    def from_list(cls, data: Sequence[Any]) -> Choice:
        text, value, loss = data
        return cls(str(text), None if value is None else float(value), float(loss))


@dataclass(frozen=True, slots=True)
class Puzzle:
    """One decision to find again (see the module's docstring).  ``made`` is the index of the
    answer played in the game (``-1``: none recorded); ``unit`` what the figures measure;
    ``ply`` the depth of the analysis; ``made_at`` when it was made."""

    id: str
    kind: Kind
    game: Game
    choices: tuple[Choice, ...]
    made: int
    unit: Unit
    ply: int
    rating: Glicko = field(default_factory=Glicko)
    made_at: float = 0.0

    @property
    def best(self) -> Choice:
        return self.choices[0]

    @property
    def player(self) -> int:
        """The engine's seat whose decision it is."""
        turn = self.game.turn if self.game.turn is not None else 0
        return 1 - turn if self.kind == "take" else turn

    def grade(self, index: int) -> tuple[Choice, Band]:
        """Answer ``index`` and its band."""
        choice = self.choices[index]
        return choice, band(choice.loss)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "k": self.kind,
            "g": _dict_of(self.id, self.game),
            "c": [c.to_list() for c in self.choices],
            "m": self.made,
            "u": self.unit,
            "p": self.ply,
            "r": self.rating.to_list(),
            "t": round(self.made_at, 3),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Puzzle:
        """Inverse of :meth:`to_dict`; raises ``KeyError``, ``TypeError``, ``ValueError`` or
        :class:`~engine.errors.EngineError` on a malformed dict."""
        kind = data["k"]
        unit = data["u"]
        if kind not in ("move", "double", "take") or unit not in ("equity", "chance"):
            raise ValueError(f"unknown puzzle kind {kind!r} or unit {unit!r}")
        choices = tuple(Choice.from_list(c) for c in data["c"])
        made = int(data["m"])
        if len(choices) < 2 or not -1 <= made < len(choices):
            raise ValueError("a puzzle has two answers or more")
        puzzle_id = str(data["id"])
        return cls(
            puzzle_id,
            kind,
            _game_of(puzzle_id, data["g"]),
            choices,
            made,
            unit,
            int(data["p"]),
            Glicko.from_list(data.get("r")),
            float(data.get("t", 0.0)),
        )


def puzzle_id(game: Game, kind: str, made: str) -> str:
    """The id of the puzzle of ``game``'s decision where ``made`` was played: the same for the
    same decision analysed again (so it is kept once)."""
    seen = json.dumps([game.to_dict(), kind, made], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(seen.encode()).hexdigest()[:12]


def _played(game: Game, text: str) -> Game | None:
    """``game`` after the play ``text`` (``None``: not a legal play there)."""
    if game.turn is None:
        return None
    try:
        return game.play(game.turn, text)
    except EngineError:
        return None


def from_decision(
    match: Match, decision: Decision, shown: Game, unit: Unit, ply: int, now: float
) -> Puzzle | None:
    """The puzzle of ``decision`` of ``match`` (``shown``: its position as the player saw it,
    :func:`bot.app.match_analysis.decision_game`), or ``None`` when it is no error of
    :data:`MIN_LOSS` or more (or its answers cannot be set out again)."""
    if decision.loss < MIN_LOSS or decision.made == decision.best:
        return None
    if decision.kind not in ("move", "double", "take"):
        return None
    kind: Kind = "move" if decision.kind == "move" else "double"
    if decision.kind == "take":
        kind = "take"
    game = replace(shown, log=(), resign=None, result=None)
    if kind == "move" and (game.phase is not Phase.MOVE or game.dice is None):
        return None
    values = dict(decision.choices)
    best_value = values.get(decision.best)
    best = Choice.of(decision.best, best_value, 0.0)
    made = Choice.of(decision.made, values.get(decision.made), decision.loss)
    others: list[Choice] = []
    for text, value in decision.choices:
        if text in (decision.best, decision.made):
            continue
        loss = max(0.0, best_value - value) if best_value is not None else 0.0
        others.append(Choice.of(text, value, loss))
    others.sort(key=lambda c: c.loss)
    answers = [best, *others[:CHOICES_KEPT], made]
    if kind == "move":
        legal = _distinct_plays(game, answers)
        if legal is None:
            return None
        answers = legal
    answers = [answers[0], *sorted(answers[1:], key=lambda c: c.loss)]
    index = next(i for i, c in enumerate(answers) if c.text == decision.made)
    pid = puzzle_id(game, kind, decision.made)
    return Puzzle(pid, kind, game, tuple(answers), index, unit, ply, Glicko(), now)


def _distinct_plays(game: Game, answers: list[Choice]) -> list[Choice] | None:
    """``answers`` whose plays are legal in ``game``, one per position they leave (the first
    kept); ``None`` when the best or the one played is not among them."""
    seen: set[object] = set()
    kept: list[Choice] = []
    for choice in answers:
        after = _played(game, choice.text)
        if after is None:
            continue
        if after.position in seen:
            continue
        seen.add(after.position)
        kept.append(choice)
    texts = {c.text for c in kept}
    if answers[0].text not in texts or answers[-1].text not in texts:
        return None
    return kept


def answer_of(puzzle: Puzzle, typed: str) -> int | None:
    """The index of the answer ``typed`` names (a play, in any legal notation of it; a cube
    action by its word), or ``None`` when it names none of the puzzle's answers."""
    words = " ".join(typed.lower().split())
    if puzzle.kind != "move":
        for i, choice in enumerate(puzzle.choices):
            if words == choice.text:
                return i
        return None
    after = _played(puzzle.game, typed)
    if after is None:
        return None
    for i, choice in enumerate(puzzle.choices):
        if choice.text == typed:
            return i
        shown = _played(puzzle.game, choice.text)
        if shown is not None and shown.position == after.position:
            return i
    return None


def is_legal(puzzle: Puzzle, typed: str) -> bool:
    """Whether ``typed`` is a legal play of the puzzle's roll."""
    return puzzle.kind == "move" and _played(puzzle.game, typed) is not None


# -- a player's puzzles ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Card:
    """One of a player's puzzles: the puzzle, its schedule, how often he answered it and the
    band of his last answer."""

    puzzle: Puzzle
    schedule: Schedule
    answers: int = 0
    last: Band | None = None

    def to_dict(self) -> dict[str, Any]:
        out = self.puzzle.to_dict()
        out["s"] = self.schedule.to_list()
        out["n"] = self.answers
        if self.last is not None:
            out["l"] = self.last
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Card:
        puzzle = Puzzle.from_dict(data)
        last = data.get("l")
        shown: Band | None = last if last in ("best", "close", "inaccurate", "wrong") else None
        schedule = Schedule.from_list(data.get("s"), puzzle.made_at)
        return cls(puzzle, schedule, int(data.get("n", 0)), shown)


@dataclass(frozen=True, slots=True)
class Deck:
    """A player's puzzles (see the module's docstring): his cards, his puzzle rating and how
    many of his answers were rated, the puzzle shown last, and the name he was last seen with
    (the leaderboards show it)."""

    cards: tuple[Card, ...] = ()
    rating: Glicko = field(default_factory=Glicko)
    rated: int = 0
    shown: str | None = None
    name: str = ""

    def card(self, puzzle_id: str) -> Card | None:
        return next((c for c in self.cards if c.puzzle.id == puzzle_id), None)

    def due(self, now: float) -> list[Card]:
        """The cards due at ``now``, the longest overdue first."""
        return sorted((c for c in self.cards if c.schedule.due <= now), key=_due_order)

    def next_due(self) -> float | None:
        """When the next card is due (``None``: no card)."""
        return min((c.schedule.due for c in self.cards), default=None)

    def adding(self, puzzles: Iterable[Puzzle], now: float) -> Deck:
        """The deck with ``puzzles`` it lacks, each due at once (at most :data:`MAX_KEPT`
        cards: those learnt best leave first, then the oldest)."""
        known = {c.puzzle.id for c in self.cards}
        new = []
        for puzzle in puzzles:
            if puzzle.id in known:
                continue
            known.add(puzzle.id)
            new.append(Card(puzzle, Schedule(now)))
        if not new:
            return self
        cards = [*self.cards, *new]
        if len(cards) > MAX_KEPT:
            leaving = sorted(cards, key=_leaving_order)[: len(cards) - MAX_KEPT]
            gone = {c.puzzle.id for c in leaving}
            cards = [c for c in cards if c.puzzle.id not in gone]
        return replace(self, cards=tuple(cards))

    def with_card(self, card: Card) -> Deck:
        cards = tuple(card if c.puzzle.id == card.puzzle.id else c for c in self.cards)
        return replace(self, cards=cards)

    def to_bytes(self) -> bytes:
        """The record's bytes (the deck kept decoded by them, see :data:`DECKS_KEPT`)."""
        data = {
            "cards": [c.to_dict() for c in self.cards],
            "rating": self.rating.to_list(),
            "rated": self.rated,
            "shown": self.shown,
            "name": self.name,
        }
        payload = CODEC.encode(data)
        _deck_kept(payload, self)
        return payload

    @classmethod
    def from_bytes(cls, payload: bytes | None) -> Deck:
        """The deck stored in ``payload`` (an empty one for none); a card that cannot be read
        is left out.  Raises :class:`~bot.store.CorruptRecord` for a record that is no deck."""
        if payload is None:
            return cls()
        known = _DECKS.get(payload)
        if known is not None:
            _DECKS.move_to_end(payload)
            return known
        data = CODEC.decode(payload, key="puzzles")
        if not isinstance(data, dict):
            return cls()
        cards: list[Card] = []
        for raw in data.get("cards", []):
            try:
                cards.append(Card.from_dict(raw))
            except (EngineError, KeyError, TypeError, ValueError):
                continue
        shown = data.get("shown")
        name = data.get("name")
        deck = cls(
            tuple(cards),
            Glicko.from_list(data.get("rating")),
            int(data.get("rated", 0)),
            shown if isinstance(shown, str) else None,
            name if isinstance(name, str) else "",
        )
        _deck_kept(payload, deck)
        return deck


def _due_order(card: Card) -> tuple[float, str]:
    return (card.schedule.due, card.puzzle.id)


def _leaving_order(card: Card) -> tuple[int, float, float]:
    """Cards learnt best first (a good answer's longest interval), then the oldest."""
    learnt = card.answers > 0 and card.schedule.streak > 0
    return (0 if learnt else 1, -card.schedule.interval, card.puzzle.made_at)
