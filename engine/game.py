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

This module holds the rules.  The values a game is made of (:class:`Phase`, :class:`GameResult`,
scores in :data:`Points` ...) are in :mod:`engine.game_values`, how a game is stored
(:meth:`Game.to_dict`, :meth:`Game.from_dict`) in :mod:`engine.game_data`, and its GNU
Backgammon and XG identifiers (:meth:`Game.from_gnubg_ids`, :meth:`Game.xgid` ...) in
:mod:`engine.game_ids`; they are re-exported or called from here, so ``engine.game`` still
offers them all.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from engine.builder import PlayBuilder
from engine.cube import CubeState, Options
from engine.errors import EngineError, IllegalAction, IllegalPlay
from engine.game_data import game_from_dict, game_to_dict
from engine.game_ids import (
    game_from_gnubg_ids,
    game_from_xgid,
    game_match_id,
    game_match_id_fields,
    game_position_id,
    game_xgid,
)
from engine.game_values import HALF as HALF
from engine.game_values import GameResult as GameResult
from engine.game_values import Phase as Phase
from engine.game_values import Points as Points
from engine.game_values import Reason as Reason
from engine.game_values import ResignOffer as ResignOffer
from engine.game_values import die_value
from engine.game_values import format_points as format_points
from engine.game_values import points_from_json as points_from_json
from engine.game_values import points_to_json as points_to_json
from engine.game_values import points_value as points_value
from engine.game_values import result_award as result_award
from engine.game_values import whole_points as whole_points
from engine.ids import MatchIdFields
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


# -- actions -------------------------------------------------------------------------------------


class ActionKind(enum.StrEnum):
    """What a player may do in a game, spelt one way everywhere: an :class:`Action`'s ``kind``,
    the names :meth:`Game.allowed` gives, the names a client gives its buttons, and the game
    log's entry for the action where it writes one (``beaver_accept``, ``resign_decline`` ...:
    the stored logs' spelling).  Members are strings and equal to their spelling."""

    ROLL = "roll"
    DOUBLE = "double"
    TAKE = "take"
    PASS = "pass"
    BEAVER = "beaver"
    BEAVER_ACCEPT = "beaver_accept"
    BEAVER_REFUSE = "beaver_refuse"
    STEP = "step"
    UNDO = "undo"
    RESET = "reset"
    CONFIRM = "confirm"
    PLAY = "play"
    RESIGN = "resign"
    RESIGN_ACCEPT = "resign_accept"
    RESIGN_DECLINE = "resign_decline"


ACTIONS: tuple[ActionKind, ...] = tuple(ActionKind)
"""Every kind of action, in the order of :class:`ActionKind`."""


@dataclass(frozen=True, slots=True)
class Action:
    """An action as data: ``kind`` is an :class:`ActionKind`; ``step``, ``play`` and ``resign``
    carry the argument of :attr:`~ActionKind.STEP`, :attr:`~ActionKind.PLAY` and
    :attr:`~ActionKind.RESIGN`."""

    kind: ActionKind
    player: int
    step: Step | None = None
    play: Play | str | None = None
    resign: WinKind | None = None


_MOVE_ACTIONS = frozenset(
    {ActionKind.STEP, ActionKind.UNDO, ActionKind.RESET, ActionKind.CONFIRM, ActionKind.PLAY}
)
"""The actions of the play being built (and of a whole play at once)."""


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

    # -- set up from an identifier (engine.game_ids) --------------------------------------------

    @classmethod
    def from_gnubg_ids(cls, ids: str, options: Options | None = None) -> Game:
        """The backgammon game GNU Backgammon's ``PositionID:MatchID`` describes, with
        ``options`` for the rest (:func:`engine.game_ids.game_from_gnubg_ids`).

        >>> game = Game.from_gnubg_ids("4HPwATDgc/ABMA:cIkKAAAAAAAA")
        >>> game.phase, game.turn, game.dice, game.money
        (<Phase.MOVE: 'move'>, 1, (5, 2), True)
        """
        return game_from_gnubg_ids(cls, ids, options)

    @classmethod
    def from_xgid(cls, xgid: str, options: Options | None = None) -> Game:
        """The backgammon game an eXtreme Gammon XGID describes, with ``options`` for the rest
        (:func:`engine.game_ids.game_from_xgid`).

        >>> game = Game.from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10")
        >>> game.phase, game.turn, game.dice, game.options.beaver
        (<Phase.MOVE: 'move'>, 1, (5, 2), True)
        """
        return game_from_xgid(cls, xgid, options)

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
            declined = any(entry.action == ActionKind.RESIGN_DECLINE for entry in self.log[-3:])
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

    def allowed(self, player: int) -> frozenset[ActionKind]:
        """The actions ``player`` may take now (:attr:`~ActionKind.STEP` if a step is
        possible)."""
        out: set[ActionKind] = set()
        for kind in ActionKind:
            if kind is ActionKind.PLAY:
                continue
            resign = WinKind.SINGLE if kind is ActionKind.RESIGN else None
            if kind is ActionKind.STEP:
                if self._may_move(player) and self.next_steps():
                    out.add(kind)
                continue
            if self.may(Action(kind, player, resign=resign)):
                out.add(kind)
        if self._may_move(player):
            out.add(ActionKind.PLAY)
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
        if kind in (ActionKind.RESIGN_ACCEPT, ActionKind.RESIGN_DECLINE):
            if self.resign is None:
                raise _refuse("no_resign_pending", "no resignation is offered")
            if p != _other(self.resign.player):
                raise _refuse("not_your_turn", "the resignation is not offered to you")
            return
        self._no_resign()
        if kind == ActionKind.ROLL:
            self._check_roll(p)
        elif kind == ActionKind.DOUBLE:
            self._check_double(p)
        elif kind in (ActionKind.TAKE, ActionKind.PASS, ActionKind.BEAVER):
            self._check_answer(p)
            if kind == ActionKind.BEAVER:
                self._check_beaver()
        elif kind in (ActionKind.BEAVER_ACCEPT, ActionKind.BEAVER_REFUSE):
            if self.phase is not Phase.BEAVERED:
                raise _refuse("no_beaver_pending", "no beaver is pending")
            self._on_turn(p)
        elif kind in _MOVE_ACTIONS:
            self._check_move(p)
            if kind == ActionKind.UNDO and not self.steps:
                raise _refuse("nothing_to_undo", "there is no step to undo")
            if kind == ActionKind.CONFIRM and not self.builder.is_complete:
                raise _refuse("play_incomplete", "the play is not complete yet")
        elif kind == ActionKind.RESIGN:
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
        self._check(Action(ActionKind.ROLL, player))
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
        self._check(Action(ActionKind.DOUBLE, player))
        value = self.cube.next_value(self.options)
        return replace(
            self, phase=Phase.DOUBLED, log=self._logged(LogEntry(player, "double", (value,)))
        )

    def take(self, player: int) -> Game:
        """Take the double: the cube goes up and the taker owns it; the doubler rolls."""
        self._check(Action(ActionKind.TAKE, player))
        return replace(
            self,
            phase=Phase.ROLL,
            cube=self.cube.taken(player, self.options),
            log=self._logged(LogEntry(player, "take")),
        )

    def pass_(self, player: int) -> Game:
        """Pass the double: the doubler wins the cube's value before the double."""
        self._check(Action(ActionKind.PASS, player))
        return self._won(
            _other(player),
            WinKind.SINGLE,
            self.cube.value,
            Reason.PASS,
            LogEntry(player, "pass"),
        )

    def beaver(self, player: int) -> Game:
        """Beaver: take and at once redouble, keeping the cube; the doubler accepts or refuses."""
        self._check(Action(ActionKind.BEAVER, player))
        value = self.cube.beavered(player, self.options).value
        return replace(
            self, phase=Phase.BEAVERED, log=self._logged(LogEntry(player, "beaver", (value,)))
        )

    def accept_beaver(self, player: int) -> Game:
        """The doubler accepts the beaver: the cube goes up twice, owned by the beaver."""
        self._check(Action(ActionKind.BEAVER_ACCEPT, player))
        return replace(
            self,
            phase=Phase.ROLL,
            cube=self.cube.beavered(_other(player), self.options),
            log=self._logged(LogEntry(player, "beaver_accept")),
        )

    def refuse_beaver(self, player: int) -> Game:
        """The doubler refuses the beaver and loses the doubled stake."""
        self._check(Action(ActionKind.BEAVER_REFUSE, player))
        return self._won(
            _other(player),
            WinKind.SINGLE,
            self.cube.next_value(self.options),
            Reason.BEAVER_REFUSED,
            LogEntry(player, "beaver_refuse"),
        )

    def add_step(self, player: int, step: Step | tuple[int, int]) -> Game:
        """Make one single step of the play being built (see :meth:`next_steps`)."""
        self._check(Action(ActionKind.STEP, player))
        try:
            built = self.builder.add(step)
        except IllegalPlay as exc:
            raise _refuse(exc.code, str(exc), **exc.params) from None
        return replace(self, steps=built.steps, used=built.used)

    def undo(self, player: int) -> Game:
        """Take back the last step of the play being built."""
        self._check(Action(ActionKind.UNDO, player))
        return replace(self, steps=self.steps[:-1], used=self.used[:-1])

    def reset_play(self, player: int) -> Game:
        """Take back every step of the play being built."""
        self._check(Action(ActionKind.RESET, player))
        return replace(self, steps=(), used=())

    def confirm(self, player: int) -> Game:
        """Confirm the complete play built step by step; the turn passes."""
        self._check(Action(ActionKind.CONFIRM, player))
        return self._finish(Play(self.steps))

    def play(self, player: int, play: Play | str) -> Game:
        """Make a whole play at once: a :class:`Play` or text in the usual notation."""
        self._check(Action(ActionKind.PLAY, player))
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
        self._check(Action(ActionKind.RESIGN, player, resign=kind))
        kind = self.spec.recorded_kind(WinKind(kind), self.options)
        return replace(
            self,
            resign=ResignOffer(player, kind),
            log=self._logged(LogEntry(player, "resign", (int(kind),))),
        )

    def accept_resign(self, player: int) -> Game:
        """Accept the resignation: the game ends with the offered result."""
        self._check(Action(ActionKind.RESIGN_ACCEPT, player))
        assert self.resign is not None
        kind = self.resign.kind
        return self._won_as(player, kind, Reason.RESIGN, LogEntry(player, "resign_accept"))

    def decline_resign(self, player: int) -> Game:
        """Decline the resignation: play goes on."""
        self._check(Action(ActionKind.RESIGN_DECLINE, player))
        return replace(self, resign=None, log=self._logged(LogEntry(player, "resign_decline")))

    def time_out(self, player: int) -> Game:
        """``player``, whom the game waits for, ran out of his move clock and the opponent
        claims the game: it ends as a pass of the double pending would, or a refusal of the
        beaver pending, else as a single game at the cube's value (what a single game resigned
        gives), with :attr:`Reason.TIME` and the log entry ``time``.  Not an action a player
        takes (the clock is the app's): :meth:`apply` does not know it."""
        self._running()
        waits_for = self.responder if self.responder is not None else self.turn
        if self.phase is Phase.OPENING or waits_for is None:
            raise _refuse("game_not_started", "the game has not started: roll first")
        if player != waits_for:
            raise _refuse("not_your_turn", "the game does not wait for this player")
        entry = LogEntry(player, "time")
        winner = _other(player)
        if self.phase is Phase.DOUBLED:
            return self._won(winner, WinKind.SINGLE, self.cube.value, Reason.TIME, entry)
        if self.phase is Phase.BEAVERED:
            pts = self.cube.next_value(self.options)
            return self._won(winner, WinKind.SINGLE, pts, Reason.TIME, entry)
        kind = self.spec.recorded_kind(WinKind.SINGLE, self.options)
        return self._won_as(winner, kind, Reason.TIME, entry)

    def apply(self, action: Action, dice: DiceSource | None = None) -> Game:
        """Apply an :class:`Action` (``dice`` is needed for :attr:`~ActionKind.ROLL`)."""
        p = action.player
        match action.kind:
            case ActionKind.ROLL:
                if dice is None:
                    raise EngineError("rolling needs a dice source", code="no_dice")
                return self.roll(p, dice)
            case ActionKind.DOUBLE:
                return self.double(p)
            case ActionKind.TAKE:
                return self.take(p)
            case ActionKind.PASS:
                return self.pass_(p)
            case ActionKind.BEAVER:
                return self.beaver(p)
            case ActionKind.BEAVER_ACCEPT:
                return self.accept_beaver(p)
            case ActionKind.BEAVER_REFUSE:
                return self.refuse_beaver(p)
            case ActionKind.STEP:
                if action.step is None:
                    raise _refuse("step_not_legal", "no step given")
                return self.add_step(p, action.step)
            case ActionKind.UNDO:
                return self.undo(p)
            case ActionKind.RESET:
                return self.reset_play(p)
            case ActionKind.CONFIRM:
                return self.confirm(p)
            case ActionKind.PLAY:
                if action.play is None:
                    raise _refuse("illegal_play", "no play given")
                return self.play(p, action.play)
            case ActionKind.RESIGN:
                return self.offer_resign(p, action.resign or WinKind.SINGLE)
            case ActionKind.RESIGN_ACCEPT:
                return self.accept_resign(p)
            case ActionKind.RESIGN_DECLINE:
                return self.decline_resign(p)
        raise _refuse("unknown_action", f"unknown action {action.kind!r}", action=action.kind)

    # -- storage (engine.game_data) -------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A compact JSON-able dict with the schema version ``"v"``
        (:func:`engine.game_data.game_to_dict`)."""
        return game_to_dict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        """The game stored as :meth:`to_dict`, checked (:func:`engine.game_data.game_from_dict`)."""
        return game_from_dict(cls, data)

    # -- identifiers (engine.game_ids) ----------------------------------------------------------

    def position_id(self) -> str:
        """GNU Backgammon Position ID of the position before any unconfirmed steps
        (:func:`engine.game_ids.game_position_id`)."""
        return game_position_id(self)

    def match_id_fields(self) -> MatchIdFields:
        """The state GNU Backgammon's Match ID records
        (:func:`engine.game_ids.game_match_id_fields`)."""
        return game_match_id_fields(self)

    def match_id(self) -> str:
        """GNU Backgammon Match ID (:func:`engine.game_ids.game_match_id`)."""
        return game_match_id(self)

    def xgid(self) -> str:
        """The eXtreme Gammon ID of the game, player 1 as X (at the bottom) and player 0 as O
        (:func:`engine.game_ids.game_xgid`).

        >>> Game.new().roll(0, DiceSequence([5, 2])).xgid()
        'XGID=-b----E-C---eE---c-e----B-:0:0:-1:52:0:0:1:0:6'
        """
        return game_xgid(self)


def _die(dice: DiceSource) -> int:
    return die_value(dice())


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
