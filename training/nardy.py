"""Train the long nardy network (:mod:`bot.ai.nardy_net`) by self-play: TD(λ), numpy, one core.

Run from the repository root::

    python -m training.nardy --games N --seed S --checkpoint DIR [--resume] [--until U]
                             [--from SNAPSHOT]
                             [--hidden H] [--lam L] [--alpha A] [--alpha-end B]
                             [--log-every K] [--save-every C] [--snapshot-every D]
                             [--check-every E] [--check-games M] [--strong-every F]
                             [--strong-games G]

Method.  The network plays both sides.  Before each roll the position is a *state*, seen by the
side on roll and encoded by :func:`bot.ai.nardy_net.encode`; the side on roll lists its legal
plays (:func:`engine.movegen.legal_plays`), puts every position they leave through the network
in one batch and makes the play whose position is worth least to the opponent (1-ply greedy;
equity as :func:`bot.ai.nardy_net.equity`, a koks as a mars).  The dice give the exploration.
When a side bears off its last checker the game's result (win, mars, koks) is known exactly.

After each game every state gets the λ-return as its target, computed backwards from the end:
``G_t = flip((1 - λ) V_{t+1} + λ G_{t+1})``, where ``V`` are the network's chances recorded
while playing, ``flip`` turns one side's five chances into the other's, and the last state's
``G`` is the result.  This is the forward view of TD(λ) (offline: the weights change between
games, not between moves), which gives the same updates as eligibility traces applied at the end
of the game.  The network then takes one gradient step on the game's states, cross-entropy of
its sigmoid outputs against the targets (summed over the states, each output only where the
board still allows it), with a learning rate decaying linearly from ``--alpha`` to
``--alpha-end`` over the ``--games``.

Determinism.  Game ``g`` rolls its dice from ``random.Random(seed * 1_000_003 + g)`` and the
starting weights come from ``numpy.random.default_rng(seed)``, so a run is reproducible, and one
resumed from a checkpoint (``--resume``: the weights in float64, the games played) continues
exactly as if never stopped, given the same ``--games`` (the learning rate's schedule);
``--until U`` stops after game ``U`` (a pause: resume later with the same command).
``--from FILE`` starts a new checkpoint folder from a shipped snapshot (``net-GGGGGGG.npz`` or
``bot/ai/data/nardy_net.npz``) at the game its ``info`` records, when the checkpoint itself is
gone: the run goes on as the recorded one would, but from weights rounded to float32, so it is
not bit for bit the run that was never stopped.

Files in ``--checkpoint``: ``latest.npz`` (everything to resume, written atomically every
``--save-every`` games and at the end), ``net-GGGGGGG.npz`` every ``--snapshot-every`` games
(the shipped format, :meth:`bot.ai.nardy_net.NardyNet.save`: copy one to
``bot/ai/data/nardy_net.npz`` to ship it) and ``checks.jsonl`` (the strength checks).

Log.  A line every ``--log-every`` games: games played, games a second, the learning rate, the
mean plies a game and the root mean square of the λ-return errors (how far the network is from
its own targets).  Every ``--check-every`` games the network at depth 0 plays ``--check-games``
paired games against a random player and against the hand-weighted player at depth 0
(:mod:`bot.ai.nardy_player`), and every ``--strong-every`` games ``--strong-games`` against the
hand-weighted ``strong`` (depth 1); each share is printed with its 95% interval.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from benchmarks.nardy_tune import Chooser, match, random_player
from bot.ai import nardy_player
from bot.ai.nardy_net import (
    ENCODING,
    INPUTS,
    OUTPUTS,
    Floats,
    Ints,
    NardyNet,
    after_counts,
    constrain,
    encode,
    equity,
    load,
    possible,
    terminal,
)
from bot.ai.nardy_net_player import choose_play
from engine.movegen import Play, legal_plays
from engine.nardy import LongNardyPosition
from engine.position import CHECKERS, Position

_FLIP = np.array([0, 3, 4, 1, 2])
_START = [0] * 23 + [CHECKERS]
MAX_PLIES = 2000
"""A game longer than this is a bug (long nardy games take about a hundred plies)."""


@dataclass(frozen=True, slots=True)
class Settings:
    """What a training run is: its length, seed, network size and learning."""

    games: int
    seed: int
    hidden: int = 80
    lam: float = 0.7
    alpha: float = 0.03
    alpha_end: float = 0.003

    def rate(self, game: int) -> float:
        """The learning rate for game number ``game`` (from 0)."""
        done = min(1.0, game / max(1, self.games))
        return self.alpha + (self.alpha_end - self.alpha) * done


def initial_net(settings: Settings) -> NardyNet:
    """Small random weights from the seed."""
    rng = np.random.default_rng(settings.seed)
    h = settings.hidden
    return NardyNet(
        rng.normal(0.0, 0.1, (INPUTS, h)),
        np.zeros(h),
        rng.normal(0.0, 0.1, (h, OUTPUTS)),
        np.zeros(OUTPUTS),
        {},
    )


@dataclass(slots=True)
class GameRecord:
    """One self-play game: the states' inputs, the network's chances for them while playing,
    which outputs the board allowed, and the result seen by the side on roll at the end."""

    inputs: Floats
    chances: Floats
    allowed: Floats
    result: Floats


def _flip(v: Floats) -> Floats:
    """One side's five chances seen by the other (a single row)."""
    out: Floats = v[_FLIP]
    out[0] = 1.0 - v[0]
    return out


def _row(side: list[int]) -> Ints:
    return np.array([side], dtype=np.int64)


def self_play(net: NardyNet, dice: random.Random) -> GameRecord:
    """One game of the network against itself, 1-ply greedy (see the module's account)."""
    me, them = _START[:], _START[:]
    position: Position = LongNardyPosition.initial()
    xs, ps, allowed = [], [], []
    x = encode(_row(me), _row(them))
    a = possible(_row(me), _row(them))
    xs.append(x[0])
    ps.append(constrain(net.raw(x), a)[0])
    allowed.append(a[0])
    for _ply in range(MAX_PLIES):
        roll = (dice.randint(1, 6), dice.randint(1, 6))
        plays = legal_plays(position, roll)
        if not plays:
            me, them = them, me
            position = position.swapped()
            x = encode(_row(me), _row(them))
            a = possible(_row(me), _row(them))
            xs.append(x[0])
            ps.append(constrain(net.raw(x), a)[0])
            allowed.append(a[0])
            continue
        moved = after_counts(me, plays)
        if (moved.sum(axis=1) == 0).any():
            # the mover has borne off his last checker: the state reached is the loser's
            return GameRecord(np.array(xs), np.array(ps), np.array(allowed), _flip(terminal(them)))
        fixed = np.array([them], dtype=np.int64)
        x = encode(fixed, moved)
        a = possible(fixed, moved)
        p = constrain(net.raw(x), a)
        i = int(np.argmin(equity(p)))
        xs.append(x[i])
        ps.append(p[i])
        allowed.append(a[i])
        me, them = them, moved[i].tolist()
        position = LongNardyPosition((*me, 0), (*them, 0))
    raise RuntimeError("a self-play game did not end")


def targets(record: GameRecord, lam: float) -> Floats:
    """The λ-return of every state of ``record`` (see the module's account)."""
    n = len(record.chances)
    out = np.empty((n, OUTPUTS))
    nxt_v = nxt_g = record.result
    for t in range(n - 1, -1, -1):
        g = _flip((1.0 - lam) * nxt_v + lam * nxt_g)
        out[t] = g
        nxt_v, nxt_g = record.chances[t], g
    return out


def update(net: NardyNet, x: Floats, target: Floats, allowed: Floats, rate: float) -> float:
    """One gradient step of cross-entropy on the states ``x`` (in place); returns the root mean
    square of the errors before it."""
    h = 1.0 / (1.0 + np.exp(-np.clip(x @ net.w1 + net.b1, -40.0, 40.0)))
    y = 1.0 / (1.0 + np.exp(-np.clip(h @ net.w2 + net.b2, -40.0, 40.0)))
    d = (y - target) * allowed
    dh = (d @ net.w2.T) * h * (1.0 - h)
    w1, b1, w2, b2 = net.w1, net.b1, net.w2, net.b2  # updated in place
    w2 -= rate * (h.T @ d)
    b2 -= rate * d.sum(axis=0)
    w1 -= rate * (x.T @ dh)
    b1 -= rate * dh.sum(axis=0)
    return math.sqrt(float((d * d).sum()) / max(1.0, float(allowed.sum())))


def train_game(net: NardyNet, settings: Settings, game: int) -> tuple[int, float]:
    """Play game number ``game`` and learn from it: (states, rms error)."""
    record = self_play(net, random.Random(settings.seed * 1_000_003 + game))
    goal = targets(record, settings.lam)
    error = update(net, record.inputs, goal, record.allowed, settings.rate(game))
    return len(record.chances), error


# -- checkpoints --------------------------------------------------------------------------------


def save_checkpoint(path: Path, net: NardyNet, settings: Settings, games: int) -> None:
    """Everything to resume, written to a temporary file and renamed over ``path``."""
    tmp = path.with_name(path.name + ".tmp")
    with tmp.open("wb") as f:
        np.savez(
            f,
            w1=net.w1,
            b1=net.b1,
            w2=net.w2,
            b2=net.b2,
            games=np.array(games),
            encoding=np.array(ENCODING),
            settings=np.array(json.dumps(asdict(settings))),
        )
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def load_checkpoint(path: Path) -> tuple[NardyNet, dict[str, float], int]:
    """The weights, the settings and the games played of a checkpoint."""
    with np.load(path, allow_pickle=False) as data:
        if int(data["encoding"]) != ENCODING:
            raise ValueError(f"{path} was trained on encoding {int(data['encoding'])}")
        net = NardyNet(
            data["w1"].copy(), data["b1"].copy(), data["w2"].copy(), data["b2"].copy(), {}
        )
        return net, json.loads(str(data["settings"])), int(data["games"])


def start_from(path: Path, settings: Settings, latest: Path) -> str:
    """Write ``latest`` from the shipped snapshot at ``path``; what is wrong, or ``""``."""
    shipped = load(path)
    info = shipped.info
    same = all(
        info.get(name) == getattr(settings, name)
        for name in ("games", "seed", "hidden", "lam", "alpha", "alpha_end")
    )
    if not same or "games_played" not in info:
        return f"{path} was trained with other settings: {info}"
    net = NardyNet(
        shipped.w1.astype(np.float64),
        shipped.b1.astype(np.float64),
        shipped.w2.astype(np.float64),
        shipped.b2.astype(np.float64),
        {},
    )
    save_checkpoint(latest, net, settings, int(info["games_played"]))
    return ""


def snapshot(net: NardyNet, settings: Settings, games: int) -> NardyNet:
    """The weights as shipped, with how they were trained."""
    info = {**asdict(settings), "games_played": games, "method": "TD(lambda) self-play"}
    return NardyNet(net.w1, net.b1, net.w2, net.b2, info)


# -- strength checks ----------------------------------------------------------------------------


def net_player(net: NardyNet, depth: int = 0) -> Chooser:
    """The network's player at ``depth``, no noise."""

    def choose(position: Position, dice: tuple[int, int], rng: random.Random) -> Play | None:
        return choose_play(position, dice, rng, depth=depth, net=net)

    return choose


def hand_player(depth: int) -> Chooser:
    """The hand-weighted player (:mod:`bot.ai.nardy_player`) at ``depth``, no noise."""

    def choose(position: Position, dice: tuple[int, int], rng: random.Random) -> Play | None:
        return nardy_player.choose_play(position, dice, rng, depth=depth)

    return choose


def interval(share: float, games: int) -> float:
    """The half-width of the 95% interval of a share of ``games`` (normal approximation)."""
    return 1.96 * math.sqrt(max(share * (1.0 - share), 1e-12) / max(1, games))


def check(
    name: str, a: Chooser, b: Chooser, games: int, seed: int, log: Callable[[str], None]
) -> dict[str, float]:
    """``a`` against ``b`` over ``games`` paired games: the share ``a`` wins, logged."""
    start = time.perf_counter()
    share = match(a, b, games, seed)
    half = interval(share, games)
    log(
        f"  check {name}: won {share:.1%} ± {half:.1%} of {games} "
        f"[{time.perf_counter() - start:.0f} s]"
    )
    return {"share": share, "half": half, "games": games}


# -- the command --------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, required=True, help="self-play games in all")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--checkpoint", type=Path, required=True, help="directory for the files")
    parser.add_argument("--resume", action="store_true", help="continue from latest.npz")
    parser.add_argument("--until", type=int, help="stop after this many games (a pause)")
    parser.add_argument(
        "--from", dest="start", type=Path, help="a shipped snapshot to go on from (no checkpoint)"
    )
    parser.add_argument("--hidden", type=int, default=80)
    parser.add_argument("--lam", type=float, default=0.7)
    parser.add_argument("--alpha", type=float, default=0.03)
    parser.add_argument("--alpha-end", type=float, default=0.003)
    parser.add_argument("--log-every", type=int, default=500)
    parser.add_argument("--save-every", type=int, default=1000)
    parser.add_argument("--snapshot-every", type=int, default=10_000)
    parser.add_argument("--check-every", type=int, default=10_000)
    parser.add_argument("--check-games", type=int, default=200)
    parser.add_argument("--strong-every", type=int, default=50_000)
    parser.add_argument("--strong-games", type=int, default=200)
    args = parser.parse_args(argv)
    settings = Settings(args.games, args.seed, args.hidden, args.lam, args.alpha, args.alpha_end)
    folder: Path = args.checkpoint
    folder.mkdir(parents=True, exist_ok=True)
    latest = folder / "latest.npz"

    def log(text: str) -> None:
        print(f"{time.strftime('%H:%M:%S')} {text}", flush=True)

    done = 0
    if args.start is not None and not latest.exists():
        problem = start_from(args.start, settings, latest)
        if problem:
            print(problem, file=sys.stderr)
            return 2
        args.resume = True
    if latest.exists():
        if not args.resume:
            print(f"{latest} exists: pass --resume to continue it", file=sys.stderr)
            return 2
        net, saved, done = load_checkpoint(latest)
        if saved["seed"] != settings.seed or saved["hidden"] != settings.hidden:
            print(f"{latest} was trained with other settings: {saved}", file=sys.stderr)
            return 2
        log(f"resumed at game {done} from {latest}")
    else:
        net = initial_net(settings)
    log(f"training {settings} from game {done}")
    window_start, window_games, plies, square = time.perf_counter(), 0, 0, 0.0
    end = settings.games if args.until is None else min(settings.games, args.until)
    for game in range(done, end):
        states, error = train_game(net, settings, game)
        played = game + 1
        window_games += 1
        plies += states
        square += error * error
        if played % args.log_every == 0:
            spent = time.perf_counter() - window_start
            log(
                f"games {played}: {window_games / spent:.1f} games/s, rate "
                f"{settings.rate(game):.4f}, {plies / window_games:.0f} plies/game, "
                f"rms error {math.sqrt(square / window_games):.4f}"
            )
            window_start, window_games, plies, square = time.perf_counter(), 0, 0, 0.0
        if played % args.save_every == 0 or played == end:
            save_checkpoint(latest, net, settings, played)
        if played % args.snapshot_every == 0 or played == settings.games:
            snapshot(net, settings, played).save(folder / f"net-{played:07d}.npz")
        figures: dict[str, object] = {}
        if args.check_every and played % args.check_every == 0:
            seed = 700_000 + played
            figures["random"] = check(
                "depth 0 vs random", net_player(net), random_player, args.check_games, seed, log
            )
            figures["hand0"] = check(
                "depth 0 vs hand-weighted depth 0",
                net_player(net),
                hand_player(0),
                args.check_games,
                seed,
                log,
            )
        if args.strong_every and played % args.strong_every == 0:
            figures["strong"] = check(
                "depth 0 vs hand-weighted strong (depth 1)",
                net_player(net),
                hand_player(1),
                args.strong_games,
                800_000 + played,
                log,
            )
        if figures:
            with (folder / "checks.jsonl").open("a", encoding="utf-8") as f:
                f.write(json.dumps({"games": played, **figures}) + "\n")
            window_start = time.perf_counter()
    log("done" if end == settings.games else f"paused after game {end}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
