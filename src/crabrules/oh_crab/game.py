"""Oh Crab!'s game metadata, its ``GAME`` bundle, and the state check.

The check refuses impossible state documents at load.
"""

from __future__ import annotations

from crabrules.core.game import ChanceMode, Dynamics, GameBundle, GameInfo, Information, Utility
from crabrules.core.serialize import register_check
from crabrules.oh_crab.actions import Action
from crabrules.oh_crab.board import SEA
from crabrules.oh_crab.config import Config, config_for_players
from crabrules.oh_crab.content import get_content
from crabrules.oh_crab.effects import AUTOMATIC, MULTI
from crabrules.oh_crab.observe import Observation, determinize, observe
from crabrules.oh_crab.render import render
from crabrules.oh_crab.rules import (
    active_players,
    apply,
    initial_state,
    is_terminal,
    legal_actions,
    num_players,
    outcome,
)
from crabrules.oh_crab.state import NO_CARD, RESTING, Phase, Stage, State
from crabrules.oh_crab.work import rules_for

__all__ = ["GAME", "INFO", "check_state"]


def check_state(state: State) -> None:
    """Refuse a type-correct state that cannot happen.

    Raises:
        ValueError: saying what is wrong (sizes, cells, cards, shells, turn).
    """
    rules = rules_for(state.config)
    n = state.config.players
    for name in ("crabs", "knocked", "hands", "planned", "traces", "discards", "shells"):
        if len(getattr(state, name)) != n:
            raise ValueError(f"{name}: one entry per player is needed ({n})")
    if not (0 <= state.cook < n and 0 <= state.current < n) or state.round < 1:
        raise ValueError("cook, current or round out of range")
    cells = [c for c in state.crabs if c != SEA]
    if len(set(cells)) != len(cells):
        raise ValueError("crabs: two crabs on one space")
    for cell in cells:
        if not 0 <= cell < rules.layout.cells or not rules.layout.spaces[cell].accessible:
            raise ValueError(f"crabs: {cell} is not an accessible space")
    cards = [
        *(c for h in state.hands for c in h),
        *(c for c in state.planned if c >= 0),
        *(c for t in state.traces for c in t),
        *(c for d in state.discards for c in d),
        *(c for p in state.market for c in p),
        *state.draw,
        *state.removed,
    ]
    if sorted(cards) != list(range(len(rules.cards))):
        raise ValueError("cards: every card must be in exactly one place")
    if any(c < RESTING for c in state.planned) or len(state.market) != 3:
        raise ValueError("planned or market malformed")
    shells = get_content(state.config.content).shells - sum(rules.shell)
    if min(state.shells) < 0 or state.supply < 0 or state.supply + sum(state.shells) != shells:
        raise ValueError("shells: the counts do not add up")
    _check_phase(state)


def _check_phase(state: State) -> None:
    turn = state.turn
    if state.phase is Phase.PLANNING and (turn is not None or NO_CARD not in state.planned):
        raise ValueError("phase: a planning phase has a player still to plan and no turn")
    if state.phase is Phase.PLANNING and SEA in state.crabs:
        raise ValueError("phase: a crab in the sea ends the game before another round")
    if state.phase is Phase.ACTION and turn is None:
        raise ValueError("turn: the action phase needs a turn")
    if state.phase is Phase.OVER and (turn is not None or SEA not in state.crabs):
        raise ValueError("phase: a game is over only when a crab is in the sea")
    if turn is None:
        return
    if turn.stage is Stage.START and (turn.grants or turn.queue):
        raise ValueError("turn: no action before the card is added")
    if turn.stage is Stage.START and state.planned[state.current] == NO_CARD:
        raise ValueError("turn: the player has neither a face-down card nor a Rest")
    if not turn.queue and turn.crabs_left is not None:
        raise ValueError("turn: crabs_left outside a step")
    left = turn.crabs_left or ()
    if any(not 0 <= c < len(state.crabs) or state.crabs[c] == SEA for c in left):
        raise ValueError("turn: crabs_left names a crab that is not on the board")
    if any(g.cost < 0 or not g.steps for g in turn.grants):
        raise ValueError("turn: a grant has a negative cost or no steps")
    if turn.queue and turn.queue[0] in AUTOMATIC:
        raise ValueError("turn: an automatic step cannot wait for a choice")
    if turn.queue and (turn.queue[0] in MULTI) != (turn.crabs_left is not None):
        raise ValueError("turn: crabs_left belongs to a step that moves several crabs")


INFO = GameInfo(
    id="oh-crab",
    name="Oh Crab!",
    min_players=3,
    max_players=5,
    dynamics=Dynamics.SIMULTANEOUS,
    chance=ChanceMode.SAMPLED,
    information=Information.IMPERFECT,
    utility=Utility.GENERAL_SUM,
)

GAME: GameBundle[Config, State, Action, Observation] = GameBundle(
    info=INFO,
    config_type=Config,
    state_type=State,
    action_type=Action,
    observation_type=Observation,
    initial_state=initial_state,
    legal_actions=legal_actions,
    apply=apply,
    is_terminal=is_terminal,
    active_players=active_players,
    outcome=outcome,
    observe=observe,
    determinize=determinize,
    render=render,
    num_players=num_players,
    config_for_players=config_for_players,
)


register_check(State, check_state)
