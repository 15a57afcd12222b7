"""Oh Crab!'s game metadata and its ``GAME`` bundle; the state checks registered for loading."""

from __future__ import annotations

from cattrs.gen import make_dict_unstructure_fn, override

from crabrules.core.game import ChanceMode, Dynamics, GameBundle, GameInfo, Information, Utility
from crabrules.core.names import Names
from crabrules.core.serialize import converter, register_check
from crabrules.oh_crab.model._actions import Action
from crabrules.oh_crab.model._events import Event
from crabrules.oh_crab.model._state import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Config,
    State,
    config_for_players,
)
from crabrules.oh_crab.rules import (
    active_players,
    apply,
    apply_with_events,
    initial_state,
    is_terminal,
    legal_actions,
    num_players,
    outcome,
)
from crabrules.oh_crab.search import SEARCH
from crabrules.oh_crab.view._check import check_observation, check_state
from crabrules.oh_crab.view._notation import action_to_str, parse_action
from crabrules.oh_crab.view._observe import Observation, determinize, observe, observe_events
from crabrules.oh_crab.view._render import render
from crabrules.oh_crab.view._svg import render_svg
from crabrules.oh_crab.view._words import ENDINGS, describe, describe_event

__all__ = ["GAME", "INFO"]


INFO = GameInfo(
    id="oh-crab",
    name="Oh Crab!",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    dynamics=Dynamics.SIMULTANEOUS,
    chance=ChanceMode.SAMPLED,
    information=Information.IMPERFECT,
    utility=Utility.GENERAL_SUM,
)


def _player_names(config: Config) -> tuple[str, ...]:
    # Each player's crab colour (both, red+orange, in the 2-player mode), as the board
    # and the sentences name them.
    return tuple("+".join(team) for team in config.crab_colours())


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
    search=SEARCH,
    names=Names(_player_names, ENDINGS),
)


# The Adventure Pack's fields are left out of a document while unused: a game without
# modules writes the very documents it wrote before they existed.
_UNUSED = override(omit_if_default=True)
converter.register_unstructure_hook(
    Config, make_dict_unstructure_fn(Config, converter, modules=_UNUSED, variants=_UNUSED)
)
for _document in (State, Observation):
    converter.register_unstructure_hook(
        _document, make_dict_unstructure_fn(_document, converter, adventure=_UNUSED)
    )
register_check(State, check_state)
register_check(Observation, check_observation)
