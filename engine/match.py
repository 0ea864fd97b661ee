"""A match to N points (Crawford rule) or a money session: consecutive games and their score.

A :class:`Match` is a frozen value holding every game played so far, the last one being the
current game.  Actions go to the current game through :meth:`Match.apply`; once it is over the
score counts it and :meth:`Match.next_game` starts the next one (the Crawford game when a player
has just reached N-1 for the first time; no doubling in it).  ``length == 0`` is a money session
with a running score over games played with the same options.

A drawn long nardy game (``Options.last_roll_draw``) scores half a point each, or one each with
``Options.draw_points == "one"``; scores are then exact :data:`~engine.game.Points` (an ``int``
when whole, a ``Fraction`` with a half).  The first player to reach or pass N *ahead of the other*
wins: when a draw brings both level at N or more, play goes on and the next decided game wins.

    >>> from engine.game import Action, DiceSequence
    >>> from engine.result import WinKind
    >>> m = Match.new(3).apply(Action("roll", 0), DiceSequence([6, 1]))
    >>> m = m.apply(Action("resign", 1, resign=WinKind.GAMMON)).apply(Action("accept_resign", 0))
    >>> m.score, m.is_over
    ((2, 0), False)
    >>> m = m.next_game()
    >>> m.game.crawford
    True
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from engine.cube import Options
from engine.errors import EngineError, IllegalAction, UnsupportedSchema
from engine.game import (
    Action,
    DiceSource,
    Game,
    LogEntry,
    Points,
    check_schema,
    find_variant,
    points_value,
)


def _refuse(code: str, message: str) -> IllegalAction:
    return IllegalAction(message, code=code)


@dataclass(frozen=True, slots=True)
class Match:
    """A match to ``length`` points, or a money session when ``length`` is 0.

    ``games`` holds every game so far in order; the last is the current game (possibly over,
    waiting for :meth:`next_game`).  ``options`` are the table options as agreed (a match plays
    them without automatic doubles, beavers and the Jacoby rule).
    """

    variant: str
    length: int
    options: Options
    games: tuple[Game, ...]

    @classmethod
    def new(
        cls, length: int = 0, variant: str = "backgammon", options: Options | None = None
    ) -> Match:
        """A match to ``length`` points (0: a money session) with its first game."""
        if not isinstance(length, int) or length < 0:
            raise EngineError(
                f"a match is played to 1 point or more (0 for money), not {length!r}",
                code="bad_length",
            )
        spec = find_variant(variant)
        opts = spec.default_options if options is None else options
        first = Game.new(variant, opts, match_length=length)
        return cls(variant, length, opts, (first,))

    # -- queries --------------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The current (last) game."""
        return self.games[-1]

    @property
    def score(self) -> tuple[Points, Points]:
        """Points won by each player in the finished games (draws included, see
        :attr:`engine.game.Game.award`)."""
        total: tuple[Points, Points] = (0, 0)
        for game in self.games:
            total = _add(total, game.award)
        return total

    @property
    def log(self) -> tuple[tuple[int, LogEntry], ...]:
        """Every action of the match: ``(game number from 1, entry)`` in order."""
        return tuple((k, entry) for k, game in enumerate(self.games, 1) for entry in game.log)

    @property
    def is_over(self) -> bool:
        """True once a player has reached or passed the match length ahead of the other (never
        in money play)."""
        return _decided(self.length, self.score)

    @property
    def winner(self) -> int | None:
        """The match winner, or ``None`` while it goes on (and in money play)."""
        if not self.is_over:
            return None
        s0, s1 = self.score
        return 0 if s0 > s1 else 1

    @property
    def crawford_done(self) -> bool:
        """Whether the Crawford game has been played (or is being played) in this match."""
        return any(g.crawford for g in self.games)

    @property
    def post_crawford(self) -> bool:
        """True for the games after the Crawford game."""
        return self.crawford_done and not self.game.crawford

    # -- transitions ----------------------------------------------------------------------------

    def apply(self, action: Action, dice: DiceSource | None = None) -> Match:
        """Apply an action to the current game (see :meth:`engine.game.Game.apply`)."""
        if self.is_over:
            raise _refuse("match_over", "the match is over")
        return self.with_game(self.game.apply(action, dice))

    def with_game(self, game: Game) -> Match:
        """The match with its current game replaced by ``game`` (a state that followed it)."""
        if (
            game.variant != self.variant
            or game.match_length != self.length
            or game.score != self.game.score
            or game.crawford != self.game.crawford
            or game.log[: len(self.game.log)] != self.game.log
        ):
            raise EngineError("the game does not continue this match's game", code="bad_game")
        return replace(self, games=(*self.games[:-1], game))

    def next_game(self) -> Match:
        """Start the next game once the current one is over."""
        if self.is_over:
            raise _refuse("match_over", "the match is over")
        if not self.game.is_over:
            raise _refuse("game_running", "the current game is not over")
        score = self.score
        crawford = _crawford_next(self.length, score, self.crawford_done)
        last = self.game
        starter: int | None = None
        rule = self.options.next_game_starts
        if rule == "winner":
            assert last.result is not None
            starter = last.result.winner
            if starter is None and last.first is not None:
                # A draw has no winner: the player who moved second (Black) starts, as the
                # sources' colour rule has it for every next game.
                starter = 1 - last.first
        elif rule == "alternate" and last.first is not None:
            starter = 1 - last.first
        game = Game.new(
            self.variant,
            self.options,
            match_length=self.length,
            score=score,
            crawford=crawford,
            starter=starter,
        )
        return replace(self, games=(*self.games, game))

    # -- serialisation --------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict with the schema version ``"v"``."""
        out: dict[str, Any] = {
            "v": 1,
            "variant": self.variant,
            "length": self.length,
            "games": [g.to_dict() for g in self.games],
        }
        opts = self.options.to_dict()
        if opts:
            out["options"] = opts
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Match:
        """Inverse of :meth:`to_dict`; a newer or unknown schema is refused."""
        check_schema(data, "match")
        unknown = set(data) - {"v", "variant", "length", "options", "games"}
        if unknown:
            raise EngineError(
                f"corrupt match state: unknown keys {', '.join(sorted(map(str, unknown)))}",
                code="corrupt_state",
            )
        try:
            games = tuple(Game.from_dict(g) for g in data["games"])
            match = cls(
                find_variant(data["variant"]).name,
                int(data["length"]),
                Options.from_dict(data.get("options", {})),
                games,
            )
        except UnsupportedSchema:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise EngineError(f"corrupt match state: {exc!r}", code="corrupt_state") from exc
        match._validate()
        return match

    def _validate(self) -> None:
        if not self.games:
            raise EngineError("corrupt match state: no game", code="corrupt_state")
        score: tuple[Points, Points] = (0, 0)
        for k, game in enumerate(self.games):
            last = k == len(self.games) - 1
            if (
                game.score != score
                or game.match_length != self.length
                or game.variant != (self.variant)
            ):
                raise EngineError(
                    f"corrupt match state: game {k + 1} does not follow the games before it",
                    code="corrupt_state",
                )
            if not last and not game.is_over:
                raise EngineError(
                    f"corrupt match state: game {k + 1} is not over", code="corrupt_state"
                )
            crawford = k > 0 and _crawford_next(
                self.length, score, any(g.crawford for g in self.games[:k])
            )
            if game.crawford != crawford:
                raise EngineError(
                    f"corrupt match state: game {k + 1} breaks the Crawford rule",
                    code="corrupt_state",
                )
            if _decided(self.length, score):
                raise EngineError(
                    "corrupt match state: a game was started after the match was over",
                    code="corrupt_state",
                )
            score = _add(score, game.award)


def _add(a: tuple[Points, Points], b: tuple[Points, Points]) -> tuple[Points, Points]:
    return points_value(a[0] + b[0]), points_value(a[1] + b[1])


def _decided(length: int, score: tuple[Points, Points]) -> bool:
    """Whether a match to ``length`` is won at ``score``: a player has reached or passed
    ``length`` and leads (scores level at ``length`` or more, after a draw, play on)."""
    return length > 0 and max(score) >= length and score[0] != score[1]


def _crawford_next(length: int, score: tuple[Points, Points], done: bool) -> bool:
    """Whether the next game is the Crawford game: a player has reached ``length - 1`` (in a
    match of 2 points or more) and no Crawford game has been played yet.

    With whole scores that is exactly ``length - 1``; a drawn long nardy game may leave a player
    at ``length - 1/2``, one game from the match as well, which counts the same."""
    return length > 1 and not done and any(length - 1 <= s < length for s in score)
