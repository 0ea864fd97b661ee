"""How a puzzle is shown: its board (the renderers' board, as every board of the bot), the
question, the answers as buttons (the best ones mixed with the one played, in an order of their
own), and once answered the grade with every answer's figures on the best answer's board."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence

from bot.app import display
from bot.app.puzzles.grading import Band
from bot.app.puzzles.records import Choice, Puzzle
from bot.app.timing import duration
from bot.app.types import Board, Button, Keyboard, ViewMode
from engine.errors import EngineError
from engine.notation import dice_text

__all__ = [
    "BUTTONS",
    "answer_board",
    "answer_lines",
    "choice_label",
    "choice_lines",
    "choice_text",
    "keyboard",
    "offered",
    "question_board",
    "question_line",
    "when_text",
]

Tr = Callable[..., str]

BUTTONS = 4
"""Answers offered as buttons: the best ones and the one played."""

ROW = 2
"""Buttons per row."""

CUBE_WORDS = {"no double": "no_double", "double": "double", "take": "take", "pass": "pass"}

CUBE_BUTTONS = {
    "no double": "button-vote-no-double",
    "double": "button-double",
    "take": "button-take",
    "pass": "button-pass",
}


def _names(tr: Tr, puzzle: Puzzle) -> tuple[str, str]:
    names = [tr("puzzle-opponent"), tr("puzzle-opponent")]
    names[puzzle.player] = tr("puzzle-to-play")
    return names[0], names[1]


def question_board(tr: Tr, lang: str, puzzle: Puzzle, mode: ViewMode = "image") -> Board:
    """The puzzle's position, its player at the bottom, with the dice of a move or the cube
    offered."""
    view = display.board_view(puzzle.game, _names(tr, puzzle))
    return Board(view, puzzle.player, "right", mode, display.labels(lang))


def answer_board(tr: Tr, lang: str, puzzle: Puzzle, mode: ViewMode = "image") -> Board:
    """The board after the best answer: the best play made (drawn as the last play), or the
    position of a cube question as it was."""
    game = puzzle.game
    if puzzle.kind == "move" and game.turn is not None:
        try:
            game = game.play(game.turn, puzzle.best.text)
        except EngineError:
            game = puzzle.game
    view = display.board_view(game, _names(tr, puzzle))
    return Board(view, puzzle.player, "right", mode, display.labels(lang))


def question_line(tr: Tr, puzzle: Puzzle) -> str:
    """What is asked: the best play of the roll, whether to double, take or pass."""
    game = puzzle.game
    if puzzle.kind == "move" and game.dice is not None:
        return tr("puzzle-question-move", dice=dice_text(game.dice))
    if puzzle.kind == "double":
        return tr("puzzle-question-double")
    value = game.cube.next_value(game.options)
    return tr("puzzle-question-take", value=value)


def choice_label(tr: Tr, puzzle: Puzzle, choice: Choice) -> str:
    """An answer as a button says it: the play, or the cube action in the reader's words."""
    if puzzle.kind == "move":
        return choice.text
    return tr(CUBE_BUTTONS.get(choice.text, "button-pass"))


def choice_text(tr: Tr, puzzle: Puzzle, choice: Choice) -> str:
    """An answer as a sentence says it."""
    if puzzle.kind == "move":
        return choice.text
    return tr("analysis-cube-action", action=CUBE_WORDS.get(choice.text, "pass"))


def offered(puzzle: Puzzle) -> list[int]:
    """The answers offered as buttons (their indexes): the best ones and the one played,
    :data:`BUTTONS` at most, in an order drawn from the puzzle's id (the same every time it is
    shown; the best is not always first)."""
    indexes = list(range(len(puzzle.choices)))
    chosen = [0]
    if puzzle.made > 0:
        chosen.append(puzzle.made)
    for i in indexes[1:]:
        if len(chosen) >= BUTTONS:
            break
        if i not in chosen:
            chosen.append(i)
    seed = int(hashlib.sha256(puzzle.id.encode()).hexdigest()[:8], 16)
    random.Random(seed).shuffle(chosen)
    return chosen


def keyboard(
    tr: Tr, puzzle: Puzzle, payload_of: Callable[[int], str], extra: Sequence[Button] = ()
) -> Keyboard:
    """The answers' buttons (:func:`offered`, ``payload_of(index)``), :data:`ROW` a row,
    and ``extra`` on a row of their own."""
    buttons = [
        Button(choice_label(tr, puzzle, puzzle.choices[i]), payload_of(i)) for i in offered(puzzle)
    ]
    rows = [tuple(buttons[i : i + ROW]) for i in range(0, len(buttons), ROW)]
    if extra:
        rows.append(tuple(extra))
    return tuple(rows)


def answer_lines(
    tr: Tr, puzzle: Puzzle, answered: int, graded: Band, *, played: bool = True
) -> list[str]:
    """The grade of answer ``answered`` and every answer offered with its figures (the best
    first), marked the best, yours and (``played``) the one played in the game."""
    choice = puzzle.choices[answered]
    lines = [tr("puzzle-grade", band=graded, answer=choice_text(tr, puzzle, choice))]
    return lines + choice_lines(tr, puzzle, answered, played=played)


def choice_lines(
    tr: Tr, puzzle: Puzzle, answered: int | None = None, *, played: bool = False
) -> list[str]:
    """Every answer offered (and ``answered``) with its figures, the best first, marked the
    best, the answer given and (``played``) the one played in the game; then what the figures
    are."""
    lines: list[str] = []
    shown = sorted(set(offered(puzzle)) | ({answered} if answered is not None else set()))
    for rank, i in enumerate(shown, 1):
        c = puzzle.choices[i]
        answer = choice_text(tr, puzzle, c)
        if c.value is None:
            line = tr("puzzle-choice-plain", rank=rank, answer=answer)
        else:
            line = tr("puzzle-choice", rank=rank, answer=answer, unit=puzzle.unit, value=c.value)
        if c.loss > 0:
            line += " " + tr("hint-difference", unit=puzzle.unit, value=-c.loss)
        marks = []
        if i == 0:
            marks.append("best")
        if i == answered:
            marks.append("yours")
        if played and i == puzzle.made:
            marks.append("played")
        if marks:
            words = ", ".join(tr("puzzle-mark", mark=m) for m in marks)
            line += "  " + tr("puzzle-marks", marks=words)
        lines.append(line)
    variant = puzzle.game.variant  # long nardy's figures in equity are its network's
    lines.append(tr("puzzle-figures", unit=puzzle.unit, variant=variant, ply=puzzle.ply))
    return lines


def when_text(tr: Tr, seconds: float) -> str:
    """A wait in the largest whole unit: ``6 days``, ``3 hours``, ``10 minutes``."""
    whole = max(60, int(seconds))
    if whole >= 86400:
        whole = max(1, round(whole / 86400)) * 86400
    return duration(tr, whole)
