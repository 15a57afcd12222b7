"""The game's metadata (:data:`INFO`) and its :data:`GAME` bundle for generic code."""

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
from crabrules.youve_got_crabs.actions import Action
from crabrules.youve_got_crabs.config import MAX_TEAMS, MIN_TEAMS, Config, config_for_players
from crabrules.youve_got_crabs.events import Event
from crabrules.youve_got_crabs.notation import action_to_str, parse_action, player_label
from crabrules.youve_got_crabs.observe import Observation, determinize, observe, observe_events
from crabrules.youve_got_crabs.render import render
from crabrules.youve_got_crabs.rules import (
    active_players,
    apply,
    apply_with_events,
    initial_state,
    is_terminal,
    legal_actions,
    num_players,
    outcome,
)
from crabrules.youve_got_crabs.search import SEARCH
from crabrules.youve_got_crabs.state import State, check_state
from crabrules.youve_got_crabs.svg import render_svg
from crabrules.youve_got_crabs.words import ENDINGS, describe, describe_event

__all__ = ["GAME", "INFO", "MAX_RANDOM_STEPS"]

#: Uniformly random play need not end (swaps, and wrong calls that refill the Pot, can go
#: on forever), so random play may stop after this many actions.
MAX_RANDOM_STEPS = 300

INFO = GameInfo(
    id="youve-got-crabs",
    name="You've Got Crabs",
    min_players=2 * MIN_TEAMS,
    max_players=2 * MAX_TEAMS,
    dynamics=Dynamics.REAL_TIME,
    chance=ChanceMode.SAMPLED,
    information=Information.IMPERFECT,
    utility=Utility.GENERAL_SUM,
    teams=True,
    max_random_steps=MAX_RANDOM_STEPS,
)


def _player_names(config: Config) -> tuple[str, ...]:
    # P0, P1...: the labels the table, the notation and the sentences use.
    return tuple(player_label(p) for p in range(config.players))


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
    check_state=check_state,
    event_type=Event,
    apply_with_events=apply_with_events,
    observe_events=observe_events,
    describe=describe,
    describe_event=describe_event,
    action_to_str=action_to_str,
    parse_action=parse_action,
    render_svg=render_svg,
    search=SEARCH,
    names=Names(_player_names, ENDINGS),
)
