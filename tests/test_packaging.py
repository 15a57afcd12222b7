"""What the project's own files promise each other: the release wheels test as CI does."""

from __future__ import annotations

import ast
import pathlib

import pytest

ROOT = pathlib.Path(__file__).parent.parent
NOXFILE = ROOT / "noxfile.py"
PYPROJECT = ROOT / "pyproject.toml"


def _noxfile_constants(*names: str) -> dict[str, object]:
    """The noxfile's module-level constants ``names``, worked out without importing nox."""
    tree = ast.parse(NOXFILE.read_text(encoding="utf-8"))
    assignments = [
        (node.targets[0].id, node.value)
        for node in tree.body
        if isinstance(node, ast.Assign)
        and isinstance(node.targets[0], ast.Name)
        and node.targets[0].id.isupper()
    ]
    namespace: dict[str, object] = {}
    for name, expression in assignments:
        try:
            # The project's own literals and the names of those before: no builtins.
            value = eval(
                compile(ast.Expression(expression), str(NOXFILE), "eval"),
                {"__builtins__": {}},
                namespace,
            )
        except (NameError, TypeError, AttributeError):  # a constant built from a call
            continue
        namespace[name] = value
    return {name: namespace[name] for name in names}


@pytest.mark.skipif(not NOXFILE.exists(), reason="a copy of the tests without the noxfile")
def test_the_release_wheels_are_tested_with_the_compiled_sessions_requirements() -> None:
    tomllib = pytest.importorskip("tomllib")  # Python 3.11 and later
    config = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    wheel_test_deps = _noxfile_constants("WHEEL_TEST_DEPS")["WHEEL_TEST_DEPS"]
    assert config["tool"]["cibuildwheel"]["test-requires"] == wheel_test_deps
