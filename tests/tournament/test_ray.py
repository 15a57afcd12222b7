"""The Ray backend plays the same tournament as the processes (``nox -s ray``)."""

from __future__ import annotations

import pytest

pytest.importorskip("ray")

from crabrules.tournament import tournament


def test_the_ray_backend_gives_the_processes_standings() -> None:
    agents = ["random", "plausible", "mcts:5"]
    on_ray = tournament("crab-stack", agents, games=4, seed=2, backend="ray", workers=2)
    on_processes = tournament("crab-stack", agents, games=4, seed=2)
    assert on_ray.games == on_processes.games
    assert on_ray.crosstable == on_processes.crosstable
