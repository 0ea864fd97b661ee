"""A gallery of typical boards, written as PNG (and the text boards beside them) for review.

Run ``python -m renderers.samples docs/boards`` to (re)write the folder.
"""

from __future__ import annotations

import sys
from pathlib import Path

from engine import Play, Position, Step, legal_plays
from engine.nardy import LongNardyPosition
from renderers.png import render_png
from renderers.text import render_text
from renderers.view import (
    BoardView,
    ChouetteMember,
    ChouetteView,
    CubeView,
    LastPlay,
    MatchScore,
    MoneyScore,
    Orientation,
)


def _played(start: Position, rolls: list[tuple[int, int]]) -> tuple[Position, Play, int]:
    """The position after playing the first legal play of each roll; the last play and mover."""
    pos, play, mover = start, Play(()), 1
    for turn, dice in enumerate(rolls):
        plays = legal_plays(pos, dice)
        play = plays[0] if plays else Play(())
        pos = pos.after(play)
        mover = turn % 2
    return pos, play, mover


def sample_views() -> dict[str, BoardView]:
    """The gallery's boards by file name: opening, contact with a hit, closed board, bear-off,
    cube offered, Crawford, chouette, long nardy start and middle."""
    opening = BoardView.seated(
        Position.initial(),
        on_roll=0,
        names=("Alice", "Bob"),
        dice=(3, 1),
        score=MatchScore(7),
    )
    opening_roll = BoardView(Position.initial(), names=("Alice", "Bob"), opening=(5, 2))
    contact_before = Position.from_points(
        {24: 1, 13: 4, 8: 3, 6: 4, 5: 1, 4: 2},
        {24: 2, 13: 4, 8: 2, 6: 4, 5: 2, 18: 1},
    )
    hit = next(p for p in legal_plays(contact_before, (6, 2)) if any(s.hit for s in p.steps))
    contact = BoardView.seated(
        contact_before.after(hit),
        on_roll=1,
        names=("Marta", "Иван"),
        dice=(5, 5),
        cube=CubeView(2, owner=1),
        score=MoneyScore((4, -4)),
        last_play=LastPlay(0, hit.steps),
    )
    closed = BoardView.seated(
        Position.from_points(
            {6: 3, 5: 2, 4: 2, 3: 2, 2: 2, 1: 2, 8: 2},
            {25: 3, 6: 4, 8: 3, 13: 5},
        ),
        on_roll=1,
        names=("Kenji", "Sofia"),
        score=MatchScore(11, (6, 9)),
        cube=CubeView(4, owner=1),
    )
    bear_off = BoardView.seated(
        Position.from_points({6: 2, 5: 3, 4: 1, 3: 2, 1: 1}, {6: 1, 4: 2, 2: 3, 1: 1}),
        on_roll=0,
        names=("Aleksandra Kowalczyk-Wiśniewska", "Tom"),
        dice=(6, 4),
        score=MatchScore(5, (2, 2)),
        cube=CubeView(2, owner=0),
        last_play=LastPlay(1, (Step(5, 0), Step(3, 0))),
    )
    cube_offered = BoardView.seated(
        Position.from_points(
            {6: 5, 5: 3, 4: 3, 8: 2, 13: 2},
            {24: 2, 13: 5, 8: 3, 6: 3, 3: 2},
        ),
        on_roll=0,
        names=("Nadia", "Pavel"),
        cube=CubeView(2, offered_by=0),
        score=MoneyScore((0, 0)),
    )
    crawford = BoardView.seated(
        Position.from_points({6: 5, 8: 3, 13: 5, 24: 2}, {6: 4, 7: 2, 8: 3, 13: 4, 24: 2}),
        on_roll=1,
        names=("Olga", "Mehmet"),
        dice=(6, 6),
        cube=CubeView(dead=True),
        score=MatchScore(7, (6, 3), crawford=True),
    )
    chouette = BoardView.seated(
        Position.from_points({6: 5, 8: 3, 13: 4, 24: 2, 7: 1}, {6: 5, 8: 2, 13: 5, 24: 2, 9: 1}),
        on_roll=0,
        names=("Dmitri", "Elena"),
        dice=(4, 2),
        cube=CubeView(2, owner=0),
        chouette=ChouetteView(
            box="Elena",
            box_total=12,
            team=(
                ChouetteMember("Dmitri", total=-4),
                ChouetteMember("Fatima", in_game=False, total=-6),
                ChouetteMember("George", total=3),
                ChouetteMember("Hanna", total=-5),
            ),
            captain=0,
            box_seat=1,
        ),
    )
    nardy_start = BoardView.seated(
        LongNardyPosition.initial(),
        on_roll=0,
        names=("Рустам", "Leyla"),
        dice=(6, 5),
        cube=None,
        score=MoneyScore((0, 0)),
    )
    rolls = [(6, 5), (4, 2), (3, 1), (5, 5), (6, 4), (2, 1), (6, 3), (5, 4), (4, 4), (6, 2)]
    rolls += [(5, 3), (3, 2), (6, 1), (4, 3), (5, 2), (6, 6)]
    middle, last, mover = _played(LongNardyPosition.initial(), rolls)
    seat = 1 - mover  # on roll now
    nardy_middle = BoardView.seated(
        middle,
        on_roll=seat,
        names=("Рустам", "Leyla"),
        dice=(5, 1),
        cube=None,
        score=MatchScore(3, (1, 0)),
        last_play=LastPlay(mover, last.steps),
    )
    return {
        "01-opening": opening,
        "02-opening-roll": opening_roll,
        "03-contact-hit-bar": contact,
        "04-closed-board": closed,
        "05-bear-off": bear_off,
        "06-cube-offered": cube_offered,
        "07-crawford": crawford,
        "08-chouette": chouette,
        "09-long-nardy-start": nardy_start,
        "10-long-nardy-middle": nardy_middle,
    }


VARIANTS: tuple[tuple[str, str, Orientation], ...] = (
    ("", "light", "right"),
    ("-dark", "dark", "right"),
    ("-home-left", "light", "left"),
)


def write_gallery(folder: Path) -> list[Path]:
    """Write every sample (light, dark, home left; PNG and text) into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for name, view in sample_views().items():
        for suffix, theme, orientation in VARIANTS:
            if suffix and name not in ("03-contact-hit-bar", "08-chouette", "10-long-nardy-middle"):
                continue
            path = folder / f"{name}{suffix}.png"
            path.write_bytes(render_png(view, theme=theme, orientation=orientation))
            written.append(path)
        text = folder / f"{name}.txt"
        text.write_text(
            render_text(view)
            + "\n\n"
            + render_text(view, width="wide")
            + "\n\n"
            + render_text(view, ascii=True)
            + "\n",
            encoding="utf-8",
        )
        written.append(text)
    return written


def main(argv: list[str]) -> int:
    """``python -m renderers.samples FOLDER``."""
    if len(argv) != 1:
        print("usage: python -m renderers.samples FOLDER", file=sys.stderr)
        return 2
    for path in write_gallery(Path(argv[0])):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
