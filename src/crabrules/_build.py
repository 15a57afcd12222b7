"""Which build of crabrules runs: the pure-Python one, or the one compiled with mypyc.

The compiled wheel compiles this module too, so its own file says which build it is.
"""

from __future__ import annotations

__all__ = ["compiled"]

#: ``True`` in the compiled wheel, whose modules are extension modules built with mypyc.
compiled: bool = not __file__.endswith(".py")
