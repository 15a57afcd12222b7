"""Words: one sentence for an action (:func:`describe`) or an event (:func:`describe_event`).

Teams are named by their colour (:func:`team_name`), cards by their crab type's name,
slots with the labels ``render`` prints (hand ``1``-``4``, Ocean ``A``-``D``).
:func:`describe` names players as the picture does (:func:`player_name`: ``Red 1``), from
the state's config. An event carries no config, and a player's team (so their colour)
depends on the config's seating, so :func:`describe_event` names players by their seat
label, as the notation does (``P0``), rather than guess a colour; given the config,
:func:`describe_event_in` (``GAME.describe_event(event, config)``) names them.

>>> from crabrules.youve_got_crabs._rules import initial_state
>>> from crabrules.youve_got_crabs._actions import Swap
>>> from crabrules.youve_got_crabs import _events as ev
>>> state = initial_state(seed=2)
>>> describe(state, Swap(0, hand_slot=0, ocean_slot=3))
"Red 1 swaps hand card 1, Ab Crab, for the Ocean's Low Crab Diet (D)"
>>> describe_event(ev.TokenMoved(giver=POT, taker=1))
'a Crab token goes from the Pot to team Blue'
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from crabrules.core.errors import InvalidConfigError
from crabrules.core.events import check_event
from crabrules.core.game import not_a_state
from crabrules.youve_got_crabs import _actions as acts
from crabrules.youve_got_crabs import _events as ev
from crabrules.youve_got_crabs._actions import POT, Action, Source
from crabrules.youve_got_crabs._cards import card_name
from crabrules.youve_got_crabs._config import Config
from crabrules.youve_got_crabs._events import BOX, Event
from crabrules.youve_got_crabs._notation import (
    hand_label,
    ocean_label,
    player_label,
)
from crabrules.youve_got_crabs._rules import check_legal
from crabrules.youve_got_crabs._state import UNSEEN, State, Termination
from crabrules.youve_got_crabs._table import table

_CRABS = '"You\'ve got crabs!"'
#: How a sentence names a player: by seat label, or by name in a known config.
Namer = Callable[[int], str]


def describe(state: State, action: Action) -> str:
    """One sentence saying what ``action``, legal in ``state``, does.

    Players are named by :func:`player_name` and teams by their colour, from the
    state's config.

    Raises:
        IllegalActionError: ``action`` is not legal in ``state`` (as :func:`apply` would).

    >>> from crabrules.youve_got_crabs._rules import initial_state
    >>> from crabrules.youve_got_crabs import Call
    >>> print(describe(initial_state(seed=2), Call(1, 0, time=3.5)))
    Red 2 calls "You've got crabs!" on partner Red 1 at 3.5 s
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    check_legal(state, action)
    return f"{player_name(state.config, action.player)} {_DOES[type(action)](state, action)}"


def _swaps(state: State, action: acts.Swap) -> str:
    give = card_name(state.config, state.hands[action.player][action.hand_slot])
    take = card_name(state.config, state.ocean[action.ocean_slot])
    return (
        f"swaps hand card {hand_label(action.hand_slot)}, {give}, for the Ocean's "
        f"{take} ({ocean_label(action.ocean_slot)})"
    )


def _calls(state: State, action: acts.Call) -> str:
    partner = table(state.config).partner_of[action.player] == action.target
    whom = f"{'partner ' if partner else ''}{player_name(state.config, action.target)}"
    return f"calls {_CRABS} on {whom} at {action.time:g} s"


def _resolves(state: State, action: acts.Resolve) -> str:
    assert state.window is not None
    return f"resolves the call on partner {player_name(state.config, state.window.target)} alone"


#: What each kind of action does, said after the player's name.
_DOES: dict[type, Callable[[State, Any], str]] = {
    acts.Swap: _swaps,
    acts.Call: _calls,
    acts.Resolve: _resolves,
    acts.Collect: lambda _, a: f"takes a Double Crabs token from {_source(a.source)}",
    acts.Answer: lambda _, a: f"{'wants' if a.wants_swap else 'does not want'} to swap",
    acts.PutDown: lambda _, a: "puts the hand down",
    acts.PickUp: lambda _, a: "picks the hand up again",
    acts.Confirm: lambda _, a: "confirms: no more swaps",
    acts.Signal: lambda _, a: "makes the team's signal",
}


def describe_event(event: Event) -> str:
    """One sentence saying what happened.

    Players are named by their seat label (``P1``): an event alone cannot tell their
    colour (see the module's docstring, and :func:`describe_event_in`).

    Raises:
        NotAnEventError: ``event`` is not a You've Got Crabs event.

    >>> from crabrules.youve_got_crabs import CallResolved
    >>> describe_event(CallResolved(1, 0, right=False, double=False, hand=(), names=()))
    "P1's call on P0 is wrong"
    """
    check_event(event, Event)
    return _SAY[type(event)](event, player_label)


def describe_event_in(config: Config, event: Event) -> str:
    """:func:`describe_event` in a game of ``config``: players by :func:`player_name`.

    Raises:
        NotAnEventError: ``event`` is not a You've Got Crabs event.
        InvalidConfigError: ``config`` is not a You've Got Crabs config.

    >>> from crabrules.youve_got_crabs import CallMade
    >>> print(describe_event_in(Config(seating=(0, 1, 1, 0)), CallMade(1, 3, 2.0)))
    Blue 2 calls "You've got crabs!" on Red 2 at 2 s
    """
    check_event(event, Event)
    if type(config) is not Config:
        raise InvalidConfigError(f"config: a You've Got Crabs Config, not {config!r:.80}")
    return _SAY[type(event)](event, functools.partial(player_name, config))


def _source(source: Source) -> str:
    if source == POT:
        return "the Pot"
    return "the box" if source == BOX else f"team {team_name(source)}"


def _cards(names: tuple[str, ...]) -> str:
    return ", ".join(names)


def _swapped(e: ev.Swapped, name: Namer) -> str:
    return (
        f"{name(e.player)} takes the Ocean's {e.taken_name} "
        f"({ocean_label(e.ocean_slot)}) into hand slot {hand_label(e.hand_slot)}, and "
        f"{e.given_name} goes into the Ocean"
    )


def _resolved(e: ev.CallResolved, name: Namer) -> str:
    kind = "Double Crabs call" if e.double else "call"
    text = f"{name(e.caller)}'s {kind} on {name(e.target)} is "
    if not e.right:
        return text + "wrong"
    return text + f"right: {name(e.target)} shows {_cards(e.names)}"


def _drawn(e: ev.CardsDrawn, name: Namer) -> str:
    who = name(e.player)
    if all(card == UNSEEN for card in e.cards):
        return f"{who} draws {len(e.cards)} cards face down"
    return f"{who} draws {_cards(e.names)}"


def _claws(e: ev.ClawsPassed, name: Namer) -> str:
    if e.before is None and e.after is not None:
        return f"{name(e.after)} puts on the Rubber Crab Claws"
    if e.after is None and e.before is not None:
        return f"{name(e.before)} takes off the Rubber Crab Claws"
    if e.before is None or e.after is None:
        return "nobody wears the Rubber Crab Claws"
    return f"the Rubber Crab Claws pass from {name(e.before)} to {name(e.after)}"


#: Each team's name: its colour, as the picture draws its rows.
TEAM_NAMES = ("Red", "Blue", "Green", "Orange", "Purple")


def team_name(team: int) -> str:
    """A team's name: its colour (the same in every seating).

    >>> team_name(0), team_name(4)
    ('Red', 'Purple')
    """
    return TEAM_NAMES[team % 5]


def player_name(config: Config, player: int) -> str:
    """A player's name: their team's colour, then 1 or 2 for their side of the table.

    Players, the page and the picture say it; the notation keeps ``P0`` (:mod:`.notation`).

    >>> player_name(Config(teams=2), 0), player_name(Config(teams=2), 3)
    ('Red 1', 'Blue 2')
    """
    return f"{team_name(config.team_of(player))} {table(config).side_of[player] + 1}"


def player_names(config: Config) -> tuple[str, ...]:
    """Every player's :func:`player_name`, in seat order.

    >>> player_names(Config(teams=2))
    ('Red 1', 'Red 2', 'Blue 1', 'Blue 2')
    """
    return tuple(player_name(config, p) for p in range(config.players))


#: Each way a game ends (``Outcome.reason``) in words (``GAME.names.endings``).
ENDINGS = {
    Termination.POT_EMPTY.value: "the Pot is empty",
    Termination.SUDDEN_DEATH.value: "after a tie, the first tied team to gain a token",
    Termination.STALLED.value: "10,000 actions in a row and nobody called, the clock stood still",
}


def _ended(e: ev.GameEnded, name: Namer) -> str:
    players = " and ".join(map(name, e.players))
    how = "the Pot is empty" if e.reason == Termination.POT_EMPTY.value else "sudden death"
    tokens = ", ".join(f"{team_name(t)} {n}" for t, n in enumerate(e.tokens))
    return f"team {team_name(e.winner)} ({players}) wins: {how} (tokens: {tokens})"


_SAY: dict[type, Callable[[Any, Namer], str]] = {
    ev.Swapped: _swapped,
    ev.HandPutDown: lambda e, name: f"{name(e.player)} puts the hand down",
    ev.HandPickedUp: lambda e, name: f"{name(e.player)} picks the hand up again",
    ev.Confirmed: lambda e, name: f"{name(e.player)} confirms: no more swaps",
    ev.RoundEnded: lambda e, name: (
        f"side {e.side}'s round ends {'after swaps' if e.swapped else 'without a swap'}"
    ),
    ev.OfferMade: lambda e, name: (
        f"nobody swapped: side {e.side} is asked whether anyone wants to"
    ),
    ev.Answered: lambda e, name: (
        f"{name(e.player)} {'wants' if e.wants_swap else 'does not want'} to swap"
    ),
    ev.LicenseTurned: lambda e, name: f"the Crabbing License turns to side {e.side}",
    ev.RoundStarted: lambda e, name: f"side {e.side} plays a new round",
    ev.OceanDiscarded: lambda e, name: f"the Ocean goes to the Discard pile: {_cards(e.names)}",
    ev.OceanTurnedUp: lambda e, name: f"a new Ocean is turned up: {_cards(e.names)}",
    ev.Reshuffled: lambda e, name: (
        f"the Draw pile ran out: the Discard pile's {e.cards} cards are shuffled into "
        f"Draw pile {e.pile}"
    ),
    ev.Signalled: lambda e, name: f"{name(e.player)} makes the team's signal",
    ev.CallMade: lambda e, name: (
        f"{name(e.caller)} calls {_CRABS} on {name(e.target)} at {e.time:g} s"
    ),
    ev.WindowOpened: lambda e, name: (
        f"play pauses: {name(e.target)} may call {name(e.caller)} back "
        "within a second, for Double Crabs"
    ),
    ev.CallResolved: _resolved,
    ev.DoubleCrabs: lambda e, name: (
        f"Double Crabs! team {team_name(e.team)} collects {e.tokens} tokens, "
        f"{name(e.collector)} naming where each comes from"
    ),
    ev.TokenMoved: lambda e, name: (
        f"a Crab token goes from {_source(e.giver)} to {_source(e.taker)}"
    ),
    ev.NoTokenToGive: lambda e, name: f"team {team_name(e.team)} has no Crab token to give",
    ev.HandDiscarded: lambda e, name: f"{name(e.player)} discards {_cards(e.names)}",
    ev.CardsDrawn: _drawn,
    ev.ClawsPassed: _claws,
    ev.SuddenDeath: lambda e, name: (
        "the Pot is empty with a tie: sudden death between teams "
        + " and ".join(map(team_name, e.teams))
    ),
    ev.GameEnded: _ended,
}
