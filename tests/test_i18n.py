"""The catalogues: complete in four languages, same placeholders, right plurals, negotiation."""

from __future__ import annotations

import doctest
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.i18n import (
    DEFAULT_LANGUAGE,
    ERROR_CODES,
    LANGUAGES,
    MessageFormatError,
    MissingMessage,
    catalogue,
    describe_error,
    error_message_id,
    has_message,
    match_language,
    message_ids,
    negotiate,
    t,
    t_attr,
)

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
SAMPLES = (1, 2, 5, 11, 12, 21, 22, 25)

# Messages that read the same in every language (names, identifiers, bare placeholders).
SAME_EVERYWHERE = {
    "language-en",
    "language-ru",
    "language-uk",
    "language-be",
    "export-position",
    "export-xgid",
    "chouette-ledger-line",
    "mode-chouette",
    "app-button-option",  # an option's word; the sample option is no option (a test names them)
    "discord-thread-team",  # a chouette's thread: its members' names and the game, bare
    "tournament-entry",  # a sign-up line: number, name, rating
    "tournament-pair-open",  # two names
    "tournament-pairing",  # board number and two names
    "puzzle-choice-plain",  # a puzzle's answer: its number and the answer
    "puzzle-marks",  # an arrow before words said elsewhere
}


def sample_params(variables: frozenset[str]) -> dict[str, Any]:
    """A value for every variable: numbers for counts, words for the rest."""
    numeric = {
        "count",
        "points",
        "value",
        "length",
        "pips",
        "opponent_pips",
        "score",
        "opponent_score",
        "die",
        "die1",
        "die2",
        "yes",
        "total",
        "limit",
        "games",
        "wins",
        "gammons",
        "backgammons",
        # numbers a catalogue formats (NUMBER)
        "rolls",
        "doubles",
        "share",
        "expected",
        "p",
        "closed",
        "entered",
        "tries",
        "face",
        "rank",
        "win",
        "gammon",
        "backgammon",
        "lose",
        "lose_gammon",
        "lose_backgammon",
        "pr",
        "checker",
        "cube",
        "loss",
        "luck",
        "rating",
        "change",
        "opponent_change",
        "place",
        "experience",
        "deviation",
        "rated",
        "answered",
    }
    return {name: 3 if name in numeric else f"<{name}>" for name in variables}


class TestCompleteness:
    def test_every_catalogue_parses_and_has_the_same_ids(self) -> None:
        english = catalogue("en")
        assert len(english) > 250
        for lang in TRANSLATED:
            other = catalogue(lang)
            assert sorted(set(english) - set(other)) == [], f"missing in {lang}"
            assert sorted(set(other) - set(english)) == [], f"only in {lang}"

    @pytest.mark.parametrize("lang", TRANSLATED)
    def test_same_placeholders(self, lang: str) -> None:
        english = catalogue("en")
        other = catalogue(lang)
        differing = {k: (english[k], other[k]) for k in english if english[k] != other[k]}
        assert differing == {}

    @pytest.mark.parametrize("lang", LANGUAGES)
    def test_every_message_formats(self, lang: str) -> None:
        for key, variables in catalogue(lang).items():
            params = sample_params(variables)
            if "." in key:
                msg_id, attribute = key.split(".", 1)
                text = t_attr(lang, msg_id, attribute, **params)
            else:
                text = t(lang, key, **params)
            assert text.strip(), key
            assert "{" not in text and "}" not in text, (key, text)
            assert "\u2068" not in text and "\u2069" not in text, key

    @pytest.mark.parametrize("lang", TRANSLATED)
    def test_translated_not_copied(self, lang: str) -> None:
        copied = []
        for msg_id in message_ids("en"):
            if msg_id in SAME_EVERYWHERE:
                continue
            params = sample_params(catalogue("en")[msg_id])
            if t(lang, msg_id, **params) == t("en", msg_id, **params):
                copied.append(msg_id)
        assert copied == []

    def test_every_error_code_has_a_message(self) -> None:
        for code in ERROR_CODES:
            for lang in LANGUAGES:
                assert has_message(error_message_id(code), lang), (code, lang)

    def test_every_code_the_engine_raises_is_known(self) -> None:
        """Codes in the engine's source (``code="x"``, ``illegal("x", ...)``) all have texts."""
        patterns = [
            re.compile(r'\bcode\s*=\s*"([a-z_]+)"'),
            re.compile(r'\b_?(?:illegal|refuse)\(\s*"([a-z_]+)"'),
            re.compile(r'_Reason\(\s*"([a-z_]+)"'),
            re.compile(r'_illegal\(\s*(?:f?"[^"]*"|[a-z_.]+)\s*,\s*"([a-z_]+)"'),
            # a ruleset's step refusal: return ("code", "message", {params})
            re.compile(r'return \(\s*"([a-z_]+)",\s*f?"'),
        ]
        found: dict[str, str] = {}
        for path in sorted((ROOT / "engine").glob("*.py")):
            text = path.read_text(encoding="utf-8")
            for pattern in patterns:
                for match in pattern.finditer(text):
                    found.setdefault(match.group(1), path.name)
        assert "syntax" in found
        unknown = {code: where for code, where in found.items() if code not in ERROR_CODES}
        assert unknown == {}

    @pytest.mark.parametrize(
        "command",
        [
            "new",
            "join",
            "invite",
            "leave",
            "abort",
            "roll",
            "move",
            "undo",
            "confirm",
            "double",
            "take",
            "pass",
            "beaver",
            "resign",
            "accept",
            "decline",
            "board",
            "score",
            "pips",
            "help",
            "rules",
            "export",
            "settings",
            "clock",
            "claim",
            "language",
            "stats",
        ],
    )
    def test_help_for_every_command(self, command: str) -> None:
        for lang in LANGUAGES:
            assert t(lang, f"help-{command}")
            assert t_attr(lang, f"help-{command}", "usage").startswith(f"/{command}")


POINT_WORDS = {
    "ru": ("очко", "очка", "очков", "очков", "очков", "очко", "очка", "очков"),
    "uk": ("очко", "очки", "очок", "очок", "очок", "очко", "очки", "очок"),
    "be": ("ачко", "ачкі", "ачкоў", "ачкоў", "ачкоў", "ачко", "ачкі", "ачкоў"),
}
"""The word after 1, 2, 5, 11, 12, 21, 22, 25."""


class TestPlurals:
    @pytest.mark.parametrize("lang", sorted(POINT_WORDS))
    def test_points(self, lang: str) -> None:
        words = [
            t(lang, "result-win", player="A", kind="single", points=n).split(": ")[1].rstrip(".")
            for n in SAMPLES
        ]
        assert words == [f"{n} {w}" for n, w in zip(SAMPLES, POINT_WORDS[lang], strict=True)]

    @pytest.mark.parametrize(
        ("lang", "msg_id", "forms"),
        [
            ("ru", "duration-hours", ("час", "часа", "часов")),
            ("uk", "duration-minutes", ("хвилина", "хвилини", "хвилин")),
            ("be", "duration-minutes", ("хвіліна", "хвіліны", "хвілін")),
            ("ru", "duration-days", ("день", "дня", "дней")),
            ("uk", "duration-days", ("день", "дні", "днів")),
            ("be", "duration-days", ("дзень", "дні", "дзён")),
            ("ru", "duration-minutes", ("минута", "минуты", "минут")),
            ("uk", "duration-hours", ("година", "години", "годин")),
            ("be", "duration-hours", ("гадзіна", "гадзіны", "гадзін")),
        ],
    )
    def test_three_forms(self, lang: str, msg_id: str, forms: tuple[str, str, str]) -> None:
        one, few, many = forms
        expected = [one, few, many, many, many, one, few, many]
        assert [t(lang, msg_id, count=n) for n in SAMPLES] == [
            f"{n} {w}" for n, w in zip(SAMPLES, expected, strict=True)
        ]

    def test_english_two_forms(self) -> None:
        assert [t("en", "mode-match", length=n) for n in (1, 2, 21)] == [
            "match to 1 point",
            "match to 2 points",
            "match to 21 points",
        ]
        assert [t("en", "tournament-joined", name="Ann", count=n) for n in (1, 2)] == [
            "Ann is in (1 player).",
            "Ann is in (2 players).",
        ]

    def test_plural_inside_a_sentence(self) -> None:
        assert t("ru", "result-win", player="Аня", kind="gammon", points=2) == (
            "Аня выигрывает марс: 2 очка."
        )
        assert t("uk", "result-win", player="Оля", kind="backgammon", points=21) == (
            "Оля виграє кокс: 21 очко."
        )
        assert t("be", "result-win", player="Ян", kind="single", points=5) == (
            "Ян выйграе партыю: 5 ачкоў."
        )
        assert t("en", "result-win", player="Ann", kind="gammon", points=1) == (
            "Ann wins a gammon: 1 point."
        )
        assert t("ru", "mode-match", length=1) == "матч до 1 очка"
        assert t("be", "mode-match", length=7) == "матч да 7 ачкоў"


class TestVocabulary:
    """The players' own words."""

    @pytest.mark.parametrize(
        ("lang", "double", "gammon", "backgammon"),
        [
            ("ru", "Удвоить", "марс", "кокс"),
            ("uk", "Подвоїти", "марс", "кокс"),
            ("be", "Падвоіць", "марс", "кокс"),
            ("en", "Double", "gammon", "backgammon"),
        ],
    )
    def test_cube_and_results(self, lang: str, double: str, gammon: str, backgammon: str) -> None:
        assert t(lang, "button-double") == double
        assert gammon in t(lang, "result-win", player="A", kind="gammon", points=2)
        assert backgammon in t(lang, "result-win", player="A", kind="backgammon", points=3)

    def test_doubling_nouns(self) -> None:
        assert "удвоение" in t("ru", "help-take")
        assert "подвоєння" in t("uk", "help-take")
        assert "падваенне" in t("be", "help-take")
        assert t("ru", "chouette-box", player="A") == "Бокс: A"
        assert t("ru", "chouette-captain", player="B") == "Капитан: B"
        assert "Кроуфорда" in t("ru", "error-crawford-no-double")
        assert t("ru", "app-board-bar") == "бар"


class TestLookup:
    def test_unknown_language_falls_back_to_english(self) -> None:
        assert t("de", "button-roll") == "Roll"
        assert t("ru-RU", "button-roll") == "Бросить"

    def test_unknown_message_raises(self) -> None:
        with pytest.raises(MissingMessage):
            t("ru", "no-such-message")
        with pytest.raises(MissingMessage):
            t_attr("en", "help-roll", "nonexistent")

    def test_missing_parameter_raises(self) -> None:
        with pytest.raises(MessageFormatError, match="player"):
            t("en", "event-rolled", dice="6-5")

    def test_values_are_formatted(self) -> None:
        assert t("en", "chouette-team", players=["ann", "bob"]) == "Team: ann, bob"
        assert t("en", "settings-swap-sides", value=True) == "Swap sides after each game: true"


class TestErrors:
    def test_message_ids(self) -> None:
        assert error_message_id("point_closed") == "error-point-closed"
        assert error_message_id("must_use_both") == "error-must-use-both"

    def test_details_use_parameters(self) -> None:
        assert describe_error("en", "no_such_die", {"die": 4, "dice": "6-5"}) == (
            "There is no 4 in 6-5."
        )
        assert describe_error("ru", "bar_first", {"count": 2}) == (
            "Сначала введите с бара: там 2 шашки."
        )
        assert describe_error("be", "no_checker", {"point": 25, "count": 0}) == (
            "На бары няма вашай шашкі."
        )
        assert describe_error("uk", "point_closed", {"points": [3, 5]}) == "Пункти 3, 5 закриті."

    def test_missing_parameters_fall_back_to_the_plain_message(self) -> None:
        assert describe_error("en", "no_such_die", {"dice": "6-5"}) == (
            "You did not roll that number."
        )
        assert describe_error("ru", "crawford_no_double", {"player": 1}) == (
            "В партии Кроуфорда удваивать нельзя."
        )

    def test_unknown_code_is_generic(self) -> None:
        assert describe_error("uk", "no_such_code") == "Зараз так не можна."
        assert describe_error("xx", "game_over") == "The game is over."


class TestNegotiation:
    @pytest.mark.parametrize(
        ("code", "lang"),
        [
            ("ru", "ru"),
            ("ru-RU", "ru"),
            ("RU_ru", "ru"),
            ("uk", "uk"),
            ("uk-UA", "uk"),
            ("ua", "uk"),
            ("be", "be"),
            ("be-BY", "be"),
            ("en", "en"),
            ("en-US", "en"),
            ("de", "en"),
            ("", "en"),
            (None, "en"),
            ("zz-ZZ", "en"),
        ],
    )
    def test_codes(self, code: str | None, lang: str) -> None:
        assert negotiate(code) == lang

    def test_default(self) -> None:
        assert negotiate("de", default="ru") == "ru"
        assert negotiate(None, default="be") == "be"
        assert negotiate("fr", default="xx") == DEFAULT_LANGUAGE


def test_match_language() -> None:
    assert [match_language(c) for c in ("ru-RU", "be_BY", "UA", "bel", "de", "", None)] == [
        "ru",
        "be",
        "uk",
        "be",
        None,
        None,
        None,
    ]


def test_docstring_examples() -> None:
    import bot.i18n

    result = doctest.testmod(bot.i18n)
    assert result.attempted >= 5 and result.failed == 0


@given(st.one_of(st.none(), st.text(max_size=30)))
def test_negotiate_any_code(code: str | None) -> None:
    lang = negotiate(code)
    assert lang in LANGUAGES
    assert match_language(code) in (lang, None)


# -- every message is used, every message used exists ------------------------------------------

SOURCE_DIRS = ("bot", "renderers")
ID_RE = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)+")
PSEUDO_IDS = {"app-usage"}
NOT_MESSAGES = {"auto-roll"}
"""Literals of the id shape that are not message ids (a setting's typed name)."""
"""Ids the app answers itself (``app-usage``: the command's ``help-<name>.usage`` line)."""
CALLS = {"t", "tr", "t_attr", "Refused", "_refused", "localised", "text", "has_message"}
"""Functions whose string arguments are message ids."""


def _source_strings() -> tuple[set[str], list[re.Pattern[str]]]:
    """String literals that may name messages, and the f-strings that build ids, as patterns."""
    import ast

    literals: set[str] = set()
    patterns: list[re.Pattern[str]] = []
    for folder in SOURCE_DIRS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    if ID_RE.fullmatch(node.value):
                        literals.add(node.value)
                elif isinstance(node, ast.Call):
                    func = node.func
                    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                    if name in CALLS:
                        for arg in node.args:
                            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                                literals.add(arg.value)
                elif isinstance(node, ast.JoinedStr):
                    parts = []
                    for value in node.values:
                        if isinstance(value, ast.Constant):
                            parts.append(re.escape(str(value.value)))
                        else:
                            parts.append("[a-z0-9_-]+")
                    first = node.values[0] if node.values else None
                    if (
                        isinstance(first, ast.Constant)
                        and isinstance(first.value, str)
                        and re.fullmatch(r"[a-z]+(?:-[a-z]+)*-", first.value)
                    ):
                        patterns.append(re.compile("".join(parts)))
    return literals, patterns


def _families() -> dict[str, set[str]]:
    """Ids built from a name at run time (``help-<command>``), by the names the code has."""
    from bot.app.chouette_play import PROPOSALS
    from bot.app.command_parser import COMMANDS
    from bot.app.guide import HELP_GROUPS
    from bot.discord_bot.commands import OPTIONS
    from renderers import DEFAULT_LABELS

    def ids(prefix: str, names: object) -> set[str]:
        return {f"{prefix}{str(name).replace('_', '-')}" for name in names}  # type: ignore[attr-defined]

    return {
        "help-": ids("help-", COMMANDS)
        | ids("help-group-", [group for group, _ in HELP_GROUPS])
        | {"help-title", "help-footer"},
        "discord-command-": ids("discord-command-", COMMANDS),
        "discord-param-": ids("discord-param-", {o.name for o in OPTIONS.values()}),
        "app-board-": ids("app-board-", [k for k, v in DEFAULT_LABELS.items() if v]),
        "app-proposal-": ids("app-proposal-", PROPOSALS),
        "error-": {error_message_id(code) for code in ERROR_CODES},
        "language-": ids("language-", LANGUAGES) | {"language-name"},
    }


class TestUsage:
    def test_every_message_is_used(self) -> None:
        literals, patterns = _source_strings()
        families = _families()
        unused = []
        for msg_id in message_ids("en"):
            family = next((p for p in families if msg_id.startswith(p)), None)
            if family is not None:
                used = msg_id in families[family] or msg_id in literals
            else:
                used = msg_id in literals or any(p.fullmatch(msg_id) for p in patterns)
            if not used:
                unused.append(msg_id)
        assert unused == []

    def test_every_message_used_exists(self) -> None:
        literals, _ = _source_strings()
        known = set(message_ids("en"))
        prefixes = {msg_id.split("-", 1)[0] for msg_id in known if "-" in msg_id}
        wanted = {s for s in literals if ID_RE.fullmatch(s) and s.split("-", 1)[0] in prefixes}
        wanted -= NOT_MESSAGES
        for ids in _families().values():
            wanted |= ids
        for lang in LANGUAGES:
            defined = set(message_ids(lang))
            assert sorted(wanted - defined - PSEUDO_IDS) == [], lang

    def test_the_scan_sees_the_code(self) -> None:
        literals, patterns = _source_strings()
        assert {"button-roll", "event-rolled", "app-seated"} <= literals
        assert any(p.fullmatch("help-roll") for p in patterns)


# -- every plural, with the numbers that tell the forms apart -----------------------------------

PLURAL_SAMPLES = (1, 2, 5, 21, 22)
PLURAL_KEYS = {"zero", "one", "two", "few", "many", "other"}


def _plural_variables(lang: str) -> dict[str, set[str]]:
    """Each message (``id`` or ``id.attribute``) with the variables a plural selector reads."""
    from fluent.syntax import FluentParser, ast

    resource = FluentParser().parse((ROOT / "bot/i18n/locales" / f"{lang}.ftl").read_text("utf-8"))
    found: dict[str, set[str]] = {}

    def walk(node: Any, key: str) -> None:
        if isinstance(node, ast.SelectExpression) and isinstance(
            node.selector, ast.VariableReference
        ):
            keys = {v.key.name for v in node.variants if isinstance(v.key, ast.Identifier)}
            if keys & PLURAL_KEYS and keys <= PLURAL_KEYS:
                found.setdefault(key, set()).add(node.selector.id.name)
        if isinstance(node, ast.BaseNode):
            for value in vars(node).values():
                for item in value if isinstance(value, list) else [value]:
                    walk(item, key)

    for entry in resource.body:
        if isinstance(entry, ast.Message):
            walk(entry.value, entry.id.name)
            for attribute in entry.attributes:
                walk(attribute.value, f"{entry.id.name}.{attribute.id.name}")
    return found


def _format(lang: str, key: str, params: dict[str, Any]) -> str:
    if "." in key:
        msg_id, attribute = key.split(".", 1)
        return t_attr(lang, msg_id, attribute, **params)
    return t(lang, key, **params)


class TestEveryPlural:
    def test_the_plurals_are_found(self) -> None:
        plurals = _plural_variables("ru")
        wanted = {"duration-days", "mode-match", "app-bad-length", "error-bar-first.detail"}
        assert wanted <= set(plurals)

    @pytest.mark.parametrize("lang", LANGUAGES)
    def test_forms_follow_the_number(self, lang: str) -> None:
        """1 and 21 take one form, 2 and 22 another, 5 a third (Slavic) or the plural (English)."""
        plurals = _plural_variables(lang)
        assert set(plurals) == set(_plural_variables("en")) or lang != "en"
        for key, variables in plurals.items():
            for variable in variables:
                base = sample_params(catalogue(lang)[key])
                forms = {}
                for n in PLURAL_SAMPLES:
                    text = _format(lang, key, {**base, variable: n})
                    assert re.search(rf"(?<!\d){n}(?!\d)", text), (key, n, text)
                    forms[n] = re.sub(r"\d+", "N", text)
                if lang == "en":  # one: 1; other: 2, 5, 21, 22
                    assert forms[1] != forms[2] == forms[5] == forms[21] == forms[22], (key, forms)
                else:  # one: 1, 21; few: 2, 22; many: 5
                    assert forms[1] == forms[21] != forms[5], (lang, key, forms)
                    assert forms[2] == forms[22], (lang, key, forms)

    @pytest.mark.parametrize(
        ("lang", "text"),
        [
            ("ru", "Аня, время на ход: ещё 1 минута."),
            ("uk", "Оля, час на хід: ще 21 хвилина."),
            ("be", "Ян, час на ход: яшчэ 22 хвіліны."),
        ],
    )
    def test_time_left_agrees_with_any_number(self, lang: str, text: str) -> None:
        name, rest = text.split(",", 1)
        count = int(re.findall(r"\d+", rest)[0])
        left = t(lang, "duration-minutes", count=count)
        assert t(lang, "clock-reminder", player=name, left=left) == text


class TestPlayersWords:
    """What a native reader of each language asked for, message by message."""

    @pytest.mark.parametrize("lang", LANGUAGES)
    def test_lobby_option_buttons_are_words(self, lang: str) -> None:
        from bot.app.options import TOGGLES

        labels = set()
        for name in TOGGLES:
            label = t(lang, "app-button-option", option=name, state=t(lang, "app-on"))
            assert name not in label and "_" not in label, label
            assert label[0].isupper() and label.endswith(t(lang, "app-on")), label
            labels.add(label)
        assert len(labels) == len(TOGGLES)

    @pytest.mark.parametrize(
        ("lang", "words"),
        [
            ("ru", ("сдаётся", "не принимает удвоение", "объявить бобра", "Сдаться с марсом")),
            ("uk", ("здається", "не приймає подвоєння", "оголосити бобра", "Здатися з марсом")),
            ("be", ("здаецца", "не прымае падваенне", "аб'явіць бабра", "Здацца з марсам")),
        ],
    )
    def test_every_player_in_the_same_words(self, lang: str, words: tuple[str, ...]) -> None:
        resigns, passes, beaver, gammon = words
        assert resigns in t(lang, "result-resigned", player="A")
        assert passes in t(lang, "result-passed", player="A")
        proposal = t(lang, "chouette-proposal", player="A", play=t(lang, "app-proposal-beaver"))
        assert proposal.endswith(beaver + ".")
        assert t(lang, "button-resign-gammon") == gammon
        for msg_id in message_ids(lang):
            params = sample_params(catalogue(lang)[msg_id])
            text = t(lang, msg_id, **params)
            for masculine in ("сдался", "спасовал", "здався", "спасував", "здаўся", "спасаваў"):
                assert masculine not in text, (msg_id, text)

    @pytest.mark.parametrize(
        ("lang", "prime", "offer", "answer", "clock", "expired"),
        [
            (
                "ru",
                "блок из шести пунктов подряд",
                "A предлагает сдаться с марсом.",
                "A: принять или пас?",
                "Время на ход: 12 часов.",
                "У игрока A вышло время.",
            ),
            (
                "uk",
                "блок із шести пунктів поспіль",
                "A пропонує здатися з марсом.",
                "A: прийняти чи пас?",
                "Час на хід: 12 годин.",
                "У гравця A закінчився час.",
            ),
            (
                "be",
                "блок з шасці пунктаў запар",
                "A прапануе здацца з марсам.",
                "A: прыняць ці пас?",
                "Час на ход: 12 гадзін.",
                "У гульца A скончыўся час.",
            ),
        ],
    )
    def test_the_words_players_use(
        self, lang: str, prime: str, offer: str, answer: str, clock: str, expired: str
    ) -> None:
        assert t(lang, "option-prime-rule", value="ahead").startswith(prime)
        assert t_attr(lang, "error-six-prime", "detail", move="22/21", rule="ahead").find(prime) > 0
        assert t(lang, "event-resign-offer", player="A", kind="gammon") == offer
        assert t(lang, "app-answer-double", player="A") == answer
        hours = t(lang, "duration-hours", count=12)
        assert t(lang, "clock-set", duration=hours) == clock
        assert t(
            lang, "clock-expired", player="A", opponent="B", what="game", cmd_claim="/claim"
        ).startswith(expired)

    def test_ukrainian_cube_and_belarusian_opponent(self) -> None:
        assert "стає на 2" in t("uk", "auto-double", value=2)
        assert "після подвоєння" in t("uk", "option-gammons-with-cube", value="увімк")
        for msg_id in message_ids("be"):
            text = t("be", msg_id, **sample_params(catalogue("be")[msg_id]))
            assert "супернік" not in text, msg_id

    def test_english_lines_start_with_a_capital_and_say_backgammon(self) -> None:
        assert t("en", "chouette-lobby", count=3).startswith("Chouette lobby: 3 players")
        assert t("en", "chouette-box", player="A") == "Box: A"
        assert t("en", "chouette-captain", player="A") == "Captain: A"
        assert t("en", "option-koks", value="on").startswith("backgammon (3 points)")
        assert t("en", "app-bad-length", max=63) == (
            "A match is 1 to 63 points long; 0 means money play."
        )
        for msg_id in message_ids("en"):
            text = t("en", msg_id, **sample_params(catalogue("en")[msg_id]))
            # "koks=on" is the option as typed; the result is "backgammon" in English
            assert not re.search(r"\b(his|him|himself|he|koks)\b(?!=)", text), (msg_id, text)


# -- numbers: formatted by the catalogues, each language its own way ---------------------------


def _formats_a_number(node: Any) -> bool:
    """Whether ``node`` turns a number into text the Python way: an f-string field with a
    format spec (``f"{x:.1f}"``, ``f"{n:+d}"``), ``"%.1f" % x`` or ``"{:.1f}".format(x)``."""
    import ast

    if isinstance(node, ast.FormattedValue) and node.format_spec is not None:
        return True
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        return isinstance(node.left, ast.Constant | ast.JoinedStr)
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "format"
        and isinstance(node.func.value, ast.Constant)
    )


def _python_formatted_arguments() -> list[str]:
    """The message parameters the code formats itself (``file:line parameter``): each should
    be passed as a number and formatted by the catalogue (``NUMBER(...)``)."""
    import ast

    found = []
    for folder in SOURCE_DIRS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if not isinstance(node, ast.Call):
                    continue
                func = node.func
                name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                if name not in CALLS:
                    continue
                for keyword in node.keywords:
                    if any(_formats_a_number(inner) for inner in ast.walk(keyword.value)):
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno} {keyword.arg}")
    return found


APP_CODE = ("bot/app", "bot/telegram", "bot/discord_bot", "bot/console.py", "bot/i18n")
"""The code that builds what players read (the renderers draw boards, not messages)."""


class TestNumbers:
    """Numbers reach the catalogues as numbers: a decimal point in English, a decimal comma in
    Russian, Ukrainian and Belarusian, never both in one line."""

    def test_the_scan_sees_python_formatting(self) -> None:
        import ast

        def formats(source: str) -> bool:
            return any(_formats_a_number(node) for node in ast.walk(ast.parse(source)))

        assert formats('f"{share:.1f}%"') and formats('f"{change:+d}"')
        assert formats('"%.3f" % p') and formats('"{:.3f}".format(p)')
        assert not formats('f"{player} {points}"') and not formats("n % 6")

    def test_no_message_receives_a_number_formatted_in_python(self) -> None:
        assert _python_formatted_arguments() == []

    def test_the_app_formats_no_number_itself(self) -> None:
        """Not even through a helper: no f-string of the app's code formats a number."""
        import ast

        found = []
        for place in APP_CODE:
            target = ROOT / place
            paths = [target] if target.suffix == ".py" else sorted(target.rglob("*.py"))
            for path in paths:
                for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                    if _formats_a_number(node):
                        found.append(f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', '?')}")
        assert found == []

    @pytest.mark.parametrize("lang", LANGUAGES)
    def test_one_decimal_mark_per_language(self, lang: str) -> None:
        """Every message rendered with fractional numbers shows the language's decimal mark
        only (what the catalogue writes itself, like 6-5 or 24/18, aside)."""
        wrong = r"\d\.\d" if lang != "en" else r"\d,\d(?!\d{2})"
        mixed = []
        for key, variables in catalogue(lang).items():
            numbers = {n: 1234.5678 for n, v in sample_params(variables).items() if v == 3}
            if not numbers:
                continue
            params = {**sample_params(variables), **numbers}
            text = _format(lang, key, params)
            if re.search(wrong, text):
                mixed.append((key, text))
        assert mixed == []

    @pytest.mark.parametrize(
        ("lang", "decimal"),
        [("en", "17.5%"), ("ru", "17,5\u00a0%"), ("uk", "17,5%"), ("be", "17,5\u00a0%")],
    )
    def test_the_dice_line_mixes_no_decimal_marks(self, lang: str, decimal: str) -> None:
        text = t(
            lang,
            "dice-summary",
            player="A",
            rolls=40,
            doubles=7,
            share=0.175,
            expected=1 / 6,
            p=0.71,
        )
        assert decimal in text
        assert ("0.710" if lang == "en" else "0,710") in text
        assert re.search(r"16[.,]7", text)
        assert not re.search(r"\d\.\d" if lang != "en" else r"\d,\d", text), text

    @pytest.mark.parametrize("lang", LANGUAGES)
    def test_signs_are_a_plus_and_a_true_minus(self, lang: str) -> None:
        diff = t(lang, "hint-difference", unit="equity", value=-0.04)
        assert diff in ("(−0.040)", "(−0,040)")
        assert t(lang, "hint-difference", unit="equity", value=0.0)[1] == "+"
        line = t(lang, "hint-play-line", rank=1, play="24/18", unit="equity", value=0.125)
        assert line in ("1. 24/18  +0.125", "1. 24/18  +0,125")
        assert "−10" in t(lang, "rating-change", player="A", rating=1490.0, change=-10.0)
        assert t(lang, "chouette-ledger-line", player="A", points=-2) == "A: −2"
        assert t(lang, "chouette-ledger-line", player="A", points=3) == "A: +3"

    @pytest.mark.parametrize("lang", LANGUAGES)
    def test_ratings_are_not_grouped(self, lang: str) -> None:
        text = t(lang, "top-line", place=1, player="A", rating=1510.0, experience=3)
        assert re.search(r"1510[.,]0", text), text

    def test_a_sign_display_the_catalogues_do_not_know_is_an_error(self) -> None:
        from bot.i18n import number

        with pytest.raises(ValueError, match="signDisplay"):
            number(1.0, signDisplay="never")


ENTERING = {
    "en": ("point", "points", "points", "points", "points", "points", "points"),
    "ru": (
        "при 1 закрытом пункте",
        "при 2 закрытых пунктах",
        "при 5 закрытых пунктах",
        "при 11 закрытых пунктах",
        "при 21 закрытом пункте",
        "при 22 закрытых пунктах",
        "при 25 закрытых пунктах",
    ),
    "uk": (
        "коли закрито 1 пункт:",
        "коли закрито 2 пункти:",
        "коли закрито 5 пунктів:",
        "коли закрито 11 пунктів:",
        "коли закрито 21 пункт:",
        "коли закрито 22 пункти:",
        "коли закрито 25 пунктів:",
    ),
    "be": (
        "пры 1 закрытым пункце",
        "пры 2 закрытых пунктах",
        "пры 5 закрытых пунктах",
        "пры 11 закрытых пунктах",
        "пры 21 закрытым пункце",
        "пры 22 закрытых пунктах",
        "пры 25 закрытых пунктах",
    ),
}
COUNTS = (1, 2, 5, 11, 21, 22, 25)
"""The counts that tell every plural form of the four languages apart."""


class TestReviewedMessages:
    """The messages the native speakers' review found at fault, in all four languages."""

    @pytest.mark.parametrize("lang", LANGUAGES)
    def test_entering_against_closed_points(self, lang: str) -> None:
        for closed, words in zip(COUNTS, ENTERING[lang], strict=True):
            text = t(
                lang,
                "dice-entering",
                closed=closed,
                entered=30,
                tries=36,
                share=30 / 36,
                expected=35 / 36,
            )
            if lang == "en":
                assert f"against {closed} closed {words}: 30 of 36 (83.3%, expected 97.2%)" in text
            else:
                assert words in text, text
                assert "83,3" in text and "97,2" in text, text

    @pytest.mark.parametrize("lang", LANGUAGES)
    def test_dice_counts(self, lang: str) -> None:
        for n in COUNTS:
            text = t(
                lang,
                "dice-summary",
                player="A",
                rolls=n,
                doubles=n,
                share=0.5,
                expected=1 / 6,
                p=0.5,
            )
            assert re.search(rf"(?<!\d){n}(?!\d)", text), text
            if lang == "en":
                assert (
                    f"{n} roll, {n} double (" if n == 1 else f"{n} rolls, {n} doubles ("
                ) in text

    @pytest.mark.parametrize(
        ("lang", "names"),
        [
            (
                "en",
                (
                    "Computer (beginner)",
                    "Computer (casual)",
                    "Computer (strong)",
                    "Computer (expert)",
                ),
            ),
            (
                "ru",
                (
                    "Компьютер (новичок)",
                    "Компьютер (любитель)",
                    "Компьютер (сильный)",
                    "Компьютер (эксперт)",
                ),
            ),
            (
                "uk",
                (
                    "Комп'ютер (новачок)",
                    "Комп'ютер (аматор)",
                    "Комп'ютер (сильний)",
                    "Комп'ютер (експерт)",
                ),
            ),
            (
                "be",
                (
                    "Камп'ютар (пачатковец)",
                    "Камп'ютар (аматар)",
                    "Камп'ютар (моцны)",
                    "Камп'ютар (эксперт)",
                ),
            ),
        ],
    )
    def test_the_computer_is_named_with_its_level_in_words(
        self, lang: str, names: tuple[str, ...]
    ) -> None:
        from bot.ai.worker import LEVEL_NAMES

        assert tuple(t(lang, "computer-name", level=level) for level in LEVEL_NAMES) == names

    @pytest.mark.parametrize(
        ("lang", "started", "takes", "beavers", "beaver_taken", "thread", "summary"),
        [
            (
                "en",
                "Root vs Computer (strong): the game begins.",
                "Computer (strong) takes and owns the cube at 2.",
                "Computer (strong) beavers and keeps the cube at 4.",
                "Root accepts the beaver: the cube is at 4, owned by Computer (strong).",
                "Root vs Computer (strong) — match to 5 points",
                "Match read: Root vs Computer (strong), ",
            ),
            (
                "ru",
                "Root — Компьютер (сильный): партия начинается.",
                "Компьютер (сильный) принимает удвоение и забирает куб на 2.",
                "Компьютер (сильный) объявляет бобра и оставляет куб на 4 у себя.",
                "Root принимает бобра: куб на 4, владелец — Компьютер (сильный).",
                "Root — Компьютер (сильный), матч до 5 очков",
                "Матч прочитан: Root — Компьютер (сильный), ",
            ),
            (
                "uk",
                "Root — Комп'ютер (сильний): партія починається.",
                "Комп'ютер (сильний) приймає подвоєння й забирає куб на 2.",
                "Комп'ютер (сильний) оголошує бобра й залишає куб на 4 у себе.",
                "Root приймає бобра: куб на 4, власник — Комп'ютер (сильний).",
                "Root — Комп'ютер (сильний), матч до 5 очок",
                "Матч прочитано: Root — Комп'ютер (сильний), ",
            ),
            (
                "be",
                "Root — Камп'ютар (моцны): партыя пачынаецца.",
                "Камп'ютар (моцны) прымае падваенне і забірае куб на 2.",
                "Камп'ютар (моцны) аб'яўляе бабра і пакідае куб на 4 у сябе.",
                "Root прымае бабра: куб на 4, уладальнік — Камп'ютар (моцны).",
                "Root — Камп'ютар (моцны), матч да 5 ачкоў",
                "Матч прачытаны: Root — Камп'ютар (моцны), ",
            ),
        ],
    )
    def test_names_stay_in_the_nominative(
        self,
        lang: str,
        started: str,
        takes: str,
        beavers: str,
        beaver_taken: str,
        thread: str,
        summary: str,
    ) -> None:
        """A name (the computer's above all) is never put in a case it does not have."""
        computer = t(lang, "computer-name", level="strong")
        mode = t(lang, "mode-match", length=5)
        assert t(lang, "game-started", player="Root", opponent=computer) == started
        assert t(lang, "event-takes", player=computer, value=2) == takes
        assert t(lang, "event-beavers", player=computer, value=4) == beavers
        assert t(lang, "event-beaver-accepted", player="Root", value=4, owner=computer) == (
            beaver_taken
        )
        assert t(lang, "discord-thread-name", player="Root", opponent=computer, mode=mode) == (
            thread
        )
        reminder = t(lang, "clock-private-reminder", opponent=computer, left="5")
        late = t(lang, "clock-private-late", opponent=computer, what="game")
        for text in (reminder, late):
            assert f" {computer}" in text
            for governing in ("против ", "проти ", "супраць "):
                assert governing + computer not in text, text
        read = t(
            lang,
            "import-summary",
            player="Root",
            opponent=computer,
            mode=mode,
            games=3,
            score=5,
            opponent_score=2,
        )
        assert read.startswith(summary), read

    @pytest.mark.parametrize(
        ("lang", "resigns", "passes", "takes"),
        [
            ("ru", "сдаётся", "не принимает удвоение", "принимает удвоение"),
            ("uk", "здається", "не приймає подвоєння", "приймає подвоєння"),
            ("be", "здаецца", "не прымае падваенне", "прымае падваенне"),
        ],
    )
    def test_a_passed_double_is_not_a_resignation(
        self, lang: str, resigns: str, passes: str, takes: str
    ) -> None:
        """One act, one family of words: the button «Пас», the events "не принимает удвоение";
        a resignation alone "сдаётся"."""
        assert t(lang, "replay-pass", player="A") == f"A {passes}."
        assert t(lang, "computer-passes", player="A") == f"A {passes}."
        assert t(lang, "result-passed", player="A") == f"A {passes}."
        assert t(lang, "replay-take", player="A") == f"A {takes}."
        assert t(lang, "computer-takes", player="A") == f"A {takes}."
        assert resigns in t(lang, "result-resigned", player="A")
        take, pas = t(lang, "button-take"), t(lang, "button-pass")
        assert pas == "Пас" and t(lang, "discord-command-pass") == "пас"
        assert t(lang, "analysis-cube-action", action="take") == take.lower()
        assert t(lang, "analysis-cube-action", action="pass") == pas.lower()
        assert t(lang, "hint-take", answer="pass").endswith(": пас")
        for option in ("double_take", "double_pass"):
            cube = t(lang, "hint-cube", action=option)
            line = t(lang, "hint-cube-line", option=option, unit="equity", value=0.5)
            assert line.startswith(cube + ": "), (cube, line)
        assert t(lang, "hint-cube", action="double_pass").endswith(", пас")
        assert t(lang, "hint-cube", action="double_take").endswith(", " + take.lower())
        for msg_id in message_ids(lang):
            if msg_id.startswith(("help-", "rules-")):
                continue
            text = t(lang, msg_id, **sample_params(catalogue(lang)[msg_id]))
            for word in ("пасует", "спасуй", "пасує", "пасуе", "спасуйце"):
                assert word not in text, (msg_id, text)
            if msg_id != "result-resigned":
                assert resigns not in text, (msg_id, text)

    @pytest.mark.parametrize(
        ("lang", "answer"),
        [
            ("en", "A: accept or decline?"),
            ("ru", "A: согласиться или отказаться?"),
            ("uk", "A: погодитися чи відмовитися?"),
            ("be", "A: пагадзіцца ці адмовіцца?"),
        ],
    )
    def test_a_resignation_is_answered_in_the_buttons_words(self, lang: str, answer: str) -> None:
        assert t(lang, "app-answer-resign", player="A") == answer
        accept, decline = t(lang, "button-accept"), t(lang, "button-decline")
        assert accept.lower() in answer and decline.lower() in answer
        if lang != "en":
            assert t(lang, "discord-command-accept") == accept.lower()
            assert t(lang, "discord-command-decline") == decline.lower()

    @pytest.mark.parametrize(
        ("lang", "after"),
        [
            ("en", "after a double"),
            ("ru", "после удвоения"),
            ("uk", "після подвоєння"),
            ("be", "пасля падваення"),
        ],
    )
    def test_gammons_with_the_cube_are_gammons_after_a_double(self, lang: str, after: str) -> None:
        """The option removes gammons once the cube is turned, not "with the cube in play"."""
        off = t(lang, "app-off")
        assert after in t(lang, "option-gammons-with-cube", value=off)
        assert after in t(lang, "app-button-option", option="gammons_with_cube", state=off).lower()
        for msg_id in message_ids(lang):
            if msg_id.startswith(("help-", "rules-")) or msg_id == "app-rules":
                continue
            text = t(lang, msg_id, **sample_params(catalogue(lang)[msg_id]))
            for wrong in ("с кубом в игре", "з кубом у грі", "з кубам у гульні", "cube in play"):
                assert wrong not in text, (msg_id, text)

    @pytest.mark.parametrize(
        ("lang", "crawford", "turn"),
        [
            (
                "ru",
                "партия Кроуфорда бывает, только когда одному игроку не хватает одного очка до "
                "победы, и в ней нет куба.",
                "действует не тот игрок, чей сейчас ход.",
            ),
            (
                "uk",
                "партія Кроуфорда буває, лише коли одному гравцеві бракує одного очка до "
                "перемоги, і в ній немає куба.",
                "діє не той гравець, чий зараз хід.",
            ),
            (
                "be",
                "партыя Кроўфарда бывае, толькі калі аднаму гульцу не хапае аднаго ачка да "
                "перамогі, і ў ёй няма куба.",
                "дзейнічае не той гулец, чый цяпер ход.",
            ),
        ],
    )
    def test_an_impossible_position_says_the_rule_it_breaks(
        self, lang: str, crawford: str, turn: str
    ) -> None:
        assert t(lang, "position-impossible", reason="crawford").endswith(": " + crawford)
        assert t(lang, "position-impossible", reason="turn").endswith(": " + turn)

    @pytest.mark.parametrize(
        ("lang", "hash_word", "proves", "quoted"),
        [
            ("en", "hash", "proves no roll was changed", "Ann “lucky 7”"),
            ("ru", "хеш", "ни один бросок не подменён", "Ann «lucky 7»"),
            ("uk", "хеш", "жоден кидок не підмінено", "Ann «lucky 7»"),
            ("be", "хэш", "ніводны кідок не падменены", "Ann «lucky 7»"),
        ],
    )
    def test_fair_dice_in_plain_words(
        self, lang: str, hash_word: str, proves: str, quoted: str
    ) -> None:
        """The line on every game's first board says what it shows and what it proves."""
        first = t(lang, "dice-commitment", commitment="3ae961cf9503", cmd_dice="/dice")
        whole = t(lang, "dice-commitment-whole", commitment="3ae9" * 16)
        revealed = t(
            lang,
            "dice-revealed",
            number=1,
            seed="00" * 32,
            commitment="3ae961cf9503",
            cmd_export="/export",
            command="verify",
        )
        for text in (first, whole, revealed):
            assert f"{hash_word} 3ae9" in text or f"{hash_word}: 3ae9" in text, text
            for jargon in ("commitment", "обязательств", "зобов'язан", "абавязацельств"):
                assert jargon not in text, text
        assert proves in first
        assert t(lang, "dice-client-seed", player="Ann", seed="lucky 7") == quoted
        assert quoted.split(" ", 1)[1] in t(lang, "dice-seed-set", player="Ann", seed="lucky 7")

    @pytest.mark.parametrize(
        ("lang", "random", "bad"),
        [
            ("ru", "Ваш сид будет выбран случайно в начале партии", "Такой сид не подходит."),
            ("uk", "Ваш сід буде обрано випадково на початку партії", "Такий сід не підходить."),
            ("be", "Ваш сід будзе абраны выпадкова на пачатку партыі", "Такі сід не падыходзіць."),
        ],
    )
    def test_a_seed_is_a_seed(self, lang: str, random: str, bad: str) -> None:
        assert t(lang, "dice-seed-random", cmd_seed_text="/seed").startswith(random)
        assert t(lang, "error-bad-dice-seed") == bad

    @pytest.mark.parametrize(
        ("lang", "chouette", "rated"),
        [
            ("en", "A chouette is played with backgammon.", "chouettes"),
            ("ru", "В шуэт играют только в короткие нарды.", "шуэты"),
            ("uk", "У шует грають лише в короткі нарди.", "шуети"),
            ("be", "У шуэт гуляюць толькі ў кароткія нарды.", "шуэты"),
        ],
    )
    def test_the_chouette_in_grammatical_sentences(
        self, lang: str, chouette: str, rated: str
    ) -> None:
        assert t(lang, "app-chouette-backgammon") == chouette
        assert f", {rated}, " in t(lang, "rating-rules")

    def test_belarusian_forms(self) -> None:
        """ "згуляна", "матча", "лік" and "сапернік", as the older messages say."""
        assert t("be", "analysis-played", dice="6-5", play="24/18 18/13") == (
            "Выпала 6-5, згуляна 24/18 18/13"
        )
        assert t("be", "hint-match-chances") == "У шанцах выйграць матч пры гэтым ліку:"
        for msg_id in message_ids("be"):
            if msg_id.startswith(("help-", "rules-")):
                continue
            text = t("be", msg_id, **sample_params(catalogue("be")[msg_id]))
            for wrong in ("матчу", "згулята", "праціўнік", "рахунк"):
                assert wrong not in text, (msg_id, text)

    def test_ukrainian_dice_are_kistky(self) -> None:
        """The players' word (the Ukrainian rules say "кістки", "кісток"), one noun throughout."""
        assert t("uk", "error-must-roll-first") == "Спочатку киньте кістки."
        assert t("uk", "app-board-dice") == "кістки"
        for msg_id in message_ids("uk"):
            if msg_id.startswith(("help-", "rules-")) or msg_id == "app-rules":
                continue
            text = t("uk", msg_id, **sample_params(catalogue("uk")[msg_id])).lower()
            for wrong in ("кості", "костей"):
                assert wrong not in text, (msg_id, text)

    @pytest.mark.parametrize(
        ("lang", "asked"),
        [
            (
                "en",
                "Hints: asked for by the creator; on if the opponent joins with “Join with hints”",
            ),
            (
                "ru",
                "Подсказки: их просит создатель стола; включатся, если соперник нажмёт «Сесть с "
                "подсказками»",
            ),
            (
                "uk",
                "Підказки: їх просить творець столу; увімкнуться, якщо суперник натисне «Сісти з "
                "підказками»",
            ),
            (
                "be",
                "Падказкі: іх просіць стваральнік стала; уключацца, калі сапернік націсне «Сесці з "
                "падказкамі»",
            ),
        ],
    )
    def test_hints_asked_for_in_the_lobby(self, lang: str, asked: str) -> None:
        assert t(lang, "hint-lobby-asked") == asked
        assert t(lang, "button-join-hints") in asked

    @pytest.mark.parametrize(
        ("lang", "undo", "board", "autoroll"),
        [
            ("en", "Undo", ("Board: picture", "Board: text"), "auto-roll: on"),
            ("ru", "Отменить шаг", ("Доска: картинка", "Доска: текст"), "автобросок: вкл"),
            ("uk", "Скасувати крок", ("Дошка: картинка", "Дошка: текст"), "автокидок: увімк"),
            ("be", "Адмяніць крок", ("Дошка: малюнак", "Дошка: тэкст"), "аўтакідок: укл"),
        ],
    )
    def test_buttons_and_settings_say_the_same(
        self, lang: str, undo: str, board: tuple[str, str], autoroll: str
    ) -> None:
        assert t(lang, "button-undo") == undo
        image, text = board
        assert t(lang, "settings-board", style="image") == image
        assert t(lang, "settings-board", style="text") == text
        assert image.endswith(t(lang, "app-setting-view-image"))
        assert text.endswith(t(lang, "app-setting-view-text"))
        assert t(lang, "app-setting-autoroll", state=t(lang, "app-on")) == autoroll

    @pytest.mark.parametrize(
        ("lang", "marks", "doubtful", "best", "best_cube"),
        [
            ("en", "Doubtful: 1, bad: 2, very bad: 5", "doubtful", "Best: 24/18", "Best: double"),
            (
                "ru",
                "Сомнительных решений: 1, плохих: 2, очень плохих: 5",
                "сомнительное решение",
                "Лучший ход: 24/18",
                "Лучшее решение: удвоение",
            ),
            (
                "uk",
                "Сумнівних рішень: 1, поганих: 2, дуже поганих: 5",
                "сумнівне рішення",
                "Найкращий хід: 24/18",
                "Найкраще рішення: подвоєння",
            ),
            (
                "be",
                "Сумнеўных рашэнняў: 1, дрэнных: 2, вельмі дрэнных: 5",
                "сумнеўнае рашэнне",
                "Найлепшы ход: 24/18",
                "Найлепшае рашэнне: падваенне",
            ),
        ],
    )
    def test_the_analysis_counts_decisions(
        self, lang: str, marks: str, doubtful: str, best: str, best_cube: str
    ) -> None:
        """Cube actions are decisions too, and the best of each is named as such."""
        assert t(lang, "analysis-marks", doubtful=1, bad=2, very_bad=5) == marks
        difference = t(lang, "analysis-difference", unit="equity", loss=-0.1, mark="doubtful")
        assert difference.endswith(": " + doubtful)
        assert t(lang, "analysis-best", play="24/18") == best
        cube = t(lang, "analysis-cube-action", action="double")
        assert t(lang, "analysis-best-cube", action=cube) == best_cube

    @pytest.mark.parametrize(
        ("lang", "engine", "compared"),
        [
            ("en", "the bot's own long nardy engine", "compared with the best decision"),
            ("ru", "встроенного движка длинных нард", "по сравнению с лучшим решением"),
            ("uk", "вбудованого рушія довгих нард", "порівняно з найкращим рішенням"),
            ("be", "ўбудаванага рухавіка доўгіх нардаў", "ў параўнанні з найлепшым рашэннем"),
        ],
    )
    def test_long_nardy_advice_names_its_engine(
        self, lang: str, engine: str, compared: str
    ) -> None:
        hint = t(lang, "hint-title-nardy", player="A")
        assert engine in hint and "GNU Backgammon" in hint
        assert compared in t(lang, "analysis-title-nardy", ply=1, games=2)

    @pytest.mark.parametrize(
        ("lang", "mars", "koks", "gammon", "backgammon", "rate"),
        [
            ("en", "mars", "koks", "gammon", "backgammon", "error rate (long nardy)"),
            ("ru", "марс", "кокс", "марс", "кокс", "уровень ошибок (длинные нарды)"),
            ("uk", "марс", "кокс", "марс", "кокс", "рівень помилок (довгі нарди)"),
            ("be", "марс", "кокс", "марс", "кокс", "узровень памылак (доўгія нарды)"),
        ],
    )
    def test_long_nardys_chances_and_error_rate_in_its_own_words(
        self, lang: str, mars: str, koks: str, gammon: str, backgammon: str, rate: str
    ) -> None:
        """The chances of a hint say mars and koks in long nardy (backgammon's words in
        backgammon), and long nardy's error rate is never called a PR."""
        chances = dict(win=0.5, gammon=0.1, backgammon=0.05, lose=0.5, lose_gammon=0.1)
        chances["lose_backgammon"] = 0.05
        nardy = t(lang, "hint-chances", variant="long_nardy", **chances)
        assert nardy.count(f"({mars} ") == 2 and nardy.count(f", {koks} ") == 2
        other = t(lang, "hint-chances", variant="backgammon", **chances)
        assert other.count(f"({gammon} ") == 2 and other.count(f", {backgammon} ") == 2
        line = t(lang, "analysis-player-nardy", player="A", pr=4.2, unforced=7)
        assert rate in line and "PR" not in line
        assert "PR" in t(lang, "analysis-player", player="A", pr=4.2, unforced=7)
        title = t(lang, "analysis-title-nardy-net", games=1, ply=2)
        assert "GNU Backgammon" in title and "2-ply" in title

    @pytest.mark.parametrize(
        ("lang", "give", "money", "in_play"),
        [
            ("ru", "Укажите XGID", "Счёт игры на деньги: A 3, B 1.", "матч или игра на деньги"),
            ("uk", "Вкажіть XGID", "Рахунок гри на гроші: A 3, B 1.", "матч або гра на гроші"),
            ("be", "Пазначце XGID", "Лік гульні на грошы: A 3, B 1.", "матч або гульня на грошы"),
        ],
    )
    def test_money_play_and_positions(self, lang: str, give: str, money: str, in_play: str) -> None:
        assert give in t(lang, "position-not-id")
        assert t(lang, "score-money", player="A", score=3, opponent="B", opponent_score=1) == money
        assert in_play in t(lang, "analysis-in-play")

    @pytest.mark.parametrize(
        ("lang", "length", "one", "many"),
        [
            ("en", "A match is 1 to {} long; 0 means money play.", "point", "points"),
            ("ru", "Длина матча — от 1 до {}; 0 — игра на деньги.", "очка", "очков"),
            ("uk", "Довжина матчу — від 1 до {}; 0 — гра на гроші.", "очка", "очок"),
            ("be", "Даўжыня матча — ад 1 да {}; 0 — гульня на грошы.", "ачка", "ачкоў"),
        ],
    )
    def test_the_match_length(self, lang: str, length: str, one: str, many: str) -> None:
        """ "до" takes the genitive: до 1 очка, до 21 очка, до 2 (5, 22) очков."""
        singular = (1,) if lang == "en" else (1, 21)
        for n in COUNTS:
            word = one if n in singular else many
            assert t(lang, "app-bad-length", max=n) == length.format(f"{n} {word}")

    def test_russian_cube_and_invitation(self) -> None:
        assert t("ru", "auto-double", value=2) == "Равные кости при розыгрыше: куб ставится на 2."
        assert t("ru", "telegram-invite-pending").endswith("через пару секунд.")

    def test_english_wording(self) -> None:
        assert t("en", "telegram-invite-link", link="L") == (
            "Send this link to a friend: it seats them at this table. L"
        )
        assert t("en", "import-too-big", size=300, max=256) == (
            "The file is 300 KB; match files up to 256 KB are read."
        )
        assert t("en", "button-resign-single") == "Resign a single game"

    @pytest.mark.parametrize(("lang", "clock"), [("ru", "время"), ("uk", "час"), ("be", "час")])
    def test_discord_commands_use_the_messages_words(self, lang: str, clock: str) -> None:
        """/забрать like the button «Забрать партию»; the move clock is "время на ход"."""
        claim = t(lang, "discord-command-claim")
        assert t(lang, "button-claim-game").lower().startswith(claim + " ")
        assert t(lang, "discord-command-clock") == clock
        assert clock in t(lang, "clock-set", duration="1").lower()
        names = [t(lang, f"discord-command-{c}") for c in ("claim", "clock", "pass", "decline")]
        commands = [k for k in message_ids(lang) if k.startswith("discord-command-")]
        assert len({t(lang, k) for k in commands}) == len(commands), "two commands, one name"
        assert len(set(names)) == len(names)


def test_a_fraction_is_a_number() -> None:
    from fractions import Fraction

    assert t("ru", "hint-chance", win=Fraction(35, 36)) == "Шанс на победу: 97,2\u00a0%"
