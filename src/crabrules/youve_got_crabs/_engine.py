"""The engine of the rules: the legal actions, and an action, once checked, applied.

:mod:`crabrules.youve_got_crabs._rules` is the public front: it checks its arguments and
raises the library's typed errors, then calls this module with arguments known to be right.
This module is hot code, and the compiled wheel compiles it with mypyc (a compiled function
checks its argument types itself and raises its own ``TypeError``, which is why the
validation stays in the pure front).

>>> from crabrules.youve_got_crabs._actions import PutDown
>>> from crabrules.youve_got_crabs._rules import initial_state
>>> state = initial_state(seed=7)
>>> legal_moves(state, 1)[-1], act(state, PutDown(0), None).down
(Signal(player=1), frozenset({0}))
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Final

from crabrules.core import PlayerId
from crabrules.youve_got_crabs import _actions as acts
from crabrules.youve_got_crabs._actions import Action
from crabrules.youve_got_crabs._calls import call, collect, resolve, signal, sources
from crabrules.youve_got_crabs._config import CARDS_PER_HAND, MAX_TEAMS, OCEAN_SIZE
from crabrules.youve_got_crabs._events import Log
from crabrules.youve_got_crabs._rounds import (
    all_down,
    answer,
    confirm,
    is_playing,
    pick_up,
    put_down,
    swap,
)
from crabrules.youve_got_crabs._state import Phase, State, is_over
from crabrules.youve_got_crabs._work import seats_of


def legal_moves(state: State, player: PlayerId | None) -> tuple[Action, ...]:
    """The legal actions of ``player`` (``None``: everyone's), as ``legal_actions`` lists them.

    ``player`` is known to be a player of the game.
    """
    if is_over(state):
        return ()
    players = _EVERYONE[len(state.hands)] if player is None else (player,)
    window = state.window
    if window is not None:
        # Play is paused: the partner's counter-call, and the caller's Resolve.
        caller, target = window.caller, window.target
        out: list[Action] = []
        for p in players:
            if p == target:
                out.append(acts.Call(p, caller, state.clock))
            elif p == caller:
                out.append(_RESOLVES[p])
        return tuple(out)
    claim = state.claim
    if claim is not None:
        p = claim.player
        if p not in players:
            return ()
        team = seats_of(state.config).team_of[p]
        return tuple(acts.Collect(p, source) for source in sources(state, team))
    return _open_play(state, players)


def _open_play(state: State, players: tuple[PlayerId, ...]) -> tuple[Action, ...]:
    """The actions of ``players`` while play goes on: the round's, then calls and Signal."""
    targets = _targets(state)
    calls = _calls_at(targets, state.clock)
    if state.tied:
        players = tuple(p for p in players if p in targets)  # the others are out
    # Everything the loop asks of the state, read once (all_down gets the same seating).
    seats = seats_of(state.config)
    side_of = seats.side_of
    license, phase = state.license, state.phase
    down, confirmed, declined = state.down, state.confirmed, state.declined
    playing, offering = phase is _PLAY, phase is _OFFER
    everyone_down: bool | None = None  # all_down(state, seats), once some player asks
    situations: list[int] = []
    for p in players:
        on_license_side = side_of[p] == license
        if playing and on_license_side:
            if p not in down:
                situation = _SWAPPING
            elif p in confirmed:
                situation = _DOWN
            else:
                if everyone_down is None:
                    everyone_down = all_down(state, seats)
                situation = _CONFIRMING if everyone_down else _DOWN
        elif offering and not on_license_side and p not in declined:
            situation = _ANSWERING
        else:
            situation = _WAITING
        situations.append(situation)
    if len(players) == 1:
        return calls.actions(players[0], situations[0])
    if not players:
        return ()  # a player out of a sudden death
    # Everyone's: the players are the targets, in order.
    return calls.everyone(tuple(situations))


def _targets(state: State) -> tuple[PlayerId, ...]:
    # The players still in the game: everyone, or in sudden death the tied teams'.
    everyone = _EVERYONE[len(state.hands)]
    if not state.tied:
        return everyone
    return tuple(p for p in everyone if is_playing(state, p))


# Enum members as Finals: C statics in the compiled build, where a member is two lookups.
_PLAY: Final = Phase.PLAY
_OFFER: Final = Phase.OFFER

# The actions without a time are values of a few small ints: each is built once, here, in
# a table by player (a Final table: a C static in the compiled build).
_PLAYERS: Final = range(2 * MAX_TEAMS)
#: By number of players: the players, in id order.
_EVERYONE: Final = tuple(tuple(range(players)) for players in range(2 * MAX_TEAMS + 1))
_SWAPS: Final = tuple(
    tuple(acts.Swap(p, h, o) for h in range(CARDS_PER_HAND) for o in range(OCEAN_SIZE))
    for p in _PLAYERS
)
_PUT_DOWNS: Final = tuple(acts.PutDown(p) for p in _PLAYERS)
_PICK_UPS: Final = tuple(acts.PickUp(p) for p in _PLAYERS)
_CONFIRMS: Final = tuple(acts.Confirm(p) for p in _PLAYERS)
_ANSWERS: Final = tuple((acts.Answer(p, True), acts.Answer(p, False)) for p in _PLAYERS)
_SIGNALS: Final = tuple(acts.Signal(p) for p in _PLAYERS)
_RESOLVES: Final = tuple(acts.Resolve(p) for p in _PLAYERS)

# A player's situation in open play, which decides their round's actions: swapping (their
# side plays and their hand is up), down (hand down), confirming (hand down, every hand of
# the side down, not confirmed yet), answering (the other side's offer), waiting (none).
_SWAPPING: Final = 0
_DOWN: Final = 1
_CONFIRMING: Final = 2
_ANSWERING: Final = 3
_WAITING: Final = 4
_SITUATIONS: Final = 5
#: How many listings of everyone's actions a table keeps (:meth:`_Calls.everyone`).
_LISTINGS: Final = 64
#: By player, then situation: the round's actions, in the order ``legal_actions`` lists them.
_ROUND_ACTIONS: Final[tuple[tuple[tuple[Action, ...], ...], ...]] = tuple(
    (
        (*_SWAPS[p], _PUT_DOWNS[p]),
        (_PICK_UPS[p],),
        (_PICK_UPS[p], _CONFIRMS[p]),
        _ANSWERS[p],
        (),
    )
    for p in _PLAYERS
)


class _Calls:
    """The actions of each player at one clock time, built when first asked.

    One table per clock time and set of targets (:func:`_calls_at`), so listing everyone's
    actions looks the time up once, and asking one player's builds only theirs. A player's
    actions in a situation are one tuple (the round's, the calls, Signal), built once, so
    listing them is one ``extend`` a player.
    """

    def __init__(self, targets: tuple[PlayerId, ...], clock: float) -> None:
        self.targets = targets
        self.clock = clock
        self.by_player: list[tuple[acts.Call, ...] | None] = [None] * len(_PLAYERS)
        self.by_situation: list[tuple[Action, ...] | None] = [None] * (len(_PLAYERS) * _SITUATIONS)
        self.listings: dict[tuple[int, ...], tuple[Action, ...]] = {}

    def of(self, player: PlayerId) -> tuple[acts.Call, ...]:
        """The calls ``player`` may make: one a target other than themselves."""
        calls = self.by_player[player]
        if calls is None:
            calls = tuple(acts.Call(player, t, self.clock) for t in self.targets if t != player)
            self.by_player[player] = calls
        return calls

    def everyone(self, situations: tuple[int, ...]) -> tuple[Action, ...]:
        """Every target's actions, target by target, each in their situation.

        The listings are kept (up to ``_LISTINGS`` a table): play revisits the same few.
        """
        listing = self.listings.get(situations)
        if listing is None:
            out: list[Action] = []
            for k, situation in enumerate(situations):
                out.extend(self.actions(self.targets[k], situation))
            listing = tuple(out)
            if len(self.listings) < _LISTINGS:
                self.listings[situations] = listing
        return listing

    def actions(self, player: PlayerId, situation: int) -> tuple[Action, ...]:
        """Everything ``player`` may do in ``situation`` (one of ``_SWAPPING`` ...)."""
        key = player * _SITUATIONS + situation
        actions = self.by_situation[key]
        if actions is None:
            round_actions = _ROUND_ACTIONS[player][situation]
            actions = (*round_actions, *self.of(player), _SIGNALS[player])
            self.by_situation[key] = actions
        return actions


@functools.lru_cache(maxsize=256)
def _calls_at(targets: tuple[PlayerId, ...], clock: float) -> _Calls:
    return _Calls(targets, clock)


# What each action does, once checked: the rounds' actions (rounds.py), the calls' (calls.py).
# The third argument is the event log: None from apply, a list from apply_with_events, so
# both run the same code.
Handler = Callable[[State, Any, Log], State]
HANDLERS: dict[type, Handler] = {
    acts.Swap: swap,
    acts.PutDown: put_down,
    acts.PickUp: pick_up,
    acts.Confirm: confirm,
    acts.Answer: answer,
    acts.Signal: signal,
    acts.Call: call,
    acts.Resolve: resolve,
    acts.Collect: collect,
}


def act(state: State, action: object, log: Log) -> State:
    """The state after ``action``, an action known to be legal; ``log`` gets its events."""
    handler: Handler = HANDLERS[type(action)]
    return handler(state, action, log)
