"""Crab Stack's metadata and its :class:`~crabrules.core.game.Game` bundle."""

from crabrules.core import ChanceMode, Dynamics, GameBundle, GameInfo, Information, Utility
from crabrules.core.bundle import game_bundle
from crabrules.crab_stack._actions import Action
from crabrules.crab_stack._config import MAX_PLAYERS, MIN_PLAYERS, Config
from crabrules.crab_stack._observe import Observation
from crabrules.crab_stack._state import State

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

#: The game under the :class:`~crabrules.core.Game` protocol: ``crabrules.GAMES[INFO.id]``.
GAME: GameBundle[Config, State, Action, Observation] = game_bundle(INFO, __package__)
