"""Invitations: ``invite NAME`` keeps the free seat of a two-player table for that user (for
:data:`INVITE_HOLD` seconds, or until ``invite off`` or the lobby's *Free the seat* button);
elsewhere it announces the invitation.
:func:`reserved_for` tells the lobby whom a kept seat waits for."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from bot.app.context import Context, Refused, usage
from bot.app.options import lobby_message
from bot.app.table import Table
from bot.app.types import ClearButtons, SendText, User

INVITE_HOLD = 24 * 3600.0
"""Seconds a seat stays kept for an invited user."""

INVITE_OFF = frozenset({"off", "cancel", "none", "-"})
"""``invite off``: the inviter frees the kept seat."""

_MENTION_RE = re.compile(r"<@!?(\d+)>\Z")


def invitee_key(word: str) -> str:
    """How an invited user is recognised: a mention (``<@123>``) gives the platform id, else the
    name without a leading ``@``, spaces and case."""
    found = _MENTION_RE.match(word.strip())
    if found is not None:
        return found.group(1)
    return "".join(word.strip().lstrip("@").split()).lower()


def is_invitee(invitee: str, user: User) -> bool:
    """Whether ``user`` is the invited user: by platform id or by display name."""
    return invitee in (user.id, "".join(user.name.split()).lower())


def reserved_for(table: Table, user: User, now: float) -> str | None:
    """The invitee (as the inviter wrote him) the table's free seat is kept for, when that is
    not ``user``; else ``None``."""
    held = table.lobby.held
    if held is None or not table.seat_kept(now) or is_invitee(held[0], user):
        return None
    return next((w for w in reversed(table.lobby.invited) if invitee_key(w) == held[0]), held[0])


def free_seat(ctx: Context, table: Table, action: str, args: tuple[Any, ...]) -> Table:
    """The lobby's *Free the seat* button: ``invite off``."""
    return invite(ctx, table, "invite", ("off",))


def invite(ctx: Context, table: Table, action: str, args: tuple[Any, ...]) -> Table:
    """``invite NAME`` / ``invite off`` by a seated player."""
    me = ctx.user.ref
    if table.seat_of(me) is None:
        raise Refused("error-not-seated")
    if len(args) != 1:
        raise usage("invite")
    word = str(args[0])[:64]
    if word.lower() in INVITE_OFF:
        if table.lobby.held is None or table.lobby.held[1] != me:
            raise usage("invite")
        new = table.bumped(lobby=replace(table.lobby, held=None))
        buttons = lobby_message(ctx, new).buttons if new.stage == "lobby" else ()
        if ctx.update.button is not None and ctx.update.message is not None:
            ctx.replies.append(ClearButtons(ctx.update.message))
        ctx.replies.append(SendText(ctx.tr("app-invite-cancelled"), buttons))
        return new
    invitee = invitee_key(word)
    if not invitee:
        raise usage("invite")
    text = ctx.tr("table-invited", player=ctx.user.name, invitee=word)
    holding = table.mode != "chouette" and table.stage == "lobby" and len(table.seats) == 1
    invited = (*table.lobby.invited, word)[-8:]
    if not holding:
        ctx.replies.append(SendText(text))
        return replace(table, lobby=replace(table.lobby, invited=invited))
    held = (invitee, me, ctx.now + INVITE_HOLD)
    new = table.bumped(lobby=replace(table.lobby, invited=invited, held=held))
    text += "\n" + ctx.tr("table-seat-reserved", invitee=word)
    if ctx.update.message is not None:
        ctx.replies.append(ClearButtons(ctx.update.message))
    ctx.replies.append(SendText(text, lobby_message(ctx, new).buttons))
    return new
