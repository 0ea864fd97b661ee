"""How the messages name commands: ``/claim match`` where commands are typed (Telegram, the
console), ``/claim what:match`` in Discord's slash commands; each platform's own way.

A message that names a command does so with a variable ``cmd_…`` (``{ $cmd_claim_match }``)
that :data:`COMMAND_REFS` describes; :func:`command_params` fills those a message uses with
the platform's :data:`CommandSyntax`.  An adapter whose platform writes commands otherwise than
typed gives its syntax to the app (``App.use_command_syntax``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.i18n import catalogue, negotiate, t

CommandSyntax = Callable[[str, str, str], str]
"""How a platform's users write a command: ``(language, command, argument) → text``."""

COMMAND_REFS: dict[str, tuple[str, str]] = {
    "cmd_abort": ("abort", ""),
    "cmd_analysis": ("analysis", ""),
    "cmd_board": ("board", ""),
    "cmd_claim": ("claim", ""),
    "cmd_claim_match": ("claim", "match"),
    "cmd_clock": ("clock", ""),
    "cmd_dice": ("dice", ""),
    "cmd_export": ("export", ""),
    "cmd_help": ("help", ""),
    "cmd_hint": ("hint", ""),
    "cmd_history_n": ("history", "N"),
    "cmd_import": ("import", ""),
    "cmd_invite": ("invite", ""),
    "cmd_new": ("new", ""),
    "cmd_new_chouette": ("new", "chouette"),
    "cmd_new_hints": ("new", "… hints=on"),
    "cmd_new_length": ("new", "7"),
    "cmd_new_money": ("new", "money"),
    "cmd_new_money_beaver": ("new", "money beaver=on"),
    "cmd_puzzle": ("puzzle", ""),
    "cmd_puzzle_play": ("puzzle", "24/18 13/11"),
    "cmd_settings_puzzle": ("settings", "puzzle 09:00"),
    "cmd_resign": ("resign", ""),
    "cmd_rules": ("rules", ""),
    "cmd_rules_backgammon": ("rules", "backgammon"),
    "cmd_rules_beaver": ("rules", "beaver"),
    "cmd_rules_chouette": ("rules", "chouette"),
    "cmd_rules_cube": ("rules", "cube"),
    "cmd_rules_hints": ("rules", "hints"),
    "cmd_rules_match": ("rules", "match"),
    "cmd_rules_nardy": ("rules", "nardy"),
    "cmd_rules_option": ("rules", "command-placeholder-option"),
    "cmd_seed_text": ("seed", "command-placeholder-text"),
    "cmd_start": ("start", ""),
}
"""The command each ``cmd_…`` variable of the catalogues names, with its argument (a
``command-placeholder-…`` message id: that word in the reader's language)."""


PLACEHOLDER = "command-placeholder-"
"""The prefix of the messages that are placeholder words of a command's argument."""


def typed_syntax(lang: str, command: str, argument: str) -> str:
    """A command as it is typed: ``/claim match``."""
    return f"/{command} {argument}" if argument else f"/{command}"


def argument_text(lang: str, argument: str) -> str:
    """An argument of :data:`COMMAND_REFS` in ``lang`` (a placeholder word translated)."""
    if argument.startswith(PLACEHOLDER):
        return t(lang, argument)
    return argument


def command_params(
    lang: str, syntax: CommandSyntax, message_id: str, params: dict[str, Any]
) -> dict[str, Any]:
    """``params`` with every ``cmd_…`` variable message ``message_id`` uses (and ``params``
    does not give) written in ``syntax``."""
    used = catalogue(negotiate(lang)).get(message_id, frozenset())
    names = [n for n in used if n.startswith("cmd_") and n not in params]
    if not names:
        return params
    filled = dict(params)
    for name in names:
        command, argument = COMMAND_REFS[name]
        filled[name] = syntax(lang, command, argument_text(lang, argument))
    return filled


def say(lang: str, syntax: CommandSyntax, message_id: str, **params: Any) -> str:
    """Message ``message_id`` in ``lang``, the commands it names written in ``syntax``."""
    return t(lang, message_id, **command_params(lang, syntax, message_id, params))
