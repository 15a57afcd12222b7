"""Bulk simulation: many games between agents, on this machine's cores or a Ray cluster.

- :mod:`~crabrules.simulate.tasks`: one game as a task (:class:`Task`,
  :func:`run_task`), and the seeds and seats of game ``i``.
- :mod:`~crabrules.simulate.backends`: where the tasks run (processes or Ray).
- :mod:`~crabrules.simulate.processes`: the worker processes, and the game whose worker
  dies recorded as failed.
- :mod:`~crabrules.simulate.progress`: the progress line.
- :mod:`~crabrules.simulate.summary`: wins, draws, scores, lengths, with intervals.
- :mod:`~crabrules.simulate.runner`: :func:`simulate`, all of it together.

>>> run = simulate("oh-crab", games=2, agents=["plausible"], seed=1)
>>> [result.finished for result in run.results]
[True, True]
"""

from crabrules.simulate.backends import BACKENDS, SimulationError, process_results, ray_results
from crabrules.simulate.progress import Progress
from crabrules.simulate.runner import Run, read_result_line, result_line, simulate
from crabrules.simulate.summary import (
    Summary,
    Tally,
    bounded_interval,
    mean_interval,
    wilson_interval,
)
from crabrules.simulate.tasks import GameResult, Task, game_seed, lineup, run_task

__all__ = [
    "BACKENDS",
    "GameResult",
    "Progress",
    "Run",
    "SimulationError",
    "Summary",
    "Tally",
    "Task",
    "bounded_interval",
    "game_seed",
    "lineup",
    "mean_interval",
    "process_results",
    "ray_results",
    "read_result_line",
    "result_line",
    "run_task",
    "simulate",
    "wilson_interval",
]
