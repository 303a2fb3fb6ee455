"""The engine client on asyncio: start an engine, greet it, configure it,
and ask it to analyse or play a position or a game.

One command runs at a time (a lock keeps them in order). Each waits with a
timeout: a command other than a search waits at most ``timeout`` seconds
for its answer; a search may stay silent ``timeout`` seconds beyond the
time its limit gives it (``time``, or the clock of the side to move). An
engine that exits, times out or floods the client with lines it has no
business sending is killed and reaped, and the error raised; the engine
object is then spent. A malformed value or an illegal move within an
answer is raised once the engine has finished that answer: the engine
stays in step and can be used again. A search that is cancelled is
stopped (``stop``, and its best move read) before the next command.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import (
    TYPE_CHECKING,
    Any,
    Awaitable,
    Callable,
    Dict,
    FrozenSet,
    Generic,
    List,
    Mapping,
    Optional,
    Tuple,
    TypeVar,
    Union,
    overload,
)

from .. import chess, xiangqi
from ._boards import Board, Subject, subject_of
from ._dialects import Dialect, MoveText, Ucci, first_side, kept_root_moves
from ._errors import (
    EngineArgumentError,
    EngineError,
    EngineProtocolError,
    EngineTerminatedError,
    EngineTimeoutError,
)
from ._info import Info, MoveT, parse_info
from ._limit import Limit
from ._options import Option, Options, OptionValue, parse_option
from ._process import Command, EngineProcess

if TYPE_CHECKING:
    from ._boards import BoardOf, RootMoves

#: How many lines in a row an engine may send that answer nothing the
#: client waits for (banners, debug output) before it counts as garbage.
MAX_UNKNOWN_LINES = 1000

#: Options the client sets itself, per search.
MANAGED_OPTIONS = frozenset(["uci_variant", "multipv", "uci_chess960", "protocol", "usemillisec"])

_SEARCH_ANSWERS = frozenset(["info", "bestmove", "nobestmove"])
_NO_MOVE = frozenset(["(none)", "none", "0000", "null"])

T = TypeVar("T")


@dataclass(frozen=True)
class PlayResult(Generic[MoveT]):
    """An engine's choice: ``move`` (None when it has none, as in a lost
    position), the ``ponder`` move it expects in reply, the ``info`` of its
    main line, and whether it offered a draw or resigned (UCCI's ``bestmove
    ... draw`` / ``resign``)."""

    move: Optional[MoveT]
    ponder: Optional[MoveT]
    info: Info[MoveT]
    draw_offered: bool = False
    resigned: bool = False


def _check_timeout(timeout: Optional[float]) -> Optional[float]:
    if timeout is None:
        return None
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not timeout > 0:
        raise EngineArgumentError(f"timeout must be a positive number of seconds or None, got {timeout!r}")
    return float(timeout)


class EngineFacts:
    """What a running engine is, read alike from :class:`Engine` and from
    the blocking client that wraps one."""

    def _core(self) -> Engine:
        raise NotImplementedError

    @property
    def id(self) -> Dict[str, str]:
        """What the engine says of itself: ``name``, ``author`` (UCCI also
        ``copyright``, ``user``)."""
        return self._core()._id

    @property
    def protocol(self) -> str:
        """``"uci"`` or ``"ucci"``."""
        return self._core()._dialect.name

    @property
    def options(self) -> Options:
        """The options the engine declared, by name (any case)."""
        return self._core()._options

    @property
    def pid(self) -> int:
        """The engine's process id."""
        return self._core()._process.pid

    @property
    def returncode(self) -> Optional[int]:
        """The engine's exit code once it has ended and been reaped, else
        None."""
        return self._core()._process.returncode

    @property
    def rank_base(self) -> int:
        """How the engine counts xiangqi ranks in its moves: from 0 (UCCI,
        Pikafish-style engines) or from 1 (Fairy-Stockfish over UCI)."""
        return self._core()._moves.rank_base

    @property
    def timeout(self) -> Optional[float]:
        """Seconds a command waits for the engine (None: no limit)."""
        return self._core()._timeout

    @timeout.setter
    def timeout(self, timeout: Optional[float]) -> None:
        self._core()._timeout = _check_timeout(timeout)


class Engine(EngineFacts):
    """A running engine, driven on asyncio. Start one with :func:`popen_uci`
    or :func:`popen_ucci`; end it with :meth:`quit` (or ``async with``)."""

    def __init__(
        self,
        process: EngineProcess,
        dialect: Dialect,
        timeout: Optional[float],
        rank_base: Optional[int],
        milliseconds: Optional[bool],
    ) -> None:
        self._process = process
        self._dialect = dialect
        self._timeout = _check_timeout(timeout)
        self._rank_base = rank_base
        self._milliseconds = milliseconds
        self._moves = MoveText(0 if rank_base is None else rank_base)
        self._id: Dict[str, str] = {}
        self._options = Options({})
        self._values: Dict[str, Optional[str]] = {}
        self._lock = asyncio.Lock()
        self._searching = False
        self._gone: Optional[str] = None

    def _core(self) -> Engine:
        return self

    def __repr__(self) -> str:
        name = self.id.get("name", self._process.name)
        state = f"gone: {self._gone}" if self._gone else f"pid={self.pid}"
        return f"<Engine {self.protocol} {name!r} {state}>"

    # -- talking ----------------------------------------------------------

    async def _send(self, line: str) -> None:
        await self._process.send(line)

    async def _line(
        self,
        wanted: FrozenSet[str],
        what: str,
        timeout: Optional[float],
        *,
        each: bool = False,
        deadline: Optional[float] = None,
    ) -> List[str]:
        """The tokens of the next line that starts with one of ``wanted``,
        waiting at most ``timeout`` seconds in all (``each``: for each
        line; ``deadline``: until then, the loop's time); lines that start
        otherwise are skipped, up to :data:`MAX_UNKNOWN_LINES`."""
        loop = asyncio.get_running_loop()
        if deadline is None and timeout is not None and not each:
            deadline = loop.time() + timeout
        skipped, last = 0, ""
        while True:
            wait = timeout if deadline is None else max(0.0, deadline - loop.time())
            try:
                line = await self._process.read_line(wait)
            except EngineTimeoutError:
                raise EngineTimeoutError(
                    f"{self._process.name} did not answer within {timeout} s while {what}; it has been killed"
                ) from None
            except EngineTerminatedError as error:
                raise EngineTerminatedError(f"{error} while {what}") from None
            tokens = line.split()
            if tokens and tokens[0] in wanted:
                return tokens
            skipped, last = skipped + 1, line
            if skipped >= MAX_UNKNOWN_LINES:
                raise EngineProtocolError(
                    f"{self._process.name} sent {skipped} lines in a row that are not {self.protocol.upper()} "
                    f"while {what}, the last {last[:80]!r}; it has been killed"
                )

    async def _run(self, what: str, body: Callable[[], Awaitable[T]]) -> T:
        """Runs one command: in turn, on an engine still alive and not
        searching; an engine that fails is killed and reaped."""
        async with self._lock:
            if self._gone is not None:
                raise EngineTerminatedError(f"{self._process.name} is gone ({self._gone}): cannot {what}")
            try:
                if self._searching:
                    await self._stop_search()
                return await body()
            except EngineError as error:
                await self._abandon(str(error))
                raise

    async def _abandon(self, reason: str) -> None:
        self._gone = reason
        self._searching = False
        await asyncio.shield(self._process.kill())

    async def _stop_search(self) -> None:
        """Ends a search left running (its caller was cancelled)."""
        await self._send("stop")
        while (await self._line(_SEARCH_ANSWERS, "stopping a search", self._timeout))[0] == "info":
            pass
        self._searching = False

    # -- the greeting -----------------------------------------------------

    async def _start(self) -> None:
        await self._send(self._dialect.greeting)
        declared: Dict[str, Option] = {}
        wanted = frozenset(["id", "option", self._dialect.greeted])
        loop = asyncio.get_running_loop()
        deadline = None if self._timeout is None else loop.time() + self._timeout
        while True:
            what = f"greeting it ({self._dialect.greeting})"
            tokens = await self._line(wanted, what, self._timeout, deadline=deadline)
            if tokens[0] == self._dialect.greeted:
                break
            if tokens[0] == "id" and len(tokens) >= 2:
                self._id[tokens[1]] = " ".join(tokens[2:])
            elif tokens[0] == "option":
                option = parse_option(tokens[1:])
                if option is not None:
                    declared[option.name] = option
        self._options = Options(declared)
        for option in declared.values():
            try:
                self._values[option.name.lower()] = option.text(option.default)
            except EngineArgumentError:
                self._values[option.name.lower()] = None
        if self._rank_base is None:
            variant = self._options.get("UCI_Variant")
            fairy = variant is not None and "xiangqi" in (choice.lower() for choice in variant.var)
            self._moves = MoveText(1 if fairy and self._dialect.name == "uci" else 0)
        if self._dialect.name == "ucci":
            if "usemillisec" in self._options:
                await self._send(self._dialect.setoption(self._options["usemillisec"].name, "true"))
                self._dialect.milliseconds = True
            elif self._milliseconds is not None:
                self._dialect.milliseconds = self._milliseconds
            else:
                # Fairy-Stockfish reads UCCI times in milliseconds without
                # declaring usemillisec; the specification's unit is seconds.
                self._dialect.milliseconds = self.id.get("name", "").startswith("Fairy-Stockfish")
        await self._ping()

    async def _ping(self) -> None:
        await self._send("isready")
        await self._line(frozenset(["readyok"]), "waiting for readyok", self._timeout)

    # -- commands ---------------------------------------------------------

    async def ping(self) -> None:
        """Asks the engine whether it is ready (``isready``) and waits for
        its ``readyok``."""
        await self._run("ping it", self._ping)

    async def configure(self, options: Mapping[str, OptionValue]) -> None:
        """Sets options, by name (any case), to values their declared type
        takes: a bool for a check, an int for a spin, one of the choices of
        a combo, text for a string, None for a button. The options the
        client sets itself (UCI_Variant, MultiPV, UCI_Chess960) are refused:
        they follow each search's board and ``multipv``."""
        lines = []
        for name, value in options.items():
            if not isinstance(name, str) or name not in self._options:
                raise EngineArgumentError(f"options: the engine has no option {name!r}")
            option = self._options[name]
            if option.name.lower() in MANAGED_OPTIONS:
                raise EngineArgumentError(f"options: {option.name} is set by the client for each search")
            lines.append(self._dialect.setoption(option.name, option.text(value)))

        async def send_all() -> None:
            for line in lines:
                await self._send(line)
            await self._ping()

        await self._run("configure it", send_all)

    async def _set(self, name: str, text: str) -> None:
        """Sets a managed option, when it is not set so already."""
        option = self._options[name]
        if self._values.get(option.name.lower()) != text:
            await self._send(self._dialect.setoption(option.name, text))
            self._values[option.name.lower()] = text

    async def _prepare(self, subject: Subject, multipv: int) -> None:
        if subject.variant == "chess" and not self._dialect.chess:
            raise EngineArgumentError("board: UCCI engines play xiangqi, not chess")
        variant = self._options.get("UCI_Variant")
        if variant is not None:
            if variant.var and subject.variant not in (choice.lower() for choice in variant.var):
                raise EngineArgumentError(f"board: the engine's UCI_Variant offers no {subject.variant}")
            await self._set("UCI_Variant", subject.variant)
        if subject.variant == "chess" and "UCI_Chess960" in self._options:
            await self._set("UCI_Chess960", "true" if subject.chess960 else "false")
        if "MultiPV" in self._options:
            try:
                await self._set("MultiPV", self._options["MultiPV"].text(multipv) or "1")
            except EngineArgumentError:
                raise EngineArgumentError(f"multipv: the engine takes no MultiPV of {multipv}") from None
        elif multipv > 1:
            raise EngineArgumentError("multipv: the engine has no MultiPV option")

    async def _search(
        self,
        board: object,
        limit: Limit,
        multipv: int,
        root_moves: RootMoves[Any],
    ) -> Tuple[Dict[int, Info[Any]], Optional[PlayResult[Any]], Optional[EngineError]]:
        """Runs one search to its end: the infos by MultiPV number, the
        result, and the first malformed value or illegal move met in the
        engine's answers (raised by the caller: the engine is in step)."""
        if not isinstance(limit, Limit):
            raise TypeError(f"limit must be a Limit, not {type(limit).__name__}")
        if isinstance(multipv, bool) or not isinstance(multipv, int) or multipv < 1:
            raise EngineArgumentError(f"multipv must be a positive integer, got {multipv!r}")
        subject = subject_of(board)
        if root_moves is not None and len(root_moves) == 0:
            raise EngineArgumentError("root_moves: give at least one move, or None for all")
        allowed = None if root_moves is None else subject.root_moves(root_moves)
        first = first_side(subject.turn)
        thinking = limit.clock(first)
        only_clocks = limit.depth is None and limit.nodes is None and limit.time is None and limit.mate is None
        if limit.has_clocks() and thinking is None and only_clocks:
            raise EngineArgumentError(f"limit: the clock of the side to move ({subject.turn}) is missing")
        budget = limit.time or (thinking or 0.0) + (limit.inc(first) or 0.0)
        silence = None if self._timeout is None else self._timeout + budget
        variant = subject.variant
        engine_text = [self._moves.to_engine(variant, move) for move in subject.moves]
        legal = subject.legal_moves()
        searchmoves, banned = self._dialect.restrict(legal, kept_root_moves(legal, allowed, subject.banned))
        go = self._dialect.go(
            limit, first, None if searchmoves is None else [self._moves.to_engine(variant, m) for m in searchmoves]
        )

        position = f"position fen {subject.start_fen}"
        if engine_text:
            position += " moves " + " ".join(engine_text)

        def native(text: str) -> str:
            return self._moves.to_game(variant, text)

        async def search() -> Tuple[Dict[int, Info[Any]], Optional[PlayResult[Any]], Optional[EngineError]]:
            await self._prepare(subject, multipv)
            await self._send(position)
            if banned:
                await self._send("banmoves " + " ".join(self._moves.to_engine(variant, move) for move in banned))
            # Searching from the moment the line is written (write() is
            # immediate; only the drain after it can be interrupted), so that
            # a cancellation from here on stops the search.
            self._searching = True
            await self._send(go)
            infos: Dict[int, Info[Any]] = {}
            pending: Optional[EngineError] = None
            while True:
                tokens = await self._line(_SEARCH_ANSWERS, "searching", silence, each=True)
                if tokens[0] != "info":
                    break
                try:
                    info = parse_info(tokens[1:], subject, native)
                except EngineProtocolError as error:
                    pending = pending or error
                    continue
                # A line about the move being searched says nothing of a
                # finished line: it would only age the depth of the last.
                if "pv" in info or "score" in info or "currmove" not in tokens:
                    infos.setdefault(info.get("multipv", 1), {}).update(info)
            self._searching = False
            result = None
            try:
                result = self._result(tokens, subject, infos.get(1, {}), native)
            except EngineProtocolError as error:
                pending = pending or error
            return infos, result, pending

        return await self._run("search", search)

    def _result(
        self, tokens: List[str], subject: Subject, info: Info[Any], native: Callable[[str], str]
    ) -> PlayResult[Any]:
        if tokens[0] == "nobestmove" or len(tokens) < 2 or tokens[1] in _NO_MOVE:
            if tokens[0] == "bestmove" and len(tokens) < 2:
                raise EngineProtocolError("the engine sent bestmove without a move")
            return PlayResult(None, None, info)
        move = subject.parse(subject.position, native(tokens[1]), "best move")
        ponder = None
        if "ponder" in tokens[2:]:
            at = tokens.index("ponder", 2) + 1
            if at < len(tokens) and tokens[at] not in _NO_MOVE:
                after = subject.position.play(move)
                ponder = subject.parse(after, native(tokens[at]), "ponder move")
        return PlayResult(move, ponder, info, draw_offered="draw" in tokens[2:], resigned="resign" in tokens[2:])

    @overload
    async def analyse(
        self, board: BoardOf[MoveT], limit: Limit, *, multipv: None = None, root_moves: RootMoves[MoveT] = None
    ) -> Info[MoveT]: ...
    @overload
    async def analyse(
        self, board: BoardOf[MoveT], limit: Limit, *, multipv: int, root_moves: RootMoves[MoveT] = None
    ) -> List[Info[MoveT]]: ...
    async def analyse(
        self, board: object, limit: Limit, *, multipv: Optional[int] = None, root_moves: RootMoves[Any] = None
    ) -> Union[Info[Any], List[Info[Any]]]:
        """Analyses ``board`` (a position, or a game with its history) within
        ``limit``: the info of the best line, or with ``multipv=N`` a list
        of the infos of the N best lines, best first. ``root_moves``
        restricts the search to those moves. For a xiangqi game the moves
        its repetition rules forbid are kept out of the search (UCCI:
        ``banmoves``; UCI: ``searchmoves`` of the others)."""
        return await self._analyse(board, limit, multipv, root_moves)

    async def _analyse(
        self, board: object, limit: Limit, multipv: Optional[int], root_moves: RootMoves[Any]
    ) -> Union[Info[Any], List[Info[Any]]]:
        infos, _, pending = await self._search(board, limit, 1 if multipv is None else multipv, root_moves)
        if pending is not None:
            raise pending
        if multipv is None:
            return infos.get(1, {})
        return [infos[number] for number in sorted(infos) if number <= multipv]

    @overload
    async def play(
        self, board: BoardOf[MoveT], limit: Limit, *, root_moves: RootMoves[MoveT] = None
    ) -> PlayResult[MoveT]: ...
    @overload
    async def play(
        self, board: Board, limit: Limit, *, root_moves: RootMoves[str] = None
    ) -> Union[PlayResult[xiangqi.Move], PlayResult[chess.Move]]: ...
    async def play(self, board: object, limit: Limit, *, root_moves: RootMoves[Any] = None) -> PlayResult[Any]:
        """The engine's move for ``board`` within ``limit``, with the move it
        expects in reply (see :class:`PlayResult`). For a xiangqi game the
        moves its repetition rules forbid are kept out, as in
        :meth:`analyse`."""
        return await self._play(board, limit, root_moves)

    async def _play(self, board: object, limit: Limit, root_moves: RootMoves[Any]) -> PlayResult[Any]:
        _, result, pending = await self._search(board, limit, 1, root_moves)
        if pending is not None:
            raise pending
        assert result is not None
        return result

    async def quit(self) -> None:
        """Asks the engine to quit, waits up to ``timeout`` seconds for it
        to exit, kills it if it has not, and reaps it. Does nothing for an
        engine already gone."""
        async with self._lock:
            if self._gone is not None:
                return
            self._gone = "it has quit"
            try:
                await self._send("quit")
            except EngineTerminatedError:
                pass
            await asyncio.shield(self._process.end(self._timeout))

    async def __aenter__(self) -> Engine:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.quit()


async def _popen(
    command: Command,
    dialect: Dialect,
    timeout: Optional[float],
    rank_base: Optional[int],
    milliseconds: Optional[bool],
    cwd: Optional[str],
    env: Optional[Mapping[str, str]],
) -> Engine:
    _check_timeout(timeout)
    if rank_base is not None:
        MoveText(rank_base)
    process = await EngineProcess.start(command, cwd, env)
    engine = Engine(process, dialect, timeout, rank_base, milliseconds)
    try:
        await engine._start()
    except BaseException:
        await asyncio.shield(process.kill())
        raise
    return engine


async def popen_uci(
    command: Command,
    *,
    timeout: Optional[float] = 10.0,
    rank_base: Optional[int] = None,
    cwd: Optional[str] = None,
    env: Optional[Mapping[str, str]] = None,
) -> Engine:
    """Starts a UCI engine (``command``: its path, or its argv) and greets
    it. ``timeout``: seconds each command waits for an answer (None: no
    limit). ``rank_base``: how the engine counts xiangqi ranks, 0 or 1;
    None finds it out (1 for Fairy-Stockfish, which offers UCI_Variant;
    0 otherwise, as Pikafish)."""
    return await _popen(command, Dialect(), timeout, rank_base, None, cwd, env)


async def popen_ucci(
    command: Command,
    *,
    timeout: Optional[float] = 10.0,
    milliseconds: Optional[bool] = None,
    cwd: Optional[str] = None,
    env: Optional[Mapping[str, str]] = None,
) -> Engine:
    """Starts a UCCI engine (``command``: its path, or its argv) and greets
    it. ``timeout`` as for :func:`popen_uci`. ``milliseconds``: whether
    the engine reads times in milliseconds; None finds it out (yes if it
    offers ``usemillisec``, which is then set, or is Fairy-Stockfish;
    seconds otherwise, as the specification says)."""
    return await _popen(command, Ucci(), timeout, None, milliseconds, cwd, env)
