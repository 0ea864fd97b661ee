"""The long nardy network: its encoding, its chances, its player's search and levels, its
weights file, and its trainer (deterministic, resumable, learning).

Its strength and move times are measured by ``python -m benchmarks.nardy_levels``; the
training itself by ``python -m training.nardy`` (``docs/NARDY_NET.md``).
"""

from __future__ import annotations

import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from ai_support import play_computer_game

from benchmarks.nardy_tune import match, random_player
from bot.ai import nardy_net, nardy_net_player
from bot.ai.computer import nardy_outlook
from bot.ai.nardy_net import (
    ENCODING,
    INPUTS,
    OUTPUTS,
    SIDE_INPUTS,
    Floats,
    Ints,
    NardyNet,
    after_counts,
    default_net,
    encode,
    equity,
    flip,
    load,
)
from engine import legal_plays
from engine.nardy import LONG_NARDY_OPTIONS, LongNardyHomePrimePosition, LongNardyPosition
from engine.position import CHECKERS, Position
from training import nardy as trainer

ROOT = Path(__file__).resolve().parent.parent


def random_positions(
    count: int, seed: int, cls: type[Position] = LongNardyPosition
) -> list[tuple[Position, tuple[int, int]]]:
    """``count`` (position, roll) pairs from seeded games of random legal plays."""
    rng = random.Random(seed)
    out: list[tuple[Position, tuple[int, int]]] = []
    while len(out) < count:
        position: Position = cls.initial()
        for _ in range(400):
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            out.append((position, dice))
            plays = legal_plays(position, dice)
            position = position.swapped() if not plays else position.after(rng.choice(plays))
            if position.off()[1] == CHECKERS or len(out) >= count:
                break
    return out


def rows(position: Position) -> tuple[Ints, Ints]:
    return nardy_net.counts_row(position.player), nardy_net.counts_row(position.opponent)


POSITIONS = random_positions(600, 3)


# -- the encoding ------------------------------------------------------------------------------


def test_the_start_is_encoded_as_documented() -> None:
    x = encode(*rows(LongNardyPosition.initial()))[0]
    assert x.shape == (INPUTS,) == (2 * SIDE_INPUTS + 1,)
    for half in (x[:SIDE_INPUTS], x[SIDE_INPUTS:-1]):
        points = half[:96].reshape(24, 4)
        assert points[23].tolist() == [1.0, 1.0, 1.0, 3.0]  # fifteen on the head
        assert not points[:23].any()
        off, pips, home, back, bearing, blocks, run = half[96:]
        assert (off, pips, home, back, bearing) == (0.0, 1.0, 0.0, 1.0, 0.0)
        # the head stands ahead of the other side's rear (its own head, its point 24)
        assert (blocks, run) == (1 / 8, 1 / 6)
    assert x[-1] == 0.0  # not a race


def test_swapping_the_sides_swaps_the_halves_of_the_encoding() -> None:
    for position, _dice in POSITIONS[::7]:
        x = encode(*rows(position))[0]
        y = encode(*rows(position.swapped()))[0]
        assert np.array_equal(x[:SIDE_INPUTS], y[SIDE_INPUTS:-1])
        assert np.array_equal(x[SIDE_INPUTS:-1], y[:SIDE_INPUTS])
        assert x[-1] == y[-1]


def test_the_encoding_gives_back_every_count_the_checkers_off_and_the_pips() -> None:
    for position, _dice in POSITIONS[::5]:
        x = encode(*rows(position))[0]
        for half, side in (
            (x[:SIDE_INPUTS], position.player),
            (x[SIDE_INPUTS:-1], position.opponent),
        ):
            codes = half[:96].reshape(24, 4)
            counts = codes[:, 0] + codes[:, 1] + codes[:, 2] + 4 * codes[:, 3]
            assert np.allclose(counts, side[:24])
            assert round(half[96] * CHECKERS) + sum(side) == CHECKERS
            assert round(half[97] * 360) == sum(n * (i + 1) for i, n in enumerate(side))
            assert round(half[98] * CHECKERS) == sum(side[:6])
            assert half[100] == (sum(side[6:24]) == 0)
        assert x.min() >= 0.0 and x.max() <= 3.0


def test_one_row_stands_for_every_row_of_the_other_side() -> None:
    position, dice = POSITIONS[40]
    plays = legal_plays(position, dice)
    moved = after_counts(position.player, plays)
    fixed = nardy_net.counts_row(position.opponent)
    tiled = np.repeat(fixed, len(plays), axis=0)
    assert np.array_equal(encode(fixed, moved), encode(tiled, moved))
    assert np.array_equal(encode(moved, fixed), encode(moved, tiled))


def test_the_race_flag_is_set_once_no_checker_can_meet_another() -> None:
    race = LongNardyPosition.from_points({12: 5, 3: 10}, {11: 5, 1: 10})
    contact = LongNardyPosition.from_points({13: 5, 3: 10}, {11: 5, 2: 10})
    assert encode(*rows(race))[0, -1] == 1.0
    assert encode(*rows(contact))[0, -1] == 0.0


# -- the chances -------------------------------------------------------------------------------


def test_the_chances_keep_their_order_and_the_board_rules_them_out_exactly() -> None:
    net = default_net()
    for position, _dice in POSITIONS[::3]:
        p = net.probabilities(*rows(position))[0]
        win, mars, koks, lmars, lkoks = p
        assert 0.0 <= koks <= mars <= win <= 1.0
        assert 0.0 <= lkoks <= lmars <= 1.0 - win
        mine_off, theirs_off = position.off()
        if theirs_off:
            assert mars == koks == 0.0
        if mine_off:
            assert lmars == lkoks == 0.0
        if not any(position.opponent[12:24]):
            assert koks == 0.0


def test_flipping_twice_is_the_same_and_equity_changes_sign() -> None:
    net = default_net()
    p = net.probabilities(*rows(POSITIONS[100][0]))
    assert np.allclose(flip(flip(p)), p)
    assert np.allclose(equity(flip(p)), -equity(p))
    assert np.allclose(equity(flip(p), koks=True), -equity(p, koks=True))


def test_a_play_that_bears_off_the_last_checker_gets_the_result() -> None:
    mars = LongNardyPosition.from_points({1: 1}, {12: 15})
    koks = LongNardyPosition.from_points({1: 1}, {19: 15})
    single = LongNardyPosition.from_points({1: 1}, {1: 14})
    for position, kind in ((single, [1, 0, 0]), (mars, [1, 1, 0]), (koks, [1, 1, 1])):
        ranked = nardy_net_player.rank_plays(position, (2, 1), 1)
        assert list(ranked[0].chances) == [*kind, 0, 0]
        assert ranked[0].value == equity(np.array([[*kind, 0, 0]], dtype=float))[0]


# -- the search --------------------------------------------------------------------------------


def plain_value(net: NardyNet, position: Position) -> Floats:
    """The chances of the side on roll in ``position`` by the network, one position at a time."""
    if position.off()[1] == CHECKERS:
        lost: Floats = flip(nardy_net.terminal(position.player)[None, :])[0]
        return lost
    chances: Floats = net.probabilities(*rows(position))[0]
    return chances


def plain_after(net: NardyNet, position: Position, dice: tuple[int, int]) -> list[Floats]:
    """The mover's chances after each legal play, one position at a time."""
    return [
        flip(plain_value(net, position.after(p))[None, :])[0] for p in legal_plays(position, dice)
    ]


def plain_one_ply(net: NardyNet, after: Position) -> Floats:
    """The mover's chances one roll deeper, ``after`` his play (the opponent on roll): the
    opponent's best reply by the network to each roll, averaged."""
    total = np.zeros(OUTPUTS)
    for dice, weight in nardy_net_player.ROLLS:
        replies = legal_plays(after, dice)
        if not replies:
            mine = plain_value(net, after.swapped())
        else:
            options = [plain_value(net, after.after(r)) for r in replies]
            mine = min(options, key=lambda p: float(equity(p[None, :])[0]))
        total += weight * mine
    return total / 36


def test_depth_zero_gives_each_play_the_networks_value_of_the_position_it_leaves() -> None:
    net = default_net()
    for position, dice in POSITIONS[:80:4]:
        ranked = nardy_net_player.rank_plays(position, dice, 0, net)
        by_play = {r.play.steps: r for r in ranked}
        for play, p in zip(
            legal_plays(position, dice), plain_after(net, position, dice), strict=True
        ):
            assert np.allclose(by_play[play.steps].chances, p)


def test_depth_one_gives_the_plain_expectimax_value() -> None:
    net = default_net()
    searched = 0
    for position, dice in POSITIONS[200:260:6]:
        ranked = nardy_net_player.rank_plays(position, dice, 1, net, width=(3, 0))
        for r in ranked:
            if r.depth == 1:
                searched += 1
                expected = plain_one_ply(net, position.after(r.play))
                assert np.allclose(r.chances, expected)
    assert searched >= 6


@pytest.mark.parametrize("depth", nardy_net_player.DEPTHS)
def test_the_ranking_holds_every_legal_play_once_deeper_ones_first(depth: int) -> None:
    for position, dice in POSITIONS[300 : 330 if depth < 2 else 306]:
        ranked = nardy_net_player.rank_plays(position, dice, depth, width=(4, 2))
        steps = [r.play.steps for r in ranked]
        assert sorted(steps) == sorted(p.steps for p in legal_plays(position, dice))
        assert len(set(steps)) == len(steps)
        deep = [r.depth for r in ranked]
        assert deep == sorted(deep, reverse=True)
        for d in set(deep):
            values = [r.value for r in ranked if r.depth == d]
            assert values == sorted(values, reverse=True)


def test_no_legal_play_ranks_nothing_and_depth_is_checked() -> None:
    stuck = LongNardyPosition.from_points({24: 15}, {24: 14, 6: 1})
    for depth in nardy_net_player.DEPTHS:
        assert nardy_net_player.rank_plays(stuck, (6, 6), depth) == []
    assert nardy_net_player.level_play(stuck, (6, 6), "expert", random.Random(1)) is None
    with pytest.raises(ValueError):
        nardy_net_player.rank_plays(LongNardyPosition.initial(), (6, 5), 3)


@pytest.mark.parametrize("cls", [LongNardyPosition, LongNardyHomePrimePosition])
@pytest.mark.parametrize("name", list(nardy_net_player.LEVELS))
def test_every_level_chooses_a_legal_play(cls: type[Position], name: str) -> None:
    count = 4 if nardy_net_player.LEVELS[name].depth == 2 else 40
    rng = random.Random(2)
    for position, dice in random_positions(count, 17, cls):
        play = nardy_net_player.level_play(position, dice, name, rng, koks=True)
        legal = legal_plays(position, dice)
        if play is None:
            assert legal == []
        else:
            assert play.steps in {p.steps for p in legal}


def test_the_same_seed_plays_the_same_noisy_game() -> None:
    def game(seed: int) -> list[tuple[int, ...]]:
        rng, dice = random.Random(seed), random.Random(seed + 1)
        position: Position = LongNardyPosition.initial()
        seen = []
        for _ in range(40):
            roll = (dice.randint(1, 6), dice.randint(1, 6))
            play = nardy_net_player.level_play(position, roll, "beginner", rng)
            position = position.swapped() if play is None else position.after(play)
            seen.append(position.player + position.opponent)
        return seen

    assert game(5) == game(5)
    assert game(5) != game(6)


def test_the_computer_plays_whole_games_on_the_network_by_default() -> None:
    game = play_computer_game("long_nardy", ("strong", "casual"), 3)
    assert game.is_over and game.result is not None
    told = play_computer_game("long_nardy", ("strong", "casual"), 3, nardy_net=True)
    assert told.log == game.log  # the default is the network
    cubed = play_computer_game(
        "long_nardy",
        ("casual", "beginner"),
        4,
        options=replace(LONG_NARDY_OPTIONS, cube=True),
    )
    assert cubed.is_over
    assert any(e.action in ("double", "take", "pass") for e in cubed.log)


def test_the_networks_outlook_values_the_mars_the_hand_weighted_one_does_not() -> None:
    # one checker left on his 1 point against fifteen far from home: a mars next roll
    position = LongNardyPosition.from_points({1: 1}, {12: 15})
    win, points = nardy_outlook(position, net=True)
    chances = default_net().probabilities(*rows(position))
    assert (win, points) == (float(chances[0, 0]), float(equity(chances)[0]))
    hand_win, hand_points = nardy_outlook(position, net=False)
    assert hand_points == 2 * hand_win - 1 <= 1.0


# -- the weights file --------------------------------------------------------------------------


def test_the_shipped_weights_load_without_the_trainer() -> None:
    code = (
        "import sys, random\n"
        "from bot.ai import nardy_net_player\n"
        "from engine.nardy import LongNardyPosition\n"
        "play = nardy_net_player.level_play(LongNardyPosition.initial(), (6, 5), 'expert',"
        " random.Random(0))\n"
        "assert play is not None\n"
        "assert not [m for m in sys.modules if m == 'training' or m.startswith('training.')]\n"
        "print(play.notation())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "24/13"
    net = default_net()
    assert net.w1.shape == (INPUTS, net.hidden) and net.info["games_played"] > 0
    assert nardy_net.WEIGHTS_FILE.stat().st_size < 200_000


def test_no_module_of_the_bot_imports_the_trainer() -> None:
    for path in (ROOT / "bot").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "import training" not in text and "from training" not in text, path


def test_a_weights_file_of_another_shape_or_encoding_is_refused(tmp_path: Path) -> None:
    net = default_net()
    small = NardyNet(net.w1[:-1], net.b1, net.w2, net.b2, {})
    small.save(tmp_path / "small.npz")
    with pytest.raises(ValueError):
        load(tmp_path / "small.npz")
    np.savez(
        tmp_path / "old.npz", w1=net.w1, b1=net.b1, w2=net.w2, b2=net.b2, encoding=ENCODING + 1
    )
    with pytest.raises(ValueError):
        load(tmp_path / "old.npz")
    net.save(tmp_path / "same.npz")
    again = load(tmp_path / "same.npz")
    assert np.allclose(again.w1, net.w1, atol=1e-6) and again.info == net.info


# -- the trainer -------------------------------------------------------------------------------


def run_trainer(folder: Path, games: int, *more: str) -> None:
    argv = ["--games", str(games), "--seed", "4", "--checkpoint", str(folder), "--hidden", "12"]
    quiet = ["--log-every", "5", "--save-every", "5", "--check-every", "0", "--strong-every", "0"]
    assert trainer.main([*argv, *quiet, *more]) == 0


def test_a_resumed_training_ends_exactly_where_an_unbroken_one_does(tmp_path: Path) -> None:
    run_trainer(tmp_path / "whole", 10)
    run_trainer(tmp_path / "broken", 10, "--until", "5")
    assert trainer.main(["--games", "10", "--checkpoint", str(tmp_path / "broken")]) == 2
    run_trainer(tmp_path / "broken", 10, "--resume")
    whole, _, played = trainer.load_checkpoint(tmp_path / "whole" / "latest.npz")
    broken, settings, played_too = trainer.load_checkpoint(tmp_path / "broken" / "latest.npz")
    assert played == played_too == 10 and settings["hidden"] == 12
    for a, b in ((whole.w1, broken.w1), (whole.w2, broken.w2), (whole.b1, broken.b1)):
        assert np.array_equal(a, b)
    shipped = load(tmp_path / "whole" / "net-0000010.npz")
    assert shipped.info["games_played"] == 10 and shipped.hidden == 12


def test_the_lambda_return_ends_in_the_result_and_mixes_the_values() -> None:
    chances = np.array([[0.5, 0.1, 0.0, 0.1, 0.0], [0.4, 0.1, 0.0, 0.2, 0.0]])
    # the last state's side won a mars: the loser, on roll at the end, has lost a mars
    lost_mars = np.array([0.0, 0.0, 0.0, 1.0, 0.0])
    record = trainer.GameRecord(np.zeros((2, INPUTS)), chances, np.ones((2, 5)), lost_mars)
    goal = trainer.targets(record, 0.0)
    assert goal[1].tolist() == [1.0, 1.0, 0.0, 0.0, 0.0]
    assert np.allclose(goal[0], [0.6, 0.2, 0.0, 0.1, 0.0])  # the next state's value, flipped
    assert trainer.targets(record, 1.0)[0].tolist() == lost_mars.tolist()
    assert np.allclose(trainer.targets(record, 0.5)[0], [0.3, 0.1, 0.0, 0.55, 0.0])


@pytest.mark.slow
def test_a_short_training_lowers_its_error_against_its_own_targets() -> None:
    settings = trainer.Settings(games=150, seed=6, hidden=20)
    net = trainer.initial_net(settings)
    errors = [trainer.train_game(net, settings, g)[1] for g in range(settings.games)]
    assert np.mean(errors[-50:]) < 0.75 * np.mean(errors[:20])


def test_the_shipped_network_beats_random_play() -> None:
    # a few hundred games of self-play are not enough for that (they play no better than the
    # first random weights); the shipped weights have had thousands
    assert match(trainer.net_player(default_net()), random_player, 100, 3) >= 0.9
