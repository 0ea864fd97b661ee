"""The Swiss system, by the Dutch method, without colours (backgammon has none).

**Ranking.** Players still in the event are ranked by score, then by seeding (rating, then id).
A *score group* is the players of one score.

**The bye.** When the number of players is odd, one of them gets the bye (``bye_points``, a win
by default).  The bye is paired like an extra player ranked below everyone, in a group of its
own, who may meet anyone who has not had a bye; nobody gets two.  Among the pairings with the
fewest floats (below), the bye goes to the lowest-ranked player who can take it: a player of the
lowest score group that can give it, and of a higher group only when the groups above could
otherwise not be paired with as few floats.

**Floats.** Groups are paired from the top.  The *bracket* of a group is the players floated
down into it from above (first) and the group's own players.  Let ``d[j]`` be the number of
players of the top ``j + 1`` groups paired with a player below them (the floats across the
``j``-th boundary).  The pairing chosen makes ``d`` lexicographically smallest: as few floats as
possible out of the top group, then out of the second, and so on (the bye counts as a float
into its own bottom group), then the lowest-ranked bye.  Among pairings equal on both, the
floaters of each bracket are taken from its bottom: the sets of floaters are tried in the order
of :func:`itertools.combinations` over the bracket read from its lowest-ranked player up.  The
search stops after :data:`SEARCH_BUDGET` sets of floaters (never reached by fields of ordinary
size); the best pairing found by then is used, and it is always a complete pairing without
repeats.

**Inside a bracket.** The players floated in are paired first, each in rank order with the
highest-ranked player of the group it still can meet; the rest of the group is split into its
top half ``S1`` and bottom half ``S2`` and ``S1[i]`` meets ``S2[i]``; when that would repeat a
game, the first arrangement that does not, in the order of the transpositions of ``S2`` (then
exchanges with ``S1``).  Every choice keeps the rest of the bracket pairable.

**Never twice.** Two players who met (a forfeit counts as a meeting) are never paired again.
When no pairing of the field avoids every repeat and second bye, :class:`PairingImpossible` is
raised: the caller says so rather than repeat a game.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.app.pairing.entrants import (
    Entrant,
    PairingError,
    PairingImpossible,
    Result,
    pair_key,
    seeded,
)
from bot.app.pairing.matchings import max_pairs, maximum_matching, pairable
from bot.app.pairing.tiebreaks import Placing, scores, standings

SEARCH_BUDGET = 10_000
"""The most sets of floaters one round's search examines before it settles for the best
pairing found so far: at worst some tenths of a second (a field of 64 players in round 60),
never reached by an ordinary Swiss (a field of ten needs at most a few dozen)."""

EAGER_START = 256
"""Fields up to this size start the search from a pairing found outright (cheap for them);
larger fields, whose search finds its first pairing at once, build one only if it did not."""


@dataclass(frozen=True, slots=True)
class Contender:
    """A player as the pairing of a round sees it: score, seed (0 the top), past opponents,
    whether the bye was had."""

    id: str
    score: float
    seed: int
    opponents: frozenset[str] = frozenset()
    had_bye: bool = False


@dataclass(frozen=True, slots=True)
class SwissPairing:
    """One round's pairing: the pairs in board order (the best-ranked pair first, each pair's
    better-ranked player first), and who has the bye."""

    pairs: tuple[tuple[str, str], ...]
    bye: str | None
    floats: tuple[int, ...]
    """``d``: the floats across each score boundary, from the top (the bye's boundary last)."""


def pair_round(contenders: Sequence[Contender]) -> SwissPairing:
    """Pair one Swiss round among ``contenders`` (the players still in the event) by the rules
    of this module; raises :class:`PairingImpossible` when no pairing avoids every repeat and
    second bye."""
    ranked = sorted(contenders, key=lambda c: (-c.score, c.seed, c.id))
    if len({c.id for c in ranked}) != len(ranked):
        raise PairingError("a player is entered twice", code="duplicate_player")
    if not ranked:
        return SwissPairing((), None, ())
    index = {c.id: i for i, c in enumerate(ranked)}
    met: list[set[int]] = [{index[o] for o in c.opponents if o in index} for c in ranked]
    for i, opponents in enumerate(met):
        for j in opponents:
            met[j].add(i)
    groups: list[list[int]] = []
    for i, c in enumerate(ranked):
        if groups and ranked[groups[-1][0]].score == c.score:
            groups[-1].append(i)
        else:
            groups.append([i])
    bye: int | None = None
    if len(ranked) % 2:
        bye = len(ranked)
        met.append({i for i, c in enumerate(ranked) if c.had_bye})
        for i in met[bye]:
            met[i].add(bye)
        groups.append([bye])
    search = _Search(groups, met, bye)
    if not pairable(search.everyone, met, search.most_met):
        raise PairingImpossible(
            "every pairing of this round would repeat a game or give a second bye",
            code="pairing_impossible",
            params={"players": len(ranked)},
        )
    brackets = search.run()
    pairs: list[tuple[int, int]] = []
    for incoming, remainder in brackets:
        pairs.extend(_pair_bracket(incoming, remainder, met, search.most_met, bye))
    pairs.sort()
    return SwissPairing(
        pairs=tuple((ranked[a].id, ranked[b].id) for a, b in pairs if b != bye),
        bye=next((ranked[a].id for a, b in pairs if b == bye), None),
        floats=tuple(search.best or ()),
    )


class _Search:
    """The branch-and-bound search for the lexicographically smallest floats ``d``, then the
    lowest-ranked bye."""

    def __init__(self, groups: list[list[int]], met: list[set[int]], bye: int | None) -> None:
        self.groups = groups
        self.met = met
        self.bye = bye
        self.most_met = max((len(m) for m in met), default=0)
        self.everyone = frozenset(i for g in groups for i in g)
        below: list[frozenset[int]] = [frozenset()] * (len(groups) + 1)
        for i in range(len(groups) - 1, -1, -1):
            below[i] = below[i + 1] | frozenset(groups[i])
        self.below = below
        self.bound = [self._lower_bound(j) for j in range(len(groups) - 1)]
        self.ideal_bye = -1
        if bye is not None:
            eligible = (v for v in self.everyone if v != bye and v not in met[bye])
            self.ideal_bye = max(eligible, default=-1)
        self.best: list[int] | None = None
        self.best_bye = -1
        self.searched = False
        self.best_brackets: list[tuple[list[int], frozenset[int]]] = []
        self.budget = SEARCH_BUDGET

    def _lower_bound(self, j: int) -> int:
        """The fewest floats possible across boundary ``j``, whatever happens above it."""
        lower = self.below[j + 1]
        upper = self.everyone - lower
        return max(
            len(upper) - 2 * max_pairs(upper, self.met, self.most_met),
            len(lower) - 2 * max_pairs(lower, self.met, self.most_met),
        )

    def _pairable(self, nodes: Collection[int]) -> bool:
        return pairable(nodes, self.met, self.most_met)

    def _settled(self, floats: list[int]) -> bool:
        """Whether no pairing whose floats are at least ``floats`` can beat the best found."""
        if self.best is None or floats < self.best:
            return False
        return floats > self.best or (self.searched and self.best_bye == self.ideal_bye)

    def run(self) -> list[tuple[list[int], frozenset[int]]]:
        """Each bracket's players floated in and the players it pairs, top to bottom."""
        if len(self.everyone) <= EAGER_START:
            self._start()
        self._visit(0, [], [], [])
        if self.best is None:
            self._start()
        return self.best_brackets

    def _start(self) -> None:
        """The pairing to beat, and the one kept if the budget runs out before the search
        finds one: a maximum matching grown from pairs of neighbours in the ranking, cut into
        brackets (the search takes over any pairing it finds as good)."""
        mate: dict[int, int] = {}
        for a, b in maximum_matching(sorted(self.everyone), self.met):
            mate[a], mate[b] = b, a
        incoming: list[int] = []
        floats: list[int] = []
        brackets: list[tuple[list[int], frozenset[int]]] = []
        for level, group in enumerate(self.groups):
            bracket = incoming + group
            down = sorted(v for v in bracket if mate[v] in self.below[level + 1])
            brackets.append((incoming, frozenset(bracket).difference(down)))
            floats.append(len(down))
            incoming = down
        self.best, self.best_brackets = floats[:-1], brackets
        if self.bye is not None:
            last = sorted(brackets[-1][1])
            self.best_bye = _bye_taker(last, self.bye, self.met, self.most_met)

    def _visit(
        self,
        level: int,
        incoming: list[int],
        prefix: list[int],
        chosen: list[tuple[list[int], frozenset[int]]],
    ) -> bool:
        """Search from bracket ``level``; True when the search is over (nothing better can be
        found, or the budget is spent)."""
        bracket = incoming + self.groups[level]
        if level == len(self.groups) - 1:
            if self._pairable(bracket):
                taker = -1
                if self.bye is not None:
                    taker = _bye_taker(bracket, self.bye, self.met, self.most_met)
                key, best = (prefix, -taker), (self.best, -self.best_bye)
                if self.best is None or key < best or (key == best and not self.searched):
                    self.best, self.best_bye = list(prefix), taker
                    self.best_brackets = [*chosen, (incoming, frozenset(bracket))]
                    self.searched = True
                return self.searched and self.best == self.bound and self.best_bye == self.ideal_bye
            return False
        lower = self.below[level + 1]
        size = len(bracket)
        fewest = size - 2 * max_pairs(bracket, self.met, self.most_met)
        for count in range(fewest, size + 1, 2):
            if self._settled([*prefix, count, *self.bound[level + 1 :]]):
                return False
            for floaters in itertools.combinations(reversed(bracket), count):
                if self.budget <= 0:
                    return True
                self.budget -= 1
                staying = frozenset(bracket).difference(floaters)
                if not self._pairable(staying) or not self._pairable(lower.union(floaters)):
                    continue
                if self._settled([*prefix, count, *self.bound[level + 1 :]]):
                    return False
                down = sorted(floaters)
                if self._visit(level + 1, down, [*prefix, count], [*chosen, (incoming, staying)]):
                    return True
        return False


def _bye_taker(bracket: Sequence[int], bye: int, met: Sequence[set[int]], most_met: int) -> int:
    """Who takes the bye in the bottom bracket: its lowest-ranked player who may, the rest of
    the bracket still pairable."""
    left = frozenset(bracket)
    for player in sorted(left - {bye}, reverse=True):
        if bye not in met[player] and pairable(left - {player, bye}, met, most_met):
            return player
    raise AssertionError("a pairable bracket left the bye without a player")


def _pair_bracket(
    incoming: Sequence[int],
    players: frozenset[int],
    met: Sequence[set[int]],
    most_met: int,
    bye: int | None,
) -> list[tuple[int, int]]:
    """Pair ``players`` (a bracket less its floaters; ``incoming`` those floated into it) in
    the Dutch order of the module's text, each choice keeping the rest pairable."""
    left = set(players)
    pairs: list[tuple[int, int]] = []

    def take(player: int, candidates: Iterable[int]) -> None:
        for other in candidates:
            if other in left and other != player and other not in met[player]:
                rest = left - {player, other}
                if pairable(rest, met, most_met):
                    left.difference_update((player, other))
                    pairs.append((min(player, other), max(player, other)))
                    return
        raise AssertionError("a pairable bracket left a player without a partner")

    if bye is not None and bye in left:
        player = _bye_taker(sorted(left), bye, met, most_met)
        left.difference_update((player, bye))
        pairs.append((player, bye))
        incoming = ()
    floated = [p for p in incoming if p in left]
    residents = sorted(left - set(incoming))
    for player in floated:
        if player in left:
            take(player, [*residents, *floated])
    rest = sorted(left)
    half = len(rest) // 2
    top, bottom = rest[:half], rest[half:]
    for player in top:
        if player in left:
            take(player, [*bottom, *top])
    for player in rest:
        if player in left:
            take(player, rest)
    return pairs


@dataclass(frozen=True, slots=True)
class SwissRound:
    """One round: its pairs, its bye, and the results recorded so far."""

    pairs: tuple[tuple[str, str], ...]
    bye: str | None = None
    results: tuple[Result, ...] = ()

    @property
    def finished(self) -> bool:
        """Whether every pair has its result."""
        return len(self.results) == len(self.pairs)

    def result_of(self, a: str, b: str) -> Result | None:
        return next((r for r in self.results if r.between(a, b)), None)

    def pair_of(self, player: str) -> tuple[str, str] | None:
        return next((p for p in self.pairs if player in p), None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "pairs": [list(p) for p in self.pairs],
            "bye": self.bye,
            "results": [r.to_dict() for r in self.results],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SwissRound:
        return cls(
            pairs=tuple((str(a), str(b)) for a, b in data["pairs"]),
            bye=None if data["bye"] is None else str(data["bye"]),
            results=tuple(Result.from_dict(r) for r in data["results"]),
        )


@dataclass(frozen=True, slots=True)
class Swiss:
    """A Swiss event: the players in seeding order, the rounds so far, who withdrew.

    Each step returns a new state: :meth:`pair_next` pairs the next round once the last is
    finished, :meth:`record` takes a result, :meth:`withdraw` takes a player out (a game of the
    current round not yet played is forfeited to the opponent).
    """

    players: tuple[Entrant, ...]
    rounds: tuple[SwissRound, ...] = ()
    withdrawn: tuple[str, ...] = ()
    bye_points: float = 1.0

    @classmethod
    def start(cls, players: Iterable[Entrant], bye_points: float = 1.0) -> Swiss:
        field = seeded(players)
        if len(field) < 2:
            raise PairingError("a Swiss needs two players", code="too_few_players")
        return cls(field, (), (), bye_points)

    @property
    def games(self) -> tuple[Result, ...]:
        """Every result recorded, round by round."""
        return tuple(r for rnd in self.rounds for r in rnd.results)

    def byes(self) -> dict[str, int]:
        count: dict[str, int] = defaultdict(int)
        for rnd in self.rounds:
            if rnd.bye is not None:
                count[rnd.bye] += 1
        return dict(count)

    def scores(self) -> dict[str, float]:
        return scores(self.players, self.games, self.byes(), self.bye_points)

    def contenders(self) -> list[Contender]:
        """The players still in, as the next round's pairing sees them."""
        opponents: dict[str, set[str]] = defaultdict(set)
        for rnd in self.rounds:
            for a, b in rnd.pairs:
                opponents[a].add(b)
                opponents[b].add(a)
        byes = self.byes()
        score = self.scores()
        out = set(self.withdrawn)
        return [
            Contender(p.id, score[p.id], seed, frozenset(opponents[p.id]), p.id in byes)
            for seed, p in enumerate(self.players)
            if p.id not in out
        ]

    def pair_next(self) -> Swiss:
        """The state with the next round paired (see :func:`pair_round`)."""
        if self.rounds and not self.rounds[-1].finished:
            raise PairingError("the round is not finished", code="round_unfinished")
        pairing = pair_round(self.contenders())
        return replace(self, rounds=(*self.rounds, SwissRound(pairing.pairs, pairing.bye)))

    def record(self, result: Result) -> Swiss:
        """The state with ``result`` recorded in the current round."""
        if not self.rounds:
            raise PairingError("no round is paired", code="no_round")
        current = self.rounds[-1]
        pair = current.pair_of(result.first)
        if pair is None or set(pair) != set(result.players):
            raise PairingError("these two are not paired this round", code="not_paired")
        if current.result_of(result.first, result.second) is not None:
            raise PairingError("this game's result is in", code="already_recorded")
        done = replace(current, results=(*current.results, result))
        return replace(self, rounds=(*self.rounds[:-1], done))

    def withdraw(self, player: str) -> Swiss:
        """The state with ``player`` out of later rounds; an unplayed game of the current round
        is lost by forfeit."""
        if player not in {p.id for p in self.players}:
            raise PairingError(f"{player} is not in the event", code="unknown_player")
        if player in self.withdrawn:
            return self
        state = replace(self, withdrawn=(*self.withdrawn, player))
        if self.rounds:
            current = self.rounds[-1]
            pair = current.pair_of(player)
            if pair is not None and current.result_of(*pair) is None:
                other = pair[1] if pair[0] == player else pair[0]
                state = state.record(Result(pair[0], pair[1], other, forfeit=True))
        return state

    def standings(self) -> tuple[Placing, ...]:
        return standings(
            self.players, self.games, self.byes(), self.bye_points, frozenset(self.withdrawn)
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "system": "swiss",
            "players": [p.to_dict() for p in self.players],
            "rounds": [r.to_dict() for r in self.rounds],
            "withdrawn": list(self.withdrawn),
            "bye_points": self.bye_points,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Swiss:
        if data.get("system") != "swiss":
            raise PairingError("not a Swiss", code="bad_state")
        return cls(
            players=tuple(Entrant.from_dict(p) for p in data["players"]),
            rounds=tuple(SwissRound.from_dict(r) for r in data["rounds"]),
            withdrawn=tuple(str(p) for p in data["withdrawn"]),
            bye_points=float(data["bye_points"]),
        )


def repeats(rounds: Iterable[SwissRound]) -> list[tuple[str, str]]:
    """The pairs that met more than once (none, in a Swiss paired here)."""
    seen: set[tuple[str, str]] = set()
    twice: list[tuple[str, str]] = []
    for rnd in rounds:
        for a, b in rnd.pairs:
            key = pair_key(a, b)
            if key in seen:
                twice.append(key)
            seen.add(key)
    return twice
