"""Reading ``.mat`` match files: GNU Backgammon's, DailyGammon's and eXtreme Gammon's dialects.

All three write the Jellyfish layout: an optional header of ``; [Key "value"]`` lines (eXtreme
Gammon, GNU Backgammon), `` 7 point match`` (0 for a money session), then per game `` Game 1``,
a line with both names and the score before the game (``alice : 0    bob : 3``) and numbered
lines with the left player's action then the right player's: ``52: 13/8 13/11`` (the dice, then
the play, in any notation :func:`engine.notation.parse_play` reads: ``25/22`` or ``bar/22``,
``6/0`` or ``6/off``, ``13/7*/5``...), ``Doubles => 2``, ``Takes`` (``Accepts``), ``Drops``
(``Passes``, ``Rejects``), ``Beavers => 4`` and ``Wins 2 points`` (``... and the match``).

:func:`read_mat` finds the games; :func:`replay_game` plays one on a :class:`~engine.game.Game`,
every roll, play and cube action checked by the engine, so an illegal or garbled move is
refused (:class:`MatError`) with its game and move number.  A game that ends on a ``Wins`` line
without a bear-off or a pass was resigned: the loser's resignation of the kind the points say.
:meth:`engine.match.Match.from_mat` reads a whole file into a match.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from engine.cube import Options
from engine.errors import EngineError
from engine.game import DiceSequence, Game, Phase
from engine.result import WinKind

MAX_MAT_CHARS = 2_000_000

_HEADER = re.compile(r'^\s*;\s*\[\s*([^"\]]+?)\s*"([^"]*)"\s*\]\s*$')
_LENGTH = re.compile(r"^\s*(\d+)\s+point\s+match\s*$", re.IGNORECASE)
_GAME = re.compile(r"^\s*game\s+(\d+)\s*$", re.IGNORECASE)
_NAMES = re.compile(r"^\s*(\S.*?)\s*:\s*(\d+)\s+(\S.*?)\s*:\s*(\d+)\s*$")
_ROW = re.compile(r"^\s*(\d+)\)(.*)$")
_ACTION = re.compile(
    r"(?<![\w/*])(?:(?P<dice>[1-6][1-6]):|(?P<word>doubles|takes|accepts|drops|passes|rejects"
    r"|beavers|wins)\b)",
    re.IGNORECASE,
)
_VALUE = re.compile(r"^=>\s*(\d+)\s*$")
_WINS = re.compile(r"^(\d+)\s+points?(?:\s+and\s+the\s+match)?\.?$", re.IGNORECASE)
_WORDS = {
    "doubles": "double",
    "takes": "take",
    "accepts": "take",
    "drops": "pass",
    "passes": "pass",
    "rejects": "pass",
    "beavers": "beaver",
    "wins": "wins",
}


_Refusal = Callable[[EngineError | str], "MatError"]


class MatError(EngineError):
    """A ``.mat`` file that cannot be read, or that holds a move the rules do not allow.

    ``params`` has ``game`` and ``move`` (the numbers in the file) where the fault is in a game,
    and ``reason``: the engine's code of the refused action or ``"syntax"``."""

    code = "bad_mat"


@dataclass(frozen=True, slots=True)
class MatAction:
    """One action of a game in the file: ``side`` 0 (left column) or 1 (right), ``kind`` one of
    ``roll`` (``dice`` and the ``play`` text), ``double``, ``take``, ``pass``, ``beaver`` or
    ``wins`` (``value`` the cube offered or the points won), on the numbered line ``move``."""

    side: int
    kind: str
    move: int
    dice: tuple[int, int] = (0, 0)
    play: str = ""
    value: int = 0


@dataclass(frozen=True, slots=True)
class MatGame:
    """One game of the file: its number, the score before it and its actions."""

    number: int
    score: tuple[int, int]
    actions: tuple[MatAction, ...]


@dataclass(frozen=True, slots=True)
class MatRecord:
    """What a ``.mat`` file holds: the players (left, right), the match length (0: money), the
    table options its header states (otherwise GNU Backgammon's defaults) and the games."""

    names: tuple[str, str]
    length: int
    options: Options
    games: tuple[MatGame, ...]


def mat_error(
    why: str, *, game: int | None = None, move: int | None = None, reason: str = "syntax"
) -> MatError:
    where = ""
    if game is not None:
        where = f"game {game}" + (f", move {move}" if move is not None else "") + ": "
    params: dict[str, object] = {"reason": reason}
    if game is not None:
        params["game"] = game
    if move is not None:
        params["move"] = move
    return MatError(f"this .mat file cannot be read: {where}{why}", params=params)


def _options(header: dict[str, str], length: int) -> Options:
    def on(key: str, default: bool) -> bool:
        value = header.get(key)
        if value is None:
            return default
        if value.lower() in ("on", "yes", "true", "1"):
            return True
        if value.lower() in ("off", "no", "false", "0"):
            return False
        raise mat_error(f'the header says {key} "{value}" (On or Off)')

    variation = header.get("variation", "backgammon").lower()
    if variation != "backgammon":
        raise mat_error(f'only backgammon is played here, not "{header["variation"]}"')
    if length and not on("crawford", True):
        raise mat_error("matches are played with the Crawford rule here")
    options = Options(jacoby=on("jacoby", True), beaver=on("beaver", False))
    limit = header.get("cubelimit")
    if limit is not None:
        if not (limit.isascii() and limit.isdigit()) or int(limit) < 1:
            raise mat_error(f'the cube limit "{limit}" is not a number')
        options = replace(options, cube_limit=int(limit), cube=int(limit) > 1)
    return options


def read_mat(text: str) -> MatRecord:
    """The players, length, options and games of a ``.mat`` file (not yet checked by the
    rules: :func:`replay_game` does that); raises :class:`MatError` saying why."""
    if not isinstance(text, str):
        raise mat_error("it is not text")
    if len(text) > MAX_MAT_CHARS:
        raise mat_error(f"it is longer than {MAX_MAT_CHARS} characters")
    lines = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    header: dict[str, str] = {}
    length: int | None = None
    names: tuple[str, str] | None = None
    games: list[MatGame] = []
    number: int | None = None
    score = (0, 0)
    split = 30
    actions: list[MatAction] = []

    def close() -> None:
        if number is not None:
            games.append(MatGame(number, score, tuple(actions)))

    for raw in lines:
        line = raw.expandtabs(8).rstrip()
        if not line.strip():
            continue
        found = _HEADER.match(line)
        if found:
            header[found.group(1).lower()] = found.group(2)
            continue
        if line.lstrip().startswith(";"):
            continue
        found = _LENGTH.match(line)
        if found and length is None and number is None:
            length = int(found.group(1))
            continue
        found = _GAME.match(line)
        if found:
            if length is None:
                raise mat_error("the games come before the 'N point match' line")
            close()
            number, actions = int(found.group(1)), []
            if number != len(games) + 1:
                raise mat_error(f"game {number} comes where game {len(games) + 1} should")
            continue
        if number is None:
            raise mat_error(f"{line.strip()!r} comes before the first game")
        found = _NAMES.match(line)
        if found and not actions and not _ROW.match(line):
            left, right = found.group(1), found.group(3)
            if names is None:
                names = (left, right)
            score = (int(found.group(2)), int(found.group(4)))
            split = found.start(3) - 2
            continue
        row = _ROW.match(line)
        move = int(row.group(1)) if row else (actions[-1].move if actions else 0)
        body_start = row.start(2) if row else 0
        body = line[body_start:]
        starts = list(_ACTION.finditer(body))
        if not starts:
            if row and not body.strip():
                continue
            raise mat_error(
                f"{line.strip()!r} is not a move, a cube action or a result", game=number
            )
        if body[: starts[0].start()].strip():
            raise mat_error(
                f"cannot read {body[: starts[0].start()].strip()!r}", game=number, move=move
            )
        for k, start in enumerate(starts):
            end = starts[k + 1].start() if k + 1 < len(starts) else len(body)
            column = body_start + start.start()
            side = 1 if column >= split else 0
            if len(starts) == 2:
                side = k
            actions.append(_action(side, move, start, body[start.end() : end].strip(), number))
    close()
    if length is None:
        raise mat_error("there is no 'N point match' line")
    if names is None:
        names = (header.get("player 1", "Player 1"), header.get("player 2", "Player 2"))
    if not games:
        raise mat_error("there is no game in it")
    options = _options(header, length)
    # GNU Backgammon allows beavers in money play by default and writes no header for them: a
    # beaver in the file is the rule it was played by
    beavered = any(act.kind == "beaver" for game in games for act in game.actions)
    if "beaver" not in header and not length and beavered:
        options = replace(options, beaver=True)
    return MatRecord(names, length, options, tuple(games))


def _action(side: int, move: int, start: re.Match[str], rest: str, game: int) -> MatAction:
    dice = start.group("dice")
    if dice is not None:
        return MatAction(side, "roll", move, dice=(int(dice[0]), int(dice[1])), play=rest)
    kind = _WORDS[start.group("word").lower()]
    if kind in ("double", "beaver"):
        found = _VALUE.match(rest)
        if not found:
            raise mat_error(
                f"{start.group(0)} {rest!r} does not say the cube's value", game=game, move=move
            )
        return MatAction(side, kind, move, value=int(found.group(1)))
    if kind == "wins":
        found = _WINS.match(rest)
        if not found:
            raise mat_error(f"Wins {rest!r} does not say how many points", game=game, move=move)
        return MatAction(side, kind, move, value=int(found.group(1)))
    if rest:
        raise mat_error(f"cannot read {rest!r} after {start.group(0)}", game=game, move=move)
    return MatAction(side, kind, move)


def replay_game(game: Game, record: MatGame) -> Game:
    """``game`` (a game before its opening roll) after every action of ``record``, each one
    checked by the engine; raises :class:`MatError` with the game and move number."""
    actions = record.actions
    for index, act in enumerate(actions):

        def refused(exc: EngineError | str, act: MatAction = act) -> MatError:
            why = str(exc)
            reason = exc.code if isinstance(exc, EngineError) else "illegal"
            inner = exc.params.get("reason") if isinstance(exc, EngineError) else None
            if reason == "illegal_play" and isinstance(inner, str):
                reason = inner  # why the play was refused: syntax, a closed point ...
            return mat_error(why, game=record.number, move=act.move, reason=reason)

        try:
            if act.kind == "wins":
                game = _wins(game, act, refused)
                if index + 1 < len(actions):
                    raise refused("the game goes on after its result")
                continue
            if game.is_over:
                raise refused("the game is already over")
            if act.kind == "roll":
                game = _roll(game, act, refused)
            elif act.kind == "double":
                game = game.double(act.side)
                if game.cube.next_value(game.options) != act.value:
                    raise refused(
                        f"the double is to {game.cube.next_value(game.options)}, not {act.value}"
                    )
            elif act.kind == "beaver":
                game = game.beaver(act.side).accept_beaver(1 - act.side)
                if game.cube.value != act.value:
                    raise refused(f"the beaver makes the cube {game.cube.value}, not {act.value}")
            elif act.kind == "take":
                game = game.take(act.side)
            else:
                game = game.pass_(act.side)
        except MatError:
            raise
        except EngineError as exc:
            raise refused(exc) from None
    return game


def _roll(game: Game, act: MatAction, refused: _Refusal) -> Game:
    high, low = max(act.dice), min(act.dice)
    if game.phase is Phase.OPENING:
        if high == low:
            raise refused(f"the opening roll cannot be a double ({high}-{low})")
        dice = [high, low] if act.side == 0 else [low, high]
        game = game.roll(0, DiceSequence(dice))
    else:
        if game.phase is Phase.ROLL and game.turn != act.side:
            raise refused(f"it is not the {'right' if act.side else 'left'} player's turn to roll")
        game = game.roll(act.side, DiceSequence(act.dice))
    if game.turn != act.side:
        raise refused("the roll is written in the other player's column")
    text = act.play.strip()
    if not text:
        # Nothing to play, or (only a resignation may follow) a roll left unplayed.
        return game.play(act.side, "no move") if game.no_play else game
    return game.play(act.side, text)


def _wins(game: Game, act: MatAction, refused: _Refusal) -> Game:
    if not game.is_over:
        # No bear-off and no pass: the loser resigned, conceding what the points say.
        loser = 1 - act.side
        if game.phase is Phase.MOVE and game.turn is not None and game.steps:
            raise refused("a play is half made when the game ends")
        for kind in WinKind:
            try:
                ended = game.offer_resign(loser, kind).accept_resign(act.side)
            except EngineError as exc:
                raise refused(exc) from None
            if ended.result is not None and ended.result.points == act.value:
                return ended
        raise refused(f"no resignation wins {act.value} points here")
    result = game.result
    assert result is not None
    if result.winner != act.side:
        raise refused("the result is written in the loser's column")
    if result.points != act.value:
        raise refused(f"the game is won for {result.points} points, not {act.value}")
    return game
