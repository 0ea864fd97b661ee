"""Standard backgammon notation: formatting plays and parsing what players type.

Formatting follows GNU Backgammon (``FormatMove`` in its ``drawboard.c``): the single steps are
ordered by starting point, highest first; a checker's consecutive steps are merged into one move
whose intermediate landing points are shown only where a blot was hit (``13/7``, ``24/18*/14``);
identical moves are counted (``8/5(2)``); a hit is marked once, on the first move that lands on
the point (``13/7*``).

:func:`parse_play` reads what players type (``24/18 13/11``, ``24-18 13-11``, ``24 18 13 11``,
``bar/22``, ``b/22``, ``25/22``, ``6/off``, ``6/0``, ``8/5(2)``, ``13/7``, ``24/18*/14``, FIBS's
``move 13-11 13-8`` and ``m 13-11 13-8``...) and returns the legal play the text denotes, or raises
an error whose message says why the text is not one.  It reads GNU Backgammon's convention: since
gnubg shows every intermediate point where a blot was hit, a merged move such as ``13/7`` that
could go through either intermediate point, hitting on one path and not on the other, means the
path that does not hit (``13/9*/7`` is the other).  So every play's own
:meth:`~engine.movegen.Play.notation` and every play GNU Backgammon prints read back as that play.
With ``strict=True`` it never chooses between two results and raises
:class:`~engine.errors.AmbiguousPlay` instead; :func:`format_play` writes the form that reads back
the same even then, showing the intermediate point where it matters (``13/11/7``).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import pairwise

from engine.errors import AmbiguousPlay, EngineError, IllegalPlay, InvalidNotation
from engine.movegen import legal_plays
from engine.position import Position
from engine.rules import Ruleset
from engine.steps import BAR, OFF, Play, Step, chains_of, render_chains, spelled_out
from engine.steps import format_steps as format_steps
from engine.steps import point_name as point_name

_EXAMPLE = "24/18 13/11"
_COMMAND_WORDS = frozenset({"move", "m"})  # FIBS: "move 13-11 13-8", "m 13-11 13-8"
_NO_MOVE_WORDS = frozenset({"no move", "nomove", "pass", "none", "no play"})
_BAR_WORDS = frozenset({"bar", "b", "бар", "б", "25"})
_OFF_WORDS = frozenset({"off", "o", "0", "выброс", "выкид", "викид"})
# Dashes, arrows (``->``, ``=>``, ``→``) and other slashes all separate the points of a move.
_SEPARATOR = re.compile(r"[-–—−‐‑‒―=]*>|[-–—−‐‑‒―→⟶➔➜➝⇒\\／]")
_NODE = re.compile(r"^([^*]+)(\*?)$")
_COUNT = re.compile(r"^(.*?)(?:\((\d+)\)|[x×](\d+))$")


def _point_phrase(point: int) -> str:
    return "the bar" if point == BAR else f"the {point} point"


def dice_text(dice: Sequence[int]) -> str:
    """A roll as players write it: the higher die first (``6-3``, GNU Backgammon's ``63``)."""
    return f"{max(dice[0], dice[1])}-{min(dice[0], dice[1])}"


# -- formatting -------------------------------------------------------------------------------


def format_play(
    position: Position,
    dice: Iterable[int],
    play: Play,
    *,
    plays: Sequence[Play] | None = None,
) -> str:
    """The notation of a legal ``play`` that :func:`parse_play` reads back as the same play.

    It is GNU Backgammon's notation (:func:`format_steps`) unless that text is ambiguous in
    this position -- ``13/7`` with 4-2 when the path through 9 would hit and the one through
    11 does not -- and then the merged moves show their intermediate points (``13/11/7``).
    ``plays`` may pass ``legal_plays(position, dice)`` when the caller has it already.
    """
    roll = _dice(dice)
    legal = list(plays) if plays is not None else legal_plays(position, roll)
    chains, hits = chains_of(play.steps)
    text = render_chains(chains, hits)
    target = _play_key(play)
    merged = [i for i, chain in enumerate(chains) if len(chain.full) > len(chain.shown)]
    expanded: list[int] = []
    for index in [-1, *merged]:
        if index >= 0:
            expanded.append(index)
            text = render_chains(chains, hits, expanded)
        try:
            found = _resolve(position, roll, text, legal, strict=True)
        except AmbiguousPlay:
            continue
        except IllegalPlay:
            # Not a legal play in this position: GNU Backgammon's text is all there is to say.
            return render_chains(chains, hits)
        if _play_key(found) == target:
            return text
    return render_chains(chains, hits, range(len(chains)))


# -- parsing: syntax --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Move:
    """One typed move: the points written (start, any intermediate points, end), the points
    marked with ``*``, and how many checkers make it."""

    nodes: tuple[int, ...]
    stars: frozenset[int]
    count: int

    def text(self) -> str:
        parts = [point_name(n) + ("*" if n in self.stars else "") for n in self.nodes]
        return "/".join(parts) + (f"({self.count})" if self.count > 1 else "")


def _syntax_error(text: str, why: str) -> InvalidNotation:
    return InvalidNotation(
        f"cannot read {text!r} as a play: {why}; write moves like {_EXAMPLE} "
        "(also bar/22, 6/off, 8/5(2), 24/18*/14)",
        code="syntax",
        params={"text": text, "reason": why, "example": _EXAMPLE},
    )


def _normalise(text: str) -> str:
    s = _SEPARATOR.sub("/", text.strip().lower())
    s = s.replace(",", " ").replace(";", " ").rstrip(".!")
    s = re.sub(r"\s*/\s*", "/", s)
    s = re.sub(r"\s+\*", "*", s)
    s = re.sub(r"\s*\(\s*(\d+)\s*\)", r"(\1)", s)
    return " ".join(s.split())


def _node(token: str, text: str) -> tuple[int, bool]:
    if not token:
        raise _syntax_error(text, "a point is missing before or after a slash")
    match = _NODE.match(token)
    if match is None:
        raise _syntax_error(text, f"{token!r} is not a point")
    word, star = match.group(1), bool(match.group(2))
    if word in _BAR_WORDS:
        return BAR, star
    if word in _OFF_WORDS:
        return OFF, star
    if not word.isdigit() or not word.isascii():
        raise _syntax_error(text, f"{word!r} is not a point")
    value = int(word)
    if not 1 <= value <= 24:
        raise _syntax_error(text, f"there is no point {value} (points are 1-24, bar, off)")
    return value, star


def _split_count(token: str, text: str) -> tuple[str, int]:
    match = _COUNT.match(token)
    if match is None:
        return token, 1
    count = int(match.group(2) or match.group(3))
    if not 1 <= count <= 4:
        raise _syntax_error(text, f"a move can be repeated 1 to 4 times, not {count}")
    return match.group(1), count


def _make_move(parts: Sequence[str], count: int, text: str) -> _Move:
    nodes: list[int] = []
    stars: set[int] = set()
    for part in parts:
        value, star = _node(part, text)
        nodes.append(value)
        if star:
            if value in (BAR, OFF):
                raise _syntax_error(text, f"a hit is marked on a point, not on {part}")
            stars.add(value)
    if len(nodes) < 2:
        raise _syntax_error(text, f"{'/'.join(parts)!r} needs a start and an end point")
    for k, value in enumerate(nodes):
        if value == BAR and k > 0:
            raise _syntax_error(text, "a move can start on the bar but not go there")
        if value == OFF and k < len(nodes) - 1:
            raise _syntax_error(text, "a move can end off the board but not start or pass there")
    move = _Move(tuple(nodes), frozenset(stars), count)
    for a, b in pairwise(nodes):
        if b >= a:
            raise IllegalPlay(
                f"checkers move from higher points to lower ones: {move.text()} goes backwards",
                code="backwards",
                params={"move": move.text()},
            )
    return move


def _parse_moves(text: str) -> list[_Move] | None:
    """The typed moves of ``text``, or None for an explicit "no move"."""
    if not isinstance(text, str):
        raise _syntax_error(repr(text), "a play is a text")
    s = _normalise(text)
    head, _, rest = s.partition(" ")
    if head in _COMMAND_WORDS:
        if not rest:
            raise _syntax_error(text, f"{head!r} needs the moves after it")
        s = rest
    if s in _NO_MOVE_WORDS:
        return None
    if not s:
        raise _syntax_error(text, "the text is empty")
    tokens = s.split(" ")
    moves: list[_Move] = []
    if any("/" in token for token in tokens):
        for token in tokens:
            if "/" not in token:
                raise _syntax_error(text, f"{token!r} is not a move like 24/18")
            body, count = _split_count(token, text)
            moves.append(_make_move(body.split("/"), count, text))
        return moves
    # Points in pairs: "24 18 13 11".
    if len(tokens) % 2:
        raise _syntax_error(text, "points without slashes must come in pairs (24 18 13 11)")
    for k in range(0, len(tokens), 2):
        second, count = _split_count(tokens[k + 1], text)
        moves.append(_make_move((tokens[k], second), count, text))
    return moves


# -- parsing: rules ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Reason:
    code: str
    message: str
    params: dict[str, object] = field(default_factory=dict)


_Board = tuple[list[int], list[int]]
_Seq = tuple[tuple[int, int, int], ...]  # (frm, to, die) single steps


def _board(position: Position) -> _Board:
    """``me[0]`` off, ``me[1..24]``, ``me[25]`` bar; ``opp[p]`` the opponent on our point ``p``,
    ``opp[0]`` the opponent's bar."""
    me = [15 - sum(position.player), *position.player]
    opp = [0] * 26
    pmap = position.ruleset.point_map
    for q in range(1, 25):
        opp[pmap[q]] += position.opponent[q - 1]
    opp[0] = position.opponent[24]
    return me, opp


def _move_checker(me: list[int], opp: list[int], frm: int, to: int, rules: Ruleset) -> bool:
    me[frm] -= 1
    me[to] += 1
    if to != OFF and rules.hits and opp[to] == 1:
        opp[to] = 0
        opp[0] += 1
        return True
    return False


_Key = bytes
_NO_CHANGE = bytes([8] * 26)


def _key(moves: Iterable[tuple[int, int]], hits: Iterable[int]) -> _Key:
    """What a play changes, which identifies its result in a given position: the net change of
    the mover's checkers on each point (offset by 8) and the points where an opposing blot was
    hit (a blot is hit exactly when some step lands on it, whatever the order of the steps)."""
    delta = bytearray(_NO_CHANGE)
    for frm, to in moves:
        delta[frm] -= 1
        delta[to] += 1
    return bytes(delta) + bytes(sorted(hits))


def _play_key(play: Play) -> _Key:
    """:func:`_key` of a play whose steps carry their hits."""
    delta = bytearray(_NO_CHANGE)
    hits: list[int] = []
    for frm, to, hit in play.steps:
        delta[frm] -= 1
        delta[to] += 1
        if hit:
            hits.append(to)
    if hits:
        delta.extend(sorted(hits))
    return bytes(delta)


# The last index built by _legal_index: formatting or parsing many plays of one turn reuses it.
_last_index: tuple[tuple[Play, ...], dict[_Key, Play]] | None = None


def _legal_index(legal: Sequence[Play]) -> dict[_Key, Play]:
    """The legal plays by :func:`_key` of their result (memoised for the last list seen; a
    play's key depends on its steps only, so equal lists share an index)."""
    global _last_index
    snapshot = tuple(legal)
    cached = _last_index
    if cached is not None and cached[0] == snapshot:
        return cached[1]
    index = {_play_key(play): play for play in snapshot}
    _last_index = (snapshot, index)
    return index


def _check_step(
    start: list[int],
    me: list[int],
    opp: list[int],
    frm: int,
    to: int,
    die: int,
    rules: Ruleset,
    path: Sequence[tuple[int, int, bool]],
) -> _Reason | None:
    """Why the single step ``frm -> to`` with ``die`` is not allowed now, or None."""
    if frm == BAR and not me[BAR]:
        return _Reason("no_checker", "you have no checker on the bar", {"point": BAR})
    if frm != BAR and me[BAR]:
        return _Reason(
            "bar_first",
            f"enter from the bar first: you have {me[BAR]} checker{'s' * (me[BAR] > 1)} there",
            {"count": me[BAR]},
        )
    if not me[frm]:
        if start[frm]:
            return _Reason(
                "no_checker",
                f"you have only {start[frm]} checker{'s' * (start[frm] > 1)} on the {frm} point",
                {"point": frm, "count": start[frm]},
            )
        whose = " of yours" if opp[frm] else ""
        return _Reason(
            "no_checker", f"no checker{whose} on the {frm} point", {"point": frm, "count": 0}
        )
    if to != OFF and opp[to] >= rules.block:
        where = f"the {to} point is {'closed' if rules.hits else 'occupied by the opponent'}"
        if frm == BAR:
            where += f": you cannot enter with the {die}"
        return _Reason("point_closed", where, {"point": to, "die": die})
    if to == OFF:
        if any(me[7:26]):
            return _Reason(
                "bear_off_not_home",
                "you cannot bear off while a checker is outside your home board",
            )
        if die > frm and any(me[frm + 1 : 7]):
            return _Reason(
                "bear_off_higher",
                f"you cannot bear off from the {frm} point with the {die} while a checker "
                "stands on a higher point: the die must move that checker",
                {"point": frm, "die": die},
            )
    hook = rules.step_allowed
    if hook is not None and not hook(me, opp, frm, to, path):
        explain = rules.step_refusal
        refusal = None if explain is None else explain(me, opp, frm, to, path)
        if refusal is not None:
            code, message, params = refusal
            return _Reason(code, message, dict(params))
        move = f"{point_name(frm)}/{point_name(to)}"
        return _Reason(
            "rule",
            f"the rules of {rules.name} do not allow {move} here",
            {"move": move, "rules": rules.name},
        )
    return None


def _splits(frm: int, to: int, dice: tuple[int, int]) -> list[tuple[int, ...]]:
    """The dice sequences that move one checker from ``frm`` to ``to`` (any intermediate point
    is a landing; a bear-off may use a larger die on its last step)."""
    distance = frm - to
    out: list[tuple[int, ...]] = []
    if dice[0] == dice[1]:
        die = dice[0]
        for k in range(1, 5):
            if (k - 1) * die < distance and (
                k * die == distance or (to == OFF and k * die > distance)
            ):
                out.append((die,) * k)
        return out
    for die in sorted(set(dice), reverse=True):
        if die == distance or (to == OFF and die > distance):
            out.append((die,))
    for a, b in ((dice[0], dice[1]), (dice[1], dice[0])):
        if a < distance and (a + b == distance or (to == OFF and a + b > distance)):
            out.append((a, b))
    return out


def _steps_of(frm: int, dice: Sequence[int]) -> list[tuple[int, int, int]]:
    out: list[tuple[int, int, int]] = []
    point = frm
    for die in dice:
        nxt = max(point - die, OFF)
        out.append((point, nxt, die))
        point = nxt
    return out


def _assignments(
    segments: Sequence[tuple[int, int]], dice: tuple[int, int]
) -> Iterator[list[tuple[int, ...]]]:
    """Every choice of a dice sequence for each segment that the roll can pay for."""
    pool = Counter(dice if dice[0] != dice[1] else (dice[0],) * 4)
    options = [_splits(frm, to, dice) for frm, to in segments]
    chosen: list[tuple[int, ...]] = []

    def walk(k: int) -> Iterator[list[tuple[int, ...]]]:
        if k == len(segments):
            yield list(chosen)
            return
        for option in options[k]:
            need = Counter(option)
            if all(pool[d] >= n for d, n in need.items()):
                pool.subtract(need)
                chosen.append(option)
                yield from walk(k + 1)
                chosen.pop()
                pool.update(need)

    yield from walk(0)


def _interleavings(groups: Sequence[Sequence[tuple[int, int, int]]]) -> Iterator[_Seq]:
    """Every order of the steps that keeps each checker's own steps in order; the groups'
    concatenation first."""
    index = [0] * len(groups)
    total = sum(len(g) for g in groups)
    out: list[tuple[int, int, int]] = []

    def walk() -> Iterator[_Seq]:
        if len(out) == total:
            yield tuple(out)
            return
        for g, group in enumerate(groups):
            if index[g] < len(group):
                out.append(group[index[g]])
                index[g] += 1
                yield from walk()
                index[g] -= 1
                out.pop()

    yield from walk()


@dataclass(slots=True)
class _Outcome:
    """A candidate step sequence that passed every single-step check."""

    seq: _Seq
    hits: frozenset[int]
    key: _Key


def _simulate(
    board: _Board, seq: _Seq, rules: Ruleset
) -> tuple[int, _Reason | None, frozenset[int]]:
    start, opp0 = board
    me, opp = list(start), list(opp0)
    hits: set[int] = set()
    path: list[tuple[int, int, bool]] = []
    for depth, (frm, to, die) in enumerate(seq):
        reason = _check_step(start, me, opp, frm, to, die, rules, path)
        if reason is not None:
            return depth, reason, frozenset(hits)
        hit = _move_checker(me, opp, frm, to, rules)
        if hit:
            hits.add(to)
        path.append((frm, to, hit))
    return len(seq), None, frozenset(hits)


def _moves_text(moves: Sequence[_Move]) -> str:
    return " ".join(move.text() for move in moves)


def _check_sources(board: _Board, segments: Sequence[tuple[int, int]]) -> None:
    """What the typed moves (each checker's start and end) ask for that no dice could give,
    said before the dice are looked at: a checker from an empty bar; a bearing off while more
    checkers stand outside the home board than the play itself brings home."""
    me, _ = board
    if any(frm == BAR for frm, _ in segments) and not me[BAR]:
        raise IllegalPlay(
            "you have no checker on the bar", code="no_checker", params={"point": BAR}
        )
    if any(to == OFF for _, to in segments):
        outside = sum(me[7:26])
        brought_in = sum(1 for frm, to in segments if frm > 6 and to <= 6)
        if outside > brought_in:
            raise IllegalPlay(
                "you cannot bear off while a checker is outside your home board",
                code="bear_off_not_home",
            )


def _distance_error(frm: int, to: int, dice: tuple[int, int]) -> IllegalPlay:
    distance = frm - to
    move = f"{point_name(frm)}/{point_name(to)}"
    roll = dice_text(dice)
    if to != OFF and distance <= 6 and distance not in dice:
        return IllegalPlay(
            f"you rolled {roll}: there is no {distance} to play",
            code="no_such_die",
            params={"dice": roll, "die": distance, "move": move},
        )
    return IllegalPlay(
        f"you rolled {roll}: no die or sum of the dice moves {move} ({distance} pips)",
        code="bad_distance",
        params={"dice": roll, "move": move, "pips": distance},
    )


def _too_many_dice(
    segments: Sequence[tuple[int, int]], moves: Sequence[_Move], dice: tuple[int, int]
) -> IllegalPlay:
    roll = dice_text(dice)
    text = _moves_text(moves)
    if dice[0] != dice[1]:
        singles = [_splits(f, t, dice) for f, t in segments]
        if all(len(o) == 1 and len(o[0]) == 1 for o in singles):
            counts = Counter(o[0][0] for o in singles)
            for die, n in counts.items():
                if n > 1:
                    return IllegalPlay(
                        f"you rolled {roll}: there is only one {die} ({text} needs {n})",
                        code="too_many_dice",
                        params={"dice": roll, "die": die, "moves": text},
                    )
    limit = "two dice" if dice[0] != dice[1] else f"four {dice[0]}s"
    return IllegalPlay(
        f"you rolled {roll}: {text} needs more than {limit}",
        code="too_many_dice",
        params={"dice": roll, "moves": text},
    )


def _closed_reason(reasons: Sequence[_Reason]) -> _Reason:
    """One reason for several failed candidates: blocked points are listed together."""
    first = reasons[0]
    if first.code != "point_closed" or not all(r.code == "point_closed" for r in reasons):
        return first
    points = sorted({int(str(r.params["point"])) for r in reasons})
    if len(points) == 1:
        return first
    names = ", ".join(str(p) for p in points[:-1]) + f" and {points[-1]}"
    return _Reason("point_closed", f"the {names} points are closed", {"points": points})


def _contains(play: Play, seq: _Seq) -> bool:
    have = Counter((s.frm, s.to) for s in play.steps)
    need = Counter((frm, to) for frm, to, _ in seq)
    return all(have[m] >= n for m, n in need.items())


def _example(position: Position, dice: tuple[int, int], legal: Sequence[Play], seq: _Seq) -> str:
    """A legal play to suggest: one that makes the typed steps if any does (the first by its
    notation, so the suggestion does not depend on the order of ``legal``)."""
    fitting = [p for p in legal if _contains(p, seq)] or list(legal)
    play = min(fitting, key=lambda p: format_steps(p.steps))
    return format_play(position, dice, play, plays=legal)


def _usage_error(
    position: Position, dice: tuple[int, int], legal: Sequence[Play], seq: _Seq
) -> IllegalPlay:
    roll = dice_text(dice)
    used = len(seq)
    if not legal:
        return IllegalPlay(
            f"no play is possible with {roll}", code="no_play", params={"dice": roll}
        )
    most = len(legal[0].steps)
    example = _example(position, dice, legal, seq)
    params: dict[str, object] = {"dice": roll, "example": example}
    if used < most:
        if dice[0] == dice[1]:
            params.update(die=dice[0], count=most)
            return IllegalPlay(
                f"you must play as many of the {dice[0]}s as possible ({most}): "
                f"{example} is possible",
                code="max_dice",
                params=params,
            )
        return IllegalPlay(
            f"you must play both dice: {example} is possible", code="must_use_both", params=params
        )
    if dice[0] != dice[1] and most == 1:
        params["die"] = max(dice)
        return IllegalPlay(
            f"with {roll} you must play the {max(dice)} when only one die can be played: "
            f"{example} is possible",
            code="higher_die",
            params=params,
        )
    return IllegalPlay(
        f"that is not a legal play with {roll}: {example} is possible",
        code="illegal",
        params=params,
    )


def _resolve(
    position: Position,
    dice: tuple[int, int],
    text: str,
    legal: Sequence[Play],
    *,
    strict: bool = False,
) -> Play:
    """The legal play ``text`` denotes (see :func:`parse_play`)."""
    moves = _parse_moves(text)
    roll = dice_text(dice)
    if moves is None:
        if not legal:
            return Play(())
        example = _example(position, dice, legal, ())
        raise IllegalPlay(
            f"you must move: {example} is possible",
            code="must_move",
            params={"dice": roll, "example": example},
        )
    rules = position.ruleset
    board = _board(position)
    stars = frozenset().union(*(move.stars for move in moves))
    if stars and not rules.hits:
        raise IllegalPlay(
            f"there is no hitting in {rules.name}", code="no_hitting", params={"rules": rules.name}
        )
    copies = [move for move in moves for _ in range(move.count)]
    segments = [(a, b) for move in copies for a, b in pairwise(move.nodes)]
    _check_sources(board, [(move.nodes[0], move.nodes[-1]) for move in copies])
    for frm, to in segments:
        if not _splits(frm, to, dice):
            raise _distance_error(frm, to, dice)
    if len(segments) > (2 if dice[0] != dice[1] else 4):
        raise _too_many_dice(segments, moves, dice)
    legal_by_key = _legal_index(legal)

    # Checkers listed from the bar and the highest point down, as they are usually played.
    order = sorted(range(len(copies)), key=lambda k: -copies[k].nodes[0])
    seen: set[_Seq] = set()
    complete: list[_Outcome] = []
    best_depth = -1
    failures: list[_Reason] = []
    any_assignment = False
    for assignment in _assignments(segments, dice):
        any_assignment = True
        groups: list[list[tuple[int, int, int]]] = []
        k = 0
        for move in copies:
            group: list[tuple[int, int, int]] = []
            for frm in move.nodes[:-1]:
                group.extend(_steps_of(frm, assignment[k]))
                k += 1
            groups.append(group)
        # The result does not depend on the order of the steps: one legal order is enough.
        for seq in _interleavings([groups[k] for k in order]):
            if seq in seen:
                continue
            seen.add(seq)
            depth, reason, hits = _simulate(board, seq, rules)
            if reason is None:
                key = _key(((frm, to) for frm, to, _ in seq), hits)
                complete.append(_Outcome(seq, hits, key))
                break
            if depth > best_depth:
                best_depth, failures = depth, [reason]
            elif depth == best_depth:
                failures.append(reason)
    if not any_assignment:
        raise _too_many_dice(segments, moves, dice)

    matches: dict[bytes, Play] = {}
    for outcome in complete:
        if stars <= outcome.hits and outcome.key in legal_by_key:
            matches[outcome.key] = legal_by_key[outcome.key]
    if len(matches) > 1 and not strict:
        # GNU Backgammon's convention: a hidden intermediate point is never a point where a blot
        # was hit, so the text means the play gnubg would write with the same points shown.
        typed = _shape_of_moves(copies)
        same = {k: p for k, p in matches.items() if _shape_of_play(p) == typed}
        if len(same) == 1:
            matches = same
    if len(matches) == 1:
        return next(iter(matches.values()))
    if matches:
        options = [spelled_out(p.steps) for p in matches.values()]
        listed = ", ".join(options[:-1]) + f" or {options[-1]}"
        raise AmbiguousPlay(
            f"{_moves_text(moves)} can be played as {listed}: write the one you mean",
            code="ambiguous",
            params={"text": _moves_text(moves), "options": options},
        )
    marked_wrong = [o for o in complete if o.key in legal_by_key]
    if marked_wrong:
        missing = sorted(stars - marked_wrong[0].hits)
        point = missing[0]
        raise IllegalPlay(
            f"{_moves_text(moves)} does not hit on the {point} point: "
            "there is no opposing blot there to hit",
            code="no_blot",
            params={"point": point, "moves": _moves_text(moves)},
        )
    if complete:
        unmarked = [o for o in complete if stars <= o.hits] or complete
        outcome = max(unmarked, key=lambda o: len(o.seq))
        raise _usage_error(position, dice, legal, outcome.seq)
    reason = _closed_reason(failures)
    raise IllegalPlay(reason.message, code=reason.code, params=dict(reason.params))


def _shape_of_moves(moves: Sequence[_Move]) -> Counter[tuple[int, ...]]:
    """The points shown in each of the typed moves (one entry per checker)."""
    return Counter(move.nodes for move in moves)


def _shape_of_play(play: Play) -> Counter[tuple[int, ...]]:
    """The points GNU Backgammon shows in each move of ``play`` (one entry per checker)."""
    chains, _ = chains_of(play.steps)
    return Counter(tuple(chain.shown) for chain in chains for _ in range(chain.count))


def _dice(dice: Iterable[int]) -> tuple[int, int]:
    values = tuple(dice)
    if len(values) != 2 or not all(isinstance(d, int) and 1 <= d <= 6 for d in values):
        raise EngineError(f"dice must be two numbers from 1 to 6, not {values!r}", code="dice")
    return values[0], values[1]


def written_steps(text: str, dice: Iterable[int]) -> tuple[Step, ...] | None:
    """The single steps ``text`` writes out, in its order, when it names every point a checker
    lands on with ``dice`` (``13/10 10/6`` or ``13/10/6`` with 4-3), so that a record keeps the
    path the player wrote; ``None`` when it leaves a point out (``13/6``), says "no move", or is
    no play at all.  Which play it is, and whether it is legal, is :func:`parse_play`'s to say.
    """
    roll = _dice(dice)
    try:
        moves = _parse_moves(text)
    except EngineError:
        return None
    if not moves:
        return None
    steps: list[Step] = []
    for move in moves:
        for _ in range(move.count):
            for frm, to in pairwise(move.nodes):
                if not any(len(split) == 1 for split in _splits(frm, to, roll)):
                    return None
                steps.append(Step(frm, to))
    return tuple(steps)


def parse_play(
    position: Position,
    dice: Iterable[int],
    text: str,
    *,
    plays: Sequence[Play] | None = None,
    strict: bool = False,
) -> Play:
    """The legal play that ``text`` denotes in ``position`` with ``dice``.

    Accepts ``24/18 13/11``, ``24-18 13-11``, ``24 18 13 11``, ``bar/22`` (``b/22``, ``25/22``,
    ``бар/22``), ``6/off`` (``6/0``), ``8/5(2)``, ``13/7`` (one checker using both dice),
    ``24/18*/14``, with or without ``*``, in any case, with extra spaces or commas and with
    dashes or arrows for the slash, after FIBS's command word or not (``move 13-11 13-8``,
    ``m 13-11 13-8``); ``no move`` (or ``pass``) when nothing can be played.
    Returns the element of ``legal_plays(position, dice)`` with the same result (``plays`` may
    pass that list when the caller has it already).

    A ``*`` says the move hits on that point (a text whose marks no legal play has is refused).
    An intermediate point left out is, as GNU Backgammon writes plays, a point where nothing was
    hit: ``13/7`` with 4-2 when the path through 9 hits a blot and the one through 11 does not is
    the quiet path, and ``13/9*/7`` (or ``13/9/7``) the hitting one.  With ``strict=True`` a
    missing ``*`` says nothing, and such a text raises :class:`~engine.errors.AmbiguousPlay`.

    Raises :class:`~engine.errors.InvalidNotation` (code ``syntax``) when the text is not a play
    at all, :class:`~engine.errors.AmbiguousPlay` (``ambiguous``, ``params["options"]``) when it
    denotes several legal plays with different results, and otherwise
    :class:`~engine.errors.IllegalPlay` saying why the rules forbid it, with ``code`` one of
    ``point_closed``, ``bar_first``, ``no_checker``, ``no_such_die``, ``bad_distance``,
    ``too_many_dice``, ``backwards``, ``bear_off_not_home``, ``bear_off_higher``, ``no_blot``,
    ``no_hitting``, ``must_move``, ``must_use_both``, ``higher_die``, ``max_dice``, ``rule``,
    ``no_play`` or ``illegal``; ``params`` holds the values named in the message.  A step the
    variant's hook refuses is explained by its ``step_refusal`` when it has one (long nardy:
    ``head_rule``, ``six_prime``), else by the generic ``rule``.

    >>> parse_play(Position.initial(), (6, 1), "13-7 8-7")
    Play(steps=(Step(frm=13, to=7, hit=False), Step(frm=8, to=7, hit=False)))
    >>> parse_play(Position.initial(), (6, 1), "24/18")
    Traceback (most recent call last):
    ...
    engine.errors.IllegalPlay: you must play both dice: 24/18 6/5 is possible
    """
    roll = _dice(dice)
    legal = list(plays) if plays is not None else legal_plays(position, roll)
    return _resolve(position, roll, text, legal, strict=strict)
