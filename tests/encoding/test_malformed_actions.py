"""Every encoding refuses every malformed action that ``apply`` refuses, in every mix.

A malformed action is one with a field of the wrong type: ``True`` for a cell, ``0.0``
for a card, a string or ``None``. ``apply`` refuses it (``malformed``); ``action_to_int``
must not number it as the well-formed action it equals (``True == 1``).
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

pytest.importorskip("numpy")

import crabrules
from crabrules.core import CommonReason, CrabRulesError, IllegalActionError
from crabrules.encoding import ENCODED_GAMES, EncodingError, encoding
from tests.conformance.strategies import MIXES

WRONG_TYPES: tuple[Any, ...] = (True, False, 0.0, 1.0, "1", None, (0,))
#: States of each mix's random game, and legal actions of each, that are malformed.
STATES = 4
ACTIONS = 12

CASES = [
    (game_id, name, config)
    for game_id in ENCODED_GAMES
    for name, config in MIXES.get(game_id, {"default": None}).items()
]


def _states(game: Any, config: Any) -> list[Any]:
    rnd = random.Random(7)
    state = game.initial_state(config, seed=7)
    states = [state]
    for _ in range(200):
        if game.is_terminal(state):
            break
        state = game.apply(state, rnd.choice(game.legal_actions(state)))
        states.append(state)
    return rnd.sample(states, min(STATES, len(states)))


def _malformed(action: Any) -> list[Any]:
    found = []
    for field in attrs.fields(type(action)):
        for wrong in WRONG_TYPES:
            if type(wrong) is type(getattr(action, field.name)):
                continue
            try:
                found.append(attrs.evolve(action, **{field.name: wrong}))
            except CrabRulesError:  # a field whose class refuses it already
                continue
    return found


def _refused_as_malformed(game: Any, state: Any, action: Any) -> bool:
    try:
        game.apply(state, action)
    except IllegalActionError as error:
        return error.reason is CommonReason.MALFORMED
    except CrabRulesError:
        return False
    return False


@pytest.mark.parametrize(
    ("game_id", "name", "config"), CASES, ids=[f"{g}-{name}" for g, name, _ in CASES]
)
def test_every_encoding_refuses_every_malformed_action(
    game_id: str, name: str, config: Any
) -> None:
    game = crabrules.get_game(game_id)
    config = game.config_type() if config is None else config
    enc = encoding(game_id, config)
    refused = 0
    for state in _states(game, config):
        for action in game.legal_actions(state)[:ACTIONS]:
            for bad in _malformed(action):
                if _refused_as_malformed(game, state, bad):
                    with pytest.raises(EncodingError):
                        enc.action_to_int(bad)
                    refused += 1
    assert refused > 0
