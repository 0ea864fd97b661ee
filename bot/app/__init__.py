"""The chat application: platform-neutral updates in, reply actions out (see :class:`App`).

What an adapter does (Telegram, Discord, the console):

* build an :class:`Update` per platform event: the table (chat + topic), the user (id, name,
  language code), a unique update id (Telegram update id, Discord interaction id), and either the
  typed ``text`` or the pressed button's ``button`` payload with the ``message`` it was on;
  ``private`` for one-to-one chats (in groups, lines that are neither commands nor a play of the
  player on turn are ignored);
* ``replies = await app.handle(update)`` (never raises) and perform each reply in order:
  :class:`SendBoard` (post the board -- ``board.view`` for ``render_png``/``render_svg``, or
  ``board.text`` in text mode -- with the caption and buttons, then report the new message id with
  ``await app.board_posted(table, message_id, reply.version)``), :class:`EditBoard` (edit that
  message in place), :class:`ClearButtons` (remove a message's buttons), :class:`SendText`,
  :class:`Toast` (the answer to a button press, seen only by the presser), :class:`SendFile`;
* call ``await app.tick()`` every few seconds and post what it returns to each table's chat
  (move-clock reminders and expiry notices; any number of processes may do so).

Button payloads (:mod:`bot.app.payload`) fit Telegram's 64 bytes and Discord's 100 characters.
"""

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
