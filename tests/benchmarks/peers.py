"""Random games of every crabrules game beside python-chess and OpenSpiel, in one process.

Every engine plays uniformly random games, one after the other, setup included: each step
draws one legal action (a ply) uniformly and applies it. The loops are timed in
interleaved rounds (:mod:`tests.benchmarks.interleave`), and each engine's plies per
second is given with its ratio to python-chess measured in the same rounds:

- crabrules: ``random.choice(game.legal_actions(state))`` then
  ``game.apply(state, action, check=False)``, on a representative mix of each game
  (:data:`MIXES`). You've Got Crabs' random games need not end, so they stop after the
  game's own ``max_random_steps``;
- python-chess: ``random.choice(list(board.legal_moves))`` then ``board.push(move)``
  until ``board.is_game_over()``;
- OpenSpiel: ``random.choice(state.legal_actions())`` then ``state.apply_action(action)``
  (a chance node draws among its outcomes), on games written in Python and games written
  in C++ and called through pyspiel (:data:`OPENSPIEL_GAMES`).

``python -m tests.benchmarks.peers`` prints the figures as JSON, with the machine and the
Python that made them; ``nox -s bench`` runs it in the pure and the compiled build.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

import crabrules
from crabrules import oh_crab

#: Every Adventure Pack module, as Oh Crab!'s config names them.
ADVENTURE = frozenset(m.value for m in oh_crab.IMPLEMENTED_MODULES)

#: The crabrules mixes timed: (label, game id, config options). Every game at its smallest
#: and largest table, and Oh Crab! without modules and with every module.
MIXES: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("Crab Stack, 2 players", "crab-stack", {"players": 2}),
    ("Crab Stack, 4 players", "crab-stack", {"players": 4}),
    ("La Marche du Crabe", "la-marche-du-crabe", {}),
    ("You've Got Crabs, 2 teams", "youve-got-crabs", {"teams": 2}),
    ("You've Got Crabs, 5 teams", "youve-got-crabs", {"teams": 5}),
    ("Oh Crab!, 2 players", "oh-crab", {"players": 2}),
    ("Oh Crab!, 4 players", "oh-crab", {"players": 4}),
    ("Oh Crab!, 5 players", "oh-crab", {"players": 5}),
    ("Oh Crab!, 2 players, every module", "oh-crab", {"players": 2, "modules": ADVENTURE}),
    ("Oh Crab!, 4 players, every module", "oh-crab", {"players": 4, "modules": ADVENTURE}),
)

#: The reference every ratio is taken to.
REFERENCE = "python-chess: chess"
#: OpenSpiel's games timed: (label, pyspiel name). The Python ones are OpenSpiel's own
#: games written in Python (``open_spiel.python.games``); the others are C++.
OPENSPIEL_GAMES: tuple[tuple[str, str], ...] = (
    ("OpenSpiel (Python): tic-tac-toe", "python_tic_tac_toe"),
    ("OpenSpiel (C++): tic-tac-toe", "tic_tac_toe"),
    ("OpenSpiel (C++): breakthrough", "breakthrough"),
    ("OpenSpiel (C++): chess", "chess"),
)


def label(game_id: str, options: dict[str, Any]) -> str:
    """The label :data:`MIXES` gives a game and its options.

    >>> label("crab-stack", {"players": 2})
    'Crab Stack, 2 players'
    """
    return next(name for name, g, o in MIXES if (g, o) == (game_id, options))


def crabrules_plies(game_id: str, options: dict[str, Any]) -> Iterator[None]:
    """Uniformly random games of one crabrules mix, endlessly: one item a ply."""
    game = crabrules.get_game(game_id)
    config = game.config_type(**options)
    cap = game.info.max_random_steps
    for seed in itertools.count():
        rnd = random.Random(seed)
        state = game.initial_state(config, seed=seed)
        played = 0
        while not game.is_terminal(state) and played != cap:
            state = game.apply(state, rnd.choice(game.legal_actions(state)), check=False)
            played += 1
            yield None


def chess_plies() -> Iterator[None]:
    """Uniformly random games of python-chess, endlessly: one item a ply."""
    import chess

    rnd = random.Random(0)
    while True:
        board = chess.Board()
        while not board.is_game_over():
            board.push(rnd.choice(list(board.legal_moves)))
            yield None


def openspiel_plies(game: Any) -> Iterator[None]:
    """Uniformly random games of a pyspiel game, endlessly: one item a ply (chance included)."""
    rnd = random.Random(0)
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, _ = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rnd.choice(outcomes))
            else:
                state.apply_action(rnd.choice(state.legal_actions()))
            yield None


def engines() -> dict[str, Iterator[None]]:
    """Every engine's endless stream of plies, the reference first."""
    import open_spiel.python.games  # noqa: F401  (registers the games written in Python)
    import pyspiel

    loops: dict[str, Iterator[None]] = {REFERENCE: chess_plies()}
    for label, name in OPENSPIEL_GAMES:
        loops[label] = openspiel_plies(pyspiel.load_game(name))
    for label, game_id, options in MIXES:
        loops[f"crabrules: {label}"] = crabrules_plies(game_id, options)
    return loops
