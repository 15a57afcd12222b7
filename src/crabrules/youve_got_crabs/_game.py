"""The game's metadata (:data:`INFO`) and its :data:`GAME` bundle for generic code."""

from crabrules.core import ChanceMode, Dynamics, GameBundle, GameInfo, Information, Utility
from crabrules.core.bundle import game_bundle
from crabrules.youve_got_crabs._actions import Action
from crabrules.youve_got_crabs._config import MAX_RANDOM_STEPS, MAX_TEAMS, MIN_TEAMS, Config
from crabrules.youve_got_crabs._observe import Observation
from crabrules.youve_got_crabs._state import State

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

GAME: GameBundle[Config, State, Action, Observation] = game_bundle(INFO, __package__)
