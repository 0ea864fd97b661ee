"""The README a player reads first: its two commands, a table of every command and of every
table option, the operator's knobs kept to the operator's part, the player written of as
"they" (the README and .env.example)."""

from __future__ import annotations

import re
from pathlib import Path

from bot.app.command_parser import COMMANDS
from bot.app.options import OPTION_NAMES

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
OPERATOR = "## Running in production"


def section(title: str) -> str:
    """The README's text under heading ``title`` up to the next heading of any level."""
    start = README.index(f"\n{title}\n") + len(title) + 2
    following = re.search(r"^#{2,3} ", README[start:], re.M)
    return README[start : start + following.start()] if following else README[start:]


def first_cells(table: str) -> list[str]:
    """The first cell of each row of the markdown table in ``table``."""
    return [
        line.split(" | ")[0].removeprefix("| ") for line in table.splitlines() if line[:2] == "| "
    ]


def test_the_two_commands_a_newcomer_runs() -> None:
    play = section("## Play")
    assert (
        "python3 -m venv .venv && .venv/bin/pip install -q -e . && .venv/bin/python -m bot" in play
    )
    install = "python3 -m venv .venv && .venv/bin/pip install -q -e '.[test]'"
    assert f"{install} && .venv/bin/python -m pytest" in section("## Run the tests")


def test_every_command_is_in_the_players_table() -> None:
    listed = set()
    for cell in first_cells(section("### Commands")):
        listed |= set(re.findall(r"`(\w+)", cell))
    assert set(COMMANDS) <= listed, set(COMMANDS) - listed


def test_every_table_option_is_explained() -> None:
    listed = set()
    for cell in first_cells(section("### Table options")):
        listed |= set(re.findall(r"`(\w+)`", cell))
    assert set(OPTION_NAMES) <= listed, set(OPTION_NAMES) - listed
    for nardy in ("koks", "prime_rule", "last_roll_draw", "draw_points", "next_game_starts"):
        assert f"| `{nardy}` |" in README


def test_the_operators_knobs_stay_in_the_operators_part() -> None:
    players, operators = README.split(OPERATOR, 1)
    knobs = ("AI_WORKERS", "AI_BUDGET_", "AI_PONDER", "AI_HINT_WORKERS", "AI_ANALYSIS_WORKERS")
    for knob in (*knobs, "AI_ENGINE", "AI_NARDY_ENGINE"):
        assert knob not in players, knob
        assert knob in operators, knob


def test_the_player_is_they() -> None:
    for path in ("README.md", ".env.example", "docs/FAIR_DICE.md"):
        text = (ROOT / path).read_text(encoding="utf-8")
        assert not re.findall(r"\b(?:he|his|him|himself)\b", text, re.I), path
