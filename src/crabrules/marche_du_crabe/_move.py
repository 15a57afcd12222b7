"""Step 2 of a turn: the Crabs move (or stay), and what the move costs.

The player may move the Crabs token in a straight line, Boater along its column and
Sunny along its row, to any other card of that line (decision 4), or stay, which costs
nothing. A move pays for crossing first, then for landing (decision 7):

- **crossing**: passing over or stopping on at least one Baddie costs 1 Shrimp, however
  many Baddies (on a beach with hungry Baddies, 1 per Baddie); the card the token leaves
  is not crossed;
- **landing** on an Item nobody forbids frees a crab; on a Forbidden Item, a Baddie was
  hiding there: the partner's next Baddie goes, unrevealed, under the token and the pair
  loses 2 Shrimps; on sand or a Freed Crab nothing happens.

A cost that cannot be paid in full loses the game; an 8th crab freed wins it; otherwise
the partner's turn begins.

Sunny, on the sand row, with a red Baddie two cards to the right of the token:

>>> from crabrules.marche_du_crabe import Place, Stay, apply, initial_state
>>> state = initial_state(seed=8)
>>> state = apply(state, Place(player=0, cell=2))
>>> state = apply(state, Stay(player=0))
>>> state = apply(state, Place(player=1, cell=13))
>>> [crossing_cost(state, cell) for cell in (1, 2, 3, 5)]
[0, 1, 1, 1]
>>> after = move(state, 1)  # the Flip-flop: nobody's Forbidden Item
>>> sorted(after.freed), after.shrimps, after.to_move
([1], 5, 0)
"""

from __future__ import annotations

import functools
from typing import Final

from crabrules.core import PlayerId, Rng
from crabrules.core.construct import constructor
from crabrules.marche_du_crabe._actions import MOVES, STAYS, Action, IllegalReason
from crabrules.marche_du_crabe._baddie import draw, reveal
from crabrules.marche_du_crabe._board import (
    CELLS,
    LABELS,
    NO_ITEM,
    PATHS,
    Cell,
    Layout,
    column_of,
    line_cells,
    path,
    row_of,
)
from crabrules.marche_du_crabe._config import MAX_SHRIMPS
from crabrules.marche_du_crabe._content import ITEMS, Icon, Item
from crabrules.marche_du_crabe._events import (
    BaddieBuried,
    CrabFreed,
    CrabsMoved,
    Event,
    ForbiddenItemHit,
    ShrimpSnack,
)
from crabrules.marche_du_crabe._state import (
    BOATER,
    COLOURS,
    CRABS_TO_FREE,
    NAMES,
    NO_BADDIE,
    SUNNY,
    Baddie,
    Decks,
    State,
    Termination,
)
from crabrules.marche_du_crabe.beaches import Modifier

# An enum member read in a loop: a Final is a C static in the compiled module, where the
# member would be two lookups.
_HUNGRY_BADDIES: Final = Modifier.HUNGRY_BADDIES

# Built field by field (crabrules.core.construct): in the compiled wheel, a fraction of
# the cost of State's own __init__ (the class itself in the pure build).
_new_state: Final = constructor(State)

#: ``BASE_MOVES[player][token]``: the move step of the base game: every other card of
#: the token's column (Boater) or row (Sunny), top to bottom or left to right, then Stay.
BASE_MOVES: Final[tuple[tuple[tuple[Action, ...], ...], ...]] = tuple(
    tuple(
        (
            *(MOVES[p][c] for c in line_cells(t, along_column=p == BOATER) if c != t),
            STAYS[p],
        )
        for t in CELLS
    )
    for p in (BOATER, SUNNY)
)


def adventure_moves(state: State, player: PlayerId) -> tuple[Action, ...]:
    """List the move step's actions on a beach that flips cards or changes the rules.

    In the order of :data:`BASE_MOVES`, without the cards a beach forbids: breaking waves,
    and cards more than 2 away with short moves. Stay comes last, unless the Crabs must
    move and can.
    """
    beach, token = state.beach, state.token
    no_stop = waves(state.layout) if Icon.WAVE in beach.flip else frozenset()
    short = Modifier.SHORT_MOVES in beach.modifiers
    moves: list[Action] = [
        MOVES[player][c]
        for c in line_cells(token, along_column=player == BOATER)
        if c != token and c not in no_stop and not (short and len(path(token, c)) > 2)
    ]
    if not moves or Modifier.MUST_MOVE not in beach.modifiers:
        moves.append(STAYS[player])
    return tuple(moves)


@functools.lru_cache(maxsize=64)
def waves(layout: Layout) -> frozenset[Cell]:
    """Return the wave cards of ``layout`` (breaking waves when a beach flips them)."""
    return frozenset(c for c in CELLS if layout.icons[c] is Icon.WAVE)


def move(state: State, dest: Cell, events: list[Event] | None = None) -> State:
    """Move the Crabs token to ``dest``: pay for crossing, then land (decision 7)."""
    cost = crossing_cost(state, dest)
    shrimps = state.shrimps - cost
    if events is not None:
        events.append(_moved(state, dest, cost, max(shrimps, 0)))
    if shrimps < 0:
        return _eaten(state, state.rng, state.exposed, state.baddies, dest, state.decks, events)
    item = state.layout.items[dest]
    if item == NO_ITEM or dest in state.freed:
        return _land_on_sand(state, dest, shrimps, events)
    forbidden = state.forbidden
    if item in forbidden[0] or item in forbidden[1]:
        return _land_on_forbidden_item(state, dest, item, shrimps, events)
    return _free_crab(state, dest, shrimps, events)


def _moved(state: State, dest: Cell, cost: int, shrimps_left: int) -> CrabsMoved:
    """Say the move of the Crabs to ``dest``: its path, the Baddies crossed, their cost."""
    player, token = state.to_move, state.token
    cells = path(token, dest)
    crossed = tuple(c for c in cells if state.baddies[c] != NO_BADDIE)
    return CrabsMoved(
        player,
        NAMES[player],
        token,
        LABELS[token],
        dest,
        LABELS[dest],
        cells,
        crossed,
        tuple(LABELS[c] for c in crossed),
        cost,
        shrimps_left,
    )


def crossing_cost(state: State, dest: Cell) -> int:
    """Return the Shrimps the Baddies crossed by a move to ``dest`` cost.

    Crossing rule: 1 Shrimp if the move passes over or stops on at least one Baddie
    (a Brown Fish counts), 1 per Baddie on a beach with hungry Baddies. The path excludes
    the card the token leaves (decision 4), so a Baddie under the token is not crossed.
    """
    baddies = state.baddies
    crossed = 0
    for c in PATHS[state.token][dest]:
        if baddies[c] != NO_BADDIE:
            crossed += 1
    if crossed and _HUNGRY_BADDIES not in state.beach.modifiers:
        return 1
    return crossed


def _land_on_sand(state: State, dest: Cell, shrimps: int, events: list[Event] | None) -> State:
    """Land on a card without an Item, or on a Freed Crab: nothing happens.

    Except on a Shrimp snack (a flipped shrimp card of Adventure mode): the first stop
    there gives one Shrimp back, never above 5.
    """
    snacks = state.snacks
    if dest in snacks:
        snacks = snacks - {dest}
        if events is not None:
            gained = shrimps < MAX_SHRIMPS
            events.append(ShrimpSnack(dest, LABELS[dest], gained, min(MAX_SHRIMPS, shrimps + 1)))
        shrimps = min(MAX_SHRIMPS, shrimps + 1)
    return reveal(
        state,
        1 - state.to_move,
        state.rng,
        state.exposed,
        state.freed,
        shrimps,
        state.baddies,
        snacks,
        dest,
        state.decks,
        events,
    )


def _land_on_forbidden_item(
    state: State, dest: Cell, item: Item, shrimps: int, events: list[Event] | None
) -> State:
    """Land on a Forbidden Item, the partner's or the mover's own: a Baddie was hiding.

    The first time, the Item is exposed to both players, the partner's next Baddie goes,
    unrevealed, under the token (none if their deck is empty) and the pair loses 2
    Shrimps (decision 6). Once a Baddie lies there, landing again is only crossing it,
    already paid.
    """
    partner = 1 - state.to_move
    baddies, exposed, decks, rng = state.baddies, state.exposed, state.decks, state.rng
    if baddies[dest] == NO_BADDIE:
        exposed = exposed | {item}
        if events is not None:
            events.append(_hit(state, dest, item, max(shrimps - 2, 0)))
        if decks[partner]:
            # The buried card's row is never recorded: no rule looks at it.
            _, decks, rng = draw(decks, partner, rng)
            baddies = (*baddies[:dest], partner, *baddies[dest + 1 :])
            if events is not None:
                colour = COLOURS[partner]
                events.append(BaddieBuried(partner, NAMES[partner], colour, dest, LABELS[dest]))
        if shrimps < 2:
            return _eaten(state, rng, exposed, baddies, dest, decks, events)
        shrimps -= 2
    return reveal(
        state,
        partner,
        rng,
        exposed,
        state.freed,
        shrimps,
        baddies,
        state.snacks,
        dest,
        decks,
        events,
    )


def _hit(state: State, dest: Cell, item: Item, shrimps_left: int) -> ForbiddenItemHit:
    """Say that the Crabs stopped on ``item``, a Forbidden Item, and whose it was."""
    owner = BOATER if item in state.forbidden[BOATER] else SUNNY
    return ForbiddenItemHit(
        dest, LABELS[dest], item, ITEMS[item], owner, NAMES[owner], 2, shrimps_left
    )


def _free_crab(state: State, dest: Cell, shrimps: int, events: list[Event] | None) -> State:
    """Land on an Item nobody forbids: flip it to its Freed Crab; the 8th wins at once.

    A win ends the game before the partner's turn begins, so it beats their empty deck
    (decision 8).
    """
    freed = state.freed | {dest}
    if events is not None:
        item = state.layout.items[dest]
        events.append(CrabFreed(dest, LABELS[dest], item, ITEMS[item], len(freed)))
    # The board this move leaves, in the order reveal() takes it.
    board = (
        state.rng,
        state.exposed,
        freed,
        shrimps,
        state.baddies,
        state.snacks,
        dest,
        state.decks,
    )
    if len(freed) == CRABS_TO_FREE:
        return reveal(state, state.to_move, *board, events, ending=Termination.CRABS_FREED)
    return reveal(state, 1 - state.to_move, *board, events)


def _eaten(
    state: State,
    rng: Rng,
    exposed: frozenset[Item],
    baddies: tuple[Baddie, ...],
    token: Cell,
    decks: Decks,
    events: list[Event] | None,
) -> State:
    """Lose a move that owes more Shrimps than are left: none are left (decision 7)."""
    return reveal(
        state,
        state.to_move,
        rng,
        exposed,
        state.freed,
        0,
        baddies,
        state.snacks,
        token,
        decks,
        events,
        ending=Termination.NO_SHRIMPS,
    )


def move_refusal(state: State, cell: Cell) -> tuple[str, IllegalReason]:
    """Say why moving the Crabs to ``cell`` (a cell of the beach) is illegal."""
    token = state.token
    boater = state.to_move == BOATER
    in_line = column_of(cell) == column_of(token) if boater else row_of(cell) == row_of(token)
    if not in_line or cell == token:
        line = "column" if boater else "row"
        return (
            f"the Crabs move along the token's {line}, at least one card",
            IllegalReason.NOT_IN_LINE,
        )
    if Icon.WAVE in state.beach.flip and cell in waves(state.layout):
        return "the Crabs may not stop on a breaking wave", IllegalReason.WAVE
    return "on this beach a move goes at most 2 cards", IllegalReason.TOO_FAR
