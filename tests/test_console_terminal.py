"""The console as a terminal program: ``python -m bot`` on a pseudo-terminal, typed at."""

from __future__ import annotations

import fcntl
import os
import re
import select
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOARD_TOP = re.compile(r"^ *13 14 15 16 17 18 +19 20 21 22 23 24", re.M)
BUTTONS = re.compile(r"^\[1\] .*$", re.M)

SEEDED = """
import asyncio, random, sys
from bot.ai.worker import ComputerWorker
from bot.app import App
from bot.console import parse_args, run_console
from bot.store import MemoryStore

async def main():
    dice = random.Random(int(sys.argv[1]))
    worker = ComputerWorker(1)
    app = App(MemoryStore(), dice=lambda: dice.randint(1, 6), computer=worker)
    await run_console(app, parse_args(sys.argv[2:]))
    await worker.close()

asyncio.run(main())
"""
COMPUTER_TURN = re.compile(r"^Computer \(strong\) (rolls|takes|passes|accepts)", re.M)


class Terminal:
    """A program on a pseudo-terminal of ``columns`` columns: type lines, read the screen."""

    def __init__(self, args: list[str], cwd: Path, columns: int = 100) -> None:
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, columns, 0, 0))
        env = {k: v for k, v in os.environ.items() if not k.endswith("_TOKEN")}
        for name in ("REDIS_URL", "COLUMNS", "LINES", "LOG_LEVEL"):
            env.pop(name, None)
        env["PYTHONPATH"] = str(ROOT)
        self.proc = subprocess.Popen(
            [sys.executable, *args], stdin=slave, stdout=slave, stderr=slave, cwd=cwd, env=env
        )
        os.close(slave)
        self.fd = master
        self.screen = ""

    def read(self, until: re.Pattern[str] | str, timeout: float = 60.0) -> str:
        """What the program prints until ``until`` shows (and the output then rests)."""
        start = len(self.screen)
        deadline = time.monotonic() + timeout
        pattern = re.compile(re.escape(until)) if isinstance(until, str) else until
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.fd], [], [], 0.3)
            if ready:
                try:
                    data = os.read(self.fd, 65536)
                except OSError:  # the program ended
                    break
                if not data:
                    break
                self.screen += data.decode("utf-8", "replace").replace("\r\n", "\n")
            elif pattern.search(self.screen, start):
                break
        chunk = self.screen[start:]
        assert pattern.search(chunk), f"{until!r} never showed; last output:\n{chunk[-3000:]}"
        return chunk

    def type(self, line: str) -> None:
        os.write(self.fd, (line + "\n").encode())

    def close(self) -> int:
        with suppress(OSError):
            self.type("quit")
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.fd], [], [], 0.3)
            if ready:
                try:
                    data = os.read(self.fd, 65536)
                except OSError:  # the program ended and its side of the terminal closed
                    break
                if not data:
                    break
                self.screen += data.decode("utf-8", "replace").replace("\r\n", "\n")
            elif self.proc.poll() is not None:
                break
        status = self.proc.wait(timeout=60)
        os.close(self.fd)
        return status


@contextmanager
def terminal(args: list[str], cwd: Path, columns: int = 100) -> Iterator[Terminal]:
    term = Terminal(args, cwd, columns)
    try:
        yield term
    finally:
        if term.proc.poll() is None:
            term.close()


def _boards(text: str) -> int:
    return len(BOARD_TOP.findall(text))


def test_the_readme_command_shows_the_classic_board_and_no_log_lines(tmp_path: Path) -> None:
    with terminal(["-m", "bot"], tmp_path) as term:
        start = term.read(BUTTONS)
        assert start.lstrip().startswith("Nardy in the terminal.")
        assert _boards(start) == 1
        assert "Position ID: " in start and "Match ID   : " in start
        assert "INFO" not in start and "starting" not in start  # no log lines
        assert "Press Join" not in start and "gammons_with_cube" not in start  # no lobby
        assert "match to 5 points" in start  # the one default match length
        assert term.close() == 0
    assert term.screen.rstrip().endswith("Bye!")


def test_a_narrow_terminal_gets_the_compact_board_and_settings_switch_it(tmp_path: Path) -> None:
    with terminal(["-m", "bot"], tmp_path, columns=60) as term:
        start = term.read(BUTTONS)
        assert _boards(start) == 0 and re.search(r"^13 .*12$", start, re.M)
        term.type("settings board classic")
        switched = term.read(BUTTONS)
        assert "Board in the terminal: classic." in switched and _boards(switched) == 1
        term.type("settings")
        assert "settings board compact" in term.read("settings board compact")


def test_each_computer_turn_prints_one_board_with_only_your_buttons(tmp_path: Path) -> None:
    with terminal(["-c", SEEDED, "5", "--game", "new 3"], tmp_path) as term:
        term.read(BUTTONS)
        computer_turns = 0
        for _ in range(120):
            term.type("1")
            chunk = term.read(BUTTONS)
            if not COMPUTER_TURN.search(chunk):
                assert _boards(chunk) <= 1
                continue
            computer_turns += 1
            assert _boards(chunk) == 1, chunk
            buttons = BUTTONS.findall(chunk)[-1]
            assert not COMPUTER_TURN.search(chunk.split(buttons)[-1])
            # the buttons are yours: roll or double (or answer), never the computer's steps
            assert re.fullmatch(
                r"\[1\] (Roll|Take|Accept|Decline)(  \[2\] (Double|Pass|Refuse|Beaver))?"
                r"(  \[3\] \w+)?",
                buttons,
            ), buttons
            if computer_turns >= 3:
                break
        assert computer_turns >= 3


def test_hot_seat_the_second_player_is_a_person(tmp_path: Path) -> None:
    """Player 2 answers a double by typing: the pass is Player 2's, no computer plays."""
    with terminal(["-c", SEEDED, "11", "--hotseat", "--game", "new 1"], tmp_path) as term:
        screen = term.read(re.compile(r"\S+> $"))
        doubled = False
        for _ in range(200):
            prompt = re.findall(r"^(.+?)> ", screen, re.M)[-1]
            buttons = BUTTONS.findall(screen)
            if buttons and "Double" in buttons[-1] and not doubled:
                term.type("double")
                doubled = True
                answer = term.read(re.compile(r"\S+> $"))
                responder = re.findall(r"^(.+?)> ", answer, re.M)[-1]
                assert responder != prompt  # the other person answers
                assert "take or pass?" in answer
                term.type("pass")
                end = term.read(re.compile(r"\S+> $"))
                assert f"{responder} passed the double." in end or "passes" in end
                assert re.search(r"wins the match", end)
                final = end.split("wins the match")[0]
                assert "▶" not in final.split("Match to 1")[-1]  # nobody on roll at the end
                break
            term.type("1")
            screen = term.read(re.compile(r"\S+> $"))
        assert doubled, "no one could double"
    assert "Computer (" not in term.screen


def test_refusals_say_what_is_wrong(tmp_path: Path) -> None:
    with terminal(["-m", "bot"], tmp_path) as term:
        term.read(BUTTONS)
        term.type("99")
        assert "There is no button 99: the buttons are 1 to 1." in term.read("buttons are")
        term.type("new money beaver=on")
        running = term.read("/resign")
        assert "A game is already running here. To end it: /abort" in running


def test_an_unknown_language_is_refused_with_the_list(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "bot", "--lang", "xx"],
        input="quit\n",
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={
            **{k: v for k, v in os.environ.items() if not k.endswith("_TOKEN")},
            "PYTHONPATH": str(ROOT),
        },
        timeout=60,
        check=False,
    )
    assert proc.returncode == 2
    assert "--lang" in proc.stderr and "'en', 'ru', 'uk', 'be'" in proc.stderr
    assert "Traceback" not in proc.stderr and "Nardy in the terminal" not in proc.stdout


def test_export_names_the_file_by_the_match_and_says_where(tmp_path: Path) -> None:
    with terminal(["-m", "bot"], tmp_path) as term:
        term.read(BUTTONS)
        term.type("export")
        first = term.read("Match file saved: ")
        term.type("export")
        second = term.read("Match file saved: ")
    saved = sorted(tmp_path.glob("match-*.mat"))
    assert len(saved) == 2  # the second export did not overwrite the first
    said = {re.findall(r"Match file saved: (\S+)", chunk)[0] for chunk in (first, second)}
    assert said == {str(path.resolve()) for path in saved}


def test_a_hot_seat_chouette_of_three(tmp_path: Path) -> None:
    args = ["-c", SEEDED, "4", "--players", "Ann,Bob,Cid"]
    with terminal(args, tmp_path) as term:
        start = term.read(re.compile(r"\S+> $"))
        assert "Chouette" in start and "Box" in start
        names = set()
        for _ in range(60):
            names.add(re.findall(r"^(\w+)> ", term.screen, re.M)[-1])
            term.type("1")
            term.read(re.compile(r"\S+> $"))
        assert len(names) >= 2 and names <= {"Ann", "Bob", "Cid"}
