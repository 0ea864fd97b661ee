"""Step-by-step play building: the offered steps lead exactly to the legal plays."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.builder import PlayBuilder
from engine.errors import IllegalPlay
from engine.movegen import Play, Step, apply_steps, legal_plays, result_key
from engine.nardy import LongNardyPosition
from engine.position import Position


def _positions(seed: int, count: int, cls: type[Position] = Position) -> list[Position]:
    """Positions from a random game (legal plays chosen at random)."""
    rng = random.Random(seed)
    pos = cls.initial()
    out = []
    for _ in range(count):
        plays = legal_plays(pos, (rng.randint(1, 6), rng.randint(1, 6)))
        play = rng.choice(plays) if plays else Play(())
        after = apply_steps(pos, play.steps)
        if after.off()[0] == 15:
            pos = cls.initial()
            continue
        pos = after.swapped()
        out.append(pos)
    return out


POSITIONS = [p for seed in range(4) for p in _positions(seed, 60)] + [
    # Long nardy: no hitting, the head rule and the six-prime rule are path-dependent hooks.
    p
    for seed in range(3)
    for p in _positions(seed, 50, LongNardyPosition)
]


def _walk(builder: PlayBuilder, seen: set[tuple[bytes, tuple[int, ...]]], ends: set[bytes]) -> None:
    """Every path of offered steps: each must end in a complete play."""
    steps = builder.next_steps()
    if not steps:
        assert builder.is_complete, builder.steps
        ends.add(result_key(builder.position, builder.steps))
        return
    assert not builder.is_complete or not builder.steps
    for step in steps:
        nxt = builder.add(step)
        key = (result_key(builder.position, nxt.steps), nxt.dice_left)
        if key in seen:
            continue
        seen.add(key)
        _walk(nxt, seen, ends)


@settings(max_examples=250, deadline=None)
@given(index=st.integers(0, len(POSITIONS) - 1), d1=st.integers(1, 6), d2=st.integers(1, 6))
def test_offered_steps_reach_exactly_the_legal_plays(index: int, d1: int, d2: int) -> None:
    position = POSITIONS[index]
    builder = PlayBuilder(position, (d1, d2))
    legal = {result_key(position, p.steps) for p in legal_plays(position, (d1, d2))}
    ends: set[bytes] = set()
    _walk(builder, set(), ends)
    if legal:
        assert ends == legal
    else:
        assert builder.no_play and builder.is_complete and ends == {result_key(position, ())}


@settings(max_examples=100, deadline=None)
@given(
    index=st.integers(0, len(POSITIONS) - 1),
    d1=st.integers(1, 6),
    d2=st.integers(1, 6),
    frm=st.integers(1, 25),
    pips=st.integers(1, 6),
)
def test_steps_not_offered_are_refused(index: int, d1: int, d2: int, frm: int, pips: int) -> None:
    builder = PlayBuilder(POSITIONS[index], (d1, d2))
    step = Step(frm, max(0, frm - pips))
    offered = {(s.frm, s.to) for s in builder.next_steps()}
    if (step.frm, step.to) in offered:
        assert builder.add(step).steps[-1][:2] == (step.frm, step.to)
    else:
        with pytest.raises(IllegalPlay) as info:
            builder.add(step)
        assert info.value.code == "step_not_legal"


def test_every_legal_play_is_found_in_its_own_order() -> None:
    for position in POSITIONS[:40]:
        for dice in ((6, 5), (3, 3), (2, 1)):
            builder = PlayBuilder(position, dice)
            for play in builder.legal_plays:
                found = builder.find(play)
                assert found is not None
                assert result_key(position, found.steps) == result_key(position, play.steps)


def test_bear_off_with_a_higher_die_uses_the_smaller_fitting_die() -> None:
    pos = Position.from_points({4: 1, 2: 1}, {13: 15})
    builder = PlayBuilder(pos, (6, 5)).add(Step(4, 0))
    assert builder.used == (5,) and builder.dice_left == (6,)
    assert builder.add(Step(2, 0)).is_complete


def test_undo_reset_and_errors() -> None:
    builder = PlayBuilder(Position.initial(), (6, 6))
    assert len(builder.all_dice) == 4
    built = builder.add(Step(24, 18)).add(Step(24, 18))
    assert built.undo().steps == (Step(24, 18),)
    assert built.reset().steps == ()
    assert built.current.player[17] == 2
    with pytest.raises(IllegalPlay) as info:
        builder.undo()
    assert info.value.code == "nothing_to_undo"
    with pytest.raises(IllegalPlay) as info:
        built.play()
    assert info.value.code == "play_incomplete"
    with pytest.raises(ValueError):
        PlayBuilder(Position.initial(), (6, 6), (Step(24, 18),), ())


@pytest.mark.parametrize("cls", [Position, LongNardyPosition])
def test_first_turn_every_roll(cls: type[Position]) -> None:
    # Long nardy's first turn has the head exception (6-6, 4-4, 3-3: two checkers may leave).
    position = cls.initial()
    for d1 in range(1, 7):
        for d2 in range(d1, 7):
            legal = {result_key(position, p.steps) for p in legal_plays(position, (d1, d2))}
            ends: set[bytes] = set()
            _walk(PlayBuilder(position, (d1, d2)), set(), ends)
            assert ends == legal, (d1, d2)
