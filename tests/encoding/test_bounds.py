"""Every observation tensor lies within its encoding's bounds: ``0 <= t <= observation_high``.

Gymnasium's and PettingZoo's observation spaces are built from those bounds, so a tensor
outside them would be an observation outside its space. Checked on games of every named
mix, played by plausible and random agents, for every viewer.
"""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy")

import crabrules  # noqa: E402
from crabrules.agents import Agent, PlausibleAgent, RandomAgent, play_match  # noqa: E402
from crabrules.encoding import ENCODED_GAMES, encoding  # noqa: E402
from tests.conformance.strategies import MIXES  # noqa: E402

CASES = [
    (game_id, name, config)
    for game_id in sorted(ENCODED_GAMES)
    for name, config in MIXES.get(
        game_id, {"default": crabrules.get_game(game_id).config_type()}
    ).items()
]


@pytest.mark.parametrize(
    ("game_id", "name", "config"), CASES, ids=[f"{g}-{n}" for g, n, _ in CASES]
)
def test_every_tensor_lies_within_the_bounds(game_id: str, name: str, config: Any) -> None:
    game = crabrules.get_game(game_id)
    enc = encoding(game_id, config)
    high = enc.observation_high
    assert np.isfinite(high).all()
    players = game.num_players(game.initial_state(config, seed=0))
    for seed in (0, 1):
        agents: list[Agent] = [
            PlausibleAgent() if seed == 0 else RandomAgent() for _ in range(players)
        ]
        result = play_match(game, agents, seed=seed, config=config, max_actions=600)
        state = game.initial_state(config, seed=seed)
        for number, action in enumerate(result.record.actions):
            if number % 4 == 0:
                for viewer in range(players):
                    tensor = enc.state_tensor(state, viewer)
                    assert tensor.min() >= 0
                    assert (tensor <= high).all(), [
                        s.name
                        for s in enc.sections
                        if (
                            tensor[
                                enc.layout.offsets[s.name] : enc.layout.offsets[s.name] + s.size
                            ]
                            > s.high
                        ).any()
                    ]
            state = game.apply(state, action, check=False)
