"""What an engine is asked about: a position or a game of either game, read
as a start FEN, the moves since, the current position and, for a xiangqi
game, the moves its repetition rules forbid now.

A game is sent with its whole history so that the engine sees every
repetition; a bare position has no history.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, List, Optional, Sequence, TypeVar, Union

from .. import chess, xiangqi
from ._errors import EngineArgumentError, EngineMoveError

#: A xiangqi position or game, as the engine client takes it.
XiangqiBoard = Union[xiangqi.Position, xiangqi.Game]
#: A chess position or game, as the engine client takes it.
ChessBoard = Union[chess.Position, chess.Game]
#: Either.
Board = Union[XiangqiBoard, ChessBoard]

if TYPE_CHECKING:
    from .._shared import GameBase, PositionBase

    _M = TypeVar("_M")
    # The engine's methods are typed once for both games: a board's moves
    # (xiangqi's or chess's) are the moves its answers are given in.
    # ``PositionBase`` and ``GameBase`` exist only in the stubs.
    BoardOf = Union[PositionBase[_M, Any], GameBase[_M, Any, Any]]
    RootMoves = Optional[Sequence[Union[str, _M]]]


@dataclass(frozen=True)
class Subject:
    """A board made ready for an engine. ``variant`` is ``"xiangqi"`` or
    ``"chess"``; moves are in the game's own text (UCCI, or UCI)."""

    variant: str
    start_fen: str
    moves: List[str]
    position: Any
    banned: List[str]
    chess960: bool

    @property
    def turn(self) -> str:
        """The side to move: ``red``, ``white`` or ``black``."""
        return str(self.position.turn)

    def legal_moves(self) -> List[str]:
        """The legal moves of the current position, as text."""
        return [move.uci() for move in self.position.legal_moves()]

    def parse(self, position: Any, text: str, role: str) -> Any:
        """The legal move ``text`` of ``position``; EngineMoveError, naming
        the move and what the engine meant it for (``role``), if it is not
        one."""
        try:
            return position.parse_move(text)
        except ValueError as error:
            raise EngineMoveError(
                f"the engine's {role} {text!r} is not a legal move of {position.fen()}: {error}",
                text,
                position.fen(),
            ) from None

    def line(self, texts: Sequence[str], role: str) -> List[Any]:
        """The moves ``texts`` played one after another from the current
        position, each checked."""
        position = self.position
        moves = []
        for text in texts:
            move = self.parse(position, text, role)
            moves.append(move)
            position = position.play(move)
        return moves

    def root_moves(self, moves: Sequence[Any]) -> List[str]:
        """``moves`` (Moves or text) checked as legal moves of the current
        position, as text."""
        texts = []
        for move in moves:
            text = str(move)
            try:
                legal = self.position.is_legal(text)
            except ValueError:
                legal = False
            if not legal:
                raise EngineArgumentError(f"root_moves: {move!r} is not a legal move of {self.position.fen()}")
            texts.append(self.position.parse_move(text).uci())
        return texts


def subject_of(board: object) -> Subject:
    """The subject of ``board``; TypeError for anything but a position or
    game of either game."""
    if isinstance(board, xiangqi.Game):
        banned = [move.uci() for move in board.banned_moves()]
        return Subject("xiangqi", board.start.fen(), [m.uci() for m in board.moves], board.position, banned, False)
    if isinstance(board, xiangqi.Position):
        return Subject("xiangqi", board.fen(), [], board, [], False)
    if isinstance(board, chess.Game):
        start = board.start
        return Subject("chess", start.fen(), [m.uci() for m in board.moves], board.position, [], start.chess960)
    if isinstance(board, chess.Position):
        return Subject("chess", board.fen(), [], board, [], board.chess960)
    raise TypeError(f"board must be a qiboard xiangqi or chess Position or Game, not {type(board).__name__}")
