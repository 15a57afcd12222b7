"""The registry of games by id, behind :data:`crabrules.GAMES`.

``crabrules/__init__.py`` registers the library's four games; a third-party game that
follows the :class:`~crabrules.core.game.Game` protocol may register itself too, and the
CLI, :func:`~crabrules.core.record.replay` and the generic tools then work with it.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from crabrules.core.errors import CrabRulesError, quote
from crabrules.core.game import Game

__all__ = ["GAMES", "UnknownGameError", "get_game", "register_game"]

AnyGame = Game[Any, Any, Any, Any]

_GAMES: dict[str, AnyGame] = {}

#: Every registered game by id, read-only: ``GAMES["crab-stack"]``.
GAMES: Mapping[str, AnyGame] = MappingProxyType(_GAMES)


class UnknownGameError(CrabRulesError, ValueError):
    """No game is registered under that id; the message lists the known ids."""


def register_game(game: AnyGame) -> None:
    """Add ``game`` under ``game.info.id``; an id is registered once.

    Raises:
        ValueError: another game already has that id.
    """
    game_id = game.info.id
    if game_id in _GAMES and _GAMES[game_id] is not game:
        raise ValueError(f"a game is already registered as {game_id!r}")
    _GAMES[game_id] = game


def get_game(game_id: str) -> AnyGame:
    """The game registered as ``game_id``.

    >>> get_game("chess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    crabrules.core.registry.UnknownGameError: unknown game 'chess'; known games: crab-stack, ...
    """
    try:
        return _GAMES[game_id]
    except (KeyError, TypeError):
        known = ", ".join(sorted(_GAMES))
        raise UnknownGameError(f"unknown game {quote(game_id)}; known games: {known}") from None
