"""Planes, the action space, masks and the batched stepper."""

import numpy as np
import pytest

import qiboard
from qiboard import xiangqi

from conftest import random_positions


def test_action_space_is_a_bijection() -> None:
    assert xiangqi.ACTION_COUNT == 2086
    moves = [xiangqi.action_to_move(a) for a in range(xiangqi.ACTION_COUNT)]
    assert len(set(moves)) == xiangqi.ACTION_COUNT
    assert all(m.action == a == xiangqi.move_to_action(m) for a, m in enumerate(moves))
    keys = [m.from_square * 90 + m.to_square for m in moves]
    assert keys == sorted(keys)
    assert xiangqi.Move.from_action(0) == moves[0]
    for bad in [-1, xiangqi.ACTION_COUNT, 10**12]:
        with pytest.raises(IndexError):
            xiangqi.action_to_move(bad)
    with pytest.raises(qiboard.MoveError):
        xiangqi.move_to_action("a0b5")  # no piece moves like that


def test_planes_layout() -> None:
    start = xiangqi.Position()
    planes = start.planes()
    assert planes.shape == (15, 10, 9) and planes.dtype == np.uint8
    assert planes[0, 0, 4] == 1  # Red king on e0 (rank 0, file e)
    assert planes[7, 9, 4] == 1  # Black king on e9
    assert planes[4, 0, 0] == 1 and planes[4, 0, 8] == 1  # Red rooks a0, i0
    assert planes[13, 6, 0] == 1  # a Black pawn on a6
    assert planes[:14].sum() == 32 and planes[14].all()
    assert not start.play("h2e2").planes()[14].any()
    for position in random_positions(200, seed=3):
        p = position.planes()
        for square, letter in position.pieces():
            color = 0 if letter.isupper() else 1
            kind = "KABNRCP".index(letter.upper())
            assert p[color * 7 + kind, square // 9, square % 9] == 1
        assert p[:14].sum() == len(position.pieces())


def test_masks_match_legal_moves() -> None:
    for position in random_positions(500, seed=5):
        mask = position.legal_mask()
        assert mask.shape == (xiangqi.ACTION_COUNT,) and mask.dtype == np.bool_
        legal = sorted(m.action for m in position.legal_moves())
        assert np.flatnonzero(mask).tolist() == legal == position.legal_actions().tolist()
        for action in legal[:3]:
            assert position.play_action(action) == position.play(xiangqi.action_to_move(action))
    with pytest.raises(qiboard.MoveError):
        xiangqi.Position().play_action(0)


def test_batch_agrees_with_games() -> None:
    n = 16
    batch = xiangqi.Batch(n, seed=3)
    obs, masks = batch.reset()
    assert obs.shape == (n, 15, 10, 9) and masks.shape == (n, xiangqi.ACTION_COUNT)
    assert (obs == xiangqi.Position().planes()).all()
    games = [xiangqi.Game() for _ in range(n)]
    finished = 0
    for _ in range(600):
        actions = batch.sample_actions()
        assert all(masks[i, a] for i, a in enumerate(actions))
        obs, masks, rewards, dones = batch.step(actions)
        for i in range(n):
            mover = games[i].position.turn
            games[i].play_action(int(actions[i]))
            outcome = games[i].outcome()
            assert dones[i] == (outcome is not None)
            if outcome is None:
                assert rewards[i] == 0 and batch.endings[i] == 0
                assert batch.position(i) == games[i].position
                assert (obs[i] == games[i].position.planes()).all()
                assert (masks[i] == games[i].position.legal_mask()).all()
            else:
                finished += 1
                expected = 0.0 if outcome.winner is None else (1.0 if outcome.winner == mover else -1.0)
                assert rewards[i] == expected
                assert xiangqi.ENDINGS[batch.endings[i]] == outcome.ending
                assert batch.winners[i] == {"red": 1, "black": -1, None: 0}[outcome.winner]
                games[i] = xiangqi.Game()
                assert batch.position(i) == xiangqi.Position() and batch.plies()[i] == 0
    assert finished > 0


def test_batch_checks_its_input() -> None:
    batch = xiangqi.Batch(4, threads=1)
    batch.reset()
    before = batch.fens()
    actions = batch.sample_actions()
    bad = actions.copy()
    bad[2] = 0  # a0 to a1... only legal by chance; pick an impossible one
    bad[2] = xiangqi.move_to_action("e9e8")  # Black's king, Red to move
    with pytest.raises(qiboard.MoveError, match="game 2"):
        batch.step(bad)
    assert batch.fens() == before  # nothing was played
    with pytest.raises(ValueError):
        batch.step(actions[:3])
    with pytest.raises(qiboard.MoveError):
        batch.step([-1, 0, 0, 0])
    with pytest.raises(ValueError):
        batch.step("nope")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        batch.step(actions.astype(np.float64))  # ints only
    strided = np.stack([batch.sample_actions(), batch.sample_actions()], axis=1)[:, 0]
    assert not strided.flags.c_contiguous
    batch.step(strided)
    batch.step(batch.sample_actions().astype(np.int32))  # any int dtype, any sequence
    batch.step([int(a) for a in batch.sample_actions()])
    with pytest.raises(ValueError):
        xiangqi.Batch(0)
    with pytest.raises(ValueError):
        xiangqi.Batch(2, "3k5/R8/9/9/4R4/9/9/9/9/5K3 b")  # no move at the start
    assert len(batch) == 4 and repr(batch) == "Batch(4)"
    game = batch.game(0)
    assert len(game) == 3
    obs, masks, rewards, dones = batch.step(batch.sample_actions())
    for array in (obs, masks, rewards, dones, batch.winners, batch.endings):
        assert not array.flags.writeable  # the batch updates them in place
    with pytest.raises(ValueError):
        obs[0, 0, 0, 0] = 1
    with pytest.raises(IndexError):
        batch.position(4)


def test_batch_from_a_position_and_rules() -> None:
    # Move limit of 2 plies: every game ends in a draw after two moves.
    batch = xiangqi.Batch(8, "5k2r/9/9/9/9/9/9/9/9/R2K5 w", move_limit=2)
    batch.reset(seed=9)
    _, _, rewards, dones = batch.step(batch.sample_actions())
    captured = ~dones
    _, _, rewards, dones = batch.step(batch.sample_actions())
    assert dones.any()
    assert set(np.unique(batch.endings[dones]).tolist()) <= {6, 1, 2}
