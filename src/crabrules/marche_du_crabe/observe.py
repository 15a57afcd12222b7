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
from crabrules.marche_du_crabe.beaches import Beach
from crabrules.marche_du_crabe.board import NO_ITEM, Cell, Layout, Row, row_of
from crabrules.marche_du_crabe.content import NUM_ITEMS, Item
from crabrules.marche_du_crabe.state import (
    BOATER,
    FULL_DECK,
    SUNNY,
    Baddie,
    ForbiddenItems,
    State,
    Termination,
)

__all__ = ["Observation", "determinize", "observe"]


@attrs.frozen
class Observation:
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
    """Return what ``player`` may see of ``state`` (``None``: a spectator, public facts only)."""
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


def determinize(state: State, player: PlayerId | None, seed: int) -> State:
    """Return a state ``player`` cannot tell from ``state``, all hidden from them redrawn.

    The Forbidden Items ``player`` does not know (the partner's, or everybody's for a
    spectator) are re-dealt among the Items still possible: not freed, not exposed, not
    the observer's own; exposed ones stay with their owner. Each deck is re-dealt from
    the cards not yet seen (its 12 cards minus those revealed) at its public size, and the
    generator is re-seeded.

    >>> from crabrules.marche_du_crabe import initial_state
    >>> state = initial_state(seed=7)
    >>> twin = determinize(state, 0, seed=99)
    >>> observe(twin, 0) == observe(state, 0), twin.forbidden[0] == state.forbidden[0]
    (True, True)
    """
    check_viewer(player, 2)
    rng = Rng.from_seed(seed)
    forbidden, rng = _redeal_forbidden(state, player, rng)
    decks = []
    for p in (BOATER, SUNNY):
        deck, rng = _redeal_deck(state, p, rng)
        decks.append(deck)
    return attrs.evolve(state, rng=rng, forbidden=forbidden, decks=(decks[0], decks[1]))


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
