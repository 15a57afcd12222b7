"""The rounds: the License's side swapping, putting hands down and up, confirming, the offer.

The rulebook's Play, End of a round and Replacing the Ocean. The functions that carry out
an action take a state in which it is legal (``rules.apply`` checks first), and report
what happened to ``events`` when it is a list (``rules.apply_with_events``). "Decision N"
cites the docs page's "Decisions the library took" (1 to 9 are the rules specification's).

>>> from crabrules.youve_got_crabs._actions import PutDown, Swap
>>> from crabrules.youve_got_crabs._rules import initial_state
>>> state = swap(initial_state(seed=7), Swap(0, hand_slot=1, ocean_slot=2))
>>> state.swapped, all_down(put_down(state, PutDown(0)), seats_of(state.config))
(True, False)
"""

from __future__ import annotations

from crabrules.core import PlayerId
from crabrules.youve_got_crabs._actions import Answer, Confirm, PickUp, PutDown, Swap
from crabrules.youve_got_crabs._cards import IMITATION_CRAB, card_name
from crabrules.youve_got_crabs._config import OCEAN_SIZE, Side
from crabrules.youve_got_crabs._events import (
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
from crabrules.youve_got_crabs._piles import draw_cards
from crabrules.youve_got_crabs._state import Phase, State
from crabrules.youve_got_crabs._table import Table
from crabrules.youve_got_crabs._work import Work, seats_of


def is_playing(state: State | Work, player: PlayerId) -> bool:
    """Whether ``player`` still takes part: everyone, except in sudden death (Decision 7)."""
    return not state.tied or seats_of(state.config).team_of[player] in state.tied


def start_round(work: Work, license: Side, events: Log = None) -> None:
    """Start a fresh round for the side ``license``: hands up, nothing confirmed, no swap yet."""
    if events is not None:
        if license != work.license:
            events.append(LicenseTurned(license))
        events.append(RoundStarted(license))
    empty: frozenset[PlayerId] = frozenset()
    work.license = license
    work.phase = Phase.PLAY
    work.down = work.confirmed = work.declined = empty
    work.swapped = False


def all_down(state: State, seats: Table) -> bool:
    """Whether every player of the License's side still in the game has the hand down.

    ``seats`` is the game's seating (``seats_of(state.config)``), which the callers have
    looked up already.
    """
    side, down, tied = seats.side_players[state.license], state.down, state.tied
    if not tied:
        return all(p in down for p in side)
    # Sudden death (Decision 7): only the tied teams' players are still in.
    return all(p in down for p in side if seats.team_of[p] in tied)


def swap(state: State, action: Swap, events: Log = None) -> State:
    """Take the Ocean card and put the hand card in its place, in the open.

    Play: "to take an Ocean card you must replace it with a card from your hand". Everyone
    sees the face-up card go into the hand (``State.seen``).
    """
    p, h, o = action.player, action.hand_slot, action.ocean_slot
    work = Work(state)
    hand, row = work.hands[p], work.seen[p]
    give, take = hand[h], work.ocean[o]
    claws = work.claws
    if take == IMITATION_CRAB:
        claws = p
    elif give == IMITATION_CRAB:
        claws = None
    if events is not None:
        config = work.config
        taken, given = card_name(config, take), card_name(config, give)
        events.append(Swapped(p, h, o, take, taken, give, given))
        if claws != work.claws:
            events.append(ClawsPassed(work.claws, claws))
    work.hands = (*work.hands[:p], (*hand[:h], take, *hand[h + 1 :]), *work.hands[p + 1 :])
    work.seen = (*work.seen[:p], (*row[:h], take, *row[h + 1 :]), *work.seen[p + 1 :])
    work.ocean = (*work.ocean[:o], give, *work.ocean[o + 1 :])
    work.swapped = True
    work.claws = claws
    work.window = work.claim = work.winner = None
    if p in work.called_wrong:
        # A hand called wrong is known not to score only until it changes.
        work.called_wrong = work.called_wrong - {p}
    return work.state()


def put_down(state: State, action: PutDown, events: Log = None) -> State:
    """Put the hand down: the player wants no more Ocean cards (for now)."""
    if events is not None:
        events.append(HandPutDown(action.player))
    work = Work(state)
    work.down = work.down | {action.player}
    return work.state()


def pick_up(state: State, action: PickUp, events: Log = None) -> State:
    """Pick the hand up to swap again: everyone's last look starts over (Decision 15)."""
    if events is not None:
        events.append(HandPickedUp(action.player))
    work = Work(state)
    work.down = work.down - {action.player}
    work.confirmed = frozenset()
    return work.state()


def confirm(state: State, action: Confirm, events: Log = None) -> State:
    """Confirm after the last look; the last confirmation ends the round.

    End of a round: the License turns to the other side. Replacing the Ocean: after a
    round without a swap, the other side is asked first (the offer).
    """
    confirmed = state.confirmed | {action.player}
    work = Work(state)
    side = work.seats.side_players[state.license]
    if events is not None:
        events.append(Confirmed(action.player))
    if any(p not in confirmed for p in side if is_playing(state, p)):
        work.confirmed = confirmed
    else:
        if events is not None:
            events.append(RoundEnded(state.license, state.swapped))
        if state.swapped:
            start_round(work, 1 - state.license, events)
        else:
            if events is not None:
                events.append(OfferMade(1 - state.license))
            work.phase = Phase.OFFER
            work.down = work.confirmed = frozenset()
    return work.state()


def answer(state: State, action: Answer, events: Log = None) -> State:
    """Answer the offer; the first yes turns the License, the last no replaces the Ocean.

    Decision 8: each player of the other side answers. When nobody wants to swap, the
    Ocean goes to the Discard pile, four new cards replace it, and the same side plays
    again.
    """
    if events is not None:
        events.append(Answered(action.player, action.wants_swap))
    work = Work(state)
    if action.wants_swap:
        start_round(work, 1 - state.license, events)
        return work.state()
    declined = state.declined | {action.player}
    other = work.seats.side_players[1 - state.license]
    if any(p not in declined for p in other if is_playing(state, p)):
        work.declined = declined
        return work.state()
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
    work.ocean, work.draw, work.discard = turned.cards, turned.draw, turned.discard
    work.rng, work.reshuffles = turned.rng, turned.reshuffles
    start_round(work, work.license, events)
    return work.state()
