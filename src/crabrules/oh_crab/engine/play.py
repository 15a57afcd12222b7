"""The engine of Oh Crab!: the legal actions, and playing an action on a working copy.

:mod:`crabrules.oh_crab.rules` is the front: it checks its arguments (the state's type,
the player, the action when asked to), then calls this module, which trusts them. The
compiled build compiles this module with the working copy and the effects it runs
(:mod:`~crabrules.oh_crab.engine.work`, :mod:`~crabrules.oh_crab.engine.effects`,
:mod:`~crabrules.oh_crab.engine.turns`, :mod:`~crabrules.oh_crab.engine.movement`); the order
of the legal actions is the one :mod:`~crabrules.oh_crab.rules` documents, each family's
options coming from its module (:mod:`~crabrules.oh_crab.engine.actions`). An action is
played by its kind's rule, looked up once in the table
(:mod:`~crabrules.oh_crab.engine.actions.table`); the end of the action is announced to the
moments of the rules in play (:mod:`~crabrules.oh_crab.engine.moments`), which nobody
hears in a game without modules.
"""

from __future__ import annotations

from typing import Final

from crabrules.core.construct import constructor
from crabrules.core.game import PlayerId
from crabrules.oh_crab.engine.actions.setup import activate_options, place_options, plan_options
from crabrules.oh_crab.engine.actions.table import rule_of
from crabrules.oh_crab.engine.actions.turn import (
    exchange_and_end_options,
    start_options,
    use_options,
)
from crabrules.oh_crab.engine.effects import resolve, shortcut_options, step_options
from crabrules.oh_crab.engine.tables import Tables, rules_for
from crabrules.oh_crab.engine.turns import end_turn_options
from crabrules.oh_crab.engine.work import Work
from crabrules.oh_crab.model.actions import Action, Plan
from crabrules.oh_crab.model.events import Event
from crabrules.oh_crab.model.progress import Phase, Stage
from crabrules.oh_crab.model.state import NO_CARD, State

__all__ = ["apply", "legal_actions"]

# Built field by field (crabrules.core.construct): in the compiled wheel, a fraction of
# the cost of State's own __init__ (the class itself in the pure build).
_new_state: Final = constructor(State)


def legal_actions(state: State, player: PlayerId | None) -> tuple[Action, ...]:
    """Every legal action now (or only ``player``'s, a player of the game)."""
    rules = rules_for(state.config)
    for first_options in rules.moments.first_options:
        # With modules: a decision that comes first (a setup choice, a frame), maybe
        # another player's.
        first = first_options(state, player)
        if first is not None:
            return first
    if state.phase is Phase.PLANNING:
        return tuple(plan_options(rules, state, player))
    if player not in (None, state.current):
        return ()
    if state.phase is Phase.ACTION:
        return tuple(_turn_actions(rules, state))
    if state.phase is Phase.PLACING:
        return tuple(place_options(rules, state))
    return ()


def _turn_actions(config_rules: Tables, state: State) -> list[Action]:
    """The legal actions of the action phase, in the order the module documents."""
    turn = state.turn
    assert turn is not None
    p, crab = state.current, turn.crab
    moments = config_rules.moments
    rules = moments.in_play(config_rules, state.adventure)
    if turn.stage is Stage.START:
        return start_options(rules, state, p)
    if turn.stage is Stage.ACTIVATE:
        return activate_options(rules, state, p)
    if turn.queue:
        return step_options(
            rules, state, crab, turn.queue[0], head_down=turn.head_down, crabs_left=turn.crabs_left
        )
    if turn.stage is Stage.ENDING:
        # The turn has ended (only with modules); what it triggered is due before it passes.
        ending: list[Action] = []
        for turn_options in moments.turn_options:
            ending.extend(turn_options(rules, state, crab, turn.head_down)[0])
        return ending
    out = use_options(rules, state, crab)
    for turn_options in moments.turn_options:
        more, held = turn_options(rules, state, crab, turn.head_down)
        out.extend(more)
        if held:
            # A card due: the turn cannot end before it is revealed.
            out.extend(shortcut_options(rules, state, crab))
            return out
    # F. Board actions: available whenever no other action is being resolved.
    out.extend(shortcut_options(rules, state, crab))
    out.extend(exchange_and_end_options(rules, state, crab))
    out.extend(end_turn_options(rules, state, crab, turn.head_down))
    return out


def apply(state: State, action: Action, events: list[Event] | None = None) -> State:
    """Return the state after ``action``, logging its events in ``events`` if given."""
    if events is None and type(action) is Plan:
        planned = _planned_alone(state, action)
        if planned is not None:
            return planned
    work = Work(state, events)
    _run(work, action)
    work.rules.moments.ended(work, state)
    return work.freeze()


def _planned_alone(state: State, action: Plan) -> State | None:
    """The state after a Plan that leaves others to plan, or ``None`` for the last one.

    Such a Plan moves one card from the Hand to the face-down card and nothing else: the
    new state is built directly, without the working copy (a fifth of a game's actions).
    """
    p, card = action.player, action.card
    planned = list(state.planned)
    planned[p] = card
    if NO_CARD not in planned:
        return None  # the last Plan starts the action phase: the full path
    hands = list(state.hands)
    hands[p] = tuple([c for c in hands[p] if c != card])
    s = state
    return _new_state(
        s.config,
        s.seed,
        s.rng,
        s.round,
        s.phase,
        s.cook,
        s.current,
        s.owners,
        s.crabs,
        s.knocked,
        s.tokens,
        s.cook_used,
        tuple(hands),
        tuple(planned),
        s.traces,
        s.discards,
        s.shells,
        s.supply,
        s.market,
        s.draw,
        s.removed,
        s.known,
        s.draw_seen,
        s.turn,
        s.adventure,
    )


def _run(work: Work, action: Action) -> None:
    """Play ``action`` on ``work``: its rule, looked up once by its kind, plays it."""
    rule = rule_of(action)
    if not rule.choice:
        rule.play(work, action)
    elif not work.rules.moments.answered(work, rule, action):
        resolve(work, rule, action)  # the answer of the step on top of the decisions
