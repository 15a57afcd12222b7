"""The Adventure Pack plugs into the views by kind: every view that treats actions, events
or a state's pack part kind by kind dispatches through a ``ByKind`` table, the pack adds its
kinds where the game is put together, and a base game never reaches the pack's functions."""

from __future__ import annotations

import importlib
import pathlib
import pkgutil
import random
import typing
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest

from crabrules.core.errors import InvalidStateError
from crabrules.oh_crab import (
    ADVENTURE_ACTIONS,
    Adventure,
    CardTakenBack,
    Config,
    ShellLost,
    State,
    action_to_str,
    apply_with_events,
    check_state,
    describe,
    describe_event,
    determinize,
    initial_state,
    is_terminal,
    legal_actions,
    observe,
    observe_events,
    render,
    render_svg,
)
from crabrules.oh_crab import view as view_package
from crabrules.oh_crab.adventure._model import PackEvent
from crabrules.oh_crab.adventure._pack_views import register_views
from crabrules.oh_crab.engine import _expansion as engine_expansion
from crabrules.oh_crab.view import ByKind
from crabrules.oh_crab.view import _observe as expansion
from crabrules.oh_crab.view._observe import check_observation

#: The kinds the pack adds: its actions, its events and its part of a state.
PACK_KINDS: frozenset[type] = frozenset(
    {
        *ADVENTURE_ACTIONS,
        *typing.get_args(PackEvent),
        # Base events the pack's steps cause; the pack says them.
        ShellLost,
        CardTakenBack,
        Adventure,
    }
)


def _tables() -> list[ByKind[Any, Any]]:
    """Every dispatch table of the views."""
    tables: dict[int, ByKind[Any, Any]] = {}  # by identity: a module imports another's
    for info in pkgutil.iter_modules(view_package.__path__):
        module = importlib.import_module(f"{view_package.__name__}.{info.name}")
        tables.update({id(v): v for v in vars(module).values() if isinstance(v, ByKind)})
    return list(tables.values())


@pytest.fixture
def pack_calls() -> Iterator[Callable[[bool], list[str]]]:
    """Wrap the pack's registrations: ``watch(passing)`` records each call (and passes it on,
    or refuses it); the pack's own functions again afterwards."""
    saved: list[tuple[ByKind[Any, Any], type, Any]] = []
    calls: list[str] = []

    def watch(passing: bool) -> list[str]:
        for table in _tables():
            for kind in set(table.kinds()) & PACK_KINDS:
                function = table.register(kind, None)
                saved.append((table, kind, function))

                def call(*args: Any, _function: Any = function, _name: str = table.name) -> Any:
                    calls.append(f"{_name}: {type(args[0]).__name__}")
                    if not passing:
                        raise AssertionError(f"a base game called the pack's {_name}")
                    return _function(*args)

                table.register(kind, call)
        return calls

    yield watch
    for table, kind, function in saved:
        table.register(kind, function)


def _play(config: Config, seed: int, steps: int) -> Iterator[tuple[State, str, list[str]]]:
    """Random states of a game, each with its next action in notation and words, and the
    words of its events as every seat sees them."""
    rnd = random.Random(seed)
    state = initial_state(config, seed=seed)
    for _ in range(steps):
        if is_terminal(state):
            return
        action = rnd.choice(legal_actions(state))
        said = f"{action_to_str(state, action)} / {describe(state, action)}"
        state, events = apply_with_events(state, action)
        seen = [describe_event(e) for p in (None, 0) for e in observe_events(events, p)]
        yield state, said, seen


def _look(state: State) -> None:
    """Every view of ``state``: check, observe (and check), determinize, render, SVG."""
    check_state(state)
    for player in (None, *range(state.config.players)):
        check_observation(observe(state, player))
        determinize(state, player, seed=5)
    render(state)
    render_svg(observe(state, 0))


def _pictures(state: State) -> tuple[str, str, State]:
    return render(state), render_svg(observe(state, 0)), determinize(state, 0, seed=5)


def test_every_view_table_has_the_packs_kinds() -> None:
    registered = {kind for table in _tables() for kind in table.kinds()}
    assert PACK_KINDS - registered == set()


def test_base_game_never_calls_the_packs_views(pack_calls: Callable[[bool], list[str]]) -> None:
    calls = pack_calls(False)
    for config in (Config(players=3), Config(players=2)):
        for state, _, _ in _play(config, seed=2, steps=60):
            _look(state)
    assert calls == []


def test_adventure_views_go_through_the_packs_kinds(
    pack_calls: Callable[[bool], list[str]],
) -> None:
    config = Config(players=3, modules={"surprises", "events", "challenges", "asymmetry"})
    before = [(s, w, e, _pictures(s)) for s, w, e in _play(config, seed=6, steps=60)]
    calls = pack_calls(True)
    after = [(s, w, e, _pictures(s)) for s, w, e in _play(config, seed=6, steps=60)]
    assert before == after
    assert {
        "notation: ChooseSkills",
        "sentence: ChooseSkills",
        "masked: Adventure",
        "dealt: Adventure",
        "player lines: Adventure",
        "table lines: Adventure",
        "surprise board: Adventure",
        "acting crab: Adventure",
        "resolving step: Adventure",
    } <= set(calls)


def test_registering_the_views_again_changes_nothing() -> None:
    tables = {table.name: table.kinds() for table in _tables()}
    register_views()
    assert {table.name: table.kinds() for table in _tables()} == tables


def test_a_pack_part_without_registered_views_is_refused() -> None:
    state = initial_state(Config(players=3, modules={"events"}), seed=1)
    mask = expansion.masked.register(Adventure, None)
    try:
        with pytest.raises(InvalidStateError, match="no expansion is registered"):
            observe(state, 0)
    finally:
        expansion.masked.register(Adventure, mask)
    parts = expansion.register(None)
    try:
        with pytest.raises(InvalidStateError, match="no expansion is registered"):
            check_observation(observe(state, 0))
    finally:
        expansion.register(parts)
    # The state check runs the invariants of the expansion the engine has registered.
    pack = engine_expansion.register(None)
    try:
        with pytest.raises(InvalidStateError, match="no expansion is registered"):
            check_state(attrs.evolve(state, config=Config(players=3)))
    finally:
        engine_expansion.register(pack)


def test_no_view_module_imports_the_pack() -> None:
    view = pathlib.Path(expansion.__file__).parent
    importing = [p.name for p in view.glob("*.py") if "oh_crab.adventure" in p.read_text("utf-8")]
    assert importing == []
