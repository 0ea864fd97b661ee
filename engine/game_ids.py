"""A game's identifiers in GNU Backgammon's and eXtreme Gammon's formats: a game set up from
them, and them written from a game.

:mod:`engine.ids` codes the identifiers themselves (Position ID, Match ID, XGID) field by field;
this module maps those fields to a :class:`~engine.game.Game` and back: who is on roll, the cube
and who owns it, a double, beaver or resignation pending, the dice, the score and the rules.
:class:`~engine.game.Game` keeps its methods of the same names
(:meth:`~engine.game.Game.from_gnubg_ids`, :meth:`~engine.game.Game.xgid` ...), which call
these functions.

The module does not import :mod:`engine.game` (the state machine imports it): the functions that
build a game take its class, as the game's own class methods pass it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from engine.cube import CubeState, Options
from engine.errors import CorruptId, EngineError
from engine.game_data import check_game
from engine.game_values import Phase, Reason, ResignOffer, whole_points
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
from engine.result import WinKind
from engine.variant import BACKGAMMON_VARIANT

if TYPE_CHECKING:
    from engine.game import Game

__all__ = [
    "game_from_gnubg_ids",
    "game_from_xgid",
    "game_match_id",
    "game_match_id_fields",
    "game_position_id",
    "game_xgid",
    "shown_cube",
]


_RESIGNED = frozenset({Reason.RESIGN, Reason.TIME})
"""The ends the Match ID writes as a resignation: gnubg has no loss on time, and a game lost on
time is a single game conceded (at the cube's value)."""


def _other(player: int) -> int:
    return 1 - player


def _xgid_side(player: int) -> int:
    """The XGID's sign for a player (turn, cube owner): 1 for X (player 1), -1 for O (player 0)."""
    return 1 if player == 1 else -1


def _xgid_player(side: int) -> int:
    """The player an XGID's sign stands for: X (1) is player 1, O (-1) player 0."""
    return 1 if side == 1 else 0


# -- set up from an identifier -------------------------------------------------------------------


def game_from_gnubg_ids(cls: type[Game], ids: str, options: Options | None = None) -> Game:
    """The backgammon game (of class ``cls``) GNU Backgammon's ``PositionID:MatchID`` describes.

    The money game or match game it sets up has the Match ID's cube (value and owner), score,
    match length, Crawford flag, Jacoby rule, dice, player on roll and a pending double, beaver
    or resignation.  gnubg's players 0 and 1 are players 0 and 1 here: its player 0 plays O
    (the top of its board), its player 1 X (the bottom), as in :func:`game_from_xgid`.
    ``options`` are the other table options (default :class:`Options`).  The game has no log:
    it starts here.  Raises :class:`CorruptId` saying why for text that is not two valid IDs
    or for a state no game can be in (a finished game, a cube owned by the doubled player...);
    for such a state ``params["reason"]`` names it: ``game_over``, ``score``, ``crawford``,
    ``cube``, ``no_cube``, ``beaver``, ``checkers``, ``dice`` or ``turn``.

    >>> from engine.game import Game
    >>> game = game_from_gnubg_ids(Game, "4HPwATDgc/ABMA:cIkKAAAAAAAA")
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
        raise CorruptId(f"{where} describes no game in progress", params={"reason": "game_over"})
    if f.game_state > 1:
        raise CorruptId(f"{where} describes a game that is over", params={"reason": "game_over"})
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
    return _set_up(
        cls,
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


def game_from_xgid(cls: type[Game], xgid: str, options: Options | None = None) -> Game:
    """The backgammon game (of class ``cls``) an eXtreme Gammon XGID describes.

    X (the bottom player, uppercase) is player 1 and O (the top player) player 0, as GNU
    Backgammon numbers them (``set xgid`` gives X's score, cube and turn to its player 1, the
    one its board draws as X at the bottom, and O's to its player 0), so that an XGID and the
    Position ID and Match ID of the same game set up the same game.  The game has the XGID's
    cube, cube limit, score, match length, Crawford flag, Jacoby and beaver rules, dice and
    player on roll; ``D`` is a double offered by the player on roll and ``B`` a beaver he
    must answer, the cube then shown one step up and owned by the beaver (as
    :func:`game_xgid` writes it).  ``options`` are the other table options.  The game has no
    log.  Raises :class:`CorruptId` saying why for text that is not a valid XGID or a state no
    game can be in (``params["reason"]`` as for :func:`game_from_gnubg_ids`); raccoons (``R``)
    are not played here (``beaver``).

    >>> from engine.game import Game
    >>> game = game_from_xgid(Game, "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10")
    >>> game.phase, game.turn, game.dice, game.options.beaver
    (<Phase.MOVE: 'move'>, 1, (5, 2), True)
    """
    bottom, top, f = decode_xgid(xgid)
    where = f"{xgid.strip()!r}"
    if f.cube_action == "R":
        raise CorruptId(
            f"{where} has a raccoon, which is not played here", params={"reason": "beaver"}
        )
    turn = _xgid_player(f.turn)
    board = (bottom, top) if turn == 1 else (top, bottom)
    x_score, o_score = f.score
    return _set_up(
        cls,
        where,
        options,
        board,
        turn=turn,
        cube_value=1 << f.cube_log2,
        cube_owner=None if f.cube_owner == 0 else _xgid_player(f.cube_owner),
        action=f.cube_action,
        dice=f.dice,
        resign=None,
        match_length=f.match_length,
        score=(o_score, x_score),
        crawford=f.crawford,
        jacoby=f.jacoby,
        beaver=f.beaver,
        cube_limit=1 << f.max_cube_log2,
    )


def _set_up(
    cls: type[Game],
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
                f"a Crawford game needs a player one point from winning (at {match_length - 1})",
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
        opts = replace(opts, auto_doubles=True, max_auto_doubles=max(auto, opts.max_auto_doubles))
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
        check_game(game)
    except EngineError as exc:
        raise bad(str(exc).removeprefix("corrupt game state: "), "checkers") from None
    return game


# -- the identifiers of a game -------------------------------------------------------------------


def game_position_id(game: Game) -> str:
    """GNU Backgammon Position ID: the position (before any unconfirmed steps) with the
    player on turn on roll."""
    return encode_position_id(game.position.player, game.position.opponent)


def shown_cube(game: Game) -> CubeState:
    """The cube as GNU Backgammon shows it: after a beaver, while the doubler answers, it is
    raised one step and owned by the beaver (the double is taken, the redouble offered)."""
    if game.phase is Phase.BEAVERED and game.turn is not None:
        return game.cube.taken(_other(game.turn), game.options)
    return game.cube


def _id_cube(game: Game, what: str) -> tuple[CubeState, int]:
    cube = shown_cube(game)
    log2 = cube.value.bit_length() - 1
    if cube.value != 1 << log2:
        raise EngineError(
            f"a cube of {cube.value} cannot be written in {what}", code="not_exportable"
        )
    return cube, log2


def game_match_id_fields(game: Game) -> MatchIdFields:
    """The state GNU Backgammon's Match ID records (see :class:`MatchIdFields`).

    A beavered double is written as gnubg writes it: the cube one step up, owned by the
    beaver, doubled, with the doubler to answer."""
    cube, log2 = _id_cube(game, "a Match ID")
    turn = 0 if game.turn is None else game.turn
    to_act = turn if game.responder is None else game.responder
    state = 1
    resigned = 0 if game.resign is None else int(game.resign.kind)
    score = [a + b for a, b in zip(game.score, game.award, strict=True)]
    if game.result is not None:
        state = {
            Reason.BEAR_OFF: 2,
            Reason.DRAW: 2,
            Reason.RESIGN: 3,
            Reason.TIME: 3,
            Reason.PASS: 4,
            Reason.BEAVER_REFUSED: 4,
        }[game.result.reason]
        if game.result.reason in _RESIGNED:
            resigned = int(game.result.kind)
        if game.result.reason in (Reason.PASS, Reason.BEAVER_REFUSED):
            # gnubg leaves the turn with the player who passed.
            to_act = _other(game.result.winner or 0)
        elif game.result.reason in _RESIGNED:
            # ... and a resignation with the player who accepted it.
            to_act = game.result.winner or 0
        else:
            to_act = turn
    dice = game.dice if game.phase is Phase.MOVE and game.dice is not None else (0, 0)
    return MatchIdFields(
        cube_log2=log2,
        cube_owner=3 if cube.owner is None else cube.owner,
        on_roll=turn,
        crawford=game.crawford,
        game_state=state,
        to_act=to_act,
        doubled=game.phase in (Phase.DOUBLED, Phase.BEAVERED),
        resigned=resigned,
        dice=dice,
        match_length=game.match_length,
        score=(whole_points(score[0], "a Match ID"), whole_points(score[1], "a Match ID")),
        jacoby=game.money and game.options.jacoby,
    )


def game_match_id(game: Game) -> str:
    """GNU Backgammon Match ID (12 characters): cube, turn, dice, score and match length."""
    return encode_match_id(game_match_id_fields(game))


def game_xgid(game: Game) -> str:
    """The eXtreme Gammon ID of the game: player 1 is X (at the bottom), player 0 O, as
    :func:`game_from_xgid` reads them and GNU Backgammon numbers them.

    Position (26 characters: O's bar, X's points 1-24, X's bar; ``A``-``O`` X's checkers,
    ``a``-``o`` O's), cube (log2), cube position (1 X's, -1 O's, 0 centred), turn (1 X, -1 O;
    before the opening roll player 0, O), dice (``00`` to roll, ``D`` doubled, ``B``
    beavered), the scores of X and of O, Crawford game (match) or Jacoby + 2 × beaver (money),
    match length and the cube limit (log2).  After a beaver the cube is written as GNU
    Backgammon shows it (:func:`shown_cube`): one step up, owned by the beaver.

    >>> from engine.game import DiceSequence, Game
    >>> game_xgid(Game.new().roll(0, DiceSequence([5, 2])))
    'XGID=-b----E-C---eE---c-e----B-:0:0:-1:52:0:0:1:0:6'
    """
    if game.variant != BACKGAMMON_VARIANT.name:
        raise EngineError(f"{game.variant} has no XGID", code="not_exportable")
    turn = 0 if game.turn is None else game.turn
    # The position is seen from the player on turn: X's checkers are his when X is on turn.
    mover, other = game.position.player, game.position.opponent
    bottom, top = (mover, other) if turn == 1 else (other, mover)
    cube, log2 = _id_cube(game, "an XGID")
    action = {Phase.DOUBLED: "D", Phase.BEAVERED: "B"}.get(game.phase, "")
    fields = XgidFields(
        cube_log2=log2,
        cube_owner=0 if cube.owner is None else _xgid_side(cube.owner),
        turn=_xgid_side(turn),
        dice=game.dice if game.phase is Phase.MOVE and game.dice is not None else (0, 0),
        cube_action=action,
        score=(
            whole_points(game.score[1], "an XGID"),
            whole_points(game.score[0], "an XGID"),
        ),
        crawford=game.crawford,
        jacoby=game.money and game.options.jacoby,
        beaver=game.money and game.options.beaver,
        match_length=game.match_length,
        max_cube_log2=game.options.cube_limit.bit_length() - 1,
    )
    return encode_xgid(bottom, top, fields)
