r"""The Adventure Pack's content as data: Surprise tokens, Events, Challenges, Rewards.

The rulebook prints neither the tokens nor the cards; the library ships a reference set of
its own design (``data/adventure.json``) and reads any other set in the same format, a
fourth document beside ``board.json``, ``cards.json`` and ``tokens.json``:

- ``surprises``: tokens with ``kind`` (``"waste"`` or ``"treasure"``), ``immediate`` (the
  "!!/" symbol) and ``steps``;
- ``events``: cards, ``temporary`` or immediate, ``negative`` (what "The Lucky Ones"
  removes), ``requires`` (other modules), an immediate card's ``effect`` (parts, each a
  target ``who`` and ``steps``), a temporary card's rule ``changes`` and its ``reminder``
  (where the card lies: by the ``"tile"``, the ``"cook"`` or the ``"tiles"``);
- ``challenges``: cards with the ``measure`` they count and ``requires``;
- ``rewards``: Reward cards, each with the ``options`` a trophy is exchanged for.

A step is a :class:`~crabrules.oh_crab.model.primitives.Primitive` name, or an object with
parameters: ``{"do": "take_shell", "count": 2}`` (``count``: how many times, 1 to 9).
Everything is checked on load; anything that cannot be played raises
:class:`~crabrules.core.errors.ContentError` saying where:

>>> pack = reference_adventure()
>>> len(pack.surprises), len(pack.events), len(pack.challenges), len(pack.rewards)
(14, 14, 8, 3)
>>> pack.surprise("pearl").steps
(<Primitive.TAKE_SHELL: 'take_shell'>, <Primitive.TAKE_SHELL: 'take_shell'>)
>>> bad = {"id": "x", "name": "X", "kind": "waste", "immediate": True, "text": "",
...        "steps": [{"do": "take_shell", "count": 0}]}
>>> try:
...     parse_adventure({"surprises": [bad], "events": [], "challenges": [], "rewards": []})
... except ContentError as error:
...     print(error)
adventure.json: surprise 'x' step 1: count must be 1 to 9, not 0
"""

from __future__ import annotations

import enum
import functools
import json
from importlib import resources
from typing import Any, Protocol, TypeVar

import attrs

from crabrules.core.errors import ContentError
from crabrules.core.serialize import converter, describe_error
from crabrules.oh_crab.content.asymmetry import (
    AsymmetryCard,
    AsymmetryDoc,
    parse_asymmetry_card,
)
from crabrules.oh_crab.model.modules import Module
from crabrules.oh_crab.model.primitives import INTERNAL, MOVES, Primitive

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
    "parse_adventure",
    "reference_adventure",
]

T = TypeVar("T")

#: The most times a step may repeat.
MAX_COUNT = 9


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


# --- the document, exactly as written ------------------------------------------------------


@attrs.frozen
class _SurpriseDoc:
    id: str
    name: str
    kind: str
    immediate: bool
    text: str
    steps: tuple[Any, ...]


@attrs.frozen
class _PartDoc:
    who: str
    steps: tuple[Any, ...]


@attrs.frozen
class _ChangeDoc:
    rule: str
    amount: int = 0
    step: str | None = None


@attrs.frozen
class _EventDoc:
    id: str
    name: str
    text: str
    temporary: bool
    negative: bool = False
    requires: tuple[str, ...] = ()
    reminder: str | None = None
    effect: tuple[_PartDoc, ...] = ()
    changes: tuple[_ChangeDoc, ...] = ()


@attrs.frozen
class _ChallengeDoc:
    id: str
    name: str
    text: str
    measure: str
    requires: tuple[str, ...] = ()


@attrs.frozen
class _RewardDoc:
    name: str
    steps: tuple[Any, ...]


@attrs.frozen
class _RewardCardDoc:
    id: str
    name: str
    options: tuple[_RewardDoc, ...]


@attrs.frozen
class _AdventureDoc:
    surprises: tuple[_SurpriseDoc, ...]
    events: tuple[_EventDoc, ...]
    challenges: tuple[_ChallengeDoc, ...]
    rewards: tuple[_RewardCardDoc, ...]
    asymmetry: tuple[AsymmetryDoc, ...] = ()


# --- parsing ----------------------------------------------------------------------------

#: Steps that only make sense in their owner's own turn: Head Down! lasts "until the end of
#: your turn" and Doping! gives the turn actions. Content that may act in another player's
#: turn (immediate tokens, Events, rewards) cannot name them.
OWN_TURN_ONLY = frozenset({Primitive.IGNORE_NEGATIVE_SPACES, Primitive.ADD_CARD_TO_TRACE})


def _enum(cls: type[T], value: str, what: str, where: str) -> T:
    try:
        return cls(value)  # type: ignore[call-arg]
    except ValueError:
        raise ContentError(f"{where}: unknown {what} {value!r}") from None


def parse_steps(docs: tuple[Any, ...], where: str, *, own_turn: bool) -> tuple[Primitive, ...]:
    """Read a list of steps: names, or ``{"do": name, "count": n}`` objects.

    Raises:
        ContentError: an unknown or internal primitive, a bad count, a step that needs its
            owner's own turn where the effect may act in another's, or no step at all.
    """
    if not docs:
        raise ContentError(f"{where}: no steps")
    out: list[Primitive] = []
    for k, doc in enumerate(docs, 1):
        at = f"{where} step {k}"
        count = 1
        if isinstance(doc, dict):
            unknown = set(doc) - {"do", "count"}
            if unknown or "do" not in doc:
                raise ContentError(f"{at}: a step object has 'do' and may have 'count'")
            name, count = doc["do"], doc.get("count", 1)
            if type(count) is not int or not 1 <= count <= MAX_COUNT:
                raise ContentError(f"{at}: count must be 1 to {MAX_COUNT}, not {count!r}")
        else:
            name = doc
        if type(name) is not str:
            raise ContentError(f"{at}: a primitive name, not {name!r}")
        primitive = _enum(Primitive, name, "primitive", at)
        if primitive in INTERNAL:
            raise ContentError(f"{at}: {name!r} is the rules' own step, not for content")
        if primitive in OWN_TURN_ONLY and not own_turn:
            raise ContentError(f"{at}: {name!r} needs its owner's own turn")
        out.extend([primitive] * count)
    return tuple(out)


def _modules(names: tuple[str, ...], where: str) -> tuple[Module, ...]:
    modules = tuple(_enum(Module, n, "module", where) for n in names)
    if len(set(modules)) != len(modules):
        raise ContentError(f"{where}: a module is required twice")
    return modules


def _surprise(doc: _SurpriseDoc, where: str) -> SurpriseToken:
    at = f"{where}: surprise {doc.id!r}"
    kind = _enum(TokenKind, doc.kind, "kind", at)
    if kind is TokenKind.WASTE and not doc.immediate:
        raise ContentError(f"{at}: every Waste is immediate")
    steps = parse_steps(doc.steps, at, own_turn=not doc.immediate)
    return SurpriseToken(doc.id, doc.name, kind, doc.immediate, doc.text, steps)


def _event(doc: _EventDoc, where: str) -> EventCard:
    at = f"{where}: event {doc.id!r}"
    requires = _modules(doc.requires, at)
    reminder = None if doc.reminder is None else _enum(Reminder, doc.reminder, "reminder", at)
    parts: list[Part] = []
    changes: list[RuleChange] = []
    if doc.temporary:
        if doc.effect or not doc.changes or reminder is None:
            raise ContentError(f"{at}: a temporary Event has rule changes and a reminder only")
        changes = [_change(c, f"{at} change {k}") for k, c in enumerate(doc.changes, 1)]
    else:
        if doc.changes or not doc.effect or reminder is not None:
            raise ContentError(f"{at}: an immediate Event has an effect only")
        for k, part in enumerate(doc.effect, 1):
            where_part = f"{at} part {k}"
            who = _enum(Target, part.who, "target", where_part)
            if who.requires is not None and who.requires not in requires:
                raise ContentError(f"{where_part}: {who.value!r} requires {who.requires.value!r}")
            parts.append(Part(who, parse_steps(part.steps, where_part, own_turn=False)))
    return EventCard(
        doc.id,
        doc.name,
        doc.text,
        doc.temporary,
        doc.negative,
        requires,
        reminder,
        tuple(parts),
        tuple(changes),
    )


def _change(doc: _ChangeDoc, where: str) -> RuleChange:
    rule = _enum(Rule, doc.rule, "rule", where)
    if rule is Rule.OBSTACLE_AT:
        raise ContentError(f"{where}: 'obstacle_at' is the rules' own change, not for content")
    if rule is Rule.TILE_DISCOUNT:
        if not 1 <= doc.amount <= 3 or doc.step is not None:
            raise ContentError(f"{where}: tile_discount needs an amount of 1 to 3, no step")
        return RuleChange(rule, doc.amount)
    if rule is Rule.COOK_ACTION:
        step = None if doc.step is None else _enum(Primitive, doc.step, "primitive", where)
        if step not in MOVES or doc.amount:
            raise ContentError(f"{where}: cook_action needs a basic move as its step")
        return RuleChange(rule, step=step)
    if doc.amount or doc.step is not None:
        raise ContentError(f"{where}: {rule.value!r} takes no parameter")
    return RuleChange(rule)


def _challenge(doc: _ChallengeDoc, where: str) -> Challenge:
    at = f"{where}: challenge {doc.id!r}"
    measure = _enum(Measure, doc.measure, "measure", at)
    requires = _modules(doc.requires, at)
    if measure.requires is not None and measure.requires not in requires:
        raise ContentError(f"{at}: {measure.value!r} requires {measure.requires.value!r}")
    return Challenge(doc.id, doc.name, doc.text, measure, requires)


def _reward_card(doc: _RewardCardDoc, where: str) -> RewardCard:
    at = f"{where}: reward {doc.id!r}"
    if not doc.options:
        raise ContentError(f"{at}: a Reward card shows at least one reward")
    options = tuple(
        Reward(o.name, parse_steps(o.steps, f"{at} option {k}", own_turn=False))
        for k, o in enumerate(doc.options, 1)
    )
    return RewardCard(doc.id, doc.name, options)


#: The fewest items a content set needs: one Waste and two Treasures per Beach tile (three
#: tiles; "Only the good": three Treasures each), one Event and one Challenge per tile, and
#: a Reward card.
#: Module 4: the Asymmetry cards that need no other module (two for each of five players).
ASYMMETRY_LEAST = 10
_LEAST = {"wastes": 3, "treasures": 9, "events": 3, "challenges": 3, "rewards": 1}


def parse_adventure(data: object, where: str = "adventure.json") -> AdventureContent:
    """Read and check an ``adventure.json`` document.

    Raises:
        ContentError: the document is malformed, names an unknown primitive, target, rule,
            measure or module, gives impossible parameters, or has too few items (3 Wastes,
            9 Treasures, 3 Events that every game can use, 3 Challenges needing no other
            module, 1 Reward card).
    """
    try:
        doc = converter.structure(data, _AdventureDoc)
    except Exception as error:  # any shape problem becomes one ContentError saying where
        raise ContentError(f"{where}: {describe_error(error)}") from error
    pack = AdventureContent(
        tuple(_surprise(d, where) for d in doc.surprises),
        tuple(_event(d, where) for d in doc.events),
        tuple(_challenge(d, where) for d in doc.challenges),
        tuple(_reward_card(d, where) for d in doc.rewards),
        tuple(parse_asymmetry_card(d, where) for d in doc.asymmetry),
    )
    for what, items in (
        ("surprise", pack.surprises),
        ("event", pack.events),
        ("challenge", pack.challenges),
        ("reward", pack.rewards),
        ("asymmetry", pack.asymmetry),
    ):
        ids = [item.id for item in items]
        twice = next((i for i in ids if ids.count(i) > 1), None)
        if twice is not None:
            raise ContentError(f"{where}: {what} {twice!r} appears twice")
    counts = {
        "wastes": len(pack.wastes()),
        "treasures": len(pack.treasures()),
        # The Lucky Ones remove the negative Events; replacements need cards without modules.
        "events": sum(not e.negative and not e.requires for e in pack.events),
        "challenges": sum(not c.requires for c in pack.challenges),
        "rewards": len(pack.rewards),
    }
    # Module 4 deals two cards per player: five players need ten that need no other module.
    free_skills = sum(not c.requires for c in pack.asymmetry)
    if pack.asymmetry and free_skills < ASYMMETRY_LEAST:
        raise ContentError(
            f"{where}: {free_skills} Asymmetry cards need no other module, "
            f"at least {ASYMMETRY_LEAST} are needed"
        )
    for what, least in _LEAST.items():
        if counts[what] < least:
            raise ContentError(f"{where}: {counts[what]} {what}, at least {least} are needed")
    return pack


@functools.cache
def reference_adventure() -> AdventureContent:
    """Return the library's own Adventure Pack content (``crabrules/oh_crab/content/data``)."""
    text = (resources.files("crabrules.oh_crab.content") / "data" / "adventure.json").read_text(
        "utf-8"
    )
    return parse_adventure(json.loads(text))
