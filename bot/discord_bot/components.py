"""Message components: the app's keyboards as Discord buttons and select menus.

Every component is a :class:`discord.ui.DynamicItem` whose ``custom_id`` is the app's button
payload behind a short prefix (``nb:s:16:13:7``), but the *Open board* button
(:class:`BoardButton`, where the web board is the application's Activity), which launches the
Activity in the channel.  The payload carries the table version, so a
press needs nothing from process memory: any process, or the same one after a restart, rebuilds
the item from the ``custom_id`` alone and hands the payload to the app.

:func:`layout` fits a keyboard into Discord's limits (5 rows of at most 5 buttons, 25 components
a message, ``custom_id`` at most 100 characters, labels at most 80): the next steps of a play
become a select menu when there are many of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

import discord

from bot.app.payload import InvalidPayload, parse_payload
from bot.app.types import Button, Keyboard

MAX_ROWS = 5
"""Action rows a message may have."""

MAX_ROW_BUTTONS = 5
"""Buttons in one action row."""

MAX_OPTIONS = 25
"""Options in one select menu."""

MAX_LABEL = 80
"""Characters of a button label (select option labels allow 100)."""

MAX_STEP_BUTTONS = 10
"""Up to this many next steps are shown as buttons; more go into a select menu."""

BUTTON_PREFIX = "nb:"
"""``custom_id`` prefix of a payload button."""

MENU_PREFIX = "nbm:"
"""``custom_id`` prefix of a payload select menu (its options' values are payloads)."""

BOARD_ID = "nbo:board"
"""``custom_id`` of the *Open board* button (no payload: the channel names the table)."""

_PAYLOAD_RE = r"[a-z0-9_:]{1,64}"


@runtime_checkable
class PayloadClient(Protocol):
    """The client that serves the app: a press hands it the interaction and the payload."""

    async def press(self, interaction: discord.Interaction[Any], payload: str) -> None:
        """Answer the press of a component carrying ``payload``."""


_STYLES: dict[str, discord.ButtonStyle] = {
    "roll": discord.ButtonStyle.primary,
    "double": discord.ButtonStyle.primary,
    "take": discord.ButtonStyle.success,
    "confirm": discord.ButtonStyle.success,
    "join": discord.ButtonStyle.success,
    "start": discord.ButtonStyle.success,
    "resign_accept": discord.ButtonStyle.success,
    "beaver_accept": discord.ButtonStyle.success,
    "pass": discord.ButtonStyle.danger,
    "cancel": discord.ButtonStyle.danger,
    "resign_decline": discord.ButtonStyle.danger,
    "beaver_refuse": discord.ButtonStyle.danger,
}
"""Button colour by app action; everything else is grey."""


def _action(button: Button) -> str | None:
    try:
        return parse_payload(button.payload).action
    except InvalidPayload:
        return None


def button_style(button: Button) -> discord.ButtonStyle:
    """The colour of an app button: green to agree, red to refuse, blue for the dice and cube."""
    return _STYLES.get(_action(button) or "", discord.ButtonStyle.secondary)


@dataclass(frozen=True)
class Layout:
    """A keyboard fitted to Discord: an optional select menu (first row), then button rows."""

    menu: tuple[Button, ...]
    rows: tuple[tuple[Button, ...], ...]

    @property
    def components(self) -> int:
        """How many components the message gets (the menu counts as one row of one)."""
        return (1 if self.menu else 0) + sum(len(row) for row in self.rows)


def layout(keyboard: Keyboard) -> Layout:
    """Fit ``keyboard`` into Discord's limits, keeping its order.

    The rows stay as the app drew them when they fit and there are at most
    :data:`MAX_STEP_BUTTONS` step buttons; otherwise the step buttons go into one select menu and
    the other buttons are laid out five to a row.  Buttons whose payload repeats an earlier one
    are dropped (Discord refuses two equal ``custom_id`` in a message); whatever still does not
    fit (never with the app's keyboards) is left out.
    """
    seen: set[str] = set()
    rows: list[tuple[Button, ...]] = []
    for row in keyboard:
        kept = []
        for button in row:
            if button.payload not in seen:
                seen.add(button.payload)
                kept.append(button)
        if kept:
            rows.append(tuple(kept))
    steps = [b for row in rows for b in row if _action(b) == "step"]
    fits = len(rows) <= MAX_ROWS and all(len(row) <= MAX_ROW_BUTTONS for row in rows)
    if fits and len(steps) <= MAX_STEP_BUTTONS:
        return Layout((), tuple(rows))
    menu = tuple(steps[:MAX_OPTIONS])
    others = [b for row in rows for b in row if _action(b) != "step"]
    room = MAX_ROWS - (1 if menu else 0)
    flowed = [
        tuple(others[i : i + MAX_ROW_BUTTONS]) for i in range(0, len(others), MAX_ROW_BUTTONS)
    ]
    return Layout(menu, tuple(flowed[:room]))


class PayloadButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=BUTTON_PREFIX + r"(?P<payload>" + _PAYLOAD_RE + ")",
):
    """A button carrying an app payload; pressing it hands the payload to the app."""

    def __init__(
        self,
        payload: str,
        label: str = "\u200b",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        *,
        row: int | None = None,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:MAX_LABEL] or "\u200b",
                style=style,
                custom_id=BUTTON_PREFIX + payload,
                row=row,
                disabled=disabled,
            )
        )
        self.payload = payload

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: Any,
        /,
    ) -> PayloadButton:
        """Rebuild the button from a pressed message's component (after a restart too)."""
        if isinstance(item, discord.ui.Button):
            return cls(str(match["payload"]), item.label or "\u200b", item.style)
        return cls(str(match["payload"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Hand the payload to the client that serves the app."""
        if isinstance(interaction.client, PayloadClient):
            await interaction.client.press(interaction, self.payload)


class PayloadMenu(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=MENU_PREFIX + r"(?P<payload>" + _PAYLOAD_RE + ")",
):
    """A select menu whose options' values are app payloads (the next steps of a play).

    Its own ``custom_id`` is the first option's payload, which makes it unique in its message.
    """

    def __init__(
        self,
        buttons: Sequence[Button] = (),
        placeholder: str | None = None,
        *,
        custom_id: str | None = None,
        row: int | None = None,
        disabled: bool = False,
    ) -> None:
        options = [discord.SelectOption(label=b.label[:100], value=b.payload) for b in buttons]
        if custom_id is None:
            custom_id = MENU_PREFIX + (buttons[0].payload if buttons else "n:0")
        super().__init__(
            discord.ui.Select(
                custom_id=custom_id,
                placeholder=placeholder[:150] if placeholder else None,
                options=options,
                min_values=1,
                max_values=1,
                row=row,
                disabled=disabled,
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: Any,
        /,
    ) -> PayloadMenu:
        """Rebuild the menu from the pressed message's component; the choice is in ``values``."""
        menu = cls(custom_id=MENU_PREFIX + str(match["payload"]))
        if isinstance(item, discord.ui.Select):
            menu.item.placeholder = item.placeholder
            menu.item.options = list(item.options)
        return menu

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Hand the chosen option's payload to the app."""
        values = self.item.values
        if values and isinstance(interaction.client, PayloadClient):
            await interaction.client.press(interaction, values[0])


@runtime_checkable
class BoardClient(Protocol):
    """The client that serves the app, where its boards carry an *Open board* button."""

    async def open_board(self, interaction: discord.Interaction[Any]) -> None:
        """Answer a press of *Open board*."""


class BoardButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=BOARD_ID,
):
    """*Open board*: pressing it launches the application's Activity (the web board) in the
    channel, on the table that plays there."""

    def __init__(self, label: str = "\u200b", *, row: int | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:MAX_LABEL] or "\u200b",
                style=discord.ButtonStyle.secondary,
                custom_id=BOARD_ID,
                row=row,
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: Any,
        /,
    ) -> BoardButton:
        """Rebuild the button from a pressed message's component (after a restart too)."""
        label = item.label if isinstance(item, discord.ui.Button) else None
        return cls(label or "\u200b")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Hand the press to the client that serves the app."""
        if isinstance(interaction.client, BoardClient):
            await interaction.client.open_board(interaction)


def build_view(
    keyboard: Keyboard, placeholder: str | None = None, board: str | None = None
) -> discord.ui.View | None:
    """The keyboard as a persistent view (``None`` when it has no buttons); with ``board`` (its
    label) and buttons, the *Open board* button below them (in the last row that has room when
    every row is taken; left out when the message has no room at all)."""
    fitted = layout(keyboard)
    if not fitted.menu and not fitted.rows:
        return None
    view = discord.ui.View(timeout=None)
    offset = 0
    if fitted.menu:
        view.add_item(PayloadMenu(fitted.menu, placeholder, row=0))
        offset = 1
    for i, row in enumerate(fitted.rows):
        for button in row:
            view.add_item(
                PayloadButton(button.payload, button.label, button_style(button), row=i + offset)
            )
    if board is not None and fitted.components < MAX_ROWS * MAX_ROW_BUTTONS:
        rows = offset + len(fitted.rows)
        room = [i for i, row in enumerate(fitted.rows) if len(row) < MAX_ROW_BUTTONS]
        if rows < MAX_ROWS:
            view.add_item(BoardButton(board, row=rows))
        elif room:
            view.add_item(BoardButton(board, row=room[-1] + offset))
    return view


def disabled_view(components: Sequence[discord.Component]) -> discord.ui.View | None:
    """A message's own payload components again, every one disabled (an old board's buttons).

    ``None`` when the message had none.  The items are the same dynamic items, so nothing is
    kept in process memory for the edited message.
    """
    view = discord.ui.View(timeout=None)
    for row, component in enumerate(components):
        children = component.children if isinstance(component, discord.ActionRow) else [component]
        for child in children:
            custom_id = getattr(child, "custom_id", None) or ""
            if isinstance(child, discord.Button) and custom_id.startswith(BUTTON_PREFIX):
                payload = custom_id.removeprefix(BUTTON_PREFIX)
                label = child.label or "\u200b"
                view.add_item(PayloadButton(payload, label, child.style, row=row, disabled=True))
            elif isinstance(child, discord.SelectMenu) and custom_id.startswith(MENU_PREFIX):
                menu = PayloadMenu(
                    custom_id=custom_id, placeholder=child.placeholder, row=row, disabled=True
                )
                menu.item.options = list(child.options)
                view.add_item(menu)
    return view if view.children else None
