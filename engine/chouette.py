"""Chouette (RULES.md 4): one player, the box, against a team of two or more.

A :class:`Chouette` is a session: the options, the roster (:class:`engine.chouette_table.Roster`),
the ledger, players waiting to join, and the current or last game (:class:`ChouetteGame`).  The
checkers of a game are played by an ordinary :class:`engine.game.Game` in which seat 0 is the box
and seat 1 the team (moved by the captain, or by the acting captain once the captain has passed).
The chouette adds what two-player games do not have:

* the team's doubles need every member still in the game to agree (:meth:`Chouette.vote`);
* when the box doubles, each member takes, passes or (with the ``beaver`` option) beavers his own
  stake; a beaver is accepted or refused by the box member by member;
* every member has his own cube (:class:`engine.cube.CubeState`), so stakes may differ;
* the box's resignation is accepted or declined by each member; a member may resign his own
  stake to the box;
* players pay and are paid one by one; the ledger of the session always sums to zero;
* after a game the seats turn over as RULES.md 4 says.

Every value is frozen and every transition returns a new :class:`Chouette`; each transition takes
the acting player's name first and raises :class:`engine.errors.IllegalAction` (with a ``code``)
when the state does not allow it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from engine.chouette_table import (
    Ledger,
    Payment,
    PaymentReason,
    RollDie,
    Roster,
    SeatingRoll,
    check_players,
    illegal,
    roll_for_seats,
)
from engine.cube import CubeState, Options
from engine.errors import EngineError, IllegalAction, UnsupportedSchema
from engine.game import ActionKind, Game, Phase, Reason, find_variant
from engine.game_data import check_schema
from engine.movegen import Play, Step
from engine.result import WinKind

#: Version of the dict written by :meth:`Chouette.to_dict`: 2 may carry the balances of folded
#: payments (:meth:`Chouette.compacted`); 1 is still read.
SCHEMA_VERSION = 2

#: The seats of the chouette's :class:`engine.game.Game`.
BOX = 0
TEAM = 1

MemberStatus = Literal["in", "passed", "won", "left", "resigned"]
#: A member's answer to the cube still being settled: to the box's double ``take`` or ``beaver``
#: (then ``beaver_accepted`` once the box accepts it); to the box's beaver of the team's double
#: ``accept``.  ``None``: no answer given (or no cube decision pending).
MemberAnswer = Literal["take", "beaver", "beaver_accepted", "accept"]
ProposalAction = Literal["double", "no_double", "take", "pass", "beaver", "play"]
EndReason = Literal["bear_off", "draw", "box_pass", "box_left", "team_out"]

_STATUSES: tuple[MemberStatus, ...] = ("in", "passed", "won", "left", "resigned")
_ANSWERS: tuple[MemberAnswer, ...] = ("take", "beaver", "beaver_accepted", "accept")
_PROPOSALS: tuple[ProposalAction, ...] = ("double", "no_double", "take", "pass", "beaver", "play")
_REASONS: tuple[EndReason, ...] = ("bear_off", "draw", "box_pass", "box_left", "team_out")


@dataclass(frozen=True, slots=True)
class Member:
    """A team member in one game: his own cube, whether he is still in, his pending answer.

    ``status``: ``in`` (playing), ``passed`` (passed the box's double or refused the box's beaver
    and paid), ``won`` (the box refused his beaver or he accepted the box's resignation, and was
    paid), ``left`` (left the chouette during the game and paid as a pass), ``resigned`` (the box
    accepted his resignation and he paid).  ``resign`` is his own resignation waiting for the
    box's answer.
    """

    name: str
    cube: CubeState = field(default_factory=CubeState)
    status: MemberStatus = "in"
    answer: MemberAnswer | None = None
    resign: WinKind | None = None

    @property
    def playing(self) -> bool:
        """True while the member is still in this game."""
        return self.status == "in"

    def to_dict(self) -> dict[str, Any]:
        """A compact JSON-able dict."""
        out: dict[str, Any] = {"name": self.name}
        cube = self.cube.to_dict()
        if cube:
            out["cube"] = cube
        if self.status != "in":
            out["status"] = self.status
        if self.answer is not None:
            out["answer"] = self.answer
        if self.resign is not None:
            out["resign"] = int(self.resign)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Member:
        """Inverse of :meth:`to_dict`."""
        status = data.get("status", "in")
        answer = data.get("answer")
        if status not in _STATUSES:
            raise ValueError(f"unknown member status {status!r}")
        if answer is not None and answer not in _ANSWERS:
            raise ValueError(f"unknown member answer {answer!r}")
        resign = data.get("resign")
        return cls(
            str(data["name"]),
            CubeState.from_dict(dict(data.get("cube", {}))),
            status,
            answer,
            None if resign is None else WinKind(resign),
        )


@dataclass(frozen=True, slots=True)
class Proposal:
    """A team member's suggestion to the captain (shown by the bot; the captain's choice stands).

    ``action`` is a cube action or ``play``; ``play`` is then the play's notation.
    """

    player: str
    action: ProposalAction
    play: str = ""

    def to_list(self) -> list[str]:
        """A compact JSON-able form."""
        return [self.player, self.action, self.play]

    @classmethod
    def from_list(cls, data: Sequence[Any]) -> Proposal:
        """Inverse of :meth:`to_list`."""
        player, action, play = data
        if action not in _PROPOSALS:
            raise ValueError(f"unknown proposal {action!r}")
        return cls(str(player), action, str(play))


@dataclass(frozen=True, slots=True)
class GameEnd:
    """How a chouette game ended: whether the team won (for the rotation), why, and how.

    ``reason``: ``bear_off`` (played out; ``kind`` says single, gammon or backgammon),
    ``draw`` (both sides finished under ``last_roll_draw``: nobody pays, the box stays),
    ``box_pass`` (the box passed the team's double), ``box_left`` (the box left the chouette),
    ``team_out`` (every member passed, resigned, was paid off or left; the team counts as
    winning only if the captain -- the one acting when the last decision began -- was paid off).
    """

    team_won: bool
    reason: EndReason
    kind: WinKind | None = None

    def to_dict(self) -> dict[str, Any]:
        """A compact JSON-able dict."""
        out: dict[str, Any] = {"team_won": self.team_won, "reason": self.reason}
        if self.kind is not None:
            out["kind"] = int(self.kind)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameEnd:
        """Inverse of :meth:`to_dict`."""
        reason = data["reason"]
        if reason not in _REASONS:
            raise ValueError(f"unknown end reason {reason!r}")
        kind = data.get("kind")
        return cls(bool(data["team_won"]), reason, None if kind is None else WinKind(kind))


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened at the chouette, for the app to announce.

    ``game`` is the number of the game it happened in (0 before the first).  Actions and values:
    ``join`` (1 if he waits for the running game to end), ``leave`` (points paid or received,
    signed from his side), ``new_game``, ``vote`` (``"yes"``/``"no"``), ``double`` (the value
    offered; by the box, or by the captain for the team), ``take`` (the value now played for),
    ``pass`` (points paid), ``beaver`` (the value offered), ``beaver_accept`` (the member whose
    beaver the box accepted, when the box answers), ``beaver_refuse`` (the member, when the box
    answers; then the points paid), ``acting_captain`` (he now moves for the team), ``end``
    (1 if the team won, the reason, and the kind of win or 0).  The board's own actions are in
    the game's log.
    """

    game: int
    player: str
    action: str
    value: tuple[int | str, ...] = ()

    def to_list(self) -> list[Any]:
        """``[game, player, action, *value]``."""
        return [self.game, self.player, self.action, *self.value]

    @classmethod
    def from_list(cls, data: Sequence[Any]) -> Event:
        """Inverse of :meth:`to_list`."""
        game, player, action, *value = data
        if not all(isinstance(v, int | str) for v in value):
            raise ValueError(f"corrupt chouette event {data!r}")
        return cls(int(game), str(player), str(action), tuple(value))


@dataclass(frozen=True, slots=True)
class ChouetteGame:
    """One game of a chouette.

    ``members`` are the team members playing it, in team order at its start; ``captain`` is who
    moves the team's checkers: once the captain is out, the next member still in becomes the
    acting captain (after a cube decision, when every member has answered, so the order of the
    answers does not matter); he counts as captain for the rotation.  ``vote`` the members
    who agreed to the team's double being voted on (``None``: no vote open); ``resign`` the box's
    resignation offered to the team (each member accepts or declines it; ``declined`` are those
    who declined); ``leaving`` the players who left during the game (removed from the roster when
    it ends); ``end`` is set when it is over.
    """

    number: int
    box: str
    members: tuple[Member, ...]
    captain: str
    game: Game
    vote: tuple[str, ...] | None = None
    proposals: tuple[Proposal, ...] = ()
    leaving: tuple[str, ...] = ()
    end: GameEnd | None = None
    resign: WinKind | None = None
    declined: tuple[str, ...] = ()

    @property
    def resign_pending(self) -> bool:
        """True while a resignation waits for an answer (the box's, or a member's)."""
        return self.resign is not None or any(m.resign is not None for m in self.members)

    @property
    def is_over(self) -> bool:
        """True once the game has ended and been settled."""
        return self.end is not None

    def member(self, name: str) -> Member:
        """The member called ``name``; raises ``not_in_game`` if he does not play this game."""
        for m in self.members:
            if m.name == name:
                return m
        raise illegal("not_in_game", f"{name!r} is not in the team of this game", player=name)

    @property
    def playing(self) -> tuple[str, ...]:
        """The members still in the game, in team order."""
        return tuple(m.name for m in self.members if m.playing)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict (the board game in :meth:`engine.game.Game.to_dict`'s format)."""
        out: dict[str, Any] = {
            "number": self.number,
            "box": self.box,
            "members": [m.to_dict() for m in self.members],
            "captain": self.captain,
            "game": self.game.to_dict(),
        }
        if self.vote is not None:
            out["vote"] = list(self.vote)
        if self.proposals:
            out["proposals"] = [p.to_list() for p in self.proposals]
        if self.leaving:
            out["leaving"] = list(self.leaving)
        if self.end is not None:
            out["end"] = self.end.to_dict()
        if self.resign is not None:
            out["resign"] = int(self.resign)
        if self.declined:
            out["declined"] = list(self.declined)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ChouetteGame:
        """Inverse of :meth:`to_dict`."""
        vote = data.get("vote")
        end = data.get("end")
        return cls(
            number=int(data["number"]),
            box=str(data["box"]),
            members=tuple(Member.from_dict(m) for m in data["members"]),
            captain=str(data["captain"]),
            game=Game.from_dict(data["game"]),
            vote=None if vote is None else tuple(str(n) for n in vote),
            proposals=tuple(Proposal.from_list(p) for p in data.get("proposals", ())),
            leaving=tuple(str(n) for n in data.get("leaving", ())),
            end=None if end is None else GameEnd.from_dict(end),
            resign=None if data.get("resign") is None else WinKind(data["resign"]),
            declined=tuple(str(n) for n in data.get("declined", ())),
        )


@dataclass(frozen=True, slots=True)
class Chouette:
    """A chouette session: options, roster, ledger, the current (or last) game.

    ``games`` counts the games started; ``waiting`` are players who joined during a game and take
    their places at the end of the team when it ends; ``log`` is every :class:`Event` of the
    session (the events of a transition are ``new.log[len(old.log):]``).
    """

    options: Options
    roster: Roster
    ledger: Ledger
    seating: SeatingRoll | None = None
    games: int = 0
    current: ChouetteGame | None = None
    waiting: tuple[str, ...] = ()
    variant: str = "backgammon"
    log: tuple[Event, ...] = ()

    # -- construction -------------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        players: Sequence[str],
        roll_die: RollDie,
        options: Options | None = None,
        *,
        variant: str = "backgammon",
    ) -> Chouette:
        """Seat ``players`` by the one-die roll (:func:`engine.chouette_table.roll_for_seats`).

        No game is running yet: call :meth:`new_game`.

        >>> from engine.game import DiceSequence
        >>> ch = Chouette.start(["ann", "bob", "cat"], DiceSequence([2, 6, 4]))
        >>> ch.roster
        Roster(box='bob', team=('cat', 'ann'))
        >>> ch = ch.new_game().roll("cat", DiceSequence([3, 5]))  # box 3, team 5: cat plays 5-3
        >>> ch.acting(TEAM), ch.current.game.dice
        ('cat', (5, 3))
        """
        names = check_players(players)
        find_variant(variant)
        seating = roll_for_seats(names, roll_die)
        return cls(
            options=options if options is not None else Options(),
            roster=Roster.from_order(seating.order),
            ledger=Ledger().with_players(seating.order),
            seating=seating,
            variant=variant,
        )

    # -- queries ------------------------------------------------------------------------------

    @property
    def in_game(self) -> bool:
        """True while a game is being played."""
        return self.current is not None and not self.current.is_over

    @property
    def players(self) -> tuple[str, ...]:
        """Everybody seated (box first, then the team in order), then the waiting players."""
        return (*self.roster.players, *self.waiting)

    def balances(self) -> dict[str, int]:
        """Each player's net result in the session (sums to zero)."""
        return self.ledger.balances()

    def _running(self) -> ChouetteGame:
        cur = self.current
        if cur is None:
            raise illegal("no_game", "no game has been started in this chouette")
        if cur.is_over:
            raise illegal("game_over", f"game {cur.number} is over; start the next one")
        return cur

    def acting(self, seat: int) -> str:
        """Who acts for ``seat`` in the current game: the box, or the (acting) captain."""
        cur = self._running()
        return cur.box if seat == BOX else cur.captain

    def may_double(self, name: str) -> bool:
        """Whether ``name`` may double now (for a team member: open or join the vote)."""
        return _succeeds(lambda: self.double(name))

    def allowed(self, name: str) -> frozenset[str]:
        """The names of the actions ``name`` may take now.

        The game's actions by their :class:`~engine.game.ActionKind`: the board's (``roll``,
        ``step``, ``undo``, ``reset``, ``confirm``, ``play``) for whoever moves; ``double`` (the
        box's double, or a member's "yes" to the team's double), ``take``, ``pass``,
        ``beaver``, ``beaver_accept``, ``beaver_refuse``, ``resign``, ``resign_accept`` and
        ``resign_decline``.  The chouette's own by name: ``refuse_double`` (a member's "no"
        while a vote is open), ``propose``, ``leave`` and ``new_game``.
        """
        out: set[str] = set()
        if _succeeds(lambda: self.leave(name)):
            out.add("leave")
        cur = self.current
        if cur is None or cur.is_over:
            if name in self.roster and _succeeds(self.new_game):
                out.add("new_game")
            return frozenset(out)
        try:
            seat: int | None = self._seat(cur, name)
        except IllegalAction:
            seat = None
        if seat is not None:
            board = cur.game.allowed(seat) & _BOARD_ACTIONS
            if seat == TEAM and cur.vote is not None:
                board -= {ActionKind.ROLL}
            out |= board
        pending = next((m.name for m in cur.members if m.playing and m.answer == "beaver"), None)
        resigning = next((m.name for m in cur.members if m.resign is not None), None)
        attempts: dict[str, Callable[[], Chouette]] = {
            ActionKind.DOUBLE: lambda: self.double(name),
            "refuse_double": lambda: self.vote(name, False),
            ActionKind.TAKE: lambda: self.take(name),
            ActionKind.PASS: lambda: self.pass_(name),
            ActionKind.BEAVER: lambda: self.beaver(name),
            ActionKind.BEAVER_ACCEPT: lambda: self.accept_beaver(name, pending),
            ActionKind.BEAVER_REFUSE: lambda: self.refuse_beaver(name, pending),
            ActionKind.RESIGN: lambda: self.offer_resign(name),
            ActionKind.RESIGN_ACCEPT: lambda: self.accept_resign(name, resigning),
            ActionKind.RESIGN_DECLINE: lambda: self.decline_resign(name, resigning),
        }
        out |= {action for action, attempt in attempts.items() if _succeeds(attempt)}
        if name in cur.playing:
            out.add("propose")
        return frozenset(out)

    # -- the session: joining, leaving, starting games ----------------------------------------

    def join(self, name: str) -> Chouette:
        """``name`` joins: at the end of the team now, or after the game if one is running."""
        if not isinstance(name, str) or not name:
            raise illegal("bad_player", f"a player must be a non-empty string, not {name!r}")
        if name in self.roster or name in self.waiting:
            raise illegal("already_seated", f"{name!r} already sits at this chouette", player=name)
        ledger = self.ledger.with_players((name,))
        if self.in_game:
            noted = self._note(name, "join", 1)
            return replace(noted, waiting=(*self.waiting, name), ledger=ledger)
        return replace(self._note(name, "join", 0), roster=self.roster.joined(name), ledger=ledger)

    def leave(self, name: str) -> Chouette:
        """``name`` leaves the chouette.

        Between games he simply leaves his seat (a leaving box is replaced by the captain).  During
        a game he settles as a pass would: a team member pays the box his current stake and is out
        of the game; the box pays every member still in the game his stake and the game ends as a
        team win.  He leaves the roster when the game ends.  Two players must remain seated.
        """
        if name in self.waiting:
            waiting = tuple(n for n in self.waiting if n != name)
            return replace(self._note(name, "leave", 0), waiting=waiting)
        if name not in self.roster:
            raise illegal("unknown_player", f"{name!r} does not sit at this chouette", player=name)
        cur = self.current
        if cur is None or cur.is_over:
            return replace(self._note(name, "leave", 0), roster=self.roster.without(name))
        if name in cur.leaving:
            raise illegal("already_left", f"{name!r} has already left", player=name)
        if len(self.roster.players) - len(cur.leaving) <= 2:
            raise illegal("too_few_players", "a chouette needs a box and a captain")
        cur = replace(cur, leaving=(*cur.leaving, name))
        if name == cur.box:
            payments = [
                Payment(cur.number, name, m.name, _committed(m, self.options, cur.game), "leave")
                for m in cur.members
                if m.playing
            ]
            members = tuple(replace(m, answer=None) for m in cur.members)
            paid = sum(p.amount for p in payments)
            return (
                self._note(name, "leave", -paid)
                ._paid(*payments)
                ._finish(replace(cur, members=members), GameEnd(True, "box_left"))
            )
        member = _find(cur, name)
        if member is None or not member.playing:
            return replace(self._note(name, "leave", 0), current=cur)
        payment = Payment(
            cur.number, name, cur.box, _committed(member, self.options, cur.game), "leave"
        )
        cur = _set_member(cur, replace(member, status="left", answer=None, resign=None))
        if cur.vote is not None:
            cur = replace(cur, vote=None)
        return self._note(name, "leave", -payment.amount)._paid(payment)._settle_cube(cur)

    def new_game(self) -> Chouette:
        """Start the next game with the roster as it stands (at least three players)."""
        if self.in_game:
            raise illegal("game_running", "a game is being played")
        if len(self.roster.players) < 3:
            raise illegal(
                "too_few_players",
                f"a chouette game needs at least 3 players, not {len(self.roster.players)}",
            )
        number = self.games + 1
        members = tuple(Member(n) for n in self.roster.team)
        game = Game.new(self.variant, self.options)
        cur = ChouetteGame(number, self.roster.box, members, self.roster.captain, game)
        noted = replace(self, games=number)._note(cur.box, "new_game")
        return replace(noted, current=cur)

    # -- the team's consultation --------------------------------------------------------------

    def propose(self, name: str, action: ProposalAction, play: Play | str = "") -> Chouette:
        """A team member suggests a cube action or a play; replaces his earlier suggestion.

        ``double``/``no_double`` on the team's turn before rolling, ``take``/``pass``/``beaver``
        while the box's double is answered, ``play`` (a legal play) when the team has rolled.

        Proposals are shown to the team; they bind nobody (the captain's choice stands).  They are
        cleared when the board turn or the cube decision moves on.
        """
        cur = self._running()
        member = cur.member(name)
        if not member.playing:
            raise illegal("not_in_game", f"{name!r} is out of this game", player=name)
        if action not in _PROPOSALS:
            raise illegal("bad_proposal", f"unknown proposal {action!r}")
        text = play.notation() if isinstance(play, Play) else str(play).strip()
        if action == "play":
            if cur.game.phase is not Phase.MOVE or cur.game.turn != TEAM:
                raise illegal("not_your_turn", "the team has no dice to play")
            if not text:
                raise illegal("bad_proposal", "a proposed play needs its moves")
            # the board checks the play and writes it so that it reads back as the same play
            # (the intermediate point only where GNU Backgammon's notation is ambiguous)
            board = replace(cur.game, steps=(), used=()).play(TEAM, play)
            text = str(board.log[-1].value[0])
        elif text:
            raise illegal("bad_proposal", f"a {action} proposal carries no play")
        elif action in ("double", "no_double"):
            if cur.game.phase is not Phase.ROLL or cur.game.turn != TEAM:
                raise illegal("not_your_turn", "the team doubles on its turn before rolling")
        elif cur.game.phase is not Phase.DOUBLED or cur.game.turn != BOX:
            raise illegal("no_double_pending", "the box has not doubled")
        kept = tuple(p for p in cur.proposals if p.player != name)
        return replace(self, current=replace(cur, proposals=(*kept, Proposal(name, action, text))))

    def vote(self, name: str, agree: bool) -> Chouette:
        """A team member's vote on doubling the box (the first "yes" opens the vote).

        The double is offered to the box once every member still in the game agreed; any "no"
        closes the vote without a double.
        """
        cur = self._running()
        member = cur.member(name)
        if not member.playing:
            raise illegal("not_in_game", f"{name!r} is out of this game", player=name)
        _no_resign(cur)
        if cur.vote is None:
            if not agree:
                raise illegal("no_vote", "no double is being voted on")
            self._check_double(name)
            votes: tuple[str, ...] = (name,)
        elif name in cur.vote:
            raise illegal("already_voted", f"{name!r} has already voted", player=name)
        elif not agree:
            return replace(self._note(name, "vote", "no"), current=replace(cur, vote=None))
        else:
            votes = (*cur.vote, name)
        noted = self._note(name, "vote", "yes")
        if set(cur.playing) <= set(votes):
            game = cur.game.double(TEAM)
            value = cur.game.cube.next_value(self.options)
            noted = noted._note(cur.captain, "double", value)
            return noted._with(replace(cur, vote=None, game=game))
        return replace(noted, current=replace(cur, vote=votes))

    # -- the cube -----------------------------------------------------------------------------

    def _check_double(self, name: str) -> None:
        cur = self._running()
        _no_resign(cur)
        seat = BOX if name == cur.box else TEAM
        if seat == TEAM:
            member = cur.member(name)
            if not member.playing:
                raise illegal("not_in_game", f"{name!r} is out of this game", player=name)
        cur.game.double(seat)  # the board's own checks: turn, phase, owner, limit, options
        for m in cur.members:
            if m.playing and m.cube.next_value(self.options) > self.options.cube_limit:
                raise illegal("cube_at_limit", f"{m.name!r}'s cube is at the limit", player=m.name)

    def double(self, name: str) -> Chouette:
        """The box doubles the team; a team member's double is his "yes" to the team's vote."""
        cur = self._running()
        if name != cur.box:
            return self.vote(name, True)
        self._check_double(name)
        value = cur.game.cube.next_value(self.options)
        return self._note(name, "double", value)._with(replace(cur, game=cur.game.double(BOX)))

    def take(self, name: str) -> Chouette:
        """Take the pending double: a member takes the box's double, or the box the team's."""
        cur = self._running()
        if name == cur.box:
            self._expect_offer(cur, by=TEAM)
            members = tuple(
                replace(m, cube=m.cube.taken(BOX, self.options)) if m.playing else m
                for m in cur.members
            )
            noted = self._note(name, "take", cur.game.cube.next_value(self.options))
            return noted._with(replace(cur, members=members, game=cur.game.take(BOX)))
        member = self._undecided(cur, name)
        noted = self._note(name, "take", member.cube.next_value(self.options))
        return noted._settle_cube(_set_member(cur, replace(member, answer="take")))

    def pass_(self, name: str) -> Chouette:
        """Pass the pending double: pay the current stake and be out of the game.

        The box passing the team's double pays every member still in the game his stake and
        loses the game.
        """
        cur = self._running()
        if name == cur.box:
            self._expect_offer(cur, by=TEAM)
            payments = [
                Payment(cur.number, name, m.name, m.cube.value, "box_pass")
                for m in cur.members
                if m.playing
            ]
            noted = self._note(name, "pass", sum(p.amount for p in payments))
            return noted._paid(*payments)._finish(cur, GameEnd(True, "box_pass"))
        member = self._undecided(cur, name)
        payment = Payment(cur.number, name, cur.box, member.cube.value, "pass")
        cur = _set_member(cur, replace(member, status="passed", answer=None))
        return self._note(name, "pass", payment.amount)._paid(payment)._settle_cube(cur)

    def beaver(self, name: str) -> Chouette:
        """Beaver the pending double (option ``beaver``).

        A team member beavers his own stake against the box's double (the box then accepts or
        refuses it, member by member); the box beavers the team's double (every member then
        accepts or refuses it).
        """
        cur = self._running()
        if not self.options.beaver:
            raise illegal("beaver_not_allowed", "beavers are not played at this table")
        if name == cur.box:
            self._expect_offer(cur, by=TEAM)
            for m in cur.members:
                if m.playing and m.cube.beavered(BOX, self.options).value > self.options.cube_limit:
                    raise illegal("cube_at_limit", "a beaver would pass the cube limit")
            value = cur.game.cube.beavered(BOX, self.options).value
            noted = self._note(name, "beaver", value)
            return noted._with(replace(cur, game=cur.game.beaver(BOX)))
        member = self._undecided(cur, name)
        value = member.cube.beavered(TEAM, self.options).value
        if value > self.options.cube_limit:
            raise illegal("cube_at_limit", "a beaver would pass the cube limit", player=name)
        noted = self._note(name, "beaver", value)
        return replace(noted, current=_set_member(cur, replace(member, answer="beaver")))

    def accept_beaver(self, name: str, member: str | None = None) -> Chouette:
        """Accept a beaver: the box accepts ``member``'s beaver, or a member accepts the box's."""
        cur = self._running()
        if name == cur.box:
            m = self._beavering(cur, member)
            noted = self._note(name, "beaver_accept", m.name)
            return noted._settle_cube(_set_member(cur, replace(m, answer="beaver_accepted")))
        m = self._box_beaver_answer(cur, name)
        noted = self._note(name, "beaver_accept")
        return noted._settle_cube(_set_member(cur, replace(m, answer="accept")))

    def refuse_beaver(self, name: str, member: str | None = None) -> Chouette:
        """Refuse a beaver, losing the doubled stake.

        The box refusing ``member``'s beaver pays him the doubled stake (he is out of the game,
        paid); a member refusing the box's beaver pays the box the doubled stake and is out.
        """
        cur = self._running()
        if name == cur.box:
            m = self._beavering(cur, member)
            amount = m.cube.next_value(self.options)
            payment = Payment(cur.number, name, m.name, amount, "beaver_refused")
            cur = _set_member(cur, replace(m, status="won", answer=None))
            noted = self._note(name, "beaver_refuse", m.name, amount)
            return noted._paid(payment)._settle_cube(cur)
        m = self._box_beaver_answer(cur, name)
        amount = m.cube.next_value(self.options)
        payment = Payment(cur.number, name, cur.box, amount, "pass")
        cur = _set_member(cur, replace(m, status="passed", answer=None))
        return self._note(name, "beaver_refuse", amount)._paid(payment)._settle_cube(cur)

    def _expect_offer(self, cur: ChouetteGame, *, by: int) -> None:
        if cur.game.phase is not Phase.DOUBLED or cur.game.turn != by:
            who = "the team" if by == TEAM else "the box"
            raise illegal("no_double_pending", f"{who} has not doubled")

    def _undecided(self, cur: ChouetteGame, name: str) -> Member:
        member = cur.member(name)
        if not member.playing:
            raise illegal("not_in_game", f"{name!r} is out of this game", player=name)
        self._expect_offer(cur, by=BOX)
        if member.answer is not None:
            raise illegal("already_decided", f"{name!r} has already answered", player=name)
        return member

    def _beavering(self, cur: ChouetteGame, member: str | None) -> Member:
        if member is None:
            raise illegal("no_beaver_pending", "name the member whose beaver is answered")
        m = cur.member(member)
        if not m.playing or m.answer != "beaver":
            raise illegal("no_beaver_pending", f"{member!r} has no beaver pending", player=member)
        return m

    def _box_beaver_answer(self, cur: ChouetteGame, name: str) -> Member:
        m = cur.member(name)
        if not m.playing:
            raise illegal("not_in_game", f"{name!r} is out of this game", player=name)
        if cur.game.phase is not Phase.BEAVERED or cur.game.turn != TEAM:
            raise illegal("no_beaver_pending", "the box has not beavered")
        if m.answer is not None:
            raise illegal("already_decided", f"{name!r} has already answered", player=name)
        return m

    def _settle_cube(self, cur: ChouetteGame) -> Chouette:
        """Close the cube decision once every member still in has answered; end if none is in."""
        game = cur.game
        playing = [m for m in cur.members if m.playing]
        if game.phase is Phase.DOUBLED and game.turn == BOX:
            if any(m.answer not in ("take", "beaver_accepted") for m in playing):
                return self._with(cur)
            if not playing:
                end = _team_out(cur)
                if not end.team_won:
                    cur = replace(cur, game=game.pass_(TEAM))
                return self._finish(cur, end)
            members = tuple(
                replace(
                    m,
                    cube=m.cube.taken(TEAM, self.options)
                    if m.answer == "take"
                    else m.cube.beavered(TEAM, self.options),
                    answer=None,
                )
                if m.playing
                else m
                for m in cur.members
            )
            return self._with(replace(cur, members=members, game=game.take(TEAM)))
        if game.phase is Phase.BEAVERED and game.turn == TEAM:
            if any(m.answer != "accept" for m in playing):
                return self._with(cur)
            if not playing:
                game = game.refuse_beaver(TEAM)
                return self._finish(replace(cur, game=game), _team_out(cur))
            members = tuple(
                replace(m, cube=m.cube.beavered(BOX, self.options), answer=None) if m.playing else m
                for m in cur.members
            )
            return self._with(replace(cur, members=members, game=game.accept_beaver(TEAM)))
        if not playing:
            return self._finish(cur, _team_out(cur))
        return self._with(cur)

    # -- resignations -------------------------------------------------------------------------

    def offer_resign(self, name: str, kind: WinKind = WinKind.SINGLE) -> Chouette:
        """Offer to resign a game won ``kind`` (before or after rolling, no cube decision open).

        The box offers it to the whole team: each member still in accepts (the box pays him the
        game's value for ``kind`` with his own cube; he is out) or declines (he plays on).  A
        member offers it for his own stake: the box accepts (he pays and is out) or declines.
        """
        cur = self._running()
        if cur.game.phase not in (Phase.ROLL, Phase.MOVE):
            raise illegal("resign_not_allowed", "a resignation cannot be offered now")
        if kind not in tuple(WinKind):
            raise illegal("resign_not_allowed", "resign a single, gammon or backgammon game")
        _no_resign(cur, but_members=name != cur.box)
        kind = find_variant(self.variant).recorded_kind(WinKind(kind), self.options)
        if name == cur.box:
            return self._note(name, "resign", int(kind))._with(replace(cur, resign=kind, vote=None))
        member = cur.member(name)
        if not member.playing:
            raise illegal("not_in_game", f"{name!r} is out of this game", player=name)
        if member.resign is not None:
            raise illegal("resign_pending", f"{name!r} has already offered to resign")
        cur = _set_member(cur, replace(member, resign=kind))
        return self._note(name, "resign", int(kind))._with(replace(cur, vote=None))

    def accept_resign(self, name: str, member: str | None = None) -> Chouette:
        """Accept a resignation: a member accepts the box's, or the box accepts ``member``'s."""
        cur = self._running()
        if name == cur.box:
            m = self._resigning(cur, member)
            assert m.resign is not None
            amount = self._points(m.resign, m.cube)
            payment = Payment(cur.number, m.name, name, amount, "resign")
            cur = _set_member(cur, replace(m, status="resigned", resign=None))
            noted = self._note(name, "resign_accept", m.name)
            return noted._paid(payment)._settle_cube(cur)
        m = self._resign_answer(cur, name)
        assert cur.resign is not None
        amount = self._points(cur.resign, m.cube)
        payment = Payment(cur.number, cur.box, name, amount, "resign")
        cur = _set_member(cur, replace(m, status="won"))
        return self._note(name, "resign_accept")._paid(payment)._settle_cube(cur)

    def decline_resign(self, name: str, member: str | None = None) -> Chouette:
        """Decline a resignation: play on."""
        cur = self._running()
        if name == cur.box:
            m = self._resigning(cur, member)
            cur = _set_member(cur, replace(m, resign=None))
            return self._note(name, "resign_decline", m.name)._with(cur)
        self._resign_answer(cur, name)
        cur = replace(cur, declined=(*cur.declined, name))
        return self._note(name, "resign_decline")._with(cur)

    def _resigning(self, cur: ChouetteGame, member: str | None) -> Member:
        if member is None:
            raise illegal("no_resign_pending", "name the member whose resignation is answered")
        m = cur.member(member)
        if not m.playing or m.resign is None:
            raise illegal("no_resign_pending", f"{member!r} has not offered to resign")
        return m

    def _resign_answer(self, cur: ChouetteGame, name: str) -> Member:
        m = cur.member(name)
        if not m.playing:
            raise illegal("not_in_game", f"{name!r} is out of this game", player=name)
        if cur.resign is None:
            raise illegal("no_resign_pending", "the box has not offered to resign")
        if name in cur.declined:
            raise illegal("already_decided", f"{name!r} has already answered", player=name)
        return m

    # -- the checkers -------------------------------------------------------------------------

    def _seat(self, cur: ChouetteGame, name: str) -> int:
        _no_resign(cur)
        game = cur.game
        if game.phase is Phase.OPENING:
            if name == cur.box:
                return BOX
            if name == cur.captain:
                return TEAM
            raise illegal("not_captain", f"only the box or the captain rolls, not {name!r}")
        seat = game.turn
        if seat is None:
            raise illegal("game_over", "the game is over")
        actor = cur.box if seat == BOX else cur.captain
        if name == actor:
            return seat
        if seat == TEAM and name in cur.playing:
            raise illegal("not_captain", f"only the captain {cur.captain!r} moves the team")
        raise illegal("not_your_turn", f"it is {actor!r}'s turn", player=actor)

    def roll(self, name: str, dice: RollDie) -> Chouette:
        """Roll (the opening roll too): the box on his turn, the (acting) captain on the team's."""
        cur = self._running()
        seat = self._seat(cur, name)
        if seat == TEAM and cur.vote is not None:
            raise illegal("vote_pending", "the team is voting on a double")
        before = cur.game.cube.auto_doubles
        game = cur.game.roll(seat, dice)
        turned = game.cube.auto_doubles - before
        if turned:
            members = cur.members
            for _ in range(turned):
                members = tuple(replace(m, cube=m.cube.auto_doubled(self.options)) for m in members)
            cur = replace(cur, members=members)
        return self._with(replace(cur, game=game))

    def add_step(self, name: str, step: Step | tuple[int, int]) -> Chouette:
        """Add one single step to the play being built."""
        cur = self._running()
        return self._with(replace(cur, game=cur.game.add_step(self._seat(cur, name), step)))

    def undo(self, name: str) -> Chouette:
        """Take back the last step of the play being built."""
        cur = self._running()
        return self._with(replace(cur, game=cur.game.undo(self._seat(cur, name))))

    def reset_play(self, name: str) -> Chouette:
        """Take back every step of the play being built."""
        cur = self._running()
        return self._with(replace(cur, game=cur.game.reset_play(self._seat(cur, name))))

    def confirm(self, name: str) -> Chouette:
        """Confirm the complete play (the turn passes; the game may end)."""
        cur = self._running()
        return self._with(replace(cur, game=cur.game.confirm(self._seat(cur, name))))

    def play(self, name: str, play: Play | str) -> Chouette:
        """Make and confirm a whole play (a :class:`Play` or its notation)."""
        cur = self._running()
        return self._with(replace(cur, game=cur.game.play(self._seat(cur, name), play)))

    # -- internals ----------------------------------------------------------------------------

    def _note(self, player: str, action: str, *value: int | str) -> Chouette:
        return replace(self, log=(*self.log, Event(self.games, player, action, value)))

    def _captain_moved_on(
        self, cur: ChouetteGame, *, wait: bool = True
    ) -> tuple[Chouette, ChouetteGame]:
        """If the captain is out, the next member still in moves for the team.

        While the members are answering the box (a double, a beaver, a resignation), the change
        waits until every one has answered (``wait``), so the order of the answers does not
        matter.
        """
        if cur.captain in cur.playing or not cur.playing:
            return self, cur
        if wait and _members_answering(cur):
            return self, cur
        acting = cur.playing[0]
        return self._note(acting, "acting_captain"), replace(cur, captain=acting)

    def _points(self, kind: WinKind, cube: CubeState) -> int:
        """What a game won ``kind`` is worth with ``cube``, as the variant counts it (the same
        scoring as a two-player game: a long nardy koks is a mars without the ``koks`` option)."""
        return find_variant(self.variant).counted(kind, cube, self.options, True)[1]

    def _paid(self, *payments: Payment) -> Chouette:
        return replace(self, ledger=self.ledger.paid(*(p for p in payments if p.amount)))

    def _with(self, cur: ChouetteGame) -> Chouette:
        """Store ``cur`` after a transition: refresh the captain, clear stale proposals, and
        settle a game the board has ended."""
        old = self.current
        if old is not None and (old.game.phase, old.game.turn) != (cur.game.phase, cur.game.turn):
            cur = replace(cur, proposals=())
        if cur.resign is not None and set(cur.playing) <= set(cur.declined):
            cur = replace(cur, resign=None, declined=())
        noted, cur = self._captain_moved_on(cur)
        result = cur.game.result
        if result is not None and cur.end is None and result.reason is Reason.BEAR_OFF:
            return noted._settle_board(cur)
        if result is not None and cur.end is None and result.reason is Reason.DRAW:
            return noted._finish(cur, GameEnd(False, "draw"))
        return replace(noted, current=cur)

    def _settle_board(self, cur: ChouetteGame) -> Chouette:
        result = cur.game.result
        if result is None or result.winner is None or result.kind is None:
            raise ValueError("the board game has no winner")
        team_won = result.winner == TEAM
        payments = []
        for m in cur.members:
            if not m.playing:
                continue
            amount = self._points(result.kind, m.cube)
            payer, payee = (cur.box, m.name) if team_won else (m.name, cur.box)
            payments.append(Payment(cur.number, payer, payee, amount, "result"))
        kind = find_variant(self.variant).recorded_kind(result.kind, self.options)
        return self._paid(*payments)._finish(cur, GameEnd(team_won, "bear_off", kind))

    def _finish(self, cur: ChouetteGame, end: GameEnd) -> Chouette:
        """End the game: rotate the seats, remove the leavers, seat the waiting players."""
        noted, cur = self._captain_moved_on(cur, wait=False)
        members = tuple(replace(m, answer=None, resign=None) for m in cur.members)
        cur = replace(
            cur, members=members, end=end, vote=None, proposals=(), resign=None, declined=()
        )
        noted = noted._note(
            cur.captain,
            "end",
            int(end.team_won),
            end.reason,
            0 if end.kind is None else int(end.kind),
        )
        roster = self.roster.rotated(end.team_won, cur.captain)
        for name in cur.leaving:
            roster = roster.without(name)
        for name in self.waiting:
            roster = roster.joined(name)
        return replace(noted, current=cur, roster=roster, waiting=())

    # -- serialisation ------------------------------------------------------------------------

    def compacted(self) -> Chouette:
        """The session without what only older games needed: the payments of the games before
        the last two (the current or last one, and the one before it) summed into the ledger's
        carried balances, and their events dropped.  Balances and everything about the recent
        games stay the same; a saved session no longer grows with the games played.  (A
        transition's events are still ``new.log[len(old.log):]`` when ``old`` is compacted.)"""
        cur = self.current
        if cur is None:
            return self
        keep = cur.number - 1
        ledger = self.ledger.folded(keep)
        log = tuple(e for e in self.log if e.game >= keep)
        if ledger is self.ledger and len(log) == len(self.log):
            return self
        return replace(self, ledger=ledger, log=log)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict with the schema version under ``"v"``."""
        out: dict[str, Any] = {
            "v": SCHEMA_VERSION,
            "kind": "chouette",
            "variant": self.variant,
            "options": self.options.to_dict(),
            "roster": self.roster.to_dict(),
            "ledger": self.ledger.to_dict(),
            "games": self.games,
        }
        if self.seating is not None:
            out["seating"] = {
                "rounds": [[list(r) for r in rnd] for rnd in self.seating.rounds],
                "order": list(self.seating.order),
            }
        if self.current is not None:
            out["current"] = self.current.to_dict()
        if self.waiting:
            out["waiting"] = list(self.waiting)
        if self.log:
            out["log"] = [e.to_list() for e in self.log]
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Chouette:
        """Rebuild a chouette from :meth:`to_dict`.

        A newer or unknown schema version raises :class:`engine.errors.UnsupportedSchema`; a
        malformed or inconsistent state raises :class:`engine.errors.EngineError` with the code
        ``corrupt_state``.
        """
        _check_schema(data)
        try:
            seating = data.get("seating")
            current = data.get("current")
            chouette = cls(
                options=Options.from_dict(dict(data.get("options", {}))),
                roster=Roster.from_dict(data["roster"]),
                ledger=Ledger.from_dict(data["ledger"]),
                seating=None
                if seating is None
                else SeatingRoll(
                    tuple(tuple((str(n), int(d)) for n, d in rnd) for rnd in seating["rounds"]),
                    tuple(str(n) for n in seating["order"]),
                ),
                games=int(data["games"]),
                current=None if current is None else ChouetteGame.from_dict(current),
                waiting=tuple(str(n) for n in data.get("waiting", ())),
                variant=str(data.get("variant", "backgammon")),
                log=tuple(Event.from_list(e) for e in data.get("log", ())),
            )
        except UnsupportedSchema:
            raise
        except EngineError as exc:
            raise EngineError(f"corrupt chouette state: {exc}", code="corrupt_state") from exc
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise EngineError(f"corrupt chouette state: {exc!r}", code="corrupt_state") from exc
        chouette._validate()
        return chouette

    def _validate(self) -> None:
        cur = self.current
        problems = []
        if self.games < (0 if cur is None else cur.number) or (cur is not None and cur.number < 1):
            problems.append("the game number and the count of games disagree")
        if set(self.waiting) & set(self.roster.players):
            problems.append("a waiting player is seated")
        if cur is not None and not cur.is_over:
            if cur.box != self.roster.box or tuple(m.name for m in cur.members) != self.roster.team:
                problems.append("the running game and the roster disagree")
            if cur.captain not in {m.name for m in cur.members}:
                problems.append("the captain is not a team member")
            if not set(cur.leaving) <= set(self.roster.players):
                problems.append("a leaving player is not seated")
        if problems:
            raise EngineError(
                f"corrupt chouette state: {'; '.join(problems)}", code="corrupt_state"
            )


def _check_schema(data: object) -> None:
    """Refuse anything but a chouette dict of :data:`SCHEMA_VERSION`."""
    check_schema(data, "chouette", SCHEMA_VERSION)
    assert isinstance(data, dict)
    if data.get("kind") != "chouette":
        raise EngineError(
            f"the saved state is not a chouette (kind {data.get('kind')!r})", code="corrupt_state"
        )


_BOARD_ACTIONS = frozenset(
    {
        ActionKind.ROLL,
        ActionKind.STEP,
        ActionKind.UNDO,
        ActionKind.RESET,
        ActionKind.CONFIRM,
        ActionKind.PLAY,
    }
)


def _succeeds(attempt: Callable[[], object]) -> bool:
    try:
        attempt()
    except IllegalAction:
        return False
    return True


def _no_resign(cur: ChouetteGame, *, but_members: bool = False) -> None:
    """Refuse while a resignation waits for an answer (``but_members``: members' own offers are
    no obstacle)."""
    if cur.resign is not None or (
        not but_members and any(m.resign is not None for m in cur.members)
    ):
        raise illegal("resign_pending", "a resignation is offered: accept or decline it first")


def _members_answering(cur: ChouetteGame) -> bool:
    """True while the members answer the box one by one (his double, beaver or resignation)."""
    game = cur.game
    return (
        (game.phase is Phase.DOUBLED and game.turn == BOX)
        or (game.phase is Phase.BEAVERED and game.turn == TEAM)
        or cur.resign is not None
    )


def _team_out(cur: ChouetteGame) -> GameEnd:
    """The end of a game in which no member is left: the team lost, unless the captain (the
    one acting when the last cube decision began) was paid off by the box refusing his beaver."""
    captain = cur.member(cur.captain)
    return GameEnd(captain.status == "won", "team_out")


def _find(cur: ChouetteGame, name: str) -> Member | None:
    for m in cur.members:
        if m.name == name:
            return m
    return None


def _set_member(cur: ChouetteGame, member: Member) -> ChouetteGame:
    members = tuple(member if m.name == member.name else m for m in cur.members)
    return replace(cur, members=members)


def _committed(member: Member, options: Options, game: Game) -> int:
    """What a member has at stake when he (or the box) leaves: the value he has agreed to.

    During the box's beaver of the team's double the box has accepted the team's double, so an
    undecided member stands at the doubled stake (refusing the beaver costs him that much).
    """
    if member.answer in ("take", "beaver"):
        return member.cube.next_value(options)
    if member.answer == "beaver_accepted":
        return member.cube.beavered(TEAM, options).value
    if member.answer == "accept":
        return member.cube.beavered(BOX, options).value
    if game.phase is Phase.BEAVERED:
        return member.cube.next_value(options)
    return member.cube.value


__all__ = [
    "BOX",
    "SCHEMA_VERSION",
    "TEAM",
    "Chouette",
    "ChouetteGame",
    "Event",
    "GameEnd",
    "Member",
    "PaymentReason",
    "Proposal",
]
