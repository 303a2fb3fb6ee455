"""Chess: positions, moves (UCI and SAN), games, perft and Polyglot keys.

Squares are numbered a1 = 0 ... h8 = 63. ``Position.key`` is the Polyglot
Zobrist key (the start position's is ``0x463b96181691fc9c``).
"""

from ._qiboard import chess as _native

START_FEN: str = _native.START_FEN

Move = _native.Move
Position = _native.Position
Game = _native.Game
Outcome = _native.Outcome
perft = _native.perft
svg = _native.svg

__all__ = ["START_FEN", "Game", "Move", "Outcome", "Position", "perft", "svg"]
