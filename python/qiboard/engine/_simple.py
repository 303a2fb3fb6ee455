"""The blocking engine client: the asyncio :class:`Engine` run on an event
loop of its own, in a background thread, one per engine.

Each call hands a coroutine to that loop and waits for its result, so the
timeouts, the kill-and-reap on failure and the errors are the asyncio
client's. A call interrupted in the caller's thread (Ctrl-C) cancels its
coroutine; the engine's search is then stopped before the next command.
"""

from __future__ import annotations

import asyncio
import threading
from typing import TYPE_CHECKING, Any, Coroutine, List, Mapping, Optional, TypeVar, Union, overload

from .. import chess, xiangqi
from ._boards import Board
from ._engine import Engine, EngineFacts, PlayResult, popen_ucci, popen_uci
from ._info import Info, MoveT
from ._limit import Limit
from ._options import Options, OptionValue
from ._process import Command

if TYPE_CHECKING:
    from ._boards import BoardOf, RootMoves

T = TypeVar("T")


class _LoopThread:
    """An event loop running forever in a daemon thread, until stopped."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._serve, name="qiboard-engine", daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_forever()

    def run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        future = asyncio.run_coroutine_threadsafe(coroutine, self.loop)
        try:
            return future.result()
        except BaseException:
            # Interrupted here (or failed there): make sure the coroutine
            # does not go on behind the caller's back.
            future.cancel()
            try:
                future.result()
            except BaseException:
                pass
            raise

    def stop(self) -> None:
        if self.loop.is_closed():
            return
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join()
        self.loop.close()


class SimpleEngine(EngineFacts):
    """A running engine with blocking calls: ``SimpleEngine.popen_uci(path)``
    or ``popen_ucci(path)``; use it in a ``with`` block, or call
    :meth:`quit` when done."""

    def __init__(self, engine: Engine, runner: _LoopThread) -> None:
        self._engine = engine
        self._runner = runner

    @classmethod
    def _start(cls, start: Coroutine[Any, Any, Engine]) -> SimpleEngine:
        runner = _LoopThread()
        try:
            return cls(runner.run(start), runner)
        except BaseException:
            runner.stop()
            raise

    @classmethod
    def popen_uci(
        cls,
        command: Command,
        *,
        timeout: Optional[float] = 10.0,
        rank_base: Optional[int] = None,
        cwd: Optional[str] = None,
        env: Optional[Mapping[str, str]] = None,
    ) -> SimpleEngine:
        """Starts and greets a UCI engine; the arguments are
        :func:`qiboard.engine.popen_uci`'s."""
        return cls._start(popen_uci(command, timeout=timeout, rank_base=rank_base, cwd=cwd, env=env))

    @classmethod
    def popen_ucci(
        cls,
        command: Command,
        *,
        timeout: Optional[float] = 10.0,
        milliseconds: Optional[bool] = None,
        cwd: Optional[str] = None,
        env: Optional[Mapping[str, str]] = None,
    ) -> SimpleEngine:
        """Starts and greets a UCCI engine; the arguments are
        :func:`qiboard.engine.popen_ucci`'s."""
        return cls._start(popen_ucci(command, timeout=timeout, milliseconds=milliseconds, cwd=cwd, env=env))

    def _core(self) -> Engine:
        return self._engine

    def ping(self) -> None:
        """``isready``, and waits for ``readyok``."""
        self._runner.run(self._engine.ping())

    def configure(self, options: Mapping[str, OptionValue]) -> None:
        """Sets options; see :meth:`Engine.configure`."""
        self._runner.run(self._engine.configure(options))

    @overload
    def analyse(
        self, board: BoardOf[MoveT], limit: Limit, *, multipv: None = None, root_moves: RootMoves[MoveT] = None
    ) -> Info[MoveT]: ...
    @overload
    def analyse(
        self, board: BoardOf[MoveT], limit: Limit, *, multipv: int, root_moves: RootMoves[MoveT] = None
    ) -> List[Info[MoveT]]: ...
    def analyse(
        self, board: object, limit: Limit, *, multipv: Optional[int] = None, root_moves: RootMoves[Any] = None
    ) -> Union[Info[Any], List[Info[Any]]]:
        """Analyses ``board`` within ``limit``; see :meth:`Engine.analyse`."""
        return self._runner.run(self._engine._analyse(board, limit, multipv, root_moves))

    @overload
    def play(
        self, board: BoardOf[MoveT], limit: Limit, *, root_moves: RootMoves[MoveT] = None
    ) -> PlayResult[MoveT]: ...
    @overload
    def play(
        self, board: Board, limit: Limit, *, root_moves: RootMoves[str] = None
    ) -> Union[PlayResult[xiangqi.Move], PlayResult[chess.Move]]: ...
    def play(self, board: object, limit: Limit, *, root_moves: RootMoves[Any] = None) -> PlayResult[Any]:
        """The engine's move for ``board`` within ``limit``; see
        :meth:`Engine.play`."""
        return self._runner.run(self._engine._play(board, limit, root_moves))

    def quit(self) -> None:
        """Asks the engine to quit (killing it if it does not within
        ``timeout``), reaps it and stops the client's thread. Safe to call
        again."""
        if self._runner.loop.is_closed():
            return
        try:
            self._runner.run(self._engine.quit())
        finally:
            self._runner.stop()

    close = quit

    def __enter__(self) -> SimpleEngine:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.quit()

    def __repr__(self) -> str:
        return f"<SimpleEngine {self._engine!r}>"
