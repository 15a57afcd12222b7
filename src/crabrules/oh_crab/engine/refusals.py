"""Why an action is refused, in the game's words: which field is wrong, which rule refuses it.

:func:`~crabrules.oh_crab.rules.check_legal` calls :func:`refusal` once it knows that the
action's player may act and that the action is not among the legal ones. The message
begins with the field (``dest: ...``, as a config error does) and says what the rule
asks for, naming crabs by colour, cards by name and spaces by the labels ``render``
prints; the :class:`~crabrules.oh_crab.model.actions.IllegalReason` says which kind of rule it
is. An action of a kind the moment does not offer is refused as ``wrong_phase``, saying
what the moment waits for; between the turn's actions, its kind's rule says which rule
closes it. Otherwise its kind's rule names the field (each family's module, see
:mod:`~crabrules.oh_crab.engine.actions`), with the checks its options were made by.

The fields are looked at in their order in the action: the first one no legal action of
that kind shares (with the fields before it) is the one named. This is the error path:
nothing here runs while legal actions are applied.

>>> from crabrules.oh_crab import Config, Move, Plan, Use, apply, initial_state
>>> state = initial_state(Config(players=3), seed=7)
>>> apply(state, Plan(0, 9))
Traceback (most recent call last):
...
crabrules.core.errors.IllegalActionError: card: blue-2 (Move forward) is not in red's Hand
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from crabrules.core.errors import IllegalActionError
from crabrules.oh_crab.content.primitives import MOVES
from crabrules.oh_crab.engine.actions.moment import Moment, step_name
from crabrules.oh_crab.engine.actions.rule import ActionRule, Refused
from crabrules.oh_crab.engine.actions.table import rule_of
from crabrules.oh_crab.model.actions import Action, IllegalReason
from crabrules.oh_crab.model.state import Phase, Stage, State

__all__ = ["refusal"]

R = IllegalReason


def refusal(state: State, action: Action, legal: Sequence[Action]) -> IllegalActionError:
    """The error for ``action``, of an active player, which is not in ``legal`` (their actions).

    >>> from crabrules.oh_crab import Config, initial_state, legal_actions, Plan
    >>> state = initial_state(Config(players=3), seed=7)
    >>> refusal(state, Plan(0, 99), legal_actions(state, 0)).reason.value
    'no_such_card'
    """
    moment = Moment(state, action.player)
    rule = rule_of(action)
    same = [a for a in legal if type(a) is type(action)]
    if same:
        message, reason = rule.field(moment, action, same)
    else:
        message, reason = _wrong_phase(moment, rule, action)
    return IllegalActionError(message, action=action, reason=reason)


def _wrong_phase(m: Moment, rule: ActionRule[Any], action: Action) -> Refused:
    """What the moment waits for, when it offers no action of this kind."""
    name = type(action).__name__
    # "a Use", "a UseTreasure": the U of Use sounds like "you".
    kind = f"{'an' if name[0] in 'AEIO' else 'a'} {name} is not possible now"
    state, turn = m.state, m.state.turn
    for waits_for in m.rules.moments.waits_for:
        waiting = waits_for(state)
        if waiting is not None:
            return f"{kind}: {waiting}", R.WRONG_PHASE
    if state.phase is Phase.PLANNING:
        return f"{kind}: it is the Planning phase, {m.who} plans a card", R.WRONG_PHASE
    if state.phase is Phase.PLACING:
        return f"{kind}: the crabs are being placed on their Start spaces", R.WRONG_PHASE
    if m.frame is not None:
        return f"{kind}: {m.who} first decides what {step_name(m.step)} asks", R.WRONG_PHASE
    assert turn is not None
    if turn.stage is Stage.ACTIVATE:
        return f"{kind}: {m.who} first activates a crab with token 1", R.WRONG_PHASE
    if turn.stage is Stage.START:
        return f"{kind}: {m.who} first adds their card to the Trace, or rests", R.WRONG_PHASE
    if turn.stage is Stage.ENDING:
        return f"{kind}: the turn has ended, {m.who} reveals what is due", R.WRONG_PHASE
    crab = m.crab_name(m.crab)
    knocked = state.crabs[m.crab] >= 0 and state.knocked[m.crab]
    if knocked and m.step in MOVES:
        step = step_name(m.step)
        return f"{kind}: {crab} is knocked over, {step} only stands it up", R.WRONG_PHASE
    if turn.queue:
        step = step_name(m.step)
        return f"{kind}: {m.who} is resolving {step} and finishes it first", R.WRONG_PHASE
    # Between the turn's actions: the kind's rule says which rule closes it.
    return rule.closed(m, action, kind, knocked)
