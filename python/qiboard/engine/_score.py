"""Engine scores: centipawns or a mate distance, from either side's view.

An engine scores the position for the side to move. :class:`Score` is such
a value from one side's view; :class:`PovScore` keeps it with the side it
belongs to, so that it can be read from Red's (White's) or Black's view.

Mates count moves, as UCI's ``score mate N``: positive when the side mates
in ``N`` moves, negative when it is mated in ``-N``. ``score mate 0`` (the
side to move is already mated) and its opposite view (the other side has
mated) both have ``mate == 0`` and differ in :meth:`Score.is_won`.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Optional, Tuple

from ._errors import EngineArgumentError

#: Who moves first, under each game's name for that side.
FIRST_SIDE = ("red", "white")
_SIDES = FIRST_SIDE + ("black",)


@functools.total_ordering
@dataclass(frozen=True)
class Score:
    """A score from one side's view: ``centipawns``, or ``mate`` in moves.

    Scores order from worst to best for that side: being mated sooner is
    worst, then centipawns, then mating sooner is best.
    """

    centipawns: Optional[int] = None
    mate: Optional[int] = None
    # Only for mate == 0: whether this side has mated (rather than been
    # mated), the one mate that a signed count cannot tell apart.
    mated_opponent: bool = field(default=False, repr=False)

    def __post_init__(self) -> None:
        if (self.centipawns is None) == (self.mate is None):
            raise EngineArgumentError("Score: give centipawns or mate, not both or neither")
        if self.mated_opponent and self.mate != 0:
            raise EngineArgumentError("Score: mated_opponent is only for mate 0")

    def is_mate(self) -> bool:
        """Whether the score is a mate distance."""
        return self.mate is not None

    def is_won(self) -> bool:
        """Whether this side mates (or has mated)."""
        return self.mate is not None and (self.mate > 0 or self.mated_opponent)

    def is_lost(self) -> bool:
        """Whether this side is mated (or has been)."""
        return self.mate is not None and not self.is_won()

    def __neg__(self) -> Score:
        """The same score from the other side's view."""
        if self.mate is None:
            return Score(centipawns=-(self.centipawns or 0))
        if self.mate == 0:
            return Score(mate=0, mated_opponent=not self.mated_opponent)
        return Score(mate=-self.mate)

    def _key(self) -> Tuple[int, int]:
        if self.mate is None:
            return (1, self.centipawns or 0)
        if self.is_won():
            return (2, -self.mate)
        # Being mated later is better: -mate grows with the distance.
        return (0, -self.mate)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Score):
            return NotImplemented
        return self._key() < other._key()

    def __str__(self) -> str:
        if self.mate is None:
            return f"{self.centipawns:+d}" if self.centipawns else "0"
        sign = "+" if self.is_won() else "-"
        return f"#{sign}{abs(self.mate)}"


@dataclass(frozen=True)
class PovScore:
    """An engine's score: ``relative`` is from the view of ``turn``, the side
    to move (``"red"``, ``"white"`` or ``"black"``)."""

    relative: Score
    turn: str

    def pov(self, side: str) -> Score:
        """The score from ``side``'s view: ``"red"`` or ``"white"`` (the side
        that moves first, in either game) or ``"black"``."""
        if side not in _SIDES:
            raise EngineArgumentError(f"side must be 'red', 'white' or 'black', got {side!r}")
        same = (side in FIRST_SIDE) == (self.turn in FIRST_SIDE)
        return self.relative if same else -self.relative

    def red(self) -> Score:
        """The score from Red's view (White's in chess)."""
        return self.pov("red")

    def white(self) -> Score:
        """The score from White's view (Red's in xiangqi)."""
        return self.pov("white")

    def black(self) -> Score:
        """The score from Black's view."""
        return self.pov("black")

    def is_mate(self) -> bool:
        """Whether the score is a mate distance."""
        return self.relative.is_mate()

    def __str__(self) -> str:
        return f"{self.relative} ({self.turn} to move)"
