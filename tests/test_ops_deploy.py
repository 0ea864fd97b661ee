"""The Dockerfile and the compose files, checked by reading them (no Docker engine needed).

What an engine would find wrong at ``docker build`` / ``docker compose up`` time is checked here:
the files the image copies exist and are not excluded by ``.dockerignore``, the image runs as an
unprivileged user with a health check, the compose file has the bot and an AOF-persistent Redis
on a named volume, health checks and restart policies, and every variable it sets is a setting
the bot knows.  What the README promises of them is checked on the environment each container
gets, worked out as compose does it: the project's ``.env`` (``.env.example`` copied, as the
README says) interpolated into ``${NAME:-default}`` and passed by ``env_file``, ``environment:``
winning; and the settings the bot reads from that environment.
"""

from __future__ import annotations

import fnmatch
import re
import shlex
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
import yaml

from bot.settings import Settings, load_settings

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


def compose(name: str = "docker-compose.yml") -> dict[str, Any]:
    data = yaml.safe_load((ROOT / name).read_text())
    assert isinstance(data, dict)
    return data


def dotenv(text: str) -> dict[str, str]:
    """A ``.env`` file as compose reads it: ``NAME=value`` lines, ``#`` lines skipped."""
    values = {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        name, sep, value = line.partition("=")
        assert sep, f"not a NAME=value line: {raw!r}"
        values[name.strip()] = value.strip().strip("'\"")
    return values


_VARIABLE = re.compile(r"\$(?:(\$)|\{(\w+)(?:(:?)([-?])([^}]*))?\}|(\w+))")


def interpolate(value: str, env: Mapping[str, str]) -> str:
    """``value`` with compose's variables filled in from ``env``: ``$$``, ``$NAME``, ``${NAME}``,
    ``${NAME:-default}`` (empty counts as unset), ``${NAME-default}``, ``${NAME:?error}``."""

    def fill(match: re.Match[str]) -> str:
        dollar, name, colon, kind, word, bare = match.groups()
        if dollar:
            return "$"
        if bare:
            return env.get(bare, "")
        present = name in env and (not colon or env[name] != "")
        if kind == "-":
            return env[name] if present else word
        if kind == "?":
            assert present, f"{name}: {word}"
        return env.get(name, "")

    return _VARIABLE.sub(fill, value)


def container_env(
    service: str, env: str | None = None, file: str = "docker-compose.yml"
) -> dict[str, str]:
    """The environment compose gives ``service``'s container when the project's ``.env`` is
    ``env`` (``.env.example`` by default, as the README's steps copy it): the ``env_file``
    entries, then the interpolated ``environment:`` over them."""
    text = (ROOT / ".env.example").read_text() if env is None else env
    values = dotenv(text)
    spec = compose(file)["services"][service]
    result: dict[str, str] = {}
    if spec.get("env_file") == ".env":
        result.update(values)
    for name, value in (spec.get("environment") or {}).items():
        result[name] = interpolate(str(value), values)
    return result


def settings_in(env: Mapping[str, str], monkeypatch: pytest.MonkeyPatch, where: Path) -> Settings:
    """The settings the bot reads in a container with environment ``env`` (and no ``.env``)."""
    for name in Settings.model_fields:
        monkeypatch.delenv(name.upper(), raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.chdir(where)
    return load_settings()


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
    # So does the web board's page (plain files: nothing to build).
    page = sorted((ROOT / "bot" / "web" / "static").iterdir())
    assert page and not any(ignored(str(f.relative_to(ROOT))) for f in page)
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
    assert "/healthz" in health and "HTTP_LISTEN" in health
    assert ("STOPSIGNAL", "SIGTERM") in final
    assert ("ENTRYPOINT", '["nardy-bot"]') in final
    env = " ".join(rest for kw, rest in final if kw == "ENV")
    assert "HTTP_LISTEN=0.0.0.0:8443" in env and "PYTHONUNBUFFERED=1" in env
    assert "METRICS_PORT" not in env and "TELEGRAM_LISTEN" not in env  # one server, one name


def test_compose_has_the_bot_and_a_persistent_redis() -> None:
    data = compose()
    services = data["services"]
    assert set(services) == {"bot", "redis"}
    bot, redis = services["bot"], services["redis"]

    assert bot["build"] == "."
    assert bot["env_file"] == ".env"
    assert bot["restart"] in ("unless-stopped", "always")
    assert bot["depends_on"]["redis"]["condition"] == "service_healthy"
    assert container_env("bot")["REDIS_URL"] == "redis://redis:6379/0"
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


# -- what the README promises of the compose files ---------------------------------------------

BOT_SERVICES = ("telegram", "discord-0", "discord-1")
"""The bot's services in docker-compose.scale.yml."""

TOKENS = (
    "TELEGRAM_TOKEN=123:abc\nDISCORD_TOKEN=discord-token\nBOT_DOMAIN=bot.example.org\n"
    "TELEGRAM_WEBHOOK_URL=https://bot.example.org/tg/hook\nTELEGRAM_WEBHOOK_SECRET=s3cret\n"
)
"""What an operator adds to the copied ``.env.example`` for the several-process recipe."""


def readme() -> str:
    return (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_readme_compose_steps_give_json_logs(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``cp .env.example .env; docker compose up -d; docker compose logs -f bot`` shows one
    JSON object per line, as the README says; an operator's LOG_JSON=false is kept."""
    steps = readme().split("## Running in production", 1)[1]
    assert "cp .env.example .env" in steps and "docker compose up -d" in steps
    assert "docker compose logs -f bot  # one JSON object per line" in steps
    env = container_env("bot")
    assert env["LOG_JSON"] == "true"
    assert settings_in(env, monkeypatch, tmp_path).log_json is True
    example = (ROOT / ".env.example").read_text()
    assert "LOG_JSON" not in dotenv(example)  # unset: the image's JSON, plain text in a shell
    assert settings_in(dotenv(example), monkeypatch, tmp_path).log_json is False
    chosen = container_env("bot", example + "LOG_JSON=false\n")
    assert settings_in(chosen, monkeypatch, tmp_path).log_json is False
    for service in BOT_SERVICES:
        env = container_env(service, example + TOKENS, "docker-compose.scale.yml")
        assert env["LOG_JSON"] == "true"


@pytest.mark.parametrize("file", ["docker-compose.yml", "docker-compose.scale.yml"])
def test_redis_comes_from_env_when_set_else_the_compose_redis(
    file: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    service = "bot" if file == "docker-compose.yml" else "telegram"
    example = (ROOT / ".env.example").read_text() + ("" if service == "bot" else TOKENS)
    settings = settings_in(container_env(service, example, file), monkeypatch, tmp_path)
    assert settings.redis_url == "redis://redis:6379/0" and settings.redis_cluster is False
    own = example + "REDIS_URL=rediss://:pw@cache.example.org:6380/2\nREDIS_CLUSTER=true\n"
    settings = settings_in(container_env(service, own, file), monkeypatch, tmp_path)
    assert settings.redis_url == "rediss://:pw@cache.example.org:6380/2"
    assert settings.redis_cluster is True


@pytest.mark.parametrize("file", ["docker-compose.yml", "docker-compose.scale.yml"])
def test_redis_syncs_every_second_never_evicts_and_keeps_its_volume(file: str) -> None:
    data = compose(file)
    redis = data["services"]["redis"]
    command = redis["command"]
    assert command[command.index("--appendonly") + 1] == "yes"
    assert command[command.index("--appendfsync") + 1] == "everysec"
    assert command[command.index("--maxmemory-policy") + 1] == "noeviction"
    assert redis["volumes"] == ["redis-data:/data"] and "redis-data" in data["volumes"]
    text = readme()
    assert "appendfsync everysec" in text and "noeviction" in text
    assert "redis-cli --rdb" in text  # the backup the README gives


def test_several_processes_behind_a_proxy(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The scale recipe: the proxy alone is published, on a port Telegram posts to; the
    telegram replicas serve Telegram only, by webhook; each discord process runs its own
    shards, together all of them; every process serves its metrics to Prometheus, on the one
    HTTP server that serves the webhook, which the proxy passes on and keeps /metrics from."""
    data = compose("docker-compose.scale.yml")
    services = data["services"]
    assert set(services) == {*BOT_SERVICES, "proxy", "prometheus", "redis"}
    env_text = (ROOT / ".env.example").read_text() + TOKENS
    known = {name.upper() for name in Settings.model_fields}
    shards: list[int] = []
    counts = set()
    for name in BOT_SERVICES:
        spec = services[name]
        assert "ports" not in spec, f"{name} publishes a port: replicas would collide"
        assert spec["restart"] == "unless-stopped" and spec["stop_signal"] == "SIGTERM"
        assert "/healthz" in " ".join(spec["healthcheck"]["test"])
        assert set(spec["environment"]) <= known, set(spec["environment"]) - known
        settings = settings_in(container_env(name, env_text, "docker-compose.scale.yml"),
                               monkeypatch, tmp_path)  # fmt: skip
        assert settings.http_address == ("0.0.0.0", 8443)
        if name == "telegram":
            assert settings.discord_token is None and settings.telegram_token is not None
            assert settings.webhook_mode
            assert spec["profiles"] == ["telegram"] and spec["deploy"]["replicas"] >= 2
        else:
            assert settings.telegram_token is None and settings.discord_token is not None
            assert spec["profiles"] == ["discord"]
            ids = settings.discord_shard_ids
            assert ids and not set(ids) & set(shards), f"{name} repeats a shard"
            shards += ids
            counts.add(settings.discord_shard_count)
    (count,) = counts
    assert count is not None and sorted(shards) == list(range(count))

    proxy = services["proxy"]
    assert proxy["profiles"] == ["telegram"]
    published = {int(port.split(":")[-2]) for port in proxy["ports"]}
    assert 443 in published and published <= {80, 443, 88, 8443}
    assert "./deploy/Caddyfile:/etc/caddy/Caddyfile:ro" in proxy["volumes"]
    assert interpolate(proxy["environment"]["BOT_DOMAIN"], dotenv(env_text)) == "bot.example.org"
    caddy = (ROOT / "deploy" / "Caddyfile").read_text()
    lines = [line.split("#")[0].strip() for line in caddy.splitlines()]
    assert "{$BOT_DOMAIN} {" in lines
    assert "dynamic a telegram 8443 {" in lines and "lb_try_duration 5s" in lines
    assert "@inside path /metrics /healthz" in lines and "respond @inside 404" in lines
    directives = {line.split()[0] for line in lines if line}
    assert not directives & {"handle_path", "uri", "rewrite", "redir"}, "the path must stay"

    scrape = yaml.safe_load((ROOT / "deploy" / "prometheus.yml").read_text())
    (job,) = scrape["scrape_configs"]
    (sd,) = job["dns_sd_configs"]
    assert sorted(sd["names"]) == sorted(BOT_SERVICES) and sd["type"] == "A" and sd["port"] == 8443
    prometheus = services["prometheus"]
    assert "./deploy/prometheus.yml:/etc/prometheus/prometheus.yml:ro" in prometheus["volumes"]
    assert all(port.startswith("127.0.0.1:") for port in prometheus["ports"])


def test_the_readme_tells_how_to_put_the_webhook_behind_tls() -> None:
    text = readme()
    assert "443, 80, 88 and 8443" in text
    assert "docker-compose.scale.yml" in text and "--scale telegram=" in text
    assert "proxy_pass http://127.0.0.1:8443;" in text  # no URI part: nginx keeps the path
    for path in ("docker-compose.scale.yml", "deploy/Caddyfile", "deploy/prometheus.yml"):
        assert (ROOT / path).exists()
        assert ignored(path), f"{path} has no place in the image's build context"
