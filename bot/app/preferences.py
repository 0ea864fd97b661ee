"""A table's settings (board as image or text, home side, swapped sides, auto-roll) and the
user's language: ``settings`` shows them with buttons, ``settings KEY VALUE`` changes one."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.app.context import Context, Refused, refusal_reply, usage
from bot.app.payload import Payload, format_payload
from bot.app.table import Table
from bot.app.types import Button, Reply, SendText, Toast
from bot.i18n import LANGUAGES, t

SETTING_VALUES: dict[str, tuple[str, ...]] = {
    "view": ("image", "text"),
    "home": ("right", "left"),
    "swap": ("on", "off"),
    "autoroll": ("on", "off"),
    "ratings": ("on", "off"),
    "threads": ("on", "off"),
    "language": LANGUAGES,
}
"""The ``settings`` keys and their values."""

THREAD_PLATFORMS = frozenset({"discord"})
"""Platforms whose games are played in a thread of their own (the ``threads`` setting)."""

ADMIN_SETTINGS = frozenset({"ratings", "threads"})
"""Settings only an administrator of the chat changes (typed, no button)."""

SETTING_ALIASES: dict[str, str] = {
    "lang": "language",
    "board": "view",
    "auto_roll": "autoroll",
    "auto-roll": "autoroll",
    "side": "home",
}
"""Other words accepted for a ``settings`` key."""


def show(ctx: Context, table: Table, action: str, args: tuple[Any, ...]) -> None:
    """``settings``: the current settings with a button per value."""
    s = table.settings
    current = {
        "view": s.view,
        "home": s.home,
        "swap": "on" if s.swap else "off",
        "autoroll": "on" if s.auto_roll else "off",
        "ratings": "on" if s.ratings else "off",
        "threads": "on" if s.threads else "off",
        "language": ctx.lang,
    }
    rows = []
    for key, values in SETTING_VALUES.items():
        if key in ADMIN_SETTINGS:
            continue  # typed only (an administrator's), and a keyboard has five rows at most
        row = tuple(
            Button(
                ("• " if current[key] == value else "") + _label(ctx, key, value),
                format_payload(Payload("setting", (key, value), table.version)),
            )
            for value in values
        )
        rows.append(row)
    on, off = ctx.tr("app-on"), ctx.tr("app-off")
    lines = [
        ctx.tr("settings-title"),
        ctx.tr("settings-board", style=s.view),
        ctx.tr("settings-home", side=s.home),
        ctx.tr("settings-swap-sides", value=on if s.swap else off),
        ctx.tr("settings-auto-roll", value=on if s.auto_roll else off),
        ctx.tr("settings-ratings", value=on if s.ratings else off),
    ]
    if ctx.update.table.platform in THREAD_PLATFORMS:
        lines.append(ctx.tr("settings-threads", value=on if s.threads else off))
    lines.append(ctx.tr("settings-language", language=ctx.tr("language-name")))
    text = "\n".join(lines)
    ctx.replies.append(SendText(text, tuple(rows)))


def _label(ctx: Context, key: str, value: str) -> str:
    if key == "language":
        return ctx.tr(f"language-{value}")
    if key in ("swap", "autoroll", "ratings"):
        return ctx.tr(f"app-setting-{key}", state=ctx.tr(f"app-{value}"))
    return ctx.tr(f"app-setting-{key}-{value}")


def change(ctx: Context, table: Table, action: str, args: tuple[Any, ...]) -> Table:
    """``settings KEY VALUE`` (or a settings button) by a seated player; ``ratings`` and
    ``threads`` by an administrator of the chat only (anyone in a private chat)."""
    if len(args) != 2 or str(args[0]) not in SETTING_VALUES:
        raise usage("settings")
    if str(args[0]) in ADMIN_SETTINGS:
        if table.event is not None:  # a tournament game: the event's organiser decided
            raise Refused("tournament-fixed-terms")
        if not (ctx.update.admin or ctx.update.private):
            if args[0] == "ratings":
                raise Refused("settings-ratings-admin")
            raise Refused("settings-threads-admin")
    elif table.seat_of(ctx.user.ref) is None:
        raise Refused("error-not-seated")
    key, value = str(args[0]), str(args[1])
    if value not in SETTING_VALUES[key]:
        raise usage("settings")
    s = table.settings
    if key == "view":
        s = replace(s, view="text" if value == "text" else "image")
    elif key == "home":
        s = replace(s, home="left" if value == "left" else "right")
    elif key == "swap":
        s = replace(s, swap=value == "on")
    elif key == "ratings":
        s = replace(s, ratings=value == "on")
    elif key == "threads":
        s = replace(s, threads=value == "on")
    else:
        s = replace(s, auto_roll=value == "on")
    if s == table.settings:
        raise Refused("app-setting-unchanged")
    changed = replace(table, settings=s)
    if s.view != table.settings.view:
        # A board of the other kind is a new message (a picture cannot be edited into text):
        # the next board is posted, not shown on this one.
        changed = replace(changed, place=replace(changed.place, board_message=None))
    text = ctx.tr("settings-saved")
    ctx.replies.append(Toast(text) if ctx.pressed else SendText(text))
    return changed


async def language(ctx: Context, args: tuple[Any, ...]) -> list[Reply]:
    """``settings language CODE`` / ``language CODE``: the user's own language, everywhere."""
    if not args or args[0] not in LANGUAGES:
        return [refusal_reply(ctx.update, ctx.tr("error-unknown-language"))]
    lang = str(args[0])

    def choose(data: dict[str, Any]) -> None:
        data["lang"] = lang

    await ctx.users.change(ctx.user.key, choose, update_id=ctx.update.update_id)
    ctx.users.remember_language(ctx.user, lang)
    text = t(lang, "settings-language", language=t(lang, "language-name"))
    return [Toast(text) if ctx.pressed else SendText(text)]
