"""The Ray backend's throughput beside the process backend's, in one run (``nox -s ray -- bench``).

Both play the same games (Crab Stack, plausible against random) on the same number of
workers, in turns, several rounds, and the median ratio of Ray's games per second to the
processes' is printed. ``simulate`` starts its clock once the backend is up, so the
throughput leaves out Ray's start-up (a few seconds, once per run); the whole call's
ratio, start-up and shutdown included, is printed too, and that of whole calls on a Ray
session started once beforehand (``ray.init()``), which every call then uses.

Run it with ``python -m tests.benchmarks.ray_vs_process [GAMES] [ROUNDS]``.
"""

from __future__ import annotations

import statistics
import sys
import time

from crabrules.simulate import simulate

WORKERS = 2


def _timed(backend: str, games: int) -> tuple[float, float]:
    """Games per second as ``simulate`` counts them, and as the whole call took."""
    start = time.perf_counter()
    run = simulate(
        "crab-stack", games=games, agents=["plausible", "random"], backend=backend, workers=WORKERS
    )
    whole = time.perf_counter() - start
    return run.summary.throughput, games / whole


def main(games: int = 3000, rounds: int = 3) -> None:
    """Print each round's figures and the median ratios."""
    throughput, whole = [], []
    for round_ in range(rounds):
        order = ("process", "ray") if round_ % 2 == 0 else ("ray", "process")
        figures = {backend: _timed(backend, games) for backend in order}
        throughput.append(figures["ray"][0] / figures["process"][0])
        whole.append(figures["ray"][1] / figures["process"][1])
        print(
            f"round {round_ + 1}: process {figures['process'][0]:.1f} games/s, "
            f"ray {figures['ray'][0]:.1f} games/s (whole call {figures['ray'][1]:.1f})"
        )
    print(f"Ray / process throughput: median {statistics.median(throughput):.2f}x")
    print(f"Ray / process, whole call: median {statistics.median(whole):.2f}x")
    print(f"Ray / process, whole call on a running session: {_on_a_session(games, rounds)}")


def _on_a_session(games: int, rounds: int) -> str:
    """The median ratio of whole calls, Ray's on one session started before them all."""
    import ray

    ray.init(num_cpus=WORKERS, include_dashboard=False, log_to_driver=False)
    try:
        _timed("ray", WORKERS)  # the session's workers start (and import the games)
        ratios = []
        for round_ in range(rounds):
            order = ("process", "ray") if round_ % 2 == 0 else ("ray", "process")
            figures = {backend: _timed(backend, games)[1] for backend in order}
            ratios.append(figures["ray"] / figures["process"])
    finally:
        ray.shutdown()
    return f"median {statistics.median(ratios):.2f}x"


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:3]))
