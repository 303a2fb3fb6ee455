"""The Gymnasium and PettingZoo environments, through their checkers."""

import warnings

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from qiboard import MoveError, xiangqi  # noqa: E402


def test_gymnasium_check_env() -> None:
    from gymnasium.utils.env_checker import check_env

    from qiboard.envs import XiangqiEnv

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(XiangqiEnv())
        check_env(XiangqiEnv(opponent="random", agent_color="black"))
        check_env(XiangqiEnv(render_mode="ansi"))


def test_gymnasium_self_play_to_the_end() -> None:
    from qiboard.envs import XiangqiEnv

    env = XiangqiEnv()
    obs, info = env.reset(seed=1)
    assert obs.shape == (15, 10, 9) and info["action_mask"].sum() == 44
    rng = np.random.default_rng(1)
    for _ in range(2000):
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        mover = info["turn"]
        obs, reward, terminated, truncated, info = env.step(action)
        assert not truncated
        if terminated:
            outcome = info["outcome"]
            assert outcome is not None
            assert reward == (0.0 if outcome.winner is None else (1.0 if outcome.winner == mover else -1.0))
            break
    else:
        pytest.fail("no game ended")
    with pytest.raises(RuntimeError):
        env.step(0)
    assert env.action_masks().sum() == 0


def test_gymnasium_opponents_and_illegal_actions() -> None:
    from qiboard.envs import XiangqiEnv

    # Black agent: the random opponent opens as Red in reset.
    env = XiangqiEnv(opponent="random", agent_color="black")
    obs, info = env.reset(seed=3)
    assert info["turn"] == "black" and len(env.game) == 1
    # A callable opponent (any of Move, text or action).
    env = XiangqiEnv(opponent=lambda position: position.legal_moves()[0].uci())
    obs, info = env.reset(options={"fen": "R8/4k4/9/9/9/9/9/9/9/3K5 w"})
    obs, reward, terminated, _, info = env.step(xiangqi.move_to_action("a9a8"))
    assert len(env.game) == 2 and not terminated
    # An illegal action loses, or raises.
    env = XiangqiEnv()
    env.reset()
    obs, reward, terminated, _, info = env.step(0)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    env = XiangqiEnv(illegal_action="raise")
    env.reset()
    with pytest.raises(MoveError):
        env.step(0)
    # No render mode draws nothing; "ansi" gives the diagram as text.
    assert env.render() is None
    drawn = XiangqiEnv(render_mode="ansi")
    drawn.reset(seed=1)
    assert drawn.render() == drawn.game.position.diagram()
    with pytest.raises(ValueError):
        XiangqiEnv(agent_color="green")
    env = gymnasium.make("qiboard/Xiangqi-v0")
    obs, _ = env.reset(seed=0)
    assert obs.shape == (15, 10, 9)


def test_pettingzoo_api_test() -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from qiboard.envs import XiangqiAECEnv, aec_env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(aec_env(), num_cycles=1000, verbose_progress=False)
        api_test(XiangqiAECEnv(move_limit=20), num_cycles=200, verbose_progress=False)


def test_pettingzoo_game_to_the_end() -> None:
    pytest.importorskip("pettingzoo")
    from qiboard.envs import XiangqiAECEnv

    env = XiangqiAECEnv(render_mode="ansi")
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    for agent in env.agent_iter(5000):
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        assert agent == env.game.position.turn
        assert obs["action_mask"].sum() == len(env.game.position.legal_moves())
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert env.agents == []
    outcome = env.game.outcome()
    assert outcome is not None
    # An illegal action loses for the agent that made it.
    env.reset()
    env.step(0)
    assert env.rewards == {"red": -1.0, "black": 1.0} and all(env.terminations.values())
    assert env.infos["red"]["illegal_action"]
    assert isinstance(env.render(), str)
