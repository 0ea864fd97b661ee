"""The console chat: the app in a terminal, for playing at once with no platform token.

Lines typed at the prompt go to the app as chat messages (``roll``, ``move 24/18 13/11``, ``help``
…); the buttons of the last board are numbered and typing the number presses one.  By default
you play White against the computer at level ``strong`` (GNU Backgammon's nets for backgammon,
the project's own player for long nardy): every ``new`` seats it (``new 7 expert``, ``new nardy
beginner``: another level).  ``--hotseat`` seats two people at one keyboard instead, and
``--players Ann,Bob,Cid`` any number (three or more play a chouette); so does a bot with the
computer switched off (``AI_ENABLED=false``).  At a hot seat each line is sent by whoever must
act now; ``Bob: take`` sends it as Bob.

A tournament is a local event among the names at the keyboard, computer players filling the
field: ``tournament swiss 3 rounds`` opens it at the console's own table, ``Ann: tournament
join`` signs Ann up, ``fill 2`` (the organiser's line) adds two computer players at ``beginner``
(``fill 2 strong``: another level), ``tournament start`` pairs the first round.  Each game is
played on this terminal: the computer's turns and the games among computers play by themselves,
and the typed lines go to the game where someone at the keyboard must act ("Game 1.2: Ann —
Bob"), one game after another; when no game waits for anyone here (the event is over) the
console is back at its own table.

The board is GNU Backgammon's classic one (points 13-24 across the top, 12-1 across the bottom,
the bar in the middle, the Position and Match IDs beside it) on a terminal of 80 columns or
more, the compact quarter-turned one on a narrower one; ``settings board classic`` or
``settings board compact`` switches.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import getpass
import itertools
import logging
import re
import secrets
import shutil
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal, TextIO

from bot.ai.worker import LEVEL_NAMES
from bot.app import App, Attachment, Button, Reply, Update, User, fair
from bot.app.delivery import Delivery
from bot.app.imports import MAX_FILE_BYTES
from bot.app.payload import InvalidPayload, parse_payload
from bot.app.queries import TableFacts
from bot.app.types import (
    Board,
    ClearButtons,
    EditBoard,
    EditProgress,
    GameToPlace,
    Keyboard,
    Progress,
    SendBoard,
    SendFile,
    SendText,
    Toast,
)
from bot.i18n import LANGUAGES, t
from bot.store import CorruptRecord, StoreUnavailable, TableKey
from renderers.text import WIDE_WIDTH, render_text

log = logging.getLogger("bot.console")

TABLE = TableKey("console", "local")
"""The one table of the console chat."""

QUIT_WORDS = frozenset({"quit", "exit", "/quit", "/exit"})

EVENT_WORD = "tournament"
"""The command of a tournament, whose lines always go to the console's own table (its home)."""

MAX_FILL = 64
"""The most computer players one ``fill`` line adds."""

FOLLOW_STEPS = 1000
"""The most steps one look at the tournament takes (each: the computer's turns played in its
games, then the tick; a whole event takes a few per round)."""

CLASSIC_COLUMNS = 80
"""The narrowest terminal that shows the classic board."""

Layout = Literal["wide", "narrow"]
LAYOUT_WORDS: dict[str, Layout] = {"classic": "wide", "wide": "wide", "compact": "narrow"}
LAYOUT_WORDS["narrow"] = "narrow"

_COMPUTER_WORDS = frozenset({"bot", "computer", "ai", "chouette", *LEVEL_NAMES})
"""Words of ``new`` that already say who plays (a level, or a chouette of people)."""


@dataclass(frozen=True)
class _At:
    """In a batch: the replies that follow are of this table (the console's own, or a
    tournament game's)."""

    table: TableKey


Shown = Reply | str | _At
"""What a batch prints: the app's replies, and lines of the console's own."""


def default_layout() -> Layout:
    """The classic board on a terminal of :data:`CLASSIC_COLUMNS` or more, else the compact one."""
    columns = shutil.get_terminal_size((CLASSIC_COLUMNS, 24)).columns
    return "wide" if columns >= CLASSIC_COLUMNS else "narrow"


@dataclass
class Console:
    """A terminal chat with one table and its local users.

    ``opponent`` is ``"bot"`` (the app's computer, at the level ``new`` names) or
    ``"hotseat"`` (also what ``"bot"`` becomes when the app has no computer); ``players`` names
    the people at a hot seat (the first is you); ``out``/``inp`` are the terminal streams;
    ``layout`` the text board (``None``: by the terminal's width).  ``table`` is where typed
    lines go: the console's own table, or the tournament game where someone here must act.
    """

    app: App
    inp: TextIO = field(default_factory=lambda: sys.stdin)
    out: TextIO = field(default_factory=lambda: sys.stdout)
    opponent: str = "bot"
    language: str = "en"
    new_args: str = "new"
    export_dir: Path = field(default_factory=Path.cwd)
    players: Sequence[str] = ()
    layout: Layout | None = None
    tick_seconds: float = 5.0
    """Seconds between two looks at the move clock (``clock`` at the table)."""
    buttons: list[Button] = field(default_factory=list)
    table: TableKey = TABLE
    buttons_at: TableKey = TABLE
    """The table the numbered buttons act at."""
    _shown_at: TableKey = TABLE
    """The table whose replies were printed last (a game's are headed by its name)."""
    _ids: itertools.count[int] = field(default_factory=itertools.count)
    # update and message ids are unique per run: a table kept in Redis outlives the process,
    # and an id the last run used would be taken for a redelivery and dropped
    _run: str = field(default_factory=lambda: secrets.token_hex(4))

    def __post_init__(self) -> None:
        self.delivery = Delivery(self.app)
        self._turn = asyncio.Lock()
        if self.layout is None:
            self.layout = default_layout()
        if self.app.computer is None:
            self.opponent = "hotseat"
        names = list(self.players)
        if not names:
            names = [_login_name() or t(self.language, "app-console-you")]
            names.append(t(self.language, "app-console-player-two"))
        elif len(names) == 1:
            names.append(t(self.language, "app-console-player-two"))
        if len(names) > 2:
            self.opponent = "hotseat"
        self.users = [
            User("console", str(i), name, self.language) for i, name in enumerate(names, 1)
        ]
        self.me, self.other = self.users[0], self.users[1]

    @property
    def hotseat(self) -> bool:
        """Whether every seat is a person at this keyboard."""
        return self.opponent == "hotseat"

    # -- output ---------------------------------------------------------------------------------

    def _print(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def print_line(self, text: str) -> None:
        """Print one line (or lines) at once."""
        self._print(text)

    def say(self, msg_id: str, **params: object) -> None:
        """Print a message of the catalogue in the console's language."""
        self._print(t(self.language, msg_id, **params))

    async def show(self, replies: Sequence[Shown]) -> None:
        """Print a batch the way a chat would leave it: every line said, one board (the last
        one, with its caption; an analysis's boards: each) and the buttons of the person who
        acts now.  A batch that reaches several tables (a tournament's round: its standings
        and each game's opening) is printed table by table, each game's part headed by the
        game's name when the output turns to it."""
        analysed = any(isinstance(r, _Analysed) for r in replies)
        for table, part in _by_table(replies, self.table):
            if table != self._shown_at and any(_printed(r) for r in part):
                if table != TABLE:
                    await self._heading(table)
                self._shown_at = table
            buttons = await self._show_part(table, part, analysed=analysed)
            if buttons is not None:
                self.buttons_at = table
                self._set_buttons(buttons)

    async def _heading(self, table: TableKey) -> None:
        """``Game 1.2: Ann — Bob``: the tournament game whose replies follow."""
        facts = await self._facts(table)
        names = facts.names if facts is not None else ()
        first, second = (*names, "", "")[:2]
        self.say("app-console-game", game=table.topic or table.chat, first=first, second=second)

    async def _show_part(
        self, table: TableKey, replies: Sequence[Shown], *, analysed: bool
    ) -> tuple[tuple[Button, ...], ...] | None:
        """Print the replies of one table (see :meth:`show`); the buttons they leave (``None``:
        the buttons shown before stay)."""
        boards = [i for i, r in enumerate(replies) if isinstance(r, SendBoard | EditBoard)]
        last_board = boards[-1] if boards else None
        seated_by_console = any(_is_join_line(r) for r in replies)
        buttons: tuple[tuple[Button, ...], ...] | None = None
        for i, reply in enumerate(replies):
            if isinstance(reply, _JoinLine | _Analysed | _At):
                continue
            if isinstance(reply, str):
                self._print(reply)
            elif isinstance(reply, SendBoard | EditBoard) and analysed:
                self._print(await self._board_text(reply.board, table, ids=False))
                self._print(reply.caption)
            elif isinstance(reply, SendBoard | EditBoard):
                if i == last_board:
                    ids = not _is_replay(reply)
                    self._print(await self._board_text(reply.board, table, ids=ids))
                    self._print(reply.caption)
                    buttons = reply.buttons
                else:  # a board the next one replaces: what it says, without the status line
                    for line in reply.caption.split("\n")[:-1]:
                        self._print(line)
            elif isinstance(reply, SendText):
                if seated_by_console and _is_lobby(reply):
                    continue  # the lobby the console filled itself is already gone
                self._print(reply.text)
                if reply.buttons and (last_board is None or i > last_board):
                    buttons = reply.buttons
            elif isinstance(reply, Progress | EditProgress):
                self._print(reply.text)
            elif isinstance(reply, Toast):
                self._print(f"! {reply.text}")
            elif isinstance(reply, SendFile):
                path = self._save(reply, await self._seat_names(table))
                saved = (
                    "app-console-saved" if reply.name.endswith(".mat") else "app-console-saved-file"
                )
                self.say(saved, path=str(path))
                if reply.name == fair.DICE_FILE:
                    # The chats' caption names the file they send; the console saved its own.
                    command = fair.verify_command(_as_typed(path))
                    self.say("export-dice-file", name=path.name, command=command)
            elif isinstance(reply, ClearButtons):
                continue
        if analysed:
            buttons = ()  # the result's boards have none; the Analysis button was pressed
        return buttons

    async def _seat_names(self, table: TableKey) -> tuple[str, ...]:
        """The names at the table (the computer's too), else the console's players'."""
        facts = await self._facts(table)
        if facts is not None and facts.names:
            return facts.names
        return tuple(u.name for u in self.users)

    def _save(self, file: SendFile, names: Sequence[str]) -> Path:
        """Write an exported file under a name of its own (players and time), never over one."""
        stem, dot, ext = file.name.rpartition(".")
        if not dot:
            stem, ext = file.name, "txt"
        players = "-".join(_file_word(name) for name in names[:2])
        when = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        base = f"{_file_word(stem)}-{players}-{when}"
        path = self.export_dir / f"{base}.{ext}"
        for n in itertools.count(2):
            if not path.exists():
                break
            path = self.export_dir / f"{base}-{n}.{ext}"
        path.write_bytes(file.data)
        return path.resolve()

    async def _board_text(self, board: Board, table: TableKey, *, ids: bool = True) -> str:
        """Against the built-in opponent your side is always at the bottom (at a tournament
        game: your seat's); at a hot seat the side on roll is.  The classic board has the
        table's Position and Match IDs beside it (``ids``; not beside a replayed match's
        board)."""
        viewer = None if self.hotseat else 0
        wide_ids = ids and self.layout == "wide"
        facts = await self._facts(table) if table != TABLE or wide_ids else None
        if table != TABLE and viewer is not None:
            seats = facts.seats if facts is not None else ()
            viewer = seats.index(self.me.ref) if self.me.ref in seats else None
        text = render_text(
            board.view,
            viewer=viewer,
            width=self.layout or "wide",
            orientation=board.home,
            labels=dict(board.labels),
        )
        if not wide_ids:
            return text
        labels = facts.ids if facts is not None else ()
        if not labels:
            return text
        lines = text.split("\n")
        top = next((i for i, line in enumerate(lines) if line.lstrip()[:2] in ("13", "24")), 0)
        for k, label in enumerate(labels):
            row = top + k
            if row < len(lines):
                lines[row] = lines[row].ljust(WIDE_WIDTH + 2) + label
        return "\n".join(lines)

    def _set_buttons(self, rows: tuple[tuple[Button, ...], ...]) -> None:
        self.buttons = [b for row in rows for b in row]
        if self.buttons:
            self._print("  ".join(f"[{i}] {b.label}" for i, b in enumerate(self.buttons, 1)))

    # -- input ----------------------------------------------------------------------------------

    async def act(
        self,
        user: User,
        text: str,
        *,
        attachment: Attachment | None = None,
        table: TableKey | None = None,
    ) -> list[Shown]:
        """Send one typed line (a number presses the numbered button) as ``user``, with a file
        if given; the replies, and those of the computer's turns that follow.

        A line goes to ``table`` (by default the console's current table; a ``tournament``
        line to the console's own table, where its event runs, as a line in a group: a
        tournament is no private chat's), a button to the table it was shown for.  Every other
        line is a private chat's: the person at the keyboard means each line for the bot."""
        update_id = f"{self._run}-u{next(self._ids)}"
        if (
            text.isascii()
            and text.isdigit()
            and 1 <= int(text) <= len(self.buttons)
            and attachment is None
        ):
            button = self.buttons[int(text) - 1]
            key = self.buttons_at if table is None else table
            update = Update(key, user, update_id, button=button.payload, private=True)
        else:
            event = _is_event_line(text)
            key = table if table is not None else TABLE if event else self.table
            update = Update(
                key,
                user,
                update_id,
                text=self._with_computer(text),
                private=not event,
                attachment=attachment,
            )
        replies = await self.app.handle(update)
        progress = {r.text for r in replies if isinstance(r, Progress)}
        terminal = _Terminal(self, progress, key)
        await self.delivery.deliver(terminal, key, replies)
        return terminal.batch()

    async def resume_computer(self, table: TableKey = TABLE) -> list[Shown]:
        """The computer's turns the table waits for, played now: a stopped run's (a table kept
        in Redis), or a tournament game's (its opening roll gave the computer the first move,
        a game among computers)."""
        terminal = _Terminal(self, set(), table)
        async for replies in self.app.computer_moves(table, resume=True):
            await self.delivery.perform(terminal, table, replies)
        return terminal.batch()

    def message_id(self) -> str:
        """A new message's id, unique to this run."""
        return f"{self._run}-m{next(self._ids)}"

    def _with_computer(self, text: str) -> str:
        """Against the computer, ``new`` and ``position`` seat it (unless the line names it
        already)."""
        words = text.lower().split()
        if self.hotseat or not words or words[0].lstrip("/") not in ("new", "position"):
            return text
        if words[0].lstrip("/") == "position" and len(words) == 1:
            return text  # ``position`` alone shows the position's IDs
        if any(w in _COMPUTER_WORDS for w in words[1:]):
            return text
        return text + " bot"

    async def send(self, user: User, text: str) -> None:
        """Send one typed line as ``user`` and print what it did."""
        await self.show(await self.act(user, text))

    async def _facts(self, table: TableKey | None = None) -> TableFacts | None:
        """The facts of ``table`` (by default the current one)."""
        try:
            return await self.app.facts(self.table if table is None else table)
        except (StoreUnavailable, CorruptRecord):  # the app tells the user when a line is sent
            return None

    async def _sender(self) -> User:
        """Who a typed line comes from: you, or at a hot seat (and at a tournament game)
        whoever must act now."""
        if not self.hotseat and self.table == TABLE:
            return self.me
        facts = await self._facts()
        if facts is None:
            return self.me
        return next((u for u in self.users if u.ref in facts.to_act), self.me)

    def _named(self, text: str) -> tuple[User | None, str]:
        """``Bob: take`` at a hot seat: the line is Bob's."""
        if not self.hotseat:
            return None, text
        name, colon, rest = text.partition(":")
        if not colon or not rest.strip():
            return None, text
        user = next((u for u in self.users if u.name.lower() == name.strip().lower()), None)
        return (user, rest.strip()) if user is not None else (None, text)

    async def _seat_the_others(self) -> list[Shown]:
        """The other local players sit down at a table that waits for them; a chouette of local
        players starts once everyone is seated."""
        table = await self._facts()
        if table is None or table.stage != "lobby":
            return []
        out: list[Shown] = []
        locals_ = self.users if (self.hotseat or table.mode != "chouette") else self.users[:1]
        if table.mode != "chouette":
            locals_ = locals_[:2]
        for user in locals_:
            if not table.seated(user.ref):
                out.append(_JoinLine(user.name))
                out += await self.act(user, "join")
        after = await self._facts()
        if (
            after is not None
            and after.mode == "chouette"
            and after.stage == "lobby"
            and len(after.seats) >= 3
            and all(after.seated(u.ref) for u in self.users)
        ):
            out += await self.act(self.users[0], "start")
        return out

    async def _console_command(self, text: str, user: User | None) -> bool:
        """Lines the console answers itself (the board layout, a button that is not there,
        computer players added to a tournament)."""
        words = text.lower().split()
        if words[:2] in (["settings", "board"], ["/settings", "board"]):
            layout = LAYOUT_WORDS.get(words[2]) if len(words) == 3 else None
            if layout is None:
                self.say("app-console-board-usage")
            else:
                self.layout = layout
                self.say("app-console-board", layout=layout)
                await self.send(await self._sender(), "board")
            return True
        if (
            text.isascii()
            and text.isdigit()
            and self.buttons
            and not 1 <= int(text) <= len(self.buttons)
        ):
            self.say("app-console-no-button", number=text[:6], count=len(self.buttons))
            return True
        if words and words[0] in ("import", "/import"):
            path = text.split(maxsplit=1)[1].strip() if len(words) > 1 else ""
            await self._import(path)
            return True
        if words and words[0] == "fill":
            await self._fill(words[1:], user or await self._sender())
            return True
        return False

    async def _fill(self, words: Sequence[str], user: User) -> None:
        """``fill N [LEVEL]``: ``user`` (the organiser) adds N computer players to the
        tournament at the console's table (``tournament add computer N LEVEL``), then the
        tournament's page, with everyone signed up."""
        count = int(words[0]) if words and words[0].isascii() and words[0].isdigit() else 0
        if not 1 <= count <= MAX_FILL or len(words) > 2:
            self.say("app-console-fill-usage", most=MAX_FILL)
            return
        level = words[1] if len(words) > 1 else "beginner"
        batch = await self.act(user, f"{EVENT_WORD} add computer {count} {level}")
        batch += await self.act(user, EVENT_WORD)
        await self.show(batch)

    async def _import(self, path: str) -> None:
        """``import FILE``: a local ``.mat`` file handed to the app as a file sent to the bot (a
        file larger than the app reads is not read: the app says so)."""
        if not path:
            self.say("app-console-import-usage")
            return
        file = Path(path).expanduser()
        try:
            size = file.stat().st_size
            data = file.read_bytes() if size <= MAX_FILE_BYTES else None
        except OSError:
            self.say("app-console-no-file", path=path)
            return
        attachment = Attachment(file.name, size, data)
        await self.show(await self.act(self.me, "/import", attachment=attachment))

    async def _line(self, text: str) -> None:
        user, text = self._named(text)
        if not await self._console_command(text, user):
            if user is None:
                user = await self._sender()
            batch: list[Shown] = list(await self.act(user, text))
            batch += await self._seat_the_others()
            await self.show(batch)
            if text.lower().lstrip("/") == "settings":
                self.say("app-console-board", layout=self.layout or "wide")
        await self.follow_event(moved=_is_event_line(text) or text.lower().split()[:1] == ["fill"])

    async def line(self, text: str) -> None:
        """One line typed at the prompt (``Bob: take`` at a hot seat: Bob's), and what
        follows it, printed."""
        async with self._turn:
            await self._line(text)

    async def _prompt(self) -> None:
        if self.hotseat:
            user = await self._sender()
            self.out.write(f"{user.name}> ")
            self.out.flush()

    async def run(self) -> None:
        """Set up a table, then read lines until end of input or ``quit``."""
        self.say("app-console-welcome")
        table = await self._facts()
        batch: list[Shown] = []
        if table is None or table.stage == "over":
            batch += await self.act(self.me, self.new_args)
            batch += await self._seat_the_others()
        else:
            batch += await self.act(self.me, "board")
            batch += await self.resume_computer()
        await self.show(batch)
        await self.follow_event()  # a tournament the last run left under way
        loop = asyncio.get_running_loop()
        ticker = asyncio.create_task(self._tick_loop(self.tick_seconds))
        try:
            while True:
                await self._prompt()
                line = await loop.run_in_executor(None, self.inp.readline)
                if not line:
                    break
                text = line.strip()
                if text.lower() in QUIT_WORDS:
                    break
                if not text:
                    continue
                await self.line(text)
        finally:
            ticker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await ticker
        self.say("app-console-bye")

    async def ticks(self) -> int:
        """Serve the move clock of the console's tables and its tournament: their notices
        printed as a chat shows them, on the delivery loop (a tournament's standings and
        pairings at the console's table, its games' notices at each game), then what follows
        in the tournament (:meth:`follow_event`); how many tables were due.  A notice the
        terminal could not print (a write that failed) is posted again by a later tick, as a
        chat's refusal is (``App.notice_undelivered``)."""
        served = await self._tick()
        return served + await self.follow_event()

    async def _tick(self) -> int:
        due = await self.app.tick(platform="console")
        for table, replies in due:
            terminal = _Terminal(self, set(), table)
            await self.delivery.deliver(terminal, table, replies)
            try:
                await self.show(terminal.batch())
            except OSError as exc:
                log.warning("clock notice of %s not printed: %s", table, exc)
                await self.app.notice_undelivered(table)
        return len(due)

    async def follow_event(self, *, moved: bool = False) -> int:
        """Keep the console's tournament going: the computer's turns its games wait for
        played (a game among computers to its end), then the tick that records what ended
        and pairs the next round, again until nothing moves; then the typed lines go to a
        game where someone at the keyboard must act, else back to the console's own table.
        Nothing is looked at while the console is at its own table with no tournament game
        in play, unless the last line was the tournament's (``moved``); nothing changes while
        the store cannot be read (the app says so at the next line).  How many tables the
        ticks served."""
        served = 0
        try:
            games = await self.app.events.games_of(TABLE)
            if not (games or moved or self.table != TABLE):
                return 0
            for _ in range(FOLLOW_STEPS):
                played = await self._play_event_computers()
                due = await self._tick()
                served += due
                if not (played or due):
                    break
            await self._choose_table()
        except (StoreUnavailable, CorruptRecord) as exc:
            log.warning("tournament not followed: %s", exc)
        return served

    async def _event_games(self) -> list[tuple[TableKey, TableFacts]]:
        """The console's tournament's games in play, with their facts (raises when the store
        cannot be read, as ``App.facts`` does)."""
        found: list[tuple[TableKey, TableFacts]] = []
        for key in await self.app.events.games_of(TABLE):
            facts = await self.app.facts(key)
            if facts is not None and facts.in_play:
                found.append((key, facts))
        return found

    def _local_to_act(self, facts: TableFacts) -> User | None:
        return next((u for u in self.users if u.ref in facts.to_act), None)

    async def _play_event_computers(self) -> bool:
        """The computer's turns the tournament's games wait for, played and printed game by
        game; whether any was.  (A turn that leaves the table to a computer again shows
        nothing yet: its notes wait for the next board, as at any table.)"""
        played = False
        for key, facts in await self._event_games():
            if not facts.to_act or self._local_to_act(facts) is not None:
                continue
            batch = await self.resume_computer(key)
            after = await self.app.facts(key)
            played = played or after is None or after.version != facts.version
            if batch:
                await self.show(batch)
        return played

    async def _choose_table(self) -> None:
        """Typed lines go to the current tournament game while someone here must act there,
        else to a game where someone must (the one whose buttons are on the screen, else the
        first; its board shown, headed by its name), else back to the console's own table."""
        waiting = [
            (key, user)
            for key, facts in await self._event_games()
            if (user := self._local_to_act(facts)) is not None
        ]
        if any(key == self.table for key, _ in waiting):
            return
        if waiting:
            key, user = next((w for w in waiting if w[0] == self.buttons_at), waiting[0])
            self.table = key
            if not (self.buttons_at == key and self._shown_at == key and self.buttons):
                await self.show(await self.act(user, "board", table=key))
            return
        if self.table == TABLE:
            return
        self.table = TABLE
        self.say("app-console-home")
        self._shown_at = TABLE
        home = await self._facts()
        if home is not None and home.in_play:
            await self.show(await self.act(await self._sender(), "board"))

    async def _tick_loop(self, every: float) -> None:
        while True:
            await asyncio.sleep(every)
            try:
                async with self._turn:  # never in the middle of a typed line's output
                    await self.ticks()
            except Exception:
                log.exception("serving the move clock failed")


class _Analysed(str):
    """In a batch: an analysis was followed, its progress and result printed as they came (no
    line is printed for it)."""

    __slots__ = ()


@dataclass
class _Terminal:
    """The console as a :class:`~bot.app.delivery.Surface` for ``table``: what the replies show
    is kept as a batch for :meth:`Console.show` (a terminal prints one board a batch), each
    table's replies marked with it (:class:`_At`), but an analysis's progress message and its
    edits (``progress``: the texts of the progress messages posted), printed at once, as they
    come."""

    console: Console
    progress: set[str]
    table: TableKey = TABLE
    shown: list[Shown] = field(default_factory=list)
    analysed: list[bool] = field(default_factory=lambda: [False])
    """Whether an analysis was followed (one flag for the batch, the games' parts too)."""
    progress_messages: set[str] = field(default_factory=set)

    max_text = 1 << 20

    def batch(self) -> list[Shown]:
        return [*self.shown, _Analysed()] if self.analysed[0] else list(self.shown)

    def _add(self, reply: Shown) -> None:
        marked = next((r.table for r in reversed(self.shown) if isinstance(r, _At)), None)
        if marked != self.table:
            self.shown.append(_At(self.table))
        self.shown.append(reply)

    async def post_board(self, reply: SendBoard) -> str | None:
        self._add(reply)
        return self.console.message_id()

    async def edit_board(self, reply: EditBoard) -> str | None:
        self._add(reply)
        return None

    async def clear_buttons(self, message: str) -> None:
        self._add(ClearButtons(message))

    async def post_text(self, text: str, buttons: Keyboard, *, private: bool = False) -> str | None:
        # One person at the terminal: a private text is shown like any other.
        message = self.console.message_id()
        if text in self.progress:
            self.progress.discard(text)
            self.progress_messages.add(message)
            self.console.print_line(text)
        else:
            self._add(SendText(text, buttons))
        return message

    async def edit_text(self, message: str, text: str, buttons: Keyboard) -> None:
        # A terminal edits nothing: an analysis's progress, printed at once; a tournament's
        # standings, in their place in the batch.
        if message in self.progress_messages:
            self.console.print_line(text)
            self.analysed[0] = True
        else:
            self._add(SendText(text, buttons))

    async def toast(self, text: str) -> None:
        self._add(Toast(text))

    async def typing(self) -> None:
        return None

    async def post_file(self, reply: SendFile) -> None:
        self._add(reply)

    async def open_place(self, game: GameToPlace) -> tuple[TableKey, _Terminal]:
        """A tournament game is played on this one terminal, where it is stored: its replies
        go in this batch, marked as the game's."""
        there = _Terminal(self.console, self.progress, game.table, self.shown, self.analysed)
        return game.table, there


class _JoinLine(str):
    """The console seating a local player (no line is printed for it)."""

    __slots__ = ()


def _is_join_line(shown: Shown) -> bool:
    return isinstance(shown, _JoinLine)


def _printed(shown: Shown) -> bool:
    """Whether :meth:`Console.show` prints something for ``shown``."""
    return not isinstance(shown, _JoinLine | _Analysed | _At | ClearButtons)


def _by_table(replies: Sequence[Shown], first: TableKey) -> list[tuple[TableKey, list[Shown]]]:
    """A batch in parts, one per table in turn (the replies before any mark: ``first``'s)."""
    parts: list[tuple[TableKey, list[Shown]]] = [(first, [])]
    for reply in replies:
        if isinstance(reply, _At):
            if reply.table != parts[-1][0]:
                parts.append((reply.table, []))
            continue
        parts[-1][1].append(reply)
    return [(table, part) for table, part in parts if part]


def _is_event_line(text: str) -> bool:
    """Whether a typed line is the tournament's command (it goes to the console's table)."""
    words = text.split(maxsplit=1)
    return bool(words) and words[0].lower().lstrip("/") == EVENT_WORD


def _is_lobby(reply: SendText) -> bool:
    for row in reply.buttons:
        for button in row:
            try:
                if parse_payload(button.payload).action == "join":
                    return True
            except InvalidPayload:
                continue
    return False


def _is_replay(reply: SendBoard | EditBoard) -> bool:
    """Whether a board is a step of a replayed match (its buttons turn the replay's pages)."""
    for row in reply.buttons:
        for button in row:
            try:
                if parse_payload(button.payload).action == "replay":
                    return True
            except InvalidPayload:
                continue
    return False


def _as_typed(path: Path) -> str:
    """``path`` as it is typed in the terminal it was written from: relative to the current
    directory when it is under it, else whole."""
    try:
        return str(path.relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def _file_word(text: str) -> str:
    word = re.sub(r"[^\w]+", "_", text, flags=re.UNICODE).strip("_")
    return word[:24] or "player"


def _login_name() -> str | None:
    """The name of the person at the terminal, when the system knows it."""
    try:
        name = getpass.getuser()
    except (OSError, KeyError):
        return None
    return name.capitalize() if name and name.isprintable() else None


def _names(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    if len(names) < 2:
        raise argparse.ArgumentTypeError("name at least two players, separated by commas")
    if len({n.lower() for n in names}) != len(names):
        raise argparse.ArgumentTypeError("every player needs a name of their own")
    if any(len(n) > 32 or ":" in n or not n.isprintable() for n in names):
        raise argparse.ArgumentTypeError("a name has at most 32 printable characters, no ':'")
    return names


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """Command-line options of the console chat (a bad one exits with the usage and status 2)."""
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--hotseat", action="store_true", help="two players at one keyboard")
    parser.add_argument(
        "--players",
        type=_names,
        default=None,
        metavar="NAME,NAME[,…]",
        help="players at one keyboard, by name (three or more: a chouette)",
    )
    parser.add_argument(
        "--game",
        default=None,
        help="the 'new' command that opens the table (default: new, a match to 5 points; "
        "a chouette for three or more players)",
    )
    parser.add_argument("--lang", default=None, choices=LANGUAGES, help="the language")
    parser.add_argument(
        "--board",
        default=None,
        choices=sorted(LAYOUT_WORDS),
        help="the text board (default: classic on 80 columns or more, else compact)",
    )
    return parser.parse_args(argv)


async def run_console(
    app: App,
    args: argparse.Namespace,
    *,
    inp: TextIO | None = None,
    out: TextIO | None = None,
    language: str = "en",
) -> None:
    """Run the console chat on ``app`` until end of input."""
    players: list[str] = list(getattr(args, "players", None) or ())
    hotseat = bool(args.hotseat or players)
    game = args.game or ("new chouette" if len(players) > 2 else "new")
    board = getattr(args, "board", None)
    console = Console(
        app,
        inp=inp or sys.stdin,
        out=out or sys.stdout,
        opponent="hotseat" if hotseat else "bot",
        language=args.lang or language,
        new_args=game,
        players=players,
        layout=LAYOUT_WORDS[board] if board else None,
    )
    await console.run()
