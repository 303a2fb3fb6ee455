"""What both environments share: the opponent, the rules, the reward."""

from typing import Callable, Optional, Union

import numpy as np

from ..xiangqi import ACTION_COUNT, Game, Move, Outcome, Position, action_to_move

#: An opponent: ``"random"`` (uniform over the legal moves) or a callable
#: given the position (and the environment's random generator) that returns
#: a Move, UCCI text or an action index.
Opponent = Union[str, Callable[..., Union[Move, str, int]]]


def new_game(start: Optional[Union[Position, str]], occurrences: int, move_limit: Optional[int]) -> Game:
    """A game from ``start`` under the given repetition and move-limit rules."""
    return Game(start, None, occurrences, move_limit)


def mask_of(game: Game) -> np.ndarray:
    """The legal-action mask of the game as int8 (zeros once it is over)."""
    if game.is_over():
        return np.zeros(ACTION_COUNT, dtype=np.int8)
    return game.position.legal_mask().astype(np.int8)


def resolve(choice: Union[Move, str, int, np.integer], position: Position) -> Move:
    """An opponent's choice as a legal Move of ``position``."""
    if isinstance(choice, (int, np.integer)):
        move = action_to_move(int(choice))
    elif isinstance(choice, str):
        move = position.parse_move(choice)
    else:
        move = choice
    if not position.is_legal(move):
        raise ValueError(f"the opponent chose {move}, which is not legal in {position.fen()}")
    return move


def opponent_move(opponent: Opponent, position: Position, rng: np.random.Generator) -> Move:
    """The move the opponent makes in ``position``."""
    if opponent == "random":
        moves = position.legal_moves()
        return moves[int(rng.integers(len(moves)))]
    if callable(opponent):
        try:
            choice = opponent(position, rng)
        except TypeError:
            choice = opponent(position)
        return resolve(choice, position)
    raise ValueError(f"opponent must be None, 'random' or a callable, not {opponent!r}")


def reward_for(outcome: Optional[Outcome], color: str) -> float:
    """+1 if ``color`` won, -1 if it lost, 0 for a draw or no result."""
    if outcome is None or outcome.winner is None:
        return 0.0
    return 1.0 if outcome.winner == color else -1.0


def other(color: str) -> str:
    return "black" if color == "red" else "red"


def render(game: Game, mode: Optional[str]) -> Optional[str]:
    """The board diagram: printed for ``"human"``, returned for ``"ansi"``."""
    if mode is None:
        return None
    text = game.position.diagram()
    if mode == "human":
        print(text)
        return None
    return text
