"""Arena: play as many games as you like until the clock runs out; points decide.

**Pairing.** Whenever players are waiting, :meth:`Arena.pair` pairs them: the waiting players
are ordered by points (most first), then by time waited (longest first), then by seeding
(rating, then id); the first not yet paired meets the next one in that order who was not his
last opponent (and whose last opponent he was not): never the same opponent twice in a row.  A
player with no such partner waits for the next call.  Nobody is paired once the arena has ended.

**Points.** A win scores 2, a draw (long nardy's ``last_roll_draw``) 1, a loss 0; a gammon (a
mars) adds 1 to a win, a backgammon (a koks) 2; a forfeit win scores 2.

**Streak**, as lichess defines it: a player is *on a streak* (lichess's "on fire") when his last
two games were both wins.  While on a streak, every game's points are doubled: a win 4 (a
gammon 6, a backgammon 8), a draw 2, a loss 0.  A game that is not a win (a loss, a draw, a
forfeit lost) ends the streak; it starts again after two more wins in a row.  So of the results
W W W W L W, the points are 2 2 4 4 0 2.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.app.pairing.entrants import Entrant, Kind, PairingError, Result, seed_key

WIN = 2
DRAW = 1
BONUS: Mapping[Kind, int] = {Kind.SINGLE: 0, Kind.GAMMON: 1, Kind.BACKGAMMON: 2}
"""What a gammon (mars) or backgammon (koks) adds to a win."""


def base_points(result: Result, player: str) -> int:
    """The points ``player`` scores for ``result`` off a streak."""
    result.opponent(player)
    if result.winner is None:
        return DRAW
    if result.winner != player:
        return 0
    return WIN + BONUS[result.kind]


def sheet(results: Iterable[Result], player: str) -> tuple[int, ...]:
    """The points ``player`` scored for each of ``results`` (his games in the order played),
    streaks applied."""
    points = []
    wins_in_a_row = 0
    for result in results:
        base = base_points(result, player)
        points.append(2 * base if wins_in_a_row >= 2 else base)
        wins_in_a_row = wins_in_a_row + 1 if result.winner == player else 0
    return tuple(points)


def on_streak(results: Sequence[Result], player: str) -> bool:
    """Whether ``player``'s next game counts double (his last two games were wins)."""
    return len(results) >= 2 and all(r.winner == player for r in results[-2:])


@dataclass(frozen=True, slots=True)
class ArenaGame:
    """A game the arena paired: its players, when it started, its result once finished."""

    players: tuple[str, str]
    started: float
    result: Result | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "started": self.started,
            "result": None if self.result is None else self.result.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ArenaGame:
        a, b = data["players"]
        result = data["result"]
        return cls(
            (str(a), str(b)),
            float(data["started"]),
            None if result is None else Result.from_dict(result),
        )


@dataclass(frozen=True, slots=True)
class ArenaPlacing:
    """One line of the arena's standings."""

    place: int
    player: str
    points: int
    games: int
    wins: int
    on_streak: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "place": self.place,
            "player": self.player,
            "points": self.points,
            "games": self.games,
            "wins": self.wins,
            "on_streak": self.on_streak,
        }


@dataclass(frozen=True, slots=True)
class Arena:
    """An arena: when it ends, who joined, who is waiting (and since when), the games paired
    (in the order paired), who left.  Times are seconds on the caller's clock."""

    ends_at: float
    players: tuple[Entrant, ...] = ()
    waiting: tuple[tuple[str, float], ...] = ()
    games: tuple[ArenaGame, ...] = ()
    left: tuple[str, ...] = ()

    def entrant(self, player: str) -> Entrant:
        found = next((p for p in self.players if p.id == player), None)
        if found is None:
            raise PairingError(f"{player} is not in the arena", code="unknown_player")
        return found

    def playing(self, player: str) -> ArenaGame | None:
        """The game ``player`` is in now, if any."""
        return next((g for g in self.games if g.result is None and player in g.players), None)

    def results_of(self, player: str) -> tuple[Result, ...]:
        """``player``'s finished games in the order played."""
        return tuple(self.histories().get(player, ()))

    def histories(self) -> dict[str, list[Result]]:
        """Each player's finished games in the order played (one pass over the games)."""
        found: dict[str, list[Result]] = {p.id: [] for p in self.players}
        for game in self.games:
            if game.result is not None:
                for player in game.players:
                    found[player].append(game.result)
        return found

    def last_opponents(self) -> dict[str, str]:
        """Each player's opponent in his latest game paired."""
        found: dict[str, str] = {}
        for a, b in (g.players for g in self.games):
            found[a], found[b] = b, a
        return found

    def join(self, player: Entrant, now: float) -> Arena:
        """The state with ``player`` in (again) and waiting, unless in a game or ended."""
        players = self.players
        if all(p.id != player.id for p in players):
            players = (*players, player)
        state = replace(self, players=players, left=tuple(p for p in self.left if p != player.id))
        return state.wait(player.id, now)

    def wait(self, player: str, now: float) -> Arena:
        self.entrant(player)
        if (
            now >= self.ends_at
            or player in self.left
            or self.playing(player) is not None
            or any(p == player for p, _ in self.waiting)
        ):
            return self
        return replace(self, waiting=(*self.waiting, (player, now)))

    def leave(self, player: str) -> Arena:
        """The state with ``player`` gone: no longer waiting nor paired (a game in hand goes
        on until its result)."""
        self.entrant(player)
        return replace(
            self,
            waiting=tuple(w for w in self.waiting if w[0] != player),
            left=self.left if player in self.left else (*self.left, player),
        )

    def pair(self, now: float) -> tuple[Arena, tuple[tuple[str, str], ...]]:
        """Pair the waiting players (see the module's text): the new state and the pairs."""
        if now >= self.ends_at or len(self.waiting) < 2:
            return self, ()
        points = self.points()
        ratings = {p.id: p for p in self.players}
        order = sorted(self.waiting, key=lambda w: (-points[w[0]], w[1], seed_key(ratings[w[0]])))
        last = self.last_opponents()
        taken: set[str] = set()
        pairs: list[tuple[str, str]] = []
        for i, (player, _) in enumerate(order):
            if player in taken:
                continue
            for other, _ in order[i + 1 :]:
                if other in taken or last.get(player) == other or last.get(other) == player:
                    continue
                taken.update((player, other))
                pairs.append((player, other))
                break
        games = tuple(ArenaGame(p, now) for p in pairs)
        waiting = tuple(w for w in self.waiting if w[0] not in taken)
        return replace(self, waiting=waiting, games=(*self.games, *games)), tuple(pairs)

    def record(self, result: Result, now: float) -> Arena:
        """The state with the result of a game in play; its players wait again."""
        game = self.playing(result.first)
        if game is None or set(game.players) != set(result.players):
            raise PairingError("these two are not playing each other", code="not_paired")
        games = tuple(replace(g, result=result) if g is game else g for g in self.games)
        state = replace(self, games=games)
        for player in game.players:
            state = state.wait(player, now)
        return state

    def points(self) -> dict[str, int]:
        return {p: sum(sheet(results, p)) for p, results in self.histories().items()}

    def standings(self) -> tuple[ArenaPlacing, ...]:
        """By points, then wins, then seeding (rating, then id)."""
        rows = []
        histories = self.histories()
        for p in self.players:
            results = histories[p.id]
            wins = sum(1 for r in results if r.winner == p.id)
            rows.append((p, sum(sheet(results, p.id)), len(results), wins, results))
        rows.sort(key=lambda row: (-row[1], -row[3], seed_key(row[0])))
        return tuple(
            ArenaPlacing(i + 1, p.id, points, games, wins, on_streak(results, p.id))
            for i, (p, points, games, wins, results) in enumerate(rows)
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "system": "arena",
            "ends_at": self.ends_at,
            "players": [p.to_dict() for p in self.players],
            "waiting": [[p, since] for p, since in self.waiting],
            "games": [g.to_dict() for g in self.games],
            "left": list(self.left),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Arena:
        if data.get("system") != "arena":
            raise PairingError("not an arena", code="bad_state")
        return cls(
            ends_at=float(data["ends_at"]),
            players=tuple(Entrant.from_dict(p) for p in data["players"]),
            waiting=tuple((str(p), float(since)) for p, since in data["waiting"]),
            games=tuple(ArenaGame.from_dict(g) for g in data["games"]),
            left=tuple(str(p) for p in data["left"]),
        )
