"""Compact game logs (engine.record) and packed finished games (Match.archived): what is saved
reads back exactly, is small, and writes the same ``.mat`` file as the games kept in full."""

from __future__ import annotations

import json
import random

import pytest
from test_game_properties import play_random_match
from test_nardy_draws import DRAW, draw, win

from engine.cube import Options
from engine.errors import EngineError
from engine.game import DiceSequence, Game, LogEntry, Phase
from engine.match import GameRecord, Match
from engine.matfile import format_mat
from engine.record import (
    from_text,
    log_from_text,
    log_text,
    pack_games,
    pack_log,
    to_text,
    unpack_games,
    unpack_log,
)
from engine.result import WinKind

OPTIONS = [
    Options(),
    Options(beaver=True, cube_limit=64),
    Options(jacoby=False, next_game_starts="winner"),
    Options(auto_doubles=True, max_auto_doubles=2, beaver=True, next_game_starts="alternate"),
]


def fresh(log: tuple[LogEntry, ...]) -> tuple[LogEntry, ...]:
    """Equal entries that are new objects: nothing written before is continued from them."""
    return tuple(LogEntry(e.player, e.action, e.value) for e in log)


def random_nardy_game(rng: random.Random, variant: str, options: Options) -> Game:
    """A long nardy game to its end (or a resignation), plays chosen at random, some made step
    by step, some typed as a whole."""
    dice = DiceSequence(rng.randint(1, 6) for _ in range(100_000))
    game = Game.new(variant, options)
    while not game.is_over:
        if game.phase is Phase.OPENING:
            game = game.roll(0, dice)
            continue
        turn = game.turn
        assert turn is not None
        if game.phase is Phase.ROLL:
            if rng.random() < 0.004:
                game = game.offer_resign(turn, WinKind.SINGLE).accept_resign(1 - turn)
            else:
                game = game.roll(turn, dice)
            continue
        plays = game.builder.legal_plays
        if not plays or rng.random() < 0.5:
            while not game.builder.is_complete:
                game = game.add_step(turn, rng.choice(game.next_steps()))
            game = game.confirm(turn)
        else:
            game = game.play(turn, rng.choice(plays))
    return game


def games_played() -> list[Game]:
    """Finished games of backgammon (matches and money, with every cube action) and of both
    long nardy variants (with the last roll and its draws)."""
    out: list[Game] = []
    for seed, options in enumerate(OPTIONS):
        rng = random.Random(seed)
        out += play_random_match(rng, 5, options, eager=0.05).games
        out += play_random_match(rng, 0, options, max_games=8, eager=0.3).games
    nardy = Options(last_roll_draw=True, cube=False)
    for seed, variant in enumerate(["long_nardy", "long_nardy_home_prime", "long_nardy"]):
        out.append(random_nardy_game(random.Random(100 + seed), variant, nardy))
    # Rarer entries: an automatic double after a tie, drawn long nardy games.
    auto = Game.new("backgammon", Options(auto_doubles=True)).roll(0, DiceSequence([3, 3, 5, 2]))
    out.append(auto.offer_resign(1, WinKind.GAMMON).accept_resign(0))
    out += drawn_match().games
    return out


def drawn_match() -> Match:
    """A long nardy match of drawn games (half a point each) and a win, to 3 points."""
    match = draw(Match.new(3, "long_nardy", DRAW))
    for _ in range(3):
        match = draw(match.next_game())
    return win(match.next_game(), mars=False)


GAMES = games_played()


def test_every_log_reads_back_exactly() -> None:
    actions = {e.action for g in GAMES for e in g.log}
    # The games tried cover every kind of entry a log has.
    assert {"opening", "roll", "move", "double", "take", "pass", "win"} <= actions
    assert {"beaver", "beaver_accept", "resign", "resign_accept", "resign_decline"} <= actions
    assert {"auto_double", "draw", "beaver_refuse", "pass"} <= actions
    for game in GAMES:
        data = pack_log(game.variant, game.log)
        assert unpack_log(game.variant, data) == game.log
        # Entries that are new objects are read and written from scratch: the same bytes.
        assert pack_log(game.variant, fresh(game.log)) == data
        assert unpack_log(game.variant, bytes(data)) == game.log
        text = log_text(game.variant, game.log)
        assert log_from_text(game.variant, text) == game.log
        assert json.loads(json.dumps(text)) == text and "\\" not in json.dumps(text)


def test_writing_continues_from_the_last_log_written_or_read() -> None:
    game = next(g for g in GAMES if len(g.log) > 40)
    log: tuple[LogEntry, ...] = ()
    for n, entry in enumerate(game.log):
        log = (*log, entry)
        data = pack_log(game.variant, log)
        assert data == pack_log(game.variant, fresh(log))
        if n % 7 == 0:
            # A state read back (another process wrote it) is continued from too.
            log = unpack_log(game.variant, data)
            assert log == game.log[: n + 1]
    assert unpack_log(game.variant, pack_log(game.variant, log)) == game.log


def test_a_turn_costs_under_two_bytes() -> None:
    moves = sum(1 for g in GAMES for e in g.log if e.action == "move")
    size = sum(len(pack_log(g.variant, g.log)) for g in GAMES)
    listed = sum(len(json.dumps([e.to_list() for e in g.log])) for g in GAMES)
    assert size / moves < 2.0, size / moves
    assert size * 10 < listed  # schema 1 listed every entry in JSON


def test_entries_out_of_the_ordinary_are_written_in_full() -> None:
    game = next(g for g in GAMES if g.variant == "backgammon" and len(g.log) > 10)
    log = game.log[:6]
    move = next(e for e in log if e.action == "move")
    odd = (
        LogEntry(move.player, "move", ("typed 13/8 13/11", *move.value[1:])),  # its own text
        LogEntry(1, "note", ("ü", -3, 70000)),  # an action this program does not know
        LogEntry(None, "move", ("13/7", 13, 7)),  # no mover
        LogEntry(0, "move", ("3/1", 3, 1, 6, 6, 5)),  # odd values
        LogEntry(0, "roll", (7, 1)),  # not dice
        LogEntry(0, "win", (1, 1, "because")),
        LogEntry(1, "double", ("two",)),
    )
    for entry in odd:
        longer = (*log, entry, *game.log[6:9])
        assert unpack_log(game.variant, pack_log(game.variant, longer)) == longer


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"\x80\x80",
        b"\x00\x05",
        b"\xff\xff\xff\x7f",
        b"\x02\xff\xff\xff\xff\xff\xff\xff\xff\xff",
    ],
)
def test_bytes_that_are_not_a_log_are_refused(data: bytes) -> None:
    with pytest.raises(EngineError) as info:
        unpack_log("backgammon", data)
    assert info.value.code == "corrupt_state"


def test_damaged_logs_are_refused_or_read_as_some_log() -> None:
    rng = random.Random(5)
    good = pack_log(GAMES[0].variant, GAMES[0].log)
    for _ in range(300):
        data = bytearray(good)
        data[rng.randrange(len(data))] = rng.randrange(256)
        try:
            log = unpack_log("backgammon", bytes(data))
        except EngineError as exc:
            assert exc.code == "corrupt_state"
            continue
        assert all(isinstance(e, LogEntry) for e in log)
    for bad in (3, "not base85 ~", None):
        with pytest.raises(EngineError):
            log_from_text("backgammon", bad)


def test_many_games_are_packed_one_after_another() -> None:
    games = [g for g in GAMES if g.variant == "backgammon"][:6]
    data = pack_games("backgammon", [g.log for g in games[:2]])
    data = pack_games("backgammon", [g.log for g in games[2:]], data)
    assert unpack_games("backgammon", data, 6) == tuple(g.log for g in games)
    assert from_text(to_text(data)) == data
    with pytest.raises(EngineError):
        unpack_games("backgammon", data, 5)
    with pytest.raises(EngineError):
        unpack_games("backgammon", data[:-3], 6)


# -- matches with their finished games packed ---------------------------------------------------


def saved(match: Match) -> Match:
    """The match as the app saves and loads it: archived, through JSON."""
    return Match.from_dict(json.loads(json.dumps(match.archived().to_dict())))


@pytest.mark.parametrize(
    ("seed", "length", "options"),
    [
        (1, 7, Options(cube=False)),
        (2, 11, Options(cube=False, jacoby=False)),
        (3, 5, Options(cube=False, next_game_starts="winner")),
        (4, 9, Options(cube=False, next_game_starts="alternate")),
    ],
)
def test_a_packed_match_keeps_everything_the_export_needs(
    seed: int, length: int, options: Options
) -> None:
    full = play_random_match(random.Random(seed), length, options, eager=0.02)
    assert full.number == len(full.games) > 1
    # Every moment of the match: after each game, and in the last game.
    for k in range(1, len(full.games) + 1):
        part = Match(full.variant, full.length, full.options, full.games[:k])
        again = saved(part)
        assert len(again.games) == 1 and again.played.count == k - 1
        assert again.number == k and again.score == part.score and again.game == part.game
        assert again.crawford_done == part.crawford_done
        assert again.records() == tuple(GameRecord.of(g) for g in part.games)
        assert again.log == part.log
        # The .mat file is the one written from the games kept in full, to the byte.
        assert format_mat(again, ("Ann", "Bob")) == format_mat(part, ("Ann", "Bob"))
        # Packing again what was read changes nothing.
        assert saved(again) == again
    # The next games follow the same rules (score, Crawford game, who starts) either way.
    last = Match(full.variant, full.length, full.options, full.games[:-1])
    if last.game.is_over and not last.is_over:
        assert saved(last).next_game().game == last.next_game().game


def test_a_long_match_packed_stays_small() -> None:
    full = play_random_match(random.Random(8), 25, Options(cube=False), eager=0.0)
    games = len(full.games)
    assert games >= 20
    packed = saved(full)
    data = json.dumps(packed.to_dict(), separators=(",", ":"))
    listed = json.dumps(
        {"games": [{**g.to_dict(), "log": [e.to_list() for e in g.log]} for g in full.games]}
    )
    assert len(data) < len(listed) / 8
    per_game = len(packed.to_dict()["played"][2]) / (games - 1)
    assert per_game < 200, per_game  # Base85 characters per finished game


def test_drawn_games_keep_their_half_points_when_packed() -> None:
    match = drawn_match()
    again = saved(match)
    assert again.played.count == 4 and again.score == match.score == (3, 2)
    assert again.records() == tuple(GameRecord.of(g) for g in match.games)
    halfway = Match(match.variant, match.length, match.options, match.games[:3])
    assert saved(halfway).score == halfway.score and str(halfway.score[0]) == "3/2"


def test_damaged_packed_games_are_refused() -> None:
    full = play_random_match(random.Random(9), 5, Options(cube=False), eager=0.0)
    data = full.archived().to_dict()
    count, crawford, text = data["played"]
    for played in (
        [count + 1, crawford, text],  # a game too many counted
        [count, crawford, to_text(from_text(text)[:-2])],  # cut short
        [0, 0, text],
        [count, 2, text],
        "x",
    ):
        with pytest.raises(EngineError):
            Match.from_dict({**data, "played": played}).records()
    # A score that does not follow from the packed games is found out as well.
    games = data["games"]
    wrong = dict(games[0], match=[5, 0, 0, 0])
    with pytest.raises(EngineError):
        Match.from_dict({**data, "games": [wrong]}).records()


def test_schema_1_matches_still_load_and_save_compact() -> None:
    full = play_random_match(random.Random(10), 5, Options(), eager=0.1)
    old = {
        "v": 1,
        "variant": full.variant,
        "length": full.length,
        "games": [{**g.to_dict(), "v": 1, "log": [e.to_list() for e in g.log]} for g in full.games],
    }
    loaded = Match.from_dict(json.loads(json.dumps(old)))
    assert loaded == full
    new = loaded.archived().to_dict()
    assert new["v"] == 2 and len(new["games"]) == 1 and new["played"][0] == len(full.games) - 1
    assert format_mat(Match.from_dict(new)) == format_mat(full)
