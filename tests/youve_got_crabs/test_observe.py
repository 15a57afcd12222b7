"""Hidden information (Decision 9): what a player observes, and what determinize re-deals."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

from crabrules.core import DeserializationError, from_dict, to_dict
from crabrules.youve_got_crabs import (
    IMITATION_CRAB,
    UNSEEN,
    Answer,
    Call,
    Config,
    Observation,
    Signal,
    State,
    Swap,
    apply,
    determinize,
    initial_state,
    is_scoring,
    legal_actions,
    observe,
)
from crabrules.youve_got_crabs._check import check_state
from tests.youve_got_crabs.helpers import (
    AB,
    CRABBI,
    FOUR_KINGS,
    JAB,
    KING,
    MIXED,
    SHISH,
    SIDE_0_CONFIRMS,
    TAXI,
    play,
    position,
)


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


@pytest.mark.parametrize("player", [None, 0, 1, 2])
def test_determinize_leaves_the_imitation_crab_with_the_claws_wearer(player: int | None) -> None:
    # Everyone sees who wears the claws, nobody else sees in which slot the wild card is:
    # the twin puts it in any unseen slot of the wearer's.
    config = Config(imitation_crab=True)
    state = position(config, hands={3: (KING, IMITATION_CRAB, JAB, TAXI)})
    slots = set()
    for seed in range(40):
        twin = determinize(state, player, seed)
        check_state(twin)
        assert observe(twin, player) == observe(state, player)
        slots.add(twin.hands[3].index(IMITATION_CRAB))
    assert slots == {0, 1, 2, 3}


def test_the_imitation_crab_seen_taken_into_a_hand_stays_in_its_slot() -> None:
    config = Config(imitation_crab=True)
    state = position(config, ocean=(JAB, IMITATION_CRAB, SHISH, CRABBI))
    state = apply(state, Swap(2, hand_slot=3, ocean_slot=1))
    assert state.claws == 2
    for seed in range(10):
        assert determinize(state, 0, seed).hands[2][3] == IMITATION_CRAB


def test_determinize_leaves_an_unworn_imitation_crab_in_the_draw_pile() -> None:
    config = Config(imitation_crab=True)
    state = position(config, draw_top=(IMITATION_CRAB,))
    assert state.claws is None
    for seed in range(10):
        twin = determinize(state, 2, seed)
        assert IMITATION_CRAB in twin.draw
        check_state(twin)


def test_everyone_sees_which_ocean_card_goes_into_which_hand() -> None:
    # The Ocean is face up and swaps are made in front of everyone: the card taken is
    # public, and stays known in that hand until it leaves it.
    state = position(hands={0: (KING, KING, TAXI, AB)}, ocean=(JAB, KING, SHISH, CRABBI))
    assert state.seen == ((UNSEEN,) * 4,) * 4
    state = apply(state, Swap(0, hand_slot=3, ocean_slot=1))
    for p in (None, 0, 1, 2, 3):
        assert observe(state, p).seen[0] == (UNSEEN, UNSEEN, UNSEEN, KING)
    state = apply(state, Swap(0, hand_slot=3, ocean_slot=0))
    assert state.seen[0] == (UNSEEN, UNSEEN, UNSEEN, JAB)


def test_determinize_keeps_the_cards_everyone_saw_taken_into_a_hand() -> None:
    state = position(hands={0: (KING, KING, TAXI, AB)}, ocean=(JAB, KING, SHISH, CRABBI))
    state = apply(state, Swap(0, hand_slot=2, ocean_slot=3))
    dealt = set()
    for seed in range(20):
        twin = determinize(state, 1, seed)
        check_state(twin)
        assert twin.hands[0][2] == CRABBI
        dealt.add(twin.hands[0][:2])
    assert len(dealt) > 1, "the unseen slots are still re-dealt"


def test_a_redrawn_hand_is_unseen_again() -> None:
    state = position(hands={0: (KING, KING, KING, AB)}, ocean=(JAB, KING, SHISH, CRABBI))
    state = apply(state, Swap(0, hand_slot=3, ocean_slot=1))
    assert state.seen[0][3] == KING
    state = apply(state, Call(3, 0, time=2.0))  # right: player 0 discards four, draws four
    assert state.seen[0] == (UNSEEN,) * 4


def _reshuffled() -> State:
    # The Ocean is replaced from a Draw pile of four: it runs out, and the Discard pile
    # (every card of it seen face up) becomes the new Draw pile.
    state = position(draw_top=(TAXI, AB, AB, TAXI), draw_size=4)
    return play(state, *SIDE_0_CONFIRMS, Answer(1, False), Answer(3, False))


def test_a_reshuffled_draw_pile_is_not_mixed_with_the_hands_dealt_before_it() -> None:
    state = _reshuffled()
    assert state.reshuffles == 1
    assert state.drawn_from == ((0,) * 4,) * 4
    for seed in range(10):
        twin = determinize(state, 0, seed)
        check_state(twin)
        assert Counter(twin.draw) == Counter(state.draw), "everyone saw these cards"
        hidden = Counter(c for p in (1, 2, 3) for c in twin.hands[p])
        assert hidden == Counter(c for p in (1, 2, 3) for c in state.hands[p])


def test_a_hand_drawn_across_a_reshuffle_records_which_draw_pile_each_card_came_from() -> None:
    state = position(hands={2: FOUR_KINGS}, draw_top=(TAXI, AB), draw_size=2)
    state = apply(state, Call(1, 2, time=1.0))  # right: player 2 discards four, draws four
    assert state.reshuffles == 1
    assert state.drawn_from[2] == (0, 0, 1, 1)
    assert state.hands[2][:2] == (AB, TAXI)
    for seed in range(10):
        twin = determinize(state, 0, seed)
        check_state(twin)
        # Cards from the first Draw pile change places only among themselves, and so do
        # the cards from the second.
        first = Counter(twin.hands[2][:2] + twin.hands[1] + twin.hands[3])
        assert first == Counter(state.hands[2][:2] + state.hands[1] + state.hands[3])
        assert Counter(twin.hands[2][2:] + twin.draw) == Counter(state.hands[2][2:] + state.draw)


def test_a_hand_called_wrong_is_known_not_to_score_until_it_changes() -> None:
    state = position(hands={1: MIXED}, ocean=(JAB, KING, SHISH, CRABBI))
    state = apply(state, Call(2, 1, time=1.0))  # wrong: the hand is not four of a kind
    assert state.called_wrong == frozenset({1})
    for p in (None, 0, 1, 2, 3):
        assert observe(state, p).called_wrong == frozenset({1})
    state = play_round_for_side_1(state)
    state = apply(state, Swap(1, hand_slot=0, ocean_slot=0))
    assert state.called_wrong == frozenset(), "a swap changes the hand"


def play_round_for_side_1(state: State) -> State:
    return play(state, Swap(0, 0, 0), *SIDE_0_CONFIRMS)


def test_determinize_deals_no_four_of_a_kind_to_a_hand_known_not_to_score() -> None:
    # Four types only: a random hand of four is now and then four of a kind.
    config = Config(types=("Ab", "Jab", "Taxi", "King"), copies=7, removed_types=())
    state = position(config, hands={1: (0, 0, 0, 1)})
    state = apply(state, Call(2, 1, time=1.0))
    for seed in range(300):
        twin = determinize(state, 0, seed)
        check_state(twin)
        assert not is_scoring(twin.hands[1])


def test_a_loaded_observation_with_a_huge_draw_pile_is_refused_at_once() -> None:
    # Found by the conformance suite: the check listed one place per card before it
    # bounded the size, so 2**63 cards exhausted the memory.
    document = to_dict(observe(initial_state(seed=4), 0))
    document["draw_size"] = 2**63
    with pytest.raises(DeserializationError, match="draw_size"):
        from_dict(document, Observation)
