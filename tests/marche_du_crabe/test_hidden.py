"""Hidden information: what each player observes, and determinize."""

from __future__ import annotations

import attrs
import pytest

from crabrules.marche_du_crabe import (
    Move,
    Place,
    Stay,
    apply,
    determinize,
    initial_state,
    legal_actions,
    observe,
)
from crabrules.marche_du_crabe._state import FULL_DECK
from tests.marche_du_crabe.helpers import BOATER_FORBIDDEN, SUNNY_FORBIDDEN, position


def test_each_player_observes_only_their_own_forbidden_items() -> None:
    state = position()
    assert observe(state, 0).forbidden == BOATER_FORBIDDEN
    assert observe(state, 1).forbidden == SUNNY_FORBIDDEN
    assert observe(state, None).forbidden == ()


def test_states_differing_only_in_the_partners_forbidden_items_look_the_same() -> None:
    real = position(token=14, baddies={20: 1}, freed=frozenset({0}))
    other = attrs.evolve(real, forbidden=(BOATER_FORBIDDEN, (2, 4)))
    assert observe(real, 0) == observe(other, 0)
    assert observe(real, None) == observe(other, None)
    assert observe(real, 1) != observe(other, 1)


def test_observations_show_deck_sizes_and_the_revealed_card() -> None:
    view = observe(position(revealed=3), 0)
    assert view.deck_sizes == (11, 12)
    assert view.revealed == 3
    assert not hasattr(view, "decks")


@pytest.mark.parametrize("viewer", [0, 1, None])
def test_the_row_of_a_baddie_buried_unrevealed_is_hidden_from_everyone(
    viewer: int | None,
) -> None:
    # Sunny's card under cell 26 (Boater's exposed item 8) may have been any row: states
    # whose deck lacks a row-0 card or a row-5 card look the same to everyone.
    buried_row_5 = position(baddies={26: 1}, exposed=frozenset({8}))
    assert buried_row_5.decks[1] == (0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5)
    buried_row_0 = attrs.evolve(buried_row_5, decks=(buried_row_5.decks[0], (0, *FULL_DECK[2:])))
    assert buried_row_0.decks[1] != buried_row_5.decks[1]
    assert observe(buried_row_0, viewer) == observe(buried_row_5, viewer)


def test_an_exposed_forbidden_item_is_public_with_its_owner() -> None:
    after = apply(position(token=14, to_move=1), Move(1, 17))  # Boater's item 5
    for viewer in (None, 0, 1):
        assert observe(after, viewer).exposed == (frozenset({5}), frozenset())


@pytest.mark.parametrize("viewer", [0, 1, None])
def test_determinize_keeps_everything_the_viewer_knows(viewer: int | None) -> None:
    state = position(
        token=14,
        to_move=1,
        baddies={20: 1, 26: 1},  # 26: a blue Baddie buried under Boater's exposed item 8
        freed=frozenset({0, 9}),
        exposed=frozenset({8}),
    )
    for seed in range(30):
        twin = determinize(state, viewer, seed)
        assert observe(twin, viewer) == observe(state, viewer)
        assert legal_actions(twin, viewer) == legal_actions(state, viewer)
        assert 8 in twin.forbidden[0]  # exposed: stays with its owner
        if viewer is not None:
            assert twin.forbidden[viewer] == state.forbidden[viewer]


def test_determinize_redeals_the_partners_items_among_those_still_possible() -> None:
    # Freed: items 0 (cell 0) and 3 (cell 9). Exposed: Boater's 8. Sunny sees their own.
    state = position(freed=frozenset({0, 9}), exposed=frozenset({8}), baddies={26: 1})
    partners: set[int] = set()
    for seed in range(300):
        hand = determinize(state, 1, seed).forbidden[0]
        assert 8 in hand
        partners.update(hand)
    possible = set(range(12)) - {0, 3} - set(SUNNY_FORBIDDEN)
    assert partners == possible


def test_determinize_reshuffles_decks_from_the_unseen_cards() -> None:
    state = initial_state(seed=5)
    # Sunny's next card, revealed once Boater's turn ends, differs from twin to twin.
    place = legal_actions(state)[0]
    tops = set()
    for seed in range(40):
        after = apply(apply(determinize(state, 0, seed), place), Stay(0))
        tops.add(after.revealed)
    assert tops == set(range(6))
    twin = determinize(state, 0, 1)
    assert twin.decks[1] == FULL_DECK  # nothing of Sunny's seen: all 12 still there
    assert twin.decks[0] == state.decks[0]  # Boater's: all but the revealed card


def test_after_an_unrevealed_baddie_the_deck_contents_become_uncertain() -> None:
    # Sunny's deck gave one card, unrevealed, to cell 26: which row left it is unknown.
    state = position(baddies={26: 1}, exposed=frozenset({8}))
    assert len(state.decks[1]) == 11
    contents = {determinize(state, 0, seed).decks[1] for seed in range(200)}
    assert len(contents) == 6  # any one of the 6 rows may be the missing card
    assert all(len(d) == 11 for d in contents)


def test_cards_placed_revealed_are_public_and_never_return_to_a_deck() -> None:
    state = apply(position(revealed=0), Place(0, 3))
    for seed in range(50):
        assert determinize(state, 1, seed).decks[0].count(0) == 1
