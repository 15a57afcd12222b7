"""The conformance suite is itself tested: each check must fail on a game that breaks it."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from crabrules.core import IllegalActionError, Outcome, Reason, Rng, serialize
from tests.conformance import (
    test_arguments,
    test_events_and_words,
    test_hidden_information,
    test_refusals,
)
from tests.conformance import test_conformance as suite
from tests.conformance import test_loaded_documents as loaded
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


def test_a_determinize_that_reads_the_hidden_generator_is_caught() -> None:
    def determinize(state: ttt.State, player: int | None, seed: int) -> ttt.State:
        return attrs.evolve(state, rng=Rng((state.rng.state + seed) % 2**64))

    with pytest.raises(AssertionError, match="depends on something the viewer cannot see"):
        test_hidden_information.test_determinize_depends_only_on_the_observation(
            game=broken(determinize=determinize)
        )


def test_an_apply_that_takes_a_float_for_an_int_is_caught() -> None:
    def apply(state: ttt.State, action: ttt.Mark, *, check: bool = True) -> ttt.State:
        return ttt.apply(state, ttt.Mark(int(action.player), int(action.cell)), check=check)

    with pytest.raises(BaseException, match="DID NOT RAISE"):
        test_arguments.test_wrong_typed_action_fields_are_refused(game=broken(apply=apply))


def test_a_function_that_takes_any_value_for_a_state_is_caught() -> None:
    def render(state: ttt.State) -> str:
        return str(state)

    with pytest.raises(BaseException, match="render accepted"):
        test_arguments.test_a_value_that_is_not_a_state_is_refused_with_not_a_state_error(
            game=broken(render=render)
        )


def test_a_state_loaded_without_its_check_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(serialize._CHECKS, ttt.State)
    with pytest.raises(BaseException):  # noqa: B017, PT011 - any failure shows it is caught
        loaded.test_a_mutated_state_is_refused_or_plays_on_soundly(game=ttt.GAME)


def test_an_action_without_events_is_caught() -> None:
    def apply_with_events(
        state: ttt.State, action: ttt.Mark, *, check: bool = True
    ) -> tuple[ttt.State, tuple[ttt.Event, ...]]:
        return ttt.apply(state, action, check=check), ()

    with pytest.raises(AssertionError, match="yielded no event"):
        test_events_and_words.test_apply_with_events_agrees_with_apply_and_its_events_round_trip(
            game=broken(apply_with_events=apply_with_events)
        )


def test_a_notation_that_does_not_round_trip_is_caught() -> None:
    def action_to_str(state: ttt.State, action: ttt.Mark) -> str:
        return ttt.cell_name(8 - action.cell)

    with pytest.raises(AssertionError):
        test_events_and_words.test_every_legal_action_is_described_and_its_notation_round_trips(
            game=broken(action_to_str=action_to_str)
        )


class _Vague(Reason):
    NOT_LEGAL = "not_legal"


def test_a_refusal_that_only_says_not_legal_is_caught() -> None:
    # How Oh Crab! refused a wrong field until its refusals named the field and the rule.
    def apply(state: ttt.State, action: ttt.Mark, *, check: bool = True) -> ttt.State:
        if check and action not in ttt.legal_actions(state):
            message = f"{type(action).__name__} with these values is not legal now"
            raise IllegalActionError(message, action=action, reason=_Vague.NOT_LEGAL)
        return ttt.apply(state, action, check=False)

    with pytest.raises(AssertionError, match="a catch-all reason"):
        test_refusals.test_a_wrong_field_is_refused_with_a_specific_reason_and_its_own_words(
            game=broken(apply=apply)
        )
