"""Taking a seat by invitation, as one use case: a card pressed in any chat (the table opened
for the inviter if it has no game, with his move clock, and the presser seated) or a link
followed (the presser seated at the table it names).

A surface only translates: it checks the card's or the link's signature, then calls
:func:`accept_card` or :func:`follow_link` and shows the :class:`Seating` it gets back.  Each
step is an update of its own, named after the surface's update (``{update_id}:new``,
``{update_id}:clock``, ``{update_id}``), so that an update delivered again does nothing twice.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.app.app import App
from bot.app.types import NotApplied, Reply, SendText, Toast, Update, User
from bot.i18n import negotiate, t
from bot.store import TableKey

__all__ = ["Seating", "accept_card", "follow_link"]


@dataclass(frozen=True)
class Seating:
    """What came of an invitation: ``seated`` whether the user has a seat now; ``again`` he
    had one already (the press or the link used again: nothing was done); ``replies`` what
    the table shows (its lobby, the board of the game that began); ``refusal`` why he has no
    seat, in his language (``None`` when seated)."""

    seated: bool
    again: bool = False
    replies: list[Reply] = field(default_factory=list)
    refusal: str | None = None


async def seated(app: App, key: TableKey, user: User) -> bool:
    """Whether ``user`` has a seat at the game at ``key`` (not one that is over)."""
    facts = await app.facts(key)
    return facts is not None and facts.plays(user.ref)


async def accept_card(
    app: App,
    key: TableKey,
    update_id: str,
    *,
    inviter: User,
    new_args: str,
    clock: str,
    user: User,
    computer: bool = False,
) -> Seating:
    """``user`` pressed ``inviter``'s card for the game ``/new {new_args}`` (with the move
    clock ``clock``; empty: none) at table ``key``; ``computer``: the card is for a game
    against the computer, which its own author may take too."""
    if inviter.ref == user.ref and not computer:
        return Seating(False, refusal=t(negotiate(user.language), "invite-own-card"))
    facts = await app.facts(key)
    if facts is not None and facts.plays(user.ref):  # a press delivered again: the game is on
        return Seating(True, again=True)
    replies: list[Reply] = []
    if facts is None or facts.stage == "over":
        replies += await app.handle(
            Update(key, inviter, f"{update_id}:new", text=f"/new {new_args}")
        )
        if clock:
            replies += await app.handle(
                Update(key, inviter, f"{update_id}:clock", text=f"/clock {clock}")
            )
    return await _join(app, key, update_id, user, replies, card=True)


async def follow_link(app: App, key: TableKey, update_id: str, user: User) -> Seating:
    """``user`` followed a link to the table at ``key``: he takes its free seat."""
    if await seated(app, key, user):  # a link used again, or the same one delivered again
        return Seating(True, again=True)
    return await _join(app, key, update_id, user, [])


async def _join(
    app: App, key: TableKey, update_id: str, user: User, replies: list[Reply], *, card: bool = False
) -> Seating:
    joined = await app.handle(Update(key, user, update_id, text="/join", card=card))
    if await seated(app, key, user):
        return Seating(True, replies=replies + joined)
    shown = [r.shown if isinstance(r, NotApplied) else r for r in joined]
    refusal = next((r.text for r in shown if isinstance(r, Toast | SendText)), None)
    return Seating(False, replies=joined, refusal=refusal)
