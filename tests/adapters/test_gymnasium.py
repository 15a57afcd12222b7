"""The single-agent Gymnasium environments: registration, masks, checks, vector envs.

Generic checks: every game and every config case passes Gymnasium's ``check_env`` with
warnings as errors, and ``gymnasium.make`` with every render mode warns nothing.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

gymnasium = pytest.importorskip("gymnasium")

import numpy as np  # noqa: E402
from gymnasium.utils import env_checker  # noqa: E402

import crabrules  # noqa: E402
from crabrules.adapters.config import step_limit  # noqa: E402
from crabrules.adapters.gymnasium import (  # noqa: E402
    ENV_IDS,
    RENDER_MODES,
    RESET_OPTIONS,
    CrabrulesGymEnv,
)
from crabrules.agents import Decision, NotAnAgentError, RandomAgent  # noqa: E402
from crabrules.core import GameOverError, IllegalActionError, InvalidConfigError  # noqa: E402

from .config_cases import CASES, case_id  # noqa: E402

CONFIGS: dict[str, dict[str, Any]] = {
    "crab-stack": {"players": 2},
    "la-marche-du-crabe": {},
    "youve-got-crabs": {},
    "oh-crab": {"players": 3},
}


def _play(env: Any, seed: int) -> tuple[float, int, bool]:
    observation, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps, reward, terminated, truncated = 0, 0.0, False, False
    while not (terminated or truncated):
        assert env.observation_space.contains(observation)
        legal = np.flatnonzero(info["action_mask"])
        assert (env.unwrapped.action_masks() == info["action_mask"].astype(bool)).all()
        observation, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        steps += 1
    return float(reward), steps, terminated


@pytest.mark.parametrize("game_id", sorted(ENV_IDS))
def test_every_game_is_registered_and_plays_to_the_end(game_id: str) -> None:
    env = gymnasium.make(ENV_IDS[game_id], opponents="plausible", **CONFIGS[game_id])
    reward, steps, terminated = _play(env, seed=3)
    assert steps > 0
    if terminated:
        enc = env.unwrapped.encoding
        assert reward == enc.returns(env.unwrapped.game_state)[0]


def test_the_same_seed_plays_the_same_game() -> None:
    first = CrabrulesGymEnv("oh-crab", players=3, opponents="random")
    second = CrabrulesGymEnv("oh-crab", players=3, opponents="random")
    assert _play(first, 5) == _play(second, 5)
    assert first.game_state == second.game_state


def test_the_checker_passes_whole_with_a_penalty() -> None:
    env = CrabrulesGymEnv("crab-stack", players=2, illegal_action_penalty=-0.1)
    env_checker.check_env(env, skip_render_check=True)


def test_without_a_penalty_every_check_but_random_steps_passes() -> None:
    env = CrabrulesGymEnv("crab-stack", players=2)
    env_checker.check_reset_seed_determinism(env)
    env_checker.check_reset_options(env)
    env_checker.check_reset_return_type(env)
    env_checker.check_reset_return_info_deprecation(env)
    env_checker.check_space_limit(env.observation_space, "observation")
    box = env.observation_space
    assert isinstance(box, gymnasium.spaces.Box)
    assert box.is_bounded()


def test_an_illegal_number_is_refused_or_penalised() -> None:
    env = CrabrulesGymEnv("crab-stack", players=2)
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = env.game_state
    with pytest.raises(IllegalActionError, match="not legal now"):
        env.step(illegal)
    with pytest.raises(IllegalActionError):
        env.step(True)
    assert env.game_state == before
    penalised = CrabrulesGymEnv("crab-stack", players=2, illegal_action_penalty=-1.0)
    _, info = penalised.reset(seed=1)
    _, reward, terminated, truncated, _ = penalised.step(illegal)
    assert (reward, terminated, truncated) == (-1.0, False, False)


def test_a_step_after_the_end_says_to_reset() -> None:
    env = CrabrulesGymEnv("crab-stack", players=2)
    _play(env, seed=2)
    with pytest.raises(GameOverError, match="reset"):
        env.step(0)


def test_opponents_may_be_agent_objects_one_per_seat() -> None:
    class Last:
        def act(self, turn: Any, rng: Any) -> Decision:
            return Decision(turn.legal[-1], turn.now)

    env = CrabrulesGymEnv("oh-crab", players=3, seat=1, opponents=[Last(), RandomAgent()])
    _, steps, _ = _play(env, seed=4)
    assert steps > 0
    with pytest.raises(NotAnAgentError, match=r"opponents\[0\]"):
        CrabrulesGymEnv("crab-stack", players=2, opponents=[3])  # type: ignore[list-item]
    with pytest.raises(InvalidConfigError, match="opponents"):
        CrabrulesGymEnv("oh-crab", players=3, opponents=["random"])
    with pytest.raises(InvalidConfigError, match="seat"):
        CrabrulesGymEnv("crab-stack", players=2, seat=2)
    with pytest.raises(InvalidConfigError, match="render_mode"):
        CrabrulesGymEnv("crab-stack", render_mode="video")


def test_real_time_play_truncates_at_max_steps() -> None:
    env = CrabrulesGymEnv("youve-got-crabs", opponents="random", max_steps=40)
    _, steps, terminated = _play(env, seed=1)
    assert not terminated
    assert steps <= 40


@pytest.mark.parametrize("vector", ["SyncVectorEnv", "AsyncVectorEnv"])
def test_it_runs_in_vector_environments(vector: str) -> None:
    def make() -> Any:
        return gymnasium.make(ENV_IDS["crab-stack"], players=2, illegal_action_penalty=-0.1)

    envs = getattr(gymnasium.vector, vector)([make, make])
    try:
        observations, infos = envs.reset(seed=7)
        assert observations.shape == (2, *envs.single_observation_space.shape)
        finished = 0
        for _ in range(60):
            # After a game ends the vector env resets on the next step, whatever the action:
            # the mask of a finished game is all 0.
            masks = infos["action_mask"]
            actions = np.array([int(np.argmax(mask)) for mask in masks])
            observations, _, ended, _, infos = envs.step(actions)
            finished += int(ended.sum())
        assert observations.shape[0] == 2
        assert finished > 0
    finally:
        envs.close()


def test_ansi_renders_the_games_text_picture() -> None:
    env = CrabrulesGymEnv("crab-stack", players=2, render_mode="ansi")
    env.reset(seed=1)
    assert env.render() == crabrules.get_game("crab-stack").render(env.game_state)


CHECKED = [*CONFIGS.items(), *CASES]


@pytest.mark.filterwarnings("error")
@pytest.mark.parametrize(("game_id", "config"), CHECKED, ids=[case_id(c) for c in CHECKED])
def test_every_config_passes_check_env_with_warnings_as_errors(
    game_id: str, config: dict[str, Any]
) -> None:
    env = gymnasium.make(ENV_IDS[game_id], illegal_action_penalty=-0.1, **config)
    # The render check (every render mode, rasterised) is test_render.py's, with the extra.
    env_checker.check_env(env.unwrapped, skip_render_check=True)


@pytest.mark.filterwarnings("error")
@pytest.mark.parametrize("render_mode", RENDER_MODES)
@pytest.mark.parametrize("game_id", sorted(ENV_IDS))
def test_making_with_every_render_mode_warns_nothing(game_id: str, render_mode: str) -> None:
    # gymnasium.make reads the render modes from the class, before the environment exists.
    env = gymnasium.make(ENV_IDS[game_id], render_mode=render_mode, **CONFIGS[game_id])
    _, info = env.reset(seed=1)
    env.step(int(np.flatnonzero(info["action_mask"])[0]))
    if render_mode == "ansi":
        assert env.render() == crabrules.get_game(game_id).render(env.unwrapped.game_state)
    env.close()


def test_the_metadata_is_the_classs_with_a_frame_rate() -> None:
    assert CrabrulesGymEnv.metadata["render_modes"] == list(RENDER_MODES)
    assert CrabrulesGymEnv.metadata["render_fps"] > 0


@pytest.mark.parametrize("game_id", sorted(ENV_IDS))
def test_the_spec_gives_max_episode_steps_the_default_step_limit(game_id: str) -> None:
    env = gymnasium.make(ENV_IDS[game_id], **CONFIGS[game_id])
    info = crabrules.get_game(game_id).info
    assert env.spec is not None
    assert env.spec.max_episode_steps == step_limit(info.max_random_steps, None)


def test_max_episode_steps_also_ends_an_episode_of_penalised_mistakes() -> None:
    env = gymnasium.make(
        ENV_IDS["crab-stack"], players=2, illegal_action_penalty=-1.0, max_episode_steps=5
    )
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    ends = [env.step(illegal)[3] for _ in range(5)]
    assert ends == [False, False, False, False, True]


class _Counting:
    """Plays the first legal action and counts its turns."""

    def __init__(self) -> None:
        self.turns = 0

    def act(self, turn: Any, rng: Any) -> Decision:
        self.turns += 1
        return Decision(turn.legal[0], turn.now)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Counting:
        return self  # each episode's copy is this one, so that the test sees its count


def test_reset_options_pick_the_seat_and_the_opponents_for_the_next_episodes() -> None:
    env = CrabrulesGymEnv("oh-crab", players=3, opponents="random")
    counting = _Counting()
    _, info = env.reset(seed=1, options={"seat": 2, "opponents": counting})
    assert env.seat == 2
    assert (info["action_mask"] == env.encoding.legal_action_mask(env.game_state, 2)).all()
    _play(env, seed=2)  # a reset without options keeps both
    assert env.seat == 2
    assert counting.turns > 0
    env.reset(options={"seat": 0})
    assert env.seat == 0
    assert RESET_OPTIONS == ("seat", "opponents")


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ([("seat", 1)], "options"),
        ({"sit": 1}, "options"),
        ({"seat": 3}, "seat"),
        ({"seat": True}, "seat"),
        ({"seat": 1, "opponents": ["random"]}, "opponents"),
    ],
)
def test_bad_reset_options_are_refused_and_change_nothing(options: Any, named: str) -> None:
    env = CrabrulesGymEnv("oh-crab", players=3, opponents="plausible")
    env.reset(seed=1)
    before = env.game_state
    with pytest.raises(InvalidConfigError, match=f"^{named}"):
        env.reset(seed=2, options=options)
    assert (env.seat, env.game_state) == (0, before)
    with pytest.raises(NotAnAgentError, match=r"opponents\[0\]"):
        env.reset(options={"seat": 1, "opponents": [3, "random"]})
    assert env.seat == 0


@pytest.mark.parametrize(
    "penalty",
    ["x", "-1", math.nan, math.inf, -math.inf, True, 10**400, [1]],
    ids=lambda value: repr(value)[:12],
)
def test_an_illegal_action_penalty_must_be_a_finite_number(penalty: Any) -> None:
    with pytest.raises(InvalidConfigError, match=r"^illegal_action_penalty: "):
        CrabrulesGymEnv("crab-stack", players=2, illegal_action_penalty=penalty)


def test_a_penalty_may_be_any_finite_real_number() -> None:
    for penalty in (-1, -0.5, np.float32(-0.25), np.int64(-2)):
        env = CrabrulesGymEnv("crab-stack", players=2, illegal_action_penalty=penalty)
        _, info = env.reset(seed=1)
        illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
        reward = env.step(illegal)[1]
        assert type(reward) is float
        assert reward == float(penalty)
