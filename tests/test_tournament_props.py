"""Tournaments' pure steps (:mod:`bot.app.tournaments.event`) over 1,000 random small events.

Each event has a random format, 2 to 12 players who sign up (some leave again), random results
(wins of every kind, losses on time) and withdrawals or removals mid-event, and is driven only
by ``join``, ``leave``, ``start``, ``pair`` and ``record`` to its end.  Checked against what is
recomputed here from the event's own game records: no two players paired twice in a Swiss or a
round-robin's cycle, the Swiss's top score group paired within itself whenever it can be, its
floats the fewest possible (a brute force over every pairing of fields up to eight), at most one bye
a player, every event over within its rounds, and the standings' tie-breaks.  The Swiss's
pairings are also cross-checked against py4swiss's FIDE Dutch engine as ``test_pairing`` does
for the pairing engine alone (its helpers are reused, not copied).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter, defaultdict
from collections.abc import Sequence

from py4swiss.engines.common import PairingError as FideUnpairable
from test_pairing import assert_standings, fide_pairing, float_vector, reference_pairings

from bot.app.pairing import Contender, Kind, Result, Swiss
from bot.app.tournaments.event import (
    FORMATS,
    EventGame,
    Terms,
    Tournament,
    join,
    leave,
    pair,
    record,
    start,
)

EVENTS = 1000


def random_result(rng: random.Random, a: str, b: str) -> Result:
    """A finished tournament match: always a winner (the app gives every game one), sometimes
    on time (a forfeit), else won single, gammon or backgammon."""
    winner = rng.choice((a, b))
    if rng.random() < 0.15:
        return Result(a, b, winner, forfeit=True)
    kind = rng.choice((Kind.SINGLE, Kind.SINGLE, Kind.GAMMON, Kind.BACKGAMMON))
    return Result(a, b, winner, kind=kind)


def signed_up(rng: random.Random) -> Tournament:
    """A random event in sign-up: its format and terms, its players (some of whom left)."""
    fmt = rng.choice(FORMATS)
    rounds = rng.randint(0, 6) if fmt == "swiss" else rng.randint(1, 2)
    terms = Terms(fmt, rounds=rounds, minutes=rng.randint(1, 20), round_seconds=3600)
    event = Tournament("0123abcd", "telegram:-1", "telegram:1", terms, created=0.0)
    count = rng.randint(2, 12)
    refs = [f"telegram:{i}" for i in range(1, count + 1)]
    for ref in refs:
        rating = float(rng.choice((1400, 1500, 1500, 1600, 1750)))
        event = join(event, ref, ref.upper(), rating, 0.0)
    for ref in rng.sample(refs, rng.randint(0, 2)):
        if len(event.active) > 2:
            event = leave(event, ref, 0.0)
    return event


def maybe_withdraw(rng: random.Random, event: Tournament, now: float) -> Tournament:
    """Now and then a player leaves or is removed (while two or more are in)."""
    if rng.random() < 0.04 and len(event.active) > 1:
        ref = rng.choice(event.active).ref
        return leave(event, ref, now, removed=rng.random() < 0.5)
    return event


def perfect_matching_exists(players: Sequence[str], allowed: dict[str, set[str]]) -> bool:
    if not players:
        return True
    first, rest = players[0], players[1:]
    return any(
        perfect_matching_exists([p for p in rest if p != other], allowed)
        for other in rest
        if other in allowed[first]
    )


def check_top_group(before: Swiss, paired: Swiss) -> bool:
    """When the top score group is even and its players can all be paired among themselves
    (and the rest among themselves, the bye included), they are: nobody floats out of it.
    Whether the case arose."""
    contenders = before.contenders()
    if not contenders:
        return False
    top = max(c.score for c in contenders)
    group = [c.id for c in contenders if c.score == top]
    rest = [c.id for c in contenders if c.score != top]
    if len(group) % 2:
        return False
    met = {c.id: set(c.opponents) for c in contenders}
    allowed: dict[str, set[str]] = defaultdict(set)
    nodes = rest + (["BYE"] if len(rest) % 2 else [])
    for a, b in itertools.combinations(group + nodes, 2):
        if "BYE" in (a, b):
            who = a if b == "BYE" else b
            ok = not next(c for c in contenders if c.id == who).had_bye
        else:
            ok = b not in met[a]
        if ok:
            allowed[a].add(b)
            allowed[b].add(a)
    if not (perfect_matching_exists(group, allowed) and perfect_matching_exists(nodes, allowed)):
        return False
    inside = set(group)
    current = paired.rounds[-1]
    for a, b in current.pairs:
        assert (a in inside) == (b in inside), (group, current)
    assert current.bye not in inside
    return True


def check_swiss_round(
    before: Tournament, after: Tournament, games: Sequence[EventGame], stats: Counter[str]
) -> None:
    """A Swiss round as paired: everyone in paired once, no repeat, no second bye, the top
    group kept together, the fewest floats, and (while nobody left) py4swiss's agreement."""
    swiss_before = before.swiss()
    swiss = after.swiss()
    current = swiss.rounds[-1]
    assert [g.players for g in games] == list(current.pairs)
    active = {e.ref for e in after.active}
    paired = [p for pair in current.pairs for p in pair]
    paired += [] if current.bye is None else [current.bye]
    assert sorted(paired) == sorted(active)
    met = Counter(frozenset(p) for rnd in swiss.rounds for p in rnd.pairs)
    assert max(met.values(), default=1) == 1
    byes = Counter(rnd.bye for rnd in swiss.rounds if rnd.bye is not None)
    assert max(byes.values(), default=1) == 1
    stats["top group kept"] += check_top_group(swiss_before, swiss)
    contenders: list[Contender] = swiss_before.contenders()
    if len(contenders) <= 8:
        best, _ = reference_pairings(contenders)
        assert float_vector(contenders, current.pairs, current.bye) == best
    if swiss_before.withdrawn or len(swiss_before.players) != len(contenders):
        return
    try:
        theirs, their_bye = fide_pairing(swiss_before, before.terms.rounds)
    except FideUnpairable:
        assert swiss_before.rounds  # colours alone can refuse, never in round 1
        stats["refused by colours"] += 1
        return
    stats["cross-checked"] += 1
    if not swiss_before.rounds:
        assert {frozenset(p) for p in theirs} == {frozenset(p) for p in current.pairs}
        assert their_bye == current.bye
    assert float_vector(contenders, current.pairs, current.bye) <= float_vector(
        contenders, theirs, their_bye
    )


def check_standings(event: Tournament) -> None:
    """The standings recomputed from the event's own game records (and the Swiss's byes):
    score, Buchholz, Buchholz cut-1, Sonneborn-Berger, wins; the pairing state holds the same
    results; then the full recomputation of ``test_pairing`` (direct encounter and order)."""
    fmt = event.terms.format
    plan = event.swiss() if fmt == "swiss" else event.roundrobin()
    played = [g.result for g in event.games if g.result is not None]
    recorded = plan.games if isinstance(plan, Swiss) else plan.results
    assert Counter(played) <= Counter(recorded)  # a round-robin adds the forfeits to come
    games = list(recorded)
    byes = Counter(r.bye for r in plan.rounds if r.bye is not None) if fmt == "swiss" else {}
    score: dict[str, float] = {e.ref: float(byes.get(e.ref, 0)) for e in event.entries}
    for result in games:
        assert result.winner is not None
        score[result.winner] += 1
    faced: dict[str, list[float]] = defaultdict(list)
    beaten: dict[str, float] = defaultdict(float)
    for result in games:
        for me in result.players:
            other = result.opponent(me)
            faced[me].append(score[other])
            if result.winner == me:
                beaten[me] += score[other]
    for row in plan.standings():
        ref = row.player
        assert row.score == score[ref]
        assert row.buchholz == sum(faced[ref])
        assert row.buchholz_cut1 == (sum(faced[ref]) - min(faced[ref]) if faced[ref] else 0)
        assert row.sonneborn_berger == beaten[ref]
        assert row.wins == sum(1 for r in games if r.winner == ref)
        entry = event.entry(ref)
        assert entry is not None and row.withdrawn == (entry.out is not None)
    assert_standings(plan)


def arena_points(results: Sequence[Result], ref: str) -> int:
    total, streak = 0, 0
    for result in results:
        if result.winner == ref:
            won = 2 + {Kind.SINGLE: 0, Kind.GAMMON: 1, Kind.BACKGAMMON: 2}[result.kind]
            total += won * (2 if streak >= 2 else 1)
            streak += 1
        else:
            streak = 0
    return total


def run_rounds(rng: random.Random, event: Tournament, stats: Counter[str]) -> Tournament:
    """A knockout, Swiss or round-robin played round by round to its end."""
    now = 1.0
    fmt = event.terms.format
    for _ in range(200):
        before = event
        event, games = pair(event, now)
        if event.status == "over":
            assert not games
            return event
        assert games and all(g.result is None for g in games)
        assert event.round == before.round + 1 or fmt == "knockout"
        if fmt == "swiss":
            check_swiss_round(before, event, games, stats)
        busy = Counter(p for g in event.in_play for p in g.players)
        assert max(busy.values()) == 1
        for game in rng.sample(event.in_play, len(event.in_play)):
            event = maybe_withdraw(rng, event, now)
            found = event.game(game.round, game.board)
            assert found is not None
            if found.result is not None:  # lost by a withdrawal
                assert found.result.forfeit
                continue
            result = random_result(rng, *found.players)
            event = record(event, found.round, found.board, result, now)
            assert event.game(game.round, game.board) == EventGame(
                found.round, found.board, found.players, result=result
            )
            again = random_result(rng, *found.players)
            assert record(event, found.round, found.board, again, now) == event  # once only
        event = maybe_withdraw(rng, event, now)
        now += 60.0
    raise AssertionError("the event never ended")


def run_arena(rng: random.Random, event: Tournament, stats: Counter[str]) -> Tournament:
    """An arena played on a clock: games end at random times, players come and go."""
    now = 0.0
    ends = event.arena().ends_at
    for _ in range(2000):
        event, games = pair(event, now)
        if event.status == "over":
            return event
        if games:
            stats["arena pairings"] += 1
            assert now < ends
        busy = Counter(p for g in event.in_play for p in g.players)
        assert max(busy.values(), default=1) == 1
        for game in list(event.in_play):
            if now >= ends or rng.random() < 0.3:
                event = record(
                    event, game.round, game.board, random_result(rng, *game.players), now
                )
        event = maybe_withdraw(rng, event, now)
        gone = [e for e in event.entries if e.out == "withdrew"]
        if gone and rng.random() < 0.05:
            event = join(event, gone[0].ref, gone[0].name, gone[0].rating, now)
        now += rng.uniform(5.0, 90.0)
    raise AssertionError("the arena never ended")


def check_over(event: Tournament) -> None:
    """What holds of every finished event, by format."""
    assert event.status == "over" and not event.in_play
    fmt = event.terms.format
    labels = [(g.round, g.board) for g in event.games]
    assert len(labels) == len(set(labels))
    if fmt == "swiss":
        assert event.round <= event.terms.rounds
        assert event.terms.rounds >= 1  # the default set at the start
        check_standings(event)
    elif fmt == "roundrobin":
        robin = event.roundrobin()
        assert event.round <= len(robin.rounds)
        met = Counter(frozenset(r.players) for r in robin.results)
        assert max(met.values(), default=1) <= robin.cycles
        assert not robin.pending()
        check_standings(event)
    elif fmt == "knockout":
        knockout = event.knockout()
        assert event.round <= knockout.total_rounds and knockout.finished
        seeds = [p.id for p in knockout.seeds]
        first_round = [m for m in knockout.rounds[0] if len(m.present) == 1]
        byes = knockout.size - len(seeds)
        if not knockout.withdrawn:
            assert sorted(m.present[0] for m in first_round) == sorted(seeds[:byes])
            losers = {m.result.loser for rnd in knockout.rounds for m in rnd if m.result}
            assert [p for p in seeds if p not in losers] == [knockout.champion]
    else:
        arena = event.arena()
        last: dict[str, str] = {}
        results: dict[str, list[Result]] = defaultdict(list)
        for game in event.games:
            a, b = game.players
            assert last.get(a) != b and last.get(b) != a
            last[a], last[b] = b, a
            assert game.result is not None
            results[a].append(game.result)
            results[b].append(game.result)
        assert all(g.started < arena.ends_at for g in arena.games)
        points = arena.points()
        assert points == {p.id: arena_points(results[p.id], p.id) for p in arena.players}


def test_random_events_through_the_pure_steps() -> None:
    """1,000 random events, each to its end (see the module's text)."""
    stats: Counter[str] = Counter()
    for seed in range(EVENTS):
        rng = random.Random(seed)
        event = signed_up(rng)
        event = start(event, 0.0)  # two players or more always start
        stats[event.terms.format] += 1
        if event.terms.format == "arena":
            event = run_arena(rng, event, stats)
        else:
            event = run_rounds(rng, event, stats)
        check_over(event)
        stats["withdrawals"] += sum(1 for e in event.entries if e.out is not None)
    assert min(stats[f] for f in FORMATS) >= 200
    assert stats["withdrawals"] >= 100 and stats["cross-checked"] >= 300
    assert stats["top group kept"] >= 300
    assert stats["refused by colours"] <= 0.05 * stats["cross-checked"]
