"""What the conformance checks share: the games, their configs, random playouts, mutations.

Hypothesis chooses the config, the seed and every move; a failure shrinks to a short game.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import settings
from hypothesis import strategies as st

import crabrules
from crabrules.core import Game
from tests.conformance import tictactoe
from tests.conformance.strategies import CONFIGS

AnyGame = Game[Any, Any, Any, Any]
# The test game first; tests/conftest.py also registers it, so it is not listed twice.
GAMES: list[AnyGame] = [
    tictactoe.GAME,
    *(game for game in crabrules.GAMES.values() if game is not tictactoe.GAME),
]
#: A random game of a game that declares no step cap must end within this many actions.
HARD_CAP = 20_000
#: Steps sampled from one playout for the expensive per-state checks.
SAMPLED_STATES = 12

conformance = settings(settings.get_profile("conformance"))
by_game = pytest.mark.parametrize("game", GAMES, ids=[g.info.id for g in GAMES])
seeds = st.integers(min_value=0, max_value=2**64 - 1)


def configs(game: AnyGame) -> st.SearchStrategy[Any]:
    return CONFIGS.get(game.info.id, st.just(game.config_type()))


@attrs.frozen
class Playout:
    config: Any
    seed: int
    states: tuple[Any, ...]  # states[i] is the state before actions[i]
    actions: tuple[Any, ...]

    @property
    def final(self) -> Any:
        return self.states[-1]


def play(game: AnyGame, config: Any, seed: int, rnd: random.Random) -> Playout:
    cap = game.info.max_random_steps or HARD_CAP
    state = game.initial_state(config, seed=seed)
    states: list[Any] = [state]
    actions: list[Any] = []
    while not game.is_terminal(state) and len(actions) < cap:
        action = rnd.choice(game.legal_actions(state))
        state = game.apply(state, action)
        states.append(state)
        actions.append(action)
    return Playout(config, seed, tuple(states), tuple(actions))


def sample(playout: Playout, rnd: random.Random) -> Iterator[Any]:
    """A few states of the playout, always including the first and the last."""
    picks = {0, len(playout.states) - 1}
    picks.update(rnd.randrange(len(playout.states)) for _ in range(SAMPLED_STATES))
    for i in sorted(picks):
        yield playout.states[i]


def players(game: AnyGame, state: Any) -> range:
    return range(game.num_players(state))


def playouts(game: AnyGame) -> st.SearchStrategy[tuple[Playout, random.Random]]:
    return st.tuples(configs(game), seeds, st.randoms(use_true_random=False)).map(
        lambda t: (play(game, t[0], t[1], t[2]), t[2])
    )


def replace_random_leaf(
    document: Any, value: Any, rnd: random.Random, keep: tuple[str, ...] = ()
) -> Any:
    """A copy of ``document`` with one randomly chosen leaf (or subtree) replaced."""
    paths: list[tuple[Any, ...]] = []

    def walk(node: Any, path: tuple[Any, ...]) -> None:
        if path and path[-1] not in keep:
            paths.append(path)
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, (*path, k))
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, (*path, i))

    walk(document, ())
    if not paths:
        return document
    target = rnd.choice(paths)

    def rebuild(node: Any, path: tuple[Any, ...]) -> Any:
        if not path:
            return value
        head, rest = path[0], path[1:]
        if isinstance(node, dict):
            return {k: rebuild(v, rest) if k == head else v for k, v in node.items()}
        return [rebuild(v, rest) if i == head else v for i, v in enumerate(node)]

    return rebuild(document, target)


def get_at(document: Any, path: tuple[Any, ...]) -> Any:
    """The node of ``document`` at ``path`` (keys and indices)."""
    for step in path:
        document = document[step]
    return document


def set_at(document: Any, path: tuple[Any, ...], value: Any) -> Any:
    """A copy of ``document`` with the node at ``path`` replaced by ``value``."""
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(document, dict):
        return {k: set_at(v, rest, value) if k == head else v for k, v in document.items()}
    return [set_at(v, rest, value) if i == head else v for i, v in enumerate(document)]
