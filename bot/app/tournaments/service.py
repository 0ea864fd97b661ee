"""Tournaments in a chat (:class:`Events`): the ``tournament`` command and its buttons, the
games each round creates, their places, the tick that keeps an event moving.

An event moves by itself: a result written into it (:mod:`bot.app.tournaments.ledger`) makes
it due at once in the clock's index, and its tick (any process's) pairs what is due, creates the
new games' tables, offers them a place (:class:`~bot.app.types.PlaceGames`), posts the pairings
once a round, edits the one standings message (at most once each :data:`STANDINGS_EVERY`
seconds: a Telegram group takes 20 messages a minute, whatever the field's size) and announces
the champion.  Each step is written into the event's record before it is shown, so a process
killed at any point loses nothing and repeats nothing: a game's table is created under a key of
its own, once (its id is the pairing's); what is handed out to be shown and never reported done
(a game's place, an announcement: the pairings, the champion) is handed out again
:data:`RETRY` seconds later, by the tick of any process (the one showing it may have stopped).

A game is an ordinary match table with the event named in it (``Table.event``): its opening
roll is made when it is created, so the clock runs from the pairing for whoever is to move;
its move clock never runs past the round's end, and when it runs out the player to act loses
the match on time (:meth:`Events.on_time`: nobody claims).  Its result reaches the event
through the table's pending results, like its rating.
"""

from __future__ import annotations

import hashlib
import io
import logging
import zipfile
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import Any

from bot.ai.worker import LEVEL_NAMES
from bot.app import fair, info
from bot.app.autoplay import ComputerTurns
from bot.app.command_parser import TooLong, UnknownCommand, parse_command
from bot.app.context import Context, Refused
from bot.app.history import MatchRecord
from bot.app.lobby import VARIANT_WORDS
from bot.app.options import option_value, variant_options
from bot.app.places import Places
from bot.app.positions import start_game
from bot.app.queries import GAME_INFO_COMMANDS, SEATED_COMMANDS
from bot.app.results import rating_game
from bot.app.standing import load_standing
from bot.app.table import (
    COMPUTER,
    EventGame,
    Lobby,
    MoveClock,
    Placement,
    Seat,
    Table,
    TableSettings,
    computer_level,
)
from bot.app.timing import actor, duration, parse_clock
from bot.app.tournaments import event as rules
from bot.app.tournaments import texts
from bot.app.tournaments.event import FORMATS, Format, Terms, Tournament
from bot.app.tournaments.keys import (
    current_key,
    event_key,
    event_of,
    game_key,
    is_event_game,
    valid_id,
)
from bot.app.tournaments.ledger import change, decode, encode, load
from bot.app.turn import game_use_case, turn_transition
from bot.app.types import (
    Announcement,
    GameToPlace,
    PlaceGames,
    Reply,
    SendFile,
    SendText,
    Standings,
    Toast,
    Update,
    User,
)
from bot.app.writer import TableWriter
from bot.i18n import t
from bot.store import (
    CorruptRecord,
    InvalidKey,
    SiblingKey,
    StoreUnavailable,
    TableKey,
    UpdateStatus,
    UserKey,
    Versioned,
)
from engine.errors import EngineError
from engine.game import ActionKind

log = logging.getLogger("bot.app.tournaments")

STANDINGS_EVERY = 20.0
"""Fewest seconds between two edits of an event's standings message (a new round, the end and
the start are shown at once)."""

RETRY = 120.0
"""Seconds after which a game offered a place and not placed, or an announcement handed out and
not reported posted, is handed out again (the process showing it may have stopped): longer than
a process takes to show them (a Telegram group takes 20 messages a minute).  The operator's
``TOURNAMENT_RETRY_SECONDS``."""


@dataclass(frozen=True)
class Limits:
    """The operator's limits (``TOURNAMENT_MAX_PLAYERS``, ``TOURNAMENT_MAX_ROUNDS``): the most
    players an event may take (``max=N`` up to it; it is also the default) and the most Swiss
    rounds."""

    players: int = 64
    rounds: int = 15


MAX_CYCLES = 4
"""The most cycles of a round-robin (``roundrobin 2 cycles``: everybody meets twice)."""

MAX_MINUTES = 24 * 60
"""The longest arena."""

MAX_LENGTH = 25
"""The longest match a tournament plays."""

PLAYING = "playing"
"""The name of the record, beside a user's, naming the tournament game he plays in private."""

FORMAT_WORDS: dict[str, Format] = {
    "swiss": "swiss",
    "knockout": "knockout",
    "ko": "knockout",
    "playoff": "knockout",
    "roundrobin": "roundrobin",
    "round-robin": "roundrobin",
    "rr": "roundrobin",
    "arena": "arena",
}

ORGANISER_WORDS = frozenset({"start", "close", "pause", "resume", "cancel", "remove", "add"})
"""``tournament`` words only the organiser (or a chat administrator) may say."""

EVENT_ACTIONS = frozenset({"tournament", "tjoin", "tleave", "tstart"})
"""The actions :meth:`Events.handle` answers."""

Act = Callable[[Update], Awaitable[list[Reply]]]
ContextFactory = Callable[[Update, str], Context]


def event_id_for(update: Update) -> str:
    """The id of the event ``update`` creates: the same for a redelivery of it (so it is
    created once)."""
    digest = hashlib.sha256(f"{update.table.tag}|{update.update_id}".encode()).hexdigest()
    return digest[:8]


def person(ref: str, name: str) -> User:
    """The user a seat's reference names (the computer's too)."""
    platform, _, uid = ref.partition(":")
    return User(platform, uid, name)


class Events:
    """The tournaments of every chat this app serves (see the module's docstring)."""

    def __init__(
        self,
        writer: TableWriter,
        places: Places,
        context: ContextFactory,
        default_language: str,
        turns: ComputerTurns | None = None,
    ) -> None:
        self.writer = writer
        self.turns = turns
        """The computer's turns: a placed game where it is to move first plays it at once."""
        self.store = writer.store
        self.places = places
        self.context = context
        self.default_language = default_language
        self.limits = Limits()
        """The operator's limits (set from the settings at start-up)."""
        self.retry = RETRY
        """See :data:`RETRY` (set from the settings at start-up)."""
        self.act: Act | None = None
        """How a game's loss on time is applied (``App.handle``: set by the app)."""

    # -- reading -------------------------------------------------------------------------------

    async def current(self, home: TableKey) -> Tournament | None:
        """The chat's current tournament (the last one created there)."""
        record = await self.store.load(current_key(home))
        if record is None:
            return None
        event_id = record.payload.decode(errors="replace")
        return await load(self.store, home.platform, event_id) if valid_id(event_id) else None

    async def games_of(self, home: TableKey) -> list[TableKey]:
        """Where the chat's current tournament's games in play are played (for the console)."""
        event = await self.current(home)
        if event is None:
            return []
        return [self._where(home.platform, event, g) for g in event.in_play]

    def _where(self, platform: str, event: Tournament, game: rules.EventGame) -> TableKey:
        if game.place is not None:
            try:
                return TableKey.from_tag(game.place)
            except InvalidKey:
                pass
        return game_key(platform, event.id, game.round, game.board)

    # -- the command and its buttons -----------------------------------------------------------

    async def handle(self, ctx: Context, action: str, args: tuple[Any, ...]) -> list[Reply]:
        """``tournament …`` typed, or a press of Join / Leave / Start."""
        home = ctx.update.table
        if is_event_game(home):
            raise Refused("tournament-not-here")
        if action == "tjoin":
            return await self._join(ctx, home)
        if action == "tleave":
            return await self._leave(ctx, home)
        if action == "tstart":
            return await self._organise(ctx, home, "start", ())
        words = [str(a).lower() for a in args]
        if not words:
            return await self._page(ctx, home, None)
        first = words[0]
        if first in FORMAT_WORDS:
            return await self._create(ctx, home, FORMAT_WORDS[first], words[1:])
        if first == "join":
            return await self._join(ctx, home)
        if first == "leave":
            return await self._leave(ctx, home)
        if first == "export":
            return await self._export(ctx, home)
        if first in ORGANISER_WORDS:
            return await self._organise(ctx, home, first, tuple(args[1:]))
        if valid_id(first):
            return await self._page(ctx, home, first)
        raise Refused("tournament-usage")

    async def _page(self, ctx: Context, home: TableKey, event_id: str | None) -> list[Reply]:
        event = (
            await self.current(home)
            if event_id is None
            else await load(self.store, home.platform, event_id)
        )
        if event is None or (event_id is not None and event.home != home.tag):
            raise Refused("tournament-none")
        text = texts.standings_text(ctx.tr, event, ctx.now, rows=10_000)
        if event.status == "signup":
            text = texts.signup_text(ctx.tr, event, ctx.now)
        return [SendText(text)]

    async def _create(
        self, ctx: Context, home: TableKey, fmt: Format, words: list[str]
    ) -> list[Reply]:
        if ctx.update.private:
            raise Refused("tournament-group-only")
        terms = parse_terms(fmt, words, ctx.now, self.limits)
        event_id = event_id_for(ctx.update)
        creator = ctx.user.ref
        event = Tournament(
            event_id, home.tag, creator, terms, ctx.now, lang=ctx.lang, frugal=ctx.update.frugal
        )

        async def point(current: Versioned | None) -> bytes | None:
            if current is not None:
                old_id = current.payload.decode(errors="replace")
                if old_id == event_id:
                    return None
                old = await load(self.store, home.platform, old_id) if valid_id(old_id) else None
                if old is not None and old.open:
                    raise Refused("tournament-running", id=old.id)
            return event_id.encode()

        await self.store.update(current_key(home), point, update_id=ctx.update.update_id)
        result = await self.store.update(
            event_key(home.platform, event_id),
            lambda current: encode(event) if current is None else None,
            update_id=ctx.update.update_id,
        )
        written = event if result.status is UpdateStatus.APPLIED else None
        if written is None:
            written = await load(self.store, home.platform, event_id)
            if written is None:
                raise Refused("tournament-none")
        return await self._after(home, written, ctx.now, force=True)

    async def _join(self, ctx: Context, home: TableKey) -> list[Reply]:
        event = await self._current_or_refuse(home)
        rating = await self._rating(ctx.user.ref, event)

        async def decide(current: Tournament) -> Tournament:
            return rules.join(current, ctx.user.ref, ctx.user.name, rating, ctx.now)

        written = await self._change(home, event, decide, ctx.update.update_id)
        count = len(written.active) if written is not None else len(event.active)
        replies: list[Reply] = [Toast(ctx.tr("tournament-joined", name=ctx.user.name, count=count))]
        if written is not None:
            replies += await self._after(home, written, ctx.now)
        return replies

    async def _leave(self, ctx: Context, home: TableKey) -> list[Reply]:
        event = await self._current_or_refuse(home)

        async def decide(current: Tournament) -> Tournament:
            return rules.leave(current, ctx.user.ref, ctx.now)

        written = await self._change(home, event, decide, ctx.update.update_id)
        replies: list[Reply] = [Toast(ctx.tr("tournament-left", name=ctx.user.name))]
        if written is not None:
            await self._close_decided(home.platform, written)
            replies += await self._after(home, written, ctx.now)
        return replies

    async def _organise(
        self, ctx: Context, home: TableKey, word: str, args: tuple[Any, ...]
    ) -> list[Reply]:
        event = await self._current_or_refuse(home)
        if ctx.user.ref != event.creator and not ctx.update.admin:
            raise Refused("tournament-organiser-only")
        note: list[Reply] = []

        async def decide(current: Tournament) -> Tournament:
            note.clear()
            if word in ("start", "close"):
                return rules.start(current, ctx.now)
            if word == "pause":
                if current.status != "running":
                    raise Refused("tournament-not-running")
                return current.bumped(status="paused")
            if word == "resume":
                if current.status != "paused":
                    raise Refused("tournament-not-paused")
                return current.bumped(status="running")
            if word == "cancel":
                if not current.open:
                    raise Refused("tournament-over")
                note.append(SendText(ctx.tr("tournament-cancelled", id=current.id)))
                return current.bumped(status="cancelled", deadline=None)
            if word == "remove":
                ref = _named(current, args)
                if ref is None:
                    raise Refused("tournament-no-such-player")
                note.append(SendText(ctx.tr("tournament-removed-note", name=current.name_of(ref))))
                return rules.leave(current, ref, ctx.now, removed=True)
            # "add computer [N] [level]": computer players fill the field (never rated)
            words = [str(a).lower() for a in args]
            if not words or words[0] not in ("computer", "bot"):
                raise Refused("tournament-usage")
            count = int(words[1]) if len(words) > 1 and words[1].isdigit() else 1
            level = next((w for w in words[1:] if not w.isdigit()), "beginner")
            if level not in LEVEL_NAMES:
                raise Refused("computer-bad-level", level=level[:24], levels=", ".join(LEVEL_NAMES))
            if not ctx.computer:
                raise Refused("computer-unavailable")
            if not 1 <= count <= current.terms.max_players:
                raise Refused("tournament-full", count=current.terms.max_players)
            filled = current
            for _ in range(count):
                number = 1 + sum(1 for e in filled.entries if computer_level(e.ref) is not None)
                name = ctx.tr("tournament-computer-name", level=level, number=number)
                ref = f"{COMPUTER}:{level}.{number}"
                filled = rules.join(filled, ref, name, 1500.0, ctx.now)
            note.append(SendText(ctx.tr("tournament-computers-in", count=count,
                                        players=len(filled.active))))  # fmt: skip
            return filled

        written = await self._change(home, event, decide, ctx.update.update_id)
        if written is None:
            return note
        await self._close_decided(home.platform, written)
        return note + await self._after(home, written, ctx.now, force=word != "add")

    async def _close_decided(self, platform: str, event: Tournament) -> None:
        """Close the tables of games decided without being played out (a player left or was
        removed: lost by forfeit) and, once the event is cancelled, of every game in play: a
        press on their boards is then answered that the game is over."""
        for game in event.games:
            forfeited = game.result is not None and game.result.forfeit
            if not forfeited and event.status != "cancelled":
                continue
            key = self._where(platform, event, game)

            def fn(current: Versioned | None) -> bytes | None:
                table = Table.decode(current.payload) if current is not None else None
                if table is None or table.stage != "play" or table.event is None:
                    return None
                closed = table.bumped(stage="over", place=replace(table.place, board_message=None))
                return closed.with_deadline(None).encode()

            try:
                await self.writer.write(key, fn)
                await self.store.clear_deadline(key)
            except StoreUnavailable:
                log.warning("tournament game not closed game=%s", key)

    async def _export(self, ctx: Context, home: TableKey) -> list[Reply]:
        """Every finished game of the chat's current event as ``.mat`` files in one archive."""
        event = await self._current_or_refuse(home)
        buffer = io.BytesIO()
        count = 0
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            for game in event.games:
                record = await self._match_record(event, game)
                if record is None:
                    continue
                try:
                    text = record.mat()
                except EngineError:
                    continue
                a, b = (event.name_of(p) for p in game.players)
                name = f"round{game.round}-board{game.board}-{_file_word(a)}-{_file_word(b)}.mat"
                archive.writestr(name, text)
                count += 1
        if not count:
            raise Refused("tournament-nothing-to-export")
        name = f"tournament-{event.id}.zip"
        caption = ctx.tr("tournament-export", count=count, name=name)
        return [SendFile(name, buffer.getvalue(), caption)]

    async def _match_record(self, event: Tournament, game: rules.EventGame) -> MatchRecord | None:
        if game.match_id is None:
            return None
        for ref in game.players:
            platform, _, uid = ref.partition(":")
            if platform == COMPUTER:
                continue
            try:
                payload = await self.store.history_entry(UserKey(platform, uid), game.match_id)
            except InvalidKey:
                continue
            if payload is None:
                continue
            try:
                return MatchRecord.from_bytes(payload, game.match_id)
            except CorruptRecord:
                continue
        return None

    async def _current_or_refuse(self, home: TableKey) -> Tournament:
        event = await self.current(home)
        if event is None:
            raise Refused("tournament-none")
        return event

    async def _rating(self, ref: str, event: Tournament) -> float:
        platform, _, uid = ref.partition(":")
        try:
            standing = await load_standing(self.store, UserKey(platform, uid))
        except (InvalidKey, CorruptRecord):
            return 1500.0
        return float(standing.rating(rating_game(event.terms.variant)).rating)

    async def _change(
        self,
        home: TableKey,
        event: Tournament,
        decide: Callable[[Tournament], Awaitable[Tournament]],
        update_id: str | None,
    ) -> Tournament | None:
        result, written = await change(
            self.store, home.platform, event.id, decide, update_id=update_id
        )
        if result.status is UpdateStatus.DUPLICATE:
            raise Refused("app-already-done")
        return written

    # -- what follows a change -----------------------------------------------------------------

    async def _after(
        self, home: TableKey, event: Tournament, now: float, *, force: bool = False
    ) -> list[Reply]:
        """What follows a change of the event: what is due now done and shown (see
        :meth:`_advance`); with ``force`` the standings are shown at once."""
        replies, _ = await self._advance(home, event.id, now, force=force)
        return replies

    async def _advance(
        self, home: TableKey, event_id: str, now: float, *, force: bool = False
    ) -> tuple[list[Reply], float | None]:
        """Do what is due in the event now, in one write: a start at its hour, the next round
        (or the arena's next pairings), the places to offer, the pairings and the champion to
        announce, the standings to show (again with an announcement handed out again: a process
        that stopped before showing it may not have shown them either).  Then create the new
        games' tables.  The replies for the event's chat, and when the event is next due
        (``None``: never)."""
        lang_of: list[str] = []
        out: list[Reply] = []
        created: list[rules.EventGame] = []
        nxt: list[float | None] = [None]

        async def decide(event: Tournament) -> Tournament:
            out.clear()
            created.clear()
            lang = event.lang or self.default_language
            lang_of[:] = [lang]

            def tr(message: str, **params: Any) -> str:
                return t(lang, message, **params)

            new = event
            loud = force
            starts = new.terms.starts_at
            if new.status == "signup" and starts is not None and now >= starts:
                try:
                    new = rules.start(new, now)
                except Refused:
                    new = new.bumped(status="cancelled")
                    out.append(SendText(tr("tournament-too-few-cancelled", id=new.id)))
                loud = True
            before = new.round
            new, _ = rules.pair(new, now)
            # A new round is shown at once; an arena's pairings never stop (one each game's
            # end): its standings wait their turn like a result's.
            new_round = new.round != before and new.terms.format != "arena"
            if new_round or new.status != event.status:
                loud = True
            if new.announcement != event.announcement:
                new = replace(new, announcing=0.0)  # another announcement due: not handed out
            step = new.announcement
            again = False
            free = not new.announcing or now - new.announcing >= self.retry
            if step is not None and step > new.announced and free:
                again = bool(new.announcing)  # handed out before, never reported posted
                out.append(announcement(tr, new, step))
                new = replace(new, announcing=now)
            offers: list[GameToPlace] = []
            placed_games = []
            for game in new.games:
                stale = game.offered == 0 or now - game.offered >= self.retry
                if game.result is None and game.place is None and stale:
                    a, b = (new.name_of(p) for p in game.players)
                    title = tr("tournament-game-title", first=a, second=b, round=game.round,
                               board=game.board)  # fmt: skip
                    key = game_key(home.platform, new.id, game.round, game.board)
                    offers.append(GameToPlace(key, title[:100], game.players))
                    placed_games.append(replace(game, offered=now))
                else:
                    placed_games.append(game)
            if offers:
                new = replace(new, games=tuple(placed_games))
                created[:] = [g for g in new.games if g.offered == now and g.place is None]
            shown_due = new.shown_at + STANDINGS_EVERY
            if (new.version != new.shown and (loud or now >= shown_due)) or again:
                text, buttons = texts.message(tr, new, now)
                out.insert(0, Standings(new.id, text, buttons, new.standings))
                new = replace(new, shown=new.version, shown_at=now)
            if offers:
                out.append(PlaceGames(tuple(offers)))
            nxt[0] = _next_due(new, now, self.retry)
            if nxt[0] is not None:  # in the index before the write that needs it
                await self.store.set_deadline(event_key(home.platform, new.id), nxt[0])
            return new

        result, written = await change(self.store, home.platform, event_id, decide)
        if written is None:
            due = (
                None if result.record is None else _next_due(decode(result.record), now, self.retry)
            )
            return [], due
        lang = lang_of[0] if lang_of else self.default_language
        for game in created:
            await self._create_game(home, written, game, now, lang)
        return out, nxt[0]

    async def _create_game(
        self, home: TableKey, event: Tournament, game: rules.EventGame, now: float, lang: str
    ) -> None:
        """The game's table, created once under its own key: both seated, the opening roll
        made (the clock runs for whoever is to move); and each person's private pointer."""
        key = game_key(home.platform, event.id, game.round, game.board)
        if await self.store.load(key) is not None:
            return  # made already (offered again): its clock stays as it runs
        first, second = game.players
        seats = (Seat(first, event.name_of(first)), Seat(second, event.name_of(second)))
        update = Update(key, person(first, seats[0].name), f"pair:{event.id}:{game.label}")
        ctx = self.context(update, lang)
        ctx.names = {s.user: s.name for s in seats}
        terms = event.terms
        options = variant_options(terms.variant, dict(terms.options))
        deadline = event.deadline if event.deadline is not None else now + terms.round_seconds
        table = Table(
            mode="match",
            variant=terms.variant,
            creator=event.creator,
            length=terms.length,
            options=options.to_dict(),
            settings=TableSettings(ratings=terms.rated),
            version=1,
            lang=lang,
            clock=MoveClock(seconds=terms.clock),
            lobby=Lobby(hints=False),  # no advice in a tournament game, against anyone
            place=Placement(frugal=event.frugal),
            event=EventGame(event.id, home.tag, game.round, game.board, deadline),
        )
        try:
            table = fair.open_table(ctx, table)
            table = fair.keep(ctx, start_game(ctx, table, seats))
            fair.load(ctx, table)
            rolled = game_use_case(turn_transition)(ctx, table, ActionKind.ROLL, ())
            if rolled is not None:
                table = fair.keep(ctx, rolled)
        except (Refused, EngineError):
            log.exception("tournament game not created event=%s game=%s", event.id, game.label)
            return
        table = table.evolve(place=replace(table.place, notes=()))
        payload = table.encode()
        due = self.writer.deadline_of(table)
        if due is not None:
            await self.store.set_deadline(key, due)
        made = await self.store.update(
            key, lambda current: payload if current is None else None, update_id=update.update_id
        )
        await self.writer.announce(key, made)
        for ref in game.players:
            platform, _, uid = ref.partition(":")
            if platform == home.platform:
                try:
                    pointer = SiblingKey(UserKey(platform, uid), PLAYING)
                except InvalidKey:
                    continue
                await self.store.update(pointer, lambda _c: key.tag.encode())

    # -- the tick --------------------------------------------------------------------------------

    async def tick(self, key: TableKey, when: float, now: float) -> tuple[TableKey, list[Reply]]:
        """The event at ``key`` is due: what is due done (see :meth:`_advance`); the event's
        chat and what to post there."""
        event = await load(self.store, key.platform, event_of(key))
        if event is None:
            await self.store.clear_deadline(key, when)
            return key, []
        home = TableKey.from_tag(event.home)
        replies, due = await self._advance(home, event.id, now)
        if due is not None:
            await self.store.set_deadline(key, due)
        if due is None or due != when:
            await self.store.clear_deadline(key, when)
        return home, replies

    async def on_time(self, key: TableKey, table: Table, when: float) -> list[Reply]:
        """A tournament game's clock ran out: the player to act loses the match on time, by the
        event's rule (his opponent's claim, made for him).  The replies for the game's chat."""
        if self.act is None or table.match is None:
            return []
        late = actor(table.state())
        if late is None:
            return []
        claimer = table.seats[1 - late]
        update = Update(key, person(claimer.user, claimer.name), f"time:{key.tag}:{when}",
                        text="/claim match")  # fmt: skip
        return await self.act(update)

    # -- places ----------------------------------------------------------------------------------

    async def place_game(self, src: TableKey, dst: TableKey) -> list[Reply]:
        """See ``App.place_game``."""
        if not is_event_game(src):
            return []
        if dst != src:
            moved = await self.places.move_table(src, dst)
        else:
            moved = await self.places.keep_table(src)
        table = moved
        if table is None:
            # Placed already: by another process, or by one that stopped before it wrote the
            # place into the event, so that its opening was never shown: it is shown here,
            # by whoever records the place.
            table = await self.writer.load(dst)
            if table is None or table.stage != "play" or table.event is None:
                return []
            ev = table.event
            if game_key(src.platform, ev.event, ev.round, ev.board) != src:
                return []
        if table.event is None:
            return []
        if self.turns is not None:
            self.turns.written(dst, table)  # the computer's first move follows the opening
        ev = table.event
        home = TableKey.from_tag(ev.home)

        async def decide(event: Tournament) -> Tournament:
            return rules.placed(event, ev.round, ev.board, dst.tag)

        try:
            _, written = await change(self.store, home.platform, ev.event, decide)
        except StoreUnavailable:
            log.warning("tournament game's place not recorded game=%s", dst)
            return [] if moved is None else await self.opening(dst, table)
        if written is None:
            event = await load(self.store, home.platform, ev.event)
            game = None if event is None else event.game(ev.round, ev.board)
            if moved is None or (game is not None and game.place == dst.tag):
                return []  # recorded (and shown) by another process
        return await self.opening(dst, table)

    async def opening(self, key: TableKey, table: Table) -> list[Reply]:
        """A game's first messages in its place: who plays whom in which round, until when,
        and the board."""
        assert table.event is not None
        lang = table.lang or self.default_language
        first, second = table.seats
        ctx = self.context(Update(key, person(first.user, first.name), "opening"), lang)
        ctx.names = {s.user: s.name for s in table.seats}
        left = max(60, int(table.event.deadline - ctx.now))
        line = ctx.tr(
            "tournament-game-opening",
            first=first.name,
            second=second.name,
            round=table.event.round,
            board=table.event.board,
            length=table.length,
            clock=duration(ctx.tr, table.clock.seconds),
            time=duration(ctx.tr, left),
        )
        try:
            info.show(ctx, table, "board", ())
        except (Refused, EngineError):
            log.exception("tournament game's board not drawn game=%s", key)
        return [SendText(line), *ctx.replies]

    async def announcement_posted(self, home: TableKey, event_id: str, step: int) -> None:
        """Announcement ``step`` of the event
        (:attr:`~bot.app.tournaments.event.Tournament.announcement`) was posted, or its chat
        refused it (the delivery loop says so): it is not handed out again.  When the store
        fails here, it is, later: shown twice rather than lost."""

        async def decide(event: Tournament) -> Tournament:
            return replace(event, announced=max(event.announced, step))

        try:
            await change(self.store, home.platform, event_id, decide)
        except StoreUnavailable:
            log.warning("announcement not recorded event=%s step=%d", event_id, step)

    async def standings_posted(self, home: TableKey, event_id: str, message: str) -> None:
        """See ``App.standings_posted``."""

        async def decide(event: Tournament) -> Tournament:
            return replace(event, standings=message)

        try:
            await change(self.store, home.platform, event_id, decide)
        except StoreUnavailable:
            log.warning("standings message not recorded event=%s", event_id)

    # -- private chats -------------------------------------------------------------------------

    async def route(self, update: Update) -> TableKey:
        """See ``App.route``."""
        if not update.private or update.text is None:
            return update.table
        try:
            command = parse_command(update.text.strip())
        except (TooLong, UnknownCommand):
            return update.table
        name = command.name if command is not None else "notation"
        if command is None and not any(c.isdigit() for c in update.text):
            return update.table
        if name not in SEATED_COMMANDS | GAME_INFO_COMMANDS | {"notation"}:
            return update.table
        own = await self.writer.load(update.table)
        if own is not None and own.stage == "play":
            return update.table
        return await self.playing(update.user) or update.table

    async def playing(self, user: User) -> TableKey | None:
        """The tournament game ``user`` plays where it is stored (his private chat), if one is
        in play."""
        try:
            record = await self.store.load(SiblingKey(user.key, PLAYING))
        except InvalidKey:
            return None
        if record is None:
            return None
        try:
            key = TableKey.from_tag(record.payload.decode(errors="replace"))
        except InvalidKey:
            return None
        if not is_event_game(key):
            return None
        table = await self.writer.load(key)
        if table is None or table.stage != "play" or table.seat_of(user.ref) is None:
            return None
        return key


def announcement(tr: texts.Tr, event: Tournament, step: int) -> Announcement:
    """Announcement ``step`` of the event (:attr:`Tournament.announcement`): the pairings of
    that round, or the end (the champion)."""
    if step <= event.round:
        games = [g for g in event.games if g.round == step]
        text = texts.pairings_text(tr, event, games, texts.byes_of(event))
    else:
        champion = texts.champion_of(event)
        if champion is not None:
            text = tr("tournament-champion", name=event.name_of(champion), id=event.id)
        else:
            text = tr("tournament-status-over")
    return Announcement(text, event=event.id, step=step)


def _next_due(event: Tournament | None, now: float, retry: float) -> float | None:
    """When the event needs its tick next: its start, the standings still to show, a place
    or an announcement still to hand out again, the arena's end (``None``: nothing ahead)."""
    if event is None:
        return None
    step = event.announcement
    unannounced = step is not None and step > event.announced
    if not event.open and event.version == event.shown and not unannounced:
        return None
    times: list[float] = []
    if unannounced:
        times.append(event.announcing + retry if event.announcing else now)
    if event.status == "signup" and event.terms.starts_at is not None:
        times.append(event.terms.starts_at)
    if event.version != event.shown:
        times.append(max(now, event.shown_at + STANDINGS_EVERY))
    for game in event.in_play:
        if game.place is None and game.offered:
            times.append(game.offered + retry)
    if event.terms.format == "arena" and event.status == "running" and event.plan is not None:
        ends = event.arena().ends_at
        times.append(ends if now < ends else now + 60.0)
    if event.status == "running" and event.deadline is not None and event.in_play:
        times.append(event.deadline + 120.0)  # a check that the round's games ended
    future = [x for x in times if x >= now - 1]
    return min(future) if future else None


def _named(event: Tournament, args: tuple[Any, ...]) -> str | None:
    """The player of ``event`` named by ``args`` (his name as signed up, or his reference)."""
    wanted = " ".join(str(a) for a in args).strip().lstrip("@").casefold()
    if not wanted:
        return None
    for entry in event.entries:
        if entry.out is None and wanted in (entry.name.casefold(), entry.ref.casefold()):
            return entry.ref
    return None


def _file_word(name: str) -> str:
    word = "".join(c if c.isalnum() else "_" for c in name)[:24]
    return word or "player"


def parse_terms(fmt: Format, words: list[str], now: float, limits: Limits | None = None) -> Terms:
    """The terms of ``tournament FORMAT …``: ``5 rounds``, ``7`` (points: a match's length),
    ``nardy``, ``60 minutes`` (an arena), ``clock=1d``, ``round=3d``, ``max=32``,
    ``unrated``, ``in=2h`` (starts by itself), table options as for ``new``."""
    variant = "backgammon"
    length: int | None = None
    rounds = 0
    minutes = 0
    clock: int | None = None
    round_seconds: int | None = None
    limits = limits or Limits()
    most = limits.players
    rated = True
    starts: float | None = None
    changes: dict[str, Any] = {}
    number: int | None = None
    for word in words:
        if word in VARIANT_WORDS:
            variant = VARIANT_WORDS[word]
        elif word.isascii() and word.isdigit():
            number = int(word)
            length = number if length is None else length
        elif word in ("round", "rounds", "cycle", "cycles", "double", "x2"):
            if number is None:
                raise Refused("tournament-usage")
            rounds, length = number, None if length == number else length
            number = None
        elif word in ("minute", "minutes", "min", "m", "hour", "hours", "h"):
            if number is None:
                raise Refused("tournament-usage")
            minutes = number * (60 if word.startswith("h") else 1)
            length = None if length == number else length
            number = None
        elif word in ("unrated", "friendly"):
            rated = False
        elif word == "rated":
            rated = True
        elif word == "money":
            raise Refused("tournament-no-money")
        elif "=" in word:
            name, _, value = word.partition("=")
            if name == "clock":
                clock = parse_clock(value)
                if not clock:
                    raise Refused("error-bad-clock")
            elif name in ("round", "deadline"):
                round_seconds = parse_clock(value)
                if not round_seconds:
                    raise Refused("error-bad-clock")
            elif name in ("max", "players"):
                if not value.isdigit() or not 2 <= int(value) <= limits.players:
                    raise Refused("tournament-bad-max", most=limits.players)
                most = int(value)
            elif name == "in":
                delay = parse_clock(value)
                if not delay:
                    raise Refused("error-bad-clock")
                starts = now + delay
            elif name == "length":
                if not value.isdigit():
                    raise Refused("tournament-usage")
                length = int(value)
            elif name == "rounds":
                if not value.isdigit():
                    raise Refused("tournament-usage")
                rounds = int(value)
            else:
                changes[name] = option_value(name, value)
        else:
            raise Refused("tournament-usage")
    if fmt == "arena" and not minutes:
        minutes = 60
    if length is None:
        length = 1 if fmt == "arena" or variant.startswith("long_nardy") else 3
    if not 1 <= length <= MAX_LENGTH:
        raise Refused("app-bad-length", max=MAX_LENGTH)
    if fmt == "swiss" and rounds > limits.rounds:
        raise Refused("tournament-bad-rounds", most=limits.rounds)
    if fmt == "roundrobin":
        rounds = min(max(1, rounds), MAX_CYCLES)
    if minutes > MAX_MINUTES:
        raise Refused("tournament-bad-minutes", most=MAX_MINUTES)
    if clock is None:
        clock = 120 if fmt == "arena" else 86400
    if round_seconds is None:
        round_seconds = max(3 * 86400, clock * 2) if clock >= 3600 else max(1800, clock * 15)
    try:
        options = variant_options(variant, changes)
    except (Refused, EngineError, ValueError) as exc:
        raise Refused("tournament-usage") from exc
    return Terms(fmt, variant, length, options.to_dict(), clock, round_seconds, rounds, minutes,
                 most, rated, starts)  # fmt: skip


__all__ = ["EVENT_ACTIONS", "FORMATS", "Events", "Limits", "parse_terms"]
