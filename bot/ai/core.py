"""The evaluation core: every backgammon figure the bot gives, from GNU Backgammon's own engine
or from Open Sage's.

The computer, ``hint`` and ``analysis`` all ask this module, each naming the engine it asks
(:data:`Engine`: ``"gnubg"``, the default, or ``"sage"``, see below).  It asks GNU Backgammon's
evaluation code (the PyPI package ``gnubg``: the engine of GNU Backgammon itself, its nets,
bear-off databases and the Kazaross-XG2 match equity table, loaded in-process) with the settings
GNU Backgammon 1.07 uses by default:

* **checker play** is weighed *cubeful at the score*: each play by the cubeful equity of the
  position it leaves, the opponent free to double there — in money play with the cube's value
  and owner, the Jacoby rule and beavers as the table has them; in a match by match winning
  chances at the score (Crawford, post-Crawford, dead cubes), shown as EMG (the equity of a
  money game with the same cube, GNU Backgammon's "normalised" equity) and MWC.  A table
  without the cube is weighed cubeless at the score.  Above 0-ply GNU Backgammon's move filter
  picks the plays evaluated deeper: :data:`EVAL_FILTERS` for hints and the computer (``eval``
  and ``hint``), :data:`ANALYSIS_FILTERS` for the analysis, both GNU Backgammon 1.07's defaults;
  the others keep their 0-ply value and say so (:attr:`RankedPlay.ply`).
* **the cube** is GNU Backgammon's cube decision (``GeneralCubeDecisionE`` and
  ``FindCubeDecision`` of its ``eval.c``): the cubeful equities of no double, double/take and
  double/pass at the ply, and its verdict (too good, beaver, dead cube, …).
* the depth is GNU Backgammon's ply (0 the net itself, 2 its default); pruning nets as its
  defaults have them (on for checker play and cube, off for luck).

The ``gnubg`` package's own API gives the figures of a roll's plays (``findbestmoves``, used for
the luck: its list loses which play bears off) and runs its commands; its position evaluation
and cube decision are called through :mod:`ctypes` (:class:`_CubeInfo` and :class:`_EvalContext`
mirror GNU Backgammon's ``eval.h``), and :func:`self_check` compares them with known figures
when the engine is loaded.

Board order: GNU Backgammon's ``[opponent, on roll]``, each 25 counts with the bar last — the
engine's :attr:`Position.opponent` and :attr:`Position.player`.  The mover is always GNU
Backgammon's player 0 here (``fMove`` 0), the opponent player 1.

**Open Sage** (``engine="sage"``, :mod:`bot.ai.sage`, loaded on first use) stands in for GNU
Backgammon's nets and nothing else: each position is valued by it — before rolling, cubeful at
the score, its own cube action included (``evaluate``), a play by minus the value of the
position it leaves to the opponent, as GNU Backgammon's ``ScoreMove`` — and everything around
the values is this module's, the same for both engines: the legal plays (the engine's), GNU
Backgammon's move filter and the order of the plays, the analysis's rules, the luck's
definition, the cube's verdict (GNU Backgammon's ``FindCubeDecision`` on Open Sage's no double
and double/take equities: too good, beavers, dead cubes as GNU Backgammon decides them), the
cube's and the score's bookkeeping (``cubeinfo``: gammon prices, EMG and MWC; both engines use
the Kazaross-XG2 match equity table).  The plies are GNU Backgammon's here too (Open Sage's
1-ply is 0-ply).  A table without the cube outside the Crawford game is weighed by Open Sage's
cubeless chances through GNU Backgammon's gammon prices at the score (its ``Utility``); a
table where a backgammon counts as a gammon, which Open Sage's cubeful search does not know,
and a position where the game is over are weighed by GNU Backgammon's engine whichever is asked.
"""

from __future__ import annotations

import contextlib
import ctypes
import enum
import functools
import os
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import gnubg  # type: ignore[import-untyped]

from bot.ai.report import BACKGAMMON_ENGINES, DOUBTFUL, BackgammonEngine
from engine.game import Game
from engine.movegen import Play, apply_steps, legal_plays
from engine.position import Position

if TYPE_CHECKING:
    from bot.ai.sage import SageCube

__all__ = [
    "ANALYSIS_FILTERS",
    "CLOSE_CUBE",
    "DEFAULT_ENGINE",
    "ENGINES",
    "EVAL_FILTERS",
    "GNUBG_107_SETTINGS",
    "LUCK_PLY",
    "MAX_PLY",
    "ROLLS",
    "Cube",
    "CubeDecision",
    "CubeVerdict",
    "Engine",
    "Filters",
    "Probs",
    "RankedPlay",
    "analysed_plays",
    "cube_decision",
    "cube_of",
    "cubeful_after",
    "emg_to_mwc",
    "evaluate",
    "luck_of_roll",
    "mwc_to_emg",
    "rank_plays",
    "self_check",
    "utility",
    "win_value",
]

MAX_PLY = 3
LUCK_PLY = 0

Engine = BackgammonEngine
"""Whose nets value the positions: ``"gnubg"`` GNU Backgammon's, ``"sage"`` Open Sage's."""

ENGINES: tuple[Engine, ...] = BACKGAMMON_ENGINES
DEFAULT_ENGINE: Engine = "gnubg"

Probs = tuple[float, float, float, float, float]
"""Chances of a side: win, win a gammon, win a backgammon, lose a gammon, lose a backgammon
(the gammons include the backgammons), GNU Backgammon's order."""

Filter = tuple[int, int, float]
"""One level of GNU Backgammon's move filter: keep the first ``accept`` plays (−1: skip this
level), then up to ``extra`` more within ``threshold`` of the best."""

Filters = dict[int, tuple[Filter, ...]]
"""The move filter for each depth: the levels from 0-ply up."""

EVAL_FILTERS: Filters = {
    1: ((0, 8, 0.16),),
    2: ((0, 8, 0.16), (-1, 0, 0.0)),
    3: ((0, 8, 0.16), (-1, 0, 0.0), (0, 2, 0.04)),
}
"""GNU Backgammon 1.07's default move filter for ``eval`` and ``hint`` (``show evaluation``)."""

ANALYSIS_FILTERS: Filters = {
    1: ((0, 16, 0.32),),
    2: ((0, 16, 0.32), (-1, 0, 0.0)),
    3: ((0, 16, 0.32), (-1, 0, 0.0), (0, 4, 0.08)),
}
"""GNU Backgammon 1.07's default move filter for the analysis (``show analysis``)."""


# -- the engine --------------------------------------------------------------------------------


class _CubeInfo(ctypes.Structure):
    """GNU Backgammon's ``cubeinfo`` (``eval.h``)."""

    _fields_ = [
        ("nCube", ctypes.c_int),
        ("fCubeOwner", ctypes.c_int),
        ("fMove", ctypes.c_int),
        ("nMatchTo", ctypes.c_int),
        ("anScore", ctypes.c_int * 2),
        ("fCrawford", ctypes.c_int),
        ("fJacoby", ctypes.c_int),
        ("fBeavers", ctypes.c_int),
        ("arGammonPrice", ctypes.c_float * 4),
        ("bgv", ctypes.c_int),
    ]


class _EvalContext(ctypes.Structure):
    """GNU Backgammon's ``evalcontext`` (``eval.h``; the depth is four bits wide in the build)."""

    _fields_ = [
        ("fCubeful", ctypes.c_uint, 1),
        ("nPlies", ctypes.c_uint, 4),
        ("fUsePrune", ctypes.c_uint, 1),
        ("fDeterministic", ctypes.c_uint, 1),
        ("rNoise", ctypes.c_float),
    ]


class _Board(ctypes.Array[ctypes.Array[ctypes.c_uint]]):
    """GNU Backgammon's ``TanBoard``: two sides of 25 counts."""

    _type_ = ctypes.c_uint * 25
    _length_ = 2


_Output = ctypes.c_float * 7
_Outputs = _Output * 2
_Double = ctypes.c_float * 4


def _library() -> ctypes.PyDLL:
    # PyDLL: the engine is called with the interpreter lock held, as the package itself does
    found = sorted(Path(gnubg.__file__).parent.glob("_gnubg*.so")) + sorted(
        Path(gnubg.__file__).parent.glob("_gnubg*.pyd")
    )
    if not found:
        raise ImportError("the gnubg package has no engine library")
    lib = ctypes.PyDLL(str(found[0]))
    cube, context = ctypes.POINTER(_CubeInfo), ctypes.POINTER(_EvalContext)
    board = ctypes.POINTER(_Board)
    prototypes: dict[str, list[Any]] = {
        "SetCubeInfo": [cube, *[ctypes.c_int] * 4, ctypes.POINTER(ctypes.c_int * 2)]
        + [ctypes.c_int] * 4,
        "GeneralEvaluationENoLocking": [ctypes.POINTER(_Output), board, cube, context],
        "GeneralCubeDecisionENoLocking": [
            ctypes.POINTER(_Outputs),
            board,
            cube,
            context,
            ctypes.c_void_p,
        ],
        "FindCubeDecision": [ctypes.POINTER(_Double), ctypes.POINTER(_Outputs), cube],
    }
    for name, arguments in prototypes.items():
        function = getattr(lib, name)
        function.argtypes = arguments
        function.restype = ctypes.c_int
    return lib


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    """The engine's own messages (it prints to the process's standard output) go nowhere."""
    try:
        fd = os.dup(1)
    except OSError:
        yield
        return
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 1)
            yield
    finally:
        os.dup2(fd, 1)
        os.close(fd)


GNUBG_107_SETTINGS = (
    # one thread: the bot runs the engine in processes of its own, one evaluation at a time
    "set threads 1",
    # the package weighs 0- and 1-ply cube decisions with cube efficiencies of its own (0.76 in
    # contact); GNU Backgammon 1.07 uses the same ones at every depth
    "set cubeefficiency crashed 0.68",
    "set cubeefficiency contact 0.68",
    "set cubeefficiency os 0.6",
    "set cubeefficiency race factor 0.00125",
    "set cubeefficiency race coefficient 0.55",
    "set cubeefficiency race min 0.6",
    "set cubeefficiency race max 0.7",
)
"""What the engine is told when it is loaded, so that it weighs as GNU Backgammon 1.07 does."""

with _quiet():
    for _command in GNUBG_107_SETTINGS:
        gnubg.command(_command)
_LIB = _library()


# -- the cube ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Cube:
    """The cube and the score as the side on roll sees them.

    ``owner``: ``None`` centred, ``0`` the side on roll, ``1`` its opponent.  ``length`` 0 is
    money play; ``score`` is (the side on roll's points, the opponent's).  ``in_play`` is False
    at a table without the cube (its plays are weighed cubeless).  ``backgammons``: whether a
    backgammon counts three (else it counts as a gammon).
    """

    value: int = 1
    owner: int | None = None
    length: int = 0
    score: tuple[int, int] = (0, 0)
    crawford: bool = False
    jacoby: bool = False
    beavers: bool = False
    in_play: bool = True
    backgammons: bool = True

    def swapped(self) -> Cube:
        """The same cube seen by the other side."""
        owner = None if self.owner is None else 1 - self.owner
        return replace(self, owner=owner, score=(self.score[1], self.score[0]))

    def info(self, mover: int = 0) -> _CubeInfo:
        """GNU Backgammon's ``cubeinfo`` of this cube, with ``mover`` (0: the side this cube
        belongs to, 1: its opponent) on roll."""
        ci = _CubeInfo()
        score = (ctypes.c_int * 2)(*self.score)
        owner = -1 if self.owner is None else self.owner
        length = self.length
        status = _LIB.SetCubeInfo(
            ctypes.byref(ci),
            self.value,
            owner,
            mover,
            length,
            ctypes.byref(score),
            int(self.crawford),
            int(self.jacoby),
            int(self.beavers),
            0,
        )
        if status != 0:
            raise ValueError(f"GNU Backgammon refuses the cube {self!r}")
        if not self.backgammons:
            # a backgammon counts as a gammon: it adds nothing
            ci.arGammonPrice[2] = ci.arGammonPrice[3] = 0.0
        return ci

    def as_dict(self, mover: int = 0) -> dict[str, Any]:
        """:meth:`info` as the ``gnubg`` package's functions take it."""
        ci = self.info(mover)
        g = ci.arGammonPrice
        return {
            "cube": ci.nCube,
            "cubeowner": ci.fCubeOwner,
            "move": ci.fMove,
            "matchto": ci.nMatchTo,
            "score": (ci.anScore[0], ci.anScore[1]),
            "crawford": ci.fCrawford,
            "jacoby": ci.fJacoby,
            "beavers": ci.fBeavers,
            "gammonprice": ((g[0], g[2]), (g[1], g[3])),
            "bgv": ci.bgv,
        }


def cube_of(game: Game, player: int) -> Cube:
    """The cube of ``game`` as ``player`` sees it (``player`` the side on roll)."""
    cube = game.cube
    options = game.options
    owner = None if cube.owner is None else (0 if cube.owner == player else 1)
    length = int(game.match_length)
    score = (0, 0)
    if length:
        score = (int(game.score[player]), int(game.score[1 - player]))
    return Cube(
        value=cube.value,
        owner=owner,
        length=length,
        score=score,
        crawford=bool(game.crawford),
        jacoby=not length and options.jacoby,
        beavers=not length and options.beaver,
        in_play=game.cube_in_play,
        backgammons=options.backgammon_counts == 3,
    )


def _board(position: Position) -> _Board:
    board = _Board()
    for i in range(25):
        board[0][i] = position.opponent[i]
        board[1][i] = position.player[i]
    return board


def _lists(position: Position) -> list[list[int]]:
    return [list(position.opponent), list(position.player)]


def _context(cubeful: bool, ply: int, prune: bool = True) -> _EvalContext:
    return _EvalContext(int(cubeful), ply, int(prune), 1, 0.0)


def _check_ply(ply: int) -> None:
    if not 0 <= ply <= MAX_PLY:
        raise ValueError(f"ply must be 0 to {MAX_PLY}, not {ply!r}")


_rules: tuple[bool, bool, bool] | None = None


def _same_rules(cube: Cube) -> None:
    """The engine's evaluation cache keys a position by the cube and the score, not by the
    money rules (the Jacoby rule, beavers) nor by whether backgammons count: when those change
    between two evaluations, the cache is cleared so that no figure of one is taken for the
    other."""
    global _rules
    rules = (cube.jacoby, cube.beavers, cube.backgammons)
    if rules != _rules:
        if _rules is not None:
            with _quiet():
                gnubg.command("clear cache")
        _rules = rules


@functools.lru_cache(maxsize=4096)
def _info_made(cube: Cube, mover: int) -> bytes:
    return bytes(cube.info(mover))


def _info(cube: Cube, mover: int) -> _CubeInfo:
    """:meth:`Cube.info`, a fresh copy each call (the engine flips the side on roll in the one
    it is given while it searches, so a shared one is never handed out)."""
    _same_rules(cube)
    return _CubeInfo.from_buffer_copy(_info_made(cube, mover))


@functools.lru_cache(maxsize=4096)
def _as_dict(cube: Cube) -> dict[str, Any]:
    """:meth:`Cube.as_dict`, made once per cube (the package reads it, never writes it)."""
    return cube.as_dict()


@functools.lru_cache(maxsize=4096)
def _emg_line(cube: Cube) -> tuple[float, float]:
    """The EMG of match winning chances ``m`` with ``cube`` is ``a·m + b`` (GNU Backgammon's
    ``mwc2eq`` is linear between losing and winning the cube's points)."""
    ci = cube.as_dict()
    b = float(gnubg.mwc2eq(0.0, ci))
    return float(gnubg.mwc2eq(1.0, ci)) - b, b


def mwc_to_emg(mwc: float, cube: Cube) -> float:
    """Match winning chances of the side on roll as EMG with ``cube`` (money: unchanged)."""
    if not cube.length:
        return mwc
    a, b = _emg_line(cube)
    return a * mwc + b


def emg_to_mwc(emg: float, cube: Cube) -> float:
    """EMG with ``cube`` as match winning chances of the side on roll (money: unchanged)."""
    if not cube.length:
        return emg
    a, b = _emg_line(cube)
    return (emg - b) / a


def _moves(position: Position, dice: tuple[int, int], cube: Cube, ply: int) -> list[float]:
    """The equities of the plays of ``dice`` (no pruning nets), best first, as the ``gnubg``
    package lists them (it gives no play that bears off whole, so only the figures are used)."""
    _same_rules(cube)
    found = gnubg.findbestmoves(
        _lists(position),
        _as_dict(cube),
        gnubg.evalcontext(int(cube.in_play), ply, 1, 0, 0.0),
        (dice[0], dice[1]),
    )
    return [float(m["score"]) for m in found]


def _raw(position: Position, cube: Cube, ply: int, prune: bool = True) -> tuple[Probs, float]:
    """GNU Backgammon's evaluation of ``position`` for the side on roll: its chances and its
    equity as the engine gives it (cubeful match winning chances in a match with the cube in
    play, cubeful EMG in money play, else the cubeless equity at the score)."""
    out = _Output()
    status = _LIB.GeneralEvaluationENoLocking(
        ctypes.byref(out),
        ctypes.byref(_board(position)),
        ctypes.byref(_info(cube, 0)),
        ctypes.byref(_context(cube.in_play, ply, prune)),
    )
    if status != 0:
        raise RuntimeError("GNU Backgammon could not evaluate the position")
    probs: Probs = (out[0], out[1], out[2], out[3], out[4])
    return probs, float(out[6] if cube.in_play else out[5])


def evaluate(
    position: Position, cube: Cube, ply: int = 0, *, engine: Engine = DEFAULT_ENGINE
) -> tuple[Probs, float]:
    """The chances of the side on roll in ``position`` before it rolls at ``ply``, and its
    equity in EMG: cubeful where the cube is in play (it may double now), else cubeless at the
    score."""
    _check_ply(ply)
    return _emg(position, cube, ply, engine=engine)


def _emg(
    position: Position, cube: Cube, ply: int, prune: bool = True, engine: Engine = DEFAULT_ENGINE
) -> tuple[Probs, float]:
    if engine == "sage" and _sage_weighs(position, cube):
        return _sage_emg(position, cube, ply)
    probs, raw = _raw(position, cube, ply, prune)
    if cube.in_play and cube.length:
        return probs, mwc_to_emg(raw, cube)
    return probs, raw


def _flip(probs: Probs) -> Probs:
    """The other side's chances."""
    return (1.0 - probs[0], probs[3], probs[4], probs[1], probs[2])


def _after(
    position: Position, play: Play, cube: Cube, ply: int, engine: Engine = DEFAULT_ENGINE
) -> tuple[Probs, float]:
    after = apply_steps(position, play.steps).swapped()
    if engine == "sage" and _sage_weighs(after, cube):
        probs, emg = _sage_emg(after, cube.swapped(), ply, root=position)
        return _flip(probs), -emg
    probs, raw = _raw(after, cube.swapped(), ply)
    mine: Probs = (1.0 - probs[0], probs[3], probs[4], probs[1], probs[2])
    if cube.in_play and cube.length:
        return mine, mwc_to_emg(1.0 - raw, cube)
    return mine, -raw


def cubeful_after(
    position: Position, play: Play, cube: Cube, ply: int, *, engine: Engine = DEFAULT_ENGINE
) -> tuple[Probs, float]:
    """The mover's chances and equity (EMG, as :func:`rank_plays` scores plays) after ``play``
    in ``position``, weighed at ``ply`` (GNU Backgammon's ``ScoreMove``)."""
    _check_ply(ply)
    return _after(position, play, cube, ply, engine)


# -- Open Sage --------------------------------------------------------------------------------


def _sage_weighs(position: Position, cube: Cube) -> bool:
    """Whether Open Sage weighs ``position`` (the side on roll's) with ``cube``: not where a
    backgammon counts as a gammon (its cubeful search counts three), nor where the game is
    over (GNU Backgammon's engine gives the result itself)."""
    return cube.backgammons and any(position.opponent) and any(position.player)


def _sage_cube(cube: Cube) -> SageCube:
    from bot.ai.sage import SageCube

    away = (cube.length - cube.score[0], cube.length - cube.score[1]) if cube.length else (0, 0)
    return SageCube(cube.value, cube.owner, away, cube.crawford, cube.jacoby, cube.beavers)


def utility(probs: Probs, cube: Cube) -> float:
    """The cubeless equity of ``probs`` (the side on roll's chances) at the score with ``cube``
    in EMG, as GNU Backgammon's cubeless evaluation gives it: in money play the plain equity (a
    gammon counts two, a backgammon three, whatever the table's rules), in a match by its gammon
    prices at the score (its ``Utility``)."""
    win, win_gammon, win_backgammon, lose_gammon, lose_backgammon = probs
    if not cube.length:
        return 2.0 * win - 1.0 + win_gammon - lose_gammon + win_backgammon - lose_backgammon
    price = [float(p) for p in _info(cube, 0).arGammonPrice]
    return (
        2.0 * win
        - 1.0
        + win_gammon * price[0]
        - lose_gammon * price[1]
        + win_backgammon * price[2]
        - lose_backgammon * price[3]
    )


def _sage_emg(
    position: Position, cube: Cube, ply: int, root: Position | None = None
) -> tuple[Probs, float]:
    """Open Sage's chances of the side on roll and its equity (EMG) as :func:`evaluate` gives
    them: cubeful at the score where the cube is in play and in the Crawford game (the cube
    dead), else cubeless through :func:`utility`."""
    from bot.ai import sage

    if cube.in_play or (cube.length and cube.crawford):
        return sage.evaluate(position, _sage_cube(cube), ply, root)
    probs = sage.cubeless(position, ply)
    return probs, utility(probs, cube)


@dataclass(frozen=True, slots=True)
class RankedPlay:
    """One legal play, the mover's chances and equity after it (EMG, cubeful where the cube is
    in play) and the depth it was weighed at."""

    play: Play
    equity: float
    ply: int
    probs: Probs


def _scored(
    position: Position, play: Play, cube: Cube, ply: int, engine: Engine = DEFAULT_ENGINE
) -> RankedPlay:
    probs, equity = _after(position, play, cube, ply, engine)
    return RankedPlay(play, equity, ply, probs)


def _best_first(ranked: list[RankedPlay]) -> list[RankedPlay]:
    return sorted(ranked, key=lambda r: -r.equity)


def _filtered(
    position: Position,
    plays: list[Play],
    cube: Cube,
    ply: int,
    filters: Filters,
    engine: Engine = DEFAULT_ENGINE,
) -> tuple[list[RankedPlay], int]:
    """GNU Backgammon's ``FindnSaveBestMoves``: every play at 0-ply, the filter's candidates
    deeper level by level; the plays in GNU Backgammon's order (the deepest first) and the
    depth its best one reached."""
    ranked = _best_first([_scored(position, play, cube, 0, engine) for play in plays])
    if ply == 0 or len(ranked) == 1:
        return ranked, 0
    levels = filters.get(ply) or filters[max(filters)]
    head, depth = ranked, 0
    for level in range(ply):
        accept, extra, threshold = levels[level] if level < len(levels) else (0, 0, 0.0)
        if accept < 0:
            continue
        if level > 0:
            head = _best_first([_scored(position, r.play, cube, level, engine) for r in head])
        keep = min(accept, len(head))
        limit = min(len(head), keep + extra)
        while keep < limit and head[keep].equity >= head[0].equity - threshold:
            keep += 1
        kept = {r.play for r in head[:keep]}
        rest = [r for r in ranked if r.play not in kept]
        head, depth = head[:keep], level
        ranked = head + rest
        if len(head) == 1 and accept != 1:
            return ranked, depth
    head = _best_first([_scored(position, r.play, cube, ply, engine) for r in head])
    kept = {r.play for r in head}
    return head + [r for r in ranked if r.play not in kept], ply


def rank_plays(
    position: Position,
    dice: tuple[int, int],
    cube: Cube = Cube(),
    ply: int = 2,
    filters: Filters = EVAL_FILTERS,
    *,
    engine: Engine = DEFAULT_ENGINE,
) -> list[RankedPlay]:
    """Every legal play of ``dice`` in ``position`` (the engine's list), best first, as GNU
    Backgammon's ``hint`` weighs them at ``ply`` with ``filters``: the plays its filter keeps
    weighed at ``ply``, the others at the depth where it left them (:attr:`RankedPlay.ply`).

    The list is ordered by the equity each play shows: a play left at a shallower depth that
    would stand above one weighed deeper is weighed at the full depth too, so that no figure of
    one depth is set above another's.  Empty when nothing can be played.

    With Open Sage's nets the plays left shallower are listed after the deep ones, each by its
    own figure, as GNU Backgammon's ``FindnSaveBestMoves`` lists them, and none is weighed
    again: Open Sage's 0-ply figures are not on its deeper search's scale where a cube is about
    to be cashed (its 1-ply cubeful value stays short of the pass its search reaches), so every
    play would stand above the deep ones there and be weighed at the full depth (98 plays of
    one 3-3 at 2-ply where GNU Backgammon weighs 8).
    """
    _check_ply(ply)
    plays = legal_plays(position, dice)
    if not plays:
        return []
    if len(plays) == 1:
        return [_scored(position, plays[0], cube, ply, engine)]
    ranked, depth = _filtered(position, plays, cube, ply, filters, engine)
    deep = [r for r in ranked if r.ply == depth]
    shallow = [r for r in ranked if r.ply != depth]
    # Open Sage's shallow figures are left as they are (see above); where it does not weigh
    # (a backgammon counted as a gammon) GNU Backgammon's are, as ever
    while shallow and (engine == "gnubg" or not cube.backgammons):
        floor = min(r.equity for r in deep)
        above = [r for r in shallow if r.equity > floor]
        if not above:
            break
        deep += [_scored(position, r.play, cube, depth, engine) for r in above]
        shallow = [r for r in shallow if r.equity <= floor]
    return _best_first(deep) + _best_first(shallow)


def analysed_plays(
    position: Position,
    dice: tuple[int, int],
    made: Play,
    cube: Cube,
    ply: int,
    *,
    engine: Engine = DEFAULT_ENGINE,
) -> tuple[RankedPlay, RankedPlay, list[RankedPlay]]:
    """The best play and the play ``made`` as GNU Backgammon's analysis weighs them
    (``FindnSaveBestMoves`` with :data:`ANALYSIS_FILTERS` and the play made as its key move): the
    play made at the depth the best one reached, both at the full depth where the filter left a
    single play and the play made is doubtful or worse; and the plays weighed at the best one's
    depth, best first (the filter's candidates, the best and the play made among them)."""
    _check_ply(ply)
    plays = legal_plays(position, dice)
    ranked, depth = _filtered(position, plays, cube, ply, ANALYSIS_FILTERS, engine)
    best = ranked[0]
    chosen = next(r for r in ranked if r.play == made)
    if chosen.ply < depth:
        chosen = _scored(position, made, cube, depth, engine)
    # GNU Backgammon's doubtful mark: a play made that far below the best is weighed again
    if depth < ply and made != best.play and best.equity - chosen.equity > DOUBTFUL:
        best = _scored(position, best.play, cube, ply, engine)
        chosen = _scored(position, made, cube, ply, engine)
    weighed = [best] + [r for r in ranked if r.ply == best.ply and r.play not in (best.play, made)]
    if chosen.play != best.play:
        weighed.append(chosen)
    return best, chosen, _best_first(weighed)


# -- the cube ---------------------------------------------------------------------------------


class CubeVerdict(enum.IntEnum):
    """GNU Backgammon's ``cubedecision``."""

    DOUBLE_TAKE = 0
    DOUBLE_PASS = 1
    NODOUBLE_TAKE = 2
    TOOGOOD_TAKE = 3
    TOOGOOD_PASS = 4
    DOUBLE_BEAVER = 5
    NODOUBLE_BEAVER = 6
    REDOUBLE_TAKE = 7
    REDOUBLE_PASS = 8
    NO_REDOUBLE_TAKE = 9
    TOOGOODRE_TAKE = 10
    TOOGOODRE_PASS = 11
    NO_REDOUBLE_BEAVER = 12
    NODOUBLE_DEADCUBE = 13
    NO_REDOUBLE_DEADCUBE = 14
    NOT_AVAILABLE = 15
    OPTIONAL_DOUBLE_TAKE = 16
    OPTIONAL_REDOUBLE_TAKE = 17
    OPTIONAL_DOUBLE_BEAVER = 18
    OPTIONAL_DOUBLE_PASS = 19
    OPTIONAL_REDOUBLE_PASS = 20


_DOUBLES = {
    CubeVerdict.DOUBLE_TAKE,
    CubeVerdict.DOUBLE_PASS,
    CubeVerdict.DOUBLE_BEAVER,
    CubeVerdict.REDOUBLE_TAKE,
    CubeVerdict.REDOUBLE_PASS,
    CubeVerdict.OPTIONAL_DOUBLE_TAKE,
    CubeVerdict.OPTIONAL_REDOUBLE_TAKE,
    CubeVerdict.OPTIONAL_DOUBLE_BEAVER,
    CubeVerdict.OPTIONAL_DOUBLE_PASS,
    CubeVerdict.OPTIONAL_REDOUBLE_PASS,
}
_PASSES = {
    CubeVerdict.DOUBLE_PASS,
    CubeVerdict.TOOGOOD_PASS,
    CubeVerdict.REDOUBLE_PASS,
    CubeVerdict.TOOGOODRE_PASS,
    CubeVerdict.OPTIONAL_DOUBLE_PASS,
    CubeVerdict.OPTIONAL_REDOUBLE_PASS,
}
_BEAVERS = {
    CubeVerdict.DOUBLE_BEAVER,
    CubeVerdict.NODOUBLE_BEAVER,
    CubeVerdict.NO_REDOUBLE_BEAVER,
    CubeVerdict.OPTIONAL_DOUBLE_BEAVER,
}
_TOO_GOOD = {
    CubeVerdict.TOOGOOD_TAKE,
    CubeVerdict.TOOGOOD_PASS,
    CubeVerdict.TOOGOODRE_TAKE,
    CubeVerdict.TOOGOODRE_PASS,
}

CLOSE_CUBE = 0.16


@dataclass(frozen=True, slots=True)
class CubeDecision:
    """GNU Backgammon's cube decision for the side on roll (the doubler), before rolling.

    The equities are EMG per the cube before the double (``double_pass`` is 1 where winning the
    cube's points is worth a point; in a match its EMG at the score); ``probs`` the doubler's
    cubeless chances at the ply; ``mwc`` the same three as match winning chances in a match.
    """

    probs: Probs
    no_double: float
    double_take: float
    double_pass: float
    optimal: float
    verdict: CubeVerdict
    ply: int
    mwc: tuple[float, float, float] | None = None

    @property
    def double(self) -> float:
        """What doubling is worth against the right answer."""
        return min(self.double_take, self.double_pass)

    @property
    def should_double(self) -> bool:
        return self.verdict in _DOUBLES

    @property
    def should_take(self) -> bool:
        return self.verdict not in _PASSES

    @property
    def should_beaver(self) -> bool:
        return self.verdict in _BEAVERS

    @property
    def too_good(self) -> bool:
        return self.verdict in _TOO_GOOD

    @property
    def available(self) -> bool:
        """Whether the doubler may double at all (GNU Backgammon's cube is alive and his)."""
        return self.verdict not in (
            CubeVerdict.NOT_AVAILABLE,
            CubeVerdict.NODOUBLE_DEADCUBE,
            CubeVerdict.NO_REDOUBLE_DEADCUBE,
        )

    @property
    def close(self) -> bool:
        """GNU Backgammon's test for a cube decision worth counting (``isCloseCubedecision``)."""
        return self.optimal - min(self.double_take, 1.0) < CLOSE_CUBE


def cube_decision(
    position: Position, cube: Cube, ply: int = 2, *, engine: Engine = DEFAULT_ENGINE
) -> CubeDecision:
    """GNU Backgammon's cube decision for the side on roll in ``position`` with ``cube`` (the
    doubler's view), at ``ply``: its engine's equities, or with ``engine="sage"`` Open Sage's
    no double and double/take given GNU Backgammon's verdict."""
    _check_ply(ply)
    ci = _info(cube, 0)
    outputs = _Outputs()
    if engine == "sage" and _sage_weighs(position, cube):
        from bot.ai import sage

        chances, no_double, double_take = sage.cube_action(position, _sage_cube(cube), ply)
        for i, p in enumerate(chances):
            outputs[0][i] = outputs[1][i] = p
        # GNU Backgammon's outputs hold match winning chances in a match
        outputs[0][6] = emg_to_mwc(no_double, cube)
        outputs[1][6] = emg_to_mwc(double_take, cube)
    else:
        status = _LIB.GeneralCubeDecisionENoLocking(
            ctypes.byref(outputs),
            ctypes.byref(_board(position)),
            ctypes.byref(ci),
            ctypes.byref(_context(True, ply)),
            None,
        )
        if status != 0:
            raise RuntimeError("GNU Backgammon could not decide the cube")
    arr = _Double()
    verdict = CubeVerdict(
        _LIB.FindCubeDecision(ctypes.byref(arr), ctypes.byref(outputs), ctypes.byref(ci))
    )
    out = outputs[0]
    probs: Probs = (out[0], out[1], out[2], out[3], out[4])
    mwc = None
    if cube.length:
        mwc = (emg_to_mwc(arr[1], cube), emg_to_mwc(arr[2], cube), emg_to_mwc(arr[3], cube))
    return CubeDecision(probs, arr[1], arr[2], arr[3], arr[0], verdict, ply, mwc)


def win_value(cube: Cube, kind: int) -> float:
    """What winning a single game (``kind`` 1), a gammon (2) or a backgammon (3) is worth to the
    side on roll with ``cube``, in EMG: 1, plus GNU Backgammon's gammon and backgammon prices at
    the score (nothing where a gammon is not needed, nothing under the Jacoby rule with a
    centred cube)."""
    ci = _info(cube, 0)
    value = 1.0
    if kind >= 2:
        value += ci.arGammonPrice[0]
    if kind >= 3:
        value += ci.arGammonPrice[2]
    return value


# -- luck -------------------------------------------------------------------------------------

ROLLS: tuple[tuple[int, int], ...] = tuple(
    (d1, d2) for d1 in range(1, 7) for d2 in range(1, d1 + 1)
)


def _best_after(
    position: Position, dice: tuple[int, int], cube: Cube, engine: Engine = DEFAULT_ENGINE
) -> float:
    """The 0-ply cubeful equity of the best play of ``dice`` (no play: the position as it is
    left to the other side), GNU Backgammon's luck's value of a roll."""
    if engine == "sage":
        plays = legal_plays(position, dice)
        if plays:
            return max(_after(position, play, cube, LUCK_PLY, engine)[1] for play in plays)
    else:
        found = _moves(position, dice, cube, LUCK_PLY)
        if found:
            return found[0]
    # as GNU Backgammon: minus the other side's EMG of the position left to it
    return -_emg(position.swapped(), cube.swapped(), LUCK_PLY, prune=False, engine=engine)[1]


def luck_of_roll(
    position: Position,
    dice: tuple[int, int],
    cube: Cube,
    opening: bool = False,
    *,
    engine: Engine = DEFAULT_ENGINE,
) -> float:
    """GNU Backgammon's luck of ``dice`` for the side on roll (``LuckNormal``, ``LuckFirst``):
    the 0-ply cubeful equity of its best play less the mean over the rolls it could have had —
    at the opening, the 30 non-doubles, half of them the other side's."""
    value = {r: _best_after(position, r, cube, engine) for r in ROLLS}
    key = (max(dice), min(dice))
    if opening:
        theirs, other = position.swapped(), cube.swapped()
        singles = [r for r in ROLLS if r[0] != r[1]]
        # the other side's rolls count minus its EMG, as GNU Backgammon counts them
        total = sum(value[r] - _best_after(theirs, r, other, engine) for r in singles)
        return value[key] - total / (2 * len(singles))
    weights = {r: (1 if r[0] == r[1] else 2) for r in ROLLS}
    return value[key] - sum(value[r] * weights[r] for r in ROLLS) / 36.0


# -- a check of the binding -------------------------------------------------------------------


def self_check() -> None:
    """Raise where the engine's answers are not GNU Backgammon's known ones: the opening
    position's money cube at 0-ply (no double, take; no double worth more than double/take)."""
    start = Position.initial()
    decision = cube_decision(start, Cube(jacoby=True), 0)
    probs, _equity = evaluate(start, Cube(in_play=False), 0)
    if not (0.45 < probs[0] < 0.55) or decision.should_double or not decision.should_take:
        raise RuntimeError(f"GNU Backgammon's engine answers unexpectedly: {decision!r}")
    if not decision.double_take < decision.no_double < decision.double_pass:
        raise RuntimeError(f"GNU Backgammon's cube equities are out of order: {decision!r}")


self_check()
