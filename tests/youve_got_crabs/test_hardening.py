"""Issue 9: determinize sees only the observation; exact actions; complete state checks."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest

from crabrules.core import (
    CommonReason,
    DeserializationError,
    IllegalActionError,
    InvalidStateError,
    NotAStateError,
    from_dict,
    from_json,
    to_dict,
    to_json,
)
from crabrules.youve_got_crabs import (
    GAME,
    Call,
    Config,
    Observation,
    State,
    Swap,
    active_players,
    apply,
    check_observation,
    check_state,
    determinize,
    initial_state,
    is_terminal,
    legal_actions,
    num_players,
    observe,
    outcome,
    render,
)
from tests.youve_got_crabs.policy import RandomTable

SMALL_DECK = Config(
    teams=3, types=("Ab", "Jab", "Taxi", "King"), copies=7, removed_types=(), imitation_crab=True
)


def visited(config: Config, seed: int, steps: int) -> Iterator[State]:
    rnd = random.Random(seed)
    state = initial_state(config, seed=seed)
    table = RandomTable(rnd)
    for _ in range(steps):
        yield state
        if is_terminal(state):
            return
        state = apply(state, table.choose(state))


def sampled_states() -> list[State]:
    states = [
        s
        for config in (SMALL_DECK, Config(imitation_crab=True), Config(teams=4))
        for seed in range(4)
        for s in visited(config, seed, 500)
    ]
    return states[::23]


# --- 1. determinize depends only on what the viewer sees -------------------------------


def test_determinize_factorises_through_the_observation_for_every_viewer() -> None:
    reshuffled = wild_redrawn = 0
    for state in sampled_states():
        reshuffled += state.reshuffles > 0
        wild_redrawn += state.claws is not None
        for p in (None, *range(state.config.players)):
            twin = determinize(state, p, 11)
            assert observe(twin, p) == observe(state, p)
            assert determinize(twin, p, 5) == determinize(state, p, 5)
            check_state(twin)
    assert reshuffled, "the sample covers reshuffles"
    assert wild_redrawn, "and the claws"


def test_two_states_a_viewer_cannot_tell_apart_give_the_same_twin() -> None:
    # Swapping two players' unseen hands changes nothing a third player sees.
    state = initial_state(Config(imitation_crab=True), seed=40)
    hands = list(state.hands)
    hands[1], hands[3] = hands[3], hands[1]
    claws = {1: 3, 3: 1}.get(state.claws, state.claws) if state.claws is not None else None
    other = attrs.evolve(state, hands=tuple(hands), draw=state.draw[::-1], claws=claws)
    check_state(other)
    for p in (None, 0, 2):
        assert observe(other, p) == observe(state, p)
        assert determinize(other, p, 9) == determinize(state, p, 9)


def test_the_twin_seed_comes_from_the_determinize_seed_as_a_plain_int() -> None:
    np = pytest.importorskip("numpy")
    state = initial_state(seed=3)
    twin = determinize(state, 0, np.int64(8))
    assert twin == determinize(state, 0, 8)
    assert type(twin.seed) is int
    assert twin.seed != state.seed
    assert from_json(to_json(twin), State) == twin


# --- 2. an action is legal only if exactly one of legal_actions --------------------------


@pytest.mark.parametrize(
    ("action", "field"),
    [
        (Call(0, 1.0), "target"),  # type: ignore[arg-type]
        (Call(0, True), "target"),
        (Call(True, 1), "player"),
        (Swap(0, 1.0, 0), "hand_slot"),  # type: ignore[arg-type]
    ],
)
def test_a_field_of_the_wrong_type_is_malformed_and_named(action: object, field: str) -> None:
    state = initial_state(seed=1)
    with pytest.raises(IllegalActionError, match=rf"^{field}: ") as refused:
        apply(state, action)  # type: ignore[arg-type]
    assert refused.value.reason is CommonReason.MALFORMED


# --- 4. a loaded state is one the rules could reach -------------------------------------


def document(state: State, **changes: Any) -> dict[str, Any]:
    body: dict[str, Any] = to_dict(state)
    body.update(changes)
    return body


@pytest.mark.parametrize(
    "changes",
    [
        {"clock": 1e400},
        {"clock": float("nan")},
        {"winner": 0},  # the Pot still holds 8 tokens
        {"pot": 0},  # the Pot empty and no winner
        {"seed": 2**64},
        {"signal_count": 3},  # three signals counted, none recorded
        {"declined": [1]},  # a no while nobody was asked
    ],
    ids=repr,
)
def test_an_impossible_state_is_refused_at_load(changes: dict[str, Any]) -> None:
    body = document(initial_state(seed=2), **changes)
    with pytest.raises(DeserializationError):
        from_dict(json.loads(json.dumps(body)), State)


def test_many_reshuffles_cost_determinize_nothing() -> None:
    # A game long enough reshuffles any number of times, so the count alone is no reason
    # to refuse a state; what must not happen is work per reshuffle (it once took minutes).
    body = document(initial_state(seed=2), reshuffles=100_000_000)
    state = from_dict(body, State)
    for p in (None, 0):
        twin = determinize(state, p, 3)
        assert observe(twin, p) == observe(state, p)
    assert apply(state, Swap(0, 0, 0)).reshuffles == 100_000_000


def test_check_state_is_public_and_raises_invalid_state_error() -> None:
    state = initial_state(seed=2)
    check_state(state)
    with pytest.raises(InvalidStateError, match=r"^winner: "):
        check_state(attrs.evolve(state, winner=0))
    with pytest.raises(InvalidStateError, match=r"^clock: "):
        check_state(attrs.evolve(state, clock=1))  # an int is not a float
    with pytest.raises(NotAStateError):
        check_state(observe(state, 0))  # type: ignore[arg-type]


def test_an_impossible_observation_is_refused_at_load() -> None:
    view = observe(initial_state(Config(imitation_crab=True), seed=2), 1)
    check_observation(view)
    assert from_json(to_json(view), Observation) == view
    for changes in ({"draw_size": 99}, {"hand": [0, 0, 0, 0, 0]}, {"reshuffles": -1}):
        body = to_dict(view)
        body.update(changes)
        with pytest.raises(DeserializationError):
            from_dict(body, Observation)


def mutants(body: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """(path, new value) for every number and list in a document, as the suite mutates."""
    if isinstance(body, dict):
        for key, value in body.items():
            yield from mutants(value, (*path, key))
    elif isinstance(body, list):
        yield path, body[:-1]
        yield path, [*body, body[-1]] if body else [0]
        for i, value in enumerate(body):
            yield from mutants(value, (*path, i))
    elif type(body) in (int, float):
        for value in (2**70, -1, 1e400, 0.5, body + 1):
            yield path, value


def put(body: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    copy = dict(body) if isinstance(body, dict) else list(body)
    copy[path[0]] = put(body[path[0]], path[1:], value)
    return copy


def plays_on(state: State, rnd: random.Random, checks: Callable[[State], None]) -> None:
    for _ in range(30):
        if is_terminal(state):
            return
        state = apply(state, rnd.choice(legal_actions(state)))
        checks(state)


def test_every_mutant_of_a_saved_state_is_refused_or_plays_on() -> None:
    rnd = random.Random(4)
    states = [s for s in sampled_states() if s.claim or s.window or s.reshuffles or s.tied]
    for state in [*states[:4], initial_state(SMALL_DECK, seed=1)]:
        base = to_dict(state)
        for path, value in mutants(base):
            try:
                loaded = from_dict(json.loads(json.dumps(put(base, path, value))), State)
            except DeserializationError:
                continue

            def checks(s: State) -> None:
                check_state(s)
                to_json(s)

            checks(loaded)
            plays_on(loaded, rnd, checks)
            for p in (None, 0):
                determinize(loaded, p, 1)


# --- 5. non-States and bad players ---------------------------------------------------------


@pytest.mark.parametrize(
    "not_a_state", [None, "state", observe(initial_state(seed=1), 0)], ids=repr
)
def test_every_function_refuses_a_value_that_is_not_a_state(not_a_state: Any) -> None:
    calls: list[Callable[[], object]] = [
        lambda: legal_actions(not_a_state),
        lambda: apply(not_a_state, Swap(0, 0, 0)),
        lambda: is_terminal(not_a_state),
        lambda: active_players(not_a_state),
        lambda: outcome(not_a_state),
        lambda: observe(not_a_state, 0),
        lambda: determinize(not_a_state, 0, 1),
        lambda: render(not_a_state),
        lambda: num_players(not_a_state),
        lambda: check_state(not_a_state),
        lambda: GAME.check_state(not_a_state),
    ]
    for call in calls:
        with pytest.raises(NotAStateError):
            call()
