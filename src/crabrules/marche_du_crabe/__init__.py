"""La Marche du Crabe: two crabs who may not talk free 8 of their own from a litter beach.

A cooperative game for exactly two players: Boater (player 0, red Baddies, moves along
columns, plays first) and Sunny (player 1, blue Baddies, moves along rows). A turn is two
decisions of the same player: place the revealed Baddie, then move the Crabs or stay.

>>> from crabrules import marche_du_crabe as mdc
>>> state = mdc.initial_state(seed=2024)
>>> while not mdc.is_terminal(state):
...     state = mdc.apply(state, mdc.legal_actions(state)[-1])
>>> mdc.outcome(state)
Outcome(winners=frozenset(), draw=False, scores=(0, 0), reason='deck_empty')

Adventure mode plays a campaign of beaches through the same API
(:mod:`~crabrules.marche_du_crabe.adventure`).

Where the rules live: :mod:`~crabrules.marche_du_crabe._rules` sets the game up, runs the
turn and ends the game; its two steps are :mod:`~crabrules.marche_du_crabe._baddie` (a
Baddie shows up) and :mod:`~crabrules.marche_du_crabe._move` (the Crabs move, and what it
costs). :mod:`~crabrules.marche_du_crabe._board` is the 6 by 6 beach and its layouts,
:mod:`~crabrules.marche_du_crabe._content` the printed Items and icons,
:mod:`~crabrules.marche_du_crabe.beaches` the beach definitions of Adventure mode,
:mod:`~crabrules.marche_du_crabe._state` the state, :mod:`~crabrules.marche_du_crabe._observe`
what each player sees and :mod:`~crabrules.marche_du_crabe._render` the beach as text.
:mod:`~crabrules.marche_du_crabe._events` are what an action did
(:func:`~crabrules.marche_du_crabe._rules.apply_with_events`),
:mod:`~crabrules.marche_du_crabe._words` says actions and events in sentences and
:mod:`~crabrules.marche_du_crabe._notation` writes and reads actions (``place C4``,
``move C4``, ``stay``) on the labels the beach is printed with.
"""

from crabrules.marche_du_crabe._actions import Action, IllegalReason, Move, Place, Stay
from crabrules.marche_du_crabe._board import Cell, Layout, Row, cell_of
from crabrules.marche_du_crabe._config import Config, config_for_players
from crabrules.marche_du_crabe._content import ITEMS, Icon, Item
from crabrules.marche_du_crabe._events import (
    BaddieBuried,
    BaddiePlaced,
    BaddieRevealed,
    CrabFreed,
    CrabsMoved,
    CrabsStayed,
    Event,
    ForbiddenItemHit,
    GameEnded,
    ShrimpSnack,
)
from crabrules.marche_du_crabe._game import GAME, INFO
from crabrules.marche_du_crabe._notation import action_to_str, parse_action
from crabrules.marche_du_crabe._observe import (
    Observation,
    check_observation,
    determinize,
    observe,
    observe_events,
)
from crabrules.marche_du_crabe._render import render, render_observation, render_view
from crabrules.marche_du_crabe._rules import (
    active_players,
    apply,
    apply_with_events,
    initial_state,
    is_terminal,
    legal_actions,
    num_players,
    outcome,
)
from crabrules.marche_du_crabe._state import BOATER, SUNNY, State, Termination, check_state
from crabrules.marche_du_crabe._svg import render_svg
from crabrules.marche_du_crabe._words import describe, describe_event
from crabrules.marche_du_crabe.adventure import (
    REFERENCE_CAMPAIGN,
    Campaign,
    CampaignState,
    beach_config,
    campaign_over,
    campaign_won,
    finish_beach,
    next_beach,
    save_beach,
    start_beach,
    start_campaign,
)
from crabrules.marche_du_crabe.beaches import BASE_BEACH, REFERENCE_BEACHES, Beach, Modifier

__all__ = [
    "BASE_BEACH",
    "BOATER",
    "GAME",
    "INFO",
    "ITEMS",
    "REFERENCE_BEACHES",
    "REFERENCE_CAMPAIGN",
    "SUNNY",
    "Action",
    "BaddieBuried",
    "BaddiePlaced",
    "BaddieRevealed",
    "Beach",
    "Campaign",
    "CampaignState",
    "Cell",
    "Config",
    "CrabFreed",
    "CrabsMoved",
    "CrabsStayed",
    "Event",
    "ForbiddenItemHit",
    "GameEnded",
    "Icon",
    "IllegalReason",
    "Item",
    "Layout",
    "Modifier",
    "Move",
    "Observation",
    "Place",
    "Row",
    "ShrimpSnack",
    "State",
    "Stay",
    "Termination",
    "action_to_str",
    "active_players",
    "apply",
    "apply_with_events",
    "beach_config",
    "campaign_over",
    "campaign_won",
    "cell_of",
    "check_observation",
    "check_state",
    "config_for_players",
    "describe",
    "describe_event",
    "determinize",
    "finish_beach",
    "initial_state",
    "is_terminal",
    "legal_actions",
    "next_beach",
    "num_players",
    "observe",
    "observe_events",
    "outcome",
    "parse_action",
    "render",
    "render_observation",
    "render_svg",
    "render_view",
    "save_beach",
    "start_beach",
    "start_campaign",
]
