"""The shared contract, for Crab Stack: wrong arguments get typed errors (issue 9).

Points 2, 4 and 5 of issue 9: an action is legal only if it is exactly one of
``legal_actions`` (field types included); every function that takes a state refuses
anything else with ``NotAStateError``; a player the game lacks is an
``InvalidPlayerError``; a saved state or observation is one the rules could reach, or a
``DeserializationError``; seeds are any integer-like value.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest

from crabrules import DeserializationError, from_dict, marche_du_crabe, to_dict, to_json
from crabrules import crab_stack as cs
from crabrules.core import (
    CommonReason,
    IllegalActionError,
    InvalidConfigError,
    InvalidPlayerError,
    NotAStateError,
)
from tests.crab_stack.helpers import TIED_SPLIT, C, D, build, move, random_games

STATE = cs.initial_state(cs.Config(players=3), seed=5)

#: Every public function of the game that takes a state, with the rest of its arguments.
TAKES_A_STATE: dict[str, Callable[[Any], object]] = {
    "legal_actions": cs.legal_actions,
    "apply": lambda s: cs.apply(s, cs.legal_actions(STATE)[0]),
    "apply unchecked": lambda s: cs.apply(s, cs.legal_actions(STATE)[0], check=False),
    "is_terminal": cs.is_terminal,
    "active_players": cs.active_players,
    "outcome": cs.outcome,
    "observe": lambda s: cs.observe(s, None),
    "determinize": lambda s: cs.determinize(s, None, 1),
    "render": cs.render,
    "num_players": cs.num_players,
    "check_state": cs.check_state,
}


@pytest.mark.parametrize("function", list(TAKES_A_STATE))
@pytest.mark.parametrize(
    "value",
    [None, cs.observe(STATE, 0), marche_du_crabe.initial_state(seed=1), "state", 3],
    ids=["None", "observation", "another game's state", "str", "int"],
)
def test_every_function_refuses_what_is_not_a_state(function: str, value: object) -> None:
    with pytest.raises(NotAStateError, match=r"expected a crabrules\.crab_stack\.State"):
        TAKES_A_STATE[function](value)


@pytest.mark.parametrize("player", [7, 3, -1, "x", True, 1.0, (0,)])
def test_legal_actions_refuses_a_player_the_game_lacks(player: object) -> None:
    with pytest.raises(InvalidPlayerError):
        cs.legal_actions(STATE, player)  # type: ignore[arg-type]


def test_legal_actions_of_a_player_who_is_not_to_move_are_none() -> None:
    others = [p for p in range(3) if p != STATE.to_move]
    assert all(cs.legal_actions(STATE, p) == () for p in others)
    assert cs.legal_actions(STATE, STATE.to_move) == cs.legal_actions(STATE)


class _Blue(int):
    """An int subclass: equal to 1, but not exactly an int."""


def _wrong_values(value: object) -> Iterator[object]:
    """Values that compare equal to ``value``, or are of another type entirely."""
    assert type(value) is int
    yield from (float(value), value == 1, str(value), None, _Blue(value), [value])


def test_every_field_of_a_wrong_type_is_refused_and_named() -> None:
    tied = move(build(TIED_SPLIT), C, D)
    actions = [*cs.legal_actions(STATE)[:5], *cs.legal_actions(tied)]
    for action in actions:
        state = tied if isinstance(action, cs.KeepGroup) else STATE
        before = to_json(state)
        for field in attrs.fields(type(action)):
            for wrong in _wrong_values(getattr(action, field.name)):
                bad = attrs.evolve(action, **{field.name: wrong})  # type: ignore[arg-type]
                with pytest.raises(IllegalActionError, match=field.name) as refused:
                    cs.apply(state, bad)
                assert refused.value.reason is CommonReason.MALFORMED
        assert to_json(state) == before


def test_an_action_of_another_class_is_malformed() -> None:
    with pytest.raises(IllegalActionError, match="its actions are 'keep_group', 'move'"):
        cs.apply(STATE, marche_du_crabe.Move(0, 1))  # type: ignore[arg-type]


class _Index:
    """An integer-like value that is not an int (as numpy.int64 is)."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


def test_seeds_are_any_integer_like_value() -> None:
    state = cs.initial_state(seed=_Index(9))  # type: ignore[arg-type]
    assert state == cs.initial_state(seed=9)
    assert type(state.seed) is int
    assert cs.determinize(state, 0, _Index(3)) is state  # type: ignore[arg-type]
    assert cs.position(state.config, state.stacks, 0, seed=_Index(4)).seed == 4  # type: ignore[arg-type]
    for bad in (-1, 2**64, 1.0, True, "1"):
        with pytest.raises(InvalidConfigError, match="seed"):
            cs.determinize(state, 0, bad)  # type: ignore[arg-type]


# --- saved documents mutated at every path --------------------------------------------


def _paths(document: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(document, dict):
        for key, value in document.items():
            yield from _paths(value, (*path, key))
    elif isinstance(document, list):
        for i, value in enumerate(document):
            yield from _paths(value, (*path, i))


def _at(document: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        document = document[step]
    return document


def _replacements(value: Any) -> list[Any]:
    if type(value) is int:
        return [2**64, -1, -value, value + 1, float("inf"), value + 0.5, 63, 64]
    if type(value) is list:
        return [value[:-1], [*value, value[-1] if value else 0], value[::-1]]
    if value is None:
        return [0, 1, []]
    if type(value) is str:
        return ["", value + "x"]
    return []


def _mutants(document: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The document with one value replaced, one list cut or grown, or two fields swapped."""
    for path in list(_paths(document))[1:]:
        for replacement in _replacements(_at(document, path)):
            mutant = copy.deepcopy(document)
            _at(mutant, path[:-1])[path[-1]] = replacement
            yield mutant
    keys = list(document)
    for i, first in enumerate(keys):
        for second in keys[i + 1 :]:
            mutant = copy.deepcopy(document)
            mutant[first], mutant[second] = document[second], document[first]
            yield mutant


def _sample_states() -> list[cs.State]:
    """An opening, a game in progress, a pending wave tie and each kind of end."""
    games = list(random_games(6, seed=21, max_plies=400))
    tied = move(build(TIED_SPLIT), C, D)
    drawn = move(build({(-2, 2): "rL", (-1, 2): "bL"}), (-2, 2), (-1, 2))
    return [games[0][0], games[1][len(games[1]) // 2], games[2][-1], games[3][-1], tied, drawn]


def _plays_on(state: cs.State, rnd: random.Random) -> None:
    """Random legal actions from ``state``: the state check holds after every one."""
    for _ in range(40):
        cs.check_state(state)
        to_json(state)
        if cs.is_terminal(state):
            return
        state = cs.apply(state, rnd.choice(cs.legal_actions(state)))


@pytest.mark.parametrize("index", range(6))
def test_a_mutated_state_is_refused_or_plays_on(index: int) -> None:
    state = _sample_states()[index]
    rnd = random.Random(index)
    for mutant in _mutants(to_dict(state)):
        try:
            loaded = from_dict(mutant, cs.State)
        except DeserializationError:
            continue
        _plays_on(loaded, rnd)


@pytest.mark.parametrize("index", range(6))
def test_a_mutated_observation_is_refused_or_checks(index: int) -> None:
    view = cs.observe(_sample_states()[index], 1)
    for mutant in _mutants(to_dict(view)):
        try:
            loaded = from_dict(mutant, cs.Observation)
        except DeserializationError:
            continue
        cs.check_observation(loaded)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"repetitions": 0}, "repetitions"),
        ({"repetitions": 3}, "repetitions"),
        ({"player": 3}, "player"),
        ({"to_move": 5}, "to_move"),
        ({"stacks": [[99]] + [[]] * 26}, "no crab 99"),
        ({"eliminated": [0, 1]}, "at most one player"),
    ],
)
def test_an_impossible_observation_is_refused(changes: dict[str, Any], message: str) -> None:
    document = to_dict(cs.observe(STATE, 0))
    document.update(changes)
    with pytest.raises(DeserializationError, match=message):
        from_dict(document, cs.Observation)
