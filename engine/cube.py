"""The doubling cube and the table options that decide what a game is worth (RULES.md 1.6, 2, 2.1).

:class:`Options` are agreed before a session; :class:`CubeState` is the cube of one game (its value,
its owner, whether a double was accepted, how many automatic doubles were made).  Both are small
frozen values; the transitions return new values.  :func:`points` turns a finished game into points.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from engine.errors import EngineError
from engine.result import WinKind

GEOMETRIC = "geometric"
ARITHMETIC = "arithmetic"
_NEXT_GAME_STARTS = ("roll", "winner", "alternate")
_DRAW_POINTS = ("half", "one")


@dataclass(frozen=True, slots=True, kw_only=True)
class Options:
    """Table options (RULES.md 2.1), plus the switches a variant needs.

    ``cube`` False plays without a doubling cube at all; ``last_roll_draw`` gives the player who
    moved second one last roll when the first finishes (a draw if he finishes too);
    ``next_game_starts`` says who starts the next game of a series: an opening roll (``"roll"``),
    the last winner (``"winner"``) or the players in turn (``"alternate"``); ``draw_points`` is
    what each player scores for a drawn game: half a point (``"half"``) or one (``"one"``), as the
    tournament's regulations say.

    >>> Options(beaver=True).to_dict()
    {'beaver': True}
    """

    jacoby: bool = True
    auto_doubles: bool = False
    max_auto_doubles: int = 1
    beaver: bool = False
    backgammon_counts: int = 3
    cube_progression: str = GEOMETRIC
    gammons_with_cube: bool = True
    cube_limit: int = 64
    cube: bool = True
    last_roll_draw: bool = False
    next_game_starts: str = "roll"
    draw_points: str = "half"

    def __post_init__(self) -> None:
        for name in (
            "jacoby",
            "auto_doubles",
            "beaver",
            "gammons_with_cube",
            "cube",
            "last_roll_draw",
        ):
            if not isinstance(getattr(self, name), bool):
                raise EngineError(f"{name} must be true or false, not {getattr(self, name)!r}")
        if type(self.backgammon_counts) is not int or self.backgammon_counts not in (2, 3):
            raise EngineError(f"backgammon_counts must be 2 or 3, not {self.backgammon_counts!r}")
        if self.cube_progression not in (GEOMETRIC, ARITHMETIC):
            raise EngineError(
                f"cube_progression must be 'geometric' or 'arithmetic', "
                f"not {self.cube_progression!r}"
            )
        if type(self.cube_limit) is not int or self.cube_limit < 1:
            raise EngineError(f"cube_limit must be a positive number, not {self.cube_limit!r}")
        if type(self.max_auto_doubles) is not int or self.max_auto_doubles < 0:
            raise EngineError(
                f"max_auto_doubles must be zero or more, not {self.max_auto_doubles!r}"
            )
        if self.next_game_starts not in _NEXT_GAME_STARTS:
            raise EngineError(
                f"next_game_starts must be one of {', '.join(_NEXT_GAME_STARTS)}, "
                f"not {self.next_game_starts!r}"
            )
        if self.draw_points not in _DRAW_POINTS:
            raise EngineError(
                f"draw_points must be one of {', '.join(_DRAW_POINTS)}, not {self.draw_points!r}"
            )

    def for_match(self) -> Options:
        """The options in match play: automatic doubles, beavers and the Jacoby rule are off."""
        return replace(self, jacoby=False, auto_doubles=False, beaver=False)

    def to_dict(self) -> dict[str, Any]:
        """The options that differ from the defaults, as a JSON-able dict."""
        default = Options()
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if getattr(self, f.name) != getattr(default, f.name)
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Options:
        """Inverse of :meth:`to_dict`; unknown keys are an error."""
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise EngineError(f"unknown table options: {', '.join(sorted(unknown))}")
        return cls(**data)


@dataclass(frozen=True, slots=True)
class CubeState:
    """The cube of one game.

    ``value`` is the stake multiplier (1 with the cube in the centre showing 64); ``owner`` is the
    player who may redouble, ``None`` while the cube is in the centre; ``turned`` is True once a
    double was accepted (the Jacoby rule); ``auto_doubles`` counts automatic doubles this game.

    >>> cube = CubeState().taken(1, Options())
    >>> cube.value, cube.owner, cube.turned
    (2, 1, True)
    """

    value: int = 1
    owner: int | None = None
    turned: bool = False
    auto_doubles: int = 0

    @property
    def centred(self) -> bool:
        """True while the cube is in the middle (either player may double)."""
        return self.owner is None

    def next_value(self, options: Options) -> int:
        """The value after one more double: ×2, or +1 in arithmetic progression."""
        if options.cube_progression == ARITHMETIC:
            return self.value + 1
        return self.value * 2

    def may_double(self, player: int, options: Options) -> bool:
        """Whether the cube lets ``player`` double now (ownership and the limit; not the turn)."""
        return (
            options.cube
            and (self.owner is None or self.owner == player)
            and self.next_value(options) <= options.cube_limit
        )

    def taken(self, by: int, options: Options) -> CubeState:
        """The cube after ``by`` took a double: one step up, owned by the taker."""
        return replace(self, value=self.next_value(options), owner=by, turned=True)

    def beavered(self, by: int, options: Options) -> CubeState:
        """The cube after ``by`` beavered and the doubler accepted: two steps up, ``by`` owns it."""
        once = self.taken(by, options)
        return replace(once, value=once.next_value(options))

    def auto_doubled(self, options: Options) -> CubeState:
        """The cube after an automatic double: one step up, still in the centre."""
        return replace(self, value=self.next_value(options), auto_doubles=self.auto_doubles + 1)

    def may_auto_double(self, options: Options) -> bool:
        """Whether equal opening dice turn the cube now (option and its per-game limit)."""
        return (
            options.cube
            and options.auto_doubles
            and self.auto_doubles < options.max_auto_doubles
            and self.next_value(options) <= options.cube_limit
        )

    def to_dict(self) -> dict[str, Any]:
        """A compact JSON-able dict (defaults left out)."""
        out: dict[str, Any] = {}
        if self.value != 1:
            out["value"] = self.value
        if self.owner is not None:
            out["owner"] = self.owner
        if self.turned:
            out["turned"] = True
        if self.auto_doubles:
            out["auto"] = self.auto_doubles
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CubeState:
        """Inverse of :meth:`to_dict`."""
        owner = data.get("owner")
        if owner is not None and (type(owner) is not int or owner not in (0, 1)):
            raise EngineError(f"cube owner must be 0, 1 or absent, not {owner!r}")
        value = data.get("value", 1)
        if type(value) is not int or value < 1:
            raise EngineError(f"cube value must be a positive number, not {value!r}")
        turned = data.get("turned", False)
        auto = data.get("auto", 0)
        if type(turned) is not bool or type(auto) is not int or auto < 0:
            raise EngineError(f"corrupt cube {data!r}")
        return cls(value, owner, turned, auto)


def multiplier(kind: WinKind, cube: CubeState, options: Options, *, money: bool) -> int:
    """The result multiplier of RULES.md 1.6 after the table options.

    A backgammon counts ``options.backgammon_counts``; in money play with the Jacoby rule a gammon
    or backgammon counts single unless a double was accepted; with ``gammons_with_cube`` off they
    count single while the cube shows more than 1.
    """
    base = int(kind)
    if kind == WinKind.BACKGAMMON:
        base = options.backgammon_counts
    if kind == WinKind.SINGLE:
        return base
    if money and options.jacoby and not cube.turned:
        return 1
    if not options.gammons_with_cube and cube.value > 1:
        return 1
    return base


def points(kind: WinKind, cube: CubeState, options: Options, *, money: bool) -> int:
    """Points for a game won ``kind`` with this cube: the multiplier times the cube value.

    >>> points(WinKind.GAMMON, CubeState(4, 0, True), Options(), money=True)
    8
    >>> points(WinKind.GAMMON, CubeState(), Options(), money=True)
    1
    """
    return multiplier(kind, cube, options, money=money) * cube.value
