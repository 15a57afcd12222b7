"""Jupyter shows every game's states and observations as their SVG picture."""

from __future__ import annotations

from typing import Any

import pytest

import crabrules
from crabrules.core.display import DisplaysAsSvg

formatters = pytest.importorskip("IPython.core.formatters")

#: The library's own games (the tests register a tic-tac-toe of their own too).
GAME_IDS = ("crab-stack", "la-marche-du-crabe", "youve-got-crabs", "oh-crab")


def _shown(value: Any) -> dict[str, Any]:
    data, _ = formatters.DisplayFormatter().format(value)
    return dict(data)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_state_displays_as_its_picture(game_id: str) -> None:
    game = crabrules.get_game(game_id)
    state = game.initial_state(game.config_type(), seed=1)
    assert _shown(state)["image/svg+xml"] == game.render_svg(state)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_an_observation_displays_as_the_players_picture(game_id: str) -> None:
    game = crabrules.get_game(game_id)
    observation = game.observe(game.initial_state(game.config_type(), seed=1), 0)
    assert _shown(observation)["image/svg+xml"] == game.render_svg(observation)


def test_a_class_no_game_owns_shows_as_text() -> None:
    class Stranger(DisplaysAsSvg):
        def __repr__(self) -> str:
            return "stranger"

    shown = _shown(Stranger())
    assert "image/svg+xml" not in shown
    assert shown["text/plain"] == "stranger"
