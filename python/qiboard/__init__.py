"""qiboard: xiangqi (Chinese chess) and chess for Python, on the qiboard Rust crate.

* :mod:`qiboard.xiangqi` -- positions, moves, games under the Asian (AXF)
  repetition rules, notations (UCCI, ICCS, WXF, Chinese), records (PGN,
  XQF), endgame tablebases, NumPy planes, a fixed action space and a
  batched stepper for reinforcement learning.
* :mod:`qiboard.chess` -- positions, moves (UCI, SAN), games, perft and
  Polyglot keys.
* :mod:`qiboard.envs` -- a Gymnasium environment and a PettingZoo AEC
  environment (needs ``gymnasium`` / ``pettingzoo``).
* :mod:`qiboard.engine` -- a client for UCI and UCCI engines, blocking or
  on asyncio (``from qiboard import engine``).

Every error for bad input is a ``ValueError`` subclass carrying the Rust
crate's message and naming the parameter (``ArgumentError`` for a number
or option a parameter does not take); an index out of range (a square, an
action, a batch's game, a book's entry) raises ``RangeError``, both a
``ValueError`` and an ``IndexError`` as Python's sequences raise; an engine that fails raises ``qiboard.engine.EngineError``
(a ``RuntimeError``).
"""

from ._qiboard import (
    ArgumentError,
    FenError,
    GameOverError,
    MaterialError,
    MoveError,
    NotationError,
    PerftError,
    PositionError,
    QiboardError,
    RangeError,
    RecordError,
    TablebaseError,
    __version__,
)
from . import chess, xiangqi

__all__ = [
    "ArgumentError",
    "FenError",
    "GameOverError",
    "MaterialError",
    "MoveError",
    "NotationError",
    "PerftError",
    "PositionError",
    "QiboardError",
    "RangeError",
    "RecordError",
    "TablebaseError",
    "__version__",
    "chess",
    "xiangqi",
]
