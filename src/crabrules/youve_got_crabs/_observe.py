"""What one player may see (:func:`observe`); states they cannot tell apart (:func:`determinize`).

A player sees their own hand and everything public (Decision 9): the cards everyone saw
taken from the Ocean into a hand (swaps are made in the open) and which Draw pile each
hand card came from, the Ocean, every token count, the License, who has put the hand down
or confirmed or declined, whether anyone swapped, who wears the Rubber Crab Claws, the
clock, the pending call or claim, the latest signals and calls with their results, the
Discard pile (every card in it was shown face up), the size of the Draw pile, and, by Draw
pile, which cards are still out of their sight (:class:`PileCards`). Never another hand's
unseen cards, the Draw pile's order, the seed or the generator.

:func:`determinize` builds its state from the observation alone (and its seed), so two
states a player cannot tell apart give the same twin:

>>> from crabrules.youve_got_crabs._rules import initial_state
>>> state = initial_state(seed=3)
>>> seen = observe(state, 0)
>>> seen.hand == state.hands[0], seen.draw_size
(True, 46)
>>> twin = determinize(state, 0, seed=99)
>>> observe(twin, 0) == seen, determinize(twin, 0, seed=99) == twin
(True, True)
"""

from __future__ import annotations

from collections import Counter

import attrs

from crabrules.core import PlayerId, Rng, check_viewer, invariants
from crabrules.core.display import DisplaysAsSvg
from crabrules.core.events import check_events
from crabrules.core.game import not_a_state
from crabrules.core.rng import check_seed
from crabrules.youve_got_crabs._cards import IMITATION_CRAB, Card, deck, is_scoring
from crabrules.youve_got_crabs._check import PUBLIC_INVARIANTS
from crabrules.youve_got_crabs._config import CARDS_PER_HAND, MAX_TEAMS, Config, Side, Team
from crabrules.youve_got_crabs._events import CardsDrawn, Event
from crabrules.youve_got_crabs._state import (
    UNSEEN,
    CallRecord,
    Claim,
    Phase,
    State,
    Window,
)


@attrs.frozen
class PileCards:
    """Cards out of one player's sight that came from one Draw pile.

    Attributes:
        pile: the Draw pile (``0`` the dealt one, ``n`` the one the n-th reshuffle made).
        cards: the cards, sorted.
    """

    pile: int
    cards: tuple[Card, ...]


@attrs.frozen
class Observation(DisplaysAsSvg):
    """One player's view of the game (``player=None``: a spectator, who holds no hand).

    The fields are the :class:`~crabrules.youve_got_crabs._state.State` fields of the same
    name, except:

    Attributes:
        player: whose view this is.
        hand: the player's own four cards by slot; empty for a spectator.
        draw_size: how many cards the Draw pile holds.
        hidden: by Draw pile (in pile order, only piles that hold some), the cards this
            player cannot see: the unseen cards of the other hands drawn from that pile,
            and for the latest pile the Draw pile too; each sorted, so no place is told.
            Everyone saw each pile's cards when it was made (the first: the whole deck;
            a reshuffled one was the Discard pile), and saw every card that has left an
            unseen slot since, so this is what a player can count, not a secret.
    """

    player: PlayerId | None
    config: Config
    hand: tuple[Card, ...]
    seen: tuple[tuple[Card, ...], ...]
    drawn_from: tuple[tuple[int, ...], ...]
    ocean: tuple[Card, ...]
    draw_size: int
    discard: tuple[Card, ...]
    reshuffles: int
    hidden: tuple[PileCards, ...]
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


def observe(state: State, player: PlayerId | None) -> Observation:
    """Show ``player`` what they see of ``state``: their own hand and everything public.

    ``None`` is a spectator, who sees no hand.

    >>> from crabrules.youve_got_crabs._rules import initial_state
    >>> state = initial_state(seed=3)
    >>> observe(state, 2).hand == state.hands[2], observe(state, None).hand
    (True, ())
    >>> [(part.pile, len(part.cards)) for part in observe(state, 2).hidden]
    [(0, 58)]
    """
    hand, unseen = private_cards(state, player)
    return Observation(
        player=player,
        config=state.config,
        hand=hand,
        seen=state.seen,
        drawn_from=state.drawn_from,
        ocean=state.ocean,
        draw_size=len(state.draw),
        discard=state.discard,
        reshuffles=state.reshuffles,
        hidden=tuple(
            PileCards(pile, tuple(sorted(cards)))
            for pile, cards in sorted(unseen.items())
            if cards
        ),
        tokens=state.tokens,
        pot=state.pot,
        license=state.license,
        phase=state.phase,
        down=state.down,
        confirmed=state.confirmed,
        declined=state.declined,
        swapped=state.swapped,
        claws=state.claws,
        clock=state.clock,
        window=state.window,
        claim=state.claim,
        tied=state.tied,
        winner=state.winner,
        signals=state.signals,
        signal_count=state.signal_count,
        calls=state.calls,
        call_count=state.call_count,
        called_wrong=state.called_wrong,
        since_clock=state.since_clock,
    )


def private_cards(
    state: State, player: PlayerId | None
) -> tuple[tuple[Card, ...], dict[int, list[Card]]]:
    """The cards of ``state`` private to ``player``, as :func:`observe` shows them.

    Returns ``(hand, unseen)``: ``player``'s own hand (empty for a spectator, ``None``),
    and the cards out of their sight by the Draw pile they came from, unsorted (a pile
    may have none). :attr:`Observation.hidden` is ``unseen`` sorted, without the empty
    piles; an encoding reads the same cards from the state without the observation.

    Raises:
        NotAStateError: ``state`` is not a :class:`~crabrules.youve_got_crabs.State`.
        InvalidPlayerError: ``player`` is neither ``None`` nor a player of the game.

    >>> from crabrules.youve_got_crabs._rules import initial_state
    >>> state = initial_state(seed=3)
    >>> hand, unseen = private_cards(state, 2)
    >>> hand == state.hands[2], {pile: len(cards) for pile, cards in unseen.items()}
    (True, {0: 58})
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    check_viewer(player, state.config.players)
    unseen: dict[int, list[Card]] = {state.reshuffles: list(state.draw)}
    for p, (hand, seen, piles) in enumerate(
        zip(state.hands, state.seen, state.drawn_from, strict=True)
    ):
        if p != player:
            for card, shown, pile in zip(hand, seen, piles, strict=True):
                if shown == UNSEEN:
                    unseen.setdefault(pile, []).append(card)
    return (() if player is None else state.hands[player]), unseen


def observe_events(events: tuple[Event, ...], player: PlayerId | None) -> tuple[Event, ...]:
    """The ``events`` as ``player`` saw them (``None``: a spectator).

    Everything happens in the open but the cards drawn face down: another player's
    :class:`~crabrules.youve_got_crabs._events.CardsDrawn` comes with every card
    :data:`~crabrules.youve_got_crabs._state.UNSEEN`, named ``"a card"`` (which Draw pile
    each came from stays: everyone saw that). Redacting twice changes nothing.

    Raises:
        InvalidPlayerError: ``player`` is neither ``None`` nor a player id.

    >>> from crabrules.youve_got_crabs._events import CardsDrawn
    >>> drawn = CardsDrawn(2, (8, 8, 1, 3), ("King Crab",) * 2 + ("Crabbi", "Taxi Crab"), (0,) * 4)
    >>> observe_events((drawn,), 2) == (drawn,)
    True
    >>> observe_events((drawn,), 0)[0].cards
    (-2, -2, -2, -2)
    """
    check_viewer(player, 2 * MAX_TEAMS)
    return tuple(_as_seen(event, player) for event in check_events(events, Event))


def _as_seen(event: Event, player: PlayerId | None) -> Event:
    if type(event) is CardsDrawn and event.player != player:
        count = len(event.cards)
        return CardsDrawn(event.player, (UNSEEN,) * count, ("a card",) * count, event.piles)
    return event


def determinize(state: State, player: PlayerId | None, seed: int) -> State:
    """Deal the unseen cards anew: a state ``player`` cannot tell from ``state``.

    The twin is built from ``observe(state, player)`` and ``seed`` alone, so it depends on
    nothing the player cannot see. The cards out of the player's sight (every other
    hand's unseen slots, and the Draw pile) are dealt back into the same places, each Draw
    pile's cards (:attr:`Observation.hidden`) into the places holding cards of that pile: a
    reshuffled Draw pile was the Discard pile, whose cards everyone saw, so its cards never
    trade places with cards dealt or drawn before. An unseen Imitation Crab goes to an
    unseen slot of whoever wears the claws, which everyone sees (with no claws, into the
    Draw pile). A hand called wrong and unchanged since is never dealt four of a kind (the
    deal is drawn again until none is). The seed and the generator come from ``seed``.

    Args:
        state: the true state.
        player: whose knowledge to keep (``None``: a spectator's, who sees no hand).
        seed: the seed of the re-deal, an integer in ``[0, 2**64)``.

    Raises:
        InvalidPlayerError: ``player`` is neither ``None`` nor a player of the game.
        InvalidConfigError: ``seed`` is not a seed.

    >>> from crabrules.youve_got_crabs._rules import initial_state
    >>> state = initial_state(seed=3)
    >>> twin = determinize(state, 1, seed=4)
    >>> twin.hands[1] == state.hands[1], twin.hands[0] == state.hands[0]
    (True, False)
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    seed = check_seed(seed)
    return twin_of(observe(state, player), seed)


def twin_of(view: Observation, seed: int) -> State:
    """A full state whose ``view.player`` view is ``view``, dealt from ``seed``.

    What :func:`determinize` returns; ``view`` must be a valid observation.

    >>> from crabrules.youve_got_crabs._rules import initial_state
    >>> state = initial_state(seed=3)
    >>> twin_of(observe(state, 0), 5) == determinize(state, 0, 5)
    True
    """
    places = _places(view)
    known_wrong = [p for p in range(view.config.players) if p in view.called_wrong]
    rng = Rng.from_seed(seed)
    # The true deal is one of the deals drawn, so this ends; a random hand is seldom four
    # of a kind, so it takes very few draws.
    while True:
        hands, draw, rng = _deal(view, places, rng)
        if not any(p != view.player and is_scoring(hands[p]) for p in known_wrong):
            break
    new_seed, rng = rng.next_u64()
    return State(
        config=view.config,
        seed=new_seed,
        rng=rng,
        hands=hands,
        seen=view.seen,
        drawn_from=view.drawn_from,
        ocean=view.ocean,
        draw=draw,
        discard=view.discard,
        reshuffles=view.reshuffles,
        tokens=view.tokens,
        pot=view.pot,
        license=view.license,
        phase=view.phase,
        down=view.down,
        confirmed=view.confirmed,
        declined=view.declined,
        swapped=view.swapped,
        claws=view.claws,
        clock=view.clock,
        window=view.window,
        claim=view.claim,
        tied=view.tied,
        winner=view.winner,
        signals=view.signals,
        signal_count=view.signal_count,
        calls=view.calls,
        call_count=view.call_count,
        called_wrong=view.called_wrong,
        since_clock=view.since_clock,
    )


#: Where a hidden card can go: a hand slot ``(player, slot)``, or a Draw pile position.
HiddenPlace = tuple[PlayerId, int]
#: In a :data:`HiddenPlace`, the "player" of a Draw pile position.
IN_DRAW = -1


def _places(view: Observation) -> dict[int, list[HiddenPlace]]:
    # By Draw pile, the places out of the viewer's sight, in a fixed order: the other
    # hands' unseen slots drawn from it (by player and slot), then for the latest pile
    # the Draw pile's positions, bottom first.
    places: dict[int, list[HiddenPlace]] = {}
    for p, (seen, piles) in enumerate(zip(view.seen, view.drawn_from, strict=True)):
        if p != view.player:
            for slot, (shown, pile) in enumerate(zip(seen, piles, strict=True)):
                if shown == UNSEEN:
                    places.setdefault(pile, []).append((p, slot))
    places.setdefault(view.reshuffles, []).extend((IN_DRAW, i) for i in range(view.draw_size))
    return places


def _deal(
    view: Observation, places: dict[int, list[HiddenPlace]], rng: Rng
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...], Rng]:
    # Deal each pile's hidden cards into its places. The Imitation Crab first: the claws
    # say whose hand holds it (a slot of theirs this pile filled), and no claws means no
    # hand holds it, so it is in the Draw pile.
    hands = [list(row) for row in view.seen]
    if view.player is not None:
        hands[view.player] = list(view.hand)
    draw: list[Card] = [UNSEEN] * view.draw_size
    wearer = view.claws if view.claws != view.player else None
    for part in view.hidden:
        spots = places[part.pile]
        cards = list(part.cards)
        if IMITATION_CRAB in cards:
            cards.remove(IMITATION_CRAB)
            holder = IN_DRAW if wearer is None else wearer
            allowed = [i for i, (p, _) in enumerate(spots) if p == holder]
            pick, rng = rng.below(len(allowed))
            wild = allowed[pick]
            put_card(hands, draw, spots[wild], IMITATION_CRAB)
            spots = [*spots[:wild], *spots[wild + 1 :]]
        shuffled, rng = rng.shuffle(cards)
        for spot, card in zip(spots, shuffled, strict=True):
            put_card(hands, draw, spot, card)
    return tuple(map(tuple, hands)), tuple(draw), rng


def put_card(hands: list[list[Card]], draw: list[Card], place: HiddenPlace, card: Card) -> None:
    """Put ``card`` at ``place``: a slot of ``hands``, or a position of ``draw``."""
    owner, index = place
    if owner == IN_DRAW:
        draw[index] = card
    else:
        hands[owner][index] = card


def check_observation(view: Observation) -> None:
    """Refuse an observation that no state of the game could give (used when loading).

    Its rules are :data:`OBSERVATION_INVARIANTS`: those of the public fields a state
    shares, then the viewer's hand, the Draw pile's size and the cards out of sight.

    Raises:
        InvalidStateError: says what is impossible.

    >>> from crabrules.youve_got_crabs._rules import initial_state
    >>> check_observation(observe(initial_state(seed=3), 1))
    """
    if type(view) is not Observation:
        raise not_a_state(view, Observation)
    invariants.check(OBSERVATION_INVARIANTS, view)


def _viewer(view: Observation) -> str | None:
    players = view.config.players
    if view.player is not None and not 0 <= view.player < players:
        return f"player: None or a player from 0 to {players - 1}"
    return None


def _hand(view: Observation) -> str | None:
    if len(view.hand) != (0 if view.player is None else CARDS_PER_HAND):
        return "hand: a player's four cards, or none for a spectator"
    return None


def _hand_seen(view: Observation) -> str | None:
    if view.player is not None and (
        any(s not in (UNSEEN, c) for s, c in zip(view.seen[view.player], view.hand, strict=True))
        or (view.player in view.called_wrong and is_scoring(view.hand))
    ):
        return "hand: not the cards seen in it, or four of a kind called wrong"
    return None


def _draw_size(view: Observation) -> str | None:
    if view.draw_size < 0 or (view.draw_size == 0 and view.discard):
        return "draw_size: never negative; an empty Draw pile takes the Discard pile"
    if view.draw_size > view.config.deck_size:
        # Checked before the places are listed: a huge size must not allocate a huge list.
        return f"draw_size: at most the {view.config.deck_size} cards of the deck"
    return None


def _hidden(view: Observation) -> str | None:
    """Hidden cards not listed by pile, sorted, one per place out of sight."""
    places = _places(view)
    piles = [part.pile for part in view.hidden]
    if (
        piles != sorted(set(piles))
        or any(
            not part.cards
            or list(part.cards) != sorted(part.cards)
            or len(part.cards) != len(places.get(part.pile, ()))
            for part in view.hidden
        )
        or sum(map(len, places.values())) != sum(len(part.cards) for part in view.hidden)
    ):
        return "hidden: by pile, sorted, as many cards as the places out of sight"
    return None


def _deck(view: Observation) -> str | None:
    shown = [c for row in view.seen for c in row if c != UNSEEN]
    if view.player is not None:
        shown += [c for c, s in zip(view.hand, view.seen[view.player], strict=True) if s == UNSEEN]
    cards = [*shown, *view.ocean, *view.discard, *(c for part in view.hidden for c in part.cards)]
    if Counter(cards) != Counter(deck(view.config)):
        return "the hand, the cards seen, the Ocean, the piles are not the deck"
    return None


def _wild(view: Observation) -> str | None:
    """The Imitation Crab where the claws say it cannot be.

    An unseen one is in a pile that filled one of the wearer's unseen slots, or with no
    claws in the Draw pile.
    """
    places = _places(view)
    pile = next((part.pile for part in view.hidden if IMITATION_CRAB in part.cards), None)
    if view.claws is not None and view.claws == view.player:
        holds = IMITATION_CRAB in view.hand
    elif view.claws is not None:
        holds = IMITATION_CRAB in view.seen[view.claws] or (
            pile is not None and any(p == view.claws for p, _ in places[pile])
        )
    else:
        holds = IMITATION_CRAB not in view.hand and all(
            IMITATION_CRAB not in row for row in view.seen
        )
        holds = holds and (pile is None or any(p == IN_DRAW for p, _ in places[pile]))
    return None if holds else f"claws: worn by {view.claws}, not where the Imitation Crab can be"


#: The rules an observation keeps, in the order :func:`check_observation` asks them: the
#: public ones a state shares, then the viewer's own and the cards out of sight.
OBSERVATION_INVARIANTS: tuple[invariants.Invariant[Observation], ...] = (
    *PUBLIC_INVARIANTS,
    _viewer,
    _hand,
    _hand_seen,
    _draw_size,
    _hidden,
    _deck,
    _wild,
)
