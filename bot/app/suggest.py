"""What a player may write after a command, offered while he types (Discord's autocomplete of
``/new``, ``/settings``, ``/clock``, ``/help`` and ``/rules``), so that nobody has to read the
help first.

:func:`suggestions` gives whole argument lines, each with a label in the player's language:
``nardy 3`` — "Long nardy, match to 3 points".  For ``new`` the words come in groups (the match
length or money or a chouette, the game, the computer, each table option) and every suggestion
adds one word of a group not yet used to what was typed; a word is found by its beginning or
the beginning of a word of its label (a Russian player typing «длин» is offered ``nardy``).
Pure: no store, no table, so an answer is always at hand within Discord's three seconds.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from bot.ai.worker import DEFAULT_LEVEL, LEVEL_NAMES
from bot.app.command_parser import COMMANDS
from bot.app.guide import GAME_TOPICS, RULES_TOPICS, topic_message
from bot.app.preferences import SETTING_VALUES
from bot.app.syntax import CommandSyntax, typed_syntax
from bot.app.timing import duration, parse_clock
from bot.i18n import t, t_attr

MAX_SUGGESTIONS = 25
"""Suggestions offered at once (what Discord shows)."""

MATCH_LENGTHS = (1, 3, 5, 7, 9, 11, 13, 15, 17, 21, 25)
"""The match lengths ``new`` suggests (any length up to the maximum may be typed)."""

CLOCK_TIMES = ("off", "5m", "30m", "1h", "12h", "1d", "3d")
"""The move clocks ``clock`` suggests."""

SUGGESTED_COMMANDS = ("new", "settings", "clock", "help", "rules")
"""The commands :func:`suggestions` knows."""


@dataclass(frozen=True)
class Suggestion:
    """A whole argument ``line`` for the command and the ``label`` the player reads."""

    label: str
    line: str


Word = tuple[str, str]
"""A word of the command line and its label."""


def suggestions(
    lang: str,
    command: str,
    typed: str,
    *,
    computer: bool = True,
    syntax: CommandSyntax = typed_syntax,
) -> list[Suggestion]:
    """The argument lines to offer for ``command`` while ``typed`` is written (at most
    :data:`MAX_SUGGESTIONS`); ``computer``: whether the computer opponent may be offered;
    ``syntax``: how the platform writes commands (the labels of ``help``)."""
    if command == "new":
        found = _new(lang, typed, computer)
    elif command == "settings":
        found = _filtered(typed, _settings(lang))
    elif command == "clock":
        found = _clock(lang, typed)
    elif command == "help":
        found = _help(lang, typed, syntax)
    elif command == "rules":
        found = _filtered(typed, _rules(lang))
    else:
        found = []
    return found[:MAX_SUGGESTIONS]


def _filtered(typed: str, offered: Iterable[Suggestion]) -> list[Suggestion]:
    """The suggestions whose line or label contains every word typed."""
    words = typed.lower().split()
    return [s for s in offered if all(w in s.line.lower() or w in s.label.lower() for w in words)]


# -- new ------------------------------------------------------------------------------------


def _groups(lang: str, computer: bool) -> list[tuple[str, list[Word]]]:
    """The word groups of ``new``, by name, in the order they are offered."""

    def tr(message: str, **params: object) -> str:
        return t(lang, message, **params)

    on, off = tr("app-on"), tr("app-off")

    def toggle(name: str, message: str, values: tuple[str, ...] = ("on", "off")) -> list[Word]:
        return [(f"{name}={v}", tr(message, value=on if v == "on" else off)) for v in values]

    groups: list[tuple[str, list[Word]]] = [
        (
            "kind",
            [(str(n), tr("mode-match", length=n)) for n in MATCH_LENGTHS]
            + [("money", tr("mode-money")), ("chouette", tr("mode-chouette"))],
        ),
        (
            "variant",
            [("backgammon", tr("variant-backgammon")), ("nardy", tr("variant-nardy"))],
        ),
    ]
    if computer:
        levels = [(level, tr("computer-name", level=level)) for level in LEVEL_NAMES]
        groups.append(("bot", [("bot", tr("computer-name", level=DEFAULT_LEVEL)), *levels]))
    groups += [
        ("jacoby", toggle("jacoby", "option-jacoby")),
        ("beaver", toggle("beaver", "option-beaver")),
        ("cube", [("cube=off", tr("option-no-cube")), ("cube=on", tr("option-cube-on"))]),
        (
            "cube_limit",
            [(f"cube_limit={n}", tr("option-cube-limit", value=n)) for n in (8, 16, 64)],
        ),
        ("gammons_with_cube", toggle("gammons_with_cube", "option-gammons-with-cube")),
        (
            "cube_progression",
            [("cube_progression=arithmetic", tr("option-cube-progression", value="arithmetic"))],
        ),
        (
            "backgammon_counts",
            [(f"backgammon_counts={n}", tr("option-backgammon-counts", count=n)) for n in (2, 3)],
        ),
        (
            "next_game_starts",
            [
                (f"next_game_starts={v}", tr("option-next-game-starts", value=v))
                for v in ("winner", "alternate")
            ],
        ),
        ("koks", toggle("koks", "option-koks")),
        ("prime_rule", [("prime_rule=on", tr("option-prime-rule", value="home"))]),
        ("last_roll_draw", toggle("last_roll_draw", "option-last-roll-draw")),
        (
            "draw_points",
            [(f"draw_points={v}", tr("option-draw-points", value=v)) for v in ("one", "half")],
        ),
    ]
    return groups


NARDY_ONLY = frozenset({"koks", "prime_rule", "last_roll_draw", "draw_points"})
"""Option groups of long nardy alone."""

WITH_CUBE = frozenset({"jacoby", "beaver", "cube_limit", "gammons_with_cube", "cube_progression"})
"""Option groups that matter only with the cube in play (long nardy plays without it unless
``cube=on``)."""


def _new(lang: str, typed: str, computer: bool) -> list[Suggestion]:
    groups = _groups(lang, computer)
    labels = {word: label for _, words in groups for word, label in words}
    group_of = {word: name for name, words in groups for word, _ in words}
    parts = typed.split()
    done, partial = (parts, "") if not parts or typed[-1:].isspace() else (parts[:-1], parts[-1])
    used = {group_of.get(w.lower()) for w in done}
    lowered = {w.lower() for w in done}
    nardy = "nardy" in lowered
    chouette = "chouette" in lowered
    cube = "cube=on" in lowered or (not nardy and "cube=off" not in lowered)

    def allowed(group: str, word: str) -> bool:
        if group in used:
            return False
        if group in NARDY_ONLY and not nardy:
            return False
        if group in WITH_CUBE and not cube:
            return False
        if word == ("cube=off" if nardy else "cube=on"):
            return False  # what the game does anyway
        if chouette and (word == "nardy" or group == "bot"):
            return False
        return not ((nardy or "bot" in used) and word == "chouette")

    def line_label(words: list[str]) -> str:
        return ", ".join(labels.get(w.lower(), w) for w in words)

    needle = partial.lower()
    found: list[Suggestion] = []
    for group, words in groups:
        for word, label in words:
            if not allowed(group, word):
                continue
            if needle and not (word.startswith(needle) or _begins_a_word(needle, label)):
                continue
            line = [*done, word]
            found.append(Suggestion(_capital(line_label(line)), " ".join(line)))
    if not found and typed.strip():
        found.append(Suggestion(_capital(line_label(parts)), " ".join(parts)))
    return found


def _begins_a_word(needle: str, label: str) -> bool:
    """Whether a word of ``label`` begins with ``needle``."""
    return any(w.startswith(needle) for w in re.split(r"[\W_]+", label.lower()))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# -- settings, clock, help, rules ---------------------------------------------------------------


def _settings(lang: str) -> list[Suggestion]:
    out = []
    for key, values in SETTING_VALUES.items():
        for value in values:
            if key == "language":
                label = t(lang, f"language-{value}")
            elif key == "ratings":
                label = t(lang, "settings-ratings", value=t(lang, f"app-{value}"))
            elif key == "threads":
                label = t(lang, "settings-threads", value=t(lang, f"app-{value}"))
            elif key in ("swap", "autoroll"):
                label = t(lang, f"app-setting-{key}", state=t(lang, f"app-{value}"))
            elif key == "view":
                label = t(lang, "settings-board", style=value)
            else:
                label = t(lang, "settings-home", side=value)
            out.append(Suggestion(_capital(label), f"{key} {value}"))
    return out


def _clock(lang: str, typed: str) -> list[Suggestion]:
    word = typed.strip().lower()
    if word.isdigit():
        offered: Iterable[str] = (f"{word}{unit}" for unit in ("m", "h", "d"))
    else:
        offered = (c for c in CLOCK_TIMES if c.startswith(word))
    out = []
    for line in offered:
        seconds = parse_clock(line)
        if seconds is None:
            continue
        out.append(Suggestion(_clock_label(lang, seconds), line))
    return out


def _clock_label(lang: str, seconds: int) -> str:
    if seconds == 0:
        return t(lang, "clock-off")
    tr: Callable[..., str] = lambda message, **params: t(lang, message, **params)  # noqa: E731
    return t(lang, "clock-set", duration=duration(tr, seconds))


def _help(lang: str, typed: str, syntax: CommandSyntax) -> list[Suggestion]:
    """The commands whose name (as the platform shows it, or as typed) begins with what was
    typed, then those whose description contains it."""
    word = typed.strip().lower().lstrip("/")
    first: list[Suggestion] = []
    then: list[Suggestion] = []
    for name in COMMANDS:
        shown = syntax(lang, name, "")
        about = t(lang, f"help-{name}")
        suggestion = Suggestion(f"{shown} — {about}", name)
        if name.startswith(word) or shown.lstrip("/").lower().startswith(word):
            first.append(suggestion)
        elif word in about.lower():
            then.append(suggestion)
    return first + then


def _rules(lang: str) -> list[Suggestion]:
    """Every topic of ``rules``: a game, the cube, matches, the chouette by their titles, each
    table option by its name and what it is about."""
    out = []
    for topic in RULES_TOPICS:
        title = t_attr(lang, topic_message(topic), "title")
        label = title if topic in GAME_TOPICS else f"{topic} — {title}"
        out.append(Suggestion(label, topic))
    return out
