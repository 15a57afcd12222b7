"""Step 1 of a turn: a Baddie shows up.

A turn begins by revealing the top card of the player's Baddie deck (:func:`reveal`), so
a state always shows the card about to be placed (``State.revealed``, a row). The player
then places it (:func:`place`) on a card of that row that holds no Item (not yet freed),
no Baddie and no Freed Crab; on the token's card it costs one Shrimp at once
(decision 5). A player whose deck is empty, or whose revealed card's row has no card left
for it, loses the game for the pair (decision 8).

A face-down shuffled deck is kept as the sorted rows of its cards, and :func:`draw` takes
its top card as one uniform draw among them: the same chance as a shuffled deck.

>>> from crabrules.marche_du_crabe import initial_state
>>> state = initial_state(seed=7)
>>> state.revealed, state.token
(3, 0)
>>> placed = place(state, 19)
>>> placed.baddies[19], placed.revealed, placed.shrimps
(0, None, 5)
"""

from __future__ import annotations

from typing import Final

from crabrules.core import PlayerId, Rng
from crabrules.core.construct import constructor
from crabrules.core.splitmix import below
from crabrules.marche_du_crabe._actions import PLACES, Action, IllegalReason
from crabrules.marche_du_crabe._board import LABELS, ROW_CELLS, Cell, Row, row_of
from crabrules.marche_du_crabe._content import Item
from crabrules.marche_du_crabe._events import BaddiePlaced, BaddieRevealed, Event, GameEnded
from crabrules.marche_du_crabe._state import (
    BOATER,
    COLOURS,
    NAMES,
    Baddie,
    Decks,
    State,
    Termination,
    row_has_room,
)

# Built field by field (crabrules.core.construct): in the compiled wheel, a fraction of
# the cost of State's own __init__ (the class itself in the pure build).
_new_state: Final = constructor(State)
_new_rng: Final = constructor(Rng)


def place_actions(
    items: tuple[Item, ...], baddies: tuple[Baddie, ...], row: Row, player: PlayerId
) -> tuple[Action, ...]:
    """List the cards of ``row`` the revealed Baddie may go on, left to right, as actions.

    Baddie rule: not on an Item, another Baddie or a Freed Crab (an Item card). ``items``
    are the layout's and ``baddies`` the state's, as in
    :func:`~crabrules.marche_du_crabe._state.row_has_room`.

    >>> from crabrules.marche_du_crabe import initial_state
    >>> state = initial_state(seed=7)
    >>> place_actions(state.layout.items, state.baddies, state.revealed, 0)[0]
    Place(player=0, cell=19)
    """
    places = PLACES[player]
    # A plain loop, not a comprehension: one frame fewer in the pure build.
    out: list[Action] = []
    for c in ROW_CELLS[row]:
        if items[c] < 0 and baddies[c] < 0:
            out.append(places[c])
    return tuple(out)


def draw(decks: Decks, player: PlayerId, rng: Rng) -> tuple[Row, Decks, Rng]:
    """Take the top card of ``player``'s deck: return its row and the decks left.

    >>> from crabrules.marche_du_crabe._state import FULL_DECK
    >>> row, decks, _ = draw((FULL_DECK, FULL_DECK), 1, Rng.from_seed(0))
    >>> len(decks[0]), len(decks[1]), decks[1].count(row)
    (12, 11, 1)
    """
    deck = decks[player]
    # rng.below(len(deck)) inlined: a deck drawn from is never empty, and the compiled
    # build then skips a Python method: the draw is core.splitmix's native one, the new Rng
    # built field by field (core.construct).
    index, state = below(rng.state, len(deck))
    rng = _new_rng(state)
    row = deck[index]
    deck = deck[:index] + deck[index + 1 :]  # on a short tuple, faster than unpacking
    return row, ((deck, decks[1]) if player == BOATER else (decks[0], deck)), rng


def begin_turn(state: State, player: PlayerId, events: list[Event] | None = None) -> State:
    """Begin ``player``'s turn on the board of ``state`` as it is (see :func:`reveal`)."""
    return reveal(
        state,
        player,
        state.rng,
        state.exposed,
        state.freed,
        state.shrimps,
        state.baddies,
        state.snacks,
        state.token,
        state.decks,
        events,
    )


def reveal(
    state: State,
    player: PlayerId,
    rng: Rng,
    exposed: frozenset[Item],
    freed: frozenset[Cell],
    shrimps: int,
    baddies: tuple[Baddie, ...],
    snacks: frozenset[Cell],
    token: Cell,
    decks: Decks,
    events: list[Event] | None = None,
    *,
    ending: Termination | None = None,
) -> State:
    """Begin ``player``'s turn: reveal their top Baddie, or lose if they cannot place one.

    Given ``ending``, the game ends there instead, on the same board, with ``player``
    still the one to move (a move that frees the last Crab, or that eats the last Shrimp).

    ``state`` gives the game's fixed parts (seed, beach, layout, Forbidden Items); the
    other arguments are the board as the last turn left it. Passing them one by one
    builds the next state once, with no intermediate state (a hot path). ``events``,
    when given, receives what happened (every function of the rules takes it the same
    way, so ``apply`` and ``apply_with_events`` run one engine).
    """
    termination = ending
    row: Row | None = None
    if ending is not None:
        if events is not None:
            won = ending is Termination.CRABS_FREED
            events.append(GameEnded(ending, won, shrimps if won else 0))
    elif not decks[player]:
        # Decision 8: an empty deck at the start of a turn loses the game.
        termination = Termination.DECK_EMPTY
        if events is not None:
            events.append(GameEnded(termination, False, 0))
    else:
        row, decks, rng = draw(decks, player, rng)
        if events is not None:
            events.append(BaddieRevealed(player, NAMES[player], COLOURS[player], row))
        if not row_has_room(state.layout.items, baddies, row):
            termination = Termination.BADDIE_CANNOT_BE_PLACED
            if events is not None:
                events.append(GameEnded(termination, False, 0))
    return _new_state(
        state.seed,
        rng,
        state.beach,
        state.layout,
        state.forbidden,
        exposed,
        freed,
        shrimps,
        baddies,
        snacks,
        token,
        decks,
        player,
        row,
        termination,
    )


def place(state: State, cell: Cell, events: list[Event] | None = None) -> State:
    """Place the revealed Baddie on ``cell``; the same player's move step follows."""
    # Each field read once: from compiled code, reading an attribute of a State costs more
    # than in the interpreter.
    baddies, player, shrimps, token = state.baddies, state.to_move, state.shrimps, state.token
    baddies = (*baddies[:cell], player, *baddies[cell + 1 :])
    termination = None
    if cell == token:
        # Decision 5: a Baddie placed under the token costs one Shrimp at once.
        if shrimps == 0:
            termination = Termination.NO_SHRIMPS
        else:
            shrimps -= 1
    if events is not None:
        cost = 1 if cell == token else 0
        events.append(
            BaddiePlaced(
                player,
                NAMES[player],
                COLOURS[player],
                cell,
                LABELS[cell],
                row_of(cell),
                cost,
                shrimps,
            )
        )
        if termination is not None:
            events.append(GameEnded(termination, False, 0))
    return _new_state(
        state.seed,
        state.rng,
        state.beach,
        state.layout,
        state.forbidden,
        state.exposed,
        state.freed,
        shrimps,
        baddies,
        state.snacks,
        token,
        state.decks,
        player,
        None,
        termination,
    )


def place_refusal(state: State, cell: Cell) -> tuple[str, IllegalReason]:
    """Say why placing the revealed Baddie on ``cell`` (a cell of the beach) is illegal."""
    if row_of(cell) != state.revealed:
        row = state.revealed + 1 if state.revealed is not None else 0
        return f"this Baddie goes in row {row}", IllegalReason.WRONG_ROW
    return (
        "a Baddie may not go on an Item, another Baddie or a Freed Crab",
        IllegalReason.CARD_TAKEN,
    )
