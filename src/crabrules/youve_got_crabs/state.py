"""The complete truth of a game of You've Got Crabs, hidden cards and generator included.

A :class:`State` is plain data: hands, Ocean and piles as tuples of cards, the tokens,
where the Crabbing License points, who has put the hand down, and the call being resolved.
"""

from __future__ import annotations

import enum
import math
import operator
from collections import Counter
from typing import Any, Protocol

import attrs

from crabrules.core import PlayerId, Rng, serialize
from crabrules.core.actions import field_errors
from crabrules.core.display import DisplaysAsSvg
from crabrules.core.errors import InvalidStateError
from crabrules.core.game import not_a_state
from crabrules.core.rng import SEED_LIMIT
from crabrules.youve_got_crabs.cards import IMITATION_CRAB, Card, deck, is_scoring
from crabrules.youve_got_crabs.config import CARDS_PER_HAND, OCEAN_SIZE, Config, Side, Team
from crabrules.youve_got_crabs.table import table

__all__ = [
    "DOUBLE_CRABS_TOKENS",
    "POT_TOKENS",
    "RECENT",
    "STALL_ACTIONS",
    "TEAM_TOKENS",
    "UNSEEN",
    "CallRecord",
    "Claim",
    "Phase",
    "State",
    "Termination",
    "Window",
    "check_public",
    "check_state",
    "evolve",
    "invalid",
    "is_over",
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

    >>> from crabrules.youve_got_crabs.rules import initial_state
    >>> state = initial_state(seed=7)
    >>> evolve(state, pot=3) == attrs.evolve(state, pot=3)
    True
    """
    values = list(_FIELD_VALUES(state))
    for name, value in changes.items():
        values[_FIELD_INDEX[name]] = value
    return State(*values)


def check_state(state: State) -> None:
    """Refuse a state that the rules could not reach; pass a reachable one.

    Every field holds exactly its type, and together they describe a moment of a game:
    the deck whole, the tokens all there, a round, a pause and an end that the rules
    make. Loading a document runs it, so an impossible saved state is refused there.

    Raises:
        InvalidStateError: says which part is impossible.
        NotAStateError: ``state`` is not a :class:`State`.

    >>> from crabrules.youve_got_crabs.rules import initial_state
    >>> state = initial_state(seed=3)
    >>> check_state(state)
    >>> check_state(attrs.evolve(state, clock=math.inf))
    Traceback (most recent call last):
    ...
    crabrules.core.errors.InvalidStateError: clock: a finite number of seconds, not inf
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    problem = field_errors(state)
    if problem is not None:
        raise invalid(problem)
    if not 0 <= state.seed < SEED_LIMIT:
        raise invalid(f"seed: an int in [0, 2**64), not {state.seed}")
    check_public(state)
    _check_cards(state)


def invalid(message: str) -> InvalidStateError:
    """The error of :func:`check_state` (and of the observation's check).

    >>> invalid("pot: -1").args
    ('pot: -1',)
    """
    return InvalidStateError(message)


class _Public(Protocol):
    """The fields a :class:`State` and an ``Observation`` share: what everyone sees."""

    @property
    def config(self) -> Config: ...
    @property
    def seen(self) -> tuple[tuple[Card, ...], ...]: ...
    @property
    def drawn_from(self) -> tuple[tuple[int, ...], ...]: ...
    @property
    def ocean(self) -> tuple[Card, ...]: ...
    @property
    def reshuffles(self) -> int: ...
    @property
    def tokens(self) -> tuple[int, ...]: ...
    @property
    def pot(self) -> int: ...
    @property
    def license(self) -> Side: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def down(self) -> frozenset[PlayerId]: ...
    @property
    def confirmed(self) -> frozenset[PlayerId]: ...
    @property
    def declined(self) -> frozenset[PlayerId]: ...
    @property
    def swapped(self) -> bool: ...
    @property
    def claws(self) -> PlayerId | None: ...
    @property
    def clock(self) -> float: ...
    @property
    def window(self) -> Window | None: ...
    @property
    def claim(self) -> Claim | None: ...
    @property
    def tied(self) -> frozenset[Team]: ...
    @property
    def winner(self) -> Team | None: ...
    @property
    def signals(self) -> tuple[PlayerId, ...]: ...
    @property
    def signal_count(self) -> int: ...
    @property
    def calls(self) -> tuple[CallRecord, ...]: ...
    @property
    def call_count(self) -> int: ...
    @property
    def called_wrong(self) -> frozenset[PlayerId]: ...
    @property
    def since_clock(self) -> int: ...


def is_over(view: _Public) -> bool:
    """Whether the game is over: a team has won, or the game stalled (a draw).

    >>> from crabrules.youve_got_crabs.rules import initial_state
    >>> state = initial_state(seed=3)
    >>> is_over(state), is_over(evolve(state, since_clock=STALL_ACTIONS))
    (False, True)
    """
    return view.winner is not None or view.since_clock >= STALL_ACTIONS


def check_public(view: _Public) -> None:
    """Refuse public fields that no game reaches (the part of the check a view shares).

    Raises:
        InvalidStateError: says which part is impossible.

    >>> from crabrules.youve_got_crabs.rules import initial_state
    >>> check_public(initial_state(seed=3))
    """
    problem = field_errors(view)
    if problem is not None:
        raise invalid(problem)
    _check_shapes(view)
    _check_tokens(view)
    _check_round_fields(view)
    _check_pause(view)
    _check_end(view)
    _check_records(view)


def _playing(view: _Public) -> frozenset[PlayerId]:
    # Everyone, or in sudden death the tied teams' players (Decision 7).
    seats = table(view.config)
    players = range(view.config.players)
    return frozenset(p for p in players if not view.tied or seats.team_of[p] in view.tied)


def _check_shapes(view: _Public) -> None:
    # By player and slot: what was seen go in, which Draw pile it came from; the Ocean.
    players = view.config.players
    if len(view.seen) != players or any(len(row) != CARDS_PER_HAND for row in view.seen):
        raise invalid(f"seen: {players} rows of {CARDS_PER_HAND} slots")
    if view.reshuffles < 0 or (
        len(view.drawn_from) != players
        or any(
            len(row) != CARDS_PER_HAND or not all(0 <= pile <= view.reshuffles for pile in row)
            for row in view.drawn_from
        )
    ):
        raise invalid("drawn_from: by slot, a Draw pile from 0 to reshuffles")
    if len(view.ocean) != OCEAN_SIZE:
        raise invalid(f"ocean: the Ocean holds {OCEAN_SIZE} cards")
    if view.claws is not None and not 0 <= view.claws < players:
        raise invalid(f"claws: None or a player of the game, not {view.claws}")


def _check_tokens(view: _Public) -> None:
    # Setup, step 6: the tokens in play; a sudden-death point from the box adds one, and
    # ends the game at once.
    teams = view.config.teams
    if len(view.tokens) != teams or min(view.tokens) < 0 or view.pot < 0:
        raise invalid(f"tokens: {teams} counts, none negative, and pot >= 0")
    base = TEAM_TOKENS * teams + POT_TOKENS
    total = sum(view.tokens) + view.pot
    if total != base and not (total == base + 1 and view.winner in view.tied):
        raise invalid(f"tokens: {total} tokens in play is impossible")
    if not view.tied:
        if view.winner is None and view.claim is None and view.pot == 0:
            raise invalid("pot: the game ends when the last token leaves the Pot")
        if view.winner is not None and view.pot > 0:
            raise invalid("winner: the game ends only once the Pot is empty")
        best = max(view.tokens)
        if view.winner is not None and [t for t, n in enumerate(view.tokens) if n == best] != [
            view.winner
        ]:
            raise invalid("winner: the one team with the most tokens")


def _check_round_fields(view: _Public) -> None:
    # The License, and who is down, confirmed or declined in this round.
    if view.license not in (0, 1):
        raise invalid(f"license: side 0 or 1, not {view.license}")
    seats = table(view.config)
    playing = _playing(view)
    side = frozenset(seats.side_players[view.license]) & playing
    other = frozenset(seats.side_players[1 - view.license]) & playing
    if not view.down <= side or not view.confirmed <= view.down:
        raise invalid("down and confirmed: players of the License's side, confirmed ones down")
    if view.confirmed and (view.down != side or view.confirmed == side):
        raise invalid("confirmed: only once all are down; the last confirmation ends the round")
    if not view.declined <= other or (view.declined and view.declined == other):
        raise invalid("declined: players of the other side; the last no replaces the Ocean")
    if view.phase is Phase.OFFER and (view.swapped or view.down):
        raise invalid("phase: the offer follows a round without a swap, hands up")
    if view.phase is Phase.PLAY and view.declined:
        raise invalid("declined: only the offer is declined")


def _check_pause(view: _Public) -> None:
    # At most one pause: a call on a partner (window) or a Double Crabs claim.
    seats = table(view.config)
    playing = _playing(view)
    window, claim = view.window, view.claim
    if not math.isfinite(view.clock):
        raise invalid(f"clock: a finite number of seconds, not {view.clock}")
    if window is not None and (
        window.caller not in playing
        or seats.partner_of[window.caller] != window.target
        or window.time != view.clock
    ):
        raise invalid("window: a call by a player still in on their partner, at the clock")
    if claim is not None:
        if claim.player not in playing or not 0 < claim.remaining <= DOUBLE_CRABS_TOKENS:
            raise invalid("claim: a player still in, with 1 to 3 tokens to collect")
        team, partner = seats.team_of[claim.player], seats.partner_of[claim.player]
        pair = {(claim.player, partner), (partner, claim.player)}
        if {(c.caller, c.target) for c in view.calls[-2:] if c.double} != pair:
            raise invalid("claim: follows the two calls of a Double Crabs claim")
        if view.pot == 0 and all(n == 0 for t, n in enumerate(view.tokens) if t != team):
            raise invalid("claim: ends when no source of a token is left")
        if view.tied and claim.remaining != DOUBLE_CRABS_TOKENS:
            raise invalid("claim: in sudden death its first token wins")
    if window is not None and claim is not None:
        raise invalid("window and claim: one pause at a time")


def _check_end(view: _Public) -> None:
    # Sudden death and the winner.
    teams = view.config.teams
    if not view.tied <= frozenset(range(teams)) or len(view.tied) == 1:
        raise invalid("tied: two or more teams of the game, or none")
    if view.winner is not None and not 0 <= view.winner < teams:
        raise invalid(f"winner: a team of the game, not {view.winner}")
    if view.winner is not None and view.tied and view.winner not in view.tied:
        raise invalid("winner: in sudden death, one of the tied teams")
    if view.winner is not None and (view.window is not None or view.claim is not None):
        raise invalid("winner: the game ends only once a call is resolved")
    if not 0 <= view.since_clock <= STALL_ACTIONS:
        raise invalid(f"since_clock: from 0 to {STALL_ACTIONS}, not {view.since_clock}")


def _check_records(view: _Public) -> None:
    # The public records of signals and calls: the latest RECENT of their counts.
    players = range(view.config.players)
    partner_of = table(view.config).partner_of
    if len(view.signals) != min(view.signal_count, RECENT) or any(
        p not in players for p in view.signals
    ):
        raise invalid(f"signals: the latest {RECENT} of signal_count, by players of the game")
    if len(view.calls) != min(view.call_count, RECENT) or any(
        c.caller not in players
        or c.target not in players
        or c.caller == c.target
        or (c.double and (partner_of[c.caller] != c.target or not c.right))
        for c in view.calls
    ):
        raise invalid(f"calls: the latest {RECENT} of call_count, each on another player")
    if not view.called_wrong <= frozenset(players):
        raise invalid("called_wrong: players of the game")


def _check_cards(state: State) -> None:
    # Hands, Ocean and piles hold the config's deck; the public records match the hands.
    config = state.config
    if len(state.hands) != config.players or any(
        len(hand) != CARDS_PER_HAND for hand in state.hands
    ):
        raise invalid(f"hands: {config.players} hands of {CARDS_PER_HAND} cards")
    if any(
        card not in (UNSEEN, held)
        for row, hand in zip(state.seen, state.hands, strict=True)
        for card, held in zip(row, hand, strict=True)
    ):
        raise invalid("seen: by slot, UNSEEN or the card the hand holds there")
    cards = [c for hand in state.hands for c in hand]
    cards += [*state.ocean, *state.draw, *state.discard]
    if Counter(cards) != Counter(deck(config)):
        raise invalid("the hands, Ocean and piles do not hold exactly the config's deck")
    if not state.draw and state.discard:
        raise invalid("draw: an empty Draw pile is refilled from the Discard pile at once")
    holder = next((p for p, hand in enumerate(state.hands) if IMITATION_CRAB in hand), None)
    if state.claws != holder:
        raise invalid(f"claws: worn by {state.claws}, but the Imitation Crab is with {holder}")
    if any(is_scoring(state.hands[p]) for p in state.called_wrong):
        raise invalid("called_wrong: a hand called wrong is not four of a kind")


serialize.register_check(State, check_state)
