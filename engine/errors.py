"""The engine's exceptions: every one is a ``ValueError`` whose message says what is wrong."""

from __future__ import annotations


class EngineError(ValueError):
    """Base of every error the engine raises on bad input or a forbidden action.

    ``code`` is a stable machine-readable name of the error (for the app to translate) and
    ``params`` its named values; the message is the English text.
    """

    code: str = "engine_error"
    params: dict[str, object]

    def __init__(
        self, message: str = "", *, code: str | None = None, params: dict[str, object] | None = None
    ) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.params = dict(params or {})


class InvalidNotation(EngineError):
    """The text is not a play in any notation the engine understands."""

    code = "syntax"


class IllegalPlay(EngineError):
    """The play is well formed but the rules do not allow it in this position with these dice."""

    code = "illegal"


class AmbiguousPlay(IllegalPlay):
    """The text denotes more than one legal play with different results."""

    code = "ambiguous"


class IllegalAction(EngineError):
    """A game action (roll, double, take, ...) that the current state does not allow."""


class CorruptId(EngineError):
    """A position, match or XG identifier that cannot be decoded, or a state no game reaches."""

    code = "corrupt_id"


class UnsupportedSchema(EngineError):
    """A saved state written by a newer or unknown schema version: refused, never misread."""

    code = "unsupported_schema"
