"""Knockout: a seeded bracket, played round by round to the champion.

**Seeding.** Players are seeded by rating (then id) and placed in a bracket of ``P`` slots, the
smallest power of two that holds them, in the standard order: in each round, seed ``s`` meets
the seed ``n + 1 - s`` of its part of the bracket (1 v 8, 4 v 5, 2 v 7, 3 v 6 for eight), so
the two top seeds can only meet in the final.  The ``P - N`` missing seeds are byes, so the top
seeds get them: seed ``s`` has a bye in the first round when ``P + 1 - s > N``.

**Rounds.** A round is its matches in bracket order; a match is its two slots (a player, or
``None`` for nobody) and its result.  A player with nobody opposite advances without playing (a
bye).  When every match of the round has a winner, :meth:`Knockout.advance` pairs the winners
of matches ``2k`` and ``2k + 1`` in the next round.  A match cannot be drawn.

**Withdrawals.** A player who withdraws loses the match in hand by forfeit (the opponent
advances); a player who withdraws with no opponent yet is struck from the bracket, and when the
next round is paired, the opponent advances by forfeit; two withdrawn players opposite each
other leave nobody in that slot.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from bot.app.pairing.entrants import Entrant, PairingError, Result, seeded


def bracket_order(size: int) -> tuple[int, ...]:
    """The seeds (1-based) in bracket order for ``size`` slots, a power of two.

    >>> bracket_order(8)
    (1, 8, 4, 5, 2, 7, 3, 6)
    """
    if size < 1 or size & (size - 1):
        raise PairingError(f"a bracket of {size} slots", code="bad_bracket")
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return tuple(order)


@dataclass(frozen=True, slots=True)
class KnockoutMatch:
    """A match of the bracket: its two slots (``None`` for nobody) and its result."""

    players: tuple[str | None, str | None]
    result: Result | None = None

    @property
    def present(self) -> tuple[str, ...]:
        return tuple(p for p in self.players if p is not None)

    @property
    def decided(self) -> bool:
        """Whether the match needs no more play: a result, or fewer than two players."""
        return self.result is not None or len(self.present) < 2

    @property
    def winner(self) -> str | None:
        """Who advances: the result's winner, or the only player (a bye); ``None`` while
        undecided or when nobody is in the match."""
        if self.result is not None:
            return self.result.winner
        present = self.present
        return present[0] if len(present) == 1 else None

    @property
    def bye(self) -> bool:
        """Whether one player advances without a game."""
        return self.result is None and len(self.present) == 1

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "result": None if self.result is None else self.result.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> KnockoutMatch:
        a, b = data["players"]
        result = data["result"]
        return cls(
            (None if a is None else str(a), None if b is None else str(b)),
            None if result is None else Result.from_dict(result),
        )


@dataclass(frozen=True, slots=True)
class Knockout:
    """A knockout event: the seeds, the rounds paired so far (the last is the current), who
    withdrew."""

    seeds: tuple[Entrant, ...]
    rounds: tuple[tuple[KnockoutMatch, ...], ...]
    withdrawn: tuple[str, ...] = ()

    @classmethod
    def start(cls, players: Iterable[Entrant]) -> Knockout:
        """The bracket seeded, its first round paired."""
        seeds = seeded(players)
        if len(seeds) < 2:
            raise PairingError("a knockout needs two players", code="too_few_players")
        size = 1
        while size < len(seeds):
            size *= 2
        slots = [seeds[s - 1].id if s <= len(seeds) else None for s in bracket_order(size)]
        first = tuple(KnockoutMatch((slots[i], slots[i + 1])) for i in range(0, size, 2))
        return cls(seeds, (first,))

    @property
    def size(self) -> int:
        """The slots of the bracket (a power of two)."""
        return 2 * len(self.rounds[0])

    @property
    def total_rounds(self) -> int:
        return self.size.bit_length() - 1

    @property
    def current(self) -> tuple[KnockoutMatch, ...]:
        return self.rounds[-1]

    @property
    def finished(self) -> bool:
        return len(self.rounds) == self.total_rounds and all(m.decided for m in self.current)

    @property
    def champion(self) -> str | None:
        """The winner of the final, once it is decided."""
        return self.current[0].winner if self.finished else None

    def record(self, result: Result) -> Knockout:
        """The state with a match of the current round decided by ``result``."""
        if result.winner is None:
            raise PairingError("a knockout match cannot be drawn", code="draw_in_knockout")
        matches = list(self.current)
        for i, match in enumerate(matches):
            if set(match.players) == set(result.players):
                if match.result is not None:
                    raise PairingError("this match's result is in", code="already_recorded")
                matches[i] = replace(match, result=result)
                return replace(self, rounds=(*self.rounds[:-1], tuple(matches)))
        raise PairingError("these two do not meet this round", code="not_paired")

    def advance(self) -> Knockout:
        """The state with the next round paired from the current round's winners."""
        if len(self.rounds) == self.total_rounds:
            raise PairingError("the final is the last round", code="no_next_round")
        if not all(m.decided for m in self.current):
            raise PairingError("the round is not finished", code="round_unfinished")
        out = set(self.withdrawn)
        winners = [m.winner for m in self.current]
        matches = []
        for a, b in zip(winners[::2], winners[1::2], strict=True):
            a = None if a in out else a
            b = None if b in out else b
            matches.append(KnockoutMatch((a, b)))
        state = replace(self, rounds=(*self.rounds, tuple(matches)))
        for a, b in zip(winners[::2], winners[1::2], strict=True):
            for gone, other in ((a, b), (b, a)):
                if gone is not None and gone in out and other is not None and other not in out:
                    state = state._forfeit(gone, other)
        return state

    def _forfeit(self, loser: str, winner: str) -> Knockout:
        """Put ``loser`` back opposite ``winner`` in the current round and record the forfeit."""
        matches = list(self.current)
        for i, match in enumerate(matches):
            if winner in match.players:
                players = (winner, loser) if match.players[0] == winner else (loser, winner)
                matches[i] = KnockoutMatch(players, Result(*players, winner, forfeit=True))
        return replace(self, rounds=(*self.rounds[:-1], tuple(matches)))

    def withdraw(self, player: str) -> Knockout:
        """The state with ``player`` out (see the module's text)."""
        if player not in {p.id for p in self.seeds}:
            raise PairingError(f"{player} is not in the event", code="unknown_player")
        if player in self.withdrawn:
            return self
        state = replace(self, withdrawn=(*self.withdrawn, player))
        matches = list(self.current)
        for i, match in enumerate(matches):
            if player not in match.players or match.result is not None:
                continue
            other = next((p for p in match.present if p != player), None)
            if other is not None:
                return state.record(Result(player, other, other, forfeit=True))
            a, b = match.players
            matches[i] = KnockoutMatch((None if a == player else a, None if b == player else b))
            return replace(state, rounds=(*self.rounds[:-1], tuple(matches)))
        return state

    def to_dict(self) -> dict[str, Any]:
        return {
            "system": "knockout",
            "seeds": [p.to_dict() for p in self.seeds],
            "rounds": [[m.to_dict() for m in rnd] for rnd in self.rounds],
            "withdrawn": list(self.withdrawn),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Knockout:
        if data.get("system") != "knockout":
            raise PairingError("not a knockout", code="bad_state")
        return cls(
            seeds=tuple(Entrant.from_dict(p) for p in data["seeds"]),
            rounds=tuple(tuple(KnockoutMatch.from_dict(m) for m in rnd) for rnd in data["rounds"]),
            withdrawn=tuple(str(p) for p in data["withdrawn"]),
        )
