"""What each player may see, and states a player cannot tell apart from the real one.

Public: the beach (layout, Freed Crabs, every Baddie on it and its colour, the token),
the Shrimps, the revealed Baddie card, the size of both decks, the Forbidden Items
already exposed (and whose they are), the turn. Private: each player sees their own two
Forbidden Items, never the partner's. Hidden from everyone: which cards are left in each
deck and in what order (once a Baddie went unrevealed under the token, the rows left in
its deck are no longer known) and the generator.

>>> from crabrules.marche_du_crabe import initial_state
>>> state = initial_state(seed=7)
>>> view = observe(state, 0)
>>> view.forbidden == state.forbidden[0], observe(state, None).forbidden
(True, ())
"""

from __future__ import annotations

import attrs

from crabrules.core import PlayerId, Rng, check_viewer
from crabrules.core.display import DisplaysAsSvg
from crabrules.core.errors import InvalidStateError
from crabrules.core.events import check_events
from crabrules.core.game import not_a_state
from crabrules.core.rng import check_seed
from crabrules.marche_du_crabe._board import CELLS, NO_ITEM, SIZE, Cell, Layout, Row, row_of
from crabrules.marche_du_crabe._content import NUM_ITEMS, Item
from crabrules.marche_du_crabe._events import Event
from crabrules.marche_du_crabe._state import (
    BOATER,
    FULL_DECK,
    SUNNY,
    Baddie,
    ForbiddenItems,
    State,
    Termination,
    check_state,
)
from crabrules.marche_du_crabe.beaches import Beach


@attrs.frozen
class Observation(DisplaysAsSvg):
    """One player's view of the game (``player=None``: a spectator's).

    Attributes:
        player: the observer, or ``None`` for a spectator.
        beach: the beach played.
        layout: what each Beach card prints.
        forbidden: the observer's own two Forbidden Items (empty for a spectator).
        exposed: the exposed Forbidden Items of each player, ``(Boater's, Sunny's)``.
        freed: the cells of the Freed Crabs.
        shrimps: the live Shrimps.
        baddies: what stands on each of the 36 cards (a Baddie's colour is public).
        snacks: the Shrimp snacks left (Adventure mode).
        token: the cell of the Crabs token.
        deck_sizes: how many cards are left in each player's deck.
        to_move: the player whose turn it is.
        revealed: the row of the revealed Baddie card, or ``None`` in the move step.
        termination: how the game ended, or ``None``.
    """

    player: PlayerId | None
    beach: Beach
    layout: Layout
    forbidden: tuple[Item, ...]
    exposed: tuple[frozenset[Item], frozenset[Item]]
    freed: frozenset[Cell]
    shrimps: int
    baddies: tuple[Baddie, ...]
    snacks: frozenset[Cell]
    token: Cell
    deck_sizes: tuple[int, int]
    to_move: PlayerId
    revealed: Row | None
    termination: Termination | None


def observe(state: State, player: PlayerId | None) -> Observation:
    """Return what ``player`` may see of ``state`` (``None``: a spectator, public facts only).

    Raises:
        NotAStateError: ``state`` is not a :class:`~crabrules.marche_du_crabe.State`.
        InvalidPlayerError: ``player`` is neither ``None`` nor 0 or 1.

    >>> from crabrules.marche_du_crabe import initial_state
    >>> observe(initial_state(seed=7), None).deck_sizes
    (11, 12)
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    check_viewer(player, 2)
    forbidden = state.forbidden
    exposed = state.exposed
    return Observation(
        player,
        state.beach,
        state.layout,
        forbidden[player] if player in (BOATER, SUNNY) else (),
        (exposed & set(forbidden[BOATER]), exposed & set(forbidden[SUNNY])),
        state.freed,
        state.shrimps,
        state.baddies,
        state.snacks,
        state.token,
        (len(state.decks[BOATER]), len(state.decks[SUNNY])),
        state.to_move,
        state.revealed,
        state.termination,
    )


def observe_events(events: tuple[Event, ...], player: PlayerId | None) -> tuple[Event, ...]:
    """Return the events as ``player`` may see them (``None``: a spectator).

    Every event of La Marche du Crabe is public, so each viewer sees them as they are:
    a revealed Baddie's row is shown to both players, a buried Baddie's row is never
    recorded (its event gives only its colour), and an Item's owner is told only when the
    Crabs hit it, the moment it becomes public. The leak test of
    ``tests/marche_du_crabe/test_events.py`` holds this to account: two states a player
    cannot tell apart give that player the same events for the same action whenever
    they give the same observations after it.

    Raises:
        InvalidPlayerError: ``player`` is neither ``None`` nor 0 or 1.

    >>> from crabrules.marche_du_crabe import Stay, apply_with_events, initial_state
    >>> from crabrules.marche_du_crabe import legal_actions
    >>> state = initial_state(seed=7)
    >>> state, events = apply_with_events(state, legal_actions(state)[0])
    >>> observe_events(events, 1) == events
    True
    """
    check_viewer(player, 2)
    return check_events(events, Event)


def determinize(state: State, player: PlayerId | None, seed: int) -> State:
    """Return a state ``player`` cannot tell from ``state``, all hidden from them redrawn.

    The Forbidden Items ``player`` does not know (the partner's, or everybody's for a
    spectator) are re-dealt among the Items still possible: not freed, not exposed, not
    the observer's own; exposed ones stay with their owner. Each deck is re-dealt from
    the cards not yet seen (its 12 cards minus those revealed) at its public size. The
    twin's seed is ``seed`` and its generator is drawn from it: the real setup seed would
    rebuild the real Forbidden Items. So the twin depends only on what ``player`` sees:
    two states with the same observation give the same twin for the same ``seed``.

    Raises:
        NotAStateError: ``state`` is not a :class:`~crabrules.marche_du_crabe.State`.
        InvalidPlayerError: ``player`` is neither ``None`` nor 0 or 1.
        InvalidConfigError: ``seed`` is not an integer in ``[0, 2**64)``.

    >>> from crabrules.marche_du_crabe import initial_state
    >>> state = initial_state(seed=7)
    >>> twin = determinize(state, 0, seed=99)
    >>> observe(twin, 0) == observe(state, 0), twin.forbidden[0] == state.forbidden[0]
    (True, True)
    >>> twin.seed, determinize(twin, 0, seed=99) == twin
    (99, True)
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    check_viewer(player, 2)
    seed = check_seed(seed)
    rng = Rng.from_seed(seed)
    forbidden, rng = _redeal_forbidden(state, player, rng)
    decks = []
    for p in (BOATER, SUNNY):
        deck, rng = _redeal_deck(state, p, rng)
        decks.append(deck)
    return attrs.evolve(state, seed=seed, rng=rng, forbidden=forbidden, decks=(decks[0], decks[1]))


def _redeal_forbidden(
    state: State, player: PlayerId | None, rng: Rng
) -> tuple[ForbiddenItems, Rng]:
    """Re-deal the Forbidden Items ``player`` does not know among those still possible."""
    items = state.layout.items
    freed_items = {items[c] for c in state.freed}
    known = set(state.exposed) | freed_items
    if player in (BOATER, SUNNY):
        known.update(state.forbidden[player])
    pool = [i for i in range(NUM_ITEMS) if i not in known]
    dealt = []
    for p in (BOATER, SUNNY):
        if p == player:
            dealt.append(state.forbidden[p])
            continue
        hand = [i for i in state.forbidden[p] if i in state.exposed]
        while len(hand) < 2:
            index, rng = rng.below(len(pool))
            hand.append(pool.pop(index))
        a, b = hand
        dealt.append((min(a, b), max(a, b)))
    return (dealt[0], dealt[1]), rng


def _redeal_deck(state: State, player: PlayerId, rng: Rng) -> tuple[tuple[Row, ...], Rng]:
    """Redraw ``player``'s deck from its unseen cards, at its public size."""
    unseen = list(FULL_DECK)
    for c, baddie in enumerate(state.baddies):
        # A Baddie on a card without an Item was placed revealed, in its own row; one on
        # an Item went there unrevealed and is still unseen.
        if baddie == player and state.layout.items[c] == NO_ITEM:
            unseen.remove(row_of(c))
    if state.revealed is not None and state.to_move == player:
        unseen.remove(state.revealed)
    picked, rng = rng.shuffle(unseen)
    return tuple(sorted(picked[: len(state.decks[player])])), rng


def check_observation(view: Observation) -> None:
    """Refuse an observation that no state of the game gives, such as a hand-edited one.

    An observation is possible when some reachable state shows it: this builds one (the
    unknown Forbidden Items and deck cards filled in from what is still possible), checks
    it with :func:`~crabrules.marche_du_crabe._state.check_state`, and requires that
    observing it gives ``view`` back. Loading an observation runs this check.

    Raises:
        InvalidStateError: what is impossible about ``view``.

    >>> from crabrules.marche_du_crabe import initial_state
    >>> view = observe(initial_state(seed=7), 1)
    >>> check_observation(view)
    >>> check_observation(attrs.evolve(view, token=99))
    Traceback (most recent call last):
    ...
    crabrules.core.errors.InvalidStateError: token: a cell, 0 to 35, not 99
    """
    if type(view) is not Observation:
        raise not_a_state(view, Observation)
    witness = _witness(view)
    check_state(witness)
    if observe(witness, view.player) != view:
        raise InvalidStateError(
            "exposed, forbidden: whose Items are exposed does not agree with the rest"
        )


def _witness(view: Observation) -> State:
    """Build a state that shows ``view``, or say which part of ``view`` no state shows."""
    if view.player not in (None, BOATER, SUNNY):
        raise InvalidStateError(f"player: None, 0 or 1, not {view.player}")
    if view.to_move not in (BOATER, SUNNY):
        raise InvalidStateError(f"to_move: 0 (Boater) or 1 (Sunny), not {view.to_move}")
    if view.revealed is not None and not 0 <= view.revealed < SIZE:
        raise InvalidStateError(f"revealed: a row, 0 to 5, or null, not {view.revealed}")
    if len(view.baddies) != SIZE * SIZE:
        raise InvalidStateError("baddies: one entry per card, 36")
    hands = _witness_hands(view)
    decks = _witness_decks(view)
    return State(
        0,
        Rng.from_seed(0),
        view.beach,
        view.layout,
        ((hands[0][0], hands[0][1]), (hands[1][0], hands[1][1])),
        view.exposed[BOATER] | view.exposed[SUNNY],
        view.freed,
        view.shrimps,
        view.baddies,
        view.snacks,
        view.token,
        (decks[0], decks[1]),
        view.to_move,
        view.revealed,
        view.termination,
    )


def _witness_hands(view: Observation) -> list[tuple[Item, ...]]:
    """Forbidden Items for both players that agree with ``view``.

    The viewer's own, the exposed ones, then Items nobody has seen freed or exposed.
    """
    items = view.layout.items
    known: set[Item] = set()
    for c in view.freed:
        if c not in CELLS or items[c] == NO_ITEM:
            raise InvalidStateError("freed: only cards of Items are freed")
        known.add(items[c])
    for hand in (*view.exposed, view.forbidden):
        if any(type(i) is not int or not 0 <= i < NUM_ITEMS for i in hand) or len(hand) > 2:
            raise InvalidStateError("exposed, forbidden: at most two Items, 0 to 11, each")
        known.update(hand)
    if view.player is None and view.forbidden:
        raise InvalidStateError("forbidden: a spectator sees no Forbidden Item")
    pool = [i for i in range(NUM_ITEMS) if i not in known]
    hands: list[tuple[Item, ...]] = []
    for p in (BOATER, SUNNY):
        hand = tuple(view.forbidden) if p == view.player else tuple(sorted(view.exposed[p]))
        while len(hand) < 2 and pool:
            hand = tuple(sorted((*hand, pool.pop(0))))
        if len(hand) != 2:
            raise InvalidStateError("forbidden: two Items each, none of them freed")
        hands.append(hand)
    return hands


def _witness_decks(view: Observation) -> list[tuple[int, ...]]:
    """Decks of the sizes ``view`` shows, of the rows of cards no Baddie was placed from."""
    items = view.layout.items
    decks = []
    for p in (BOATER, SUNNY):
        unseen = list(FULL_DECK)
        seen = [row_of(c) for c, b in enumerate(view.baddies) if b == p and items[c] == NO_ITEM]
        if view.revealed is not None and view.to_move == p:
            seen.append(view.revealed)
        for row in seen:
            if row not in unseen:
                raise InvalidStateError(f"baddies: more than 2 cards of row {row} in one deck")
            unseen.remove(row)
        if not 0 <= view.deck_sizes[p] <= len(unseen):
            raise InvalidStateError(f"deck_sizes[{p}]: 0 to {len(unseen)} cards left")
        decks.append(tuple(unseen[: view.deck_sizes[p]]))
    return decks
