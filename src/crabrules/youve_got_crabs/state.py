"""The complete truth of a game of You've Got Crabs, hidden cards and generator included.

A :class:`State` is plain data: hands, Ocean and piles as tuples of cards, the tokens,
where the Crabbing License points, who has put the hand down, and the call being resolved.
"""

from __future__ import annotations

import enum
from collections import Counter

import attrs

from crabrules.core import PlayerId, Rng, serialize
from crabrules.youve_got_crabs.cards import IMITATION_CRAB, Card, deck, is_scoring
from crabrules.youve_got_crabs.config import CARDS_PER_HAND, OCEAN_SIZE, Config, Side, Team
from crabrules.youve_got_crabs.table import table

__all__ = [
    "DOUBLE_CRABS_TOKENS",
    "POT_TOKENS",
    "RECENT",
    "TEAM_TOKENS",
    "UNSEEN",
    "CallRecord",
    "Claim",
    "Phase",
    "State",
    "Window",
    "check_state",
]

#: Crab tokens each team starts with (Setup, step 6).
TEAM_TOKENS = 2
#: Crab tokens in the Pot at the start (Setup, step 6).
POT_TOKENS = 8
#: Tokens a Double Crabs claim collects.
DOUBLE_CRABS_TOKENS = 3
#: In :attr:`State.seen`: a hand slot whose card only its holder knows.
UNSEEN: Card = -2
#: How many of the latest signals and calls the state keeps, so it stays small.
RECENT = 8


class Phase(str, enum.Enum):
    """Where the round is (a pending call or claim pauses it; see :class:`State`)."""

    PLAY = "play"
    """The side the License points at swaps, puts down, picks up and confirms."""
    OFFER = "offer"
    """A round ended without a swap: the other side answers whether it wants to swap."""


@attrs.frozen
class Window:
    """A call on one's partner, waiting for a counter-call (Double Crabs) or Resolve.

    Attributes:
        caller: who called.
        target: the caller's partner, the one called.
        time: the call's time on the caller's clock, in seconds.
    """

    caller: PlayerId
    target: PlayerId
    time: float


@attrs.frozen
class Claim:
    """A right Double Crabs claim collecting its tokens, one :class:`Collect` at a time.

    Attributes:
        player: who names the sources (the partner whose counter-call made the claim).
        remaining: tokens still to collect.
    """

    player: PlayerId
    remaining: int


@attrs.frozen
class CallRecord:
    """A resolved call, as every player saw it.

    Attributes:
        caller: who called.
        target: who was called.
        right: whether the target held four of a kind (the hand was then shown).
        double: whether it was one of the two calls of a Double Crabs claim.
    """

    caller: PlayerId
    target: PlayerId
    right: bool
    double: bool


@attrs.frozen
class State:
    """A game of You've Got Crabs in progress.

    Attributes:
        config: the game's options.
        seed: the seed the game was set up with.
        rng: the generator for the reshuffles to come.
        hands: each player's four cards, by slot (hidden from the others).
        seen: by player and slot, the card everyone saw go into that slot, or
            :data:`UNSEEN`. The Ocean is face up and swaps are made in the open, so a card
            taken from it stays public until it leaves the hand; a hand dealt or redrawn
            is unseen.
        drawn_from: by player and slot, which Draw pile the card there was drawn from (see
            ``reshuffles``); public, and what tells an unseen card's possible values.
        ocean: the four face-up Ocean cards, by slot.
        draw: the Draw pile, face down; its last card is the top.
        discard: the Discard pile, oldest first. Every card in it was seen face up (the
            Ocean, or a scoring hand shown on a right call), so it is public.
        reshuffles: how many times the Discard pile became the Draw pile. The dealt Draw
            pile is number 0, the n-th reshuffle's number n; the cards of each were public
            (the first: the whole deck), so the unseen cards drawn from one are a known
            set.
        tokens: each team's Crab tokens.
        pot: the tokens in the Crab Pot.
        license: the side the Crabbing License points at.
        phase: the round's phase.
        down: players of the License's side whose hand is down.
        confirmed: players of that side who confirmed, after all were down.
        declined: players of the other side who said no to the offer.
        swapped: whether anyone swapped this round.
        claws: who wears the Rubber Crab Claws (holds the Imitation Crab), if anyone.
        clock: the time of the latest call, in seconds (``0.0`` before any):
            ``legal_actions`` lists calls at this time.
        window: the call on a partner waiting for a counter-call, if any (play paused).
        claim: the Double Crabs claim being collected, if any (play paused).
        tied: in sudden death, the tied teams still playing; empty otherwise.
        winner: the winning team once the game is over.
        signals: the players who made the latest signals, oldest first (at most
            :data:`RECENT`).
        signal_count: how many signals were made in the whole game.
        calls: the latest resolved calls, oldest first (at most :data:`RECENT`).
        call_count: how many calls were resolved in the whole game.
        called_wrong: the players called wrong whose hand has not changed since: everyone
            knows it is not four of a kind.
    """

    config: Config
    seed: int
    rng: Rng
    hands: tuple[tuple[Card, ...], ...]
    seen: tuple[tuple[Card, ...], ...]
    drawn_from: tuple[tuple[int, ...], ...]
    ocean: tuple[Card, ...]
    draw: tuple[Card, ...]
    discard: tuple[Card, ...]
    reshuffles: int
    tokens: tuple[int, ...]
    pot: int
    license: Side
    phase: Phase
    down: frozenset[PlayerId]
    confirmed: frozenset[PlayerId]
    declined: frozenset[PlayerId]
    swapped: bool
    claws: PlayerId | None
    clock: float
    window: Window | None
    claim: Claim | None
    tied: frozenset[Team]
    winner: Team | None
    signals: tuple[PlayerId, ...]
    signal_count: int
    calls: tuple[CallRecord, ...]
    call_count: int
    called_wrong: frozenset[PlayerId]


def check_state(state: State) -> None:
    """Refuse a type-correct state that cannot happen (used when loading documents).

    Raises:
        ValueError: says what is wrong.
    """
    _check_cards(state)
    _check_tokens(state)
    _check_round_fields(state)
    _check_pause(state)
    _check_end(state)
    _check_records(state)


def _check_cards(state: State) -> None:
    # Hands, Ocean and piles hold the config's deck; the public records match the hands.
    config = state.config
    if len(state.hands) != config.players:
        raise ValueError(f"hands: {config.players} hands, got {len(state.hands)}")
    if any(len(hand) != CARDS_PER_HAND for hand in state.hands):
        raise ValueError(f"hands: every hand holds {CARDS_PER_HAND} cards")
    if len(state.seen) != config.players or any(
        len(row) != CARDS_PER_HAND
        or any(card not in (UNSEEN, held) for card, held in zip(row, hand, strict=False))
        for row, hand in zip(state.seen, state.hands, strict=True)
    ):
        raise ValueError("seen: by slot, UNSEEN or the card the hand holds there")
    if (
        state.reshuffles < 0
        or len(state.drawn_from) != config.players
        or any(
            len(row) != CARDS_PER_HAND or not all(0 <= pile <= state.reshuffles for pile in row)
            for row in state.drawn_from
        )
    ):
        raise ValueError("drawn_from: by slot, a Draw pile from 0 to reshuffles")
    if len(state.ocean) != OCEAN_SIZE:
        raise ValueError(f"ocean: the Ocean holds {OCEAN_SIZE} cards")
    cards = [c for hand in state.hands for c in hand]
    cards += [*state.ocean, *state.draw, *state.discard]
    if Counter(cards) != Counter(deck(config)):
        raise ValueError("the hands, Ocean and piles do not hold exactly the config's deck")
    if not state.draw and state.discard:
        raise ValueError("draw: an empty Draw pile is refilled from the Discard pile at once")
    holder = next((p for p, hand in enumerate(state.hands) if IMITATION_CRAB in hand), None)
    if state.claws != holder:
        raise ValueError(f"claws: worn by {state.claws}, but the Imitation Crab is with {holder}")


def _check_tokens(state: State) -> None:
    # Setup, step 6: the tokens in play; a sudden-death point from the box adds one.
    teams = state.config.teams
    if len(state.tokens) != teams or min(state.tokens) < 0 or state.pot < 0:
        raise ValueError(f"tokens: {teams} counts, none negative, and pot >= 0")
    total = sum(state.tokens) + state.pot
    if total not in (TEAM_TOKENS * teams + POT_TOKENS + extra for extra in (0, 1)):
        raise ValueError(f"tokens: {total} tokens in play is impossible")


def _check_round_fields(state: State) -> None:
    # The License, and who is down, confirmed or declined in this round.
    if state.license not in (0, 1):
        raise ValueError(f"license: side 0 or 1, not {state.license}")
    side = table(state.config).side_players[state.license]
    if not state.down <= frozenset(side) or not state.confirmed <= state.down:
        raise ValueError("down and confirmed: players of the License's side, confirmed ones down")
    other = table(state.config).side_players[1 - state.license]
    if not state.declined <= frozenset(other):
        raise ValueError("declined: players of the side without the License")
    if state.phase is Phase.OFFER and (state.swapped or state.down):
        raise ValueError("phase: the offer follows a round without a swap, hands up")


def _check_pause(state: State) -> None:
    # At most one pause: a call on a partner (window) or a Double Crabs claim.
    seats = table(state.config)
    window, claim = state.window, state.claim
    if window is not None and (
        window.caller not in range(state.config.players)
        or seats.partner_of[window.caller] != window.target
    ):
        raise ValueError("window: a call by a player on their partner")
    if claim is not None and (
        claim.player not in range(state.config.players)
        or not 0 < claim.remaining <= DOUBLE_CRABS_TOKENS
    ):
        raise ValueError("claim: a player of the game with 1 to 3 tokens to collect")
    if window is not None and claim is not None:
        raise ValueError("window and claim: one pause at a time")


def _check_end(state: State) -> None:
    # Sudden death and the winner.
    teams = state.config.teams
    if not state.tied <= frozenset(range(teams)) or len(state.tied) == 1:
        raise ValueError("tied: two or more teams of the game, or none")
    if state.winner is not None and not 0 <= state.winner < teams:
        raise ValueError(f"winner: a team of the game, not {state.winner}")
    if state.winner is not None and (state.window is not None or state.claim is not None):
        raise ValueError("winner: the game ends only once a call is resolved")


def _check_records(state: State) -> None:
    # The public records of signals and calls.
    players = range(state.config.players)
    if len(state.signals) > RECENT or any(p not in players for p in state.signals):
        raise ValueError(f"signals: at most {RECENT} players of the game")
    if len(state.calls) > RECENT or any(
        c.caller not in players or c.target not in players for c in state.calls
    ):
        raise ValueError(f"calls: at most {RECENT} calls between players of the game")
    if state.signal_count < len(state.signals) or state.call_count < len(state.calls):
        raise ValueError("signal_count and call_count count at least the recent ones")
    if not state.called_wrong <= frozenset(players) or any(
        is_scoring(state.hands[p]) for p in state.called_wrong
    ):
        raise ValueError("called_wrong: players of the game whose hand is not four of a kind")


serialize.register_check(State, check_state)
