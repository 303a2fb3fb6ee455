"""Game rulings: checkmate, stalemate (a loss), the AXF repetition rules and
the move limit, as the crate's own tests rule them."""

import copy
import pickle

import pytest

import qiboard
from qiboard import xiangqi

# (FEN, moves, winner or None, ending): cycles from the crate's repetition
# tests, each ruled at the third occurrence of its start.
CYCLES = [
    ("R8/4k4/9/9/9/9/9/9/9/3K5 w", "a9a8 e8e9 a8a9 e9e8", "black", "perpetual-check"),
    ("3k5/9/9/9/9/9/9/9/4K4/r8 b", "a0a1 e1e0 a1a0 e0e1", "red", "perpetual-check"),
    ("3k5/9/9/9/9/9/9/9/9/2n1K4 b", "c0d2 e0e1 d2c0 e1e0", "red", "perpetual-check"),
    ("3r1k3/5c3/9/9/5R3/9/9/9/3K5/5C3 w", "f5d5 f8d8 d5f5 d8f8", None, "repetition"),
    ("r4k3/5c3/9/9/5R3/9/9/9/3K5/5C3 w", "f5d5 f8d8 d5f5 d8f8", "black", "perpetual-check"),
    ("9/4k4/3P5/9/9/9/9/9/9/5K3 w", "d7e7 e8d8 e7d7 d8e8", "black", "perpetual-check"),
    ("5k3/9/1c7/9/9/9/9/R8/9/3K5 w", "a2b2 b7a7 b2a2 a7b7", "black", "perpetual-chase"),
    ("5k3/9/r8/9/9/9/9/1C7/9/3K5 b", "a7b7 b2a2 b7a7 a2b2", "red", "perpetual-chase"),
    ("5k3/9/7c1/9/9/9/9/7R1/9/4K4 w", "h2h3 h7h6 h3h2 h6h7", None, "repetition"),
    ("5k3/9/1c7/9/9/9/9/R8/9/3K5 w", "a2b2 b7c7 b2a2 c7b7", None, "repetition"),
    ("5k2r/9/9/9/9/9/9/9/9/R2K5 w", "d0d1 f9f8 d1d0 f8f9", None, "repetition"),
    ("5k1nr/9/9/9/9/9/9/9/9/RN1K5 w", "b0c2 h9g7 c2b0 g7h9", None, "repetition"),
    (
        "4k4/9/9/R8/2c6/9/9/9/9/3K5 w",
        "a6a9 e9e8 a9a5 c5c6 a5a8 e8e9 a8a6 c6c5",
        None,
        "repetition",
    ),
]


@pytest.mark.parametrize("fen,cycle,winner,ending", CYCLES)
def test_cycles_are_ruled_at_the_third_occurrence(fen: str, cycle: str, winner: object, ending: str) -> None:
    moves = cycle.split()
    game = xiangqi.Game(fen)
    for move in moves:
        game.play(move)
    # Second occurrence: the game goes on, repetition() already rules it.
    assert game.outcome() is None and game.occurrences() == 2
    found = game.repetition()
    assert found is not None and found.plies_ago == len(moves)
    loser = {"red": "black", "black": "red", None: None}[winner]  # type: ignore[index]
    assert found.loser == loser and (winner is None) == (found.ruling == "draw")
    for move in moves[:-1]:
        game.play(move)
    assert game.outcome() is None
    # The last move is banned exactly when it loses for the side playing it.
    mover = game.position.turn
    assert (moves[-1] in [move.uci() for move in game.banned_moves()]) == (loser == mover)
    game.play(moves[-1])
    assert game.banned_moves() == []
    outcome = game.outcome()
    assert outcome is not None and game.is_over()
    assert (outcome.winner, outcome.ending) == (winner, ending)
    assert outcome.result == {"red": "1-0", "black": "0-1", None: "1/2-1/2"}[winner]  # type: ignore[index]
    assert game.legal_moves() == []
    with pytest.raises(qiboard.GameOverError):
        game.play(moves[0])


def test_readme_chase_example() -> None:
    game = xiangqi.Game("5k3/9/1c7/9/9/9/9/R8/9/3K5 w")
    for text in ["a2b2", "b7a7", "b2a2", "a7b7"] * 2:
        game.play(text)
    outcome = game.outcome()
    assert outcome is not None
    assert str(outcome) == "Black won by perpetual chase"
    assert repr(outcome) == "Outcome(winner='black', ending='perpetual-chase')"


def test_occurrences_rule_is_configurable() -> None:
    game = xiangqi.Game("R8/4k4/9/9/9/9/9/9/9/3K5 w", occurrences=2)
    for text in "a9a8 e8e9 a8a9 e9e8".split():
        game.play(text)
    outcome = game.outcome()
    assert outcome is not None and outcome.ending == "perpetual-check"
    assert game.occurrences_rule == 2


def test_checkmate_and_stalemate_lose() -> None:
    stalemate = xiangqi.Game("3k5/R8/9/9/4R4/9/9/9/9/5K3 b")
    outcome = stalemate.outcome()
    assert outcome is not None and (outcome.winner, outcome.ending) == ("red", "stalemate")
    assert str(outcome) == "Red won by stalemate"
    game = xiangqi.Game("3k5/R8/9/9/9/9/9/9/9/4K4 w - - 119 70")
    game.play("a8b8")  # the 120th quiet ply, but Black has no move: a loss, not a draw
    outcome = game.outcome()
    assert outcome is not None and outcome.ending == "stalemate" and outcome.winner == "red"


def test_checkmate() -> None:
    # The a8 rook holds rank 8; the other rook checks along rank 9.
    game = xiangqi.Game("4k4/R8/9/9/9/9/9/9/9/3K4R w")
    game.play("i0i9")
    assert game.position.status() == "checkmate"
    outcome = game.outcome()
    assert outcome is not None and (outcome.winner, outcome.ending) == ("red", "checkmate")


def test_move_limit() -> None:
    game = xiangqi.Game("5k2r/9/9/9/9/9/9/9/9/R2K5 w - - 118 80")
    game.play("d0d1")
    assert game.outcome() is None
    game.play("i9i8")
    outcome = game.outcome()
    assert outcome is not None and (outcome.winner, outcome.ending) == (None, "move-limit")
    assert outcome.is_draw and outcome.result == "1/2-1/2"
    with pytest.raises(qiboard.GameOverError, match="game is over"):
        game.play("a0a1")
    assert game.undo() == xiangqi.Move("i9i8") and game.outcome() is None
    unlimited = xiangqi.Game("5k2r/9/9/9/9/9/9/9/9/R2K5 w - - 118 80", move_limit=None)
    for text in ["d0d1", "i9i8", "a0a1"]:
        unlimited.play(text)
    assert unlimited.outcome() is None and unlimited.move_limit is None


def test_game_api() -> None:
    game = xiangqi.Game()
    assert len(game) == 0 and game.undo() is None and game.outcome() is None
    assert game.play("h2e2") == xiangqi.Move("h2e2")
    assert game.play_notation("马８进７") == xiangqi.Move("h9g7")
    assert game.play_notation("H2+3", "wxf") == xiangqi.Move("h0g2")
    assert game.play_action(xiangqi.move_to_action("i9h9")) == xiangqi.Move("i9h9")
    assert list(game) == game.moves and len(game) == 4
    assert game.history() == "h2e2 h9g7 h0g2 i9h9"
    assert game.start == xiangqi.Position() and game.position.turn == "red"
    with pytest.raises(qiboard.MoveError):
        game.play("a0a5")
    with pytest.raises(qiboard.NotationError):
        game.play_notation("炮九平一")
    again = pickle.loads(pickle.dumps(game))
    assert again.moves == game.moves and again.position == game.position
    clone = copy.deepcopy(game)
    clone.undo()
    assert len(clone) == 3 and len(game) == 4
    replayed = xiangqi.Game(game.start, game.moves)
    assert replayed.position == game.position
    assert repr(game).startswith("Game(start='")
