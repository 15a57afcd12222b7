"""What happened: the events an action yields, in the order things happened.

:func:`~crabrules.marche_du_crabe.apply_with_events` returns them beside the new state.
Each event is a frozen value with a stable ``type`` tag, like the actions, and carries
both the ids (player, cell, Item) and the words to say it (the player's name, the
Baddie's colour, the cell's label as :func:`~crabrules.marche_du_crabe.render` prints it,
the Item's name), so :func:`~crabrules.marche_du_crabe.describe_event` needs no state.
Rows are ids ``0`` (the sand row) to ``5``; people read them as rows 1 to 6.

A turn yields, in order: :class:`BaddiePlaced` (its cost, if it went under the Crabs);
then :class:`CrabsStayed` or :class:`CrabsMoved` (the Baddies crossed and their cost),
and what the landing did (:class:`ShrimpSnack`, :class:`CrabFreed`, or
:class:`ForbiddenItemHit` and :class:`BaddieBuried`); then the partner's
:class:`BaddieRevealed`, or :class:`GameEnded`.

>>> from crabrules.core import to_json
>>> to_json(BaddieRevealed(player=1, name="Sunny", colour="blue", row=3))
'{"format_version":1,"type":"baddie_revealed","player":1,"name":"Sunny","colour":"blue","row":3}'
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from crabrules.core import PlayerId
from crabrules.marche_du_crabe._board import Cell, Row
from crabrules.marche_du_crabe._content import Item
from crabrules.marche_du_crabe._state import Termination


@attrs.frozen
class BaddieRevealed:
    """A turn began: ``player`` revealed the top Baddie of their deck, showing ``row``."""

    TAG: ClassVar[str] = "baddie_revealed"
    player: PlayerId
    name: str
    colour: str
    row: Row


@attrs.frozen
class BaddiePlaced:
    """``player`` placed the revealed Baddie on ``cell``.

    ``cost`` is 1 when it went on the card under the Crabs (a Shrimp owed at once), else
    0; ``shrimps_left`` is what the pair has after paying (0 when it could not, and the
    game is lost).
    """

    TAG: ClassVar[str] = "baddie_placed"
    player: PlayerId
    name: str
    colour: str
    cell: Cell
    label: str
    row: Row
    cost: int
    shrimps_left: int


@attrs.frozen
class CrabsStayed:
    """``player`` did not move the Crabs (it costs nothing)."""

    TAG: ClassVar[str] = "crabs_stayed"
    player: PlayerId
    name: str


@attrs.frozen
class CrabsMoved:
    """``player`` moved the Crabs from ``start`` to ``end``, over the cards of ``path``.

    ``path`` runs from the card after ``start`` to ``end`` included; ``crossed`` are the
    cards of it with a Baddie (a Brown Fish included) and ``crossed_labels`` their labels;
    ``cost`` the Shrimps the crossing owes and ``shrimps_left`` what is left once paid
    (0 when it could not be paid, and the game is lost before the Crabs land).
    """

    TAG: ClassVar[str] = "crabs_moved"
    player: PlayerId
    name: str
    start: Cell
    start_label: str
    end: Cell
    end_label: str
    path: tuple[Cell, ...]
    crossed: tuple[Cell, ...]
    crossed_labels: tuple[str, ...]
    cost: int
    shrimps_left: int


@attrs.frozen
class ShrimpSnack:
    """The Crabs stopped on a Shrimp snack (a flipped shrimp card): a Shrimp flips alive.

    ``gained`` is ``False`` when the pair already had all 5 (the snack is eaten anyway).
    """

    TAG: ClassVar[str] = "shrimp_snack"
    cell: Cell
    label: str
    gained: bool
    shrimps_left: int


@attrs.frozen
class CrabFreed:
    """The Crabs stopped on an Item nobody forbids: a crab is freed; ``freed`` in all."""

    TAG: ClassVar[str] = "crab_freed"
    cell: Cell
    label: str
    item: Item
    item_name: str
    freed: int


@attrs.frozen
class ForbiddenItemHit:
    """The Crabs stopped on a Forbidden Item, ``owner``'s: a Baddie was hiding there.

    The Item is now exposed, with its owner, to both players; the pair owes ``cost`` (2)
    Shrimps and has ``shrimps_left`` once paid (0 when it could not: the game is lost).
    """

    TAG: ClassVar[str] = "forbidden_item_hit"
    cell: Cell
    label: str
    item: Item
    item_name: str
    owner: PlayerId
    owner_name: str
    cost: int
    shrimps_left: int


@attrs.frozen
class BaddieBuried:
    """``player`` (the mover's partner) slid their top Baddie, unrevealed, under the Crabs.

    Its row is never shown; only its colour is. With an empty deck no Baddie is buried.
    """

    TAG: ClassVar[str] = "baddie_buried"
    player: PlayerId
    name: str
    colour: str
    cell: Cell
    label: str


@attrs.frozen
class GameEnded:
    """The game is over: ``termination`` says how; ``score`` is the Shrimps left on a win."""

    TAG: ClassVar[str] = "game_ended"
    termination: Termination
    won: bool
    score: int


#: Every event of the game.
Event = (
    BaddieRevealed
    | BaddiePlaced
    | CrabsStayed
    | CrabsMoved
    | ShrimpSnack
    | CrabFreed
    | ForbiddenItemHit
    | BaddieBuried
    | GameEnded
)

#: The event classes, for checking that a value is one.
EVENT_CLASSES: tuple[type, ...] = (
    BaddieRevealed,
    BaddiePlaced,
    CrabsStayed,
    CrabsMoved,
    ShrimpSnack,
    CrabFreed,
    ForbiddenItemHit,
    BaddieBuried,
    GameEnded,
)
