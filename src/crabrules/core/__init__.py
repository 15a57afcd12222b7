"""What every crabrules game shares, and nothing game-specific.

- :mod:`~crabrules.core.game`: player ids, :class:`GameInfo`, :class:`Outcome`, the
  :class:`Game` protocol.
- :mod:`~crabrules.core.rng`: :class:`Rng`, the deterministic, serialisable generator.
- :mod:`~crabrules.core.errors`: the exception hierarchy.
- :mod:`~crabrules.core.actions`: :func:`~crabrules.core.actions.check_action`, exact
  field types for every action.
- :mod:`~crabrules.core.serialize`: the converter, JSON in and out.
- :mod:`~crabrules.core.record`: :class:`GameRecord` and :func:`replay`.
- :mod:`~crabrules.core.registry`: games by id.
- :mod:`~crabrules.core.names`: :class:`Names`, a game's names for players and endings.
"""

from crabrules.core.errors import (
    CommonReason,
    ContentError,
    CrabRulesError,
    DeserializationError,
    GameOverError,
    IllegalActionError,
    InvalidConfigError,
    InvalidPlayerError,
    InvalidStateError,
    NotAnEventError,
    NotAnObservationError,
    NotAStateError,
    NotSerializableError,
    NotYourTurnError,
    Reason,
)
from crabrules.core.game import (
    ChanceMode,
    Dynamics,
    Game,
    GameBundle,
    GameInfo,
    Information,
    Outcome,
    PlayerId,
    SearchHints,
    Utility,
    check_config,
    check_state_type,
    check_viewer,
    int_hint,
    not_a_state,
)
from crabrules.core.names import Names
from crabrules.core.record import GameRecord, ReplayError, replay
from crabrules.core.registry import GAMES, UnknownGameError, get_game, register_game
from crabrules.core.rng import Rng
from crabrules.core.serialize import from_dict, from_json, to_dict, to_json

__all__ = [
    "GAMES",
    "ChanceMode",
    "CommonReason",
    "ContentError",
    "CrabRulesError",
    "DeserializationError",
    "Dynamics",
    "Game",
    "GameBundle",
    "GameInfo",
    "GameOverError",
    "GameRecord",
    "IllegalActionError",
    "Information",
    "InvalidConfigError",
    "InvalidPlayerError",
    "InvalidStateError",
    "Names",
    "NotAStateError",
    "NotSerializableError",
    "NotAnEventError",
    "NotAnObservationError",
    "NotYourTurnError",
    "Outcome",
    "PlayerId",
    "Reason",
    "ReplayError",
    "Rng",
    "SearchHints",
    "UnknownGameError",
    "Utility",
    "check_config",
    "check_state_type",
    "check_viewer",
    "from_dict",
    "from_json",
    "get_game",
    "int_hint",
    "not_a_state",
    "register_game",
    "replay",
    "to_dict",
    "to_json",
]
