r"""The Adventure Pack's document, ``adventure.json``, read and checked.

The rulebook prints neither the tokens nor the cards; the library ships a reference set of
its own design (``content/data/adventure.json``) and reads any other set in the same
format, a fourth document beside the base game's three:

- ``surprises``: tokens with ``kind`` (``"waste"`` or ``"treasure"``), ``immediate`` (the
  "!!/" symbol) and ``steps``;
- ``events``: cards, ``temporary`` or immediate, ``negative`` (what "The Lucky Ones"
  removes), ``requires`` (other modules), an immediate card's ``effect`` (parts, each a
  target ``who`` and ``steps``), a temporary card's rule ``changes`` and its ``reminder``
  (where the card lies: by the ``"tile"``, the ``"cook"`` or the ``"tiles"``);
- ``challenges``: cards with the ``measure`` they count and ``requires``;
- ``rewards``: Reward cards, each with the ``options`` a trophy is exchanged for;
- ``asymmetry``: Module 4's cards.

They are read into the values of :mod:`~crabrules.oh_crab.adventure._content`; steps and
required modules are written as :mod:`~crabrules.oh_crab.content._primitives` says. A step
is a :class:`~crabrules.oh_crab.content._primitives.Primitive` name, or an object with
parameters: ``{"do": "take_shell", "count": 2}`` (``count``: how many times, 1 to 9).
Anything that cannot be played raises :class:`~crabrules.core.errors.ContentError` saying
where:

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

import functools
import json
from importlib import resources
from typing import Any

import attrs

from crabrules.core.errors import ContentError
from crabrules.core.serialize import converter, describe_error
from crabrules.oh_crab.adventure._content import (
    AdventureContent,
    AsymmetryDoc,
    Challenge,
    EventCard,
    Measure,
    Part,
    Reminder,
    Reward,
    RewardCard,
    Rule,
    RuleChange,
    SurpriseToken,
    Target,
    TokenKind,
    parse_asymmetry_card,
)
from crabrules.oh_crab.content._primitives import (
    MOVES,
    Primitive,
    parse_enum,
    parse_modules,
    parse_steps,
)

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


def _surprise(doc: _SurpriseDoc, where: str) -> SurpriseToken:
    at = f"{where}: surprise {doc.id!r}"
    kind = parse_enum(TokenKind, doc.kind, "kind", at)
    if kind is TokenKind.WASTE and not doc.immediate:
        raise ContentError(f"{at}: every Waste is immediate")
    steps = parse_steps(doc.steps, at, own_turn=not doc.immediate)
    return SurpriseToken(doc.id, doc.name, kind, doc.immediate, doc.text, steps)


def _event(doc: _EventDoc, where: str) -> EventCard:
    at = f"{where}: event {doc.id!r}"
    requires = parse_modules(doc.requires, at)
    reminder = None if doc.reminder is None else parse_enum(Reminder, doc.reminder, "reminder", at)
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
            who = parse_enum(Target, part.who, "target", where_part)
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
    rule = parse_enum(Rule, doc.rule, "rule", where)
    if rule is Rule.OBSTACLE_AT:
        raise ContentError(f"{where}: 'obstacle_at' is the rules' own change, not for content")
    if rule is Rule.TILE_DISCOUNT:
        if not 1 <= doc.amount <= 3 or doc.step is not None:
            raise ContentError(f"{where}: tile_discount needs an amount of 1 to 3, no step")
        return RuleChange(rule, doc.amount)
    if rule is Rule.COOK_ACTION:
        step = None if doc.step is None else parse_enum(Primitive, doc.step, "primitive", where)
        if step not in MOVES or doc.amount:
            raise ContentError(f"{where}: cook_action needs a basic move as its step")
        return RuleChange(rule, step=step)
    if doc.amount or doc.step is not None:
        raise ContentError(f"{where}: {rule.value!r} takes no parameter")
    return RuleChange(rule)


def _challenge(doc: _ChallengeDoc, where: str) -> Challenge:
    at = f"{where}: challenge {doc.id!r}"
    measure = parse_enum(Measure, doc.measure, "measure", at)
    requires = parse_modules(doc.requires, at)
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
