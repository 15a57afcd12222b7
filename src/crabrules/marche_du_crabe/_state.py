"""The complete truth of a game in progress, hidden parts and the generator included.

A Baddie deck is face down and shuffled, so its order is unknown to everyone; the state
keeps each deck as the sorted multiset of the rows its cards show, and the top card is
drawn uniformly from it by the state's generator when it is revealed (the same chance as
a shuffled deck). A Baddie placed unrevealed under the token (the Forbidden-Item rule) is
drawn the same way, and its row is never recorded: no rule ever looks at it.
"""

from __future__ import annotations

import enum
from typing import Final

import attrs

from crabrules.core import PlayerId, Rng, invariants
from crabrules.core.display import DisplaysAsSvg
from crabrules.core.game import not_a_state
from crabrules.core.rng import SEED_LIMIT
from crabrules.marche_du_crabe._board import (
    CELLS,
    NO_ITEM,
    ROW_CELLS,
    SIZE,
    Cell,
    Layout,
    Row,
    layout_problem,
    row_of,
)
from crabrules.marche_du_crabe._config import MAX_SHRIMPS
from crabrules.marche_du_crabe._content import NUM_ITEMS, Icon, Item
from crabrules.marche_du_crabe.beaches import Beach

#: Player 0: plays first, moves along columns, plays the red Baddies.
BOATER: Final[PlayerId] = 0
#: Player 1: moves along rows, plays the blue Baddies.
SUNNY: Final[PlayerId] = 1

#: The players' names and the colours of their Baddies, by player id.
NAMES: tuple[str, str] = ("Boater", "Sunny")
COLOURS: tuple[str, str] = ("red", "blue")

#: What stands on a card: ``NO_BADDIE``, a player's Baddie (``BOATER``'s red one or
#: ``SUNNY``'s blue one), or a ``BROWN_FISH`` printed on a flipped card.
Baddie = int
NO_BADDIE: Final[Baddie] = -1
BROWN_FISH: Final[Baddie] = 2

#: Freeing this many crabs wins the game.
CRABS_TO_FREE: Final = 8

#: A full Baddie deck: two cards for each of the 6 rows (decision 2), sorted.
FULL_DECK: tuple[Row, ...] = tuple(r for r in range(SIZE) for _ in range(2))

#: Each player's Baddie deck, ``(Boater's, Sunny's)``: the sorted rows of its cards.
Decks = tuple[tuple[Row, ...], tuple[Row, ...]]
#: Each player's two Forbidden Items, ``(Boater's, Sunny's)``, each pair sorted.
ForbiddenItems = tuple[tuple[Item, Item], tuple[Item, Item]]


def row_has_room(items: tuple[Item, ...], baddies: tuple[Baddie, ...], row: Row) -> bool:
    """Tell whether a Baddie revealed in ``row`` has a card to go on.

    Baddie rule: not on an Item (freed or not) nor on another Baddie, Brown Fish included.
    ``items`` are the layout's (:data:`~crabrules.marche_du_crabe._board.NO_ITEM` is -1)
    and ``baddies`` the state's (:data:`NO_BADDIE` is -1).
    """
    # A plain loop: any() over a generator costs several times more, once per turn.
    for c in ROW_CELLS[row]:  # noqa: SIM110
        if items[c] < 0 and baddies[c] < 0:
            return True
    return False


class Termination(str, enum.Enum):
    """How a game ended; ``Outcome.reason`` is one of these values."""

    CRABS_FREED = "crabs_freed"
    """8 crabs are free: both players win; the score is the Shrimps left."""
    NO_SHRIMPS = "no_shrimps"
    """Shrimps were owed and could not be paid in full: lost."""
    BADDIE_CANNOT_BE_PLACED = "baddie_cannot_be_placed"
    """The revealed Baddie's row has no card it may go on: lost."""
    DECK_EMPTY = "deck_empty"
    """The player to move has no Baddie left to reveal: lost."""


@attrs.frozen
class State(DisplaysAsSvg):
    """A game of La Marche du Crabe in progress.

    Attributes:
        seed: the seed the game was set up from.
        rng: the generator that draws Baddie cards from the decks.
        beach: the beach played (the base beach, or a beach of Adventure mode).
        layout: what each Beach card prints.
        forbidden: each player's two Forbidden Items (secret), ``(Boater's, Sunny's)``.
        exposed: the Forbidden Items the Crabs have landed on, now public.
        freed: the cells of the Items flipped to their Freed Crab side.
        shrimps: the live Shrimps, 0 to 5.
        baddies: 36 entries: what stands on each card (:data:`Baddie`).
        snacks: the cells of flipped shrimp cards not yet eaten (Adventure mode).
        token: the cell of the Crabs token.
        decks: the cards left in each player's Baddie deck, as sorted rows.
        to_move: the player whose turn it is.
        revealed: the row of the Baddie card revealed and not yet placed, or ``None``
            once it is placed (the turn's move step).
        termination: how the game ended, or ``None`` while it goes on.
    """

    seed: int
    rng: Rng
    beach: Beach
    layout: Layout
    forbidden: ForbiddenItems
    exposed: frozenset[Item]
    freed: frozenset[Cell]
    shrimps: int
    baddies: tuple[Baddie, ...]
    snacks: frozenset[Cell]
    token: Cell
    decks: Decks
    to_move: PlayerId
    revealed: Row | None
    termination: Termination | None


def check_state(state: State) -> None:
    """Refuse a state that no game can reach, such as a hand-edited saved document.

    Loading a state runs this check (the loader then raises
    :class:`~crabrules.core.DeserializationError`); a state built in code can be checked
    by calling it.

    Raises:
        NotAStateError: ``state`` is not a :class:`State`.
        InvalidStateError: what is impossible about ``state``, starting with the field.

    >>> from crabrules.marche_du_crabe import initial_state
    >>> import attrs
    >>> state = initial_state(seed=7)
    >>> check_state(state)
    >>> check_state(attrs.evolve(state, shrimps=6))
    Traceback (most recent call last):
    ...
    crabrules.core.errors.InvalidStateError: shrimps: 0 to 5, not 6
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    invariants.check(INVARIANTS, state)


def _seed(state: State) -> str | None:
    if 0 <= state.seed < SEED_LIMIT:
        return None
    return f"seed: an int in [0, 2**64), not {state.seed}"


def _layout(state: State) -> str | None:
    problem = layout_problem(state.layout)
    return None if problem is None else f"layout: {problem}"


def _shrimps(state: State) -> str | None:
    if 0 <= state.shrimps <= MAX_SHRIMPS:
        return None
    return f"shrimps: 0 to {MAX_SHRIMPS}, not {state.shrimps}"


def _to_move(state: State) -> str | None:
    return None if state.to_move in (BOATER, SUNNY) else "to_move: 0 (Boater) or 1 (Sunny)"


def _revealed(state: State) -> str | None:
    if state.revealed is not None and not 0 <= state.revealed < SIZE:
        return "revealed: a row, 0 to 5, or null"
    return None


def _forbidden(state: State) -> str | None:
    """Forbidden Items not dealt two per player, in order."""
    if len(state.forbidden) != 2 or any(len(pair) != 2 for pair in state.forbidden):
        return "forbidden: two Items for each of the two players"
    dealt = [i for pair in state.forbidden for i in pair]
    if any(not 0 <= i < NUM_ITEMS for i in dealt) or len(set(dealt)) != 4:
        return "forbidden: four different Items, two per player"
    if any(pair[0] > pair[1] for pair in state.forbidden):
        return "forbidden: each player's two Items in increasing order"
    return None


def _exposed(state: State) -> str | None:
    """Exposed Items that are not Forbidden ones."""
    dealt = {i for pair in state.forbidden for i in pair}
    if not state.exposed <= dealt:
        return "exposed: only Forbidden Items are exposed"
    return None


def _freed(state: State) -> str | None:
    """Freed crabs of cards that are no Item, or of Forbidden Items, or too many."""
    items = state.layout.items
    dealt = {i for pair in state.forbidden for i in pair}
    if any(c not in CELLS or items[c] == NO_ITEM or items[c] in dealt for c in state.freed):
        return "freed: only cards of Items that are not forbidden are freed"
    if len(state.freed) > CRABS_TO_FREE:
        return f"freed: at most {CRABS_TO_FREE} crabs"
    return None


def _ending(state: State) -> str | None:
    """An ending the last action could not have had, or a game the rules had ended."""
    termination = state.termination
    items, baddies = state.layout.items, state.baddies
    row = state.revealed
    placing = row is not None
    if termination is Termination.DECK_EMPTY and state.decks[state.to_move]:
        return "termination: deck_empty with cards left in the deck"
    if (termination is Termination.BADDIE_CANNOT_BE_PLACED) != (
        placing and termination is not None
    ):
        return "termination: only a revealed Baddie that cannot be placed ends a turn"
    if termination is Termination.NO_SHRIMPS and state.shrimps:
        return "termination: no_shrimps leaves no Shrimp alive"
    won = len(state.freed) == CRABS_TO_FREE
    if won != (termination is Termination.CRABS_FREED):
        return "termination: crabs_freed exactly when 8 crabs are free"
    if row is not None and row_has_room(items, baddies, row) == (termination is not None):
        return f"revealed: the game is lost exactly when no card of row {row} is free for it"
    if termination is None and any(baddies[c] < 0 for c in CELLS if items[c] in state.exposed):
        # A Forbidden Item is exposed with a Baddie slid under it; only an empty deck leaves
        # it bare, and an empty deck ends the game before anyone moves again.
        return "exposed: a Baddie lies under every exposed Forbidden Item"
    return None


def _baddies(state: State) -> str | None:
    """Baddies (or Brown Fish) where the rules cannot put them."""
    if len(state.baddies) != SIZE * SIZE:
        return "baddies: one entry per card, 36"
    items, icons = state.layout.items, state.layout.icons
    fish = Icon.BROWN_FISH in state.beach.flip
    for c, baddie in enumerate(state.baddies):
        if baddie == BROWN_FISH:
            if not (fish and icons[c] is Icon.BROWN_FISH):
                return f"baddies[{c}]: Brown Fish only on flipped brown-fish cards"
        elif baddie not in (NO_BADDIE, BOATER, SUNNY):
            return f"baddies[{c}]: -1, 0, 1 or 2"
        elif baddie != NO_BADDIE and items[c] != NO_ITEM and items[c] not in state.exposed:
            return f"baddies[{c}]: on an Item only under an exposed Forbidden Item"
        elif fish and icons[c] is Icon.BROWN_FISH:
            return f"baddies[{c}]: a flipped brown-fish card shows its Brown Fish"
    return None


def _token(state: State) -> str | None:
    """The Crabs' token where they cannot stand."""
    items, icons = state.layout.items, state.layout.icons
    token = state.token
    if not 0 <= token < SIZE * SIZE:
        return f"token: a cell, 0 to 35, not {token}"
    # The Crabs stand where they started (no Item) or where they stopped: never on a
    # breaking wave, and on an Item only once it is freed or exposed, or when the
    # crossing on the way there ate the last Shrimps (the game ends before they land).
    if Icon.WAVE in state.beach.flip and icons[token] is Icon.WAVE:
        return "token: the Crabs never stand on a breaking wave"
    landed = token in state.freed or items[token] in state.exposed
    eaten = state.termination is Termination.NO_SHRIMPS
    if items[token] != NO_ITEM and not landed and not eaten:
        return "token: on an Item only once it is freed or exposed"
    return None


def _snacks(state: State) -> str | None:
    """Shrimp snacks off the flipped shrimp cards."""
    icons = state.layout.icons
    if any(c not in CELLS or icons[c] is not Icon.SHRIMP for c in state.snacks) or (
        state.snacks and Icon.SHRIMP not in state.beach.flip
    ):
        return "snacks: only on flipped shrimp cards"
    return None


def _decks(state: State) -> str | None:
    """Decks whose cards, with those revealed and placed, are not the 12 dealt."""
    if len(state.decks) != 2:
        return "decks: one per player"
    for player, deck in enumerate(state.decks):
        if list(deck) != sorted(deck) or any(not 0 <= r < SIZE for r in deck):
            return f"decks[{player}]: sorted rows, 0 to 5"
        seen = list(deck)
        drawn = 0
        for c, baddie in enumerate(state.baddies):
            if baddie == player:
                drawn += 1
                if state.layout.items[c] == NO_ITEM:  # placed revealed, in its own row
                    seen.append(row_of(c))
        if state.revealed is not None and state.to_move == player:
            seen.append(state.revealed)
            drawn += 1
        if any(seen.count(r) > 2 for r in range(SIZE)) or len(deck) + drawn != len(FULL_DECK):
            return f"decks[{player}]: the 12 cards, 2 per row, are not all accounted"
    return None


#: The rules a state of La Marche du Crabe keeps, in the order :func:`check_state` asks.
INVARIANTS: tuple[invariants.Invariant[State], ...] = (
    _seed,
    _layout,
    _forbidden,
    _exposed,
    _freed,
    _shrimps,
    _baddies,
    _token,
    _snacks,
    _decks,
    _to_move,
    _revealed,
    _ending,
)
