"""One entry of a game's log: who did what, with what values."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.errors import EngineError


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One action of the game: who did it (``None`` for the opening roll), what, with what values.

    Actions and values: ``opening`` (player 0's die, player 1's die), ``auto_double`` (new value),
    ``roll`` (d1, d2), ``move`` (notation, then from/to of every step), ``double`` (value offered),
    ``take``, ``pass``, ``beaver`` (value), ``beaver_accept``, ``beaver_refuse``, ``resign`` (kind),
    ``resign_accept``, ``resign_decline``, ``win`` (points, kind, reason) and ``draw``.
    """

    player: int | None
    action: str
    value: tuple[int | str, ...] = ()

    def to_list(self) -> list[Any]:
        """``[player, action, *value]``."""
        return [self.player, self.action, *self.value]

    @classmethod
    def from_list(cls, data: list[Any]) -> LogEntry:
        """Inverse of :meth:`to_list`."""
        player, action, *value = data
        if player not in (None, 0, 1) or not isinstance(action, str):
            raise EngineError(f"corrupt log entry {data!r}", code="corrupt_state")
        for v in value:
            if not isinstance(v, int | str):
                raise EngineError(f"corrupt log entry {data!r}", code="corrupt_state")
        return cls(player, action, tuple(value))
