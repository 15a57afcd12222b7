"""A loaded State is one the rules could reach, or a ``DeserializationError``.

Saved states of random games are mutated at random paths, in the ways a corrupted file or
a hostile client would: numbers made huge, negative, infinite or fractional, lists
shortened, lengthened or emptied, two fields swapped. Each mutant must either be refused
with ``DeserializationError``, or load as a state that the game can go on with: its
``check_state`` passes after every action of a random continuation, and it observes,
renders and serialises. Observations get the same treatment: refused, or usable.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from crabrules.core import DeserializationError, from_dict, to_dict, to_json
from tests.conformance.common import (
    AnyGame,
    by_game,
    conformance,
    get_at,
    players,
    playouts,
    sample,
    set_at,
)

#: Actions of a random continuation played from each mutant that loads.
CONTINUATION = 25
#: Mutants tried per sampled state.
MUTANTS = 6

Path = tuple[Any, ...]


def _paths(document: Any) -> list[Path]:
    found: list[Path] = []

    def walk(node: Any, path: Path) -> None:
        if path and path[-1] != "format_version":
            found.append(path)
        if isinstance(node, dict):
            for key, value in node.items():
                walk(value, (*path, key))
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, (*path, i))

    walk(document, ())
    return found


def _number_mutation(value: int | float, rnd: random.Random) -> Any:
    return rnd.choice(
        [2**63, 10**100, -1, -(2**40), float("inf"), float("-inf"), value + 0.5, 99, 1]
    )


def _list_mutation(value: list[Any], rnd: random.Random) -> Any:
    options: list[Callable[[], Any]] = [
        lambda: value[:-1],
        list,
        lambda: [*value, value[-1]] if value else [0],
        lambda: [*value, *value],
        lambda: list(reversed(value)),
    ]
    return rnd.choice(options)()


def mutate(document: Any, rnd: random.Random) -> Any:
    """``document`` with one random corruption at one random path."""
    paths = _paths(document)
    if not paths:
        return document
    path = rnd.choice(paths)
    value = get_at(document, path)
    if isinstance(value, bool):
        return set_at(document, path, not value)
    if isinstance(value, (int, float)):
        return set_at(document, path, _number_mutation(value, rnd))
    if isinstance(value, list):
        return set_at(document, path, _list_mutation(value, rnd))
    if isinstance(value, dict) and len(value) >= 2:
        a, b = rnd.sample(sorted(value), 2)  # swap two sibling fields
        swapped = {**value, a: value[b], b: value[a]}
        return set_at(document, path, swapped)
    if isinstance(value, str):
        return set_at(document, path, rnd.choice(["", value + "x", value[::-1]]))
    return set_at(document, path, None)


def _play_on(game: AnyGame, state: Any, rnd: random.Random) -> None:
    for _ in range(CONTINUATION):
        game.check_state(state)
        to_json(state)
        for p in [None, *players(game, state)]:
            game.observe(state, p)
        game.render(state)
        actions = game.legal_actions(state)
        if not actions:
            return
        state = game.apply(state, rnd.choice(actions))


@by_game
@conformance
@given(data=st.data())
def test_a_mutated_state_is_refused_or_plays_on_soundly(
    game: AnyGame, data: st.DataObject
) -> None:
    playout, rnd = data.draw(playouts(game))
    for state in sample(playout, rnd):
        document = to_dict(state)
        for _ in range(MUTANTS):
            mutant = mutate(document, rnd)
            try:
                loaded = from_dict(mutant, game.state_type)
            except DeserializationError:
                continue
            _play_on(game, loaded, rnd)


def _render_observation(game: AnyGame) -> Callable[[Any], str] | None:
    package = sys.modules[game.state_type.__module__.rsplit(".", 1)[0]]
    function: Callable[[Any], str] | None = getattr(package, "render_observation", None)
    return function


@by_game
@conformance
@given(data=st.data())
def test_a_mutated_observation_is_refused_or_usable(game: AnyGame, data: st.DataObject) -> None:
    playout, rnd = data.draw(playouts(game))
    render = _render_observation(game)
    for state in sample(playout, rnd):
        for p in [None, *players(game, state)]:
            document = to_dict(game.observe(state, p))
            mutant = mutate(document, rnd)
            try:
                loaded = from_dict(mutant, game.observation_type)
            except DeserializationError:
                continue
            assert from_dict(to_dict(loaded), game.observation_type) == loaded
            if render is not None:
                render(loaded)
