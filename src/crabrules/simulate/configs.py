"""Which config a run plays: the game's default for a player count, or a config given whole.

``simulate`` and ``tournament`` take either ``players`` or ``config`` (the game's own
config, for options beyond the count: Oh Crab!'s Adventure modules, say); the command
line reads ``--config`` as JSON.

>>> run_config("oh-crab", players=3).players
3
>>> run_config("oh-crab", config=config_from_json('{"players": 2, "modules": ["events"]}',
...     "oh-crab")).modules
frozenset({<Module.EVENTS: 'events'>})
"""

from __future__ import annotations

import json
from typing import Any

from crabrules.core import InvalidConfigError, get_game
from crabrules.core.errors import DeserializationError
from crabrules.core.serialize import FORMAT_VERSION, from_dict, from_json

__all__ = ["CONFIG_HELP", "config_from_json", "run_config"]

#: The ``--config`` option's help, in ``simulate`` and ``tournament``.
CONFIG_HELP = (
    "the game's config as JSON, for options beyond the player count, such as Oh Crab!'s "
    'modules: \'{"players": 4, "modules": ["surprises"]}\' (instead of --players)'
)


def run_config(game_id: str, players: int | None = None, config: Any = None) -> Any:
    """The config a run of ``game_id`` plays: ``config``, else the default for ``players``.

    Raises:
        InvalidConfigError: ``config`` is not the game's config type, or is given with
            ``players`` (it holds the count); the player count is out of range.
    """
    game = get_game(game_id)
    if config is None:
        return game.config_type() if players is None else game.config_for_players(players)
    if type(config) is not game.config_type:
        raise InvalidConfigError(
            f"config: a {game.config_type.__name__} of {game_id}, not {type(config).__name__}"
        )
    if players is not None:
        raise InvalidConfigError("players: left out when a config is given (it holds the count)")
    return config


def config_from_json(text: str, game_id: str) -> Any:
    """``--config``: the game's config as a JSON object, whose ``format_version`` may be left out.

    Raises:
        DeserializationError: the text is not JSON, or not a config of the game (naming
            the field).
    """
    config_type = get_game(game_id).config_type
    try:
        return from_json(text, config_type)
    except DeserializationError as error:
        if not str(error).startswith("missing format_version"):
            raise
    document = json.loads(text)  # JSON from_json has read: an object without a version
    return from_dict({**document, "format_version": FORMAT_VERSION}, config_type)
