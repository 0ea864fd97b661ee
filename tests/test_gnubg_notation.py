"""Notation against GNU Backgammon itself (``gnubg -t -p``: its Python mode).

For random positions and rolls gnubg writes every legal play (``gnubg.movetupletostring``, the
``FormatMove`` of its board and hint displays) and lists its ``hint`` moves.  Every text it prints
must parse, with the engine's parser, to the play gnubg made it from (the same resulting position,
compared by gnubg_nn's position key), and ``Play.notation()`` must be gnubg's text.
"""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path

import gnubg_nn  # type: ignore[import-untyped]
from test_differential_gnubg import game_positions
from test_matfile import _gnubg

from engine.errors import AmbiguousPlay
from engine.movegen import legal_plays
from engine.notation import parse_play
from engine.position import Position
from engine.steps import apply_steps

_SCRIPT = """
import json
import gnubg

cases = json.load(open(SOURCE))
for command in ("set player 0 human", "set player 1 human", "new session",
                "set evaluation chequerplay evaluation plies 0"):
    gnubg.command(command)
out = []
for case in cases:
    gnubg.command("set board " + case["posid"])
    gnubg.command("set dice %d%d" % tuple(case["dice"]))
    board = gnubg.positionfromid(case["posid"])
    texts = [gnubg.movetupletostring(tuple(move), board) for move in case["moves"]]
    hint = gnubg.hint(999)
    out.append({"texts": texts, "hint": [h["move"] for h in hint["hint"]]})
json.dump(out, open(SINK, "w"))
"""


def _key(position: Position) -> str:
    """gnubg_nn's key of ``position`` (from the view of the player who just moved)."""
    return str(gnubg_nn.key_of_board([list(position.opponent), list(position.player)]))


def _cases(seed: int, count: int) -> list[tuple[Position, tuple[int, int]]]:
    rng = random.Random(seed)
    positions = game_positions(seed, 40, 0.25)
    rng.shuffle(positions)
    out: list[tuple[Position, tuple[int, int]]] = []
    for position in positions:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        if dice[0] < dice[1]:
            dice = (dice[1], dice[0])
        if legal_plays(position, dice):
            out.append((position, dice))
        if len(out) >= count:
            break
    return out


def _gnubg_texts(
    tmp_path: Path, cases: list[tuple[Position, tuple[int, int]]]
) -> list[tuple[dict[str, str], list[str]]]:
    """Per case: gnubg's text of every legal play (text -> key of its result), and its hints."""
    payload = []
    keys: list[list[str]] = []
    for position, dice in cases:
        moves = gnubg_nn.moves([list(position.opponent), list(position.player)], *dice, 1)
        tuples = []
        case_keys = []
        for key, steps in moves:
            # The mover's numbering, 25 the bar and 0 off, as movetupletostring reads it.
            tuples.append([point for step in steps for point in step])
            case_keys.append(str(key))
        keys.append(case_keys)
        payload.append({"posid": position.gnubg_id(), "dice": list(dice), "moves": tuples})
    source, sink, script = tmp_path / "in.json", tmp_path / "out.json", tmp_path / "notation.py"
    source.write_text(json.dumps(payload))
    script.write_text(f"SOURCE = {str(source)!r}\nSINK = {str(sink)!r}\n" + _SCRIPT)
    run = subprocess.run(
        [_gnubg(), "-t", "-q", "-p", str(script)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert sink.exists(), run.stdout[-2000:] + run.stderr[-2000:]
    answers = json.loads(sink.read_text())
    assert len(answers) == len(cases)
    out = []
    for case_keys, answer in zip(keys, answers, strict=True):
        texts = dict(zip(answer["texts"], case_keys, strict=True))
        assert len(texts) == len(case_keys), "gnubg wrote two plays the same way"
        out.append((texts, answer["hint"]))
    return out


def test_every_play_gnubg_prints_parses_to_the_play_it_means(tmp_path: Path) -> None:
    cases = _cases(20, 300)
    answers = _gnubg_texts(tmp_path, cases)
    checked = hinted = strictly_ambiguous = 0
    problems: list[str] = []
    for (position, dice), (texts, hints) in zip(cases, answers, strict=True):
        plays = legal_plays(position, dice)
        ours = {_key(apply_steps(position, p.steps)): p for p in plays}
        assert set(ours) == set(texts.values())
        for play in plays:
            key = _key(apply_steps(position, play.steps))
            if texts.get(play.notation()) != key:
                problems.append(f"{position.gnubg_id()} {dice}: notation {play.notation()!r}")
        for text, key in texts.items():
            checked += 1
            try:
                parse_play(position, dice, text, plays=plays, strict=True)
            except AmbiguousPlay:
                strictly_ambiguous += 1
            got = parse_play(position, dice, text, plays=plays)
            if _key(apply_steps(position, got.steps)) != key:
                problems.append(f"{position.gnubg_id()} {dice}: {text!r} read as {got}")
        assert set(hints) <= set(texts), set(hints) - set(texts)
        for text in hints:
            hinted += 1
            got = parse_play(position, dice, text, plays=plays)
            if _key(apply_steps(position, got.steps)) != texts[text]:
                problems.append(f"{position.gnubg_id()} {dice}: hint {text!r} read as {got}")
    assert not problems, problems[:10]
    assert checked > 3000 and hinted > 3000
    # The convention mattered: some of these texts are ambiguous when read without it.
    assert strictly_ambiguous > 0
