"""The Ray backend gives the process backend's results (run by ``nox -s ray``).

Skipped where Ray is not installed (``pip install 'crabrules[ray]'``).
"""

from __future__ import annotations

import pytest

from crabrules.__main__ import main
from crabrules.simulate import simulate

pytest.importorskip("ray")


def test_a_local_ray_with_2_cpus_gives_the_process_backends_results() -> None:
    # A real-time game with hidden information: the hardest to keep reproducible.
    agents = ["plausible", "plausible", "random", "random"]
    on_ray = simulate(
        "youve-got-crabs",
        games=12,
        agents=agents,
        seed=21,
        backend="ray",
        workers=2,
        max_actions=2_000,
    )
    on_processes = simulate(
        "youve-got-crabs", games=12, agents=agents, seed=21, workers=2, max_actions=2_000
    )
    assert len(on_ray.results) == 12
    assert on_ray.results == on_processes.results
    assert (
        on_ray.summary.text().split("Throughput")[0]
        == (on_processes.summary.text().split("Throughput")[0])
    )


def test_an_unreachable_cluster_gives_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", "crab-stack", "--backend", "ray", "--ray-address", "127.0.0.1:1"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert (
        err
        == "crabrules: error: cannot reach the Ray cluster at 127.0.0.1:1: Connection refused\n"
    )


def test_a_malformed_address_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "crab-stack", "--backend", "ray", "--ray-address", "cluster"]) == 2
    assert "--ray-address: HOST:PORT or ray://HOST:PORT, not 'cluster'" in capsys.readouterr().err
