"""How long an engine may search: depth, nodes, time per move, mate, clocks.

Times are in seconds (floats); each protocol's own unit is the client's
business. Clocks belong to the side that moves first (``red_*``, or the
same fields by their chess names ``white_*``) and to Black.
"""

from __future__ import annotations

from typing import Optional

from ._errors import EngineArgumentError


def _count(name: str, value: Optional[int], least: int) -> Optional[int]:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise EngineArgumentError(f"{name} must be an integer of at least {least}, got {value!r}")
    return value


def _seconds(name: str, value: Optional[float], positive: bool) -> Optional[float]:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise EngineArgumentError(f"{name} must be a number of seconds, got {value!r}")
    seconds = float(value)
    if not (seconds > 0 if positive else seconds >= 0) or seconds == float("inf"):
        kind = "positive" if positive else "non-negative"
        raise EngineArgumentError(f"{name} must be a finite {kind} number of seconds, got {value!r}")
    return seconds


def _either(first: str, value: Optional[float], alias: str, alias_value: Optional[float]) -> Optional[float]:
    if value is not None and alias_value is not None:
        raise EngineArgumentError(f"give {first} or {alias}, not both")
    return value if value is not None else alias_value


class Limit:
    """A search limit; the engine stops at whichever comes first.

    ``depth`` (plies), ``nodes``, ``time`` (seconds for this move), ``mate``
    (look for a mate in that many moves; UCI only), and the clocks: the
    time left to each side (``red_clock`` or ``white_clock``,
    ``black_clock``), their increments per move and ``remaining_moves`` to
    the next time control. At least one must be given.
    """

    __slots__ = (
        "depth",
        "nodes",
        "time",
        "mate",
        "red_clock",
        "black_clock",
        "red_inc",
        "black_inc",
        "remaining_moves",
    )

    def __init__(
        self,
        *,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        time: Optional[float] = None,
        mate: Optional[int] = None,
        red_clock: Optional[float] = None,
        black_clock: Optional[float] = None,
        red_inc: Optional[float] = None,
        black_inc: Optional[float] = None,
        white_clock: Optional[float] = None,
        white_inc: Optional[float] = None,
        remaining_moves: Optional[int] = None,
    ) -> None:
        self.depth = _count("depth", depth, 1)
        self.nodes = _count("nodes", nodes, 1)
        self.time = _seconds("time", time, positive=True)
        self.mate = _count("mate", mate, 1)
        self.red_clock = _seconds("red_clock", _either("red_clock", red_clock, "white_clock", white_clock), False)
        self.black_clock = _seconds("black_clock", black_clock, positive=False)
        self.red_inc = _seconds("red_inc", _either("red_inc", red_inc, "white_inc", white_inc), False)
        self.black_inc = _seconds("black_inc", black_inc, positive=False)
        self.remaining_moves = _count("remaining_moves", remaining_moves, 1)
        if all(getattr(self, name) is None for name in ("depth", "nodes", "time", "mate", "red_clock", "black_clock")):
            raise EngineArgumentError("Limit needs depth, nodes, time, mate or a clock (red_clock, black_clock)")

    @property
    def white_clock(self) -> Optional[float]:
        """``red_clock`` by its chess name."""
        return self.red_clock

    @property
    def white_inc(self) -> Optional[float]:
        """``red_inc`` by its chess name."""
        return self.red_inc

    def has_clocks(self) -> bool:
        """Whether either side's clock is given."""
        return self.red_clock is not None or self.black_clock is not None

    def clock(self, first: bool) -> Optional[float]:
        """The clock of the side that moves first (``first``) or of Black."""
        return self.red_clock if first else self.black_clock

    def inc(self, first: bool) -> Optional[float]:
        """The increment of the side that moves first (``first``) or of Black."""
        return self.red_inc if first else self.black_inc

    def _fields(self) -> tuple[Optional[float], ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Limit) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        given = (f"{name}={getattr(self, name)!r}" for name in self.__slots__ if getattr(self, name) is not None)
        return f"Limit({', '.join(given)})"
