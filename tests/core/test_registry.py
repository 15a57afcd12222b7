from __future__ import annotations

import pytest

import crabrules
from crabrules.core import GAMES, UnknownGameError, get_game, register_game
from tests.conformance import tictactoe


def test_get_game_finds_a_registered_game() -> None:
    assert get_game("tic-tac-toe") is tictactoe.GAME


def test_get_game_lists_the_known_ids_when_it_fails() -> None:
    with pytest.raises(UnknownGameError) as error:
        get_game("chess")
    assert "tic-tac-toe" in str(error.value)
    assert isinstance(error.value, ValueError)


def test_registering_the_same_game_twice_is_harmless_but_a_clash_is_refused() -> None:
    register_game(tictactoe.GAME)
    import attrs

    impostor = attrs.evolve(tictactoe.GAME)
    with pytest.raises(ValueError, match="already registered"):
        register_game(impostor)


def test_the_registry_is_read_only() -> None:
    with pytest.raises(TypeError):
        GAMES["x"] = tictactoe.GAME  # type: ignore[index]


def test_the_package_registry_is_the_core_registry() -> None:
    assert crabrules.GAMES is GAMES
