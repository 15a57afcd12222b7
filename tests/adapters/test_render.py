"""Pictures for learners: every game's SVG as pixels, and the environments' render modes."""

from __future__ import annotations

import os

import pytest

pytest.importorskip("resvg_py")
pytest.importorskip("PIL")

import numpy as np

import crabrules
from crabrules.adapters.render import Renderer, svg_to_rgb_array
from crabrules.core import InvalidConfigError

GAME_CONFIGS = [
    ("crab-stack", {}),
    ("la-marche-du-crabe", {}),
    ("youve-got-crabs", {}),
    ("oh-crab", {"players": 4, "modules": frozenset({"surprises", "events", "challenges"})}),
]


@pytest.mark.parametrize(("game_id", "options"), GAME_CONFIGS)
def test_every_games_picture_becomes_pixels(game_id: str, options: dict[str, object]) -> None:
    game = crabrules.get_game(game_id)
    state = game.initial_state(game.config_type(**options), seed=1)
    for position in (state, game.observe(state, 0)):
        picture = svg_to_rgb_array(game.render_svg(position))
        assert picture.dtype == np.uint8
        assert picture.ndim == 3
        assert picture.shape[2] == 3
        assert picture.shape[0] > 100
        assert picture.shape[1] > 100
        assert len(np.unique(picture.reshape(-1, 3), axis=0)) > 10  # drawn, not blank


def test_a_scale_makes_a_bigger_picture() -> None:
    svg = crabrules.crab_stack.render_svg(crabrules.crab_stack.initial_state(seed=1))
    assert svg_to_rgb_array(svg, scale=2).shape[1] == 2 * svg_to_rgb_array(svg).shape[1]


def test_bad_input_is_refused_by_name() -> None:
    with pytest.raises(InvalidConfigError, match="render_mode"):
        Renderer("video")
    with pytest.raises(InvalidConfigError, match="fps"):
        Renderer("human", fps=0)
    with pytest.raises(InvalidConfigError, match="scale"):
        svg_to_rgb_array("<svg/>", scale=-1)
    with pytest.raises(InvalidConfigError, match="svg"):
        svg_to_rgb_array("not a picture")


def test_the_pettingzoo_environment_renders_arrays_and_a_window(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pytest.importorskip("pettingzoo")
    pytest.importorskip("pygame")
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from crabrules.adapters.pettingzoo import env

    game = env("crab-stack", players=2, render_mode="rgb_array")
    game.reset(seed=1)
    picture = game.render()
    assert picture.shape[2] == 3
    window = env("crab-stack", players=2, render_mode="human")
    window.reset(seed=1)
    assert window.render() is None
    window.close()
    assert game.metadata["render_modes"] == ["ansi", "rgb_array", "human"]


def test_the_gymnasium_environment_renders_the_learners_view(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pytest.importorskip("gymnasium")
    pytest.importorskip("pygame")
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from crabrules.adapters.gymnasium import CrabrulesGymEnv

    env = CrabrulesGymEnv("oh-crab", players=3, render_mode="rgb_array")
    env.reset(seed=2)
    picture = env.render()
    game = crabrules.get_game("oh-crab")
    expected = svg_to_rgb_array(game.render_svg(game.observe(env.game_state, 0)))
    assert (picture == expected).all()
    human = CrabrulesGymEnv("crab-stack", players=2, render_mode="human")
    human.reset(seed=1)
    assert human.render() is None
    human.close()
    assert os.environ["SDL_VIDEODRIVER"] == "dummy"


@pytest.mark.filterwarnings("error")
@pytest.mark.parametrize(
    "game_id", ["crab-stack", "la-marche-du-crabe", "youve-got-crabs", "oh-crab"]
)
def test_every_gymnasium_environment_passes_check_env_with_its_render_modes(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # check_env makes the environment again in every render mode, renders and closes it.
    gymnasium = pytest.importorskip("gymnasium")
    pytest.importorskip("pygame")
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from gymnasium.utils.env_checker import check_env

    from crabrules.adapters.gymnasium import ENV_IDS

    env = gymnasium.make(ENV_IDS[game_id], illegal_action_penalty=-0.1)
    check_env(env.unwrapped)
