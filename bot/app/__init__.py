"""The chat application: platform-neutral updates in, reply actions out (see :class:`App`).

The pipeline (:mod:`bot.app.app`), for every update:

1. parse the text or the button payload into an action (:mod:`bot.app.command_parser`,
   :mod:`bot.app.payload`);
2. answer a user's own action at once (:data:`~bot.app.registry.USER_CASES`), else load the table;
3. refuse a stale button, a missing or closed table, a game action before the start;
4. call the action's use case (:data:`~bot.app.registry.TABLE_CASES`) with a :class:`Context`;
5. compare-and-set the new table with the update id (at most once), return the replies.

Where each use case lives (one module each; a new one is a module and a line in the registry):

* :mod:`bot.app.lobby` -- ``new``, ``join``, ``leave``, lobby option toggles, ``start``, ``abort``;
* :mod:`bot.app.invite` -- ``invite NAME`` / ``invite off`` and the kept seat;
* :mod:`bot.app.invitations` -- a seat taken by invitation: a card pressed (the table opened
  for the inviter, his clock set, the presser seated) or a link followed, as one use case;
* :mod:`bot.app.turn` -- ``roll``, steps, ``undo``, ``confirm``, ``move``; the frame of every
  two-player game action (settling forced plays and auto-rolls, game and match ends, the board);
* :mod:`bot.app.doubling` -- ``double``, ``take``, ``pass``, beavers;
* :mod:`bot.app.resign` -- ``resign``, ``accept``, ``decline``;
* :mod:`bot.app.clock` -- ``clock``, ``claim``, and what a due clock posts (``App.tick``);
* :mod:`bot.app.preferences` -- ``settings`` and the user's ``language``;
* :mod:`bot.app.info` -- ``board``, ``score``, ``pips``, ``export``, ``help``, ``rules``;
* :mod:`bot.app.stats` -- ``stats`` and the statistics of finished games;
* :mod:`bot.app.positions` -- ``position ID``: a table whose game begins at a position;
* :mod:`bot.app.imports` -- ``import``: a ``.mat`` file read, kept for its sender, exported back;
* :mod:`bot.app.replays` -- a match's boards one step at a time (``◀ ▶`` on one message);
* :mod:`bot.app.hint` -- ``hint``: the computer's advice for the player to act;
* :mod:`bot.app.match_analysis` -- ``analysis``: the finished games weighed by the computer,
  shown on one progress message (``App.progress``);
* :mod:`bot.app.chouette_play` -- every game action at a chouette table, its start and rotation;
* :mod:`bot.app.places` -- where a game is played: moved to a chat of its own when it begins
  (``App.move_table``, a Discord thread), kept where it began (``App.keep_table``), its end
  told where it began (``App.finish_away``), the games a chat sent away (``App.games_away``);
* :mod:`bot.app.opponent` -- the computer's turn (``new bot [LEVEL]`` seats it: a seat whose user
  is ``computer:<level>``);
* :mod:`bot.app.seeds` -- ``seed``: a player's client seed for the dice;
* :mod:`bot.app.ratings`, :mod:`bot.app.leaderboard`, :mod:`bot.app.dicereport`,
  :mod:`bot.app.matches` -- ``rating``, ``top``, ``dice``, ``history`` (with the Export,
  Replay and Analysis buttons of a match kept);
* :mod:`bot.app.puzzles` -- ``puzzle``: the errors of the analysed games as their players'
  puzzles, graded, repeated, rated; a chat's puzzle of the day (``settings puzzle 09:00``).

The pipeline's services, each over the one write path of the tables
(:class:`~bot.app.writer.TableWriter`: the record cache and compare-and-set, the one deadline a
table should have, the results a write left pending, the board message):

* :mod:`bot.app.autoplay` -- the computer's turns (``App.computer_moves``), and its pondering;
* :mod:`bot.app.ticks` -- the tick (``App.tick``): clock notices, unfinished computer turns,
  pending results; ``App.notice_undelivered``;
* :mod:`bot.app.places` -- where a game is played (``App.move_table`` …);
* :mod:`bot.app.jobs` -- the analyses made here (``App.progress``);
* :mod:`bot.app.puzzles.trainer` -- the puzzles kept from the analyses, the daily puzzles'
  tick (``App.puzzles``).

Shared by the use cases: :mod:`bot.app.context` (:class:`Context`, :class:`Refused`),
:mod:`bot.app.options` (table options, the lobby message), :mod:`bot.app.timing` (clock
arithmetic), :mod:`bot.app.users` (users' records), :mod:`bot.app.table`, :mod:`bot.app.display`,
:mod:`bot.app.types` (updates and replies), :mod:`bot.app.dice` and :mod:`bot.app.fair` (the
dice and their commitments), :mod:`bot.app.group` (play where every message counts),
:mod:`bot.app.results`, :mod:`bot.app.standing` and :mod:`bot.app.history` (what a finished
game leaves), :mod:`bot.app.players` (players named in a command), :mod:`bot.app.suggest`
(what may follow a command), :mod:`bot.app.syntax` (how messages write commands),
:mod:`bot.app.published` (the command set uploaded once), :mod:`bot.app.registry` (the use
cases by action).

What an adapter does (Telegram, Discord, the console) -- it translates, and nothing else:

* build an :class:`Update` per platform event: the table (chat + topic), the user (id, name,
  language code), a unique update id (Telegram update id, Discord interaction id), and either the
  typed ``text`` or the pressed button's ``button`` payload with the ``message`` it was on;
  ``private`` for one-to-one chats (in groups, lines that are neither commands nor a play of the
  player on turn are ignored); a file sent to the bot as ``/import`` with its
  :class:`Attachment` (not downloaded when larger than the app reads);
* implement a :class:`~bot.app.delivery.Surface` for its chats (post or edit a board, clear
  buttons, post or edit a text, a toast, the typing sign, a file; its text limit), and hand
  ``await app.handle(update)`` (never raises) to :meth:`bot.app.delivery.Delivery.deliver`:
  the one delivery loop performs the replies in order, reports each posted board
  (``App.board_posted``), follows an analysis (``App.progress``), posts the computer's turns
  that follow (``App.computer_moves``) and cuts long texts;
* every few seconds, :meth:`bot.app.delivery.Delivery.deliver_ticks` (or ``App.tick`` and
  ``deliver`` itself, for what the platform adds to a notice: its
  :class:`~bot.app.types.ClockNotice` says whom it calls and what each player is told in
  private): a notice a chat refused is posted again by a later tick
  (``App.notice_undelivered``);
* ask ``App.facts`` what it must know of a table (:class:`~bot.app.queries.TableFacts`: who
  sits, who must act, where its game is played), never the table itself;
* at start, upload the platform's command set only when ``await app.claim_command_sync(platform,
  scope, digest)`` says so, then ``await app.command_set_synced(...)`` (:mod:`bot.app.published`:
  one process of the deployment uploads a changed set, the others skip).

The computer's turn.  ``handle`` only ever applies the person's update and returns what *that*
did, so what a user is told is what happened, in order: his move, then the computer's.  No board
is posted for the computer to act on (it would ask the computer, which needs none): what the
person's update said waits in the table (``place.notes``), and the board of the computer's turn,
the person's next one, shows it first and takes the old board's buttons away.  When the
write leaves the computer to act, a due entry is set with it (the same deadlines the move clocks
use, a few seconds past the level's budget).  ``computer_moves`` then loads the table, has the
computer decide in its worker processes (:class:`bot.ai.worker.ComputerWorker`; the event loop
never waits on the nets), applies each action through the engine, and writes the whole turn with
one compare-and-set under the update id ``ai:<table version>``: two processes serving the same
turn write it once (the other finds a newer version and yields nothing), and a process stopped
mid-thought leaves the due entry behind, so the next ``tick`` of any process (after a restart
too) plays the turn and returns its replies like a clock notice.  Its dice are the app's dice.

Button payloads (:mod:`bot.app.payload`) fit Telegram's 64 bytes and Discord's 100 characters.
"""

from bot.app.app import App
from bot.app.context import Context, Refused
from bot.app.dice import DiceScheme
from bot.app.payload import InvalidPayload, Payload, format_payload, parse_payload
from bot.app.table import Seat, Table, TableSettings
from bot.app.types import (
    Attachment,
    Board,
    Button,
    ClearButtons,
    EditBoard,
    Keyboard,
    NotApplied,
    Reply,
    SendBoard,
    SendFile,
    SendText,
    Thinking,
    Toast,
    Update,
    User,
)

__all__ = [
    "App",
    "Attachment",
    "Board",
    "Button",
    "ClearButtons",
    "Context",
    "DiceScheme",
    "EditBoard",
    "InvalidPayload",
    "Keyboard",
    "NotApplied",
    "Payload",
    "Refused",
    "Reply",
    "Seat",
    "SendBoard",
    "SendFile",
    "SendText",
    "Table",
    "TableSettings",
    "Thinking",
    "Toast",
    "Update",
    "User",
    "format_payload",
    "parse_payload",
]
