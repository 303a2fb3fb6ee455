"""Xiangqi (Chinese chess): positions, moves, games, notations, records,
tablebases, planes, the action space and the batched stepper.

Squares are numbered a0 = 0 ... i9 = 89 (index = rank * 9 + file; rank 0
is Red's back rank). Moves are written in UCCI (``h2e2``).

The action space (``ACTION_COUNT`` = 2086 actions) lists every move any
piece could ever make on an empty board, sorted by origin square then
target square: rank and file moves of any length (1530), horse jumps
(508), advisor steps inside a palace (16) and elephant steps between
elephant points (32). ``Move.action``, ``move_to_action`` and
``action_to_move`` convert; ``Position.legal_mask()`` is a bool array of
``ACTION_COUNT`` entries.

``Position.planes()`` is a uint8 array of shape (15, 10, 9): plane
``color * 7 + kind`` (Red 0, Black 1; king, advisor, elephant, horse, rook,
cannon, pawn = 0..6) holds a 1 where such a piece stands, plane 14 is all
ones when Red is to move. Row r is rank r, column f is file f.
"""

from ._qiboard import xiangqi as _native

ACTION_COUNT: int = _native.ACTION_COUNT
PLANES: int = _native.PLANES
START_FEN: str = _native.START_FEN
SQUARES: list = _native.SQUARES

Move = _native.Move
Position = _native.Position
Game = _native.Game
Outcome = _native.Outcome
Repetition = _native.Repetition
Record = _native.Record
Node = _native.Node
Problem = _native.Problem
RecordReader = _native.RecordReader
Tablebase = _native.Tablebase
Dtm = _native.Dtm
Generated = _native.Generated
Batch = _native.Batch
Plan = _native.Plan
PlannedEndgame = _native.PlannedEndgame

move_to_action = _native.move_to_action
action_to_move = _native.action_to_move
square_index = _native.square_index
square_name = _native.square_name
detect_notation = _native.detect_notation
perft = _native.perft
read_records = _native.read_records
read_pgn = _native.read_pgn
read_file = _native.read_file
iter_records = _native.iter_records
material_of = _native.material_of
canonical_material = _native.canonical_material
material_attackers = _native.material_attackers
svg = _native.svg

# The same probes answered over HTTP by qiboard-server (pure Python).
from .remote import RemoteTablebase  # noqa: E402

#: Names of the ``Batch.endings`` codes (index = code).
ENDINGS = (
    None,
    "checkmate",
    "stalemate",
    "perpetual-check",
    "perpetual-chase",
    "repetition",
    "move-limit",
)

__all__ = [
    "ACTION_COUNT",
    "ENDINGS",
    "PLANES",
    "START_FEN",
    "SQUARES",
    "Batch",
    "Dtm",
    "Game",
    "Generated",
    "Move",
    "Node",
    "Outcome",
    "Plan",
    "PlannedEndgame",
    "Position",
    "Problem",
    "Record",
    "RecordReader",
    "RemoteTablebase",
    "Repetition",
    "Tablebase",
    "action_to_move",
    "canonical_material",
    "detect_notation",
    "iter_records",
    "material_attackers",
    "material_of",
    "move_to_action",
    "perft",
    "read_file",
    "read_pgn",
    "read_records",
    "square_index",
    "square_name",
    "svg",
]
