"""The Adventure Pack's actions and events in words.

>>> from crabrules.oh_crab.model._events import SurpriseFlipped, ChallengeResolved
>>> describe_adventure_event(SurpriseFlipped(1, "orange", 1, 17, 5, "Pearl", False, False))
'orange flips a Surprise on c3: Pearl'
>>> describe_adventure_event(SurpriseFlipped(1, "orange", 1, 17, -3, "", False, True))
'orange flips a Surprise on c3: a Treasure, kept for later'
>>> describe_adventure_event(
...     ChallengeResolved(0, "red", 0, 0, "Shell Collector", (2,), ("blue",), (), ()))
'red announces the Challenge Shell Collector: first place to blue, no second place'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from crabrules.oh_crab.adventure.asymmetry_words import (
    ASYMMETRY_ACTION_SENTENCES,
    ASYMMETRY_EVENT_SENTENCES,
)
from crabrules.oh_crab.engine._work import Rules
from crabrules.oh_crab.model._actions import (
    Action,
    Choose,
    Reveal,
    TakeMarket,
    UseTreasure,
    cell_label,
    pile_label,
)
from crabrules.oh_crab.model._events import (
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
from crabrules.oh_crab.model._pack_state import DueKind
from crabrules.oh_crab.model._state import State

__all__ = [
    "ACTION_SENTENCES",
    "EVENT_SENTENCES",
    "describe_adventure_action",
    "describe_adventure_event",
]


def _take_market(action: TakeMarket, state: State, rules: Rules, who: str) -> str:
    pile = "the draw pile" if action.take == 3 else f"Market pile {pile_label(action.take)}"
    return f"{who} takes the card of {pile} into their Hand"


def _use_treasure(action: UseTreasure, state: State, rules: Rules, who: str) -> str:
    name = rules.pack.surprises[action.token].name if rules.pack else "a Treasure"
    return f"{who} uses the Treasure {name}"


def _reveal(action: Reveal, state: State, rules: Rules, who: str) -> str:
    adventure = state.adventure
    due = adventure.due[0] if adventure is not None and adventure.due else None
    if due is not None and due.kind is DueKind.CHALLENGE:
        return f"{who} announces the Challenge of Beach tile {due.tile + 1}"
    tile = "" if due is None else f" of Beach tile {due.tile + 1}"
    return f"{who} reveals the Event{tile}"


def _choose(action: Choose, state: State, rules: Rules, who: str) -> str:
    pack, adventure = rules.pack, state.adventure
    if pack is not None and adventure is not None and adventure.challenges is not None:
        options = pack.rewards[adventure.challenges.reward].options
        if 0 <= action.option < len(options):
            return f"{who} exchanges their trophy for {options[action.option].name}"
    return f"{who} exchanges their trophy for reward {action.option + 1}"


#: The sentence of each of the pack's actions, by its kind (``who``: the player's name).
ACTION_SENTENCES: dict[type, Callable[[Any, State, Rules, str], str]] = {
    TakeMarket: _take_market,
    UseTreasure: _use_treasure,
    Reveal: _reveal,
    Choose: _choose,
    **ASYMMETRY_ACTION_SENTENCES,
}


def describe_adventure_action(state: State, rules: Rules, who: str, action: Action) -> str:
    """Say what an Adventure Pack action does (``who``: the player's name)."""
    return ACTION_SENTENCES[type(action)](action, state, rules, who)


def _shell_lost(event: ShellLost) -> str:
    return f"{event.colour} gives a shell back to the supply ({event.shells} left)"


def _card_taken_back(event: CardTakenBack) -> str:
    return f"{event.colour} takes {event.card_name} from their Trace into their Hand"


def _surprise_flipped(event: SurpriseFlipped) -> str:
    where = f"{event.colour} flips a Surprise on {cell_label(event.cell)}"
    if event.kept:
        return f"{where}: {event.name or 'a Treasure'}, kept for later"
    if event.empty:
        return f"{where}: {event.name}, a Waste with no effect"
    return f"{where}: {event.name}"


def _treasure_used(event: TreasureUsed) -> str:
    return f"{event.colour} uses the Treasure {event.name}"


def _card_due(event: CardDue) -> str:
    card = "Challenge" if event.kind == DueKind.CHALLENGE.value else "Event"
    return f"the {card} of Beach tile {event.tile + 1} is due: {event.colour} must reveal it"


def _event_revealed(event: EventRevealed) -> str:
    if event.replaced:
        return f"{event.colour} reveals {event.name}, which needs another module: replaced"
    kind = "a temporary Event" if event.temporary else "an immediate Event"
    return f"{event.colour} reveals {event.name}, {kind}"


def _event_ended(event: EventEnded) -> str:
    return f"{event.name} no longer acts"


def _challenge_resolved(event: ChallengeResolved) -> str:
    first = ", ".join(event.first_colours) or "nobody"
    others = ", ".join(event.second_colours)
    second = f"a shell each to {others}" if others else "no second place"
    return f"{event.colour} announces the Challenge {event.name}: first place to {first}, {second}"


def _challenge_revealed(event: ChallengeRevealed) -> str:
    if event.card < 0:
        return "no Challenge is left: the Reward card leaves the game"
    return f"the Reward card moves to Beach tile {event.tile + 1}: {event.name} is revealed"


def _reward_chosen(event: RewardChosen) -> str:
    return f"{event.colour} exchanges their trophy for {event.name}"


#: The sentence of each of the pack's events, by its kind.
EVENT_SENTENCES: dict[type, Callable[[Any], str]] = {
    ShellLost: _shell_lost,
    CardTakenBack: _card_taken_back,
    SurpriseFlipped: _surprise_flipped,
    TreasureUsed: _treasure_used,
    CardDue: _card_due,
    EventRevealed: _event_revealed,
    EventEnded: _event_ended,
    ChallengeResolved: _challenge_resolved,
    ChallengeRevealed: _challenge_revealed,
    RewardChosen: _reward_chosen,
    **ASYMMETRY_EVENT_SENTENCES,
}


def describe_adventure_event(event: Event) -> str:
    """Say what happened, for an Adventure Pack event."""
    return EVENT_SENTENCES[type(event)](event)
