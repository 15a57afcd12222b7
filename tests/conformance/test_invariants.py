"""One mutation per state invariant: a reachable state, changed, breaks that rule first.

A game whose ``check_state`` is a list of named invariants (:mod:`crabrules.core.invariants`)
lists them in its state module's ``INVARIANTS`` (Oh Crab!: ``state_invariants()``, the
base game's with the Adventure Pack's, and ``observation_invariants()`` for its
observations). For each, :data:`MUTATIONS` says how to break it; a state of a seeded random
game so changed must be refused by the game's check with that invariant's sentence, as the
first broken rule, and :func:`broken` lists it. An invariant without a mutation fails here,
so a new rule comes with its test.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import attrs
import pytest

from crabrules import crab_stack, marche_du_crabe, oh_crab
from crabrules.core import InvalidStateError, invariants
from crabrules.crab_stack import state as crab_stack_state
from crabrules.marche_du_crabe import state as marche_state
from crabrules.marche_du_crabe.board import NO_ITEM
from tests.conformance import oh_crab_mutations

Mutation = Callable[[Any], Any]


def _bad_layout(state: Any) -> Any:
    # A Layout refuses bad items when built, so one is changed in place on a copy.
    layout = copy.copy(state.layout)
    object.__setattr__(layout, "items", layout.items[:-1])
    return attrs.evolve(state, layout=layout)


def _not_dealt(state: Any) -> int:
    dealt = {i for pair in state.forbidden for i in pair}
    return min(i for i in range(12) if i not in dealt)


def _sand(state: Any) -> int:
    cell: int = state.layout.items.index(NO_ITEM)
    return cell


#: By game id, by invariant name: how to break it.
MUTATIONS: dict[str, dict[str, Mutation]] = {
    "crab-stack": {
        "fields": lambda s: attrs.evolve(s, turn="1"),
        "seed": lambda s: attrs.evolve(s, seed=-1),
        "stacks": lambda s: attrs.evolve(s, stacks=s.stacks[:-1]),
        "tops": lambda s: attrs.evolve(s, tops_by_size=(0, 0, 0)),
        "eliminated": lambda s: attrs.evolve(s, eliminated=(0, 0)),
        "to_move": lambda s: attrs.evolve(s, to_move=7),
        "turn": lambda s: attrs.evolve(s, turn=-1),
        "groups": lambda s: attrs.evolve(s, pending=((0,), (1,))),
        "everyone_in_can_move": lambda s: attrs.evolve(s, eliminated=s.eliminated[:-1]),
        "history": lambda s: attrs.evolve(s, history=()),
    },
    "la-marche-du-crabe": {
        "seed": lambda s: attrs.evolve(s, seed=-1),
        "layout": _bad_layout,
        "forbidden": lambda s: attrs.evolve(s, forbidden=((0, 0), (1, 2))),
        "exposed": lambda s: attrs.evolve(s, exposed=s.exposed | {_not_dealt(s)}),
        "freed": lambda s: attrs.evolve(s, freed=s.freed | {_sand(s)}),
        "shrimps": lambda s: attrs.evolve(s, shrimps=99),
        "baddies": lambda s: attrs.evolve(s, baddies=s.baddies[:-1]),
        "token": lambda s: attrs.evolve(s, token=99),
        "snacks": lambda s: attrs.evolve(s, snacks=frozenset({99})),
        "decks": lambda s: attrs.evolve(s, decks=s.decks[:1]),
        "to_move": lambda s: attrs.evolve(s, to_move=5),
        "revealed": lambda s: attrs.evolve(s, revealed=9),
        "ending": lambda s: attrs.evolve(s, termination=marche_du_crabe.Termination.CRABS_FREED),
    },
    "oh-crab": oh_crab_mutations.STATE,
    "oh-crab-observation": oh_crab_mutations.OBSERVATION,
}


def _reachable(game: Any, configs: list[Any]) -> Iterator[Any]:
    """States of seeded random games, every one of each game."""
    for seed in range(12):
        rnd = random.Random(seed)
        state = game.initial_state(configs[seed % len(configs)], seed=seed)
        yield state
        while not game.is_terminal(state):
            state = game.apply(state, rnd.choice(game.legal_actions(state)))
            yield state


def _states_of(game: Any, configs: list[Any]) -> Callable[[], Iterable[Any]]:
    return lambda: _reachable(game, configs)


#: By game id: the check that refuses a document, its invariants, and reachable documents.
GAMES: dict[str, tuple[Callable[[Any], None], Any, Callable[[], Iterable[Any]]]] = {
    "crab-stack": (
        crab_stack.check_state,
        crab_stack_state.INVARIANTS,
        _states_of(crab_stack, [crab_stack.Config(players=n) for n in (2, 3, 4)]),
    ),
    "la-marche-du-crabe": (
        marche_du_crabe.check_state,
        marche_state.INVARIANTS,
        _states_of(marche_du_crabe, [marche_du_crabe.Config()]),
    ),
    "oh-crab": (
        oh_crab.check_state,
        oh_crab_mutations.state_invariants(),
        oh_crab_mutations.states,
    ),
    "oh-crab-observation": (
        oh_crab.check_observation,
        oh_crab_mutations.observation_invariants(),
        oh_crab_mutations.observations,
    ),
}

CASES = [
    (game_id, invariants.name_of(rule))
    for game_id, (_, rules, _) in GAMES.items()
    for rule in rules
]


@pytest.mark.parametrize(("game_id", "name"), CASES, ids=[f"{g}-{n}" for g, n in CASES])
def test_each_invariant_is_broken_first_by_its_mutation_with_its_own_sentence(
    game_id: str, name: str
) -> None:
    check, rules, states = GAMES[game_id]
    assert name in MUTATIONS[game_id], f"{game_id}: no mutation breaks the invariant {name}"
    mutate = MUTATIONS[game_id][name]
    for state in states():
        assert invariants.first_broken(rules, state) is None
        try:
            changed = mutate(state)
        except (ValueError, IndexError, StopIteration, AttributeError):
            continue  # this state cannot be changed so: try another
        found = invariants.first_broken(rules, changed)
        if found is None or found[0] != name:
            continue
        sentence = found[1]
        with pytest.raises(InvalidStateError) as refused:
            check(changed)
        assert str(refused.value) == sentence
        assert (name, sentence) in invariants.broken(rules, changed)
        return
    pytest.fail(f"{game_id}: no reachable state changed so breaks {name} first")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_mutation_names_an_invariant_of_its_game(game_id: str) -> None:
    names = {invariants.name_of(rule) for rule in GAMES[game_id][1]}
    assert set(MUTATIONS[game_id]) <= names
