"""A Gymnasium environment for xiangqi."""

from typing import Any, Dict, Optional, Tuple, Union

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..xiangqi import ACTION_COUNT, PLANES, Game, Position, action_to_move
from ._common import Opponent, mask_of, new_game, opponent_move, render, reward_for


class XiangqiEnv(gym.Env):  # type: ignore[type-arg]
    """Xiangqi as a Gymnasium environment.

    * Observation: ``Position.planes()``, uint8 of shape (15, 10, 9).
    * Action: an index of the fixed action space, ``Discrete(2086)``; the
      legal ones are ``info["action_mask"]`` (int8, 1 = legal) and
      ``action_masks()`` (bool, as sb3-contrib's MaskablePPO asks).
    * ``opponent=None``: self-play; each step plays the side to move and
      the reward is for the side that just moved.
      ``opponent="random"`` or a callable ``f(position[, rng])`` returning
      a Move, UCCI text or action: the agent plays ``agent_color`` and the
      opponent replies inside ``step``; rewards are the agent's.
    * Reward: +1 win, -1 loss, 0 otherwise, given when the game ends:
      checkmate or stalemate (the side with no move loses), the AXF
      repetition rules (perpetual check or chase loses, other repetitions
      draw) or the move limit (a draw). All of these are ``terminated``;
      nothing truncates.
    * An illegal action loses at once (``illegal_action="lose"``, reward
      -1, ``info["illegal_action"]``) or raises MoveError
      (``illegal_action="raise"``).
    * ``reset(options={"fen": ...})`` starts from another position.
    """

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}

    def __init__(
        self,
        opponent: Optional[Opponent] = None,
        agent_color: str = "red",
        start: Optional[Union[Position, str]] = None,
        occurrences: int = 3,
        move_limit: Optional[int] = 120,
        illegal_action: str = "lose",
        render_mode: Optional[str] = None,
    ) -> None:
        if agent_color not in ("red", "black"):
            raise ValueError(f"agent_color must be 'red' or 'black', not {agent_color!r}")
        if illegal_action not in ("lose", "raise"):
            raise ValueError(f"illegal_action must be 'lose' or 'raise', not {illegal_action!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        if opponent is not None and opponent != "random" and not callable(opponent):
            raise ValueError(f"opponent must be None, 'random' or a callable, not {opponent!r}")
        self.opponent = opponent
        self.agent_color = agent_color
        self.start = start
        self.occurrences = occurrences
        self.move_limit = move_limit
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        self.observation_space = spaces.Box(0, 1, (PLANES, 10, 9), np.uint8)
        self.action_space = spaces.Discrete(ACTION_COUNT)
        self.game: Game = new_game(start, occurrences, move_limit)
        self._illegal = False

    def _info(self) -> Dict[str, Any]:
        return {
            "action_mask": mask_of(self.game),
            "turn": self.game.position.turn,
            "outcome": self.game.outcome(),
            "illegal_action": self._illegal,
        }

    def _observation(self) -> np.ndarray:
        return self.game.position.planes()

    def _opponent_turn(self) -> bool:
        return self.opponent is not None and self.game.position.turn != self.agent_color

    def action_masks(self) -> np.ndarray:
        """The legal actions as a bool array (all False once the game is over)."""
        return mask_of(self.game).astype(bool)

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[np.ndarray, Dict[str, Any]]:
        super().reset(seed=seed)
        start = (options or {}).get("fen", self.start)
        self.game = new_game(start, self.occurrences, self.move_limit)
        self._illegal = False
        if self._opponent_turn() and not self.game.is_over():
            assert self.opponent is not None
            self.game.play(opponent_move(self.opponent, self.game.position, self.np_random))
        if self.render_mode == "human":
            self.render()
        return self._observation(), self._info()

    def step(self, action: Any) -> Tuple[np.ndarray, float, bool, bool, Dict[str, Any]]:
        if self.game.is_over():
            raise RuntimeError("the game is over: call reset()")
        mover = self.game.position.turn
        me = mover if self.opponent is None else self.agent_color
        try:
            move = action_to_move(int(action))
            legal = self.game.position.is_legal(move)
        except (IndexError, ValueError, TypeError, OverflowError):
            legal = False
        if not legal:
            if self.illegal_action == "raise":
                from .. import MoveError

                raise MoveError(f"action {action!r} is not a legal move in {self.game.position.fen()}")
            self._illegal = True
            return self._observation(), -1.0, True, False, self._info()
        self.game.play(move)
        if not self.game.is_over() and self._opponent_turn():
            assert self.opponent is not None
            self.game.play(opponent_move(self.opponent, self.game.position, self.np_random))
        outcome = self.game.outcome()
        reward = reward_for(outcome, me)
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, outcome is not None, False, self._info()

    def render(self) -> Optional[str]:
        return render(self.game, self.render_mode)

    def close(self) -> None:
        pass


def _register() -> None:
    if "qiboard/Xiangqi-v0" not in gym.registry:
        gym.register(id="qiboard/Xiangqi-v0", entry_point="qiboard.envs.gym:XiangqiEnv")


_register()
__all__ = ["XiangqiEnv"]
