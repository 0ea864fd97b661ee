"""Verifiable dice at a table: the match's secret drawn when the table opens and its
commitment shown before any client seed can be given, every game's seed begun before its first
roll, its commitment shown on the game's first board, its seed revealed when the game is over,
the secret revealed when the match is over, and the export the verifier reads (``nardy-bot
verify dice.json``; ``docs/FAIR_DICE.md`` for players).

The seeds live in the table's record (:class:`bot.app.table.MatchDice`: ``current``, ``master``,
``client_seeds``); during an update they are :class:`bot.app.dice.TableDice` (``ctx.dice``),
whose changes :func:`keep` writes back into the table the use case decided.  A match has one
secret, its master, drawn when its table opens (:func:`open_table`); each game's server seed
is derived from it (:func:`engine.fairdice.game_seed`), so a finished game's seed can be shown
and exported while the next games' stay unknown, and the match's id is the start of the
secret's commitment (:func:`engine.fairdice.match_id`).  Two-player games are ``match_id.N``
(N counted from 1 over the whole match or session), a chouette's seating roll is
``match_id.seat`` and its games ``match_id.N``.

So the order is: the secret's commitment (the lobby, or the first message of a game against
the computer begun at once), then the players' client seeds (``seed`` in the lobby, against the
computer until the first roll), then the games, then the secret (:func:`reveal_secret`), which
anyone can check against the commitment and every game's seed.  A table opened before this
order got its id and secret when its match began (:func:`start_match`): it plays on as it did,
its secret never shown (:attr:`bot.app.table.Table.secret_commitment` is ``None``).
"""

from __future__ import annotations

import hashlib
import json
import shlex
from collections.abc import Callable, Sequence
from dataclasses import replace

from bot.app.context import Context
from bot.app.dice import GameDice
from bot.app.table import Table
from bot.app.types import Update
from engine.fairdice import (
    GameSeed,
    commitment,
    game_seed,
    logged_rolls,
    match_export,
    match_id,
    short_commitment,
)
from engine.game import LogEntry
from engine.match import Match

DICE_FILE = "dice.json"
"""The name of the exported dice file (the verifier's input) as a chat sends it."""


def verify_command(path: str = DICE_FILE) -> str:
    """The check of the dice file at ``path`` as a player types it: the installed package's
    console script, which needs no checkout of the source (the path quoted for a shell when it
    has to be).

    >>> verify_command("my dice.json")
    "nardy-bot verify 'my dice.json'"
    """
    return f"nardy-bot verify {shlex.quote(path)}"


VERIFY_COMMAND = verify_command()
"""What the chats tell a player to run on the dice file they send (``nardy-bot verify
dice.json``)."""

SEATING = "seat"
"""The game id suffix of a chouette's seating roll."""


def new_match_id(update: Update) -> str:
    """The id of a match (or session) that a table opened before its secret was drawn with it
    starts with ``update`` (:func:`start_match`): unique per table and update, the same on a
    retry of the same update."""
    text = f"{update.table.tag}|{update.update_id}".encode()
    return hashlib.sha256(text).hexdigest()[:12]


def game_id(match_id: str, number: int | str) -> str:
    """The dice game id of game ``number`` (from 1, or :data:`SEATING`) of a match."""
    return f"{match_id}.{number}"


def with_client_seeds(ctx: Context, table: Table) -> Table:
    """``table`` with a client seed for every seated player: the one chosen with ``seed``, else
    a random one (shown at the start)."""
    missing = [s.user for s in table.seats if s.user not in table.dice.client_seeds]
    if not missing:
        return table
    seeds = dict(table.dice.client_seeds)
    for user in missing:
        seeds[user] = ctx.dice.scheme.client_seed()
    return table.evolve(dice=replace(table.dice, client_seeds=seeds))


def seed_open(table: Table) -> bool:
    """Whether a player at ``table`` may still give his client seed once the match has begun:
    against the computer, until the match's first roll.  The server's seed of the first game is
    committed by then (its commitment on the first board), so a seed given now cannot have been
    known when it was drawn; the seed counts for the whole match."""
    return (
        table.stage == "play"
        and table.mode != "chouette"
        and any(s.computer for s in table.seats)
        and table.dice.match_id is not None
        and table.dice.current is not None
        and table.dice.current.drawn == 0
        and table.dice.current.seed.game_id == game_id(table.dice.match_id, 1)
    )


def with_client_seed(ctx: Context, table: Table, user: str, seed: str) -> Table:
    """``table`` with ``user``'s client seed ``seed``; the current game's dice, none drawn yet
    (:func:`seed_open`), use it."""
    seeds = dict(table.dice.client_seeds)
    seeds[user] = seed
    changed = table.evolve(dice=replace(table.dice, client_seeds=seeds))
    if table.dice.current is not None:
        ctx.dice.reseed(client_seeds(changed))
    return changed


def seed_offer(ctx: Context, table: Table, drawn: Sequence[str]) -> str:
    """What a game against the computer that begins says of the client seeds drawn for the
    players in ``drawn`` (user references): each may still give his own before the first roll
    (empty when none may, or the game is played on a card, where no typed command reaches)."""
    if ctx.update.card or not seed_open(table):
        return ""
    names = [s.name for s in table.seats if s.user in drawn and not s.computer]
    return "\n".join(ctx.tr("dice-seed-offer", player=name) for name in names)


def client_seeds(table: Table) -> tuple[str, ...]:
    """The seated players' client seeds in seat order."""
    return tuple(table.dice.client_seeds.get(s.user, "") for s in table.seats)


def game_number(table: Table, match: Match) -> int:
    """The number of ``match``'s current game over the whole match or session."""
    return table.past.dropped + match.number


def begin(ctx: Context, table: Table, number: int | str) -> GameDice:
    """The dice of game ``number`` at ``table`` (begun now unless they already are)."""
    assert table.dice.match_id is not None
    return ctx.dice.begin(game_id(table.dice.match_id, number), client_seeds(table))


def load(ctx: Context, table: Table) -> None:
    """Start the update's dice from ``table``'s (the pipeline, before a use case decides)."""
    fallback = None
    if table.dice.current is None and table.stage == "play" and table.match is not None:
        mid = table.dice.match_id or "unseeded"
        number = table.past.dropped + table.state().number
        fallback = (game_id(mid, number), client_seeds(table))
    ctx.dice.load(table.dice.current, table.dice.master, fallback)


def keep(ctx: Context, table: Table) -> Table:
    """``table`` with the update's current game dice written back."""
    if not ctx.dice.changed:
        return table
    return table.evolve(dice=replace(table.dice, current=ctx.dice.current))


def open_table(ctx: Context, table: Table) -> Table:
    """``table`` opening (its lobby, or a game against the computer begun at once): the
    match's secret drawn now, before any player can give a client seed, and the match's id the
    start of the secret's commitment.  The commitment is shown from the table's first message
    on (:func:`secret_note`), the secret when the match is over (:func:`reveal_secret`)."""
    secret = ctx.dice.scheme.master_seed()
    return table.evolve(
        dice=replace(table.dice, match_id=match_id(commitment(secret)), master=secret)
    )


def start_match(ctx: Context, table: Table) -> Table:
    """``table`` starting a match or session: every player's client seed, and the secret drawn
    when the table opened.  A lobby opened before the secret was drawn with its table gets its
    id and its secret now (after the client seeds, as it used to: that secret is never shown)."""
    if table.dice.master is None:
        dice = replace(
            table.dice, match_id=new_match_id(ctx.update), master=ctx.dice.scheme.master_seed()
        )
        table = table.evolve(dice=dice)
    ctx.dice.load(None, table.dice.master)
    return with_client_seeds(ctx, table)


def secret_note(tr: Callable[..., str], table: Table) -> str:
    """The line showing the commitment of the match's secret, shortened, in ``tr``'s language
    (the lobby, the start of the match); empty for a table whose secret is never shown."""
    full = table.secret_commitment
    if full is None:
        return ""
    return tr("dice-secret-commitment", commitment=short_commitment(full))


def match_rolled(ctx: Context, table: Table) -> bool:
    """Whether the match at ``table`` drew a die before the update ends it: a chouette's
    seating, a game of this update or a game after the first, or the current game's dice."""
    games = [*ctx.dice.finished, *([] if ctx.dice.current is None else [ctx.dice.current])]
    first = None if table.dice.match_id is None else game_id(table.dice.match_id, 1)
    return bool(table.dice.shown) or any(g.drawn or g.seed.game_id != first for g in games)


def reveal_secret(ctx: Context, table: Table) -> str:
    """The match (or money session, or chouette) at ``table`` is over: its secret shown, with
    how to check it against the commitment shown when the table opened and against every game's
    server seed.  Nothing for a table whose secret is never shown, or a match over before its
    first roll (nothing to check)."""
    full = table.secret_commitment
    if full is None or table.dice.master is None or not match_rolled(ctx, table):
        return ""
    return ctx.tr(
        "dice-secret-revealed",
        secret=table.dice.master.hex(),
        commitment=short_commitment(full),
        command=VERIFY_COMMAND,
    )


def unrolled(ctx: Context) -> bool:
    """Whether the current game's dice are committed and none of them drawn yet: its boards
    show the commitment until then (its first board, whatever phase it begins in)."""
    current = ctx.dice.current
    return current is not None and current.drawn == 0


def commitment_note(ctx: Context) -> str:
    """The line showing the current game's commitment, shortened (for its first board)."""
    current = ctx.dice.current
    if current is None:
        return ""
    return ctx.tr("dice-commitment", commitment=current.short)


def seeds_note(ctx: Context, table: Table) -> str:
    """Who plays with which client seed (quoted the way the language quotes)."""
    seeds = ", ".join(
        ctx.tr("dice-client-seed", player=s.name, seed=table.dice.client_seeds.get(s.user, ""))
        for s in table.seats
    )
    return ctx.tr("dice-client-seeds", seeds=seeds)


def reveal(ctx: Context, number: int | str) -> str:
    """The game is over: its dice retired and their seed shown, with how to check them.  A game
    over before its first roll (aborted at once) drew no die: nothing to check, nothing said."""
    done = ctx.dice.finish()
    if done is None or done.drawn == 0:
        return ""
    return ctx.tr(
        "dice-revealed",
        number=str(number),
        seed=done.seed.server_seed.hex(),
        commitment=done.short,
        command=VERIFY_COMMAND,
    )


SHOWN_KEPT = 4
"""A chouette's latest games (its seating roll counting as one) whose dice its table keeps for
``export``."""


def reveal_kept(
    ctx: Context, table: Table, number: int | str, rolls: Sequence[Sequence[int]]
) -> tuple[Table, str]:
    """A chouette's game (or its seating roll) is over: its seed shown (:func:`reveal`), and its
    dice as the game showed them, ``rolls``, kept in the table for ``export`` (a chouette keeps
    no finished game; the latest :data:`SHOWN_KEPT` are kept)."""
    done = ctx.dice.current
    text = reveal(ctx, number)
    if not text or done is None:
        return table, text
    groups = " ".join("".join(str(die) for die in group) for group in rolls)
    shown = (done.seed.game_id.rpartition(".")[2], done.seed.client_seeds, groups)
    kept = (*table.dice.shown, shown)[-SHOWN_KEPT:]
    return table.evolve(dice=replace(table.dice, shown=kept)), text


def shown_export(table: Table) -> bytes | None:
    """The verifier's file of the chouette games whose dice the table keeps (``None``: none),
    with the secret once the chouette is over (:func:`dice_file`)."""
    if not table.dice.shown or table.dice.match_id is None or table.dice.master is None:
        return None
    games: list[dict[str, object]] = []
    for number, seeds, rolls in table.dice.shown:
        name = game_id(table.dice.match_id, number)
        dice = GameSeed(game_seed(table.dice.master, name), name, seeds)
        games.append(dice.export([[int(die) for die in group] for group in rolls.split()]))
    return dice_file(table, games)


def dice_export(table: Table, match: Match) -> bytes | None:
    """The verifier's file of the finished games whose dice may be shown (``None``: none yet):
    a match's, or a money session's latest ones, those the table keeps (its ``recent`` games
    and a game over in ``match``), each under its number over the whole session; with the
    secret once the match or session is over (:func:`dice_file`)."""
    games_done = finished_games(table, match)
    if not games_done or table.dice.match_id is None or table.dice.master is None:
        return None
    games: list[dict[str, object]] = []
    for number, log in games_done:
        seed = game_seed(table.dice.master, game_id(table.dice.match_id, number))
        dice = GameSeed(seed, game_id(table.dice.match_id, number), client_seeds(table))
        games.append(dice.export(logged_rolls(log)))
    return dice_file(table, games)


def dice_file(table: Table, games: Sequence[dict[str, object]]) -> bytes:
    """``dice.json`` of ``games``: with the match's secret and its commitment once the match
    is over and its secret was shown (:func:`reveal_secret`), so that the verifier checks every
    game's server seed against them; without, while it goes on, or for a table whose secret is
    never shown."""
    over = table.stage == "over" and table.secret_commitment is not None
    data = match_export(games, table.dice.master if over else None)
    return json.dumps(data, indent=1).encode()


def finished_games(table: Table, match: Match) -> list[tuple[int, tuple[LogEntry, ...]]]:
    """The finished games the table keeps, with their numbers over the match or session, and
    their logs (empty: no dice kept, or a chouette).  A game that was in play when the table
    was aborted counts once it had a roll: its seed was revealed then (:func:`reveal`)."""
    if table.dice.match_id is None or table.dice.master is None:
        return []
    aborted = table.stage == "over"
    done = [
        (n, r.log)
        for n, r in enumerate(match.records(), 1)
        if r.result is not None or (aborted and logged_rolls(r.log))
    ]
    if table.mode == "match":
        return done
    if table.mode != "money":
        return []
    # A money session keeps its current game in ``match`` (numbered after the ``dropped``
    # ones) and its latest finished games in ``recent``, the last of them game ``dropped``.
    earlier = [] if table.past.recent is None else table.past.recent.records()
    first = table.past.dropped - len(earlier) + 1
    kept = [(first + i, r.log) for i, r in enumerate(earlier) if r.result is not None]
    return kept + [(table.past.dropped + n, log) for n, log in done]


def finished_seeds(table: Table, match: Match) -> Sequence[bytes]:
    """The server seeds of a match's finished games, by game (empty: not a match, or one whose
    dice the table did not keep)."""
    if table.mode != "match" or table.dice.match_id is None or table.dice.master is None:
        return ()
    done = [record for record in match.records() if record.result is not None]
    return tuple(
        game_seed(table.dice.master, game_id(table.dice.match_id, n))
        for n in range(1, len(done) + 1)
    )
