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

from tests.benchmarks.peers import MIXES, crabrules_plies, openspiel_plies

#: The bench's mixes whose environments are not timed, to keep the run short.
LEFT_OUT = {
    "You've Got Crabs, 5 teams",
    "Oh Crab!, 5 players",
    "Oh Crab!, 2 players, every module",
}
#: The games timed: (label, game id, config options), as :data:`~tests.benchmarks.peers.MIXES`.
GAMES = tuple(mix for mix in MIXES if mix[0] not in LEFT_OUT)
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
