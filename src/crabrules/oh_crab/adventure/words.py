"""The Adventure Pack's actions and events in words.

>>> from crabrules.oh_crab.model.events import SurpriseFlipped, ChallengeResolved
>>> describe_adventure_event(SurpriseFlipped(1, "orange", 1, 17, 5, "Pearl", False, False))
'orange flips a Surprise on c3: Pearl'
>>> describe_adventure_event(SurpriseFlipped(1, "orange", 1, 17, -3, "", False, True))
'orange flips a Surprise on c3: a Treasure, kept for later'
>>> describe_adventure_event(
...     ChallengeResolved(0, "red", 0, 0, "Shell Collector", (2,), ("blue",), (), ()))
'red announces the Challenge Shell Collector: first place to blue, no second place'
"""

from __future__ import annotations

from crabrules.oh_crab.adventure.asymmetry_words import (
    ASYMMETRY_EVENTS,
    describe_asymmetry_action,
    describe_asymmetry_event,
)
from crabrules.oh_crab.engine.work import Rules
from crabrules.oh_crab.model.actions import (
    Action,
    Choose,
    ChooseSkills,
    Decline,
    MakeObstacle,
    Reveal,
    Skill,
    TakeMarket,
    UseTreasure,
)
from crabrules.oh_crab.model.adventure import DueKind
from crabrules.oh_crab.model.events import (
    CardDue,
    CardTakenBack,
    ChallengeResolved,
    ChallengeRevealed,
    Event,
    EventEnded,
    EventRevealed,
    RewardChosen,
    ShellLost,
    SurpriseFlipped,
    TreasureUsed,
)
from crabrules.oh_crab.model.names import cell_label, pile_label
from crabrules.oh_crab.model.state import State

__all__ = ["describe_adventure_action", "describe_adventure_event"]


def describe_adventure_action(state: State, rules: Rules, who: str, action: Action) -> str:
    """Say what an Adventure Pack action does (``who``: the player's name)."""
    pack = rules.pack
    if isinstance(action, ChooseSkills | Skill | Decline | MakeObstacle):
        return describe_asymmetry_action(state, rules, who, action)
    if isinstance(action, TakeMarket):
        pile = "the draw pile" if action.take == 3 else f"Market pile {pile_label(action.take)}"
        return f"{who} takes the card of {pile} into their Hand"
    if isinstance(action, UseTreasure):
        name = pack.surprises[action.token].name if pack else "a Treasure"
        return f"{who} uses the Treasure {name}"
    if isinstance(action, Reveal):
        adventure = state.adventure
        due = adventure.due[0] if adventure is not None and adventure.due else None
        if due is not None and due.kind is DueKind.CHALLENGE:
            return f"{who} announces the Challenge of Beach tile {due.tile + 1}"
        tile = "" if due is None else f" of Beach tile {due.tile + 1}"
        return f"{who} reveals the Event{tile}"
    assert isinstance(action, Choose)
    adventure = state.adventure
    if pack is not None and adventure is not None and adventure.challenges is not None:
        options = pack.rewards[adventure.challenges.reward].options
        if 0 <= action.option < len(options):
            return f"{who} exchanges their trophy for {options[action.option].name}"
    return f"{who} exchanges their trophy for reward {action.option + 1}"


def describe_adventure_event(event: Event) -> str:
    """Say what happened, for an Adventure Pack event."""
    if isinstance(event, ASYMMETRY_EVENTS):
        return describe_asymmetry_event(event)
    if isinstance(event, ShellLost):
        return f"{event.colour} gives a shell back to the supply ({event.shells} left)"
    if isinstance(event, CardTakenBack):
        return f"{event.colour} takes {event.card_name} from their Trace into their Hand"
    if isinstance(event, SurpriseFlipped):
        where = f"{event.colour} flips a Surprise on {cell_label(event.cell)}"
        if event.kept:
            return f"{where}: {event.name or 'a Treasure'}, kept for later"
        if event.empty:
            return f"{where}: {event.name}, a Waste with no effect"
        return f"{where}: {event.name}"
    if isinstance(event, TreasureUsed):
        return f"{event.colour} uses the Treasure {event.name}"
    if isinstance(event, CardDue):
        card = "Challenge" if event.kind == DueKind.CHALLENGE.value else "Event"
        return f"the {card} of Beach tile {event.tile + 1} is due: {event.colour} must reveal it"
    if isinstance(event, EventRevealed):
        if event.replaced:
            return f"{event.colour} reveals {event.name}, which needs another module: replaced"
        kind = "a temporary Event" if event.temporary else "an immediate Event"
        return f"{event.colour} reveals {event.name}, {kind}"
    if isinstance(event, EventEnded):
        return f"{event.name} no longer acts"
    if isinstance(event, ChallengeResolved):
        first = ", ".join(event.first_colours) or "nobody"
        others = ", ".join(event.second_colours)
        second = f"a shell each to {others}" if others else "no second place"
        return (
            f"{event.colour} announces the Challenge {event.name}: first place to {first}, "
            f"{second}"
        )
    if isinstance(event, ChallengeRevealed):
        if event.card < 0:
            return "no Challenge is left: the Reward card leaves the game"
        return f"the Reward card moves to Beach tile {event.tile + 1}: {event.name} is revealed"
    assert isinstance(event, RewardChosen)
    return f"{event.colour} exchanges their trophy for {event.name}"
