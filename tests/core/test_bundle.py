"""A game's bundle is built from its package by convention (crabrules.core.bundle)."""

from __future__ import annotations

import importlib
import pathlib
from typing import Any

import pytest

import crabrules
from crabrules.core import Game
from crabrules.core.bundle import PARTS, game_bundle

# The library's games (tests/conftest.py registers a test game too).
GAMES = sorted(
    (g for g in crabrules.GAMES.values() if g.state_type.__module__.startswith("crabrules.")),
    key=lambda game: game.info.id,
)
_PUBLIC_ALIASES = {"config_type", "state_type", "action_type", "observation_type", "event_type"}


def _front(game: Game[Any, Any, Any, Any]) -> Any:
    """The game's public package (``crabrules.crab_stack``), from where its State lives."""
    return importlib.import_module(".".join(game.state_type.__module__.split(".")[:2]))


@pytest.mark.parametrize("game", GAMES, ids=[g.info.id for g in GAMES])
def test_every_game_bundle_holds_its_package_s_own_functions_and_types(
    game: Game[Any, Any, Any, Any],
) -> None:
    front = _front(game)
    for field, (_, name) in PARTS.items():
        held = getattr(game, field if field in _PUBLIC_ALIASES else f"_{field}")
        assert held is getattr(front, name), f"{game.info.id}: {field} is not {name}"
    config = game.config_for_players(game.info.max_players)
    assert len(game.names.players(config)) == game.info.max_players


def _package(
    root: pathlib.Path, name: str, leave_out: tuple[str, str] = ("", ""), prefix: str = ""
) -> str:
    """A copy of Crab Stack's parts as a package ``name``, one part left out.

    Each module is named its role, after ``prefix`` (``"_"``: private modules).
    """
    package = root / name
    package.mkdir()
    (package / "__init__.py").write_text("")
    by_module: dict[str, list[str]] = {}
    for module, part in PARTS.values():
        if (module, part) != leave_out:
            by_module.setdefault(module, []).append(part)
    for module, names in by_module.items():
        source = f"from crabrules.crab_stack import {', '.join(names)}\n"
        (package / f"{prefix}{module}.py").write_text(source)
    return name


def test_a_package_that_lacks_a_part_is_an_import_error_naming_the_module_and_the_name(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(tmp_path))
    package = _package(tmp_path, "fivegame", ("rules", "outcome"))
    with pytest.raises(ImportError, match=r"fivegame\.rules defines no outcome"):
        game_bundle(crabrules.crab_stack.INFO, package)


def test_a_package_with_every_part_plays_as_the_game_it_copies(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(tmp_path))
    package = _package(tmp_path, "sixgame")
    game = game_bundle(crabrules.crab_stack.INFO, package)
    state = game.initial_state(seed=1)
    assert game.legal_actions(state) == crabrules.crab_stack.legal_actions(state)
    assert game.names.players(game.config_type()) == ()  # no words.player_names: no names
    assert game.search.lead is None


def test_a_package_of_private_modules_plays_as_the_game_it_copies(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(tmp_path))
    package = _package(tmp_path, "privategame", prefix="_")
    game = game_bundle(crabrules.crab_stack.INFO, package)
    state = game.initial_state(seed=1)
    assert game.legal_actions(state) == crabrules.crab_stack.legal_actions(state)


def test_a_package_missing_a_module_is_an_import_error_naming_both_names(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(tmp_path))
    package = _package(tmp_path, "sevengame", prefix="_")
    (tmp_path / package / "_rules.py").unlink()
    with pytest.raises(ImportError, match=r"sevengame\.rules.*sevengame\._rules"):
        game_bundle(crabrules.crab_stack.INFO, package)


def test_a_game_bundle_needs_the_package_it_is_made_in() -> None:
    with pytest.raises(ImportError, match="__package__"):
        game_bundle(crabrules.crab_stack.INFO, None)


@pytest.mark.parametrize("game_id", ["crab-stack", "la-marche-du-crabe", "oh-crab"])
def test_a_game_whose_events_carry_their_names_says_the_same_in_any_config(
    game_id: str,
) -> None:
    """Without a ``describe_event_in`` of its own, a config changes no event's sentence."""
    import pickle

    game = crabrules.get_game(game_id)
    state = game.initial_state(game.config_type(), seed=4)
    config = game.config_type()
    said = 0
    for _ in range(12):
        if game.is_terminal(state):
            break
        state, events = game.apply_with_events(state, game.legal_actions(state)[0])
        for event in events:
            assert game.describe_event(event, config) == game.describe_event(event)
            said += 1
    assert said
    assert pickle.loads(pickle.dumps(game)).describe_event(event, config)  # still pickles
