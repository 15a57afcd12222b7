"""Every rule in one place: the move generator and the refusal agree, in every named mix.

For a few states of a random game of each mix (:data:`~tests.conformance.strategies.MIXES`),
every legal action passes the game's own refusal check (``check_legal``), and actions
made from legal ones by changing one field (the player included) pass it exactly when they
are among the legal actions; those that are not are refused with a reason and a sentence,
the very error ``apply`` raises.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given, settings

from crabrules.core import IllegalActionError, Reason
from tests.conformance.common import AnyGame, play, players, sample, seeds
from tests.conformance.test_every_mix import CASES
from tests.conformance.test_refusals import _field_types, other_values

#: Sampled states per game, and legal actions per state whose fields are changed.
STATES, ACTIONS = 6, 3

Check = Callable[[Any, Any], None]


def refusal(game: AnyGame) -> Check:
    """The game's refusal check: its package's ``check_legal`` (the test game: apply).

    A game package of the library keeps it in its rules module (``rules``, or the private
    ``_rules``); a game of the tests has none, and is checked through ``apply``.
    """
    package = ".".join(game.state_type.__module__.split(".")[:2])
    for module in ("rules", "_rules"):
        try:
            found: Check = importlib.import_module(f"{package}.{module}").check_legal
        except ModuleNotFoundError:
            continue
        return found
    assert not package.startswith("crabrules."), f"{package} has no rules.check_legal"

    def check(state: Any, action: Any) -> None:
        game.apply(state, action)

    return check


def mutations(game: AnyGame, state: Any, action: Any, rnd: random.Random) -> list[Any]:
    """``action`` with one field changed: each field to a few other values, the player too."""
    seen = {(type(action), name): [getattr(action, name)] for name in _field_types(type(action))}
    out = [
        attrs.evolve(action, **{name: value})
        for name, kind in _field_types(type(action)).items()
        for value in other_values(getattr(action, name), kind, seen[type(action), name], rnd)
    ]
    out.extend(attrs.evolve(action, player=p) for p in players(game, state) if p != action.player)
    return out


def _refused(check: Check, state: Any, action: Any) -> IllegalActionError | None:
    try:
        check(state, action)
    except IllegalActionError as error:
        return error
    return None


@pytest.mark.parametrize(
    ("game", "name", "config"), CASES, ids=[f"{g.info.id}-{name}" for g, name, _ in CASES]
)
@settings(max_examples=1, deadline=None)
@given(seed=seeds)
def test_the_generator_and_the_refusal_agree_on_every_action_near_a_legal_one(
    game: AnyGame, name: str, config: Any, seed: int
) -> None:
    rnd = random.Random(seed)
    check = refusal(game)
    playout = play(game, config, seed, rnd)
    states = [s for s in sample(playout, rnd) if not game.is_terminal(s)][:STATES]
    refused = 0
    for state in states:
        legal = game.legal_actions(state)
        for action in legal:
            assert _refused(check, state, action) is None, f"{action} is legal but refused"
        for action in rnd.sample(legal, min(ACTIONS, len(legal))):
            for wrong in mutations(game, state, action, rnd):
                error = _refused(check, state, wrong)
                if wrong in legal:
                    assert error is None, f"{wrong} is legal but refused: {error}"
                    continue
                assert error is not None, f"{wrong} (from {action}) is not legal, yet passes"
                assert isinstance(error.reason, Reason), f"{wrong}: no reason code"
                assert error.message.strip(), f"{wrong}: no sentence"
                with pytest.raises(IllegalActionError) as applied:
                    game.apply(state, wrong)
                assert (applied.value.reason, applied.value.message) == (
                    error.reason,
                    error.message,
                ), f"{wrong}: apply and the refusal check say different things"
                refused += 1
    assert refused or not states, "no changed action was ever refused"
