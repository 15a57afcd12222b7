"""Crab Stack's observation tensor against its documented layout, written cell by cell."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

np = pytest.importorskip("numpy")

from crabrules import crab_stack  # noqa: E402
from crabrules.encoding import crab_stack as cs_encoding  # noqa: E402
from crabrules.encoding import encoding  # noqa: E402


def _documented_tensor(enc: Any, view: crab_stack.Observation) -> Any:
    """The module docstring's table, one ``Tensor.set`` per 1 (slow, plain, independent)."""
    tensor = enc.new_tensor()
    tensor.set("observer", enc.players if view.player is None else view.player)
    tensor.set("to_move", view.to_move)
    for p in view.eliminated:
        tensor.set("eliminated", p)
    for cell, stack in enumerate(view.stacks):
        for level, crab in enumerate(stack):
            tensor.set("stacks", cell, level, crab)
        if stack:
            tensor.set("top", cell, stack[-1])
    for group in view.pending:
        for cell in group:
            tensor.set("pending", cell, 0)
        tensor.set("pending", min(group), 1)
    tensor.set("repetition", min(view.repetitions, 3) - 1)
    tensor.set("turn", 0, value=float(view.turn))
    return tensor.values


def _views(players: int, games: int) -> list[crab_stack.Observation]:
    """Every viewer's observation of every state of random games (waves, outs and ends)."""
    config = crab_stack.Config(players=players)
    views = []
    for seed in range(games):
        state = crab_stack.initial_state(config, seed=seed)
        rng = random.Random(seed)
        while True:
            views += [crab_stack.observe(state, v) for v in (None, *range(players))]
            if crab_stack.is_terminal(state):
                break
            state = crab_stack.apply(state, rng.choice(crab_stack.legal_actions(state)))
    return views


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_tensor_is_the_documented_layout(players: int) -> None:
    enc = encoding("crab-stack", crab_stack.Config(players=players))
    views = _views(players, games=6)
    # What random games rarely show, set by hand: ties pending, players out, repetitions.
    first = views[0]
    views += [
        attrs.evolve(first, pending=((0, 1, 2), (7, 8, 9))),
        attrs.evolve(first, eliminated=tuple(range(1, players)), repetitions=3),
        attrs.evolve(first, eliminated=tuple(range(players - 1, 0, -1))),
        # No game eliminates a player twice, but a hand-built view still gets its 1s.
        attrs.evolve(first, eliminated=(1, 1)),
        attrs.evolve(first, repetitions=2, turn=41),
    ]
    for view in views:
        assert np.array_equal(enc.observation_tensor(view), _documented_tensor(enc, view))


def test_a_full_space_memo_starts_again_and_stays_right(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cs_encoding._SpaceOnes, "LIMIT", 3)
    # A fresh encoding (not the cached one): its memos fill up from empty.
    enc = cs_encoding.CrabStackEncoding(crab_stack.Config())
    for view in _views(2, games=3):
        assert np.array_equal(enc.observation_tensor(view), _documented_tensor(enc, view))
    assert all(len(memo) <= 3 for memo in enc._spaces)


def test_tensors_handed_out_are_never_written_again() -> None:
    enc = encoding("crab-stack")
    views = _views(2, games=1)
    first = enc.observation_tensor(views[0])
    kept = first.copy()
    for view in views[1:]:
        enc.observation_tensor(view)
    assert np.array_equal(first, kept)


def test_a_pending_wave_tie_numbers_its_keep_group_decisions() -> None:
    # Random 2-player games reach a tie now and then: play until one is pending.
    enc = cs_encoding.CrabStackEncoding(crab_stack.Config())
    seed, state = 0, crab_stack.initial_state(seed=0)
    rng = random.Random(seed)
    while not state.pending:
        if crab_stack.is_terminal(state):
            seed += 1
            state, rng = crab_stack.initial_state(seed=seed), random.Random(seed)
        state = crab_stack.apply(state, rng.choice(crab_stack.legal_actions(state)))
    legal = crab_stack.legal_actions(state)
    numbered = enc.numbered_legal_actions(state, state.to_move)
    assert list(numbered.values()) == list(legal)
    assert list(numbered) == [enc.action_to_int(a) for a in legal]
    assert all(n >= enc.cells * enc.cells for n in numbered)
    ones, actions = enc.legal_numbers(state, state.to_move)
    assert [n for n, one in enumerate(ones) if one] == list(numbered)
    assert [actions[n] for n in numbered] == list(legal)
