"""``crabrules.compiled`` says which build runs, and ``python -m crabrules list`` prints it.

The same tests pass in both builds: ``nox -s tests`` runs them on the pure sources,
``nox -s compiled`` on the compiled wheel.
"""

from __future__ import annotations

import pytest

import crabrules
from crabrules.__main__ import main
from crabrules.crab_stack import _wave as wave
from crabrules.oh_crab.engine import _work as work


def test_compiled_is_true_exactly_when_the_hot_modules_are_extension_modules() -> None:
    for module in (wave, work):
        assert module.__file__ is not None
        assert crabrules.compiled is not module.__file__.endswith(".py")


def test_list_says_which_build_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    build = "compiled with mypyc" if crabrules.compiled else "pure Python"
    assert first == f"crabrules {crabrules.__version__}, {build}"
