"""The generic suite: every registered game (and the test game) against DESIGN.md's contract.

Hypothesis chooses the config, the seed and every move; a failure shrinks to a short game.
"""

from __future__ import annotations

import contextlib
import random
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from crabrules.core import (
    DeserializationError,
    GameOverError,
    GameRecord,
    IllegalActionError,
    InvalidConfigError,
    InvalidPlayerError,
    Outcome,
    Rng,
    from_dict,
    from_json,
    replay,
    to_dict,
    to_json,
)
from tests.conformance.common import (
    HARD_CAP,
    AnyGame,
    by_game,
    configs,
    conformance,
    play,
    players,
    playouts,
    replace_random_leaf,
    sample,
    seeds,
)


@by_game
@conformance
@given(data=st.data())
def test_random_games_end(game: AnyGame, data: st.DataObject) -> None:
    playout, _ = data.draw(playouts(game))
    if game.info.max_random_steps is None:
        assert game.is_terminal(playout.final), f"no end after {HARD_CAP} random actions"
    for state in playout.states[:-1]:
        assert not game.is_terminal(state)
        assert game.outcome(state) is None
    if game.is_terminal(playout.final):
        outcome = game.outcome(playout.final)
        assert isinstance(outcome, Outcome)
        assert len(outcome.scores) == game.num_players(playout.final)
        assert outcome.winners <= set(players(game, playout.final))
        assert not (outcome.draw and outcome.winners)
        assert game.legal_actions(playout.final) == ()
        assert game.active_players(playout.final) == frozenset()


@by_game
@conformance
@given(data=st.data())
def test_legal_actions_belong_to_active_players(game: AnyGame, data: st.DataObject) -> None:
    playout, rnd = data.draw(playouts(game))
    for state in sample(playout, rnd):
        actions = game.legal_actions(state)
        assert len(set(actions)) == len(actions), "legal_actions lists an action twice"
        active = game.active_players(state)
        assert all(a.player in active for a in actions)
        for p in players(game, state):
            assert game.legal_actions(state, p) == tuple(a for a in actions if a.player == p)


@by_game
@conformance
@given(data=st.data())
def test_every_legal_action_applies_and_check_changes_nothing(
    game: AnyGame, data: st.DataObject
) -> None:
    playout, rnd = data.draw(playouts(game))
    for state in sample(playout, rnd):
        before = to_json(state)
        for action in game.legal_actions(state)[:40]:
            checked = game.apply(state, action)
            assert game.apply(state, action, check=False) == checked
            assert isinstance(checked, game.state_type)
        assert to_json(state) == before, "apply mutated its input"


@by_game
@conformance
@given(data=st.data())
def test_illegal_actions_raise_illegal_action_error(game: AnyGame, data: st.DataObject) -> None:
    playout, rnd = data.draw(playouts(game))
    pool = {a for s in sample(playout, rnd) for a in game.legal_actions(s)}
    pool.update(playout.actions)
    for state in sample(playout, rnd):
        legal = set(game.legal_actions(state))
        before = to_json(state)
        for action in sorted(pool - legal, key=to_json)[:40]:
            expected = GameOverError if game.is_terminal(state) else IllegalActionError
            with pytest.raises(expected) as refused:
                game.apply(state, action)
            assert refused.value.action == action
            assert refused.value.message
        assert to_json(state) == before, "a refused action changed the state"


@by_game
@conformance
@given(data=st.data())
def test_serialisation_round_trips(game: AnyGame, data: st.DataObject) -> None:
    playout, rnd = data.draw(playouts(game))
    assert from_json(to_json(playout.config), game.config_type) == playout.config
    for state in sample(playout, rnd):
        text = to_json(state)
        assert from_json(text, game.state_type) == state
        assert to_json(from_json(text, game.state_type)) == text
        for action in game.legal_actions(state)[:20]:
            assert from_json(to_json(action), game.action_type) == action
        for p in [None, *players(game, state)]:
            seen = game.observe(state, p)
            assert from_json(to_json(seen), game.observation_type) == seen
    outcome = game.outcome(playout.final)
    if outcome is not None:
        assert from_json(to_json(outcome), Outcome) == outcome


@by_game
@conformance
@given(data=st.data())
def test_replay_rebuilds_the_same_state(game: AnyGame, data: st.DataObject) -> None:
    playout, _ = data.draw(playouts(game))
    record = GameRecord.of(game.info.id, playout.config, playout.seed, playout.actions)
    loaded = from_json(to_json(record), GameRecord)
    assert loaded == record
    assert to_json(replay(loaded)) == to_json(playout.final)


@by_game
@conformance
@given(config=st.data(), seed=seeds, choices=st.randoms(use_true_random=False))
def test_same_seed_and_choices_give_the_same_game(
    game: AnyGame, config: st.DataObject, seed: int, choices: random.Random
) -> None:
    chosen = config.draw(configs(game))
    moves_seed = choices.randrange(2**32)
    first = play(game, chosen, seed, random.Random(moves_seed))
    second = play(game, chosen, seed, random.Random(moves_seed))
    assert [to_json(s) for s in first.states] == [to_json(s) for s in second.states]


@by_game
def test_seed_none_draws_a_seed_and_records_it(game: AnyGame) -> None:
    state = game.initial_state()
    assert game.initial_state(seed=state.seed) == state


@by_game
@conformance
@given(data=st.data(), other_seed=seeds)
def test_observation_leaks_nothing_hidden(
    game: AnyGame, data: st.DataObject, other_seed: int
) -> None:
    playout, rnd = data.draw(playouts(game))
    for state in sample(playout, rnd):
        for p in [None, *players(game, state)]:
            twin = game.determinize(state, p, other_seed)
            assert isinstance(twin, game.state_type)
            assert game.observe(twin, p) == game.observe(state, p)
            assert game.is_terminal(twin) == game.is_terminal(state)
            assert game.active_players(twin) == game.active_players(state)
            if p is not None:  # None asks for everyone's actions, which a spectator can't see
                assert game.legal_actions(twin, p) == game.legal_actions(state, p)


@by_game
def test_observations_hold_no_generator(game: AnyGame) -> None:
    def holds_rng(cls: Any, seen: set[Any]) -> bool:
        if cls is Rng:
            return True
        if cls in seen or not attrs.has(cls):
            return False
        seen.add(cls)
        return any(holds_rng(f.type, seen) for f in attrs.fields(attrs.resolve_types(cls)))

    assert not holds_rng(game.observation_type, set())


@by_game
@conformance
@given(
    data=st.data(),
    junk=st.recursive(
        st.none() | st.booleans() | st.integers(-3, 2**70) | st.text(max_size=4),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
        max_leaves=6,
    ),
)
def test_malformed_documents_raise_deserialization_error(
    game: AnyGame, data: st.DataObject, junk: Any
) -> None:
    playout, rnd = data.draw(playouts(game))
    for state in sample(playout, rnd):
        document = to_dict(state)
        mutated = replace_random_leaf(document, junk, rnd)
        try:
            loaded = from_dict(mutated, game.state_type)
        except DeserializationError:
            continue
        assert isinstance(loaded, game.state_type)


@by_game
@conformance
@given(data=st.data(), value=st.integers(-5, 2**66) | st.booleans() | st.none())
def test_any_action_document_is_applied_or_refused_cleanly(
    game: AnyGame, data: st.DataObject, value: Any
) -> None:
    playout, rnd = data.draw(playouts(game))
    for state in sample(playout, rnd):
        for action in game.legal_actions(state)[:5]:
            document = to_dict(action)
            mutated = replace_random_leaf(document, value, rnd, keep=("format_version", "type"))
            try:
                candidate = from_dict(mutated, game.action_type)
            except DeserializationError:
                continue
            with contextlib.suppress(IllegalActionError):
                game.apply(state, candidate)


@by_game
@pytest.mark.parametrize("viewer", [-1, "0", 1.0, True, 10**30, "players"])
def test_observe_and_determinize_refuse_a_player_the_game_does_not_have(
    game: AnyGame, viewer: Any
) -> None:
    state = game.initial_state(seed=1)
    if viewer == "players":
        viewer = game.num_players(state)
    with pytest.raises(InvalidPlayerError):
        game.observe(state, viewer)
    with pytest.raises(InvalidPlayerError):
        game.determinize(state, viewer, 1)


@by_game
@pytest.mark.parametrize("seed", [-1, 2**64, "7", 1.5])
def test_a_bad_seed_is_refused_as_a_config_error(game: AnyGame, seed: Any) -> None:
    with pytest.raises(InvalidConfigError, match="seed"):
        game.initial_state(seed=seed)
    with pytest.raises(InvalidConfigError, match="seed"):
        game.determinize(game.initial_state(seed=1), 0, seed)


@by_game
@pytest.mark.parametrize("config", [3, "config", object(), ()])
def test_a_config_of_another_type_is_refused(game: AnyGame, config: Any) -> None:
    with pytest.raises(InvalidConfigError, match="config"):
        game.initial_state(config, seed=1)
