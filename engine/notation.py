"""Standard backgammon notation: formatting plays and parsing what players type."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.movegen import Step


def point_name(point: int) -> str:
    if point == 25:
        return "bar"
    if point <= 0:
        return "off"
    return str(point)


def format_steps(steps: Sequence[Step]) -> str:
    """Format single steps the way GNU Backgammon does.

    A checker's consecutive steps are merged (``13/7``, ``24/18*/14`` keeps the hit in the middle),
    moves are listed from the highest starting point down, and identical moves are counted
    (``8/5(2)``).  An empty play is ``"no move"``.
    """
    if not steps:
        return "no move"
    # Chain the steps into checker paths: a step that starts where an earlier path ends continues
    # that path (the checker that just arrived), unless the point had our checkers anyway -- the
    # result is the same position either way, and gnubg prints the merged form.
    paths: list[list[int | str]] = []
    ends: list[int] = []
    for step in steps:
        for k in range(len(paths) - 1, -1, -1):
            if ends[k] == step.frm and step.frm not in (0, 25):
                paths[k].append(step.to)
                if step.hit:
                    paths[k][-1] = f"{point_name(step.to)}*"
                ends[k] = step.to
                break
        else:
            paths.append([step.frm, f"{point_name(step.to)}*" if step.hit else step.to])
            ends.append(step.to)
    texts: list[tuple[int, int, str]] = []
    for path in paths:
        # Intermediate points without a hit are dropped: 13/10/7 prints as 13/7.
        head = path[0]
        assert isinstance(head, int)
        parts = [point_name(head)]
        for k, node in enumerate(path[1:], start=1):
            last = k == len(path) - 1
            if isinstance(node, str):
                parts.append(node)
            elif last:
                parts.append(point_name(node))
        end = ends[paths.index(path)]
        texts.append((head, end, "/".join(parts)))
    texts.sort(key=lambda t: (-t[0], -t[1]))
    out: list[str] = []
    i = 0
    while i < len(texts):
        j = i
        while j + 1 < len(texts) and texts[j + 1][2] == texts[i][2]:
            j += 1
        count = j - i + 1
        out.append(texts[i][2] + (f"({count})" if count > 1 else ""))
        i = j + 1
    return " ".join(out)
