"""Settings from the environment and ``.env``: defaults, parsing, validation, secrecy."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from bot.settings import Settings, SettingsError, load_settings

ROOT = Path(__file__).resolve().parent.parent
FIELDS = [name.upper() for name in Settings.model_fields]
WEBHOOK = {
    "TELEGRAM_TOKEN": "1:a",
    "TELEGRAM_WEBHOOK_URL": "https://x.org/tg/hook",
    "TELEGRAM_WEBHOOK_SECRET": "abc",
}
METRICS_9100 = {"METRICS_PORT": "9100", "METRICS_HOST": "0.0.0.0"}


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No setting from the machine's environment, and an empty working directory (no .env)."""
    for name in FIELDS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)


def test_defaults_mean_console_on_memory() -> None:
    settings = load_settings()
    assert settings.telegram_token is None and settings.discord_token is None
    assert settings.redis_url is None and settings.redis_cluster is False
    assert settings.http_address is None  # no HTTP server
    assert settings.log_level == "INFO" and settings.log_json is False
    assert settings.default_language == "en"
    assert settings.table_ttl_seconds == 30 * 24 * 3600
    assert settings.webhook_mode is False


def test_reads_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TELEGRAM_TOKEN", "123:abc")
    monkeypatch.setenv("TELEGRAM_WEBHOOK_URL", "https://bot.example.org/tg")
    monkeypatch.setenv("TELEGRAM_WEBHOOK_SECRET", "s3cret_token-1")
    monkeypatch.setenv("TELEGRAM_BASE_URL", "http://127.0.0.1:8081/bot")
    monkeypatch.setenv("HTTP_LISTEN", "[::]:9000")
    monkeypatch.setenv("DISCORD_TOKEN", "discord-token")
    monkeypatch.setenv("DISCORD_TEST_GUILD", "123456789012345678")
    monkeypatch.setenv("REDIS_URL", "redis://:pw@redis:6379/0")
    monkeypatch.setenv("REDIS_CLUSTER", "true")
    monkeypatch.setenv("LOG_JSON", "1")
    monkeypatch.setenv("LOG_LEVEL", "debug")
    monkeypatch.setenv("DEFAULT_LANGUAGE", "be-BY")
    monkeypatch.setenv("TABLE_TTL_DAYS", "7")
    monkeypatch.setenv("RENDER_CACHE_MB", "12.5")
    monkeypatch.setenv("TICK_SECONDS", "2.5")
    monkeypatch.setenv("TOURNAMENT_RETRY_SECONDS", "30")
    s = load_settings()
    assert s.telegram_token is not None and s.telegram_token.get_secret_value() == "123:abc"
    assert s.webhook_mode and s.telegram_webhook_url == "https://bot.example.org/tg"
    assert s.telegram_webhook_secret is not None
    assert s.telegram_base_url == "http://127.0.0.1:8081/bot"
    assert s.http_address == ("::", 9000) and s.summary()["http_listen"] == "[::]:9000"
    assert s.discord_token is not None and s.discord_test_guild == 123456789012345678
    assert s.redis_url == "redis://:pw@redis:6379/0" and s.redis_cluster is True
    assert s.log_json is True and s.log_level == "DEBUG"
    assert s.default_language == "be"
    assert s.table_ttl_seconds == 7 * 24 * 3600
    assert s.render_cache_mb == 12.5 and s.summary()["render_cache_mb"] == 12.5
    assert s.tick_seconds == 2.5 and s.tournament_retry_seconds == 30.0


def test_reads_dotenv_and_environment_wins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / ".env").write_text(
        "# comment\nDISCORD_TOKEN=from-file\nDEFAULT_LANGUAGE=uk\nLOG_LEVEL=WARNING\n"
        "TELEGRAM_TOKEN=\n",
        encoding="utf-8",
    )
    monkeypatch.setenv("LOG_LEVEL", "ERROR")
    s = load_settings()
    assert s.discord_token is not None and s.discord_token.get_secret_value() == "from-file"
    assert s.default_language == "uk"
    assert s.log_level == "ERROR"
    assert s.telegram_token is None  # an empty value counts as unset


def test_secrets_never_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TELEGRAM_TOKEN", "123:TOPSECRET")
    monkeypatch.setenv("TELEGRAM_WEBHOOK_URL", "https://bot.example.org/tg")
    monkeypatch.setenv("TELEGRAM_WEBHOOK_SECRET", "WEBHOOKSECRET")
    monkeypatch.setenv("DISCORD_TOKEN", "DISCORDSECRET")
    monkeypatch.setenv("REDIS_URL", "redis://user:REDISPASSWORD@redis:6379/0")
    s = load_settings()
    shown = " ".join([repr(s), str(s), str(s.summary()), s.model_dump_json()])
    for secret in ("TOPSECRET", "WEBHOOKSECRET", "DISCORDSECRET", "REDISPASSWORD"):
        assert secret not in shown
    assert s.summary()["redis"] == "redis://user:***@redis:6379/0"
    assert s.summary()["telegram_mode"] == "webhook"


def test_secret_not_echoed_in_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TELEGRAM_TOKEN", "123:abc")
    monkeypatch.setenv("TELEGRAM_WEBHOOK_URL", "https://bot.example.org/tg")
    monkeypatch.setenv("TELEGRAM_WEBHOOK_SECRET", "bad secret with spaces ÆØÅ")
    with pytest.raises(SettingsError) as caught:
        load_settings()
    assert "TELEGRAM_WEBHOOK_SECRET" in str(caught.value)
    assert "spaces" not in str(caught.value)


@pytest.mark.parametrize(
    ("env", "message"),
    [
        (
            {"TELEGRAM_TOKEN": "1:a", "TELEGRAM_WEBHOOK_URL": "https://x.org/hook"},
            "TELEGRAM_WEBHOOK_SECRET is not",
        ),
        (
            {"TELEGRAM_WEBHOOK_URL": "https://x.org/hook", "TELEGRAM_WEBHOOK_SECRET": "abc"},
            "TELEGRAM_TOKEN is not",
        ),
        ({"TELEGRAM_WEBHOOK_URL": "ftp://x.org"}, "TELEGRAM_WEBHOOK_URL: must be an http"),
        ({"TELEGRAM_LISTEN": "8443"}, "TELEGRAM_LISTEN: must be host:port"),
        ({"TELEGRAM_LISTEN": "0.0.0.0:70000"}, "TELEGRAM_LISTEN: must be host:port"),
        ({"HTTP_LISTEN": "8443"}, "HTTP_LISTEN: must be host:port, e.g. 0.0.0.0:8443"),
        ({"HTTP_LISTEN": ":8443"}, "HTTP_LISTEN: must be host:port"),
        (
            {**WEBHOOK, "TELEGRAM_WEBHOOK_URL": "https://x.org/board/hook"},
            "TELEGRAM_WEBHOOK_URL: its path /board/hook is the HTTP server's own",
        ),
        (
            {**WEBHOOK, "TELEGRAM_WEBHOOK_URL": "https://x.org/metrics/"},
            "its path /metrics is the HTTP server's own (/metrics, /healthz, /board/)",
        ),
        (
            {**WEBHOOK, "METRICS_PORT": "9100"},
            "METRICS_HOST:METRICS_PORT is 127.0.0.1:9100 but TELEGRAM_LISTEN (its default) is"
            " 0.0.0.0:8443: one server now serves the webhook, /metrics, /healthz and /board/;"
            " set HTTP_LISTEN=host:port instead of both",
        ),
        (
            {"HTTP_LISTEN": "0.0.0.0:8443", "METRICS_PORT": "9100", "METRICS_HOST": "0.0.0.0"},
            "HTTP_LISTEN is 0.0.0.0:8443 but METRICS_HOST:METRICS_PORT is 0.0.0.0:9100: one server"
            " serves the webhook, /metrics, /healthz and /board/ on HTTP_LISTEN; remove"
            " METRICS_PORT and METRICS_HOST",
        ),
        (
            {**WEBHOOK, "HTTP_LISTEN": "0.0.0.0:8080", "TELEGRAM_LISTEN": "0.0.0.0:8443"},
            "HTTP_LISTEN is 0.0.0.0:8080 but TELEGRAM_LISTEN is 0.0.0.0:8443",
        ),
        (
            {
                "WEBBOARD_ENABLED": "1",
                "WEBBOARD_URL": "https://x.org/board/",
                "TELEGRAM_TOKEN": "1:a",
            },
            "WEBBOARD_ENABLED is on but HTTP_LISTEN not set",
        ),
        ({"REDIS_URL": "localhost:6379"}, "REDIS_URL: must start with redis://"),
        ({"REDIS_CLUSTER": "yes"}, "REDIS_CLUSTER is on but REDIS_URL is not set"),
        ({"METRICS_PORT": "0"}, "METRICS_PORT"),
        ({"METRICS_PORT": "http"}, "METRICS_PORT"),
        ({"LOG_LEVEL": "loud"}, "LOG_LEVEL"),
        ({"DEFAULT_LANGUAGE": "de"}, "DEFAULT_LANGUAGE: must be one of en, ru, uk, be"),
        ({"TABLE_TTL_DAYS": "-1"}, "TABLE_TTL_DAYS"),
        ({"RENDER_CACHE_MB": "-5"}, "RENDER_CACHE_MB"),
        ({"RENDER_CACHE_MB": "lots"}, "RENDER_CACHE_MB"),
        ({"DISCORD_TEST_GUILD": "general"}, "DISCORD_TEST_GUILD"),
        ({"DISCORD_SHARDS": "0-3"}, "DISCORD_SHARDS is set but DISCORD_SHARD_COUNT is not"),
        ({"DISCORD_SHARDS": "2-9", "DISCORD_SHARD_COUNT": "8"}, "shards from 0 to 7"),
        ({"DISCORD_SHARDS": "three", "DISCORD_SHARD_COUNT": "8"}, "like 0-3 or 0,2"),
        ({"DISCORD_SHARD_COUNT": "0"}, "DISCORD_SHARD_COUNT"),
    ],
)
def test_invalid_settings_are_clear(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str], message: str
) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(SettingsError, match=re.escape(message)) as caught:
        load_settings()
    assert str(caught.value).startswith("invalid settings:")


def test_discord_shards_split_over_processes(monkeypatch: pytest.MonkeyPatch) -> None:
    assert load_settings().discord_shard_ids is None
    monkeypatch.setenv("DISCORD_SHARD_COUNT", "8")
    monkeypatch.setenv("DISCORD_SHARDS", "0-2, 5")
    settings = load_settings()
    assert settings.discord_shard_count == 8 and settings.discord_shard_ids == [0, 1, 2, 5]


def test_overrides_for_tests() -> None:
    s = load_settings(redis_url="redis://127.0.0.1:7000/1", default_language="ru")
    assert s.redis_url == "redis://127.0.0.1:7000/1" and s.default_language == "ru"


def test_env_example_lists_every_setting_with_a_comment() -> None:
    lines = (ROOT / ".env.example").read_text(encoding="utf-8").splitlines()
    names = []
    for i, line in enumerate(lines):
        match = re.fullmatch(r"#?\s*([A-Z][A-Z0-9_]*)=.*", line)
        if match and not line.startswith("# "):
            names.append(match.group(1))
            assert lines[i - 1].startswith("# "), f"{match.group(1)} has no comment above it"
    assert sorted(names) == sorted(FIELDS)
    assert "TOKEN=1" not in "\n".join(lines)  # no real-looking token values


def test_env_example_loads_as_defaults(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text(
        (ROOT / ".env.example").read_text(encoding="utf-8"), encoding="utf-8"
    )
    s = load_settings()
    assert s.telegram_token is None and s.redis_url is None
    assert s.default_language == "en" and s.table_ttl_days == 30
    assert s.render_cache_mb == 40
    assert s.tick_seconds == 10 and s.tournament_retry_seconds == 120


def test_the_engine_is_chosen_per_use(monkeypatch: pytest.MonkeyPatch) -> None:
    assert load_settings().ai_engines == {}  # each use's own default
    monkeypatch.setenv("AI_ENGINE", "sage")
    uses = ("beginner", "casual", "strong", "expert", "hint", "analysis")
    assert load_settings().ai_engines == dict.fromkeys(uses, "sage")
    monkeypatch.setenv("AI_ENGINE_STRONG", "gnubg")
    chosen = load_settings().ai_engines
    assert chosen["strong"] == "gnubg" and chosen["expert"] == chosen["analysis"] == "sage"
    monkeypatch.delenv("AI_ENGINE")
    assert load_settings().ai_engines == {"strong": "gnubg"}
    assert load_settings().summary()["ai_engines"] == {"strong": "gnubg"}
    monkeypatch.setenv("AI_ENGINE_HINT", "alphazero")
    with pytest.raises(SettingsError, match="AI_ENGINE_HINT"):
        load_settings()


def test_user_records_are_kept_400_days_unless_told(monkeypatch: pytest.MonkeyPatch) -> None:
    assert load_settings().user_ttl_seconds == 400 * 24 * 3600
    monkeypatch.setenv("USER_TTL_DAYS", "30")
    assert load_settings().user_ttl_seconds == 30 * 24 * 3600


@pytest.mark.parametrize(
    ("env", "address"),
    [
        ({}, None),
        ({"HTTP_LISTEN": "127.0.0.1:8443"}, ("127.0.0.1", 8443)),
        # a webhook with nothing said: where its server always listened
        (WEBHOOK, ("0.0.0.0", 8443)),
        ({**WEBHOOK, "HTTP_LISTEN": "127.0.0.1:8080"}, ("127.0.0.1", 8080)),
        # the older names, read when HTTP_LISTEN is unset: /metrics on this machine only, unless
        ({"METRICS_PORT": "9100"}, ("127.0.0.1", 9100)),
        (METRICS_9100, ("0.0.0.0", 9100)),
        ({**WEBHOOK, "TELEGRAM_LISTEN": "[::1]:8443"}, ("::1", 8443)),
        ({**WEBHOOK, "TELEGRAM_LISTEN": "0.0.0.0:9100", **METRICS_9100}, ("0.0.0.0", 9100)),
        # the older names agreeing with HTTP_LISTEN, or not applying (long polling)
        (
            {**WEBHOOK, "HTTP_LISTEN": "0.0.0.0:8443", "TELEGRAM_LISTEN": "0.0.0.0:8443"},
            ("0.0.0.0", 8443),
        ),
        ({"HTTP_LISTEN": "0.0.0.0:9100", "TELEGRAM_LISTEN": "0.0.0.0:8443"}, ("0.0.0.0", 9100)),
        ({"METRICS_PORT": "9100", "TELEGRAM_LISTEN": "0.0.0.0:8443"}, ("127.0.0.1", 9100)),
    ],
)
def test_one_http_server_for_the_webhook_metrics_and_the_board(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str], address: tuple[str, int] | None
) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    settings = load_settings()
    assert settings.http_address == address
    shown = settings.summary()["http_listen"]
    assert (shown is None) if address is None else isinstance(shown, str)


@pytest.mark.parametrize("port", ["99999", "0", "65536", "", "http"])
def test_a_redis_port_out_of_range_is_a_settings_error(
    monkeypatch: pytest.MonkeyPatch, port: str
) -> None:
    monkeypatch.setenv("REDIS_URL", f"redis://:SECRETPW@localhost:{port}/0")
    with pytest.raises(SettingsError, match="REDIS_URL: the port must be a number") as caught:
        load_settings()
    assert "SECRETPW" not in str(caught.value)


def test_hint_workers_and_depth(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.runtime import computer_worker

    default = computer_worker(load_settings())
    assert default is not None and (default.hint_workers, default.hint_ply) == (1, 2)
    monkeypatch.setenv("AI_HINT_WORKERS", "2")
    monkeypatch.setenv("AI_HINT_PLY", "1")
    worker = computer_worker(load_settings())
    assert worker is not None and (worker.hint_workers, worker.hint_ply) == (2, 1)
    monkeypatch.setenv("AI_HINT_PLY", "3")
    with pytest.raises(SettingsError):
        load_settings()


def test_analysis_workers_depth_and_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.runtime import computer_worker

    default = computer_worker(load_settings())
    assert default is not None
    cores = min(os.cpu_count() or 1, 4)  # a match's games are analysed at once, one a core
    assert (default.analysis_workers, default.analysis_ply, default.analysis_budget) == (
        cores,
        2,
        120,
    )
    monkeypatch.setenv("AI_ANALYSIS_WORKERS", "2")
    monkeypatch.setenv("AI_ANALYSIS_PLY", "0")
    monkeypatch.setenv("AI_ANALYSIS_BUDGET", "30")
    worker = computer_worker(load_settings())
    assert worker is not None
    assert (worker.analysis_workers, worker.analysis_ply, worker.analysis_budget) == (2, 0, 30)
    monkeypatch.setenv("AI_ANALYSIS_BUDGET", "0")
    with pytest.raises(SettingsError):
        load_settings()


def test_pondering_is_on_unless_switched_off(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.runtime import computer_worker

    default = computer_worker(load_settings())
    assert default is not None and default.pondering
    monkeypatch.setenv("AI_PONDER", "false")
    worker = computer_worker(load_settings())
    assert worker is not None and not worker.pondering
    monkeypatch.setenv("AI_PONDER", "sometimes")
    with pytest.raises(SettingsError):
        load_settings()


def test_long_nardy_is_played_on_the_network_unless_the_operator_says_classic(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from bot.ai.worker import DEFAULT_NARDY_ENGINE
    from bot.runtime import computer_worker, main

    default = load_settings()
    assert default.ai_nardy_engine == "net" == DEFAULT_NARDY_ENGINE
    assert default.summary()["ai_nardy_engine"] == "net"
    worker = computer_worker(default)
    assert worker is not None and worker.nardy_engine == "net"
    monkeypatch.setenv("AI_NARDY_ENGINE", "classic")
    classic = computer_worker(load_settings())
    assert classic is not None and classic.nardy_engine == "classic"
    monkeypatch.setenv("AI_NARDY_ENGINE", "neural")
    with pytest.raises(SettingsError, match="AI_NARDY_ENGINE: Input should be 'net' or 'classic'"):
        load_settings()
    # the bot itself refuses to start, saying why
    with pytest.raises(SystemExit) as stopped:
        main([])
    assert stopped.value.code == 2
    assert "AI_NARDY_ENGINE: Input should be 'net' or 'classic'" in capsys.readouterr().err
