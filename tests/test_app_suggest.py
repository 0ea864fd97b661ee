"""What the app offers while a player types a command's argument (``bot.app.suggest``): every
line it offers is one the command accepts, found by its words or by its label in the player's
language."""

from __future__ import annotations

from test_app_support import ALICE, Chat

from bot.app import App, SendText
from bot.app.command_parser import COMMANDS
from bot.app.guide import RULES_TOPICS
from bot.app.preferences import SETTING_VALUES
from bot.app.suggest import MAX_SUGGESTIONS, suggestions
from bot.app.timing import parse_clock
from bot.i18n import LANGUAGES, t, t_attr
from bot.store import MemoryStore, TableKey


def offered_new_lines(limit: int = 400) -> list[str]:
    """``new`` lines reached by taking suggestions one word after another (three deep)."""
    seen: list[str] = []
    frontier = [""]
    for _ in range(3):
        following = []
        for typed in frontier:
            for s in suggestions("en", "new", typed, computer=False):
                if s.line not in seen:
                    seen.append(s.line)
                    following.append(s.line + " ")
        frontier = following[:60]
    return seen[:limit]


async def test_every_new_line_offered_opens_a_lobby() -> None:
    lines = offered_new_lines()
    assert len(lines) > 100
    app = App(MemoryStore())
    for n, line in enumerate(lines):
        chat = Chat(app, TableKey("telegram", str(-1000 - n)))
        replies = await chat.send(ALICE, f"/new {line}")
        assert len(replies) == 1 and isinstance(replies[0], SendText), (line, replies)
        assert [b.label for b in replies[0].buttons[0]][:1] == ["Join"], (line, replies)


def test_new_offers_lengths_games_and_options_with_labels() -> None:
    first = suggestions("en", "new", "")
    assert len(first) == MAX_SUGGESTIONS
    assert (first[0].line, first[0].label) == ("1", "Match to 1 point")
    assert [s.line for s in suggestions("en", "new", "mon")] == ["money"]
    # Found by a part of the label too, in the player's language.
    assert [s.line for s in suggestions("ru", "new", "длин")] == ["nardy"]
    assert [s.label for s in suggestions("ru", "new", "длин")] == ["Длинные нарды"]
    # The next word comes from a group not yet used, and adds to what was typed.
    after = suggestions("en", "new", "nardy 3 ")
    assert all(s.line.startswith("nardy 3 ") for s in after)
    assert not any(s.line.split()[-1].isdigit() or s.line.endswith("money") for s in after)
    assert "nardy 3 koks=on" in [s.line for s in after]  # long nardy's own options
    assert "nardy 3 jacoby=on" not in [s.line for s in after]  # no cube: no cube options
    assert after[0].label == "Long nardy, match to 3 points, Computer (strong)"
    # A chouette is backgammon without the computer; backgammon has no koks.
    chouette = [s.line for s in suggestions("en", "new", "chouette ")]
    assert "chouette nardy" not in chouette and "chouette bot" not in chouette
    assert not any("koks" in line for line in chouette)
    # The computer is offered only where it can play.
    assert "bot" in [s.line for s in suggestions("en", "new", "bo")]
    assert [s.line for s in suggestions("en", "new", "bo", computer=False)] == ["bo"]
    # Something nobody offers stays as typed (the command then says what is wrong).
    assert [s.line for s in suggestions("en", "new", "3 xx")] == ["3 xx"]


def test_settings_lines_are_keys_and_values() -> None:
    offered = suggestions("en", "settings", "")
    assert len(offered) == sum(len(v) for v in SETTING_VALUES.values())
    for s in offered:
        key, value = s.line.split()
        assert value in SETTING_VALUES[key]
    assert [(s.line, s.label) for s in suggestions("en", "settings", "text")] == [
        ("view text", "Board: text")
    ]
    assert ("threads off", "Games in threads of their own: off") in [
        (s.line, s.label) for s in offered
    ]
    # Each language by its own name.
    assert [s.line for s in suggestions("en", "settings", "русс")] == ["language ru"]


def test_clock_times_read_as_the_clock_reads_them() -> None:
    offered = suggestions("en", "clock", "")
    assert [s.line for s in offered][:2] == ["off", "5m"]
    assert all(parse_clock(s.line) is not None for s in offered)
    assert offered[3].label == "Move clock: 1 hour per move."
    # A number typed: minutes, hours or days, each said with the right plural.
    assert [(s.line, s.label) for s in suggestions("ru", "clock", "2")] == [
        ("2m", "Время на ход: 2 минуты."),
        ("2h", "Время на ход: 2 часа."),
        ("2d", "Время на ход: 2 дня."),
    ]
    assert suggestions("en", "clock", "soon") == []


def test_help_offers_commands_by_name_then_by_description() -> None:
    for lang in LANGUAGES:
        everything = suggestions(lang, "help", "")
        assert [s.line for s in everything] == list(COMMANDS)[:MAX_SUGGESTIONS]
    found = suggestions("en", "help", "mo")
    assert found[0].line == "move"
    assert found[0].label == f"/move — {t('en', 'help-move')}"
    assert "new" in [s.line for s in found]  # "money" in its description
    # With the platform's syntax: its names of the commands.
    shown = suggestions("ru", "help", "ход", syntax=lambda lang, c, a: f"/{c.upper()}")
    assert shown[0].label.startswith("/")
    assert suggestions("en", "help", "zzz") == []


def test_rules_offers_every_topic_by_its_title_in_the_players_language() -> None:
    for lang in LANGUAGES:
        everything = suggestions(lang, "rules", "")
        assert [s.line for s in everything] == list(RULES_TOPICS)
        assert len(RULES_TOPICS) <= MAX_SUGGESTIONS
        labels = {s.line: s.label for s in everything}
        assert labels["nardy"] == t_attr(lang, "rules-nardy", "title")
        assert labels["koks"] == f"koks — {t_attr(lang, 'rules-option-koks', 'title')}"
    # Found by the words of the titles: long nardy, then the options of long nardy alone.
    found = [s.line for s in suggestions("ru", "rules", "длин")]
    assert found == ["nardy", "last_roll_draw", "koks", "prime_rule"]
    assert "beaver" in [s.line for s in suggestions("en", "rules", "beav")]
    assert suggestions("en", "rules", "zzz") == []
