"""The Dockerfile and docker-compose.yml, checked by reading them (no Docker engine needed).

What an engine would find wrong at ``docker build`` / ``docker compose up`` time is checked here:
the files the image copies exist and are not excluded by ``.dockerignore``, the image runs as an
unprivileged user with a health check, the compose file has the bot and an AOF-persistent Redis
on a named volume, health checks and restart policies, and every variable it sets is a setting
the bot knows.
"""

from __future__ import annotations

import fnmatch
import shlex
from pathlib import Path
from typing import Any

import yaml

from bot.settings import Settings

ROOT = Path(__file__).resolve().parent.parent


def instructions() -> list[tuple[str, str]]:
    """The Dockerfile's instructions as ``(KEYWORD, arguments)``, continuation lines joined."""
    lines: list[str] = []
    pending = ""
    for raw in (ROOT / "Dockerfile").read_text().splitlines():
        line = raw.strip()
        if not pending and (not line or line.startswith("#")):
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        lines.append(pending + line)
        pending = ""
    assert not pending, "the Dockerfile ends in a continuation"
    out = []
    for line in lines:
        keyword, _, rest = line.partition(" ")
        out.append((keyword.upper(), rest.strip()))
    return out


def stages() -> list[list[tuple[str, str]]]:
    """The instructions of each build stage (the part before the first FROM is stage 0's ARGs)."""
    result: list[list[tuple[str, str]]] = []
    for keyword, rest in instructions():
        if keyword == "FROM":
            result.append([])
        if result:
            result[-1].append((keyword, rest))
    return result


def ignored(path: str) -> bool:
    """Whether ``.dockerignore`` keeps ``path`` out of the build context (last match wins)."""
    verdict = False
    for raw in (ROOT / ".dockerignore").read_text().splitlines():
        pattern = raw.strip()
        if not pattern or pattern.startswith("#"):
            continue
        negate = pattern.startswith("!")
        pattern = pattern.lstrip("!").rstrip("/")
        parts = path.split("/")
        prefixes = ["/".join(parts[: i + 1]) for i in range(len(parts))]
        bare = pattern.removeprefix("**/")
        if any(
            fnmatch.fnmatch(p, pattern) or fnmatch.fnmatch(p.split("/")[-1], bare) for p in prefixes
        ):
            verdict = not negate
    return verdict


def compose() -> dict[str, Any]:
    data = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    assert isinstance(data, dict)
    return data


def test_the_image_is_python_3_11_slim_in_two_stages() -> None:
    args = dict(rest.partition("=")[::2] for kw, rest in instructions() if kw == "ARG")
    bases = [rest.split()[0] for kw, rest in instructions() if kw == "FROM"]
    assert len(bases) == 2
    resolved = [args.get(b.strip("${}"), b) if b.startswith("$") else b for b in bases]
    assert resolved == ["python:3.11-slim", "python:3.11-slim"]
    runs = " ".join(rest for kw, rest in instructions() if kw == "RUN")
    assert "pip install --no-cache-dir ." in runs
    final = stages()[-1]
    copies = [rest for kw, rest in final if kw == "COPY"]
    assert copies and all(c.startswith("--from=build ") for c in copies)  # no sources, no tools


def test_every_copied_file_exists_and_reaches_the_build_context() -> None:
    sources = []
    for keyword, rest in instructions():
        if keyword != "COPY" or rest.startswith("--from"):
            continue
        words = shlex.split(rest)
        sources += [w for w in words[:-1] if not w.startswith("--")]
    assert {"pyproject.toml", "README.md", "engine", "renderers", "bot"} <= set(sources)
    for source in sources:
        assert (ROOT / source).exists(), source
        assert not ignored(source), f"{source} is excluded by .dockerignore"
    # The board fonts travel inside the renderers package (the wheel ships the package's files).
    fonts = sorted((ROOT / "renderers" / "fonts").glob("*.ttf"))
    assert fonts and not any(ignored(str(f.relative_to(ROOT))) for f in fonts)
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert 'packages = ["engine", "bot", "renderers"]' in pyproject
    for secret_or_bulk in (".env", ".git", ".venv", "tests", "bot/__pycache__/x.pyc"):
        assert ignored(secret_or_bulk), secret_or_bulk


def test_the_image_runs_unprivileged_with_a_health_check_and_graceful_stop() -> None:
    final = stages()[-1]
    users = [rest for kw, rest in final if kw == "USER"]
    assert users and users[-1].split(":")[0] not in ("root", "0")
    keywords = [kw for kw, _ in final]
    assert keywords.index("USER") < keywords.index("ENTRYPOINT")
    health = next(rest for kw, rest in final if kw == "HEALTHCHECK")
    assert "/healthz" in health and "METRICS_PORT" in health
    assert ("STOPSIGNAL", "SIGTERM") in final
    assert ("ENTRYPOINT", '["nardy-bot"]') in final
    env = " ".join(rest for kw, rest in final if kw == "ENV")
    assert "METRICS_PORT=9100" in env and "PYTHONUNBUFFERED=1" in env


def test_compose_has_the_bot_and_a_persistent_redis() -> None:
    data = compose()
    services = data["services"]
    assert set(services) == {"bot", "redis"}
    bot, redis = services["bot"], services["redis"]

    assert bot["build"] == "."
    assert bot["env_file"] == ".env"
    assert bot["restart"] in ("unless-stopped", "always")
    assert bot["depends_on"]["redis"]["condition"] == "service_healthy"
    assert bot["environment"]["REDIS_URL"] == "redis://redis:6379/0"
    assert "/healthz" in " ".join(bot["healthcheck"]["test"])
    assert bot["stop_signal"] == "SIGTERM"
    assert "user" not in bot or bot["user"] not in ("root", "0")

    assert redis["restart"] in ("unless-stopped", "always")
    command = redis["command"]
    assert command[0] == "redis-server"
    assert command[command.index("--appendonly") + 1] == "yes"
    assert redis["healthcheck"]["test"] == ["CMD", "redis-cli", "ping"]
    volume, _, mount = redis["volumes"][0].partition(":")
    assert mount == "/data" and command[command.index("--dir") + 1] == "/data"
    assert volume in data["volumes"], "the Redis data lives on a named volume"


def test_compose_sets_only_settings_the_bot_knows() -> None:
    known = {name.upper() for name in Settings.model_fields}
    environment = compose()["services"]["bot"]["environment"]
    assert set(environment) <= known, set(environment) - known
    example = (ROOT / ".env.example").read_text()
    for name in environment:
        assert f"{name}=" in example, f"{name} is missing from .env.example"


def test_secrets_stay_out_of_the_repository() -> None:
    gitignore = (ROOT / ".gitignore").read_text().split()
    assert ".env" in gitignore
    for path in ("Dockerfile", "docker-compose.yml", ".env.example"):
        text = (ROOT / path).read_text()
        for line in text.splitlines():
            name, sep, value = line.partition("=")
            if sep and name.strip().endswith(("TOKEN", "SECRET")):
                assert not value.strip(), f"{path}: {line}"
