"""A small program that `mypy --strict` checks against the stubs."""

import random
from typing import List, Optional

import numpy as np
import numpy.typing as npt

import qiboard
from qiboard import chess, xiangqi


def first_game() -> Optional[str]:
    game = xiangqi.Game()
    move: xiangqi.Move = game.play("h2e2")
    game.play_notation("马８进７")
    position: xiangqi.Position = game.position
    text: str = position.notation_text(move if position.is_legal(move) else "h0g2", "wxf")
    moves: List[xiangqi.Move] = position.legal_moves()
    planes: npt.NDArray[np.uint8] = position.planes()
    mask: npt.NDArray[np.bool_] = position.legal_mask()
    action: int = moves[0].action
    assert xiangqi.action_to_move(action) == moves[0] and planes.shape[0] == xiangqi.PLANES
    assert mask.sum() == len(moves) and text
    outcome: Optional[xiangqi.Outcome] = game.outcome()
    return outcome.ending if outcome else None


def batch_steps(n: int) -> float:
    batch = xiangqi.Batch(n, seed=1)
    obs, masks = batch.reset()
    total = 0.0
    for _ in range(10):
        obs, masks, rewards, dones = batch.step(batch.sample_actions())
        total += float(rewards.sum())
    return total


def records(pgn: str) -> int:
    count = 0
    for record in xiangqi.read_pgn(pgn):
        node: Optional[xiangqi.Node] = record.root
        while node is not None:
            count += 1
            node = node.main_child
    return count


def probe() -> str:
    tb = xiangqi.Tablebase()
    tb.generate("KRK")
    dtm: xiangqi.Dtm = tb.probe_dtm("3k5/9/9/9/9/9/9/9/4R4/5K3 w")
    return dtm.wdl


def chess_game() -> int:
    position = chess.Position()
    move: chess.Move = position.parse_san("e4")
    try:
        chess.Position("bad")
    except qiboard.FenError as error:
        assert isinstance(error, ValueError)
    return position.play(move).key


def chess_records() -> Optional[str]:
    game = chess.Game()
    while not game.is_over():
        moves: List[chess.Move] = game.legal_moves()
        game.play(moves[len(game) * 7 % len(moves)])
    outcome: Optional[chess.Outcome] = game.outcome(claim_draw=True)
    record: chess.Record = chess.read_pgn(game.pgn())[0]
    node: chess.Node = record.root
    for child in node.children:
        child.comment = "first"
    book = chess.polyglot.Book(b"")
    entry: Optional[chess.polyglot.Entry] = book.weighted_choice(game.start, random=random.Random(1))
    assert entry is None and len(record) == len(game)
    return outcome.ending if outcome else None


if __name__ == "__main__":
    print(first_game(), batch_steps(4), records("1. h2e2 h9g7 *"), probe(), chess_game(), chess_records())
