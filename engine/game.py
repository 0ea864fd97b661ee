"""One game as an immutable state machine: opening roll, turns, the cube, resigns, the result.

A :class:`Game` is a frozen value.  Every action is a method taking the acting player (``0`` or
``1``) first and returning the new game; a forbidden action raises
:class:`engine.errors.IllegalAction` whose ``code`` names the reason (``"not_your_turn"``,
``"must_roll_first"``, ``"cube_not_yours"``, ``"crawford_no_double"``...).  Each game keeps a
log of every action; the entries a transition added are its events::

    >>> game = Game.new().roll(0, DiceSequence([5, 2]))
    >>> game.phase, game.turn, game.dice
    (<Phase.MOVE: 'move'>, 0, (5, 2))
    >>> game = game.play(0, Play((Step(13, 8), Step(13, 11))))
    >>> game.phase, game.turn, [e.action for e in game.log]
    (<Phase.ROLL: 'roll'>, 1, ['opening', 'move'])

Dice come from a :data:`DiceSource` (a callable returning one die); the engine has no randomness.
The variant (``"backgammon"``, ``"long_nardy"``...) chooses the position class, the result and
the scoring through the :data:`VARIANTS` registry.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, TypeAlias

from engine.builder import PlayBuilder
from engine.cube import CubeState, Options
from engine.errors import CorruptId, EngineError, IllegalAction, IllegalPlay, UnsupportedSchema
from engine.ids import (
    MatchIdFields,
    XgidFields,
    decode_match_id,
    decode_position_id,
    decode_xgid,
    encode_match_id,
    encode_position_id,
    encode_xgid,
)
from engine.log_entry import LogEntry as LogEntry
from engine.movegen import Play, Step, apply_steps
from engine.position import Position
from engine.result import WinKind
from engine.variant import BACKGAMMON_VARIANT as BACKGAMMON_VARIANT
from engine.variant import VARIANTS as VARIANTS
from engine.variant import RecordedKind as RecordedKind
from engine.variant import Scoring as Scoring
from engine.variant import Variant as Variant
from engine.variant import find_variant as find_variant
from engine.variant import register_variant as register_variant

SCHEMA_VERSION = 2
"""Version of the dict :meth:`Game.to_dict` writes: 2 keeps the log compact
(:mod:`engine.record`), 1 (still read) listed every entry."""

#: A source of dice: each call returns one die, 1-6 (``secrets``-grade in the bot, fixed in tests).
DiceSource = Callable[[], int]


class DiceSequence:
    """A :data:`DiceSource` that returns the given dice in order (tests, replays).

    >>> dice = DiceSequence([3, 1])
    >>> dice(), dice()
    (3, 1)
    """

    def __init__(self, values: Iterable[int]) -> None:
        self._values = iter(values)

    def __call__(self) -> int:
        try:
            return next(self._values)
        except StopIteration:
            raise EngineError("the dice sequence is exhausted", code="dice_exhausted") from None


# -- scores --------------------------------------------------------------------------------------

#: A score in points: an ``int``, or a :class:`~fractions.Fraction` with a half when drawn long
#: nardy games counted half a point each (``Options.draw_points``).  Whole scores are always
#: ``int``, so backgammon scores never change type.
Points: TypeAlias = int | Fraction

HALF = Fraction(1, 2)
"""What each player scores for a drawn game with ``draw_points="half"``."""


def points_value(value: int | Fraction) -> Points:
    """``value`` as a score: an ``int`` when whole, else the exact fraction (halves only).

    >>> points_value(Fraction(6, 2)), points_value(Fraction(5, 2))
    (3, Fraction(5, 2))
    """
    if isinstance(value, bool) or not isinstance(value, int | Fraction):
        raise EngineError(f"{value!r} is not a score", code="corrupt_state")
    if value < 0 or (value * 2).denominator != 1:
        raise EngineError(f"{value!r} is not a score (0 or more, in halves)", code="corrupt_state")
    if isinstance(value, Fraction) and value.denominator == 1:
        return value.numerator
    return value


def format_points(value: Points) -> str:
    """A score as players write it: ``3``, ``2½``, ``½``.

    >>> format_points(3), format_points(Fraction(5, 2)), format_points(HALF)
    ('3', '2½', '½')
    """
    value = points_value(value)
    if isinstance(value, int):
        return str(value)
    whole = value.numerator // 2
    return f"{whole or ''}½"


def points_to_json(value: Points) -> int | str:
    """A score for a JSON state: the ``int`` when whole, else ``"5/2"``."""
    value = points_value(value)
    return value if isinstance(value, int) else f"{value.numerator}/{value.denominator}"


def points_from_json(data: object) -> Points:
    """Inverse of :func:`points_to_json`; anything else is :class:`EngineError`
    ``corrupt_state``."""
    if isinstance(data, str):
        try:
            value = Fraction(data)
        except (ValueError, ZeroDivisionError):
            raise EngineError(f"{data!r} is not a score", code="corrupt_state") from None
        if value.denominator != 2 or data != f"{value.numerator}/2":
            raise EngineError(f"{data!r} is not a score", code="corrupt_state")
        return points_value(value)
    if type(data) is not int:
        raise EngineError(f"{data!r} is not a score", code="corrupt_state")
    return points_value(data)


def whole_points(value: Points, what: str) -> int:
    """``value`` as an ``int`` for a format without halves (Match ID, XGID, ``.mat``);
    raises :class:`EngineError` ``not_exportable`` for a half."""
    value = points_value(value)
    if not isinstance(value, int):
        raise EngineError(
            f"a score of {format_points(value)} cannot be written in {what}", code="not_exportable"
        )
    return value


# -- values --------------------------------------------------------------------------------------


class Phase(enum.Enum):
    """Where a game stands.

    ``OPENING``: nobody has rolled yet.  ``ROLL``: the player on turn may double or roll.
    ``DOUBLED``: the other player answers a double (take, pass, beaver).  ``BEAVERED``: the
    doubler answers a beaver.  ``MOVE``: the dice are rolled and the play is being built.
    ``OVER``: the game has a result.
    """

    OPENING = "opening"
    ROLL = "roll"
    DOUBLED = "doubled"
    BEAVERED = "beavered"
    MOVE = "move"
    OVER = "over"


class Reason(enum.Enum):
    """How a game ended."""

    BEAR_OFF = "bear_off"
    PASS = "pass"
    RESIGN = "resign"
    BEAVER_REFUSED = "beaver_refused"
    DRAW = "draw"


@dataclass(frozen=True, slots=True)
class GameResult:
    """A finished game: ``winner`` (``None`` for a draw), how, the points won and why it ended.

    ``kind`` is the result of the board (``SINGLE`` for a pass or a refused beaver); ``points``
    includes the cube and the table options.
    """

    winner: int | None
    kind: WinKind
    points: int
    reason: Reason


def result_award(result: GameResult | None, options: Options) -> tuple[Points, Points]:
    """The points each player scores from a game that ended with ``result`` (nothing while it
    goes on): the winner's points, or for a draw half a point each (one each with
    ``options.draw_points == "one"``)."""
    if result is None:
        return (0, 0)
    if result.winner is None:
        each: Points = 1 if options.draw_points == "one" else HALF
        return (each, each)
    return (result.points, 0) if result.winner == 0 else (0, result.points)


@dataclass(frozen=True, slots=True)
class ResignOffer:
    """``player`` offers to resign, conceding a game won ``kind``."""

    player: int
    kind: WinKind


ACTIONS = (
    "roll",
    "double",
    "take",
    "pass",
    "beaver",
    "accept_beaver",
    "refuse_beaver",
    "step",
    "undo",
    "reset",
    "confirm",
    "play",
    "resign",
    "accept_resign",
    "decline_resign",
)


@dataclass(frozen=True, slots=True)
class Action:
    """An action as data: ``kind`` is one of :data:`ACTIONS`; ``step``, ``play`` and ``resign``
    carry the argument of ``"step"``, ``"play"`` and ``"resign"``."""

    kind: str
    player: int
    step: Step | None = None
    play: Play | str | None = None
    resign: WinKind | None = None


def _refuse(code: str, message: str, **params: object) -> IllegalAction:
    return IllegalAction(message, code=code, params=params)


def _other(player: int) -> int:
    return 1 - player


# -- the game ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DecisionKey:
    """Everything a player's decision before his roll (double or not, resign) or in answer to a
    double depends on, as one frozen value (:meth:`Game.decision_key`): two games with equal
    keys ask the same question of him.  Each field of :class:`Game` is either here or named in
    :data:`NOT_IN_DECISION_KEY` with why it does not matter; a test holds the two lists to
    :class:`Game`'s fields."""

    player: int
    phase: Phase
    variant: str
    options: Options
    position: Position
    cube: CubeState
    match_length: int
    score: tuple[Points, Points]
    crawford: bool
    last_roll: bool
    turn: int | None
    declined: bool
    """He declined his opponent's resignation this turn (he may not be offered it again)."""


NOT_IN_DECISION_KEY = {
    "dice": "the decision is taken before the roll, or in answer to a double",
    "steps": "no play is being built at either moment",
    "used": "no play is being built at either moment",
    "resign": "no key is made while a resignation is offered",
    "result": "no key is made for a finished game",
    "log": "its only bearing, a resignation declined this turn, is the key's declined",
    "first": "who moved first changes nothing later in the game",
}
"""The fields of :class:`Game` a :class:`DecisionKey` leaves out, and why."""


@dataclass(frozen=True, slots=True)
class Game:
    """The state of one game.  Build it with :meth:`Game.new`; change it with the actions.

    ``position`` is seen from the player on turn (``turn``; before the opening roll, player 0).
    ``steps``/``used`` are the play being built in the ``MOVE`` phase with the die each step used.
    ``match_length`` is 0 in money play; ``score`` is the match or session score before this game
    (:data:`Points`: with a half only after drawn long nardy games);
    ``crawford`` marks the Crawford game (no doubling).  ``first`` is who moved first and
    ``last_roll`` is True while the second player takes his last roll (``Options.last_roll_draw``).
    """

    variant: str
    options: Options
    position: Position
    phase: Phase = Phase.OPENING
    turn: int | None = None
    dice: tuple[int, int] | None = None
    steps: tuple[Step, ...] = ()
    used: tuple[int, ...] = ()
    cube: CubeState = field(default_factory=CubeState)
    resign: ResignOffer | None = None
    result: GameResult | None = None
    log: tuple[LogEntry, ...] = ()
    match_length: int = 0
    score: tuple[Points, Points] = (0, 0)
    crawford: bool = False
    first: int | None = None
    last_roll: bool = False

    @classmethod
    def new(
        cls,
        variant: str = "backgammon",
        options: Options | None = None,
        *,
        length: int | None = None,
        match_length: int = 0,
        score: tuple[Points, Points] = (0, 0),
        crawford: bool = False,
        starter: int | None = None,
    ) -> Game:
        """A game before the opening roll: ``Game.new(variant=..., length=...)``, the keywords
        :meth:`engine.match.Match.new` takes (``match_length`` is the same as ``length``).

        In a match (``length`` > 0; 0 is money play) the money-only options are switched off.
        ``starter`` skips the opening roll: that player is on turn and rolls two dice (a series
        where the winner or the players in turn start the next game).

        >>> Game.new(variant="backgammon", length=5).match_length
        5
        """
        if length is not None:
            if match_length and match_length != length:
                raise EngineError(
                    f"length {length!r} and match_length {match_length!r} disagree",
                    code="bad_length",
                )
            match_length = length
        if type(match_length) is not int:
            raise EngineError(
                f"a match is played to 1 point or more (0 for money), not {match_length!r}",
                code="bad_length",
            )
        spec = find_variant(variant)
        opts = spec.default_options if options is None else options
        if match_length < 0:
            raise EngineError("the match length must be 0 (money) or more", code="bad_length")
        if match_length:
            opts = opts.for_match()
        start = spec.position_cls.initial()
        score = (points_value(score[0]), points_value(score[1]))
        game = cls(variant, opts, start, match_length=match_length, score=score, crawford=crawford)
        if starter is not None:
            if starter not in (0, 1):
                raise EngineError("the starting player must be 0 or 1", code="bad_player")
            pos = start if starter == 0 else start.swapped()
            game = replace(game, phase=Phase.ROLL, turn=starter, position=pos, first=starter)
        return game

    # -- set up from an identifier ---------------------------------------------------------------

    @classmethod
    def from_gnubg_ids(cls, ids: str, options: Options | None = None) -> Game:
        """The backgammon game GNU Backgammon's ``PositionID:MatchID`` describes.

        The money game or match game it sets up has the Match ID's cube (value and owner), score,
        match length, Crawford flag, Jacoby rule, dice, player on roll (gnubg's players 0 and 1
        are players 0 and 1 here) and a pending double, beaver or resignation.  ``options`` are
        the other table options (default :class:`Options`).  The game has no log: it starts
        here.  Raises :class:`CorruptId` saying why for text that is not two valid IDs or for a
        state no game can be in (a finished game, a cube owned by the doubled player...); for
        such a state ``params["reason"]`` names it: ``game_over``, ``score``, ``crawford``,
        ``cube``, ``no_cube``, ``beaver``, ``checkers``, ``dice`` or ``turn``.

        >>> game = Game.from_gnubg_ids("4HPwATDgc/ABMA:cIkKAAAAAAAA")
        >>> game.phase, game.turn, game.dice, game.money
        (<Phase.MOVE: 'move'>, 1, (5, 2), True)
        """
        text = ids.strip() if isinstance(ids, str) else ""
        pos_text, sep, match_text = text.partition(":")
        if not sep or ":" in match_text:
            raise CorruptId(
                f"{ids!r} is not a Position ID and a Match ID: write them as PositionID:MatchID "
                "(4HPwATDgc/ABMA:cAkAAAAAAAAA)"
            )
        player, opponent = decode_position_id(pos_text.strip())
        f = decode_match_id(match_text.strip())
        where = f"{text!r}"
        if f.game_state == 0:
            raise CorruptId(
                f"{where} describes no game in progress", params={"reason": "game_over"}
            )
        if f.game_state > 1:
            raise CorruptId(
                f"{where} describes a game that is over", params={"reason": "game_over"}
            )
        turn = f.on_roll
        doubled = f.doubled
        beavered = doubled and f.to_act == turn
        resign = None
        if f.resigned:
            if doubled:
                raise CorruptId(
                    f"{where} has a resignation and a double pending together",
                    params={"reason": "turn"},
                )
            resign = ResignOffer(_other(f.to_act), WinKind(f.resigned))
        elif not doubled and f.to_act != turn:
            raise CorruptId(
                f"{where} has player {f.to_act} to act on player {turn}'s turn",
                params={"reason": "turn"},
            )
        return cls._set_up(
            where,
            options,
            (player, opponent),
            turn=turn,
            cube_value=1 << f.cube_log2,
            cube_owner=None if f.cube_owner == 3 else f.cube_owner,
            action="B" if beavered else "D" if doubled else "",
            dice=f.dice,
            resign=resign,
            match_length=f.match_length,
            score=f.score,
            crawford=f.crawford,
            jacoby=f.jacoby,
            beaver=beavered,
            cube_limit=None,
        )

    @classmethod
    def from_xgid(cls, xgid: str, options: Options | None = None) -> Game:
        """The backgammon game an eXtreme Gammon XGID describes.

        X (the bottom player, uppercase) is player 0 and O player 1.  The game has the XGID's
        cube, cube limit, score, match length, Crawford flag, Jacoby and beaver rules, dice and
        player on roll; ``D`` is a double offered by the player on roll and ``B`` a beaver he
        must answer, the cube then shown one step up and owned by the beaver (as
        :meth:`xgid` writes it).  ``options`` are the other table options.  The game has no log.
        Raises :class:`CorruptId` saying why for text that is not a valid XGID or a state no game
        can be in (``params["reason"]`` as for :meth:`from_gnubg_ids`); raccoons (``R``) are not
        played here (``beaver``).

        >>> game = Game.from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10")
        >>> game.phase, game.turn, game.dice, game.options.beaver
        (<Phase.MOVE: 'move'>, 0, (5, 2), True)
        """
        bottom, top, f = decode_xgid(xgid)
        where = f"{xgid.strip()!r}"
        if f.cube_action == "R":
            raise CorruptId(
                f"{where} has a raccoon, which is not played here", params={"reason": "beaver"}
            )
        turn = 0 if f.turn == 1 else 1
        board = (bottom, top) if turn == 0 else (top, bottom)
        return cls._set_up(
            where,
            options,
            board,
            turn=turn,
            cube_value=1 << f.cube_log2,
            cube_owner=None if f.cube_owner == 0 else (0 if f.cube_owner == 1 else 1),
            action=f.cube_action,
            dice=f.dice,
            resign=None,
            match_length=f.match_length,
            score=f.score,
            crawford=f.crawford,
            jacoby=f.jacoby,
            beaver=f.beaver,
            cube_limit=1 << f.max_cube_log2,
        )

    @classmethod
    def _set_up(
        cls,
        where: str,
        options: Options | None,
        board: tuple[tuple[int, ...], tuple[int, ...]],
        *,
        turn: int,
        cube_value: int,
        cube_owner: int | None,
        action: str,
        dice: tuple[int, int],
        resign: ResignOffer | None,
        match_length: int,
        score: tuple[int, int],
        crawford: bool,
        jacoby: bool,
        beaver: bool,
        cube_limit: int | None,
    ) -> Game:
        """A game set up from an identifier's fields (``board`` seen by the player on roll)."""

        def bad(why: str, reason: str) -> CorruptId:
            return CorruptId(f"{where} cannot be set up: {why}", params={"reason": reason})

        spec = BACKGAMMON_VARIANT
        try:
            position = spec.position_cls(*board)
        except EngineError as exc:
            raise bad(str(exc), "checkers") from None
        if not any(position.player) or not any(position.opponent):
            raise bad("a player has borne off all his checkers, so the game is over", "game_over")
        if match_length:
            if max(score) >= match_length:
                raise bad(
                    f"a score of {max(score)} has already won a {match_length}-point match", "score"
                )
            if crawford and match_length - 1 not in score:
                raise bad(
                    "a Crawford game needs a player one point from winning "
                    f"(at {match_length - 1})",
                    "crawford",
                )
        base = spec.default_options if options is None else options
        money = not match_length
        opts = replace(base, jacoby=jacoby, beaver=beaver) if money else base.for_match()
        if action and dice != (0, 0):
            raise bad("a double is answered before the roll, so there are no dice yet", "dice")
        if action and (crawford or not opts.cube):
            raise bad("there is no doubling in this game", "no_cube")
        if action == "B" and not money:
            raise bad("beavers are for money play", "beaver")
        auto = 0
        if action == "B":
            # Shown as gnubg shows it: the double taken by the beaver, who owns the cube.
            if cube_owner != _other(turn) or cube_value < 2:
                raise bad("after a beaver the cube is owned by the player who beavered", "cube")
            cube_value //= 2
            cube_owner = None if cube_value == 1 else turn
        if cube_owner is None and cube_value > 1:
            if not money:
                raise bad(f"a centred cube at {cube_value} in a match", "cube")
            # Only automatic doubles leave a turned cube in the middle.
            auto = cube_value.bit_length() - 1
            opts = replace(
                opts, auto_doubles=True, max_auto_doubles=max(auto, opts.max_auto_doubles)
            )
        if crawford and (cube_value != 1 or cube_owner is not None):
            raise bad("the cube is not used in the Crawford game", "crawford")
        if action == "D" and cube_owner == _other(turn):
            raise bad(f"player {turn} doubles with the cube his opponent owns", "cube")
        cube = CubeState(cube_value, cube_owner, turned=cube_owner is not None, auto_doubles=auto)
        needed = cube_value * (4 if action == "B" else 2 if action == "D" else 1)
        if cube_limit is not None and cube_limit < needed:
            raise bad(f"the cube of {needed} is above the cube limit of {cube_limit}", "cube")
        opts = replace(opts, cube_limit=max(needed, cube_limit or opts.cube_limit))
        phase = {"D": Phase.DOUBLED, "B": Phase.BEAVERED}.get(action, Phase.ROLL)
        has_dice = dice != (0, 0)
        if has_dice:
            phase = Phase.MOVE
        game = cls(
            spec.name,
            opts,
            position,
            phase=phase,
            turn=turn,
            dice=dice if has_dice else None,
            cube=cube,
            resign=resign,
            match_length=match_length,
            score=(score[0], score[1]),
            crawford=crawford,
        )
        try:
            game._validate()
        except EngineError as exc:
            raise bad(str(exc).removeprefix("corrupt game state: "), "checkers") from None
        return game

    # -- queries --------------------------------------------------------------------------------

    @property
    def spec(self) -> Variant:
        """The :class:`Variant` of this game."""
        return find_variant(self.variant)

    @property
    def money(self) -> bool:
        """True in money play (no match length)."""
        return self.match_length == 0

    def decision_key(self, player: int) -> DecisionKey | None:
        """The :class:`DecisionKey` of ``player``'s decision now: on roll before rolling, or
        answering a double (``None`` at any other moment, a resignation offered, or the game
        over)."""
        if self.is_over or self.resign is not None:
            return None
        if self.phase is Phase.ROLL and self.turn == player:
            declined = any(entry.action == "resign_decline" for entry in self.log[-3:])
        elif self.phase is Phase.DOUBLED and self.responder == player:
            declined = False
        else:
            return None
        return DecisionKey(
            player,
            self.phase,
            self.variant,
            self.options,
            self.position,
            self.cube,
            self.match_length,
            self.score,
            self.crawford,
            self.last_roll,
            self.turn,
            declined,
        )

    @property
    def is_over(self) -> bool:
        """True once the game has a result."""
        return self.phase is Phase.OVER

    @property
    def award(self) -> tuple[Points, Points]:
        """The points each player scores from this game: the winner's points, or for a draw half
        a point each (one each with ``Options.draw_points == "one"``); nothing until it is over.

        >>> Game.new().award
        (0, 0)
        """
        return result_award(self.result, self.options)

    @property
    def cube_in_play(self) -> bool:
        """Whether this game has a doubling cube at all (an option, and not the Crawford game)."""
        return self.options.cube and not self.crawford

    @property
    def builder(self) -> PlayBuilder:
        """The play being built; only in the ``MOVE`` phase."""
        if self.phase is not Phase.MOVE or self.dice is None:
            raise _refuse("must_roll_first", "the dice have not been rolled")
        return PlayBuilder(self.position, self.dice, self.steps, self.used)

    def next_steps(self) -> tuple[Step, ...]:
        """The single steps the player on turn may make now (empty outside ``MOVE``)."""
        if self.phase is not Phase.MOVE:
            return ()
        return self.builder.next_steps()

    @property
    def forced_play(self) -> Play | None:
        """The only legal play when there is exactly one (``MOVE`` phase), else ``None``."""
        return self.builder.forced_play if self.phase is Phase.MOVE else None

    @property
    def no_play(self) -> bool:
        """True in the ``MOVE`` phase when the dice cannot be played at all."""
        return self.phase is Phase.MOVE and self.builder.no_play

    @property
    def current(self) -> Position:
        """The position with the steps made so far, seen from the player on turn."""
        if self.phase is Phase.MOVE:
            return apply_steps(self.position, self.steps)
        return self.position

    def board(self, viewer: int) -> Position:
        """The current position with ``viewer`` as the ``player`` side (for drawing)."""
        pos = self.current
        on_roll = 0 if self.turn is None else self.turn
        return pos if viewer == on_roll else pos.swapped()

    @property
    def responder(self) -> int | None:
        """Who must answer now: the doubled player, the doubler after a beaver, or the player
        a resign was offered to; ``None`` when nothing is pending."""
        if self.resign is not None:
            return _other(self.resign.player)
        if self.phase is Phase.DOUBLED and self.turn is not None:
            return _other(self.turn)
        if self.phase is Phase.BEAVERED:
            return self.turn
        return None

    def may(self, action: Action) -> bool:
        """Whether ``action`` is allowed now."""
        try:
            self._check(action)
        except IllegalAction:
            return False
        return True

    def allowed(self, player: int) -> frozenset[str]:
        """The names of the actions ``player`` may take now (``"step"`` if a step is possible)."""
        out = set()
        for kind in ACTIONS:
            if kind == "play":
                continue
            action = Action(kind, player, resign=WinKind.SINGLE if kind == "resign" else None)
            if kind == "step":
                if self._may_move(player) and self.next_steps():
                    out.add(kind)
                continue
            if self.may(action):
                out.add(kind)
        if self._may_move(player):
            out.add("play")
        return frozenset(out)

    # -- checks ---------------------------------------------------------------------------------

    def _running(self) -> None:
        if self.phase is Phase.OVER:
            raise _refuse("game_over", "the game is over")

    def _no_resign(self) -> None:
        if self.resign is not None:
            raise _refuse("resign_pending", "a resignation is offered: accept or decline it first")

    def _on_turn(self, player: int) -> None:
        if player not in (0, 1):
            raise _refuse("bad_player", f"there is no player {player!r}", player=player)
        if self.turn != player:
            raise _refuse("not_your_turn", "it is not your turn", player=player)

    def _may_move(self, player: int) -> bool:
        return self.phase is Phase.MOVE and self.turn == player and self.resign is None

    def _check(self, action: Action) -> None:
        kind, p = action.kind, action.player
        self._running()
        if kind in ("accept_resign", "decline_resign"):
            if self.resign is None:
                raise _refuse("no_resign_pending", "no resignation is offered")
            if p != _other(self.resign.player):
                raise _refuse("not_your_turn", "the resignation is not offered to you")
            return
        self._no_resign()
        if kind == "roll":
            self._check_roll(p)
        elif kind == "double":
            self._check_double(p)
        elif kind in ("take", "pass", "beaver"):
            self._check_answer(p)
            if kind == "beaver":
                self._check_beaver()
        elif kind in ("accept_beaver", "refuse_beaver"):
            if self.phase is not Phase.BEAVERED:
                raise _refuse("no_beaver_pending", "no beaver is pending")
            self._on_turn(p)
        elif kind in ("step", "undo", "reset", "confirm", "play"):
            self._check_move(p)
            if kind == "undo" and not self.steps:
                raise _refuse("nothing_to_undo", "there is no step to undo")
            if kind == "confirm" and not self.builder.is_complete:
                raise _refuse("play_incomplete", "the play is not complete yet")
        elif kind == "resign":
            self._check_resign(p, action.resign)
        else:
            raise _refuse("unknown_action", f"unknown action {kind!r}", action=kind)

    def _check_roll(self, player: int) -> None:
        if self.phase is Phase.OPENING:
            if player not in (0, 1):
                raise _refuse("bad_player", f"there is no player {player!r}", player=player)
            return
        self._pending_double()
        if self.phase is Phase.MOVE:
            raise _refuse("already_rolled", "the dice are already rolled")
        self._on_turn(player)

    def _pending_double(self) -> None:
        if self.phase is Phase.DOUBLED:
            raise _refuse("double_pending", "a double is offered: take, pass or beaver first")
        if self.phase is Phase.BEAVERED:
            raise _refuse("beaver_pending", "a beaver is offered: accept or refuse it first")

    def _check_double(self, player: int) -> None:
        if self.phase is Phase.OPENING:
            raise _refuse("game_not_started", "the game has not started: roll first")
        self._pending_double()
        self._on_turn(player)
        # What forbids the double this whole turn is said first: "already rolled" only where
        # he could have doubled before his roll.
        if not self.options.cube:
            raise _refuse("cube_disabled", "this game is played without the cube")
        if self.crawford:
            raise _refuse("crawford_no_double", "no doubling in the Crawford game")
        if self.last_roll:
            raise _refuse("last_roll_no_double", "no doubling on the last roll")
        if self.cube.owner is not None and self.cube.owner != player:
            raise _refuse("cube_not_yours", "the cube belongs to your opponent")
        if self.cube.next_value(self.options) > self.options.cube_limit:
            raise _refuse(
                "cube_at_limit",
                f"the cube cannot go above {self.options.cube_limit}",
                limit=self.options.cube_limit,
            )
        if self.phase is Phase.MOVE:
            raise _refuse("already_rolled", "a double is offered before rolling")

    def _check_answer(self, player: int) -> None:
        if self.phase is not Phase.DOUBLED or self.turn is None:
            raise _refuse("no_double_pending", "no double is offered")
        if player != _other(self.turn):
            raise _refuse("not_your_turn", "the double is not offered to you")

    def _check_beaver(self) -> None:
        if not (self.options.beaver and self.money):
            raise _refuse("beaver_not_allowed", "beavers are not played at this table")
        if self.cube.taken(0, self.options).next_value(self.options) > self.options.cube_limit:
            raise _refuse(
                "cube_at_limit",
                f"the cube cannot go above {self.options.cube_limit}",
                limit=self.options.cube_limit,
            )

    def _check_move(self, player: int) -> None:
        if self.phase is Phase.OPENING:
            raise _refuse("game_not_started", "the game has not started: roll first")
        self._pending_double()
        self._on_turn(player)
        if self.phase is not Phase.MOVE:
            raise _refuse("must_roll_first", "roll the dice first")

    def _check_resign(self, player: int, kind: WinKind | None) -> None:
        if player not in (0, 1):
            raise _refuse("bad_player", f"there is no player {player!r}", player=player)
        if self.phase not in (Phase.ROLL, Phase.MOVE):
            raise _refuse("resign_not_allowed", "a resignation cannot be offered now")
        if kind is None or kind not in tuple(WinKind):
            raise _refuse("resign_not_allowed", "resign a single, gammon or backgammon game")

    # -- transitions ----------------------------------------------------------------------------

    def _logged(self, *entries: LogEntry) -> tuple[LogEntry, ...]:
        return self.log + entries

    def _won(
        self, winner: int | None, kind: WinKind, pts: int, reason: Reason, *entries: LogEntry
    ) -> Game:
        res = GameResult(winner, kind, pts, reason)
        tail = (
            LogEntry(None, "draw")
            if winner is None
            else LogEntry(winner, "win", (pts, int(kind), reason.value))
        )
        return replace(
            self,
            phase=Phase.OVER,
            result=res,
            resign=None,
            log=self._logged(*entries, tail),
        )

    def _counted(self, kind: WinKind) -> tuple[WinKind, int]:
        return self.spec.counted(kind, self.cube, self.options, self.money)

    def _won_as(self, winner: int, kind: WinKind, reason: Reason, *entries: LogEntry) -> Game:
        """``winner`` wins a game ``kind`` counted as the variant and options say."""
        recorded, pts = self._counted(kind)
        return self._won(winner, recorded, pts, reason, *entries)

    def roll(self, player: int, dice: DiceSource) -> Game:
        """Roll: the opening roll (either player, one die each, ties re-rolled) or the two dice
        of the player on turn."""
        self._check(Action("roll", player))
        if self.phase is Phase.OPENING:
            return self._opening(dice)
        d1, d2 = _die(dice), _die(dice)
        assert self.turn is not None
        return replace(
            self,
            phase=Phase.MOVE,
            dice=(d1, d2),
            steps=(),
            used=(),
            log=self._logged(LogEntry(self.turn, "roll", (d1, d2))),
        )

    def _opening(self, dice: DiceSource) -> Game:
        cube = self.cube
        entries: list[LogEntry] = []
        for _ in range(1000):
            a, b = _die(dice), _die(dice)
            entries.append(LogEntry(None, "opening", (a, b)))
            if a != b:
                break
            if self.money and cube.may_auto_double(self.options):
                cube = cube.auto_doubled(self.options)
                entries.append(LogEntry(None, "auto_double", (cube.value,)))
        else:
            raise EngineError("the dice source keeps rolling ties", code="dice_exhausted")
        winner = 0 if a > b else 1
        start = self.position if winner == 0 else self.position.swapped()
        game = replace(
            self, position=start, turn=winner, first=winner, cube=cube, log=self._logged(*entries)
        )
        if not self.spec.opening_plays_both:
            return replace(game, phase=Phase.ROLL)
        return replace(game, phase=Phase.MOVE, dice=(a, b) if winner == 0 else (b, a))

    def double(self, player: int) -> Game:
        """Offer a double (before rolling, on one's own turn, owning or with a centred cube)."""
        self._check(Action("double", player))
        value = self.cube.next_value(self.options)
        return replace(
            self, phase=Phase.DOUBLED, log=self._logged(LogEntry(player, "double", (value,)))
        )

    def take(self, player: int) -> Game:
        """Take the double: the cube goes up and the taker owns it; the doubler rolls."""
        self._check(Action("take", player))
        return replace(
            self,
            phase=Phase.ROLL,
            cube=self.cube.taken(player, self.options),
            log=self._logged(LogEntry(player, "take")),
        )

    def pass_(self, player: int) -> Game:
        """Pass the double: the doubler wins the cube's value before the double."""
        self._check(Action("pass", player))
        return self._won(
            _other(player),
            WinKind.SINGLE,
            self.cube.value,
            Reason.PASS,
            LogEntry(player, "pass"),
        )

    def beaver(self, player: int) -> Game:
        """Beaver: take and at once redouble, keeping the cube; the doubler accepts or refuses."""
        self._check(Action("beaver", player))
        value = self.cube.beavered(player, self.options).value
        return replace(
            self, phase=Phase.BEAVERED, log=self._logged(LogEntry(player, "beaver", (value,)))
        )

    def accept_beaver(self, player: int) -> Game:
        """The doubler accepts the beaver: the cube goes up twice, owned by the beaver."""
        self._check(Action("accept_beaver", player))
        return replace(
            self,
            phase=Phase.ROLL,
            cube=self.cube.beavered(_other(player), self.options),
            log=self._logged(LogEntry(player, "beaver_accept")),
        )

    def refuse_beaver(self, player: int) -> Game:
        """The doubler refuses the beaver and loses the doubled stake."""
        self._check(Action("refuse_beaver", player))
        return self._won(
            _other(player),
            WinKind.SINGLE,
            self.cube.next_value(self.options),
            Reason.BEAVER_REFUSED,
            LogEntry(player, "beaver_refuse"),
        )

    def add_step(self, player: int, step: Step | tuple[int, int]) -> Game:
        """Make one single step of the play being built (see :meth:`next_steps`)."""
        self._check(Action("step", player))
        try:
            built = self.builder.add(step)
        except IllegalPlay as exc:
            raise _refuse(exc.code, str(exc), **exc.params) from None
        return replace(self, steps=built.steps, used=built.used)

    def undo(self, player: int) -> Game:
        """Take back the last step of the play being built."""
        self._check(Action("undo", player))
        return replace(self, steps=self.steps[:-1], used=self.used[:-1])

    def reset_play(self, player: int) -> Game:
        """Take back every step of the play being built."""
        self._check(Action("reset", player))
        return replace(self, steps=(), used=())

    def confirm(self, player: int) -> Game:
        """Confirm the complete play built step by step; the turn passes."""
        self._check(Action("confirm", player))
        return self._finish(Play(self.steps))

    def play(self, player: int, play: Play | str) -> Game:
        """Make a whole play at once: a :class:`Play` or text in the usual notation."""
        self._check(Action("play", player))
        assert self.dice is not None
        written: Play | None = None
        if isinstance(play, str):
            text, play = play, _parse(self.builder, play)
            written = _as_written(self.builder, text, play)
        found = written or self.builder.find(play)
        if found is None:
            raise _refuse(
                "illegal_play",
                f"{play.notation()} is not a legal play with {self.dice[0]}-{self.dice[1]}",
                play=play.notation(),
            )
        return self._finish(found)

    def _play_text(self, play: Play) -> str:
        """The notation of a legal ``play`` of this turn that reads back as the same play
        (:func:`engine.notation.format_play`: the intermediate point only when needed)."""
        from engine.notation import format_play

        if not play.steps or self.dice is None:
            return play.notation()
        return format_play(self.position, self.dice, play, plays=self.builder.legal_plays)

    def _finish(self, play: Play) -> Game:
        assert self.turn is not None
        mover = self.turn
        after = apply_steps(self.position, play.steps)
        flat = tuple(n for s in play.steps for n in (s.frm, s.to))
        entry = LogEntry(mover, "move", (self._play_text(play), *flat))
        # After the play the opponent is the side to act (as in GNU Backgammon, also when the
        # game is over).
        game = replace(
            self,
            steps=(),
            used=(),
            dice=None,
            position=after.swapped(),
            turn=_other(mover),
            phase=Phase.ROLL,
        )
        if self.last_roll:
            if after.off()[0] == 15:
                return game._won(None, WinKind.SINGLE, 0, Reason.DRAW, entry)
            outcome = self.spec.result(after)
            assert outcome is not None and not outcome.winner_on_roll
            return game._won_as(_other(mover), outcome.kind, Reason.BEAR_OFF, entry)
        outcome = self.spec.result(after)
        if outcome is not None:
            winner = mover if outcome.winner_on_roll else _other(mover)
            if (
                self.options.last_roll_draw
                and self.spec.allows_draw
                and winner == mover == self.first
            ):
                return replace(game, last_roll=True, log=self._logged(entry))
            return game._won_as(winner, outcome.kind, Reason.BEAR_OFF, entry)
        return replace(game, log=self._logged(entry))

    def offer_resign(self, player: int, kind: WinKind = WinKind.SINGLE) -> Game:
        """Offer to resign conceding a game won ``kind``; the opponent accepts or declines."""
        self._check(Action("resign", player, resign=kind))
        kind = self.spec.recorded_kind(WinKind(kind), self.options)
        return replace(
            self,
            resign=ResignOffer(player, kind),
            log=self._logged(LogEntry(player, "resign", (int(kind),))),
        )

    def accept_resign(self, player: int) -> Game:
        """Accept the resignation: the game ends with the offered result."""
        self._check(Action("accept_resign", player))
        assert self.resign is not None
        kind = self.resign.kind
        return self._won_as(player, kind, Reason.RESIGN, LogEntry(player, "resign_accept"))

    def decline_resign(self, player: int) -> Game:
        """Decline the resignation: play goes on."""
        self._check(Action("decline_resign", player))
        return replace(self, resign=None, log=self._logged(LogEntry(player, "resign_decline")))

    def apply(self, action: Action, dice: DiceSource | None = None) -> Game:
        """Apply an :class:`Action` (``dice`` is needed for ``"roll"``)."""
        p = action.player
        match action.kind:
            case "roll":
                if dice is None:
                    raise EngineError("rolling needs a dice source", code="no_dice")
                return self.roll(p, dice)
            case "double":
                return self.double(p)
            case "take":
                return self.take(p)
            case "pass":
                return self.pass_(p)
            case "beaver":
                return self.beaver(p)
            case "accept_beaver":
                return self.accept_beaver(p)
            case "refuse_beaver":
                return self.refuse_beaver(p)
            case "step":
                if action.step is None:
                    raise _refuse("step_not_legal", "no step given")
                return self.add_step(p, action.step)
            case "undo":
                return self.undo(p)
            case "reset":
                return self.reset_play(p)
            case "confirm":
                return self.confirm(p)
            case "play":
                if action.play is None:
                    raise _refuse("illegal_play", "no play given")
                return self.play(p, action.play)
            case "resign":
                return self.offer_resign(p, action.resign or WinKind.SINGLE)
            case "accept_resign":
                return self.accept_resign(p)
            case "decline_resign":
                return self.decline_resign(p)
        raise _refuse("unknown_action", f"unknown action {action.kind!r}", action=action.kind)

    # -- serialisation --------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A compact JSON-able dict with the schema version ``"v"``; see :meth:`from_dict`.

        Scores are numbers, or ``"5/2"`` for a score with a half (:func:`points_to_json`); the
        log is text (:func:`engine.record.log_text`), a list of entries in schema 1."""
        out: dict[str, Any] = {
            "v": SCHEMA_VERSION,
            "variant": self.variant,
            "pos": encode_position_id(self.position.player, self.position.opponent),
            "phase": self.phase.value,
        }
        opts = self.options.to_dict()
        if opts:
            out["options"] = opts
        if self.turn is not None:
            out["turn"] = self.turn
        if self.dice is not None:
            out["dice"] = list(self.dice)
        if self.steps:
            out["steps"] = [
                [s.frm, s.to, int(s.hit), d] for s, d in zip(self.steps, self.used, strict=True)
            ]
        cube = self.cube.to_dict()
        if cube:
            out["cube"] = cube
        if self.resign is not None:
            out["resign"] = [self.resign.player, int(self.resign.kind)]
        if self.result is not None:
            r = self.result
            out["result"] = [r.winner, int(r.kind), r.points, r.reason.value]
        if self.log:
            from engine.record import log_text

            out["log"] = log_text(self.variant, self.log)
        if self.match_length:
            out["match"] = [
                self.match_length,
                *(points_to_json(v) for v in self.score),
                int(self.crawford),
            ]
        elif self.score != (0, 0):
            out["score"] = [points_to_json(v) for v in self.score]
        if self.first is not None:
            out["first"] = self.first
        if self.last_roll:
            out["last_roll"] = True
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        """Rebuild a game from :meth:`to_dict`; refuses a newer or unknown schema version with
        :class:`UnsupportedSchema` and a malformed state with :class:`EngineError`."""
        check_schema(data, "game")
        unknown = set(data) - _GAME_KEYS
        if unknown:
            raise EngineError(
                f"corrupt game state: unknown keys {', '.join(sorted(map(str, unknown)))}",
                code="corrupt_state",
            )
        try:
            spec = find_variant(data["variant"])
            player, opponent = decode_position_id(data["pos"])
            position = spec.position_cls(player, opponent)
            steps = tuple(
                Step(_int(f), _int(t), bool(_int(h))) for f, t, h, _ in data.get("steps", ())
            )
            used = tuple(_die_value(d) for *_, d in data.get("steps", ()))
            resign = None
            if "resign" in data:
                rp, rk = data["resign"]
                resign = ResignOffer(_player(rp), WinKind(_int(rk)))
            res = None
            if "result" in data:
                w, k, pts, why = data["result"]
                res = GameResult(
                    None if w is None else _player(w), WinKind(_int(k)), _int(pts), Reason(why)
                )
            length, s0, s1, crawford = data.get("match", (0, *data.get("score", (0, 0)), 0))
            dice = data.get("dice")
            turn = data.get("turn")
            first = data.get("first")
            game = cls(
                variant=spec.name,
                options=Options.from_dict(data.get("options", {})),
                position=position,
                phase=Phase(data["phase"]),
                turn=None if turn is None else _player(turn),
                dice=None if dice is None else (_die_value(dice[0]), _die_value(dice[1])),
                steps=steps,
                used=used,
                cube=CubeState.from_dict(data.get("cube", {})),
                resign=resign,
                result=res,
                log=_log_from_json(spec.name, data.get("log", ())),
                match_length=_int(length),
                score=(points_from_json(s0), points_from_json(s1)),
                crawford=bool(_int(crawford)),
                first=None if first is None else _player(first),
                last_roll=data.get("last_roll", False) is True,
            )
        except UnsupportedSchema:
            raise
        except EngineError as exc:
            raise EngineError(f"corrupt game state: {exc}", code="corrupt_state") from exc
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise EngineError(f"corrupt game state: {exc!r}", code="corrupt_state") from exc
        game._validate()
        return game

    def _validate(self) -> None:
        needs_turn = self.phase is not Phase.OPENING
        if needs_turn != (self.turn is not None) and self.phase is not Phase.OVER:
            raise EngineError("corrupt game state: turn and phase disagree", code="corrupt_state")
        if (self.phase is Phase.MOVE) != (self.dice is not None) and self.phase is not Phase.OVER:
            raise EngineError("corrupt game state: dice and phase disagree", code="corrupt_state")
        if (self.phase is Phase.OVER) != (self.result is not None):
            raise EngineError("corrupt game state: result and phase disagree", code="corrupt_state")
        if self.resign is not None and self.phase not in (Phase.ROLL, Phase.MOVE):
            raise EngineError(
                "corrupt game state: a resignation outside a turn", code="corrupt_state"
            )
        if self.crawford and not self.match_length:
            raise EngineError(
                "corrupt game state: a Crawford game in money play", code="corrupt_state"
            )
        if self.steps:
            try:
                built = PlayBuilder(self.position, self.dice or (1, 1))
                for step in self.steps:
                    built = built.add(step)
                if built.steps != self.steps or built.used != self.used:
                    raise IllegalPlay("the steps do not match their dice")
            except IllegalPlay as exc:
                raise EngineError(
                    f"corrupt game state: the partial play is not legal: {exc}",
                    code="corrupt_state",
                ) from exc

    # -- identifiers ----------------------------------------------------------------------------

    def position_id(self) -> str:
        """GNU Backgammon Position ID: the position (before any unconfirmed steps) with the
        player on turn on roll."""
        return encode_position_id(self.position.player, self.position.opponent)

    def shown_cube(self) -> CubeState:
        """The cube as GNU Backgammon shows it: after a beaver, while the doubler answers, it is
        raised one step and owned by the beaver (the double is taken, the redouble offered)."""
        if self.phase is Phase.BEAVERED and self.turn is not None:
            return self.cube.taken(_other(self.turn), self.options)
        return self.cube

    def _id_cube(self, what: str) -> tuple[CubeState, int]:
        cube = self.shown_cube()
        log2 = cube.value.bit_length() - 1
        if cube.value != 1 << log2:
            raise EngineError(
                f"a cube of {cube.value} cannot be written in {what}", code="not_exportable"
            )
        return cube, log2

    def match_id_fields(self) -> MatchIdFields:
        """The state GNU Backgammon's Match ID records (see :class:`MatchIdFields`).

        A beavered double is written as gnubg writes it: the cube one step up, owned by the
        beaver, doubled, with the doubler to answer."""
        cube, log2 = self._id_cube("a Match ID")
        turn = 0 if self.turn is None else self.turn
        to_act = turn if self.responder is None else self.responder
        state = 1
        resigned = 0 if self.resign is None else int(self.resign.kind)
        score = [a + b for a, b in zip(self.score, self.award, strict=True)]
        if self.result is not None:
            state = {
                Reason.BEAR_OFF: 2,
                Reason.DRAW: 2,
                Reason.RESIGN: 3,
                Reason.PASS: 4,
                Reason.BEAVER_REFUSED: 4,
            }[self.result.reason]
            if self.result.reason is Reason.RESIGN:
                resigned = int(self.result.kind)
            if self.result.reason in (Reason.PASS, Reason.BEAVER_REFUSED):
                # gnubg leaves the turn with the player who passed.
                to_act = _other(self.result.winner or 0)
            elif self.result.reason is Reason.RESIGN:
                # ... and a resignation with the player who accepted it.
                to_act = self.result.winner or 0
            else:
                to_act = turn
        dice = self.dice if self.phase is Phase.MOVE and self.dice is not None else (0, 0)
        return MatchIdFields(
            cube_log2=log2,
            cube_owner=3 if cube.owner is None else cube.owner,
            on_roll=turn,
            crawford=self.crawford,
            game_state=state,
            to_act=to_act,
            doubled=self.phase in (Phase.DOUBLED, Phase.BEAVERED),
            resigned=resigned,
            dice=dice,
            match_length=self.match_length,
            score=(whole_points(score[0], "a Match ID"), whole_points(score[1], "a Match ID")),
            jacoby=self.money and self.options.jacoby,
        )

    def match_id(self) -> str:
        """GNU Backgammon Match ID (12 characters): cube, turn, dice, score and match length."""
        return encode_match_id(self.match_id_fields())

    def xgid(self) -> str:
        """The eXtreme Gammon ID of the game with the player on turn at the bottom.

        Position (26 characters: the top player's bar, the bottom player's points 1-24, his bar;
        ``A``-``O`` his checkers, ``a``-``o`` the opponent's), cube (log2), cube position (1 his,
        -1 the opponent's, 0 centred), turn (1), dice (``00`` to roll, ``D`` doubled, ``B``
        beavered), the two scores, Crawford game (match) or Jacoby + 2 × beaver (money), match
        length and the cube limit (log2).  After a beaver the cube is written as GNU Backgammon
        shows it (:meth:`shown_cube`): one step up, owned by the beaver.

        >>> Game.new().roll(0, DiceSequence([5, 2])).xgid()
        'XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:1:0:6'
        """
        if self.variant != BACKGAMMON_VARIANT.name:
            raise EngineError(f"{self.variant} has no XGID", code="not_exportable")
        bottom = 0 if self.turn is None else self.turn
        cube, log2 = self._id_cube("an XGID")
        owner = cube.owner
        action = {Phase.DOUBLED: "D", Phase.BEAVERED: "B"}.get(self.phase, "")
        fields = XgidFields(
            cube_log2=log2,
            cube_owner=0 if owner is None else (1 if owner == bottom else -1),
            turn=1,
            dice=self.dice if self.phase is Phase.MOVE and self.dice is not None else (0, 0),
            cube_action=action,
            score=(
                whole_points(self.score[bottom], "an XGID"),
                whole_points(self.score[_other(bottom)], "an XGID"),
            ),
            crawford=self.crawford,
            jacoby=self.money and self.options.jacoby,
            beaver=self.money and self.options.beaver,
            match_length=self.match_length,
            max_cube_log2=self.options.cube_limit.bit_length() - 1,
        )
        return encode_xgid(self.position.player, self.position.opponent, fields)


_GAME_KEYS = frozenset(
    {
        "v",
        "variant",
        "pos",
        "phase",
        "options",
        "turn",
        "dice",
        "steps",
        "cube",
        "resign",
        "result",
        "log",
        "match",
        "score",
        "first",
        "last_roll",
    }
)


def _log_from_json(variant: str, data: object) -> tuple[LogEntry, ...]:
    """A game's log from its JSON form: compact text, or (schema 1) a list of entries."""
    if isinstance(data, str):
        from engine.record import log_from_text

        return log_from_text(variant, data)
    if not isinstance(data, list | tuple):
        raise EngineError(f"corrupt game log {data!r}", code="corrupt_state")
    return tuple(LogEntry.from_list(e) for e in data)


def check_schema(data: object, what: str, current: int = SCHEMA_VERSION, oldest: int = 1) -> None:
    """Refuse anything but a dict of a schema version from ``oldest`` to ``current`` (shared by
    every saved state)."""
    if not isinstance(data, dict):
        raise EngineError(f"a saved {what} must be a dict", code="corrupt_state")
    version = data.get("v")
    if not isinstance(version, int) or isinstance(version, bool):
        raise UnsupportedSchema(
            f"a saved {what} without a valid schema version ({version!r}) is refused",
            params={"version": repr(version)},
        )
    if version > current:
        raise UnsupportedSchema(
            f"the saved {what} has schema version {version}, newer than {current}; "
            "update the program to read it",
            params={"version": version},
        )
    if version < oldest:
        raise UnsupportedSchema(
            f"the saved {what} has unknown schema version {version}",
            params={"version": version},
        )


def _player(value: object) -> int:
    if value not in (0, 1) or isinstance(value, bool):
        raise EngineError(f"{value!r} is not a player (0 or 1)", code="corrupt_state")
    assert isinstance(value, int)
    return value


def _int(value: object) -> int:
    if type(value) is not int or value < 0:
        raise EngineError(f"{value!r} is not a count (0 or more)", code="corrupt_state")
    return value


def _die_value(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 6:
        raise EngineError(f"{value!r} is not a die (1-6)", code="bad_die")
    return value


def _die(dice: DiceSource) -> int:
    return _die_value(dice())


def _as_written(builder: PlayBuilder, text: str, play: Play) -> Play | None:
    """``play`` (the legal play ``text`` denotes) as ``text`` writes it, when it names every
    point: the log keeps the player's intermediate points (``13/10 10/6``, not ``13/9 9/6``)."""
    from engine.notation import written_steps

    steps = written_steps(text, builder.dice)
    found = None if steps is None else builder.find(Play(steps))
    if found is None:
        return None
    same = apply_steps(builder.position, found.steps) == apply_steps(builder.position, play.steps)
    return found if same else None


def _parse(builder: PlayBuilder, text: str) -> Play:
    from engine.notation import parse_play

    try:
        return parse_play(builder.position, builder.dice, text, plays=builder.legal_plays)
    except EngineError as exc:
        # The parser's own parameters (the point, the move...) explain ``reason`` in full.
        params = {**exc.params, "play": text, "reason": exc.code}
        raise _refuse("illegal_play", str(exc), **params) from None
