"""Every named mix of every game plays a whole random game that keeps the contract.

The other conformance checks draw configs with Hypothesis, so a rare mix (say Oh Crab!'s
Events with Asymmetry for 3 players) may never be met. Here each mix that
:data:`~tests.conformance.strategies.MIXES` lists is played once, with a seed Hypothesis
chooses, and the core promises are checked on its states: the state check after every
action, documents that round-trip, ``determinize`` consistent with ``observe``, and for every
legal action of a few states the events, the words and the notation.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings

from crabrules import from_json, to_json
from tests.conformance.common import GAMES, AnyGame, play, players, sample, seeds
from tests.conformance.strategies import MIXES

CASES = [
    (game, name, config)
    for game in GAMES
    for name, config in MIXES.get(game.info.id, {"default": game.config_type()}).items()
]


def _check_actions(game: AnyGame, state: Any) -> None:
    events_of = tuple[game.event_type, ...]  # type: ignore[name-defined]
    for action in game.legal_actions(state):
        after, events = game.apply_with_events(state, action)
        assert after == game.apply(state, action)
        assert events, f"{action!r} emitted no event"
        assert from_json(to_json(events), events_of) == events
        assert game.parse_action(state, game.action_to_str(state, action)) == action
        assert game.describe(state, action).strip()


@pytest.mark.parametrize(
    ("game", "name", "config"), CASES, ids=[f"{g.info.id}-{name}" for g, name, _ in CASES]
)
@settings(max_examples=1, deadline=None)
@given(seed=seeds)
def test_every_mix_plays_a_game_that_keeps_the_contract(
    game: AnyGame, name: str, config: Any, seed: int
) -> None:
    rnd = random.Random(seed)
    playout = play(game, config, seed, rnd)
    if game.info.max_random_steps is None:
        assert game.is_terminal(playout.final), "a random game did not end"
    for state in playout.states:
        game.check_state(state)
    for state in sample(playout, rnd):
        assert from_json(to_json(state), game.state_type) == state
        for viewer in [None, *players(game, state)]:
            twin = game.determinize(state, viewer, rnd.randrange(2**32))
            assert game.observe(twin, viewer) == game.observe(state, viewer)
        if not game.is_terminal(state):
            _check_actions(game, state)
