"""The engine's exceptions: every one is a ``ValueError`` whose message says what is wrong."""

from __future__ import annotations


class EngineError(ValueError):
    """Base of every error the engine raises on bad input or a forbidden action."""


class InvalidNotation(EngineError):
    """The text is not a play in any notation the engine understands."""


class IllegalPlay(EngineError):
    """The play is well formed but the rules do not allow it in this position with these dice."""


class AmbiguousPlay(IllegalPlay):
    """The text denotes more than one legal play with different results."""


class IllegalAction(EngineError):
    """A game action (roll, double, take, ...) that the current state does not allow."""


class CorruptId(EngineError):
    """A position, match or XG identifier that cannot be decoded."""
