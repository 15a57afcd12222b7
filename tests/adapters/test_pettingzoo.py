"""The PettingZoo environments pass PettingZoo's own tests."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

import crabrules
from crabrules.adapters.pettingzoo import env, parallel_env

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("crab-stack", {"players": 2}),
    ("crab-stack", {"players": 4}),
    ("la-marche-du-crabe", {}),
    ("youve-got-crabs", {"teams": 2}),
]
IDS = [f"{g}-{'-'.join(f'{k}{v}' for k, v in c.items())}" for g, c in CONFIGS]


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


def test_a_bad_render_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="render_mode"):
        env("crab-stack", render_mode="human")


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


@pytest.mark.parametrize("teams", [2, 3])
def test_parallel_api(teams: int) -> None:
    parallel_api_test(parallel_env("youve-got-crabs", teams=teams), num_cycles=60)


def test_parallel_seed() -> None:
    parallel_seed_test(lambda: parallel_env("youve-got-crabs", teams=2), num_cycles=60)


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
