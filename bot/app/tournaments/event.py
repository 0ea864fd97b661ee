"""A tournament as it is stored: its terms, its entrants, its pairing state and its games, and
the pure steps that change it (sign-up, start, a result, a withdrawal, the next round).

The pairing itself is :mod:`bot.app.pairing`'s (knockout, Swiss, round-robin, arena): this
record holds that state (``plan``) beside what a chat needs around it — who signed up and under
which name, every game paired (``games``: its round, its board number, its players, where it is
played, its result), the round's deadline, the standings message.  Nothing here reads a clock, a
store or a chat: every step takes ``now`` and returns a new value, or raises
:class:`~bot.app.context.Refused` with the message that says why not.

How a round goes, by format:

* **knockout**: the bracket is seeded by rating (byes to the top seeds); a round is paired when
  the previous one is decided; the final's winner is the champion.
* **swiss**: ``rounds`` rounds (default: enough to find a winner), each paired when the last is
  finished, by score groups, never the same two players twice, at most one bye a player.
* **roundrobin**: everybody meets everybody (``rounds`` times), one Berger round after another.
* **arena**: for ``minutes`` minutes, a player is paired again as soon as his game ends (never
  against his last opponent); points 2 a win, +1 a gammon or mars, +2 a backgammon or koks,
  doubled on a streak.

Each round has a deadline (``round_seconds`` after it is paired; an arena's games end with the
arena): a game's move clock never runs past it, and who is to act when time runs out loses on
time — nobody has to claim.  A player who leaves or is removed while the event runs loses his
unplayed games by forfeit and is paired no more.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from bot.app.context import Refused
from bot.app.pairing import (
    Arena,
    Entrant,
    Knockout,
    PairingError,
    Result,
    RoundRobin,
    Swiss,
)

Format = Literal["swiss", "knockout", "roundrobin", "arena"]
Status = Literal["signup", "running", "paused", "over", "cancelled"]

FORMATS: tuple[Format, ...] = ("swiss", "knockout", "roundrobin", "arena")

MIN_PLAYERS = 2
"""Fewest players an event starts with."""

ARENA_GRACE = 15 * 60.0
"""Seconds an arena's games still in play when it ends have to finish (they count)."""


@dataclass(frozen=True)
class Entry:
    """A player of the event: user reference, the name shown, the rating he is seeded by, and
    whether he is out (``withdrew``: he left; ``removed``: the organiser took him out)."""

    ref: str
    name: str
    rating: float = 1500.0
    out: str | None = None

    def to_list(self) -> list[Any]:
        return [self.ref, self.name, self.rating, self.out]

    @classmethod
    def from_list(cls, data: Sequence[Any]) -> Entry:
        ref, name, rating, out = data
        return cls(str(ref), str(name), float(rating), None if out is None else str(out))


@dataclass(frozen=True)
class EventGame:
    """One game (a match) of the event: its round and board, its players (user references, in
    seat order), where it is played once placed (a table key's tag; ``None``: not placed yet),
    when its place was last asked for, its match id and its result (``None``: in play)."""

    round: int
    board: int
    players: tuple[str, str]
    place: str | None = None
    offered: float = 0.0
    match_id: str | None = None
    result: Result | None = None

    @property
    def label(self) -> str:
        """``3.12``: round and board."""
        return f"{self.round}.{self.board}"

    def to_list(self) -> list[Any]:
        result = None if self.result is None else self.result.to_dict()
        return [self.round, self.board, list(self.players), self.place, self.offered,
                self.match_id, result]  # fmt: skip

    @classmethod
    def from_list(cls, data: Sequence[Any]) -> EventGame:
        round_, board, players, place, offered, match_id, result = data
        a, b = players
        return cls(
            int(round_), int(board), (str(a), str(b)),
            None if place is None else str(place), float(offered),
            None if match_id is None else str(match_id),
            None if result is None else Result.from_dict(result),
        )  # fmt: skip


@dataclass(frozen=True)
class Terms:
    """What the creator chose: the format, the game and its options, the match length, the
    move clock and the round's time, how many rounds (Swiss; a round-robin's cycles), an
    arena's minutes, the most players, whether its matches are rated, when it starts by itself
    (``None``: at the creator's Start)."""

    format: Format
    variant: str = "backgammon"
    length: int = 1
    options: Mapping[str, Any] = field(default_factory=dict)
    clock: int = 86400
    round_seconds: int = 3 * 86400
    rounds: int = 0
    minutes: int = 0
    max_players: int = 64
    rated: bool = True
    starts_at: float | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": self.format, "variant": self.variant, "length": self.length,
            "options": dict(self.options), "clock": self.clock,
            "round": self.round_seconds, "rounds": self.rounds, "minutes": self.minutes,
            "max": self.max_players, "rated": self.rated, "starts": self.starts_at,
        }  # fmt: skip

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Terms:
        fmt = str(data["format"])
        if fmt not in FORMATS:
            raise ValueError(f"unknown format {fmt!r}")
        starts = data.get("starts")
        return cls(
            fmt,
            str(data["variant"]), int(data["length"]), dict(data.get("options", {})),
            int(data["clock"]), int(data["round"]), int(data["rounds"]), int(data["minutes"]),
            int(data["max"]), bool(data["rated"]), None if starts is None else float(starts),
        )  # fmt: skip


@dataclass(frozen=True)
class Tournament:
    """A tournament (see the module's docstring).  ``home`` is the chat it runs in (a table
    key's tag), ``status`` ``signup`` → ``running`` (``paused``: no new round is paired) →
    ``over`` (or ``cancelled``); ``plan`` the pairing state (``None`` before the start);
    ``round`` the round paired last and ``deadline`` when it ends; ``standings`` the message
    showing the standings and ``shown`` the version it shows; ``announced`` the last
    announcement reported posted (a round's pairings: its number; the end: the last round's
    number + 1: :attr:`announcement`) and ``announcing`` when the one due was last handed
    out to be posted (0: not yet)."""

    id: str
    home: str
    creator: str
    terms: Terms
    created: float
    status: Status = "signup"
    entries: tuple[Entry, ...] = ()
    plan: Mapping[str, Any] | None = None
    round: int = 0
    deadline: float | None = None
    games: tuple[EventGame, ...] = ()
    standings: str | None = None
    shown: int = 0
    shown_at: float = 0.0
    announced: int = 0
    announcing: float = 0.0
    lang: str | None = None
    version: int = 1
    frugal: bool = False
    """Its chat limits the bot's messages (a Telegram group): its games spend few too."""

    # -- reading ---------------------------------------------------------------------------------

    def entry(self, ref: str) -> Entry | None:
        return next((e for e in self.entries if e.ref == ref), None)

    def name_of(self, ref: str) -> str:
        found = self.entry(ref)
        return found.name if found is not None else ref

    @property
    def active(self) -> tuple[Entry, ...]:
        """The players still in."""
        return tuple(e for e in self.entries if e.out is None)

    @property
    def open(self) -> bool:
        """Whether the event is not over (nor cancelled)."""
        return self.status in ("signup", "running", "paused")

    def game(self, round_: int, board: int) -> EventGame | None:
        return next((g for g in self.games if g.round == round_ and g.board == board), None)

    @property
    def in_play(self) -> tuple[EventGame, ...]:
        """The games without a result."""
        return tuple(g for g in self.games if g.result is None)

    def current_games(self) -> tuple[EventGame, ...]:
        """The games of the round paired last (an arena: every game in play)."""
        if self.terms.format == "arena":
            return self.in_play
        return tuple(g for g in self.games if g.round == self.round)

    # -- the pairing state ----------------------------------------------------------------------

    def knockout(self) -> Knockout:
        assert self.plan is not None
        return Knockout.from_dict(self.plan)

    def swiss(self) -> Swiss:
        assert self.plan is not None
        return Swiss.from_dict(self.plan)

    def roundrobin(self) -> RoundRobin:
        assert self.plan is not None
        return RoundRobin.from_dict(self.plan)

    def arena(self) -> Arena:
        assert self.plan is not None
        return Arena.from_dict(self.plan)

    def total_rounds(self) -> int:
        """How many rounds the event has (an arena: 0, it has none)."""
        fmt = self.terms.format
        if fmt == "knockout" and self.plan is not None:
            return self.knockout().total_rounds
        if fmt == "swiss":
            return self.terms.rounds or swiss_rounds(len(self.active))
        if fmt == "roundrobin" and self.plan is not None:
            return len(self.roundrobin().rounds)
        return 0

    @property
    def announcement(self) -> int | None:
        """The announcement the event's chat is due now: the pairings of the round paired last
        (its number; an arena's pairings are not announced: they never stop), or once the event
        is over its end (the last round's number + 1); ``None``: none (before the start, an
        arena running, a cancelled event)."""
        if self.status == "over":
            return self.round + 1
        if self.status in ("running", "paused") and self.terms.format != "arena" and self.round:
            return self.round
        return None

    # -- the stored form -------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id, "home": self.home, "creator": self.creator,
            "terms": self.terms.to_dict(), "created": self.created, "status": self.status,
            "entries": [e.to_list() for e in self.entries],
            "plan": None if self.plan is None else dict(self.plan),
            "round": self.round, "deadline": self.deadline,
            "games": [g.to_list() for g in self.games], "standings": self.standings,
            "shown": self.shown, "shown_at": self.shown_at, "announced": self.announced,
            "announcing": self.announcing, "lang": self.lang, "version": self.version,
            "frugal": self.frugal,
        }  # fmt: skip

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Tournament:
        status = str(data["status"])
        if status not in ("signup", "running", "paused", "over", "cancelled"):
            raise ValueError(f"unknown status {status!r}")
        deadline = data.get("deadline")
        return cls(
            id=str(data["id"]), home=str(data["home"]), creator=str(data["creator"]),
            terms=Terms.from_dict(data["terms"]), created=float(data["created"]),
            status=status,  # type: ignore[arg-type]
            entries=tuple(Entry.from_list(e) for e in data["entries"]),
            plan=None if data.get("plan") is None else dict(data["plan"]),
            round=int(data["round"]), deadline=None if deadline is None else float(deadline),
            games=tuple(EventGame.from_list(g) for g in data["games"]),
            standings=None if data.get("standings") is None else str(data["standings"]),
            shown=int(data["shown"]), shown_at=float(data["shown_at"]),
            announced=int(data["announced"]),
            announcing=float(data.get("announcing", 0.0)),
            lang=None if data.get("lang") is None else str(data["lang"]),
            version=int(data["version"]), frugal=bool(data.get("frugal", False)),
        )  # fmt: skip

    def bumped(self, **changes: Any) -> Tournament:
        """The next version with ``changes``."""
        return replace(self, version=self.version + 1, **changes)


def swiss_rounds(players: int) -> int:
    """The Swiss rounds that find a single winner among ``players``: ⌈log2 n⌉ (at least 1)."""
    return max(1, math.ceil(math.log2(max(2, players))))


# -- sign-up --------------------------------------------------------------------------------------


def join(event: Tournament, ref: str, name: str, rating: float, now: float) -> Tournament:
    """``ref`` signs up (or comes back into an arena that runs)."""
    found = event.entry(ref)
    arena_running = event.terms.format == "arena" and event.status in ("running", "paused")
    if event.status != "signup" and not arena_running:
        raise Refused("tournament-signup-closed")
    if found is not None and found.out is None:
        raise Refused("tournament-already-in")
    if found is None and len(event.active) >= event.terms.max_players:
        raise Refused("tournament-full", count=event.terms.max_players)
    if found is not None and found.out == "removed":
        raise Refused("tournament-removed")
    entry = Entry(ref, name, rating)
    entries = tuple(entry if e.ref == ref else e for e in event.entries)
    if found is None:
        entries = (*entries, entry)
    joined = event.bumped(entries=entries)
    if arena_running:
        joined = joined.bumped(plan=event.arena().join(Entrant(ref, rating), now).to_dict())
    return joined


def leave(event: Tournament, ref: str, now: float, *, removed: bool = False) -> Tournament:
    """``ref`` leaves (``removed``: the organiser takes him out): before the start he is off
    the list; once it runs, his games not played are lost by forfeit and he is paired no more."""
    found = event.entry(ref)
    if found is None or found.out is not None:
        raise Refused("tournament-not-in")
    if not event.open:
        raise Refused("tournament-over")
    if event.status == "signup":
        return event.bumped(entries=tuple(e for e in event.entries if e.ref != ref))
    out = "removed" if removed else "withdrew"
    entries = tuple(replace(e, out=out) if e.ref == ref else e for e in event.entries)
    left = event.bumped(entries=entries)
    fmt = event.terms.format
    if fmt == "arena":
        return left.bumped(plan=event.arena().leave(ref).to_dict())
    plan: Knockout | Swiss | RoundRobin
    if fmt == "knockout":
        plan = event.knockout().withdraw(ref)
    elif fmt == "swiss":
        plan = event.swiss().withdraw(ref)
    else:
        plan = event.roundrobin().withdraw(ref)
    games = tuple(_forfeited(g, ref) for g in event.games)
    return left.bumped(plan=plan.to_dict(), games=games)


def _forfeited(game: EventGame, gone: str) -> EventGame:
    """``game`` lost by ``gone`` by forfeit when it has no result yet."""
    if game.result is not None or gone not in game.players:
        return game
    a, b = game.players
    return replace(game, result=Result(a, b, b if a == gone else a, forfeit=True))


# -- the start and the rounds ---------------------------------------------------------------------


def start(event: Tournament, now: float) -> Tournament:
    """The event starts: the pairing state made from the players in (seeded by rating)."""
    if event.status != "signup":
        raise Refused("tournament-started")
    players = [Entrant(e.ref, e.rating) for e in event.active]
    if len(players) < MIN_PLAYERS:
        raise Refused("tournament-too-few", count=MIN_PLAYERS)
    fmt = event.terms.format
    try:
        plan: Knockout | Swiss | RoundRobin | Arena
        if fmt == "knockout":
            plan = Knockout.start(players)
        elif fmt == "swiss":
            plan = Swiss.start(players)
        elif fmt == "roundrobin":
            plan = RoundRobin.start(players, max(1, event.terms.rounds))
        else:
            arena = Arena(now + 60.0 * event.terms.minutes)
            for p in players:
                arena = arena.join(p, now)
            plan = arena
    except PairingError as exc:
        raise Refused("tournament-cannot-pair", reason=exc.code) from None
    started = event.bumped(status="running", plan=plan.to_dict())
    if fmt == "swiss" and not event.terms.rounds:
        started = replace(started, terms=replace(event.terms, rounds=swiss_rounds(len(players))))
    return started


def pair(event: Tournament, now: float) -> tuple[Tournament, tuple[EventGame, ...]]:
    """Pair what is due now: the next round once the last is finished (an arena: the players
    waiting), or end the event when nothing is left to play.  The new state and the new games
    (none when nothing was due)."""
    if event.status != "running":
        return event, ()
    fmt = event.terms.format
    if fmt == "arena":
        return _pair_arena(event, now)
    if event.in_play:
        return event, ()
    if fmt == "knockout":
        knockout = event.knockout()
        if event.round and (knockout.finished or len(knockout.rounds) == event.round):
            if knockout.finished:
                return _over(event, now), ()
            knockout = knockout.advance()
        pairs = [
            (m.present[0], m.present[1])
            for m in knockout.current
            if m.result is None and len(m.present) == 2
        ]
        return _round(event, knockout.to_dict(), pairs, now)
    if fmt == "swiss":
        swiss = event.swiss()
        if len(swiss.rounds) >= event.terms.rounds or len(swiss.contenders()) < MIN_PLAYERS:
            return _over(event, now), ()
        try:
            swiss = swiss.pair_next()
        except PairingError:
            return _over(event, now), ()  # nobody left who may meet: the event ends here
        current = swiss.rounds[-1]
        return _round(event, swiss.to_dict(), list(current.pairs), now)
    robin = event.roundrobin()
    pending = robin.pending()
    if not pending:
        return _over(event, now), ()
    first = pending[0][0]
    pairs = [(a, b) for i, a, b in pending if i == first]
    return _round(event, robin.to_dict(), pairs, now)


def _round(
    event: Tournament, plan: Mapping[str, Any], pairs: Sequence[tuple[str, str]], now: float
) -> tuple[Tournament, tuple[EventGame, ...]]:
    number = event.round + 1
    games = tuple(EventGame(number, i + 1, pair) for i, pair in enumerate(pairs))
    paired = event.bumped(
        plan=plan,
        round=number,
        deadline=now + event.terms.round_seconds,
        games=(*event.games, *games),
    )
    if not games:  # a round of byes alone (a knockout's walk-overs): on to the next
        return pair(paired, now)
    return paired, games


def _pair_arena(event: Tournament, now: float) -> tuple[Tournament, tuple[EventGame, ...]]:
    arena = event.arena()
    if now >= arena.ends_at:
        if not event.in_play:
            return _over(event, now), ()
        return event, ()
    arena, pairs = arena.pair(now)
    if not pairs:
        return event, ()
    number = event.round + 1  # an arena's "round" numbers its pairing calls
    start = 1 + sum(1 for g in event.games if g.round == number)
    games = tuple(EventGame(number, start + i, pair) for i, pair in enumerate(pairs))
    paired = event.bumped(
        plan=arena.to_dict(),
        round=number,
        deadline=arena.ends_at + ARENA_GRACE,
        games=(*event.games, *games),
    )
    return paired, games


def _over(event: Tournament, now: float) -> Tournament:
    return event.bumped(status="over", deadline=None)


def record(event: Tournament, round_: int, board: int, result: Result, now: float) -> Tournament:
    """The result of game ``round_.board`` (once: a result already in changes nothing)."""
    game = event.game(round_, board)
    if game is None or game.result is not None or not event.open:
        return event
    if set(result.players) != set(game.players):
        return event
    fmt = event.terms.format
    try:
        plan: Knockout | Swiss | RoundRobin | Arena
        if fmt == "knockout":
            plan = event.knockout().record(result)
        elif fmt == "swiss":
            plan = event.swiss().record(result)
        elif fmt == "roundrobin":
            plan = event.roundrobin().record(result)
        else:
            plan = event.arena().record(result, now)
    except PairingError:
        return event  # recorded already by a withdrawal's forfeit
    games = tuple(replace(g, result=result) if g is game else g for g in event.games)
    return event.bumped(plan=plan.to_dict(), games=games)


def placed(event: Tournament, round_: int, board: int, place: str) -> Tournament:
    """Game ``round_.board`` is played at ``place`` (a table key's tag) from now on."""
    game = event.game(round_, board)
    if game is None or game.place == place:
        return event
    games = tuple(replace(g, place=place) if g is game else g for g in event.games)
    return event.bumped(games=games)


def with_match_id(event: Tournament, round_: int, board: int, match_id: str | None) -> Tournament:
    """Game ``round_.board``'s match id (for its history and ``.mat`` file)."""
    game = event.game(round_, board)
    if game is None or game.match_id == match_id:
        return event
    games = tuple(replace(g, match_id=match_id) if g is game else g for g in event.games)
    return replace(event, games=games)
