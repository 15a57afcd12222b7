"""La Marche du Crabe's observation tensor against its documented layout, section by section."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from crabrules import marche_du_crabe as mdc  # noqa: E402
from crabrules.encoding import encoding  # noqa: E402
from crabrules.marche_du_crabe import Icon  # noqa: E402
from crabrules.marche_du_crabe._config import MAX_SHRIMPS  # noqa: E402
from crabrules.marche_du_crabe._state import FULL_DECK, NO_BADDIE  # noqa: E402


def _documented_tensor(enc: Any, view: mdc.Observation) -> Any:
    """The module docstring's table, one ``Tensor.set`` per entry (slow, plain, independent)."""
    tensor = enc.new_tensor()
    tensor.set("observer", 2 if view.player is None else view.player)
    tensor.set("to_move", view.to_move)
    for cell, item in enumerate(view.layout.items):
        if item >= 0:
            tensor.set("items", cell, item)
    for cell, icon in enumerate(view.layout.icons):
        if icon is not None:
            tensor.set("icons", cell, list(Icon).index(icon))
    for item in view.forbidden:
        tensor.set("forbidden", item)
    for p, exposed in enumerate(view.exposed):
        for item in exposed:
            tensor.set("exposed", p, item)
    for cell in view.freed:
        tensor.set("freed", cell)
    for cell, baddie in enumerate(view.baddies):
        if baddie != NO_BADDIE:
            tensor.set("baddies", cell, baddie)
    for cell in view.snacks:
        tensor.set("snacks", cell)
    tensor.set("token", view.token)
    tensor.set("shrimps", 0, value=view.shrimps / MAX_SHRIMPS)
    for p, size in enumerate(view.deck_sizes):
        tensor.set("deck_sizes", p, value=size / len(FULL_DECK))
    if view.revealed is not None:
        tensor.set("revealed", view.revealed)
    if view.termination is not None:
        tensor.set("ended", 0)
    return tensor.values


def test_the_tensor_is_the_documented_layout() -> None:
    enc = encoding("la-marche-du-crabe")
    views = []
    for seed in range(8):
        state = mdc.initial_state(seed=seed)
        rng = random.Random(seed)
        while True:
            views += [mdc.observe(state, viewer) for viewer in (None, 0, 1)]
            if mdc.is_terminal(state):
                break
            state = mdc.apply(state, rng.choice(mdc.legal_actions(state)))
    # The games reach what the optional sections show, so each is compared for real.
    assert any(v.revealed is not None for v in views)
    assert any(v.termination is not None for v in views)
    assert any(v.freed for v in views)
    assert any(any(v.exposed) for v in views)
    for view in views:
        assert np.array_equal(enc.observation_tensor(view), _documented_tensor(enc, view))


def test_legal_numbers_hand_out_the_rules_own_action_objects() -> None:
    # The environment applies actions[n] unchecked: it must be the very legal action.
    enc = encoding("la-marche-du-crabe")
    for seed in range(4):
        state = mdc.initial_state(seed=seed)
        rng = random.Random(seed)
        while not mdc.is_terminal(state):
            legal = mdc.legal_actions(state)
            ones, actions = enc.legal_numbers(state, state.to_move)
            handed = [actions[n] for n, one in enumerate(ones) if one]
            assert sorted(map(id, handed)) == sorted(map(id, legal))
            state = mdc.apply(state, rng.choice(legal))
