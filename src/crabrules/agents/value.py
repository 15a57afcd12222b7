"""What a game is worth to each player, for search: :func:`rewards` and :func:`estimate`.

Search agents back up one number per player, in ``[0, 1]``:

- a **finished** game (:func:`rewards`): 1 to each winner and 0 to the others; a draw, or
  an end without a winner in a competitive game, gives everyone ``1/n``. In a
  **cooperative** game (La Marche du Crabe) the pair maximises the shared score: half
  for the win, and half for the score ``s``, as ``s / (s + 1)``, so that every extra
  point counts but less and less; a loss earns at most :data:`LOST_PROGRESS`, for the
  crabs freed;
- a game **cut short** by the rollout's depth limit (:func:`estimate`): each player's
  share of what the game counts as being ahead, where the game tells one
  (:attr:`SearchHints.lead <crabrules.core.SearchHints.lead>`: the team's share of the
  Crab tokens in You've Got Crabs, the player's crabs' share of the way to the sea in
  Oh Crab!); elsewhere an even share.

>>> import crabrules
>>> from crabrules import Outcome
>>> game = crabrules.get_game("crab-stack")
>>> rewards(game, Outcome(frozenset({1}), False, (0, 1), "last_player"))
(0.0, 1.0)
>>> coop = crabrules.get_game("la-marche-du-crabe")
>>> rewards(coop, Outcome(frozenset({0, 1}), False, (3, 3), "crabs_freed"))
(0.875, 0.875)
"""

from __future__ import annotations

from typing import Any

from crabrules.agents.base import AnyGame
from crabrules.core import Outcome, Utility

__all__ = ["LOST_PROGRESS", "estimate", "progress", "rewards"]

#: The most a lost cooperative game earns, for its progress: well below any win (0.5+).
LOST_PROGRESS = 0.25


def rewards(game: AnyGame, outcome: Outcome, state: Any = None) -> tuple[float, ...]:
    """Each player's reward for a finished game, in ``[0, 1]`` (see the module).

    Given the final ``state``, a lost cooperative game earns a little for how far the
    pair got (:func:`progress`), so that a search whose rollouts all lose can still tell
    better plays from worse.
    """
    players = len(outcome.scores)
    if game.info.utility is Utility.COOPERATIVE:
        if not outcome.winners and state is not None:
            return (LOST_PROGRESS * progress(game, state),) * players
        return tuple(
            0.5 * (p in outcome.winners) + 0.5 * max(score, 0) / (max(score, 0) + 1)
            for p, score in enumerate(outcome.scores)
        )
    if outcome.draw or not outcome.winners:
        return (1 / players,) * players
    return tuple(float(p in outcome.winners) for p in range(players))


def progress(game: AnyGame, state: Any) -> float:
    """How far a cooperative game got toward its goal, from 0 to 1 (else 0).

    The game tells it (:attr:`SearchHints.progress <crabrules.core.SearchHints.progress>`):
    La Marche du Crabe counts the share of the crabs freed.

    >>> import crabrules
    >>> game = crabrules.get_game("la-marche-du-crabe")
    >>> progress(game, game.initial_state(seed=1))
    0.0
    """
    measure = game.search.progress
    return 0.0 if measure is None else measure(state)


def estimate(game: AnyGame, state: Any) -> tuple[float, ...]:
    """Each player's share of the lead in an unfinished game (see the module).

    >>> import crabrules
    >>> game = crabrules.get_game("youve-got-crabs")
    >>> estimate(game, game.initial_state(seed=1))
    (0.5, 0.5, 0.5, 0.5)
    """
    lead = game.search.lead
    if lead is not None:
        return lead(state)
    players = game.num_players(state)
    return (1 / players,) * players
