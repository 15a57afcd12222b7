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
from typing import Any

from crabrules.core import check_config, get_game
from crabrules.encoding.base import Encoding, Layout, Section, Tensor, returns_of

__all__ = [
    "ENCODED_GAMES",
    "Encoding",
    "Layout",
    "Section",
    "Tensor",
    "encoding",
    "returns_of",
]

#: The ids of the games that have an encoding.
ENCODED_GAMES = ("crab-stack", "la-marche-du-crabe", "youve-got-crabs", "oh-crab")


def encoding(game_id: str, config: Any = None) -> Encoding[Any, Any, Any]:
    """The encoding of ``game_id`` with ``config`` (``None``: the game's default config).

    Encodings are cached per config, so asking again is cheap.

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


@functools.cache
def _encoding(game_id: str, config: Any) -> Encoding[Any, Any, Any]:
    if game_id == "crab-stack":
        from crabrules.encoding.crab_stack import CrabStackEncoding

        return CrabStackEncoding(config)
    if game_id == "la-marche-du-crabe":
        from crabrules.encoding.marche_du_crabe import MarcheDuCrabeEncoding

        return MarcheDuCrabeEncoding(config)
    if game_id == "youve-got-crabs":
        from crabrules.encoding.youve_got_crabs import YouveGotCrabsEncoding

        return YouveGotCrabsEncoding(config)
    if game_id == "oh-crab":
        from crabrules.encoding.oh_crab import OhCrabEncoding

        return OhCrabEncoding(config)
    raise ValueError(f"{game_id}: no encoding yet; encoded games: {', '.join(ENCODED_GAMES)}")
