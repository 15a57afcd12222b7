"""Crab Stack's metadata and its :class:`~crabrules.core.game.Game` bundle."""

from __future__ import annotations

from crabrules.core import (
    ChanceMode,
    Dynamics,
    GameBundle,
    GameInfo,
    Information,
    Names,
    Utility,
)
from crabrules.core.serialize import register_check
from crabrules.crab_stack.actions import Action
from crabrules.crab_stack.config import MAX_PLAYERS, MIN_PLAYERS, Config, config_for_players
from crabrules.crab_stack.events import Event
from crabrules.crab_stack.notation import action_to_str, parse_action
from crabrules.crab_stack.observe import (
    Observation,
    check_observation,
    determinize,
    observe,
    observe_events,
)
from crabrules.crab_stack.render import render
from crabrules.crab_stack.rules import (
    active_players,
    apply,
    apply_with_events,
    initial_state,
    is_terminal,
    legal_actions,
    num_players,
    outcome,
)
from crabrules.crab_stack.state import State, check_state
from crabrules.crab_stack.svg import render_svg
from crabrules.crab_stack.words import ENDINGS, describe, describe_event

__all__ = ["GAME", "INFO"]

INFO = GameInfo(
    id="crab-stack",
    name="Crab Stack",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    dynamics=Dynamics.SEQUENTIAL,
    chance=ChanceMode.DETERMINISTIC,
    information=Information.PERFECT,
    utility=Utility.ZERO_SUM,
)


def _player_names(config: Config) -> tuple[str, ...]:
    # The colours the board, the record and the sentences name the players by.
    return tuple(config.colours)


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
    event_type=Event,
    apply_with_events=apply_with_events,
    observe_events=observe_events,
    describe=describe,
    describe_event=describe_event,
    action_to_str=action_to_str,
    parse_action=parse_action,
    check_state=check_state,
    render_svg=render_svg,
    names=Names(_player_names, ENDINGS),
)

register_check(State, check_state)
register_check(Observation, check_observation)
