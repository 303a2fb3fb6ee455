"""A small program that `mypy --strict` checks against the stubs."""

import pickle
import random
import shutil
from typing import List, Optional

import numpy as np
import numpy.typing as npt

import qiboard
from qiboard import chess, xiangqi
from qiboard.engine import EngineError, Info, Limit, PlayResult, Score, SimpleEngine


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


def board_images(game: xiangqi.Game, square: Optional[str]) -> List[str]:
    last: Optional[xiangqi.Move] = game.moves[-1] if len(game) else None
    return [
        game._repr_svg_(),
        game.position._repr_svg_(),
        xiangqi.svg(game.position, flipped=True, lastmove=last, arrows=["h2e2", ("b0", 20)], check=square),
        xiangqi.svg(xiangqi.START_FEN, marks=[4, "e4"], coordinates="wxf", latin=True, size=None),
        chess.svg(chess.Position(), lastmove=("e2", "e4"), check="auto", coordinates=False, size=300),
        chess.Game()._repr_svg_(),
    ]


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


def engine(path: str) -> Optional[xiangqi.Move]:
    try:
        with SimpleEngine.popen_uci(path, timeout=5.0) as client:
            info: Info[xiangqi.Move] = client.analyse(xiangqi.Game(), Limit(depth=2))
            red: Score = info["score"].red()
            lines: List[Info[chess.Move]] = client.analyse(chess.Position(), Limit(depth=2), multipv=2)
            played: PlayResult[xiangqi.Move] = client.play(xiangqi.Position(), Limit(nodes=500))
            assert red.is_mate() or red.centipawns is not None
            assert all(isinstance(line["pv"][0], chess.Move) for line in lines)
            return played.move
    except EngineError:
        return None


def plan_and_errors() -> int:
    plan = xiangqi.Plan(materials=["KRKN"], memory_bytes=1 << 30)
    first: xiangqi.PlannedEndgame = plan.endgames[0]
    blocked: Optional[str] = first.blocked
    assert xiangqi.canonical_material("KNKR") == "KRKN" and xiangqi.material_attackers("KRKN") == 2
    try:
        xiangqi.square_name(90)
    except qiboard.RangeError as error:
        assert isinstance(error, IndexError) and isinstance(error, ValueError)
    try:
        xiangqi.Position().perft(-1)
    except qiboard.ArgumentError as error:
        assert "depth" in str(error)
    copy: xiangqi.Record = pickle.loads(pickle.dumps(xiangqi.read_pgn("1. h2e2 *")[0]))
    return len(plan) + len(copy) + (0 if blocked is None else 1)


if __name__ == "__main__":
    print(first_game(), batch_steps(4), records("1. h2e2 h9g7 *"), probe(), chess_game(), chess_records())
    print(plan_and_errors())
    fairy = shutil.which("fairy-stockfish") or shutil.which("fairy-stockfish", path="/usr/games")
    print(engine(fairy) if fairy else "no engine")
