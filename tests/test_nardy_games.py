"""Random long nardy games against an independent referee.

The referee below is written apart from :mod:`engine.nardy` and :mod:`engine.movegen`: it models
the physical board (24 places round the table, both sides moving the same way, the heads opposite)
instead of the generator's per-side numbering, and states each rule of RULES.md 5 directly.  Every
turn of every game is checked twice: the final state against the rules, and the generator's set of
results against the referee's own exhaustive search over every order of the dice and steps.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from hypothesis import HealthCheck, given, settings
from hypothesis import Phase as HypothesisPhase
from hypothesis import strategies as st

from engine.cube import Options
from engine.game import Game, Phase
from engine.movegen import Play, apply_steps
from engine.nardy import LONG_NARDY_OPTIONS, LongNardyPosition
from engine.position import Position
from engine.result import WinKind

# -- the referee's board --------------------------------------------------------------------------
#
# A side's checkers are counted by *route index*: 0 is its head, 23 the last place before bearing
# off, 18-23 its home.  Place ``g`` round the table (0-23) is the mover's route index ``g`` and the
# opponent's route index ``(g - 12) % 24``: the opponent's head is opposite the mover's.

ROUTE = 24
HOME_START = 18
OPPONENT_START = 12


@dataclass(frozen=True)
class Table:
    """Mover's and opponent's checkers by route index; borne-off counts follow from 15."""

    mover: tuple[int, ...]
    other: tuple[int, ...]

    @staticmethod
    def of(position: Position) -> Table:
        # Own point p (index p - 1) is route index 24 - p.
        return Table(tuple(reversed(position.player[:24])), tuple(reversed(position.opponent[:24])))

    def other_at_place(self, place: int) -> int:
        return self.other[(place - OPPONENT_START) % ROUTE]

    def other_off(self) -> int:
        return 15 - sum(self.other)


def overlapping_places(table: Table) -> list[int]:
    return [g for g in range(ROUTE) if table.mover[g] and table.other_at_place(g)]


def illegal_primes(mover: tuple[int, ...], table: Table, home_variant: bool) -> list[int]:
    """Starts (opponent route index) of six-place blocks the rules forbid for ``mover``."""
    # The opponent's route index s is place (12 + s) % 24, the mover's route index of that place.
    held = [mover[(OPPONENT_START + s) % ROUTE] > 0 for s in range(ROUTE)]
    bad = []
    for start in range(ROUTE - 5):
        if not all(held[start : start + 6]):
            continue
        if table.other_off():
            continue
        ahead = table.other[HOME_START:] if home_variant else table.other[start + 6 :]
        if not any(ahead):
            bad.append(start)
    return bad


def opponent_head_stops(table: Table, die: int) -> bool:
    """A lone checker playing ``die`` repeatedly from the head is first stopped by the head."""
    place = die
    while place < ROUTE:
        if table.other_at_place(place):
            return (place - OPPONENT_START) % ROUTE == 0
        place += die
    return False


def referee_results(
    table: Table, dice: tuple[int, int], home_variant: bool
) -> set[tuple[int, ...]]:
    """Every legal final arrangement of the mover's checkers, searched over every order."""
    first_turn = table.mover[0] == 15
    double = dice[0] == dice[1]
    orders = [(dice[0],) * 4] if double else [dice, (dice[1], dice[0])]
    reached: dict[tuple[int, ...], set[tuple[int, ...]]] = {}

    def may_step(mover: list[int], src: int, die: int, head_moves: int) -> bool:
        if not mover[src]:
            return False
        dst = src + die
        if src == 0 and head_moves >= 1:
            allowed_second = (
                head_moves == 1
                and first_turn
                and double
                and die in (3, 4, 6)
                and opponent_head_stops(table, die)
            )
            if not allowed_second:
                return False
        if dst < ROUTE:
            return not table.other_at_place(dst)
        if any(mover[:HOME_START]):
            return False
        return dst == ROUTE or not any(mover[HOME_START:src])

    def search(mover: list[int], order: tuple[int, ...], used: tuple[int, ...], heads: int) -> None:
        reached.setdefault(used, set()).add(tuple(mover))
        if len(used) == len(order):
            return
        die = order[len(used)]
        for src in range(ROUTE):
            if not may_step(mover, src, die, heads):
                continue
            mover[src] -= 1
            if src + die < ROUTE:
                mover[src + die] += 1
            if not illegal_primes(tuple(mover), table, home_variant):
                search(mover, order, (*used, die), heads + (src == 0))
            if src + die < ROUTE:
                mover[src + die] -= 1
            mover[src] += 1

    for order in orders:
        search(list(table.mover), order, (), 0)
    most = max(len(used) for used in reached)
    if most == 0:
        return set()
    best = [used for used in reached if len(used) == most]
    if not double and most == 1:
        high = max(dice)
        if (high,) in reached:
            best = [(high,)]
    return set().union(*(reached[used] for used in best))


def check_turn(
    before: Position, dice: tuple[int, int], after: Position, home_variant: bool
) -> None:
    """The final state of a turn (``after``, same side on roll) obeys RULES.md 5."""
    old, new = Table.of(before), Table.of(after)
    assert new.other == old.other, "the opponent's checkers moved"
    assert sum(new.mover) <= 15 and min(new.mover) >= 0
    assert after.player[24] == 0 and after.opponent[24] == 0, "long nardy has no bar"
    assert not overlapping_places(new), "two colours on one point"
    left_head = old.mover[0] - new.mover[0]
    if old.mover[0] == 15 and dice[0] == dice[1] and opponent_head_stops(old, dice[0]):
        assert left_head <= 2
    else:
        assert left_head <= 1, "more than one checker left the head"
    assert not illegal_primes(new.mover, new, home_variant), "a forbidden six-point prime"
    borne_off = (15 - sum(new.mover)) - (15 - sum(old.mover))
    if borne_off:
        assert not any(new.mover[:HOME_START]), "borne off with checkers outside home"
    pips_before = sum(n * (ROUTE - r) for r, n in enumerate(old.mover))
    pips_after = sum(n * (ROUTE - r) for r, n in enumerate(new.mover))
    moved = pips_before - pips_after
    roll = 4 * dice[0] if dice[0] == dice[1] else dice[0] + dice[1]
    assert 0 <= moved <= roll
    if not borne_off:
        if dice[0] == dice[1]:
            assert moved % dice[0] == 0
        else:
            assert moved in (0, dice[0], dice[1], roll)


# -- the games -----------------------------------------------------------------------------------


class HypothesisDice:
    """A dice source for :class:`engine.game.Game` drawing every die from hypothesis."""

    def __init__(self, data: st.DataObject) -> None:
        self._data = data

    def __call__(self) -> int:
        return self._data.draw(st.integers(min_value=1, max_value=6))


def play_game(
    rng: random.Random, dice: HypothesisDice, variant: str, options: Options, first: int
) -> Game:
    """Play a random game to its end, checking every turn; returns the finished game."""
    home_variant = variant == "long_nardy_home_prime"
    game = Game.new(variant, options, starter=first)
    assert game.phase is Phase.ROLL and game.first == game.turn == first
    turns = 0
    while not game.is_over:
        turn = game.turn
        assert turn is not None and turns < 2000, "the game does not end"
        game = game.roll(turn, dice)
        assert game.dice is not None
        position = game.position
        plays = game.builder.legal_plays
        results = {Table.of(apply_steps(position, play.steps)).mover for play in plays}
        assert len(results) == len(plays), "two plays with the same result"
        expected = referee_results(Table.of(position), game.dice, home_variant)
        assert results == expected, (position, game.dice, results ^ expected)
        play = rng.choice(plays) if plays else Play(())
        moved = apply_steps(position, play.steps)
        check_turn(position, game.dice, moved, home_variant)
        game = game.play(turn, play)
        assert game.position == moved.swapped()
        turns += 1
    return game


def check_result(game: Game) -> None:
    """The finished game's result is what the final board says."""
    result = game.result
    assert result is not None
    board = game.board(0)
    off = board.off()
    if result.winner is None:
        assert game.options.last_roll_draw and off == (15, 15)
        assert result.points == 0
        return
    winner_off, loser_off = off if result.winner == 0 else off[::-1]
    assert winner_off == 15 and loser_off < 15
    loser = board.opponent if result.winner == 0 else board.player
    if loser_off:
        assert result.kind is WinKind.SINGLE and result.points == 1
    elif any(loser[12:24]) and game.options.backgammon_counts == 3:
        assert result.kind is WinKind.BACKGAMMON and result.points == 3  # koks
    else:  # a mars; without the koks option a koks is recorded as one
        assert result.kind is WinKind.GAMMON and result.points == 2
    if game.options.last_roll_draw and result.winner == game.first:
        # The other side had its last roll: the game ended after his turn, not the winner's.
        assert game.log[-2].player != result.winner


# A whole game draws hundreds of dice: shrinking a failure would take far too long, so a failing
# game is reported as found (hypothesis prints every die it drew).
GAMES = settings(
    max_examples=6,
    deadline=None,
    phases=[HypothesisPhase.explicit, HypothesisPhase.reuse, HypothesisPhase.generate],
    suppress_health_check=[HealthCheck.data_too_large, HealthCheck.too_slow],
)
SEEDS = st.integers(min_value=0, max_value=2**32)
PLAYERS = st.integers(min_value=0, max_value=1)


@GAMES
@given(seed=SEEDS, first=PLAYERS, data=st.data())
def test_random_games_end_with_a_valid_result(seed: int, first: int, data: st.DataObject) -> None:
    dice = HypothesisDice(data)
    game = play_game(random.Random(seed), dice, "long_nardy", LONG_NARDY_OPTIONS, first)
    check_result(game)


@settings(GAMES, max_examples=4)
@given(seed=SEEDS, first=PLAYERS, data=st.data())
def test_random_games_with_every_option(seed: int, first: int, data: st.DataObject) -> None:
    options = replace(LONG_NARDY_OPTIONS, backgammon_counts=3, last_roll_draw=True)
    dice = HypothesisDice(data)
    game = play_game(random.Random(seed), dice, "long_nardy_home_prime", options, first)
    check_result(game)


def test_the_start_is_a_long_nardy_position() -> None:
    start = LongNardyPosition.initial()
    table = Table.of(start)
    assert table.mover[0] == table.other[0] == 15
    assert not overlapping_places(table)
