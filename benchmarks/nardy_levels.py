"""The long nardy levels against each other and against simple players, by self-play, and their
move times.

Run from the repository root::

    python -m benchmarks.nardy_levels [--games N] [--seed S] [--only NAME ...] [--net FILE]
                                      [--time-positions P] [--jobs J] [--record FILE]

Each match is ``--games`` seeded games (:func:`benchmarks.nardy_tune.match`: pairs of games on
the same dice, each side starting once), played on positions with the engine's legal plays and
no cube; each share is printed with its 95% interval (normal approximation).  ``--jobs`` plays
a match's games in that many processes (the same games, the same figures).  Two families of
levels: the hand-weighted player's (:data:`bot.ai.computer.NARDY_DEPTH`, depth and noise) and
the network's (:data:`bot.ai.nardy_net_player.LEVELS`, written ``net-strong`` and so on; the
shipped weights, or those of ``--net``, e.g. a checkpoint's snapshot).  The matches and their
targets:

* ``net-expert-expert`` and ``net-strong-strong``: the network's level wins at least 60%
  against the hand-weighted level of the same name (what keeps the network the computer's
  default, ``AI_NARDY_ENGINE``'s ``net``: :data:`bot.ai.worker.DEFAULT_NARDY_ENGINE`);
* ``net-beginner-random`` ... ``net-expert-random``: each network level wins at least 99%
  against random legal plays;
* ``net-casual-beginner``, ``net-strong-casual``, ``net-expert-strong``: each network level wins
  more than half against the one below;
* ``expert-strong``: ``expert`` (depth 2) wins more than half against ``strong`` (depth 1);
* ``strong-random`` and ``strong-greedy``: ``strong`` wins at least 97% against random legal
  plays and at least 85% against the greedy pip-count player;
* ``strong-casual`` and ``casual-beginner``: each level wins more than half against the one
  below;
* ``width``: ``strong`` searching at most 2 candidates at depth 1 against the usual
  :data:`bot.ai.nardy_player.CANDIDATES` (what the narrower search would cost);
* ``times``: each level's move time, wall and CPU p50 and p99, on the first ``--time-positions``
  decisions (more than one legal play) of seeded games of the network's ``casual`` level;
  targets: ``strong`` p99 at most 100 ms, ``expert`` p99 at most 1.5 s.

Figures measured (seed 7) are in ``docs/NARDY_NET.md``.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import math
import multiprocessing
import random
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

from benchmarks.nardy_tune import Chooser, greedy_player, play_game, random_player
from benchmarks.opponent import percentile
from bot.ai import nardy_net_player
from bot.ai.computer import NARDY_DEPTH
from bot.ai.nardy_net import WEIGHTS_FILE, NardyNet, default_net, load
from bot.ai.nardy_player import CANDIDATES, DEEP_CANDIDATES, choose_play
from engine import legal_plays
from engine.movegen import Play
from engine.nardy import LongNardyPosition
from engine.position import CHECKERS, Position

NETS: dict[str, NardyNet] = {}
"""The network the ``net-`` levels play on (set by :func:`main`: the shipped one by default)."""


def the_net() -> NardyNet:
    """The network of this run."""
    return NETS.get("net") or default_net()


def level(name: str, width: tuple[int, int] = (CANDIDATES, DEEP_CANDIDATES)) -> Chooser:
    """The hand-weighted player at level ``name`` (its depth and noise), searching ``width``
    candidates."""
    depth, noise = NARDY_DEPTH[name]

    def choose(position: Position, dice: tuple[int, int], rng: random.Random) -> Play | None:
        return choose_play(position, dice, rng, depth=depth, noise=noise, width=width)

    return choose


def net_level(name: str) -> Chooser:
    """The network's player at level ``name`` of :data:`bot.ai.nardy_net_player.LEVELS`."""

    def choose(position: Position, dice: tuple[int, int], rng: random.Random) -> Play | None:
        return nardy_net_player.level_play(position, dice, name, rng, net=the_net())

    return choose


NET_LEVELS = tuple(nardy_net_player.LEVELS)

MATCHES: dict[str, tuple[Chooser, Chooser, str]] = {
    "net-expert-expert": (net_level("expert"), level("expert"), "target >= 60%"),
    "net-strong-strong": (net_level("strong"), level("strong"), "target >= 60%"),
    **{
        f"net-{name}-random": (net_level(name), random_player, "target >= 99%")
        for name in NET_LEVELS
    },
    **{
        f"net-{upper}-{lower}": (net_level(upper), net_level(lower), "target > 50%")
        for lower, upper in itertools.pairwise(NET_LEVELS)
    },
    "expert-strong": (level("expert"), level("strong"), "target > 50%"),
    "strong-random": (level("strong"), random_player, "target >= 97%"),
    "strong-greedy": (level("strong"), greedy_player, "target >= 85%"),
    "strong-casual": (level("strong"), level("casual"), "target > 50%"),
    "casual-beginner": (level("casual"), level("beginner"), "target > 50%"),
    "width": (level("strong", (2, DEEP_CANDIDATES)), level("strong"), "2 against 3 candidates"),
}

TIME_TARGETS = {"strong": 0.1, "expert": 1.5}
"""Seconds: the move time p99 each network level must keep within."""


def interval(share: float, games: int) -> float:
    """The half-width of the 95% interval of a share won of ``games`` (normal approximation)."""
    return 1.96 * math.sqrt(max(share * (1.0 - share), 0.0) / max(1, games))


def games_won(name: str, seed: int, games: Sequence[int], net: Path | None) -> list[bool]:
    """For each game of ``games`` (numbers in the match), whether the first player of match
    ``name`` wins it: game ``g`` as :func:`benchmarks.nardy_tune.match` plays it."""
    if net is not None:
        NETS["net"] = load(net)
    a, b, _target = MATCHES[name]
    return [play_game((a, b), seed * 100_003 + g // 2, g % 2)[0] == 0 for g in games]


def weights_digest(net: Path | None) -> str:
    """The first 16 hexadecimal digits of the SHA-256 of the weights file the run plays."""
    return hashlib.sha256((net or WEIGHTS_FILE).read_bytes()).hexdigest()[:16]


def recorded(record: Path, name: str, seed: int, digest: str) -> dict[int, bool]:
    """The games of match ``name`` (seed, network) already in ``record``: number → won."""
    out: dict[int, bool] = {}
    if not record.exists():
        return out
    for line in record.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        if row["match"] == name and row["seed"] == seed and row["net"] == digest:
            out[int(row["game"])] = bool(row["won"])
    return out


def share_won(
    name: str, games: int, seed: int, jobs: int, net: Path | None, record: Path | None = None
) -> tuple[float, int]:
    """The share of ``games`` the first player of match ``name`` wins, over ``jobs``
    processes, and how many of them this run played (the others were in ``record``)."""
    digest = weights_digest(net)
    won = recorded(record, name, seed, digest) if record is not None else {}
    if record is not None:
        record.parent.mkdir(parents=True, exist_ok=True)
    todo = [g for g in range(games) if g not in won]
    step = max(2, min(20, -(-len(todo) // max(1, jobs))))
    parts = [todo[i : i + step] for i in range(0, len(todo), step)]
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=max(1, jobs), mp_context=context) as pool:
        futures = {pool.submit(games_won, name, seed, part, net): part for part in parts}
        for future in as_completed(futures):
            results = dict(zip(futures[future], future.result(), strict=True))
            won.update(results)
            if record is not None:
                with record.open("a", encoding="utf-8") as f:
                    for g, w in sorted(results.items()):
                        row = {"match": name, "seed": seed, "game": g, "net": digest, "won": w}
                        f.write(json.dumps(row) + "\n")
    return sum(won[g] for g in range(games)) / games, len(todo)


def game_decisions(
    chooser: Chooser, dice: random.Random, rng: random.Random
) -> Iterator[tuple[Position, tuple[int, int]]]:
    """Each decision with more than one legal play, with its roll, of one game of ``chooser``
    against itself, its dice from ``dice`` and its choices' chance from ``rng``."""
    position: Position = LongNardyPosition.initial()
    for _turn in range(2000):
        roll = (dice.randint(1, 6), dice.randint(1, 6))
        if len(legal_plays(position, roll)) > 1:
            yield position, roll
        play = chooser(position, roll, rng)
        if play is None:
            position = position.swapped()
            continue
        position = position.after(play)
        if position.off()[1] == CHECKERS:
            return


def decisions(count: int, seed: int) -> list[tuple[Position, tuple[int, int]]]:
    """The first ``count`` decisions with more than one legal play of seeded games of the
    network's ``casual`` level against itself."""
    out: list[tuple[Position, tuple[int, int]]] = []
    chooser = net_level("casual")
    game = 0
    while len(out) < count:
        dice = random.Random(seed * 1_000 + game)
        rng = random.Random(seed * 1_000 + game + 500)
        out += itertools.islice(game_decisions(chooser, dice, rng), count - len(out))
        game += 1
    return out


def time_levels(cases: list[tuple[Position, tuple[int, int]]], say: Callable[[str], None]) -> None:
    """Each level's move time on ``cases`` (wall and CPU, p50 and p99)."""
    players = [(f"net-{name}", net_level(name)) for name in NET_LEVELS]
    players += [(name, level(name)) for name in NARDY_DEPTH]
    for label, chooser in players:
        walls, cpus = [], []
        rng = random.Random(0)
        for position, dice in cases:
            wall, cpu = time.perf_counter(), time.process_time()
            chooser(position, dice, rng)
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
        target = TIME_TARGETS.get(label.removeprefix("net-")) if label.startswith("net-") else None
        say(
            f"  {label:14} wall p50 {percentile(walls, 0.5) * 1e3:7.1f} p99 "
            f"{percentile(walls, 0.99) * 1e3:7.1f}   cpu p50 {percentile(cpus, 0.5) * 1e3:7.1f} "
            f"p99 {percentile(cpus, 0.99) * 1e3:7.1f} ms"
            + (f"   target p99 <= {target * 1e3:.0f} ms" if target else "")
        )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per match (even)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--only", nargs="*", choices=[*sorted(MATCHES), "times"], help="these matches only"
    )
    parser.add_argument("--net", type=Path, help="weights for the net- levels (an .npz)")
    parser.add_argument("--time-positions", type=int, default=300, help="decisions timed")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing a match")
    parser.add_argument("--record", type=Path, help="a file of games played, kept across runs")
    args = parser.parse_args(argv)
    if args.net is not None:
        NETS["net"] = load(args.net)
    net = the_net()
    print(
        f"long nardy: the network {args.net or 'shipped'} ({net.hidden} hidden units, "
        f"{net.info.get('games_played', '?')} games of self-play)"
    )
    names = args.only or [*MATCHES, "times"]
    matches = [n for n in names if n != "times"]
    if matches:
        print(f"matches ({args.games} seeded games each, paired dice, seed {args.seed}):")
    for name in matches:
        target = MATCHES[name][2]
        start = time.perf_counter()
        share, played = share_won(name, args.games, args.seed, args.jobs, args.net, args.record)
        won = round(share * args.games)
        print(
            f"  {name:20} won {won:5} of {args.games:5} ({share:6.1%} ± "
            f"{interval(share, args.games):5.1%})   {target}"
            f"   [{played} played now, {time.perf_counter() - start:.0f} s]",
            flush=True,
        )
    if "times" in names:
        cases = decisions(args.time_positions, args.seed)
        print(f"move times ({len(cases)} decisions of seeded games, more than one legal play):")
        time_levels(cases, lambda text: print(text, flush=True))


if __name__ == "__main__":
    main()
