"""The conformance suite is itself tested: each check must fail on a game that breaks it."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from crabrules.core import Outcome, Rng
from tests.conformance import test_conformance as suite
from tests.conformance import tictactoe as ttt


def broken(**functions: Any) -> Any:
    return attrs.evolve(ttt.GAME, **functions)


@attrs.frozen
class LeakyObservation:
    player: int | None
    board: tuple[int, ...]
    secret: int  # the generator's state: a player could predict the future from it


def test_a_leaking_observation_is_caught() -> None:
    def observe(state: ttt.State, player: int | None) -> LeakyObservation:
        return LeakyObservation(player, state.board, state.rng.state)

    game = broken(observe=observe, observation_type=LeakyObservation)
    with pytest.raises(AssertionError):
        suite.test_observation_leaks_nothing_hidden(game=game)


def test_an_apply_that_accepts_illegal_actions_is_caught() -> None:
    def apply(state: ttt.State, action: ttt.Mark, *, check: bool = True) -> ttt.State:
        return ttt.apply(state, action, check=False) if 0 <= action.cell < 9 else state

    with pytest.raises(BaseException, match="DID NOT RAISE"):
        suite.test_illegal_actions_raise_illegal_action_error(game=broken(apply=apply))


def test_legal_actions_that_ignore_the_player_filter_are_caught() -> None:
    def legal_actions(state: ttt.State, player: int | None = None) -> tuple[ttt.Mark, ...]:
        return ttt.legal_actions(state)

    with pytest.raises(AssertionError):
        suite.test_legal_actions_belong_to_active_players(game=broken(legal_actions=legal_actions))


def test_a_setup_that_ignores_the_seed_is_caught() -> None:
    chaos = random.Random()

    def initial_state(config: ttt.Config, *, seed: int | None = None) -> ttt.State:
        state = ttt.initial_state(config, seed=seed)
        return attrs.evolve(state, rng=Rng(chaos.randrange(2**64)))

    with pytest.raises(AssertionError):
        suite.test_same_seed_and_choices_give_the_same_game(
            game=broken(initial_state=initial_state)
        )


def test_an_outcome_before_the_end_is_caught() -> None:
    def outcome(state: ttt.State) -> Any:
        return ttt.outcome(state) or Outcome(frozenset(), True, (0, 0), "early")

    with pytest.raises(AssertionError):
        suite.test_random_games_end(game=broken(outcome=outcome))
