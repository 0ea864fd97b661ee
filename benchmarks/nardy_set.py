"""The long nardy benchmark set: positions with their rolls, every legal play valued by rollouts,
and each computer level's error rate on it.

Run from the repository root::

    python -m benchmarks.nardy_set build [--positions N] [--seed S] [--trials T] [--horizon H]
                                         [--rolled K] [--jobs J] [--out FILE]
    python -m benchmarks.nardy_set score [--set FILE] [--levels NAME ...] [--limit N]
                                         [--jobs J]

**The positions** (``build``) come from seeded games the network's ``casual`` level plays against
itself (:data:`bot.ai.nardy_net_player.LEVELS`: the network with a little noise, so the games
wander where a noiseless player would not): of every decision with more than one legal play,
one in :data:`SAMPLE` is kept, with its roll, until ``--positions`` are kept.

**The values**, in points for the side on roll, without a cube, a koks counted as a mars (the
tables' default; :func:`bot.ai.nardy_net.equity`):

1. every legal play (one per distinct resulting position, :func:`engine.movegen.legal_plays`)
   is valued one roll deeper by the network: the opponent's 21 rolls (doubles once, the others
   twice, of 36), each answered with his best reply by the network, and the network's chances
   after it (:func:`bot.ai.nardy_net_player.on_roll_probabilities`);
2. the best ``--rolled`` of those (and any within :data:`ROLLED_WINDOW` of the best, at most
   ``--rolled`` in all) are **rolled out**: ``--trials`` games from the position after the play
   (a multiple of 36: the opponent's first roll runs through the 36 rolls in turn, the rest of
   the dice come from a seeded generator), both sides playing the network's best play (depth 0),
   **truncated** after ``--horizon`` half-moves, where the network's chances for the side on
   roll value the position (a game that ends before gets its result: 1, 2 for a mars or a koks).
   Every play of a position is rolled out on the same dice (so their differences are measured
   far more exactly than their values);
3. a play that was not rolled out keeps its value from step 1, moved by the mean difference
   between the rollouts and step 1 over the position's rolled-out plays (so all values of a
   position stand on one scale); the file marks which is which.

The network is the one shipped when the set was built; its training games are written in the
file's head.  Building 10,000 positions with the defaults takes about an hour on two cores.

**The file** (``--out``, default :data:`SET_FILE`): gzip'd text, ``#`` lines say how it was made,
then one line a position::

    <side on roll's counts> <opponent's counts> <dice> <play>=<value><r|p>;<play>=...

each side's checkers on its points 1-24 in its own numbering as 24 hexadecimal digits, the dice
as two digits, every legal play in GNU Backgammon's notation with its value in thousandths of a
point, ``r`` rolled out, ``p`` from step 1 moved onto the rollouts' scale; plays best first.

**The error rates** (``score``): each level chooses its play in every position (the noisy levels
with a generator seeded by the position's number), and its error is the best play's value less
the chosen play's.  Printed per level: the mean error per decision in thousandths of a point (as
GNU Backgammon's benchmarks report theirs), the same times 500 (a PR-like rate, as the analysis
gives) and the share of decisions where it chose the best play.  The levels: the network's
(``net-beginner`` ... ``net-expert``), the hand-weighted player's (``classic-beginner`` ...
``classic-expert``) and ``random`` (a uniformly random legal play).  ``--limit`` scores the first
N positions only (the hand-weighted ``expert`` takes seconds a move).
"""

from __future__ import annotations

import argparse
import gzip
import multiprocessing
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from benchmarks.nardy_levels import game_decisions
from bot.ai import nardy_net_player, nardy_player
from bot.ai.computer import NARDY_DEPTH
from bot.ai.nardy_net import NardyNet, default_net, equity, play_probabilities, terminal
from engine.movegen import Play, legal_plays
from engine.nardy import LongNardyPosition
from engine.position import Position

SET_FILE = Path(__file__).with_name("data") / "nardy_set.txt.gz"
"""The shipped benchmark set."""

SAMPLE = 3
"""One decision in this many (more than one legal play) is kept as a position."""

ROLLED_WINDOW = 0.3
"""Plays further than this (points) below the best by step 1 are not rolled out."""

Dice = tuple[int, int]
Chooser = Callable[[Position, Dice, random.Random], Play | None]


@dataclass(frozen=True, slots=True)
class Valued:
    """A legal play's notation, its value for the side on roll and whether it was rolled out."""

    notation: str
    value: float
    rolled: bool


@dataclass(frozen=True, slots=True)
class Entry:
    """A position of the set: the side on roll's and the opponent's counts (points 1-24, own
    numbering), the roll and its plays, best first."""

    player: tuple[int, ...]
    opponent: tuple[int, ...]
    dice: Dice
    plays: tuple[Valued, ...]

    def position(self) -> Position:
        """The position, the side on roll to play ``dice``."""
        return LongNardyPosition((*self.player, 0), (*self.opponent, 0))


# -- the positions ------------------------------------------------------------------------------


def positions(count: int, seed: int) -> list[tuple[Position, Dice]]:
    """The first ``count`` kept decisions (see the module's account) of seeded games of the
    network's ``casual`` level against itself."""
    out: list[tuple[Position, Dice]] = []
    casual = _net_level("casual")
    game = 0
    while len(out) < count:
        dice = random.Random(seed * 1_000_003 + game)
        rng = random.Random(seed * 1_000_003 + game + 500_000)
        keep = random.Random(seed * 1_000_003 + game + 900_000)
        for found in game_decisions(casual, dice, rng):
            if keep.randrange(SAMPLE) == 0:
                out.append(found)
                if len(out) == count:
                    break
        game += 1
    return out


# -- the values ---------------------------------------------------------------------------------


def _counts(side: Sequence[int]) -> list[int]:
    return list(side[:24])


def one_roll(position: Position, play: Play, net: NardyNet) -> float:
    """Step 1: the value of ``play`` for the side on roll in ``position``, one roll deeper."""
    after = position.after(play)
    if not sum(_counts(after.opponent)):  # the play bore off the last checker
        return float(equity(terminal(_counts(after.player))[None, :])[0])
    chances = nardy_net_player.on_roll_probabilities(after, net)
    return -float(equity(chances[None, :])[0])


def best_play(position: Position, dice: Dice, net: NardyNet) -> Play | None:
    """The network's best play (depth 0), ``None`` when nothing can be played."""
    plays = legal_plays(position, dice)
    if not plays:
        return None
    if len(plays) == 1:
        return plays[0]
    p = play_probabilities(net, _counts(position.player), _counts(position.opponent), plays)
    return plays[int(np.argmax(equity(p)))]


def rollout(
    position: Position, play: Play, net: NardyNet, trials: int, horizon: int, seed: int
) -> float:
    """Step 2: the mean over ``trials`` truncated games of the value of ``play`` for the side on
    roll in ``position`` (see the module's account); the dice depend on ``seed`` and the trial
    only."""
    start = position.after(play)
    if not sum(_counts(start.opponent)):
        return float(equity(terminal(_counts(start.player))[None, :])[0])
    total = 0.0
    for trial in range(trials):
        dice = random.Random(seed * 1_000 + trial)
        current, sign = start, -1.0  # sign: the side on roll is the opponent of the mover
        value: float | None = None
        for half in range(horizon):
            k = trial % 36
            roll = (
                (k // 6 + 1, k % 6 + 1) if half == 0 else (dice.randint(1, 6), dice.randint(1, 6))
            )
            chosen = best_play(current, roll, net)
            if chosen is None:
                current, sign = current.swapped(), -sign
                continue
            current = current.after(chosen)
            if not sum(_counts(current.opponent)):  # the side that moved has borne off
                won = float(equity(terminal(_counts(current.player))[None, :])[0])
                value = sign * won
                break
            sign = -sign
        if value is None:
            p = net.probabilities(
                np.array([_counts(current.player)], dtype=np.int64),
                np.array([_counts(current.opponent)], dtype=np.int64),
            )
            value = sign * float(equity(p)[0])
        total += value
    return total / trials


def value_plays(
    position: Position, dice: Dice, net: NardyNet, trials: int, horizon: int, rolled: int, seed: int
) -> tuple[Valued, ...]:
    """Every legal play of ``dice`` valued as the module's account says, best first."""
    plays = legal_plays(position, dice)
    first = [one_roll(position, play, net) for play in plays]
    order = sorted(range(len(plays)), key=lambda i: -first[i])
    top = first[order[0]]
    chosen = [i for i in order[:rolled] if top - first[i] <= ROLLED_WINDOW]
    out = {i: rollout(position, plays[i], net, trials, horizon, seed) for i in chosen}
    shift = sum(out[i] - first[i] for i in chosen) / len(chosen)
    valued = [
        Valued(plays[i].notation(), out[i] if i in out else first[i] + shift, i in out)
        for i in range(len(plays))
    ]
    valued.sort(key=lambda v: -v.value)
    return tuple(valued)


def _build_part(
    cases: list[tuple[int, tuple[tuple[int, ...], tuple[int, ...]], Dice]],
    trials: int,
    horizon: int,
    rolled: int,
    seed: int,
) -> list[Entry]:
    net = default_net()
    out = []
    for number, (player, opponent), dice in cases:
        position = LongNardyPosition((*player, 0), (*opponent, 0))
        plays = value_plays(position, dice, net, trials, horizon, rolled, seed * 100_000 + number)
        out.append(Entry(player, opponent, dice, plays))
    return out


# -- the file -----------------------------------------------------------------------------------


def _hex(counts: Sequence[int]) -> str:
    return "".join(f"{c:x}" for c in counts)


def format_entry(entry: Entry) -> str:
    """One line of the file."""
    plays = ";".join(
        f"{v.notation}={round(v.value * 1000)}{'r' if v.rolled else 'p'}" for v in entry.plays
    )
    return f"{_hex(entry.player)} {_hex(entry.opponent)} {entry.dice[0]}{entry.dice[1]} {plays}"


def parse_entry(line: str) -> Entry:
    """A line of the file (raises ``ValueError`` for a malformed one)."""
    player, opponent, dice, plays = line.rstrip("\n").split(" ", 3)
    if len(player) != 24 or len(opponent) != 24 or len(dice) != 2:
        raise ValueError(f"malformed position: {line[:60]!r}")
    valued = []
    for item in plays.split(";"):
        notation, _, rest = item.rpartition("=")
        if not notation or rest[-1:] not in ("r", "p"):
            raise ValueError(f"malformed play: {item!r}")
        valued.append(Valued(notation, int(rest[:-1]) / 1000, rest[-1] == "r"))
    return Entry(
        tuple(int(c, 16) for c in player),
        tuple(int(c, 16) for c in opponent),
        (int(dice[0]), int(dice[1])),
        tuple(valued),
    )


def read_set(path: Path = SET_FILE) -> tuple[list[str], list[Entry]]:
    """The head (``#`` lines) and the entries of a set file."""
    head: list[str] = []
    entries: list[Entry] = []
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            if line.startswith("#"):
                head.append(line[1:].strip())
            elif line.strip():
                entries.append(parse_entry(line))
    return head, entries


# -- the levels ---------------------------------------------------------------------------------


def _net_level(name: str) -> Chooser:
    def choose(position: Position, dice: Dice, rng: random.Random) -> Play | None:
        return nardy_net_player.level_play(position, dice, name, rng)

    return choose


def _classic_level(name: str) -> Chooser:
    depth, noise = NARDY_DEPTH[name]

    def choose(position: Position, dice: Dice, rng: random.Random) -> Play | None:
        return nardy_player.choose_play(position, dice, rng, depth=depth, noise=noise)

    return choose


def _random(position: Position, dice: Dice, rng: random.Random) -> Play | None:
    plays = legal_plays(position, dice)
    return rng.choice(plays) if plays else None


LEVELS: dict[str, Chooser] = {
    **{f"net-{name}": _net_level(name) for name in nardy_net_player.LEVELS},
    **{f"classic-{name}": _classic_level(name) for name in NARDY_DEPTH},
    "random": _random,
}
"""The players :func:`errors` scores, by name."""


def errors(level: str, entries: Sequence[tuple[int, Entry]]) -> list[tuple[float, bool]]:
    """For each numbered entry: the error of ``level``'s play and whether it was the best."""
    choose = LEVELS[level]
    out = []
    for number, entry in entries:
        position = entry.position()
        play = choose(position, entry.dice, random.Random(number))
        if play is None:
            raise ValueError(f"position {number}: {level} found no play")
        values = {v.notation: v.value for v in entry.plays}
        value = values[play.notation()]
        best = entry.plays[0].value
        out.append((best - value, play.notation() == entry.plays[0].notation))
    return out


def _chunks(items: Sequence[tuple[int, Entry]], parts: int) -> Iterator[list[tuple[int, Entry]]]:
    step = -(-len(items) // max(1, parts))
    for i in range(0, len(items), step):
        yield list(items[i : i + step])


# -- the command --------------------------------------------------------------------------------


def build(args: argparse.Namespace) -> int:
    if args.trials % 36:
        print("--trials must be a multiple of 36", file=sys.stderr)
        return 2
    net = default_net()
    started = time.perf_counter()
    found = positions(args.positions, args.seed)
    cases = [
        (n, (tuple(_counts(p.player)), tuple(_counts(p.opponent))), d)
        for n, (p, d) in enumerate(found)
    ]
    print(f"{len(cases)} positions in {time.perf_counter() - started:.0f} s", flush=True)
    parts = max(1, args.jobs) * 8
    step = -(-len(cases) // parts)
    chunks = [cases[i : i + step] for i in range(0, len(cases), step)]
    entries: list[Entry] = []
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=max(1, args.jobs), mp_context=context) as pool:
        done = pool.map(
            _build_part,
            chunks,
            [args.trials] * len(chunks),
            [args.horizon] * len(chunks),
            [args.rolled] * len(chunks),
            [args.seed] * len(chunks),
        )
        for part in done:
            entries.extend(part)
            print(f"  {len(entries)} valued [{time.perf_counter() - started:.0f} s]", flush=True)
    head = [
        "the long nardy benchmark set: python -m benchmarks.nardy_set (its docstring says how)",
        f"positions {len(entries)}, seed {args.seed}, one decision in {SAMPLE} of the network's"
        " casual level against itself",
        f"values: one roll deeper for every play; rollouts of the best {args.rolled} within"
        f" {ROLLED_WINDOW} points: {args.trials} trials truncated after {args.horizon}"
        " half-moves, the network at depth 0 playing and at the leaves",
        f"network: {net.hidden} hidden units, {net.info.get('games_played', '?')} games of"
        " self-play (bot/ai/data/nardy_net.npz)",
        "line: side-on-roll counts, opponent counts (points 1-24, own numbering, hex), dice,"
        " play=value in thousandths of a point, r rolled out, p one roll deeper on the"
        " rollouts' scale; best first",
    ]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    tmp = args.out.with_name(args.out.name + ".tmp")
    with gzip.GzipFile(tmp, "wb", mtime=0) as raw:
        text = "".join(f"# {line}\n" for line in head)
        text += "".join(format_entry(e) + "\n" for e in entries)
        raw.write(text.encode("utf-8"))
    tmp.replace(args.out)
    print(f"wrote {args.out} ({args.out.stat().st_size:,} bytes)", flush=True)
    return 0


def score(args: argparse.Namespace) -> int:
    head, entries = read_set(args.set)
    numbered = list(enumerate(entries))[: args.limit or None]
    names = args.levels or list(LEVELS)
    for line in head[:4]:
        print(line)
    print(f"error rates on {len(numbered)} positions (mean value lost per decision):")
    context = multiprocessing.get_context("fork")
    for name in names:
        started = time.perf_counter()
        chunks = list(_chunks(numbered, max(1, args.jobs)))
        with ProcessPoolExecutor(max_workers=max(1, args.jobs), mp_context=context) as pool:
            found = [e for part in pool.map(errors, [name] * len(chunks), chunks) for e in part]
        mean = sum(e for e, _ in found) / len(found)
        best = sum(b for _, b in found) / len(found)
        print(
            f"  {name:17} {mean * 1000:7.1f} thousandths of a point   x500 {mean * 500:6.2f}"
            f"   best play {best:6.1%}   [{time.perf_counter() - started:.0f} s]",
            flush=True,
        )
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    make = sub.add_parser("build", help="build the set")
    make.add_argument("--positions", type=int, default=10_000)
    make.add_argument("--seed", type=int, default=29)
    make.add_argument("--trials", type=int, default=36)
    make.add_argument("--horizon", type=int, default=6)
    make.add_argument("--rolled", type=int, default=5)
    make.add_argument("--jobs", type=int, default=2)
    make.add_argument("--out", type=Path, default=SET_FILE)
    rate = sub.add_parser("score", help="each level's error rate on the set")
    rate.add_argument("--set", type=Path, default=SET_FILE)
    rate.add_argument("--levels", nargs="*", choices=sorted(LEVELS))
    rate.add_argument("--limit", type=int, default=0, help="the first N positions only")
    rate.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    return build(args) if args.command == "build" else score(args)


if __name__ == "__main__":
    sys.exit(main())
