"""Hidden information: what a player observes, and determinize."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

from crabrules.youve_got_crabs import (
    IMITATION_CRAB,
    Call,
    Config,
    Observation,
    Signal,
    apply,
    determinize,
    initial_state,
    legal_actions,
    observe,
)
from crabrules.youve_got_crabs.state import check_state
from tests.youve_got_crabs.helpers import AB, FOUR_KINGS, JAB, KING, TAXI, position


def test_a_player_observes_their_own_hand_and_no_other() -> None:
    state = initial_state(Config(teams=3), seed=4)
    seen = observe(state, 2)
    assert seen.hand == state.hands[2]
    text = repr(attrs.asdict(seen, recurse=False))
    for field in ("hands", "draw", "rng", "seed"):
        assert field not in {f.name for f in attrs.fields(Observation)}
    assert seen.draw_size == len(state.draw)
    assert "Rng" not in text


def test_a_spectator_holds_no_hand() -> None:
    assert observe(initial_state(seed=4), None).hand == ()


def test_public_things_are_observed_by_everyone() -> None:
    state = position(hands={1: FOUR_KINGS})
    state = apply(apply(state, Signal(0)), Call(2, 1, time=3.5))
    for p in (None, 0, 1, 2, 3):
        seen = observe(state, p)
        assert seen.signals == (0,)
        assert seen.calls == state.calls
        assert seen.calls[-1].right
        assert seen.discard == FOUR_KINGS, "a right call shows the hand, then discards it"
        assert seen.tokens == (1, 3)
        assert seen.ocean == state.ocean
        assert seen.clock == 3.5


def test_hand_built_leak_other_hands_and_draw_order_are_invisible() -> None:
    # Two states that differ only in player 1's and 3's hands and the Draw pile's order.
    one = position(hands={0: (KING, KING, TAXI, AB), 1: (JAB, JAB, JAB, TAXI)})
    hands = list(one.hands)
    hands[1], hands[3] = hands[3], hands[1]
    two = attrs.evolve(one, hands=tuple(hands), draw=one.draw[::-1])
    check_state(two)
    assert two != one
    for p in (None, 0, 2):
        assert observe(one, p) == observe(two, p)
        assert legal_actions(one, p) == legal_actions(two, p)
    assert observe(one, 1) != observe(two, 1)
    assert observe(one, 3) != observe(two, 3)


def test_hand_built_leak_the_generator_and_seed_are_invisible() -> None:
    state = initial_state(seed=8)
    other = attrs.evolve(state, seed=9, rng=initial_state(seed=9).rng)
    assert observe(state, 0) == observe(other, 0)


@pytest.mark.parametrize("player", [None, 0, 1, 5])
def test_determinize_redeals_only_what_the_player_cannot_see(player: int | None) -> None:
    state = initial_state(Config(teams=3), seed=21)
    twin = determinize(state, player, seed=5)
    check_state(twin)
    assert observe(twin, player) == observe(state, player)
    hidden = [p for p in range(6) if p != player]
    before = Counter(c for p in hidden for c in state.hands[p]) + Counter(state.draw)
    after = Counter(c for p in hidden for c in twin.hands[p]) + Counter(twin.draw)
    assert before == after
    assert [twin.hands[p] for p in hidden] != [state.hands[p] for p in hidden]
    assert twin.rng != state.rng


def test_determinize_leaves_the_imitation_crab_with_the_claws_wearer() -> None:
    config = Config(imitation_crab=True)
    state = position(config, hands={3: (KING, IMITATION_CRAB, JAB, TAXI)})
    for seed in range(10):
        twin = determinize(state, 0, seed)
        assert twin.hands[3][1] == IMITATION_CRAB
        check_state(twin)


def test_determinize_leaves_an_unworn_imitation_crab_in_the_draw_pile() -> None:
    config = Config(imitation_crab=True)
    state = position(config, draw_top=(IMITATION_CRAB,))
    assert state.claws is None
    for seed in range(10):
        twin = determinize(state, 2, seed)
        assert IMITATION_CRAB in twin.draw
        check_state(twin)
