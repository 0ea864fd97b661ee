"""A table's options: the ``name=value`` words ``new`` accepts, the on/off toggles the lobby
offers, and the lobby's message with those buttons (:func:`lobby_message`)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.app import display
from bot.app.context import Context, Refused
from bot.app.hint import asks_agreement, lobby_hints
from bot.app.payload import Payload, format_payload
from bot.app.table import Table
from bot.app.types import Button, SendText
from engine.cube import Options
from engine.errors import EngineError
from engine.game import find_variant

OPTION_NAMES: tuple[str, ...] = (
    "jacoby",
    "beaver",
    "auto_doubles",
    "max_auto_doubles",
    "backgammon_counts",
    "cube_progression",
    "gammons_with_cube",
    "cube_limit",
    "cube",
    "last_roll_draw",
    "draw_points",
    "next_game_starts",
    "koks",
    "prime_rule",
    "hints",
)
"""The table options ``new`` accepts as ``name=value`` (``koks``, ``prime_rule``: long nardy;
``hints``: the table's, not the game's, :mod:`bot.app.hint`)."""

TOGGLES: tuple[str, ...] = (
    "jacoby",
    "beaver",
    "auto_doubles",
    "cube",
    "gammons_with_cube",
    "hints",
)
"""Options the lobby offers as on/off buttons."""

_NUMBERS = ("cube_limit", "max_auto_doubles", "backgammon_counts")


def option_value(name: str, value: str) -> Any:
    """The value of option ``name`` written ``value`` (refused when not one)."""
    if name not in OPTION_NAMES:
        raise Refused("app-unknown-option", option=name[:32], options=", ".join(OPTION_NAMES))
    if value in ("on", "yes", "true", "1") and name not in _NUMBERS:
        return True
    if value in ("off", "no", "false", "0") and name not in _NUMBERS:
        return False
    if name in _NUMBERS:
        if not (value.isascii() and value.isdigit()) or len(value) > 4:
            raise Refused("app-bad-option", option=name, value=value[:16])
        return int(value)
    if name == "draw_points" and value not in ("half", "one"):
        raise Refused("app-bad-option", option=name, value=value[:16])
    if name in ("cube_progression", "next_game_starts", "draw_points"):
        return value
    raise Refused("app-bad-option", option=name, value=value[:16])


def variant_options(variant: str, changes: dict[str, Any]) -> Options:
    """The variant's default options with ``changes`` (refused when they do not fit)."""
    base = find_variant(variant).default_options
    try:
        return replace(base, **changes)
    except (EngineError, TypeError, ValueError):
        raise Refused("app-bad-options") from None


def options_from_dict(data: dict[str, Any]) -> Options:
    """Options from their dictionary (refused when they do not fit)."""
    try:
        return Options.from_dict(data)
    except (EngineError, TypeError, ValueError):
        raise Refused("app-bad-options") from None


def toggle_applies(table: Table, name: str) -> bool:
    """Whether the lobby offers toggle ``name`` at this table (none when the ID of the position
    the game begins at sets the options)."""
    if table.lobby.setup is not None:
        return False
    if name == "hints":
        return True
    if table.variant != "backgammon":
        return name == "cube"
    if table.mode == "match":
        return name in ("cube", "gammons_with_cube")
    return True


def lobby_message(ctx: Context, table: Table) -> SendText:
    """The lobby: who sits, the options, and the join / abort (/ start) and toggle buttons."""
    v = table.version
    rows: list[tuple[Button, ...]] = [
        (
            Button(ctx.tr("button-join"), format_payload(Payload("join", (), v))),
            Button(ctx.tr("button-abort"), format_payload(Payload("cancel", (), v))),
        )
    ]
    if asks_agreement(table) and len(table.seats) < 2:
        join = Button(ctx.tr("button-join-hints"), format_payload(Payload("join_hints", (), v)))
        rows[0] = (rows[0][0], join, *rows[0][1:])
    if table.mode == "chouette":
        rows[0] = (
            *rows[0],
            Button(ctx.tr("button-start"), format_payload(Payload("start", (), v))),
        )
    if table.seat_kept(ctx.now):
        # ``invite off`` as a button (Discord's /invite takes a member, never "off")
        free = Payload("free_seat", (), v)
        rows.append((Button(ctx.tr("button-free-seat"), format_payload(free)),))
    options = Options.from_dict(table.options)
    toggles = [name for name in TOGGLES if toggle_applies(table, name)]
    row: list[Button] = []
    for name in toggles:
        on = lobby_hints(table) if name == "hints" else bool(getattr(options, name))
        state = ctx.tr("app-on" if on else "app-off")
        label = ctx.tr("app-button-option", option=name, state=state)
        row.append(
            Button(label, format_payload(Payload("option", (name, "off" if on else "on"), v)))
        )
    if row:
        rows.append(tuple(row[:3]))
        if row[3:]:
            rows.append(tuple(row[3:]))
    return SendText(display.lobby_text(ctx.tr, table, ctx.now), tuple(rows))
