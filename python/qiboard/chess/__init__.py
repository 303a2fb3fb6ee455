"""Chess: positions, moves (UCI and SAN), games under the draw rules,
PGN records, Polyglot keys and opening books (:mod:`qiboard.chess.polyglot`)
and perft.

Squares are numbered a1 = 0 ... h8 = 63. ``Position.key`` is the Polyglot
Zobrist key (the start position's is ``0x463b96181691fc9c``).

A ``Game`` ends as python-chess's ``Board.outcome()`` says: checkmate,
insufficient material, stalemate, the seventy-five-move rule and fivefold
repetition end it; the fifty-move rule and threefold repetition only when
claimed (``outcome(claim_draw=True)``). Endings are named as python-chess
names its ``Termination`` values, in lowercase with hyphens
(``"threefold-repetition"``).

Records: ``read_pgn(text)``, ``read_records(data)``, ``read_file(path)``
and ``iter_records(path)`` (a collection of any size, one game at a time)
give ``Record`` objects (tags, start, a tree of moves with comments, NAGs
and variations); ``Record.to_pgn()`` and ``Game.pgn()`` write PGN.
``svg(position, ...)`` draws a board (positions and games show themselves
as images in Jupyter).
"""

from .._qiboard import chess as _native
from . import polyglot

_NAMES = (
    "START_FEN", "Game", "Move", "Node", "Outcome", "Position", "Problem", "Record",
    "RecordReader", "iter_records", "perft", "read_file", "read_pgn", "read_records", "svg",
)

# The extension's classes and functions, under their own names.
globals().update((name, getattr(_native, name)) for name in _NAMES)
