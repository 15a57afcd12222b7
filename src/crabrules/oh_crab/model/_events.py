"""What happened: the events of an action, in the order things happened.

:func:`~crabrules.oh_crab.apply_with_events` returns them beside the new state. Each event
is a frozen value with a stable ``TAG`` (its JSON ``"type"``) and carries the ids and the
names needed to say it in words (colours, card names, cell labels), so
:func:`~crabrules.oh_crab.describe_event` needs no state. Crabs and players are named
separately: ``crab`` and its ``colour`` for what happens to a crab, ``player`` and their
name (``colour``: the crab's colour, or ``"red+orange"`` for a 2-player team) for what a
player does or holds; ``by`` is the active crab that caused a move.

A card hidden from a viewer is :data:`~crabrules.oh_crab.HIDDEN` with an empty name in
:func:`~crabrules.oh_crab.observe_events`' answer.

>>> from crabrules.core.serialize import to_json
>>> to_json(KnockedOver(crab=1, colour="orange"))
'{"format_version":1,"type":"knocked_over","crab":1,"colour":"orange"}'
"""

from __future__ import annotations

import enum
import typing
from typing import Any, ClassVar, Protocol

import attrs

from crabrules.core.game import PlayerId
from crabrules.oh_crab.content._components import Cell
from crabrules.oh_crab.content._primitives import Source
from crabrules.oh_crab.model._actions import Pile, Side
from crabrules.oh_crab.model._state import CardId


class Motion(str, enum.Enum):
    """How a crab moved."""

    MOVE = "move"
    """By its player's own movement action (basic moves, Call of the Sea! for itself)."""
    PUSH = "push"
    """Pushed one space toward the sea, in a chain reaction or alone."""
    CURRENT = "current"
    """Carried by a Water Current at the end of its player's turn."""
    JUMP = "jump"
    """A jump: Little Sidestep! or Running Jump! (tile Ca)."""
    SWAP = "swap"
    """In My Place!: two crabs swapped places."""
    SHORTCUT = "shortcut"
    """Along a Shortcut's arrow."""
    SHIFT = "shift"
    """Moved one space by another player's Seagull! or Call of the Sea!."""
    STEP_BACK = "step_back"
    """2-player mode: the active crab moved onto its teammate, which steps back onto the
    space the active crab left (no push, no knock-over)."""


@attrs.frozen
class CrabPlaced:
    """2-player mode: a player placed a crab on Start space ``start`` (cell ``cell``)."""

    TAG: ClassVar[str] = "crab_placed"
    player: PlayerId
    crab: int
    colour: str
    start: int
    cell: Cell
    cell_label: str


@attrs.frozen
class CrabActivated:
    """2-player mode: at the start of their turn, a player activated ``crab`` with ``token``."""

    TAG: ClassVar[str] = "crab_activated"
    player: PlayerId
    name: str
    crab: int
    colour: str
    token: int


@attrs.frozen
class CardPlanned:
    """A player placed a card face down (``card`` is ``HIDDEN`` for the others)."""

    TAG: ClassVar[str] = "card_planned"
    player: PlayerId
    colour: str
    card: CardId
    card_name: str


@attrs.frozen
class RestDeclared:
    """A player with an empty Hand declared a Rest for the coming round."""

    TAG: ClassVar[str] = "rest_declared"
    player: PlayerId
    colour: str


@attrs.frozen
class TurnStarted:
    """A player's turn of the action phase began."""

    TAG: ClassVar[str] = "turn_started"
    player: PlayerId
    colour: str
    round: int


@attrs.frozen
class CardAdded:
    """A card joined the Trace at ``side``: the face-down card, or one from the Hand (Doping!)."""

    TAG: ClassVar[str] = "card_added"
    player: PlayerId
    colour: str
    card: CardId
    card_name: str
    side: Side
    doping: bool


@attrs.frozen
class Rested:
    """A player rested: kept ``kept`` (``NO_CARD`` if none) and discarded ``discarded``."""

    TAG: ClassVar[str] = "rested"
    player: PlayerId
    colour: str
    kept: CardId
    kept_name: str
    discarded: tuple[CardId, ...]
    discarded_names: tuple[str, ...]


@attrs.frozen
class MarketCardTaken:
    """A player took a Market card into their Hand.

    ``seen``: everyone saw which (a face-up card, or a known card at the bottom of the
    draw pile); otherwise ``card`` is ``HIDDEN`` for the others.
    """

    TAG: ClassVar[str] = "market_card_taken"
    player: PlayerId
    colour: str
    pile: Pile
    card: CardId
    card_name: str
    seen: bool


@attrs.frozen
class MarketRefilled:
    """A card of the draw pile was turned face up onto Market pile ``pile``."""

    TAG: ClassVar[str] = "market_refilled"
    pile: Pile
    card: CardId
    card_name: str


@attrs.frozen
class DiscardPileTaken:
    """A player took their Discard pile back into their Hand (Rest, tile Da)."""

    TAG: ClassVar[str] = "discard_pile_taken"
    player: PlayerId
    colour: str
    cards: tuple[CardId, ...]
    card_names: tuple[str, ...]


@attrs.frozen
class ActionUsed:
    """A player began an action of their turn (paying ``cost`` shells for a tile)."""

    TAG: ClassVar[str] = "action_used"
    player: PlayerId
    colour: str
    source: Source
    name: str
    title: str
    cost: int


@attrs.frozen
class TraceActionPicked:
    """Running Jump: the player uses the main action ``action`` of Trace card ``card``."""

    TAG: ClassVar[str] = "trace_action_picked"
    player: PlayerId
    colour: str
    card: CardId
    card_name: str
    action: str


@attrs.frozen
class CrabMoved:
    """A crab went from ``src`` to ``dst`` (``-1``: the sea), ``how``, in crab ``by``'s turn."""

    TAG: ClassVar[str] = "crab_moved"
    crab: int
    colour: str
    by: int
    by_colour: str
    how: Motion
    src: Cell
    dst: Cell
    src_label: str
    dst_label: str


@attrs.frozen
class KnockedOver:
    """A crab was knocked over (a push, or a knocking-over Obstacle)."""

    TAG: ClassVar[str] = "knocked_over"
    crab: int
    colour: str


@attrs.frozen
class StoodUp:
    """A knocked-over crab stood up (a basic movement devoted to it, or a Rest)."""

    TAG: ClassVar[str] = "stood_up"
    crab: int
    colour: str


@attrs.frozen
class ShellTaken:
    """A player took a shell from the supply and now has ``shells``."""

    TAG: ClassVar[str] = "shell_taken"
    player: PlayerId
    colour: str
    shells: int


@attrs.frozen
class CardDiscarded:
    """A card went from a Hand to its Discard pile, chosen or ``at_random``."""

    TAG: ClassVar[str] = "card_discarded"
    player: PlayerId
    colour: str
    card: CardId
    card_name: str
    at_random: bool


@attrs.frozen
class CardExchanged:
    """Card Exchange: gave ``card``: back in the box (``boxed``), or under the draw pile."""

    TAG: ClassVar[str] = "card_exchanged"
    player: PlayerId
    colour: str
    card: CardId
    card_name: str
    boxed: bool


@attrs.frozen
class ReachedSea:
    """A crab reached the sea: the game ends with this round."""

    TAG: ClassVar[str] = "reached_sea"
    crab: int
    colour: str


@attrs.frozen
class MovingFinished:
    """The player stopped moving crabs with Seagull! or Call of the Sea!."""

    TAG: ClassVar[str] = "moving_finished"
    player: PlayerId
    colour: str


@attrs.frozen
class TurnEnded:
    """A player ended their turn."""

    TAG: ClassVar[str] = "turn_ended"
    player: PlayerId
    colour: str


@attrs.frozen
class PlanningStarted:
    """2-player mode: the round's second Planning phase began (Action 1 is over)."""

    TAG: ClassVar[str] = "planning_started"
    round: int
    phase: int


@attrs.frozen
class RoundEnded:
    """The End of Round phase of round ``round``."""

    TAG: ClassVar[str] = "round_ended"
    round: int


@attrs.frozen
class CookPassed:
    """The cook pawn went from ``src`` to ``dst`` (the crab farthest from the sea)."""

    TAG: ClassVar[str] = "cook_passed"
    src: PlayerId
    src_colour: str
    dst: PlayerId
    dst_colour: str


@attrs.frozen
class GameEnded:
    """The game is over: ``winners`` (their ``colours``), for ``reason`` (a ``Termination``)."""

    TAG: ClassVar[str] = "game_ended"
    winners: tuple[PlayerId, ...]
    colours: tuple[str, ...]
    reason: str


@attrs.frozen
class ShellLost:
    """A player gave a shell back to the supply (Adventure Pack)."""

    TAG: ClassVar[str] = "shell_lost"
    player: PlayerId
    colour: str
    shells: int


@attrs.frozen
class CardTakenBack:
    """A player took a card from their Trace into their Hand (Adventure Pack)."""

    TAG: ClassVar[str] = "card_taken_back"
    player: PlayerId
    colour: str
    card: CardId
    card_name: str


BaseEvent = (
    CrabPlaced
    | CrabActivated
    | PlanningStarted
    | CardPlanned
    | RestDeclared
    | TurnStarted
    | CardAdded
    | Rested
    | MarketCardTaken
    | MarketRefilled
    | DiscardPileTaken
    | ActionUsed
    | TraceActionPicked
    | CrabMoved
    | KnockedOver
    | StoodUp
    | ShellTaken
    | CardDiscarded
    | CardExchanged
    | ReachedSea
    | MovingFinished
    | TurnEnded
    | RoundEnded
    | CookPassed
    | GameEnded
    | ShellLost
    | CardTakenBack
)
"""Every event of the base game, tagged by ``type`` in JSON."""

#: The classes of :data:`BaseEvent`.
EVENTS: tuple[type, ...] = typing.get_args(BaseEvent)


class ExpansionEvent(Protocol):
    """An event of an expansion (the Adventure Pack's): a frozen value with a stable ``TAG``."""

    TAG: ClassVar[str]


#: What an event log holds: the base game's events and the registered expansion's.
AnyEvent = BaseEvent | ExpansionEvent

#: Every event kind in play, as a union: the base game's, with the registered expansion's
#: (:func:`register_events`). The checks of an event read it.
_EVERY_EVENT: list[Any] = [BaseEvent]


def register_events(kinds: Any) -> None:
    """Make the union ``kinds`` (an expansion's events) events of the game too (``None``: none)."""
    _EVERY_EVENT[:] = [BaseEvent if kinds is None else BaseEvent | kinds]


def every_event() -> Any:
    """The union of every event kind in play (:func:`register_events`)."""
    return _EVERY_EVENT[0]
