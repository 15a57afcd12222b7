"""The Adventure Pack plugs into the engine through one protocol (engine/_expansion.py).

The engine calls the registered expansion's hooks, and announces the named moments of play
to its handlers, in games with modules, and never in a game without; a config with modules
and no expansion registered is refused; the base engine imports nothing of ``adventure/``.
"""

from __future__ import annotations

import ast
import contextlib
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import crabrules.oh_crab
from crabrules.core.errors import InvalidConfigError
from crabrules.core.rng import Rng
from crabrules.oh_crab import (
    Config,
    CrabMoved,
    Motion,
    apply_with_events,
    initial_state,
    is_terminal,
    legal_actions,
    load_content,
    register_content,
)
from crabrules.oh_crab.adventure import _plugin as overlay
from crabrules.oh_crab.adventure._plugin import ADVENTURE_PACK
from crabrules.oh_crab.engine import _expansion as expansion
from crabrules.oh_crab.engine import _tables as tables
from crabrules.oh_crab.engine._expansion import (
    NO_EXPANSION,
    NO_MOMENTS,
    Expansion,
    Moments,
    register,
    registered,
)
from tests.oh_crab.helpers import reference_documents, write

ALL_MODULES = {"surprises", "events", "challenges", "asymmetry"}
#: The hooks of the protocol, by name (callables, not functions: the compiled build's
#: methods are no Python functions).
HOOKS = frozenset(
    name for name in dir(Expansion) if name[0] != "_" and callable(getattr(Expansion, name))
)


#: The named moments of play the pack joins (its handlers, not hooks the engine asks).
MOMENTS = (
    "crab_entered",
    "border_crossed",
    "turn_ending",
    "action_ended",
    "step_answered",
    "rule_changes",
    "first_options",
    "turn_options",
    "waits_for",
)


class Recording:
    """The Adventure Pack, noting the name of every hook and moment's handler called."""

    def __init__(self) -> None:
        self.calls: list[str] = []
        self.steps = ADVENTURE_PACK.steps
        self.actions = ADVENTURE_PACK.actions
        self.moments = Moments()
        for name in MOMENTS:
            mine = getattr(self.moments, name)
            mine.extend(self._noted(name, h) for h in getattr(ADVENTURE_PACK.moments, name))

    def _noted(self, name: str, hook: Callable[..., Any]) -> Callable[..., Any]:
        def record(*args: Any, **kwargs: Any) -> Any:
            self.calls.append(name)
            return hook(*args, **kwargs)

        return record

    def __getattr__(self, name: str) -> Callable[..., Any]:
        return self._noted(name, getattr(ADVENTURE_PACK, name))


def _forget_rules() -> None:
    # Rules hold the expansion they were built with: build them again.
    tables._cached_rules.cache_clear()
    overlay._overlaid.cache_clear()
    tables._last_rules._last = None


@contextlib.contextmanager
def registered_as(replacement: Any) -> Iterator[None]:
    """Register ``replacement`` for the block, then the real pack again."""
    before = register(replacement)
    _forget_rules()
    try:
        yield
    finally:
        register(before)
        _forget_rules()


def _play(config: Config, seed: int, actions: int) -> list[Any]:
    """Random legal actions from a seeded game; the events of them all."""
    rng = random.Random(seed)
    state = initial_state(config, seed=seed)
    events: list[Any] = []
    for _ in range(actions):
        if is_terminal(state):
            break
        state, more = apply_with_events(state, rng.choice(legal_actions(state)))
        events.extend(more)
    return events


def test_the_pack_is_registered_when_oh_crab_is_imported() -> None:
    assert crabrules.oh_crab.adventure is not None
    assert registered() is ADVENTURE_PACK
    assert tables.rules_for(Config(modules={"surprises"})).expansion is ADVENTURE_PACK
    assert tables.rules_for(Config()).expansion is NO_EXPANSION


def test_a_base_game_plays_the_expansion_that_adds_and_draws_nothing() -> None:
    rules = tables.rules_for(Config())
    rng = Rng.from_seed(3)
    assert NO_EXPANSION.steps == frozenset()
    assert not NO_EXPANSION.actions
    assert rules.moments is NO_MOMENTS
    assert NO_EXPANSION.setup(Config(), rules, rng) == (None, rng)
    assert NO_EXPANSION.first_players(initial_state(Config(), seed=3)) is None
    base = initial_state(Config(), seed=3)
    assert all(rule(base) is None for rule in NO_EXPANSION.invariants())
    part = initial_state(Config(modules={"events"}), seed=3).adventure
    refused = [rule(attrs.evolve(base, adventure=part)) for rule in NO_EXPANSION.invariants()]
    assert refused == ["adventure: no expansion is registered to read this part"]


def test_the_engine_calls_crab_entered_on_every_entry_with_modules() -> None:
    recording = Recording()
    with registered_as(recording):
        events = _play(Config(players=3, modules=ALL_MODULES), seed=5, actions=400)
    entries = [e for e in events if isinstance(e, CrabMoved) and e.how is not Motion.STEP_BACK]
    assert entries
    assert recording.calls.count("crab_entered") == len(entries)
    assert set(recording.calls) <= HOOKS | set(MOMENTS)
    hooks = {"setup", "first_players", "step_options", "run_automatic"}
    # What a moment waits for is only said when an action is refused.
    assert hooks | set(MOMENTS) - {"waits_for"} <= set(recording.calls)


def test_a_game_without_modules_never_calls_the_expansion() -> None:
    recording = Recording()
    with registered_as(recording):
        events = _play(Config(players=3), seed=5, actions=400)
        duel = _play(Config(players=2), seed=6, actions=400)
    assert any(isinstance(e, CrabMoved) for e in events + duel)
    assert recording.calls == []


def test_modules_without_a_registered_pack_are_refused() -> None:
    with registered_as(None):
        assert registered() is None
        with pytest.raises(InvalidConfigError, match="none is registered"):
            initial_state(Config(modules={"surprises"}), seed=1)
        # The base game needs no expansion.
        assert _play(Config(players=3), seed=2, actions=50)
    assert registered() is ADVENTURE_PACK


def test_the_base_engine_imports_nothing_of_the_pack() -> None:
    root = Path(expansion.__file__).parent.parent
    base = [*root.glob("engine/*.py"), *root.glob("model/*.py"), *root.glob("content/*.py")]
    base += [root / "rules.py", root / "rules.py"]
    base = [p for p in base if p.exists()]
    if not base:
        pytest.skip("no sources installed (a compiled wheel)")
    assert [p.name for p in base if "oh_crab.adventure" in p.read_text()] == []


def test_the_base_game_names_none_of_the_packs_types() -> None:
    """The pack's state, events and components are its own: the base holds them by protocol."""
    root = Path(expansion.__file__).parent.parent
    pack = [root / "adventure" / "_model.py", root / "adventure" / "_content.py"]
    if not (root / "rules.py").exists():
        pytest.skip("no sources installed (a compiled wheel)")
    types = {
        node.name
        for path in pack
        for node in ast.parse(path.read_text()).body
        if isinstance(node, ast.ClassDef) and not node.name.startswith("_")
    }
    assert {"Adventure", "Frame", "SurpriseFlipped", "AdventureContent"} <= types
    base = [*root.glob("model/*.py"), *root.glob("content/*.py"), *root.glob("engine/**/*.py")]
    base += [*root.glob("view/*.py"), root / "rules.py"]
    named = [
        f"{path.relative_to(root)}:{node.lineno}: {node.id}"
        for path in base
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Name) and node.id in types
    ]
    assert named == []


def test_content_without_modules_may_not_play_an_expansion_step(tmp_path: Path) -> None:
    docs = reference_documents()
    docs["cards"]["specials"][0]["steps"] = ["turn_into_obstacle"]
    write(docs, tmp_path)
    register_content("obstacle-special", load_content(tmp_path))
    with pytest.raises(
        InvalidConfigError, match=r"^modules: none, but the special .*turn_into_obstacle"
    ):
        initial_state(Config(players=3, content="obstacle-special"), seed=1)
