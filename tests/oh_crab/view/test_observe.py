"""Hidden information (observe, determinize) and the text rendering."""

from __future__ import annotations

import random

from crabrules.oh_crab import (
    HIDDEN,
    Config,
    State,
    apply,
    determinize,
    initial_state,
    is_terminal,
    legal_actions,
    observe,
    render,
)
from crabrules.oh_crab.engine._tables import rules_for
from tests.oh_crab.helpers import at, cid, make, with_special


def midgame(seed: int = 3, steps: int = 120) -> State:
    rnd = random.Random(seed)
    state = initial_state(Config(players=4), seed=seed)
    for _ in range(steps):
        if is_terminal(state):
            break
        state = apply(state, rnd.choice(legal_actions(state)))
    return state


def test_a_player_sees_their_hand_and_only_the_size_of_the_others() -> None:
    state = make(
        crabs=(at(1, 0), at(1, 1), at(1, 2)), hands=[[cid("red-1")], [cid("orange-1")], []]
    )
    seen = observe(state, 0)
    assert seen.hand == (cid("red-1"),)
    assert seen.hand_sizes == (1, 1, 0)
    assert observe(state, None).hand == ()


def test_face_down_cards_are_hidden_from_the_others() -> None:
    state = initial_state(Config(players=3), seed=1)
    state = apply(state, legal_actions(state, 1)[0])
    assert observe(state, 0).planned[1] == HIDDEN
    assert observe(state, None).planned[1] == HIDDEN
    assert observe(state, 1).planned[1] == state.planned[1]


def test_the_draw_pile_shows_only_its_size() -> None:
    state = initial_state(Config(players=3), seed=1)
    assert observe(state, 0).draw_size == len(state.draw)
    assert not hasattr(observe(state, 0), "draw")


def test_determinize_re_deals_what_the_player_cannot_see() -> None:
    state = midgame()
    changed = False
    for seed in range(10):
        twin = determinize(state, 0, seed)
        assert observe(twin, 0) == observe(state, 0)
        assert legal_actions(twin, 0) == legal_actions(state, 0)
        assert len(twin.draw) == len(state.draw)
        changed |= twin.hands[1:] != state.hands[1:] or twin.draw != state.draw
    assert changed


def test_determinize_keeps_unseen_starting_cards_with_their_owner() -> None:
    state = midgame()
    cards = rules_for(state.config).cards
    for seed in range(10):
        twin = determinize(state, 0, seed)
        for p in range(1, 4):
            own = [c for c in twin.hands[p] if cards[c].starting]
            assert all(cards[c].colour == ("red", "orange", "blue", "green")[p] for c in own)
        assert not any(cards[c].starting for c in twin.draw)


def test_a_spectators_determinize_re_deals_every_hand() -> None:
    state = midgame()
    twin = determinize(state, None, 5)
    assert observe(twin, None) == observe(state, None)
    assert [len(h) for h in twin.hands] == [len(h) for h in state.hands]


def test_render_draws_crabs_knocked_crabs_shells_and_each_players_cards() -> None:
    card = with_special("faster")
    state = make(
        crabs=(at(1, 0), at(2, 1), -1),
        knocked=(False, True, False),
        shells=[2, 0, 0],
        traces=[[cid("red-1"), card], [], []],
        discards=[[cid("red-2")], [], []],
        hands=[[cid("red-3")], [], []],
    )
    text = render(state)
    assert " 1 | <0> .$  .   .   .   |" in text
    assert " 2 | .?  _1_ .   s   .   | 1A" in text
    assert "sea: 2" in text
    assert "P0 red    cook shells 2 hand 1 planned -" in text
    assert "   trace: red-1 (Move forward) [" in text
    assert "   discard: red-2 (Move forward)" in text
    assert "     a   b   c   d   e" in text  # the column letters of the cell labels
    assert "Spaces: . standard" in text  # the legend
    assert max(len(line) for line in text.splitlines()) <= 100
