"""Standings of a Swiss or a round-robin: the score, then the tie-breaks, each named.

With ``games`` the results played (forfeits included) and ``byes`` the byes each had:

- **score**: 1 a win (a forfeit won too), ½ a draw, 0 a loss, plus ``bye_points`` a bye;
- **Buchholz** (``buchholz``): the sum of the scores of the opponents of every game;
- **Buchholz cut-1** (``buchholz_cut1``): the same less the lowest of those scores (0 without
  games);
- **Sonneborn-Berger** (``sonneborn_berger``): the scores of the opponents beaten, plus half the
  scores of those drawn with;
- **direct encounter** (``direct``): among the players equal on score and the three tie-breaks
  above, the points each scored in the games between them;
- **wins** (``wins``): the games won, forfeits included.

A bye brings no opponent, so nothing to Buchholz or Sonneborn-Berger.  Standings are sorted by
score, then Buchholz cut-1, Buchholz, Sonneborn-Berger, direct encounter and wins, all
descending, then by seeding (rating descending, then id): every player has a place of their
own.  Withdrawn players keep their place and are marked.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.app.pairing.entrants import Entrant, PairingError, Result, seed_key

TIE_BREAKS = ("buchholz_cut1", "buchholz", "sonneborn_berger", "direct", "wins")
"""The tie-breaks in the order they are applied after the score."""


@dataclass(frozen=True, slots=True)
class Placing:
    """One line of the standings."""

    place: int
    player: str
    score: float
    buchholz: float
    buchholz_cut1: float
    sonneborn_berger: float
    direct: float
    wins: int
    withdrawn: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "place": self.place,
            "player": self.player,
            "score": self.score,
            "buchholz": self.buchholz,
            "buchholz_cut1": self.buchholz_cut1,
            "sonneborn_berger": self.sonneborn_berger,
            "direct": self.direct,
            "wins": self.wins,
            "withdrawn": self.withdrawn,
        }


def scores(
    players: Iterable[Entrant],
    games: Iterable[Result],
    byes: Mapping[str, int],
    bye_points: float,
) -> dict[str, float]:
    """Each player's score: game scores plus ``bye_points`` for each bye."""
    total = {p.id: byes.get(p.id, 0) * bye_points for p in players}
    for game in games:
        for player in game.players:
            if player not in total:
                raise PairingError(f"{player} is not in the event", code="unknown_player")
            total[player] += game.score(player)
    return total


def standings(
    players: Sequence[Entrant],
    games: Sequence[Result],
    byes: Mapping[str, int],
    bye_points: float = 1.0,
    withdrawn: Collection[str] = (),
) -> tuple[Placing, ...]:
    """The standings, sorted and placed (see the module's text for each figure)."""
    score = scores(players, games, byes, bye_points)
    faced: dict[str, list[float]] = defaultdict(list)
    berger: dict[str, float] = defaultdict(float)
    wins: dict[str, int] = defaultdict(int)
    for game in games:
        for player in game.players:
            other = score[game.opponent(player)]
            faced[player].append(other)
            berger[player] += other * game.score(player)
            if game.winner == player:
                wins[player] += 1
    rows: dict[str, tuple[float, float, float, float]] = {}
    for p in players:
        buchholz = sum(faced[p.id])
        cut = buchholz - min(faced[p.id]) if faced[p.id] else 0.0
        rows[p.id] = (score[p.id], cut, buchholz, berger[p.id])
    direct: dict[str, float] = defaultdict(float)
    for game in games:
        a, b = game.players
        if rows[a] == rows[b]:
            direct[a] += game.score(a)
            direct[b] += game.score(b)
    order = sorted(
        players,
        key=lambda p: (
            tuple(-x for x in rows[p.id]),
            -direct[p.id],
            -wins[p.id],
            seed_key(p),
        ),
    )
    out = set(withdrawn)
    return tuple(
        Placing(
            place=i + 1,
            player=p.id,
            score=score[p.id],
            buchholz=rows[p.id][2],
            buchholz_cut1=rows[p.id][1],
            sonneborn_berger=rows[p.id][3],
            direct=direct[p.id],
            wins=wins[p.id],
            withdrawn=p.id in out,
        )
        for i, p in enumerate(order)
    )
