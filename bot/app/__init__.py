"""The chat application: platform-neutral updates in, reply actions out (see :class:`App`)."""

from bot.app.app import App, Refused, secure_die
from bot.app.payload import InvalidPayload, Payload, format_payload, parse_payload
from bot.app.table import Seat, Table, TableSettings
from bot.app.types import (
    Board,
    Button,
    ClearButtons,
    EditBoard,
    Keyboard,
    Reply,
    SendBoard,
    SendFile,
    SendText,
    Toast,
    Update,
    User,
)

__all__ = [
    "App",
    "Board",
    "Button",
    "ClearButtons",
    "EditBoard",
    "InvalidPayload",
    "Keyboard",
    "Payload",
    "Refused",
    "Reply",
    "Seat",
    "SendBoard",
    "SendFile",
    "SendText",
    "Table",
    "TableSettings",
    "Toast",
    "Update",
    "User",
    "format_payload",
    "parse_payload",
    "secure_die",
]
