"""Each action kind is one rule in one table, and the Adventure Pack plugs in by registering.

``legal_actions``, ``apply`` and the refusals look an action's rule up once, by its kind
(``engine/_action_table.py``); the pack adds its own kinds to that table and its handlers
to the named moments of play when it is registered, where the game is made.
"""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

import crabrules.oh_crab
from crabrules.oh_crab import Config, apply, initial_state, is_terminal, legal_actions
from crabrules.oh_crab.adventure._plugin import ADVENTURE_PACK
from crabrules.oh_crab.engine._action_table import ACTION_RULES
from crabrules.oh_crab.engine._expansion import (
    EXPANSION_RULES,
    NO_MOMENTS,
    register,
    registered,
)
from crabrules.oh_crab.engine._tables import rules_for
from crabrules.oh_crab.model._actions import ACTIONS

ROOT = Path(crabrules.oh_crab.__file__).parent
#: A test of an action's type: ``isinstance(x, Move)``, ``type(x) is Move``, ``case Move()``.
_KINDS = "|".join(kind.__name__ for kind in ACTIONS)
TYPE_TEST = re.compile(
    rf"isinstance\([^,]+, *\(?({_KINDS})\b|type\([\w.]+\) is ({_KINDS})\b|case ({_KINDS})\("
)


def test_every_action_kind_has_one_rule_in_the_table() -> None:
    assert registered() is ADVENTURE_PACK
    assert set(ACTION_RULES).isdisjoint(EXPANSION_RULES)
    assert set(ACTION_RULES) | set(EXPANSION_RULES) == set(ACTIONS)


def test_the_packs_kinds_leave_the_table_with_the_pack() -> None:
    pack_kinds = set(ADVENTURE_PACK.actions)
    before = register(None)
    try:
        assert not EXPANSION_RULES
        assert set(ACTION_RULES) == set(ACTIONS) - pack_kinds
        state = initial_state(Config(players=3), seed=4)
        for _ in range(60):
            state = apply(state, legal_actions(state)[-1])
    finally:
        register(before)
    assert set(EXPANSION_RULES) == pack_kinds


def test_importing_the_pack_registers_nothing() -> None:
    before = register(None)
    try:
        importlib.reload(crabrules.oh_crab.adventure)
        assert registered() is None
        crabrules.oh_crab.adventure.plug_in()
        assert registered() is ADVENTURE_PACK
    finally:
        register(before)


def test_a_game_without_modules_announces_its_moments_to_nobody() -> None:
    assert rules_for(Config(players=3)).moments is NO_MOMENTS
    assert rules_for(Config(players=3, modules={"surprises"})).moments is ADVENTURE_PACK.moments
    state = initial_state(Config(players=3, modules={"surprises", "events"}), seed=2)
    for _ in range(300):
        if is_terminal(state):
            break
        state = apply(state, legal_actions(state)[0])
    names = ["crab_entered", "border_crossed", "turn_ending", "action_ended", "step_answered"]
    names += ["rule_changes", "first_options", "turn_options", "waits_for"]
    assert [getattr(NO_MOMENTS, name) for name in names] == [[]] * len(names)


@pytest.mark.parametrize("folder", ["engine", "adventure"])
def test_no_code_below_the_dispatch_asks_an_actions_type(folder: str) -> None:
    sources = sorted((ROOT / folder).rglob("*.py"))
    if not sources:
        pytest.skip("no sources installed (a compiled wheel)")
    # The views' parts of the pack (words, pictures) describe actions: not the engine's.
    views = {"words.py", "asymmetry_words.py", "render.py", "asymmetry_render.py"}
    found = {
        f"{path.relative_to(ROOT)}:{n}": line.strip()
        for path in sources
        if path.name not in views
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if TYPE_TEST.search(line)
    }
    # The one test left: apply's shortcut for a Plan that leaves others to plan.
    assert [line for line in found.values() if "type(action) is Plan" not in line] == []
    assert len(found) <= 1


def _engine_imports(path: Path) -> tuple[set[str], list[str]]:
    """The engine modules ``path`` imports when it runs, and the imports inside functions."""
    tree = ast.parse(path.read_text())
    at_top: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module:
            at_top.add(node.module)
            at_top.update(f"{node.module}.{alias.name}" for alias in node.names)
    inside = [
        ast.unparse(node)
        for function in ast.walk(tree)
        if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef))
        for node in ast.walk(function)
        if isinstance(node, (ast.Import, ast.ImportFrom))
    ]
    return {name for name in at_top if name.startswith("crabrules.oh_crab.engine.")}, inside


def test_the_engines_modules_import_each_other_without_a_circle() -> None:
    sources = sorted((ROOT / "engine").rglob("*.py"))
    if not sources:
        pytest.skip("no sources installed (a compiled wheel)")
    names = {
        path: ".".join(("crabrules", *path.relative_to(ROOT.parent).with_suffix("").parts))
        for path in sources
    }
    names = {path: name.removesuffix(".__init__") for path, name in names.items()}
    graph: dict[str, set[str]] = {}
    lazy: list[str] = []
    for path, name in names.items():
        imported, inside = _engine_imports(path)
        graph[name] = imported & set(names.values())
        lazy += [f"{name}: {line}" for line in inside]
    assert lazy == []
    # Kahn's sort: a module leaves once all it imports has left; a circle never leaves.
    left = {name: needs - {name} for name, needs in graph.items()}
    while done := {name for name, needs in left.items() if not needs}:
        left = {name: needs - done for name, needs in left.items() if name not in done}
    assert left == {}
