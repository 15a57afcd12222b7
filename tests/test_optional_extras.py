"""Without the optional extras, every test module still imports, or skips itself first.

``nox -s tests`` runs the suite with none of the extras installed, and pytest imports every
module under ``tests`` (``--doctest-modules``). A module that imports numpy, an adapter's
library or a crabrules module built on them before ``pytest.importorskip`` breaks that
whole session's collection, though it passes wherever the extras are installed.
"""

from __future__ import annotations

import ast
import pathlib

TESTS = pathlib.Path(__file__).parent

#: Modules that need an optional extra (``crabrules[rl]``, ``[pettingzoo]``, ...).
NEEDS_AN_EXTRA = (
    "numpy",
    "pettingzoo",
    "gymnasium",
    "pyspiel",
    "ray",
    "resvg_py",
    "PIL",
    "pygame",
    "openskill",
    "crabrules.encoding",
    "crabrules.adapters.pettingzoo",
    "crabrules.adapters.openspiel",
    "crabrules.adapters.gymnasium",
    "crabrules.adapters.render",
    "crabrules.adapters.spaces",
)


def _needs_an_extra(name: str) -> bool:
    return any(name == extra or name.startswith(extra + ".") for extra in NEEDS_AN_EXTRA)


def _imported(statement: ast.stmt) -> list[str]:
    if isinstance(statement, ast.Import):
        return [alias.name for alias in statement.names]
    if isinstance(statement, ast.ImportFrom) and statement.level == 0 and statement.module:
        return [statement.module, *(f"{statement.module}.{a.name}" for a in statement.names)]
    return []


def _skips_itself(statement: ast.stmt) -> bool:
    # ``pytest.importorskip(...)`` or ``np = pytest.importorskip(...)`` at module level.
    value = getattr(statement, "value", None)
    return (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr == "importorskip"
    )


def unguarded_imports(source: str) -> list[str]:
    """The extra-needing modules ``source`` imports at module level before any skip.

    >>> unguarded_imports("import pytest\\nnp = pytest.importorskip('numpy')\\nimport numpy")
    []
    >>> unguarded_imports("import attrs\\nfrom crabrules.encoding import encoding")
    ['crabrules.encoding']
    """
    found: list[str] = []
    for statement in ast.parse(source).body:
        if _skips_itself(statement):
            return found
        found += [name for name in _imported(statement) if _needs_an_extra(name)][:1]
    return found


def test_a_module_that_needs_an_extra_skips_itself_before_importing_it() -> None:
    modules = sorted(TESTS.rglob("*.py"))
    assert len(modules) > 50
    unguarded = {
        str(path.relative_to(TESTS)): names
        for path in modules
        if "benchmarks" not in path.parts
        and (names := unguarded_imports(path.read_text(encoding="utf-8")))
    }
    assert unguarded == {}


def test_the_check_finds_an_import_before_its_skip() -> None:
    source = "import pytest\nfrom crabrules.adapters.openspiel import load_game\n"
    assert unguarded_imports(source + "pytest.importorskip('pyspiel')\n") == [
        "crabrules.adapters.openspiel"
    ]
