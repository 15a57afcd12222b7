"""Events: what each action did, in order, in the game's words; what each player sees of it."""

from __future__ import annotations

import random

import pytest

from crabrules.core import InvalidPlayerError, NotAnEventError, NotAStateError, from_json, to_json
from crabrules.youve_got_crabs import (
    BOX,
    IMITATION_CRAB,
    POT,
    UNSEEN,
    Answer,
    Answered,
    Call,
    CallMade,
    CallResolved,
    CardsDrawn,
    ClawsPassed,
    Collect,
    Config,
    Confirm,
    Confirmed,
    DoubleCrabs,
    Event,
    GameEnded,
    HandDiscarded,
    LicenseTurned,
    NoTokenToGive,
    OceanDiscarded,
    OceanTurnedUp,
    OfferMade,
    PutDown,
    Reshuffled,
    Resolve,
    RoundEnded,
    RoundStarted,
    Signal,
    Signalled,
    State,
    SuddenDeath,
    Swap,
    Swapped,
    TokenMoved,
    WindowOpened,
    apply,
    apply_with_events,
    describe,
    describe_event,
    determinize,
    initial_state,
    is_terminal,
    legal_actions,
    observe,
    observe_events,
)
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
from tests.youve_got_crabs.policy import RandomTable

FOUR_JABS = (JAB,) * 4
THREE = Config(teams=3)
SMALL = Config(teams=3, types=("Ab", "Jab", "Taxi", "King"), copies=7, removed_types=())


def events_of(state: State, action: object) -> tuple[Event, ...]:
    after, events = apply_with_events(state, action)  # type: ignore[arg-type]
    assert after == apply(state, action)  # type: ignore[arg-type]
    return events


def names(*cards: int) -> tuple[str, ...]:
    return tuple(Config().types[c] for c in cards)


# --- the rounds --------------------------------------------------------------------------


def test_a_swap_is_one_event_in_the_open() -> None:
    state = position(hands={0: (KING, KING, TAXI, AB)}, ocean=(JAB, KING, SHISH, CRABBI))
    assert events_of(state, Swap(0, hand_slot=3, ocean_slot=1)) == (
        Swapped(0, 3, 1, KING, "King Crab", AB, "Ab Crab"),
    )


def test_taking_the_imitation_crab_puts_the_claws_on() -> None:
    state = position(Config(imitation_crab=True), ocean=(JAB, IMITATION_CRAB, SHISH, CRABBI))
    events = events_of(state, Swap(2, hand_slot=0, ocean_slot=1))
    assert events[1:] == (ClawsPassed(None, 2),)
    assert describe_event(events[1]) == "P2 puts on the Rubber Crab Claws"


def test_the_last_confirmation_ends_the_round_and_turns_the_license() -> None:
    state = play(position(), Swap(0, 0, 0), PutDown(0), PutDown(2), Confirm(0))
    assert events_of(state, Confirm(2)) == (
        Confirmed(2),
        RoundEnded(side=0, swapped=True),
        LicenseTurned(side=1),
        RoundStarted(side=1),
    )


def test_a_round_without_a_swap_ends_in_the_offer_and_a_yes_turns_the_license() -> None:
    state = play(position(), PutDown(0), PutDown(2), Confirm(0))
    assert events_of(state, Confirm(2)) == (
        Confirmed(2),
        RoundEnded(side=0, swapped=False),
        OfferMade(side=1),
    )
    state = apply(state, Confirm(2))
    assert events_of(state, Answer(3, True)) == (
        Answered(3, True),
        LicenseTurned(side=1),
        RoundStarted(side=1),
    )


def test_the_last_no_replaces_the_ocean_with_the_reshuffle_in_between() -> None:
    # The Draw pile holds the last four cards: turning them up empties it, and the Discard
    # pile (the old Ocean with it) becomes Draw pile 1 at once.
    state = position(draw_top=(TAXI, AB, AB, TAXI), draw_size=4, discard=(SHISH,))
    state = play(state, *SIDE_0_CONFIRMS, Answer(1, False))
    old = state.ocean
    discarded = len(state.discard) + len(old)
    assert events_of(state, Answer(3, False)) == (
        Answered(3, False),
        OceanDiscarded(old, tuple(Config().types[c] for c in old)),
        Reshuffled(pile=1, cards=discarded),
        OceanTurnedUp((TAXI, AB, AB, TAXI), names(TAXI, AB, AB, TAXI)),
        RoundStarted(side=0),
    )


# --- the calls -----------------------------------------------------------------------------


def test_a_right_call_on_another_team_steals_a_token_and_the_hand_is_redrawn() -> None:
    state = position(hands={1: FOUR_KINGS}, draw_top=(AB, TAXI, JAB, CRABBI))
    events = events_of(state, Call(2, 1, time=3.5))
    assert events == (
        CallMade(2, 1, 3.5),
        CallResolved(2, 1, right=True, double=False, hand=FOUR_KINGS, names=names(*FOUR_KINGS)),
        TokenMoved(giver=0, taker=1),
        HandDiscarded(1, FOUR_KINGS, names(*FOUR_KINGS)),
        CardsDrawn(1, (CRABBI, JAB, TAXI, AB), names(CRABBI, JAB, TAXI, AB), (0, 0, 0, 0)),
    )
    assert [describe_event(e) for e in events[:3]] == [
        'P2 calls "You\'ve got crabs!" on P1 at 3.5 s',
        "P2's call on P1 is right: P1 shows King Crab, King Crab, King Crab, King Crab",
        "a Crab token goes from team Red to team Blue",
    ]


def test_a_wrong_call_on_ones_partner_with_no_token_gives_nothing() -> None:
    state = position(hands={1: MIXED}, tokens=(0, 4), pot=8)
    events = events_of(state, Call(0, 1, time=2.0))
    assert events == (CallMade(0, 1, 2.0), WindowOpened(0, 1, 2.0))
    state = apply(state, Call(0, 1, time=2.0))
    assert events_of(state, Resolve(0)) == (
        CallResolved(0, 1, right=False, double=False, hand=(), names=()),
        NoTokenToGive(team=0),
    )


def test_a_signal_is_one_event() -> None:
    assert events_of(position(), Signal(3)) == (Signalled(3),)


def test_double_crabs_shows_both_hands_redraws_both_and_collects_one_token_at_a_time() -> None:
    state = position(hands={0: FOUR_KINGS, 1: FOUR_JABS})
    state = apply(state, Call(0, 1, time=20.0))
    events = events_of(state, Call(1, 0, time=20.4))
    kinds = [type(e) for e in events]
    assert kinds == [
        CallMade,
        CallResolved,
        CallResolved,
        DoubleCrabs,
        HandDiscarded,
        CardsDrawn,
        HandDiscarded,
        CardsDrawn,
    ]
    assert events[1] == CallResolved(0, 1, True, True, FOUR_JABS, names(*FOUR_JABS))
    assert events[3] == DoubleCrabs(team=0, collector=1, tokens=3)
    assert [e.player for e in events if isinstance(e, HandDiscarded)] == [1, 0]
    state = apply(state, Call(1, 0, time=20.4))
    assert events_of(state, Collect(1, 1)) == (TokenMoved(giver=1, taker=0),)


def test_mixed_double_calls_report_their_resolution_in_clock_order() -> None:
    state = position(hands={0: FOUR_KINGS, 1: MIXED}, tokens=(0, 4), pot=8)
    state = apply(state, Call(0, 1, time=10.5))
    events = events_of(state, Call(1, 0, time=10.0))
    resolved = [(e.caller, e.right) for e in events if isinstance(e, CallResolved)]
    assert resolved == [(1, True), (0, False)]
    moves = [e for e in events if isinstance(e, TokenMoved)]
    assert moves == [TokenMoved(POT, 0), TokenMoved(0, POT)]


# --- every ending ----------------------------------------------------------------------------


def test_the_pots_last_token_ends_the_game() -> None:
    state = apply(position(hands={1: FOUR_KINGS}, tokens=(4, 7), pot=1), Call(0, 1))
    events = events_of(state, Resolve(0))
    assert events[-1] == GameEnded(winner=1, players=(2, 3), tokens=(5, 7), reason="pot_empty")
    assert describe_event(events[-1]) == (
        "team Blue (P2 and P3) wins: the Pot is empty (tokens: Red 5, Blue 7)"
    )


def test_a_tie_starts_sudden_death_and_the_first_gain_wins_from_the_box() -> None:
    state = apply(position(hands={1: FOUR_KINGS}, tokens=(5, 6), pot=1), Call(0, 1))
    events = events_of(state, Resolve(0))
    assert events[-2:] == (SuddenDeath(teams=(0, 1)), RoundStarted(side=0))
    assert describe_event(events[-2]) == (
        "the Pot is empty with a tie: sudden death between teams Red and Blue"
    )
    state = position(hands={3: FOUR_JABS}, tokens=(6, 6), pot=0, tied=frozenset({0, 1}))
    state = apply(state, Call(2, 3, time=1.0))
    events = events_of(state, Resolve(2))
    assert events[1] == TokenMoved(giver=BOX, taker=1)
    assert events[-1] == GameEnded(1, (2, 3), (6, 7), "sudden_death")


def test_a_double_crabs_claim_that_empties_the_pot_ends_the_game_at_its_last_token() -> None:
    state = position(hands={0: FOUR_KINGS, 1: FOUR_JABS}, tokens=(4, 7), pot=1)
    state = play(state, Call(0, 1, time=1.0), Call(1, 0, time=1.2), Collect(1, POT))
    assert events_of(state, Collect(1, 1)) == (TokenMoved(1, 0),)
    state = apply(state, Collect(1, 1))
    assert events_of(state, Collect(1, 1)) == (
        TokenMoved(1, 0),
        GameEnded(0, (0, 1), (7, 5), "pot_empty"),
    )


# --- what each player sees ----------------------------------------------------------


def test_cards_drawn_face_down_are_redacted_for_everyone_else() -> None:
    state = position(hands={1: FOUR_KINGS})
    events = events_of(state, Call(2, 1, time=3.5))
    drawn = next(e for e in events if isinstance(e, CardsDrawn))
    assert observe_events(events, 1) == events
    for viewer in (None, 0, 2, 3):
        seen = observe_events(events, viewer)
        hidden = next(e for e in seen if isinstance(e, CardsDrawn))
        assert hidden == CardsDrawn(1, (UNSEEN,) * 4, ("a card",) * 4, drawn.piles)
        assert describe_event(hidden) == "P1 draws 4 cards face down"
        assert observe_events(seen, viewer) == seen
        assert [e for e in seen if e is not hidden] == [e for e in events if e is not drawn]


def test_observe_events_refuses_a_player_that_is_no_player() -> None:
    for player in (-1, True, 1.0, "P1"):
        with pytest.raises(InvalidPlayerError):
            observe_events((), player)  # type: ignore[arg-type]


def test_the_cards_another_player_draws_leak_through_no_event() -> None:
    # Everyone saw P1 take the four King Crabs from the Ocean, so a twin keeps them, and
    # P2's call is right in both; the cards P1 draws differ, and nobody else may tell.
    unseen = (UNSEEN,) * 4
    state = position(hands={1: FOUR_KINGS}, seen=(unseen, FOUR_KINGS, unseen, unseen))
    for viewer in (None, 0, 2, 3):
        twins = [determinize(state, viewer, seed) for seed in range(5)]
        results = [apply_with_events(s, Call(2, 1, time=1.0)) for s in (state, *twins)]
        assert len({r[1] for r in results}) > 1, "the draws differ"
        assert len({observe(r[0], viewer) for r in results}) == 1
        assert len({observe_events(r[1], viewer) for r in results}) == 1


def test_events_leak_nothing_a_player_cannot_see() -> None:
    # Two states a player cannot tell apart, the same action: whenever the player still
    # cannot tell the results apart, the events they see are the same too.
    rnd = random.Random(3)
    compared = 0
    for config in (SMALL, Config(imitation_crab=True)):
        for seed in range(3):
            state = initial_state(config, seed=seed)
            table = RandomTable(rnd)
            for step in range(300):
                if is_terminal(state):
                    break
                action = table.choose(state)
                if step % 7 == 0:
                    for p in (None, *range(config.players)):
                        twin = determinize(state, p, step)
                        one, events = apply_with_events(state, action)
                        two, twin_events = apply_with_events(twin, action)
                        if observe(one, p) == observe(two, p):
                            compared += 1
                            assert observe_events(events, p) == observe_events(twin_events, p)
                state = apply(state, action)
    assert compared > 100


# --- the generic promises, on random games ---------------------------------------------


def test_every_action_of_random_games_agrees_with_apply_and_round_trips() -> None:
    rnd = random.Random(5)
    kinds: set[type] = set()
    for config in (SMALL, Config(teams=5, imitation_crab=True)):
        for seed in range(3):
            state = initial_state(config, seed=seed)
            for _ in range(250):
                if is_terminal(state):
                    break
                action = rnd.choice(legal_actions(state))
                after, events = apply_with_events(state, action)
                assert after == apply(state, action)
                assert events
                kinds.update(map(type, events))
                assert from_json(to_json(events), tuple[Event, ...]) == events
                for p in (None, 0):
                    seen = observe_events(events, p)
                    assert observe_events(seen, p) == seen
                    assert from_json(to_json(seen), tuple[Event, ...]) == seen
                for text in (describe(state, action), *map(describe_event, events)):
                    assert text
                    assert "\n" not in text
                state = after
    assert {Swapped, CallResolved, TokenMoved, CardsDrawn, WindowOpened} <= kinds


def test_describe_and_describe_event_refuse_what_they_cannot_say() -> None:
    with pytest.raises(NotAStateError):
        describe(observe(position(), 0), Signal(0))  # type: ignore[arg-type]
    with pytest.raises(NotAnEventError):
        describe_event(Signal(0))  # type: ignore[arg-type]
