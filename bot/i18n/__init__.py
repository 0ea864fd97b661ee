"""Every user-facing text of the bot, in English, Russian, Ukrainian and Belarusian.

The catalogues are Project Fluent files (``locales/<lang>.ftl``, read by ``fluent.runtime``):
named placeholders (``{ $player }``) and CLDR plural categories, so Russian, Ukrainian and
Belarusian get their three forms (1 очко, 2 очка, 5 очков; 21 очко, 22 очка, 25 очков).

Numbers are passed as numbers and formatted by the catalogue (``NUMBER($share, style:
"percent", minimumFractionDigits: 1, maximumFractionDigits: 1)``), through Babel with the
language's CLDR data: a decimal point in English, a decimal comma in Russian, Ukrainian and
Belarusian.  :func:`number` is the catalogues' ``NUMBER``: Fluent's, with Intl's ``signDisplay``
(``"always"``: a plus sign before a positive number, as equities are written) and a true minus
(U+2212) before a negative number in every language.

>>> t("ru", "mode-match", length=22)
'матч до 22 очков'
>>> t("uk", "hint-chance", win=0.625), t("en", "hint-chance", win=0.625)
('Шанс на перемогу: 62,5%', 'Chance of winning: 62.5%')
>>> negotiate("be-BY")
'be'
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable, Mapping
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any, Final

from babel import Locale
from fluent.runtime import FluentBundle, FluentResource
from fluent.runtime.types import FluentFloat, FluentInt, FluentNone, FluentNumber, fluent_number
from fluent.syntax import FluentParser, ast

LANGUAGES: Final = ("en", "ru", "uk", "be")
"""The languages the bot speaks, English first (the fallback)."""

DEFAULT_LANGUAGE: Final = "en"

LOCALES_DIR: Final = Path(__file__).with_name("locales")

log = logging.getLogger(__name__)

# Platform language codes that name one of ours under another spelling.
_ALIASES: Final = {"ua": "uk", "by": "be", "bel": "be", "rus": "ru", "ukr": "uk", "eng": "en"}


class MissingMessage(KeyError):
    """A message id that no catalogue defines (a programming error, caught by the tests)."""


class MessageFormatError(ValueError):
    """A message could not be formatted with the given parameters (e.g. one is missing)."""


def match_language(code: str | None) -> str | None:
    """Our language for a platform's language code, or ``None`` when we do not speak it.

    >>> [match_language(c) for c in ("ru-RU", "be_BY", "UA", "de")]
    ['ru', 'be', 'uk', None]
    """
    if not code or not isinstance(code, str):
        return None
    primary = re.split(r"[-_.@]", code.strip().lower(), maxsplit=1)[0]
    primary = _ALIASES.get(primary, primary)
    return primary if primary in LANGUAGES else None


def negotiate(code: str | None, default: str = DEFAULT_LANGUAGE) -> str:
    """Our language for a platform's language code (``"ru-RU"``, ``"uk"``, ``"be_BY"`` ...).

    Unknown, empty or missing codes give ``default`` (English when ``default`` is not ours).

    >>> [negotiate(c) for c in ("ru-RU", "uk", "be", "en-GB", "de", None)]
    ['ru', 'uk', 'be', 'en', 'en', 'en']
    """
    if default not in LANGUAGES:
        default = DEFAULT_LANGUAGE
    return match_language(code) or default


def _source(lang: str) -> str:
    return (LOCALES_DIR / f"{lang}.ftl").read_text(encoding="utf-8")


MINUS: Final = "\u2212"
"""The sign before a negative number (a true minus, not the hyphen)."""

_SIGN_DISPLAYS: Final = ("auto", "always")
"""Intl's ``signDisplay`` values :func:`number` knows: a sign only before a negative number,
or always (``+`` before zero and positive numbers)."""


def _signed(number: FluentNumber, value: float, always: bool, locale: Locale) -> str:
    magnitude = fluent_number(abs(value))
    assert isinstance(magnitude, FluentNumber)
    magnitude.options = number.options
    text = magnitude.format(locale)
    if value < 0 and any(c.isdigit() and c != "0" for c in text):
        return MINUS + text
    return "+" + text if always else text


class _SignedInt(FluentInt):
    """An integer with its sign shown as :func:`number` was asked to."""

    always = False

    def format(self, locale: Locale) -> str:
        return _signed(self, int(self), self.always, locale)


class _SignedFloat(FluentFloat):
    """A fraction with its sign shown as :func:`number` was asked to."""

    always = False

    def format(self, locale: Locale) -> str:
        return _signed(self, float(self), self.always, locale)


def number(value: Any, **options: Any) -> FluentNumber | FluentNone:
    """The catalogues' ``NUMBER``: Fluent's, plus Intl's ``signDisplay`` (``"auto"`` or
    ``"always"``) and ``useGrouping: "false"`` as a string (Fluent has no booleans); a negative
    number takes a true minus.

    >>> t("en", "rating-change", player="Ann", rating=1510.0, change=-10.0)
    'Ann: rating 1510.0 (−10.0)'
    """
    display = str(options.pop("signDisplay", "auto"))
    if display not in _SIGN_DISPLAYS:
        raise ValueError(f"signDisplay {display!r} is not one of {', '.join(_SIGN_DISPLAYS)}")
    if isinstance(options.get("useGrouping"), str):
        options["useGrouping"] = options["useGrouping"] not in ("false", "0")
    formatted = fluent_number(value, **options)
    signed: _SignedInt | _SignedFloat
    if isinstance(formatted, FluentInt):
        signed = _SignedInt(formatted)
    elif isinstance(formatted, FluentFloat):
        signed = _SignedFloat(formatted)
    else:
        return formatted
    signed.always = display == "always"
    return signed


@cache
def _bundle(lang: str) -> FluentBundle:
    bundle = FluentBundle([lang], functions={"NUMBER": number}, use_isolating=False)
    resource = FluentResource(_source(lang))
    bundle.add_resource(resource)
    return bundle


_UNSENDABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufffe\uffff\ud800-\udfff]")
"""What no message can carry: control characters but tab, line feed and carriage return, the
non-characters U+FFFE and U+FFFF, lone surrogates."""


def sendable(text: str) -> str:
    """``text`` without what :data:`_UNSENDABLE` matches (user text quoted in a message)."""
    return _UNSENDABLE.sub("", text) if not text.isprintable() else text


def _value(value: Any) -> Any:
    """A parameter as the catalogue takes it: numbers stay numbers (Fluent formats them in the
    language's way; a fraction becomes a float), text is made sendable, lists are joined."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, str):
        return sendable(value)
    if isinstance(value, int | float):
        return value
    if isinstance(value, Fraction):
        return float(value)
    if isinstance(value, list | tuple):
        return sendable(", ".join(str(v) for v in value))
    return sendable(str(value))


def _format(lang: str, msg_id: str, attribute: str | None, params: Mapping[str, Any]) -> str:
    bundle = _bundle(lang)
    if not bundle.has_message(msg_id):
        raise MissingMessage(msg_id)
    message = bundle.get_message(msg_id)
    pattern = message.attributes.get(attribute) if attribute else message.value
    if pattern is None:
        raise MissingMessage(f"{msg_id}.{attribute}" if attribute else msg_id)
    text, errors = bundle.format_pattern(pattern, {k: _value(v) for k, v in params.items()})
    if errors:
        raise MessageFormatError(f"{lang}:{msg_id}: {'; '.join(str(e) for e in errors)}")
    return str(text)


def t(lang: str, msg_id: str, /, **params: Any) -> str:
    """The text of message ``msg_id`` in ``lang`` (unknown languages: English).

    A message missing from ``lang`` falls back to English; a message that exists nowhere raises
    :class:`MissingMessage`, a missing parameter :class:`MessageFormatError`.
    """
    if lang not in LANGUAGES:
        lang = negotiate(lang)
    try:
        return _format(lang, msg_id, None, params)
    except MissingMessage:
        if lang == DEFAULT_LANGUAGE:
            raise
        log.warning("message %s missing in %s; using English", msg_id, lang)
        return _format(DEFAULT_LANGUAGE, msg_id, None, params)


def t_attr(lang: str, msg_id: str, attribute: str, /, **params: Any) -> str:
    """The text of attribute ``attribute`` of message ``msg_id`` (e.g. a command's ``.usage``)."""
    if lang not in LANGUAGES:
        lang = negotiate(lang)
    return _format(lang, msg_id, attribute, params)


def has_message(msg_id: str, lang: str = DEFAULT_LANGUAGE) -> bool:
    """Whether ``lang``'s catalogue defines ``msg_id``."""
    return _bundle(lang).has_message(msg_id)


def error_message_id(code: str) -> str:
    """The message id of an error code: ``"point_closed"`` → ``"error-point-closed"``."""
    return "error-" + code.replace("_", "-")


def _error_params(params: Mapping[str, Any]) -> dict[str, Any]:
    """Parameters of an engine error made readable (lists of points joined)."""
    out: dict[str, Any] = {}
    for name, value in params.items():
        if isinstance(value, list | tuple) and all(isinstance(v, int) for v in value):
            out[name] = ", ".join(str(v) for v in value)
        else:
            out[name] = value
    return out


def describe_error(lang: str, code: str, params: Mapping[str, Any] | None = None) -> str:
    """A player-facing explanation of an error code with its parameters.

    The most specific attribute the parameters fill is used: ``.detail-bar`` when the point is the
    bar (25), ``.detail-points`` for several points, ``.detail``; else the plain message.  Unknown
    codes get the generic "not possible now" text.

    >>> describe_error("en", "no_checker", {"point": 25, "count": 0})
    'You have no checker on the bar.'
    >>> describe_error("ru", "no_checker")
    'Там нет вашей шашки.'
    """
    if lang not in LANGUAGES:
        lang = negotiate(lang)
    msg_id = error_message_id(code)
    if not has_message(msg_id):
        log.warning("no message for error code %s", code)
        return t(lang, "error-generic")
    if params:
        attributes = _bundle(lang).get_message(msg_id).attributes
        candidates = []
        if params.get("point") == 25:
            candidates.append("detail-bar")
        if "points" in params:
            candidates.append("detail-points")
        candidates.append("detail")
        values = _error_params(params)
        for attribute in candidates:
            if attribute in attributes:
                try:
                    return t_attr(lang, msg_id, attribute, **values)
                except MessageFormatError:
                    continue
    return t(lang, msg_id)


def _references(node: Any, found: set[str]) -> None:
    if isinstance(node, ast.VariableReference):
        found.add(node.id.name)
    if isinstance(node, ast.BaseNode):
        for value in vars(node).values():
            if isinstance(value, list):
                for item in value:
                    _references(item, found)
            else:
                _references(value, found)


@cache
def catalogue(lang: str) -> Mapping[str, frozenset[str]]:
    """Every message id of ``lang`` (``id`` and ``id.attribute``) with the variables it uses."""
    resource = FluentParser().parse(_source(lang))
    entries: dict[str, frozenset[str]] = {}
    for entry in resource.body:
        if isinstance(entry, ast.Junk):
            raise ValueError(f"{lang}.ftl: syntax error near {(entry.content or '')[:60]!r}")
        if isinstance(entry, ast.Message):
            found: set[str] = set()
            _references(entry.value, found)
            entries[entry.id.name] = frozenset(found)
            for attribute in entry.attributes:
                found = set()
                _references(attribute.value, found)
                entries[f"{entry.id.name}.{attribute.id.name}"] = frozenset(found)
    return entries


def warm(languages: Iterable[str] = LANGUAGES) -> None:
    """Read, parse and compile each language's catalogue now, every message formatted once
    (with 1 for each of its variables: plural rules and number formats loaded too), so that the
    first message or web page in a language does not wait for it (0.1-1 s a language).  The
    bot calls it at its start, in a thread."""
    for lang in languages:
        bundle = _bundle(lang)
        for key, names in catalogue(lang).items():
            msg_id, _, attribute = key.partition(".")
            message = bundle.get_message(msg_id)
            pattern = message.attributes.get(attribute) if attribute else message.value
            if pattern is not None:
                bundle.format_pattern(pattern, dict.fromkeys(names, 1))


def message_ids(lang: str = DEFAULT_LANGUAGE) -> Iterable[str]:
    """The message ids (without attributes) defined for ``lang``."""
    return [key for key in catalogue(lang) if "." not in key]


ERROR_CODES: Final = (
    # notation and plays
    "syntax",
    "backwards",
    "bad_distance",
    "dice",
    "too_many_dice",
    "no_such_die",
    "no_checker",
    "bar_first",
    "point_closed",
    "bear_off_not_home",
    "bear_off_higher",
    "rule",
    "head_rule",
    "six_prime",
    "max_dice",
    "must_use_both",
    "higher_die",
    "must_move",
    "no_play",
    "no_hitting",
    "no_blot",
    "ambiguous",
    "illegal",
    "illegal_play",
    "step_not_legal",
    "nothing_to_undo",
    "play_incomplete",
    # game flow and cube
    "not_your_turn",
    "must_roll_first",
    "already_rolled",
    "game_not_started",
    "game_over",
    "game_running",
    "match_over",
    "double_pending",
    "beaver_pending",
    "no_double_pending",
    "no_beaver_pending",
    "cube_disabled",
    "cube_not_yours",
    "cube_at_limit",
    "crawford_no_double",
    "last_roll_no_double",
    "beaver_not_allowed",
    "resign_pending",
    "no_resign_pending",
    "resign_not_allowed",
    "unknown_action",
    "bad_player",
    "bad_die",
    "bad_length",
    "bad_game",
    "no_dice",
    "dice_exhausted",
    "unknown_variant",
    "corrupt_state",
    "unsupported_schema",
    "engine_error",
    "not_exportable",
    "corrupt_id",
    "bad_mat",
    "bad_name",
    # chouette
    "too_few_players",
    "duplicate_player",
    "already_seated",
    "unknown_player",
    "already_left",
    "not_in_game",
    "not_team_member",
    "not_captain",
    "no_game",
    "bad_proposal",
    "no_vote",
    "already_voted",
    "vote_pending",
    "already_decided",
    "bad_payment",
    # dice seeds, ratings, statistics
    "bad_dice_seed",
    "bad_export",
    "bad_rating",
    "bad_stats",
)
"""Every error code the engine raises (``EngineError.code``); each has an ``error-*`` message."""

__all__ = [
    "DEFAULT_LANGUAGE",
    "ERROR_CODES",
    "LANGUAGES",
    "MessageFormatError",
    "MissingMessage",
    "catalogue",
    "describe_error",
    "error_message_id",
    "has_message",
    "match_language",
    "message_ids",
    "negotiate",
    "number",
    "sendable",
    "t",
    "t_attr",
]
