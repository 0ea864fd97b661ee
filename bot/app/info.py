"""What anyone may ask, seated or not: ``board``, ``score``, ``pips``, ``export`` (the position
and the match file) at a table, and ``help``, ``rules`` anywhere (what they explain:
:mod:`bot.app.guide`)."""

from __future__ import annotations

from typing import Any

from bot.ai.worker import DEFAULT_LEVEL, LEVEL_NAMES
from bot.app import display, fair
from bot.app.command_parser import ALIASES, COMMANDS
from bot.app.context import Context, Refused
from bot.app.guide import (
    HELP_GROUPS,
    NARDY_OPTIONS,
    OPTION_EXAMPLES,
    RULES_TOPICS,
    rules_topic,
    topic_message,
)
from bot.app.imports import MAX_FILE_BYTES
from bot.app.lobby import MAX_MATCH
from bot.app.options import OPTION_NAMES
from bot.app.table import Table
from bot.app.turn import send_board
from bot.app.types import Reply, SendFile, SendText
from bot.i18n import catalogue, negotiate
from engine.errors import EngineError

ACTIONS = frozenset({"board", "score", "pips", "export"})
"""Table actions anyone may ask for, seated or not."""


def show(ctx: Context, table: Table, action: str, args: tuple[Any, ...]) -> None:
    """The board, the score, the pip counts or the export of a two-player table."""
    if table.match is None:
        if table.stage == "over":  # closed: its game moved to a chat of its own, or ended
            raise Refused("error-no-table")
        ctx.replies.append(SendText(display.lobby_text(ctx.tr, table, ctx.now)))
        return None
    match = table.state()
    names = [s.name for s in table.seats]
    if action == "board":
        ctx.replies.append(send_board(ctx, table, match, ()))
    elif action == "score":
        ctx.replies.append(SendText(display.score_text(ctx.tr, table, match, names)))
    elif action == "pips":
        ctx.replies.append(SendText(display.pips_text(ctx.tr, match.game, names)))
    else:
        ctx.replies.append(SendText(display.export_text(ctx.tr, match.game)))
        name = "match.mat"
        if match.start is not None:
            ctx.replies.append(SendText(ctx.tr("export-set-up")))
            return None
        try:
            data = display.mat_file(match, names).encode()
        except EngineError as exc:
            ctx.replies.append(SendText(ctx.engine_text(exc)))
        else:
            caption = ctx.tr("export-match-file", name=name)
            ctx.replies.append(SendFile(name, data, caption))
        dice = fair.dice_export(table, match)
        if dice is not None:
            caption = ctx.tr("export-dice-file", name=fair.DICE_FILE, command=fair.VERIFY_COMMAND)
            ctx.replies.append(SendFile(fair.DICE_FILE, dice, caption))
    return None


GUIDE_PARAMS: dict[str, Any] = {
    "options": ", ".join(OPTION_NAMES),
    "levels": ", ".join(LEVEL_NAMES),
    "level": DEFAULT_LEVEL,
    "kb": MAX_FILE_BYTES // 1024,
    "max": MAX_MATCH,
    "topics": ", ".join(RULES_TOPICS),
    "nardy_options": ", ".join(NARDY_OPTIONS),
}
"""What the longer help and rules texts may name: the table options, the computer's levels,
the longest match, the largest match file read, the topics of ``rules``, those of long nardy."""


def command_help(ctx: Context, command: str) -> str:
    """``help COMMAND``: how it is written, what it does and, where it takes options, what
    they are."""
    lines = [ctx.usage_line(command), ctx.tr(f"help-{command}")]
    if f"help-{command}.more" in catalogue(negotiate(ctx.lang)):
        lines += ["", ctx.tr_attr(f"help-{command}", "more", **GUIDE_PARAMS)]
    return "\n".join(lines)


def command_list(ctx: Context) -> str:
    """``help``: every command under the heading of its group."""
    lines = [ctx.tr("help-title")]
    for group, names in HELP_GROUPS:
        lines += ["", ctx.tr(f"help-group-{group}")]
        lines += [f"{ctx.syntax(ctx.lang, name, '')} — {ctx.tr(f'help-{name}')}" for name in names]
    lines += ["", ctx.tr("help-footer")]
    return "\n".join(lines)


def rules_text(ctx: Context, topic: str | None) -> str:
    """The rules of ``topic`` (one of :data:`~bot.app.guide.RULES_TOPICS`), or their overview."""
    if topic is None:
        return ctx.tr("rules-overview", **GUIDE_PARAMS)
    if topic not in OPTION_EXAMPLES:
        return ctx.tr(topic_message(topic), **GUIDE_PARAMS)
    example = ctx.syntax(ctx.lang, "new", OPTION_EXAMPLES[topic])
    return f"{topic} — {ctx.tr(topic_message(topic), **GUIDE_PARAMS, example=example)}"


async def help_text(ctx: Context, args: tuple[Any, ...]) -> list[Reply]:
    """``help`` (every command, in groups) or ``help COMMAND`` (its usage and options); a word
    that is no command but a subject of the rules gets those rules."""
    if not args:
        return [SendText(command_list(ctx))]
    word = str(args[0]).lstrip("/").lower()
    word = ALIASES.get(word, word)
    if word in COMMANDS:
        return [SendText(command_help(ctx, word))]
    topic = rules_topic(word)
    if topic is not None:
        return [SendText(rules_text(ctx, topic))]
    return [SendText(ctx.tr("error-unknown-command", command="/" + word[:32]))]


async def rules(ctx: Context, args: tuple[Any, ...]) -> list[Reply]:
    """``rules`` (an overview: both games and what to ask next) or ``rules TOPIC``."""
    if not args:
        return [SendText(rules_text(ctx, None))]
    word = str(args[0])
    topic = rules_topic(word)
    if topic is None:
        return [SendText(ctx.tr("rules-unknown", **GUIDE_PARAMS, topic=word[:32]))]
    return [SendText(rules_text(ctx, topic))]
