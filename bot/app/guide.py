"""What ``help`` and ``rules`` explain: the groups of the command list, the subjects of the
rules and the words that name them.

``help`` lists every command under the heading of its group (:data:`HELP_GROUPS`, messages
``help-group-<group>``); ``help COMMAND`` adds the command's ``help-<command>.more`` where the
command has options to explain.  ``rules`` answers with an overview (``rules-overview``) and
``rules TOPIC`` with one subject: a game, the cube, match play, the chouette
(:data:`GAME_TOPICS`, ``rules-<topic>``) or a table option (:data:`OPTION_TOPICS`,
``rules-option-<option>``, written after the option's name).  Every topic message has a
``.title`` attribute: the subject in a few words, for the lists that offer the topics.  Pure
data and lookups, no table.
"""

from __future__ import annotations

from bot.app.options import OPTION_NAMES

HELP_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "start",
        ("new", "position", "join", "invite", "start", "seed", "leave", "abort", "tournament"),
    ),
    (
        "play",
        (
            "roll",
            "move",
            "undo",
            "confirm",
            "resign",
            "accept",
            "decline",
            "hint",
            "propose",
            "clock",
            "claim",
        ),
    ),
    ("cube", ("double", "take", "pass", "beaver")),
    (
        "info",
        (
            "rules",
            "help",
            "board",
            "score",
            "pips",
            "export",
            "analysis",
            "puzzle",
            "history",
            "import",
            "stats",
            "rating",
            "top",
            "dice",
        ),
    ),
    ("settings", ("settings", "language")),
)
"""The headings of ``help`` (``help-group-<name>``) with their commands: every command of
:data:`~bot.app.command_parser.COMMANDS` exactly once."""

GAME_TOPICS: tuple[str, ...] = ("backgammon", "nardy", "cube", "match", "chouette")
"""The subjects of ``rules TOPIC`` besides the table options (``rules-<topic>``)."""

OPTION_TOPICS: tuple[str, ...] = tuple(name for name in OPTION_NAMES if name not in GAME_TOPICS)
"""Every table option ``new`` accepts has its ``rules OPTION`` (``rules-option-<option>``), but
``cube``: the rules of the doubling cube tell it."""

NARDY_OPTIONS: tuple[str, ...] = (
    "koks",
    "prime_rule",
    "last_roll_draw",
    "draw_points",
    "next_game_starts",
    "cube",
)
"""The options the rules of long nardy point to (its own, and the cube it plays without)."""

RULES_TOPICS: tuple[str, ...] = GAME_TOPICS + OPTION_TOPICS
"""Every topic of ``rules``, in the order they are offered."""

TOPIC_WORDS: dict[str, str] = {
    "short": "backgammon",
    "bg": "backgammon",
    "long": "nardy",
    "long_nardy": "nardy",
    "narde": "nardy",
    "doubling": "cube",
    "double": "cube",
    "take": "cube",
    "pass": "cube",
    "money": "cube",
    "crawford": "match",
    "matches": "match",
    "head": "nardy",
    "box": "chouette",
    "hint": "hints",
}
"""Other words a player may ask ``rules`` about, and the topic that answers."""

OPTION_EXAMPLES: dict[str, str] = {
    "jacoby": "money jacoby=off",
    "beaver": "money beaver=on",
    "auto_doubles": "money auto_doubles=on",
    "max_auto_doubles": "money auto_doubles=on max_auto_doubles=2",
    "backgammon_counts": "money backgammon_counts=2",
    "cube_progression": "money cube_progression=arithmetic",
    "gammons_with_cube": "money gammons_with_cube=off",
    "cube_limit": "money cube_limit=16",
    "last_roll_draw": "nardy 3 last_roll_draw=on",
    "draw_points": "nardy 3 last_roll_draw=on draw_points=one",
    "next_game_starts": "nardy 5 next_game_starts=alternate",
    "koks": "nardy koks=on",
    "prime_rule": "nardy prime_rule=on",
    "hints": "5 hints=on",
}
"""What follows ``new`` in the example of each option's rules."""


def topic_message(topic: str) -> str:
    """The message that explains ``topic`` (one of :data:`RULES_TOPICS`).

    >>> topic_message("nardy"), topic_message("auto_doubles")
    ('rules-nardy', 'rules-option-auto-doubles')
    """
    if topic in GAME_TOPICS:
        return f"rules-{topic}"
    return "rules-option-" + topic.replace("_", "-")


def rules_topic(word: str) -> str | None:
    """The topic a player's word names (``nardy``, ``long``, ``auto-doubles``, ``koks=on``), or
    ``None``.

    >>> rules_topic("Long"), rules_topic("/rules"), rules_topic("beaver=on")
    ('nardy', None, 'beaver')
    """
    name = word.strip().lower().partition("=")[0].replace("-", "_")
    if name in RULES_TOPICS:
        return name
    return TOPIC_WORDS.get(name)
