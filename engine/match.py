"""A match to N points (Crawford rule) or a money session: consecutive games and their score.

A :class:`Match` is a frozen value holding every game played so far, the last one being the
current game; a saved match keeps its finished games packed (:meth:`Match.archived`,
:class:`Played`) and reads their records back when the whole match is written out.  Actions go
to the current game through :meth:`Match.apply`; once it is over the score counts it and
:meth:`Match.next_game` starts the next one (the Crawford game when a player has just reached N-1
for the first time; no doubling in it).  ``length == 0`` is a money session with a running score
over games played with the same options.

A drawn long nardy game (``Options.last_roll_draw``) scores half a point each, or one each with
``Options.draw_points == "one"``; scores are then exact :data:`~engine.game.Points` (an ``int``
when whole, a ``Fraction`` with a half).  The first player to reach or pass N *ahead of the other*
wins: when a draw brings both level at N or more, play goes on and the next decided game wins.

    >>> from engine.game import Action, ActionKind, DiceSequence
    >>> from engine.result import WinKind
    >>> m = Match.new(3).apply(Action(ActionKind.ROLL, 0), DiceSequence([6, 1]))
    >>> m = m.apply(Action(ActionKind.RESIGN, 1, resign=WinKind.GAMMON))
    >>> m = m.apply(Action(ActionKind.RESIGN_ACCEPT, 0))
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
    GameResult,
    LogEntry,
    Points,
    Reason,
    find_variant,
    format_points,
    points_value,
    result_award,
)
from engine.game_data import check_schema
from engine.matparse import mat_error, read_mat, replay_game
from engine.result import WinKind

SCHEMA_VERSION = 2
"""Version of the dict :meth:`Match.to_dict` writes: 2 may keep finished games packed
(``"played"``), 1 (still read) listed every game in full."""


def _refuse(code: str, message: str) -> IllegalAction:
    return IllegalAction(message, code=code)


@dataclass(frozen=True, slots=True)
class Played:
    """Finished games kept packed: how many, whether the Crawford game is among them, and their
    logs (:func:`engine.record.pack_games`).

    Everything else about them follows from the logs and the match (see :meth:`Match.records`).
    """

    count: int = 0
    crawford: bool = False
    logs: bytes = b""

    def with_games(self, variant: str, games: tuple[Game, ...]) -> Played:
        """These games and ``games`` (finished, in order)."""
        from engine.record import pack_games

        logs = pack_games(variant, [g.log for g in games], self.logs)
        crawford = self.crawford or any(g.crawford for g in games)
        return Played(self.count + len(games), crawford, logs)

    def logs_of(self, variant: str) -> tuple[tuple[LogEntry, ...], ...]:
        """The log of each game, in order; :class:`EngineError` ``corrupt_state`` if the
        bytes do not hold :attr:`count` logs."""
        from engine.record import unpack_games

        return unpack_games(variant, self.logs, self.count)


@dataclass(frozen=True, slots=True)
class GameRecord:
    """What a game's record says, for a finished game kept packed as well as for a
    :class:`~engine.game.Game`: the score before it, the Crawford flag, who moved first, the
    result and the log (what :func:`engine.matfile.format_mat` writes)."""

    score: tuple[Points, Points]
    crawford: bool
    first: int | None
    result: GameResult | None
    log: tuple[LogEntry, ...]

    @classmethod
    def of(cls, game: Game) -> GameRecord:
        """The record of ``game``."""
        return cls(game.score, game.crawford, game.first, game.result, game.log)


@dataclass(frozen=True, slots=True)
class Match:
    """A match to ``length`` points, or a money session when ``length`` is 0.

    ``games`` holds the games so far in order; the last is the current game (possibly over,
    waiting for :meth:`next_game`).  ``options`` are the table options as agreed (a match plays
    them without automatic doubles, beavers and the Jacoby rule).  ``played`` are finished games
    played before ``games`` and kept packed (:meth:`archived`); :meth:`records` reads them back.
    ``start`` is the game a match set up from a position began with (:meth:`from_game`), as it
    was set up: its score is the score before the first game, and its log starts there.
    """

    variant: str
    length: int
    options: Options
    games: tuple[Game, ...]
    played: Played = Played()
    start: Game | None = None

    @classmethod
    def new(
        cls, length: int = 0, variant: str = "backgammon", options: Options | None = None
    ) -> Match:
        """A match to ``length`` points (0: a money session) with its first game:
        ``Match.new(length=..., variant=...)``, the keywords :meth:`engine.game.Game.new` takes.

        >>> Match.new(length=5, variant="backgammon").game.match_length
        5
        """
        if not isinstance(length, int) or length < 0:
            raise EngineError(
                f"a match is played to 1 point or more (0 for money), not {length!r}",
                code="bad_length",
            )
        spec = find_variant(variant)
        opts = spec.default_options if options is None else options
        first = Game.new(variant, opts, match_length=length)
        return cls(variant, length, opts, (first,))

    @classmethod
    def from_game(cls, game: Game) -> Match:
        """The match (or money session) that goes on from ``game``, a game set up from a
        position (:meth:`engine.game.Game.from_xgid`, :meth:`~engine.game.Game.from_gnubg_ids`):
        its length, its score before this game, its Crawford flag (a score one point from the
        match without it is past the Crawford game) and its options for the games that follow.
        An XGID's X is player 1, so X 2 and O 4 is a score of 4-2:

        >>> xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:2:4:1:5:10"
        >>> m = Match.from_game(Game.from_xgid(xgid))
        >>> m.score, m.game.crawford, m.start is not None
        ((4, 2), True, True)
        """
        if game.log or game.is_over:
            raise EngineError(
                "a match goes on from a game that was set up and not played yet", code="bad_game"
            )
        if game.match_length and _decided(game.match_length, game.score):
            raise _refuse("match_over", "the match is over")
        return cls(game.variant, game.match_length, game.options, (game,), start=game)

    @classmethod
    def from_mat(cls, text: str) -> Match:
        """The match a ``.mat`` file records (GNU Backgammon's, DailyGammon's or eXtreme
        Gammon's; see :mod:`engine.matparse`): its length, options and every game, each roll,
        play and cube action checked by the engine.  The players' names are in
        :func:`engine.matparse.read_mat`.  Raises :class:`engine.matparse.MatError` with the game
        and move number of anything the rules refuse or the reader cannot read.
        """
        record = read_mat(text)
        match = cls.new(record.length, options=record.options)
        for k, game in enumerate(record.games):
            if k:
                if not match.game.is_over:
                    raise mat_error("a game follows it before it is over", game=k)
                if match.is_over:
                    raise mat_error(f"the match was over after game {k}", game=k + 1)
                match = match.next_game()
            score = match.game.score
            if (score[0], score[1]) != game.score:
                raise mat_error(
                    f"the file gives the score before it as {game.score[0]}-{game.score[1]}, "
                    f"the games before it make {format_points(score[0])}-"
                    f"{format_points(score[1])}",
                    game=game.number,
                    reason="score",
                )
            match = match.with_game(replay_game(match.game, game))
        return match

    # -- queries --------------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The current (last) game."""
        return self.games[-1]

    @property
    def number(self) -> int:
        """The number of the current game, from 1 (packed games included)."""
        return self.played.count + len(self.games)

    @property
    def score(self) -> tuple[Points, Points]:
        """Points won by each player in the finished games (draws included, see
        :attr:`engine.game.Game.award`)."""
        total = self.games[0].score if self.played.count else self._start_score
        for game in self.games:
            total = _add(total, game.award)
        return total

    @property
    def log(self) -> tuple[tuple[int, LogEntry], ...]:
        """Every action of the match: ``(game number from 1, entry)`` in order."""
        return tuple(
            (k, entry) for k, record in enumerate(self.records(), 1) for entry in record.log
        )

    @property
    def _start_score(self) -> tuple[Points, Points]:
        return self.start.score if self.start is not None else (0, 0)

    @property
    def _start_crawford_done(self) -> bool:
        """Whether the Crawford game was over before the set-up game (a score one point from
        the match in a game that is not the Crawford game)."""
        start = self.start
        return (
            start is not None
            and not start.crawford
            and _crawford_next(self.length, start.score, False)
        )

    def records(self) -> tuple[GameRecord, ...]:
        """The record of every game of the match in order, the packed ones read back."""
        out: list[GameRecord] = []
        score = self._start_score
        crawford_done = self._start_crawford_done
        last: GameRecord | None = None
        for log in self.played.logs_of(self.variant):
            if last is None and self.start is not None:
                crawford = self.start.crawford
            else:
                crawford = last is not None and _crawford_next(self.length, score, crawford_done)
            result = _logged_result(log)
            first = _starter(self.options, last) if last is not None else None
            if first is None:
                first = _opening_winner(log)
            record = GameRecord(score, crawford, first, result, log)
            out.append(record)
            score = _add(score, result_award(result, self.options))
            crawford_done = crawford_done or crawford
            last = record
        if self.played.count and (
            score != self.games[0].score
            or crawford_done != (self.played.crawford or self._start_crawford_done)
        ):
            raise _corrupt("the packed games do not lead to the games kept")
        return (*out, *(GameRecord.of(g) for g in self.games))

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
        return (
            self.played.crawford or self._start_crawford_done or any(g.crawford for g in self.games)
        )

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
        starter = _starter(self.options, GameRecord.of(self.game))
        game = Game.new(
            self.variant,
            self.options,
            match_length=self.length,
            score=score,
            crawford=crawford,
            starter=starter,
        )
        return replace(self, games=(*self.games, game))

    def archived(self) -> Match:
        """The same match with its finished games but the last packed into :attr:`played`
        (a few bytes each instead of the whole state: what a saved match keeps)."""
        if len(self.games) < 2:
            return self
        played = self.played.with_games(self.variant, self.games[:-1])
        return replace(self, games=self.games[-1:], played=played)

    # -- serialisation --------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict with the schema version ``"v"``."""
        out: dict[str, Any] = {
            "v": SCHEMA_VERSION,
            "variant": self.variant,
            "length": self.length,
            "games": [g.to_dict() for g in self.games],
        }
        opts = self.options.to_dict()
        if opts:
            out["options"] = opts
        if self.played.count:
            from engine.record import to_text

            played = self.played
            out["played"] = [played.count, int(played.crawford), to_text(played.logs)]
        if self.start is not None:
            out["start"] = self.start.to_dict()
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Match:
        """Inverse of :meth:`to_dict`; a newer or unknown schema is refused."""
        check_schema(data, "match", SCHEMA_VERSION)
        unknown = set(data) - {"v", "variant", "length", "options", "games", "played", "start"}
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
                _played_from_json(data.get("played")),
                None if data.get("start") is None else Game.from_dict(data["start"]),
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
        packed = self.played.count
        if packed < 0 or (not packed and (self.played.crawford or self.played.logs)):
            raise _corrupt("packed games that are not counted")
        start = self.start
        if start is not None and (
            start.log
            or start.is_over
            or start.variant != self.variant
            or start.match_length != self.length
        ):
            raise _corrupt("the game it was set up from is not a set-up game of this match")
        score = self.games[0].score if packed else self._start_score
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
            if k == 0 and not packed and start is not None:
                crawford = start.crawford
            else:
                crawford = (k > 0 or packed > 0) and _crawford_next(
                    self.length,
                    score,
                    self.played.crawford
                    or self._start_crawford_done
                    or any(g.crawford for g in self.games[:k]),
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


def _corrupt(why: str) -> EngineError:
    return EngineError(f"corrupt match state: {why}", code="corrupt_state")


def _played_from_json(data: object) -> Played:
    if data is None:
        return Played()
    from engine.record import from_text

    if not isinstance(data, list) or len(data) != 3:
        raise _corrupt(f"packed games {data!r}")
    count, crawford, text = data
    if type(count) is not int or count < 1 or crawford not in (0, 1) or isinstance(crawford, bool):
        raise _corrupt(f"packed games {data!r}")
    return Played(count, bool(crawford), from_text(text))


def _starter(options: Options, last: GameRecord) -> int | None:
    """Who starts the game after ``last`` without an opening roll (``None``: the opening roll
    decides), as ``options.next_game_starts`` says."""
    rule = options.next_game_starts
    if rule == "winner":
        assert last.result is not None
        starter = last.result.winner
        if starter is None and last.first is not None:
            # A draw has no winner: the player who moved second (Black) starts, as the
            # sources' colour rule has it for every next game.
            starter = 1 - last.first
        return starter
    if rule == "alternate" and last.first is not None:
        return 1 - last.first
    return None


def _opening_winner(log: tuple[LogEntry, ...]) -> int | None:
    """Who won the opening roll of a game, from its log."""
    for entry in reversed(log):
        if entry.action == "opening" and len(entry.value) == 2:
            a, b = entry.value
            if a != b:
                return 0 if a > b else 1  # type: ignore[operator]
    return None


def _logged_result(log: tuple[LogEntry, ...]) -> GameResult:
    """The result a finished game's log ends with."""
    last = log[-1] if log else None
    if last is not None and last.action == "draw":
        return GameResult(None, WinKind.SINGLE, 0, Reason.DRAW)
    if last is None or last.action != "win" or last.player is None or len(last.value) != 3:
        raise _corrupt("a packed game does not end with its result")
    pts, kind, reason = last.value
    try:
        return GameResult(last.player, WinKind(int(kind)), int(pts), Reason(reason))
    except (TypeError, ValueError):
        raise _corrupt(f"a packed game ends with {last!r}") from None


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
