"""The rounds: the License's side swapping, putting hands down and up, confirming, the offer.

The rulebook's Play, End of a round and Replacing the Ocean. The functions that carry out
an action take a state in which it is legal (``rules.apply`` checks first), and report
what happened to ``events`` when it is a list (``rules.apply_with_events``). "Decision N"
cites the docs page's "Decisions the library took" (1 to 9 are the rules specification's).

>>> from crabrules.youve_got_crabs.actions import PutDown, Swap
>>> from crabrules.youve_got_crabs.rules import initial_state
>>> state = swap(initial_state(seed=7), Swap(0, hand_slot=1, ocean_slot=2))
>>> state.swapped, all_down(put_down(state, PutDown(0)))
(True, False)
"""

from __future__ import annotations

from crabrules.core import PlayerId
from crabrules.youve_got_crabs.actions import Answer, Confirm, PickUp, PutDown, Swap
from crabrules.youve_got_crabs.cards import IMITATION_CRAB, card_name
from crabrules.youve_got_crabs.config import OCEAN_SIZE, Side
from crabrules.youve_got_crabs.events import (
    Answered,
    ClawsPassed,
    Confirmed,
    HandPickedUp,
    HandPutDown,
    LicenseTurned,
    Log,
    OceanDiscarded,
    OceanTurnedUp,
    OfferMade,
    RoundEnded,
    RoundStarted,
    Swapped,
)
from crabrules.youve_got_crabs.piles import draw_cards
from crabrules.youve_got_crabs.state import Phase, State, evolve
from crabrules.youve_got_crabs.table import table

__all__ = [
    "all_down",
    "answer",
    "confirm",
    "is_playing",
    "new_round",
    "pick_up",
    "put_down",
    "swap",
]


def is_playing(state: State, player: PlayerId) -> bool:
    """Whether ``player`` still takes part: everyone, except in sudden death (Decision 7)."""
    return not state.tied or table(state.config).team_of[player] in state.tied


def new_round(state: State, license: Side, events: Log = None) -> State:
    """Start a fresh round for the side ``license``: hands up, nothing confirmed, no swap yet."""
    if events is not None:
        if license != state.license:
            events.append(LicenseTurned(license))
        events.append(RoundStarted(license))
    empty: frozenset[PlayerId] = frozenset()
    return evolve(
        state,
        license=license,
        phase=Phase.PLAY,
        down=empty,
        confirmed=empty,
        declined=empty,
        swapped=False,
    )


def all_down(state: State) -> bool:
    """Whether every player of the License's side still in the game has the hand down."""
    side = table(state.config).side_players[state.license]
    return all(p in state.down for p in side if is_playing(state, p))


def swap(state: State, action: Swap, events: Log = None) -> State:
    """Take the Ocean card and put the hand card in its place, in the open.

    Play: "to take an Ocean card you must replace it with a card from your hand". Everyone
    sees the face-up card go into the hand (``State.seen``).
    """
    # The commonest action: the State is built directly, not with attrs.evolve (speed).
    p, h, o = action.player, action.hand_slot, action.ocean_slot
    hand, row = state.hands[p], state.seen[p]
    give, take = hand[h], state.ocean[o]
    claws = state.claws
    if take == IMITATION_CRAB:
        claws = p
    elif give == IMITATION_CRAB:
        claws = None
    if events is not None:
        config = state.config
        taken, given = card_name(config, take), card_name(config, give)
        events.append(Swapped(p, h, o, take, taken, give, given))
        if claws != state.claws:
            events.append(ClawsPassed(state.claws, claws))
    return State(
        config=state.config,
        seed=state.seed,
        rng=state.rng,
        hands=(*state.hands[:p], (*hand[:h], take, *hand[h + 1 :]), *state.hands[p + 1 :]),
        seen=(*state.seen[:p], (*row[:h], take, *row[h + 1 :]), *state.seen[p + 1 :]),
        drawn_from=state.drawn_from,
        ocean=(*state.ocean[:o], give, *state.ocean[o + 1 :]),
        draw=state.draw,
        discard=state.discard,
        reshuffles=state.reshuffles,
        tokens=state.tokens,
        pot=state.pot,
        license=state.license,
        phase=state.phase,
        down=state.down,
        confirmed=state.confirmed,
        declined=state.declined,
        swapped=True,
        claws=claws,
        clock=state.clock,
        window=None,
        claim=None,
        tied=state.tied,
        winner=None,
        signals=state.signals,
        signal_count=state.signal_count,
        calls=state.calls,
        call_count=state.call_count,
        # A hand called wrong is known not to score only until it changes.
        called_wrong=state.called_wrong - {p} if p in state.called_wrong else state.called_wrong,
    )


def put_down(state: State, action: PutDown, events: Log = None) -> State:
    """Put the hand down: the player wants no more Ocean cards (for now)."""
    if events is not None:
        events.append(HandPutDown(action.player))
    return evolve(state, down=state.down | {action.player})


def pick_up(state: State, action: PickUp, events: Log = None) -> State:
    """Pick the hand up to swap again: everyone's last look starts over (Decision 15)."""
    if events is not None:
        events.append(HandPickedUp(action.player))
    return evolve(state, down=state.down - {action.player}, confirmed=frozenset())


def confirm(state: State, action: Confirm, events: Log = None) -> State:
    """Confirm after the last look; the last confirmation ends the round.

    End of a round: the License turns to the other side. Replacing the Ocean: after a
    round without a swap, the other side is asked first (the offer).
    """
    confirmed = state.confirmed | {action.player}
    side = table(state.config).side_players[state.license]
    if events is not None:
        events.append(Confirmed(action.player))
    if any(p not in confirmed for p in side if is_playing(state, p)):
        return evolve(state, confirmed=confirmed)
    if events is not None:
        events.append(RoundEnded(state.license, state.swapped))
    if state.swapped:
        return new_round(state, 1 - state.license, events)
    if events is not None:
        events.append(OfferMade(1 - state.license))
    return evolve(state, phase=Phase.OFFER, down=frozenset(), confirmed=frozenset())


def answer(state: State, action: Answer, events: Log = None) -> State:
    """Answer the offer; the first yes turns the License, the last no replaces the Ocean.

    Decision 8: each player of the other side answers. When nobody wants to swap, the
    Ocean goes to the Discard pile, four new cards replace it, and the same side plays
    again.
    """
    if events is not None:
        events.append(Answered(action.player, action.wants_swap))
    if action.wants_swap:
        return new_round(state, 1 - state.license, events)
    declined = state.declined | {action.player}
    other = table(state.config).side_players[1 - state.license]
    if any(p not in declined for p in other if is_playing(state, p)):
        return evolve(state, declined=declined)
    config = state.config
    if events is not None:
        names = tuple(card_name(config, c) for c in state.ocean)
        events.append(OceanDiscarded(state.ocean, names))
    turned = draw_cards(
        state.draw,
        (*state.discard, *state.ocean),
        state.rng,
        OCEAN_SIZE,
        state.reshuffles,
        events,
    )
    if events is not None:
        names = tuple(card_name(config, c) for c in turned.cards)
        events.append(OceanTurnedUp(turned.cards, names))
    state = evolve(
        state,
        ocean=turned.cards,
        draw=turned.draw,
        discard=turned.discard,
        rng=turned.rng,
        reshuffles=turned.reshuffles,
    )
    return new_round(state, state.license, events)
