"""The notation: actions as short text people read and type, in the labels ``render`` prints.

Players are ``P0`` .. ``P9``, teams ``T0`` .. ``T4``, hand slots ``1`` .. ``4`` and Ocean
slots ``A`` .. ``D``, as :func:`~crabrules.youve_got_crabs._render.render` labels them:

======================  ==========================================================
``P0 swap 1D``          :class:`Swap`: P0's hand card 1 for Ocean card D
``P0 down``, ``P0 up``  :class:`PutDown`, :class:`PickUp`
``P0 confirm``          :class:`Confirm`
``P1 yes``, ``P1 no``   :class:`Answer` to the offer
``P0 signal``           :class:`Signal`
``P1 call P0 @31.2``    :class:`Call` on P0 at 31.2 s on P1's clock
``P1 resolve``          :class:`Resolve`
``P1 collect pot``      :class:`Collect` from the Pot (``P1 collect T2``: from team 2)
======================  ==========================================================

A call's time is written as the shortest decimal that reads back as the same float, so
the text keeps it exactly; ``@`` and the time may be left out when typing, meaning the
state's clock (the time :func:`legal_actions` lists calls at). Calls compare without
their time, so the round trip is exact either way. Words are case-insensitive.

>>> from crabrules.youve_got_crabs import Call, initial_state
>>> state = initial_state(seed=7)
>>> action_to_str(state, Call(1, 0, time=31.2))
'P1 call P0 @31.2'
>>> parse_action(state, "p0 swap 2c")
Swap(player=0, hand_slot=1, ocean_slot=2)
"""

from __future__ import annotations

import math
import re

from crabrules.core import CommonReason, IllegalActionError, PlayerId
from crabrules.core.game import not_a_state
from crabrules.youve_got_crabs import _actions as acts
from crabrules.youve_got_crabs._actions import POT, Action, Source
from crabrules.youve_got_crabs._config import Team
from crabrules.youve_got_crabs._events import BOX
from crabrules.youve_got_crabs._rules import check_legal
from crabrules.youve_got_crabs._state import State

#: The Ocean's slots 0..3, as ``render`` prints them.
OCEAN_LABELS = "ABCD"

_WORDS: dict[type, str] = {
    acts.PutDown: "down",
    acts.PickUp: "up",
    acts.Confirm: "confirm",
    acts.Signal: "signal",
    acts.Resolve: "resolve",
}
_BY_WORD = {word: cls for cls, word in _WORDS.items()}


def player_label(player: PlayerId) -> str:
    """``P3`` for player 3.

    >>> player_label(3)
    'P3'
    """
    return f"P{player}"


def team_label(team: Team) -> str:
    """``T1`` for team 1.

    >>> team_label(1)
    'T1'
    """
    return f"T{team}"


def hand_label(slot: int) -> str:
    """``1`` .. ``4`` for hand slots 0..3.

    >>> hand_label(0)
    '1'
    """
    return str(slot + 1)


def ocean_label(slot: int) -> str:
    """``A`` .. ``D`` for Ocean slots 0..3.

    >>> ocean_label(3)
    'D'
    """
    return OCEAN_LABELS[slot] if 0 <= slot < len(OCEAN_LABELS) else f"#{slot}"


def source_label(source: Source) -> str:
    """``pot`` for :data:`POT`, ``box`` for the box, ``T<n>`` for a team.

    >>> source_label(POT), source_label(BOX), source_label(2)
    ('pot', 'box', 'T2')
    """
    if source == POT:
        return "pot"
    return "box" if source == BOX else team_label(source)


def action_to_str(state: State, action: Action) -> str:
    """Write ``action`` in the notation.

    Raises:
        IllegalActionError: ``action`` is not legal in ``state`` (as :func:`apply` says).

    >>> from crabrules.youve_got_crabs import Signal, Swap, initial_state
    >>> state = initial_state(seed=7)
    >>> action_to_str(state, Swap(0, hand_slot=0, ocean_slot=3))
    'P0 swap 1D'
    >>> action_to_str(state, Signal(1))
    'P1 signal'
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    check_legal(state, action)
    who = player_label(action.player)
    if isinstance(action, acts.Swap):
        return f"{who} swap {hand_label(action.hand_slot)}{ocean_label(action.ocean_slot)}"
    if isinstance(action, acts.Answer):
        return f"{who} {'yes' if action.wants_swap else 'no'}"
    if isinstance(action, acts.Call):
        return f"{who} call {player_label(action.target)} @{action.time!r}"
    if isinstance(action, acts.Collect):
        return f"{who} collect {source_label(action.source)}"
    return f"{who} {_WORDS[type(action)]}"


# ASCII digits only: `\d` and float() also take other scripts' digits and underscores.
_PLAYER = re.compile(r"p([0-9]{1,2})")
_TEAM = re.compile(r"t([0-9]{1,2})")
_TIME = re.compile(r"@([0-9]+(?:\.[0-9]+)?(?:e[+-]?[0-9]+)?)")
_SWAP = re.compile(r"([1-4])([a-d])")


def parse_action(state: State, text: str) -> Action:
    """Read an action written in the notation, and check that it is legal now.

    Raises:
        IllegalActionError: with reason ``bad_notation`` for text that is not the notation
            of an action; with the rule's reason for an action that is not legal now.

    >>> from crabrules.youve_got_crabs._rules import initial_state
    >>> state = initial_state(seed=7)
    >>> parse_action(state, "P2 call P1 @4.5")
    Call(player=2, target=1, time=4.5)
    >>> parse_action(state, "P1 swap 1A")
    Traceback (most recent call last):
    ...
    crabrules.core.errors.IllegalActionError: the License points at the other side
    >>> parse_action(state, "P1 jump")
    Traceback (most recent call last):
    ...
    crabrules.core.errors.IllegalActionError: not You've Got Crabs notation: 'P1 jump' \
(try 'P0 swap 1D', 'P1 call P0 @12.5', 'P1 collect pot')
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    action = _read(state, text)
    check_legal(state, action)
    return action


def _read(state: State, text: object) -> Action:
    if type(text) is not str:
        raise _bad(text)
    words = text.lower().split()
    if len(words) < 2:
        raise _bad(text)
    player = _number(_PLAYER, words[0], text)
    verb, rest = words[1], words[2:]
    if verb in _BY_WORD and not rest:
        return _BY_WORD[verb](player)  # type: ignore[no-any-return]
    if verb in ("yes", "no") and not rest:
        return acts.Answer(player, verb == "yes")
    if verb == "swap" and len(rest) == 1 and (slots := _SWAP.fullmatch(rest[0])):
        return acts.Swap(player, int(slots[1]) - 1, OCEAN_LABELS.lower().index(slots[2]))
    if verb == "call" and len(rest) in (1, 2):
        target = _number(_PLAYER, rest[0], text)
        time = _time(rest[1], text) if len(rest) == 2 else state.clock
        return acts.Call(player, target, time)
    if verb == "collect" and len(rest) == 1:
        source = POT if rest[0] == "pot" else _number(_TEAM, rest[0], text)
        return acts.Collect(player, source)
    raise _bad(text)


def _number(pattern: re.Pattern[str], word: str, text: str) -> int:
    found = pattern.fullmatch(word)
    if found is None:
        raise _bad(text)
    return int(found[1])


def _time(word: str, text: str) -> float:
    found = _TIME.fullmatch(word)
    if found is None:
        raise _bad(text)
    time = float(found[1])
    if not math.isfinite(time):
        raise _bad(text)
    return time


def _bad(text: object) -> IllegalActionError:
    return IllegalActionError(
        f"not You've Got Crabs notation: {text!r:.60} "
        "(try 'P0 swap 1D', 'P1 call P0 @12.5', 'P1 collect pot')",
        action=None,
        reason=CommonReason.BAD_NOTATION,
    )
