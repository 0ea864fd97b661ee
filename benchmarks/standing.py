"""Bytes in Redis per finished match kept in the players' histories, and per player's standing.

Run ``python -m benchmarks.standing`` from the repository root (``--help`` for the sizes).  The
command starts its own ``redis-server`` on a free port (never the machine's 6379) and, through
the engine, plays 7-point backgammon matches to the end with random legal plays (``--cube``:
doubling now and then; without it, the most games a 7-point match has), every game's dice drawn
from its own committed seed, derived from the match's secret as the app's are
(:mod:`bot.app.dice`).  Each finished match is kept as the history keeps it
(:class:`bot.app.history.MatchRecord` in both players' histories, bounded at 100), rated
(:func:`bot.app.standing.record_rated_match`) and its dice counted
(:func:`bot.app.standing.record_dice`).  It prints Redis' ``MEMORY USAGE`` of the history keys
(the records kept and both players' lists of ids) divided by the matches kept, and of a
player's standing with its leaderboard entries; beside them, the same records as plain JSON
(the engine's match state as it is, seeds in hex, no compression) measured the same way.
Targets: at most 1,536 bytes per match kept, 1,024 bytes per player for rating and statistics.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
from collections.abc import Sequence

import orjson
from redis.asyncio import Redis

from benchmarks.app import redis_server
from bot.app.dice import DiceScheme, GameDice
from bot.app.history import MatchRecord, game_id
from bot.app.standing import record_dice, record_rated_match, standing_key
from bot.store import RedisStore, TableKey, UserKey, history_key, leaderboard_key, match_key
from engine.cube import Options
from engine.dicestats import DiceStats, bar_entry
from engine.fairdice import verify
from engine.game import Game, Phase
from engine.match import Match

MATCH_TARGET = 1536
PLAYER_TARGET = 1024
CLIENT_SEEDS = ("3f9a1c0b7d2e", "b41e6a09c3f7")
"""Two client seeds as the app draws them (12 hex digits)."""


def plain(record: MatchRecord) -> bytes:
    """The same record as plain JSON: the engine's match state as it is, seeds in hex, no
    packing of its own and no compression (the figure the compact record is compared with)."""
    return orjson.dumps(
        {
            "id": record.match_id,
            "finished": record.finished,
            "players": record.players,
            "winner": record.winner,
            "reason": record.reason,
            "rating": record.rating,
            "seeds": [s.hex() for s in record.seeds],
            "client_seeds": record.client_seeds,
            "match": record.match,
        }
    )


def play_match(
    rng: random.Random, scheme: DiceScheme, match_id: str, master: bytes, cube: bool
) -> tuple[Match, list[GameDice], list[DiceStats]]:
    """A 7-point match to its end, its games' seeds derived from ``master`` as the app's are;
    each game's dice and both players' dice statistics."""
    match = Match.new(length=7, options=Options(cube=cube))
    seeds: list[GameDice] = []
    stats = [DiceStats(), DiceStats()]
    while True:
        dice = scheme.new_game(game_id(match_id, match.number), CLIENT_SEEDS, master)
        drawing = scheme.drawing(dice)
        game = match.game
        while not game.is_over:
            game = _act(game, rng, drawing, stats)
        seeds.append(drawing.state)
        match = match.with_game(game)
        if match.is_over:
            return match, seeds, stats
        match = match.next_game()


def _act(game: Game, rng: random.Random, dice: object, stats: list[DiceStats]) -> Game:
    assert callable(dice)
    if game.phase is Phase.OPENING:
        return game.roll(0, dice)
    turn = game.turn
    assert turn is not None
    if game.phase is Phase.ROLL:
        if "double" in game.allowed(turn) and rng.random() < 0.1:
            return game.double(turn)
        before = game.position
        game = game.roll(turn, dice)
        assert game.dice is not None
        closed, entered = bar_entry(before, game.dice)
        stats[turn] = stats[turn].with_roll(game.dice, closed, entered)
        return game
    if game.phase is Phase.DOUBLED:
        return game.take(1 - turn) if rng.random() < 0.7 else game.pass_(1 - turn)
    plays = game.builder.legal_plays
    if plays:
        return game.play(turn, rng.choice(plays))
    while not game.builder.is_complete:
        game = game.add_step(turn, rng.choice(game.next_steps()))
    return game.confirm(turn)


async def run(matches: int, cube: bool, seed: int) -> int:
    rng = random.Random(seed)
    scheme = DiceScheme.seeded(seed)
    chat = TableKey("telegram", "-1001234567890")
    ann, bob = UserKey("telegram", "1234567890"), UserKey("telegram", "9876543210")
    games: list[int] = []
    payloads: list[int] = []
    plains: dict[str, bytes] = {}
    with redis_server() as url:
        client = Redis.from_url(url)
        store = RedisStore(client)
        try:
            for n in range(matches):
                match_id = f"{rng.getrandbits(48):012x}"  # as long as the app's ids
                master = scheme.master_seed()
                match, seeds, stats = play_match(rng, scheme, match_id, master, cube)
                winner = match.winner
                assert winner is not None
                users = (ann, bob)
                rated = await record_rated_match(
                    store, chat, match_id, "backgammon", 7, users[winner], users[1 - winner]
                )
                deltas = (rated.delta_of(ann), rated.delta_of(bob))
                record = MatchRecord(
                    match_id, 1.8e9 + n, ((ann.tag, "Ann"), (bob.tag, "Bob")), winner,
                    "played", deltas, tuple(s.seed.server_seed for s in seeds),
                    CLIENT_SEEDS, match.archived().to_dict(), master,
                )  # fmt: skip
                assert verify(record.dice_exports()).ok
                payload = record.to_bytes()
                back = MatchRecord.from_bytes(payload, match_id)
                assert back.match == record.match and back.seeds == record.seeds
                payloads.append(len(payload))
                plains[match_id] = plain(record)
                games.append(match.number)
                await store.keep_match("telegram", match_id, payload, users)
                for user in users:
                    await record_dice(store, user, game_id(match_id, 1), stats[users.index(user)])
            kept = min(matches, 100)
            ids = await store.history(ann)
            listing = int(await client.memory_usage(history_key(ann)) or 0)
            records = 0
            plain_records = 0
            for match_id in ids:
                records += int(await client.memory_usage(match_key("telegram", match_id)) or 0)
                # The plain record under a key as long, measured the same way, then dropped.
                other = match_key("telegram", match_id).replace("match", "plain")
                await client.set(other, plains[match_id])
                plain_records += int(await client.memory_usage(other) or 0)
                await client.delete(other)
            history = records + 2 * listing
            per_match = history / kept
            per_plain = (plain_records + 2 * listing) / kept
            standing = int(await client.memory_usage(standing_key(ann).key) or 0)
            boards = 0
            for key in (leaderboard_key("telegram", "backgammon"),
                        leaderboard_key("telegram", "backgammon", chat)):  # fmt: skip
                boards += int(await client.memory_usage(key) or 0) // 2
        finally:
            await store.close()
    ok_match = per_match <= MATCH_TARGET
    ok_player = standing + boards <= PLAYER_TARGET
    sizes = sorted(payloads)
    plain_sizes = sorted(len(p) for p in plains.values())
    print(
        f"7-point matches{' with the cube' if cube else ' without the cube'}: {matches} played, "
        f"{statistics.mean(games):.1f} games each (at most {max(games)}); record "
        f"{statistics.median(sizes):.0f} B median, {sizes[-1]} B at most (plain JSON: "
        f"{statistics.median(plain_sizes):.0f} B median, {plain_sizes[-1]} B at most)"
    )
    print(
        f"history in Redis: {records} B of match records kept once + {listing} B for each of "
        f"the two players' lists of {kept} ids; per match kept: {per_match:.0f} B (plain JSON "
        f"records: {per_plain:.0f} B); target <= {MATCH_TARGET} B: "
        f"{'met' if ok_match else 'MISSED'}"
    )
    print(
        f"standing of a player (ratings, dice statistics, ids applied): {standing} B, its "
        f"leaderboard entries {boards} B; total {standing + boards} B; target <= "
        f"{PLAYER_TARGET} B: {'met' if ok_player else 'MISSED'}"
    )
    return 0 if ok_match and ok_player else 1


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--matches", type=int, default=120, help="matches played (default 120)")
    parser.add_argument("--cube", action="store_true", help="double now and then")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    return asyncio.run(run(args.matches, args.cube, args.seed))


if __name__ == "__main__":
    sys.exit(main())
