"""Round-robin by Berger tables: everyone meets everyone, once per cycle.

Players are numbered by seeding (rating, then id) from 1.  With an odd number of players, a
bye is added as the last number; whoever meets it sits the round out.  For ``n`` numbers (``n``
even) the schedule has ``n - 1`` rounds, built by the circle method as FIDE's Berger tables are:
player ``n`` stays put, the others turn round the circle, and in round ``r`` (from 1) two
numbers ``i`` and ``j`` below ``n`` meet when ``i + j ≡ r + 1 (mod n - 1)``, player ``n`` meeting
the one ``i`` with ``2i ≡ r + 1``.  The boards are listed as the tables list them: player
``n``'s game first, then ``(i + k, i - k)`` for ``k = 1, 2, …`` around the circle from that
``i``.  (Colours, which the tables alternate, do not matter in backgammon.)  Further cycles
repeat the schedule.

Games not played by a player who withdrew are lost by forfeit, so every scheduled game has a
result at the end; standings are those of :mod:`bot.app.pairing.tiebreaks`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from bot.app.pairing.entrants import Entrant, PairingError, Result, pair_key, seeded
from bot.app.pairing.tiebreaks import Placing, standings


def berger_rounds(count: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The Berger table for ``count`` numbers (even): each round's boards as pairs of numbers
    from 1.

    >>> berger_rounds(4)
    ((((1, 4), (2, 3)), ((4, 3), (1, 2)), ((2, 4), (3, 1)))
    """
    if count < 2 or count % 2:
        raise PairingError(f"a Berger table of {count} numbers", code="bad_schedule")
    last = count
    turn = count - 1

    def number(x: int) -> int:
        return (x - 1) % turn + 1

    rounds = []
    for r in range(1, turn + 1):
        target = (r + 1) % turn
        pivot = next(i for i in range(1, turn + 1) if (2 * i) % turn == target)
        boards = [(pivot, last) if r % 2 else (last, pivot)]
        boards.extend((number(pivot + k), number(pivot - k)) for k in range(1, count // 2))
        rounds.append(tuple(boards))
    return tuple(rounds)


@dataclass(frozen=True, slots=True)
class RoundRobinRound:
    """One round of the schedule: its pairs and who sits out (the bye, in an odd field)."""

    pairs: tuple[tuple[str, str], ...]
    bye: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"pairs": [list(p) for p in self.pairs], "bye": self.bye}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RoundRobinRound:
        return cls(
            tuple((str(a), str(b)) for a, b in data["pairs"]),
            None if data["bye"] is None else str(data["bye"]),
        )


def schedule(players: Iterable[Entrant], cycles: int = 1) -> tuple[RoundRobinRound, ...]:
    """The whole schedule for ``players`` (seeded here), ``cycles`` times over."""
    seeds = seeded(players)
    if len(seeds) < 2:
        raise PairingError("a round-robin needs two players", code="too_few_players")
    if cycles < 1:
        raise PairingError(f"{cycles} cycles", code="bad_schedule")
    ids: list[str | None] = [p.id for p in seeds]
    if len(ids) % 2:
        ids.append(None)
    table = berger_rounds(len(ids))
    rounds = []
    for _ in range(cycles):
        for boards in table:
            pairs = []
            bye = None
            for x, y in boards:
                a, b = ids[x - 1], ids[y - 1]
                if a is None or b is None:
                    bye = a if b is None else b
                else:
                    pairs.append((a, b))
            rounds.append(RoundRobinRound(tuple(pairs), bye))
    return tuple(rounds)


@dataclass(frozen=True, slots=True)
class RoundRobin:
    """A round-robin event: the seeds, the schedule, the results, who withdrew.

    Results may come in any order (a round's games need not wait for the previous round's).
    """

    seeds: tuple[Entrant, ...]
    rounds: tuple[RoundRobinRound, ...]
    results: tuple[Result, ...] = ()
    withdrawn: tuple[str, ...] = ()

    @classmethod
    def start(cls, players: Iterable[Entrant], cycles: int = 1) -> RoundRobin:
        seeds = seeded(players)
        return cls(seeds, schedule(seeds, cycles))

    @property
    def cycles(self) -> int:
        """How many times every two players meet."""
        return len(self.rounds) // (len(self.seeds) - 1 + len(self.seeds) % 2)

    def scheduled(self) -> list[tuple[int, str, str]]:
        """Every scheduled game as (round index, a, b)."""
        return [(i, a, b) for i, rnd in enumerate(self.rounds) for a, b in rnd.pairs]

    def pending(self) -> list[tuple[int, str, str]]:
        """The scheduled games without a result, in schedule order."""
        played: dict[tuple[str, str], int] = {}
        for r in self.results:
            key = pair_key(*r.players)
            played[key] = played.get(key, 0) + 1
        out = []
        for i, a, b in self.scheduled():
            key = pair_key(a, b)
            if played.get(key, 0):
                played[key] -= 1
            else:
                out.append((i, a, b))
        return out

    @property
    def finished(self) -> bool:
        return not self.pending()

    def record(self, result: Result) -> RoundRobin:
        """The state with ``result`` of a scheduled game not yet played."""
        ids = {p.id for p in self.seeds}
        if result.first not in ids or result.second not in ids:
            raise PairingError("no game of these two is due", code="not_paired")
        pair = set(result.players)
        played = sum(1 for r in self.results if r.first in pair and r.second in pair)
        if played >= self.cycles:
            raise PairingError("no game of these two is due", code="not_paired")
        return replace(self, results=(*self.results, result))

    def withdraw(self, player: str) -> RoundRobin:
        """The state with ``player`` out: each game of theirs still due is lost by forfeit."""
        if player not in {p.id for p in self.seeds}:
            raise PairingError(f"{player} is not in the event", code="unknown_player")
        if player in self.withdrawn:
            return self
        state = replace(self, withdrawn=(*self.withdrawn, player))
        for _, a, b in self.pending():
            if player in (a, b):
                state = state.record(Result(a, b, b if a == player else a, forfeit=True))
        return state

    def standings(self) -> tuple[Placing, ...]:
        return standings(self.seeds, self.results, {}, 0.0, frozenset(self.withdrawn))

    def to_dict(self) -> dict[str, Any]:
        return {
            "system": "roundrobin",
            "seeds": [p.to_dict() for p in self.seeds],
            "rounds": [r.to_dict() for r in self.rounds],
            "results": [r.to_dict() for r in self.results],
            "withdrawn": list(self.withdrawn),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RoundRobin:
        if data.get("system") != "roundrobin":
            raise PairingError("not a round-robin", code="bad_state")
        return cls(
            seeds=tuple(Entrant.from_dict(p) for p in data["seeds"]),
            rounds=tuple(RoundRobinRound.from_dict(r) for r in data["rounds"]),
            results=tuple(Result.from_dict(r) for r in data["results"]),
            withdrawn=tuple(str(p) for p in data["withdrawn"]),
        )
