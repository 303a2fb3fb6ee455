"""Reading an engine's ``info`` lines into an :data:`Info` dict.

Both protocols send ``info depth 8 seldepth 11 multipv 1 score cp 35
nodes 12345 nps 400000 time 31 pv h2e2 h9g7 ...``; UCCI writes the score
bare (``score 35``) where UCI writes ``score cp 35``. Keys and their
values: ``depth``, ``seldepth``, ``multipv``, ``nodes``, ``nps``,
``hashfull``, ``tbhits`` (ints), ``time`` (seconds, a float), ``score`` (a
:class:`PovScore`), ``lowerbound`` and ``upperbound`` (True when the score
is only a bound), ``wdl`` (wins, draws, losses per mille), ``pv`` (the
principal variation as moves of the game, each checked) and ``string``.
Tokens the client does not know are skipped, as the protocols ask.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Dict, Generic, List, Tuple, TypeVar

from ._boards import Subject
from ._errors import EngineProtocolError
from ._score import PovScore, Score

MoveT = TypeVar("MoveT")

if TYPE_CHECKING:
    from typing_extensions import TypedDict

    class Info(TypedDict, Generic[MoveT], total=False):
        """What the engine said about a line of its search."""

        score: PovScore
        pv: List[MoveT]
        depth: int
        seldepth: int
        multipv: int
        nodes: int
        nps: int
        time: float
        hashfull: int
        tbhits: int
        lowerbound: bool
        upperbound: bool
        wdl: Tuple[int, int, int]
        string: str

else:

    class Info(Dict[str, Any], Generic[MoveT]):
        """What the engine said about a line of its search: a dict (see the
        module ``qiboard.engine`` for its keys), generic in the move type
        for type checkers."""


_COUNTS = ("depth", "seldepth", "multipv", "nodes", "nps", "hashfull", "tbhits")
# Integer fields read and dropped: they describe the search's progress.
_IGNORED_COUNTS = ("currmovenumber", "cpuload", "sbhits")
_MOVE_LISTS = ("pv", "currmove", "refutation", "currline")
_KEYWORDS = frozenset(_COUNTS + _IGNORED_COUNTS + _MOVE_LISTS + ("time", "score", "wdl", "string"))


def _integer(key: str, tokens: List[str], at: int) -> int:
    text = tokens[at] if at < len(tokens) else "(nothing)"
    try:
        return int(text)
    except ValueError:
        raise EngineProtocolError(f"info {key}: {text[:40]!r} is not an integer") from None


def _score(tokens: List[str], at: int, turn: str, info: Info[Any]) -> int:
    """Reads a score starting at ``at`` into ``info``; the index after it."""
    kind = tokens[at] if at < len(tokens) else ""
    if kind == "cp":
        score = Score(centipawns=_integer("score cp", tokens, at + 1))
        at += 2
    elif kind == "mate":
        score = Score(mate=_integer("score mate", tokens, at + 1))
        at += 2
    else:
        # UCCI: the centipawns follow `score` directly.
        score = Score(centipawns=_integer("score", tokens, at))
        at += 1
    info["score"] = PovScore(score, turn)
    while at < len(tokens) and tokens[at] in ("lowerbound", "upperbound"):
        info[tokens[at]] = True  # type: ignore[literal-required]
        at += 1
    return at


def parse_info(tokens: List[str], subject: Subject, native: Callable[[str], str]) -> Info[Any]:
    """The info of an ``info`` line (``tokens`` without ``info``) about a
    search of ``subject``; ``native`` turns the engine's move text into the
    game's. EngineProtocolError for a malformed value, EngineMoveError for
    an illegal move in the principal variation."""
    info: Info[Any] = {}
    at = 0
    while at < len(tokens):
        key = tokens[at]
        at += 1
        if key == "string":
            info["string"] = " ".join(tokens[at:])
            break
        if key in _COUNTS:
            info[key] = _integer(key, tokens, at)  # type: ignore[literal-required]
            at += 1
        elif key in _IGNORED_COUNTS:
            _integer(key, tokens, at)
            at += 1
        elif key == "time":
            info["time"] = _integer(key, tokens, at) / 1000
            at += 1
        elif key == "score":
            at = _score(tokens, at, subject.turn, info)
        elif key == "wdl":
            info["wdl"] = (
                _integer(key, tokens, at),
                _integer(key, tokens, at + 1),
                _integer(key, tokens, at + 2),
            )
            at += 3
        elif key in _MOVE_LISTS:
            end = at
            while end < len(tokens) and tokens[end] not in _KEYWORDS:
                end += 1
            if key == "pv":
                info["pv"] = subject.line([native(text) for text in tokens[at:end]], "principal variation")
            at = end
    return info
