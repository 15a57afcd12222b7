"""Wrong arguments get a typed error: exact action fields, States, players.

- An action is legal only if it is exactly one of ``legal_actions``, field types included:
  every field of real legal actions is replaced by values that compare equal or look
  alike (a float, a bool, a string, ``None``, an enum member's plain value), and ``apply``
  must refuse each with ``IllegalActionError`` (reason ``malformed``), the state untouched.
- A value that is not the game's State (an Observation, ``None``, another game's State)
  raises ``NotAStateError`` from every function that takes a state.
- ``legal_actions`` refuses a player the game does not have.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from crabrules.core import (
    CommonReason,
    IllegalActionError,
    InvalidPlayerError,
    NotAStateError,
    to_json,
)
from crabrules.core.actions import field_errors
from tests.conformance.common import GAMES, AnyGame, by_game, conformance, playouts, sample


def look_alikes(value: Any) -> Iterator[Any]:
    """Values of another type that a careless front end might send for ``value``."""
    if isinstance(value, enum.Enum):
        yield value.value
        yield value.name
    elif type(value) is bool:
        yield int(value)
        yield str(value).lower()
    elif type(value) is int:
        yield float(value)
        yield value == 1
        yield str(value)
    elif type(value) is float:
        yield str(value)
        yield True
    elif type(value) is str:
        yield value.encode()
        yield 0
    elif isinstance(value, tuple) and value:
        yield list(value)
        for bad in look_alikes(value[0]):
            yield (bad, *value[1:])
    elif isinstance(value, frozenset) and value:
        yield set(value)
        yield tuple(sorted(value, key=repr))
    yield None


def mutants(action: Any) -> Iterator[Any]:
    for field in attrs.fields(type(action)):
        for bad in look_alikes(getattr(action, field.name)):
            try:
                candidate = attrs.evolve(action, **{field.name: bad})
            except (TypeError, ValueError):  # the action class itself refused the value
                continue
            if field_errors(candidate) is not None:  # a converter may have fixed it
                yield candidate


@by_game
@conformance
@given(data=st.data())
def test_wrong_typed_action_fields_are_refused(game: AnyGame, data: st.DataObject) -> None:
    playout, rnd = data.draw(playouts(game))
    for state in sample(playout, rnd):
        before = to_json(state)
        for action in game.legal_actions(state)[:8]:
            for candidate in mutants(action):
                with pytest.raises(IllegalActionError) as refused:
                    game.apply(state, candidate)
                assert refused.value.reason == CommonReason.MALFORMED, candidate
                assert refused.value.action is candidate
        assert to_json(state) == before, "a refused action changed the state"


def _state_functions(game: AnyGame, state: Any) -> dict[str, Callable[[Any], Any]]:
    action = (game.legal_actions(state) or (None,))[0]
    return {
        "legal_actions": game.legal_actions,
        "apply": lambda s: game.apply(s, action),
        "apply_with_events": lambda s: game.apply_with_events(s, action),
        "is_terminal": game.is_terminal,
        "active_players": game.active_players,
        "outcome": game.outcome,
        "observe": lambda s: game.observe(s, None),
        "determinize": lambda s: game.determinize(s, None, 1),
        "render": game.render,
        "num_players": game.num_players,
        "describe": lambda s: game.describe(s, action),
        "action_to_str": lambda s: game.action_to_str(s, action),
        "parse_action": lambda s: game.parse_action(s, "x"),
        "check_state": game.check_state,
    }


@by_game
def test_a_value_that_is_not_a_state_is_refused_with_not_a_state_error(game: AnyGame) -> None:
    state = game.initial_state(seed=3)
    others = [g.initial_state(seed=3) for g in GAMES if g.info.id != game.info.id][:2]
    for name, function in _state_functions(game, state).items():
        for wrong in [None, game.observe(state, None), {"stacks": []}, *others]:
            try:
                function(wrong)
            except NotAStateError:
                continue
            except Exception as error:
                pytest.fail(f"{name}({type(wrong).__name__}) raised {error!r}")
            pytest.fail(f"{name} accepted a {type(wrong).__name__} as a state")


@by_game
@pytest.mark.parametrize("player", [7, -1, "x", True, 1.0, None])
def test_legal_actions_refuses_a_player_the_game_does_not_have(game: AnyGame, player: Any) -> None:
    state = game.initial_state(seed=5)
    if player is None:
        assert game.legal_actions(state, None) == game.legal_actions(state)
        return
    with pytest.raises(InvalidPlayerError):
        game.legal_actions(state, player)
