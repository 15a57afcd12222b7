"""Per-game Hypothesis strategies for configs: one entry per registered game.

A game with no entry is tested with its default ``Config()`` only.
"""

from __future__ import annotations

import itertools
from typing import Any

from hypothesis import strategies as st

from crabrules import crab_stack, marche_du_crabe, oh_crab, youve_got_crabs
from tests.conformance import tictactoe


def _youve_got_crabs_configs(teams: int) -> st.SearchStrategy[youve_got_crabs.Config]:
    # A small deck of 4 types makes four of a kind, hence right calls, common; a seating
    # pairs a permutation of the teams on the even seats with one on the odd seats.
    seatings = st.tuples(st.permutations(range(teams)), st.permutations(range(teams))).map(
        lambda sides: tuple(t for pair in zip(*sides, strict=True) for t in pair)
    )
    decks = st.sampled_from(
        [(youve_got_crabs.REFERENCE_TYPES, None), (("Ab", "Jab", "Taxi", "King"), ())]
    )
    return st.tuples(decks, st.sampled_from([0, 1]), st.booleans(), st.none() | seatings).map(
        lambda t: youve_got_crabs.Config(
            teams=teams,
            types=t[0][0],
            copies=2 * teams + 1,
            removed_types=t[0][1],
            first_side=t[1],
            imitation_crab=t[2],
            seating=t[3],
        )
    )


def _oh_crab_configs(modules: frozenset[str]) -> st.SearchStrategy[oh_crab.Config]:
    # Every subset of the Adventure Pack's modules, with any compatible mix of variants.
    variants = sorted(v.value for v in oh_crab.Variant if v.module.value in modules)
    mixes: st.SearchStrategy[frozenset[str]] = (
        st.frozensets(st.sampled_from(variants)).filter(
            lambda chosen: not {"alls-well-that-ends-well", "only-the-good"} <= chosen
        )
        if variants
        else st.just(frozenset[str]())
    )
    return st.builds(
        oh_crab.Config,
        players=st.integers(2, 5),
        scenario=st.sampled_from(oh_crab.SCENARIOS),
        quick=st.booleans(),
        modules=st.just(modules),
        variants=mixes,
    )


_OH_CRAB_MODULES = sorted(m.value for m in oh_crab.IMPLEMENTED_MODULES)

CONFIGS: dict[str, st.SearchStrategy[Any]] = {
    "tic-tac-toe": st.builds(tictactoe.Config, first_player=st.sampled_from([None, 0, 1])),
    "la-marche-du-crabe": st.builds(
        marche_du_crabe.Config,
        beach=st.sampled_from(marche_du_crabe.REFERENCE_BEACHES),
        shrimps=st.integers(0, 5),
    ),
    "youve-got-crabs": st.integers(2, 5).flatmap(_youve_got_crabs_configs),
    "crab-stack": st.integers(2, 4).flatmap(
        lambda players: st.builds(
            crab_stack.Config,
            players=st.just(players),
            first_player=st.none() | st.integers(0, players - 1),
            max_turns=st.none() | st.integers(1, 12),
        )
    ),
    "oh-crab": st.frozensets(st.sampled_from(_OH_CRAB_MODULES)).flatmap(_oh_crab_configs),
}


def _oh_crab_mixes() -> dict[str, oh_crab.Config]:
    # Every subset of the implemented modules for every player count, and each variant.
    modules = sorted(m.value for m in oh_crab.IMPLEMENTED_MODULES)  # one order in every process
    mixes = {
        f"{players}p-{'+'.join(sorted(chosen)) or 'base'}": oh_crab.Config(
            players=players, modules=frozenset(chosen)
        )
        for players in range(2, 6)
        for size in range(len(modules) + 1)
        for chosen in itertools.combinations(modules, size)
    }
    for variant in oh_crab.Variant:
        mixes[f"4p-{variant.value}"] = oh_crab.Config(
            players=4,
            modules=frozenset({variant.module.value}),
            variants=frozenset({variant.value}),
        )
    return mixes


#: Named configs that the conformance suite plays one by one (test_every_mix), so that no
#: player count, module mix or variant is left to chance. A game with no entry plays its
#: default config there.
MIXES: dict[str, dict[str, Any]] = {
    "oh-crab": _oh_crab_mixes(),
    "crab-stack": {f"{n}p": crab_stack.Config(players=n) for n in range(2, 5)},
    "youve-got-crabs": {f"{n}teams": youve_got_crabs.Config(teams=n) for n in range(2, 6)},
    "la-marche-du-crabe": {
        beach.name: marche_du_crabe.Config(beach=beach)
        for beach in marche_du_crabe.REFERENCE_BEACHES
    },
}
