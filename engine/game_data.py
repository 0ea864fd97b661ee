"""How a game is stored: the JSON-able dict of a :class:`~engine.game.Game` and the game read
back from it, checked.

The dict (schema :data:`SCHEMA_VERSION`) keeps the position as a GNU Backgammon Position ID, the
log as compact text (:mod:`engine.record`), scores as numbers or ``"5/2"`` for a half, and
leaves out what is at its default.  A dict is refused when its schema is newer or unknown
(:class:`UnsupportedSchema`) or its fields are malformed or disagree (:class:`EngineError`
``corrupt_state``): :func:`check_game` holds a game built from outside (a stored dict, an
identifier) to what the state machine itself keeps true.  :func:`check_schema` is shared by
every saved state (matches, chouettes).

:class:`~engine.game.Game` keeps :meth:`~engine.game.Game.to_dict` and
:meth:`~engine.game.Game.from_dict`, which call these functions.  The module does not import
:mod:`engine.game` (the state machine imports it): :func:`game_from_dict` takes the game's
class, as the game's own class method passes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.builder import PlayBuilder
from engine.cube import CubeState, Options
from engine.errors import EngineError, IllegalPlay, UnsupportedSchema
from engine.game_values import (
    GameResult,
    Phase,
    Reason,
    ResignOffer,
    die_value,
    points_from_json,
    points_to_json,
)
from engine.ids import decode_position_id, encode_position_id
from engine.log_entry import LogEntry
from engine.record import log_from_text, log_text
from engine.result import WinKind
from engine.steps import Step
from engine.variant import find_variant

if TYPE_CHECKING:
    from engine.game import Game

__all__ = ["SCHEMA_VERSION", "check_game", "check_schema", "game_from_dict", "game_to_dict"]

SCHEMA_VERSION = 2
"""Version of the dict :func:`game_to_dict` writes: 2 keeps the log compact
(:mod:`engine.record`), 1 (still read) listed every entry."""


def game_to_dict(game: Game) -> dict[str, Any]:
    """A compact JSON-able dict with the schema version ``"v"``; see :func:`game_from_dict`.

    Scores are numbers, or ``"5/2"`` for a score with a half (:func:`points_to_json`); the
    log is text (:func:`engine.record.log_text`), a list of entries in schema 1.

    >>> from engine.game import Game
    >>> game_to_dict(Game.new())
    {'v': 2, 'variant': 'backgammon', 'pos': '4HPwATDgc/ABMA', 'phase': 'opening'}
    """
    out: dict[str, Any] = {
        "v": SCHEMA_VERSION,
        "variant": game.variant,
        "pos": encode_position_id(game.position.player, game.position.opponent),
        "phase": game.phase.value,
    }
    opts = game.options.to_dict()
    if opts:
        out["options"] = opts
    if game.turn is not None:
        out["turn"] = game.turn
    if game.dice is not None:
        out["dice"] = list(game.dice)
    if game.steps:
        out["steps"] = [
            [s.frm, s.to, int(s.hit), d] for s, d in zip(game.steps, game.used, strict=True)
        ]
    cube = game.cube.to_dict()
    if cube:
        out["cube"] = cube
    if game.resign is not None:
        out["resign"] = [game.resign.player, int(game.resign.kind)]
    if game.result is not None:
        r = game.result
        out["result"] = [r.winner, int(r.kind), r.points, r.reason.value]
    if game.log:
        out["log"] = log_text(game.variant, game.log)
    if game.match_length:
        out["match"] = [
            game.match_length,
            *(points_to_json(v) for v in game.score),
            int(game.crawford),
        ]
    elif game.score != (0, 0):
        out["score"] = [points_to_json(v) for v in game.score]
    if game.first is not None:
        out["first"] = game.first
    if game.last_roll:
        out["last_roll"] = True
    return out


def game_from_dict(cls: type[Game], data: dict[str, Any]) -> Game:
    """Rebuild a game (of class ``cls``) from :func:`game_to_dict`; refuses a newer or unknown
    schema version with :class:`UnsupportedSchema` and a malformed state with
    :class:`EngineError`."""
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
        steps = tuple(Step(_int(f), _int(t), bool(_int(h))) for f, t, h, _ in data.get("steps", ()))
        used = tuple(die_value(d) for *_, d in data.get("steps", ()))
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
            dice=None if dice is None else (die_value(dice[0]), die_value(dice[1])),
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
    check_game(game)
    return game


def check_game(game: Game) -> None:
    """Refuse (:class:`EngineError` ``corrupt_state``) a game built from outside whose fields
    disagree: turn, dice or result and phase, a resignation outside a turn, a Crawford game in
    money play, a partial play that is not legal."""
    needs_turn = game.phase is not Phase.OPENING
    if needs_turn != (game.turn is not None) and game.phase is not Phase.OVER:
        raise EngineError("corrupt game state: turn and phase disagree", code="corrupt_state")
    if (game.phase is Phase.MOVE) != (game.dice is not None) and game.phase is not Phase.OVER:
        raise EngineError("corrupt game state: dice and phase disagree", code="corrupt_state")
    if (game.phase is Phase.OVER) != (game.result is not None):
        raise EngineError("corrupt game state: result and phase disagree", code="corrupt_state")
    if game.resign is not None and game.phase not in (Phase.ROLL, Phase.MOVE):
        raise EngineError("corrupt game state: a resignation outside a turn", code="corrupt_state")
    if game.crawford and not game.match_length:
        raise EngineError("corrupt game state: a Crawford game in money play", code="corrupt_state")
    if game.steps:
        try:
            built = PlayBuilder(game.position, game.dice or (1, 1))
            for step in game.steps:
                built = built.add(step)
            if built.steps != game.steps or built.used != game.used:
                raise IllegalPlay("the steps do not match their dice")
        except IllegalPlay as exc:
            raise EngineError(
                f"corrupt game state: the partial play is not legal: {exc}",
                code="corrupt_state",
            ) from exc


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
