"""Actions and events in words: one short sentence each, in the game's vocabulary.

Colours name the players, crabs are large, medium or small, and spaces go by their labels
in the notation (:func:`~crabrules.crab_stack._board.cell_labels`, printed by ``render``):

>>> from crabrules.crab_stack import PlayerEliminated, initial_state, legal_actions
>>> state = initial_state(seed=1)
>>> describe(state, legal_actions(state)[0])
'blue moves a small crab from A1 to B1, onto a blue small crab'
>>> describe_event(PlayerEliminated(player=0, colour="red"))
'red is out: no crab of theirs can move'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from crabrules.core import check_state_type
from crabrules.core.events import check_event
from crabrules.crab_stack import _events as ev
from crabrules.crab_stack._actions import Action, KeepGroup, Move
from crabrules.crab_stack._config import Config
from crabrules.crab_stack._crabs import Size, crab_player, crab_size
from crabrules.crab_stack._events import Event
from crabrules.crab_stack._rules import check_legal
from crabrules.crab_stack._state import State, Termination

_SIZE_WORDS = {Size.SMALL: "small", Size.MEDIUM: "medium", Size.LARGE: "large"}


def player_names(config: Config) -> tuple[str, ...]:
    """The colours the board, the record and the sentences name the players by.

    >>> player_names(Config(players=2))
    ('red', 'blue')
    """
    return tuple(config.colours)


#: Each way a game ends (``Outcome.reason``) in words (``GAME.names.endings``).
ENDINGS = {
    Termination.LAST_PLAYER.value: "every other player is out",
    Termination.REPETITION.value: "the same position occurred for the third time",
    Termination.TURN_LIMIT.value: "the turn limit is reached",
    Termination.ALL_ELIMINATED.value: "no player is left with a legal move",
}


def describe(state: State, action: Action) -> str:
    """Say what a legal ``action`` does in ``state``, in one sentence.

    Raises:
        NotAStateError: ``state`` is not a Crab Stack :class:`State`.
        IllegalActionError: ``action`` is not legal in ``state`` (as :func:`apply` says).

    >>> from crabrules.crab_stack._rules import initial_state
    >>> describe(initial_state(seed=1), Move(player=1, src=0, dst=8))
    'blue moves a small crab from A1 to C2, onto a red small crab'
    """
    check_state_type(state, State)
    check_legal(state, action)
    config = state.config
    labels = config.geometry.labels
    colour = config.colours[action.player]
    if isinstance(action, KeepGroup):
        (kept,) = (group for group in state.pending if group[0] == action.cell)
        return (
            f"{colour} keeps the tied group of {_cells(labels[c] for c in kept)}; "
            "the wave washes away the others"
        )
    assert isinstance(action, Move)
    moved, onto = state.stacks[action.src][-1], state.stacks[action.dst][-1]
    return (
        f"{colour} moves a {_SIZE_WORDS[crab_size(moved)]} crab from {labels[action.src]} "
        f"to {labels[action.dst]}, onto a {config.colours[crab_player(onto)]} "
        f"{_SIZE_WORDS[crab_size(onto)]} crab"
    )


def describe_event(event: Event) -> str:
    """Say what happened, in one sentence; the event alone says enough.

    >>> from crabrules.core import Outcome
    >>> from crabrules.crab_stack import GameEnded, GroupWashedAway
    >>> describe_event(GameEnded(Outcome(frozenset({1}), False, (0, 1), "last_player"),
    ...                          ("red", "blue")))
    'blue wins, the last player left'
    >>> describe_event(GroupWashedAway((4, 5), ("B2", "B3"), ((0, 3), (4,)), ("red", "blue")))
    'the wave washes away B2, B3 and their 3 crabs (2 blue, 1 red)'
    """
    check_event(event, Event)
    if isinstance(event, ev.CrabMoved):
        return (
            f"{event.colour} moves a {_SIZE_WORDS[event.size]} crab from {event.src_label} "
            f"to {event.dst_label}, onto a {event.onto_colour} {_SIZE_WORDS[event.onto_size]} "
            "crab"
        )
    if isinstance(event, ev.GroupWashedAway):
        crabs = [c for stack in event.stacks for c in stack]
        owners = Counter(event.colours[crab_player(c)] for c in crabs)
        counts = ", ".join(f"{n} {colour}" for colour, n in owners.most_common())
        return (
            f"the wave washes away {_cells(event.labels)} and their {len(crabs)} "
            f"crab{'s' * (len(crabs) != 1)} ({counts})"
        )
    if isinstance(event, ev.WaveTie):
        options = " or ".join(_cells(group) for group in event.labels)
        return f"the crabs split into tied groups: {event.colour} chooses which stays: {options}"
    if isinstance(event, ev.GroupKept):
        return f"{event.colour} keeps the group of {_cells(event.labels)}"
    if isinstance(event, ev.PlayerEliminated):
        return f"{event.colour} is out: no crab of theirs can move"
    assert isinstance(event, ev.GameEnded)
    outcome = event.outcome
    if outcome.draw:
        return f"the game is a draw: {ENDINGS.get(outcome.reason, outcome.reason)}"
    winners = " and ".join(event.colours[p] for p in sorted(outcome.winners))
    return f"{winners} wins, the last player left"


def _cells(labels: Iterable[str]) -> str:
    """Labels as a list: ``B2, B3``."""
    return ", ".join(labels)
