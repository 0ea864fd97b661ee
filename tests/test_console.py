"""The console chat and ``python -m bot``, run as real processes with scripted input."""

from __future__ import annotations

import os
import re
import shlex
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bot import __main__ as entry
from bot.settings import load_settings

ROOT = Path(__file__).resolve().parent.parent

# A whole console game with seeded dice: the seed goes in through the app's dice parameter;
# the computer thinks in a worker process of its own, as in ``python -m bot``.
SEEDED_CONSOLE = """
import asyncio, random, sys
from bot.ai.worker import ComputerWorker
from bot.app import App
from bot.console import Console
from bot.store import MemoryStore

async def main():
    dice = random.Random(int(sys.argv[1]))
    worker = ComputerWorker(1)
    analyser = worker if sys.argv[4:] == ["analysis"] else None
    app = App(MemoryStore(), dice=lambda: dice.randint(1, 6), computer=worker, analyser=analyser)
    await Console(app, new_args=sys.argv[2], opponent=sys.argv[3]).run()
    await worker.close()

asyncio.run(main())
"""

COMPUTER_TURN = "Computer (strong) rolls"
"""How a turn of the console's default opponent begins in its board's caption."""


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.endswith("_TOKEN")}
    env.pop("REDIS_URL", None)
    env["PYTHONPATH"] = str(ROOT)
    return env


def _run(args: list[str], lines: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        cwd=cwd,
        env=_env(),
        timeout=240,
        check=False,
    )


def test_a_whole_game_against_the_computer(tmp_path: Path) -> None:
    # Pressing the first button every time plays: Roll, the first legal step, Confirm, Take.
    lines = ["help roll", "1", *["1"] * 400, "score", "export", "quit"]
    proc = _run(["-c", SEEDED_CONSOLE, "7", "new 1", "bot"], lines, tmp_path)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert out.startswith("Nardy in the terminal.")
    assert "vs Computer (strong): the game begins." in out
    assert "[1] Roll" in out and "→" in out and out.count(COMPUTER_TURN) >= 3
    # No board asks the computer to act: its turn follows the person's at once.
    assert "Computer (strong), your turn" not in out and "Computer (strong) to play" not in out
    assert re.search(r" wins the match \d–0\.", out)
    assert "Score:" in out.split("wins the match")[-1]
    saved = list(tmp_path.glob("match-*.mat"))
    assert len(saved) == 1 and saved[0].read_text().startswith("\n 1 point match")
    assert f"Match file saved: {saved[0].resolve()}" in out
    # The file names the players at the table, the computer too; the dice file is no match.
    assert "-Computer_strong-" in saved[0].name
    dice = list(tmp_path.glob("dice-*.json"))
    assert len(dice) == 1 and f"File saved: {dice[0].resolve()}" in out
    assert f"check them with nardy-bot verify {dice[0].name}" in out
    assert out.rstrip().endswith("Bye!")
    assert "Traceback" not in proc.stderr


def test_the_analysis_prints_its_progress_then_the_result(tmp_path: Path) -> None:
    # The first button after the match's end is its Analysis; typed, the command does the same.
    lines = [*["1"] * 400, "analysis", "quit"]
    proc = _run(["-c", SEEDED_CONSOLE, "7", "new 1", "bot", "analysis"], lines, tmp_path)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.split("wins the match", 1)[1]
    assert "[1] Analysis" in proc.stdout
    # Made once; asked again, the finished analysis is shown again at once.
    assert out.count("Analysing game 1 of 1…") == 1
    result = out.split("Analysing game 1 of 1…")[-1]
    assert result.count("Analysis by GNU Backgammon's nets") == 2
    assert result.count(": PR ") == 4 and "Doubtful: " in result
    assert re.search(r": game 1, move \d+\nRolled \d-\d, played .+\nBest: ", result)
    assert len(list(tmp_path.glob("match-*.mat"))) == 2  # each analysis shown gives its .mat
    assert "Traceback" not in proc.stderr


def test_long_nardy_is_analysed_on_the_network_with_its_own_error_rate(tmp_path: Path) -> None:
    lines = [*["1"] * 1200, "analysis", "quit"]
    proc = _run(["-c", SEEDED_CONSOLE, "7", "new nardy 1", "bot", "analysis"], lines, tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "[1] Analysis" in proc.stdout
    out = proc.stdout.split("wins the match", 1)[1]
    result = out.split("Analysing game 1 of 1…")[-1]
    # the console's worker analyses at the default depth: the network two rolls ahead
    title = "Analysis by the bot's own long nardy network (2-ply), not GNU Backgammon"
    assert result.count(title) == 2  # made, then shown again
    assert result.count(": error rate (long nardy) ") == 4 and ": PR " not in result
    assert "Doubtful: " in result and "Lost " in result
    assert re.search(r": game 1, move \d+\nRolled \d-\d, played .+\nBest: ", result)
    assert not list(tmp_path.glob("match-*.mat"))  # no .mat for long nardy
    assert "Traceback" not in proc.stderr


def test_hot_seat_two_players_at_one_keyboard(tmp_path: Path) -> None:
    lines = [*["1"] * 500, "quit"]
    proc = _run(["-c", SEEDED_CONSOLE, "3", "new 1", "hotseat"], lines, tmp_path)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "Player 2> " in out and "Computer (" not in out
    assert re.search(r" wins the match \d–0\.", out)
    assert out.count("Player 2> ") > 5  # the second player's lines were typed, not played


def test_python_m_bot_starts_the_console_with_no_tokens(tmp_path: Path) -> None:
    proc = _run(["-m", "bot"], ["roll", "board", "quit"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "Nardy in the terminal." in proc.stdout
    assert "[1] Roll" in proc.stdout
    assert "Bye!" in proc.stdout


def test_the_dice_check_the_console_prints_is_one_to_run(tmp_path: Path) -> None:
    """A match of one game ended, its seed and the match's secret revealed; ``export`` saves the
    dice under a name of the console's own and prints the check of that very file: run as
    printed, it passes, every game's seed checked against the secret shown before the game."""
    lines = ["1", "resign", "accept", "export", "quit"]
    proc = _run(["-m", "bot", "--hotseat", "--game", "new 1"], lines, tmp_path)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "Dice of game 1: server seed " in out and "its dice came from the bot's secret " in out
    (dice,) = tmp_path.glob("dice-*.json")
    assert f"File saved: {dice.resolve()}" in out and "Match file saved" in out
    printed = re.search(r"check them with (nardy-bot verify \S+)", out)
    assert printed is not None and printed[1] == f"nardy-bot verify {dice.name}"
    words = shlex.split(printed[1])
    assert words[0] == "nardy-bot"
    # The console script's entry point, run with the printed arguments where they were printed.
    check = _run(["-c", "from bot.__main__ import main; main()", *words[1:]], [], tmp_path)
    assert check.returncode == 0, check.stderr
    verdict = re.fullmatch(
        r"all \d+ rolls match; every game's server seed comes from the match's secret, "
        r"whose commitment is ([0-9a-f]{64})\n",
        check.stdout,
    )
    assert verdict is not None
    shown = out.index(f"its fingerprint is {verdict[1][:12]}…")
    assert shown < out.index("Dice of game 1: server seed ")


RULES_SEEN = {
    "en": ("Two games are played here", "Long nardy. ", "Backgammon (short nardy). "),
    "ru": ("Здесь играют в две игры", "Длинные нарды. ", "Короткие нарды. "),
    "uk": ("Тут грають у дві гри", "Довгі нарди. ", "Короткі нарди. "),
    "be": ("Тут гуляюць у дзве гульні", "Доўгія нарды. ", "Кароткія нарды. "),
}
"""How the overview, long nardy's rules and backgammon's rules begin in each language."""


@pytest.mark.parametrize("lang", sorted(RULES_SEEN))
def test_rules_of_both_games_in_every_language(tmp_path: Path, lang: str) -> None:
    lines = ["rules", "rules nardy", "rules backgammon", "rules koks", "help rules", "quit"]
    proc = _run(["-m", "bot", "--lang", lang, "--hotseat"], lines, tmp_path)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    overview, nardy, backgammon = RULES_SEEN[lang]
    assert overview in out and "/rules nardy" in out and "/rules backgammon" in out
    assert nardy in out and "6-6, 4-4" in out
    assert backgammon in out and "/rules cube" in out.split(backgammon, 1)[1]
    assert "koks — " in out and "/new nardy koks=on" in out
    assert "/rules [" in out  # help rules: its usage with the topic
    assert "Traceback" not in proc.stderr


def test_bad_settings_are_reported_not_raised(tmp_path: Path) -> None:
    env = _env()
    env["LOG_LEVEL"] = "LOUD"
    proc = subprocess.run(
        [sys.executable, "-m", "bot"],
        input="quit\n",
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 2
    assert "LOG_LEVEL" in proc.stderr and "Traceback" not in proc.stderr


async def test_a_token_without_its_adapter_is_logged_not_pretended(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setitem(entry.ADAPTERS, "telegram", "bot.no_such_adapter_module")
    settings = load_settings(telegram_token="123:abc")
    status = await entry.run(settings, [])
    assert status == 2
    assert "Telegram token is set but the Telegram adapter is not available" in caplog.text


def test_killed_mid_game_and_restarted_the_game_goes_on(tmp_path: Path, redis_url: str) -> None:
    """``python -m bot`` on Redis, killed with SIGKILL mid-game: the restart resumes the table."""
    import redis

    redis.Redis.from_url(redis_url).flushdb()
    env = _env()
    env["REDIS_URL"] = redis_url
    first = subprocess.Popen(
        [sys.executable, "-m", "bot", "--game", "new 5"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
        env=env,
    )
    assert first.stdin is not None and first.stdout is not None
    first.stdin.write("1\n" * 60)  # about fifteen turns of pressing the first button
    first.stdin.flush()
    seen = ""
    while seen.count(COMPUTER_TURN) < 3:
        line = first.stdout.readline()
        assert line, "the console ended early"
        seen += line
    first.send_signal(signal.SIGKILL)
    first.wait(timeout=30)
    stored = redis.Redis.from_url(redis_url).keys("bg:{console:local}")
    assert stored, "the table is in Redis"
    again = subprocess.run(
        [sys.executable, "-m", "bot"],
        input="score\nquit\n",
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=120,
        check=False,
    )
    assert again.returncode == 0, again.stderr
    assert "New Backgammon table" not in again.stdout  # the old table, not a new one
    assert "Score:" in again.stdout and "(match to 5)" in again.stdout
    assert re.search(r"\[1\] \S+", again.stdout)  # its buttons are live again


def test_redis_unreachable_is_said_not_crashed_on(tmp_path: Path) -> None:
    from conftest import free_port

    env = _env()
    env["REDIS_URL"] = f"redis://127.0.0.1:{free_port()}/0"
    proc = subprocess.run(
        [sys.executable, "-m", "bot"],
        input="roll\nquit\n",
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert "temporarily unavailable" in proc.stdout and "Traceback" not in proc.stderr
    assert proc.stdout.rstrip().endswith("Bye!")


async def test_a_restarted_console_is_not_taken_for_a_redelivery() -> None:
    """The table outlives the process: the next run's updates have ids of their own."""
    import io

    from bot.app import App
    from bot.console import Console
    from bot.store import MemoryStore

    store = MemoryStore()
    first_out, second_out = io.StringIO(), io.StringIO()
    first = Console(App(store), out=first_out, language="en")
    await first.send(first.me, "new 3")
    await first.send(first.me, "score")
    second = Console(App(store), out=second_out, language="en")  # the process started again
    await second.send(second.me, "score")
    await second.send(second.me, "join")
    said = second_out.getvalue()
    assert "Seated: " in said  # the answer to "score" at a table waiting for players
    assert "already" in said.lower()  # "join": the same user is already seated


def test_position_sets_up_a_game_at_the_console(tmp_path: Path) -> None:
    # X (player 1: you, the creator, as in gnubg and XG) on roll with 5-2, X 2 and O 4, the
    # Crawford game: gnubg's Match ID for it is 8ImqAEAAEAAE.
    xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:2:4:1:5:10"
    lines = ["abort", f"position {xgid}", "score", "quit"]
    proc = _run(["-c", SEEDED_CONSOLE, "7", "new 1", "bot"], lines, tmp_path)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.split("The game is aborted.")[-1]
    # The computer plays O; the board is the ID's, with its IDs beside it.
    assert re.search(r"Computer \(strong\) vs \S+: the game begins\.", out), out[-3000:]
    assert "Position ID: 4HPwATDgc/ABMA" in out and "Match ID   : 8ImqAEAAEAAE" in out
    assert re.search(r"Score: Computer \(strong\) 4, \S+ 2 \(match to 5\)", out), out[-3000:]
    assert "Traceback" not in proc.stderr


def test_import_reads_a_local_mat_file_and_replays_it(tmp_path: Path) -> None:
    source = ROOT / "tests" / "data" / "mat" / "match5.mat"
    lines = [f"import {source}", "1", "1", "import", f"import {tmp_path / 'none.mat'}", "quit"]
    proc = _run(["-c", SEEDED_CONSOLE, "7", "new 1", "bot"], lines, tmp_path)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "Match read: gnubg vs root, match to 5 points; 4 games; final score 5–4." in out
    assert "[1] Replay  [2] Export .mat" in out
    assert "Game 1 of 4, move 1 of " in out and "Game 1 of 4, move 2 of " in out
    assert "[1] Next ▶  [2] Game ⏭" in out
    assert "Write: import FILE (the path of a .mat match file)." in out
    assert f"The file {tmp_path / 'none.mat'} does not exist or cannot be read." in out
    assert "Traceback" not in proc.stderr


HINTED_CONSOLE = SEEDED_CONSOLE.replace("computer=worker,", "computer=worker, adviser=worker,")


def test_hints_are_numbered_and_typing_the_number_plays_it(tmp_path: Path) -> None:
    # "hint" then "1" over and over: the best play of each hint is played by its number (and
    # before rolling the hint has no buttons, so "1" presses the board's Roll).
    lines = [*["hint", "1"] * 120, "quit"]
    proc = _run(["-c", HINTED_CONSOLE, "5", "new 1", "bot"], lines, tmp_path)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    hinted = re.findall(r"^1\. (\S.*?)  [+−]\d\.\d{3}$", out, re.M)
    pressed = re.findall(r"^\[1\] Play (.+?)(?:  \[2\]|$)", out, re.M)
    assert len(hinted) >= 3 and pressed and pressed[0] == hinted[0]
    assert "Hint for " in out and "No double:" in out and "Win " in out
    assert out.count(COMPUTER_TURN) >= 3
    assert "out of date" not in out
    assert "Traceback" not in proc.stderr


async def test_the_console_serves_the_move_clock() -> None:
    """A clock set at the console table reminds the player on roll and, once the time is up,
    says so with the claim: printed as a chat shows them, each once."""
    import io

    from bot.app import App
    from bot.console import Console
    from bot.store import MemoryStore

    now = [1_000_000.0]
    out = io.StringIO()
    players = ("Ann", "Bob")
    console = Console(
        App(MemoryStore(), clock=lambda: now[0]), out=out, language="en", players=players
    )
    await console.send(console.me, "new 3")
    await console.send(console.other, "join")
    await console.send(console.other, "clock 1h")
    await console.send(console.me, "roll")  # the opening roll: whoever won it is on the clock
    assert await console.ticks() == 0
    before = len(out.getvalue())
    now[0] += 50 * 60
    assert await console.ticks() == 1
    reminder = out.getvalue()[before:]
    assert "10 minutes left" in reminder
    now[0] += 11 * 60
    assert await console.ticks() == 1
    up = out.getvalue()[before + len(reminder) :]
    assert "minutes left" not in up and "Claim" in up
    assert await console.ticks() == 0
