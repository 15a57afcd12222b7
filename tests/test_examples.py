"""The examples run: a front-end author copies them, so they must never rot."""

from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

EXAMPLES = pathlib.Path(__file__).parent.parent / "examples"


@pytest.mark.parametrize(
    "argv",
    [
        ["random_playout.py", "crab-stack", "--games", "3"],
        ["save_and_replay.py", "{tmp}/game.json"],
        ["monte_carlo_agent.py", "la-marche-du-crabe", "--samples", "2", "--max-actions", "6"],
    ],
    ids=lambda argv: argv[0],
)
def test_example_runs(argv: list[str], tmp_path: pathlib.Path) -> None:
    args = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / args[0]), *args[1:]],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout
