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


def test_every_example_is_listed_on_the_examples_page() -> None:
    # A reader finds the examples from docs/examples.md: one left off it is lost to them.
    page = (EXAMPLES.parent / "docs" / "examples.md").read_text(encoding="utf-8")
    examples = [p.name for p in EXAMPLES.iterdir() if p.suffix == ".py" or p.is_dir()]
    assert examples
    assert [name for name in sorted(examples) if f"examples/{name}" not in page] == []
