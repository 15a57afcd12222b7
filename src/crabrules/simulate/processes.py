"""The process backend: games on worker processes of this machine, which may die.

Each worker is a process with a pipe of its own: it is sent chunks of games and sends
back their results. A worker that dies (it exits, is killed, crashes) closes its end of
the pipe, so its death is seen at once, even in the middle of a result; the games it had
in hand are lost with it, and a fresh worker takes its place. The lost games are played
again, one game a chunk, which gives back every game but the one that kills its worker,
then each game still lost alone, in a process of its own, whose exit says how it died.
That game is recorded as failed with the reason (:func:`worker_died`). Stopping early
(Ctrl-C, the caller stopped) kills the workers. Nothing waits for a worker that is gone,
so a run never hangs on one.

The workers are not a ``concurrent.futures`` pool: there, a worker killed while sending
its results leaves half a message in the pipe all workers share, and the pool's reader
waits for the rest forever.

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
import contextlib
import multiprocessing
import signal
import time
from collections.abc import Generator, Sequence
from multiprocessing.connection import Connection, wait
from multiprocessing.context import DefaultContext

from crabrules.simulate.tasks import GameResult, Task, failed_result, run_task

__all__ = ["process_results", "worker_died"]

#: The most games in one chunk: a chunk lost with a dead worker is played again.
MAX_CHUNK = 64
#: Chunks per worker: enough to keep each busy to the end and the progress line moving.
CHUNKS_PER_WORKER = 32
#: Chunks sent and not yet answered per worker: enough to hide the hand-over, and a
#: bound on the games lost when a worker dies.
IN_FLIGHT_PER_WORKER = 2


def _ignore_interrupts() -> None:
    # Ctrl-C is the parent's to handle: it stops the workers and prints what finished.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_chunk(tasks: Sequence[Task]) -> list[GameResult]:
    """Play a chunk of games, one after another (one worker's task)."""
    return [run_task(task) for task in tasks]


def _serve(connection: Connection) -> None:
    """A worker's life: play each chunk it is sent, until it is sent ``None``."""
    _ignore_interrupts()
    try:
        while (chunk := connection.recv()) is not None:
            connection.send(run_chunk(chunk))
    except (EOFError, OSError):
        pass  # the parent is gone: so is the work


class _Worker:
    """A worker process, the parent's end of its pipe, and the chunks it has in hand."""

    def __init__(self, context: DefaultContext) -> None:
        self.connection, child = context.Pipe()
        self.process = context.Process(target=_serve, args=(child,), daemon=True)
        self.process.start()
        child.close()  # the child holds the other copy: its death ends the pipe here
        self.chunks: collections.deque[list[Task]] = collections.deque()

    def give(self, chunk: list[Task]) -> None:
        self.chunks.append(chunk)
        # If it died, its pipe says so to the wait for results, which loses the chunk.
        with contextlib.suppress(OSError):
            self.connection.send(chunk)

    def stop(self, *, kill: bool) -> None:
        if kill:
            self.process.kill()
        else:
            with contextlib.suppress(OSError):  # already gone
                self.connection.send(None)
        self.process.join()
        self.connection.close()


def process_results(tasks: Sequence[Task], workers: int) -> Generator[GameResult, None, None]:
    """Run ``tasks`` on ``workers`` worker processes; yield results as games finish.

    A game whose worker dies gives a failed result (:func:`worker_died`); the other games
    are played (see the module). Stopping the iteration early stops the workers.
    """
    size = max(1, min(MAX_CHUNK, len(tasks) // (workers * CHUNKS_PER_WORKER)))
    yield from _play(list(tasks), workers, size)


def _play(tasks: list[Task], workers: int, size: int) -> Generator[GameResult, None, None]:
    lost = yield from _crew(tasks, workers, size)
    if size > 1:
        yield from _play(lost, workers, 1)  # one game a chunk: all come back but one
    else:
        for task in lost:  # at most a few: each alone says whether it kills its process
            yield _alone(task)


def _crew(tasks: list[Task], workers: int, size: int) -> Generator[GameResult, None, list[Task]]:
    """Play ``tasks`` in chunks of ``size`` on ``workers`` workers.

    Returns the games lost with a worker that died.
    """
    chunks = collections.deque(tasks[i : i + size] for i in range(0, len(tasks), size))
    context = multiprocessing.get_context()
    crew = [_Worker(context) for _ in range(min(workers, len(chunks)))]
    lost: list[Task] = []
    try:
        while True:
            for worker in crew:
                while chunks and len(worker.chunks) < IN_FLIGHT_PER_WORKER:
                    worker.give(chunks.popleft())
            busy = [worker for worker in crew if worker.chunks]
            if not busy:
                return lost
            ready = wait([worker.connection for worker in busy])
            for worker in (worker for worker in busy if worker.connection in ready):
                try:
                    results: list[GameResult] = worker.connection.recv()
                except (EOFError, OSError):  # it died, perhaps in the middle of a result
                    lost += [task for chunk in worker.chunks for task in chunk]
                    worker.chunks.clear()
                    worker.stop(kill=True)
                    crew[crew.index(worker)] = _Worker(context)
                    continue
                worker.chunks.popleft()
                yield from results
    finally:
        # Stopped before the end (Ctrl-C, the caller stopped): the games in hand are not
        # wanted, so the workers are killed rather than waited for.
        early = any(worker.chunks for worker in crew)
        for worker in crew:
            worker.stop(kill=early)


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
    except (EOFError, OSError):
        pass  # it died before sending its result, or half-way through
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
