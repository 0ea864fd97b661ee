"""The codebase's own checks: ruff on everything, mypy --strict on every tree pyproject lists."""

from __future__ import annotations

import subprocess
import sys
import tomllib
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


CHECKED = ("engine", "renderers", "bot", "benchmarks", "tests")


def test_mypy_checks_everything() -> None:
    """The configured ``mypy`` command (pyproject's ``[tool.mypy]``) covers every source tree
    under the --strict bar."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["strict"] is True
    assert set(CHECKED) <= set(config["files"])


def test_mypy_strict() -> None:
    """engine/, renderers/, bot/ (where it catches typos in attribute names that only a rare
    chat path would reach), benchmarks/ and tests/ pass ``mypy --strict``, run as configured."""
    proc = _run("mypy", "--strict")
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
