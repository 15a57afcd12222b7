"""The process backend: games on worker processes of this machine, which may die.

The games go in chunks to a pool of worker processes (``concurrent.futures``); a
worker that dies (it exits, is killed, crashes) breaks the pool, and the games it and the
others had in hand are lost with it. They are played again: first one game a task in a
fresh pool, which gives back every game but the one that kills its worker, then each game
still lost alone, in a process of its own, whose exit says how it died. That game is
recorded as failed with the reason (:func:`worker_died`); the other games go on in a
fresh pool. Nothing waits for a worker that is gone, so a run never hangs on one.

An agent's ``SystemExit``, or ``KeyboardInterrupt`` (a worker ignores Ctrl-C, which is
its parent's to handle), fails its game in the worker, as any exception does
(:func:`~crabrules.simulate.tasks.run_task`), and the worker lives on.

>>> from crabrules.simulate.tasks import Task, game_seed
>>> tasks = [
...     Task(i, "crab-stack", 2, ("plausible", "random"), game_seed(1, i), 500) for i in range(2)
... ]
>>> sorted(result.index for result in process_results(tasks, workers=1))
[0, 1]
"""

from __future__ import annotations

import collections
import multiprocessing
import signal
import time
from collections.abc import Generator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.connection import Connection

from crabrules.simulate.tasks import GameResult, Task, failed_result, run_task

__all__ = ["process_results", "worker_died"]

#: The most games in one chunk: a chunk lost with a dead worker is played again.
MAX_CHUNK = 64
#: Chunks per worker: enough to keep each busy to the end and the progress line moving.
CHUNKS_PER_WORKER = 32
#: Chunks waiting or running per worker: enough to hide the hand-over, and a bound on
#: the games lost when a worker dies.
IN_FLIGHT_PER_WORKER = 2

#: Results as they come, then the games lost with a dead worker and the games not sent.
_PoolRun = Generator[GameResult, None, tuple[list[Task], list[Task]]]


def _ignore_interrupts() -> None:
    # Ctrl-C is the parent's to handle: it stops the workers and prints what finished.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_chunk(tasks: Sequence[Task]) -> list[GameResult]:
    """Play a chunk of games, one after another (one worker's task)."""
    return [run_task(task) for task in tasks]


def process_results(tasks: Sequence[Task], workers: int) -> Generator[GameResult, None, None]:
    """Run ``tasks`` on ``workers`` worker processes; yield results as games finish.

    A game whose worker dies gives a failed result (:func:`worker_died`); the other games
    are played (see the module). Stopping the iteration early stops the workers.
    """
    size = max(1, min(MAX_CHUNK, len(tasks) // (workers * CHUNKS_PER_WORKER)))
    yield from _play(list(tasks), workers, size)


def _play(tasks: list[Task], workers: int, size: int) -> Generator[GameResult, None, None]:
    todo = tasks
    while todo:
        lost, todo = yield from _pool(todo, workers, size)
        if size > 1:
            yield from _play(lost, workers, 1)  # one game a task: all come back but one
        else:
            for task in lost:  # at most a few: each alone says whether it kills its process
                yield _alone(task)


def _pool(tasks: list[Task], workers: int, size: int) -> _PoolRun:
    """Play ``tasks`` in chunks of ``size`` on a fresh pool, until done or the pool breaks."""
    chunks = collections.deque(tasks[i : i + size] for i in range(0, len(tasks), size))
    context = multiprocessing.get_context()
    pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_ignore_interrupts)
    running: dict[Future[list[GameResult]], list[Task]] = {}
    broken = False
    try:
        while (chunks or running) and not broken:
            while chunks and len(running) < workers * IN_FLIGHT_PER_WORKER and not broken:
                try:
                    future = pool.submit(run_chunk, chunks[0])
                except BrokenProcessPool:
                    broken = True
                else:
                    running[future] = chunks.popleft()
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                try:
                    results = future.result()
                except BrokenProcessPool:
                    broken = True
                    continue
                del running[future]
                yield from results
    finally:
        _stop(pool, early=bool(chunks or running))
    lost = [task for chunk in running.values() for task in chunk]
    return lost, [task for chunk in chunks for task in chunk]


def _stop(pool: ProcessPoolExecutor, *, early: bool) -> None:
    if early:
        # Stopped before the end (Ctrl-C, the caller stopped, a worker died): the
        # workers' games are not wanted, so they are killed rather than waited for.
        # Python 3.14 names this; before, the pool's processes are its private _processes.
        kill = getattr(pool, "kill_workers", None)
        if kill is not None:
            kill()
        else:
            for process in list((getattr(pool, "_processes", None) or {}).values()):
                process.kill()
    pool.shutdown(wait=True, cancel_futures=True)


def _send_result(task: Task, sending: Connection) -> None:
    _ignore_interrupts()
    sending.send(run_task(task))
    sending.close()


def _alone(task: Task) -> GameResult:
    """Play ``task`` in a process of its own: its result, or how the process died."""
    context = multiprocessing.get_context()
    receiving, sending = context.Pipe(duplex=False)
    process = context.Process(target=_send_result, args=(task, sending))
    start = time.perf_counter()
    process.start()
    sending.close()  # the child holds the other copy: its death ends the pipe here
    result: GameResult | None = None
    try:
        result = receiving.recv()
    except EOFError:
        pass  # it died before sending a result
    except BaseException:
        process.kill()  # Ctrl-C, or the caller stopped: the game is not wanted
        raise
    finally:
        receiving.close()
        process.join()
    if result is not None:
        return result
    return worker_died(task, process.exitcode, time.perf_counter() - start)


def worker_died(task: Task, exitcode: int | None, seconds: float = 0.0) -> GameResult:
    """The failed result of a game whose process died with ``exitcode``.

    Its actions are lost with the process: the record holds none.

    >>> from crabrules.simulate.tasks import game_seed
    >>> task = Task(0, "crab-stack", 2, ("random", "random"), game_seed(1, 0), 500)
    >>> "killed by signal SIGKILL" in worker_died(task, -9).error
    True
    >>> worker_died(task, 3).error
    'WorkerDied: the process playing this game exited with status 3'
    """
    if exitcode is not None and exitcode < 0:
        try:
            name = signal.Signals(-exitcode).name
        except ValueError:
            name = str(-exitcode)
        how = f"was killed by signal {name}"
        if name == "SIGKILL":
            how += " (as the out-of-memory killer does)"
    else:
        how = f"exited with status {exitcode}"
    return failed_result(task, f"WorkerDied: the process playing this game {how}", (), seconds)
