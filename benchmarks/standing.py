"""Bytes in Redis per finished match kept in the players' histories, and per player's standing.

Run ``python -m benchmarks.standing`` from the repository root (``--help`` for the sizes).  The
command starts its own ``redis-server`` on a free port (never the machine's 6379) and, through
the engine, plays 7-point backgammon matches to the end with random legal plays (``--cube``:
doubling now and then; without it, the most games a 7-point match has), every game's dice drawn
from its own committed seed (:mod:`bot.app.dice`).  Each finished match is kept as the history
keeps it (:class:`bot.app.history.MatchRecord` in both players' histories, bounded at 100), rated
(:func:`bot.app.standing.record_rated_match`) and its dice counted
(:func:`bot.app.standing.record_dice`).  It prints Redis' ``MEMORY USAGE`` of the history keys
(the records kept and both players' lists of ids) divided by the matches kept, and of a
player's standing with its leaderboard entries.  Targets: at most 1,536 bytes per match kept,
1,024 bytes per player for rating and statistics.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
from collections.abc import Sequence

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


def play_match(rng: random.Random, scheme: DiceScheme, match_id: str, cube: bool) -> tuple[
    Match, list[GameDice], list[DiceStats]
]:  # fmt: skip
    """A 7-point match to its end; each game's dice and both players' dice statistics."""
    match = Match.new(length=7, options=Options(cube=cube))
    seeds: list[GameDice] = []
    stats = [DiceStats(), DiceStats()]
    while True:
        dice = scheme.new_game(game_id(match_id, match.number), ("ann-seed", "bob-seed"))
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
    with redis_server() as url:
        client = Redis.from_url(url)
        store = RedisStore(client)
        try:
            for n in range(matches):
                match_id = f"{rng.getrandbits(40):010x}"
                match, seeds, stats = play_match(rng, scheme, match_id, cube)
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
                    ("ann-seed", "bob-seed"), match.archived().to_dict(),
                )  # fmt: skip
                assert verify(record.dice_exports()).ok
                payload = record.to_bytes()
                payloads.append(len(payload))
                games.append(match.number)
                await store.keep_match("telegram", match_id, payload, users)
                for user in users:
                    await record_dice(store, user, game_id(match_id, 1), stats[users.index(user)])
            kept = min(matches, 100)
            ids = await store.history(ann)
            listing = int(await client.memory_usage(history_key(ann)) or 0)
            records = 0
            for match_id in ids:
                records += int(await client.memory_usage(match_key("telegram", match_id)) or 0)
            history = records + 2 * listing
            per_match = history / kept
            standing = int(await client.memory_usage(standing_key(ann).key) or 0)
            boards = 0
            for key in (leaderboard_key("telegram", "backgammon"),
                        leaderboard_key("telegram", "backgammon", chat)):  # fmt: skip
                boards += int(await client.memory_usage(key) or 0) // 2
        finally:
            await store.close()
    ok_match = per_match <= MATCH_TARGET
    ok_player = standing + boards <= PLAYER_TARGET
    print(
        f"7-point matches{' with the cube' if cube else ' without the cube'}: {matches} played, "
        f"{statistics.mean(games):.1f} games each (at most {max(games)}); record "
        f"{statistics.median(payloads):.0f} B median, {max(payloads)} B at most (zlib JSON)"
    )
    print(
        f"history in Redis: {records} B of match records kept once + {listing} B for each of "
        f"the two players' lists of {kept} ids; per match kept: {per_match:.0f} B; "
        f"target <= {MATCH_TARGET} B: "
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
