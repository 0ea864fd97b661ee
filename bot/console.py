"""The console chat: the app in a terminal, for playing at once with no platform token.

Lines typed at the prompt go to the app as chat messages (``roll``, ``move 24/18 13/11``, ``help``
…); the buttons of the last message are numbered and typing the number presses one.  By default
you play White against a built-in opponent that takes every double, agrees to abort and plays a
random legal move; ``--hotseat`` seats two people at one keyboard instead (each line is sent by
whoever must act).
"""

from __future__ import annotations

import argparse
import asyncio
import getpass
import itertools
import random
import secrets
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from bot.app import App, Button, Reply, Update, User
from bot.app.table import Table
from bot.app.types import Board, ClearButtons, EditBoard, SendBoard, SendFile, SendText, Toast
from bot.i18n import t
from bot.store import StoreUnavailable, TableKey
from engine.game import Game, Phase
from engine.match import Match
from engine.movegen import legal_plays
from engine.notation import format_play
from renderers.text import render_text

TABLE = TableKey("console", "local")
"""The one table of the console chat."""

QUIT_WORDS = frozenset({"quit", "exit", "/quit", "/exit"})


@dataclass
class Console:
    """A terminal chat with one table and two local users.

    ``opponent`` is ``"bot"`` (a built-in random player) or ``"hotseat"``; ``rng`` drives the
    built-in player's choices; ``out``/``inp`` are the terminal streams.
    """

    app: App
    inp: TextIO = field(default_factory=lambda: sys.stdin)
    out: TextIO = field(default_factory=lambda: sys.stdout)
    opponent: str = "bot"
    rng: random.Random = field(default_factory=random.Random)
    language: str = "en"
    new_args: str = "new 3"
    export_dir: Path = field(default_factory=Path.cwd)
    buttons: list[Button] = field(default_factory=list)
    _ids: itertools.count[int] = field(default_factory=itertools.count)
    # update and message ids are unique per run: a table kept in Redis outlives the process,
    # and an id the last run used would be taken for a redelivery and dropped
    _run: str = field(default_factory=lambda: secrets.token_hex(4))

    def __post_init__(self) -> None:
        name = _login_name() or t(self.language, "app-console-you")
        self.me = User("console", "1", name, self.language)
        other_name = "app-console-bot" if self.opponent == "bot" else "app-console-player-two"
        self.other = User("console", "2", t(self.language, other_name), self.language)

    # -- output ---------------------------------------------------------------------------------

    def _print(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    async def show(self, replies: list[Reply]) -> None:
        """Print reply actions the way a chat would show them."""
        for reply in replies:
            if isinstance(reply, SendBoard | EditBoard):
                self._print(self._board_text(reply.board))
                self._print(reply.caption)
                self._set_buttons(reply.buttons)
                if isinstance(reply, SendBoard):
                    message = f"{self._run}-m{next(self._ids)}"
                    await self.app.board_posted(TABLE, message, reply.version)
            elif isinstance(reply, SendText):
                self._print(reply.text)
                if reply.buttons:
                    self._set_buttons(reply.buttons)
            elif isinstance(reply, Toast):
                self._print(f"! {reply.text}")
            elif isinstance(reply, SendFile):
                path = self.export_dir / reply.name
                path.write_bytes(reply.data)
                self._print(f"{reply.caption} {path}")
            elif isinstance(reply, ClearButtons):
                continue

    def _board_text(self, board: Board) -> str:
        """Against the built-in opponent your side is always at the bottom; at a hot seat the
        side on roll is."""
        if self.opponent == "hotseat":
            return board.text
        return render_text(board.view, viewer=0, orientation=board.home, labels=dict(board.labels))

    def _set_buttons(self, rows: tuple[tuple[Button, ...], ...]) -> None:
        self.buttons = [b for row in rows for b in row]
        if self.buttons:
            self._print("  ".join(f"[{i}] {b.label}" for i, b in enumerate(self.buttons, 1)))

    # -- input ----------------------------------------------------------------------------------

    async def send(self, user: User, text: str) -> None:
        """Send one typed line (a number presses the numbered button) as ``user``."""
        update_id = f"{self._run}-u{next(self._ids)}"
        if text.isdigit() and 1 <= int(text) <= len(self.buttons):
            button = self.buttons[int(text) - 1]
            update = Update(TABLE, user, update_id, button=button.payload, private=True)
        else:
            update = Update(TABLE, user, update_id, text=text, private=True)
        await self.show(await self.app.handle(update))

    async def _state(self) -> tuple[Table | None, Game | None]:
        try:
            table = await self.app.load_table(TABLE)
        except StoreUnavailable:  # the app itself tells the user when a line is sent
            return None, None
        if table is None or table.match is None or table.stage != "play":
            return table, None
        return table, Match.from_dict(table.match).game

    async def _sender(self) -> User:
        """Who a typed line comes from: you, or at a hot seat whoever must act now."""
        if self.opponent != "hotseat":
            return self.me
        _, game = await self._state()
        if game is None:
            return self.me
        actor = game.responder if game.responder is not None else game.turn
        return self.other if actor == 1 else self.me

    async def _seat_the_other(self) -> None:
        """The second local player sits down at a two-player table that waits for him."""
        table, _ = await self._state()
        if (
            table is not None
            and table.stage == "lobby"
            and table.mode != "chouette"
            and table.seat_of(self.other.ref) is None
        ):
            await self.send(self.other, "join")

    async def opponent_moves(self) -> None:
        """Let the built-in opponent act for as long as it is the one to act."""
        for _ in range(200):
            table, game = await self._state()
            if game is None or table is None or table.seat_of(self.other.ref) != 1:
                return
            responder = game.responder
            if table.abort_by == self.me.ref:
                line = "abort"  # the built-in opponent always agrees to stop
            elif responder == 1:
                line = "decline" if game.resign is not None else "accept"
            elif game.turn == 1 and game.phase is Phase.ROLL:
                line = "roll"
            elif game.turn == 1 and game.phase is Phase.MOVE and game.dice is not None:
                plays = legal_plays(game.current, game.dice)
                if plays:
                    play = self.rng.choice(plays)
                    line = "move " + format_play(game.current, game.dice, play, plays=plays)
                else:
                    line = "confirm"
            else:
                return
            self._print(f"{self.other.name}> {line}")
            await self.send(self.other, line)

    async def run(self) -> None:
        """Set up a table, then read lines until end of input or ``quit``."""
        self._print(t(self.language, "app-console-welcome"))
        table, _ = await self._state()
        if table is None or table.stage == "over":
            await self.send(self.me, self.new_args)
            await self._seat_the_other()
        else:
            await self.send(self.me, "board")
        await self.opponent_moves()
        loop = asyncio.get_running_loop()
        while True:
            line = await loop.run_in_executor(None, self.inp.readline)
            if not line:
                break
            text = line.strip()
            if text.lower() in QUIT_WORDS:
                break
            if not text:
                continue
            user = await self._sender()
            await self.send(user, text)
            await self._seat_the_other()
            await self.opponent_moves()
        self._print(t(self.language, "app-console-bye"))


def _login_name() -> str | None:
    """The name of the person at the terminal, when the system knows it."""
    try:
        name = getpass.getuser()
    except (OSError, KeyError):
        return None
    return name.capitalize() if name and name.isprintable() else None


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """Command-line options of the console chat."""
    parser = argparse.ArgumentParser(prog="python -m bot", description=__doc__)
    parser.add_argument("--hotseat", action="store_true", help="two players at one keyboard")
    parser.add_argument(
        "--game", default="new 3", help="the 'new' command that opens the table (default: new 3)"
    )
    parser.add_argument("--lang", default=None, help="language: en, ru, uk or be")
    return parser.parse_args(argv)


async def run_console(
    app: App,
    args: argparse.Namespace,
    *,
    inp: TextIO | None = None,
    out: TextIO | None = None,
    rng: random.Random | None = None,
    language: str = "en",
) -> None:
    """Run the console chat on ``app`` until end of input."""
    console = Console(
        app,
        inp=inp or sys.stdin,
        out=out or sys.stdout,
        opponent="hotseat" if args.hotseat else "bot",
        rng=rng or random.Random(),
        language=args.lang or language,
        new_args=args.game,
    )
    await console.run()
