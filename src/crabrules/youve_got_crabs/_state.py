"""The complete truth of a game of You've Got Crabs, hidden cards and generator included.

A :class:`State` is plain data: hands, Ocean and piles as tuples of cards, the tokens,
where the Crabbing License points, who has put the hand down, and the call being resolved.
"""

from __future__ import annotations

import enum
import operator
from typing import TYPE_CHECKING, Any

import attrs

from crabrules.core import PlayerId, Rng
from crabrules.core.display import DisplaysAsSvg
from crabrules.youve_got_crabs._cards import Card
from crabrules.youve_got_crabs._config import Config, Side, Team

if TYPE_CHECKING:
    from crabrules.youve_got_crabs._observe import Observation

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
#: The game ends, drawn, after this many actions in a row that leave the clock where it was
#: (:attr:`Termination.STALLED`): players who swap and signal forever and never call.
STALL_ACTIONS = 10_000


class Phase(str, enum.Enum):
    """Where the round is (a pending call or claim pauses it; see :class:`State`)."""

    PLAY = "play"
    """The side the License points at swaps, puts down, picks up and confirms."""
    OFFER = "offer"
    """A round ended without a swap: the other side answers whether it wants to swap."""


class Termination(str, enum.Enum):
    """Why the game ended (``Outcome.reason``)."""

    POT_EMPTY = "pot_empty"
    """The last token was taken from the Pot, and one team has the most tokens."""
    SUDDEN_DEATH = "sudden_death"
    """After a tie, the first tied team to gain a token won."""
    STALLED = "stalled"
    """``STALL_ACTIONS`` (10,000) actions in a row left the clock where it was: a draw."""


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
class State(DisplaysAsSvg):
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
        since_clock: how many actions in a row have left ``clock`` where it was (a call
            at another time resets it); at :data:`STALL_ACTIONS` the game is over, drawn.
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
    since_clock: int = 0


#: The fields of :class:`State` in the order of its constructor, and where each one is.
_FIELDS = tuple(field.name for field in attrs.fields(State))
_FIELD_INDEX = {name: i for i, name in enumerate(_FIELDS)}
_FIELD_VALUES = operator.attrgetter(*_FIELDS)


def evolve(state: State, **changes: Any) -> State:
    """A copy of ``state`` with ``changes``: what ``attrs.evolve`` does, several times faster.

    The rules make most new states this way, so it is a hot path: one C call reads every
    field, and the constructor takes them by position.

    >>> from crabrules.youve_got_crabs._rules import initial_state
    >>> state = initial_state(seed=7)
    >>> evolve(state, pot=3) == attrs.evolve(state, pot=3)
    True
    """
    values = list(_FIELD_VALUES(state))
    for name, value in changes.items():
        values[_FIELD_INDEX[name]] = value
    return State(*values)


def is_over(view: State | Observation) -> bool:
    """Whether the game is over: a team has won, or the game stalled (a draw).

    >>> from crabrules.youve_got_crabs._rules import initial_state
    >>> state = initial_state(seed=3)
    >>> is_over(state), is_over(evolve(state, since_clock=STALL_ACTIONS))
    (False, True)
    """
    return view.winner is not None or view.since_clock >= STALL_ACTIONS
