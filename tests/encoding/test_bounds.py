"""Every observation tensor lies within its encoding's bounds: ``0 <= t <= observation_high``.

Gymnasium's and PettingZoo's observation spaces are built from those bounds, so a tensor
outside them would be an observation outside its space. Checked on games of every named
mix, played by plausible and random agents, for every viewer.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import crabrules
from crabrules.agents import PlausibleAgent, RandomAgent, play_match
from crabrules.encoding import ENCODED_GAMES, encoding
from tests.conformance.strategies import MIXES

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
    for seed, kind in enumerate((PlausibleAgent, RandomAgent)):
        result = play_match(
            game, [kind() for _ in range(players)], seed=seed, config=config, max_actions=600
        )
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
