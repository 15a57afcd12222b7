"""Games played by :class:`~crabrules.agents.PlausibleAgent` end, in every game.

Uniform random play need not end in a real-time game (You've Got Crabs fills its Pot with
wrong calls), so the suite's random playouts stop at ``max_random_steps`` there. Casual
play must reach a real end in every game and config, with a record that replays to it.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from crabrules.agents import PlausibleAgent, play_match
from crabrules.core import replay, to_json
from tests.conformance.common import AnyGame, by_game, configs, conformance, seeds


@by_game
@conformance
@given(data=st.data(), seed=seeds)
def test_plausible_play_reaches_a_real_end(game: AnyGame, data: st.DataObject, seed: int) -> None:
    config = data.draw(configs(game))
    state = game.initial_state(config, seed=seed)
    agents = [PlausibleAgent() for _ in range(game.num_players(state))]
    result = play_match(game, agents, seed=seed, config=config)
    assert result.outcome is not None, "casual play did not end"
    assert result.outcome == game.outcome(result.state)
    game.check_state(result.state)
    assert to_json(replay(result.record)) == to_json(result.state)
