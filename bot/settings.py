"""The bot's settings: read from the environment and a ``.env`` file (pydantic-settings).

Every setting is an upper-case environment variable of the same name (``TELEGRAM_TOKEN`` …);
``.env.example`` lists them all.  Secrets are :class:`~pydantic.SecretStr` and never appear in
``repr``, logs or error messages; :meth:`Settings.summary` is the form to log.
"""

from __future__ import annotations

import os
import re
from typing import Any, Literal
from urllib.parse import urlsplit, urlunsplit

from pydantic import (
    Field,
    SecretStr,
    ValidationError,
    field_serializer,
    field_validator,
    model_validator,
)
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.i18n import LANGUAGES, match_language

LogLevel = Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"]
Language = Literal["en", "ru", "uk", "be"]

WEBHOOK_LISTEN = "0.0.0.0:8443"
"""Where a webhook's HTTP server listens when no setting says (``TELEGRAM_LISTEN``'s default)."""

SERVER_PATHS = ("/metrics", "/healthz", "/board")
"""Paths of the HTTP server that the webhook's cannot be (nor one under ``/board/``)."""

_WEBHOOK_SECRET_RE = re.compile(r"[A-Za-z0-9_-]{1,256}")
_APP_NAME_RE = re.compile(r"[A-Za-z0-9_]{3,30}")
_REDIS_SCHEMES = ("redis", "rediss", "unix")


class SettingsError(ValueError):
    """The settings are invalid; the message lists each problem by environment variable."""


def _mask_url(url: str) -> str:
    """``url`` with any password replaced by ``***``."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    user = parts.username or ""
    host = parts.hostname or ""
    port = f":{parts.port}" if parts.port else ""
    netloc = f"{user}:***@{host}{port}"
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))


class Settings(BaseSettings):
    """Everything the bot reads from its environment."""

    model_config = SettingsConfigDict(
        env_file=".env",
        env_file_encoding="utf-8",
        env_ignore_empty=True,
        extra="ignore",
        case_sensitive=False,
        hide_input_in_errors=True,
    )

    telegram_token: SecretStr | None = None
    """Bot token from @BotFather; Telegram is served when it is set."""
    telegram_webhook_url: str | None = None
    """Public HTTPS URL Telegram posts updates to; unset = long polling."""
    telegram_webhook_secret: SecretStr | None = None
    """Secret token Telegram sends with each webhook request; required with a webhook URL."""
    telegram_base_url: str | None = None
    """Bot API base URL (a local Bot API server, or a fake one in tests); unset = Telegram's."""
    telegram_listen: str = WEBHOOK_LISTEN
    """The older name of ``HTTP_LISTEN`` for a webhook: read only when that is unset."""
    discord_token: SecretStr | None = None
    """Discord bot token; Discord is served when it is set."""
    discord_test_guild: int | None = None
    """Guild id to sync slash commands to instantly while developing; unset = global sync."""
    discord_shard_count: int | None = Field(default=None, ge=1)
    """Shards of the whole Discord bot when its shards are split over several processes;
    unset = Discord's recommended count, every shard in this process."""
    discord_shards: str | None = None
    """The shards this process runs, e.g. ``0-3`` or ``0,2``; needs ``DISCORD_SHARD_COUNT``."""
    discord_client_id: int | None = Field(default=None, ge=1)
    """The Discord application's id (its OAuth2 client id): with ``DISCORD_CLIENT_SECRET`` and
    the web board on, Discord's boards carry an *Open board* button that launches the web board
    as the application's Activity."""
    discord_client_secret: SecretStr | None = None
    """The application's OAuth2 client secret: the web board exchanges an Activity's login code
    for the user's token with it."""
    discord_api_base: str = "https://discord.com/api/v10"
    """Discord's HTTP API the web board asks (a fake one in tests)."""
    redis_url: str | None = Field(default=None, repr=False)
    """``redis://[:password@]host:port/db``, ``rediss://`` or ``unix://``; unset = memory store."""
    redis_cluster: bool = False
    """Treat ``REDIS_URL`` as a node of a Redis Cluster."""
    http_listen: str | None = None
    """``host:port`` of the bot's one HTTP server: Telegram's webhook (at the path of
    ``TELEGRAM_WEBHOOK_URL``), ``/metrics`` and ``/healthz``, the web board under ``/board/``.
    Unset: the older ``METRICS_HOST:METRICS_PORT`` or, for a webhook, ``TELEGRAM_LISTEN``
    (``0.0.0.0:8443``); no server when none applies (:attr:`http_address`)."""
    metrics_port: int | None = Field(default=None, ge=1, le=65535)
    """The older way to name the HTTP server's port (``HTTP_LISTEN``), read when that is
    unset: the server on ``METRICS_HOST:METRICS_PORT``."""
    metrics_host: str = Field(default="127.0.0.1", min_length=1)
    """The host that goes with ``METRICS_PORT``: this machine only unless told otherwise."""
    webboard_enabled: bool = False
    """Whether boards carry an *Open board* button to the web board (a Telegram Mini App; in
    Discord the application's Activity, with ``DISCORD_CLIENT_ID``) and the bot's HTTP server
    serves it under ``/board/`` (needs ``HTTP_LISTEN``)."""
    webboard_url: str | None = None
    """The public HTTPS URL of the web board's page (``/board/`` behind the TLS proxy), as
    registered with @BotFather for the Mini App."""
    webboard_app: str | None = None
    """The Mini App's short name (``t.me/<bot>/<name>`` links, the group boards' button);
    unset = the button only in private chats."""
    webboard_auth_max_age: int = Field(default=3600, ge=60, le=7 * 86400)
    """Seconds Telegram's login data of a web board page stays valid."""
    log_json: bool = False
    """One JSON object per log line instead of plain text."""
    log_level: LogLevel = "INFO"
    """Lowest level logged."""
    default_language: Language = "en"
    """Language for users whose platform language is unknown (en, ru, uk, be)."""
    table_ttl_days: float = Field(default=30.0, gt=0)
    """Days an untouched table is kept before it expires as abandoned."""
    user_ttl_days: float = Field(default=400.0, gt=0)
    """Days a user's records (settings, statistics, standing, history) are kept after the user
    was last seen: every use renews them."""
    tick_seconds: float = Field(default=10.0, ge=0.1, le=300)
    """How often a process serves what is due: the move clocks' notices, the computer's turns
    left unfinished, the tournaments' next rounds and what a stopped process left unshown."""
    tournament_max_players: int = Field(default=64, ge=2, le=1024)
    """The most players a tournament takes (``max=N`` asks for fewer); also its default."""
    tournament_max_rounds: int = Field(default=15, ge=1, le=50)
    """The most rounds of a Swiss tournament."""
    tournament_retry_seconds: float = Field(default=120.0, ge=1, le=3600)
    """Seconds after which what a process began to show of a tournament and did not report
    done (a game's place, a round's pairings, the champion) is shown by the next tick of any
    process: longer than showing them takes (a Telegram group takes 20 messages a minute)."""
    render_cache_mb: float = Field(default=40.0, ge=0, le=4096)
    """Megabytes the parts of board pictures drawn before may take in this process, for reuse
    (a fifth for whole bands, the rest for tiles); 0 = none kept."""
    ai_enabled: bool = True
    """Whether ``new bot`` seats the computer (off: it says the computer is unavailable)."""
    ai_workers: int = Field(default=1, ge=1, le=64)
    """Worker processes that think for the computer at once (each holds GNU Backgammon's nets)."""
    ai_budget_beginner: float = Field(default=2.0, gt=0, le=600)
    """Seconds one decision of the computer at ``beginner`` may take before its worker is
    replaced and the decision made again at 0-ply."""
    ai_budget_casual: float = Field(default=2.0, gt=0, le=600)
    """The same at ``casual``."""
    ai_budget_strong: float = Field(default=2.0, gt=0, le=600)
    """The same at ``strong``."""
    ai_budget_expert: float = Field(default=6.0, gt=0, le=600)
    """The same at ``expert`` (2-ply: about a second at most on two cores)."""
    ai_hint_workers: int = Field(default=1, ge=1, le=64)
    """Worker processes that work out hints (``hint``), apart from the computer's."""
    ai_hint_ply: int = Field(default=2, ge=0, le=2)
    """The depth of a hint (GNU Backgammon's plies; long nardy's network searches as many rolls
    ahead)."""
    ai_analysis_workers: int = Field(
        default_factory=lambda: min(os.cpu_count() or 1, 4), ge=1, le=64
    )
    """Worker processes that analyse played games (``analysis``), apart from the others: a
    match's games are analysed at once on them (by default one a core, at most four)."""
    ai_analysis_ply: int = Field(default=2, ge=0, le=2)
    """The depth of an analysis (GNU Backgammon's plies; long nardy's network searches as many
    rolls ahead)."""
    ai_analysis_budget: float = Field(default=120.0, gt=0, le=3600)
    """Seconds the analysis of one game may take before its worker is replaced and the game
    analysed again at 0-ply."""
    ai_ponder: bool = True
    """Whether the computer at ``strong`` and ``expert`` thinks on its opponent's time (in one
    more worker process, below the computer's), so that its cube decisions come at once."""
    ai_engine: Literal["gnubg", "sage"] | None = None
    """The nets that value backgammon positions for every use (the computer's levels, ``hint``,
    ``analysis``): ``gnubg`` GNU Backgammon's, ``sage`` Open Sage's; unset, each use has its own
    default (``bot.ai.worker.DEFAULT_ENGINES``, chosen by measurement: README)."""
    ai_engine_beginner: Literal["gnubg", "sage"] | None = None
    """The nets of the computer at ``beginner`` alone (over ``AI_ENGINE``)."""
    ai_engine_casual: Literal["gnubg", "sage"] | None = None
    """The same at ``casual``."""
    ai_engine_strong: Literal["gnubg", "sage"] | None = None
    """The same at ``strong``."""
    ai_engine_expert: Literal["gnubg", "sage"] | None = None
    """The same at ``expert``."""
    ai_engine_hint: Literal["gnubg", "sage"] | None = None
    """The nets of hints alone."""
    ai_engine_analysis: Literal["gnubg", "sage"] | None = None
    """The nets of the analysis alone."""
    ai_nardy_engine: Literal["net", "classic"] = "net"
    """Who plays long nardy for the computer (its moves, cube actions and answers at every
    level), gives its hints and analyses its games: ``net`` the project's long nardy network,
    ``classic`` the hand-weighted player (``bot.ai.worker.DEFAULT_NARDY_ENGINE``: README)."""

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper_level(cls, value: Any) -> Any:
        return value.strip().upper() if isinstance(value, str) else value

    @field_validator("default_language", mode="before")
    @classmethod
    def _language(cls, value: Any) -> Any:
        if isinstance(value, str):
            lang = match_language(value)
            if lang is None:
                raise ValueError(f"must be one of {', '.join(LANGUAGES)}")
            return lang
        return value

    @field_validator("telegram_webhook_url", "telegram_base_url", "discord_api_base")
    @classmethod
    def _http_url(cls, value: str | None) -> str | None:
        if value is None:
            return None
        parts = urlsplit(value)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError("must be an http(s):// URL with a host")
        return value

    @field_validator("telegram_webhook_url")
    @classmethod
    def _webhook_path(cls, value: str | None) -> str | None:
        path = "/" + urlsplit(value).path.strip("/") if value is not None else ""
        if path in SERVER_PATHS or path.startswith("/board/"):
            raise ValueError(
                f"its path {path} is the HTTP server's own (/metrics, /healthz, /board/):"
                " give the webhook a path of its own, e.g. /tg/hook"
            )
        return value

    @field_validator("webboard_url")
    @classmethod
    def _https_url(cls, value: str | None) -> str | None:
        if value is None:
            return None
        parts = urlsplit(value)
        if parts.scheme != "https" or not parts.hostname or parts.fragment:
            raise ValueError("must be an https:// URL with a host (Telegram opens no other)")
        return value

    @field_validator("webboard_app")
    @classmethod
    def _app_name(cls, value: str | None) -> str | None:
        if value is not None and not _APP_NAME_RE.fullmatch(value):
            raise ValueError("must be the Mini App's short name: 3-30 of A-Z, a-z, 0-9 and _")
        return value

    @field_validator("telegram_webhook_secret")
    @classmethod
    def _webhook_secret(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None and not _WEBHOOK_SECRET_RE.fullmatch(value.get_secret_value()):
            raise ValueError("must be 1-256 characters of A-Z, a-z, 0-9, _ and -")
        return value

    @field_validator("telegram_listen", "http_listen")
    @classmethod
    def _listen(cls, value: str | None) -> str | None:
        if value is None:
            return None
        host, sep, port = value.rpartition(":")
        if (
            not sep
            or not host
            or not (port.isascii() and port.isdigit())
            or not 0 < int(port) < 65536
        ):
            raise ValueError("must be host:port, e.g. 0.0.0.0:8443")
        return value

    @field_validator("redis_url")
    @classmethod
    def _redis_url(cls, value: str | None) -> str | None:
        if value is None:
            return None
        parts = urlsplit(value)
        if parts.scheme not in _REDIS_SCHEMES:
            raise ValueError("must start with redis://, rediss:// or unix://")
        try:
            port = parts.port
        except ValueError:  # not a number, or out of 0-65535
            port = 0
        if port == 0 or (port is None and parts.netloc.endswith(":")):
            raise ValueError("the port must be a number from 1 to 65535")
        return value

    @model_validator(mode="after")
    def _consistent(self) -> Settings:
        if self.telegram_webhook_url is not None:
            if self.telegram_webhook_secret is None:
                raise ValueError(
                    "TELEGRAM_WEBHOOK_URL is set but TELEGRAM_WEBHOOK_SECRET is not: webhook mode"
                    " needs a secret token so that only Telegram can post updates"
                )
            if self.telegram_token is None:
                raise ValueError("TELEGRAM_WEBHOOK_URL is set but TELEGRAM_TOKEN is not")
        self._check_web_board(self._resolve_listen())
        if self.redis_cluster and self.redis_url is None:
            raise ValueError("REDIS_CLUSTER is on but REDIS_URL is not set")
        if self.discord_shards is not None:
            if self.discord_shard_count is None:
                raise ValueError("DISCORD_SHARDS is set but DISCORD_SHARD_COUNT is not")
            ids = _shard_ids(self.discord_shards)
            if not ids or max(ids) >= self.discord_shard_count:
                raise ValueError(
                    f"DISCORD_SHARDS must name shards from 0 to {self.discord_shard_count - 1},"
                    " like 0-3 or 0,2"
                )
        return self

    def _check_web_board(self, listen: str | None) -> None:
        """The web board's settings hang together: it is served by the bot's HTTP server
        (``listen``: ``HTTP_LISTEN`` or its older names)
        at ``WEBBOARD_URL`` and opened from Telegram (``TELEGRAM_TOKEN``) or from Discord as
        its Activity (``DISCORD_CLIENT_ID``, ``DISCORD_CLIENT_SECRET`` and ``DISCORD_TOKEN``,
        all or none)."""
        activity = self.discord_client_id is not None or self.discord_client_secret is not None
        if activity and not self.webboard_enabled:
            raise ValueError(
                "DISCORD_CLIENT_ID or DISCORD_CLIENT_SECRET is set but WEBBOARD_ENABLED is off:"
                " the Discord Activity is the web board; switch it on (with WEBBOARD_URL and"
                " HTTP_LISTEN), or leave DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET empty"
            )
        if activity:
            missing = [
                name
                for name, value in (
                    ("DISCORD_CLIENT_ID", self.discord_client_id),
                    ("DISCORD_CLIENT_SECRET", self.discord_client_secret),
                    ("DISCORD_TOKEN", self.discord_token),
                )
                if value is None
            ]
            if missing:
                raise ValueError(
                    "the Discord Activity needs DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET and"
                    f" DISCORD_TOKEN together, but {', '.join(missing)} not set: a login's code"
                    " is exchanged with the application's id and secret, and its activity"
                    " instance checked with the bot token"
                )
        if not self.webboard_enabled:
            return
        missing = [
            name
            for name, value in (
                ("WEBBOARD_URL", self.webboard_url),
                ("HTTP_LISTEN", listen),
            )
            if value is None
        ]
        if self.telegram_token is None and not activity:
            missing.append("TELEGRAM_TOKEN (or the Discord Activity's DISCORD_CLIENT_ID)")
        if missing:
            raise ValueError(
                f"WEBBOARD_ENABLED is on but {', '.join(missing)} not set: the web board is"
                " served by the bot's HTTP server (HTTP_LISTEN) at WEBBOARD_URL and opened from"
                " Telegram (a Mini App) or from Discord (an Activity)"
            )

    @property
    def discord_activity(self) -> bool:
        """Whether the web board is Discord's Activity too (the settings refuse half of it)."""
        return self.webboard_enabled and self.discord_client_id is not None

    @field_serializer("redis_url")
    def _masked_redis_url(self, value: str | None) -> str | None:
        return _mask_url(value) if value else value

    def _resolve_listen(self) -> str | None:
        """The ``host:port`` the HTTP server listens on (:attr:`http_address`); raises
        ``ValueError`` when the settings name two different ones."""
        older: list[tuple[str, str, str]] = []  # what names it, the address, what to remove
        if self.metrics_port is not None:
            metrics = f"{self.metrics_host}:{self.metrics_port}"
            older.append(("METRICS_HOST:METRICS_PORT", metrics, "METRICS_PORT and METRICS_HOST"))
        explicit = "telegram_listen" in self.model_fields_set
        if self.webhook_mode and (explicit or self.http_listen is None):
            shown = "TELEGRAM_LISTEN" if explicit else "TELEGRAM_LISTEN (its default)"
            older.append((shown, self.telegram_listen, "TELEGRAM_LISTEN"))
        if self.http_listen is not None:
            for name, value, remove in older:
                if _address(value) != _address(self.http_listen):
                    raise ValueError(
                        f"HTTP_LISTEN is {self.http_listen} but {name} is {value}: one server"
                        " serves the webhook, /metrics, /healthz and /board/ on HTTP_LISTEN;"
                        f" remove {remove}"
                    )
            return self.http_listen
        if len({_address(value) for _, value, _ in older}) > 1:
            (first, one, _), (second, other, _) = older[:2]
            raise ValueError(
                f"{first} is {one} but {second} is {other}: one server now serves the webhook,"
                " /metrics, /healthz and /board/; set HTTP_LISTEN=host:port instead of both"
            )
        return older[0][1] if older else None

    @property
    def http_address(self) -> tuple[str, int] | None:
        """The host (brackets of an IPv6 literal removed) and port of the bot's one HTTP
        server: ``HTTP_LISTEN``; else the older ``METRICS_HOST:METRICS_PORT``, or, for a
        webhook, ``TELEGRAM_LISTEN`` (its default ``0.0.0.0:8443``); ``None``: no server."""
        listen = self._resolve_listen()
        return _address(listen) if listen is not None else None

    @property
    def discord_shard_ids(self) -> list[int] | None:
        """The shard ids of ``DISCORD_SHARDS`` (``None``: every shard of the bot)."""
        return _shard_ids(self.discord_shards) if self.discord_shards is not None else None

    @property
    def table_ttl_seconds(self) -> float:
        """``TABLE_TTL_DAYS`` in seconds, as the store takes it."""
        return self.table_ttl_days * 24 * 3600

    @property
    def user_ttl_seconds(self) -> float:
        """``USER_TTL_DAYS`` in seconds, as the store takes it."""
        return self.user_ttl_days * 24 * 3600

    @property
    def webhook_mode(self) -> bool:
        """Whether Telegram is served by webhook rather than long polling."""
        return self.telegram_webhook_url is not None

    def summary(self) -> dict[str, object]:
        """What is configured, safe to log: no tokens, no secrets, no Redis password."""
        return {
            "telegram": self.telegram_token is not None,
            "telegram_mode": "webhook" if self.webhook_mode else "polling",
            "telegram_base_url": self.telegram_base_url,
            "discord": self.discord_token is not None,
            "discord_test_guild": self.discord_test_guild,
            "discord_shards": self.discord_shards,
            "discord_shard_count": self.discord_shard_count,
            "discord_activity": self.discord_activity,
            "discord_client_id": self.discord_client_id,
            "discord_api_base": self.discord_api_base,
            "redis": _mask_url(self.redis_url) if self.redis_url else None,
            "redis_cluster": self.redis_cluster,
            "http_listen": self._resolve_listen(),
            "webboard_enabled": self.webboard_enabled,
            "webboard_url": self.webboard_url,
            "webboard_app": self.webboard_app,
            "webboard_auth_max_age": self.webboard_auth_max_age,
            "log_json": self.log_json,
            "log_level": self.log_level,
            "default_language": self.default_language,
            "table_ttl_days": self.table_ttl_days,
            "user_ttl_days": self.user_ttl_days,
            "tick_seconds": self.tick_seconds,
            "tournament_max_players": self.tournament_max_players,
            "tournament_max_rounds": self.tournament_max_rounds,
            "tournament_retry_seconds": self.tournament_retry_seconds,
            "render_cache_mb": self.render_cache_mb,
            "ai_enabled": self.ai_enabled,
            "ai_workers": self.ai_workers,
            "ai_budgets": self.ai_budgets,
            "ai_hint_workers": self.ai_hint_workers,
            "ai_hint_ply": self.ai_hint_ply,
            "ai_analysis_workers": self.ai_analysis_workers,
            "ai_analysis_ply": self.ai_analysis_ply,
            "ai_analysis_budget": self.ai_analysis_budget,
            "ai_ponder": self.ai_ponder,
            "ai_engines": self.ai_engines,
            "ai_nardy_engine": self.ai_nardy_engine,
        }

    @property
    def ai_engines(self) -> dict[str, Literal["gnubg", "sage"]]:
        """The nets the settings name, by use (``AI_ENGINE`` for every use, then
        ``AI_ENGINE_*`` for one); the uses not named keep their defaults."""
        named: dict[str, Literal["gnubg", "sage"] | None] = {
            "beginner": self.ai_engine_beginner,
            "casual": self.ai_engine_casual,
            "strong": self.ai_engine_strong,
            "expert": self.ai_engine_expert,
            "hint": self.ai_engine_hint,
            "analysis": self.ai_engine_analysis,
        }
        return {
            use: engine
            for use, one in named.items()
            if (engine := one or self.ai_engine) is not None
        }

    @property
    def ai_budgets(self) -> dict[str, float]:
        """Seconds per decision of the computer, by level (``AI_BUDGET_*``)."""
        return {
            "beginner": self.ai_budget_beginner,
            "casual": self.ai_budget_casual,
            "strong": self.ai_budget_strong,
            "expert": self.ai_budget_expert,
        }


def _digits(text: str) -> bool:
    """Whether ``text`` is ASCII digits only (``str.isdigit`` also takes ``²`` and ``٣``)."""
    return text.isascii() and text.isdigit()


def _address(listen: str) -> tuple[str, int]:
    """``host:port`` → ``(host, port)``, the brackets of an IPv6 literal removed."""
    host, _, port = listen.rpartition(":")
    return host.strip("[]").lower(), int(port)


def _shard_ids(text: str) -> list[int]:
    """``0-3,5`` → ``[0, 1, 2, 3, 5]``; an empty list when the text is not of that form."""
    ids: set[int] = set()
    for part in text.replace(" ", "").split(","):
        low, dash, high = part.partition("-")
        if not _digits(low) or (dash and not _digits(high)):
            return []
        first, last = int(low), int(high) if dash else int(low)
        if last < first or last - first > 10_000:
            return []
        ids.update(range(first, last + 1))
    return sorted(ids)


def _describe(error: ValidationError) -> str:
    lines = []
    for item in error.errors(include_input=False, include_url=False):
        field = ".".join(str(part) for part in item["loc"]).upper() or "settings"
        message = str(item["msg"]).removeprefix("Value error, ")
        lines.append(f"{field}: {message}" if item["loc"] else message)
    return "invalid settings:\n  " + "\n  ".join(lines)


def load_settings(**overrides: Any) -> Settings:
    """The settings from the environment and ``.env`` (``overrides`` win, for tests).

    Raises :class:`SettingsError` naming each bad variable; secret values are never echoed.
    """
    try:
        return Settings(**overrides)
    except ValidationError as error:
        raise SettingsError(_describe(error)) from None
