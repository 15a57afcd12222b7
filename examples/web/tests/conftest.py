"""The web example's tests import ``crabweb`` from ``examples/web``, and their helpers
(``casual``, ``test_web_browser``'s server) from this folder."""

from __future__ import annotations

import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]
