"""Agents that kill the process they play in, each its own way, and a child Python with
a deadline to run them in (for the worker-death tests).

The agents live at a module's top level so that they pickle to worker processes.
"""

from __future__ import annotations

import json
import os
import pathlib
import signal
import subprocess
import sys
from typing import Any

import pytest

import crabrules
from crabrules.agents import Decision, Turn
from crabrules.core import Rng

ROOT = pathlib.Path(__file__).parents[2]

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


def run_with_deadline(script: str, *args: str, deadline: float) -> Any:
    """The JSON that ``script`` (Python source) prints on a line starting ``RESULT ``, run
    in a child Python with ``args`` (Ray prints notes of its own around it).

    The child has a session of its own: past ``deadline`` seconds the whole group (its
    workers too) is killed and the test fails, rather than hang.
    """
    source = str(pathlib.Path(crabrules.__file__).parents[1])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([source, str(ROOT)])}
    child = subprocess.Popen(
        [sys.executable, "-c", script, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
        start_new_session=True,
    )
    try:
        out, err = child.communicate(timeout=deadline)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        child.communicate()
        pytest.fail(f"hung: no answer in {deadline} s from {script!r} {args}")
    assert child.returncode == 0, err
    answers = [line for line in out.splitlines() if line.startswith("RESULT ")]
    assert answers, out
    return json.loads(answers[-1].removeprefix("RESULT "))
