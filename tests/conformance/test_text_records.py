"""Every game of every named mix round-trips through the text record format.

A game played by plausible agents (to its end, or 400 actions) is written with
:func:`crabrules.record.write` and read back with :func:`crabrules.record.parse`: the same
record, the same final state, and the ``Result`` header as the game ended.
"""

from __future__ import annotations

from typing import Any

import pytest

from crabrules import replay
from crabrules.agents import PlausibleAgent, play_match
from crabrules.record import parse, parse_text_record, result_of, write
from tests.conformance.common import GAMES, AnyGame
from tests.conformance.strategies import MIXES

ACTIONS = 400

CASES = [
    (game, name, config)
    for game in GAMES
    for name, config in MIXES.get(game.info.id, {"default": game.config_type()}).items()
]


@pytest.mark.parametrize(
    ("game", "name", "config"),
    CASES,
    ids=[f"{g.info.id}-{name}" for g, name, _ in CASES],
)
def test_a_played_game_round_trips_through_text(game: AnyGame, name: str, config: Any) -> None:
    players = game.num_players(game.initial_state(config, seed=0))
    agents = [PlausibleAgent() for _ in range(players)]
    result = play_match(game, agents, seed=len(name), config=config, max_actions=ACTIONS)
    names = [f"plausible {seat}" for seat in range(players)]
    text = write(result.record, players=names)
    read = parse_text_record(text)
    assert read.record == result.record
    assert read.players == tuple(names)
    assert read.result == result_of(game.outcome(result.state))
    assert replay(parse(text)) == result.state
    assert len(text.splitlines()) == len(result.record.actions) + 7
