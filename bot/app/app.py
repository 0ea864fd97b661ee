"""The chat application: one :class:`App` turns an :class:`Update` into reply actions.

Every update goes through the same path: parse (a command, a play in notation, or a button payload)
→ load the table → check who may act and that the button is current → apply the engine transition
→ compare-and-set the table together with the update id → answer in the sender's language.  A
refusal (not your turn, stale button, illegal play …) writes nothing; an unexpected error is
logged with the table key and answered politely; nothing is kept in process memory.
"""

from __future__ import annotations

import logging
import re
import secrets
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import Any

from bot.app import view
from bot.app.commands import ALIASES, COMMANDS, Command, TooLong, UnknownCommand, parse_command
from bot.app.payload import InvalidPayload, Payload, format_payload, parse_payload
from bot.app.table import Seat, Stage, Table, TableSettings, match_data
from bot.app.types import (
    Button,
    ClearButtons,
    EditBoard,
    Keyboard,
    Reply,
    SendBoard,
    SendFile,
    SendText,
    Toast,
    Update,
    User,
)
from bot.i18n import LANGUAGES, describe_error, negotiate, t, t_attr
from bot.store import (
    CasResult,
    ConflictError,
    CorruptRecord,
    Store,
    StoreUnavailable,
    TableKey,
    UpdateResult,
    UpdateStatus,
    Versioned,
)
from bot.store.codec import JsonCodec
from engine.cube import Options
from engine.errors import EngineError
from engine.game import DiceSource, Game, Phase, find_variant, format_points
from engine.match import Match
from engine.movegen import Step
from engine.result import WinKind

log = logging.getLogger("bot.app")

USER_CODEC = JsonCodec(schema=1)

VARIANT_WORDS: dict[str, str] = {
    "backgammon": "backgammon",
    "bg": "backgammon",
    "short": "backgammon",
    "nardy": "long_nardy",
    "long": "long_nardy",
    "long_nardy": "long_nardy",
    "narde": "long_nardy",
}
"""Words for the game in ``new``."""

KIND_WORDS: dict[str, WinKind] = {
    "single": WinKind.SINGLE,
    "1": WinKind.SINGLE,
    "gammon": WinKind.GAMMON,
    "2": WinKind.GAMMON,
    "backgammon": WinKind.BACKGAMMON,
    "3": WinKind.BACKGAMMON,
}
"""Words for what a resignation concedes."""

OPTION_NAMES: tuple[str, ...] = (
    "jacoby",
    "beaver",
    "auto_doubles",
    "max_auto_doubles",
    "backgammon_counts",
    "cube_progression",
    "gammons_with_cube",
    "cube_limit",
    "cube",
    "last_roll_draw",
    "draw_points",
    "next_game_starts",
    "koks",
    "prime_rule",
)
"""The table options ``new`` accepts as ``name=value`` (``koks``, ``prime_rule``: long nardy)."""

TOGGLES: tuple[str, ...] = ("jacoby", "beaver", "auto_doubles", "cube", "gammons_with_cube")
"""Options the lobby offers as on/off buttons."""

SETTING_VALUES: dict[str, tuple[str, ...]] = {
    "view": ("image", "text"),
    "home": ("right", "left"),
    "swap": ("on", "off"),
    "autoroll": ("on", "off"),
    "language": LANGUAGES,
}
"""The ``settings`` keys and their values."""

SETTING_ALIASES: dict[str, str] = {
    "lang": "language",
    "board": "view",
    "auto_roll": "autoroll",
    "auto-roll": "autoroll",
    "side": "home",
}
"""Other words accepted for a ``settings`` key."""

LANGUAGE_TTL = 30.0
"""Seconds a process trusts the language it last read from a user's record."""

RECORD_CACHE = 1024
"""Tables whose last seen record one process keeps to skip a load (see ``App._update``)."""

LANGUAGE_CACHE = 4096
"""Users whose language one process remembers."""

TICK_BATCH = 500
"""Due clocks one tick looks at (of every platform; each adapter serves its own)."""

INVITE_HOLD = 24 * 3600.0
"""Seconds a seat stays kept for an invited user."""

INVITE_OFF = frozenset({"off", "cancel", "none", "-"})
"""``invite off``: the inviter frees the kept seat."""

REMIND_BEFORE = 0.2
"""The reminder comes when this share of the move clock is left."""

MAX_MATCH = 63
"""Longest match the bot sets up."""

MAX_SEATS_CHOUETTE = 8
"""Most players at one chouette."""

_NOTATION_RE = re.compile(r"^(?:bar|off|[0-9]|[\s/\-*()(),.])+$", re.IGNORECASE)

INFO_ACTIONS = frozenset({"board", "score", "pips", "export"})
"""Table actions anyone may ask for, seated or not."""

STILL_ALLOWED = INFO_ACTIONS | {"settings", "setting"}
"""Actions a closed table still answers."""

NO_TABLE_ACTIONS = frozenset({"help", "rules", "stats", "language"})
"""Actions answered without loading the table."""


_PLAIN: dict[tuple[str, str], str] = {}
"""Messages without parameters (button labels and the like), formatted once per language."""


class Refused(Exception):
    """An update the app answers with a message and does not apply."""

    def __init__(self, message_id: str, **params: Any) -> None:
        super().__init__(message_id)
        self.message_id = message_id
        self.params = params


@dataclass
class _Ctx:
    """One update being decided: who, in which language, and the replies gathered so far."""

    update: Update
    lang: str
    now: float
    replies: list[Reply] = field(default_factory=list)
    finished: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)
    written: Table | None = None

    @property
    def user(self) -> User:
        return self.update.user

    @property
    def pressed(self) -> bool:
        return self.update.button is not None

    def tr(self, message_id: str, **params: Any) -> str:
        if params:
            return t(self.lang, message_id, **params)
        key = (self.lang, message_id)
        text = _PLAIN.get(key)
        if text is None:
            text = _PLAIN[key] = t(self.lang, message_id)
        return text

    def refusal(self, refusal: Refused) -> str:
        """The text of a refusal; a wrong-usage refusal shows the command's usage."""
        if refusal.message_id == "app-usage":
            command = str(refusal.params["command"])
            usage = t_attr(self.lang, f"help-{command}", "usage")
            return self.tr("error-bad-arguments", command=f"/{command}", usage=usage)
        return self.tr(refusal.message_id, **refusal.params)


def secure_die() -> int:
    """A die from the operating system's secure random source (production dice)."""
    return secrets.randbelow(6) + 1


class App:
    """The application over a :class:`~bot.store.Store`.

    ``dice`` is the dice source (production: :func:`secure_die`; tests inject a sequence) and
    ``clock`` the time source.  ``handle`` never raises.
    """

    def __init__(
        self,
        store: Store,
        *,
        dice: DiceSource = secure_die,
        clock: Callable[[], float] = time.time,
        default_language: str = "en",
    ) -> None:
        self.store = store
        self.dice = dice
        self.clock = clock
        self.default_language = default_language
        self._languages: OrderedDict[str, tuple[str | None, float]] = OrderedDict()
        self._records: OrderedDict[TableKey, Versioned] = OrderedDict()

    # -- entry points ---------------------------------------------------------------------------

    async def handle(self, update: Update) -> list[Reply]:
        """Apply one update at most once and return what to show; never raises."""
        lang = negotiate(update.user.language) if update.user.language else self.default_language
        try:
            lang = await self._language(update.user, lang)
            return await self._handle(update, lang)
        except (StoreUnavailable, ConflictError) as exc:
            log.warning(
                "store %s table=%s update=%s", type(exc).__name__, update.table, update.update_id
            )
            return [self._refusal(update, t(lang, "error-unavailable"))]
        except Exception:
            log.exception("update failed table=%s update=%s", update.table, update.update_id)
            return [self._refusal(update, t(lang, "error-internal"))]

    async def board_posted(self, table: TableKey, message: str, version: int) -> None:
        """Remember that the board drawn for ``version`` is message ``message`` in the chat.

        The next turn's reply then takes that message's buttons away.  A board of an older
        version is ignored.  This write does not change the table's version (no button goes
        stale because of it).
        """

        def fn(current: Versioned | None) -> bytes | None:
            if current is None:
                return None
            state = Table.decode(current.payload)
            if state.version != version or state.board_message == message:
                return None
            return state.evolve(board_message=message).encode()

        try:
            cached = self._records.get(table)
            if cached is not None:
                state = Table.decode(cached.payload)
                if state.version > version or state.board_message == message:
                    return  # a newer board is out already, or nothing to note
                new = fn(cached)
                if new is not None:
                    cas = await self.store.compare_and_set(table, cached.version, new)
                    if cas is CasResult.APPLIED:
                        self._remember_record(table, Versioned(new, cached.version + 1))
                        return
            result = await self.store.update(table, fn)
            self._remember_record(table, result.record)
        except (StoreUnavailable, ConflictError):
            # Only a convenience (which message to strip of its buttons later): never fatal.
            log.warning("board message not recorded table=%s message=%s", table, message)

    async def load_table(self, table: TableKey) -> Table | None:
        """The table's current state (for adapters' autocomplete and for tests)."""
        record = await self.store.load(table)
        return Table.decode(record.payload) if record is not None else None

    # -- the pipeline ---------------------------------------------------------------------------

    def _refusal(self, update: Update, text: str) -> Reply:
        private = update.button is not None or update.toast_refusals
        return Toast(text) if private else SendText(text)

    async def _language(self, user: User, fallback: str) -> str:
        """The language the user chose with ``settings language``, else ``fallback``.

        The choice is read from the user's record at most once per :data:`LANGUAGE_TTL` seconds
        per process (a choice made through another process shows within that time).
        """
        now = time.monotonic()
        known = self._languages.get(user.ref)
        if known is not None and known[1] > now:
            return known[0] or fallback
        record = await self.store.get_user(user.key)
        lang: str | None = None
        if record is not None:
            try:
                data = USER_CODEC.decode(record.payload)
            except CorruptRecord:
                data = None
            found = data.get("lang") if isinstance(data, dict) else None
            lang = found if found in LANGUAGES else None
        self._remember_language(user, lang)
        return lang or fallback

    def _remember_language(self, user: User, lang: str | None) -> None:
        self._languages[user.ref] = (lang, time.monotonic() + LANGUAGE_TTL)
        self._languages.move_to_end(user.ref)
        while len(self._languages) > LANGUAGE_CACHE:
            self._languages.popitem(last=False)

    async def _handle(self, update: Update, lang: str) -> list[Reply]:
        ctx = _Ctx(update, lang, self.clock())
        try:
            action, args, version = self._parse(ctx)
        except Refused as refusal:
            return [self._refusal(update, ctx.refusal(refusal))]
        if action == "ignore":
            return []
        if action in NO_TABLE_ACTIONS:
            return await self._user_action(ctx, action, args)

        last: list[_Ctx] = []

        scheduled: list[float] = []

        async def fn(current: Versioned | None) -> bytes | None:
            attempt = _Ctx(update, lang, self.clock())
            last[:] = [attempt]
            table = Table.decode(current.payload) if current is not None else None
            try:
                new = self._decide(attempt, table, action, args, version)
            except Refused as refusal:
                attempt.replies = [self._refusal(update, attempt.refusal(refusal))]
                attempt.finished = []
                return None
            except EngineError as exc:
                attempt.replies = [self._refusal(update, self._engine_text(attempt, exc))]
                attempt.finished = []
                return None
            if new is None:
                return None
            if new.seat_of(update.user.ref) is not None and new.lang != lang:
                new = new.evolve(lang=lang)  # the clock's notices speak the players' language
            attempt.written = new
            # The deadline goes in before the write that needs it (a hint the tick re-checks).
            if new.deadline is not None and (table is None or _wake(table) != _wake(new)):
                scheduled.append(_wake_time(new))
                await self.store.set_deadline(update.table, scheduled[-1])
            return new.encode()

        result = await self._update(update.table, fn, update.update_id)
        if scheduled and result.status is not UpdateStatus.APPLIED:
            # A deadline set for a write that did not happen: back to what the table says.
            await self._reschedule(update.table, result.record, scheduled[-1])
        if result.status is UpdateStatus.DUPLICATE or not last:
            return []
        done = last[0]
        if result.status is UpdateStatus.APPLIED:
            await self._record_stats(update, done)
        return done.replies

    async def _update(
        self,
        key: TableKey,
        fn: Callable[[Versioned | None], Awaitable[bytes | None]],
        update_id: str,
    ) -> UpdateResult:
        """``store.update`` of a table, first trying the record this process last saw of it.

        When this process wrote (or read) the table last, as it does for every move of a game
        it serves, the decision is made on that record and written with one compare-and-set,
        without loading it again.  A conflict (another process moved the table on) or a
        decision that writes nothing (refusals and reads are always decided on a fresh load)
        falls back to the store's own load → decide → compare-and-set loop.
        """
        cached = self._records.get(key)
        if cached is not None:
            new = await fn(cached)
            if new is not None:
                try:
                    cas = await self.store.compare_and_set(
                        key, cached.version, new, update_id=update_id
                    )
                except StoreUnavailable:
                    # The reply was lost: the write may have happened.  The store's loop below
                    # finds the update id seen, and the record tells whether it was this one.
                    self._records.pop(key, None)
                    result = await self.store.update(key, fn, update_id=update_id)
                    if (
                        result.status is UpdateStatus.DUPLICATE
                        and result.record is not None
                        and result.record.payload == new
                    ):
                        result = UpdateResult(UpdateStatus.APPLIED, result.record, 0)
                    self._remember_record(key, result.record)
                    return result
                if cas is CasResult.APPLIED:
                    record = Versioned(new, cached.version + 1)
                    self._remember_record(key, record)
                    return UpdateResult(UpdateStatus.APPLIED, record, 0)
                if cas is CasResult.DUPLICATE:
                    self.store.counters.duplicates += 1  # as the store's own loop counts them
                    current = await self.store.load(key)
                    self._remember_record(key, current)
                    return UpdateResult(UpdateStatus.DUPLICATE, current, 0)
                self.store.counters.cas_conflicts += 1
        result = await self.store.update(key, fn, update_id=update_id)
        self._remember_record(key, result.record)
        return result

    def _remember_record(self, key: TableKey, record: Versioned | None) -> None:
        if record is None:
            self._records.pop(key, None)
            return
        self._records[key] = record
        self._records.move_to_end(key)
        while len(self._records) > RECORD_CACHE:
            self._records.popitem(last=False)

    async def _reschedule(self, key: TableKey, record: Versioned | None, stray: float) -> None:
        table = Table.decode(record.payload) if record is not None else None
        if table is not None and table.deadline is not None:
            await self.store.set_deadline(key, _wake_time(table))
        else:
            await self.store.clear_deadline(key, stray)

    def _engine_text(self, ctx: _Ctx, exc: EngineError) -> str:
        params = {
            k: ctx.names.get(v, v) if isinstance(v, str) else v for k, v in exc.params.items()
        }
        code = exc.code or "engine_error"
        reason = params.get("reason")
        if code == "illegal_play" and isinstance(reason, str):
            code = reason  # why the typed play was refused: syntax, a closed point ...
        return describe_error(ctx.lang, code, params)

    # -- parsing --------------------------------------------------------------------------------

    def _parse(self, ctx: _Ctx) -> tuple[str, tuple[Any, ...], int | None]:
        update = ctx.update
        if update.button is not None:
            try:
                payload = parse_payload(update.button)
            except InvalidPayload:
                raise Refused("error-bad-payload") from None
            if payload.action == "setting" and payload.args and payload.args[0] == "language":
                return "language", payload.args[1:], None
            return payload.action, payload.args, payload.version
        text = (update.text or "").strip()
        try:
            command = parse_command(text)
        except TooLong:
            raise Refused("error-too-long") from None
        except UnknownCommand as exc:
            raise Refused("error-unknown-command", command="/" + exc.word.lstrip("/")) from None
        if command is None:
            if text and _NOTATION_RE.match(text) and any(c.isdigit() for c in text):
                return "notation", (text,), None
            if update.private and text:
                raise Refused("app-not-understood")
            return "ignore", (), None
        return self._command_action(command)

    def _command_action(self, command: Command) -> tuple[str, tuple[Any, ...], int | None]:
        name, args = command.name, command.args
        if name == "move":
            if not args:
                raise _usage("move")
            return "move", (" ".join(args),), None
        if name == "settings" and args:
            key = SETTING_ALIASES.get(args[0].lower(), args[0].lower())
            if key == "language":
                return "language", tuple(a.lower() for a in args[1:2]), None
            if len(args) != 2:
                raise _usage("settings")
            return "setting", (key, args[1].lower()), None
        if name == "language":
            return "language", tuple(a.lower() for a in args[:1]), None
        return name, args, None

    # -- per-user actions -----------------------------------------------------------------------

    async def _user_action(self, ctx: _Ctx, action: str, args: tuple[Any, ...]) -> list[Reply]:
        if action == "help":
            return [SendText(self._help(ctx, args))]
        if action == "rules":
            return [SendText(ctx.tr("app-rules"))]
        if action == "stats":
            return [SendText(await self._stats_text(ctx))]
        # language
        if not args or args[0] not in LANGUAGES:
            raise_text = ctx.tr("error-unknown-language")
            return [self._refusal(ctx.update, raise_text)]
        lang = str(args[0])

        def fn(current: Versioned | None) -> bytes:
            data = _user_data(current)
            data["lang"] = lang
            return USER_CODEC.encode(data)

        await self.store.update_user(ctx.user.key, fn, update_id=ctx.update.update_id)
        self._remember_language(ctx.user, lang)
        text = t(lang, "settings-language", language=t(lang, "language-name"))
        return [Toast(text) if ctx.pressed else SendText(text)]

    def _help(self, ctx: _Ctx, args: tuple[Any, ...]) -> str:
        if args:
            word = str(args[0]).lstrip("/").lower()
            word = ALIASES.get(word, word)
            if word in COMMANDS:
                usage = t_attr(ctx.lang, f"help-{word}", "usage")
                return f"{usage}\n{ctx.tr(f'help-{word}')}"
            return ctx.tr("error-unknown-command", command="/" + word[:32])
        lines = [ctx.tr("help-title")]
        lines += [f"/{name} — {ctx.tr(f'help-{name}')}" for name in COMMANDS]
        lines.append(ctx.tr("help-footer"))
        return "\n".join(lines)

    async def _stats_text(self, ctx: _Ctx) -> str:
        record = await self.store.get_user(ctx.user.key)
        stats = _user_data(record).get("stats", {})
        if not stats:
            return ctx.tr("stats-none")
        return ctx.tr(
            "stats-line",
            player=ctx.user.name,
            games=int(stats.get("games", 0)),
            wins=int(stats.get("wins", 0)),
            gammons=int(stats.get("gammons", 0)),
            backgammons=int(stats.get("backgammons", 0)),
        )

    async def _record_stats(self, update: Update, ctx: _Ctx) -> None:
        for user, entry in ctx.finished:
            platform, _, uid = user.partition(":")
            if platform != update.user.platform:
                continue

            def fn(current: Versioned | None, entry: dict[str, Any] = entry) -> bytes:
                data = _user_data(current)
                stats = dict(data.get("stats", {}))
                for k, v in entry.items():
                    stats[k] = int(stats.get(k, 0)) + int(v)
                data["stats"] = stats
                return USER_CODEC.encode(data)

            key = User(platform, uid, "").key
            await self.store.update_user(key, fn, update_id=f"{update.update_id}:stats")

    # -- deciding -------------------------------------------------------------------------------

    def _decide(
        self,
        ctx: _Ctx,
        table: Table | None,
        action: str,
        args: tuple[Any, ...],
        version: int | None,
    ) -> Table | None:
        stale = table is None or table.version != version
        if version is not None and action != "setting" and stale:
            raise Refused("error-stale")
        if table is not None:
            ctx.names = {seat.user: seat.name for seat in table.seats}
        if action == "notation":
            # A bare play typed in a group is a move only from a player at the table.
            seated = table is not None and table.seat_of(ctx.user.ref) is not None
            if not seated and not ctx.update.private:
                return None
            action = "move"
        if action == "new":
            return self._new(ctx, table, args)
        if table is None or (table.stage == "over" and action not in STILL_ALLOWED):
            raise Refused("error-no-table")
        if action in INFO_ACTIONS:
            self._info(ctx, table, action)
            return None
        if action == "settings":
            ctx.replies.append(self._settings_message(ctx, table))
            return None
        if action == "setting":
            return self._setting(ctx, table, args)
        if action == "clock":
            return self._set_clock(ctx, table, args)
        if action in ("join", "invite", "leave", "start", "option", "abort", "cancel"):
            return self._lobby(ctx, table, action, args)
        if table.stage == "lobby":
            raise Refused("app-not-started")
        if table.mode == "chouette":
            from bot.app.chouette import decide_chouette

            return decide_chouette(self, ctx, table, action, args)
        if action in ("claim", "claim_match"):
            return self._claim(ctx, table, ("match",) if action == "claim_match" else args)
        return self._play(ctx, table, action, args)

    # -- new table and lobby --------------------------------------------------------------------

    def _new(self, ctx: _Ctx, table: Table | None, args: tuple[Any, ...]) -> Table:
        if table is not None and table.stage != "over":
            raise Refused("table-game-running")
        variant, mode, length = "backgammon", "match", 0
        prime_rule = False
        changes: dict[str, Any] = {}
        for raw in args:
            word = str(raw).lower()
            if word in VARIANT_WORDS:
                variant = VARIANT_WORDS[word]
            elif word == "money":
                mode = "money"
            elif word == "match":
                mode = "match"
            elif word == "chouette":
                mode = "chouette"
            elif word.isdigit():
                mode, length = "match", int(word)
            elif "=" in word:
                name, _, value = word.partition("=")
                if name == "koks":
                    changes["backgammon_counts"] = 3 if _option_value("cube", value) else 2
                elif name == "prime_rule":
                    prime_rule = bool(_option_value("cube", value))
                else:
                    changes[name] = _option_value(name, value)
            else:
                raise _usage("new")
        if mode == "match" and length == 0:
            length = 1 if variant == "long_nardy" else 5
        if not 1 <= length <= MAX_MATCH and mode == "match":
            raise Refused("app-bad-length", max=MAX_MATCH)
        if mode == "chouette" and variant != "backgammon":
            raise Refused("app-chouette-backgammon")
        if mode != "match":
            length = 0
        if prime_rule and variant == "long_nardy":
            variant = "long_nardy_home_prime"
        options = _options(variant, changes)
        seat = Seat(ctx.user.ref, ctx.user.name)
        new = Table(
            mode=mode,  # type: ignore[arg-type]
            variant=variant,
            creator=ctx.user.ref,
            length=length,
            options=options.to_dict(),
            seats=(seat,),
            settings=table.settings if table is not None else TableSettings(),
            version=(table.version + 1) if table is not None else 1,
            games=table.games if table is not None else 0,
        )
        ctx.replies.append(self._lobby_message(ctx, new))
        return new

    def _lobby_message(self, ctx: _Ctx, table: Table) -> SendText:
        v = table.version
        rows: list[tuple[Button, ...]] = [
            (
                Button(ctx.tr("button-join"), format_payload(Payload("join", (), v))),
                Button(ctx.tr("button-abort"), format_payload(Payload("cancel", (), v))),
            )
        ]
        if table.mode == "chouette":
            rows[0] = (
                *rows[0],
                Button(ctx.tr("button-start"), format_payload(Payload("start", (), v))),
            )
        options = Options.from_dict(table.options)
        toggles = [name for name in TOGGLES if _toggle_applies(table, name)]
        row: list[Button] = []
        for name in toggles:
            on = bool(getattr(options, name))
            state = ctx.tr("app-on" if on else "app-off")
            label = ctx.tr("app-button-option", option=name, state=state)
            row.append(
                Button(label, format_payload(Payload("option", (name, "off" if on else "on"), v)))
            )
        if row:
            rows.append(tuple(row[:3]))
            if row[3:]:
                rows.append(tuple(row[3:]))
        return SendText(view.lobby_text(ctx.tr, table), tuple(rows))

    def _lobby(self, ctx: _Ctx, table: Table, action: str, args: tuple[Any, ...]) -> Table | None:
        me = ctx.user.ref
        if action in ("abort", "cancel"):
            return self._abort(ctx, table)
        if action == "invite":
            return self._invite(ctx, table, args)
        if action == "join":
            return self._join(ctx, table)
        if action == "leave":
            return self._leave(ctx, table)
        if action == "option":
            if table.stage != "lobby":
                raise Refused("app-already-started")
            if me != table.creator:
                raise Refused("error-not-creator")
            name, value = str(args[0]), str(args[1]) if len(args) > 1 else ""
            if name not in TOGGLES or not _toggle_applies(table, name):
                raise Refused("app-unknown-option", option=name, options=", ".join(OPTION_NAMES))
            changed = dict(Options.from_dict(table.options).to_dict())
            changed[name] = value == "on"
            options = _options_from_dict(changed)
            new = table.bumped(options=options.to_dict())
            if ctx.update.message is not None:
                ctx.replies.append(ClearButtons(ctx.update.message))
            ctx.replies.append(self._lobby_message(ctx, new))
            return new
        # start
        if table.mode != "chouette":
            raise Refused("app-start-chouette-only")
        from bot.app.chouette import start_chouette

        return start_chouette(self, ctx, table)

    def _invite(self, ctx: _Ctx, table: Table, args: tuple[Any, ...]) -> Table:
        """``invite NAME``: at a two-player table waiting for its opponent the seat is kept for
        that user (for :data:`INVITE_HOLD` seconds, or until ``invite off``); elsewhere the
        invitation is announced."""
        me = ctx.user.ref
        if table.seat_of(me) is None:
            raise Refused("error-not-seated")
        if len(args) != 1:
            raise _usage("invite")
        word = str(args[0])[:64]
        if word.lower() in INVITE_OFF:
            if table.held is None or table.held[1] != me:
                raise _usage("invite")
            new = table.bumped(held=None)
            buttons = self._lobby_message(ctx, new).buttons if new.stage == "lobby" else ()
            ctx.replies.append(SendText(ctx.tr("app-invite-cancelled"), buttons))
            return new
        invitee = _invitee(word)
        if not invitee:
            raise _usage("invite")
        text = ctx.tr("table-invited", player=ctx.user.name, invitee=word)
        holding = table.mode != "chouette" and table.stage == "lobby" and len(table.seats) == 1
        if not holding:
            ctx.replies.append(SendText(text))
            return replace(table, invited=(*table.invited, word)[-8:])
        new = table.bumped(
            invited=(*table.invited, word)[-8:], held=(invitee, me, ctx.now + INVITE_HOLD)
        )
        text += "\n" + ctx.tr("table-seat-reserved", invitee=word)
        if ctx.update.message is not None:
            ctx.replies.append(ClearButtons(ctx.update.message))
        ctx.replies.append(SendText(text, self._lobby_message(ctx, new).buttons))
        return new

    def _join(self, ctx: _Ctx, table: Table) -> Table:
        me = ctx.user.ref
        if table.seat_of(me) is not None:
            raise Refused("error-already-seated")
        if table.mode == "chouette":
            if len(table.seats) >= MAX_SEATS_CHOUETTE:
                raise Refused("table-full")
            from bot.app.chouette import join_chouette

            return join_chouette(self, ctx, table)
        if table.stage != "lobby" or len(table.seats) >= 2:
            raise Refused("table-full")
        held = table.held
        if held is not None and ctx.now < held[2] and not _is_invitee(held[0], ctx.user):
            shown = next((w for w in reversed(table.invited) if _invitee(w) == held[0]), held[0])
            raise Refused("table-seat-reserved", invitee=shown)
        seats = (*table.seats, Seat(me, ctx.user.name))
        match = Match.new(table.length, table.variant, Options.from_dict(table.options))
        new = table.bumped(
            seats=seats, stage="play", match=match_data(match), abort_by=None, held=None
        )
        if ctx.update.message is not None:
            ctx.replies.append(ClearButtons(ctx.update.message))
        ctx.replies.append(
            SendText(
                ctx.tr("game-started", player=seats[0].name, opponent=seats[1].name)
                + "\n"
                + view.describe(ctx.tr, new)
            )
        )
        ctx.replies.append(self._send_board(ctx, new, match, ()))
        return new

    def _leave(self, ctx: _Ctx, table: Table) -> Table:
        me = ctx.user.ref
        seat = table.seat_of(me)
        if seat is None:
            raise Refused("error-not-seated")
        if table.mode == "chouette":
            from bot.app.chouette import leave_chouette

            return leave_chouette(self, ctx, table)
        if table.stage != "lobby":
            raise Refused("app-leave-playing")
        if me == table.creator:
            ctx.replies.append(SendText(ctx.tr("app-table-closed")))
            return table.bumped(stage="over", seats=())
        seats = tuple(s for s in table.seats if s.user != me)
        ctx.replies.append(SendText(ctx.tr("table-left", player=ctx.user.name)))
        return table.bumped(seats=seats)

    def _abort(self, ctx: _Ctx, table: Table) -> Table:
        me = ctx.user.ref
        seat = table.seat_of(me)
        if seat is None:
            raise Refused("error-not-seated")
        early = table.stage == "lobby" or (table.games == 0 and _not_rolled(table))
        if (early and me == table.creator) or table.abort_by not in (None, me):
            if ctx.update.message is not None:
                ctx.replies.append(ClearButtons(ctx.update.message))
            if table.board_message is not None and table.board_message != ctx.update.message:
                ctx.replies.append(ClearButtons(table.board_message))
            ctx.replies.append(SendText(ctx.tr("table-aborted")))
            return table.bumped(stage="over", abort_by=None, board_message=None)
        if table.abort_by == me:
            raise Refused("app-abort-pending")
        new = table.bumped(abort_by=me)
        button = Button(ctx.tr("button-abort"), format_payload(Payload("cancel", (), new.version)))
        text = ctx.tr("table-abort-requested", player=ctx.user.name)
        ctx.replies.append(SendText(text, ((button,),)))
        return new

    # -- two-player play ------------------------------------------------------------------------

    def _play(self, ctx: _Ctx, table: Table, action: str, args: tuple[Any, ...]) -> Table | None:
        match = table.state()
        seat = table.seat_of(ctx.user.ref)
        if seat is None:
            raise Refused("error-not-seated")
        game = match.game
        before_turn = game.turn
        building = action in ("step", "undo")
        match = match.with_game(self._game_action(game, seat, action, args))
        notes: list[str] = []
        if action == "roll" and before_turn is None:
            notes += view.opening_notes(ctx.tr, match.game, [s.name for s in table.seats])
        match, more = self._settle(ctx, table, match)
        notes += more
        new = self._with_match(ctx, table, match, abort_by=None)
        if match.game.turn == before_turn and building and not notes:
            ctx.replies.append(self._edit_or_send(ctx, new, match))
        else:
            self._turn_passed(ctx, table, new, match, notes)
        return new

    def _with_match(self, ctx: _Ctx, table: Table, match: Match, **changes: Any) -> Table:
        """The next version of ``table`` playing ``match``, with its clock.

        A money session folds its finished games into the table's ``carry`` and keeps only the
        current game, so that a long session does not grow the record (see :class:`Table`).
        """
        stage: Stage = "over" if match.is_over else "play"
        if table.mode == "money" and len(match.games) > 1:
            done = match.games[:-1]
            first, second = table.carry
            for game in done:
                a, b = game.award  # draws count too (half a point each in long nardy)
                first, second = first + a, second + b
            changes["carry"] = (first, second)
            changes["dropped"] = table.dropped + len(done)
            current = replace(match.game, score=(0, 0))
            match = Match(match.variant, match.length, match.options, (current,))
        new = table.bumped(match=match_data(match), stage=stage, **changes)
        return self._clocked(ctx, table, new, match)

    def _game_action(self, game: Game, seat: int, action: str, args: tuple[Any, ...]) -> Game:
        """The two-player game after ``seat``'s ``action`` (engine errors propagate)."""
        if action == "roll":
            return game.roll(seat, self.dice)
        if action == "double":
            return game.double(seat)
        if action == "take":
            return game.take(seat)
        if action == "pass":
            return game.pass_(seat)
        if action == "beaver":
            return game.beaver(seat)
        if action == "beaver_accept":
            return game.accept_beaver(seat)
        if action == "beaver_refuse":
            return game.refuse_beaver(seat)
        if action == "step":
            # The engine finds the step among the legal ones (and refuses it as not legal).
            if game.phase is not Phase.MOVE:
                raise Refused("error-step-not-legal")
            return game.add_step(seat, _step_points(args))
        if action == "undo":
            return game.undo(seat)
        if action == "confirm":
            return game.confirm(seat)
        if action == "move":
            return game.play(seat, str(args[0]))
        if action == "resign":
            kind = KIND_WORDS.get(str(args[0]).lower()) if args else WinKind.SINGLE
            if kind is None:
                raise _usage("resign")
            return game.offer_resign(seat, kind)
        if action == "accept":
            if game.resign is not None:
                return game.accept_resign(seat)
            if game.phase is Phase.BEAVERED:
                return game.accept_beaver(seat)
            return game.take(seat)
        if action == "resign_accept":
            return game.accept_resign(seat)
        if action in ("decline", "resign_decline"):
            return game.decline_resign(seat)
        if action in ("vote", "propose"):
            raise Refused("app-chouette-only")
        raise Refused("error-unknown-command", command=action)

    def _settle(self, ctx: _Ctx, table: Table, match: Match) -> tuple[Match, list[str]]:
        """Play what plays itself (forced plays, no-play turns, auto-rolls), end finished games
        and start the next one; the notes say what happened."""
        notes: list[str] = []
        for _ in range(64):
            game = match.game
            if game.is_over:
                notes.append(self._game_over(ctx, table, match))
                if match.is_over:
                    break
                was_crawford = game.crawford
                match = match.next_game()
                if match.game.crawford:
                    notes.append(ctx.tr("match-crawford"))
                elif was_crawford:
                    notes.append(ctx.tr("match-post-crawford"))
                continue
            if game.phase is Phase.MOVE and not game.steps and game.turn is not None:
                name = table.seats[game.turn].name
                if game.no_play:
                    assert game.dice is not None
                    dice = f"{game.dice[0]}-{game.dice[1]}"
                    notes.append(ctx.tr("event-no-play", player=name, dice=dice))
                    match = match.with_game(game.confirm(game.turn))
                    continue
                forced = game.forced_play
                if forced is not None:
                    assert game.dice is not None
                    dice = f"{game.dice[0]}-{game.dice[1]}"
                    notes.append(ctx.tr("event-rolled", player=name, dice=dice))
                    notes.append(ctx.tr("event-forced", play=forced.notation()))
                    match = match.with_game(game.play(game.turn, forced))
                    continue
            if (
                table.settings.auto_roll
                and game.phase is Phase.ROLL
                and game.turn is not None
                and game.resign is None
                and not game.may(_double_action(game.turn))
            ):
                match = match.with_game(game.roll(game.turn, self.dice))
                continue
            break
        return match, notes

    def _game_over(self, ctx: _Ctx, table: Table, match: Match) -> str:
        game = match.game
        result = game.result
        assert result is not None
        names = [s.name for s in table.seats]
        score = match.score
        line = view.result_text(ctx.tr, result, names)
        line += "\n" + view.score_text(ctx.tr, table, match, names)
        if match.is_over and match.winner is not None:
            w = match.winner
            line += "\n" + ctx.tr(
                "match-won",
                player=names[w],
                score=format_points(score[w]),
                opponent_score=format_points(score[1 - w]),
            )
        for i, seat in enumerate(table.seats):
            won = result.winner == i
            entry = {
                "games": 1,
                "wins": 1 if won else 0,
                "points": result.points if won else -result.points,
                "gammons": 1 if won and result.kind is WinKind.GAMMON else 0,
                "backgammons": 1 if won and result.kind is WinKind.BACKGAMMON else 0,
            }
            ctx.finished.append((seat.user, entry))
        return line

    def _turn_passed(
        self,
        ctx: _Ctx,
        old: Table,
        new: Table,
        match: Match,
        notes: list[str],
        *,
        closed: bool = False,
    ) -> None:
        for message in {ctx.update.message, old.board_message} - {None}:
            assert message is not None
            ctx.replies.append(ClearButtons(message))
        if match.is_over or closed:
            ctx.replies.append(SendText("\n".join(notes)))
            ctx.replies.append(self._send_board(ctx, new, match, ()))
            return
        ctx.replies.append(self._send_board(ctx, new, match, notes))

    def _send_board(
        self, ctx: _Ctx, table: Table, match: Match, notes: list[str] | tuple[str, ...]
    ) -> SendBoard:
        board = view.board_for(ctx.lang, table, match.game, [s.name for s in table.seats], match)
        caption = view.caption(
            ctx.tr, table, match.game, [s.name for s in table.seats], match, notes
        )
        playing = table.stage == "play" and not match.is_over
        buttons = self._buttons(ctx, table, match.game) if playing else ()
        return SendBoard(board, caption, buttons, table.version)

    def _edit_or_send(self, ctx: _Ctx, table: Table, match: Match) -> Reply:
        sent = self._send_board(ctx, table, match, ())
        if ctx.update.message is not None:
            return EditBoard(ctx.update.message, sent.board, sent.caption, sent.buttons)
        return sent

    def _buttons(self, ctx: _Ctx, table: Table, game: Game) -> Keyboard:
        v = table.version

        def b(label_id: str, action: str, *args: int | str, **params: Any) -> Button:
            return Button(ctx.tr(label_id, **params), format_payload(Payload(action, args, v)))

        if game.resign is not None:
            return ((b("button-accept", "resign_accept"), b("button-decline", "resign_decline")),)
        if game.phase is Phase.OPENING:
            return ((b("button-roll", "roll"),),)
        if game.phase is Phase.ROLL:
            row = [b("button-roll", "roll")]
            if game.turn is not None and game.may(_double_action(game.turn)):
                row.append(b("button-double", "double"))
            return (tuple(row),)
        if game.phase is Phase.DOUBLED:
            row = [b("button-take", "take"), b("button-pass", "pass")]
            if game.responder is not None and "beaver" in game.allowed(game.responder):
                row.append(b("button-beaver", "beaver"))
            return (tuple(row),)
        if game.phase is Phase.BEAVERED:
            return ((b("button-accept", "beaver_accept"), b("app-button-refuse", "beaver_refuse")),)
        if game.phase is Phase.MOVE:
            return view.step_keyboard(ctx.tr, game, v)
        return ()

    # -- the correspondence clock ----------------------------------------------------------------

    def _set_clock(self, ctx: _Ctx, table: Table, args: tuple[Any, ...]) -> Table:
        if table.seat_of(ctx.user.ref) is None:
            raise Refused("error-not-seated")
        if table.mode == "chouette":
            raise Refused("app-clock-two-players")
        seconds = _parse_clock(str(args[0]) if args else "")
        if seconds is None:
            raise Refused("error-bad-clock")
        new = replace(table, clock=seconds, deadline=None, reminded=False)
        if seconds:
            ctx.replies.append(SendText(ctx.tr("clock-set", duration=_duration(ctx.tr, seconds))))
        else:
            ctx.replies.append(SendText(ctx.tr("clock-off")))
        if table.stage == "play" and table.match is not None:
            new = self._clocked(ctx, new, new, table.state(), fresh=True)
        return new

    def _clocked(
        self, ctx: _Ctx, old: Table, new: Table, match: Match, *, fresh: bool = False
    ) -> Table:
        """``new`` with its deadline: a fresh one whenever another player must act."""
        actor = _actor(match) if new.stage == "play" and new.clock else None
        if actor is None:
            if new.deadline is None and not new.reminded:
                return new  # no clock: nothing to change
            return new.evolve(deadline=None, reminded=False)
        before = _actor(old.state()) if old.match is not None else None
        if before == actor and old.deadline is not None and not fresh:
            return new.evolve(deadline=old.deadline, reminded=old.reminded)
        return new.evolve(deadline=ctx.now + new.clock, reminded=False)

    def _claim(self, ctx: _Ctx, table: Table, args: tuple[Any, ...]) -> Table:
        """The opponent of a player whose move clock ran out takes the game, or (``claim
        match`` at a match table) the game and the match."""
        whole = bool(args) and str(args[0]).lower() == "match"
        if args and not whole and str(args[0]).lower() != "game":
            raise _usage("claim")
        seat = table.seat_of(ctx.user.ref)
        if seat is None:
            raise Refused("error-not-seated")
        if table.match is None or table.deadline is None:
            raise Refused("app-no-clock")
        if whole and table.mode != "match":
            raise _usage("claim")
        match = table.state()
        actor = _actor(match)
        if actor is None or actor == seat or ctx.now < table.deadline:
            raise Refused("error-clock-running")
        game = match.game
        if game.phase is Phase.DOUBLED:
            game = game.pass_(actor)
        elif game.phase is Phase.BEAVERED:
            game = game.refuse_beaver(actor)
        else:
            if game.resign is not None and game.resign.player == seat:
                game = game.decline_resign(actor)
            if game.resign is None:
                game = game.offer_resign(actor, WinKind.SINGLE)
            game = game.accept_resign(seat)
        match = match.with_game(game)
        name = table.seats[seat].name
        notes = [ctx.tr("clock-claimed", player=name, what="game")]
        if whole:
            notes.append(ctx.tr("clock-claimed", player=name, what="match"))
            # The match ends here: the game's result is counted, no next game is started.
            if match.game.is_over:
                notes.append(self._game_over(ctx, table, match))
            new = self._with_match(ctx, table, match, forfeit=seat)
            new = replace(new, stage="over", deadline=None, reminded=False)
            self._turn_passed(ctx, table, new, match, notes, closed=True)
            return new
        match, more = self._settle(ctx, table, match)
        new = self._with_match(ctx, table, match)
        self._turn_passed(ctx, table, new, match, notes + more)
        return new

    async def tick(
        self, now: float | None = None, *, platform: str | None = None
    ) -> list[tuple[TableKey, list[Reply]]]:
        """Serve the clocks that are due: reminders, then "time is up" notices.

        Adapters call this periodically (any process may: every event is applied once) and post
        each table's replies to its chat.  ``platform`` limits it to that platform's tables (the
        ones the calling adapter can post to); the others stay due for their own adapter.
        """
        moment = self.clock() if now is None else now
        out: list[tuple[TableKey, list[Reply]]] = []
        try:
            due_now = await self.store.due(moment, limit=TICK_BATCH)
        except StoreUnavailable:
            log.warning("store unavailable: clocks wait for the next tick")
            return out
        for due in due_now:
            if platform is not None and due.table.platform != platform:
                continue
            try:
                replies = await self._tick_table(due.table, due.when, moment)
            except StoreUnavailable:
                log.warning("store unavailable: clocks wait for the next tick")
                return out
            except Exception:
                log.exception("clock failed table=%s", due.table)
                continue
            if replies:
                out.append((due.table, replies))
        return out

    async def _tick_table(self, key: TableKey, when: float, now: float) -> list[Reply]:
        replies: list[Reply] = []
        pending: list[float] = []

        async def fn(current: Versioned | None) -> bytes | None:
            replies.clear()
            pending.clear()
            table = Table.decode(current.payload) if current is not None else None
            if table is None or table.deadline is None or table.match is None:
                return None
            actor = _actor(table.state())
            if actor is None:
                return None
            lang = table.lang or self.default_language
            names = [s.name for s in table.seats]
            if now >= table.deadline:
                replies.append(self._expired(table, lang, names, actor))
                new = replace(table, reminded=True)
            elif not table.reminded and now >= _wake_time(table):
                left = _duration(lambda i, **p: t(lang, i, **p), int(table.deadline - now))
                replies.append(SendText(t(lang, "clock-reminder", player=names[actor], left=left)))
                new = replace(table, reminded=True)
                pending.append(new.deadline or now)
            else:
                # Not due yet (an early hint): keep the table's own next event in the deadlines.
                pending.append(_wake_time(table))
                return None
            if pending:
                await self.store.set_deadline(key, pending[-1])  # before the write, as always
            return new.encode()

        result = await self.store.update(key, fn, update_id=f"clock:{when}")
        self._remember_record(key, result.record)
        if pending and result.status is UpdateStatus.UNCHANGED:
            await self.store.set_deadline(key, pending[-1])
        if not pending or pending[-1] != when:
            await self.store.clear_deadline(key, when)
        if result.status is not UpdateStatus.APPLIED:
            return []
        return list(replies)

    def _expired(self, table: Table, lang: str, names: list[str], actor: int) -> SendText:
        """The "time is up" notice with the claim buttons (game, and match at a match table)."""
        v = table.version
        game_button = Button(t(lang, "button-claim-game"), format_payload(Payload("claim", (), v)))
        if table.mode == "match":
            text = t(
                lang, "app-clock-expired-match", player=names[actor], opponent=names[1 - actor]
            )
            match_button = Button(
                t(lang, "button-claim-match"), format_payload(Payload("claim_match", (), v))
            )
            return SendText(text, ((game_button, match_button),))
        text = t(lang, "clock-expired", player=names[actor], opponent=names[1 - actor], what="game")
        return SendText(text, ((game_button,),))

    # -- information ----------------------------------------------------------------------------

    def _info(self, ctx: _Ctx, table: Table, action: str) -> None:
        if table.mode == "chouette":
            from bot.app.chouette import chouette_info

            chouette_info(self, ctx, table, action)
            return
        if table.match is None:
            ctx.replies.append(SendText(view.lobby_text(ctx.tr, table)))
            return
        match = table.state()
        names = [s.name for s in table.seats]
        if action == "board":
            ctx.replies.append(self._send_board(ctx, table, match, ()))
        elif action == "score":
            ctx.replies.append(SendText(view.score_text(ctx.tr, table, match, names)))
        elif action == "pips":
            ctx.replies.append(SendText(view.pips_text(ctx.tr, match.game, names)))
        else:
            ctx.replies.append(SendText(view.export_text(ctx.tr, match.game)))
            name = "match.mat"
            try:
                data = view.mat_file(match, names).encode()
            except EngineError as exc:
                ctx.replies.append(SendText(self._engine_text(ctx, exc)))
                return
            caption = ctx.tr("export-match-file", name=name)
            ctx.replies.append(SendFile(name, data, caption))

    # -- settings -------------------------------------------------------------------------------

    def _settings_message(self, ctx: _Ctx, table: Table) -> SendText:
        s = table.settings
        current = {
            "view": s.view,
            "home": s.home,
            "swap": "on" if s.swap else "off",
            "autoroll": "on" if s.auto_roll else "off",
            "language": ctx.lang,
        }
        rows = []
        for key, values in SETTING_VALUES.items():
            row = tuple(
                Button(
                    ("• " if current[key] == value else "") + self._setting_label(ctx, key, value),
                    format_payload(Payload("setting", (key, value), table.version)),
                )
                for value in values
            )
            rows.append(row)
        on, off = ctx.tr("app-on"), ctx.tr("app-off")
        text = "\n".join(
            [
                ctx.tr("settings-title"),
                ctx.tr("settings-board", style=s.view),
                ctx.tr("settings-home", side=s.home),
                ctx.tr("settings-swap-sides", value=on if s.swap else off),
                ctx.tr("settings-auto-roll", value=on if s.auto_roll else off),
                ctx.tr("settings-language", language=ctx.tr("language-name")),
            ]
        )
        return SendText(text, tuple(rows))

    def _setting_label(self, ctx: _Ctx, key: str, value: str) -> str:
        if key == "language":
            return ctx.tr(f"language-{value}")
        if key in ("swap", "autoroll"):
            return ctx.tr(f"app-setting-{key}", state=ctx.tr(f"app-{value}"))
        return ctx.tr(f"app-setting-{key}-{value}")

    def _setting(self, ctx: _Ctx, table: Table, args: tuple[Any, ...]) -> Table | None:
        if table.seat_of(ctx.user.ref) is None:
            raise Refused("error-not-seated")
        if len(args) != 2 or str(args[0]) not in SETTING_VALUES:
            raise _usage("settings")
        key, value = str(args[0]), str(args[1])
        if value not in SETTING_VALUES[key]:
            raise _usage("settings")
        s = table.settings
        if key == "view":
            s = replace(s, view="text" if value == "text" else "image")
        elif key == "home":
            s = replace(s, home="left" if value == "left" else "right")
        elif key == "swap":
            s = replace(s, swap=value == "on")
        else:
            s = replace(s, auto_roll=value == "on")
        if s == table.settings:
            raise Refused("app-setting-unchanged")
        new = replace(table, settings=s)
        text = ctx.tr("settings-saved")
        ctx.replies.append(Toast(text) if ctx.pressed else SendText(text))
        return new


# -- helpers --------------------------------------------------------------------------------------


def _actor(match: Match) -> int | None:
    """The player the game waits for (his clock runs), or ``None`` when it waits for nobody."""
    if match.is_over:
        return None
    game = match.game
    if game.is_over or game.turn is None:
        return None
    responder = game.responder
    return responder if responder is not None else game.turn


_MENTION_RE = re.compile(r"<@!?(\d+)>\Z")


def _invitee(word: str) -> str:
    """How an invited user is recognised: a mention (``<@123>``) gives the platform id, else the
    name without a leading ``@``, spaces and case."""
    found = _MENTION_RE.match(word.strip())
    if found is not None:
        return found.group(1)
    return "".join(word.strip().lstrip("@").split()).lower()


def _is_invitee(invitee: str, user: User) -> bool:
    """Whether ``user`` is the invited user: by platform id or by display name."""
    return invitee in (user.id, "".join(user.name.split()).lower())


def _wake(table: Table) -> float | None:
    """The table's next clock event, or ``None`` without a running clock."""
    return _wake_time(table) if table.deadline is not None else None


def _wake_time(table: Table) -> float:
    """When the table's clock next needs attention: the reminder, then the deadline."""
    assert table.deadline is not None
    if table.reminded:
        return table.deadline
    return table.deadline - table.clock * REMIND_BEFORE


_CLOCK_RE = re.compile(r"(\d{1,4})\s*([mhd]?)\Z")


def _parse_clock(text: str) -> int | None:
    """``off`` → 0; ``30m``, ``12h``, ``3d`` (a bare number is minutes) → seconds; else ``None``."""
    word = text.strip().lower()
    if word in ("off", "0", "no"):
        return 0
    found = _CLOCK_RE.match(word)
    if found is None or int(found.group(1)) == 0:
        return None
    unit = {"": 60, "m": 60, "h": 3600, "d": 86400}[found.group(2)]
    seconds = int(found.group(1)) * unit
    return seconds if seconds <= 90 * 86400 else None


def _duration(tr: Callable[..., str], seconds: int) -> str:
    """``2 hours``, ``3 days``, ``45 minutes``: the largest whole unit."""
    if seconds >= 86400 and seconds % 86400 == 0:
        return tr("duration-days", count=seconds // 86400)
    if seconds >= 3600:
        return tr("duration-hours", count=max(1, round(seconds / 3600)))
    return tr("duration-minutes", count=max(1, round(seconds / 60)))


def _usage(command: str) -> Refused:
    """The refusal that shows a command's usage."""
    return Refused("app-usage", command=command)


def _user_data(record: Versioned | None) -> dict[str, Any]:
    if record is None:
        return {}
    try:
        data = USER_CODEC.decode(record.payload)
    except CorruptRecord:
        return {}
    return dict(data) if isinstance(data, dict) else {}


def _double_action(player: int) -> Any:
    from engine.game import Action

    return Action("double", player)


def _not_rolled(table: Table) -> bool:
    if table.match is None:
        return True
    try:
        game = table.state().game
    except EngineError:
        return False
    return game.phase is Phase.OPENING


def _step_points(args: tuple[Any, ...]) -> tuple[int, int]:
    """The from and to points of a step button's arguments."""
    if len(args) != 2:
        raise Refused("error-bad-payload")
    return int(args[0]), int(args[1])


def _find_step(game: Game, args: tuple[Any, ...]) -> Step:
    if len(args) != 2:
        raise Refused("error-bad-payload")
    frm, to = int(args[0]), int(args[1])
    for step in game.next_steps():
        if step.frm == frm and step.to == to:
            return step
    raise Refused("error-step-not-legal")


def _option_value(name: str, value: str) -> Any:
    if name not in OPTION_NAMES:
        raise Refused("app-unknown-option", option=name[:32], options=", ".join(OPTION_NAMES))
    if value in ("on", "yes", "true", "1") and name not in (
        "cube_limit",
        "max_auto_doubles",
        "backgammon_counts",
    ):
        return True
    if value in ("off", "no", "false", "0") and name not in (
        "cube_limit",
        "max_auto_doubles",
        "backgammon_counts",
    ):
        return False
    if name in ("cube_limit", "max_auto_doubles", "backgammon_counts"):
        if not value.isdigit() or len(value) > 4:
            raise Refused("app-bad-option", option=name, value=value[:16])
        return int(value)
    if name == "draw_points" and value not in ("half", "one"):
        raise Refused("app-bad-option", option=name, value=value[:16])
    if name in ("cube_progression", "next_game_starts", "draw_points"):
        return value
    raise Refused("app-bad-option", option=name, value=value[:16])


def _options(variant: str, changes: dict[str, Any]) -> Options:
    base = find_variant(variant).default_options
    try:
        return replace(base, **changes)
    except (EngineError, TypeError, ValueError):
        raise Refused("app-bad-options") from None


def _options_from_dict(data: dict[str, Any]) -> Options:
    try:
        return Options.from_dict(data)
    except (EngineError, TypeError, ValueError):
        raise Refused("app-bad-options") from None


def _toggle_applies(table: Table, name: str) -> bool:
    if table.variant != "backgammon":
        return name == "cube"
    if table.mode == "match":
        return name in ("cube", "gammons_with_cube")
    return True
