"""Where UCI and UCCI differ: the greeting, ``setoption``, ``go``, the
moves an engine may not play, and how xiangqi moves are written.

Sources: the UCI specification (Stefan Meyer-Kahlen, 2004) and the UCCI
specification 3.0 (xqbase.com, 2007). Facts checked against Fairy-Stockfish
11.1 (Debian), which speaks both:

- UCCI greets with ``ucci``/``ucciok``, sets options as ``setoption NAME
  VALUE``, forbids root moves with ``banmoves m1 m2 ...`` (valid for the
  next ``go`` only) and has no ``movetime``: a time per move is sent as
  ``go time T movestogo 1``. Clocks are ``time``/``increment`` for the side
  to move and ``opptime``/``oppincrement`` for the other. The specification
  counts them in seconds unless the engine offers ``usemillisec`` (then set
  to true); Fairy-Stockfish 11.1 reads milliseconds without offering it.
- UCI has no ``banmoves``; the moves the rules forbid are kept out with
  ``searchmoves`` listing the others.
- Xiangqi over UCI: Pikafish writes ranks 0-9 like UCCI; Fairy-Stockfish
  (which offers ``UCI_Variant``) writes them 1-10 (``h3e3`` for ``h2e2``).
"""

from __future__ import annotations

import math
import re
from typing import List, Optional, Sequence, Tuple

from ._errors import EngineArgumentError, EngineMoveError
from ._limit import Limit
from ._score import FIRST_SIDE

_XIANGQI_MOVE = re.compile(r"([a-i])(\d{1,2})([a-i])(\d{1,2})")


class MoveText:
    """Turns the game's move text into the engine's and back: the identity
    except for xiangqi written with ranks counted from ``rank_base``."""

    def __init__(self, rank_base: int) -> None:
        if rank_base not in (0, 1):
            raise EngineArgumentError(f"rank_base must be 0 or 1, got {rank_base!r}")
        self.rank_base = rank_base

    def to_engine(self, variant: str, text: str) -> str:
        """The engine's text for a legal move of the game."""
        if variant != "xiangqi" or self.rank_base == 0:
            return text
        return f"{text[0]}{int(text[1]) + 1}{text[2]}{int(text[3]) + 1}"

    def to_game(self, variant: str, text: str) -> str:
        """The game's text for the engine's ``text``; EngineMoveError if it
        cannot be a move at all."""
        if variant != "xiangqi" or self.rank_base == 0:
            return text
        found = _XIANGQI_MOVE.fullmatch(text)
        ranks = [int(found.group(2)) - 1, int(found.group(4)) - 1] if found else []
        if not found or not all(0 <= rank <= 9 for rank in ranks):
            raise EngineMoveError(f"the engine's move {text!r} is no xiangqi move with ranks 1-10", text, "")
        return f"{found.group(1)}{ranks[0]}{found.group(3)}{ranks[1]}"


def _millis(seconds: float) -> int:
    return max(1, round(seconds * 1000))


class Dialect:
    """UCI, the default; :class:`Ucci` overrides what differs."""

    name = "uci"
    greeting = "uci"
    greeted = "uciok"
    chess = True

    def __init__(self, milliseconds: bool = True) -> None:
        self.milliseconds = milliseconds

    def setoption(self, name: str, text: Optional[str]) -> str:
        """The line that sets option ``name`` to ``text`` (None: a button)."""
        return f"setoption name {name}" + ("" if text is None else f" value {text}")

    def restrict(self, legal: Sequence[str], keep: Optional[Sequence[str]]) -> Tuple[Optional[List[str]], List[str]]:
        """How to keep the search to the root moves ``keep`` (None: all of
        ``legal``): the ``searchmoves`` to send (None for none) and the
        ``banmoves`` (empty for none)."""
        return (None if keep is None else list(keep)), []

    def go(self, limit: Limit, first_to_move: bool, searchmoves: Optional[Sequence[str]]) -> str:
        """The ``go`` line for ``limit``; ``first_to_move`` when Red (White)
        is to move."""
        words = ["go"]
        if limit.depth is not None:
            words += ["depth", str(limit.depth)]
        if limit.nodes is not None:
            words += ["nodes", str(limit.nodes)]
        if limit.mate is not None:
            words += ["mate", str(limit.mate)]
        if limit.time is not None:
            words += ["movetime", str(_millis(limit.time))]
        for key, value in (
            ("wtime", limit.red_clock),
            ("btime", limit.black_clock),
            ("winc", limit.red_inc),
            ("binc", limit.black_inc),
        ):
            if value is not None:
                words += [key, str(round(value * 1000))]
        if limit.remaining_moves is not None and limit.has_clocks():
            words += ["movestogo", str(limit.remaining_moves)]
        if searchmoves:
            words += ["searchmoves", *searchmoves]
        return " ".join(words)


class Ucci(Dialect):
    """UCCI: the xiangqi protocol."""

    name = "ucci"
    greeting = "ucci"
    greeted = "ucciok"
    chess = False

    def setoption(self, name: str, text: Optional[str]) -> str:
        return f"setoption {name}" + ("" if text is None else f" {text}")

    def restrict(self, legal: Sequence[str], keep: Optional[Sequence[str]]) -> Tuple[Optional[List[str]], List[str]]:
        return None, ([] if keep is None else [move for move in legal if move not in keep])

    def _time(self, seconds: float) -> str:
        if self.milliseconds:
            return str(round(seconds * 1000))
        # Whole seconds; a clock with time left is never sent as 0.
        return str(max(1, math.floor(seconds)) if seconds > 0 else 0)

    def go(self, limit: Limit, first_to_move: bool, searchmoves: Optional[Sequence[str]]) -> str:
        if limit.mate is not None:
            raise EngineArgumentError("limit.mate: UCCI has no mate search")
        words = ["go"]
        if limit.depth is not None:
            words += ["depth", str(limit.depth)]
        if limit.nodes is not None:
            words += ["nodes", str(limit.nodes)]
        own, other = limit.clock(first_to_move), limit.clock(not first_to_move)
        if own is not None:
            words += ["time", self._time(own)]
            if limit.remaining_moves is not None:
                words += ["movestogo", str(limit.remaining_moves)]
            elif limit.inc(first_to_move) is not None:
                words += ["increment", self._time(limit.inc(first_to_move) or 0.0)]
            if other is not None:
                words += ["opptime", self._time(other)]
                if limit.remaining_moves is not None:
                    words += ["oppmovestogo", str(limit.remaining_moves)]
                elif limit.inc(not first_to_move) is not None:
                    words += ["oppincrement", self._time(limit.inc(not first_to_move) or 0.0)]
        elif limit.time is not None:
            words += ["time", self._time(limit.time), "movestogo", "1"]
        return " ".join(words)


def first_side(turn: str) -> bool:
    """Whether ``turn`` names the side that moves first."""
    return turn in FIRST_SIDE


def kept_root_moves(
    legal: Sequence[str], allowed: Optional[Sequence[str]], banned: Sequence[str]
) -> Optional[List[str]]:
    """The root moves a search keeps to, None for all ``legal`` moves: the
    caller's ``allowed`` moves (or all), less those the rules have
    ``banned``, unless that leaves none (the game is then lost whatever is
    played, and the engine may choose among the moves it was given)."""
    candidates = list(legal if allowed is None else allowed)
    keep = [move for move in candidates if move not in banned] or candidates
    return None if allowed is None and len(keep) == len(legal) else keep
