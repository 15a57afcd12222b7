"""The PettingZoo environments pass PettingZoo's own tests."""

from __future__ import annotations

import random
from typing import Any, cast

import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

import crabrules
from crabrules.adapters.config import DEFAULT_MAX_STEPS
from crabrules.adapters.pettingzoo import env, parallel_env
from crabrules.core import Dynamics, get_game
from crabrules.core.errors import GameOverError, IllegalActionError, InvalidConfigError
from crabrules.encoding import ENCODED_GAMES

from .config_cases import CASES, case_id, config_of, fields_of, uncovered

#: Oh Crab!'s Adventure Pack: one mix per module (with a variant where it has them), and
#: all four modules together.
MIXES: list[dict[str, Any]] = [
    {"modules": {"surprises"}, "variants": {"only-the-good"}},
    {"modules": {"events"}, "variants": {"the-lucky-ones"}},
    {"modules": {"challenges"}},
    {"modules": {"asymmetry"}},
    {"modules": {"surprises", "events", "challenges", "asymmetry"}, "variants": {"crystal-ball"}},
]
ADVENTURE = [("oh-crab", {"players": p, **mix}) for mix in MIXES for p in (2, 4)]


def _ids(configs: list[tuple[str, dict[str, Any]]]) -> list[str]:
    def value(v: Any) -> str:
        return "+".join(sorted(v)) if isinstance(v, (set, frozenset)) else str(v)

    return [f"{g}-{'-'.join(f'{k}{value(v)}' for k, v in c.items())}" for g, c in configs]


CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("crab-stack", {"players": 2}),
    ("crab-stack", {"players": 4}),
    ("la-marche-du-crabe", {}),
    ("youve-got-crabs", {"teams": 2}),
    ("oh-crab", {"players": 2}),
    ("oh-crab", {"players": 4}),
    *ADVENTURE,
]
IDS = _ids(CONFIGS)


@pytest.mark.parametrize(("game_id", "config"), CONFIGS, ids=IDS)
def test_api(game_id: str, config: dict[str, Any]) -> None:
    api_test(env(game_id, **config), num_cycles=60)


@pytest.mark.parametrize(("game_id", "config"), CONFIGS, ids=IDS)
def test_seed(game_id: str, config: dict[str, Any]) -> None:
    seed_test(lambda: env(game_id, **config), num_cycles=60)


def test_a_whole_game_ends_with_the_games_returns() -> None:
    game = env("crab-stack", players=3)
    game.reset(seed=3)
    totals = dict.fromkeys(game.possible_agents, 0.0)
    for agent in game.agent_iter():
        observation, reward, termination, truncation, _ = game.last()
        totals[agent] += reward
        if termination or truncation:
            game.step(None)
        else:
            game.step(int(observation["action_mask"].nonzero()[0][-1]))
    assert sorted(totals.values()) == [-0.5, -0.5, 1.0]


def test_render_ansi_is_the_games_picture() -> None:
    game = env("la-marche-du-crabe", render_mode="ansi")
    game.reset(seed=2)
    assert game.render() == crabrules.marche_du_crabe.render(game.game_state)
    silent = env("la-marche-du-crabe")
    silent.reset(seed=2)
    assert silent.render() is None


def test_an_illegal_number_is_refused() -> None:
    game = env("crab-stack")
    game.reset(seed=1)
    mask = game.observe(game.agent_selection)["action_mask"]
    with pytest.raises(ValueError, match="may not take action"):
        game.step(int((mask == 0).nonzero()[0][0]))
    # Outside the action space (a negative number too, which must not count from the end),
    # not an integer, or no action from an agent still in the game.
    size = int(mask.size)
    for bad in (-1, -size, size, 2.0, "3", None):
        with pytest.raises(ValueError, match="may not take action"):
            game.step(bad)  # type: ignore[arg-type]


def test_a_bool_is_no_action_number() -> None:
    # True == 1 in Python, but the encoding refuses a bool, and so do the environments.
    game = env("youve-got-crabs")
    game.reset(seed=1)
    for bad in (False, True):
        with pytest.raises(ValueError, match="may not take action"):
            game.step(bad)
    parallel = parallel_env("youve-got-crabs")
    parallel.reset(seed=1)
    with pytest.raises(IllegalActionError, match="not in the action space"):
        parallel.step({parallel.agents[0]: False})


def test_observing_an_unknown_agent_names_the_agents() -> None:
    game = env("crab-stack")
    game.reset(seed=1)
    for agent in ("player_9", "player", 0, None):
        with pytest.raises(ValueError, match=r"is not an agent of this environment \(player_0"):
            game.observe(agent)  # type: ignore[arg-type]


def test_last_before_reset_is_a_clear_error() -> None:
    with pytest.raises(RuntimeError, match=r"call reset\(\) before observe\(\)"):
        env("crab-stack").last()


def test_writing_the_handed_out_mask_changes_nothing_legal() -> None:
    game = env("crab-stack")
    game.reset(seed=1)
    mask = game.observe(game.agent_selection)["action_mask"]
    illegal = int((mask == 0).nonzero()[0][0])
    mask[illegal] = 1  # the caller's own copy
    assert game.observe(game.agent_selection)["action_mask"][illegal] == 0
    with pytest.raises(ValueError, match="may not take action"):
        game.step(illegal)


def test_a_bad_render_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="render_mode"):
        env("crab-stack", render_mode="video")
    with pytest.raises(ValueError, match="render_mode"):
        parallel_env("oh-crab", render_mode="pixels")


def test_real_time_play_offers_each_active_player_in_turn() -> None:
    game = env("youve-got-crabs", teams=2, max_steps=8)
    game.reset(seed=5)
    seen = []
    for agent in game.agent_iter():
        observation, _, termination, truncation, _ = game.last()
        if termination or truncation:
            game.step(None)
            continue
        seen.append(agent)
        game.step(int(observation["action_mask"].nonzero()[0][-1]))  # the last: Signal
    assert seen == [f"player_{p}" for p in (0, 1, 2, 3, 0, 1, 2, 3)]


PARALLEL: list[tuple[str, dict[str, Any]]] = [
    ("youve-got-crabs", {"teams": 2}),
    ("youve-got-crabs", {"teams": 3}),
    ("oh-crab", {"players": 2}),
    ("oh-crab", {"players": 4}),
    *ADVENTURE,
]
PARALLEL_IDS = _ids(PARALLEL)


@pytest.mark.parametrize(("game_id", "config"), PARALLEL, ids=PARALLEL_IDS)
def test_parallel_api(game_id: str, config: dict[str, Any]) -> None:
    parallel_api_test(parallel_env(game_id, **config), num_cycles=60)


@pytest.mark.parametrize(("game_id", "config"), PARALLEL, ids=PARALLEL_IDS)
def test_parallel_seed(game_id: str, config: dict[str, Any]) -> None:
    parallel_seed_test(lambda: parallel_env(game_id, **config), num_cycles=60)


def test_oh_crabs_planning_is_one_parallel_step() -> None:
    game = parallel_env("oh-crab", players=4)
    observations, _ = game.reset(seed=3)
    masks = {a: observations[a]["action_mask"] for a in game.agents}
    assert all(not mask[game.wait] and mask.sum() == 4 for mask in masks.values())
    plans = {a: int(mask.nonzero()[0][0]) for a, mask in masks.items()}
    observations, _, _, _, infos = game.step(plans)
    assert all(info["applied"] for info in infos.values())
    state = game.game_state
    assert state.phase is crabrules.oh_crab.Phase.ACTION
    waiting = [a for a in game.agents if a != f"player_{state.current}"]
    assert all(observations[a]["action_mask"].tolist().count(1) == 1 for a in waiting)
    assert all(observations[a]["action_mask"][game.wait] for a in waiting)


def test_a_simultaneous_step_drops_numbers_outside_the_mask() -> None:
    game = parallel_env("oh-crab", players=3)
    observations, _ = game.reset(seed=3)
    first = int(observations["player_0"]["action_mask"].nonzero()[0][0])
    actions = {"player_0": first, "player_1": game.wait, "player_2": game.wait - 1}
    observations, _, _, _, infos = game.step(actions)
    assert [infos[a]["applied"] for a in game.agents] == [True, False, False]
    assert game.game_state.planned[0] >= 0
    assert game.game_state.planned[1:] == (crabrules.oh_crab.NO_CARD,) * 2
    assert observations["player_0"]["action_mask"].tolist() == [0] * game.wait + [1]


def test_oh_crabs_aec_planning_goes_round_the_table() -> None:
    game = env("oh-crab", players=3)
    game.reset(seed=4)
    planners = []
    for agent in game.agent_iter(3):
        observation, *_ = game.last()
        planners.append(agent)
        game.step(int(observation["action_mask"].nonzero()[0][0]))
    assert planners == ["player_0", "player_1", "player_2"]
    # The others' face-down cards are hidden: their tensors say only that they planned.
    assert game.game_state.phase is crabrules.oh_crab.Phase.ACTION


def test_sequential_games_have_no_parallel_form() -> None:
    with pytest.raises(ValueError, match="sequential"):
        parallel_env("crab-stack")


def test_a_tick_drops_the_actions_an_earlier_arrival_made_illegal() -> None:
    game = parallel_env("youve-got-crabs", teams=2, render_mode="ansi")
    observations, _ = game.reset(seed=5)
    # Everyone who may calls player 1 in the same tick: the first call to arrive is applied,
    # and the state it leaves decides whether the later ones still are.
    call_one = 23 + 1
    actions = {
        agent: call_one if observations[agent]["action_mask"][call_one] else game.wait
        for agent in game.agents
    }
    _, _, _, _, infos = game.step(actions)
    callers = [a for a, n in actions.items() if n != game.wait]
    assert len(callers) > 1
    assert any(infos[a]["applied"] for a in callers)
    assert game.game_state.window is not None or game.game_state.call_count >= 1
    assert game.render() == crabrules.youve_got_crabs.render(game.game_state)


def test_oh_crabs_decisions_out_of_turn_are_asked_of_their_player() -> None:
    # With the four modules, a Surprise, an Event or a skill window can make another
    # player decide during a turn: the environment asks that player, then goes on.
    modules = {"surprises", "events", "challenges", "asymmetry"}
    game = env("oh-crab", players=4, modules=modules)
    out_of_turn = 0
    rng = random.Random(0)
    for seed in range(3):
        game.reset(seed=seed)
        for agent in game.agent_iter():
            observation, _, termination, truncation, _ = game.last()
            if termination or truncation:
                game.step(None)
                continue
            state = game.game_state
            if state.adventure.frames:
                assert agent == f"player_{state.adventure.frames[-1].player}"
                out_of_turn += agent != f"player_{state.current}"
            game.step(int(rng.choice(observation["action_mask"].nonzero()[0])))
        assert crabrules.oh_crab.is_terminal(game.game_state)
    assert out_of_turn


def test_oh_crabs_hidden_choice_of_skills_is_one_parallel_step() -> None:
    game = parallel_env("oh-crab", players=4, modules={"asymmetry"})
    observations, _ = game.reset(seed=2)
    state = game.game_state
    assert state.adventure.asymmetry.choosing
    actions = {a: int(o["action_mask"].nonzero()[0][0]) for a, o in observations.items()}
    game.step(actions)
    state = game.game_state
    assert not state.adventure.asymmetry.choosing
    assert state.phase is crabrules.oh_crab.Phase.PLANNING


# Every field of every game's Config is a keyword argument of both factories.


def test_the_config_cases_set_every_config_field() -> None:
    assert uncovered() == {game_id: set() for game_id in ENCODED_GAMES}


@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
def test_env_takes_every_config_field(case: tuple[str, dict[str, Any]]) -> None:
    game_id, config = case
    expected = config_of(game_id, config)
    game = env(game_id, **config)
    assert game.encoding.config == expected
    game.reset(seed=1)
    assert game.encoding.game.initial_state(expected, seed=1) == game.game_state
    if get_game(game_id).info.dynamics is not Dynamics.SEQUENTIAL:
        parallel = parallel_env(game_id, **config)
        assert parallel.encoding.config == expected
        parallel.reset(seed=1)
        assert game.game_state == parallel.game_state


@pytest.mark.parametrize("game_id", ENCODED_GAMES)
def test_an_unknown_config_field_is_refused_by_name(game_id: str) -> None:
    fields = ", ".join(fields_of(game_id))
    message = rf"^playrs: not a Config field of .* \(its fields: {fields}\)$"
    with pytest.raises(InvalidConfigError, match=message):
        env(game_id, playrs=2)
    if get_game(game_id).info.dynamics is not Dynamics.SEQUENTIAL:
        with pytest.raises(InvalidConfigError, match=message):
            parallel_env(game_id, playrs=2)


@pytest.mark.parametrize(
    ("game_id", "field"), [(g, f) for g in ENCODED_GAMES for f in fields_of(g)]
)
def test_a_config_field_of_the_wrong_type_is_refused_by_name(game_id: str, field: str) -> None:
    with pytest.raises(InvalidConfigError, match=f"^{field}: "):
        env(game_id, **{field: cast(Any, object())})


# PettingZoo's conventions beyond api_test and seed_test, as a learner's loop relies on them.


def _play(game: Any, choose: Any) -> int:
    """Play ``game`` (reset already) to its end with ``choose(agent, observation)``."""
    steps = 0
    for agent in game.agent_iter():
        observation, _, termination, truncation, _ = game.last()
        if termination or truncation:
            game.step(None)
        else:
            game.step(choose(agent, observation))
            steps += 1
    return steps


@pytest.mark.parametrize(("game_id", "config"), CONFIGS, ids=IDS)
def test_sampling_the_action_space_with_the_mask_stays_in_the_observation_space(
    game_id: str, config: dict[str, Any]
) -> None:
    game = env(game_id, **config)
    game.reset(seed=7)
    for agent in game.possible_agents:
        game.action_space(agent).seed(7)

    def choose(agent: str, observation: dict[str, Any]) -> int:
        assert game.observation_space(agent).contains(observation)
        for other in game.agents:  # what every other agent sees at this step too
            assert game.observation_space(other).contains(game.observe(other))
        number = game.action_space(agent).sample(observation["action_mask"])
        assert observation["action_mask"][number] == 1
        return int(number)

    assert _play(game, choose) > 0
    game.close()


def _first_legal(_: str, observation: dict[str, Any]) -> int:
    return int(observation["action_mask"].nonzero()[0][0])


def test_reset_with_the_same_seed_twice_plays_the_same_game() -> None:
    game = env("oh-crab", players=3, max_steps=200)
    states = []
    for _ in range(2):
        game.reset(seed=11)
        rng = random.Random(0)
        _play(game, lambda _, o, rng=rng: int(rng.choice(o["action_mask"].nonzero()[0])))
        states.append(game.game_state)
    assert states[0] == states[1]
    game.reset(seed=12)
    assert game.game_state != crabrules.oh_crab.initial_state(game.encoding.config, seed=11)


def test_max_steps_truncates_every_agent_with_no_reward() -> None:
    game = env("crab-stack", players=3, max_steps=5)
    game.reset(seed=1)
    ends = {}
    for agent in game.agent_iter():
        observation, reward, termination, truncation, _ = game.last()
        if termination or truncation:
            ends[agent] = (reward, termination, truncation, observation["action_mask"].sum())
            game.step(None)
        else:
            game.step(_first_legal(agent, observation))
    assert ends == dict.fromkeys(game.possible_agents, (0, False, True, 0))
    assert not crabrules.crab_stack.is_terminal(game.game_state)
    assert game.agents == []


@pytest.mark.parametrize("bad", [0, -1, 2.5])
def test_max_steps_below_one_is_refused(bad: Any) -> None:
    with pytest.raises(InvalidConfigError, match=r"^max_steps: "):
        env("crab-stack", max_steps=bad)
    with pytest.raises(InvalidConfigError, match=r"^max_steps: "):
        parallel_env("oh-crab", max_steps=bad)


def test_pettingzoos_standard_wrappers_play_whole_games() -> None:
    from pettingzoo.utils import wrappers

    for wrapper in (wrappers.OrderEnforcingWrapper, wrappers.AssertOutOfBoundsWrapper):
        game = wrapper(env("crab-stack", players=4))
        game.reset(seed=2)
        assert _play(game, _first_legal) > 0
    game = wrappers.AssertOutOfBoundsWrapper(env("crab-stack"))
    game.reset(seed=2)
    with pytest.raises(AssertionError, match="not in action space"):
        game.step(10**6)
    game = wrappers.TerminateIllegalWrapper(env("crab-stack"), illegal_reward=-1)
    game.reset(seed=2)
    observation, *_ = game.last()
    game.step(int((observation["action_mask"] == 0).nonzero()[0][0]))
    assert game.rewards["player_0"] == -1  # the first mover broke the rule


def test_order_enforcing_refuses_a_step_before_reset() -> None:
    from pettingzoo.utils import wrappers

    with pytest.raises(AssertionError, match="reset"):
        wrappers.OrderEnforcingWrapper(env("crab-stack")).step(0)


@pytest.mark.parametrize(
    ("game_id", "config"), [("oh-crab", {"players": 2}), ("youve-got-crabs", {"max_steps": 40})]
)
def test_parallel_to_aec_plays_whole_games(game_id: str, config: dict[str, Any]) -> None:
    from pettingzoo.utils.conversions import parallel_to_aec

    game = parallel_to_aec(parallel_env(game_id, **config))
    game.reset(seed=3)
    assert _play(game, _first_legal) > 0


def test_a_sequential_env_is_not_parallelizable() -> None:
    from pettingzoo.utils.conversions import aec_to_parallel

    with pytest.raises(AssertionError, match="is_parallelizable"):
        aec_to_parallel(env("crab-stack"))


def test_render_before_reset_is_a_clear_error() -> None:
    games = (env("crab-stack", render_mode="ansi"), parallel_env("oh-crab", render_mode="ansi"))
    for game in games:
        with pytest.raises(RuntimeError, match=r"reset\(\)"):
            game.render()


def test_a_parallel_step_names_an_unknown_agent_or_a_bad_number() -> None:
    game = parallel_env("oh-crab", players=2)
    game.reset(seed=1)
    with pytest.raises(IllegalActionError, match=r"^'player_7' is not an agent"):
        game.step({"player_7": game.wait})
    for bad in ("x", 2.0, None, -1, game.wait + 1):
        with pytest.raises(IllegalActionError, match=r"^player_0: action .* not in the action"):
            game.step({"player_0": cast(int, bad)})
    # Nothing was applied: the same step still plays.
    _, _, _, _, infos = game.step(dict.fromkeys(game.agents, game.wait))
    assert not any(info["applied"] for info in infos.values())


def test_a_parallel_step_after_the_end_is_refused() -> None:
    game = parallel_env("youve-got-crabs", max_steps=1)
    with pytest.raises(GameOverError, match=r"reset\(\)"):
        game.step({})
    game.reset(seed=1)
    game.step(dict.fromkeys(game.agents, game.wait))
    assert game.agents == []
    with pytest.raises(GameOverError, match=r"reset\(\)"):
        game.step({"player_0": game.wait})


def test_a_step_after_the_end_is_a_clear_error() -> None:
    game = env("crab-stack")
    game.reset(seed=1)
    _play(game, _first_legal)
    with pytest.raises(ValueError, match="over"):
        game.step(0)


def test_a_step_before_reset_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match=r"reset\(\)"):
        env("crab-stack").step(0)


def test_an_observation_before_reset_is_a_clear_error() -> None:
    with pytest.raises(RuntimeError, match=r"reset\(\)"):
        env("crab-stack").observe("player_0")


def test_a_policy_that_repeats_itself_is_truncated_by_default() -> None:
    # Always the last legal number: in this Oh Crab! game the crabs never leave the shore.
    game = env("oh-crab", players=3)
    game.reset(seed=5)
    last = {}
    steps = 0
    for agent in game.agent_iter():
        _, _, termination, truncation, _ = game.last()
        if termination or truncation:
            last[agent] = (termination, truncation)
            game.step(None)
        else:
            game.step(int(game.observe(agent)["action_mask"].nonzero()[0][-1]))
            steps += 1
    assert steps == DEFAULT_MAX_STEPS == 10_000
    assert last == dict.fromkeys(game.possible_agents, (False, True))


@pytest.mark.parametrize(("game_id", "config"), PARALLEL, ids=PARALLEL_IDS)
def test_a_parallel_game_sampled_with_the_masks_stays_in_the_observation_space(
    game_id: str, config: dict[str, Any]
) -> None:
    game = parallel_env(game_id, max_steps=400, **config)
    observations, _ = game.reset(seed=3)
    for agent in game.possible_agents:
        game.action_space(agent).seed(3)
    steps = 0
    while game.agents:
        for agent in game.agents:
            assert game.observation_space(agent).contains(observations[agent])
        actions = {
            agent: int(game.action_space(agent).sample(observations[agent]["action_mask"]))
            for agent in game.agents
        }
        observations, *_ = game.step(actions)
        steps += 1
    assert steps > 1


@pytest.mark.parametrize("actions", [None, [1], "1", 3], ids=["none", "list", "str", "int"])
def test_a_parallel_step_takes_a_dict_of_actions(actions: Any) -> None:
    environment = parallel_env("youve-got-crabs")
    environment.reset(seed=1)
    with pytest.raises(IllegalActionError, match="a dict of agent name to action number"):
        environment.step(actions)
