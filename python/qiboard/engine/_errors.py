"""What can go wrong with an engine, as exceptions.

An engine that exits, hangs or speaks something other than its protocol
raises an :class:`EngineError` (a ``RuntimeError``: the caller's input was
fine) and is killed and reaped, so no process is left behind. Bad
arguments to the client itself (a limit, an option value) raise
:class:`EngineArgumentError`, a ``ValueError`` like every other input error
of the package.
"""

from __future__ import annotations

from .._qiboard import QiboardError


class EngineError(RuntimeError):
    """The engine failed: it exited, did not answer in time, or answered
    something its protocol does not allow."""


class EngineTerminatedError(EngineError):
    """The engine process exited (or was killed), or had already been shut
    down when a command was given."""


class EngineTimeoutError(EngineError, TimeoutError):
    """The engine did not answer within the timeout; it has been killed."""


class EngineProtocolError(EngineError):
    """The engine said something its protocol does not allow: a line too
    long, too many lines it has no business sending, a malformed answer."""


class EngineMoveError(EngineProtocolError):
    """The engine named a move that is not legal where it was played (in its
    best move, ponder move or a principal variation).

    ``move`` is the engine's text and ``fen`` the position it was meant for.
    """

    def __init__(self, message: str, move: str, fen: str) -> None:
        super().__init__(message)
        self.move = move
        self.fen = fen

    def __reduce__(self) -> tuple[type[EngineMoveError], tuple[str, str, str]]:
        return (type(self), (str(self), self.move, self.fen))


class EngineArgumentError(QiboardError):
    """A bad argument to the engine client: a limit, an option or its value,
    a MultiPV count, a root move. The message names the parameter."""
