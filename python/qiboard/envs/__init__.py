"""Reinforcement-learning environments for xiangqi.

* :class:`XiangqiEnv` -- a Gymnasium environment (``gymnasium``): self-play,
  or against a random or callable opponent.
* :class:`XiangqiAECEnv` -- a PettingZoo AEC environment (``pettingzoo``)
  with agents ``"red"`` and ``"black"`` and the action mask in each
  observation; :func:`aec_env` wraps it as PettingZoo's own environments
  are wrapped.

Both end games by checkmate and stalemate (a side with no legal move
loses), the AXF repetition rules (perpetual check or chase loses, other
repetitions draw) and the move limit (120 plies without a capture draw).
Observations are ``Position.planes()`` (uint8, (15, 10, 9)); actions are
indices of the fixed action space (``qiboard.xiangqi.ACTION_COUNT``).

For many games at once, :class:`qiboard.xiangqi.Batch` steps them in Rust.
"""

from typing import TYPE_CHECKING, Any

__all__ = ["XiangqiEnv", "XiangqiAECEnv", "aec_env"]

if TYPE_CHECKING:
    from .aec import XiangqiAECEnv, aec_env
    from .gym import XiangqiEnv


def __getattr__(name: str) -> Any:
    # Each environment imports its framework only when asked for, so that
    # Gymnasium users need no PettingZoo and the reverse.
    if name == "XiangqiEnv":
        from .gym import XiangqiEnv

        return XiangqiEnv
    if name in ("XiangqiAECEnv", "aec_env"):
        from . import aec

        return getattr(aec, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
