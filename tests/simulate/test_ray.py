"""The Ray backend gives the process backend's results (run by ``nox -s ray``).

Skipped where Ray is not installed (``pip install 'crabrules[ray]'``).
"""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys

import pytest

from crabrules.__main__ import main
from crabrules.simulate import simulate
from tests.simulate.dying import WAYS, run_with_deadline

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
    # CPU times and throughput are the machine's; everything before them is the games'.
    assert (
        on_ray.summary.text().split("CPU ms")[0] == on_processes.summary.text().split("CPU ms")[0]
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


def _node_of_a_busy_task(_: int) -> str:
    import time

    import ray

    time.sleep(0.5)  # both CPUs busy at once: one task lands on each node
    return str(ray.get_runtime_context().get_node_id())


def test_a_two_node_cluster_runs_games_on_both_nodes_with_the_same_results() -> None:
    import ray
    from ray.cluster_utils import Cluster

    cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 1})
    cluster.add_node(num_cpus=1)
    cluster.wait_for_nodes()
    try:
        ray.init(address=cluster.address)
        nodes = {node["NodeID"] for node in ray.nodes() if node["Alive"]}
        assert len(nodes) == 2

        where = ray.remote(num_cpus=1)(_node_of_a_busy_task)
        assert set(ray.get([where.remote(i) for i in range(4)])) == nodes
        ray.shutdown()
        on_cluster = simulate(
            "crab-stack",
            games=40,
            agents=["plausible", "random"],
            seed=3,
            backend="ray",
            ray_address=cluster.address,
        )
    finally:
        ray.shutdown()
        cluster.shutdown()
    on_processes = simulate("crab-stack", games=40, agents=["plausible", "random"], seed=3)
    assert on_cluster.results == on_processes.results


def test_a_local_ray_warns_of_nothing_the_user_did(tmp_path: pathlib.Path) -> None:
    # A new process with a new home: no Ray token yet, so Ray makes one, and would say so.
    code = (
        "import sys; from crabrules.simulate import simulate; "
        "run = simulate('crab-stack', games=20, agents=['plausible'], backend='ray', "
        "workers=2, progress=sys.stderr); print(run.summary.finished)"
    )
    env = {k: v for k, v in os.environ.items() if k != "RAY_AUTH_MODE"}
    env |= {"HOME": str(tmp_path), "PYTHONWARNINGS": "default"}
    env["PYTHONPATH"] = os.pathsep.join([*sys.path])
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.stdout.strip() == "20", done.stderr
    told = [line for line in done.stderr.splitlines() if "games/s" not in line]
    assert told == []


def test_a_running_ray_session_is_used_and_left_running() -> None:
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        runs = [
            simulate("crab-stack", games=30, agents=["plausible", "random"], backend="ray")
            for _ in range(2)
        ]
        assert ray.is_initialized()  # the caller's session: not stopped by simulate
    finally:
        ray.shutdown()
    on_processes = simulate("crab-stack", games=30, agents=["plausible", "random"])
    assert runs[0].results == runs[1].results == on_processes.results


# Half the games kill their Ray worker (as tests/simulate/test_worker_death.py does with
# processes), on a session started once, in a child Python with a deadline.
RAY_DEATHS = """
import json
import ray
from crabrules.simulate import simulate
from tests.simulate.dying import WAYS, Dies

ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
found = {}
for way in WAYS:
    run = simulate(
        "crab-stack", games=6, agents=[Dies(way), "random", "random"], seed=1, backend="ray"
    )
    found[way] = [[r.index, r.finished, r.error] for r in run.results]
print("RESULT " + json.dumps(found))
"""


#: What each way of dying is recorded as on Ray (which does not say how a worker died).
REASONS = {
    "os-exit": "WorkerDied: WorkerCrashedError: The worker died unexpectedly",
    "sigkill": "WorkerDied: WorkerCrashedError: The worker died unexpectedly",
    "segfault": "WorkerDied: WorkerCrashedError: The worker died unexpectedly",
    "system-exit": "SystemExit: 4",
    "keyboard-interrupt": "KeyboardInterrupt",
}


def test_a_ray_worker_that_dies_fails_its_game_only_and_never_hangs() -> None:
    found: dict[str, list[list[object]]] = run_with_deadline(RAY_DEATHS, deadline=300)
    for way in WAYS:
        games = found[way]
        assert [game[0] for game in games] == list(range(6)), way
        for index, finished, error in games:
            if index in (1, 3, 5):
                assert (finished, error) == (True, None), way
            else:
                assert not finished, way
                assert str(error).startswith(REASONS[way]), error
