"""The game's metadata and its :class:`~crabrules.core.GameBundle`."""

from crabrules.core import ChanceMode, Dynamics, GameBundle, GameInfo, Information, Utility
from crabrules.core.bundle import game_bundle
from crabrules.marche_du_crabe._actions import Action
from crabrules.marche_du_crabe._config import Config
from crabrules.marche_du_crabe._observe import Observation
from crabrules.marche_du_crabe._state import State

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
#: The game under the :class:`~crabrules.core.Game` protocol: ``crabrules.GAMES[INFO.id]``.
GAME: GameBundle[Config, State, Action, Observation] = game_bundle(INFO, __package__)
