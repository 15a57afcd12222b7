"""The actions of La Marche du Crabe and the codes of a refused action.

A turn is two decisions of the same player:

1. :class:`Place`: put the revealed Baddie on a card of the row it shows;
2. :class:`Move`: move the Crabs token in a straight line to a card (Boater along its
   column, Sunny along its row), or :class:`Stay`.

>>> from crabrules.core import to_json
>>> to_json(Place(player=0, cell=14))
'{"format_version":1,"type":"place","player":0,"cell":14}'
>>> to_json(Stay(player=1))
'{"format_version":1,"type":"stay","player":1}'
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from crabrules.core import PlayerId, Reason
from crabrules.marche_du_crabe._board import CELLS, Cell
from crabrules.marche_du_crabe._state import BOATER, SUNNY


@attrs.frozen
class Place:
    """Place the revealed Baddie on ``cell``, a card of the row the Baddie shows."""

    TAG: ClassVar[str] = "place"
    player: PlayerId
    cell: Cell


@attrs.frozen
class Move:
    """Move the Crabs token in a straight line to ``cell``."""

    TAG: ClassVar[str] = "move"
    player: PlayerId
    cell: Cell


@attrs.frozen
class Stay:
    """Do not move the Crabs this turn (it costs nothing, but tells the partner a lot)."""

    TAG: ClassVar[str] = "stay"
    player: PlayerId


#: Every action of the game.
Action = Place | Move | Stay

# Every action object is built once, here: legal_actions hands out these very objects,
# so the `action in legal_actions(state)` check of apply() is an identity test for the
# actions a caller took from it.
#: ``PLACES[player][cell]``: the one ``Place(player, cell)`` object.
PLACES = tuple(tuple(Place(p, c) for c in CELLS) for p in (BOATER, SUNNY))
#: ``MOVES[player][cell]``: the one ``Move(player, cell)`` object.
MOVES = tuple(tuple(Move(p, c) for c in CELLS) for p in (BOATER, SUNNY))
#: ``STAYS[player]``: the one ``Stay(player)`` object.
STAYS = (Stay(BOATER), Stay(SUNNY))


class IllegalReason(Reason):
    """Why :func:`~crabrules.marche_du_crabe.apply` refused an action.

    A value that is not an action of this game, or whose fields do not hold exactly ints,
    is refused with the shared ``CommonReason.MALFORMED`` first.
    """

    PLACE_FIRST = "place_first"
    """The revealed Baddie must be placed before the Crabs move."""
    ALREADY_PLACED = "already_placed"
    """The Baddie of this turn is already placed; move or stay."""
    OFF_BEACH = "off_beach"
    """The cell is not one of the 36 cards of the beach."""
    WRONG_ROW = "wrong_row"
    """A Baddie goes in the row its card shows."""
    CARD_TAKEN = "card_taken"
    """A Baddie may not go on an Item, another Baddie or a Freed Crab."""
    NOT_IN_LINE = "not_in_line"
    """Boater moves along the token's column, Sunny along its row, at least one card."""
    TOO_FAR = "too_far"
    """On a beach with short moves, a move goes at most 2 cards."""
    WAVE = "wave"
    """The Crabs may not stop on a breaking wave."""
    MUST_MOVE = "must_move"
    """On this beach the Crabs must move when they can."""
