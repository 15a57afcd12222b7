"""Where the games run: this machine's cores, or a Ray cluster.

:func:`process_results` uses the processes of this machine; :func:`ray_results` a Ray
cluster, or a local Ray started for the run.

Both take the same :class:`~crabrules.simulate.tasks.Task` values and yield
:class:`~crabrules.simulate.tasks.GameResult` values as games finish, in whatever order
they finish; since each game depends only on its task, the results are the same on
either backend, with any number of workers. Stopping the iteration early (Ctrl-C, an
error) stops the workers.

>>> from crabrules.simulate.tasks import Task, game_seed
>>> tasks = [
...     Task(i, "crab-stack", 2, ("plausible", "random"), game_seed(1, i), 500) for i in range(2)
... ]
>>> sorted(result.index for result in process_results(tasks, workers=1))
[0, 1]
"""

from __future__ import annotations

import multiprocessing
import signal
import socket
from collections.abc import Generator, Sequence
from typing import Any

from crabrules.core import CrabRulesError
from crabrules.simulate.tasks import GameResult, Task, run_task

__all__ = ["BACKENDS", "PROBE_SECONDS", "SimulationError", "process_results", "ray_results"]

#: The backends by name, as ``simulate --backend`` takes them.
BACKENDS = ("process", "ray")
#: How long to wait for a Ray cluster's port to answer before giving up.
PROBE_SECONDS = 5.0


class SimulationError(CrabRulesError, RuntimeError):
    """A simulation could not run: Ray is missing or its cluster cannot be reached."""


def _ignore_interrupts() -> None:
    # Ctrl-C is the parent's to handle: it stops the pool and prints what finished.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def process_results(tasks: Sequence[Task], workers: int) -> Generator[GameResult, None, None]:
    """Run ``tasks`` on ``workers`` processes of this machine (one: in this process)."""
    if workers == 1:
        for task in tasks:
            yield run_task(task)
        return
    pool = multiprocessing.get_context().Pool(workers, initializer=_ignore_interrupts)
    # Games of a few milliseconds cost less in batches; a few dozen batches per worker
    # still keep the workers evenly busy and the progress line moving.
    chunk = max(1, len(tasks) // (workers * 32))
    try:
        yield from pool.imap_unordered(run_task, tasks, chunksize=chunk)
    finally:
        # Finished normally, interrupted or failed: the workers have nothing left to do.
        pool.terminate()
        pool.join()


def ray_results(
    tasks: Sequence[Task], workers: int, address: str | None = None
) -> Generator[GameResult, None, None]:
    """Run ``tasks`` as Ray tasks, on a cluster or on a local Ray.

    With ``address`` they run on the cluster there; without, on a local Ray with
    ``workers`` CPUs, started for the run and stopped after it.

    Raises:
        SimulationError: Ray is not installed, or the cluster cannot be reached.
    """
    ray = _import_ray()
    _connect(ray, workers, address)
    try:
        remote = ray.remote(num_cpus=1)(run_task)
        pending = [remote.remote(task) for task in tasks]
        try:
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                for ref in done:
                    yield ray.get(ref)
        finally:
            for ref in pending:
                ray.cancel(ref, force=True)
    finally:
        ray.shutdown()


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise SimulationError("the ray backend needs Ray: pip install 'crabrules[ray]'") from None
    return ray


def _probe(address: str) -> None:
    # Ray waits minutes for a cluster that does not answer; a plain connection to its
    # port says at once whether anything listens there.
    if address == "auto":
        return  # Ray finds the cluster itself (RAY_ADDRESS, or the one on this machine)
    hostport = address.removeprefix("ray://")
    host, _, port = hostport.rpartition(":")
    if not host or not port.isdigit():
        raise SimulationError(f"--ray-address: HOST:PORT or ray://HOST:PORT, not {address!r}")
    try:
        socket.create_connection((host, int(port)), timeout=PROBE_SECONDS).close()
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise SimulationError(f"cannot reach the Ray cluster at {address}: {reason}") from None


def _connect(ray: Any, workers: int, address: str | None) -> None:
    if address is not None:
        _probe(address)
    try:
        if address is None:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
    except Exception as error:  # Ray raises several types here; each means "not reached"
        where = "a local Ray" if address is None else f"the Ray cluster at {address}"
        message = (
            str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        )
        raise SimulationError(f"cannot start or reach {where}: {message}") from None
