"""What ``rules`` and ``help`` explain (``bot.app.guide``, answered by ``bot.app.info``): both
games, the cube, matches, the chouette and every table option the engine knows; every command
under one heading, with its options; in every language, each answer short enough for one
message."""

from __future__ import annotations

import doctest
from dataclasses import fields

import pytest
from test_app_support import Chat, texts

from bot.app import App, SendText, User, guide
from bot.app.command_parser import ALIASES, COMMANDS
from bot.app.guide import (
    GAME_TOPICS,
    HELP_GROUPS,
    NARDY_OPTIONS,
    OPTION_EXAMPLES,
    OPTION_TOPICS,
    RULES_TOPICS,
    TOPIC_WORDS,
    rules_topic,
    topic_message,
)
from bot.app.lobby import MAX_MATCH
from bot.app.options import OPTION_NAMES
from bot.app.preferences import SETTING_VALUES
from bot.i18n import LANGUAGES, catalogue, t, t_attr
from bot.store import MemoryStore, TableKey
from engine.cube import Options

PEOPLE = {lang: User("telegram", str(n), "Ann", lang) for n, lang in enumerate(LANGUAGES, 1)}

MAX_ANSWER = 2000
"""Characters of one Discord message, the shortest limit of the platforms: every rules topic
and every command's help fits in one."""


def chat(app: App | None = None, key: str = "-100") -> Chat:
    return Chat(app or App(MemoryStore()), TableKey("telegram", key))


def test_the_doctests() -> None:
    assert doctest.testmod(guide).failed == 0


# -- rules ------------------------------------------------------------------------------------


def test_every_table_option_the_engine_knows_is_a_topic() -> None:
    engine_options = {f.name for f in fields(Options)}
    assert engine_options <= set(OPTION_NAMES) <= set(RULES_TOPICS)
    assert len(set(RULES_TOPICS)) == len(RULES_TOPICS)
    assert set(OPTION_EXAMPLES) == set(OPTION_TOPICS) == set(OPTION_NAMES) - {"cube"}
    assert set(NARDY_OPTIONS) <= set(OPTION_NAMES) and set(TOPIC_WORDS.values()) <= set(
        RULES_TOPICS
    )
    for lang in LANGUAGES:
        titles = [t_attr(lang, topic_message(topic), "title") for topic in RULES_TOPICS]
        assert all(titles) and len(set(titles)) == len(titles), lang


async def test_every_option_example_opens_a_table() -> None:
    app = App(MemoryStore())
    for n, (option, example) in enumerate(OPTION_EXAMPLES.items()):
        assert f"{option}=" in example
        replies = await chat(app, str(-200 - n)).send(PEOPLE["en"], f"/new {example}")
        assert len(replies) == 1 and isinstance(replies[0], SendText), (option, replies)
        assert "Join" in str(replies[0].buttons), option


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_rules_answer_every_topic(lang: str) -> None:
    person, talk = PEOPLE[lang], chat()
    overview = texts(await talk.send(person, "/rules"))
    for topic in GAME_TOPICS:
        assert f"/rules {topic}" in overview
    assert ", ".join(OPTION_NAMES) in overview
    for topic in RULES_TOPICS:
        answer = texts(await talk.send(person, f"/rules {topic}"))
        assert 120 < len(answer) <= MAX_ANSWER, (topic, len(answer))
        if topic in OPTION_TOPICS:
            # The option's name, what it does, its values and default, an example to type.
            assert answer.startswith(f"{topic} — "), answer
            assert answer.endswith(f"/new {OPTION_EXAMPLES[topic]}"), answer
            assert answer.count("\n") >= 2
        else:  # a game, the cube, matches, the chouette: a few short paragraphs
            assert "\n\n" in answer and max(map(len, answer.split("\n"))) < 700, topic
    # The cube option is told with the rules of the cube.
    assert "cube — on, off" in texts(await talk.send(person, "/rules cube=off"))
    # Other words for a topic, an option as typed, and a word that is no topic.
    assert texts(await talk.send(person, "/rules long")) == texts(
        await talk.send(person, "/rules nardy")
    )
    assert texts(await talk.send(person, "/rules koks=on")) == texts(
        await talk.send(person, "/rules koks")
    )
    assert texts(await talk.send(person, "/rules Auto-Doubles")).startswith("auto_doubles — ")
    unknown = texts(await talk.send(person, "/rules frob"))
    assert "frob" in unknown and ", ".join(RULES_TOPICS) in unknown


GAME_WORDS = {
    "en": {
        "nardy": ("head", "6-6, 4-4 or 3-3", "No hitting", "six points in a row", "mars", "oin"),
        "backgammon": ("bar", "blot", "Bearing off", "gammon", "backgammon", "cube"),
        "cube": ("takes", "passes", "Jacoby", "beaver", "automatic doubles", "Crawford"),
        "match": ("Crawford", "N points", "Money play", "draw"),
        "chouette": ("box", "captain", "team", "every member agrees"),
    },
    "ru": {
        "nardy": ("голов", "6-6, 4-4 или 3-3", "Боя нет", "шести пунктов подряд", "марс", "кокс"),
        "backgammon": ("бар", "блот", "Снятие", "марс", "кокс", "куб"),
        "cube": ("принимает", "«пас»", "Якоби", "бобёр", "автоудвоения", "Кроуфорда"),
        "match": ("Кроуфорда", "N очков", "Игра на деньги", "ничьей"),
        "chouette": ("бокс", "капитан", "команд", "согласны все"),
    },
    "uk": {
        "nardy": (
            "голов",
            "6-6, 4-4 або 3-3",
            "Бою немає",
            "шести пунктів поспіль",
            "марс",
            "кокс",
        ),
        "backgammon": ("бар", "блот", "Викидання", "марс", "кокс", "куб"),
        "cube": ("приймає", "«пас»", "Якобі", "бобер", "автоподвоєння", "Кроуфорда"),
        "match": ("Кроуфорда", "N очок", "Гра на гроші", "нічиєї"),
        "chouette": ("бокс", "капітан", "команд", "згодні всі"),
    },
    "be": {
        "nardy": ("галав", "6-6, 4-4 ці 3-3", "Бою няма", "шасці пунктаў запар", "марс", "кокс"),
        "backgammon": ("бар", "блот", "Выкідванне", "марс", "кокс", "куб"),
        "cube": ("прымае", "«пас»", "Якобі", "бабёр", "аўтападваенні", "Кроўфарда"),
        "match": ("Кроўфарда", "N ачкоў", "Гульня на грошы", "нічыі"),
        "chouette": ("бокс", "капітан", "каманд", "згодныя ўсе"),
    },
}
"""What each game topic must teach, in each language's own words (the seed texts' words)."""


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_the_games_are_taught_in_the_players_words(lang: str) -> None:
    talk = chat()
    for topic, words in GAME_WORDS[lang].items():
        answer = texts(await talk.send(PEOPLE[lang], f"/rules {topic}"))
        assert [w for w in words if w.lower() not in answer.lower()] == [], (lang, topic)


def test_no_gammons_after_a_double_is_said_so() -> None:
    """``gammons_with_cube=off`` takes gammons away once the cube is above 1, not "with the cube
    in play" (it is in play from the first roll)."""
    said = {"ru": "после удвоения", "uk": "після подвоєння", "be": "пасля падваення"}
    wrong = {"ru": "в игре марсов", "uk": "у грі марсів", "be": "у гульні марсаў"}
    for lang in said:
        for key in ("rules-option-gammons-with-cube", "rules-option-gammons-with-cube.title"):
            name, _, attribute = key.partition(".")
            text = t_attr(lang, name, attribute) if attribute else t(lang, name, example="x")
            assert said[lang] in text and wrong[lang] not in text, (lang, key)
    assert "no gammons after a double" in t("en", "rules-option-gammons-with-cube", example="x")


def test_words_name_their_topics() -> None:
    assert [rules_topic(w) for w in ("NARDY", "short", "crawford", "cube_limit=8", "-")] == [
        "nardy",
        "backgammon",
        "match",
        "cube_limit",
        None,
    ]


# -- help -------------------------------------------------------------------------------------


def test_every_command_is_under_one_heading() -> None:
    listed = [command for _, names in HELP_GROUPS for command in names]
    assert sorted(listed) == sorted(COMMANDS) and len(set(listed)) == len(listed)


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_help_lists_every_command_under_its_heading(lang: str) -> None:
    lines = texts(await chat().send(PEOPLE[lang], "/help")).split("\n")
    assert lines[0] == t(lang, "help-title")
    assert lines[-1] == t(lang, "help-footer", cmd_help="/help", cmd_rules="/rules")
    headings = [lines.index(t(lang, f"help-group-{group}")) for group, _ in HELP_GROUPS]
    assert headings == sorted(headings)
    for (group, names), start, end in zip(
        HELP_GROUPS, headings, [*headings[1:], len(lines) - 1], strict=True
    ):
        entries = [f"/{name} — {t(lang, f'help-{name}')}" for name in names]
        assert [line for line in lines[start + 1 : end] if line] == entries, group


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_help_explains_every_command_and_its_options(lang: str) -> None:
    talk = chat()
    for command in COMMANDS:
        answer = texts(await talk.send(PEOPLE[lang], f"/help {command}"))
        usage, about, *more = answer.split("\n")
        assert usage == t_attr(lang, f"help-{command}", "usage") and usage.startswith(f"/{command}")
        assert about == t(lang, f"help-{command}")
        assert len(answer) <= MAX_ANSWER
        if usage != f"/{command}":  # it takes words: what they are
            assert f"help-{command}.more" in catalogue(lang), command
            assert more[0] == "" and len("".join(more)) > 60, command
    for alias, command in ALIASES.items():
        assert texts(await talk.send(PEOPLE[lang], f"/help {alias}")) == texts(
            await talk.send(PEOPLE[lang], f"/help {command}")
        )
    # A table option or a rules topic asked of help: its rules.
    assert texts(await talk.send(PEOPLE[lang], "/help koks")) == texts(
        await talk.send(PEOPLE[lang], "/rules koks")
    )


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_help_new_tells_lengths_games_money_chouette_and_every_option(lang: str) -> None:
    answer = texts(await chat().send(PEOPLE[lang], "/help new"))
    for word in ("nardy", "money", "chouette", "bot", "strong", "expert", f" {MAX_MATCH} "):
        assert word in answer, word
    assert ", ".join(OPTION_NAMES) in answer
    assert "/rules " in answer and "/new money beaver=on" in answer


DIRECTION = {"en": "direction", "ru": "направлен", "uk": "напрям", "be": "кірун"}
"""The board direction, a setting that no longer exists."""


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_help_settings_offers_the_settings_that_exist(lang: str) -> None:
    answer = texts(await chat().send(PEOPLE[lang], "/help settings"))
    assert DIRECTION[lang] not in answer.lower()
    for key, values in SETTING_VALUES.items():
        assert f"{key} {' | '.join(values)}" in answer, key
