"""The check of a loaded You've Got Crabs state: its rules, as a list of named invariants.

:func:`check_state` runs :data:`INVARIANTS` (:mod:`crabrules.core.invariants`) on a
state; :func:`check_public` runs :data:`PUBLIC_INVARIANTS`, the rules of the fields a
state and an observation share, which the observation's check starts with. Each
invariant returns the sentence of the rule the document breaks, or ``None``, and may rely
on those before it.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import TYPE_CHECKING, TypeAlias

from crabrules.core import PlayerId, invariants
from crabrules.core.actions import field_errors
from crabrules.core.game import not_a_state
from crabrules.core.rng import SEED_LIMIT
from crabrules.youve_got_crabs import _state as st
from crabrules.youve_got_crabs._cards import IMITATION_CRAB, deck, is_scoring
from crabrules.youve_got_crabs._config import CARDS_PER_HAND, OCEAN_SIZE, Side
from crabrules.youve_got_crabs._state import Phase, State
from crabrules.youve_got_crabs._table import table

if TYPE_CHECKING:
    from crabrules.youve_got_crabs._observe import Observation

#: What the public invariants read: a state, or an observation of one.
_View: TypeAlias = "State | Observation"


def check_state(state: State) -> None:
    """Refuse a state that the rules could not reach; pass a reachable one.

    Every field holds exactly its type, and together they describe a moment of a game:
    the deck whole, the tokens all there, a round, a pause and an end that the rules
    make, rule by rule (:data:`INVARIANTS`). Loading a document runs it, so an impossible
    saved state is refused there.

    Raises:
        InvalidStateError: says which part is impossible.
        NotAStateError: ``state`` is not a :class:`State`.

    >>> from crabrules.youve_got_crabs._rules import initial_state
    >>> from crabrules.youve_got_crabs._state import evolve
    >>> state = initial_state(seed=3)
    >>> check_state(state)
    >>> check_state(evolve(state, clock=math.inf))
    Traceback (most recent call last):
    ...
    crabrules.core.errors.InvalidStateError: clock: a finite number of seconds, not inf
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    invariants.check(INVARIANTS, state)


def check_public(view: _View) -> None:
    """Refuse public fields that no game reaches (the part of the check a view shares).

    Its rules are :data:`PUBLIC_INVARIANTS`.

    Raises:
        InvalidStateError: says which part is impossible.

    >>> from crabrules.youve_got_crabs._rules import initial_state
    >>> check_public(initial_state(seed=3))
    """
    invariants.check(PUBLIC_INVARIANTS, view)


def _playing(view: _View) -> frozenset[PlayerId]:
    # Everyone, or in sudden death the tied teams' players (Decision 7).
    seats = table(view.config)
    players = range(view.config.players)
    return frozenset(p for p in players if not view.tied or seats.team_of[p] in view.tied)


def _fields(view: object) -> str | None:
    return field_errors(view)


def _seed(state: State) -> str | None:
    return (
        None if 0 <= state.seed < SEED_LIMIT else f"seed: an int in [0, 2**64), not {state.seed}"
    )


# --- the shapes: by player and slot, what was seen go in and its Draw pile; the Ocean -----


def _seen_rows(view: _View) -> str | None:
    players = view.config.players
    if len(view.seen) != players or any(len(row) != CARDS_PER_HAND for row in view.seen):
        return f"seen: {players} rows of {CARDS_PER_HAND} slots"
    return None


def _drawn_from(view: _View) -> str | None:
    if view.reshuffles < 0 or (
        len(view.drawn_from) != view.config.players
        or any(
            len(row) != CARDS_PER_HAND or not all(0 <= pile <= view.reshuffles for pile in row)
            for row in view.drawn_from
        )
    ):
        return "drawn_from: by slot, a Draw pile from 0 to reshuffles"
    return None


def _ocean(view: _View) -> str | None:
    return None if len(view.ocean) == OCEAN_SIZE else f"ocean: the Ocean holds {OCEAN_SIZE} cards"


def _claws_seat(view: _View) -> str | None:
    if view.claws is not None and not 0 <= view.claws < view.config.players:
        return f"claws: None or a player of the game, not {view.claws}"
    return None


# --- the tokens (Setup, step 6); a sudden-death point from the box adds one, and ends ----


def _tokens(view: _View) -> str | None:
    teams = view.config.teams
    if len(view.tokens) != teams or min(view.tokens) < 0 or view.pot < 0:
        return f"tokens: {teams} counts, none negative, and pot >= 0"
    base = st.TEAM_TOKENS * teams + st.POT_TOKENS
    total = sum(view.tokens) + view.pot
    if total != base and not (total == base + 1 and view.winner in view.tied):
        return f"tokens: {total} tokens in play is impossible"
    return None


def _pot_empty_ends(view: _View) -> str | None:
    if not view.tied and view.winner is None and view.claim is None and view.pot == 0:
        return "pot: the game ends when the last token leaves the Pot"
    return None


def _winner_pot_empty(view: _View) -> str | None:
    if not view.tied and view.winner is not None and view.pot > 0:
        return "winner: the game ends only once the Pot is empty"
    return None


def _winner_most_tokens(view: _View) -> str | None:
    if view.tied or view.winner is None:
        return None
    best = max(view.tokens)
    if [t for t, n in enumerate(view.tokens) if n == best] != [view.winner]:
        return "winner: the one team with the most tokens"
    return None


# --- the round: the License, and who is down, confirmed or declined ------------------------


def _license(view: _View) -> str | None:
    return None if view.license in (0, 1) else f"license: side 0 or 1, not {view.license}"


def _side(view: _View, side: Side) -> frozenset[PlayerId]:
    return frozenset(table(view.config).side_players[side]) & _playing(view)


def _down(view: _View) -> str | None:
    if not view.down <= _side(view, view.license) or not view.confirmed <= view.down:
        return "down and confirmed: players of the License's side, confirmed ones down"
    return None


def _confirmed(view: _View) -> str | None:
    side = _side(view, view.license)
    if view.confirmed and (view.down != side or view.confirmed == side):
        return "confirmed: only once all are down; the last confirmation ends the round"
    return None


def _declined(view: _View) -> str | None:
    other = _side(view, 1 - view.license)
    if not view.declined <= other or (view.declined and view.declined == other):
        return "declined: players of the other side; the last no replaces the Ocean"
    return None


def _offer(view: _View) -> str | None:
    if view.phase is Phase.OFFER and (view.swapped or view.down):
        return "phase: the offer follows a round without a swap, hands up"
    return None


def _declined_offer_only(view: _View) -> str | None:
    return (
        "declined: only the offer is declined"
        if view.phase is Phase.PLAY and view.declined
        else None
    )


# --- the pause: at most one, a call on a partner (window) or a Double Crabs claim ---------


def _clock(view: _View) -> str | None:
    if not math.isfinite(view.clock):
        return f"clock: a finite number of seconds, not {view.clock}"
    return None


def _window(view: _View) -> str | None:
    window = view.window
    if window is not None and (
        window.caller not in _playing(view)
        or table(view.config).partner_of[window.caller] != window.target
        or window.time != view.clock
    ):
        return "window: a call by a player still in on their partner, at the clock"
    return None


def _claim(view: _View) -> str | None:
    claim = view.claim
    if claim is not None and (
        claim.player not in _playing(view) or not 0 < claim.remaining <= st.DOUBLE_CRABS_TOKENS
    ):
        return "claim: a player still in, with 1 to 3 tokens to collect"
    return None


def _claim_follows_calls(view: _View) -> str | None:
    if view.claim is None:
        return None
    player = view.claim.player
    partner = table(view.config).partner_of[player]
    pair = {(player, partner), (partner, player)}
    if {(c.caller, c.target) for c in view.calls[-2:] if c.double} != pair:
        return "claim: follows the two calls of a Double Crabs claim"
    return None


def _claim_has_sources(view: _View) -> str | None:
    if view.claim is None:
        return None
    team = table(view.config).team_of[view.claim.player]
    if view.pot == 0 and all(n == 0 for t, n in enumerate(view.tokens) if t != team):
        return "claim: ends when no source of a token is left"
    return None


def _claim_sudden_death(view: _View) -> str | None:
    claim = view.claim
    if claim is not None and view.tied and claim.remaining != st.DOUBLE_CRABS_TOKENS:
        return "claim: in sudden death its first token wins"
    return None


def _one_pause(view: _View) -> str | None:
    if view.window is not None and view.claim is not None:
        return "window and claim: one pause at a time"
    return None


# --- the end: sudden death, the winner and the stall ---------------------------------------


def _tied(view: _View) -> str | None:
    if not view.tied <= frozenset(range(view.config.teams)) or len(view.tied) == 1:
        return "tied: two or more teams of the game, or none"
    return None


def _winner(view: _View) -> str | None:
    winner = view.winner
    if winner is None:
        return None
    if not 0 <= winner < view.config.teams:
        return f"winner: a team of the game, not {winner}"
    if view.tied and winner not in view.tied:
        return "winner: in sudden death, one of the tied teams"
    if view.window is not None or view.claim is not None:
        return "winner: the game ends only once a call is resolved"
    return None


def _since_clock(view: _View) -> str | None:
    if not 0 <= view.since_clock <= st.STALL_ACTIONS:
        return f"since_clock: from 0 to {st.STALL_ACTIONS}, not {view.since_clock}"
    return None


# --- the public records of signals and calls: the latest RECENT of their counts -------------


def _signals(view: _View) -> str | None:
    players = range(view.config.players)
    if len(view.signals) != min(view.signal_count, st.RECENT) or any(
        p not in players for p in view.signals
    ):
        return f"signals: the latest {st.RECENT} of signal_count, by players of the game"
    return None


def _calls(view: _View) -> str | None:
    players = range(view.config.players)
    partner_of = table(view.config).partner_of
    if len(view.calls) != min(view.call_count, st.RECENT) or any(
        c.caller not in players
        or c.target not in players
        or c.caller == c.target
        or (c.double and (partner_of[c.caller] != c.target or not c.right))
        for c in view.calls
    ):
        return f"calls: the latest {st.RECENT} of call_count, each on another player"
    return None


def _called_wrong(view: _View) -> str | None:
    if not view.called_wrong <= frozenset(range(view.config.players)):
        return "called_wrong: players of the game"
    return None


# --- the cards, which only the state holds: the config's deck, and the public records ----


def _hands(state: State) -> str | None:
    config = state.config
    if len(state.hands) != config.players or any(
        len(hand) != CARDS_PER_HAND for hand in state.hands
    ):
        return f"hands: {config.players} hands of {CARDS_PER_HAND} cards"
    return None


def _seen_cards(state: State) -> str | None:
    if any(
        card not in (st.UNSEEN, held)
        for row, hand in zip(state.seen, state.hands, strict=True)
        for card, held in zip(row, hand, strict=True)
    ):
        return "seen: by slot, UNSEEN or the card the hand holds there"
    return None


def _deck(state: State) -> str | None:
    cards = [c for hand in state.hands for c in hand]
    cards += [*state.ocean, *state.draw, *state.discard]
    if Counter(cards) != Counter(deck(state.config)):
        return "the hands, Ocean and piles do not hold exactly the config's deck"
    return None


def _draw_refilled(state: State) -> str | None:
    if not state.draw and state.discard:
        return "draw: an empty Draw pile is refilled from the Discard pile at once"
    return None


def _claws_holder(state: State) -> str | None:
    holder = next((p for p, hand in enumerate(state.hands) if IMITATION_CRAB in hand), None)
    if state.claws != holder:
        return f"claws: worn by {state.claws}, but the Imitation Crab is with {holder}"
    return None


def _called_wrong_hands(state: State) -> str | None:
    if any(is_scoring(state.hands[p]) for p in state.called_wrong):
        return "called_wrong: a hand called wrong is not four of a kind"
    return None


#: The rules of the public fields, which a :class:`State` and an ``Observation`` share, in
#: the order :func:`check_public` asks them; each may rely on those before it.
PUBLIC_INVARIANTS: tuple[invariants.Invariant[_View], ...] = (
    _fields,
    _seen_rows,
    _drawn_from,
    _ocean,
    _claws_seat,
    _tokens,
    _pot_empty_ends,
    _winner_pot_empty,
    _winner_most_tokens,
    _license,
    _down,
    _confirmed,
    _declined,
    _offer,
    _declined_offer_only,
    _clock,
    _window,
    _claim,
    _claim_follows_calls,
    _claim_has_sources,
    _claim_sudden_death,
    _one_pause,
    _tied,
    _winner,
    _since_clock,
    _signals,
    _calls,
    _called_wrong,
)

#: The rules a state of You've Got Crabs keeps, in the order :func:`check_state` asks them.
INVARIANTS: tuple[invariants.Invariant[State], ...] = (
    _fields,
    _seed,
    *PUBLIC_INVARIANTS[1:],
    _hands,
    _seen_cards,
    _deck,
    _draw_refilled,
    _claws_holder,
    _called_wrong_hands,
)
