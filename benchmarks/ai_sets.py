"""The fixed position sets the computer opponent is measured on, and the way they were made.

``tests/data/ai_positions.json`` holds them; ``python -m benchmarks.ai_sets`` makes the file
again from its seed (the same file every time: seeded games on GNU Backgammon's engine through
:mod:`bot.ai.core`, and the cube advice of GNU Backgammon itself, ``gnubg -t``).  The
benchmark ``python -m benchmarks.opponent`` and the tests read the file, so a change to the
levels cannot move the positions they are judged on.

* ``plays`` -- backgammon positions with a roll that leaves more than one legal play (unforced
  decisions), met in seeded cubeless games of 0-ply with noise σ 0.05 against itself (the plays
  ranked by :func:`bot.ai.core.rank_plays` without the cube), one every few turns.
* ``cube`` -- match positions before the roll, met in the same way, kept when the side on roll
  wins at least 55% cubeless (a cube decision to make), each with a seeded match score (length
  3 to 11, post-Crawford included, never the Crawford game) and cube (centred, or owned by the
  side on roll), and GNU Backgammon's own 2-ply cube advice at that score (``gnubg -t``, its
  default settings but for the plies): ``double`` and ``take``.
* ``money`` -- money positions chosen the same way (cube centred under the Jacoby rule, or at 2
  owned by the side on roll) with GNU Backgammon's own 2-ply advice the same way.
* ``nardy`` -- long nardy positions with a roll from seeded games of the nardy player at depth
  0 against itself.
"""

from __future__ import annotations

import argparse
import json
import random
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from benchmarks.gnubg_cli import run
from bot.ai import core
from bot.ai.levels import noisy_best
from bot.ai.nardy_player import choose_play
from engine import Action, ActionKind, CubeState, Game, Options, Phase, Position, legal_plays
from engine.nardy import LongNardyPosition

PATH = Path(__file__).resolve().parent.parent / "tests" / "data" / "ai_positions.json"
SEED = 20261202
NOISE = 0.05
"""The noise (σ on the 0-ply equities) of the games the backgammon positions come from."""
CUBELESS = core.Cube(in_play=False)
"""The games the backgammon positions come from are played without the cube (money play)."""


def _games(seed: int, count: int) -> list[tuple[Position, tuple[int, int]]]:
    """(position, roll) of every turn of ``count`` seeded cubeless games, casual against casual."""
    rng = random.Random(seed)
    out: list[tuple[Position, tuple[int, int]]] = []
    for _ in range(count):
        position = Position.initial()
        for _turn in range(400):
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            out.append((position, dice))
            ranked = core.rank_plays(position, dice, CUBELESS, 0)
            if not ranked:
                position = position.swapped()
                continue
            after = position.after(noisy_best(ranked, NOISE, rng).play)
            if after.off()[1] == 15:
                break
            position = after
    return out


def play_set(count: int, seed: int) -> list[dict[str, Any]]:
    """``count`` unforced (position, roll) decisions, a few turns apart."""
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    for position, dice in _games(seed, count // 8 + 5):
        if rng.random() < 0.3 and len(legal_plays(position, dice)) > 1:
            out.append({"position": position.gnubg_id(), "dice": list(dice)})
    rng.shuffle(out)
    return out[:count]


def _cube_candidates(seed: int, count: int) -> list[Position]:
    out = []
    for position, _dice in _games(seed, count // 4 + 5):
        if core.evaluate(position, CUBELESS, 0)[0][0] >= 0.55 and min(position.off()) < 15:
            out.append(position)
    random.Random(seed).shuffle(out)
    return out


def cube_set(count: int, seed: int) -> list[dict[str, Any]]:
    """``count`` match cube positions with GNU Backgammon's own 2-ply advice at the score."""
    rng = random.Random(seed)
    cases: list[tuple[Position, int, list[int], int, bool]] = []
    for position in _cube_candidates(seed, count * 2):
        length = rng.choice((3, 5, 7, 9, 11))
        score = [rng.randrange(length), rng.randrange(length)]
        away = (length - score[0], length - score[1])
        owned = rng.random() < 0.3
        value = 1
        if owned:
            value = rng.choice((2, 4))
            if value >= min(away):
                owned, value = False, 1
        game = cube_game(position, length, (score[0], score[1]), value, owned)
        if game.crawford or not game.may(Action(ActionKind.DOUBLE, 0)):
            continue
        cases.append((position, length, score, value, owned))
        if len(cases) == count:
            break
    advice = gnubg_cube_advice([cube_game(p, n, (s[0], s[1]), v, o) for p, n, s, v, o in cases])
    return [
        {
            "position": p.gnubg_id(),
            "length": n,
            "score": s,
            "cube": v,
            "owned": o,
            "double": d,
            "take": t,
        }
        for (p, n, s, v, o), (d, t) in zip(cases, advice, strict=True)
    ]


def cube_game(
    position: Position,
    length: int,
    score: tuple[int, int],
    value: int,
    owned: bool,
    options: Options | None = None,
) -> Game:
    """The game with ``position`` before player 0's roll, at ``score`` of a ``length`` match
    (0: money), the cube at ``value``, owned by player 0 or centred."""
    if length:
        game = Game.new("backgammon", options, match_length=length, score=score)
    else:
        game = Game.new("backgammon", options)
    cube = CubeState(value, 0 if owned else None, turned=owned)
    return replace(game, position=position, phase=Phase.ROLL, turn=0, cube=cube)


def case_game(case: dict[str, Any]) -> Game:
    """The game of one fixed match cube case (its position, match length, score and cube)."""
    return cube_game(
        Position.from_gnubg_id(case["position"]),
        case["length"],
        (case["score"][0], case["score"][1]),
        case["cube"],
        case["owned"],
    )


def gnubg_cube_advice(games: list[Game]) -> list[tuple[bool, bool]]:
    """GNU Backgammon's own 2-ply cube advice (``gnubg -t``): (double, take) for player 0 on roll
    before rolling in each of ``games`` (all money games, Jacoby rule on, or all match games,
    post-Crawford where a side is 1-away); where gnubg shows no cube decision, as the cube is
    of no use to the side on roll, no double and a take."""
    lines = [
        "set player 0 human",
        "set player 1 human",
        "set jacoby on",
        "set evaluation cubedecision evaluation plies 2",
        "set evaluation cubedecision evaluation cubeful on",
    ]
    if not games[0].match_length:
        lines += ["new game", "set turn 1"]
    for game in games:
        if bool(game.match_length) != bool(games[0].match_length):
            raise ValueError("money games and match games are asked about apart")
        if game.match_length:
            length, (mine, theirs) = game.match_length, game.score
            lines += [f"new match {length}", f"set score {theirs} {mine}"]
            if 1 in (length - mine, length - theirs):
                lines += ["set crawford off", "set postcrawford on"]
            lines.append("set turn 1")
        lines.append(f"set board {game.position.gnubg_id()}")
        lines.append(f"set cube value {game.cube.value}")
        lines.append("set cube owner 1" if game.cube.owner == 0 else "set cube centre")
        lines.append("eval")
    out = run(lines, timeout=1800)
    blocks = out.split("\nEvaluator:")[1:]  # each eval's answer begins so
    if len(blocks) != len(games):
        raise RuntimeError(f"gnubg answered {len(blocks)} of {len(games)} positions")
    advice = []
    for block in blocks:
        action = re.search(r"Proper cube action: (.*)", block)
        # No cube analysis: the cube is of no use to the side on roll (a 1-away leader after
        # the Crawford game, both 1-away): no double, and a double would be taken.
        advice.append(parse_action(action.group(1)) if action else (False, True))
    return advice


def parse_action(text: str) -> tuple[bool, bool]:
    """(double, take) of a gnubg "Proper cube action" line."""
    t = text.strip().lower()
    double = t.startswith(("double", "redouble", "optional double", "optional redouble"))
    take = "pass" not in t.split(",")[-1]
    return double, take


def money_set(count: int, seed: int) -> list[dict[str, Any]]:
    """``count`` money cube positions with GNU Backgammon's own 2-ply advice."""
    rng = random.Random(seed)
    cases: list[tuple[Position, int, bool]] = []
    for position in _cube_candidates(seed, count * 2):
        owned = rng.random() < 0.3
        cases.append((position, 2 if owned else 1, owned))
        if len(cases) == count:
            break
    advice = gnubg_cube_advice([cube_game(p, 0, (0, 0), v, o) for p, v, o in cases])
    return [
        {"position": p.gnubg_id(), "cube": v, "owned": o, "double": d, "take": t}
        for (p, v, o), (d, t) in zip(cases, advice, strict=True)
    ]


def nardy_set(count: int, seed: int) -> list[dict[str, Any]]:
    """``count`` long nardy (position, roll) decisions with more than one legal play."""
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    while len(out) < count:
        position: Position = LongNardyPosition.initial()
        for _turn in range(400):
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            if rng.random() < 0.25 and len(legal_plays(position, dice)) > 1:
                out.append(
                    {
                        "player": list(position.player),
                        "opponent": list(position.opponent),
                        "dice": list(dice),
                    }
                )
            play = choose_play(position, dice, rng, depth=0, noise=0.03)
            if play is None:
                position = position.swapped()
                continue
            position = position.after(play)
            if position.off()[1] == 15:
                break
    return out[:count]


def load() -> dict[str, list[dict[str, Any]]]:
    """The stored sets."""
    data: dict[str, list[dict[str, Any]]] = json.loads(PATH.read_text())
    return data


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(argv)
    seed = args.seed
    data = {
        "seed": [{"seed": seed}],
        "plays": play_set(300, seed),
        "cube": cube_set(200, seed + 1),
        "money": money_set(100, seed + 2),
        "nardy": nardy_set(100, seed + 3),
    }
    PATH.write_text(json.dumps(data, indent=None, separators=(",", ":")) + "\n")
    print(f"wrote {PATH}: " + ", ".join(f"{k} {len(v)}" for k, v in data.items() if k != "seed"))


if __name__ == "__main__":
    main()
