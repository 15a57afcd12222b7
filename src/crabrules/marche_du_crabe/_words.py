"""Sentences for people: what an action does, and what an event says happened.

Players are named (Boater, Sunny), Baddies by their colour (red, blue), cards by the
labels :func:`~crabrules.marche_du_crabe.render` prints (columns A to F, rows 1 to 6 from
the sand row) and Items by name. :func:`describe` says only what both players can see:
it never tells whether an Item is forbidden.

>>> from crabrules.marche_du_crabe import Place, initial_state
>>> state = initial_state(seed=7)
>>> describe(state, Place(player=0, cell=19))
'Boater puts the red Baddie on B4 (row 4)'
"""

from __future__ import annotations

from crabrules.core.events import check_event
from crabrules.core.game import not_a_state
from crabrules.marche_du_crabe import _events as ev
from crabrules.marche_du_crabe._actions import Action, Move, Place
from crabrules.marche_du_crabe._board import LABELS, NO_ITEM, path
from crabrules.marche_du_crabe._config import Config
from crabrules.marche_du_crabe._content import ITEMS
from crabrules.marche_du_crabe._events import Event
from crabrules.marche_du_crabe._move import crossing_cost
from crabrules.marche_du_crabe._rules import check_legal
from crabrules.marche_du_crabe._state import (
    COLOURS,
    CRABS_TO_FREE,
    NAMES,
    NO_BADDIE,
    State,
    Termination,
)


def describe(state: State, action: Action) -> str:
    """Say in one sentence what the legal ``action`` does in ``state``.

    Raises:
        NotAStateError: ``state`` is not a :class:`~crabrules.marche_du_crabe.State`.
        IllegalActionError: ``action`` is not legal in ``state``.

    >>> from crabrules.marche_du_crabe import Stay, apply, initial_state
    >>> state = apply(initial_state(seed=7), Place(player=0, cell=19))
    >>> describe(state, Move(player=0, cell=24))
    'Boater moves the Crabs from A1 to A5, crossing no Baddie'
    >>> describe(state, Stay(player=0))
    'Boater does not move the Crabs'
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    check_legal(state, action)
    name = NAMES[action.player]
    if isinstance(action, Place):
        cell = action.cell
        text = f"{name} puts the {COLOURS[action.player]} Baddie on {_at(cell)}"
        if cell == state.token:
            text += ", under the Crabs, costing 1 Shrimp"
        return text
    if isinstance(action, Move):
        cell = action.cell
        text = f"{name} moves the Crabs from {LABELS[state.token]} to {LABELS[cell]}"
        item = state.layout.items[cell]
        if item != NO_ITEM and cell not in state.freed:
            text += f", onto the {ITEMS[item]}"
        crossed = sum(state.baddies[c] != NO_BADDIE for c in path(state.token, cell))
        if not crossed:
            return text + ", crossing no Baddie"
        return (
            text
            + f", crossing {_count(crossed, 'Baddie')} ({_shrimps(crossing_cost(state, cell))})"
        )
    return f"{name} does not move the Crabs"


def describe_event(event: Event) -> str:
    """Say in one sentence what ``event`` says happened; no state is needed.

    Raises:
        NotAnEventError: ``event`` is not an event of La Marche du Crabe.

    >>> from crabrules.marche_du_crabe._events import BaddiePlaced
    >>> describe_event(BaddiePlaced(1, "Sunny", "blue", 14, "C3", 2, 1, 4))
    "Sunny's blue Baddie goes on C3 (row 3), under the Crabs, costing 1 Shrimp (4 left)"
    """
    check_event(event, Event)
    if isinstance(event, ev.BaddieRevealed):
        return f"{event.name} reveals a {event.colour} Baddie of row {event.row + 1}"
    if isinstance(event, ev.BaddiePlaced):
        text = f"{event.name}'s {event.colour} Baddie goes on {event.label} (row {event.row + 1})"
        if event.cost:
            text += (
                f", under the Crabs, costing {_shrimps(event.cost)} ({event.shrimps_left} left)"
            )
        return text
    if isinstance(event, ev.CrabsStayed):
        return f"{event.name} does not move the Crabs"
    if isinstance(event, ev.CrabsMoved):
        text = f"{event.name} moves the Crabs from {event.start_label} to {event.end_label}"
        if not event.crossed:
            return text
        where = ", ".join(event.crossed_labels)
        lost = _shrimps(event.cost)
        return f"{text}, crossing Baddies on {where}: {lost} lost ({event.shrimps_left} left)"
    if isinstance(event, ev.ShrimpSnack):
        text = f"the Crabs eat the Shrimp snack on {event.label}: "
        if event.gained:
            return text + f"a Shrimp flips back alive ({event.shrimps_left} left)"
        return text + "the pair already has all 5 Shrimps"
    if isinstance(event, ev.CrabFreed):
        return (
            f"a crab is freed from the {event.item_name} on {event.label} "
            f"({event.freed} of {CRABS_TO_FREE})"
        )
    if isinstance(event, ev.ForbiddenItemHit):
        return (
            f"the {event.item_name} on {event.label} is {event.owner_name}'s Forbidden Item: "
            f"a Baddie was hiding there, {_shrimps(event.cost)} lost ({event.shrimps_left} left)"
        )
    if isinstance(event, ev.BaddieBuried):
        baddie = f"{event.name}'s {event.colour} Baddie"
        return f"{baddie} slides, unrevealed, under the Crabs on {event.label}"
    assert isinstance(event, ev.GameEnded)
    return _ENDINGS[event.termination].format(score=event.score)


_ENDINGS = {
    Termination.CRABS_FREED: "8 crabs are free: Boater and Sunny win, scoring {score}",
    Termination.NO_SHRIMPS: "the Shrimps owed cannot be paid: the game is lost",
    Termination.BADDIE_CANNOT_BE_PLACED: (
        "the revealed Baddie has no card to go on: the game is lost"
    ),
    Termination.DECK_EMPTY: "the player to move has no Baddie left: the game is lost",
}


def player_names(config: Config) -> tuple[str, ...]:
    """The two players' names in the rules, as the sentences say them.

    >>> player_names(Config())
    ('Boater', 'Sunny')
    """
    return NAMES


#: Each way a game ends (``Outcome.reason``) in words (``GAME.names.endings``).
ENDINGS = {
    Termination.CRABS_FREED.value: "8 crabs are free",
    Termination.NO_SHRIMPS.value: "the Shrimps owed cannot be paid",
    Termination.BADDIE_CANNOT_BE_PLACED.value: "the revealed Baddie has no card to go on",
    Termination.DECK_EMPTY.value: "the player to move has no Baddie left",
}


def _at(cell: int) -> str:
    return f"{LABELS[cell]} (row {cell // 6 + 1})"


def _count(n: int, thing: str) -> str:
    return f"{n} {thing}" if n == 1 else f"{n} {thing}s"


def _shrimps(n: int) -> str:
    return _count(n, "Shrimp")
