"""crabrules: the complete rules of four crab tabletop games, behind one small API.

Each game is a package of plain functions over frozen values (``initial_state``,
``legal_actions``, ``apply``, ``is_terminal``, ``outcome``, ``observe``, ...), and a
``GAME`` object that bundles them for generic code. :data:`GAMES` is the registry:

>>> import crabrules
>>> crabrules.get_game("crab-stack").info.name
'Crab Stack'
"""

# The one place that names every game. Each line: import the package, register its GAME.
from crabrules import oh_crab
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
    "NotYourTurnError",
    "Outcome",
    "PlayerId",
    "ReplayError",
    "Rng",
    "UnknownGameError",
    "__version__",
    "from_dict",
    "from_json",
    "get_game",
    "register_game",
    "replay",
    "to_dict",
    "to_json",
]
