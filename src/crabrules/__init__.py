"""crabrules: the complete rules of four crab tabletop games, behind one small API.

Each game is a package of plain functions over frozen values (``initial_state``,
``legal_actions``, ``apply``, ``is_terminal``, ``outcome``, ``observe``, ...), and a
``GAME`` object that bundles them for generic code. :data:`GAMES` is the registry:

>>> import crabrules
>>> crabrules.get_game("crab-stack").info.name
'Crab Stack'
"""

from crabrules import crab_stack, marche_du_crabe, oh_crab, youve_got_crabs
from crabrules._build import compiled
from crabrules._version import __version__
from crabrules.core import (
    GAMES,
    ContentError,
    CrabRulesError,
    DeserializationError,
    Game,
    GameInfo,
    GameOverError,
    GameRecord,
    IllegalActionError,
    InvalidConfigError,
    InvalidPlayerError,
    InvalidStateError,
    NotAnEventError,
    NotAnObservationError,
    NotAStateError,
    NotSerializableError,
    NotYourTurnError,
    Outcome,
    PlayerId,
    ReplayError,
    Rng,
    UnknownGameError,
    from_dict,
    from_json,
    get_game,
    register_game,
    replay,
    to_dict,
    to_json,
)
from crabrules.core.schema import schema

# The one place that names every game.
register_game(crab_stack.GAME)
register_game(marche_du_crabe.GAME)
register_game(youve_got_crabs.GAME)
register_game(oh_crab.GAME)

__all__ = [
    "GAMES",
    "ContentError",
    "CrabRulesError",
    "DeserializationError",
    "Game",
    "GameInfo",
    "GameOverError",
    "GameRecord",
    "IllegalActionError",
    "InvalidConfigError",
    "InvalidPlayerError",
    "InvalidStateError",
    "NotAStateError",
    "NotSerializableError",
    "NotAnEventError",
    "NotAnObservationError",
    "NotYourTurnError",
    "Outcome",
    "PlayerId",
    "ReplayError",
    "Rng",
    "UnknownGameError",
    "__version__",
    "compiled",
    "from_dict",
    "from_json",
    "get_game",
    "register_game",
    "replay",
    "schema",
    "to_dict",
    "to_json",
]
