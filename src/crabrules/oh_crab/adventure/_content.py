"""The Adventure Pack's tokens and cards as checked values (:class:`AdventureContent`).

Module 4's Asymmetry cards and Pincer tokens are among them. ``_reading`` reads them from
``adventure.json``. The base content holds them as an ``ExpansionContent``
(``content/_components``); the pack's rules reach them with :func:`pack_of` and
:func:`pack_in_play`.

>>> from crabrules.oh_crab.adventure._reading import reference_adventure
>>> reference_adventure().surprise("pearl").kind
<TokenKind.TREASURE: 'treasure'>

>>> from crabrules.oh_crab.adventure._reading import reference_adventure
>>> cards = reference_adventure().asymmetry
>>> len(cards), sum(c.pincers for c in cards), sorted({c.timing.value for c in cards})
(14, 28, ['both', 'other', 'own', 'special'])
>>> PINCER_TOKENS, tokens_for(3), tokens_for(2), tokens_for(1), tokens_for(0)
(10, 2, 1, 1, 0)
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from crabrules.core.errors import ContentError
from crabrules.oh_crab.content._components import find_by_id
from crabrules.oh_crab.content._primitives import (
    Module,
    Primitive,
    parse_enum,
    parse_modules,
    parse_steps,
)

#: The double-sided Pincer tokens of the module (a "1" side and a "2" side).
PINCER_TOKENS = 10
#: The most Pincers a card may start with: two tokens at most per card, so that five cards
#: (five players) fit the ten tokens.
MAX_PINCERS = 3


def tokens_for(pincers: int) -> int:
    """The Pincer tokens lying on a card with ``pincers`` left: 2s, and a 1 for an odd count.

    A use removes a 1 token if there is one, else flips a 2 to its 1 side; a regeneration
    flips a 1 to its 2 side if there is one, else takes a token from the box on its 1
    side. The tokens stay as few as the count allows.
    """
    return pincers // 2 + pincers % 2


class Timing(str, enum.Enum):
    """A skill's timing icons."""

    OWN = "own"
    """Own-turn crab: only during its owner's turn."""
    OTHER = "other"
    """Other-turn crab: only during another player's turn."""
    BOTH = "both"
    """Both icons: in either, with different effects."""
    SPECIAL = "special"
    """Any-turn crab: in a special situation, whoever's turn it is."""


class Situation(str, enum.Enum):
    """What opens the window of a skill for special situations (or another player's turn)."""

    KNOCKED_OVER = "knocked_over"
    """The card's crab was knocked over (by the action just played)."""
    EVENT_REVEALED = "event_revealed"
    """An Event was revealed (needs Module 2)."""


@attrs.frozen
class AsymmetryCard:
    """An Asymmetry card (a crab's skill).

    Attributes:
        id: the content id.
        name: its name.
        text: the skill in words.
        pincers: the starting number of Pincers (1 to 3).
        starfish: the difficulty (1 to 3).
        timing: the icons.
        own: the steps used as an action in the owner's turn (``()`` if none).
        other: the steps used when the crab is knocked over in another player's turn.
        situation: a special card's situation, else ``None``.
        react: the steps used in that situation.
        requires: the other modules the card needs.
        sunset: the steps of the card's own setup (``()``: no sunset symbol).
    """

    id: str
    name: str
    text: str
    pincers: int
    starfish: int
    timing: Timing
    own: tuple[Primitive, ...]
    other: tuple[Primitive, ...]
    situation: Situation | None
    react: tuple[Primitive, ...]
    requires: tuple[Module, ...]
    sunset: tuple[Primitive, ...]


@attrs.frozen
class AsymmetryDoc:
    """An Asymmetry card exactly as written in ``adventure.json``."""

    id: str
    name: str
    text: str
    pincers: int
    starfish: int
    timing: str
    own: tuple[Any, ...] = ()
    other: tuple[Any, ...] = ()
    situation: str | None = None
    react: tuple[Any, ...] = ()
    requires: tuple[str, ...] = ()
    sunset: tuple[Any, ...] = ()


#: Steps that read or change a module's part: a card using one requires the module.
STEP_MODULES = {
    Primitive.SPY_EVENTS: Module.EVENTS,
    Primitive.SPY_CHALLENGES: Module.CHALLENGES,
}
#: Steps a sunset setup may use: they need no choice (the game has not begun).
SUNSET_STEPS = frozenset(
    {
        Primitive.TAKE_SHELL,
        Primitive.SPY_EVENTS,
        Primitive.SPY_CHALLENGES,
        Primitive.REGENERATE_PINCERS,
    }
)


def parse_asymmetry_card(doc: AsymmetryDoc, where: str) -> AsymmetryCard:
    """Check one card's document.

    Raises:
        ContentError: a bad number, timing or situation, steps that do not fit the timing,
            or a step needing a module the card does not require.
    """
    at = f"{where}: asymmetry {doc.id!r}"
    for field, value in (("pincers", doc.pincers), ("starfish", doc.starfish)):
        if type(value) is not int or not 1 <= value <= MAX_PINCERS:
            raise ContentError(f"{at}: {field} must be 1 to 3, not {value!r}")
    timing = parse_enum(Timing, doc.timing, "timing", at)
    requires = parse_modules(doc.requires, at)
    if Module.ASYMMETRY in requires:
        raise ContentError(f"{at}: a card requires other modules, not its own")
    situation = _parse_situation(doc, timing, requires, at)
    own = parse_steps(doc.own, f"{at} own", own_turn=True) if doc.own else ()
    other = parse_steps(doc.other, f"{at} other", own_turn=False) if doc.other else ()
    react = parse_steps(doc.react, f"{at} react", own_turn=False) if doc.react else ()
    sunset = parse_steps(doc.sunset, f"{at} sunset", own_turn=False) if doc.sunset else ()
    _check_steps(own, other, react, sunset, requires, at)
    return AsymmetryCard(
        doc.id,
        doc.name,
        doc.text,
        doc.pincers,
        doc.starfish,
        timing,
        own,
        other,
        situation,
        react,
        requires,
        sunset,
    )


def _parse_situation(
    doc: AsymmetryDoc, timing: Timing, requires: tuple[Module, ...], at: str
) -> Situation | None:
    """The card's steps fit its timing, and a special card names its situation."""
    wanted = {
        Timing.OWN: ("own",),
        Timing.OTHER: ("other",),
        Timing.BOTH: ("own", "other"),
        Timing.SPECIAL: ("react",),
    }[timing]
    lists = {"own": doc.own, "other": doc.other, "react": doc.react}
    for name, steps in lists.items():
        if bool(steps) != (name in wanted):
            raise ContentError(f"{at}: a {timing.value!r} card has steps in {', '.join(wanted)}")
    if timing is not Timing.SPECIAL:
        if doc.situation is not None:
            raise ContentError(f"{at}: only a 'special' card has a situation")
        return None
    if doc.situation is None:
        raise ContentError(f"{at}: a 'special' card names its situation")
    situation = parse_enum(Situation, doc.situation, "situation", at)
    if situation is Situation.EVENT_REVEALED and Module.EVENTS not in requires:
        raise ContentError(f"{at}: 'event_revealed' requires 'events'")
    return situation


def _check_steps(
    own: tuple[Primitive, ...],
    other: tuple[Primitive, ...],
    react: tuple[Primitive, ...],
    sunset: tuple[Primitive, ...],
    requires: tuple[Module, ...],
    at: str,
) -> None:
    """A sunset step needs no choice; a step reading a module needs the module."""
    if any(step not in SUNSET_STEPS for step in sunset):
        names = ", ".join(sorted(s.value for s in SUNSET_STEPS))
        raise ContentError(f"{at} sunset: a setup step needs no choice ({names})")
    for step in (*own, *other, *react, *sunset):
        module = STEP_MODULES.get(step)
        if module is not None and module not in requires:
            raise ContentError(f"{at}: {step.value!r} requires {module.value!r}")


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

    def plays(self, module: Module) -> bool:
        """Whether the set has what ``module`` needs: Module 4 needs Asymmetry cards."""
        return module is not Module.ASYMMETRY or bool(self.asymmetry)

    def surprise(self, token_id: str) -> SurpriseToken:
        """Return the Surprise token with this id (``KeyError`` if there is none)."""
        return find_by_id(self.surprises, token_id)

    def event(self, card_id: str) -> EventCard:
        """Return the Event card with this id."""
        return find_by_id(self.events, card_id)

    def challenge(self, card_id: str) -> Challenge:
        """Return the Challenge card with this id."""
        return find_by_id(self.challenges, card_id)

    def reward(self, card_id: str) -> RewardCard:
        """Return the Reward card with this id."""
        return find_by_id(self.rewards, card_id)

    def skill(self, card_id: str) -> AsymmetryCard:
        """Return the Asymmetry card with this id (Module 4)."""
        return find_by_id(self.asymmetry, card_id)

    def wastes(self) -> tuple[int, ...]:
        """The token ids of the Wastes, in content order."""
        return tuple(i for i, t in enumerate(self.surprises) if t.kind is TokenKind.WASTE)

    def treasures(self) -> tuple[int, ...]:
        """The token ids of the Treasures, in content order."""
        return tuple(i for i, t in enumerate(self.surprises) if t.kind is TokenKind.TREASURE)
