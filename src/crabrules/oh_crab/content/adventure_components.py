"""The Adventure Pack's tokens and cards as values, as its document is read into.

Surprise tokens (:class:`SurpriseToken`), Event cards (:class:`EventCard`, their targets,
:class:`Part` and :class:`RuleChange`), Challenges (:class:`Challenge` and the
:class:`Measure` they count), Reward cards, and the whole set (:class:`AdventureContent`),
where an item's index is its id in states. They are re-exported from
:mod:`~crabrules.oh_crab.content.adventure`.

>>> from crabrules.oh_crab.content.adventure import reference_adventure
>>> reference_adventure().surprise("pearl").kind
<TokenKind.TREASURE: 'treasure'>
"""

from __future__ import annotations

import enum
from typing import Protocol, TypeVar

import attrs

from crabrules.oh_crab.content.asymmetry import AsymmetryCard
from crabrules.oh_crab.content.modules import Module
from crabrules.oh_crab.content.primitives import Primitive

__all__ = [
    "AdventureContent",
    "Challenge",
    "EventCard",
    "Measure",
    "Part",
    "Reminder",
    "Reward",
    "RewardCard",
    "Rule",
    "RuleChange",
    "SurpriseToken",
    "Target",
    "TokenKind",
]


class TokenKind(str, enum.Enum):
    """A Surprise token's kind: a Waste (banana peel) or a Treasure."""

    WASTE = "waste"
    TREASURE = "treasure"


class Target(str, enum.Enum):
    """Who an immediate Event's part concerns (each, in turn order from the active player)."""

    ACTIVE = "active"
    """The active player."""
    EACH = "each"
    """Every player."""
    OTHERS = "others"
    """Every player but the active one."""
    RICHEST = "richest"
    """The players with the most shells, if not every player has as many."""
    POOREST = "poorest"
    """The players with the fewest shells, if not every player has as many."""
    LAST = "last"
    """The owners of the crabs on the board farthest from the sea (their crab acts)."""
    FIRST = "first"
    """The owners of the crabs on the board nearest the sea (their crab acts)."""
    EVERY_CRAB = "every_crab"
    """The owner of every crab on the board, once per crab (that crab acts)."""
    TREASURE_KEEPERS = "treasure_keepers"
    """The players who keep at least one Treasure (needs Surprises)."""
    TROPHY_HOLDERS = "trophy_holders"
    """The players who won at least one trophy (needs Challenges)."""

    @property
    def requires(self) -> Module | None:
        """The module the target needs, if any."""
        if self is Target.TREASURE_KEEPERS:
            return Module.SURPRISES
        if self is Target.TROPHY_HOLDERS:
            return Module.CHALLENGES
        return None


class Rule(str, enum.Enum):
    """A rule that a temporary Event (or, later, a skill) changes while it acts."""

    TILES_CLOSED = "tiles_closed"
    """The Additional Action tiles cannot be used."""
    TILE_DISCOUNT = "tile_discount"
    """The Additional Action tiles cost ``amount`` shells fewer (never below 0)."""
    OBSTACLES_KNOCK_OVER = "obstacles_knock_over"
    """Standard Obstacles knock the crab over instead of taking a card."""
    KNOCK_OVERS_HARMLESS = "knock_overs_harmless"
    """Knocking-over Obstacles knock nobody over."""
    COOK_ACTION = "cook_action"
    """The cook's action is the basic move ``step`` instead of a Move diagonally."""
    OBSTACLE_AT = "obstacle_at"
    """The standard space ``cell`` is a standard Obstacle (the Selected Action; no card
    names it: the rules add it)."""


class Reminder(str, enum.Enum):
    """Where a temporary Event's card lies as a reminder (the Tips of Module 2)."""

    TILE = "tile"
    """Beside the Beach tile it was revealed at."""
    COOK = "cook"
    """In front of the cook's holder, passed on with the pawn."""
    TILES = "tiles"
    """Beside the Additional Action tiles."""


class Measure(str, enum.Enum):
    """What a Challenge counts for each player: who has the most meets it."""

    SHELLS = "shells"
    HAND = "hand"
    TRACE = "trace"
    DISCARDS = "discards"
    TREASURES = "treasures"
    STARTING_IN_HAND = "starting_in_hand"
    FORWARD_IN_HAND = "forward_in_hand"
    CRABS_ON_TILE = "crabs_on_tile"

    @property
    def requires(self) -> Module | None:
        """The module the measure needs, if any."""
        return Module.SURPRISES if self is Measure.TREASURES else None


@attrs.frozen
class RuleChange:
    """One rule a temporary Event changes.

    Attributes:
        rule: which rule.
        amount: its number (``tile_discount``).
        step: its basic move (``cook_action``).
        cell: its cell (``obstacle_at``).
    """

    rule: Rule
    amount: int = 0
    step: Primitive | None = None
    cell: int = -1


@attrs.frozen
class SurpriseToken:
    """A Surprise token.

    Attributes:
        id: the content id.
        name: its name.
        kind: Waste or Treasure.
        immediate: the "!!/" symbol: it applies when flipped and leaves the game; else the
            finder keeps it and uses it in one of their turns.
        text: the effect in words.
        steps: the effect, ``count`` parameters expanded.
    """

    id: str
    name: str
    kind: TokenKind
    immediate: bool
    text: str
    steps: tuple[Primitive, ...]


@attrs.frozen
class Part:
    """A part of an immediate Event: its steps, for each player it targets.

    Attributes:
        who: whom it concerns.
        steps: what each of them does (with the crab the target names, else the active one
            for the active player and their first crab for the others).
    """

    who: Target
    steps: tuple[Primitive, ...]


@attrs.frozen
class EventCard:
    """An Event card.

    Attributes:
        id: the content id.
        name: its name.
        text: the effect in words.
        temporary: it changes rules until the next Event is revealed (else immediate).
        negative: removed by "The Lucky Ones".
        requires: the other modules it refers to (replaced at once without them).
        reminder: where a temporary card lies.
        effect: an immediate card's parts, in order.
        changes: a temporary card's rule changes.
    """

    id: str
    name: str
    text: str
    temporary: bool
    negative: bool
    requires: tuple[Module, ...]
    reminder: Reminder | None
    effect: tuple[Part, ...]
    changes: tuple[RuleChange, ...]


@attrs.frozen
class Challenge:
    """A Challenge card: have the most of its ``measure``.

    Attributes:
        id: the content id.
        name: its name.
        text: the Challenge in words.
        measure: what it counts.
        requires: the other modules it refers to (such cards leave before the draw).
    """

    id: str
    name: str
    text: str
    measure: Measure
    requires: tuple[Module, ...]


@attrs.frozen
class Reward:
    """One reward of a Reward card, what a trophy is exchanged for."""

    name: str
    steps: tuple[Primitive, ...]


@attrs.frozen
class RewardCard:
    """A Reward card: its rewards, of which a first-placed player chooses one."""

    id: str
    name: str
    options: tuple[Reward, ...]


@attrs.frozen(eq=False)
class AdventureContent:
    """A checked Adventure Pack content set; an item's index here is its id in states."""

    surprises: tuple[SurpriseToken, ...]
    events: tuple[EventCard, ...]
    challenges: tuple[Challenge, ...]
    rewards: tuple[RewardCard, ...]
    asymmetry: tuple[AsymmetryCard, ...] = ()

    def surprise(self, token_id: str) -> SurpriseToken:
        """Return the Surprise token with this id (``KeyError`` if there is none)."""
        return _find(self.surprises, token_id)

    def event(self, card_id: str) -> EventCard:
        """Return the Event card with this id."""
        return _find(self.events, card_id)

    def challenge(self, card_id: str) -> Challenge:
        """Return the Challenge card with this id."""
        return _find(self.challenges, card_id)

    def reward(self, card_id: str) -> RewardCard:
        """Return the Reward card with this id."""
        return _find(self.rewards, card_id)

    def skill(self, card_id: str) -> AsymmetryCard:
        """Return the Asymmetry card with this id (Module 4)."""
        return _find(self.asymmetry, card_id)

    def wastes(self) -> tuple[int, ...]:
        """The token ids of the Wastes, in content order."""
        return tuple(i for i, t in enumerate(self.surprises) if t.kind is TokenKind.WASTE)

    def treasures(self) -> tuple[int, ...]:
        """The token ids of the Treasures, in content order."""
        return tuple(i for i, t in enumerate(self.surprises) if t.kind is TokenKind.TREASURE)


class _HasId(Protocol):
    @property
    def id(self) -> str: ...


H = TypeVar("H", bound=_HasId)


def _find(items: tuple[H, ...], item_id: str) -> H:
    for item in items:
        if item.id == item_id:
            return item
    raise KeyError(item_id)
