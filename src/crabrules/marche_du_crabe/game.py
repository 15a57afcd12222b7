"""The game's metadata and its :class:`~crabrules.core.GameBundle`."""

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
from crabrules.marche_du_crabe.actions import Action
from crabrules.marche_du_crabe.config import Config, config_for_players
from crabrules.marche_du_crabe.events import Event
from crabrules.marche_du_crabe.notation import action_to_str, parse_action
from crabrules.marche_du_crabe.observe import Observation, determinize, observe, observe_events
from crabrules.marche_du_crabe.render import render
from crabrules.marche_du_crabe.rules import (
    active_players,
    apply,
    apply_with_events,
    initial_state,
    is_terminal,
    legal_actions,
    num_players,
    outcome,
)
from crabrules.marche_du_crabe.search import SEARCH
from crabrules.marche_du_crabe.state import NAMES, State, check_state
from crabrules.marche_du_crabe.svg import render_svg
from crabrules.marche_du_crabe.words import ENDINGS, describe, describe_event

__all__ = ["GAME", "INFO"]

#: What kind of game La Marche du Crabe is. Baddie cards are drawn during play, so chance
#: acts after setup; every random game ends, as each turn uses up a Baddie card.
INFO = GameInfo(
    id="la-marche-du-crabe",
    name="La Marche du Crabe",
    min_players=2,
    max_players=2,
    dynamics=Dynamics.SEQUENTIAL,
    chance=ChanceMode.SAMPLED,
    information=Information.IMPERFECT,
    utility=Utility.COOPERATIVE,
)


def _player_names(config: Config) -> tuple[str, ...]:
    # The two players' names in the rules (Boater, Sunny), as the sentences say them.
    return NAMES


#: The game under the :class:`~crabrules.core.Game` protocol: ``crabrules.GAMES[INFO.id]``.
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
