"""The puzzles' pure parts: Glicko-2 against Glickman's worked example, SM-2's intervals, the
grading bands, a puzzle made of a real analysis (its best answer the analysis' best), a
player's deck (kept once, capped, the due first), the daily puzzle's days and its choice, and
the built-in set (each puzzle's best answer the engine's best at its depth)."""

from __future__ import annotations

import json
import math
import random
from dataclasses import replace

import pytest
from analysis_support import nardy_match, play_match

from bot.ai import core, nardy_player
from bot.ai.analysis import analyse_match
from bot.ai.nardy_analysis import analyse_nardy_game
from bot.ai.report import Analysis
from bot.app.match_analysis import Job, decision_game
from bot.app.puzzles import daily, views
from bot.app.puzzles.builtin import builtin
from bot.app.puzzles.daily import Answer, Daily
from bot.app.puzzles.glicko import SCALE, Glicko, expected, rate
from bot.app.puzzles.grading import QUALITY, SCORE, band, solved
from bot.app.puzzles.records import (
    MAX_KEPT,
    MIN_LOSS,
    Card,
    Choice,
    Deck,
    Puzzle,
    Unit,
    answer_of,
    from_decision,
    is_legal,
)
from bot.app.puzzles.srs import DAY, MIN_EASE, RELEARN, Schedule, review
from bot.app.puzzles.trainer import puzzles_of
from bot.i18n import t
from bot.store import TableKey
from engine.game import Game, Phase

# -- Glicko-2 ------------------------------------------------------------------------------------


def test_glickos_worked_example() -> None:
    """Glickman's "Example of the Glicko-2 system": 1500/200/0.06 against 1400/30 (won),
    1550/100 and 1700/300 (lost) → 1464.06, 151.52, 0.05999 (the paper rounds μ' = −0.2069
    before turning it back: 173.7178 × −0.2069 + 1500 = 1464.06)."""
    player = Glicko(1500, 200, 0.06)
    results = [(Glicko(1400, 30), 1.0), (Glicko(1550, 100), 0.0), (Glicko(1700, 300), 0.0)]
    after = rate(player, results, tau=0.5)
    mu, phi = (after.rating - 1500) / SCALE, after.deviation / SCALE
    assert round(mu, 4) == -0.2069 and round(phi, 4) == 0.8722
    assert round(SCALE * round(mu, 4) + 1500, 2) == 1464.06
    assert abs(after.rating - 1464.06) < 0.01
    assert round(after.deviation, 2) == 151.52
    assert 0.05999 <= after.volatility < 0.06  # the paper's 0.05999, to its five places
    assert math.floor(after.volatility * 1e5) / 1e5 == 0.05999


def test_glicko_without_games_widens_the_deviation_only() -> None:
    player = Glicko(1600, 100, 0.06)
    after = rate(player, [])
    assert after.rating == 1600 and after.volatility == 0.06
    assert after.deviation == pytest.approx(math.sqrt((100 / SCALE) ** 2 + 0.06**2) * SCALE)


def test_glicko_moves_both_ways_and_by_surprise() -> None:
    player, puzzle = Glicko(1500, 100), Glicko(1700, 100)
    assert expected(player, puzzle) < 0.5 < expected(puzzle, player)
    won = rate(player, [(puzzle, 1.0)])
    lost = rate(player, [(puzzle, 0.0)])
    assert won.rating > 1500 > lost.rating
    # beating a stronger puzzle gains more than losing to it costs
    assert won.rating - 1500 > 1500 - lost.rating
    assert won.deviation < 100 and lost.deviation < 100
    # a rating rated at every answer settles where each period's volatility widens it as much
    # as the answer narrows it; a floor keeps it wider still
    settled = Glicko(1500, 200, 0.06)
    for _ in range(60):
        settled = rate(settled, [(Glicko(1500, 50), 0.5)])
    assert 40 < settled.deviation < 80
    floored = rate(settled, [(Glicko(1500, 50), 0.5)], floor=90.0)
    assert floored.deviation == 90.0


def test_a_rating_reads_back_and_a_bad_one_is_new() -> None:
    rating = Glicko(1523.25, 87.5, 0.0601)
    assert Glicko.from_list(rating.to_list()) == rating
    for bad in (None, [1, 2], ["a", 1, 1], [1500, -1, 0.06], [float("nan"), 1, 1]):
        assert Glicko.from_list(bad) == Glicko()


# -- SM-2 ----------------------------------------------------------------------------------------


def test_good_answers_come_back_later_and_later() -> None:
    s = Schedule(due=0.0)
    now = 0.0
    intervals = []
    for _ in range(5):
        s = review(s, QUALITY["best"], now)
        intervals.append(s.interval)
        assert s.due == now + s.interval * DAY
        now = s.due
    assert intervals == [1.0, 6.0, 16.0, 45.0, 131.0]
    assert s.ease == pytest.approx(3.0)


def test_a_miss_comes_back_soon_and_starts_again() -> None:
    s = review(review(review(Schedule(0.0), 5, 0.0), 5, DAY), 4, 7 * DAY)
    assert s.streak == 3 and s.interval == 16.0
    missed = review(s, QUALITY["wrong"], 23 * DAY)
    assert missed.due == 23 * DAY + RELEARN and missed.streak == 0
    assert missed.ease == s.ease  # SM-2 leaves the ease of a miss alone
    again = review(missed, QUALITY["best"], missed.due)
    assert again.interval == 1.0 and again.streak == 1


def test_hesitant_answers_wear_the_ease_down_to_its_floor() -> None:
    s = Schedule(0.0)
    for i in range(40):
        s = review(s, 3, i * DAY)
    assert s.ease == MIN_EASE
    with pytest.raises(ValueError):
        review(s, 6, 0.0)


# -- grading --------------------------------------------------------------------------------------


def test_the_bands() -> None:
    assert [band(x) for x in (0.0, 0.0199, 0.02, 0.05, 0.08, 0.0801, 1.0)] == [
        "best",
        "close",
        "inaccurate",
        "inaccurate",
        "inaccurate",
        "wrong",
        "wrong",
    ]
    assert [QUALITY[b] >= 3 for b in ("best", "close", "inaccurate", "wrong")] == [
        True,
        True,
        False,
        False,
    ]
    assert SCORE["best"] == 1.0 and SCORE["wrong"] == 0.0
    assert solved("close") and not solved("inaccurate")


# -- puzzles made of a real analysis ------------------------------------------------------------


@pytest.fixture(scope="module")
def backgammon() -> tuple[Job, Analysis]:
    match = play_match(5, 3, skill=0.6)
    return Job(match, ("A", "B"), players=("telegram:1", "telegram:2")), analyse_match(match, 0)


@pytest.fixture(scope="module")
def nardy() -> tuple[Job, Analysis]:
    def careless(game: Game, plays: object) -> object:
        return random.Random(len(game.log)).choice(list(plays))  # type: ignore[call-overload]

    match = nardy_match(3, choose=careless)  # type: ignore[arg-type]
    part = analyse_nardy_game(match.variant, match.length, match.options, match.records()[0])
    return Job(match, ("A", "B")), part


@pytest.mark.parametrize("which", ["backgammon", "nardy"])
def test_every_error_becomes_its_players_puzzle_with_the_analysis_best(
    which: str, request: pytest.FixtureRequest
) -> None:
    job, analysis = request.getfixturevalue(which)
    found = puzzles_of(job, analysis, 100.0)
    errors = [d for d in analysis.decisions if d.loss >= MIN_LOSS]
    assert errors and sum(len(v) for v in found.values()) == len(errors)
    for decision in errors:
        shown = decision_game(job.match, decision)
        unit: Unit = "chance" if analysis.engine == "nardy" else "equity"
        puzzle = from_decision(job.match, decision, shown, unit, analysis.ply, 100.0)
        assert puzzle is not None and puzzle.unit == unit
        assert puzzle in found[decision.player]
        # the best answer is the analysis' best at its ply; the one played is the error made
        assert puzzle.best.text == decision.best and puzzle.best.loss == 0.0
        assert puzzle.choices[puzzle.made].text == decision.made
        assert puzzle.choices[puzzle.made].loss == pytest.approx(decision.loss, abs=1e-6)
        assert puzzle.ply == analysis.ply and puzzle.player == decision.player
        assert puzzle.kind == decision.kind
        assert [c.loss for c in puzzle.choices[1:]] == sorted(c.loss for c in puzzle.choices[1:])
        if puzzle.kind == "move":
            assert puzzle.game.phase is Phase.MOVE and puzzle.game.dice == decision.dice
            assert puzzle.game.position == decision.position
            # every answer is a distinct legal play of the roll
            after = {puzzle.game.play(puzzle.player, c.text).position for c in puzzle.choices}
            assert len(after) == len(puzzle.choices)
            assert answer_of(puzzle, puzzle.best.text) == 0
        else:
            words = {"double": {"double", "no double"}, "take": {"take", "pass"}}[puzzle.kind]
            assert {c.text for c in puzzle.choices} == words
        # the buttons: the best and the one played among at most four
        offered = views.offered(puzzle)
        assert 0 in offered and puzzle.made in offered and len(offered) <= views.BUTTONS
        assert Puzzle.from_dict(json.loads(json.dumps(puzzle.to_dict()))) == puzzle
    # the same analysis makes the same puzzles (kept once)
    again = puzzles_of(job, analysis, 200.0)
    assert [p.id for p in again[0]] == [p.id for p in found[0]]


def test_an_error_below_the_threshold_is_no_puzzle(backgammon: tuple[Job, Analysis]) -> None:
    job, analysis = backgammon
    small = next(d for d in analysis.decisions if 0 < d.loss < MIN_LOSS)
    assert from_decision(job.match, small, decision_game(job.match, small), "equity", 0, 0) is None


def test_a_typed_play_is_found_in_any_notation(backgammon: tuple[Job, Analysis]) -> None:
    job, analysis = backgammon
    puzzles = [p for seat in (0, 1) for p in puzzles_of(job, analysis, 0)[seat]]
    moves = [p for p in puzzles if p.kind == "move"]
    assert moves
    reordered = 0
    for puzzle in moves:
        for index, choice in enumerate(puzzle.choices):
            assert answer_of(puzzle, choice.text) == index
            parts = choice.text.split()
            if len(parts) > 1 and len(set(parts)) == len(parts):
                # the same play, its moves written in the other order
                assert answer_of(puzzle, " ".join(reversed(parts))) == index, choice.text
                reordered += 1
        assert answer_of(puzzle, "25/1 1/0") is None and not is_legal(puzzle, "25/1 1/0")
    assert reordered > 0


def test_an_analysis_kept_before_its_choices_reads_back() -> None:
    match = play_match(2, 1, skill=0.6)
    analysis = analyse_match(match, 0)
    data = analysis.to_dict()
    assert Analysis.from_dict(data, type(match.game.position)) == analysis
    for row in data["decisions"]:
        del row[12:]  # as kept before: no choices
    old = Analysis.from_dict(data, type(match.game.position))
    assert all(d.choices == () for d in old.decisions)


# -- a player's deck ----------------------------------------------------------------------------


def _puzzle(n: int, made_at: float = 0.0) -> Puzzle:
    game = Game.new()
    choices = (Choice("double", 0.5, 0.0), Choice("no double", 0.4, 0.1))
    return Puzzle(f"{n:012x}", "double", game, choices, 1, "equity", 2, Glicko(), made_at)


def test_a_deck_keeps_each_puzzle_once_and_shows_the_longest_due_first() -> None:
    deck = Deck().adding([_puzzle(1), _puzzle(2)], 100.0)
    assert deck.adding([_puzzle(1)], 200.0) is deck
    later = deck.with_card(Card(_puzzle(1), Schedule(500.0), 1, "best"))
    assert [c.puzzle.id for c in later.due(300.0)] == [_puzzle(2).id]
    assert [c.puzzle.id for c in later.due(600.0)] == [_puzzle(2).id, _puzzle(1).id]
    assert later.next_due() == 100.0
    assert Deck.from_bytes(later.to_bytes()) == later
    assert Deck.from_bytes(None) == Deck()


def test_a_full_deck_lets_the_best_learnt_go_first() -> None:
    deck = Deck().adding([_puzzle(i, made_at=i) for i in range(MAX_KEPT)], 0.0)
    learnt = Card(_puzzle(50, 50.0), Schedule(10 * DAY, 16.0, 2.6, 3), 3, "best")
    deck = deck.with_card(learnt)
    more = deck.adding([_puzzle(1000, 1000.0), _puzzle(1001, 1001.0)], 1.0)
    ids = {c.puzzle.id for c in more.cards}
    assert len(more.cards) == MAX_KEPT
    assert _puzzle(50).id not in ids  # learnt best: gone first
    assert _puzzle(0).id not in ids  # then the oldest
    assert {_puzzle(1000).id, _puzzle(1001).id, _puzzle(1).id} <= ids


# -- the daily puzzle ----------------------------------------------------------------------------

HOME = TableKey("telegram", "-100500")


def test_the_daily_key_names_its_chat() -> None:
    key = daily.daily_key(TableKey("telegram", "-1001", "7"))
    assert daily.is_daily(key) and not daily.is_daily(HOME)
    assert daily.home_of(key) == TableKey("telegram", "-1001", "7")


def test_days_begin_at_the_chosen_hour() -> None:
    at = daily.parse_time("09:00")
    assert at == 540
    nine = 20000 * 86400.0 + 9 * 3600
    assert daily.day_of(nine - 1, at) == 19999 and daily.day_of(nine, at) == 20000
    assert daily.slot(20000, at) == nine
    assert daily.parse_time("12:00+3") == 540 and daily.parse_time("9") is None
    assert daily.time_text(540) == "09:00"


def test_one_puzzle_a_day_and_one_handed_out_again_when_never_posted() -> None:
    puzzles = [_puzzle(i) for i in range(3)]
    nine = 20000 * 86400.0 + 9 * 3600
    record = daily.setting(None, 540, "en", nine - 3600)  # set at 08:00
    assert daily.next_due(record) == nine
    same, post = daily.advance(record, nine - 1, puzzles, HOME)
    assert not post and same == record
    first, post = daily.advance(record, nine, puzzles, HOME)
    assert post and first.day == 20000 and first.puzzle is not None and first.handed == nine
    # the same day: nothing more, until it is late and never reported posted
    assert daily.advance(first, nine + 60, puzzles, HOME) == (first, False)
    again, post = daily.advance(first, nine + daily.RETRY, puzzles, HOME)
    assert post and again.puzzle == first.puzzle and again.handed == nine + daily.RETRY
    posted = replace(again, posted=True)
    assert daily.advance(posted, nine + 2 * daily.RETRY, puzzles, HOME) == (posted, False)
    assert daily.next_due(posted) == nine + 86400
    # the next day: another puzzle, the day before summed up
    answered = replace(
        posted, answers=(Answer("telegram:1", "Ann", "best"), Answer("telegram:2", "Bo", "wrong"))
    )
    second, post = daily.advance(answered, nine + 86400, puzzles, HOME)
    assert post and second.puzzle != first.puzzle and second.answers == ()
    assert second.yesterday is not None and second.yesterday.solvers == ("Ann",)
    assert second.yesterday.answered == 2 and second.yesterday.message == answered.message
    assert Daily.from_bytes(second.to_bytes()) == second
    # The hour changed after today's puzzle: no second one today, whichever way it moves.
    shown = replace(second, posted=True)
    for hour in (8 * 60, 10 * 60, 23 * 60 + 30):
        moved = daily.setting(shown, hour, "en", nine + 86400 + 1800)
        assert daily.next_due(moved) >= nine + 86400 + daily.APART  # type: ignore[operator]
        assert daily.next_due(moved) < nine + 3 * 86400  # type: ignore[operator]
    # Off for a week, then on again: the first comes at the next such hour, not at once.
    back = daily.setting(daily.setting(shown, None, "en", nine), 540, "en", nine + 7 * 86400 + 60)
    assert daily.next_due(back) == nine + 8 * 86400
    # off: nothing
    off = daily.setting(second, None, "en", nine)
    assert daily.next_due(off) is None
    assert daily.advance(off, nine + 5 * 86400, puzzles, HOME) == (off, False)


def test_the_chats_own_games_come_first_then_the_set_in_its_own_order() -> None:
    puzzles = [_puzzle(i) for i in range(5)]
    record = daily.with_pool(Daily(at=540), [_puzzle(100), _puzzle(101)])
    picked, own = daily.pick(record, puzzles, HOME) or (None, False)
    assert own and picked == _puzzle(101)
    seen: list[str] = []
    record = Daily(at=540)
    for _ in range(5):
        chosen = daily.pick(record, puzzles, HOME)
        assert chosen is not None and not chosen[1]
        seen.append(chosen[0].id)
        record = Daily(at=540, used=(*record.used, chosen[0].id))
    assert sorted(seen) == sorted(p.id for p in puzzles)  # each once before any again
    other = daily.pick(Daily(at=540), puzzles, TableKey("telegram", "-7"))
    assert other is not None  # another chat has an order of its own (the same set)


def test_the_daily_message_says_yesterdays_answer_and_todays_question() -> None:
    puzzle = _puzzle(1)
    record = Daily(
        at=540,
        day=20000,
        puzzle=puzzle,
        yesterday=daily.Yesterday(_puzzle(2), ("Ann", "Bo"), 3),
    )

    def tr(message: str, **params: object) -> str:
        return t("en", message, **params)

    post = daily.post(tr, "en", record, lambda i: f"pd:{i}")
    assert post.day == 20000
    assert post.caption.splitlines()[0] == (
        "Yesterday's puzzle: the best was double; found by Ann, Bo (3 answers)."
    )
    assert "Puzzle of the day, from the computer's games:" in post.caption
    labels = {b.label for row in post.buttons for b in row}
    assert labels == {"Double", "Don't double"}


# -- the built-in set -----------------------------------------------------------------------------


def test_the_built_in_set_holds_both_games() -> None:
    puzzles = builtin()
    assert len(puzzles) >= 60
    variants = {p.game.variant for p in puzzles}
    assert variants == {"backgammon", "long_nardy"}
    assert len({p.id for p in puzzles}) == len(puzzles)
    assert {p.kind for p in puzzles} >= {"move"}


def test_each_built_in_puzzles_best_answer_is_the_engines_best_at_its_depth() -> None:
    """Weighed again from the puzzle's own position (its cube and score): the analysis' best
    play (GNU Backgammon's analysis filter at the puzzle's ply; the nardy player's depth 1) or
    cube action is the puzzle's best answer."""
    checked = 0
    for puzzle in builtin():
        game = puzzle.game
        player = puzzle.player
        if puzzle.kind == "move":
            assert game.dice is not None
            if game.variant == "backgammon":
                made = game.builder.legal_plays
                chosen = next(
                    p
                    for p in made
                    if game.play(player, p).position
                    == game.play(player, puzzle.choices[puzzle.made].text).position
                )
                cube = core.cube_of(game, player)
                best, _, _ = core.analysed_plays(game.position, game.dice, chosen, cube, puzzle.ply)
                best_after = game.play(player, best.play).position
            else:
                ranked = nardy_player.rank_plays(game.position, game.dice, depth=puzzle.ply)
                best_after = game.play(player, ranked[0].play).position
            assert best_after == game.play(player, puzzle.best.text).position, puzzle.id
        elif game.variant == "backgammon":
            doubler = game.turn if game.turn is not None else 0
            position = game.position
            decision = core.cube_decision(position, core.cube_of(game, doubler), puzzle.ply)
            if puzzle.kind == "double":
                right = "double" if decision.should_double else "no double"
            else:
                right = "take" if decision.should_take else "pass"
            assert right == puzzle.best.text, puzzle.id
        else:
            win = nardy_player.evaluate(game.position)  # the doubler on roll
            if puzzle.kind == "double":
                right = "double" if win >= nardy_player.DOUBLE_CHANCE else "no double"
            else:
                right = "take" if 1.0 - win >= nardy_player.TAKE_CHANCE else "pass"
            assert right == puzzle.best.text, puzzle.id
        checked += 1
    assert checked == len(builtin())
