"""A PettingZoo AEC environment for xiangqi."""

from typing import Any, Dict, List, Optional, Union

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..xiangqi import ACTION_COUNT, PLANES, Position, action_to_move
from ._common import mask_of, new_game, other, render, reward_for


class XiangqiAECEnv(AECEnv):  # type: ignore[misc]
    """Xiangqi as a PettingZoo AEC environment.

    Agents ``"red"`` and ``"black"`` move in turn (the start's side to move
    first). ``observe(agent)`` is a dict: ``"observation"``, the planes
    (uint8, (15, 10, 9)), and ``"action_mask"`` (int8, (2086,)), the legal
    actions for the agent to move (all zeros for the other). Actions are
    ``Discrete(2086)``.

    The game ends by checkmate or stalemate (the side with no move loses),
    the AXF repetition rules or the move limit; the winner gets +1, the
    loser -1, a draw 0 each. An illegal action loses for the agent that
    made it (``infos[agent]["illegal_action"]``). Nothing truncates.
    """

    metadata = {
        "render_modes": ["ansi", "human"],
        "name": "xiangqi_v0",
        "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(
        self,
        start: Optional[Union[Position, str]] = None,
        occurrences: int = 3,
        move_limit: Optional[int] = 120,
        render_mode: Optional[str] = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.start = start
        self.occurrences = occurrences
        self.move_limit = move_limit
        self.render_mode = render_mode
        self.possible_agents: List[str] = ["red", "black"]
        self.agents = self.possible_agents[:]
        self.action_spaces = {agent: spaces.Discrete(ACTION_COUNT) for agent in self.possible_agents}
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0, 1, (PLANES, 10, 9), np.uint8),
                    "action_mask": spaces.Box(0, 1, (ACTION_COUNT,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.game = new_game(start, occurrences, move_limit)
        self.rewards: Dict[str, float] = {}
        self._cumulative_rewards: Dict[str, float] = {}
        self.terminations: Dict[str, bool] = {}
        self.truncations: Dict[str, bool] = {}
        self.infos: Dict[str, Dict[str, Any]] = {}
        self.agent_selection = self.game.position.turn

    def observation_space(self, agent: str) -> spaces.Space:  # type: ignore[type-arg]
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:  # type: ignore[type-arg]
        return self.action_spaces[agent]

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        if agent == self.agent_selection and not self.game.is_over():
            mask = mask_of(self.game)
        else:
            mask = np.zeros(ACTION_COUNT, dtype=np.int8)
        return {"observation": self.game.position.planes(), "action_mask": mask}

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        start = (options or {}).get("fen", self.start)
        self.game = new_game(start, self.occurrences, self.move_limit)
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.game.position.turn
        if self.render_mode == "human":
            self.render()

    def _finish(self, rewards: Dict[str, float], infos: Dict[str, Dict[str, Any]]) -> None:
        for agent in self.agents:
            self.terminations[agent] = True
            self.rewards[agent] = rewards[agent]
            self.infos[agent] = infos.get(agent, {})

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        for name in self.agents:
            self.rewards[name] = 0.0
        try:
            move = action_to_move(int(action))
            legal = self.game.position.is_legal(move)
        except (IndexError, ValueError, TypeError, OverflowError):
            legal = False
        if not legal:
            self._finish(
                {agent: -1.0, other(agent): 1.0},
                {agent: {"illegal_action": True}},
            )
        else:
            self.game.play(move)
            outcome = self.game.outcome()
            if outcome is not None:
                self._finish(
                    {name: reward_for(outcome, name) for name in self.agents},
                    {name: {"outcome": outcome} for name in self.agents},
                )
        self.agent_selection = other(agent)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        return render(self.game, self.render_mode)

    def close(self) -> None:
        pass


def aec_env(**kwargs: Any) -> AECEnv:
    """XiangqiAECEnv in PettingZoo's usual wrappers (order enforcing)."""
    return wrappers.OrderEnforcingWrapper(XiangqiAECEnv(**kwargs))


__all__ = ["XiangqiAECEnv", "aec_env"]
