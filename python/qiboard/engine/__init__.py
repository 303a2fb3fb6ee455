"""Drive UCI and UCCI engines: analyse and play xiangqi and chess positions
and games, blocking or on asyncio.

Blocking::

    from qiboard import xiangqi
    from qiboard.engine import Limit, SimpleEngine

    with SimpleEngine.popen_uci("fairy-stockfish") as engine:
        game = xiangqi.Game()
        info = engine.analyse(game, Limit(depth=10))
        print(info["score"].red(), info["pv"])
        game.play(engine.play(game, Limit(time=0.1)).move)

On asyncio, ``await popen_uci(...)`` (or ``popen_ucci``) gives an
:class:`Engine` with the same methods as coroutines.

What is sent:

- A position as ``position fen FEN``; a game as its start and every move
  since (``position fen START moves ...``), so that the engine sees the
  repetitions. Xiangqi moves are UCCI's (``h2e2``); a UCI engine that
  counts ranks from 1 (Fairy-Stockfish) gets and gives them so
  (``h3e3``), see ``rank_base``.
- A multi-variant UCI engine (one with a ``UCI_Variant`` option) is set to
  the board's game, ``xiangqi`` or ``chess``.
- The moves a xiangqi game's repetition rules forbid now
  (``Game.banned_moves()``: those that would lose by perpetual check or
  chase) go to a UCCI engine as ``banmoves``, and to a UCI engine as a
  ``searchmoves`` list of the other moves.

What comes back: :meth:`Engine.analyse` returns an :data:`Info` dict (keys
``score``, ``pv``, ``depth``, ``seldepth``, ``multipv``, ``nodes``,
``nps``, ``time`` in seconds, ``hashfull``, ``tbhits``, ``lowerbound``,
``upperbound``, ``wdl``, ``string``; each present when the engine sent
it), or a list of them with ``multipv=N``. ``score`` is a :class:`PovScore`:
``.relative`` for the side to move, ``.red()`` / ``.white()`` /
``.black()`` / ``.pov(side)``. ``pv`` holds moves of the game, each
checked: an illegal move from the engine raises :class:`EngineMoveError`
naming it. :meth:`Engine.play` returns a :class:`PlayResult`.

Faults: an engine that exits, does not answer within ``timeout`` seconds
or sends garbage (a line over 64 KiB, a thousand lines in a row that are
not its protocol) raises an :class:`EngineError` and is killed and reaped.

Simplifications: no pondering (the ponder move is reported, not searched),
no infinite analysis stream, no XBoard; UCCI has no mate search and no time
per move (``Limit(time=t)`` is sent as ``go time t movestogo 1``).
"""

from ._boards import Board, ChessBoard, XiangqiBoard
from ._engine import MAX_UNKNOWN_LINES, Engine, PlayResult, popen_ucci, popen_uci
from ._errors import (
    EngineArgumentError,
    EngineError,
    EngineMoveError,
    EngineProtocolError,
    EngineTerminatedError,
    EngineTimeoutError,
)
from ._info import Info
from ._limit import Limit
from ._options import Option, Options, OptionValue
from ._process import MAX_LINE
from ._score import PovScore, Score
from ._simple import SimpleEngine

__all__ = [
    "MAX_LINE",
    "MAX_UNKNOWN_LINES",
    "Board",
    "ChessBoard",
    "Engine",
    "EngineArgumentError",
    "EngineError",
    "EngineMoveError",
    "EngineProtocolError",
    "EngineTerminatedError",
    "EngineTimeoutError",
    "Info",
    "Limit",
    "Option",
    "OptionValue",
    "Options",
    "PlayResult",
    "PovScore",
    "Score",
    "SimpleEngine",
    "XiangqiBoard",
    "popen_ucci",
    "popen_uci",
]
