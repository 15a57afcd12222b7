"""Module 4's actions and events in words.

>>> from crabrules.oh_crab.model._events import SkillUsed, Spied
>>> describe_asymmetry_event(SkillUsed(1, "orange", 1, 3, "Armoured Crab", 2))
'orange uses the skill of Armoured Crab (2 Pincers left)'
>>> describe_asymmetry_event(Spied(0, "red", "event", (1, 2), (-3, -3), ("", "")))
'red spies the face-down Events of Beach tiles 2, 3'
>>> describe_asymmetry_event(Spied(0, "red", "event", (1,), (4,), ("Shell Rain",)))
'red spies the face-down Events of Beach tile 2: Shell Rain'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from crabrules.oh_crab.engine._work import Rules
from crabrules.oh_crab.model._actions import ChooseSkills, Decline, MakeObstacle, Skill, cell_label
from crabrules.oh_crab.model._events import (
    ObstacleMade,
    PincersRegenerated,
    SkillDeclined,
    SkillsChosen,
    SkillsRevealed,
    SkillUsed,
    Spied,
)
from crabrules.oh_crab.model._state import State

__all__ = [
    "ASYMMETRY_ACTION_SENTENCES",
    "ASYMMETRY_EVENTS",
    "ASYMMETRY_EVENT_SENTENCES",
    "describe_asymmetry_action",
    "describe_asymmetry_event",
]


def _pincers(count: int) -> str:
    return f"{count} Pincer{'' if count == 1 else 's'}"


def _card_name(rules: Rules, card: int) -> str:
    cards = rules.pack.asymmetry if rules.pack is not None else ()
    return cards[card].name if 0 <= card < len(cards) else f"card {card}"


def _choose_skills(action: ChooseSkills, state: State, rules: Rules, who: str) -> str:
    if len(action.cards) == 1:
        return f"{who} chooses the Asymmetry card {_card_name(rules, action.cards[0])}"
    crabs = rules.crabs_of[action.player] if 0 <= action.player < rules.players else ()
    pairs = [
        f"{_card_name(rules, card)} for {rules.colours[crab]}"
        for crab, card in zip(crabs, action.cards, strict=False)
    ]
    return f"{who} chooses the Asymmetry cards " + " and ".join(pairs)


def _skill(action: Skill, state: State, rules: Rules, who: str) -> str:
    adventure = state.adventure
    asymmetry = adventure.asymmetry if adventure is not None else None
    card = -1
    if asymmetry is not None and 0 <= action.crab < len(asymmetry.chosen):
        card = asymmetry.chosen[action.crab]
    return f"{who} uses the skill of {_card_name(rules, card)}"


def _decline(action: Decline, state: State, rules: Rules, who: str) -> str:
    return f"{who} lets the skill pass"


def _obstacle(action: MakeObstacle, state: State, rules: Rules, who: str) -> str:
    return f"{who} turns {cell_label(action.cell)} into a standard Obstacle"


#: The sentence of each Module 4 action, by its kind (``who``: the player's name).
ASYMMETRY_ACTION_SENTENCES: dict[type, Callable[[Any, State, Rules, str], str]] = {
    ChooseSkills: _choose_skills,
    Skill: _skill,
    Decline: _decline,
    MakeObstacle: _obstacle,
}


def describe_asymmetry_action(
    state: State, rules: Rules, who: str, action: ChooseSkills | Skill | Decline | MakeObstacle
) -> str:
    """Say what a Module 4 action does (``who``: the player's name)."""
    return ASYMMETRY_ACTION_SENTENCES[type(action)](action, state, rules, who)


def _spied(event: Spied) -> str:
    what = "Events" if event.kind == "event" else "Challenges"
    tiles = ", ".join(str(t + 1) for t in event.tiles)
    where = f"Beach tile{'' if len(event.tiles) == 1 else 's'} {tiles}"
    text = f"{event.colour} spies the face-down {what} of {where}"
    if any(event.names):
        text += ": " + ", ".join(event.names)
    return text


#: The sentence of each Module 4 event, by its kind.
ASYMMETRY_EVENT_SENTENCES: dict[type, Callable[[Any], str]] = {
    SkillsChosen: lambda event: f"{event.colour} has chosen their Asymmetry card",
    SkillsRevealed: lambda event: "the Asymmetry cards are revealed: " + ", ".join(event.names),
    SkillUsed: lambda event: (
        f"{event.colour} uses the skill of {event.name} ({_pincers(event.pincers)} left)"
    ),
    SkillDeclined: lambda event: f"{event.colour} lets the skill of {event.name} pass",
    PincersRegenerated: lambda event: (
        f"{event.colour} regains a Pincer ({_pincers(event.pincers)})"
    ),
    Spied: _spied,
    ObstacleMade: lambda event: (
        f"{event.colour} turns {cell_label(event.cell)} into a standard Obstacle"
    ),
}

#: Module 4's events.
ASYMMETRY_EVENTS = tuple(ASYMMETRY_EVENT_SENTENCES)


def describe_asymmetry_event(
    event: SkillsChosen
    | SkillsRevealed
    | SkillUsed
    | SkillDeclined
    | PincersRegenerated
    | Spied
    | ObstacleMade,
) -> str:
    """Say what happened, for a Module 4 event."""
    return ASYMMETRY_EVENT_SENTENCES[type(event)](event)
