"""Documents: states, actions and observations round-trip; corrupt states are refused."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from crabrules.core import DeserializationError, from_dict, from_json, to_dict, to_json
from crabrules.youve_got_crabs import (
    Action,
    Answer,
    Call,
    Collect,
    Config,
    Observation,
    Phase,
    State,
    Swap,
    apply,
    initial_state,
    legal_actions,
    observe,
)
from tests.youve_got_crabs.helpers import FOUR_KINGS, JAB, SIDE_0_CONFIRMS, play, position


def test_states_actions_and_observations_round_trip() -> None:
    state = position(Config(imitation_crab=True), hands={0: FOUR_KINGS, 1: (JAB,) * 4})
    state = apply(apply(state, Call(0, 1, time=1.25)), Call(1, 0, time=1.5))
    assert state.claim is not None
    assert from_json(to_json(state), State) == state
    assert from_json(to_json(observe(state, 2)), Observation) == observe(state, 2)
    for action in (Swap(0, 1, 2), Call(3, 2, time=7.5), Collect(1, -1)):
        assert from_json(to_json(action), Action) == action


def test_an_action_document_is_plain_json_with_a_stable_tag() -> None:
    assert to_json(Swap(0, 1, 2)) == (
        '{"format_version":1,"type":"swap","player":0,"hand_slot":1,"ocean_slot":2}'
    )


def test_a_loaded_state_plays_on_like_the_original() -> None:
    state = play(position(hands={1: FOUR_KINGS}), *SIDE_0_CONFIRMS)
    loaded = from_json(to_json(state), State)
    assert loaded.phase is Phase.OFFER
    assert legal_actions(loaded) == legal_actions(state)
    assert apply(loaded, Answer(1, True)) == apply(state, Answer(1, True))


def corrupt(change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    document: dict[str, Any] = to_dict(initial_state(Config(imitation_crab=True), seed=5))
    change(document)
    return document


def _draw_pile_left_empty(document: dict[str, Any]) -> None:
    # The Draw pile runs out and the Discard pile stays: a reshuffle was skipped.
    document["discard"], document["draw"] = document["draw"], []


def _won_while_a_claim_collects(document: dict[str, Any]) -> None:
    document["winner"] = 0
    document["claim"] = {"player": 1, "remaining": 2}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["hands"].pop(), "hands"),
        (lambda d: d["hands"][0].pop(), "hands"),
        (lambda d: d["ocean"].append(3), "ocean"),
        (lambda d: d["hands"][0].__setitem__(0, 99), "deck"),
        (lambda d: d["draw"].append(3), "deck"),
        (lambda d: d.__setitem__("pot", 20), "tokens"),
        (lambda d: d.__setitem__("tokens", [2, 2, 2]), "tokens"),
        (lambda d: d.__setitem__("tokens", [-1, 5]), "tokens"),
        (lambda d: d.__setitem__("license", 2), "license"),
        (lambda d: d.__setitem__("claws", 3 if d["claws"] != 3 else 2), "claws"),
        (lambda d: d.__setitem__("down", [1]), "down"),
        (lambda d: d.__setitem__("window", {"caller": 0, "target": 2, "time": 0.0}), "window"),
        (lambda d: d.__setitem__("claim", {"player": 0, "remaining": 4}), "claim"),
        (lambda d: d.__setitem__("tied", [0]), "tied"),
        (lambda d: d.__setitem__("winner", 7), "winner"),
        (lambda d: d.__setitem__("signals", [9]), "signals"),
        (lambda d: d.__setitem__("phase", "lunch"), "phase"),
        (lambda d: d["config"].__setitem__("teams", 9), "teams"),
        (_draw_pile_left_empty, "draw"),
        (lambda d: d["seen"][0].__setitem__(0, 99), "seen"),
        (lambda d: d["drawn_from"][0].__setitem__(0, 1), "drawn_from"),
        (lambda d: d.__setitem__("reshuffles", -1), "drawn_from"),
        (lambda d: d.__setitem__("called_wrong", [9]), "called_wrong"),
        (_won_while_a_claim_collects, "winner"),
    ],
)
def test_corrupt_state_documents_raise_deserialization_error(
    change: Callable[[dict[str, Any]], None], message: str
) -> None:
    with pytest.raises(DeserializationError, match=message):
        from_dict(corrupt(change), State)
