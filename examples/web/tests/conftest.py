"""The web example's tests import ``crabweb`` from ``examples/web``."""

from __future__ import annotations

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
