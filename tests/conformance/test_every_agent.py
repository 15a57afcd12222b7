"""Every built-in agent plays a game of every named mix of every game.

An agent is generic code: it must meet every player count, module mix and variant, the
2-player mode's placement and activation included. Search agents think with a tiny
budget, and a game stops after :data:`ACTIONS` actions, enough for setup and several
turns of every game.
"""

from __future__ import annotations

from typing import Any

import pytest

from crabrules.agents import make_agent, play_match
from crabrules.agents.registry import AGENTS
from tests.conformance.common import GAMES, AnyGame
from tests.conformance.strategies import MIXES

#: Each built-in agent by name, the search agents with a budget that keeps this quick.
SPECS = [f"{name}:2" if name in ("mcts", "ismcts", "strong") else name for name in AGENTS]
ACTIONS = 120

CASES = [
    (game, name, config)
    for game in GAMES
    for name, config in MIXES.get(game.info.id, {"default": game.config_type()}).items()
]


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize(
    ("game", "name", "config"), CASES, ids=[f"{g.info.id}-{name}" for g, name, _ in CASES]
)
def test_every_agent_plays_every_mix(game: AnyGame, name: str, config: Any, spec: str) -> None:
    players = game.num_players(game.initial_state(config, seed=0))
    agents = [make_agent(spec) for _ in range(players)]
    result = play_match(game, agents, seed=len(name), config=config, max_actions=ACTIONS)
    assert result.length == ACTIONS or result.finished
    game.check_state(result.state)
