"""The codebase's own checks: ruff on everything, mypy --strict on engine/ and renderers/."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_ruff_clean() -> None:
    proc = _run("ruff", "check", ".")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_ruff_format_clean() -> None:
    proc = _run("ruff", "format", "--check", ".")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_mypy_strict() -> None:
    """engine/ and renderers/ must be; bot/ is held to the same bar (it catches typos in
    attribute names that only a rare chat path would reach)."""
    proc = _run("mypy", "--strict", "engine", "renderers", "bot")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_import_direction() -> None:
    """engine imports nothing of ours; renderers import only engine; bot.app no adapters."""
    for path in (ROOT / "engine").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for banned in ("import bot", "from bot", "import renderers", "from renderers"):
            assert banned not in text, f"{path} must not {banned}"
    for path in (ROOT / "renderers").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for banned in ("import bot", "from bot"):
            assert banned not in text, f"{path} must not {banned}"
