"""Events: what each action of hand-built positions yields, every ending, and no leak.

Positions are on the test beach of :mod:`tests.marche_du_crabe.helpers` (Boater forbids
the Drink can on F3 and the Air mattress on C5, Sunny the Tyre on A4 and the Fishing net
on F6), unless the test deals other Forbidden Items.
"""

from __future__ import annotations

import random

import attrs
import pytest

from crabrules.core import from_json, to_json
from crabrules.marche_du_crabe import (
    BaddieBuried,
    BaddiePlaced,
    BaddieRevealed,
    Beach,
    CrabFreed,
    CrabsMoved,
    CrabsStayed,
    Event,
    ForbiddenItemHit,
    GameEnded,
    Icon,
    Move,
    Place,
    ShrimpSnack,
    State,
    Stay,
    Termination,
    apply,
    apply_with_events,
    describe_event,
    determinize,
    legal_actions,
    observe,
    observe_events,
)
from crabrules.marche_du_crabe._state import BROWN_FISH, FULL_DECK
from tests.marche_du_crabe.helpers import FREE_ITEM_CELLS, position, random_states


def _events(state: State, action: Place | Move | Stay) -> tuple[Event, ...]:
    after, events = apply_with_events(state, action)
    assert after == apply(state, action)
    return events


def _only_row(row: int, cards: int = 1) -> tuple[int, ...]:
    return (row,) * cards


def test_a_baddie_placed_away_from_the_crabs_costs_nothing() -> None:
    events = _events(position(revealed=2, token=2), Place(0, 13))
    assert events == (BaddiePlaced(0, "Boater", "red", 13, "B3", 2, 0, 5),)


def test_a_baddie_placed_under_the_crabs_costs_a_shrimp() -> None:
    events = _events(position(revealed=2, token=13, to_move=1, shrimps=3), Place(1, 13))
    assert events == (BaddiePlaced(1, "Sunny", "blue", 13, "B3", 2, 1, 2),)
    assert describe_event(events[0]) == (
        "Sunny's blue Baddie goes on B3 (row 3), under the Crabs, costing 1 Shrimp (2 left)"
    )


def test_staying_is_said_and_the_partners_baddie_is_revealed() -> None:
    state = position(token=14, decks=(tuple(FULL_DECK), _only_row(4)), consistent=False)
    assert _events(state, Stay(0)) == (
        CrabsStayed(0, "Boater"),
        BaddieRevealed(1, "Sunny", "blue", 4),
    )


def test_a_move_lists_its_path_the_baddies_crossed_and_their_cost() -> None:
    # Column D, from D1 down to D6, over the Ball (D2) and two Baddies (D3, D4).
    state = position(token=3, baddies={15: 1, 21: 0}, decks=((), _only_row(3)), consistent=False)
    events = _events(state, Move(0, 33))
    path, crossed = (9, 15, 21, 27, 33), (15, 21)
    assert events == (
        CrabsMoved(0, "Boater", 3, "D1", 33, "D6", path, crossed, ("D3", "D4"), 1, 4),
        BaddieRevealed(1, "Sunny", "blue", 3),
    )
    assert describe_event(events[0]) == (
        "Boater moves the Crabs from D1 to D6, crossing Baddies on D3, D4: 1 Shrimp lost (4 left)"
    )


def test_rulebook_example_boater_walks_down_then_sunny_frees_the_tyre() -> None:
    # The rulebook's game example: Boater puts the first Baddie in the 2nd row and moves
    # three cards along the column; Sunny puts one in the 5th row and stops on the Tyre,
    # which is not one of Boater's Forbidden Items: a crab is freed.
    forbidden = ((5, 8), (4, 11))
    decks = ((0,), (4,))
    state = position(token=2, revealed=1, forbidden=forbidden, decks=decks, consistent=False)
    assert _events(state, Place(0, 6)) == (BaddiePlaced(0, "Boater", "red", 6, "A2", 1, 0, 5),)
    state = apply(state, Place(0, 6))
    assert _events(state, Move(0, 20)) == (
        CrabsMoved(0, "Boater", 2, "C1", 20, "C4", (8, 14, 20), (), (), 0, 5),
        BaddieRevealed(1, "Sunny", "blue", 4),
    )
    state = apply(apply(state, Move(0, 20)), Place(1, 24))
    assert _events(state, Move(1, 18)) == (
        CrabsMoved(1, "Sunny", 20, "C4", 18, "A4", (19, 18), (), (), 0, 5),
        CrabFreed(18, "A4", 6, "Tyre", 1),
        BaddieRevealed(0, "Boater", "red", 0),
    )
    assert describe_event(CrabFreed(18, "A4", 6, "Tyre", 1)) == (
        "a crab is freed from the Tyre on A4 (1 of 8)"
    )


def test_a_forbidden_item_says_whose_it_was_and_the_partners_baddie_is_buried() -> None:
    # Boater stops on the Tyre (A4), one of Sunny's Forbidden Items.
    state = position(token=0, freed=frozenset({0}), decks=((), (2, 5)), consistent=False)
    events = _events(state, Move(0, 18))
    assert events[1:3] == (
        ForbiddenItemHit(18, "A4", 6, "Tyre", 1, "Sunny", 2, 3),
        BaddieBuried(1, "Sunny", "blue", 18, "A4"),
    )
    assert isinstance(events[3], BaddieRevealed)
    assert describe_event(events[1]) == (
        "the Tyre on A4 is Sunny's Forbidden Item: a Baddie was hiding there, "
        "2 Shrimps lost (3 left)"
    )


def test_the_movers_own_forbidden_item_is_said_as_theirs() -> None:
    # Boater stops on the Air mattress (C5), one of Boater's own Forbidden Items.
    state = position(token=14, decks=((3,), ()), consistent=False)
    hit = _events(state, Move(0, 26))[1]
    assert hit == ForbiddenItemHit(26, "C5", 8, "Air mattress", 0, "Boater", 2, 3)


def test_a_shrimp_snack_flips_a_shrimp_back_alive_once() -> None:
    snacks = Beach("Snacks", flip=frozenset({Icon.SHRIMP}))
    state = position(beach=snacks, snacks=frozenset({5, 10, 22, 31}), token=20, to_move=1)
    assert _events(attrs.evolve(state, shrimps=2), Move(1, 22))[1] == ShrimpSnack(
        22, "E4", True, 3
    )
    assert _events(state, Move(1, 22))[1] == ShrimpSnack(22, "E4", False, 5)


# --- every ending ------------------------------------------------------------------------


def test_the_eighth_crab_freed_ends_the_game_won() -> None:
    freed = frozenset(FREE_ITEM_CELLS) - {0}
    events = _events(position(token=2, to_move=1, shrimps=3, freed=freed), Move(1, 0))
    assert events[1:] == (
        CrabFreed(0, "A1", 0, "Flip-flop", 8),
        GameEnded(Termination.CRABS_FREED, True, 3),
    )
    assert describe_event(events[2]) == "8 crabs are free: Boater and Sunny win, scoring 3"


def test_a_crossing_that_cannot_be_paid_ends_the_game_before_the_crabs_land() -> None:
    events = _events(position(token=2, shrimps=0, baddies={14: 1}), Move(0, 20))
    assert events == (
        CrabsMoved(0, "Boater", 2, "C1", 20, "C4", (8, 14, 20), (14,), ("C3",), 1, 0),
        GameEnded(Termination.NO_SHRIMPS, False, 0),
    )


def test_a_forbidden_item_with_one_shrimp_left_ends_the_game() -> None:
    state = position(token=0, shrimps=1, freed=frozenset({0}), decks=((), (2,)), consistent=False)
    events = _events(state, Move(0, 18))
    assert [type(e) for e in events] == [CrabsMoved, ForbiddenItemHit, BaddieBuried, GameEnded]
    assert events[-1] == GameEnded(Termination.NO_SHRIMPS, False, 0)


def test_a_baddie_under_the_crabs_with_no_shrimp_left_ends_the_game() -> None:
    events = _events(position(revealed=2, token=13, shrimps=0), Place(0, 13))
    assert events == (
        BaddiePlaced(0, "Boater", "red", 13, "B3", 2, 1, 0),
        GameEnded(Termination.NO_SHRIMPS, False, 0),
    )


def test_an_empty_deck_at_the_start_of_a_turn_ends_the_game() -> None:
    state = position(token=14, decks=((1,), ()), consistent=False)
    assert _events(state, Stay(0)) == (
        CrabsStayed(0, "Boater"),
        GameEnded(Termination.DECK_EMPTY, False, 0),
    )


def test_a_forbidden_item_hit_when_the_partners_deck_is_empty_buries_nothing() -> None:
    state = position(token=0, freed=frozenset({0}), decks=((2,), ()), consistent=False)
    events = _events(state, Move(0, 18))
    assert [type(e) for e in events] == [CrabsMoved, ForbiddenItemHit, GameEnded]
    assert events[-1] == GameEnded(Termination.DECK_EMPTY, False, 0)


def test_a_revealed_baddie_with_no_card_to_go_on_ends_the_game() -> None:
    fish = Beach("Fish", flip=frozenset({Icon.BROWN_FISH}))
    state = position(
        beach=fish,
        token=20,
        baddies={**dict.fromkeys((14, 23, 28, 32), BROWN_FISH), **dict.fromkeys((2, 3, 4, 5), 0)},
        decks=((1,), (0,)),
        consistent=False,
    )
    assert _events(state, Stay(0)) == (
        CrabsStayed(0, "Boater"),
        BaddieRevealed(1, "Sunny", "blue", 0),
        GameEnded(Termination.BADDIE_CANNOT_BE_PLACED, False, 0),
    )


# --- every event serialises, is said in one line, and leaks nothing ----------------------


def test_the_events_of_random_games_round_trip_and_are_said_in_one_line() -> None:
    kinds: set[type] = set()
    rnd = random.Random(5)
    for state in random_states(40, seed=3):
        if state.termination is not None:
            continue
        _, events = apply_with_events(state, rnd.choice(legal_actions(state)))
        assert from_json(to_json(events), tuple[Event, ...]) == events
        for event in events:
            kinds.add(type(event))
            text = describe_event(event)
            assert text
            assert "\n" not in text
    assert len(kinds) >= 8


@pytest.mark.parametrize("viewer", [None, 0, 1])
def test_events_tell_a_player_nothing_their_observation_does_not(viewer: int | None) -> None:
    # A state the viewer cannot tell from the real one (their twin, with the real
    # generator so that the same cards come up): for the same action, whenever the two
    # observations after it agree, the events the viewer sees agree too.
    agreed = 0
    for i, state in enumerate(random_states(25, seed=4)):
        if state.termination is not None:
            continue
        twin = attrs.evolve(determinize(state, viewer, i), rng=state.rng)
        for action in legal_actions(state):
            real_after, real_events = apply_with_events(state, action)
            twin_after, twin_events = apply_with_events(twin, action)
            if observe(real_after, viewer) == observe(twin_after, viewer):
                agreed += 1
                assert observe_events(real_events, viewer) == observe_events(twin_events, viewer)
    assert agreed > 1000


def test_observe_events_refuses_a_player_the_game_does_not_have() -> None:
    from crabrules.core import InvalidPlayerError

    with pytest.raises(InvalidPlayerError):
        observe_events((), 2)
