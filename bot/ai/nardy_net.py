"""The long nardy neural evaluation: a small network trained by self-play, numpy only.

The network values a long nardy position **before a roll**, seen by the side on roll, as five
chances (GNU Backgammon's outputs, in long nardy's words):

==========  ============================================================================
output      the chance that the side on roll ...
==========  ============================================================================
``win``     wins the game (any kind)
``mars``    wins a mars or a koks (the opponent has borne off nothing)
``koks``    wins a koks (as a mars, and a checker of the opponent's is still in his
            points 13-24: in the winner's home or further back)
``lmars``   loses a mars or a koks
``lkoks``   loses a koks
==========  ============================================================================

Where the board rules one out, the chance is set to 0 exactly: no mars either way once the
losing side has borne off a checker, no koks once all his checkers have passed his point 13;
and they are kept in order (koks <= mars <= win, lkoks <= lmars <= 1 - win).

Encoding (:func:`encode`, :data:`INPUTS` numbers; each side counted in its own numbering, the
side on roll first, so "whose turn" is the order of the two halves, and swapping the sides swaps
the halves exactly).  For each side, :data:`SIDE_INPUTS` numbers:

* each point 1-24 (index 0-23; 24 is the side's head): four numbers for its ``n`` checkers,
  ``n >= 1``, ``n >= 2``, ``n >= 3`` and ``(n - 3) / 4`` above three (the head's 15 give 3.0);
* checkers borne off / 15;
* the pip count / 360 (all 15 on the head are 360 pips);
* checkers in the home (points 1-6) / 15;
* checkers on points 13-24 / 15 (what a koks needs: they have not left the other side's home);
* 1 when every checker is home or off (the side may bear off), else 0;
* **blocks**: the side's points standing ahead of the other side's rearmost checker on its way
  round / 8, and the longest run of them (consecutive along the other side's way) / 6: what
  stops the other side's back checkers.

And one number for both: 1 when the game is a pure race (every checker of both sides on its own
points 1-12: no checker of one side can ever meet one of the other's), else 0.

Network: :data:`INPUTS` inputs, one hidden layer of sigmoid units, :data:`OUTPUTS` sigmoid
outputs.  The weights ship with the package in ``bot/ai/data/nardy_net.npz`` (``w1``, ``b1``,
``w2``, ``b2`` as float32 and a few figures about the training, see :func:`load`); they are
trained by ``python -m training.nardy`` (the ``training`` package, which the bot never imports;
``docs/NARDY_NET.md`` says how).

Equity: the points the side on roll expects from the game, without a cube: ``2 win - 1 + mars
- lmars`` (a mars 2 points, a koks as a mars), plus ``koks - lkoks`` where the table counts a
koks 3 points (the ``koks`` option).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import chain
from operator import itemgetter
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from engine.movegen import Play
from engine.nardy import long_nardy_kind, opponent_point
from engine.position import CHECKERS
from engine.result import WinKind

__all__ = [
    "ENCODING",
    "INPUTS",
    "OUTPUTS",
    "SIDE_INPUTS",
    "WEIGHTS_FILE",
    "Floats",
    "Ints",
    "NardyNet",
    "Reals",
    "after_counts",
    "constrain",
    "counts_row",
    "default_net",
    "encode",
    "equity",
    "flip",
    "load",
    "play_probabilities",
    "possible",
    "terminal",
]

Floats = NDArray[np.float64]
Reals = NDArray[np.floating[Any]]
"""The weights and the inputs: float64 while training, float32 as shipped (twice as fast)."""
Ints = NDArray[np.int64]

POINT_INPUTS = 4
"""Numbers per point for one side."""

SIDE_INPUTS = 24 * POINT_INPUTS + 7
"""Numbers for one side: its points, then off, pips, home, back, bearing off, blocks, run."""

INPUTS = 2 * SIDE_INPUTS + 1
"""The encoding's length: both sides and the race flag."""

ENCODING = 1
"""The version of :func:`encode`: a weights file records the one it was trained on, and
:func:`load` refuses another (weights trained on one encoding mean nothing on another)."""

OUTPUTS = 5
"""win, mars, koks, lmars, lkoks (see the module's account)."""

WEIGHTS_FILE = Path(__file__).resolve().parent / "data" / "nardy_net.npz"
"""The trained weights shipped with the package."""

_RANKS = np.arange(1, 25, dtype=np.int64)
_ALONG = np.array([opponent_point(q) - 1 for q in range(1, 25)], dtype=np.int64)
"""``_ALONG[q - 1]``: the index, in one side's counts, of the other side's point ``q``."""

_FLIP = np.array([0, 3, 4, 1, 2])

_STEPS = itemgetter(0)
"""A play's steps (``Play.steps``, read as fast as a tuple's first item)."""

_CODES = np.array(
    [[n >= 1, n >= 2, n >= 3, max(n - 3, 0) * 0.25] for n in range(CHECKERS + 1)],
    dtype=np.float64,
)
"""``_CODES[n]``: the four numbers of a point holding ``n`` checkers."""


def _rear(c: Ints) -> Ints:
    """Each row's rearmost occupied point (1-24; 0 when all its checkers are off)."""
    occupied = c > 0
    last = 23 - np.argmax(occupied[:, ::-1], axis=1)
    return np.where(occupied.any(axis=1), last + 1, 0)


def _own(c: Ints) -> Floats:
    """The numbers of one side that depend on its own counts ``c`` alone (rows)."""
    n = c.shape[0]
    out = np.empty((n, SIDE_INPUTS - 2))
    out[:, : 24 * POINT_INPUTS] = _CODES[c].reshape(n, 24 * POINT_INPUTS)
    on_board = c.sum(axis=1)
    home = c[:, :6].sum(axis=1)
    k = 24 * POINT_INPUTS
    out[:, k] = (CHECKERS - on_board) / CHECKERS
    out[:, k + 1] = (c @ _RANKS) / 360.0
    out[:, k + 2] = home / CHECKERS
    out[:, k + 3] = c[:, 12:].sum(axis=1) / CHECKERS
    out[:, k + 4] = home == on_board
    return out


def _blocks(c: Ints, other_rear: Ints) -> tuple[Floats, Floats]:
    """The side's points ahead of the other side's rearmost checker (on its own point
    ``other_rear``) / 8, and the longest run of them / 6 (rows; either may be one row, the
    other is then broadcast)."""
    ahead = (c[:, _ALONG] > 0) & (_RANKS[None, :] < other_rear[:, None])
    run = np.zeros(ahead.shape[0])
    left = ahead
    while left.shape[1] and left.any():
        run += left.any(axis=1)
        left = left[:, 1:] & left[:, :-1]
    return ahead.sum(axis=1) / 8.0, run / 6.0


def encode(player: Ints, opponent: Ints, dtype: type[np.floating[Any]] = np.float64) -> Reals:
    """The network's inputs for positions before a roll: ``player`` the counts of the side on
    roll, ``opponent`` the other side's, each rows of 24 in its own numbering (points 1-24; one
    of them may be a single row, used for every row of the other); the inputs are rows of
    :data:`INPUTS` numbers (see the module's account), of ``dtype``."""
    mine, theirs = _rear(player), _rear(opponent)
    n = max(player.shape[0], opponent.shape[0])
    out: Reals = np.empty((n, INPUTS), dtype=dtype)
    k = SIDE_INPUTS - 2
    out[:, :k] = _own(player)
    out[:, k], out[:, k + 1] = _blocks(player, theirs)
    out[:, SIDE_INPUTS : SIDE_INPUTS + k] = _own(opponent)
    out[:, SIDE_INPUTS + k], out[:, SIDE_INPUTS + k + 1] = _blocks(opponent, mine)
    out[:, -1] = (mine <= 12) & (theirs <= 12)
    return out


def _sigmoid(x: Reals) -> Reals:
    return 1.0 / (1.0 + np.exp(-np.clip(x, -40.0, 40.0)))


def possible(player: Ints, opponent: Ints) -> Floats:
    """Per row, 1 where the board still allows each output, 0 where it rules it out (counts
    as :func:`encode` takes them)."""
    n = max(player.shape[0], opponent.shape[0])
    out = np.ones((n, OUTPUTS))
    their_none_off = opponent.sum(axis=1) == CHECKERS
    my_none_off = player.sum(axis=1) == CHECKERS
    out[:, 1] = their_none_off
    out[:, 2] = their_none_off & (opponent[:, 12:].sum(axis=1) > 0)
    out[:, 3] = my_none_off
    out[:, 4] = my_none_off & (player[:, 12:].sum(axis=1) > 0)
    return out


def constrain(raw: Reals, allowed: Floats) -> Floats:
    """The network's outputs ``raw`` with the rules applied: 0 where :func:`possible` says
    ``allowed`` is 0, and each chance at most the one it is part of."""
    p = raw * allowed
    np.minimum(p[:, 1], p[:, 0], out=p[:, 1])
    np.minimum(p[:, 2], p[:, 1], out=p[:, 2])
    np.minimum(p[:, 3], 1.0 - p[:, 0], out=p[:, 3])
    np.minimum(p[:, 4], p[:, 3], out=p[:, 4])
    return p


@dataclass(frozen=True, slots=True, eq=False)
class NardyNet:
    """The network's weights: ``w1`` (inputs x hidden), ``b1``, ``w2`` (hidden x outputs),
    ``b2``; ``info`` says how they were trained (games, seed, the trainer's settings)."""

    w1: Reals
    b1: Reals
    w2: Reals
    b2: Reals
    info: dict[str, Any]

    @property
    def hidden(self) -> int:
        """The number of hidden units."""
        return int(self.w1.shape[1])

    def raw(self, x: Reals) -> Reals:
        """The network's outputs for encoded positions ``x`` (no rule applied), in the
        weights' precision."""
        h = _sigmoid(x @ self.w1 + self.b1)
        return _sigmoid(h @ self.w2 + self.b2)

    def probabilities(self, player: Ints, opponent: Ints) -> Floats:
        """The five chances (rows, see the module's account) of positions before a roll,
        ``player`` the side on roll (counts as :func:`encode` takes them)."""
        x = encode(player, opponent, self.w1.dtype.type)
        return constrain(self.raw(x).astype(np.float64), possible(player, opponent))

    def save(self, path: Path) -> None:
        """Write the weights (float32) and ``info`` to ``path`` (an ``.npz``)."""
        np.savez_compressed(
            path,
            w1=self.w1.astype(np.float32),
            b1=self.b1.astype(np.float32),
            w2=self.w2.astype(np.float32),
            b2=self.b2.astype(np.float32),
            encoding=np.array(ENCODING),
            info=np.array(repr(sorted(self.info.items()))),
        )


def load(path: Path = WEIGHTS_FILE) -> NardyNet:
    """The network in ``path`` (as :meth:`NardyNet.save` writes it), in float32; raises
    ``OSError`` or ``ValueError`` for a missing or malformed file."""
    with np.load(path, allow_pickle=False) as data:
        w1, b1 = data["w1"].astype(np.float32), data["b1"].astype(np.float32)
        w2, b2 = data["w2"].astype(np.float32), data["b2"].astype(np.float32)
        info_text = str(data["info"]) if "info" in data.files else "[]"
        version = int(data["encoding"]) if "encoding" in data.files else 0
    if version != ENCODING:
        raise ValueError(f"{path}: trained on encoding {version}, not {ENCODING}")
    if w1.shape[0] != INPUTS or w2.shape != (w1.shape[1], OUTPUTS):
        raise ValueError(f"{path}: weights of shape {w1.shape} and {w2.shape} do not fit")
    if b1.shape != (w1.shape[1],) or b2.shape != (OUTPUTS,):
        raise ValueError(f"{path}: biases of shape {b1.shape} and {b2.shape} do not fit")
    return NardyNet(w1, b1, w2, b2, _parse_info(info_text))


def _parse_info(text: str) -> dict[str, Any]:
    """The ``info`` pairs as written by :meth:`NardyNet.save` (plain literals only)."""
    import ast

    try:
        pairs = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return {}
    return {str(k): v for k, v in pairs} if isinstance(pairs, list) else {}


@functools.cache
def default_net() -> NardyNet:
    """The shipped network (:data:`WEIGHTS_FILE`), loaded once."""
    return load()


def flip(p: Floats) -> Floats:
    """The five chances seen by the other side (rows)."""
    out = p[:, _FLIP]
    out[:, 0] = 1.0 - p[:, 0]
    return out


def equity(p: Floats, koks: bool = False) -> Floats:
    """The points the side the chances ``p`` belong to expects (see the module's account)."""
    value = 2.0 * p[:, 0] - 1.0 + p[:, 1] - p[:, 3]
    if koks:
        value = value + p[:, 2] - p[:, 4]
    out: Floats = value
    return out


def counts_row(side: Sequence[int]) -> Ints:
    """One side's counts (points 1-24, own numbering) as a single row."""
    return np.array([side[:24]], dtype=np.int64)


def after_counts(side: Sequence[int], plays: Sequence[Play]) -> Ints:
    """The mover's counts (points 1-24, own numbering) after each of ``plays`` (rows; an empty
    play leaves them as they are)."""
    n = len(plays)
    moves = list(map(_STEPS, plays))
    steps = np.fromiter(chain.from_iterable(chain.from_iterable(moves)), dtype=np.int64).reshape(
        -1, 3
    )
    start = np.repeat(np.arange(n, dtype=np.int64) * 25, list(map(len, moves)))
    size = n * 25
    moved = np.bincount(start + steps[:, 1], minlength=size) - np.bincount(
        start + steps[:, 0], minlength=size
    )
    out: Ints = moved.reshape(n, 25)[:, 1:] + np.array(side[:24], dtype=np.int64)
    return out


def terminal(loser: Sequence[int]) -> Floats:
    """The five chances, for the winner, of a game just won against ``loser`` (his counts)."""
    kind = long_nardy_kind(tuple(loser) + (0,) * (25 - len(loser)))
    return np.array(
        [1.0, float(kind >= WinKind.GAMMON), float(kind == WinKind.BACKGAMMON), 0.0, 0.0]
    )


def play_probabilities(
    net: NardyNet, mover: Sequence[int], other: Sequence[int], plays: Sequence[Play]
) -> Floats:
    """The five chances of the mover (counts ``mover`` against ``other``, own numberings) after
    each of ``plays``: the network's for the other side, then on roll, seen from the mover; a
    play bearing off the last checker gets the game's result."""
    moved = after_counts(mover, plays)
    p = flip(net.probabilities(np.array([other[:24]], dtype=np.int64), moved))
    done = moved.sum(axis=1) == 0
    if done.any():
        p[done] = terminal(other[:24])
    return p
