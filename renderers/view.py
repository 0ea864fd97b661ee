"""What a board picture shows: the renderers' input, built from engine values and primitives.

A :class:`BoardView` holds a position in *seat order* (seat 0 is ``position.player``, seat 1 is
``position.opponent``, whoever is on roll), the two players' names and checker colours, the dice,
the cube, the score, the last play and, at a chouette, the roster.  The renderers draw it from
either seat's point of view; nothing here knows about chats or storage.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Literal

from engine import Points, Position, Step, format_points

if TYPE_CHECKING:
    from engine.chouette import Chouette
    from engine.game import Game

_LINE_BREAKS = re.compile("[\t\n\r\x0b\x0c\x1c-\x1f\x85\u2028\u2029]+")
_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\ufffe\uffff\ud800-\udfff]")


def printable(text: str) -> str:
    """``text`` as one line that XML and the fonts can hold: line breaks and tabs become a space;
    the other control characters (C0, DEL, C1), the non-characters U+FFFE and U+FFFF and lone
    surrogates are dropped.  Names come from chat platforms, which allow any of them.

    >>> printable("Ann\x00\ufffe\nBo")
    'Ann Bo'
    """
    if text.isprintable():  # the usual case: nothing to take out
        return text
    return _UNPRINTABLE.sub("", _LINE_BREAKS.sub(" ", text))


#: Which side of the picture holds the viewer's home board.
Orientation = Literal["right", "left"]

#: The words a board shows besides names and numbers; the app passes localised ones.
DEFAULT_LABELS: Mapping[str, str] = {
    "pips": "pips",
    "off": "off",
    "bar": "bar",
    "dice": "dice",
    "cube": "cube",
    "match": "Match to {length}",
    "money": "Money",
    "crawford": "Crawford",
    "post_crawford": "post-Crawford",
    "offered": "Double",
    "chouette": "Chouette",
    "box": "Box",
    "captain": "Captain",
    "team": "Team",
    "out": "out",
    "long_nardy": "Long nardy",
    "backgammon": "",
    "to_roll": "to roll",
    "opening": "opening roll",
}


class RenderError(ValueError):
    """A board view that cannot be drawn (inconsistent or out-of-range values)."""


@dataclass(frozen=True, slots=True)
class CubeView:
    """The doubling cube: its value, its owner seat (``None`` = centred), a pending offer.

    ``offered_by`` is the seat that has just doubled and waits for the answer; ``dead`` marks the
    Crawford game, where nobody may double.
    """

    value: int = 1
    owner: int | None = None
    offered_by: int | None = None
    dead: bool = False

    def __post_init__(self) -> None:
        if self.value < 1:
            raise RenderError(f"cube value must be positive, not {self.value}")
        for name, seat in (("owner", self.owner), ("offered_by", self.offered_by)):
            if seat not in (None, 0, 1):
                raise RenderError(f"cube {name} must be seat 0, 1 or None, not {seat!r}")


CENTRED_CUBE = CubeView()
"""The cube at the start of a game: value 1, in the middle."""


@dataclass(frozen=True, slots=True)
class MatchScore:
    """A match to ``length`` points: the score before this game and the Crawford state."""

    length: int
    score: tuple[Points, Points] = (0, 0)
    crawford: bool = False
    post_crawford: bool = False

    def __post_init__(self) -> None:
        if self.length < 1:
            raise RenderError(f"match length must be positive, not {self.length}")
        if self.crawford and self.post_crawford:
            raise RenderError("a game cannot be both the Crawford game and post-Crawford")


@dataclass(frozen=True, slots=True)
class MoneyScore:
    """A money session: each seat's running total in points (may be negative)."""

    totals: tuple[Points, Points] = (0, 0)


def caption_parts(view: BoardView, words: Mapping[str, str]) -> list[str]:
    """The board's caption, in parts: the game, chouette, match length with Crawford or
    post-Crawford, or money; ``words`` are the labels (``merged_labels``)."""
    parts: list[str] = []
    variant_label = words.get(view.variant, view.variant.replace("_", " "))
    if variant_label:
        parts.append(variant_label)
    if view.chouette is not None:
        parts.append(words["chouette"])
    score = view.score
    if isinstance(score, MatchScore):
        parts.append(words["match"].format(length=score.length))
        if score.crawford:
            parts.append(words["crawford"])
        elif score.post_crawford:
            parts.append(words["post_crawford"])
    elif isinstance(score, MoneyScore):
        parts.append(words["money"])
    return parts


def score_label(score: MatchScore | MoneyScore | None, seat: int) -> str | None:
    """A seat's score as the board shows it: ``3`` or ``2½`` in a match, ``+4``/``-1½``/``0``
    in a money session; ``None`` without a score."""
    if isinstance(score, MatchScore):
        return format_points(score.score[seat])
    if isinstance(score, MoneyScore):
        total = score.totals[seat]
        if not total:
            return "0"
        magnitude: Points = total if total > 0 else -total
        return ("+" if total > 0 else "-") + format_points(magnitude)
    return None


@dataclass(frozen=True, slots=True)
class LastPlay:
    """The last play made, by ``seat``, as single steps in that seat's own numbering."""

    seat: int
    steps: tuple[Step, ...]

    def __post_init__(self) -> None:
        if self.seat not in (0, 1):
            raise RenderError(f"last play seat must be 0 or 1, not {self.seat!r}")
        for step in self.steps:
            if not (1 <= step.frm <= 25 and 0 <= step.to <= 24):
                raise RenderError(f"step {step} is outside the board")


@dataclass(frozen=True, slots=True)
class ChouetteMember:
    """One team member at a chouette: name, still in the current game or not, running total."""

    name: str
    in_game: bool = True
    total: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", printable(self.name))


@dataclass(frozen=True, slots=True)
class ChouetteView:
    """The chouette roster: the box (playing seat ``box_seat``) against the team.

    ``team`` is in team order; ``captain`` indexes the member who moves the team's checkers.
    """

    box: str
    team: tuple[ChouetteMember, ...]
    captain: int = 0
    box_seat: int = 1
    box_total: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "box", printable(self.box))
        if self.box_seat not in (0, 1):
            raise RenderError(f"box seat must be 0 or 1, not {self.box_seat!r}")
        if self.team and not 0 <= self.captain < len(self.team):
            raise RenderError(f"captain index {self.captain} is not in a team of {len(self.team)}")


@dataclass(frozen=True, slots=True)
class BoardView:
    """Everything a board picture shows, in seat order.

    ``position.player`` are seat 0's checkers and ``position.opponent`` seat 1's, each in its own
    numbering; the variant is the position's class (its ``ruleset``).  ``turn`` is the seat on roll
    (``None`` before the opening roll or after the game), ``dice`` the roll of the seat on roll,
    ``opening`` each seat's opening die while the first roll is decided.  ``colors`` picks each
    seat's checker colour from the theme (0 = light checkers, 1 = dark).  ``cube`` ``None`` means
    the game has no cube.

    >>> view = BoardView.seated(Position.initial(), on_roll=1, names=("Ann", "Bo"), dice=(3, 1))
    >>> view.turn, view.names[view.turn]
    (1, 'Bo')
    """

    position: Position
    names: tuple[str, str] = ("", "")
    colors: tuple[int, int] = (0, 1)
    turn: int | None = None
    dice: tuple[int, int] | None = None
    opening: tuple[int | None, int | None] | None = None
    cube: CubeView | None = field(default_factory=CubeView)
    score: MatchScore | MoneyScore | None = None
    last_play: LastPlay | None = None
    chouette: ChouetteView | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "names", (printable(self.names[0]), printable(self.names[1])))
        if self.turn not in (None, 0, 1):
            raise RenderError(f"turn must be seat 0, 1 or None, not {self.turn!r}")
        if sorted(self.colors) != [0, 1]:
            raise RenderError(f"colors must give the seats different colours, not {self.colors}")
        dice = [*(self.dice or ()), *(d for d in self.opening or () if d is not None)]
        for die in dice:
            if not 1 <= die <= 6:
                raise RenderError(f"a die shows 1 to 6, not {die}")
        if self.dice is not None and self.turn is None:
            raise RenderError("dice are shown only for the seat on roll")

    @classmethod
    def seated(
        cls,
        position: Position,
        *,
        on_roll: int,
        names: tuple[str, str] = ("", ""),
        colors: tuple[int, int] = (0, 1),
        dice: tuple[int, int] | None = None,
        cube: CubeView | None = CENTRED_CUBE,
        score: MatchScore | MoneyScore | None = None,
        last_play: LastPlay | None = None,
        chouette: ChouetteView | None = None,
    ) -> BoardView:
        """A view of an engine position, which is seen from the player on roll: seat ``on_roll``.

        ``cube=None`` draws no cube (a game played without one).
        """
        if on_roll not in (0, 1):
            raise RenderError(f"on_roll must be seat 0 or 1, not {on_roll!r}")
        return cls(
            position=position if on_roll == 0 else position.swapped(),
            names=names,
            colors=colors,
            turn=on_roll,
            dice=dice,
            cube=cube,
            score=score,
            last_play=last_play,
            chouette=chouette,
        )

    @classmethod
    def from_game(
        cls,
        game: Game,
        *,
        names: tuple[str, str] = ("", ""),
        colors: tuple[int, int] = (0, 1),
        post_crawford: bool = False,
        chouette: ChouetteView | None = None,
    ) -> BoardView:
        """The view of an :class:`engine.game.Game` (players are seats 0 and 1).

        The board includes the steps of a play being built; the last play is that partial play
        while it is being built, else the last confirmed move.  In a match the Crawford game shows
        a dead cube; ``post_crawford`` comes from the match (a game alone does not know it).  In
        money play ``score`` is the session's running total before this game.
        """
        from engine.game import Phase

        cube: CubeView | None = None
        if game.cube_in_play:
            offered = game.phase is Phase.DOUBLED
            cube = CubeView(
                value=game.cube.next_value(game.options) if offered else game.cube.value,
                owner=game.cube.owner,
                offered_by=game.turn if offered else None,
            )
        elif game.crawford:
            cube = CubeView(dead=True)
        score: MatchScore | MoneyScore
        if game.match_length:
            score = MatchScore(
                game.match_length,
                game.score,
                crawford=game.crawford,
                post_crawford=post_crawford and not game.crawford,
            )
        else:
            score = MoneyScore(game.score)
        last: LastPlay | None = None
        if game.steps and game.turn is not None:
            last = LastPlay(game.turn, tuple(game.steps))
        else:
            last = _last_logged_play(game)
        turn = game.turn if game.phase is not Phase.OVER else None
        opening: tuple[int | None, int | None] | None = None
        if game.phase is Phase.ROLL and game.log and game.log[-1].action == "opening":
            first, second = game.log[-1].value[:2]
            opening = (int(first), int(second))
        return cls(
            position=game.board(0),
            names=names,
            colors=colors,
            turn=turn,
            dice=game.dice if game.phase is Phase.MOVE and turn is not None else None,
            opening=opening,
            cube=cube,
            score=score,
            last_play=last,
            chouette=chouette,
        )

    @classmethod
    def from_chouette(cls, chouette: Chouette, *, colors: tuple[int, int] = (0, 1)) -> BoardView:
        """The view of a chouette's current game: the box against the (acting) captain.

        The roster lists the team in order with who is still in the game, and everybody's
        running total in the session.
        """
        from engine.chouette import BOX

        current = chouette.current
        if current is None:
            raise RenderError("the chouette has no game to draw yet")
        balances = chouette.balances()
        members = tuple(
            ChouetteMember(m.name, in_game=m.playing, total=balances.get(m.name))
            for m in current.members
        )
        captain = next((i for i, m in enumerate(members) if m.name == current.captain), 0)
        roster = ChouetteView(
            box=current.box,
            team=members,
            captain=captain,
            box_seat=BOX,
            box_total=balances.get(current.box),
        )
        names = (current.box, current.captain) if BOX == 0 else (current.captain, current.box)
        view = cls.from_game(current.game, names=names, colors=colors, chouette=roster)
        # a chouette is money play; the session totals are shown per player in the roster
        return replace(view, score=None)

    # -- per-seat queries the renderers share -------------------------------------------------

    def side(self, seat: int) -> tuple[int, ...]:
        """Seat ``seat``'s 25 counts in its own numbering (index 24 = bar)."""
        return self.position.player if seat == 0 else self.position.opponent

    def pips(self, seat: int) -> int:
        """Seat ``seat``'s pip count."""
        return self.position.pips()[seat]

    def off(self, seat: int) -> int:
        """Checkers seat ``seat`` has borne off."""
        return self.position.off()[seat]

    @property
    def variant(self) -> str:
        """The ruleset's name (``"backgammon"``, ``"long_nardy"``...)."""
        return type(self.position).ruleset.name

    def viewer_for(self, viewer: int | None) -> int:
        """The seat to draw from: the one given, else the seat on roll, else seat 0."""
        if viewer is None:
            return self.turn if self.turn is not None else 0
        if viewer not in (0, 1):
            raise RenderError(f"viewer must be seat 0 or 1, not {viewer!r}")
        return viewer


_HIT = re.compile(r"(\d+)\*")


def _last_logged_play(game: Game) -> LastPlay | None:
    """The last confirmed move in the game's log, with its hits (marked ``*`` in notation)."""
    for entry in reversed(game.log):
        if entry.action != "move" or entry.player is None:
            continue
        notation, *flat = entry.value
        hit_points = {int(p) for p in _HIT.findall(str(notation))}
        steps: list[Step] = []
        for frm, to in zip(flat[::2], flat[1::2], strict=True):
            hit = int(to) in hit_points
            hit_points.discard(int(to))
            steps.append(Step(int(frm), int(to), hit))
        return LastPlay(entry.player, tuple(steps))
    return None


def home_side(
    game_number: int, home: Orientation = "right", *, swap_each_game: bool
) -> Orientation:
    """Where the viewer's home board goes in game ``game_number`` (1-based) of a session.

    With ``swap_each_game`` the side alternates from game to game (RULES.md 6).

    >>> [home_side(n, "right", swap_each_game=True) for n in (1, 2, 3)]
    ['right', 'left', 'right']
    """
    if not swap_each_game or game_number % 2 == 1:
        return home
    return "left" if home == "right" else "right"


def merged_labels(labels: Mapping[str, str] | None) -> Mapping[str, str]:
    """The default labels overridden by the given ones."""
    if not labels:
        return DEFAULT_LABELS
    return {**DEFAULT_LABELS, **labels}
