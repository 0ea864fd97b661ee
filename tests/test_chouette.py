"""Chouette (engine.chouette): votes, individual take/pass, acting captain, settlement, sessions."""

from __future__ import annotations

import itertools
import json
from dataclasses import replace

import pytest

from engine.chouette import BOX, SCHEMA_VERSION, TEAM, Chouette, GameEnd
from engine.chouette_table import Ledger, Roster
from engine.cube import Options
from engine.errors import AmbiguousPlay, EngineError, IllegalAction, UnsupportedSchema
from engine.game import ActionKind, DiceSequence, Phase
from engine.movegen import Play, Step
from engine.nardy import LONG_NARDY_OPTIONS, LongNardyPosition
from engine.notation import parse_play
from engine.position import Position
from engine.result import WinKind

# Endings the tests put on the board (each side's points in its own numbering, 25 = bar).  The
# side on roll has one checker on its 1 point and bears it off with any roll.
LAST_CHECKER = {1: 1}
NONE_OFF = {12: 15}  # the loser has borne off none, none in the winner's home: a gammon
SOME_OFF = {12: 10}  # the loser has borne off five: a single game
IN_HOME = {12: 14, 20: 1}  # none off, one in the winner's home board: a backgammon


def chouette(team: str = "CABD", box: str = "X", **options: object) -> Chouette:
    """A chouette seated as given (box, then the team with the captain first), no game yet."""
    roster = Roster(box, tuple(team))
    return Chouette(Options(**options), roster, Ledger().with_players(roster.players))  # type: ignore[arg-type]


def board(ch: Chouette, on_roll: int, mover: dict[int, int], other: dict[int, int]) -> Chouette:
    """Put a position on the board with ``on_roll`` (BOX or TEAM) to roll; the cube is kept."""
    cur = ch.current
    assert cur is not None
    game = replace(
        cur.game,
        position=Position.from_points(mover, other),
        phase=Phase.ROLL,
        turn=on_roll,
        dice=None,
        first=on_roll if cur.game.first is None else cur.game.first,
    )
    return replace(ch, current=replace(cur, game=game))


def started(ch: Chouette, on_roll: int = TEAM) -> Chouette:
    """A new game with ``on_roll`` to roll in the starting position."""
    ch = ch.new_game()
    start = Position.initial()
    return board(ch, on_roll, dict(_points(start.player)), dict(_points(start.opponent)))


def _points(side: tuple[int, ...]) -> list[tuple[int, int]]:
    return [(i + 1, n) for i, n in enumerate(side) if n]


def bear_off(ch: Chouette) -> Chouette:
    """The side on roll rolls 6-5 and plays its (only) bear-off."""
    cur = ch.current
    assert cur is not None and cur.game.turn is not None
    actor = ch.acting(cur.game.turn)
    ch = ch.roll(actor, DiceSequence([6, 5]))
    cur = ch.current
    assert cur is not None
    return ch.play(actor, cur.game.builder.legal_plays[0])


def win(ch: Chouette, side: int, loser: dict[int, int]) -> Chouette:
    """``side`` bears off its last checker against ``loser``'s checkers."""
    return bear_off(board(ch, side, LAST_CHECKER, loser))


def code_of(call: object, *args: object) -> str:
    with pytest.raises(IllegalAction) as info:
        call(*args)  # type: ignore[operator]
    return info.value.code


def stakes(ch: Chouette) -> dict[str, int]:
    cur = ch.current
    assert cur is not None
    return {m.name: m.cube.value for m in cur.members if m.playing}


def team_doubles(ch: Chouette) -> Chouette:
    cur = ch.current
    assert cur is not None
    for name in cur.playing:
        ch = ch.vote(name, True)
    return ch


# -- start --------------------------------------------------------------------------------------


def test_start_seats_by_the_roll_with_ties() -> None:
    # ann and cat tie on 4 and re-roll: cat 5 beats ann 3.
    ch = Chouette.start(["ann", "bob", "cat", "dan"], DiceSequence([4, 6, 4, 2, 3, 5]))
    assert ch.roster == Roster("bob", ("cat", "ann", "dan"))
    assert ch.seating is not None
    assert ch.seating.rounds[1] == (("ann", 3), ("cat", 5))
    assert ch.balances() == {"bob": 0, "cat": 0, "ann": 0, "dan": 0}
    assert ch.current is None
    assert code_of(ch.roll, "bob", DiceSequence([1, 2])) == "no_game"


def test_start_refuses_an_unknown_variant() -> None:
    with pytest.raises(EngineError) as info:
        Chouette.start(["a", "b", "c"], DiceSequence([1, 2, 3]), variant="chess")
    assert info.value.code == "unknown_variant"


def test_opening_roll_is_between_box_and_captain() -> None:
    ch = chouette().new_game()
    assert code_of(ch.roll, "A", DiceSequence([3, 1])) == "not_captain"
    ch = ch.roll("C", DiceSequence([3, 5]))  # box 3, team 5: the team plays 5-3
    cur = ch.current
    assert cur is not None and cur.game.phase is Phase.MOVE and cur.game.turn == TEAM
    assert code_of(ch.confirm, "A") == "not_captain"
    assert code_of(ch.confirm, "X") == "not_your_turn"
    ch = ch.play("C", cur.game.builder.legal_plays[0])
    cur = ch.current
    assert cur is not None and cur.game.turn == BOX and cur.game.phase is Phase.ROLL


# -- the team's double needs every member ---------------------------------------------------------


def test_team_double_is_unanimous() -> None:
    ch = started(chouette())
    ch = ch.vote("A", True)
    ch = ch.vote("C", True)
    assert ch.current is not None and ch.current.vote == ("A", "C")
    assert code_of(ch.vote, "A", True) == "already_voted"
    assert code_of(ch.roll, "C", DiceSequence([1, 2])) == "vote_pending"
    ch = ch.vote("B", True)
    assert ch.current is not None and ch.current.game.phase is Phase.ROLL  # D has not agreed
    ch = ch.double("D")  # a member's double is his yes
    assert ch.current is not None
    assert ch.current.game.phase is Phase.DOUBLED and ch.current.game.turn == TEAM
    assert ch.current.vote is None


def test_any_no_stops_the_double() -> None:
    ch = started(chouette())
    ch = ch.vote("C", True).vote("A", True).vote("B", False)
    cur = ch.current
    assert cur is not None and cur.vote is None and cur.game.phase is Phase.ROLL
    assert code_of(ch.vote, "D", False) == "no_vote"
    ch = ch.roll("C", DiceSequence([3, 1]))  # the captain rolls on
    assert ch.current is not None and ch.current.game.phase is Phase.MOVE


def test_the_boxs_resignation_closes_the_teams_vote() -> None:
    # A vote left open while members drop out of the game (accepting the box's resignation)
    # would wait on nobody: the offer closes it, as a member's offer does.
    ch = started(chouette()).vote("C", True).vote("A", True).vote("B", True)
    ch = ch.offer_resign("X")
    assert ch.current is not None and ch.current.vote is None
    ch = ch.accept_resign("D").decline_resign("C").decline_resign("A").decline_resign("B")
    cur = ch.current
    assert cur is not None and cur.vote is None and cur.playing == ("C", "A", "B")
    ch = ch.roll("C", DiceSequence([3, 1]))
    assert ch.current is not None and ch.current.game.phase is Phase.MOVE


def test_team_double_only_on_the_teams_turn_before_rolling() -> None:
    ch = started(chouette(), on_roll=BOX)
    assert code_of(ch.vote, "A", True) == "not_your_turn"
    assert code_of(ch.double, "C") == "not_your_turn"
    ch = started(chouette())
    ch = ch.roll("C", DiceSequence([3, 1]))
    assert code_of(ch.vote, "A", True) == "already_rolled"
    assert code_of(ch.double, "Q") == "not_in_game"


def test_box_takes_the_team_double_and_owns_every_cube() -> None:
    ch = team_doubles(started(chouette()))
    assert code_of(ch.take, "C") == "no_double_pending"
    ch = ch.take("X")
    cur = ch.current
    assert cur is not None
    assert stakes(ch) == {"C": 2, "A": 2, "B": 2, "D": 2}
    assert all(m.cube.owner == BOX and m.cube.turned for m in cur.members)
    assert cur.game.turn == TEAM and cur.game.phase is Phase.ROLL
    assert not ch.may_double("C")  # the box owns the cube now


def test_box_passes_the_team_double() -> None:
    ch = team_doubles(started(chouette())).pass_("X")
    cur = ch.current
    assert cur is not None and cur.end == GameEnd(True, "box_pass")
    assert ch.balances() == {"X": -4, "C": 1, "A": 1, "B": 1, "D": 1}
    assert ch.roster == Roster("C", ("A", "B", "D", "X"))  # team won
    assert code_of(ch.roll, "A", DiceSequence([1, 2])) == "game_over"


# -- the box's double: each member decides --------------------------------------------------------


def test_partial_passes() -> None:
    ch = started(chouette(), on_roll=BOX).double("X")
    assert code_of(ch.roll, "X", DiceSequence([1, 2])) == "double_pending"
    ch = ch.pass_("A")
    assert ch.balances()["A"] == -1 and ch.balances()["X"] == 1
    assert code_of(ch.take, "A") == "not_in_game"
    ch = ch.take("C").take("D")
    assert ch.current is not None and ch.current.game.phase is Phase.DOUBLED  # B undecided
    assert code_of(ch.take, "C") == "already_decided"
    ch = ch.take("B")
    cur = ch.current
    assert cur is not None and cur.game.phase is Phase.ROLL and cur.game.turn == BOX
    assert stakes(ch) == {"C": 2, "B": 2, "D": 2}
    assert all(m.cube.owner == TEAM for m in cur.members if m.playing)
    assert cur.captain == "C"
    # the box wins a single game: the three takers pay 2 each.
    ch = win(ch, BOX, SOME_OFF)
    assert ch.balances() == {"X": 7, "C": -2, "A": -1, "B": -2, "D": -2}
    assert ch.roster == Roster("X", ("A", "B", "D", "C"))


@pytest.mark.parametrize(
    "decisions",
    [
        {"C": "take", "A": "pass", "B": "take", "D": "pass"},
        {"C": "pass", "A": "take", "B": "pass", "D": "take"},
        {"C": "pass", "A": "pass", "B": "pass", "D": "pass"},
        {"C": "beaver_refused", "A": "pass", "B": "beaver_accepted", "D": "take"},
        {"C": "beaver_refused", "A": "pass", "B": "pass", "D": "beaver_refused"},
    ],
)
def test_take_and_pass_are_order_independent(decisions: dict[str, str]) -> None:
    results = set()
    for order in itertools.permutations(decisions):
        ch = started(chouette(beaver=True), on_roll=BOX).double("X")
        for name in order:
            how = decisions[name]
            if how == "take":
                ch = ch.take(name)
            elif how == "pass":
                ch = ch.pass_(name)
            elif how == "beaver_accepted":
                ch = ch.beaver(name).accept_beaver("X", name)
            else:
                ch = ch.beaver(name).refuse_beaver("X", name)
        cur = ch.current
        assert cur is not None
        results.add(
            (
                json.dumps(cur.game.to_dict(), sort_keys=True),
                tuple(sorted(stakes(ch).items())),
                tuple(sorted(ch.balances().items())),
                cur.captain,
                cur.end,
                ch.roster,
            )
        )
    assert len(results) == 1


def test_captain_paid_off_by_a_refused_beaver_wins_for_the_rotation() -> None:
    ch = started(chouette("CA", beaver=True), on_roll=BOX).double("X")
    ch = ch.pass_("A").beaver("C").refuse_beaver("X", "C")
    assert ch.current is not None and ch.current.end == GameEnd(True, "team_out")
    assert ch.balances() == {"X": -1, "C": 2, "A": -1}
    assert ch.roster == Roster("C", ("A", "X"))


def test_everyone_passes_and_the_game_ends() -> None:
    ch = started(chouette(), on_roll=BOX).double("X")
    for name in "DBAC":
        ch = ch.pass_(name)
    cur = ch.current
    assert cur is not None and cur.end == GameEnd(False, "team_out")
    assert ch.balances() == {"X": 4, "C": -1, "A": -1, "B": -1, "D": -1}
    assert ch.roster == Roster("X", ("A", "B", "D", "C"))  # team lost, box stays


def test_captain_passes_next_remaining_member_becomes_acting_captain() -> None:
    ch = started(chouette(), on_roll=BOX).double("X")
    ch = ch.pass_("C").pass_("A").take("B").take("D")
    cur = ch.current
    assert cur is not None and cur.captain == "B"
    ch = board(ch, TEAM, dict(_points(Position.initial().player)), {10: 15})
    assert code_of(ch.roll, "C", DiceSequence([3, 1])) == "not_your_turn"
    assert code_of(ch.roll, "D", DiceSequence([3, 1])) == "not_captain"
    assert ch.acting(TEAM) == "B"
    ch = ch.roll("B", DiceSequence([3, 1]))
    assert ch.current is not None and ch.current.game.phase is Phase.MOVE


def test_acting_captain_counts_for_the_rotation_team_lost() -> None:
    ch = started(chouette(), on_roll=BOX).double("X").pass_("C").take("A").take("B").take("D")
    ch = win(ch, BOX, SOME_OFF)
    assert ch.balances() == {"X": 7, "C": -1, "A": -2, "B": -2, "D": -2}
    # A acted as captain: B captains next, A goes to the end, C (who passed) follows D.
    assert ch.roster == Roster("X", ("B", "D", "C", "A"))


def test_acting_captain_counts_for_the_rotation_team_won() -> None:
    ch = started(chouette(), on_roll=BOX).double("X").pass_("C").take("A").take("B").take("D")
    ch = win(ch, TEAM, SOME_OFF)
    assert ch.balances() == {"X": -5, "C": -1, "A": 2, "B": 2, "D": 2}
    assert ch.roster == Roster("A", ("B", "D", "C", "X"))


def test_team_won_rotation_and_team_lost_rotation() -> None:
    ch = win(started(chouette()), TEAM, SOME_OFF)
    assert ch.roster == Roster("C", ("A", "B", "D", "X"))
    ch = win(started(ch), TEAM, SOME_OFF)
    assert ch.roster == Roster("A", ("B", "D", "X", "C"))
    ch = win(started(ch), BOX, SOME_OFF)
    assert ch.roster == Roster("A", ("D", "X", "C", "B"))
    assert ch.balances() == {"X": -4 + 1 - 1, "C": 1 - 4 - 1, "A": 1 + 1 + 4, "B": 1 + 1 - 1,
                             "D": 1 + 1 - 1}  # fmt: skip


# -- settlement and money options ---------------------------------------------------------------


def test_jacoby_gammon_counts_single_without_a_turned_cube() -> None:
    ch = win(started(chouette()), TEAM, NONE_OFF)
    assert ch.current is not None and ch.current.end == GameEnd(True, "bear_off", WinKind.GAMMON)
    assert ch.balances()["X"] == -4


def test_gammon_counts_double_after_a_turned_cube() -> None:
    ch = team_doubles(started(chouette())).take("X")
    ch = win(ch, TEAM, NONE_OFF)
    assert ch.balances() == {"X": -16, "C": 4, "A": 4, "B": 4, "D": 4}


def test_gammon_without_jacoby() -> None:
    ch = win(started(chouette(jacoby=False)), BOX, NONE_OFF)
    assert ch.balances() == {"X": 8, "C": -2, "A": -2, "B": -2, "D": -2}


def test_backgammon_counts_three_or_two() -> None:
    ch = win(started(chouette(jacoby=False)), BOX, IN_HOME)
    assert ch.balances()["X"] == 12
    ch = win(started(chouette(jacoby=False, backgammon_counts=2)), BOX, IN_HOME)
    assert ch.balances()["X"] == 8


def test_no_gammons_with_the_cube_in_play() -> None:
    ch = team_doubles(started(chouette(gammons_with_cube=False))).take("X")
    ch = win(ch, TEAM, NONE_OFF)
    assert ch.balances()["X"] == -8


def test_arithmetic_cube_progression() -> None:
    ch = team_doubles(started(chouette(cube_progression="arithmetic"))).take("X")
    ch = board(ch, BOX, {6: 15}, {12: 10})
    ch = ch.double("X").take("C").take("A").take("B").take("D")
    assert stakes(ch) == {"C": 3, "A": 3, "B": 3, "D": 3}


def test_cube_limit() -> None:
    ch = team_doubles(started(chouette(cube_limit=2))).take("X")
    ch = board(ch, BOX, {6: 15}, {12: 10})
    assert code_of(ch.double, "X") == "cube_at_limit"


def test_member_beaver_accepted_and_refused() -> None:
    ch = started(chouette(beaver=True), on_roll=BOX).double("X")
    ch = ch.beaver("C").beaver("A").take("B").pass_("D")
    assert code_of(ch.accept_beaver, "X", "B") == "no_beaver_pending"
    ch = ch.accept_beaver("X", "C")
    assert ch.current is not None and ch.current.game.phase is Phase.DOUBLED  # A's beaver open
    ch = ch.refuse_beaver("X", "A")  # the box pays A the doubled stake, A is out
    cur = ch.current
    assert cur is not None and cur.game.phase is Phase.ROLL and cur.game.turn == BOX
    assert stakes(ch) == {"C": 4, "B": 2}
    assert ch.balances() == {"X": -2 + 1, "C": 0, "A": 2, "B": 0, "D": -1}
    ch = win(ch, TEAM, SOME_OFF)
    assert ch.balances() == {"X": -1 - 6, "C": 4, "A": 2, "B": 2, "D": -1}


def test_beaver_needs_the_option() -> None:
    ch = started(chouette(), on_roll=BOX).double("X")
    assert code_of(ch.beaver, "C") == "beaver_not_allowed"
    ch = team_doubles(started(chouette()))
    assert code_of(ch.beaver, "X") == "beaver_not_allowed"


def test_box_beavers_the_team_double_members_answer_each() -> None:
    ch = team_doubles(started(chouette(beaver=True))).beaver("X")
    ch = ch.accept_beaver("C").refuse_beaver("A").accept_beaver("B")
    assert ch.current is not None and ch.current.game.phase is Phase.BEAVERED
    assert code_of(ch.accept_beaver, "A") == "not_in_game"
    ch = ch.refuse_beaver("D")
    cur = ch.current
    assert cur is not None and cur.game.phase is Phase.ROLL and cur.game.turn == TEAM
    assert stakes(ch) == {"C": 4, "B": 4}
    assert all(m.cube.owner == BOX for m in cur.members if m.playing)
    assert ch.balances() == {"X": 4, "C": 0, "A": -2, "B": 0, "D": -2}


def test_box_beaver_refused_by_all_ends_the_game() -> None:
    ch = team_doubles(started(chouette("CA", beaver=True))).beaver("X")
    ch = ch.refuse_beaver("A").refuse_beaver("C")
    assert ch.current is not None and ch.current.end == GameEnd(False, "team_out")
    assert ch.balances() == {"X": 4, "C": -2, "A": -2}


# -- joining and leaving --------------------------------------------------------------------------


def test_join_between_games_and_during_a_game() -> None:
    ch = chouette().join("E")
    assert ch.roster == Roster("X", ("C", "A", "B", "D", "E"))
    ch = started(ch).join("F")
    assert ch.waiting == ("F",)
    assert ch.current is not None and "F" not in ch.current.playing
    assert code_of(ch.vote, "F", True) == "not_in_game"
    assert code_of(ch.join, "F") == "already_seated"
    ch = win(ch, BOX, SOME_OFF)
    assert ch.roster == Roster("X", ("A", "B", "D", "E", "C", "F"))
    assert ch.waiting == ()


def test_member_leaving_mid_game_pays_like_a_pass() -> None:
    ch = team_doubles(started(chouette())).take("X")
    ch = ch.leave("A")
    assert ch.balances()["A"] == -2
    ch = ch.leave("C")  # the captain leaves: B acts
    cur = ch.current
    assert cur is not None and cur.captain == "B" and cur.playing == ("B", "D")
    ch = win(ch, BOX, SOME_OFF)
    assert ch.balances() == {"X": 8, "C": -2, "A": -2, "B": -2, "D": -2}
    assert ch.roster == Roster("X", ("D", "B"))  # B acted and lost; A and C are gone


def test_box_leaving_mid_game_pays_everyone_and_the_team_wins() -> None:
    ch = started(chouette(), on_roll=BOX).double("X").pass_("C").take("A")
    ch = ch.leave("X")  # B and D undecided pay nothing extra: stake 1; A took: 2
    cur = ch.current
    assert cur is not None and cur.end == GameEnd(True, "box_left")
    assert ch.balances() == {"X": 1 - 2 - 1 - 1, "C": -1, "A": 2, "B": 1, "D": 1}
    assert ch.roster == Roster("A", ("B", "D", "C"))


def test_leaving_between_games_and_the_minimum() -> None:
    ch = chouette("CA").leave("X")
    assert ch.roster == Roster("C", ("A",))
    assert code_of(ch.new_game) == "too_few_players"
    assert code_of(ch.leave, "A") == "too_few_players"
    ch = started(chouette("CA"))
    ch = ch.leave("A")
    assert code_of(ch.leave, "C") == "too_few_players"
    assert code_of(ch.leave, "X") == "too_few_players"
    assert ch.current is not None and ch.current.playing == ("C",)
    ch = win(ch, BOX, SOME_OFF)
    assert ch.balances() == {"X": 2, "C": -1, "A": -1}
    assert ch.roster == Roster("X", ("C",))


def test_last_member_leaving_ends_the_game() -> None:
    ch = started(chouette("CAB"), on_roll=BOX).double("X").pass_("C").pass_("A")
    ch = ch.leave("B")
    assert ch.current is not None and ch.current.end == GameEnd(False, "team_out")
    assert ch.balances() == {"X": 3, "C": -1, "A": -1, "B": -1}
    # nobody answered take, so C was still the captain for the rotation; B is gone
    assert ch.roster == Roster("X", ("A", "C"))


# -- proposals ------------------------------------------------------------------------------------


def test_proposals_are_data_and_bind_nobody() -> None:
    ch = started(chouette())
    ch = ch.propose("A", "double").propose("B", "no_double")
    cur = ch.current
    assert cur is not None
    assert [(p.player, p.action) for p in cur.proposals] == [("A", "double"), ("B", "no_double")]
    assert code_of(ch.propose, "D", "play", "8/5 6/5") == "not_your_turn"
    assert code_of(ch.propose, "D", "double", "8/5 6/5") == "bad_proposal"
    assert code_of(ch.propose, "D", "take") == "no_double_pending"
    ch = ch.roll("C", DiceSequence([3, 1]))
    assert ch.current is not None and ch.current.proposals == ()  # the decision moved on
    plays = {p.notation(): p for p in ch.current.game.builder.legal_plays}
    ch = ch.propose("A", "play", plays["8/5 6/5"]).propose("D", "play", plays["24/21 6/5"])
    ch = ch.propose("A", "play", plays["24/23 13/10"])  # replaces A's earlier one
    cur = ch.current
    assert cur is not None
    assert [(p.player, p.play) for p in cur.proposals] == [("D", "24/21 6/5"), ("A", "24/23 13/10")]
    assert code_of(ch.propose, "X", "play", plays["8/5 6/5"]) == "not_in_game"
    illegal_play = Play((Step(13, 7), Step(13, 7)))
    assert code_of(ch.propose, "B", "play", illegal_play) == "illegal_play"
    ch = ch.add_step("C", Step(8, 5))  # the captain builds his own play meanwhile
    ch = ch.propose("B", "play", plays["8/5 6/5"])
    ch = ch.add_step("C", Step(6, 5)).confirm("C")
    assert ch.current is not None and ch.current.proposals == ()
    assert code_of(ch.propose, "A", "double") == "not_your_turn"
    ch = ch.double("X").propose("A", "pass").propose("B", "take")
    assert ch.current is not None
    assert [(p.player, p.action) for p in ch.current.proposals] == [("A", "pass"), ("B", "take")]


def test_proposed_plays_are_written_so_they_read_back_the_same() -> None:
    # With 4-2, 13/7 through 9 hits the blot there and through 11 does not: GNU Backgammon's
    # "13/7" is ambiguous, so the proposals show the intermediate point.
    mover = {13: 2, 6: 5, 8: 3, 24: 2, 2: 3}
    other = {16: 1, 6: 5, 8: 3, 24: 2, 3: 4}
    ch = board(started(chouette()), TEAM, mover, other).roll("C", DiceSequence([4, 2]))
    cur = ch.current
    assert cur is not None
    position, dice = cur.game.position, (4, 2)
    quiet = next(p for p in cur.game.builder.legal_plays if p.notation() == "13/7")
    hitting = next(p for p in cur.game.builder.legal_plays if p.notation() == "13/9*/7")
    with pytest.raises(AmbiguousPlay):
        parse_play(position, dice, quiet.notation(), strict=True)
    assert parse_play(position, dice, quiet.notation()) == quiet
    ch = ch.propose("A", "play", quiet).propose("B", "play", hitting)
    cur = ch.current
    assert cur is not None
    texts = {p.player: p.play for p in cur.proposals}
    assert texts == {"A": "13/11/7", "B": "13/9*/7"}
    assert parse_play(position, dice, texts["A"]) == quiet
    assert parse_play(position, dice, texts["B"]) == hitting
    ch = ch.play("C", texts["A"])  # the captain takes A's suggestion as written
    assert ch.current is not None
    assert ch.current.game.log[-1].value[:1] == ("13/11/7",)


@pytest.mark.parametrize(
    ("counts", "kind", "each"), [(2, WinKind.GAMMON, 2), (3, WinKind.BACKGAMMON, 3)]
)
def test_long_nardy_chouette_counts_a_koks_as_the_table_does(
    counts: int, kind: WinKind, each: int
) -> None:
    options = replace(LONG_NARDY_OPTIONS, backgammon_counts=counts)
    ch = Chouette(
        options, Roster("X", ("C", "A")), Ledger().with_players("XCA"), variant="long_nardy"
    )
    ch = ch.new_game()
    cur = ch.current
    assert cur is not None
    # The team bears off its last checker; the box has none off and one in the team's home.
    position = LongNardyPosition.from_points({1: 1}, {6: 14, 14: 1})
    game = replace(cur.game, position=position, phase=Phase.ROLL, turn=TEAM, dice=None, first=TEAM)
    ch = replace(ch, current=replace(cur, game=game)).roll("C", DiceSequence([3, 1]))
    ch = ch.play("C", "1/off")
    assert ch.current is not None and ch.current.end == GameEnd(True, "bear_off", kind)
    assert ch.balances() == {"X": -2 * each, "C": each, "A": each}
    # A member's resignation conceding a koks is offered and paid the same way.
    ch = ch.new_game()
    box, (captain, member) = ch.roster.box, ch.roster.team
    ch = ch.roll(captain, DiceSequence([1, 6])).offer_resign(member, WinKind.BACKGAMMON)
    assert ch.current is not None and ch.current.member(member).resign is kind
    before = ch.balances()
    ch = ch.accept_resign(box, member)
    after = ch.balances()
    assert (after[box] - before[box], after[member] - before[member]) == (each, -each)


# -- serialisation --------------------------------------------------------------------------------


def test_round_trip_through_json_in_every_kind_of_state() -> None:
    states = [chouette()]
    ch = started(chouette(beaver=True), on_roll=BOX).join("E")
    states.append(ch)
    ch = ch.double("X").beaver("C").pass_("A")
    states.append(ch)
    ch = ch.accept_beaver("X", "C").take("B").take("D")
    states.append(ch)
    ch = ch.leave("B")
    states.append(win(ch, TEAM, NONE_OFF))
    vote = started(chouette()).vote("A", True).propose("B", "no_double")
    states.append(vote)
    states.append(started(chouette()).offer_resign("X", WinKind.GAMMON).decline_resign("A"))
    states.append(started(chouette()).offer_resign("B", WinKind.BACKGAMMON))
    for state in states:
        text = json.dumps(state.to_dict())
        assert Chouette.from_dict(json.loads(text)) == state


def test_newer_or_unknown_schema_is_refused() -> None:
    data = chouette().to_dict()
    for version in (SCHEMA_VERSION + 1, 0, None, "1"):
        with pytest.raises(UnsupportedSchema) as info:
            Chouette.from_dict({**data, "v": version})
        assert info.value.code == "unsupported_schema"


# -- sessions with hand-computed ledgers ----------------------------------------------------------


def game_table(ch: Chouette, players: str | list[str]) -> list[list[int]]:
    return [[ch.ledger.game_balances(g).get(p, 0) for p in players] for g in range(1, ch.games + 1)]


def test_four_player_session_matches_the_hand_computed_table() -> None:
    ch = Chouette.start(
        ["ann", "bob", "cat", "dan"], DiceSequence([4, 6, 4, 2, 3, 5]), Options(beaver=True)
    )
    assert ch.roster == Roster("bob", ("cat", "ann", "dan"))
    # 1: the team doubles, the box passes.
    ch = team_doubles(started(ch)).pass_("bob")
    assert ch.roster == Roster("cat", ("ann", "dan", "bob"))
    # 2: the box doubles; the captain passes, the others take; the box wins a gammon at 2.
    ch = started(ch, on_roll=BOX).double("cat").pass_("ann").take("dan").take("bob")
    assert ch.current is not None and ch.current.captain == "dan"
    ch = win(ch, BOX, NONE_OFF)
    assert ch.roster == Roster("cat", ("bob", "ann", "dan"))
    # 3: no double; the team wins a gammon, single under the Jacoby rule.
    ch = win(started(ch), TEAM, NONE_OFF)
    assert ch.roster == Roster("bob", ("ann", "dan", "cat"))
    # 4: the box doubles; ann beavers (accepted), dan takes, cat passes; the team wins single.
    ch = started(ch, on_roll=BOX).double("bob")
    ch = ch.beaver("ann").take("dan").pass_("cat").accept_beaver("bob", "ann")
    ch = win(ch, TEAM, SOME_OFF)
    assert ch.roster == Roster("ann", ("dan", "cat", "bob"))

    players = ["bob", "cat", "ann", "dan"]
    assert game_table(ch, players) == [
        # bob cat ann dan
        [-3, +1, +1, +1],
        [-4, +9, -1, -4],
        [+1, -3, +1, +1],
        [-5, -1, +4, +2],
    ]
    assert ch.balances() == {"bob": -11, "cat": 6, "ann": 5, "dan": 0}
    assert sum(ch.balances().values()) == 0


def test_six_player_session_matches_the_hand_computed_table() -> None:
    seats = DiceSequence([5, 5, 3, 6, 5, 1, 2, 4, 2, 6, 1])
    ch = Chouette.start(["u", "v", "w", "x", "y", "z"], seats, Options(beaver=True))
    assert ch.roster == Roster("x", ("v", "u", "y", "w", "z"))
    # 1: the team doubles, the box beavers: u and z refuse (pay 2), the rest play for 4.  Later
    # the box redoubles to 8: y passes (pays 4), v and w take; the box wins a backgammon.
    ch = team_doubles(started(ch)).beaver("x")
    ch = ch.accept_beaver("v").refuse_beaver("u").accept_beaver("y")
    ch = ch.accept_beaver("w").refuse_beaver("z")
    assert stakes(ch) == {"v": 4, "y": 4, "w": 4}
    ch = board(ch, BOX, {6: 15}, {12: 10}).double("x").take("v").pass_("y").take("w")
    assert stakes(ch) == {"v": 8, "w": 8}
    ch = win(ch, BOX, IN_HOME)
    assert ch.current is not None and ch.current.end == GameEnd(
        False, "bear_off", WinKind.BACKGAMMON
    )
    assert ch.roster == Roster("x", ("u", "y", "w", "z", "v"))
    # 2: z leaves during the game (pays 1), q joins and waits; the team wins a gammon, single.
    ch = started(ch).leave("z").join("q")
    ch = win(ch, TEAM, NONE_OFF)
    assert ch.roster == Roster("u", ("y", "w", "v", "x", "q"))
    # 3: v votes against the team's double; the box doubles: y and q pass, w acts as captain,
    # the team wins single at 2 and w goes into the box.
    ch = started(ch).vote("y", True).vote("w", True).vote("v", False)
    ch = board(ch, BOX, {6: 15}, {12: 10}).double("u").pass_("y")
    ch = ch.take("w").take("v").take("x").pass_("q")
    assert ch.current is not None and ch.current.captain == "w"
    ch = win(ch, TEAM, SOME_OFF)
    assert ch.roster == Roster("w", ("v", "x", "q", "y", "u"))

    players = ["u", "v", "w", "x", "y", "z", "q"]
    assert game_table(ch, players) == [
        # u   v    w    x    y   z   q
        [-2, -24, -24, +56, -4, -2, 0],
        [+1, +1, +1, -3, +1, -1, 0],
        [-4, +2, +2, +2, -1, 0, -1],
    ]
    assert ch.balances() == {"x": 55, "v": -21, "u": -5, "y": -4, "w": -21, "z": -3, "q": -1}
    assert sum(ch.balances().values()) == 0


def test_allowed_actions() -> None:
    ch = started(chouette(beaver=True), on_roll=BOX)
    assert ch.allowed("X") == {"roll", "double", "resign", "leave"}
    assert ch.allowed("C") == {"resign", "leave", "propose"}
    ch = ch.double("X")
    assert ch.allowed("A") == {"take", "pass", "beaver", "leave", "propose"}
    ch = ch.beaver("A")
    assert {ActionKind.BEAVER_ACCEPT, ActionKind.BEAVER_REFUSE} <= ch.allowed("X")
    ch = team_doubles(started(chouette()))
    assert ch.allowed("X") == {"take", "pass", "leave"}
    ch = started(chouette()).vote("C", True)
    assert ch.allowed("C") == {"resign", "leave", "propose"}  # voted already; no roll
    assert ch.allowed("A") == {"double", "refuse_double", "resign", "leave", "propose"}
    ch = started(chouette()).offer_resign("A")
    assert ch.allowed("X") == {ActionKind.RESIGN_ACCEPT, ActionKind.RESIGN_DECLINE, "leave"}
    assert ch.allowed("C") == {"resign", "leave", "propose"}
    ch = win(started(chouette()), TEAM, SOME_OFF)
    assert ch.allowed("A") == {"leave", "new_game"}


def test_corrupt_states_are_refused() -> None:
    data = started(chouette()).to_dict()
    bad = [
        {**data, "kind": "game"},
        {**data, "roster": {"box": "X", "team": ["C", "A"]}},  # disagrees with the game
        {**data, "ledger": {"players": [], "payments": [[1, "C", "X", -1, "pass"]]}},
        {key: value for key, value in data.items() if key != "roster"},
        {**data, "waiting": ["A"]},
    ]
    for state in bad:
        with pytest.raises(EngineError) as info:
            Chouette.from_dict(state)
        assert info.value.code == "corrupt_state"
    with pytest.raises(EngineError) as info:
        Chouette.from_dict([1, 2])  # type: ignore[arg-type]
    assert info.value.code == "corrupt_state"


def test_the_log_tells_what_happened() -> None:
    ch = started(chouette("CAB"), on_roll=BOX)
    before = len(ch.log)
    ch = ch.double("X").pass_("C").take("A").take("B")
    ch = win(ch, BOX, SOME_OFF)
    events = [(e.game, e.player, e.action, e.value) for e in ch.log[before:]]
    assert events == [
        (1, "X", "double", (2,)),
        (1, "C", "pass", (1,)),
        (1, "A", "take", (2,)),
        (1, "B", "take", (2,)),
        (1, "A", "acting_captain", ()),
        (1, "A", "end", (0, "bear_off", 1)),
    ]
    ch = started(ch).join("D").vote("B", True).vote("C", False)
    assert [(e.player, e.action, e.value) for e in ch.log[-4:]] == [
        ("X", "new_game", ()),
        ("D", "join", (1,)),
        ("B", "vote", ("yes",)),
        ("C", "vote", ("no",)),
    ]


def test_automatic_double_on_the_opening_roll_raises_every_stake() -> None:
    ch = chouette("CAB", auto_doubles=True).new_game()
    ch = ch.roll("X", DiceSequence([3, 3, 5, 2]))  # a tie turns the cube, then the box plays 5-2
    cur = ch.current
    assert cur is not None and cur.game.turn == BOX and cur.game.phase is Phase.MOVE
    assert all(m.cube.value == 2 and not m.cube.turned for m in cur.members)
    ch = win(ch, TEAM, NONE_OFF)  # Jacoby: the cube was not turned, the gammon counts single
    assert ch.balances() == {"X": -6, "C": 2, "A": 2, "B": 2}


def test_leaving_after_passing_or_while_waiting_costs_nothing_more() -> None:
    ch = started(chouette(), on_roll=BOX).join("E").leave("E")
    assert ch.waiting == ()
    ch = ch.double("X").pass_("A")
    ch = ch.leave("A")  # already out and paid: nothing more
    assert ch.balances()["A"] == -1
    assert code_of(ch.leave, "A") == "already_left"
    ch = ch.take("C").take("B").take("D")
    ch = win(ch, TEAM, SOME_OFF)
    assert ch.balances() == {"X": 1 - 6, "C": 2, "A": -1, "B": 2, "D": 2, "E": 0}
    assert ch.roster == Roster("C", ("B", "D", "X"))


# -- resignations ---------------------------------------------------------------------------------


def test_box_resigns_each_member_accepts_or_declines() -> None:
    ch = started(chouette(jacoby=False), on_roll=BOX).offer_resign("X", WinKind.GAMMON)
    assert code_of(ch.roll, "X", DiceSequence([3, 1])) == "resign_pending"
    assert code_of(ch.offer_resign, "C") == "resign_pending"
    ch = ch.accept_resign("C").decline_resign("A").accept_resign("B")
    assert code_of(ch.decline_resign, "A") == "already_decided"
    assert ch.current is not None and ch.current.resign is not None  # D has not answered
    ch = ch.decline_resign("D")
    cur = ch.current
    assert cur is not None and cur.resign is None and cur.playing == ("A", "D")
    assert cur.captain == "A"  # C took the gammon and is out
    assert ch.balances() == {"X": -4, "C": 2, "A": 0, "B": 2, "D": 0}
    ch = ch.roll("X", DiceSequence([3, 1]))
    assert ch.current is not None and ch.current.game.phase is Phase.MOVE


def test_box_resignation_accepted_by_all_is_a_team_win_in_any_order() -> None:
    rosters = set()
    for order in itertools.permutations("CABD"):
        ch = started(chouette(), on_roll=BOX).offer_resign("X")
        for name in order:
            ch = ch.accept_resign(name)
        assert ch.current is not None and ch.current.end == GameEnd(True, "team_out")
        assert ch.balances() == {"X": -4, "C": 1, "A": 1, "B": 1, "D": 1}
        rosters.add(ch.roster)
    assert rosters == {Roster("C", ("A", "B", "D", "X"))}


def test_members_resign_their_own_stakes() -> None:
    ch = team_doubles(started(chouette())).take("X")
    ch = board(ch, TEAM, {6: 15}, {12: 15})
    ch = ch.offer_resign("C", WinKind.GAMMON).offer_resign("B")
    assert code_of(ch.roll, "A", DiceSequence([3, 1])) == "resign_pending"
    assert code_of(ch.offer_resign, "X") == "resign_pending"
    assert code_of(ch.accept_resign, "X") == "no_resign_pending"  # name the member
    ch = ch.accept_resign("X", "C").decline_resign("X", "B")
    cur = ch.current
    assert cur is not None and cur.playing == ("A", "B", "D") and cur.captain == "A"
    assert ch.balances() == {"X": 4, "C": -4, "A": 0, "B": 0, "D": 0}
    ch = ch.roll("A", DiceSequence([3, 1]))
    assert ch.current is not None and ch.current.game.phase is Phase.MOVE


def test_every_member_resigning_ends_the_game_as_a_team_loss() -> None:
    ch = started(chouette("CA"))
    ch = ch.offer_resign("C").offer_resign("A").accept_resign("X", "A").accept_resign("X", "C")
    assert ch.current is not None and ch.current.end == GameEnd(False, "team_out")
    assert ch.balances() == {"X": 2, "C": -1, "A": -1}
    assert ch.roster == Roster("X", ("A", "C"))


def test_resignation_only_on_the_board() -> None:
    ch = chouette().new_game()
    assert code_of(ch.offer_resign, "X") == "resign_not_allowed"  # before the opening roll
    ch = started(chouette(), on_roll=BOX).double("X")
    assert code_of(ch.offer_resign, "C") == "resign_not_allowed"  # a double is pending
    ch = started(chouette())
    assert code_of(ch.decline_resign, "C") == "no_resign_pending"


def test_a_drawn_game_pays_nothing_and_the_box_stays() -> None:
    # ``last_roll_draw``: the team bore off first, the box takes his last roll and finishes too.
    ch = board(started(chouette("CAB")), BOX, LAST_CHECKER, {})
    cur = ch.current
    assert cur is not None
    ch = replace(ch, current=replace(cur, game=replace(cur.game, last_roll=True)))
    ch = bear_off(ch)
    assert ch.current is not None and ch.current.end == GameEnd(False, "draw")
    assert ch.balances() == {"X": 0, "C": 0, "A": 0, "B": 0}
    assert ch.roster == Roster("X", ("A", "B", "C"))
