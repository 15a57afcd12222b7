"""Collection rules for the whole tree: modules of an extra that is not installed are skipped.

``nox -s tests`` runs ``pytest --doctest-modules src`` without the optional extras, so the
doctests of :mod:`crabrules.encoding` (numpy) and :mod:`crabrules.adapters` (PettingZoo,
OpenSpiel) are collected only where their libraries are importable; ``nox -s adapters``
installs them and runs those doctests.
"""

from __future__ import annotations

import importlib.util

# The library first, whole: pytest's importlib mode imports a doctest's module from its
# file, and a module imported that way before its package would be a second copy (an
# empty registry beside the one the Adventure Pack registered into).
import crabrules  # noqa: F401

SRC = "src/crabrules"
EXTRAS = {
    f"{SRC}/encoding/*.py": ("numpy",),
    f"{SRC}/adapters/pettingzoo.py": ("numpy", "pettingzoo", "gymnasium"),
    f"{SRC}/adapters/openspiel.py": ("numpy", "pyspiel"),
    f"{SRC}/adapters/gymnasium.py": ("numpy", "gymnasium"),
    f"{SRC}/adapters/spaces.py": ("numpy", "gymnasium"),
    f"{SRC}/adapters/render.py": ("numpy", "resvg_py", "PIL"),
}

collect_ignore_glob = [
    pattern
    for pattern, modules in EXTRAS.items()
    if not all(importlib.util.find_spec(m) for m in modules)
]
