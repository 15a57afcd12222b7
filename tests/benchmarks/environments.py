"""The learning environments' steps per second against the bare rules loop, in one process.

Three loops per game play uniformly random games, timed in interleaved rounds
(:mod:`tests.benchmarks.interleave`); each figure is given with its ratio to the bare loop
of the same game, measured in the same rounds:

- *bare loop*: ``legal_actions`` then ``apply(state, action, check=False)``
  (:func:`tests.benchmarks.peers.crabrules_plies`);
- *PettingZoo AEC*: ``env.last()`` (observation tensor and action mask) then
  ``env.step(number)`` drawn from the mask;
- *OpenSpiel*: the crabrules game through :func:`crabrules.adapters.openspiel.load_game`,
  ``state.legal_actions()`` then ``state.apply_action(number)``
  (:func:`tests.benchmarks.peers.openspiel_plies`).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

from tests.benchmarks.peers import ADVENTURE, crabrules_plies, openspiel_plies

#: The games timed: (label, game id, config options).
GAMES: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("Crab Stack, 2 players", "crab-stack", {"players": 2}),
    ("Crab Stack, 4 players", "crab-stack", {"players": 4}),
    ("La Marche du Crabe", "la-marche-du-crabe", {}),
    ("You've Got Crabs, 2 teams", "youve-got-crabs", {"teams": 2}),
    ("Oh Crab!, 2 players", "oh-crab", {"players": 2}),
    ("Oh Crab!, 4 players", "oh-crab", {"players": 4}),
    ("Oh Crab!, 4 players, every module", "oh-crab", {"players": 4, "modules": ADVENTURE}),
)
#: The loops, the reference (the bare loop) first.
LOOPS = ("bare loop", "PettingZoo AEC", "OpenSpiel")


def pettingzoo_steps(game_id: str, options: dict[str, Any]) -> Iterator[None]:
    """Uniformly random games through the PettingZoo AEC environment: one item a step."""
    import numpy as np

    from crabrules.adapters.pettingzoo import env

    environment = env(game_id, **options)
    rnd = random.Random(0)
    for seed in itertools.count():
        environment.reset(seed=seed)
        for _ in environment.agent_iter():
            observation, _, termination, truncation, _ = environment.last()
            if termination or truncation:
                environment.step(None)
                continue
            environment.step(int(rnd.choice(np.flatnonzero(observation["action_mask"]))))
            yield None


def loops() -> dict[str, Iterator[None]]:
    """Every game's three loops, named ``"<game>: <loop>"``."""
    from crabrules.adapters.openspiel import load_game

    out: dict[str, Iterator[None]] = {}
    for label, game_id, options in GAMES:
        out[f"{label}: {LOOPS[0]}"] = crabrules_plies(game_id, options)
        out[f"{label}: {LOOPS[1]}"] = pettingzoo_steps(game_id, options)
        out[f"{label}: {LOOPS[2]}"] = openspiel_plies(load_game(game_id, **options))
    return out
