"""Hand-built positions on one fixed beach, so each rule test reads like a diagram.

The test beach (cells are ``6 * row + column``; items by id, ``s`` shrimp, ``f`` brown
fish, ``w`` wave icons)::

    row 0:  0   1   .   .   .   s      cells  0..5
    row 1:  .   .   2   3   s   w      cells  6..11
    row 2:  .   .   f   w   4   5      cells 12..17
    row 3:  6   7   .   .   s   f      cells 18..23
    row 4:  .   .   8   9   f   w      cells 24..29
    row 5:  .   s   f   w  10  11      cells 30..35

Boater's Forbidden Items are 5 (cell 17) and 8 (cell 26); Sunny's are 6 (cell 18) and
11 (cell 35). The other 8 Items (cells 0, 1, 8, 9, 16, 19, 27, 34) hide crabs.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from crabrules.core import Rng
from crabrules.marche_du_crabe import (
    BASE_BEACH,
    REFERENCE_BEACHES,
    Beach,
    Config,
    Layout,
    Move,
    State,
    Termination,
    apply,
    initial_state,
    legal_actions,
)
from crabrules.marche_du_crabe._board import NO_ITEM, SIZE
from crabrules.marche_du_crabe._content import SAND_ICONS, Icon, Item
from crabrules.marche_du_crabe._state import FULL_DECK, NO_BADDIE, check_state

_ITEM_COLUMNS = ((0, 1), (2, 3), (4, 5), (0, 1), (2, 3), (4, 5))


def _layout() -> Layout:
    items: list[Item] = [NO_ITEM] * 36
    icons: list[Icon | None] = [None] * 36
    for r, (a, b) in enumerate(_ITEM_COLUMNS):
        items[SIZE * r + a], items[SIZE * r + b] = 2 * r, 2 * r + 1
        sand = [SIZE * r + c for c in range(SIZE) if c not in (a, b)]
        for c, icon in zip(sand, SAND_ICONS[r], strict=True):
            icons[c] = icon
    return Layout(tuple(items), tuple(icons))


LAYOUT = _layout()
BOATER_FORBIDDEN = (5, 8)
SUNNY_FORBIDDEN = (6, 11)
FREE_ITEM_CELLS = (0, 1, 8, 9, 16, 19, 27, 34)


def _decks_left(
    board: list[int], to_move: int, revealed: int | None
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The full decks minus the cards already on ``board`` and the one revealed."""
    left = [list(FULL_DECK), list(FULL_DECK)]
    for cell, colour in enumerate(board):
        if colour in (0, 1) and LAYOUT.items[cell] == NO_ITEM:
            left[colour].remove(cell // SIZE)
        elif colour in (0, 1):  # buried unrevealed: some unknown card of that deck
            left[colour].pop()
    if revealed is not None:
        left[to_move].remove(revealed)
    return (tuple(left[0]), tuple(left[1]))


def position(
    *,
    token: int = 2,
    to_move: int = 0,
    revealed: int | None = None,
    shrimps: int = 5,
    baddies: dict[int, int] | None = None,
    freed: frozenset[int] = frozenset(),
    exposed: frozenset[int] = frozenset(),
    forbidden: tuple[tuple[int, int], tuple[int, int]] = (BOATER_FORBIDDEN, SUNNY_FORBIDDEN),
    decks: tuple[tuple[int, ...], tuple[int, ...]] | None = None,
    beach: Beach = BASE_BEACH,
    snacks: frozenset[int] = frozenset(),
    termination: Termination | None = None,
    seed: int = 1,
    consistent: bool = True,
) -> State:
    """A state on the test beach; decks default to every card not yet on the beach.

    ``consistent=False`` skips the deck accounting of ``check_state``, for positions that
    only need a deck emptied or stacked (the rules never look at the other cards).
    """
    board = [NO_BADDIE] * 36
    for cell, colour in (baddies or {}).items():
        board[cell] = colour
    if decks is None:
        decks = _decks_left(board, to_move, revealed)
    state = State(
        seed,
        Rng.from_seed(seed),
        beach,
        LAYOUT,
        forbidden,
        exposed,
        freed,
        shrimps,
        tuple(board),
        snacks,
        token,
        decks,
        to_move,
        revealed,
        termination,
    )
    if consistent:
        check_state(state)
    return state


def move_cells(state: State) -> list[int]:
    """The cells the Crabs may move to in ``state``'s move step, in legal_actions order."""
    return [a.cell for a in legal_actions(state) if isinstance(a, Move)]


def random_states(games: int, seed: int = 0) -> Iterator[State]:
    """Every state of ``games`` random games, over the reference beaches in turn."""
    rnd = random.Random(seed)
    for game in range(games):
        beach = REFERENCE_BEACHES[game % len(REFERENCE_BEACHES)]
        state = initial_state(Config(beach=beach), seed=seed * 1000 + game)
        yield state
        while state.termination is None:
            state = apply(state, rnd.choice(legal_actions(state)))
            yield state
