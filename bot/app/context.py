"""What a use case is handed: the :class:`Context` of the update being decided, and
:class:`Refused`, the answer that applies nothing.

A use case reads the update, the language, the time and the dice from its context, appends the
replies it wants shown to ``ctx.replies`` and what ended (a game, a match: their statistics
and results) to ``ctx.ended``, and raises :class:`Refused` to answer without writing anything.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.app.syntax import CommandSyntax, command_params, typed_syntax
from bot.app.types import Reply, SendText, Toast, Update, User
from bot.i18n import describe_error, t, t_attr
from engine.errors import EngineError

if TYPE_CHECKING:
    from bot.app.dice import TableDice
    from bot.app.results import Ended
    from bot.app.table import Table
    from bot.app.users import UserRecords

_PLAIN: dict[tuple[str, str], str] = {}
"""Messages without parameters (button labels and the like), formatted once per language."""


class Refused(Exception):
    """An update the app answers with a message and does not apply."""

    def __init__(self, message_id: str, **params: Any) -> None:
        super().__init__(message_id)
        self.message_id = message_id
        self.params = params


def usage(command: str) -> Refused:
    """The refusal that shows a command's usage."""
    return Refused("app-usage", command=command)


def refusal_reply(update: Update, text: str) -> Toast | SendText:
    """A refusal's text as the update's sender sees it: a toast for a pressed button (or where
    the platform shows refusals privately), else a message in the chat."""
    private = update.button is not None or update.toast_refusals
    return Toast(text) if private else SendText(text)


@dataclass
class Context:
    """One update being decided: who, in which language, when, with which dice, and the
    replies gathered so far."""

    update: Update
    lang: str
    now: float
    dice: TableDice
    """The table's dice: ``ctx.dice()`` draws the current game's next die (a dice source for
    the engine); see :class:`bot.app.dice.TableDice`."""
    users: UserRecords
    replies: list[Reply] = field(default_factory=list)
    ended: list[Ended] = field(default_factory=list)
    """Games and matches that ended in this update (their statistics, ratings and history are
    recorded once the write is applied: :mod:`bot.app.results`)."""
    names: dict[str, str] = field(default_factory=dict)
    """User reference → name at the table (engine errors name players by reference)."""
    written: Table | None = None
    computer: bool = False
    """Whether the computer can take a seat (``AI_ENABLED`` and a worker to think)."""
    syntax: CommandSyntax = typed_syntax
    """How the platform's users write commands (the messages that name one write it so)."""

    @property
    def user(self) -> User:
        return self.update.user

    @property
    def pressed(self) -> bool:
        return self.update.button is not None

    def tr(self, message_id: str, **params: Any) -> str:
        """The message in the update's language (the commands it names in the platform's
        syntax)."""
        params = command_params(self.lang, self.syntax, message_id, params)
        if params:
            return t(self.lang, message_id, **params)
        key = (self.lang, message_id)
        text = _PLAIN.get(key)
        if text is None:
            text = _PLAIN[key] = t(self.lang, message_id)
        return text

    def tr_attr(self, message_id: str, attribute: str, **params: Any) -> str:
        """Attribute ``attribute`` of the message in the update's language (the commands it
        names in the platform's syntax)."""
        key = f"{message_id}.{attribute}"
        params = command_params(self.lang, self.syntax, key, params)
        return t_attr(self.lang, message_id, attribute, **params)

    def usage_line(self, command: str) -> str:
        """How ``command`` is used (its ``help-<command>.usage`` line), in the platform's
        syntax: ``/claim [match]``, or ``/claim what:[match]`` in Discord."""
        line = t_attr(self.lang, f"help-{command}", "usage")
        head, _, rest = line.partition(" ")
        if head != f"/{command}":
            return line
        return self.syntax(self.lang, command, rest.strip())

    def refusal(self, refusal: Refused) -> str:
        """The text of a refusal; a wrong-usage refusal shows the command's usage."""
        if refusal.message_id == "app-usage":
            command = str(refusal.params["command"])
            text = self.usage_line(command)
            written = self.syntax(self.lang, command, "")
            return self.tr("error-bad-arguments", command=written, usage=text)
        return self.tr(refusal.message_id, **refusal.params)

    def engine_text(self, exc: EngineError) -> str:
        """Why the engine refused, in the update's language, players named by name."""
        params = {
            k: self.names.get(v, v) if isinstance(v, str) else v for k, v in exc.params.items()
        }
        code = exc.code or "engine_error"
        reason = params.get("reason")
        if code == "illegal_play" and isinstance(reason, str):
            code = reason  # why the typed play was refused: syntax, a closed point ...
        return describe_error(self.lang, code, params)
