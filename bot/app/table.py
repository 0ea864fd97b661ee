"""A table's stored state: who sits where, what is played, the table's settings.

A :class:`Table` is a frozen value; the app loads it from the store, computes a new one and writes
it back with compare-and-set.  ``version`` counts the changes players see (it is what buttons carry
to detect stale presses) and is separate from the store's record version, so bookkeeping writes
(e.g. remembering which message shows the board) do not make the buttons stale.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from typing import Any, Literal, TypeVar

from bot.app.dice import GameDice
from bot.store.codec import JsonCodec
from engine import fairdice
from engine.chouette import Chouette
from engine.errors import EngineError
from engine.game import Points, points_from_json, points_to_json
from engine.match import Match

Mode = Literal["match", "money", "chouette"]
Stage = Literal["lobby", "play", "over"]

SCHEMA = 2
"""The table encoding's schema version.

2: the match and the chouette are saved compact (:func:`match_data`, :func:`chouette_data`: the
engine's schema-2 states, with compact game logs, a match's finished games packed and a chouette's
past payments folded).  1: the engine's schema-1 states, with every game and payment in full;
read, and written back in the new form.
"""


def _upgrade_1(data: Any) -> Any:
    """A schema-1 table as schema 2: its match and chouette made compact.  A state the engine
    cannot read is left as it is (:meth:`Table.from_dict` then refuses it)."""
    if not isinstance(data, dict):
        raise ValueError("table record is not an object")
    out = dict(data)
    try:
        if isinstance(data.get("match"), dict):
            out["match"] = match_data(Match.from_dict(data["match"]))
        if isinstance(data.get("chouette"), dict):
            out["chouette"] = chouette_data(Chouette.from_dict(data["chouette"]))
    except EngineError:
        return data
    return out


CODEC = JsonCodec(schema=SCHEMA, upgrades={1: _upgrade_1})

CACHE_SIZE = 1024
"""How many decoded records one process remembers, newest first.

The memo is of a pure function of immutable values (the stored bytes): a table loaded again in the
same process, as happens on every update of a game in progress, skips JSON decoding, the engine's
validation of the match and the legal plays already computed for its position (the decoded table
holds the engine's :class:`Match` itself).  Nothing in it is ever the source of truth.  As many as
the app remembers records of (``RECORD_CACHE``): with more tables in play at once than the memo
holds, every update decoded and validated its table again (a quarter less throughput at 300
tables).
"""

_DECODED: OrderedDict[bytes, Table] = OrderedDict()


COMPUTER = "computer"
"""The platform part of the computer's user reference (``computer:strong``): no chat platform
has that name, so no person's reference is ever one."""


def computer_level(user: str) -> str | None:
    """The level of the computer whose user reference is ``user``; ``None`` for a person."""
    platform, _, level = user.partition(":")
    level = level.partition(".")[0]  # ``computer:strong.2``: a tournament's second computer
    return level if platform == COMPUTER and level else None


def _remember(payload: bytes, table: Table) -> None:
    _DECODED[payload] = table
    _DECODED.move_to_end(payload)
    while len(_DECODED) > CACHE_SIZE:
        _DECODED.popitem(last=False)


def match_data(match: Match) -> dict[str, Any]:
    """The saved form of ``match``: its finished games but the last packed
    (:meth:`Match.archived`), as ``to_dict()``."""
    return match.archived().to_dict()


def chouette_data(chouette: Chouette) -> dict[str, Any]:
    """The saved form of a chouette session: without the payments and events of its past games
    (:meth:`Chouette.compacted`: the balances carry them), as ``to_dict()``."""
    return chouette.compacted().to_dict()


@dataclass(frozen=True)
class Seat:
    """A player at the table: user reference (``platform:id``) and the name shown."""

    user: str
    name: str

    @property
    def computer(self) -> bool:
        """Whether the computer plays this seat."""
        return computer_level(self.user) is not None

    def to_list(self) -> list[str]:
        return [self.user, self.name]

    @classmethod
    def from_list(cls, data: list[str]) -> Seat:
        return cls(str(data[0]), str(data[1]))


@dataclass(frozen=True)
class TableSettings:
    """How the table shows its board and plays its turns (the ``settings`` command)."""

    view: Literal["image", "text"] = "image"
    home: Literal["right", "left"] = "right"
    swap: bool = False
    auto_roll: bool = False
    ratings: bool = True
    """Whether finished matches here are rated (a chat admin may turn it off)."""
    threads: bool = True
    """Whether a game that begins here is played in a chat of its own (a Discord thread), where
    the platform has them (a chat admin may turn it off)."""

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "view": self.view,
            "home": self.home,
            "swap": self.swap,
            "auto_roll": self.auto_roll,
        }
        if not self.ratings:
            data["ratings"] = False
        if not self.threads:
            data["threads"] = False
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableSettings:
        view: Literal["image", "text"] = "text" if data.get("view") == "text" else "image"
        home: Literal["right", "left"] = "left" if data.get("home") == "left" else "right"
        return cls(
            view,
            home,
            bool(data.get("swap", False)),
            bool(data.get("auto_roll", False)),
            bool(data.get("ratings", True)),
            bool(data.get("threads", True)),
        )


@dataclass(frozen=True)
class MoveClock:
    """The correspondence move clock, and how long the game has waited for its player.

    ``seconds`` is the time a player has for a move (0: no clock); ``deadline`` is when the player
    to act runs out of time (epoch seconds; ``None``: the clock is not running) and ``reminded``
    whether he has been reminded since his turn began.  ``waited_since`` is when the game began
    to wait for the player it waits for now (epoch seconds; clock or not): a turn that comes back
    to a player after a long wait calls him (:func:`bot.app.timing.called`).
    """

    seconds: int = 0
    deadline: float | None = None
    reminded: bool = False
    waited_since: float | None = None

    def to_dict(self) -> dict[str, Any]:
        """The clock's entries of a table's stored form (none at its default)."""
        data: dict[str, Any] = {}
        if self.seconds:
            data["clock"] = self.seconds
        if self.deadline is not None:
            data["deadline"] = self.deadline
        if self.reminded:
            data["reminded"] = True
        if self.waited_since is not None:
            data["ws"] = round(self.waited_since, 1)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MoveClock:
        """The clock of a table's stored form."""
        return cls(
            int(data.get("clock", 0)),
            None if data.get("deadline") is None else float(data["deadline"]),
            bool(data.get("reminded", False)),
            None if data.get("ws") is None else float(data["ws"]),
        )


@dataclass(frozen=True)
class MatchDice:
    """The match's verifiable dice (:mod:`bot.app.fair`).

    ``match_id`` names the match or session: its games' dice are ``match_id.N``, and its history
    is kept under it.  ``current`` is the current game's seed and how far it was drawn (secret
    until the game is over), ``client_seeds`` the players' client seeds (user reference → seed,
    set with ``seed`` in the lobby, or against the computer until the match's first roll, else
    drawn at random) and ``master`` the match's secret its games' server seeds are derived from
    (:func:`engine.fairdice.game_seed`: a finished game's seed is shown when the game is over).
    The secret is drawn when the table opens, before any client seed, and the match's id is then
    the start of its commitment (:func:`engine.fairdice.match_id`): the table shows that
    commitment from its first message and the secret when the match is over
    (:attr:`secret_commitment`).  A table opened before the secret was drawn with it got its id and
    secret when the match began, and never shows that secret.  A chouette, which keeps no
    finished game, keeps the dice of its latest games whose seeds were shown in ``shown`` for
    ``export``: each ``(game id's number or "seat", client seeds, rolls as digit groups
    "53 61 …")`` (:func:`bot.app.fair.reveal_kept`).
    """

    match_id: str | None = None
    current: GameDice | None = None
    client_seeds: dict[str, str] = field(default_factory=dict)
    master: bytes | None = None
    shown: tuple[tuple[str, tuple[str, ...], str], ...] = ()

    @property
    def secret_commitment(self) -> str | None:
        """The commitment of the match's secret (64 hex digits), when the secret was drawn as
        the table opened, before any client seed: the match's id is then the commitment's
        start.  ``None``: no secret yet, or one drawn when the match began (a table opened
        before the secret was drawn with it), which is never shown."""
        if self.master is None:
            return None
        full = fairdice.commitment(self.master)
        return full if self.match_id == fairdice.match_id(full) else None

    def to_dict(self) -> dict[str, Any]:
        """The dice's entries of a table's stored form (none at its default)."""
        data: dict[str, Any] = {}
        if self.match_id is not None:
            data["mid"] = self.match_id
        if self.current is not None:
            data["dice"] = self.current.to_list()
        if self.client_seeds:
            data["cs"] = self.client_seeds
        if self.master is not None:
            data["dm"] = self.master.hex()
        if self.shown:
            data["sd"] = [[number, list(seeds), rolls] for number, seeds, rolls in self.shown]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MatchDice:
        """The dice of a table's stored form."""
        return cls(
            None if data.get("mid") is None else str(data["mid"]),
            None if data.get("dice") is None else GameDice.from_list(data["dice"]),
            {str(k): str(v) for k, v in dict(data.get("cs", {})).items()},
            None if data.get("dm") is None else bytes.fromhex(data["dm"]),
            tuple(
                (str(number), tuple(str(seed) for seed in seeds), str(rolls))
                for number, seeds, rolls in data.get("sd", ())
            ),
        )


@dataclass(frozen=True)
class Lobby:
    """What the players arranged before their game began.

    ``invited`` are the users invited to the table (as ``invite`` recognises them); ``held``
    keeps the second seat for one of them: (who; the inviter's reference; until when, epoch
    seconds).  ``setup`` is the ID (an XGID, or ``PositionID:MatchID``) of the position a lobby
    opened with ``position`` begins its game at.  ``hints`` is the table's ``hints=on|off``
    (``None``: the default of its kind of table) and ``hints_agreed`` the players who asked for
    hints in the lobby (a match between two people has hints only when both did:
    :mod:`bot.app.hint`).
    """

    invited: tuple[str, ...] = ()
    held: tuple[str, str, float] | None = None
    setup: str | None = None
    hints: bool | None = None
    hints_agreed: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The lobby's entries of a table's stored form (none at its default)."""
        data: dict[str, Any] = {}
        if self.invited:
            data["invited"] = list(self.invited)
        if self.held is not None:
            data["held"] = list(self.held)
        if self.setup is not None:
            data["setup"] = self.setup
        if self.hints is not None:
            data["hints"] = self.hints
        if self.hints_agreed:
            data["ha"] = list(self.hints_agreed)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Lobby:
        """The lobby of a table's stored form."""
        held = data.get("held")
        return cls(
            tuple(data.get("invited", [])),
            None if held is None else (str(held[0]), str(held[1]), float(held[2])),
            None if data.get("setup") is None else str(data["setup"]),
            None if data.get("hints") is None else bool(data["hints"]),
            tuple(str(u) for u in data.get("ha", ())),
        )


@dataclass(frozen=True)
class Placement:
    """Where the table's game is played and its board shown.

    ``origin`` is set once the game has been placed: the chat it began in.  A game moved to a
    chat of its own when it began (a Discord thread) keeps the chat it came from, where its result
    is announced; a game that stays where it began has its own chat there.  ``board_message`` is
    the message showing the board (its buttons are taken away when the turn passes) and
    ``board_version`` the table version it was drawn for: the board of the current version is out
    when the two agree (a redelivered update then re-sends no board).  ``frugal``: the chat limits
    the bot's messages (a Telegram group), see :mod:`bot.app.group`.

    ``notes`` is what an update said that no board has shown yet: when the computer acts next,
    no board is posted for it (:func:`bot.app.turn.turn_passed`), and the board of its turn
    shows these notes first.
    """

    origin: str | None = None
    board_message: str | None = None
    board_version: int | None = None
    frugal: bool = False
    notes: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The placement's entries of a table's stored form (none at its default)."""
        data: dict[str, Any] = {}
        if self.board_message is not None:
            data["board"] = self.board_message
        if self.board_version is not None:
            data["bv"] = self.board_version
        if self.frugal:
            data["fg"] = True
        if self.origin is not None:
            data["origin"] = self.origin
        if self.notes:
            data["nt"] = list(self.notes)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Placement:
        """The placement of a table's stored form."""
        return cls(
            None if data.get("origin") is None else str(data["origin"]),
            data.get("board"),
            None if data.get("bv") is None else int(data["bv"]),
            bool(data.get("fg", False)),
            tuple(str(n) for n in data.get("nt", ())),
        )


@dataclass(frozen=True)
class EventGame:
    """The tournament a table's game is played in: the event's id, the chat it runs in (its
    *home*, a table key's tag), the round and board, and when the round ends (the game's move
    clock never runs past it: who is to act then loses on time, with nobody to claim)."""

    event: str
    home: str
    round: int
    board: int
    deadline: float

    def to_list(self) -> list[Any]:
        return [self.event, self.home, self.round, self.board, self.deadline]

    @classmethod
    def from_list(cls, data: list[Any]) -> EventGame:
        event, home, round_, board, deadline = data
        return cls(str(event), str(home), int(round_), int(board), float(deadline))


@dataclass(frozen=True)
class PastGames:
    """What the table keeps of its finished games.

    A money session keeps only its current game in the table's match (the engine's ``Match``
    keeps every game, which would grow without bound): the finished games are folded into
    ``carry`` (their points per seat) and ``dropped`` (how many), and the kept game's score
    counts from there; ``recent`` keeps its latest finished games for ``analysis`` (a money match
    of at most :data:`bot.app.match_analysis.MONEY_KEPT` games, scored from 0, packed as a
    match is).  ``pending`` are the results of games and matches that ended here and are not
    recorded yet (players' dice statistics, ratings, histories: :mod:`bot.app.results`), written
    with the end itself and taken out once recorded.
    """

    carry: tuple[Points, Points] = (0, 0)
    dropped: int = 0
    recent: Match | None = None
    pending: tuple[Any, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The past games' entries of a table's stored form (none at their default)."""
        data: dict[str, Any] = {}
        if self.dropped:
            data["carry"] = [*(points_to_json(p) for p in self.carry), self.dropped]
        if self.pending:
            data["pend"] = list(self.pending)
        if self.recent is not None:
            data["rec"] = _saved(self, "recent", self.recent, match_data)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PastGames:
        """The past games of a table's stored form."""
        carry = data.get("carry", [0, 0, 0])
        return cls(
            (points_from_json(carry[0]), points_from_json(carry[1])),
            int(carry[2]),
            None if data.get("rec") is None else Match.from_dict(data["rec"]),
            tuple(data.get("pend", ())),
        )


@dataclass(frozen=True)
class Table:
    """Everything the bot keeps about one chat's table.

    ``seats`` are the players: for a match or money session seat ``i`` plays the engine's player
    ``i``; in a chouette they are the members in joining order.  ``match`` is the engine's
    :class:`Match` while playing (its finished games packed, :meth:`Match.archived`), ``chouette``
    the engine's :class:`Chouette` session (its past games folded, :meth:`Chouette.compacted`):
    the values themselves, written as dicts only in the stored form (:meth:`to_dict`).  A match
    to N points keeps all its games for the ``.mat`` export; a money session keeps only its
    current game (:class:`PastGames`).  ``lang`` is the table's language (of the player who last
    acted): notices the clock posts without a sender use it.  ``abort_by`` is the player who
    asked to abort the table (the other's ``abort`` then ends it) and ``forfeit`` the seat that
    claimed the whole match when the opponent's clock ran out.

    The rest is kept in small records of their own: the move clock (:class:`MoveClock`), the
    dice (:class:`MatchDice`), what the lobby arranged (:class:`Lobby`), where the game is
    played and its board shown (:class:`Placement`) and what the table keeps of its finished
    games (:class:`PastGames`).  The stored form is flat, one key per value, whichever record
    holds it (:meth:`to_dict`).
    """

    mode: Mode
    variant: str
    creator: str
    length: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    stage: Stage = "lobby"
    seats: tuple[Seat, ...] = ()
    match: Match | None = None
    chouette: Chouette | None = None
    settings: TableSettings = field(default_factory=TableSettings)
    version: int = 0
    games: int = 0
    lang: str | None = None
    abort_by: str | None = None
    forfeit: int | None = None
    clock: MoveClock = field(default_factory=MoveClock)
    dice: MatchDice = field(default_factory=MatchDice)
    lobby: Lobby = field(default_factory=Lobby)
    place: Placement = field(default_factory=Placement)
    past: PastGames = field(default_factory=PastGames)
    event: EventGame | None = None

    def seat_of(self, user: str) -> int | None:
        """The seat index of ``user``, or ``None`` for a spectator."""
        for i, seat in enumerate(self.seats):
            if seat.user == user:
                return i
        return None

    @property
    def secret_commitment(self) -> str | None:
        """The commitment of the match's secret shown to the players
        (:attr:`MatchDice.secret_commitment`)."""
        return self.dice.secret_commitment

    @property
    def board_shown(self) -> bool:
        """Whether the board of the current version is out (reported posted)."""
        return self.place.board_message is not None and self.place.board_version == self.version

    def seat_kept(self, now: float) -> bool:
        """Whether the free seat is kept for an invited user at ``now`` (:attr:`Lobby.held`, not
        run out)."""
        held = self.lobby.held
        return held is not None and now < held[2]

    def bumped(self, **changes: Any) -> Table:
        """The table with ``changes`` and the next :attr:`version` (players see a change)."""
        return self.evolve(version=self.version + 1, **changes)

    def evolve(self, **changes: Any) -> Table:
        """``dataclasses.replace(self, **changes)`` without running ``__init__`` again: the
        fields are copied as they are (no field is computed in ``__init__``), a sevenfold saving
        on the path of every update."""
        if not _FIELDS.issuperset(changes):
            raise TypeError(f"Table has no field(s) {sorted(set(changes) - _FIELDS)}")
        new = object.__new__(Table)
        fields_ = new.__dict__
        fields_.update(self.__dict__)
        fields_.update(changes)
        return new

    def with_deadline(self, deadline: float | None, reminded: bool = False) -> Table:
        """The table with its move clock running out at ``deadline`` (``None``: not running),
        the player reminded or not."""
        return self.evolve(clock=replace(self.clock, deadline=deadline, reminded=reminded))

    def with_reminded(self, reminded: bool) -> Table:
        """The table with the player the clock runs for reminded (or not yet)."""
        return self.evolve(clock=replace(self.clock, reminded=reminded))

    def with_waited_since(self, since: float | None) -> Table:
        """The table waiting for its player since ``since`` (:attr:`MoveClock.waited_since`)."""
        return self.evolve(clock=replace(self.clock, waited_since=since))

    def with_board(self, message: str | None, version: int | None) -> Table:
        """The table with its board shown in ``message``, drawn for ``version``."""
        return self.evolve(place=replace(self.place, board_message=message, board_version=version))

    def with_frugal(self) -> Table:
        """The table in a chat that limits the bot's messages (:attr:`Placement.frugal`)."""
        return self.evolve(place=replace(self.place, frugal=True))

    def with_notes(self, notes: tuple[str, ...]) -> Table:
        """The table keeping ``notes`` for the next board (:attr:`Placement.notes`)."""
        return self.evolve(place=replace(self.place, notes=notes))

    def with_pending(self, pending: tuple[Any, ...]) -> Table:
        """The table with ``pending`` the results not recorded yet (:attr:`PastGames.pending`)."""
        return self.evolve(past=replace(self.past, pending=pending))

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "mode": self.mode,
            "variant": self.variant,
            "creator": self.creator,
            "length": self.length,
            "options": self.options,
            "stage": self.stage,
            "seats": [s.to_list() for s in self.seats],
            "version": self.version,
            "games": self.games,
        }
        if self.match is not None:
            data["match"] = _saved(self, "match", self.match, match_data)
        if self.chouette is not None:
            data["chouette"] = _saved(self, "chouette", self.chouette, chouette_data)
        settings = self.settings.to_dict()
        if settings != TableSettings().to_dict():
            data["settings"] = settings
        if self.abort_by is not None:
            data["abort"] = self.abort_by
        if self.lang is not None:
            data["lang"] = self.lang
        if self.forfeit is not None:
            data["forfeit"] = self.forfeit
        data.update(self.clock.to_dict())
        data.update(self.dice.to_dict())
        data.update(self.lobby.to_dict())
        data.update(self.place.to_dict())
        data.update(self.past.to_dict())
        if self.event is not None:
            data["ev"] = self.event.to_list()
        return _in_stored_order(data)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Table:
        return cls(
            mode=data["mode"],
            variant=data["variant"],
            creator=data["creator"],
            length=int(data.get("length", 0)),
            options=dict(data.get("options", {})),
            stage=data.get("stage", "lobby"),
            seats=tuple(Seat.from_list(s) for s in data.get("seats", [])),
            match=None if data.get("match") is None else Match.from_dict(data["match"]),
            chouette=None if data.get("chouette") is None else Chouette.from_dict(data["chouette"]),
            settings=TableSettings.from_dict(data.get("settings", {})),
            version=int(data.get("version", 0)),
            games=int(data.get("games", 0)),
            lang=None if data.get("lang") is None else str(data["lang"]),
            abort_by=data.get("abort"),
            forfeit=None if data.get("forfeit") is None else int(data["forfeit"]),
            clock=MoveClock.from_dict(data),
            dice=MatchDice.from_dict(data),
            lobby=Lobby.from_dict(data),
            place=Placement.from_dict(data),
            past=PastGames.from_dict(data),
            event=None if data.get("ev") is None else EventGame.from_list(data["ev"]),
        )

    def encode(self) -> bytes:
        """The stored bytes (versioned JSON through the store's codec)."""
        payload = CODEC.encode(self.to_dict())
        _remember(payload, self)
        return payload

    @classmethod
    def decode(cls, payload: bytes) -> Table:
        """Read stored bytes written by :meth:`encode` (memoised: the same bytes give the same
        frozen value)."""
        found = _DECODED.get(payload)
        if found is not None:
            _DECODED.move_to_end(payload)
            return found
        data = CODEC.decode(payload)
        if not isinstance(data, dict):
            raise ValueError("table record is not an object")
        table = cls.from_dict(data)
        _remember(payload, table)
        return table

    def state(self) -> Match:
        """The match of a two-player table that has one (:class:`ValueError` when it has none:
        a lobby, a chouette)."""
        if self.match is None:
            raise ValueError("the table has no match")
        return self.match

    def session_score(self, match: Match) -> tuple[Points, Points]:
        """Points per seat over the whole session or match, folded games included."""
        a, b = match.score
        carry = self.past.carry
        return carry[0] + a, carry[1] + b


_FIELDS = frozenset(f.name for f in fields(Table))
"""The names :meth:`Table.evolve` accepts."""

_STORED_ORDER = (
    *("mode", "variant", "creator", "length", "options", "stage", "seats", "version", "games"),
    *("invited", "match", "chouette", "settings", "board", "bv", "abort", "clock", "deadline"),
    *("reminded", "lang", "carry", "held", "forfeit", "setup", "mid", "dice", "cs", "dm", "fg"),
    *("hints", "ha", "origin", "ws", "pend", "rec", "nt", "sd", "ev"),
)
"""The order of the keys of a table's stored form: the order they were written in when the table
kept them all in one record, so that a table is written to the same bytes as before."""


def _in_stored_order(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with its keys in :data:`_STORED_ORDER` (any other after them)."""
    ordered = {key: data[key] for key in _STORED_ORDER if key in data}
    if len(ordered) < len(data):
        ordered.update(data)
    return ordered


_Engine = TypeVar("_Engine", Match, Chouette)


def _saved(
    owner: object, name: str, value: _Engine, save: Callable[[_Engine], dict[str, Any]]
) -> Any:
    """``save(value)``, the stored form of ``owner``'s field ``name`` holding ``value``: remembered
    on ``owner`` for as long as the field holds that very object, and so on the tables
    :meth:`Table.evolve` makes of it (it copies the remembered form with the fields): a table
    loaded, given a new board message and written back (a third of the writes of
    ``benchmarks.app``) does not write its match out again.  Not a field: no comparison sees it,
    and :func:`dataclasses.replace` starts without it."""
    key = _SAVED[name]
    found = owner.__dict__.get(key)
    if found is not None and found[0] is value:
        return found[1]
    data = save(value)
    owner.__dict__[key] = (value, data)
    return data


_SAVED = {name: f"_saved_{name}" for name in ("match", "chouette", "recent")}
"""Where an owner remembers the stored form of each of its engine values (:func:`_saved`)."""
