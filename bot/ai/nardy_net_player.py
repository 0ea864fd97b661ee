"""The long nardy player on the neural evaluation (:mod:`bot.ai.nardy_net`): plays ranked by
equity, searched up to two rolls deeper.

Pure: no I/O and no randomness of its own (the noise of the weaker levels comes from an injected
``random.Random``).  Every play, its own and the replies in the search, comes from the engine's
move generator (:func:`engine.movegen.legal_plays`), so it knows the head rule and the six-prime
rule exactly as the game does.

Values are equities: the points the mover expects from the game without a cube (a mars 2, a
koks 2 or, with the table's ``koks`` option, 3; see :func:`bot.ai.nardy_net.equity`), with the
five chances behind each (win, mars, koks, and the opponent's mars and koks).

Search (:func:`rank_plays`).  Depth 0 values each play by the network's chances for the position
it leaves (the opponent on roll), seen from the mover.  At depth 1 the best plays by that value
(at most ``width[0]``, within :data:`WINDOW` of the best) are searched one roll deeper: for each
of the opponent's 21 rolls (doubles once, the others twice, of 36) the opponent answers with its
best reply by the network, and the play's value is the average over the rolls of the network's
chances for the mover, on roll after that reply.  At depth 2 the best of those (at most
``width[1]``) once more: after the opponent's reply each position is valued by the mover's own
21 rolls, each played with his best play by the network.  The positions of one roll's plays, or
of all 21 rolls' replies, go through the network in one batch.  The plays searched deeper come
first, by their deeper value, then the others by their own depth's.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from bot.ai.nardy_net import (
    Floats,
    NardyNet,
    after_counts,
    default_net,
    equity,
    flip,
    play_probabilities,
    terminal,
)
from engine.movegen import Play, legal_plays
from engine.position import Position

__all__ = [
    "DEPTHS",
    "LEVELS",
    "ROLLS",
    "WIDTH",
    "WINDOW",
    "NetLevel",
    "NetRanked",
    "choose_play",
    "level_play",
    "on_roll_probabilities",
    "position_chances",
    "rank_plays",
]

DEPTHS = (0, 1, 2)
"""The depths :func:`rank_plays` searches."""

WIDTH = (4, 2)
"""The most plays searched at depth 1, and of those at depth 2, by default."""

WINDOW = 0.25
"""Plays whose value at the depth below is further than this (in points) below the best are not
searched deeper."""

ROLLS: tuple[tuple[tuple[int, int], int], ...] = tuple(
    ((a, b), 1 if a == b else 2) for a in range(1, 7) for b in range(a, 7)
)
"""The 21 distinct rolls with their weight out of 36."""

_WEIGHTS = np.array([w for _dice, w in ROLLS], dtype=np.float64) / 36.0

_NO_PLAY = Play(())
"""The empty play: the side that cannot move stands as it is."""


@dataclass(frozen=True, slots=True)
class NetLevel:
    """A long nardy level on the network: the depth of its search, the most plays searched at
    each depth (``width``) and the noise (σ, points of equity) added to each play's value."""

    depth: int
    noise: float
    width: tuple[int, int] = WIDTH


LEVELS: dict[str, NetLevel] = {
    "beginner": NetLevel(0, 0.11),
    "casual": NetLevel(0, 0.06),
    "strong": NetLevel(1, 0.0, (3, 0)),
    "expert": NetLevel(2, 0.0, (5, 2)),
}
"""The computer's long nardy levels on the network: ``beginner`` and ``casual`` the network
alone with the noise of backgammon's levels (:data:`bot.ai.levels.LEVELS`), ``strong`` one roll
deeper for its best 3 plays, ``expert`` one roll deeper for its best 5 and two rolls for the
best 2 of those.  Their move times: ``python -m benchmarks.nardy_levels --only times``."""


@dataclass(frozen=True, slots=True)
class NetRanked:
    """A legal play, its equity for the mover and the five chances behind it (win, mars, koks,
    lmars, lkoks) at ``depth``."""

    play: Play
    value: float
    chances: tuple[float, float, float, float, float]
    depth: int


def _counts(side: Sequence[int]) -> list[int]:
    return list(side[:24])


class _Search:
    """One :func:`rank_plays` call: the network, the scoring and the position's type."""

    __slots__ = ("cls", "koks", "net", "rolled")

    def __init__(self, cls: type[Position], net: NardyNet, koks: bool) -> None:
        self.cls = cls
        self.net = net
        self.koks = koks
        self.rolled: dict[tuple[tuple[int, ...], tuple[int, ...]], Floats] = {}

    def position(self, player: Sequence[int], opponent: Sequence[int]) -> Position:
        return self.cls((*player[:24], 0), (*opponent[:24], 0))

    def best_replies(
        self, mover: list[int], other: list[int]
    ) -> tuple[Floats, list[list[int] | None]]:
        """For each of the 21 rolls of ``other`` (on roll after ``mover``'s play): ``mover``'s
        chances, on roll after ``other``'s best reply by the network, and ``other``'s counts
        after it (``None`` where the reply ends the game)."""
        after = self.position(other, mover)
        plays: list[Play] = []
        segments: list[tuple[int, int]] = []
        for dice, _weight in ROLLS:
            start = len(plays)
            plays.extend(legal_plays(after, dice) or (_NO_PLAY,))
            segments.append((start, len(plays)))
        moved = after_counts(other, plays)
        p = self.net.probabilities(np.array([mover], dtype=np.int64), moved)
        done = moved.sum(axis=1) == 0
        if done.any():
            p[done] = flip(terminal(mover)[None, :])[0]
        value = equity(p, self.koks)
        out = np.empty((len(ROLLS), 5))
        reached: list[list[int] | None] = []
        for i, (a, b) in enumerate(segments):
            j = a + int(np.argmin(value[a:b]))
            out[i] = p[j]
            reached.append(None if done[j] else moved[j].tolist())
        return out, reached

    def one_ply(self, mover: list[int], other: list[int]) -> Floats:
        """The mover's chances after his play left ``mover`` against ``other``, one roll
        deeper."""
        if not sum(mover):
            return terminal(other)
        chances, _reached = self.best_replies(mover, other)
        out: Floats = _WEIGHTS @ chances
        return out

    def two_ply(self, mover: list[int], other: list[int]) -> Floats:
        """As :meth:`one_ply`, each position after the opponent's reply valued by the mover's
        own rolls (:func:`on_roll_probabilities`)."""
        if not sum(mover):
            return terminal(other)
        chances, reached = self.best_replies(mover, other)
        for i, replied in enumerate(reached):
            if replied is not None:
                chances[i] = self.on_roll(mover, replied)
        out: Floats = _WEIGHTS @ chances
        return out

    def on_roll(self, me: list[int], them: list[int]) -> Floats:
        """The chances of ``me``, on roll against ``them``, averaged over his 21 rolls, each
        played with his best play by the network."""
        key = (tuple(me), tuple(them))
        known = self.rolled.get(key)
        if known is not None:
            return known
        position = self.position(me, them)
        plays: list[Play] = []
        segments: list[tuple[int, int]] = []
        for dice, _weight in ROLLS:
            start = len(plays)
            plays.extend(legal_plays(position, dice) or (_NO_PLAY,))
            segments.append((start, len(plays)))
        moved = after_counts(me, plays)
        p = flip(self.net.probabilities(np.array([them], dtype=np.int64), moved))
        done = moved.sum(axis=1) == 0
        if done.any():
            p[done] = terminal(them)
        value = equity(p, self.koks)
        out = np.empty((len(ROLLS), 5))
        for i, (a, b) in enumerate(segments):
            out[i] = p[a + int(np.argmax(value[a:b]))]
        result: Floats = _WEIGHTS @ out
        self.rolled[key] = result
        return result


def on_roll_probabilities(
    position: Position, net: NardyNet | None = None, koks: bool = False
) -> Floats:
    """The five chances of the side on roll in ``position``, averaged over its 21 rolls, each
    played with its best play by the network (what the roll is worth before it is rolled)."""
    search = _Search(type(position), net or default_net(), koks)
    return search.on_roll(_counts(position.player), _counts(position.opponent))


def _chances(p: Floats) -> tuple[float, float, float, float, float]:
    return (float(p[0]), float(p[1]), float(p[2]), float(p[3]), float(p[4]))


def position_chances(
    position: Position, net: NardyNet | None = None
) -> tuple[float, float, float, float, float]:
    """The network's five chances of the side on roll in ``position``, before the roll (no
    search): win, mars, koks, and the opponent's mars and koks."""
    me, them = _counts(position.player), _counts(position.opponent)
    p = (net or default_net()).probabilities(
        np.array([me], dtype=np.int64), np.array([them], dtype=np.int64)
    )
    return _chances(p[0])


def rank_plays(
    position: Position,
    dice: tuple[int, int],
    depth: int = 0,
    net: NardyNet | None = None,
    *,
    koks: bool = False,
    width: tuple[int, int] = WIDTH,
) -> list[NetRanked]:
    """Every legal play of ``dice`` in ``position``, best first, each with its equity and
    chances for the mover at the depth it was searched at; empty when none can be played.

    ``koks`` values a koks at 3 points (the table's ``koks`` option), else as a mars; ``width``
    the most plays searched at depth 1 and of those at depth 2 (see the module's account)."""
    if depth not in DEPTHS:
        raise ValueError(f"depth must be one of {DEPTHS}, not {depth!r}")
    plays = legal_plays(position, dice)
    if not plays:
        return []
    search = _Search(type(position), net or default_net(), koks)
    me, them = _counts(position.player), _counts(position.opponent)
    p = play_probabilities(search.net, me, them, plays)
    values = equity(p, koks)
    order = np.argsort(-values, kind="stable")
    ranked = [NetRanked(plays[i], float(values[i]), _chances(p[i]), 0) for i in order]
    for ply in range(1, depth + 1):
        top = ranked[0].value
        head = [r for r in ranked[: width[ply - 1]] if top - r.value <= WINDOW]
        if len(head) <= 1:
            break
        search_one = search.one_ply if ply == 1 else search.two_ply
        deep = []
        for r in head:
            moved = after_counts(me, [r.play])[0].tolist()
            chances = search_one(moved, them)
            value = float(equity(chances[None, :], koks)[0])
            deep.append(NetRanked(r.play, value, _chances(chances), ply))
        deep.sort(key=lambda r: -r.value)
        ranked = deep + ranked[len(head) :]
    return ranked


def choose_play(
    position: Position,
    dice: tuple[int, int],
    rng: random.Random,
    *,
    depth: int = 0,
    noise: float = 0.0,
    net: NardyNet | None = None,
    koks: bool = False,
    width: tuple[int, int] = WIDTH,
) -> Play | None:
    """The play of ``dice``: the best by :func:`rank_plays`, with Gaussian ``noise`` (σ, in
    points of equity) from ``rng`` added to each value when above zero."""
    ranked = rank_plays(position, dice, depth, net, koks=koks, width=width)
    if not ranked:
        return None
    if noise <= 0 or len(ranked) == 1:
        return ranked[0].play
    return max(ranked, key=lambda r: r.value + rng.gauss(0.0, noise)).play


def level_play(
    position: Position,
    dice: tuple[int, int],
    level: str,
    rng: random.Random,
    *,
    koks: bool = False,
    ply: int | None = None,
    net: NardyNet | None = None,
) -> Play | None:
    """The play of ``dice`` at ``level`` (a name of :data:`LEVELS`); ``ply`` lowers its depth
    (the recomputation after a timeout)."""
    lvl = LEVELS[level]
    depth = lvl.depth if ply is None else min(lvl.depth, ply)
    return choose_play(
        position, dice, rng, depth=depth, noise=lvl.noise, net=net, koks=koks, width=lvl.width
    )
