"""The chouette's table: the seating roll, the roster and the session ledger.

These are the parts of a chouette (RULES.md 4) that do not depend on the board: who sits where,
how the seats turn over after a game, and who owes whom.  :mod:`engine.chouette` combines them
with the play of the board.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from engine.errors import EngineError, IllegalAction

#: A source of single dice: each call returns one number from 1 to 6 (injected; the engine has no
#: randomness of its own).
RollDie = Callable[[], int]


def illegal(code: str, message: str, **params: object) -> IllegalAction:
    """An :class:`IllegalAction` carrying the machine-readable ``code`` and its ``params``."""
    return IllegalAction(message, code=code, params=params)


# -- the seating roll ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatingRoll:
    """The one-die rolls that seated the players, and the order they produced.

    ``rounds`` holds every round in the order it was rolled: the first round is everybody's roll;
    each later round is a re-roll among players who tied.  ``order`` is the ranking: box first,
    then the captain, then the rest of the team.
    """

    rounds: tuple[tuple[tuple[str, int], ...], ...]
    order: tuple[str, ...]


def check_players(players: Sequence[str]) -> tuple[str, ...]:
    """The players as a tuple, after checking there are at least three distinct non-empty names."""
    names = tuple(players)
    if len(names) < 3:
        raise illegal("too_few_players", f"a chouette needs at least 3 players, not {len(names)}")
    for name in names:
        if not isinstance(name, str) or not name:
            raise illegal("bad_player", f"a player must be a non-empty string, not {name!r}")
    if len(set(names)) != len(names):
        raise illegal("duplicate_player", f"a player is listed twice in {names!r}")
    return names


def roll_for_seats(players: Sequence[str], roll_die: RollDie) -> SeatingRoll:
    """Seat the players: each rolls one die; ties are re-rolled among the tied players only.

    The highest is the box, the second the captain, the rest join the team in the order of their
    rolls.  Tied players re-roll in the order they are listed.

    >>> dice = iter([3, 5, 5, 2, 6, 1])
    >>> seating = roll_for_seats(["ann", "bob", "cid", "dan"], lambda: next(dice))
    >>> seating.order
    ('bob', 'cid', 'ann', 'dan')
    >>> seating.rounds
    ((('ann', 3), ('bob', 5), ('cid', 5), ('dan', 2)), (('bob', 6), ('cid', 1)))
    """
    names = check_players(players)
    rounds: list[tuple[tuple[str, int], ...]] = []

    def rank(group: tuple[str, ...]) -> list[str]:
        rolls = tuple((name, _die(roll_die)) for name in group)
        rounds.append(rolls)
        ordered: list[str] = []
        for value in sorted({die for _, die in rolls}, reverse=True):
            tied = tuple(name for name, die in rolls if die == value)
            ordered.extend(tied if len(tied) == 1 else rank(tied))
        return ordered

    order = tuple(rank(names))
    return SeatingRoll(tuple(rounds), order)


def _die(roll_die: RollDie) -> int:
    value = roll_die()
    if not isinstance(value, int) or not 1 <= value <= 6:
        raise illegal("bad_die", f"a die shows 1 to 6, not {value!r}")
    return value


# -- the roster ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Roster:
    """Who sits where: the box, and the team in order with the captain first.

    >>> r = Roster.from_order(("box", "cap", "m2", "m3"))
    >>> r.captain, r.team
    ('cap', ('cap', 'm2', 'm3'))
    >>> r.rotated(team_won=False, captain="cap").team
    ('m2', 'm3', 'cap')
    >>> r.rotated(team_won=True, captain="cap")
    Roster(box='cap', team=('m2', 'm3', 'box'))
    """

    box: str
    team: tuple[str, ...]

    def __post_init__(self) -> None:
        if not self.team:
            raise illegal("too_few_players", "the team needs at least one player (the captain)")
        names = self.players
        if any(not isinstance(n, str) or not n for n in names):
            raise illegal("bad_player", f"a player must be a non-empty string in {names!r}")
        if len(set(names)) != len(names):
            raise illegal("duplicate_player", f"a player sits twice in {names!r}")

    @classmethod
    def from_order(cls, order: Sequence[str]) -> Roster:
        """The roster from a ranking: box, captain, then the rest of the team."""
        return cls(order[0], tuple(order[1:]))

    @property
    def captain(self) -> str:
        """The captain: the first of the team."""
        return self.team[0]

    @property
    def players(self) -> tuple[str, ...]:
        """Everybody, box first, then the team in order."""
        return (self.box, *self.team)

    def __contains__(self, name: object) -> bool:
        return name == self.box or name in self.team

    def rotated(self, team_won: bool, captain: str) -> Roster:
        """The roster for the next game (RULES.md 4), ``captain`` being who captained at the end.

        Team lost: the member after the captain becomes captain, the captain goes to the end of
        the team, the box stays.  Team won: the captain goes into the box, the member after him
        becomes captain and the old box takes the last place in the team.

        ``captain`` is normally the team's first member; when the captain passed a double and an
        acting captain took over, the acting captain counts.  The team is then taken as a circle
        starting after him (the players before him follow the players after him), so the order
        is the one a string of ordinary rotations would have produced.
        """
        if captain not in self.team:
            raise illegal("not_team_member", f"{captain!r} is not in the team {self.team!r}")
        i = self.team.index(captain)
        rest = self.team[i + 1 :] + self.team[:i]
        if team_won:
            return Roster(captain, (*rest, self.box))
        return Roster(self.box, (*rest, captain))

    def joined(self, name: str) -> Roster:
        """The roster with ``name`` added at the end of the team."""
        if name in self:
            raise illegal("already_seated", f"{name!r} already sits at this chouette")
        return Roster(self.box, (*self.team, name))

    def without(self, name: str) -> Roster:
        """The roster without ``name``; if he was the box, the captain moves into the box."""
        if name not in self:
            raise illegal("unknown_player", f"{name!r} does not sit at this chouette")
        if len(self.team) < 2:
            raise illegal("too_few_players", "a chouette needs a box and a captain")
        if name == self.box:
            return Roster(self.team[0], self.team[1:])
        return Roster(self.box, tuple(n for n in self.team if n != name))

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict of the roster."""
        return {"box": self.box, "team": list(self.team)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Roster:
        """The roster from :meth:`to_dict`'s output."""
        return cls(str(data["box"]), tuple(str(n) for n in data["team"]))


# -- the ledger ---------------------------------------------------------------------------------

PaymentReason = Literal["pass", "leave", "result", "box_pass", "beaver_refused", "resign"]


@dataclass(frozen=True, slots=True)
class Payment:
    """``payer`` pays ``amount`` points to ``payee`` in game number ``game``, for ``reason``.

    Reasons: ``pass`` (a team member passed the box's double, or refused the box's beaver),
    ``leave`` (left during the game), ``result`` (the game was played out), ``box_pass`` (the
    box passed the team's double), ``beaver_refused`` (the box refused a member's beaver),
    ``resign`` (a resignation was accepted).
    """

    game: int
    payer: str
    payee: str
    amount: int
    reason: PaymentReason

    def to_list(self) -> list[Any]:
        """A compact JSON-able form."""
        return [self.game, self.payer, self.payee, self.amount, self.reason]

    @classmethod
    def from_list(cls, data: Sequence[Any]) -> Payment:
        """The payment from :meth:`to_list`'s output."""
        game, payer, payee, amount, reason = data
        if reason not in ("pass", "leave", "result", "box_pass", "beaver_refused", "resign"):
            raise EngineError(f"unknown payment reason {reason!r}", code="corrupt_state")
        return cls(int(game), str(payer), str(payee), int(amount), reason)


@dataclass(frozen=True, slots=True)
class Ledger:
    """The running account of a chouette session: every payment, and everybody's balance.

    Every entry moves points from one player to another, so the balances always sum to zero.
    ``carried`` are the balances (in the order of ``seen``, trailing zeros left out) of the
    payments :meth:`folded` away: a long session keeps only its recent payments.

    >>> ledger = Ledger().paid(Payment(1, "cap", "box", 2, "result"))
    >>> ledger.balances()
    {'cap': -2, 'box': 2}
    """

    payments: tuple[Payment, ...] = ()
    seen: tuple[str, ...] = field(default=())
    carried: tuple[int, ...] = ()

    def paid(self, *payments: Payment) -> Ledger:
        """The ledger with ``payments`` added."""
        seen = list(self.seen)
        for p in payments:
            if p.amount <= 0:
                raise EngineError(f"a payment must be positive, not {p.amount}", code="bad_payment")
            if p.payer == p.payee:
                raise EngineError(f"{p.payer!r} cannot pay himself", code="bad_payment")
            for name in (p.payer, p.payee):
                if name not in seen:
                    seen.append(name)
        return Ledger((*self.payments, *payments), tuple(seen), self.carried)

    def with_players(self, names: Iterable[str]) -> Ledger:
        """The ledger listing ``names`` among its players (with a zero balance if new)."""
        seen = list(self.seen)
        seen.extend(n for n in names if n not in seen)
        return Ledger(self.payments, tuple(seen), self.carried)

    def folded(self, game: int) -> Ledger:
        """The ledger with the payments of the games before ``game`` summed into
        :attr:`carried` (the balances stay the same; what they were paid for is forgotten)."""
        old = [p for p in self.payments if p.game < game]
        if not old:
            return self
        totals = dict(zip(self.seen, self.carried, strict=False))
        for p in old:
            totals[p.payer] = totals.get(p.payer, 0) - p.amount
            totals[p.payee] = totals.get(p.payee, 0) + p.amount
        carried = tuple(totals.get(n, 0) for n in self.seen)
        while carried and not carried[-1]:
            carried = carried[:-1]
        kept = tuple(p for p in self.payments if p.game >= game)
        return Ledger(kept, self.seen, carried)

    def balances(self) -> dict[str, int]:
        """Each player's net result, in the order players first appeared; sums to zero."""
        totals = dict.fromkeys(self.seen, 0)
        totals.update(zip(self.seen, self.carried, strict=False))
        for p in self.payments:
            totals[p.payer] -= p.amount
            totals[p.payee] += p.amount
        return totals

    def game_balances(self, game: int) -> dict[str, int]:
        """Each player's net result in game number ``game`` alone."""
        totals: dict[str, int] = {}
        for p in self.payments:
            if p.game == game:
                totals[p.payer] = totals.get(p.payer, 0) - p.amount
                totals[p.payee] = totals.get(p.payee, 0) + p.amount
        return totals

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict of the ledger."""
        out: dict[str, Any] = {
            "players": list(self.seen),
            "payments": [p.to_list() for p in self.payments],
        }
        if self.carried:
            out["carried"] = list(self.carried)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Ledger:
        """The ledger from :meth:`to_dict`'s output."""
        payments = tuple(Payment.from_list(p) for p in data["payments"])
        ledger = cls().with_players(str(n) for n in data["players"]).paid(*payments)
        carried = data.get("carried", [])
        if (
            not isinstance(carried, list)
            or len(carried) > len(ledger.seen)
            or not all(type(v) is int for v in carried)
            or sum(carried)
            or (carried and not carried[-1])
        ):
            raise EngineError(f"corrupt carried balances {carried!r}", code="corrupt_state")
        return Ledger(ledger.payments, ledger.seen, tuple(carried))
