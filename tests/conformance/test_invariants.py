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

from crabrules import crab_stack, marche_du_crabe, oh_crab, youve_got_crabs
from crabrules.core import InvalidStateError, invariants
from crabrules.crab_stack import _state as crab_stack_state
from crabrules.marche_du_crabe import _state as marche_state
from crabrules.marche_du_crabe._board import NO_ITEM
from crabrules.oh_crab.view._observe import check_observation as check_oh_crab_observation
from crabrules.youve_got_crabs import _check as ygc_check
from crabrules.youve_got_crabs._table import table
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


def _ygc_claim(state: Any, remaining: int = 3) -> Any:
    """Player 0 claiming Double Crabs, after the two calls that make the claim."""
    partner = table(state.config).partner_of[0]
    double = (
        youve_got_crabs.CallRecord(0, partner, True, True),
        youve_got_crabs.CallRecord(partner, 0, True, True),
    )
    calls = (*state.calls, *double)[-youve_got_crabs.RECENT :]
    return attrs.evolve(
        state,
        calls=calls,
        call_count=state.call_count + 2,
        claim=youve_got_crabs.Claim(0, remaining),
    )


def _ygc_window(state: Any) -> Any:
    """Player 0's call on their partner, waiting at the clock."""
    partner = table(state.config).partner_of[0]
    return youve_got_crabs.Window(0, partner, state.clock)


def _ygc_pot_to(state: Any, team: int) -> Any:
    """The Pot's tokens all moved to ``team``."""
    tokens = list(state.tokens)
    tokens[team] += state.pot
    return attrs.evolve(state, tokens=tuple(tokens), pot=0)


def _ygc_side(state: Any, side: int) -> tuple[int, ...]:
    players: tuple[int, ...] = table(state.config).side_players[side]
    return players


def _ygc_scoring_hand_called_wrong(state: Any) -> Any:
    """Player 0's hand made four of a kind from the Draw pile, and called wrong."""
    card = state.hands[0][0]
    copies = [i for i, c in enumerate(state.draw) if c == card]
    if card == youve_got_crabs.IMITATION_CRAB or len(copies) < 3:
        raise ValueError("no four of a kind to make")
    hand, draw = list(state.hands[0]), list(state.draw)
    for slot, i in zip((1, 2, 3), copies, strict=False):
        hand[slot], draw[i] = draw[i], hand[slot]
    unseen = (youve_got_crabs.UNSEEN,) * 4
    return attrs.evolve(
        state,
        hands=(tuple(hand), *state.hands[1:]),
        seen=(unseen, *state.seen[1:]),
        draw=tuple(draw),
        called_wrong=frozenset({0}),
    )


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
    "youve-got-crabs": {
        "fields": lambda s: attrs.evolve(s, pot="1"),
        "seed": lambda s: attrs.evolve(s, seed=-1),
        "seen_rows": lambda s: attrs.evolve(s, seen=s.seen[:-1]),
        "drawn_from": lambda s: attrs.evolve(s, reshuffles=-1),
        "ocean": lambda s: attrs.evolve(s, ocean=s.ocean[:-1]),
        "claws_seat": lambda s: attrs.evolve(s, claws=99),
        "tokens": lambda s: attrs.evolve(s, pot=s.pot + 1),
        "pot_empty_ends": lambda s: _ygc_pot_to(s, 0),
        "winner_pot_empty": lambda s: attrs.evolve(s, winner=0),
        "winner_most_tokens": lambda s: attrs.evolve(_ygc_pot_to(s, 1), winner=0),
        "license": lambda s: attrs.evolve(s, license=2),
        "down": lambda s: attrs.evolve(s, down=s.down | {99}),
        "confirmed": lambda s: attrs.evolve(
            s,
            down=frozenset(_ygc_side(s, s.license)[:1]),
            confirmed=frozenset(_ygc_side(s, s.license)[:1]),
        ),
        "declined": lambda s: attrs.evolve(s, declined=frozenset(_ygc_side(s, s.license)[:1])),
        "offer": lambda s: attrs.evolve(s, phase=youve_got_crabs.Phase.OFFER, swapped=True),
        "declined_offer_only": lambda s: attrs.evolve(
            s,
            phase=youve_got_crabs.Phase.PLAY,
            declined=frozenset(_ygc_side(s, 1 - s.license)[:1]),
        ),
        "clock": lambda s: attrs.evolve(s, clock=float("inf")),
        "window": lambda s: attrs.evolve(s, window=youve_got_crabs.Window(0, 0, s.clock)),
        "claim": lambda s: attrs.evolve(s, claim=youve_got_crabs.Claim(0, 0)),
        "claim_follows_calls": lambda s: attrs.evolve(s, claim=youve_got_crabs.Claim(0, 3)),
        "claim_has_sources": lambda s: _ygc_claim(_ygc_pot_to(s, table(s.config).team_of[0])),
        "claim_sudden_death": lambda s: attrs.evolve(_ygc_claim(s, 1), tied=frozenset({0, 1})),
        "one_pause": lambda s: attrs.evolve(_ygc_claim(s), window=_ygc_window(s)),
        "tied": lambda s: attrs.evolve(s, tied=frozenset({0})),
        "winner": lambda s: attrs.evolve(_ygc_pot_to(s, 0), winner=0, window=_ygc_window(s)),
        "since_clock": lambda s: attrs.evolve(s, since_clock=-1),
        "signals": lambda s: attrs.evolve(s, signals=(*s.signals, 0)),
        "calls": lambda s: attrs.evolve(
            s, calls=(*s.calls, youve_got_crabs.CallRecord(0, 0, False, False))
        ),
        "called_wrong": lambda s: attrs.evolve(s, called_wrong=frozenset({99})),
        "hands": lambda s: attrs.evolve(s, hands=s.hands[:-1]),
        "seen_cards": lambda s: attrs.evolve(
            s, seen=((s.hands[0][0] + 1, *s.seen[0][1:]), *s.seen[1:])
        ),
        "deck": lambda s: attrs.evolve(s, draw=s.draw[:-1]),
        "draw_refilled": lambda s: attrs.evolve(s, draw=(), discard=(*s.discard, *s.draw)),
        "claws_holder": lambda s: attrs.evolve(s, claws=0 if s.claws is None else None),
        "called_wrong_hands": _ygc_scoring_hand_called_wrong,
    },
    "oh-crab": oh_crab_mutations.STATE,
    "oh-crab-observation": oh_crab_mutations.OBSERVATION,
}


def _reachable(game: Any, configs: list[Any], steps: int | None) -> Iterator[Any]:
    """States of seeded random games, every one of each game (up to ``steps`` actions)."""
    for seed in range(12):
        rnd = random.Random(seed)
        state = game.initial_state(configs[seed % len(configs)], seed=seed)
        yield state
        played = 0
        while not game.is_terminal(state) and (steps is None or played < steps):
            state = game.apply(state, rnd.choice(game.legal_actions(state)))
            played += 1
            yield state


def _states_of(
    game: Any, configs: list[Any], steps: int | None = None
) -> Callable[[], Iterable[Any]]:
    """The states of :func:`_reachable`, as often as asked (``steps``: see there)."""
    return lambda: _reachable(game, configs, steps)


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
    "youve-got-crabs": (
        youve_got_crabs.check_state,
        ygc_check.INVARIANTS,
        # Its random games run long: the states of their first 400 actions.
        _states_of(
            youve_got_crabs,
            [
                youve_got_crabs.Config(teams=2),
                youve_got_crabs.Config(teams=3, imitation_crab=True),
                youve_got_crabs.Config(teams=2, imitation_crab=True),
            ],
            steps=400,
        ),
    ),
    "oh-crab": (
        oh_crab.check_state,
        oh_crab_mutations.state_invariants(),
        oh_crab_mutations.states,
    ),
    "oh-crab-observation": (
        check_oh_crab_observation,
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
