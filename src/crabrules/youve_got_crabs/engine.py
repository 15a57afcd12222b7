"""The engine of the rules: the legal actions, and an action, once checked, applied.

:mod:`crabrules.youve_got_crabs.rules` is the public front: it checks its arguments and
raises the library's typed errors, then calls this module with arguments known to be right.
This module is hot code, and the compiled wheel compiles it with mypyc (a compiled function
checks its argument types itself and raises its own ``TypeError``, which is why the
validation stays in the pure front).

>>> from crabrules.youve_got_crabs.actions import PutDown
>>> from crabrules.youve_got_crabs.rules import initial_state
>>> state = initial_state(seed=7)
>>> legal_moves(state, 1)[-1], act(state, PutDown(0), None).down
(Signal(player=1), frozenset({0}))
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from crabrules.core import PlayerId
from crabrules.youve_got_crabs.actions import (
    Action,
    Answer,
    Call,
    Collect,
    Confirm,
    PickUp,
    PutDown,
    Resolve,
    Signal,
    Swap,
)
from crabrules.youve_got_crabs.calls import call, collect, resolve, signal, sources
from crabrules.youve_got_crabs.config import CARDS_PER_HAND, OCEAN_SIZE
from crabrules.youve_got_crabs.events import Log
from crabrules.youve_got_crabs.rounds import (
    all_down,
    answer,
    confirm,
    is_playing,
    pick_up,
    put_down,
    swap,
)
from crabrules.youve_got_crabs.state import Phase, State
from crabrules.youve_got_crabs.table import Table, table

__all__ = ["HANDLERS", "Handler", "act", "legal_moves"]


def legal_moves(state: State, player: PlayerId | None) -> tuple[Action, ...]:
    """The legal actions of ``player`` (``None``: everyone's), as ``legal_actions`` lists them.

    ``player`` is known to be a player of the game.
    """
    if state.winner is not None:
        return ()
    targets = _targets(state)
    # The seating, looked up once: the lookup hashes the config.
    seating = table(state.config)
    if player is not None:
        return _actions_of(state, player, targets, seating)
    out: list[Action] = []
    for p in _everyone(len(state.hands)):
        out.extend(_actions_of(state, p, targets, seating))
    return tuple(out)


def _actions_of(
    state: State, p: PlayerId, targets: tuple[PlayerId, ...], seating: Table
) -> tuple[Action, ...]:
    window, claim = state.window, state.claim
    if window is not None:
        if p == window.target:
            return (Call(p, window.caller, state.clock),)
        return (_RESOLVE(p),) if p == window.caller else ()
    if claim is not None:
        if p != claim.player:
            return ()
        team = seating.team_of[p]
        return tuple(Collect(p, source) for source in sources(state, team))
    if p not in targets:
        return ()  # out of the sudden death
    own: tuple[Action, ...] = ()
    on_license_side = seating.side_of[p] == state.license
    if state.phase is Phase.PLAY and on_license_side:
        if p not in state.down:
            own = (*_swaps(p), _PUT_DOWN(p))
        elif p not in state.confirmed and all_down(state):
            own = (_PICK_UP(p), _CONFIRM(p))
        else:
            own = (_PICK_UP(p),)
    elif state.phase is Phase.OFFER and not on_license_side and p not in state.declined:
        own = _answers(p)
    return (*own, *_calls(p, targets, state.clock), _SIGNAL(p))


def _targets(state: State) -> tuple[PlayerId, ...]:
    # The players still in the game: everyone, or in sudden death the tied teams'.
    if not state.tied:
        return _everyone(state.config.players)
    return tuple(p for p in range(state.config.players) if is_playing(state, p))


@functools.cache
def _everyone(players: int) -> tuple[PlayerId, ...]:
    return tuple(range(players))


# Actions without a time are values of a few small ints: build each once.
_PUT_DOWN = functools.cache(PutDown)
_PICK_UP = functools.cache(PickUp)
_CONFIRM = functools.cache(Confirm)
_SIGNAL = functools.cache(Signal)
_RESOLVE = functools.cache(Resolve)


@functools.cache
def _swaps(player: PlayerId) -> tuple[Swap, ...]:
    return tuple(Swap(player, h, o) for h in range(CARDS_PER_HAND) for o in range(OCEAN_SIZE))


@functools.cache
def _answers(player: PlayerId) -> tuple[Answer, Answer]:
    return (Answer(player, True), Answer(player, False))


@functools.lru_cache(maxsize=1024)
def _calls(player: PlayerId, targets: tuple[PlayerId, ...], clock: float) -> tuple[Call, ...]:
    return tuple(Call(player, t, clock) for t in targets if t != player)


# What each action does, once checked: the rounds' actions (rounds.py), the calls' (calls.py).
# The third argument is the event log: None from apply, a list from apply_with_events, so
# both run the same code.
Handler = Callable[[State, Any, Log], State]
HANDLERS: dict[type, Handler] = {
    Swap: swap,
    PutDown: put_down,
    PickUp: pick_up,
    Confirm: confirm,
    Answer: answer,
    Signal: signal,
    Call: call,
    Resolve: resolve,
    Collect: collect,
}


def act(state: State, action: object, log: Log) -> State:
    """The state after ``action``, an action known to be legal; ``log`` gets its events."""
    handler: Handler = HANDLERS[type(action)]
    return handler(state, action, log)
