"""Integer actions, observation tensors and rewards for reinforcement learning (numpy).

Install with ``pip install crabrules[rl]``. :func:`encoding` gives the
:class:`~crabrules.encoding.base.Encoding` of a game and config; each game's module
(:mod:`~crabrules.encoding.crab_stack`, :mod:`~crabrules.encoding.marche_du_crabe`,
:mod:`~crabrules.encoding.youve_got_crabs`, :mod:`~crabrules.encoding.oh_crab`) documents
its numbering and tensor layout.

>>> from crabrules import crab_stack
>>> from crabrules.encoding import encoding
>>> enc = encoding("crab-stack", crab_stack.Config(players=3))
>>> state = crab_stack.initial_state(enc.config, seed=3)
>>> mask = enc.legal_action_mask(state, state.to_move)
>>> int(mask.sum()) == len(crab_stack.legal_actions(state))
True
>>> enc.observation_tensor(crab_stack.observe(state, 0)).shape == enc.observation_shape
True
"""

from __future__ import annotations

import functools
import importlib
from typing import Any

from crabrules.core import check_config, get_game
from crabrules.encoding.base import (
    Encoding,
    EncodingError,
    Layout,
    Section,
    Tensor,
    returns_of,
)

__all__ = [
    "ENCODED_GAMES",
    "Encoding",
    "EncodingError",
    "Layout",
    "Section",
    "Tensor",
    "encoding",
    "returns_of",
]

#: Each encoded game's encoding class by game id, as ``module:class``; a module is
#: imported when its game is first encoded.
_ENCODINGS = {
    "crab-stack": "crabrules.encoding.crab_stack:CrabStackEncoding",
    "la-marche-du-crabe": "crabrules.encoding.marche_du_crabe:MarcheDuCrabeEncoding",
    "youve-got-crabs": "crabrules.encoding.youve_got_crabs:YouveGotCrabsEncoding",
    "oh-crab": "crabrules.encoding.oh_crab:OhCrabEncoding",
}

#: The ids of the games that have an encoding.
ENCODED_GAMES = tuple(_ENCODINGS)

#: Encodings kept for configs used recently: an encoding holds tables of some megabytes,
#: and a program that makes configs on the fly must not keep every one.
CACHED_ENCODINGS = 4


def encoding(game_id: str, config: Any = None) -> Encoding[Any, Any, Any]:
    """The encoding of ``game_id`` with ``config`` (``None``: the game's default config).

    The encodings of the last :data:`CACHED_ENCODINGS` configs are kept, so asking again
    is cheap.

    Raises:
        UnknownGameError: no game has that id.
        InvalidConfigError: ``config`` is not the game's ``Config`` (or ``None``).

    >>> encoding("la-marche-du-crabe").num_distinct_actions
    73
    >>> encoding("crab-stack", {"players": 2})
    Traceback (most recent call last):
    ...
    crabrules.core.errors.InvalidConfigError: config: a crabrules.crab_stack.Config, not {...}
    """
    game = get_game(game_id)
    if config is None:
        config = game.config_type()
    check_config(config, game.config_type)
    return _encoding(game_id, config)


@functools.lru_cache(maxsize=CACHED_ENCODINGS)
def _encoding(game_id: str, config: Any) -> Encoding[Any, Any, Any]:
    where = _ENCODINGS.get(game_id)
    if where is None:
        encoded = ", ".join(ENCODED_GAMES)
        raise EncodingError(f"{game_id}: no encoding yet; encoded games: {encoded}")
    module, name = where.split(":")
    encoding_class: Any = getattr(importlib.import_module(module), name)
    made: Encoding[Any, Any, Any] = encoding_class(config)
    return made
