"""Where the games run: this machine's cores, or a Ray cluster.

:func:`process_results` uses worker processes of this machine (see
:mod:`~crabrules.simulate.processes`: a worker that dies fails its game only);
:func:`ray_results` a Ray cluster, or a local Ray started for the run.

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

import collections
import logging
import re
import signal
import socket
import threading
import time
from collections.abc import Generator, Sequence
from typing import Any

from crabrules.core import CrabRulesError
from crabrules.simulate.processes import process_results, run_chunk
from crabrules.simulate.tasks import GameResult, Task, failed_result

__all__ = [
    "BACKENDS",
    "PROBE_SECONDS",
    "SimulationError",
    "chunk_size",
    "process_results",
    "ray_results",
    "run_chunk",
    "run_ray_chunk",
]

#: The backends by name, as ``simulate --backend`` takes them.
BACKENDS = ("process", "ray")
#: How long to wait for a Ray cluster's port to answer before giving up.
PROBE_SECONDS = 5.0


class SimulationError(CrabRulesError, RuntimeError):
    """A simulation could not run: Ray is missing or its cluster cannot be reached."""


#: The logger of Ray's notice that it enabled token authentication by default.
_AUTH_NOTICE = "ray._private.authentication.authentication_token_setup"

#: Games per Ray task: a few dozen chunks per CPU keep every CPU busy to the end, and a
#: chunk of games of a few milliseconds each pays Ray's per-task cost (about a
#: millisecond) once instead of per game.
CHUNKS_PER_CPU = 16
#: The most games in one Ray task, so that results (and the progress line) keep coming.
MAX_CHUNK = 64
#: The most chunks waiting or running per CPU: enough to hide Ray's latency, few enough
#: that a long run does not hold every task's arguments in the object store at once.
IN_FLIGHT_PER_CPU = 4


def chunk_size(games: int, cpus: int) -> int:
    """How many games each Ray task plays: about :data:`CHUNKS_PER_CPU` tasks per CPU.

    >>> chunk_size(3000, 2), chunk_size(10, 2), chunk_size(10**6, 8)
    (64, 1, 64)
    """
    return max(1, min(MAX_CHUNK, games // (cpus * CHUNKS_PER_CPU)))


def run_ray_chunk(tasks: Sequence[Task]) -> list[GameResult]:
    """Play a chunk of games in a Ray worker (one Ray task).

    Ctrl-C is the driver's to handle, so for the chunk's length the worker ignores it:
    a ``KeyboardInterrupt`` is then an agent's, and fails its game only, as on the
    process backend.
    """
    if threading.current_thread() is not threading.main_thread():
        return run_chunk(tasks)  # only the main thread may set a signal's handler
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        return run_chunk(tasks)
    finally:
        signal.signal(signal.SIGINT, previous)


def ray_results(
    tasks: Sequence[Task], workers: int, address: str | None = None
) -> Generator[GameResult, None, None]:
    """Run ``tasks`` as Ray tasks, on a cluster or on a local Ray.

    Ray is started (or the cluster reached) when this is called, before the first result
    is asked for, so that a caller's clock can start after it. The games go in chunks
    (:func:`chunk_size`), at most :data:`IN_FLIGHT_PER_CPU` chunks per CPU at a time, and
    results come as chunks finish.

    Where Ray runs:

    - this process's Ray session, if it has one (``ray.init()`` was called): the games use
      its CPUs, ``workers`` and ``address`` are not used, and the session is left running,
      so that many runs pay Ray's start-up (a few seconds) once;
    - else, with ``address``, the cluster there (``HOST:PORT``, ``ray://HOST:PORT`` or
      ``auto``), connected for the run;
    - else a local Ray with ``workers`` CPUs, started for the run and stopped after it.

    A chunk whose Ray task fails (its worker process died) is played again one game a
    task; a game whose task fails alone is recorded as failed, with Ray's reason.

    Raises:
        SimulationError: Ray is not installed, or the cluster cannot be reached.
    """
    ray = _import_ray()
    if ray.is_initialized():
        return _ray_stream(ray, tasks, _cluster_cpus(ray, workers), owned=False)
    _connect(ray, workers, address)
    cpus = workers if address is None else _cluster_cpus(ray, workers)
    _warm_up(ray, cpus)
    return _ray_stream(ray, tasks, cpus, owned=True)


def _ready(seconds: float) -> None:
    """A Ray worker that has imported the games (busy a moment, so each CPU gets one)."""
    time.sleep(seconds)


def _warm_up(ray: Any, cpus: int) -> None:
    # Ray starts its worker processes at their first task; each then imports crabrules.
    # Starting them here, before the run's clock, keeps start-up out of the throughput.
    ready = ray.remote(num_cpus=1)(_ready)
    ray.get([ready.remote(0.2) for _ in range(cpus)])


def _ray_stream(
    ray: Any, tasks: Sequence[Task], cpus: int, *, owned: bool
) -> Generator[GameResult, None, None]:
    """Results as chunks finish; ``owned``: the Ray session was started for this run."""
    size = chunk_size(len(tasks), cpus)
    chunks = collections.deque(tasks[i : i + size] for i in range(0, len(tasks), size))
    pending: dict[Any, Sequence[Task]] = {}
    try:
        # No retries by Ray: a chunk that kills its worker is split here instead.
        remote = ray.remote(num_cpus=1, max_retries=0)(run_ray_chunk)
        while chunks or pending:
            while chunks and len(pending) < cpus * IN_FLIGHT_PER_CPU:
                chunk = chunks.popleft()
                pending[remote.remote(chunk)] = chunk
            done, _ = ray.wait(list(pending), num_returns=1)
            for ref in done:
                chunk = pending.pop(ref)
                try:
                    results = ray.get(ref)
                except ray.exceptions.RayError as error:
                    if len(chunk) > 1:  # one game a task, first: only the culprit fails
                        chunks.extendleft([task] for task in reversed(chunk))
                        continue
                    results = [failed_result(chunk[0], f"WorkerDied: {_first_line(error)}")]
                yield from results
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
        if owned:
            ray.shutdown()


#: A terminal's colour codes, which Ray puts in its messages.
_COLOURS = re.compile(r"\x1b\[[0-9;]*m")


def _first_line(error: BaseException) -> str:
    """An exception's type and the first line of its message, without colour codes."""
    lines = _COLOURS.sub("", str(error)).strip().splitlines()
    return f"{type(error).__name__}: {lines[0]}" if lines else type(error).__name__


def _cluster_cpus(ray: Any, fallback: int) -> int:
    """The cluster's CPUs, as Ray counts them (``fallback`` if it says none)."""
    cpus = int(ray.cluster_resources().get("CPU", 0))
    return cpus if cpus > 0 else fallback


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
    port_ok = port.isascii() and port.isdigit() and len(port) <= 5 and int(port) <= 65535
    if not host or not port_ok:
        raise SimulationError(f"--ray-address: HOST:PORT or ray://HOST:PORT, not {address!r}")
    try:
        socket.create_connection((host, int(port)), timeout=PROBE_SECONDS).close()
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise SimulationError(f"cannot reach the Ray cluster at {address}: {reason}") from None


def _connect(ray: Any, workers: int, address: str | None) -> None:
    if address is not None:
        _probe(address)
    # Ray's own progress notes ("Started a local Ray instance") are not the user's business.
    quiet = {"log_to_driver": False, "logging_level": logging.WARNING}
    try:
        if address is None:
            # A local Ray for this run. Ray turns token authentication on by itself and says
            # so with a warning the user did nothing to cause: the secure default is kept,
            # the notice is not shown (a user's own RAY_AUTH_MODE still rules).
            notice = logging.getLogger(_AUTH_NOTICE)
            level = notice.level
            notice.setLevel(logging.ERROR)
            try:
                ray.init(num_cpus=workers, include_dashboard=False, **quiet)
            finally:
                notice.setLevel(level)
        else:
            ray.init(address=address, **quiet)
    except Exception as error:  # Ray raises several types here; each means "not reached"
        where = "a local Ray" if address is None else f"the Ray cluster at {address}"
        message = (
            str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        )
        raise SimulationError(f"cannot start or reach {where}: {message}") from None
