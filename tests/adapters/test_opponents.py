"""Opponents of the Gymnasium environment that are policies, or pools of policy snapshots."""

from __future__ import annotations

from typing import Any

import pytest

gymnasium = pytest.importorskip("gymnasium")

import numpy as np  # noqa: E402

from crabrules.adapters.gymnasium import ENV_IDS, CrabrulesGymEnv  # noqa: E402
from crabrules.adapters.opponents import (  # noqa: E402
    OpponentPolicyError,
    PolicyAgent,
    SnapshotPool,
)
from crabrules.agents import AgentError, NotAnAgentError, UnknownAgentError  # noqa: E402
from crabrules.core import CrabRulesError, InvalidConfigError  # noqa: E402

from .test_gymnasium import CONFIGS  # noqa: E402


def first_legal(observation: Any, mask: Any) -> int:
    return int(mask.nonzero()[0][0])


def last_legal(observation: Any, mask: Any) -> int:
    return int(mask.nonzero()[0][-1])


def _play(env: CrabrulesGymEnv, seed: int | None = None) -> float:
    """One episode, the learner taking its first legal number; its last reward."""
    _, info = env.reset(seed=seed)
    reward, done = 0.0, False
    while not done:
        _, reward_, terminated, truncated, info = env.step(int(info["action_mask"].argmax()))
        reward, done = float(reward_), terminated or truncated
    return reward


def _play_seeds(env: CrabrulesGymEnv) -> None:
    """Episodes of five seeds: in some of them the opponent moves first."""
    for seed in range(5):
        _play(env, seed=seed)


@pytest.mark.parametrize("game_id", sorted(ENV_IDS))
def test_a_policy_opponent_sees_its_seats_tensor_and_mask_in_every_game(game_id: str) -> None:
    seen: list[tuple[Any, Any]] = []

    def policy(observation: Any, mask: Any) -> int:
        seen.append((observation, mask))
        return first_legal(observation, mask)

    env = CrabrulesGymEnv(game_id, opponents=policy, max_steps=300, **CONFIGS[game_id])
    _play(env, seed=2)
    assert seen, "the policy was never asked"
    observation, mask = seen[0]
    assert observation.shape == env.observation_space.shape
    assert observation.dtype == np.float32
    assert mask.dtype == np.bool_
    assert mask.shape == (env.encoding.num_distinct_actions,)
    assert mask.any()


def test_a_policy_opponent_is_asked_with_the_opponents_own_view() -> None:
    env = CrabrulesGymEnv("crab-stack", players=2, seat=1, opponents="random")
    asked: list[tuple[Any, Any, Any]] = []
    enc = env.encoding

    def policy(observation: Any, mask: Any) -> int:
        state = env.game_state
        asked.append((observation, mask, state))
        return first_legal(observation, mask)

    env.reset(seed=4, options={"opponents": policy})
    _play(env)
    for observation, mask, state in asked:
        assert np.array_equal(observation, enc.state_tensor(state, 0))
        assert np.array_equal(mask, enc.legal_action_mask(state, 0).astype(bool))


def test_in_real_time_the_others_answer_each_of_the_learners_actions() -> None:
    # You've Got Crabs: the learner may always act, and the others still play.
    calls: list[int] = []

    def policy(observation: Any, mask: Any) -> int:
        calls.append(1)
        return first_legal(observation, mask)

    env = CrabrulesGymEnv("youve-got-crabs", opponents=policy, max_steps=60)
    _, info = env.reset(seed=1)
    for _ in range(10):
        _, _, terminated, truncated, info = env.step(int(info["action_mask"].argmax()))
        if terminated or truncated:
            break
    assert len(calls) >= 10


def test_a_policy_is_called_as_it_is_never_copied() -> None:
    calls = []

    class Counting:
        def __call__(self, observation: Any, mask: Any) -> int:
            calls.append(1)
            return first_legal(observation, mask)

    policy = Counting()
    env = CrabrulesGymEnv("crab-stack", players=2, opponents=policy)
    _play(env, seed=1)
    _play(env)
    assert len(calls) > 2


def test_a_saved_policy_object_with_predict_plays() -> None:
    class Saved:  # as sb3's models predict: (actions, states)
        def predict(self, observation: Any, action_masks: Any, deterministic: bool) -> Any:
            assert deterministic
            return np.array(action_masks.nonzero()[0][-1]), None

    env = CrabrulesGymEnv("la-marche-du-crabe", opponents=Saved(), max_steps=200)
    assert _play(env, seed=3) in (-1.0, 0.0, 1.0)


@pytest.mark.parametrize(
    ("answer", "says"),
    [
        (10**6, "not a legal action number"),
        (-1, "not an action number"),
        (1.0, "not an action number"),
        ("3", "not an action number"),
        (None, "not an action number"),
        (True, "not an action number"),
        (np.array([1, 2]), "not an action number"),
    ],
    ids=["out-of-range", "negative", "float", "str", "none", "bool", "array"],
)
def test_a_policy_answering_no_legal_number_is_an_opponent_policy_error(
    answer: Any, says: str
) -> None:
    def stubborn(observation: Any, mask: Any) -> Any:
        return answer

    env = CrabrulesGymEnv("crab-stack", players=2, opponents=stubborn)
    with pytest.raises(OpponentPolicyError, match=f"seat 1's policy \\(.*stubborn\\).*{says}"):
        _play_seeds(env)


def test_an_illegal_number_that_is_legal_elsewhere_is_refused() -> None:
    def illegal(observation: Any, mask: Any) -> int:
        return int((~mask).nonzero()[0][0])

    env = CrabrulesGymEnv("crab-stack", players=2, opponents=illegal)
    with pytest.raises(OpponentPolicyError, match="not a legal action number") as caught:
        _play_seeds(env)
    assert isinstance(caught.value, AgentError)
    assert isinstance(caught.value, CrabRulesError)


def test_a_policy_that_raises_is_named_and_its_error_kept_as_the_cause() -> None:
    def broken(observation: Any, mask: Any) -> int:
        raise ZeroDivisionError("the network diverged")

    env = CrabrulesGymEnv("oh-crab", players=3, opponents=["random", broken])
    with pytest.raises(
        OpponentPolicyError, match=r"\(.*broken\) raised ZeroDivisionError"
    ) as caught:
        _play_seeds(env)
    assert isinstance(caught.value.__cause__, ZeroDivisionError)


def test_a_faulty_snapshot_is_named_by_its_index_in_the_pool() -> None:
    def broken(observation: Any, mask: Any) -> int:
        raise ValueError("bad weights")

    env = CrabrulesGymEnv("crab-stack", players=2, opponents=SnapshotPool([broken]))
    with pytest.raises(OpponentPolicyError, match=r"SnapshotPool\[0\]: .*broken"):
        _play_seeds(env)


def _drawn(env: CrabrulesGymEnv, episodes: int, seed: int) -> list[str]:
    labels: list[str] = []
    for episode in range(episodes):
        env.reset(seed=seed if episode == 0 else None)
        labels.extend(getattr(agent, "label", "agent") for agent in env._agents.values())
    return labels


def test_a_snapshot_pool_draws_the_same_snapshots_for_the_same_seed() -> None:
    def make() -> CrabrulesGymEnv:
        pool = SnapshotPool([first_legal, last_legal, "random"])
        return CrabrulesGymEnv("oh-crab", players=3, opponents=pool)

    drawn = _drawn(make(), 12, seed=7)
    assert drawn == _drawn(make(), 12, seed=7)
    assert drawn != _drawn(make(), 12, seed=8)
    assert any("first_legal" in label for label in drawn)
    assert any("last_legal" in label for label in drawn)
    assert "agent" in drawn  # "random" is drawn as a fresh agent


def test_a_pool_that_grows_between_episodes_is_drawn_from_as_it_is() -> None:
    pool = SnapshotPool([first_legal], limit=2)
    env = CrabrulesGymEnv("crab-stack", players=2, opponents=pool)
    pool.add(last_legal)
    pool.add(last_legal)
    assert pool.labels == ("last_legal", "last_legal")  # the oldest was dropped
    assert all("last_legal" in label for label in _drawn(env, 5, seed=1))


def test_an_empty_pool_is_refused() -> None:
    with pytest.raises(InvalidConfigError, match="at least one snapshot"):
        SnapshotPool([])
    with pytest.raises(InvalidConfigError, match="at least one snapshot"):
        SnapshotPool(iter(()))


@pytest.mark.parametrize(
    ("snapshot", "error"),
    [(3, NotAnAgentError), ("minimax", UnknownAgentError), (object(), NotAnAgentError)],
)
def test_a_pool_refuses_a_snapshot_that_is_no_policy_or_agent(
    snapshot: Any, error: type[Exception]
) -> None:
    with pytest.raises(error, match=r"SnapshotPool\[1\]|minimax"):
        SnapshotPool([first_legal, snapshot])


@pytest.mark.parametrize("limit", [0, -1, 1.5, True])
def test_a_pools_limit_is_a_positive_int(limit: Any) -> None:
    with pytest.raises(InvalidConfigError, match="limit"):
        SnapshotPool([first_legal], limit=limit)


def test_an_opponent_that_is_no_agent_or_policy_is_refused_naming_it() -> None:
    with pytest.raises(NotAnAgentError, match=r"opponents\[1\]: 'int' is no opponent"):
        CrabrulesGymEnv("oh-crab", players=3, opponents=["random", 5])  # type: ignore[list-item]


def test_agents_stay_agents_beside_policies() -> None:
    env = CrabrulesGymEnv("oh-crab", players=3, opponents=["plausible", first_legal])
    env.reset(seed=1)
    agents = env._agents
    assert type(agents[1]).__name__ == "PlausibleAgent"
    assert isinstance(agents[2], PolicyAgent)
