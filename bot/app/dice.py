"""The app's one source of dice: every game's dice from a committed seed (:mod:`engine.fairdice`).

Each game (and each chouette seating) gets a :class:`GameDice`: a 32-byte server seed (derived
from its match's secret, drawn from :mod:`secrets` when the table opened:
:func:`engine.fairdice.game_seed`), the game id, the seated players' client seeds, and how many
dice were drawn so far.  It lives in the table's record; the seed leaves it only as the
commitment (SHA-256) until the game is over, and then as the export anyone can check with
``nardy-bot verify``.  :class:`DiceScheme` is what the app is given: production draws seeds
from :mod:`secrets`; tests give a seeded one (:meth:`DiceScheme.seeded`), or a scripted one
(:meth:`DiceScheme.scripted`) whose dice are a fixed sequence (the commitment is then not
honoured: for tests that need particular rolls only).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.errors import EngineError
from engine.fairdice import SEED_BYTES, GameSeed, game_seed, short_commitment
from engine.game import DiceSource

CLIENT_SEED_MAX = 64
"""Most characters a player's client seed may have."""


@dataclass(frozen=True, slots=True)
class GameDice:
    """One game's dice: its seed (secret until the game is over) and the dice drawn so far."""

    seed: GameSeed
    drawn: int = 0

    @property
    def commitment(self) -> str:
        return self.seed.commitment()

    @property
    def short(self) -> str:
        """The commitment shortened for captions."""
        return short_commitment(self.seed.commitment())

    def advanced(self, drawn: int) -> GameDice:
        return self if drawn == self.drawn else replace(self, drawn=drawn)

    def to_list(self) -> list[Any]:
        """``[seed hex, game id, [client seeds], drawn]`` (kept in the table's record only)."""
        return [self.seed.server_seed.hex(), self.seed.game_id, list(self.seed.client_seeds),
                self.drawn]  # fmt: skip

    @classmethod
    def from_list(cls, data: Any) -> GameDice:
        try:
            seed_hex, game_id, client, drawn = data
            seed = GameSeed(bytes.fromhex(seed_hex), str(game_id), tuple(str(c) for c in client))
            return cls(seed, int(drawn))
        except (TypeError, ValueError, EngineError) as error:
            raise ValueError(f"corrupt game dice {data!r}") from error

    def export(self, rolls: Sequence[Sequence[int]]) -> dict[str, object]:
        """The verifier's export, seed revealed: only for a game that is over."""
        return self.seed.export(rolls)


class Drawing:
    """A dice source drawing a :class:`GameDice`'s stream; :attr:`state` is where it stopped."""

    __slots__ = ("_draw", "game")

    def __init__(self, game: GameDice, draw: DiceSource) -> None:
        self.game = game
        self._draw = draw

    def __call__(self) -> int:
        die = self._draw()
        self.game = replace(self.game, drawn=self.game.drawn + 1)
        return die

    @property
    def state(self) -> GameDice:
        return self.game


class DiceScheme:
    """Where the app's games get their seeds and dice (one per app; see the module docstring)."""

    def __init__(
        self,
        seed_bytes: Callable[[int], bytes] = secrets.token_bytes,
        script: DiceSource | None = None,
    ) -> None:
        self._seed_bytes = seed_bytes
        self._script = script

    @classmethod
    def seeded(cls, seed: int) -> DiceScheme:
        """Server and client seeds from a ``random.Random(seed)``: the real scheme, repeatable."""
        rng = random.Random(seed)
        return cls(rng.randbytes)

    @classmethod
    def scripted(cls, dice: DiceSource | Iterable[int]) -> DiceScheme:
        """Dice from a fixed source (tests that need particular rolls)."""
        source: DiceSource = dice if callable(dice) else iter(dice).__next__
        return cls(random.Random(0).randbytes, source)

    @property
    def honest(self) -> bool:
        """Whether the dice follow the seeds (everything but a scripted scheme)."""
        return self._script is None

    def client_seed(self) -> str:
        """A random client seed for a player who chose none (shown to the player)."""
        return self._seed_bytes(6).hex()

    def master_seed(self) -> bytes:
        """A fresh secret a match's games' server seeds are derived from (:func:`game_seed`),
        drawn when its table opens (:func:`bot.app.fair.open_table`)."""
        return self._seed_bytes(SEED_BYTES)

    def new_game(
        self, game_id: str, client_seeds: Sequence[str], master: bytes | None = None
    ) -> GameDice:
        """The dice of a game: its server seed derived from ``master``, else a fresh one."""
        seed = self._seed_bytes(SEED_BYTES) if master is None else game_seed(master, game_id)
        return GameDice(GameSeed(seed, game_id, tuple(client_seeds)))

    def drawing(self, game: GameDice) -> Drawing:
        """A dice source for ``game`` from where it stopped."""
        if self._script is not None:
            return Drawing(game, self._script)
        return Drawing(game, game.seed.stream(game.drawn))


def check_client_seed(text: str) -> str | None:
    """The client seed ``text`` as kept (stripped), or ``None`` when it is empty, too long or
    holds control characters."""
    seed = text.strip()
    if not seed or len(seed) > CLIENT_SEED_MAX or any(not c.isprintable() for c in seed):
        return None
    return seed


class TableDice:
    """The dice of one update at one table: the dice source the use cases roll with
    (``ctx.dice()`` draws the current game's next die), and the games begun and finished.

    :meth:`begin` gives a game its seed (before its first roll, so that its board can show the
    commitment); :meth:`finish` retires it when the game is over (its seed may then be shown).
    What changed is written back to the table by the pipeline (:attr:`changed`).
    """

    __slots__ = ("_drawing", "_fallback", "changed", "current", "finished", "master", "scheme")

    def __init__(self, scheme: DiceScheme) -> None:
        self.scheme = scheme
        self.master: bytes | None = None
        self.current: GameDice | None = None
        self.finished: list[GameDice] = []
        self.changed = False
        self._drawing: Drawing | None = None
        self._fallback: tuple[str, tuple[str, ...]] | None = None

    def load(
        self,
        current: GameDice | None,
        master: bytes | None = None,
        fallback: tuple[str, tuple[str, ...]] | None = None,
    ) -> None:
        """Start from a table's current game dice and its match's secret ``master``;
        ``fallback`` (game id, client seeds) seeds a game that began before the table kept
        dice, at its next roll."""
        self.current = current
        self.master = master
        self._fallback = fallback
        self._drawing = None

    def begin(self, game_id: str, client_seeds: Sequence[str]) -> GameDice:
        """The dice of game ``game_id``: the current ones when they are that game's, else a
        fresh seed (the current game, if any, is finished first)."""
        if self.current is not None and self.current.seed.game_id == game_id:
            return self.current
        self.finish()
        self.current = self.scheme.new_game(game_id, client_seeds, self.master)
        self.changed = True
        return self.current

    def reseed(self, client_seeds: Sequence[str]) -> GameDice:
        """The current game's dice with the players' ``client_seeds`` instead: only while none
        is drawn (its server seed stays, and so the commitment already shown)."""
        current = self.current
        if current is None or current.drawn:
            raise RuntimeError("client seeds changed after the game's first roll")
        self.current = GameDice(replace(current.seed, client_seeds=tuple(client_seeds)))
        self._drawing = None
        self.changed = True
        return self.current

    def finish(self) -> GameDice | None:
        """The current game is over: its dice, now retired (``None`` when there were none)."""
        done = self.current
        if done is not None:
            self.finished.append(done)
            self.current = None
            self._drawing = None
            self.changed = True
        return done

    def __call__(self) -> int:
        if self.current is None:
            if self._fallback is None:
                raise RuntimeError("dice drawn for no game")
            self.begin(*self._fallback)
        assert self.current is not None
        if self._drawing is None:
            self._drawing = self.scheme.drawing(self.current)
        die = self._drawing()
        self.current = self._drawing.state
        self.changed = True
        return die
