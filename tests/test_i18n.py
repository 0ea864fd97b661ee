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
        words = [t(lang, "points", count=n) for n in SAMPLES]
        assert words == [f"{n} {w}" for n, w in zip(SAMPLES, POINT_WORDS[lang], strict=True)]

    @pytest.mark.parametrize(
        ("lang", "msg_id", "forms"),
        [
            ("ru", "checkers", ("шашка", "шашки", "шашек")),
            ("uk", "checkers", ("шашка", "шашки", "шашок")),
            ("be", "checkers", ("шашка", "шашкі", "шашак")),
            ("ru", "duration-days", ("день", "дня", "дней")),
            ("uk", "duration-days", ("день", "дні", "днів")),
            ("be", "duration-days", ("дзень", "дні", "дзён")),
            ("ru", "games", ("партия", "партии", "партий")),
            ("uk", "players", ("гравець", "гравці", "гравців")),
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
        assert [t("en", "points", count=n) for n in (1, 2, 21)] == [
            "1 point",
            "2 points",
            "21 points",
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
        assert t("ru", "word-bar") == "бар"


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
