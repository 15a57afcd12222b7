"""Agents that kill the process they play in, each its own way (for the worker-death tests).

They live at a module's top level so that they pickle to worker processes.
"""

from __future__ import annotations

import os
import signal

from crabrules.agents import Decision, Turn
from crabrules.core import Rng

#: Each way a worker can die, by name.
WAYS = ("os-exit", "sigkill", "segfault", "system-exit", "keyboard-interrupt")


class Dies:
    """An agent whose first decision ends its process: ``way`` is one of :data:`WAYS`."""

    def __init__(self, way: str) -> None:
        self.way = way

    def act(self, turn: Turn, rng: Rng) -> Decision:
        """Die (never returns)."""
        if self.way == "os-exit":
            os._exit(3)
        if self.way == "sigkill":  # as the out-of-memory killer does
            os.kill(os.getpid(), signal.SIGKILL)
        if self.way == "segfault":
            os.kill(os.getpid(), signal.SIGSEGV)
        if self.way == "system-exit":
            raise SystemExit(4)
        raise KeyboardInterrupt
