"""Verifiable dice at a table: every game's seed begun before its first roll, its commitment
shown on the game's first board, its seed revealed when the game is over, and the export the
standalone verifier reads (``python -m engine.fairdice verify dice.json``).

The seeds live in the table's record (:class:`bot.app.table.MatchDice`: ``current``, ``master``,
``client_seeds``); during an update they are :class:`bot.app.dice.TableDice` (``ctx.dice``),
whose changes :func:`keep` writes back into the table the use case decided.  A match has one
secret, its master; each game's server seed is derived from it (:func:`bot.app.dice.game_seed`),
so a finished game's seed can be shown and exported while the next games' stay unknown.
Two-player games are ``match_id.N`` (N counted from 1 over the whole match or session), a
chouette's seating roll is ``match_id.seat`` and its games ``match_id.N``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import replace

from bot.app.context import Context
from bot.app.dice import GameDice, game_seed
from bot.app.table import Table
from bot.app.types import Update
from engine.fairdice import GameSeed, logged_rolls
from engine.match import Match

VERIFY_COMMAND = "python -m engine.fairdice verify dice.json"
"""What a player runs on the exported dice file (the project's standalone verifier)."""

SEATING = "seat"
"""The game id suffix of a chouette's seating roll."""


def new_match_id(update: Update) -> str:
    """The id of a match (or session) a table starts with ``update``: unique per table and update,
    the same on a retry of the same update."""
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


def start_match(ctx: Context, table: Table) -> Table:
    """``table`` starting a match or session: its id, its secret, every player's client seed."""
    dice = replace(
        table.dice, match_id=new_match_id(ctx.update), master=ctx.dice.scheme.master_seed()
    )
    table = table.evolve(dice=dice)
    ctx.dice.load(None, table.dice.master)
    return with_client_seeds(ctx, table)


def commitment_note(ctx: Context) -> str:
    """The line showing the current game's commitment, shortened (for its first board)."""
    current = ctx.dice.current
    if current is None:
        return ""
    return ctx.tr("dice-commitment", commitment=current.short)


def seeds_note(ctx: Context, table: Table) -> str:
    """Who plays with which client seed."""
    seeds = ", ".join(f"{s.name} «{table.dice.client_seeds.get(s.user, '')}»" for s in table.seats)
    return ctx.tr("dice-client-seeds", seeds=seeds)


def reveal(ctx: Context, number: int | str) -> str:
    """The game is over: its dice retired and their seed shown, with how to check them."""
    done = ctx.dice.finish()
    if done is None:
        return ""
    return ctx.tr(
        "dice-revealed",
        number=str(number),
        seed=done.seed.server_seed.hex(),
        commitment=done.short,
        command=VERIFY_COMMAND,
    )


def dice_export(table: Table, match: Match) -> bytes | None:
    """The verifier's file of a match's finished games (``None``: no finished game yet)."""
    seeds = finished_seeds(table, match)
    if not seeds:
        return None
    assert table.dice.match_id is not None
    records = match.records()
    games: list[dict[str, object]] = []
    for number, seed in enumerate(seeds, 1):
        dice = GameSeed(seed, game_id(table.dice.match_id, number), client_seeds(table))
        games.append(dice.export(logged_rolls(records[number - 1].log)))
    return json.dumps({"games": games}, indent=1).encode()


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
