"""Export a match as a Jellyfish / GNU Backgammon ``.mat`` text file (``import mat`` in gnubg).

The file lists every game: a header with the score before it, then numbered lines with player
0's action on the left and player 1's on the right: ``52: 13/8 13/11`` (the dice, higher first,
then every single step in the mover's numbering, 25 = bar, 0 = off, ``*`` a hit),
``Doubles => 2``, ``Takes``, ``Drops``, and the result, ``Wins 2 points``.

Resignations are not part of the format: a resigned game simply ends with its ``Wins`` line,
and so does a game lost on time (the file has no clock), but for a double left unanswered on
time, written as dropped.
Automatic doubles and beavers cannot be written either, so only games without them export.  A
money session is written as a "0 point match".  The file has no field for the table options, and
GNU Backgammon scores what it reads with its own: a cube doubled each time, a backgammon counting
three, gammons counting with the cube and, in money play, the Jacoby rule.  A match whose score
those rules would change (a cube raised arithmetically, a backgammon counting two, a gammon that
counted single with the cube turned or without the Jacoby rule) is refused with the reason, never
written so that gnubg reads another match.
"""

from __future__ import annotations

from dataclasses import replace

from engine.cube import ARITHMETIC, GEOMETRIC, CubeState, Options, points
from engine.errors import EngineError
from engine.game import Game, LogEntry, Reason, whole_points
from engine.match import GameRecord, Match
from engine.replay import entry_states, game_start, recorded_steps
from engine.result import WinKind
from engine.steps import apply_step, to_lists

_CELL = 28  # width of the left column after the line number


def format_mat(match: Match, names: tuple[str, str] = ("White", "Black")) -> str:
    """The ``.mat`` text of ``match`` (finished or running); names may not be empty.

    Raises :class:`EngineError` (code ``"not_exportable"``) for a variant other than backgammon,
    a match set up from a position (``params["reason"]`` ``"set_up"``), a game with automatic
    doubles or beavers, which the format cannot express, or a game that GNU
    Backgammon would score otherwise under its own rules (see the module docstring):
    ``params["reason"]`` is then ``"arithmetic_cube"``, ``"backgammon_counts_2"``,
    ``"no_gammons_with_cube"`` or ``"no_jacoby"``, and ``params["game"]`` the game's number.
    """
    if match.variant != "backgammon":
        raise EngineError(
            f"{match.variant} games cannot be written as a .mat file", code="not_exportable"
        )
    if match.start is not None:
        raise EngineError(
            "a match set up from a position cannot be written as a .mat file: the file starts "
            "every game from the opening position",
            code="not_exportable",
            params={"reason": "set_up"},
        )
    clean = tuple(_name(n) for n in names)
    lines = ["", f" {match.length} point match", ""]
    for number, game in enumerate(match.records(), start=1):
        _check_scoring(number, game, match.options, money=match.length == 0)
        hits = _hits(game_start(match, number - 1), game.log)
        lines.extend(_game_lines(number, game, clean[0], clean[1], hits))
        lines.append("")
    return "\n".join(lines)


def _hits(start: Game, log: tuple[LogEntry, ...]) -> dict[int, list[bool]]:
    """For each ``move`` entry of ``log`` (by its index), which of its steps hit a blot."""
    out: dict[int, list[bool]] = {}
    at = 0
    for before, entries in entry_states(start, log):
        for entry in entries:
            index = log.index(entry, at)
            at = index + 1
            if entry.action == "move":
                me, opp = to_lists(before.position)
                out[index] = [
                    apply_step(me, opp, step.frm, step.to, 2) for step in recorded_steps(entry)
                ]
    return out


def _name(name: str) -> str:
    # gnubg reads a name up to the colon, at most 31 bytes, and keeps no spaces.
    out = "_".join(name.replace(":", " ").split())
    out = out.encode("utf-8")[:31].decode("utf-8", errors="ignore")
    if not out:
        raise EngineError("a player name in a .mat file may not be empty", code="bad_name")
    return out


def _game_lines(
    number: int, game: GameRecord, name0: str, name1: str, hits: dict[int, list[bool]]
) -> list[str]:
    s0, s1 = (whole_points(v, "a .mat file") for v in game.score)
    out = [f" Game {number}", f" {name0} : {s0}".ljust(_CELL + 4) + f"{name1} : {s1}"]
    cells = _cells(game.log, hits)
    if not cells and game.result is not None:
        # Resigned before the first play: gnubg starts a game only with a roll, so the opening
        # roll is written with no move.
        opening = [e.value for e in game.log if e.action == "opening"]
        if not opening or game.first is None:
            raise EngineError(
                f"game {number} ended before any roll and cannot be written as a .mat file",
                code="not_exportable",
            )
        a, b = int(opening[-1][0]), int(opening[-1][1])
        cells = [(game.first, f"{max(a, b)}{min(a, b)}: ")]
    rows: list[list[str]] = []
    free = 2  # the first free column of the last row
    for player, text in cells:
        if player < free:
            rows.append(["", ""])
        rows[-1][player] = text
        free = player + 1
    for k, (left, right) in enumerate(rows, start=1):
        # The left column is always padded: gnubg's reader finds the right column by position.
        out.append(f"{k:3d}) " + left.ljust(_CELL - 1) + " " + right)
    if game.result is not None and game.result.winner is not None:
        pts = game.result.points
        text = f"Wins {pts} point{'s' if pts != 1 else ''}"
        indent = 6 if game.result.winner == 0 else 6 + _CELL
        out.append(" " * indent + text)
    return out


def _cells(log: tuple[LogEntry, ...], hits: dict[int, list[bool]]) -> list[tuple[int, str]]:
    cells: list[tuple[int, str]] = []
    dice: tuple[int, int] | None = None
    doubled = False
    for index, entry in enumerate(log):
        action, value, player = entry.action, entry.value, entry.player
        if action in ("auto_double", "beaver"):
            raise EngineError(
                f"a game with {action.replace('_', ' ')}s cannot be written as a .mat file",
                code="not_exportable",
            )
        if action == "opening":
            a, b = int(value[0]), int(value[1])
            dice = (max(a, b), min(a, b))
            continue
        if action == "roll":
            a, b = int(value[0]), int(value[1])
            dice = (max(a, b), min(a, b))
            continue
        if player is None:
            continue
        if action == "move":
            assert dice is not None
            flat = [int(v) for v in value[1:]]
            hit = hits.get(index, [])
            steps = [
                f"{flat[i]}/{flat[i + 1]}" + ("*" if i // 2 < len(hit) and hit[i // 2] else "")
                for i in range(0, len(flat), 2)
            ]
            cells.append((player, f"{dice[0]}{dice[1]}: {' '.join(steps)}".rstrip()))
        elif action == "double":
            cells.append((player, f" Doubles => {value[0]}"))
            doubled = True
        elif action == "take":
            cells.append((player, " Takes"))
            doubled = False
        elif action == "pass" or (action == "time" and doubled):
            # A double left unanswered on time counts as dropped (the file has no clock).
            cells.append((player, " Drops"))
    return cells


#: The rules GNU Backgammon scores an imported file by.
_GNUBG_RULES = Options()


def _refused(number: int, reason: str, why: str) -> EngineError:
    return EngineError(
        f"game {number} cannot be written as a .mat file: {why}, and the file cannot say so "
        "(GNU Backgammon would score it otherwise)",
        code="not_exportable",
        params={"reason": reason, "game": number},
    )


def _check_scoring(number: int, game: GameRecord, options: Options, *, money: bool) -> None:
    """Refuse a game whose cube or points GNU Backgammon's own rules would read otherwise."""
    if any(entry.action in ("auto_double", "beaver") for entry in game.log):
        return  # refused as a whole by _cells
    cube = CubeState()
    for entry in game.log:
        if entry.action == "double":
            value = int(entry.value[0])
            if options.cube_progression == ARITHMETIC and value != cube.value * 2:
                raise _refused(
                    number,
                    "arithmetic_cube",
                    f"the cube went from {cube.value} to {value} (the arithmetic cube)",
                )
        elif entry.action == "take":
            cube = cube.taken(0 if entry.player is None else entry.player, options)
    result = game.result
    if result is None or result.winner is None or result.reason is Reason.PASS:
        return
    kind = result.kind
    theirs = replace(_GNUBG_RULES, cube_progression=GEOMETRIC, jacoby=money and _GNUBG_RULES.jacoby)
    if points(kind, cube, theirs, money=money) == result.points:
        return
    if kind is WinKind.BACKGAMMON and options.backgammon_counts != 3:
        raise _refused(number, "backgammon_counts_2", "a backgammon counted 2")
    if not options.gammons_with_cube and cube.value > 1:
        raise _refused(
            number, "no_gammons_with_cube", f"a {kind.name.lower()} counted single with the cube"
        )
    if money and not options.jacoby:
        raise _refused(
            number, "no_jacoby", f"a {kind.name.lower()} counted without the Jacoby rule"
        )
    raise _refused(number, "scoring", f"it was won for {result.points} points")
